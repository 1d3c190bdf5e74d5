/* error.h - Skel's one error enum, generated from one table.
 *
 * Every library function in Skel returns an int that is SKEL_OK (0) or one of
 * the negative codes below, and records a human-readable detail (which file,
 * which rank, which byte offset or line, what was expected) in a thread-local
 * buffer with skel_fail().  Only the CLI turns a code into a message and an
 * exit status (skel_exit_status()).
 *
 * Ownership: the detail string returned by skel_last_error() belongs to the
 * library and stays valid until the next skel_fail() on the same thread.
 */
#ifndef SKEL_ERROR_H
#define SKEL_ERROR_H

#include <stdarg.h>

/* XX(name, exit status, message).  Exit statuses are documented in
 * docs/exit-codes.md; keep the two in step. */
#define SKEL_ERRNO_MAP(XX)                                                                         \
    XX(USAGE, 2, "invalid usage")                                                                  \
    XX(IO, 4, "input/output error")                                                                \
    XX(NOMEM, 1, "out of memory")                                                                  \
    XX(FORMAT, 3, "malformed input")                                                               \
    XX(TRUNCATED, 3, "truncated input")                                                            \
    XX(VERSION, 3, "unsupported format version")                                                   \
    XX(RANGE, 3, "value out of range")                                                             \
    XX(SCHEMA, 3, "schema validation failed")                                                      \
    XX(EXEC, 5, "child process failed")                                                            \
    XX(TIMEOUT, 5, "timed out")                                                                    \
    XX(DEADLOCK, 6, "communication schedule would deadlock")                                       \
    XX(INTERRUPTED, 130, "interrupted")                                                            \
    XX(UNSUPPORTED, 1, "unsupported")                                                              \
    XX(NOTFOUND, 4, "not found")                                                                   \
    XX(STATE, 1, "inconsistent state")                                                             \
    XX(SYSTEM, 1, "system call failed")                                                            \
    XX(INTERNAL, 1, "internal error")

enum skel_status {
    SKEL_OK = 0,
    SKEL__FIRST = -1,
#define SKEL__XX(name, status, msg) SKEL_E##name,
    SKEL__PLACEHOLDER = -1000, /* codes count up from here, all negative */
    SKEL_ERRNO_MAP(SKEL__XX)
#undef SKEL__XX
        SKEL__LAST
};

/* Short symbolic name ("SKEL_EFORMAT") and generic message of a code. */
const char *skel_errname(int code);
const char *skel_strerror(int code);

/* Exit status the CLI uses for a code (0 for SKEL_OK). */
int skel_exit_status(int code);

/* Record a detail message for the calling thread and return code, so that
 * callers can write `return skel_fail(SKEL_EFORMAT, "%s: byte %zu: ...", ...)`. */
int skel_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int skel_vfail(int code, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* Detail of the last failure on this thread ("" if none). */
const char *skel_last_error(void);

/* Prefix the current detail with more context ("while reading X: <detail>")
 * and return code unchanged. */
int skel_fail_context(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Forget the current detail. */
void skel_clear_error(void);

/* A byte of untrusted input for a message: 'c' when printable, else \xHH;
 * written into buf (8 bytes) and returned. */
const char *skel_show_byte(unsigned char c, char buf[8]);

#endif
