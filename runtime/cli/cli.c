/* cli.c - shared helpers of the `skel` subcommands. */
#include "cli.h"

#include "error.h"

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

int skel_cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "skel %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'skel %s --help'.\n", cmd);
    return skel_exit_status(SKEL_EUSAGE);
}

int skel_cli_parse_u64(const char *what, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    char *end;
    if (s == NULL || *s == '\0' || *s == '-' || *s == '+')
        return skel_fail(SKEL_EUSAGE, "%s: expected a non-negative integer, got '%s'", what,
                         s ? s : "");
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0')
        return skel_fail(SKEL_EUSAGE, "%s: expected a non-negative integer, got '%s'", what, s);
    if (v < min || v > max)
        return skel_fail(SKEL_EUSAGE, "%s: %llu is out of range [%llu, %llu]", what, v,
                         (unsigned long long)min, (unsigned long long)max);
    *out = v;
    return SKEL_OK;
}

int skel_cli_parse_double(const char *what, const char *s, double min, double max, double *out)
{
    char *end;
    if (s == NULL || *s == '\0')
        return skel_fail(SKEL_EUSAGE, "%s: expected a number, got ''", what);
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || *end != '\0' || !isfinite(v))
        return skel_fail(SKEL_EUSAGE, "%s: expected a number, got '%s'", what, s);
    if (v < min || v > max)
        return skel_fail(SKEL_EUSAGE, "%s: %g is out of range [%g, %g]", what, v, min, max);
    *out = v;
    return SKEL_OK;
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

const char *skel_cli_printable(const char *s)
{
    static _Thread_local char buf[4096];
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p && k + 5 < sizeof buf;
         p++) {
        if (*p < 0x20 || *p >= 0x7f || *p == '\\')
            k += (size_t)snprintf(buf + k, sizeof buf - k, "\\x%02x", *p);
        else
            buf[k++] = (char)*p;
    }
    buf[k] = '\0';
    return buf;
}
