/* test_wset.c - the tracer's working-set samples (tracer/wset.c): a phase
 * that touches many megabytes reads as at least that much, one that touches
 * a few pages as far less, and a sample schedules the next one from its
 * cost. */
#include <criterion/criterion.h>

#include "../../tracer/clock.c" /* the modules are part of the tracer library, not linked here */
#include "../../tracer/wset.c"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define MIB (UINT64_C(1) << 20)

static volatile unsigned char sink;

/* Read and write every cache line of buf[0..len). */
static void touch(unsigned char *buf, size_t len)
{
    for (size_t i = 0; i < len; i += 64)
        buf[i] = (unsigned char)(buf[i] + 1);
    sink = buf[len / 2];
}

/* One sample around touch(buf, len). */
static uint64_t sample(unsigned char *buf, size_t len, struct skel_tr_ws *w)
{
    memset(w, 0, sizeof *w);
    cr_assert_gt(skel_tr_ws_arm(w), 0, "arming failed");
    cr_assert(w->armed);
    cr_assert_eq(skel_tr_ws_next_ns, UINT64_MAX, "a second sample may not start during one");
    touch(buf, len);
    skel_tr_ws_read(w);
    cr_assert_not(w->armed);
    cr_assert_gt(w->pause, 0);
    cr_assert_geq(w->cost, w->pause);
    return w->bytes;
}

static void start_or_skip(void)
{
    if (access("/proc/self/smaps_rollup", R_OK) != 0 || access("/proc/self/clear_refs", W_OK) != 0)
        cr_skip_test("no /proc/self/smaps_rollup or clear_refs here (the tracer takes no "
                     "samples either)");
    skel_tr_clock_start();
    skel_tr_ws_start();
    cr_assert_eq(skel_tr_ws_next_ns, 0, "sampling did not start");
}

Test(wset, large_and_small_phases)
{
    start_or_skip();
    size_t big = 24 * MIB;
    /* Mapped on its own, in small pages: with transparent huge pages a
     * touched byte marks a whole 2 MiB page referenced. */
    unsigned char *buf =
        mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    cr_assert(buf != MAP_FAILED);
    madvise(buf, big, MADV_NOHUGEPAGE);
    memset(buf, 1, big); /* present pages: the phases below only touch them */
    struct skel_tr_ws w;
    uint64_t large = sample(buf, big, &w);
    /* Errors only add bytes (pages that other processes or the runtime
     * touch), so the smallest of three samples is the reading, as the
     * signature keeps the smallest of a symbol's. */
    uint64_t small = UINT64_MAX;
    for (int i = 0; i < 3; i++) {
        uint64_t v = sample(buf, 64 << 10, &w);
        small = v < small ? v : small;
    }
    skel_tr_ws_stop();
    munmap(buf, big);
    /* Every page of the 24 MiB was touched again after the bits were
     * cleared; without the translation flush most would read as untouched. */
    cr_assert_geq(large, big - MIB, "24 MiB touched, %llu KiB sampled",
                  (unsigned long long)(large >> 10));
    cr_assert_gt(small, 0);
    cr_assert_lt(small, large / 2,
                 "64 KiB touched, %llu KiB sampled against %llu KiB for 24 MiB (code, stack and "
                 "libraries account for a few hundred KiB; shared pages other processes touch up "
                 "to 2.5 MiB on a busy machine)",
                 (unsigned long long)(small >> 10), (unsigned long long)(large >> 10));
    cr_log_info("24 MiB -> %llu KiB, 64 KiB -> %llu KiB, cost %llu us",
                (unsigned long long)(large >> 10), (unsigned long long)(small >> 10),
                (unsigned long long)(w.cost / 1000));
}

Test(wset, budget_and_switch)
{
    start_or_skip();
    /* The next sample waits 200 times the cost, at least 50 ms. */
    skel_tr_ws_done(1000, 10);
    cr_assert_eq(skel_tr_ws_next_ns, 1000 + MIN_SPACING_NS);
    skel_tr_ws_done(1000, 1000000);
    cr_assert_eq(skel_tr_ws_next_ns, 1000 + 200 * UINT64_C(1000000));
    skel_tr_ws_stop();
    cr_assert_eq(skel_tr_ws_next_ns, UINT64_MAX);
    /* After stop (or in a forked child) nothing is read. */
    struct skel_tr_ws w = {0};
    cr_assert_eq(skel_tr_ws_arm(&w), 0);
    cr_assert_not(w.armed);
    setenv("SKEL_TRACE_WS", "0", 1);
    skel_tr_ws_start();
    cr_assert_eq(skel_tr_ws_next_ns, UINT64_MAX, "SKEL_TRACE_WS=0 must keep sampling off");
    unsetenv("SKEL_TRACE_WS");
}

Test(wset, referenced_field)
{
    cr_assert_eq(referenced_kb("Rss: 5 kB\nReferenced:     1234 kB\nAnonymous: 3 kB\n"), 1234);
    cr_assert_eq(referenced_kb("Rss: 5 kB\n"), -1);
    cr_assert_eq(referenced_kb("Rss: 5 kB\nReferenced: kB\n"), -1);
    /* More digits than any real value: bounded, not overflowed. */
    cr_assert_eq(referenced_kb("x\nReferenced: 99999999999999999999999 kB\n"), 999999999999999LL);
}
