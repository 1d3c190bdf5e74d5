/* dynwin.c - a dynamic window, the way runtimes that expose memory allocated
 * later do it: MPI_Win_create_dynamic, MPI_Win_attach of a buffer whose
 * address every rank learns through MPI_Allgather, then per iteration a
 * passive-target epoch (MPI_Win_lock_all, MPI_Put at the neighbour's
 * address, MPI_Win_flush, MPI_Win_unlock_all) and a barrier; detach and
 * free at the end (MPI_Win_attach and MPI_Win_detach are not traced: the
 * skeleton attaches a buffer of its own).  The last put's data is
 * checked.
 *
 * usage: dynwin [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {200, 512, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 512);
    double *mem = calloc((size_t)n, sizeof *mem), *row = calloc((size_t)n, sizeof *row);
    MPI_Aint mine, *addr = malloc((size_t)np * sizeof *addr);
    if (mem == NULL || row == NULL || addr == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, mem, (MPI_Aint)n * (MPI_Aint)sizeof *mem);
    MPI_Get_address(mem, &mine);
    MPI_Allgather(&mine, 1, MPI_AINT, addr, 1, MPI_AINT, MPI_COMM_WORLD);
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int i = 0; i < n; i++)
            row[i] = (double)(it + me);
        MPI_Win_lock_all(0, win);
        MPI_Put(row, n, MPI_DOUBLE, right, addr[right], n, MPI_DOUBLE, win);
        MPI_Win_flush(right, win);
        MPI_Win_unlock_all(win);
        MPI_Barrier(MPI_COMM_WORLD);
        irr_work(opt[2]);
    }
    double secs = irr_clock() - t0;
    long bad = opt[0] > 0 && mem[n - 1] != (double)(opt[0] - 1 + left), allbad = 0;
    MPI_Win_detach(win, mem);
    MPI_Win_free(&win);
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "dynwin: %ld ranks got the wrong data\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("dynwin: %ld iterations of %d doubles on %d ranks in %.6f s\n", opt[0], n, np, secs);
    }
    free(mem);
    free(row);
    free(addr);
    MPI_Finalize();
    return 0;
}
