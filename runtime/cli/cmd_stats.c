/* cmd_stats.c - `skel stats TRACEDIR`: counts by call, bytes, time in MPI vs
 * compute, the tracer's overhead, and whether the ranks fit together. */
#include "cli.h"
#include "commands.h"

#include "error.h"
#include "tracestats.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

void skel_cli_print_stats(FILE *out, const skel_trace *t, const struct skel_tracestats *st)
{
    const skel_meta *m = skel_trace_meta(t);
    fprintf(out, "trace %s: %u ranks", skel_trace_dir(t), st->nranks);
    if (m->mpi_library != NULL)
        fprintf(out, ", %s", m->mpi_library);
    fprintf(out, "%s\n", m->complete ? "" : " (the run did not finish cleanly)");
    if (m->ncommand > 0) {
        fputs("command:", out);
        for (uint32_t i = 0; i < m->ncommand; i++)
            fprintf(out, " %s", skel_cli_printable(m->command[i]));
        fputc('\n', out);
    }
    const struct skel_rankstat *tot = &st->total;
    uint64_t mpi = 0;
    for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++)
        mpi += tot->calls[c].time_ns;
    fprintf(out, "\n%-24s %12s %14s %14s %12s %7s\n", "call", "count", "bytes sent", "bytes recv",
            "time (ms)", "% MPI");
    for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++) {
        const struct skel_callstat *cs = &tot->calls[c];
        if (cs->count == 0)
            continue;
        fprintf(out, "%-24s %12" PRIu64 " %14" PRIu64 " %14" PRIu64 " %12.3f %6.1f%%\n",
                skel_call_name(c), cs->count, cs->bytes, cs->rbytes, (double)cs->time_ns / 1e6,
                pct(cs->time_ns, mpi));
    }
    fprintf(out, "\n%-5s %10s %10s %8s %9s %9s %10s %10s %s\n", "rank", "events", "run (s)", "MPI %",
            "compute %", "CPU/wall", "overhead %", "bytes/ev", "end");
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
    if (tot->fortran_events > 0)
        fprintf(out, "\n%d events came through a Fortran binding\n", tot->fortran_events);
    if (st->checked) {
        if (st->consistent)
            fprintf(out, "\nconsistent: %" PRIu64 " messages matched, %" PRIu64
                         " collectives complete, every request completed\n",
                    st->messages, st->collectives);
        else if (st->check_error[0] != '\0')
            fprintf(out, "\nINCONSISTENT: %s\n", st->check_error);
        else
            fprintf(out, "\nINCONSISTENT: %" PRIu64 " messages never received, %" PRIu64
                         " requests never completed\n",
                    st->unmatched_sends, st->pending_requests);
    }
}

static void print_csv(FILE *out, const struct skel_tracestats *st)
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

static void usage(FILE *f)
{
    fprintf(f, "usage: skel stats [--csv] [--no-check] [--strict] TRACEDIR\n\n"
               "Per-rank and total counts by MPI call, bytes, time in MPI vs compute, and the\n"
               "tracer's own overhead.  Unless --no-check, the ranks are replayed together to\n"
               "check that every message was received and every request completed.\n\n"
               "  --csv       one line per rank and call: rank,call,count,bytes,rbytes,time_ns\n"
               "              (rank 'all' for the totals)\n"
               "  --no-check  skip the replay\n"
               "  --strict    exit with status 3 if the trace is damaged or inconsistent\n");
}

int skel_cmd_stats(int argc, char **argv)
{
    static const struct option opts[] = {{"csv", no_argument, NULL, 'c'},
                                         {"no-check", no_argument, NULL, 'n'},
                                         {"strict", no_argument, NULL, 's'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int csv = 0, check = 1, strict = 0, o;
    optind = 1;
    while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (o) {
        case 'c':
            csv = 1;
            break;
        case 'n':
            check = 0;
            break;
        case 's':
            strict = 1;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            return skel_cli_usage_error("stats", "unknown option");
        }
    }
    if (optind != argc - 1)
        return skel_cli_usage_error("stats", "expected one trace directory");
    skel_trace *t;
    int rc = skel_trace_open(argv[optind], &t);
    if (rc != SKEL_OK)
        return skel_cli_fail("stats", rc);
    struct skel_tracestats st;
    rc = skel_tracestats(t, check, &st);
    if (rc != SKEL_OK) {
        skel_trace_close(t);
        return skel_cli_fail("stats", rc);
    }
    if (csv)
        print_csv(stdout, &st);
    else
        skel_cli_print_stats(stdout, t, &st);
    int bad = st.checked && !st.consistent;
    for (uint32_t i = 0; i < st.nranks; i++)
        bad |= st.ranks[i].error[0] != '\0' || st.ranks[i].truncated;
    skel_tracestats_free(&st);
    skel_trace_close(t);
    return strict && bad ? skel_exit_status(SKEL_EFORMAT) : 0;
}
