/* cmd_calibrate.c - `skel calibrate`: LBF, NF and critical-path zeroing
 * predictions against skeleton runs on the emulated testbed
 * (runtime/calibrate.h, docs/predictions.md). */
#include "cli.h"
#include "commands.h"

#include "calibrate.h"
#include "error.h"
#include "proc.h"
#include "testbed.h"
#include "validate.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out,
            "usage: skel calibrate --skeleton DIR [--trace TRACEDIR] [--signature FILE]\n"
            "                      [--table TABLE] [--placement SPEC|none] [--link RATE]\n"
            "                      [--zero N] [--repeat R] [--timeout S] [--csv FILE]\n"
            "                      [--keep DIR] [--app \"PROGRAM ARGS\"] [--app-repeat R] [-v]\n"
            "\n"
            "Check Skel's trace-driven predictions against the application's skeleton on the\n"
            "emulated testbed: each prediction's change of the run time (new / old) beside\n"
            "the change the skeleton shows when it is run where the prediction points.\n"
            "\n"
            "  --skeleton DIR     made by skel generate (its trace and app.sig are used)\n"
            "  --trace TRACEDIR   the trace (default DIR/trace)\n"
            "  --signature FILE   the signature (default DIR/app.sig)\n"
            "  --table TABLE      cost table of the network the trace was taken on (default:\n"
            "                     measured with skel netprobe on 'local')\n"
            "  --placement SPEC   LBF placement in blocks of ranks, e.g. 4/2 or 0-2/3 (default\n"
            "                     P/ceil(P/2): two ranks per processor); each processor is a\n"
            "                     testbed host pinned to one core.  'none': skip\n"
            "  --link RATE        NF: every testbed link limited to RATE (e.g. 20mbit; default\n"
            "                     50mbit); 0: skip\n"
            "  --zero N           critical-path zeroing of the top N compute phases, each\n"
            "                     checked with a skeleton regenerated without it (default 2;\n"
            "                     0: skip)\n"
            "  --repeat R         the skeleton's repeats per measurement (default 3)\n"
            "  --timeout S        seconds per launch (default 600)\n"
            "  --csv FILE         kind,target,predicted_change,measured_change,error,...\n"
            "  --keep DIR         keep the tables, signatures and skeletons made on the way\n"
            "  --app \"PROGRAM ARGS\" also measure the application (no launcher) at the baseline,\n"
            "                     the placement and the network: predictions against it too\n"
            "  --app-repeat R     launches per application measurement (default 1)\n"
            "  -v, --verbose      print each launch command\n"
            "\n"
            "Needs root (the testbed).  The skeleton runs with the yield shim and one compute\n"
            "calibration throughout.  The link limit and a testbed brought up for the run are\n"
            "removed at the end, on error and on Ctrl-C (exit 130).\n");
}

static void progress(void *arg, const char *what)
{
    (void)arg;
    fprintf(stderr, "skel calibrate: %s\n", skel_cli_printable(what));
}

int skel_cmd_calibrate(int argc, char **argv)
{
    static const struct option opts[] = {{"skeleton", required_argument, NULL, 's'},
                                         {"trace", required_argument, NULL, 'T'},
                                         {"signature", required_argument, NULL, 'g'},
                                         {"table", required_argument, NULL, 'b'},
                                         {"placement", required_argument, NULL, 'p'},
                                         {"link", required_argument, NULL, 'l'},
                                         {"zero", required_argument, NULL, 'z'},
                                         {"repeat", required_argument, NULL, 'r'},
                                         {"timeout", required_argument, NULL, 't'},
                                         {"csv", required_argument, NULL, 'C'},
                                         {"keep", required_argument, NULL, 'K'},
                                         {"app", required_argument, NULL, 'A'},
                                         {"app-repeat", required_argument, NULL, 'R'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    struct skel_calibrate_opts o;
    struct skel_calibrate_result res;
    const char *csv = NULL, *app = NULL;
    char **app_argv = NULL;
    char nsexec[PATH_MAX], shim_fin[PATH_MAX], shim_yield[PATH_MAX], exe[PATH_MAX];
    uint64_t u;
    int c, rc;

    memset(&o, 0, sizeof o);
    memset(&res, 0, sizeof res);
    o.timeout_s = 600;
    o.link_bps = 50000000;
    o.zero = 2;
    o.repeat = 3;
    optind = 0;
    while ((c = getopt_long(argc, argv, "vh", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            o.skeleton_dir = optarg;
            break;
        case 'T':
            o.trace_dir = optarg;
            break;
        case 'g':
            o.signature = optarg;
            break;
        case 'b':
            o.table = optarg;
            break;
        case 'p':
            o.placement = optarg;
            break;
        case 'l':
            if (strcmp(optarg, "0") == 0)
                o.link_bps = 0;
            else if (skel_testbed_parse_rate(optarg, &o.link_bps) != SKEL_OK)
                return skel_cli_usage_error("calibrate", "%s", skel_last_error());
            break;
        case 'z':
            if (skel_cli_parse_u64("--zero", optarg, 0, SKEL_CALIBRATE_MAX_ZERO, &u) != SKEL_OK)
                return skel_cli_usage_error("calibrate", "%s", skel_last_error());
            o.zero = (unsigned)u;
            break;
        case 'r':
            if (skel_cli_parse_u64("--repeat", optarg, 1, 1000, &u) != SKEL_OK)
                return skel_cli_usage_error("calibrate", "%s", skel_last_error());
            o.repeat = (unsigned)u;
            break;
        case 't':
            if (skel_cli_parse_double("--timeout", optarg, 0.001, 1e7, &o.timeout_s) != SKEL_OK)
                return skel_cli_usage_error("calibrate", "%s", skel_last_error());
            break;
        case 'C':
            csv = optarg;
            break;
        case 'K':
            o.work_dir = optarg;
            break;
        case 'A':
            app = optarg;
            break;
        case 'R':
            if (skel_cli_parse_u64("--app-repeat", optarg, 1, 1000, &u) != SKEL_OK)
                return skel_cli_usage_error("calibrate", "%s", skel_last_error());
            o.app_repeat = (unsigned)u;
            break;
        case 'v':
            o.verbose = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("calibrate", "unknown option or missing value");
        }
    }
    if (optind < argc)
        return skel_cli_usage_error("calibrate", "unexpected argument '%s'",
                                    skel_cli_printable(argv[optind]));
    if (o.skeleton_dir == NULL)
        return skel_cli_usage_error("calibrate", "--skeleton DIR is required");
    if (app != NULL) {
        if ((rc = skel_validate_split(app, &app_argv)) != SKEL_OK)
            return skel_cli_usage_error("calibrate", "--app: %s", skel_last_error());
        if (app_argv[0] == NULL) {
            skel_validate_argv_free(app_argv);
            return skel_cli_usage_error("calibrate", "--app: no program");
        }
        o.app_argv = app_argv;
    }
    snprintf(nsexec, sizeof nsexec, "%s/skel-nsexec", skel_cli_self_dir());
    snprintf(exe, sizeof exe, "%s/skel", skel_cli_self_dir());
    o.tools.nsexec = nsexec;
    o.skel_exe = exe;
    if (skel_cli_resource(SKEL_RES_SHIM_FINALIZE, shim_fin, sizeof shim_fin) == SKEL_OK)
        o.tools.shim_finalize = shim_fin;
    if ((rc = skel_cli_resource(SKEL_RES_SHIM_YIELD, shim_yield, sizeof shim_yield)) != SKEL_OK) {
        skel_validate_argv_free(app_argv);
        return skel_cli_fail("calibrate", rc);
    }
    o.tools.shim_yield = shim_yield;
    o.progress = progress;
    skel_clear_error();

    /* Everything calibrate starts is removed on the way out, also on Ctrl-C. */
    skel_proc_signals_install();
    rc = skel_calibrate_run(&o, &res);
    if (res.implicit_testbed)
        fprintf(stderr, "skel calibrate: note: a testbed was brought up for this run and taken "
                        "down at the end\n");
    if (res.n > 0 || rc == SKEL_OK) {
        skel_calibrate_print(stdout, &res);
        fflush(stdout);
    }
    if (csv != NULL && res.n > 0) {
        char detail[2048];
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        int e = skel_calibrate_write_csv(csv, &res);
        if (rc == SKEL_OK)
            rc = e;
        else if (e != SKEL_OK)
            fprintf(stderr, "skel calibrate: error: %s\n", skel_cli_printable(skel_last_error()));
        else
            skel_fail(rc, "%s", detail);
    }
    skel_calibrate_result_free(&res);
    skel_validate_argv_free(app_argv);
    if (skel_proc_interrupted()) {
        fprintf(stderr, "skel calibrate: interrupted by signal %d; cleaned up\n",
                skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    return rc == SKEL_OK ? 0 : skel_cli_fail("calibrate", rc);
}
