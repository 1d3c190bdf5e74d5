/* pollfold.h - a polling loop read as one wait (internal to compress/).
 *
 * A master that waits with MPI_Irecv and a loop of MPI_Test and nanosleep
 * (or MPI_Iprobe, MPI_Improbe; or a target that ends its exposure epoch
 * with MPI_Win_test) makes a timing-dependent number of calls that find
 * nothing before the one that finds its message: "Test Test Test Test(true)"
 * for one task, "Test Test(true)" for the next.  Loop counts are exact, so
 * such a string never folds into loops, the skeleton must keep every message
 * of the application and scale only their sizes (mode messages), and its
 * waits, whose poll interval does not shrink with K, make it run 2-3 times
 * longer than 1/K of the application (bench/README.md, mw).
 *
 * Read through this filter, a run of polls that found nothing - the same
 * call at the same call site, completing nothing, one after the other - and
 * the poll of that call and site that ends it (finding what it waits for)
 * become that last poll alone, with the whole run's time before it as its
 * compute gap (the gaps between the polls and the polls themselves: what
 * the thread did while it waited, asleep or not) and the number of polls
 * folded into it (*polls) - except in a run that polled without sleeping
 * and found its message, whose polls' own time is the wait's: it becomes
 * the last poll's duration (as if that poll had started with the first),
 * its gap only the gaps between the polls.  The skeleton's poll waits for
 * its message itself; replayed as compute, that time was waited twice
 * (HPCC's RandomAccess, bench/README.md).  Its CPU time is what the thread computed while
 * it waited; in a run that polled with sleeps (most of its gaps mostly off
 * the CPU) that is the CPU of the gaps that did not sleep (the master
 * preparing the next task), not the polls' own calls nor the few us each
 * sleep costs the CPU to wake: the skeleton's poll loop pays those itself,
 * and counted as compute they would be replayed twice, as busy work that
 * a competitor for the processor stretches (bench/accuracy-mechanisms.md,
 * mw under cpu-one).  A run that ends otherwise (another call, another
 * site, the end of the trace) becomes its last poll the same way, still
 * finding nothing.  The string then reads "Irecv Test(true) Send" per task
 * and folds; the skeleton waits for the message as the application did,
 * testing between sleeps of the application's poll interval
 * (docs/codegen.md).
 *
 * A loop may poll two things in turn (PETSc's and nbx's sparse exchange:
 * MPI_Iprobe for a message, MPI_Testall for its own sends): a poll that
 * found nothing and another poll, at another call or site, that found
 * nothing after it start a run of period 2, which goes on while the two
 * alternate finding nothing and ends, like a run of one poll, with the
 * expected one finding something (folded into it) or with anything else.
 * The polls of the other call are dropped with their time given to the one
 * delivered: they found nothing and completed nothing, so the skeleton
 * loses no state, and its poll waits for what the application's loop
 * waited for (bench/accuracy-mechanisms.md, section 8).  *polls then counts
 * the polls of both calls (each carried the tracer's cost).
 *
 * Events delivered name their communicators by slot (commslot.h: a
 * communicator created and freed in every iteration keeps one slot);
 * f->slots is the map.
 *
 * It reads the rank through compress/concur.h, which delivers the calls
 * that threads made at once as one thread can make them.
 *
 * Both the compressor (symbols.c) and the verification (compress.c) read
 * ranks through it, so the signature replays exactly what it made of the
 * trace.  Events delivered follow the reader's rules: pointers in an event
 * are valid until the next call.
 */
#ifndef SKEL_POLLFOLD_H
#define SKEL_POLLFOLD_H

#include <stdint.h>

#include "commslot.h"
#include "concur.h"
#include "trace.h"

typedef struct skel_pollfold {
    skel_rank_reader *rd;
    /* A run being folded: its last poll and the sums over the run. */
    int have_run;
    skel_event last;
    int period;                /* 1: one call repeated; 2: two alternating */
    uint16_t other_call;       /* period 2: the call before the last, */
    uint32_t other_site;       /* and its site */
    uint64_t n, gap, cpu, dur; /* polls, their gaps, CPU of the gaps, durations */
    uint64_t busy;             /* CPU of the gaps that did not sleep */
    uint64_t gaps, asleep;     /* gaps seen, of which mostly off the CPU */
    uint64_t ws;               /* largest working set sampled in the run */
    /* An event read after a run ended without its poll: delivered next. */
    int have_held;
    skel_event held;
    uint64_t raw; /* events read from the file */
    int ended;
    uint64_t call_ns;     /* the tracer's time inside each call (meta call-ns) */
    skel_commslots slots; /* communicators of the events delivered, by slot */
    skel_concur cc;       /* what it reads: threads' calls at once made nonblocking */
} skel_pollfold;

/* Start reading rd (which stays the caller's to close).  call_ns: the
 * tracer's own time inside every call's duration (skel_symbols_call_ns()),
 * taken off the duration of each poll folded into a run, wherever the run
 * puts it (the gap or the found poll's duration); the delivered poll's own
 * duration keeps it (the compressor shifts every duration alike). */
void skel_pollfold_init(skel_pollfold *f, skel_rank_reader *rd, uint64_t call_ns);
void skel_pollfold_free(skel_pollfold *f);
/* The trace and rank rd reads, for the threads' first pass
 * (skel_concur_source()). */
void skel_pollfold_source(skel_pollfold *f, const skel_trace *t, uint32_t rank);

/* The next event: 1 and *ev (with *polls, the polls that found nothing
 * folded into it, 0 for most events), 0 at the end, < 0 on a reader
 * error or when the slot map runs out of memory. */
int skel_pollfold_next(skel_pollfold *f, skel_event *ev, uint64_t *polls);

#endif
