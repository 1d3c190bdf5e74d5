/* compress.h - a trace directory in, an execution signature out: the whole
 * compression stage behind `skel compress` (docs/signature.md).
 *
 *  1. every rank's file is read once, in parallel threads, into symbols at
 *     threshold 0 and their loop folding (symbols.h, loops.h);
 *  2. threshold: a given T, or - with a scaling factor K - the smallest T
 *     of 0, step, 2 step, ... (up to the maximum) at which the compression
 *     ratio Q = length(trace) / length(signature) reaches K/2 (Sodhi et al.,
 *     Table 2); at each T > 0 symbols are clustered and the folding redone
 *     from the folded string (no second pass over the files).  A larger T
 *     is kept only when it shortens the signature by more than
 *     SKEL_COMPRESS_MIN_GAIN, so where Q cannot reach K/2 the smallest T
 *     that compresses about as well as any is used, 0 when nothing repeats;
 *  3. ranks fold into rank classes (ranks.h), in a tree of threads;
 *  4. the signature is assembled (signature.h);
 *  5. every message is paired with the receive that got it (match.h), from
 *     logs the ranks kept in step 1.
 *
 * Ownership: skel_compress_trace() allocates the signature, which the caller
 * frees with skel_signature_free().
 */
#ifndef SKEL_COMPRESS_H
#define SKEL_COMPRESS_H

#include <stdint.h>

#include "signature.h"
#include "trace.h"

#define SKEL_COMPRESS_MAX_THRESHOLD 0.2 /* Sodhi et al.: "always less than .2" */
#define SKEL_COMPRESS_STEP          0.01
/* With a scale, a larger threshold is kept only when the signature gets at
 * least this much shorter than at the best smaller one. */
#define SKEL_COMPRESS_MIN_GAIN 0.01

typedef struct skel_compress_opts {
    double threshold;     /* used when scale is 0; in [0, 1] */
    double scale;         /* K > 0: choose the threshold automatically */
    double max_threshold; /* upper bound of the automatic threshold */
    double step;          /* its increment */
    unsigned threads;     /* 0: one per online CPU */
    int keep_overhead;    /* 1: do not subtract the tracer's per-event cost */
    /* 1: a blocking receive or probe from MPI_ANY_SOURCE that got a message
     * becomes a receive from the rank it got it from (SKEL_SIG_PINNED), so
     * that the skeleton matches as the application did whatever its own
     * timing; its symbol splits by source.  Nonblocking receives stay
     * wildcards (their source is known only at their completion). */
    int pin_sources;
    /* Called each time a rank's file has been read (from the reading
     * threads, one call at a time), e.g. for progress; may be NULL. */
    void (*progress)(void *arg, uint32_t done, uint32_t nranks);
    void *progress_arg;
} skel_compress_opts;

#define SKEL_COMPRESS_APART 4 /* class pairs explained at most */

typedef struct skel_compress_stats {
    double threshold; /* chosen */
    double ratio;     /* Q at that threshold */
    /* Q against the trace with its polling loops folded (compress/pollfold.h):
     * what the signature's loops gain, which the choice of the threshold
     * and K/2 compare (folding polls divides no loop by K). */
    double loop_ratio;
    int reached;    /* automatic: Q >= K/2 was reached (else the maximum was used) */
    uint32_t tried; /* thresholds evaluated */
    uint64_t trace_length, signature_length;
    uint32_t nclasses;
    double scan_s, total_s; /* wall times: reading the files, everything */
    /* Why rank classes stayed apart: for class c = 1 .. napart, the first
     * reason it did not fold with class c - 1 (skel_ranks_apart(); its
     * symbol numbers are class c - 1's, as `skel show` prints them). */
    uint32_t napart;
    char apart[SKEL_COMPRESS_APART][240];
} skel_compress_stats;

void skel_compress_defaults(skel_compress_opts *o);

/* Compress trace t.  st may be NULL. */
int skel_compress_trace(const skel_trace *t, const skel_compress_opts *o, skel_signature **out,
                        skel_compress_stats *st);

/* Check signature s against the trace it was made from.  At threshold 0
 * the expansion of every rank's class must reproduce the rank's events
 * exactly: call, peer and second peer (resolved for the rank), tags, root,
 * communicator slot, created communicator, count, datatype size, bytes,
 * received bytes, operation, kept flags, and the completion structure (each
 * link resolved by replaying request activations must name the request the
 * trace completed, at the same array index).  Above 0: the same sequence of
 * calls (so per-call counts are exact) and every event's count, bytes and
 * received bytes within the threshold of its symbol's mean.  SKEL_EFORMAT
 * naming the first difference (rank, event index, what differs). */
int skel_compress_verify(const skel_trace *t, const skel_signature *s);

#endif
