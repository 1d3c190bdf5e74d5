/* commslot.c - communicators by slot (commslot.h). */
#include "commslot.h"

#include "calls.h"
#include "error.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

/* Flags that describe a communicator (not SKEL_COMMF_FREED, its state). */
#define DESC_FLAGS (SKEL_COMMF_INTER | SKEL_COMMF_CART | SKEL_COMMF_GRAPH | SKEL_COMMF_ADJ)

void skel_commslots_init(skel_commslots *cs)
{
    memset(cs, 0, sizeof *cs);
}

void skel_commslots_free(skel_commslots *cs)
{
    free(cs->of);
    free(cs->slots);
    memset(cs, 0, sizeof *cs);
}

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + UINT64_C(0x9E3779B97F4A7C15) + (h << 6) + (h >> 2);
    return h;
}

static uint64_t mix_ints(uint64_t h, const int32_t *v, uint32_t n)
{
    h = mix(h, n);
    for (uint32_t i = 0; v != NULL && i < n; i++)
        h = mix(h, (uint32_t)v[i]);
    return h;
}

static uint64_t desc_hash(const skel_comm *c, uint32_t parent)
{
    uint64_t h = mix(mix(mix(0, parent), c->created_by), c->flags & DESC_FLAGS);
    h = mix_ints(h, c->members, c->size);
    h = mix_ints(h, c->remote, c->remote_size);
    h = mix_ints(h, c->dims, c->ndims);
    h = mix_ints(h, c->periods, c->ndims);
    if (c->flags & SKEL_COMMF_ADJ) {
        h = mix_ints(h, c->in, c->nin);
        h = mix_ints(h, c->out, c->nout);
    }
    return h;
}

static int same_ints(const int32_t *a, const int32_t *b, uint32_t n)
{
    return n == 0 || memcmp(a, b, n * sizeof *a) == 0;
}

static int same_desc(const skel_comm *a, const skel_comm *b)
{
    if (a->created_by != b->created_by || (a->flags & DESC_FLAGS) != (b->flags & DESC_FLAGS) ||
        a->size != b->size || a->remote_size != b->remote_size || a->ndims != b->ndims ||
        !same_ints(a->members, b->members, a->size) ||
        !same_ints(a->remote, b->remote, a->remote_size) ||
        !same_ints(a->dims, b->dims, a->ndims) || !same_ints(a->periods, b->periods, a->ndims))
        return 0;
    if (a->flags & SKEL_COMMF_ADJ)
        return a->nin == b->nin && a->nout == b->nout && same_ints(a->in, b->in, a->nin) &&
               same_ints(a->out, b->out, a->nout);
    return 1;
}

static int new_slot(skel_commslots *cs, uint32_t rep, uint32_t parent, uint64_t hash,
                    uint32_t *slot)
{
    int rc = skel_grow_u32(&cs->slots, &cs->slots_cap, (uint64_t)cs->nslots + 1, sizeof *cs->slots);
    if (rc != SKEL_OK)
        return rc;
    cs->slots[cs->nslots] =
        (struct skel_commslot){.rep = rep, .parent = parent, .hash = hash, .live = 1};
    *slot = cs->nslots++;
    return SKEL_OK;
}

/* The entry of trace index i in cs->of, grown to hold it. */
static int entry(skel_commslots *cs, uint32_t i, uint32_t **e)
{
    if (i >= cs->of_cap) {
        uint32_t old = cs->of_cap;
        int rc = skel_grow_u32(&cs->of, &cs->of_cap, (uint64_t)i + 1, sizeof *cs->of);
        if (rc != SKEL_OK)
            return rc;
        memset(cs->of + old, 0, (cs->of_cap - old) * sizeof *cs->of);
    }
    *e = &cs->of[i];
    return SKEL_OK;
}

int skel_commslots_prepare(skel_commslots *cs)
{
    int rc;
    uint32_t s, *e;
    if (cs->nslots > 0)
        return SKEL_OK;
    if ((rc = new_slot(cs, SKEL_COMM_WORLD, SKEL_COMM_NONE, 0, &s)) != SKEL_OK ||
        (rc = new_slot(cs, SKEL_COMM_SELF, SKEL_COMM_NONE, 0, &s)) != SKEL_OK ||
        (rc = entry(cs, SKEL_COMM_SELF, &e)) != SKEL_OK)
        return rc;
    cs->of[SKEL_COMM_WORLD] = 1 + SKEL_COMM_WORLD;
    cs->of[SKEL_COMM_SELF] = 1 + SKEL_COMM_SELF;
    return SKEL_OK;
}

/* The slot of trace index i, a new one if it has none (predefined ones
 * are their own). */
static int slot_of(skel_commslots *cs, uint32_t i, uint32_t *slot)
{
    int rc;
    uint32_t *e;
    if ((rc = skel_commslots_prepare(cs)) != SKEL_OK || (rc = entry(cs, i, &e)) != SKEL_OK)
        return rc;
    if (*e == 0) {
        uint32_t s;
        if ((rc = new_slot(cs, i, SKEL_COMM_NONE, 0, &s)) != SKEL_OK)
            return rc;
        *e = s + 1;
    }
    *slot = *e - 1;
    return SKEL_OK;
}

/* A communicator created: a free slot whose first occupant it is like, or
 * a new one. */
static int create(skel_commslots *cs, const skel_rank_reader *rd, uint32_t i, uint32_t *slot)
{
    uint32_t *e;
    int rc;
    if ((rc = skel_commslots_prepare(cs)) != SKEL_OK || (rc = entry(cs, i, &e)) != SKEL_OK)
        return rc;
    if (*e != 0) { /* already named by an earlier event */
        *slot = *e - 1;
        cs->slots[*slot].live = 1;
        return SKEL_OK;
    }
    const skel_comm *c = skel_rank_comm(rd, i);
    uint32_t parent = SKEL_COMM_NONE;
    if (c != NULL && c->parent != SKEL_COMM_NONE && c->parent != i &&
        (rc = slot_of(cs, c->parent, &parent)) != SKEL_OK)
        return rc;
    uint64_t h = c != NULL ? desc_hash(c, parent) : 0;
    for (uint32_t s = 2; c != NULL && s < cs->nslots; s++) {
        const struct skel_commslot *x = &cs->slots[s];
        if (x->live || x->hash != h || x->parent != parent)
            continue;
        const skel_comm *r = skel_rank_comm(rd, x->rep);
        if (r != NULL && same_desc(c, r)) {
            cs->slots[s].live = 1;
            cs->of[i] = s + 1;
            *slot = s;
            return SKEL_OK;
        }
    }
    if ((rc = new_slot(cs, i, parent, h, slot)) != SKEL_OK)
        return rc;
    cs->of[i] = *slot + 1;
    return SKEL_OK;
}

int skel_commslots_map(skel_commslots *cs, const skel_rank_reader *rd, skel_event *ev)
{
    int rc;
    uint32_t s;
    if (ev->comm != SKEL_COMM_NONE) {
        if ((rc = slot_of(cs, ev->comm, &s)) != SKEL_OK)
            return rc;
        ev->comm = s;
        const struct skel_call_info *ci = skel_call_info(ev->call);
        if (ci != NULL && ci->klass == SKEL_CLASS_COMMFREE && s > SKEL_COMM_SELF)
            cs->slots[s].live = 0;
    }
    if (ev->newcomm != SKEL_COMM_NONE) {
        if ((rc = create(cs, rd, ev->newcomm, &s)) != SKEL_OK)
            return rc;
        ev->newcomm = s;
    }
    return SKEL_OK;
}
