/* test_codegen_draws.c - how a skeleton draws its compute phases
 * (templates/skeleton.c.tmpl, skel_draw; docs/codegen.md, "Durations
 * follow the traced distributions"): the draws of a symbol are stratified,
 * each segment of its quantile table met once in every block of as many
 * draws, at the segment's middle, in an order the seed and the block give;
 * the repeat's last, partial block of r draws meets each of r strata once,
 * taking its mean, so that a repeat's phases add up to their number times
 * the table's mean.
 * The template's own functions are taken from a generated skeleton.c,
 * compiled with a small driver and run: the driver exits non-zero, naming
 * the case, when a block misses or repeats a segment or stratum, when a
 * repeat's phases do not add up to their number times the mean, when every
 * block comes in the same order, or when the seed does not change the
 * order.  The generator's count of each symbol's phases is checked too, and
 * the quantile tables themselves: their body is the sketch's, their top
 * segment takes what makes the mean exact. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen.h"
#include "emit.h"
#include "plan.h"
#include "proc.h"
#include "test_codegen_sig.h"

/* Strata as integers: [a / r, (a + 1) / r] drawn as [ua, ub]. */
static const char driver[] =
    "static int stratum(double ua, double ub, int r)\n"
    "{\n"
    "    int x = (int)(ua * r + 0.5);\n"
    "    if (x < 0 || x >= r || ua != (double)x / r || ub != (double)(x + 1) / r)\n"
    "        return -1;\n"
    "    return x;\n"
    "}\n"
    "\n"
    "int main(void)\n"
    "{\n"
    "    static const int ms[] = {32, 33, 7, 2};\n"
    "    for (int k = 0; k < 4; k++) {\n"
    "        int m = ms[k];\n"
    "        for (uint64_t seed = 1; seed <= 3; seed++) {\n"
    "            skel_seed = seed;\n"
    "            int first[64], other = 0;\n"
    "            for (uint64_t b = 0; b < 200; b++) {\n"
    "                int seen[64] = {0}, same = 1;\n"
    "                for (int j = 0; j < m; j++) {\n"
    "                    double ua, ub;\n"
    "                    skel_draw_u(b * (uint64_t)m + (uint64_t)j, m, 0, &ua, &ub);\n"
    "                    int x = stratum(ua, ub, m);\n"
    "                    if (x < 0) {\n"
    "                        printf(\"m %d seed %d block %d: [%.17g, %.17g] is no segment\\n\",\n"
    "                               m, (int)seed, (int)b, ua, ub);\n"
    "                        return 1;\n"
    "                    }\n"
    "                    if (seen[x]++) {\n"
    "                        printf(\"m %d seed %d block %d: segment %d twice\\n\", m, (int)seed,\n"
    "                               (int)b, x);\n"
    "                        return 1;\n"
    "                    }\n"
    "                    if (b == 0)\n"
    "                        first[j] = x;\n"
    "                    else if (first[j] != x)\n"
    "                        same = 0;\n"
    "                }\n"
    "                other += b > 0 && !same;\n"
    "            }\n"
    "            if (m > 2 && other < 150) {\n"
    "                printf(\"m %d seed %d: only %d of 199 blocks in another order\\n\", m,\n"
    "                       (int)seed, other);\n"
    "                return 1;\n"
    "            }\n"
    "        }\n"
    "        int differ = 0;\n"
    "        for (int j = 0; j < m; j++) {\n"
    "            double a, b, c, d;\n"
    "            skel_seed = 1;\n"
    "            skel_draw_u((uint64_t)j, m, 0, &a, &b);\n"
    "            skel_seed = 2;\n"
    "            skel_draw_u((uint64_t)j, m, 0, &c, &d);\n"
    "            differ += a != c;\n"
    "        }\n"
    "        if (m > 2 && differ == 0) {\n"
    "            printf(\"m %d: seeds 1 and 2 draw the same first block\\n\", m);\n"
    "            return 1;\n"
    "        }\n"
    "    }\n"
    "    /* A repeat of n phases: its full blocks meet each segment once, its\n"
    "     * last r = n mod m phases each of r strata once, and the phases'\n"
    "     * values add up to n times the table's mean - also for a heavy tail\n"
    "     * (the top segment a third of the mean) and fewer phases than\n"
    "     * segments. */\n"
    "    double q[33];\n"
    "    for (int i = 0; i < 33; i++)\n"
    "        q[i] = i < 32 ? 1.0 + i * 0.05 : 40.0;\n"
    "    double mean = skel_qmean(q, 33);\n"
    "    for (uint64_t seed = 1; seed <= 4; seed++) {\n"
    "        skel_seed = seed;\n"
    "        for (uint64_t n = 1; n <= 100; n++) {\n"
    "            double sum = 0;\n"
    "            for (uint64_t b = 0; b * 32 < n; b++) {\n"
    "                int r = n - b * 32 < 32 ? (int)(n - b * 32) : 32, seen[32] = {0};\n"
    "                for (int j = 0; j < r; j++) {\n"
    "                    double ua, ub;\n"
    "                    skel_draw_u(b * 32 + (uint64_t)j, 32, n, &ua, &ub);\n"
    "                    int x = stratum(ua, ub, r);\n"
    "                    if (x < 0 || seen[x]++) {\n"
    "                        printf(\"n %d block %d: stratum [%.17g, %.17g] of %d not new\\n\",\n"
    "                               (int)n, (int)b, ua, ub, r);\n"
    "                        return 1;\n"
    "                    }\n"
    "                    sum += skel_qavg(q, 33, ua, ub);\n"
    "                }\n"
    "            }\n"
    "            if (fabs(sum - (double)n * mean) > 1e-9 * (double)n * mean) {\n"
    "                printf(\"seed %d: %d phases take %.17g, not %.17g\\n\", (int)seed, (int)n,\n"
    "                       sum, (double)n * mean);\n"
    "                return 1;\n"
    "            }\n"
    "        }\n"
    "    }\n"
    "    /* Past the count (a repeat that drew more than the generator said),\n"
    "     * blocks of m again. */\n"
    "    double ua, ub;\n"
    "    skel_draw_u(45, 32, 40, &ua, &ub);\n"
    "    if (stratum(ua, ub, 32) < 0) {\n"
    "        printf(\"a draw past the count is not a segment\\n\");\n"
    "        return 1;\n"
    "    }\n"
    "    skel_seed = 5;\n"
    "    skel_draw_u(12, 1, 0, &ua, &ub);\n"
    "    if (ua != 0 || ub != 1 || skel_qavg(q + 3, 2, ua, ub) != (q[3] + q[4]) / 2) {\n"
    "        printf(\"a table of one segment is not drawn at its mean\\n\");\n"
    "        return 1;\n"
    "    }\n"
    "    return 0;\n"
    "}\n";

Test(codegen_draws, every_segment_once_per_block, .timeout = 120)
{
    skel_signature *s = tsig_one_allreduce();
    char dir[] = "/tmp/skel-test-codegen-draws-XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");

    char *mix = tsig_function_of(src, "static uint64_t skel_mix("),
         *perm = tsig_function_of(src, "static uint32_t skel_perm("),
         *drawu = tsig_function_of(src, "static void skel_draw_u("),
         *interp = tsig_function_of(src, "static double skel_interp("),
         *qavg = tsig_function_of(src, "static double skel_qavg("),
         *qmean = tsig_function_of(src, "static double skel_qmean(");
    tsig_run_driver(dir, "draws",
                    (const char *[]){"#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n"
                                     "static uint64_t skel_seed;",
                                     mix, perm, interp, qavg, qmean, drawu, driver, NULL},
                    0);

    free(mix);
    free(perm);
    free(drawu);
    free(interp);
    free(qavg);
    free(qmean);
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}

/* The phases of symbol sym a member draws per repeat, as the skeleton.c in
 * dir declares them (skel_dists' last field). */
static long full_of(const char *src, int sym)
{
    char tail[64];
    snprintf(tail, sizeof tail, " }, /* compute before symbol %d */", sym);
    const char *e = strstr(src, tail);
    cr_assert_not_null(e, "no distribution for symbol %d", sym);
    const char *b = e;
    while (b > src && b[-1] != ' ')
        b--;
    return strtol(b, NULL, 10);
}

/* The generator counts the phases each symbol draws at full weight in a
 * repeat (skel_dist.full, for the last block's strata), through loops
 * divided by K and their remainders: jacobi's shape loop(19) { loop(9) {
 * Isend Irecv Waitall } Allreduce }. */
Test(codegen_draws, full_phases_counted_through_scaled_loops, .timeout = 60)
{
    struct {
        double k;
        int mode;
        long isend, allreduce;
    } cases[] = {
        {1, SKEL_PLAN_LOOPS, 171, 19},
        /* 19/2: nine full outer iterations (81 + 9), the remainder 0.5 of
         * one: 4 full inner iterations, a merged 0.5 and a scaled
         * Allreduce. */
        {2, SKEL_PLAN_LOOPS, 85, 9},
        /* 19/10: one full outer iteration, the remainder 0.9: 8 full inner
         * ones, a merged 0.1 and a scaled Allreduce. */
        {10, SKEL_PLAN_LOOPS, 17, 1},
        {10, SKEL_PLAN_MESSAGES, 0, 0}, /* every phase scaled */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        skel_signature *s = tsig_stencil();
        char dir[] = "/tmp/skel-test-codegen-full-XXXXXX";
        cr_assert_not_null(mkdtemp(dir));
        struct skel_codegen_opts o;
        skel_codegen_defaults(&o);
        o.templates = SKEL_SOURCE_DIR "/templates";
        o.k = cases[i].k;
        o.mode = cases[i].mode;
        struct skel_codegen_report rep;
        cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_OK, "%s", skel_last_error());
        skel_codegen_report_free(&rep);
        char *src = tsig_slurp(dir, "skeleton.c");
        cr_assert_eq(full_of(src, 0), cases[i].isend, "K=%g mode %d: %ld Isend phases", o.k, o.mode,
                     full_of(src, 0));
        cr_assert_eq(full_of(src, 1), cases[i].isend);
        cr_assert_eq(full_of(src, 2), cases[i].isend);
        cr_assert_eq(full_of(src, 3), cases[i].allreduce, "K=%g mode %d: %ld Allreduce phases", o.k,
                     o.mode, full_of(src, 3));
        free(src);
        skel_signature_free(s);
        tsig_remove_dir(dir);
    }
}

/* A distribution of n phases: v(i) ns for the i-th. */
static skel_sig_dist dist_of(int n, double (*v)(int))
{
    skel_sig_dist d = {0};
    double sum = 0;
    for (int i = 0; i < n; i++) {
        uint64_t x = (uint64_t)llround(v(i));
        cr_assert_eq(skel_sketch_add(&d.sketch, x), SKEL_OK);
        sum += (double)x;
        d.min = i == 0 || x < d.min ? x : d.min;
        d.max = x > d.max ? x : d.max;
    }
    d.count = (uint64_t)n;
    d.mean = sum / n;
    return d;
}

/* The mean of a table, linear between its quantiles. */
static double table_mean(const double *v, int n)
{
    double m = 0;
    for (int i = 0; i + 1 < n; i++)
        m += (v[i] + v[i + 1]) / 2;
    return m / (n - 1);
}

/* pipeline's forward blocks: 2399 phases of 95-110 us and one of 2.4 ms. */
static double blocks_and_one_outlier(int i)
{
    return i == 1234 ? 2.4e6 : 95e3 + 15e3 * (double)((i * 7919) % 2399) / 2398;
}

static double blocks_only(int i)
{
    return 95e3 + 15e3 * (double)((i * 7919) % 2399) / 2398;
}

/* Three phases in ten at 1 ms, the rest at 10 us: the top segment is no
 * tail, and the body's trapezoids overshoot the mean at the step. */
static double two_levels(int i)
{
    return i % 10 < 3 ? 1e6 : 1e4;
}

Test(codegen_draws, a_single_outlier_stays_in_the_top_segment)
{
    double (*cases[])(int) = {blocks_and_one_outlier, blocks_only, two_levels};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        skel_sig_dist d = dist_of(2400, cases[c]);
        double v[33];
        cr_assert_eq(skel_emit_quantiles(&d, v, 33), 33);
        cr_assert_float_eq(table_mean(v, 33), d.mean, 1e-6 * d.mean,
                           "case %zu: table mean %g, traced %g", c, table_mean(v, 33), d.mean);
        for (int i = 0; i + 1 < 33; i++)
            cr_assert(v[i] <= v[i + 1], "case %zu: quantile %d %g above quantile %d %g", c, i, v[i],
                      i + 1, v[i + 1]);
        if (c < 2) {
            /* The body is the phases' own: the median of 95-110 us (the
             * whole table scaled to the mean made it 77 us with the
             * outlier), and the top no higher than the largest phase. */
            cr_assert(v[16] > 0.99 * 102.5e3 && v[16] < 1.01 * 102.5e3, "case %zu: median %g", c,
                      v[16]);
            cr_assert(v[0] > 0.99 * 95e3, "case %zu: lowest %g", c, v[0]);
            cr_assert(v[32] <= 1.01 * (double)d.max, "case %zu: top %g above the max %llu", c,
                      v[32], (unsigned long long)d.max);
        }
        if (c == 0)
            /* The outlier's 2.4 ms over 2400 phases is 1 us of the mean:
             * the top segment (1/32 of the phases) averages ~140 us. */
            cr_assert((v[31] + v[32]) / 2 < 200e3, "top segment averages %g", (v[31] + v[32]) / 2);
        skel_sketch_free(&d.sketch);
    }
    /* No spread: the mean alone. */
    skel_sig_dist one = {.count = 5, .mean = 1e4, .min = 10000, .max = 10000};
    double v[33];
    cr_assert_eq(skel_emit_quantiles(&one, v, 33), 1);
    cr_assert_float_eq(v[0], 1e4, 1e-9);
}
