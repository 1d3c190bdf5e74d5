/* test_commtable.c - communication cost tables (runtime/commtable.c): the
 * CSV format, its errors, interpolation and extrapolation. */
#include <criterion/criterion.h>

#include "commtable.h"
#include "error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static skel_commtable *parse_ok(const char *text)
{
    skel_commtable *t = NULL;
    int rc = skel_commtable_parse(text, strlen(text), "t.csv", &t);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    return t;
}

static void parse_bad(const char *text, size_t len, const char *where, const char *what)
{
    skel_commtable *t = NULL;
    int rc = skel_commtable_parse(text, len, "t.csv", &t);
    cr_expect_neq(rc, SKEL_OK, "accepted: %s", text);
    cr_expect_null(t);
    const char *e = skel_last_error();
    cr_expect(strstr(e, where) != NULL, "error '%s' does not name '%s'", e, where);
    cr_expect(strstr(e, what) != NULL, "error '%s' does not say '%s'", e, what);
}

Test(commtable, parses_a_table)
{
    skel_commtable *t = parse_ok("# measured by hand\n"
                                 "\n"
                                 "kind,size,oneway_ns_min,oneway_ns_median,repeats\n"
                                 "same-host,0,180,195,1000\n"
                                 "same-host, 1024 ,300,310.5,1000\r\n"
                                 "  # a comment in between\n"
                                 "cross-host,0,4000,4100,100\n"
                                 "cross-host,1048576,1.4e6,1.5e6,10\n");
    cr_expect_eq(skel_commtable_nrows(t), 4);
    cr_expect(skel_commtable_has(t, SKEL_COMMTABLE_SAME_HOST));
    cr_expect(skel_commtable_has(t, SKEL_COMMTABLE_CROSS_HOST));
    const struct skel_commtable_row *r = skel_commtable_row(t, 1);
    cr_expect_eq(r->kind, SKEL_COMMTABLE_SAME_HOST);
    cr_expect_eq(r->size, 1024);
    cr_expect_float_eq(r->min_ns, 300.0, 1e-9);
    cr_expect_float_eq(r->median_ns, 310.5, 1e-9);
    cr_expect_eq(r->repeats, 1000);
    cr_expect_eq(r->line, 5);
    cr_expect_float_eq(skel_commtable_row(t, 3)->median_ns, 1.5e6, 1e-9);
    skel_commtable_free(t);
}

Test(commtable, columns_in_any_order_and_optional)
{
    skel_commtable *t = parse_ok("oneway_ns_median,kind,size\n"
                                 "50000,cross-host,0\n"
                                 "90000,cross-host,65536\n");
    cr_expect_eq(skel_commtable_nrows(t), 2);
    cr_expect(!skel_commtable_has(t, SKEL_COMMTABLE_SAME_HOST));
    /* min defaults to the median */
    cr_expect_float_eq(skel_commtable_row(t, 0)->min_ns, 50000.0, 1e-9);
    cr_expect_float_eq(skel_commtable_oneway(t, SKEL_COMMTABLE_CROSS_HOST, 32768), 70000.0, 1e-9);
    skel_commtable_free(t);
}

Test(commtable, errors_name_line_and_column)
{
#define BAD(text, where, what) parse_bad(text, sizeof text - 1, where, what)
    BAD("", "t.csv", "empty table");
    BAD("# only a comment\n", "t.csv", "empty table");
    BAD("kind,size,oneway_ns_median\n", "t.csv", "no rows");
    BAD("kind,size\n", "t.csv:1", "no 'oneway_ns_median' column");
    BAD("kind,size,oneway_ns_median,colour\n", "t.csv:1:28", "a column name");
    BAD("kind,size,size,oneway_ns_median\n", "t.csv:1:11", "each column once");
    BAD("kind,size,oneway_ns_median,repeats,oneway_ns_min,kind\n", "t.csv:1", "at most 5 columns");
    BAD("kind,size,oneway_ns_median\nsame-host,0\n", "t.csv:2:12", "fewer");
    BAD("kind,size,oneway_ns_median\nsame-host,0,1,2\n", "t.csv:2:14", "more");
    BAD("kind,size,oneway_ns_median\nsame-rack,0,1\n", "t.csv:2:1", "same-host or cross-host");
    BAD("kind,size,oneway_ns_median\nsame-host,-1,1\n", "t.csv:2:11", "message size");
    BAD("kind,size,oneway_ns_median\nsame-host,1k,1\n", "t.csv:2:11", "message size");
    BAD("kind,size,oneway_ns_median\nsame-host,99999999999999999999999,1\n", "t.csv:2:11",
        "message size");
    BAD("kind,size,oneway_ns_median\nsame-host,2251799813685249,1\n", "t.csv:2:11", "2^50");
    BAD("kind,size,oneway_ns_median\nsame-host,0,-5\n", "t.csv:2:13", "time in nanoseconds");
    BAD("kind,size,oneway_ns_median\nsame-host,0,nan\n", "t.csv:2:13", "time in nanoseconds");
    BAD("kind,size,oneway_ns_median\nsame-host,0,inf\n", "t.csv:2:13", "time in nanoseconds");
    BAD("kind,size,oneway_ns_median\nsame-host,0,0x10\n", "t.csv:2:13", "time in nanoseconds");
    BAD("kind,size,oneway_ns_median\nsame-host,0,1e16\n", "t.csv:2:13", "up to 1e15");
    BAD("kind,size,oneway_ns_median\nsame-host,0,1e\n", "t.csv:2:13", "time in nanoseconds");
    BAD("kind,size,oneway_ns_median\nsame-host,0,\n", "t.csv:2:13", "time in nanoseconds");
    BAD("kind,size,oneway_ns_median\nsame-host,0,1\nsame-host,0,2\n", "t.csv:3:11",
        "already given on line 2");
    BAD("kind,size,oneway_ns_min,oneway_ns_median\nsame-host,0,5,4\n", "t.csv:2:13",
        "no larger than the median");
    BAD("kind,size,oneway_ns_median,repeats\nsame-host,0,5,x\n", "t.csv:2:15", "repeats");
    BAD("kind,size,oneway_ns_median\n\"same-host\",0,1\n", "t.csv:2:1", "kind of pair");
    BAD("kind,size,oneway_ns_median\nsame-host,0,1\0\n", "t.csv:2:14", "NUL byte");
    /* untrusted bytes are quoted safely */
    BAD("kind,size,oneway_ns_median\n\x1b[31m,0,1\n", "t.csv:2:1", "\\x1b[31m");
#undef BAD
}

Test(commtable, interpolates_and_extrapolates)
{
    skel_commtable *t = parse_ok("kind,size,oneway_ns_median\n"
                                 "same-host,0,100\n"
                                 "same-host,1000,200\n"
                                 "same-host,2000,400\n"
                                 "same-host,4000,800\n");
    int k = SKEL_COMMTABLE_SAME_HOST;
    /* measured sizes */
    cr_expect_float_eq(skel_commtable_oneway(t, k, 0), 100.0, 1e-9);
    cr_expect_float_eq(skel_commtable_oneway(t, k, 2000), 400.0, 1e-9);
    /* linear in between */
    cr_expect_float_eq(skel_commtable_oneway(t, k, 500), 150.0, 1e-9);
    cr_expect_float_eq(skel_commtable_oneway(t, k, 1500), 300.0, 1e-9);
    cr_expect_float_eq(skel_commtable_oneway(t, k, 3000), 600.0, 1e-9);
    /* beyond: slope of the least-squares line through the larger half
     * (2000 -> 400, 4000 -> 800: 0.2 ns/B), from the last point */
    cr_expect_float_eq(skel_commtable_oneway(t, k, 14000), 800.0 + 0.2 * 10000, 1e-9);
    /* a kind without rows */
    cr_expect_float_eq(skel_commtable_oneway(t, SKEL_COMMTABLE_CROSS_HOST, 10), 0.0, 1e-9);
    skel_commtable_free(t);

    /* least squares over more points: sizes 4k..32k on a noisy line */
    t = parse_ok("kind,size,oneway_ns_median\n"
                 "cross-host,1,5000\n"
                 "cross-host,1024,5100\n"
                 "cross-host,4096,6000\n"
                 "cross-host,8192,7000\n"
                 "cross-host,16384,9100\n"
                 "cross-host,32768,13000\n");
    k = SKEL_COMMTABLE_CROSS_HOST;
    /* the larger half: (8192,7000) (16384,9100) (32768,13000) */
    double xs[] = {8192, 16384, 32768}, ys[] = {7000, 9100, 13000};
    double mx = 0, my = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < 3; i++) {
        mx += xs[i] / 3;
        my += ys[i] / 3;
    }
    for (int i = 0; i < 3; i++) {
        sxx += (xs[i] - mx) * (xs[i] - mx);
        sxy += (xs[i] - mx) * (ys[i] - my);
    }
    double slope = sxy / sxx;
    cr_expect_float_eq(skel_commtable_oneway(t, k, 65536), 13000 + slope * 32768, 1e-6);
    /* below the smallest size: the smallest size's time */
    cr_expect_float_eq(skel_commtable_oneway(t, k, 0), 5000.0, 1e-9);
    skel_commtable_free(t);

    /* one row: a constant */
    t = parse_ok("kind,size,oneway_ns_median\nsame-host,64,1000\n");
    cr_expect_float_eq(skel_commtable_oneway(t, SKEL_COMMTABLE_SAME_HOST, 1u << 30), 1000.0, 1e-9);
    skel_commtable_free(t);

    /* a line that falls never extrapolates downwards */
    t = parse_ok("kind,size,oneway_ns_median\nsame-host,0,1000\nsame-host,100,900\n");
    cr_expect_float_eq(skel_commtable_oneway(t, SKEL_COMMTABLE_SAME_HOST, 1000), 900.0, 1e-9);
    skel_commtable_free(t);
}

Test(commtable, writes_what_it_reads)
{
    skel_commtable *t;
    cr_assert_eq(skel_commtable_new("mem", &t), SKEL_OK);
    struct skel_commtable_row rows[] = {
        {.kind = SKEL_COMMTABLE_CROSS_HOST,
         .size = 8,
         .min_ns = 4000.25,
         .median_ns = 4100.125,
         .repeats = 7},
        {.kind = SKEL_COMMTABLE_SAME_HOST,
         .size = 1 << 20,
         .min_ns = 1e5 / 3,
         .median_ns = 1e5,
         .repeats = 3},
        {.kind = SKEL_COMMTABLE_SAME_HOST, .size = 0, .min_ns = 190, .median_ns = 200},
    };
    for (size_t i = 0; i < 3; i++)
        cr_assert_eq(skel_commtable_add(t, &rows[i]), SKEL_OK, "%s", skel_last_error());
    /* the same pair twice, and bad values, are refused */
    cr_expect_eq(skel_commtable_add(t, &rows[0]), SKEL_EFORMAT);
    struct skel_commtable_row neg = {.kind = 0, .size = 9, .min_ns = -1, .median_ns = 1};
    cr_expect_eq(skel_commtable_add(t, &neg), SKEL_ERANGE);

    char path[] = "/tmp/skel-test-commtable-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    cr_assert_eq(skel_commtable_write(t, path, "line one\nline two"), SKEL_OK, "%s",
                 skel_last_error());
    skel_commtable *u;
    cr_assert_eq(skel_commtable_load(path, &u), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_commtable_nrows(u), 3);
    for (size_t i = 0; i < 3; i++) {
        const struct skel_commtable_row *a = skel_commtable_row(t, i),
                                        *b = skel_commtable_row(u, i);
        cr_expect_eq(a->kind, b->kind);
        cr_expect_eq(a->size, b->size);
        cr_expect_eq(a->min_ns, b->min_ns, "row %zu: %.17g vs %.17g", i, a->min_ns, b->min_ns);
        cr_expect_eq(a->median_ns, b->median_ns);
        cr_expect_eq(a->repeats, b->repeats);
    }
    char *text;
    cr_assert_eq(skel_commtable_format(u, NULL, &text), SKEL_OK);
    cr_expect(strncmp(text, "kind,size,oneway_ns_min,oneway_ns_median,repeats\nsame-host,0,", 61) ==
                  0,
              "%s", text);
    free(text);
    FILE *f = fopen(path, "r");
    char line[128];
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_expect_str_eq(line, "# line one\n");
    fclose(f);
    skel_commtable_free(u);
    skel_commtable_free(t);
    unlink(path);

    cr_expect_eq(skel_commtable_load("/nonexistent/table.csv", &u), SKEL_ENOTFOUND);
    cr_expect(strstr(skel_last_error(), "/nonexistent/table.csv") != NULL);
}

Test(commtable, kinds)
{
    cr_expect_eq(skel_commtable_kind_parse("same-host"), SKEL_COMMTABLE_SAME_HOST);
    cr_expect_eq(skel_commtable_kind_parse("cross-host"), SKEL_COMMTABLE_CROSS_HOST);
    cr_expect_eq(skel_commtable_kind_parse("other"), -1);
    cr_expect_str_eq(skel_commtable_kind_name(SKEL_COMMTABLE_CROSS_HOST), "cross-host");
    cr_expect_null(skel_commtable_kind_name(7));
}

/* ---- netprobe (runtime/netprobe.c): what it asks for and what it reads ---- */

#include "netprobe.h"

Test(netprobe, sizes)
{
    uint64_t s[SKEL_NETPROBE_MAX_SIZES];
    size_t n;
    cr_assert_eq(skel_netprobe_sizes(4u << 20, s, SKEL_NETPROBE_MAX_SIZES, &n), SKEL_OK);
    cr_expect_eq(s[0], 0);
    cr_expect_eq(s[1], 1);
    cr_expect_eq(s[n - 1], 4u << 20);
    for (size_t i = 1; i < n; i++)
        cr_expect_gt(s[i], s[i - 1], "sizes increase: %llu then %llu", (unsigned long long)s[i - 1],
                     (unsigned long long)s[i]);
    int has12 = 0, has3m = 0;
    for (size_t i = 0; i < n; i++) {
        has12 |= s[i] == 12;
        has3m |= s[i] == 3u << 20;
    }
    cr_expect(has12 && has3m, "halfway sizes 12 and 3 MiB are measured");
    /* a maximum that is no power of two is measured too */
    cr_assert_eq(skel_netprobe_sizes(1000, s, SKEL_NETPROBE_MAX_SIZES, &n), SKEL_OK);
    cr_expect_eq(s[n - 1], 1000);
    cr_assert_eq(skel_netprobe_sizes(0, s, SKEL_NETPROBE_MAX_SIZES, &n), SKEL_OK);
    cr_expect_eq(n, 1);
    cr_expect_eq(skel_netprobe_sizes(1ull << 40, s, SKEL_NETPROBE_MAX_SIZES, &n), SKEL_ERANGE);
}

Test(netprobe, reads_the_probe_output)
{
    skel_commtable *t;
    cr_assert_eq(skel_commtable_new("probe", &t), SKEL_OK);
    static const char ok[] = "skel-netprobe 1\n0 200.0 250.5 1000\n1024 400 500 900\n";
    cr_assert_eq(skel_netprobe_read(ok, sizeof ok - 1, "out", SKEL_COMMTABLE_CROSS_HOST, t),
                 SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(skel_commtable_nrows(t), 2);
    cr_expect_float_eq(skel_commtable_oneway(t, SKEL_COMMTABLE_CROSS_HOST, 512), 375.25, 1e-9);
    static const struct {
        const char *text;
        const char *msg;
    } bad[] = {
        {"", "out:1"},
        {"skel-netprobe 2\n0 1 1 1\n", "out:1"},
        {"skel-netprobe 1\n", "at least one size"},
        {"skel-netprobe 1\n0 1 1 1", "complete line"},
        {"skel-netprobe 1\n0 1 1\n", "out:2"},
        {"skel-netprobe 1\n0 1 1 1 extra\n", "out:2"},
        {"skel-netprobe 1\n0 5 1 1\n", "larger than the median"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        skel_commtable *u;
        cr_assert_eq(skel_commtable_new("probe", &u), SKEL_OK);
        cr_expect_neq(skel_netprobe_read(bad[i].text, strlen(bad[i].text), "out",
                                         SKEL_COMMTABLE_SAME_HOST, u),
                      SKEL_OK, "accepted '%s'", bad[i].text);
        cr_expect(strstr(skel_last_error(), bad[i].msg) != NULL, "'%s': got '%s'", bad[i].text,
                  skel_last_error());
        skel_commtable_free(u);
    }
    skel_commtable_free(t);
}

/* A launcher that plays the probe program: answers every size with a line
 * time = 1000 * (kind + 1) + size / 10, writing the file --out names. */
static int fake_launch(void *ctx, int kind, char *const argv[])
{
    int *calls = ctx;
    (*calls)++;
    const char *sizes = NULL, *out = NULL;
    for (int i = 1; argv[i] != NULL; i++) {
        if (strcmp(argv[i], "--sizes") == 0)
            sizes = argv[i + 1];
        if (strcmp(argv[i], "--out") == 0)
            out = argv[i + 1];
    }
    cr_assert_not_null(sizes);
    cr_assert_not_null(out);
    FILE *f = fopen(out, "w");
    cr_assert_not_null(f);
    fprintf(f, "skel-netprobe 1\n");
    for (const char *s = sizes; *s != '\0';) {
        char *end;
        unsigned long long v = strtoull(s, &end, 10);
        double ns = 1000.0 * (kind + 1) + (double)v / 10;
        fprintf(f, "%llu %.1f %.1f 10\n", v, ns, ns);
        s = *end == ',' ? end + 1 : end;
    }
    fclose(f);
    return SKEL_OK;
}

Test(netprobe, measures_each_kind_through_the_launcher)
{
    char dir[] = "/tmp/skel-test-netprobe-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    int calls = 0;
    skel_commtable *t;
    cr_assert_eq(skel_commtable_new("measured", &t), SKEL_OK);
    struct skel_netprobe_opts o = {.program = "skel-netprobe-mpi",
                                   .workdir = dir,
                                   .max_size = 65536,
                                   .kinds = 3,
                                   .launch = fake_launch,
                                   .ctx = &calls};
    cr_assert_eq(skel_netprobe_measure(&o, t), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(calls, 2);
    cr_expect_float_eq(skel_commtable_oneway(t, SKEL_COMMTABLE_SAME_HOST, 0), 1000.0, 1e-9);
    cr_expect_float_eq(skel_commtable_oneway(t, SKEL_COMMTABLE_CROSS_HOST, 65536), 2000.0 + 6553.6,
                       1e-6);
    skel_commtable_free(t);
    rmdir(dir); /* the results files are gone */
    cr_expect_eq(access(dir, F_OK), -1, "the measurement left files in %s", dir);
    if (access(dir, F_OK) == 0) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        cr_expect_eq(system(cmd), 0);
    }
}
