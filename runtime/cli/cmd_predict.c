/* cmd_predict.c - `skel predict`: the run time of a traced program on another
 * placement of its processes (LBF) and/or another network (NF)
 * (runtime/lbf.h). */
#include "cli.h"
#include "commands.h"
#include "commtable.h"
#include "error.h"
#include "lbf.h"
#include "trace.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cmd = "predict";

static void usage(FILE *f)
{
    fprintf(f, "usage: skel predict [OPTIONS] TRACEDIR\n"
               "\n"
               "Predict how long the traced run would take with its processes grouped onto\n"
               "processors differently (Load Balancing Factor) and/or on another network\n"
               "(Networking Factor), by re-timing the trace's events in causal order with\n"
               "fair sharing of each processor among its runnable processes.\n"
               "\n"
               "options:\n"
               "  --placement SPEC       where the processes run (default: identity):\n"
               "                           identity   as traced, one processor each\n"
               "                           N/M        N processes on M processors, in blocks\n"
               "                           N/M@H      ... with the processors on H hosts\n"
               "                           0,1/2-3    explicit groups, one per processor;\n"
               "                                      a group may end in @HOST\n"
               "  --table-current TABLE  communication cost table of the network the trace was\n"
               "                         taken on (skel netprobe)\n"
               "  --network TABLE        table of the network to predict on (needs\n"
               "                         --table-current)\n"
               "  --link-burst BYTES     the target's host links are token-bucket shapers\n"
               "                         passing BYTES at line speed before their rate holds\n"
               "                         (tc tbf's burst; default 0: plain links)\n"
               "  --untraced             predict the program without the tracer: remove the\n"
               "                         tracer's own cost per event\n"
               "  --off-cpu keep|drop    the trace's time off the CPU (in compute, and in calls\n"
               "                         beyond what they usually take): a delay that stays\n"
               "                         (keep, default), or time spent waiting for a processor\n"
               "                         the traced ranks shared, left out (drop: for traces of\n"
               "                         more ranks than cores)\n"
               "  --events               print every event's predicted time (rank, event,\n"
               "                         call, processor, time in ns)\n"
               "  --tsv                  print tab-separated values\n"
               "  -h, --help             show this help\n"
               "\n"
               "See docs/predictions.md for the model.\n");
}

static void put_escaped(FILE *f, const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\x%02x", c);
        else
            fputc(c, f);
    }
}

static void print_event(void *ctx, const struct skel_lbf_report *r)
{
    (void)ctx;
    printf("event\t%u\t%llu\t%s\t%u\t%.0f\n", r->rank, (unsigned long long)r->seq,
           skel_call_name(r->call), r->group, r->time_ns);
}

/* The ranks of processor g as "0,1,4-7". */
static void print_group(const struct skel_lbf_placement *pl, uint32_t n, uint32_t g)
{
    int first = 1;
    for (uint32_t r = 0; r < n; r++) {
        uint32_t gr = pl != NULL ? pl->group[r] : r;
        if (gr != g || (r > 0 && (pl != NULL ? pl->group[r - 1] : r - 1) == g))
            continue;
        uint32_t e = r;
        while (e + 1 < n && (pl != NULL ? pl->group[e + 1] : e + 1) == g)
            e++;
        printf("%s%u", first ? "" : ",", r);
        if (e > r)
            printf("-%u", e);
        first = 0;
    }
}

int skel_cmd_predict(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"placement", required_argument, NULL, 'p'},
        {"network", required_argument, NULL, 'n'},
        {"table-current", required_argument, NULL, 'c'},
        {"untraced", no_argument, NULL, 'u'},
        {"link-burst", required_argument, NULL, 'b'},
        {"off-cpu", required_argument, NULL, 'o'},
        {"events", no_argument, NULL, 'e'},
        {"tsv", no_argument, NULL, 'T'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *spec = NULL, *net_path = NULL, *cur_path = NULL;
    int untraced = 0, events = 0, tsv = 0, drop = 0, c;
    double burst = 0;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
        switch (c) {
        case 'p':
            spec = optarg;
            break;
        case 'n':
            net_path = optarg;
            break;
        case 'c':
            cur_path = optarg;
            break;
        case 'u':
            untraced = 1;
            break;
        case 'b':
            if (skel_cli_parse_double("--link-burst", optarg, 0, 1e15, &burst) != SKEL_OK)
                return skel_cli_usage_error(cmd, "%s", skel_last_error());
            break;
        case 'o':
            if (strcmp(optarg, "keep") != 0 && strcmp(optarg, "drop") != 0)
                return skel_cli_usage_error(cmd, "--off-cpu: expected keep or drop, got '%s'",
                                            optarg);
            drop = strcmp(optarg, "drop") == 0;
            break;
        case 'e':
            events = 1;
            break;
        case 'T':
            tsv = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error(cmd, "unknown option or missing value: '%s'",
                                        argv[optind - 1]);
        }
    }
    if (argc - optind != 1)
        return skel_cli_usage_error(cmd, argc - optind == 0 ? "expected a trace directory"
                                                            : "expected one trace directory");
    if (net_path != NULL && cur_path == NULL)
        return skel_cli_usage_error(cmd, "--network needs --table-current: the prediction "
                                         "changes the traced run by the difference between "
                                         "the two tables");
    const char *dir = argv[optind];
    skel_commtable *cur = NULL, *net = NULL;
    skel_trace *t = NULL;
    struct skel_lbf_placement *pl = NULL;
    struct skel_lbf_result r;
    memset(&r, 0, sizeof r);
    int rc = SKEL_OK;
    if (cur_path != NULL && (rc = skel_commtable_load(cur_path, &cur)) != SKEL_OK)
        goto out;
    if (net_path != NULL && (rc = skel_commtable_load(net_path, &net)) != SKEL_OK)
        goto out;
    if ((rc = skel_trace_open(dir, &t)) != SKEL_OK)
        goto out;
    if (spec != NULL && (rc = skel_lbf_placement_parse(spec, skel_trace_nranks(t), &pl)))
        goto out;
    struct skel_lbf_opts o = {.placement = pl,
                              .current = cur,
                              .target = net,
                              .untraced = untraced,
                              .link_burst = burst,
                              .drop_off_cpu = drop,
                              .report = events ? print_event : NULL};
    if ((rc = skel_lbf_predict(t, &o, &r)) != SKEL_OK)
        goto out;
    double ratio = r.measured_ns > 0 ? r.predicted_ns / r.measured_ns : 0;
    if (tsv) {
        printf("measured_ns\t%.0f\npredicted_ns\t%.0f\nratio\t%.6f\n", r.measured_ns,
               r.predicted_ns, ratio);
        printf("body_ns\t%.0f\n", r.body_end_ns - r.body_start_ns);
        printf("ranks\t%u\nprocessors\t%u\nhosts\t%u\nevents\t%llu\nmax_queued\t%u\n", r.nranks,
               r.ngroups, r.nhosts, (unsigned long long)r.events, r.max_queued);
        for (uint32_t g = 0; g < r.ngroups; g++)
            printf("processor_busy_ns\t%u\t%.0f\n", g, r.group_busy_ns[g]);
        goto out;
    }
    printf("trace       ");
    put_escaped(stdout, dir);
    printf(" (%u ranks, %llu events, %llu messages, %llu collectives)\n", r.nranks,
           (unsigned long long)r.events, (unsigned long long)r.messages,
           (unsigned long long)r.collectives);
    printf("measured    %.6f s (first event start to last event end)\n", r.measured_ns * 1e-9);
    printf("placement   %s: %u processor%s on %u host%s\n", spec != NULL ? spec : "identity",
           r.ngroups, r.ngroups == 1 ? "" : "s", r.nhosts, r.nhosts == 1 ? "" : "s");
    printf("network     traced on ");
    put_escaped(stdout, cur_path != NULL ? cur_path : "(no table)");
    printf(", predicted on ");
    put_escaped(stdout, net_path != NULL ? net_path : "the same");
    printf("\n");
    printf("predicted   %.6f s (%.3f x measured, %+.1f %%)\n", r.predicted_ns * 1e-9, ratio,
           100.0 * (ratio - 1.0));
    printf("body        %.6f s (end of MPI_Init to MPI_Finalize, what a skeleton times)\n",
           (r.body_end_ns - r.body_start_ns) * 1e-9);
    for (uint32_t g = 0; g < r.ngroups && g < 64; g++) {
        printf("processor %-3u busy %.6f s (%.1f %%), ranks ", g, r.group_busy_ns[g] * 1e-9,
               r.predicted_ns > 0 ? 100.0 * r.group_busy_ns[g] / r.predicted_ns : 0.0);
        print_group(pl, r.nranks, g);
        printf("\n");
    }
    if (r.ngroups > 64)
        printf("... (%u processors)\n", r.ngroups);
out:
    skel_lbf_result_free(&r);
    skel_lbf_placement_free(pl);
    skel_trace_close(t);
    skel_commtable_free(cur);
    skel_commtable_free(net);
    return rc == SKEL_OK ? 0 : skel_cli_fail(cmd, rc);
}
