/* plan.h - the skeleton program before it is written as C: every rank class's
 * signature scaled down by K (Sodhi et al., 4.3), as sequences of operations and
 * loops, with the expected number of each MPI call per rank.
 *
 * Scaling (docs/codegen.md, "Scaling").  Every operation carries a weight
 * w = n / wden, the fraction of the application's events it stands for
 * (1/K at the top of the program).  A loop of c iterations met at weight w
 * becomes floor(c w) full iterations of its body (weight 1: unscaled) plus,
 * if c w is not whole, one more execution of the body at the fractional
 * weight c w - floor(c w) - the seed's remainder iterations, with its groups
 * of identical operations merged into one and scaled.  An operation met at a
 * weight below 1 is the scaled residue: its compute lasts w times its
 * traced duration and its messages carry w times their elements (receives
 * keep their traced size, or that of the largest message of their matching
 * class, so that a smaller message always fits).  Program
 * order is kept; request links across a scaled loop are resolved by the
 * simulation (skel_plan_op.ldist).  In SKEL_PLAN_MIXED mode a
 * loop too short to keep one full iteration (c w < 1) keeps all its
 * iterations at weight w instead of merging them - like the operations
 * outside loops, the residue then keeps its number of messages; per-peer
 * loops ("for each worker: send a stop") stay matched with their peers'
 * single operations.  SKEL_PLAN_INNER mode is mixed, and a loop whose body
 * holds (at any depth) a loop of K or more iterations keeps all its
 * iterations at weight w too: only the innermost long loops are divided, so
 * rank classes whose outer loops the compressor folded differently (4
 * periods of a checkpoint loop in one class, 5 + 4 + 7 + 3 in another)
 * still divide the same inner loops alike.  In SKEL_PLAN_MESSAGES mode loops keep their iteration
 * counts and every operation is scaled by 1/K: every message of the
 * application is kept, shrunk.  In SKEL_PLAN_EPOCHS mode the program runs
 * at full weight and whole epochs are left out (below).  The last three are
 * the fallbacks when rank classes do not scale consistently (codegen.h,
 * sim.h).
 *
 * Ownership: skel_plan_build() allocates a plan freed with skel_plan_free();
 * the plan points into the signature, which must outlive it.
 */
#ifndef SKEL_PLAN_H
#define SKEL_PLAN_H

#include <stdint.h>

#include "calls.h"
#include "signature.h"

enum skel_plan_mode {
    SKEL_PLAN_LOOPS = 0,    /* Sodhi et al. 4.3: loops divided by K */
    SKEL_PLAN_MESSAGES = 1, /* every message kept, everything scaled by 1/K */
    SKEL_PLAN_MIXED = 2,    /* loops divided by K, loops shorter than that kept whole */
    SKEL_PLAN_EPOCHS = 3,   /* one epoch in K kept whole, the others left out */
    SKEL_PLAN_INNER = 4,    /* as mixed, and loops around a loop of K or more
                               iterations kept whole: the innermost long loops divided */
    SKEL_PLAN_THIN = 5,     /* as messages, but one point-to-point message in K made,
                               whole, on every channel, and one collective in K on
                               every communicator (skel_plan_op.thin) */
};

/* Mode thin (docs/codegen.md, "Thinned messages"): loops keep their
 * iteration counts and compute is scaled by 1/K, as in mode messages, but
 * of the messages each rank sends to (receives from, probes for) one peer
 * on one communicator - a channel - only about one in K is made, at its
 * full size: the n-th (counting from 0) when ceil((n + 1) wtop / wden)
 * > ceil(n wtop / wden), so the first, then one whenever the count of
 * 1/K crosses a whole number.  Sender and receiver count the same channel
 * alike, so the kept sends meet the kept receives; the schedule check runs
 * the same rule (and refuses the mode where it does not hold: a
 * Sendrecv, a wildcard receive or a tag taken out of order on a channel).
 * A communicator's collectives are counted as one more channel of each
 * member, which all members count alike.  A communicator made or freed in
 * a slot starts its channels over.  n: messages counted on the channel
 * before this one. */
int skel_plan_thin_keeps(uint64_t n, uint64_t wtop, uint64_t wden);

/* The same rule counted along a channel without divisions, as the skeleton
 * runs it: *g (0 before the first message) is the distance from n wtop up
 * to the next multiple of wden; the message is made when *g < wtop, and
 * advance counts it. */
int skel_plan_thin_step(uint64_t *g, uint64_t wtop, uint64_t wden, int advance);

/* Mode epochs (docs/codegen.md, "Epochs"): the program at full weight, cut
 * into epochs by the operations that complete a collective every rank
 * makes (skel_plan_op.delim).  Every rank makes the same epochs, about 1 in
 * K, in runs that begin and end only where no message crosses (the check
 * chooses them: skel_plan.ekeep), and leaves the others out, except the
 * operations that make or free what later epochs use (skel_plan_op.always).
 * The check counts the calls the skeleton makes and accepts the mode only
 * when the epochs made model 1/K of the application within
 * SKEL_PLAN_EPOCH_TOL. */
#define SKEL_PLAN_EPOCH_TOL 0.10

/* The peer an operation of symbol y uses for pe (one of y's peers): in
 * mode epochs a reply that answered the same rank every time is that rank
 * (skel_sig_symbol.reply_alt), as the wildcard receive it answered may lie
 * in an epoch left out; pe otherwise. */
const skel_sig_peer *skel_plan_peer(int mode, const skel_sig_symbol *y, const skel_sig_peer *pe);

/* "loops", "messages", "mixed", "epochs", "inner", "thin"; and back (-1 if unknown). */
const char *skel_plan_mode_name(int mode);
int skel_plan_mode_by_name(const char *name);

/* What an operation of the skeleton does. */
enum skel_plan_kind {
    SKEL_PLAN_COMPUTE = 0, /* compute only: the phase before MPI_Finalize */
    SKEL_PLAN_SEND,        /* Send, Ssend, Rsend */
    SKEL_PLAN_ISEND,       /* Isend, Issend, Irsend */
    SKEL_PLAN_RECV,
    SKEL_PLAN_IRECV,
    SKEL_PLAN_SENDRECV, /* Sendrecv, Sendrecv_replace */
    SKEL_PLAN_PROBE,    /* Probe, Iprobe */
    SKEL_PLAN_WAIT,     /* Wait family: completes its linked requests */
    SKEL_PLAN_TEST,     /* Test family: completes them if the application's test did */
    SKEL_PLAN_COLL,     /* blocking collective */
    SKEL_PLAN_ICOLL,    /* nonblocking collective */
    SKEL_PLAN_COMM,     /* communicator creation */
    SKEL_PLAN_COMMFREE,
    SKEL_PLAN_WIN,     /* Win_create, Win_allocate, Win_free: collective on the window's comm */
    SKEL_PLAN_WINSYNC, /* Win_fence (collective); locks and flushes (local) */
    SKEL_PLAN_RMA,     /* Put, Get, the accumulates; Rput, Rget, Raccumulate create a request */
    SKEL_PLAN_FILE,    /* File_open, File_close: collective on the file's comm */
    SKEL_PLAN_IO,      /* file reads and writes (*_all collective; I* create a request) */
    SKEL_PLAN_FILEOP,  /* File_set_view, File_sync (collective), File_seek */
    SKEL_PLAN_PSEND,   /* Send_init, Ssend_init, Rsend_init: an inactive persistent request */
    SKEL_PLAN_PRECV,   /* Recv_init */
    SKEL_PLAN_START,   /* Start, Startall: start the linked persistent requests */
    SKEL_PLAN_REQFREE, /* Request_free of the linked request */
    SKEL_PLAN_MPROBE,  /* Mprobe, Improbe: a receive that holds its message */
    SKEL_PLAN_MRECV,   /* Mrecv, Imrecv of the oldest message held */
    SKEL_PLAN_CANCEL,  /* Cancel of the linked receive or send, whose messages no receive
                          took in the application */
    SKEL_PLAN__COUNT
};

/* How a communicator is re-created (SKEL_PLAN_COMM). */
enum skel_plan_newcomm {
    SKEL_PLAN_DUP = 1,    /* MPI_Comm_dup of the parent */
    SKEL_PLAN_CART,       /* MPI_Cart_create on the parent, no reordering */
    SKEL_PLAN_CART_KEYED, /* MPI_Cart_create on a reordered copy of the parent
                             (made with PMPI_Comm_split, invisible to tracers) */
    SKEL_PLAN_SPLIT,      /* MPI_Comm_split: color = communicator, key = position */
    SKEL_PLAN_CART_SUB,   /* MPI_Cart_sub of the (Cartesian) parent, with the
                             dimensions skel_plan_cart_sub_remain() finds */
    SKEL_PLAN_GRAPH,      /* the application's graph call (MPI_Graph_create,
                             MPI_Dist_graph_create(_adjacent)) on the parent,
                             whose ranks are the graph's in order, with its
                             recorded neighbours */
    SKEL_PLAN_INTER,      /* MPI_Intercomm_create from the local communicator
                             (leaders: each group's first rank, over
                             MPI_COMM_WORLD) */
    SKEL_PLAN_MERGE,      /* MPI_Intercomm_merge of the intercommunicator, the
                             group that comes second in the members high */
    SKEL_PLAN_CREATE,     /* MPI_Comm_create of the parent with the group of the
                             members (MPI_GROUP_EMPTY where the rank gets
                             MPI_COMM_NULL: disjoint groups, as MPI 2.2 allows) */
};

typedef struct skel_plan_op {
    uint32_t id;
    uint32_t sym;
    uint32_t cls;
    uint64_t w;         /* weight numerator (denominator: plan wden) */
    uint8_t kind;       /* enum skel_plan_kind */
    uint8_t shape;      /* enum skel_shape of collectives */
    uint8_t newcomm;    /* enum skel_plan_newcomm */
    uint8_t flag;       /* Test/Iprobe: the application's call came back true */
    uint8_t inplace[2]; /* MPI_IN_PLACE on side OTHER / ROOT */
    uint8_t has_side[2];
    uint16_t call;    /* the MPI call the skeleton makes */
    uint32_t comm;    /* communicator slot */
    int64_t count[2]; /* elements per side (OTHER, ROOT), scaled by w */
    int64_t count2;   /* Sendrecv: elements received (scaled, as the peer sends) */
    int64_t rcap;     /* receives: capacity in elements (the traced maximum) */
    uint32_t dtsize, dtsize2;
    uint32_t nreq; /* Wait/Test/Start: request array length (largest link index + 1) */
    /* Persistent sends (SKEL_PLAN_PSEND): the largest weight of the Starts
     * that start the request, found by the simulation (0: never started);
     * count[0] is scaled by it (skel_plan_start_weight()). */
    uint64_t startw;
    /* Partitioned set-ups (MPI_Psend_init, MPI_Precv_init): the
     * partitions; count[0] (sends) and rcap (receives) are then the
     * application's whole buffer, never scaled: MPI wants both sides'
     * sizes equal.  0 for every other operation. */
    uint32_t parts;
    /* One-sided and I/O operations: the window or file (the application's
     * per-rank object index, -1 when the trace does not say: a window the
     * tracer did not see created), whether the call is collective on its
     * communicator, whether it creates a request. */
    int32_t obj;
    uint8_t collective, request;
    /* Point-to-point: the tags the skeleton uses (of the message; of the
     * receive half of Sendrecv) - the matching class when the signature
     * pairs messages, else the application's tag (skel_plan_tag()). */
    int32_t tag, tag2;
    /* Filled by the simulation (sim.h): the count every member of a
     * collective uses - the largest any member of its group of matching
     * operations wants (per peer for MPI_Alltoallv) - and the datatype size. */
    int64_t ucount;
    uint32_t udtsize;
    /* Filled by the simulation when a request link crosses a loop the
     * skeleton runs fewer times than the application (a receive posted
     * before the loop and completed after it): the skeleton's distance of
     * each of the symbol's links (NULL: the application's).  See sim.h. */
    uint32_t *ldist;
    uint8_t lconflict; /* executions disagreed: the application's distances */
    /* Mode epochs: the operation ends an epoch (a blocking collective on a
     * communicator of every rank, or a Wait, or a Test that found them
     * complete, of nonblocking collectives only); it is made in every
     * epoch, kept or not (communicators, windows, files and persistent
     * requests made or freed). */
    uint8_t delim, always;
    /* Mode thin: a send, receive or probe (blocking or not) with a
     * specific peer is made only for the messages its channel keeps
     * (skel_plan_thin_keeps()); its count is the application's.  An
     * MPI_Iprobe that found nothing is made one time in K (the same rule,
     * counting its own executions).  A collective (blocking or not) is
     * made when its communicator's count of collectives keeps it. */
    uint8_t thin;
    /* Point-to-point sends and receives (blocking, nonblocking, persistent,
     * matched, send-receives) whose application datatype was not contiguous: its
     * layout class (SKEL_EVF_BLOCK_MASK of event.h, shifted down), 0 for
     * contiguous messages; the skeleton's message is laid out in runs of
     * that many bytes (docs/codegen.md, "Non-contiguous messages").  rruns:
     * a send-receive's receive half's (SKEL_EVF_RBLOCK_MASK; an
     * MPI_Sendrecv_replace's is its one datatype's, runs).  Collectives
     * other than reductions: what their ranks send in runs, what they
     * receive in rruns (plan.c: coll_layouts()). */
    uint8_t runs, rruns;
} skel_plan_op;

enum { SKEL_PLAN_ITEM_OP = 0, SKEL_PLAN_ITEM_LOOP = 1 };

typedef struct skel_plan_item {
    uint8_t kind;
    uint32_t ref;   /* op id, or seq id of the loop body */
    uint64_t count; /* loop iterations */
    /* A loop of the application the skeleton runs fewer times becomes one
     * or two loop items (full iterations, then the remainder): gstart on
     * the first, gend on the last, which carries app_acts, the requests the
     * application's whole loop activated (saturating). */
    uint8_t gstart, gend;
    uint64_t app_acts;
} skel_plan_item;

typedef struct skel_plan_seq {
    uint32_t id;
    uint32_t block; /* signature block it comes from */
    uint32_t cls;
    uint64_t w; /* weight it was scaled at */
    uint32_t n;
    skel_plan_item *items;
} skel_plan_seq;

/* Calls one member of a class makes per repeat: (call, count) pairs, sorted
 * by call name (skel_plan_count_cmp, for qsort). */
typedef struct skel_plan_count {
    uint16_t call;
    uint64_t n;
} skel_plan_count;
int skel_plan_count_cmp(const void *a, const void *b);

typedef struct skel_plan_class {
    uint32_t top; /* seq of the whole program (between Init and Finalize) */
    uint32_t ncounts;
    skel_plan_count *counts;
    uint64_t ops;            /* operations one member executes per repeat */
    double model_ns;         /* modelled skeleton time: sum of mean compute + call time x w */
    double residue_ns;       /* the part of it at weight < 1 */
    double app_ns;           /* the application's time for the class (skel_plan_app_ns()) */
    uint64_t dominant_total; /* iterations of the dominant sequence in the application */
    uint64_t dominant_full;  /* full ones kept in the skeleton */
    double dominant_iter_ns;
} skel_plan_class;

typedef struct skel_plan {
    const skel_signature *sig;
    int mode;
    double k;
    uint64_t wden, wtop; /* weights are n / wden; the program's top is wtop / wden = 1/K */
    uint16_t init_call;  /* MPI_Init or MPI_Init_thread */
    uint32_t ring;       /* requests remembered: the longest link distance (>= 1) */
    uint32_t nslots;     /* communicator slots per rank */
    uint32_t null_slot;  /* a slot no rank's communicator uses, where a call whose
                            class got MPI_COMM_NULL puts it (SKEL_SIG_NONE: none) */
    int remap_tags;      /* tags above 32767 are renumbered (tag_of()) */
    uint32_t ntags;
    int32_t *tags;        /* sorted distinct tags when remapping */
    double app_ns;        /* the application's time (skel_plan_app_ns()) */
    int matched;          /* the signature pairs messages: tags are matching classes */
    int64_t *class_bytes; /* per matching class: its largest message in bytes */
    /* Mode thin: channels are told apart by tag (the matching class) as
     * well as by communicator and peer; set by the generator when counting
     * per peer alone broke the matching (codegen.c). */
    int thin_tags;
    /* Buffered sends (MPI_Bsend, MPI_Ibsend), filled by the simulation: the
     * most bytes and messages one rank has sent buffered and not yet seen
     * received, which its attached buffer must hold. */
    uint64_t bsend_bytes, bsend_msgs;
    /* Mode epochs, filled by the check: epochs of the application and kept
     * (the most of any rank), and the kept epochs' modelled time over 1/K
     * of the whole program's (the class furthest from 1). */
    uint64_t epochs, epochs_kept;
    double epoch_ratio;
    uint8_t *ekeep; /* per epoch: made (1) or left out (0) */
    uint64_t nekeep;
    uint32_t nops, capops;
    skel_plan_op *ops;
    uint32_t nseqs, capseqs;
    skel_plan_seq *seqs;
    skel_plan_class *classes; /* sig->nclasses */
} skel_plan;

/* Build the plan of signature s scaled by k (1 <= k <= 1e9) in the given
 * mode.  SKEL_EUNSUPPORTED naming the symbol, its call and its site for
 * calls a skeleton cannot make (general active-target synchronisation
 * from traces without its groups, some calls on intercommunicators...);
 * SKEL_ERANGE for values out of range. */
int skel_plan_build(const skel_signature *s, double k, int mode, skel_plan **out);
void skel_plan_free(skel_plan *p);

/* The tag a skeleton uses for an application tag (identity unless tags are
 * remapped; wildcards and "no tag" pass through). */
int32_t skel_plan_tag(const skel_plan *p, int32_t tag);

/* Scale an element count by weight w: round(count * w / wden), at least 1
 * when count is. */
int64_t skel_plan_scale(const skel_plan *p, int64_t count, uint64_t w);

/* "symbol 7 (MPI_Send, class 1, at file.c:42)" for messages; untrusted
 * strings are escaped.  Returns buf. */
const char *skel_plan_describe(const skel_signature *s, uint32_t sym, char *buf, size_t len);

/* The application's time in ns, as the skeleton measures its own (after
 * MPI_Init, before MPI_Finalize): per class the mean over its members of the
 * time computing and inside MPI calls, less MPI_Init and MPI_Finalize; the
 * largest over the classes. */
double skel_plan_app_ns(const skel_signature *s);

/* A Start at weight w starts the persistent send of op: its count becomes
 * the application's scaled by the largest such w (a request's count is
 * fixed when it is made; in a loop-scaled skeleton it is made outside the
 * loop, at 1/K, and started inside, at weight 1). */
void skel_plan_start_weight(const skel_plan *p, skel_plan_op *op, uint64_t w);

/* Bytes of the application's message of persistent send op (unscaled). */
int64_t skel_plan_persistent_bytes(const skel_plan *p, const skel_plan_op *op);

/* Whether the kind is a one-sided or MPI-IO operation (on a window or a
 * file of the skeleton's: WIN, WINSYNC, RMA, FILE, IO, FILEOP). */
int skel_plan_kind_is_object(int kind);

/* Whether operations of the kind make their call on a communicator (not
 * compute, communicator freeing, and the calls on requests). */
int skel_plan_kind_uses_comm(int kind);

/* Collectives whose signature count is a total over the peers (Alltoallv
 * and Alltoallw, and their neighbourhood forms): the skeleton sends
 * count / peers to every peer and receives the largest such share of any
 * member from each. */
int skel_plan_shape_divides(int shape);

/* Whether the shape is a neighbourhood collective (MPI_Neighbor_*). */
int skel_plan_shape_is_neighbor(int shape);

/* Neighbours of every member of a communicator with a Cartesian topology
 * (2 per dimension, MPI_PROC_NULL ones included, as MPI counts them for
 * neighbourhood collectives), 0 when it has none the skeleton can make
 * again: no Cartesian topology, or dimensions that do not multiply to its
 * size. */
uint32_t skel_plan_cart_neighbors(const skel_sig_comm *c);

/* The sources (*nin) and destinations (*nout) of world rank r on c for
 * neighbourhood collectives, from its Cartesian topology or its recorded
 * graph; 0 when the skeleton cannot give c a topology or r is not in it. */
int skel_plan_neighbors(const skel_sig_comm *c, int32_t r, uint32_t *nin, uint32_t *nout);

/* Whether communicator comm of the signature was made by MPI_Cart_sub of a
 * Cartesian parent in a way MPI_Cart_sub of the same parent makes again:
 * 1 with remain[0..parent's dimensions) the dimensions it keeps (the trace
 * does not record them: they are those along which its members'
 * coordinates in the parent differ, and the parent's dimensions of size 1
 * its own dimensions need), its members in the order MPI_Cart_sub gives
 * them; else 0. */
int skel_plan_cart_sub_remain(const skel_signature *s, uint32_t comm,
                              int32_t remain[SKEL_SIG_MAXDIMS]);

/* Name of an operation kind ("send", "wait"...). */
const char *skel_plan_kind_name(int kind);

#endif
