/* report_results.c - see report_results.h. */
#include "report_results.h"

#include "afile.h"
#include "csv.h"
#include "error.h"
#include "grow.h"
#include "report_text.h"

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
    if (skel_grow(&b->cur.cell, &b->cap_cells, b->cur.n + 1, sizeof *b->cur.cell) != SKEL_OK)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", b->r->name);
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
    if (skel_grow(&b->r->rows, &b->cap_rows, b->r->nrows + 1, sizeof *b->r->rows) != SKEL_OK) {
        drop_row(b);
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", b->r->name);
    }
    b->r->rows[b->r->nrows++] = b->cur;
    b->cur = (struct skel_results_row){0};
    b->cap_cells = 0;
    return SKEL_OK;
}

/* ---- CSV ------------------------------------------------------------------- */

/* The reader's current record as b->cur. */
static int take_record(struct builder *b, const skel_csv_reader *csv)
{
    for (size_t k = 0; k < csv->nfields; k++) {
        int rc = add_cell(b, csv->field[k], strlen(csv->field[k]), csv->at[k].line, csv->at[k].col);
        if (rc != SKEL_OK) {
            drop_row(b);
            return rc;
        }
    }
    b->cur.line = csv->line;
    return SKEL_OK;
}

static int recognise(struct skel_results *r, const char *header_text, unsigned line)
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
                       "%s:%u: not a results file Skel knows: header '%s'; expected the CSV of "
                       "skel run, validate, select, stats or calibrate (--csv), or the --tsv "
                       "output of skel critpath or skel predict",
                       r->name, line, shown ? shown : "");
    free(shown);
    return rc;
}

static int parse_csv(struct builder *b, const char *s, size_t len)
{
    struct skel_results *r = b->r;
    skel_csv_reader csv;
    skel_csv_reader_init(&csv, s, len, r->name);
    csv.flags = SKEL_CSV_SKIP_BLANK;
    csv.max_fields = SKEL_RESULTS_MAX_COLS;
    int rc = skel_csv_next(&csv);
    if (rc == 0)
        rc = skel_fail(SKEL_EFORMAT, "%s:1: empty file: expected a header line", r->name);
    if (rc < 0 || (rc = take_record(b, &csv)) != SKEL_OK)
        goto out;
    /* The header becomes the column names. */
    unsigned hline = csv.line;
    r->ncols = b->cur.n;
    r->cols = calloc(r->ncols, sizeof *r->cols);
    if (r->cols == NULL) {
        drop_row(b);
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
        goto out;
    }
    size_t hlen = 0;
    for (size_t j = 0; j < r->ncols; j++) {
        r->cols[j] = b->cur.cell[j].text;
        b->cur.cell[j].text = NULL;
        hlen += strlen(r->cols[j]) + 1;
    }
    drop_row(b);
    char *htext = malloc(hlen + 1);
    if (htext == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", r->name);
        goto out;
    }
    htext[0] = '\0';
    for (size_t j = 0; j < r->ncols; j++) {
        if (j > 0)
            strcat(htext, ",");
        strcat(htext, r->cols[j]);
    }
    rc = recognise(r, htext, hline);
    free(htext);
    while (rc == SKEL_OK && (rc = skel_csv_next(&csv)) > 0) {
        if (csv.nfields != r->ncols) {
            rc = skel_fail(SKEL_EFORMAT,
                           "%s:%u: expected %zu fields as in the header (line %u), found %zu",
                           r->name, csv.line, r->ncols, hline, csv.nfields);
            break;
        }
        if ((rc = take_record(b, &csv)) == SKEL_OK)
            rc = end_row(b);
    }
out:
    skel_csv_reader_free(&csv);
    return rc;
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
                                 i - pos + 1, skel_show_byte((unsigned char)s[i], bb));
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
    } else if (buf[len - 1] != '\n') {
        /* Every table Skel writes ends its lines: one that stops in the
         * middle of a line was cut short (a full disk, a killed writer) and
         * must not be shown as if it were whole. */
        unsigned line = 1;
        for (size_t i = 0; i < len; i++)
            line += buf[i] == '\n';
        rc = skel_fail(SKEL_ETRUNCATED,
                       "%s:%u: the file ends in the middle of a line: it was cut short (was "
                       "the disk full, or its writer killed?)",
                       name, line);
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
