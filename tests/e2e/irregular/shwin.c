/* shwin.c - MPI-3 shared memory and request-based atomics, as an
 * MPI+MPI hybrid code uses them: a node communicator from
 * MPI_Comm_split_type(MPI_COMM_TYPE_SHARED), a window of
 * MPI_Win_allocate_shared whose neighbour segment each rank reads by plain
 * loads after MPI_Win_shared_query, and per iteration, in a fence epoch,
 * an MPI_Put into the right neighbour's segment and an
 * MPI_Rget_accumulate (completed by MPI_Wait) on a counter there, then an
 * MPI_Reduce_local of what arrived; and on a second shared window held in
 * one passive-target epoch (MPI_Win_lock_all), an MPI_Accumulate into the
 * right neighbour's counter per iteration, completed locally by
 * MPI_Win_flush_local (and every fourth iteration
 * MPI_Win_flush_local_all), then MPI_Win_sync.  Without wrappers for these
 * windows' creation, the atomic and the local flushes, the skeleton's
 * accesses went to a stand-in window, its MPI_Wait completed nothing and
 * its epochs flushed nothing.  Every value is checked.
 *
 * usage: shwin [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    long opt[3] = {200, 64, 20000};
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int n = opt[1] < 1 || opt[1] > (1 << 16) ? 64 : (int)opt[1];
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int node_np = 0;
    MPI_Comm_size(node, &node_np);
    if (node_np != np) {
        if (me == 0)
            fprintf(stderr, "shwin: every rank must share one node (%d of %d do)\n", node_np, np);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    /* The segment: n doubles the left neighbour puts, then one counter. */
    double *mine = NULL;
    MPI_Win win;
    MPI_Win_allocate_shared((MPI_Aint)(n + 1) * (MPI_Aint)sizeof(double), (int)sizeof(double),
                            MPI_INFO_NULL, node, &mine, &win);
    double *hits = NULL; /* the passive-target window: one counter */
    MPI_Win pwin;
    MPI_Win_allocate_shared((MPI_Aint)sizeof(double), (int)sizeof(double), MPI_INFO_NULL, node,
                            &hits, &pwin);
    *hits = 0.0;
    MPI_Barrier(node);
    MPI_Aint seg = 0;
    int unit = 0;
    double *theirs = NULL; /* the left neighbour's segment, by load */
    MPI_Win_shared_query(win, left, &seg, &unit, &theirs);
    double *out = calloc((size_t)n, sizeof *out), *sum = calloc((size_t)n, sizeof *sum);
    if (out == NULL || sum == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Win_fence(0, win);
    mine[n] = 0.0;
    MPI_Win_fence(0, win);
    long bad = 0;
    double one = 1.0, before = -1.0;
    double t0 = irr_clock();
    MPI_Win_lock_all(0, pwin);
    for (long it = 0; it < opt[0]; it++) {
        irr_work(opt[2]);
        for (int k = 0; k < n; k++)
            out[k] = (double)(me * 1000 + it + k);
        MPI_Win_fence(0, win);
        MPI_Put(out, n, MPI_DOUBLE, right, 0, n, MPI_DOUBLE, win);
        MPI_Request rq;
        MPI_Rget_accumulate(&one, 1, MPI_DOUBLE, &before, 1, MPI_DOUBLE, right, n, 1, MPI_DOUBLE,
                            MPI_SUM, win, &rq);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
        MPI_Win_fence(0, win);
        /* What the left neighbour put is in this rank's segment; the
         * counter the right neighbour's segment held before is it. */
        if (mine[0] != (double)(left * 1000 + it) || before != (double)it ||
            theirs[n] != (double)(it + 1))
            bad++;
        MPI_Reduce_local(mine, sum, n, MPI_DOUBLE, MPI_SUM);
        MPI_Accumulate(&one, 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, MPI_SUM, pwin);
        MPI_Win_flush_local(right, pwin);
        if (it % 4 == 0)
            MPI_Win_flush_local_all(pwin);
        MPI_Win_sync(pwin);
        irr_work(opt[2] / 4);
    }
    MPI_Win_unlock_all(pwin);
    double secs = irr_clock() - t0;
    if (*hits != (double)opt[0]) /* every accumulate of the left neighbour arrived */
        bad++;
    if (opt[0] > 0 && sum[0] != (double)opt[0] * (double)(left * 1000) +
                                    (double)opt[0] * (double)(opt[0] - 1) / 2.0)
        bad++;
    MPI_Win_free(&win);
    MPI_Win_free(&pwin);
    MPI_Comm_free(&node);
    free(out);
    free(sum);
    irr_finish("shwin", bad, opt[0], "iterations", np, secs);
    MPI_Finalize();
    return 0;
}
