/* test_compress_trace.c - compression of whole traces (compress/compress.h)
 * on synthetic traces (compress/synth.h): lossless at threshold 0, exact
 * per-call counts and sizes within the threshold above 0, Q non-decreasing
 * in the threshold, the automatic threshold, rank classes, peer encodings.
 * The checks here walk the signature and read the trace themselves; they do
 * not rely on skel_compress_verify() (tested separately). */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compress.h"
#include "error.h"
#include "pollfold.h"
#include "sigfile.h"
#include "synth.h"
#include "writer.h"

/* ---- helpers ---------------------------------------------------------------------- */

static char *tmpdir(void)
{
    char *d = strdup("/tmp/skel-test-compress-XXXXXX");
    cr_assert_not_null(mkdtemp(d));
    return d;
}

static void rmtrace(const char *dir, uint32_t nranks)
{
    char p[4096], name[64];
    for (uint32_t r = 0; r < nranks; r++) {
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/meta", dir);
    unlink(p);
    rmdir(dir);
}

static skel_trace *make(const char *dir, const skel_synth_opts *o)
{
    cr_assert_eq(skel_synth_write(dir, o), SKEL_OK, "%s", skel_last_error());
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    return t;
}

static skel_signature *compress_at(const skel_trace *t, double T, double K)
{
    skel_compress_opts o;
    skel_compress_defaults(&o);
    o.threshold = T;
    o.scale = K;
    skel_signature *s;
    cr_assert_eq(skel_compress_trace(t, &o, &s, NULL), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_signature_check(s, "test"), SKEL_OK, "%s", skel_last_error());
    return s;
}

/* Walk a rank's expansion next to its trace. */
struct cmp {
    const skel_signature *s;
    skel_rank_reader *rd;
    uint32_t rank;
    uint64_t n;
    double T;
    uint64_t calls[SKEL_CALL_LIMIT]; /* per call, from the expansion */
    int failed;
};

static int close_enough(double x, const skel_sig_range *r, double T)
{
    if (T == 0)
        return r->min == r->max && x == (double)r->min;
    return fabs(x - r->mean) <= T * r->mean + 1e-6;
}

static int check_event(void *ctx, const skel_sig_symbol *y)
{
    struct cmp *c = ctx;
    skel_event ev;
    cr_assert_eq(skel_rank_next(c->rd, &ev), 1, "rank %u: trace shorter than signature", c->rank);
    c->calls[y->call]++;
    cr_assert_eq(ev.call, y->call, "rank %u event %llu: %s vs %s", c->rank,
                 (unsigned long long)c->n, skel_call_name(ev.call), skel_call_name(y->call));
    int side = skel_sig_side_of(c->s, c->rank, y);
    cr_assert_geq(side, 0);
    const skel_sig_side *sd = &y->side[side];
    cr_assert(y->sides & (1u << side));
    cr_assert(close_enough((double)ev.bytes, &sd->bytes, c->T),
              "rank %u event %llu: bytes %llu, symbol mean %.1f [%lld, %lld] at T=%g", c->rank,
              (unsigned long long)c->n, (unsigned long long)ev.bytes, sd->bytes.mean,
              (long long)sd->bytes.min, (long long)sd->bytes.max, c->T);
    cr_assert(close_enough((double)ev.count, &sd->count, c->T));
    if (c->T == 0) {
        int32_t cr, wr;
        if (y->peer.kind != SKEL_SIG_PEER_REPLY) {
            cr_assert_eq(skel_sig_peer_resolve(c->s, c->rank, y->comm, &y->peer, -1, &cr, &wr),
                         SKEL_OK, "%s", skel_last_error());
            cr_assert_eq(wr, ev.peer, "rank %u event %llu (%s): peer %d, signature %d", c->rank,
                         (unsigned long long)c->n, skel_call_name(ev.call), ev.peer, wr);
        }
        cr_assert_eq(skel_sig_peer_resolve(c->s, c->rank, y->comm, &y->root, -1, &cr, &wr),
                     SKEL_OK);
        cr_assert_eq(wr, ev.root);
        cr_assert_eq(ev.tag, y->tag);
        cr_assert_eq(ev.comm, y->comm);
        const struct skel_call_info *ci = skel_call_info(ev.call);
        if (ci != NULL && ci->klass == SKEL_CLASS_WAIT) {
            cr_assert_eq(ev.ncomplete, y->nlinks);
            for (uint32_t i = 0; i < ev.ncomplete; i++)
                cr_assert_eq(ev.complete[i].index, y->links[i].index);
        }
    }
    c->n++;
    return 0;
}

/* Expansion of every rank against the trace; also per-call counts. */
static void check_against(const skel_trace *t, const skel_signature *s)
{
    for (uint32_t r = 0; r < s->nranks; r++) {
        struct cmp *c = calloc(1, sizeof *c);
        c->s = s;
        c->rank = r;
        c->T = s->threshold;
        cr_assert_eq(skel_trace_open_rank(t, r, &c->rd), SKEL_OK);
        cr_assert_eq(skel_sig_walk(s, s->ranks[r].cls, check_event, c), 0);
        skel_event ev;
        cr_assert_eq(skel_rank_next(c->rd, &ev), 0, "rank %u: trace longer than signature", r);
        skel_rank_close(c->rd);
        /* Per-call counts of the trace, read again independently. */
        skel_rank_reader *rd;
        cr_assert_eq(skel_trace_open_rank(t, r, &rd), SKEL_OK);
        uint64_t *calls = calloc(SKEL_CALL_LIMIT, sizeof *calls);
        while (skel_rank_next(rd, &ev) == 1)
            calls[ev.call]++;
        skel_rank_close(rd);
        for (unsigned k = 0; k < SKEL_CALL_LIMIT; k++)
            cr_assert_eq(calls[k], c->calls[k],
                         "rank %u: %s %llu times in the trace, %llu in "
                         "the signature",
                         r, skel_call_name(k), (unsigned long long)calls[k],
                         (unsigned long long)c->calls[k]);
        free(calls);
        free(c);
    }
}

static uint32_t class_of(const skel_signature *s, uint32_t rank)
{
    return s->ranks[rank].cls;
}

/* ---- threshold 0 ------------------------------------------------------------------ */

static void lossless(enum skel_synth_pattern p, uint32_t nranks, int skip, double jitter)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = p;
    o.nranks = nranks;
    o.iterations = 57;
    o.skip_border = skip;
    o.bytes_jitter = jitter;
    o.reduce_every = 5;
    skel_trace *t = make(d, &o);
    skel_signature *s = compress_at(t, 0, 0);
    check_against(t, s);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    for (uint32_t r = 0; r < nranks; r++)
        cr_expect_eq(s->ranks[r].events, skel_synth_events(&o, r));
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, nranks);
    free(d);
}

Test(compress, lossless_stencil)
{
    lossless(SKEL_SYNTH_STENCIL, 9, 0, 0);
}
Test(compress, lossless_stencil_skipping_borders)
{
    lossless(SKEL_SYNTH_STENCIL, 6, 1, 0);
}
Test(compress, lossless_master_worker)
{
    lossless(SKEL_SYNTH_MASTER_WORKER, 5, 0, 0);
}
Test(compress, lossless_ring)
{
    lossless(SKEL_SYNTH_RING, 4, 0, 0);
}
Test(compress, lossless_with_random_sizes)
{
    lossless(SKEL_SYNTH_STENCIL, 4, 0, 0.5);
}

/* ---- thresholds above 0 ------------------------------------------------------------ */

Test(compress, sizes_within_threshold_and_q_monotone)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 4;
    o.iterations = 300;
    o.bytes_jitter = 0.08;
    o.gap_jitter = 0.3;
    skel_trace *t = make(d, &o);
    double prevq = 0;
    uint32_t prevsyms = UINT32_MAX;
    static const double grid[] = {0, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.2, 0.3};
    for (size_t i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        skel_signature *s = compress_at(t, grid[i], 0);
        check_against(t, s);
        cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "T=%g: %s", grid[i], skel_last_error());
        cr_expect_geq(s->ratio, prevq - 1e-9, "Q fell from %.3f to %.3f at T=%g", prevq, s->ratio,
                      grid[i]);
        /* Symbols per rank of class 0 can only merge as T grows. */
        uint32_t nsym = 0;
        for (uint32_t k = 0; k < s->nsymbols; k++)
            nsym += s->symbols[k].cls == class_of(s, 0);
        cr_expect_leq(nsym, prevsyms, "T=%g: %u symbols, %u before", grid[i], nsym, prevsyms);
        prevsyms = nsym;
        prevq = s->ratio;
        skel_signature_free(s);
    }
    cr_expect_gt(prevq, 10, "the jittered sizes should fold at T=0.3 (Q=%.2f)", prevq);
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

Test(compress, automatic_threshold)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 2;
    o.iterations = 200;
    o.bytes_jitter = 0.05;
    skel_trace *t = make(d, &o);
    skel_compress_opts co;
    skel_compress_defaults(&co);
    co.scale = 40;
    skel_signature *s;
    skel_compress_stats st;
    cr_assert_eq(skel_compress_trace(t, &co, &s, &st), SKEL_OK, "%s", skel_last_error());
    cr_expect(st.reached);
    cr_expect_geq(st.ratio, 20);
    cr_expect_gt(st.threshold, 0);
    cr_expect_leq(st.threshold, co.max_threshold);
    /* The threshold one step lower does not reach K/2. */
    skel_signature *lower = compress_at(t, st.threshold - co.step, 0);
    cr_expect_lt(lower->ratio, 20, "T=%.2f already gives Q=%.2f", st.threshold - co.step,
                 lower->ratio);
    cr_expect_eq(s->scale, 40);
    cr_expect_eq(s->threshold, st.threshold);
    skel_signature_free(lower);
    skel_signature_free(s);
    /* An unreachable K stops at the maximum. */
    co.scale = 1e9;
    co.max_threshold = 0.05;
    cr_assert_eq(skel_compress_trace(t, &co, &s, &st), SKEL_OK);
    cr_expect(!st.reached);
    cr_expect_eq(st.threshold, 0.05);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

/* ---- rank folding ----------------------------------------------------------------- */

Test(ranks, stencil_with_proc_null_is_one_class)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 16;
    o.iterations = 40;
    skel_trace *t = make(d, &o);
    skel_signature *s = compress_at(t, 0, 0);
    cr_expect_eq(s->nclasses, 1, "border ranks posting to MPI_PROC_NULL fold too (%u classes)",
                 s->nclasses);
    /* Halo peers are Cartesian offsets. */
    int cart = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        cart += s->symbols[i].peer.kind == SKEL_SIG_PEER_CART;
    cr_expect_geq(cart, 8);
    check_against(t, s);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

Test(ranks, stencil_interior_ranks_fold_borders_stay_apart)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 16; /* 4 x 4 */
    o.iterations = 40;
    o.skip_border = 1;
    skel_trace *t = make(d, &o);
    for (unsigned threads = 1; threads <= 4; threads += 3) {
        skel_compress_opts co;
        skel_compress_defaults(&co);
        co.threads = threads;
        skel_signature *s;
        cr_assert_eq(skel_compress_trace(t, &co, &s, NULL), SKEL_OK);
        /* Interior 5, 6, 9, 10 together; corners, and each kind of edge,
         * apart: 4 corners + 4 edge kinds + interior. */
        uint32_t in = class_of(s, 5);
        cr_expect_eq(class_of(s, 6), in);
        cr_expect_eq(class_of(s, 9), in);
        cr_expect_eq(class_of(s, 10), in);
        cr_expect_eq(s->classes[in].nranks, 4);
        cr_expect_neq(class_of(s, 0), in);
        cr_expect_neq(class_of(s, 0), class_of(s, 3));
        cr_expect_eq(class_of(s, 1), class_of(s, 2), "the two top edge ranks fold");
        cr_expect_eq(s->nclasses, 9, "%u classes with %u threads", s->nclasses, threads);
        check_against(t, s);
        skel_signature_free(s);
    }
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

/* Ranks that make the same calls fold unless their compute differs: a rank
 * computing 1.2 times the others' per iteration folds with them, one
 * computing 2 times stays apart, and the compress statistics say why, naming
 * the symbol and both CPU medians. */
Test(ranks, slow_rank_stays_apart_and_says_why)
{
    double factors[] = {1.2, 2.0};
    for (int f = 0; f < 2; f++) {
        char *d = tmpdir();
        skel_synth_opts o;
        skel_synth_defaults(&o);
        o.nranks = 2;
        o.iterations = 60;
        o.gap_ns = 100000; /* 100 us: apart beyond 20 us when doubled */
        o.gap_jitter = 0.05;
        o.slow_rank = 1;
        o.slow_factor = factors[f];
        skel_trace *t = make(d, &o);
        skel_compress_opts co;
        skel_compress_defaults(&co);
        skel_compress_stats st;
        skel_signature *s;
        cr_assert_eq(skel_compress_trace(t, &co, &s, &st), SKEL_OK, "%s", skel_last_error());
        if (f == 0) {
            cr_expect_eq(s->nclasses, 1, "a rank 1.2 times slower folds (%u classes)", s->nclasses);
            cr_expect_eq(st.napart, 0);
        } else {
            cr_expect_eq(s->nclasses, 2, "a rank 2 times slower stays apart");
            cr_assert_eq(st.napart, 1);
            cr_expect_not_null(strstr(st.apart[0], "CPU medians"), "%s", st.apart[0]);
            cr_expect_not_null(strstr(st.apart[0], "MPI_Irecv"), "%s", st.apart[0]);
            double lo = 0, hi = 0;
            const char *m = strstr(st.apart[0], "medians of ");
            cr_assert_not_null(m, "%s", st.apart[0]);
            cr_assert_eq(sscanf(m, "medians of %lf us and %lf us", &lo, &hi), 2, "%s", st.apart[0]);
            cr_expect(lo > 85 && lo < 115 && hi > 170 && hi < 230, "%s", st.apart[0]);
        }
        check_against(t, s);
        skel_signature_free(s);
        skel_trace_close(t);
        rmtrace(d, o.nranks);
        free(d);
    }
}

Test(ranks, master_stays_alone)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_MASTER_WORKER;
    o.nranks = 8;
    o.iterations = 50;
    skel_trace *t = make(d, &o);
    skel_signature *s = compress_at(t, 0, 0);
    cr_expect_eq(s->nclasses, 2);
    cr_expect_eq(s->classes[class_of(s, 0)].nranks, 1, "the master is its own class");
    cr_expect_eq(s->classes[class_of(s, 1)].nranks, 7, "the workers fold");
    /* Workers send to rank 0 (absolute); the master replies. */
    int reply = 0, abs0 = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        if (y->call != SKEL_CALL_MPI_Send)
            continue;
        reply += y->cls == class_of(s, 0) && y->peer.kind == SKEL_SIG_PEER_REPLY;
        abs0 += y->cls == class_of(s, 1) && y->peer.kind == SKEL_SIG_PEER_ABS && y->peer.value == 0;
    }
    cr_expect_geq(reply, 1);
    cr_expect_geq(abs0, 1);
    /* The master's loop folds although it serves the workers in turn. */
    cr_expect_lt(s->classes[class_of(s, 0)].length, 20);
    check_against(t, s);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

Test(ranks, ring_uses_offsets_modulo_the_size)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_RING;
    o.nranks = 6;
    o.iterations = 30;
    skel_trace *t = make(d, &o);
    skel_signature *s = compress_at(t, 0, 0);
    cr_expect_eq(s->nclasses, 1);
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        if (y->call == SKEL_CALL_MPI_Sendrecv) {
            cr_expect_eq(y->peer.kind, SKEL_SIG_PEER_MOD);
            cr_expect_eq(y->peer.value, 1);
            cr_expect_eq(y->peer2.kind, SKEL_SIG_PEER_MOD);
            cr_expect_eq(y->peer2.value, 5);
        }
        if (y->call == SKEL_CALL_MPI_Bcast) {
            cr_expect_eq(y->root.kind, SKEL_SIG_PEER_ABS);
            cr_expect_eq(y->sides, 3, "root and non-root members in one symbol");
        }
    }
    check_against(t, s);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

/* Size grows with the program, not with iterations or ranks. */
Test(compress, signature_size_constant_in_iterations_and_ranks)
{
    uint64_t len[3];
    uint32_t nsym[3];
    static const uint64_t iters[3] = {50, 500, 5000};
    static const uint32_t ranks[3] = {4, 9, 16};
    for (int k = 0; k < 3; k++) {
        char *d = tmpdir();
        skel_synth_opts o;
        skel_synth_defaults(&o);
        o.nranks = ranks[k];
        o.iterations = iters[k];
        skel_trace *t = make(d, &o);
        skel_signature *s = compress_at(t, 0, 0);
        len[k] = s->classes[0].length;
        nsym[k] = s->nsymbols;
        skel_signature_free(s);
        skel_trace_close(t);
        rmtrace(d, o.nranks);
        free(d);
    }
    cr_expect_eq(len[0], len[1]);
    cr_expect_eq(len[1], len[2]);
    cr_expect_eq(nsym[0], nsym[2]);
}

Test(compress, verify_catches_a_wrong_signature)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 4;
    o.iterations = 20;
    skel_trace *t = make(d, &o);
    skel_signature *s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK);
    /* One more iteration of the main loop than the trace had. */
    int changed = 0;
    for (uint32_t b = 0; b < s->nblocks && !changed; b++)
        for (uint32_t i = 0; i < s->blocks[b].nitems && !changed; i++)
            if (s->blocks[b].items[i].kind == SKEL_SIG_ITEM_LOOP &&
                s->blocks[b].items[i].count > 10) {
                s->blocks[b].items[i].count++;
                changed = 1;
            }
    cr_assert(changed);
    cr_expect_eq(skel_compress_verify(t, s), SKEL_EFORMAT);
    cr_expect(strstr(skel_last_error(), "rank") != NULL, "%s", skel_last_error());
    skel_signature_free(s);
    s = compress_at(t, 0, 0);
    /* A wrong tag. */
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].call == SKEL_CALL_MPI_Isend) {
            s->symbols[i].tag += 100;
            break;
        }
    cr_expect_eq(skel_compress_verify(t, s), SKEL_EFORMAT);
    cr_expect(strstr(skel_last_error(), "tag") != NULL, "%s", skel_last_error());
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

Test(compress, dominant_loop_and_times)
{
    char *d = tmpdir();
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 4;
    o.iterations = 100;
    o.gap_ns = 1000000; /* 1 ms of compute per iteration: the loop dominates */
    skel_trace *t = make(d, &o);
    skel_signature *s = compress_at(t, 0, 0);
    const skel_sig_class *k = &s->classes[0];
    cr_assert_neq(k->dominant, SKEL_SIG_NONE);
    cr_expect_gt(k->dominant_share, 0.9, "share %.3f", k->dominant_share);
    cr_expect_geq(k->dominant_count, 99);
    cr_expect_gt(k->dominant_iter_ns, 0.9e6);
    cr_expect_lt(k->dominant_iter_ns, 1.3e6);
    cr_expect_eq(k->events, skel_synth_events(&o, 0));
    cr_expect_eq(s->trace_length, 4 * skel_synth_events(&o, 0));
    cr_expect_eq(s->signature_length, 4 * k->length);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, o.nranks);
    free(d);
}

/* Rank r's writer for a hand-written trace in d: one module, nsites sites. */
static skel_writer *open_rank(const char *d, uint32_t r, uint32_t nranks, uint32_t nsites)
{
    char path[4200], name[64];
    skel_trace_rank_filename(r, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", d, name);
    skel_rank_info info = {.rank = r,
                           .nranks = nranks,
                           .pid = 1,
                           .t_init = 1000,
                           .host = "h",
                           .mpi_library = "m",
                           .tracer_version = "t"};
    skel_writer *w;
    cr_assert_eq(skel_writer_open(path, &info, 1 << 16, 1, &w), SKEL_OK, "%s", skel_last_error());
    skel_module mod = {.index = 0, .base = 0, .path = "/app"};
    cr_assert_eq(skel_writer_module(w, &mod), SKEL_OK);
    for (uint32_t k = 0; k < nsites; k++) {
        skel_site st = {
            .index = k, .addr = 100 + k, .module = 0, .offset = 100 + k, .func = "", .file = ""};
        cr_assert_eq(skel_writer_site(w, &st), SKEL_OK);
    }
    return w;
}

/* The hand-written trace in d, its ranks written: its meta, then open it. */
static skel_trace *open_written(const char *d, uint32_t nranks)
{
    char meta[4200];
    snprintf(meta, sizeof meta, "%s/meta", d);
    skel_meta m = {.version_major = SKEL_TRACE_VERSION_MAJOR,
                   .nranks = nranks,
                   .tracer_version = "t",
                   .mpi_library = "m"};
    cr_assert_eq(skel_meta_write(meta, &m), SKEL_OK);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(d, &t), SKEL_OK, "%s", skel_last_error());
    return t;
}

/* A hand-written rank: its writer, its clock and its events so far.  Each
 * event comes 100 ns after the previous one ends and lasts dur ns. */
struct hand {
    skel_writer *w;
    uint64_t t, nev;
};

static void hand_emit(struct hand *h, skel_event *ev, uint32_t site, uint64_t dur)
{
    ev->site = site;
    ev->t_start = h->t + 100;
    ev->gap_wall = ev->gap_cpu = 100;
    ev->t_end = ev->t_start + dur;
    h->t = ev->t_end;
    h->nev++;
    cr_assert_eq(skel_writer_event(h->w, ev), SKEL_OK, "%s", skel_last_error());
}

/* Rank r's writer, its MPI_Init written. */
static struct hand hand_start(const char *d, uint32_t r, uint32_t nranks, uint32_t nsites)
{
    struct hand h = {.w = open_rank(d, r, nranks, nsites), .t = 2000};
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Init;
    hand_emit(&h, &ev, 0, 50);
    return h;
}

/* MPI_Finalize and the rank's end. */
static void hand_finish(struct hand *h)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Finalize;
    hand_emit(h, &ev, 0, 50);
    skel_rank_end end = {.nevents = h->nev, .per_event_ns = 10, .t_end = h->t};
    cr_assert_eq(skel_writer_finish(h->w, &end), SKEL_OK, "%s", skel_last_error());
}

/* Persistent requests: MPI_Send_init/MPI_Recv_init once, then per iteration
 * MPI_Startall of both and MPI_Waitall, then MPI_Request_free; and a
 * MPI_Waitany loop.  Links (activation distances) must make the iterations
 * identical, and the expansion must name the right requests. */
Test(compress, persistent_requests_and_waitany)
{
    char *d = tmpdir();
    const uint32_t nranks = 2, iters = 30;
    for (uint32_t r = 0; r < nranks; r++) {
        struct hand h = hand_start(d, r, nranks, 8);
        uint64_t req = 0;
        int32_t other = (int32_t)(1 - r);
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Send_init;
        ev.peer = other;
        ev.tag = 5;
        ev.count = 4;
        ev.dtsize = 8;
        ev.bytes = 32;
        ev.req = ++req;
        hand_emit(&h, &ev, 1, 50);
        uint64_t sreq = req;
        ev.call = SKEL_CALL_MPI_Recv_init;
        ev.req = ++req;
        hand_emit(&h, &ev, 2, 50);
        uint64_t rreq = req;
        for (uint32_t i = 0; i < iters; i++) {
            uint64_t both[2] = {sreq, rreq};
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Startall;
            ev.nreqs = 2;
            ev.reqs = both;
            hand_emit(&h, &ev, 3, 50);
            skel_completion c[2] = {{.req = sreq,
                                     .call = SKEL_CALL_MPI_Send_init,
                                     .index = 0,
                                     .src = SKEL_PEER_NONE,
                                     .tag = SKEL_TAG_NONE,
                                     .bytes = 32},
                                    {.req = rreq,
                                     .call = SKEL_CALL_MPI_Recv_init,
                                     .index = 1,
                                     .src = other,
                                     .tag = 5,
                                     .bytes = 32}};
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Waitall;
            ev.ncomplete = 2;
            ev.complete = c;
            hand_emit(&h, &ev, 4, 50);
            /* Two Isend + Waitany twice (completing index 1, then 0). */
            uint64_t a = ++req, b = ++req;
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Isend;
            ev.peer = other;
            ev.tag = 6;
            ev.count = 1;
            ev.dtsize = 8;
            ev.bytes = 8;
            ev.req = a;
            hand_emit(&h, &ev, 5, 50);
            ev.req = b;
            hand_emit(&h, &ev, 5, 50);
            skel_completion one = {.req = b,
                                   .call = SKEL_CALL_MPI_Isend,
                                   .index = 1,
                                   .src = SKEL_PEER_NONE,
                                   .tag = SKEL_TAG_NONE,
                                   .bytes = 8};
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Waitany;
            ev.ncomplete = 1;
            ev.complete = &one;
            hand_emit(&h, &ev, 6, 50);
            one = (skel_completion){.req = a,
                                    .call = SKEL_CALL_MPI_Isend,
                                    .index = 0,
                                    .src = SKEL_PEER_NONE,
                                    .tag = SKEL_TAG_NONE,
                                    .bytes = 8};
            hand_emit(&h, &ev, 6, 50);
        }
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Request_free;
        ev.req = sreq;
        hand_emit(&h, &ev, 7, 50);
        ev.req = rreq;
        hand_emit(&h, &ev, 7, 50);
        hand_finish(&h);
    }
    skel_trace *t = open_written(d, nranks);
    skel_signature *s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    check_against(t, s);
    cr_expect_eq(s->nclasses, 1);
    /* The iteration is one loop body executed `iters` times (rotated or not,
     * at least iters - 1 times). */
    uint64_t best = 0;
    for (uint32_t b = 0; b < s->nblocks; b++)
        for (uint32_t i = 0; i < s->blocks[b].nitems; i++)
            if (s->blocks[b].items[i].kind == SKEL_SIG_ITEM_LOOP &&
                s->blocks[b].items[i].count > best)
                best = s->blocks[b].items[i].count;
    cr_expect_geq(best, iters - 1);
    /* The Startall links back to the two requests' previous activations. */
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].call == SKEL_CALL_MPI_Startall && s->symbols[i].occurrences > 2) {
            cr_expect_eq(s->symbols[i].nlinks, 2);
            cr_expect_eq(s->symbols[i].links[0].call, SKEL_CALL_MPI_Send_init);
        }
    /* Every Start sends or receives as the request's Send_init/Recv_init:
     * those symbols carry the pairing, one matching class. */
    uint32_t sm = SKEL_SIG_NONE, rm = SKEL_SIG_NONE;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        if (s->symbols[i].call == SKEL_CALL_MPI_Send_init)
            sm = s->symbols[i].match[0];
        if (s->symbols[i].call == SKEL_CALL_MPI_Recv_init)
            rm = s->symbols[i].match[0];
        if (s->symbols[i].call == SKEL_CALL_MPI_Startall)
            cr_expect_eq(s->symbols[i].match[0], SKEL_SIG_NONE);
    }
    cr_expect_neq(sm, SKEL_SIG_NONE, "the Send_init's messages were not paired");
    cr_expect_eq(sm, rm, "Send_init in class %u, Recv_init in %u", sm, rm);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, nranks);
    free(d);
}

/* Partitioned set-ups of two sizes 0.8 % apart, made, started, completed
 * and freed 20 times: at a threshold of 0.2 the persistent requests' sizes
 * would merge into a mean, but a partitioned set-up's size is hard (MPI
 * wants the two sides' buffers equal), so each size keeps a symbol of its
 * own, exact, with its partitions, and the signature verifies. */
Test(compress, partitioned_sizes_stay_exact)
{
    char *d = tmpdir();
    const uint32_t nranks = 2, iters = 20;
    for (uint32_t r = 0; r < nranks; r++) {
        struct hand h = hand_start(d, r, nranks, 8);
        uint64_t req = 0;
        int32_t other = (int32_t)(1 - r);
        for (uint32_t i = 0; i < iters; i++) {
            int64_t count = i % 2 ? 1008 : 1000;
            skel_event ev;
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Psend_init;
            ev.peer = other;
            ev.tag = 5;
            ev.count = count;
            ev.dtsize = 8;
            ev.bytes = (uint64_t)count * 8;
            ev.parts = 4;
            ev.req = ++req;
            hand_emit(&h, &ev, 1, 50);
            uint64_t sreq = req;
            ev.call = SKEL_CALL_MPI_Precv_init;
            ev.parts = 2;
            ev.req = ++req;
            hand_emit(&h, &ev, 2, 50);
            uint64_t rreq = req, both[2] = {sreq, rreq};
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Startall;
            ev.nreqs = 2;
            ev.reqs = both;
            hand_emit(&h, &ev, 3, 50);
            skel_completion c[2] = {{.req = sreq,
                                     .call = SKEL_CALL_MPI_Psend_init,
                                     .index = 0,
                                     .src = SKEL_PEER_NONE,
                                     .tag = SKEL_TAG_NONE,
                                     .bytes = (uint64_t)count * 8},
                                    {.req = rreq,
                                     .call = SKEL_CALL_MPI_Precv_init,
                                     .index = 1,
                                     .src = other,
                                     .tag = 5,
                                     .bytes = (uint64_t)count * 8}};
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Waitall;
            ev.ncomplete = 2;
            ev.complete = c;
            hand_emit(&h, &ev, 4, 50);
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Request_free;
            ev.req = sreq;
            hand_emit(&h, &ev, 5, 50);
            ev.req = rreq;
            hand_emit(&h, &ev, 5, 50);
        }
        hand_finish(&h);
    }
    skel_trace *t = open_written(d, nranks);
    skel_signature *s = compress_at(t, 0.2, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    uint32_t psend = 0, precv = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        if (!skel_call_partitioned(y->call))
            continue;
        psend += y->call == SKEL_CALL_MPI_Psend_init;
        precv += y->call == SKEL_CALL_MPI_Precv_init;
        cr_expect_eq(y->parts, y->call == SKEL_CALL_MPI_Psend_init ? 4u : 2u, "symbol %u", i);
        cr_expect_eq(y->side[0].count.min, y->side[0].count.max,
                     "symbol %u: a partitioned buffer of %lld to %lld elements", i,
                     (long long)y->side[0].count.min, (long long)y->side[0].count.max);
    }
    cr_expect_eq(psend, 2, "%u MPI_Psend_init symbols, one per size expected", psend);
    cr_expect_eq(precv, 2, "%u MPI_Precv_init symbols, one per size expected", precv);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, nranks);
    free(d);
}

/* General active-target synchronisation on a ring of 4 ranks: each rank
 * posts to and starts on its two neighbours, 10 times.  The groups' members
 * fold like peers (one class, each member an encoding that resolves to the
 * neighbour on every rank), and the signature verifies against the trace. */
Test(compress, pscw_groups_fold_like_peers)
{
    char *d = tmpdir();
    const uint32_t nranks = 4, iters = 10;
    for (uint32_t r = 0; r < nranks; r++) {
        skel_writer *w = open_rank(d, r, nranks, 6);
        uint64_t t = 2000, nev = 0;
        int32_t group[2] = {(int32_t)((r + nranks - 1) % nranks), (int32_t)((r + 1) % nranks)};
        skel_event ev;
        static const uint16_t calls[] = {SKEL_CALL_MPI_Init,      SKEL_CALL_MPI_Win_post,
                                         SKEL_CALL_MPI_Win_start, SKEL_CALL_MPI_Win_complete,
                                         SKEL_CALL_MPI_Win_wait,  SKEL_CALL_MPI_Finalize};
        for (uint32_t i = 0; i < iters * 4 + 2; i++) {
            uint32_t k = i == 0 ? 0 : i == iters * 4 + 1 ? 5 : 1 + (i - 1) % 4;
            skel_event_init(&ev);
            ev.call = calls[k];
            if (k == 1 || k == 2) {
                ev.ngroup = 2;
                ev.group = group;
            }
            ev.site = k;
            ev.t_start = t + 100;
            ev.gap_wall = ev.gap_cpu = 100;
            ev.t_end = ev.t_start + 50;
            t = ev.t_end;
            nev++;
            cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
        }
        skel_rank_end end = {.nevents = nev, .per_event_ns = 10, .t_end = t};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
    skel_trace *t = open_written(d, nranks);
    skel_signature *s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(s->nclasses, 1);
    int seen = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        if (y->call != SKEL_CALL_MPI_Win_post && y->call != SKEL_CALL_MPI_Win_start) {
            cr_expect_eq(y->ngroup, 0u, "symbol %u", i);
            continue;
        }
        seen++;
        cr_assert_eq(y->ngroup, 2u, "symbol %u", i);
        for (uint32_t r = 0; r < nranks; r++)
            for (uint32_t g = 0; g < 2; g++) {
                int32_t cr, wr;
                cr_assert_eq(
                    skel_sig_peer_resolve(s, r, y->comm, &y->group[g], SKEL_PEER_NONE, &cr, &wr),
                    SKEL_OK, "%s", skel_last_error());
                cr_expect_eq(wr, (int32_t)((r + nranks + (g ? 1 : -1)) % nranks),
                             "rank %u member %u", r, g);
            }
    }
    cr_expect_geq(seen, 2); /* the first iteration's may be symbols of their own */
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, nranks);
    free(d);
}

/* Groups that come back only after many others (here 80 in turn, each rank
 * posting to one other rank): the rank's table searches the latest ones
 * only and may hold a group twice, which must not change what the
 * signature says - it still verifies against the trace. */
Test(compress, groups_that_rarely_repeat)
{
    char *d = tmpdir();
    const uint32_t nranks = 100, posts = 200;
    for (uint32_t r = 0; r < nranks; r++) {
        skel_writer *w = open_rank(d, r, nranks, 3);
        uint64_t t = 2000, nev = 0;
        for (uint32_t i = 0; i < posts + 2; i++) {
            int32_t member = (int32_t)((r + 1 + i % 80) % nranks);
            skel_event ev;
            skel_event_init(&ev);
            ev.call = i == 0           ? SKEL_CALL_MPI_Init
                      : i == posts + 1 ? SKEL_CALL_MPI_Finalize
                                       : SKEL_CALL_MPI_Win_post;
            if (ev.call == SKEL_CALL_MPI_Win_post) {
                ev.ngroup = 1;
                ev.group = &member;
            }
            ev.site = i == 0 ? 0 : i == posts + 1 ? 2 : 1;
            ev.t_start = t + 100;
            ev.gap_wall = ev.gap_cpu = 100;
            ev.t_end = ev.t_start + 50;
            t = ev.t_end;
            nev++;
            cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
        }
        skel_rank_end end = {.nevents = nev, .per_event_ns = 10, .t_end = t};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
    skel_trace *t = open_written(d, nranks);
    skel_signature *s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(s->nclasses, 1, "every rank posts to the same offsets");
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, nranks);
    free(d);
}

/* One MPI_Waitall call site completing exchanges of very different sizes
 * (HPCC's bandwidth test: 8 bytes in 0.8 us, 2 MB in 458 us): rank r's
 * iteration i posts MPI_Irecv and MPI_Isend of sizes[i % 4] bytes and
 * completes both at one MPI_Waitall whose time grows with the size.  Written
 * by hand; returns the trace. */
/* iters exchanges between two ranks, of sizes[i % 4] bytes, tagged 7 + i %
 * ntags. */
static skel_trace *exchanges(const char *d, const uint64_t sizes[4], uint32_t iters, uint32_t ntags)
{
    const uint32_t nranks = 2;
    for (uint32_t r = 0; r < nranks; r++) {
        struct hand h = hand_start(d, r, nranks, 4);
        uint64_t req = 0;
        int32_t other = (int32_t)(1 - r);
        skel_event ev;
        for (uint32_t i = 0; i < iters; i++) {
            uint64_t n = sizes[i % 4], rq = ++req, sq = ++req;
            int32_t tag = 7 + (int32_t)(i % ntags);
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Irecv;
            ev.peer = other;
            ev.tag = tag;
            ev.count = (int64_t)n;
            ev.dtsize = 1;
            ev.bytes = n;
            ev.req = rq;
            hand_emit(&h, &ev, 1, 50);
            ev.call = SKEL_CALL_MPI_Isend;
            ev.req = sq;
            hand_emit(&h, &ev, 2, 50);
            skel_completion c[2] = {{.req = rq,
                                     .call = SKEL_CALL_MPI_Irecv,
                                     .index = 0,
                                     .src = other,
                                     .tag = tag,
                                     .bytes = n},
                                    {.req = sq,
                                     .call = SKEL_CALL_MPI_Isend,
                                     .index = 1,
                                     .src = SKEL_PEER_NONE,
                                     .tag = SKEL_TAG_NONE,
                                     .bytes = 0}};
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Waitall;
            ev.ncomplete = 2;
            ev.complete = c;
            hand_emit(&h, &ev, 3, 800 + n / 5); /* 2 MB: ~400 us */
        }
        hand_finish(&h);
    }
    return open_written(d, nranks);
}

/* The MPI_Waitall symbols of s: how many, and their call times' means. */
static uint32_t waitalls(const skel_signature *s, double *mean, uint32_t cap)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].call == SKEL_CALL_MPI_Waitall) {
            if (n < cap)
                mean[n] = s->symbols[i].duration.mean;
            n++;
        }
    return n;
}

/* A completion's symbol holds the bytes it completes: exchanges of 8 bytes
 * and of 2 MB at one call site get two symbols, each with its own time, at
 * threshold 0 and above; sizes within the threshold still make one (the
 * completed bytes merge within a factor 2 above threshold 0). */
Test(compress, completions_keep_small_and_large_messages_apart)
{
    char *d = tmpdir();
    const uint64_t mixed[4] = {8, 8, 8, 2000000};
    skel_trace *t = exchanges(d, mixed, 40, 1);
    double mean[8];
    for (int k = 0; k < 2; k++) {
        double T = k ? 0.2 : 0;
        skel_signature *s = compress_at(t, T, 0);
        cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
        check_against(t, s);
        /* One class of two ranks: one symbol per kind of exchange. */
        cr_expect_eq(s->nclasses, 1);
        uint32_t n = waitalls(s, mean, 8);
        cr_assert_eq(n, 2, "T=%.1f: %u MPI_Waitall symbols", T, n);
        double lo = mean[0] < mean[1] ? mean[0] : mean[1], hi = mean[0] + mean[1] - lo;
        cr_expect_float_eq(lo, 800 + 8 / 5, 1, "T=%.1f: the small exchanges' mean %.0f ns", T, lo);
        cr_expect_float_eq(hi, 800 + 2000000 / 5, 1, "T=%.1f: the large ones' mean %.0f ns", T, hi);
        skel_signature_free(s);
    }
    skel_trace_close(t);
    rmtrace(d, 2);

    /* Sizes 4 % apart: apart at threshold 0, one symbol at 5 %. */
    free(d);
    d = tmpdir();
    const uint64_t close[4] = {1000, 1040, 1000, 1040};
    t = exchanges(d, close, 40, 1);
    skel_signature *s = compress_at(t, 0, 0);
    cr_expect_eq(waitalls(s, mean, 8), 2);
    skel_signature_free(s);
    s = compress_at(t, 0.05, 0);
    cr_expect_eq(waitalls(s, mean, 8), 1);
    check_against(t, s);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, 2);
    free(d);
}

/* The MPI_Irecv symbols of s. */
static uint32_t irecvs(const skel_signature *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        n += s->symbols[i].call == SKEL_CALL_MPI_Irecv;
    return n;
}

/* Tags that count (symbols.c, TAG_COUNTER): exchanges tagged by iteration
 * make a symbol per tag at threshold 0 and nothing folds; above it, the 40
 * tags of one site merge and the loop folds.  Two tags taken in turn are
 * kinds of message and stay apart at any threshold. */
Test(compress, tags_that_count_merge_above_threshold_0)
{
    char *d = tmpdir();
    const uint64_t same[4] = {64, 64, 64, 64};
    skel_trace *t = exchanges(d, same, 40, 40);
    skel_signature *s = compress_at(t, 0, 0);
    cr_expect_eq(irecvs(s), 40);
    cr_expect_lt(s->ratio, 1.5, "Q %.2f with a new tag every iteration", s->ratio);
    skel_signature_free(s);
    s = compress_at(t, 0.2, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    check_against(t, s);
    cr_expect_eq(irecvs(s), 1);
    cr_expect_gt(s->ratio, 10, "Q %.2f: the loop did not fold", s->ratio);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, 2);
    free(d);

    d = tmpdir();
    t = exchanges(d, same, 40, 2);
    s = compress_at(t, 0.2, 0);
    check_against(t, s);
    cr_expect_eq(irecvs(s), 2, "two kinds of message merged");
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, 2);
    free(d);
}

/* The tracer's own time inside each call (the meta file's call-ns) leaves
 * every call's duration, and the duration's shift says how much; the
 * ranks' MPI time loses it once per call delivered.  Without the shift
 * (--keep-overhead) the durations are the trace's. */
Test(compress, durations_lose_the_tracers_time_inside_calls)
{
    char *d = tmpdir();
    const uint64_t sizes[4] = {8, 8, 8, 8};
    skel_trace *t = exchanges(d, sizes, 20, 1);
    skel_signature *plain = compress_at(t, 0, 0);
    skel_trace_close(t);
    /* The same trace, its meta saying 30 ns per call. */
    char meta[4200];
    snprintf(meta, sizeof meta, "%s/meta", d);
    skel_meta_rank ranks[2] = {{.rank = 0, .host = "h", .call_ns = 30},
                               {.rank = 1, .host = "h", .call_ns = 30}};
    skel_meta m = {.version_major = SKEL_TRACE_VERSION_MAJOR,
                   .nranks = 2,
                   .tracer_version = "t",
                   .mpi_library = "m",
                   .complete = 1,
                   .ranks = ranks,
                   .nrank_entries = 2};
    cr_assert_eq(skel_meta_write(meta, &m), SKEL_OK);
    cr_assert_eq(skel_trace_open(d, &t), SKEL_OK, "%s", skel_last_error());
    skel_signature *s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(s->nsymbols, plain->nsymbols);
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_dist *a = &plain->symbols[i].duration, *b = &s->symbols[i].duration;
        cr_expect_eq(a->shift, 0);
        cr_expect_eq(b->shift, 30, "symbol %u: shift %llu", i, (unsigned long long)b->shift);
        cr_expect_float_eq(b->mean, a->mean > 30 ? a->mean - 30 : 0, 1e-6, "symbol %u: %.1f, %.1f",
                           i, b->mean, a->mean);
        cr_expect_float_eq(s->symbols[i].compute.mean, plain->symbols[i].compute.mean, 1e-6);
    }
    for (uint32_t r = 0; r < 2; r++)
        cr_expect_eq(s->ranks[r].mpi_ns, plain->ranks[r].mpi_ns - 30 * s->ranks[r].events);
    skel_signature_free(s);
    /* Kept: the trace's durations. */
    skel_compress_opts o;
    skel_compress_defaults(&o);
    o.keep_overhead = 1;
    cr_assert_eq(skel_compress_trace(t, &o, &s, NULL), SKEL_OK, "%s", skel_last_error());
    for (uint32_t i = 0; i < s->nsymbols; i++)
        cr_expect_float_eq(s->symbols[i].duration.mean, plain->symbols[i].duration.mean, 1e-6);
    skel_signature_free(s);
    skel_signature_free(plain);
    skel_trace_close(t);
    rmtrace(d, 2);
    free(d);
}

/* Rank r's events as hand_emit() writes them, with a compute gap of gap ns. */
static void emit_after(struct hand *h, skel_event *ev, uint32_t site, uint64_t gap)
{
    ev->site = site;
    ev->t_start = h->t + gap;
    ev->gap_wall = ev->gap_cpu = gap;
    ev->t_end = ev->t_start + 50;
    h->t = ev->t_end;
    h->nev++;
    cr_assert_eq(skel_writer_event(h->w, ev), SKEL_OK, "%s", skel_last_error());
}

/* The MPI_Barrier symbols (below): their compute means and counts. */
static uint32_t barriers(const skel_signature *s, double *mean, uint64_t *n, uint32_t cap)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        if (y->call != SKEL_CALL_MPI_Barrier)
            continue;
        if (k < cap) {
            mean[k] = y->compute.mean;
            n[k] = y->occurrences;
        }
        k++;
    }
    return k;
}

/* A poll's outcome is a branch (nbx: a round's work comes after the
 * MPI_Test that found its barrier done, never after one that did not).
 * Each round here: a probe at site 1 that comes back true, 50 us of work,
 * a barrier at site 2, then five probes at site 1 that come back false,
 * each followed by the barrier after 100 ns.  The barrier after a true flag
 * and the one after a false flag have the same sites but not the same
 * compute: two symbols, one with the work and one without, at threshold 0
 * and above (until 2026-11-30 one symbol whose phases, drawn in the
 * skeleton, put the work at random polls). */
Test(compress, compute_after_a_poll_follows_its_flag)
{
    char *d = tmpdir();
    const uint32_t nranks = 2, rounds = 40;
    for (uint32_t r = 0; r < nranks; r++) {
        struct hand h = hand_start(d, r, nranks, 3);
        int32_t other = (int32_t)(1 - r);
        skel_event ev;
        for (uint32_t i = 0; i < rounds; i++) {
            for (int k = 0; k < 6; k++) {
                skel_event_init(&ev);
                ev.call = SKEL_CALL_MPI_Iprobe;
                ev.peer = other;
                ev.tag = 1;
                if (k == 0)
                    ev.flags |= SKEL_EVF_FLAG;
                emit_after(&h, &ev, 1, 100);
                skel_event_init(&ev);
                ev.call = SKEL_CALL_MPI_Barrier;
                emit_after(&h, &ev, 2, k == 0 ? 50000 : 100);
            }
        }
        hand_finish(&h);
    }
    skel_trace *t = open_written(d, nranks);
    const double thresholds[2] = {0.0, 0.5};
    for (int j = 0; j < 2; j++) {
        skel_signature *s = compress_at(t, thresholds[j], 0);
        cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
        double mean[4];
        uint64_t n[4];
        uint32_t k = barriers(s, mean, n, 4);
        cr_assert_eq(k, 2, "threshold %.1f: %u symbols for the barrier", thresholds[j], k);
        uint32_t work = mean[0] > mean[1] ? 0 : 1;
        /* Less the tracer's cost per event (hand_finish(): 10 ns). */
        cr_expect_float_eq(mean[work], 49990.0, 1.0, "threshold %.1f: %.1f", thresholds[j],
                           mean[work]);
        cr_expect_float_eq(mean[1 - work], 90.0, 1.0, "threshold %.1f: %.1f", thresholds[j],
                           mean[1 - work]);
        cr_expect_eq(n[work], (uint64_t)rounds * nranks / s->nclasses);
        cr_expect_eq(n[1 - work], (uint64_t)rounds * 5 * nranks / s->nclasses);
        skel_signature_free(s);
    }
    skel_trace_close(t);
    rmtrace(d, nranks);
    free(d);
}

/* Rounds of a loop polling two things in turn (nbx: MPI_Iprobe for a
 * message, MPI_Testall for its sends), each finding nothing k times: round
 * i polls k = 1 + (7i mod 5) pairs at sites 1 and 2, then (even rounds) the
 * probe at site 1 finds its message or (odd rounds) nothing does and an
 * MPI_Barrier at site 3 ends the run.  Writes both ranks; returns the trace. */
static skel_trace *alternating_polls(const char *d, uint32_t rounds)
{
    const uint32_t nranks = 2;
    for (uint32_t r = 0; r < nranks; r++) {
        struct hand h = hand_start(d, r, nranks, 4);
        int32_t other = (int32_t)(1 - r);
        skel_event ev;
        for (uint32_t i = 0; i < rounds; i++) {
            uint32_t k = 1 + (7 * i) % 5;
            for (uint32_t j = 0; j < k; j++)
                for (uint32_t site = 1; site <= 2; site++) {
                    skel_event_init(&ev);
                    ev.call = SKEL_CALL_MPI_Iprobe;
                    ev.peer = other;
                    ev.tag = (int32_t)site;
                    emit_after(&h, &ev, site, 100);
                }
            skel_event_init(&ev);
            if (i % 2 == 0) {
                ev.call = SKEL_CALL_MPI_Iprobe;
                ev.peer = other;
                ev.tag = 1;
                ev.flags |= SKEL_EVF_FLAG;
                emit_after(&h, &ev, 1, 100);
            }
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Barrier;
            emit_after(&h, &ev, 3, 5000);
        }
        hand_finish(&h);
    }
    return open_written(d, nranks);
}

/* Read through the poll filter, each round of alternating polls is one
 * event: the probe that found its message, its polls the 2k before it, and
 * its gap theirs; or, where nothing was found, the last poll (site 2) with
 * the 2k - 1 before it.  Compressed, every round is the same symbols
 * (a loop), and the signature still replays the trace. */
Test(compress, alternating_polls_fold_into_one_wait)
{
    char *d = tmpdir();
    const uint32_t rounds = 30;
    skel_trace *t = alternating_polls(d, rounds);
    skel_rank_reader *rd;
    cr_assert_eq(skel_trace_open_rank(t, 0, &rd), SKEL_OK, "%s", skel_last_error());
    skel_pollfold f;
    skel_pollfold_init(&f, rd, 0);
    skel_event ev;
    uint64_t polls;
    cr_assert_eq(skel_pollfold_next(&f, &ev, &polls), 1);
    cr_assert_eq(ev.call, SKEL_CALL_MPI_Init);
    for (uint32_t i = 0; i < rounds; i++) {
        uint64_t k = 1 + (7 * i) % 5;
        cr_assert_eq(skel_pollfold_next(&f, &ev, &polls), 1);
        cr_assert_eq(ev.call, SKEL_CALL_MPI_Iprobe, "round %u", i);
        if (i % 2 == 0) {
            cr_expect_eq(ev.site, 1, "round %u", i);
            cr_expect(ev.flags & SKEL_EVF_FLAG, "round %u", i);
            cr_expect_eq(polls, 2 * k, "round %u: %llu polls", i, (unsigned long long)polls);
            /* A busy wait: the gaps between the polls, not their time. */
            cr_expect_eq(ev.gap_wall, 100 * (2 * k + 1), "round %u", i);
        } else {
            cr_expect_eq(ev.site, 2, "round %u", i);
            cr_expect_eq(polls, 2 * k - 1, "round %u: %llu polls", i, (unsigned long long)polls);
        }
        cr_assert_eq(skel_pollfold_next(&f, &ev, &polls), 1);
        cr_assert_eq(ev.call, SKEL_CALL_MPI_Barrier, "round %u", i);
        cr_expect_eq(polls, 0);
    }
    cr_assert_eq(skel_pollfold_next(&f, &ev, &polls), 1);
    cr_assert_eq(ev.call, SKEL_CALL_MPI_Finalize);
    cr_assert_eq(skel_pollfold_next(&f, &ev, &polls), 0);
    skel_pollfold_free(&f);
    skel_rank_close(rd);
    skel_signature *s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    /* Rounds differ only in found or not: a loop of two rounds, where
     * replayed poll by poll no two rounds in five were alike - so twice the
     * rounds make a signature no longer. */
    uint64_t len = s->signature_length;
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, 2);
    free(d);
    d = tmpdir();
    t = alternating_polls(d, 2 * rounds);
    s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(s->signature_length, len, "signature length %llu for %u rounds, %llu for %u",
                 (unsigned long long)s->signature_length, 2 * rounds, (unsigned long long)len,
                 rounds);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, 2);
    free(d);
}

/* Communicator i (global id gid) of a hand-written rank, of the given
 * members, declared and made from MPI_COMM_WORLD by `call` at `site`. */
static void hand_comm(struct hand *h, uint32_t i, uint64_t gid, uint16_t call, int32_t *members,
                      uint32_t size, uint32_t site)
{
    skel_comm c = {.index = i,
                   .gid = gid,
                   .parent = SKEL_COMM_WORLD,
                   .created_by = call,
                   .size = size,
                   .members = members};
    cr_assert_eq(skel_writer_comm(h->w, &c), SKEL_OK, "%s", skel_last_error());
    skel_event ev;
    skel_event_init(&ev);
    ev.call = call;
    ev.comm = SKEL_COMM_WORLD;
    ev.newcomm = i;
    hand_emit(h, &ev, site, 50);
}

/* MPI_Comm_free of communicator i at `site`. */
static void hand_comm_free(struct hand *h, uint32_t i, uint32_t site)
{
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Comm_free;
    ev.comm = i;
    hand_emit(h, &ev, site, 50);
}

/* A communicator duplicated, used and freed in every iteration (idup.c's
 * pattern; libraries that give each solve its own communicator): the
 * tracer numbers each one anew, the compressor puts them all in one slot
 * and the iterations fold.  A duplicate made while that slot's occupant
 * lives, and a communicator of other members, take new slots. */
Test(compress, communicators_freed_every_iteration_share_a_slot)
{
    char *d = tmpdir();
    const uint32_t nranks = 2, iters = 40;
    int32_t both[2] = {0, 1};
    for (uint32_t r = 0; r < nranks; r++) {
        struct hand h = hand_start(d, r, nranks, 8);
        int32_t self[1] = {(int32_t)r};
        uint32_t next = 2;
        for (uint32_t i = 0; i < iters; i++) {
            uint32_t c = next++;
            hand_comm(&h, c, 100 + c, SKEL_CALL_MPI_Comm_dup, both, 2, 1);
            skel_event ev;
            skel_event_init(&ev);
            ev.call = SKEL_CALL_MPI_Allreduce;
            ev.comm = c;
            ev.count = 1;
            ev.dtsize = 8;
            ev.bytes = ev.rbytes = 8;
            ev.op = SKEL_OP_SUM;
            hand_emit(&h, &ev, 2, 50);
            hand_comm_free(&h, c, 3);
        }
        /* Two duplicates alive at once, then a communicator of this rank
         * alone (MPI_Comm_split by rank) once they are freed. */
        uint32_t a = next++, b = next++, x = next++;
        hand_comm(&h, a, 100 + a, SKEL_CALL_MPI_Comm_dup, both, 2, 4);
        hand_comm(&h, b, 100 + b, SKEL_CALL_MPI_Comm_dup, both, 2, 5);
        hand_comm_free(&h, a, 6);
        hand_comm_free(&h, b, 6);
        hand_comm(&h, x, 1000 + r, SKEL_CALL_MPI_Comm_split, self, 1, 7);
        hand_finish(&h);
    }
    skel_trace *t = open_written(d, nranks);
    skel_signature *s = compress_at(t, 0, 0);
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(s->nclasses, 1);
    /* One symbol per call site of the loop, the loop folded whole. */
    uint32_t dups = 0;
    uint64_t best = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].call == SKEL_CALL_MPI_Comm_dup)
            dups++;
    for (uint32_t b = 0; b < s->nblocks; b++)
        for (uint32_t i = 0; i < s->blocks[b].nitems; i++)
            if (s->blocks[b].items[i].kind == SKEL_SIG_ITEM_LOOP &&
                s->blocks[b].items[i].count > best)
                best = s->blocks[b].items[i].count;
    /* The first iteration's (after MPI_Init), the loop's, the two after it. */
    cr_expect_eq(dups, 4, "%u MPI_Comm_dup symbols", dups);
    cr_expect_geq(best, iters - 1);
    /* Slots: world, self, the loop's (taken again by the first of the two
     * duplicates), the second duplicate's, the split's; every rank alike. */
    uint32_t in_slot[8] = {0};
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        if (y->call != SKEL_CALL_MPI_Comm_dup)
            continue;
        cr_assert_lt(y->newcomm, 8);
        in_slot[y->newcomm]++;
        if (y->occurrences > 2 * nranks)
            cr_expect_eq(y->newcomm, 2, "the loop's duplicates are in slot %u", y->newcomm);
    }
    cr_expect_eq(in_slot[2], 3, "%u MPI_Comm_dup symbols make slot 2", in_slot[2]);
    cr_expect_eq(in_slot[3], 1, "%u MPI_Comm_dup symbols make slot 3", in_slot[3]);
    for (uint32_t r = 0; r < nranks; r++) {
        const skel_sig_rank *rk = &s->ranks[r];
        cr_expect_eq(rk->ncomms, 5, "rank %u: %u slots", r, rk->ncomms);
        for (uint32_t k = 2; k < rk->ncomms && k < 5; k++)
            cr_expect_lt(rk->comms[k], s->ncomms, "rank %u slot %u has no communicator", r, k);
    }
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].call == SKEL_CALL_MPI_Comm_split)
            cr_expect_eq(s->symbols[i].newcomm, 4, "the split reused slot %u",
                         s->symbols[i].newcomm);
    skel_signature_free(s);
    skel_trace_close(t);
    rmtrace(d, nranks);
    free(d);
}
