/* cmd_run.c - `skel run`: run an application or a skeleton on a node set,
 * R times, optionally under a sharing scenario, and report its run time. */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "launch.h"
#include "nodeset.h"
#include "proc.h"
#include "scenario.h"
#include "testbed.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fprintf(
        out,
        "usage: skel run --nodes SET [-n N] [OPTIONS] -- COMMAND [ARGS...]\n"
        "\n"
        "Run an MPI program (an application or a skeleton) on a node set and report its\n"
        "wall time: median, min/max, MAD and IQR over the repeats.\n"
        "\n"
        "  --nodes SET          local | testbed | testbed:1,2 | testbed:1:2,2:2 | slurm |\n"
        "                       a hostfile | a node-set XML file (FILE#NAME for one of a list)\n"
        "  -n, --np N           number of ranks (default: the set's slots)\n"
        "  --repeat R           runs to make (default 1)\n"
        "  --timeout S          seconds per run; the job is killed after that (exit status 5)\n"
        "  --csv FILE           write one row per run and a summary row\n"
        "  --scenario FILE --name NAME\n"
        "                       apply a sharing scenario to the testbed around the runs\n"
        "  --yield              preload the yield shim (more ranks than cores)\n"
        "  --finalize-shim auto|on|off\n"
        "                       MPICH 4.0.2 finalize work-around (auto: testbed, >= 2 ranks)\n"
        "  --preload LIB        preload LIB in the ranks before the shims (repeatable)\n"
        "  --env NAME=VALUE     set a variable for the ranks (repeatable)\n"
        "  --output FILE        send the program's stdout and stderr to FILE\n"
        "  --quiet              discard the program's output\n"
        "  --dry-run            print the launch command and exit\n"
        "  -v, --verbose        print the launch command before each run\n"
        "\n"
        "A testbed node set or a scenario uses the emulated testbed; if none is up, one\n"
        "is brought up for this command (2 hosts, or as many as the set names) and taken\n"
        "down at the end.  Ctrl-C kills the job, undoes the scenario and exits 130.\n");
}

struct strlist {
    const char **v;
    size_t n;
};

static int strlist_add(struct strlist *l, const char *s)
{
    const char **nv = realloc(l->v, (l->n + 2) * sizeof *nv);
    if (nv == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    l->v = nv;
    l->v[l->n++] = s;
    l->v[l->n] = NULL;
    return SKEL_OK;
}

static void print_progress(void *arg, unsigned index, const struct skel_launch_repeat *rep)
{
    const struct skel_launch_spec *spec = arg;
    fprintf(stderr, "skel run: run %u/%u: %.6f s %s\n", index + 1, spec->repeat, rep->wall_s,
            skel_launch_outcome_name(rep->outcome));
}

static void print_summary(const struct skel_launch_result *res)
{
    const struct skel_launch_stats *st = &res->stats;
    if (st->n == 0)
        return;
    printf("median %.6f s  min %.6f  max %.6f  MAD %.6f  IQR %.6f  (%zu run%s)\n", st->median_s,
           st->min_s, st->max_s, st->mad_s, st->q3_s - st->q1_s, st->n, st->n == 1 ? "" : "s");
}

int skel_cmd_run(int argc, char **argv)
{
    static const struct option opts[] = {{"nodes", required_argument, NULL, 'N'},
                                         {"np", required_argument, NULL, 'n'},
                                         {"repeat", required_argument, NULL, 'r'},
                                         {"timeout", required_argument, NULL, 't'},
                                         {"csv", required_argument, NULL, 'c'},
                                         {"scenario", required_argument, NULL, 'S'},
                                         {"name", required_argument, NULL, 'a'},
                                         {"yield", no_argument, NULL, 'y'},
                                         {"finalize-shim", required_argument, NULL, 'F'},
                                         {"preload", required_argument, NULL, 'p'},
                                         {"env", required_argument, NULL, 'e'},
                                         {"output", required_argument, NULL, 'o'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"dry-run", no_argument, NULL, 'D'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *nodes = NULL, *csv = NULL, *scfile = NULL, *scname = NULL, *output = NULL;
    uint64_t np = 0, repeat = 1;
    double timeout = 0;
    int quiet = 0, dry = 0, c, rc = SKEL_OK, status = 0;
    struct strlist preload = {0}, env = {0};
    struct skel_launch_spec spec;
    struct skel_launch_result res;
    struct skel_nodeset_list *sets = NULL;
    struct skel_scenario_list *scenarios = NULL;
    skel_testbed *tb = NULL;
    char nsexec[PATH_MAX], shim_fin[PATH_MAX], shim_yield[PATH_MAX];
    char **lv = NULL, **le = NULL;

    memset(&spec, 0, sizeof spec);
    memset(&res, 0, sizeof res);
    spec.finalize_shim = SKEL_LAUNCH_SHIM_AUTO;
    optind = 0;
    while ((c = getopt_long(argc, argv, "+n:vh", opts, NULL)) != -1) {
        switch (c) {
        case 'N':
            nodes = optarg;
            break;
        case 'n':
            if ((rc = skel_cli_parse_u64("-n", optarg, 1, 1000000, &np)) != SKEL_OK)
                return skel_cli_fail("run", rc);
            break;
        case 'r':
            if ((rc = skel_cli_parse_u64("--repeat", optarg, 1, 100000, &repeat)) != SKEL_OK)
                return skel_cli_fail("run", rc);
            break;
        case 't':
            if ((rc = skel_cli_parse_double("--timeout", optarg, 0.001, 1e7, &timeout)) != SKEL_OK)
                return skel_cli_fail("run", rc);
            break;
        case 'c':
            csv = optarg;
            break;
        case 'S':
            scfile = optarg;
            break;
        case 'a':
            scname = optarg;
            break;
        case 'y':
            spec.yield = 1;
            break;
        case 'F':
            if (strcmp(optarg, "auto") == 0)
                spec.finalize_shim = SKEL_LAUNCH_SHIM_AUTO;
            else if (strcmp(optarg, "on") == 0)
                spec.finalize_shim = SKEL_LAUNCH_SHIM_ON;
            else if (strcmp(optarg, "off") == 0)
                spec.finalize_shim = SKEL_LAUNCH_SHIM_OFF;
            else
                return skel_cli_usage_error("run", "--finalize-shim: expected auto, on or off");
            break;
        case 'p':
            if ((rc = strlist_add(&preload, optarg)) != SKEL_OK)
                goto out;
            break;
        case 'e':
            if ((rc = strlist_add(&env, optarg)) != SKEL_OK)
                goto out;
            break;
        case 'o':
            output = optarg;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'D':
            dry = 1;
            break;
        case 'v':
            spec.verbose = 1;
            break;
        case 'h':
            usage(stdout);
            goto out;
        default:
            status = skel_cli_usage_error("run", "invalid option");
            goto out;
        }
    }
    if (nodes == NULL) {
        status = skel_cli_usage_error("run", "--nodes SET is required");
        goto out;
    }
    if (optind >= argc) {
        status = skel_cli_usage_error("run", "no command given (put it after --)");
        goto out;
    }
    if ((scfile == NULL) != (scname == NULL)) {
        status = skel_cli_usage_error("run", "--scenario FILE and --name NAME go together");
        goto out;
    }

    /* Everything from here on is undone on the way out, also on Ctrl-C. */
    skel_proc_signals_install();
    const struct skel_scenario *sc = NULL;
    if (scfile != NULL) {
        if ((rc = skel_scenario_load(scfile, &scenarios)) != SKEL_OK)
            goto out;
        if ((sc = skel_scenario_find(scenarios, scname)) == NULL) {
            rc = skel_fail(SKEL_ENOTFOUND, "%s: no scenario named '%s'", scfile, scname);
            goto out;
        }
    }
    /* The node set; the testbed when the set or the scenario needs it. */
    int implicit = 0;
    if ((rc = skel_launch_open_nodes(nodes, sc, !dry, &sets, &tb, &implicit)) != SKEL_OK)
        goto out;
    if (implicit)
        fprintf(stderr,
                "skel run: brought up a testbed with %u hosts for this run (it is taken "
                "down at the end)\n",
                skel_testbed_nhosts(tb));
    spec.nodes = &sets->sets[0];
    spec.testbed = tb;
    spec.nranks = np ? (unsigned)np : (unsigned)skel_nodeset_slots(spec.nodes);
    spec.argv = argv + optind;
    spec.repeat = (unsigned)repeat;
    spec.timeout_s = timeout;
    spec.scenario = sc;
    spec.preload = preload.v;
    spec.env = env.v;
    spec.label = nodes;
    if (quiet)
        spec.stdout_path = spec.stderr_path = "/dev/null";
    else if (output != NULL)
        spec.stdout_path = spec.stderr_path = output;
    /* Our own files: the launcher beside this executable, the shims. */
    snprintf(nsexec, sizeof nsexec, "%s/skel-nsexec", skel_cli_self_dir());
    spec.tools.nsexec = nsexec;
    if (skel_cli_resource(SKEL_RES_SHIM_FINALIZE, shim_fin, sizeof shim_fin) == SKEL_OK)
        spec.tools.shim_finalize = shim_fin;
    else if (spec.finalize_shim == SKEL_LAUNCH_SHIM_ON) {
        rc = SKEL_ENOTFOUND;
        goto out;
    }
    if (spec.yield) {
        if ((rc = skel_cli_resource(SKEL_RES_SHIM_YIELD, shim_yield, sizeof shim_yield)) != SKEL_OK)
            goto out;
        spec.tools.shim_yield = shim_yield;
    }
    skel_clear_error();
    if (dry) {
        if ((rc = skel_launch_build_argv(&spec, "run.PID", &lv, &le)) != SKEL_OK)
            goto out;
        for (size_t i = 0; le[i]; i++)
            printf("%s ", le[i]);
        for (size_t i = 0; lv[i]; i++)
            printf("%s%s", i ? " " : "", lv[i]);
        printf("\n");
        goto out;
    }
    spec.progress = print_progress;
    spec.progress_arg = &spec;
    rc = skel_launch_run(&spec, &res);
    print_summary(&res);
    if (csv != NULL && res.nrepeat > 0) {
        int e = skel_launch_write_csv(csv, &spec, &res);
        if (rc == SKEL_OK)
            rc = e;
    }
out : {
    char detail[2048];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    int e = skel_testbed_release(tb);
    if (rc == SKEL_OK)
        rc = e;
    else
        skel_fail(rc, "%s", detail);
}
    skel_launch_argv_free(lv);
    skel_launch_argv_free(le);
    skel_launch_result_free(&res);
    skel_nodeset_list_free(sets);
    skel_scenario_list_free(scenarios);
    free(preload.v);
    free(env.v);
    if (skel_proc_interrupted()) {
        fprintf(stderr, "skel run: interrupted by signal %d; cleaned up\n",
                skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    if (status != 0)
        return status;
    return rc == SKEL_OK ? 0 : skel_cli_fail("run", rc);
}
