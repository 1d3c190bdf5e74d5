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
 * Ownership: nothing is kept after return.  The output file is written to a
 * temporary name and renamed when complete, so a failure leaves no file.
 */
#ifndef SKEL_EXPORT_H
#define SKEL_EXPORT_H

#include <stdint.h>
#include <stdio.h>

#include "trace.h"

struct skel_export_opts {
    int no_flows; /* 1: no message arrows, ranks read one by one without the replay */
};

struct skel_export_stats {
    uint64_t events; /* "X" events written: one per traced call */
    uint64_t flows;  /* messages drawn as flow-event pairs */
    uint32_t ranks;
};

/* Write the trace to path ("-": standard output). */
int skel_export_chrome(const skel_trace *t, const struct skel_export_opts *o, const char *path,
                       struct skel_export_stats *st);

/* The same to an open stream (nothing renamed; the caller handles failure). */
int skel_export_chrome_stream(const skel_trace *t, const struct skel_export_opts *o, FILE *out,
                              struct skel_export_stats *st);

#endif
