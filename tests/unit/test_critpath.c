/* test_critpath.c - the critical path (runtime/critpath.c): on random but
 * consistent 2-4 rank traces (blocking and nonblocking point-to-point,
 * Sendrecv, blocking and nonblocking collectives, rooted or not, polls) the
 * streaming algorithm's length, the zeroing of every item and of a group of
 * items agree with a brute-force longest path over an explicitly built graph
 * of the same Program Activity Graph - with elapsed or CPU-time weights, in
 * one pass or two; plus profiles, --select, and a master/worker run's
 * zeroing ranking. */
#include <criterion/criterion.h>

#include "commtable.h"
#include "critpath.h"
#include "error.h"
#include "meta.h"
#include "pag.h"
#include "trace.h"
#include "writer.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXR   4
#define NSITES 12

static char dir[64];
static skel_writer *w[MAXR];
static uint64_t clk[MAXR], nreq[MAXR], nev[MAXR];
static int nranks;
static uint64_t rng;

static uint64_t rnd(uint64_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n ? rng % n : 0;
}

static void open_trace(int n)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-cp-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    nranks = n;
    skel_meta m = {.nranks = (uint32_t)n, .complete = 1};
    char p[128];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK);
    for (int r = 0; r < n; r++) {
        char name[64];
        skel_trace_rank_filename((uint32_t)r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {.rank = (uint32_t)r, .nranks = (uint32_t)n, .host = "h"};
        cr_assert_eq(skel_writer_open(p, &info, 4096, 1, &w[r]), SKEL_OK);
        for (uint32_t s = 0; s < NSITES; s++) {
            char fn[16];
            snprintf(fn, sizeof fn, "site%u", s);
            skel_site st = {.index = s,
                            .addr = 0x1000 + 16 * s,
                            .module = SKEL_COMM_NONE,
                            .func = fn,
                            .file = "",
                            .line = 0};
            cr_assert_eq(skel_writer_site(w[r], &st), SKEL_OK, "%s", skel_last_error());
        }
        clk[r] = 1000 * (uint64_t)r; /* launch skew */
        nreq[r] = 1;
        nev[r] = 0;
    }
}

/* Write ev on rank r starting at `start` (>= the rank's clock) and ending at `end`. */
static uint64_t put(int r, skel_event *ev, uint32_t site, uint64_t start, uint64_t end)
{
    cr_assert_geq(start, clk[r]);
    ev->gap_wall = nev[r] == 0 ? 0 : start - clk[r];
    ev->gap_cpu = ev->gap_wall - ev->gap_wall / 8; /* some of it off the CPU */
    ev->t_start = start;
    ev->t_end = end > start ? end : start;
    ev->site = site;
    clk[r] = ev->t_end;
    if (ev->req == 0 && skel_class_creates_request(skel_call_info(ev->call)->klass))
        ev->req = nreq[r]++;
    cr_assert_eq(skel_writer_event(w[r], ev), SKEL_OK, "rank %d: %s", r, skel_last_error());
    nev[r]++;
    return ev->req;
}

static void close_trace(void)
{
    for (int r = 0; r < nranks; r++) {
        skel_rank_end end = {.nevents = nev[r]};
        cr_assert_eq(skel_writer_finish(w[r], &end), SKEL_OK);
    }
}

static void remove_trace(void)
{
    if (getenv("SKEL_TEST_KEEP") != NULL) {
        fprintf(stderr, "kept %s\n", dir);
        return;
    }
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char p[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d != NULL)
        closedir(d);
    rmdir(dir);
}

/* ---- random consistent traces ---------------------------------------------------------- */

struct pend {
    uint64_t req;
    int recv;       /* 1 receive, 0 send, 2 nonblocking collective */
    int src;        /* receives: the sender */
    uint64_t avail; /* when what it waits for is there */
    uint16_t call;
};

static struct pend pending[MAXR][64];
static int npend[MAXR];

static uint64_t at(int r)
{
    return clk[r] + rnd(3000);
}

static void waitall(int r)
{
    if (npend[r] == 0)
        return;
    skel_event ev;
    skel_completion c[64];
    skel_event_init(&ev);
    ev.call = npend[r] == 1 ? SKEL_CALL_MPI_Wait : SKEL_CALL_MPI_Waitall;
    uint64_t start = at(r), end = start + rnd(200);
    for (int i = 0; i < npend[r]; i++) {
        struct pend *p = &pending[r][i];
        c[i] = (skel_completion){.req = p->req,
                                 .call = p->call,
                                 .index = (uint32_t)i,
                                 .src = p->recv == 1 ? p->src : SKEL_PEER_NONE,
                                 .tag = p->recv == 1 ? 0 : SKEL_TAG_NONE,
                                 .bytes = 64};
        if (p->avail + 100 > end)
            end = p->avail + 100 + rnd(300);
    }
    ev.ncomplete = (uint32_t)npend[r];
    ev.complete = c;
    put(r, &ev, 5, start, end);
    npend[r] = 0;
}

static void p2p_event(skel_event *ev, int call, int peer, uint64_t bytes)
{
    skel_event_init(ev);
    ev->call = (uint16_t)call;
    ev->peer = peer;
    ev->tag = 0;
    ev->count = (int64_t)bytes;
    ev->dtsize = 1;
    ev->bytes = bytes;
}

static void random_trace(int n, int nops)
{
    open_trace(n);
    memset(npend, 0, sizeof npend);
    for (int r = 0; r < n; r++) {
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Init;
        put(r, &ev, 0, clk[r], clk[r] + 5000 + rnd(5000));
    }
    static const int colls[] = {SKEL_CALL_MPI_Barrier, SKEL_CALL_MPI_Allreduce,
                                SKEL_CALL_MPI_Bcast,   SKEL_CALL_MPI_Reduce,
                                SKEL_CALL_MPI_Gather,  SKEL_CALL_MPI_Scatter};
    for (int op = 0; op < nops; op++) {
        int kind = (int)rnd(7);
        int a = (int)rnd((uint64_t)n),
            b = (int)((uint64_t)(a + 1 + (int)rnd((uint64_t)n - 1)) % (uint64_t)n);
        uint64_t bytes = 1u << rnd(16);
        skel_event ev;
        if (kind == 0) { /* blocking send and receive */
            p2p_event(&ev, SKEL_CALL_MPI_Send, b, bytes);
            uint64_t ss = at(a);
            put(a, &ev, 1, ss, ss + rnd(300));
            p2p_event(&ev, SKEL_CALL_MPI_Recv, a, bytes);
            ev.asrc = a;
            ev.atag = 0;
            ev.rbytes = bytes;
            uint64_t rs = at(b), re = rs + rnd(200);
            if (ss + 200 > re)
                re = ss + 200 + rnd(500);
            put(b, &ev, 2, rs, re);
        } else if (kind == 1 && npend[a] < 60 && npend[b] < 60) { /* nonblocking */
            p2p_event(&ev, SKEL_CALL_MPI_Irecv, a, bytes);
            uint64_t rq = put(b, &ev, 4, at(b), clk[b] + rnd(100));
            p2p_event(&ev, SKEL_CALL_MPI_Isend, b, bytes);
            uint64_t ss = at(a);
            uint64_t sq = put(a, &ev, 3, ss, ss + rnd(200));
            pending[b][npend[b]++] = (struct pend){
                .req = rq, .recv = 1, .src = a, .avail = ss, .call = SKEL_CALL_MPI_Irecv};
            pending[a][npend[a]++] =
                (struct pend){.req = sq, .recv = 0, .avail = 0, .call = SKEL_CALL_MPI_Isend};
        } else if (kind == 2) { /* a blocking collective */
            int call = colls[rnd(6)];
            int root = (int)rnd((uint64_t)n);
            uint64_t st[MAXR], last = 0;
            for (int r = 0; r < n; r++) {
                st[r] = at(r);
                if (st[r] > last)
                    last = st[r];
            }
            for (int r = 0; r < n; r++) {
                skel_event_init(&ev);
                ev.call = (uint16_t)call;
                ev.root = root;
                ev.count = (int64_t)bytes;
                ev.dtsize = 1;
                ev.bytes = bytes;
                ev.rbytes = bytes;
                put(r, &ev, 6, st[r], last + 300 + rnd(400));
            }
        } else if (kind == 3) { /* a nonblocking collective, completed later */
            int ok = 1;
            for (int r = 0; r < n; r++)
                ok &= npend[r] < 60;
            if (!ok)
                continue;
            uint64_t last = 0, st[MAXR];
            for (int r = 0; r < n; r++) {
                st[r] = at(r);
                if (st[r] > last)
                    last = st[r];
            }
            int call = rnd(2) ? SKEL_CALL_MPI_Iallreduce : SKEL_CALL_MPI_Ibarrier;
            for (int r = 0; r < n; r++) {
                skel_event_init(&ev);
                ev.call = (uint16_t)call;
                ev.count = (int64_t)bytes;
                ev.dtsize = 1;
                ev.bytes = ev.rbytes = call == SKEL_CALL_MPI_Ibarrier ? 0 : bytes;
                uint64_t rq = put(r, &ev, 7, st[r], st[r] + rnd(100));
                pending[r][npend[r]++] =
                    (struct pend){.req = rq, .recv = 2, .avail = last, .call = (uint16_t)call};
            }
        } else if (kind == 4) { /* an exchange */
            uint64_t sa = at(a), sb = at(b);
            uint64_t ea = (sb > sa ? sb : sa) + 300 + rnd(300);
            uint64_t eb = (sb > sa ? sb : sa) + 300 + rnd(300);
            p2p_event(&ev, SKEL_CALL_MPI_Sendrecv, b, bytes);
            ev.peer2 = b;
            ev.tag2 = 0;
            ev.asrc = b;
            ev.atag = 0;
            ev.rbytes = bytes;
            put(a, &ev, 8, sa, ea);
            p2p_event(&ev, SKEL_CALL_MPI_Sendrecv, a, bytes);
            ev.peer2 = a;
            ev.tag2 = 0;
            ev.asrc = a;
            ev.atag = 0;
            ev.rbytes = bytes;
            put(b, &ev, 8, sb, eb);
        } else if (kind == 5) { /* complete what a rank has pending */
            waitall(a);
        } else { /* local work: a probe that finds nothing */
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Iprobe;
            ev.peer = SKEL_PEER_ANY;
            ev.tag = SKEL_TAG_ANY;
            uint64_t s = at(a);
            put(a, &ev, 9, s, s + rnd(50));
        }
    }
    for (int r = 0; r < n; r++) {
        waitall(r);
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Finalize;
        uint64_t s = at(r);
        put(r, &ev, 10, s, s);
    }
    close_trace();
}

/* ---- the brute force ---------------------------------------------------------------------- */

struct arc {
    uint32_t from, to;
    double w;    /* weight charged to items */
    double free; /* weight charged to none (launch, tracer pauses) */
    int cat[2];  /* categories of the items charged, -1 for none */
    uint32_t id[2];
};

struct graph {
    struct arc *a;
    size_t na, cap;
    uint32_t nnodes;
    uint32_t *end_nodes;
    size_t nend;
};

static void arc(struct graph *g, uint32_t from, uint32_t to, double wt, double fr, int c0,
                uint32_t i0, int c1, uint32_t i1)
{
    if (g->na == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 256;
        g->a = realloc(g->a, g->cap * sizeof *g->a);
        cr_assert_not_null(g->a);
    }
    g->a[g->na++] =
        (struct arc){.from = from, .to = to, .w = wt, .free = fr, .cat = {c0, c1}, .id = {i0, i1}};
}

struct key {
    uint32_t rank;
    uint64_t seq;
    uint32_t node; /* S node; X = node + 1, E = node + 2 */
};

static uint32_t node_of(const struct key *keys, size_t n, uint32_t rank, uint64_t seq)
{
    for (size_t i = 0; i < n; i++)
        if (keys[i].rank == rank && keys[i].seq == seq)
            return keys[i].node;
    cr_assert_fail("no node for rank %u event %llu", rank, (unsigned long long)seq);
    return 0;
}

/* Build the graph of the trace's PAG, as critpath.h describes it (CPU time
 * only: the weights of --off-cpu drop). */
static void build(struct graph *g, const skel_commtable *table, int cpu_only)
{
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    skel_pag *pg;
    struct skel_pag_opts po = {.table = table};
    cr_assert_eq(skel_pag_open(t, &po, &pg), SKEL_OK, "%s", skel_last_error());
    memset(g, 0, sizeof *g);
    g->nnodes = 1; /* node 0: the start of the run */
    struct key *keys = NULL;
    size_t nkeys = 0;
    uint32_t last_end[MAXR];
    int seen[MAXR] = {0};
    skel_pag_batch b;
    int rc;
    while ((rc = skel_pag_next(pg, &b)) == 1) {
        for (uint32_t k = 0; k < b.nsteps; k++) {
            keys = realloc(keys, (nkeys + 1) * sizeof *keys);
            keys[nkeys++] = (struct key){b.steps[k].rank, b.steps[k].seq, g->nnodes};
            g->nnodes += 3;
        }
        for (uint32_t k = 0; k < b.nsteps; k++) {
            const skel_pag_step *s = &b.steps[k];
            uint32_t S = node_of(keys, nkeys, s->rank, s->seq), X = S + 1, E = S + 2;
            int C = SKEL_CRITPATH_CALL, Si = SKEL_CRITPATH_SITE, P = SKEL_CRITPATH_PHASE;
            if (!seen[s->rank])
                arc(g, 0, S, 0, s->start_ns, -1, 0, -1, 0);
            else if (cpu_only)
                arc(g, last_end[s->rank], S, s->gap_cpu, 0, P, s->phase, -1, 0);
            else
                arc(g, last_end[s->rank], S, s->gap_cpu + s->gap_off, s->tracer_ns, P, s->phase, -1,
                    0);
            seen[s->rank] = 1;
            last_end[s->rank] = E;
            arc(g, S, X, 0, 0, -1, 0, -1, 0);
            arc(g, X, E, cpu_only ? (s->local_delay ? 0 : s->local) : s->local + s->local_off, 0, C,
                s->call, Si, s->site);
            for (uint32_t i = 0; i < s->nmsg; i++)
                arc(g, node_of(keys, nkeys, s->msg[i].src, s->msg[i].src_seq), X, s->msg[i].lat_ns,
                    0, C, s->call, Si, s->site);
            if (s->coll != NULL) {
                const skel_pag_coll *c = s->coll;
                for (uint32_t j = 0; s->coll_waits && j < c->size; j++) {
                    if (c->sync == SKEL_PAG_SYNC_FROM_ROOT && j != c->root)
                        continue;
                    arc(g, node_of(keys, nkeys, c->ranks[j], c->seqs[j]), X, s->coll_cost_ns, 0, C,
                        s->call, Si, s->site);
                }
            }
            g->end_nodes = realloc(g->end_nodes, (g->nend + 1) * sizeof *g->end_nodes);
            g->end_nodes[g->nend++] = E;
        }
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    free(keys);
    skel_pag_close(pg);
    skel_trace_close(t);
}

/* Longest path with the weights of the items (cat[i], id[i]) set to zero,
 * by relaxing every arc until nothing changes. */
static double longest_set(const struct graph *g, int n, const int *cat, const uint32_t *id)
{
    double *d = malloc(g->nnodes * sizeof *d);
    for (uint32_t i = 0; i < g->nnodes; i++)
        d[i] = -INFINITY;
    d[0] = 0;
    for (int changed = 1, rounds = 0; changed; rounds++) {
        cr_assert_lt(rounds, (int)g->nnodes + 2, "the graph has a cycle");
        changed = 0;
        for (size_t i = 0; i < g->na; i++) {
            const struct arc *a = &g->a[i];
            if (d[a->from] == -INFINITY)
                continue;
            int zero = 0;
            for (int k = 0; k < n; k++)
                zero |= (a->cat[0] == cat[k] && a->id[0] == id[k]) ||
                        (a->cat[1] == cat[k] && a->id[1] == id[k]);
            double v = d[a->from] + a->free + (zero ? 0 : a->w);
            if (v > d[a->to]) {
                d[a->to] = v;
                changed = 1;
            }
        }
    }
    double best = -INFINITY;
    for (size_t i = 0; i < g->nend; i++)
        if (d[g->end_nodes[i]] > best)
            best = d[g->end_nodes[i]];
    free(d);
    return best;
}

/* ... with the weights of item (cat, id) zeroed (cat -1: none). */
static double longest(const struct graph *g, int cat, uint32_t id)
{
    return longest_set(g, cat >= 0, &cat, &id);
}

static skel_commtable *table(void)
{
    skel_commtable *t;
    cr_assert_eq(skel_commtable_new("test", &t), SKEL_OK);
    for (uint64_t size = 0; size <= 1 << 20; size = size ? size * 8 : 1) {
        double v = 150 + 0.01 * (double)size;
        struct skel_commtable_row row = {
            .kind = SKEL_COMMTABLE_SAME_HOST, .size = size, .min_ns = v, .median_ns = v};
        cr_assert_eq(skel_commtable_add(t, &row), SKEL_OK);
    }
    return t;
}

static void check_against_brute_force(const skel_commtable *tab, int trial, unsigned zero_cap,
                                      int cpu_only)
{
    struct graph g;
    build(&g, tab, cpu_only);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK);
    /* a group: the call MPI_Recv and the call site of the MPI_Isends */
    struct skel_critpath_opts o = {.table = tab,
                                   .top = 1000,
                                   .zero_cap = zero_cap,
                                   .zero_group = "^(MPI_Recv|0x1030)$",
                                   .cpu_only = cpu_only};
    struct skel_critpath_result res;
    cr_assert_eq(skel_critpath_run(t, &o, &res), SKEL_OK, "trial %d: %s", trial, skel_last_error());
    double brute = longest(&g, -1, 0);
    double tol = 1e-9 * brute + 1e-6;
    cr_assert_float_eq(res.length_ns, brute, tol, "trial %d: streaming %.3f, brute force %.3f",
                       trial, res.length_ns, brute);
    cr_expect_leq(res.length_ns, res.run_ns + tol, "trial %d: longer than the run", trial);
    double calls = 0, sites = 0, phases = 0;
    int zeroed = 0;
    for (size_t i = 0; i < res.nitems; i++) {
        const struct skel_critpath_item *it = &res.items[i];
        if (it->category == SKEL_CRITPATH_CALL)
            calls += it->cp_ns;
        else if (it->category == SKEL_CRITPATH_SITE)
            sites += it->cp_ns;
        else
            phases += it->cp_ns;
        if (it->zero_ns < 0)
            continue;
        zeroed++;
        double z = brute - longest(&g, it->category, it->id);
        cr_expect_float_eq(it->zero_ns, z, tol, "trial %d: zeroing %s %s: %.3f, brute force %.3f",
                           trial, skel_critpath_category_name(it->category), it->name, it->zero_ns,
                           z);
        /* the path found still exists without the item: the saving is at
         * most the item's share of it */
        cr_expect_leq(it->zero_ns, it->cp_ns + tol, "trial %d: %s", trial, it->name);
    }
    cr_expect_gt(zeroed, 0);
    /* the group, zeroed together */
    int gcat[2];
    uint32_t gid[2];
    int ng = 0;
    for (size_t i = 0; i < res.nitems; i++)
        if ((res.items[i].category == SKEL_CRITPATH_CALL &&
             strcmp(res.items[i].name, "MPI_Recv") == 0) ||
            (res.items[i].category == SKEL_CRITPATH_SITE &&
             strcmp(res.items[i].name, "0x1030") == 0)) {
            gcat[ng] = res.items[i].category;
            gid[ng++] = res.items[i].id;
        }
    cr_expect_eq(res.group_items, (uint32_t)ng, "trial %d", trial);
    double gz = brute - longest_set(&g, ng, gcat, gid);
    cr_expect_float_eq(res.group_zero_ns, gz, tol,
                       "trial %d: zeroing the group: %.3f, brute force %.3f", trial,
                       res.group_zero_ns, gz);
    /* calls and sites are two views of the same time */
    cr_expect_float_eq(calls, sites, tol, "trial %d", trial);
    cr_expect_leq(calls + phases, res.length_ns + tol, "trial %d", trial);
    for (uint32_t r = 0; r < res.nranks; r++)
        cr_expect_leq(res.busy_ns[r], res.length_ns + tol, "trial %d: rank %u busier than the path",
                      trial, r);
    skel_critpath_result_free(&res);
    skel_trace_close(t);
    free(g.a);
    free(g.end_nodes);
}

Test(critpath, agrees_with_brute_force_on_random_traces)
{
    skel_commtable *tab = table();
    for (int trial = 0; trial < 60; trial++) {
        rng = 0x9e3779b97f4a7c15ull * (uint64_t)(trial + 1);
        random_trace(2 + trial % 3, 10 + (int)rnd(40));
        /* every third trace: few items zeroed in the first pass, the rest in
         * a second pass */
        check_against_brute_force(trial % 2 ? tab : NULL, trial, trial % 3 == 0 ? 3 : 0,
                                  trial % 4 == 1);
        remove_trace();
    }
    skel_commtable_free(tab);
}

Test(critpath, select_chooses_items)
{
    rng = 12345;
    random_trace(3, 40);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK);
    struct skel_critpath_opts o = {.select = "^MPI_(Send|Recv)$|site9", .top = 3};
    struct skel_critpath_result res;
    cr_assert_eq(skel_critpath_run(t, &o, &res), SKEL_OK, "%s", skel_last_error());
    cr_expect_gt(res.nitems, 0);
    for (size_t i = 0; i < res.nitems; i++) {
        const struct skel_critpath_item *it = &res.items[i];
        if (it->category == SKEL_CRITPATH_CALL)
            cr_expect(strcmp(it->name, "MPI_Send") == 0 || strcmp(it->name, "MPI_Recv") == 0, "%s",
                      it->name);
        else
            cr_expect(strstr(it->name, "0x1090") != NULL || strstr(it->detail, "MPI_Send") ||
                          strstr(it->detail, "MPI_Recv") || strstr(it->name, "0x1010") ||
                          strstr(it->name, "0x1020"),
                      "%s (%s)", it->name, it->detail);
    }
    skel_critpath_result_free(&res);
    o.select = "(unclosed";
    cr_expect_eq(skel_critpath_run(t, &o, &res), SKEL_EUSAGE);
    cr_expect(strstr(skel_last_error(), "--select") != NULL, "%s", skel_last_error());
    skel_trace_close(t);
    remove_trace();
}

/* Hollingsworth Fig. 8 in miniature: a master prepares each task (700) for two
 * workers that compute it (1000).  The workers use more CPU, but the run is
 * the master's: zeroing its preparation saves more than zeroing the work. */
Test(critpath, master_worker_zeroing)
{
    open_trace(3);
    skel_event ev;
    for (int r = 0; r < 3; r++) {
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Init;
        put(r, &ev, 0, 2000, 2000);
    }
    uint64_t t = 2000, wfree[3] = {0, 2000, 2000};
    for (int task = 0; task < 20; task++) {
        int wk = 1 + task % 2;
        t += 700; /* prepare: master phase Init/Send -> Send (site 1) */
        p2p_event(&ev, SKEL_CALL_MPI_Send, wk, 64);
        put(0, &ev, 1, t, t + 10);
        t += 10;
        uint64_t rs = wfree[wk];
        p2p_event(&ev, SKEL_CALL_MPI_Recv, 0, 64);
        ev.asrc = 0;
        ev.atag = 0;
        ev.rbytes = 64;
        put(wk, &ev, 2, rs, t + 5);
        /* the worker computes, then its result goes nowhere (a local probe) */
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Iprobe;
        put(wk, &ev, 3, t + 5 + 1000, t + 5 + 1000);
        wfree[wk] = t + 1005;
    }
    for (int r = 0; r < 3; r++) {
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Finalize;
        uint64_t s = r == 0 ? t : wfree[r];
        put(r, &ev, 10, s, s);
    }
    close_trace();
    skel_trace *tr;
    cr_assert_eq(skel_trace_open(dir, &tr), SKEL_OK);
    struct skel_critpath_opts o = {.top = 10};
    struct skel_critpath_result res;
    cr_assert_eq(skel_critpath_run(tr, &o, &res), SKEL_OK, "%s", skel_last_error());
    const struct skel_critpath_item *prep = NULL, *work = NULL;
    for (size_t i = 0; i < res.nitems; i++) {
        const struct skel_critpath_item *it = &res.items[i];
        if (it->category != SKEL_CRITPATH_PHASE)
            continue;
        if (strstr(it->name, "0x1010 -> ") && strstr(it->name, "-> 0x1010"))
            prep = it; /* Send -> Send */
        if (strstr(it->name, "0x1020 -> 0x1030"))
            work = it; /* Recv -> Iprobe */
    }
    cr_assert_not_null(prep);
    cr_assert_not_null(work);
    cr_expect_gt(work->cpu_ns, prep->cpu_ns, "the workers compute more (%.0f vs %.0f)",
                 work->cpu_ns, prep->cpu_ns);
    cr_expect_gt(prep->zero_ns, work->zero_ns,
                 "zeroing the master's preparation (%.0f) "
                 "saves more than zeroing the work (%.0f)",
                 prep->zero_ns, work->zero_ns);
    skel_critpath_result_free(&res);
    skel_trace_close(tr);
    remove_trace();
}

/* A message received long after it was sent: its source's state outlives
 * the 4096 newer sources of its rank that take the slots of the pass's
 * direct-mapped table (critpath.c, SRC_FRONT), so it must move aside and
 * still be found, with the path the brute force finds. */
Test(critpath, a_source_outliving_many_newer_ones)
{
    open_trace(2);
    skel_event ev;
    for (int r = 0; r < 2; r++) {
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Init;
        put(r, &ev, 0, 1000 + 4000 * (uint64_t)r, 9000);
    }
    /* rank 0: the early message (tag 7), then 6000 more (tag 0) */
    p2p_event(&ev, SKEL_CALL_MPI_Isend, 1, 64);
    ev.tag = 7;
    uint64_t rq = put(0, &ev, 3, 9100, 9200);
    uint64_t t = 9200;
    const int nmsg = 6000;
    for (int i = 0; i < nmsg; i++) {
        p2p_event(&ev, SKEL_CALL_MPI_Send, 1, 64);
        put(0, &ev, 1, t + 50, t + 60);
        t += 60;
    }
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Wait;
    skel_completion c = {
        .req = rq, .call = SKEL_CALL_MPI_Isend, .src = SKEL_PEER_NONE, .tag = SKEL_TAG_NONE};
    ev.ncomplete = 1;
    ev.complete = &c;
    put(0, &ev, 5, t + 10, t + 20);
    /* rank 1: receives the 6000 in order, then the early one, which waits
     * for a long computation of its own first */
    uint64_t u = 9000;
    for (int i = 0; i < nmsg; i++) {
        p2p_event(&ev, SKEL_CALL_MPI_Recv, 0, 64);
        ev.asrc = 0;
        ev.atag = 0;
        ev.rbytes = 64;
        uint64_t send_end = 9200 + 60 * (uint64_t)(i + 1);
        uint64_t st = u + 20 > send_end - 30 ? u + 20 : send_end - 30;
        put(1, &ev, 2, st, send_end + 15);
        u = send_end + 15;
    }
    p2p_event(&ev, SKEL_CALL_MPI_Recv, 0, 64);
    ev.asrc = 0;
    ev.tag = 7;
    ev.atag = 7;
    ev.rbytes = 64;
    put(1, &ev, 4, u + 500000, u + 500100);
    for (int r = 0; r < 2; r++) {
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Finalize;
        put(r, &ev, 10, clk[r] + 100, clk[r] + 100);
    }
    close_trace();
    struct graph g;
    build(&g, NULL, 0);
    skel_trace *tr;
    cr_assert_eq(skel_trace_open(dir, &tr), SKEL_OK);
    struct skel_critpath_opts o = {.top = 0};
    struct skel_critpath_result res;
    cr_assert_eq(skel_critpath_run(tr, &o, &res), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(res.messages, (uint64_t)nmsg + 1);
    double brute = longest(&g, -1, 0);
    cr_expect_float_eq(res.length_ns, brute, 1e-9 * brute + 1e-6,
                       "streaming %.3f, brute force %.3f", res.length_ns, brute);
    skel_critpath_result_free(&res);
    skel_trace_close(tr);
    free(g.a);
    free(g.end_nodes);
    remove_trace();
}

/* The time zeroing the compute phase between sites from and to saves. */
static double zero_of(const struct skel_critpath_result *res, const char *from, const char *to)
{
    for (size_t i = 0; i < res->nitems; i++)
        if (res->items[i].category == SKEL_CRITPATH_PHASE && strstr(res->items[i].name, from) &&
            strstr(res->items[i].name, to))
            return res->items[i].zero_ns;
    cr_assert_fail("no phase %s %s", from, to);
    return -1;
}

/* Two ranks: MPI_Init and MPI_Win_create of window 0 (sites 0, 1) at 2000. */
static void win_open(void)
{
    open_trace(2);
    skel_event ev;
    for (int r = 0; r < 2; r++) {
        skel_object o = {.index = 0, .kind = SKEL_OBJ_WIN, .comm = SKEL_COMM_WORLD, .name = ""};
        cr_assert_eq(skel_writer_object(w[r], &o), SKEL_OK, "%s", skel_last_error());
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Init;
        put(r, &ev, 0, 2000, 2000);
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Win_create;
        ev.obj = 0;
        put(r, &ev, 1, 2000, 2000);
    }
}

/* MPI_Win_free (site 2) ending at 6000, beginning at free0 on rank 0 and
 * free1 on rank 1, then MPI_Finalize (site 3) at 6010. */
static void win_close(uint64_t free0, uint64_t free1)
{
    skel_event ev;
    for (int r = 0; r < 2; r++) {
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Win_free;
        ev.obj = 0;
        put(r, &ev, 2, r == 0 ? free0 : free1, 6000);
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Finalize;
        put(r, &ev, 3, 6010, 6010);
    }
    close_trace();
}

/* The critical path of the trace win_open() .. win_close() wrote, which
 * ends at 6010 (4010 ns after the start). */
static void win_critpath(struct skel_critpath_result *res)
{
    skel_trace *tr;
    cr_assert_eq(skel_trace_open(dir, &tr), SKEL_OK);
    struct skel_critpath_opts o = {.top = 20};
    cr_assert_eq(skel_critpath_run(tr, &o, res), SKEL_OK, "%s", skel_last_error());
    cr_expect_float_eq(res->length_ns, 4010.0, 1e-6, "critical path %g", res->length_ns);
    skel_trace_close(tr);
}

/* MPICH's MPI_Win_fence waits for the window's last member
 * (docs/predictions.md, "One-sided synchronisation"): rank 0 computes 1000
 * ns and waits 3000 ns in the fence for rank 1, which computes 4000.
 * Zeroing rank 1's compute phase before the fence (sites 1 -> 5) makes the
 * run 3000 ns shorter: the fence then ends when rank 0 arrives.  With the
 * fence as rank 0's own work (the old model) the zeroing saved nothing. */
Test(critpath, fence_waits_for_the_last_member)
{
    win_open();
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Win_fence;
    ev.obj = 0;
    put(0, &ev, 4, 3000, 6000);
    put(1, &ev, 5, 6000, 6000);
    win_close(6000, 6000);
    struct skel_critpath_result res;
    win_critpath(&res);
    double z = zero_of(&res, "0x1010 -> ", "-> 0x1050");
    cr_expect_float_eq(z, 3000.0, 1e-6, "zeroing the late rank's compute saves %g ns", z);
    skel_critpath_result_free(&res);
    remove_trace();
}

/* A passive-target call waits for its target's next MPI call
 * (docs/predictions.md, "Passive target"): rank 1's MPI_Win_lock on rank 0
 * (3000..6000) ended when rank 0, computing 4000 ns, made its next call at
 * 6000.  Zeroing rank 0's compute before that call (sites 1 -> 4) lets the
 * lock end when it began: the run is 3000 ns shorter.  With the lock's wait
 * as its own work (before 2026-11-29) the zeroing saved nothing, and
 * rank 1 was busy 4010 ns, not 1010.  A lock that ended before its
 * target's next call (3000..3500) did not wait for it: its 500 ns are its
 * own work (rank 1 busy 1510 ns), and zeroing rank 0's compute saves what
 * rank 1 waited in MPI_Win_free. */
static void passive_trace(uint64_t lock_end)
{
    win_open();
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Win_lock;
    ev.obj = 0;
    ev.peer = 0;
    put(1, &ev, 5, 3000, lock_end);
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Win_unlock;
    ev.obj = 0;
    ev.peer = 0;
    put(1, &ev, 6, lock_end, lock_end);
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Win_flush;
    ev.obj = 0;
    ev.peer = 0; /* on its own window: needs nobody */
    put(0, &ev, 4, 6000, 6000);
    win_close(6000, lock_end); /* rank 1 waits in MPI_Win_free for rank 0 */
}

Test(critpath, passive_target_waits_for_the_targets_next_call)
{
    passive_trace(6000);
    struct skel_critpath_result res;
    win_critpath(&res);
    double z = zero_of(&res, "0x1010 -> ", "-> 0x1040");
    cr_expect_float_eq(z, 3000.0, 1e-6, "zeroing the target's compute saves %g ns", z);
    cr_expect_float_eq(res.busy_ns[1], 1010.0, 1e-6, "rank 1 busy %g ns", res.busy_ns[1]);
    skel_critpath_result_free(&res);
    remove_trace();

    passive_trace(3500);
    win_critpath(&res);
    z = zero_of(&res, "0x1010 -> ", "-> 0x1040");
    cr_expect_float_eq(z, 2500.0, 1e-6, "zeroing the target's compute saves %g ns", z);
    cr_expect_float_eq(res.busy_ns[1], 1510.0, 1e-6, "rank 1 busy %g ns", res.busy_ns[1]);
    skel_critpath_result_free(&res);
    remove_trace();
}
