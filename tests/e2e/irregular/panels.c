/* panels.c - the compute of a factorisation whose panels vary in size, on
 * ranks in different rank classes: every iteration both ranks compute a
 * panel of the same seeded size (between 1x and 40x a unit), then rank 0
 * sends it to rank 1, which receives it; rank 0 also polls once with
 * MPI_Iprobe for a message that never comes (as a look-ahead test does),
 * so the two ranks make different calls and are different rank classes.
 * A skeleton must give the i-th panel the same length on both ranks, or
 * rank 1 waits for rank 0 where the application did not.
 *
 * usage: panels [-i ITERATIONS] [-w WORK] */
#include "common.h"

enum { TAG_PANEL = 31, TAG_NEVER = 99 };

int main(int argc, char **argv)
{
    long opt[2] = {300, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERATIONS] [-w WORK]", "iw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    double panel[64] = {0};
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        long size = irr_range(&seed, 1, 40);
        irr_work(size * opt[1]);
        panel[0] = (double)size;
        if (np < 2)
            continue;
        if (me == 0) {
            int flag = 0;
            MPI_Iprobe(1, TAG_NEVER, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            MPI_Send(panel, 64, MPI_DOUBLE, 1, TAG_PANEL, MPI_COMM_WORLD);
        } else if (me == 1) {
            MPI_Recv(panel, 64, MPI_DOUBLE, 0, TAG_PANEL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (panel[0] != (double)size)
                MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    double t = irr_clock() - t0;
    if (me == 0)
        printf("panels: %ld iterations on %d ranks in %.6f s\n", opt[0], np, t);
    MPI_Finalize();
    return 0;
}
