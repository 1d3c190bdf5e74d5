/* cmd_select.c - `skel select`: run a performance skeleton on each candidate
 * node set as conditions are now, predict the application's time on each and
 * recommend the best (runtime/select.h, docs/validation.md). */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "proc.h"
#include "select.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out,
            "usage: skel select --skeleton DIR --candidates FILE [--reference SET | --ratio R]\n"
            "                   [--app-time S] [--repeat R] [--rounds N] [--timeout S]\n"
            "                   [--csv FILE] [--yield] [-v]\n"
            "\n"
            "Run a performance skeleton on each candidate node set as conditions are now,\n"
            "predict the application's run time there (skeleton time x the measured\n"
            "scaling ratio), rank the candidates and recommend the best.\n"
            "\n"
            "  --skeleton DIR     a directory made by skel generate (skeleton, skeleton.meta)\n"
            "  --candidates FILE  node-set XML with one named <nodeset> per candidate\n"
            "  --reference SET    measure the ratio now: the skeleton on SET (a node-set\n"
            "                     spec, as for skel run) against the application's time\n"
            "  --ratio R          use this measured scaling ratio; measure no reference\n"
            "  --app-time S       the application's time on the reference (default:\n"
            "                     skeleton.meta's app_time_s, the traced run)\n"
            "  --repeat R         the skeleton's own repeats per launch (default 3)\n"
            "  --rounds N         launches per candidate, cycling over them (default 1)\n"
            "  --timeout S        seconds per launch (default 600); a candidate that takes\n"
            "                     longer is reported as failed\n"
            "  --csv FILE         one row per candidate\n"
            "  --yield            preload the yield shim (more ranks than cores)\n"
            "  -v, --verbose      print each launch command\n"
            "\n"
            "The ratio comes from --ratio, else --reference, else DIR/calibration (written by\n"
            "skel validate's dedicated run), else a run on 'local' (this machine, where skel\n"
            "generate traced the application).  The ranking does not depend on the ratio.\n"
            "Candidates on testbed hosts use the testbed that is up.  Ctrl-C stops the\n"
            "current run and exits 130.\n");
}

static void progress(void *arg, const char *what, unsigned round, unsigned rounds,
                     const struct skel_select_measurement *m)
{
    (void)arg;
    if (m->ok)
        fprintf(stderr, "skel select: %s: skeleton %.4f s (median of %u)", skel_cli_printable(what),
                m->rep.elapsed_s, m->rep.repeats);
    else {
        /* skel_cli_printable() has one buffer: one call per fprintf. */
        fprintf(stderr, "skel select: %s: failed: ", skel_cli_printable(what));
        fprintf(stderr, "%s", skel_cli_printable(m->error));
    }
    if (rounds > 1)
        fprintf(stderr, " [round %u/%u]", round + 1, rounds);
    fputc('\n', stderr);
}

int skel_cmd_select(int argc, char **argv)
{
    static const struct option opts[] = {{"skeleton", required_argument, NULL, 's'},
                                         {"candidates", required_argument, NULL, 'c'},
                                         {"reference", required_argument, NULL, 'R'},
                                         {"ratio", required_argument, NULL, 'x'},
                                         {"app-time", required_argument, NULL, 'a'},
                                         {"repeat", required_argument, NULL, 'r'},
                                         {"rounds", required_argument, NULL, 'n'},
                                         {"timeout", required_argument, NULL, 't'},
                                         {"csv", required_argument, NULL, 'C'},
                                         {"yield", no_argument, NULL, 'y'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    struct skel_select_opts o;
    struct skel_select_result res;
    const char *csv = NULL;
    char nsexec[PATH_MAX], shim_fin[PATH_MAX], shim_yield[PATH_MAX];
    uint64_t u;
    int c, rc = SKEL_OK;

    memset(&o, 0, sizeof o);
    memset(&res, 0, sizeof res);
    o.timeout_s = 600;
    optind = 0;
    while ((c = getopt_long(argc, argv, "vh", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            o.skeleton_dir = optarg;
            break;
        case 'c':
            o.candidates = optarg;
            break;
        case 'R':
            o.reference = optarg;
            break;
        case 'x':
            if ((rc = skel_cli_parse_double("--ratio", optarg, 1e-9, 1e12, &o.ratio)) != SKEL_OK)
                return skel_cli_fail("select", rc);
            break;
        case 'a':
            if ((rc = skel_cli_parse_double("--app-time", optarg, 1e-9, 1e9, &o.app_time_s)) !=
                SKEL_OK)
                return skel_cli_fail("select", rc);
            break;
        case 'r':
            if ((rc = skel_cli_parse_u64("--repeat", optarg, 1, 10000, &u)) != SKEL_OK)
                return skel_cli_fail("select", rc);
            o.repeat = (unsigned)u;
            break;
        case 'n':
            if ((rc = skel_cli_parse_u64("--rounds", optarg, 1, 1000, &u)) != SKEL_OK)
                return skel_cli_fail("select", rc);
            o.rounds = (unsigned)u;
            break;
        case 't':
            if ((rc = skel_cli_parse_double("--timeout", optarg, 0.001, 1e7, &o.timeout_s)) !=
                SKEL_OK)
                return skel_cli_fail("select", rc);
            break;
        case 'C':
            csv = optarg;
            break;
        case 'y':
            o.yield = 1;
            break;
        case 'v':
            o.verbose = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("select", "invalid option");
        }
    }
    if (optind < argc)
        return skel_cli_usage_error("select", "unexpected argument '%s'",
                                    skel_cli_printable(argv[optind]));
    if (o.skeleton_dir == NULL || o.candidates == NULL)
        return skel_cli_usage_error("select", "--skeleton DIR and --candidates FILE are required");
    if (o.ratio > 0 && o.reference != NULL)
        return skel_cli_usage_error("select", "--ratio and --reference exclude each other");
    if (o.ratio > 0 && o.app_time_s > 0)
        return skel_cli_usage_error("select", "--app-time has no use with --ratio");

    snprintf(nsexec, sizeof nsexec, "%s/skel-nsexec", skel_cli_self_dir());
    o.tools.nsexec = nsexec;
    if (skel_cli_resource(SKEL_RES_SHIM_FINALIZE, shim_fin, sizeof shim_fin) == SKEL_OK)
        o.tools.shim_finalize = shim_fin;
    if (o.yield) {
        if ((rc = skel_cli_resource(SKEL_RES_SHIM_YIELD, shim_yield, sizeof shim_yield)) != SKEL_OK)
            return skel_cli_fail("select", rc);
        o.tools.shim_yield = shim_yield;
    }
    skel_clear_error();
    o.progress = progress;

    /* Everything select starts is stopped and removed on the way out. */
    skel_proc_signals_install();
    rc = skel_select_run(&o, &res);
    if (res.implicit_testbed)
        fprintf(stderr, "skel select: note: no testbed was up; one with default settings was "
                        "brought up for this selection and taken down again\n");
    if (res.ranked) {
        skel_select_print(stdout, &res);
        fflush(stdout);
        if (csv != NULL) {
            int e = skel_select_write_csv(csv, &res);
            if (rc == SKEL_OK)
                rc = e;
        }
    }
    skel_select_result_free(&res);
    if (skel_proc_interrupted()) {
        fprintf(stderr, "skel select: interrupted by signal %d; cleaned up\n",
                skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    return rc == SKEL_OK ? 0 : skel_cli_fail("select", rc);
}
