/* ranks.c - rank folding into rank classes (see ranks.h). */
#include "ranks.h"

#include "calls.h"
#include "error.h"
#include "sketch.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- candidate encodings --------------------------------------------------------- */

static int32_t index_of(const int32_t *v, uint32_t n, int32_t x)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == x)
            return (int32_t)i;
    return -1;
}

/* Cartesian coordinates of communicator rank pos (row-major, as MPI). */
static void coords_of(const skel_comm *c, int32_t pos, int32_t *out)
{
    for (uint32_t i = c->ndims; i-- > 0;) {
        int32_t d = c->dims[i] > 0 ? c->dims[i] : 1;
        out[i] = pos % d;
        pos /= d;
    }
}

static int is_cart(const skel_comm *c)
{
    if (c == NULL || !(c->flags & SKEL_COMMF_CART) || (c->flags & SKEL_COMMF_INTER) ||
        c->ndims == 0 || c->ndims > SKEL_SIG_MAXDIMS)
        return 0;
    int64_t n = 1;
    for (uint32_t i = 0; i < c->ndims; i++) {
        if (c->dims[i] <= 0)
            return 0;
        n *= c->dims[i];
    }
    return n == (int64_t)c->size;
}

/* Candidates for world rank `peer` (or a special value) seen by world rank
 * `me_world` on communicator c (NULL if unknown).  rooted: a root, for
 * which only absolute, offset and modular encodings make sense. */
static void cand_of(skel_cand *k, int32_t peer, const skel_comm *c, int32_t me_world, int rooted)
{
    memset(k, 0, sizeof *k);
    k->abs = peer;
    if (peer == SKEL_PEER_NONE || peer == SKEL_PEER_ANY || peer == SKEL_PEER_ROOT || c == NULL) {
        k->ok = SKEL_CAND_ABS;
        return;
    }
    int inter = (c->flags & SKEL_COMMF_INTER) != 0;
    int32_t me = index_of(c->members, c->size, me_world);
    int cart = !rooted && is_cart(c) && me >= 0;
    if (peer == SKEL_PEER_NULL) {
        k->ok = SKEL_CAND_ABS;
        if (inter || me < 0 || rooted)
            return;
        /* PROC_NULL is what an offset off the edge gives. */
        k->ok |= SKEL_CAND_REL;
        k->nulls = calloc(1, sizeof *k->nulls);
        if (k->nulls == NULL)
            return; /* only the absolute encoding then */
        k->nnull = 1;
        k->nulls[0].pos = me;
        k->nulls[0].size = (int32_t)c->size;
        if (cart) {
            k->ok |= SKEL_CAND_CART;
            k->ndims = (uint8_t)c->ndims;
            memcpy(k->dims, c->dims, c->ndims * sizeof *k->dims);
            memcpy(k->periods, c->periods, c->ndims * sizeof *k->periods);
            coords_of(c, me, k->nulls[0].coords);
        }
        return;
    }
    if (inter) {
        k->ok = SKEL_CAND_ABS;
        int32_t pos = index_of(c->remote, c->remote_size, peer);
        k->abs = pos >= 0 ? pos : peer;
        return;
    }
    int32_t pos = index_of(c->members, c->size, peer);
    if (pos < 0 || me < 0) {
        /* Not a member (a damaged table): only the world rank itself. */
        k->ok = SKEL_CAND_ABS;
        k->abs = -1000 - peer;
        return;
    }
    int32_t n = (int32_t)c->size;
    k->ok = SKEL_CAND_ABS | SKEL_CAND_REL | SKEL_CAND_MOD;
    k->abs = pos;
    k->rel = pos - me;
    k->rel_known = 1;
    k->mod = ((pos - me) % n + n) % n;
    if (cart) {
        int32_t cp[SKEL_SIG_MAXDIMS], cm[SKEL_SIG_MAXDIMS];
        coords_of(c, pos, cp);
        coords_of(c, me, cm);
        k->ok |= SKEL_CAND_CART;
        k->cart_known = 1;
        k->ndims = (uint8_t)c->ndims;
        memcpy(k->dims, c->dims, c->ndims * sizeof *k->dims);
        memcpy(k->periods, c->periods, c->ndims * sizeof *k->periods);
        for (uint32_t i = 0; i < c->ndims; i++) {
            int32_t off = cp[i] - cm[i], d = c->dims[i];
            if (c->periods[i]) {
                /* Periodic: the representative in (-d/2, d/2]. */
                off = ((off % d) + d) % d;
                if (off > d / 2)
                    off -= d;
            }
            k->cart[i] = off;
        }
    }
}

static void cand_free(skel_cand *k)
{
    free(k->nulls);
    k->nulls = NULL;
    k->nnull = 0;
}

/* Is offset rel consistent with every PROC_NULL member of nl? */
static int rel_fits_nulls(int32_t rel, const skel_nullpt *nl, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        int64_t p = (int64_t)nl[i].pos + rel;
        if (p >= 0 && p < nl[i].size)
            return 0;
    }
    return 1;
}

static int cart_fits_nulls(const skel_cand *k, const int32_t *v, const skel_nullpt *nl, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        int out = 0;
        for (uint32_t d = 0; d < k->ndims && !out; d++) {
            if (k->periods[d])
                continue;
            int64_t x = (int64_t)nl[i].coords[d] + v[d];
            out = x < 0 || x >= k->dims[d];
        }
        if (!out)
            return 0;
    }
    return 1;
}

static int same_grid(const skel_cand *a, const skel_cand *b)
{
    return a->ndims == b->ndims && memcmp(a->dims, b->dims, a->ndims * sizeof *a->dims) == 0 &&
           memcmp(a->periods, b->periods, a->ndims * sizeof *a->periods) == 0;
}

/* out = a intersected with b.  1 if some encoding is left, 0 if none, < 0
 * when out of memory. */
static int cand_merge(const skel_cand *a, const skel_cand *b, skel_cand *out)
{
    *out = *a;
    out->nulls = NULL;
    out->nnull = 0;
    uint8_t ok = a->ok & b->ok;
    if ((ok & SKEL_CAND_ABS) && a->abs != b->abs)
        ok &= (uint8_t)~SKEL_CAND_ABS;
    if ((ok & SKEL_CAND_MOD) && a->mod != b->mod)
        ok &= (uint8_t)~SKEL_CAND_MOD;
    if (ok & SKEL_CAND_REL) {
        if (a->rel_known && b->rel_known) {
            if (a->rel != b->rel)
                ok &= (uint8_t)~SKEL_CAND_REL;
        } else if (a->rel_known) {
            if (!rel_fits_nulls(a->rel, b->nulls, b->nnull))
                ok &= (uint8_t)~SKEL_CAND_REL;
        } else if (b->rel_known) {
            if (!rel_fits_nulls(b->rel, a->nulls, a->nnull))
                ok &= (uint8_t)~SKEL_CAND_REL;
            out->rel = b->rel;
            out->rel_known = 1;
        }
    }
    if (ok & SKEL_CAND_CART) {
        if (!same_grid(a, b)) {
            ok &= (uint8_t)~SKEL_CAND_CART;
        } else if (a->cart_known && b->cart_known) {
            if (memcmp(a->cart, b->cart, a->ndims * sizeof *a->cart) != 0)
                ok &= (uint8_t)~SKEL_CAND_CART;
        } else if (a->cart_known) {
            if (!cart_fits_nulls(a, a->cart, b->nulls, b->nnull))
                ok &= (uint8_t)~SKEL_CAND_CART;
        } else if (b->cart_known) {
            if (!cart_fits_nulls(a, b->cart, a->nulls, a->nnull))
                ok &= (uint8_t)~SKEL_CAND_CART;
            memcpy(out->cart, b->cart, sizeof out->cart);
            out->cart_known = 1;
        }
    }
    out->ok = ok;
    if (ok == 0)
        return 0;
    int need =
        ((ok & SKEL_CAND_REL) && !out->rel_known) || ((ok & SKEL_CAND_CART) && !out->cart_known);
    if (need && a->nnull + b->nnull > 0) {
        out->nulls = malloc((a->nnull + b->nnull) * sizeof *out->nulls);
        if (out->nulls == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
        if (a->nnull)
            memcpy(out->nulls, a->nulls, a->nnull * sizeof *out->nulls);
        if (b->nnull)
            memcpy(out->nulls + a->nnull, b->nulls, b->nnull * sizeof *out->nulls);
        out->nnull = a->nnull + b->nnull;
    }
    return 1;
}

static skel_sig_peer special_or_abs(int32_t abs)
{
    skel_sig_peer p;
    memset(&p, 0, sizeof p);
    switch (abs) {
    case SKEL_PEER_NONE:
        p.kind = SKEL_SIG_PEER_NONE;
        break;
    case SKEL_PEER_ANY:
        p.kind = SKEL_SIG_PEER_ANY;
        break;
    case SKEL_PEER_NULL:
        p.kind = SKEL_SIG_PEER_NULL;
        break;
    case SKEL_PEER_ROOT:
        p.kind = SKEL_SIG_PEER_ROOT;
        break;
    default:
        p.kind = SKEL_SIG_PEER_ABS;
        p.value = abs;
    }
    return p;
}

/* Peers prefer what reads as a pattern (reply, grid, offset, ring), roots
 * the plain rank. */
static skel_sig_peer choose(const skel_cand *k, int rooted)
{
    skel_sig_peer p;
    memset(&p, 0, sizeof p);
    if (rooted) {
        if (k->ok & SKEL_CAND_ABS)
            return special_or_abs(k->abs);
        if ((k->ok & SKEL_CAND_REL) && k->rel_known) {
            p.kind = SKEL_SIG_PEER_REL;
            p.value = k->rel;
            return p;
        }
        p.kind = SKEL_SIG_PEER_MOD;
        p.value = k->mod;
        return p;
    }
    if (k->ok & SKEL_CAND_REPLY) {
        p.kind = SKEL_SIG_PEER_REPLY;
    } else if ((k->ok & SKEL_CAND_CART) && k->cart_known) {
        p.kind = SKEL_SIG_PEER_CART;
        p.ndims = k->ndims;
        memcpy(p.vec, k->cart, k->ndims * sizeof *p.vec);
    } else if ((k->ok & SKEL_CAND_REL) && k->rel_known) {
        p.kind = SKEL_SIG_PEER_REL;
        p.value = k->rel;
    } else if (k->ok & SKEL_CAND_MOD) {
        p.kind = SKEL_SIG_PEER_MOD;
        p.value = k->mod;
    } else {
        /* Absolute, or MPI_PROC_NULL on every member. */
        return special_or_abs(k->abs);
    }
    return p;
}

void skel_ranks_encode(skel_rclass *c)
{
    for (uint32_t i = 0; i < c->nsyms; i++) {
        skel_csym *s = &c->syms[i];
        s->s.peer = choose(&s->peer, 0);
        s->s.peer2 = choose(&s->peer2, 0);
        s->s.root = choose(&s->root, 1);
        for (uint32_t m = 0; m < s->s.ngroup; m++)
            s->s.group[m] = choose(&s->group[m], 0);
        memset(&s->s.reply_alt, 0, sizeof s->s.reply_alt);
        if (s->s.peer.kind == SKEL_SIG_PEER_REPLY &&
            (s->peer.ok & (SKEL_CAND_ABS | SKEL_CAND_REL | SKEL_CAND_MOD | SKEL_CAND_CART))) {
            skel_cand fixed = s->peer;
            fixed.ok &= (uint8_t)~SKEL_CAND_REPLY;
            s->s.reply_alt = choose(&fixed, 0);
        }
    }
}

/* ---- one-rank classes ------------------------------------------------------------- */

static uint64_t sat_sub(uint64_t a, uint64_t b)
{
    return a > b ? a - b : 0;
}

/* dst = src with s ns taken off every sample (saturating at 0). */
static int shift_timing(skel_timing *dst, const skel_timing *src, uint64_t n, uint64_t s)
{
    memset(dst, 0, sizeof *dst);
    if (s == 0 || n == 0) {
        *dst = *src;
        memset(&dst->sk, 0, sizeof dst->sk);
        return skel_sketch_copy(&dst->sk, &src->sk);
    }
    dst->min = sat_sub(src->min, s);
    dst->max = sat_sub(src->max, s);
    int rc = skel_sketch_add_bucket(&dst->sk, -1, src->sk.zeros);
    double sum = 0;
    for (uint32_t i = 0; i < src->sk.nbins && rc == SKEL_OK; i++) {
        uint64_t c = src->sk.bins[i];
        if (c == 0)
            continue;
        double v = skel_sketch_value(src->sk.first + (int32_t)i) - (double)s;
        uint64_t iv = v > 0.5 ? (uint64_t)(v + 0.5) : 0;
        sum += (double)iv * (double)c;
        rc = skel_sketch_add_bucket(&dst->sk, iv ? skel_sketch_index(iv) : -1, c);
    }
    /* Exact when no sample was below the shift, else from the sketch. */
    dst->sum = src->min >= s ? src->sum - n * s : (uint64_t)sum;
    return rc;
}

void skel_ranks_free_class(skel_rclass *c)
{
    if (c == NULL)
        return;
    for (uint32_t i = 0; i < c->nsyms; i++) {
        skel_csym *s = &c->syms[i];
        free(s->s.links);
        cand_free(&s->peer);
        cand_free(&s->peer2);
        cand_free(&s->root);
        for (uint32_t m = 0; s->group != NULL && m < s->s.ngroup; m++)
            cand_free(&s->group[m]);
        free(s->group);
        free(s->s.group);
        skel_sketch_free(&s->gap.sk);
        skel_sketch_free(&s->cpu.sk);
        skel_sketch_free(&s->dur.sk);
    }
    free(c->syms);
    if (c->blocks != NULL)
        for (uint32_t i = 0; i < c->nblocks; i++)
            free(c->blocks[i].items);
    free(c->blocks);
    free(c->ranks);
    free(c);
}

static int copy_items(skel_cblock *b, const skel_loops_item *it, uint32_t n)
{
    b->n = n;
    b->items = malloc((n ? n : 1) * sizeof *b->items);
    if (b->items == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        int loop = (it[i].ref & SKEL_LOOPS_LOOP) != 0;
        b->items[i] = (skel_sig_item){.kind = loop ? SKEL_SIG_ITEM_LOOP : SKEL_SIG_ITEM_SYMBOL,
                                      .ref = it[i].ref & ~SKEL_LOOPS_LOOP,
                                      .count = it[i].count};
    }
    return SKEL_OK;
}

int skel_ranks_class(const skel_rsig *r, const skel_rsym *syms, uint32_t nsyms,
                     const skel_loops *fold, const uint32_t *site_map, int shift, skel_rclass **out)
{
    int rc = SKEL_OK;
    skel_rclass *c = calloc(1, sizeof *c);
    if (c == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    c->nranks = 1;
    c->ranks = malloc(sizeof *c->ranks);
    c->syms = calloc(nsyms ? nsyms : 1, sizeof *c->syms);
    uint32_t nb = skel_loops_nbodies(fold);
    c->nblocks = nb + 1;
    c->blocks = calloc(nb + 1, sizeof *c->blocks);
    if (c->ranks == NULL || c->syms == NULL || c->blocks == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto fail;
    }
    c->ranks[0] = r->rank;
    c->nsyms = nsyms;
    uint64_t s = shift ? r->per_event_ns : 0, cs = shift ? r->call_ns : 0;
    int32_t me = (int32_t)r->rank;
    for (uint32_t i = 0; i < nsyms; i++) {
        const skel_rsym *y = &syms[i];
        skel_csym *d = &c->syms[i];
        d->s.id = i;
        d->s.call = y->call;
        const struct skel_call_info *ci = skel_call_info(y->call);
        /* The root: this rank, or MPI_ROOT on an intercommunicator
         * (skel_sig_side_of()). */
        int side = ci != NULL && ci->rooted &&
                           ((y->root >= 0 && y->root == me) || y->root == SKEL_PEER_ROOT)
                       ? SKEL_SIG_SIDE_ROOT
                       : SKEL_SIG_SIDE_OTHER;
        d->s.sides = (uint8_t)(1u << side);
        d->s.side[side] = (skel_sig_side){.flags = y->flags,
                                          .count = y->count,
                                          .bytes = y->bytes,
                                          .rbytes = y->rbytes,
                                          .events = y->n,
                                          .rbytes_events = y->n};
        /* A receive from MPI_PROC_NULL gets nothing: its 0 says nothing
         * about what the other members receive. */
        int32_t src = ci == NULL                         ? SKEL_PEER_NONE
                      : ci->klass == SKEL_CLASS_SENDRECV ? y->peer2
                      : skel_class_is_receive(ci->klass) || ci->klass == SKEL_CLASS_IRECV ||
                              ci->klass == SKEL_CLASS_RECV_INIT
                          ? y->peer
                          : SKEL_PEER_NONE;
        if (src == SKEL_PEER_NULL && y->rbytes.max == 0) {
            d->s.side[side].rbytes_events = 0;
            d->s.side[side].rbytes = (skel_sig_range){0, 0, 0.0};
        }
        d->s.comm = y->comm;
        d->s.newcomm = y->newcomm;
        d->s.obj = y->obj;
        d->s.tag = y->tag;
        d->s.tag2 = y->tag2;
        d->s.parts = y->parts;
        d->s.dtsize = y->dtsize;
        d->s.op = (uint8_t)y->op;
        d->s.site = y->site < r->nsites ? site_map[y->site] : SKEL_SIG_NONE;
        d->s.prev_site = y->prev_site < r->nsites ? site_map[y->prev_site] : SKEL_SIG_NONE;
        d->s.occurrences = y->n;
        d->s.ws_samples = y->ws_n;
        d->s.polls = y->polls;
        d->s.ws_bytes = y->ws_n ? y->ws_min : 0;
        d->s.nlinks = y->nlinks;
        if (y->nlinks > 0) {
            d->s.links = malloc(y->nlinks * sizeof *d->s.links);
            if (d->s.links == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                goto fail;
            }
            memcpy(d->s.links, r->links + y->link_off, y->nlinks * sizeof *d->s.links);
        }
        const skel_comm *cm = y->comm < r->ncomms ? &r->comms[y->comm] : NULL;
        if (y->peer == SKEL_SYM_PEER_REPLY) {
            if (!y->reply_mixed)
                cand_of(&d->peer, y->reply_peer, cm, me, 0);
            else
                memset(&d->peer, 0, sizeof d->peer);
            d->peer.ok |= SKEL_CAND_REPLY;
        } else {
            cand_of(&d->peer, y->peer, cm, me, 0);
        }
        cand_of(&d->peer2, y->peer2, cm, me, 0);
        cand_of(&d->root, y->root, cm, me, 1);
        if (y->group != SKEL_SIG_NONE && y->group < r->ngroups) {
            /* Each member as a peer on the window's communicator. */
            const struct skel_rgroup *g = &r->groups[y->group];
            d->group = calloc(g->n, sizeof *d->group);
            d->s.group = calloc(g->n, sizeof *d->s.group);
            if (d->group == NULL || d->s.group == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                goto fail;
            }
            d->s.ngroup = g->n;
            for (uint32_t m = 0; m < g->n; m++)
                cand_of(&d->group[m], r->gmembers[g->off + m], cm, me, 0);
        }
        /* The tracer's cost per event, once per event: a poll that ends a
         * folded run (compress/pollfold.h) stands for its run's polls, whose
         * gaps each carry that cost too (HPCC: 1.08 M polls folded into 24 k
         * left ~70 ms of the tracer's per rank in its RandomAccess phases).
         * Spread evenly over the symbol's phases: the mean is exact.  Every
         * call's duration loses the tracer's time inside a call (call-ns,
         * docs/signature.md; folded polls' durations lost it when they
         * were folded). */
        uint64_t sy = s;
        if (s > 0 && y->polls > 0 && y->n > 0)
            sy = s + (uint64_t)((double)s * (double)y->polls / (double)y->n + 0.5);
        d->shift = sy;
        d->dshift = cs;
        if ((rc = shift_timing(&d->gap, &y->gap, y->n, sy)) != SKEL_OK ||
            (rc = shift_timing(&d->cpu, &y->cpu, y->n, sy)) != SKEL_OK ||
            (rc = shift_timing(&d->dur, &y->dur, y->n, cs)) != SKEL_OK)
            goto fail;
    }
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t n;
        const skel_loops_item *it = skel_loops_body(fold, b, &n);
        if ((rc = copy_items(&c->blocks[b], it, n)) != SKEL_OK)
            goto fail;
    }
    uint32_t n;
    const skel_loops_item *top = skel_loops_top(fold, &n);
    if ((rc = copy_items(&c->blocks[nb], top, n)) != SKEL_OK)
        goto fail;
    c->top = nb;
    c->events = r->events;
    c->length = skel_loops_length(fold);
    *out = c;
    return SKEL_OK;
fail:
    skel_ranks_free_class(c);
    return rc;
}

/* ---- merging two classes --------------------------------------------------------------- */

struct match {
    const skel_rclass *a, *b;
    uint32_t *sym_ab, *sym_ba, *blk_ab;
};

static int match_block(struct match *m, uint32_t ba, uint32_t bb, int depth)
{
    if (m->blk_ab[ba] != SKEL_SIG_NONE)
        return m->blk_ab[ba] == bb;
    if (depth > 200)
        return 0;
    const skel_cblock *x = &m->a->blocks[ba], *y = &m->b->blocks[bb];
    if (x->n != y->n)
        return 0;
    m->blk_ab[ba] = bb;
    for (uint32_t i = 0; i < x->n; i++) {
        const skel_sig_item *p = &x->items[i], *q = &y->items[i];
        if (p->kind != q->kind || p->count != q->count)
            return 0;
        if (p->kind == SKEL_SIG_ITEM_LOOP) {
            if (!match_block(m, p->ref, q->ref, depth + 1))
                return 0;
            continue;
        }
        if (m->sym_ab[p->ref] == SKEL_SIG_NONE && m->sym_ba[q->ref] == SKEL_SIG_NONE) {
            m->sym_ab[p->ref] = q->ref;
            m->sym_ba[q->ref] = p->ref;
        } else if (m->sym_ab[p->ref] != q->ref || m->sym_ba[q->ref] != p->ref) {
            return 0; /* symbols must correspond one to one */
        }
    }
    return 1;
}

static int range_fits(const skel_sig_range *a, const skel_sig_range *b, double T)
{
    int64_t lo = a->min < b->min ? a->min : b->min;
    int64_t hi = a->max > b->max ? a->max : b->max;
    if (lo == hi)
        return 1;
    if (lo <= 0 || T <= 0)
        return 0;
    return (double)hi <= (double)lo * (1.0 + T);
}

/* The first hard field in which x and y differ at threshold T, NULL if none. */
static const char *hard_diff(const skel_sig_symbol *x, const skel_sig_symbol *y, double T)
{
    if (x->call != y->call)
        return "call";
    if (x->comm != y->comm)
        return "communicator";
    if (x->newcomm != y->newcomm)
        return "communicator created";
    if (x->obj != y->obj)
        return "file or window";
    if (x->tag != y->tag || x->tag2 != y->tag2)
        return "tag";
    if (x->dtsize != y->dtsize)
        return "datatype size";
    if (x->op != y->op)
        return "reduction operation";
    if (x->parts != y->parts)
        return "partitions";
    /* MPI wants a partitioned send's and receive's buffers of one size. */
    if (skel_call_partitioned(x->call) && !range_fits(&x->side[0].count, &y->side[0].count, 0))
        return "partitioned buffer size";
    if (x->nlinks != y->nlinks || x->ngroup != y->ngroup)
        return "completion list or group";
    for (uint32_t i = 0; i < x->nlinks; i++)
        if (x->links[i].dist != y->links[i].dist || x->links[i].index != y->links[i].index ||
            x->links[i].call != y->links[i].call || x->links[i].flags != y->links[i].flags)
            return "completion list";
    for (int k = 0; k < 2; k++) {
        if (!(x->sides & y->sides & (1u << k)))
            continue;
        const skel_sig_side *p = &x->side[k], *q = &y->side[k];
        if (p->flags != q->flags)
            return "flags";
        if (!range_fits(&p->count, &q->count, T))
            return "element count";
        if (!range_fits(&p->bytes, &q->bytes, T))
            return "byte count";
        if (p->rbytes_events > 0 && q->rbytes_events > 0 && !range_fits(&p->rbytes, &q->rbytes, T))
            return "received byte count";
    }
    if (T <= 0 && (x->site != y->site || x->prev_site != y->prev_site))
        return "call site (or the previous call's)";
    return NULL;
}

/* Per-rank compute of a class: the sum of its symbols' gaps over its ranks. */
static double class_compute(const skel_rclass *c)
{
    double t = 0;
    for (uint32_t i = 0; i < c->nsyms; i++)
        t += (double)c->syms[i].gap.sum;
    return c->nranks > 0 ? t / c->nranks : 0;
}

/* Compute phases alike: ranks that make the same calls but compute
 * differently - one sleeps where the other computes, a master prepares
 * while workers wait, a rank gets far more work - stay apart, so that the
 * skeleton gives each its own compute (folded, their distributions would
 * mix and every rank would draw from the mixture).  Medians are compared,
 * not means: a rank that lost its core a few times (more ranks than cores,
 * another program) has a few long gaps that move the mean, not the median.
 * Differences that do not matter pass: a phase under 2 % of the ranks'
 * compute or passed fewer than 8 times per rank (set-up, rank 0 printing
 * the result: a skeleton scales those down), CPU medians within 20 us or a
 * factor 1 + max(T, 0.5). */
static int same_timing(const skel_rclass *a, const skel_csym *x, const skel_rclass *b,
                       const skel_csym *y, double total, double T, char *why, size_t whylen)
{
    double pa = a->nranks ? (double)x->gap.sum / a->nranks : 0;
    double pb = b->nranks ? (double)y->gap.sum / b->nranks : 0;
    if ((pa > pb ? pa : pb) < 0.02 * total)
        return 1;
    if ((a->nranks && x->s.occurrences / a->nranks < 8) ||
        (b->nranks && y->s.occurrences / b->nranks < 8))
        return 1;
    double ca = skel_sketch_quantile(&x->cpu.sk, 0.5), cb = skel_sketch_quantile(&y->cpu.sk, 0.5);
    double wa = skel_sketch_quantile(&x->gap.sk, 0.5), wb = skel_sketch_quantile(&y->gap.sk, 0.5);
    double lo = ca < cb ? ca : cb, hi = ca < cb ? cb : ca, f = 1.0 + (T > 0.5 ? T : 0.5);
    if (!(hi - lo <= 20000.0 || hi <= lo * f)) {
        if (why != NULL)
            snprintf(why, whylen,
                     "the compute before it has CPU medians of %.1f us and %.1f us, more than "
                     "20 us and a factor %.2f apart",
                     ca / 1e3, cb / 1e3, f);
        return 0;
    }
    /* Off the CPU, what the skeleton would replay: whether the phase is
     * mostly a sleep (at least half of it, and 5 us or more). */
    int sa = wa - ca >= 5000.0 && wa - ca >= ca, sb = wb - cb >= 5000.0 && wb - cb >= cb;
    if (sa != sb && why != NULL)
        snprintf(why, whylen,
                 "the compute before it is mostly off the processor on one side only (wall "
                 "medians %.1f us and %.1f us, CPU %.1f us and %.1f us)",
                 wa / 1e3, wb / 1e3, ca / 1e3, cb / 1e3);
    return sa == sb;
}

static void range_merge(skel_sig_range *a, const skel_sig_range *b, uint64_t na, uint64_t nb)
{
    if (b->min < a->min)
        a->min = b->min;
    if (b->max > a->max)
        a->max = b->max;
    a->mean = na + nb > 0 ? (a->mean * (double)na + b->mean * (double)nb) / (double)(na + nb) : 0;
}

/* The reason a check failed, into why[0..whylen) when why is not NULL. */
#define WHY(...) (why != NULL ? (void)snprintf(why, whylen, __VA_ARGS__) : (void)0)

/* skel_ranks_merge() and skel_ranks_apart(): the checks, then the merge if
 * `commit`. */
static int merge_core(skel_rclass *a, const skel_rclass *b, double T, int commit, char *why,
                      size_t whylen)
{
    if (a->events != b->events) {
        WHY("they make %llu and %llu MPI calls", (unsigned long long)a->events,
            (unsigned long long)b->events);
        return 0;
    }
    if (a->nsyms != b->nsyms || a->nblocks != b->nblocks ||
        a->blocks[a->top].n != b->blocks[b->top].n) {
        WHY("their calls fold into different loops (%u and %u symbols, %u and %u loops)", a->nsyms,
            b->nsyms, a->nblocks, b->nblocks);
        return 0;
    }
    int rc = SKEL_OK, result = 0;
    uint32_t ns = a->nsyms;
    struct match m = {.a = a, .b = b};
    m.sym_ab = malloc((ns ? ns : 1) * sizeof *m.sym_ab);
    m.sym_ba = malloc((ns ? ns : 1) * sizeof *m.sym_ba);
    m.blk_ab = malloc(a->nblocks * sizeof *m.blk_ab);
    skel_cand *tmp = calloc(3 * (size_t)(ns ? ns : 1), sizeof *tmp);
    uint32_t ntmp = 0;
    /* Merged group candidates, per symbol of a (NULL: it has no group). */
    skel_cand **gtmp = calloc(ns ? ns : 1, sizeof *gtmp);
    if (!m.sym_ab || !m.sym_ba || !m.blk_ab || !tmp || !gtmp) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
        goto out;
    }
    memset(m.sym_ab, 0xff, (ns ? ns : 1) * sizeof *m.sym_ab);
    memset(m.sym_ba, 0xff, (ns ? ns : 1) * sizeof *m.sym_ba);
    memset(m.blk_ab, 0xff, a->nblocks * sizeof *m.blk_ab);
    if (!match_block(&m, a->top, b->top, 0)) {
        WHY("their loops hold different calls");
        goto out;
    }
    /* Check every pair, computing the merged candidates aside. */
    double ta = class_compute(a), tb = class_compute(b), total = ta > tb ? ta : tb;
    for (uint32_t i = 0; i < ns; i++) {
        uint32_t j = m.sym_ab[i];
        if (j == SKEL_SIG_NONE) {
            WHY("symbol %u (%s) has no counterpart", i, skel_call_name(a->syms[i].s.call));
            goto out;
        }
        const skel_csym *x = &a->syms[i], *y = &b->syms[j];
        const char *d = hard_diff(&x->s, &y->s, T);
        if (d != NULL) {
            WHY("symbol %u (%s): the %s differs", i, skel_call_name(x->s.call), d);
            goto out;
        }
        char tw[200] = "";
        if (!same_timing(a, x, b, y, total, T, why != NULL ? tw : NULL, sizeof tw)) {
            WHY("symbol %u (%s): %s", i, skel_call_name(x->s.call), tw);
            goto out;
        }
        for (int k = 0; k < 3; k++) {
            const skel_cand *ca = k == 0 ? &x->peer : k == 1 ? &x->peer2 : &x->root;
            const skel_cand *cb = k == 0 ? &y->peer : k == 1 ? &y->peer2 : &y->root;
            int ok = cand_merge(ca, cb, &tmp[3 * i + (uint32_t)k]);
            ntmp = 3 * i + (uint32_t)k + 1;
            if (ok < 0) {
                rc = ok;
                goto out;
            }
            if (ok == 0) {
                WHY("symbol %u (%s): no encoding of its %s is right for both", i,
                    skel_call_name(x->s.call),
                    k == 0   ? "peer"
                    : k == 1 ? "second peer"
                             : "root");
                goto out;
            }
        }
        if (x->s.ngroup > 0) {
            if ((gtmp[i] = calloc(x->s.ngroup, sizeof *gtmp[i])) == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
                goto out;
            }
            for (uint32_t g = 0; g < x->s.ngroup; g++) {
                int ok = cand_merge(&x->group[g], &y->group[g], &gtmp[i][g]);
                if (ok < 0) {
                    rc = ok;
                    goto out;
                }
                if (ok == 0) {
                    WHY("symbol %u (%s): no encoding of group member %u is right for both", i,
                        skel_call_name(x->s.call), g);
                    goto out;
                }
            }
        }
    }
    if (!commit) {
        result = 1;
        goto out;
    }
    /* Commit. */
    uint32_t *nr = realloc(a->ranks, (a->nranks + b->nranks) * sizeof *nr);
    if (nr == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
        goto out;
    }
    a->ranks = nr;
    for (uint32_t i = 0; i < ns; i++) {
        skel_csym *x = &a->syms[i];
        const skel_csym *y = &b->syms[m.sym_ab[i]];
        cand_free(&x->peer);
        cand_free(&x->peer2);
        cand_free(&x->root);
        x->peer = tmp[3 * i];
        x->peer2 = tmp[3 * i + 1];
        x->root = tmp[3 * i + 2];
        memset(&tmp[3 * i], 0, 3 * sizeof *tmp);
        for (uint32_t g = 0; g < x->s.ngroup; g++) {
            cand_free(&x->group[g]);
            x->group[g] = gtmp[i][g];
        }
        free(gtmp[i]);
        gtmp[i] = NULL;
        for (int k = 0; k < 2; k++) {
            skel_sig_side *p = &x->s.side[k];
            const skel_sig_side *q = &y->s.side[k];
            if (!(y->s.sides & (1u << k)))
                continue;
            if (!(x->s.sides & (1u << k))) {
                *p = *q;
                continue;
            }
            range_merge(&p->count, &q->count, p->events, q->events);
            range_merge(&p->bytes, &q->bytes, p->events, q->events);
            if (p->rbytes_events == 0)
                p->rbytes = q->rbytes;
            else if (q->rbytes_events > 0)
                range_merge(&p->rbytes, &q->rbytes, p->rbytes_events, q->rbytes_events);
            p->events += q->events;
            p->rbytes_events += q->rbytes_events;
        }
        x->s.sides |= y->s.sides;
        if (x->s.site != y->s.site)
            x->s.site = SKEL_SIG_NONE;
        if (x->s.prev_site != y->s.prev_site)
            x->s.prev_site = SKEL_SIG_NONE;
        x->s.occurrences += y->s.occurrences;
        if (y->s.ws_samples > 0 && (x->s.ws_samples == 0 || y->s.ws_bytes < x->s.ws_bytes))
            x->s.ws_bytes = y->s.ws_bytes;
        x->s.ws_samples += y->s.ws_samples;
        x->s.polls += y->s.polls;
        if (y->shift > x->shift)
            x->shift = y->shift;
        if (y->dshift > x->dshift)
            x->dshift = y->dshift;
        if ((rc = skel_timing_merge(&x->gap, &y->gap)) != SKEL_OK ||
            (rc = skel_timing_merge(&x->cpu, &y->cpu)) != SKEL_OK ||
            (rc = skel_timing_merge(&x->dur, &y->dur)) != SKEL_OK)
            goto out;
    }
    /* Ranks stay ascending: merge the two sorted lists. */
    uint32_t na = a->nranks, nbr = b->nranks, *merged = malloc((na + nbr) * sizeof *merged);
    if (merged == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
        goto out;
    }
    for (uint32_t i = 0, j = 0, k = 0; k < na + nbr; k++)
        merged[k] =
            (j >= nbr || (i < na && a->ranks[i] < b->ranks[j])) ? a->ranks[i++] : b->ranks[j++];
    memcpy(a->ranks, merged, (na + nbr) * sizeof *merged);
    free(merged);
    a->nranks = na + nbr;
    result = 1;
out:
    for (uint32_t i = 0; tmp != NULL && i < ntmp; i++)
        cand_free(&tmp[i]);
    free(tmp);
    for (uint32_t i = 0; gtmp != NULL && i < ns; i++) {
        for (uint32_t g = 0; gtmp[i] != NULL && g < a->syms[i].s.ngroup; g++)
            cand_free(&gtmp[i][g]);
        free(gtmp[i]);
    }
    free(gtmp);
    free(m.sym_ab);
    free(m.sym_ba);
    free(m.blk_ab);
    return rc != SKEL_OK ? rc : result;
}
#undef WHY

int skel_ranks_merge(skel_rclass *a, const skel_rclass *b, double T)
{
    return merge_core(a, b, T, 1, NULL, 0);
}

int skel_ranks_apart(const skel_rclass *a, const skel_rclass *b, double T, char *why, size_t whylen)
{
    if (why != NULL && whylen > 0)
        why[0] = '\0';
    /* Without `commit`, a is only read. */
    int rc = merge_core((skel_rclass *)a, b, T, 0, why, whylen);
    return rc < 0 ? rc : !rc;
}

/* ---- the reduction tree ------------------------------------------------------------------ */

struct list {
    skel_rclass **c;
    uint32_t n;
};

struct job {
    struct list *into, *from;
    double T;
    int rc;
    char err[512];
};

/* Fold every class of `from` into `into` (first compatible one, else
 * appended); from is emptied. */
static int merge_lists(struct list *into, struct list *from, double T)
{
    skel_rclass **nc = realloc(into->c, (into->n + from->n) * sizeof *nc);
    if (nc == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
    into->c = nc;
    for (uint32_t j = 0; j < from->n; j++) {
        skel_rclass *b = from->c[j];
        int merged = 0;
        for (uint32_t i = 0; i < into->n && !merged; i++) {
            int rc = skel_ranks_merge(into->c[i], b, T);
            if (rc < 0)
                return rc;
            merged = rc;
        }
        if (merged) {
            skel_ranks_free_class(b);
        } else {
            into->c[into->n++] = b;
        }
        from->c[j] = NULL;
    }
    from->n = 0;
    return SKEL_OK;
}

struct pool {
    struct job *jobs;
    uint32_t njobs;
    uint32_t next;
    pthread_mutex_t lock;
};

static void *worker(void *arg)
{
    struct pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        uint32_t i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->njobs)
            return NULL;
        struct job *j = &p->jobs[i];
        j->rc = merge_lists(j->into, j->from, j->T);
        if (j->rc != SKEL_OK)
            snprintf(j->err, sizeof j->err, "%s", skel_last_error());
    }
}

static int cmp_class(const void *pa, const void *pb)
{
    const skel_rclass *a = *(skel_rclass *const *)pa, *b = *(skel_rclass *const *)pb;
    return a->ranks[0] < b->ranks[0] ? -1 : a->ranks[0] > b->ranks[0];
}

int skel_ranks_fold(skel_rclass **per_rank, uint32_t nranks, double T, unsigned threads,
                    skel_rclass ***classes, uint32_t *nclasses)
{
    int rc = SKEL_OK;
    struct list *l = calloc(nranks ? nranks : 1, sizeof *l);
    struct job *jobs = calloc(nranks / 2 + 1, sizeof *jobs);
    pthread_t *tid = calloc(threads ? threads : 1, sizeof *tid);
    if (l == NULL || jobs == NULL || tid == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
        goto out;
    }
    for (uint32_t i = 0; i < nranks; i++) {
        l[i].c = malloc(sizeof *l[i].c);
        if (l[i].c == NULL) {
            for (uint32_t k = i; k < nranks; k++)
                skel_ranks_free_class(per_rank[k]);
            rc = skel_fail(SKEL_ENOMEM, "out of memory (rank folding)");
            goto out;
        }
        l[i].c[0] = per_rank[i];
        l[i].n = 1;
        per_rank[i] = NULL;
    }
    /* Level by level: list i absorbs list i + stride. */
    for (uint32_t stride = 1; stride < nranks && rc == SKEL_OK; stride *= 2) {
        uint32_t nj = 0;
        for (uint32_t i = 0; i + stride < nranks; i += 2 * stride)
            jobs[nj++] = (struct job){.into = &l[i], .from = &l[i + stride], .T = T};
        struct pool p = {.jobs = jobs, .njobs = nj};
        pthread_mutex_init(&p.lock, NULL);
        unsigned nt = threads > 1 ? threads : 1;
        if (nt > nj)
            nt = nj;
        unsigned started = 0;
        for (unsigned t = 1; t < nt; t++)
            if (pthread_create(&tid[t], NULL, worker, &p) == 0)
                started = t;
            else
                break;
        worker(&p); /* this thread works too */
        for (unsigned t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        pthread_mutex_destroy(&p.lock);
        for (uint32_t k = 0; k < nj && rc == SKEL_OK; k++)
            if (jobs[k].rc != SKEL_OK)
                rc = skel_fail(jobs[k].rc, "%s", jobs[k].err);
    }
    if (rc == SKEL_OK) {
        qsort(l[0].c, l[0].n, sizeof *l[0].c, cmp_class);
        *classes = l[0].c;
        *nclasses = l[0].n;
        l[0].c = NULL;
        l[0].n = 0;
    }
out:
    if (l != NULL)
        for (uint32_t i = 0; i < nranks; i++) {
            for (uint32_t k = 0; k < l[i].n; k++)
                skel_ranks_free_class(l[i].c[k]);
            free(l[i].c);
        }
    free(l);
    free(jobs);
    free(tid);
    return rc;
}
