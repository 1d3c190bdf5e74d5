/* generate.c - trace + compress + gen + build (generate.h). */
#include "generate.h"

#include "calls.h"
#include "compress.h"
#include "error.h"
#include "plan.h"
#include "sigfile.h"
#include "trace.h"
#include "traceinput.h"
#include "tracing.h"
#include "tree.h"
#include "usecase.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void skel_generate_result_free(struct skel_generate_result *res)
{
    free(res->uneven);
    res->uneven = NULL;
    free(res->runs_app_s);
    res->runs_app_s = NULL;
    res->nruns = 0;
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

static int compress_for(const struct skel_generate_opts *o, const skel_trace *t, double k, int pin,
                        skel_signature **sig, skel_compress_stats *cs)
{
    skel_compress_opts co;
    skel_compress_defaults(&co);
    co.scale = k;
    co.pin_sources = pin;
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

/* sig, compressed (cs) for K = k, is the skeleton's: its figures into res,
 * the file res->sigpath written. */
static int record_signature(const skel_compress_stats *cs, double k, const char *partial,
                            skel_signature *sig, struct skel_generate_result *res)
{
    res->k = k;
    res->nranks = sig->nranks;
    res->nclasses = sig->nclasses;
    res->events = cs->trace_length;
    res->threshold = cs->threshold;
    res->ratio = cs->ratio;
    res->app_s = skel_codegen_app_seconds(sig);
    /* The signature says it, and gen refuses or warns. */
    if (partial != NULL && (sig->partial = strdup(partial)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    return skel_sigfile_write(res->sigpath, sig);
}

/* The signature the skeleton is made from, and its K (pin: wildcard
 * receives pinned to their sources, skel_compress_opts.pin_sources). */
static int make_signature(const struct skel_generate_opts *o, const skel_trace *t, int pin,
                          const char *partial, skel_signature **sig,
                          struct skel_generate_result *res)
{
    skel_compress_stats cs;
    double k = o->k;
    int rc;
    if (o->target_s <= 0) {
        rc = compress_for(o, t, k, pin, sig, &cs);
    } else if ((rc = compress_for(o, t, 1, pin, sig, &cs)) == SKEL_OK &&
               (rc = k_for_target(*sig, o->target_s, &k, &res->k_clamped)) == SKEL_OK) {
        if (cs.loop_ratio >= k / 2) {
            (*sig)->scale = k; /* what compressing for K would have written */
        } else {
            skel_signature_free(*sig);
            *sig = NULL;
            if ((rc = compress_for(o, t, k, pin, sig, &cs)) == SKEL_OK)
                rc = k_for_target(*sig, o->target_s, &k, &res->k_clamped);
        }
    }
    if (rc != SKEL_OK)
        return rc;
    return record_signature(&cs, k, partial, *sig, res);
}

/* A receive or probe of the signature from MPI_ANY_SOURCE that pinning
 * would give its source (skel_symbols_pinned_peer()'s calls). */
static int has_blocking_wildcard(const skel_signature *sig)
{
    for (uint32_t i = 0; i < sig->nsymbols; i++) {
        const skel_sig_symbol *y = &sig->symbols[i];
        const struct skel_call_info *ci = skel_call_info(y->call);
        int klass = ci != NULL ? ci->klass : SKEL_CLASS_NONE;
        const skel_sig_peer *src = klass == SKEL_CLASS_SENDRECV ? &y->peer2 : &y->peer;
        int found = ((y->side[0].flags | y->side[1].flags) & SKEL_EVF_FLAG) != 0;
        if (src->kind == SKEL_SIG_PEER_ANY &&
            (klass == SKEL_CLASS_RECV || klass == SKEL_CLASS_PROBE || klass == SKEL_CLASS_MPROBE ||
             klass == SKEL_CLASS_SENDRECV ||
             ((klass == SKEL_CLASS_IPROBE || klass == SKEL_CLASS_IMPROBE) && found)))
            return 1;
    }
    return 0;
}

/* Whether a skeleton keeps every message, shrunk: a plan that divides no
 * loop (SKEL_CODEGEN_NO_LOOP_RESIDUE).  Thin and epochs leave messages out
 * (thin's residue is 100 % too, its messages are not). */
static int keeps_every_message(const struct skel_codegen_report *r)
{
    return r->mode != SKEL_PLAN_THIN && r->mode != SKEL_PLAN_EPOCHS &&
           r->residue >= SKEL_CODEGEN_NO_LOOP_RESIDUE;
}

/* Whether mode auto leaves messages out of sig at co's K (planned and
 * checked, nothing written). */
static int leaves_messages_out(const skel_signature *sig, const struct skel_codegen_opts *co)
{
    struct skel_codegen_report r;
    int ok = skel_codegen_generate(sig, co, NULL, &r) == SKEL_OK && !keeps_every_message(&r);
    skel_codegen_report_free(&r);
    return ok;
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

/* With receives from MPI_ANY_SOURCE, mode auto may find nothing better than
 * every message shrunk (no loop divides, thin and epochs refused because a
 * wildcard receive could take another channel's message), where the
 * receives pinned to the sources they got in the trace allow thinned
 * messages or whole rounds (blacs of the corpus at K = 10: 0.885 of 1/K
 * with every message, 0.974 in mode thin, bench/accuracy-mechanisms.md,
 * section 7).  *pinned: whether the pinned signature, compressed from t at
 * K, does; it replaces *sig then (and the signature file). */
static int pin_if_it_thins(const struct skel_generate_opts *o, skel_trace *t, const char *partial,
                           skel_signature **sig, struct skel_generate_result *res, int *pinned)
{
    struct skel_codegen_opts co = o->gen.codegen;
    co.k = res->k;
    skel_signature *ps = NULL;
    skel_compress_stats pcs;
    *pinned = 0;
    step(o, "compressing again, wildcard receives pinned to their sources");
    int rc = compress_for(o, t, res->k, 1, &ps, &pcs);
    if (rc != SKEL_OK || !leaves_messages_out(ps, &co)) {
        skel_signature_free(ps);
        return rc;
    }
    skel_signature_free(*sig);
    *sig = ps;
    *pinned = 1;
    return record_signature(&pcs, res->k, partial, ps, res);
}

/* The application's time in the trace in dir, as the signature defines it
 * (compressed at threshold 0, which always holds Q >= 1/2). */
static int app_seconds_of(const struct skel_generate_opts *o, const char *dir, double *app_s)
{
    skel_trace *t = NULL;
    skel_signature *sig = NULL;
    skel_compress_stats cs;
    int rc = skel_trace_open(dir, &t);
    if (rc == SKEL_OK && (rc = compress_for(o, t, 1, 0, &sig, &cs)) == SKEL_OK)
        *app_s = skel_codegen_app_seconds(sig);
    skel_signature_free(sig);
    skel_trace_close(t);
    return rc;
}

/* o->runs traced runs (generate.h): run 1 into res->trace_dir, run i into
 * res->trace_dir.run-i; the run whose application time is the median is
 * moved to res->trace_dir, the others removed (also on failure). */
static int trace_runs(const struct skel_generate_opts *o, struct skel_generate_result *res)
{
    unsigned n = o->runs;
    char(*dirs)[sizeof res->trace_dir] = calloc(n, sizeof *dirs);
    struct skel_tracerun_result *runs = calloc(n, sizeof *runs);
    res->runs_app_s = calloc(n, sizeof *res->runs_app_s);
    if (dirs == NULL || runs == NULL || res->runs_app_s == NULL) {
        free(dirs);
        free(runs);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    char base[sizeof res->trace_dir];
    snprintf(base, sizeof base, "%s", res->trace_dir);
    int rc = SKEL_OK;
    unsigned made = 0;
    for (unsigned i = 0; i < n && rc == SKEL_OK; i++) {
        int w = i == 0 ? snprintf(dirs[i], sizeof dirs[i], "%s", base)
                       : snprintf(dirs[i], sizeof dirs[i], "%s.run-%u", base, i + 1);
        if (w >= (int)sizeof dirs[i]) {
            rc = skel_fail(SKEL_EUSAGE, "%s: path too long", skel_usecase_printable(base));
            break;
        }
        snprintf(res->trace_dir, sizeof res->trace_dir, "%s", dirs[i]);
        if (o->step != NULL)
            o->step(o->arg, "tracing");
        rc = trace_app(o, res);
        made = i + 1;
        runs[i] = res->run;
        if (rc == SKEL_OK)
            rc = app_seconds_of(o, dirs[i], &res->runs_app_s[i]);
        res->nruns = made;
    }
    unsigned keep = 0;
    if (rc == SKEL_OK) {
        /* The median: the run with as many shorter runs as longer ones
         * (the lower of the middle two for an even n). */
        for (unsigned i = 0; i < n; i++) {
            unsigned below = 0, same_before = 0;
            for (unsigned j = 0; j < n; j++) {
                below += res->runs_app_s[j] < res->runs_app_s[i];
                same_before += j < i && res->runs_app_s[j] == res->runs_app_s[i];
            }
            if (below + same_before == (n - 1) / 2) {
                keep = i;
                break;
            }
        }
        res->run = runs[keep];
        res->run_kept = keep + 1;
    }
    snprintf(res->trace_dir, sizeof res->trace_dir, "%s", base);
    /* After a failure the failed run's partial trace stays where it is
     * (the message names it); the other runs are removed. */
    for (unsigned i = 1; i < made; i++) {
        if (rc != SKEL_OK && i == made - 1)
            continue;
        if (rc == SKEL_OK && i == keep) {
            int r = skel_remove_tree(base);
            if (r == SKEL_OK && rename(dirs[i], base) != 0)
                r = skel_fail(SKEL_EIO, "cannot move %s to %s: %s", skel_usecase_printable(dirs[i]),
                              base, strerror(errno));
            if (rc == SKEL_OK)
                rc = r;
            continue;
        }
        int r = skel_remove_tree(dirs[i]);
        if (rc == SKEL_OK)
            rc = r;
    }
    if (rc != SKEL_OK && made > 1)
        snprintf(res->trace_dir, sizeof res->trace_dir, "%s", dirs[made - 1]);
    free(dirs);
    free(runs);
    return rc;
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
        if (o->runs > 1)
            return trace_runs(o, res);
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
    if (o->runs > 1 && o->from_trace != NULL)
        return skel_fail(SKEL_EUSAGE, "several runs are traced only of a command, not of "
                                      "an existing trace");
    int created = mkdir(o->outdir, 0777) == 0;
    if (!created && errno != EEXIST)
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
    if (rc != SKEL_OK) {
        if (created)
            (void)rmdir(o->outdir); /* made for nothing: removed if still empty */
        return rc;
    }
    skel_trace *t = NULL;
    skel_signature *sig = NULL;
    char *partial = NULL;
    step(o, "compressing");
    /* An existing trace is checked as skel compress checks it: a partial
     * one is refused without --allow-partial (a run traced now was checked
     * by trace_app()). */
    if ((rc = skel_trace_open(res->trace_dir, &t)) != SKEL_OK ||
        (res->from_trace && (rc = skel_usecase_trace_check(t, res->trace_dir, o->gen.allow_partial,
                                                           &partial)) != SKEL_OK) ||
        (rc = make_signature(o, t, 0, partial, &sig, res)) != SKEL_OK ||
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
    if (rc == SKEL_OK && o->gen.codegen.mode == SKEL_CODEGEN_AUTO &&
        keeps_every_message(&res->gen.report) && has_blocking_wildcard(sig)) {
        int pinned = 0;
        if ((rc = skel_trace_open(res->trace_dir, &t)) != SKEL_OK ||
            (rc = pin_if_it_thins(o, t, partial, &sig, res, &pinned)) != SKEL_OK)
            goto out;
        skel_trace_close(t);
        t = NULL;
        if (pinned) {
            skel_gen_result_free(&res->gen);
            go.codegen.k = res->k;
            step(o, go.build ? "generating and building" : "generating");
            if ((rc = skel_gen_build(sig, &go, o->outdir, &res->gen)) != SKEL_OK)
                goto out;
            snprintf(res->gen.pinned, sizeof res->gen.pinned,
                     "the skeleton would keep every message, at 1/K of its size (no loop "
                     "divides by K)");
        }
    }
    /* Wildcard receives let the skeleton match differently from the
     * application (its own timing decides which message a receive from
     * MPI_ANY_SOURCE gets, and a reply goes elsewhere); when that could
     * deadlock in every mode, the blocking ones take the sources they got
     * in the trace, and the check runs again. */
    if (rc == SKEL_EDEADLOCK && has_blocking_wildcard(sig)) {
        char why[sizeof res->gen.pinned];
        snprintf(why, sizeof why, "%s", skel_last_error());
        skel_signature_free(sig);
        sig = NULL;
        skel_gen_result_free(&res->gen);
        step(o, "compressing again, wildcard receives pinned to their sources");
        if ((rc = skel_trace_open(res->trace_dir, &t)) != SKEL_OK ||
            (rc = make_signature(o, t, 1, partial, &sig, res)) != SKEL_OK)
            goto out;
        skel_trace_close(t);
        t = NULL;
        go.codegen.k = res->k;
        step(o, go.build ? "generating and building" : "generating");
        if ((rc = skel_gen_build(sig, &go, o->outdir, &res->gen)) == SKEL_OK)
            snprintf(res->gen.pinned, sizeof res->gen.pinned, "%s", why);
        else
            skel_fail_context(rc,
                              "also with the wildcard receives pinned to their sources "
                              "(without: %.300s)",
                              why);
    }
out:
    free(partial);
    skel_signature_free(sig);
    skel_trace_close(t);
    skel_trace_input_close(&in);
    if (rc != SKEL_OK && created)
        (void)rmdir(o->outdir); /* made for nothing: removed if still empty */
    return rc;
}
