/* test_base_csv.c - RFC 4180 CSV (tracer/base/csv.c): quoting, CRLF,
 * fields over several lines, the options, the writer, and every error with
 * the line and column it names. */
#include <criterion/criterion.h>

#include "csv.h"
#include "error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Read all of text; the records joined as "f1|f2;f1;..." for comparison. */
static char *read_all(const char *text, size_t len, unsigned flags)
{
    static char out[4096];
    size_t o = 0;
    skel_csv_reader r;
    skel_csv_reader_init(&r, text, len, "t.csv");
    r.flags = flags;
    int rc;
    while ((rc = skel_csv_next(&r)) > 0) {
        cr_assert_geq(r.nfields, 1);
        for (size_t k = 0; k < r.nfields; k++)
            o += (size_t)snprintf(out + o, sizeof out - o, "%s%s", k ? "|" : "", r.field[k]);
        o += (size_t)snprintf(out + o, sizeof out - o, ";");
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    skel_csv_reader_free(&r);
    return out;
}

static void expect_records(const char *text, unsigned flags, const char *want)
{
    cr_assert_str_eq(read_all(text, strlen(text), flags), want, "reading <%s>", text);
}

static void expect_error_n(const char *text, size_t len, unsigned flags, int code,
                           const char *where, const char *what)
{
    skel_csv_reader r;
    skel_csv_reader_init(&r, text, len, "t.csv");
    r.flags = flags;
    int rc;
    while ((rc = skel_csv_next(&r)) > 0)
        ;
    skel_csv_reader_free(&r);
    cr_assert_eq(rc, code, "<%s>: expected %s, got %s (%s)", text, skel_errname(code),
                 skel_errname(rc), skel_last_error());
    const char *e = skel_last_error();
    cr_assert(strncmp(e, where, strlen(where)) == 0 && e[strlen(where)] == ':',
              "<%s>: '%s' does not start with '%s:'", text, e, where);
    cr_assert(strstr(e, what) != NULL, "<%s>: '%s' does not say '%s'", text, e, what);
}

#define expect_error(text, flags, code, where, what)                                               \
    expect_error_n(text, sizeof(text) - 1, flags, code, where, what)

Test(base_csv, plain_records)
{
    expect_records("", 0, "");
    expect_records("a", 0, "a;");
    expect_records("a,b,c\n1,2,3\n", 0, "a|b|c;1|2|3;");
    expect_records("a,b\n1,2", 0, "a|b;1|2;"); /* no line end at the end */
    expect_records(",\n,,\n", 0, "|;||;");     /* empty fields */
    expect_records("a,b\n\n1,2\n", 0, "a|b;;1|2;");
    expect_records(" x , y \n", 0, " x | y ;"); /* blanks are data */
}

Test(base_csv, quoting)
{
    expect_records("\"a,b\",\"say \"\"hi\"\"\",\"\"\n", 0, "a,b|say \"hi\"|;");
    expect_records("\"\"\"\"", 0, "\";");
    expect_records("\"a\",b,\"c\"", 0, "a|b|c;");
}

Test(base_csv, crlf_and_byte_order_mark)
{
    expect_records("a,b\r\n1,2\r\n", 0, "a|b;1|2;");
    expect_records("\"q\"\r\nx\r\n", 0, "q;x;");
    expect_records("\xef\xbb\xbf"
                   "a,b\n",
                   0, "a|b;");
    /* Only at the very start. */
    expect_records("a\n\xef\xbb\xbf"
                   "b\n",
                   0,
                   "a;\xef\xbb\xbf"
                   "b;");
}

Test(base_csv, fields_over_several_lines_and_their_positions)
{
    const char text[] = "h1,h2,h3\n"
                        "x,\"two\r\nlines\",y\n"
                        "\"a\nb\nc\",z,\"\"\n"
                        "last,,\"\"\"\"";
    skel_csv_reader r;
    skel_csv_reader_init(&r, text, sizeof text - 1, "t.csv");
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(r.line, 1);
    cr_assert_eq(r.end_col, 9);
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(r.line, 2);
    cr_assert_eq(r.nfields, 3);
    cr_assert_str_eq(r.field[1], "two\r\nlines", "CRLF inside quotes is data");
    cr_assert_eq(r.at[0].line, 2);
    cr_assert_eq(r.at[0].col, 1);
    cr_assert_eq(r.at[1].line, 2);
    cr_assert_eq(r.at[1].col, 3);
    cr_assert(r.at[1].quoted && !r.at[0].quoted);
    cr_assert_eq(r.at[2].line, 3, "the field after the line break is on line 3");
    cr_assert_eq(r.at[2].col, 8);
    cr_assert_eq(r.end_col, 9);
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(r.line, 4);
    cr_assert_str_eq(r.field[0], "a\nb\nc");
    cr_assert_eq(r.at[1].line, 6);
    cr_assert_eq(r.at[1].col, 4);
    cr_assert_str_eq(r.field[2], "");
    cr_assert(r.at[2].quoted);
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(r.line, 7);
    cr_assert_str_eq(r.field[2], "\"");
    cr_assert_eq(r.end_col, 11);
    cr_assert_eq(skel_csv_next(&r), 0);
    cr_assert_eq(skel_csv_next(&r), 0, "the end stays the end");
    skel_csv_reader_free(&r);
}

Test(base_csv, blank_lines_and_comments_when_asked)
{
    const char *text = "# made by hand\n\n  \t\na,b\r\n  # between\n \r\n1,2\n\n";
    expect_records(text, SKEL_CSV_SKIP_BLANK | SKEL_CSV_COMMENTS, "a|b;1|2;");
    /* Without the flags they are records. */
    expect_records("\n  \na\n", 0, ";  ;a;");
    expect_records("#x\na\n", 0, "#x;a;");
    /* A '#' inside a record is data; a quoted blank field is a record. */
    expect_records("a,#b\n\"\"\n", SKEL_CSV_SKIP_BLANK | SKEL_CSV_COMMENTS, "a|#b;;");
    /* Line numbers count the skipped lines. */
    skel_csv_reader r;
    skel_csv_reader_init(&r, text, strlen(text), "t.csv");
    r.flags = SKEL_CSV_SKIP_BLANK | SKEL_CSV_COMMENTS;
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(r.line, 4);
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(r.line, 7);
    cr_assert_eq(skel_csv_next(&r), 0);
    skel_csv_reader_free(&r);
}

Test(base_csv, every_error_names_line_and_column)
{
    expect_error("a,b\nc,\"open\n", 0, SKEL_EFORMAT, "t.csv:2:3", "quoted field not closed");
    expect_error("a\n\"x\"y\n", 0, SKEL_EFORMAT, "t.csv:2:4",
                 "expected ',' or the end of the line after a closing quote, found 'y'");
    expect_error("\"a\nb\" c\n", 0, SKEL_EFORMAT, "t.csv:2:3", "found \\x20");
    expect_error("a,b\nab\"c\n", 0, SKEL_EFORMAT, "t.csv:2:3", "'\"' inside an unquoted field");
    expect_error("a,b\rc\n", 0, SKEL_EFORMAT, "t.csv:1:4",
                 "carriage return not followed by a line feed");
    expect_error("a,b\r", 0, SKEL_EFORMAT, "t.csv:1:4", "carriage return");
    expect_error("\"a\"\rb", 0, SKEL_EFORMAT, "t.csv:1:4", "carriage return");
    expect_error("a\nb,c\0d\n", 0, SKEL_EFORMAT, "t.csv:2:4", "NUL byte in a field");
    expect_error("a\n\"b\nc\0\"\n", 0, SKEL_EFORMAT, "t.csv:3:2", "NUL byte in a field");
    expect_error("# a\0\n", SKEL_CSV_COMMENTS, SKEL_EFORMAT, "t.csv:1:4", "NUL byte in a comment");
    /* Columns count from the line the error is on, after a byte order mark. */
    expect_error("\xef\xbb\xbf"
                 "a,\"b\nc\"d\n",
                 0, SKEL_EFORMAT, "t.csv:2:3", "found 'd'");
    expect_error("x\n\xef\xbb\xbf\"", 0, SKEL_EFORMAT, "t.csv:2:4", "'\"' inside");
}

Test(base_csv, limits)
{
    /* Fields per record: the default, and a lower one set by the caller. */
    size_t n = 2 * SKEL_CSV_MAX_FIELDS + 10;
    char *wide = malloc(n);
    for (size_t i = 0; i < n; i++)
        wide[i] = i % 2 ? ',' : 'x';
    expect_error_n(wide, 2 * SKEL_CSV_MAX_FIELDS + 1, 0, SKEL_ERANGE, "t.csv:1:8193",
                   "more than 4096 fields in one record");
    skel_csv_reader r;
    skel_csv_reader_init(&r, wide, 2 * SKEL_CSV_MAX_FIELDS - 1, "t.csv");
    cr_assert_eq(skel_csv_next(&r), 1, "%s", skel_last_error());
    cr_assert_eq(r.nfields, SKEL_CSV_MAX_FIELDS);
    skel_csv_reader_free(&r);
    skel_csv_reader_init(&r, "a,b,c\nd,e\n", 10, "t.csv");
    r.max_fields = 2;
    cr_assert_eq(skel_csv_next(&r), SKEL_ERANGE);
    cr_assert_str_eq(skel_last_error(), "t.csv:1:5: more than 2 fields in one record");
    skel_csv_reader_free(&r);
    free(wide);

    /* Field length, quoted or not: the limit itself is fine. */
    size_t big = SKEL_CSV_MAX_FIELD + 3;
    char *text = malloc(big + 1);
    memset(text, 'y', big);
    text[0] = 'a';
    text[1] = '\n';
    expect_error_n(text, big, 0, SKEL_ERANGE, "t.csv:2:1", "field longer than 1048576 bytes");
    skel_csv_reader_init(&r, text, big - 1, "t.csv");
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(skel_csv_next(&r), 1, "%s", skel_last_error());
    cr_assert_eq(strlen(r.field[0]), SKEL_CSV_MAX_FIELD);
    skel_csv_reader_free(&r);
    free(text);
    /* Quoted: the limit counts the field, not its quotes. */
    text = malloc(SKEL_CSV_MAX_FIELD + 3);
    for (size_t l = SKEL_CSV_MAX_FIELD; l <= SKEL_CSV_MAX_FIELD + 1; l++) {
        text[0] = '"';
        memset(text + 1, 'q', l);
        text[l + 1] = '"';
        skel_csv_reader_init(&r, text, l + 2, "t.csv");
        int rc = skel_csv_next(&r);
        if (l == SKEL_CSV_MAX_FIELD) {
            cr_assert_eq(rc, 1, "%s", skel_last_error());
            cr_assert_eq(strlen(r.field[0]), SKEL_CSV_MAX_FIELD);
        } else {
            cr_assert_eq(rc, SKEL_ERANGE);
            cr_assert(strstr(skel_last_error(), "t.csv:1:1: field longer than") != NULL, "%s",
                      skel_last_error());
        }
        skel_csv_reader_free(&r);
    }
    free(text);
}

Test(base_csv, source_defaults_in_messages)
{
    skel_csv_reader r;
    skel_csv_reader_init(&r, "\"", 1, NULL);
    cr_assert_eq(skel_csv_next(&r), SKEL_EFORMAT);
    cr_assert(strncmp(skel_last_error(), "(csv):1:1:", 10) == 0, "%s", skel_last_error());
    skel_csv_reader_free(&r);
}

Test(base_csv, writer_round_trip)
{
    static const char *const fields[] = {"plain", "",  "a,b",      "say \"hi\"", "two\nlines",
                                         "cr\r",  "#", " spaced ", "\"",         ",,,"};
    size_t nf = sizeof fields / sizeof fields[0];
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    for (int rec = 0; rec < 3; rec++) {
        for (size_t k = 0; k < nf; k++) {
            if (k)
                fputc(',', f);
            skel_csv_field(f, fields[(k + (size_t)rec) % nf]);
        }
        fputc('\n', f);
    }
    skel_csv_field(f, NULL);
    skel_csv_num(f, 0.1);
    fputc(',', f);
    skel_csv_num(f, 1.0 / 0.0);
    fputc(',', f);
    skel_csv_num(f, 123456789012.0);
    fputc('\n', f);
    fclose(f);
    skel_csv_reader r;
    skel_csv_reader_init(&r, buf, len, "w.csv");
    for (int rec = 0; rec < 3; rec++) {
        cr_assert_eq(skel_csv_next(&r), 1, "%s", skel_last_error());
        cr_assert_eq(r.nfields, nf);
        for (size_t k = 0; k < nf; k++)
            cr_assert_str_eq(r.field[k], fields[(k + (size_t)rec) % nf]);
    }
    cr_assert_eq(skel_csv_next(&r), 1);
    cr_assert_eq(r.nfields, 3);
    cr_assert_str_eq(r.field[0], "0.1");
    cr_assert_str_eq(r.field[1], "", "not finite: an empty field");
    cr_assert_str_eq(r.field[2], "1.23456789e+11");
    cr_assert_eq(skel_csv_next(&r), 0);
    skel_csv_reader_free(&r);
    free(buf);
}
