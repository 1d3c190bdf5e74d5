/* idup.c - communicators duplicated without blocking (MPI_Comm_idup), the
 * way libraries that give each object a private communicator overlap that
 * set-up with work:
 *   - before the loop, rank 0 starts MPI_Comm_idup of MPI_COMM_WORLD, then
 *     sends to rank 1 and only then waits for the duplicate; rank 1 first
 *     receives that message, then starts its MPI_Comm_idup.  A blocking
 *     MPI_Comm_dup in place of the idup deadlocks here;
 *   - every iteration, an MPI_Allreduce and a ring MPI_Sendrecv on the
 *     duplicate;
 *   - every P iterations, an MPI_Comm_idup of the duplicate (by MPI 4.0's
 *     MPI_Comm_idup_with_info where mpi.h has it) and an
 *     MPI_Iallreduce on MPI_COMM_WORLD completed by one MPI_Waitall, with
 *     compute in between; the scratch communicator carries an MPI_Bcast and
 *     is freed.
 *
 * usage: idup [-i ITERS] [-n BYTES] [-p PERIOD] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[4] = {300, 1024, 20, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n BYTES] [-p PERIOD] [-w WORK]", "inpw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int bytes = (int)opt[1], period = (int)(opt[2] > 0 ? opt[2] : 20);
    char *out = calloc(1, (size_t)bytes + 1), *in = calloc(1, (size_t)bytes + 1);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Comm dup;
    MPI_Request rq;
    int token = 7;
    MPI_Barrier(MPI_COMM_WORLD); /* rank 1's receive waits for rank 0's send, not its start-up */
    if (me == 0) {
        MPI_Comm_idup(MPI_COMM_WORLD, &dup, &rq);
        if (np > 1)
            MPI_Send(&token, 1, MPI_INT, 1, 99, MPI_COMM_WORLD);
    } else {
        if (me == 1)
            MPI_Recv(&token, 1, MPI_INT, 0, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Comm_idup(MPI_COMM_WORLD, &dup, &rq);
    }
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    long dups = 1;
    double sum = 0, t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        double x = (double)(it + me), y = 0;
        irr_work(opt[3]);
        MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, dup);
        MPI_Sendrecv(out, bytes, MPI_CHAR, right, 1, in, bytes, MPI_CHAR, left, 1, dup,
                     MPI_STATUS_IGNORE);
        sum += y;
        if (it % period == period - 1) {
            MPI_Comm scratch;
            MPI_Request r[2];
            double a = x, b = 0;
#if MPI_VERSION >= 4 /* with hints, as MPI 4.0 allows: recorded as MPI_Comm_idup */
            MPI_Comm_idup_with_info(dup, MPI_INFO_NULL, &scratch, &r[0]);
#else
            MPI_Comm_idup(dup, &scratch, &r[0]);
#endif
            MPI_Iallreduce(&a, &b, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &r[1]);
            irr_work(opt[3] / 2);
            MPI_Status st[2];
            MPI_Waitall(2, r, st);
            MPI_Bcast(in, bytes, MPI_CHAR, 0, scratch);
            MPI_Comm_free(&scratch);
            dups++;
        }
    }
    double secs = irr_clock() - t0;
    MPI_Comm_free(&dup);
    if (me == 0)
        printf("idup: %ld iterations, %ld MPI_Comm_idup calls per rank, sum %g on %d ranks in "
               "%.6f s\n",
               opt[0], dups, sum, np, secs);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
