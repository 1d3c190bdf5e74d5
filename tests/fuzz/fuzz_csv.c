/* fuzz_csv.c - the RFC 4180 reader (tracer/base/csv.c) on arbitrary bytes.
 * The first byte chooses the reader's flags, the rest is the text.  What is
 * read must be where the reader says it is (an unquoted field stands at its
 * line and column), what is refused must name a line and a column, and what
 * is read, written back with skel_csv_field(), must read back the same. */
#include "csv.h"
#include "error.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Offsets of the line starts of text (line 1 after a byte order mark). */
static size_t *line_starts(const char *text, size_t len, size_t *nlines)
{
    size_t n = 1;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    size_t *ls = malloc((n + 1) * sizeof *ls);
    if (ls == NULL)
        abort();
    size_t k = 0;
    ls[k++] = 0;
    ls[k++] = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            ls[k++] = i + 1;
    *nlines = n;
    return ls; /* ls[line], 1-based */
}

static void check_positions(const skel_csv_reader *r, const char *text, size_t len,
                            const size_t *ls, size_t nlines)
{
    if (r->nfields < 1 || r->nfields > r->max_fields || r->line < 1 || r->line > nlines)
        abort();
    for (size_t k = 0; k < r->nfields; k++) {
        const struct skel_csv_pos *at = &r->at[k];
        size_t flen = strlen(r->field[k]);
        if (flen > SKEL_CSV_MAX_FIELD || at->line < r->line || at->line > nlines || at->col < 1)
            abort();
        if (k > 0 && (at->line < r->at[k - 1].line ||
                      (at->line == r->at[k - 1].line && at->col <= r->at[k - 1].col)))
            abort();
        size_t off = ls[at->line] + at->col - 1;
        if (off > len)
            abort();
        if (at->quoted) {
            if (off >= len || text[off] != '"')
                abort();
        } else if (off + flen > len || memcmp(text + off, r->field[k], flen) != 0 ||
                   (off + flen < len && strchr(",\r\n", text[off + flen]) == NULL)) {
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    unsigned flags = data[0] & (SKEL_CSV_SKIP_BLANK | SKEL_CSV_COMMENTS);
    const char *text = (const char *)data + 1;
    size_t len = size - 1, nlines;
    size_t *ls = line_starts(text, len, &nlines);
    char *out = NULL;
    size_t outlen = 0;
    FILE *w = open_memstream(&out, &outlen);
    if (w == NULL)
        abort();
    /* A mark of our own, so that a first field starting with one survives. */
    fputs("\xef\xbb\xbf", w);
    size_t nrec = 0;
    skel_csv_reader r;
    skel_csv_reader_init(&r, text, len, "fuzz");
    r.flags = flags;
    int rc;
    while ((rc = skel_csv_next(&r)) > 0) {
        check_positions(&r, text, len, ls, nlines);
        for (size_t k = 0; k < r.nfields; k++) {
            if (k > 0)
                fputc(',', w);
            skel_csv_field(w, r.field[k]);
        }
        fputc('\n', w);
        nrec++;
    }
    if (rc < 0 && rc != SKEL_ENOMEM) {
        unsigned line, col;
        if (sscanf(skel_last_error(), "fuzz:%u:%u: ", &line, &col) != 2 || line < 1 ||
            line > nlines || col < 1)
            abort();
    }
    skel_csv_reader_free(&r);
    if (fclose(w) != 0)
        abort();
    if (rc == 0) {
        /* Read the written form back (no flags: it has no blank lines or
         * comments of its own) and compare with a second reading. */
        skel_csv_reader a, b;
        skel_csv_reader_init(&a, text, len, "fuzz");
        a.flags = flags;
        skel_csv_reader_init(&b, out, outlen, "again");
        size_t n = 0;
        for (;;) {
            int ra = skel_csv_next(&a), rb = skel_csv_next(&b);
            if (ra != rb || ra < 0)
                abort();
            if (ra == 0)
                break;
            if (a.nfields != b.nfields)
                abort();
            for (size_t k = 0; k < a.nfields; k++)
                if (strcmp(a.field[k], b.field[k]) != 0)
                    abort();
            n++;
        }
        if (n != nrec)
            abort();
        skel_csv_reader_free(&a);
        skel_csv_reader_free(&b);
    }
    free(out);
    free(ls);
    return 0;
}
