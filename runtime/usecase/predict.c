/* predict.c - LBF and NF predictions from files, and their tables (predict.h). */
#include "predict.h"

#include "commtable.h"
#include "error.h"
#include "testbed.h"
#include "trace.h"
#include "traceinput.h"
#include "usecase.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The quantiles of the interval every prediction prints. */
#define LO_Q 0.1
#define HI_Q 0.9

int skel_predict_run(const struct skel_predict_opts *o, struct skel_predict_result *res)
{
    memset(res, 0, sizeof *res);
    res->body_lo_ns = res->body_hi_ns = NAN;
    if (o->network != NULL && o->table_current == NULL)
        return skel_fail(SKEL_EUSAGE, "predicting on another network needs the table of the "
                                      "network the trace was taken on");
    skel_commtable *cur = NULL, *net = NULL;
    skel_trace *t = NULL;
    struct skel_trace_input in = {0};
    int rc = SKEL_OK;
    if ((o->table_current != NULL && (rc = skel_commtable_load(o->table_current, &cur))) ||
        (o->network != NULL && (rc = skel_commtable_load(o->network, &net))) ||
        (rc = skel_trace_input_open(o->trace_dir, NULL, &in)) != SKEL_OK)
        goto out;
    skel_trace_input_note(&in, res->input_note, sizeof res->input_note);
    if ((rc = skel_trace_open(in.dir, &t)) != SKEL_OK ||
        (rc = skel_usecase_trace_check(t, o->trace_dir, o->allow_partial, &res->partial)) !=
            SKEL_OK)
        goto out;
    if (o->placement != NULL &&
        (rc = skel_lbf_placement_parse(o->placement, skel_trace_nranks(t), &res->placement)))
        goto out;
    struct skel_lbf_opts lo = o->lbf;
    lo.placement = res->placement;
    lo.current = cur;
    lo.target = net;
    if (o->sched != NULL && (rc = skel_lbf_sched_parse(o->sched, &lo.sched)) != SKEL_OK)
        goto out;
    if (o->link_rate != NULL) {
        uint64_t bps = 0;
        if ((rc = skel_testbed_parse_rate(o->link_rate, &bps)) != SKEL_OK)
            goto out;
        lo.link_ns_per_byte = 8e9 / (double)bps;
    }
    if (o->no_interval)
        rc = skel_lbf_predict(t, &lo, &res->lbf);
    else
        rc = skel_lbf_predict_interval(t, &lo, LO_Q, HI_Q, &res->lbf, &res->body_lo_ns,
                                       &res->body_hi_ns);
    if (rc != SKEL_OK)
        rc = skel_usecase_trace_failed(t, o->trace_dir, rc);
    if (rc == SKEL_OK)
        res->ratio = res->lbf.measured_ns > 0 ? res->lbf.predicted_ns / res->lbf.measured_ns : 0;
out:
    skel_trace_close(t);
    skel_trace_input_close(&in);
    skel_commtable_free(cur);
    skel_commtable_free(net);
    return rc;
}

void skel_predict_result_free(struct skel_predict_result *res)
{
    skel_lbf_result_free(&res->lbf);
    skel_lbf_placement_free(res->placement);
    res->placement = NULL;
    free(res->partial);
    res->partial = NULL;
}

void skel_predict_print_tsv(FILE *out, const struct skel_predict_result *res)
{
    const struct skel_lbf_result *r = &res->lbf;
    fprintf(out, "measured_ns\t%.0f\npredicted_ns\t%.0f\nratio\t%.6f\n", r->measured_ns,
            r->predicted_ns, res->ratio);
    if (res->partial != NULL)
        fprintf(out, "partial\t%s\n", res->partial);
    fprintf(out, "body_ns\t%.0f\n", r->body_end_ns - r->body_start_ns);
    if (!isnan(res->body_lo_ns))
        fprintf(out, "body_lo_ns\t%.0f\nbody_hi_ns\t%.0f\n", res->body_lo_ns, res->body_hi_ns);
    fprintf(out, "switches\t%llu\n", (unsigned long long)r->switches);
    fprintf(out, "ranks\t%u\nprocessors\t%u\nhosts\t%u\nevents\t%llu\nmax_queued\t%u\n", r->nranks,
            r->ngroups, r->nhosts, (unsigned long long)r->events, r->max_queued);
    for (uint32_t g = 0; g < r->ngroups; g++)
        fprintf(out, "processor_busy_ns\t%u\t%.0f\n", g, r->group_busy_ns[g]);
}

/* The ranks of processor g as "0,1,4-7". */
static void print_group(FILE *out, const struct skel_lbf_placement *pl, uint32_t n, uint32_t g)
{
    int first = 1;
    for (uint32_t r = 0; r < n; r++) {
        uint32_t gr = pl != NULL ? pl->group[r] : r;
        if (gr != g || (r > 0 && (pl != NULL ? pl->group[r - 1] : r - 1) == g))
            continue;
        uint32_t e = r;
        while (e + 1 < n && (pl != NULL ? pl->group[e + 1] : e + 1) == g)
            e++;
        fprintf(out, "%s%u", first ? "" : ",", r);
        if (e > r)
            fprintf(out, "-%u", e);
        first = 0;
    }
}

void skel_predict_print(FILE *out, const struct skel_predict_opts *o,
                        const struct skel_predict_result *res)
{
    const struct skel_lbf_result *r = &res->lbf;
    skel_usecase_print_trace(out, "trace       ", o->trace_dir, r->nranks, r->events, r->messages,
                             r->collectives);
    if (res->partial != NULL)
        fprintf(out, "PARTIAL     %s: the prediction is for part of the run\n", res->partial);
    fprintf(out, "measured    %.6f s (first event start to last event end)\n",
            r->measured_ns * 1e-9);
    fprintf(out, "placement   %s: %u processor%s on %u host%s\n",
            o->placement != NULL ? o->placement : "identity", r->ngroups,
            r->ngroups == 1 ? "" : "s", r->nhosts, r->nhosts == 1 ? "" : "s");
    fprintf(out, "network     traced on ");
    skel_usecase_put_text(out, o->table_current != NULL ? o->table_current : "(no table)");
    fprintf(out, ", predicted on ");
    skel_usecase_put_text(out, o->network != NULL ? o->network : "the same");
    fprintf(out, "\n");
    fprintf(out, "predicted   %.6f s (%.3f x measured, %+.1f %%)\n", r->predicted_ns * 1e-9,
            res->ratio, 100.0 * (res->ratio - 1.0));
    fprintf(out, "body        %.6f s (end of MPI_Init to MPI_Finalize, what a skeleton times)\n",
            (r->body_end_ns - r->body_start_ns) * 1e-9);
    if (!isnan(res->body_lo_ns))
        fprintf(out,
                "interval    %.6f .. %.6f s (every compute phase and call's own work at the "
                "10th / 90th percentile of its kind in the trace)\n",
                res->body_lo_ns * 1e-9, res->body_hi_ns * 1e-9);
    char sched[128];
    skel_lbf_sched_format(&o->lbf.sched, sched, sizeof sched);
    if (o->sched != NULL) {
        struct skel_lbf_sched sc;
        if (skel_lbf_sched_parse(o->sched, &sc) == SKEL_OK)
            skel_lbf_sched_format(&sc, sched, sizeof sched);
    }
    fprintf(out, "sharing     %s", sched);
    if (r->switches > 0)
        fprintf(out, " (%llu switches)", (unsigned long long)r->switches);
    fprintf(out, "\n");
    for (uint32_t g = 0; g < r->ngroups && g < 64; g++) {
        fprintf(out, "processor %-3u busy %.6f s (%.1f %%), ranks ", g, r->group_busy_ns[g] * 1e-9,
                r->predicted_ns > 0 ? 100.0 * r->group_busy_ns[g] / r->predicted_ns : 0.0);
        print_group(out, res->placement, r->nranks, g);
        fprintf(out, "\n");
    }
    if (r->ngroups > 64)
        fprintf(out, "... (%u processors)\n", r->ngroups);
}
