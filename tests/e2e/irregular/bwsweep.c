/* bwsweep.c - a ping-pong bandwidth sweep, the way network benchmarks
 * measure latency and bandwidth: rank 0 sends a message of 1 byte, 2, 4, ...
 * up to MAX bytes to rank 1, which returns it, REPS times per size (fewer
 * above 64 KiB), blocking MPI_Send/MPI_Recv; the other ranks only wait at
 * the final barrier.  Nothing but communication: the skeleton's time is
 * the network's.
 *
 * usage: bwsweep [-m MAXBYTES] [-r REPS] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[2] = {1L << 22, 400};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-m MAXBYTES] [-r REPS]", "mr", opt);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    char *buf = malloc((size_t)opt[0] + 1);
    if (buf == NULL || np < 2)
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(buf, 1, (size_t)opt[0] + 1);
    double t00 = irr_clock();
    for (long size = 1; size <= opt[0]; size *= 2) {
        long reps = size <= 65536 ? opt[1] : opt[1] / 8 > 0 ? opt[1] / 8 : 1;
        double t0 = MPI_Wtime();
        for (long r = 0; r < reps && me < 2; r++) {
            if (me == 0) {
                MPI_Send(buf, (int)size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, (int)size, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, (int)size, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, (int)size, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
            }
        }
        double t = (MPI_Wtime() - t0) / (double)reps / 2;
        if (me == 0)
            printf("bwsweep: %9ld bytes %9.3f us %9.1f MB/s\n", size, t * 1e6, size / t / 1e6);
    }
    double secs = irr_clock() - t00;
    if (me == 0)
        printf("bwsweep: up to %ld bytes in %.6f s\n", opt[0], secs);
    free(buf);
    MPI_Finalize();
    return 0;
}
