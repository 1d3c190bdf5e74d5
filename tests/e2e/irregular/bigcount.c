/* bigcount.c - MPI 4.0's large-count interface (counts as MPI_Count,
 * displacements as MPI_Aint: MPI_Send_c and its kind), as a code written
 * for it (or a binding such as mpi4py 4 over an MPI 4 library) calls it
 * for every message, whatever its size: a ring exchange by
 * MPI_Isend_c/MPI_Irecv_c and MPI_Waitall, a blocking MPI_Send_c/MPI_Recv_c
 * pair and an MPI_Sendrecv_c, MPI_Isendrecv_c, MPI_Allreduce_c,
 * MPI_Bcast_c, MPI_Alltoallv_c and MPI_Allgatherv_c with per-peer
 * MPI_Count counts, and MPI_Put_c/MPI_Get_c in a fence epoch on a window of
 * MPI_Win_create_c.  The tracer records each as the call it varies
 * (MPI_Isend, MPI_Alltoallv...): a skeleton that lost them would have no
 * communication at all.  Every message is checked.
 *
 * usage: bigcount [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

#if MPI_VERSION < 4
#error "bigcount needs MPI 4.0 (MPI_Send_c)"
#endif

int main(int argc, char **argv)
{
    long opt[3] = {200, 512, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    MPI_Count n = opt[1] > 1 && opt[1] <= (1 << 20) ? (MPI_Count)opt[1] : 512;
    double *out = calloc((size_t)n * (size_t)np, sizeof *out);
    double *in = calloc((size_t)n * (size_t)np, sizeof *in);
    double *win_mem = calloc((size_t)n, sizeof *win_mem);
    MPI_Count *counts = calloc((size_t)np, sizeof *counts);
    MPI_Aint *displs = calloc((size_t)np, sizeof *displs);
    if (out == NULL || in == NULL || win_mem == NULL || counts == NULL || displs == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Win win;
    MPI_Win_create_c(win_mem, (MPI_Aint)(n * (MPI_Count)sizeof(double)), (MPI_Aint)sizeof(double),
                     MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        irr_work(opt[2]);
        for (MPI_Count i = 0; i < n; i++)
            out[i] = (double)(it * 100 + me);
        MPI_Request r[2];
        MPI_Irecv_c(in, n, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &r[0]);
        MPI_Isend_c(out, n, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &r[1]);
        MPI_Status st[2];
        MPI_Waitall(2, r, st);
        if (in[n - 1] != (double)(it * 100 + left))
            bad++;
        /* Rank 0 hands a half-size message to rank 1. */
        if (np >= 2 && me == 0)
            MPI_Send_c(out, n / 2, MPI_DOUBLE, 1, 2, MPI_COMM_WORLD);
        else if (me == 1) {
            MPI_Recv_c(in, n / 2, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (in[0] != (double)(it * 100))
                bad++;
        }
        double a = (double)me, b = -1;
        MPI_Sendrecv_c(&a, 1, MPI_DOUBLE, right, 3, &b, 1, MPI_DOUBLE, left, 3, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE);
        if (b != (double)left)
            bad++;
        MPI_Request q;
        MPI_Isendrecv_c(out, n / 4, MPI_DOUBLE, left, 4, in, n / 4, MPI_DOUBLE, right, 4,
                        MPI_COMM_WORLD, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        if (in[0] != (double)(it * 100 + right))
            bad++;
        double sum = 0, one = 1;
        MPI_Allreduce_c(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (sum != (double)np)
            bad++;
        double root_it = me == 0 ? (double)it : -1;
        MPI_Bcast_c(&root_it, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (root_it != (double)it)
            bad++;
        /* Rank p gets (p + 1) * 8 doubles from everyone. */
        for (int p = 0; p < np; p++) {
            counts[p] = (MPI_Count)(p + 1) * 8;
            displs[p] = (MPI_Aint)p * (MPI_Aint)n;
        }
        MPI_Count mine = (MPI_Count)(me + 1) * 8;
        MPI_Count *rcounts = calloc((size_t)np, sizeof *rcounts);
        MPI_Aint *rdispls = calloc((size_t)np, sizeof *rdispls);
        if (rcounts == NULL || rdispls == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
        for (int p = 0; p < np; p++) {
            rcounts[p] = mine;
            rdispls[p] = (MPI_Aint)p * (MPI_Aint)n;
            for (MPI_Count i = 0; i < n; i++)
                out[(MPI_Count)p * n + i] = (double)(it * 100 + me);
        }
        MPI_Alltoallv_c(out, counts, displs, MPI_DOUBLE, in, rcounts, rdispls, MPI_DOUBLE,
                        MPI_COMM_WORLD);
        for (int p = 0; p < np; p++)
            if (in[(MPI_Count)p * n] != (double)(it * 100 + p))
                bad++;
        MPI_Allgatherv_c(out, (MPI_Count)(me + 1) * 8, MPI_DOUBLE, in, counts, displs, MPI_DOUBLE,
                         MPI_COMM_WORLD);
        for (int p = 0; p < np; p++)
            if (in[(MPI_Count)p * n + (MPI_Count)p * 8] != (double)(it * 100 + p))
                bad++;
        free(rcounts);
        free(rdispls);
        /* One-sided: put a block into the right neighbour's window, get it back. */
        MPI_Win_fence(0, win);
        MPI_Put_c(out, n / 2, MPI_DOUBLE, right, 0, n / 2, MPI_DOUBLE, win);
        MPI_Win_fence(0, win);
        MPI_Get_c(in, n / 2, MPI_DOUBLE, left, 0, n / 2, MPI_DOUBLE, win);
        MPI_Win_fence(0, win);
        int left2 = (left - 1 + np) % np; /* who put into the left neighbour's window */
        if (win_mem[0] != (double)(it * 100 + left) || in[0] != (double)(it * 100 + left2))
            bad++;
        irr_work(opt[2] / 4);
    }
    double secs = irr_clock() - t0;
    MPI_Win_free(&win);
    irr_finish("bigcount", bad, opt[0], "iterations", np, secs);
    free(out);
    free(in);
    free(win_mem);
    free(counts);
    free(displs);
    MPI_Finalize();
    return 0;
}
