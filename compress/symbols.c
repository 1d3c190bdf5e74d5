/* symbols.c - one rank's events become symbols (see symbols.h). */
#include "symbols.h"

#include "calls.h"
#include "error.h"
#include "grow.h"
#include "pollfold.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- requests in flight ------------------------------------------------------
 * Request id -> activation number and what created it.  Open addressing with
 * backward-shift deletion; holds only requests not yet completed or freed. */

enum { REQ_PERSISTENT = 1, REQ_WILD = 2 };

struct req_slot {
    uint64_t id; /* 0: empty */
    uint64_t act;
    uint64_t bytes; /* what the creating call sends or asks to receive */
    uint16_t call;
    uint16_t flags;
};

struct reqmap {
    struct req_slot *s;
    uint64_t cap, used;
};

static inline uint64_t mix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

static struct req_slot *req_find(const struct reqmap *m, uint64_t id)
{
    if (m->used == 0)
        return NULL;
    uint64_t mask = m->cap - 1;
    for (uint64_t j = mix64(id) & mask; m->s[j].id != 0; j = (j + 1) & mask)
        if (m->s[j].id == id)
            return &m->s[j];
    return NULL;
}

static int req_put(struct reqmap *m, uint64_t id, uint64_t act, uint64_t bytes, uint16_t call,
                   uint16_t flags)
{
    if ((m->used + 1) * 2 > m->cap) {
        uint64_t cap = m->cap ? m->cap * 2 : 64;
        struct req_slot *ns = calloc((size_t)cap, sizeof *ns);
        if (ns == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory (requests in flight)");
        for (uint64_t i = 0; i < m->cap; i++) {
            if (m->s[i].id == 0)
                continue;
            uint64_t j = mix64(m->s[i].id) & (cap - 1);
            while (ns[j].id != 0)
                j = (j + 1) & (cap - 1);
            ns[j] = m->s[i];
        }
        free(m->s);
        m->s = ns;
        m->cap = cap;
    }
    uint64_t mask = m->cap - 1, j = mix64(id) & mask;
    while (m->s[j].id != 0 && m->s[j].id != id)
        j = (j + 1) & mask;
    if (m->s[j].id == 0)
        m->used++;
    m->s[j] = (struct req_slot){.id = id, .act = act, .bytes = bytes, .call = call, .flags = flags};
    return SKEL_OK;
}

static void req_del(struct reqmap *m, struct req_slot *e)
{
    uint64_t mask = m->cap - 1, hole = (uint64_t)(e - m->s);
    m->s[hole].id = 0;
    m->used--;
    for (uint64_t i = (hole + 1) & mask; m->s[i].id != 0; i = (i + 1) & mask) {
        uint64_t home = mix64(m->s[i].id) & mask;
        if (((i - home) & mask) >= ((i - hole) & mask)) {
            m->s[hole] = m->s[i];
            m->s[i].id = 0;
            hole = i;
        }
    }
}

/* ---- the symbol table -------------------------------------------------------- */

/* The exact identity of an event (no padding: compared with memcmp). */
struct fkey {
    uint16_t call, flags;
    uint32_t comm, newcomm, obj;
    int32_t peer, tag, peer2, tag2, root;
    uint32_t dtsize, op;
    uint32_t prev_site, site;
    uint32_t nlinks;
    uint32_t group;    /* 1 + index in skel_rsig.groups, 0 none */
    uint32_t prev_won; /* the previous call was a test or probe whose flag came back true */
    uint32_t parts;    /* partitioned set-ups: partitions (skel_event.parts) */
    uint32_t spare;    /* 0: no padding before count */
    int64_t count;
    uint64_t bytes, rbytes;
    uint64_t cbytes; /* completions: bytes of the requests completed */
};

struct scan {
    skel_rsig *r;
    uint32_t *tab; /* 1 + symbol id */
    uint64_t tab_cap;
    uint64_t *hash;       /* per symbol */
    struct fkey *keys;    /* per symbol */
    uint32_t *site_cache; /* per site: 1 + last symbol at that site */
    uint32_t site_cache_cap;
    struct reqmap reqs;
    uint64_t act;      /* activations so far */
    int32_t last_wild; /* actual source of the latest wildcard receive */
    int pin;           /* skel_compress_opts.pin_sources */
    skel_sig_link *lk; /* links of the current event */
    uint32_t lk_cap;
    /* Windows and files by slot: the trace numbers every object a rank
     * creates anew (NWChem's Global Arrays allocate and free a window
     * 400 000 times), a slot is the lowest one free when the object is
     * created, so that a loop creating and freeing one keeps one symbol. */
    uint32_t *obj_slot; /* per trace object: 1 + slot, 0 none */
    uint32_t obj_cap;
    uint8_t *slot_used;
    uint32_t slot_cap;
};

static uint64_t key_hash(const struct fkey *k, const skel_sig_link *lk)
{
    const uint64_t *w = (const uint64_t *)(const void *)k;
    uint64_t h = 0x84222325cbf29ce4ull;
    for (size_t i = 0; i < sizeof *k / 8; i++)
        h = (h ^ w[i]) * 0x100000001b3ull + (h >> 29);
    for (uint32_t i = 0; i < k->nlinks; i++) {
        uint64_t v = (uint64_t)lk[i].dist << 32 ^ (uint64_t)lk[i].index << 8 ^
                     (uint64_t)lk[i].call << 40 ^ lk[i].flags;
        h = (h ^ v) * 0x100000001b3ull + (h >> 29);
    }
    return mix64(h);
}

static int links_equal(const skel_sig_link *a, const skel_sig_link *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i].dist != b[i].dist || a[i].index != b[i].index || a[i].call != b[i].call ||
            a[i].flags != b[i].flags)
            return 0;
    return 1;
}

static int same_symbol(const struct scan *sc, uint32_t id, const struct fkey *k)
{
    if (memcmp(&sc->keys[id], k, sizeof *k) != 0)
        return 0;
    return k->nlinks == 0 ||
           links_equal(sc->r->links + sc->r->syms[id].link_off, sc->lk, k->nlinks);
}

static int grow_table(struct scan *sc)
{
    uint64_t cap = sc->tab_cap ? sc->tab_cap * 2 : 1024;
    uint32_t *t = calloc((size_t)cap, sizeof *t);
    if (t == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (symbol table)");
    for (uint32_t i = 0; i < sc->r->nsyms; i++) {
        uint64_t j = sc->hash[i] & (cap - 1);
        while (t[j] != 0)
            j = (j + 1) & (cap - 1);
        t[j] = i + 1;
    }
    free(sc->tab);
    sc->tab = t;
    sc->tab_cap = cap;
    return SKEL_OK;
}

static void timing_init(skel_timing *t)
{
    memset(t, 0, sizeof *t);
    t->min = UINT64_MAX;
}

static int timing_add(skel_timing *t, uint64_t v)
{
    t->sum += v;
    if (v < t->min)
        t->min = v;
    if (v > t->max)
        t->max = v;
    return skel_sketch_add(&t->sk, v);
}

int skel_timing_merge(skel_timing *a, const skel_timing *b)
{
    a->sum += b->sum;
    if (b->min < a->min)
        a->min = b->min;
    if (b->max > a->max)
        a->max = b->max;
    return skel_sketch_merge(&a->sk, &b->sk);
}

static skel_sig_range exact(int64_t v)
{
    return (skel_sig_range){.min = v, .max = v, .mean = (double)v};
}

/* Symbol id of key k (with links sc->lk), creating it if new. */
static int intern(struct scan *sc, const struct fkey *k, uint32_t *id)
{
    skel_rsig *r = sc->r;
    /* Most events repeat the symbol last seen at their call site. */
    if (k->site < sc->site_cache_cap && sc->site_cache[k->site] != 0 &&
        same_symbol(sc, sc->site_cache[k->site] - 1, k)) {
        *id = sc->site_cache[k->site] - 1;
        return SKEL_OK;
    }
    uint64_t h = key_hash(k, sc->lk);
    if ((uint64_t)(r->nsyms + 1) * 2 > sc->tab_cap) {
        int rc = grow_table(sc);
        if (rc != SKEL_OK)
            return rc;
    }
    uint64_t mask = sc->tab_cap - 1, j = h & mask;
    for (; sc->tab[j] != 0; j = (j + 1) & mask) {
        uint32_t c = sc->tab[j] - 1;
        if (sc->hash[c] == h && same_symbol(sc, c, k)) {
            *id = c;
            goto cache;
        }
    }
    if (r->nsyms >= SKEL_LOOPS_MAX_SYMBOL)
        return skel_fail(SKEL_ERANGE, "rank %u: too many distinct events", r->rank);
    if (r->nsyms == r->syms_cap) {
        uint32_t cap = r->syms_cap ? r->syms_cap * 2 : 64;
        skel_rsym *ns = realloc(r->syms, cap * sizeof *ns);
        uint64_t *nh = ns ? realloc(sc->hash, cap * sizeof *nh) : NULL;
        if (nh != NULL)
            sc->hash = nh;
        struct fkey *nk = nh ? realloc(sc->keys, cap * sizeof *nk) : NULL;
        if (ns != NULL)
            r->syms = ns;
        if (nk == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory (symbol table)");
        sc->keys = nk;
        r->syms_cap = cap;
    }
    if (k->nlinks > 0 && r->nlinks + k->nlinks > r->links_cap) {
        uint32_t cap = r->links_cap ? r->links_cap : 64;
        while (cap < r->nlinks + k->nlinks)
            cap *= 2;
        skel_sig_link *nl = realloc(r->links, cap * sizeof *nl);
        if (nl == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory (symbol links)");
        r->links = nl;
        r->links_cap = cap;
    }
    uint32_t c = r->nsyms++;
    skel_rsym *s = &r->syms[c];
    memset(s, 0, sizeof *s);
    s->call = k->call;
    s->flags = k->flags;
    s->comm = k->comm;
    s->newcomm = k->newcomm;
    s->obj = k->obj;
    s->peer = k->peer;
    s->tag = k->tag;
    s->peer2 = k->peer2;
    s->tag2 = k->tag2;
    s->root = k->root;
    s->parts = k->parts;
    s->dtsize = k->dtsize;
    s->op = k->op;
    s->nlinks = k->nlinks;
    s->group = k->group > 0 ? k->group - 1 : SKEL_SIG_NONE;
    s->link_off = r->nlinks;
    if (k->nlinks > 0)
        memcpy(r->links + r->nlinks, sc->lk, k->nlinks * sizeof *sc->lk);
    r->nlinks += k->nlinks;
    s->count = exact(k->count);
    s->bytes = exact((int64_t)k->bytes);
    s->rbytes = exact((int64_t)k->rbytes);
    s->cbytes = exact((int64_t)k->cbytes);
    s->prev_site = k->prev_site;
    s->prev_won = (uint8_t)k->prev_won;
    s->site = k->site;
    s->reply_peer = SKEL_PEER_NONE;
    timing_init(&s->gap);
    timing_init(&s->cpu);
    timing_init(&s->dur);
    sc->keys[c] = *k;
    sc->hash[c] = h;
    sc->tab[j] = c + 1;
    *id = c;
cache:
    if (k->site >= sc->site_cache_cap) {
        uint32_t cap = sc->site_cache_cap ? sc->site_cache_cap : 64;
        while (cap <= k->site)
            cap *= 2;
        uint32_t *nc = realloc(sc->site_cache, cap * sizeof *nc);
        if (nc == NULL)
            return SKEL_OK; /* the cache is only a shortcut */
        memset(nc + sc->site_cache_cap, 0, (cap - sc->site_cache_cap) * sizeof *nc);
        sc->site_cache = nc;
        sc->site_cache_cap = cap;
    }
    sc->site_cache[k->site] = *id + 1;
    return SKEL_OK;
}

/* ---- one event ------------------------------------------------------------------ */

static int need_links(struct scan *sc, uint32_t n)
{
    if (n <= sc->lk_cap)
        return SKEL_OK;
    uint32_t cap = sc->lk_cap ? sc->lk_cap : 16;
    while (cap < n)
        cap *= 2;
    skel_sig_link *nl = realloc(sc->lk, cap * sizeof *nl);
    if (nl == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (request links)");
    sc->lk = nl;
    sc->lk_cap = cap;
    return SKEL_OK;
}

/* Link to request id, as the dist-th latest activation. */
static skel_sig_link link_to(const struct scan *sc, uint64_t id, uint32_t index, uint16_t flags,
                             struct req_slot **slot)
{
    struct req_slot *e = req_find(&sc->reqs, id);
    *slot = e;
    skel_sig_link l = {.dist = 0, .index = index, .call = 0, .flags = flags};
    if (e != NULL) {
        uint64_t d = sc->act - e->act + 1;
        l.dist = d > UINT32_MAX ? 0 : (uint32_t)d;
        l.call = e->call;
    }
    return l;
}

static int is_p2p_peer_class(int klass)
{
    switch (klass) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
    case SKEL_CLASS_SENDRECV:
    case SKEL_CLASS_SEND_INIT:
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_RECV_INIT:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
        return 1;
    default:
        return 0;
    }
}

/* The slot of the event's window or file (SKEL_SIG_NONE if it has none):
 * taken at creation, given back when the object is freed. */
static int object_slot(struct scan *sc, const skel_event *ev, int klass, uint32_t *slot)
{
    *slot = SKEL_SIG_NONE;
    if (ev->obj == SKEL_COMM_NONE)
        return SKEL_OK;
    int rc;
    if (ev->obj >= sc->obj_cap) {
        uint32_t cap = sc->obj_cap;
        if ((rc = skel_grow_u32(&sc->obj_slot, &cap, (uint64_t)ev->obj + 1,
                                sizeof *sc->obj_slot)) != SKEL_OK)
            return rc;
        memset(sc->obj_slot + sc->obj_cap, 0, (cap - sc->obj_cap) * sizeof *sc->obj_slot);
        sc->obj_cap = cap;
    }
    uint32_t *x = &sc->obj_slot[ev->obj];
    int creates = (klass == SKEL_CLASS_WIN && ev->call != SKEL_CALL_MPI_Win_free) ||
                  klass == SKEL_CLASS_IOOPEN;
    if (creates && *x == 0) {
        uint32_t k = 0;
        while (k < sc->slot_cap && sc->slot_used[k])
            k++;
        if (k == sc->slot_cap) {
            uint32_t cap = sc->slot_cap;
            if ((rc = skel_grow_u32(&sc->slot_used, &cap, (uint64_t)k + 1, 1)) != SKEL_OK)
                return rc;
            memset(sc->slot_used + sc->slot_cap, 0, cap - sc->slot_cap);
            sc->slot_cap = cap;
        }
        sc->slot_used[k] = 1;
        *x = k + 1;
    }
    if (*x == 0)
        return SKEL_OK;
    *slot = *x - 1;
    if (ev->call == SKEL_CALL_MPI_Win_free || klass == SKEL_CLASS_IOCLOSE) {
        sc->slot_used[*slot] = 0;
        *x = 0;
    }
    return SKEL_OK;
}

/* The index of the group of ev in the rank's table, added if new: 1 + it in
 * *out, 0 when ev has none.  A program has a few groups it uses again and
 * again, so the latest GROUP_SEARCH are searched, newest first; a program
 * whose groups never repeat costs a table entry per call, not a search of
 * all of them (a group found again after that many others gets a second
 * entry, which only keeps its events in symbols of their own). */
#define GROUP_SEARCH 64
static int group_of(skel_rsig *r, const skel_event *ev, uint32_t *out)
{
    *out = 0;
    if (ev->ngroup == 0)
        return SKEL_OK;
    uint32_t stop = r->ngroups > GROUP_SEARCH ? r->ngroups - GROUP_SEARCH : 0;
    for (uint32_t i = r->ngroups; i-- > stop;)
        if (r->groups[i].n == ev->ngroup && memcmp(r->gmembers + r->groups[i].off, ev->group,
                                                   ev->ngroup * sizeof *ev->group) == 0) {
            *out = i + 1;
            return SKEL_OK;
        }
    if (skel_grow_u32(&r->groups, &r->groups_cap, (uint64_t)r->ngroups + 1, sizeof *r->groups) !=
            SKEL_OK ||
        skel_grow_u32(&r->gmembers, &r->gmembers_cap, (uint64_t)r->ngmembers + ev->ngroup,
                      sizeof *r->gmembers) != SKEL_OK)
        return skel_fail(SKEL_ENOMEM, "out of memory (groups)");
    r->groups[r->ngroups] = (struct skel_rgroup){.off = r->ngmembers, .n = ev->ngroup};
    memcpy(r->gmembers + r->ngmembers, ev->group, ev->ngroup * sizeof *ev->group);
    r->ngmembers += ev->ngroup;
    *out = ++r->ngroups;
    return SKEL_OK;
}

int skel_symbols_pinned_peer(const skel_event *ev, int klass)
{
    if (ev->asrc < 0)
        return 0;
    switch (klass) {
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_MPROBE:
        return ev->peer == SKEL_PEER_ANY;
    case SKEL_CLASS_IPROBE:
    case SKEL_CLASS_IMPROBE:
        return ev->peer == SKEL_PEER_ANY && (ev->flags & SKEL_EVF_FLAG);
    case SKEL_CLASS_SENDRECV:
        return ev->peer2 == SKEL_PEER_ANY ? 2 : 0;
    default:
        return 0;
    }
}

/* The previous call, for an event's compute region (below). */
struct prev_call {
    uint32_t site;
    uint32_t won;
};

static int on_event(struct scan *sc, const skel_event *ev, uint64_t polls, struct prev_call *prev)
{
    const struct skel_call_info *ci = skel_call_info(ev->call);
    int klass = ci != NULL ? ci->klass : SKEL_CLASS_NONE;
    struct fkey k;
    memset(&k, 0, sizeof k);
    k.call = ev->call;
    k.flags = ev->flags & SKEL_SIG_EVF_KEPT;
    k.comm = ev->comm;
    k.newcomm = ev->newcomm;
    int rc = object_slot(sc, ev, klass, &k.obj);
    if (rc == SKEL_OK)
        rc = group_of(sc->r, ev, &k.group);
    if (rc != SKEL_OK)
        return rc;
    k.peer = ev->peer;
    k.tag = ev->tag;
    k.peer2 = ev->peer2;
    k.tag2 = ev->tag2;
    k.root = ev->root;
    k.parts = ev->parts;
    k.dtsize = ev->dtsize;
    k.op = ev->op;
    k.count = ev->count;
    k.bytes = ev->bytes;
    k.rbytes = ev->rbytes;
    k.site = ev->site < sc->r->nsites ? ev->site : SKEL_SIG_NONE;
    /* The compute region: this call's site, the previous call's, and
     * whether the previous call was a test or probe that came back true.
     * Code that polls branches on the flag: nbx's rounds begin with their
     * work after the MPI_Test that found the barrier done, and the same
     * MPI_Test -> MPI_Iprobe pair without work repeats while the barrier
     * is pending.  One symbol for both held a mixture (p50 0, p99 52.75
     * us) whose long phases the skeleton drew at polls where the
     * application had waited (bench/accuracy-mechanisms.md, section 8). */
    k.prev_site = prev->site;
    k.prev_won = prev->won;
    prev->site = k.site;
    prev->won = (ev->flags & SKEL_EVF_FLAG) ? 1u : 0u;

    int reply = 0;
    if (is_p2p_peer_class(klass) && ev->peer >= 0 && ev->peer == sc->last_wild) {
        k.peer = SKEL_SYM_PEER_REPLY;
        reply = 1;
    }
    /* Pinned: the source it got, and no reply refers to it (the skeleton
     * receives from that rank, not from anywhere). */
    int pinned = sc->pin ? skel_symbols_pinned_peer(ev, klass) : 0;
    if (pinned == 1)
        k.peer = ev->asrc;
    else if (pinned == 2)
        k.peer2 = ev->asrc;
    if (pinned)
        k.flags |= SKEL_SIG_PINNED;

    /* Requests: links first (they refer to activations before this call),
     * then this call's own activations. */
    uint32_t nl = 0;
    if (ev->ncomplete > 0) {
        if ((rc = need_links(sc, ev->ncomplete)) != SKEL_OK)
            return rc;
        for (uint32_t i = 0; i < ev->ncomplete; i++) {
            const skel_completion *c = &ev->complete[i];
            struct req_slot *e;
            sc->lk[nl] = link_to(sc, c->req, c->index, c->flags & SKEL_EVF_CANCELLED, &e);
            if (sc->lk[nl].call == 0)
                sc->lk[nl].call = c->call;
            nl++;
            /* What a completion waits for grows with the messages it
             * completes: the bytes a receive got (it has a source), or
             * what the request's call sends.  HPCC completes 8-byte and
             * 2 MB exchanges at one MPI_Waitall (0.8 and 458 us): one
             * symbol's mean fitted neither (bench/README.md, HPCC). */
            if (!(c->flags & SKEL_EVF_CANCELLED))
                k.cbytes += c->src != SKEL_PEER_NONE || e == NULL ? c->bytes : e->bytes;
            if (e != NULL && (e->flags & REQ_WILD) && c->src >= 0)
                sc->last_wild = c->src;
            if (e != NULL && !(e->flags & REQ_PERSISTENT))
                req_del(&sc->reqs, e);
        }
    }
    int refers =
        klass == SKEL_CLASS_START || klass == SKEL_CLASS_REQFREE || klass == SKEL_CLASS_CANCEL;
    uint32_t nref = refers ? (ev->nreqs > 0 ? ev->nreqs : (ev->req != 0 ? 1 : 0)) : 0;
    if (nref > 0) {
        if ((rc = need_links(sc, nl + nref)) != SKEL_OK)
            return rc;
        /* All links first (they count activations before this call), then
         * the starts, in order, each an activation. */
        for (uint32_t i = 0; i < nref; i++) {
            struct req_slot *e;
            sc->lk[nl++] = link_to(sc, ev->nreqs > 0 ? ev->reqs[i] : ev->req, i, 0, &e);
        }
        for (uint32_t i = 0; i < nref; i++) {
            struct req_slot *e = req_find(&sc->reqs, ev->nreqs > 0 ? ev->reqs[i] : ev->req);
            if (e == NULL)
                continue;
            if (klass == SKEL_CLASS_START)
                e->act = ++sc->act; /* a start is an activation */
            else if (klass == SKEL_CLASS_REQFREE)
                req_del(&sc->reqs, e);
        }
    }
    k.nlinks = nl;
    if (ev->req != 0 && skel_call_creates_request(ev->call, klass)) {
        uint16_t fl = 0;
        if (klass == SKEL_CLASS_SEND_INIT || klass == SKEL_CLASS_RECV_INIT)
            fl |= REQ_PERSISTENT;
        if (ev->peer == SKEL_PEER_ANY)
            fl |= REQ_WILD;
        if ((rc = req_put(&sc->reqs, ev->req, ++sc->act, ev->bytes, ev->call, fl)) != SKEL_OK)
            return rc;
    }
    /* Blocking receives from anywhere: their actual source is what a later
     * reply goes to. */
    if (!pinned && ((ev->peer == SKEL_PEER_ANY && skel_class_is_receive(klass) && ev->asrc >= 0 &&
                     (klass != SKEL_CLASS_IPROBE || (ev->flags & SKEL_EVF_FLAG))) ||
                    (klass == SKEL_CLASS_SENDRECV && ev->peer2 == SKEL_PEER_ANY && ev->asrc >= 0)))
        sc->last_wild = ev->asrc;

    uint32_t id = 0;
    if ((rc = intern(sc, &k, &id)) != SKEL_OK)
        return rc;
    skel_rsym *s = &sc->r->syms[id];
    s->n++;
    if (reply) {
        if (s->n == 1)
            s->reply_peer = ev->peer;
        else if (s->reply_peer != ev->peer)
            s->reply_mixed = 1;
    }
    uint64_t dur = ev->t_end >= ev->t_start ? ev->t_end - ev->t_start : 0;
    uint64_t cpu = ev->gap_cpu <= ev->gap_wall ? ev->gap_cpu : ev->gap_wall;
    s->polls += polls;
    if (ev->ws_bytes > 0) {
        s->ws_min = s->ws_n == 0 || ev->ws_bytes < s->ws_min ? ev->ws_bytes : s->ws_min;
        s->ws_n++;
    }
    if ((rc = timing_add(&s->gap, ev->gap_wall)) != SKEL_OK ||
        (rc = timing_add(&s->cpu, cpu)) != SKEL_OK || (rc = timing_add(&s->dur, dur)) != SKEL_OK)
        return rc;
    skel_rsig *r = sc->r;
    if (r->events == 0)
        r->t_first = ev->t_start;
    if (ev->t_end > r->t_last)
        r->t_last = ev->t_end;
    r->events++;
    r->compute_ns += ev->gap_wall;
    r->mpi_ns += dur;
    if ((rc = skel_match_log_event(r->mlog, ev, id)) != SKEL_OK)
        return rc;
    return skel_loops_push(r->fold, id);
}

/* ---- the pass over a rank ---------------------------------------------------------- */

static char *dup_str(const char *s)
{
    return strdup(s != NULL ? s : "");
}

/* The rank's communicators by slot (commslot.h): each slot described by its
 * first occupant, its index the slot and its parent the parent's slot. */
static int copy_tables(skel_rsig *r, const skel_rank_reader *rd, skel_commslots *cs)
{
    int rc = skel_commslots_prepare(cs);
    if (rc != SKEL_OK)
        return rc;
    r->ncomms = cs->nslots;
    r->comms = calloc(r->ncomms ? r->ncomms : 1, sizeof *r->comms);
    if (r->comms == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < r->ncomms; i++) {
        const skel_comm *c = skel_rank_comm(rd, cs->slots[i].rep);
        skel_comm *d = &r->comms[i];
        if (c == NULL) {
            d->index = i;
            d->parent = SKEL_COMM_NONE;
            continue;
        }
        *d = *c;
        d->index = i;
        d->parent = cs->slots[i].parent;
        d->members = d->remote = d->dims = d->periods = d->in = d->out = NULL;
        if (c->flags & SKEL_COMMF_ADJ) {
            d->in = malloc(((size_t)c->nin + c->nout + 1) * sizeof *d->in);
            if (d->in == NULL)
                return skel_fail(SKEL_ENOMEM, "out of memory");
            d->out = d->in + c->nin; /* one allocation: in is freed */
            if (c->nin)
                memcpy(d->in, c->in, c->nin * sizeof *d->in);
            if (c->nout)
                memcpy(d->out, c->out, c->nout * sizeof *d->out);
        }
        d->members = malloc((c->size ? c->size : 1) * sizeof *d->members);
        d->remote = malloc((c->remote_size ? c->remote_size : 1) * sizeof *d->remote);
        d->dims = malloc((c->ndims ? c->ndims : 1) * sizeof *d->dims);
        d->periods = malloc((c->ndims ? c->ndims : 1) * sizeof *d->periods);
        if (!d->members || !d->remote || !d->dims || !d->periods)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        if (c->size)
            memcpy(d->members, c->members, c->size * sizeof *d->members);
        if (c->remote_size)
            memcpy(d->remote, c->remote, c->remote_size * sizeof *d->remote);
        if (c->ndims) {
            memcpy(d->dims, c->dims, c->ndims * sizeof *d->dims);
            memcpy(d->periods, c->periods, c->ndims * sizeof *d->periods);
        }
    }
    r->nsites = skel_rank_nsites(rd);
    r->sites = calloc(r->nsites ? r->nsites : 1, sizeof *r->sites);
    r->site_module = calloc(r->nsites ? r->nsites : 1, sizeof *r->site_module);
    if (r->sites == NULL || r->site_module == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < r->nsites; i++) {
        const skel_site *s = skel_rank_site(rd, i);
        skel_site *d = &r->sites[i];
        d->index = i;
        if (s != NULL) {
            *d = *s;
            d->func = d->file = NULL;
        }
        const skel_module *m = s != NULL ? skel_rank_module(rd, s->module) : NULL;
        d->func = dup_str(s ? s->func : NULL);
        d->file = dup_str(s ? s->file : NULL);
        r->site_module[i] = dup_str(m ? m->path : NULL);
        if (!d->func || !d->file || !r->site_module[i])
            return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    return SKEL_OK;
}

uint64_t skel_symbols_call_ns(const skel_trace *t, uint32_t rank)
{
    const skel_meta *m = skel_trace_meta(t);
    for (uint32_t i = 0; m != NULL && i < m->nrank_entries; i++)
        if (m->ranks[i].rank == rank)
            return m->ranks[i].call_ns;
    return 0;
}

int skel_symbols_scan(const skel_trace *t, uint32_t rank, int pin, int shift, skel_rsig **out)
{
    int rc = SKEL_OK;
    skel_rank_reader *rd = NULL;
    struct scan sc;
    memset(&sc, 0, sizeof sc);
    skel_pollfold pf;
    skel_pollfold_init(&pf, NULL, 0);
    sc.last_wild = SKEL_PEER_NONE;
    sc.pin = pin;
    skel_rsig *r = calloc(1, sizeof *r);
    if (r == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    r->rank = rank;
    r->nranks = skel_trace_nranks(t);
    sc.r = r;
    if ((rc = skel_loops_new(&r->fold)) != SKEL_OK ||
        (rc = skel_match_log_new(&r->mlog)) != SKEL_OK)
        goto out;
    if ((rc = skel_trace_open_rank(t, rank, &rd)) != SKEL_OK)
        goto out;
    struct prev_call prev = {SKEL_SIG_NONE, 0};
    skel_event ev;
    uint64_t polls;
    r->call_ns = skel_symbols_call_ns(t, rank);
    skel_pollfold_init(&pf, rd, shift ? r->call_ns : 0);
    skel_pollfold_source(&pf, t, rank);
    for (;;) {
        rc = skel_pollfold_next(&pf, &ev, &polls);
        if (rc <= 0)
            break;
        if (ev.thread >= r->threads)
            r->threads = ev.thread + 1;
        /* Tables grow as the file declares sites: keep the count current so
         * that site indices are checked against what is known. */
        r->nsites = skel_rank_nsites(rd);
        if ((rc = on_event(&sc, &ev, polls, &prev)) != SKEL_OK)
            goto out;
        r->delivered++;
    }
    /* The trace's length counts every event, folded polls included. */
    r->events = pf.raw;
    /* Calls that began while another thread's call ran (compress/concur.h,
     * which made the blocking ones among them nonblocking). */
    r->overlaps = pf.cc.overlaps;
    r->nonblocking = pf.cc.posts;
    if (rc < 0 || (rc = skel_match_log_end(r->mlog)) != SKEL_OK)
        goto out;
    const skel_rank_end *end = skel_rank_end_of(rd);
    r->per_event_ns = end != NULL ? end->per_event_ns : 0;
    rc = copy_tables(r, rd, &pf.slots);
out:
    skel_pollfold_free(&pf);
    skel_rank_close(rd);
    free(sc.tab);
    free(sc.hash);
    free(sc.keys);
    free(sc.site_cache);
    free(sc.reqs.s);
    free(sc.lk);
    free(sc.obj_slot);
    free(sc.slot_used);
    if (rc != SKEL_OK) {
        skel_symbols_free(r);
        return rc;
    }
    *out = r;
    return SKEL_OK;
}

void skel_symbols_free_syms(skel_rsym *syms, uint32_t n)
{
    if (syms == NULL)
        return;
    for (uint32_t i = 0; i < n; i++) {
        skel_sketch_free(&syms[i].gap.sk);
        skel_sketch_free(&syms[i].cpu.sk);
        skel_sketch_free(&syms[i].dur.sk);
    }
    free(syms);
}

void skel_symbols_free(skel_rsig *r)
{
    if (r == NULL)
        return;
    skel_symbols_free_syms(r->syms, r->nsyms);
    free(r->links);
    free(r->groups);
    free(r->gmembers);
    skel_loops_free(r->fold);
    skel_match_log_free(r->mlog);
    if (r->comms != NULL)
        for (uint32_t i = 0; i < r->ncomms; i++) {
            free(r->comms[i].members);
            free(r->comms[i].remote);
            free(r->comms[i].dims);
            free(r->comms[i].periods);
            free(r->comms[i].in);
        }
    free(r->comms);
    if (r->sites != NULL)
        for (uint32_t i = 0; i < r->nsites; i++) {
            free(r->sites[i].func);
            free(r->sites[i].file);
            if (r->site_module)
                free(r->site_module[i]);
        }
    free(r->sites);
    free(r->site_module);
    free(r);
}

/* ---- clustering --------------------------------------------------------------------- */

#define CMP(f)                                                                                     \
    if (a->f != b->f)                                                                              \
        return a->f < b->f ? -1 : 1;

/* The hard dimensions but the tags: symbols that differ in them never
 * merge. */
static int cmp_hard_but_tags(const skel_rsig *r, const skel_rsym *a, const skel_rsym *b)
{
    CMP(call)
    CMP(flags)
    CMP(comm)
    CMP(newcomm)
    CMP(obj)
    CMP(peer)
    CMP(peer2)
    CMP(root)
    CMP(dtsize)
    CMP(op)
    CMP(nlinks)
    CMP(group)
    CMP(parts)
    /* A partitioned set-up's size is hard: MPI wants its two sides' buffers
     * of one size exactly, so a skeleton cannot use a mean of sizes. */
    if (skel_call_partitioned(a->call) && a->count.min != b->count.min)
        return a->count.min < b->count.min ? -1 : 1;
    if (a->nlinks == 0)
        return 0; /* r->links may be NULL */
    const skel_sig_link *la = r->links + a->link_off, *lb = r->links + b->link_off;
    for (uint32_t i = 0; i < a->nlinks; i++) {
        if (la[i].dist != lb[i].dist)
            return la[i].dist < lb[i].dist ? -1 : 1;
        if (la[i].index != lb[i].index)
            return la[i].index < lb[i].index ? -1 : 1;
        if (la[i].call != lb[i].call)
            return la[i].call < lb[i].call ? -1 : 1;
        if (la[i].flags != lb[i].flags)
            return la[i].flags < lb[i].flags ? -1 : 1;
    }
    return 0;
}

/* All hard dimensions, the tags last: symbols equal but for their tags sort
 * together. */
static int cmp_hard(const skel_rsig *r, const skel_rsym *a, const skel_rsym *b)
{
    int c = cmp_hard_but_tags(r, a, b);
    if (c != 0)
        return c;
    CMP(tag)
    CMP(tag2)
    return 0;
}
#undef CMP

/* Tags that count.  A program that tags its messages by iteration or by a
 * message counter (BLACS's next_msgid(), `tag = step`) makes a new symbol
 * at a call site for every tag, so nothing repeats and no loop folds.  Where
 * the symbols of one site and kind (equal in every hard dimension but the
 * tags) carry at least TAG_COUNTER distinct tags, the tags are a counter,
 * not a kind of message: at a threshold above 0 they merge like a soft
 * dimension.  The skeleton then tags by matching class (codegen/plan.c:
 * op_tag), so a receive still meets only the messages its class met. */
#define TAG_COUNTER 16

static uint32_t distinct_tags(const skel_rsig *r, const uint32_t *idx, uint32_t g0, uint32_t g1)
{
    uint32_t d = 1;
    for (uint32_t i = g0 + 1; i < g1; i++) {
        const skel_rsym *a = &r->syms[idx[i - 1]], *b = &r->syms[idx[i]];
        d += a->tag != b->tag || a->tag2 != b->tag2;
    }
    return d;
}

/* qsort has no context argument in C11: sort through a thread-local. */
static _Thread_local const skel_rsig *sort_r;

static int cmp_idx(const void *pa, const void *pb)
{
    uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
    int c = cmp_hard(sort_r, &sort_r->syms[a], &sort_r->syms[b]);
    if (c != 0)
        return c;
    return a < b ? -1 : a > b;
}

struct val {
    double v;
    uint32_t i; /* position in the group */
};

static int cmp_val(const void *pa, const void *pb)
{
    const struct val *a = pa, *b = pb;
    if (a->v != b->v)
        return a->v < b->v ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* Greedy cover of values v[0..n) by intervals [x, x(1+T)] from the smallest;
 * cls[i] gets the interval of value i.  Negative values only join equal ones. */
static void cover(struct val *v, uint32_t n, double T, uint32_t *cls)
{
    qsort(v, n, sizeof *v, cmp_val);
    uint32_t c = 0;
    double start = 0;
    for (uint32_t k = 0; k < n; k++) {
        if (k == 0 || v[k].v > start * (1.0 + T) || (start < 0 && v[k].v != start) ||
            (start == 0 && v[k].v != 0)) {
            if (k > 0)
                c++;
            start = v[k].v;
        }
        cls[v[k].i] = c;
    }
}

struct member {
    uint32_t cb, cr, cc, cw, cg; /* cluster in each dimension */
    uint32_t ps, pw, st;         /* compute region: previous site and flag, site */
    uint32_t k;                  /* position in the hard-key group */
};

/* Order by sizes, then region (cg still 0), or by sizes then compute cluster. */
static int cmp_member(const void *pa, const void *pb)
{
    const struct member *a = pa, *b = pb;
#define CMP(f)                                                                                     \
    if (a->f != b->f)                                                                              \
        return a->f < b->f ? -1 : 1;
    CMP(cb)
    CMP(cr)
    CMP(cc)
    CMP(cw)
    CMP(cg)
    CMP(ps)
    CMP(pw)
    CMP(st)
    CMP(k)
#undef CMP
    return 0;
}

int skel_symbols_cluster(const skel_rsig *r, double T, uint32_t *map, uint32_t *nclusters)
{
    uint32_t n = r->nsyms;
    if (T <= 0.0) {
        for (uint32_t i = 0; i < n; i++)
            map[i] = i;
        *nclusters = n;
        return SKEL_OK;
    }
    int rc = SKEL_OK;
    size_t sz = n ? n : 1;
    uint32_t *idx = malloc(sz * sizeof *idx), *cls = malloc(sz * sizeof *cls),
             *first = malloc(sz * sizeof *first);
    struct val *v = malloc(sz * sizeof *v);
    struct member *mb = malloc(sz * sizeof *mb);
    if (!idx || !cls || !first || !v || !mb) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory (clustering)");
        goto out;
    }
    for (uint32_t i = 0; i < n; i++)
        idx[i] = i;
    sort_r = r;
    qsort(idx, n, sizeof *idx, cmp_idx);
    /* map[] first holds a provisional id: the idx position of a
     * representative of the cluster. */
    for (uint32_t g0 = 0; g0 < n;) {
        uint32_t g1 = g0 + 1;
        while (g1 < n && cmp_hard_but_tags(r, &r->syms[idx[g0]], &r->syms[idx[g1]]) == 0)
            g1++;
        if (distinct_tags(r, idx, g0, g1) < TAG_COUNTER) { /* tags are kinds: apart */
            g1 = g0 + 1;
            while (g1 < n && cmp_hard(r, &r->syms[idx[g0]], &r->syms[idx[g1]]) == 0)
                g1++;
        }
        uint32_t m = g1 - g0;
        const skel_rsym *gs;
        /* Soft dimensions, each covered on its own. */
        for (uint32_t k = 0; k < m; k++) {
            gs = &r->syms[idx[g0 + k]];
            mb[k] =
                (struct member){.k = k, .ps = gs->prev_site, .pw = gs->prev_won, .st = gs->site};
            v[k] = (struct val){.v = (double)gs->bytes.min, .i = k};
        }
        cover(v, m, T, cls);
        for (uint32_t k = 0; k < m; k++) {
            mb[k].cb = cls[k];
            v[k] = (struct val){.v = (double)r->syms[idx[g0 + k]].rbytes.min, .i = k};
        }
        cover(v, m, T, cls);
        for (uint32_t k = 0; k < m; k++) {
            mb[k].cr = cls[k];
            v[k] = (struct val){.v = (double)r->syms[idx[g0 + k]].count.min, .i = k};
        }
        cover(v, m, T, cls);
        for (uint32_t k = 0; k < m; k++) {
            mb[k].cc = cls[k];
            v[k] = (struct val){.v = (double)r->syms[idx[g0 + k]].cbytes.min, .i = k};
        }
        /* Completed bytes only keep small and large messages apart: within
         * a factor 2 they merge at any threshold, so sizes that vary a
         * little never split a completion the sizes' own threshold merged
         * (its requests' calls are clustered by their bytes already). */
        cover(v, m, T > 1.0 ? T : 1.0, cls);
        for (uint32_t k = 0; k < m; k++)
            mb[k].cw = cls[k];
        /* Within each (bytes, rbytes, count, completed bytes) combination, the compute
         * regions: symbols of one region always stay together (their
         * compute times form one distribution); regions whose mean compute
         * times are within T merge. */
        qsort(mb, m, sizeof *mb, cmp_member);
        for (uint32_t a = 0; a < m;) {
            uint32_t b = a + 1;
            while (b < m && mb[b].cb == mb[a].cb && mb[b].cr == mb[a].cr && mb[b].cc == mb[a].cc &&
                   mb[b].cw == mb[a].cw)
                b++;
            uint32_t nreg = 0;
            for (uint32_t q = a; q < b;) {
                uint32_t e = q;
                double sum = 0, cnt = 0;
                for (;
                     e < b && mb[e].ps == mb[q].ps && mb[e].pw == mb[q].pw && mb[e].st == mb[q].st;
                     e++) {
                    gs = &r->syms[idx[g0 + mb[e].k]];
                    sum += (double)gs->gap.sum;
                    cnt += (double)gs->n;
                }
                v[nreg] = (struct val){.v = cnt > 0 ? sum / cnt : 0, .i = nreg};
                first[nreg++] = q; /* first member of the region */
                q = e;
            }
            cover(v, nreg, T, cls);
            for (uint32_t g = 0; g < nreg; g++) {
                uint32_t end = g + 1 < nreg ? first[g + 1] : b;
                for (uint32_t q = first[g]; q < end; q++)
                    mb[q].cg = cls[g];
            }
            a = b;
        }
        /* Members agreeing in all five dimensions form a cluster; its
         * provisional id is its smallest group position. */
        qsort(mb, m, sizeof *mb, cmp_member);
        for (uint32_t a = 0; a < m;) {
            uint32_t b = a + 1, rep = mb[a].k;
            while (b < m && mb[b].cb == mb[a].cb && mb[b].cr == mb[a].cr && mb[b].cc == mb[a].cc &&
                   mb[b].cw == mb[a].cw && mb[b].cg == mb[a].cg)
                b++;
            for (uint32_t q = a; q < b; q++)
                map[idx[g0 + mb[q].k]] = g0 + rep;
            a = b;
        }
        g0 = g1;
    }
    /* Number the clusters in the order of their first symbol (symbols are
     * numbered by first occurrence, so clusters are too). */
    for (uint32_t i = 0; i < n; i++)
        first[i] = UINT32_MAX;
    uint32_t nc = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t p = map[i];
        if (first[p] == UINT32_MAX)
            first[p] = nc++;
        map[i] = first[p];
    }
    *nclusters = nc;
out:
    free(idx);
    free(cls);
    free(first);
    free(v);
    free(mb);
    return rc;
}

static void range_merge(skel_sig_range *a, const skel_sig_range *b, uint64_t na, uint64_t nb)
{
    if (b->min < a->min)
        a->min = b->min;
    if (b->max > a->max)
        a->max = b->max;
    a->mean = na + nb > 0 ? (a->mean * (double)na + b->mean * (double)nb) / (double)(na + nb) : 0;
}

int skel_symbols_merge(const skel_rsig *r, const uint32_t *map, uint32_t n, skel_rsym **out)
{
    skel_rsym *cs = calloc(n ? n : 1, sizeof *cs);
    uint8_t *seen = calloc(n ? n : 1, 1);
    int rc = SKEL_OK;
    if (cs == NULL || seen == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory (merged symbols)");
        goto out;
    }
    for (uint32_t i = 0; i < r->nsyms; i++) {
        const skel_rsym *s = &r->syms[i];
        skel_rsym *d = &cs[map[i]];
        if (!seen[map[i]]) {
            seen[map[i]] = 1;
            *d = *s;
            memset(&d->gap.sk, 0, sizeof d->gap.sk);
            memset(&d->cpu.sk, 0, sizeof d->cpu.sk);
            memset(&d->dur.sk, 0, sizeof d->dur.sk);
            if ((rc = skel_sketch_copy(&d->gap.sk, &s->gap.sk)) != SKEL_OK ||
                (rc = skel_sketch_copy(&d->cpu.sk, &s->cpu.sk)) != SKEL_OK ||
                (rc = skel_sketch_copy(&d->dur.sk, &s->dur.sk)) != SKEL_OK)
                goto out;
            continue;
        }
        range_merge(&d->count, &s->count, d->n, s->n);
        range_merge(&d->bytes, &s->bytes, d->n, s->n);
        range_merge(&d->rbytes, &s->rbytes, d->n, s->n);
        range_merge(&d->cbytes, &s->cbytes, d->n, s->n);
        if (d->site != s->site)
            d->site = SKEL_SIG_NONE;
        if (d->prev_site != s->prev_site)
            d->prev_site = SKEL_SIG_NONE;
        if (d->prev_won != s->prev_won)
            d->prev_won = 0;
        if (s->peer == SKEL_SYM_PEER_REPLY && (s->reply_mixed || s->reply_peer != d->reply_peer))
            d->reply_mixed = 1;
        d->n += s->n;
        if (s->ws_n > 0 && (d->ws_n == 0 || s->ws_min < d->ws_min))
            d->ws_min = s->ws_min;
        d->ws_n += s->ws_n;
        d->polls += s->polls;
        if ((rc = skel_timing_merge(&d->gap, &s->gap)) != SKEL_OK ||
            (rc = skel_timing_merge(&d->cpu, &s->cpu)) != SKEL_OK ||
            (rc = skel_timing_merge(&d->dur, &s->dur)) != SKEL_OK)
            goto out;
    }
out:
    free(seen);
    if (rc != SKEL_OK) {
        skel_symbols_free_syms(cs, n);
        return rc;
    }
    *out = cs;
    return SKEL_OK;
}
