/* pcoll.c - MPI 4.0's persistent collectives, the way an iterative solver
 * uses them: an MPI_Allreduce_init (in place) and a halo of
 * MPI_Send_init/MPI_Recv_init started together by one MPI_Startall every
 * iteration and completed by MPI_Waitall; an MPI_Allgatherv_init of
 * rank-dependent counts started by MPI_Start and completed by MPI_Wait; an
 * MPI_Bcast_init from rank 1 and an MPI_Barrier_init started every fifth
 * iteration and polled with MPI_Test; an MPI_Reduce_init started once after
 * the loop; every request freed at the end.  The tracer records each start
 * of a persistent collective as the nonblocking collective it begins
 * (MPI_Iallreduce...), so the skeleton makes those.  Every result is checked.
 *
 * usage: pcoll [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

#if MPI_VERSION < 4
#error "pcoll needs MPI 4.0 (persistent collectives)"
#endif

int main(int argc, char **argv)
{
    long opt[3] = {200, 512, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 512);
    double *out = calloc((size_t)n, sizeof *out), *in = calloc((size_t)n, sizeof *in);
    double *sums = calloc((size_t)n, sizeof *sums), *all = calloc((size_t)np * 3, sizeof *all);
    int *counts = calloc((size_t)np, sizeof *counts), *displs = calloc((size_t)np, sizeof *displs);
    if (out == NULL || in == NULL || sums == NULL || all == NULL || counts == NULL ||
        displs == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int r = 0; r < np; r++) {
        counts[r] = 1 + r % 3;
        displs[r] = 3 * r;
    }
    /* The iteration's requests: the residual's sum and the halo, started together. */
    MPI_Request step[3];
    MPI_Allreduce_init(MPI_IN_PLACE, sums, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                       &step[0]);
    MPI_Send_init(out, n, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &step[1]);
    MPI_Recv_init(in, n, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &step[2]);
    double mine[3], ctl = 0;
    MPI_Request gat, bc, bar, red;
    MPI_Allgatherv_init(mine, counts[me], MPI_DOUBLE, all, counts, displs, MPI_DOUBLE,
                        MPI_COMM_WORLD, MPI_INFO_NULL, &gat);
    MPI_Bcast_init(&ctl, 1, MPI_DOUBLE, np > 1 ? 1 : 0, MPI_COMM_WORLD, MPI_INFO_NULL, &bc);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &bar);
    long bad = 0;
    MPI_Status st[3];
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int i = 0; i < n; i++) {
            out[i] = (double)(it + me);
            sums[i] = (double)(me + 1);
        }
        MPI_Startall(3, step);
        irr_work(opt[2]);
        MPI_Waitall(3, step, st);
        if (in[0] != (double)(it + left) || sums[n - 1] != (double)np * (np + 1) / 2)
            bad++;
        for (int k = 0; k < 3; k++)
            mine[k] = (double)(me * 100 + it);
        MPI_Start(&gat);
        irr_work(opt[2] / 4);
        MPI_Wait(&gat, MPI_STATUS_IGNORE);
        if (all[3 * left] != (double)(left * 100 + it))
            bad++;
        if (it % 5 == 0) {
            ctl = me == (np > 1 ? 1 : 0) ? (double)it : -1.0;
            MPI_Start(&bc);
            MPI_Wait(&bc, MPI_STATUS_IGNORE);
            if (ctl != (double)it)
                bad++;
            MPI_Start(&bar);
            for (int done = 0; !done;)
                MPI_Test(&bar, &done, MPI_STATUS_IGNORE);
        }
        irr_work(opt[2] / 2);
    }
    double secs = irr_clock() - t0;
    long allbad = 0;
    MPI_Reduce_init(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &red);
    MPI_Start(&red);
    MPI_Wait(&red, MPI_STATUS_IGNORE);
    for (int i = 0; i < 3; i++)
        MPI_Request_free(&step[i]);
    MPI_Request_free(&gat);
    MPI_Request_free(&bc);
    MPI_Request_free(&bar);
    MPI_Request_free(&red);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "pcoll: %ld wrong results\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("pcoll: %ld iterations of %d doubles on %d ranks in %.6f s\n", opt[0], n, np, secs);
    }
    free(out);
    free(in);
    free(sums);
    free(all);
    free(counts);
    free(displs);
    MPI_Finalize();
    return 0;
}
