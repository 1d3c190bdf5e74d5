/* cmd_testbed.c - `skel testbed up|down|status|share`: the emulated cluster
 * (usecase/cluster.h). */
#include "cli.h"
#include "commands.h"
#include "opts.h"

#include "cluster.h"
#include "error.h"
#include "proc.h"
#include "testbed.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int need_root(const char *cmd)
{
    if (geteuid() != 0) {
        fprintf(stderr,
                "skel %s: the emulated testbed needs root (network namespaces, tc, "
                "cgroups)\n",
                cmd);
        return 1;
    }
    return 0;
}

static const struct skel_cli_cmd cmd = {"testbed", "testbed", SKEL_CLI_POSIX | SKEL_CLI_NUM_FAIL,
                                        "invalid option"};

static int cmd_up(int argc, char **argv)
{
    struct skel_cluster_lists l = {0};
    struct skel_testbed_config cfg;
    unsigned nhosts = 0;
    const char *name = NULL;
    int status, leftover = 0;
    struct skel_cli_opt opts[] = {OPT_UINT("hosts", 'H', &nhosts, 1, SKEL_TESTBED_MAX_HOSTS),
                                  OPT_STR("name", 0, &name),
                                  OPT_STR("cpu", 0, &l.cpu),
                                  OPT_STR("cores", 0, &l.cores),
                                  OPT_STR("link", 0, &l.link),
                                  OPT_STR("slots", 0, &l.slots),
                                  OPT_END};
    struct skel_cli_cmd up = cmd;
    up.name = "testbed up";
    int first = skel_cli_parse(&up, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc)
        return skel_cli_usage_error("testbed", "unexpected argument '%s'", argv[first]);
    if (nhosts == 0)
        return skel_cli_usage_error("testbed", "up: --hosts N is required");
    if (need_root("testbed up"))
        return skel_exit_status(SKEL_EUSAGE);
    char desc[16384];
    int rc = skel_cluster_config(nhosts, &l, &cfg);
    if (rc == SKEL_OK && name != NULL && (rc = skel_testbed_check_name(name)) == SKEL_OK)
        snprintf(cfg.name, sizeof cfg.name, "%s", name);
    if (rc == SKEL_OK) {
        skel_proc_signals_install();
        rc = skel_cluster_up(&cfg, &leftover, desc, sizeof desc);
        if (leftover)
            fprintf(stderr, "skel testbed: removed a leftover testbed first\n");
    }
    if (rc == SKEL_EINTERRUPTED)
        return skel_proc_interrupt_status();
    if (rc == SKEL_OK)
        fputs(desc, stdout);
    return rc == SKEL_OK ? 0 : skel_cli_fail("testbed up", rc);
}

static int cmd_down(int argc, char **argv)
{
    unsigned n = 0;
    const char *name = NULL;
    int orphans = 0, status;
    struct skel_cli_opt opts[] = {OPT_STR("name", 0, &name), OPT_FLAG("orphans", 0, &orphans),
                                  OPT_END};
    struct skel_cli_cmd down = cmd;
    down.name = "testbed down";
    int first = skel_cli_parse(&down, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (first != argc)
        return skel_cli_usage_error("testbed", "down: unexpected argument '%s'", argv[first]);
    if (name != NULL && orphans)
        return skel_cli_usage_error("testbed", "down: --name and --orphans exclude each other");
    if (need_root("testbed down"))
        return skel_exit_status(SKEL_EUSAGE);
    /* Finish the job even when interrupted: a half-removed testbed helps nobody. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    char label[SKEL_TESTBED_NAME_MAX + 64];
    if (orphans)
        snprintf(label, sizeof label, "orphans");
    else if (name != NULL)
        snprintf(label, sizeof label, "'%s'", name);
    else {
        label[0] = '\'';
        skel_testbed_default_name(label + 1, sizeof label - 2);
        strcat(label, "'");
    }
    int rc = orphans ? skel_testbed_down_orphans(&n) : skel_testbed_down(name, &n);
    if (rc != SKEL_OK)
        return skel_cli_fail("testbed down", rc);
    printf(n ? "testbed down %s: removed %u objects\n" : "testbed down %s: nothing to remove\n",
           label, n);
    return 0;
}

static int cmd_status(void)
{
    char desc[16384];
    int rc = skel_testbed_describe(desc, sizeof desc);
    if (rc != SKEL_OK)
        return skel_cli_fail("testbed status", rc);
    fputs(desc, stdout);
    return 0;
}

static void applied(void *arg, const char *name, size_t ncompetitors)
{
    const double *duration = arg;
    printf("scenario '%s' applied (%zu competitor processes); %s\n", name, ncompetitors,
           *duration > 0 ? "waiting for --duration or a signal" : "Ctrl-C or SIGTERM removes it");
    fflush(stdout);
}

static int cmd_share(int argc, char **argv)
{
    struct skel_cluster_share_opts o = {.applied = applied};
    int status, removed = 0;
    struct skel_cli_opt opts[] = {OPT_STR("scenario", 0, &o.file), OPT_STR("name", 0, &o.name),
                                  OPT_STR("testbed", 0, &o.testbed),
                                  OPT_DOUBLE("duration", 0, &o.duration_s, 0.001, 1e7), OPT_END};
    struct skel_cli_cmd share = cmd;
    share.name = "testbed share";
    int first = skel_cli_parse(&share, opts, argc, argv, &status);
    if (first < 0)
        return status;
    if (o.file == NULL || o.name == NULL)
        return skel_cli_usage_error("testbed",
                                    "share: --scenario FILE and --name NAME are required");
    if (need_root("testbed share"))
        return skel_exit_status(SKEL_EUSAGE);
    o.arg = &o.duration_s;
    skel_proc_signals_install();
    int rc = skel_cluster_share(&o, &removed);
    if (removed)
        printf("scenario '%s' removed\n", o.name);
    if (skel_proc_interrupted() && rc == SKEL_OK)
        return skel_proc_interrupt_status();
    return rc == SKEL_OK ? 0 : skel_cli_fail("testbed share", rc);
}

int skel_cmd_testbed(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        skel_cli_help(argc < 2 ? stderr : stdout, "testbed");
        return argc < 2 ? 2 : 0;
    }
    const char *verb = argv[1];
    if (strcmp(verb, "up") == 0)
        return cmd_up(argc - 1, argv + 1);
    if (strcmp(verb, "down") == 0)
        return cmd_down(argc - 1, argv + 1);
    if (strcmp(verb, "status") == 0)
        return argc == 2 ? cmd_status()
                         : skel_cli_usage_error("testbed", "status takes no arguments");
    if (strcmp(verb, "share") == 0)
        return cmd_share(argc - 1, argv + 1);
    return skel_cli_usage_error("testbed", "unknown action '%s' (up, down, status, share)", verb);
}
