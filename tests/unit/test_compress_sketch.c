/* test_compress_sketch.c - the quantile sketch (compress/sketch.h): 1%
 * relative accuracy, exact merging, zeros, bounds. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "error.h"
#include "sketch.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

Test(sketch, quantiles_within_one_percent)
{
    const size_t n = 100000;
    uint64_t *v = malloc(n * sizeof *v), x = 12345;
    skel_sketch s = {0};
    for (size_t i = 0; i < n; i++) {
        /* Log-uniform over 1 ns .. 10 s: every bucket range is exercised. */
        double e = (double)(rnd(&x) % 1000000) / 1000000.0 * 10.0;
        v[i] = (uint64_t)pow(10.0, e);
        cr_assert_eq(skel_sketch_add(&s, v[i]), SKEL_OK);
    }
    qsort(v, n, sizeof *v, cmp_u64);
    cr_assert_eq(s.count, n);
    for (int k = 0; k <= 100; k++) {
        double q = k / 100.0;
        double want = (double)v[(size_t)(q * (double)(n - 1))];
        double got = skel_sketch_quantile(&s, q);
        cr_expect_leq(fabs(got - want), SKEL_SKETCH_ALPHA * want + 1e-9,
                      "q=%.2f: sketch %.3f, exact %.3f", q, got, want);
    }
    skel_sketch_free(&s);
    free(v);
}

Test(sketch, every_bucket_is_within_one_percent)
{
    for (int32_t i = 0; i <= SKEL_SKETCH_MAX_INDEX; i += 7) {
        double rep = skel_sketch_value(i);
        /* Walk values at the bucket's edges: they map back to it and are
         * within 1% of the reported value. */
        uint64_t lo = (uint64_t)ceil(ldexp(1.0 + (i % SKEL_SKETCH_PER_OCTAVE) /
                                                    (double)SKEL_SKETCH_PER_OCTAVE,
                                           i / SKEL_SKETCH_PER_OCTAVE));
        if (lo == 0 || lo > (1ull << 62) || skel_sketch_index(lo) != i)
            continue;
        cr_expect_leq(fabs(rep - (double)lo), SKEL_SKETCH_ALPHA * (double)lo,
                      "bucket %d: %g for %llu", i, rep, (unsigned long long)lo);
    }
}

Test(sketch, merging_is_the_union)
{
    skel_sketch a = {0}, b = {0}, u = {0};
    uint64_t x = 99;
    for (int i = 0; i < 5000; i++) {
        uint64_t v = rnd(&x) % 100000;
        cr_assert_eq(skel_sketch_add(i % 3 ? &a : &b, v), SKEL_OK);
        cr_assert_eq(skel_sketch_add(&u, v), SKEL_OK);
    }
    cr_assert_eq(skel_sketch_merge(&a, &b), SKEL_OK);
    cr_assert_eq(a.count, u.count);
    cr_assert_eq(a.zeros, u.zeros);
    for (int k = 0; k <= 20; k++)
        cr_expect_eq(skel_sketch_quantile(&a, k / 20.0), skel_sketch_quantile(&u, k / 20.0));
    skel_sketch c;
    cr_assert_eq(skel_sketch_copy(&c, &u), SKEL_OK);
    cr_expect_eq(skel_sketch_quantile(&c, 0.5), skel_sketch_quantile(&u, 0.5));
    skel_sketch_free(&a);
    skel_sketch_free(&b);
    skel_sketch_free(&c);
    skel_sketch_free(&u);
}

Test(sketch, zeros_and_empty)
{
    skel_sketch s = {0};
    cr_expect_eq(skel_sketch_quantile(&s, 0.5), 0.0);
    cr_assert_eq(skel_sketch_add(&s, 0), SKEL_OK);
    cr_assert_eq(skel_sketch_add(&s, 0), SKEL_OK);
    cr_assert_eq(skel_sketch_add(&s, 1000), SKEL_OK);
    cr_expect_eq(s.zeros, 2);
    cr_expect_eq(skel_sketch_quantile(&s, 0.0), 0.0);
    cr_expect_eq(skel_sketch_quantile(&s, 0.5), 0.0);
    cr_expect_leq(fabs(skel_sketch_quantile(&s, 1.0) - 1000.0), 10.0);
    cr_expect_eq(skel_sketch_used(&s), 2);
    skel_sketch_free(&s);
}

Test(sketch, extreme_values_and_bad_buckets)
{
    skel_sketch s = {0};
    cr_assert_eq(skel_sketch_add(&s, 1), SKEL_OK);
    cr_assert_eq(skel_sketch_add(&s, UINT64_MAX), SKEL_OK);
    cr_expect_leq(skel_sketch_index(UINT64_MAX), SKEL_SKETCH_MAX_INDEX);
    cr_expect_eq(skel_sketch_index(1), 0);
    cr_expect_eq(skel_sketch_add_bucket(&s, SKEL_SKETCH_MAX_INDEX + 1, 1), SKEL_ERANGE);
    cr_expect_eq(skel_sketch_add_bucket(&s, -2, 1), SKEL_ERANGE);
    cr_expect_eq(s.count, 2);
    skel_sketch_free(&s);
}
