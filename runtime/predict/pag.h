/* pag.h - the Program Activity Graph of a traced run, as the predictions see
 * it (Hollingsworth section 2; Eom et al. section 2): the replay's events, in
 * happens-before order, cut into weighted arcs.  `skel critpath` takes the
 * longest path through it; `skel predict` re-times it on another placement
 * and network.  docs/predictions.md explains the model; in short, every
 * event of a rank is a step:
 *
 *     previous step's end --gap--> start --(wait for deps)--> ready --local--> end
 *
 *   gap    the compute before the call: gap_cpu ns of CPU and gap_off ns off
 *          the CPU (sleeping, blocked in a system call), from the trace, and
 *          tracer_ns of the tracer's own pauses (neither CPU nor waiting);
 *   deps   what the call waits for: messages (arriving lat_ns after their
 *          send started) and collectives (coll_cost_ns after the members the
 *          collective's shape makes it wait for have arrived).  One-sided
 *          synchronisation as MPICH does it: window creation, MPI_Win_free
 *          and MPI_Win_fence are collectives of shape Barrier over the
 *          window's communicator; MPI_Win_start waits for its targets'
 *          posts and MPI_Win_wait for its origins' completes, given as
 *          messages of 0 bytes from the post (complete) to it; lock,
 *          unlock and flush name the targets whose progress they need
 *          (skel_pag_step.passive), or, for the critical path of the trace
 *          itself (skel_pag_opts.passive_deps), wait for a message of 0
 *          bytes from the target's call that released them;
 *   local  the rest of the call's measured time: what the model does not
 *          explain by waiting for a dependency is the call's own work - CPU up
 *          to the least the call site needed so far, the rest a delay.
 *
 * The split of a call's measured time into waiting and local work uses the
 * communication table of the network the trace was taken on (NULL: no
 * communication cost, so all measured transfer time is the receiving call's
 * local work), capped by what the trace shows: a message is never given a
 * longer flight than from its send's start to its receive's end.
 *
 * All times are ns of rank 0's clock, counted from the start of the earliest
 * first event.  Ranks on rank 0's host read the same clock (offset 0);
 * others use the tracer's offset estimate with the smaller round trip.
 *
 * Batches come in causal order: every dependency's source step (a send, a
 * nonblocking collective's posting) is handed out before the steps that
 * depend on it (the replay can deliver a receive before the send event it
 * matched; the builder holds such batches back, a few at a time).
 *
 * Ownership: skel_pag_open() allocates a builder over the trace (which must
 * outlive it) and skel_pag_close() frees it.  A batch filled by
 * skel_pag_next(), and everything it points to, is valid until the next
 * skel_pag_next().  Names returned by skel_pag_site_label() and friends live
 * until the close.
 */
#ifndef SKEL_PAG_H
#define SKEL_PAG_H

#include <stdint.h>

#include "commtable.h"
#include "trace.h"

/* Which members a collective makes each member wait for. */
enum skel_pag_sync {
    SKEL_PAG_SYNC_ALL,       /* every member waits for every member's arrival */
    SKEL_PAG_SYNC_FROM_ROOT, /* the members wait for the root (Bcast, Scatter); the root waits for
                                none */
    SKEL_PAG_SYNC_TO_ROOT, /* the root waits for every member (Reduce, Gather); the others for none
                            */
};

/* Polls: MPI_Test*, MPI_Iprobe, MPI_Improbe.  The off-CPU time between a
 * poll that found nothing and the next poll is waiting: it is in no gap, and
 * when the run of polls ends with one that found something, the part after
 * that something arrived (the polls noticing it late) is that step's
 * local_off.  A run that ends otherwise gives it back to the next gap. */
enum skel_pag_poll {
    SKEL_PAG_POLL_NONE,    /* not a poll */
    SKEL_PAG_POLL_NOTHING, /* a poll that found nothing */
    SKEL_PAG_POLL_FOUND,   /* a poll that completed requests or saw a message */
};

/* A message a step waits for. */
typedef struct skel_pag_msg {
    uint32_t src;     /* sending rank */
    uint64_t src_seq; /* the event that sent it (a source step: see skel_pag_step.nsource) */
    uint64_t bytes;
    double lat_ns; /* flight time on the traced network (table, capped by the trace) */
    uint8_t peek;  /* a probe: the message stays for a later receive */
} skel_pag_msg;

/* A collective instance a step completes. */
typedef struct skel_pag_coll {
    uint64_t id;         /* unique per instance in the trace */
    uint32_t size;       /* members */
    uint8_t sync;        /* enum skel_pag_sync */
    uint8_t nonblocking; /* members arrive with their posting events (source steps keyed by
                            ranks[i], seqs[i]); else with the steps of this batch */
    uint8_t shape;  /* enum skel_shape of the call (SKEL_SHAPE_BARRIER for communicator calls) */
    uint32_t root;  /* rooted syncs: the root's index in ranks[] */
    uint64_t bytes; /* the largest number of bytes a member contributes */
    const uint32_t *ranks; /* members' ranks (batch order for blocking ones) */
    const uint64_t *seqs;  /* their (posting) events */
    uint8_t first, last;   /* nonblocking: first / last completion of the instance delivered */
} skel_pag_coll;

/* One event of one rank. */
typedef struct skel_pag_step {
    uint32_t rank;
    uint64_t seq;
    uint16_t call;           /* enum skel_call */
    uint64_t bytes;          /* bytes the event sends plus bytes it receives */
    uint32_t site;           /* global call-site id (skel_pag_site_label) */
    uint32_t phase;          /* global compute-phase id: previous site of the rank -> this site */
    double start_ns, end_ns; /* measured */
    double gap_cpu;          /* CPU before the call (without the tracer's cost when asked) */
    double gap_off;          /* off-CPU time in that gap */
    double tracer_ns;        /* the tracer's own pauses before the call (clock synchronisation,
                                buffer flushes), which the gap leaves out; 0 when untraced */
    double local;            /* the call's own work (CPU, unless local_delay) */
    double local_off;        /* the rest of the call's time the model does not explain by
                                waiting: beyond the least its site needed so far for messages of
                                about this size; a delay (descheduled, waiting for a partner's
                                progress), not CPU.  local + local_off + wait_meas is the
                                call's measured time */
    uint8_t local_delay;     /* MPI_Init: start-up time, not the rank's CPU */
    uint8_t last;            /* the rank's last event (MPI_Finalize, MPI_Abort) */
    uint8_t poll;            /* enum skel_pag_poll */
    uint8_t first;           /* the rank's first event: start_ns is its launch offset */
    uint32_t nsource;        /* > 0: the step's start is a dependency source, keyed (rank, seq),
                                used that many times: messages sent, or 1 for a nonblocking
                                collective's posting */
    uint32_t nmsg;
    const skel_pag_msg *msg;
    const skel_pag_coll *coll; /* NULL, or the collective this step completes */
    double coll_cost_ns;       /* its cost on the traced network (table, capped by the trace) */
    uint8_t coll_waits;        /* this member waits for the collective: its role does (the
                                  sync) and it did not leave before what it would wait for
                                  (MPI_Comm_free, for one, does not synchronise in MPICH) */
    double wait_meas;          /* measured time the model explains by waiting (for a poll
                                  that found something, also the waiting in the polls
                                  before it) */
    /* A polling loop that sleeps between its polls: for a poll that follows
     * a poll that found nothing, the off-CPU time taken out of its gap (its
     * sleep); for the poll that found what the run waited for, the run's
     * polls that slept before them (not counting itself), their CPU (gap CPU
     * and own work) and their sleep. */
    double poll_slept;
    /* Passive-target synchronisation (MPI_Win_lock, Win_unlock, Win_flush,
     * and Win_lock_all, unlock_all, flush_all over the window's other
     * members): the ranks whose progress the call needs.  In MPICH the call
     * cannot end before each target is inside an MPI call of its own; the
     * trace's waiting for that is in local_off (the builder does not see the
     * targets' calls), and the predictions re-time it (docs/predictions.md,
     * "Passive target"). */
    uint32_t npassive;
    const uint32_t *passive;
    uint32_t poll_run_n;
    double poll_run_cpu, poll_run_sleep;
} skel_pag_step;

/* The key of a dependency source, (rank, seq) in one number, for the hash
 * maps the builder and its consumers keep: no two events of a trace share
 * one while seq stays below 2^40 (the rank is above it). */
static inline uint64_t skel_pag_src_key(uint32_t rank, uint64_t seq)
{
    return ((uint64_t)rank << 40) ^ seq;
}

/* The steps of one replay item: one, or every member of a blocking
 * collective (then all share *coll), or steps of several ranks that depend
 * on each other's start (MPI_Sendrecv exchanges; coll NULL): take every
 * step's start before any step's dependencies.  Every other dependency's
 * source step came in an earlier batch. */
typedef struct skel_pag_batch {
    uint32_t nsteps;
    const skel_pag_step *steps;
} skel_pag_batch;

struct skel_pag_opts {
    const skel_commtable *table; /* network the trace was taken on; NULL: no communication cost */
    int untraced;                /* subtract the tracer's cost per event from every gap */
    int passive_deps;            /* the critical path of the trace itself: a passive-target
                                    call that waited for its target waits for the target's
                                    call that released it in the trace, given as a message
                                    of 0 bytes from that call's start (pag.c, "windows");
                                    0: the call names its targets (skel_pag_step.passive)
                                    and the prediction finds the call on its placement */
};

typedef struct skel_pag skel_pag;

/* Open a builder.  Fails with SKEL_ENOTFOUND when the table lacks a kind of
 * pair the trace needs (e.g. cross-host rows for a trace over two hosts). */
int skel_pag_open(const skel_trace *t, const struct skel_pag_opts *o, skel_pag **out);
void skel_pag_close(skel_pag *g);

/* 1 and *b filled; 0 at the end; a negative code on damage (the replay's). */
int skel_pag_next(skel_pag *g, skel_pag_batch *b);

uint32_t skel_pag_nranks(const skel_pag *g);
/* Host of a rank in the trace (0..nhosts-1, by host name). */
uint32_t skel_pag_host(const skel_pag *g, uint32_t rank);
uint32_t skel_pag_nhosts(const skel_pag *g);
const char *skel_pag_host_name(const skel_pag *g, uint32_t host);

/* The measured run: first event start to last event end (complete after the
 * end of the stream). */
double skel_pag_run_ns(const skel_pag *g);
/* Events, messages and collective instances seen so far. */
uint64_t skel_pag_nevents(const skel_pag *g);
uint64_t skel_pag_nmessages(const skel_pag *g);
uint64_t skel_pag_ncollectives(const skel_pag *g);

/* Call sites seen so far.  A site's label is "file:line" when the trace
 * resolved it, else "module+0xOFFSET"; func is "" when unknown. */
uint32_t skel_pag_nsites(const skel_pag *g);
const char *skel_pag_site_label(const skel_pag *g, uint32_t site);
const char *skel_pag_site_func(const skel_pag *g, uint32_t site);
/* "module+0xOFFSET" whatever else is known. */
const char *skel_pag_site_addr(const skel_pag *g, uint32_t site);
/* The call made at the site (the first seen there). */
uint16_t skel_pag_site_call(const skel_pag *g, uint32_t site);
/* Compute phases seen so far: from_site -> to_site; from_site is
 * SKEL_PAG_SITE_START for the code before a rank's first call. */
#define SKEL_PAG_SITE_START UINT32_MAX
uint32_t skel_pag_nphases(const skel_pag *g);
void skel_pag_phase(const skel_pag *g, uint32_t phase, uint32_t *from_site, uint32_t *to_site);

/* One-way times and collective costs by the model (docs/predictions.md):
 * table NULL means 0.  p is the number of members, bytes the largest
 * contribution of a member. */
double skel_pag_msg_cost(const skel_commtable *table, int kind, uint64_t bytes);
double skel_pag_coll_cost(const skel_commtable *table, int kind, int shape, uint32_t p,
                          uint64_t bytes);
/* The bytes the member of index `member` sends and receives in all over a
 * collective of that shape among p members with that root index (MPICH's
 * algorithms, as skel_pag_coll_cost): what it puts on its host's links. */
void skel_pag_coll_link_bytes(int shape, uint32_t p, uint32_t member, uint32_t root, uint64_t bytes,
                              double *send, double *recv);

#endif
