/* tracestats.c - per-rank and total counts of a trace, and its consistency. */
#include "tracestats.h"

#include "error.h"
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void add(struct skel_rankstat *to, const struct skel_rankstat *r)
{
    to->nevents += r->nevents;
    to->mpi_ns += r->mpi_ns;
    to->compute_wall_ns += r->compute_wall_ns;
    to->compute_cpu_ns += r->compute_cpu_ns;
    to->overhead_ns += r->overhead_ns;
    to->file_bytes += r->file_bytes;
    to->fortran_events += r->fortran_events;
    if (r->nevents > 0) {
        if (to->t_first == 0 || r->t_first < to->t_first)
            to->t_first = r->t_first;
        if (r->t_last > to->t_last)
            to->t_last = r->t_last;
    }
    for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++) {
        to->calls[c].count += r->calls[c].count;
        to->calls[c].bytes += r->calls[c].bytes;
        to->calls[c].rbytes += r->calls[c].rbytes;
        to->calls[c].time_ns += r->calls[c].time_ns;
    }
}

/* Whether a call's `bytes` field is data it sends or writes.  For receives
 * and probes it is the buffer they post (MPI_Irecv of a 1 MiB buffer that
 * gets 100 bytes), which is no transfer at all: what they receive is in
 * `rbytes`, or in the completion of their request (counted under the Wait
 * or Test call that completed it). */
static int sends_bytes(unsigned call)
{
    const struct skel_call_info *ci = skel_call_info(call);
    if (ci == NULL)
        return 0;
    switch (ci->klass) {
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_RECV_INIT:
    case SKEL_CLASS_MRECV:
    case SKEL_CLASS_IMRECV:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
        return 0;
    default:
        return 1;
    }
}

static int rank_stats(const skel_trace *t, uint32_t rank, struct skel_rankstat *rs)
{
    rs->rank = rank;
    rs->abort_code = -1;
    skel_rank_reader *r;
    int rc = skel_trace_open_rank(t, rank, &r);
    if (rc == SKEL_ENOTFOUND) {
        snprintf(rs->error, sizeof rs->error, "%s", skel_last_error());
        rs->truncated = 1;
        return SKEL_OK;
    }
    if (rc != SKEL_OK)
        return rc;
    rs->present = 1;
    struct stat st;
    if (stat(skel_rank_path(r), &st) == 0)
        rs->file_bytes = (uint64_t)st.st_size;
    skel_event ev;
    while ((rc = skel_rank_next(r, &ev)) == 1) {
        if (rs->nevents == 0)
            rs->t_first = ev.t_start;
        rs->t_last = ev.t_end;
        rs->nevents++;
        rs->mpi_ns += ev.t_end - ev.t_start;
        rs->compute_wall_ns += ev.gap_wall;
        rs->compute_cpu_ns += ev.gap_cpu;
        if (ev.flags & SKEL_EVF_FORTRAN)
            rs->fortran_events++;
        struct skel_callstat *c = &rs->calls[ev.call];
        c->count++;
        if (sends_bytes(ev.call))
            c->bytes += ev.bytes;
        c->rbytes += ev.rbytes;
        for (uint32_t i = 0; i < ev.ncomplete; i++)
            c->rbytes += ev.complete[i].src >= 0 ? ev.complete[i].bytes : 0;
        c->time_ns += ev.t_end - ev.t_start;
    }
    if (rc < 0) /* damage: keep what was read, report it */
        snprintf(rs->error, sizeof rs->error, "%s", skel_last_error());
    rs->truncated = skel_rank_truncated(r);
    rs->signal = skel_rank_signal(r);
    rs->abort_code = skel_rank_abort_code(r);
    rs->ending = skel_rank_ending(r);
    const skel_rank_end *e = skel_rank_end_of(r);
    if (e != NULL) {
        rs->overhead_ns = e->overhead_ns;
        rs->per_event_ns = e->per_event_ns;
    }
    skel_rank_close(r);
    return SKEL_OK;
}

int skel_tracestats(const skel_trace *t, int check, struct skel_tracestats *st)
{
    memset(st, 0, sizeof *st);
    st->nranks = skel_trace_nranks(t);
    st->ranks = calloc(st->nranks, sizeof *st->ranks);
    if (st->ranks == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < st->nranks; i++) {
        int rc = rank_stats(t, i, &st->ranks[i]);
        if (rc != SKEL_OK) {
            skel_tracestats_free(st);
            return rc;
        }
        add(&st->total, &st->ranks[i]);
    }
    if (!check)
        return SKEL_OK;
    st->checked = 1;
    skel_replay *rp;
    int rc = skel_replay_open(t, &rp);
    if (rc == SKEL_OK) {
        skel_replay_item it;
        while ((rc = skel_replay_next(rp, &it)) == 1)
            ;
        skel_replay_stats rs;
        skel_replay_stats_of(rp, &rs);
        st->messages = rs.messages;
        st->collectives = rs.collectives;
        st->pending_requests = rs.pending_requests;
        st->unmatched_sends = rs.unmatched_sends;
        skel_replay_close(rp);
    }
    if (rc < 0)
        snprintf(st->check_error, sizeof st->check_error, "%s", skel_last_error());
    st->consistent = rc == 0 && st->pending_requests == 0 && st->unmatched_sends == 0;
    return SKEL_OK;
}

void skel_tracestats_free(struct skel_tracestats *st)
{
    free(st->ranks);
    st->ranks = NULL;
}
