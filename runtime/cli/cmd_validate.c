/* cmd_validate.c - `skel validate`: measure an application and its
 * skeleton(s) under sharing scenarios, and report predicted against measured
 * time with the two baselines of Sodhi et al. 5.4 (runtime/validate.h,
 * docs/validation.md). */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "proc.h"
#include "validate.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out, "usage: skel validate --skeleton DIR [--skeleton DIR2...] --scenarios FILE\n"
                 "                     [--names A,B,...] [--reference NAME] [--nodes SET]\n"
                 "                     [--repeat R] [--skeleton-repeat S] [--timeout S]\n"
                 "                     [--small \"CMD...\"] [--baseline-apps FILE]\n"
                 "                     [--baseline-csv FILE]... [--csv FILE] [--logs DIR]\n"
                 "                     [--app-time net|wall] [--self-calibrate]\n"
                 "                     [--no-calibration-file] [--yield] [-v]\n"
                 "                     (--app \"PROGRAM ARGS...\" | -- PROGRAM ARGS...)\n"
                 "       skel validate --from-csv FILE [--baseline-csv FILE]... [--csv FILE]\n"
                 "\n"
                 "Measure the application and its skeleton under each sharing scenario (the\n"
                 "dedicated reference first: it gives the measured scaling ratio), and report\n"
                 "measured time, predicted time (skeleton time x ratio) and error per scenario,\n"
                 "beside two baselines: the average slowdown of other applications, and a\n"
                 "small-input run of the application.\n"
                 "\n"
                 "  --app \"PROGRAM ARGS\"   the application, without the launcher (or after --)\n"
                 "  --skeleton DIR         made by skel generate; repeat for several sizes\n"
                 "  --scenarios FILE       scenario XML (e.g. share/skel/scenarios/paper5.xml)\n"
                 "  --names A,B,...        the scenarios to run, in order (default: all)\n"
                 "  --reference NAME       scenario the ratio is taken on (default: dedicated, an\n"
                 "                         empty scenario if the file has none)\n"
                 "  --nodes SET            node set (default: testbed:1,...,P, one rank per host)\n"
                 "  --repeat R             launches per application measurement (default 1)\n"
                 "  --skeleton-repeat S    the skeleton's own repeats (default 3)\n"
                 "  --timeout S            seconds per launch (default 3600)\n"
                 "  --small \"PROGRAM ARGS\" the application with a small input (baseline)\n"
                 "  --baseline-apps FILE   other applications, one command line per line, run\n"
                 "                         under every scenario (average-prediction baseline)\n"
                 "  --baseline-csv FILE    the same from the CSV of an earlier validate run of\n"
                 "                         another application (repeatable)\n"
                 "  --csv FILE             one row per measured or predicted quantity\n"
                 "  --logs DIR             keep every run's output in DIR\n"
                 "  --app-time net|wall    applications' time: wall time less the launch overhead\n"
                 "                         measured on the skeleton's launches under the same\n"
                 "                         scenario (net, default), or plain wall time\n"
                 "  --self-calibrate       let each skeleton run measure its own compute speed\n"
                 "                         (default: measured once, unshared, and passed to every\n"
                 "                         run); needs --app-time wall\n"
                 "  --no-calibration-file  do not write DIR/calibration (used by skel select)\n"
                 "  --from-csv FILE        no runs: report an earlier run's CSV again\n"
                 "  --yield                preload the yield shim (more ranks than cores)\n"
                 "  -v, --verbose          print each launch command\n"
                 "\n"
                 "Skeletons are timed by their own elapsed_s.  Scenarios, competitors and a\n"
                 "testbed brought up for the run are removed at the end, on error and on Ctrl-C\n"
                 "(exit 130).\n");
}

struct list {
    const char **v;
    size_t n;
};

static int list_add(struct list *l, const char *s)
{
    const char **nv = realloc(l->v, (l->n + 1) * sizeof *nv);
    if (nv == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    l->v = nv;
    l->v[l->n++] = s;
    return SKEL_OK;
}

static void progress(void *arg, const char *scenario, const char *what,
                     const struct skel_validate_measure *m)
{
    (void)arg;
    fprintf(stderr, "skel validate: %-18s %-12s ", skel_cli_printable(scenario), what);
    if (m->ok)
        fprintf(stderr, "%.4f s%s\n", m->time_s,
                strncmp(what, "skeleton", 8) == 0 ? " (its own elapsed_s)"
                : strcmp(what, "launch") == 0     ? " (launch overhead)"
                                                  : " (wall)");
    else
        fprintf(stderr, "failed: %s\n", skel_cli_printable(m->error));
}

int skel_cmd_validate(int argc, char **argv)
{
    static const struct option opts[] = {{"app", required_argument, NULL, 'A'},
                                         {"skeleton", required_argument, NULL, 's'},
                                         {"scenarios", required_argument, NULL, 'S'},
                                         {"names", required_argument, NULL, 'N'},
                                         {"reference", required_argument, NULL, 'R'},
                                         {"nodes", required_argument, NULL, 'n'},
                                         {"repeat", required_argument, NULL, 'r'},
                                         {"skeleton-repeat", required_argument, NULL, 'k'},
                                         {"timeout", required_argument, NULL, 't'},
                                         {"small", required_argument, NULL, 'm'},
                                         {"baseline-apps", required_argument, NULL, 'b'},
                                         {"baseline-csv", required_argument, NULL, 'B'},
                                         {"csv", required_argument, NULL, 'C'},
                                         {"logs", required_argument, NULL, 'L'},
                                         {"self-calibrate", no_argument, NULL, 'c'},
                                         {"no-calibration-file", no_argument, NULL, 'W'},
                                         {"from-csv", required_argument, NULL, 'F'},
                                         {"app-time", required_argument, NULL, 'T'},
                                         {"yield", no_argument, NULL, 'y'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    struct skel_validate_opts o;
    struct skel_validate_table t;
    struct list skels = {0}, bcsv = {0}, names = {0};
    const char *app = NULL, *small = NULL, *bapps = NULL, *csv = NULL, *from = NULL;
    const char *names_arg = NULL;
    char **app_argv = NULL, **small_argv = NULL, ***bcmds = NULL, *names_buf = NULL;
    size_t nb = 0;
    char nsexec[PATH_MAX], shim_fin[PATH_MAX], shim_yield[PATH_MAX];
    uint64_t u;
    int c, rc = SKEL_OK, status = -1;

    memset(&o, 0, sizeof o);
    memset(&t, 0, sizeof t);
    o.timeout_s = 3600;
    o.write_calibration = 1;
    optind = 0;
    /* '+': stop at the first word that is not an option (the program after --). */
    while ((c = getopt_long(argc, argv, "+vh", opts, NULL)) != -1) {
        switch (c) {
        case 'A':
            app = optarg;
            break;
        case 's':
            if ((rc = list_add(&skels, optarg)) != SKEL_OK)
                goto out;
            break;
        case 'S':
            o.scenarios = optarg;
            break;
        case 'N':
            names_arg = optarg;
            break;
        case 'R':
            o.reference = optarg;
            break;
        case 'n':
            o.nodes = optarg;
            break;
        case 'r':
            if ((rc = skel_cli_parse_u64("--repeat", optarg, 1, 1000, &u)) != SKEL_OK)
                goto out;
            o.repeat = (unsigned)u;
            break;
        case 'k':
            if ((rc = skel_cli_parse_u64("--skeleton-repeat", optarg, 1, 10000, &u)) != SKEL_OK)
                goto out;
            o.skeleton_repeat = (unsigned)u;
            break;
        case 't':
            if ((rc = skel_cli_parse_double("--timeout", optarg, 0.001, 1e7, &o.timeout_s)) !=
                SKEL_OK)
                goto out;
            break;
        case 'm':
            small = optarg;
            break;
        case 'b':
            bapps = optarg;
            break;
        case 'B':
            if ((rc = list_add(&bcsv, optarg)) != SKEL_OK)
                goto out;
            break;
        case 'C':
            csv = optarg;
            break;
        case 'L':
            o.log_dir = optarg;
            break;
        case 'c':
            o.self_calibrate = 1;
            break;
        case 'W':
            o.write_calibration = 0;
            break;
        case 'F':
            from = optarg;
            break;
        case 'T':
            if (strcmp(optarg, "net") == 0)
                o.wall_time = 0;
            else if (strcmp(optarg, "wall") == 0)
                o.wall_time = 1;
            else {
                status = skel_cli_usage_error("validate", "--app-time: expected net or wall");
                goto out;
            }
            break;
        case 'y':
            o.yield = 1;
            break;
        case 'v':
            o.verbose = 1;
            break;
        case 'h':
            usage(stdout);
            status = 0;
            goto out;
        default:
            status = skel_cli_usage_error("validate", "invalid option");
            goto out;
        }
    }
    if (from != NULL) {
        if (app != NULL || skels.n > 0 || optind < argc || small != NULL || bapps != NULL) {
            status = skel_cli_usage_error("validate", "--from-csv reports an earlier run: it "
                                                      "takes only --baseline-csv and --csv");
            goto out;
        }
        if ((rc = skel_validate_read_csv(from, &t)) != SKEL_OK)
            goto out;
    } else {
        if (app != NULL && optind < argc) {
            status = skel_cli_usage_error("validate", "give the application once: --app or "
                                                      "after --");
            goto out;
        }
        if (app == NULL && optind >= argc) {
            status = skel_cli_usage_error("validate", "no application (--app \"PROGRAM ARGS\" "
                                                      "or -- PROGRAM ARGS)");
            goto out;
        }
        if (skels.n == 0 || o.scenarios == NULL) {
            status = skel_cli_usage_error("validate", "--skeleton DIR and --scenarios FILE are "
                                                      "required");
            goto out;
        }
        if (skels.n > SKEL_VALIDATE_MAX_SKELETONS) {
            status = skel_cli_usage_error("validate", "at most %d skeletons",
                                          SKEL_VALIDATE_MAX_SKELETONS);
            goto out;
        }
        if (app != NULL) {
            if ((rc = skel_validate_split(app, &app_argv)) != SKEL_OK) {
                status = skel_cli_usage_error("validate", "--app: %s", skel_last_error());
                goto out;
            }
            o.app_argv = app_argv;
        } else
            o.app_argv = argv + optind;
        if (small != NULL) {
            if ((rc = skel_validate_split(small, &small_argv)) != SKEL_OK) {
                status = skel_cli_usage_error("validate", "--small: %s", skel_last_error());
                goto out;
            }
            o.small_argv = small_argv;
        }
        if (bapps != NULL) {
            if ((rc = skel_validate_load_commands(bapps, &bcmds, &nb)) != SKEL_OK)
                goto out;
            o.baseline_argv = (char *const *const *)bcmds;
            o.nbaseline = nb;
        }
        if (names_arg != NULL) {
            if ((names_buf = strdup(names_arg)) == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                goto out;
            }
            for (char *save = NULL, *tok = strtok_r(names_buf, ",", &save); tok != NULL;
                 tok = strtok_r(NULL, ",", &save))
                if ((rc = list_add(&names, tok)) != SKEL_OK)
                    goto out;
            if (names.n == 0) {
                status = skel_cli_usage_error("validate", "--names: no scenario name");
                goto out;
            }
            o.names = names.v;
            o.nnames = names.n;
        }
        o.skeleton_dirs = skels.v;
        o.nskeleton = skels.n;
        snprintf(nsexec, sizeof nsexec, "%s/skel-nsexec", skel_cli_self_dir());
        o.tools.nsexec = nsexec;
        if (skel_cli_resource(SKEL_RES_SHIM_FINALIZE, shim_fin, sizeof shim_fin) == SKEL_OK)
            o.tools.shim_finalize = shim_fin;
        if (o.yield) {
            if ((rc = skel_cli_resource(SKEL_RES_SHIM_YIELD, shim_yield, sizeof shim_yield)) !=
                SKEL_OK)
                goto out;
            o.tools.shim_yield = shim_yield;
        }
        skel_clear_error();
        o.progress = progress;

        /* Everything validate starts is removed on the way out, also on Ctrl-C. */
        skel_proc_signals_install();
        rc = skel_validate_run(&o, &t);
        if (t.implicit_testbed)
            fprintf(stderr, "skel validate: note: a testbed was brought up for this run and "
                            "taken down at the end\n");
        if (t.warning[0])
            fprintf(stderr, "skel validate: warning: %s\n", skel_cli_printable(t.warning));
        if (rc != SKEL_OK && rc != SKEL_EEXEC)
            goto out;
        if (rc == SKEL_EEXEC && (t.nrows == 0 || !t.rows[0].app.ok))
            goto out;
    }
    /* Baselines from earlier runs of other applications. */
    {
        char detail[2048];
        int saved = rc;
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        for (size_t i = 0; i < bcsv.n; i++) {
            struct skel_validate_series s;
            if ((rc = skel_validate_series_from_csv(bcsv.v[i], &s)) != SKEL_OK)
                goto out;
            if ((rc = skel_validate_add_series(&t, &s)) != SKEL_OK) {
                skel_validate_series_free(&s);
                goto out;
            }
        }
        skel_validate_compute(&t);
        rc = saved;
        if (rc != SKEL_OK)
            skel_fail(rc, "%s", detail);
    }
    skel_validate_print(stdout, &t);
    fflush(stdout);
    if (csv != NULL) {
        char detail[2048];
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        int e = skel_validate_write_csv(csv, &t);
        if (rc == SKEL_OK)
            rc = e;
        else if (e != SKEL_OK)
            fprintf(stderr, "skel validate: error: %s\n", skel_cli_printable(skel_last_error()));
        else
            skel_fail(rc, "%s", detail);
    }
out:
    skel_validate_table_free(&t);
    skel_validate_argv_free(app_argv);
    skel_validate_argv_free(small_argv);
    skel_validate_commands_free(bcmds, nb);
    free(names_buf);
    free(skels.v);
    free(bcsv.v);
    free(names.v);
    if (skel_proc_interrupted()) {
        fprintf(stderr, "skel validate: interrupted by signal %d; cleaned up\n",
                skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    if (status >= 0)
        return status;
    return rc == SKEL_OK ? 0 : skel_cli_fail("validate", rc);
}
