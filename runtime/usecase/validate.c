/* validate.c - predicted against measured run time under sharing scenarios,
 * with the two baselines of Sodhi et al. 5.4 (validate.h). */
#include "validate.h"
#include "scratch.h"

#include "afile.h"
#include "csv.h"
#include "elfdeps.h"
#include "error.h"
#include "nodeset.h"
#include "proc.h"
#include "scenario.h"
#include "select.h"
#include "testbed.h"
#include "usecase.h"
#include "xmldoc.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CSV_MAX      (64u << 20) /* a validation CSV */
#define COMMANDS_MAX (1u << 20)  /* a baseline applications file */

/* ---- command lines ------------------------------------------------------------- */

static int argv_push(char ***v, size_t *n, size_t *cap, char *s)
{
    if (*n + 2 > *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        char **nv = realloc(*v, nc * sizeof *nv);
        if (nv == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        *v = nv;
        *cap = nc;
    }
    (*v)[(*n)++] = s;
    (*v)[*n] = NULL;
    return SKEL_OK;
}

void skel_validate_argv_free(char **v)
{
    for (size_t i = 0; v != NULL && v[i]; i++)
        free(v[i]);
    free(v);
}

int skel_validate_split(const char *line, char ***out)
{
    char **v = NULL, *w = NULL;
    size_t n = 0, cap = 0, len = strlen(line);
    int rc = SKEL_OK;
    *out = NULL;
    if ((w = malloc(len + 1)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (*p == '\0')
            break;
        size_t wl = 0;
        while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
            if (*p == '\'') {
                const char *q = strchr(p + 1, '\'');
                if (q == NULL) {
                    rc = skel_fail(SKEL_EUSAGE, "unterminated ' in command line '%s'", line);
                    goto out;
                }
                memcpy(w + wl, p + 1, (size_t)(q - p - 1));
                wl += (size_t)(q - p - 1);
                p = q + 1;
            } else if (*p == '"') {
                p++;
                while (*p != '"') {
                    if (*p == '\0') {
                        rc = skel_fail(SKEL_EUSAGE, "unterminated \" in command line '%s'", line);
                        goto out;
                    }
                    if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
                        p++;
                    w[wl++] = *p++;
                }
                p++;
            } else if (*p == '\\') {
                if (p[1] == '\0') {
                    rc = skel_fail(SKEL_EUSAGE, "command line '%s' ends with a backslash", line);
                    goto out;
                }
                w[wl++] = p[1];
                p += 2;
            } else
                w[wl++] = *p++;
        }
        char *word = malloc(wl + 1);
        if (word == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto out;
        }
        memcpy(word, w, wl);
        word[wl] = '\0';
        if ((rc = argv_push(&v, &n, &cap, word)) != SKEL_OK) {
            free(word);
            goto out;
        }
    }
    if (n == 0) {
        rc = skel_fail(SKEL_EUSAGE, "empty command line");
        goto out;
    }
    *out = v;
    v = NULL;
out:
    free(w);
    skel_validate_argv_free(v);
    return rc;
}

void skel_validate_commands_free(char ***cmds, size_t n)
{
    for (size_t i = 0; cmds != NULL && i < n; i++)
        skel_validate_argv_free(cmds[i]);
    free(cmds);
}

int skel_validate_load_commands(const char *path, char ****cmds, size_t *n)
{
    char *buf = NULL, ***v = NULL;
    size_t len = 0, nv = 0;
    unsigned lineno = 0;
    *cmds = NULL;
    *n = 0;
    int rc = skel_read_file(path, COMMANDS_MAX, &buf, &len);
    if (rc != SKEL_OK)
        return rc;
    if (memchr(buf, '\0', len) != NULL) {
        rc = skel_fail(SKEL_EFORMAT, "%s: contains a NUL byte: not a list of commands", path);
        goto out;
    }
    for (char *line = buf, *next; line != NULL && *line != '\0'; line = next) {
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        lineno++;
        const char *s = line;
        while (*s == ' ' || *s == '\t' || *s == '\r')
            s++;
        if (*s == '\0' || *s == '#')
            continue;
        char **a = NULL;
        if ((rc = skel_validate_split(s, &a)) != SKEL_OK) {
            rc = skel_fail_context(SKEL_EFORMAT, "%s:%u", path, lineno);
            goto out;
        }
        char ***nvv = realloc(v, (nv + 1) * sizeof *nvv);
        if (nvv == NULL) {
            skel_validate_argv_free(a);
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto out;
        }
        v = nvv;
        v[nv++] = a;
    }
    if (nv == 0) {
        rc = skel_fail(SKEL_EFORMAT, "%s: no command (one command line per line expected)", path);
        goto out;
    }
    *cmds = v;
    *n = nv;
    v = NULL;
out:
    skel_validate_commands_free(v, nv);
    free(buf);
    return rc;
}

/* Words joined by blanks, quoted where a word needs it (for labels, CSV, logs). */
static char *join_argv(char *const *argv)
{
    size_t cap = 1;
    for (size_t i = 0; argv[i]; i++)
        cap += 2 * strlen(argv[i]) + 3;
    char *s = malloc(cap), *p = s;
    if (s == NULL)
        return NULL;
    for (size_t i = 0; argv[i]; i++) {
        const char *a = argv[i];
        int quote = *a == '\0' || strpbrk(a, " \t\n\r'\"\\") != NULL;
        if (i)
            *p++ = ' ';
        if (quote)
            *p++ = '"';
        for (; *a; a++) {
            if (quote && (*a == '"' || *a == '\\'))
                *p++ = '\\';
            *p++ = *a;
        }
        if (quote)
            *p++ = '"';
    }
    *p = '\0';
    return s;
}

/* ---- intervals ------------------------------------------------------------------- */

/* splitmix64: a small generator with a fixed seed, so that the same rounds
 * always give the same interval (and tests can compare them). */
static uint64_t mix_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static size_t draw(uint64_t *x, size_t n)
{
    return (size_t)(mix_next(x) % n);
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Quantile q of sorted v (linear between order statistics). */
static double quantile(const double *v, size_t n, double q)
{
    double h = q * (double)(n - 1);
    size_t i = (size_t)h;
    return i + 1 < n ? v[i] + (h - (double)i) * (v[i + 1] - v[i]) : v[n - 1];
}

/* Median of the values v[idx[0..n)] (scratch: n doubles). */
static double median_at(const double *v, const size_t *idx, size_t n, double *scratch)
{
    for (size_t i = 0; i < n; i++)
        scratch[i] = v[idx[i]];
    qsort(scratch, n, sizeof *scratch, cmp_dbl);
    return n % 2 ? scratch[n / 2] : (scratch[n / 2 - 1] + scratch[n / 2]) / 2;
}

/* The statistic of one resample: rounds I of the scenario group, J of the
 * reference group. */
enum boot_stat { B_MEDIAN, B_RATIO, B_ERROR };

struct boot {
    enum boot_stat stat;
    const double *ref_app, *ref_sk, *app, *sk;
    size_t nref, n;
};

static double boot_value(const struct boot *b, const size_t *I, const size_t *J, double *scratch)
{
    switch (b->stat) {
    case B_MEDIAN:
        return median_at(b->app, I, b->n, scratch);
    case B_RATIO: {
        double s = median_at(b->sk, I, b->n, scratch);
        return s > 0 ? median_at(b->app, I, b->n, scratch) / s : NAN;
    }
    default: {
        double rs = median_at(b->ref_sk, J, b->nref, scratch);
        double a = median_at(b->app, I, b->n, scratch);
        if (!(rs > 0) || !(a > 0))
            return NAN;
        return median_at(b->sk, I, b->n, scratch) * median_at(b->ref_app, J, b->nref, scratch) /
                   rs / a -
               1;
    }
    }
}

static int bootstrap(const struct boot *b, double *lo, double *hi)
{
    *lo = *hi = 0;
    if (b->n < SKEL_VALIDATE_MIN_CI_ROUNDS ||
        (b->stat == B_ERROR && b->nref < SKEL_VALIDATE_MIN_CI_ROUNDS) ||
        b->n > SKEL_VALIDATE_MAX_ROUNDS || b->nref > SKEL_VALIDATE_MAX_ROUNDS)
        return 0;
    size_t I[SKEL_VALIDATE_MAX_ROUNDS], J[SKEL_VALIDATE_MAX_ROUNDS];
    double scratch[SKEL_VALIDATE_MAX_ROUNDS];
    double *est = malloc(SKEL_VALIDATE_BOOTSTRAP * sizeof *est);
    if (est == NULL)
        return 0;
    uint64_t x = 0x5eed5ce1e7011ULL;
    size_t m = 0;
    for (int r = 0; r < SKEL_VALIDATE_BOOTSTRAP; r++) {
        for (size_t i = 0; i < b->n; i++)
            I[i] = draw(&x, b->n);
        for (size_t j = 0; j < b->nref; j++)
            J[j] = draw(&x, b->nref);
        double v = boot_value(b, I, J, scratch);
        if (isfinite(v))
            est[m++] = v;
    }
    int ok = m >= SKEL_VALIDATE_BOOTSTRAP / 2;
    if (ok) {
        qsort(est, m, sizeof *est, cmp_dbl);
        *lo = quantile(est, m, 0.025);
        *hi = quantile(est, m, 0.975);
    }
    free(est);
    return ok;
}

int skel_validate_median_interval(const double *v, size_t n, double *lo, double *hi)
{
    struct boot b = {.stat = B_MEDIAN, .app = v, .n = n};
    return bootstrap(&b, lo, hi);
}

int skel_validate_ratio_interval(const double *app, const double *sk, size_t n, double *lo,
                                 double *hi)
{
    struct boot b = {.stat = B_RATIO, .app = app, .sk = sk, .n = n};
    return bootstrap(&b, lo, hi);
}

int skel_validate_error_interval(const double *ref_app, const double *ref_sk, size_t nref,
                                 const double *app, const double *sk, size_t n, double *lo,
                                 double *hi)
{
    struct boot b = {.stat = B_ERROR,
                     .ref_app = ref_app,
                     .ref_sk = ref_sk,
                     .nref = nref,
                     .app = app,
                     .sk = sk,
                     .n = n};
    return bootstrap(&b, lo, hi);
}

const char *skel_validate_verdict(double lo, double hi, double tol)
{
    if (lo >= -tol && hi <= tol)
        return "hit";
    if (lo > tol || hi < -tol)
        return "miss";
    if (lo <= 0 && hi >= 0)
        return "noise";
    return "unsure";
}

/* ---- the table ------------------------------------------------------------------- */

void skel_validate_series_free(struct skel_validate_series *s)
{
    if (s == NULL)
        return;
    free(s->label);
    free(s->reference);
    for (size_t i = 0; s->scenario != NULL && i < s->n; i++)
        free(s->scenario[i]);
    free(s->scenario);
    free(s->time_s);
    memset(s, 0, sizeof *s);
}

void skel_validate_table_free(struct skel_validate_table *t)
{
    if (t == NULL)
        return;
    free(t->app);
    free(t->small);
    free(t->nodes);
    for (size_t k = 0; k < t->nskel; k++)
        free(t->skel[k].dir);
    for (size_t i = 0; t->rows != NULL && i < t->nrows; i++)
        free(t->rows[i].scenario);
    free(t->rows);
    for (size_t j = 0; t->series != NULL && j < t->nseries; j++)
        skel_validate_series_free(&t->series[j]);
    free(t->series);
    memset(t, 0, sizeof *t);
}

int skel_validate_add_series(struct skel_validate_table *t, struct skel_validate_series *s)
{
    struct skel_validate_series *nv = realloc(t->series, (t->nseries + 1) * sizeof *nv);
    if (nv == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    t->series = nv;
    t->series[t->nseries++] = *s;
    memset(s, 0, sizeof *s);
    return SKEL_OK;
}

/* Time of series s under scenario name, 0 if it has none. */
static double series_time(const struct skel_validate_series *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->scenario[i] != NULL && strcmp(s->scenario[i], name) == 0)
            return s->time_s[i];
    return 0;
}

static void predict(struct skel_validate_pred *p, double predicted,
                    const struct skel_validate_row *r)
{
    memset(p, 0, sizeof *p);
    if (!(predicted > 0) || !isfinite(predicted))
        return;
    p->ok = 1;
    p->predicted_s = predicted;
    if (r->app.ok && r->app.time_s > 0) {
        p->error = (predicted - r->app.time_s) / r->app.time_s;
        /* The reference row is exact by construction; keep its rounding noise
         * from printing as -0.0 %. */
        if (fabs(p->error) < 1e-12)
            p->error = 0;
    }
}

/* Where method's error summary is kept in the table (validate.h). */
static int summary_slot(int method)
{
    return method >= 0 ? method : SKEL_VALIDATE_MAX_SKELETONS - 1 - method;
}

/* Whether two quantities have the same rounds, so that they can be paired. */
static int paired(const struct skel_validate_measure *a, const struct skel_validate_measure *b)
{
    return a->ok && b->ok && a->nsamples > 0 && a->nsamples == b->nsamples;
}

/* The error interval of a prediction from quantity q against the application
 * (the reference row: none, its error is 0 by construction). */
static void pred_interval(struct skel_validate_pred *p, const struct skel_validate_row *ref,
                          const struct skel_validate_measure *qref,
                          const struct skel_validate_row *r, const struct skel_validate_measure *q)
{
    p->ci = 0;
    p->lo = p->hi = 0;
    if (!p->ok || r->reference || ref == NULL || !paired(&ref->app, qref) || !paired(&r->app, q))
        return;
    p->ci = skel_validate_error_interval(ref->app.samples_s, qref->samples_s, ref->app.nsamples,
                                         r->app.samples_s, q->samples_s, r->app.nsamples, &p->lo,
                                         &p->hi);
}

/* Every interval: each measurement's median, the ratios, the errors. */
static void intervals(struct skel_validate_table *t, const struct skel_validate_row *ref)
{
    for (size_t k = 0; k < t->nskel; k++) {
        struct skel_validate_skeleton_info *s = &t->skel[k];
        s->ratio_lo = s->ratio_hi = 0;
        if (ref != NULL && s->ratio > 0 && paired(&ref->app, &ref->skel[k]))
            skel_validate_ratio_interval(ref->app.samples_s, ref->skel[k].samples_s,
                                         ref->app.nsamples, &s->ratio_lo, &s->ratio_hi);
    }
    for (size_t i = 0; i < t->nrows; i++) {
        struct skel_validate_row *r = &t->rows[i];
        struct skel_validate_measure *ms[2 + SKEL_VALIDATE_MAX_SKELETONS] = {&r->app, &r->small};
        for (size_t k = 0; k < t->nskel; k++)
            ms[2 + k] = &r->skel[k];
        for (size_t j = 0; j < 2 + t->nskel; j++)
            if (ms[j]->ok && ms[j]->nsamples > 0)
                skel_validate_median_interval(ms[j]->samples_s, ms[j]->nsamples, &ms[j]->lo_s,
                                              &ms[j]->hi_s);
        for (size_t k = 0; k < t->nskel; k++)
            pred_interval(&r->skel_pred[k], ref, ref ? &ref->skel[k] : NULL, r, &r->skel[k]);
        pred_interval(&r->small_pred, ref, ref ? &ref->small : NULL, r, &r->small);
    }
}

void skel_validate_compute(struct skel_validate_table *t)
{
    const struct skel_validate_row *ref = NULL;
    for (size_t i = 0; i < t->nrows && ref == NULL; i++)
        if (t->rows[i].reference)
            ref = &t->rows[i];
    int have_app = ref != NULL && ref->app.ok && ref->app.time_s > 0;
    for (size_t k = 0; k < t->nskel; k++)
        t->skel[k].ratio = have_app && ref->skel[k].ok && ref->skel[k].time_s > 0
                               ? ref->app.time_s / ref->skel[k].time_s
                               : 0;
    t->small_ratio = have_app && ref->small.ok && ref->small.time_s > 0
                         ? ref->app.time_s / ref->small.time_s
                         : 0;
    for (size_t i = 0; i < t->nrows; i++) {
        struct skel_validate_row *r = &t->rows[i];
        for (size_t k = 0; k < t->nskel; k++)
            predict(&r->skel_pred[k], r->skel[k].ok ? r->skel[k].time_s * t->skel[k].ratio : 0, r);
        predict(&r->small_pred, r->small.ok ? r->small.time_s * t->small_ratio : 0, r);
        double sum = 0;
        unsigned n = 0;
        for (size_t j = 0; j < t->nseries; j++) {
            const struct skel_validate_series *s = &t->series[j];
            double ts = series_time(s, r->scenario);
            double tr = s->reference ? series_time(s, s->reference) : 0;
            if (ts > 0 && tr > 0) {
                sum += ts / tr;
                n++;
            }
        }
        r->avg_n = n;
        r->avg_slowdown = n ? sum / n : 0;
        predict(&r->avg_pred, have_app && n ? ref->app.time_s * r->avg_slowdown : 0, r);
    }
    intervals(t, ref);
    for (int m = -2; m < (int)t->nskel; m++)
        skel_validate_summarize(t, m, &t->summary[summary_slot(m)]);
}

static const struct skel_validate_pred *method_pred(const struct skel_validate_row *r, int method)
{
    return method >= 0 ? &r->skel_pred[method] : method == -1 ? &r->avg_pred : &r->small_pred;
}

void skel_validate_summarize(const struct skel_validate_table *t, int method,
                             struct skel_validate_summary *out)
{
    memset(out, 0, sizeof *out);
    if (method >= (int)t->nskel || method < -2)
        return;
    double sum = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        const struct skel_validate_row *r = &t->rows[i];
        const struct skel_validate_pred *p = method_pred(r, method);
        if (r->reference || !p->ok || !r->app.ok)
            continue;
        double e = fabs(p->error);
        if (p->ci) {
            double tol = t->tolerance > 0 ? t->tolerance : SKEL_VALIDATE_TOLERANCE;
            const char *v = skel_validate_verdict(p->lo, p->hi, tol);
            out->nci++;
            out->hit += strcmp(v, "hit") == 0;
            out->noise += strcmp(v, "noise") == 0;
            out->unsure += strcmp(v, "unsure") == 0;
            out->miss += strcmp(v, "miss") == 0;
            out->beyond10 += p->lo > 0.10 || p->hi < -0.10;
        }
        if (out->n == 0 || e < out->min)
            out->min = e;
        if (out->n == 0 || e > out->max)
            out->max = e;
        sum += e;
        out->n++;
    }
    out->mean = out->n ? sum / (double)out->n : 0;
}

/* ---- printing ----------------------------------------------------------------------- */

static void cell_time(FILE *out, int width, const struct skel_validate_measure *m)
{
    if (m->ok)
        fprintf(out, "  %*.4f", width, m->time_s);
    else
        fprintf(out, "  %*s", width, m->error[0] ? "failed" : "-");
}

static void cell_pred(FILE *out, const struct skel_validate_pred *p, int have_app)
{
    if (!p->ok)
        fprintf(out, "  %11s %8s", "-", "");
    else if (!have_app)
        fprintf(out, "  %11.3f %8s", p->predicted_s, "?");
    else
        fprintf(out, "  %11.3f %+7.1f%%", p->predicted_s, p->error * 100);
}

/* The error's interval and its verdict (or why there is none). */
static void cell_ci(FILE *out, const struct skel_validate_pred *p, int reference, double tol)
{
    char b[40];
    if (p->ok && p->ci) {
        snprintf(b, sizeof b, "[%+.1f, %+.1f]", p->lo * 100, p->hi * 100);
        fprintf(out, " %16s %-6s", b, skel_validate_verdict(p->lo, p->hi, tol));
    } else
        fprintf(out, " %16s %-6s", reference && p->ok ? "(by definition)" : "-", "");
}

/* A relative interval of a median, "-2.1..+1.8%", or "-". */
static void cell_noise(FILE *out, const struct skel_validate_measure *m)
{
    char b[40];
    if (m->ok && m->time_s > 0 && (m->lo_s > 0 || m->hi_s > 0)) {
        snprintf(b, sizeof b, "%+.1f..%+.1f%%", (m->lo_s / m->time_s - 1) * 100,
                 (m->hi_s / m->time_s - 1) * 100);
        fprintf(out, "  %14s", b);
    } else
        fprintf(out, "  %14s", "-");
}

/* The header: the application, the skeletons, how they were measured. */
static void print_header(FILE *out, const struct skel_validate_table *t)
{
    char b[1024];
    int have_small = t->small != NULL, have_avg = t->nseries > 0;
    fprintf(out, "application  %s\n", skel_usecase_safe(t->app, b, sizeof b));
    fprintf(out,
            "             %u ranks on %s; median of %u round%s (each round launches the "
            "application,\n             the skeletons and the other programs once, in turn), ",
            t->nranks, skel_usecase_safe(t->nodes, b, sizeof b), t->app_repeat,
            t->app_repeat == 1 ? "" : "s");
    if (t->net)
        fprintf(out, "wall time less the launch overhead\n"
                     "             (mpiexec, MPI_Init, MPI_Finalize: the skeletons' launches "
                     "less their repeats, same scenario)\n");
    else
        fprintf(out, "wall time from launch to exit (start-up included)\n");
    for (size_t k = 0; k < t->nskel; k++) {
        const struct skel_validate_skeleton_info *s = &t->skel[k];
        fprintf(out, "skeleton %zu   %s: K = %.4g, expected %.3f s", k + 1,
                skel_usecase_safe(s->dir, b, sizeof b), s->k, s->expected_s);
        if (s->ratio > 0)
            fprintf(out, "; measured scaling ratio %.4g", s->ratio);
        if (s->shortest_good_s > 0 && s->expected_s > 0 && s->expected_s < s->shortest_good_s)
            fprintf(out, " (shorter than the shortest good skeleton, %.3f s)", s->shortest_good_s);
        fputc('\n', out);
    }
    if (t->nskel > 0 && t->skel_repeat > 0 && t->skel_target > 0)
        fprintf(out,
                "             skeleton times: their own, per round the mean repeat of launches "
                "of %u repeats,\n             until its 95%% interval is within +/- %.1f%% "
                "or the budget is spent\n",
                t->skel_repeat, t->skel_target * 100);
    else if (t->nskel > 0 && t->skel_repeat > 0)
        fprintf(out,
                "             skeleton times: their own, per round the mean of one launch's %u "
                "repeats\n",
                t->skel_repeat);
    for (size_t k = 0; k < t->nskel; k++) {
        const struct skel_validate_skeleton_info *s = &t->skel[k];
        if (!(s->ratio > 0 && s->k > 0))
            continue;
        fprintf(out, "dedicated    skeleton %zu: (application / K) / skeleton = %.3f", k + 1,
                s->ratio / s->k);
        if (s->ratio_lo > 0)
            fprintf(out, " [%.3f, %.3f] (95%%, over the reference's rounds)", s->ratio_lo / s->k,
                    s->ratio_hi / s->k);
        fputc('\n', out);
    }
    if (have_small)
        fprintf(out, "small input  %s%s\n", skel_usecase_safe(t->small, b, sizeof b),
                t->small_ratio > 0 ? "" : " (no reference time)");
    if (have_avg)
        fprintf(out,
                "average      the mean slowdown of %zu other application%s under each "
                "scenario\n",
                t->nseries, t->nseries == 1 ? "" : "s");
}

/* One row's scenario name, the reference marked. */
static void print_scenario(FILE *out, const struct skel_validate_row *r)
{
    char b[1024], name[64];
    snprintf(b, sizeof b, "%s%s", r->scenario, r->reference ? " (ref)" : "");
    fprintf(out, "%-20s", skel_usecase_safe(b, name, sizeof name));
}

static void print_measured(FILE *out, const struct skel_validate_table *t)
{
    int have_small = t->small != NULL, have_avg = t->nseries > 0;
    /* Measured times. */
    fprintf(out, "\nMeasured time (s)\n%-20s  %11s", "scenario", "application");
    for (size_t k = 0; k < t->nskel; k++) {
        char h[32];
        snprintf(h, sizeof h, "skeleton %zu", k + 1);
        fprintf(out, "  %11s", h);
    }
    if (have_small)
        fprintf(out, "  %11s", "small input");
    if (have_avg)
        fprintf(out, "  %13s", "mean slowdown");
    if (t->net)
        fprintf(out, "  %8s", "launch");
    fprintf(out, "  %10s  %14s", "app spread", "app noise 95%");
    fputc('\n', out);
    for (size_t i = 0; i < t->nrows; i++) {
        const struct skel_validate_row *r = &t->rows[i];
        print_scenario(out, r);
        cell_time(out, 11, &r->app);
        for (size_t k = 0; k < t->nskel; k++)
            cell_time(out, 11, &r->skel[k]);
        if (have_small)
            cell_time(out, 11, &r->small);
        if (have_avg) {
            if (r->avg_n)
                fprintf(out, "  %8.3f (%u)", r->avg_slowdown, r->avg_n);
            else
                fprintf(out, "  %13s", "-");
        }
        if (t->net)
            fprintf(out, "  %8.3f", r->launch_s);
        /* The application's range over the rounds, relative to its median. */
        if (r->app.ok && r->app.runs > 1 && r->app.time_s > 0)
            fprintf(out, "  %9.1f%%", 100 * (r->app.max_s - r->app.min_s) / r->app.time_s);
        else
            fprintf(out, "  %10s", "-");
        /* Its noise floor: the 95 % interval of its median, relative. */
        cell_noise(out, &r->app);
        fputc('\n', out);
    }
}

static void print_predicted(FILE *out, const struct skel_validate_table *t, double tol)
{
    int have_small = t->small != NULL, have_avg = t->nseries > 0;
    /* Predictions and errors (Sodhi et al. Figure 6), with the error's
     * interval over the rounds. */
    fprintf(out,
            "\nPredicted application time (s) and error; 95%% interval of the error over the "
            "rounds and its verdict at +/- %.0f%%\n%-20s",
            tol * 100, "scenario");
    for (size_t k = 0; k < t->nskel; k++) {
        char h[32];
        snprintf(h, sizeof h, "skeleton %zu", k + 1);
        fprintf(out, "  %11s %8s %16s %-6s", h, "error", "95% interval", "");
    }
    if (have_avg)
        fprintf(out, "  %11s %8s", "average", "error");
    if (have_small)
        fprintf(out, "  %11s %8s %16s %-6s", "small input", "error", "95% interval", "");
    fputc('\n', out);
    for (size_t i = 0; i < t->nrows; i++) {
        const struct skel_validate_row *r = &t->rows[i];
        print_scenario(out, r);
        for (size_t k = 0; k < t->nskel; k++) {
            cell_pred(out, &r->skel_pred[k], r->app.ok);
            cell_ci(out, &r->skel_pred[k], r->reference, tol);
        }
        if (have_avg)
            cell_pred(out, &r->avg_pred, r->app.ok);
        if (have_small) {
            cell_pred(out, &r->small_pred, r->app.ok);
            cell_ci(out, &r->small_pred, r->reference, tol);
        }
        fputc('\n', out);
    }
}

static void print_cost(FILE *out, const struct skel_validate_table *t)
{
    /* What the skeletons' measurements cost under each scenario. */
    int any_cost = 0;
    for (size_t i = 0; i < t->nrows; i++)
        for (size_t k = 0; k < t->nskel; k++)
            any_cost |= t->rows[i].skel[k].spent_s > 0;
    if (any_cost) {
        fprintf(out,
                "\nSkeleton measurement: skeleton seconds spent in all rounds (repeats, "
                "launches; rounds whose interval reached the target)\n%-20s",
                "scenario");
        for (size_t k = 0; k < t->nskel; k++) {
            char h[32];
            snprintf(h, sizeof h, "skeleton %zu", k + 1);
            fprintf(out, "  %28s", h);
        }
        fputc('\n', out);
        for (size_t i = 0; i < t->nrows; i++) {
            const struct skel_validate_row *r = &t->rows[i];
            char c[64];
            print_scenario(out, r);
            for (size_t k = 0; k < t->nskel; k++) {
                const struct skel_validate_measure *m = &r->skel[k];
                if (m->ok && m->spent_s > 0 && m->launches > 0)
                    snprintf(c, sizeof c, "%.1f s (%u, %u; %u/%u)", m->spent_s, m->repeats,
                             m->launches, m->tight, m->runs);
                else if (m->ok && m->spent_s > 0) /* read back from a CSV */
                    snprintf(c, sizeof c, "%.1f s", m->spent_s);
                else
                    snprintf(c, sizeof c, "-");
                fprintf(out, "  %28s", c);
            }
            fputc('\n', out);
        }
    }
}

static void print_summary(FILE *out, const struct skel_validate_table *t, double tol)
{
    int have_small = t->small != NULL, have_avg = t->nseries > 0;
    /* Summary per method (Sodhi et al. Figure 7). */
    size_t nshared = 0;
    for (size_t i = 0; i < t->nrows; i++)
        nshared += !t->rows[i].reference;
    fprintf(out,
            "\n|error| over the %zu scenario%s besides the reference\n%-28s  %7s  %7s  %7s  %s\n",
            nshared, nshared == 1 ? "" : "s", "method", "min", "max", "mean", "cases");
    for (int m = 0; m < (int)t->nskel + 2; m++) {
        int method = m < (int)t->nskel ? m : m == (int)t->nskel ? -1 : -2;
        if ((method == -1 && !have_avg) || (method == -2 && !have_small))
            continue;
        const struct skel_validate_summary s = t->summary[summary_slot(method)];
        char label[64];
        if (method >= 0)
            snprintf(label, sizeof label, "skeleton %d (%.2f s)", m + 1, t->skel[m].expected_s);
        else
            snprintf(label, sizeof label, "%s",
                     method == -1 ? "average prediction" : "small input");
        if (s.n == 0)
            fprintf(out, "%-28s  %7s  %7s  %7s  0\n", label, "-", "-", "-");
        else
            fprintf(out, "%-28s  %6.1f%%  %6.1f%%  %6.1f%%  %zu\n", label, s.min * 100, s.max * 100,
                    s.mean * 100, s.n);
        if (s.nci > 0)
            fprintf(out,
                    "%-28s  intervals: %zu hit, %zu noise, %zu unsure, %zu miss (+/- %.0f%%); "
                    "%zu wholly beyond +/- 10%%\n",
                    "", s.hit, s.noise, s.unsure, s.miss, tol * 100, s.beyond10);
    }
}

void skel_validate_print(FILE *out, const struct skel_validate_table *t)
{
    const struct skel_validate_row *ref = NULL;
    for (size_t i = 0; i < t->nrows && ref == NULL; i++)
        if (t->rows[i].reference)
            ref = &t->rows[i];
    double tol = t->tolerance > 0 ? t->tolerance : SKEL_VALIDATE_TOLERANCE;
    print_header(out, t);
    print_measured(out, t);
    print_predicted(out, t, tol);
    print_cost(out, t);
    print_summary(out, t, tol);
    if (ref == NULL || !ref->app.ok)
        fprintf(out, "(no reference measurement: no ratio, no prediction)\n");
}

/* ---- CSV ------------------------------------------------------------------------------ */

enum {
    C_KIND,
    C_SCENARIO,
    C_REFERENCE,
    C_NAME,
    C_TIME,
    C_MIN,
    C_MAX,
    C_RUNS,
    C_PRED,
    C_ERROR,
    C_RATIO,
    C_K,
    C_NODES,
    C_NRANKS,
    C_COMMAND,
    C_NCOLS1, /* the columns of the first version */
    C_LO = C_NCOLS1,
    C_HI,
    C_ERROR_LO,
    C_ERROR_HI,
    C_RATIO_LO,
    C_RATIO_HI,
    C_SPENT,
    C_SAMPLES,
    C_NCOLS
};

static const char *const csv_header =
    "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,nodes,"
    "nranks,command";
static const char *const csv_header2 =
    "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,nodes,"
    "nranks,command,lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,spent_s,samples_s";

/* kind,scenario,reference,name */
static void csv_head(FILE *f, const char *kind, const struct skel_validate_row *r, const char *name)
{
    fprintf(f, "%s,", kind);
    skel_csv_field(f, r->scenario);
    fprintf(f, ",%d,", r->reference);
    skel_csv_field(f, name);
}

/* time_s,min_s,max_s,runs */
static void csv_measure(FILE *f, const struct skel_validate_measure *m)
{
    if (m->ok)
        fprintf(f, ",%.9g,%.9g,%.9g,%u", m->time_s, m->min_s, m->max_s, m->runs);
    else
        fprintf(f, ",,,,");
}

/* predicted_s,error */
static void csv_pred(FILE *f, const struct skel_validate_pred *p, int have_app)
{
    if (!p->ok)
        fprintf(f, ",,");
    else if (!have_app)
        fprintf(f, ",%.9g,", p->predicted_s);
    else
        fprintf(f, ",%.9g,%.6f", p->predicted_s, p->error);
}

/* ratio,k,nodes,nranks,command */
static void csv_tail(FILE *f, double ratio, double k, const struct skel_validate_table *t,
                     const char *command)
{
    if (ratio > 0)
        fprintf(f, ",%.9g", ratio);
    else
        fputc(',', f);
    if (k > 0)
        fprintf(f, ",%.9g,", k);
    else
        fprintf(f, ",,");
    skel_csv_field(f, t->nodes);
    fprintf(f, ",%u,", t->nranks);
    skel_csv_field(f, command);
}

/* lo_s,hi_s,error_lo,error_hi,ratio_lo,ratio_hi,spent_s,samples_s and the end
 * of the record (m, p and ratio may be NULL: empty fields). */
static void csv_extra(FILE *f, const struct skel_validate_measure *m,
                      const struct skel_validate_pred *p,
                      const struct skel_validate_skeleton_info *ratio)
{
    if (m != NULL && m->ok && (m->lo_s > 0 || m->hi_s > 0))
        fprintf(f, ",%.9g,%.9g", m->lo_s, m->hi_s);
    else
        fprintf(f, ",,");
    if (p != NULL && p->ok && p->ci)
        fprintf(f, ",%.9g,%.9g", p->lo, p->hi);
    else
        fprintf(f, ",,");
    if (ratio != NULL && ratio->ratio_lo > 0)
        fprintf(f, ",%.9g,%.9g", ratio->ratio_lo, ratio->ratio_hi);
    else
        fprintf(f, ",,");
    if (m != NULL && m->ok && m->spent_s > 0)
        fprintf(f, ",%.6f,", m->spent_s);
    else
        fprintf(f, ",,");
    for (unsigned i = 0; m != NULL && m->ok && i < m->nsamples; i++)
        fprintf(f, "%s%.9g", i ? ";" : "", m->samples_s[i]);
    fputc('\n', f);
}

int skel_validate_write_csv(const char *path, const struct skel_validate_table *t)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return rc;
    FILE *f = skel_afile_stream(af);
    fprintf(f, "%s\n", csv_header2);
    static const struct skel_validate_measure none;
    for (size_t i = 0; i < t->nrows; i++) {
        const struct skel_validate_row *r = &t->rows[i];
        csv_head(f, "app", r, "application");
        csv_measure(f, &r->app);
        fprintf(f, ",,");
        csv_tail(f, 0, 0, t, t->app);
        csv_extra(f, &r->app, NULL, NULL);
        for (size_t k = 0; k < t->nskel; k++) {
            csv_head(f, "skeleton", r, t->skel[k].dir);
            csv_measure(f, &r->skel[k]);
            csv_pred(f, &r->skel_pred[k], r->app.ok);
            csv_tail(f, t->skel[k].ratio, t->skel[k].k, t, t->skel[k].dir);
            csv_extra(f, &r->skel[k], &r->skel_pred[k], &t->skel[k]);
        }
        if (t->nseries > 0) {
            csv_head(f, "average", r, "average prediction");
            fprintf(f, ",,,,%u", r->avg_n);
            csv_pred(f, &r->avg_pred, r->app.ok);
            csv_tail(f, r->avg_slowdown, 0, t, "");
            csv_extra(f, NULL, NULL, NULL);
        }
        if (t->small != NULL) {
            csv_head(f, "small", r, "small input");
            csv_measure(f, &r->small);
            csv_pred(f, &r->small_pred, r->app.ok);
            csv_tail(f, t->small_ratio, 0, t, t->small);
            csv_extra(f, &r->small, &r->small_pred, NULL);
        }
        if (t->net) {
            struct skel_validate_measure m = none;
            m.ok = r->launch_s > 0;
            m.time_s = m.min_s = m.max_s = r->launch_s;
            m.runs = 1;
            csv_head(f, "launch", r, "launch overhead");
            csv_measure(f, &m);
            fprintf(f, ",,");
            csv_tail(f, 0, 0, t, "");
            csv_extra(f, NULL, NULL, NULL);
        }
        for (size_t j = 0; j < t->nseries; j++) {
            char name[32];
            double ts = series_time(&t->series[j], r->scenario);
            struct skel_validate_measure m = none;
            if (ts > 0) {
                m.ok = 1;
                m.time_s = m.min_s = m.max_s = ts;
            }
            snprintf(name, sizeof name, "baseline %zu", j + 1);
            csv_head(f, "baseline", r, name);
            csv_measure(f, &m);
            fprintf(f, ",,");
            csv_tail(f, 0, 0, t, t->series[j].label);
            csv_extra(f, NULL, NULL, NULL);
        }
    }
    return skel_afile_commit(af);
}

static int num_field(const char *s, double *out, const char *path, unsigned line, const char *col)
{
    char *end;
    if (*s == '\0') {
        *out = 0;
        return SKEL_OK;
    }
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || *end != '\0' || !isfinite(v) || v < -1e12 || v > 1e12)
        return skel_fail(SKEL_EFORMAT, "%s:%u: %s '%s' is not a number", path, line, col, s);
    *out = v;
    return SKEL_OK;
}

static int set_str(char **dst, const char *s)
{
    if (*dst != NULL)
        return SKEL_OK;
    if ((*dst = strdup(s)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    return SKEL_OK;
}

/* Parse a validation CSV (csv.h), calling fn for each data record; errors
 * name the file and the line. */
static int csv_each(const char *path, int (*fn)(void *arg, char **f, unsigned line), void *arg)
{
    char *buf = NULL;
    size_t len = 0;
    int rc = skel_read_file(path, CSV_MAX, &buf, &len);
    if (rc != SKEL_OK)
        return rc;
    skel_csv_reader r;
    skel_csv_reader_init(&r, buf, len, path);
    char header[512] = "";
    if ((rc = skel_csv_next(&r)) > 0)
        for (size_t i = 0; i < r.nfields; i++) {
            strncat(header, r.field[i], sizeof header - strlen(header) - 2);
            if (i + 1 < r.nfields)
                strcat(header, ",");
        }
    /* This version's header, or the first version's (15 columns, no rounds). */
    size_t ncols = r.nfields;
    if (rc < 0 || !((ncols == C_NCOLS && strcmp(header, csv_header2) == 0) ||
                    (ncols == C_NCOLS1 && strcmp(header, csv_header) == 0))) {
        rc = skel_fail(SKEL_EFORMAT, "%s:1: not a skel validate CSV (expected the header '%s')",
                       path, csv_header2);
        goto out;
    }
    while ((rc = skel_csv_next(&r)) > 0) {
        if (r.nfields == 1 && r.field[0][0] == '\0')
            continue; /* blank line */
        if (r.nfields != ncols) {
            rc = skel_fail(SKEL_EFORMAT, "%s:%u: %zu fields, expected %zu", path, r.line, r.nfields,
                           ncols);
            goto out;
        }
        /* The extra columns of an old file read as empty. */
        char *f[C_NCOLS];
        static char empty[] = "";
        for (size_t i = 0; i < C_NCOLS; i++)
            f[i] = i < ncols ? r.field[i] : empty;
        if ((rc = fn(arg, f, r.line)) != SKEL_OK)
            goto out;
    }
    if (rc < 0)
        rc = skel_fail_context(rc, "%s:%u: damaged CSV record", path, r.line);
out:
    skel_csv_reader_free(&r);
    free(buf);
    return rc;
}

struct read_ctx {
    const char *path;
    struct skel_validate_table *t;
};

static struct skel_validate_row *row_for(struct skel_validate_table *t, const char *scenario,
                                         int reference)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (strcmp(t->rows[i].scenario, scenario) == 0)
            return &t->rows[i];
    struct skel_validate_row *nv = realloc(t->rows, (t->nrows + 1) * sizeof *nv);
    if (nv == NULL)
        return NULL;
    t->rows = nv;
    struct skel_validate_row *r = &t->rows[t->nrows];
    memset(r, 0, sizeof *r);
    if ((r->scenario = strdup(scenario)) == NULL)
        return NULL;
    r->reference = reference;
    t->nrows++;
    return r;
}

static int read_measure(char **f, unsigned line, const char *path, struct skel_validate_measure *m)
{
    double v[4];
    static const char *const cols[4] = {"time_s", "min_s", "max_s", "runs"};
    for (int i = 0; i < 4; i++)
        if (num_field(f[C_TIME + i], &v[i], path, line, cols[i]) != SKEL_OK)
            return SKEL_EFORMAT;
    memset(m, 0, sizeof *m);
    if (f[C_TIME][0] == '\0')
        return SKEL_OK;
    if (v[0] <= 0 || v[1] < 0 || v[2] < 0 || v[3] < 0)
        return skel_fail(SKEL_EFORMAT, "%s:%u: negative or zero time", path, line);
    m->ok = 1;
    m->time_s = v[0];
    m->min_s = v[1];
    m->max_s = v[2];
    m->runs = (unsigned)v[3];
    double spent = 0;
    if (num_field(f[C_SPENT], &spent, path, line, "spent_s") != SKEL_OK)
        return SKEL_EFORMAT;
    if (spent < 0)
        return skel_fail(SKEL_EFORMAT, "%s:%u: negative spent_s", path, line);
    m->spent_s = spent;
    /* samples_s: the rounds; lo_s and hi_s are recomputed from them. */
    for (const char *p = f[C_SAMPLES]; *p != '\0';) {
        char num[64];
        size_t n = strcspn(p, ";");
        double x = 0;
        if (n == 0 || n >= sizeof num)
            return skel_fail(SKEL_EFORMAT, "%s:%u: samples_s: an empty or overlong value", path,
                             line);
        if (m->nsamples == SKEL_VALIDATE_MAX_ROUNDS)
            return skel_fail(SKEL_ERANGE, "%s:%u: samples_s: more than %d rounds", path, line,
                             SKEL_VALIDATE_MAX_ROUNDS);
        memcpy(num, p, n);
        num[n] = '\0';
        if (num_field(num, &x, path, line, "samples_s") != SKEL_OK)
            return SKEL_EFORMAT;
        if (!(x > 0))
            return skel_fail(SKEL_EFORMAT, "%s:%u: samples_s: '%s' is not a time > 0", path, line,
                             num);
        m->samples_s[m->nsamples++] = x;
        p += n;
        if (*p == ';' && *++p == '\0')
            return skel_fail(SKEL_EFORMAT, "%s:%u: samples_s ends with ';'", path, line);
    }
    return SKEL_OK;
}

static int read_row(void *arg, char **f, unsigned line)
{
    struct read_ctx *c = arg;
    struct skel_validate_table *t = c->t;
    const char *kind = f[C_KIND];
    int reference = strcmp(f[C_REFERENCE], "1") == 0;
    double nranks = 0, k = 0;
    if (num_field(f[C_NRANKS], &nranks, c->path, line, "nranks") != SKEL_OK ||
        num_field(f[C_K], &k, c->path, line, "k") != SKEL_OK)
        return SKEL_EFORMAT;
    if (f[C_SCENARIO][0] == '\0')
        return skel_fail(SKEL_EFORMAT, "%s:%u: no scenario", c->path, line);
    if (strcmp(kind, "average") == 0)
        return SKEL_OK; /* recomputed */
    if (strcmp(kind, "app") != 0 && strcmp(kind, "skeleton") != 0 && strcmp(kind, "small") != 0 &&
        strcmp(kind, "baseline") != 0 && strcmp(kind, "launch") != 0)
        return skel_fail(SKEL_EFORMAT, "%s:%u: unknown kind '%s'", c->path, line, kind);
    struct skel_validate_row *r = row_for(t, f[C_SCENARIO], reference);
    if (r == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    if (set_str(&t->nodes, f[C_NODES]) != SKEL_OK)
        return SKEL_ENOMEM;
    if (t->nranks == 0 && nranks >= 1 && nranks <= SKEL_NODESET_MAX_NODES)
        t->nranks = (unsigned)nranks;
    struct skel_validate_measure m;
    if (read_measure(f, line, c->path, &m) != SKEL_OK)
        return SKEL_EFORMAT;
    if (strcmp(kind, "launch") == 0) {
        t->net = 1;
        r->launch_s = m.ok ? m.time_s : 0;
    } else if (strcmp(kind, "app") == 0) {
        if (set_str(&t->app, f[C_COMMAND]) != SKEL_OK)
            return SKEL_ENOMEM;
        r->app = m;
        if (m.ok && m.runs > t->app_repeat)
            t->app_repeat = m.runs;
    } else if (strcmp(kind, "small") == 0) {
        if (set_str(&t->small, f[C_COMMAND]) != SKEL_OK)
            return SKEL_ENOMEM;
        r->small = m;
    } else if (strcmp(kind, "skeleton") == 0) {
        size_t i = 0;
        while (i < t->nskel && strcmp(t->skel[i].dir, f[C_NAME]) != 0)
            i++;
        if (i == t->nskel) {
            if (t->nskel == SKEL_VALIDATE_MAX_SKELETONS)
                return skel_fail(SKEL_ERANGE, "%s:%u: more than %d skeletons", c->path, line,
                                 SKEL_VALIDATE_MAX_SKELETONS);
            memset(&t->skel[i], 0, sizeof t->skel[i]);
            if ((t->skel[i].dir = strdup(f[C_NAME])) == NULL)
                return skel_fail(SKEL_ENOMEM, "out of memory");
            t->skel[i].k = k;
            t->nskel++;
        }
        r->skel[i] = m;
    } else { /* baseline */
        size_t j = 0;
        while (j < t->nseries && strcmp(t->series[j].label, f[C_COMMAND]) != 0)
            j++;
        if (j == t->nseries) {
            struct skel_validate_series s;
            memset(&s, 0, sizeof s);
            if ((s.label = strdup(f[C_COMMAND])) == NULL ||
                skel_validate_add_series(t, &s) != SKEL_OK) {
                skel_validate_series_free(&s);
                return skel_fail(SKEL_ENOMEM, "out of memory");
            }
        }
        struct skel_validate_series *s = &t->series[j];
        char **ns = realloc(s->scenario, (s->n + 1) * sizeof *ns);
        if (ns == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        s->scenario = ns;
        double *nt = realloc(s->time_s, (s->n + 1) * sizeof *nt);
        if (nt == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        s->time_s = nt;
        if ((s->scenario[s->n] = strdup(f[C_SCENARIO])) == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        s->time_s[s->n++] = m.ok ? m.time_s : 0;
        if (reference && set_str(&s->reference, f[C_SCENARIO]) != SKEL_OK)
            return SKEL_ENOMEM;
    }
    return SKEL_OK;
}

int skel_validate_read_csv(const char *path, struct skel_validate_table *t)
{
    memset(t, 0, sizeof *t);
    struct read_ctx c = {.path = path, .t = t};
    int rc = csv_each(path, read_row, &c);
    if (rc != SKEL_OK)
        return rc;
    if (t->app == NULL)
        return skel_fail(SKEL_EFORMAT, "%s: no 'app' row", path);
    if (t->app_repeat == 0)
        t->app_repeat = 1;
    skel_validate_compute(t);
    return SKEL_OK;
}

struct series_ctx {
    const char *path;
    struct skel_validate_series *s;
};

static int series_row(void *arg, char **f, unsigned line)
{
    struct series_ctx *c = arg;
    struct skel_validate_series *s = c->s;
    if (strcmp(f[C_KIND], "app") != 0)
        return SKEL_OK;
    struct skel_validate_measure m;
    if (read_measure(f, line, c->path, &m) != SKEL_OK)
        return SKEL_EFORMAT;
    if (s->label == NULL) {
        size_t n = strlen(c->path) + strlen(f[C_COMMAND]) + 3;
        if ((s->label = malloc(n)) == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        snprintf(s->label, n, "%s: %s", c->path, f[C_COMMAND]);
    }
    char **ns = realloc(s->scenario, (s->n + 1) * sizeof *ns);
    if (ns == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    s->scenario = ns;
    double *nt = realloc(s->time_s, (s->n + 1) * sizeof *nt);
    if (nt == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    s->time_s = nt;
    if ((s->scenario[s->n] = strdup(f[C_SCENARIO])) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    s->time_s[s->n++] = m.ok ? m.time_s : 0;
    if (strcmp(f[C_REFERENCE], "1") == 0 && s->reference == NULL &&
        (s->reference = strdup(f[C_SCENARIO])) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    return SKEL_OK;
}

int skel_validate_series_from_csv(const char *path, struct skel_validate_series *out)
{
    memset(out, 0, sizeof *out);
    struct series_ctx c = {.path = path, .s = out};
    int rc = csv_each(path, series_row, &c);
    if (rc == SKEL_OK && out->n == 0)
        rc = skel_fail(SKEL_EFORMAT, "%s: no 'app' row to take slowdowns from", path);
    if (rc == SKEL_OK && out->reference == NULL)
        rc = skel_fail(SKEL_EFORMAT, "%s: no reference row (reference = 1)", path);
    if (rc != SKEL_OK)
        skel_validate_series_free(out);
    return rc;
}

/* ---- running ---------------------------------------------------------------------- */

/* A launcher given where the program was expected. */
static int is_launcher(const char *prog)
{
    const char *b = strrchr(prog, '/');
    b = b ? b + 1 : prog;
    return strncmp(b, "mpiexec", 7) == 0 || strncmp(b, "mpirun", 6) == 0 ||
           strcmp(b, "srun") == 0 || strcmp(b, "orterun") == 0;
}

/* File-name-safe copy of a scenario name. */
static void file_part(const char *s, char *out, size_t len)
{
    size_t j = 0;
    for (; *s && j + 1 < len; s++)
        out[j++] = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                           (*s >= '0' && *s <= '9') || *s == '-' || *s == '.'
                       ? *s
                       : '_';
    out[j] = '\0';
}

struct runner {
    const struct skel_validate_opts *o;
    struct skel_validate_table *t;
    struct skel_select_skeleton sk[SKEL_VALIDATE_MAX_SKELETONS];
    size_t nsk;                         /* loaded (to free) */
    struct skel_scenario_list *scl;     /* the scenario file */
    const struct skel_scenario **order; /* the scenarios to run, the reference first */
    size_t nord;
    struct skel_nodeset_list *sets;
    skel_testbed *tb;
    struct skel_launch_spec base; /* of every launch */
    enum skel_mpi_flavor app_mpi; /* the application's MPI (given, or from its ELF dependencies) */
    char tmpdir[512];             /* a scratch directory (scratch.h) */
    int made_tmpdir;
    unsigned seq;
    unsigned launch, launches; /* for o->starting */
    int failed;                /* some run failed */
};

static void starting(struct runner *R, const char *scenario, const char *what)
{
    /* A skeleton measured until its interval is tight may take more than
     * one launch a round: the count known in advance is a floor. */
    if (R->launch >= R->launches)
        R->launches = R->launch + 1;
    if (R->o->starting != NULL)
        R->o->starting(R->o->progress_arg, scenario, what, R->launch, R->launches);
    R->launch++;
}

/* Where a run's output goes: the log directory, or a scratch file. */
static void out_path(struct runner *R, const char *scenario, const char *what, char *out,
                     size_t len)
{
    char a[64], b[64];
    file_part(scenario, a, sizeof a);
    file_part(what, b, sizeof b);
    snprintf(out, len, "%s/%02u-%s-%s.out", R->o->log_dir ? R->o->log_dir : R->tmpdir, ++R->seq, a,
             b);
}

static void tail_of(const char *path, char *out, size_t len)
{
    char *buf = NULL;
    size_t n = 0;
    out[0] = '\0';
    if (skel_read_file(path, 1u << 24, &buf, &n) != SKEL_OK) {
        skel_clear_error();
        return;
    }
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' '))
        n--;
    size_t s = n;
    while (s > 0 && buf[s - 1] != '\n')
        s--;
    skel_usecase_safe(buf + s, out, len);
    if (n - s + 1 < len)
        out[n - s] = '\0';
    free(buf);
}

/* Take the launch overhead off an application's wall times. */
static void net_of(struct skel_validate_measure *m, double launch_s)
{
    if (!m->ok)
        return;
    if (m->min_s <= launch_s) {
        m->ok = 0;
        snprintf(m->error, sizeof m->error,
                 "its run (%.3f s) was not longer than the launch overhead (%.3f s)", m->min_s,
                 launch_s);
        return;
    }
    m->time_s -= launch_s;
    m->min_s -= launch_s;
    m->max_s -= launch_s;
    for (unsigned i = 0; i < m->nsamples; i++)
        m->samples_s[i] -= launch_s;
}

/* The launches of one quantity under one scenario, gathered round after
 * round and summarised once all rounds ran. */
struct acc {
    double v[SKEL_VALIDATE_MAX_ROUNDS];
    size_t n;
    double min_s, max_s;
    double spent_s; /* skeletons: their cost (struct skel_validate_measure) */
    unsigned repeats, launches, tight;
    int failed;      /* a launch failed: no more of it under this scenario */
    char error[512]; /* the first failure */
};

static void acc_add(struct acc *a, double t, double lo, double hi)
{
    if (a->n == 0 || lo < a->min_s)
        a->min_s = lo;
    if (a->n == 0 || hi > a->max_s)
        a->max_s = hi;
    if (a->n < SKEL_VALIDATE_MAX_ROUNDS)
        a->v[a->n++] = t;
}

/* The median of the launches (and their extremes) as the measurement; a
 * quantity with a failed launch is not measured. */
static void acc_finish(const struct acc *a, struct skel_validate_measure *m)
{
    memset(m, 0, sizeof *m);
    if (a->failed || a->n == 0) {
        snprintf(m->error, sizeof m->error, "%s", a->error[0] ? a->error : "no successful run");
        return;
    }
    double v[SKEL_VALIDATE_MAX_ROUNDS];
    memcpy(v, a->v, a->n * sizeof *v);
    m->ok = 1;
    m->time_s = skel_select_median(v, a->n);
    m->min_s = a->min_s;
    m->max_s = a->max_s;
    m->runs = (unsigned)a->n;
    m->nsamples = (unsigned)a->n;
    memcpy(m->samples_s, a->v, a->n * sizeof *a->v);
    m->spent_s = a->spent_s;
    m->repeats = a->repeats;
    m->launches = a->launches;
    m->tight = a->tight;
}

/* The MPI of a program (given with --mpi, or read from its dependencies). */
static enum skel_mpi_flavor program_mpi(const struct runner *R, const char *prog)
{
    struct skel_elf_mpi m;
    if (R->o->mpi != SKEL_MPI_UNKNOWN)
        return R->o->mpi;
    if (skel_mpi_of_program(prog, &m) != SKEL_OK)
        m.flavor = SKEL_MPI_UNKNOWN;
    skel_clear_error();
    return m.flavor;
}

/* One launch of an application (or of the small-input run, or of a
 * baseline), added to a. */
static int run_app(struct runner *R, char *const *argv, const char *scenario, const char *what,
                   struct acc *a)
{
    char path[PATH_MAX];
    struct skel_launch_result res;
    struct skel_launch_spec s = R->base;
    struct skel_validate_measure m;
    memset(&m, 0, sizeof m);
    out_path(R, scenario, what, path, sizeof path);
    starting(R, scenario, what);
    s.argv = argv;
    s.repeat = 1;
    s.mpi = argv == R->o->app_argv ? R->app_mpi : program_mpi(R, argv[0]);
    s.stdout_path = s.stderr_path = path;
    int rc = skel_launch_run(&s, &res);
    if (rc == SKEL_OK && res.stats.n > 0) {
        m.ok = 1;
        m.time_s = m.min_s = m.max_s = res.stats.median_s;
        m.runs = 1;
        acc_add(a, m.time_s, m.min_s, m.max_s);
    } else {
        char tail[200], why[400];
        /* Copy first: reading the output may replace the thread's error detail. */
        snprintf(why, sizeof why, "%s",
                 skel_last_error()[0] ? skel_last_error() : skel_strerror(rc));
        tail_of(path, tail, sizeof tail);
        snprintf(m.error, sizeof m.error, "%.290s%s%s", rc == SKEL_OK ? "no successful run" : why,
                 tail[0] ? "; last output: " : "", tail);
        if (rc == SKEL_OK)
            rc = SKEL_EEXEC;
        skel_fail(rc, "%s", m.error);
        a->failed = 1;
        snprintf(a->error, sizeof a->error, "%s", m.error);
    }
    skel_launch_result_free(&res);
    if (R->o->log_dir == NULL)
        unlink(path);
    if (R->o->progress != NULL)
        R->o->progress(R->o->progress_arg, scenario, what, &m);
    return rc;
}

/* A skeleton: one launch with --repeat (and the fixed calibration when
 * calib > 0).  *launch_s gets the launch overhead it saw (wall time less the
 * time of its repeats and setup), 0 when unknown; *calib_out its calibration and
 * calws_out (SKEL_SELECT_CALWS_MAX bytes, or NULL) its walks'. */
static int run_skeleton(struct runner *R, const struct skel_select_skeleton *sk, size_t k,
                        const char *scenario, unsigned rep, double calib,
                        struct skel_validate_measure *m, double *launch_s, double *calib_out,
                        char *calws_out)
{
    struct skel_select_measurement sm;
    char what[32];
    memset(m, 0, sizeof *m);
    *launch_s = 0;
    snprintf(what, sizeof what, "skeleton %zu", k + 1);
    /* With --logs every run's output is kept, the skeletons' too. */
    struct skel_launch_spec base = R->base;
    char path[PATH_MAX];
    if (R->o->log_dir != NULL) {
        out_path(R, scenario, what, path, sizeof path);
        base.stdout_path = path;
    }
    starting(R, scenario, what);
    int rc = skel_select_measure(sk, &base, NULL, rep, calib, &sm);
    if (rc == SKEL_OK) {
        m->ok = 1;
        m->time_s = sm.rep.elapsed_s;
        m->min_s = sm.rep.min_s;
        m->max_s = sm.rep.max_s;
        m->runs = sm.rep.repeats ? sm.rep.repeats : rep;
        *launch_s = skel_select_launch_overhead(&sm, calib);
        if (calib_out != NULL)
            *calib_out = sm.rep.calibration;
        if (calws_out != NULL)
            memcpy(calws_out, sm.rep.calibration_ws, sizeof sm.rep.calibration_ws);
    } else
        snprintf(m->error, sizeof m->error, "%s", sm.error[0] ? sm.error : skel_last_error());
    if (R->o->progress != NULL)
        R->o->progress(R->o->progress_arg, scenario, what, m);
    return rc;
}

/* A skeleton in one round, under the repeat policy (validate.h): launches
 * until the mean repeat is as steady as asked; added to a.  *launch_s gets
 * the launch overhead its launches saw, 0 when unknown. */
static int run_skeleton_round(struct runner *R, size_t k, const char *scenario, double calib,
                              struct acc *a, double *launch_s)
{
    const struct skel_validate_opts *o = R->o;
    struct skel_select_policy pol = {
        .repeat = R->t->skel_repeat,
        .target = R->t->skel_target,
        .budget_s = o->skeleton_budget_s,
        .max_launches = R->t->skel_target > 0 ? o->skeleton_launches : 1,
        /* The round before under this scenario. */
        .hint_s = a->n > 0 && a->repeats > 0 ? a->spent_s / a->repeats : 0};
    struct skel_select_pooled pm;
    struct skel_validate_measure m;
    char what[32];
    memset(&m, 0, sizeof m);
    *launch_s = 0;
    snprintf(what, sizeof what, "skeleton %zu", k + 1);
    int rc = skel_select_measure_pooled(&R->sk[k], &R->base, NULL, &pol, calib, &pm, m.error,
                                        sizeof m.error);
    if (rc == SKEL_OK) {
        m.ok = 1;
        m.time_s = pm.mean_s;
        m.min_s = pm.min_s;
        m.max_s = pm.max_s;
        m.runs = 1;
        m.spent_s = pm.spent_s;
        m.repeats = pm.repeats;
        m.launches = pm.launches;
        m.tight = (unsigned)pm.tight;
        if (calib > 0)
            *launch_s = pm.launch_s;
        acc_add(a, m.time_s, m.min_s, m.max_s);
        a->spent_s += pm.spent_s;
        a->repeats += pm.repeats;
        a->launches += pm.launches;
        a->tight += (unsigned)pm.tight;
    } else {
        if (m.error[0] == '\0')
            snprintf(m.error, sizeof m.error, "%s", skel_last_error());
        a->failed = 1;
        snprintf(a->error, sizeof a->error, "%s", m.error);
    }
    if (o->progress != NULL)
        o->progress(o->progress_arg, scenario, what, &m);
    return rc;
}

static int write_calibrations(const struct skel_validate_opts *o, struct skel_validate_table *t,
                              const struct skel_validate_row *ref,
                              const struct skel_select_skeleton *sk)
{
    for (size_t k = 0; k < t->nskel; k++) {
        struct skel_select_calib c;
        char path[PATH_MAX];
        memset(&c, 0, sizeof c);
        snprintf(c.nodes, sizeof c.nodes, "%s", t->nodes);
        snprintf(c.scenario, sizeof c.scenario, "%s", ref->scenario);
        c.nranks = t->nranks;
        c.app_time_s = ref->app.time_s;
        c.skeleton_s = ref->skel[k].time_s;
        c.ratio = t->skel[k].ratio;
        c.calibration = t->skel[k].calibration;
        memcpy(c.calibration_ws, sk[k].calibration_ws, sizeof c.calibration_ws);
        c.written_unix = (long long)time(NULL);
        snprintf(path, sizeof path, "%s/calibration", o->skeleton_dirs[k]);
        if (skel_select_calib_write(path, &c) != SKEL_OK) {
            snprintf(t->warning, sizeof t->warning, "%s", skel_last_error());
            skel_clear_error();
        }
    }
    return SKEL_OK;
}

/* The options that can be refused before anything is read. */
static int check_opts(const struct skel_validate_opts *o)
{
    /* The log directory is made (or found unwritable) before any run, not
     * after the first one has been paid for. */
    if (o->log_dir != NULL) {
        struct stat st;
        if (mkdir(o->log_dir, 0777) != 0 && errno != EEXIST)
            return skel_fail(SKEL_EIO, "--logs %s: cannot create it: %s", o->log_dir,
                             strerror(errno));
        if (stat(o->log_dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(o->log_dir, W_OK) != 0)
            return skel_fail(SKEL_EIO, "--logs %s: not a directory this process can write to",
                             o->log_dir);
    }
    if (o->app_argv == NULL || o->app_argv[0] == NULL)
        return skel_fail(SKEL_EUSAGE, "no application command");
    if (o->nskeleton < 1 || o->nskeleton > SKEL_VALIDATE_MAX_SKELETONS)
        return skel_fail(SKEL_EUSAGE, "between 1 and %d skeletons, not %zu",
                         SKEL_VALIDATE_MAX_SKELETONS, o->nskeleton);
    char *const *cmds[2] = {o->app_argv, o->small_argv};
    for (int i = 0; i < 2; i++)
        if (cmds[i] != NULL && is_launcher(cmds[i][0]))
            return skel_fail(SKEL_EUSAGE,
                             "'%s': give the program and its arguments without the launcher: "
                             "skel validate launches it itself, on the node set, with the "
                             "skeleton's number of ranks",
                             cmds[i][0]);
    if (o->self_calibrate && !o->wall_time)
        return skel_fail(SKEL_EUSAGE, "applications' times net of the launch overhead need the "
                                      "skeletons' calibration fixed: use wall time with "
                                      "--self-calibrate");
    for (size_t j = 0; j < o->nbaseline; j++)
        if (is_launcher(o->baseline_argv[j][0]))
            return skel_fail(SKEL_EUSAGE, "baseline '%s': give the program without the launcher",
                             o->baseline_argv[j][0]);
    return SKEL_OK;
}

/* The skeletons (all of one run: the same rank count) and the commands. */
static int load_skeletons(struct runner *R)
{
    const struct skel_validate_opts *o = R->o;
    struct skel_validate_table *t = R->t;
    for (size_t k = 0; k < o->nskeleton; k++) {
        int rc = skel_select_skeleton_load(o->skeleton_dirs[k], &R->sk[k]);
        if (rc != SKEL_OK)
            return rc;
        R->nsk = k + 1; /* loaded: freed at the end */
        if (R->sk[k].nranks != R->sk[0].nranks)
            return skel_fail(SKEL_EUSAGE, "%s runs %u ranks, %s %u: validate skeletons of one run",
                             o->skeleton_dirs[k], R->sk[k].nranks, o->skeleton_dirs[0],
                             R->sk[0].nranks);
        struct skel_validate_skeleton_info *in = &t->skel[k];
        if ((in->dir = strdup(o->skeleton_dirs[k])) == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        in->k = R->sk[k].k;
        in->expected_s = R->sk[k].expected_s;
        in->shortest_good_s = R->sk[k].shortest_good_s;
        t->nskel = k + 1;
    }
    t->nranks = R->sk[0].nranks;
    t->app_repeat = o->repeat ? o->repeat : SKEL_VALIDATE_ROUNDS;
    if (t->app_repeat > SKEL_VALIDATE_MAX_ROUNDS)
        return skel_fail(SKEL_EUSAGE, "--repeat %u: at most %d rounds", t->app_repeat,
                         SKEL_VALIDATE_MAX_ROUNDS);
    t->skel_repeat = o->skeleton_repeat ? o->skeleton_repeat : 3;
    t->skel_target = o->skeleton_target < 0    ? 0
                     : o->skeleton_target == 0 ? SKEL_SELECT_POLICY_TARGET
                                               : o->skeleton_target;
    t->tolerance = o->tolerance > 0 ? o->tolerance : SKEL_VALIDATE_TOLERANCE;
    if ((t->app = join_argv(o->app_argv)) == NULL ||
        (o->small_argv != NULL && (t->small = join_argv(o->small_argv)) == NULL))
        return skel_fail(SKEL_ENOMEM, "out of memory");
    return SKEL_OK;
}

/* The scenarios to run, the reference first, and a row for each. */
static int order_scenarios(struct runner *R, const struct skel_scenario **refsc)
{
    static const struct skel_scenario builtin_dedicated = {.name = "dedicated"};
    const struct skel_validate_opts *o = R->o;
    struct skel_validate_table *t = R->t;
    int rc = skel_scenario_load(o->scenarios, &R->scl);
    if (rc != SKEL_OK)
        return rc;
    const char *refname = o->reference ? o->reference : "dedicated";
    *refsc = skel_scenario_find(R->scl, refname);
    if (*refsc == NULL && strcmp(refname, "dedicated") == 0)
        *refsc = &builtin_dedicated;
    if (*refsc == NULL)
        return skel_fail(SKEL_ENOTFOUND, "%s: no scenario named '%s' (the reference)", o->scenarios,
                         refname);
    size_t nwant = o->names ? o->nnames : R->scl->n;
    if ((R->order = calloc(nwant + 1, sizeof *R->order)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    R->order[R->nord++] = *refsc;
    for (size_t i = 0; i < nwant; i++) {
        const struct skel_scenario *sc =
            o->names ? skel_scenario_find(R->scl, o->names[i]) : &R->scl->v[i];
        if (sc == NULL)
            return skel_fail(SKEL_ENOTFOUND, "%s: no scenario named '%s'", o->scenarios,
                             o->names[i]);
        int dup = 0;
        for (size_t j = 0; j < R->nord; j++)
            dup |= strcmp(R->order[j]->name, sc->name) == 0;
        if (!dup)
            R->order[R->nord++] = sc;
    }
    if ((t->rows = calloc(R->nord, sizeof *t->rows)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t i = 0; i < R->nord; i++) {
        if ((t->rows[i].scenario = strdup(R->order[i]->name)) == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        t->rows[i].reference = i == 0;
        t->nrows = i + 1;
    }
    return SKEL_OK;
}

/* Baseline applications measured in this run: one series each. */
static int baseline_series(struct runner *R, const struct skel_scenario *refsc)
{
    const struct skel_validate_opts *o = R->o;
    struct skel_validate_table *t = R->t;
    if (o->nbaseline == 0)
        return SKEL_OK;
    if ((t->series = calloc(o->nbaseline, sizeof *t->series)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t j = 0; j < o->nbaseline; j++) {
        struct skel_validate_series *s = &t->series[j];
        t->nseries = j + 1;
        if ((s->label = join_argv(o->baseline_argv[j])) == NULL ||
            (s->reference = strdup(refsc->name)) == NULL ||
            (s->scenario = calloc(R->nord, sizeof *s->scenario)) == NULL ||
            (s->time_s = calloc(R->nord, sizeof *s->time_s)) == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        s->n = R->nord;
        for (size_t i = 0; i < R->nord; i++)
            if ((s->scenario[i] = strdup(R->order[i]->name)) == NULL)
                return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    return SKEL_OK;
}

/* The node set (and the testbed the scenarios need), the base of every
 * launch, the scratch directory. */
static int open_nodes(struct runner *R)
{
    const struct skel_validate_opts *o = R->o;
    struct skel_validate_table *t = R->t;
    char spec[512];
    if (o->nodes != NULL)
        snprintf(spec, sizeof spec, "%s", o->nodes);
    else if (t->nranks <= SKEL_TESTBED_MAX_HOSTS) {
        int w = snprintf(spec, sizeof spec, "testbed:");
        for (unsigned i = 1; i <= t->nranks; i++)
            w += snprintf(spec + w, sizeof spec - (size_t)w, "%s%u", i > 1 ? "," : "", i);
    } else
        snprintf(spec, sizeof spec, "testbed");
    if ((t->nodes = strdup(spec)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    const struct skel_scenario *widest = NULL;
    int any_sharing = 0, rc;
    for (size_t i = 0; i < R->nord; i++) {
        if (widest == NULL || skel_scenario_max_host(R->order[i]) > skel_scenario_max_host(widest))
            widest = R->order[i];
        any_sharing |= R->order[i]->ncpu > 0 || R->order[i]->nlink > 0;
    }
    if ((rc = skel_launch_open_nodes(spec, any_sharing ? widest : NULL, 1, &R->sets, &R->tb,
                                     &t->implicit_testbed)) != SKEL_OK)
        return rc;
    if (any_sharing && R->sets->sets[0].kind != SKEL_NODESET_TESTBED)
        return skel_fail(SKEL_EUSAGE,
                         "'%s' is not a testbed node set: sharing scenarios act on testbed hosts "
                         "(use --nodes testbed:1,2 or leave --nodes out)",
                         spec);
    for (size_t i = 0; i < R->nord; i++)
        if ((R->order[i]->ncpu > 0 || R->order[i]->nlink > 0) &&
            (rc = skel_scenario_check(R->order[i], o->scenarios, skel_testbed_nhosts(R->tb))) !=
                SKEL_OK)
            return rc;
    R->app_mpi = program_mpi(R, o->app_argv[0]);
    R->base = (struct skel_launch_spec){.nodes = &R->sets->sets[0],
                                        .testbed = R->tb,
                                        .nranks = t->nranks,
                                        .mpi = o->mpi,
                                        .timeout_s = o->timeout_s,
                                        .yield = o->yield,
                                        .finalize_shim = SKEL_LAUNCH_SHIM_AUTO,
                                        .label = t->nodes,
                                        .verbose = o->verbose,
                                        .tools = o->tools};
    if (o->log_dir != NULL)
        return SKEL_OK;
    rc = skel_scratch_make("validate", R->tmpdir, sizeof R->tmpdir);
    if (rc != SKEL_OK)
        return rc;
    R->made_tmpdir = 1;
    return SKEL_OK;
}

/* The compute calibration of each skeleton, measured unshared and given to
 * every later run (select.h): from SKEL_SELECT_CAL_LAUNCHES launches
 * (skel_select_calibration_pick(): one launch can calibrate inside a slow
 * period of a virtual CPU and make every later run do a third less work).
 * With it fixed, each skeleton launch
 * also measures the launch overhead. */
static int calibrate_skeletons(struct runner *R)
{
    for (size_t k = 0; k < R->nsk && !R->o->self_calibrate; k++) {
        double cal[SKEL_SELECT_CAL_LAUNCHES], spread = 0;
        char calws[SKEL_SELECT_CAL_LAUNCHES][SKEL_SELECT_CALWS_MAX];
        for (int i = 0; i < SKEL_SELECT_CAL_LAUNCHES; i++) {
            double launch;
            struct skel_validate_measure m;
            char what[32];
            snprintf(what, sizeof what, "(calibration %d/%d)", i + 1, SKEL_SELECT_CAL_LAUNCHES);
            cal[i] = 0;
            int rc = run_skeleton(R, &R->sk[k], k, what, 1, 0, &m, &launch, &cal[i], calws[i]);
            if (rc == SKEL_OK && !(cal[i] > 0))
                rc = skel_fail(SKEL_EFORMAT, "%s reported no calibration", R->sk[k].exe);
            if (rc != SKEL_OK)
                return skel_fail_context(rc, "the calibration run of %s", R->o->skeleton_dirs[k]);
        }
        skel_select_calibration_pick(cal, (const char(*)[SKEL_SELECT_CALWS_MAX])calws,
                                     SKEL_SELECT_CAL_LAUNCHES, &R->t->skel[k].calibration,
                                     R->sk[k].calibration_ws, &spread);
        R->t->skel[k].calibration_spread = spread;
        size_t w = strlen(R->t->warning);
        if (spread > SKEL_SELECT_CAL_BAND)
            snprintf(R->t->warning + w, sizeof R->t->warning - w,
                     "%sskeleton %zu's calibration launches differed by %.0f %% (a slow "
                     "period of the machine, or the caches): the arithmetic kernel's near "
                     "the fastest and the walks' medians are used",
                     w ? "; " : "", k + 1, spread * 100);
    }
    return SKEL_OK;
}

/* The launch overhead under scenario i, from the skeletons' launches
 * (lsamp, nl of them; the reference's if none of them ran), taken off the
 * applications' wall times. */
static void take_launch_off(struct runner *R, size_t i, double *lsamp, size_t nl)
{
    struct skel_validate_table *t = R->t;
    struct skel_validate_row *row = &t->rows[i];
    const char *name = R->order[i]->name;
    if (nl > 0)
        row->launch_s = skel_select_median(lsamp, nl);
    else {
        row->launch_s = i > 0 ? t->rows[0].launch_s : 0;
        snprintf(t->warning, sizeof t->warning,
                 "%s: no skeleton ran, so the applications' times there are net of the "
                 "reference's launch overhead",
                 name);
    }
    net_of(&row->app, row->launch_s);
    net_of(&row->small, row->launch_s);
    for (size_t j = 0; j < R->o->nbaseline; j++)
        if (t->series[j].time_s[i] > row->launch_s)
            t->series[j].time_s[i] -= row->launch_s;
        else
            t->series[j].time_s[i] = 0;
    if (R->o->progress != NULL) {
        struct skel_validate_measure lm = {
            .ok = nl > 0, .time_s = row->launch_s, .runs = (unsigned)nl};
        if (nl == 0)
            snprintf(lm.error, sizeof lm.error, "no skeleton ran");
        R->o->progress(R->o->progress_arg, name, "launch", &lm);
    }
}

/* Everything measured under scenario i (applied around the runs), in
 * rounds: the application, each skeleton, the small-input run and the
 * baselines once per round, so that a drift in conditions while the
 * scenario is applied hits all of them alike; each gets the median of its
 * rounds.  Returns the code of the last run (SKEL_EINTERRUPTED stops at
 * once). */
static int measure_scenario(struct runner *R, size_t i)
{
    const struct skel_validate_opts *o = R->o;
    struct skel_validate_table *t = R->t;
    struct skel_validate_row *row = &t->rows[i];
    const struct skel_scenario *sc = R->order[i];
    struct acc *accs = calloc(2 + R->nsk + o->nbaseline, sizeof *accs);
    if (accs == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    struct acc *app = &accs[0], *small = &accs[1], *sk = &accs[2], *base = &accs[2 + R->nsk];
    double lsamp[SKEL_VALIDATE_MAX_ROUNDS * SKEL_VALIDATE_MAX_SKELETONS];
    size_t nl = 0;
    int e = SKEL_OK;
    for (unsigned r = 0; r < t->app_repeat && e != SKEL_EINTERRUPTED; r++) {
        if (!app->failed)
            e = run_app(R, o->app_argv, sc->name, "application", app);
        for (size_t k = 0; k < R->nsk && e != SKEL_EINTERRUPTED; k++) {
            double launch = 0;
            if (sk[k].failed)
                continue;
            e = run_skeleton_round(R, k, sc->name, o->self_calibrate ? 0 : t->skel[k].calibration,
                                   &sk[k], &launch);
            if (launch > 0)
                lsamp[nl++] = launch;
        }
        if (o->small_argv != NULL && !small->failed && e != SKEL_EINTERRUPTED)
            e = run_app(R, o->small_argv, sc->name, "small input", small);
        for (size_t j = 0; j < o->nbaseline && e != SKEL_EINTERRUPTED; j++) {
            char what[32];
            snprintf(what, sizeof what, "baseline %zu", j + 1);
            if (!base[j].failed)
                e = run_app(R, o->baseline_argv[j], sc->name, what, &base[j]);
        }
    }
    acc_finish(app, &row->app);
    if (o->small_argv != NULL)
        acc_finish(small, &row->small);
    for (size_t k = 0; k < R->nsk; k++)
        acc_finish(&sk[k], &row->skel[k]);
    for (size_t j = 0; j < o->nbaseline; j++) {
        struct skel_validate_measure m;
        acc_finish(&base[j], &m);
        t->series[j].time_s[i] = m.ok ? m.time_s : 0;
        R->failed |= !m.ok && e != SKEL_EINTERRUPTED;
    }
    free(accs);
    if (t->net && e != SKEL_EINTERRUPTED)
        take_launch_off(R, i, lsamp, nl);
    return e;
}

/* A measured scaling ratio far from the skeleton's K means the reference
 * runs of the application or the skeleton are off (the skeleton should run
 * 1/K as long as the application): worth a warning, as for skel select. */
static void ratio_warnings(struct skel_validate_table *t)
{
    for (size_t k = 0; k < t->nskel; k++) {
        double r = t->skel[k].ratio, kk = t->skel[k].k;
        if (!(r > 0 && kk >= 1) ||
            (r >= kk / SKEL_SELECT_RATIO_FAR && r <= kk * SKEL_SELECT_RATIO_FAR))
            continue;
        size_t w = strlen(t->warning);
        snprintf(t->warning + w, sizeof t->warning - w,
                 "%sthe measured scaling ratio of skeleton %zu, %.3g, is far from its K = %.4g: "
                 "its reference runs (or the application's) are off",
                 w ? "; " : "", k + 1, r, kk);
    }
}

/* Scenario i: apply, measure everything, remove; after the reference, the
 * ratios and the calibration files. */
static int run_scenario(struct runner *R, size_t i)
{
    const struct skel_validate_opts *o = R->o;
    struct skel_validate_row *row = &R->t->rows[i];
    const struct skel_scenario *sc = R->order[i];
    skel_scenario_applied *ap = NULL;
    int rc = skel_usecase_interrupted();
    if (rc != SKEL_OK)
        return rc;
    if ((sc->ncpu > 0 || sc->nlink > 0) && (rc = skel_scenario_apply(sc, R->tb, &ap)) != SKEL_OK)
        return skel_fail_context(rc, "applying scenario '%s'", sc->name);
    int e = measure_scenario(R, i);
    int er = skel_scenario_remove(ap);
    if (e == SKEL_EINTERRUPTED || skel_proc_interrupted())
        return skel_fail(SKEL_EINTERRUPTED, "interrupted by signal %d", skel_proc_interrupted());
    if (er != SKEL_OK)
        return skel_fail_context(er, "removing scenario '%s'", sc->name);
    int row_failed = !row->app.ok || (o->small_argv != NULL && !row->small.ok);
    for (size_t k = 0; k < R->nsk; k++)
        row_failed |= !row->skel[k].ok;
    R->failed |= row_failed;
    if (!row->reference)
        return SKEL_OK;
    if (!row->app.ok || !row->skel[0].ok) {
        const char *why = !row->app.ok ? row->app.error : row->skel[0].error;
        return skel_fail(SKEL_EEXEC, "the reference run ('%s') failed: %s", sc->name, why);
    }
    skel_validate_compute(R->t);
    ratio_warnings(R->t);
    if (o->write_calibration)
        write_calibrations(o, R->t, row, R->sk);
    return SKEL_OK;
}

static int measure_all(const struct skel_validate_opts *o, struct skel_validate_table *t)
{
    struct runner R;
    const struct skel_scenario *refsc = NULL;
    memset(t, 0, sizeof *t);
    memset(&R, 0, sizeof R);
    R.o = o;
    R.t = t;
    int rc = check_opts(o);
    if (rc != SKEL_OK)
        return rc;
    if ((rc = load_skeletons(&R)) == SKEL_OK && (rc = order_scenarios(&R, &refsc)) == SKEL_OK &&
        (rc = baseline_series(&R, refsc)) == SKEL_OK && (rc = open_nodes(&R)) == SKEL_OK) {
        t->net = !o->wall_time;
        /* Every launch: the calibrations, then per scenario the application,
         * the skeletons, the small input and the baselines. */
        unsigned rounds = o->repeat ? o->repeat : SKEL_VALIDATE_ROUNDS;
        R.launches = (unsigned)(o->self_calibrate ? 0 : R.nsk) +
                     (unsigned)R.nord * rounds *
                         (unsigned)(1 + R.nsk + (o->small_argv != NULL) + o->nbaseline);
        rc = calibrate_skeletons(&R);
    }
    /* Scenario after scenario: apply, measure everything, remove. */
    for (size_t i = 0; i < R.nord && rc == SKEL_OK; i++)
        rc = run_scenario(&R, i);
    if (rc == SKEL_OK) {
        skel_validate_compute(t);
        if (R.failed)
            rc = skel_fail(SKEL_EEXEC, "some runs failed (their cells are empty)");
    }
    rc = skel_usecase_release(R.tb, rc);
    if (R.made_tmpdir)
        skel_scratch_remove(R.tmpdir);
    for (size_t k = 0; k < R.nsk; k++)
        skel_select_skeleton_free(&R.sk[k]);
    skel_nodeset_list_free(R.sets);
    free(R.order);
    skel_scenario_list_free(R.scl);
    return rc;
}

/* The baselines of earlier runs (their CSVs), then the derived values.  A
 * failure to read one replaces rc; otherwise rc stays, with its detail. */
static int add_baseline_csvs(const struct skel_validate_opts *o, struct skel_validate_table *t,
                             int rc)
{
    char detail[2048];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    for (size_t i = 0; i < o->nbaseline_csv; i++) {
        struct skel_validate_series s;
        int e = skel_validate_series_from_csv(o->baseline_csv[i], &s);
        if (e == SKEL_OK && (e = skel_validate_add_series(t, &s)) != SKEL_OK)
            skel_validate_series_free(&s);
        if (e != SKEL_OK)
            return e;
    }
    skel_validate_compute(t);
    return rc == SKEL_OK ? SKEL_OK : skel_fail(rc, "%s", detail);
}

int skel_validate_run(const struct skel_validate_opts *o, struct skel_validate_table *t)
{
    struct skel_validate_opts with = *o;
    char ***cmds = NULL;
    int rc = SKEL_OK;
    memset(t, 0, sizeof *t);
    if (o->from_csv == NULL && o->baseline_file != NULL &&
        (rc = skel_validate_load_commands(o->baseline_file, &cmds, &with.nbaseline)) == SKEL_OK)
        with.baseline_argv = (char *const *const *)cmds;
    if (rc == SKEL_OK)
        rc = o->from_csv != NULL ? skel_validate_read_csv(o->from_csv, t) : measure_all(&with, t);
    if (o->tolerance > 0)
        t->tolerance = o->tolerance;
    if (skel_validate_complete(t, rc))
        rc = add_baseline_csvs(o, t, rc);
    skel_validate_commands_free(cmds, cmds != NULL ? with.nbaseline : 0);
    return rc;
}

int skel_validate_complete(const struct skel_validate_table *t, int rc)
{
    return rc == SKEL_OK || (rc == SKEL_EEXEC && t->nrows > 0 && t->rows[0].app.ok);
}
