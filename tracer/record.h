/* record.h - the tracer's per-call path, shared by the generated wrappers
 * (build/tracer/gen/skel_wrappers.c) and the hand-written ones (irregular.c).
 *
 * Every wrapper does:
 *     struct skel_tr_call c;
 *     if (!skel_tr_enter(&c, SKEL_CALL_MPI_X, __builtin_return_address(0)))
 *         return PMPI_X(...);          // not tracing, or nested inside a wrapper
 *     int rc = PMPI_X(...);
 *     skel_tr_leave(&c);               // end time stamp
 *     c.<field> = <argument>; ...      // capture by parameter kind
 *     skel_tr_commit(&c, rc);          // the one real handler (tracer.c)
 *
 * enter/leave are inline and cheap: one time stamp each (clock.h), plus a
 * thread CPU clock read only around long compute gaps and long calls (see
 * session.c and docs/trace-format.md: "Per-call cost").  Everything else
 * happens in skel_tr_commit (record.c).
 */
#ifndef SKEL_RECORD_H
#define SKEL_RECORD_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "calls.h"
#include "clock.h"
#include "wset.h"

/* Per-thread tracer state (thread-local). */
struct skel_tr_thread {
    uint32_t index;    /* 0 for the first thread seen, then 1, 2... */
    uint32_t depth;    /* > 0 while inside a wrapper: nested MPI calls are not traced */
    uint64_t prev_end; /* monotonic ns when the previous traced call returned */
    uint64_t cpu_ref;  /* thread CPU ns at the last CPU sample */
    uint64_t wall_ref; /* monotonic ns at the last CPU sample */
    const void *fsite; /* call site handed down by a Fortran wrapper, or NULL */
    uint32_t seq;      /* calls recorded by this thread (for overhead sampling) */
    int sleepy;        /* the latest sampled gap was mostly off the CPU */
    int ready;
    int external;         /* this call is on a communicator outside the world (record.c) */
    struct skel_tr_ws ws; /* working-set sampling (wset.h) */
};

/* Arguments of one call, captured raw; skel_tr_commit interprets them
 * according to the call's class and shape. */
struct skel_tr_call {
    uint16_t call;
    const void *site;
    struct skel_tr_thread *t;
    uint64_t t0, t1;
    uint64_t gap_wall, gap_cpu;

    /* Outputs and arrays: read through, never compared. */
    MPI_Comm *newcomm;
    /* Per-peer counts of a v- or w-collective: ints, or MPI_Counts for the
     * large-count variants of MPI 4.0 (MPI_Alltoallv_c). */
    struct skel_tr_counts {
        const int *i;
        const MPI_Count *c;
    } scounts, rcounts;
    const MPI_Datatype *sdts, *rdts;
    MPI_Request *reqp;
    MPI_Status *status;
    int *flagp;
    MPI_Message *msgp;
    MPI_Message msg;
    MPI_File fh;
    MPI_File *fhp;
    MPI_Win win;
    MPI_Win *winp;
    MPI_Group group; /* GROUP (MPI_Win_post, MPI_Win_start) */
    /* Writes to a file (set by every write's wrapper): the explicit offset,
     * or the individual file pointer before the call, in etypes of the view. */
    MPI_Offset offset;
    int has_offset;

    /* The key, from comm to inplace: the scalar arguments that decide an
     * event's fields.  A call whose key equals that of the previous call at
     * its site repeats that call's fields (record.c: "repeated calls").
     * skel_tr_enter zeroes it, so that what a wrapper does not set compares
     * equal. */
    MPI_Comm comm;
    MPI_Datatype dt, sdt, rdt;
    MPI_Op op;
    long long count, scount, rcount; /* MPI_Count in the large-count variants */
    int dest, src, tag, rtag, root, target;
    int parts; /* a partitioned send or receive: its partitions, count in each */
    int inplace;
};
#define SKEL_TR_KEY_OFF offsetof(struct skel_tr_call, comm)
#define SKEL_TR_KEY_LEN (offsetof(struct skel_tr_call, inplace) + sizeof(int) - SKEL_TR_KEY_OFF)

/* Session state: 0 not started yet, 1 tracing, 2 stopped (after MPI_Finalize,
 * MPI_Abort, a fatal signal or a tracer failure). */
extern volatile int skel_tr_active;
/* Start a session if the application initialised MPI without our MPI_Init
 * wrapper seeing it (Fortran mpi_f08).  Returns 1 when tracing. */
int skel_tr_lazy_start(void);
/* CPU sampling: gaps and calls shorter than skel_tr_cpu_sample_ns
 * (SKEL_TRACE_CPU_SAMPLE_US) are never sampled; longer ones are, when the
 * thread's latest sampled gap was mostly off the CPU (it polls with sleeps,
 * blocks: every such gap is measured) or the latest sample is at least
 * skel_tr_cpu_period_ns old (a computing thread: samples are spaced so that
 * their cost stays a small share of the run; see session.c). */
extern uint64_t skel_tr_cpu_sample_ns, skel_tr_cpu_period_ns;

struct skel_tr_thread *skel_tr_thread_slow(void);
extern __thread struct skel_tr_thread skel_tr_self __attribute__((tls_model("initial-exec")));

static inline uint64_t skel_tr_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The rare part of skel_tr_enter (record.c): a gap long enough to sample
 * the thread's CPU clock, or a working-set watch to end.  Returns the call's
 * start time. */
uint64_t skel_tr_enter_slow(struct skel_tr_call *c, struct skel_tr_thread *t, uint64_t now);

/* Start recording a call.  Returns 0 when the call must not be recorded
 * (tracing off, or nested inside another wrapper).  Inline in every wrapper
 * (a call of its own cost ~20 instructions of entry and exit); the long-gap
 * work is out of line. */
static inline __attribute__((always_inline)) int skel_tr_enter(struct skel_tr_call *c, int call,
                                                               const void *site)
{
    struct skel_tr_thread *t = &skel_tr_self;
    if (__builtin_expect(skel_tr_active != 1, 0) &&
        (skel_tr_active != 0 || t->depth != 0 || !skel_tr_lazy_start()))
        return 0;
    if (t->depth != 0)
        return 0;
    if (__builtin_expect(!t->ready, 0))
        t = skel_tr_thread_slow();
    t->depth++;
    c->call = (uint16_t)call;
    c->site = t->fsite != NULL ? t->fsite : site;
    c->t = t;
    uint64_t now = skel_tr_now();
    uint64_t gap = now > t->prev_end ? now - t->prev_end : 0;
    c->gap_wall = gap;
    c->gap_cpu = gap; /* short gaps: the thread computed all along */
    if (__builtin_expect(gap >= skel_tr_cpu_sample_ns || t->ws.armed, 0))
        now = skel_tr_enter_slow(c, t, now);
    c->t0 = now;
    /* Fields the handler reads for every call; the rest are read only for
     * the calls whose wrappers set them. */
    memset(&c->comm, 0, SKEL_TR_KEY_LEN);
    c->reqp = NULL;
    c->status = NULL;
    c->flagp = NULL;
    c->msgp = NULL;
    c->newcomm = NULL;
    c->fhp = NULL;
    c->winp = NULL;
    return 1;
}

static inline void skel_tr_leave(struct skel_tr_call *c)
{
    c->t1 = skel_tr_now();
    if (__builtin_expect(c->t1 < c->t0, 0)) /* never, short of a TSC out of step */
        c->t1 = c->t0;
    if (c->t1 - c->t0 >= skel_tr_cpu_sample_ns &&
        (c->t->sleepy || c->t1 - c->t->wall_ref >= skel_tr_cpu_period_ns)) {
        /* A long call may have blocked without using the CPU: take a new
         * reference so that it does not count as busy for the next gap. */
        c->t->cpu_ref = skel_tr_cpu_now();
        c->t->wall_ref = c->t1;
    }
}

/* The handler: interprets c, writes the event, bookkeeping of requests and
 * communicators.  Always decrements the nesting depth. */
void skel_tr_commit(struct skel_tr_call *c, int rc);
/* The individual file pointer of fh into *off before a write moves it: 1,
 * or 0 where the file has none (MPI_MODE_SEQUENTIAL, where the write itself
 * is erroneous: the application's call, not ours, then reports it). */
int skel_tr_file_position(MPI_File fh, MPI_Offset *off);

/* Helpers for the hand-written wrappers (irregular.c); call with the lock held. */
#include "event.h"
/* Write ev (already filled with the call's fields) with c's times and site. */
void skel_tr_commit_event(struct skel_tr_call *c, skel_event *ev, int rc);
uint32_t skel_tr_comm_index(MPI_Comm comm);
int32_t skel_tr_world_rank(uint32_t comm_index, int rank);
/* Request handle -> trace id (0 if unknown), with its communicator and class. */
uint64_t skel_tr_req_id(MPI_Request h, uint32_t *comm, int *klass, int *persistent);
/* A request was freed, was cancelled. */
void skel_tr_req_free(MPI_Request h);
void skel_tr_req_cancelled(MPI_Request h);
/* Request h completed: describe it in *cp (status may be NULL for sends;
 * cp->req is 0 for a request the tracer does not know) and drop it from the
 * table unless it is persistent.  Returns 1 when the request completed with
 * the next one of its handle (the send of an MPI_Isendrecv, irregular.c),
 * which the caller then completes too (status NULL). */
int skel_tr_complete_request(skel_completion *cp, MPI_Request h, const MPI_Status *st,
                             uint32_t index);
/* The last two requests of handle h are one operation's (MPI_Isendrecv: its
 * receive, then its send): they complete together.  0 if h has fewer. */
int skel_tr_req_pair(MPI_Request h);
void skel_tr_comm_forget(MPI_Comm comm);
/* MPI_Type_free (irregular.c): what the tracer remembers of the type's
 * layout is forgotten before its handle can name another type. */
void skel_tr_type_freed(MPI_Datatype dt);
/* Persistent collectives (record.c): whether h is one; record a start of h
 * (c: the Start's call; its call id becomes the nonblocking collective's)
 * and return 1, or return 0 when h is not one; h was freed. */
int skel_tr_pcoll_is(MPI_Request h);
int skel_tr_pcoll_start(struct skel_tr_call *c, MPI_Request h, int rc);
void skel_tr_pcoll_free(MPI_Request h);

#endif
