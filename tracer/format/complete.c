/* complete.c - is a trace the whole run? (trace.h, skel_trace_completeness) */
#include "trace.h"

#include "error.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* One rank read to its end: "" when it ended with its end record, else why
 * not.  The reason holds numbers and fixed words only: it is copied into
 * signatures and skeleton metadata. */
static int rank_end(const skel_trace *t, uint32_t rank, char *why, size_t len)
{
    struct stat st;
    why[0] = '\0';
    if (stat(skel_trace_rank_path(t, rank), &st) != 0) {
        snprintf(why, len, "rank %u wrote no trace file", rank);
        return SKEL_OK;
    }
    skel_rank_reader *r;
    if (skel_trace_open_rank(t, rank, &r) != SKEL_OK) {
        skel_clear_error();
        snprintf(why, len, "the trace file of rank %u cannot be read", rank);
        return SKEL_OK;
    }
    skel_event ev;
    int got;
    while ((got = skel_rank_next(r, &ev)) == 1)
        ;
    if (got < 0) {
        if (got == SKEL_ENOMEM) {
            skel_rank_close(r);
            return got;
        }
        skel_clear_error();
        snprintf(why, len, "the trace file of rank %u is damaged at byte %llu", rank,
                 (unsigned long long)skel_rank_offset(r));
    } else if (skel_rank_abort_code(r) >= 0) {
        snprintf(why, len, "rank %u called MPI_Abort (error code %d)", rank,
                 skel_rank_abort_code(r));
    } else if (skel_rank_truncated(r) && skel_rank_signal(r) > 0) {
        snprintf(why, len, "rank %u was ended by signal %d", rank, skel_rank_signal(r));
    } else if (skel_rank_truncated(r)) {
        snprintf(why, len,
                 "the trace of rank %u ends without its end record (the rank exited without "
                 "MPI_Finalize, or the end of its file is lost)",
                 rank);
    }
    skel_rank_close(r);
    return SKEL_OK;
}

int skel_trace_completeness(const skel_trace *t, int *complete, char *why, size_t len)
{
    *complete = 1;
    why[0] = '\0';
    for (uint32_t r = 0; r < skel_trace_nranks(t); r++) {
        int rc = rank_end(t, r, why, len);
        if (rc != SKEL_OK)
            return rc;
        if (why[0] != '\0') {
            *complete = 0;
            return SKEL_OK;
        }
    }
    if (!skel_trace_meta(t)->complete) {
        *complete = 0;
        snprintf(why, len,
                 "rank 0 did not finish the run (its metadata was not completed at "
                 "MPI_Finalize)");
    }
    return SKEL_OK;
}
