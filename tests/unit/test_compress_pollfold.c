/* test_compress_pollfold.c - polling loops read as one wait
 * (compress/pollfold.h) on a synthetic master/worker trace whose master
 * polls with MPI_Test a varying number of times (compress/synth.h): every
 * run of polls that found nothing is folded into the poll that completes,
 * with the run's whole time before it and its number of polls, and as CPU
 * time only what the master computed between polls that did not sleep; the
 * master's signature then folds into a loop, still replays the trace
 * (skel_compress_verify) and keeps every poll in its counts. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calls.h"
#include "compress.h"
#include "error.h"
#include "pollfold.h"
#include "synth.h"

#define POLL 5

static char dir[] = "/tmp/skel-test-pollfold-XXXXXX";
static skel_synth_opts opts;
static skel_trace *trace;

static void setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
    skel_synth_defaults(&opts);
    opts.pattern = SKEL_SYNTH_MASTER_WORKER;
    opts.nranks = 3;
    opts.iterations = 40;
    opts.poll = POLL;
    cr_assert_eq(skel_synth_write(dir, &opts), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_open(dir, &trace), SKEL_OK, "%s", skel_last_error());
}

static void teardown(void)
{
    skel_trace_close(trace);
    char p[4096], name[64];
    for (uint32_t r = 0; r < opts.nranks; r++) {
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/meta", dir);
    unlink(p);
    rmdir(dir);
}

TestSuite(pollfold, .init = setup, .fini = teardown);

static uint64_t dur(const skel_event *ev)
{
    return ev->t_end - ev->t_start;
}

/* A folded poll's duration less the tracer's time inside it (saturating). */
static uint64_t dur_less(const skel_event *ev, uint64_t call_ns)
{
    return dur(ev) > call_ns ? dur(ev) - call_ns : 0;
}

/* The master's events through the filter, against the raw events read by a
 * second reader: request k's polls fold into one MPI_Test whose polls are
 * the synthesiser's 1 + (7k mod POLL) misses and whose gap is the time from
 * the end of the MPI_Irecv to its own start. */
static void runs_fold(int busy, uint64_t call_ns)
{
    skel_rank_reader *rd, *raw;
    cr_assert_eq(skel_trace_open_rank(trace, 0, &rd), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_open_rank(trace, 0, &raw), SKEL_OK, "%s", skel_last_error());
    skel_pollfold pf;
    skel_pollfold_init(&pf, rd, call_ns);
    skel_event ev, r;
    uint64_t polls, k = 0, n = 0, total_polls = 0, delivered = 0;
    int rc;
    while ((rc = skel_pollfold_next(&pf, &ev, &polls)) > 0) {
        delivered++;
        if (ev.call != SKEL_CALL_MPI_Test) {
            cr_assert_eq(polls, 0, "event %llu (%s): polls %llu", (unsigned long long)delivered,
                         skel_call_name(ev.call), (unsigned long long)polls);
            /* Anything else passes unchanged: the raw reader meets it next. */
            do
                cr_assert_eq(skel_rank_next(raw, &r), 1);
            while (r.call == SKEL_CALL_MPI_Test);
            cr_assert_eq(r.call, ev.call);
            cr_assert_eq(r.seq, ev.seq);
            cr_assert_eq(r.gap_wall, ev.gap_wall);
            continue;
        }
        cr_assert(ev.flags & SKEL_EVF_FLAG, "request %llu: the folded Test must complete",
                  (unsigned long long)k);
        cr_assert_eq(ev.ncomplete, 1);
        uint64_t misses = 1 + (7 * k) % POLL;
        cr_assert_eq(polls, misses, "request %llu: %llu polls folded, %llu expected",
                     (unsigned long long)k, (unsigned long long)polls, (unsigned long long)misses);
        /* The raw polls: their gaps and durations, and the last one's gap. */
        uint64_t gap = 0, cpu = 0, busy_cpu = 0, slept = 0, gaps = 0, gaps_cpu = 0, polled = 0;
        for (uint64_t i = 0; i <= misses; i++) {
            cr_assert_eq(skel_rank_next(raw, &r), 1);
            cr_assert_eq(r.call, SKEL_CALL_MPI_Test);
            gap += r.gap_wall + (i < misses ? dur_less(&r, call_ns) : 0);
            cpu += r.gap_cpu + (i < misses ? dur_less(&r, call_ns) : 0);
            gaps += r.gap_wall;
            gaps_cpu += r.gap_cpu;
            polled += i < misses ? dur_less(&r, call_ns) : 0;
            if (r.gap_wall - r.gap_cpu >= 5000 && r.gap_wall >= 2 * r.gap_cpu)
                slept++;
            else
                busy_cpu += r.gap_cpu;
        }
        if (!busy) {
            /* The synthesiser's master sleeps between its polls: the run's
             * CPU is its first gap's alone, neither the polls nor the
             * sleeps. */
            cr_assert_eq(slept, misses);
            cr_assert_lt(busy_cpu, cpu);
            cpu = busy_cpu;
        } else {
            /* It computes between its polls and waits in them: the gaps
             * are its compute, all CPU; the polls' time is the wait's, the
             * folded Test's duration, as if it started with the first. */
            cr_assert_eq(slept, 0);
            cr_assert_gt(polled, 0);
            cr_assert_eq(ev.gap_wall, gaps);
            cr_assert_eq(ev.gap_cpu, gaps_cpu > gaps ? gaps : gaps_cpu);
            cr_assert_eq(ev.t_start, r.t_start - polled);
            cr_assert_eq(ev.t_end, r.t_end);
            cr_assert_eq(r.seq, ev.seq, "the folded Test is the run's last");
            total_polls += polls;
            k++;
            continue;
        }
        cr_assert_eq(r.seq, ev.seq, "the folded Test is the run's last");
        cr_assert_eq(ev.t_start, r.t_start);
        cr_assert_eq(ev.gap_wall, gap, "request %llu: gap %llu, the run took %llu",
                     (unsigned long long)k, (unsigned long long)ev.gap_wall,
                     (unsigned long long)gap);
        cr_assert_eq(ev.gap_cpu, cpu > gap ? gap : cpu);
        total_polls += polls;
        k++;
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    cr_assert_eq(skel_rank_next(raw, &r), 0, "the filter ended before the trace");
    n = skel_synth_events(&opts, 0);
    cr_assert_eq(k, (opts.iterations + 1) * (opts.nranks - 1));
    cr_assert_eq(pf.raw, n, "%llu events read, the trace has %llu", (unsigned long long)pf.raw,
                 (unsigned long long)n);
    cr_assert_eq(delivered + total_polls, n);
    skel_pollfold_free(&pf);
    skel_rank_close(rd);
    skel_rank_close(raw);
}

Test(pollfold, master_runs_fold_with_their_time)
{
    runs_fold(0, 0);
}

/* The tracer's time inside each call (its meta call-ns) leaves every folded
 * poll, wherever the run puts the polls' time. */
Test(pollfold, folded_polls_lose_the_tracers_time_inside_them)
{
    runs_fold(0, 7);
}

/* A master that computes between its tests without sleeping: what it
 * computed between them is kept as CPU time, the tests' own time is the
 * wait's. */
Test(pollfold, busy_runs_keep_their_cpu)
{
    teardown();
    strcpy(dir, "/tmp/skel-test-pollfold-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    opts.poll_busy = 1;
    cr_assert_eq(skel_synth_write(dir, &opts), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_open(dir, &trace), SKEL_OK, "%s", skel_last_error());
    runs_fold(1, 0);
    runs_fold(1, 7);
}

/* Walk a class's expansion, counting its MPI_Test events. */
static int count_tests(void *ctx, const skel_sig_symbol *y)
{
    uint64_t *n = ctx;
    *n += y->call == SKEL_CALL_MPI_Test;
    return SKEL_OK;
}

Test(pollfold, master_signature_folds_and_keeps_counts)
{
    skel_compress_opts o;
    skel_compress_defaults(&o);
    o.threshold = 0.2;
    skel_signature *s;
    cr_assert_eq(skel_compress_trace(trace, &o, &s, NULL), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_compress_verify(trace, s), SKEL_OK, "%s", skel_last_error());
    uint32_t cls = s->ranks[0].cls;
    /* The trace's length is every raw event. */
    cr_assert_eq(s->ranks[0].events, skel_synth_events(&opts, 0));
    uint64_t tests = 0, polls = 0, items = 0;
    int have_loop = 0;
    const skel_sig_class *c = NULL;
    for (uint32_t i = 0; i < s->nclasses; i++)
        if (s->classes[i].id == cls)
            c = &s->classes[i];
    cr_assert_not_null(c);
    items = c->length;
    for (uint32_t b = 0; b < s->nblocks; b++)
        if (s->blocks[b].cls == cls)
            for (uint32_t j = 0; j < s->blocks[b].nitems; j++)
                have_loop |= s->blocks[b].items[j].kind == SKEL_SIG_ITEM_LOOP;
    cr_assert_eq(skel_sig_walk(s, cls, count_tests, &tests), SKEL_OK, "%s", skel_last_error());
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].cls == cls && s->symbols[i].call == SKEL_CALL_MPI_Test)
            polls += s->symbols[i].polls;
    uint64_t requests = (opts.iterations + 1) * (opts.nranks - 1), raw_tests = 0;
    for (uint64_t k = 0; k < requests; k++)
        raw_tests += 2 + (7 * k) % POLL;
    cr_assert_eq(tests, requests, "one MPI_Test per request in the expansion, %llu found",
                 (unsigned long long)tests);
    cr_assert_eq(tests + polls, raw_tests, "%llu + %llu folded polls, the trace has %llu",
                 (unsigned long long)tests, (unsigned long long)polls,
                 (unsigned long long)raw_tests);
    cr_assert(have_loop, "the master's string did not fold");
    cr_assert_lt(items, 20, "the master's signature has %llu items", (unsigned long long)items);
    skel_signature_free(s);
}

/* The tracer's cost per event is taken out once per event: a folded poll
 * stands for its run's polls too, so its compute is shifted by the cost
 * times (1 + its polls), spread over the symbol's phases. */
Test(pollfold, folded_polls_shift_the_tracer_cost_of_every_poll)
{
    skel_compress_opts o;
    skel_compress_defaults(&o);
    o.threshold = 0;
    skel_signature *s, *kept;
    cr_assert_eq(skel_compress_trace(trace, &o, &s, NULL), SKEL_OK, "%s", skel_last_error());
    o.keep_overhead = 1;
    cr_assert_eq(skel_compress_trace(trace, &o, &kept, NULL), SKEL_OK, "%s", skel_last_error());
    uint64_t pe = s->ranks[0].per_event_ns;
    cr_assert_gt(pe, 0, "the synthetic trace has a tracer cost per event");
    cr_assert_eq(s->nsymbols, kept->nsymbols);
    int folded = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i], *k = &kept->symbols[i];
        if (y->cls != s->ranks[0].cls || y->occurrences == 0)
            continue;
        uint64_t want =
            pe + (uint64_t)((double)pe * (double)y->polls / (double)y->occurrences + 0.5);
        cr_assert_eq(y->compute.shift, want, "symbol %u (%s, %llu polls in %llu): shift %llu", i,
                     skel_call_name(y->call), (unsigned long long)y->polls,
                     (unsigned long long)y->occurrences, (unsigned long long)y->compute.shift);
        folded += y->polls > 0;
        /* Where no phase was shorter than the shift, the mean moves by it
         * exactly. */
        if (k->compute.min >= want)
            cr_assert_float_eq(y->compute.mean, k->compute.mean - (double)want, 1e-6,
                               "symbol %u: mean %g, %g kept", i, y->compute.mean, k->compute.mean);
    }
    cr_assert_gt(folded, 0, "no folded poll in the master's symbols");
    skel_signature_free(s);
    skel_signature_free(kept);
}
