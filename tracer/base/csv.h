/* csv.h - RFC 4180 CSV: the one reader and the one field writer Skel uses.
 *
 * Reading is strict, as for every file Skel reads: a damaged record is an
 * error "SOURCE:LINE:COLUMN: what was found, what was expected" (columns
 * count bytes from 1).  Quoted fields may hold commas, doubled quotes and
 * line breaks; CRLF and LF line ends are both accepted, a carriage return
 * anywhere else outside quotes is not; NUL bytes are refused; a UTF-8 byte
 * order mark at the start of the text is skipped (columns count after it).
 *
 *     skel_csv_reader r;
 *     skel_csv_reader_init(&r, text, len, path);
 *     r.flags = SKEL_CSV_SKIP_BLANK;        (optional, before the first record)
 *     while ((rc = skel_csv_next(&r)) > 0)
 *         use r.field[0 .. r.nfields), r.at[k].line and .col, r.line;
 *     skel_csv_reader_free(&r);             (rc < 0: an error code)
 *
 * Ownership: the reader does not copy text, which must outlive it; the
 * fields and their positions belong to the reader and are valid until the
 * next skel_csv_next() or skel_csv_reader_free().
 */
#ifndef SKEL_CSV_H
#define SKEL_CSV_H

#include <stddef.h>
#include <stdio.h>

/* Longest field and most fields per record accepted (max_fields may lower
 * the second). */
#define SKEL_CSV_MAX_FIELD  (1u << 20)
#define SKEL_CSV_MAX_FIELDS 4096u

/* Reader flags. */
enum {
    SKEL_CSV_SKIP_BLANK = 1, /* a line of nothing but blanks and tabs is not a record */
    SKEL_CSV_COMMENTS = 2,   /* nor is a line whose first non-blank byte is '#' */
};

/* Where a field starts, and whether it was quoted (an unquoted field's text
 * stands in the file as it is, from that column on). */
struct skel_csv_pos {
    unsigned line, col;
    int quoted;
};

typedef struct skel_csv_reader {
    /* Read-only for the caller: the current record. */
    char **field;                  /* its fields, NUL-terminated */
    const struct skel_csv_pos *at; /* where each field starts */
    size_t nfields;                /* how many (at least 1) */
    unsigned line;                 /* line on which the record starts (from 1) */
    unsigned end_col;              /* column of its line end, on its last line */
    /* Settable between init and the first skel_csv_next(): */
    unsigned flags;    /* SKEL_CSV_* */
    size_t max_fields; /* most fields per record (SKEL_CSV_MAX_FIELDS) */
    /* Private: */
    const char *text, *source;
    size_t len, pos, line_start;
    unsigned next_line;
    char *buf;
    size_t buf_cap, offs_cap, fptr_cap, pos_cap;
    size_t *offs;
    struct skel_csv_pos *fpos;
} skel_csv_reader;

/* Read text[0..len); source names it in messages (NULL: "(csv)"). */
void skel_csv_reader_init(skel_csv_reader *r, const char *text, size_t len, const char *source);

/* 1: a record was read; 0: the end of the text; < 0: an error code, with
 * the detail set (SKEL_EFORMAT, SKEL_ERANGE for the limits, SKEL_ENOMEM). */
int skel_csv_next(skel_csv_reader *r);

void skel_csv_reader_free(skel_csv_reader *r);

/* Write s as one field, quoted when it holds ',', '"', CR or LF (NULL: empty). */
void skel_csv_field(FILE *f, const char *s);

/* Write a number with 9 significant digits; nothing (an empty field) when v is
 * not finite. */
void skel_csv_num(FILE *f, double v);

#endif
