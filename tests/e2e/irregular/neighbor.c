/* neighbor.c - neighbourhood collectives and MPI_Alltoallw: a halo exchange
 * over a periodic Cartesian topology made with MPI_Cart_create, where every
 * iteration calls MPI_Neighbor_alltoall, MPI_Neighbor_allgather,
 * MPI_Neighbor_alltoallv with counts of its own per neighbour,
 * and MPI_Alltoallw over the world, and on a row of a 2-D grid split off
 * with MPI_Cart_sub (a Cartesian communicator the application did not make
 * with MPI_Cart_create) MPI_Ineighbor_alltoallw with a different datatype
 * per neighbour, and every 10 iterations MPI_Neighbor_allgatherv.  Then
 * graph topologies: MPI_Neighbor_alltoallv on a directed ring made with
 * MPI_Dist_graph_create_adjacent, MPI_Ineighbor_allgather on one made with
 * MPI_Dist_graph_create and MPI_Neighbor_alltoall on an undirected ring of
 * MPI_Graph_create.  The program checks what it received.
 *
 * usage: neighbor [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {200, 512, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 18) ? opt[1] : 512);

    /* A periodic ring: two neighbours (left, right) on every rank. */
    MPI_Comm ring, grid, row;
    int dims1[1] = {np}, per1[1] = {1};
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims1, per1, 0, &ring);
    /* A 2-D grid of np x 1, and its rows (a Cart_sub of one dimension). */
    int dims2[2] = {np, 1}, per2[2] = {0, 1}, keep[2] = {1, 0};
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims2, per2, 0, &grid);
    MPI_Cart_sub(grid, keep, &row);
    int rleft, rright;
    MPI_Cart_shift(row, 0, 1, &rleft, &rright);
    /* Graphs: a directed ring (from the left, to the right) made both ways
     * of MPI_Dist_graph_create*, and an undirected one (MPI_Graph_create). */
    MPI_Comm dring, dring2, gring;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dring);
    int deg = 1;
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &me, &deg, &right, MPI_UNWEIGHTED, MPI_INFO_NULL, 0,
                          &dring2);
    int *gindex = malloc((size_t)np * sizeof *gindex),
        *gedges = malloc(2 * (size_t)np * sizeof *gedges);
    if (gindex == NULL || gedges == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int r = 0; r < np; r++) {
        gindex[r] = 2 * (r + 1);
        gedges[2 * r] = (r + np - 1) % np;
        gedges[2 * r + 1] = (r + 1) % np;
    }
    MPI_Graph_create(MPI_COMM_WORLD, np, gindex, gedges, 0, &gring);
    free(gindex);
    free(gedges);

    size_t cap = 4 * (size_t)n + 64;
    double *out = calloc(cap, sizeof *out), *in = calloc(cap, sizeof *in);
    int *iout = calloc(cap, sizeof *iout), *iin = calloc(cap, sizeof *iin);
    if (out == NULL || in == NULL || iout == NULL || iin == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (size_t i = 0; i < cap; i++)
            out[i] = (double)(it + me);
        /* Neighbour order on a 1-D Cartesian topology: left, then right. */
        MPI_Neighbor_alltoall(out, n, MPI_DOUBLE, in, n, MPI_DOUBLE, ring);
        if (in[0] != (double)(it + left) || in[n] != (double)(it + right))
            bad++;
        MPI_Neighbor_allgather(out, n / 4, MPI_DOUBLE, in, n / 4, MPI_DOUBLE, ring);
        if (in[0] != (double)(it + left))
            bad++;
        irr_work(opt[2]);

        /* Uneven: n/2 elements to the left, n to the right, so each rank
         * receives n from its left and n/2 from its right. */
        int sc[2] = {n / 2, n}, sd[2] = {0, n / 2}, rc[2] = {n, n / 2}, rd[2] = {0, n};
        MPI_Neighbor_alltoallv(out, sc, sd, MPI_DOUBLE, in, rc, rd, MPI_DOUBLE, ring);
        if (in[n] != (double)(it + right))
            bad++;

        /* On the row (not periodic: an end's missing neighbour is
         * MPI_PROC_NULL), doubles to the left, ints to the right. */
        for (size_t i = 0; i < cap; i++)
            iout[i] = (int)(it + me);
        MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT};
        int wc[2] = {n / 8, n / 4};
        MPI_Aint sdw[2] = {0, 0}, rdw[2] = {0, 0};
        MPI_Request rq;
        /* One buffer for both types: send doubles from out, ints from iout
         * (absolute addresses with MPI_BOTTOM). */
        MPI_Aint a;
        MPI_Get_address(out, &a);
        sdw[0] = a;
        MPI_Get_address(iout, &a);
        sdw[1] = a;
        /* Receive doubles from the right (it sent them to its left) and
         * ints from the left. */
        int rcw[2] = {n / 4, n / 8};
        MPI_Datatype rtypes[2] = {MPI_INT, MPI_DOUBLE};
        MPI_Get_address(iin, &a);
        rdw[0] = a;
        MPI_Get_address(in, &a);
        rdw[1] = a;
        iin[0] = -1;
        in[0] = -1.0;
        MPI_Ineighbor_alltoallw(MPI_BOTTOM, wc, sdw, types, MPI_BOTTOM, rcw, rdw, rtypes, row, &rq);
        irr_work(opt[2] / 4);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
        if ((rleft != MPI_PROC_NULL && iin[0] != (int)(it + rleft)) ||
            (rright != MPI_PROC_NULL && in[0] != (double)(it + rright)))
            bad++;

        /* Over the world: ints to every rank, a double block to itself. */
        int *wsc = calloc((size_t)np, sizeof *wsc), *wsd = calloc((size_t)np, sizeof *wsd);
        MPI_Datatype *wt = calloc((size_t)np, sizeof *wt);
        if (wsc == NULL || wsd == NULL || wt == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
        for (int r = 0; r < np; r++) {
            wsc[r] = r == me ? n / 8 : n / 16;
            wt[r] = r == me ? MPI_DOUBLE : MPI_INT;
            wsd[r] = r * (int)sizeof(double) * n;
        }
        MPI_Alltoallw(out, wsc, wsd, wt, in, wsc, wsd, wt, MPI_COMM_WORLD);
        free(wsc);
        free(wsd);
        free(wt);

        /* The directed ring: n/4 + it % 3 doubles from the left. */
        int dc = n / 4 + (int)(it % 3), dd = 0;
        MPI_Neighbor_alltoallv(out, &dc, &dd, MPI_DOUBLE, in, &dc, &dd, MPI_DOUBLE, dring);
        if (in[0] != (double)(it + left))
            bad++;
        MPI_Request grq;
        MPI_Ineighbor_allgather(out, n / 8, MPI_DOUBLE, in, n / 8, MPI_DOUBLE, dring2, &grq);
        irr_work(opt[2] / 8);
        MPI_Wait(&grq, MPI_STATUS_IGNORE);
        if (in[0] != (double)(it + left))
            bad++;
        MPI_Neighbor_alltoall(out, n / 2, MPI_DOUBLE, in, n / 2, MPI_DOUBLE, gring);

        if (it % 10 == 0) {
            int rs = 0;
            MPI_Comm_size(row, &rs);
            int *gc = calloc(2, sizeof *gc), *gd = calloc(2, sizeof *gd);
            if (gc == NULL || gd == NULL)
                MPI_Abort(MPI_COMM_WORLD, 1);
            gc[0] = gc[1] = n / 2;
            gd[1] = n / 2;
            MPI_Neighbor_allgatherv(out, n / 2, MPI_DOUBLE, in, gc, gd, MPI_DOUBLE, row);
            free(gc);
            free(gd);
        }
    }
    double secs = irr_clock() - t0;
    long allbad = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "neighbor: %ld failures\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("neighbor: %ld iterations of %d doubles on %d ranks in %.6f s\n", opt[0], n, np,
               secs);
    }
    MPI_Comm_free(&gring);
    MPI_Comm_free(&dring2);
    MPI_Comm_free(&dring);
    MPI_Comm_free(&row);
    MPI_Comm_free(&grid);
    MPI_Comm_free(&ring);
    free(out);
    free(in);
    free(iout);
    free(iin);
    MPI_Finalize();
    return 0;
}
