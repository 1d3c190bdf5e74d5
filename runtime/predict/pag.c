/* pag.c - the Program Activity Graph builder (pag.h): replay items in,
 * weighted steps out.
 *
 * The builder keeps, per rank, the map from the rank's call-site indices to
 * global sites, the previous site (for compute phases) and the persistent
 * send requests (to know how many messages a Start sends); globally, the
 * sites and phases seen, and the nonblocking collectives posted and not yet
 * completed everywhere.  None of it grows with the trace length.  For
 * one-sided synchronisation (section "windows") it also keeps each rank's
 * windows and the epochs matched between origins and targets; a window
 * collective's batch waits in the queue until every member arrived.
 */
#include "pag.h"

#include "error.h"
#include "grow.h"
#include "map.h"
#include "replay.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct site {
    char *module; /* path of the code module, "" if unknown */
    uint64_t offset;
    char *label, *func, *addr;
    uint16_t call;
};

#define PHASE_CACHE 64 /* a loop's transitions, per rank */
#define NCLASS      65 /* size classes: 0 and 1 + floor(log2 bytes) */

struct rank_state {
    uint32_t *site_map; /* rank-local site index -> global site + 1 (0: not mapped yet) */
    uint32_t nsite_map;
    uint32_t prev_site;
    double per_event;                /* tracer's cost per event, when removing it */
    double prev_end;                 /* measured end of the rank's previous event */
    int64_t offset;                  /* its clock minus rank 0's */
    int prev_failed_poll;            /* its previous event was a poll that found nothing */
    uint64_t phase_key[PHASE_CACHE]; /* recent (from, to) -> phase, direct-mapped */
    uint32_t phase_val[PHASE_CACHE];
    double poll_acc; /* off-CPU time between such polls since then */
    double poll_cpu; /* CPU of the polls that slept before them, since then */
    uint32_t poll_n; /* how many */
    uint32_t host;
    int seen_first;
    skel_map persist; /* persistent send requests with a real peer */
    skel_map wins;    /* the rank's window index -> index in skel_pag.wins */
};

/* A window as one rank knows it (one-sided synchronisation, see the section
 * "windows" below): the window's communicator, which of the windows the
 * rank created on it this is, and the groups of its latest exposure
 * (MPI_Win_post) and access (MPI_Win_start) epochs, as world ranks. */
struct win {
    uint64_t gid;   /* the communicator's global id */
    uint32_t ord;   /* windows the rank created on it before this one */
    uint32_t nsync; /* window collectives (creation, fences) of this window so far */
    uint32_t size;  /* members of the communicator */
    int32_t *post_grp, *start_grp;
    uint32_t npost, nstart, post_cap, start_cap;
    int used;
};

/* The matching of one-sided epochs between an origin and a target on one
 * window: the providers (posts, or completes) not yet matched, and the
 * steps held waiting for one (starts, or waits), both first in first out. */
struct pchan {
    uint32_t prank; /* the providers' rank */
    struct pent {
        uint64_t seq; /* the provider's event */
        double t;     /* and its start */
    } * prov;
    uint32_t ph, pn, pcap;
    uint32_t *wslot;
    uint32_t wh, wn, wcap;
};

/* One-sided synchronisation calls (section "windows"). */
enum { WS_NONE, WS_COLL, WS_POST, WS_START, WS_COMPLETE, WS_WAIT };

/* A nonblocking collective's posting, until the instance is completed. */
struct posting {
    uint16_t call;
    uint64_t bytes, rbytes;
    int32_t root;
};

/* A nonblocking collective instance with completions still to come. */
struct inst {
    skel_pag_coll c;
    uint32_t *ranks;
    uint64_t *seqs;
    uint32_t remaining;
};

struct skel_pag {
    const skel_trace *t;
    skel_replay *rp;
    const skel_commtable *table;
    int untraced;
    uint32_t n;
    struct rank_state *rs;
    char **hosts;
    uint32_t nhosts;
    double t0; /* global start of the earliest first event */
    double run_end;
    uint64_t nevents, nmessages, ncolls;

    struct site *sites;
    uint32_t nsites, site_cap;
    skel_map site_map;   /* hash(module, offset) -> site, with linear probing on collisions */
    skel_map meta_sites; /* hash(module, offset) -> index in the meta's sites + 1 */

    uint32_t *phase_from, *phase_to;
    uint32_t nphases, phase_cap;
    skel_map phase_map;

    struct posting *posts;
    uint32_t nposts, post_cap, *post_free, npost_free, post_free_cap;
    skel_map post_map; /* (rank, seq) -> posting */
    struct inst *insts;
    uint32_t ninsts, inst_cap, *inst_free, ninst_free, inst_free_cap;
    skel_map inst_map; /* collective id -> inst */

    /* Batches built and not yet handed out, in replay order (see skel_pag_next). */
    struct slot **slots; /* pool; slot addresses are stable */
    uint32_t nslots, slot_cap;
    uint32_t *pending; /* indices into slots, in replay order */
    uint32_t npending, pending_cap;
    uint32_t *free_slots;
    uint32_t nfree_slots, free_slots_cap;
    uint32_t *out_slots; /* handed out by the last call, freed by the next */
    uint32_t nout, out_cap;
    skel_pag_step *merged; /* the steps of a batch made of several (see emit_cycle) */
    uint32_t merged_cap;
    uint8_t *cand; /* per pending position: in the candidate set */
    uint32_t cand_cap;
    uint64_t *emitted;    /* per rank: seq of the last step handed out + 1 */
    uint32_t *scan_mark;  /* per rank: scan in which an earlier pending batch held it */
    uint64_t *scan_below; /* ... all of its steps from this seq on (a window collective's
                             members: their later steps; 0 for other batches: all) */
    uint32_t scan_id;
    skel_map coll_emitted; /* nonblocking instance -> completions handed out */
    struct win *wins;      /* windows (see rank_state.wins) */
    uint32_t nwins, win_cap, *win_free, nwin_free, win_free_cap;
    skel_map win_ord;   /* (communicator, rank) -> windows the rank created on it */
    skel_map wcoll_map; /* window collective instance key -> slot gathering it */
    uint64_t nwcoll;    /* window collectives gathered (their skel_pag_coll ids) */
    struct pchan *chans;
    uint32_t nchans, chan_cap;
    skel_map chan_map; /* (kind, origin, target, window) -> index in chans */
    int released;      /* held batches let go at the replay's end */
    int passive_deps;  /* skel_pag_opts.passive_deps */
    struct pwait *pw;  /* passive-target calls waiting for their targets' next call */
    uint32_t npw, pw_cap;
    double *least; /* least own work seen per (site, size class): NCLASS per site, NAN unset */
    uint32_t least_sites;
    int replay_done;
};

/* A passive-target call held until its target's next call is seen
 * (skel_pag_opts.passive_deps). */
struct pwait {
    uint32_t slot;   /* the call's batch */
    uint32_t target; /* the rank whose next call may have released it */
    double end;      /* the call's measured end */
    uint64_t born;   /* events built when it began waiting */
};

/* The storage of one batch. */
struct slot {
    skel_pag_step *steps;
    uint32_t nsteps, step_cap;
    skel_pag_msg *msgs;
    uint32_t msg_cap;
    skel_pag_coll coll;
    int has_coll;
    uint32_t *cranks;
    uint64_t *cseqs;
    uint32_t cmem_cap; /* cranks' */
    uint32_t cseq_cap; /* cseqs' (<= cmem_cap) */
    /* One-sided synchronisation (section "windows"): */
    uint8_t held;   /* not ready: a window collective with members still to arrive, or
                       a start/wait whose posts/completes are not all matched yet */
    uint8_t wcoll;  /* a window collective gathering wsize members */
    uint8_t wgroup; /* built as a window collective: it stays where its first member
                       arrived, so later members' earlier batches may follow it */
    uint32_t wsize;
    uint64_t wkey;      /* its key in wcoll_map */
    uint32_t wneed;     /* a start/wait: partners still to match */
    uint32_t nassigned; /* partners matched, msgs[0..nassigned) */
    double *pstart;     /* their start times */
    uint32_t pstart_cap;
    uint32_t *passive; /* a passive-target call's targets (skel_pag_step.passive) */
    uint32_t passive_cap;
};

/* ---- costs ------------------------------------------------------------------------------ */

double skel_pag_msg_cost(const skel_commtable *table, int kind, uint64_t bytes)
{
    return table != NULL ? skel_commtable_oneway(table, kind, bytes) : 0.0;
}

static uint32_t ceil_log2(uint32_t p)
{
    uint32_t l = 0;
    while (l < 32 && (UINT64_C(1) << l) < p)
        l++;
    return l;
}

static uint32_t floor_pow2(uint32_t p)
{
    uint32_t v = 1;
    while (v <= p / 2)
        v *= 2;
    return v;
}

/* L(b): the one-way time of b bytes, b capped at the table's limit. */
static double oneway(const skel_commtable *t, int kind, double b)
{
    if (!(b > 0))
        b = 0;
    if (b > (double)SKEL_COMMTABLE_MAX_SIZE)
        b = (double)SKEL_COMMTABLE_MAX_SIZE;
    return skel_commtable_oneway(t, kind, (uint64_t)b);
}

/* The collective algorithms MPICH 4.0 picks by default (its MPIR_CVAR_*
 * thresholds; Thakur, Rabenseifner and Gropp's algorithms), each as the sum
 * of the one-way times of its rounds. */
double skel_pag_coll_cost(const skel_commtable *table, int kind, int shape, uint32_t p,
                          uint64_t bytes)
{
    if (table == NULL || p <= 1)
        return 0.0;
    uint32_t lg = ceil_log2(p);
    int pof2 = floor_pow2(p) == p;
    double b = (double)bytes, c = 0.0;
    switch (shape) {
    case SKEL_SHAPE_BARRIER:
        /* dissemination */
        return lg * oneway(table, kind, 0);
    case SKEL_SHAPE_GATHER:
    case SKEL_SHAPE_GATHERV:
    case SKEL_SHAPE_SCATTER:
    case SKEL_SHAPE_SCATTERV:
        /* binomial tree: the blocks double each round */
        for (uint32_t k = 0; k < lg; k++)
            c += oneway(table, kind, b * (double)(UINT64_C(1) << (k < 50 ? k : 50)));
        return c;
    case SKEL_SHAPE_ALLGATHER:
    case SKEL_SHAPE_ALLGATHERV:
        /* recursive doubling (Bruck's when p is not a power of two) below
         * 512 KiB in all, else a ring */
        if (b * p >= 524288.0)
            return (double)(p - 1) * oneway(table, kind, b);
        for (uint32_t k = 0; k < lg; k++)
            c += oneway(table, kind, b * (double)(UINT64_C(1) << (k < 50 ? k : 50)));
        return c;
    case SKEL_SHAPE_REDSCAT:
    case SKEL_SHAPE_REDSCATBLK:
        /* recursive halving */
        for (uint32_t k = 1; k <= lg; k++)
            c += oneway(table, kind, b / (double)(UINT64_C(1) << (k < 50 ? k : 50)));
        return c;
    case SKEL_SHAPE_ALLTOALL:
    case SKEL_SHAPE_ALLTOALLV:
    case SKEL_SHAPE_ALLTOALLW:
        /* Bruck for small blocks among 8 or more, all at once up to 32 KiB
         * (the blocks share the links: one latency, the rest bandwidth),
         * pairwise exchange beyond */
        if (b <= 256 && p >= 8)
            return lg * oneway(table, kind, b * p / 2);
        if (b <= 32768) {
            double l0 = oneway(table, kind, 0), lb = oneway(table, kind, b);
            return lb + (double)(p - 2) * (lb - l0);
        }
        return (double)(p - 1) * oneway(table, kind, b);
    case SKEL_SHAPE_BCAST:
        /* binomial for short messages or few processes; else a scatter and
         * an allgather (recursive doubling, or a ring for long messages) */
        if (b < 12288 || p < 8)
            return lg * oneway(table, kind, b);
        for (uint32_t k = 1; k <= lg; k++)
            c += oneway(table, kind, b / (double)(UINT64_C(1) << k));
        if (b < 524288 && pof2) {
            for (uint32_t k = 0; k < lg; k++)
                c += oneway(table, kind, b / p * (double)(UINT64_C(1) << k));
            return c;
        }
        return c + (double)(p - 1) * oneway(table, kind, b / p);
    case SKEL_SHAPE_ALLREDUCE:
    case SKEL_SHAPE_REDUCE:
        /* recursive doubling (binomial for Reduce) up to 2 KiB, else
         * Rabenseifner's: a reduce-scatter by recursive halving, then an
         * allgather (a gather for Reduce) by recursive doubling */
        if (b <= 2048)
            return lg * oneway(table, kind, b);
        for (uint32_t k = 1; k <= lg; k++)
            c += 2 * oneway(table, kind, b / (double)(UINT64_C(1) << k));
        return c;
    default:
        /* Scan, Exscan (recursive doubling) and the neighbourhood
         * collectives */
        return lg * oneway(table, kind, b);
    }
}

/* Children of relative rank r in a binomial tree over p processes. */
static uint32_t binomial_children(uint32_t r, uint32_t p)
{
    uint32_t n = 0;
    for (uint32_t m = 1; m < p && m != 0; m <<= 1) {
        if (r & m)
            break;
        if (r + m < p)
            n++;
    }
    return n;
}

void skel_pag_coll_link_bytes(int shape, uint32_t p, uint32_t member, uint32_t root, uint64_t bytes,
                              double *send, double *recv)
{
    double b = (double)bytes;
    uint32_t lg = ceil_log2(p);
    uint32_t rel = p > 0 ? (member + p - root % p) % p : 0;
    *send = *recv = 0;
    if (p <= 1)
        return;
    switch (shape) {
    case SKEL_SHAPE_BARRIER:
        return;
    case SKEL_SHAPE_BCAST:
        *send = b * binomial_children(rel, p);
        *recv = rel != 0 ? b : 0;
        return;
    case SKEL_SHAPE_REDUCE:
        if (b > 2048) {
            *send = *recv = b * (double)(p - 1) / p;
            if (rel == 0)
                *recv += b * (double)(p - 1) / p;
            else
                *send += b / p;
            return;
        }
        *send = rel != 0 ? b : 0;
        *recv = b * binomial_children(rel, p);
        return;
    case SKEL_SHAPE_ALLREDUCE:
        if (b > 2048)
            *send = *recv = 2 * b * (double)(p - 1) / p;
        else
            *send = *recv = b * lg;
        return;
    case SKEL_SHAPE_GATHER:
    case SKEL_SHAPE_GATHERV:
        *send = rel != 0 ? b : 0;
        *recv = rel == 0 ? b * (p - 1) : 0;
        return;
    case SKEL_SHAPE_SCATTER:
    case SKEL_SHAPE_SCATTERV:
        *send = rel == 0 ? b * (p - 1) : 0;
        *recv = rel != 0 ? b : 0;
        return;
    case SKEL_SHAPE_ALLGATHER:
    case SKEL_SHAPE_ALLGATHERV:
    case SKEL_SHAPE_ALLTOALL:
    case SKEL_SHAPE_ALLTOALLV:
    case SKEL_SHAPE_ALLTOALLW:
        *send = *recv = b * (p - 1);
        return;
    case SKEL_SHAPE_REDSCAT:
    case SKEL_SHAPE_REDSCATBLK:
        *send = *recv = b * (double)(p - 1) / p;
        return;
    default:
        *send = *recv = b * lg;
        return;
    }
}

static int sync_of(int shape)
{
    switch (shape) {
    case SKEL_SHAPE_BCAST:
    case SKEL_SHAPE_SCATTER:
    case SKEL_SHAPE_SCATTERV:
        return SKEL_PAG_SYNC_FROM_ROOT;
    case SKEL_SHAPE_REDUCE:
    case SKEL_SHAPE_GATHER:
    case SKEL_SHAPE_GATHERV:
        return SKEL_PAG_SYNC_TO_ROOT;
    default:
        return SKEL_PAG_SYNC_ALL;
    }
}

/* The block a member contributes, from the members' byte counts. */
static uint64_t block_of(int shape, uint64_t max_bytes, uint64_t max_rbytes, uint32_t p)
{
    switch (shape) {
    case SKEL_SHAPE_BARRIER:
        return 0;
    case SKEL_SHAPE_BCAST:
        return max_bytes > max_rbytes ? max_bytes : max_rbytes;
    case SKEL_SHAPE_SCATTER:
    case SKEL_SHAPE_SCATTERV:
        return max_rbytes;
    case SKEL_SHAPE_ALLGATHER:
    case SKEL_SHAPE_ALLGATHERV:
    case SKEL_SHAPE_ALLTOALL:
    case SKEL_SHAPE_ALLTOALLV:
    case SKEL_SHAPE_ALLTOALLW:
    case SKEL_SHAPE_NALLGATHER:
    case SKEL_SHAPE_NALLGATHERV:
    case SKEL_SHAPE_NALLTOALL:
    case SKEL_SHAPE_NALLTOALLV:
    case SKEL_SHAPE_NALLTOALLW:
        return p > 0 ? (max_rbytes + p - 1) / p : max_rbytes;
    default:
        return max_bytes;
    }
}

static int shape_of_call(uint16_t call)
{
    const struct skel_call_info *ci = skel_call_info(call);
    if (ci == NULL || ci->shape == SKEL_SHAPE_NONE)
        return SKEL_SHAPE_BARRIER; /* communicator construction and freeing */
    return ci->shape;
}

/* ---- sites and phases -------------------------------------------------------------------- */

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static uint64_t site_hash(const char *module, uint64_t offset)
{
    return skel_mix64(hash_str(module) ^ skel_mix64(offset + 0x51737e));
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s != NULL && s[1] != '\0' ? s + 1 : path;
}

static char *dupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dupf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0)
        s = NULL;
    va_end(ap);
    return s;
}

/* Global site of (module, offset), created on first sight. */
static int site_id(skel_pag *g, const char *module, uint64_t offset, const char *func,
                   const char *file, uint32_t line, uint16_t call, uint32_t *out)
{
    uint64_t key = site_hash(module, offset);
    for (;;) {
        skel_map_slot *s = skel_map_find(&g->site_map, key);
        if (s == NULL)
            break;
        struct site *st = &g->sites[s->val];
        if (st->offset == offset && strcmp(st->module, module) == 0) {
            *out = s->val;
            return SKEL_OK;
        }
        key++;
    }
    /* What the trace's meta file resolved, if anything. */
    skel_map_slot *ms = skel_map_find(&g->meta_sites, site_hash(module, offset));
    const skel_meta *m = skel_trace_meta(g->t);
    if (ms != NULL && ms->val - 1 < m->nsites) {
        const skel_meta_site *r = &m->sites[ms->val - 1];
        if (r->offset == offset && strcmp(r->module, module) == 0) {
            if ((func == NULL || func[0] == '\0') && r->func != NULL)
                func = r->func;
            if ((file == NULL || file[0] == '\0' || line == 0) && r->file != NULL &&
                r->file[0] != '\0') {
                file = r->file;
                line = r->line;
            }
        }
    }
    if (skel_grow_u32(&g->sites, &g->site_cap, g->nsites + 1, sizeof *g->sites) != SKEL_OK)
        return skel_oom();
    struct site *st = &g->sites[g->nsites];
    memset(st, 0, sizeof *st);
    st->offset = offset;
    st->call = call;
    st->module = strdup(module);
    st->func = strdup(func != NULL ? func : "");
    st->addr = module[0] != '\0' ? dupf("%s+0x%llx", base_name(module), (unsigned long long)offset)
                                 : dupf("0x%llx", (unsigned long long)offset);
    st->label = file != NULL && file[0] != '\0' && line > 0
                    ? dupf("%s:%u", base_name(file), line)
                    : (st->addr != NULL ? strdup(st->addr) : NULL);
    if (st->module == NULL || st->func == NULL || st->addr == NULL || st->label == NULL) {
        free(st->module);
        free(st->func);
        free(st->addr);
        free(st->label);
        return skel_oom();
    }
    if (skel_map_put(&g->site_map, key, g->nsites) != 0)
        return skel_oom();
    *out = g->nsites++;
    return SKEL_OK;
}

/* Global site of rank r's site index. */
static int rank_site(skel_pag *g, uint32_t r, uint32_t idx, uint16_t call, uint32_t *out)
{
    struct rank_state *rs = &g->rs[r];
    if (idx < rs->nsite_map && rs->site_map[idx] != 0) {
        *out = rs->site_map[idx] - 1;
        return SKEL_OK;
    }
    const skel_rank_reader *rd = skel_replay_reader(g->rp, r);
    const skel_site *s = skel_rank_site(rd, idx);
    int rc;
    if (s == NULL) {
        rc = site_id(g, "", UINT64_MAX, "", "", 0, call, out); /* an unknown site */
    } else {
        const skel_module *m = s->module != SKEL_COMM_NONE ? skel_rank_module(rd, s->module) : NULL;
        rc = site_id(g, m != NULL && m->path != NULL ? m->path : "",
                     m != NULL ? s->offset : s->addr, s->func, s->file, s->line, call, out);
    }
    if (rc != SKEL_OK || s == NULL || idx >= (1u << 24))
        return rc;
    if (idx >= rs->nsite_map) {
        uint32_t old = rs->nsite_map;
        if ((rc = skel_grow_u32(&rs->site_map, &rs->nsite_map, (uint64_t)idx + 1,
                                sizeof *rs->site_map)) != SKEL_OK)
            return rc;
        memset(rs->site_map + old, 0, (rs->nsite_map - old) * sizeof *rs->site_map);
    }
    rs->site_map[idx] = *out + 1;
    return SKEL_OK;
}

/* The phase cache's slot of key (from << 32 | to).  Multiplicative hashing:
 * (from * 7 + to) put a loop's transitions from site a to a + 1 into 4
 * slots of 32, and 9 of 10 lookups missed. */
static uint32_t phase_slot(uint64_t key)
{
    return (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 58) % PHASE_CACHE;
}

static int phase_id(skel_pag *g, struct rank_state *rs, uint32_t from, uint32_t to, uint32_t *out)
{
    uint64_t key = ((uint64_t)from << 32) | to;
    uint32_t c = phase_slot(key);
    if (rs->phase_key[c] == key + 1) {
        *out = rs->phase_val[c];
        return SKEL_OK;
    }
    skel_map_slot *s = skel_map_find(&g->phase_map, key);
    if (s != NULL) {
        *out = s->val;
        rs->phase_key[c] = key + 1;
        rs->phase_val[c] = s->val;
        return SKEL_OK;
    }
    if (skel_grow_u32(&g->phase_from, &g->phase_cap, g->nphases + 1, sizeof *g->phase_from) !=
        SKEL_OK)
        return skel_oom();
    uint32_t cap = g->phase_cap;
    uint32_t *nt = realloc(g->phase_to, cap * sizeof *nt);
    if (nt == NULL)
        return skel_oom();
    g->phase_to = nt;
    g->phase_from[g->nphases] = from;
    g->phase_to[g->nphases] = to;
    if (skel_map_put(&g->phase_map, key, g->nphases) != 0)
        return skel_oom();
    *out = g->nphases++;
    return SKEL_OK;
}

/* ---- open / close ---------------------------------------------------------------------- */

static int host_of(skel_pag *g, const char *name, uint32_t *out)
{
    for (uint32_t i = 0; i < g->nhosts; i++)
        if (strcmp(g->hosts[i], name) == 0) {
            *out = i;
            return SKEL_OK;
        }
    char **nh = realloc(g->hosts, (g->nhosts + 1) * sizeof *nh);
    if (nh == NULL)
        return skel_oom();
    g->hosts = nh;
    if ((g->hosts[g->nhosts] = strdup(name)) == NULL)
        return skel_oom();
    *out = g->nhosts++;
    return SKEL_OK;
}

/* Rank r's clock against rank 0's.  Ranks on rank 0's host read the same
 * kernel clock (CLOCK_MONOTONIC is one per kernel, also across network
 * namespaces): offset 0.  Others take the tracer's estimate with the
 * smaller round trip (its error is at most half of it). */
static void clock_offsets(skel_pag *g)
{
    const skel_meta *m = skel_trace_meta(g->t);
    for (uint32_t i = 0; i < m->nrank_entries; i++) {
        const skel_meta_rank *mr = &m->ranks[i];
        if (mr->rank >= g->n || g->rs[mr->rank].host == g->rs[0].host)
            continue;
        int use_fini =
            mr->rtt_fini_ns > 0 && (mr->rtt_init_ns == 0 || mr->rtt_fini_ns < mr->rtt_init_ns);
        g->rs[mr->rank].offset = use_fini ? mr->offset_fini_ns : mr->offset_init_ns;
    }
}

/* Find each rank's first event (for the start of the run) and, when the
 * tracer's cost is to be removed, its cost per event (in the end record). */
static int prescan(skel_pag *g)
{
    int rc = SKEL_OK;
    g->t0 = INFINITY;
    for (uint32_t r = 0; r < g->n; r++) {
        const skel_rank_reader *rd = skel_replay_reader(g->rp, r);
        const skel_rank_info *info = skel_rank_info_of(rd);
        if ((rc = host_of(g, info->host != NULL ? info->host : "", &g->rs[r].host)) != SKEL_OK)
            return rc;
    }
    clock_offsets(g);
    for (uint32_t r = 0; r < g->n; r++) {
        skel_rank_reader *rd = NULL;
        if ((rc = skel_trace_open_rank(g->t, r, &rd)) != SKEL_OK)
            return rc;
        skel_event ev;
        int got = skel_rank_next(rd, &ev);
        if (got < 0)
            rc = got;
        if (got == 1) {
            double s = (double)((int64_t)ev.t_start - g->rs[r].offset);
            if (s < g->t0)
                g->t0 = s;
        }
        if (rc == SKEL_OK && g->untraced && got == 1) {
            while ((got = skel_rank_next(rd, &ev)) == 1)
                ;
            if (got < 0)
                rc = got;
            const skel_rank_end *e = skel_rank_end_of(rd);
            if (rc == SKEL_OK && e == NULL)
                rc = skel_fail(SKEL_EFORMAT,
                               "%s: rank %u's file has no end record, so the "
                               "tracer's cost per event is unknown (trace the run "
                               "to its end, or predict the traced run)",
                               skel_trace_dir(g->t), r);
            if (e != NULL)
                g->rs[r].per_event = (double)e->per_event_ns;
        }
        skel_rank_close(rd);
        if (rc != SKEL_OK)
            return rc;
    }
    if (!isfinite(g->t0))
        g->t0 = 0;
    return SKEL_OK;
}

int skel_pag_open(const skel_trace *t, const struct skel_pag_opts *o, skel_pag **out)
{
    skel_pag *g = calloc(1, sizeof *g);
    if (g == NULL)
        return skel_oom();
    g->t = t;
    g->table = o != NULL ? o->table : NULL;
    g->untraced = o != NULL && o->untraced;
    g->passive_deps = o != NULL && o->passive_deps;
    g->n = skel_trace_nranks(t);
    int rc = SKEL_OK;
    g->rs = calloc(g->n ? g->n : 1, sizeof *g->rs);
    if (g->rs == NULL) {
        rc = skel_oom();
        goto fail;
    }
    g->emitted = calloc(g->n ? g->n : 1, sizeof *g->emitted);
    g->scan_mark = calloc(g->n ? g->n : 1, sizeof *g->scan_mark);
    g->scan_below = calloc(g->n ? g->n : 1, sizeof *g->scan_below);
    if (g->emitted == NULL || g->scan_mark == NULL || g->scan_below == NULL) {
        rc = skel_oom();
        goto fail;
    }
    for (uint32_t r = 0; r < g->n; r++)
        g->rs[r].prev_site = SKEL_PAG_SITE_START;
    const skel_meta *m = skel_trace_meta(t);
    for (uint32_t i = 0; i < m->nsites; i++) {
        const skel_meta_site *s = &m->sites[i];
        if (s->module != NULL &&
            skel_map_put(&g->meta_sites, site_hash(s->module, s->offset), i + 1) != 0) {
            rc = skel_oom();
            goto fail;
        }
    }
    if ((rc = skel_replay_open(t, &g->rp)) != SKEL_OK)
        goto fail;
    if ((rc = prescan(g)) != SKEL_OK)
        goto fail;
    if (g->table != NULL) {
        if (!skel_commtable_has(g->table, SKEL_COMMTABLE_SAME_HOST)) {
            /* Even a trace over many hosts may have two ranks on one; the
             * same-host rows are needed when any host has two ranks. */
            for (uint32_t a = 0; a < g->n; a++)
                for (uint32_t b = a + 1; b < g->n; b++)
                    if (g->rs[a].host == g->rs[b].host) {
                        rc = skel_fail(SKEL_ENOTFOUND,
                                       "%s: no same-host rows, but ranks %u and %u of the trace "
                                       "ran on one host",
                                       skel_commtable_name(g->table), a, b);
                        goto fail;
                    }
        }
        if (g->nhosts > 1 && !skel_commtable_has(g->table, SKEL_COMMTABLE_CROSS_HOST)) {
            rc = skel_fail(SKEL_ENOTFOUND, "%s: no cross-host rows, but the trace ran on %u hosts",
                           skel_commtable_name(g->table), g->nhosts);
            goto fail;
        }
    }
    *out = g;
    return SKEL_OK;
fail:
    skel_pag_close(g);
    return rc;
}

void skel_pag_close(skel_pag *g)
{
    if (g == NULL)
        return;
    skel_replay_close(g->rp);
    for (uint32_t r = 0; g->rs != NULL && r < g->n; r++) {
        free(g->rs[r].site_map);
        skel_map_free(&g->rs[r].persist);
        skel_map_free(&g->rs[r].wins);
    }
    free(g->rs);
    for (uint32_t i = 0; i < g->nhosts; i++)
        free(g->hosts[i]);
    free(g->hosts);
    for (uint32_t i = 0; i < g->nsites; i++) {
        free(g->sites[i].module);
        free(g->sites[i].label);
        free(g->sites[i].func);
        free(g->sites[i].addr);
    }
    free(g->sites);
    skel_map_free(&g->site_map);
    skel_map_free(&g->meta_sites);
    free(g->phase_from);
    free(g->phase_to);
    skel_map_free(&g->phase_map);
    free(g->posts);
    free(g->post_free);
    skel_map_free(&g->post_map);
    for (uint32_t i = 0; i < g->ninsts; i++) {
        free(g->insts[i].ranks);
        free(g->insts[i].seqs);
    }
    free(g->insts);
    free(g->inst_free);
    skel_map_free(&g->inst_map);
    for (uint32_t i = 0; i < g->nslots; i++) {
        free(g->slots[i]->steps);
        free(g->slots[i]->msgs);
        free(g->slots[i]->cranks);
        free(g->slots[i]->cseqs);
        free(g->slots[i]->pstart);
        free(g->slots[i]->passive);
        free(g->slots[i]);
    }
    free(g->slots);
    free(g->out_slots);
    free(g->merged);
    free(g->cand);
    free(g->pending);
    free(g->free_slots);
    free(g->emitted);
    free(g->scan_mark);
    free(g->scan_below);
    skel_map_free(&g->coll_emitted);
    for (uint32_t i = 0; i < g->nwins; i++) {
        free(g->wins[i].post_grp);
        free(g->wins[i].start_grp);
    }
    free(g->wins);
    free(g->win_free);
    skel_map_free(&g->win_ord);
    skel_map_free(&g->wcoll_map);
    for (uint32_t i = 0; i < g->nchans; i++) {
        free(g->chans[i].prov);
        free(g->chans[i].wslot);
    }
    free(g->chans);
    free(g->pw);
    skel_map_free(&g->chan_map);
    free(g->least);
    free(g);
}

/* ---- steps ------------------------------------------------------------------------------- */

static double gtime(const skel_pag *g, uint32_t rank, uint64_t t)
{
    return (double)((int64_t)t - g->rs[rank].offset) - g->t0;
}

static int kind_between(const skel_pag *g, uint32_t a, uint32_t b)
{
    return g->rs[a].host == g->rs[b].host ? SKEL_COMMTABLE_SAME_HOST : SKEL_COMMTABLE_CROSS_HOST;
}

static int real_rank(const skel_pag *g, int32_t peer)
{
    return peer >= 0 && (uint32_t)peer < g->n;
}

/* Messages sent by an event (the uses of its source), and the bookkeeping of
 * persistent send requests. */
static inline __attribute__((always_inline)) int
sources_of(skel_pag *g, uint32_t rank, const skel_event *ev, int klass, uint32_t *nsource)
{
    struct rank_state *rs = &g->rs[rank];
    *nsource = 0;
    switch (klass) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
    case SKEL_CLASS_SENDRECV:
        *nsource = real_rank(g, ev->peer);
        break;
    case SKEL_CLASS_ICOLL:
        *nsource = 1;
        break;
    case SKEL_CLASS_SEND_INIT:
        if (ev->req != 0 && real_rank(g, ev->peer) && skel_map_put(&rs->persist, ev->req, 1) != 0)
            return skel_oom();
        break;
    case SKEL_CLASS_REQFREE:
        if (ev->req != 0)
            skel_map_del(&rs->persist, ev->req);
        break;
    case SKEL_CLASS_START: {
        uint32_t n = ev->nreqs > 0 ? ev->nreqs : ev->req != 0;
        for (uint32_t i = 0; i < n; i++)
            if (skel_map_find(&rs->persist, ev->nreqs > 0 ? ev->reqs[i] : ev->req) != NULL)
                (*nsource)++;
        break;
    }
    default:
        break;
    }
    return SKEL_OK;
}

/* A step cleared with 16-byte stores: GCC makes memset of its 200 bytes a
 * `rep stos`, one instruction for callgrind but ~13 % of skel_pag_next's
 * time in a sampling profile (bench/README.md, "What callgrind did not
 * see"). */
static inline __attribute__((always_inline)) void zero_step(skel_pag_step *s)
{
#if defined(__SSE2__)
    /* Written out: GCC turns a loop of these stores back into the memset. */
    _Static_assert(sizeof *s >= 192 && sizeof *s <= 208, "zero_step clears 192 + 0..16 bytes");
    char *p = (char *)s;
    __m128i z = _mm_setzero_si128();
#define SKEL_Z16(o) _mm_storeu_si128((__m128i *)(void *)(p + (o)), z)
    SKEL_Z16(0), SKEL_Z16(16), SKEL_Z16(32), SKEL_Z16(48), SKEL_Z16(64), SKEL_Z16(80);
    SKEL_Z16(96), SKEL_Z16(112), SKEL_Z16(128), SKEL_Z16(144), SKEL_Z16(160), SKEL_Z16(176);
#undef SKEL_Z16
    memset(p + 192, 0, sizeof *s - 192);
#else
    memset(s, 0, sizeof *s);
#endif
}

/* Fill the part of a step that depends on the event alone.  It, split() and
 * poll_found() run for every step: inline (bench/README.md). */
static inline __attribute__((always_inline)) int step_base(skel_pag *g, uint32_t rank,
                                                           const skel_event *ev, skel_pag_step *s)
{
    struct rank_state *rs = &g->rs[rank];
    zero_step(s);
    s->rank = rank;
    s->seq = ev->seq;
    s->call = ev->call;
    s->bytes = ev->bytes + ev->rbytes;
    s->start_ns = gtime(g, rank, ev->t_start);
    s->end_ns = gtime(g, rank, ev->t_end > ev->t_start ? ev->t_end : ev->t_start);
    if (!rs->seen_first) {
        rs->seen_first = 1;
        s->first = 1;
    } else {
        double wall = (double)ev->gap_wall;
        /* What the gap leaves out of the time between the two events is the
         * tracer's: its clock synchronisation, its buffer flushes. */
        double pause = s->start_ns - rs->prev_end - wall;
        s->tracer_ns = pause > 0 && !g->untraced ? pause : 0;
        double cpu = (double)(ev->gap_cpu < ev->gap_wall ? ev->gap_cpu : ev->gap_wall);
        double pe = rs->per_event;
        wall = wall > pe ? wall - pe : 0;
        cpu = cpu > pe ? cpu - pe : 0;
        s->gap_cpu = cpu;
        s->gap_off = wall > cpu ? wall - cpu : 0;
    }
    const struct skel_call_info *ci = skel_call_info(ev->call);
    int klass = ci != NULL ? ci->klass : SKEL_CLASS_NONE;
    s->last = klass == SKEL_CLASS_FINALIZE || klass == SKEL_CLASS_ABORT;
    /* Polling: the calls the call table flags as polls (MPI_Test*,
     * MPI_Iprobe, MPI_Improbe) in a loop, sleeping or
     * computing in between.  The off-CPU time between a poll that found
     * nothing and the next poll is waiting, not work: it is taken out of the
     * gaps and, when the run of polls ends with one that finds what it
     * waited for, the part of it after that had arrived (the poll noticing
     * late) becomes that poll's delay (split()).  A run of polls that ends
     * otherwise gets it back in the next gap. */
    int is_poll = ci != NULL && ci->poll;
    int found = klass == SKEL_CLASS_WAIT ? ev->ncomplete > 0 : (ev->flags & SKEL_EVF_FLAG) != 0;
    s->poll = is_poll ? (found ? SKEL_PAG_POLL_FOUND : SKEL_PAG_POLL_NOTHING) : SKEL_PAG_POLL_NONE;
    if (!s->first) {
        if (rs->prev_failed_poll && is_poll) {
            s->poll_slept = s->gap_off;
            rs->poll_acc += s->gap_off;
            s->gap_off = 0;
        } else if (rs->poll_acc > 0 || rs->poll_n > 0) {
            s->gap_off += rs->poll_acc;
            rs->poll_acc = 0;
            rs->poll_cpu = 0;
            rs->poll_n = 0;
        }
    }
    rs->prev_failed_poll = s->poll == SKEL_PAG_POLL_NOTHING;
    s->local_delay = klass == SKEL_CLASS_INIT;
    /* the site and the phase as mapped before, else by the functions */
    int rc = SKEL_OK;
    if (ev->site < rs->nsite_map && rs->site_map[ev->site] != 0)
        s->site = rs->site_map[ev->site] - 1;
    else
        rc = rank_site(g, rank, ev->site, ev->call, &s->site);
    uint64_t pkey = ((uint64_t)rs->prev_site << 32) | s->site;
    uint32_t pc = phase_slot(pkey);
    if (rc == SKEL_OK && rs->phase_key[pc] == pkey + 1)
        s->phase = rs->phase_val[pc];
    else if (rc == SKEL_OK)
        rc = phase_id(g, rs, rs->prev_site, s->site, &s->phase);
    if (rc == SKEL_OK)
        rc = sources_of(g, rank, ev, klass, &s->nsource);
    rs->prev_site = s->site;
    rs->prev_end = s->end_ns;
    if (s->end_ns > g->run_end)
        g->run_end = s->end_ns;
    g->nevents++;
    return rc;
}

/* Split the call's measured time: waiting until w (measured), then local work. */
/* A poll that found what a run of polls waited for (w, measured): of the
 * off-CPU time taken out of the run, what came after w is the polls noticing
 * late - a delay of this step; the rest was waiting. */
static inline __attribute__((always_inline)) int poll_found(skel_pag *g, skel_pag_step *s, double w)
{
    struct rank_state *rs = &g->rs[s->rank];
    if (s->poll == SKEL_PAG_POLL_NOTHING && s->poll_slept > 0) {
        /* one turn of a loop that sleeps between its polls */
        rs->poll_cpu += s->gap_cpu + s->local;
        rs->poll_n++;
    }
    if (s->poll != SKEL_PAG_POLL_FOUND || rs->poll_acc <= 0)
        return SKEL_OK;
    s->poll_run_n = rs->poll_n;
    s->poll_run_cpu = rs->poll_cpu;
    s->poll_run_sleep = rs->poll_acc;
    rs->poll_cpu = 0;
    rs->poll_n = 0;
    double late = s->start_ns - w;
    if (!(late > 0))
        late = 0;
    if (late > rs->poll_acc)
        late = rs->poll_acc;
    s->local_off += late;
    s->wait_meas += rs->poll_acc - late;
    rs->poll_acc = 0;
    return SKEL_OK;
}

/* Split the call's measured time: waiting until w (measured), then the
 * call's own work.  Of that work, what goes beyond the least the call site
 * needed so far for messages of about this size (a power of two) is taken
 * for a delay the model does not explain - the rank descheduled, the call
 * waiting for its partner's progress - rather than for CPU work. */
static inline __attribute__((always_inline)) int split(skel_pag *g, skel_pag_step *s, double w)
{
    double d = s->end_ns - s->start_ns;
    double wait = w - s->start_ns;
    if (!(wait > 0))
        wait = 0;
    if (wait > d)
        wait = d;
    s->wait_meas = wait;
    double rest = d - wait;
    s->local = rest;
    s->local_off = 0;
    if (s->local_delay || rest <= 0)
        return poll_found(g, s, w);
    /* the size class: the number of bits of the byte count (0 for none) */
    uint32_t cls = s->bytes != 0 ? 64u - (uint32_t)__builtin_clzll(s->bytes) : 0;
    if (s->site >= g->least_sites) {
        uint32_t old = g->least_sites;
        int rc = skel_grow_u32(&g->least, &g->least_sites, (uint64_t)s->site + 1,
                               NCLASS * sizeof *g->least);
        if (rc != SKEL_OK)
            return rc;
        for (size_t i = (size_t)old * NCLASS; i < (size_t)g->least_sites * NCLASS; i++)
            g->least[i] = NAN;
    }
    double *least = &g->least[(size_t)s->site * NCLASS + cls];
    if (!(rest >= *least)) /* NAN the first time */
        *least = rest;
    s->local = *least;
    s->local_off = rest - *least;
    return poll_found(g, s, w);
}

static int record_posting(skel_pag *g, uint32_t rank, const skel_event *ev)
{
    uint32_t i;
    if (g->npost_free > 0) {
        i = g->post_free[--g->npost_free];
    } else {
        if (skel_grow_u32(&g->posts, &g->post_cap, g->nposts + 1, sizeof *g->posts) != SKEL_OK)
            return skel_oom();
        i = g->nposts++;
    }
    g->posts[i] = (struct posting){
        .call = ev->call, .bytes = ev->bytes, .rbytes = ev->rbytes, .root = ev->root};
    if (skel_map_put(&g->post_map, skel_pag_src_key(rank, ev->seq), i) != 0)
        return skel_oom();
    return SKEL_OK;
}

/* The instance a nonblocking collective's completion belongs to. */
static int instance_of(skel_pag *g, const skel_replay_item *it, struct inst **out, int *first)
{
    skel_map_slot *sl = skel_map_find(&g->inst_map, it->coll_id);
    *first = 0;
    if (sl != NULL) {
        *out = &g->insts[sl->val];
        return SKEL_OK;
    }
    uint32_t i;
    if (g->ninst_free > 0) {
        i = g->inst_free[--g->ninst_free];
    } else {
        if (skel_grow_u32(&g->insts, &g->inst_cap, g->ninsts + 1, sizeof *g->insts) != SKEL_OK)
            return skel_oom();
        i = g->ninsts++;
        g->insts[i].ranks = NULL;
        g->insts[i].seqs = NULL;
    }
    struct inst *in = &g->insts[i];
    uint32_t p = it->ncoll;
    uint32_t *nr = realloc(in->ranks, p * sizeof *nr);
    if (nr != NULL)
        in->ranks = nr;
    uint64_t *ns = realloc(in->seqs, p * sizeof *ns);
    if (ns != NULL)
        in->seqs = ns;
    if (nr == NULL || ns == NULL)
        return skel_oom();
    uint64_t maxb = 0, maxrb = 0;
    uint16_t call = 0;
    int32_t root = SKEL_PEER_NONE;
    for (uint32_t k = 0; k < p; k++) {
        const skel_coll_member *m = &it->coll[k];
        in->ranks[k] = m->rank;
        in->seqs[k] = m->seq;
        uint64_t key = skel_pag_src_key(m->rank, m->seq);
        skel_map_slot *ps_sl = skel_map_find(&g->post_map, key);
        if (ps_sl == NULL)
            continue;
        const struct posting *po = &g->posts[ps_sl->val];
        call = po->call;
        root = po->root;
        if (po->bytes > maxb)
            maxb = po->bytes;
        if (po->rbytes > maxrb)
            maxrb = po->rbytes;
        if (skel_grow_u32(&g->post_free, &g->post_free_cap, g->npost_free + 1,
                          sizeof *g->post_free) != SKEL_OK)
            return skel_oom();
        g->post_free[g->npost_free++] = ps_sl->val;
        skel_map_del(&g->post_map, key);
    }
    int shape = shape_of_call(call);
    in->c = (skel_pag_coll){.id = it->coll_id,
                            .size = p,
                            .sync = (uint8_t)sync_of(shape),
                            .nonblocking = 1,
                            .shape = (uint8_t)shape,
                            .bytes = block_of(shape, maxb, maxrb, p)};
    if (in->c.sync != SKEL_PAG_SYNC_ALL) {
        in->c.sync = SKEL_PAG_SYNC_ALL;
        for (uint32_t k = 0; k < p; k++)
            if ((int32_t)in->ranks[k] == root) {
                in->c.sync = (uint8_t)sync_of(shape);
                in->c.root = k;
            }
    }
    in->remaining = p;
    if (skel_map_put(&g->inst_map, it->coll_id, i) != 0)
        return skel_oom();
    g->ncolls++;
    *first = 1;
    *out = in;
    return SKEL_OK;
}

static void instance_done(skel_pag *g, struct inst *in)
{
    if (--in->remaining > 0)
        return;
    uint32_t i = (uint32_t)(in - g->insts);
    skel_map_del(&g->inst_map, in->c.id);
    if (skel_grow_u32(&g->inst_free, &g->inst_free_cap, g->ninst_free + 1, sizeof *g->inst_free) ==
        0)
        g->inst_free[g->ninst_free++] = i;
}

/* Is the collective member of index k waiting for the others, and for whom? */
static double coll_wait_target(const skel_pag_coll *c, uint32_t k, const double *arrive,
                               double cost)
{
    double w = -INFINITY;
    switch (c->sync) {
    case SKEL_PAG_SYNC_FROM_ROOT:
        if (k != c->root)
            w = arrive[c->root] + cost;
        break;
    case SKEL_PAG_SYNC_TO_ROOT:
        if (k != c->root)
            break;
        /* fall through */
    default:
        for (uint32_t j = 0; j < c->size; j++)
            if (arrive[j] + cost > w)
                w = arrive[j] + cost;
        break;
    }
    return w;
}

/* The cost of a collective on the traced network, capped by what the trace
 * shows: never longer than from the arrival it waits for to the earliest end
 * of a member that waits (end[j] = INFINITY when unknown). */
static double coll_cost_meas(const skel_pag *g, const skel_pag_coll *c, const double *arrive,
                             const double *end)
{
    int kind = SKEL_COMMTABLE_SAME_HOST;
    for (uint32_t j = 1; j < c->size; j++)
        if (g->rs[c->ranks[j]].host != g->rs[c->ranks[0]].host)
            kind = SKEL_COMMTABLE_CROSS_HOST;
    double cost = skel_pag_coll_cost(g->table, kind, c->shape, c->size, c->bytes);
    if (cost <= 0)
        return 0;
    double from = -INFINITY, to = INFINITY;
    for (uint32_t j = 0; j < c->size; j++) {
        int waits = c->sync == SKEL_PAG_SYNC_ALL ||
                    (c->sync == SKEL_PAG_SYNC_FROM_ROOT ? j != c->root : j == c->root);
        int arrival = c->sync == SKEL_PAG_SYNC_FROM_ROOT ? j == c->root : 1;
        if (arrival && arrive[j] > from)
            from = arrive[j];
        if (waits && end[j] < to)
            to = end[j];
    }
    double obs = to - from;
    if (!(obs > 0))
        obs = 0;
    return cost < obs ? cost : obs;
}

/* Room for p members in cranks and cseqs; reallocated only to grow (it
 * runs for every collective). */
static inline int slot_coll_members(struct slot *sl, uint32_t p)
{
    if (p <= sl->cseq_cap)
        return SKEL_OK;
    if (skel_grow_u32(&sl->cranks, &sl->cmem_cap, p, sizeof *sl->cranks) != SKEL_OK)
        return skel_oom();
    uint64_t *ns = realloc(sl->cseqs, sl->cmem_cap * sizeof *ns);
    if (ns == NULL)
        return skel_oom();
    sl->cseqs = ns;
    sl->cseq_cap = sl->cmem_cap;
    return SKEL_OK;
}

/* Room for a collective's arrivals and ends, p of each: in stack_a (32
 * doubles) up to 16 members, else allocated (the caller frees arrive when
 * it is not stack_a); NULL when out of memory. */
static inline double *coll_times(uint32_t p, double *stack_a, double **end)
{
    double *arrive = p <= 16 ? stack_a : malloc(2 * (size_t)p * sizeof *arrive);
    if (arrive != NULL)
        *end = p <= 16 ? stack_a + 16 : arrive + p;
    return arrive;
}

/* The measured cost of the collective sl->coll whose p members are
 * sl->steps[0..p): each step's arrival is its start and its end is known;
 * each member's step gets the cost and is split at the arrival it waits
 * for.  For the collectives gathered here and the window collectives. */
static inline __attribute__((always_inline)) int coll_steps_split(skel_pag *g, struct slot *sl,
                                                                  uint32_t p)
{
    if (p == 0) /* never; tells GCC that stack_a is written before it is read */
        return SKEL_OK;
    const skel_pag_coll *c = &sl->coll;
    double stack_a[32], *end;
    double *arrive = coll_times(p, stack_a, &end);
    if (arrive == NULL)
        return skel_oom();
    for (uint32_t k = 0; k < p; k++) {
        arrive[k] = sl->steps[k].start_ns;
        end[k] = sl->steps[k].end_ns;
    }
    double cost = coll_cost_meas(g, c, arrive, end);
    int rc = SKEL_OK;
    for (uint32_t k = 0; k < p && rc == SKEL_OK; k++) {
        skel_pag_step *st = &sl->steps[k];
        st->coll_cost_ns = cost;
        double cw = coll_wait_target(c, k, arrive, cost);
        st->coll_waits = cw > -INFINITY && cw <= st->end_ns + 0.5;
        rc = split(g, st, st->coll_waits ? cw : -INFINITY);
    }
    if (arrive != stack_a)
        free(arrive);
    return rc;
}

static int batch_group(skel_pag *g, const skel_replay_item *it, struct slot *sl)
{
    uint32_t p = it->ncoll;
    if (skel_grow_u32(&sl->steps, &sl->step_cap, p, sizeof *sl->steps) != SKEL_OK)
        return skel_oom();
    int rc = slot_coll_members(sl, p);
    if (rc != SKEL_OK)
        return rc;
    uint64_t maxb = 0, maxrb = 0;
    for (uint32_t k = 0; k < p; k++) {
        const skel_event *ev = it->coll[k].ev;
        if ((rc = step_base(g, it->coll[k].rank, ev, &sl->steps[k])) != SKEL_OK)
            return rc;
        sl->cranks[k] = it->coll[k].rank;
        sl->cseqs[k] = ev->seq;
        if (ev->bytes > maxb)
            maxb = ev->bytes;
        if (ev->rbytes > maxrb)
            maxrb = ev->rbytes;
    }
    const skel_event *ev0 = it->coll[0].ev;
    int shape = shape_of_call(ev0->call);
    skel_pag_coll *c = &sl->coll;
    *c = (skel_pag_coll){.id = it->coll_id,
                         .size = p,
                         .sync = SKEL_PAG_SYNC_ALL,
                         .shape = (uint8_t)shape,
                         .bytes = block_of(shape, maxb, maxrb, p),
                         .ranks = sl->cranks,
                         .seqs = sl->cseqs,
                         .first = 1,
                         .last = 1};
    sl->has_coll = 1;
    int sync = sync_of(shape);
    if (sync != SKEL_PAG_SYNC_ALL)
        for (uint32_t k = 0; k < p; k++)
            if ((int32_t)it->coll[k].rank == ev0->root) {
                c->sync = (uint8_t)sync;
                c->root = k;
            }
    rc = coll_steps_split(g, sl, p);
    g->ncolls++;
    sl->nsteps = p;
    return rc;
}

static int win_pscw(skel_pag *g, const skel_replay_item *it, uint32_t si, double w);
static int winsync_kind(const skel_event *ev);
static int passive_of(skel_pag *g, const skel_replay_item *it, struct slot *sl);
static int passive_hold(skel_pag *g, uint32_t si, double w);

/* Inline, as GCC made it by itself before the one-sided synchronisation
 * made it larger: it runs for nearly every event (bench/README.md,
 * "One-sided synchronisation and the builder's instructions"). */
static inline __attribute__((always_inline)) int
batch_single(skel_pag *g, const skel_replay_item *it, struct slot *sl, uint32_t si)
{
    if (skel_grow_u32(&sl->steps, &sl->step_cap, 1, sizeof *sl->steps) != SKEL_OK ||
        skel_grow_u32(&sl->msgs, &sl->msg_cap, it->nmsg, sizeof *sl->msgs) != SKEL_OK)
        return skel_oom();
    skel_pag_step *s = &sl->steps[0];
    int rc = step_base(g, it->rank, it->ev, s);
    if (rc != SKEL_OK)
        return rc;
    const struct skel_call_info *ci = skel_call_info(it->ev->call);
    if (ci != NULL && ci->klass == SKEL_CLASS_ICOLL && (rc = record_posting(g, it->rank, it->ev)))
        return rc;
    double w = -INFINITY;
    for (uint32_t i = 0; i < it->nmsg; i++) {
        const skel_msg *m = &it->msg[i];
        skel_pag_msg *pm = &sl->msgs[i];
        double ss = gtime(g, m->src, m->send_start);
        double lat = skel_pag_msg_cost(g->table, kind_between(g, m->src, it->rank), m->bytes);
        double obs = s->end_ns - ss;
        if (!(obs > 0))
            obs = 0;
        *pm = (skel_pag_msg){.src = m->src,
                             .src_seq = m->send_seq,
                             .bytes = m->bytes,
                             .lat_ns = lat < obs ? lat : obs,
                             .peek = m->peek};
        if (ss + pm->lat_ns > w)
            w = ss + pm->lat_ns;
        if (!m->peek)
            g->nmessages++;
    }
    s->nmsg = it->nmsg;
    sl->has_coll = 0;
    if (it->ncoll > 0) {
        struct inst *in = NULL;
        int first = 0;
        if ((rc = instance_of(g, it, &in, &first)) != SKEL_OK)
            return rc;
        uint32_t p = in->c.size, me = 0;
        if ((rc = slot_coll_members(sl, p)) != SKEL_OK)
            return rc;
        memcpy(sl->cranks, in->ranks, p * sizeof *sl->cranks);
        memcpy(sl->cseqs, in->seqs, p * sizeof *sl->cseqs);
        sl->coll = in->c;
        sl->coll.ranks = sl->cranks;
        sl->coll.seqs = sl->cseqs;
        sl->has_coll = 1;
        /* Only this member's end is known: the cost is capped by it. */
        double stack_a[32], *end;
        double *arrive = coll_times(p, stack_a, &end);
        if (arrive == NULL)
            return skel_oom();
        for (uint32_t k = 0; k < p; k++) {
            arrive[k] = gtime(g, it->coll[k].rank, it->coll[k].t_start);
            end[k] = INFINITY;
            if (in->ranks[k] == it->rank)
                me = k;
        }
        end[me] = s->end_ns;
        double cost = coll_cost_meas(g, &sl->coll, arrive, end);
        double cw = coll_wait_target(&sl->coll, me, arrive, cost);
        s->coll_waits = cw > -INFINITY && cw <= s->end_ns + 0.5;
        if (s->coll_waits && cw > w)
            w = cw;
        if (arrive != stack_a)
            free(arrive);
        s->coll_cost_ns = cost;
        instance_done(g, in);
    }
    sl->nsteps = 1;
    if (ci != NULL && ci->klass == SKEL_CLASS_WINSYNC) {
        if ((rc = passive_of(g, it, sl)) != SKEL_OK)
            return rc;
        if (winsync_kind(it->ev) > WS_COLL)
            return win_pscw(g, it, si, w);
        if (s->npassive > 0 && g->passive_deps && s->nmsg == 0)
            return passive_hold(g, si, w);
    }
    return split(g, s, w);
}

/* ---- handing batches out in causal order ------------------------------------------------
 *
 * The replay delivers a receive once its message was sent, and a send is
 * sent when its rank reaches the event - which can be before the send event
 * itself is delivered, when the receive started earlier.  The predictions
 * need every dependency's source step before the steps that depend on it,
 * so a batch waits here until the sources of its messages and collective
 * postings are out, and so do the later batches of its ranks. */

static int new_slot(skel_pag *g, uint32_t *out)
{
    if (skel_grow_u32(&g->slots, &g->slot_cap, g->nslots + 1, sizeof *g->slots) != SKEL_OK ||
        skel_grow_u32(&g->free_slots, &g->free_slots_cap, g->nslots + 1, sizeof *g->free_slots) !=
            0)
        return skel_oom();
    struct slot *sl = calloc(1, sizeof *sl);
    if (sl == NULL)
        return skel_oom();
    g->slots[g->nslots] = sl;
    *out = g->nslots++;
    return SKEL_OK;
}

static inline __attribute__((always_inline)) int take_slot(skel_pag *g, uint32_t *out)
{
    if (g->nfree_slots > 0) {
        *out = g->free_slots[--g->nfree_slots];
        return SKEL_OK;
    }
    return new_slot(g, out);
}

/* A slot as batch_single and batch_group expect it: nothing held, not a
 * window collective (wneed and nassigned are set by win_pscw, which alone
 * reads them). */
static inline __attribute__((always_inline)) int take_clean_slot(skel_pag *g, uint32_t *out)
{
    int rc = take_slot(g, out);
    if (rc == SKEL_OK) {
        struct slot *sl = g->slots[*out];
        sl->held = sl->wcoll = sl->wgroup = 0;
    }
    return rc;
}

static void give_slot(skel_pag *g, uint32_t i)
{
    g->free_slots[g->nfree_slots++] = i; /* room was made when the slot was created */
}

static int source_out(const skel_pag *g, uint32_t rank, uint64_t seq, const skel_pag_step *self)
{
    if (self->rank == rank && self->seq == seq)
        return 1; /* a Sendrecv to itself */
    return rank < g->n && g->emitted[rank] > seq;
}

/* Can the batch go, its ranks' earlier batches being out? */
static inline __attribute__((always_inline)) int ready(const skel_pag *g, const struct slot *sl)
{
    if (sl->held)
        return 0;
    for (uint32_t k = 0; k < sl->nsteps; k++) {
        const skel_pag_step *s = &sl->steps[k];
        for (uint32_t i = 0; i < s->nmsg; i++)
            if (!source_out(g, sl->msgs[i].src, sl->msgs[i].src_seq, s))
                return 0;
        if (sl->has_coll && sl->coll.nonblocking)
            for (uint32_t j = 0; j < sl->coll.size; j++)
                if (!source_out(g, sl->coll.ranks[j], sl->coll.seqs[j], s))
                    return 0;
    }
    return 1;
}

/* Hand out the batch in slot i (no longer pending). */
static inline __attribute__((always_inline)) int emit_slot(skel_pag *g, uint32_t i,
                                                           skel_pag_batch *b)
{
    struct slot *sl = g->slots[i];
    for (uint32_t k = 0; k < sl->nsteps; k++) {
        skel_pag_step *s = &sl->steps[k];
        s->msg = sl->msgs;
        s->coll = sl->has_coll ? &sl->coll : NULL;
        g->emitted[s->rank] = s->seq + 1;
    }
    if (sl->has_coll && sl->coll.nonblocking) {
        /* first and last completion in the order handed out */
        skel_map_slot *ms = skel_map_find(&g->coll_emitted, sl->coll.id);
        uint32_t done = ms != NULL ? ms->val : 0;
        sl->coll.first = done == 0;
        sl->coll.last = done + 1 >= sl->coll.size;
        if (sl->coll.last)
            skel_map_del(&g->coll_emitted, sl->coll.id);
        else if (skel_map_put(&g->coll_emitted, sl->coll.id, done + 1) != 0)
            return skel_oom();
    }
    if (skel_grow_u32(&g->out_slots, &g->out_cap, g->nout + 1, sizeof *g->out_slots) != SKEL_OK)
        return skel_oom();
    g->out_slots[g->nout++] = i;
    b->nsteps = sl->nsteps;
    b->steps = sl->steps;
    return 1;
}

static int emit(skel_pag *g, uint32_t pos, skel_pag_batch *b)
{
    uint32_t i = g->pending[pos];
    memmove(&g->pending[pos], &g->pending[pos + 1], (g->npending - pos - 1) * sizeof *g->pending);
    g->npending--;
    return emit_slot(g, i, b);
}

/* The scan over pending batches: a batch is held back by an earlier pending
 * batch of one of its ranks (marked).  A window collective (section
 * "windows") stays where its first member arrived, so a member arriving
 * later may have earlier batches after it: it holds back only its members'
 * later steps, and goes only when no batch after it holds an earlier step
 * of a member. */
static void scan_start(skel_pag *g)
{
    g->scan_id++;
    if (g->scan_id == 0) {
        memset(g->scan_mark, 0, g->n * sizeof *g->scan_mark);
        g->scan_id = 1;
    }
}

static inline int scan_blocked(const skel_pag *g, const struct slot *sl)
{
    for (uint32_t k = 0; k < sl->nsteps; k++) {
        uint32_t r = sl->steps[k].rank;
        if (g->scan_mark[r] == g->scan_id && sl->steps[k].seq >= g->scan_below[r])
            return 1;
    }
    return 0;
}

static inline void scan_mark_slot(skel_pag *g, const struct slot *sl)
{
    for (uint32_t k = 0; k < sl->nsteps; k++) {
        uint32_t r = sl->steps[k].rank;
        uint64_t below = sl->wgroup ? sl->steps[k].seq : 0;
        if (g->scan_mark[r] != g->scan_id) {
            g->scan_mark[r] = g->scan_id;
            g->scan_below[r] = below;
        } else if (below < g->scan_below[r]) {
            g->scan_below[r] = below;
        }
    }
}

/* A window collective at pending position pos: does a batch after it hold
 * an earlier step of one of its members? */
static __attribute__((noinline)) int earlier_after(const skel_pag *g, uint32_t pos)
{
    const struct slot *sl = g->slots[g->pending[pos]];
    for (uint32_t q = pos + 1; q < g->npending; q++) {
        const struct slot *o = g->slots[g->pending[q]];
        for (uint32_t j = 0; j < o->nsteps; j++)
            for (uint32_t k = 0; k < sl->nsteps; k++)
                if (o->steps[j].rank == sl->steps[k].rank && o->steps[j].seq < sl->steps[k].seq)
                    return 1;
    }
    return 0;
}

/* Exchanges (MPI_Sendrecv between two ranks, or around a ring) depend on
 * each other's start: no batch can go first, but the starts only need each
 * rank's earlier steps.  Find the set of batches at the head of their
 * ranks' queues whose dependencies are all out or in the set, and hand them
 * out as one batch: consumers take every step's start first, then its
 * dependencies. */
static int emit_cycle(skel_pag *g, skel_pag_batch *b)
{
    if (skel_grow_u32(&g->cand, &g->cand_cap, g->npending, sizeof *g->cand) != SKEL_OK)
        return skel_oom();
    scan_start(g);
    uint32_t ncand = 0;
    for (uint32_t pos = 0; pos < g->npending; pos++) {
        const struct slot *sl = g->slots[g->pending[pos]];
        int head = !scan_blocked(g, sl);
        scan_mark_slot(g, sl);
        g->cand[pos] = head && sl->nsteps == 1 && !sl->has_coll && !sl->held;
        ncand += g->cand[pos];
    }
    for (int changed = 1; changed && ncand > 0;) {
        changed = 0;
        for (uint32_t pos = 0; pos < g->npending; pos++) {
            if (!g->cand[pos])
                continue;
            const struct slot *sl = g->slots[g->pending[pos]];
            const skel_pag_step *s = &sl->steps[0];
            for (uint32_t i = 0; i < s->nmsg && g->cand[pos]; i++) {
                uint32_t src = sl->msgs[i].src;
                uint64_t seq = sl->msgs[i].src_seq;
                if (source_out(g, src, seq, s))
                    continue;
                int inset = 0;
                for (uint32_t q = 0; q < g->npending && !inset; q++)
                    inset = g->cand[q] && g->slots[g->pending[q]]->steps[0].rank == src &&
                            g->slots[g->pending[q]]->steps[0].seq == seq;
                if (!inset) {
                    g->cand[pos] = 0;
                    ncand--;
                    changed = 1;
                }
            }
        }
    }
    if (ncand == 0)
        return 0;
    if (skel_grow_u32(&g->merged, &g->merged_cap, ncand, sizeof *g->merged) != SKEL_OK ||
        skel_grow_u32(&g->out_slots, &g->out_cap, g->nout + ncand, sizeof *g->out_slots) != SKEL_OK)
        return skel_oom();
    uint32_t n = 0, keep = 0;
    for (uint32_t pos = 0; pos < g->npending; pos++) {
        uint32_t i = g->pending[pos];
        if (!g->cand[pos]) {
            g->pending[keep++] = i;
            continue;
        }
        struct slot *sl = g->slots[i];
        skel_pag_step *s = &g->merged[n++];
        *s = sl->steps[0];
        s->msg = sl->msgs;
        s->coll = NULL;
        g->emitted[s->rank] = s->seq + 1;
        g->out_slots[g->nout++] = i;
    }
    g->npending = keep;
    b->nsteps = n;
    b->steps = g->merged;
    return 1;
}

/* ---- windows: one-sided synchronisation --------------------------------------------------
 *
 * What MPICH 4.0 (ch4) makes each call wait for, measured with one rank made
 * late (docs/predictions.md, "One-sided synchronisation"):
 *   - the window constructors, MPI_Win_free and MPI_Win_fence synchronise
 *     the window's communicator like a barrier: every member waits for the
 *     last arrival.  To the replay they are local calls, delivered one by
 *     one; the builder gathers an instance here (its slot stays pending,
 *     held, behind the arrived members' earlier batches and before their
 *     later ones) and hands it out as one batch, like a blocking collective
 *     of shape Barrier;
 *   - MPI_Win_start waits for the MPI_Win_post of every target in its group,
 *     MPI_Win_wait for the MPI_Win_complete of every origin in the group of
 *     the rank's latest post on the window; post and complete wait for
 *     nobody.  These are messages of 0 bytes from the post (the complete),
 *     sent at its start, to the start (the wait), matched first in first out
 *     per origin, target and window; the receiving step is held until all
 *     its partners are matched.
 * Passive target (lock, unlock, flush): a call cannot end before its
 * targets are inside an MPI call (the passive target progresses only
 * there).  Which call of the target that is depends on the run; the step
 * names its targets (passive_of) and the predictions find the call.  The
 * critical path of the trace itself takes the call the trace shows
 * (passive_hold, below).
 * A partner that never comes (a member that never reaches a fence, an
 * origin in a post's group that never starts) cannot hang the builder: at
 * the replay's end every held step is let go with the partners it matched,
 * the rest of its time its own work. */

/* An MPI_Win_test that found its exposure epoch over is the wait it ended
 * (its polls before it are polls: waiting, step()); one that found nothing
 * waits for nobody. */
static int winsync_kind(const skel_event *ev)
{
    uint16_t call = ev->call;
    if (call == SKEL_CALL_MPI_Win_test)
        return (ev->flags & SKEL_EVF_FLAG) ? WS_WAIT : WS_NONE;
    switch (call) {
    case SKEL_CALL_MPI_Win_create:
    case SKEL_CALL_MPI_Win_allocate:
    case SKEL_CALL_MPI_Win_allocate_shared:
    case SKEL_CALL_MPI_Win_create_dynamic:
    case SKEL_CALL_MPI_Win_free:
    case SKEL_CALL_MPI_Win_fence:
        return WS_COLL;
    case SKEL_CALL_MPI_Win_post:
        return WS_POST;
    case SKEL_CALL_MPI_Win_start:
        return WS_START;
    case SKEL_CALL_MPI_Win_complete:
        return WS_COMPLETE;
    case SKEL_CALL_MPI_Win_wait:
        return WS_WAIT;
    default:
        return WS_NONE;
    }
}

static struct win *win_of(skel_pag *g, uint32_t rank, uint32_t obj)
{
    skel_map_slot *m = skel_map_find(&g->rs[rank].wins, obj);
    return m != NULL ? &g->wins[m->val] : NULL;
}

/* The window a constructor made (NULL when the trace does not say which, or
 * on which communicator). */
static int win_new(skel_pag *g, uint32_t rank, const skel_event *ev, struct win **out)
{
    *out = NULL;
    const skel_comm *cm = skel_rank_comm(skel_replay_reader(g->rp, rank), ev->comm);
    if (cm == NULL || ev->obj == SKEL_COMM_NONE)
        return SKEL_OK;
    int created = 0;
    skel_map_slot *os =
        skel_map_upsert(&g->win_ord, skel_mix64(cm->gid ^ skel_mix64(rank + 1)), &created);
    if (os == NULL)
        return skel_oom();
    uint32_t ord = os->val++;
    skel_map_slot *ws = skel_map_find(&g->rs[rank].wins, ev->obj);
    uint32_t i;
    if (ws != NULL) {
        i = ws->val; /* the index taken again without a free in the trace */
    } else if (g->nwin_free > 0) {
        i = g->win_free[--g->nwin_free];
    } else {
        if (skel_grow_u32(&g->wins, &g->win_cap, g->nwins + 1, sizeof *g->wins) != SKEL_OK)
            return skel_oom();
        i = g->nwins++;
        memset(&g->wins[i], 0, sizeof g->wins[i]);
    }
    if (ws == NULL && skel_map_put(&g->rs[rank].wins, ev->obj, i) != 0)
        return skel_oom();
    struct win *w = &g->wins[i];
    w->gid = cm->gid;
    w->ord = ord;
    w->nsync = 0;
    w->size = cm->size;
    w->npost = w->nstart = 0;
    w->used = 1;
    *out = w;
    return SKEL_OK;
}

static int win_drop(skel_pag *g, uint32_t rank, uint32_t obj)
{
    skel_map_slot *m = skel_map_find(&g->rs[rank].wins, obj);
    if (m == NULL)
        return SKEL_OK;
    uint32_t i = m->val;
    skel_map_del_slot(&g->rs[rank].wins, m);
    g->wins[i].used = 0;
    if (skel_grow_u32(&g->win_free, &g->win_free_cap, g->nwin_free + 1, sizeof *g->win_free) !=
        SKEL_OK)
        return skel_oom();
    g->win_free[g->nwin_free++] = i;
    return SKEL_OK;
}

static uint64_t wcoll_key(const struct win *w)
{
    return skel_mix64(skel_mix64(w->gid ^ 0x77696e636f6c6cull) ^
                      (((uint64_t)w->ord << 32) | w->nsync));
}

static uint64_t chan_key(int kind, uint32_t origin, uint32_t target, const struct win *w)
{
    return skel_mix64(skel_mix64(skel_mix64(w->gid) ^ w->ord) ^
                      (((uint64_t)origin << 32) | target)) ^
           (uint64_t)kind;
}

static int pend_append(skel_pag *g, uint32_t i)
{
    if (skel_grow_u32(&g->pending, &g->pending_cap, g->npending + 1, sizeof *g->pending) != SKEL_OK)
        return skel_oom();
    g->pending[g->npending++] = i;
    return SKEL_OK;
}

/* Every member of a window collective arrived: the batch of a blocking
 * collective of shape Barrier. */
static int win_coll_done(skel_pag *g, struct slot *sl)
{
    uint32_t p = sl->nsteps;
    skel_pag_coll *c = &sl->coll;
    *c = (skel_pag_coll){.id = (UINT64_C(1) << 62) + g->nwcoll++,
                         .size = p,
                         .sync = SKEL_PAG_SYNC_ALL,
                         .shape = SKEL_SHAPE_BARRIER,
                         .ranks = sl->cranks,
                         .seqs = sl->cseqs,
                         .first = 1,
                         .last = 1};
    int rc = coll_steps_split(g, sl, p);
    sl->held = 0;
    sl->wcoll = 0;
    sl->has_coll = 1;
    g->ncolls++;
    return rc;
}

/* A window constructor, MPI_Win_free or MPI_Win_fence: 1 when gathered
 * here, 0 when it is to be an ordinary step (a window the trace does not
 * place, or of one member), < 0 on error.  This, win_pscw, earlier_after and
 * release_held are noinline: inside skel_pag_next they made GCC put
 * batch_group and take_slot out of line, costing every event. */
static __attribute__((noinline)) int win_coll_arrive(skel_pag *g, const skel_replay_item *it)
{
    uint32_t r = it->rank;
    const skel_event *ev = it->ev;
    int is_free = ev->call == SKEL_CALL_MPI_Win_free;
    struct win *w = NULL;
    int rc;
    if (is_free || ev->call == SKEL_CALL_MPI_Win_fence)
        w = win_of(g, r, ev->obj);
    else if ((rc = win_new(g, r, ev, &w)) != SKEL_OK)
        return rc;
    if (w == NULL || w->size < 2)
        return is_free && (rc = win_drop(g, r, ev->obj)) != SKEL_OK ? rc : 0;
    uint64_t key = wcoll_key(w);
    uint32_t p = w->size;
    w->nsync++;
    if (is_free && (rc = win_drop(g, r, ev->obj)) != SKEL_OK)
        return rc;
    skel_map_slot *ms = skel_map_find(&g->wcoll_map, key);
    uint32_t i;
    struct slot *sl;
    if (ms == NULL) {
        if ((rc = take_slot(g, &i)) != SKEL_OK)
            return rc;
        sl = g->slots[i];
        if (skel_grow_u32(&sl->steps, &sl->step_cap, p, sizeof *sl->steps) != SKEL_OK ||
            slot_coll_members(sl, p) != SKEL_OK || skel_map_put(&g->wcoll_map, key, i) != 0 ||
            pend_append(g, i) != SKEL_OK) {
            give_slot(g, i);
            return skel_oom();
        }
        sl->nsteps = 0;
        sl->held = sl->wcoll = sl->wgroup = sl->has_coll = 1;
        sl->wsize = p;
        sl->wkey = key;
        sl->wneed = sl->nassigned = 0;
    } else {
        i = ms->val;
        sl = g->slots[i];
    }
    if (sl->nsteps >= sl->wsize)
        return skel_fail(SKEL_EFORMAT, "%s: rank %u, event %llu (%s): more members than %u",
                         skel_trace_dir(g->t), r, (unsigned long long)ev->seq,
                         skel_call_name(ev->call), sl->wsize);
    if ((rc = step_base(g, r, ev, &sl->steps[sl->nsteps])) != SKEL_OK)
        return rc;
    sl->cranks[sl->nsteps] = r;
    sl->cseqs[sl->nsteps] = ev->seq;
    sl->nsteps++;
    if (sl->nsteps < sl->wsize)
        return 1;
    skel_map_del(&g->wcoll_map, key);
    return (rc = win_coll_done(g, sl)) != SKEL_OK ? rc : 1;
}

/* A start or a wait whose partners are matched (or all that will be): it
 * waits until the last partner's start plus a message of 0 bytes. */
static int pscw_resolve(skel_pag *g, struct slot *sl)
{
    skel_pag_step *s = &sl->steps[0];
    double w = -INFINITY;
    for (uint32_t k = 0; k < sl->nassigned; k++) {
        skel_pag_msg *m = &sl->msgs[k];
        double ss = sl->pstart[k];
        double lat = skel_pag_msg_cost(g->table, kind_between(g, m->src, s->rank), 0);
        double obs = s->end_ns - ss;
        if (!(obs > 0))
            obs = 0;
        m->lat_ns = lat < obs ? lat : obs;
        if (ss + m->lat_ns > w)
            w = ss + m->lat_ns;
    }
    s->nmsg = sl->nassigned;
    sl->held = 0;
    return split(g, s, w);
}

static int chan_get(skel_pag *g, uint64_t key, uint32_t prank, struct pchan **out)
{
    int created = 0;
    skel_map_slot *ms = skel_map_upsert(&g->chan_map, key, &created);
    if (ms == NULL)
        return skel_oom();
    if (created) {
        if (skel_grow_u32(&g->chans, &g->chan_cap, g->nchans + 1, sizeof *g->chans) != SKEL_OK) {
            skel_map_del_slot(&g->chan_map, ms);
            return skel_oom();
        }
        memset(&g->chans[g->nchans], 0, sizeof g->chans[g->nchans]);
        g->chans[g->nchans].prank = prank;
        ms->val = g->nchans++;
    }
    *out = &g->chans[ms->val];
    return SKEL_OK;
}

static void pscw_assign(skel_pag *g, uint32_t si, uint32_t prank, uint64_t seq, double t)
{
    struct slot *sl = g->slots[si];
    uint32_t k = sl->nassigned++;
    sl->msgs[k] = (skel_pag_msg){.src = prank, .src_seq = seq};
    sl->pstart[k] = t;
}

/* A post (complete) for the start (wait) of one origin and target. */
static int chan_provide(skel_pag *g, uint64_t key, uint32_t prank, uint64_t seq, double t)
{
    struct pchan *c;
    int rc = chan_get(g, key, prank, &c);
    if (rc != SKEL_OK)
        return rc;
    if (c->wh < c->wn) {
        uint32_t si = c->wslot[c->wh++];
        if (c->wh == c->wn)
            c->wh = c->wn = 0;
        pscw_assign(g, si, c->prank, seq, t);
        struct slot *sl = g->slots[si];
        if (--sl->wneed == 0 && sl->held)
            return pscw_resolve(g, sl);
        return SKEL_OK;
    }
    if (c->ph == c->pn)
        c->ph = c->pn = 0;
    if (skel_grow_u32(&c->prov, &c->pcap, c->pn + 1, sizeof *c->prov) != SKEL_OK)
        return skel_oom();
    c->prov[c->pn++] = (struct pent){.seq = seq, .t = t};
    return SKEL_OK;
}

/* The start (wait) in slot si needs a post (complete) of this channel. */
static int chan_need(skel_pag *g, uint64_t key, uint32_t prank, uint32_t si)
{
    struct pchan *c;
    int rc = chan_get(g, key, prank, &c);
    if (rc != SKEL_OK)
        return rc;
    if (c->ph < c->pn) {
        pscw_assign(g, si, c->prank, c->prov[c->ph].seq, c->prov[c->ph].t);
        c->ph++;
        return SKEL_OK;
    }
    if (c->wh == c->wn)
        c->wh = c->wn = 0;
    if (skel_grow_u32(&c->wslot, &c->wcap, c->wn + 1, sizeof *c->wslot) != SKEL_OK)
        return skel_oom();
    c->wslot[c->wn++] = si;
    g->slots[si]->wneed++;
    return SKEL_OK;
}

static int grp_copy(const skel_pag *g, int32_t **dst, uint32_t *n, uint32_t *cap,
                    const skel_event *ev)
{
    if (skel_grow_u32(dst, cap, ev->ngroup > 0 ? ev->ngroup : 1, sizeof **dst) != SKEL_OK)
        return skel_oom();
    *n = 0;
    for (uint32_t j = 0; j < ev->ngroup; j++)
        if (real_rank(g, ev->group[j]))
            (*dst)[(*n)++] = ev->group[j];
    return SKEL_OK;
}

/* The step of a post, start, complete or wait (slot si, built by
 * batch_single), w what it waits for otherwise. */
static __attribute__((noinline)) int win_pscw(skel_pag *g, const skel_replay_item *it, uint32_t si,
                                              double w)
{
    struct slot *sl = g->slots[si];
    skel_pag_step *s = &sl->steps[0];
    uint32_t r = it->rank;
    const skel_event *ev = it->ev;
    int kind = winsync_kind(ev);
    struct win *wn = win_of(g, r, ev->obj);
    if (wn == NULL)
        return split(g, s, w);
    int rc = SKEL_OK;
    if (kind == WS_POST)
        rc = grp_copy(g, &wn->post_grp, &wn->npost, &wn->post_cap, ev);
    else if (kind == WS_START)
        rc = grp_copy(g, &wn->start_grp, &wn->nstart, &wn->start_cap, ev);
    if (rc != SKEL_OK)
        return rc;
    int exposure = kind == WS_POST || kind == WS_WAIT;
    const int32_t *grp = exposure ? wn->post_grp : wn->start_grp;
    uint32_t n = exposure ? wn->npost : wn->nstart;
    int ch = kind == WS_POST || kind == WS_START ? 1 : 2;
    if (kind == WS_POST || kind == WS_COMPLETE) {
        s->nsource += n;
        if ((rc = split(g, s, w)) != SKEL_OK)
            return rc;
        for (uint32_t j = 0; j < n && rc == SKEL_OK; j++) {
            uint32_t o = exposure ? (uint32_t)grp[j] : r, t = exposure ? r : (uint32_t)grp[j];
            rc = chan_provide(g, chan_key(ch, o, t, wn), r, s->seq, s->start_ns);
        }
        return rc;
    }
    if (skel_grow_u32(&sl->msgs, &sl->msg_cap, n + s->nmsg, sizeof *sl->msgs) != SKEL_OK ||
        skel_grow_u32(&sl->pstart, &sl->pstart_cap, n + s->nmsg, sizeof *sl->pstart) != SKEL_OK)
        return skel_oom();
    sl->nassigned = s->nmsg; /* none: the replay matches no message to these calls */
    sl->wneed = 0;
    for (uint32_t j = 0; j < n && rc == SKEL_OK; j++) {
        uint32_t o = exposure ? (uint32_t)grp[j] : r, t = exposure ? r : (uint32_t)grp[j];
        rc = chan_need(g, chan_key(ch, o, t, wn), exposure ? o : t, si);
    }
    if (rc != SKEL_OK)
        return rc;
    if (sl->wneed == 0)
        return pscw_resolve(g, sl);
    sl->held = 1;
    return SKEL_OK;
}

/* Passive target: the ranks whose progress a lock, unlock or flush needs
 * (measured: docs/predictions.md, "Passive target").  One target names its
 * world rank (the event's peer); the _all forms need every other member of
 * the window's communicator.  A rank's calls on its own window need nobody. */
static __attribute__((noinline)) int passive_of(skel_pag *g, const skel_replay_item *it,
                                                struct slot *sl)
{
    const skel_event *ev = it->ev;
    skel_pag_step *s = &sl->steps[0];
    uint32_t r = it->rank, n = 0;
    switch (ev->call) {
    case SKEL_CALL_MPI_Win_lock:
    case SKEL_CALL_MPI_Win_unlock:
    case SKEL_CALL_MPI_Win_flush:
    case SKEL_CALL_MPI_Win_flush_local:
        if (!real_rank(g, ev->peer) || (uint32_t)ev->peer == r)
            return SKEL_OK;
        if (skel_grow_u32(&sl->passive, &sl->passive_cap, 1, sizeof *sl->passive) != SKEL_OK)
            return skel_oom();
        sl->passive[n++] = (uint32_t)ev->peer;
        break;
    case SKEL_CALL_MPI_Win_lock_all:
    case SKEL_CALL_MPI_Win_unlock_all:
    case SKEL_CALL_MPI_Win_flush_all:
    case SKEL_CALL_MPI_Win_flush_local_all: {
        const skel_comm *cm = skel_rank_comm(skel_replay_reader(g->rp, r), ev->comm);
        if (cm == NULL || cm->members == NULL)
            return SKEL_OK;
        if (skel_grow_u32(&sl->passive, &sl->passive_cap, cm->size ? cm->size : 1,
                          sizeof *sl->passive) != SKEL_OK)
            return skel_oom();
        for (uint32_t j = 0; j < cm->size; j++)
            if (real_rank(g, cm->members[j]) && (uint32_t)cm->members[j] != r)
                sl->passive[n++] = (uint32_t)cm->members[j];
        break;
    }
    default:
        return SKEL_OK;
    }
    s->npassive = n;
    s->passive = n > 0 ? sl->passive : NULL;
    return SKEL_OK;
}

/* The critical path of the trace itself (skel_pag_opts.passive_deps): the
 * trace shows which call of the target let a passive-target call end - its
 * next call, if that began before the passive-target call ended (measured:
 * docs/predictions.md, "Passive target").  The call's batch is held (like a
 * start waiting for its posts) until each target's next event is built; one
 * that begins before the call's end is its partner, a message of 0 bytes
 * from its start, one that begins later means the call did not wait for
 * that target.  A target inside an MPI call when the call began, or whose
 * next event has not come PASSIVE_SPAN events later (a target that computes
 * for long while the others make many calls, or that ended), is not waited
 * for: the call's time stays its own work, as without passive_deps.  A
 * target's window collective (gathered by win_coll_arrive) is not seen. */
#define PASSIVE_SPAN 4096u

static __attribute__((noinline)) int passive_hold(skel_pag *g, uint32_t si, double w)
{
    struct slot *sl = g->slots[si];
    skel_pag_step *s = &sl->steps[0];
    uint32_t n = s->npassive;
    if (skel_grow_u32(&sl->msgs, &sl->msg_cap, n, sizeof *sl->msgs) != SKEL_OK ||
        skel_grow_u32(&sl->pstart, &sl->pstart_cap, n, sizeof *sl->pstart) != SKEL_OK ||
        skel_grow_u32(&g->pw, &g->pw_cap, g->npw + n, sizeof *g->pw) != SKEL_OK)
        return skel_oom();
    sl->nassigned = 0;
    sl->wneed = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint32_t t = s->passive[j];
        const struct rank_state *ts = &g->rs[t];
        if (ts->seen_first && ts->prev_end > s->start_ns)
            continue; /* inside a call: it let the call go at once */
        g->pw[g->npw++] =
            (struct pwait){.slot = si, .target = t, .end = s->end_ns, .born = g->nevents};
        sl->wneed++;
    }
    if (sl->wneed == 0)
        return split(g, s, w);
    sl->held = 1;
    return SKEL_OK;
}

/* Can the target's step t (in the batch sl, just built) be a passive-target
 * call's partner?  Batches go out whole, in order per rank, so a partner
 * must be able to go before the call without waiting for anything that may
 * come after the call: a receive of a message the call's rank sends later,
 * a collective or window synchronisation that rank joins later, an earlier
 * batch of the target's held for such a thing.  Steps handed out whole
 * cannot say "the call needs only this step's start": such a partner is not
 * taken (the call's time stays its own work). */
static int passive_source_ok(const skel_pag *g, const struct slot *sl, const skel_pag_step *t)
{
    return sl->nsteps == 1 && !sl->has_coll && !sl->held && g->emitted[t->rank] == t->seq &&
           ready(g, sl);
}

/* The batch in sl was just built: is one of its steps a waited-for target's
 * next call? */
static __attribute__((noinline)) int passive_seen(skel_pag *g, struct slot *sl)
{
    int rc = SKEL_OK;
    uint32_t keep = 0;
    for (uint32_t j = 0; j < g->npw; j++) {
        struct pwait p = g->pw[j];
        int done = g->nevents - p.born > PASSIVE_SPAN;
        for (uint32_t k = 0; k < sl->nsteps && !done; k++) {
            skel_pag_step *t = &sl->steps[k];
            if (t->rank != p.target)
                continue;
            if (t->start_ns <= p.end && passive_source_ok(g, sl, t)) {
                t->nsource++;
                pscw_assign(g, p.slot, p.target, t->seq, t->start_ns);
            }
            done = 1;
        }
        if (!done) {
            g->pw[keep++] = p;
            continue;
        }
        struct slot *ws = g->slots[p.slot];
        if (--ws->wneed == 0 && rc == SKEL_OK)
            rc = pscw_resolve(g, ws);
    }
    g->npw = keep;
    return rc;
}

/* The replay ended: let every held batch go with what it matched. */
static __attribute__((noinline)) int release_held(skel_pag *g)
{
    int rc = SKEL_OK;
    g->npw = 0;
    for (uint32_t pos = 0; pos < g->npending && rc == SKEL_OK; pos++) {
        struct slot *sl = g->slots[g->pending[pos]];
        if (!sl->held)
            continue;
        if (sl->wcoll) {
            skel_map_del(&g->wcoll_map, sl->wkey);
            for (uint32_t k = 0; k < sl->nsteps && rc == SKEL_OK; k++)
                rc = split(g, &sl->steps[k], -INFINITY);
            sl->has_coll = 0;
            sl->wcoll = 0;
            sl->held = 0;
        } else {
            rc = pscw_resolve(g, sl);
        }
    }
    return rc;
}

static int stuck(const skel_pag *g)
{
    const struct slot *sl = g->slots[g->pending[0]];
    const skel_pag_step *s = &sl->steps[0];
    return skel_fail(SKEL_EFORMAT,
                     "%s: rank %u, event %llu (%s) depends on an event that never "
                     "comes",
                     skel_trace_dir(g->t), s->rank, (unsigned long long)s->seq,
                     skel_call_name(s->call));
}

int skel_pag_next(skel_pag *g, skel_pag_batch *b)
{
    while (g->nout > 0)
        give_slot(g, g->out_slots[--g->nout]);
    for (;;) {
        /* The first pending batch that can go and has no earlier pending
         * batch of one of its ranks. */
        scan_start(g);
        for (uint32_t pos = 0; pos < g->npending; pos++) {
            const struct slot *sl = g->slots[g->pending[pos]];
            if (!scan_blocked(g, sl) && ready(g, sl) && (!sl->wgroup || !earlier_after(g, pos)))
                return emit(g, pos, b);
            scan_mark_slot(g, sl);
        }
        if (g->npending > 0) {
            int rc = emit_cycle(g, b);
            if (rc != 0)
                return rc;
        }
        if (g->replay_done && !g->released) {
            g->released = 1;
            int rc = release_held(g);
            if (rc != SKEL_OK)
                return rc;
            continue;
        }
        if (g->replay_done)
            return g->npending > 0 ? stuck(g) : 0;
        skel_replay_item it;
        int rc = skel_replay_next(g->rp, &it);
        if (rc < 0)
            return rc;
        if (rc == 0) {
            g->replay_done = 1;
            continue;
        }
        if (!it.group && winsync_kind(it.ev) == WS_COLL) {
            if ((rc = win_coll_arrive(g, &it)) < 0)
                return rc;
            if (rc == 1)
                continue; /* gathered, or handed to pending */
        }
        uint32_t i = 0;
        if ((rc = take_clean_slot(g, &i)) != SKEL_OK)
            return rc;
        struct slot *sl = g->slots[i];
        rc = it.group ? batch_group(g, &it, sl) : batch_single(g, &it, sl, i);
        if (__builtin_expect(g->npw > 0, 0) && rc == SKEL_OK)
            rc = passive_seen(g, sl);
        /* Nothing pending (the common case): a batch whose sources are out
         * goes at once, as the scan above would send it. */
        if (rc == SKEL_OK && g->npending == 0 && ready(g, sl))
            return emit_slot(g, i, b);
        if (rc == SKEL_OK && skel_grow_u32(&g->pending, &g->pending_cap, g->npending + 1,
                                           sizeof *g->pending) != SKEL_OK)
            rc = skel_oom();
        if (rc != SKEL_OK) {
            give_slot(g, i);
            return rc;
        }
        g->pending[g->npending++] = i;
    }
}

/* ---- accessors -------------------------------------------------------------------------- */

uint32_t skel_pag_nranks(const skel_pag *g)
{
    return g->n;
}

uint32_t skel_pag_host(const skel_pag *g, uint32_t rank)
{
    return rank < g->n ? g->rs[rank].host : 0;
}

uint32_t skel_pag_nhosts(const skel_pag *g)
{
    return g->nhosts;
}

const char *skel_pag_host_name(const skel_pag *g, uint32_t host)
{
    return host < g->nhosts ? g->hosts[host] : "";
}

double skel_pag_run_ns(const skel_pag *g)
{
    return g->run_end;
}

uint64_t skel_pag_nevents(const skel_pag *g)
{
    return g->nevents;
}

uint64_t skel_pag_nmessages(const skel_pag *g)
{
    return g->nmessages;
}

uint64_t skel_pag_ncollectives(const skel_pag *g)
{
    return g->ncolls;
}

uint32_t skel_pag_nsites(const skel_pag *g)
{
    return g->nsites;
}

const char *skel_pag_site_label(const skel_pag *g, uint32_t site)
{
    return site < g->nsites ? g->sites[site].label : "(start)";
}

const char *skel_pag_site_func(const skel_pag *g, uint32_t site)
{
    return site < g->nsites ? g->sites[site].func : "";
}

const char *skel_pag_site_addr(const skel_pag *g, uint32_t site)
{
    return site < g->nsites ? g->sites[site].addr : "(start)";
}

uint16_t skel_pag_site_call(const skel_pag *g, uint32_t site)
{
    return site < g->nsites ? g->sites[site].call : 0;
}

uint32_t skel_pag_nphases(const skel_pag *g)
{
    return g->nphases;
}

void skel_pag_phase(const skel_pag *g, uint32_t phase, uint32_t *from_site, uint32_t *to_site)
{
    *from_site = phase < g->nphases ? g->phase_from[phase] : SKEL_PAG_SITE_START;
    *to_site = phase < g->nphases ? g->phase_to[phase] : SKEL_PAG_SITE_START;
}
