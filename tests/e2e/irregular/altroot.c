/* altroot.c - the way BLACS's broadcasts and sends pass a panel around: the
 * rank that owns a step works on it, then broadcasts it, and the owner
 * alternates, so each rank waits for the other every second step.  Per
 * step i (ITERS of them) the owner i % np works WORK multiply-adds and the
 * others a tenth of that, then MPI_Bcast of 16 doubles from the owner; on
 * every third step the owner also sends 16 doubles to the next rank, which
 * receives them (on two ranks, channels used in turn).  The
 * ranks' imbalance changes sign from step to step: a skeleton that merges
 * K steps into one cancels it and loses the waits (mode thin before
 * 2026-12-03, bench/accuracy-mechanisms.md, section 20).  Every value
 * received is checked.
 *
 * usage: altroot [-i ITERS] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[2] = {3000, 40000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-w WORK]", "iw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    double panel[16];
    long bad = 0;
    double t0 = irr_clock();
    for (long i = 0; i < opt[0]; i++) {
        int owner = (int)(i % np);
        irr_work(owner == me ? opt[1] : opt[1] / 10);
        for (int k = 0; k < 16; k++)
            panel[k] = owner == me ? (double)(i * 16 + k) : -1;
        MPI_Bcast(panel, 16, MPI_DOUBLE, owner, MPI_COMM_WORLD);
        bad += panel[15] != (double)(i * 16 + 15);
        if (i % 3 == 0 && np > 1) {
            if (owner == me)
                MPI_Send(panel, 16, MPI_DOUBLE, right, 7, MPI_COMM_WORLD);
            else if (me == (owner + 1) % np) {
                MPI_Recv(panel, 16, MPI_DOUBLE, owner, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                bad += panel[0] != (double)(i * 16);
            }
        }
    }
    double secs = irr_clock() - t0;
    irr_finish("altroot", bad, opt[0], "steps", np, secs);
    MPI_Finalize();
    return 0;
}
