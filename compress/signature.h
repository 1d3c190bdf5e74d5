/* signature.h - the execution signature in memory: what `skel compress`
 * builds from a trace, what signature files hold (sigfile.h), and what the
 * code generator reads.  The file format and the measures are documented in
 * docs/signature.md.
 *
 * Ownership: a skel_signature comes from skel_compress_trace() (compress.h)
 * or skel_sigfile_read()/skel_sigfile_parse() (sigfile.h) and is freed, with
 * every array and string reachable from it, by skel_signature_free().  All
 * members are plain arrays indexed by the ids stored in them (symbols[i].id
 * == i, and so on); readers may walk them freely but must not modify them.
 * Strings come from the traced program: escape them before putting them in
 * markup or source code.
 *
 * Shape:
 *   signature
 *     sites[]    call sites (module + offset, function/file/line when known)
 *     comms[]    every distinct communicator of the run, with its members
 *     ranks[]    per world rank: its class, totals, and the communicator that
 *                each of its communicator slots holds
 *     classes[]  rank classes: ranks whose signatures are identical once
 *                peers are expressed relative to the rank; each has its own
 *                symbols and blocks and a top block (the whole program)
 *     symbols[]  an MPI call with its parameters (peers encoded relative to
 *                the rank, see skel_sig_peer), the requests it completes
 *                (links), and timing distributions of the compute before it
 *                and of the call itself
 *     blocks[]   sequences of items; an item is one symbol, or a loop
 *                executing another block `count` times
 *
 * Communicator slots: every rank numbers its communicators 0 (MPI_COMM_WORLD),
 * 1 (MPI_COMM_SELF), then 2, 3... in creation order.  Symbols name a slot;
 * ranks[r].comms[slot] says which comms[] entry that is for rank r, so a
 * generator re-creates slot k on rank r with
 *     MPI_Comm_split(<slot comms[c].parent_slot>, color = c, key = position
 *                    of r in comms[c].members)
 * (plus MPI_Cart_create with dims/periods for Cartesian ones).
 */
#ifndef SKEL_SIGNATURE_H
#define SKEL_SIGNATURE_H

#include <stddef.h>
#include <stdint.h>

#include "event.h"
#include "sketch.h"

#define SKEL_SIG_VERSION 1
#define SKEL_SIG_NONE    UINT32_MAX /* "no site / no block / no communicator" */
#define SKEL_SIG_MAXDIMS 8

/* How a peer (destination, source, root) is expressed.  "me" and "size" are
 * the rank's position in, and the size of, the communicator of the call. */
enum skel_sig_peer_kind {
    SKEL_SIG_PEER_NONE = 0, /* the call has no such peer */
    SKEL_SIG_PEER_ANY,      /* MPI_ANY_SOURCE */
    SKEL_SIG_PEER_NULL,     /* MPI_PROC_NULL on every rank of the class */
    SKEL_SIG_PEER_ROOT,     /* MPI_ROOT (intercommunicator collectives) */
    SKEL_SIG_PEER_ABS,      /* rank `value` of the communicator, the same on every rank */
    SKEL_SIG_PEER_REL,      /* me + value; MPI_PROC_NULL outside [0, size) */
    SKEL_SIG_PEER_MOD,      /* (me + value) mod size */
    SKEL_SIG_PEER_CART,     /* coordinates + vec[0..ndims) on the communicator's
                               Cartesian grid: periodic dimensions wrap, the
                               others give MPI_PROC_NULL outside the grid */
    SKEL_SIG_PEER_REPLY,    /* the actual source of this rank's latest
                               MPI_ANY_SOURCE receive (master/worker replies) */
    SKEL_SIG_PEER__COUNT
};

typedef struct skel_sig_peer {
    uint8_t kind;  /* enum skel_sig_peer_kind */
    uint8_t ndims; /* CART */
    int32_t value; /* ABS, REL, MOD */
    int32_t vec[SKEL_SIG_MAXDIMS];
} skel_sig_peer;

/* A parameter averaged over the events of a symbol (all equal at threshold
 * 0; within the threshold of the mean otherwise). */
typedef struct skel_sig_range {
    int64_t min, max;
    double mean;
} skel_sig_range;

/* A distribution of durations in ns: exact count/mean/min/max and a quantile
 * sketch (sketch.h, 1% relative accuracy).  `shift` ns of tracer overhead
 * per event were subtracted from every compute sample (saturating at 0)
 * before anything here was computed; it is kept for information. */
typedef struct skel_sig_dist {
    uint64_t count;
    double mean;
    uint64_t min, max;
    uint64_t shift;
    skel_sketch sketch;
} skel_sig_dist;

/* A request completed (or started, freed, cancelled) by a call. */
typedef struct skel_sig_link {
    /* The request was activated (created, or started if persistent) `dist`
     * activations before this call on the same rank: 1 is the latest
     * activation.  Activations are counted per request: a call creating a
     * request is one, MPI_Startall of n requests is n.  0: unknown (created
     * before the trace began). */
    uint32_t dist;
    uint32_t index; /* position in the request array passed to the call */
    uint16_t call;  /* call that created the request (enum skel_call) */
    uint16_t flags; /* SKEL_EVF_CANCELLED */
} skel_sig_link;

/* Event flags a symbol keeps (SKEL_EVF_* of event.h). */
#define SKEL_SIG_EVF_KEPT                                                                          \
    (SKEL_EVF_INPLACE | SKEL_EVF_FLAG | SKEL_EVF_REWRITE | SKEL_EVF_LAYOUT_MASK)
/* A symbol flag beside them (in bit 7, which no event flag uses): a receive
 * or probe the application made from MPI_ANY_SOURCE whose peer is the
 * source it got (skel_compress_opts .pin_sources); the skeleton receives
 * from that rank.  Only its name is written to a signature file. */
#define SKEL_SIG_PINNED (1u << 7)
_Static_assert((SKEL_SIG_PINNED & SKEL_SIG_EVF_KEPT) == 0, "a symbol flag apart from event flags");

/* What a rank passes to a call: at the root of a rooted collective it
 * differs from the other members (MPI_Reduce: only the root receives;
 * MPI_Bcast: only the root sends; MPI_IN_PLACE only at the root...). */
typedef struct skel_sig_side {
    uint16_t flags; /* SKEL_EVF_INPLACE, SKEL_EVF_FLAG (Test/Iprobe came back true),
                       SKEL_EVF_REWRITE (a write into bytes written before),
                       SKEL_SIG_PINNED */
    skel_sig_range count, bytes, rbytes;
    uint64_t events; /* events of the class on this side */
    /* Events the rbytes range describes: a receive from MPI_PROC_NULL gets 0
     * bytes whatever the others get, so those events are left out (a border
     * rank of a stencil still folds with the interior ones).  0: every
     * member received from MPI_PROC_NULL, rbytes is 0. */
    uint64_t rbytes_events;
} skel_sig_side;

enum {
    SKEL_SIG_SIDE_OTHER = 0, /* every rank; for rooted collectives the non-roots */
    SKEL_SIG_SIDE_ROOT = 1,  /* the root of a rooted collective */
};

typedef struct skel_sig_symbol {
    uint32_t id;
    uint32_t cls;        /* the class that uses it */
    uint16_t call;       /* enum skel_call */
    uint32_t comm;       /* communicator slot of the call (SKEL_SIG_NONE if none) */
    uint32_t newcomm;    /* slot of the communicator the call creates, or SKEL_SIG_NONE */
    uint32_t obj;        /* file/window index, or SKEL_SIG_NONE */
    skel_sig_peer peer;  /* destination of sends, source asked for by receives */
    skel_sig_peer peer2; /* Sendrecv: source asked for */
    skel_sig_peer root;  /* rooted collectives */
    /* A REPLY peer that answered the same rank every time: that rank as
     * another encoding (kind NONE otherwise), for skeletons that leave out
     * the wildcard receive it answered (codegen mode epochs). */
    skel_sig_peer reply_alt;
    int32_t tag, tag2; /* SKEL_TAG_NONE / SKEL_TAG_ANY or a tag */
    /* MPI_Psend_init, MPI_Precv_init: the partitions (side[0].count is the
     * whole buffer, exact: never a mean of sizes); 0 for other calls. */
    uint32_t parts;
    uint32_t dtsize;
    uint8_t op; /* enum skel_op */
    /* side[SKEL_SIG_SIDE_OTHER] and, for rooted collectives whose root is a
     * member of the class, side[SKEL_SIG_SIDE_ROOT]; `sides` has bit 1 << k
     * set for each side some member uses (skel_sig_side_of() picks a
     * rank's). */
    uint8_t sides;
    skel_sig_side side[2];
    uint32_t nlinks;
    skel_sig_link *links;
    /* MPI_Win_post, MPI_Win_start: the group's members, in group order, as
     * peers on the window's communicator (ngroup 0: none, or a trace from
     * before groups were recorded). */
    uint32_t ngroup;
    skel_sig_peer *group;
    uint32_t site, prev_site; /* call site of the call and of the call before it
                                 (the compute region), or SKEL_SIG_NONE (mixed) */
    uint64_t occurrences;     /* events of the whole class (all member ranks) */
    double time_ns;           /* derived: occurrences x (mean compute + mean duration),
                                 the symbol's total time over the class's ranks */
    /* Matching classes (match.h): match[0] of the symbol's message (what a
     * send sends, a receive or a probe gets), match[1] of the receive half of
     * MPI_Sendrecv; SKEL_SIG_NONE when none of its messages was matched in
     * the trace (or the signature predates matching).  Messages of one class
     * only ever met receives of the same class. */
    uint32_t match[2];
    skel_sig_dist compute;     /* wall time computing before the call */
    skel_sig_dist compute_cpu; /* CPU time of the same */
    skel_sig_dist duration;    /* time inside the call */
    /* Working set of the compute phase: the smallest number of bytes the
     * tracer found touched in the ws_samples phases it sampled
     * (docs/trace-format.md, "Working sets"); 0 and 0 when none was.  The
     * smallest, because errors only add: pages of shared libraries that
     * other processes touch can read as referenced (nbody's phases, 50 KiB
     * of data, read 0.35-2.5 MiB on a busy machine). */
    uint64_t ws_bytes, ws_samples;
    /* Polls that found nothing folded into the symbol's events, over all its
     * occurrences (compress/pollfold.h): the symbol is a wait by polling,
     * whose compute gap holds the polling loop. */
    uint64_t polls;
} skel_sig_symbol;

enum skel_sig_item_kind { SKEL_SIG_ITEM_SYMBOL = 0, SKEL_SIG_ITEM_LOOP = 1 };

typedef struct skel_sig_item {
    uint8_t kind;   /* enum skel_sig_item_kind */
    uint32_t ref;   /* symbol id, or block id of the loop body */
    uint64_t count; /* loop iterations (exact); 1 for a symbol */
} skel_sig_item;

typedef struct skel_sig_block {
    uint32_t id;
    uint32_t cls;
    uint32_t nitems;
    skel_sig_item *items;
    uint64_t events; /* symbols one execution of the block expands to */
    double time_ns;  /* modelled time of one execution: the sum over its
                        symbols of mean compute + mean duration (the
                        duration of MPI_Init and MPI_Finalize left out) */
} skel_sig_block;

typedef struct skel_sig_class {
    uint32_t id;
    uint32_t nranks;
    uint32_t *ranks; /* world ranks, ascending */
    uint32_t top;    /* block id of the whole program */
    uint64_t events; /* events per member rank */
    uint64_t length; /* signature length (docs/signature.md) */
    double time_ns;  /* mean wall time per member rank */
    /* The dominant sequence (Sodhi et al., 4.5): the loop with the largest share
     * of the modelled run time; SKEL_SIG_NONE if the class has no loop. */
    uint32_t dominant;       /* block id of the loop body */
    uint64_t dominant_count; /* its iterations (per execution of the loop) */
    double dominant_share;   /* fraction of the class's modelled time */
    double dominant_iter_ns; /* modelled time of one iteration */
} skel_sig_class;

typedef struct skel_sig_comm {
    uint32_t id;
    uint64_t gid;         /* the tracer's global id */
    uint16_t created_by;  /* call id, 0 for MPI_COMM_WORLD / MPI_COMM_SELF */
    uint32_t parent_slot; /* slot it was created from, SKEL_SIG_NONE if predefined */
    uint32_t flags;       /* SKEL_COMMF_INTER, SKEL_COMMF_CART (event.h) */
    uint32_t size;
    int32_t *members; /* world ranks in communicator order */
    uint32_t remote_size;
    int32_t *remote;
    uint32_t ndims;
    int32_t *dims, *periods;
    /* Graph topology (NULL if none or not recorded): member i's sources
     * (world ranks) are nbrs[nbr_off[2i] .. nbr_off[2i+1]), its
     * destinations nbrs[nbr_off[2i+1] .. nbr_off[2i+2]); nbr_off has
     * 2 size + 1 entries. */
    uint32_t *nbr_off;
    int32_t *nbrs;
} skel_sig_comm;

typedef struct skel_sig_rank {
    uint32_t rank;
    uint32_t cls;
    uint64_t events;
    uint64_t time_ns;      /* first event start to last event end */
    uint64_t compute_ns;   /* sum of compute gaps (after the overhead shift) */
    uint64_t mpi_ns;       /* sum of call durations */
    uint64_t per_event_ns; /* tracer overhead per event (the shift) */
    uint32_t ncomms;
    uint32_t *comms; /* comms[] id per slot (SKEL_SIG_NONE for SELF, which is per rank) */
} skel_sig_rank;

typedef struct skel_sig_site {
    uint32_t id;
    char *module;
    uint64_t offset;
    char *func, *file; /* "" when unknown */
    uint32_t line;
} skel_sig_site;

typedef struct skel_signature {
    uint32_t version;
    /* Application. */
    uint32_t argc;
    char **argv;
    char *mpi_library;
    char *tracer_version;
    uint32_t nranks;
    char *partial; /* NULL: made from a whole trace; else why the trace was not whole
                      (skel_trace_completeness(), compressed with --allow-partial) */
    char *threads; /* NULL, or how the application's threads called MPI at the same time
                      (each rank's calls are one stream here: docs/signature.md, "Limits") */
    /* Compression. */
    double threshold; /* similarity threshold used */
    double max_threshold;
    double scale; /* K asked for (0: threshold given directly) */
    double ratio; /* Q = trace_length / signature_length */
    uint64_t trace_length;
    uint64_t signature_length;
    uint64_t messages_matched; /* point-to-point messages paired (match.h); 0 if unknown */
    /* Messages the application sent that no receive got (a last message
     * left at MPI_Finalize); 0 if none or unknown.  The schedule check lets
     * as many buffered messages of the skeleton go unreceived. */
    uint64_t messages_unreceived;
    uint32_t nmatch; /* matching classes: every match[] is below it */

    uint32_t nsites;
    skel_sig_site *sites;
    uint32_t ncomms;
    skel_sig_comm *comms;
    skel_sig_rank *ranks; /* nranks entries, ranks[r].rank == r */
    uint32_t nclasses;
    skel_sig_class *classes;
    uint32_t nsymbols;
    skel_sig_symbol *symbols;
    uint32_t nblocks;
    skel_sig_block *blocks;
} skel_signature;

void skel_signature_free(skel_signature *s);

/* Resolve a peer encoding for world rank `rank` on communicator slot `slot`:
 * *comm_rank gets the rank in that communicator and *world_rank the world
 * rank, or the special SKEL_PEER_NULL / SKEL_PEER_ANY / SKEL_PEER_NONE /
 * SKEL_PEER_ROOT in both.  reply_src is the world rank REPLY stands for (the
 * caller tracks it; SKEL_PEER_NONE if unknown).  SKEL_ERANGE with a detail
 * when the encoding does not fit the communicator. */
int skel_sig_peer_resolve(const skel_signature *s, uint32_t rank, uint32_t slot,
                          const skel_sig_peer *p, int32_t reply_src, int32_t *comm_rank,
                          int32_t *world_rank);

/* Call fn for every symbol occurrence of class cls, in program order (the
 * expansion of its top block).  fn returns 0 to go on, anything else stops
 * the walk and is returned.  Cost: one call per event of a member rank. */
int skel_sig_walk(const skel_signature *s, uint32_t cls,
                  int (*fn)(void *ctx, const skel_sig_symbol *sym), void *ctx);

/* The side rank `rank` uses for symbol y (SKEL_SIG_SIDE_ROOT when it is the
 * root of a rooted collective), or -1 with a detail when y's root does not
 * resolve for it. */
int skel_sig_side_of(const skel_signature *s, uint32_t rank, const skel_sig_symbol *y);

/* The source a receive-type call of symbol y receives from (its peer, or
 * peer2 for MPI_Sendrecv), or NULL if the call receives from no peer. */
const skel_sig_peer *skel_sig_source_of(const skel_sig_symbol *y);

/* Quantile q in [0, 1] of a distribution (ns). */
double skel_sig_dist_quantile(const skel_sig_dist *d, double q);

/* Short name of a symbol in the seed's notation: "P12" point-to-point,
 * "M3" collective, "O7" completion (Wait/Test), "X0" anything else. */
const char *skel_sig_symbol_name(const skel_sig_symbol *sym, char *buf, size_t len);

/* Name of a peer kind ("rel", "cart", ...), and back (-1 if unknown). */
const char *skel_sig_peer_kind_name(int kind);
int skel_sig_peer_kind_by_name(const char *name);

/* Compute the derived fields - blocks' events and time_ns, classes' events,
 * length, time_ns and dominant sequence, the signature's lengths and ratio -
 * from the rest (after building or reading; needs a checked signature). */
int skel_signature_derive(skel_signature *s);

/* Check the references and ranges a schema cannot (symbols and blocks of
 * the right class, acyclic blocks, ranks in exactly one class, slots and
 * communicators that exist...).  SKEL_EFORMAT with a detail naming what is
 * wrong; `where` prefixes it (a file name). */
int skel_signature_check(const skel_signature *s, const char *where);

/* The same, naming the line of the offending element when the signature was
 * read from a file: lines->x[i] is the line of x i (any pointer may be NULL). */
typedef struct skel_sig_lines {
    const uint32_t *symbol, *block, *cls, *rank, *comm;
} skel_sig_lines;
int skel_signature_check_at(const skel_signature *s, const char *where,
                            const skel_sig_lines *lines);

#endif
