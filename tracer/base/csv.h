/* csv.h - RFC 4180 CSV: the one reader and the one field writer Skel uses.
 *
 * Reading is strict, as for every file Skel reads: a damaged record is an
 * error "SOURCE:LINE:COLUMN: what was found, what was expected".  Quoted
 * fields may hold commas, doubled quotes and line breaks; CRLF and LF line
 * ends are both accepted; NUL bytes are refused.
 *
 *     skel_csv_reader r;
 *     skel_csv_reader_init(&r, text, len, path);
 *     while ((rc = skel_csv_next(&r)) > 0)
 *         use r.field[0 .. r.nfields), r.line;
 *     skel_csv_reader_free(&r);             (rc < 0: an error code)
 *
 * Ownership: the reader does not copy text, which must outlive it; the
 * fields belong to the reader and are valid until the next skel_csv_next().
 */
#ifndef SKEL_CSV_H
#define SKEL_CSV_H

#include <stddef.h>
#include <stdio.h>

/* Longest field and most fields per record accepted. */
#define SKEL_CSV_MAX_FIELD (1u << 20)
#define SKEL_CSV_MAX_FIELDS 4096u

typedef struct skel_csv_reader {
    /* Read-only for the caller: */
    char **field;   /* the current record's fields, NUL-terminated */
    size_t nfields; /* how many */
    unsigned line;  /* line on which the current record starts (from 1) */
    /* Private: */
    const char *text, *source;
    size_t len, pos, line_start;
    unsigned next_line;
    char *buf;
    size_t buf_cap, field_cap, fptr_cap;
    size_t *offs;
} skel_csv_reader;

void skel_csv_reader_init(skel_csv_reader *r, const char *text, size_t len, const char *source);

/* 1: a record was read; 0: end of the text; < 0: an error code (detail set). */
int skel_csv_next(skel_csv_reader *r);

void skel_csv_reader_free(skel_csv_reader *r);

/* Write s as one field, quoted when it holds ',', '"', CR or LF (NULL: empty). */
void skel_csv_field(FILE *f, const char *s);

/* Write a number with 9 significant digits; nothing (an empty field) when v is
 * not finite. */
void skel_csv_num(FILE *f, double v);

#endif
