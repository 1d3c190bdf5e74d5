/* report_results.c - see report_results.h. */
#include "report_results.h"

#include "afile.h"
#include "error.h"
#include "report_text.h"
#include "xmldoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name, *source;
    const char *required[12]; /* CSV kinds: the columns that identify it */
} kinds[SKEL_RESULTS__KINDS] = {
    [SKEL_RESULTS_RUN] = {"run",
                          "skel run --csv",
                          {"kind", "repeat", "wall_s", "outcome", "median_s", "min_s", "max_s",
                           "q1_s", "q3_s", "scenario", "command"}},
    [SKEL_RESULTS_VALIDATE] = {"validate",
                               "skel validate --csv",
                               {"kind", "scenario", "reference", "name", "time_s", "predicted_s",
                                "error", "ratio"}},
    [SKEL_RESULTS_SELECT] = {"select",
                             "skel select --csv",
                             {"rank", "candidate", "hosts", "skeleton_s", "predicted_s",
                              "outcome"}},
    [SKEL_RESULTS_STATS] = {"stats",
                            "skel stats --csv",
                            {"rank", "call", "count", "bytes", "rbytes", "time_ns"}},
    [SKEL_RESULTS_CALIBRATE] = {"calibrate",
                                "skel calibrate --csv",
                                {"kind", "target", "predicted_change", "measured_change"}},
    [SKEL_RESULTS_CRITPATH] = {"critpath", "skel critpath --tsv", {NULL}},
    [SKEL_RESULTS_PREDICT] = {"predict", "skel predict --tsv", {NULL}},
    [SKEL_RESULTS_SKELMETA] = {"skeleton.meta", "skel gen", {NULL}},
};

const char *skel_results_kind_name(int kind)
{
    return kind >= 0 && kind < SKEL_RESULTS__KINDS ? kinds[kind].name : "?";
}

const char *skel_results_kind_source(int kind)
{
    return kind >= 0 && kind < SKEL_RESULTS__KINDS ? kinds[kind].source : "?";
}

void skel_results_free(struct skel_results *r)
{
    if (r == NULL)
        return;
    for (size_t i = 0; i < r->nrows; i++) {
        for (size_t j = 0; j < r->rows[i].n; j++)
            free(r->rows[i].cell[j].text);
        free(r->rows[i].cell);
    }
    free(r->rows);
    for (size_t i = 0; i < r->ncols; i++)
        free(r->cols[i]);
    free(r->cols);
    free(r->name);
    free(r);
}

/* ---- Building rows --------------------------------------------------------- */

struct builder {
    struct skel_results *r;
    size_t cap_rows;
    struct skel_results_row cur; /* the row being read */
    size_t cap_cells;
    size_t total_cells;
};

static int add_cell(struct builder *b, const char *text, size_t len, uint32_t line, uint32_t col)
{
    if (b->cur.n == b->cap_cells) {
        size_t n = b->cap_cells ? b->cap_cells * 2 : 16;
        struct skel_results_cell *c = realloc(b->cur.cell, n * sizeof *c);
        if (c == NULL)
            return skel_fail(SKEL_ENOMEM, "%s: out of memory", b->r->name);
        b->cur.cell = c;
        b->cap_cells = n;
    }
    char *t = malloc(len + 1);
    if (t == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", b->r->name);
    memcpy(t, text, len);
    t[len] = '\0';
    b->cur.cell[b->cur.n++] = (struct skel_results_cell){.text = t, .line = line, .col = col};
    b->total_cells++;
    return SKEL_OK;
}

static void drop_row(struct builder *b)
{
    for (size_t j = 0; j < b->cur.n; j++)
        free(b->cur.cell[j].text);
    free(b->cur.cell);
    b->cur = (struct skel_results_row){0};
    b->cap_cells = 0;
}

static int end_row(struct builder *b)
{
    if (b->r->nrows == b->cap_rows) {
        size_t n = b->cap_rows ? b->cap_rows * 2 : 64;
        struct skel_results_row *rows = realloc(b->r->rows, n * sizeof *rows);
        if (rows == NULL) {
            drop_row(b);
            return skel_fail(SKEL_ENOMEM, "%s: out of memory", b->r->name);
        }
        b->r->rows = rows;
        b->cap_rows = n;
    }
    b->r->rows[b->r->nrows++] = b->cur;
    b->cur = (struct skel_results_row){0};
    b->cap_cells = 0;
    return SKEL_OK;
}

/* A byte for messages: printable as itself, else \xHH. */
static const char *show_byte(unsigned char c, char *buf)
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "\\x%02x", c);
    return buf;
}

/* ---- CSV ------------------------------------------------------------------- */

/* Read one CSV record starting at *pos into b->cur. */
static int csv_record(struct builder *b, const char *s, size_t len, size_t *pos, uint32_t *line,
                      size_t *line_start)
{
    const char *name = b->r->name;
    size_t i = *pos;
    char *field = NULL;
    size_t cap = 0;
    int rc = SKEL_OK;
    for (;;) {
        uint32_t fline = *line, fcol = (uint32_t)(i - *line_start + 1);
        size_t flen = 0;
        if (i < len && s[i] == '"') {
            i++;
            for (;;) {
                if (i >= len) {
                    rc = skel_fail(SKEL_EFORMAT,
                                   "%s:%u:%u: quoted field not closed: expected '\"' before the "
                                   "end of the file",
                                   name, fline, fcol);
                    goto out;
                }
                char c = s[i];
                if (c == '"') {
                    if (i + 1 < len && s[i + 1] == '"') {
                        c = '"';
                        i++;
                    } else {
                        i++;
                        break;
                    }
                } else if (c == '\0') {
                    rc = skel_fail(SKEL_EFORMAT, "%s:%u:%zu: NUL byte inside a field", name, *line,
                                   i - *line_start + 1);
                    goto out;
                } else if (c == '\n') {
                    (*line)++;
                    *line_start = i + 1;
                }
                if (flen + 1 >= cap) {
                    if (flen >= SKEL_RESULTS_MAX_FIELD) {
                        rc = skel_fail(SKEL_ERANGE, "%s:%u:%u: field longer than %u bytes", name,
                                       fline, fcol, SKEL_RESULTS_MAX_FIELD);
                        goto out;
                    }
                    size_t n = cap ? cap * 2 : 64;
                    char *nf = realloc(field, n);
                    if (nf == NULL) {
                        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
                        goto out;
                    }
                    field = nf;
                    cap = n;
                }
                field[flen++] = c;
                i++;
            }
            if (i < len && s[i] != ',' && s[i] != '\n' && s[i] != '\r') {
                char bb[8];
                rc =
                    skel_fail(SKEL_EFORMAT,
                              "%s:%u:%zu: expected ',' or the end of the line after a closing "
                              "quote, found %s",
                              name, *line, i - *line_start + 1, show_byte((unsigned char)s[i], bb));
                goto out;
            }
            if ((rc = add_cell(b, field ? field : "", flen, fline, fcol)) != SKEL_OK)
                goto out;
        } else {
            size_t start = i;
            while (i < len && s[i] != ',' && s[i] != '\n' && s[i] != '\r') {
                if (s[i] == '"' || s[i] == '\0') {
                    rc = skel_fail(SKEL_EFORMAT,
                                   "%s:%u:%zu: %s inside an unquoted field (quote the whole field: "
                                   "\"...\", with \"\" for a quote)",
                                   name, *line, i - *line_start + 1,
                                   s[i] == '"' ? "'\"'" : "NUL byte");
                    goto out;
                }
                i++;
            }
            if (i - start > SKEL_RESULTS_MAX_FIELD) {
                rc = skel_fail(SKEL_ERANGE, "%s:%u:%u: field longer than %u bytes", name, fline,
                               fcol, SKEL_RESULTS_MAX_FIELD);
                goto out;
            }
            if ((rc = add_cell(b, s + start, i - start, fline, fcol)) != SKEL_OK)
                goto out;
        }
        if (b->cur.n > SKEL_RESULTS_MAX_COLS) {
            rc = skel_fail(SKEL_ERANGE, "%s:%u: more than %d fields", name, *line,
                           SKEL_RESULTS_MAX_COLS);
            goto out;
        }
        if (i < len && s[i] == ',') {
            i++;
            continue;
        }
        /* End of the record. */
        if (i < len && s[i] == '\r') {
            if (i + 1 >= len || s[i + 1] != '\n') {
                rc = skel_fail(SKEL_EFORMAT,
                               "%s:%u:%zu: carriage return not followed by a line feed", name,
                               *line, i - *line_start + 1);
                goto out;
            }
            i++;
        }
        if (i < len && s[i] == '\n') {
            i++;
            (*line)++;
            *line_start = i;
        }
        break;
    }
out:
    free(field);
    *pos = i;
    return rc;
}

static int recognise(struct skel_results *r, const char *header_text)
{
    for (int k = 0; k < SKEL_RESULTS__KINDS; k++) {
        if (kinds[k].required[0] == NULL)
            continue;
        int all = 1;
        for (size_t j = 0; j < 12 && kinds[k].required[j] != NULL && all; j++)
            all = skel_results_col(r, kinds[k].required[j]) >= 0;
        if (all) {
            r->kind = k;
            return SKEL_OK;
        }
    }
    char *shown = skel_text_clean(header_text, 200, 0);
    int rc = skel_fail(SKEL_EFORMAT,
                       "%s:1: not a results file Skel knows: header '%s'; expected the CSV of "
                       "skel run, validate, select, stats or calibrate (--csv), or the --tsv "
                       "output of skel critpath or skel predict",
                       r->name, shown ? shown : "");
    free(shown);
    return rc;
}

static int parse_csv(struct builder *b, const char *s, size_t len)
{
    struct skel_results *r = b->r;
    size_t pos = 0, line_start = 0;
    uint32_t line = 1;
    if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
        pos = line_start = 3;
    int rc = csv_record(b, s, len, &pos, &line, &line_start);
    if (rc != SKEL_OK) {
        drop_row(b);
        return rc;
    }
    /* The header becomes the column names. */
    r->ncols = b->cur.n;
    r->cols = calloc(r->ncols ? r->ncols : 1, sizeof *r->cols);
    if (r->cols == NULL) {
        drop_row(b);
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    }
    size_t hlen = 0;
    for (size_t j = 0; j < r->ncols; j++) {
        r->cols[j] = b->cur.cell[j].text;
        b->cur.cell[j].text = NULL;
        hlen += strlen(r->cols[j]) + 1;
    }
    drop_row(b);
    char *htext = malloc(hlen + 1);
    if (htext == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
    htext[0] = '\0';
    for (size_t j = 0; j < r->ncols; j++) {
        if (j > 0)
            strcat(htext, ",");
        strcat(htext, r->cols[j]);
    }
    rc = recognise(r, htext);
    free(htext);
    if (rc != SKEL_OK)
        return rc;
    while (pos < len) {
        uint32_t rline = line;
        /* Blank lines (a trailing one, or between records) are skipped. */
        if (s[pos] == '\n' || (s[pos] == '\r' && pos + 1 < len && s[pos + 1] == '\n')) {
            pos += s[pos] == '\r' ? 2 : 1;
            line++;
            line_start = pos;
            continue;
        }
        if ((rc = csv_record(b, s, len, &pos, &line, &line_start)) != SKEL_OK) {
            drop_row(b);
            return rc;
        }
        if (b->cur.n != r->ncols) {
            size_t got = b->cur.n;
            drop_row(b);
            return skel_fail(SKEL_EFORMAT,
                             "%s:%u: expected %zu fields as in the header (line 1), found %zu",
                             r->name, rline, r->ncols, got);
        }
        b->cur.line = rline;
        if ((rc = end_row(b)) != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

/* ---- Line formats (TSV, meta) ------------------------------------------------- */

static int parse_lines(struct builder *b, const char *s, size_t len, int tabs)
{
    size_t pos = 0;
    uint32_t line = 1;
    int rc = SKEL_OK;
    while (pos < len) {
        size_t end = pos;
        while (end < len && s[end] != '\n')
            end++;
        size_t stop = end;
        if (stop > pos && s[stop - 1] == '\r')
            stop--;
        for (size_t i = pos; i < stop; i++) {
            if (s[i] == '\0' || s[i] == '\r') {
                char bb[8];
                return skel_fail(SKEL_EFORMAT, "%s:%u:%zu: unexpected byte %s", b->r->name, line,
                                 i - pos + 1, show_byte((unsigned char)s[i], bb));
            }
        }
        if (stop - pos > SKEL_RESULTS_MAX_FIELD)
            return skel_fail(SKEL_ERANGE, "%s:%u: line longer than %u bytes", b->r->name, line,
                             SKEL_RESULTS_MAX_FIELD);
        size_t i = pos;
        if (!tabs)
            while (i < stop && (s[i] == ' ' || s[i] == '\t'))
                i++;
        if (i < stop && s[i] != '#') {
            for (;;) {
                size_t f = i;
                if (tabs) {
                    while (i < stop && s[i] != '\t')
                        i++;
                } else {
                    while (i < stop && s[i] != ' ' && s[i] != '\t')
                        i++;
                }
                if ((rc = add_cell(b, s + f, i - f, line, (uint32_t)(f - pos + 1))) != SKEL_OK) {
                    drop_row(b);
                    return rc;
                }
                if (b->cur.n > SKEL_RESULTS_MAX_COLS) {
                    drop_row(b);
                    return skel_fail(SKEL_ERANGE, "%s:%u: more than %d fields", b->r->name, line,
                                     SKEL_RESULTS_MAX_COLS);
                }
                if (tabs) {
                    if (i >= stop)
                        break;
                    i++; /* a tab: the next field, possibly empty */
                } else {
                    while (i < stop && (s[i] == ' ' || s[i] == '\t'))
                        i++;
                    if (i >= stop)
                        break;
                }
            }
            b->cur.line = line;
            if ((rc = end_row(b)) != SKEL_OK)
                return rc;
        }
        pos = end < len ? end + 1 : end;
        line++;
    }
    return SKEL_OK;
}

static int start(const char *buf, size_t len, const char *name, int kind, struct builder *b)
{
    memset(b, 0, sizeof *b);
    if (len > SKEL_RESULTS_MAX_BYTES)
        return skel_fail(SKEL_ERANGE, "%s: larger than the %u bytes accepted", name,
                         SKEL_RESULTS_MAX_BYTES);
    if (buf == NULL && len > 0)
        return skel_fail(SKEL_EUSAGE, "%s: no data", name);
    b->r = calloc(1, sizeof *b->r);
    if (b->r == NULL || (b->r->name = strdup(name)) == NULL) {
        free(b->r);
        b->r = NULL;
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    b->r->kind = kind;
    return SKEL_OK;
}

static int prefix(const char *buf, size_t len, const char *p)
{
    size_t n = strlen(p);
    return len >= n && memcmp(buf, p, n) == 0;
}

int skel_results_parse(const char *buf, size_t len, const char *name, struct skel_results **out)
{
    struct builder b;
    *out = NULL;
    int rc = start(buf, len, name, -1, &b);
    if (rc != SKEL_OK)
        return rc;
    if (len == 0) {
        rc = skel_fail(SKEL_EFORMAT, "%s:1: empty file: expected a header line", name);
    } else if (prefix(buf, len, "run_ns\t")) {
        b.r->kind = SKEL_RESULTS_CRITPATH;
        rc = parse_lines(&b, buf, len, 1);
    } else if (prefix(buf, len, "measured_ns\t")) {
        b.r->kind = SKEL_RESULTS_PREDICT;
        rc = parse_lines(&b, buf, len, 1);
    } else {
        rc = parse_csv(&b, buf, len);
    }
    if (rc != SKEL_OK) {
        skel_results_free(b.r);
        return rc;
    }
    *out = b.r;
    return SKEL_OK;
}

int skel_results_parse_meta(const char *buf, size_t len, const char *name,
                            struct skel_results **out)
{
    struct builder b;
    *out = NULL;
    int rc = start(buf, len, name, SKEL_RESULTS_SKELMETA, &b);
    if (rc == SKEL_OK && (rc = parse_lines(&b, buf, len, 0)) != SKEL_OK)
        skel_results_free(b.r);
    else if (rc == SKEL_OK)
        *out = b.r;
    return rc;
}

static int read_any(const char *path, struct skel_results **out, int meta)
{
    char *buf;
    size_t len;
    *out = NULL;
    int rc = skel_read_file(path, SKEL_RESULTS_MAX_BYTES, &buf, &len);
    if (rc != SKEL_OK)
        return rc;
    rc = meta ? skel_results_parse_meta(buf, len, path, out)
              : skel_results_parse(buf, len, path, out);
    free(buf);
    return rc;
}

int skel_results_read(const char *path, struct skel_results **out)
{
    return read_any(path, out, 0);
}

int skel_results_read_meta(const char *path, struct skel_results **out)
{
    return read_any(path, out, 1);
}

/* ---- Access ------------------------------------------------------------------- */

int skel_results_col(const struct skel_results *r, const char *name)
{
    for (size_t j = 0; j < r->ncols; j++)
        if (strcmp(r->cols[j], name) == 0)
            return (int)j;
    return -1;
}

const char *skel_results_text(const struct skel_results *r, size_t row, int col)
{
    if (row >= r->nrows || col < 0 || (size_t)col >= r->rows[row].n)
        return "";
    return r->rows[row].cell[col].text;
}

int skel_results_num(const struct skel_results *r, size_t row, int col, double *v)
{
    const char *t = skel_results_text(r, row, col);
    if (t[0] == '\0')
        return SKEL_ENOTFOUND;
    char *end;
    double x = strtod(t, &end);
    /* strtod accepts leading blanks, hex floats, "nan" and "inf": only plain
     * finite decimals are numbers here. */
    int ok = end != t && *end == '\0' && isfinite(x) && t[0] != ' ' && t[0] != '\t' &&
             strpbrk(t, "xXnN") == NULL;
    if (!ok) {
        const struct skel_results_cell *c = &r->rows[row].cell[col];
        char *shown = skel_text_clean(t, 60, 0);
        char *key = skel_text_clean(r->rows[row].cell[0].text, 60, 0);
        int rc;
        if ((size_t)col < r->ncols) {
            char *cname = skel_text_clean(r->cols[col], 60, 0);
            rc = skel_fail(SKEL_EFORMAT, "%s:%u:%u: column '%s': expected a number, found '%s'",
                           r->name, c->line, c->col, cname ? cname : "", shown ? shown : "");
            free(cname);
        } else
            rc = skel_fail(SKEL_EFORMAT,
                           "%s:%u:%u: field %d of the '%s' line: expected a number, found '%s'",
                           r->name, c->line, c->col, col + 1, key ? key : "", shown ? shown : "");
        free(shown);
        free(key);
        return rc;
    }
    *v = x;
    return SKEL_OK;
}

long skel_results_find(const struct skel_results *r, const char *key, size_t from)
{
    for (size_t i = from; i < r->nrows; i++)
        if (r->rows[i].n > 0 && strcmp(r->rows[i].cell[0].text, key) == 0)
            return (long)i;
    return -1;
}

int skel_results_key_num(const struct skel_results *r, const char *key, size_t field, double *v)
{
    long i = skel_results_find(r, key, 0);
    if (i < 0 || field >= r->rows[i].n)
        return SKEL_ENOTFOUND;
    return skel_results_num(r, (size_t)i, (int)field, v);
}
