#!/bin/bash
# test_trace_cpu_poller.sh - the tracer measures the CPU of every sleep of a
# poller that also computes between its sleeps (a master preparing the next
# task, as samples/mw.c does).  A small program, 1 rank, 200 turns of:
# compute 150 us of CPU, MPI_Test, nanosleep 300 us, MPI_Test.  Every gap
# before the second Test is a sleep: the trace must give it little CPU
# (under half its wall time).  The tracer samples the CPU clock only where
# a recent sampled gap was mostly off the CPU (or after a period, set far
# out here so that only that rule counts): with "the latest sampled gap"
# alone, the compute gap made the thread look busy and the sleep after it
# went unsampled, counted as CPU in full, in every turn.  The compute gaps
# must stay mostly CPU.  Asserts on CPU over wall of recorded gaps only.
source "$(dirname "$0")/lib.sh"

cat >"$TMP/poller.c" <<'EOF2'
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    volatile double sink = 0;
    MPI_Request r = MPI_REQUEST_NULL;
    int flag;
    MPI_Init(&argc, &argv);
    for (int i = 0; i < 200; i++) {
        double end = cpu_s() + 150e-6;
        while (cpu_s() < end)
            for (int k = 0; k < 100; k++)
                sink += k * 0.5;
        MPI_Test(&r, &flag, MPI_STATUS_IGNORE); /* site 1: after compute */
        struct timespec ts = {0, 300000};
        nanosleep(&ts, NULL);
        MPI_Test(&r, &flag, MPI_STATUS_IGNORE); /* site 2: after a sleep */
    }
    printf("poller: done\n");
    MPI_Finalize();
    return sink < 0;
}
EOF2
mpicc.mpich -O2 -g -Wall -Wextra -Werror "$TMP/poller.c" -o "$TMP/poller" || fail "compiling the program"

SKEL_TRACE_CPU_PERIOD_US=1000000 "$SKEL" trace --quiet -o "$TMP/tr" -- \
    mpiexec.mpich -n 1 "$TMP/poller" >"$TMP/out" || fail "skel trace: $(cat "$TMP/out")"
"$SKEL" dump "$TMP/tr" >"$TMP/dump" || fail "skel dump"
# MPI_Test events in program order alternate: after compute, after a sleep.
# Skip the first two turns (the thread's first samples).
awk '$1 == 0 && $5 == "MPI_Test" {
        n++; split($6, g, "="); split($7, c, "=");
        if (n <= 4) next;
        if (n % 2 == 0) { sl++; if (2 * c[2] >= g[2]) { bad++; if (bad <= 3) print "sleep gap counted as CPU: " $0 } }
        else { co++; if (2 * c[2] < g[2]) { badc++; if (badc <= 3) print "compute gap counted as off-CPU: " $0 } } }
     END { printf "sleeps %d (%d counted as CPU), computes %d (%d as off-CPU)\n", sl, bad, co, badc;
           exit !(sl >= 190 && co >= 190 && bad <= 2 && badc <= 10) }' "$TMP/dump" ||
    fail "the tracer mis-measured the poller's gaps (above)"
echo "PASS"
