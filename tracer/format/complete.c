/* complete.c - is a trace the whole run? (trace.h, skel_trace_completeness) */
#include "trace.h"

#include "error.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* How telling a rank's end is about why the run did not finish: a rank
 * that called MPI_Abort or died of its own signal is the cause; ranks the
 * launcher then killed (SIGTERM, SIGKILL, SIGINT, SIGHUP) are consequences. */
enum { END_CLEAN, END_KILLED, END_CUT, END_DAMAGED, END_SIGNAL, END_ABORT };
/* (The reader's enum skel_ending says what the file says; these order it.) */

/* One rank read to its end: END_CLEAN, or how it ended with why.  The reason
 * holds numbers and fixed words only: it is copied into signatures and
 * skeleton metadata. */
static int rank_end(const skel_trace *t, uint32_t rank, int *how, char *why, size_t len)
{
    struct stat st;
    why[0] = '\0';
    *how = END_CLEAN;
    if (stat(skel_trace_rank_path(t, rank), &st) != 0) {
        *how = END_DAMAGED;
        snprintf(why, len, "rank %u wrote no trace file", rank);
        return SKEL_OK;
    }
    skel_rank_reader *r;
    if (skel_trace_open_rank(t, rank, &r) != SKEL_OK) {
        skel_clear_error();
        *how = END_DAMAGED;
        snprintf(why, len, "the trace file of rank %u cannot be read", rank);
        return SKEL_OK;
    }
    skel_event ev;
    int got;
    while ((got = skel_rank_next(r, &ev)) == 1)
        ;
    if (got == SKEL_ENOMEM) {
        skel_rank_close(r);
        return got;
    }
    skel_clear_error();
    int sig = skel_rank_signal(r);
    switch (skel_rank_ending(r)) {
    case SKEL_END_CLEAN:
        break;
    case SKEL_END_ABORT:
        *how = END_ABORT;
        snprintf(why, len, "rank %u called MPI_Abort (error code %d)", rank,
                 skel_rank_abort_code(r));
        break;
    case SKEL_END_SIGNAL:
        *how = sig == SIGTERM || sig == SIGKILL || sig == SIGINT || sig == SIGHUP ? END_KILLED
                                                                                  : END_SIGNAL;
        snprintf(why, len, "rank %u was ended by signal %d", rank, sig);
        break;
    case SKEL_END_OPEN:
        *how = END_KILLED;
        snprintf(why, len, "rank %u was killed without a chance to say so (SIGKILL)", rank);
        break;
    case SKEL_END_EXIT:
        *how = END_CUT;
        snprintf(why, len, "rank %u exited without MPI_Finalize", rank);
        break;
    case SKEL_END_STOPPED:
        *how = END_DAMAGED;
        snprintf(why, len, "the tracer of rank %u stopped on an error of its own", rank);
        break;
    default:
        *how = END_DAMAGED;
        if (got < 0)
            snprintf(why, len, "the trace file of rank %u is damaged at byte %llu", rank,
                     (unsigned long long)skel_rank_offset(r));
        else
            snprintf(why, len,
                     "the trace of rank %u ends without its end record (the end of its file is "
                     "lost)",
                     rank);
    }
    skel_rank_close(r);
    return SKEL_OK;
}

int skel_trace_completeness(const skel_trace *t, int *complete, char *why, size_t len)
{
    int worst = END_CLEAN;
    *complete = 1;
    why[0] = '\0';
    for (uint32_t r = 0; r < skel_trace_nranks(t); r++) {
        char w[256];
        int how, rc = rank_end(t, r, &how, w, sizeof w);
        if (rc != SKEL_OK)
            return rc;
        if (how > worst) {
            worst = how;
            snprintf(why, len, "%s", w);
        }
    }
    if (worst == END_CLEAN && !skel_trace_meta(t)->complete)
        snprintf(why, len,
                 "rank 0 did not finish the run (its metadata was not completed at "
                 "MPI_Finalize)");
    *complete = why[0] == '\0';
    return SKEL_OK;
}

int skel_trace_says_complete(const skel_trace *t)
{
    if (!skel_trace_meta(t)->complete)
        return 0;
    for (uint32_t r = 0; r < skel_trace_nranks(t); r++) {
        skel_rank_reader *rd;
        if (skel_trace_open_rank(t, r, &rd) != SKEL_OK) {
            skel_clear_error();
            return 0;
        }
        int ending = skel_rank_header_ending(rd);
        skel_rank_close(rd);
        if (ending != SKEL_END_CLEAN)
            return 0;
    }
    return 1;
}
