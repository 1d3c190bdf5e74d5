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

/* ---- the scheduler spec ------------------------------------------------------------------ */

/* A time: a non-negative number followed by ns, us, ms or s. */
static int parse_time(const char *s, size_t n, double *out)
{
    char buf[64];
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    double v = strtod(buf, &end);
    double unit;
    if (strcmp(end, "ns") == 0)
        unit = 1;
    else if (strcmp(end, "us") == 0)
        unit = 1e3;
    else if (strcmp(end, "ms") == 0)
        unit = 1e6;
    else if (strcmp(end, "s") == 0)
        unit = 1e9;
    else
        return 0;
    if (end == buf || !(v >= 0) || !isfinite(v) || v * unit > 1e15)
        return 0;
    *out = v * unit;
    return 1;
}

int skel_lbf_sched_parse(const char *spec, struct skel_lbf_sched *out)
{
    memset(out, 0, sizeof *out);
    const char *s = spec;
    size_t n = strcspn(s, ",");
    if (n == 4 && strncmp(s, "fair", 4) == 0)
        out->policy = SKEL_LBF_FAIR;
    else if (n == 5 && strncmp(s, "slice", 5) == 0)
        out->policy = SKEL_LBF_SLICE;
    else
        return skel_fail(SKEL_EUSAGE, "scheduler '%s': expected 'fair' or 'slice' first", spec);
    s += n;
    while (*s == ',') {
        s++;
        const char *eq = strchr(s, '=');
        size_t len = strcspn(s, ",");
        if (eq == NULL || (size_t)(eq - s) >= len)
            return skel_fail(SKEL_EUSAGE, "scheduler '%s': column %u: expected KEY=VALUE", spec,
                             (unsigned)(s - spec) + 1);
        size_t kl = (size_t)(eq - s), vl = len - kl - 1;
        const char *v = eq + 1;
        if (kl == 4 && strncmp(s, "wait", 4) == 0) {
            if (vl == 5 && strncmp(v, "block", 5) == 0)
                out->wait = SKEL_LBF_WAIT_BLOCK;
            else if (vl == 5 && strncmp(v, "yield", 5) == 0)
                out->wait = SKEL_LBF_WAIT_YIELD;
            else if (vl == 4 && strncmp(v, "spin", 4) == 0)
                out->wait = SKEL_LBF_WAIT_SPIN;
            else
                return skel_fail(SKEL_EUSAGE, "scheduler '%s': wait is block, yield or spin", spec);
        } else if (kl == 7 && strncmp(s, "quantum", 7) == 0) {
            if (!parse_time(v, vl, &out->quantum_ns) || out->quantum_ns < 1000)
                return skel_fail(SKEL_EUSAGE,
                                 "scheduler '%s': quantum is a time of at least 1us "
                                 "(e.g. 4ms)",
                                 spec);
        } else if (kl == 6 && strncmp(s, "switch", 6) == 0) {
            if (!parse_time(v, vl, &out->switch_ns))
                return skel_fail(SKEL_EUSAGE, "scheduler '%s': switch is a time (e.g. 3us)", spec);
        } else if (kl == 4 && strncmp(s, "wake", 4) == 0) {
            if (!parse_time(v, vl, &out->wake_ns))
                return skel_fail(SKEL_EUSAGE, "scheduler '%s': wake is a time (e.g. 4us)", spec);
        } else {
            return skel_fail(SKEL_EUSAGE,
                             "scheduler '%s': column %u: unknown setting (wait, quantum, "
                             "switch, wake)",
                             spec, (unsigned)(s - spec) + 1);
        }
        s += len;
    }
    if (*s != '\0')
        return skel_fail(SKEL_EUSAGE, "scheduler '%s': column %u: expected ',' or the end", spec,
                         (unsigned)(s - spec) + 1);
    return SKEL_OK;
}

static void put_time(char *buf, size_t len, double ns)
{
    if (ns >= 1e6 && fmod(ns, 1e3) == 0)
        snprintf(buf, len, "%gms", ns / 1e6);
    else if (ns >= 1e3)
        snprintf(buf, len, "%gus", ns / 1e3);
    else
        snprintf(buf, len, "%gns", ns);
}

void skel_lbf_sched_format(const struct skel_lbf_sched *s, char *buf, size_t len)
{
    static const char *const waits[] = {"block", "yield", "spin"};
    const char *w = s->wait >= 0 && s->wait <= 2 ? waits[s->wait] : "block";
    char wk[48] = "";
    if (s->wake_ns > 0) {
        char t[32];
        put_time(t, sizeof t, s->wake_ns);
        snprintf(wk, sizeof wk, ",wake=%s", t);
    }
    if (s->policy != SKEL_LBF_SLICE) {
        snprintf(buf, len, "fair,wait=%s%s", w, wk);
        return;
    }
    char q[32], sw[32];
    put_time(q, sizeof q, s->quantum_ns > 0 ? s->quantum_ns : 4e6);
    put_time(sw, sizeof sw, s->switch_ns);
    snprintf(buf, len, "slice,wait=%s,quantum=%s,switch=%s%s", w, q, sw, wk);
}

/* ---- spreads: distributions of compute phases and calls' own work ------------------------- */

/* A log-scale histogram: 16 buckets per power of two from 1 ns, with the
 * sum of each bucket's values (a quantile is the mean of its bucket). */
#define SPREAD_SUB     16
#define SPREAD_BUCKETS (SPREAD_SUB * 52 + 1)

struct hist {
    uint32_t n;
    uint32_t *count;
    double *sum;
};

struct skel_lbf_spread {
    struct hist *h[2]; /* by phase, by site */
    uint32_t nh[2], cap[2];
};

static uint32_t bucket_of(double v)
{
    if (!(v >= 1))
        return 0;
    int e;
    double m = frexp(v, &e); /* v = m 2^e, m in [0.5, 1) */
    if (e > 52)
        return SPREAD_BUCKETS - 1;
    uint32_t sub = (uint32_t)((m * 2 - 1) * SPREAD_SUB);
    if (sub >= SPREAD_SUB)
        sub = SPREAD_SUB - 1;
    return 1 + (uint32_t)(e - 1) * SPREAD_SUB + sub;
}

static int hist_add(skel_lbf_spread *s, int kind, uint32_t id, double v)
{
    if (id >= s->nh[kind]) {
        uint32_t old = s->cap[kind];
        if (skel_grow_u32(&s->h[kind], &s->cap[kind], (uint64_t)id + 1, sizeof *s->h[kind]) !=
            SKEL_OK)
            return skel_oom();
        memset(s->h[kind] + old, 0, (s->cap[kind] - old) * sizeof *s->h[kind]);
        s->nh[kind] = id + 1;
    }
    struct hist *h = &s->h[kind][id];
    if (h->count == NULL) {
        h->count = calloc(SPREAD_BUCKETS, sizeof *h->count);
        h->sum = calloc(SPREAD_BUCKETS, sizeof *h->sum);
        if (h->count == NULL || h->sum == NULL)
            return skel_oom();
    }
    uint32_t b = bucket_of(v);
    h->count[b]++;
    h->sum[b] += v;
    h->n++;
    return SKEL_OK;
}

double skel_lbf_spread_quantile(const skel_lbf_spread *s, int kind, uint32_t id, double q)
{
    if (s == NULL || kind < 0 || kind > 1 || id >= s->nh[kind] || s->h[kind][id].n < 2)
        return NAN;
    const struct hist *h = &s->h[kind][id];
    double want = q * (double)(h->n - 1);
    double seen = 0;
    for (uint32_t b = 0; b < SPREAD_BUCKETS; b++) {
        if (h->count[b] == 0)
            continue;
        if (seen + h->count[b] > want)
            return h->sum[b] / h->count[b];
        seen += h->count[b];
    }
    return NAN;
}

void skel_lbf_spread_free(skel_lbf_spread *s)
{
    if (s == NULL)
        return;
    for (int k = 0; k < 2; k++) {
        for (uint32_t i = 0; i < s->nh[k]; i++) {
            free(s->h[k][i].count);
            free(s->h[k][i].sum);
        }
        free(s->h[k]);
    }
    free(s);
}

int skel_lbf_spread_build(const skel_trace *t, const struct skel_lbf_opts *o, skel_lbf_spread **out)
{
    *out = NULL;
    skel_lbf_spread *s = calloc(1, sizeof *s);
    if (s == NULL)
        return skel_oom();
    skel_pag *g = NULL;
    struct skel_pag_opts po = {.table = o->current, .untraced = o->untraced};
    int rc = skel_pag_open(t, &po, &g);
    skel_pag_batch b;
    while (rc == SKEL_OK) {
        int got = skel_pag_next(g, &b);
        if (got <= 0) {
            rc = got;
            break;
        }
        for (uint32_t i = 0; i < b.nsteps && rc == SKEL_OK; i++) {
            const skel_pag_step *st = &b.steps[i];
            if (!st->first && st->poll_slept <= 0)
                rc = hist_add(s, 0, st->phase, st->gap_cpu);
            if (rc == SKEL_OK && !st->local_delay)
                rc = hist_add(s, 1, st->site, st->local);
        }
    }
    skel_pag_close(g);
    if (rc != SKEL_OK) {
        skel_lbf_spread_free(s);
        return rc;
    }
    *out = s;
    return SKEL_OK;
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
    PH_NOTICE,      /* its wait is over; it needs the processor to notice (yield, spin) */
    PH_LOCAL_OFF,   /* in the call, off the CPU for reasons the model does not explain */
    PH_LOCAL_CPU,   /* the call's own work */
    PH_LOCAL_DELAY, /* MPI_Init's start-up */
    PH_DONE
};

struct dep {
    uint64_t key;    /* source (rank, seq) */
    double lat;      /* flight time on the target */
    double per_byte; /* ns per byte on the links between its target hosts (0: none) */
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
    uint8_t poll;     /* a poll (its wait is the program's own loop, not MPI's) */
    double poll_rate; /* while it waits: the share of its processor its loop takes */
    double poll_cycle_ns;
    uint32_t nsource;
    uint32_t ndep;
    struct dep *deps;
    int32_t coll;    /* collective record, or -1 */
    uint32_t member; /* index in the collective */
    uint8_t waits;   /* the collective makes this member wait */
    double coll_cost;
    double end_ns;     /* measured end */
    uint32_t npassive; /* passive-target synchronisation: the targets whose progress it */
    uint32_t *passive; /* needs (pag.h) */
};

#define NCALLS 8 /* calls of one instant a passive-target wait can tell apart */

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
    uint8_t woke;     /* it just came back from a sleep or a blocking wait: it preempts */
    uint8_t wanting;  /* it wanted the processor at the last scheduling */
    int64_t rq;       /* its place in its processor's queue (slice policy) */
    double wait_from; /* when its current wait began */
    /* its latest calls' starts, modelled and traced (passive targets) */
    double call_at[NCALLS], call_tr[NCALLS];
    uint64_t ncalls;
    /* polls of a sleeping loop whose CPU is spread over the wait that ends it */
    double poll_cpu;
    uint32_t poll_n;
};

/* A processor. */
struct cpu {
    uint32_t *members; /* its processes */
    uint32_t nmembers;
    uint32_t k;         /* fair: processes that want it */
    int32_t cur, last;  /* slice: the process running, and the last that ran (-1: none) */
    double slice_end;   /* when cur's quantum ends */
    double lost_until;  /* nothing progresses before this (a switch) */
    double steal;       /* share of it that waiting pollers take */
    int64_t head, tail; /* queue places handed out at the front and at the back */
    double busy;
};

/* A collective instance: its members' arrivals. */
struct lcoll {
    uint64_t id;
    uint32_t size, root;
    uint8_t sync, nonblocking, resolved, shape;
    uint64_t bytes;
    uint32_t arrived;
    double amax, aroot;
    uint8_t root_arrived;
    uint64_t *keys;  /* nonblocking: the postings */
    uint32_t *ranks; /* members' ranks */
    double *arr;     /* members' arrivals (NAN: not yet) */
    uint32_t cap;
    uint32_t left;    /* members still to pass their wait */
    double link_done; /* its bytes through the host links (-INFINITY: no links, NAN: not yet) */
    double per_byte;  /* ns per byte on the links its members use, 0: none */
    double lat0;
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
    struct skel_lbf_sched sched;
    double quantum;
    struct proc *p;
    struct cpu *cpus;
    double now;
    int input_done;
    uint32_t queued, max_queued;
    uint64_t switches;
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
    skel_map_del_slot(&S->src_map, sl);
    if (skel_grow_u32(&S->src_free, &S->src_free_cap, S->nsrc_free + 1, sizeof *S->src_free) ==
        SKEL_OK)
        S->src_free[S->nsrc_free++] = i;
}

static int kind_tgt(const struct sim *S, uint32_t a, uint32_t b);
static double link_ns_per_byte(const struct sim *S, int kind_target, int kind_current);

static int coll_new(struct sim *S, const skel_pag_coll *c, int32_t *out)
{
    uint32_t i;
    if (S->ncoll_free > 0) {
        i = S->coll_free[--S->ncoll_free];
    } else {
        if (skel_grow_u32(&S->colls, &S->coll_cap, S->ncolls + 1, sizeof *S->colls) != SKEL_OK)
            return skel_oom();
        i = S->ncolls++;
        memset(&S->colls[i], 0, sizeof S->colls[i]);
    }
    struct lcoll *lc = &S->colls[i];
    uint64_t *keys = lc->keys;
    uint32_t *ranks = lc->ranks;
    double *arr = lc->arr;
    uint32_t cap = lc->cap;
    *lc = (struct lcoll){.id = c->id,
                         .size = c->size,
                         .root = c->root,
                         .sync = c->sync,
                         .nonblocking = c->nonblocking,
                         .shape = c->shape,
                         .bytes = c->bytes,
                         .amax = -INFINITY,
                         .aroot = -INFINITY,
                         .left = c->size,
                         .link_done = NAN};
    lc->keys = keys;
    lc->ranks = ranks;
    lc->arr = arr;
    lc->cap = cap;
    if (c->size > lc->cap) {
        uint64_t *nk = realloc(lc->keys, c->size * sizeof *nk);
        if (nk != NULL)
            lc->keys = nk;
        uint32_t *nr = realloc(lc->ranks, c->size * sizeof *nr);
        if (nr != NULL)
            lc->ranks = nr;
        double *na = realloc(lc->arr, c->size * sizeof *na);
        if (na != NULL)
            lc->arr = na;
        if (nk == NULL || nr == NULL || na == NULL)
            return skel_oom();
        lc->cap = c->size;
    }
    /* The links its members' bytes cross: those between target hosts (a
     * collective within one host crosses none). */
    int cross = 0;
    for (uint32_t j = 0; j < c->size; j++) {
        lc->ranks[j] = c->ranks[j];
        lc->arr[j] = NAN;
        lc->keys[j] = skel_pag_src_key(c->ranks[j], c->seqs[j]);
        if (kind_tgt(S, c->ranks[0], c->ranks[j]) == SKEL_COMMTABLE_CROSS_HOST)
            cross = 1;
    }
    if (cross && S->cur != NULL) {
        int kc = SKEL_COMMTABLE_SAME_HOST;
        for (uint32_t j = 1; j < c->size; j++)
            if (skel_pag_host(S->g, c->ranks[0]) != skel_pag_host(S->g, c->ranks[j]))
                kc = SKEL_COMMTABLE_CROSS_HOST;
        lc->per_byte = link_ns_per_byte(S, SKEL_COMMTABLE_CROSS_HOST, kc);
        double l0 = skel_pag_msg_cost(S->tgt, SKEL_COMMTABLE_CROSS_HOST, 0);
        lc->lat0 = l0 > 0 ? l0 : 0;
    }
    if (c->nonblocking && skel_map_put(&S->coll_map, c->id, i) != 0)
        return skel_oom();
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

/* Time per byte of the host links for a pair of these kinds on the target
 * and on the traced network.  A shaper's rate when given; else the target
 * table's large-message time per byte beyond the traced network's.  Only
 * pairs on different target hosts cross links; a network no slower per byte
 * than the traced one adds nothing, so the identity prediction stays the
 * traced run. */
static double link_ns_per_byte(const struct sim *S, int kind_target, int kind_current)
{
    if (S->cur == NULL || kind_target != SKEL_COMMTABLE_CROSS_HOST)
        return 0;
    if (S->o->link_ns_per_byte > 0)
        return S->o->link_ns_per_byte;
    double d = S->per_byte_tgt[SKEL_COMMTABLE_CROSS_HOST] - S->per_byte_cur[kind_current];
    return d > 0 ? d : 0;
}

static double msg_per_byte(const struct sim *S, const skel_pag_msg *m, uint32_t dst)
{
    return link_ns_per_byte(S, kind_tgt(S, m->src, dst), kind_cur(S, m->src, dst));
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

/* Push bytes through one direction of a host's link, a token bucket refilled
 * at 1/per_byte bytes per ns up to the burst, from t on: when they have been
 * let through.  The link is a queue: bytes wait for the ones before them. */
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

static double burst_of(const struct sim *S)
{
    return S->o->link_burst > 0 ? S->o->link_burst : 0;
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
        double burst = burst_of(S);
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

/* A collective's bytes through its members' host links (MPICH's
 * algorithms: pag.h), once every arrival is known: each member's outgoing
 * bytes from its arrival, its incoming bytes from the moment the collective
 * can start; the share of them to and from members on other hosts. */
static void coll_links(struct sim *S, struct lcoll *c)
{
    if (!isnan(c->link_done))
        return;
    c->link_done = -INFINITY;
    if (!(c->per_byte > 0))
        return;
    double burst = burst_of(S);
    double start = c->sync == SKEL_PAG_SYNC_FROM_ROOT ? c->aroot : c->amax;
    for (uint32_t j = 0; j < c->size; j++) {
        uint32_t h = S->host_of_rank[c->ranks[j]];
        uint32_t away = 0;
        for (uint32_t i = 0; i < c->size; i++)
            away += S->host_of_rank[c->ranks[i]] != h;
        if (away == 0)
            continue;
        double share = (double)away / (double)(c->size - 1);
        double snd, rcv;
        skel_pag_coll_link_bytes(c->shape, c->size, j, c->root, c->bytes, &snd, &rcv);
        double a = isnan(c->arr[j]) ? start : c->arr[j];
        if (snd * share > 0) {
            double t = link_push(&S->links[2 * h], burst, c->per_byte, snd * share, a);
            if (t + c->lat0 > c->link_done)
                c->link_done = t + c->lat0;
        }
        if (rcv * share > 0) {
            double t = link_push(&S->links[2 * h + 1], burst, c->per_byte, rcv * share, start);
            if (t + c->lat0 > c->link_done)
                c->link_done = t + c->lat0;
        }
    }
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
                        .poll = s->poll != SKEL_PAG_POLL_NONE,
                        .nsource = s->nsource,
                        .coll = coll,
                        .member = member,
                        .end_ns = s->end_ns};
    /* At a quantile of the trace's spread: every compute phase and call's
     * own work at that quantile of its kind (where the trace has at least
     * two of it). */
    if (S->o->spread != NULL && S->o->spread_q > 0 && S->o->spread_q < 1) {
        double v;
        if (!s->first && s->poll_slept <= 0 &&
            !isnan(v = skel_lbf_spread_quantile(S->o->spread, 0, s->phase, S->o->spread_q)))
            l->gap_cpu = v;
        if (!s->local_delay &&
            !isnan(v = skel_lbf_spread_quantile(S->o->spread, 1, s->site, S->o->spread_q)))
            l->local = v;
    }
    /* With time slices the call's time beyond what its site needed at
     * least is taken for CPU, as MPICH spends it (polling or working):
     * treated as a sleep, each such excess would hand the processor over
     * and take it back.  A poll's excess is its loop noticing late: a
     * sleep. */
    if (S->sched.policy == SKEL_LBF_SLICE && !l->poll && !l->local_delay) {
        l->local += l->local_off;
        l->local_off = 0;
    }
    /* A loop that sleeps between polls: its polls' CPU is spread over the
     * wait of the poll that ends it, as the share of the processor the loop
     * took in the trace; if the loop ends otherwise, the next gap gets that
     * CPU back. */
    if (s->poll == SKEL_PAG_POLL_NOTHING && s->poll_slept > 0) {
        p->poll_cpu += l->gap_cpu + l->local;
        p->poll_n++;
        l->gap_cpu = l->local = 0;
    } else if (s->poll == SKEL_PAG_POLL_FOUND && s->poll_run_sleep > 0 && p->poll_n > 0) {
        double c = p->poll_cpu, run = p->poll_cpu + s->poll_run_sleep;
        l->poll_rate = run > 0 ? c / run : 0;
        l->poll_cycle_ns = run / p->poll_n;
        p->poll_cpu = 0;
        p->poll_n = 0;
    } else if (p->poll_n > 0) {
        l->gap_cpu += p->poll_cpu;
        p->poll_cpu = 0;
        p->poll_n = 0;
    }
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
    if (s->npassive > 0) {
        if ((l->passive = malloc(s->npassive * sizeof *l->passive)) == NULL) {
            free(l->deps);
            return skel_oom();
        }
        memcpy(l->passive, s->passive, s->npassive * sizeof *l->passive);
        l->npassive = s->npassive;
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

/* Passive-target synchronisation (pag.h; docs/predictions.md, "Passive
 * target"): the call ends no earlier than a zero-byte flight after each
 * target is inside an MPI call.  For each target: inside a call now (it
 * entered before this wait or during it) - its call start plus the flight;
 * done - nothing; outside (computing towards its next call) - wait, unless
 * that next call began after this call ended in the trace (the traced call
 * did not wait for it).  The trace's own waiting for the matched call is
 * taken out of the call's delay (local_off), then out of its own work
 * (where the split or the slice policy put it), so the identity keeps the
 * traced time.  0 while a target is
 * outside; else 1, *t raised to the latest flight. */
static int passive_ready(struct sim *S, struct proc *p, double *t)
{
    struct lstep *l = &p->cur;
    double w = -INFINITY, cut = 0;
    for (uint32_t i = 0; i < l->npassive; i++) {
        uint32_t r = l->passive[i];
        if (r >= S->n || r == l->rank)
            continue;
        const struct proc *q = &S->p[r];
        /* the target's first call begun since this wait began, or the call
         * it was in then (its calls of one instant are in the ring) */
        int k = -1;
        for (uint64_t j = q->ncalls > NCALLS ? q->ncalls - NCALLS : 0; j < q->ncalls; j++)
            if (q->call_at[j % NCALLS] >= p->wait_from) {
                k = (int)(j % NCALLS);
                break;
            }
        int inside = q->phase >= PH_START && q->phase <= PH_LOCAL_DELAY;
        if (k < 0 && inside && q->ncalls > 0)
            k = (int)((q->ncalls - 1) % NCALLS);
        if (k < 0) {
            if (q->phase == PH_DONE)
                continue;
            if (q->phase == PH_IDLE)
                return 0; /* its next call is not read yet */
            if (q->cur.start_ns > l->end_ns)
                continue; /* the traced call ended before it: it did not wait */
            return 0;
        }
        /* the traced flight, capped by the time the call had left after the
         * target's call began, and the target's flight instead of it */
        double lat_cur = 0, lat_tgt = 0;
        if (S->cur != NULL) {
            lat_cur = skel_pag_msg_cost(S->cur, kind_cur(S, r, l->rank), 0);
            lat_tgt = skel_pag_msg_cost(S->tgt, kind_tgt(S, r, l->rank), 0);
        }
        double room = l->end_ns - l->local - q->call_tr[k];
        double obs = lat_cur < room ? lat_cur : room;
        if (!(obs > 0))
            obs = 0;
        double a = q->call_at[k] + obs + (lat_tgt - lat_cur);
        double c = q->call_tr[k] + obs - l->start_ns;
        if (a > w)
            w = a;
        if (c > cut)
            cut = c;
    }
    double off = l->local_off < cut ? l->local_off : cut;
    l->local_off -= off;
    cut -= off;
    l->local -= l->local < cut ? l->local : cut;
    l->npassive = 0; /* timed: a later call of resolve() does not take it out again */
    if (w > *t)
        *t = w;
    return 1;
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
    if (l->npassive > 0 && !passive_ready(S, p, &t))
        return 0;
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
                c->arr[j] = a;
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
            if (c->arrived == c->size) {
                coll_links(S, c);
                if (c->link_done > t)
                    t = c->link_done;
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

static int slice(const struct sim *S)
{
    return S->sched.policy == SKEL_LBF_SLICE;
}

/* Does the process want its processor now?  Computing, noticing the end of
 * its wait, or - busy-polling MPI - waiting. */
static int wants(const struct sim *S, const struct proc *p)
{
    switch (p->phase) {
    case PH_GAP_CPU:
    case PH_LOCAL_CPU:
    case PH_NOTICE:
        return 1;
    case PH_WAIT:
    case PH_READY:
        return S->sched.wait == SKEL_LBF_WAIT_SPIN && !p->cur.poll;
    default:
        return 0;
    }
}

/* Waiting in MPI by yielding: costs the processor a round trip whenever the
 * running process's quantum ends. */
static int yielding(const struct sim *S, const struct proc *p)
{
    return S->sched.wait == SKEL_LBF_WAIT_YIELD && !p->cur.poll &&
           (p->phase == PH_WAIT || p->phase == PH_READY);
}

static int is_cur(const struct sim *S, const struct proc *p, uint32_t rank)
{
    return S->cpus[p->group].cur == (int32_t)rank;
}

/* The wait of the current step is over (at S->now): continue in the call. */
static void wait_over(struct sim *S, struct proc *p, uint32_t rank)
{
    struct lstep *l = &p->cur;
    int notice = !l->poll && S->sched.wait != SKEL_LBF_WAIT_BLOCK && slice(S) &&
                 S->now > p->wait_from; /* a call with nothing to wait for goes on */
    if (notice && !is_cur(S, p, rank)) {
        p->phase = PH_NOTICE;
        return;
    }
    /* a blocked process (or a sleeping poller) that waited comes back */
    if (S->now > p->wait_from && (S->sched.wait == SKEL_LBF_WAIT_BLOCK || l->poll))
        p->woke = 1;
    p->phase = PH_LOCAL_OFF;
    p->until = S->now + l->local_off;
}

/* Move a process through every phase it can finish at S->now.  Returns 1 if
 * it moved, 0 if not, negative on error. */
static int step_proc(struct sim *S, uint32_t rank)
{
    struct proc *p = &S->p[rank];
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
            free(p->cur.passive);
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
            if (p->phase == PH_LAUNCH || l->gap_off > 0)
                p->woke = 1;
            p->phase = PH_START;
            break;
        case PH_READY:
            if (p->until > S->now)
                return moved;
            wait_over(S, p, rank);
            break;
        case PH_NOTICE:
            if (!is_cur(S, p, rank))
                return moved;
            p->phase = PH_LOCAL_OFF;
            p->until = S->now + l->local_off;
            break;
        case PH_LOCAL_OFF:
            if (p->until > S->now)
                return moved;
            if (l->local_off > 0)
                p->woke = 1;
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
            p->woke = 1;
            finish(S, p);
            break;
        case PH_GAP_CPU:
            if (p->rem > 0)
                return moved;
            p->phase = PH_GAP_OFF;
            p->until = S->now + l->gap_off;
            break;
        case PH_START:
            p->call_at[p->ncalls % NCALLS] = S->now;
            p->call_tr[p->ncalls % NCALLS] = l->start_ns;
            p->ncalls++;
            if (l->nsource > 0) {
                struct src *s = src_find(S, skel_pag_src_key(l->rank, l->seq));
                if (s != NULL)
                    s->t = S->now;
            }
            if (l->coll >= 0 && !S->colls[l->coll].nonblocking) {
                struct lcoll *c = &S->colls[l->coll];
                c->arrived++;
                if (l->member < c->size)
                    c->arr[l->member] = S->now;
                if (S->now > c->amax)
                    c->amax = S->now;
                if (l->member == c->root) {
                    c->aroot = S->now;
                    c->root_arrived = 1;
                }
            }
            p->phase = PH_WAIT;
            p->wait_from = S->now;
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

/* Give processor c to process i at S->now: a switch when another process
 * ran last, then a new quantum.  A quantum is the process's own running
 * time, so it starts when the switch is paid: a quantum measured shorter
 * than two switches (a loaded machine's probe) must still let the process
 * run, where one counted from S->now would be all switching and the
 * simulated time would run on for ever with nothing done. */
static void give(struct sim *S, struct cpu *c, uint32_t i)
{
    c->cur = (int32_t)i;
    if (c->last >= 0 && c->last != (int32_t)i) {
        double from = c->lost_until > S->now ? c->lost_until : S->now;
        c->lost_until = from + S->sched.switch_ns;
        S->switches++;
    }
    c->slice_end = (c->lost_until > S->now ? c->lost_until : S->now) + S->quantum;
    c->last = (int32_t)i;
}

/* The slice policy's decisions for processor c at S->now; 1 if the process
 * holding it changed. */
static int schedule(struct sim *S, struct cpu *c)
{
    int32_t before = c->cur;
    /* the queue: who starts wanting the processor goes to the back */
    for (uint32_t m = 0; m < c->nmembers; m++) {
        struct proc *p = &S->p[c->members[m]];
        int w = wants(S, p);
        if (w && !p->wanting)
            p->rq = c->tail++;
        p->wanting = (uint8_t)w;
        if (!w)
            p->woke = 0;
    }
    if (c->cur >= 0 && !S->p[c->cur].wanting)
        c->cur = -1; /* it waits, sleeps or is done */
    /* a process back from a sleep or a blocking wait preempts: the one it
     * interrupts resumes first when it is done */
    for (uint32_t m = 0; m < c->nmembers; m++) {
        uint32_t i = c->members[m];
        struct proc *p = &S->p[i];
        if (!p->woke)
            continue;
        p->woke = 0;
        if (c->cur == (int32_t)i)
            continue;
        if (c->cur >= 0)
            S->p[c->cur].rq = --c->head;
        give(S, c, i);
    }
    /* the quantum is over: the next in line, if any, else a new quantum
     * (yielding waiters take their turn and hand the processor back) */
    if (c->cur >= 0 && S->now >= c->slice_end) {
        int other = 0, nyield = 0;
        for (uint32_t m = 0; m < c->nmembers; m++) {
            uint32_t i = c->members[m];
            if ((int32_t)i == c->cur)
                continue;
            other |= S->p[i].wanting;
            nyield += yielding(S, &S->p[i]);
        }
        if (other) {
            S->p[c->cur].rq = c->tail++;
            c->cur = -1;
        } else {
            /* the yielders' turns first (two switches each), then the
             * running process's next quantum (see give) */
            if (nyield > 0) {
                double from = c->lost_until > S->now ? c->lost_until : S->now;
                c->lost_until = from + 2.0 * nyield * S->sched.switch_ns;
                S->switches += 2 * (uint64_t)nyield;
            }
            c->slice_end = (c->lost_until > S->now ? c->lost_until : S->now) + S->quantum;
        }
    }
    if (c->cur < 0) {
        int32_t best = -1;
        for (uint32_t m = 0; m < c->nmembers; m++) {
            uint32_t i = c->members[m];
            if (S->p[i].wanting && (best < 0 || S->p[i].rq < S->p[best].rq))
                best = (int32_t)i;
        }
        if (best >= 0)
            give(S, c, (uint32_t)best);
    }
    return c->cur != before;
}

/* The share of processor c its waiting pollers take: the CPU of their loops
 * (less what waking an idle processor cost them in the trace) and, with
 * time slices, two switches per poll. */
static double steal_of(const struct sim *S, const struct cpu *c)
{
    double f = 0;
    for (uint32_t m = 0; m < c->nmembers; m++) {
        const struct proc *p = &S->p[c->members[m]];
        const struct lstep *l = &p->cur;
        if (!(l->poll_rate > 0) ||
            (p->phase != PH_WAIT && p->phase != PH_READY && p->phase != PH_LOCAL_OFF))
            continue;
        double rate = l->poll_rate;
        if (S->sched.wake_ns > 0 && l->poll_cycle_ns > 0)
            rate -= S->sched.wake_ns / l->poll_cycle_ns;
        f += rate > 0 ? rate : 0;
        if (slice(S) && l->poll_cycle_ns > 0)
            f += 2.0 * S->sched.switch_ns / l->poll_cycle_ns;
    }
    return f < 0.95 ? f : 0.95;
}

static int timed_phase(int ph)
{
    return ph == PH_LAUNCH || ph == PH_GAP_OFF || ph == PH_READY || ph == PH_LOCAL_OFF ||
           ph == PH_LOCAL_DELAY;
}

/* Run until every process finished, or one needs a step not read yet
 * (returns 0 then; 1 when all are done). */
static int run(struct sim *S)
{
    for (uint32_t turns = 0;; turns++) {
        if ((turns & 0xfff) == 0 && S->o->stop != NULL && *S->o->stop)
            return skel_fail(SKEL_EINTERRUPTED, "prediction: interrupted by signal %d",
                             (int)*S->o->stop);
        /* everything that happens now */
        int moved;
        do {
            moved = 0;
            for (uint32_t i = 0; i < S->n; i++) {
                int m = step_proc(S, i);
                if (m < 0)
                    return m;
                moved |= m;
            }
            /* no decision before every process has its next step (Eom et
             * al. line 23): one between steps has not stopped computing */
            for (uint32_t i = 0; i < S->n; i++)
                if (S->p[i].phase == PH_IDLE && !S->input_done)
                    return 0;
            if (slice(S))
                for (uint32_t gi = 0; gi < S->ngroups; gi++)
                    moved |= schedule(S, &S->cpus[gi]);
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
        double next = INFINITY;
        for (uint32_t gi = 0; gi < S->ngroups; gi++) {
            struct cpu *c = &S->cpus[gi];
            c->steal = steal_of(S, c);
            c->k = 0;
            for (uint32_t m = 0; m < c->nmembers; m++)
                c->k += wants(S, &S->p[c->members[m]]);
            if (!slice(S) || c->cur < 0)
                continue;
            const struct proc *p = &S->p[c->cur];
            if (cpu_phase(p->phase)) {
                double from = c->lost_until > S->now ? c->lost_until : S->now;
                double t = from + p->rem / (1 - c->steal);
                if (t < next)
                    next = t;
            }
            int other = 0;
            for (uint32_t m = 0; m < c->nmembers; m++)
                if ((int32_t)c->members[m] != c->cur &&
                    (S->p[c->members[m]].wanting || yielding(S, &S->p[c->members[m]])))
                    other = 1;
            if (other && c->slice_end > S->now && c->slice_end < next)
                next = c->slice_end;
        }
        for (uint32_t i = 0; i < S->n; i++) {
            const struct proc *p = &S->p[i];
            double t = INFINITY;
            if (!slice(S) && cpu_phase(p->phase)) {
                const struct cpu *c = &S->cpus[p->group];
                t = S->now + p->rem * c->k / (1 - c->steal);
            } else if (timed_phase(p->phase)) {
                t = p->until;
            }
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
        if (next < S->now)
            next = S->now;
        double dt = next - S->now;
        for (uint32_t gi = 0; gi < S->ngroups; gi++) {
            struct cpu *c = &S->cpus[gi];
            if (slice(S) ? c->cur >= 0 : c->k > 0)
                c->busy += dt;
            if (!slice(S) || c->cur < 0)
                continue;
            struct proc *p = &S->p[c->cur];
            if (!cpu_phase(p->phase))
                continue;
            double from = c->lost_until > S->now ? c->lost_until : S->now;
            if (from + p->rem / (1 - c->steal) <= next)
                p->rem = 0; /* the phase that ends at `next` ends exactly there */
            else if (next > from)
                p->rem -= (next - from) * (1 - c->steal);
        }
        if (!slice(S))
            for (uint32_t i = 0; i < S->n; i++) {
                struct proc *p = &S->p[i];
                if (!cpu_phase(p->phase))
                    continue;
                const struct cpu *c = &S->cpus[p->group];
                double rate = (1 - c->steal) / c->k;
                if (S->now + p->rem / rate <= next)
                    p->rem = 0;
                else
                    p->rem -= dt * rate;
            }
        S->now = next;
    }
}

static void sim_free(struct sim *S)
{
    for (uint32_t i = 0; S->p != NULL && i < S->n; i++) {
        struct proc *p = &S->p[i];
        for (uint32_t j = 0; j < p->qlen; j++) {
            free(p->q[(p->qhead + j) % p->qcap].deps);
            free(p->q[(p->qhead + j) % p->qcap].passive);
        }
        free(p->q);
        free(p->cur.deps);
        free(p->cur.passive);
    }
    free(S->p);
    for (uint32_t g = 0; S->cpus != NULL && g < S->ngroups; g++)
        free(S->cpus[g].members);
    free(S->cpus);
    free(S->host_of_rank);
    free(S->links);
    free(S->srcs);
    free(S->src_free);
    skel_map_free(&S->src_map);
    for (uint32_t i = 0; i < S->ncolls; i++) {
        free(S->colls[i].keys);
        free(S->colls[i].ranks);
        free(S->colls[i].arr);
    }
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

/* The processors: their members, nobody running. */
static int make_cpus(struct sim *S)
{
    S->cpus = calloc(S->ngroups ? S->ngroups : 1, sizeof *S->cpus);
    if (S->cpus == NULL)
        return skel_oom();
    for (uint32_t gi = 0; gi < S->ngroups; gi++) {
        S->cpus[gi].cur = S->cpus[gi].last = -1;
        S->cpus[gi].lost_until = -INFINITY;
    }
    for (uint32_t r = 0; r < S->n; r++) {
        struct cpu *c = &S->cpus[S->group[r]];
        uint32_t *nm = realloc(c->members, (c->nmembers + 1) * sizeof *nm);
        if (nm == NULL)
            return skel_oom();
        c->members = nm;
        c->members[c->nmembers++] = r;
    }
    return SKEL_OK;
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
    S.sched = o->sched;
    S.quantum = S.sched.quantum_ns > 0 ? S.sched.quantum_ns : 4e6;
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
    S.host_of_rank = calloc(S.n ? S.n : 1, sizeof *S.host_of_rank);
    if (S.p == NULL || S.host_of_rank == NULL || (rc = make_cpus(&S)) != SKEL_OK) {
        rc = rc != SKEL_OK ? rc : skel_oom();
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
    for (uint32_t h = 0; h < 2 * S.nhosts; h++) {
        S.links[h].tokens = o->link_burst > 0 ? o->link_burst : 0; /* idle: full */
        S.links[h].last = -INFINITY;
    }
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
    res->switches = S.switches;
    res->rank_end_ns = malloc((S.n ? S.n : 1) * sizeof *res->rank_end_ns);
    res->group_busy_ns = malloc((S.ngroups ? S.ngroups : 1) * sizeof *res->group_busy_ns);
    if (res->rank_end_ns == NULL || res->group_busy_ns == NULL) {
        rc = skel_oom();
        goto out_ident;
    }
    for (uint32_t gi = 0; gi < S.ngroups; gi++)
        res->group_busy_ns[gi] = S.cpus[gi].busy;
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

int skel_lbf_predict_interval(const skel_trace *t, const struct skel_lbf_opts *o, double lo_q,
                              double hi_q, struct skel_lbf_result *res, double *lo_body_ns,
                              double *hi_body_ns)
{
    *lo_body_ns = *hi_body_ns = NAN;
    skel_lbf_spread *own = NULL;
    int rc = SKEL_OK;
    if (o->spread == NULL && (rc = skel_lbf_spread_build(t, o, &own)) != SKEL_OK)
        return rc;
    struct skel_lbf_opts q = *o;
    q.spread = o->spread != NULL ? o->spread : own;
    q.report = NULL;
    struct skel_lbf_result r;
    const double qs[2] = {lo_q, hi_q};
    double *outs[2] = {lo_body_ns, hi_body_ns};
    for (int i = 0; i < 2 && rc == SKEL_OK; i++) {
        q.spread_q = qs[i];
        if ((rc = skel_lbf_predict(t, &q, &r)) == SKEL_OK)
            *outs[i] = r.body_end_ns - r.body_start_ns;
        skel_lbf_result_free(&r);
    }
    if (rc == SKEL_OK) {
        q = *o;
        q.spread_q = 0;
        rc = skel_lbf_predict(t, &q, res);
    }
    skel_lbf_spread_free(own);
    return rc;
}
