#!/bin/bash
# test_gen_offcpu.sh - a skeleton sleeps where the application was off the
# CPU.  A small program: rank 0 sleeps 3 ms (nanosleep) and rank 1 computes
# 3 ms, then both meet in MPI_Barrier, 100 times.  Its skeleton at K = 2 must
# carry rank 0's phase as an off-CPU table and sleep it: then only rank 1
# uses a processor through the phases, and the ranks together use about one
# CPU, not two (replayed as compute, or dropped, rank 0 would busy-poll in
# the barrier while rank 1 computes).  Asserts on CPU time over wall time of
# one run, a ratio of 1 against 2, never on a duration.
source "$(dirname "$0")/lib.sh"

cat >"$TMP/offcpu.c" <<'EOF'
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
    int rank;
    volatile double sink = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 100; i++) {
        if (rank == 0) {
            struct timespec ts = {0, 3000000};
            nanosleep(&ts, NULL);
        } else {
            double end = cpu_s() + 3e-3;
            while (cpu_s() < end)
                for (int k = 0; k < 1000; k++)
                    sink += k * 0.5;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("offcpu: done\n");
    MPI_Finalize();
    return sink < 0;
}
EOF
mpicc.mpich -O2 -Wall -Wextra -Werror "$TMP/offcpu.c" -o "$TMP/offcpu" || fail "compiling the program"

"$SKEL" generate -K 2 --quiet -o "$TMP/sk" -- mpiexec.mpich -n 2 "$TMP/offcpu" ||
    fail "skel generate"
# The phase before the barrier: rank 0's is off the CPU, rank 1's on it.
# skel_dists rows: { quantiles, first, off-CPU quantiles, first, working-set class }.
grep -E '^    \{ [0-9]+, [0-9]+, [1-9][0-9]*, [0-9]+, [0-9]+, [0-9]+ \}, /\* compute before symbol' "$TMP/sk/skeleton.c" \
    >/dev/null || fail "no off-CPU table in the skeleton: $(grep 'compute before' "$TMP/sk/skeleton.c")"
grep -E '^    \{ [0-9]+, [0-9]+, 0, 0, [0-9]+, [0-9]+ \}, /\* compute before symbol' "$TMP/sk/skeleton.c" >/dev/null ||
    fail "every distribution has an off-CPU table: rank 1's compute should not"

# CPU time of both ranks over the wall time of the job, three tries (the
# ratio is about 1 when rank 0 sleeps, about 2 when it polls).
best=$(skeleton_cpus "$TMP/sk") || fail "running the skeleton"
awk -v r="$best" 'BEGIN { exit !(r < 1.6) }' ||
    fail "the ranks used $best CPUs on average: rank 0 did not sleep its off-CPU phase"
echo "PASS: the skeleton sleeps where the application slept (CPU / wall $best)"
