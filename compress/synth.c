/* synth.c - write synthetic traces of regular MPI programs (see synth.h). */
#include "synth.h"

#include "error.h"
#include "trace.h"
#include "writer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Call sites of the synthetic program, one per MPI call in its "source". */
enum {
    SITE_INIT,
    SITE_CART,
    SITE_IRECV0, /* 4 of them */
    SITE_ISEND0 = SITE_IRECV0 + 4,
    SITE_WAITALL = SITE_ISEND0 + 4,
    SITE_ALLREDUCE,
    SITE_REDUCE,
    SITE_MW_RECV,
    SITE_MW_SEND,
    SITE_W_SEND,
    SITE_W_RECV,
    SITE_GATHER,
    SITE_SENDRECV,
    SITE_BCAST,
    SITE_MW_IRECV,
    SITE_MW_TEST,
    SITE_FINALIZE,
    SITE_GRAPH,
    SITE__COUNT
};

struct gen {
    skel_writer *w;
    const skel_synth_opts *o;
    uint32_t rank;
    uint64_t t;    /* end of the previous event */
    uint64_t nreq; /* last request id */
    uint64_t rng;  /* xorshift state */
    uint64_t nevents;
};

static uint64_t next_rand(struct gen *g)
{
    uint64_t x = g->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    g->rng = x;
    return x;
}

/* Uniform in [-1, 1]. */
static double unit(struct gen *g)
{
    return (double)(next_rand(g) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

static uint64_t jitter(struct gen *g, uint64_t base, double j)
{
    if (j <= 0.0)
        return base;
    double v = (double)base * (1.0 + unit(g) * j);
    return v < 1.0 ? 1 : (uint64_t)v;
}

/* The stencil's compute per iteration on this rank (slow_rank's is
 * slow_factor times the others'). */
static uint64_t rank_gap(const struct gen *g)
{
    const skel_synth_opts *o = g->o;
    if (o->slow_factor > 0 && g->rank == o->slow_rank)
        return (uint64_t)((double)o->gap_ns * o->slow_factor);
    return o->gap_ns;
}

/* Message size in whole doubles. */
static uint64_t msg_count(struct gen *g)
{
    uint64_t b = jitter(g, g->o->bytes, g->o->bytes_jitter);
    return b / 8 > 0 ? b / 8 : 1;
}

static int emit(struct gen *g, skel_event *ev, uint64_t gap, uint64_t dur)
{
    ev->seq = g->nevents;
    ev->t_start = g->t + gap;
    ev->t_end = ev->t_start + dur;
    ev->gap_wall = gap;
    ev->gap_cpu = gap;
    g->t = ev->t_end;
    g->nevents++;
    return skel_writer_event(g->w, ev);
}

static void base_event(skel_event *ev, unsigned call, uint32_t site, uint32_t comm)
{
    skel_event_init(ev);
    ev->call = (uint16_t)call;
    ev->site = site;
    ev->comm = comm;
}

static void p2p(skel_event *ev, int32_t peer, int32_t tag, uint64_t count)
{
    ev->peer = peer;
    ev->tag = tag;
    ev->count = (int64_t)count;
    ev->dtsize = 8;
    ev->bytes = count * 8;
}

/* Process grid like MPI_Dims_create for 2 dimensions: dims[0] >= dims[1]. */
static void grid(uint32_t n, int32_t dims[2])
{
    uint32_t b = 1;
    for (uint32_t d = 1; d * d <= n; d++)
        if (n % d == 0)
            b = d;
    dims[0] = (int32_t)(n / b);
    dims[1] = (int32_t)b;
}

/* The grid's neighbours as a distributed graph communicator of the Cartesian
 * one (slot 3): sources and destinations are the neighbours that exist. */
static int graph_comm(struct gen *g, const int32_t nb[4])
{
    uint32_t n = g->o->nranks, k = 0;
    int32_t *members = malloc(n * sizeof *members), adj[4];
    if (members == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < n; i++)
        members[i] = (int32_t)i;
    for (int d = 0; d < 4; d++)
        if (nb[d] != SKEL_PEER_NULL)
            adj[k++] = nb[d];
    skel_comm c = {.index = 3,
                   .gid = 1001,
                   .parent = 2,
                   .created_by = SKEL_CALL_MPI_Dist_graph_create_adjacent,
                   .flags = SKEL_COMMF_GRAPH | SKEL_COMMF_ADJ,
                   .size = n,
                   .members = members,
                   .nin = k,
                   .nout = k,
                   .in = adj,
                   .out = adj};
    int rc = skel_writer_comm(g->w, &c);
    free(members);
    if (rc != SKEL_OK)
        return rc;
    skel_event ev;
    base_event(&ev, SKEL_CALL_MPI_Dist_graph_create_adjacent, SITE_GRAPH, 2);
    ev.newcomm = 3;
    return emit(g, &ev, 1000, 20000);
}

static int stencil(struct gen *g)
{
    const skel_synth_opts *o = g->o;
    int32_t dims[2], periods[2] = {0, 0};
    grid(o->nranks, dims);
    int32_t x = (int32_t)g->rank / dims[1], y = (int32_t)g->rank % dims[1];
    /* Neighbours: -x, +x, -y, +y; MPI_PROC_NULL across the border. */
    int32_t nb[4];
    nb[0] = x > 0 ? (x - 1) * dims[1] + y : SKEL_PEER_NULL;
    nb[1] = x + 1 < dims[0] ? (x + 1) * dims[1] + y : SKEL_PEER_NULL;
    nb[2] = y > 0 ? x * dims[1] + y - 1 : SKEL_PEER_NULL;
    nb[3] = y + 1 < dims[1] ? x * dims[1] + y + 1 : SKEL_PEER_NULL;

    int32_t *members = malloc(o->nranks * sizeof *members);
    if (members == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < o->nranks; i++)
        members[i] = (int32_t)i;
    skel_comm cart = {.index = 2,
                      .gid = 1000,
                      .parent = SKEL_COMM_WORLD,
                      .created_by = SKEL_CALL_MPI_Cart_create,
                      .flags = SKEL_COMMF_CART,
                      .size = o->nranks,
                      .members = members,
                      .ndims = 2,
                      .dims = dims,
                      .periods = periods};
    int rc = skel_writer_comm(g->w, &cart);
    free(members);
    if (rc != SKEL_OK)
        return rc;

    skel_event ev;
    base_event(&ev, SKEL_CALL_MPI_Cart_create, SITE_CART, SKEL_COMM_WORLD);
    ev.newcomm = 2;
    if ((rc = emit(g, &ev, 5000, 20000)) != SKEL_OK)
        return rc;
    if (o->graph && (rc = graph_comm(g, nb)) != SKEL_OK)
        return rc;

    skel_completion done[8];
    for (uint64_t it = 0; it < o->iterations; it++) {
        uint32_t nd = 0;
        for (int d = 0; d < 8; d++) {
            int send = d >= 4;
            int dir = d % 4;
            if (o->skip_border && nb[dir] == SKEL_PEER_NULL)
                continue;
            base_event(&ev, send ? SKEL_CALL_MPI_Isend : SKEL_CALL_MPI_Irecv,
                       (uint32_t)(send ? SITE_ISEND0 : SITE_IRECV0) + (uint32_t)dir, 2);
            /* A message travelling in direction k carries tag k + 1: a receive
             * from the -x neighbour takes what it sent towards +x. */
            int32_t tag = send ? dir + 1 : (dir ^ 1) + 1;
            p2p(&ev, nb[dir], tag, msg_count(g));
            ev.req = ++g->nreq;
            uint64_t gap = nd == 0 ? jitter(g, rank_gap(g), o->gap_jitter) : 150;
            if ((rc = emit(g, &ev, gap, 300)) != SKEL_OK)
                return rc;
            done[nd] = (skel_completion){.req = ev.req,
                                         .call = ev.call,
                                         .index = nd,
                                         .src = send ? SKEL_PEER_NONE : nb[dir],
                                         .tag = send ? SKEL_TAG_NONE : tag,
                                         .bytes = nb[dir] == SKEL_PEER_NULL ? 0 : ev.bytes};
            if (!send && nb[dir] == SKEL_PEER_NULL) {
                done[nd].src = SKEL_PEER_NULL;
                done[nd].tag = SKEL_TAG_ANY;
            }
            nd++;
        }
        base_event(&ev, SKEL_CALL_MPI_Waitall, SITE_WAITALL, SKEL_COMM_WORLD);
        ev.ncomplete = nd;
        ev.complete = done;
        if ((rc = emit(g, &ev, 200, 5000)) != SKEL_OK)
            return rc;
        if (o->reduce_every > 0 && (it + 1) % o->reduce_every == 0) {
            base_event(&ev, SKEL_CALL_MPI_Allreduce, SITE_ALLREDUCE, 2);
            ev.count = 1;
            ev.dtsize = 8;
            ev.bytes = ev.rbytes = 8;
            ev.op = SKEL_OP_SUM;
            if ((rc = emit(g, &ev, jitter(g, o->gap_ns / 4 + 1, o->gap_jitter), 3000)) != SKEL_OK)
                return rc;
        }
    }
    base_event(&ev, SKEL_CALL_MPI_Reduce, SITE_REDUCE, 2);
    ev.count = 1;
    ev.dtsize = 8;
    ev.bytes = 8;
    ev.rbytes = g->rank == 0 ? 8 : 0;
    ev.op = SKEL_OP_SUM;
    ev.root = 0;
    return emit(g, &ev, 1000, 4000);
}

/* The master's receive of request k, from worker w, by polling (mw.c's
 * master): MPI_Irecv from any source, then 1 + (7k mod poll) MPI_Test calls
 * that find nothing, each after a 20 us sleep (0.5 us of CPU; 20 us of
 * compute with poll_busy), and the one that completes it. */
static int polled_receive(struct gen *g, uint64_t k, int32_t w)
{
    const skel_synth_opts *o = g->o;
    skel_event ev;
    base_event(&ev, SKEL_CALL_MPI_Irecv, SITE_MW_IRECV, SKEL_COMM_WORLD);
    p2p(&ev, SKEL_PEER_ANY, SKEL_TAG_ANY, 1);
    ev.req = ++g->nreq;
    int rc = emit(g, &ev, jitter(g, o->gap_ns / 10 + 1, o->gap_jitter), 1000);
    uint64_t req = ev.req;
    uint64_t misses = 1 + (7 * k) % o->poll;
    for (uint64_t i = 0; rc == SKEL_OK && i <= misses; i++) {
        base_event(&ev, SKEL_CALL_MPI_Test, SITE_MW_TEST, SKEL_COMM_WORLD);
        skel_completion done = {
            .req = req, .call = SKEL_CALL_MPI_Irecv, .index = 0, .src = w, .tag = 1, .bytes = 8};
        if (i == misses) {
            ev.flags = SKEL_EVF_FLAG;
            ev.ncomplete = 1;
            ev.complete = &done;
        }
        ev.seq = g->nevents;
        ev.t_start = g->t + (i == 0 ? 300 : 20000);
        ev.t_end = ev.t_start + 300;
        ev.gap_wall = ev.t_start - g->t;
        ev.gap_cpu = i == 0 || o->poll_busy ? ev.gap_wall : 500;
        g->t = ev.t_end;
        g->nevents++;
        rc = skel_writer_event(g->w, &ev);
    }
    return rc;
}

static int master_worker(struct gen *g)
{
    const skel_synth_opts *o = g->o;
    uint32_t workers = o->nranks - 1;
    skel_event ev;
    int rc = SKEL_OK;
    if (g->rank == 0) {
        /* Every worker asks iterations + 1 times (the last answer is a stop). */
        for (uint64_t k = 0; k < (o->iterations + 1) * workers; k++) {
            int32_t w = (int32_t)(1 + k % workers);
            int stop = k >= o->iterations * workers;
            if (o->poll > 0) {
                if ((rc = polled_receive(g, k, w)) != SKEL_OK)
                    return rc;
            } else {
                base_event(&ev, SKEL_CALL_MPI_Recv, SITE_MW_RECV, SKEL_COMM_WORLD);
                p2p(&ev, SKEL_PEER_ANY, SKEL_TAG_ANY, 1);
                ev.asrc = w;
                ev.atag = 1;
                ev.rbytes = 8;
                if ((rc = emit(g, &ev, jitter(g, o->gap_ns / 10 + 1, o->gap_jitter), 2000)) !=
                    SKEL_OK)
                    return rc;
            }
            base_event(&ev, SKEL_CALL_MPI_Send, SITE_MW_SEND, SKEL_COMM_WORLD);
            p2p(&ev, w, stop ? 3 : 2, stop ? 1 : msg_count(g));
            if ((rc = emit(g, &ev, 300, 500)) != SKEL_OK)
                return rc;
        }
    } else {
        for (uint64_t k = 0; k <= o->iterations; k++) {
            base_event(&ev, SKEL_CALL_MPI_Send, SITE_W_SEND, SKEL_COMM_WORLD);
            p2p(&ev, 0, 1, 1);
            uint64_t gap = k == 0 ? 1000 : jitter(g, o->gap_ns, o->gap_jitter);
            if ((rc = emit(g, &ev, gap, 500)) != SKEL_OK)
                return rc;
            int stop = k == o->iterations;
            base_event(&ev, SKEL_CALL_MPI_Recv, SITE_W_RECV, SKEL_COMM_WORLD);
            uint64_t count = stop ? 1 : msg_count(g);
            p2p(&ev, 0, SKEL_TAG_ANY, o->bytes / 4 + 1); /* room for any task */
            ev.asrc = 0;
            ev.atag = stop ? 3 : 2;
            ev.rbytes = count * 8;
            if ((rc = emit(g, &ev, 200, 3000)) != SKEL_OK)
                return rc;
        }
    }
    base_event(&ev, SKEL_CALL_MPI_Gather, SITE_GATHER, SKEL_COMM_WORLD);
    ev.count = 4;
    ev.dtsize = 8;
    ev.bytes = 32;
    ev.rbytes = g->rank == 0 ? 32ull * o->nranks : 0;
    ev.root = 0;
    return emit(g, &ev, 1000, 4000);
}

/* The ring's calls (synth.h): the exchange with both neighbours, the
 * broadcast from rank 0 and the sum. */
static void ring_sendrecv(struct gen *g, skel_event *ev, uint32_t comm)
{
    int32_t n = (int32_t)g->o->nranks, r = (int32_t)g->rank;
    base_event(ev, SKEL_CALL_MPI_Sendrecv, SITE_SENDRECV, comm);
    p2p(ev, (r + 1) % n, 7, msg_count(g));
    ev->peer2 = ev->asrc = (r + n - 1) % n;
    ev->tag2 = ev->atag = 7;
    ev->rbytes = ev->bytes;
}

static void ring_bcast(const struct gen *g, skel_event *ev)
{
    base_event(ev, SKEL_CALL_MPI_Bcast, SITE_BCAST, SKEL_COMM_WORLD);
    ev->count = 16;
    ev->dtsize = 4;
    ev->bytes = 64;
    ev->rbytes = g->rank == 0 ? 0 : 64;
    ev->root = 0;
}

static void ring_allreduce(skel_event *ev, uint32_t comm)
{
    base_event(ev, SKEL_CALL_MPI_Allreduce, SITE_ALLREDUCE, comm);
    ev->count = 1;
    ev->dtsize = 8;
    ev->bytes = ev->rbytes = 8;
    ev->op = SKEL_OP_SUM;
}

/* An event of thread t at explicit times (threads calling MPI at once);
 * tend[t]: the thread's previous end. */
static int emit_at(struct gen *g, skel_event *ev, uint32_t t, uint64_t *tend, uint64_t start,
                   uint64_t end)
{
    ev->thread = t;
    ev->seq = g->nevents;
    ev->t_start = start;
    ev->t_end = end;
    ev->gap_wall = ev->gap_cpu = start - tend[t];
    tend[t] = end;
    if (end > g->t)
        g->t = end;
    g->nevents++;
    return skel_writer_event(g->w, ev);
}

/* The ring's two threads (synth.h): the same calls on slots 2 and 3, begun
 * 100 ns apart, ending 3 and 4.5 us after the first began. */
static int ring_threads(struct gen *g)
{
    const skel_synth_opts *o = g->o;
    int32_t n = (int32_t)o->nranks, r = (int32_t)g->rank;
    int32_t *members = malloc((size_t)n * sizeof *members);
    if (members == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (int32_t i = 0; i < n; i++)
        members[i] = i;
    skel_event ev;
    int rc = SKEL_OK;
    for (uint32_t t = 0; t < 2 && rc == SKEL_OK; t++) {
        skel_comm c = {.index = 2 + t,
                       .gid = 2000 + t,
                       .parent = SKEL_COMM_WORLD,
                       .created_by = SKEL_CALL_MPI_Comm_dup,
                       .size = (uint32_t)n,
                       .members = members};
        if ((rc = skel_writer_comm(g->w, &c)) == SKEL_OK) {
            base_event(&ev, SKEL_CALL_MPI_Comm_dup, SITE_CART, SKEL_COMM_WORLD);
            ev.newcomm = 2 + t;
            rc = emit(g, &ev, 2000, 10000);
        }
    }
    free(members);
    uint64_t tend[2] = {g->t, g->t};
    uint32_t first = (uint32_t)r % 2;
    for (uint64_t it = 0; it < o->iterations && rc == SKEL_OK; it++) {
        int reduce = o->reduce_every > 0 && (it + 1) % o->reduce_every == 0;
        for (int step = 0; step < 1 + reduce && rc == SKEL_OK; step++) {
            uint64_t at = g->t + (step == 0 ? jitter(g, o->gap_ns, o->gap_jitter) : 800);
            skel_event e[2];
            for (uint32_t t = 0; t < 2; t++) {
                if (step == 0)
                    ring_sendrecv(g, &e[t], 2 + t);
                else
                    ring_allreduce(&e[t], 2 + t);
            }
            rc = emit_at(g, &e[first], first, tend, at + 100 * first, at + 3000);
            if (rc == SKEL_OK)
                rc = emit_at(g, &e[1 - first], 1 - first, tend, at + 100 * (1 - first), at + 4500);
        }
        for (uint32_t k = 0; k < o->inner && rc == SKEL_OK; k++) {
            ring_bcast(g, &ev);
            rc = emit_at(g, &ev, 0, tend, g->t + 400, g->t + 2400);
        }
    }
    return rc;
}

static int ring(struct gen *g)
{
    const skel_synth_opts *o = g->o;
    skel_event ev;
    int rc = SKEL_OK;
    if (o->threads == 2)
        return ring_threads(g);
    for (uint64_t it = 0; it < o->iterations; it++) {
        ring_sendrecv(g, &ev, SKEL_COMM_WORLD);
        if ((rc = emit(g, &ev, jitter(g, o->gap_ns, o->gap_jitter), 4000)) != SKEL_OK)
            return rc;
        for (uint32_t k = 0; k < o->inner; k++) {
            ring_bcast(g, &ev);
            if ((rc = emit(g, &ev, 400, 2000)) != SKEL_OK)
                return rc;
        }
        if (o->reduce_every > 0 && (it + 1) % o->reduce_every == 0) {
            ring_allreduce(&ev, SKEL_COMM_WORLD);
            if ((rc = emit(g, &ev, 800, 3000)) != SKEL_OK)
                return rc;
        }
    }
    return SKEL_OK;
}

uint64_t skel_synth_events(const skel_synth_opts *o, uint32_t rank)
{
    uint64_t n = 2; /* Init, Finalize */
    uint64_t reduces = o->reduce_every > 0 ? o->iterations / o->reduce_every : 0;
    switch (o->pattern) {
    case SKEL_SYNTH_STENCIL: {
        uint32_t calls = 8;
        if (o->skip_border) {
            int32_t dims[2];
            grid(o->nranks, dims);
            int32_t x = (int32_t)rank / dims[1], y = (int32_t)rank % dims[1];
            calls = 2 * ((x > 0) + (x + 1 < dims[0]) + (y > 0) + (y + 1 < dims[1]));
        }
        return n + 1 + (o->graph ? 1 : 0) + o->iterations * (calls + 1) + reduces + 1;
    }
    case SKEL_SYNTH_MASTER_WORKER:
        if (rank == 0 && o->poll > 0) {
            /* Per request: Irecv, the polls that find nothing, the one that
             * completes, Send (polled_receive()). */
            uint64_t total = (o->iterations + 1) * (o->nranks - 1);
            for (uint64_t k = 0; k < total; k++)
                n += 3 + 1 + (7 * k) % o->poll;
            return n + 1;
        }
        if (rank == 0)
            return n + 2 * (o->iterations + 1) * (o->nranks - 1) + 1;
        return n + 2 * (o->iterations + 1) + 1;
    case SKEL_SYNTH_RING:
        if (o->threads == 2)
            return n + 2 + o->iterations * (2 + o->inner) + 2 * reduces;
        return n + o->iterations * (1 + o->inner) + reduces;
    }
    return 0;
}

void skel_synth_defaults(skel_synth_opts *o)
{
    memset(o, 0, sizeof *o);
    o->pattern = SKEL_SYNTH_STENCIL;
    o->nranks = 4;
    o->iterations = 100;
    o->reduce_every = 1;
    o->inner = 3;
    o->bytes = 1024;
    o->gap_ns = 50000;
    o->gap_jitter = 0.1;
    o->seed = 1;
}

static int write_rank(const char *dir, const skel_synth_opts *o, uint32_t rank)
{
    char name[64], path[4096];
    skel_trace_rank_filename(rank, name, sizeof name);
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    skel_rank_info info = {.rank = rank,
                           .nranks = o->nranks,
                           .pid = 1000 + rank,
                           .thread_level = o->threads == 2 ? 3 : 0, /* MPI_THREAD_MULTIPLE */
                           .t_init = 1000000,
                           .unix_init_ns = 1700000000000000000ull,
                           .host = "synthetic",
                           .mpi_library = "synthetic",
                           .tracer_version = "synthetic"};
    struct gen g = {.o = o,
                    .rank = rank,
                    .t = info.t_init,
                    .rng =
                        (o->seed + 1) * 0x9e3779b97f4a7c15ull ^ (rank + 1) * 0xbf58476d1ce4e5b9ull};
    if (g.rng == 0)
        g.rng = 1;
    int rc = skel_writer_open(path, &info, o->bufsize ? o->bufsize : (1u << 20), 1, &g.w);
    if (rc != SKEL_OK)
        return rc;
    skel_module mod = {.index = 0, .base = 0x400000, .path = "/synthetic/app"};
    if ((rc = skel_writer_module(g.w, &mod)) != SKEL_OK)
        goto fail;
    /* The graph's site is last, and only in traces that have the graph. */
    uint32_t nsites = o->graph ? SITE__COUNT : SITE_GRAPH;
    for (uint32_t s = 0; s < nsites; s++) {
        skel_site site = {.index = s,
                          .addr = 0x401000 + 0x40 * s,
                          .module = 0,
                          .offset = 0x1000 + 0x40 * s,
                          .func = "synthetic",
                          .file = "",
                          .line = 0};
        if ((rc = skel_writer_site(g.w, &site)) != SKEL_OK)
            goto fail;
    }
    /* MPI_COMM_WORLD (0) and MPI_COMM_SELF (1) are implicit in every rank file. */
    skel_event ev;
    base_event(&ev, SKEL_CALL_MPI_Init, SITE_INIT, SKEL_COMM_WORLD);
    if ((rc = emit(&g, &ev, 20000, 3000000)) != SKEL_OK)
        goto fail;
    switch (o->pattern) {
    case SKEL_SYNTH_STENCIL:
        rc = stencil(&g);
        break;
    case SKEL_SYNTH_MASTER_WORKER:
        rc = master_worker(&g);
        break;
    case SKEL_SYNTH_RING:
        rc = ring(&g);
        break;
    }
    if (rc != SKEL_OK)
        goto fail;
    base_event(&ev, SKEL_CALL_MPI_Finalize, SITE_FINALIZE, SKEL_COMM_WORLD);
    if ((rc = emit(&g, &ev, 10000, 100000)) != SKEL_OK)
        goto fail;
    skel_rank_end end = {.nevents = g.nevents,
                         .overhead_ns = g.nevents * 100,
                         .per_event_ns = 100,
                         .t_end = g.t + 1000};
    return skel_writer_finish(g.w, &end);
fail:
    skel_writer_abandon(g.w);
    return rc;
}

int skel_synth_write(const char *dir, const skel_synth_opts *o)
{
    if (o->nranks < 1 || (o->pattern == SKEL_SYNTH_MASTER_WORKER && o->nranks < 2))
        return skel_fail(SKEL_EUSAGE, "synthetic trace: %u ranks are too few for pattern %d",
                         o->nranks, (int)o->pattern);
    if (o->threads > 2 || (o->threads == 2 && o->pattern != SKEL_SYNTH_RING))
        return skel_fail(SKEL_EUSAGE, "synthetic trace: %u threads only for the ring (2 at most)",
                         o->threads);
    if (o->pattern < SKEL_SYNTH_STENCIL || o->pattern > SKEL_SYNTH_RING)
        return skel_fail(SKEL_EUSAGE, "synthetic trace: unknown pattern %d", (int)o->pattern);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return skel_fail(SKEL_EIO, "%s: cannot create: %s", dir, strerror(errno));
    int rc = SKEL_OK;
    for (uint32_t r = 0; r < o->nranks && rc == SKEL_OK; r++)
        rc = write_rank(dir, o, r);
    if (rc != SKEL_OK)
        return rc;

    static const char *const names[] = {"", "stencil", "master-worker", "ring"};
    char iters[32];
    snprintf(iters, sizeof iters, "%llu", (unsigned long long)o->iterations);
    char *command[] = {"synthetic", (char *)names[o->pattern], "-i", iters};
    skel_meta_rank *ranks = calloc(o->nranks, sizeof *ranks);
    if (ranks == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t r = 0; r < o->nranks; r++)
        ranks[r] = (skel_meta_rank){
            .rank = r, .host = "synthetic", .pid = 1000 + r, .nevents = skel_synth_events(o, r)};
    skel_meta m = {.version_major = SKEL_TRACE_VERSION_MAJOR,
                   .version_minor = SKEL_TRACE_VERSION_MINOR,
                   .tracer_version = "synthetic",
                   .mpi_library = "synthetic (compress/synth.c)",
                   .mpi_version = 3,
                   .mpi_subversion = 1,
                   .nranks = o->nranks,
                   .ncommand = 4,
                   .command = command,
                   .start_unix_ns = 1700000000000000000ull,
                   .complete = 1,
                   .ranks = ranks,
                   .nrank_entries = o->nranks};
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/meta", dir) >= sizeof path)
        rc = skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    else
        rc = skel_meta_write(path, &m);
    free(ranks);
    return rc;
}
