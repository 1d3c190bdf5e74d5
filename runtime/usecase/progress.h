/* progress.h - what a long command is doing, for a person watching it.
 *
 * Everything goes to standard error; standard output stays for results.
 * On a terminal (stderr a TTY, TERM not "dumb") one status line is
 * rewritten in place - "skel select: candidate 2/3 (pair-b), round 1/5, 12 s
 * elapsed, about 40 s left" - once a second by a ticker thread, cut to the
 * terminal's width; permanent lines (results of each launch, warnings) are
 * printed above it with skel_progress_note().  Anywhere else (a pipe, a
 * file, a CI log) there is no line to rewrite: a step that has run for 10 s
 * prints one plain line, then one a minute while it runs (quick commands
 * print none).  --quiet
 * (skel_progress_start(..., 1)) turns the status off; notes still print
 * unless the caller drops them.
 *
 *     skel_progress_start("trace", quiet);
 *     skel_progress_sampler(sample_trace, &ctx);   (refreshed every second)
 *     ... long work, from any thread ...
 *     skel_progress_stop();                         (before the results)
 *
 * Ownership: one progress display per process; the strings passed are
 * copied.  Every function is safe to call from any thread, and a no-op
 * before skel_progress_start() or after skel_progress_stop().
 */
#ifndef SKEL_PROGRESS_H
#define SKEL_PROGRESS_H

#include <stddef.h>

enum skel_progress_mode {
    SKEL_PROGRESS_OFF = 0,
    SKEL_PROGRESS_TTY,   /* one line rewritten in place */
    SKEL_PROGRESS_PLAIN, /* a line per step, one a minute while it runs */
};

/* Begin showing progress for command cmd ("skel CMD: ..."); the mode comes
 * from stderr and TERM (SKEL_PROGRESS=tty|plain|off overrides, for tests),
 * or is OFF when quiet. */
void skel_progress_start(const char *cmd, int quiet);
enum skel_progress_mode skel_progress_mode(void);

/* A new step begins (a launch, a phase): the status becomes text and the
 * step's clock starts. */
void skel_progress_step(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The running step's status changes (counts going up). */
void skel_progress_update(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* done of total units of work are finished: the status then says "about N s
 * left", from the time the finished ones took.  total 0: no estimate. */
void skel_progress_count(unsigned done, unsigned total);

/* A function that gives the status text (tracing: ranks started, events
 * recorded), called at once and then every second by the ticker; NULL to
 * stop. */
void skel_progress_sampler(void (*fn)(void *arg, char *buf, size_t len), void *arg);

/* A permanent line: "skel CMD: text" on its own line, the status redrawn
 * below it. */
void skel_progress_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Take the status line off the terminal before printing other lines
 * (results on stdout, messages); the ticker puts it back within a second. */
void skel_progress_hide(void);

/* Stop: the status line is cleared, the ticker joined.  Call before the
 * results and before error messages. */
void skel_progress_stop(void);

/* The status for people, as the line shows it (for tests of the format):
 * "TEXT, 12 s elapsed, about 40 s left". */
void skel_progress_format(char *buf, size_t len, const char *text, double elapsed_s, double left_s);

#endif
