/* run.c - a program run and timed on a node set (run.h). */
#include "run.h"

#include "elfdeps.h"
#include "error.h"
#include "nodeset.h"
#include "scenario.h"
#include "testbed.h"
#include "usecase.h"

#include <stdio.h>
#include <string.h>

void skel_run_result_free(struct skel_run_result *res)
{
    skel_launch_result_free(&res->launch);
    skel_launch_argv_free(res->dry_argv);
    skel_launch_argv_free(res->dry_env);
    res->dry_argv = res->dry_env = NULL;
}

/* The program's MPI: given, or read from its ELF dependencies. */
static void find_mpi(const struct skel_run_opts *o, struct skel_run_result *res)
{
    struct skel_elf_mpi m;
    res->mpi = o->mpi;
    if (o->mpi != SKEL_MPI_UNKNOWN) {
        snprintf(res->mpi_why, sizeof res->mpi_why, "given");
        return;
    }
    if (skel_mpi_of_program(o->argv[0], &m) == SKEL_OK && m.flavor != SKEL_MPI_UNKNOWN) {
        res->mpi = m.flavor;
        snprintf(res->mpi_why, sizeof res->mpi_why, "%s uses %s", o->argv[0], m.evidence);
    } else {
        snprintf(res->mpi_why, sizeof res->mpi_why,
                 "%s links no MPI library Skel knows (a script?): MPICH assumed, --mpi says "
                 "otherwise",
                 o->argv[0]);
    }
    skel_clear_error();
}

static int launch(const struct skel_run_opts *o, const struct skel_scenario *sc,
                  const struct skel_nodeset *set, const skel_testbed *tb,
                  struct skel_run_result *res)
{
    find_mpi(o, res);
    struct skel_launch_spec spec = {
        .mpi = res->mpi,
        .nodes = set,
        .testbed = tb,
        .nranks = o->nranks ? o->nranks : (unsigned)skel_nodeset_slots(set),
        .argv = o->argv,
        .repeat = o->repeat ? o->repeat : 1,
        .timeout_s = o->timeout_s,
        .scenario = sc,
        .yield = o->yield,
        .finalize_shim = o->finalize_shim,
        .preload = o->preload,
        .env = o->env,
        .label = o->nodes,
        .stdout_path = o->output,
        .stderr_path = o->output,
        .verbose = o->verbose,
        .tools = o->tools,
        .progress = o->progress,
        .progress_arg = o->progress_arg,
    };
    if (o->finalize_shim == SKEL_LAUNCH_SHIM_ON && o->tools.shim_finalize == NULL)
        return skel_fail(SKEL_ENOTFOUND,
                         "cannot find libskelshim-finalize.so (--finalize-shim on)");
    if (o->dry_run)
        return skel_launch_build_argv(&spec, "run.PID", &res->dry_argv, &res->dry_env);
    int rc = skel_launch_run(&spec, &res->launch);
    if (o->csv != NULL && res->launch.nrepeat > 0) {
        int e = skel_launch_write_csv(o->csv, &spec, &res->launch);
        if (rc == SKEL_OK)
            rc = e;
    }
    return rc;
}

int skel_run(const struct skel_run_opts *o, struct skel_run_result *res)
{
    struct skel_nodeset_list *sets = NULL;
    struct skel_scenario_list *scenarios = NULL;
    const struct skel_scenario *sc = NULL;
    skel_testbed *tb = NULL;
    int implicit = 0, rc = SKEL_OK;
    memset(res, 0, sizeof *res);
    if (o->nodes == NULL || o->argv == NULL || o->argv[0] == NULL)
        return skel_fail(SKEL_EUSAGE, "a run needs a node set and a program");
    if (o->scenario_file != NULL) {
        if ((rc = skel_scenario_load(o->scenario_file, &scenarios)) != SKEL_OK)
            goto out;
        if ((sc = skel_scenario_find(scenarios, o->scenario_name)) == NULL) {
            rc = skel_fail(SKEL_ENOTFOUND, "%s: no scenario named '%s'", o->scenario_file,
                           o->scenario_name);
            goto out;
        }
    }
    /* The node set; the testbed when the set or the scenario needs it. */
    if ((rc = skel_launch_open_nodes(o->nodes, sc, !o->dry_run, &sets, &tb, &implicit)) != SKEL_OK)
        goto out;
    if (implicit && o->testbed_up != NULL)
        o->testbed_up(o->progress_arg, skel_testbed_nhosts(tb));
    rc = launch(o, sc, &sets->sets[0], tb, res);
out:
    rc = skel_usecase_release(tb, rc);
    skel_nodeset_list_free(sets);
    skel_scenario_list_free(scenarios);
    return rc;
}
