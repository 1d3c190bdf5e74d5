/* symbols.h - one rank's events become symbols (internal to compress/).
 *
 * skel_symbols_scan() streams a rank's trace file once.  Every MPI event
 * becomes a symbol at threshold 0: events share a symbol exactly when they
 * agree on the call, flags kept (in-place, test flag), communicator slot,
 * created communicator, object, peer (world rank, or "reply to the latest
 * wildcard receive"), tag, second peer and tag (Sendrecv), root, datatype
 * size, operation, count, bytes, received bytes, the requests it completes
 * or starts (as activation distances and array indices, which stay the same
 * in every iteration of a loop), the bytes of those it completes, and its
 * compute region: the call sites of the previous event and of this one, and
 * whether the previous event was a test or probe whose flag came back true.
 * The symbol string is folded into
 * loops as it is read (loops.h); only the symbol table, the folding and the
 * rank's communicator and call-site tables are kept.
 *
 * skel_symbols_cluster() merges symbols at a threshold T > 0 (see the
 * function), and skel_symbols_merge() builds the merged symbols.
 *
 * Ownership: skel_symbols_scan() allocates the skel_rsig that
 * skel_symbols_free() frees with everything in it; skel_symbols_merge()
 * allocates an array freed with skel_symbols_free_syms().
 */
#ifndef SKEL_SYMBOLS_H
#define SKEL_SYMBOLS_H

#include <stdint.h>

#include "loops.h"
#include "match.h"
#include "signature.h"
#include "sketch.h"
#include "trace.h"

/* skel_rsym.peer of a reply (see SKEL_SIG_PEER_REPLY). */
#define SKEL_SYM_PEER_REPLY (-100)

typedef struct skel_timing {
    uint64_t sum, min, max;
    skel_sketch sk;
} skel_timing;

/* A symbol of one rank.  At threshold 0 the ranges are single values and the
 * sites are those of every event; after merging, ranges span the merged
 * symbols and a site is SKEL_SIG_NONE when they disagree. */
typedef struct skel_rsym {
    /* Hard fields: never merged across different values. */
    uint16_t call, flags;
    uint32_t comm, newcomm, obj;
    int32_t peer, tag, peer2, tag2, root; /* world ranks / specials */
    uint32_t dtsize, op;
    uint32_t nlinks, link_off; /* links in skel_rsig.links */
    uint32_t group;            /* MPI_Win_post/start: index in skel_rsig.groups, or
                                  SKEL_SIG_NONE */
    uint32_t parts;            /* MPI_Psend_init/MPI_Precv_init: partitions; 0 otherwise */
    /* Soft fields. */
    skel_sig_range count, bytes, rbytes;
    skel_sig_range cbytes;    /* completions: bytes of the requests completed (not in the
                                 signature: it only keeps completions of small and large
                                 messages apart, each with its own timing) */
    uint32_t prev_site, site; /* this rank's site indices */
    uint8_t prev_won;         /* the previous call was a test or probe that came back true */
    /* Statistics. */
    uint64_t n;
    int32_t reply_peer;  /* REPLY symbols: the world rank replied to ... */
    uint8_t reply_mixed; /* ... unless it varied */
    skel_timing gap, cpu, dur;
    uint64_t ws_min, ws_n; /* sampled working sets of the compute phase: smallest, count */
    uint64_t polls;        /* polls that found nothing folded into its events (pollfold.h) */
} skel_rsym;

typedef struct skel_rsig {
    uint32_t rank, nranks;
    uint32_t nsyms, syms_cap;
    skel_rsym *syms;
    uint32_t nlinks, links_cap;
    skel_sig_link *links;
    /* The distinct groups of the rank's MPI_Win_post and MPI_Win_start
     * calls: group i is gmembers[groups[i].off ..+ groups[i].n), world
     * ranks in group order. */
    uint32_t ngroups, groups_cap;
    struct skel_rgroup {
        uint32_t off, n;
    } * groups;
    uint32_t ngmembers, gmembers_cap;
    int32_t *gmembers;
    skel_loops *fold;     /* the symbol string, folded */
    skel_match_log *mlog; /* which symbols sent and received, per stream (match.h) */
    /* The rank's tables at the end of its file (deep copies). */
    uint32_t ncomms;
    skel_comm *comms;
    uint32_t nsites;
    skel_site *sites;
    char **site_module; /* module path of each site ("" if unknown) */
    /* Totals. */
    uint64_t events;
    uint64_t t_first, t_last;
    uint64_t compute_ns, mpi_ns; /* raw (before the overhead shift) */
    uint64_t per_event_ns;
    uint64_t call_ns;   /* the tracer's time inside each call (meta call-ns; 0 unknown) */
    uint64_t delivered; /* events once polls are folded (events counts them all) */
    /* Threads: how many made MPI calls (the highest thread index + 1), and
     * how many calls began while another thread's call was still in
     * progress (MPI_THREAD_MULTIPLE at work; the rank's calls are one
     * stream here: docs/signature.md, "Limits"), and how many blocking
     * calls among those were made nonblocking (compress/concur.h). */
    uint32_t threads;
    uint64_t overlaps, nonblocking;
} skel_rsig;

/* Which peer of ev a scan with pinning gives the source it got: 1 the
 * peer, 2 the second peer (MPI_Sendrecv), 0 none (not a blocking receive
 * or a probe that found a message from MPI_ANY_SOURCE). */
int skel_symbols_pinned_peer(const skel_event *ev, int klass);

/* Read rank `rank` of trace t (pin: skel_compress_opts.pin_sources; shift:
 * the tracer's cost is to be taken off, so folded polls lose the tracer's
 * time inside each call at once).  Errors of the reader are passed on (they
 * name the file, rank and byte offset). */
int skel_symbols_scan(const skel_trace *t, uint32_t rank, int pin, int shift, skel_rsig **out);

/* The tracer's own time inside each call of rank `rank` (its meta file's
 * call-ns; 0 when the trace does not say). */
uint64_t skel_symbols_call_ns(const skel_trace *t, uint32_t rank);
void skel_symbols_free(skel_rsig *r);

/* Clusters at threshold T in [0, 1]: map[i] gets the cluster of symbol i,
 * *nclusters their number.  T == 0 is the identity.  For T > 0, symbols
 * with equal hard fields are grouped; in each group the distinct values of
 * bytes, of received bytes and of count are each covered greedily, from the
 * smallest, by intervals [v, v(1+T)] (so every member is within T of its
 * cluster's mean, and the number of intervals never grows with T), and
 * within each combination the symbols' mean compute times are covered the
 * same way (compute phases of different regions merge when their means are
 * within T).  Clusters are numbered in the order of their first symbol. */
int skel_symbols_cluster(const skel_rsig *r, double T, uint32_t *map, uint32_t *nclusters);

/* The merged symbols of a clustering (n of them). */
int skel_symbols_merge(const skel_rsig *r, const uint32_t *map, uint32_t n, skel_rsym **out);
void skel_symbols_free_syms(skel_rsym *syms, uint32_t n);

/* Merge timing b into a (count, sum, min, max, sketch). */
int skel_timing_merge(skel_timing *a, const skel_timing *b);

#endif
