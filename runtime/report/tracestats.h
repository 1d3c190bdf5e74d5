/* tracestats.h - what a trace holds, counted: per rank and call, the number
 * of calls, bytes and time; time in MPI and in compute; the tracer's own cost;
 * and whether the ranks' streams fit together (every message received, every
 * request completed).  Used by `skel stats`, `skel trace` and the tests.
 *
 * Ownership: skel_tracestats() fills a caller-owned struct whose arrays it
 * allocates; skel_tracestats_free() releases them.
 */
#ifndef SKEL_TRACESTATS_H
#define SKEL_TRACESTATS_H

#include <stdint.h>

#include "trace.h"

struct skel_callstat {
    uint64_t count;
    uint64_t bytes;   /* sent / written (never the buffer a receive posts) */
    uint64_t rbytes;  /* received / read; what a nonblocking receive gets is
                         counted under the Wait/Test call that completed it */
    uint64_t time_ns; /* inside the call */
};

struct skel_rankstat {
    uint32_t rank;
    int present;       /* the rank wrote a file */
    int truncated;     /* its stream has no clean end */
    int signal;        /* signal that ended it, 0 if none */
    int abort_code;    /* MPI_Abort error code, -1 if none */
    int ending;        /* how its stream ends (enum skel_ending) */
    char error[512];   /* damage report when the stream is damaged, else "" */
    uint64_t nevents;
    uint64_t t_first, t_last; /* first start, last end (rank clock) */
    uint64_t mpi_ns;          /* sum of call durations */
    uint64_t compute_wall_ns, compute_cpu_ns;
    uint64_t overhead_ns;     /* the tracer's own cost (end record), 0 if unknown */
    uint64_t per_event_ns;
    uint64_t file_bytes;
    int fortran_events;
    struct skel_callstat calls[SKEL_CALL_LIMIT];
};

struct skel_tracestats {
    uint32_t nranks;
    struct skel_rankstat *ranks;
    struct skel_rankstat total; /* rank field unused; t_first/t_last span all ranks */
    /* From the replay (only when asked to check). */
    int checked;
    int consistent;  /* the replay completed */
    char check_error[1024];
    uint64_t messages, collectives, pending_requests, unmatched_sends;
};

/* Count a trace; with check, also replay it (costs a second pass). */
int skel_tracestats(const skel_trace *t, int check, struct skel_tracestats *st);
void skel_tracestats_free(struct skel_tracestats *st);

#endif
