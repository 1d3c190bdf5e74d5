/* codegen.c - plan, check, fill the templates, write the skeleton (codegen.h).
 * The plan becomes template values in emit.c; all C text of the skeleton
 * lives in templates/. */
#include "codegen.h"

#include "afile.h"
#include "emit.h"
#include "error.h"
#include "plan.h"
#include "sim.h"
#include "template.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const template_names[3] = {"skeleton.c.tmpl", "Makefile.tmpl",
                                              "skeleton.meta.tmpl"};
static const char *const output_names[3] = {"skeleton.c", "Makefile", "skeleton.meta"};

void skel_codegen_defaults(struct skel_codegen_opts *o)
{
    memset(o, 0, sizeof *o);
    o->k = 10;
    o->mode = SKEL_CODEGEN_AUTO;
    o->seed = 1;
    o->eager_bytes = SKEL_SIM_DEFAULT_EAGER;
    o->templates = "templates";
    o->version = "0";
}

double skel_codegen_app_seconds(const skel_signature *s)
{
    return skel_plan_app_ns(s) / 1e9;
}

int skel_codegen_k_for_seconds(const skel_signature *s, double seconds, double *k)
{
    if (!(seconds > 0) || seconds > 1e9)
        return skel_fail(SKEL_ERANGE, "target time %g s is out of range", seconds);
    double app = skel_codegen_app_seconds(s);
    if (!(app > 0))
        return skel_fail(SKEL_ERANGE, "the signature records no run time to scale from");
    double x = app / seconds;
    *k = x < 1 ? 1 : x > 1e9 ? 1e9 : x;
    return SKEL_OK;
}

void skel_codegen_report_free(struct skel_codegen_report *rep)
{
    if (rep == NULL)
        return;
    free(rep->classes);
    rep->classes = NULL;
    rep->nclasses = 0;
}

/* ------------------------------------------------------------------------ */
/* Files */

static int mkdirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return skel_fail(SKEL_EUSAGE, "bad output directory '%s'", path);
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        char c = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return skel_fail(SKEL_EIO, "cannot create directory %s: %s", buf, strerror(errno));
        buf[i] = c;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return skel_fail(SKEL_EIO, "%s is not a directory", path);
    return SKEL_OK;
}

/* Write the three files together: none replaces its old version before all
 * are written whole (a full disk leaves the directory as it was). */
static int write_outputs(const char *dir, char *const text[3], const size_t len[3])
{
    skel_afile *af[3] = {NULL, NULL, NULL};
    int rc = SKEL_OK;
    for (int i = 0; i < 3 && rc == SKEL_OK; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, output_names[i]);
        if ((rc = skel_afile_open(path, &af[i])) == SKEL_OK)
            fwrite(text[i], 1, len[i], skel_afile_stream(af[i]));
    }
    if (rc == SKEL_OK)
        return skel_afile_commit_all(af, 3);
    for (int i = 0; i < 3; i++)
        skel_afile_abort(af[i]);
    return rc;
}

/* ------------------------------------------------------------------------ */

/* The share of a plan's modelled time (over all ranks) in operations
 * scaled down rather than left out. */
static double plan_residue(const skel_plan *p)
{
    double res = 0, tot = 0;
    for (uint32_t c = 0; c < p->sig->nclasses; c++) {
        res += p->classes[c].residue_ns * p->sig->classes[c].nranks;
        tot += p->classes[c].model_ns * p->sig->classes[c].nranks;
    }
    return tot > 0 ? res / tot : 0;
}

static void fill_report(const skel_plan *p, struct skel_codegen_report *rep)
{
    const skel_signature *s = p->sig;
    rep->k_asked = p->k;
    rep->k = p->k;
    /* Whole epochs cannot make exactly 1/K of the application: the skeleton
     * declares the share its epochs make, so that its expected time, and the
     * dedicated ratio measured against it, are those of what it runs (the
     * check refused epochs further than SKEL_PLAN_EPOCH_TOL from 1/K). */
    if (p->mode == SKEL_PLAN_EPOCHS && p->epoch_ratio > 0)
        rep->k = fmax(1.0, p->k / p->epoch_ratio);
    rep->mode = p->mode;
    rep->app_s = p->app_ns / 1e9;
    rep->expected_s = rep->app_s / rep->k;
    rep->ops = p->nops;
    rep->seqs = p->nseqs;
    double model = 0, res = 0, tot = 0;
    rep->shortest_good_s = 0;
    rep->too_short = 0;
    free(rep->classes);
    rep->classes = calloc(s->nclasses, sizeof *rep->classes);
    rep->nclasses = rep->classes != NULL ? s->nclasses : 0;
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_plan_class *pc = &p->classes[c];
        if (pc->model_ns / 1e9 > model)
            model = pc->model_ns / 1e9;
        res += pc->residue_ns * s->classes[c].nranks;
        tot += pc->model_ns * s->classes[c].nranks;
        if (pc->dominant_total > 0) {
            double g = p->app_ns / 1e9 / (double)pc->dominant_total;
            if (g > rep->shortest_good_s)
                rep->shortest_good_s = g;
            if (p->mode != SKEL_PLAN_MESSAGES && p->mode != SKEL_PLAN_THIN &&
                pc->dominant_full == 0)
                rep->too_short = 1;
        }
        if (rep->classes != NULL) {
            struct skel_codegen_class_report *cr = &rep->classes[c];
            cr->app_s = pc->app_ns / 1e9;
            cr->model_s = pc->model_ns / 1e9;
            cr->residue = pc->model_ns > 0 ? pc->residue_ns / pc->model_ns : 0;
            cr->ops = pc->ops;
            cr->dominant_total = pc->dominant_total;
            cr->dominant_full = pc->dominant_full;
            cr->dominant_share = s->classes[c].dominant_share;
            cr->dominant_iter_s = s->classes[c].dominant_iter_ns / 1e9;
        }
    }
    rep->model_s = model;
    rep->residue = tot > 0 ? res / tot : 0;
}

int skel_codegen_fallback_rank(int mode, double residue)
{
    if (mode == SKEL_PLAN_EPOCHS)
        return 2;
    return residue < SKEL_CODEGEN_NO_LOOP_RESIDUE ? 1 : 0;
}

int skel_codegen_generate(const skel_signature *s, const struct skel_codegen_opts *o,
                          const char *outdir, struct skel_codegen_report *rep)
{
    struct skel_codegen_report local;
    memset(&local, 0, sizeof local);
    if (rep == NULL)
        rep = &local;
    else
        memset(rep, 0, sizeof *rep);
    skel_plan *p = NULL;
    skel_tpl *tpl[3] = {NULL, NULL, NULL};
    char *text[3] = {NULL, NULL, NULL};
    size_t tlen[3] = {0, 0, 0};
    skel_tpl_dict *root = NULL;
    int rc = SKEL_OK;

    /* Templates first: a broken template is reported before any work. */
    for (int i = 0; i < 3; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", o->templates, template_names[i]);
        if ((rc = skel_tpl_load(path, &tpl[i])) != SKEL_OK)
            goto out;
    }

    /* Plan and check. */
    struct skel_sim_opts so = {.eager_bytes = o->eager_bytes,
                               .max_ops = o->max_check_ops,
                               .max_bytes = o->max_check_bytes};
    struct skel_sim_stats st = {0};
    /* Automatic: the seed's scaling first; then one epoch in K, taken if
     * its epochs model 1/K within SKEL_CODEGEN_EPOCH_PREFER; then keeping
     * the short loops whole; then also the loops around long ones (only the
     * innermost long loops divided); then every loop whole with one
     * message in K made on every channel (thin); then every message - the
     * first schedule that passes.  Operations scaled down but not left out
     * (the residue) keep their latency, which a competitor for the
     * processor stretches: such skeletons run long, and slow down more than
     * their application under sharing (bench/accuracy-mechanisms.md,
     * section 5).  So a mixed or inner schedule mostly of residue
     * (SKEL_CODEGEN_MAX_RESIDUE) is taken only when neither thin nor
     * anything but messages passes, and epochs that passed the check
     * further from 1/K are taken before it and before thin.  A loops
     * schedule that divides no loop (SKEL_CODEGEN_NO_LOOP_RESIDUE: where
     * nothing repeats) is mode messages under another name: it is taken
     * only where messages would be.  One that divides a loop but is mostly
     * residue is still taken first (idup of the corpus at K = 10, residue
     * 0.52: 0.86 of 1/K; its thin schedule, every loop whole, 0.75). */
    static const int automatic[] = {SKEL_PLAN_LOOPS, SKEL_PLAN_EPOCHS, SKEL_PLAN_MIXED,
                                    SKEL_PLAN_INNER, SKEL_PLAN_THIN,   SKEL_PLAN_MESSAGES};
    int nmodes = o->mode == SKEL_CODEGEN_AUTO ? 6 : 1, kept = -1, kept_rank = -1;
    for (int m = 0; m < nmodes; m++) {
        int mode = o->mode == SKEL_CODEGEN_AUTO ? automatic[m] : o->mode, last = m + 1 == nmodes;
        /* Epochs further from 1/K still leave out whole rounds alike on
         * every rank: taken before thinned messages. */
        if (mode == SKEL_PLAN_THIN && kept == SKEL_PLAN_EPOCHS)
            continue;
        if (mode == SKEL_PLAN_MESSAGES && kept >= 0)
            mode = kept; /* epochs further from 1/K, or a residue-heavy schedule */
        skel_plan_free(p);
        p = NULL;
        if ((rc = skel_plan_build(s, o->k, mode, &p)) != SKEL_OK)
            goto out;
        rc = skel_sim_run(p, &so, &st);
        if (rc == SKEL_EDEADLOCK && mode == SKEL_PLAN_THIN && p->matched) {
            /* Counted per peer, a receive took the tags of one peer in
             * another order than they were sent: count per matching class
             * too.  Per peer first, as small classes keep more than 1/K of
             * their messages (each channel keeps its first). */
            p->thin_tags = 1;
            rc = skel_sim_run(p, &so, &st);
        }
        if (rc == SKEL_OK && !last) {
            int later = 0;
            if (mode == SKEL_PLAN_EPOCHS && fabs(p->epoch_ratio - 1.0) > SKEL_CODEGEN_EPOCH_PREFER)
                later = 1;
            if ((mode == SKEL_PLAN_MIXED || mode == SKEL_PLAN_INNER) &&
                plan_residue(p) > SKEL_CODEGEN_MAX_RESIDUE)
                later = 1;
            if (mode == SKEL_PLAN_LOOPS && plan_residue(p) >= SKEL_CODEGEN_NO_LOOP_RESIDUE)
                later = 1;
            if (later) {
                int rank = skel_codegen_fallback_rank(mode, plan_residue(p));
                if (kept < 0 || rank > kept_rank) {
                    kept = mode;
                    kept_rank = rank;
                }
                continue;
            }
        }
        if (rc == SKEL_OK)
            break;
        /* Epochs may also fail for their size (--check-limit): the next mode. */
        if (!last && (kept >= 0 || mode == SKEL_PLAN_EPOCHS || mode == SKEL_PLAN_THIN))
            continue;
        if (rc != SKEL_EDEADLOCK || last)
            break;
        if (!rep->fell_back)
            snprintf(rep->fallback_reason, sizeof rep->fallback_reason, "%s", skel_last_error());
        rep->fell_back = 1;
    }
    fill_report(p, rep);
    rep->checked_ops = st.ops;
    rep->messages = st.messages;
    rep->collectives = st.collectives;
    if (rc != SKEL_OK) {
        if (rep->fell_back && strcmp(skel_last_error(), rep->fallback_reason) == 0)
            skel_fail_context(rc, "in every mode, with every message kept too");
        else if (rep->fell_back)
            skel_fail_context(rc,
                              "with every message kept (after the loop-scaled schedules failed "
                              "too, the first with: %.400s)",
                              rep->fallback_reason);
        goto out;
    }

    if (outdir == NULL)
        goto out; /* the plan and its check only */

    /* Fill and render. */
    if ((root = skel_tpl_dict_new()) == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    if ((rc = skel_emit(p, o, rep, root)) != SKEL_OK)
        goto out;
    for (int i = 0; i < 3; i++)
        if ((rc = skel_tpl_render(tpl[i], root, &text[i], &tlen[i])) != SKEL_OK)
            goto out;

    /* Write: all three to temporary names, then rename. */
    if ((rc = mkdirs(outdir)) == SKEL_OK)
        rc = write_outputs(outdir, text, tlen);
out:
    for (int i = 0; i < 3; i++) {
        free(text[i]);
        skel_tpl_free(tpl[i]);
    }
    skel_tpl_dict_free(root);
    skel_plan_free(p);
    if (rep == &local)
        skel_codegen_report_free(&local);
    return rc;
}
