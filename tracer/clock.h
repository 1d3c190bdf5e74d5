/* clock.h - the tracer's time stamps: CLOCK_MONOTONIC nanoseconds, read
 * twice per traced call.
 *
 * clock_gettime() costs ~24 ns here, most of it the ordered TSC read inside
 * the vDSO; a plain rdtsc costs ~10 ns.  Where the kernel itself keeps
 * CLOCK_MONOTONIC on the TSC (so the TSC is invariant and synchronised across
 * CPUs), skel_tr_now() therefore converts the TSC: each thread keeps a short
 * linear segment (anchor, rate) and re-anchors against CLOCK_MONOTONIC every
 * millisecond or so, starting the new segment where the old one ended and
 * bending its rate to absorb the difference.  The result follows
 * CLOCK_MONOTONIC within the jitter of reading both clocks (tens of ns), so
 * ranks on one host share a time base as they do with clock_gettime, and it
 * never runs backwards on a thread.  Elsewhere, or with
 * SKEL_TRACE_CLOCK=monotonic, it is clock_gettime(CLOCK_MONOTONIC).
 */
#ifndef SKEL_CLOCK_H
#define SKEL_CLOCK_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#define SKEL_TR_HAVE_TSC 1
#else
#define SKEL_TR_HAVE_TSC 0
#endif

/* A thread's segment: ns = ns0 + (tsc - tsc0) * mult / 2^32, valid while
 * tsc - tsc0 < span.  mult == 0: read CLOCK_MONOTONIC. */
struct skel_tr_clock {
    uint64_t tsc0, ns0, mult, span;
};

extern __thread struct skel_tr_clock skel_tr_clk __attribute__((tls_model("initial-exec")));

static inline uint64_t skel_tr_mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The end of a segment (or a thread's first read): a new one. */
uint64_t skel_tr_clock_anchor(void);

static inline uint64_t skel_tr_now(void)
{
#if SKEL_TR_HAVE_TSC
    struct skel_tr_clock *k = &skel_tr_clk;
    if (__builtin_expect(k->mult != 0, 1)) {
        uint64_t d = __rdtsc() - k->tsc0;
        if (__builtin_expect(d < k->span, 1))
            return k->ns0 + (uint64_t)(((unsigned __int128)d * k->mult) >> 32);
    }
    return skel_tr_clock_anchor();
#else
    return skel_tr_mono();
#endif
}

/* Calibrate the TSC against CLOCK_MONOTONIC and start using it when the
 * kernel does and SKEL_TRACE_CLOCK allows (called when tracing starts).
 * Returns 1 when time stamps come from the TSC. */
int skel_tr_clock_start(void);

/* The time source in use, for messages: "tsc" or "monotonic". */
const char *skel_tr_clock_name(void);

#endif
