/* test_base_grow.c - growable arrays (tracer/base/grow.c): growth keeps the
 * contents and at least doubles, and every way a request can be too large
 * fails cleanly, leaving the caller's array and capacity as they were. */
#include <criterion/criterion.h>

#include "error.h"
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The overflow tests ask for more memory than exists: under AddressSanitizer
 * that must be a NULL from realloc, as in a normal build, not a report. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1";
}

Test(base_grow, grows_from_nothing_and_keeps_the_contents)
{
    uint64_t *v = NULL;
    size_t cap = 0, n = 0;
    cr_assert_eq(skel_grow(&v, &cap, 0, sizeof *v), SKEL_OK);
    cr_assert_null(v, "nothing needed, nothing allocated");
    cr_assert_eq(cap, 0);
    size_t reallocs = 0, last_cap = 0;
    for (uint64_t i = 0; i < 100000; i++) {
        cr_assert_eq(skel_grow(&v, &cap, n + 1, sizeof *v), SKEL_OK, "%s", skel_last_error());
        cr_assert_geq(cap, n + 1);
        if (cap != last_cap) {
            /* The first block holds 16; every later one at least doubles. */
            cr_assert(last_cap == 0 ? cap == 16 : cap >= 2 * last_cap, "%zu after %zu", cap,
                      last_cap);
            reallocs++;
            last_cap = cap;
        }
        v[n++] = i * 7;
    }
    cr_assert_leq(reallocs, 14, "100000 pushes took %zu reallocations", reallocs);
    for (uint64_t i = 0; i < n; i++)
        cr_assert_eq(v[i], i * 7);
    /* Asking for less than there is changes nothing. */
    uint64_t *before = v;
    cr_assert_eq(skel_grow(&v, &cap, 10, sizeof *v), SKEL_OK);
    cr_assert_eq(v, before);
    cr_assert_eq(cap, last_cap);
    free(v);
}

Test(base_grow, a_capacity_given_by_the_caller_is_doubled)
{
    char *s = malloc(5);
    size_t cap = 5;
    memcpy(s, "abcd", 5);
    cr_assert_eq(skel_grow(&s, &cap, 6, 1), SKEL_OK);
    cr_assert_eq(cap, 10);
    cr_assert_str_eq(s, "abcd");
    cr_assert_eq(skel_grow(&s, &cap, 41, 1), SKEL_OK);
    cr_assert_eq(cap, 80);
    free(s);
}

static void expect_unchanged_failure(size_t need, size_t elem, int code)
{
    int *v = malloc(4 * sizeof *v);
    cr_assert_not_null(v);
    v[3] = 42;
    size_t cap = 4;
    int *before = v;
    skel_clear_error();
    cr_assert_eq(skel_grow(&v, &cap, need, elem), code, "need %zu of %zu bytes", need, elem);
    cr_assert_eq(v, before, "the caller still owns its block");
    cr_assert_eq(cap, 4);
    cr_assert_eq(v[3], 42);
    cr_assert_neq(skel_last_error()[0], '\0', "the failure has a detail");
    free(v);
}

Test(base_grow, overflow_and_exhaustion_leave_the_array_alone)
{
    /* need * elem overflows size_t. */
    expect_unchanged_failure(SIZE_MAX / 2 + 2, 4, SKEL_ENOMEM);
    expect_unchanged_failure(SIZE_MAX, 1, SKEL_ENOMEM);
    expect_unchanged_failure(SIZE_MAX / 8 + 1, 8, SKEL_ENOMEM);
    cr_assert_str_eq(skel_last_error(), "out of memory");
    /* No overflow, but more than any machine has: realloc fails. */
    expect_unchanged_failure(SIZE_MAX / 64, 16, SKEL_ENOMEM);
    /* Elements of no size are a programming error, not an allocation. */
    expect_unchanged_failure(10, 0, SKEL_EINTERNAL);
}

Test(base_grow, u32_capacity)
{
    double *v = NULL;
    uint32_t cap = 0;
    cr_assert_eq(skel_grow_u32(&v, &cap, 17, sizeof *v), SKEL_OK);
    cr_assert_eq(cap, 32);
    v[16] = 1.5;
    cr_assert_eq(skel_grow_u32(&v, &cap, 33, sizeof *v), SKEL_OK);
    cr_assert_eq(cap, 64);
    cr_assert_float_eq(v[16], 1.5, 0);
    double *before = v;
    /* More elements than a 32-bit count holds: a range error, nothing moved. */
    cr_assert_eq(skel_grow_u32(&v, &cap, (uint64_t)UINT32_MAX + 1, sizeof *v), SKEL_ERANGE);
    cr_assert(strstr(skel_last_error(), "more than 4294967295 elements") != NULL, "%s",
              skel_last_error());
    cr_assert_eq(v, before);
    cr_assert_eq(cap, 64);
    /* Within 32 bits but not within memory. */
    cr_assert_eq(skel_grow_u32(&v, &cap, UINT32_MAX, (size_t)1 << 40), SKEL_ENOMEM);
    cr_assert_eq(v, before);
    cr_assert_eq(cap, 64);
    free(v);
}

Test(base_grow, oom_records_the_detail)
{
    skel_clear_error();
    cr_assert_eq(skel_oom(), SKEL_ENOMEM);
    cr_assert_str_eq(skel_last_error(), "out of memory");
}
