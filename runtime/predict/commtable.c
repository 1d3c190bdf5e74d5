/* commtable.c - communication cost tables (commtable.h). */
#include "commtable.h"

#include "afile.h"
#include "csv.h"
#include "error.h"
#include "grow.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rows of one kind, sorted by size, with what extrapolation needs. */
struct kind_rows {
    struct skel_commtable_row *rows;
    size_t n, cap;
    double slope; /* ns per byte beyond the largest size */
};

struct skel_commtable {
    char *name;
    struct kind_rows k[SKEL_COMMTABLE__KINDS];
};

static const char *const kind_names[SKEL_COMMTABLE__KINDS] = {"same-host", "cross-host"};

const char *skel_commtable_kind_name(int kind)
{
    return kind >= 0 && kind < SKEL_COMMTABLE__KINDS ? kind_names[kind] : NULL;
}

int skel_commtable_kind_parse(const char *s)
{
    for (int i = 0; i < SKEL_COMMTABLE__KINDS; i++)
        if (strcmp(s, kind_names[i]) == 0)
            return i;
    return -1;
}

int skel_commtable_new(const char *name, skel_commtable **out)
{
    skel_commtable *t = calloc(1, sizeof *t);
    if (t == NULL || (t->name = strdup(name != NULL ? name : "(table)")) == NULL) {
        free(t);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    *out = t;
    return SKEL_OK;
}

void skel_commtable_free(skel_commtable *t)
{
    if (t == NULL)
        return;
    for (int i = 0; i < SKEL_COMMTABLE__KINDS; i++)
        free(t->k[i].rows);
    free(t->name);
    free(t);
}

const char *skel_commtable_name(const skel_commtable *t)
{
    return t->name;
}

size_t skel_commtable_nrows(const skel_commtable *t)
{
    size_t n = 0;
    for (int i = 0; i < SKEL_COMMTABLE__KINDS; i++)
        n += t->k[i].n;
    return n;
}

const struct skel_commtable_row *skel_commtable_row(const skel_commtable *t, size_t i)
{
    for (int k = 0; k < SKEL_COMMTABLE__KINDS; k++) {
        if (i < t->k[k].n)
            return &t->k[k].rows[i];
        i -= t->k[k].n;
    }
    return NULL;
}

int skel_commtable_has(const skel_commtable *t, int kind)
{
    return kind >= 0 && kind < SKEL_COMMTABLE__KINDS && t->k[kind].n > 0;
}

/* Slope of the least-squares line through the larger half of the sizes (at
 * least two points), never negative: a bigger message never arrives sooner. */
static void update_slope(struct kind_rows *k)
{
    k->slope = 0.0;
    if (k->n < 2)
        return;
    size_t npts = k->n / 2 < 2 ? 2 : k->n / 2;
    size_t first = k->n - npts;
    double sx = 0, sy = 0;
    for (size_t i = first; i < k->n; i++) {
        sx += (double)k->rows[i].size;
        sy += k->rows[i].median_ns;
    }
    double mx = sx / (double)npts, my = sy / (double)npts, sxx = 0, sxy = 0;
    for (size_t i = first; i < k->n; i++) {
        double dx = (double)k->rows[i].size - mx;
        sxx += dx * dx;
        sxy += dx * (k->rows[i].median_ns - my);
    }
    if (sxx > 0 && sxy > 0)
        k->slope = sxy / sxx;
}

static int valid_ns(double v)
{
    return isfinite(v) && v >= 0.0 && v <= SKEL_COMMTABLE_MAX_NS;
}

int skel_commtable_add(skel_commtable *t, const struct skel_commtable_row *row)
{
    if (row->kind < 0 || row->kind >= SKEL_COMMTABLE__KINDS)
        return skel_fail(SKEL_ERANGE, "%s: unknown kind of pair %d", t->name, row->kind);
    if (row->size > SKEL_COMMTABLE_MAX_SIZE)
        return skel_fail(SKEL_ERANGE, "%s: message size %llu is larger than the limit %llu",
                         t->name, (unsigned long long)row->size,
                         (unsigned long long)SKEL_COMMTABLE_MAX_SIZE);
    if (!valid_ns(row->min_ns) || !valid_ns(row->median_ns))
        return skel_fail(SKEL_ERANGE,
                         "%s: %s, %llu bytes: one-way times must be between 0 and "
                         "%g ns",
                         t->name, kind_names[row->kind], (unsigned long long)row->size,
                         SKEL_COMMTABLE_MAX_NS);
    if (row->min_ns > row->median_ns)
        return skel_fail(SKEL_EFORMAT,
                         "%s: %s, %llu bytes: the minimum (%g ns) is larger than "
                         "the median (%g ns)",
                         t->name, kind_names[row->kind], (unsigned long long)row->size, row->min_ns,
                         row->median_ns);
    if (skel_commtable_nrows(t) >= SKEL_COMMTABLE_MAX_ROWS)
        return skel_fail(SKEL_ERANGE, "%s: more than %d rows", t->name, SKEL_COMMTABLE_MAX_ROWS);
    struct kind_rows *k = &t->k[row->kind];
    size_t lo = 0, hi = k->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k->rows[mid].size < row->size)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < k->n && k->rows[lo].size == row->size)
        return skel_fail(SKEL_EFORMAT, "%s: %s, %llu bytes is given twice", t->name,
                         kind_names[row->kind], (unsigned long long)row->size);
    int rc = skel_grow(&k->rows, &k->cap, k->n + 1, sizeof *k->rows);
    if (rc != SKEL_OK)
        return rc;
    memmove(&k->rows[lo + 1], &k->rows[lo], (k->n - lo) * sizeof *k->rows);
    k->rows[lo] = *row;
    k->n++;
    update_slope(k);
    return SKEL_OK;
}

double skel_commtable_oneway(const skel_commtable *t, int kind, uint64_t bytes)
{
    if (kind < 0 || kind >= SKEL_COMMTABLE__KINDS || t->k[kind].n == 0)
        return 0.0;
    const struct kind_rows *k = &t->k[kind];
    const struct skel_commtable_row *r = k->rows;
    if (bytes <= r[0].size)
        return r[0].median_ns;
    if (bytes >= r[k->n - 1].size)
        return r[k->n - 1].median_ns + k->slope * (double)(bytes - r[k->n - 1].size);
    /* r[lo - 1].size < bytes <= r[lo].size */
    size_t lo = 1, hi = k->n - 1;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r[mid].size < bytes)
            lo = mid + 1;
        else
            hi = mid;
    }
    const struct skel_commtable_row *a = &r[lo - 1], *b = &r[lo];
    double f = (double)(bytes - a->size) / (double)(b->size - a->size);
    return a->median_ns + f * (b->median_ns - a->median_ns);
}

/* ---- parsing ------------------------------------------------------------------------ */

enum col { COL_KIND, COL_SIZE, COL_MIN, COL_MEDIAN, COL_REPEATS, COL__N };
static const char *const col_names[COL__N] = {"kind", "size", "oneway_ns_min", "oneway_ns_median",
                                              "repeats"};

/* Untrusted text quoted in a message: printable ASCII as is, the rest as
 * \xNN, at most 40 bytes. */
static const char *quote(const char *s, size_t n, char *buf, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 8 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i == 40) {
            memcpy(buf + o, "...", 3);
            o += 3;
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'')
            buf[o++] = (char)c;
        else
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02x", c);
    }
    buf[o] = '\0';
    return buf;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* A field of the current record without the blanks around it, and where
 * it starts.  A table's fields are plain: a quoted one is refused by the
 * parser that reads it, which shows it with its quotes. */
struct field {
    const char *s;
    size_t n;
    unsigned line, col;
    int quoted;
};

static struct field field_of(const skel_csv_reader *r, size_t i)
{
    struct field f = {r->field[i], strlen(r->field[i]), r->at[i].line, r->at[i].col,
                      r->at[i].quoted};
    while (f.n > 0 && is_blank(*f.s)) {
        f.s++;
        f.n--;
        f.col++;
    }
    while (f.n > 0 && is_blank(f.s[f.n - 1]))
        f.n--;
    return f;
}

static int field_error(const char *name, const struct field *f, const char *expected)
{
    char q[200];
    const char *mark = f->quoted ? "\"" : "";
    return skel_fail(SKEL_EFORMAT, "%s:%u:%u: expected %s, got '%s%s%s'", name, f->line, f->col,
                     expected, mark, quote(f->s, f->n, q, sizeof q), mark);
}

/* f is exactly one of the n names: its index, or -1. */
static int one_of(const struct field *f, const char *const *names, int n)
{
    for (int i = 0; i < n && !f->quoted; i++)
        if (strlen(names[i]) == f->n && memcmp(names[i], f->s, f->n) == 0)
            return i;
    return -1;
}

static int parse_u64(const char *name, const struct field *f, uint64_t max, const char *expected,
                     uint64_t *out)
{
    if (f->quoted || f->n == 0 || f->n > 20)
        return field_error(name, f, expected);
    uint64_t v = 0;
    for (size_t i = 0; i < f->n; i++) {
        if (f->s[i] < '0' || f->s[i] > '9')
            return field_error(name, f, expected);
        unsigned d = (unsigned)(f->s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return field_error(name, f, expected);
        v = v * 10 + d;
    }
    if (v > max)
        return field_error(name, f, expected);
    *out = v;
    return SKEL_OK;
}

/* A non-negative decimal number: digits, an optional fraction, an optional
 * exponent; no sign, no hexadecimal, no inf/nan. */
static int parse_ns(const char *name, const struct field *f, double *out)
{
    static const char what[] = "a time in nanoseconds (a non-negative decimal number up to 1e15)";
    const char *s = f->s;
    size_t n = f->n, i = 0, digits = 0;
    if (f->quoted)
        return field_error(name, f, what);
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++, digits++;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++, digits++;
    }
    if (digits == 0)
        return field_error(name, f, what);
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            i++;
        size_t ed = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++, ed++;
        if (ed == 0)
            return field_error(name, f, what);
    }
    if (i != n || n >= 64)
        return field_error(name, f, what);
    char buf[64];
    memcpy(buf, s, n);
    buf[n] = '\0';
    errno = 0;
    double v = strtod(buf, NULL);
    if ((errno == ERANGE && v != 0.0) || !valid_ns(v))
        return field_error(name, f, what);
    *out = v;
    return SKEL_OK;
}

/* The header: which column holds each known name (cols[c], -1 if none). */
static int parse_header(const char *name, const skel_csv_reader *r, int cols[COL__N])
{
    if (r->nfields > COL__N)
        return skel_fail(SKEL_EFORMAT,
                         "%s:%u: expected a header of at most %d columns "
                         "(kind,size,oneway_ns_min,oneway_ns_median,repeats)",
                         name, r->line, COL__N);
    for (int c = 0; c < COL__N; c++)
        cols[c] = -1;
    for (size_t i = 0; i < r->nfields; i++) {
        struct field f = field_of(r, i);
        int c = one_of(&f, col_names, COL__N);
        if (c < 0)
            return field_error(name, &f,
                               "a column name (kind, size, oneway_ns_min, oneway_ns_median or "
                               "repeats)");
        if (cols[c] >= 0)
            return field_error(name, &f, "each column once");
        cols[c] = (int)i;
    }
    static const int required[] = {COL_KIND, COL_SIZE, COL_MEDIAN};
    for (size_t k = 0; k < sizeof required / sizeof required[0]; k++)
        if (cols[required[k]] < 0)
            return skel_fail(SKEL_EFORMAT,
                             "%s:%u: the header has no '%s' column (kind, size and "
                             "oneway_ns_median are required)",
                             name, r->line, col_names[required[k]]);
    return SKEL_OK;
}

/* One data record into a row of t. */
static int parse_row(skel_commtable *t, const skel_csv_reader *r, const int cols[COL__N],
                     size_t ncols)
{
    const char *name = t->name;
    if (r->nfields != ncols) {
        unsigned col = r->nfields > ncols ? r->at[ncols].col - 1 : r->end_col;
        return skel_fail(SKEL_EFORMAT, "%s:%u:%u: expected %zu fields as in the header, got %s",
                         name, r->line, col, ncols, r->nfields > ncols ? "more" : "fewer");
    }
    struct skel_commtable_row row = {.line = r->line};
    struct field f = field_of(r, (size_t)cols[COL_KIND]);
    if ((row.kind = one_of(&f, kind_names, SKEL_COMMTABLE__KINDS)) < 0)
        return field_error(name, &f, "a kind of pair (same-host or cross-host)");
    struct field size = field_of(r, (size_t)cols[COL_SIZE]);
    int rc = parse_u64(name, &size, SKEL_COMMTABLE_MAX_SIZE,
                       "a message size in bytes (an integer from 0 to 2^50)", &row.size);
    if (rc == SKEL_OK) {
        f = field_of(r, (size_t)cols[COL_MEDIAN]);
        rc = parse_ns(name, &f, &row.median_ns);
    }
    row.min_ns = row.median_ns;
    struct field min = {0};
    if (rc == SKEL_OK && cols[COL_MIN] >= 0) {
        min = field_of(r, (size_t)cols[COL_MIN]);
        rc = parse_ns(name, &min, &row.min_ns);
    }
    if (rc == SKEL_OK && cols[COL_REPEATS] >= 0) {
        f = field_of(r, (size_t)cols[COL_REPEATS]);
        rc = parse_u64(name, &f, UINT64_C(1) << 53,
                       "a number of repeats (an integer from 0 to 2^53)", &row.repeats);
    }
    if (rc != SKEL_OK)
        return rc;
    if (row.min_ns > row.median_ns)
        return field_error(name, &min, "a minimum no larger than the median");
    const struct kind_rows *kr = &t->k[row.kind];
    for (size_t i = 0; i < kr->n; i++)
        if (kr->rows[i].size == row.size)
            return skel_fail(SKEL_EFORMAT,
                             "%s:%u:%u: %s, %llu bytes is already given on line %u "
                             "(expected each kind and size once)",
                             name, r->line, size.col, kind_names[row.kind],
                             (unsigned long long)row.size, kr->rows[i].line);
    if ((rc = skel_commtable_add(t, &row)) != SKEL_OK)
        skel_fail_context(rc, "%s:%u", name, r->line);
    return rc;
}

int skel_commtable_parse(const char *buf, size_t len, const char *name, skel_commtable **out)
{
    skel_commtable *t = NULL;
    int rc = skel_commtable_new(name, &t);
    if (rc != SKEL_OK)
        return rc;
    skel_csv_reader r;
    skel_csv_reader_init(&r, buf, len, t->name);
    r.flags = SKEL_CSV_SKIP_BLANK | SKEL_CSV_COMMENTS;
    int cols[COL__N];
    size_t ncols = 0;
    while ((rc = skel_csv_next(&r)) > 0) {
        if (ncols == 0) {
            rc = parse_header(t->name, &r, cols);
            ncols = r.nfields;
        } else {
            rc = parse_row(t, &r, cols, ncols);
        }
        if (rc != SKEL_OK)
            break;
    }
    skel_csv_reader_free(&r);
    if (rc == SKEL_OK && ncols == 0)
        rc = skel_fail(SKEL_EFORMAT,
                       "%s: empty table (expected a header line such as "
                       "'kind,size,oneway_ns_min,oneway_ns_median')",
                       t->name);
    else if (rc == SKEL_OK && skel_commtable_nrows(t) == 0)
        rc = skel_fail(SKEL_EFORMAT, "%s: the table has a header but no rows", t->name);
    if (rc != SKEL_OK) {
        skel_commtable_free(t);
        return rc;
    }
    *out = t;
    return SKEL_OK;
}

int skel_commtable_load(const char *path, skel_commtable **out)
{
    char *buf;
    size_t len;
    int rc = skel_read_file(path, SKEL_COMMTABLE_MAX_BYTES, &buf, &len);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_commtable_parse(buf, len, path, out);
    free(buf);
    return rc;
}

/* ---- writing ------------------------------------------------------------------------ */

/* The shortest of %.15g/%.17g that reads back as the same double. */
static void fmt_ns(char *out, size_t cap, double v)
{
    snprintf(out, cap, "%.15g", v);
    if (strtod(out, NULL) != v)
        snprintf(out, cap, "%.17g", v);
}

int skel_commtable_format(const skel_commtable *t, const char *comment, char **out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    if (comment != NULL) {
        const char *c = comment;
        while (*c != '\0') {
            const char *nl = strchr(c, '\n');
            size_t n = nl != NULL ? (size_t)(nl - c) : strlen(c);
            fprintf(f, "# %.*s\n", (int)n, c);
            c += n + (nl != NULL);
        }
    }
    fprintf(f, "kind,size,oneway_ns_min,oneway_ns_median,repeats\n");
    for (size_t i = 0; i < skel_commtable_nrows(t); i++) {
        const struct skel_commtable_row *r = skel_commtable_row(t, i);
        char mn[40], md[40];
        fmt_ns(mn, sizeof mn, r->min_ns);
        fmt_ns(md, sizeof md, r->median_ns);
        fprintf(f, "%s,%llu,%s,%s,%llu\n", kind_names[r->kind], (unsigned long long)r->size, mn, md,
                (unsigned long long)r->repeats);
    }
    if (fclose(f) != 0) {
        free(text);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    *out = text;
    return SKEL_OK;
}

int skel_commtable_write(const skel_commtable *t, const char *path, const char *comment)
{
    char *text = NULL;
    int rc = skel_commtable_format(t, comment, &text);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_afile_write(path, text, strlen(text));
    free(text);
    return rc;
}
