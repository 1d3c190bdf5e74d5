/* onesided.c - one-sided communication the way Coarray Fortran runtimes and
 * Global Arrays use it: a window made with MPI_Win_create and one with
 * MPI_Win_allocate; halo rows put into the neighbour's window inside fence
 * epochs; passive-target epochs (MPI_Win_lock/unlock, lock_all, flushes)
 * with accumulates, a get-accumulate, a fetch-and-op, a compare-and-swap and
 * request-based MPI_Rput/MPI_Rget completed by MPI_Waitall; and a scratch
 * window allocated and freed in every iteration (Global Arrays' temporary
 * arrays), which the compressor keeps as one window slot.
 *
 * usage: onesided [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {200, 512, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 512);
    double *halo = calloc((size_t)n * 2, sizeof *halo), *row = calloc((size_t)n, sizeof *row);
    if (halo == NULL || row == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Win hwin, cwin;
    long *counter;
    MPI_Win_create(halo, (MPI_Aint)n * 2 * (MPI_Aint)sizeof *halo, sizeof *halo, MPI_INFO_NULL,
                   MPI_COMM_WORLD, &hwin);
    /* Four counters, then room for n doubles of the request-based calls. */
    MPI_Win_allocate((MPI_Aint)(4 + n) * 8, 8, MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &cwin);
    counter[0] = counter[1] = counter[2] = counter[3] = 0;
    long one = 1, old = 0, cmp = 0, sum = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        /* Active target: halo rows into both neighbours. */
        for (int i = 0; i < n; i++)
            row[i] = (double)(it + i + me);
        MPI_Win_fence(0, hwin);
        MPI_Put(row, n, MPI_DOUBLE, right, 0, n, MPI_DOUBLE, hwin);
        MPI_Put(row, n, MPI_DOUBLE, left, n, n, MPI_DOUBLE, hwin);
        MPI_Win_fence(0, hwin);
        irr_work(opt[2]);
        /* Passive target: a shared counter on rank 0. */
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, cwin);
        MPI_Accumulate(&one, 1, MPI_LONG, 0, 0, 1, MPI_LONG, MPI_SUM, cwin);
        MPI_Win_unlock(0, cwin);
        MPI_Win_lock_all(0, cwin);
        MPI_Fetch_and_op(&one, &old, MPI_LONG, right, 1, MPI_SUM, cwin);
        MPI_Get_accumulate(&one, 1, MPI_LONG, &sum, 1, MPI_LONG, left, 2, 1, MPI_LONG, MPI_SUM,
                           cwin);
        MPI_Win_flush(right, cwin);
        MPI_Compare_and_swap(&one, &cmp, &old, MPI_LONG, left, 3, cwin);
        MPI_Win_flush_all(cwin);
        MPI_Request rq[2];
        MPI_Status st[2];
        MPI_Rput(row, n / 2, MPI_DOUBLE, right, 4, n / 2, MPI_DOUBLE, cwin, &rq[0]);
        MPI_Rget(row + n / 2, n / 2, MPI_DOUBLE, left, 4, n / 2, MPI_DOUBLE, cwin, &rq[1]);
        MPI_Waitall(2, rq, st);
        MPI_Win_unlock_all(cwin);
        irr_work(opt[2] / 2);
        /* A scratch window of the iteration. */
        if (it % 10 == 0) {
            double *tmp;
            MPI_Win twin;
            MPI_Win_allocate((MPI_Aint)n * (MPI_Aint)sizeof *tmp, sizeof *tmp, MPI_INFO_NULL,
                             MPI_COMM_WORLD, &tmp, &twin);
            MPI_Win_fence(0, twin);
            MPI_Get(row, n, MPI_DOUBLE, right, 0, n, MPI_DOUBLE, twin);
            MPI_Win_fence(MPI_MODE_NOSUCCEED, twin);
            MPI_Win_free(&twin);
        }
    }
    double secs = irr_clock() - t0;
    MPI_Win_fence(MPI_MODE_NOSUCCEED, hwin);
    long total = 0;
    if (me == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, cwin);
        total = counter[0];
        MPI_Win_unlock(0, cwin);
    }
    MPI_Win_free(&cwin);
    MPI_Win_free(&hwin);
    if (me == 0) {
        if (total != opt[0] * np) {
            fprintf(stderr, "onesided: counter %ld, expected %ld\n", total, opt[0] * np);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("onesided: %ld iterations of %d doubles on %d ranks in %.6f s\n", opt[0], n, np,
               secs);
    }
    free(halo);
    free(row);
    MPI_Finalize();
    return 0;
}
