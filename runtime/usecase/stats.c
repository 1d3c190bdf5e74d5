/* stats.c - a trace's statistics, and their tables (stats.h). */
#include "stats.h"

#include "error.h"
#include "report_text.h"
#include "usecase.h"

#include <inttypes.h>
#include <string.h>

int skel_stats_run(const char *dir, int check, struct skel_stats_result *res)
{
    memset(res, 0, sizeof *res);
    int rc = skel_trace_open(dir, &res->trace);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_tracestats(res->trace, check, &res->st);
    if (rc == SKEL_OK)
        rc = skel_trace_completeness(res->trace, &res->complete, res->partial, sizeof res->partial);
    if (rc != SKEL_OK) {
        skel_trace_close(res->trace);
        memset(res, 0, sizeof *res);
    }
    return rc;
}

void skel_stats_result_free(struct skel_stats_result *res)
{
    if (res->trace != NULL) {
        skel_tracestats_free(&res->st);
        skel_trace_close(res->trace);
    }
    memset(res, 0, sizeof *res);
}

int skel_stats_damaged(const struct skel_tracestats *st)
{
    int bad = st->checked && !st->consistent;
    for (uint32_t i = 0; i < st->nranks; i++)
        bad |= st->ranks[i].error[0] != '\0' || st->ranks[i].truncated;
    return bad;
}

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

static void print_calls(FILE *out, const struct skel_rankstat *tot)
{
    uint64_t mpi = 0;
    for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++)
        mpi += tot->calls[c].time_ns;
    fprintf(out, "\n%-30s %12s %14s %14s %12s %7s\n", "call", "count", "bytes sent", "bytes recv",
            "time (ms)", "% MPI");
    for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++) {
        const struct skel_callstat *cs = &tot->calls[c];
        if (cs->count == 0)
            continue;
        fprintf(out, "%-30s %12" PRIu64 " %14" PRIu64 " %14" PRIu64 " %12.3f %6.1f%%\n",
                skel_call_name(c), cs->count, cs->bytes, cs->rbytes, (double)cs->time_ns / 1e6,
                pct(cs->time_ns, mpi));
    }
}

static void print_ranks(FILE *out, const struct skel_tracestats *st)
{
    fprintf(out, "\n%-5s %10s %10s %8s %9s %9s %10s %10s %s\n", "rank", "events", "run (s)",
            "MPI %", "compute %", "CPU/wall", "overhead %", "bytes/ev", "end");
    for (uint32_t i = 0; i < st->nranks; i++) {
        const struct skel_rankstat *r = &st->ranks[i];
        uint64_t run = r->t_last - r->t_first;
        char end[600];
        if (!r->present)
            snprintf(end, sizeof end, "no trace file");
        else if (r->error[0] != '\0')
            snprintf(end, sizeof end, "damaged: %s", r->error);
        else if (r->signal > 0)
            snprintf(end, sizeof end, "killed by signal %d", r->signal);
        else if (r->abort_code >= 0)
            snprintf(end, sizeof end, "MPI_Abort(%d)", r->abort_code);
        else if (r->truncated && r->ending == SKEL_END_OPEN)
            snprintf(end, sizeof end, "killed (SIGKILL, or still running)");
        else if (r->truncated && r->ending == SKEL_END_STOPPED)
            snprintf(end, sizeof end, "the tracer stopped");
        else if (r->truncated)
            snprintf(end, sizeof end, "exited without MPI_Finalize");
        else
            snprintf(end, sizeof end, "clean");
        fprintf(out, "%-5u %10" PRIu64 " %10.3f %7.1f%% %8.1f%% %9.2f %9.2f%% %10.1f %s\n", i,
                r->nevents, (double)run / 1e9, pct(r->mpi_ns, run), pct(r->compute_wall_ns, run),
                r->compute_wall_ns ? (double)r->compute_cpu_ns / (double)r->compute_wall_ns : 0.0,
                pct(r->overhead_ns, run),
                r->nevents ? (double)r->file_bytes / (double)r->nevents : 0.0, end);
    }
}

void skel_stats_print(FILE *out, const struct skel_stats_result *res)
{
    const skel_trace *t = res->trace;
    const struct skel_tracestats *st = &res->st;
    const skel_meta *m = skel_trace_meta(t);
    fprintf(out, "trace %s: %u ranks", skel_trace_dir(t), st->nranks);
    if (m->mpi_library != NULL) {
        char lib[512];
        fputs(", ", out);
        skel_usecase_put_text(out, skel_text_oneline(m->mpi_library, lib, sizeof lib));
    }
    fputc('\n', out);
    if (!res->complete)
        fprintf(out, "PARTIAL TRACE: %s\n", res->partial);
    if (m->ncommand > 0) {
        fputs("command:", out);
        for (uint32_t i = 0; i < m->ncommand; i++)
            fprintf(out, " %s", skel_usecase_printable(m->command[i]));
        fputc('\n', out);
    }
    print_calls(out, &st->total);
    print_ranks(out, st);
    if (st->total.fortran_events > 0)
        fprintf(out, "\n%d events came through a Fortran binding\n", st->total.fortran_events);
    if (!st->checked)
        return;
    if (st->consistent)
        fprintf(out,
                "\nconsistent: %" PRIu64 " messages matched, %" PRIu64
                " collectives complete, every request completed\n",
                st->messages, st->collectives);
    else if (st->check_error[0] != '\0')
        fprintf(out, "\nINCONSISTENT: %s\n", st->check_error);
    else
        fprintf(out,
                "\nINCONSISTENT: %" PRIu64 " messages never received, %" PRIu64
                " requests never completed\n",
                st->unmatched_sends, st->pending_requests);
}

void skel_stats_print_csv(FILE *out, const struct skel_tracestats *st)
{
    fprintf(out, "rank,call,count,bytes,rbytes,time_ns\n");
    for (uint32_t i = 0; i <= st->nranks; i++) {
        const struct skel_rankstat *r = i < st->nranks ? &st->ranks[i] : &st->total;
        for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++) {
            const struct skel_callstat *cs = &r->calls[c];
            if (cs->count == 0)
                continue;
            if (i < st->nranks)
                fprintf(out, "%u,", i);
            else
                fputs("all,", out);
            fprintf(out, "%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", skel_call_name(c),
                    cs->count, cs->bytes, cs->rbytes, cs->time_ns);
        }
    }
}
