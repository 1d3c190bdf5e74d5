/* cli.h - what every `skel` subcommand shares: error reporting, strict number
 * parsing, locating Skel's own files (tracer library, shims, templates,
 * programs), and the end of a command that may be interrupted.
 *
 * Subcommands are thin: argv -> an options struct (opts.h) -> one libskel
 * call (runtime/usecase/) -> print.  They return an exit status;
 * skel_cli_fail() is the only place a library error code becomes a message
 * and an exit status (see docs/exit-codes.md).
 */
#ifndef SKEL_CLI_H
#define SKEL_CLI_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "launch.h"
#include "usecase.h"

/* The help text of a command (help/NAME.txt, embedded at build time). */
void skel_cli_help(FILE *out, const char *name);

/* Print "skel CMD: error: DETAIL" (the thread's last error detail, or the
 * code's generic message) to stderr and return the exit status for code. */
int skel_cli_fail(const char *cmd, int code);

/* Print "skel CMD: MESSAGE (see 'skel CMD --help')", one line; return exit
 * status 2. */
int skel_cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The end of a command that started jobs: after Ctrl-C "skel CMD:
 * interrupted by signal N; cleaned up" and exit status 130; else 0 or
 * skel_cli_fail(cmd, rc). */
int skel_cli_finish(const char *cmd, int rc);

/* A second step e (writing the CSV) after a first that ended with rc: the
 * first failure wins, with its detail `saved` (copied before the second step
 * ran); e's detail is printed when both failed. */
int skel_cli_also(const char *cmd, int rc, const char *saved, int e);

/* The progress line of a traced run (cmd_trace.c; generate uses it too):
 * the program's name and what the tracer has written into dir so far. */
struct skel_cli_trace_view {
    char dir[PATH_MAX + 16]; /* where the ranks write while they run: DIR.skel-new */
    char prog[128];
};
void skel_cli_trace_view(struct skel_cli_trace_view *v, const char *dir, char *const argv[]);
void skel_cli_trace_sampler(void *view, char *buf, size_t len); /* for skel_progress_sampler() */

/* Directory holding the running `skel` executable (no trailing slash). */
const char *skel_cli_self_dir(void);

/* Kinds of files Skel ships beside the executable. */
enum skel_resource {
    SKEL_RES_TRACER_MPICH,   /* libskeltrace.so built against MPICH */
    SKEL_RES_TRACER_OPENMPI, /* libskeltrace-openmpi.so */
    SKEL_RES_SHIM_FINALIZE,  /* libskelshim-finalize.so (MPICH TCP finalize work-around) */
    SKEL_RES_SHIM_YIELD,     /* libskelshim-yield.so (oversubscription) */
    SKEL_RES_TEMPLATES,      /* templates/ directory */
    SKEL_RES_NETPROBE,       /* skel-netprobe-mpi, the ping-pong program */
};

/* Find a resource: an environment override (SKEL_TRACER_LIB, SKEL_TRACER_LIB_OPENMPI,
 * SKEL_SHIM_DIR, SKEL_TEMPLATES, SKEL_NETPROBE_PROG), then the install tree
 * relative to the executable, then the build tree.  Writes the path to out. */
int skel_cli_resource(enum skel_resource which, char *out, size_t outlen);

/* The programs and shims a launch needs (launch.h), with room for their
 * paths: skel-nsexec beside the executable, the finalize shim when it is
 * found, the yield shim - required - when yield is set. */
struct skel_cli_tools {
    struct skel_launch_tools t;
    char nsexec[PATH_MAX], shim_finalize[PATH_MAX], shim_yield[PATH_MAX];
};
int skel_cli_tools(struct skel_cli_tools *tools, int yield);

#endif
