/* test_cgroup.c - the testbed's cgroups (runtime/harness/cgroup.c) against
 * synthetic trees: directories laid out like /sys/fs/cgroup, v1 (cpu and
 * cpuset hierarchies) and v2 (one unified hierarchy), the root passed in.
 * For each layout: which one is detected and where the testbed's groups go
 * (v2: the delegation root), and the paths and values written for a
 * testbed's hosts, for the sub-groups of a run, and for the competitors of
 * each of the paper's five sharing scenarios (runtime/scenarios/paper5.xml);
 * then that removing them kills what was placed in them and leaves nothing.
 * What ran on which machine is in docs/harness.md. */
#include <criterion/criterion.h>

#include "adir.h"
#include "cgroup.h"
#include "error.h"
#include "scenario.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char root[64];

static void setup(void)
{
    snprintf(root, sizeof root, "/tmp/skel-cgroup-XXXXXX");
    cr_assert_not_null(mkdtemp(root));
    unsetenv("SKEL_CGROUP_BASE");
}

static void teardown(void)
{
    skel_rmtree(root);
}

TestSuite(cgroup, .init = setup, .fini = teardown);

/* Make root/rel (and its parents) and write text into root/rel/file. */
static void put(const char *rel, const char *file, const char *text)
{
    char p[1024];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    for (char *s = p + strlen(root) + 1; *s; s++)
        if (*s == '/') {
            *s = '\0';
            mkdir(p, 0755);
            *s = '/';
        }
    mkdir(p, 0755);
    if (file == NULL)
        return;
    strcat(p, "/");
    strcat(p, file);
    FILE *f = fopen(p, "w");
    cr_assert_not_null(f, "%s: %s", p, strerror(errno));
    fputs(text, f);
    fclose(f);
}

/* The content of root/rel (trailing newline dropped); "<absent>" if none. */
static const char *get(const char *rel)
{
    static char buf[512];
    char p[2100];
    snprintf(p, sizeof p, "%s/%s", root, rel);
    FILE *f = fopen(p, "r");
    if (f == NULL)
        return "<absent>";
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    while (n > 0 && buf[n - 1] == '\n')
        buf[--n] = '\0';
    return buf;
}

static int exists(const char *rel)
{
    char p[2048];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", root, rel);
    return stat(p, &st) == 0;
}

/* A machine with cgroup v2 as on Debian 12, a root login shell in a session
 * scope that holds processes, its slice holding none. */
static void v2_tree(void)
{
    put("", "cgroup.controllers", "cpuset cpu io memory hugetlb pids rdma misc\n");
    put("", "cgroup.subtree_control", "memory pids\n");
    put("user.slice", "cgroup.subtree_control", "memory pids\n");
    put("user.slice", "cgroup.procs", "");
    put("user.slice/user-0.slice", "cgroup.subtree_control", "");
    put("user.slice/user-0.slice", "cgroup.procs", "");
    put("user.slice/user-0.slice/session-3.scope", "cgroup.procs", "812\n913\n");
}

static const char self_v2[] = "0::/user.slice/user-0.slice/session-3.scope\n";

/* A machine with the cgroup v1 cpu and cpuset hierarchies (as this one). */
static void v1_tree(void)
{
    put("cpu", NULL, NULL);
    put("cpuset", "cpuset.cpus", "0-3\n");
    put("cpuset", "cpuset.mems", "0\n");
}

Test(cgroup, detection)
{
    struct skel_cgroups cg;
    cr_assert_eq(skel_cgroups_detect(root, "", &cg), SKEL_EUNSUPPORTED, "an empty tree");
    cr_assert(strstr(skel_last_error(), "neither cgroup v2") != NULL, "%s", skel_last_error());

    v1_tree();
    cr_assert_eq(skel_cgroups_detect(root, "", &cg), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(cg.version, 1);
    cr_assert_str_eq(cg.root, root);

    v2_tree(); /* the unified hierarchy wins when both are there */
    cr_assert_eq(skel_cgroups_detect(root, self_v2, &cg), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(cg.version, 2);
    char want[256];
    snprintf(want, sizeof want, "%s/user.slice/user-0.slice", root);
    cr_assert_str_eq(cg.base, want, "the nearest cgroup without processes of its own");

    /* A process in the root cgroup: the root itself. */
    cr_assert_eq(skel_cgroups_detect(root, "0::/\n", &cg), SKEL_OK);
    cr_assert_str_eq(cg.base, root);
    /* A path this tree does not have (another mount namespace): up to the root. */
    cr_assert_eq(skel_cgroups_detect(root, "0::/machine.slice/x\n", &cg), SKEL_OK);
    cr_assert_str_eq(cg.base, root);
    /* A delegated cgroup named by the environment. */
    snprintf(want, sizeof want, "%s/user.slice", root);
    setenv("SKEL_CGROUP_BASE", want, 1);
    cr_assert_eq(skel_cgroups_detect(root, self_v2, &cg), SKEL_OK);
    cr_assert_str_eq(cg.base, want);
    setenv("SKEL_CGROUP_BASE", "/etc", 1);
    cr_assert_eq(skel_cgroups_detect(root, self_v2, &cg), SKEL_EUSAGE);
    unsetenv("SKEL_CGROUP_BASE");

    /* v2 without the controllers the testbed needs. */
    put("", "cgroup.controllers", "io memory pids\n");
    cr_assert_eq(skel_cgroups_detect(root, self_v2, &cg), SKEL_EUNSUPPORTED);
    cr_assert(strstr(skel_last_error(), "cpu and cpuset") != NULL, "%s", skel_last_error());
}

Test(cgroup, format_and_parse)
{
    struct skel_cgroups cg, back;
    char text[512], base[256];
    v2_tree();
    cr_assert_eq(skel_cgroups_detect(root, self_v2, &cg), SKEL_OK);
    skel_cgroups_format(&cg, text, sizeof text);
    snprintf(base, sizeof base, "v2 %s/user.slice/user-0.slice", root);
    cr_assert_str_eq(text, base);
    cr_assert_eq(skel_cgroups_parse(text, root, &back), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(back.version, 2);
    cr_assert_str_eq(back.base, cg.base);
    cr_assert_eq(skel_cgroups_parse("v1", root, &back), SKEL_OK);
    cr_assert_eq(back.version, 1);
    cr_assert_eq(skel_cgroups_parse("v3", root, &back), SKEL_EFORMAT);
    cr_assert_eq(skel_cgroups_parse("v2 /tmp", root, &back), SKEL_EFORMAT);
}

/* The hosts of a testbed: host 1 a quarter of a core on core 1, host 2 no
 * quota on cores 0-1, host 3 two cores' quota on cores 2+3. */
static void make_hosts(const struct skel_cgroups *cg)
{
    cr_assert_eq(skel_cgroups_make_instance(cg, 17, 3), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_cgroups_make_host(cg, 17, 1, 0.25, 0x2), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_cgroups_make_host(cg, 17, 2, 0, 0x3), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_cgroups_make_host(cg, 17, 3, 2, 0xc), SKEL_OK, "%s", skel_last_error());
}

Test(cgroup, v2_testbed_values)
{
    struct skel_cgroups cg;
    v2_tree();
    cr_assert_eq(skel_cgroups_detect(root, self_v2, &cg), SKEL_OK);
    make_hosts(&cg);
    /* The controllers are offered from the root down to the delegation root
     * and below the instance; what was enabled already stays. */
    cr_assert_str_eq(get("cgroup.subtree_control"), "+cpu +cpuset");
    cr_assert_str_eq(get("user.slice/cgroup.subtree_control"), "+cpu +cpuset");
    cr_assert_str_eq(get("user.slice/user-0.slice/cgroup.subtree_control"), "+cpu +cpuset");
    cr_assert_str_eq(get("user.slice/user-0.slice/skel17/cgroup.subtree_control"), "+cpu +cpuset");
    cr_assert_str_eq(get("user.slice/user-0.slice/skel17/cpu.weight"), "300",
                     "three hosts weigh as three machines");
    cr_assert(!exists("user.slice/user-0.slice/session-3.scope/skel17"),
              "nothing under the session scope, which holds processes");
    const char *h = "user.slice/user-0.slice/skel17";
    char p[256];
    snprintf(p, sizeof p, "%s/h1/cpu.max", h);
    cr_assert_str_eq(get(p), "2500 10000");
    snprintf(p, sizeof p, "%s/h1/cpuset.cpus", h);
    cr_assert_str_eq(get(p), "1");
    snprintf(p, sizeof p, "%s/h2/cpu.max", h);
    cr_assert_str_eq(get(p), "max 10000");
    snprintf(p, sizeof p, "%s/h2/cpuset.cpus", h);
    cr_assert_str_eq(get(p), "0-1");
    snprintf(p, sizeof p, "%s/h3/cpu.max", h);
    cr_assert_str_eq(get(p), "20000 10000");
    snprintf(p, sizeof p, "%s/h3/cpuset.cpus", h);
    cr_assert_str_eq(get(p), "2-3");
    snprintf(p, sizeof p, "%s/h1/cgroup.subtree_control", h);
    cr_assert(!exists(p), "no controller below a host: its sub-groups share its limits");
    cr_assert(!exists("cpu/skel17") && !exists("cpuset/skel17"), "no v1 paths on v2");

    /* Already enabled: nothing is written again. */
    put("user.slice", "cgroup.subtree_control", "cpuset cpu memory pids\n");
    cr_assert_eq(skel_cgroups_make_instance(&cg, 18, 1), SKEL_OK);
    cr_assert_str_eq(get("user.slice/cgroup.subtree_control"), "cpuset cpu memory pids");
}

Test(cgroup, v1_testbed_values)
{
    struct skel_cgroups cg;
    v1_tree();
    cr_assert_eq(skel_cgroups_detect(root, "", &cg), SKEL_OK);
    make_hosts(&cg);
    cr_assert_str_eq(get("cpuset/skel17/cpuset.cpus"), "0-3", "the instance gets the machine's");
    cr_assert_str_eq(get("cpuset/skel17/cpuset.mems"), "0");
    cr_assert_str_eq(get("cpuset/skel17/cgroup.clone_children"), "1");
    cr_assert_str_eq(get("cpu/skel17/cpu.shares"), "3072", "three hosts weigh as three machines");
    cr_assert_str_eq(get("cpu/skel17/h1/cpu.cfs_period_us"), "10000");
    cr_assert_str_eq(get("cpu/skel17/h1/cpu.cfs_quota_us"), "2500");
    cr_assert_str_eq(get("cpu/skel17/h2/cpu.cfs_quota_us"), "-1");
    cr_assert_str_eq(get("cpu/skel17/h3/cpu.cfs_quota_us"), "20000");
    cr_assert_str_eq(get("cpuset/skel17/h1/cpuset.cpus"), "1");
    cr_assert_str_eq(get("cpuset/skel17/h1/cpuset.mems"), "0");
    cr_assert_str_eq(get("cpuset/skel17/h1/cgroup.clone_children"), "1");
    cr_assert_str_eq(get("cpuset/skel17/h2/cpuset.cpus"), "0-1");
    cr_assert_str_eq(get("cpuset/skel17/h3/cpuset.cpus"), "2-3");
    /* The smallest quota the kernel takes is 1 ms. */
    cr_assert_eq(skel_cgroups_make_host(&cg, 17, 4, 0.01, 0x1), SKEL_OK);
    cr_assert_str_eq(get("cpu/skel17/h4/cpu.cfs_quota_us"), "1000");
}

/* A child that sleeps until killed. */
static pid_t sleeper(void)
{
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* gone with the test, whatever it asserts */
        for (;;)
            pause();
    }
    return pid;
}

/* The sub-groups of a run and of each of the paper's scenarios: their paths,
 * the pids written into them, and that removing them kills those. */
static void scenarios(const struct skel_cgroups *cg, const char *top)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/runtime/scenarios/paper5.xml", SKEL_SOURCE_DIR);
    struct skel_scenario_list *list;
    cr_assert_eq(skel_scenario_load(path, &list), SKEL_OK, "%s", skel_last_error());
    static const struct {
        const char *name;
        unsigned procs[3]; /* competitors on hosts 1, 2 (a 2-host testbed) */
        uint64_t bps[3];   /* link rate on hosts 1, 2 */
    } want[] = {
        {"dedicated", {0, 0, 0}, {0, 0, 0}},
        {"cpu-one", {0, 2, 0}, {0, 0, 0}},
        {"cpu-all", {0, 2, 2}, {0, 0, 0}},
        {"link-one", {0, 0, 0}, {0, 10000000, 0}},
        {"link-all", {0, 0, 0}, {0, 10000000, 10000000}},
        {"cpu-one-link-one", {0, 2, 0}, {0, 10000000, 0}},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const struct skel_scenario *sc = skel_scenario_find(list, want[k].name);
        cr_assert_not_null(sc, "%s", want[k].name);
        unsigned procs[SKEL_TESTBED_MAX_HOSTS + 1];
        uint64_t bps[SKEL_TESTBED_MAX_HOSTS + 1];
        skel_scenario_plan(sc, 2, procs, bps);
        pid_t pids[8];
        size_t np = 0;
        for (unsigned h = 1; h <= 2; h++) {
            cr_assert_eq(procs[h], want[k].procs[h], "%s: host %u competitors", sc->name, h);
            cr_assert_eq(bps[h], want[k].bps[h], "%s: host %u rate", sc->name, h);
            if (procs[h] == 0)
                continue;
            cr_assert_eq(skel_cgroups_make_sub(cg, 17, h, "compete.4242"), SKEL_OK, "%s",
                         skel_last_error());
            char listed[256] = "";
            for (unsigned i = 0; i < procs[h]; i++) {
                pids[np] = sleeper();
                cr_assert_eq(skel_cgroups_join(cg, 17, h, "compete.4242", pids[np]), SKEL_OK);
                snprintf(listed + strlen(listed), sizeof listed - strlen(listed), "%s%d",
                         i ? "\n" : "", (int)pids[np]);
                np++;
            }
            /* The same pids in every hierarchy the testbed uses. */
            const char *hier[] = {"cpu", "cpuset"};
            for (int i = 0; i < (cg->version == 2 ? 1 : 2); i++) {
                snprintf(path, sizeof path, "%s/h%u/compete.4242/cgroup.procs",
                         cg->version == 2 ? top : (i == 0 ? "cpu/skel17" : "cpuset/skel17"), h);
                (void)hier;
                cr_assert_str_eq(get(path), listed, "%s: %s", sc->name, path);
            }
            cr_assert_eq(skel_cgroups_count(cg, 17, h), procs[h]);
        }
        for (unsigned h = 1; h <= 2; h++)
            if (procs[h])
                cr_assert_eq(skel_cgroups_remove(cg, 17, h, "compete.4242", NULL), SKEL_OK, "%s",
                             skel_last_error());
        /* Killed, and reaped (they are this process's children). */
        for (size_t i = 0; i < np; i++)
            cr_assert(kill(pids[i], 0) != 0 && errno == ESRCH, "%s: competitor %d not killed",
                      sc->name, (int)pids[i]);
        snprintf(path, sizeof path, "%s/h1/compete.4242", cg->version == 2 ? top : "cpu/skel17");
        cr_assert(!exists(path), "%s: %s left", sc->name, path);
    }
    skel_scenario_list_free(list);

    /* A run's sub-group: its ranks' launcher joins it. */
    pid_t r = sleeper();
    cr_assert_eq(skel_cgroups_make_sub(cg, 17, 2, "run.99"), SKEL_OK);
    cr_assert_eq(skel_cgroups_join(cg, 17, 2, "run.99", r), SKEL_OK);
    char p2[256], want_pid[32];
    snprintf(p2, sizeof p2, "%s/h2/run.99/cgroup.procs", cg->version == 2 ? top : "cpuset/skel17");
    snprintf(want_pid, sizeof want_pid, "%d", (int)r);
    cr_assert_str_eq(get(p2), want_pid);
    cr_assert_eq(skel_cgroups_make_sub(cg, 17, 9, "run.99"), SKEL_ESTATE, "no host 9");
    cr_assert_eq(skel_cgroups_make_sub(cg, 17, 2, "../x"), SKEL_EUSAGE);
    /* The whole instance: the run's process is killed, nothing is left. */
    unsigned removed = 0;
    cr_assert_eq(skel_cgroups_remove(cg, 17, 0, NULL, &removed), SKEL_OK, "%s", skel_last_error());
    cr_assert(kill(r, 0) != 0 && errno == ESRCH, "the run's process was not killed");
    cr_assert_geq(removed, 4u);
    snprintf(p2, sizeof p2, "%s", cg->version == 2 ? top : "cpu/skel17");
    cr_assert(!exists(p2), "%s left", p2);
    cr_assert(!exists("cpuset/skel17"));
}

Test(cgroup, v2_scenarios)
{
    struct skel_cgroups cg;
    v2_tree();
    cr_assert_eq(skel_cgroups_detect(root, self_v2, &cg), SKEL_OK);
    make_hosts(&cg);
    scenarios(&cg, "user.slice/user-0.slice/skel17");
}

Test(cgroup, v1_scenarios)
{
    struct skel_cgroups cg;
    v1_tree();
    cr_assert_eq(skel_cgroups_detect(root, "", &cg), SKEL_OK);
    make_hosts(&cg);
    scenarios(&cg, NULL);
}
