/* cmd_predict.c - `skel predict`: the run time of a traced program on another
 * placement of its processes (LBF) and/or another network (NF)
 * (usecase/predict.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "calls.h"
#include "error.h"
#include "predict.h"

#include <stdio.h>

static void print_event(void *ctx, const struct skel_lbf_report *r)
{
    (void)ctx;
    printf("event\t%u\t%llu\t%s\t%u\t%.0f\n", r->rank, (unsigned long long)r->seq,
           skel_call_name(r->call), r->group, r->time_ns);
}

static const int off_cpu[] = {0, 1};

static const struct skel_cli_cmd cmd = {"predict", "predict", SKEL_CLI_POSIX | SKEL_CLI_QUIET,
                                        NULL};

int skel_cmd_predict(int argc, char **argv)
{
    struct skel_predict_opts o = {0};
    int events = 0, tsv = 0, status;
    struct skel_cli_opt opts[] = {
        OPT_STR("placement", 0, &o.placement),
        OPT_STR("network", 0, &o.network),
        OPT_STR("table-current", 0, &o.table_current),
        OPT_FLAG("untraced", 0, &o.lbf.untraced),
        OPT_DOUBLE("link-burst", 0, &o.lbf.link_burst, 0, 1e15),
        OPT_CHOICE("off-cpu", 0, &o.lbf.drop_off_cpu, "keep|drop", off_cpu),
        OPT_FLAG("events", 0, &events),
        OPT_FLAG("tsv", 0, &tsv),
        OPT_FLAG("allow-partial", 0, &o.allow_partial),
        OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (argc - first != 1)
        return skel_cli_usage_error("predict", argc - first == 0 ? "expected a trace directory"
                                                                 : "expected one trace directory");
    if (o.network != NULL && o.table_current == NULL)
        return skel_cli_usage_error("predict", "--network needs --table-current: the prediction "
                                               "changes the traced run by the difference between "
                                               "the two tables");
    o.trace_dir = argv[first];
    o.lbf.report = events ? print_event : NULL;
    struct skel_predict_result r;
    int rc = skel_predict_run(&o, &r);
    if (r.input_note[0])
        fprintf(stderr, "skel predict: %s\n", r.input_note);
    if (rc == SKEL_OK && tsv)
        skel_predict_print_tsv(stdout, &r);
    else if (rc == SKEL_OK)
        skel_predict_print(stdout, &o, &r);
    skel_predict_result_free(&r);
    return rc == SKEL_OK ? 0 : skel_cli_fail("predict", rc);
}
