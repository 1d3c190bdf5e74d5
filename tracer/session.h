/* session.h - one tracing session per process: from MPI_Init (or the first
 * traced call, when the application initialised MPI behind our back, as
 * Fortran's mpi_f08 does) to MPI_Finalize, MPI_Abort, exit or a fatal signal.
 *
 * The session owns the trace writer and the metadata file; record.c owns the
 * handle tables and turns calls into events.  All state is process-global and
 * guarded by skel_tr_lock() when the application runs MPI_THREAD_MULTIPLE.
 */
#ifndef SKEL_SESSION_H
#define SKEL_SESSION_H

#include <mpi.h>
#include <stdint.h>

#include "writer.h"

struct skel_tr_session {
    skel_writer *w;
    int rank, nranks;
    int thread_level;    /* MPI_THREAD_* provided */
    int multiple;        /* lock around the writer */
    MPI_Comm comm;       /* the tracer's own duplicate of MPI_COMM_WORLD */
    uint64_t t_loaded; /* when the library was loaded */
    uint64_t t_init, unix_init_ns;
    char dir[4096];
    char host[256];
    char library[1024];
    int mpi_version, mpi_subversion;
    uint64_t nevents;
    uint64_t overhead_sum_ns, overhead_samples; /* sampled cost of recording */
    uint64_t call_ns; /* the tracer's own time inside every call's [t0, t1] (calibrated) */
    uint64_t sync_ns;    /* time spent in clock synchronisation */
    int64_t offset_init_ns, offset_fini_ns;
    uint64_t rtt_init_ns, rtt_fini_ns;
};

extern struct skel_tr_session skel_tr_s;

/* Start tracing after PMPI_Init*() returned (provided = thread level).
 * Returns 0 when tracing could not start (the application runs untraced and
 * the reason is printed once on stderr). */
int skel_tr_start(int provided);

/* Stop cleanly before PMPI_Finalize: clock sync, end record, metadata. */
void skel_tr_stop(void);

/* Abnormal ends. */
void skel_tr_abort(int errorcode);

/* Only MPI_THREAD_MULTIPLE needs the lock; the test stays inline. */
#include <pthread.h>
extern pthread_mutex_t skel_tr_mutex;
static inline void skel_tr_lock(void)
{
    if (skel_tr_s.multiple)
        pthread_mutex_lock(&skel_tr_mutex);
}
static inline void skel_tr_unlock(void)
{
    if (skel_tr_s.multiple)
        pthread_mutex_unlock(&skel_tr_mutex);
}

/* Report a tracer failure once and stop tracing (the application goes on). */
void skel_tr_disable(const char *why);

#endif
