/* bench_predict.c - throughput of the trace-driven predictions on a trace:
 * events per second of the rank readers, the replay, the Program Activity
 * Graph builder on it, the critical path with its profile, the same with
 * the zeroing of every item, and the LBF simulation.  The critical path's own
 * cost is the pass's time minus the builder's.  Beside each wall time, the
 * process's CPU time over it: the replay decodes ranks in threads of their
 * own (replay.h), so events per CPU second is the per-core figure.  Prints
 * figures; never fails on time.  (bench_predict.sh measures prediction
 * accuracy.)
 *
 * usage: bench_predict TRACEDIR [REPEATS]
 */
#include "commtable.h"
#include "critpath.h"
#include "error.h"
#include "lbf.h"
#include "pag.h"
#include "replay.h"
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int die(const char *what)
{
    fprintf(stderr, "bench_predict: %s: %s\n", what, skel_last_error());
    return 1;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A measurement: wall and CPU seconds of its fastest run (by wall). */
struct m {
    double wall, cpu;
};

static void best(struct m *b, double w0, double c0)
{
    double w = now() - w0, c = cpu_now() - c0;
    if (w < b->wall) {
        b->wall = w;
        b->cpu = c;
    }
}

static void row(const char *what, struct m x, double ev)
{
    printf("%-44s %7.3f s %7.2f M events/s   cpu %7.3f s %7.2f M events/cpu-s\n", what, x.wall,
           x.wall > 0 ? ev / x.wall * 1e-6 : 0.0, x.cpu, x.cpu > 0 ? ev / x.cpu * 1e-6 : 0.0);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: bench_predict TRACEDIR [REPEATS]\n");
        return 2;
    }
    int repeats = argc == 3 ? atoi(argv[2]) : 3;
    if (repeats < 1)
        repeats = 1;
    skel_trace *t;
    if (skel_trace_open(argv[1], &t) != SKEL_OK)
        return die(argv[1]);
    struct m t_read = {1e30, 0}, t_replay = {1e30, 0}, t_pag = {1e30, 0}, t_cp1 = {1e30, 0},
             t_cp = {1e30, 0}, t_lbf = {1e30, 0};
    uint64_t events = 0;
    for (int rep = 0; rep < repeats; rep++) {
        /* rank readers alone */
        double t0 = now(), c0 = cpu_now();
        uint64_t n = 0;
        for (uint32_t r = 0; r < skel_trace_nranks(t); r++) {
            skel_rank_reader *rd;
            if (skel_trace_open_rank(t, r, &rd) != SKEL_OK)
                return die("reader");
            skel_event ev;
            while (skel_rank_next(rd, &ev) == 1)
                n++;
            skel_rank_close(rd);
        }
        best(&t_read, t0, c0);
        events = n;

        /* the replay */
        t0 = now();
        c0 = cpu_now();
        skel_replay *rp;
        if (skel_replay_open(t, &rp) != SKEL_OK)
            return die("replay");
        skel_replay_item it;
        int rc;
        while ((rc = skel_replay_next(rp, &it)) == 1)
            ;
        skel_replay_close(rp);
        if (rc < 0)
            return die("replay");
        best(&t_replay, t0, c0);

        /* the PAG builder on the replay */
        t0 = now();
        c0 = cpu_now();
        skel_pag *g;
        struct skel_pag_opts po = {0};
        if (skel_pag_open(t, &po, &g) != SKEL_OK)
            return die("pag");
        skel_pag_batch b;
        while ((rc = skel_pag_next(g, &b)) == 1)
            ;
        skel_pag_close(g);
        if (rc < 0)
            return die("pag");
        best(&t_pag, t0, c0);

        /* critical path: the first pass alone, then both */
        struct skel_critpath_opts co = {.top = 0};
        struct skel_critpath_result cr;
        t0 = now();
        c0 = cpu_now();
        if (skel_critpath_run(t, &co, &cr) != SKEL_OK)
            return die("critpath");
        best(&t_cp1, t0, c0);
        skel_critpath_result_free(&cr);
        co.top = 10;
        t0 = now();
        c0 = cpu_now();
        if (skel_critpath_run(t, &co, &cr) != SKEL_OK)
            return die("critpath");
        best(&t_cp, t0, c0);
        size_t nitems = cr.nitems;
        skel_critpath_result_free(&cr);

        /* LBF, identity */
        struct skel_lbf_opts lo = {0};
        struct skel_lbf_result lr;
        t0 = now();
        c0 = cpu_now();
        if (skel_lbf_predict(t, &lo, &lr) != SKEL_OK)
            return die("lbf");
        best(&t_lbf, t0, c0);
        skel_lbf_result_free(&lr);
        if (rep == repeats - 1)
            printf("trace %s: %u ranks, %llu events, %zu profiled items\n", argv[1],
                   skel_trace_nranks(t), (unsigned long long)events, nitems);
    }
    double ev = (double)events;
    row("rank readers (one thread)", t_read, ev);
    row("replay (all ranks merged, matched)", t_replay, ev);
    row("PAG builder on the replay", t_pag, ev);
    row("critical path + profile (no zeroing)", t_cp1, ev);
    row("  of which the critical path itself",
        (struct m){t_cp1.wall - t_pag.wall, t_cp1.cpu - t_pag.cpu}, ev);
    row("  of which the PAG builder beyond the replay",
        (struct m){t_pag.wall - t_replay.wall, t_pag.cpu - t_replay.cpu}, ev);
    row("critical path + profile + zeroing of all items", t_cp, ev);
    row("LBF prediction, identity placement", t_lbf, ev);
    skel_trace_close(t);
    return 0;
}
