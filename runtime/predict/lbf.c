/* lbf.c - LBF and NF predictions (lbf.h): the Group Activity Graph
 * algorithm of Eom et al. Fig. 2 as a discrete-event simulation of processor
 * sharing over the steps of the Program Activity Graph (pag.h).
 *
 * Each process goes through its steps in order; a step is
 *     [launch delay] -> gap CPU -> gap off-CPU delay -> start -> wait -> local -> end.
 * A process in a CPU phase is runnable (a "current non-endRecv event" of the
 * seed); a process waiting for a message or a collective is blocked (a
 * "pending" or "current endRecv" event).  The k runnable processes of a
 * group share its processor, each getting 1/k of it, so a CPU phase with r
 * ns left ends k*r ns later if nothing changes (EarliestEventTime, line 18);
 * the simulation always moves to the earliest such moment over all groups
 * (lines 24-27), charges every runnable process of every group its share
 * of the interval (lines 28-32, 39-43), and handles what happens at that
 * moment.  Events are only processed once every process has its next step
 * (line 23): when one has not, the simulation returns for more input.
 */
#include "lbf.h"

#include "error.h"
#include "grow.h"
#include "map.h"
#include "pag.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- placements ------------------------------------------------------------------------ */

void skel_lbf_placement_free(struct skel_lbf_placement *p)
{
    if (p == NULL)
        return;
    for (uint32_t i = 0; p->host != NULL && i < p->ngroups; i++)
        free(p->host[i]);
    free(p->host);
    free(p->group);
    free(p->spec);
    free(p);
}

static int bad_spec(const char *spec, const char *at, const char *expected)
{
    return skel_fail(SKEL_EUSAGE, "placement '%s': column %u: expected %s", spec,
                     (unsigned)(at - spec) + 1, expected);
}

/* A decimal number of at most 9 digits. */
static int read_uint(const char **s, uint32_t *out)
{
    const char *p = *s;
    uint32_t v = 0;
    int n = 0;
    while (isdigit((unsigned char)*p) && n < 10) {
        v = v * 10 + (uint32_t)(*p - '0');
        p++;
        n++;
    }
    if (n == 0 || n > 9)
        return 0;
    *s = p;
    *out = v;
    return 1;
}

static int host_char(char c)
{
    return isalnum((unsigned char)c) || c == '.' || c == '-' || c == '_';
}

static int alloc_placement(const char *spec, uint32_t nranks, uint32_t ngroups,
                           struct skel_lbf_placement **out)
{
    struct skel_lbf_placement *p = calloc(1, sizeof *p);
    if (p == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    p->nranks = nranks;
    p->ngroups = ngroups;
    p->group = malloc((nranks ? nranks : 1) * sizeof *p->group);
    p->host = calloc(ngroups ? ngroups : 1, sizeof *p->host);
    p->spec = strdup(spec);
    if (p->group == NULL || p->host == NULL || p->spec == NULL) {
        skel_lbf_placement_free(p);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    for (uint32_t r = 0; r < nranks; r++)
        p->group[r] = UINT32_MAX;
    *out = p;
    return SKEL_OK;
}

/* "N/M" or "N/M@H" with N the number of ranks. */
static int parse_block(const char *spec, uint32_t nranks, struct skel_lbf_placement **out)
{
    const char *s = spec;
    uint32_t n, m, h = 0;
    if (!read_uint(&s, &n) || *s != '/')
        return 0;
    s++;
    if (!read_uint(&s, &m))
        return 0;
    if (*s == '@') {
        s++;
        if (!read_uint(&s, &h))
            return 0;
    }
    if (*s != '\0' || n != nranks)
        return 0;
    if (m < 1 || m > n)
        return skel_fail(SKEL_EUSAGE, "placement '%s': %u processes cannot go on %u processors",
                         spec, n, m);
    if (h > m || (strchr(spec, '@') != NULL && h < 1))
        return skel_fail(SKEL_EUSAGE, "placement '%s': %u processors cannot go on %u hosts", spec,
                         m, h);
    int rc = alloc_placement(spec, nranks, m, out);
    if (rc != SKEL_OK)
        return rc;
    for (uint32_t r = 0; r < n; r++)
        (*out)->group[r] = (uint32_t)((uint64_t)r * m / n);
    for (uint32_t g = 0; h > 0 && g < m; g++) {
        char name[32];
        snprintf(name, sizeof name, "host%u", (unsigned)((uint64_t)g * h / m));
        if (((*out)->host[g] = strdup(name)) == NULL) {
            skel_lbf_placement_free(*out);
            *out = NULL;
            return skel_fail(SKEL_ENOMEM, "out of memory");
        }
    }
    return 1;
}

int skel_lbf_placement_parse(const char *spec, uint32_t nranks, struct skel_lbf_placement **out)
{
    *out = NULL;
    if (nranks == 0)
        return skel_fail(SKEL_EUSAGE, "placement '%s': the trace has no ranks", spec);
    if (strcmp(spec, "identity") == 0) {
        int rc = alloc_placement(spec, nranks, nranks, out);
        for (uint32_t r = 0; rc == SKEL_OK && r < nranks; r++)
            (*out)->group[r] = r;
        return rc;
    }
    int rc = parse_block(spec, nranks, out);
    if (rc != 0)
        return rc < 0 ? rc : SKEL_OK;
    /* Explicit groups: count them first. */
    uint32_t ngroups = 1;
    for (const char *c = spec; *c; c++)
        ngroups += *c == '/';
    if ((rc = alloc_placement(spec, nranks, ngroups, out)) != SKEL_OK)
        return rc;
    struct skel_lbf_placement *p = *out;
    const char *s = spec;
    for (uint32_t g = 0; g < ngroups; g++) {
        for (;;) {
            uint32_t a, b;
            const char *at = s;
            if (!read_uint(&s, &a)) {
                rc = bad_spec(spec, at, "a rank or a range of ranks (\"3\", \"0-3\")");
                goto fail;
            }
            b = a;
            if (*s == '-') {
                s++;
                if (!read_uint(&s, &b) || b < a) {
                    rc = bad_spec(spec, at, "a range of ranks FIRST-LAST with FIRST <= LAST");
                    goto fail;
                }
            }
            if (b >= nranks) {
                rc = skel_fail(SKEL_EUSAGE,
                               "placement '%s': column %u: rank %u does not exist "
                               "(the trace has ranks 0-%u)",
                               spec, (unsigned)(at - spec) + 1, b, nranks - 1);
                goto fail;
            }
            for (uint32_t r = a; r <= b; r++) {
                if (p->group[r] != UINT32_MAX) {
                    rc = skel_fail(SKEL_EUSAGE,
                                   "placement '%s': column %u: rank %u is in two "
                                   "groups",
                                   spec, (unsigned)(at - spec) + 1, r);
                    goto fail;
                }
                p->group[r] = g;
            }
            if (*s != ',')
                break;
            s++;
        }
        if (*s == '@') {
            const char *at = ++s;
            while (host_char(*s))
                s++;
            if (s == at || s - at > 64) {
                rc = bad_spec(spec, at, "a host name of 1 to 64 letters, digits, '.', '-', '_'");
                goto fail;
            }
            if ((p->host[g] = strndup(at, (size_t)(s - at))) == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                goto fail;
            }
        }
        if (g + 1 < ngroups) {
            if (*s != '/') {
                rc = bad_spec(spec, s, "',', '@', '/' or the end");
                goto fail;
            }
            s++;
        } else if (*s != '\0') {
            rc = bad_spec(spec, s, "',', '@' or the end");
            goto fail;
        }
    }
    for (uint32_t r = 0; r < nranks; r++)
        if (p->group[r] == UINT32_MAX) {
            rc = skel_fail(SKEL_EUSAGE,
                           "placement '%s': rank %u is in no group (every rank of "
                           "the trace must be placed; N/M places them in blocks)",
                           spec, r);
            goto fail;
        }
    return SKEL_OK;
fail:
    skel_lbf_placement_free(p);
    *out = NULL;
    return rc;
}

/* ---- the simulation ---------------------------------------------------------------------- */

enum phase {
    PH_IDLE,        /* between steps */
    PH_LAUNCH,      /* before its first step: until its launch offset */
    PH_GAP_CPU,     /* computing */
    PH_GAP_OFF,     /* off the CPU in the gap, or paused by the tracer */
    PH_START,       /* at the call's start */
    PH_WAIT,        /* waiting for dependencies not yet timed */
    PH_READY,       /* waiting until they arrive */
    PH_LOCAL_OFF,   /* in the call, off the CPU for reasons the model does not explain */
    PH_LOCAL_CPU,   /* the call's own work */
    PH_LOCAL_DELAY, /* MPI_Init's start-up */
    PH_DONE
};

struct dep {
    uint64_t key;    /* source (rank, seq) */
    double lat;      /* flight time on the target */
    double per_byte; /* extra ns per byte on the links between its target hosts (0: none) */
    double bytes;
    double lat0;                 /* flight of a zero-byte message between them */
    uint32_t src_host, dst_host; /* target hosts, when per_byte > 0 */
    uint8_t peek;
};

struct lstep {
    uint32_t rank;
    uint64_t seq;
    uint16_t call;
    double start_ns; /* first step: launch offset */
    double gap_cpu, gap_off, local, local_off;
    uint8_t first, last, local_delay;
    uint32_t nsource;
    uint32_t ndep;
    struct dep *deps;
    int32_t coll;    /* collective record, or -1 */
    uint32_t member; /* index in the collective */
    uint8_t waits;   /* the collective makes this member wait */
    double coll_cost;
};

struct proc {
    uint32_t group;
    struct lstep *q; /* ring of steps read ahead */
    uint32_t qhead, qlen, qcap;
    struct lstep cur;
    int phase;
    double rem;      /* CPU phases: CPU ns left */
    double until;    /* delay phases: when they end */
    double end;      /* end of the last step */
    double init_end; /* end of its MPI_Init (0: none seen) */
    double body_end; /* end of its last step before MPI_Finalize */
    uint64_t nsteps;
};

/* A collective instance: its members' arrivals. */
struct lcoll {
    uint64_t id;
    uint32_t size, root;
    uint8_t sync, nonblocking, resolved;
    uint32_t arrived;
    double amax, aroot;
    uint8_t root_arrived;
    uint64_t *keys; /* nonblocking: the postings */
    uint32_t left;  /* members still to pass their wait */
};

struct src {
    double t;   /* NAN until the source step starts */
    double arr; /* a probed message's arrival, kept for its receive (NAN: none yet) */
    uint32_t uses;
};

struct link {
    double tokens; /* bytes it may pass at line speed (token bucket) */
    double last;   /* when tokens was last brought up to date */
};

struct sim {
    const struct skel_lbf_opts *o;
    const skel_pag *g;
    uint32_t n, ngroups;
    const uint32_t *group;  /* per rank */
    uint32_t *host_of_rank; /* target host per rank */
    const skel_commtable *cur, *tgt;
    struct proc *p;
    uint32_t *k; /* runnable processes per group */
    double *busy;
    double now;
    int input_done;
    uint32_t queued, max_queued;
    struct src *srcs;
    uint32_t nsrcs, src_cap, *src_free, nsrc_free, src_free_cap;
    skel_map src_map;
    struct lcoll *colls;
    uint32_t ncolls, coll_cap, *coll_free, ncoll_free, coll_free_cap;
    skel_map coll_map; /* nonblocking instances by id */
    /* Links: per target host, its outgoing (2h) and incoming (2h+1) link;
     * the time per byte of each kind of pair on the target and on the
     * traced network. */
    struct link *links;
    uint32_t nhosts;
    double per_byte_tgt[SKEL_COMMTABLE__KINDS], per_byte_cur[SKEL_COMMTABLE__KINDS];
};

static int src_new(struct sim *S, uint64_t key, uint32_t uses)
{
    uint32_t i;
    if (S->nsrc_free > 0) {
        i = S->src_free[--S->nsrc_free];
    } else {
        if (skel_grow_u32(&S->srcs, &S->src_cap, S->nsrcs + 1, sizeof *S->srcs) != SKEL_OK)
            return skel_oom();
        i = S->nsrcs++;
    }
    S->srcs[i] = (struct src){.t = NAN, .arr = NAN, .uses = uses};
    if (skel_map_put(&S->src_map, key, i) != 0)
        return skel_oom();
    return SKEL_OK;
}

static struct src *src_find(struct sim *S, uint64_t key)
{
    skel_map_slot *sl = skel_map_find(&S->src_map, key);
    return sl != NULL ? &S->srcs[sl->val] : NULL;
}

static void src_use(struct sim *S, uint64_t key)
{
    skel_map_slot *sl = skel_map_find(&S->src_map, key);
    if (sl == NULL)
        return;
    uint32_t i = sl->val;
    if (S->srcs[i].uses > 1) {
        S->srcs[i].uses--;
        return;
    }
    skel_map_del(&S->src_map, key);
    if (skel_grow_u32(&S->src_free, &S->src_free_cap, S->nsrc_free + 1, sizeof *S->src_free) ==
        SKEL_OK)
        S->src_free[S->nsrc_free++] = i;
}

static int coll_new(struct sim *S, const skel_pag_coll *c, int32_t *out)
{
    uint32_t i;
    if (S->ncoll_free > 0) {
        i = S->coll_free[--S->ncoll_free];
    } else {
        if (skel_grow_u32(&S->colls, &S->coll_cap, S->ncolls + 1, sizeof *S->colls) != SKEL_OK)
            return skel_oom();
        i = S->ncolls++;
        S->colls[i].keys = NULL;
    }
    struct lcoll *lc = &S->colls[i];
    uint64_t *keys = lc->keys;
    *lc = (struct lcoll){.id = c->id,
                         .size = c->size,
                         .root = c->root,
                         .sync = c->sync,
                         .nonblocking = c->nonblocking,
                         .amax = -INFINITY,
                         .aroot = -INFINITY,
                         .left = c->size};
    lc->keys = keys;
    if (c->nonblocking) {
        uint64_t *nk = realloc(lc->keys, c->size * sizeof *nk);
        if (nk == NULL)
            return skel_oom();
        lc->keys = nk;
        for (uint32_t j = 0; j < c->size; j++)
            lc->keys[j] = skel_pag_src_key(c->ranks[j], c->seqs[j]);
        if (skel_map_put(&S->coll_map, c->id, i) != 0)
            return skel_oom();
    }
    *out = (int32_t)i;
    return SKEL_OK;
}

static void coll_pass(struct sim *S, int32_t i)
{
    struct lcoll *lc = &S->colls[i];
    if (--lc->left > 0)
        return;
    if (lc->nonblocking)
        skel_map_del(&S->coll_map, lc->id);
    if (skel_grow_u32(&S->coll_free, &S->coll_free_cap, S->ncoll_free + 1, sizeof *S->coll_free) ==
        0)
        S->coll_free[S->ncoll_free++] = (uint32_t)i;
}

/* ---- feeding steps in ---------------------------------------------------------------------- */

static int kind_tgt(const struct sim *S, uint32_t a, uint32_t b)
{
    return S->host_of_rank[a] == S->host_of_rank[b] ? SKEL_COMMTABLE_SAME_HOST
                                                    : SKEL_COMMTABLE_CROSS_HOST;
}

static int kind_cur(const struct sim *S, uint32_t a, uint32_t b)
{
    return skel_pag_host(S->g, a) == skel_pag_host(S->g, b) ? SKEL_COMMTABLE_SAME_HOST
                                                            : SKEL_COMMTABLE_CROSS_HOST;
}

/* The flight time on the target: the traced one, changed by what the tables
 * say changes (placement: the kind of pair; network: the table). */
static double msg_target(const struct sim *S, const skel_pag_msg *m, uint32_t dst)
{
    if (S->cur == NULL)
        return m->lat_ns;
    double d = skel_pag_msg_cost(S->tgt, kind_tgt(S, m->src, dst), m->bytes) -
               skel_pag_msg_cost(S->cur, kind_cur(S, m->src, dst), m->bytes);
    double v = m->lat_ns + d;
    return v > 0 ? v : 0;
}

/* The flight of a zero-byte message between the target hosts of m. */
static double msg_zero(const struct sim *S, const skel_pag_msg *m, uint32_t dst)
{
    if (S->cur == NULL)
        return 0;
    double v = skel_pag_msg_cost(S->tgt, kind_tgt(S, m->src, dst), 0);
    return v > 0 ? v : 0;
}

static double coll_target(const struct sim *S, const skel_pag_coll *c, double traced)
{
    if (S->cur == NULL)
        return traced;
    int kt = SKEL_COMMTABLE_SAME_HOST, kc = SKEL_COMMTABLE_SAME_HOST;
    for (uint32_t j = 1; j < c->size; j++) {
        if (kind_tgt(S, c->ranks[0], c->ranks[j]) == SKEL_COMMTABLE_CROSS_HOST)
            kt = SKEL_COMMTABLE_CROSS_HOST;
        if (kind_cur(S, c->ranks[0], c->ranks[j]) == SKEL_COMMTABLE_CROSS_HOST)
            kc = SKEL_COMMTABLE_CROSS_HOST;
    }
    double d = skel_pag_coll_cost(S->tgt, kt, c->shape, c->size, c->bytes) -
               skel_pag_coll_cost(S->cur, kc, c->shape, c->size, c->bytes);
    double v = traced + d;
    return v > 0 ? v : 0;
}

/* The extra time per byte a message pays on the links between its hosts on
 * the target: the target's large-message time per byte beyond the traced
 * network's for its pair.  Only pairs on different target hosts have links;
 * a network no slower per byte than the traced one adds nothing, so the
 * identity prediction stays the traced run. */
static double msg_per_byte(const struct sim *S, const skel_pag_msg *m, uint32_t dst)
{
    if (S->cur == NULL || kind_tgt(S, m->src, dst) != SKEL_COMMTABLE_CROSS_HOST)
        return 0;
    double d =
        S->per_byte_tgt[SKEL_COMMTABLE_CROSS_HOST] - S->per_byte_cur[kind_cur(S, m->src, dst)];
    return d > 0 ? d : 0;
}

/* Time per byte of large messages: the slope of the table between 2 and 4
 * MiB (measured, or extrapolated by the table's linear fit). */
static double per_byte(const skel_commtable *t, int kind)
{
    if (t == NULL || !skel_commtable_has(t, kind))
        return 0;
    const uint64_t a = UINT64_C(1) << 21, b = UINT64_C(1) << 22;
    double v =
        (skel_commtable_oneway(t, kind, b) - skel_commtable_oneway(t, kind, a)) / (double)(b - a);
    return v > 0 && isfinite(v) ? v : 0;
}

/* Push a message's bytes through one direction of a host's link, a token
 * bucket refilled at 1/per_byte bytes per ns up to the burst: when it has
 * been pushed through, from t on. */
static double link_push(struct link *k, double burst, double per_byte, double bytes, double t)
{
    if (t < k->last)
        t = k->last; /* the link is still busy with earlier messages */
    double tokens = k->tokens + (t - k->last) / per_byte;
    if (tokens > burst)
        tokens = burst;
    double done = t;
    if (tokens >= bytes) {
        tokens -= bytes;
    } else {
        done = t + (bytes - tokens) * per_byte;
        tokens = 0;
    }
    k->tokens = tokens;
    k->last = done;
    return done;
}

/* When the message of dependency d, sent at s->t, arrives: its flight on
 * the target, or - when the links between its hosts are busy with earlier
 * messages - once they have let its bytes through, plus a zero-byte
 * flight.  Messages take the links in the order their receivers resolve
 * them, which for the messages sharing a link is mostly the order they were
 * sent. */
static double dep_arrival(struct sim *S, const struct dep *d, struct src *s)
{
    if (!isnan(s->arr))
        return s->arr;
    double arr = s->t + d->lat;
    if (d->per_byte > 0) {
        double burst = S->o->link_burst > 0 ? S->o->link_burst : 0;
        double a = link_push(&S->links[2 * d->src_host], burst, d->per_byte, d->bytes, s->t);
        double b = link_push(&S->links[2 * d->dst_host + 1], burst, d->per_byte, d->bytes, s->t);
        double through = (a > b ? a : b) + d->lat0;
        if (through > arr)
            arr = through;
    }
    if (d->peek)
        s->arr = arr;
    return arr;
}

static int push(struct sim *S, const skel_pag_step *s, int32_t coll, uint32_t member)
{
    struct proc *p = &S->p[s->rank];
    if (p->qlen == p->qcap) {
        uint32_t ncap = p->qcap ? p->qcap * 2 : 8;
        struct lstep *nq = malloc(ncap * sizeof *nq);
        if (nq == NULL)
            return skel_oom();
        for (uint32_t i = 0; i < p->qlen; i++)
            nq[i] = p->q[(p->qhead + i) % p->qcap];
        free(p->q);
        p->q = nq;
        p->qhead = 0;
        p->qcap = ncap;
    }
    struct lstep *l = &p->q[(p->qhead + p->qlen) % p->qcap];
    int keep = !S->o->drop_off_cpu;
    *l = (struct lstep){.rank = s->rank,
                        .seq = s->seq,
                        .call = s->call,
                        .start_ns = s->start_ns,
                        .gap_cpu = s->gap_cpu,
                        .gap_off = (keep ? s->gap_off : 0) + s->tracer_ns,
                        .local = s->local,
                        .local_off = keep ? s->local_off : 0,
                        .first = s->first,
                        .last = s->last,
                        .local_delay = s->local_delay,
                        .nsource = s->nsource,
                        .coll = coll,
                        .member = member};
    if (s->nmsg > 0) {
        if ((l->deps = malloc(s->nmsg * sizeof *l->deps)) == NULL)
            return skel_oom();
        l->ndep = s->nmsg;
        for (uint32_t i = 0; i < s->nmsg; i++)
            l->deps[i] = (struct dep){.key = skel_pag_src_key(s->msg[i].src, s->msg[i].src_seq),
                                      .lat = msg_target(S, &s->msg[i], s->rank),
                                      .per_byte = msg_per_byte(S, &s->msg[i], s->rank),
                                      .bytes = (double)s->msg[i].bytes,
                                      .lat0 = msg_zero(S, &s->msg[i], s->rank),
                                      .src_host = S->host_of_rank[s->msg[i].src],
                                      .dst_host = S->host_of_rank[s->rank],
                                      .peek = s->msg[i].peek};
    }
    if (s->coll != NULL) {
        const skel_pag_coll *c = s->coll;
        l->waits = s->coll_waits;
        l->coll_cost = coll_target(S, c, s->coll_cost_ns);
    }
    if (s->nsource > 0) {
        int rc = src_new(S, skel_pag_src_key(s->rank, s->seq), s->nsource);
        if (rc != SKEL_OK)
            return rc;
    }
    p->qlen++;
    if (++S->queued > S->max_queued)
        S->max_queued = S->queued;
    return SKEL_OK;
}

static int feed(struct sim *S, const skel_pag_batch *b)
{
    const skel_pag_step *s0 = &b->steps[0];
    int32_t coll = -1;
    int rc = SKEL_OK;
    if (s0->coll != NULL) {
        const skel_pag_coll *c = s0->coll;
        if (!c->nonblocking || c->first) {
            rc = coll_new(S, c, &coll);
        } else {
            skel_map_slot *sl = skel_map_find(&S->coll_map, c->id);
            if (sl == NULL)
                return skel_fail(SKEL_EINTERNAL, "prediction: collective %llu unknown",
                                 (unsigned long long)c->id);
            coll = (int32_t)sl->val;
        }
    }
    for (uint32_t k = 0; k < b->nsteps && rc == SKEL_OK; k++) {
        uint32_t member = k;
        if (s0->coll != NULL && s0->coll->nonblocking)
            for (uint32_t j = 0; j < s0->coll->size; j++)
                if (s0->coll->ranks[j] == b->steps[k].rank)
                    member = j;
        rc = push(S, &b->steps[k], coll, member);
    }
    return rc;
}

/* ---- running ------------------------------------------------------------------------------- */

static void report(struct sim *S, struct proc *p)
{
    if (S->o->report == NULL)
        return;
    struct skel_lbf_report r = {.rank = p->cur.rank,
                                .group = p->group,
                                .seq = p->cur.seq,
                                .call = p->cur.call,
                                .time_ns = S->now};
    S->o->report(S->o->ctx, &r);
}

static void finish(struct sim *S, struct proc *p)
{
    p->end = S->now;
    if (p->cur.call == SKEL_CALL_MPI_Init || p->cur.call == SKEL_CALL_MPI_Init_thread)
        p->init_end = S->now;
    if (p->cur.call != SKEL_CALL_MPI_Finalize)
        p->body_end = S->now;
    report(S, p);
    p->phase = p->cur.last ? PH_DONE : PH_IDLE;
}

/* Try to time the current step's dependencies: 1 and *w when all are known. */
static int resolve(struct sim *S, struct proc *p, double *w)
{
    struct lstep *l = &p->cur;
    double t = S->now;
    for (uint32_t i = 0; i < l->ndep; i++) {
        struct src *s = src_find(S, l->deps[i].key);
        if (s == NULL || isnan(s->t))
            return 0;
    }
    if (l->coll >= 0) {
        struct lcoll *c = &S->colls[l->coll];
        if (c->nonblocking && !c->resolved && l->waits) {
            for (uint32_t j = 0; j < c->size; j++) {
                struct src *s = src_find(S, c->keys[j]);
                if (s == NULL || isnan(s->t))
                    return 0;
            }
            for (uint32_t j = 0; j < c->size; j++) {
                double a = src_find(S, c->keys[j])->t;
                if (a > c->amax)
                    c->amax = a;
                if (j == c->root)
                    c->aroot = a;
                src_use(S, c->keys[j]);
            }
            c->arrived = c->size;
            c->root_arrived = 1;
            c->resolved = 1;
        }
        if (l->waits) {
            if (c->sync == SKEL_PAG_SYNC_FROM_ROOT) {
                if (!c->root_arrived)
                    return 0;
                if (c->aroot + l->coll_cost > t)
                    t = c->aroot + l->coll_cost;
            } else {
                if (c->arrived < c->size)
                    return 0;
                if (c->amax + l->coll_cost > t)
                    t = c->amax + l->coll_cost;
            }
        }
    }
    /* Everything is known: only now do the messages take their links. */
    for (uint32_t i = 0; i < l->ndep; i++) {
        double a = dep_arrival(S, &l->deps[i], src_find(S, l->deps[i].key));
        if (a > t)
            t = a;
    }
    for (uint32_t i = 0; i < l->ndep; i++)
        if (!l->deps[i].peek)
            src_use(S, l->deps[i].key);
    if (l->coll >= 0)
        coll_pass(S, l->coll);
    *w = t;
    return 1;
}

/* Move a process through every phase it can finish at S->now.  Returns 1 if
 * it moved, 0 if not, negative on error. */
static int step_proc(struct sim *S, struct proc *p)
{
    int moved = 0;
    for (;;) {
        struct lstep *l = &p->cur;
        switch (p->phase) {
        case PH_DONE:
            return moved;
        case PH_IDLE:
            if (p->qlen == 0) {
                if (S->input_done)
                    p->phase = PH_DONE;
                return moved;
            }
            free(p->cur.deps);
            p->cur = p->q[p->qhead];
            p->qhead = (p->qhead + 1) % p->qcap;
            p->qlen--;
            S->queued--;
            p->nsteps++;
            if (p->cur.first) {
                p->phase = PH_LAUNCH;
                p->until = p->cur.start_ns;
            } else {
                p->phase = PH_GAP_CPU;
                p->rem = p->cur.gap_cpu;
            }
            break;
        case PH_LAUNCH:
        case PH_GAP_OFF:
            if (p->until > S->now)
                return moved;
            p->phase = PH_START;
            break;
        case PH_READY:
            if (p->until > S->now)
                return moved;
            p->phase = PH_LOCAL_OFF;
            p->until = S->now + l->local_off;
            break;
        case PH_LOCAL_OFF:
            if (p->until > S->now)
                return moved;
            if (l->local_delay) {
                p->phase = PH_LOCAL_DELAY;
                p->until = S->now + l->local;
            } else {
                p->phase = PH_LOCAL_CPU;
                p->rem = l->local;
            }
            break;
        case PH_LOCAL_DELAY:
            if (p->until > S->now)
                return moved;
            finish(S, p);
            break;
        case PH_GAP_CPU:
            if (p->rem > 0)
                return moved;
            p->phase = PH_GAP_OFF;
            p->until = S->now + l->gap_off;
            break;
        case PH_START:
            if (l->nsource > 0) {
                struct src *s = src_find(S, skel_pag_src_key(l->rank, l->seq));
                if (s != NULL)
                    s->t = S->now;
            }
            if (l->coll >= 0 && !S->colls[l->coll].nonblocking) {
                struct lcoll *c = &S->colls[l->coll];
                c->arrived++;
                if (S->now > c->amax)
                    c->amax = S->now;
                if (l->member == c->root) {
                    c->aroot = S->now;
                    c->root_arrived = 1;
                }
            }
            p->phase = PH_WAIT;
            break;
        case PH_WAIT: {
            double w;
            if (!resolve(S, p, &w))
                return moved;
            p->phase = PH_READY;
            p->until = w;
            break;
        }
        case PH_LOCAL_CPU:
            if (p->rem > 0)
                return moved;
            finish(S, p);
            break;
        default:
            return skel_fail(SKEL_EINTERNAL, "prediction: bad phase %d", p->phase);
        }
        moved = 1;
    }
}

static int cpu_phase(int ph)
{
    return ph == PH_GAP_CPU || ph == PH_LOCAL_CPU;
}

/* Run until every process finished, or one needs a step not read yet
 * (returns 0 then; 1 when all are done). */
static int run(struct sim *S)
{
    for (;;) {
        /* everything that happens now */
        int moved;
        do {
            moved = 0;
            for (uint32_t i = 0; i < S->n; i++) {
                int m = step_proc(S, &S->p[i]);
                if (m < 0)
                    return m;
                moved |= m;
            }
        } while (moved);
        int done = 1;
        for (uint32_t i = 0; i < S->n; i++) {
            struct proc *p = &S->p[i];
            if (p->phase == PH_IDLE && !S->input_done)
                return 0; /* its next step is needed first */
            if (p->phase != PH_DONE)
                done = 0;
        }
        if (done)
            return 1;
        /* the next moment something happens */
        memset(S->k, 0, S->ngroups * sizeof *S->k);
        for (uint32_t i = 0; i < S->n; i++)
            if (cpu_phase(S->p[i].phase))
                S->k[S->p[i].group]++;
        double next = INFINITY;
        for (uint32_t i = 0; i < S->n; i++) {
            const struct proc *p = &S->p[i];
            double t = INFINITY;
            if (cpu_phase(p->phase))
                t = S->now + p->rem * S->k[p->group];
            else if (p->phase == PH_LAUNCH || p->phase == PH_GAP_OFF || p->phase == PH_READY ||
                     p->phase == PH_LOCAL_OFF || p->phase == PH_LOCAL_DELAY)
                t = p->until;
            if (t < next)
                next = t;
        }
        if (!isfinite(next)) {
            for (uint32_t i = 0; i < S->n; i++)
                if (S->p[i].phase == PH_WAIT)
                    return skel_fail(SKEL_EINTERNAL,
                                     "prediction: every process is blocked "
                                     "(rank %u, event %llu waits)",
                                     i, (unsigned long long)S->p[i].cur.seq);
            return skel_fail(SKEL_EINTERNAL, "prediction: nothing left to happen");
        }
        double dt = next - S->now;
        for (uint32_t gi = 0; gi < S->ngroups; gi++)
            if (S->k[gi] > 0)
                S->busy[gi] += dt;
        for (uint32_t i = 0; i < S->n; i++) {
            struct proc *p = &S->p[i];
            if (!cpu_phase(p->phase))
                continue;
            uint32_t k = S->k[p->group];
            /* the phases that end at `next` end exactly there */
            if (S->now + p->rem * k <= next)
                p->rem = 0;
            else
                p->rem -= dt / k;
        }
        S->now = next;
    }
}

static void sim_free(struct sim *S)
{
    for (uint32_t i = 0; S->p != NULL && i < S->n; i++) {
        struct proc *p = &S->p[i];
        for (uint32_t j = 0; j < p->qlen; j++)
            free(p->q[(p->qhead + j) % p->qcap].deps);
        free(p->q);
        free(p->cur.deps);
    }
    free(S->p);
    free(S->k);
    free(S->busy);
    free(S->host_of_rank);
    free(S->links);
    free(S->srcs);
    free(S->src_free);
    skel_map_free(&S->src_map);
    for (uint32_t i = 0; i < S->ncolls; i++)
        free(S->colls[i].keys);
    free(S->colls);
    free(S->coll_free);
    skel_map_free(&S->coll_map);
}

/* Target host of every rank: its processor's host, by name. */
static int place_hosts(struct sim *S, const struct skel_lbf_placement *pl, uint32_t *nhosts)
{
    const char **names = calloc(S->ngroups, sizeof *names);
    const char **hosts = calloc(S->ngroups, sizeof *hosts);
    uint32_t *ghost = calloc(S->ngroups, sizeof *ghost);
    int rc = SKEL_OK;
    if (names == NULL || hosts == NULL || ghost == NULL) {
        rc = skel_oom();
        goto out;
    }
    for (uint32_t r = S->n; r-- > 0;)
        if (pl == NULL || pl->host[S->group[r]] == NULL)
            names[S->group[r]] = skel_pag_host_name(S->g, skel_pag_host(S->g, r)); /* first rank */
    for (uint32_t gi = 0; pl != NULL && gi < S->ngroups; gi++)
        if (pl->host[gi] != NULL)
            names[gi] = pl->host[gi];
    *nhosts = 0;
    for (uint32_t gi = 0; gi < S->ngroups; gi++) {
        uint32_t h = 0;
        while (h < *nhosts && strcmp(hosts[h], names[gi] != NULL ? names[gi] : "") != 0)
            h++;
        if (h == *nhosts)
            hosts[(*nhosts)++] = names[gi] != NULL ? names[gi] : "";
        ghost[gi] = h;
    }
    for (uint32_t r = 0; r < S->n; r++)
        S->host_of_rank[r] = ghost[S->group[r]];
out:
    free(names);
    free(hosts);
    free(ghost);
    return rc;
}

static int needs_kind(const struct sim *S, int kind)
{
    for (uint32_t a = 0; a < S->n; a++)
        for (uint32_t b = a + 1; b < S->n; b++)
            if (kind_tgt(S, a, b) == kind)
                return 1;
    return 0;
}

int skel_lbf_predict(const skel_trace *t, const struct skel_lbf_opts *o,
                     struct skel_lbf_result *res)
{
    memset(res, 0, sizeof *res);
    struct sim S;
    memset(&S, 0, sizeof S);
    S.o = o;
    S.cur = o->current;
    S.tgt = o->target != NULL ? o->target : o->current;
    if (o->target != NULL && o->current == NULL)
        return skel_fail(SKEL_EUSAGE, "predicting on another network needs the table of the "
                                      "network the trace was taken on (measure it with skel "
                                      "netprobe)");
    skel_pag *g = NULL;
    struct skel_pag_opts po = {.table = o->current, .untraced = o->untraced};
    int rc = skel_pag_open(t, &po, &g);
    if (rc != SKEL_OK)
        return rc;
    S.g = g;
    S.n = skel_pag_nranks(g);
    const struct skel_lbf_placement *pl = o->placement;
    if (pl != NULL && pl->nranks != S.n) {
        rc = skel_fail(SKEL_EUSAGE, "placement '%s' is for %u ranks, the trace has %u", pl->spec,
                       pl->nranks, S.n);
        goto out;
    }
    uint32_t *ident = NULL;
    if (pl == NULL) {
        ident = malloc((S.n ? S.n : 1) * sizeof *ident);
        if (ident == NULL) {
            rc = skel_oom();
            goto out;
        }
        for (uint32_t r = 0; r < S.n; r++)
            ident[r] = r;
    }
    S.group = pl != NULL ? pl->group : ident;
    S.ngroups = pl != NULL ? pl->ngroups : S.n;
    S.p = calloc(S.n ? S.n : 1, sizeof *S.p);
    S.k = calloc(S.ngroups ? S.ngroups : 1, sizeof *S.k);
    S.busy = calloc(S.ngroups ? S.ngroups : 1, sizeof *S.busy);
    S.host_of_rank = calloc(S.n ? S.n : 1, sizeof *S.host_of_rank);
    if (S.p == NULL || S.k == NULL || S.busy == NULL || S.host_of_rank == NULL) {
        rc = skel_oom();
        goto out_ident;
    }
    for (uint32_t r = 0; r < S.n; r++) {
        S.p[r].group = S.group[r];
        S.p[r].phase = PH_IDLE;
    }
    if ((rc = place_hosts(&S, pl, &res->nhosts)) != SKEL_OK)
        goto out_ident;
    S.nhosts = res->nhosts;
    if ((S.links = calloc(2 * (size_t)(S.nhosts ? S.nhosts : 1), sizeof *S.links)) == NULL) {
        rc = skel_oom();
        goto out_ident;
    }
    for (uint32_t h = 0; h < 2 * S.nhosts; h++)
        S.links[h].tokens = o->link_burst > 0 ? o->link_burst : 0; /* idle: full */
    for (int kind = 0; kind < SKEL_COMMTABLE__KINDS; kind++) {
        S.per_byte_tgt[kind] = per_byte(S.tgt, kind);
        S.per_byte_cur[kind] = per_byte(S.cur, kind);
    }
    for (int kind = 0; S.tgt != NULL && kind < SKEL_COMMTABLE__KINDS; kind++)
        if (!skel_commtable_has(S.tgt, kind) && needs_kind(&S, kind)) {
            rc = skel_fail(SKEL_ENOTFOUND, "%s: no %s rows, but the placement puts ranks on %s",
                           skel_commtable_name(S.tgt), skel_commtable_kind_name(kind),
                           kind == SKEL_COMMTABLE_SAME_HOST ? "a common host" : "different hosts");
            goto out_ident;
        }
    skel_pag_batch b;
    for (;;) {
        int got = skel_pag_next(g, &b);
        if (got < 0) {
            rc = got;
            goto out_ident;
        }
        if (got == 0)
            S.input_done = 1;
        else if ((rc = feed(&S, &b)) != SKEL_OK)
            goto out_ident;
        int r = run(&S);
        if (r < 0) {
            rc = r;
            goto out_ident;
        }
        if (r == 1 || S.input_done)
            break;
    }
    res->measured_ns = skel_pag_run_ns(g);
    res->nranks = S.n;
    res->ngroups = S.ngroups;
    res->events = skel_pag_nevents(g);
    res->messages = skel_pag_nmessages(g);
    res->collectives = skel_pag_ncollectives(g);
    res->max_queued = S.max_queued;
    res->rank_end_ns = malloc((S.n ? S.n : 1) * sizeof *res->rank_end_ns);
    res->group_busy_ns = S.busy;
    S.busy = NULL;
    if (res->rank_end_ns == NULL) {
        rc = skel_oom();
        goto out_ident;
    }
    for (uint32_t r = 0; r < S.n; r++) {
        res->rank_end_ns[r] = S.p[r].end;
        if (S.p[r].end > res->predicted_ns)
            res->predicted_ns = S.p[r].end;
        if (S.p[r].init_end > res->body_start_ns)
            res->body_start_ns = S.p[r].init_end;
        if (S.p[r].body_end > res->body_end_ns)
            res->body_end_ns = S.p[r].body_end;
    }
    if (res->body_end_ns < res->body_start_ns)
        res->body_end_ns = res->body_start_ns;
out_ident:
    free(ident);
out:
    sim_free(&S);
    skel_pag_close(g);
    if (rc != SKEL_OK)
        skel_lbf_result_free(res);
    return rc;
}

void skel_lbf_result_free(struct skel_lbf_result *res)
{
    if (res == NULL)
        return;
    free(res->rank_end_ns);
    free(res->group_busy_ns);
    memset(res, 0, sizeof *res);
}
