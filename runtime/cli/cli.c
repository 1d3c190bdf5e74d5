/* cli.c - shared helpers of the `skel` subcommands. */
#include "cli.h"

#include "error.h"
#include "proc.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int skel_cli_fail(const char *cmd, int code)
{
    const char *detail = skel_last_error();
    fprintf(stderr, "skel %s: error: %s\n", cmd, detail[0] != '\0' ? detail : skel_strerror(code));
    return skel_exit_status(code);
}

int skel_cli_finish(const char *cmd, int rc)
{
    if (skel_proc_interrupted()) {
        fprintf(stderr, "skel %s: interrupted by signal %d; cleaned up\n", cmd,
                skel_proc_interrupted());
        return skel_proc_interrupt_status();
    }
    return rc == SKEL_OK ? 0 : skel_cli_fail(cmd, rc);
}

int skel_cli_also(const char *cmd, int rc, const char *saved, int e)
{
    if (rc == SKEL_OK)
        return e;
    if (e != SKEL_OK)
        fprintf(stderr, "skel %s: error: %s\n", cmd, skel_usecase_printable(skel_last_error()));
    return skel_fail(rc, "%s", saved);
}

int skel_cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "skel %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'skel %s --help')\n", cmd);
    return skel_exit_status(SKEL_EUSAGE);
}

const char *skel_cli_self_dir(void)
{
    static char dir[PATH_MAX];
    if (dir[0] == '\0') {
        ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
        if (n <= 0) {
            strcpy(dir, ".");
        } else {
            dir[n] = '\0';
            char *slash = strrchr(dir, '/');
            if (slash != NULL && slash != dir)
                *slash = '\0';
        }
    }
    return dir;
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* skel-netprobe-mpi: SKEL_NETPROBE_PROG, or beside this executable (where
 * the build and the installation both put it). */
static int netprobe_program(char *out, size_t len)
{
    const char *env = getenv("SKEL_NETPROBE_PROG");
    if (env != NULL && *env != '\0') {
        snprintf(out, len, "%s", env);
        return exists(out)
                   ? SKEL_OK
                   : skel_fail(SKEL_ENOTFOUND, "%s (SKEL_NETPROBE_PROG) does not exist", out);
    }
    snprintf(out, len, "%s/skel-netprobe-mpi", skel_cli_self_dir());
    if (exists(out))
        return SKEL_OK;
    return skel_fail(SKEL_ENOTFOUND,
                     "cannot find skel-netprobe-mpi beside %s (set SKEL_NETPROBE_PROG)",
                     skel_cli_self_dir());
}

int skel_cli_resource(enum skel_resource which, char *out, size_t outlen)
{
    const char *env = NULL, *installed = NULL, *built = NULL, *file = "";
    char dirbuf[PATH_MAX];
    switch (which) {
    case SKEL_RES_TRACER_MPICH:
        env = getenv("SKEL_TRACER_LIB");
        installed = "../" SKEL_LIBDIR_REL;
        built = SKEL_BUILD_TRACER_DIR;
        file = "libskeltrace.so";
        break;
    case SKEL_RES_TRACER_OPENMPI:
        env = getenv("SKEL_TRACER_LIB_OPENMPI");
        installed = "../" SKEL_LIBDIR_REL;
        built = SKEL_BUILD_TRACER_DIR;
        file = "libskeltrace-openmpi.so";
        break;
    case SKEL_RES_SHIM_FINALIZE:
    case SKEL_RES_SHIM_YIELD:
        if (getenv("SKEL_SHIM_DIR") != NULL) {
            snprintf(dirbuf, sizeof dirbuf, "%s", getenv("SKEL_SHIM_DIR"));
            env = dirbuf;
        }
        installed = "../" SKEL_LIBDIR_REL;
        built = SKEL_BUILD_RUNTIME_DIR;
        file = which == SKEL_RES_SHIM_FINALIZE ? "libskelshim-finalize.so" : "libskelshim-yield.so";
        if (env != NULL) {
            snprintf(out, outlen, "%s/%s", env, file);
            return exists(out) ? SKEL_OK
                               : skel_fail(SKEL_ENOTFOUND, "%s not found (SKEL_SHIM_DIR)", out);
        }
        break;
    case SKEL_RES_TEMPLATES:
        env = getenv("SKEL_TEMPLATES");
        installed = "../" SKEL_DATADIR_REL "/templates";
        built = SKEL_SOURCE_DIR "/templates";
        break;
    case SKEL_RES_NETPROBE:
        return netprobe_program(out, outlen);
    }
    if (env != NULL && *env != '\0') {
        snprintf(out, outlen, "%s", env);
        return exists(out) ? SKEL_OK : skel_fail(SKEL_ENOTFOUND, "%s does not exist", out);
    }
    snprintf(out, outlen, "%s/%s%s%s", skel_cli_self_dir(), installed, *file ? "/" : "", file);
    if (exists(out))
        return SKEL_OK;
    snprintf(out, outlen, "%s%s%s", built, *file ? "/" : "", file);
    if (exists(out))
        return SKEL_OK;
    return skel_fail(SKEL_ENOTFOUND, "cannot find %s (looked beside %s and in %s)",
                     *file ? file : installed, skel_cli_self_dir(), built);
}

int skel_cli_tools(struct skel_cli_tools *tools, int yield)
{
    memset(tools, 0, sizeof *tools);
    if (snprintf(tools->nsexec, sizeof tools->nsexec, "%s/skel-nsexec", skel_cli_self_dir()) >=
        (int)sizeof tools->nsexec)
        return skel_fail(SKEL_ERANGE, "the path of skel's directory is too long: %s",
                         skel_cli_self_dir());
    tools->t.nsexec = tools->nsexec;
    if (skel_cli_resource(SKEL_RES_SHIM_FINALIZE, tools->shim_finalize,
                          sizeof tools->shim_finalize) == SKEL_OK)
        tools->t.shim_finalize = tools->shim_finalize;
    skel_clear_error(); /* the finalize shim is optional */
    if (yield) {
        int rc =
            skel_cli_resource(SKEL_RES_SHIM_YIELD, tools->shim_yield, sizeof tools->shim_yield);
        if (rc != SKEL_OK)
            return rc;
        tools->t.shim_yield = tools->shim_yield;
    }
    return SKEL_OK;
}
