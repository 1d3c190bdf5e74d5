/* shim_yield.c - libskelshim-yield.so: make MPICH give the CPU away while it
 * waits, for runs with more ranks than cores.
 *
 * MPICH 4.0.2 ch4:ucx busy-polls inside blocking calls and ignores every
 * setting that should make it yield: with 4 ranks on 2 cores an Allreduce of
 * one double takes milliseconds instead of microseconds, because a rank that
 * waits burns the time slice of the rank it waits for.  This preload library
 * turns the blocking calls below into their nonblocking form followed by a
 * loop of PMPI_Test (or Testall/Testany/Testsome/Iprobe) and sched_yield():
 *   Send Ssend Bsend Rsend Recv Sendrecv Probe Wait Waitall Waitany Waitsome
 *   Barrier Bcast Reduce Allreduce Alltoall Alltoallv Allgather Allgatherv
 *   Gather Gatherv Scatter Scatterv Reduce_scatter Reduce_scatter_block
 *   Scan Exscan
 * Results and statuses are those of the nonblocking forms, which MPI defines
 * to be the same.
 *
 * Every other wait (one-sided synchronisation: fences, starts, completes,
 * locks and flushes; Sendrecv_replace, the large count _c variants, ...) and
 * the test loops above spin in MPICH's progress engine, which polls UCX with
 * ucp_worker_progress: this library defines that function too, calls the
 * real one (RTLD_NEXT) and gives the core away with sched_yield() after
 * PROGRESS_IDLE_POLLS consecutive polls that progressed nothing.  Measured
 * (docs/predictions.md, "The yield shim and one-sided waits"): before it,
 * the corpus programs pscw and onesided ran 50-150x slower with both ranks
 * on one core than on two, a rank spinning in MPI_Win_complete or
 * MPI_Win_lock for a whole time slice while the rank it waited for could
 * not run.  An MPICH that does not use UCX never calls it: there the
 * one-sided calls still spin.
 *
 * Beneath other tools: every call is defined twice, as MPI_X (programs
 * without a tool) and PMPI_X (a PMPI tool preloaded before this library,
 * such as Skel's tracer, calls PMPI_X from its MPI_X wrapper); the
 * nonblocking and test calls used inside are PMPI ones, which neither this
 * library nor such a tool defines, so a tool sees each application call once.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_NEXT */
#endif
#include <dlfcn.h>
#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

static int wait_one(MPI_Request *req, MPI_Status *st)
{
    int flag = 0;
    for (;;) {
        int rc = PMPI_Test(req, &flag, st);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        sched_yield();
    }
}

/* Exported twice: MPI_name and PMPI_name, both calling y_name. */
#define EXPORT(name, params, args)                                                                 \
    int MPI_##name params;                                                                         \
    int PMPI_##name params;                                                                        \
    int MPI_##name params                                                                          \
    {                                                                                              \
        return y_##name args;                                                                      \
    }                                                                                              \
    int PMPI_##name params                                                                         \
    {                                                                                              \
        return y_##name args;                                                                      \
    }

/* ---- point to point ------------------------------------------------------ */

static int y_Send(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm)
{
    MPI_Request r;
    int rc = PMPI_Isend(b, c, t, d, tag, cm, &r);
    return rc != MPI_SUCCESS ? rc : wait_one(&r, MPI_STATUS_IGNORE);
}
EXPORT(Send, (const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm),
       (b, c, t, d, tag, cm))

static int y_Ssend(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm)
{
    MPI_Request r;
    int rc = PMPI_Issend(b, c, t, d, tag, cm, &r);
    return rc != MPI_SUCCESS ? rc : wait_one(&r, MPI_STATUS_IGNORE);
}
EXPORT(Ssend, (const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm),
       (b, c, t, d, tag, cm))

static int y_Bsend(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm)
{
    MPI_Request r;
    int rc = PMPI_Ibsend(b, c, t, d, tag, cm, &r);
    return rc != MPI_SUCCESS ? rc : wait_one(&r, MPI_STATUS_IGNORE);
}
EXPORT(Bsend, (const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm),
       (b, c, t, d, tag, cm))

static int y_Rsend(const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm)
{
    MPI_Request r;
    int rc = PMPI_Irsend(b, c, t, d, tag, cm, &r);
    return rc != MPI_SUCCESS ? rc : wait_one(&r, MPI_STATUS_IGNORE);
}
EXPORT(Rsend, (const void *b, int c, MPI_Datatype t, int d, int tag, MPI_Comm cm),
       (b, c, t, d, tag, cm))

static int y_Recv(void *b, int c, MPI_Datatype t, int s, int tag, MPI_Comm cm, MPI_Status *st)
{
    MPI_Request r;
    int rc = PMPI_Irecv(b, c, t, s, tag, cm, &r);
    return rc != MPI_SUCCESS ? rc : wait_one(&r, st);
}
EXPORT(Recv, (void *b, int c, MPI_Datatype t, int s, int tag, MPI_Comm cm, MPI_Status *st),
       (b, c, t, s, tag, cm, st))

static int y_Sendrecv(const void *sb, int sc, MPI_Datatype st_, int d, int stag, void *rb, int rcn,
                      MPI_Datatype rt, int s, int rtag, MPI_Comm cm, MPI_Status *st)
{
    MPI_Request r[2];
    int rc = PMPI_Irecv(rb, rcn, rt, s, rtag, cm, &r[0]);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = PMPI_Isend(sb, sc, st_, d, stag, cm, &r[1]);
    if (rc != MPI_SUCCESS) {
        PMPI_Cancel(&r[0]);
        PMPI_Request_free(&r[0]);
        return rc;
    }
    rc = wait_one(&r[1], MPI_STATUS_IGNORE);
    int rc2 = wait_one(&r[0], st);
    if (s == MPI_PROC_NULL && st != MPI_STATUS_IGNORE) {
        /* MPI's empty status, which MPICH's test of a receive from
         * MPI_PROC_NULL does not fill in. */
        st->MPI_SOURCE = MPI_PROC_NULL;
        st->MPI_TAG = MPI_ANY_TAG;
        PMPI_Status_set_elements(st, MPI_BYTE, 0);
    }
    return rc != MPI_SUCCESS ? rc : rc2;
}
EXPORT(Sendrecv,
       (const void *sb, int sc, MPI_Datatype st_, int d, int stag, void *rb, int rcn,
        MPI_Datatype rt, int s, int rtag, MPI_Comm cm, MPI_Status *st),
       (sb, sc, st_, d, stag, rb, rcn, rt, s, rtag, cm, st))

static int y_Probe(int s, int tag, MPI_Comm cm, MPI_Status *st)
{
    int flag = 0;
    for (;;) {
        int rc = PMPI_Iprobe(s, tag, cm, &flag, st);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        sched_yield();
    }
}
EXPORT(Probe, (int s, int tag, MPI_Comm cm, MPI_Status *st), (s, tag, cm, st))

/* ---- completion --------------------------------------------------------- */

static int y_Wait(MPI_Request *r, MPI_Status *st)
{
    return wait_one(r, st);
}
EXPORT(Wait, (MPI_Request * r, MPI_Status *st), (r, st))

static int y_Waitall(int n, MPI_Request r[], MPI_Status st[])
{
    int flag = 0;
    for (;;) {
        int rc = PMPI_Testall(n, r, &flag, st);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        sched_yield();
    }
}
EXPORT(Waitall, (int n, MPI_Request r[], MPI_Status st[]), (n, r, st))

static int y_Waitany(int n, MPI_Request r[], int *idx, MPI_Status *st)
{
    int flag = 0;
    for (;;) {
        int rc = PMPI_Testany(n, r, idx, &flag, st);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        sched_yield();
    }
}
EXPORT(Waitany, (int n, MPI_Request r[], int *idx, MPI_Status *st), (n, r, idx, st))

static int y_Waitsome(int n, MPI_Request r[], int *outc, int idx[], MPI_Status st[])
{
    for (;;) {
        int rc = PMPI_Testsome(n, r, outc, idx, st);
        if (rc != MPI_SUCCESS || *outc != 0) /* MPI_UNDEFINED: nothing active */
            return rc;
        sched_yield();
    }
}
EXPORT(Waitsome, (int n, MPI_Request r[], int *outc, int idx[], MPI_Status st[]),
       (n, r, outc, idx, st))

/* ---- collectives ---------------------------------------------------------- */

/* Start the nonblocking form, then wait for it politely. */
#define NB(call)                                                                                   \
    do {                                                                                           \
        MPI_Request r_;                                                                            \
        int rc_ = call;                                                                            \
        return rc_ != MPI_SUCCESS ? rc_ : wait_one(&r_, MPI_STATUS_IGNORE);                        \
    } while (0)

static int y_Barrier(MPI_Comm cm)
{
    NB(PMPI_Ibarrier(cm, &r_));
}
EXPORT(Barrier, (MPI_Comm cm), (cm))

static int y_Bcast(void *b, int c, MPI_Datatype t, int root, MPI_Comm cm)
{
    NB(PMPI_Ibcast(b, c, t, root, cm, &r_));
}
EXPORT(Bcast, (void *b, int c, MPI_Datatype t, int root, MPI_Comm cm), (b, c, t, root, cm))

static int y_Reduce(const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, int root,
                    MPI_Comm cm)
{
    NB(PMPI_Ireduce(sb, rb, c, t, op, root, cm, &r_));
}
EXPORT(Reduce, (const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm),
       (sb, rb, c, t, op, root, cm))

static int y_Allreduce(const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, MPI_Comm cm)
{
    NB(PMPI_Iallreduce(sb, rb, c, t, op, cm, &r_));
}
EXPORT(Allreduce, (const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, MPI_Comm cm),
       (sb, rb, c, t, op, cm))

static int y_Alltoall(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                      MPI_Comm cm)
{
    NB(PMPI_Ialltoall(sb, sc, st, rb, rc, rt, cm, &r_));
}
EXPORT(Alltoall,
       (const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm cm),
       (sb, sc, st, rb, rc, rt, cm))

static int y_Alltoallv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb,
                       const int rc[], const int rd[], MPI_Datatype rt, MPI_Comm cm)
{
    NB(PMPI_Ialltoallv(sb, sc, sd, st, rb, rc, rd, rt, cm, &r_));
}
EXPORT(Alltoallv,
       (const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, const int rc[],
        const int rd[], MPI_Datatype rt, MPI_Comm cm),
       (sb, sc, sd, st, rb, rc, rd, rt, cm))

static int y_Allgather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                       MPI_Comm cm)
{
    NB(PMPI_Iallgather(sb, sc, st, rb, rc, rt, cm, &r_));
}
EXPORT(Allgather,
       (const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm cm),
       (sb, sc, st, rb, rc, rt, cm))

static int y_Allgatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                        const int rd[], MPI_Datatype rt, MPI_Comm cm)
{
    NB(PMPI_Iallgatherv(sb, sc, st, rb, rc, rd, rt, cm, &r_));
}
EXPORT(Allgatherv,
       (const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int rd[],
        MPI_Datatype rt, MPI_Comm cm),
       (sb, sc, st, rb, rc, rd, rt, cm))

static int y_Gather(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                    int root, MPI_Comm cm)
{
    NB(PMPI_Igather(sb, sc, st, rb, rc, rt, root, cm, &r_));
}
EXPORT(Gather,
       (const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
        MPI_Comm cm),
       (sb, sc, st, rb, rc, rt, root, cm))

static int y_Gatherv(const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[],
                     const int rd[], MPI_Datatype rt, int root, MPI_Comm cm)
{
    NB(PMPI_Igatherv(sb, sc, st, rb, rc, rd, rt, root, cm, &r_));
}
EXPORT(Gatherv,
       (const void *sb, int sc, MPI_Datatype st, void *rb, const int rc[], const int rd[],
        MPI_Datatype rt, int root, MPI_Comm cm),
       (sb, sc, st, rb, rc, rd, rt, root, cm))

static int y_Scatter(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,
                     int root, MPI_Comm cm)
{
    NB(PMPI_Iscatter(sb, sc, st, rb, rc, rt, root, cm, &r_));
}
EXPORT(Scatter,
       (const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root,
        MPI_Comm cm),
       (sb, sc, st, rb, rc, rt, root, cm))

static int y_Scatterv(const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb,
                      int rc, MPI_Datatype rt, int root, MPI_Comm cm)
{
    NB(PMPI_Iscatterv(sb, sc, sd, st, rb, rc, rt, root, cm, &r_));
}
EXPORT(Scatterv,
       (const void *sb, const int sc[], const int sd[], MPI_Datatype st, void *rb, int rc,
        MPI_Datatype rt, int root, MPI_Comm cm),
       (sb, sc, sd, st, rb, rc, rt, root, cm))

static int y_Reduce_scatter(const void *sb, void *rb, const int rc[], MPI_Datatype t, MPI_Op op,
                            MPI_Comm cm)
{
    NB(PMPI_Ireduce_scatter(sb, rb, rc, t, op, cm, &r_));
}
EXPORT(Reduce_scatter,
       (const void *sb, void *rb, const int rc[], MPI_Datatype t, MPI_Op op, MPI_Comm cm),
       (sb, rb, rc, t, op, cm))

static int y_Reduce_scatter_block(const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op,
                                  MPI_Comm cm)
{
    NB(PMPI_Ireduce_scatter_block(sb, rb, rc, t, op, cm, &r_));
}
EXPORT(Reduce_scatter_block,
       (const void *sb, void *rb, int rc, MPI_Datatype t, MPI_Op op, MPI_Comm cm),
       (sb, rb, rc, t, op, cm))

static int y_Scan(const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, MPI_Comm cm)
{
    NB(PMPI_Iscan(sb, rb, c, t, op, cm, &r_));
}
EXPORT(Scan, (const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, MPI_Comm cm),
       (sb, rb, c, t, op, cm))

static int y_Exscan(const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, MPI_Comm cm)
{
    NB(PMPI_Iexscan(sb, rb, c, t, op, cm, &r_));
}
EXPORT(Exscan, (const void *sb, void *rb, int c, MPI_Datatype t, MPI_Op op, MPI_Comm cm),
       (sb, rb, c, t, op, cm))

/* ---- MPICH's progress engine --------------------------------------------- */

/* A few microseconds of idle polling (a poll costs ~0.1 us here) before the
 * core is given away; sched_yield() with nothing else to run returns at once.
 * On pscw and onesided, 1, 8 and 64 polls gave times within the runs' noise
 * on one core and on two (0.04-0.10 s); 512 was 3-5x slower on one core. */
enum { PROGRESS_IDLE_POLLS = 16 };

typedef unsigned (*progress_fn)(void *);
static progress_fn real_progress;
static _Thread_local unsigned idle_polls;

unsigned ucp_worker_progress(void *worker);
unsigned ucp_worker_progress(void *worker)
{
    progress_fn f = __atomic_load_n(&real_progress, __ATOMIC_ACQUIRE);
    if (f == NULL) {
        /* POSIX lets dlsym's result be cast to a function pointer. */
        void *sym = dlsym(RTLD_NEXT, "ucp_worker_progress");
        if (sym == NULL) {
            fprintf(stderr, "libskelshim-yield: ucp_worker_progress called but not found "
                            "beneath the shim\n");
            abort();
        }
        f = (progress_fn)sym;
        __atomic_store_n(&real_progress, f, __ATOMIC_RELEASE);
    }
    unsigned n = f(worker);
    if (n != 0)
        idle_polls = 0;
    else if (++idle_polls >= PROGRESS_IDLE_POLLS) {
        idle_polls = 0;
        sched_yield();
    }
    return n;
}
