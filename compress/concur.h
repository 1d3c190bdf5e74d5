/* concur.h - calls that threads made at once, read as nonblocking ones
 * (internal to compress/).
 *
 * A rank file holds its threads' events in the order they ended.  Where
 * threads called MPI at the same time (MPI_THREAD_MULTIPLE), that order is
 * one a single thread cannot always replay: in the corpus program mthreads,
 * each rank's two threads enter MPI_Sendrecv on communicators of their own
 * together, rank 0's stream may hold thread 0's exchange first and rank 1's
 * thread 1's, and a skeleton making each stream in one thread waits forever
 * in its first MPI_Sendrecv (docs/signature.md, "Limits").
 *
 * Read through this filter, a *cluster* - events of several threads whose
 * times overlap, directly or through others (a connected run of intervals)
 * - is delivered as what one thread can make of it without imposing an
 * order the threads did not keep:
 *   - each blocking send, receive, MPI_Sendrecv (an MPI_Irecv and an
 *     MPI_Isend) and blocking collective becomes its nonblocking form (the
 *     same fields, a new request), posted at its start;
 *   - every other event of the cluster stays a blocking call, delivered at
 *     its end (a wait, a probe, a communicator's creation);
 *   - one MPI_Waitall at the cluster's end completes the new requests,
 *     with each receive's actual source, tag and bytes.
 * Under MPI_THREAD_MULTIPLE, on a rank whose file shows several threads
 * calling MPI, every blocking collective is posted (with an MPI_Waitall of
 * its own where it is in no cluster): a blocking collective does not match
 * a nonblocking one, and another rank's file may hold the same collective
 * outside a cluster (a program whose ranks differ in that is refused by
 * the schedule check of skel gen, naming the collective).  And there a compute gap is the
 * rank's, not its thread's: only the part of it after the latest end of
 * the events delivered before it (a post ends where it starts, the
 * MPI_Waitall where the cluster does), its CPU time in proportion: the
 * threads' compute ran in parallel, the one stream replays it in turn.
 * Events are ordered by that time (start for a post, end for the others),
 * which keeps every thread's own order.  Request ids stay sequential in the
 * stream delivered: the trace's are shifted past the new ones.  Events
 * outside clusters pass unchanged and in order; a rank that asked for
 * less than MPI_THREAD_MULTIPLE has its events held only once a second
 * thread shows up (its threads cannot call MPI at once), the others from
 * the first.
 *
 * The end of a cluster is known when no call still in progress can join
 * it: a thread's next call starts after its previous one ended, so a time
 * before every thread's latest end is past.  Which threads a rank has, when
 * each made its first call and how many calls each made, a first pass over
 * the rank's file tells (skel_concur_source(); without it, threads not yet
 * seen are not waited for, and a thread that stopped calling MPI holds
 * events back until the file ends).  At most SKEL_CONCUR_HOLD events are
 * held, beyond which the oldest is let go in the file's order.
 *
 * Both the compressor and the verification read ranks through it (under
 * compress/pollfold.h), so the signature replays what it made of the trace.
 * Events delivered follow the reader's rules: pointers in an event are
 * valid until the next call. */
#ifndef SKEL_CONCUR_H
#define SKEL_CONCUR_H

#include <stdint.h>

#include "trace.h"

#define SKEL_CONCUR_HOLD 65536u

/* An event of the filter's: the trace's (its arrays copied when held), a
 * call made nonblocking, or the MPI_Waitall completing them. */
typedef struct skel_concur_item {
    skel_event ev;
    uint64_t key;   /* the time it is delivered at */
    uint32_t order; /* tie-break: position in the cluster */
    uint8_t kind;   /* the trace's, a post, the Waitall (concur.c) */
    uint8_t owned;  /* its arrays are the filter's */
} skel_concur_item;

/* A place a cluster may end: after the seq-th event held (counted from 1
 * over the whole file), whose end is end. */
struct skel_concur_end {
    uint64_t seq, end;
};

typedef struct skel_concur {
    skel_rank_reader *rd;
    const skel_trace *trace; /* for the first pass (skel_concur_source), or NULL */
    uint32_t rank;
    int many;       /* a second thread was seen: events are held */
    int multiple;   /* MPI_THREAD_MULTIPLE and several threads calling MPI */
    uint64_t *left; /* per thread: events still to come (first pass), 0 done */
    uint32_t nleft, lcap;
    uint64_t *last_end; /* per thread: end of its latest event, 0 if none yet */
    uint8_t *seen;
    uint32_t nthreads, nseen; /* threads the arrays hold, threads seen */
    skel_concur_item *held;   /* read, not yet delivered (a ring) */
    uint32_t hhead, hn, hcap;
    uint64_t hseq;              /* events held so far */
    struct skel_concur_end *bq; /* where clusters may end, oldest first */
    uint32_t bhead, bn, bcap;
    skel_concur_item *out; /* a cluster made, being delivered */
    uint32_t on, opos, ocap;
    skel_concur_item cur; /* the event last delivered */
    uint64_t *pending;    /* ids of the posts delivered since the last Waitall */
    uint32_t npending, pcap;
    /* Request ids: trace id x is delivered as x + the offset of the last
     * breakpoint at or below x. */
    struct skel_concur_bp {
        uint64_t from, off;
    } * bp;
    uint32_t nbp, bpcap;
    uint64_t off;      /* new requests made so far */
    uint64_t last_req; /* the latest trace id delivered */
    uint16_t *nb;      /* call -> its nonblocking form (0 none, UINT16_MAX not looked up) */
    int ended;
    uint64_t raw, raw_end; /* events read, the latest one's end and thread */
    uint32_t raw_thread;
    uint64_t overlaps;        /* events read that began while another thread's call ran */
    uint64_t busy_until;      /* the latest end of the calls delivered (MPI_THREAD_MULTIPLE) */
    uint64_t posts;           /* calls made nonblocking */
} skel_concur;

/* Start reading rd (which stays the caller's to close; NULL: an empty
 * filter that only skel_concur_free() may be given). */
void skel_concur_init(skel_concur *c, skel_rank_reader *rd);
/* The trace and rank rd reads: a rank under MPI_THREAD_MULTIPLE is read
 * twice, the first time for its threads (above). */
void skel_concur_source(skel_concur *c, const skel_trace *t, uint32_t rank);
void skel_concur_free(skel_concur *c);

/* The next event: 1 and *ev, 0 at the end, < 0 on a reader error or out of
 * memory (skel_last_error() says which). */
int skel_concur_next(skel_concur *c, skel_event *ev);

#endif
