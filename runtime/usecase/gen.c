/* gen.c - signature + K -> skeleton source, built with the MPI's mpicc (gen.h). */
#include "gen.h"

#include "adir.h"
#include "afile.h"
#include "elfdeps.h"
#include "error.h"
#include "plan.h"
#include "proc.h"
#include "usecase.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

enum skel_mpi_flavor skel_gen_mpi(const skel_signature *sig, const struct skel_gen_opts *o,
                                  char *why, size_t whylen)
{
    char dummy[8];
    if (why == NULL) {
        why = dummy;
        whylen = sizeof dummy;
    }
    if (o->mpi != SKEL_MPI_UNKNOWN) {
        snprintf(why, whylen, "--mpi %s", skel_mpi_flavor_name(o->mpi));
        return o->mpi;
    }
    if (o->mpicc != NULL) {
        const char *b = strrchr(o->mpicc, '/');
        b = b != NULL ? b + 1 : o->mpicc;
        enum skel_mpi_flavor f = strstr(b, "openmpi") != NULL ? SKEL_MPI_OPENMPI
                                 : strstr(b, "mpich") != NULL ? SKEL_MPI_MPICH
                                                              : SKEL_MPI_UNKNOWN;
        if (f != SKEL_MPI_UNKNOWN) {
            snprintf(why, whylen, "the compiler %s", b);
            return f;
        }
    }
    enum skel_mpi_flavor f = skel_mpi_flavor_of_version(sig->mpi_library);
    if (f != SKEL_MPI_UNKNOWN) {
        snprintf(why, whylen, "the application's MPI, recorded in its trace");
        return f;
    }
    snprintf(why, whylen, "the default (the trace does not say which MPI the application used)");
    return SKEL_MPI_MPICH;
}

/* Compile DIR/skeleton.c into DIR/skeleton: the compiler writes the
 * temporary file afile.h names, which is renamed into place once complete
 * and once the program is seen to use the MPI skeleton.meta records (a
 * compiler wrapper of another MPI would make a skeleton that the launcher
 * chosen from skeleton.meta cannot start). */
static int build(const char *dir, const char *mpicc, enum skel_mpi_flavor mpi, int werror)
{
    char src[PATH_MAX], out[PATH_MAX];
    if (snprintf(src, sizeof src, "%s/skeleton.c", dir) >= (int)sizeof src ||
        snprintf(out, sizeof out, "%s/skeleton", dir) >= (int)sizeof out)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    skel_afile *af = NULL;
    int rc = skel_afile_open(out, &af);
    if (rc != SKEL_OK)
        return rc;
    char *argv[16];
    int n = 0;
    argv[n++] = (char *)mpicc;
    argv[n++] = "-O2";
    argv[n++] = "-Wall";
    argv[n++] = "-Wextra";
    if (werror)
        argv[n++] = "-Werror";
    argv[n++] = "-o";
    argv[n++] = (char *)skel_afile_tmpname(af);
    argv[n++] = src;
    argv[n++] = "-lm";
    argv[n] = NULL;
    if ((rc = skel_proc_run(argv, 300, NULL)) != SKEL_OK) {
        skel_afile_abort(af);
        return skel_fail_context(rc, "building the skeleton");
    }
    struct skel_elf_mpi m;
    if (skel_elf_mpi_of(skel_afile_tmpname(af), NULL, &m) == SKEL_OK &&
        m.flavor != SKEL_MPI_UNKNOWN && m.flavor != mpi) {
        skel_afile_abort(af);
        return skel_fail(SKEL_EUSAGE,
                         "%s built the skeleton with %s (%s), but it is meant for %s: give the "
                         "compiler of that MPI (--mpicc) or say which MPI to use (--mpi)",
                         mpicc, skel_mpi_flavor_title(m.flavor), m.evidence,
                         skel_mpi_flavor_title(mpi));
    }
    skel_clear_error();
    return skel_afile_commit(af);
}

/* The directories above dir, as `mkdir -p` would make them. */
static int make_parents(const char *dir)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    char *last = strrchr(buf, '/');
    if (last == NULL || last == buf)
        return SKEL_OK;
    *last = '\0';
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return skel_fail(SKEL_EIO, "cannot create directory %s: %s", buf, strerror(errno));
        *p = '/';
    }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return skel_fail(SKEL_EIO, "cannot create directory %s: %s", buf, strerror(errno));
    return SKEL_OK;
}

int skel_gen_build(const skel_signature *sig, const struct skel_gen_opts *o, const char *outdir,
                   struct skel_gen_result *res)
{
    memset(res, 0, sizeof *res);
    struct skel_codegen_opts co = o->codegen;
    skel_adir *ad = NULL;
    int rc;
    if (sig->partial != NULL && !o->allow_partial)
        return skel_fail(SKEL_ETRUNCATED,
                         "the signature was made from a partial trace (%s): its skeleton would "
                         "replay part of the run; pass --allow-partial to generate it knowingly",
                         sig->partial);
    if (sig->partial != NULL)
        snprintf(res->partial, sizeof res->partial, "%s", sig->partial);
    if (sig->threads != NULL)
        snprintf(res->threads, sizeof res->threads, "%s", sig->threads);
    res->app_s = skel_codegen_app_seconds(sig);
    res->mpi = skel_gen_mpi(sig, o, res->mpi_why, sizeof res->mpi_why);
    snprintf(res->mpicc, sizeof res->mpicc, "%s",
             o->mpicc != NULL ? o->mpicc : skel_mpi_default_mpicc(res->mpi));
    co.mpi = skel_mpi_flavor_name(res->mpi);
    co.mpicc = res->mpicc;
    co.mpiexec = skel_mpi_default_launcher(res->mpi);
    if (o->target_s > 0) {
        if ((rc = skel_codegen_k_for_seconds(sig, o->target_s, &co.k)) != SKEL_OK)
            return rc;
        res->k_clamped = co.k <= 1.0 && res->app_s < o->target_s;
    }
    /* Source, Makefile, metadata and binary are built beside the directory
     * and replace the old ones together (adir.h): a failed build leaves the
     * old skeleton whole, never a new source beside an old binary.  Other
     * files there (a trace, a signature) stay. */
    if ((rc = make_parents(outdir)) != SKEL_OK ||
        (rc = skel_adir_open(outdir, SKEL_ADIR_KEEP, &ad, NULL)) != SKEL_OK)
        return rc;
    if ((rc = skel_codegen_generate(sig, &co, skel_adir_path(ad), &res->report)) != SKEL_OK) {
        /* The likeliest cause when the application's threads called MPI at
         * once: a skeleton makes each rank's calls in one stream. */
        if (rc == SKEL_EDEADLOCK && sig->threads != NULL)
            skel_fail_context(rc,
                              "the application called MPI from several threads at once (%s), "
                              "and a skeleton makes each rank's calls in one thread: the blocking "
                              "sends, receives and collectives that overlapped are posted "
                              "nonblocking, the other calls keep the order they ended in "
                              "(docs/signature.md, \"Limits\")",
                              sig->threads);
        goto out;
    }
    if (o->build && (rc = build(skel_adir_path(ad), res->mpicc, res->mpi, o->werror)) != SKEL_OK) {
        skel_fail_context(rc, "the skeleton in %s was left as it was", outdir);
        goto out;
    }
    rc = skel_adir_commit(ad);
    ad = NULL;
    res->generated = rc == SKEL_OK;
out:
    skel_adir_abort(ad);
    return rc;
}

void skel_gen_result_free(struct skel_gen_result *res)
{
    skel_codegen_report_free(&res->report);
}

void skel_gen_print_warnings(FILE *out, const char *who, const struct skel_gen_result *r,
                             double target_s)
{
    const struct skel_codegen_report *rep = &r->report;
    if (r->k_clamped)
        fprintf(out,
                "%s: warning: the application ran %.3f s, less than the %g s asked for; K = 1\n",
                who, r->app_s, target_s);
    if (!r->generated)
        return;
    if (r->partial[0] != '\0')
        fprintf(out,
                "%s: warning: generated from a partial trace (%s): the skeleton replays part of "
                "the run (skeleton.meta says complete 0)\n",
                who, r->partial);
    if (r->threads[0] != '\0')
        fprintf(out,
                "%s: warning: %s; the skeleton makes each rank's calls in one thread (those "
                "that overlapped posted nonblocking, then completed together), so it "
                "serialises the compute that ran in parallel\n",
                who, r->threads);
    if (r->pinned[0] != '\0')
        fprintf(out,
                "%s: warning: with MPI_ANY_SOURCE, %s; the blocking wildcard receives and probes "
                "receive from the rank they got their message from in the trace instead (skel "
                "compress --pin-sources)\n",
                who, r->pinned);
    if (rep->fell_back)
        fprintf(out,
                "%s: warning: the rank classes' loops cannot be divided by K consistently (%s); "
                "%s\n",
                who, rep->fallback_reason,
                rep->mode == SKEL_PLAN_MIXED
                    ? "loops shorter than K keep all their iterations instead (mode mixed)"
                : rep->mode == SKEL_PLAN_INNER
                    ? "only the innermost loops of K or more iterations are divided instead, "
                      "the loops around them keep all their iterations (mode inner)"
                : rep->mode == SKEL_PLAN_EPOCHS
                    ? "one epoch in K is made instead, at full weight (mode epochs)"
                : rep->mode == SKEL_PLAN_THIN
                    ? "every loop keeps all its iterations and one message in K is made on "
                      "every channel and one collective in K on every communicator, whole, "
                      "instead (mode thin)"
                    : "every message is kept instead and sizes and compute are scaled by 1/K "
                      "(mode messages)");
    if (rep->too_short)
        fprintf(out,
                "%s: warning: K = %.6g leaves no full iteration of the dominant sequence in the "
                "skeleton; the shortest good skeleton runs %.6f s (Sodhi et al., 4.5)\n",
                who, rep->k, rep->shortest_good_s);
}

void skel_gen_print(FILE *out, const char *sigpath, const char *dir,
                    const struct skel_codegen_report *r)
{
    fprintf(out, "signature       %s\n", skel_usecase_printable(sigpath));
    fprintf(out, "skeleton        %s/skeleton.c (%u operations, %u sequences)\n",
            skel_usecase_printable(dir), r->ops, r->seqs);
    fprintf(out, "scaling         K = %.6g", r->k);
    if (r->k != r->k_asked)
        fprintf(out, " (%.6g asked: the epochs made are %.4f of the application / %.6g)",
                r->k_asked, r->k_asked / r->k, r->k_asked);
    fprintf(out, ", mode %s%s\n",
            r->mode == SKEL_PLAN_LOOPS    ? "loops (Sodhi et al., 4.3)"
            : r->mode == SKEL_PLAN_MIXED  ? "mixed (loops shorter than K kept whole)"
            : r->mode == SKEL_PLAN_INNER  ? "inner (only the innermost long loops divided)"
            : r->mode == SKEL_PLAN_EPOCHS ? "epochs (one epoch in K made)"
            : r->mode == SKEL_PLAN_THIN   ? "thin (one message in K made on every channel, one "
                                            "collective in K on every communicator)"
                                          : "messages (every message kept)",
            r->fell_back ? " after the loop-scaled schedule failed its check" : "");
    fprintf(out,
            "application     %.6f s (computing and in MPI between MPI_Init and MPI_Finalize)\n",
            r->app_s);
    fprintf(out, "expected        %.6f s per repeat (application / K)\n", r->expected_s);
    fprintf(out, "model           %.6f s (signature means, scaled); residue %.1f%% of it\n",
            r->model_s, 100.0 * r->residue);
    if (r->shortest_good_s > 0)
        fprintf(out,
                "shortest good   %.6f s: one full iteration of the dominant sequence "
                "(Sodhi et al., 4.5)\n",
                r->shortest_good_s);
    else
        fprintf(out, "shortest good   - (no class has a loop)\n");
    for (uint32_t c = 0; c < r->nclasses; c++) {
        const struct skel_codegen_class_report *cr = &r->classes[c];
        fprintf(out, "class %-3u       %llu operations, model %.6f s, residue %.1f%%", c,
                (unsigned long long)cr->ops, cr->model_s, 100.0 * cr->residue);
        if (cr->dominant_total > 0)
            fprintf(out,
                    "; dominant loop %.0f%% of the run, %llu iterations of %.3g ms, %llu kept "
                    "whole",
                    100.0 * cr->dominant_share, (unsigned long long)cr->dominant_total,
                    cr->dominant_iter_s * 1e3, (unsigned long long)cr->dominant_full);
        fprintf(out, "\n");
    }
    fprintf(out, "checked         %llu operations, %llu messages, %llu collectives: no deadlock\n",
            (unsigned long long)r->checked_ops, (unsigned long long)r->messages,
            (unsigned long long)r->collectives);
}
