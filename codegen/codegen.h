/* codegen.h - an execution signature and a scaling factor K in, a performance
 * skeleton out: skeleton.c, its Makefile and skeleton.meta in a directory
 * (`skel gen`, `skel generate`; docs/codegen.md).
 *
 *  1. the signature is scaled into a plan (plan.h): loops divided by K, the
 *     remainder merged and scaled (Sodhi et al., 4.3);
 *  2. the plan's schedule is simulated over all ranks (sim.h); a schedule
 *     that could hang is refused with SKEL_EDEADLOCK.  In the automatic
 *     mode, when rank classes scale their loops inconsistently (one rank's
 *     scaled loop would send more than its peer's scaled loop receives), the
 *     plan is rebuilt making one epoch in K (SKEL_PLAN_EPOCHS), then keeping
 *     loops too short for a full iteration whole (SKEL_PLAN_MIXED), then also
 *     the loops around long loops (SKEL_PLAN_INNER), then keeping every
 *     loop whole and one message in K on every channel, one collective in K
 *     on every communicator (SKEL_PLAN_THIN),
 *     then keeping every message (SKEL_PLAN_MESSAGES), and checked again
 *     each time (codegen.c
 *     says which passing schedule is taken);
 *  3. the templates (templates/skeleton.c.tmpl, Makefile.tmpl,
 *     skeleton.meta.tmpl) are filled with the plan as tables (emit.h: a row
 *     per operation, sequence item, peer, link; the skeleton's code is the
 *     template's interpreter) and the three files written, each to a
 *     temporary name renamed into place once complete.  Nothing is written
 *     before the check passed.
 *
 * Ownership: nothing is kept from the caller's arguments; the report is a
 * plain struct the caller owns.
 */
#ifndef SKEL_CODEGEN_H
#define SKEL_CODEGEN_H

#include <stdint.h>

#include "signature.h"

enum { SKEL_CODEGEN_AUTO = -1 }; /* mode: loops, falling back to messages */

/* Mode auto takes a mixed or inner schedule whose residue (skeleton.meta's
 * residue_fraction) is above this only if no later mode (thin) but
 * messages passes. */
#define SKEL_CODEGEN_MAX_RESIDUE 0.5

/* A loops schedule whose residue is at least this divides no loop that
 * matters (nothing repeats, or no loop has a full iteration at this K): it
 * is mode messages under another name, and mode auto takes it only where
 * messages would be taken (after epochs, mixed, inner and thin). */
#define SKEL_CODEGEN_NO_LOOP_RESIDUE 0.99

/* Of the schedules mode auto passed over for a later mode, the one it
 * falls back to when only messages is left is the first of the highest
 * rank: epochs further from 1/K (2), then a residue-heavy schedule that
 * divides a loop (1), then one that divides none (0: messages under another
 * name, whichever mode made it).  residue: skeleton.meta's residue_fraction
 * of the schedule. */
int skel_codegen_fallback_rank(int mode, double residue);

/* Mode auto takes mode epochs before mixed and inner when the epochs made
 * model 1/K within this (the dedicated ratio's target, 0.95-1.05); epochs
 * further off (up to SKEL_PLAN_EPOCH_TOL) only before a residue-heavy
 * schedule or every message. */
#define SKEL_CODEGEN_EPOCH_PREFER 0.05

struct skel_codegen_opts {
    double k;                 /* scaling factor, >= 1 */
    int mode;                 /* SKEL_CODEGEN_AUTO or an enum skel_plan_mode */
    uint64_t seed;            /* default seed of the compute durations the skeleton draws */
    uint64_t eager_bytes;     /* standard sends up to this size assumed buffered (sim.h) */
    uint64_t max_check_ops;   /* 0: SKEL_SIM_DEFAULT_MAX_OPS */
    uint64_t max_check_bytes; /* memory of the check; 0: skel_sim_default_max_bytes() */
    const char *templates;    /* directory holding the templates */
    const char *version;      /* Skel's version, written into the files */
    /* The MPI the skeleton is built with (skeleton.meta's mpi and mpicc
     * lines, the Makefile's MPICC and MPIEXEC): a flavor name ("mpich",
     * "openmpi") and program names; NULL: MPICH's.  Only letters, digits and
     * "_.+-/" are accepted (they are written into a Makefile). */
    const char *mpi, *mpicc, *mpiexec;
};

struct skel_codegen_class_report {
    double app_s, model_s, residue;
    uint64_t ops;            /* operations per repeat on one member */
    uint64_t dominant_total; /* iterations of the dominant sequence in the application */
    uint64_t dominant_full;  /* full ones in the skeleton */
    double dominant_share, dominant_iter_s;
};

struct skel_codegen_report {
    /* The scale the skeleton implements, which its skeleton.meta and
     * SKEL_RESULT declare: k_asked, except in mode epochs, whose whole epochs
     * make epoch_ratio / k_asked of the application (skel_plan.epoch_ratio),
     * so k = k_asked / epoch_ratio (at least 1). */
    double k;
    double k_asked;             /* skel_codegen_opts.k */
    int mode;                   /* the mode used */
    int fell_back;              /* automatic mode could not use SKEL_PLAN_LOOPS */
    char fallback_reason[1024]; /* why: the loop-scaled schedule's refusal */
    double app_s;               /* the application's time (skel_codegen_app_seconds()) */
    double expected_s;          /* app_s / k (the K implemented) */
    double model_s;             /* the plan's modelled time (slowest class) */
    double residue;             /* share of the modelled time in scaled-down operations */
    double shortest_good_s;     /* app_s / iterations of the dominant sequence (Sodhi et al., 4.5);
                                   0 when no class has a dominant loop */
    int too_short;      /* some class keeps no full iteration of it (not in messages mode) */
    uint32_t ops, seqs; /* distinct operations and sequences written */
    uint64_t checked_ops, messages, collectives; /* of the simulation */
    uint32_t nclasses;
    struct skel_codegen_class_report *classes; /* nclasses entries; free with the report */
};

void skel_codegen_defaults(struct skel_codegen_opts *o);

/* Generate into outdir (created if missing); outdir NULL: plan and check
 * only, nothing written (rep says what a skeleton would be: its mode, its
 * residue).  rep may be NULL; otherwise it is filled (also on
 * SKEL_EDEADLOCK, as far as known) and its classes array must be released
 * with skel_codegen_report_free(). */
int skel_codegen_generate(const skel_signature *s, const struct skel_codegen_opts *o,
                          const char *outdir, struct skel_codegen_report *rep);
void skel_codegen_report_free(struct skel_codegen_report *rep);

/* The application's traced time in seconds, as the skeleton measures its
 * own (skel_plan_app_ns(): computing and inside MPI calls between MPI_Init
 * and MPI_Finalize), and the K that makes a skeleton of `seconds` (at least
 * 1). */
double skel_codegen_app_seconds(const skel_signature *s);
int skel_codegen_k_for_seconds(const skel_signature *s, double seconds, double *k);

#endif
