/* tracerun.c - `skel trace`: run a program under the tracer and complete its
 * trace (tracerun.h). */
#include "tracerun.h"

#include "adir.h"
#include "error.h"
#include "grow.h"
#include "proc.h"
#include "trace.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* What kind of launcher argv[0] is: "hydra", "openmpi", "srun", or "env"
 * (the program itself, or a launcher passing its environment on). */
static const char *launcher_style(const char *argv0)
{
    const char *s = skel_launcher_style(argv0);
    return s[0] != '\0' ? s : "env";
}

/* The MPI library of the first program in argv that uses one, read from its
 * whole dependency closure (a program may reach MPI through a library of
 * its own). */
static enum skel_mpi_flavor detect_flavor(char *const argv[], const char *style)
{
    for (size_t i = 0; argv[i] != NULL; i++) {
        struct skel_elf_mpi m;
        if (argv[i][0] == '-' || skel_mpi_of_program(argv[i], &m) != SKEL_OK)
            continue;
        if (m.flavor != SKEL_MPI_UNKNOWN)
            return m.flavor;
    }
    skel_clear_error();
    return strcmp(style, "openmpi") == 0 ? SKEL_MPI_OPENMPI : SKEL_MPI_MPICH;
}

/* srun passes its own environment to the tasks; --export=ALL,LD_PRELOAD=LIB
 * gives the tracer to them without loading it into srun itself, unless the
 * command chooses its own --export (which would replace ours). */
static int srun_exports(char *const argv[])
{
    for (size_t i = 1; argv[i] != NULL; i++)
        if (strncmp(argv[i], "--export", 8) == 0)
            return 0;
    return 1;
}

int skel_tracerun_spawn_name(const char *name)
{
    if (strncmp(name, "spawn-", 6) != 0 || name[6] < '1' || name[6] > '9')
        return 0;
    long n = 0;
    for (const char *p = name + 6; *p != '\0'; p++) {
        if (*p < '0' || *p > '9' || n > 100000000)
            return 0;
        n = n * 10 + (*p - '0');
    }
    return (int)n;
}

/* A trace may replace only a trace (with the traces of the worlds its
 * processes spawned): check dir before anything is run or
 * removed.  An absent or empty directory is fine; one holding a trace needs
 * force; one holding anything else is refused whatever force says. */
static int check_target(const char *dir, int force)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return errno == ENOENT    ? SKEL_OK
               : errno == ENOTDIR ? skel_fail(SKEL_EUSAGE, "%s exists and is not a directory", dir)
                                  : skel_fail(SKEL_EIO, "%s: %s", dir, strerror(errno));
    int rc = SKEL_OK;
    char first[NAME_MAX + 1] = "";
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        int ours = strcmp(e->d_name, "meta") == 0 ||
                   (strncmp(e->d_name, "rank-", 5) == 0 && strstr(e->d_name, ".skt") != NULL) ||
                   skel_tracerun_spawn_name(e->d_name) > 0;
        if (!ours) {
            rc = skel_fail(SKEL_EUSAGE,
                           "%s holds %s, which is not part of a trace: choose another -o "
                           "(nothing was removed)",
                           dir, e->d_name);
            break;
        }
        if (first[0] == '\0')
            snprintf(first, sizeof first, "%s", e->d_name);
    }
    closedir(d);
    if (rc == SKEL_OK && first[0] != '\0' && !force)
        rc = skel_fail(SKEL_EUSAGE,
                       "%s is not empty (it holds %s); choose another -o or pass --force to "
                       "replace the trace in it",
                       dir, first);
    return rc;
}

/* environ with name=value set (replacing), or value prepended with ':' when
 * prepend (for LD_PRELOAD). */
static int env_set(char ***env, size_t *n, const char *name, const char *value, int prepend)
{
    size_t nl = strlen(name);
    for (size_t i = 0; i < *n; i++) {
        if (strncmp((*env)[i], name, nl) != 0 || (*env)[i][nl] != '=')
            continue;
        const char *old = (*env)[i] + nl + 1;
        size_t len = nl + strlen(value) + strlen(old) + 3;
        char *s = malloc(len);
        if (s == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        if (prepend && *old)
            snprintf(s, len, "%s=%s:%s", name, value, old);
        else
            snprintf(s, len, "%s=%s", name, value);
        free((*env)[i]);
        (*env)[i] = s;
        return SKEL_OK;
    }
    char **ne = realloc(*env, (*n + 2) * sizeof *ne);
    if (ne == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    *env = ne;
    size_t len = nl + strlen(value) + 2;
    if ((ne[*n] = malloc(len)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    snprintf(ne[*n], len, "%s=%s", name, value);
    ne[++*n] = NULL;
    return SKEL_OK;
}

static void free_list(char **l, size_t n)
{
    for (size_t i = 0; l != NULL && i < n; i++)
        free(l[i]);
    free(l);
}

/* What the run left in the new trace directory: whether it is whole (the
 * metadata completed first). */
static int assess(const char *dir, char *const argv[], int finish, struct skel_tracerun_result *res)
{
    int rc = finish ? skel_tracerun_finish(dir, argv) : SKEL_OK;
    skel_trace *t = NULL;
    if (rc == SKEL_OK && (rc = skel_trace_open(dir, &t)) == SKEL_OK)
        rc = skel_trace_completeness(t, &res->complete, res->partial, sizeof res->partial);
    skel_trace_close(t);
    /* The worlds the program spawned, each a trace of its own. */
    DIR *d = rc == SKEL_OK ? opendir(dir) : NULL;
    struct dirent *e;
    while (d != NULL && rc == SKEL_OK && (e = readdir(d)) != NULL) {
        if (skel_tracerun_spawn_name(e->d_name) == 0)
            continue;
        char sub[PATH_MAX];
        int len = snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
        if (len < 0 || (size_t)len >= sizeof sub)
            continue;
        res->spawned++;
        int whole = 0;
        char why[256];
        skel_trace *st = NULL;
        if ((!finish || skel_tracerun_finish(sub, NULL) == SKEL_OK) &&
            skel_trace_open(sub, &st) == SKEL_OK &&
            skel_trace_completeness(st, &whole, why, sizeof why) == SKEL_OK && whole)
            res->spawned_complete++;
        skel_trace_close(st);
        skel_clear_error();
    }
    if (d != NULL)
        closedir(d);
    return rc;
}

/* Why a run wrote no trace at all, as the run ended (rc, status). */
static int no_trace(char *const argv[], const struct skel_tracerun_opts *o, int rc, int status)
{
    const char *prog = argv[0];
    if (rc == SKEL_ETIMEOUT)
        return skel_fail(SKEL_ETIMEOUT,
                         "%s did not finish within %g s and no rank had started tracing; it was "
                         "stopped (%s was left as it was)",
                         prog, o->timeout_s, o->outdir);
    if (rc == SKEL_EINTERRUPTED)
        return skel_fail(SKEL_EINTERRUPTED,
                         "interrupted before any rank started tracing (%s was left as it was)",
                         o->outdir);
    if (WIFSIGNALED(status))
        return skel_fail(SKEL_EEXEC,
                         "%s was killed by signal %d before any rank called MPI_Init: nothing "
                         "was traced (%s was left as it was)",
                         prog, WTERMSIG(status), o->outdir);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    if (code != 0)
        return skel_fail(SKEL_EEXEC,
                         "%s exited with status %d before any rank called MPI_Init: nothing "
                         "was traced (is the program's name right, and does it run without "
                         "skel?); %s was left as it was",
                         prog, code, o->outdir);
    return skel_fail(SKEL_EEXEC,
                     "%s exited with status 0 without any rank calling MPI_Init: nothing was "
                     "traced (is it an MPI program? Skel traces programs that call MPI_Init); "
                     "%s was left as it was",
                     prog, o->outdir);
}

int skel_tracerun(char *const argv[], const struct skel_tracerun_opts *o,
                  struct skel_tracerun_result *res)
{
    int rc = SKEL_OK;
    char **env = NULL, **args = NULL;
    size_t nenv = 0, nargs = 0;
    char dir[PATH_MAX], kv1[PATH_MAX + 32], kv2[PATH_MAX + 32], kv3[64];
    skel_adir *ad = NULL;
    memset(res, 0, sizeof *res);
    if (argv[0] == NULL)
        return skel_fail(SKEL_EUSAGE, "no command to trace");
    /* The trace is written beside the target and put in its place when the
     * run is over (adir.h): the old trace stays whole until then, and a
     * second `skel trace` into the same directory meanwhile is refused. */
    if ((rc = check_target(o->outdir, o->force)) != SKEL_OK ||
        (rc = skel_adir_open(o->outdir, 0, &ad, &res->stale_removed)) != SKEL_OK)
        return rc;
    snprintf(dir, sizeof dir, "%s", skel_adir_path(ad));

    const char *style = launcher_style(argv[0]);
    snprintf(res->launcher_style, sizeof res->launcher_style, "%s", style);
    res->flavor = o->flavor != SKEL_MPI_UNKNOWN ? o->flavor : detect_flavor(argv, style);
    const char *lib = res->flavor == SKEL_MPI_OPENMPI ? o->tracer_openmpi : o->tracer_mpich;
    if (lib == NULL) {
        rc = skel_fail(SKEL_ENOTFOUND,
                       "the program uses Open MPI but this Skel has no tracer built against "
                       "Open MPI (install libopenmpi-dev and rebuild)");
        goto out;
    }

    /* The environment: the trace directory for everybody; the preload too,
     * unless the launcher can give it to the ranks alone. */
    for (char **e = environ; *e != NULL; e++)
        nenv++;
    env = calloc(nenv + 1, sizeof *env);
    if (env == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < nenv; i++)
        if ((env[i] = strdup(environ[i])) == NULL) {
            nenv = i;
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto out;
        }
    if ((rc = env_set(&env, &nenv, "SKEL_TRACE_DIR", dir, 0)) != SKEL_OK)
        goto out;
    if (o->buffer != NULL && (rc = env_set(&env, &nenv, "SKEL_TRACE_BUFFER", o->buffer, 0)))
        goto out;
    int by_srun = strcmp(style, "srun") == 0 && srun_exports(argv) && strchr(lib, ',') == NULL;
    int by_env = strcmp(style, "hydra") != 0 && strcmp(style, "openmpi") != 0 && !by_srun;
    if (by_env && (rc = env_set(&env, &nenv, "LD_PRELOAD", lib, 1)) != SKEL_OK)
        goto out;

    /* The argument vector: the launcher's own way to pass variables. */
    size_t argc = 0;
    while (argv[argc] != NULL)
        argc++;
    args = calloc(argc + 8, sizeof *args);
    if (args == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    args[nargs++] = argv[0];
    if (strcmp(style, "hydra") == 0) {
        args[nargs++] = "-genv";
        args[nargs++] = "LD_PRELOAD";
        args[nargs++] = (char *)lib;
    } else if (by_srun) {
        snprintf(kv1, sizeof kv1, "--export=ALL,LD_PRELOAD=%s", lib);
        args[nargs++] = kv1;
    } else if (strcmp(style, "openmpi") == 0) {
        snprintf(kv1, sizeof kv1, "LD_PRELOAD=%s", lib);
        snprintf(kv2, sizeof kv2, "SKEL_TRACE_DIR=%s", dir);
        args[nargs++] = "-x";
        args[nargs++] = kv1;
        args[nargs++] = "-x";
        args[nargs++] = kv2;
        if (o->buffer != NULL) {
            snprintf(kv3, sizeof kv3, "SKEL_TRACE_BUFFER=%s", o->buffer);
            args[nargs++] = "-x";
            args[nargs++] = kv3;
        }
    }
    for (size_t i = 1; i < argc; i++)
        args[nargs++] = argv[i];
    args[nargs] = NULL;

    if ((rc = skel_proc_signals_install()) != SKEL_OK)
        goto out;
    /* The job dies with us (SIGTERM: the tracer writes what it has), so a
     * killed `skel trace` leaves no ranks writing into a directory nobody
     * will put in place. */
    struct skel_proc_opts po = {.envp = env, .new_pgroup = 1, .death_signal = SIGTERM};
    pid_t pid;
    if ((rc = skel_proc_spawn(args, &po, &pid)) != SKEL_OK)
        goto restore;
    skel_proc_guard(pid);
    int status = 0;
    rc = skel_proc_wait(pid, o->timeout_s, &status, &res->wall_s);
    if (rc == SKEL_ETIMEOUT || rc == SKEL_EINTERRUPTED) {
        /* SIGTERM first: the tracer writes what it has when it gets it. */
        skel_proc_kill_group(pid, pid, 5.0);
        status = 0;
    }
    skel_proc_unguard(pid);
    res->exit_status = WIFEXITED(status)     ? WEXITSTATUS(status)
                       : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                             : 1;
    if (skel_adir_is_empty(ad)) {
        rc = no_trace(argv, o, rc, status);
        goto restore;
    }
    /* A partial trace is the trace of this run too: it replaces the old one,
     * marked (its metadata stays "complete 0"; every command reading it
     * says so). */
    int ran = rc;
    char detail[1024];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    int e = assess(dir, argv, 1, res);
    if (e != SKEL_OK && ran == SKEL_OK) {
        rc = e;
        goto restore;
    }
    skel_clear_error();
    if ((e = skel_adir_commit(ad)) != SKEL_OK) {
        ad = NULL;
        rc = e;
        goto restore;
    }
    ad = NULL;
    res->traced = 1;
    if (ran == SKEL_ETIMEOUT)
        rc = skel_fail(SKEL_ETIMEOUT,
                       "%s did not finish within %g s; it was stopped (the partial trace is in "
                       "%s)",
                       argv[0], o->timeout_s, o->outdir);
    else if (ran == SKEL_EINTERRUPTED)
        rc = skel_fail(SKEL_EINTERRUPTED, "interrupted; the partial trace is in %s", o->outdir);
    else if (ran != SKEL_OK)
        rc = skel_fail(ran, "%s", detail);
restore:
    skel_proc_signals_restore();
out:
    skel_adir_abort(ad);
    free_list(env, nenv);
    free(args);
    return rc;
}

/* ---- call-site resolution -------------------------------------------------------------- */

struct site_ref {
    char *module;
    uint64_t offset, addr;
};

static int cmp_site(const void *a, const void *b)
{
    const struct site_ref *x = a, *y = b;
    int c = strcmp(x->module, y->module);
    return c != 0 ? c : x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Every distinct (module, offset) of every rank. */
static int collect_sites(const skel_trace *t, struct site_ref **out, size_t *n)
{
    struct site_ref *v = NULL;
    size_t cnt = 0, cap = 0;
    int rc = SKEL_OK;
    for (uint32_t r = 0; r < skel_trace_nranks(t) && rc == SKEL_OK; r++) {
        skel_rank_reader *rd;
        if (skel_trace_open_rank(t, r, &rd) != SKEL_OK)
            continue; /* a rank without a file has no sites */
        skel_event ev;
        while (skel_rank_next(rd, &ev) == 1)
            ;
        for (uint32_t i = 0; i < skel_rank_nsites(rd) && rc == SKEL_OK; i++) {
            const skel_site *s = skel_rank_site(rd, i);
            const skel_module *m =
                s->module != SKEL_COMM_NONE ? skel_rank_module(rd, s->module) : NULL;
            if (m == NULL)
                continue;
            if ((rc = skel_grow(&v, &cap, cnt + 1, sizeof *v)) != SKEL_OK)
                break;
            if ((v[cnt].module = strdup(m->path)) == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                break;
            }
            v[cnt].offset = s->offset;
            v[cnt].addr = s->addr;
            cnt++;
        }
        skel_rank_close(rd);
    }
    if (rc == SKEL_OK && cnt > 1) {
        qsort(v, cnt, sizeof *v, cmp_site);
        size_t k = 1;
        for (size_t i = 1; i < cnt; i++) {
            if (cmp_site(&v[i], &v[k - 1]) == 0)
                free(v[i].module);
            else
                v[k++] = v[i];
        }
        cnt = k;
    }
    *out = v;
    *n = cnt;
    return rc;
}

static char *next_line(char **p)
{
    if (*p == NULL || **p == '\0')
        return NULL;
    char *line = *p, *nl = strchr(line, '\n');
    if (nl != NULL) {
        *nl = '\0';
        *p = nl + 1;
    } else {
        *p = line + strlen(line);
    }
    return line;
}

/* Resolve sites[from, to) of one module with one addr2line run. */
static int resolve_module(struct site_ref *v, size_t from, size_t to, skel_meta *m)
{
    int reloc = skel_elf_is_relocatable(v[from].module);
    if (reloc < 0) {
        skel_clear_error();
        return SKEL_OK; /* the module is gone or not ELF: leave unresolved */
    }
    size_t n = to - from;
    struct skel_elf_funcs funcs = {0};
    char **argv = calloc(n + 6, sizeof *argv);
    char(*addrs)[24] = calloc(n, sizeof *addrs);
    int rc = SKEL_OK;
    if (argv == NULL || addrs == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    size_t k = 0;
    argv[k++] = "addr2line";
    argv[k++] = "-f";
    argv[k++] = "-C";
    argv[k++] = "-e";
    argv[k++] = v[from].module;
    for (size_t i = 0; i < n; i++) {
        /* A return address points after the call: look one byte back. */
        uint64_t a = reloc ? v[from + i].offset : v[from + i].addr;
        snprintf(addrs[i], sizeof addrs[i], "0x%llx", (unsigned long long)(a ? a - 1 : 0));
        argv[k++] = addrs[i];
    }
    /* Without debug information addr2line names a site after the nearest
     * symbol below it, which in a stripped library is often an exported
     * function that ends well before the call: such a name is kept only if
     * one of the file's function symbols holds the address. */
    int have_funcs = skel_elf_funcs_read(v[from].module, &funcs) == SKEL_OK && funcs.n > 0;
    if (!have_funcs)
        skel_clear_error();
    char *outbuf = NULL;
    if (skel_proc_run(argv, 60, &outbuf) != SKEL_OK) {
        skel_clear_error(); /* no binutils: names stay module+offset */
        goto out;
    }
    char *p = outbuf;
    for (size_t i = 0; i < n; i++) {
        char *func = next_line(&p), *loc = next_line(&p);
        if (func == NULL || loc == NULL)
            break;
        skel_meta_site *st = &m->sites[m->nsites];
        char *colon = strrchr(loc, ':');
        unsigned long line = 0;
        if (colon != NULL) {
            *colon = '\0';
            line = strtoul(colon + 1, NULL, 10); /* "42 (discriminator 3)" reads as 42 */
        }
        int known_func = strcmp(func, "??") != 0, known_file = strcmp(loc, "??") != 0;
        uint64_t a = reloc ? v[from + i].offset : v[from + i].addr;
        if (known_func && !known_file && have_funcs && !skel_elf_funcs_hold(&funcs, a ? a - 1 : 0))
            known_func = 0;
        if (!known_func && !known_file)
            continue;
        st->module = strdup(v[from + i].module);
        st->offset = v[from + i].offset;
        st->func = strdup(known_func ? func : "");
        st->file = strdup(known_file ? loc : "");
        st->line = known_file && line <= UINT32_MAX ? (uint32_t)line : 0;
        if (st->module == NULL || st->func == NULL || st->file == NULL) {
            free(st->module);
            free(st->func);
            free(st->file);
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            break;
        }
        m->nsites++;
    }
    free(outbuf);
out:
    skel_elf_funcs_free(&funcs);
    free(argv);
    free(addrs);
    return rc;
}

int skel_tracerun_finish(const char *tracedir, char *const launch[])
{
    skel_trace *t = NULL;
    struct site_ref *sites = NULL;
    size_t nsites = 0;
    char path[PATH_MAX];
    int rc = skel_trace_open(tracedir, &t);
    if (rc != SKEL_OK)
        return rc;
    if ((rc = collect_sites(t, &sites, &nsites)) != SKEL_OK)
        goto out;
    /* A copy of the metadata to complete (the trace's own stays read-only). */
    snprintf(path, sizeof path, "%s/meta", tracedir);
    skel_meta *m = NULL;
    if ((rc = skel_meta_read(path, &m)) == SKEL_ENOTFOUND) {
        /* Rank 0 never wrote it (the run died early): start one. */
        skel_clear_error();
        if ((m = calloc(1, sizeof *m)) == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto out;
        }
        m->nranks = skel_trace_nranks(t);
        rc = SKEL_OK;
    }
    if (rc != SKEL_OK)
        goto out;
    if (launch != NULL && m->nlaunch == 0) {
        size_t n = 0;
        while (launch[n] != NULL)
            n++;
        m->launch = calloc(n + 1, sizeof *m->launch);
        for (size_t i = 0; m->launch != NULL && i < n; i++)
            m->launch[m->nlaunch++] = strdup(launch[i]);
    }
    for (size_t i = 0; i < m->nsites; i++) {
        free(m->sites[i].module);
        free(m->sites[i].func);
        free(m->sites[i].file);
    }
    free(m->sites);
    m->sites = calloc(nsites + 1, sizeof *m->sites);
    m->nsites = 0;
    if (m->sites == NULL)
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t i = 0; rc == SKEL_OK && i < nsites;) {
        size_t j = i;
        while (j < nsites && strcmp(sites[j].module, sites[i].module) == 0 && j - i < 512)
            j++;
        rc = resolve_module(sites, i, j, m);
        i = j;
    }
    if (rc == SKEL_OK)
        rc = skel_meta_write(path, m);
    skel_meta_free(m);
out:
    for (size_t i = 0; i < nsites; i++)
        free(sites[i].module);
    free(sites);
    skel_trace_close(t);
    return rc;
}
