/* critpath.c - critical path, its profile, and critical-path zeroing
 * (critpath.h).
 *
 * Every rank carries the state of the longest path ending at its last step:
 * its length L, its profile P (time per profiled item on it), and the
 * savings D[k] = L - (longest path to the same point with the weights of
 * zero slot k's item set to zero).  Vectors grow as items appear; entries
 * past their end are 0 (an item not met yet has neither time nor savings).
 * The first pass gives every item a zero slot, up to a cap (ZERO_CAP by
 * default); when a trace has more, a second pass zeroes the top items
 * beyond the cap.  A step's start is a source when
 * other steps depend on it (a send, the posting of a nonblocking
 * collective): the state at that point is kept until every dependant has
 * used it.  A merge (a message, a collective) takes the longer path, and for
 * each zeroed item the longer net path.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "critpath.h"

#include "error.h"
#include "grow.h"
#include "map.h"
#include "pag.h"

#include <math.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A profile: time per item index, implicitly 0 beyond len. */
struct vec {
    uint32_t len, cap;
    double *v;
};

/* Items zeroed in the first pass at most by default: a merge costs O(zero
 * slots). */
#define ZERO_CAP 256

/* The path state at a source step's start. */
struct src {
    double L;
    struct vec P, D;
    uint32_t uses;
};

/* A nonblocking collective instance: the arrivals its completions wait for
 * (the latest, and the root's), with their paths' profiles and savings. */
struct inst {
    double Lmax, Lroot;
    struct vec Pmax, Proot, Dmax, Droot;
};

struct rank {
    double L;
    struct vec P, D;
    int started;
};

/* Profiled items, shared by both passes. */
struct items {
    pcre2_code *re;
    pcre2_match_data *md;
    int32_t call_item[SKEL_CALL_LIMIT]; /* -1: not profiled, -2: not decided yet */
    int32_t *site_item, *phase_item;    /* same, per site / phase id */
    uint32_t nsite_item, nphase_item;
    struct skel_critpath_item *it;
    uint32_t n, cap;
    int32_t *zslot; /* per item: zero slot, or -1 */
    uint32_t zslot_cap;
    int zero_all; /* first pass: slot i + gslot + 1 for item i < zcap */
    uint32_t zcap;
    pcre2_code *gre; /* --zero-group: items zeroed together */
    pcre2_match_data *gmd;
    uint8_t *in_group; /* per item */
    uint32_t in_group_cap, ngroup;
    int32_t gslot; /* the group's zero slot (0), or -1 */
};

/* The sources in flight, found by their key: most are used soon after they
 * are made (a send and its receive), so they sit in a direct-mapped table
 * of SRC_FRONT slots; one whose slot a newer source takes while it is still
 * in use (a message received long after it was sent) moves to a hash map.
 * A hash map's put, find and delete cost ~100 instructions per message
 * (bench/README.md). */
#define SRC_FRONT 4096u
struct src_front {
    uint64_t key; /* skel_pag_src_key() + 1; 0: empty */
    uint32_t idx; /* index in srcs */
};

struct pass {
    struct items *items;
    const skel_pag *g;
    int profile;
    int cpu_only;
    uint32_t K0; /* zero slots (grows with the items in the first pass) */
    uint32_t n;
    struct rank *rs;
    double *busy;
    struct src *srcs;
    uint32_t nsrcs, src_cap, *src_free, nsrc_free, src_free_cap;
    struct src_front *src_front; /* SRC_FRONT slots, then */
    skel_map src_map;            /* those a newer source displaced: key -> index in srcs */
    struct inst *insts;
    uint32_t ninsts, inst_cap, *inst_free, ninst_free, inst_free_cap;
    skel_map inst_map;
    double *tmpZ, *tmpZ2; /* room for K0 each: tmpZ for end(), tmpZ2 for group() and
                             inst_make() */
    uint32_t tmp_cap;
    double *arrive; /* group batches: member starts */
    uint32_t arrive_cap;
    struct vec tmpP;
    double cpu_total;
};

/* ---- profiles ------------------------------------------------------------------------ */

static int vreserve(struct vec *p, uint32_t len)
{
    return skel_grow_u32(&p->v, &p->cap, len, sizeof *p->v);
}

static int vextend(struct vec *p, uint32_t u)
{
    if (vreserve(p, u + 1) != 0)
        return -1;
    memset(p->v + p->len, 0, (u + 1 - p->len) * sizeof *p->v);
    p->len = u + 1;
    return 0;
}

/* Several times per event: the common case inline, growing out of line. */
static inline __attribute__((always_inline)) int vadd(struct vec *p, int32_t i, double w)
{
    if (i < 0)
        return 0;
    uint32_t u = (uint32_t)i;
    if (u >= p->len && vextend(p, u) != 0)
        return -1;
    p->v[u] += w;
    return 0;
}

static int vcopy(struct vec *dst, const struct vec *src)
{
    if (vreserve(dst, src->len) != 0)
        return -1;
    if (src->len > 0)
        memcpy(dst->v, src->v, src->len * sizeof *dst->v);
    dst->len = src->len;
    return 0;
}

static double dget(const struct vec *d, uint32_t k)
{
    return k < d->len ? d->v[k] : 0.0;
}

/* Make d hold exactly n entries (new ones 0). */
static int vsize(struct vec *d, uint32_t n)
{
    if (n > d->len) {
        if (vreserve(d, n) != 0)
            return -1;
        memset(d->v + d->len, 0, (n - d->len) * sizeof *d->v);
    }
    d->len = n;
    return 0;
}

/* ---- items --------------------------------------------------------------------------- */

static int matches(struct items *its, const char *s)
{
    return pcre2_match(its->re, (PCRE2_SPTR)s, PCRE2_ZERO_TERMINATED, 0, 0, its->md, NULL) >= 0;
}

static int gmatches(struct items *its, const char *s)
{
    return pcre2_match(its->gre, (PCRE2_SPTR)s, PCRE2_ZERO_TERMINATED, 0, 0, its->gmd, NULL) >= 0;
}

/* Is the item in the --zero-group?  Its name as printed (a call's name, a
 * site's file:line, function or module+offset, a phase's "SITE -> SITE")
 * matches the group's pattern. */
static int item_in_group(struct items *its, const skel_pag *g, int category, uint32_t id)
{
    if (its->gre == NULL)
        return 0;
    if (category == SKEL_CRITPATH_CALL)
        return gmatches(its, skel_call_name((uint16_t)id));
    if (category == SKEL_CRITPATH_SITE)
        return gmatches(its, skel_pag_site_label(g, id)) ||
               gmatches(its, skel_pag_site_func(g, id)) || gmatches(its, skel_pag_site_addr(g, id));
    uint32_t from, to;
    skel_pag_phase(g, id, &from, &to);
    char *name = NULL;
    if (asprintf(&name, "%s -> %s", skel_pag_site_label(g, from), skel_pag_site_label(g, to)) < 0)
        return 0;
    int m = gmatches(its, name);
    free(name);
    return m;
}

static int new_item(struct items *its, const skel_pag *g, int category, uint32_t id, int32_t *out)
{
    if (skel_grow_u32(&its->it, &its->cap, its->n + 1, sizeof *its->it) != SKEL_OK ||
        skel_grow_u32(&its->in_group, &its->in_group_cap, its->n + 1, sizeof *its->in_group) !=
            SKEL_OK)
        return skel_oom();
    struct skel_critpath_item *it = &its->it[its->n];
    memset(it, 0, sizeof *it);
    it->category = (uint8_t)category;
    it->id = id;
    it->zero_ns = -1;
    its->in_group[its->n] = (uint8_t)item_in_group(its, g, category, id);
    its->ngroup += its->in_group[its->n];
    if (its->zero_all) {
        if (skel_grow_u32(&its->zslot, &its->zslot_cap, its->n + 1, sizeof *its->zslot) != SKEL_OK)
            return skel_oom();
        its->zslot[its->n] =
            its->n < its->zcap ? (int32_t)(its->n + (uint32_t)(its->gslot + 1)) : -1;
    }
    *out = (int32_t)its->n++;
    return SKEL_OK;
}

static int site_selected(struct items *its, const skel_pag *g, uint32_t site)
{
    if (its->re == NULL)
        return 1;
    if (site == SKEL_PAG_SITE_START)
        return 0;
    return matches(its, skel_pag_site_label(g, site)) ||
           matches(its, skel_pag_site_func(g, site)) || matches(its, skel_pag_site_addr(g, site)) ||
           matches(its, skel_call_name(skel_pag_site_call(g, site)));
}

/* Room for slot id in *arr (n slots), new slots -2 (no item yet). */
static int ensure_slots(int32_t **arr, uint32_t *n, uint32_t id)
{
    uint32_t old = *n;
    int rc = skel_grow_u32(arr, n, (uint64_t)id + 1, sizeof **arr);
    for (uint32_t i = old; rc == SKEL_OK && i < *n; i++)
        (*arr)[i] = -2;
    return rc;
}

static int call_item(struct items *its, uint16_t call, int32_t *out)
{
    if (call >= SKEL_CALL_LIMIT) {
        *out = -1;
        return SKEL_OK;
    }
    if (its->call_item[call] == -2) {
        its->call_item[call] = -1;
        if (its->re == NULL || matches(its, skel_call_name(call))) {
            int rc = new_item(its, NULL, SKEL_CRITPATH_CALL, call, &its->call_item[call]);
            if (rc != SKEL_OK)
                return rc;
        }
    }
    *out = its->call_item[call];
    return SKEL_OK;
}

static int site_item(struct items *its, const skel_pag *g, uint32_t site, int32_t *out)
{
    if (ensure_slots(&its->site_item, &its->nsite_item, site) != 0)
        return skel_oom();
    if (its->site_item[site] == -2) {
        its->site_item[site] = -1;
        if (site_selected(its, g, site)) {
            int rc = new_item(its, g, SKEL_CRITPATH_SITE, site, &its->site_item[site]);
            if (rc != SKEL_OK)
                return rc;
        }
    }
    *out = its->site_item[site];
    return SKEL_OK;
}

static int phase_item(struct items *its, const skel_pag *g, uint32_t phase, int32_t *out)
{
    if (ensure_slots(&its->phase_item, &its->nphase_item, phase) != 0)
        return skel_oom();
    if (its->phase_item[phase] == -2) {
        its->phase_item[phase] = -1;
        uint32_t from, to;
        skel_pag_phase(g, phase, &from, &to);
        if (site_selected(its, g, from) || site_selected(its, g, to)) {
            int rc = new_item(its, g, SKEL_CRITPATH_PHASE, phase, &its->phase_item[phase]);
            if (rc != SKEL_OK)
                return rc;
        }
    }
    *out = its->phase_item[phase];
    return SKEL_OK;
}

/* ---- sources and instances -------------------------------------------------------- */

/* The key's slot in src_front: the event's index mixed with its rank's
 * (skel_pag_src_key puts the rank above bit 40), so that consecutive
 * sources of one rank take consecutive slots. */
static uint32_t src_slot(uint64_t key)
{
    return (uint32_t)(key ^ (key >> 40) * 0x9e3779b1u) & (SRC_FRONT - 1);
}

static int src_put(struct pass *ps, uint32_t rank, uint64_t seq, double L, const struct vec *P,
                   const struct vec *D, uint32_t uses)
{
    uint32_t i;
    if (ps->nsrc_free > 0) {
        i = ps->src_free[--ps->nsrc_free];
    } else {
        if (skel_grow_u32(&ps->srcs, &ps->src_cap, ps->nsrcs + 1, sizeof *ps->srcs) != SKEL_OK)
            return skel_oom();
        i = ps->nsrcs++;
        memset(&ps->srcs[i], 0, sizeof ps->srcs[i]);
    }
    struct src *s = &ps->srcs[i];
    s->L = L;
    s->uses = uses;
    s->P.len = 0;
    if (ps->profile && vcopy(&s->P, P) != 0)
        return skel_oom();
    if (vcopy(&s->D, D) != 0)
        return skel_oom();
    uint64_t key = skel_pag_src_key(rank, seq);
    struct src_front *f = &ps->src_front[src_slot(key)];
    if (f->key != 0 && f->key != key + 1 && skel_map_put(&ps->src_map, f->key - 1, f->idx) != 0)
        return skel_oom();
    *f = (struct src_front){.key = key + 1, .idx = i};
    return SKEL_OK;
}

static int src_get(struct pass *ps, uint32_t rank, uint64_t seq, struct src **out)
{
    uint64_t key = skel_pag_src_key(rank, seq);
    const struct src_front *f = &ps->src_front[src_slot(key)];
    if (f->key == key + 1) {
        *out = &ps->srcs[f->idx];
        return SKEL_OK;
    }
    skel_map_slot *sl = ps->src_map.live > 0 ? skel_map_find(&ps->src_map, key) : NULL;
    if (sl == NULL)
        return skel_fail(SKEL_EINTERNAL,
                         "critical path: rank %u, event %llu: a dependency whose "
                         "source was never seen",
                         rank, (unsigned long long)seq);
    *out = &ps->srcs[sl->val];
    return SKEL_OK;
}

static void src_release(struct pass *ps, uint32_t rank, uint64_t seq, struct src *s)
{
    if (s->uses > 1) {
        s->uses--;
        return;
    }
    uint64_t key = skel_pag_src_key(rank, seq);
    struct src_front *f = &ps->src_front[src_slot(key)];
    if (f->key == key + 1)
        f->key = 0;
    else
        skel_map_del(&ps->src_map, key);
    if (skel_grow_u32(&ps->src_free, &ps->src_free_cap, ps->nsrc_free + 1, sizeof *ps->src_free) ==
        0)
        ps->src_free[ps->nsrc_free++] = (uint32_t)(s - ps->srcs);
}

/* First completion of a nonblocking collective: gather its members' postings. */
static int inst_make(struct pass *ps, const skel_pag_coll *c, struct inst **out)
{
    uint32_t i;
    if (ps->ninst_free > 0) {
        i = ps->inst_free[--ps->ninst_free];
    } else {
        if (skel_grow_u32(&ps->insts, &ps->inst_cap, ps->ninsts + 1, sizeof *ps->insts) != SKEL_OK)
            return skel_oom();
        i = ps->ninsts++;
        memset(&ps->insts[i], 0, sizeof ps->insts[i]);
    }
    struct inst *in = &ps->insts[i];
    in->Lmax = -INFINITY;
    in->Lroot = -INFINITY;
    in->Pmax.len = in->Proot.len = in->Droot.len = 0;
    /* the net lengths first (in tmpZ2: end() holds tmpZ), then the savings
     * against Lmax */
    double *Z = ps->tmpZ2;
    for (uint32_t k = 0; k < ps->K0; k++)
        Z[k] = -INFINITY;
    for (uint32_t j = 0; j < c->size; j++) {
        struct src *s = NULL;
        int rc = src_get(ps, c->ranks[j], c->seqs[j], &s);
        if (rc != SKEL_OK)
            return rc;
        if (s->L > in->Lmax) {
            in->Lmax = s->L;
            if (ps->profile && vcopy(&in->Pmax, &s->P) != 0)
                return skel_oom();
        }
        for (uint32_t k = 0; k < ps->K0; k++)
            if (s->L - dget(&s->D, k) > Z[k])
                Z[k] = s->L - dget(&s->D, k);
        if (j == c->root) {
            in->Lroot = s->L;
            if ((ps->profile && vcopy(&in->Proot, &s->P) != 0) || vcopy(&in->Droot, &s->D) != 0)
                return skel_oom();
        }
        src_release(ps, c->ranks[j], c->seqs[j], s);
    }
    if (vsize(&in->Dmax, ps->K0) != 0)
        return skel_oom();
    for (uint32_t k = 0; k < ps->K0; k++)
        in->Dmax.v[k] = in->Lmax - Z[k];
    if (skel_map_put(&ps->inst_map, c->id, i) != 0)
        return skel_oom();
    *out = in;
    return SKEL_OK;
}

static void inst_drop(struct pass *ps, const skel_pag_coll *c, struct inst *in)
{
    skel_map_del(&ps->inst_map, c->id);
    if (skel_grow_u32(&ps->inst_free, &ps->inst_free_cap, ps->ninst_free + 1,
                      sizeof *ps->inst_free) == SKEL_OK)
        ps->inst_free[ps->ninst_free++] = (uint32_t)(in - ps->insts);
}

/* ---- steps ------------------------------------------------------------------------- */

struct attr {
    int32_t pi, ci, si; /* profile items of the phase, call and site */
    int32_t zp, zc, zs; /* their zero slots */
    int32_t zgp, zgo;   /* the group's slot for the gap (its phase is in the group) and for
                           the call's own time and flights (its call or site is), or -1 */
};

/* attr_of, totals, step_start, step_finish and begin run for every step:
 * inline, as the call overhead was a tenth of the pass (bench/README.md). */
static inline __attribute__((always_inline)) int attr_of(struct pass *ps, const skel_pag_step *s,
                                                         struct attr *a)
{
    struct items *its = ps->items;
    int rc;
    /* Items already decided are read here; the functions decide the others
     * (in this order: it is the order items are numbered in). */
    a->pi = s->phase < its->nphase_item ? its->phase_item[s->phase] : -2;
    if (a->pi == -2 && (rc = phase_item(its, ps->g, s->phase, &a->pi)) != SKEL_OK)
        return rc;
    a->ci = s->call < SKEL_CALL_LIMIT ? its->call_item[s->call] : -1;
    if (a->ci == -2 && (rc = call_item(its, s->call, &a->ci)) != SKEL_OK)
        return rc;
    a->si = s->site < its->nsite_item ? its->site_item[s->site] : -2;
    if (a->si == -2 && (rc = site_item(its, ps->g, s->site, &a->si)) != SKEL_OK)
        return rc;
    a->zp = a->pi >= 0 && its->zslot != NULL ? its->zslot[a->pi] : -1;
    a->zc = a->ci >= 0 && its->zslot != NULL ? its->zslot[a->ci] : -1;
    a->zs = a->si >= 0 && its->zslot != NULL ? its->zslot[a->si] : -1;
    a->zgp = a->zgo = -1;
    if (its->gslot >= 0) {
        if (a->pi >= 0 && its->in_group[a->pi])
            a->zgp = its->gslot;
        if ((a->ci >= 0 && its->in_group[a->ci]) || (a->si >= 0 && its->in_group[a->si]))
            a->zgo = its->gslot;
    }
    if (its->zero_all)
        ps->K0 = (uint32_t)(its->gslot + 1) + (its->n < its->zcap ? its->n : its->zcap);
    return SKEL_OK;
}

/* Count the step's times into the items' totals (first pass). */
static inline __attribute__((always_inline)) void totals(struct pass *ps, const skel_pag_step *s,
                                                         const struct attr *a)
{
    struct skel_critpath_item *it = ps->items->it;
    double d = s->end_ns - s->start_ns;
    if (a->ci >= 0) {
        it[a->ci].time_ns += d;
        it[a->ci].cpu_ns += d;
        it[a->ci].count++;
    }
    if (a->si >= 0) {
        it[a->si].time_ns += d;
        it[a->si].cpu_ns += d;
        it[a->si].count++;
    }
    if (a->pi >= 0 && !s->first) {
        it[a->pi].time_ns += s->gap_cpu + s->gap_off;
        it[a->pi].cpu_ns += s->gap_cpu;
        it[a->pi].count++;
    }
    ps->cpu_total += d + (s->first ? 0 : s->gap_cpu);
}

/* The step's start: the end of the rank's previous step plus the gap. */
static inline __attribute__((always_inline)) int step_start(struct pass *ps, const skel_pag_step *s,
                                                            const struct attr *a, double *start)
{
    struct rank *st = &ps->rs[s->rank];
    if (!st->started) {
        st->started = 1;
        st->L = s->start_ns;
        *start = st->L;
        return SKEL_OK;
    }
    double gap = s->gap_cpu + (ps->cpu_only ? 0 : s->gap_off);
    double pause = ps->cpu_only ? 0 : s->tracer_ns; /* the tracer's pauses are no item's */
    st->L += gap + pause;
    ps->busy[s->rank] += gap + pause;
    if ((ps->profile && vadd(&st->P, a->pi, gap) != 0) || vadd(&st->D, a->zp, gap) != 0 ||
        vadd(&st->D, a->zgp, gap) != 0)
        return skel_oom();
    *start = st->L;
    return SKEL_OK;
}

/* The step's local work, after it is ready at x. */
static inline __attribute__((always_inline)) int
step_finish(struct pass *ps, const skel_pag_step *s, const struct attr *a, double x)
{
    struct rank *st = &ps->rs[s->rank];
    double own = ps->cpu_only ? (s->local_delay ? 0 : s->local) : s->local + s->local_off;
    st->L = x + own;
    ps->busy[s->rank] += own;
    if (ps->profile && (vadd(&st->P, a->ci, own) != 0 || vadd(&st->P, a->si, own) != 0))
        return skel_oom();
    if (vadd(&st->D, a->zc, own) != 0 || (a->zs != a->zc && vadd(&st->D, a->zs, own) != 0) ||
        vadd(&st->D, a->zgo, own) != 0)
        return skel_oom();
    return SKEL_OK;
}

/* Weight w of an arc charged to the step's call and site, as seen by zero
 * slot k. */
static double net(const struct attr *a, uint32_t k, double w)
{
    return (int32_t)k == a->zc || (int32_t)k == a->zs || (int32_t)k == a->zgo ? 0.0 : w;
}

/* A step up to its start: the gap, and its source if it is one. */
static inline __attribute__((always_inline)) int begin(struct pass *ps, const skel_pag_step *s,
                                                       struct attr *a, double *start)
{
    int rc = attr_of(ps, s, a);
    if (rc != SKEL_OK)
        return rc;
    if (ps->profile)
        totals(ps, s, a);
    struct rank *st = &ps->rs[s->rank];
    if ((rc = step_start(ps, s, a, start)) != SKEL_OK)
        return rc;
    if (s->nsource > 0 && (rc = src_put(ps, s->rank, s->seq, *start, &st->P, &st->D, s->nsource)))
        return rc;
    return SKEL_OK;
}

/* The rest of a step begun at `start`: its dependencies, its own work. */
static int end(struct pass *ps, const skel_pag_step *s, const struct attr *aa, double start)
{
    struct attr a = *aa;
    struct rank *st = &ps->rs[s->rank];
    int rc = SKEL_OK;
    if (s->nmsg == 0 && s->coll == NULL)
        return step_finish(ps, s, &a, start);

    /* A merge: the latest dependency against the rank's own path. */
    double x = start;
    const struct vec *wP = NULL; /* profile of the winning remote path */
    double wcost = 0;
    double *Z = ps->tmpZ;
    for (uint32_t k = 0; k < ps->K0; k++)
        Z[k] = start - dget(&st->D, k);
    struct src *srcs_stack[8];
    struct src **got = s->nmsg <= 8 ? srcs_stack : malloc(s->nmsg * sizeof *got);
    if (got == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < s->nmsg && rc == SKEL_OK; i++) {
        const skel_pag_msg *m = &s->msg[i];
        if ((rc = src_get(ps, m->src, m->src_seq, &got[i])) != SKEL_OK)
            break;
        double cand = got[i]->L + m->lat_ns;
        if (cand > x) {
            x = cand;
            wP = &got[i]->P;
            wcost = m->lat_ns;
        }
        for (uint32_t k = 0; k < ps->K0; k++) {
            double z = got[i]->L - dget(&got[i]->D, k) + net(&a, k, m->lat_ns);
            if (z > Z[k])
                Z[k] = z;
        }
    }
    struct inst *in = NULL;
    if (rc == SKEL_OK && s->coll != NULL) {
        const skel_pag_coll *c = s->coll;
        if (c->first) {
            rc = inst_make(ps, c, &in);
        } else {
            skel_map_slot *sl = skel_map_find(&ps->inst_map, c->id);
            if (sl != NULL)
                in = &ps->insts[sl->val];
            else
                rc = skel_fail(SKEL_EINTERNAL,
                               "critical path: collective %llu completed "
                               "before it was seen",
                               (unsigned long long)c->id);
        }
        if (rc == SKEL_OK && s->coll_waits) {
            int fromroot = c->sync == SKEL_PAG_SYNC_FROM_ROOT;
            double cand = (fromroot ? in->Lroot : in->Lmax) + s->coll_cost_ns;
            if (cand > x) {
                x = cand;
                wP = fromroot ? &in->Proot : &in->Pmax;
                wcost = s->coll_cost_ns;
            }
            for (uint32_t k = 0; k < ps->K0; k++) {
                double z =
                    (fromroot ? in->Lroot - dget(&in->Droot, k) : in->Lmax - dget(&in->Dmax, k)) +
                    net(&a, k, s->coll_cost_ns);
                if (z > Z[k])
                    Z[k] = z;
            }
        }
    }
    if (rc == SKEL_OK && wP != NULL && ps->profile) {
        if (vcopy(&st->P, wP) != 0 || vadd(&st->P, a.ci, wcost) != 0 ||
            vadd(&st->P, a.si, wcost) != 0)
            rc = skel_oom();
    }
    if (rc == SKEL_OK && vsize(&st->D, ps->K0) != 0)
        rc = skel_oom();
    for (uint32_t k = 0; rc == SKEL_OK && k < ps->K0; k++)
        st->D.v[k] = x - Z[k];
    for (uint32_t i = 0; i < s->nmsg && rc == SKEL_OK; i++)
        if (!s->msg[i].peek)
            src_release(ps, s->msg[i].src, s->msg[i].src_seq, got[i]);
    if (got != srcs_stack)
        free(got);
    if (in != NULL && s->coll->last)
        inst_drop(ps, s->coll, in);
    if (rc != SKEL_OK)
        return rc;
    return step_finish(ps, s, &a, x);
}

/* A step alone, or steps that depend on each other's start. */
static int singles(struct pass *ps, const skel_pag_batch *b)
{
    if (b->nsteps == 1) { /* most steps: one, often with no dependency */
        const skel_pag_step *s = &b->steps[0];
        struct attr a;
        double start = 0;
        int rc = begin(ps, s, &a, &start);
        if (rc != SKEL_OK)
            return rc;
        return s->nmsg == 0 && s->coll == NULL ? step_finish(ps, s, &a, start)
                                               : end(ps, s, &a, start);
    }
    struct attr stack_a[8];
    double stack_s[8];
    uint32_t n = b->nsteps;
    struct attr *a = n <= 8 ? stack_a : malloc(n * sizeof *a);
    double *start = n <= 8 ? stack_s : malloc(n * sizeof *start);
    int rc = a == NULL || start == NULL ? skel_oom() : SKEL_OK;
    for (uint32_t k = 0; k < n && rc == SKEL_OK; k++)
        rc = begin(ps, &b->steps[k], &a[k], &start[k]);
    for (uint32_t k = 0; k < n && rc == SKEL_OK; k++)
        rc = end(ps, &b->steps[k], &a[k], start[k]);
    if (a != stack_a)
        free(a);
    if (start != stack_s)
        free(start);
    return rc;
}

/* A blocking collective: every member's step at once. */
static int group(struct pass *ps, const skel_pag_batch *b)
{
    const skel_pag_coll *c = b->steps[0].coll;
    uint32_t p = b->nsteps;
    if (skel_grow_u32(&ps->arrive, &ps->arrive_cap, p, sizeof *ps->arrive) != SKEL_OK)
        return skel_oom();
    struct attr stack_a[16];
    struct attr *a = p <= 16 ? stack_a : malloc(p * sizeof *a);
    if (a == NULL)
        return skel_oom();
    int rc = SKEL_OK;
    for (uint32_t k = 0; k < p && rc == SKEL_OK; k++) {
        const skel_pag_step *s = &b->steps[k];
        if ((rc = attr_of(ps, s, &a[k])) != SKEL_OK)
            break;
        if (ps->profile)
            totals(ps, s, &a[k]);
        rc = step_start(ps, s, &a[k], &ps->arrive[k]);
    }
    if (rc != SKEL_OK)
        goto out;
    /* What the waiting members wait for: the root, or the last arrival. */
    uint32_t from = 0;
    if (c->sync == SKEL_PAG_SYNC_FROM_ROOT) {
        from = c->root;
    } else {
        for (uint32_t k = 1; k < p; k++)
            if (ps->arrive[k] > ps->arrive[from])
                from = k;
    }
    double A = ps->arrive[from];
    double *ZA = ps->tmpZ2;
    for (uint32_t k = 0; k < ps->K0; k++) {
        if (c->sync == SKEL_PAG_SYNC_FROM_ROOT) {
            ZA[k] = A - dget(&ps->rs[b->steps[from].rank].D, k);
        } else {
            ZA[k] = -INFINITY;
            for (uint32_t j = 0; j < p; j++) {
                double z = ps->arrive[j] - dget(&ps->rs[b->steps[j].rank].D, k);
                if (z > ZA[k])
                    ZA[k] = z;
            }
        }
    }
    /* the arrival's profile, taken before any member's changes */
    if (ps->profile && vcopy(&ps->tmpP, &ps->rs[b->steps[from].rank].P) != 0) {
        rc = skel_oom();
        goto out;
    }
    for (uint32_t i = 0; i < p && rc == SKEL_OK; i++) {
        const skel_pag_step *s = &b->steps[i];
        struct rank *st = &ps->rs[s->rank];
        double x = ps->arrive[i];
        if (s->coll_waits) {
            double cand = A + s->coll_cost_ns;
            if (cand > x) {
                x = cand;
                if (ps->profile &&
                    (vcopy(&st->P, &ps->tmpP) != 0 || vadd(&st->P, a[i].ci, s->coll_cost_ns) ||
                     vadd(&st->P, a[i].si, s->coll_cost_ns))) {
                    rc = skel_oom();
                    break;
                }
            }
            if (vsize(&st->D, ps->K0) != 0) {
                rc = skel_oom();
                break;
            }
            for (uint32_t k = 0; k < ps->K0; k++) {
                double zl = ps->arrive[i] - st->D.v[k];
                double zr = ZA[k] + net(&a[i], k, s->coll_cost_ns);
                st->D.v[k] = x - (zl > zr ? zl : zr);
            }
        }
        rc = step_finish(ps, s, &a[i], x);
    }
out:
    if (a != stack_a)
        free(a);
    return rc;
}

/* ---- passes ------------------------------------------------------------------------ */

static void pass_free(struct pass *ps)
{
    for (uint32_t r = 0; ps->rs != NULL && r < ps->n; r++) {
        free(ps->rs[r].P.v);
        free(ps->rs[r].D.v);
    }
    free(ps->rs);
    free(ps->busy);
    for (uint32_t i = 0; i < ps->nsrcs; i++) {
        free(ps->srcs[i].P.v);
        free(ps->srcs[i].D.v);
    }
    free(ps->srcs);
    free(ps->src_free);
    free(ps->src_front);
    skel_map_free(&ps->src_map);
    for (uint32_t i = 0; i < ps->ninsts; i++) {
        free(ps->insts[i].Pmax.v);
        free(ps->insts[i].Proot.v);
        free(ps->insts[i].Dmax.v);
        free(ps->insts[i].Droot.v);
    }
    free(ps->insts);
    free(ps->inst_free);
    skel_map_free(&ps->inst_map);
    free(ps->tmpZ);
    free(ps->tmpZ2);
    free(ps->arrive);
    free(ps->tmpP.v);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Names of the items, once every site is known. */
static int name_items(struct items *its, const skel_pag *g)
{
    for (uint32_t i = 0; i < its->n; i++) {
        struct skel_critpath_item *it = &its->it[i];
        uint32_t from, to;
        switch (it->category) {
        case SKEL_CRITPATH_CALL:
            it->name = strdup(skel_call_name((uint16_t)it->id));
            it->detail = strdup("");
            it->from_addr = strdup("");
            it->to_addr = strdup("");
            break;
        case SKEL_CRITPATH_SITE:
            it->name = strdup(skel_pag_site_label(g, it->id));
            if (asprintf(
                    &it->detail, "%s%s%s%s%s", skel_call_name(skel_pag_site_call(g, it->id)),
                    skel_pag_site_func(g, it->id)[0] ? " in " : "", skel_pag_site_func(g, it->id),
                    strcmp(skel_pag_site_addr(g, it->id), it->name) ? ", " : "",
                    strcmp(skel_pag_site_addr(g, it->id), it->name) ? skel_pag_site_addr(g, it->id)
                                                                    : "") < 0)
                it->detail = NULL;
            it->from_addr = strdup("");
            it->to_addr = strdup(skel_pag_site_addr(g, it->id));
            break;
        default:
            skel_pag_phase(g, it->id, &from, &to);
            if (asprintf(&it->name, "%s -> %s", skel_pag_site_label(g, from),
                         skel_pag_site_label(g, to)) < 0)
                it->name = NULL;
            if (asprintf(&it->detail, "%s%s%s -> %s%s%s",
                         from == SKEL_PAG_SITE_START ? "(start)"
                                                     : skel_call_name(skel_pag_site_call(g, from)),
                         from != SKEL_PAG_SITE_START && skel_pag_site_func(g, from)[0] ? " in "
                                                                                       : "",
                         from != SKEL_PAG_SITE_START ? skel_pag_site_func(g, from) : "",
                         skel_call_name(skel_pag_site_call(g, to)),
                         skel_pag_site_func(g, to)[0] ? " in " : "", skel_pag_site_func(g, to)) < 0)
                it->detail = NULL;
            it->from_addr = strdup(skel_pag_site_addr(g, from));
            it->to_addr = strdup(skel_pag_site_addr(g, to));
            break;
        }
        if (it->name == NULL || it->detail == NULL || it->from_addr == NULL || it->to_addr == NULL)
            return skel_oom();
    }
    return SKEL_OK;
}

/* One pass over the trace.  With profile, fills the result; zeroed[k] gets
 * the longest path with zero slot k's item zeroed, for the *nzeroed slots
 * there were at the end (room for its->zcap in the first pass, for the
 * slots given in the second). */
static int run_pass(const skel_trace *t, const struct skel_critpath_opts *o, struct items *its,
                    int profile, uint32_t K0, struct skel_critpath_result *res, double *zeroed,
                    uint32_t *nzeroed)
{
    struct pass ps = {.items = its, .profile = profile, .K0 = K0, .cpu_only = o->cpu_only};
    skel_pag *g = NULL;
    struct skel_pag_opts po = {.table = o->table, .untraced = o->untraced, .passive_deps = 1};
    int rc = skel_pag_open(t, &po, &g);
    if (rc != SKEL_OK)
        return rc;
    uint32_t room = its->zero_all ? its->zcap + (uint32_t)(its->gslot + 1) : K0;
    ps.g = g;
    ps.n = skel_pag_nranks(g);
    ps.rs = calloc(ps.n ? ps.n : 1, sizeof *ps.rs);
    ps.busy = calloc(ps.n ? ps.n : 1, sizeof *ps.busy);
    ps.src_front = calloc(SRC_FRONT, sizeof *ps.src_front);
    if (ps.rs == NULL || ps.busy == NULL || ps.src_front == NULL ||
        (room > 0 && ((ps.tmpZ = malloc(room * sizeof(double))) == NULL ||
                      (ps.tmpZ2 = malloc(room * sizeof(double))) == NULL))) {
        rc = skel_oom();
        goto out;
    }
    skel_pag_batch b;
    while ((rc = skel_pag_next(g, &b)) == 1) {
        rc = b.steps[0].coll == NULL || b.steps[0].coll->nonblocking ? singles(&ps, &b)
                                                                     : group(&ps, &b);
        if (rc != SKEL_OK)
            goto out;
    }
    if (rc < 0)
        goto out;
    rc = SKEL_OK;
    uint32_t end = 0;
    for (uint32_t r = 1; r < ps.n; r++)
        if (ps.rs[r].L > ps.rs[end].L)
            end = r;
    for (uint32_t k = 0; k < ps.K0; k++) {
        zeroed[k] = -INFINITY;
        for (uint32_t r = 0; r < ps.n; r++)
            if (ps.rs[r].L - dget(&ps.rs[r].D, k) > zeroed[k])
                zeroed[k] = ps.rs[r].L - dget(&ps.rs[r].D, k);
    }
    *nzeroed = ps.K0;
    if (profile) {
        res->run_ns = skel_pag_run_ns(g);
        res->length_ns = ps.n > 0 ? ps.rs[end].L : 0;
        res->nranks = ps.n;
        res->end_rank = end;
        res->busy_ns = ps.busy;
        ps.busy = NULL;
        res->events = skel_pag_nevents(g);
        res->messages = skel_pag_nmessages(g);
        res->collectives = skel_pag_ncollectives(g);
        res->cpu_total_ns = ps.cpu_total;
        for (uint32_t i = 0; ps.n > 0 && i < ps.rs[end].P.len && i < its->n; i++)
            its->it[i].cp_ns = ps.rs[end].P.v[i];
        if ((rc = name_items(its, g)) != SKEL_OK)
            goto out;
    }
out:
    pass_free(&ps);
    skel_pag_close(g);
    return rc;
}

static int by_cp(const void *a, const void *b)
{
    const struct skel_critpath_item *x = a, *y = b;
    if (x->category != y->category)
        return x->category < y->category ? -1 : 1;
    if (x->cp_ns != y->cp_ns)
        return x->cp_ns > y->cp_ns ? -1 : 1;
    if (x->cpu_ns != y->cpu_ns)
        return x->cpu_ns > y->cpu_ns ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static void set_zero(struct skel_critpath_item *it, double length, double zeroed)
{
    double z = length - zeroed;
    it->zero_ns = z > 0 ? z : 0;
}

int skel_critpath_run(const skel_trace *t, const struct skel_critpath_opts *o,
                      struct skel_critpath_result *res)
{
    memset(res, 0, sizeof *res);
    struct items its;
    memset(&its, 0, sizeof its);
    for (uint32_t i = 0; i < SKEL_CALL_LIMIT; i++)
        its.call_item[i] = -2;
    int rc = SKEL_OK;
    double *zeroed = NULL;
    uint32_t *idx = NULL;
    struct skel_critpath_item *sorted = NULL;
    if (o->select != NULL) {
        int err;
        PCRE2_SIZE off;
        its.re = pcre2_compile((PCRE2_SPTR)o->select, PCRE2_ZERO_TERMINATED, PCRE2_UTF, &err, &off,
                               NULL);
        if (its.re == NULL) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(err, msg, sizeof msg);
            return skel_fail(SKEL_EUSAGE, "--select '%s': at offset %zu: %s", o->select,
                             (size_t)off, (const char *)msg);
        }
        if ((its.md = pcre2_match_data_create_from_pattern(its.re, NULL)) == NULL) {
            rc = skel_oom();
            goto out;
        }
    }
    its.gslot = -1;
    res->group_zero_ns = -1;
    if (o->zero_group != NULL) {
        int err;
        PCRE2_SIZE off;
        its.gre = pcre2_compile((PCRE2_SPTR)o->zero_group, PCRE2_ZERO_TERMINATED, PCRE2_UTF, &err,
                                &off, NULL);
        if (its.gre == NULL) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(err, msg, sizeof msg);
            rc = skel_fail(SKEL_EUSAGE, "--zero-group '%s': at offset %zu: %s", o->zero_group,
                           (size_t)off, (const char *)msg);
            goto out;
        }
        if ((its.gmd = pcre2_match_data_create_from_pattern(its.gre, NULL)) == NULL) {
            rc = skel_oom();
            goto out;
        }
        its.gslot = 0;
    }
    /* First pass: the path, its profile, the zeroing of the group (slot 0)
     * and of every item (up to the cap). */
    its.zero_all = o->top > 0 || its.gslot >= 0;
    its.zcap = o->top == 0 ? 0 : o->zero_cap > 0 ? o->zero_cap : ZERO_CAP;
    uint32_t g1 = (uint32_t)(its.gslot + 1);
    if ((zeroed = malloc((its.zcap + g1 + 1) * sizeof *zeroed)) == NULL) {
        rc = skel_oom();
        goto out;
    }
    uint32_t nz = 0;
    double t0 = now_s();
    if ((rc = run_pass(t, o, &its, 1, 0, res, zeroed, &nz)) != SKEL_OK)
        goto out;
    res->pass_s[0] = now_s() - t0;
    for (uint32_t i = 0; i + g1 < nz && i < its.n; i++)
        set_zero(&its.it[i], res->length_ns, zeroed[i + g1]);
    if (its.gslot >= 0) {
        double z = nz > 0 ? res->length_ns - zeroed[0] : 0;
        res->group_zero_ns = z > 0 ? z : 0;
        res->group_items = its.ngroup;
    }

    /* Second pass, when top items were past the cap: zero just those. */
    if (o->top > 0 && its.n > its.zcap) {
        sorted = malloc(its.n * sizeof *sorted);
        idx = malloc(its.n * sizeof *idx);
        if (sorted == NULL || idx == NULL) {
            rc = skel_oom();
            goto out;
        }
        its.gslot = -1;
        for (uint32_t i = 0; i < its.n; i++) {
            its.zslot[i] = -1;
            sorted[i] = its.it[i];
            sorted[i].count = i; /* remember the index */
        }
        qsort(sorted, its.n, sizeof *sorted, by_cp);
        unsigned taken[SKEL_CRITPATH__CATEGORIES] = {0};
        uint32_t K0 = 0;
        for (uint32_t i = 0; i < its.n; i++) {
            int cat = sorted[i].category;
            if (sorted[i].cp_ns > 0 && taken[cat] < o->top) {
                taken[cat]++;
                if (sorted[i].zero_ns < 0 && K0 < its.zcap) {
                    idx[K0] = (uint32_t)sorted[i].count;
                    its.zslot[idx[K0]] = (int32_t)K0;
                    K0++;
                }
            }
        }
        if (K0 > 0) {
            struct skel_critpath_result tmp;
            memset(&tmp, 0, sizeof tmp);
            its.zero_all = 0;
            t0 = now_s();
            rc = run_pass(t, o, &its, 0, K0, &tmp, zeroed, &nz);
            res->pass_s[1] = now_s() - t0;
            for (uint32_t k = 0; rc == SKEL_OK && k < K0; k++)
                set_zero(&its.it[idx[k]], res->length_ns, zeroed[k]);
            if (rc != SKEL_OK)
                goto out;
        }
    }
    qsort(its.it, its.n, sizeof *its.it, by_cp);
    res->items = its.it;
    res->nitems = its.n;
    its.it = NULL;
out:
    for (uint32_t i = 0; its.it != NULL && i < its.n; i++) {
        free(its.it[i].name);
        free(its.it[i].detail);
        free(its.it[i].from_addr);
        free(its.it[i].to_addr);
    }
    free(its.it);
    free(its.site_item);
    free(its.phase_item);
    free(its.zslot);
    free(zeroed);
    free(idx);
    free(sorted);
    pcre2_match_data_free(its.md);
    pcre2_code_free(its.re);
    pcre2_match_data_free(its.gmd);
    pcre2_code_free(its.gre);
    free(its.in_group);
    if (rc != SKEL_OK)
        skel_critpath_result_free(res);
    return rc;
}

void skel_critpath_result_free(struct skel_critpath_result *res)
{
    if (res == NULL)
        return;
    for (size_t i = 0; i < res->nitems; i++) {
        free(res->items[i].name);
        free(res->items[i].detail);
        free(res->items[i].from_addr);
        free(res->items[i].to_addr);
    }
    free(res->items);
    free(res->busy_ns);
    memset(res, 0, sizeof *res);
}

const char *skel_critpath_category_name(int category)
{
    switch (category) {
    case SKEL_CRITPATH_CALL:
        return "MPI call";
    case SKEL_CRITPATH_SITE:
        return "call site";
    case SKEL_CRITPATH_PHASE:
        return "compute phase";
    default:
        return "?";
    }
}
