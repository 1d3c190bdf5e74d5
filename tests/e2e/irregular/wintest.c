/* wintest.c - exposure epochs ended by polling MPI_Win_test, the way a code
 * overlaps a one-sided halo exchange with its interior work: every
 * iteration each rank exposes its window to its ring neighbours
 * (MPI_Win_post), puts a row into both (MPI_Win_start, MPI_Put,
 * MPI_Win_complete), and then, instead of MPI_Win_wait, computes in slices
 * with MPI_Win_test between them until its epoch is over.  Every third
 * iteration rank 0 also exposes a second region to rank 1 alone and tests
 * it once before it lets rank 1 start (a message), so that test finds
 * nothing whatever the timing, and then ends the epoch with MPI_Win_wait
 * (a poll that gives up).  Every value put is checked.
 *
 * usage: wintest [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

/* The value rank r puts at index i in iteration it. */
static double value(long it, int i, int r)
{
    return (double)(it % 1000) * 4096.0 + (double)i + (double)r * 0.25;
}

int main(int argc, char **argv)
{
    long opt[3] = {300, 256, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    if (np < 2) {
        fprintf(stderr, "wintest: needs at least 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 256);
    /* Window: the rows from the left and the right neighbour, and rank 1's
     * row to rank 0. */
    size_t nwin = (size_t)n * 3;
    double *base = calloc(nwin, sizeof *base), *row = calloc((size_t)n, sizeof *row);
    if (base == NULL || row == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Win win;
    MPI_Win_create(base, (MPI_Aint)(nwin * sizeof *base), sizeof *base, MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    MPI_Group world, nbrs, zero, one;
    MPI_Win_get_group(win, &world);
    int lr[2] = {left, right}, r0 = 0, r1 = 1;
    nbrs = irr_neighbours(world, lr);
    MPI_Group_incl(world, 1, &r0, &zero);
    MPI_Group_incl(world, 1, &r1, &one);
    long bad = 0, polls = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int i = 0; i < n; i++)
            row[i] = value(it, i, me);
        MPI_Win_post(nbrs, 0, win);
        MPI_Win_start(nbrs, 0, win);
        MPI_Put(row, n, MPI_DOUBLE, right, 0, n, MPI_DOUBLE, win);
        MPI_Put(row, n, MPI_DOUBLE, left, n, n, MPI_DOUBLE, win);
        MPI_Win_complete(win);
        /* Interior work in slices, polling the exposure epoch between. */
        int over = 0;
        while (!over) {
            irr_work(opt[2] / 8);
            MPI_Win_test(win, &over);
            polls++;
        }
        for (int i = 0; i < n; i++)
            bad += base[i] != value(it, i, left) || base[n + i] != value(it, i, right);
        irr_work(opt[2]);
        /* A poll that gives up: rank 1 cannot start before the message. */
        if (it % 3 == 2 && me <= 1) {
            int go = 1;
            if (me == 0) {
                MPI_Win_post(one, 0, win);
                MPI_Win_test(win, &over);
                bad += over != 0;
                MPI_Send(&go, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
                MPI_Win_wait(win);
                for (int i = 0; i < n; i++)
                    bad += base[2 * (size_t)n + (size_t)i] != value(it, i, 1);
            } else {
                MPI_Recv(&go, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Win_start(zero, 0, win);
                MPI_Put(row, n, MPI_DOUBLE, 0, 2 * n, n, MPI_DOUBLE, win);
                MPI_Win_complete(win);
            }
        }
    }
    double secs = irr_clock() - t0;
    MPI_Group_free(&one);
    MPI_Group_free(&zero);
    MPI_Group_free(&nbrs);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    free(base);
    free(row);
    if (me == 0 && polls < opt[0])
        bad++;
    irr_finish("wintest", bad, opt[0], "iterations", np, secs);
    MPI_Finalize();
    return 0;
}
