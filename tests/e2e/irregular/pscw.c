/* pscw.c - general active-target synchronisation (MPI_Win_post,
 * MPI_Win_start, MPI_Win_complete, MPI_Win_wait), the way halo exchanges
 * and coupling codes use it: every iteration each rank exposes its window to
 * its two ring neighbours and accesses theirs (halo rows put into both, a
 * row read back from the right); every fifth iteration the workers put
 * their results into rank 0's window, rank 0 exposing it to all of them and
 * the workers starting an epoch on rank 0 alone (groups that differ by
 * rank).  The groups are made with MPI_Group_incl from the window's group.
 *
 * usage: pscw [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {300, 512, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    if (np < 2) {
        fprintf(stderr, "pscw: needs at least 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 512);
    /* Window: two halo rows, a row to read, and one slot per rank. */
    size_t nwin = (size_t)n * 3 + (size_t)np;
    double *base = calloc(nwin, sizeof *base), *row = calloc((size_t)n, sizeof *row);
    double *back = calloc((size_t)n, sizeof *back);
    if (base == NULL || row == NULL || back == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Win win;
    MPI_Win_create(base, (MPI_Aint)(nwin * sizeof *base), sizeof *base, MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    MPI_Group world, nbrs, root, workers;
    MPI_Win_get_group(win, &world);
    int lr[2] = {left, right}, zero = 0;
    nbrs = irr_neighbours(world, lr);
    MPI_Group_incl(world, 1, &zero, &root);
    MPI_Group_excl(world, 1, &zero, &workers);
    double check = 0, t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int i = 0; i < n; i++)
            row[i] = (double)(it + i + me);
        /* Halo exchange: exposure and access epochs on the neighbours. */
        MPI_Win_post(nbrs, 0, win);
        MPI_Win_start(nbrs, 0, win);
        MPI_Put(row, n, MPI_DOUBLE, right, 0, n, MPI_DOUBLE, win);
        MPI_Put(row, n, MPI_DOUBLE, left, n, n, MPI_DOUBLE, win);
        MPI_Get(back, n, MPI_DOUBLE, right, 2 * n, n, MPI_DOUBLE, win);
        MPI_Win_complete(win);
        MPI_Win_wait(win);
        check += base[0] + base[n] + back[0];
        irr_work(opt[2]);
        /* Results to rank 0: it exposes, the workers access. */
        if (it % 5 == 4) {
            double mine = (double)(me + it);
            if (me == 0) {
                MPI_Win_post(workers, 0, win);
                MPI_Win_wait(win);
                for (int r = 1; r < np; r++)
                    check += base[3 * (size_t)n + (size_t)r];
            } else {
                MPI_Win_start(root, 0, win);
                MPI_Put(&mine, 1, MPI_DOUBLE, 0, 3 * n + me, 1, MPI_DOUBLE, win);
                MPI_Win_complete(win);
            }
            irr_work(opt[2] / 4);
        }
    }
    double secs = irr_clock() - t0;
    double total = 0;
    MPI_Allreduce(&check, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Group_free(&workers);
    MPI_Group_free(&root);
    MPI_Group_free(&nbrs);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    if (me == 0)
        printf("pscw: %ld iterations of %d doubles on %d ranks (check %.0f) in %.6f s\n", opt[0], n,
               np, total, secs);
    free(base);
    free(row);
    free(back);
    MPI_Finalize();
    return 0;
}
