/* wset.h - how much memory a compute phase touches, sampled now and then
 * (docs/trace-format.md, "Working sets").
 *
 * This machine kind exposes no hardware counters, so the tracer asks the
 * kernel instead: at the end of a call (skel_tr_ws_maybe_arm(), from the
 * handler) it clears the referenced bits of every page of the process
 * (/proc/self/clear_refs) and flushes the processor's cached translations;
 * at the start of the next call (skel_tr_ws_read(), from the inline enter
 * path, only on the rare calls whose thread is watched) it reads how many
 * bytes of anonymous memory are referenced again (/proc/self/smaps; a
 * library's pages read as referenced when other processes touch them), when
 * the phase
 * between them was long enough for the tracer to sample its CPU time
 * (skel_tr_cpu_sample_ns); a shorter phase ends the watch unread
 * (skel_tr_ws_drop()).  A watch never spans a call: the pages MPI calls
 * touch are no phase's (docs/trace-format.md).  The time both take is the
 * tracer's own: reported as pauses, and budgeted so that sampling costs at
 * most 0.5 % of the run.
 *
 * Only thread 0 (the one that initialised MPI) is watched: the referenced
 * bits are per process, and a second thread's phases would blur the first's.
 * Everything here is process-global state owned by wset.c.
 */
#ifndef SKEL_WSET_H
#define SKEL_WSET_H

#include <stdint.h>

/* A thread's watch (a member of its tracer state, record.h): whether it is
 * watched; what the last watch found, to be written before the thread's
 * next event; the tracer time the reading took there (a pause of that
 * event's gap); the whole sample's cost (arm + read). */
struct skel_tr_ws {
    int armed;
    uint64_t bytes, pause, cost;
    /* What marking the watched phase's pages again cost that phase (its
     * pages times skel_tr_ws_page_ns, measured at start): the tracer's
     * doing, taken off the phase as a pause by the caller. */
    uint64_t remark;
    /* The call sites (indices modulo SKEL_TR_WS_SITES) whose latest call
     * was followed by a phase long enough to sample, and the latest call's
     * site: a watch starts only after such a call (skel_tr_ws_note). */
    uint64_t long_after[4];
    uint32_t prev_site;
};

#define SKEL_TR_WS_SITES 256

/* A call at site starts after a compute gap of gap_ns: note whether the
 * previous call's site was followed by a phase of at least min_ns. */
static inline void skel_tr_ws_note(struct skel_tr_ws *w, uint32_t site, uint64_t gap_ns,
                                   uint64_t min_ns)
{
    uint32_t p = w->prev_site % SKEL_TR_WS_SITES;
    uint64_t bit = UINT64_C(1) << (p % 64);
    if (gap_ns >= min_ns)
        w->long_after[p / 64] |= bit;
    else
        w->long_after[p / 64] &= ~bit;
    w->prev_site = site;
}

/* Whether the latest call at site was followed by a long phase (so the
 * phase after this one may be too: worth watching). */
static inline int skel_tr_ws_long_after(const struct skel_tr_ws *w, uint32_t site)
{
    uint32_t p = site % SKEL_TR_WS_SITES;
    return (int)((w->long_after[p / 64] >> (p % 64)) & 1);
}

/* When the next sample may start (monotonic ns); UINT64_MAX while one runs
 * or when sampling is off. */
extern uint64_t skel_tr_ws_next_ns;
/* 1 from a skel_tr_ws_start() that turned sampling on until
 * skel_tr_ws_stop(): the per-call bookkeeping (skel_tr_ws_note) is needed
 * only then. */
extern int skel_tr_ws_on;

/* The cost of marking one page referenced again after a clear (a page walk
 * and the referenced bit set, or a trap to the hypervisor where it tracks
 * the guest's page tables): measured by skel_tr_ws_start(), in ns. */
extern double skel_tr_ws_page_ns;

/* Open the kernel interfaces (SKEL_TRACE_WS=0: stay off) and measure
 * skel_tr_ws_page_ns; at session start. */
void skel_tr_ws_start(void);
/* Close them; at session end (also in a forked child, which must not touch
 * the parent's pages through inherited descriptors). */
void skel_tr_ws_stop(void);

/* Start watching thread t (thread 0) now: at the end of a call, with the
 * session lock held.  Returns the nanoseconds it took (0 if it did not
 * start), which the caller reports as a pause of t's next gap. */
uint64_t skel_tr_ws_arm(struct skel_tr_ws *t);
/* End the watch of t at the start of a call: t->bytes gets the bytes
 * referenced (0 if the reading failed), t->pause grows by the time the
 * reading took, t->remark is the estimated cost of marking the phase's
 * pages again, t->cost is the sample's (arm, read and remark). */
void skel_tr_ws_read(struct skel_tr_ws *t);
/* End the watch of t unread at time now (the phase was too short to
 * sample) and schedule the next one from the arm's cost. */
void skel_tr_ws_drop(struct skel_tr_ws *t, uint64_t now);
/* A sample ended: schedule the next one from its cost (arm + read). */
void skel_tr_ws_done(uint64_t now, uint64_t cost_ns);

#endif
