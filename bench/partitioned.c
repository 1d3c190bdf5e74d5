/* partitioned.c - rank 0 sends rank 1 ITERS partitioned transfers of 4
 * partitions of N doubles each (MPI_Psend_init/MPI_Precv_init once;
 * MPI_Start, MPI_Pready_range of all four and MPI_Wait each time), with
 * nothing else to do, so the transfers are the run time.  Made to measure
 * what a partitioned transfer costs against the persistent send and
 * receive a skeleton makes of it (bench/accuracy-mechanisms.md, section
 * 17).
 *
 * usage: partitioned [N [ITERS]] (defaults 131072: 1 MiB partitions, 100);
 * prints "partitioned: ... in T s". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, n = argc > 1 ? atoi(argv[1]) : 1 << 17, iters = argc > 2 ? atoi(argv[2]) : 100;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    double *buf = n > 0 && iters > 0 ? calloc((size_t)n * 4, sizeof *buf) : NULL;
    if (buf == NULL) {
        fprintf(stderr, "usage: partitioned [N [ITERS]] (both > 0)\n");
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
        if (me == 0)
            MPI_Pready_range(0, 3, r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double secs = MPI_Wtime() - t0;
    if (r != MPI_REQUEST_NULL)
        MPI_Request_free(&r);
    free(buf);
    if (me == 0)
        printf("partitioned: %d transfers of 4 x %d doubles in %.6f s\n", iters, n, secs);
    MPI_Finalize();
    return 0;
}
