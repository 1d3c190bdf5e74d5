/* tracerun.h - run an MPI program under the tracer (`skel trace`): pick the
 * tracer built for the program's MPI library, hand it to the ranks only
 * (through the launcher's own option when the launcher is known), wait, then
 * complete the trace's metadata with the launch command and the call sites
 * resolved to functions and source lines.
 *
 * Ownership: nothing is kept from the caller's arrays after return.
 */
#ifndef SKEL_TRACERUN_H
#define SKEL_TRACERUN_H

#include <stddef.h>

#include "elfdeps.h"

struct skel_tracerun_opts {
    const char *outdir;          /* trace directory (created; must be empty or absent) */
    int force;                   /* allow an outdir holding a trace: it is replaced when the new
                                    one is written (one holding anything else is refused) */
    const char *tracer_mpich;    /* path of libskeltrace.so */
    const char *tracer_openmpi;  /* path of libskeltrace-openmpi.so, or NULL */
    enum skel_mpi_flavor flavor; /* SKEL_MPI_UNKNOWN: detect from the program */
    const char *buffer;          /* SKEL_TRACE_BUFFER value, or NULL */
    double timeout_s;            /* <= 0: none */
};

struct skel_tracerun_result {
    int exit_status;             /* the launcher's exit status (128+n if killed by signal n) */
    enum skel_mpi_flavor flavor; /* the tracer used */
    double wall_s;               /* wall time of the run */
    char launcher_style[16];     /* "hydra", "openmpi", "srun" or "env" */
    int traced;                  /* a trace (whole or partial) is in outdir */
    int complete;                /* it holds the whole run (skel_trace_completeness()) */
    char partial[256];           /* if not, why not */
    int stale_removed;    /* a new trace directory left by a killed `skel trace` was removed */
    int spawned;          /* traces of worlds the program spawned: outdir/spawn-1... */
    int spawned_complete; /* of those, the whole ones */
};

/* N when name is "spawn-N" (N >= 1, no leading zero): the directory where
 * the tracer writes the N-th world spawned by MPI_Comm_spawn (docs/
 * trace-format.md); 0 for any other name. */
int skel_tracerun_spawn_name(const char *name);

/* Run argv (argv[0] the launcher or the program itself).  The trace is
 * written into OUTDIR.skel-new and put in OUTDIR's place when the run is
 * over (tracer/base/adir.h): an old trace stays whole until then, a second
 * `skel trace` into OUTDIR meanwhile is refused (SKEL_ESTATE), and a run
 * that wrote nothing (not an MPI program, a mistyped path) leaves OUTDIR as
 * it was (SKEL_EEXEC naming the exit status).  Returns SKEL_OK when the
 * program ran (whatever its exit status) and its trace was completed;
 * SKEL_EEXEC if it could not be started, SKEL_EINTERRUPTED if a termination
 * signal stopped it, SKEL_ETIMEOUT - the last two with the partial trace in
 * OUTDIR (res->traced).  res->complete says whether the trace is whole. */
int skel_tracerun(char *const argv[], const struct skel_tracerun_opts *o,
                  struct skel_tracerun_result *res);

/* Resolve the call sites of a trace to function, file and line with
 * addr2line (binutils) and store them, with the launch command if given, in
 * the trace's metadata.  Missing addr2line or debug information is not an
 * error: unresolved sites keep their module+offset names. */
int skel_tracerun_finish(const char *tracedir, char *const launch[]);

#endif
