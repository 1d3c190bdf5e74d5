/* layout.c - two ranks exchange messages of a non-contiguous datatype, as
 * dense linear algebra sends parts of a matrix: rank 0 sends ITERS messages
 * of BYTES bytes laid out in runs of RUN doubles (MPI_Type_vector, a gap as
 * long after each run; RUN 0: contiguous) to rank 1, which computes DELAY
 * seconds before each receive.  bench/layout_ab.sh makes skeletons of it.
 *
 * usage: layout BYTES RUN ITERS DELAY; prints "layout: ... in T s" (the
 * loop's time, between two barriers). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void spin(double s)
{
    double t = MPI_Wtime();
    while (MPI_Wtime() - t < s)
        ;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    if (argc != 5) {
        fprintf(stderr, "usage: %s BYTES RUN ITERS DELAY\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int me, bytes = atoi(argv[1]), run = atoi(argv[2]), iters = atoi(argv[3]);
    double delay = atof(argv[4]);
    int nd = bytes / 8;
    if (nd < 1 || run < 0 || iters < 1 || (run > 0 && nd % run != 0)) {
        fprintf(stderr, "layout: BYTES must be a multiple of 8 RUN doubles\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    double *buf = calloc((size_t)nd * 2 + 16, sizeof *buf);
    if (buf == NULL)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Datatype t;
    if (run > 0)
        MPI_Type_vector(nd / run, run, 2 * run, MPI_DOUBLE, &t);
    else
        MPI_Type_contiguous(nd, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        if (me == 0) {
            MPI_Send(buf, 1, t, 1, 0, MPI_COMM_WORLD);
            spin(delay / 10);
        } else if (me == 1) {
            spin(delay);
            MPI_Recv(buf, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double secs = MPI_Wtime() - t0;
    MPI_Type_free(&t);
    free(buf);
    if (me == 0)
        printf("layout: %d messages of %d bytes in runs of %d doubles in %.6f s\n", iters, bytes,
               run, secs);
    MPI_Finalize();
    return 0;
}
