/* gridcycle.c - the way ScaLAPACK's test drivers run their cases: for each
 * case of its input a driver makes its process grid's communicator,
 * exchanges over it and frees it, so the communicators it makes and frees
 * in turn share one slot of the signature.  Per case c (CASES of them):
 * MPI_Comm_dup of MPI_COMM_WORLD, then 4 + c exchanges on it (a count
 * that K does not divide), each an MPI_Irecv from the left neighbour,
 * MPI_Testall on it at once (false: the neighbour sends only after some
 * work, so the trace links that call to no request), the work, an
 * MPI_Isend of 64 doubles to the right and MPI_Waitall of both; then, with
 * -e 1, BLACS's empty block: an MPI_Send of one element of a datatype of
 * no bytes, which its receiver takes with a receive of count 0 from
 * MPI_ANY_SOURCE (ScaLAPACK's QR tester does); then MPI_Comm_free.
 * Every value received is checked.
 *
 * usage: gridcycle [-c CASES] [-e 0|1] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {7, 1, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-c CASES] [-e 0|1] [-w WORK]", "cew", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    double out[64], in[64];
    MPI_Datatype empty;
    MPI_Type_contiguous(0, MPI_DOUBLE, &empty);
    MPI_Type_commit(&empty);
    long bad = 0, exchanges = 0, early = 0;
    double t0 = irr_clock();
    for (long c = 0; c < opt[0]; c++) {
        MPI_Comm grid;
        MPI_Comm_dup(MPI_COMM_WORLD, &grid);
        for (long i = 0; i < 4 + c; i++, exchanges++) {
            MPI_Request r[2];
            MPI_Status st[2];
            int flag = 0;
            for (int k = 0; k < 64; k++)
                out[k] = me * 1e6 + (double)(c * 1000 + i * 64 + k);
            MPI_Irecv(in, 64, MPI_DOUBLE, left, 5, grid, &r[0]);
            MPI_Testall(1, r, &flag, st);
            early += flag; /* the neighbour was quicker (timing) */
            irr_work(opt[2]);
            MPI_Isend(out, 64, MPI_DOUBLE, right, 5, grid, &r[1]);
            MPI_Waitall(2, r, st); /* r[0] is null if complete */
            bad += in[63] != left * 1e6 + (double)(c * 1000 + i * 64 + 63);
        }
        if (opt[1]) {
            MPI_Status st;
            int n = -1;
            MPI_Send(out, 1, empty, right, 9, grid);
            MPI_Recv(in, 0, MPI_BYTE, MPI_ANY_SOURCE, 9, grid, &st);
            MPI_Get_count(&st, MPI_BYTE, &n);
            bad += n != 0 || st.MPI_SOURCE != left;
        }
        MPI_Comm_free(&grid);
    }
    double secs = irr_clock() - t0;
    MPI_Type_free(&empty);
    if (early > 0)
        fprintf(stderr, "gridcycle: rank %d found %ld receives complete at once\n", me, early);
    irr_finish("gridcycle", bad, exchanges, "exchanges", np, secs);
    MPI_Finalize();
    return 0;
}
