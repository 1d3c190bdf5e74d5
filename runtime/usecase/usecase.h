/* usecase.h - what the use cases of libskel share: releasing a testbed
 * without losing the error that ended the run, the check for Ctrl-C, and
 * untrusted text made safe to print.
 *
 * libskel holds one use case per header (generate.h, gen.h, run.h,
 * netprobe_run.h, select.h, validate.h, calibrate.h, ...): each takes an
 * options struct, does the whole job and returns its results as data; the
 * `skel` command (runtime/cli/) parses argv into the options, makes the one
 * call and prints.  No use case runs the `skel` executable.
 *
 * Ownership: skel_usecase_printable() returns a thread-local buffer valid
 * until the next call on the thread; nothing else allocates.
 */
#ifndef SKEL_USECASE_H
#define SKEL_USECASE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "testbed.h"

/* Release tb (skel_testbed_release(): an implicit testbed is taken down)
 * at the end of a use case that ended with rc.  Returns rc with its error
 * detail when rc is a failure - the release's own failure would otherwise
 * replace the detail of the one that matters - else the release's result. */
int skel_usecase_release(skel_testbed *tb, int rc);

/* SKEL_EINTERRUPTED ("interrupted by signal N") once Ctrl-C or SIGTERM was
 * received (skel_proc_signals_install()), else SKEL_OK. */
int skel_usecase_interrupted(void);

/* Strict parsers of the numbers a user writes: the whole string must be a
 * number in range.  SKEL_OK, or SKEL_EUSAGE with a detail naming `what`. */
int skel_usecase_parse_u64(const char *what, const char *s, uint64_t min, uint64_t max,
                           uint64_t *out);
int skel_usecase_parse_double(const char *what, const char *s, double min, double max, double *out);

/* Text safe to print on a terminal: control characters, bytes outside
 * printable ASCII and backslashes of untrusted strings (command lines, host
 * names and error texts from files) become \xHH. */
const char *skel_usecase_printable(const char *s);

/* A printable copy of s in buf: every byte outside printable ASCII becomes
 * '?' (the tables of select and validate; NULL prints as ""). */
const char *skel_usecase_safe(const char *s, char *buf, size_t len);

/* Untrusted text (names from a traced program) with control characters and
 * DEL written as \xHH; NULL writes nothing. */
void skel_usecase_put_text(FILE *out, const char *s);

/* The first line about a trace: "LABEL DIR (N ranks, E events, M messages,
 * C collectives)", DIR written with skel_usecase_put_text(). */
void skel_usecase_print_trace(FILE *out, const char *label, const char *dir, uint32_t nranks,
                              uint64_t events, uint64_t messages, uint64_t collectives);

/* Format a message and hand it to a use case's text callback (a progress or
 * note function of its options); nothing when fn is NULL. */
void skel_usecase_tell(void (*fn)(void *arg, const char *text), void *arg, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Whether trace t (opened from dir) may be used: a whole trace always; a
 * partial one (skel_trace_completeness()) only with allow_partial, and then
 * *partial gets the reason (malloc'd, the caller frees; NULL when whole).
 * Refused: SKEL_ETRUNCATED naming dir and why, with the hint
 * --allow-partial.
 *
 * Without allow_partial, a trace that says it is whole
 * (skel_trace_says_complete(): every header says MPI_Finalize) is not read
 * here - reading every event twice cost a fifth of `skel critpath` - and
 * the command reading it finds any damage; it then passes its error
 * through skel_usecase_trace_failed(). */
struct skel_trace;
int skel_usecase_trace_check(struct skel_trace *t, const char *dir, int allow_partial,
                             char **partial);

/* After a command failed with rc while reading trace t: if the trace is
 * partial, the error skel_usecase_trace_check() would have given by reading
 * it first (the same message); else rc with its own detail. */
int skel_usecase_trace_failed(struct skel_trace *t, const char *dir, int rc);

/* The candidate closest to a mistyped word, for a "did you mean" hint:
 * the one with the smallest edit distance (insertions, deletions,
 * substitutions and swaps of neighbours), if that distance is at most a
 * third of the word's length (at least 1), or a candidate the word is a
 * prefix of (at least 3 characters); NULL when none is close enough or two
 * are equally close.  Candidates may repeat. */
const char *skel_usecase_suggest(const char *word, const char *const *cand, size_t n);

/* Ranks as ranges: "0-3,5,7-8". */
void skel_usecase_print_ranks(FILE *out, const uint32_t *ranks, uint32_t n);

#endif
