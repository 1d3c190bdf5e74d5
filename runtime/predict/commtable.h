/* commtable.h - communication cost tables: the one-way time of a message by
 * the kind of pair it travels between and its size (Eom et al., section 2.2).
 *
 * A table is what `skel netprobe` measures (half the round trip of
 * ping-pongs) and what `skel predict` and `skel critpath` look messages up
 * in.  It is a small CSV file that can also be written by hand to describe a
 * network that does not exist; the format is in docs/predictions.md:
 *
 *     # comment lines start with '#'; blank lines are ignored
 *     kind,size,oneway_ns_min,oneway_ns_median,repeats
 *     same-host,0,180,195,1000
 *     cross-host,1048576,1400000,1452000.5,200
 *
 * The header names the columns (any order); kind, size and oneway_ns_median
 * are required, oneway_ns_min and repeats optional.  Blanks around a field
 * are ignored; fields are never quoted.  Files are untrusted input, read by
 * the CSV reader of tracer/base/csv.h: the parser is strict and
 * bounds-checked, and every error names the file, the line, the column and
 * what was expected.
 *
 * Lookup uses the median.  Between two measured sizes it interpolates
 * linearly; beyond the largest it extrapolates along the slope of a
 * least-squares line through the larger half of the measured sizes, drawn
 * from the largest measured point; below the smallest it takes the smallest
 * size's value.
 *
 * Ownership: skel_commtable_new/parse/load allocate a table that the caller
 * frees with skel_commtable_free().  Rows handed out by skel_commtable_row()
 * belong to the table and stay valid until the next skel_commtable_add() or
 * the free.  The table keeps a copy of the name it was given.
 */
#ifndef SKEL_COMMTABLE_H
#define SKEL_COMMTABLE_H

#include <stddef.h>
#include <stdint.h>

/* Kinds of pairs a message can travel between. */
enum skel_commtable_kind {
    SKEL_COMMTABLE_SAME_HOST = 0, /* "same-host": both processes on one host */
    SKEL_COMMTABLE_CROSS_HOST,    /* "cross-host": on two different hosts */
    SKEL_COMMTABLE__KINDS
};

/* Limits of what a table may hold. */
#define SKEL_COMMTABLE_MAX_SIZE  (UINT64_C(1) << 50) /* bytes */
#define SKEL_COMMTABLE_MAX_NS    1e15                /* about 11.6 days */
#define SKEL_COMMTABLE_MAX_ROWS  100000
#define SKEL_COMMTABLE_MAX_BYTES (16u << 20) /* file size */

struct skel_commtable_row {
    int kind;         /* enum skel_commtable_kind */
    uint64_t size;    /* message size in bytes */
    double min_ns;    /* fastest one-way time seen (= median_ns when not given) */
    double median_ns; /* median one-way time: what lookups use */
    uint64_t repeats; /* round trips the figures are over (0: not given) */
    unsigned line;    /* line in the file it was read from, 0 if not read from a file */
};

typedef struct skel_commtable skel_commtable;

/* An empty table named name (used in messages; may be NULL). */
int skel_commtable_new(const char *name, skel_commtable **out);
/* Parse a table from memory; name is the file name used in messages. */
int skel_commtable_parse(const char *buf, size_t len, const char *name, skel_commtable **out);
/* Read and parse a file (at most SKEL_COMMTABLE_MAX_BYTES). */
int skel_commtable_load(const char *path, skel_commtable **out);
void skel_commtable_free(skel_commtable *t);

/* Add one row; SKEL_ERANGE for values out of range, SKEL_EFORMAT for a
 * (kind, size) pair already present or min_ns > median_ns. */
int skel_commtable_add(skel_commtable *t, const struct skel_commtable_row *row);

/* Serialise: the comment (may be NULL; several lines allowed, each gets a
 * "# " prefix), the header and the rows sorted by kind and size.  *out is
 * malloc'd; the caller frees it. */
int skel_commtable_format(const skel_commtable *t, const char *comment, char **out);
/* Write to path (temporary file, then rename). */
int skel_commtable_write(const skel_commtable *t, const char *path, const char *comment);

const char *skel_commtable_name(const skel_commtable *t);
size_t skel_commtable_nrows(const skel_commtable *t);
/* Rows sorted by kind, then size. */
const struct skel_commtable_row *skel_commtable_row(const skel_commtable *t, size_t i);
/* 1 if the table has at least one row of that kind. */
int skel_commtable_has(const skel_commtable *t, int kind);

/* One-way time in ns of a message of `bytes` between a pair of that kind.
 * The kind must be present (skel_commtable_has); 0 otherwise. */
double skel_commtable_oneway(const skel_commtable *t, int kind, uint64_t bytes);

/* "same-host", "cross-host"; NULL for an unknown kind. */
const char *skel_commtable_kind_name(int kind);
/* The kind named s, or -1. */
int skel_commtable_kind_parse(const char *s);

#endif
