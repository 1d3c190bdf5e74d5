/* cmd_netprobe.c - `skel netprobe`: measure a communication cost table on a
 * node set (usecase/netprobe_run.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "error.h"
#include "netprobe_run.h"
#include "proc.h"

#include <stdio.h>
#include <string.h>

static const int kinds[] = {SKEL_COMMTABLE_SAME_HOST, SKEL_COMMTABLE_CROSS_HOST, -1};

static const struct skel_cli_cmd cmd = {"netprobe", "netprobe", SKEL_CLI_POSIX | SKEL_CLI_QUIET,
                                        NULL};

static void note(void *arg, const char *text)
{
    (void)arg;
    fprintf(stderr, "skel netprobe: %s\n", text);
}

int skel_cmd_netprobe(int argc, char **argv)
{
    struct skel_netprobe_run_opts o = {
        .nodes = "local", .kind = -1, .timeout_s = 600, .note = note};
    struct skel_cli_list env = {0};
    struct skel_cli_tools tools;
    int status, rc;
    struct skel_cli_opt opts[] = {
        OPT_STR("nodes", 0, &o.nodes),
        OPT_STR("output", 'o', &o.output),
        OPT_CHOICE("kind", 0, &o.kind, "same-host|cross-host|all", kinds),
        OPT_U64("max-size", 0, &o.max_size, 0, (double)((1ull << 31) - 1)),
        OPT_UINT("repeats", 0, &o.repeats, 1, 10000000),
        OPT_DOUBLE("seconds", 0, &o.seconds, 1e-6, 3600),
        OPT_LIST("env", 0, &env),
        OPT_DOUBLE("timeout", 0, &o.timeout_s, 0.001, 1e7),
        OPT_FLAG("verbose", 'v', &o.verbose),
        OPT_END};
    o.max_size = UINT64_C(4) << 20;
    o.repeats = 1000;
    o.seconds = 0.2;
    int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
    if (first < 0)
        return status;
    status = -1;
    for (size_t i = 0; i < env.n && status < 0; i++)
        if (strchr(env.v[i], '=') == NULL)
            status =
                skel_cli_usage_error("netprobe", "--env: expected NAME=VALUE, got '%s'", env.v[i]);
    if (status < 0 && (first < argc || o.output == NULL))
        status = skel_cli_usage_error(
            "netprobe", first < argc ? "unexpected argument '%s'" : "-o TABLE.csv is required%s",
            first < argc ? argv[first] : "");
    if (status >= 0) {
        skel_cli_list_free(&env);
        return status;
    }
    o.env = env.v;
    char prog[PATH_MAX];
    if ((rc = skel_cli_resource(SKEL_RES_NETPROBE, prog, sizeof prog)) == SKEL_OK &&
        (rc = skel_cli_tools(&tools, 0)) == SKEL_OK) {
        o.program = prog;
        o.tools = tools.t;
        skel_proc_signals_install();
        struct skel_netprobe_run_result res;
        rc = skel_netprobe_run(&o, &res);
        for (int k = 0; rc == SKEL_OK && k < SKEL_COMMTABLE__KINDS; k++)
            if (res.kinds & (1u << k))
                fprintf(stderr, "skel netprobe: %s: %.0f ns at 0 B, %.0f ns at 1 MiB\n",
                        skel_commtable_kind_name(k), skel_commtable_oneway(res.table, k, 0),
                        skel_commtable_oneway(res.table, k, 1u << 20));
        skel_netprobe_run_free(&res);
    }
    skel_cli_list_free(&env);
    return skel_cli_finish("netprobe", rc);
}
