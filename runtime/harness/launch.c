/* launch.c - run a command on a node set, time it, summarise, write CSV. */
#include "launch.h"

#include "afile.h"
#include "csv.h"
#include "elfdeps.h"
#include "error.h"
#include "grow.h"
#include "proc.h"
#include "throttle.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define KILL_GRACE_S 2.0

/* ---- vectors ------------------------------------------------------------ */

struct vec {
    char **v;
    size_t n, cap;
    int oom;
};

static void vec_push(struct vec *x, const char *s)
{
    if (x->oom)
        return;
    if (skel_grow(&x->v, &x->cap, x->n + 2, sizeof *x->v) != SKEL_OK) {
        x->oom = 1;
        return;
    }
    char *d = strdup(s);
    if (d == NULL) {
        x->oom = 1;
        return;
    }
    x->v[x->n++] = d;
    x->v[x->n] = NULL;
}

static void vec_pushf(struct vec *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void vec_pushf(struct vec *x, const char *fmt, ...)
{
    char buf[PATH_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= sizeof buf) {
        x->oom = 1;
        return;
    }
    vec_push(x, buf);
}

void skel_launch_argv_free(char **v)
{
    if (v == NULL)
        return;
    for (size_t i = 0; v[i]; i++)
        free(v[i]);
    free(v);
}

static char **vec_finish(struct vec *x)
{
    if (x->v == NULL && !x->oom) {
        x->v = calloc(1, sizeof *x->v);
        if (x->v == NULL)
            x->oom = 1;
    }
    if (x->oom) {
        skel_launch_argv_free(x->v);
        x->v = NULL;
    }
    return x->v;
}

/* Append s to buf (joined with sep), bounded. */
static int join_into(char *buf, size_t buflen, const char *sep, const char *s)
{
    size_t len = strlen(buf);
    int w = snprintf(buf + len, buflen - len, "%s%s", len ? sep : "", s);
    return w < 0 || (size_t)w >= buflen - len ? -1 : 0;
}

static int use_finalize_shim(const struct skel_launch_spec *s)
{
    if (skel_launch_mpi(s) != SKEL_MPI_MPICH)
        return 0;
    switch (s->finalize_shim) {
    case SKEL_LAUNCH_SHIM_ON:
        return 1;
    case SKEL_LAUNCH_SHIM_OFF:
        return 0;
    case SKEL_LAUNCH_SHIM_AUTO:
    default:
        return s->tools.shim_finalize != NULL && s->nodes != NULL &&
               s->nodes->kind == SKEL_NODESET_TESTBED && s->nranks >= 2 &&
               skel_launch_style_of(s) == SKEL_LAUNCH_HYDRA;
    }
}

enum skel_mpi_flavor skel_launch_mpi(const struct skel_launch_spec *s)
{
    return s->mpi != SKEL_MPI_UNKNOWN ? s->mpi : SKEL_MPI_MPICH;
}

enum skel_launch_style skel_launch_style_of(const struct skel_launch_spec *s)
{
    if (s->nodes != NULL && s->nodes->kind == SKEL_NODESET_SLURM && s->tools.mpiexec == NULL)
        return SKEL_LAUNCH_SRUN;
    if (s->tools.mpiexec != NULL) {
        const char *st = skel_launcher_style(s->tools.mpiexec);
        if (strcmp(st, "hydra") == 0)
            return SKEL_LAUNCH_HYDRA;
        if (strcmp(st, "openmpi") == 0)
            return SKEL_LAUNCH_OPENMPI;
        if (strcmp(st, "srun") == 0)
            return SKEL_LAUNCH_SRUN;
    }
    return skel_launch_mpi(s) == SKEL_MPI_OPENMPI ? SKEL_LAUNCH_OPENMPI : SKEL_LAUNCH_HYDRA;
}

const char *skel_launch_style_name(enum skel_launch_style st)
{
    return st == SKEL_LAUNCH_OPENMPI ? "Open MPI's mpirun"
           : st == SKEL_LAUNCH_SRUN  ? "srun"
                                     : "Hydra's mpiexec";
}

/* Check what the spec asks for and build the ranks' LD_PRELOAD into preload
 * (tools first, then the shims beneath them). */
static int check_spec(const struct skel_launch_spec *s, char *preload, size_t cap)
{
    if (s->nodes == NULL || s->nodes->nnodes == 0)
        return skel_fail(SKEL_EUSAGE, "launch: no node set");
    if (s->nranks < 1)
        return skel_fail(SKEL_EUSAGE, "launch: the number of ranks must be at least 1");
    if (s->argv == NULL || s->argv[0] == NULL || s->argv[0][0] == '\0')
        return skel_fail(SKEL_EUSAGE, "launch: no command to run");
    const char *libs[64];
    size_t nlibs = 0;
    for (size_t i = 0; s->preload != NULL && s->preload[i] != NULL && nlibs < 60; i++)
        libs[nlibs++] = s->preload[i];
    /* The shims are built against MPICH: loaded into an Open MPI program they
     * would bring a second MPI library in.  Open MPI yields by itself when
     * told to (mpi_yield_when_idle, set by launcher_words). */
    int mpich = skel_launch_mpi(s) == SKEL_MPI_MPICH;
    if (s->finalize_shim == SKEL_LAUNCH_SHIM_ON && !mpich)
        return skel_fail(SKEL_EUSAGE,
                         "launch: the finalize shim is MPICH's work-around; the "
                         "program uses %s",
                         skel_mpi_flavor_title(skel_launch_mpi(s)));
    if (s->yield && !mpich) {
        /* Open MPI: --mca mpi_yield_when_idle 1 instead of the shim. */
    } else if (s->yield) {
        if (s->tools.shim_yield == NULL)
            return skel_fail(SKEL_EUSAGE, "launch: the yield shim was asked for but its path is "
                                          "unknown");
        libs[nlibs++] = s->tools.shim_yield;
    }
    if (use_finalize_shim(s)) {
        if (s->tools.shim_finalize == NULL)
            return skel_fail(SKEL_EUSAGE, "launch: the finalize shim was asked for but its path "
                                          "is unknown");
        libs[nlibs++] = s->tools.shim_finalize;
    }
    preload[0] = '\0';
    for (size_t i = 0; i < nlibs; i++) {
        if (libs[i][0] == '\0' || strpbrk(libs[i], ": \t\n,") != NULL)
            return skel_fail(SKEL_EUSAGE,
                             "launch: cannot preload '%s': LD_PRELOAD entries may "
                             "not contain ':', ',' or blanks",
                             libs[i]);
        if (join_into(preload, cap, ":", libs[i]) != 0)
            return skel_fail(SKEL_ERANGE, "launch: LD_PRELOAD too long");
    }
    for (size_t i = 0; s->env != NULL && s->env[i] != NULL; i++) {
        const char *eq = strchr(s->env[i], '=');
        if (eq == NULL || eq == s->env[i])
            return skel_fail(SKEL_EUSAGE, "launch: environment entry '%s' is not NAME=VALUE",
                             s->env[i]);
    }
    return SKEL_OK;
}

/* The name a node is launched on: a testbed host by its instance's address. */
static const char *node_name(const struct skel_launch_spec *s, const struct skel_node *n)
{
    const struct skel_testbed_host *h =
        n->testbed_id != 0 ? skel_testbed_host(s->testbed, n->testbed_id) : NULL;
    return h != NULL ? h->addr : n->name;
}

/* The testbed's address and subnet (10.77.X.254, 10.77.X.0/24); those of
 * node-set files when there is no testbed handle (dry runs, tests). */
static const char *bridge_ip(const struct skel_launch_spec *s)
{
    return s->testbed != NULL ? skel_testbed_bridge_ip(s->testbed) : SKEL_TESTBED_PREFIX "254";
}

static void subnet(const struct skel_launch_spec *s, char *out, size_t len)
{
    snprintf(out, len, "%s", bridge_ip(s));
    char *dot = strrchr(out, '.');
    if (dot != NULL)
        snprintf(dot, len - (size_t)(dot - out), ".0/24");
}

/* The node set as "a:2,b:2" (hosts and slots, for mpiexec) and "a,b" (names,
 * for srun); both malloc'd. */
static int host_lists(const struct skel_launch_spec *s, char **hosts_out, char **names_out)
{
    const struct skel_nodeset *ns = s->nodes;
    size_t hlen = 1;
    for (size_t i = 0; i < ns->nnodes; i++)
        hlen += strlen(ns->nodes[i].name) + 16;
    char *hosts = malloc(hlen), *names = malloc(hlen);
    if (hosts == NULL || names == NULL) {
        free(hosts);
        free(names);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    size_t hl = 0, nl = 0;
    hosts[0] = names[0] = '\0';
    for (size_t i = 0; i < ns->nnodes; i++) {
        hl += (size_t)snprintf(hosts + hl, hlen - hl, "%s%s:%u", i ? "," : "",
                               node_name(s, &ns->nodes[i]), ns->nodes[i].slots);
        nl += (size_t)snprintf(names + nl, hlen - nl, "%s%s", i ? "," : "",
                               node_name(s, &ns->nodes[i]));
    }
    *hosts_out = hosts;
    *names_out = names;
    return SKEL_OK;
}

/* srun's words: the MPI plugin for the program's MPI (unless the user
 * chose one through SLURM_MPI_TYPE: srun reads it itself), the tasks and
 * nodes, the preload through --export so that srun itself does not load it;
 * other variables go through srun's own environment, which it passes on. */
static void srun_words(const struct skel_launch_spec *s, const char *names, const char *nranks,
                       const char *preload, struct vec *a, struct vec *e)
{
    const char *prog = s->tools.srun != NULL ? s->tools.srun : "srun";
    if (s->tools.mpiexec != NULL && strcmp(skel_launcher_style(s->tools.mpiexec), "srun") == 0)
        prog = s->tools.mpiexec; /* --launcher /path/to/srun */
    vec_push(a, prog);
    const char *t = getenv("SLURM_MPI_TYPE");
    if (t == NULL || *t == '\0')
        vec_push(a, skel_launch_mpi(s) == SKEL_MPI_OPENMPI ? "--mpi=pmix" : "--mpi=pmi2");
    vec_push(a, "--ntasks");
    vec_push(a, nranks);
    vec_pushf(a, "--nodes=%zu", s->nodes->nnodes);
    vec_push(a, "--nodelist");
    vec_push(a, names);
    if (preload[0] != '\0') {
        vec_push(a, "--export");
        vec_pushf(a, "ALL,LD_PRELOAD=%s", preload);
    }
    for (size_t i = 0; s->env != NULL && s->env[i] != NULL; i++)
        vec_push(e, s->env[i]);
}

/* Hydra's words (MPICH): the rsh launcher skel-nsexec for the testbed,
 * Hydra's own ssh with the host list for real hosts, the fork launcher for
 * this machine. */
static int hydra_words(const struct skel_launch_spec *s, const char *run_cgroup, const char *hosts,
                       const char *nranks, struct vec *a, struct vec *e)
{
    vec_push(a, s->tools.mpiexec ? s->tools.mpiexec : "mpiexec.mpich");
    switch (s->nodes->kind) {
    case SKEL_NODESET_TESTBED:
        vec_push(a, "-launcher");
        vec_push(a, "rsh");
        vec_push(a, "-launcher-exec");
        vec_push(a, s->tools.nsexec);
        vec_push(a, "-localhost");
        vec_push(a, bridge_ip(s));
        vec_push(a, "-hosts");
        vec_push(a, hosts);
        vec_push(a, "-n");
        vec_push(a, nranks);
        /* UCX would use shared memory across namespaces: force TCP over eth0. */
        vec_push(a, "-genv");
        vec_push(a, "UCX_TLS");
        vec_push(a, "tcp,self");
        vec_push(a, "-genv");
        vec_push(a, "UCX_NET_DEVICES");
        vec_push(a, "eth0");
        if (run_cgroup != NULL)
            vec_pushf(e, "SKEL_RUN_CGROUP=%s", run_cgroup);
        if (s->testbed != NULL) /* skel-nsexec finds the instance by it too */
            vec_pushf(e, "SKEL_TESTBED=%s", skel_testbed_name(s->testbed));
        break;
    case SKEL_NODESET_HOSTS:
    case SKEL_NODESET_SLURM: /* inside the allocation, Hydra uses srun itself */
        vec_push(a, "-hosts");
        vec_push(a, hosts);
        vec_push(a, "-n");
        vec_push(a, nranks);
        break;
    case SKEL_NODESET_LOCAL:
    default:
        vec_push(a, "-launcher");
        vec_push(a, "fork");
        vec_push(a, "-n");
        vec_push(a, nranks);
        break;
    }
    return SKEL_OK;
}

/* Open MPI's words: mpirun with the host list (-H host:slots), as root only
 * with --allow-run-as-root, oversubscribing only when there are more ranks
 * than slots; on the testbed, skel-nsexec as the rsh agent, TCP on the
 * hosts' eth0 for both the runtime (oob) and MPI (btl; the ob1 PML, or UCX
 * would take shared memory across namespaces), and every orted started by
 * mpirun itself (no tree spawn from inside a namespace). */
static int openmpi_words(const struct skel_launch_spec *s, const char *run_cgroup,
                         const char *hosts, const char *nranks, struct vec *a, struct vec *e)
{
    vec_push(a, s->tools.mpiexec ? s->tools.mpiexec : "mpirun.openmpi");
    if (geteuid() == 0)
        vec_push(a, "--allow-run-as-root");
    if (s->nodes->kind == SKEL_NODESET_TESTBED) {
        if (strpbrk(s->tools.nsexec, " \t") != NULL)
            return skel_fail(SKEL_EUSAGE,
                             "launch: Open MPI splits its rsh agent at blanks: '%s' cannot be one",
                             s->tools.nsexec);
        char net[32];
        subnet(s, net, sizeof net);
        const char *mca[][2] = {{"plm_rsh_agent", s->tools.nsexec},
                                {"plm_rsh_no_tree_spawn", "1"},
                                {"pml", "ob1"},
                                {"btl", "tcp,self"},
                                {"btl_tcp_if_include", "eth0"},
                                {"oob_tcp_if_include", net}};
        for (size_t i = 0; i < sizeof mca / sizeof *mca; i++) {
            vec_push(a, "--mca");
            vec_push(a, mca[i][0]);
            vec_push(a, mca[i][1]);
        }
        if (run_cgroup != NULL)
            vec_pushf(e, "SKEL_RUN_CGROUP=%s", run_cgroup);
        if (s->testbed != NULL) /* skel-nsexec finds the instance by it too */
            vec_pushf(e, "SKEL_TESTBED=%s", skel_testbed_name(s->testbed));
    }
    if (s->nodes->kind != SKEL_NODESET_LOCAL) {
        vec_push(a, "-H");
        vec_push(a, hosts);
    }
    if (s->nranks > skel_nodeset_slots(s->nodes))
        vec_push(a, "--oversubscribe");
    if (s->yield) {
        vec_push(a, "--mca");
        vec_push(a, "mpi_yield_when_idle");
        vec_push(a, "1");
    }
    vec_push(a, "-n");
    vec_push(a, nranks);
    return SKEL_OK;
}

/* The launcher's words before the environment, by the launch style
 * (skel_launch_style_of()): srun for Slurm node sets (and a srun given as
 * the launcher), Hydra's mpiexec for MPICH programs, Open MPI's mpirun for
 * Open MPI programs. */
static int launcher_words(const struct skel_launch_spec *s, const char *run_cgroup,
                          const char *preload, struct vec *a, struct vec *e)
{
    char *hosts = NULL, *names = NULL;
    enum skel_launch_style st = skel_launch_style_of(s);
    if (s->nodes->kind == SKEL_NODESET_TESTBED && s->tools.nsexec == NULL)
        return skel_fail(SKEL_EUSAGE, "launch: testbed node sets need the path of skel-nsexec");
    if (st == SKEL_LAUNCH_SRUN &&
        (s->nodes->kind == SKEL_NODESET_TESTBED || s->nodes->kind == SKEL_NODESET_LOCAL))
        return skel_fail(SKEL_EUSAGE,
                         "launch: srun starts ranks on the nodes of a Slurm allocation, not on "
                         "'%s' (use --nodes slurm, or a hostfile of the allocation's nodes)",
                         s->nodes->name);
    int rc = host_lists(s, &hosts, &names);
    if (rc != SKEL_OK)
        return rc;
    char nranks[16];
    snprintf(nranks, sizeof nranks, "%u", s->nranks);
    if (st == SKEL_LAUNCH_SRUN)
        srun_words(s, names, nranks, preload, a, e);
    else if (st == SKEL_LAUNCH_OPENMPI)
        rc = openmpi_words(s, run_cgroup, hosts, nranks, a, e);
    else
        rc = hydra_words(s, run_cgroup, hosts, nranks, a, e);
    free(hosts);
    free(names);
    return rc;
}

/* The launcher's words for the ranks' environment, not the launcher's own,
 * so that mpiexec/mpirun and their daemons do not load the MPI tools:
 * Hydra's -genv NAME VALUE, Open MPI's -x NAME=VALUE. */
static int genv_words(const struct skel_launch_spec *s, const char *preload, struct vec *a)
{
    int ompi = skel_launch_style_of(s) == SKEL_LAUNCH_OPENMPI;
    if (preload[0] != '\0') {
        if (ompi) {
            vec_push(a, "-x");
            vec_pushf(a, "LD_PRELOAD=%s", preload);
        } else {
            vec_push(a, "-genv");
            vec_push(a, "LD_PRELOAD");
            vec_push(a, preload);
        }
    }
    for (size_t i = 0; s->env != NULL && s->env[i] != NULL; i++) {
        const char *eq = strchr(s->env[i], '=');
        char name[256];
        size_t n = (size_t)(eq - s->env[i]);
        if (n >= sizeof name)
            return skel_fail(SKEL_EUSAGE, "launch: environment name too long in '%s'", s->env[i]);
        if (ompi) {
            vec_push(a, "-x");
            vec_push(a, s->env[i]);
            continue;
        }
        memcpy(name, s->env[i], n);
        name[n] = '\0';
        vec_push(a, "-genv");
        vec_push(a, name);
        vec_push(a, eq + 1);
    }
    return SKEL_OK;
}

int skel_launch_build_argv(const struct skel_launch_spec *s, const char *run_cgroup,
                           char ***argv_out, char ***envp_out)
{
    struct vec a = {0}, e = {0};
    char preload[8192];
    *argv_out = NULL;
    *envp_out = NULL;
    int rc = check_spec(s, preload, sizeof preload);
    if (rc == SKEL_OK)
        rc = launcher_words(s, run_cgroup, preload, &a, &e);
    if (rc == SKEL_OK && skel_launch_style_of(s) != SKEL_LAUNCH_SRUN)
        rc = genv_words(s, preload, &a);
    if (rc == SKEL_OK) {
        for (size_t i = 0; s->argv[i] != NULL; i++)
            vec_push(&a, s->argv[i]);
        *argv_out = vec_finish(&a);
        *envp_out = vec_finish(&e);
        a.v = e.v = NULL;
        if (*argv_out == NULL || *envp_out == NULL) {
            skel_launch_argv_free(*argv_out);
            skel_launch_argv_free(*envp_out);
            *argv_out = *envp_out = NULL;
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
        }
    }
    skel_launch_argv_free(a.v);
    skel_launch_argv_free(e.v);
    return rc;
}

/* environ with the extra entries replacing same-named ones, without
 * HYDRA_LAUNCHER_EXTRA_ARGS (it would put words before the host name our
 * launcher expects).  Entries are borrowed, the array is malloc'd. */
static char **merge_env(char **extra)
{
    size_t n = 0, k = 0;
    while (environ[n])
        n++;
    for (size_t i = 0; extra[i]; i++)
        k++;
    char **env = calloc(n + k + 1, sizeof *env);
    if (env == NULL)
        return NULL;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const char *eq = strchr(environ[i], '=');
        size_t nl = eq ? (size_t)(eq - environ[i]) : strlen(environ[i]);
        int drop = nl == 25 && strncmp(environ[i], "HYDRA_LAUNCHER_EXTRA_ARGS", 25) == 0;
        for (size_t j = 0; j < k && !drop; j++)
            drop = strncmp(extra[j], environ[i], nl) == 0 && extra[j][nl] == '=';
        if (!drop)
            env[m++] = environ[i];
    }
    for (size_t j = 0; j < k; j++)
        env[m++] = extra[j];
    env[m] = NULL;
    return env;
}

/* ---- statistics ----------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Quantile of sorted v (linear interpolation between closest ranks). */
static double quantile(const double *v, size_t n, double q)
{
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)floor(pos);
    size_t hi = lo + 1 < n ? lo + 1 : lo;
    return v[lo] + (v[hi] - v[lo]) * (pos - (double)lo);
}

void skel_launch_stats(const double *v, size_t n, struct skel_launch_stats *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0)
        return;
    double *s = malloc(n * sizeof *s), *d = malloc(n * sizeof *d);
    if (s == NULL || d == NULL) {
        free(s);
        free(d);
        return;
    }
    memcpy(s, v, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += s[i];
    out->n = n;
    out->min_s = s[0];
    out->max_s = s[n - 1];
    out->median_s = quantile(s, n, 0.5);
    out->q1_s = quantile(s, n, 0.25);
    out->q3_s = quantile(s, n, 0.75);
    out->mean_s = sum / (double)n;
    for (size_t i = 0; i < n; i++)
        d[i] = fabs(s[i] - out->median_s);
    qsort(d, n, sizeof *d, cmp_double);
    out->mad_s = quantile(d, n, 0.5);
    free(s);
    free(d);
}

const char *skel_launch_outcome_name(enum skel_launch_outcome o)
{
    switch (o) {
    case SKEL_LAUNCH_OK:
        return "ok";
    case SKEL_LAUNCH_EXIT:
        return "exit";
    case SKEL_LAUNCH_SIGNAL:
        return "signal";
    case SKEL_LAUNCH_TIMEOUT:
        return "timeout";
    case SKEL_LAUNCH_INTERRUPTED:
        return "interrupted";
    }
    return "?";
}

void skel_launch_result_free(struct skel_launch_result *res)
{
    if (res == NULL)
        return;
    free(res->repeat);
    memset(res, 0, sizeof *res);
}

/* ---- running ------------------------------------------------------------ */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void print_argv(char **argv, char **extra)
{
    fprintf(stderr, "skel: launching:");
    for (size_t i = 0; extra[i]; i++)
        fprintf(stderr, " %s", extra[i]);
    for (size_t i = 0; argv[i]; i++)
        fprintf(stderr, " %s", argv[i]);
    fputc('\n', stderr);
}

/* Kill what a run left: orphans re-parented to us, tasks in the run cgroups. */
static void sweep_run(const struct skel_launch_spec *s, const char *sub, const pid_t *keep,
                      size_t nkeep)
{
    skel_proc_kill_orphans(keep, nkeep);
    if (s->nodes->kind != SKEL_NODESET_TESTBED)
        return;
    for (size_t i = 0; i < s->nodes->nnodes; i++) {
        char path[PATH_MAX];
        if (skel_testbed_cgroup_path(s->testbed, "cpu", s->nodes->nodes[i].testbed_id, sub, path,
                                     sizeof path) == SKEL_OK)
            skel_proc_kill_cgroup(path);
    }
    skel_clear_error();
}

static int one_run(const struct skel_launch_spec *s, char **argv, char **envp, const char *sub,
                   const pid_t *keep, size_t nkeep, struct skel_launch_repeat *rep)
{
    struct skel_proc_opts o = {.envp = envp,
                               .stdout_path = s->stdout_path,
                               .stderr_path = s->stderr_path,
                               .new_pgroup = 1,
                               .death_signal = SIGTERM};
    pid_t pid;
    int st = 0;
    double t0 = now_s();
    int rc = skel_proc_spawn(argv, &o, &pid);
    if (rc != SKEL_OK)
        return rc;
    skel_proc_guard(pid);
    rc = skel_proc_wait(pid, s->timeout_s, &st, NULL);
    if (rc == SKEL_OK) {
        rep->wall_s = now_s() - t0;
        if (WIFEXITED(st)) {
            rep->status = WEXITSTATUS(st);
            rep->outcome = rep->status == 0 ? SKEL_LAUNCH_OK : SKEL_LAUNCH_EXIT;
        } else {
            rep->status = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
            rep->outcome = SKEL_LAUNCH_SIGNAL;
        }
    } else {
        int why = rc;
        char detail[1024];
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        rep->wall_s = now_s() - t0;
        skel_proc_kill_group(pid, pid, KILL_GRACE_S);
        rep->outcome = why == SKEL_ETIMEOUT ? SKEL_LAUNCH_TIMEOUT : SKEL_LAUNCH_INTERRUPTED;
        rep->status = why == SKEL_ETIMEOUT ? 0 : skel_proc_interrupted();
        skel_fail(why, "%s", detail);
    }
    skel_proc_unguard(pid);
    sweep_run(s, sub, keep, nkeep);
    if (rep->outcome == SKEL_LAUNCH_OK)
        return SKEL_OK;
    if (rep->outcome == SKEL_LAUNCH_TIMEOUT)
        return skel_fail(SKEL_ETIMEOUT, "'%s' timed out after %g s (the job was killed)",
                         s->argv[0], s->timeout_s);
    if (rep->outcome == SKEL_LAUNCH_INTERRUPTED)
        return skel_fail(SKEL_EINTERRUPTED, "interrupted by signal %d; the job was killed",
                         rep->status);
    if (rep->outcome == SKEL_LAUNCH_SIGNAL)
        return skel_fail(SKEL_EEXEC, "%s was killed by signal %d", argv[0], rep->status);
    return skel_fail(SKEL_EEXEC, "'%s' failed: the launcher exited with status %d", s->argv[0],
                     rep->status);
}

int skel_launch_run(const struct skel_launch_spec *s, struct skel_launch_result *res)
{
    int rc = SKEL_OK;
    char **argv = NULL, **extra = NULL, **envp = NULL;
    pid_t *keep = NULL;
    size_t nkeep = 0;
    skel_scenario_applied *ap = NULL;
    char sub[32] = "";
    int made_groups = 0;
    unsigned repeat = s->repeat ? s->repeat : 1;

    memset(res, 0, sizeof *res);
    if (s->nodes == NULL)
        return skel_fail(SKEL_EUSAGE, "launch: no node set");
    if (repeat > 100000)
        return skel_fail(SKEL_EUSAGE, "launch: %u repeats is too many", repeat);
    int tbrun = s->nodes->kind == SKEL_NODESET_TESTBED;
    if ((tbrun || s->scenario != NULL) && s->testbed == NULL)
        return skel_fail(SKEL_ENOTFOUND,
                         "launch: %s needs the emulated testbed (run 'skel "
                         "testbed up')",
                         tbrun ? "a testbed node set" : "a sharing scenario");
    if (tbrun) {
        if ((rc = skel_nodeset_check_testbed(s->nodes, s->label ? s->label : s->nodes->name,
                                             skel_testbed_nhosts(s->testbed))) != SKEL_OK)
            return rc;
        if (s->tools.nsexec == NULL || access(s->tools.nsexec, X_OK) != 0)
            return skel_fail(SKEL_ENOTFOUND,
                             "launch: the namespace launcher '%s' is not "
                             "executable",
                             s->tools.nsexec ? s->tools.nsexec : "(none)");
    }
    res->repeat = calloc(repeat, sizeof *res->repeat);
    if (res->repeat == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    res->finalize_shim_used = use_finalize_shim(s);
    skel_proc_become_subreaper();
    /* Throttles left by killed runs go first; a live one of another process
     * on these hosts is refused (or, shared, noted): throttle.h. */
    if (tbrun || s->scenario != NULL) {
        unsigned hosts[SKEL_TESTBED_MAX_HOSTS];
        size_t nh = 0;
        for (size_t i = 0; tbrun && i < s->nodes->nnodes && nh < SKEL_TESTBED_MAX_HOSTS; i++)
            hosts[nh++] = s->nodes->nodes[i].testbed_id;
        if ((rc = skel_throttle_prepare(s->testbed, tbrun ? hosts : NULL, nh, res->note,
                                        sizeof res->note)) != SKEL_OK)
            goto out;
    }
    if (tbrun) {
        snprintf(sub, sizeof sub, "run.%d", (int)getpid());
        made_groups = 1;
        for (size_t i = 0; i < s->nodes->nnodes; i++)
            if ((rc = skel_testbed_subgroup_create(s->testbed, s->nodes->nodes[i].testbed_id,
                                                   sub)) != SKEL_OK)
                goto out;
    }
    if ((rc = skel_launch_build_argv(s, tbrun ? sub : NULL, &argv, &extra)) != SKEL_OK)
        goto out;
    if ((envp = merge_env(extra)) == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    if (s->scenario != NULL && (rc = skel_scenario_apply(s->scenario, s->testbed, &ap)) != SKEL_OK)
        goto out;
    /* Children that exist now (competitors) are not a run's leftovers. */
    if ((rc = skel_proc_children(&keep, &nkeep)) != SKEL_OK)
        goto out;
    for (unsigned r = 0; r < repeat; r++) {
        if (skel_proc_interrupted()) {
            rc = skel_fail(SKEL_EINTERRUPTED, "interrupted by signal %d", skel_proc_interrupted());
            break;
        }
        if (s->verbose)
            print_argv(argv, extra);
        rc = one_run(s, argv, envp, sub, keep, nkeep, &res->repeat[r]);
        if (rc == SKEL_EEXEC && tbrun && !skel_testbed_still_up(s->testbed))
            rc = skel_fail(SKEL_ESTATE,
                           "testbed '%s' was taken down while '%s' ran on it (the launcher "
                           "exited with status %d)",
                           skel_testbed_name(s->testbed), s->argv[0], res->repeat[r].status);
        if (rc == SKEL_EEXEC && res->repeat[r].wall_s == 0 && res->repeat[r].outcome == 0)
            break; /* could not even start: no run to record */
        res->nrepeat = r + 1;
        if (s->progress != NULL)
            s->progress(s->progress_arg, r, &res->repeat[r]);
        if (rc != SKEL_OK)
            break;
    }
out : {
    char detail[2048];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    int e = skel_scenario_remove(ap);
    if (made_groups)
        for (size_t i = 0; i < s->nodes->nnodes; i++) {
            int e2 = skel_testbed_subgroup_remove(s->testbed, s->nodes->nodes[i].testbed_id, sub);
            if (e == SKEL_OK)
                e = e2;
        }
    /* What a killed run left that the sweep before this one could not
     * remove yet (its last tasks still leaving): best effort again. */
    if ((tbrun || s->scenario != NULL) && skel_throttle_sweep(s->testbed, NULL) != SKEL_OK)
        skel_clear_error();
    if (rc == SKEL_OK)
        rc = e;
    else
        skel_fail(rc, "%s", detail); /* the first error is the one to report */
}
    double *ok = res->nrepeat ? malloc(res->nrepeat * sizeof *ok) : NULL;
    size_t nok = 0;
    for (size_t i = 0; ok != NULL && i < res->nrepeat; i++)
        if (res->repeat[i].outcome == SKEL_LAUNCH_OK)
            ok[nok++] = res->repeat[i].wall_s;
    skel_launch_stats(ok, nok, &res->stats);
    free(ok);
    free(keep);
    free(envp);
    skel_launch_argv_free(argv);
    skel_launch_argv_free(extra);
    return rc;
}

int skel_launch_open_nodes(const char *spec, const struct skel_scenario *sc, int may_bring_up,
                           struct skel_nodeset_list **sets, skel_testbed **tb, int *implicit)
{
    int rc;
    *sets = NULL;
    *tb = NULL;
    if (implicit)
        *implicit = 0;
    int tbspec = skel_nodeset_spec_is_testbed(spec);
    if (!tbspec && (rc = skel_nodeset_resolve(spec, NULL, sets)) != SKEL_OK)
        return rc;
    if (!tbspec && sc == NULL && (*sets)->sets[0].kind != SKEL_NODESET_TESTBED)
        return SKEL_OK;
    unsigned need = tbspec ? skel_nodeset_spec_testbed_hosts(spec)
                           : skel_nodeset_max_testbed_id(&(*sets)->sets[0]);
    if (sc != NULL && skel_scenario_max_host(sc) > need)
        need = skel_scenario_max_host(sc);
    if (geteuid() != 0)
        return skel_fail(SKEL_EUSAGE, "'%s'%s needs the emulated testbed, and that needs root",
                         spec, sc ? " with a scenario" : "");
    rc = may_bring_up ? skel_testbed_acquire(need, tb, implicit) : skel_testbed_open(NULL, tb);
    if (rc != SKEL_OK)
        return rc;
    if (tbspec)
        rc = skel_nodeset_resolve(spec, *tb, sets);
    return rc;
}

/* ---- CSV ---------------------------------------------------------------- */

static void csv_tail(FILE *f, const struct skel_launch_spec *s, const char *command)
{
    fputc(',', f);
    skel_csv_field(f, s->label ? s->label : s->nodes ? s->nodes->name : "");
    fprintf(f, ",%u,", s->nranks);
    skel_csv_field(f, s->scenario ? s->scenario->name : "");
    fputc(',', f);
    skel_csv_field(f, command);
    fputc('\n', f);
}

int skel_launch_write_csv(const char *path, const struct skel_launch_spec *s,
                          const struct skel_launch_result *res)
{
    /* The command as one field, words joined by blanks. */
    size_t clen = 1;
    for (size_t i = 0; s->argv && s->argv[i]; i++)
        clen += strlen(s->argv[i]) + 1;
    char *command = calloc(1, clen);
    if (command == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t i = 0; s->argv && s->argv[i]; i++) {
        if (i)
            strcat(command, " ");
        strcat(command, s->argv[i]);
    }
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK) {
        free(command);
        return rc;
    }
    FILE *f = skel_afile_stream(af);
    fputs("kind,repeat,wall_s,outcome,status,median_s,min_s,max_s,mad_s,q1_s,q3_s,nodes,nranks,"
          "scenario,command\n",
          f);
    int all_ok = res->nrepeat > 0;
    for (size_t i = 0; i < res->nrepeat; i++) {
        const struct skel_launch_repeat *r = &res->repeat[i];
        all_ok &= r->outcome == SKEL_LAUNCH_OK;
        fprintf(f, "run,%zu,%.6f,%s,%d,,,,,,", i + 1, r->wall_s,
                skel_launch_outcome_name(r->outcome), r->status);
        csv_tail(f, s, command);
    }
    const struct skel_launch_stats *st = &res->stats;
    fprintf(f, "summary,%zu,%.6f,%s,,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f", st->n, st->median_s,
            all_ok ? "ok" : "failed", st->median_s, st->min_s, st->max_s, st->mad_s, st->q1_s,
            st->q3_s);
    csv_tail(f, s, command);
    free(command);
    return skel_afile_commit(af);
}
