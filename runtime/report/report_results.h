/* report_results.h - the results files `skel report` reads: what kind each
 * is (recognised by its header line, not its name) and its cells, with the
 * line and column each came from so that a bad value can be named.
 *
 * Recognised (docs/report.md lists the full header lines; columns are found
 * by name, so added columns and another order are fine):
 *   run        `skel run --csv`        kind,repeat,wall_s,outcome,...,median_s,...
 *   validate   `skel validate --csv`   kind,scenario,reference,name,time_s,...
 *   select     `skel select --csv`     rank,candidate,hosts,...,skeleton_s,...
 *   stats      `skel stats --csv`      rank,call,count,bytes,rbytes,time_ns
 *   calibrate  `skel calibrate --csv`  kind,target,...,predicted_change,measured_change
 *   critpath   `skel critpath --tsv`   first line "run_ns<TAB>..."
 *   predict    `skel predict --tsv`    first line "measured_ns<TAB>..."
 * and, with skel_results_parse_meta(), a skeleton directory's skeleton.meta
 * ("key value..." lines, '#' comments).
 *
 * Every file is untrusted input: CSV per RFC 4180 read by tracer/base/csv.h
 * (quoted fields, "" inside quotes, LF or CRLF line ends, blank lines
 * skipped), bounded in size, columns and field length;
 * errors name the file, the line and the column and say what was expected
 * ("runs.csv:4:17: expected ',' or the end of the line after a closing
 * quote, found 'x'").
 *
 * Ownership: skel_results_read()/parse() allocate a table that
 * skel_results_free() releases with every string in it.
 */
#ifndef SKEL_REPORT_RESULTS_H
#define SKEL_REPORT_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#define SKEL_RESULTS_MAX_BYTES (64u << 20) /* largest file read */
#define SKEL_RESULTS_MAX_COLS  256
#define SKEL_RESULTS_MAX_FIELD (1u << 20) /* bytes in one field */

enum skel_results_kind {
    SKEL_RESULTS_RUN,
    SKEL_RESULTS_VALIDATE,
    SKEL_RESULTS_SELECT,
    SKEL_RESULTS_STATS,
    SKEL_RESULTS_CALIBRATE,
    SKEL_RESULTS_CRITPATH,
    SKEL_RESULTS_PREDICT,
    SKEL_RESULTS_SKELMETA,
    SKEL_RESULTS__KINDS
};

/* "run", "validate", ... */
const char *skel_results_kind_name(int kind);
/* The command that writes it ("skel run --csv"). */
const char *skel_results_kind_source(int kind);

struct skel_results_cell {
    char *text;    /* NUL-terminated; a field holding a NUL byte is refused */
    uint32_t line; /* where the field starts, 1-based */
    uint32_t col;  /* byte column, 1-based */
};

struct skel_results_row {
    uint32_t line;
    size_t n;
    struct skel_results_cell *cell;
};

struct skel_results {
    char *name;   /* the file as named in messages */
    int kind;     /* enum skel_results_kind */
    size_t ncols; /* CSV kinds: the header's columns; 0 for the others */
    char **cols;
    size_t nrows; /* CSV kinds: data rows (every one has ncols cells); others: the
                     lines, split at tabs (TSV) or blanks (meta), blank and '#'
                     lines left out */
    struct skel_results_row *rows;
};

/* Read and parse a file (at most SKEL_RESULTS_MAX_BYTES). */
int skel_results_read(const char *path, struct skel_results **out);
/* Parse buf[0..len); name is used in messages. */
int skel_results_parse(const char *buf, size_t len, const char *name, struct skel_results **out);
/* A skeleton.meta file ("key value..." per line). */
int skel_results_parse_meta(const char *buf, size_t len, const char *name,
                            struct skel_results **out);
int skel_results_read_meta(const char *path, struct skel_results **out);
void skel_results_free(struct skel_results *r);

/* Index of the column called name, or -1. */
int skel_results_col(const struct skel_results *r, const char *name);

/* Text of a cell; "" when col is -1 or past the row's end. */
const char *skel_results_text(const struct skel_results *r, size_t row, int col);

/* A number from a cell.  SKEL_OK and *v; SKEL_ENOTFOUND (no detail) when
 * the cell is empty or absent; SKEL_EFORMAT with "name:line:col: column
 * 'what': expected a number, found '...'" otherwise. */
int skel_results_num(const struct skel_results *r, size_t row, int col, double *v);

/* The first row whose cell 0 is key (TSV and meta kinds), or -1. */
long skel_results_find(const struct skel_results *r, const char *key, size_t from);

/* A number from field i of a row found by key ("k 50" -> field 1). */
int skel_results_key_num(const struct skel_results *r, const char *key, size_t field, double *v);

#endif
