/* cmd_netprobe.c - `skel netprobe`: measure a communication cost table on a
 * node set (runtime/netprobe.h), launching the ping-pong program with the
 * harness (runtime/launch.h). */
#include "cli.h"
#include "commands.h"
#include "commtable.h"
#include "error.h"
#include "launch.h"
#include "netprobe.h"
#include "nodeset.h"
#include "proc.h"
#include "testbed.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *const cmd = "netprobe";

static void usage(FILE *f)
{
    fprintf(f, "usage: skel netprobe [--nodes SET] -o TABLE.csv [OPTIONS]\n"
               "\n"
               "Measure a communication cost table: the one-way time of messages from 0 B\n"
               "to a few MiB (half a ping-pong round trip; fastest and median of many) between\n"
               "two ranks on one host and, when the node set has two hosts, on two hosts.\n"
               "skel predict and skel critpath read the table (docs/predictions.md).\n"
               "\n"
               "options:\n"
               "  --nodes SET        where to measure (default local): local, testbed,\n"
               "                     testbed:1,2, a hostfile, a node-set file (see skel run)\n"
               "  -o, --output FILE  the table to write (CSV)\n"
               "  --kind KIND        same-host, cross-host or all (default: all the set has)\n"
               "  --max-size BYTES   largest message (default 4194304)\n"
               "  --repeats N        round trips per size at most (default 1000)\n"
               "  --seconds T        time spent on each size, about (default 0.2)\n"
               "  --env NAME=VALUE   set a variable for the ranks (repeatable), e.g.\n"
               "                     UCX_TLS=tcp,self to measure MPICH over TCP\n"
               "  --timeout S        seconds a measurement may take (default 600)\n"
               "  -v, --verbose      print the launch command\n"
               "  -h, --help         show this help\n");
}

struct launch_ctx {
    const struct skel_nodeset *set;
    const skel_testbed *tb;
    const char *const *env;
    const char *label;
    double timeout;
    int verbose;
    char nsexec[PATH_MAX], shim_fin[PATH_MAX];
    int have_fin;
};

/* Two nodes of the set for a pair of the kind: one with two slots, or two. */
static int pick_pair(const struct skel_nodeset *set, int kind, struct skel_node *nodes, size_t *n)
{
    if (kind == SKEL_COMMTABLE_SAME_HOST) {
        for (size_t i = 0; i < set->nnodes; i++)
            if (set->nodes[i].slots >= 2) {
                nodes[0] = set->nodes[i];
                nodes[0].slots = 2;
                *n = 1;
                return SKEL_OK;
            }
        return skel_fail(SKEL_EUSAGE,
                         "node set '%s' has no host with two slots for a same-host "
                         "pair",
                         set->name);
    }
    for (size_t i = 1; i < set->nnodes; i++)
        if (strcmp(set->nodes[i].name, set->nodes[0].name) != 0) {
            nodes[0] = set->nodes[0];
            nodes[1] = set->nodes[i];
            nodes[0].slots = nodes[1].slots = 1;
            *n = 2;
            return SKEL_OK;
        }
    return skel_fail(SKEL_EUSAGE, "node set '%s' has one host: no cross-host pair", set->name);
}

static int launch(void *vctx, int kind, char *const argv[])
{
    struct launch_ctx *c = vctx;
    struct skel_node nodes[2];
    size_t n = 0;
    int rc = pick_pair(c->set, kind, nodes, &n);
    if (rc != SKEL_OK)
        return rc;
    struct skel_nodeset pair = {
        .name = c->set->name, .kind = c->set->kind, .nnodes = n, .nodes = nodes};
    struct skel_launch_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.nodes = &pair;
    spec.testbed = c->tb;
    spec.nranks = 2;
    spec.argv = argv;
    spec.repeat = 1;
    spec.timeout_s = c->timeout;
    spec.finalize_shim = SKEL_LAUNCH_SHIM_AUTO;
    spec.env = c->env;
    spec.label = c->label;
    spec.verbose = c->verbose;
    spec.tools.nsexec = c->nsexec;
    spec.tools.shim_finalize = c->have_fin ? c->shim_fin : NULL;
    fprintf(stderr, "skel netprobe: measuring %s pairs (%s%s%s)\n", skel_commtable_kind_name(kind),
            nodes[0].name, n > 1 ? " and " : "", n > 1 ? nodes[1].name : "");
    struct skel_launch_result res;
    memset(&res, 0, sizeof res);
    rc = skel_launch_run(&spec, &res);
    skel_launch_result_free(&res);
    return rc;
}

/* skel-netprobe-mpi: SKEL_NETPROBE_PROG, beside this executable, or installed. */
static int find_program(char *out, size_t len)
{
    const char *env = getenv("SKEL_NETPROBE_PROG");
    struct stat st;
    if (env != NULL && *env != '\0') {
        snprintf(out, len, "%s", env);
        return stat(out, &st) == 0 ? SKEL_OK
                                   : skel_fail(SKEL_ENOTFOUND,
                                               "%s (SKEL_NETPROBE_PROG) does not "
                                               "exist",
                                               out);
    }
    snprintf(out, len, "%s/skel-netprobe-mpi", skel_cli_self_dir());
    if (stat(out, &st) == 0)
        return SKEL_OK;
    return skel_fail(SKEL_ENOTFOUND,
                     "cannot find skel-netprobe-mpi beside %s (set "
                     "SKEL_NETPROBE_PROG)",
                     skel_cli_self_dir());
}

int skel_cmd_netprobe(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"nodes", required_argument, NULL, 'N'},
        {"output", required_argument, NULL, 'o'},
        {"kind", required_argument, NULL, 'k'},
        {"max-size", required_argument, NULL, 'm'},
        {"repeats", required_argument, NULL, 'r'},
        {"seconds", required_argument, NULL, 's'},
        {"env", required_argument, NULL, 'e'},
        {"timeout", required_argument, NULL, 't'},
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *nodes = "local", *output = NULL, *kindarg = "all";
    uint64_t max_size = UINT64_C(4) << 20, repeats = 1000;
    double seconds = 0.2;
    const char **env = NULL;
    size_t nenv = 0;
    struct launch_ctx lc;
    memset(&lc, 0, sizeof lc);
    lc.timeout = 600;
    int c, rc = SKEL_OK, status = 0;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+o:vh", longopts, NULL)) != -1) {
        switch (c) {
        case 'N':
            nodes = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'k':
            kindarg = optarg;
            break;
        case 'm':
            if (skel_cli_parse_u64("--max-size", optarg, 0, (UINT64_C(1) << 31) - 1, &max_size))
                return skel_cli_usage_error(cmd, "%s", skel_last_error());
            break;
        case 'r':
            if (skel_cli_parse_u64("--repeats", optarg, 1, 10000000, &repeats))
                return skel_cli_usage_error(cmd, "%s", skel_last_error());
            break;
        case 's':
            if (skel_cli_parse_double("--seconds", optarg, 1e-6, 3600, &seconds))
                return skel_cli_usage_error(cmd, "%s", skel_last_error());
            break;
        case 'e': {
            if (strchr(optarg, '=') == NULL)
                return skel_cli_usage_error(cmd, "--env: expected NAME=VALUE, got '%s'", optarg);
            const char **ne = realloc(env, (nenv + 2) * sizeof *ne);
            if (ne == NULL) {
                free(env);
                return skel_cli_fail(cmd, skel_fail(SKEL_ENOMEM, "out of memory"));
            }
            env = ne;
            env[nenv++] = optarg;
            env[nenv] = NULL;
            break;
        }
        case 't':
            if (skel_cli_parse_double("--timeout", optarg, 0.001, 1e7, &lc.timeout))
                return skel_cli_usage_error(cmd, "%s", skel_last_error());
            break;
        case 'v':
            lc.verbose = 1;
            break;
        case 'h':
            usage(stdout);
            free(env);
            return 0;
        default:
            free(env);
            return skel_cli_usage_error(cmd, "unknown option or missing value: '%s'",
                                        argv[optind - 1]);
        }
    }
    if (optind < argc || output == NULL) {
        free(env);
        return skel_cli_usage_error(
            cmd, optind < argc ? "unexpected argument '%s'" : "-o TABLE.csv is required%s",
            optind < argc ? argv[optind] : "");
    }
    unsigned kinds;
    if (strcmp(kindarg, "all") == 0)
        kinds = 0;
    else if (skel_commtable_kind_parse(kindarg) >= 0)
        kinds = 1u << skel_commtable_kind_parse(kindarg);
    else {
        free(env);
        return skel_cli_usage_error(cmd,
                                    "--kind: expected same-host, cross-host or all, got "
                                    "'%s'",
                                    kindarg);
    }

    struct skel_nodeset_list *sets = NULL;
    skel_testbed *tb = NULL;
    skel_commtable *table = NULL;
    char prog[PATH_MAX], workdir[] = "/tmp/skel-netprobe-XXXXXX";
    int have_workdir = 0;
    skel_proc_signals_install();
    if ((rc = find_program(prog, sizeof prog)) != SKEL_OK)
        goto out;
    int tbspec = skel_nodeset_spec_is_testbed(nodes);
    if (!tbspec && (rc = skel_nodeset_resolve(nodes, NULL, &sets)) != SKEL_OK)
        goto out;
    if (tbspec || sets->sets[0].kind == SKEL_NODESET_TESTBED) {
        int implicit = 0;
        unsigned need = tbspec ? skel_nodeset_spec_testbed_hosts(nodes)
                               : skel_nodeset_max_testbed_id(&sets->sets[0]);
        if (geteuid() != 0) {
            rc = skel_fail(SKEL_EUSAGE, "the emulated testbed needs root");
            goto out;
        }
        if ((rc = skel_testbed_acquire(need, &tb, &implicit)) != SKEL_OK)
            goto out;
        if (implicit)
            fprintf(stderr,
                    "skel netprobe: brought up a testbed with %u hosts for this "
                    "measurement (it is taken down at the end)\n",
                    skel_testbed_nhosts(tb));
        if (tbspec && (rc = skel_nodeset_resolve(nodes, tb, &sets)) != SKEL_OK)
            goto out;
    }
    lc.set = &sets->sets[0];
    lc.tb = tb;
    lc.env = env;
    lc.label = nodes;
    snprintf(lc.nsexec, sizeof lc.nsexec, "%s/skel-nsexec", skel_cli_self_dir());
    lc.have_fin =
        skel_cli_resource(SKEL_RES_SHIM_FINALIZE, lc.shim_fin, sizeof lc.shim_fin) == SKEL_OK;
    skel_clear_error();
    /* The kinds of pairs the set has. */
    unsigned avail = 0;
    struct skel_node tmp[2];
    size_t ntmp;
    for (int k = 0; k < SKEL_COMMTABLE__KINDS; k++)
        if (pick_pair(lc.set, k, tmp, &ntmp) == SKEL_OK)
            avail |= 1u << k;
    skel_clear_error();
    if (kinds == 0)
        kinds = avail;
    if ((kinds & avail) != kinds || kinds == 0) {
        int k = skel_commtable_kind_parse(kindarg);
        rc = pick_pair(lc.set, k >= 0 ? k : SKEL_COMMTABLE_SAME_HOST, tmp, &ntmp);
        if (rc == SKEL_OK)
            rc = skel_fail(SKEL_EUSAGE, "node set '%s' has no pair of ranks to measure", nodes);
        goto out;
    }
    if (mkdtemp(workdir) == NULL) {
        rc = skel_fail(SKEL_EIO, "%s: cannot create a directory", workdir);
        goto out;
    }
    have_workdir = 1;
    if ((rc = skel_commtable_new(output, &table)) != SKEL_OK)
        goto out;
    struct skel_netprobe_opts po = {.program = prog,
                                    .workdir = workdir,
                                    .max_size = max_size,
                                    .repeats = (unsigned)repeats,
                                    .seconds = seconds,
                                    .kinds = kinds,
                                    .launch = launch,
                                    .ctx = &lc};
    if ((rc = skel_netprobe_measure(&po, table)) != SKEL_OK)
        goto out;
    char comment[1024], when[64];
    time_t now = time(NULL);
    struct tm tmv;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S %z", localtime_r(&now, &tmv));
    int off = snprintf(comment, sizeof comment,
                       "Communication cost table measured by skel netprobe on node set '%s',\n"
                       "%s. One-way time = half a ping-pong round trip (ns): fastest and\n"
                       "median of 'repeats' round trips. See docs/predictions.md.",
                       nodes, when);
    for (size_t i = 0; i < nenv && off > 0 && (size_t)off < sizeof comment; i++)
        off += snprintf(comment + off, sizeof comment - (size_t)off, "%s%s",
                        i == 0 ? "\nRanks' environment: " : " ", env[i]);
    if ((rc = skel_commtable_write(table, output, comment)) != SKEL_OK)
        goto out;
    for (int k = 0; k < SKEL_COMMTABLE__KINDS; k++)
        if (kinds & (1u << k))
            fprintf(stderr, "skel netprobe: %s: %.0f ns at 0 B, %.0f ns at 1 MiB\n",
                    skel_commtable_kind_name(k), skel_commtable_oneway(table, k, 0),
                    skel_commtable_oneway(table, k, 1u << 20));
out : {
    char detail[2048];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    int e = skel_testbed_release(tb);
    if (rc == SKEL_OK)
        rc = e;
    else
        skel_fail(rc, "%s", detail);
}
    if (have_workdir)
        rmdir(workdir);
    skel_commtable_free(table);
    skel_nodeset_list_free(sets);
    free(env);
    if (skel_proc_interrupted()) {
        fprintf(stderr, "skel netprobe: interrupted by signal %d\n", skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    if (status != 0)
        return status;
    return rc == SKEL_OK ? 0 : skel_cli_fail(cmd, rc);
}
