/* calibrate.c - trace-driven predictions against skeleton runs (calibrate.h). */
#include "calibrate.h"

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
    return r;
}

static void row_error(struct skel_calibrate_row *r)
{
    r->error =
        isfinite(r->predicted_change) && isfinite(r->measured_change) && r->measured_change > 0
            ? r->predicted_change / r->measured_change - 1
            : NAN;
}

static void fmt_change(double v, char *buf, size_t len)
{
    if (isfinite(v))
        snprintf(buf, len, "%.3fx", v);
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
    if (res->cp_length_ns > 0)
        fprintf(out, "critical path of the trace between MPI_Init and MPI_Finalize: %.6f s\n",
                res->cp_length_ns * 1e-9);
    if (res->app_baseline_s > 0)
        fprintf(out, "application at the baseline: %.4f s (net of the launch overhead)\n",
                res->app_baseline_s);
    int app = res->app_baseline_s > 0;
    fprintf(out, "\n%-10s %-32s %9s %9s %8s %9s", "prediction", "target", "predicted", "skeleton",
            "error", "time");
    if (app)
        fprintf(out, " %9s %8s", "app", "error");
    fputc('\n', out);
    double sum = 0, asum = 0;
    size_t n = 0, an = 0;
    for (size_t i = 0; i < res->n; i++) {
        const struct skel_calibrate_row *r = &res->rows[i];
        char p[32], m[32], e[32], t[32];
        fmt_change(r->predicted_change, p, sizeof p);
        fmt_change(r->measured_change, m, sizeof m);
        if (isfinite(r->error)) {
            snprintf(e, sizeof e, "%+.1f%%", 100 * r->error);
            sum += fabs(r->error);
            n++;
        } else
            snprintf(e, sizeof e, "-");
        if (isfinite(r->measured_s))
            snprintf(t, sizeof t, "%.4f s", r->measured_s);
        else
            snprintf(t, sizeof t, "-");
        fprintf(out, "%-10s %-32.32s %9s %9s %8s %9s", r->kind, r->target, p, m, e, t);
        if (app) {
            char a[32], ae[32];
            fmt_change(r->app_change, a, sizeof a);
            if (isfinite(r->app_error)) {
                snprintf(ae, sizeof ae, "%+.1f%%", 100 * r->app_error);
                asum += fabs(r->app_error);
                an++;
            } else
                snprintf(ae, sizeof ae, "-");
            fprintf(out, " %9s %8s", a, ae);
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
          "app_baseline_s,app_s,app_change,app_error,note\n",
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
        fputc('\n', f);
    }
    return skel_afile_commit(af);
}

/* ---- Running -------------------------------------------------------------- */

struct run {
    const struct skel_calibrate_opts *o;
    struct skel_calibrate_result *res;
    char work[4096];
    int made_work;
    skel_trace *trace;
    skel_commtable *current; /* the trace's network */
    skel_commtable *testbed; /* cross-host rows of the testbed + same-host of current */
    skel_testbed *tb;
    struct skel_nodeset_list *sets; /* one rank per host */
    struct skel_launch_spec base;
    struct skel_select_skeleton sk;
    char bspec[64]; /* LBF spec of one rank per processor, one processor per host */
    struct skel_nodeset_list *local; /* set while the zero rows run where the trace was taken */
    const char *placement;           /* the placement row's spec; NULL: no placement row */
    char defpl[64];                  /* the default: two ranks per processor */
};

/* Progress as the calibration goes (calibrate.h). */
#define PROGRESS(R, ...) skel_usecase_tell((R)->o->progress, (R)->o->progress_arg, __VA_ARGS__)

/* A cost table of a node set (netprobe_run.h), into path, the ranks' output
 * into WORK/log-netprobe.txt.  With yield, the ranks preload the yield shim,
 * as the skeleton's do: two ranks sharing a core then pay a scheduler round
 * trip per message, not a time slice of the other's busy polling. */
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

/* LBF/NF prediction of the trace on `spec` with the target table, whose
 * links are token buckets of `burst` bytes (0: plain links). */
static int predict(struct run *R, const char *spec, const skel_commtable *target, double burst,
                   double *ns)
{
    struct skel_lbf_placement *p = NULL;
    int rc = skel_lbf_placement_parse(spec, skel_trace_nranks(R->trace), &p);
    if (rc != SKEL_OK)
        return rc;
    struct skel_lbf_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.placement = p;
    lo.current = R->current;
    lo.target = target;
    lo.untraced = 1;
    lo.link_burst = burst;
    struct skel_lbf_result lr;
    memset(&lr, 0, sizeof lr);
    rc = skel_lbf_predict(R->trace, &lo, &lr);
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

/* The application on nodes (NULL: one rank per host): median wall time
 * less the launch overhead lo (the skeleton's under the same conditions). */
static int measure_app(struct run *R, const struct skel_nodeset *nodes, double lo, double *out)
{
    char log[4300];
    snprintf(log, sizeof log, "%s/log-app.txt", R->work);
    struct skel_launch_spec spec = R->base;
    if (nodes != NULL)
        spec.nodes = nodes;
    spec.argv = R->o->app_argv;
    spec.repeat = R->o->app_repeat ? R->o->app_repeat : 1;
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

static double launch_overhead(const struct skel_select_measurement *m)
{
    return m->rep.total_s > 0 && m->wall_s > m->rep.total_s ? m->wall_s - m->rep.total_s : 0;
}

/* The application where the skeleton measurement m just ran. */
static int app_row(struct run *R, struct skel_calibrate_row *row, const struct skel_nodeset *nodes,
                   const struct skel_select_measurement *m)
{
    if (R->o->app_argv == NULL || !(R->res->app_baseline_s > 0))
        return SKEL_OK;
    double t = 0;
    int rc = measure_app(R, nodes, launch_overhead(m), &t);
    if (rc == SKEL_EINTERRUPTED)
        return rc;
    if (rc != SKEL_OK) {
        size_t l = strlen(row->note);
        snprintf(row->note + l, sizeof row->note - l, "%sapplication not measured: %.300s",
                 l ? "; " : "", skel_last_error());
        return SKEL_OK;
    }
    row->app_s = t;
    row->app_change = t / R->res->app_baseline_s;
    if (isfinite(row->predicted_change) && row->app_change > 0)
        row->app_error = row->predicted_change / row->app_change - 1;
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

static int do_placement(struct run *R, const char *spec_in, double base_ns)
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
    double ns = 0;
    if ((rc = predict(R, spec, R->testbed, 0, &ns)) != SKEL_OK)
        return skel_fail_context(rc, "LBF for '%s'", spec);
    row->predicted_change = ns / base_ns;
    PROGRESS(R, "placement %s: LBF predicts %.3fx", spec_in, row->predicted_change);
    struct skel_nodeset_list *sets = NULL;
    if ((rc = skel_nodeset_resolve(nodes, R->tb, &sets)) != SKEL_OK)
        return rc;
    struct skel_select_measurement m;
    rc = measure(R, &R->sk, &sets->sets[0], R->o->repeat, R->res->calibration, &m);
    snprintf(row->note, sizeof row->note, "skeleton on %.400s", nodes);
    if (rc == SKEL_OK) {
        fill_measured(R, row, &m);
        rc = app_row(R, row, &sets->sets[0], &m);
    }
    skel_nodeset_list_free(sets);
    return measured_or_note(rc, row);
}

static int do_network(struct run *R, double base_ns)
{
    char rate[64], path[4200];
    uint64_t bps = R->o->link_bps;
    if (bps % 1000000 == 0)
        snprintf(rate, sizeof rate, "%llumbit", (unsigned long long)(bps / 1000000));
    else if (bps % 1000 == 0)
        snprintf(rate, sizeof rate, "%llukbit", (unsigned long long)(bps / 1000));
    else
        snprintf(rate, sizeof rate, "%llubit", (unsigned long long)bps);
    struct skel_calibrate_row *row = add_row(R->res, "network", rate);
    if (row == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    struct skel_scenario_link lk = {.host = SKEL_SCENARIO_ALL_HOSTS, .bps = bps, .line = 0};
    struct skel_scenario sc = {.name = "calibrate-link", .nlink = 1, .link = &lk};
    skel_scenario_applied *ap = NULL;
    int rc = skel_scenario_apply(&sc, R->tb, &ap);
    if (rc != SKEL_OK)
        return skel_fail_context(rc, "limiting the testbed's links to %s", rate);
    skel_commtable *lim = NULL, *target = NULL;
    snprintf(path, sizeof path, "%s/table-testbed-%s.csv", R->work, rate);
    rc = netprobe(R, "testbed:1,2", SKEL_COMMTABLE_CROSS_HOST, 0, path, &lim);
    if (rc == SKEL_OK)
        rc = combine("testbed, limited", lim, R->testbed, &target);
    double ns = 0;
    if (rc == SKEL_OK &&
        (rc = predict(R, R->bspec, target, (double)skel_testbed_link_burst(bps), &ns)) == SKEL_OK) {
        row->predicted_change = ns / base_ns;
        PROGRESS(R, "network %s: NF predicts %.3fx", rate, row->predicted_change);
    }
    int mrc = SKEL_OK;
    if (rc == SKEL_OK) {
        struct skel_select_measurement m;
        mrc = measure(R, &R->sk, NULL, R->o->repeat, R->res->calibration, &m);
        if (mrc == SKEL_OK) {
            fill_measured(R, row, &m);
            mrc = app_row(R, row, NULL, &m);
        }
    }
    int er = skel_scenario_remove(ap);
    skel_commtable_free(lim);
    skel_commtable_free(target);
    if (rc != SKEL_OK)
        return rc;
    if ((mrc = measured_or_note(mrc, row)) != SKEL_OK)
        return mrc;
    return er != SKEL_OK ? skel_fail_context(er, "removing the link limit") : SKEL_OK;
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

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path) != 0 && errno != ENOENT ? -1 : 0;
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
    snprintf(R->work, sizeof R->work, "/tmp/skel-calibrate-XXXXXX");
    if (mkdtemp(R->work) == NULL)
        return skel_fail(SKEL_EIO, "cannot create a scratch directory in /tmp: %s",
                         strerror(errno));
    R->made_work = 1;
    return SKEL_OK;
}

/* The network the trace was taken on: a table given, or measured on "local"
 * when every rank ran on one host. */
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
 * measured with the yield shim as the placement runs them. */
static int testbed_network(struct run *R)
{
    skel_commtable *cross = NULL, *same = NULL;
    char path[4200];
    snprintf(path, sizeof path, "%s/table-testbed.csv", R->work);
    PROGRESS(R, "measuring the testbed's network (cross-host pairs)");
    int rc = netprobe(R, "testbed:1,2", SKEL_COMMTABLE_CROSS_HOST, 0, path, &cross);
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

/* The compute calibration fixed on a first run, then the baseline (and the
 * application there). */
static int baseline(struct run *R, const char *spec)
{
    struct skel_calibrate_result *res = R->res;
    struct skel_select_measurement m;
    int rc = measure(R, &R->sk, NULL, 1, 0, &m);
    if (rc != SKEL_OK)
        return rc;
    if (!(m.rep.calibration > 0))
        return skel_fail(SKEL_EFORMAT, "%s reported no calibration", R->sk.exe);
    res->calibration = m.rep.calibration;
    if ((rc = measure(R, &R->sk, NULL, R->o->repeat, res->calibration, &m)) != SKEL_OK)
        return rc;
    res->baseline_s = m.rep.elapsed_s;
    res->baseline_min_s = m.rep.min_s;
    res->baseline_max_s = m.rep.max_s;
    PROGRESS(R, "baseline: skeleton %.4f s on %s", res->baseline_s, spec);
    if (R->o->app_argv != NULL)
        return measure_app(R, NULL, launch_overhead(&m), &res->app_baseline_s);
    return SKEL_OK;
}

int skel_calibrate_run(const struct skel_calibrate_opts *o, struct skel_calibrate_result *res)
{
    memset(res, 0, sizeof *res);
    struct run R;
    memset(&R, 0, sizeof R);
    R.o = o;
    R.res = res;
    char spec[256];
    double base_ns = 0;
    int rc = open_inputs(&R);
    if (rc == SKEL_OK && (rc = trace_network(&R)) == SKEL_OK &&
        (rc = open_testbed(&R, spec, sizeof spec)) == SKEL_OK &&
        (rc = testbed_network(&R)) == SKEL_OK && (rc = baseline(&R, spec)) == SKEL_OK) {
        snprintf(R.bspec, sizeof R.bspec, "%u/%u@%u", R.sk.nranks, R.sk.nranks, R.sk.nranks);
        rc = predict(&R, R.bspec, R.testbed, 0, &base_ns);
    }
    if (rc == SKEL_OK && R.placement != NULL && (rc = skel_usecase_interrupted()) == SKEL_OK)
        rc = do_placement(&R, R.placement, base_ns);
    if (rc == SKEL_OK && o->link_bps > 0 && (rc = skel_usecase_interrupted()) == SKEL_OK)
        rc = do_network(&R, base_ns);
    if (rc == SKEL_OK && o->zero > 0 && (rc = skel_usecase_interrupted()) == SKEL_OK)
        rc = do_zero(&R);
    if (rc == SKEL_OK)
        rc = skel_usecase_interrupted();
    rc = skel_usecase_release(R.tb, rc);
    skel_nodeset_list_free(R.sets);
    skel_commtable_free(R.current);
    skel_commtable_free(R.testbed);
    skel_trace_close(R.trace);
    skel_select_skeleton_free(&R.sk);
    if (R.made_work)
        nftw(R.work, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    return rc;
}
