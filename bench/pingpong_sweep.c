/* pingpong_sweep.c - a ping-pong bandwidth sweep between ranks 0 and 1, the
 * workload where the tracer's per-call cost is the run time (millions of
 * calls per second per rank).  Compiled by bench/tracer_overhead.sh with
 * mpicc.mpich; run with 2 ranks.
 *
 * Usage: pingpong_sweep [MODE [SCALE [MIN MAX]]]
 *   MODE  blocking (MPI_Send/MPI_Recv), nonblocking (MPI_Irecv, MPI_Isend,
 *         MPI_Waitall of the two) or both (default: both, one after the other)
 *   SCALE repetitions of the smallest sizes (default 200000); larger messages
 *         get fewer, so that every size moves a similar amount of time
 *   MIN MAX   the smallest and largest message size (default 0 and 1048576)
 *
 * Message sizes: 0 B, then 1 B .. 1 MiB doubling.  Prints one line per mode
 * and size (round trips, microseconds per round trip, Gbit/s), then
 * "total SECONDS CALLS": the time of the whole sweep on rank 0 (between two
 * barriers) and the MPI calls rank 0 made in it.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BYTES (1L << 20)

static long reps_for(long bytes, long scale)
{
    /* Below 4 KiB the latency dominates: full repetitions.  Above, the
     * transfer time grows with the size: fewer repetitions, at least 200. */
    long r = bytes <= 4096 ? scale : scale / (bytes / 4096 + 1) * 2;
    return r < 200 ? 200 : r;
}

/* One size: returns the MPI calls rank 0 made. */
static long sweep_one(int nonblocking, char *sbuf, char *rbuf, long bytes, long reps, int rank)
{
    int peer = 1 - rank, n = (int)bytes;
    long calls = 0;
    for (long i = 0; i < reps; i++) {
        if (nonblocking) {
            MPI_Request rq[2];
            MPI_Irecv(rbuf, n, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &rq[0]);
            MPI_Isend(sbuf, n, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &rq[1]);
            MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
            calls += 3;
        } else if (rank == 0) {
            MPI_Send(sbuf, n, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
            MPI_Recv(rbuf, n, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            calls += 2;
        } else {
            MPI_Recv(rbuf, n, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(sbuf, n, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
            calls += 2;
        }
    }
    return calls;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *mode = argc > 1 ? argv[1] : "both";
    long scale = argc > 2 ? atol(argv[2]) : 200000;
    long lo = argc > 3 ? atol(argv[3]) : 0, hi = argc > 4 ? atol(argv[4]) : MAX_BYTES;
    int modes[2], nmodes = 0;
    if (strcmp(mode, "blocking") == 0 || strcmp(mode, "both") == 0)
        modes[nmodes++] = 0;
    if (strcmp(mode, "nonblocking") == 0 || strcmp(mode, "both") == 0)
        modes[nmodes++] = 1;
    if (size != 2 || nmodes == 0 || scale < 1 || lo < 0 || hi > MAX_BYTES || lo > hi) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 2 pingpong_sweep [blocking|nonblocking|both "
                            "[SCALE [MIN MAX]]]\n");
        MPI_Finalize();
        return 2;
    }
    char *sbuf = calloc(MAX_BYTES, 1), *rbuf = calloc(MAX_BYTES, 1);
    if (sbuf == NULL || rbuf == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    long calls = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int m = 0; m < nmodes; m++) {
        for (long bytes = 0; bytes <= hi; bytes = bytes ? bytes * 2 : 1) {
            if (bytes < lo)
                continue;
            long reps = reps_for(bytes, scale);
            double t = MPI_Wtime();
            calls += sweep_one(modes[m], sbuf, rbuf, bytes, reps, rank);
            t = MPI_Wtime() - t;
            if (rank == 0)
                printf("%-11s %8ld B %8ld round trips %10.3f us %9.3f Gbit/s\n",
                       modes[m] ? "nonblocking" : "blocking", bytes, reps, t / (double)reps * 1e6,
                       t > 0 ? 2.0 * (double)bytes * (double)reps * 8 / t / 1e9 : 0.0);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double total = MPI_Wtime() - t0;
    if (rank == 0)
        printf("total %.4f %ld\n", total, calls + 2);
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
