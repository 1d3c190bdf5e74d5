/* cmd_validate.c - `skel validate`: measure an application and its
 * skeleton(s) under sharing scenarios, and report predicted against measured
 * time with the two baselines of Sodhi et al. 5.4 (usecase/validate.h,
 * docs/validation.md). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "proc.h"
#include "validate.h"

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

static void progress(void *arg, const char *scenario, const char *what,
                     const struct skel_validate_measure *m)
{
    (void)arg;
    fprintf(stderr, "skel validate: %-18s %-12s ", skel_usecase_printable(scenario), what);
    if (m->ok)
        fprintf(stderr, "%.4f s%s\n", m->time_s,
                strncmp(what, "skeleton", 8) == 0 ? " (its own elapsed_s)"
                : strcmp(what, "launch") == 0     ? " (launch overhead)"
                                                  : " (wall)");
    else
        fprintf(stderr, "failed: %s\n", skel_usecase_printable(m->error));
}

/* What the command line gives as text, and its conversions. */
struct args {
    const char *app, *small, *bapps, *names, *csv;
    struct skel_cli_list skels, bcsv, names_v;
    char **app_argv, **small_argv, ***bcmds, *names_buf;
    size_t nb;
    struct skel_cli_tools tools;
};

static void args_free(struct args *a)
{
    skel_validate_argv_free(a->app_argv);
    skel_validate_argv_free(a->small_argv);
    skel_validate_commands_free(a->bcmds, a->nb);
    free(a->names_buf);
    skel_cli_list_free(&a->skels);
    skel_cli_list_free(&a->bcsv);
    skel_cli_list_free(&a->names_v);
}

/* The options of a measuring run, from the words of the command line.
 * Returns -1, or the exit status of a usage error (printed); *rc a library
 * error. */
static int measuring(struct args *a, struct skel_validate_opts *o, char **rest, int nrest, int *rc)
{
    if (a->app != NULL && nrest > 0)
        return skel_cli_usage_error("validate", "give the application once: --app or after --");
    if (a->app == NULL && nrest == 0)
        return skel_cli_usage_error("validate", "no application (--app \"PROGRAM ARGS\" or -- "
                                                "PROGRAM ARGS)");
    if (a->skels.n == 0 || o->scenarios == NULL)
        return skel_cli_usage_error("validate", "--skeleton DIR and --scenarios FILE are required");
    if (a->skels.n > SKEL_VALIDATE_MAX_SKELETONS)
        return skel_cli_usage_error("validate", "at most %d skeletons",
                                    SKEL_VALIDATE_MAX_SKELETONS);
    if (a->app != NULL && skel_validate_split(a->app, &a->app_argv) != SKEL_OK)
        return skel_cli_usage_error("validate", "--app: %s", skel_last_error());
    o->app_argv = a->app != NULL ? a->app_argv : rest;
    if (a->small != NULL && skel_validate_split(a->small, &a->small_argv) != SKEL_OK)
        return skel_cli_usage_error("validate", "--small: %s", skel_last_error());
    o->small_argv = a->small_argv;
    if (a->bapps != NULL &&
        (*rc = skel_validate_load_commands(a->bapps, &a->bcmds, &a->nb)) != SKEL_OK)
        return -1;
    o->baseline_argv = (char *const *const *)a->bcmds;
    o->nbaseline = a->nb;
    if (a->names != NULL) {
        if ((a->names_buf = strdup(a->names)) == NULL) {
            *rc = skel_fail(SKEL_ENOMEM, "out of memory");
            return -1;
        }
        for (char *save = NULL, *tok = strtok_r(a->names_buf, ",", &save); tok != NULL;
             tok = strtok_r(NULL, ",", &save))
            if ((*rc = skel_cli_list_add(&a->names_v, tok)) != SKEL_OK)
                return -1;
        if (a->names_v.n == 0)
            return skel_cli_usage_error("validate", "--names: no scenario name");
        o->names = a->names_v.v;
        o->nnames = a->names_v.n;
    }
    o->skeleton_dirs = a->skels.v;
    o->nskeleton = a->skels.n;
    if ((*rc = skel_cli_tools(&a->tools, o->yield)) == SKEL_OK)
        o->tools = a->tools.t;
    return -1;
}

static const int app_times[] = {0, 1};

static const struct skel_cli_cmd cmd = {"validate", usage, SKEL_CLI_POSIX | SKEL_CLI_NUM_FAIL,
                                        "invalid option"};

int skel_cmd_validate(int argc, char **argv)
{
    struct skel_validate_opts o = {.timeout_s = 3600, .write_calibration = 1, .progress = progress};
    struct skel_validate_table t;
    struct args a;
    int rc = SKEL_OK, status;
    memset(&a, 0, sizeof a);
    memset(&t, 0, sizeof t);
    struct skel_cli_opt opts[] = {OPT_STR("app", 0, &a.app),
                                  OPT_LIST("skeleton", 0, &a.skels),
                                  OPT_STR("scenarios", 0, &o.scenarios),
                                  OPT_STR("names", 0, &a.names),
                                  OPT_STR("reference", 0, &o.reference),
                                  OPT_STR("nodes", 0, &o.nodes),
                                  OPT_UINT("repeat", 0, &o.repeat, 1, 1000),
                                  OPT_UINT("skeleton-repeat", 0, &o.skeleton_repeat, 1, 10000),
                                  OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
                                  OPT_STR("small", 0, &a.small),
                                  OPT_STR("baseline-apps", 0, &a.bapps),
                                  OPT_LIST("baseline-csv", 0, &a.bcsv),
                                  OPT_STR("csv", 0, &a.csv),
                                  OPT_STR("logs", 0, &o.log_dir),
                                  OPT_FLAG("self-calibrate", 0, &o.self_calibrate),
                                  OPT_UNSET("no-calibration-file", 0, &o.write_calibration),
                                  OPT_STR("from-csv", 0, &o.from_csv),
                                  OPT_CHOICE("app-time", 0, &o.wall_time, "net|wall", app_times),
                                  OPT_FLAG("yield", 0, &o.yield),
                                  OPT_FLAG("verbose", 'v', &o.verbose),
                                  OPT_END};
    /* POSIX: stop at the first word that is not an option (the program after --). */
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    status = -1;
    if (o.from_csv != NULL &&
        (a.app != NULL || a.skels.n > 0 || first < argc || a.small != NULL || a.bapps != NULL))
        status = skel_cli_usage_error("validate", "--from-csv reports an earlier run: it takes "
                                                  "only --baseline-csv and --csv");
    else if (o.from_csv == NULL)
        status = measuring(&a, &o, argv + first, argc - first, &rc);
    o.baseline_csv = a.bcsv.v;
    o.nbaseline_csv = a.bcsv.n;
    if (status < 0 && rc == SKEL_OK) {
        /* Everything validate starts is removed on the way out, also on Ctrl-C. */
        if (o.from_csv == NULL)
            skel_proc_signals_install();
        rc = skel_validate_run(&o, &t);
        if (t.implicit_testbed)
            fprintf(stderr, "skel validate: note: a testbed was brought up for this run and "
                            "taken down at the end\n");
        if (t.warning[0])
            fprintf(stderr, "skel validate: warning: %s\n", skel_usecase_printable(t.warning));
        if (skel_validate_complete(&t, rc)) {
            skel_validate_print(stdout, &t);
            fflush(stdout);
            char saved[2048];
            snprintf(saved, sizeof saved, "%s", skel_last_error());
            if (a.csv != NULL)
                rc = skel_cli_also("validate", rc, saved, skel_validate_write_csv(a.csv, &t));
        }
    }
    skel_validate_table_free(&t);
    args_free(&a);
    return status >= 0 ? status : skel_cli_finish("validate", rc);
}
