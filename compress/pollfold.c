/* pollfold.c - polling loops read as one wait (pollfold.h). */
#include "pollfold.h"

#include "calls.h"
#include "error.h"

#include <string.h>

void skel_pollfold_init(skel_pollfold *f, skel_rank_reader *rd, uint64_t call_ns)
{
    memset(f, 0, sizeof *f);
    f->rd = rd;
    f->call_ns = call_ns;
    skel_commslots_init(&f->slots);
    skel_concur_init(&f->cc, rd);
}

void skel_pollfold_source(skel_pollfold *f, const skel_trace *t, uint32_t rank)
{
    skel_concur_source(&f->cc, t, rank);
}

void skel_pollfold_free(skel_pollfold *f)
{
    skel_commslots_free(&f->slots);
    skel_concur_free(&f->cc);
}

/* A poll of the Test family, MPI_Iprobe, MPI_Improbe or MPI_Win_test. */
static int is_poll(const skel_event *ev)
{
    const struct skel_call_info *ci = skel_call_info(ev->call);
    return ci != NULL && ci->poll; /* flag P of tracer/spec/mpi_calls.tbl */
}

/* It found nothing: no flag, no request completed. */
static int found_nothing(const skel_event *ev)
{
    return !(ev->flags & SKEL_EVF_FLAG) && ev->ncomplete == 0;
}

/* A folded poll's duration, less the tracer's time inside it. */
static uint64_t duration(const skel_pollfold *f, const skel_event *ev)
{
    uint64_t d = ev->t_end > ev->t_start ? ev->t_end - ev->t_start : 0;
    return d > f->call_ns ? d - f->call_ns : 0;
}

static uint64_t gap_cpu(const skel_event *ev)
{
    return ev->gap_cpu < ev->gap_wall ? ev->gap_cpu : ev->gap_wall;
}

/* A gap mostly off the CPU (a sleep between two polls): wall at least twice
 * the CPU, by 5 us or more - the rule codegen applies to compute phases. */
static int asleep(const skel_event *ev)
{
    uint64_t cpu = gap_cpu(ev);
    return ev->gap_wall - cpu >= 5000 && ev->gap_wall >= 2 * cpu;
}

/* Account ev's gap to the run. */
static void add_gap(skel_pollfold *f, const skel_event *ev)
{
    f->gap += ev->gap_wall;
    f->cpu += gap_cpu(ev);
    f->gaps++;
    if (asleep(ev))
        f->asleep++;
    else
        f->busy += gap_cpu(ev);
}

static void start_run(skel_pollfold *f, const skel_event *ev)
{
    f->have_run = 1;
    f->last = *ev;
    f->period = 1;
    f->n = 1;
    f->gap = f->cpu = f->busy = f->gaps = f->asleep = 0;
    add_gap(f, ev);
    f->dur = duration(f, ev);
    f->ws = ev->ws_bytes;
}

static void extend_run(skel_pollfold *f, const skel_event *ev)
{
    f->other_call = f->last.call;
    f->other_site = f->last.site;
    f->last = *ev;
    f->n++;
    add_gap(f, ev);
    f->dur += duration(f, ev);
    if (ev->ws_bytes > f->ws)
        f->ws = ev->ws_bytes;
}

/* A run that polled with sleeps: at least half its gaps off the CPU. */
static int run_sleeps(const skel_pollfold *f)
{
    return f->asleep > 0 && 2 * f->asleep >= f->gaps;
}

/* The CPU time of a run whose gaps sum to wall and whose polls took dur:
 * everything (a busy poll's thread is on the CPU), or for a run that
 * polled with sleeps the gaps that did not sleep. */
static uint64_t run_cpu(const skel_pollfold *f, uint64_t dur, uint64_t wall)
{
    uint64_t cpu = run_sleeps(f) ? f->busy : f->cpu + dur;
    return cpu > wall ? wall : cpu;
}

/* ev, the poll that ended the run, with the run's time before it: the
 * polls' gaps and the polls themselves (a thread polling is on the CPU). */
static void merge_into(skel_pollfold *f, skel_event *ev, uint64_t *polls)
{
    add_gap(f, ev);
    if (run_sleeps(f)) {
        ev->gap_wall = f->gap + f->dur;
        ev->gap_cpu = run_cpu(f, f->dur, ev->gap_wall);
    } else {
        /* A busy wait that found its message: the polls' own time was
         * spent in MPI waiting for it, and is the wait's - the found poll's
         * duration, as if it had started with the first poll - not compute
         * before it.  The skeleton's poll waits for its message itself;
         * replayed as compute, that time was waited twice (HPCC's
         * RandomAccess: bench/README.md, HPCC). */
        ev->gap_wall = f->gap;
        ev->gap_cpu = f->cpu < f->gap ? f->cpu : f->gap;
        ev->t_start = ev->t_start > f->dur ? ev->t_start - f->dur : 0;
    }
    if (f->ws > ev->ws_bytes)
        ev->ws_bytes = f->ws;
    *polls = f->n;
    f->have_run = 0;
}

/* The run alone, ended by something else: its last poll, with the time of
 * the polls before it. */
static void deliver_run(skel_pollfold *f, skel_event *ev, uint64_t *polls)
{
    *ev = f->last;
    uint64_t own = duration(f, &f->last);
    ev->gap_wall = f->gap + (f->dur - own);
    ev->gap_cpu = run_cpu(f, f->dur - own, ev->gap_wall);
    ev->ws_bytes = f->ws;
    *polls = f->n - 1;
    f->have_run = 0;
}

static int next_event(skel_pollfold *f, skel_event *ev, uint64_t *polls)
{
    *polls = 0;
    if (f->ended)
        return 0;
    if (f->have_held) {
        f->have_held = 0;
        *ev = f->held;
        return 1;
    }
    for (;;) {
        int rc = skel_concur_next(&f->cc, ev);
        if (rc < 0)
            return rc;
        if (rc == 0) {
            f->ended = !f->have_run;
            if (!f->have_run)
                return 0;
            deliver_run(f, ev, polls);
            return 1;
        }
        f->raw++;
        if (!f->have_run) {
            if (!is_poll(ev) || !found_nothing(ev))
                return 1;
            start_run(f, ev);
            continue;
        }
        /* The poll the run expects next: the same call at the same site
         * as the last (period 1), or in a run alternating between two polls
         * (period 2) the other one. */
        int poll = ev->thread == f->last.thread && is_poll(ev);
        int repeat = poll && ev->call == f->last.call && ev->site == f->last.site;
        int other = poll && !repeat && ev->call == f->other_call && ev->site == f->other_site;
        int same = f->period == 1 ? repeat : other;
        /* A run of one poll that another poll finding nothing follows
         * becomes a run alternating between the two: nbx's loop of
         * MPI_Iprobe and MPI_Testall, each finding nothing until one of
         * them does.  Replayed call by call, the skeleton's polls (each
         * slower than the application's by the interpreter's own work)
         * made a wait of fixed length, where the application's lasted until
         * the message came (bench/accuracy-mechanisms.md, section 8). */
        if (f->period == 1 && f->n == 1 && poll && !repeat && found_nothing(ev)) {
            f->period = 2;
            extend_run(f, ev);
            continue;
        }
        if (same && found_nothing(ev)) {
            extend_run(f, ev);
            continue;
        }
        if (same) {
            merge_into(f, ev, polls);
            return 1;
        }
        /* Something else ends the run: the run first, this event next (its
         * pointers stay valid: the reader is not called before). */
        f->held = *ev;
        f->have_held = 1;
        deliver_run(f, ev, polls);
        return 1;
    }
}

int skel_pollfold_next(skel_pollfold *f, skel_event *ev, uint64_t *polls)
{
    int rc = next_event(f, ev, polls);
    if (rc == 1) {
        int mrc = skel_commslots_map(&f->slots, f->rd, ev);
        if (mrc != SKEL_OK)
            return mrc;
    }
    return rc;
}
