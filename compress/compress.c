/* compress.c - trace directory -> execution signature (see compress.h). */
#include "compress.h"

#include "calls.h"
#include "error.h"
#include "grow.h"
#include "match.h"
#include "pfor.h"
#include "pollfold.h"
#include "ranks.h"
#include "symbols.h"

#include <math.h>
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void skel_compress_defaults(skel_compress_opts *o)
{
    memset(o, 0, sizeof *o);
    o->max_threshold = SKEL_COMPRESS_MAX_THRESHOLD;
    o->step = SKEL_COMPRESS_STEP;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- per-rank state ----------------------------------------------------------------- */

struct rank_state {
    skel_rsig *rs;
    uint32_t *site_map;
    /* At the threshold being evaluated. */
    uint32_t *map, nclusters;
    skel_rsym *syms;  /* NULL: rs->syms (identity) */
    skel_loops *fold; /* NULL: rs->fold */
    uint64_t length;
    /* The best so far (kept while later thresholds are tried). */
    uint32_t *bmap, bn;
    skel_rsym *bsyms;
    skel_loops *bfold;
    uint64_t blength;
};

struct job {
    const skel_trace *t;
    const skel_compress_opts *o;
    pthread_mutex_t lock; /* serialises o->progress */
    uint32_t scanned;
    struct rank_state *st;
    uint32_t nranks;
    double T;
    int shift;
    skel_rclass **classes;
};

static int scan_one(void *ctx, uint32_t r)
{
    struct job *j = ctx;
    int rc = skel_symbols_scan(j->t, r, j->o->pin_sources, j->shift, &j->st[r].rs);
    if (rc == SKEL_OK && j->o->progress != NULL) {
        pthread_mutex_lock(&j->lock);
        j->o->progress(j->o->progress_arg, ++j->scanned, j->nranks);
        pthread_mutex_unlock(&j->lock);
    }
    return rc;
}

static void drop_current(struct rank_state *s)
{
    if (s->syms != NULL)
        skel_symbols_free_syms(s->syms, s->nclusters);
    skel_loops_free(s->fold);
    s->syms = NULL;
    s->fold = NULL;
}

static void drop_best(struct rank_state *s)
{
    if (s->bsyms != NULL)
        skel_symbols_free_syms(s->bsyms, s->bn);
    skel_loops_free(s->bfold);
    free(s->bmap);
    s->bsyms = NULL;
    s->bfold = NULL;
    s->bmap = NULL;
}

/* Cluster and refold rank r at threshold j->T, unless the clustering is the
 * same as the best one kept (then the best is reused). */
static int eval_one(void *ctx, uint32_t r)
{
    struct job *j = ctx;
    struct rank_state *s = &j->st[r];
    drop_current(s);
    int rc = skel_symbols_cluster(s->rs, j->T, s->map, &s->nclusters);
    if (rc != SKEL_OK)
        return rc;
    if (s->bmap != NULL && s->bn == s->nclusters &&
        memcmp(s->bmap, s->map, s->rs->nsyms * sizeof *s->map) == 0) {
        s->length = s->blength;
        return SKEL_OK;
    }
    if (s->nclusters == s->rs->nsyms) {
        /* Nothing merged: the threshold-0 folding stands. */
        int identity = 1;
        for (uint32_t i = 0; i < s->rs->nsyms && identity; i++)
            identity = s->map[i] == i;
        if (identity) {
            s->length = skel_loops_length(s->rs->fold);
            return SKEL_OK;
        }
    }
    if ((rc = skel_symbols_merge(s->rs, s->map, s->nclusters, &s->syms)) != SKEL_OK)
        return rc;
    if ((rc = skel_loops_new(&s->fold)) != SKEL_OK)
        return rc;
    if ((rc = skel_loops_replay(s->rs->fold, s->map, s->fold)) != SKEL_OK)
        return rc;
    s->length = skel_loops_length(s->fold);
    return SKEL_OK;
}

/* Keep the current evaluation as the best. */
static int keep_current(struct rank_state *s)
{
    if (s->bmap != NULL && s->bn == s->nclusters &&
        memcmp(s->bmap, s->map, s->rs->nsyms * sizeof *s->map) == 0)
        return SKEL_OK; /* reused: nothing new to keep */
    drop_best(s);
    s->bmap = malloc((s->rs->nsyms ? s->rs->nsyms : 1) * sizeof *s->bmap);
    if (s->bmap == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    memcpy(s->bmap, s->map, s->rs->nsyms * sizeof *s->map);
    s->bn = s->nclusters;
    s->bsyms = s->syms;
    s->bfold = s->fold;
    s->blength = s->length;
    s->syms = NULL;
    s->fold = NULL;
    return SKEL_OK;
}

static int class_one(void *ctx, uint32_t r)
{
    struct job *j = ctx;
    struct rank_state *s = &j->st[r];
    const skel_rsym *syms = s->bsyms ? s->bsyms : s->rs->syms;
    uint32_t n = s->bsyms ? s->bn : s->rs->nsyms;
    const skel_loops *fold = s->bfold ? s->bfold : s->rs->fold;
    return skel_ranks_class(s->rs, syms, n, fold, s->site_map, j->shift, &j->classes[r]);
}

/* ---- global tables ------------------------------------------------------------------- */

static char *dup_or_empty(const char *s)
{
    return strdup(s != NULL ? s : "");
}

static int build_sites(const skel_trace *t, skel_signature *sig, struct rank_state *st,
                       uint32_t nranks)
{
    uint32_t cap = 16;
    sig->sites = calloc(cap, sizeof *sig->sites);
    if (sig->sites == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t r = 0; r < nranks; r++) {
        const skel_rsig *rs = st[r].rs;
        st[r].site_map = malloc((rs->nsites ? rs->nsites : 1) * sizeof *st[r].site_map);
        if (st[r].site_map == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        for (uint32_t i = 0; i < rs->nsites; i++) {
            const char *mod = rs->site_module[i];
            uint64_t off = rs->sites[i].offset;
            uint32_t g = 0;
            /* Sites are few (one per MPI call in the source): a linear
             * search over the distinct ones is fine. */
            while (g < sig->nsites &&
                   (sig->sites[g].offset != off || strcmp(sig->sites[g].module, mod) != 0))
                g++;
            if (g == sig->nsites) {
                if (sig->nsites == cap) {
                    skel_sig_site *ns = realloc(sig->sites, 2 * cap * sizeof *ns);
                    if (ns == NULL)
                        return skel_fail(SKEL_ENOMEM, "out of memory");
                    sig->sites = ns;
                    cap *= 2;
                }
                skel_sig_site *d = &sig->sites[sig->nsites];
                memset(d, 0, sizeof *d);
                d->id = g;
                d->offset = off;
                /* Function, file and line as `skel trace` resolved them. */
                const skel_meta_site *ms = skel_trace_site_at(t, mod, off);
                d->line = ms != NULL ? ms->line : rs->sites[i].line;
                d->module = dup_or_empty(mod);
                d->func = dup_or_empty(ms != NULL && ms->func[0] ? ms->func : rs->sites[i].func);
                d->file = dup_or_empty(ms != NULL ? ms->file : rs->sites[i].file);
                sig->nsites++;
                if (!d->module || !d->func || !d->file)
                    return skel_fail(SKEL_ENOMEM, "out of memory");
            }
            st[r].site_map[i] = g;
        }
    }
    return SKEL_OK;
}

static int same_members(const skel_sig_comm *g, const skel_comm *c)
{
    return g->size == c->size && g->remote_size == c->remote_size &&
           memcmp(g->members, c->members, c->size * sizeof *c->members) == 0 &&
           (c->remote_size == 0 ||
            memcmp(g->remote, c->remote, c->remote_size * sizeof *c->remote) == 0);
}

static int32_t *dup_ints(const int32_t *v, uint32_t n)
{
    int32_t *d = malloc((n ? n : 1) * sizeof *d);
    if (d != NULL && n > 0)
        memcpy(d, v, n * sizeof *d);
    return d;
}

/* The record of communicator g in world rank r's trace, NULL if none. */
static const skel_comm *rank_comm_of(const skel_signature *sig, const struct rank_state *st,
                                     uint32_t r, uint32_t g)
{
    const skel_sig_rank *rk = &sig->ranks[r];
    for (uint32_t k = 0; k < rk->ncomms; k++)
        if (rk->comms[k] == g)
            return &st[r].rs->comms[k];
    return NULL;
}

/* A graph topology's neighbours, member by member, when every member's
 * trace recorded its own (skel_sig_comm.nbr_off). */
static int graph_neighbors(skel_signature *sig, const struct rank_state *st, uint32_t g)
{
    skel_sig_comm *d = &sig->comms[g];
    uint64_t total = 0;
    for (uint32_t i = 0; i < d->size; i++) {
        const skel_comm *c = d->members[i] >= 0 && (uint32_t)d->members[i] < sig->nranks
                                 ? rank_comm_of(sig, st, (uint32_t)d->members[i], g)
                                 : NULL;
        if (c == NULL || !(c->flags & SKEL_COMMF_ADJ))
            return SKEL_OK; /* not recorded: no topology the skeleton can make */
        total += (uint64_t)c->nin + c->nout;
    }
    if (total > UINT32_MAX)
        return skel_fail(SKEL_ERANGE, "communicator %u: %llu graph edges", g,
                         (unsigned long long)total);
    d->nbr_off = malloc((2 * (size_t)d->size + 1) * sizeof *d->nbr_off);
    d->nbrs = malloc((total ? total : 1) * sizeof *d->nbrs);
    if (d->nbr_off == NULL || d->nbrs == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    uint32_t at = 0;
    for (uint32_t i = 0; i < d->size; i++) {
        const skel_comm *c = rank_comm_of(sig, st, (uint32_t)d->members[i], g);
        d->nbr_off[2 * i] = at;
        if (c->nin)
            memcpy(d->nbrs + at, c->in, c->nin * sizeof *d->nbrs);
        at += c->nin;
        d->nbr_off[2 * i + 1] = at;
        if (c->nout)
            memcpy(d->nbrs + at, c->out, c->nout * sizeof *d->nbrs);
        at += c->nout;
    }
    d->nbr_off[2 * d->size] = at;
    return SKEL_OK;
}

static int build_comms(skel_signature *sig, struct rank_state *st, uint32_t nranks)
{
    uint32_t cap = 8;
    sig->comms = calloc(cap, sizeof *sig->comms);
    if (sig->comms == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t r = 0; r < nranks; r++) {
        const skel_rsig *rs = st[r].rs;
        skel_sig_rank *rk = &sig->ranks[r];
        rk->ncomms = rs->ncomms;
        rk->comms = malloc((rs->ncomms ? rs->ncomms : 1) * sizeof *rk->comms);
        if (rk->comms == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        for (uint32_t k = 0; k < rs->ncomms; k++) {
            const skel_comm *c = &rs->comms[k];
            rk->comms[k] = SKEL_SIG_NONE;
            if (k == SKEL_COMM_SELF || c->size == 0)
                continue; /* SELF is per rank; an empty entry was never declared */
            uint32_t g = 0;
            while (g < sig->ncomms &&
                   !(sig->comms[g].gid == c->gid && same_members(&sig->comms[g], c)))
                g++;
            if (g == sig->ncomms) {
                if (sig->ncomms == cap) {
                    skel_sig_comm *nc = realloc(sig->comms, 2 * cap * sizeof *nc);
                    if (nc == NULL)
                        return skel_fail(SKEL_ENOMEM, "out of memory");
                    sig->comms = nc;
                    cap *= 2;
                }
                skel_sig_comm *d = &sig->comms[sig->ncomms];
                memset(d, 0, sizeof *d);
                d->id = g;
                d->gid = c->gid;
                d->created_by = c->created_by;
                d->parent_slot = c->parent == SKEL_COMM_NONE ? SKEL_SIG_NONE : c->parent;
                d->flags = c->flags & (SKEL_COMMF_INTER | SKEL_COMMF_CART | SKEL_COMMF_GRAPH);
                d->size = c->size;
                d->members = dup_ints(c->members, c->size);
                d->remote_size = c->remote_size;
                d->remote = dup_ints(c->remote, c->remote_size);
                d->ndims = c->ndims;
                d->dims = dup_ints(c->dims, c->ndims);
                d->periods = dup_ints(c->periods, c->ndims);
                sig->ncomms++;
                if (!d->members || !d->remote || !d->dims || !d->periods)
                    return skel_fail(SKEL_ENOMEM, "out of memory");
            }
            rk->comms[k] = g;
        }
    }
    for (uint32_t g = 0; g < sig->ncomms; g++)
        if (sig->comms[g].flags & SKEL_COMMF_GRAPH) {
            int rc = graph_neighbors(sig, st, g);
            if (rc != SKEL_OK)
                return rc;
        }
    return SKEL_OK;
}

static int to_dist(skel_sig_dist *d, skel_timing *t, uint64_t n, uint64_t shift)
{
    d->count = n;
    d->mean = n ? (double)t->sum / (double)n : 0;
    d->min = n ? t->min : 0;
    d->max = n ? t->max : 0;
    d->shift = shift;
    d->sketch = t->sk; /* moved */
    memset(&t->sk, 0, sizeof t->sk);
    return SKEL_OK;
}

static int assemble(skel_signature *sig, skel_rclass **cls, uint32_t ncls)
{
    uint32_t nsym = 0, nblk = 0;
    for (uint32_t c = 0; c < ncls; c++) {
        nsym += cls[c]->nsyms;
        nblk += cls[c]->nblocks;
    }
    sig->nclasses = ncls;
    sig->classes = calloc(ncls ? ncls : 1, sizeof *sig->classes);
    sig->symbols = calloc(nsym ? nsym : 1, sizeof *sig->symbols);
    sig->blocks = calloc(nblk ? nblk : 1, sizeof *sig->blocks);
    if (!sig->classes || !sig->symbols || !sig->blocks)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    uint32_t so = 0, bo = 0;
    for (uint32_t c = 0; c < ncls; c++) {
        skel_rclass *k = cls[c];
        skel_ranks_encode(k);
        skel_sig_class *d = &sig->classes[c];
        d->id = c;
        d->nranks = k->nranks;
        d->ranks = k->ranks;
        k->ranks = NULL;
        d->top = bo + k->top;
        for (uint32_t i = 0; i < d->nranks; i++)
            sig->ranks[d->ranks[i]].cls = c;
        for (uint32_t i = 0; i < k->nsyms; i++) {
            skel_csym *x = &k->syms[i];
            skel_sig_symbol *y = &sig->symbols[so + i];
            *y = x->s;
            x->s.links = NULL;
            x->s.group = NULL;
            y->id = so + i;
            y->cls = c;
            y->match[0] = y->match[1] = SKEL_SIG_NONE;
            to_dist(&y->compute, &x->gap, y->occurrences, x->shift);
            to_dist(&y->compute_cpu, &x->cpu, y->occurrences, x->shift);
            to_dist(&y->duration, &x->dur, y->occurrences, x->dshift);
        }
        for (uint32_t b = 0; b < k->nblocks; b++) {
            skel_sig_block *y = &sig->blocks[bo + b];
            y->id = bo + b;
            y->cls = c;
            y->nitems = k->blocks[b].n;
            y->items = k->blocks[b].items;
            k->blocks[b].items = NULL;
            for (uint32_t i = 0; i < y->nitems; i++)
                y->items[i].ref += y->items[i].kind == SKEL_SIG_ITEM_LOOP ? bo : so;
        }
        so += k->nsyms;
        bo += k->nblocks;
    }
    sig->nsymbols = nsym;
    sig->nblocks = nblk;
    return SKEL_OK;
}

/* The threshold: o->threshold, or with a scale K the smallest of 0, step,
 * 2 step, ... (up to the maximum) at which Q reaches K/2 - Q of the loops,
 * against the trace with its polling loops folded (a signature that only
 * folds polls divides nothing by K: tagstep's Q 3.04 at threshold 0, 1.0
 * without its folded MPI_Request_get_status polls).  A larger
 * threshold is only kept when it shortens the signature by more than 1 %
 * (SKEL_COMPRESS_MIN_GAIN): when no threshold reaches K/2, the smallest one
 * that compresses about as well as any is used, not the maximum - a larger
 * one would blur sizes and times for a few items. */
static int choose_threshold(struct job *job, const skel_compress_opts *o, unsigned threads,
                            uint64_t events, uint64_t delivered, skel_compress_stats *st)
{
    uint32_t nranks = job->nranks;
    uint64_t best = UINT64_MAX;
    double T = o->scale > 0 ? 0.0 : o->threshold;
    for (uint32_t k = 0;; k++) {
        if (o->scale > 0) {
            T = (double)k * o->step;
            if (T > o->max_threshold - 1e-12)
                T = o->max_threshold;
        }
        job->T = T;
        int rc = skel_parallel_for(nranks, threads, eval_one, job);
        if (rc != SKEL_OK)
            return rc;
        st->tried++;
        uint64_t len = 0;
        for (uint32_t r = 0; r < nranks; r++)
            len += job->st[r].length;
        if (best == UINT64_MAX || (double)len < (1.0 - SKEL_COMPRESS_MIN_GAIN) * (double)best) {
            best = len;
            for (uint32_t r = 0; r < nranks; r++)
                if ((rc = keep_current(&job->st[r])) != SKEL_OK)
                    return rc;
            st->threshold = T;
            st->signature_length = len;
            st->ratio = len ? (double)events / (double)len : 0;
            st->loop_ratio = len ? (double)delivered / (double)len : 0;
        }
        st->trace_length = events;
        if (o->scale <= 0)
            return SKEL_OK;
        if (st->loop_ratio >= o->scale / 2) {
            st->reached = 1;
            return SKEL_OK;
        }
        if (T >= o->max_threshold)
            return SKEL_OK;
    }
}

/* The application, compression and per-rank parts of the signature. */
static int fill_head(const skel_trace *t, skel_signature *sig, const struct rank_state *rs,
                     uint32_t nranks, const skel_compress_opts *o, int shift, double T)
{
    const skel_meta *m = skel_trace_meta(t);
    sig->version = SKEL_SIG_VERSION;
    sig->argc = m->ncommand;
    sig->argv = calloc(m->ncommand ? m->ncommand : 1, sizeof *sig->argv);
    sig->mpi_library = dup_or_empty(m->mpi_library);
    sig->tracer_version = dup_or_empty(m->tracer_version);
    if (sig->argv == NULL || sig->mpi_library == NULL || sig->tracer_version == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < m->ncommand; i++)
        if ((sig->argv[i] = dup_or_empty(m->command[i])) == NULL)
            return skel_oom();
    sig->threshold = T;
    sig->max_threshold = o->max_threshold;
    sig->scale = o->scale;
    for (uint32_t r = 0; r < nranks; r++) {
        const skel_rsig *x = rs[r].rs;
        skel_sig_rank *d = &sig->ranks[r];
        d->rank = r;
        d->events = x->events;
        d->time_ns = x->t_last > x->t_first ? x->t_last - x->t_first : 0;
        /* The tracer's cost: per event off the gaps, and inside each call
         * off its duration (folded polls' already, compress/pollfold.h). */
        double pe = shift ? (double)x->per_event_ns : 0, cs = shift ? (double)x->call_ns : 0;
        double sh = pe * (double)x->events, dsh = cs * (double)x->delivered;
        d->compute_ns = (double)x->compute_ns > sh ? x->compute_ns - (uint64_t)sh : 0;
        d->mpi_ns = (double)x->mpi_ns > dsh ? x->mpi_ns - (uint64_t)dsh : 0;
        d->per_event_ns = x->per_event_ns;
    }
    /* Threads calling MPI at the same time: said once, for the rank where
     * most calls overlapped (docs/signature.md, "Limits"). */
    uint32_t worst = 0;
    for (uint32_t r = 1; r < nranks; r++)
        if (rs[r].rs->overlaps > rs[worst].rs->overlaps)
            worst = r;
    if (nranks > 0 && rs[worst].rs->overlaps > 0) {
        const skel_rsig *x = rs[worst].rs;
        char b[200];
        snprintf(b, sizeof b,
                 "rank %u made MPI calls from %u threads, %llu of them while another thread "
                 "was in a call (%llu blocking calls made nonblocking)",
                 worst, x->threads, (unsigned long long)x->overlaps,
                 (unsigned long long)x->nonblocking);
        if ((sig->threads = strdup(b)) == NULL)
            return skel_oom();
    }
    return SKEL_OK;
}

struct mapjob {
    struct job *job;
    const skel_signature *sig;
    uint32_t **maps;
};

static int map_one(void *ctx, uint32_t r)
{
    struct mapjob *j = ctx;
    const skel_rsig *rs = j->job->st[r].rs;
    j->maps[r] = malloc((rs->nsyms ? rs->nsyms : 1) * sizeof *j->maps[r]);
    if (j->maps[r] == NULL)
        return skel_oom();
    return skel_match_rank_map(rs->fold, rs->nsyms, j->sig, r, j->maps[r]);
}

/* Which sends met which receives (match.h): the logs every rank kept while
 * it was read, its symbols mapped to the signature's. */
static int pair_messages(struct job *job, skel_signature *sig, unsigned threads)
{
    uint32_t n = job->nranks;
    uint32_t **maps = calloc(n, sizeof *maps), *nmaps = calloc(n, sizeof *nmaps);
    skel_match_log **logs = calloc(n, sizeof *logs);
    int rc = maps == NULL || nmaps == NULL || logs == NULL ? skel_oom() : SKEL_OK;
    struct mapjob mj = {.job = job, .sig = sig, .maps = maps};
    if (rc == SKEL_OK)
        rc = skel_parallel_for(n, threads, map_one, &mj);
    for (uint32_t r = 0; rc == SKEL_OK && r < n; r++) {
        logs[r] = job->st[r].rs->mlog;
        nmaps[r] = job->st[r].rs->nsyms;
    }
    if (rc == SKEL_OK)
        rc = skel_match_pair(sig, logs, (const uint32_t *const *)maps, nmaps,
                             &sig->messages_matched, &sig->messages_unreceived);
    for (uint32_t r = 0; maps != NULL && r < n; r++)
        free(maps[r]);
    free(maps);
    free(nmaps);
    free(logs);
    return rc;
}

/* Rank folding at threshold T: the classes. */
static int fold(const skel_trace *t, skel_signature *sig, struct job *job, unsigned threads,
                double T, skel_rclass ***cls, uint32_t *ncls)
{
    uint32_t nranks = job->nranks;
    skel_rclass **per_rank = calloc(nranks, sizeof *per_rank);
    sig->nranks = nranks;
    sig->ranks = calloc(nranks, sizeof *sig->ranks);
    int rc = per_rank == NULL || sig->ranks == NULL ? skel_oom() : SKEL_OK;
    if (rc == SKEL_OK && (rc = build_sites(t, sig, job->st, nranks)) == SKEL_OK &&
        (rc = build_comms(sig, job->st, nranks)) == SKEL_OK) {
        job->classes = per_rank;
        rc = skel_parallel_for(nranks, threads, class_one, job);
    }
    if (rc == SKEL_OK) /* takes the one-rank classes it folds (their entries become NULL) */
        rc = skel_ranks_fold(per_rank, nranks, T, threads, cls, ncls);
    for (uint32_t r = 0; per_rank != NULL && r < nranks; r++)
        skel_ranks_free_class(per_rank[r]);
    free(per_rank);
    return rc;
}

int skel_compress_trace(const skel_trace *t, const skel_compress_opts *o, skel_signature **out,
                        skel_compress_stats *stats)
{
    double t0 = now_s();
    uint32_t nranks = skel_trace_nranks(t);
    unsigned threads = o->threads ? o->threads : skel_online_cpus();
    skel_rclass **cls = NULL;
    uint32_t ncls = 0;
    skel_compress_stats st;
    memset(&st, 0, sizeof st);
    if (nranks == 0)
        return skel_fail(SKEL_EFORMAT, "%s: the trace has no ranks", skel_trace_dir(t));
    if (!(o->threshold >= 0 && o->threshold <= 1) ||
        !(o->max_threshold >= 0 && o->max_threshold <= 1) || !(o->scale >= 0) ||
        (o->scale > 0 && !(o->step > 0)))
        return skel_fail(SKEL_EUSAGE, "threshold and maximum threshold must be in [0, 1], the "
                                      "scale >= 0 and the step > 0");
    struct rank_state *rs = calloc(nranks, sizeof *rs);
    skel_signature *sig = calloc(1, sizeof *sig);
    if (rs == NULL || sig == NULL) {
        free(rs);
        free(sig);
        return skel_oom();
    }
    struct job job = {.t = t,
                      .o = o,
                      .lock = PTHREAD_MUTEX_INITIALIZER,
                      .st = rs,
                      .nranks = nranks,
                      .shift = !o->keep_overhead};
    /* 1. Read every rank once. */
    int rc = skel_parallel_for(nranks, threads, scan_one, &job);
    st.scan_s = now_s() - t0;
    uint64_t events = 0, delivered = 0;
    for (uint32_t r = 0; rc == SKEL_OK && r < nranks; r++) {
        events += rs[r].rs->events;
        delivered += rs[r].rs->delivered;
        rs[r].map = malloc((rs[r].rs->nsyms ? rs[r].rs->nsyms : 1) * sizeof *rs[r].map);
        if (rs[r].map == NULL)
            rc = skel_oom();
    }
    /* 2. The threshold; 3. rank folding; 4. the signature; 5. which sends
     * met which receives (a second read of the trace). */
    if (rc == SKEL_OK)
        rc = choose_threshold(&job, o, threads, events, delivered, &st);
    if (rc == SKEL_OK)
        rc = fold(t, sig, &job, threads, st.threshold, &cls, &ncls);
    for (uint32_t c = 1; rc == SKEL_OK && c < ncls && st.napart < SKEL_COMPRESS_APART; c++) {
        int apart = skel_ranks_apart(cls[c - 1], cls[c], st.threshold, st.apart[st.napart],
                                     sizeof st.apart[st.napart]);
        if (apart < 0)
            rc = apart;
        else if (apart == 0) /* the tree met them in another order: say so */
            snprintf(st.apart[st.napart], sizeof st.apart[st.napart],
                     "they would fold now (the reduction tree met them in another order)");
        st.napart++;
    }
    if (rc == SKEL_OK)
        rc = fill_head(t, sig, rs, nranks, o, job.shift, st.threshold);
    if (rc == SKEL_OK && (rc = assemble(sig, cls, ncls)) == SKEL_OK &&
        (rc = skel_signature_derive(sig)) == SKEL_OK)
        rc = pair_messages(&job, sig, threads);
    if (rc == SKEL_OK) {
        st.nclasses = ncls;
        st.ratio = sig->ratio;
        st.signature_length = sig->signature_length;
        st.total_s = now_s() - t0;
        if (stats != NULL)
            *stats = st;
        *out = sig;
        sig = NULL;
    }
    for (uint32_t c = 0; cls != NULL && c < ncls; c++)
        skel_ranks_free_class(cls[c]);
    free(cls);
    for (uint32_t r = 0; r < nranks; r++) {
        drop_current(&rs[r]);
        drop_best(&rs[r]);
        free(rs[r].map);
        free(rs[r].site_map);
        skel_symbols_free(rs[r].rs);
    }
    free(rs);
    skel_signature_free(sig);
    return rc;
}

/* ---- verification -------------------------------------------------------------------------- */

struct verify {
    const skel_signature *s;
    skel_rank_reader *rd;
    skel_pollfold pf; /* the trace as the compressor read it */
    uint32_t rank;
    uint64_t index;
    double T;
    int32_t last_wild; /* actual source of the latest wildcard receive */
    /* Activation log: request id of the last activations (ring). */
    uint64_t *log;
    uint32_t logcap; /* power of two */
    uint64_t nact;
    uint64_t last_req; /* request ids are sequential per rank */
    uint64_t *reqs;    /* scratch: request ids of the links of one call */
    uint32_t reqs_cap;
    /* Requests created by a wildcard receive (ids), for replies. */
    uint64_t *wild;
    uint32_t nwild, wild_cap;
};

static int vfail(struct verify *v, const char *what, long long got, long long want)
{
    return skel_fail(SKEL_EFORMAT,
                     "rank %u, event %llu: %s: the trace has %lld, the signature "
                     "gives %lld",
                     v->rank, (unsigned long long)v->index, what, got, want);
}

static int within(double x, const skel_sig_range *r, double T)
{
    if (T <= 0)
        return r->min == r->max && x == (double)r->min;
    return fabs(x - r->mean) <= T * fabs(r->mean) + 1e-6 * fabs(r->mean) + 1e-9;
}

static int check_peer(struct verify *v, const skel_sig_symbol *y, const skel_sig_peer *p,
                      int32_t actual, const char *what)
{
    int32_t cr, wr;
    if (skel_sig_peer_resolve(v->s, v->rank, y->comm, p, v->last_wild, &cr, &wr) != SKEL_OK)
        return skel_fail(SKEL_EFORMAT, "rank %u, event %llu: %s: %s", v->rank,
                         (unsigned long long)v->index, what, skel_last_error());
    if (wr != actual)
        return vfail(v, what, actual, wr);
    return SKEL_OK;
}

static void activate(struct verify *v, uint64_t id)
{
    v->log[v->nact & (v->logcap - 1)] = id;
    v->nact++;
}

static int is_wild(const struct verify *v, uint64_t id)
{
    for (uint32_t i = 0; i < v->nwild; i++)
        if (v->wild[i] == id)
            return 1;
    return 0;
}

static int verify_symbol(void *ctx, const skel_sig_symbol *y)
{
    struct verify *v = ctx;
    skel_event ev;
    uint64_t polls;
    int rc = skel_pollfold_next(&v->pf, &ev, &polls);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return skel_fail(SKEL_EFORMAT,
                         "rank %u: the trace ends after %llu events, the signature "
                         "goes on (%s)",
                         v->rank, (unsigned long long)v->index, skel_call_name(y->call));
    if (ev.call != y->call)
        return skel_fail(SKEL_EFORMAT, "rank %u, event %llu: the trace has %s, the signature %s",
                         v->rank, (unsigned long long)v->index, skel_call_name(ev.call),
                         skel_call_name(y->call));
    const struct skel_call_info *ci = skel_call_info(ev.call);
    int klass = ci ? ci->klass : SKEL_CLASS_NONE;
    int side = skel_sig_side_of(v->s, v->rank, y);
    if (side < 0 || !(y->sides & (1u << side)))
        return skel_fail(SKEL_EFORMAT,
                         "rank %u, event %llu: %s: the signature has no %s side "
                         "for this rank",
                         v->rank, (unsigned long long)v->index, skel_call_name(y->call),
                         side == SKEL_SIG_SIDE_ROOT ? "root" : "member");
    const skel_sig_side *sd = &y->side[side];
    /* A pinned symbol's peer is the source the event got. */
    int pinned = (sd->flags & SKEL_SIG_PINNED) ? skel_symbols_pinned_peer(&ev, klass) : 0;
    if ((sd->flags & SKEL_SIG_PINNED) && !pinned)
        return skel_fail(SKEL_EFORMAT,
                         "rank %u, event %llu: %s: the signature gives the source the call "
                         "got, but the trace's call is no wildcard receive that got one",
                         v->rank, (unsigned long long)v->index, skel_call_name(y->call));
    if (ev.parts != y->parts)
        return vfail(v, "partitions", ev.parts, y->parts);
    if (!within((double)ev.count, &sd->count, skel_call_partitioned(y->call) ? 0 : v->T))
        return vfail(v, "count", ev.count, (long long)llround(sd->count.mean));
    if (!within((double)ev.bytes, &sd->bytes, v->T))
        return vfail(v, "bytes", (long long)ev.bytes, (long long)llround(sd->bytes.mean));
    /* A receive from MPI_PROC_NULL gets 0 bytes. */
    const skel_sig_peer *src = skel_sig_source_of(y);
    int32_t scr = 0, swr = 0;
    int from_null =
        src != NULL &&
        skel_sig_peer_resolve(v->s, v->rank, y->comm, src, v->last_wild, &scr, &swr) == SKEL_OK &&
        swr == SKEL_PEER_NULL;
    if (from_null || sd->rbytes_events == 0) {
        if (ev.rbytes != 0 && (from_null || v->T <= 0))
            return vfail(v, "received bytes", (long long)ev.rbytes, 0);
    } else if (!within((double)ev.rbytes, &sd->rbytes, v->T)) {
        return vfail(v, "received bytes", (long long)ev.rbytes,
                     (long long)llround(sd->rbytes.mean));
    }
    if (v->T <= 0) {
        if ((ev.flags & SKEL_SIG_EVF_KEPT) != (sd->flags & SKEL_SIG_EVF_KEPT))
            return vfail(v, "flags", ev.flags & SKEL_SIG_EVF_KEPT, sd->flags & SKEL_SIG_EVF_KEPT);
        if (ev.comm != y->comm)
            return vfail(v, "communicator slot", ev.comm, y->comm);
        if (ev.newcomm != y->newcomm)
            return vfail(v, "created communicator slot", ev.newcomm, y->newcomm);
        if (ev.tag != y->tag)
            return vfail(v, "tag", ev.tag, y->tag);
        if (ev.tag2 != y->tag2)
            return vfail(v, "second tag", ev.tag2, y->tag2);
        if (ev.dtsize != y->dtsize)
            return vfail(v, "datatype size", ev.dtsize, y->dtsize);
        if (ev.op != y->op)
            return vfail(v, "operation", ev.op, y->op);
        if ((rc = check_peer(v, y, &y->peer, pinned == 1 ? ev.asrc : ev.peer, "peer")) != SKEL_OK ||
            (rc = check_peer(v, y, &y->peer2, pinned == 2 ? ev.asrc : ev.peer2, "second peer")) !=
                SKEL_OK ||
            (rc = check_peer(v, y, &y->root, ev.root, "root")) != SKEL_OK)
            return rc;
        if (ev.ngroup != y->ngroup)
            return vfail(v, "group size", ev.ngroup, y->ngroup);
        for (uint32_t m = 0; m < y->ngroup; m++)
            if ((rc = check_peer(v, y, &y->group[m], ev.group[m], "group member")) != SKEL_OK)
                return rc;
    }
    /* Requests: links resolve through the activation log. */
    if (y->nlinks > v->reqs_cap) {
        uint64_t *nr = realloc(v->reqs, y->nlinks * sizeof *nr);
        if (nr == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        v->reqs = nr;
        v->reqs_cap = y->nlinks;
    }
    for (uint32_t i = 0; i < y->nlinks; i++) {
        const skel_sig_link *l = &y->links[i];
        if (l->dist == 0 || l->dist > v->logcap || l->dist > v->nact)
            v->reqs[i] = 0; /* unknown, or beyond what is remembered */
        else
            v->reqs[i] = v->log[(v->nact - l->dist) & (v->logcap - 1)];
    }
    if (ev.ncomplete > 0) {
        if (ev.ncomplete != y->nlinks)
            return vfail(v, "requests completed", ev.ncomplete, y->nlinks);
        for (uint32_t i = 0; i < ev.ncomplete; i++) {
            const skel_completion *c = &ev.complete[i];
            if (v->T <= 0 && v->reqs[i] != 0 && v->reqs[i] != c->req)
                return vfail(v, "completed request", (long long)c->req, (long long)v->reqs[i]);
            if (c->index != y->links[i].index)
                return vfail(v, "index of a completed request", c->index, y->links[i].index);
            if (c->src >= 0 && is_wild(v, c->req))
                v->last_wild = c->src;
        }
    } else if (klass == SKEL_CLASS_WAIT && y->nlinks != 0) {
        return vfail(v, "requests completed", 0, y->nlinks);
    }
    int refers =
        klass == SKEL_CLASS_START || klass == SKEL_CLASS_REQFREE || klass == SKEL_CLASS_CANCEL;
    if (refers) {
        uint32_t n = ev.nreqs > 0 ? ev.nreqs : (ev.req != 0);
        if (n != y->nlinks)
            return vfail(v, "requests referred to", n, y->nlinks);
        for (uint32_t i = 0; i < n; i++) {
            uint64_t id = ev.nreqs > 0 ? ev.reqs[i] : ev.req;
            if (v->T <= 0 && v->reqs[i] != 0 && v->reqs[i] != id)
                return vfail(v, "request referred to", (long long)id, (long long)v->reqs[i]);
            if (klass == SKEL_CLASS_START)
                activate(v, v->reqs[i] ? v->reqs[i] : id);
        }
    }
    if (skel_call_creates_request(ev.call, klass) && ev.req != 0) {
        uint64_t id = ++v->last_req;
        if (ev.req != id)
            return vfail(v, "request id created", (long long)ev.req, (long long)id);
        activate(v, id);
        if (ev.peer == SKEL_PEER_ANY) {
            if (v->nwild == v->wild_cap) {
                uint32_t cap = v->wild_cap ? v->wild_cap * 2 : 16;
                uint64_t *nw = realloc(v->wild, cap * sizeof *nw);
                if (nw == NULL)
                    return skel_fail(SKEL_ENOMEM, "out of memory");
                v->wild = nw;
                v->wild_cap = cap;
            }
            v->wild[v->nwild++] = id;
            if (v->nwild > 4096) { /* keep the most recent ones */
                memmove(v->wild, v->wild + 2048, (v->nwild - 2048) * sizeof *v->wild);
                v->nwild -= 2048;
            }
        }
    }
    if (!pinned && ((ev.peer == SKEL_PEER_ANY && skel_class_is_receive(klass) && ev.asrc >= 0 &&
                     (klass != SKEL_CLASS_IPROBE || (ev.flags & SKEL_EVF_FLAG))) ||
                    (klass == SKEL_CLASS_SENDRECV && ev.peer2 == SKEL_PEER_ANY && ev.asrc >= 0)))
        v->last_wild = ev.asrc;
    v->index++;
    return 0;
}

int skel_compress_verify(const skel_trace *t, const skel_signature *s)
{
    uint32_t maxdist = 1;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        for (uint32_t k = 0; k < s->symbols[i].nlinks; k++)
            if (s->symbols[i].links[k].dist > maxdist)
                maxdist = s->symbols[i].links[k].dist;
    uint32_t cap = 16;
    while (cap < maxdist + 1 && cap < (1u << 24))
        cap *= 2;
    if (skel_trace_nranks(t) != s->nranks)
        return skel_fail(SKEL_EFORMAT, "the trace has %u ranks, the signature %u",
                         skel_trace_nranks(t), s->nranks);
    for (uint32_t r = 0; r < s->nranks; r++) {
        struct verify v = {
            .s = s, .rank = r, .T = s->threshold, .last_wild = SKEL_PEER_NONE, .logcap = cap};
        v.log = calloc(cap, sizeof *v.log);
        if (v.log == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        int rc = skel_trace_open_rank(t, r, &v.rd);
        skel_pollfold_init(&v.pf, v.rd, skel_symbols_call_ns(t, r));
        skel_pollfold_source(&v.pf, t, r);
        if (rc == SKEL_OK)
            rc = skel_sig_walk(s, s->ranks[r].cls, verify_symbol, &v);
        if (rc == SKEL_OK) {
            skel_event ev;
            uint64_t polls;
            int more = skel_pollfold_next(&v.pf, &ev, &polls);
            if (more > 0)
                rc = skel_fail(SKEL_EFORMAT,
                               "rank %u: the signature ends after %llu events, the "
                               "trace goes on with %s",
                               r, (unsigned long long)v.index, skel_call_name(ev.call));
            else if (more < 0)
                rc = more;
        }
        skel_pollfold_free(&v.pf);
        skel_rank_close(v.rd);
        free(v.log);
        free(v.reqs);
        free(v.wild);
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}
