/* calibrate.c - trace-driven predictions against skeleton runs (calibrate.h). */
#include "calibrate.h"
#include "scratch.h"

#include "afile.h"
#include "commtable.h"
#include "critpath.h"
#include "csv.h"
#include "error.h"
#include "gen.h"
#include "lbf.h"
#include "netprobe_run.h"
#include "nodeset.h"
#include "plan.h"
#include "proc.h"
#include "scenario.h"
#include "schedprobe.h"
#include "select.h"
#include "sigfile.h"
#include "sketch.h"
#include "testbed.h"
#include "trace.h"
#include "usecase.h"

#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- Pieces with no side effects (unit-tested) --------------------------- */

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s != NULL ? s + 1 : p;
}

void skel_calibrate_site_addr(const skel_sig_site *site, char *out, size_t len)
{
    if (site->module != NULL && site->module[0] != '\0')
        snprintf(out, len, "%s+0x%llx", base_name(site->module), (unsigned long long)site->offset);
    else
        snprintf(out, len, "0x%llx", (unsigned long long)site->offset);
}

static int site_is(const skel_signature *s, uint32_t site, const char *addr)
{
    int start = addr == NULL || addr[0] == '\0' || strcmp(addr, "(start)") == 0;
    if (site == SKEL_SIG_NONE || site >= s->nsites)
        return start;
    if (start)
        return 0;
    char buf[512];
    skel_calibrate_site_addr(&s->sites[site], buf, sizeof buf);
    return strcmp(buf, addr) == 0;
}

static void zero_dist(skel_sig_dist *d)
{
    skel_sketch_free(&d->sketch);
    memset(&d->sketch, 0, sizeof d->sketch);
    d->sketch.count = d->count;
    d->sketch.zeros = d->count;
    d->mean = 0;
    d->min = d->max = 0;
}

int skel_calibrate_zero_phase(skel_signature *s, const char *from_addr, const char *to_addr,
                              uint32_t *nsym, double *zeroed_ns)
{
    *nsym = 0;
    *zeroed_ns = 0;
    if (to_addr == NULL || to_addr[0] == '\0')
        return skel_fail(SKEL_EUSAGE, "a compute phase needs the call site it ends at");
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        skel_sig_symbol *y = &s->symbols[i];
        if (y->site == SKEL_SIG_NONE || !site_is(s, y->site, to_addr) ||
            !site_is(s, y->prev_site, from_addr))
            continue;
        *zeroed_ns += (double)y->occurrences * y->compute.mean;
        zero_dist(&y->compute);
        zero_dist(&y->compute_cpu);
        y->time_ns = (double)y->occurrences * y->duration.mean;
        (*nsym)++;
    }
    return *nsym > 0 ? skel_signature_derive(s) : SKEL_OK;
}

int skel_calibrate_placement_blocks(const char *spec, uint32_t nranks, unsigned *slots, size_t cap,
                                    size_t *nproc)
{
    struct skel_lbf_placement *p = NULL;
    int rc = skel_lbf_placement_parse(spec, nranks, &p);
    if (rc != SKEL_OK)
        return rc;
    *nproc = p->ngroups;
    if (p->ngroups > cap) {
        rc = skel_fail(SKEL_EUSAGE,
                       "placement '%s': %u processors, the testbed has room for %zu at most", spec,
                       p->ngroups, cap);
        goto out;
    }
    for (size_t g = 0; g < p->ngroups; g++)
        slots[g] = 0;
    for (uint32_t r = 0; r < nranks; r++) {
        /* Blocks: a rank's processor is its predecessor's or the next one. */
        if (r > 0 && p->group[r] != p->group[r - 1] && p->group[r] != p->group[r - 1] + 1) {
            rc = skel_fail(SKEL_EUSAGE,
                           "placement '%s': rank %u is not in the processor after rank %u's: "
                           "the testbed places ranks in blocks (e.g. 0-1/2-3)",
                           spec, r, r - 1);
            goto out;
        }
        if (r == 0 && p->group[0] != 0) {
            rc = skel_fail(SKEL_EUSAGE, "placement '%s': rank 0 must be in the first group", spec);
            goto out;
        }
        slots[p->group[r]]++;
    }
out:
    skel_lbf_placement_free(p);
    return rc;
}

/* ---- Result --------------------------------------------------------------- */

void skel_calibrate_result_free(struct skel_calibrate_result *res)
{
    free(res->rows);
    res->rows = NULL;
    res->n = 0;
}

static struct skel_calibrate_row *add_row(struct skel_calibrate_result *res, const char *kind,
                                          const char *target)
{
    struct skel_calibrate_row *v = realloc(res->rows, (res->n + 1) * sizeof *v);
    if (v == NULL)
        return NULL;
    res->rows = v;
    struct skel_calibrate_row *r = &v[res->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->kind, sizeof r->kind, "%s", kind);
    snprintf(r->target, sizeof r->target, "%s", target);
    r->predicted_change = r->measured_change = r->error = NAN;
    r->baseline_s = r->measured_s = r->min_s = r->max_s = NAN;
    r->app_s = r->app_change = r->app_error = NAN;
    r->predicted_lo = r->predicted_hi = NAN;
    r->change_min = r->change_max = r->app_change_min = r->app_change_max = NAN;
    r->inside = r->app_inside = -1;
    return r;
}

static void row_error(struct skel_calibrate_row *r)
{
    r->error =
        isfinite(r->predicted_change) && isfinite(r->measured_change) && r->measured_change > 0
            ? r->predicted_change / r->measured_change - 1
            : NAN;
    r->inside = isfinite(r->predicted_lo) && isfinite(r->measured_change)
                    ? r->measured_change >= r->predicted_lo && r->measured_change <= r->predicted_hi
                    : -1;
}

static void fmt_change(double v, char *buf, size_t len)
{
    if (isfinite(v))
        snprintf(buf, len, "%.3fx", v);
    else
        snprintf(buf, len, "-");
}

/* "1.82..1.91" or "-" */
static void fmt_range(double lo, double hi, char *buf, size_t len)
{
    if (isfinite(lo) && isfinite(hi))
        snprintf(buf, len, "%.2f..%.2f", lo, hi);
    else
        snprintf(buf, len, "-");
}

void skel_calibrate_print(FILE *out, const struct skel_calibrate_result *res)
{
    fprintf(out,
            "skeleton %s: %u ranks, K = %.6g, baseline %.4f s (%.4f..%.4f) on one rank "
            "per testbed host\n",
            res->skeleton, res->nranks, res->k, res->baseline_s, res->baseline_min_s,
            res->baseline_max_s);
    if (res->sched_probe[0])
        fprintf(out, "host 1's %s\n", res->sched_probe);
    if (res->sched[0])
        fprintf(out, "placements predicted with the scheduler model %s\n", res->sched);
    if (res->cp_length_ns > 0)
        fprintf(out, "critical path of the trace between MPI_Init and MPI_Finalize: %.6f s\n",
                res->cp_length_ns * 1e-9);
    if (res->app_baseline_s > 0)
        fprintf(out, "application at the baseline: %.4f s (net of the launch overhead)\n",
                res->app_baseline_s);
    if (res->rounds > 0)
        fprintf(out,
                "measured in %u rounds (every configuration once per round); changes are the "
                "median over the rounds, with their smallest..largest\n",
                res->rounds);
    int app = res->app_baseline_s > 0;
    fprintf(out, "\n%-10s %-28s %9s %11s %9s %11s %8s %3s", "prediction", "target", "predicted",
            "interval", "skeleton", "spread", "error", "in");
    if (app)
        fprintf(out, " %9s %11s %8s %3s", "app", "spread", "error", "in");
    fputc('\n', out);
    double sum = 0, asum = 0;
    size_t n = 0, an = 0;
    for (size_t i = 0; i < res->n; i++) {
        const struct skel_calibrate_row *r = &res->rows[i];
        char p[32], iv[48], m[32], sp[48], e[32];
        fmt_change(r->predicted_change, p, sizeof p);
        fmt_range(r->predicted_lo, r->predicted_hi, iv, sizeof iv);
        fmt_change(r->measured_change, m, sizeof m);
        fmt_range(r->change_min, r->change_max, sp, sizeof sp);
        if (isfinite(r->error)) {
            snprintf(e, sizeof e, "%+.1f%%", 100 * r->error);
            sum += fabs(r->error);
            n++;
        } else
            snprintf(e, sizeof e, "-");
        fprintf(out, "%-10s %-28.28s %9s %11s %9s %11s %8s %3s", r->kind, r->target, p, iv, m, sp,
                e,
                r->inside < 0 ? "-"
                : r->inside   ? "yes"
                              : "no");
        if (app) {
            char a[32], asp[48], ae[32];
            fmt_change(r->app_change, a, sizeof a);
            fmt_range(r->app_change_min, r->app_change_max, asp, sizeof asp);
            if (isfinite(r->app_error)) {
                snprintf(ae, sizeof ae, "%+.1f%%", 100 * r->app_error);
                asum += fabs(r->app_error);
                an++;
            } else
                snprintf(ae, sizeof ae, "-");
            fprintf(out, " %9s %11s %8s %3s", a, asp, ae,
                    r->app_inside < 0 ? "-"
                    : r->app_inside   ? "yes"
                                      : "no");
        }
        fputc('\n', out);
        if (r->note[0])
            fprintf(out, "%-10s   note: %s\n", "", r->note);
    }
    if (n > 0)
        fprintf(out,
                "\nmean |error| %.1f%% over %zu predictions (changes are new / old run "
                "time; error = predicted / measured - 1)\n",
                100 * sum / (double)n, n);
    if (an > 0)
        fprintf(out, "against the application: mean |error| %.1f%% over %zu predictions\n",
                100 * asum / (double)an, an);
}

int skel_calibrate_write_csv(const char *path, const struct skel_calibrate_result *res)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return rc;
    FILE *f = skel_afile_stream(af);
    fputs("kind,target,predicted_change,measured_change,error,baseline_s,measured_s,min_s,max_s,"
          "app_baseline_s,app_s,app_change,app_error,note,predicted_lo,predicted_hi,inside,"
          "rounds,change_min,change_max,app_rounds,app_change_min,app_change_max,app_inside\n",
          f);
    for (size_t i = 0; i < res->n; i++) {
        const struct skel_calibrate_row *r = &res->rows[i];
        skel_csv_field(f, r->kind);
        fputc(',', f);
        skel_csv_field(f, r->target);
        const double v[] = {r->predicted_change,
                            r->measured_change,
                            r->error,
                            r->baseline_s,
                            r->measured_s,
                            r->min_s,
                            r->max_s,
                            res->app_baseline_s > 0 ? res->app_baseline_s : NAN,
                            r->app_s,
                            r->app_change,
                            r->app_error};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            fputc(',', f);
            skel_csv_num(f, v[k]);
        }
        fputc(',', f);
        skel_csv_field(f, r->note);
        const double w[] = {r->predicted_lo,
                            r->predicted_hi,
                            r->inside < 0 ? NAN : r->inside,
                            r->rounds > 0 ? r->rounds : NAN,
                            r->change_min,
                            r->change_max,
                            r->app_rounds > 0 ? r->app_rounds : NAN,
                            r->app_change_min,
                            r->app_change_max,
                            r->app_inside < 0 ? NAN : r->app_inside};
        for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
            fputc(',', f);
            skel_csv_num(f, w[k]);
        }
        fputc('\n', f);
    }
    return skel_afile_commit(af);
}

/* ---- Running -------------------------------------------------------------- */

/* A configuration measured in every round: the baseline, the placement, or
 * a network. */
struct cfg {
    int kind;                       /* CFG_* */
    size_t row;                     /* its row (not the baseline) */
    struct skel_nodeset_list *sets; /* the placement's node set; NULL: one rank per host */
    uint64_t bps;                   /* a network's link limit */
    double skel[SKEL_CALIBRATE_MAX_ROUNDS], app[SKEL_CALIBRATE_MAX_ROUNDS]; /* NAN: failed */
    double min_s, max_s; /* over every repeat of every round */
    char error[512];     /* the last failure */
};
enum { CFG_BASE, CFG_PLACE, CFG_NET };

/* A link rate's table and what the links do under it. */
struct net {
    uint64_t bps;
    char rate[64];
    double ns_per_byte; /* the shaper, as the limited table's large messages show it */
    double burst;
};

struct run {
    const struct skel_calibrate_opts *o;
    struct skel_calibrate_result *res;
    char work[4096];
    int made_work;
    skel_trace *trace;
    skel_commtable *current; /* the trace's network */
    skel_commtable *testbed; /* cross-host rows of the testbed + two ranks sharing host 1 */
    skel_testbed *tb;
    struct skel_nodeset_list *sets; /* one rank per host */
    struct skel_launch_spec base;
    struct skel_select_skeleton sk;
    char bspec[64]; /* LBF spec of one rank per processor, one processor per host */
    struct skel_nodeset_list *local; /* set while the zero rows run where the trace was taken */
    const char *placement;           /* the placement row's spec; NULL: no placement row */
    char defpl[64];                  /* the default: two ranks per processor */
    struct skel_lbf_sched sched;     /* how host 1's processor is shared */
    /* host 1's processor measured: three probes before the rounds, one in
     * each round (with a placement row), the sched from their medians */
    int probe_cpu;
    struct skel_schedprobe_result probes[3 + SKEL_CALIBRATE_MAX_ROUNDS];
    unsigned nprobes;
    char place_spec[1024]; /* the placement row's LBF spec ("" if none) */
    size_t place_row;
    skel_lbf_spread *spread; /* the trace's spread, for the intervals */
    struct net nets[SKEL_CALIBRATE_MAX_LINKS];
    unsigned nnets;
    struct cfg *cfgs;
    size_t ncfgs;
    double base_ns, base_lo, base_hi; /* the baseline's predicted body */
};

/* The quantiles of the intervals. */
#define LO_Q 0.1
#define HI_Q 0.9

/* Progress as the calibration goes (calibrate.h). */
#define PROGRESS(R, ...) skel_usecase_tell((R)->o->progress, (R)->o->progress_arg, __VA_ARGS__)

/* A cost table of a node set (netprobe_run.h), into path, the ranks' output
 * into WORK/log-netprobe.txt.  With yield, the ranks preload the yield shim,
 * as the skeleton's and the application's do on the testbed: the table is
 * then what their messages meet (busy-polling ranks see a throttled link's
 * packets only at the next scheduler tick, 4 ms here, docs/predictions.md). */
static int netprobe(struct run *R, const char *nodes, int kind, int yield, const char *path,
                    skel_commtable **out)
{
    char preload[4200], log[4300];
    snprintf(preload, sizeof preload, "LD_PRELOAD=%s", R->o->tools.shim_yield);
    snprintf(log, sizeof log, "%s/log-netprobe.txt", R->work);
    const char *const env[] = {preload, NULL};
    struct skel_netprobe_run_opts po = {.nodes = nodes,
                                        .output = path,
                                        .kind = kind,
                                        .max_size = 262144,
                                        .seconds = 0.05,
                                        .timeout_s = R->o->timeout_s,
                                        .env = yield ? env : NULL,
                                        .program = R->o->netprobe,
                                        .tools = R->o->tools,
                                        .testbed = R->tb,
                                        .log = log};
    struct skel_netprobe_run_result res;
    int rc = skel_netprobe_run(&po, &res);
    if (rc == SKEL_OK) {
        *out = res.table;
        res.table = NULL;
    }
    skel_netprobe_run_free(&res);
    if (rc != SKEL_OK)
        skel_fail_context(rc, "measuring the %s table of '%s'", skel_commtable_kind_name(kind),
                          nodes);
    return rc;
}

/* The kind-rows of a into t. */
static int copy_rows(skel_commtable *t, const skel_commtable *a, int kind)
{
    for (size_t i = 0; i < skel_commtable_nrows(a); i++) {
        const struct skel_commtable_row *r = skel_commtable_row(a, i);
        if (r->kind != kind)
            continue;
        struct skel_commtable_row c = *r;
        c.line = 0;
        int rc = skel_commtable_add(t, &c);
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

/* A table with the cross-host rows of cross and the same-host rows of same. */
static int combine(const char *name, const skel_commtable *cross, const skel_commtable *same,
                   skel_commtable **out)
{
    int rc = skel_commtable_new(name, out);
    if (rc == SKEL_OK)
        rc = copy_rows(*out, cross, SKEL_COMMTABLE_CROSS_HOST);
    if (rc == SKEL_OK)
        rc = copy_rows(*out, same, SKEL_COMMTABLE_SAME_HOST);
    return rc;
}

/* Time per byte of the largest messages of a kind: the slope between the
 * two largest sizes measured.  Under a shaper that is its rate as payload
 * meets it; smaller messages fit the bucket or wait for it, which the
 * prediction's links model instead of the table (docs/predictions.md). */
static double large_slope(const skel_commtable *t, int kind)
{
    const struct skel_commtable_row *a = NULL, *b = NULL;
    for (size_t i = 0; i < skel_commtable_nrows(t); i++) {
        const struct skel_commtable_row *r = skel_commtable_row(t, i);
        if (r->kind != kind)
            continue;
        a = b;
        b = r;
    }
    if (a == NULL || b == NULL || b->size <= a->size)
        return 0;
    double v = (b->median_ns - a->median_ns) / (double)(b->size - a->size);
    return v > 0 ? v : 0;
}

/* The body's predicted time for the placement spec on the testbed's table,
 * with links passing a byte per ns_per_byte (0: none) in buckets of burst;
 * and the same with every compute phase and call's own work at its 10th and
 * 90th percentile. */
static int predict(struct run *R, const char *spec, double ns_per_byte, double burst, double *ns,
                   double *lo, double *hi)
{
    struct skel_lbf_placement *p = NULL;
    int rc = skel_lbf_placement_parse(spec, skel_trace_nranks(R->trace), &p);
    if (rc != SKEL_OK)
        return rc;
    struct skel_lbf_opts lo_opts;
    memset(&lo_opts, 0, sizeof lo_opts);
    lo_opts.placement = p;
    lo_opts.current = R->current;
    lo_opts.target = R->testbed;
    lo_opts.untraced = 1;
    lo_opts.link_burst = burst;
    lo_opts.link_ns_per_byte = ns_per_byte;
    lo_opts.sched = R->sched;
    lo_opts.spread = R->spread;
    lo_opts.stop = skel_proc_interrupt_flag(); /* Ctrl-C stops a long simulation too */
    struct skel_lbf_result lr;
    memset(&lr, 0, sizeof lr);
    rc = skel_lbf_predict_interval(R->trace, &lo_opts, LO_Q, HI_Q, &lr, lo, hi);
    /* The skeleton times its body, between barriers after MPI_Init and
     * before MPI_Finalize: so does the change predicted for it.  MPI_Init's
     * start-up is a large constant in a short trace that would otherwise
     * dilute every change. */
    *ns = lr.body_end_ns - lr.body_start_ns;
    skel_lbf_result_free(&lr);
    skel_lbf_placement_free(p);
    if (rc == SKEL_OK && !(*ns > 0))
        rc = skel_fail(SKEL_EFORMAT, "the prediction for '%s' is empty", spec);
    return rc;
}

/* A predicted change and its interval: the changes at the quantiles, and
 * the change itself, span it. */
static void set_prediction(struct run *R, struct skel_calibrate_row *row, double ns, double lo,
                           double hi)
{
    row->predicted_change = ns / R->base_ns;
    double c[3] = {row->predicted_change, lo / R->base_lo, hi / R->base_hi};
    row->predicted_lo = row->predicted_hi = c[0];
    for (int i = 1; i < 3; i++) {
        if (!isfinite(c[i]))
            continue;
        if (c[i] < row->predicted_lo)
            row->predicted_lo = c[i];
        if (c[i] > row->predicted_hi)
            row->predicted_hi = c[i];
    }
}

/* The skeleton sk on nodes (NULL: one rank per host), with the fixed
 * calibration.  With R->local set, on this machine as the trace was taken
 * (no testbed, no yield shim). */
static int measure(struct run *R, const struct skel_select_skeleton *sk,
                   const struct skel_nodeset *nodes, unsigned repeat, double calib,
                   struct skel_select_measurement *m)
{
    struct skel_launch_spec spec = R->base;
    if (nodes != NULL)
        spec.nodes = nodes;
    if (R->local != NULL) {
        spec.nodes = &R->local->sets[0];
        spec.testbed = NULL;
        spec.yield = 0;
        spec.label = "local";
    }
    int rc = skel_select_measure(sk, &spec, NULL, repeat, calib, m);
    if (rc != SKEL_OK && rc != SKEL_EINTERRUPTED)
        skel_fail_context(rc, "running %s", sk->exe);
    return rc;
}

/* The application once on nodes (NULL: one rank per host): its wall time
 * less the launch overhead lo (the skeleton's under the same conditions). */
static int measure_app(struct run *R, const struct skel_nodeset *nodes, double lo, double *out)
{
    char log[4300];
    snprintf(log, sizeof log, "%s/log-app.txt", R->work);
    struct skel_launch_spec spec = R->base;
    if (nodes != NULL)
        spec.nodes = nodes;
    spec.argv = R->o->app_argv;
    spec.repeat = 1;
    spec.stdout_path = spec.stderr_path = log;
    struct skel_launch_result lr;
    memset(&lr, 0, sizeof lr);
    int rc = skel_launch_run(&spec, &lr);
    if (rc == SKEL_OK && lr.stats.n == 0)
        rc = skel_fail(SKEL_EEXEC, "the application did not run (output: %s)", log);
    if (rc == SKEL_OK) {
        *out = lr.stats.median_s - (lo > 0 && lo < lr.stats.median_s ? lo : 0);
        PROGRESS(R, "application: %.4f s (wall %.4f s less %.4f s launch overhead)", *out,
                 lr.stats.median_s, lo > 0 ? lo : 0);
    } else if (rc != SKEL_EINTERRUPTED)
        skel_fail_context(rc, "running the application (output: %s)", log);
    skel_launch_result_free(&lr);
    return rc;
}

/* A measurement that failed leaves its row without a measured change; an
 * interruption stops everything. */
static int measured_or_note(int rc, struct skel_calibrate_row *row)
{
    if (rc == SKEL_EINTERRUPTED)
        return rc;
    if (rc != SKEL_OK)
        snprintf(row->note, sizeof row->note, "not measured: %s", skel_last_error());
    return SKEL_OK;
}

static void fill_measured(struct run *R, struct skel_calibrate_row *row,
                          const struct skel_select_measurement *m)
{
    row->baseline_s = R->res->baseline_s;
    row->measured_s = m->rep.elapsed_s;
    row->min_s = m->rep.min_s;
    row->max_s = m->rep.max_s;
    row->measured_change = m->rep.elapsed_s / R->res->baseline_s;
    row_error(row);
}

static struct cfg *add_cfg(struct run *R, int kind)
{
    struct cfg *v = realloc(R->cfgs, (R->ncfgs + 1) * sizeof *v);
    if (v == NULL)
        return NULL;
    R->cfgs = v;
    struct cfg *c = &v[R->ncfgs++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->min_s = INFINITY;
    c->max_s = -INFINITY;
    for (size_t i = 0; i < SKEL_CALIBRATE_MAX_ROUNDS; i++)
        c->skel[i] = c->app[i] = NAN;
    return c;
}

/* The placement row: its prediction, and its configuration in the rounds. */
static int plan_placement(struct run *R, const char *spec_in)
{
    unsigned n = R->res->nranks;
    unsigned slots[SKEL_TESTBED_MAX_HOSTS];
    size_t nproc = 0;
    int rc = skel_calibrate_placement_blocks(spec_in, n, slots, SKEL_TESTBED_MAX_HOSTS, &nproc);
    if (rc != SKEL_OK)
        return rc;
    /* The same grouping with every processor on a host of its own, as the
     * testbed runs it; and the node set "testbed:1:s1,2:s2,...". */
    char spec[1024], nodes[1024];
    size_t w = 0, wn = (size_t)snprintf(nodes, sizeof nodes, "testbed:");
    unsigned lo = 0;
    for (size_t g = 0; g < nproc; g++) {
        w += (size_t)snprintf(spec + w, sizeof spec - w, "%s%u-%u@calib-host%zu", g ? "/" : "", lo,
                              lo + slots[g] - 1, g + 1);
        wn += (size_t)snprintf(nodes + wn, sizeof nodes - wn, "%s%zu:%u", g ? "," : "", g + 1,
                               slots[g]);
        lo += slots[g];
        if (w >= sizeof spec || wn >= sizeof nodes)
            return skel_fail(SKEL_EUSAGE, "placement '%s' is too long", spec_in);
    }
    struct skel_calibrate_row *row = add_row(R->res, "placement", spec_in);
    if (row == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    size_t ri = R->res->n - 1;
    snprintf(R->place_spec, sizeof R->place_spec, "%s", spec);
    R->place_row = ri;
    double ns = 0, plo = NAN, phi = NAN;
    if ((rc = predict(R, spec, 0, 0, &ns, &plo, &phi)) != SKEL_OK)
        return skel_fail_context(rc, "LBF for '%s'", spec);
    set_prediction(R, row, ns, plo, phi);
    PROGRESS(R, "placement %s: LBF predicts %.3fx (%.3f..%.3f)", spec_in, row->predicted_change,
             row->predicted_lo, row->predicted_hi);
    snprintf(row->note, sizeof row->note, "skeleton on %.400s", nodes);
    struct cfg *c = add_cfg(R, CFG_PLACE);
    if (c == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    c->row = ri;
    return skel_nodeset_resolve(nodes, R->tb, &c->sets);
}

static void rate_name(uint64_t bps, char *rate, size_t len)
{
    if (bps % 1000000000 == 0)
        snprintf(rate, len, "%llugbit", (unsigned long long)(bps / 1000000000));
    else if (bps % 1000000 == 0)
        snprintf(rate, len, "%llumbit", (unsigned long long)(bps / 1000000));
    else if (bps % 1000 == 0)
        snprintf(rate, len, "%llukbit", (unsigned long long)(bps / 1000));
    else
        snprintf(rate, len, "%llubit", (unsigned long long)bps);
}

static int apply_limit(struct run *R, uint64_t bps, skel_scenario_applied **ap)
{
    struct skel_scenario_link lk = {.host = SKEL_SCENARIO_ALL_HOSTS, .bps = bps, .line = 0};
    struct skel_scenario sc = {.name = "calibrate-link", .nlink = 1, .link = &lk};
    return skel_scenario_apply(&sc, R->tb, ap);
}

/* A network row: the links' rate measured under the limit (the table of
 * cross-host pairs with the limit, with the yield shim as the runs), the
 * prediction, and its configuration in the rounds. */
static int plan_network(struct run *R, uint64_t bps)
{
    struct net *nt = &R->nets[R->nnets++];
    nt->bps = bps;
    rate_name(bps, nt->rate, sizeof nt->rate);
    struct skel_calibrate_row *row = add_row(R->res, "network", nt->rate);
    if (row == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    size_t ri = R->res->n - 1;
    skel_scenario_applied *ap = NULL;
    int rc = apply_limit(R, bps, &ap);
    if (rc != SKEL_OK)
        return skel_fail_context(rc, "limiting the testbed's links to %s", nt->rate);
    skel_commtable *lim = NULL;
    char path[4200];
    snprintf(path, sizeof path, "%s/table-testbed-%s.csv", R->work, nt->rate);
    PROGRESS(R, "measuring the testbed's network limited to %s", nt->rate);
    rc = netprobe(R, "testbed:1,2", SKEL_COMMTABLE_CROSS_HOST, 1, path, &lim);
    int er = skel_scenario_remove(ap);
    if (rc == SKEL_OK && er != SKEL_OK)
        rc = skel_fail_context(er, "removing the link limit");
    if (rc != SKEL_OK) {
        skel_commtable_free(lim);
        return rc;
    }
    nt->ns_per_byte = large_slope(lim, SKEL_COMMTABLE_CROSS_HOST);
    double unlimited = large_slope(R->testbed, SKEL_COMMTABLE_CROSS_HOST);
    skel_commtable_free(lim);
    if (nt->ns_per_byte <= unlimited)
        nt->ns_per_byte = 0; /* the limit is no slower than the testbed itself */
    nt->burst = (double)skel_testbed_link_burst(bps);
    double ns = 0, plo = NAN, phi = NAN;
    row = &R->res->rows[ri];
    if ((rc = predict(R, R->bspec, nt->ns_per_byte, nt->burst, &ns, &plo, &phi)) != SKEL_OK)
        return skel_fail_context(rc, "NF for %s", nt->rate);
    set_prediction(R, row, ns, plo, phi);
    snprintf(row->note, sizeof row->note,
             "links: %.1f ns per byte (%.1f Mbit/s of payload), %.0f-byte burst", nt->ns_per_byte,
             nt->ns_per_byte > 0 ? 8e3 / nt->ns_per_byte : 0, nt->burst);
    PROGRESS(R, "network %s: NF predicts %.3fx (%.3f..%.3f); %s", nt->rate, row->predicted_change,
             row->predicted_lo, row->predicted_hi, row->note);
    struct cfg *c = add_cfg(R, CFG_NET);
    if (c == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    c->row = ri;
    c->bps = bps;
    return SKEL_OK;
}

/* One configuration in round i: the skeleton, then the application. */
static int measure_cfg(struct run *R, struct cfg *c, unsigned i)
{
    skel_scenario_applied *ap = NULL;
    int rc = SKEL_OK;
    if (c->kind == CFG_NET && (rc = apply_limit(R, c->bps, &ap)) != SKEL_OK)
        return skel_fail_context(rc, "limiting the testbed's links");
    const struct skel_nodeset *nodes = c->sets != NULL ? &c->sets->sets[0] : NULL;
    struct skel_select_measurement m;
    int mrc = measure(R, &R->sk, nodes, R->o->repeat, R->res->calibration, &m);
    if (mrc == SKEL_OK) {
        c->skel[i] = m.rep.elapsed_s;
        if (m.rep.min_s < c->min_s)
            c->min_s = m.rep.min_s;
        if (m.rep.max_s > c->max_s)
            c->max_s = m.rep.max_s;
        if (R->o->app_argv != NULL) {
            double t = NAN;
            mrc = measure_app(R, nodes, skel_select_launch_overhead(&m, R->res->calibration), &t);
            if (mrc == SKEL_OK)
                c->app[i] = t;
        }
    }
    if (mrc != SKEL_OK && mrc != SKEL_EINTERRUPTED)
        snprintf(c->error, sizeof c->error, "%s", skel_last_error());
    if (ap != NULL) {
        int er = skel_scenario_remove(ap);
        if (er != SKEL_OK)
            rc = skel_fail_context(er, "removing the link limit");
    }
    if (mrc == SKEL_EINTERRUPTED)
        return mrc;
    return rc;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median, smallest and largest of the finite v[0..n); NAN without one. */
static double median_of(const double *v, size_t n, double *lo, double *hi)
{
    double w[SKEL_CALIBRATE_MAX_ROUNDS];
    size_t k = 0;
    for (size_t i = 0; i < n && k < SKEL_CALIBRATE_MAX_ROUNDS; i++)
        if (isfinite(v[i]))
            w[k++] = v[i];
    if (lo != NULL)
        *lo = k ? INFINITY : NAN;
    if (hi != NULL)
        *hi = k ? -INFINITY : NAN;
    if (k == 0)
        return NAN;
    qsort(w, k, sizeof *w, cmp_double);
    if (lo != NULL)
        *lo = w[0];
    if (hi != NULL)
        *hi = w[k - 1];
    return k % 2 ? w[k / 2] : (w[k / 2 - 1] + w[k / 2]) / 2;
}

/* A configuration's changes over the rounds: each round's time over the
 * baseline's in the same round. */
static void fill_row(struct run *R, const struct cfg *base, const struct cfg *c, unsigned n)
{
    struct skel_calibrate_row *row = &R->res->rows[c->row];
    double ratio[SKEL_CALIBRATE_MAX_ROUNDS], aratio[SKEL_CALIBRATE_MAX_ROUNDS];
    unsigned k = 0, ka = 0;
    for (unsigned i = 0; i < n; i++) {
        ratio[i] = base->skel[i] > 0 ? c->skel[i] / base->skel[i] : NAN;
        aratio[i] = base->app[i] > 0 ? c->app[i] / base->app[i] : NAN;
        k += isfinite(ratio[i]);
        ka += isfinite(aratio[i]);
    }
    row->baseline_s = R->res->baseline_s;
    row->measured_s = median_of(c->skel, n, NULL, NULL);
    row->min_s = isfinite(c->min_s) ? c->min_s : NAN;
    row->max_s = isfinite(c->max_s) ? c->max_s : NAN;
    row->rounds = k;
    row->measured_change = median_of(ratio, n, &row->change_min, &row->change_max);
    row_error(row);
    if (k == 0 && c->error[0]) {
        size_t l = strlen(row->note);
        snprintf(row->note + l, sizeof row->note - l, "%snot measured: %.300s", l ? "; " : "",
                 c->error);
    }
    if (R->o->app_argv == NULL)
        return;
    row->app_rounds = ka;
    row->app_s = median_of(c->app, n, NULL, NULL);
    row->app_change = median_of(aratio, n, &row->app_change_min, &row->app_change_max);
    if (isfinite(row->predicted_change) && row->app_change > 0)
        row->app_error = row->predicted_change / row->app_change - 1;
    row->app_inside =
        isfinite(row->predicted_lo) && isfinite(row->app_change)
            ? row->app_change >= row->predicted_lo && row->app_change <= row->predicted_hi
            : -1;
}

/* The slice scheduler of the probes so far: the medians of their quantum,
 * switch cost and wake, and the description of the probe whose switch
 * cost is the median, with those medians. */
static void sched_from_probes(struct run *R)
{
    unsigned n = R->nprobes;
    double q[3 + SKEL_CALIBRATE_MAX_ROUNDS], sw[3 + SKEL_CALIBRATE_MAX_ROUNDS],
        wk[3 + SKEL_CALIBRATE_MAX_ROUNDS];
    for (unsigned i = 0; i < n; i++) {
        q[i] = R->probes[i].quantum_ns;
        sw[i] = R->probes[i].switch_ns;
        wk[i] = R->probes[i].wake_ns;
    }
    qsort(q, n, sizeof *q, cmp_double);
    qsort(sw, n, sizeof *sw, cmp_double);
    qsort(wk, n, sizeof *wk, cmp_double);
    struct skel_schedprobe_result m = R->probes[0];
    for (unsigned i = 0; i < n; i++)
        if (R->probes[i].switch_ns == sw[n / 2])
            m = R->probes[i];
    m.quantum_ns = q[n / 2];
    m.switch_ns = sw[n / 2];
    m.wake_ns = wk[n / 2];
    skel_schedprobe_sched(&m, SKEL_LBF_WAIT_YIELD, &R->sched);
    skel_schedprobe_describe(&m, R->res->sched_probe, sizeof R->res->sched_probe);
    size_t len = strlen(R->res->sched_probe);
    snprintf(R->res->sched_probe + len, sizeof R->res->sched_probe - len, " (medians of %u probes)",
             n);
    skel_lbf_sched_format(&R->sched, R->res->sched, sizeof R->res->sched);
}

/* One probe of host 1's processor more (at most 3 + the rounds). */
static int probe_host(struct run *R)
{
    if (R->nprobes >= sizeof R->probes / sizeof R->probes[0])
        return SKEL_OK;
    int rc = skel_schedprobe_run(R->probe_cpu, 0.3, &R->probes[R->nprobes]);
    if (rc != SKEL_OK)
        return skel_fail_context(rc, "measuring how host 1's processor is shared");
    R->nprobes++;
    return SKEL_OK;
}

/* The rounds: every configuration once per round, the baseline first. */
static int rounds(struct run *R)
{
    unsigned n = R->o->rounds ? R->o->rounds : 5;
    if (R->o->app_argv != NULL && R->o->app_repeat > n)
        n = R->o->app_repeat;
    if (n > SKEL_CALIBRATE_MAX_ROUNDS)
        n = SKEL_CALIBRATE_MAX_ROUNDS;
    R->res->rounds = n;
    int rc = SKEL_OK;
    for (unsigned i = 0; i < n && rc == SKEL_OK; i++) {
        PROGRESS(R, "round %u of %u", i + 1, n);
        for (size_t j = 0; j < R->ncfgs && rc == SKEL_OK; j++)
            if ((rc = skel_usecase_interrupted()) == SKEL_OK)
                rc = measure_cfg(R, &R->cfgs[j], i);
        /* the processor probed in the same stretch of time as the runs it
         * predicts: probes taken only before the rounds can meet a moment
         * the runs do not (a switch cost of 6.3 us against 4.4-4.8 in the
         * other probes of the day, docs/predictions.md) */
        if (rc == SKEL_OK && R->place_spec[0] != '\0')
            rc = probe_host(R);
    }
    if (rc != SKEL_OK)
        return rc;
    if (R->place_spec[0] != '\0' && R->nprobes > 3) {
        sched_from_probes(R);
        struct skel_calibrate_row *row = &R->res->rows[R->place_row];
        double ns = 0, plo = NAN, phi = NAN;
        if ((rc = predict(R, R->place_spec, 0, 0, &ns, &plo, &phi)) != SKEL_OK)
            return skel_fail_context(rc, "LBF for '%s'", R->place_spec);
        set_prediction(R, row, ns, plo, phi);
        PROGRESS(R, "host 1's %s; placement %s: LBF predicts %.3fx (%.3f..%.3f)",
                 R->res->sched_probe, row->target, row->predicted_change, row->predicted_lo,
                 row->predicted_hi);
    }
    struct cfg *base = &R->cfgs[0];
    R->res->baseline_s = median_of(base->skel, n, &R->res->baseline_min_s, &R->res->baseline_max_s);
    if (isfinite(base->min_s))
        R->res->baseline_min_s = base->min_s;
    if (isfinite(base->max_s))
        R->res->baseline_max_s = base->max_s;
    if (!(R->res->baseline_s > 0))
        return skel_fail(SKEL_EEXEC, "the skeleton never ran at the baseline: %s", base->error);
    if (R->o->app_argv != NULL) {
        double a = median_of(base->app, n, NULL, NULL);
        R->res->app_baseline_s = a > 0 ? a : 0;
    }
    for (size_t j = 1; j < R->ncfgs; j++)
        fill_row(R, base, &R->cfgs[j], n);
    return SKEL_OK;
}

/* The critical path of the body (what the skeleton times): less what
 * MPI_Init, MPI_Finalize and the code before MPI_Init hold of it. */
static double body_length(const struct skel_critpath_result *cr)
{
    double len = cr->length_ns;
    for (size_t i = 0; i < cr->nitems; i++) {
        const struct skel_critpath_item *it = &cr->items[i];
        if ((it->category == SKEL_CRITPATH_CALL &&
             (it->id == SKEL_CALL_MPI_Init || it->id == SKEL_CALL_MPI_Init_thread ||
              it->id == SKEL_CALL_MPI_Finalize)) ||
            (it->category == SKEL_CRITPATH_PHASE && strcmp(it->from_addr, "(start)") == 0))
            len -= it->cp_ns;
    }
    return len > 0 ? len : 0;
}

/* The skeleton of sig regenerated into dir with the same K, mode and seed
 * (gen.h, in process). */
static int regenerate(struct run *R, const skel_signature *sig, const char *dir)
{
    struct skel_gen_opts go = {.build = 1};
    skel_codegen_defaults(&go.codegen);
    go.codegen.k = R->sk.k;
    go.codegen.templates = R->o->templates;
    go.codegen.version = R->o->version != NULL ? R->o->version : "0";
    if (R->sk.mode[0] && (go.codegen.mode = skel_plan_mode_by_name(R->sk.mode)) < 0)
        return skel_fail(SKEL_EFORMAT, "%s: unknown mode '%s' in skeleton.meta", R->sk.dir,
                         R->sk.mode);
    if (R->sk.have_seed)
        go.codegen.seed = R->sk.seed;
    struct skel_gen_result gr;
    int rc = skel_gen_build(sig, &go, dir, &gr);
    skel_gen_result_free(&gr);
    return rc;
}

/* The signature with the phase's compute zeroed, written to WORK/zero-N.sig
 * and made into the skeleton WORK/zero-N; *nsym = 0 when no symbol is the
 * phase alone (nothing made). */
static int zeroed_skeleton(struct run *R, const struct skel_critpath_item *it, unsigned n,
                           char *zdir, size_t zlen, uint32_t *nsym, double *zeroed)
{
    char sigpath[4200], zsig[4300];
    if (R->o->signature != NULL)
        snprintf(sigpath, sizeof sigpath, "%s", R->o->signature);
    else
        snprintf(sigpath, sizeof sigpath, "%s/app.sig", R->o->skeleton_dir);
    snprintf(zsig, sizeof zsig, "%s/zero-%u.sig", R->work, n);
    snprintf(zdir, zlen, "%s/zero-%u", R->work, n);
    skel_signature *sig = NULL;
    int rc = skel_sigfile_read(sigpath, &sig);
    if (rc == SKEL_OK)
        rc = skel_calibrate_zero_phase(sig, it->from_addr, it->to_addr, nsym, zeroed);
    if (rc == SKEL_OK && *nsym > 0)
        rc = skel_sigfile_write(zsig, sig);
    if (rc == SKEL_OK && *nsym > 0 && (rc = regenerate(R, sig, zdir)) != SKEL_OK)
        skel_fail_context(rc, "regenerating the skeleton without '%s'", it->name);
    skel_signature_free(sig);
    return rc;
}

/* One zero row: the phase's predicted change, measured on its skeleton
 * against local_base (NAN: the baseline did not run, bm says why). */
static int zero_row(struct run *R, const struct skel_critpath_item *it, unsigned n, double body,
                    double local_base, const struct skel_select_measurement *bm)
{
    struct skel_calibrate_row *row = add_row(R->res, "zero", it->name);
    if (row == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    row->predicted_change = (body - it->zero_ns) / body;
    PROGRESS(R, "zero %s: critical path predicts %.3fx", it->name, row->predicted_change);
    char zdir[4300];
    uint32_t nsym = 0;
    double zeroed = 0;
    int rc = zeroed_skeleton(R, it, n, zdir, sizeof zdir, &nsym, &zeroed);
    if (rc != SKEL_OK)
        return rc;
    if (nsym == 0) {
        snprintf(row->note, sizeof row->note,
                 "not measured: no signature symbol is this phase alone (its events were "
                 "clustered with other call sites)");
        return SKEL_OK;
    }
    double share = it->time_ns > 0 ? zeroed / it->time_ns : 0;
    struct skel_select_skeleton zs;
    if ((rc = skel_select_skeleton_load(zdir, &zs)) != SKEL_OK)
        return rc;
    if (!isfinite(local_base)) {
        skel_select_skeleton_free(&zs);
        snprintf(row->note, sizeof row->note,
                 "not measured: the skeleton did not run where the trace was taken: %.300s",
                 bm->error);
        return SKEL_OK;
    }
    struct skel_select_measurement m;
    /* The same machine's kernels: the walks' calibration holds for it too. */
    memcpy(zs.calibration_ws, R->sk.calibration_ws, sizeof zs.calibration_ws);
    int mrc = measure(R, &zs, NULL, R->o->repeat, R->res->calibration, &m);
    skel_select_skeleton_free(&zs);
    if (mrc == SKEL_OK) {
        fill_measured(R, row, &m);
        row->baseline_s = local_base;
        row->measured_change = m.rep.elapsed_s / local_base;
        row_error(row);
    }
    if ((rc = measured_or_note(mrc, row)) != SKEL_OK || mrc != SKEL_OK)
        return rc;
    snprintf(row->note, sizeof row->note,
             "skeletons on local%s, as traced; %u signature symbol%s held %.0f%% of the "
             "phase's traced time",
             R->o->table != NULL ? " (the trace's table was given: is this where it was taken?)"
                                 : "",
             nsym, nsym == 1 ? "" : "s", 100 * share);
    return SKEL_OK;
}

static int do_zero(struct run *R)
{
    struct skel_critpath_opts co = {.table = R->current, .untraced = 1, .top = R->o->zero};
    struct skel_critpath_result cr;
    memset(&cr, 0, sizeof cr);
    int rc = skel_critpath_run(R->trace, &co, &cr);
    if (rc != SKEL_OK) {
        skel_critpath_result_free(&cr);
        return skel_fail_context(rc, "the critical path of the trace");
    }
    double body = body_length(&cr);
    R->res->cp_length_ns = body;
    if (!(body > 0)) {
        skel_critpath_result_free(&cr);
        return skel_fail(SKEL_EFORMAT, "the trace's critical path is all start-up and shut-down");
    }
    /* Critical-path zeroing predicts for the run as traced, on this machine
     * with its network: the zeroed skeletons run there, against a baseline
     * run there (one rank per core, shared memory, as `skel generate`
     * traced; with a --table of another network the rows say so). */
    skel_testbed *none = NULL;
    int implicit = 0;
    if ((rc = skel_launch_open_nodes("local", NULL, 0, &R->local, &none, &implicit)) != SKEL_OK) {
        skel_critpath_result_free(&cr);
        return rc;
    }
    struct skel_select_measurement bm;
    double local_base = NAN;
    int brc = measure(R, &R->sk, NULL, R->o->repeat, R->res->calibration, &bm);
    if (brc == SKEL_EINTERRUPTED)
        rc = brc;
    else if (brc == SKEL_OK && bm.rep.elapsed_s > 0) {
        local_base = bm.rep.elapsed_s;
        PROGRESS(R, "zero: skeleton %.4f s where the trace was taken", local_base);
    }
    unsigned done = 0;
    for (size_t i = 0; i < cr.nitems && done < R->o->zero && rc == SKEL_OK; i++) {
        const struct skel_critpath_item *it = &cr.items[i];
        if (it->category != SKEL_CRITPATH_PHASE || it->zero_ns < 0 || !(it->cp_ns > 0) ||
            strcmp(it->from_addr, "(start)") == 0)
            continue;
        done++;
        if ((rc = skel_usecase_interrupted()) == SKEL_OK)
            rc = zero_row(R, it, done, body, local_base, &bm);
    }
    if (rc == SKEL_OK && done == 0)
        PROGRESS(R, "zero: no compute phase on the critical path could be zeroed");
    skel_testbed_release(none);
    skel_nodeset_list_free(R->local);
    R->local = NULL;
    skel_critpath_result_free(&cr);
    return rc;
}

/* Every rank traced on one host: the trace's network is that host's shared memory. */
static int one_host(const skel_trace *t)
{
    const skel_meta *m = skel_trace_meta(t);
    for (uint32_t i = 1; i < m->nrank_entries; i++)
        if (m->ranks[i].host == NULL || m->ranks[0].host == NULL ||
            strcmp(m->ranks[i].host, m->ranks[0].host) != 0)
            return 0;
    return 1;
}

/* The skeleton, the placement (checked before anything runs), the trace and
 * the work directory. */
static int open_inputs(struct run *R)
{
    const struct skel_calibrate_opts *o = R->o;
    char path[4200];
    int rc;
    if (o->netprobe == NULL || o->templates == NULL || o->tools.nsexec == NULL ||
        o->tools.shim_yield == NULL)
        return skel_fail(SKEL_EUSAGE, "calibrate needs skel-netprobe-mpi, the templates, "
                                      "skel-nsexec and the yield shim");
    if (o->nlinks > SKEL_CALIBRATE_MAX_LINKS)
        return skel_fail(SKEL_EUSAGE, "at most %d link rates", SKEL_CALIBRATE_MAX_LINKS);
    if ((rc = skel_select_skeleton_load(o->skeleton_dir, &R->sk)) != SKEL_OK)
        return rc;
    snprintf(R->res->skeleton, sizeof R->res->skeleton, "%s", o->skeleton_dir);
    R->res->nranks = R->sk.nranks;
    R->res->k = R->sk.k;
    if (R->sk.nranks < 2 || R->sk.nranks > SKEL_TESTBED_MAX_HOSTS)
        return skel_fail(SKEL_EUSAGE,
                         "%s runs %u ranks; calibration needs 2 to %d (one testbed host per rank)",
                         o->skeleton_dir, R->sk.nranks, SKEL_TESTBED_MAX_HOSTS);
    R->placement = o->placement;
    if (R->placement == NULL) {
        snprintf(R->defpl, sizeof R->defpl, "%u/%u", R->sk.nranks, (R->sk.nranks + 1) / 2);
        R->placement = R->defpl;
    }
    if (R->placement[0] == '\0' || strcmp(R->placement, "none") == 0)
        R->placement = NULL;
    unsigned slots[SKEL_TESTBED_MAX_HOSTS];
    size_t np;
    if (R->placement != NULL &&
        (rc = skel_calibrate_placement_blocks(R->placement, R->sk.nranks, slots,
                                              SKEL_TESTBED_MAX_HOSTS, &np)) != SKEL_OK)
        return rc;
    if (o->trace_dir != NULL)
        snprintf(path, sizeof path, "%s", o->trace_dir);
    else
        snprintf(path, sizeof path, "%s/trace", o->skeleton_dir);
    if ((rc = skel_trace_open(path, &R->trace)) != SKEL_OK)
        return rc;
    if (skel_trace_nranks(R->trace) != R->sk.nranks)
        return skel_fail(SKEL_EUSAGE, "%s has %u ranks, the skeleton %u: not its trace", path,
                         skel_trace_nranks(R->trace), R->sk.nranks);
    if (o->work_dir != NULL) {
        snprintf(R->work, sizeof R->work, "%s", o->work_dir);
        if (mkdir(R->work, 0755) != 0 && errno != EEXIST)
            return skel_fail(SKEL_EIO, "%s: cannot create: %s", R->work, strerror(errno));
        return SKEL_OK;
    }
    if ((rc = skel_scratch_make("calibrate", R->work, sizeof R->work)) != SKEL_OK)
        return rc;
    R->made_work = 1;
    return SKEL_OK;
}

/* The network the trace was taken on: a table given, or measured on "local"
 * when every rank ran on one host (as traced: without the yield shim). */
static int trace_network(struct run *R)
{
    const char *table = R->o->table;
    char path[4200];
    int rc;
    if (table != NULL) {
        if ((rc = skel_commtable_load(table, &R->current)) != SKEL_OK)
            return rc;
    } else if (!one_host(R->trace)) {
        return skel_fail(SKEL_EUSAGE, "the trace's ranks ran on several hosts: give the table of "
                                      "that network (--table, made by skel netprobe)");
    } else {
        snprintf(path, sizeof path, "%s/table-local.csv", R->work);
        PROGRESS(R, "measuring the trace's network (local, same-host pairs)");
        if ((rc = netprobe(R, "local", SKEL_COMMTABLE_SAME_HOST, 0, path, &R->current)) != SKEL_OK)
            return rc;
    }
    if (!skel_commtable_has(R->current, SKEL_COMMTABLE_SAME_HOST))
        return skel_fail(SKEL_EUSAGE, "%s has no same-host rows", table ? table : path);
    return SKEL_OK;
}

/* The testbed, one rank per host (spec), and the base of every launch. */
static int open_testbed(struct run *R, char *spec, size_t len)
{
    int w = snprintf(spec, len, "testbed:");
    for (unsigned i = 1; i <= R->sk.nranks; i++)
        w += snprintf(spec + w, len - (size_t)w, "%s%u", i > 1 ? "," : "", i);
    int rc = skel_launch_open_nodes(spec, NULL, 1, &R->sets, &R->tb, &R->res->implicit_testbed);
    if (rc != SKEL_OK)
        return rc;
    for (unsigned i = 1; i <= R->sk.nranks; i++) {
        const struct skel_testbed_host *h = skel_testbed_host(R->tb, i);
        if (h != NULL && __builtin_popcountll(h->cores) != 1)
            PROGRESS(R,
                     "warning: testbed host %u may use %d cores: ranks placed together on it "
                     "need not share one",
                     i, __builtin_popcountll(h->cores));
    }
    R->base.nodes = &R->sets->sets[0];
    R->base.testbed = R->tb;
    R->base.nranks = R->sk.nranks;
    R->base.timeout_s = R->o->timeout_s;
    R->base.yield = 1;
    R->base.finalize_shim = SKEL_LAUNCH_SHIM_AUTO;
    R->base.label = spec;
    R->base.verbose = R->o->verbose;
    R->base.tools = R->o->tools;
    return SKEL_OK;
}

/* The testbed's network: cross-host pairs, and two ranks on one host -
 * which share its one core and, as every testbed run, talk over TCP -
 * measured with the yield shim as every run on the testbed. */
static int testbed_network(struct run *R)
{
    skel_commtable *cross = NULL, *same = NULL;
    char path[4200];
    snprintf(path, sizeof path, "%s/table-testbed.csv", R->work);
    PROGRESS(R, "measuring the testbed's network (cross-host pairs)");
    int rc = netprobe(R, "testbed:1,2", SKEL_COMMTABLE_CROSS_HOST, 1, path, &cross);
    if (rc == SKEL_OK) {
        snprintf(path, sizeof path, "%s/table-testbed-shared.csv", R->work);
        PROGRESS(R, "measuring the testbed's network (two ranks sharing host 1)");
        if ((rc = netprobe(R, "testbed:1:2", SKEL_COMMTABLE_SAME_HOST, 1, path, &same)) == SKEL_OK)
            rc = combine("testbed", cross, same, &R->testbed);
    }
    skel_commtable_free(cross);
    skel_commtable_free(same);
    return rc;
}

/* How host 1's processor is shared, measured there three times (the
 * medians): the slice scheduler the placement is predicted with.  The
 * rounds add one probe each and predict the placement again (rounds()). */
static int host_sched(struct run *R)
{
    const struct skel_testbed_host *h = skel_testbed_host(R->tb, 1);
    R->probe_cpu = 0;
    if (h != NULL && h->cores != 0)
        R->probe_cpu = __builtin_ctzll(h->cores);
    R->nprobes = 0;
    for (int i = 0; i < 3; i++) {
        int rc = probe_host(R);
        if (rc != SKEL_OK)
            return rc;
    }
    sched_from_probes(R);
    PROGRESS(R, "host 1's %s", R->res->sched_probe);
    return SKEL_OK;
}

/* The compute calibration fixed on first runs: SKEL_SELECT_CAL_LAUNCHES
 * launches (skel_select_calibration_pick()). */
static int calibration(struct run *R)
{
    double cal[SKEL_SELECT_CAL_LAUNCHES];
    char calws[SKEL_SELECT_CAL_LAUNCHES][SKEL_SELECT_CALWS_MAX];
    for (int i = 0; i < SKEL_SELECT_CAL_LAUNCHES; i++) {
        struct skel_select_measurement m;
        int rc = measure(R, &R->sk, NULL, 1, 0, &m);
        if (rc != SKEL_OK)
            return rc;
        if (!(m.rep.calibration > 0))
            return skel_fail(SKEL_EFORMAT, "%s reported no calibration", R->sk.exe);
        cal[i] = m.rep.calibration;
        memcpy(calws[i], m.rep.calibration_ws, sizeof calws[i]);
    }
    skel_select_calibration_pick(cal, (const char(*)[SKEL_SELECT_CALWS_MAX])calws,
                                 SKEL_SELECT_CAL_LAUNCHES, &R->res->calibration,
                                 R->sk.calibration_ws, NULL);
    return SKEL_OK;
}

/* Everything predicted before anything is measured: the baseline, the
 * placement, the networks. */
static int plan(struct run *R)
{
    int rc;
    if ((rc = skel_lbf_spread_build(R->trace,
                                    &(struct skel_lbf_opts){.current = R->current, .untraced = 1},
                                    &R->spread)) != SKEL_OK)
        return skel_fail_context(rc, "the trace's spread");
    snprintf(R->bspec, sizeof R->bspec, "%u/%u@%u", R->sk.nranks, R->sk.nranks, R->sk.nranks);
    if ((rc = predict(R, R->bspec, 0, 0, &R->base_ns, &R->base_lo, &R->base_hi)) != SKEL_OK)
        return rc;
    if (add_cfg(R, CFG_BASE) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    if (R->placement != NULL && (rc = plan_placement(R, R->placement)) != SKEL_OK)
        return rc;
    for (unsigned i = 0; i < R->o->nlinks && rc == SKEL_OK; i++)
        if (R->o->link_bps[i] > 0 && (rc = skel_usecase_interrupted()) == SKEL_OK)
            rc = plan_network(R, R->o->link_bps[i]);
    return rc;
}

int skel_calibrate_run(const struct skel_calibrate_opts *o, struct skel_calibrate_result *res)
{
    memset(res, 0, sizeof *res);
    struct run R;
    memset(&R, 0, sizeof R);
    R.o = o;
    R.res = res;
    char spec[256];
    int rc = open_inputs(&R);
    if (rc == SKEL_OK && (rc = trace_network(&R)) == SKEL_OK &&
        (rc = open_testbed(&R, spec, sizeof spec)) == SKEL_OK &&
        (rc = testbed_network(&R)) == SKEL_OK && (rc = host_sched(&R)) == SKEL_OK &&
        (rc = plan(&R)) == SKEL_OK && (rc = skel_usecase_interrupted()) == SKEL_OK &&
        (rc = calibration(&R)) == SKEL_OK)
        rc = rounds(&R);
    if (rc == SKEL_OK)
        PROGRESS(&R, "baseline: skeleton %.4f s on %s", res->baseline_s, spec);
    if (rc == SKEL_OK && o->zero > 0 && (rc = skel_usecase_interrupted()) == SKEL_OK)
        rc = do_zero(&R);
    if (rc == SKEL_OK)
        rc = skel_usecase_interrupted();
    rc = skel_usecase_release(R.tb, rc);
    for (size_t i = 0; i < R.ncfgs; i++)
        skel_nodeset_list_free(R.cfgs[i].sets);
    free(R.cfgs);
    skel_lbf_spread_free(R.spread);
    skel_nodeset_list_free(R.sets);
    skel_commtable_free(R.current);
    skel_commtable_free(R.testbed);
    skel_trace_close(R.trace);
    skel_select_skeleton_free(&R.sk);
    if (R.made_work)
        skel_scratch_remove(R.work);
    return rc;
}
