/* test_clock.c - the tracer's TSC time stamps (tracer/clock.c): they never
 * run backwards and stay with CLOCK_MONOTONIC, through busy stretches, short
 * and long pauses, as the tracer reads them. */
#include <criterion/criterion.h>

#include "../../tracer/clock.c" /* the module is part of the tracer library, not linked here */

#include <stdlib.h>
#include <time.h>

/* Every reading lies between the CLOCK_MONOTONIC readings around it, give or
 * take tol_ns, and none is below the one before. */
static void follow(int rounds, long max_nap_us, uint64_t tol_ns)
{
    uint64_t prev = 0, worst = 0;
    unsigned seed = 12345;
    for (int i = 0; i < rounds; i++) {
        uint64_t m1 = skel_tr_mono(), t = skel_tr_now(), m2 = skel_tr_mono();
        cr_assert_geq(t, prev, "round %d: %llu after %llu", i, (unsigned long long)t,
                      (unsigned long long)prev);
        prev = t;
        uint64_t off = t < m1 ? m1 - t : t > m2 ? t - m2 : 0;
        worst = off > worst ? off : worst;
        cr_assert_leq(off, tol_ns, "round %d: %llu ns away from CLOCK_MONOTONIC", i,
                      (unsigned long long)off);
        /* Busy for a while, or a pause: both shapes of a traced program. */
        long us = (long)(rand_r(&seed) % (unsigned)(max_nap_us + 1));
        if (i % 3 == 0) {
            struct timespec nap = {0, us * 1000};
            nanosleep(&nap, NULL);
        } else {
            uint64_t until = skel_tr_mono() + (uint64_t)us * 1000;
            while (skel_tr_mono() < until)
                prev = skel_tr_now() > prev ? skel_tr_now() : prev;
        }
    }
    cr_log_info("worst distance to CLOCK_MONOTONIC: %llu ns", (unsigned long long)worst);
}

Test(clock, follows_clock_monotonic)
{
    setenv("SKEL_TRACE_CLOCK", "tsc", 1);
    if (!skel_tr_clock_start())
        cr_skip_test("the kernel does not keep CLOCK_MONOTONIC on the TSC here");
    cr_assert_str_eq(skel_tr_clock_name(), "tsc");
    follow(400, 200, 2000);  /* up to 0.2 ms apart: within a segment or two */
    follow(60, 30000, 2000); /* up to 30 ms apart: long after segments end */
}

Test(clock, monotonic_when_asked)
{
    setenv("SKEL_TRACE_CLOCK", "monotonic", 1);
    cr_assert_eq(skel_tr_clock_start(), 0);
    cr_assert_str_eq(skel_tr_clock_name(), "monotonic");
    uint64_t m1 = skel_tr_mono(), t = skel_tr_now(), m2 = skel_tr_mono();
    cr_assert(m1 <= t && t <= m2);
}
