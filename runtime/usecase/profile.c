/* profile.c - the critical path of a trace from files, and its tables (profile.h). */
#include "profile.h"

#include "commtable.h"
#include "error.h"
#include "trace.h"
#include "traceinput.h"
#include "usecase.h"

#include <stdlib.h>
#include <string.h>

int skel_profile_run(const struct skel_profile_opts *o, struct skel_profile_result *res)
{
    memset(res, 0, sizeof *res);
    skel_commtable *table = NULL;
    skel_trace *t = NULL;
    struct skel_trace_input in;
    int rc = SKEL_OK;
    if ((o->table == NULL || (rc = skel_commtable_load(o->table, &table)) == SKEL_OK) &&
        (rc = skel_trace_input_open(o->trace_dir, NULL, &in)) == SKEL_OK) {
        skel_trace_input_note(&in, res->input_note, sizeof res->input_note);
        if ((rc = skel_trace_open(in.dir, &t)) == SKEL_OK &&
            (rc = skel_usecase_trace_check(t, o->trace_dir, o->allow_partial, &res->partial)) ==
                SKEL_OK) {
            struct skel_critpath_opts co = o->cp;
            co.table = table;
            if ((rc = skel_critpath_run(t, &co, &res->cp)) != SKEL_OK)
                rc = skel_usecase_trace_failed(t, o->trace_dir, rc);
        }
        skel_trace_close(t);
        skel_trace_input_close(&in);
    }
    skel_commtable_free(table);
    return rc;
}

void skel_profile_result_free(struct skel_profile_result *res)
{
    skel_critpath_result_free(&res->cp);
    free(res->partial);
    res->partial = NULL;
}

static double pct(double a, double b)
{
    return b > 0 ? 100.0 * a / b : 0.0;
}

static void print_table(FILE *out, const struct skel_critpath_result *r, int cat, unsigned top,
                        int zeroing)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nitems; i++)
        n += r->items[i].category == cat;
    fprintf(out, "\n%s%s (%zu, by time on the critical path%s)\n",
            cat == SKEL_CRITPATH_CALL   ? "MPI calls"
            : cat == SKEL_CRITPATH_SITE ? "Call sites"
                                        : "Compute phases",
            "", n, n > top ? ", top shown" : "");
    if (n == 0)
        return;
    fprintf(out, "  %12s %6s  %12s %6s", "CP s", "%CP", "CPU s", "%CPU");
    if (zeroing)
        fprintf(out, "  %12s %6s", "zeroed s", "%zero");
    fprintf(out, "  %10s  %s\n", "count", skel_critpath_category_name(cat));
    size_t shown = 0;
    for (size_t i = 0; i < r->nitems && shown < top; i++) {
        const struct skel_critpath_item *it = &r->items[i];
        if (it->category != cat)
            continue;
        shown++;
        fprintf(out, "  %12.6f %6.1f  %12.6f %6.1f", it->cp_ns * 1e-9, pct(it->cp_ns, r->length_ns),
                it->cpu_ns * 1e-9, pct(it->cpu_ns, r->cpu_total_ns));
        if (zeroing && it->zero_ns >= 0)
            fprintf(out, "  %12.6f %6.1f", it->zero_ns * 1e-9, pct(it->zero_ns, r->length_ns));
        else if (zeroing)
            fprintf(out, "  %12s %6s", "-", "-");
        fprintf(out, "  %10llu  ", (unsigned long long)it->count);
        skel_usecase_put_text(out, it->name);
        if (it->detail[0] != '\0') {
            fputs("  (", out);
            skel_usecase_put_text(out, it->detail);
            fputs(")", out);
        }
        fputc('\n', out);
    }
}

void skel_profile_print(FILE *out, const struct skel_profile_opts *o,
                        const struct skel_profile_result *res)
{
    const struct skel_critpath_result *r = &res->cp;
    skel_usecase_print_trace(out, "trace          ", o->trace_dir, r->nranks, r->events,
                             r->messages, r->collectives);
    if (res->partial != NULL)
        fprintf(out, "PARTIAL TRACE  %s: this is the critical path of part of the run\n",
                res->partial);
    fprintf(out, "run            %.6f s (first event start to last event end)\n", r->run_ns * 1e-9);
    fprintf(out, "critical path  %.6f s (%.1f %% of the run; ends on rank %u)\n",
            r->length_ns * 1e-9, pct(r->length_ns, r->run_ns), r->end_rank);
    fprintf(out, "busy           ");
    for (uint32_t i = 0; i < r->nranks && i < 16; i++)
        fprintf(out, "%srank %u %.6f s", i ? ", " : "", i, r->busy_ns[i] * 1e-9);
    fprintf(out, "%s\n", r->nranks > 16 ? ", ..." : "");
    fprintf(out, "CPU            %.6f s over all ranks (in-call time counts as CPU: MPICH polls)\n",
            r->cpu_total_ns * 1e-9);
    if (o->table == NULL)
        fprintf(out,
                "network        no table (time in flight counts as the receiving call's work)\n");
    else {
        fprintf(out, "network        ");
        skel_usecase_put_text(out, o->table);
        fprintf(out, "\n");
    }
    double secs = r->pass_s[0] + r->pass_s[1];
    fprintf(out, "analysis       %.3f s (%.1f million events/s per pass)\n", secs,
            r->pass_s[0] > 0 ? (double)r->events / r->pass_s[0] * 1e-6 : 0.0);
    if (r->group_zero_ns >= 0) {
        fprintf(out, "zero group     ");
        skel_usecase_put_text(out, o->cp.zero_group);
        fprintf(out, ": %u items; zeroing them together saves %.6f s (%.1f %%)\n", r->group_items,
                r->group_zero_ns * 1e-9, pct(r->group_zero_ns, r->length_ns));
    }
    for (int cat = 0; cat < SKEL_CRITPATH__CATEGORIES; cat++)
        print_table(out, r, cat, o->cp.top, o->cp.top > 0);
}

void skel_profile_print_tsv(FILE *out, const struct skel_profile_result *res)
{
    const struct skel_critpath_result *r = &res->cp;
    fprintf(out, "run_ns\t%.0f\n", r->run_ns);
    if (res->partial != NULL)
        fprintf(out, "partial\t%s\n", res->partial);
    fprintf(out, "critical_path_ns\t%.0f\n", r->length_ns);
    fprintf(out, "end_rank\t%u\n", r->end_rank);
    fprintf(out, "cpu_total_ns\t%.0f\n", r->cpu_total_ns);
    fprintf(out, "events\t%llu\n", (unsigned long long)r->events);
    fprintf(out, "messages\t%llu\n", (unsigned long long)r->messages);
    fprintf(out, "collectives\t%llu\n", (unsigned long long)r->collectives);
    fprintf(out, "pass_s\t%.6f\t%.6f\n", r->pass_s[0], r->pass_s[1]);
    for (uint32_t i = 0; i < r->nranks; i++)
        fprintf(out, "busy_ns\t%u\t%.0f\n", i, r->busy_ns[i]);
    if (r->group_zero_ns >= 0)
        fprintf(out, "group_zero_ns\t%.0f\t%u\n", r->group_zero_ns, r->group_items);
    fprintf(out, "#item\tcategory\tcp_ns\tcpu_ns\ttime_ns\tcount\tzero_ns\tname\tdetail\n");
    static const char *const cats[] = {"call", "site", "phase"};
    for (size_t i = 0; i < r->nitems; i++) {
        const struct skel_critpath_item *it = &r->items[i];
        fprintf(out, "item\t%s\t%.0f\t%.0f\t%.0f\t%llu\t%.0f\t", cats[it->category], it->cp_ns,
                it->cpu_ns, it->time_ns, (unsigned long long)it->count, it->zero_ns);
        skel_usecase_put_text(out, it->name);
        fputc('\t', out);
        skel_usecase_put_text(out, it->detail);
        fputc('\n', out);
    }
}
