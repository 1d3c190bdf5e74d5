/* gen.h - an execution signature and K in, a performance skeleton out
 * (`skel gen`; `skel generate` and `skel calibrate` call it in process):
 * the skeleton's source from codegen (codegen.h), optionally compiled with
 * the compiler wrapper of the application's MPI into DIR/skeleton (the MPI
 * is recorded in skeleton.meta, and the built program is checked to use it).
 *
 * K is a double from the caller to the skeleton: either given
 * (codegen.k) or chosen for a target time as
 *     K = skel_codegen_app_seconds(signature) / target
 * (at least 1), the one definition of the application's time that
 * skeleton.meta's app_time_s and expected_s = app_time_s / K also use.
 *
 * Ownership: nothing is kept from the caller's arguments; the result holds
 * the codegen report, released with skel_gen_result_free() (also after a
 * failure).
 */
#ifndef SKEL_GEN_H
#define SKEL_GEN_H

#include <stdio.h>

#include "codegen.h"
#include "elfdeps.h"
#include "signature.h"

struct skel_gen_opts {
    struct skel_codegen_opts codegen; /* k, mode, seed, ..., templates, version; its mpi,
                                         mpicc and mpiexec are set by skel_gen_build() */
    double target_s;                  /* > 0: K chosen for this time; codegen.k is ignored */
    int build;                        /* compile DIR/skeleton */
    enum skel_mpi_flavor mpi;         /* the MPI to build with; SKEL_MPI_UNKNOWN: the
                                         application's (see skel_gen_mpi()) */
    const char *mpicc;                /* NULL: the MPI's (mpicc.mpich, mpicc.openmpi) */
    int werror;                       /* compile with -Werror */
    int allow_partial;                /* generate from a signature of a partial trace */
};

struct skel_gen_result {
    struct skel_codegen_report report; /* k, mode, app_s, expected_s, ... */
    double app_s;             /* skel_codegen_app_seconds(sig), known before codegen runs */
    int k_clamped;            /* a target longer than the application asked for: K = 1 */
    int generated;            /* the source was written (the report is complete) */
    enum skel_mpi_flavor mpi; /* the MPI it was built with (recorded in skeleton.meta) */
    char mpi_why[160];        /* where that came from, for messages */
    char mpicc[256];          /* the compiler wrapper used */
    char partial[256];        /* the signature's trace was partial: why ("" when whole) */
    char threads[256];        /* the application's threads called MPI at once: how ("" if not) */
    /* skel generate pinned the wildcard receives to their sources because
     * the schedule with wildcards would deadlock: that refusal ("" if not) */
    char pinned[600];
};

/* The MPI a skeleton of sig is built with, first that applies: o->mpi; the
 * MPI o->mpicc's name says (mpicc.openmpi, mpicc.mpich); the application's,
 * from the MPI_Get_library_version() string its trace recorded; MPICH.  why
 * (may be NULL) says which. */
enum skel_mpi_flavor skel_gen_mpi(const skel_signature *sig, const struct skel_gen_opts *o,
                                  char *why, size_t whylen);

/* Generate the skeleton of sig into outdir (created if missing) and, with
 * o->build, compile it: DIR/skeleton appears complete or not at all.  Codegen
 * refuses a schedule that could hang (SKEL_EDEADLOCK); a failed compilation
 * is SKEL_EEXEC with the compiler's words. */
int skel_gen_build(const skel_signature *sig, const struct skel_gen_opts *o, const char *outdir,
                   struct skel_gen_result *res);
void skel_gen_result_free(struct skel_gen_result *res);

/* The plan, as `skel gen --report` prints it: times, residue, the shortest
 * good skeleton, per class, the check. */
void skel_gen_print(FILE *out, const char *sigpath, const char *dir,
                    const struct skel_codegen_report *r);

/* The warnings a result carries ("WHO: warning: ..." lines): K clamped to
 * 1 for target_s; once generated, loops that could not be divided by K and
 * no full iteration of the dominant sequence left. */
void skel_gen_print_warnings(FILE *out, const char *who, const struct skel_gen_result *r,
                             double target_s);

#endif
