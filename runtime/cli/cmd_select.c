/* cmd_select.c - `skel select`: run a performance skeleton on each candidate
 * node set as conditions are now, predict the application's time on each and
 * recommend the best (usecase/select.h, docs/validation.md). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "proc.h"
#include "select.h"

#include <stdio.h>

static void progress(void *arg, const char *what, unsigned round, unsigned rounds,
                     const struct skel_select_measurement *m)
{
    (void)arg;
    if (m->ok)
        fprintf(stderr, "skel select: %s: skeleton %.4f s (median of %u)",
                skel_usecase_printable(what), m->rep.elapsed_s, m->rep.repeats);
    else {
        /* skel_usecase_printable() has one buffer: one call per fprintf. */
        fprintf(stderr, "skel select: %s: failed: ", skel_usecase_printable(what));
        fprintf(stderr, "%s", skel_usecase_printable(m->error));
    }
    if (rounds > 1)
        fprintf(stderr, " [round %u/%u]", round + 1, rounds);
    fputc('\n', stderr);
}

static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

static const struct skel_cli_cmd cmd = {"select", "select", SKEL_CLI_NUM_FAIL, "invalid option"};

int skel_cmd_select(int argc, char **argv)
{
    struct skel_select_opts o = {.timeout_s = 600, .progress = progress};
    struct skel_select_result res;
    struct skel_cli_tools tools;
    struct skel_cli_list cands = {0};
    const char *csv = NULL, *launcher = NULL;
    int rc, status, mpi = SKEL_MPI_UNKNOWN;
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
    skel_cli_list_free(&cands);
    return skel_cli_finish("select", rc);
}
