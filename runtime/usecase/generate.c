/* generate.c - trace + compress + gen + build (generate.h). */
#include "generate.h"

#include "compress.h"
#include "error.h"
#include "sigfile.h"
#include "trace.h"
#include "traceinput.h"
#include "tracing.h"
#include "tree.h"
#include "usecase.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void skel_generate_result_free(struct skel_generate_result *res)
{
    free(res->uneven);
    res->uneven = NULL;
    res->nuneven = 0;
    skel_gen_result_free(&res->gen);
}

static int trace_app(const struct skel_generate_opts *o, struct skel_generate_result *res)
{
    struct skel_tracerun_opts to = {.outdir = res->trace_dir,
                                    .force = o->force || o->trace_dir == NULL,
                                    .tracer_mpich = o->tracer_mpich,
                                    .tracer_openmpi = o->tracer_openmpi,
                                    .timeout_s = o->timeout_s};
    int rc = skel_tracerun(o->argv, &to, &res->run);
    if (rc != SKEL_EINTERRUPTED && rc != SKEL_ETIMEOUT && rc != SKEL_EEXEC && rc != SKEL_EUSAGE &&
        skel_tracing_check_started(o->argv, &res->run, res->trace_dir) != SKEL_OK)
        return SKEL_EEXEC;
    if (rc != SKEL_OK)
        return rc;
    if (res->run.exit_status != 0) {
        /* Two calls: the buffer of skel_usecase_printable() is reused. */
        char prog[1024];
        snprintf(prog, sizeof prog, "%s", skel_usecase_printable(o->argv[0]));
        return skel_fail(SKEL_EEXEC,
                         "%s exited with status %d: no skeleton is made of a failed run (its "
                         "partial trace is in %s)",
                         prog, res->run.exit_status, skel_usecase_printable(res->trace_dir));
    }
    if (!res->run.complete)
        return skel_fail(SKEL_ETRUNCATED,
                         "%s is a partial trace: %s; no skeleton is made of part of a run (skel "
                         "compress and skel gen take --allow-partial)",
                         skel_usecase_printable(res->trace_dir), res->run.partial);
    return SKEL_OK;
}

static int compress_for(const struct skel_generate_opts *o, const skel_trace *t, double k,
                        skel_signature **sig, skel_compress_stats *cs)
{
    skel_compress_opts co;
    skel_compress_defaults(&co);
    co.scale = k;
    co.progress = o->ranks_done;
    co.progress_arg = o->arg;
    return skel_compress_trace(t, &co, sig, cs);
}

/* K for the target time from the signature's application time (generate.h):
 * at least 1, also when the application took no time at all. */
static int k_for_target(const skel_signature *sig, double target, double *k, int *clamped)
{
    double app = skel_codegen_app_seconds(sig);
    int rc = SKEL_OK;
    if (app > 0)
        rc = skel_codegen_k_for_seconds(sig, target, k);
    else
        *k = 1;
    *clamped = app < target && *k <= 1;
    return rc;
}

/* The signature the skeleton is made from, and its K. */
static int make_signature(const struct skel_generate_opts *o, const skel_trace *t,
                          skel_signature **sig, struct skel_generate_result *res)
{
    skel_compress_stats cs;
    double k = o->k;
    int rc;
    if (o->target_s <= 0) {
        rc = compress_for(o, t, k, sig, &cs);
    } else if ((rc = compress_for(o, t, 1, sig, &cs)) == SKEL_OK &&
               (rc = k_for_target(*sig, o->target_s, &k, &res->k_clamped)) == SKEL_OK) {
        if (cs.ratio >= k / 2) {
            (*sig)->scale = k; /* what compressing for K would have written */
        } else {
            skel_signature_free(*sig);
            *sig = NULL;
            if ((rc = compress_for(o, t, k, sig, &cs)) == SKEL_OK)
                rc = k_for_target(*sig, o->target_s, &k, &res->k_clamped);
        }
    }
    if (rc != SKEL_OK)
        return rc;
    res->k = k;
    res->nranks = (*sig)->nranks;
    res->nclasses = (*sig)->nclasses;
    res->events = cs.trace_length;
    res->threshold = cs.threshold;
    res->ratio = cs.ratio;
    res->app_s = skel_codegen_app_seconds(*sig);
    return skel_sigfile_write(res->sigpath, *sig);
}

/* Ranks folded into one class ran the same code; when some computed much
 * longer than others, the usual cause is the machine rather than the
 * application, and the skeleton will replay that slowness. */
static int find_uneven(const skel_signature *sig, struct skel_generate_result *res)
{
    for (uint32_t c = 0; c < sig->nclasses; c++) {
        const skel_sig_class *k = &sig->classes[c];
        uint32_t lo = UINT32_MAX, hi = UINT32_MAX;
        for (uint32_t i = 0; i < k->nranks; i++) {
            uint32_t r = k->ranks[i];
            if (r >= sig->nranks)
                continue;
            if (lo == UINT32_MAX || sig->ranks[r].compute_ns < sig->ranks[lo].compute_ns)
                lo = r;
            if (hi == UINT32_MAX || sig->ranks[r].compute_ns > sig->ranks[hi].compute_ns)
                hi = r;
        }
        if (lo == UINT32_MAX || lo == hi)
            continue;
        double a = (double)sig->ranks[lo].compute_ns, b = (double)sig->ranks[hi].compute_ns;
        if (!(b > 1.25 * a && b - a > 0.05 * (double)k->time_ns))
            continue;
        struct skel_generate_uneven *v =
            realloc(res->uneven, (res->nuneven + 1) * sizeof *res->uneven);
        if (v == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        res->uneven = v;
        res->uneven[res->nuneven++] =
            (struct skel_generate_uneven){.lo = lo, .hi = hi, .lo_s = a * 1e-9, .hi_s = b * 1e-9};
    }
    return SKEL_OK;
}

static void step(const struct skel_generate_opts *o, const char *what)
{
    if (o->step != NULL)
        o->step(o->arg, what);
}

/* A directory that holds nothing but a Skel trace (meta, rank files, their
 * temporary files) or nothing at all: one an import may replace. */
static int only_a_trace(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    struct dirent *e;
    int ok = 1;
    while (ok && (e = readdir(d)) != NULL)
        ok = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
             strncmp(e->d_name, "meta", 4) == 0 ||
             (strncmp(e->d_name, "rank-", 5) == 0 && strstr(e->d_name, ".skt") != NULL);
    closedir(d);
    return ok;
}

/* The trace the signature is made from: the run traced now, or an existing
 * trace (an OTF2 archive is imported into res->trace_dir). */
static int get_trace(const struct skel_generate_opts *o, struct skel_generate_result *res,
                     struct skel_trace_input *in)
{
    memset(in, 0, sizeof *in);
    if (o->from_trace == NULL) {
        step(o, "tracing");
        return trace_app(o, res);
    }
    res->from_trace = 1;
    char anchor[4096];
    const char *keep = NULL;
    if (skel_otf2_is_archive(o->from_trace, anchor, sizeof anchor)) {
        struct stat sb;
        if (stat(res->trace_dir, &sb) == 0) {
            if (!((o->force || o->trace_dir == NULL) && only_a_trace(res->trace_dir)))
                return skel_fail(SKEL_EUSAGE,
                                 "%s exists: the imported trace goes into a new directory "
                                 "(--trace-dir D, or --force to replace a trace there)",
                                 skel_usecase_printable(res->trace_dir));
            int rc = skel_remove_tree(res->trace_dir);
            if (rc != SKEL_OK)
                return rc;
        }
        keep = res->trace_dir;
        step(o, "importing");
    }
    int rc = skel_trace_input_open(o->from_trace, keep, in);
    if (rc != SKEL_OK)
        return rc;
    skel_trace_input_note(in, res->input_note, sizeof res->input_note);
    if (snprintf(res->trace_dir, sizeof res->trace_dir, "%s", in->dir) >=
        (int)sizeof res->trace_dir)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", o->from_trace);
    return SKEL_OK;
}

int skel_generate(const struct skel_generate_opts *o, struct skel_generate_result *res)
{
    memset(res, 0, sizeof *res);
    if ((o->from_trace == NULL && (o->argv == NULL || o->argv[0] == NULL)) || o->outdir == NULL)
        return skel_fail(SKEL_EUSAGE, "generate needs a command to trace (or a trace) and an "
                                      "output directory");
    if (mkdir(o->outdir, 0777) != 0 && errno != EEXIST)
        return skel_fail(SKEL_EUSAGE, "cannot create %s: %s", skel_usecase_printable(o->outdir),
                         strerror(errno));
    int w1 = o->trace_dir != NULL
                 ? snprintf(res->trace_dir, sizeof res->trace_dir, "%s", o->trace_dir)
                 : snprintf(res->trace_dir, sizeof res->trace_dir, "%s/trace", o->outdir);
    int w2 = snprintf(res->sigpath, sizeof res->sigpath, "%s/app.sig", o->outdir);
    if (w1 >= (int)sizeof res->trace_dir || w2 >= (int)sizeof res->sigpath)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", o->outdir);

    struct skel_trace_input in;
    int rc = get_trace(o, res, &in);
    if (rc != SKEL_OK)
        return rc;
    skel_trace *t = NULL;
    skel_signature *sig = NULL;
    step(o, "compressing");
    if ((rc = skel_trace_open(res->trace_dir, &t)) != SKEL_OK ||
        (rc = make_signature(o, t, &sig, res)) != SKEL_OK ||
        (rc = find_uneven(sig, res)) != SKEL_OK)
        goto out;
    skel_trace_close(t);
    t = NULL;
    if (o->compressed != NULL)
        o->compressed(o->arg, res);

    struct skel_gen_opts go = o->gen;
    go.codegen.k = res->k;
    go.target_s = 0;
    go.build = !o->source_only;
    step(o, go.build ? "generating and building" : "generating");
    rc = skel_gen_build(sig, &go, o->outdir, &res->gen);
out:
    skel_signature_free(sig);
    skel_trace_close(t);
    skel_trace_input_close(&in);
    return rc;
}
