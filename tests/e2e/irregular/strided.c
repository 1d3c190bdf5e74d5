/* strided.c - messages of non-contiguous datatypes, as dense linear algebra
 * sends parts of a matrix: each iteration a rank sends its neighbour a
 * column of a matrix (MPI_Type_vector of one double per row: runs of 8
 * bytes), a 64 x 64 block of it (MPI_Type_create_subarray: runs of 512
 * bytes), a set of 16-double pieces (MPI_Type_indexed: runs of 128 bytes)
 * and a contiguous row, in turn with blocking calls, nonblocking ones,
 * send-receives (the column received as n contiguous doubles, the pieces
 * with MPI_Sendrecv_replace), persistent requests and matched probes
 * (MPI_Mprobe, then MPI_Mrecv); before them one double resized to twice
 * its extent, sent once alone and once four at a time, and two blocks of
 * 32 doubles made, sent and freed one after the other as BLACS does (8
 * runs of 4 doubles, then 4 runs of 8: one size, and MPICH gives the
 * second the first one's freed handle); after them collectives of these
 * types (a transpose by MPI_Alltoall of columns received as rows, a block
 * broadcast, pieces gathered, rows gathered into columns, columns
 * scattered), whose send and receive sides differ.  The tracer records
 * each message's layout (runs=B in `skel dump`, rruns=B for a
 * send-receive's or a collective's receive side) and the skeleton sends its bytes in runs as
 * long (docs/codegen.md, "Non-contiguous messages").  Every value received
 * is checked.
 *
 * usage: strided [-i ITERS] [-n N] (N x N matrix, N >= 64, default 256) */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[2] = {200, 256};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n N]", "in", opt);
    int me, np, right, left, n = (int)opt[1];
    if (n < 64)
        n = 64;
    irr_ring(&me, &np, &right, &left);
    double *a = malloc((size_t)n * n * sizeof *a), *b = malloc((size_t)n * n * sizeof *b);
    if (a == NULL || b == NULL)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (long i = 0; i < (long)n * n; i++)
        a[i] = me * 1e6 + (double)i;

    MPI_Datatype column, block, pieces, types[3];
    MPI_Type_vector(n, 1, n, MPI_DOUBLE, &column);
    int sizes[2] = {n, n}, sub[2] = {64, 64}, start[2] = {n - 64, 0};
    MPI_Type_create_subarray(2, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &block);
    int lens[8], disp[8];
    for (int k = 0; k < 8; k++) {
        lens[k] = 16;
        disp[k] = k * 3 * n / 8;
    }
    MPI_Type_indexed(8, lens, disp, MPI_DOUBLE, &pieces);
    types[0] = column, types[1] = block, types[2] = pieces;
    for (int t = 0; t < 3; t++)
        MPI_Type_commit(&types[t]);

    /* One double resized to an extent of two: contiguous alone, in runs of
     * 8 bytes when repeated (the layout of a handle depends on the count). */
    MPI_Datatype spaced;
    MPI_Type_create_resized(MPI_DOUBLE, 0, 2 * (MPI_Aint)sizeof(double), &spaced);
    MPI_Type_commit(&spaced);
    for (int c = 1; c <= 4; c += 3)
        MPI_Sendrecv(a, c, spaced, right, 10 + c, b, c, spaced, left, 10 + c, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
    MPI_Type_free(&spaced);
    for (int k = 0; k < 2; k++) {
        MPI_Datatype blk;
        MPI_Type_vector(k ? 4 : 8, k ? 8 : 4, n, MPI_DOUBLE, &blk);
        MPI_Type_commit(&blk);
        MPI_Sendrecv(a, 1, blk, right, 20 + k, b, 1, blk, left, 20 + k, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Type_free(&blk);
    }

    MPI_Request pers[4][2];
    for (int t = 0; t < 4; t++) {
        MPI_Datatype ty = t < 3 ? types[t] : MPI_DOUBLE;
        int count = t < 3 ? 1 : n;
        MPI_Recv_init(b, count, ty, left, t, MPI_COMM_WORLD, &pers[t][0]);
        MPI_Send_init(a, count, ty, right, t, MPI_COMM_WORLD, &pers[t][1]);
    }

    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int t = 0; t < 4; t++) {
            MPI_Datatype ty = t < 3 ? types[t] : MPI_DOUBLE;
            int count = t < 3 ? 1 : n;
            memset(b, 0, (size_t)n * n * sizeof *b);
            if (it % 5 == 2) {
                if (t == 2) { /* in place */
                    memcpy(b, a, (size_t)n * n * sizeof *b);
                    MPI_Sendrecv_replace(b, count, ty, right, t, left, t, MPI_COMM_WORLD,
                                         MPI_STATUS_IGNORE);
                } else { /* the column arrives as n contiguous doubles */
                    MPI_Sendrecv(a, count, ty, right, t, b, t == 0 ? n : count,
                                 t == 0 ? MPI_DOUBLE : ty, left, t, MPI_COMM_WORLD,
                                 MPI_STATUS_IGNORE);
                }
            } else if (it % 5 == 3) {
                MPI_Status st[2];
                MPI_Startall(2, pers[t]);
                MPI_Waitall(2, pers[t], st);
            } else if (it % 5 == 0) {
                if (me % 2 == 0) {
                    MPI_Send(a, count, ty, right, t, MPI_COMM_WORLD);
                    MPI_Recv(b, count, ty, left, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else {
                    MPI_Recv(b, count, ty, left, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(a, count, ty, right, t, MPI_COMM_WORLD);
                }
            } else if (it % 5 == 4) { /* a matched probe, then its receive */
                MPI_Request r;
                MPI_Message m;
                MPI_Isend(a, count, ty, right, t, MPI_COMM_WORLD, &r);
                MPI_Mprobe(left, t, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
                MPI_Mrecv(b, count, ty, &m, MPI_STATUS_IGNORE);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
            } else {
                MPI_Request r[2];
                MPI_Status st[2];
                MPI_Irecv(b, count, ty, left, t, MPI_COMM_WORLD, &r[0]);
                MPI_Isend(a, count, ty, right, t, MPI_COMM_WORLD, &r[1]);
                MPI_Waitall(2, r, st);
            }
            /* The first element the type holds came from the left neighbour. */
            long first = t == 1 ? (long)(n - 64) * n : 0;
            bad += b[first] != left * 1e6 + (double)first;
        }
        irr_work(20000);
    }
    /* Collectives of the same kinds of types, each side's layout its own:
     * a transpose (MPI_Alltoall of columns, each received as n contiguous
     * doubles), a block broadcast, pieces gathered as contiguous doubles,
     * rows gathered into columns, columns scattered as rows. */
    MPI_Datatype colr;
    MPI_Type_create_resized(column, 0, (MPI_Aint)sizeof(double), &colr);
    MPI_Type_commit(&colr);
    for (long it = 0; it < 20; it++) {
        memset(b, 0, (size_t)n * n * sizeof *b);
        MPI_Alltoall(a, 1, colr, b, n, MPI_DOUBLE, MPI_COMM_WORLD);
        bad += b[(long)left * n + 1] != left * 1e6 + (double)(n + me);
        memcpy(b, a, (size_t)n * n * sizeof *b);
        MPI_Bcast(b, 1, block, 0, MPI_COMM_WORLD);
        bad += b[(long)(n - 64) * n + 1] != (double)((long)(n - 64) * n + 1);
        memset(b, 0, (size_t)n * n * sizeof *b);
        MPI_Gather(a, 1, pieces, b, 128, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        bad += me == 0 && b[(long)(np - 1) * 128 + 1] != (np - 1) * 1e6 + 1;
        memset(b, 0, (size_t)n * n * sizeof *b);
        MPI_Allgather(a, n, MPI_DOUBLE, b, 1, colr, MPI_COMM_WORLD);
        bad += b[5L * n + left] != left * 1e6 + 5;
        memset(b, 0, (size_t)n * n * sizeof *b);
        MPI_Scatter(a, 1, colr, b, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        bad += b[1] != (double)(n + me);
        irr_work(20000);
    }
    MPI_Type_free(&colr);
    double secs = MPI_Wtime() - t0;
    for (int t = 0; t < 4; t++) {
        MPI_Request_free(&pers[t][0]);
        MPI_Request_free(&pers[t][1]);
    }
    for (int t = 0; t < 3; t++)
        MPI_Type_free(&types[t]);
    free(a);
    free(b);
    irr_finish("strided", bad, opt[0], "exchanges", np, secs);
    MPI_Finalize();
    return 0;
}
