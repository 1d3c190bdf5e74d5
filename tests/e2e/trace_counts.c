/* trace_counts.c - checks a trace of a sample program against the calls the
 * program says it makes (its `--expect` lines), for the end-to-end tests.
 *
 * Usage: trace_counts TRACEDIR EXPECTFILE [--fortran] [--sites-in PROGRAM]
 *
 *   - per rank and call, the number of events equals the expected COUNT
 *     (RANKS may be a range lo-hi: the sum over those ranks; COUNT -1: any
 *     number), and no call that is not listed appears;
 *   - --fortran: every event carries SKEL_EVF_FORTRAN;
 *   - --sites-in PROGRAM: every event's call site lies in PROGRAM's code (not
 *     in an MPI library's Fortran binding);
 *   - the replay of all ranks completes: every message matched, no request
 *     left pending, no send unreceived.
 *
 * Prints one line per rank and one for the replay; every problem goes to
 * stderr.  Exit status 0 when everything holds, 1 otherwise, 2 on bad usage.
 * Built by tests/e2e/test_tracer_fortran.sh against libskelformat.a.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "replay.h"
#include "trace.h"

#define MAX_RANKS  64
#define MAX_EXPECT 256

struct expect {
    unsigned lo, hi; /* ranks */
    unsigned call;
    long count; /* -1: any */
};

static struct expect expects[MAX_EXPECT];
static unsigned nexpect;
static uint64_t counts[MAX_RANKS][SKEL_CALL_LIMIT];
static int failures;

static void problem(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void problem(const char *fmt, ...)
{
    va_list ap;
    fputs("trace_counts: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    failures++;
}

static int read_expect(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    char line[512];
    int lineno = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        char ranks[64], call[128];
        long count;
        if (strncmp(line, "expect ", 7) != 0)
            continue;
        if (sscanf(line, "expect %63s %127s %ld", ranks, call, &count) != 3) {
            fprintf(stderr, "%s:%d: expected 'expect RANKS CALL COUNT'\n", path, lineno);
            fclose(f);
            return -1;
        }
        struct expect e = {.count = count};
        if (sscanf(ranks, "%u-%u", &e.lo, &e.hi) != 2) {
            if (sscanf(ranks, "%u", &e.lo) != 1) {
                fprintf(stderr, "%s:%d: bad RANKS '%s'\n", path, lineno, ranks);
                fclose(f);
                return -1;
            }
            e.hi = e.lo;
        }
        e.call = skel_call_by_name(call);
        if (e.call == 0 || e.hi >= MAX_RANKS || e.lo > e.hi || nexpect == MAX_EXPECT) {
            fprintf(stderr, "%s:%d: cannot check '%s %s'\n", path, lineno, ranks, call);
            fclose(f);
            return -1;
        }
        expects[nexpect++] = e;
    }
    fclose(f);
    if (nexpect == 0) {
        fprintf(stderr, "%s: no expect lines\n", path);
        return -1;
    }
    return 0;
}

/* The module of an event's call site, or NULL when unknown. */
static const char *site_module(const skel_rank_reader *r, uint32_t site)
{
    const skel_site *s = skel_rank_site(r, site);
    if (s == NULL || s->module == SKEL_COMM_NONE)
        return NULL;
    const skel_module *m = skel_rank_module(r, s->module);
    return m != NULL ? m->path : NULL;
}

/* The tracer records the program's path as it was started (argv[0]), which
 * may be relative to another directory: then only the names can be compared. */
static int same_file(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    if (a[0] == '/' && b[0] == '/' && realpath(a, ra) != NULL && realpath(b, rb) != NULL)
        return strcmp(ra, rb) == 0;
    const char *ba = strrchr(a, '/'), *bb = strrchr(b, '/');
    return strcmp(ba != NULL ? ba + 1 : a, bb != NULL ? bb + 1 : b) == 0;
}

static void check_rank(const skel_trace *t, uint32_t rank, int fortran, const char *program)
{
    skel_rank_reader *r;
    if (skel_trace_open_rank(t, rank, &r) != SKEL_OK) {
        problem("rank %u: %s", rank, skel_last_error());
        return;
    }
    skel_event ev;
    int rc;
    uint64_t n = 0, nfortran = 0, nelsewhere = 0;
    const char *elsewhere = NULL;
    while ((rc = skel_rank_next(r, &ev)) == 1) {
        n++;
        if (ev.call < SKEL_CALL_LIMIT)
            counts[rank][ev.call]++;
        if (ev.flags & SKEL_EVF_FORTRAN)
            nfortran++;
        else if (fortran)
            problem("rank %u event %llu (%s): not marked as called from Fortran", rank,
                    (unsigned long long)ev.seq, skel_call_name(ev.call));
        if (program != NULL) {
            const char *m = site_module(r, ev.site);
            if (m == NULL || !same_file(m, program)) {
                if (nelsewhere++ == 0)
                    problem("rank %u event %llu (%s): call site in %s, not in %s", rank,
                            (unsigned long long)ev.seq, skel_call_name(ev.call),
                            m != NULL ? m : "an unknown module", program);
                elsewhere = m;
            }
        }
    }
    if (rc < 0)
        problem("rank %u: %s", rank, skel_last_error());
    else if (skel_rank_truncated(r))
        problem("rank %u: the trace ends without its end record", rank);
    if (nelsewhere > 1)
        problem("rank %u: %llu events in all have their call site outside %s (last: %s)", rank,
                (unsigned long long)nelsewhere, program, elsewhere ? elsewhere : "unknown");
    printf("rank %u: %llu events, %llu marked Fortran", rank, (unsigned long long)n,
           (unsigned long long)nfortran);
    if (program != NULL)
        printf(", %llu with a call site outside the program", (unsigned long long)nelsewhere);
    printf("\n");
    skel_rank_close(r);
}

static void check_counts(uint32_t nranks)
{
    static unsigned char listed[MAX_RANKS][SKEL_CALL_LIMIT];
    for (unsigned i = 0; i < nexpect; i++) {
        const struct expect *e = &expects[i];
        if (e->hi >= nranks) {
            problem("expected calls of rank %u, but the trace has %u ranks", e->hi, nranks);
            continue;
        }
        uint64_t sum = 0;
        for (unsigned rk = e->lo; rk <= e->hi; rk++) {
            sum += counts[rk][e->call];
            listed[rk][e->call] = 1;
        }
        if (e->count >= 0 && sum != (uint64_t)e->count) {
            char ranks[32];
            snprintf(ranks, sizeof ranks, e->lo == e->hi ? "rank %u" : "ranks %u-%u", e->lo, e->hi);
            problem("%s: %llu %s events, expected %ld", ranks, (unsigned long long)sum,
                    skel_call_name(e->call), e->count);
        }
    }
    for (uint32_t rk = 0; rk < nranks; rk++)
        for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++)
            if (counts[rk][c] > 0 && !listed[rk][c])
                problem("rank %u: %llu %s events, a call the program does not make", rk,
                        (unsigned long long)counts[rk][c], skel_call_name(c));
}

static void check_replay(const skel_trace *t)
{
    skel_replay *rp;
    if (skel_replay_open(t, &rp) != SKEL_OK) {
        problem("replay: %s", skel_last_error());
        return;
    }
    skel_replay_item item;
    int rc;
    while ((rc = skel_replay_next(rp, &item)) == 1)
        ;
    if (rc < 0)
        problem("replay: %s", skel_last_error());
    skel_replay_stats st;
    skel_replay_stats_of(rp, &st);
    printf("replay: %llu events, %llu messages matched, %llu collectives, %llu pending "
           "requests, %llu unmatched sends\n",
           (unsigned long long)st.events, (unsigned long long)st.messages,
           (unsigned long long)st.collectives, (unsigned long long)st.pending_requests,
           (unsigned long long)st.unmatched_sends);
    if (st.pending_requests != 0)
        problem("replay: %llu requests never completed", (unsigned long long)st.pending_requests);
    if (st.unmatched_sends != 0)
        problem("replay: %llu messages never received", (unsigned long long)st.unmatched_sends);
    skel_replay_close(rp);
}

int main(int argc, char **argv)
{
    const char *dir = NULL, *expect = NULL, *program = NULL;
    int fortran = 0, extra = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--fortran") == 0)
            fortran = 1;
        else if (strcmp(argv[i], "--sites-in") == 0 && i + 1 < argc)
            program = argv[++i];
        else if (dir == NULL)
            dir = argv[i];
        else if (expect == NULL)
            expect = argv[i];
        else
            extra = 1;
    }
    if (dir == NULL || expect == NULL || extra) {
        fprintf(stderr,
                "usage: trace_counts TRACEDIR EXPECTFILE [--fortran] [--sites-in PROGRAM]\n");
        return 2;
    }
    if (read_expect(expect) != 0)
        return 1;
    skel_trace *t;
    if (skel_trace_open(dir, &t) != SKEL_OK) {
        fprintf(stderr, "trace_counts: %s\n", skel_last_error());
        return 1;
    }
    uint32_t nranks = skel_trace_nranks(t);
    if (nranks == 0 || nranks > MAX_RANKS) {
        fprintf(stderr, "trace_counts: %s: %u ranks (this checker handles 1 to %d)\n", dir, nranks,
                MAX_RANKS);
        skel_trace_close(t);
        return 1;
    }
    for (uint32_t rk = 0; rk < nranks; rk++)
        check_rank(t, rk, fortran, program);
    check_counts(nranks);
    check_replay(t);
    skel_trace_close(t);
    return failures == 0 ? 0 : 1;
}
