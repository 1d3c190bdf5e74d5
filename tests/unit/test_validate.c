/* test_validate.c - the prediction arithmetic of `skel validate` (measured
 * scaling ratio, skeleton prediction, the two baselines, errors), its table,
 * its CSV and reading it back, command-line splitting (no MPI job is started
 * here; tests/e2e/test_validate_*.sh do that). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "validate.h"

static void expect_error(int rc, int code, const char *where)
{
    cr_assert_eq(rc, code, "expected %s, got %s (%s)", skel_errname(code), skel_errname(rc),
                 skel_last_error());
    cr_assert(strstr(skel_last_error(), where) != NULL, "detail '%s' does not mention '%s'",
              skel_last_error(), where);
}

static struct skel_validate_measure meas(double t)
{
    struct skel_validate_measure m;
    memset(&m, 0, sizeof m);
    m.ok = t > 0;
    m.time_s = m.min_s = m.max_s = t;
    m.runs = 1;
    return m;
}

static struct skel_validate_series series(const char *label, const double *t, size_t n)
{
    static const char *names[] = {"dedicated", "cpu-one", "link-one"};
    struct skel_validate_series s;
    s.label = strdup(label);
    s.reference = strdup("dedicated");
    s.n = n;
    s.scenario = calloc(n, sizeof *s.scenario);
    s.time_s = calloc(n, sizeof *s.time_s);
    for (size_t i = 0; i < n; i++) {
        s.scenario[i] = strdup(names[i]);
        s.time_s[i] = t[i];
    }
    return s;
}

/* Three scenarios; the application 20 s dedicated; two skeletons; a small
 * input; two baseline applications (slowdowns 2 and 3 under cpu-one). */
static void make_table(struct skel_validate_table *t)
{
    static const char *names[] = {"dedicated", "cpu-one", "link-one"};
    static const double app[] = {20, 42, 30}, sk1[] = {0.5, 1.0, 0.8}, sk2[] = {1.0, 2.2, 1.5};
    static const double small[] = {0.4, 0.9, 0.4};
    memset(t, 0, sizeof *t);
    t->app = strdup("/opt/app -i 100 --name \"a, b\"");
    t->small = strdup("/opt/app -i 2");
    t->nodes = strdup("testbed:1,2");
    t->nranks = 2;
    t->app_repeat = 1;
    t->skel_repeat = 3;
    t->nskel = 2;
    t->skel[0].dir = strdup("sk-0.5");
    t->skel[0].k = 40;
    t->skel[0].expected_s = 0.5;
    t->skel[1].dir = strdup("sk-1");
    t->skel[1].k = 20;
    t->skel[1].expected_s = 1;
    t->nrows = 3;
    t->rows = calloc(3, sizeof *t->rows);
    for (size_t i = 0; i < 3; i++) {
        struct skel_validate_row *r = &t->rows[i];
        r->scenario = strdup(names[i]);
        r->reference = i == 0;
        r->app = meas(app[i]);
        r->skel[0] = meas(sk1[i]);
        r->skel[1] = meas(sk2[i]);
        r->small = meas(small[i]);
    }
    double b1[] = {10, 20, 11}, b2[] = {5, 15, 10};
    struct skel_validate_series s1 = series("b1", b1, 3), s2 = series("b2", b2, 3);
    cr_assert_eq(skel_validate_add_series(t, &s1), SKEL_OK);
    cr_assert_eq(skel_validate_add_series(t, &s2), SKEL_OK);
    cr_assert_null(s1.label); /* moved */
}

Test(validate, ratio_prediction_error)
{
    struct skel_validate_table t;
    make_table(&t);
    skel_validate_compute(&t);
    /* Measured scaling ratio = app / skeleton on the reference. */
    cr_assert_float_eq(t.skel[0].ratio, 40, 1e-12);
    cr_assert_float_eq(t.skel[1].ratio, 20, 1e-12);
    /* The reference row is exact by construction: error exactly 0. */
    cr_assert_eq(t.rows[0].skel_pred[0].error, 0.0);
    cr_assert_eq(t.rows[0].skel_pred[1].error, 0.0);
    cr_assert_eq(t.rows[0].small_pred.error, 0.0);
    cr_assert_eq(t.rows[0].avg_pred.error, 0.0);
    cr_assert_float_eq(t.rows[0].skel_pred[0].predicted_s, 20, 1e-12);
    /* cpu-one: 1.0 s x 40 = 40 s predicted against 42 measured. */
    cr_assert_float_eq(t.rows[1].skel_pred[0].predicted_s, 40, 1e-12);
    cr_assert_float_eq(t.rows[1].skel_pred[0].error, (40.0 - 42) / 42, 1e-12);
    cr_assert_float_eq(t.rows[1].skel_pred[1].predicted_s, 44, 1e-12);
    cr_assert_float_eq(t.rows[1].skel_pred[1].error, 2.0 / 42, 1e-12);
    /* link-one: 0.8 x 40 = 32 against 30. */
    cr_assert_float_eq(t.rows[2].skel_pred[0].error, 2.0 / 30, 1e-12);
    skel_validate_table_free(&t);
}

Test(validate, baselines)
{
    struct skel_validate_table t;
    make_table(&t);
    skel_validate_compute(&t);
    /* Average prediction: slowdowns 20/10 = 2 and 15/5 = 3, mean 2.5 -> 50 s. */
    cr_assert_eq(t.rows[1].avg_n, 2);
    cr_assert_float_eq(t.rows[1].avg_slowdown, 2.5, 1e-12);
    cr_assert_float_eq(t.rows[1].avg_pred.predicted_s, 50, 1e-12);
    cr_assert_float_eq(t.rows[1].avg_pred.error, 8.0 / 42, 1e-12);
    /* link-one: 1.1 and 2.0, mean 1.55 -> 31 s. */
    cr_assert_float_eq(t.rows[2].avg_pred.predicted_s, 31, 1e-9);
    /* Small input: ratio 20 / 0.4 = 50; cpu-one 0.9 x 50 = 45. */
    cr_assert_float_eq(t.small_ratio, 50, 1e-12);
    cr_assert_float_eq(t.rows[1].small_pred.predicted_s, 45, 1e-12);
    cr_assert_float_eq(t.rows[2].small_pred.predicted_s, 20, 1e-12);
    cr_assert_float_eq(t.rows[2].small_pred.error, -10.0 / 30, 1e-12);
    skel_validate_table_free(&t);
}

Test(validate, baseline_missing_scenario_is_skipped)
{
    struct skel_validate_table t;
    make_table(&t);
    t.series[1].time_s[2] = 0; /* b2 not measured under link-one */
    skel_validate_compute(&t);
    cr_assert_eq(t.rows[2].avg_n, 1);
    cr_assert_float_eq(t.rows[2].avg_slowdown, 1.1, 1e-12);
    free(t.series[0].reference); /* b1 without a reference: unusable */
    t.series[0].reference = NULL;
    skel_validate_compute(&t);
    cr_assert_eq(t.rows[2].avg_n, 0);
    cr_assert_eq(t.rows[2].avg_pred.ok, 0);
    skel_validate_table_free(&t);
}

Test(validate, failed_cells_have_no_prediction)
{
    struct skel_validate_table t;
    make_table(&t);
    t.rows[1].skel[0] = meas(0);
    t.rows[2].app = meas(0);
    skel_validate_compute(&t);
    cr_assert_eq(t.rows[1].skel_pred[0].ok, 0);
    cr_assert_eq(t.rows[2].skel_pred[0].ok, 1); /* predicted, but nothing to compare with */
    struct skel_validate_summary s;
    skel_validate_summarize(&t, 0, &s);
    cr_assert_eq(s.n, 0);
    /* Without the reference's application time, nothing is predicted. */
    t.rows[0].app = meas(0);
    skel_validate_compute(&t);
    cr_assert_eq(t.skel[0].ratio, 0);
    cr_assert_eq(t.rows[1].skel_pred[1].ok, 0);
    skel_validate_table_free(&t);
}

Test(validate, summary_excludes_reference)
{
    struct skel_validate_table t;
    struct skel_validate_summary s;
    make_table(&t);
    skel_validate_compute(&t);
    skel_validate_summarize(&t, 0, &s);
    cr_assert_eq(s.n, 2);
    cr_assert_float_eq(s.min, 2.0 / 42, 1e-12);
    cr_assert_float_eq(s.max, 2.0 / 30, 1e-12);
    cr_assert_float_eq(s.mean, (2.0 / 42 + 2.0 / 30) / 2, 1e-12);
    skel_validate_summarize(&t, -2, &s);
    cr_assert_float_eq(s.mean, (3.0 / 42 + 10.0 / 30) / 2, 1e-12);
    skel_validate_summarize(&t, 7, &s);
    cr_assert_eq(s.n, 0);
    skel_validate_table_free(&t);
}

Test(validate, table)
{
    struct skel_validate_table t;
    char *buf = NULL;
    size_t len = 0;
    make_table(&t);
    /* cpu-one's application: three rounds between 40 and 44.2 s. */
    t.rows[1].app.runs = 3;
    t.rows[1].app.min_s = 40;
    t.rows[1].app.max_s = 44.2;
    skel_validate_compute(&t);
    FILE *f = open_memstream(&buf, &len);
    skel_validate_print(f, &t);
    fclose(f);
    cr_assert(strstr(buf, "      10.0%               -\n") != NULL, "the range 4.2 s of 42 s: %s",
              buf);
    cr_assert(strstr(buf, "skeleton 1   sk-0.5: K = 40, expected 0.500 s; measured scaling "
                          "ratio 40\n") != NULL,
              "%s", buf);
    cr_assert(strstr(buf, "dedicated (ref)           20.0000       0.5000       1.0000       "
                          "0.4000     1.000 (2)           -               -\n") != NULL,
              "%s", buf);
    cr_assert(strstr(buf,
                     "cpu-one                    40.000    -4.8%                -              "
                     "44.000    +4.8%                -              50.000   +19.0%       "
                     "45.000    +7.1%                -       \n") != NULL,
              "%s", buf);
    cr_assert(strstr(buf, "dedicated    skeleton 1: (application / K) / skeleton = 1.000\n") !=
                  NULL,
              "%s", buf);
    cr_assert(strstr(buf, "dedicated (ref)            20.000    +0.0%") != NULL, "%s", buf);
    cr_assert(strstr(buf, "skeleton 1 (0.50 s)              4.8%     6.7%     5.7%  2\n") != NULL,
              "%s", buf);
    cr_assert(strstr(buf, "average prediction") != NULL, "%s", buf);
    cr_assert(strstr(buf, "small input                      7.1%    33.3%    20.2%  2\n") != NULL,
              "%s", buf);
    free(buf);
    skel_validate_table_free(&t);
}

Test(validate, csv_round_trip)
{
    struct skel_validate_table t, u;
    char dir[] = "/tmp/skel-test-validate-XXXXXX", path[256];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/v.csv", dir);
    make_table(&t);
    skel_validate_compute(&t);
    cr_assert_eq(skel_validate_write_csv(path, &t), SKEL_OK, "%s", skel_last_error());

    /* The rows of the first scenario, as written. */
    FILE *f = fopen(path, "r");
    char line[512];
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert_str_eq(line, "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,"
                           "error,ratio,k,nodes,nranks,command,lo_s,hi_s,error_lo,error_hi,"
                           "ratio_lo,ratio_hi,spent_s,samples_s\n");
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert_str_eq(line, "app,dedicated,1,application,20,20,20,1,,,,,"
                           "\"testbed:1,2\",2,\"/opt/app -i 100 --name \"\"a, b\"\"\",,,,,,,,\n");
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert_str_eq(line, "skeleton,dedicated,1,sk-0.5,0.5,0.5,0.5,1,20,"
                           "0.000000,40,40,\"testbed:1,2\",2,sk-0.5,,,,,,,,\n");
    fclose(f);

    cr_assert_eq(skel_validate_read_csv(path, &u), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(u.net, 0);
    cr_assert_str_eq(u.app, t.app);
    cr_assert_str_eq(u.small, t.small);
    cr_assert_str_eq(u.nodes, "testbed:1,2");
    cr_assert_eq(u.nranks, 2);
    cr_assert_eq(u.nrows, 3);
    cr_assert_eq(u.nskel, 2);
    cr_assert_eq(u.nseries, 2);
    cr_assert_str_eq(u.rows[0].scenario, "dedicated");
    cr_assert(u.rows[0].reference && !u.rows[1].reference);
    cr_assert_float_eq(u.skel[1].k, 20, 1e-12);
    for (size_t i = 0; i < 3; i++) {
        for (size_t k = 0; k < 2; k++)
            cr_assert_float_eq(u.rows[i].skel_pred[k].error, t.rows[i].skel_pred[k].error, 1e-6);
        cr_assert_float_eq(u.rows[i].avg_pred.error, t.rows[i].avg_pred.error, 1e-6);
        cr_assert_float_eq(u.rows[i].small_pred.error, t.rows[i].small_pred.error, 1e-6);
    }

    /* The application's times as a baseline series for another application. */
    struct skel_validate_series s;
    cr_assert_eq(skel_validate_series_from_csv(path, &s), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(s.n, 3);
    cr_assert_str_eq(s.reference, "dedicated");
    cr_assert_float_eq(s.time_s[1], 42, 1e-9);
    cr_assert(strstr(s.label, "/opt/app -i 100") != NULL);
    skel_validate_series_free(&s);

    skel_validate_table_free(&t);
    skel_validate_table_free(&u);
    unlink(path);
    rmdir(dir);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

Test(validate, csv_errors_name_line)
{
    char dir[] = "/tmp/skel-test-validate-XXXXXX", path[256];
    struct skel_validate_table t;
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/bad.csv", dir);
    const char *hdr = "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,"
                      "ratio,k,nodes,nranks,command\n";
    char text[2048];
    write_file(path, "rank,candidate\n1,x\n");
    expect_error(skel_validate_read_csv(path, &t), SKEL_EFORMAT, ":1: not a skel validate CSV");
    skel_validate_table_free(&t);
    snprintf(text, sizeof text, "%sapp,dedicated,1,application,abc,1,1,1,,,,,n,2,x\n", hdr);
    write_file(path, text);
    expect_error(skel_validate_read_csv(path, &t), SKEL_EFORMAT, ":2: time_s 'abc'");
    skel_validate_table_free(&t);
    snprintf(
        text, sizeof text,
        "%sapp,dedicated,1,application,1,1,1,1,,,,,n,2,\"a\nb\"\nfoo,cpu,0,x,1,1,1,1,,,,,n,2,y\n",
        hdr);
    write_file(path, text);
    expect_error(skel_validate_read_csv(path, &t), SKEL_EFORMAT, ":4: unknown kind 'foo'");
    skel_validate_table_free(&t);
    snprintf(text, sizeof text, "%sapp,dedicated,1,application,1,1,1,1,,,,,n,2,\"x\n", hdr);
    write_file(path, text);
    expect_error(skel_validate_read_csv(path, &t), SKEL_EFORMAT, "damaged CSV record");
    skel_validate_table_free(&t);
    snprintf(text, sizeof text, "%sapp,dedicated,1,application,1,1,1\n", hdr);
    write_file(path, text);
    expect_error(skel_validate_read_csv(path, &t), SKEL_EFORMAT, ":2: 7 fields, expected 15");
    skel_validate_table_free(&t);
    struct skel_validate_series s;
    snprintf(text, sizeof text, "%sapp,cpu-one,0,application,1,1,1,1,,,,,n,2,x\n", hdr);
    write_file(path, text);
    expect_error(skel_validate_series_from_csv(path, &s), SKEL_EFORMAT, "no reference row");
    unlink(path);
    rmdir(dir);
}

Test(validate, split)
{
    char **v = NULL;
    cr_assert_eq(skel_validate_split("  ./app -n 4  'a b' \"c \\\"d\\\"\" e\\ f g''h ", &v),
                 SKEL_OK);
    const char *want[] = {"./app", "-n", "4", "a b", "c \"d\"", "e f", "gh", NULL};
    for (size_t i = 0; want[i]; i++)
        cr_assert_str_eq(v[i], want[i]);
    cr_assert_null(v[7]);
    skel_validate_argv_free(v);
    expect_error(skel_validate_split("a 'b", &v), SKEL_EUSAGE, "unterminated '");
    expect_error(skel_validate_split("a \"b", &v), SKEL_EUSAGE, "unterminated \"");
    expect_error(skel_validate_split("a b\\", &v), SKEL_EUSAGE, "backslash");
    expect_error(skel_validate_split("   ", &v), SKEL_EUSAGE, "empty");
}

Test(validate, commands_file)
{
    char dir[] = "/tmp/skel-test-validate-XXXXXX", path[256];
    char ***c = NULL;
    size_t n = 0;
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/apps", dir);
    write_file(path, "# the other samples\n\n/b/cg -i 10\n  /b/isort -k 'x y'\r\n");
    cr_assert_eq(skel_validate_load_commands(path, &c, &n), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(n, 2);
    cr_assert_str_eq(c[0][0], "/b/cg");
    cr_assert_str_eq(c[1][2], "x y");
    cr_assert_null(c[1][3]);
    skel_validate_commands_free(c, n);
    write_file(path, "# nothing\n");
    expect_error(skel_validate_load_commands(path, &c, &n), SKEL_EFORMAT, "no command");
    write_file(path, "/b/cg\n/b/x 'unterminated\n");
    expect_error(skel_validate_load_commands(path, &c, &n), SKEL_EFORMAT, "apps:2:");
    unlink(path);
    rmdir(dir);
}

Test(validate, csv_launch_rows)
{
    struct skel_validate_table t, u;
    char dir[] = "/tmp/skel-test-validate-XXXXXX", path[256];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/v.csv", dir);
    make_table(&t);
    t.net = 1;
    t.rows[0].launch_s = 0.12;
    t.rows[1].launch_s = 0.31;
    skel_validate_compute(&t);
    cr_assert_eq(skel_validate_write_csv(path, &t), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_validate_read_csv(path, &u), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(u.net, 1);
    cr_assert_float_eq(u.rows[0].launch_s, 0.12, 1e-9);
    cr_assert_float_eq(u.rows[1].launch_s, 0.31, 1e-9);
    cr_assert_eq(u.rows[2].launch_s, 0);
    /* The times in the CSV are the ones predictions use: unchanged by reading. */
    cr_assert_float_eq(u.rows[1].app.time_s, 42, 1e-9);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    skel_validate_print(f, &u);
    fclose(f);
    cr_assert(strstr(buf, "wall time less the launch overhead") != NULL, "%s", buf);
    cr_assert(strstr(buf, "     0.310           -               -\n") != NULL, "%s", buf);
    free(buf);
    skel_validate_table_free(&t);
    skel_validate_table_free(&u);
    unlink(path);
    rmdir(dir);
}

/* ---- intervals over the rounds ---------------------------------------------------- */

Test(validate, median_interval)
{
    const double v[] = {10.2, 9.8, 10.0, 10.6, 9.9, 10.1, 10.3};
    double lo, hi, lo2, hi2;
    cr_assert_eq(skel_validate_median_interval(v, 7, &lo, &hi), 1);
    /* Around the median 10.1, within the values, not a point. */
    cr_assert(lo <= 10.1 && hi >= 10.1 && lo >= 9.8 && hi <= 10.6 && hi > lo, "[%g, %g]", lo, hi);
    /* A fixed seed: the same rounds give the same interval. */
    cr_assert_eq(skel_validate_median_interval(v, 7, &lo2, &hi2), 1);
    cr_assert(lo == lo2 && hi == hi2);
    /* Identical rounds: a point. */
    const double c[] = {3, 3, 3, 3, 3};
    cr_assert_eq(skel_validate_median_interval(c, 5, &lo, &hi), 1);
    cr_assert_float_eq(lo, 3, 1e-12);
    cr_assert_float_eq(hi, 3, 1e-12);
    /* Too few rounds: no interval. */
    cr_assert_eq(skel_validate_median_interval(v, 2, &lo, &hi), 0);
    cr_assert(lo == 0 && hi == 0);
}

Test(validate, error_interval_pairs_rounds)
{
    /* The machine drifts by 40 % over the rounds; in every round the
     * skeleton took exactly 1/10 of its application on the reference and
     * 1.1/10 under the scenario.  Paired, every resample says +10 %. */
    const double rapp[] = {10, 11, 12, 13, 14}, rsk[] = {1.0, 1.1, 1.2, 1.3, 1.4};
    const double app[] = {20, 24, 28, 22, 26}, sk[] = {2.2, 2.64, 3.08, 2.42, 2.86};
    double lo, hi;
    cr_assert_eq(skel_validate_error_interval(rapp, rsk, 5, app, sk, 5, &lo, &hi), 1);
    cr_assert_float_eq(lo, 0.10, 1e-9, "lo %g", lo);
    cr_assert_float_eq(hi, 0.10, 1e-9, "hi %g", hi);
    /* The same values with the skeleton's rounds in another order (no
     * longer paired with their application's round): the drift now shows
     * as a wide interval around the same median error. */
    const double shuffled[] = {3.08, 2.2, 2.42, 2.86, 2.64};
    cr_assert_eq(skel_validate_error_interval(rapp, rsk, 5, app, shuffled, 5, &lo, &hi), 1);
    cr_assert(lo < 0 && hi > 0.2, "[%g, %g]", lo, hi);
    /* Too few reference rounds: none. */
    cr_assert_eq(skel_validate_error_interval(rapp, rsk, 2, app, sk, 5, &lo, &hi), 0);
}

Test(validate, ratio_interval)
{
    const double app[] = {10, 12, 11, 13, 10.5}, sk[] = {1, 1.2, 1.1, 1.3, 1.05};
    double lo, hi;
    cr_assert_eq(skel_validate_ratio_interval(app, sk, 5, &lo, &hi), 1);
    cr_assert_float_eq(lo, 10, 1e-9);
    cr_assert_float_eq(hi, 10, 1e-9);
}

Test(validate, verdicts)
{
    cr_assert_str_eq(skel_validate_verdict(-0.02, 0.03, 0.04), "hit");
    cr_assert_str_eq(skel_validate_verdict(0.01, 0.03, 0.04), "hit"); /* a small bias */
    cr_assert_str_eq(skel_validate_verdict(-0.08, 0.12, 0.04), "noise");
    cr_assert_str_eq(skel_validate_verdict(0.05, 0.12, 0.04), "miss");
    cr_assert_str_eq(skel_validate_verdict(-0.2, -0.05, 0.04), "miss");
    cr_assert_str_eq(skel_validate_verdict(0.02, 0.07, 0.04), "unsure");
}

/* Rounds in a measure (ok, the median as its time). */
static void rounds(struct skel_validate_measure *m, const double *v, unsigned n)
{
    double s[SKEL_VALIDATE_MAX_ROUNDS];
    memset(m, 0, sizeof *m);
    memcpy(m->samples_s, v, n * sizeof *v);
    memcpy(s, v, n * sizeof *v);
    m->nsamples = m->runs = n;
    m->ok = 1;
    for (unsigned i = 1; i < n; i++) /* insertion sort for the median */
        for (unsigned j = i; j > 0 && s[j - 1] > s[j]; j--) {
            double x = s[j];
            s[j] = s[j - 1];
            s[j - 1] = x;
        }
    m->time_s = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    m->min_s = s[0];
    m->max_s = s[n - 1];
}

/* Two scenarios of five rounds, one skeleton: intervals, verdicts and the
 * dedicated ratio in the table, the CSV and the CSV read back. */
Test(validate, rounds_table_csv)
{
    static const double rapp[] = {10, 10.4, 9.8, 10.1, 10.2}, rsk[] = {1.0, 1.05, 0.97, 1.0, 1.03};
    static const double app[] = {20, 21, 19.5, 20.5, 20.2}, sk[] = {2.3, 2.45, 2.2, 2.4, 2.3};
    struct skel_validate_table t, u;
    char dir[] = "/tmp/skel-test-validate-XXXXXX", path[256];
    memset(&t, 0, sizeof t);
    t.app = strdup("/opt/app");
    t.nodes = strdup("testbed:1,2");
    t.nranks = 2;
    t.app_repeat = 5;
    t.skel_repeat = 3;
    t.skel_target = 0.03;
    t.nskel = 1;
    t.skel[0].dir = strdup("sk");
    t.skel[0].k = 10;
    t.skel[0].expected_s = 1;
    t.nrows = 2;
    t.rows = calloc(2, sizeof *t.rows);
    t.rows[0].scenario = strdup("dedicated");
    t.rows[0].reference = 1;
    t.rows[1].scenario = strdup("cpu-one");
    rounds(&t.rows[0].app, rapp, 5);
    rounds(&t.rows[0].skel[0], rsk, 5);
    rounds(&t.rows[1].app, app, 5);
    rounds(&t.rows[1].skel[0], sk, 5);
    t.rows[1].skel[0].spent_s = 36.5;
    t.rows[1].skel[0].repeats = 15;
    t.rows[1].skel[0].launches = 5;
    t.rows[1].skel[0].tight = 4;
    skel_validate_compute(&t);

    const struct skel_validate_pred *p = &t.rows[1].skel_pred[0];
    cr_assert(p->ok && p->ci);
    /* Median error: 2.3 x (10.1 / 1.0) / 20.2 - 1 = +15 %, inside its interval, a miss at 4 %. */
    cr_assert_float_eq(p->error, 0.15, 1e-9);
    cr_assert(p->lo <= p->error && p->error <= p->hi && p->lo > 0.04, "[%g, %g]", p->lo, p->hi);
    cr_assert_str_eq(skel_validate_verdict(p->lo, p->hi, 0.04), "miss");
    cr_assert(!t.rows[0].skel_pred[0].ci, "the reference row has no interval");
    cr_assert(t.skel[0].ratio_lo > 0 && t.skel[0].ratio_lo <= t.skel[0].ratio &&
              t.skel[0].ratio <= t.skel[0].ratio_hi);
    cr_assert(t.rows[1].app.lo_s < 20.2 && t.rows[1].app.hi_s > 20.2);
    cr_assert_eq(t.summary[0].nci, 1);
    cr_assert_eq(t.summary[0].miss, 1);
    cr_assert_eq(t.summary[0].beyond10, p->lo > 0.10);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    skel_validate_print(f, &t);
    fclose(f);
    char want[128];
    snprintf(want, sizeof want, "[%+.1f, %+.1f] miss", p->lo * 100, p->hi * 100);
    cr_assert(strstr(buf, want) != NULL, "no '%s' in %s", want, buf);
    cr_assert(strstr(buf, "(application / K) / skeleton = 1.010 [") != NULL, "%s", buf);
    cr_assert(strstr(buf, "36.5 s (15, 5; 4/5)") != NULL, "%s", buf);
    cr_assert(strstr(buf, "1 miss (+/- 4%)") != NULL, "%s", buf);

    /* The CSV keeps the rounds; reading it back gives the same intervals. */
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/v.csv", dir);
    cr_assert_eq(skel_validate_write_csv(path, &t), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_validate_read_csv(path, &u), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(u.rows[1].skel[0].nsamples, 5);
    cr_assert_float_eq(u.rows[1].skel[0].samples_s[1], 2.45, 1e-12);
    cr_assert_float_eq(u.rows[1].skel[0].spent_s, 36.5, 1e-9);
    cr_assert_eq(u.rows[1].skel_pred[0].ci, 1);
    cr_assert_float_eq(u.rows[1].skel_pred[0].lo, p->lo, 1e-6);
    cr_assert_float_eq(u.rows[1].skel_pred[0].hi, p->hi, 1e-6);
    cr_assert_float_eq(u.skel[0].ratio_lo, t.skel[0].ratio_lo, 1e-6);

    /* A CSV of the first version (15 columns, no rounds) still reads, without intervals. */
    write_file(path, "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,"
                     "ratio,k,nodes,nranks,command\n"
                     "app,dedicated,1,application,10,10,10,1,,,,,n,2,/opt/app\n"
                     "skeleton,dedicated,1,sk,1,1,1,3,10,0,10,10,n,2,sk\n"
                     "app,cpu-one,0,application,20,20,20,1,,,,,n,2,/opt/app\n"
                     "skeleton,cpu-one,0,sk,2.2,2.2,2.2,3,22,0.1,10,10,n,2,sk\n");
    skel_validate_table_free(&u);
    cr_assert_eq(skel_validate_read_csv(path, &u), SKEL_OK, "%s", skel_last_error());
    cr_assert_float_eq(u.rows[1].skel_pred[0].error, 0.1, 1e-9);
    cr_assert_eq(u.rows[1].skel_pred[0].ci, 0);
    skel_validate_table_free(&u);

    /* Damaged rounds name the line. */
    write_file(path, "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,"
                     "ratio,k,nodes,nranks,command,lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,"
                     "spent_s,samples_s\n"
                     "app,dedicated,1,application,10,10,10,2,,,,,n,2,/opt/app,,,,,,,,10;x\n");
    expect_error(skel_validate_read_csv(path, &u), SKEL_EFORMAT, ":2: samples_s 'x'");
    skel_validate_table_free(&u);
    write_file(path, "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,"
                     "ratio,k,nodes,nranks,command,lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,"
                     "spent_s,samples_s\n"
                     "app,dedicated,1,application,10,10,10,2,,,,,n,2,/opt/app,,,,,,,,10;\n");
    expect_error(skel_validate_read_csv(path, &u), SKEL_EFORMAT, ":2: samples_s ends with");
    skel_validate_table_free(&u);

    free(buf);
    skel_validate_table_free(&t);
    unlink(path);
    rmdir(dir);
}
