/* csv.c - RFC 4180 reading and writing (csv.h). */
#include "csv.h"

#include "error.h"
#include "grow.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void skel_csv_reader_init(skel_csv_reader *r, const char *text, size_t len, const char *source)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->len = len;
    r->source = source ? source : "(csv)";
    r->next_line = 1;
}

void skel_csv_reader_free(skel_csv_reader *r)
{
    free(r->buf);
    free(r->field);
    free(r->offs);
    memset(r, 0, sizeof *r);
}

static const char *show_byte(unsigned char c, char *buf)
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "\\x%02x", c);
    return buf;
}

static int put(skel_csv_reader *r, size_t *n, char c)
{
    if (skel_grow(&r->buf, &r->buf_cap, *n + 1, 1) != SKEL_OK)
        return SKEL_ENOMEM;
    r->buf[(*n)++] = c;
    return SKEL_OK;
}

int skel_csv_next(skel_csv_reader *r)
{
    const char *s = r->text;
    size_t i = r->pos, n = 0, nf = 0, field_start = 0;
    char bb[8];
    if (i >= r->len)
        return 0;
    r->line = r->next_line;
    for (;;) {
        unsigned col = (unsigned)(i - r->line_start + 1);
        if (nf == SKEL_CSV_MAX_FIELDS)
            return skel_fail(SKEL_ERANGE, "%s:%u:%u: more than %u fields in one record",
                             r->source, r->next_line, col, SKEL_CSV_MAX_FIELDS);
        if (skel_grow(&r->offs, &r->field_cap, nf + 1, sizeof *r->offs) != SKEL_OK)
            return SKEL_ENOMEM;
        r->offs[nf++] = field_start = n;
        if (i < r->len && s[i] == '"') {
            i++;
            for (;;) {
                if (i >= r->len)
                    return skel_fail(SKEL_EFORMAT,
                                     "%s:%u:%u: quoted field not closed: expected '\"' before "
                                     "the end of the file",
                                     r->source, r->line, col);
                char c = s[i];
                if (c == '"') {
                    if (i + 1 < r->len && s[i + 1] == '"') {
                        i++;
                    } else {
                        i++;
                        break;
                    }
                } else if (c == '\0') {
                    return skel_fail(SKEL_EFORMAT, "%s:%u:%zu: NUL byte inside a field",
                                     r->source, r->next_line, i - r->line_start + 1);
                } else if (c == '\n') {
                    r->next_line++;
                    r->line_start = i + 1;
                }
                if (put(r, &n, c) != SKEL_OK)
                    return SKEL_ENOMEM;
                i++;
            }
            if (i < r->len && s[i] != ',' && s[i] != '\n' && s[i] != '\r')
                return skel_fail(SKEL_EFORMAT,
                                 "%s:%u:%zu: expected ',' or the end of the line after a "
                                 "closing quote, found %s",
                                 r->source, r->next_line, i - r->line_start + 1,
                                 show_byte((unsigned char)s[i], bb));
        } else {
            while (i < r->len && s[i] != ',' && s[i] != '\n' && s[i] != '\r') {
                if (s[i] == '\0')
                    return skel_fail(SKEL_EFORMAT, "%s:%u:%zu: NUL byte in a field", r->source,
                                     r->next_line, i - r->line_start + 1);
                if (s[i] == '"')
                    return skel_fail(SKEL_EFORMAT,
                                     "%s:%u:%zu: '\"' inside an unquoted field (quote the "
                                     "whole field and double the quote)",
                                     r->source, r->next_line, i - r->line_start + 1);
                if (put(r, &n, s[i]) != SKEL_OK)
                    return SKEL_ENOMEM;
                i++;
            }
        }
        if (n - field_start > SKEL_CSV_MAX_FIELD)
            return skel_fail(SKEL_ERANGE, "%s:%u:%u: field longer than %u bytes", r->source,
                             r->line, col, SKEL_CSV_MAX_FIELD);
        if (put(r, &n, '\0') != SKEL_OK)
            return SKEL_ENOMEM;
        if (i < r->len && s[i] == ',') {
            i++;
            continue;
        }
        if (i < r->len && s[i] == '\r') {
            if (i + 1 < r->len && s[i + 1] != '\n')
                return skel_fail(SKEL_EFORMAT, "%s:%u:%zu: carriage return not followed by a "
                                 "line feed", r->source, r->next_line, i - r->line_start + 1);
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
    if (skel_grow(&r->field, &r->fptr_cap, nf, sizeof *r->field) != SKEL_OK)
        return SKEL_ENOMEM;
    for (size_t k = 0; k < nf; k++)
        r->field[k] = r->buf + r->offs[k];
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
