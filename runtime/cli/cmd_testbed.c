/* cmd_testbed.c - `skel testbed up|down|status|share`: the emulated cluster. */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "proc.h"
#include "scenario.h"
#include "testbed.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fprintf(out,
            "usage: skel testbed up --hosts N [--cpu LIST] [--cores LIST] [--link LIST] [--slots "
            "LIST]\n"
            "       skel testbed down\n"
            "       skel testbed status\n"
            "       skel testbed share --scenario FILE --name NAME [--duration SECONDS]\n"
            "\n"
            "An emulated cluster on this machine (needs root): host i is the network\n"
            "namespace skh<i> with address 10.77.0.<i> on the bridge skbr0 (10.77.0.254).\n"
            "\n"
            "up options (a LIST has one value for every host, or one value for all):\n"
            "  --hosts N      number of hosts (1..%d)\n"
            "  --cpu LIST     CPU quota per host in cores, e.g. 1,1,0.5,0.25 (0 or 'full': none)\n"
            "  --cores LIST   cores per host: 0, 1, 0-1, 0+2 or all (default: host i gets core\n"
            "                 (i-1) mod <number of cores>)\n"
            "  --link LIST    link rate per host, e.g. 1gbit,100mbit ('none': unshaped)\n"
            "  --slots LIST   MPI slots per host (default: its number of cores)\n"
            "A leftover testbed (from a killed run) is removed first.\n"
            "\n"
            "down removes everything named like the testbed, with or without its state file.\n"
            "share applies a sharing scenario until SIGINT/SIGTERM (or --duration) and then\n"
            "removes it; see docs/harness.md for the scenario file format.\n",
            SKEL_TESTBED_MAX_HOSTS);
}

/* Split a comma list into nhosts values, or broadcast a single one. */
static int split_list(const char *opt, const char *arg, unsigned nhosts, char ***items)
{
    char *copy = strdup(arg);
    char **v = calloc(SKEL_TESTBED_MAX_HOSTS + 1, sizeof *v);
    unsigned n = 0;
    if (copy == NULL || v == NULL) {
        free(copy);
        free(v);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    char *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        if (n == SKEL_TESTBED_MAX_HOSTS) {
            free(copy);
            free(v);
            return skel_fail(SKEL_EUSAGE, "%s: more values than hosts", opt);
        }
        v[n++] = t;
    }
    if (n != 1 && n != nhosts) {
        free(copy);
        free(v);
        return skel_fail(SKEL_EUSAGE, "%s: %u values for %u hosts (give one value or one per host)",
                         opt, n, nhosts);
    }
    for (unsigned i = n; i < nhosts; i++)
        v[i] = v[0];
    /* v[nhosts] points at the buffer so that the caller can free both. */
    v[SKEL_TESTBED_MAX_HOSTS] = copy;
    *items = v;
    return SKEL_OK;
}

static void free_list(char **v)
{
    if (v != NULL) {
        free(v[SKEL_TESTBED_MAX_HOSTS]);
        free(v);
    }
}

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

static int cmd_up(int argc, char **argv)
{
    static const struct option opts[] = {{"hosts", required_argument, NULL, 'H'},
                                         {"cpu", required_argument, NULL, 'c'},
                                         {"cores", required_argument, NULL, 'C'},
                                         {"link", required_argument, NULL, 'l'},
                                         {"slots", required_argument, NULL, 's'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *cpu = NULL, *cores = NULL, *link = NULL, *slots = NULL;
    uint64_t nhosts = 0;
    int c, rc = SKEL_OK;
    char **items = NULL;
    struct skel_testbed_config cfg;
    skel_testbed *tb = NULL;
    memset(&cfg, 0, sizeof cfg);
    optind = 0;
    while ((c = getopt_long(argc, argv, "+H:h", opts, NULL)) != -1) {
        switch (c) {
        case 'H':
            if ((rc = skel_cli_parse_u64("--hosts", optarg, 1, SKEL_TESTBED_MAX_HOSTS, &nhosts)) !=
                SKEL_OK)
                return skel_cli_fail("testbed up", rc);
            break;
        case 'c':
            cpu = optarg;
            break;
        case 'C':
            cores = optarg;
            break;
        case 'l':
            link = optarg;
            break;
        case 's':
            slots = optarg;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("testbed", "invalid option");
        }
    }
    if (optind != argc)
        return skel_cli_usage_error("testbed", "unexpected argument '%s'", argv[optind]);
    if (nhosts == 0)
        return skel_cli_usage_error("testbed", "up: --hosts N is required");
    if (need_root("testbed up"))
        return skel_exit_status(SKEL_EUSAGE);
    cfg.nhosts = (unsigned)nhosts;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpu != NULL) {
        if ((rc = split_list("--cpu", cpu, cfg.nhosts, &items)) != SKEL_OK)
            goto out;
        for (unsigned i = 0; i < cfg.nhosts; i++) {
            if (strcmp(items[i], "full") == 0)
                continue;
            if ((rc = skel_cli_parse_double("--cpu", items[i], 0.0, 64.0, &cfg.cpu[i])) != SKEL_OK)
                goto out;
        }
        free_list(items);
        items = NULL;
    }
    if (cores != NULL) {
        if ((rc = split_list("--cores", cores, cfg.nhosts, &items)) != SKEL_OK)
            goto out;
        for (unsigned i = 0; i < cfg.nhosts; i++)
            if ((rc = skel_testbed_parse_cores(items[i], ncpu > 0 ? (unsigned)ncpu : 1,
                                               &cfg.cores[i])) != SKEL_OK)
                goto out;
        free_list(items);
        items = NULL;
    }
    if (link != NULL) {
        if ((rc = split_list("--link", link, cfg.nhosts, &items)) != SKEL_OK)
            goto out;
        for (unsigned i = 0; i < cfg.nhosts; i++)
            if (strcmp(items[i], "none") != 0 &&
                (rc = skel_testbed_parse_rate(items[i], &cfg.link_bps[i])) != SKEL_OK)
                goto out;
        free_list(items);
        items = NULL;
    }
    if (slots != NULL) {
        if ((rc = split_list("--slots", slots, cfg.nhosts, &items)) != SKEL_OK)
            goto out;
        for (unsigned i = 0; i < cfg.nhosts; i++) {
            uint64_t v;
            if ((rc = skel_cli_parse_u64("--slots", items[i], 1, 1024, &v)) != SKEL_OK)
                goto out;
            cfg.slots[i] = (unsigned)v;
        }
        free_list(items);
        items = NULL;
    }
    skel_proc_signals_install();
    int leftover = 0;
    rc = skel_testbed_up(&cfg, &tb, &leftover);
    if (leftover)
        fprintf(stderr, "skel testbed: removed a leftover testbed first\n");
    if (rc == SKEL_OK && skel_proc_interrupted()) {
        skel_testbed_down(NULL);
        skel_testbed_close(tb);
        return skel_proc_interrupt_status();
    }
    if (rc == SKEL_OK) {
        char desc[8192];
        if (skel_testbed_describe(desc, sizeof desc) == SKEL_OK)
            fputs(desc, stdout);
    }
out:
    free_list(items);
    skel_testbed_close(tb);
    if (rc == SKEL_EINTERRUPTED)
        return skel_proc_interrupt_status();
    return rc == SKEL_OK ? 0 : skel_cli_fail("testbed up", rc);
}

static int cmd_down(void)
{
    unsigned n = 0;
    if (need_root("testbed down"))
        return skel_exit_status(SKEL_EUSAGE);
    /* Finish the job even when interrupted: a half-removed testbed helps nobody. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    int rc = skel_testbed_down(&n);
    if (rc != SKEL_OK)
        return skel_cli_fail("testbed down", rc);
    printf(n ? "testbed down: removed %u objects\n" : "testbed down: nothing to remove\n", n);
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

static int cmd_share(int argc, char **argv)
{
    static const struct option opts[] = {{"scenario", required_argument, NULL, 'f'},
                                         {"name", required_argument, NULL, 'n'},
                                         {"duration", required_argument, NULL, 'd'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *file = NULL, *name = NULL;
    double duration = 0;
    int c, rc;
    optind = 0;
    while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
        switch (c) {
        case 'f':
            file = optarg;
            break;
        case 'n':
            name = optarg;
            break;
        case 'd':
            if ((rc = skel_cli_parse_double("--duration", optarg, 0.001, 1e7, &duration)) !=
                SKEL_OK)
                return skel_cli_fail("testbed share", rc);
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("testbed", "invalid option");
        }
    }
    if (file == NULL || name == NULL)
        return skel_cli_usage_error("testbed",
                                    "share: --scenario FILE and --name NAME are required");
    if (need_root("testbed share"))
        return skel_exit_status(SKEL_EUSAGE);
    struct skel_scenario_list *list = NULL;
    skel_testbed *tb = NULL;
    skel_scenario_applied *ap = NULL;
    if ((rc = skel_scenario_load(file, &list)) != SKEL_OK)
        goto out;
    const struct skel_scenario *sc = skel_scenario_find(list, name);
    if (sc == NULL) {
        rc = skel_fail(SKEL_ENOTFOUND, "%s: no scenario named '%s'", file, name);
        goto out;
    }
    if ((rc = skel_testbed_open(&tb)) != SKEL_OK)
        goto out;
    skel_proc_signals_install();
    if ((rc = skel_scenario_apply(sc, tb, &ap)) != SKEL_OK)
        goto out;
    const pid_t *pids;
    size_t np = skel_scenario_competitors(ap, &pids);
    printf("scenario '%s' applied (%zu competitor processes); %s\n", sc->name, np,
           duration > 0 ? "waiting for --duration or a signal" : "Ctrl-C or SIGTERM removes it");
    fflush(stdout);
    /* Wait for a signal (or the duration): sleep in short steps. */
    for (double waited = 0; !skel_proc_interrupted() && (duration <= 0 || waited < duration);
         waited += 0.05)
        usleep(50000);
out : {
    int e = skel_scenario_remove(ap);
    if (rc == SKEL_OK)
        rc = e;
    if (ap != NULL && e == SKEL_OK)
        printf("scenario '%s' removed\n", name);
}
    skel_testbed_close(tb);
    skel_scenario_list_free(list);
    if (skel_proc_interrupted())
        return rc == SKEL_OK ? skel_proc_interrupt_status() : skel_cli_fail("testbed share", rc);
    return rc == SKEL_OK ? 0 : skel_cli_fail("testbed share", rc);
}

int skel_cmd_testbed(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *verb = argv[1];
    if (strcmp(verb, "up") == 0)
        return cmd_up(argc - 1, argv + 1);
    if (strcmp(verb, "down") == 0)
        return argc == 2 ? cmd_down() : skel_cli_usage_error("testbed", "down takes no arguments");
    if (strcmp(verb, "status") == 0)
        return argc == 2 ? cmd_status()
                         : skel_cli_usage_error("testbed", "status takes no arguments");
    if (strcmp(verb, "share") == 0)
        return cmd_share(argc - 1, argv + 1);
    return skel_cli_usage_error("testbed", "unknown action '%s' (up, down, status, share)", verb);
}
