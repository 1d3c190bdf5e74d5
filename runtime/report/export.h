/* export.h - a trace in another tool's format: the Chrome trace-event format
 * (JSON), which Perfetto (ui.perfetto.dev) and chrome://tracing open.
 *
 * The output is one JSON object (docs/report.md, "Export"):
 *   {"displayTimeUnit":"ns","otherData":{...},"traceEvents":[...]}
 * with, in traceEvents,
 *   - metadata events ("ph":"M") naming each rank's process ("rank 3 (host)")
 *     and thread, and ordering the ranks;
 *   - exactly one complete event ("ph":"X") per traced MPI call: pid = rank,
 *     tid = thread, ts/dur in microseconds from the start of the trace (rank
 *     0's clock), args with the peer, tag, bytes, call site and sequence
 *     number;
 *   - with flows on, a flow-event pair per matched message, from the
 *     replay: "ph":"s" at the start of the send, "ph":"f" at the end of the
 *     call that received it (never before the "s").
 * Strings from the trace are JSON-escaped (quotes, backslashes, control
 * characters; invalid UTF-8 replaced by U+FFFD).
 *
 * Memory: the replay's (replay.h: bounded by the messages in flight and the
 * collectives not yet complete) plus one cached label per call site; events
 * are written as they come.  Without flows the ranks are read one after the
 * other and no replay is needed (for traces of runs that did not finish).
 *
 * Size: an export is about 220 bytes per call (330 with message arrows):
 * tens of GB for a long run, more than a browser opens.  Past
 * opts->max_bytes it becomes a summary (above), and a failed write (a full
 * disk) stops it at once.
 *
 * Ownership: nothing is kept after return.  The output file is written to a
 * temporary name and renamed when complete, so a failure - a full disk, an
 * interruption seen through opts->cancelled - leaves no file.
 */
#ifndef SKEL_EXPORT_H
#define SKEL_EXPORT_H

#include <stdint.h>
#include <stdio.h>

#include "trace.h"

/* Default limit of an export's size: what Perfetto and chrome://tracing
 * still open (they load the whole JSON into the browser's memory). */
#define SKEL_EXPORT_DEFAULT_MAX_BYTES (1ull << 30)

struct skel_export_opts {
    int no_flows; /* 1: no message arrows, ranks read one by one without the replay */
    /* 0: everything.  Otherwise a summary that fits: calls are written until
     * the output reaches max_bytes (with flows: a window from the start of
     * the run for every rank at once; without: the first max_bytes / ranks
     * of each rank; within 64 KiB), then one instant event says where and
     * how much was left out, and the JSON is closed. */
    uint64_t max_bytes;
    /* Polled between events: a non-zero return stops the export with
     * SKEL_EINTERRUPTED (and no file).  NULL: never. */
    int (*cancelled)(void);
};

struct skel_export_stats {
    uint64_t events; /* "X" events written: one per traced call */
    uint64_t flows;  /* messages drawn as flow-event pairs */
    uint32_t ranks;
    uint64_t calls; /* calls in the trace (from its metadata; 0 if unknown) */
    uint64_t bytes; /* bytes written */
    int summary;    /* max_bytes was reached: only part of the calls were written */
};

/* Bytes an export of trace t would take, from the calls its metadata counts
 * and the size of an event (about 220 bytes, 330 with the arrows of
 * messages, measured on Skel's samples and corpus); 0 if unknown. */
uint64_t skel_export_estimate(const skel_trace *t, const struct skel_export_opts *o,
                              uint64_t *calls);

/* Write the trace to path ("-": standard output). */
int skel_export_chrome(const skel_trace *t, const struct skel_export_opts *o, const char *path,
                       struct skel_export_stats *st);

/* The same to an open stream (nothing renamed; the caller handles failure). */
int skel_export_chrome_stream(const skel_trace *t, const struct skel_export_opts *o, FILE *out,
                              struct skel_export_stats *st);

#endif
