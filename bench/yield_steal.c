/* yield_steal.c - how much of one core a rank that waits inside MPI takes
 * from the rank it waits for.
 *
 * Two ranks, meant to run on one core (taskset -c 0) under the yield shim.
 * Each round rank 0 computes for WORK iterations of a dependent arithmetic
 * chain while rank 1 waits for it in one MPI call (the mode), then rank 0
 * makes the matching call.  Rank 0 times its compute with the wall clock
 * and its thread's CPU clock; the wall time it did not get the CPU is what
 * the waiting rank (or anything else on the core) took.  Prints, per mode,
 * the median over the rounds of rank 0's wall, CPU and stolen share
 * (1 - CPU / wall).
 *
 *   usage: yield_steal [-r ROUNDS] [-w WORK]
 *   modes: recv (MPI_Recv), barrier (MPI_Barrier), fence (MPI_Win_fence),
 *          unlock (rank 1's MPI_Win_unlock of an exclusive lock on rank 0's
 *          window, which needs rank 0's progress to finish)
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile double sink;

static double now(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void work(long n)
{
    double a = 1.0, b = 1e-9;
    for (long i = 0; i < n; i++)
        a = a * 0.9999999 + b;
    sink += a;
}

static int cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

enum { RECV, BARRIER, FENCE, UNLOCK, NMODE };
static const char *const names[NMODE] = {"recv", "barrier", "fence", "unlock"};

int main(int argc, char **argv)
{
    long rounds = 20, w = 3000000;
    MPI_Init(&argc, &argv);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-r") == 0)
            rounds = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "-w") == 0)
            w = strtol(argv[i + 1], NULL, 10);
    }
    if (rounds < 1 || rounds > 100000 || w < 1) {
        fprintf(stderr, "usage: yield_steal [-r ROUNDS] [-w WORK]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (np != 2) {
        if (me == 0)
            fprintf(stderr, "yield_steal: run on 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long *base;
    MPI_Win win;
    MPI_Win_allocate(8, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    double *wall = calloc((size_t)rounds, sizeof *wall), *cpu = calloc((size_t)rounds, sizeof *cpu),
           *steal = calloc((size_t)rounds, sizeof *steal),
           *wcpu = calloc((size_t)rounds, sizeof *wcpu),
           *wwall = calloc((size_t)rounds, sizeof *wwall);
    if (wall == NULL || cpu == NULL || steal == NULL || wcpu == NULL || wwall == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    long one = 1;
    int x = 0;
    for (int m = 0; m < NMODE; m++) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (m == FENCE)
            MPI_Win_fence(0, win);
        for (long r = 0; r < rounds; r++) {
            if (me == 0) {
                double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);
                work(w);
                double w1 = now(CLOCK_MONOTONIC), c1 = now(CLOCK_THREAD_CPUTIME_ID);
                wall[r] = w1 - w0;
                cpu[r] = c1 - c0;
                steal[r] = 1.0 - cpu[r] / wall[r];
                if (m == RECV)
                    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
                else if (m == BARRIER)
                    MPI_Barrier(MPI_COMM_WORLD);
                else if (m == FENCE)
                    MPI_Win_fence(0, win);
                else
                    MPI_Barrier(MPI_COMM_WORLD); /* progress for rank 1's unlock */
            } else {
                double c0 = now(CLOCK_THREAD_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);
                if (m == RECV)
                    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                else if (m == BARRIER)
                    MPI_Barrier(MPI_COMM_WORLD);
                else if (m == FENCE)
                    MPI_Win_fence(0, win);
                else {
                    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
                    MPI_Accumulate(&one, 1, MPI_LONG, 0, 0, 1, MPI_LONG, MPI_SUM, win);
                    MPI_Win_unlock(0, win);
                    MPI_Barrier(MPI_COMM_WORLD);
                }
                wcpu[r] = now(CLOCK_THREAD_CPUTIME_ID) - c0;
                wwall[r] = now(CLOCK_MONOTONIC) - w0;
            }
        }
        if (m == FENCE)
            MPI_Win_fence(0, win);
        if (me == 1) {
            qsort(wcpu, (size_t)rounds, sizeof *wcpu, cmp);
            qsort(wwall, (size_t)rounds, sizeof *wwall, cmp);
            double v[2] = {wcpu[rounds / 2], wwall[rounds / 2]};
            MPI_Send(v, 2, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
        }
        if (me == 0) {
            double v[2];
            MPI_Recv(v, 2, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            qsort(wall, (size_t)rounds, sizeof *wall, cmp);
            qsort(cpu, (size_t)rounds, sizeof *cpu, cmp);
            qsort(steal, (size_t)rounds, sizeof *steal, cmp);
            printf("%-8s wall %.3f ms  cpu %.3f ms  stolen %.1f %% [%.1f, %.1f] (median "
                   "[min, max] of %ld); the waiting rank: wall %.3f ms, CPU %.3f ms\n",
                   names[m], wall[rounds / 2] * 1e3, cpu[rounds / 2] * 1e3, steal[rounds / 2] * 100,
                   steal[0] * 100, steal[rounds - 1] * 100, rounds, v[1] * 1e3, v[0] * 1e3);
        }
    }
    MPI_Win_free(&win);
    free(wall);
    free(cpu);
    free(steal);
    free(wcpu);
    free(wwall);
    MPI_Finalize();
    return 0;
}
