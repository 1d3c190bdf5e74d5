/* csv.c - RFC 4180 reading and writing (csv.h). */
#include "csv.h"

#include "error.h"
#include "grow.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void skel_csv_reader_init(skel_csv_reader *r, const char *text, size_t len, const char *source)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->len = len;
    r->source = source ? source : "(csv)";
    r->next_line = 1;
    r->max_fields = SKEL_CSV_MAX_FIELDS;
    /* Spreadsheets write a byte order mark; it is not part of the first field. */
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        r->pos = r->line_start = 3;
}

void skel_csv_reader_free(skel_csv_reader *r)
{
    free(r->buf);
    free(r->field);
    free(r->offs);
    free(r->fpos);
    memset(r, 0, sizeof *r);
}

static int fail_at(const skel_csv_reader *r, int code, unsigned line, size_t col, const char *fmt,
                   ...) __attribute__((format(printf, 5, 6)));
static int fail_at(const skel_csv_reader *r, int code, unsigned line, size_t col, const char *fmt,
                   ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return skel_fail(code, "%s:%u:%zu: %s", r->source, line, col, msg);
}

/* Column of byte i on the current line. */
static size_t col_of(const skel_csv_reader *r, size_t i)
{
    return i - r->line_start + 1;
}

/* Append len bytes to the record buffer (*n bytes used). */
static int append(skel_csv_reader *r, size_t *n, const char *p, size_t len)
{
    if (len == 0)
        return SKEL_OK; /* an empty field: nothing to copy, and maybe no buffer yet */
    int rc = skel_grow(&r->buf, &r->buf_cap, *n + len, 1);
    if (rc != SKEL_OK)
        return rc;
    memcpy(r->buf + *n, p, len);
    *n += len;
    return SKEL_OK;
}

/* At the start of a line: 1 when the flags make it no record (a blank line,
 * a comment; r->pos is then past it), 0 when it holds a record, < 0 an
 * error. */
static int skip_line(skel_csv_reader *r)
{
    const char *s = r->text;
    size_t i = r->pos;
    while (i < r->len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    int blank = i >= r->len || s[i] == '\n' || (s[i] == '\r' && i + 1 < r->len && s[i + 1] == '\n');
    if (blank) {
        if (!(r->flags & SKEL_CSV_SKIP_BLANK))
            return 0;
    } else if (s[i] != '#' || !(r->flags & SKEL_CSV_COMMENTS)) {
        return 0;
    }
    for (; i < r->len && s[i] != '\n'; i++)
        if (s[i] == '\0')
            return fail_at(r, SKEL_EFORMAT, r->next_line, col_of(r, i),
                           "NUL byte in a comment (the file is text)");
    if (i < r->len) {
        i++;
        r->next_line++;
    }
    r->pos = r->line_start = i;
    return 1;
}

/* Read one field starting at byte *ip into the record buffer (*n bytes used),
 * NUL-terminated. */
static int read_field(skel_csv_reader *r, size_t *ip, size_t *n, struct skel_csv_pos *at)
{
    const char *s = r->text;
    size_t i = *ip, start = *n;
    char bb[8];
    int rc;
    if (i < r->len && s[i] == '"') {
        at->quoted = 1;
        for (i++;; i++) {
            if (i >= r->len)
                return fail_at(r, SKEL_EFORMAT, at->line, at->col,
                               "quoted field not closed: expected '\"' before the end of the file");
            if (s[i] == '"') {
                if (i + 1 >= r->len || s[i + 1] != '"')
                    break;
                i++; /* a doubled quote stands for one */
            } else if (s[i] == '\0') {
                return fail_at(r, SKEL_EFORMAT, r->next_line, col_of(r, i), "NUL byte in a field");
            } else if (s[i] == '\n') {
                r->next_line++;
                r->line_start = i + 1;
            }
            if (*n - start >= SKEL_CSV_MAX_FIELD)
                return fail_at(r, SKEL_ERANGE, at->line, at->col, "field longer than %u bytes",
                               SKEL_CSV_MAX_FIELD);
            if ((rc = append(r, n, s + i, 1)) != SKEL_OK)
                return rc;
        }
        i++; /* the closing quote */
        if (i < r->len && s[i] != ',' && s[i] != '\n' && s[i] != '\r')
            return fail_at(r, SKEL_EFORMAT, r->next_line, col_of(r, i),
                           "expected ',' or the end of the line after a closing quote, found %s",
                           skel_show_byte((unsigned char)s[i], bb));
    } else {
        size_t a = i;
        for (; i < r->len && s[i] != ',' && s[i] != '\n' && s[i] != '\r'; i++) {
            if (s[i] == '\0')
                return fail_at(r, SKEL_EFORMAT, r->next_line, col_of(r, i), "NUL byte in a field");
            if (s[i] == '"')
                return fail_at(r, SKEL_EFORMAT, r->next_line, col_of(r, i),
                               "'\"' inside an unquoted field (quote the whole field: \"...\", "
                               "with \"\" for a quote)");
        }
        if (i - a > SKEL_CSV_MAX_FIELD)
            return fail_at(r, SKEL_ERANGE, at->line, at->col, "field longer than %u bytes",
                           SKEL_CSV_MAX_FIELD);
        if ((rc = append(r, n, s + a, i - a)) != SKEL_OK)
            return rc;
    }
    *ip = i;
    return append(r, n, "", 1);
}

int skel_csv_next(skel_csv_reader *r)
{
    const char *s = r->text;
    int rc;
    for (;;) {
        if (r->pos >= r->len)
            return 0;
        if ((rc = skip_line(r)) < 0)
            return rc;
        if (rc == 0)
            break;
    }
    size_t i = r->pos, n = 0, nf = 0;
    r->line = r->next_line;
    for (;;) {
        struct skel_csv_pos at = {r->next_line, (unsigned)col_of(r, i), 0};
        if (nf == r->max_fields)
            return fail_at(r, SKEL_ERANGE, at.line, at.col, "more than %zu fields in one record",
                           r->max_fields);
        if ((rc = skel_grow(&r->offs, &r->offs_cap, nf + 1, sizeof *r->offs)) != SKEL_OK ||
            (rc = skel_grow(&r->fpos, &r->pos_cap, nf + 1, sizeof *r->fpos)) != SKEL_OK)
            return rc;
        r->offs[nf] = n;
        if ((rc = read_field(r, &i, &n, &at)) != SKEL_OK)
            return rc;
        r->fpos[nf++] = at;
        if (i < r->len && s[i] == ',') {
            i++;
            continue;
        }
        r->end_col = (unsigned)col_of(r, i);
        if (i < r->len && s[i] == '\r') {
            if (i + 1 >= r->len || s[i + 1] != '\n')
                return fail_at(r, SKEL_EFORMAT, r->next_line, col_of(r, i),
                               "carriage return not followed by a line feed");
            i++;
        }
        if (i < r->len && s[i] == '\n') {
            i++;
            r->next_line++;
            r->line_start = i;
        }
        break;
    }
    r->pos = i;
    /* Fields as pointers into the buffer, now that it no longer moves. */
    if ((rc = skel_grow(&r->field, &r->fptr_cap, nf, sizeof *r->field)) != SKEL_OK)
        return rc;
    for (size_t k = 0; k < nf; k++)
        r->field[k] = r->buf + r->offs[k];
    r->at = r->fpos;
    r->nfields = nf;
    return 1;
}

void skel_csv_field(FILE *f, const char *s)
{
    if (s == NULL)
        return;
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void skel_csv_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.9g", v);
}
