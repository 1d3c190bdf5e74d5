/* cli.h - what every `skel` subcommand shares: error reporting, strict number
 * parsing, and locating Skel's own files (tracer library, shims, templates).
 *
 * Subcommands are thin: they parse options, call the libraries, print.  They
 * return an exit status; skel_cli_fail() is the only place a library error
 * code becomes a message and an exit status (see docs/exit-codes.md).
 */
#ifndef SKEL_CLI_H
#define SKEL_CLI_H

#include <stddef.h>
#include <stdint.h>

/* Print "skel CMD: error: DETAIL" (the thread's last error detail, or the
 * code's generic message) to stderr and return the exit status for code. */
int skel_cli_fail(const char *cmd, int code);

/* Print "skel CMD: MESSAGE" and a hint to run --help; return exit status 2. */
int skel_cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Strict parsers: the whole string must be a number in range.  They return
 * SKEL_OK or SKEL_EUSAGE with a detail naming `what`. */
int skel_cli_parse_u64(const char *what, const char *s, uint64_t min, uint64_t max, uint64_t *out);
int skel_cli_parse_double(const char *what, const char *s, double min, double max, double *out);

/* Directory holding the running `skel` executable (no trailing slash). */
const char *skel_cli_self_dir(void);

/* Kinds of files Skel ships beside the executable. */
enum skel_resource {
    SKEL_RES_TRACER_MPICH,   /* libskeltrace.so built against MPICH */
    SKEL_RES_TRACER_OPENMPI, /* libskeltrace-openmpi.so */
    SKEL_RES_SHIM_FINALIZE,  /* libskelshim-finalize.so (MPICH TCP finalize work-around) */
    SKEL_RES_SHIM_YIELD,     /* libskelshim-yield.so (oversubscription) */
    SKEL_RES_TEMPLATES,      /* templates/ directory */
};

/* Find a resource: an environment override (SKEL_TRACER_LIB, SKEL_TRACER_LIB_OPENMPI,
 * SKEL_SHIM_DIR, SKEL_TEMPLATES), then the install tree relative to the
 * executable, then the build tree.  Writes the path to out. */
int skel_cli_resource(enum skel_resource which, char *out, size_t outlen);

/* Text safe to print on a terminal: control characters and non-ASCII bytes of
 * untrusted strings (command lines, host names from traces) become \xHH.
 * Returns a thread-local buffer valid until the next call. */
const char *skel_cli_printable(const char *s);

/* The summary `skel stats` prints (cmd_stats.c); `skel trace` prints it too. */
#include <stdio.h>
struct skel_tracestats;
struct skel_trace;
void skel_cli_print_stats(FILE *out, const struct skel_trace *t, const struct skel_tracestats *st);

#endif
