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
    if (access("/proc/self/smaps", R_OK) != 0 || access("/proc/self/clear_refs", W_OK) != 0)
        cr_skip_test("no /proc/self/smaps or clear_refs here (the tracer takes no "
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
    cr_log_info("24 MiB -> %llu KiB, 64 KiB -> %llu KiB, cost %llu us, %.0f ns per page marked "
                "again",
                (unsigned long long)(large >> 10), (unsigned long long)(small >> 10),
                (unsigned long long)(w.cost / 1000), skel_tr_ws_page_ns);
}

Test(wset, marking_pages_again_is_part_of_the_cost)
{
    start_or_skip();
    cr_assert_geq(skel_tr_ws_page_ns, 0);
    cr_assert_lt(skel_tr_ws_page_ns, 1e6, "%g ns per page", skel_tr_ws_page_ns);
    size_t big = 8 * MIB, page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *buf =
        mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    cr_assert(buf != MAP_FAILED);
    madvise(buf, big, MADV_NOHUGEPAGE);
    memset(buf, 1, big);
    struct skel_tr_ws w;
    uint64_t bytes = sample(buf, big, &w);
    skel_tr_ws_stop();
    munmap(buf, big);
    /* The estimate is the pages read as touched times the measured cost of
     * one; the sample's cost (which spaces the next) counts it besides the
     * tracer's own time. */
    cr_assert_eq(w.remark, (uint64_t)((double)(bytes / page) * skel_tr_ws_page_ns));
    cr_assert_geq(w.cost, w.pause + w.remark);
    cr_log_info("8 MiB touched: %llu KiB read, %llu us estimated for marking them again",
                (unsigned long long)(bytes >> 10), (unsigned long long)(w.remark / 1000));
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

/* Only anonymous mappings count: heap, stack, memory without a path; a
 * library's pages do not (other processes mark them referenced). */
Test(wset, anonymous_mappings_only)
{
    static const char text[] =
        "55d0c0a00000-55d0c0c00000 rw-p 00000000 00:00 0                          [heap]\n"
        "Rss:                 2048 kB\n"
        "Referenced:          1000 kB\n"
        "7f0000000000-7f0000400000 r-xp 00000000 fe:01 1234                       "
        "/usr/lib/x86_64-linux-gnu/libc.so.6\n"
        "Referenced:           700 kB\n"
        "7f0000400000-7f0000800000 rw-p 00000000 00:00 0 \n"
        "Referenced:            20 kB\n"
        "7f0000800000-7f0000900000 rw-s 00000000 00:01 99                         /dev/shm/x "
        "(deleted)\n"
        "Referenced:           300 kB\n"
        "7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]\n"
        "Referenced:             8 kB\n"
        "VmFlags: rd wr mr mw me gd ac\n"
        "7ffd00100000-7ffd00102000 r-xp 00000000 00:00 0                          [vdso]\n"
        "Referenced:             4 kB";
    /* Fed whole, and in pieces of every size up to 40 bytes. */
    for (size_t piece = 0; piece <= 40; piece++) {
        struct anon_refs a = {.len = 0};
        size_t n = sizeof text - 1;
        for (size_t i = 0; i < n; i += piece ? piece : n)
            anon_feed(&a, text + i, piece && n - i > piece ? piece : n - i);
        if (a.len > 0)
            anon_line(&a);
        cr_assert_eq(a.kb, 1028, "piece %zu: heap, anonymous and stack: %lld kB", piece, a.kb);
        cr_assert_eq(a.mappings, 6);
    }
    /* A line longer than the parser keeps, and a value too long: bounded. */
    struct anon_refs a = {.len = 0};
    char name[600];
    memset(name, 'x', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    char line[800];
    snprintf(line, sizeof line, "1000-2000 rw-p 00000000 00:00 0 %s\nReferenced: 5 kB\n", name);
    anon_feed(&a, line, strlen(line));
    cr_assert_eq(a.kb, 0, "a mapping with a path is not anonymous");
    static const char huge[] = "1000-2000 rw-p 00000000 00:00 0\nReferenced: "
                               "99999999999999999999999 kB\nReferenced: 7 kB\n";
    anon_feed(&a, huge, sizeof huge - 1);
    cr_assert_eq(a.kb, 999999999999999LL + 7);
}

/* A watch covers one phase: one that ends too soon to sample is dropped
 * unread, and the next watch waits as long as after a sample of the arm's
 * cost.  (A watch that went on to the next long phase read every call's
 * pages between: 1.7-4.4 MiB for the 40 us arithmetic phases of pscw,
 * bench/accuracy-mechanisms.md.) */
Test(wset, short_phase_dropped_unread)
{
    start_or_skip();
    struct skel_tr_ws w;
    memset(&w, 0, sizeof w);
    uint64_t cost = skel_tr_ws_arm(&w);
    cr_assert_gt(cost, 0, "arming failed");
    uint64_t now = skel_tr_now();
    skel_tr_ws_drop(&w, now);
    cr_assert_not(w.armed);
    cr_assert_eq(w.bytes, 0, "a dropped watch has no reading");
    cr_assert_eq(w.pause, 0, "a dropped watch reads nothing, so it adds no pause");
    uint64_t wait = cost * COST_FACTOR > MIN_SPACING_NS ? cost * COST_FACTOR : MIN_SPACING_NS;
    cr_assert_eq(skel_tr_ws_next_ns, now + wait);
    skel_tr_ws_stop();
}

/* Watches start only after call sites whose latest call was followed by a
 * phase long enough to sample. */
Test(wset, watched_after_sites_with_long_phases)
{
    struct skel_tr_ws w;
    memset(&w, 0, sizeof w);
    const uint64_t min = 20000;
    /* Site 3 is followed by 50 us of compute, site 7 by 1 us, site 300
     * (which shares a slot with site 44) by 30 us. */
    w.prev_site = 3;
    skel_tr_ws_note(&w, 7, 50000, min);
    skel_tr_ws_note(&w, 300, 1000, min);
    skel_tr_ws_note(&w, 3, 30000, min);
    cr_assert(skel_tr_ws_long_after(&w, 3));
    cr_assert_not(skel_tr_ws_long_after(&w, 7));
    cr_assert(skel_tr_ws_long_after(&w, 300));
    cr_assert(skel_tr_ws_long_after(&w, 44), "sites share a slot modulo %d", SKEL_TR_WS_SITES);
    cr_assert_not(skel_tr_ws_long_after(&w, 5), "a site never seen is not watched after");
    /* Site 3 is followed by a short phase this time: no longer watched. */
    skel_tr_ws_note(&w, 7, 100, min);
    cr_assert_not(skel_tr_ws_long_after(&w, 3));
    cr_assert_eq(w.prev_site, 7);
}
