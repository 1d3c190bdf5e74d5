/* cmd_validate.c - `skel validate`: measure an application and its
 * skeleton(s) under sharing scenarios, and report predicted against measured
 * time with the two baselines of Sodhi et al. 5.4 (usecase/validate.h,
 * docs/validation.md). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "proc.h"
#include "progress.h"
#include "validate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void progress(void *arg, const char *scenario, const char *what,
                     const struct skel_validate_measure *m)
{
    (void)arg;
    char sc[128];
    snprintf(sc, sizeof sc, "%s", skel_usecase_printable(scenario));
    if (skel_progress_mode() == SKEL_PROGRESS_OFF)
        return;
    if (m->ok)
        skel_progress_note("%-18s %-12s %.4f s%s", sc, what, m->time_s,
                           strncmp(what, "skeleton", 8) == 0 ? " (its own elapsed_s)"
                           : strcmp(what, "launch") == 0     ? " (launch overhead)"
                                                             : " (wall)");
    else
        skel_progress_note("%-18s %-12s failed: %s", sc, what, skel_usecase_printable(m->error));
}

/* What runs now, on the progress line: "launch 3/14: scenario cpu-one,
 * application". */
static void starting(void *arg, const char *scenario, const char *what, unsigned launch,
                     unsigned launches)
{
    (void)arg;
    skel_progress_count(launch, launches);
    skel_progress_step("launch %u/%u: scenario %s, %s", launch + 1, launches,
                       skel_usecase_printable(scenario), what);
}

/* --app, --small: one command line split into words. */
static int split(const char *arg, void *dest)
{
    char ***argv = dest;
    skel_validate_argv_free(*argv);
    *argv = NULL;
    return skel_validate_split(arg, argv);
}

/* The checks between the options; -1, or the exit status of the usage
 * error printed. */
static int check(const struct skel_validate_opts *o, size_t nskel, int nrest, int app)
{
    if (o->from_csv != NULL &&
        (app || nskel > 0 || nrest > 0 || o->small_argv != NULL || o->baseline_file != NULL))
        return skel_cli_usage_error("validate", "--from-csv reports an earlier run: it takes "
                                                "only --baseline-csv and --csv");
    if (o->from_csv != NULL)
        return -1;
    if (app && nrest > 0)
        return skel_cli_usage_error("validate", "give the application once: --app or after --");
    if (!app && nrest == 0)
        return skel_cli_usage_error("validate", "no application (--app \"PROGRAM ARGS\" or -- "
                                                "PROGRAM ARGS)");
    if (nskel == 0 || o->scenarios == NULL)
        return skel_cli_usage_error("validate", "--skeleton DIR and --scenarios FILE are required");
    if (nskel > SKEL_VALIDATE_MAX_SKELETONS)
        return skel_cli_usage_error("validate", "at most %d skeletons",
                                    SKEL_VALIDATE_MAX_SKELETONS);
    return -1;
}

/* --names A,B,...: the words, in place. */
static int split_names(char *names, struct skel_cli_list *nv)
{
    int rc = SKEL_OK;
    for (char *save = NULL, *tok = strtok_r(names, ",", &save); tok != NULL && rc == SKEL_OK;
         tok = strtok_r(NULL, ",", &save))
        rc = skel_cli_list_add(nv, tok);
    return rc;
}

static const int app_times[] = {0, 1};
static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

static const struct skel_cli_cmd cmd = {"validate", "validate", SKEL_CLI_POSIX | SKEL_CLI_NUM_FAIL,
                                        "invalid option"};

int skel_cmd_validate(int argc, char **argv)
{
    struct skel_validate_opts o = {
        .timeout_s = 3600, .write_calibration = 1, .progress = progress, .starting = starting};
    struct skel_validate_table t = {0};
    struct skel_cli_list skels = {0}, bcsv = {0}, nv = {0};
    struct skel_cli_tools tools;
    const char *names = NULL, *csv = NULL, *launcher = NULL;
    int mpi = SKEL_MPI_UNKNOWN;
    double ci_pct = -1, tol_pct = 0;
    char **app = NULL, **small = NULL, *names_buf = NULL;
    int quiet = 0;
    struct skel_cli_opt opts[] = {
        OPT_FN("app", 0, &app, split),
        OPT_LIST("skeleton", 0, &skels),
        OPT_STR("scenarios", 0, &o.scenarios),
        OPT_STR("names", 0, &names),
        OPT_STR("reference", 0, &o.reference),
        OPT_STR("nodes", 0, &o.nodes),
        OPT_UINT("repeat", 0, &o.repeat, 1, 1000),
        OPT_UINT("skeleton-repeat", 0, &o.skeleton_repeat, 1, 10000),
        OPT_DOUBLE("skeleton-ci", 0, &ci_pct, 0, 100),
        OPT_DOUBLE("skeleton-budget", 0, &o.skeleton_budget_s, 0.001, 1e7),
        OPT_UINT("skeleton-launches", 0, &o.skeleton_launches, 1, 1000),
        OPT_DOUBLE("tolerance", 0, &tol_pct, 0.01, 100),
        OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
        OPT_FN("small", 0, &small, split),
        OPT_STR("baseline-apps", 0, &o.baseline_file),
        OPT_LIST("baseline-csv", 0, &bcsv),
        OPT_STR("csv", 0, &csv),
        OPT_STR("logs", 0, &o.log_dir),
        OPT_FLAG("self-calibrate", 0, &o.self_calibrate),
        OPT_UNSET("no-calibration-file", 0, &o.write_calibration),
        OPT_STR("from-csv", 0, &o.from_csv),
        OPT_CHOICE("app-time", 0, &o.wall_time, "net|wall", app_times),
        OPT_FLAG("yield", 0, &o.yield),
        OPT_CHOICE("mpi", 0, &mpi, "mpich|openmpi", flavors),
        OPT_STR("launcher", 0, &launcher),
        OPT_FLAG("verbose", 'v', &o.verbose),
        OPT_FLAG("quiet", 'q', &quiet),
        OPT_END};
    /* POSIX: stop at the first word that is not an option (the program after --). */
    int rc = SKEL_OK, status, first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first >= 0) {
        o.app_argv = app != NULL ? app : argv + first;
        o.small_argv = small;
        status = check(&o, skels.n, argc - first, app != NULL);
    }
    if (first >= 0 && status < 0 && names != NULL) {
        if ((names_buf = strdup(names)) == NULL)
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
        else if ((rc = split_names(names_buf, &nv)) == SKEL_OK && nv.n == 0)
            status = skel_cli_usage_error("validate", "--names: no scenario name");
        o.names = nv.v;
        o.nnames = nv.n;
    }
    if (first >= 0 && status < 0 && rc == SKEL_OK &&
        (rc = skel_cli_tools(&tools, o.yield)) == SKEL_OK) {
        o.tools = tools.t;
        o.tools.mpiexec = launcher;
        o.mpi = (enum skel_mpi_flavor)mpi;
        /* Percent on the command line; --skeleton-ci 0: one launch a round. */
        o.skeleton_target = ci_pct < 0 ? 0 : ci_pct == 0 ? -1 : ci_pct / 100;
        o.tolerance = tol_pct / 100;
        o.skeleton_dirs = skels.v;
        o.nskeleton = skels.n;
        o.baseline_csv = bcsv.v;
        o.nbaseline_csv = bcsv.n;
        /* Everything validate starts is removed on the way out, also on Ctrl-C. */
        skel_proc_signals_install();
        skel_progress_start("validate", quiet);
        rc = skel_validate_run(&o, &t);
        skel_progress_stop();
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
            if (csv != NULL)
                rc = skel_cli_also("validate", rc, saved, skel_validate_write_csv(csv, &t));
        }
    }
    skel_validate_table_free(&t);
    skel_validate_argv_free(app);
    skel_validate_argv_free(small);
    free(names_buf);
    skel_cli_list_free(&skels);
    skel_cli_list_free(&bcsv);
    skel_cli_list_free(&nv);
    return first < 0 || status >= 0 ? status : skel_cli_finish("validate", rc);
}
