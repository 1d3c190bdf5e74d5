/* bench_predict.c - throughput of the trace-driven predictions on a trace:
 * events per second of the rank readers, the replay, the Program Activity
 * Graph builder on it, the critical path with its profile, the same with
 * the zeroing of every item, and the LBF simulation.  The critical path's own
 * cost is the pass's time minus the builder's.  Prints figures; never fails
 * on time.  (bench_predict.sh measures prediction accuracy.)
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

/* The fastest of `repeats` runs of each measurement, in seconds. */
static double best(double a, double b)
{
    return a < b ? a : b;
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
    double t_read = 1e30, t_replay = 1e30, t_pag = 1e30, t_cp1 = 1e30, t_cp = 1e30, t_lbf = 1e30;
    uint64_t events = 0;
    for (int rep = 0; rep < repeats; rep++) {
        /* rank readers alone */
        double t0 = now();
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
        t_read = best(t_read, now() - t0);
        events = n;

        /* the replay */
        t0 = now();
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
        t_replay = best(t_replay, now() - t0);

        /* the PAG builder on the replay */
        t0 = now();
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
        t_pag = best(t_pag, now() - t0);

        /* critical path: the first pass alone, then both */
        struct skel_critpath_opts co = {.top = 0};
        struct skel_critpath_result cr;
        t0 = now();
        if (skel_critpath_run(t, &co, &cr) != SKEL_OK)
            return die("critpath");
        t_cp1 = best(t_cp1, now() - t0);
        skel_critpath_result_free(&cr);
        co.top = 10;
        t0 = now();
        if (skel_critpath_run(t, &co, &cr) != SKEL_OK)
            return die("critpath");
        t_cp = best(t_cp, now() - t0);
        size_t nitems = cr.nitems;
        skel_critpath_result_free(&cr);

        /* LBF, identity */
        struct skel_lbf_opts lo = {0};
        struct skel_lbf_result lr;
        t0 = now();
        if (skel_lbf_predict(t, &lo, &lr) != SKEL_OK)
            return die("lbf");
        t_lbf = best(t_lbf, now() - t0);
        skel_lbf_result_free(&lr);
        if (rep == repeats - 1)
            printf("trace %s: %u ranks, %llu events, %zu profiled items\n", argv[1],
                   skel_trace_nranks(t), (unsigned long long)events, nitems);
    }
    double ev = (double)events;
    printf("%-44s %9.3f s %8.2f M events/s\n", "rank readers", t_read, ev / t_read * 1e-6);
    printf("%-44s %9.3f s %8.2f M events/s\n", "replay (all ranks merged, matched)", t_replay,
           ev / t_replay * 1e-6);
    printf("%-44s %9.3f s %8.2f M events/s\n", "PAG builder on the replay", t_pag,
           ev / t_pag * 1e-6);
    printf("%-44s %9.3f s %8.2f M events/s\n", "critical path + profile (no zeroing)", t_cp1,
           ev / t_cp1 * 1e-6);
    printf("%-44s %9.3f s %8.2f M events/s\n", "  of which the critical path itself", t_cp1 - t_pag,
           t_cp1 > t_pag ? ev / (t_cp1 - t_pag) * 1e-6 : 0.0);
    printf("%-44s %9.3f s %8.2f M events/s\n", "  of which the PAG builder beyond the replay",
           t_pag - t_replay, t_pag > t_replay ? ev / (t_pag - t_replay) * 1e-6 : 0.0);
    printf("%-44s %9.3f s %8.2f M events/s\n", "critical path + profile + zeroing of all items",
           t_cp, ev / t_cp * 1e-6);
    printf("%-44s %9.3f s %8.2f M events/s\n", "LBF prediction, identity placement", t_lbf,
           ev / t_lbf * 1e-6);
    skel_trace_close(t);
    return 0;
}
