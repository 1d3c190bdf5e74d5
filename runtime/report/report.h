/* report.h - `skel report`: one self-contained HTML page of charts about a
 * traced run, its signature, its skeleton and the results of running them.
 *
 * Every input is optional; a section appears for each input that feeds it
 * (docs/report.md lists them):
 *   trace            timeline, compute vs MPI, MPI calls, critical path
 *   skeleton DIR     skeleton.meta (K, expected times); the skeleton's own
 *                    timeline from a trace of it (--skeleton-trace, or
 *                    DIR/skeleton-trace); and DIR/trace and DIR/app.sig when
 *                    no trace or signature is named
 *   signature        loop structure, rank classes, dominant sequence
 *   results files    recognised by header (report_results.h): predicted vs
 *                    measured per scenario, node-set ranking, timed runs,
 *                    critical path, LBF/NF predictions, calibration
 *
 * The page is written with libxml2's xmlTextWriter (so every string from an
 * input is escaped; see svg.h), needs no network (inline CSS and SVG, no
 * script, a Content-Security-Policy that forbids scripts and remote loads),
 * and is well-formed XML as well as HTML.  It goes to a temporary file that
 * is renamed when complete.
 *
 * Ownership: nothing is kept after return; the options are only read.
 */
#ifndef SKEL_REPORT_H
#define SKEL_REPORT_H

#include <stddef.h>

struct skel_report_opts {
    const char *trace;          /* trace directory of the application, or NULL */
    const char *signature;      /* signature file, or NULL */
    const char *skeleton;       /* skeleton directory, or NULL */
    const char *skeleton_trace; /* trace of the skeleton, or NULL (DIR/skeleton-trace) */
    const char *const *results; /* results files */
    size_t nresults;
    const char *title; /* NULL: "Skel report: <program>" */
    int no_critpath;   /* do not compute the critical path from the trace */
    unsigned top;      /* rows per critical-path table (0: 10) */
};

/* What the page was made of, for the caller to print. */
struct skel_report_summary {
    int sections;      /* sections written */
    int charts;        /* <svg> charts written */
    char inputs[1024]; /* "trace jac.trace, signature app.sig, ..." */
};

int skel_report_write(const struct skel_report_opts *o, const char *path,
                      struct skel_report_summary *sum);

#endif
