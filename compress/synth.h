/* synth.h - synthetic traces of regular MPI programs, written with the trace
 * writer, for the compression tests and benchmarks (millions of events, many
 * ranks, known structure) without running MPI.
 *
 * Every pattern produces a complete trace directory (meta + one rank file per
 * rank) that skel_trace_open() reads like a traced run: MPI_Init first,
 * MPI_Finalize last, sequential request ids, call sites in one module, and
 * deterministic timing (a per-iteration compute gap with a reproducible
 * pseudo-random jitter).  The same options always give the same files.
 *
 * Ownership: nothing is kept after skel_synth_write() returns.
 */
#ifndef SKEL_SYNTH_H
#define SKEL_SYNTH_H

#include <stddef.h>
#include <stdint.h>

enum skel_synth_pattern {
    /* 2-D halo exchange on a non-periodic Cartesian grid (MPI_Cart_create):
     * per iteration 4 MPI_Irecv + 4 MPI_Isend (MPI_PROC_NULL across the
     * border, or no call there with skip_border), one MPI_Waitall on the
     * requests, and an MPI_Allreduce every `reduce_every` iterations; a
     * final MPI_Reduce to rank 0.  With `graph`, the grid's neighbours are
     * also made a distributed graph communicator (one
     * MPI_Dist_graph_create_adjacent after MPI_Cart_create, its record
     * listing each rank's neighbours), which no later call uses. */
    SKEL_SYNTH_STENCIL = 1,
    /* Task farm, rank 0 the master: workers send a request (tag 1) and
     * receive tasks (tag 2) or a stop (tag 3); the master receives from
     * MPI_ANY_SOURCE and answers the actual source.  Tasks go round-robin,
     * `iterations` tasks per worker; a final MPI_Gather to rank 0.  With
     * `poll` > 0 the master receives with MPI_Irecv and polls with MPI_Test,
     * sleeping between tests, a varying number of times (1 to `poll` that
     * find nothing) as mw.c's master does; with `poll_busy` it computes
     * between its tests instead of sleeping. */
    SKEL_SYNTH_MASTER_WORKER = 2,
    /* Periodic ring: per iteration one MPI_Sendrecv to the right neighbour
     * from the left one, and an inner loop of `inner` MPI_Bcast from rank 0;
     * an MPI_Allreduce every `reduce_every` iterations.  With `threads` = 2
     * (MPI_THREAD_MULTIPLE), two threads each make the ring's MPI_Sendrecv
     * and MPI_Allreduce on a communicator of their own (two MPI_Comm_dup
     * first, slots 2 and 3) at the same time, thread 0 starting first; rank
     * r's file holds thread r % 2's calls first (their ends), so
     * neighbouring ranks' files hold the threads in opposite orders; the
     * inner MPI_Bcast are thread 0's, after both. */
    SKEL_SYNTH_RING = 3,
};

typedef struct skel_synth_opts {
    enum skel_synth_pattern pattern;
    uint32_t nranks;       /* >= 1 (master/worker: >= 2) */
    uint64_t iterations;   /* outer iterations (tasks per worker for master/worker) */
    uint32_t reduce_every; /* 0: never */
    uint32_t inner;        /* ring: inner loop length */
    uint32_t threads;      /* ring: 0 or 1, or 2 threads calling MPI at once */
    uint32_t poll;         /* master/worker: the master polls (see above) */
    int poll_busy;         /* master/worker: ... and computes between polls */
    int skip_border;       /* stencil: border ranks skip the calls to MPI_PROC_NULL */
    int graph;             /* stencil: also a distributed graph communicator (above) */
    uint64_t bytes;        /* message size before jitter */
    double bytes_jitter;   /* sizes are bytes * (1 + u * jitter), u uniform in [-1, 1] */
    uint64_t gap_ns;       /* compute time per iteration before jitter */
    double gap_jitter;     /* relative jitter of compute times, in [0, 1) */
    uint32_t slow_rank;    /* stencil: this rank computes slow_factor times gap_ns per */
    double slow_factor;    /* iteration (0: every rank gap_ns) */
    uint64_t seed;
    size_t bufsize; /* writer buffer (0: 1 MiB) */
} skel_synth_opts;

/* Fill o with a small stencil: 4 ranks, 100 iterations, 1 KiB messages. */
void skel_synth_defaults(skel_synth_opts *o);

/* Write the trace directory dir (created if absent; existing rank files and
 * meta are overwritten).  SKEL_EUSAGE for impossible options. */
int skel_synth_write(const char *dir, const skel_synth_opts *o);

/* Number of events each rank's file holds for these options (for tests). */
uint64_t skel_synth_events(const skel_synth_opts *o, uint32_t rank);

#endif
