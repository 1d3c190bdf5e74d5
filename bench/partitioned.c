/* partitioned.c - rank 0 sends rank 1 ITERS partitioned transfers of 4
 * partitions of N doubles each (MPI_Psend_init/MPI_Precv_init once;
 * MPI_Start, MPI_Pready_range of all four and MPI_Wait each time), with
 * nothing else to do, so the transfers are the run time.  Made to measure
 * what a partitioned transfer costs against the persistent send and
 * receive a skeleton makes of it (bench/accuracy-mechanisms.md, section
 * 17).  With US > 0, rank 0 instead computes US microseconds before each
 * partition and readies it alone (MPI_Pready), so the transfer of a
 * partition overlaps the compute of the next ones.
 *
 * usage: partitioned [N [ITERS [US]]] (defaults 131072: 1 MiB partitions,
 * 100, 0); prints "partitioned: ... in T s". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* us microseconds of arithmetic over a small array (the clock read every
 * 64 steps). */
static double compute(double us, double *a)
{
    double end = MPI_Wtime() + us * 1e-6, s = 0;
    for (long i = 0;; i++) {
        a[i & 255] = a[i & 255] * 0.999 + 1.0;
        s += a[(i * 7) & 255];
        if ((i & 63) == 0 && MPI_Wtime() >= end)
            return s;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n = argc > 1 ? atoi(argv[1]) : 1 << 17, iters = argc > 2 ? atoi(argv[2]) : 100;
    double us = argc > 3 ? atof(argv[3]) : 0, work[256] = {0}, sink = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    double *buf = n > 0 && iters > 0 ? calloc((size_t)n * 4, sizeof *buf) : NULL;
    if (buf == NULL) {
        fprintf(stderr, "usage: partitioned [N [ITERS [US]]] (N, ITERS > 0)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Request r = MPI_REQUEST_NULL;
    if (me == 0)
        MPI_Psend_init(buf, 4, n, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    else if (me == 1)
        MPI_Precv_init(buf, 4, n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters && me < 2; i++) {
        MPI_Start(&r);
        if (me == 0 && us > 0) {
            for (int p = 0; p < 4; p++) {
                sink += compute(us, work);
                MPI_Pready(p, r);
            }
        } else if (me == 0) {
            MPI_Pready_range(0, 3, r);
        }
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double secs = MPI_Wtime() - t0;
    if (r != MPI_REQUEST_NULL)
        MPI_Request_free(&r);
    free(buf);
    if (me == 0)
        printf("partitioned: %d transfers of 4 x %d doubles (%.0f us before each, %g) in %.6f s\n",
               iters, n, us, sink > 0 ? 1.0 : 0.0, secs);
    MPI_Finalize();
    return 0;
}
