/* test_launch.c - launch vectors, statistics and CSV of `skel run` (no MPI
 * job is started here; tests/e2e/test_harness_*.sh do that). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "launch.h"
#include "nodeset.h"

static struct skel_nodeset_list *hosts(const char *text)
{
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_parse_hostfile(text, strlen(text), "hosts", &l), SKEL_OK, "%s",
                 skel_last_error());
    return l;
}

/* The vector joined by blanks. */
static char *joined(char **v)
{
    static char buf[8192];
    buf[0] = '\0';
    for (size_t i = 0; v[i]; i++) {
        if (i)
            strcat(buf, " ");
        strcat(buf, v[i]);
    }
    return buf;
}

static char *const cmd[] = {"./app", "-x", "1", NULL};

Test(launch, argv_local)
{
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_local(2, &l), SKEL_OK);
    struct skel_launch_spec s = {.nodes = &l->sets[0], .nranks = 4, .argv = cmd};
    char **a, **e;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(joined(a), "mpiexec.mpich -launcher fork -n 4 ./app -x 1");
    cr_assert_null(e[0]);
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    skel_nodeset_list_free(l);
}

Test(launch, argv_hosts_with_preload_and_env)
{
    struct skel_nodeset_list *l = hosts("n1:2\nn2:2\n");
    const char *pre[] = {"/opt/skel/libskeltrace.so", NULL};
    const char *env[] = {"SKEL_TRACE_DIR=/tmp/t", "A=b=c", NULL};
    struct skel_launch_spec s = {.nodes = &l->sets[0],
                                 .nranks = 3,
                                 .argv = cmd,
                                 .yield = 1,
                                 .finalize_shim = SKEL_LAUNCH_SHIM_ON,
                                 .preload = pre,
                                 .env = env,
                                 .tools = {.mpiexec = "/usr/bin/mpiexec.mpich",
                                           .shim_yield = "/l/libskelshim-yield.so",
                                           .shim_finalize = "/l/libskelshim-finalize.so"}};
    char **a, **e;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(joined(a),
                     "/usr/bin/mpiexec.mpich -hosts n1:2,n2:2 -n 3 -genv LD_PRELOAD "
                     "/opt/skel/libskeltrace.so:/l/libskelshim-yield.so:/l/libskelshim-finalize.so "
                     "-genv SKEL_TRACE_DIR /tmp/t -genv A b=c ./app -x 1");
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    skel_nodeset_list_free(l);
}

Test(launch, argv_testbed_auto_finalize_shim)
{
    struct skel_nodeset_list *l = hosts("10.77.0.1:2\n10.77.0.2:1\n");
    struct skel_launch_spec s = {
        .nodes = &l->sets[0],
        .nranks = 3,
        .argv = cmd,
        .tools = {.nsexec = "/b/skel-nsexec", .shim_finalize = "/l/libskelshim-finalize.so"}};
    char **a, **e;
    cr_assert_eq(skel_launch_build_argv(&s, "run.42", &a, &e), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(joined(a),
                     "mpiexec.mpich -launcher rsh -launcher-exec /b/skel-nsexec -localhost "
                     "10.77.0.254 -hosts 10.77.0.1:2,10.77.0.2:1 -n 3 -genv UCX_TLS tcp,self "
                     "-genv UCX_NET_DEVICES eth0 -genv LD_PRELOAD /l/libskelshim-finalize.so "
                     "./app -x 1");
    cr_assert_str_eq(joined(e), "SKEL_RUN_CGROUP=run.42");
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    /* off means off; one rank needs no work-around */
    s.finalize_shim = SKEL_LAUNCH_SHIM_OFF;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK);
    cr_assert_null(strstr(joined(a), "LD_PRELOAD"));
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    s.finalize_shim = SKEL_LAUNCH_SHIM_AUTO;
    s.nranks = 1;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK);
    cr_assert_null(strstr(joined(a), "LD_PRELOAD"));
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    /* no launcher: refused */
    s.tools.nsexec = NULL;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_EUSAGE);
    skel_nodeset_list_free(l);
}

Test(launch, argv_slurm)
{
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_from_slurm("c[1-2]", "2(x2)", &l), SKEL_OK);
    const char *env[] = {"X=1", NULL};
    struct skel_launch_spec s = {.nodes = &l->sets[0],
                                 .nranks = 4,
                                 .argv = cmd,
                                 .yield = 1,
                                 .env = env,
                                 .tools = {.shim_yield = "/l/y.so"}};
    char **a, **e;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(joined(a), "srun --mpi=pmi2 --ntasks 4 --nodes=2 --nodelist c1,c2 --export "
                                "ALL,LD_PRELOAD=/l/y.so ./app -x 1");
    cr_assert_str_eq(joined(e), "X=1");
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    /* Open MPI ranks get PMIx (and no MPICH shim); a plugin chosen through
     * SLURM_MPI_TYPE is left to srun. */
    s.mpi = SKEL_MPI_OPENMPI;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(joined(a), "srun --mpi=pmix --ntasks 4 --nodes=2 --nodelist c1,c2 ./app -x 1");
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    setenv("SLURM_MPI_TYPE", "pmix_v4", 1);
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    unsetenv("SLURM_MPI_TYPE");
    cr_assert_str_eq(joined(a), "srun --ntasks 4 --nodes=2 --nodelist c1,c2 ./app -x 1");
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    skel_nodeset_list_free(l);
}

/* The launcher follows the program's MPI: Open MPI's mpirun, its -x for the
 * environment, --oversubscribe only beyond the slots, never MPICH's shims. */
Test(launch, argv_openmpi)
{
    const char *root = geteuid() == 0 ? " --allow-run-as-root" : "";
    char want[1024];
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_local(2, &l), SKEL_OK);
    const char *env[] = {"A=b=c", NULL};
    struct skel_launch_spec s = {.nodes = &l->sets[0],
                                 .nranks = 2,
                                 .argv = cmd,
                                 .env = env,
                                 .mpi = SKEL_MPI_OPENMPI,
                                 .yield = 1,
                                 .finalize_shim = SKEL_LAUNCH_SHIM_AUTO,
                                 .tools = {.shim_finalize = "/l/f.so", .shim_yield = "/l/y.so"}};
    char **a, **e;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    snprintf(want, sizeof want,
             "mpirun.openmpi%s --mca mpi_yield_when_idle 1 -n 2 -x A=b=c ./app -x 1", root);
    cr_assert_str_eq(joined(a), want);
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    s.nranks = 3;
    s.yield = 0;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    snprintf(want, sizeof want, "mpirun.openmpi%s --oversubscribe -n 3 -x A=b=c ./app -x 1", root);
    cr_assert_str_eq(joined(a), want);
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    /* The finalize shim is MPICH's: asking for it with Open MPI is refused. */
    s.finalize_shim = SKEL_LAUNCH_SHIM_ON;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_EUSAGE);
    cr_assert(strstr(skel_last_error(), "Open MPI") != NULL, "%s", skel_last_error());
    skel_nodeset_list_free(l);

    /* The testbed: skel-nsexec as the rsh agent, TCP on eth0, a preload. */
    l = hosts("10.77.0.1:1\n10.77.0.2:1\n");
    const char *pre[] = {"/t/libskeltrace-openmpi.so", NULL};
    struct skel_launch_spec t = {
        .nodes = &l->sets[0],
        .nranks = 2,
        .argv = cmd,
        .preload = pre,
        .mpi = SKEL_MPI_OPENMPI,
        .tools = {.nsexec = "/b/skel-nsexec", .shim_finalize = "/l/libskelshim-finalize.so"}};
    cr_assert_eq(skel_launch_build_argv(&t, "run.7", &a, &e), SKEL_OK, "%s", skel_last_error());
    snprintf(want, sizeof want,
             "mpirun.openmpi%s --mca plm_rsh_agent /b/skel-nsexec --mca plm_rsh_no_tree_spawn 1 "
             "--mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include eth0 --mca "
             "oob_tcp_if_include 10.77.0.0/24 -H 10.77.0.1:1,10.77.0.2:1 -n 2 -x "
             "LD_PRELOAD=/t/libskeltrace-openmpi.so ./app -x 1",
             root);
    cr_assert_str_eq(joined(a), want);
    cr_assert_str_eq(joined(e), "SKEL_RUN_CGROUP=run.7");
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    /* A launcher given by name decides the style, whatever the program. */
    t.mpi = SKEL_MPI_UNKNOWN;
    t.tools.mpiexec = "/opt/ompi/bin/mpirun.openmpi";
    cr_assert_eq(skel_launch_style_of(&t), SKEL_LAUNCH_OPENMPI);
    t.tools.mpiexec = "mpiexec.hydra";
    cr_assert_eq(skel_launch_style_of(&t), SKEL_LAUNCH_HYDRA);
    /* srun cannot start ranks in testbed namespaces. */
    t.tools.mpiexec = "srun";
    cr_assert_eq(skel_launch_build_argv(&t, NULL, &a, &e), SKEL_EUSAGE);
    skel_nodeset_list_free(l);
}

/* A hostfile of an allocation's nodes, launched with a srun launcher. */
Test(launch, argv_hostfile_with_srun)
{
    struct skel_nodeset_list *l = hosts("n1:2\n");
    struct skel_launch_spec s = {
        .nodes = &l->sets[0], .nranks = 2, .argv = cmd, .tools = {.mpiexec = "srun"}};
    char **a, **e;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(joined(a), "srun --mpi=pmi2 --ntasks 2 --nodes=1 --nodelist n1 ./app -x 1");
    skel_launch_argv_free(a);
    skel_launch_argv_free(e);
    skel_nodeset_list_free(l);
}

Test(launch, argv_refusals)
{
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_local(2, &l), SKEL_OK);
    char **a, **e;
    const char *bad_pre[] = {"/a b/lib.so", NULL};
    const char *bad_env[] = {"NOVALUE", NULL};
    char *const empty[] = {NULL};
    struct skel_launch_spec s = {
        .nodes = &l->sets[0], .nranks = 2, .argv = cmd, .preload = bad_pre};
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_EUSAGE);
    s.preload = NULL;
    s.env = bad_env;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_EUSAGE);
    s.env = NULL;
    s.yield = 1; /* no shim path */
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_EUSAGE);
    s.yield = 0;
    s.argv = empty;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_EUSAGE);
    s.argv = cmd;
    s.nranks = 0;
    cr_assert_eq(skel_launch_build_argv(&s, NULL, &a, &e), SKEL_EUSAGE);
    skel_nodeset_list_free(l);
}

Test(launch, stats)
{
    struct skel_launch_stats st;
    const double v[] = {5.0, 1.0, 3.0, 2.0, 4.0};
    skel_launch_stats(v, 5, &st);
    cr_assert_eq(st.n, 5);
    cr_assert_float_eq(st.median_s, 3.0, 1e-12);
    cr_assert_float_eq(st.min_s, 1.0, 1e-12);
    cr_assert_float_eq(st.max_s, 5.0, 1e-12);
    cr_assert_float_eq(st.q1_s, 2.0, 1e-12);
    cr_assert_float_eq(st.q3_s, 4.0, 1e-12);
    cr_assert_float_eq(st.mad_s, 1.0, 1e-12);
    cr_assert_float_eq(st.mean_s, 3.0, 1e-12);
    const double w[] = {1.0, 2.0, 10.0, 4.0};
    skel_launch_stats(w, 4, &st);
    cr_assert_float_eq(st.median_s, 3.0, 1e-12);
    cr_assert_float_eq(st.mad_s, 1.5, 1e-12); /* deviations 2,1,7,1 -> 1,1,2,7 */
    skel_launch_stats(w, 1, &st);
    cr_assert_float_eq(st.median_s, 1.0, 1e-12);
    cr_assert_float_eq(st.mad_s, 0.0, 1e-12);
    skel_launch_stats(NULL, 0, &st);
    cr_assert_eq(st.n, 0);
}

Test(launch, csv)
{
    char dir[] = "/tmp/skel-csv-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/out.csv", dir);
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_local(2, &l), SKEL_OK);
    char *const c2[] = {"./app", "a,b", "say \"hi\"", NULL};
    struct skel_launch_spec s = {.nodes = &l->sets[0], .nranks = 2, .argv = c2, .label = "local"};
    struct skel_launch_repeat reps[3] = {
        {1.5, SKEL_LAUNCH_OK, 0}, {2.5, SKEL_LAUNCH_OK, 0}, {9.0, SKEL_LAUNCH_TIMEOUT, 0}};
    struct skel_launch_result r = {.nrepeat = 3, .repeat = reps};
    const double ok[] = {1.5, 2.5};
    skel_launch_stats(ok, 2, &r.stats);
    cr_assert_eq(skel_launch_write_csv(path, &s, &r), SKEL_OK, "%s", skel_last_error());
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    char line[1024];
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert_str_eq(line, "kind,repeat,wall_s,outcome,status,median_s,min_s,max_s,mad_s,q1_s,"
                           "q3_s,nodes,nranks,scenario,command\n");
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert_str_eq(line, "run,1,1.500000,ok,0,,,,,,,local,2,,\"./app a,b say \"\"hi\"\"\"\n");
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert(strncmp(line, "run,3,9.000000,timeout,", 23) == 0, "%s", line);
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert(
        strncmp(line, "summary,2,2.000000,failed,,2.000000,1.500000,2.500000,0.500000,", 62) == 0,
        "%s", line);
    cr_assert_null(fgets(line, sizeof line, f));
    fclose(f);
    /* no temporary file left behind; an unwritable place fails cleanly */
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        cr_assert(strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
                      strcmp(e->d_name, "out.csv") == 0,
                  "left behind: %s", e->d_name);
    closedir(d);
    cr_assert_eq(skel_launch_write_csv("/nonexistent-dir/x.csv", &s, &r), SKEL_EIO);
    unlink(path);
    rmdir(dir);
    skel_nodeset_list_free(l);
}

Test(launch, run_refusals)
{
    struct skel_nodeset_list *l = hosts("10.77.0.1\n");
    struct skel_launch_spec s = {.nodes = &l->sets[0], .nranks = 1, .argv = cmd};
    struct skel_launch_result r;
    cr_assert_eq(skel_launch_run(&s, &r), SKEL_ENOTFOUND); /* testbed set, no testbed */
    cr_assert_eq(r.nrepeat, 0);
    skel_launch_result_free(&r);
    skel_nodeset_list_free(l);
}

Test(launch, run_local_program)
{
    /* A non-MPI command runs under mpiexec's fork launcher like any other. */
    struct skel_nodeset_list *l = NULL;
    cr_assert_eq(skel_nodeset_local(1, &l), SKEL_OK);
    char *const ok[] = {"true", NULL};
    char *const fail[] = {"false", NULL};
    char *const slow[] = {"sleep", "30", NULL};
    struct skel_launch_spec s = {.nodes = &l->sets[0],
                                 .nranks = 1,
                                 .argv = ok,
                                 .repeat = 3,
                                 .stdout_path = "/dev/null",
                                 .stderr_path = "/dev/null"};
    struct skel_launch_result r;
    cr_assert_eq(skel_launch_run(&s, &r), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(r.nrepeat, 3);
    cr_assert_eq(r.stats.n, 3);
    cr_assert(r.stats.min_s > 0 && r.stats.min_s <= r.stats.median_s);
    skel_launch_result_free(&r);
    s.argv = fail;
    cr_assert_eq(skel_launch_run(&s, &r), SKEL_EEXEC);
    cr_assert_eq(r.nrepeat, 1); /* stops at the first failure */
    cr_assert_eq(r.repeat[0].outcome, SKEL_LAUNCH_EXIT);
    cr_assert_eq(r.repeat[0].status, 1);
    skel_launch_result_free(&r);
    s.argv = slow;
    s.repeat = 1;
    s.timeout_s = 0.5;
    cr_assert_eq(skel_launch_run(&s, &r), SKEL_ETIMEOUT);
    cr_assert_eq(r.repeat[0].outcome, SKEL_LAUNCH_TIMEOUT);
    skel_launch_result_free(&r);
    skel_nodeset_list_free(l);
}
