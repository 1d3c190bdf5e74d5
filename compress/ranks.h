/* ranks.h - rank folding (internal to compress/): every rank's signature
 * becomes a one-rank class whose peers are kept as *candidate encodings*
 * (absolute, offset, offset modulo the size, Cartesian offset, reply); two
 * classes merge when their loop trees are identical, their symbols
 * correspond one to one with equal calls, tags, communicator slots, request
 * links..., sizes within the threshold, and every peer keeps at least one
 * encoding that is right for all their ranks.  MPI_PROC_NULL is consistent
 * with an offset that leaves the grid (a border rank of a non-periodic
 * stencil), so such ranks fold with the interior ones when they make the
 * same calls; ranks that really differ (another call sequence, another
 * master) stay apart, and so do ranks whose compute phases differ (one
 * sleeps where the other computes, or computes well over 1.5 times longer).
 * Classes merge pairwise in a tree, each level's pairs in parallel threads
 * (Roth's reduction); timing sketches are merged.
 *
 * Ownership: skel_ranks_class() and skel_ranks_fold() allocate classes that
 * skel_ranks_free_class() frees; skel_ranks_fold() takes ownership of the
 * classes it is given (merged ones are freed).
 */
#ifndef SKEL_RANKS_H
#define SKEL_RANKS_H

#include <stdint.h>

#include "signature.h"
#include "symbols.h"

enum {
    SKEL_CAND_ABS = 1,
    SKEL_CAND_REL = 2,
    SKEL_CAND_MOD = 4,
    SKEL_CAND_CART = 8,
    SKEL_CAND_REPLY = 16,
};

/* A member whose peer was MPI_PROC_NULL while the offset is not known yet. */
typedef struct skel_nullpt {
    int32_t pos, size;
    int32_t coords[SKEL_SIG_MAXDIMS];
} skel_nullpt;

/* The encodings still possible for a peer or root of a class symbol. */
typedef struct skel_cand {
    uint8_t ok; /* SKEL_CAND_* bits */
    uint8_t rel_known, cart_known;
    uint8_t ndims;
    int32_t abs; /* communicator rank, or SKEL_PEER_NULL/ANY/NONE/ROOT */
    int32_t rel, mod;
    int32_t cart[SKEL_SIG_MAXDIMS];
    int32_t dims[SKEL_SIG_MAXDIMS], periods[SKEL_SIG_MAXDIMS];
    uint32_t nnull;
    skel_nullpt *nulls;
} skel_cand;

typedef struct skel_csym {
    skel_sig_symbol s; /* peer/peer2/root are chosen by skel_ranks_encode() */
    skel_cand peer, peer2, root;
    skel_cand *group;          /* s.ngroup candidates, one per member (encoded into s.group) */
    skel_timing gap, cpu, dur; /* after the overhead shift */
    uint64_t shift;            /* taken off each gap */
    uint64_t dshift;           /* taken off each call's duration */
} skel_csym;

typedef struct skel_cblock {
    uint32_t n;
    skel_sig_item *items;
} skel_cblock;

typedef struct skel_rclass {
    uint32_t nranks;
    uint32_t *ranks; /* ascending */
    uint32_t nsyms;
    skel_csym *syms;
    uint32_t nblocks;
    skel_cblock *blocks;
    uint32_t top;    /* block of the whole program */
    uint64_t events; /* per member */
    uint64_t length; /* signature length */
} skel_rclass;

/* The one-rank class of rank r: its (merged) symbols syms[0..nsyms), the
 * folding of its symbol string, site_map (r's site index -> global site id)
 * and whether to subtract the tracer's per-event overhead from compute. */
int skel_ranks_class(const skel_rsig *r, const skel_rsym *syms, uint32_t nsyms,
                     const skel_loops *fold, const uint32_t *site_map, int shift,
                     skel_rclass **out);
void skel_ranks_free_class(skel_rclass *c);

/* Merge b into a if they are compatible at threshold T: 1 merged, 0 not,
 * < 0 error.  b is left as it was. */
int skel_ranks_merge(skel_rclass *a, const skel_rclass *b, double T);

/* Whether a and b stay apart at threshold T: 1 apart, with the first reason
 * found (a check of skel_ranks_merge(), naming the symbol by its index in
 * a) in why[0..whylen); 0 they would merge; < 0 error.  Neither changes. */
int skel_ranks_apart(const skel_rclass *a, const skel_rclass *b, double T, char *why,
                     size_t whylen);

/* Fold nranks one-rank classes (consumed) into *nclasses classes, ordered by
 * their smallest rank, using up to `threads` threads. */
int skel_ranks_fold(skel_rclass **per_rank, uint32_t nranks, double T, unsigned threads,
                    skel_rclass ***classes, uint32_t *nclasses);

/* Choose each symbol's encodings (peer, peer2, root) from its candidates. */
void skel_ranks_encode(skel_rclass *c);

#endif
