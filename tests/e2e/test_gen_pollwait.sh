#!/bin/bash
# test_gen_pollwait.sh - a skeleton waits the way the application waited.
# A small program: rank 1 computes 2 ms and sends; rank 0 posts MPI_Irecv
# and tests it in a loop with a 50 us nanosleep between tests (a master
# that does not burn a core), 100 times.  Rank 0's completing MPI_Test
# came after a phase spent asleep, so the skeleton at K = 2 must complete
# it by testing between sleeps (skel_complete mode 2), not in a busy
# PMPI_Wait: then rank 0 leaves its processor to whoever shares it, as the
# application did, and the ranks together use about one CPU, not two.
# Asserts on CPU time over wall time of one run, never on a duration.
source "$(dirname "$0")/lib.sh"

cat >"$TMP/pollwait.c" <<'EOF'
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
    double v = 1.0;
    volatile double sink = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 100; i++) {
        if (rank == 0) {
            MPI_Request r;
            int done = 0;
            MPI_Irecv(&v, 1, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD, &r);
            MPI_Test(&r, &done, MPI_STATUS_IGNORE);
            while (!done) {
                struct timespec ts = {0, 50000};
                nanosleep(&ts, NULL);
                MPI_Test(&r, &done, MPI_STATUS_IGNORE);
            }
        } else {
            double end = cpu_s() + 2e-3;
            while (cpu_s() < end)
                for (int k = 0; k < 1000; k++)
                    sink += k * 0.5;
            MPI_Send(&v, 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD);
        }
    }
    if (rank == 0)
        printf("pollwait: done\n");
    MPI_Finalize();
    return sink < 0;
}
EOF
mpicc.mpich -O2 -Wall -Wextra -Werror "$TMP/pollwait.c" -o "$TMP/pollwait" || fail "compiling the program"

"$SKEL" generate -K 2 --quiet -o "$TMP/sk" -- mpiexec.mpich -n 2 "$TMP/pollwait" ||
    fail "skel generate"
# An MPI_Test row of skel_ops completing with sleeps (completed 2) of a poll
# interval: { SKEL_F_WAIT, flags, SKEL_TEST, 2, ..., links, 1 link, 1 request, poll ns L, ...
grep -E '\{ SKEL_F_WAIT, [0-9]+, SKEL_TEST, 2, .*, [0-9]+, 1, 1, [1-9][0-9]*L, ' "$TMP/sk/skeleton.c" \
    >/dev/null || fail "no sleeping completion in the skeleton: $(grep SKEL_F_WAIT "$TMP/sk/skeleton.c")"

best=$(skeleton_cpus "$TMP/sk") || fail "running the skeleton"
awk -v r="$best" 'BEGIN { exit !(r < 1.6) }' ||
    fail "the ranks used $best CPUs on average: rank 0 busy-waited where the application slept"
echo "PASS: the skeleton waits asleep where the application did (CPU / wall $best)"
