/* clock.c - TSC time stamps that follow CLOCK_MONOTONIC (clock.h).
 *
 * The TSC's rate in ns per tick (base_mult, 32.32 fixed point) is measured
 * between the moment the library was loaded and the start of tracing, and
 * refined at every re-anchoring over the whole time since.  A thread's
 * segment lasts about a millisecond; at the first time stamp after its end
 * the thread reads both clocks and starts the next segment at CLOCK_MONOTONIC
 * - unless the old segment already returned more than that (it ran fast),
 * in which case the new one starts at the old one's end, never backwards, at
 * a rate bent (by at most 1000 ppm) to meet CLOCK_MONOTONIC a segment
 * later.  After a long pause without time stamps the next one is therefore
 * CLOCK_MONOTONIC itself, not an extrapolation.
 */
#include "clock.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__thread struct skel_tr_clock skel_tr_clk __attribute__((tls_model("initial-exec")));

#define SEGMENT_NS   1000000u /* a segment's length */
#define MAX_SLEW_PPM 1000     /* how much a segment may bend its rate */
#define JUMP_NS      1000000  /* further behind than this: jump */

static int tsc_on; /* time stamps come from the TSC */

#if SKEL_TR_HAVE_TSC
static uint64_t origin_tsc, origin_ns; /* a pair read when the library was loaded */
static uint64_t base_mult;             /* ns per tick, 32.32 */

/* A TSC value and the CLOCK_MONOTONIC time read between two TSC reads: of
 * three tries, the one read fastest (an interrupt or a preemption between
 * the reads would pair the time with the wrong tick). */
static void read_pair(uint64_t *tsc, uint64_t *ns)
{
    uint64_t best = UINT64_MAX;
    *tsc = *ns = 0;
    for (int i = 0; i < 3; i++) {
        uint64_t a = __rdtsc();
        uint64_t m = skel_tr_mono();
        uint64_t b = __rdtsc();
        if (b - a < best) {
            best = b - a;
            *tsc = a + (b - a) / 2;
            *ns = m;
        }
    }
}

__attribute__((constructor)) static void clock_loaded(void)
{
    read_pair(&origin_tsc, &origin_ns);
}

/* ns per tick from the origin to (tsc, ns), 32.32; 0 if not measurable. */
static uint64_t rate_since_origin(uint64_t tsc, uint64_t ns)
{
    if (tsc <= origin_tsc || ns <= origin_ns)
        return 0;
    return (uint64_t)(((unsigned __int128)(ns - origin_ns) << 32) / (tsc - origin_tsc));
}

uint64_t skel_tr_clock_anchor(void)
{
    struct skel_tr_clock *k = &skel_tr_clk;
    if (!__atomic_load_n(&tsc_on, __ATOMIC_RELAXED))
        return skel_tr_mono();
    uint64_t tsc, mono;
    read_pair(&tsc, &mono);
    uint64_t rate = rate_since_origin(tsc, mono);
    if (rate != 0)
        __atomic_store_n(&base_mult, rate, __ATOMIC_RELAXED);
    else
        rate = __atomic_load_n(&base_mult, __ATOMIC_RELAXED);
    uint64_t now = mono;
    int64_t err = 0;
    if (k->mult != 0) {
        /* Nothing the old segment returned exceeds its value at the later of
         * now and its end: start from CLOCK_MONOTONIC unless that is behind
         * it, then from there, bending the new segment to catch up. */
        uint64_t d = tsc - k->tsc0;
        if ((int64_t)d < 0)
            d = 0;
        if (d > k->span)
            d = k->span;
        uint64_t bound = k->ns0 + (uint64_t)(((unsigned __int128)d * k->mult) >> 32);
        if (mono < bound) {
            now = bound;
            err = (int64_t)(mono - bound);
        }
    }
    const int64_t lim = (int64_t)SEGMENT_NS * MAX_SLEW_PPM / 1000000;
    if (err > lim)
        err = lim;
    if (err < -lim)
        err = -lim;
    /* Cover SEGMENT_NS + err nanoseconds in the ticks of SEGMENT_NS. */
    k->mult = rate + (uint64_t)((int64_t)(((__int128)rate * err) / (int64_t)SEGMENT_NS));
    k->span = (uint64_t)(((unsigned __int128)SEGMENT_NS << 32) / rate);
    k->tsc0 = tsc;
    k->ns0 = now;
    return now;
}

/* The kernel keeps CLOCK_MONOTONIC on the TSC only when the TSC is
 * invariant and synchronised across CPUs: that is our condition too. */
static int kernel_uses_tsc(void)
{
    char buf[32] = "";
    int fd = open("/sys/devices/system/clocksource/clocksource0/current_clocksource",
                  O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    return n >= 3 && strncmp(buf, "tsc", 3) == 0 && (n == 3 || buf[3] == '\n');
}

int skel_tr_clock_start(void)
{
    const char *want = getenv("SKEL_TRACE_CLOCK");
    if (want != NULL && strcmp(want, "monotonic") == 0)
        return 0;
    if (want != NULL && *want != '\0' && strcmp(want, "tsc") != 0)
        fprintf(stderr, "skel tracer: ignoring SKEL_TRACE_CLOCK=%s (expected tsc or monotonic)\n",
                want);
    if (!kernel_uses_tsc())
        return 0;
    /* Measure the rate over at least 2 ms (MPI_Init usually took longer). */
    uint64_t tsc, ns;
    read_pair(&tsc, &ns);
    if (ns - origin_ns < 2000000) {
        struct timespec nap = {0, (long)(2000000 - (ns - origin_ns))};
        nanosleep(&nap, NULL);
        read_pair(&tsc, &ns);
    }
    uint64_t rate = rate_since_origin(tsc, ns);
    if (rate == 0)
        return 0;
    __atomic_store_n(&base_mult, rate, __ATOMIC_RELAXED);
    __atomic_store_n(&tsc_on, 1, __ATOMIC_RELAXED);
    return 1;
}
#else
uint64_t skel_tr_clock_anchor(void)
{
    return skel_tr_mono();
}

int skel_tr_clock_start(void)
{
    return 0;
}
#endif

const char *skel_tr_clock_name(void)
{
    return __atomic_load_n(&tsc_on, __ATOMIC_RELAXED) ? "tsc" : "monotonic";
}
