/* percall.c - time a loop of cheap MPI calls, for bench/tracer_overhead.sh.
 * Usage: percall CALL N  (CALL: test, iprobe, isend-wait, allreduce, pscw: an
 * epoch of MPI_Win_post, start, complete and wait on MPI_COMM_SELF)
 * Prints "CALL ns_per_iteration calls_per_iteration". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    const char *what = argc > 1 ? argv[1] : "test";
    long n = argc > 2 ? atol(argv[2]) : 1000000;
    int rank, size, flag;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Status st;
    double x = 1, y;
    int calls = 1;
    double t0 = now();
    if (strcmp(what, "test") == 0) {
        for (long i = 0; i < n; i++)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    } else if (strcmp(what, "iprobe") == 0) {
        for (long i = 0; i < n; i++)
            MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, &st);
    } else if (strcmp(what, "isend-wait") == 0) {
        /* to self: Irecv, Isend, Waitall of two */
        MPI_Request r[2];
        calls = 3;
        for (long i = 0; i < n; i++) {
            MPI_Irecv(&y, 1, MPI_DOUBLE, rank, 1, MPI_COMM_WORLD, &r[0]);
            MPI_Isend(&x, 1, MPI_DOUBLE, rank, 1, MPI_COMM_WORLD, &r[1]);
            MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        }
    } else if (strcmp(what, "pscw") == 0) {
        double buf[8];
        MPI_Win win;
        MPI_Group g;
        MPI_Win_create(buf, sizeof buf, 8, MPI_INFO_NULL, MPI_COMM_SELF, &win);
        MPI_Win_get_group(win, &g);
        calls = 4;
        t0 = now();
        for (long i = 0; i < n; i++) {
            MPI_Win_post(g, 0, win);
            MPI_Win_start(g, 0, win);
            MPI_Win_complete(win);
            MPI_Win_wait(win);
        }
        double t = now() - t0;
        MPI_Group_free(&g);
        MPI_Win_free(&win);
        t0 = now() - t; /* the window's making and freeing left out */
    } else {
        for (long i = 0; i < n; i++)
            MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    double t = now() - t0;
    if (rank == 0)
        printf("%s %.1f %d\n", what, t / n, calls);
    MPI_Finalize();
    return 0;
}
