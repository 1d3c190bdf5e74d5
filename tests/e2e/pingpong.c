/* pingpong.c - tiny MPI helper for the harness's end-to-end tests and
 * measurements (compiled by the test scripts with mpicc.mpich).
 *   pingpong pingpong BYTES ITERS   ranks 0 and 1 exchange BYTES ITERS times
 *                                   (other ranks wait in the final barrier);
 *                                   rank 0 prints bytes moved and the rate
 *   pingpong allreduce ITERS        Allreduce of one double, ITERS times;
 *                                   rank 0 prints the mean latency
 *   pingpong sleep MS               MPI_Init, sleep MS milliseconds, finalize
 *   pingpong exit CODE              rank 0 exits with CODE after MPI_Finalize
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int rank, size, code = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *mode = argc > 1 ? argv[1] : "pingpong";
    if (strcmp(mode, "pingpong") == 0 && size >= 2) {
        long bytes = argc > 2 ? atol(argv[2]) : 1 << 20;
        long iters = argc > 3 ? atol(argv[3]) : 10;
        char *buf = calloc((size_t)bytes, 1);
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (long i = 0; i < iters && rank < 2; i++) {
            if (rank == 0) {
                MPI_Send(buf, (int)bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(buf, (int)bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, (int)bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, (int)bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
            }
        }
        double t = MPI_Wtime() - t0;
        if (rank == 0)
            printf("pingpong bytes=%ld seconds=%.6f mbit_per_s=%.1f\n", 2 * bytes * iters, t,
                   t > 0 ? 2.0 * (double)bytes * (double)iters * 8 / t / 1e6 : 0.0);
        free(buf);
    } else if (strcmp(mode, "allreduce") == 0) {
        long iters = argc > 2 ? atol(argv[2]) : 1000;
        double x = rank, y;
        MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (long i = 0; i < iters; i++)
            MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double t = MPI_Wtime() - t0;
        if (rank == 0)
            printf("allreduce ranks=%d iters=%ld mean_us=%.2f\n", size, iters,
                   t / (double)iters * 1e6);
    } else if (strcmp(mode, "sleep") == 0) {
        usleep((useconds_t)(argc > 2 ? atol(argv[2]) : 1000) * 1000);
    } else if (strcmp(mode, "exit") == 0) {
        code = rank == 0 && argc > 2 ? atoi(argv[2]) : 0;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0 && strcmp(mode, "exit") == 0)
        printf("after finalize\n");
    return code;
}
