/* generate.h - an MPI application in, its performance skeleton out, in one
 * call (`skel generate`): the run traced (tracerun.h, as `skel trace`), the
 * trace compressed into an execution signature with the threshold chosen for
 * K (compress.h, as `skel compress --scale K`), the skeleton generated and
 * built (gen.h, as `skel gen --build`).  DIR receives skeleton.c, Makefile,
 * skeleton.meta, the skeleton, the signature app.sig and (unless trace_dir)
 * the trace.
 *
 * The application's time has one definition: skel_codegen_app_seconds() of
 * the signature (per rank class the mean time computing and in MPI less
 * MPI_Init and MPI_Finalize, the largest over the classes), which
 * skeleton.meta's app_time_s and expected_s = app_time_s / K use.  With a
 * target time S, K = that time / S, taken from the signature the skeleton is
 * generated from.  As the compression threshold depends on K (the smallest
 * giving Q >= K/2), the trace is compressed at threshold 0 first (Q >= 1/2
 * always holds there), K taken from that signature, and the trace compressed
 * again for K only when threshold 0 does not reach K/2; K is then taken from
 * the new signature.  K stays a double throughout.
 *
 * Ownership: nothing is kept from the options; the result is released with
 * skel_generate_result_free() (also after a failure).
 */
#ifndef SKEL_GENERATE_H
#define SKEL_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#include "gen.h"
#include "tracerun.h"

struct skel_generate_result;

struct skel_generate_opts {
    char *const *argv;          /* what to trace: the launcher (or the program) and arguments */
    const char *from_trace;     /* instead of tracing: an existing trace, a Skel trace directory
                                   (used where it is) or an OTF2 archive (imported into
                                   trace_dir or OUTDIR/trace, traceinput.h) */
    int source_only;            /* write the skeleton's source, do not build it (skel gen) */
    const char *outdir;         /* created if missing */
    const char *trace_dir;      /* NULL: OUTDIR/trace, a previous trace there replaced */
    int force;                  /* replace a previous trace in trace_dir */
    double timeout_s;           /* stop the traced run after this long (then fail); <= 0: none */
    unsigned runs;              /* > 1: trace the command this many times and make the skeleton
                                   of the run whose application time is the median (its trace
                                   is kept in trace_dir, the others removed): one run's time
                                   moves 5-20 % on a busy machine, and K and the skeleton would
                                   carry that run's slowness */
    double k;                   /* the scaling factor (>= 1), unless target_s */
    double target_s;            /* > 0: K for a skeleton of about this many seconds */
    struct skel_gen_opts gen;   /* mode, seed, eager limit, templates, version, compiler; its
                                   k, target_s and build are set here */
    const char *tracer_mpich;   /* libskeltrace.so */
    const char *tracer_openmpi; /* libskeltrace-openmpi.so, or NULL */
    /* Called once the signature is written, before the skeleton is
     * generated (e.g. to print what was traced); may be NULL. */
    void (*compressed)(void *arg, const struct skel_generate_result *r);
    /* Called as each step begins ("tracing", "compressing", "generating",
     * "building"), for progress; may be NULL. */
    void (*step)(void *arg, const char *what);
    /* Called as the compression reads the ranks (from its threads, one at a
     * time); may be NULL. */
    void (*ranks_done)(void *arg, unsigned done, unsigned total);
    void *arg;
};

/* Ranks of one class that computed very differently: the usual cause is the
 * machine (another program, a slow or shared core), which the skeleton will
 * replay. */
struct skel_generate_uneven {
    uint32_t lo, hi;   /* the ranks that computed least and most */
    double lo_s, hi_s; /* their compute time */
};

struct skel_generate_result {
    char trace_dir[4096]; /* the Skel trace the signature was made from */
    int from_trace;       /* no run: an existing trace was used */
    char input_note[512]; /* what importing an OTF2 archive said, or "" */
    char sigpath[4096];
    struct skel_tracerun_result run; /* the traced run (with runs > 1: the one kept) */
    unsigned nruns;                  /* runs traced (0: only one, no comparison) */
    double *runs_app_s;              /* the application's time in each, in order */
    unsigned run_kept;               /* which of them (1-based) the skeleton is made of */
    uint32_t nranks, nclasses;
    uint64_t events;         /* length of the trace */
    double threshold, ratio; /* of the compression: its threshold and Q */
    double app_s;            /* the application's time (see the top of this file) */
    double k;                /* the scaling factor used */
    int k_clamped;           /* the target was longer than the application: K = 1 */
    size_t nuneven;
    struct skel_generate_uneven *uneven;
    struct skel_gen_result gen; /* the skeleton: K, expected_s, mode, ... */
};

/* SKEL_EEXEC when the traced run failed: no skeleton is made of it (its
 * partial trace stays).  With o->from_trace, no program is run. */
int skel_generate(const struct skel_generate_opts *o, struct skel_generate_result *res);
void skel_generate_result_free(struct skel_generate_result *res);

#endif
