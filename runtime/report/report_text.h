/* report_text.h - untrusted text made safe for the formats `skel report` and
 * `skel export` write, and quantities formatted for people.
 *
 * Strings from traces, signatures and results files (command lines, host
 * names, call-site names, file names) may hold anything: invalid UTF-8,
 * control bytes, markup.  Before such a string reaches XML/HTML it goes
 * through skel_text_clean() (valid UTF-8, no character XML 1.0 forbids; the
 * markup writer then escapes <, & and quotes); before it reaches JSON it goes
 * through skel_text_json() (escapes quotes, backslashes and controls, and
 * replaces invalid UTF-8).
 *
 * Ownership: skel_text_clean() returns a malloc'd string the caller frees;
 * the formatting functions write into the caller's buffer and return it.
 */
#ifndef SKEL_REPORT_TEXT_H
#define SKEL_REPORT_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Decode one UTF-8 character of s[0..n) (n >= 1): returns the bytes it takes
 * and sets *cp; an invalid, overlong, surrogate or truncated sequence takes 1
 * byte and gives U+FFFD. */
size_t skel_text_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);

/* s as valid UTF-8 holding only characters XML 1.0 allows: invalid bytes
 * become U+FFFD, control characters (other than tab and newline when
 * keep_lines) become the visible text "\xHH", U+FFFE/U+FFFF become U+FFFD.
 * At most max_bytes of s are used (0: all); a longer s ends in "…".
 * NULL s gives "".  Returns NULL only when out of memory. */
char *skel_text_clean(const char *s, size_t max_bytes, int keep_lines);

/* Write s to f as a JSON string literal with its quotes: ", \ and control
 * characters escaped, invalid UTF-8 replaced by U+FFFD, and the line
 * separators U+2028/U+2029 escaped (JavaScript parsers choke on them).
 * NULL s writes "".  Returns 0, or -1 when writing failed. */
int skel_text_json(FILE *f, const char *s);

/* s on one line for display: every run of white space and control
 * characters (MPICH's "MPICH Version:\t4.0.2", a line break) becomes one
 * blank, leading and trailing ones go.  Bytes above 0x7e are kept (escape
 * them for the output format as usual).  NULL s gives "".  Returns buf. */
const char *skel_text_oneline(const char *s, char *buf, size_t len);

/* A duration in seconds for people: "1.23 s", "456 ms", "7.8 µs", "12 ns";
 * three significant digits. */
const char *skel_text_seconds(double s, char *buf, size_t len);

/* A byte count: "512 B", "4.0 KiB", "1.5 MiB". */
const char *skel_text_bytes(double b, char *buf, size_t len);

/* A count with thin grouping: "12 345 678". */
const char *skel_text_count(uint64_t n, char *buf, size_t len);

#endif
