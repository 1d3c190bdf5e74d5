/* test_calibrate.c - the parts of `skel calibrate` that run no MPI job:
 * naming signature sites as the critical path does, zeroing a compute phase
 * in a signature, placements in blocks, the CSV and the table
 * (tests/e2e/test_calibrate_small.sh runs the whole command). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "error.h"
#include "select.h"
/* Not every helper of the shared signature builder is used here. */
#pragma GCC diagnostic ignored "-Wunused-function"
#include "test_codegen_sig.h"

Test(calibrate, site_addr_like_the_critical_path)
{
    char buf[64];
    skel_sig_site s = {
        .id = 0, .module = "/usr/lib/x/app", .offset = 0x1a2b, .func = "", .file = ""};
    skel_calibrate_site_addr(&s, buf, sizeof buf);
    cr_assert_str_eq(buf, "app+0x1a2b");
    s.module = "";
    skel_calibrate_site_addr(&s, buf, sizeof buf);
    cr_assert_str_eq(buf, "0x1a2b");
}

/* A symbol at site `site` after prev (-1: none), 3 occurrences, 10 us of
 * compute before it and 1 us in the call. */
static void sym(struct tsig *t, int id, const char *call, int site, int prev)
{
    char pv[32] = "";
    if (prev >= 0)
        snprintf(pv, sizeof pv, " prev-site=\"%d\"", prev);
    tput(t,
         "<symbol id=\"%d\" call=\"%s\" comm=\"0\" dtsize=\"8\" site=\"%d\"%s "
         "occurrences=\"6\"><side role=\"member\" flags=\"\" events=\"3\" rbytes-events=\"3\" "
         "count=\"1 1 1\" bytes=\"8 8 8\" rbytes=\"0 0 0\"/>"
         "<compute count=\"6\" mean=\"10000\" min=\"9000\" max=\"11000\" buckets=\"\"/>"
         "<compute-cpu count=\"6\" mean=\"9000\" min=\"8000\" max=\"10000\" buckets=\"\"/>"
         "<duration count=\"6\" mean=\"1000\" min=\"1000\" max=\"1000\" buckets=\"\"/>"
         "</symbol>\n",
         id, call, site, pv);
}

static skel_signature *three_phases(void)
{
    struct tsig t = {0};
    tsig_head_argv(&t, 2, (int[]){0, 0}, NULL,
                   "module=\"/opt/bin/app\" offset=\"16\"/><site id=\"1\" module=\"/opt/bin/app\" "
                   "offset=\"32\"");
    tclass(&t, 0, "0 1", 0);
    sym(&t, 0, "MPI_Barrier", 0, -1);  /* (start) -> app+0x10 */
    sym(&t, 1, "MPI_Allreduce", 1, 0); /* app+0x10 -> app+0x20 */
    sym(&t, 2, "MPI_Barrier", 0, 1);   /* app+0x20 -> app+0x10 */
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"1\"/>"
             "<s ref=\"2\"/><s ref=\"1\"/></block></class>\n");
    return tsig_end(&t);
}

Test(calibrate, zero_phase_touches_only_that_phase)
{
    skel_signature *s = three_phases();
    uint32_t n = 99;
    double ns = -1;
    cr_assert_eq(skel_calibrate_zero_phase(s, "app+0x10", "app+0x20", &n, &ns), SKEL_OK, "%s",
                 skel_last_error());
    cr_assert_eq(n, 1);
    cr_assert_float_eq(ns, 6 * 10000.0, 1e-9);
    cr_assert_float_eq(s->symbols[1].compute.mean, 0, 1e-12);
    cr_assert_eq(s->symbols[1].compute.max, 0);
    cr_assert_float_eq(s->symbols[1].compute_cpu.mean, 0, 1e-12);
    cr_assert_float_eq(s->symbols[1].duration.mean, 1000, 1e-12);
    cr_assert_float_eq(s->symbols[0].compute.mean, 10000, 1e-12);
    cr_assert_float_eq(s->symbols[2].compute.mean, 10000, 1e-12);
    cr_assert_eq(s->symbols[1].compute.sketch.count, s->symbols[1].compute.count);
    cr_assert_eq(s->symbols[1].compute.sketch.zeros, s->symbols[1].compute.count);
    cr_assert_float_eq(skel_sig_dist_quantile(&s->symbols[1].compute, 0.9), 0, 1e-12);

    /* What is written reads back (schema and checks) with the phase gone. */
    char *buf = NULL;
    size_t len = 0;
    cr_assert_eq(skel_sigfile_format(s, &buf, &len), SKEL_OK, "%s", skel_last_error());
    skel_signature *back = NULL;
    cr_assert_eq(skel_sigfile_parse(buf, len, "zeroed.sig", &back), SKEL_OK, "%s",
                 skel_last_error());
    cr_assert_float_eq(back->symbols[1].compute.mean, 0, 1e-12);
    cr_assert_float_eq(back->symbols[2].compute.mean, 10000, 1e-12);
    skel_signature_free(back);
    free(buf);
    skel_signature_free(s);
}

Test(calibrate, zero_phase_from_the_start_and_unknown_phases)
{
    skel_signature *s = three_phases();
    uint32_t n = 0;
    double ns = 0;
    cr_assert_eq(skel_calibrate_zero_phase(s, "(start)", "app+0x10", &n, &ns), SKEL_OK);
    cr_assert_eq(n, 1);
    cr_assert_float_eq(s->symbols[0].compute.mean, 0, 1e-12);
    cr_assert_float_eq(s->symbols[2].compute.mean, 10000, 1e-12);
    cr_assert_eq(skel_calibrate_zero_phase(s, "app+0x20", "other+0x10", &n, &ns), SKEL_OK);
    cr_assert_eq(n, 0);
    cr_assert_float_eq(ns, 0, 1e-12);
    cr_assert_eq(skel_calibrate_zero_phase(s, "app+0x20", "", &n, &ns), SKEL_EUSAGE);
    skel_signature_free(s);
}

Test(calibrate, placements_in_blocks)
{
    unsigned slots[8];
    size_t n = 0;
    cr_assert_eq(skel_calibrate_placement_blocks("4/2", 4, slots, 8, &n), SKEL_OK, "%s",
                 skel_last_error());
    cr_assert_eq(n, 2);
    cr_assert_eq(slots[0], 2);
    cr_assert_eq(slots[1], 2);
    cr_assert_eq(skel_calibrate_placement_blocks("0-2/3", 4, slots, 8, &n), SKEL_OK);
    cr_assert_eq(n, 2);
    cr_assert_eq(slots[0], 3);
    cr_assert_eq(slots[1], 1);
    cr_assert_eq(skel_calibrate_placement_blocks("2/1", 2, slots, 8, &n), SKEL_OK);
    cr_assert_eq(n, 1);
    cr_assert_eq(slots[0], 2);
    cr_assert_eq(skel_calibrate_placement_blocks("0,2/1,3", 4, slots, 8, &n), SKEL_EUSAGE);
    cr_assert(strstr(skel_last_error(), "blocks") != NULL, "%s", skel_last_error());
    cr_assert_eq(skel_calibrate_placement_blocks("4/4", 4, slots, 2, &n), SKEL_EUSAGE);
    cr_assert_neq(skel_calibrate_placement_blocks("4/x", 4, slots, 8, &n), SKEL_OK);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

Test(calibrate, csv_and_table)
{
    struct skel_calibrate_row rows[2];
    memset(rows, 0, sizeof rows);
    snprintf(rows[0].kind, sizeof rows[0].kind, "placement");
    snprintf(rows[0].target, sizeof rows[0].target, "2/1");
    rows[0].predicted_change = 1.9;
    rows[0].measured_change = 2.0;
    rows[0].error = 1.9 / 2.0 - 1;
    rows[0].baseline_s = 0.5;
    rows[0].measured_s = 1.0;
    rows[0].min_s = 0.9;
    rows[0].max_s = 1.1;
    rows[0].app_s = 1.8;
    rows[0].app_change = 1.8;
    rows[0].app_error = 1.9 / 1.8 - 1;
    snprintf(rows[0].note, sizeof rows[0].note, "skeleton on testbed:1:2");
    rows[0].predicted_lo = 1.8;
    rows[0].predicted_hi = 2.05;
    rows[0].inside = 1;
    rows[0].rounds = 5;
    rows[0].change_min = 1.95;
    rows[0].change_max = 2.1;
    rows[0].app_rounds = 5;
    rows[0].app_change_min = 1.7;
    rows[0].app_change_max = 1.85;
    rows[0].app_inside = 1;
    snprintf(rows[1].kind, sizeof rows[1].kind, "zero");
    snprintf(rows[1].target, sizeof rows[1].target, "a.c:1 -> a.c:9");
    rows[1].predicted_change = 0.8;
    rows[1].measured_change = rows[1].error = NAN;
    rows[1].baseline_s = rows[1].measured_s = rows[1].min_s = rows[1].max_s = NAN;
    rows[1].app_s = rows[1].app_change = rows[1].app_error = NAN;
    snprintf(rows[1].note, sizeof rows[1].note, "not measured: \"x\", y");
    rows[1].predicted_lo = rows[1].predicted_hi = NAN;
    rows[1].change_min = rows[1].change_max = rows[1].app_change_min = rows[1].app_change_max = NAN;
    rows[1].inside = rows[1].app_inside = -1;
    struct skel_calibrate_result res = {
        .nranks = 2, .k = 10, .baseline_s = 0.5, .n = 2, .rows = rows};
    char path[] = "/tmp/skel-test-calibrate-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    cr_assert_eq(skel_calibrate_write_csv(path, &res), SKEL_OK, "%s", skel_last_error());
    const char *csv = slurp(path);
    static const char header[] =
        "kind,target,predicted_change,measured_change,error,baseline_s,measured_s,"
        "min_s,max_s,app_baseline_s,app_s,app_change,app_error,note,predicted_lo,predicted_hi,"
        "inside,rounds,change_min,change_max,app_rounds,app_change_min,app_change_max,"
        "app_inside\n";
    cr_assert(strncmp(csv, header, strlen(header)) == 0, "%s", csv);
    cr_assert(strstr(csv, "placement,2/1,1.9,2,-0.05,0.5,1,0.9,1.1,,1.8,1.8,0.0555555556,skeleton "
                          "on testbed:1:2,1.8,2.05,1,5,1.95,2.1,5,1.7,1.85,1\n") != NULL,
              "%s", csv);
    cr_assert(strstr(csv, "zero,a.c:1 -> a.c:9,0.8,,,,,,,,,,,\"not measured: \"\"x\"\", "
                          "y\",,,,,,,,,,\n") != NULL,
              "%s", csv);
    unlink(path);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    skel_calibrate_print(f, &res);
    fclose(f);
    cr_assert(strstr(text, "1.900x") != NULL && strstr(text, "2.000x") != NULL, "%s", text);
    cr_assert(strstr(text, "-5.0%") != NULL, "%s", text);
    cr_assert(strstr(text, "mean |error| 5.0% over 1 predictions") != NULL, "%s", text);
    /* the interval, the spread over the rounds, inside or not */
    cr_assert(strstr(text, "1.80..2.05") != NULL && strstr(text, "1.95..2.10") != NULL, "%s", text);
    cr_assert(strstr(text, " yes") != NULL, "%s", text);
    free(text);
}

Test(calibrate, skeleton_meta_mode_and_seed)
{
    static const char ok[] = "format 1\nk 10\nmode mixed\nseed 42\nranks 2\napp_time_s 3\n";
    struct skel_select_skeleton s;
    cr_assert_eq(skel_select_meta_parse(ok, strlen(ok), "m", &s), SKEL_OK, "%s", skel_last_error());
    cr_assert_str_eq(s.mode, "mixed");
    cr_assert_eq(s.seed, 42);
    cr_assert_eq(s.have_seed, 1);
    skel_select_skeleton_free(&s);
    static const char bad[] = "format 1\nk 10\nmode $(rm)\nranks 2\napp_time_s 3\n";
    cr_assert_eq(skel_select_meta_parse(bad, strlen(bad), "m", &s), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "m:3") != NULL, "%s", skel_last_error());
    static const char badseed[] = "format 1\nk 10\nseed -1\nranks 2\napp_time_s 3\n";
    cr_assert_eq(skel_select_meta_parse(badseed, strlen(badseed), "m", &s), SKEL_ERANGE);
}
