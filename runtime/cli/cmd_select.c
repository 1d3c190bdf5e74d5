/* cmd_select.c - `skel select`: run a performance skeleton on each candidate
 * node set as conditions are now, predict the application's time on each and
 * recommend the best (usecase/select.h, docs/validation.md). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "proc.h"
#include "progress.h"
#include "select.h"

#include <stdio.h>
#include <string.h>

static void progress(void *arg, const char *what, unsigned round, unsigned rounds,
                     const struct skel_select_measurement *m)
{
    (void)arg;
    char name[256], line[1024], rnd[32] = "";
    snprintf(name, sizeof name, "%s", skel_usecase_printable(what));
    if (rounds > 1)
        snprintf(rnd, sizeof rnd, " [round %u/%u]", round + 1, rounds);
    if (m->ok)
        snprintf(line, sizeof line, "%s: skeleton %.4f s (median of %u)%s", name, m->rep.elapsed_s,
                 m->rep.repeats, rnd);
    else
        snprintf(line, sizeof line, "%s: failed: %s%s", name, skel_usecase_printable(m->error),
                 rnd);
    if (skel_progress_mode() != SKEL_PROGRESS_OFF)
        skel_progress_note("%s", line);
}

/* What runs now, on the progress line: "candidate 2/3 (pair-b), round 1/5". */
static void starting(void *arg, const char *what, unsigned round, unsigned rounds, unsigned launch,
                     unsigned launches)
{
    const struct skel_select_result *res = arg;
    char name[256], rnd[32] = "";
    snprintf(name, sizeof name, "%s", skel_usecase_printable(what));
    if (rounds > 1)
        snprintf(rnd, sizeof rnd, ", round %u/%u", round + 1, rounds);
    skel_progress_count(launch, launches);
    if (strcmp(what, "reference") == 0) {
        skel_progress_step("the reference run, launch %u/%u", launch + 1, launches);
        return;
    }
    size_t i = 0;
    while (i < res->n && strcmp(res->c[i].name, what) != 0)
        i++;
    skel_progress_step("candidate %zu/%zu (%s)%s, launch %u/%u", i + 1, res->n, name, rnd,
                       launch + 1, launches);
}

static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

static const struct skel_cli_cmd cmd = {"select", "select", SKEL_CLI_NUM_FAIL, "invalid option"};

int skel_cmd_select(int argc, char **argv)
{
    struct skel_select_result res;
    struct skel_select_opts o = {
        .timeout_s = 600, .progress = progress, .starting = starting, .progress_arg = &res};
    struct skel_cli_tools tools;
    struct skel_cli_list cands = {0};
    const char *csv = NULL, *launcher = NULL;
    int rc, status, quiet = 0, mpi = SKEL_MPI_UNKNOWN;
    struct skel_cli_opt opts[] = {OPT_STR("skeleton", 0, &o.skeleton_dir),
                                  OPT_WORDS("candidates", 0, &cands),
                                  OPT_STR("nodes", 0, &o.nodes),
                                  OPT_STR("reference", 0, &o.reference),
                                  OPT_DOUBLE("ratio", 0, &o.ratio, 1e-9, 1e12),
                                  OPT_DOUBLE("app-time", 0, &o.app_time_s, 1e-9, 1e9),
                                  OPT_UINT("repeat", 0, &o.repeat, 1, 10000),
                                  OPT_UINT("rounds", 0, &o.rounds, 1, 1000),
                                  OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
                                  OPT_STR("csv", 0, &csv),
                                  OPT_FLAG("yield", 0, &o.yield),
                                  OPT_CHOICE("mpi", 0, &mpi, "mpich|openmpi", flavors),
                                  OPT_STR("launcher", 0, &launcher),
                                  OPT_FLAG("verbose", 'v', &o.verbose),
                                  OPT_FLAG("quiet", 'q', &quiet),
                                  OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    status = -1;
    o.candidates = cands.v;
    o.ncandidates = cands.n;
    o.mpi = (enum skel_mpi_flavor)mpi;
    if (first < argc)
        status = skel_cli_usage_error("select", "unexpected argument '%s'",
                                      skel_usecase_printable(argv[first]));
    else if (o.skeleton_dir == NULL)
        status = skel_cli_usage_error("select", "--skeleton DIR is required");
    else if (o.ncandidates == 0 && o.nodes == NULL)
        status = skel_cli_usage_error(
            "select", "no candidates: --candidates FILE... (node-set XML files or hostfiles), or "
                      "--nodes slurm inside an allocation");
    else if (o.ratio > 0 && o.reference != NULL)
        status = skel_cli_usage_error("select", "--ratio and --reference exclude each other");
    else if (o.ratio > 0 && o.app_time_s > 0)
        status = skel_cli_usage_error("select", "--app-time has no use with --ratio");
    else if ((rc = skel_cli_tools(&tools, o.yield)) != SKEL_OK)
        status = skel_cli_fail("select", rc);
    if (status >= 0) {
        skel_cli_list_free(&cands);
        return status;
    }
    o.tools = tools.t;
    o.tools.mpiexec = launcher;

    /* Everything select starts is stopped and removed on the way out. */
    skel_proc_signals_install();
    skel_progress_start("select", quiet);
    rc = skel_select_run(&o, &res);
    skel_progress_stop();
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
    skel_cli_list_free(&cands);
    return skel_cli_finish("select", rc);
}
