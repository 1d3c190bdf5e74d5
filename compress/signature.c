/* signature.c - the execution signature in memory (see signature.h). */
#include "signature.h"

#include "calls.h"
#include "error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void skel_signature_free(skel_signature *s)
{
    if (s == NULL)
        return;
    for (uint32_t i = 0; s->argv != NULL && i < s->argc; i++)
        free(s->argv[i]);
    free(s->argv);
    free(s->mpi_library);
    free(s->tracer_version);
    free(s->partial);
    free(s->threads);
    for (uint32_t i = 0; s->sites != NULL && i < s->nsites; i++) {
        free(s->sites[i].module);
        free(s->sites[i].func);
        free(s->sites[i].file);
    }
    free(s->sites);
    for (uint32_t i = 0; s->comms != NULL && i < s->ncomms; i++) {
        free(s->comms[i].members);
        free(s->comms[i].remote);
        free(s->comms[i].dims);
        free(s->comms[i].periods);
        free(s->comms[i].nbr_off);
        free(s->comms[i].nbrs);
    }
    free(s->comms);
    for (uint32_t i = 0; s->ranks != NULL && i < s->nranks; i++)
        free(s->ranks[i].comms);
    free(s->ranks);
    for (uint32_t i = 0; s->classes != NULL && i < s->nclasses; i++)
        free(s->classes[i].ranks);
    free(s->classes);
    for (uint32_t i = 0; s->symbols != NULL && i < s->nsymbols; i++) {
        skel_sig_symbol *y = &s->symbols[i];
        free(y->links);
        free(y->group);
        skel_sketch_free(&y->compute.sketch);
        skel_sketch_free(&y->compute_cpu.sketch);
        skel_sketch_free(&y->duration.sketch);
    }
    free(s->symbols);
    for (uint32_t i = 0; s->blocks != NULL && i < s->nblocks; i++)
        free(s->blocks[i].items);
    free(s->blocks);
    free(s);
}

/* ---- peers -------------------------------------------------------------------------- */

static int32_t find(const int32_t *v, uint32_t n, int32_t x)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] == x)
            return (int32_t)i;
    return -1;
}

int skel_sig_peer_resolve(const skel_signature *s, uint32_t rank, uint32_t slot,
                          const skel_sig_peer *p, int32_t reply_src, int32_t *comm_rank,
                          int32_t *world_rank)
{
    int32_t special = 0;
    switch (p->kind) {
    case SKEL_SIG_PEER_NONE:
        special = SKEL_PEER_NONE;
        break;
    case SKEL_SIG_PEER_ANY:
        special = SKEL_PEER_ANY;
        break;
    case SKEL_SIG_PEER_NULL:
        special = SKEL_PEER_NULL;
        break;
    case SKEL_SIG_PEER_ROOT:
        special = SKEL_PEER_ROOT;
        break;
    default:
        break;
    }
    if (special != 0) {
        *comm_rank = *world_rank = special;
        return SKEL_OK;
    }
    if (rank >= s->nranks)
        return skel_fail(SKEL_ERANGE, "rank %u does not exist (%u ranks)", rank, s->nranks);
    const skel_sig_rank *rk = &s->ranks[rank];
    int32_t self = (int32_t)rank;
    const int32_t *members = &self, *remote = NULL;
    uint32_t size = 1, rsize = 0;
    const skel_sig_comm *c = NULL;
    if (slot != SKEL_COMM_SELF) {
        if (slot >= rk->ncomms || rk->comms[slot] >= s->ncomms)
            return skel_fail(SKEL_ERANGE, "rank %u has no communicator in slot %u", rank, slot);
        c = &s->comms[rk->comms[slot]];
        members = c->members;
        size = c->size;
        remote = c->remote;
        rsize = c->remote_size;
    }
    int inter = c != NULL && (c->flags & SKEL_COMMF_INTER);
    int32_t me = find(members, size, self);
    if (me < 0)
        return skel_fail(SKEL_ERANGE, "rank %u is not a member of its slot %u", rank, slot);
    int32_t pos = -1;
    switch (p->kind) {
    case SKEL_SIG_PEER_ABS:
        pos = p->value;
        break;
    case SKEL_SIG_PEER_REL: {
        int64_t q = (int64_t)me + p->value; /* a hostile value must not overflow */
        if (q < 0 || q >= (int64_t)size) {
            *comm_rank = *world_rank = SKEL_PEER_NULL;
            return SKEL_OK;
        }
        pos = (int32_t)q;
        break;
    }
    case SKEL_SIG_PEER_MOD:
        pos = (int32_t)(((int64_t)me + p->value) % (int64_t)size);
        if (pos < 0)
            pos += (int32_t)size;
        break;
    case SKEL_SIG_PEER_CART: {
        if (c == NULL || !(c->flags & SKEL_COMMF_CART) || c->ndims != p->ndims)
            return skel_fail(SKEL_ERANGE,
                             "rank %u: slot %u is not a %u-dimensional Cartesian communicator",
                             rank, slot, p->ndims);
        int32_t co[SKEL_SIG_MAXDIMS];
        int32_t rest = me;
        for (uint32_t i = c->ndims; i-- > 0;) {
            int32_t d = c->dims[i] > 0 ? c->dims[i] : 1;
            co[i] = rest % d;
            rest /= d;
        }
        int64_t lin = 0;
        for (uint32_t i = 0; i < c->ndims; i++) {
            int64_t d = c->dims[i] > 0 ? c->dims[i] : 1, x = (int64_t)co[i] + p->vec[i];
            if (c->periods[i])
                x = ((x % d) + d) % d;
            else if (x < 0 || x >= d) {
                *comm_rank = *world_rank = SKEL_PEER_NULL;
                return SKEL_OK;
            }
            lin = lin * d + x;
        }
        pos = (int32_t)lin;
        break;
    }
    case SKEL_SIG_PEER_REPLY:
        if (reply_src < 0)
            return skel_fail(SKEL_ERANGE, "rank %u: a reply without a wildcard receive before it",
                             rank);
        pos = inter ? find(remote, rsize, reply_src) : find(members, size, reply_src);
        if (pos < 0)
            return skel_fail(SKEL_ERANGE, "rank %u: reply to rank %d, not in slot %u", rank,
                             reply_src, slot);
        break;
    default:
        return skel_fail(SKEL_ERANGE, "unknown peer encoding %u", p->kind);
    }
    uint32_t lim = inter ? rsize : size;
    if (pos < 0 || (uint32_t)pos >= lim)
        return skel_fail(SKEL_ERANGE, "rank %u: peer %d out of range for slot %u (size %u)", rank,
                         pos, slot, lim);
    *comm_rank = pos;
    *world_rank = inter ? remote[pos] : members[pos];
    return SKEL_OK;
}

/* ---- walking ---------------------------------------------------------------------------- */

static int walk_block(const skel_signature *s, uint32_t b,
                      int (*fn)(void *ctx, const skel_sig_symbol *sym), void *ctx, int depth)
{
    if (depth > 1000)
        return skel_fail(SKEL_EFORMAT, "blocks nested deeper than 1000 (a cycle?)");
    const skel_sig_block *blk = &s->blocks[b];
    for (uint32_t i = 0; i < blk->nitems; i++) {
        const skel_sig_item *it = &blk->items[i];
        if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
            int rc = fn(ctx, &s->symbols[it->ref]);
            if (rc != 0)
                return rc;
            continue;
        }
        for (uint64_t k = 0; k < it->count; k++) {
            int rc = walk_block(s, it->ref, fn, ctx, depth + 1);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

int skel_sig_walk(const skel_signature *s, uint32_t cls,
                  int (*fn)(void *ctx, const skel_sig_symbol *sym), void *ctx)
{
    if (cls >= s->nclasses)
        return skel_fail(SKEL_ERANGE, "class %u does not exist", cls);
    return walk_block(s, s->classes[cls].top, fn, ctx, 0);
}

int skel_sig_side_of(const skel_signature *s, uint32_t rank, const skel_sig_symbol *y)
{
    const struct skel_call_info *ci = skel_call_info(y->call);
    if (ci == NULL || !ci->rooted || y->root.kind == SKEL_SIG_PEER_NONE)
        return SKEL_SIG_SIDE_OTHER;
    if (y->root.kind == SKEL_SIG_PEER_ROOT)
        return SKEL_SIG_SIDE_ROOT;
    int32_t cr, wr;
    if (skel_sig_peer_resolve(s, rank, y->comm, &y->root, SKEL_PEER_NONE, &cr, &wr) != SKEL_OK)
        return -1;
    return wr == (int32_t)rank ? SKEL_SIG_SIDE_ROOT : SKEL_SIG_SIDE_OTHER;
}

const skel_sig_peer *skel_sig_source_of(const skel_sig_symbol *y)
{
    const struct skel_call_info *ci = skel_call_info(y->call);
    if (ci == NULL)
        return NULL;
    switch (ci->klass) {
    case SKEL_CLASS_SENDRECV:
        return &y->peer2;
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_RECV_INIT:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
        return &y->peer;
    default:
        return NULL;
    }
}

double skel_sig_dist_quantile(const skel_sig_dist *d, double q)
{
    if (d->count == 0)
        return 0.0;
    if (d->sketch.count == 0)
        return d->mean;
    double v = skel_sketch_quantile(&d->sketch, q);
    /* The sketch is within 1% of a sample; keep it inside the exact range. */
    if (v < (double)d->min)
        v = (double)d->min;
    if (v > (double)d->max)
        v = (double)d->max;
    return v;
}

const char *skel_sig_symbol_name(const skel_sig_symbol *sym, char *buf, size_t len)
{
    const struct skel_call_info *ci = skel_call_info(sym->call);
    int k = ci ? ci->klass : SKEL_CLASS_NONE;
    char letter = 'X';
    if (k == SKEL_CLASS_WAIT)
        letter = 'O';
    else if (skel_class_is_collective(k))
        letter = 'M';
    else if (k == SKEL_CLASS_SEND || k == SKEL_CLASS_RECV || k == SKEL_CLASS_ISEND ||
             k == SKEL_CLASS_IRECV || k == SKEL_CLASS_SENDRECV || k == SKEL_CLASS_PROBE ||
             k == SKEL_CLASS_IPROBE || k == SKEL_CLASS_MPROBE || k == SKEL_CLASS_IMPROBE ||
             k == SKEL_CLASS_MRECV || k == SKEL_CLASS_IMRECV || k == SKEL_CLASS_SEND_INIT ||
             k == SKEL_CLASS_RECV_INIT || k == SKEL_CLASS_START)
        letter = 'P';
    snprintf(buf, len, "%c%u", letter, sym->id);
    return buf;
}

static const char *const peer_kinds[SKEL_SIG_PEER__COUNT] = {"none", "any", "null", "root", "abs",
                                                             "rel",  "mod", "cart", "reply"};

const char *skel_sig_peer_kind_name(int kind)
{
    return kind >= 0 && kind < SKEL_SIG_PEER__COUNT ? peer_kinds[kind] : "?";
}

int skel_sig_peer_kind_by_name(const char *name)
{
    for (int i = 0; i < SKEL_SIG_PEER__COUNT; i++)
        if (strcmp(peer_kinds[i], name) == 0)
            return i;
    return -1;
}

/* ---- checks ------------------------------------------------------------------------------ */

static _Thread_local char where_buf[64];

static const char *at(const uint32_t *lines, uint32_t i)
{
    if (lines == NULL || lines[i] == 0)
        return "";
    snprintf(where_buf, sizeof where_buf, ":%u", lines[i]);
    return where_buf;
}

static int check_peer(const skel_signature *s, const skel_sig_symbol *y, const skel_sig_peer *p,
                      const char *what, const char *where, const skel_sig_lines *L)
{
    if (p->kind >= SKEL_SIG_PEER__COUNT)
        return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: bad %s encoding", where,
                         at(L ? L->symbol : NULL, y->id), y->id, what);
    if (p->kind == SKEL_SIG_PEER_CART && (p->ndims == 0 || p->ndims > SKEL_SIG_MAXDIMS))
        return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: %s: %u Cartesian dimensions (1 to %d)",
                         where, at(L ? L->symbol : NULL, y->id), y->id, what, p->ndims,
                         SKEL_SIG_MAXDIMS);
    /* Every member rank must be able to resolve it. */
    if (p->kind == SKEL_SIG_PEER_REPLY || p->kind <= SKEL_SIG_PEER_ROOT)
        return SKEL_OK;
    const skel_sig_class *c = &s->classes[y->cls];
    for (uint32_t i = 0; i < c->nranks; i++) {
        int32_t cr, wr;
        if (skel_sig_peer_resolve(s, c->ranks[i], y->comm, p, SKEL_PEER_NONE, &cr, &wr) != 0)
            return skel_fail_context(SKEL_EFORMAT,
                                     "%s%s: symbol %u: %s does not resolve for rank %u", where,
                                     at(L ? L->symbol : NULL, y->id), y->id, what, c->ranks[i]);
    }
    return SKEL_OK;
}

/* Depth-first search for cycles among blocks: state 0 new, 1 open, 2 done. */
static int acyclic(const skel_signature *s, uint32_t b, uint8_t *state, int depth)
{
    if (state[b] == 2)
        return 1;
    if (state[b] == 1 || depth > 1000)
        return 0;
    state[b] = 1;
    const skel_sig_block *blk = &s->blocks[b];
    for (uint32_t i = 0; i < blk->nitems; i++)
        if (blk->items[i].kind == SKEL_SIG_ITEM_LOOP &&
            !acyclic(s, blk->items[i].ref, state, depth + 1))
            return 0;
    state[b] = 2;
    return 1;
}

/* What a check needs to name the offending element's line. */
struct chk {
    const skel_signature *s;
    const char *where;
    const skel_sig_lines *L;
};

static int check_comms(const struct chk *k)
{
    const skel_signature *s = k->s;
    const uint32_t *lm = k->L ? k->L->comm : NULL;
    for (uint32_t i = 0; i < s->ncomms; i++) {
        const skel_sig_comm *c = &s->comms[i];
        for (uint32_t m = 0; m < c->size; m++)
            if (c->members[m] < 0 || (uint32_t)c->members[m] >= s->nranks)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: communicator %u: member %d is not a rank "
                                 "(0..%u)",
                                 k->where, at(lm, i), i, c->members[m], s->nranks - 1);
        if (c->flags & SKEL_COMMF_CART) {
            int64_t n = 1;
            for (uint32_t d = 0; d < c->ndims; d++)
                n *= c->dims[d] > 0 ? c->dims[d] : 0;
            if (c->ndims == 0 || c->ndims > SKEL_SIG_MAXDIMS || n != (int64_t)c->size)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: communicator %u: grid does not match its "
                                 "%u members",
                                 k->where, at(lm, i), i, c->size);
        }
    }
    return SKEL_OK;
}

static int check_ranks(const struct chk *k)
{
    const skel_signature *s = k->s;
    const uint32_t *lr = k->L ? k->L->rank : NULL;
    for (uint32_t r = 0; r < s->nranks; r++) {
        const skel_sig_rank *rk = &s->ranks[r];
        if (rk->rank != r)
            return skel_fail(SKEL_EFORMAT,
                             "%s%s: rank entries out of order (found %u where %u "
                             "was expected)",
                             k->where, at(lr, r), rk->rank, r);
        if (rk->cls >= s->nclasses)
            return skel_fail(SKEL_EFORMAT, "%s%s: rank %u: class %u is not defined", k->where,
                             at(lr, r), r, rk->cls);
        for (uint32_t m = 0; m < rk->ncomms; m++) {
            if (rk->comms[m] == SKEL_SIG_NONE)
                continue; /* SELF, or a slot the rank never used (freed before anything) */
            if (rk->comms[m] >= s->ncomms)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: rank %u: slot %u names communicator %u, "
                                 "which is not defined",
                                 k->where, at(lr, r), r, m, rk->comms[m]);
            const skel_sig_comm *c = &s->comms[rk->comms[m]];
            if (find(c->members, c->size, (int32_t)r) < 0)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: rank %u is not a member of communicator "
                                 "%u (its slot %u)",
                                 k->where, at(lr, r), r, rk->comms[m], m);
        }
    }
    return SKEL_OK;
}

/* Every rank in exactly one class, which lists it; each class's program one
 * of its blocks.  seen[] has nranks bytes, zeroed. */
static int check_classes(const struct chk *k, uint8_t *seen)
{
    const skel_signature *s = k->s;
    const uint32_t *lc = k->L ? k->L->cls : NULL, *lr = k->L ? k->L->rank : NULL;
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_sig_class *cl = &s->classes[c];
        if (cl->nranks == 0)
            return skel_fail(SKEL_EFORMAT, "%s%s: class %u has no ranks", k->where, at(lc, c), c);
        for (uint32_t i = 0; i < cl->nranks; i++) {
            uint32_t r = cl->ranks[i];
            if (r >= s->nranks)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: class %u: rank %u does not exist (%u "
                                 "ranks)",
                                 k->where, at(lc, c), c, r, s->nranks);
            if (seen[r])
                return skel_fail(SKEL_EFORMAT, "%s%s: class %u: rank %u is in two classes",
                                 k->where, at(lc, c), c, r);
            seen[r] = 1;
            if (s->ranks[r].cls != c)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: class %u lists rank %u, whose entry says "
                                 "class %u",
                                 k->where, at(lc, c), c, r, s->ranks[r].cls);
        }
        if (cl->top >= s->nblocks || s->blocks[cl->top].cls != c)
            return skel_fail(SKEL_EFORMAT,
                             "%s%s: class %u: its program block is not one of its "
                             "blocks",
                             k->where, at(lc, c), c);
    }
    for (uint32_t r = 0; r < s->nranks; r++)
        if (!seen[r])
            return skel_fail(SKEL_EFORMAT, "%s%s: rank %u is in no class", k->where, at(lr, r), r);
    return SKEL_OK;
}

/* Items refer to symbols and loop bodies of their own class; loops nest.
 * state[] has nblocks bytes, zeroed. */
static int check_blocks(const struct chk *k, uint8_t *state)
{
    const skel_signature *s = k->s;
    const uint32_t *lb = k->L ? k->L->block : NULL;
    for (uint32_t b = 0; b < s->nblocks; b++) {
        const skel_sig_block *blk = &s->blocks[b];
        if (blk->cls >= s->nclasses)
            return skel_fail(SKEL_EFORMAT, "%s%s: block %u: class %u is not defined", k->where,
                             at(lb, b), b, blk->cls);
        for (uint32_t i = 0; i < blk->nitems; i++) {
            const skel_sig_item *it = &blk->items[i];
            if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
                if (it->ref >= s->nsymbols || s->symbols[it->ref].cls != blk->cls)
                    return skel_fail(SKEL_EFORMAT,
                                     "%s%s: block %u: item %u refers to symbol %u, "
                                     "which is not defined in class %u",
                                     k->where, at(lb, b), b, i, it->ref, blk->cls);
                continue;
            }
            if (it->ref >= s->nblocks || s->blocks[it->ref].cls != blk->cls ||
                it->ref == s->classes[blk->cls].top)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: block %u: item %u loops over block %u, "
                                 "which is not a loop body of class %u",
                                 k->where, at(lb, b), b, i, it->ref, blk->cls);
            if (it->count == 0)
                return skel_fail(SKEL_EFORMAT, "%s%s: block %u: item %u: a loop of 0 iterations",
                                 k->where, at(lb, b), b, i);
        }
    }
    for (uint32_t b = 0; b < s->nblocks; b++)
        if (!acyclic(s, b, state, 0))
            return skel_fail(SKEL_EFORMAT, "%s%s: block %u contains itself (loops must nest)",
                             k->where, at(lb, b), b);
    return SKEL_OK;
}

static int check_symbol(const struct chk *k, uint32_t i)
{
    const skel_signature *s = k->s;
    const skel_sig_symbol *y = &s->symbols[i];
    const char *line = at(k->L ? k->L->symbol : NULL, i);
    if (y->cls >= s->nclasses)
        return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: class %u is not defined", k->where, line,
                         i, y->cls);
    if (skel_call_info(y->call) == NULL)
        return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: unknown call %u", k->where, line, i,
                         y->call);
    if ((y->site != SKEL_SIG_NONE && y->site >= s->nsites) ||
        (y->prev_site != SKEL_SIG_NONE && y->prev_site >= s->nsites))
        return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: call site not defined", k->where, line, i);
    if (y->sides == 0 || y->sides > 3)
        return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: no member or root side", k->where, line,
                         i);
    /* Matching classes are numbered densely, at most two per symbol. */
    for (int h = 0; h < 2; h++)
        if (y->match[h] != SKEL_SIG_NONE && y->match[h] >= 2 * (uint64_t)s->nsymbols)
            return skel_fail(SKEL_EFORMAT,
                             "%s%s: symbol %u: matching class %u is out of range "
                             "(the signature has %u symbols)",
                             k->where, line, i, y->match[h], s->nsymbols);
    for (int sd = 0; sd < 2; sd++) {
        if (!(y->sides & (1u << sd)))
            continue;
        const skel_sig_range *rg[3] = {&y->side[sd].count, &y->side[sd].bytes, &y->side[sd].rbytes};
        for (int m = 0; m < 3; m++)
            if (rg[m]->min > rg[m]->max || rg[m]->mean < (double)rg[m]->min - 0.5 ||
                rg[m]->mean > (double)rg[m]->max + 0.5)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: symbol %u: a range whose mean is not "
                                 "between its min and max",
                                 k->where, line, i);
    }
    const skel_sig_dist *d[3] = {&y->compute, &y->compute_cpu, &y->duration};
    for (int m = 0; m < 3; m++)
        if (d[m]->count > 0 && (d[m]->min > d[m]->max || d[m]->sketch.count > d[m]->count))
            return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: inconsistent timing distribution",
                             k->where, line, i);
    if (y->comm != SKEL_SIG_NONE)
        for (uint32_t m = 0; m < s->classes[y->cls].nranks; m++) {
            const skel_sig_rank *rk = &s->ranks[s->classes[y->cls].ranks[m]];
            if (y->comm != SKEL_COMM_SELF &&
                (y->comm >= rk->ncomms || rk->comms[y->comm] == SKEL_SIG_NONE))
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: symbol %u uses communicator slot %u, "
                                 "which rank %u does not have",
                                 k->where, line, i, y->comm, rk->rank);
        }
    int rc;
    if ((rc = check_peer(s, y, &y->peer, "peer", k->where, k->L)) != SKEL_OK ||
        (rc = check_peer(s, y, &y->peer2, "second peer", k->where, k->L)) != SKEL_OK ||
        (rc = check_peer(s, y, &y->root, "root", k->where, k->L)) != SKEL_OK)
        return rc;
    if (y->ngroup > 0 && y->call != SKEL_CALL_MPI_Win_post && y->call != SKEL_CALL_MPI_Win_start)
        return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: a group on %s", k->where, line, i,
                         skel_call_name(y->call));
    for (uint32_t m = 0; m < y->ngroup; m++) {
        const skel_sig_peer *p = &y->group[m];
        if (p->kind != SKEL_SIG_PEER_ABS && p->kind != SKEL_SIG_PEER_REL &&
            p->kind != SKEL_SIG_PEER_MOD && p->kind != SKEL_SIG_PEER_CART)
            return skel_fail(SKEL_EFORMAT, "%s%s: symbol %u: group member %u is not a rank",
                             k->where, line, i, m);
        if ((rc = check_peer(s, y, p, "group member", k->where, k->L)) != SKEL_OK)
            return rc;
        const skel_sig_class *c = &s->classes[y->cls];
        for (uint32_t j = 0; j < c->nranks; j++) {
            int32_t cr, wr;
            if (skel_sig_peer_resolve(s, c->ranks[j], y->comm, p, SKEL_PEER_NONE, &cr, &wr) != 0 ||
                wr < 0)
                return skel_fail(SKEL_EFORMAT,
                                 "%s%s: symbol %u: group member %u is no rank for rank %u",
                                 k->where, line, i, m, c->ranks[j]);
        }
    }
    return SKEL_OK;
}

int skel_signature_check_at(const skel_signature *s, const char *where, const skel_sig_lines *L)
{
    struct chk k = {s, where, L};
    if (s->nranks == 0)
        return skel_fail(SKEL_EFORMAT, "%s: no ranks", where);
    int rc;
    if ((rc = check_comms(&k)) != SKEL_OK || (rc = check_ranks(&k)) != SKEL_OK)
        return rc;
    uint8_t *seen = calloc(s->nranks, 1), *state = calloc(s->nblocks ? s->nblocks : 1, 1);
    if (seen == NULL || state == NULL)
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
    if (rc == SKEL_OK && (rc = check_classes(&k, seen)) == SKEL_OK)
        rc = check_blocks(&k, state);
    for (uint32_t i = 0; rc == SKEL_OK && i < s->nsymbols; i++)
        rc = check_symbol(&k, i);
    free(seen);
    free(state);
    return rc;
}

int skel_signature_check(const skel_signature *s, const char *where)
{
    return skel_signature_check_at(s, where, NULL);
}

/* ---- derived fields ------------------------------------------------------------------------ */

static void block_totals(skel_signature *s, uint32_t b, uint8_t *done)
{
    if (done[b])
        return;
    skel_sig_block *blk = &s->blocks[b];
    uint64_t ev = 0;
    double t = 0;
    for (uint32_t i = 0; i < blk->nitems; i++) {
        const skel_sig_item *it = &blk->items[i];
        if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
            const skel_sig_symbol *y = &s->symbols[it->ref];
            const struct skel_call_info *ci = skel_call_info(y->call);
            ev++;
            t += y->compute.mean;
            /* Start-up and shutdown of MPI are not the application's time. */
            if (ci == NULL || (ci->klass != SKEL_CLASS_INIT && ci->klass != SKEL_CLASS_FINALIZE))
                t += y->duration.mean;
        } else {
            block_totals(s, it->ref, done);
            ev += it->count * s->blocks[it->ref].events;
            t += (double)it->count * s->blocks[it->ref].time_ns;
        }
    }
    blk->events = ev;
    blk->time_ns = t;
    done[b] = 1;
}

/* Order blocks parents first (reverse post-order of a depth-first search). */
static void post_order(const skel_signature *s, uint32_t b, uint8_t *mark, uint32_t *out,
                       uint32_t *n)
{
    if (mark[b])
        return;
    mark[b] = 1;
    const skel_sig_block *blk = &s->blocks[b];
    for (uint32_t i = 0; i < blk->nitems; i++)
        if (blk->items[i].kind == SKEL_SIG_ITEM_LOOP)
            post_order(s, blk->items[i].ref, mark, out, n);
    out[(*n)++] = b;
}

int skel_signature_derive(skel_signature *s)
{
    size_t nb = s->nblocks ? s->nblocks : 1;
    uint8_t *done = calloc(nb, 1), *mark = calloc(nb, 1);
    uint32_t *order = malloc(nb * sizeof *order);
    double *mult = calloc(nb, sizeof *mult), *iters = calloc(nb, sizeof *iters);
    if (!done || !mark || !order || !mult || !iters) {
        free(done);
        free(mark);
        free(order);
        free(mult);
        free(iters);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    for (uint32_t b = 0; b < s->nblocks; b++)
        block_totals(s, b, done);
    s->nmatch = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        skel_sig_symbol *y = &s->symbols[i];
        y->time_ns = (double)y->occurrences * (y->compute.mean + y->duration.mean);
        for (int h = 0; h < 2; h++)
            if (y->match[h] != SKEL_SIG_NONE && y->match[h] + 1 > s->nmatch)
                s->nmatch = y->match[h] + 1;
    }
    s->trace_length = 0;
    s->signature_length = 0;
    for (uint32_t c = 0; c < s->nclasses; c++) {
        skel_sig_class *k = &s->classes[c];
        k->events = s->blocks[k->top].events;
        /* Length: the top block's items plus every reachable body's, once. */
        uint32_t n = 0;
        memset(mark, 0, nb);
        post_order(s, k->top, mark, order, &n);
        k->length = 0;
        for (uint32_t i = 0; i < n; i++)
            k->length += s->blocks[order[i]].nitems;
        /* Executions of each body: parents before children. */
        for (uint32_t i = 0; i < n; i++)
            mult[order[i]] = iters[order[i]] = 0;
        mult[k->top] = 1;
        double entries_best = 0;
        k->dominant = SKEL_SIG_NONE;
        k->dominant_count = 0;
        k->dominant_share = 0;
        k->dominant_iter_ns = 0;
        double total = s->blocks[k->top].time_ns, best = -1;
        double *entries = calloc(nb, sizeof *entries);
        if (entries == NULL) {
            free(done);
            free(mark);
            free(order);
            free(mult);
            free(iters);
            return skel_fail(SKEL_ENOMEM, "out of memory");
        }
        for (uint32_t i = n; i-- > 0;) {
            uint32_t b = order[i];
            const skel_sig_block *blk = &s->blocks[b];
            for (uint32_t j = 0; j < blk->nitems; j++) {
                const skel_sig_item *it = &blk->items[j];
                if (it->kind != SKEL_SIG_ITEM_LOOP)
                    continue;
                entries[it->ref] += mult[b];
                iters[it->ref] += mult[b] * (double)it->count;
                mult[it->ref] += mult[b] * (double)it->count;
            }
        }
        for (uint32_t i = 0; i < n; i++) {
            uint32_t b = order[i];
            if (b == k->top || entries[b] <= 0)
                continue;
            double t = iters[b] * s->blocks[b].time_ns;
            /* The largest share; among equals the innermost (shortest). */
            if (t > best * (1 + 1e-12) ||
                (t >= best * (1 - 1e-12) && s->blocks[b].events < s->blocks[k->dominant].events)) {
                best = t;
                k->dominant = b;
                entries_best = entries[b];
            }
        }
        if (k->dominant != SKEL_SIG_NONE) {
            k->dominant_count = (uint64_t)(iters[k->dominant] / entries_best + 0.5);
            k->dominant_share = total > 0 ? best / total : 0;
            k->dominant_iter_ns = s->blocks[k->dominant].time_ns;
        }
        free(entries);
        double tsum = 0;
        for (uint32_t i = 0; i < k->nranks; i++) {
            const skel_sig_rank *rk = &s->ranks[k->ranks[i]];
            tsum += (double)rk->time_ns;
            s->trace_length += rk->events;
            s->signature_length += k->length;
        }
        k->time_ns = k->nranks ? tsum / k->nranks : 0;
    }
    s->ratio = s->signature_length ? (double)s->trace_length / (double)s->signature_length : 0;
    free(done);
    free(mark);
    free(order);
    free(mult);
    free(iters);
    return SKEL_OK;
}
