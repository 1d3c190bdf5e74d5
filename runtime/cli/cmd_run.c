/* cmd_run.c - `skel run`: run an application or a skeleton on a node set,
 * R times, optionally under a sharing scenario, and report its run time
 * (usecase/run.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "proc.h"
#include "progress.h"
#include "run.h"

#include <stdio.h>
#include <string.h>

/* A run ended: its line, then the next one is running (runs follow each
 * other at once). */
static void print_progress(void *arg, unsigned index, const struct skel_launch_repeat *rep)
{
    const unsigned *repeat = arg;
    if (skel_progress_mode() == SKEL_PROGRESS_OFF)
        return;
    skel_progress_note("run %u/%u: %.6f s %s", index + 1, *repeat, rep->wall_s,
                       skel_launch_outcome_name(rep->outcome));
    skel_progress_count(index + 1, *repeat);
    if (index + 1 < *repeat)
        skel_progress_step("run %u/%u", index + 2, *repeat);
}

static void testbed_up(void *arg, unsigned nhosts)
{
    (void)arg;
    fprintf(stderr,
            "skel run: brought up a testbed with %u hosts for this run (it is taken down at the "
            "end)\n",
            nhosts);
}

static void print_summary(const struct skel_launch_result *res)
{
    const struct skel_launch_stats *st = &res->stats;
    if (st->n == 0)
        return;
    printf("median %.6f s  min %.6f  max %.6f  MAD %.6f  IQR %.6f  (%zu run%s)\n", st->median_s,
           st->min_s, st->max_s, st->mad_s, st->q3_s - st->q1_s, st->n, st->n == 1 ? "" : "s");
}

static const int shims[] = {SKEL_LAUNCH_SHIM_AUTO, SKEL_LAUNCH_SHIM_ON, SKEL_LAUNCH_SHIM_OFF};

static const int flavors[] = {SKEL_MPI_MPICH, SKEL_MPI_OPENMPI};

static const struct skel_cli_cmd cmd = {"run", "run", SKEL_CLI_POSIX | SKEL_CLI_NUM_FAIL,
                                        "invalid option"};

int skel_cmd_run(int argc, char **argv)
{
    struct skel_run_opts o = {.repeat = 1,
                              .finalize_shim = SKEL_LAUNCH_SHIM_AUTO,
                              .progress = print_progress,
                              .testbed_up = testbed_up};
    struct skel_cli_list preload = {0}, env = {0};
    struct skel_cli_tools tools;
    struct skel_run_result res;
    int quiet = 0, rc, status = -1, mpi = SKEL_MPI_UNKNOWN;
    const char *launcher = NULL;
    struct skel_cli_opt opts[] = {
        OPT_STR("nodes", 0, &o.nodes),
        OPT_UINT("np", 'n', &o.nranks, 1, 1000000),
        OPT_UINT("repeat", 0, &o.repeat, 1, 100000),
        OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
        OPT_STR("csv", 0, &o.csv),
        OPT_STR("scenario", 0, &o.scenario_file),
        OPT_STR("name", 0, &o.scenario_name),
        OPT_FLAG("yield", 0, &o.yield),
        OPT_CHOICE("finalize-shim", 0, &o.finalize_shim, "auto|on|off", shims),
        OPT_LIST("preload", 0, &preload),
        OPT_LIST("env", 0, &env),
        OPT_STR("output", 0, &o.output),
        OPT_FLAG("quiet", 0, &quiet),
        OPT_FLAG("dry-run", 0, &o.dry_run),
        OPT_CHOICE("mpi", 0, &mpi, "mpich|openmpi", flavors),
        OPT_STR("launcher", 0, &launcher),
        OPT_FLAG("verbose", 'v', &o.verbose),
        OPT_END};
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (o.nodes == NULL)
        status = skel_cli_usage_error("run", "--nodes SET is required");
    else if (first >= argc)
        status = skel_cli_usage_error("run", "no command given (put it after --)");
    else if ((o.scenario_file == NULL) != (o.scenario_name == NULL))
        status = skel_cli_usage_error("run", "--scenario FILE and --name NAME go together");
    if (status >= 0) {
        skel_cli_list_free(&preload);
        skel_cli_list_free(&env);
        return status;
    }
    o.argv = argv + first;
    o.preload = preload.v;
    o.env = env.v;
    o.progress_arg = &o.repeat;
    if (quiet)
        o.output = "/dev/null";
    memset(&res, 0, sizeof res);
    if ((rc = skel_cli_tools(&tools, o.yield)) == SKEL_OK) {
        o.tools = tools.t;
        o.tools.mpiexec = launcher;
        o.mpi = (enum skel_mpi_flavor)mpi;
        /* Everything from here on is undone on the way out, also on Ctrl-C. */
        skel_proc_signals_install();
        skel_progress_start("run", quiet || o.dry_run);
        skel_progress_step("run 1/%u", o.repeat);
        rc = skel_run(&o, &res);
        skel_progress_stop();
    }
    if (o.verbose && res.mpi_why[0] != '\0')
        fprintf(stderr, "skel run: launched for %s (%s)\n", skel_mpi_flavor_title(res.mpi),
                skel_usecase_printable(res.mpi_why));
    if (o.dry_run && rc == SKEL_OK) {
        for (size_t i = 0; res.dry_env[i]; i++)
            printf("%s ", res.dry_env[i]);
        for (size_t i = 0; res.dry_argv[i]; i++)
            printf("%s%s", i ? " " : "", res.dry_argv[i]);
        printf("\n");
    }
    if (res.launch.note[0] != '\0')
        fprintf(stderr, "skel run: note: measured under a shared throttle: %s\n", res.launch.note);
    print_summary(&res.launch);
    skel_run_result_free(&res);
    skel_cli_list_free(&preload);
    skel_cli_list_free(&env);
    return skel_cli_finish("run", rc);
}
