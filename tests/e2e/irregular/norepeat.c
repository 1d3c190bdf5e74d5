/* norepeat.c - a program in which nothing repeats: every step draws, from a
 * generator all ranks share, what to do next - exchange a message of a
 * random size with MPI_Sendrecv or MPI_Isend/MPI_Irecv/MPI_Waitall, reduce
 * or broadcast a random number of elements, or compute for a random time -
 * so no two events are alike and the trace does not fold into loops at any
 * threshold that keeps sizes apart.  A skeleton of it has to replay the
 * steps one by one.
 *
 * usage: norepeat [-i STEPS] [-s SEED] */
#include "common.h"

#define MAXN 4096

int main(int argc, char **argv)
{
    long opt[2] = {2000, 7};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i STEPS] [-s SEED]", "is", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    uint64_t rng = (uint64_t)opt[1] * 0x9E3779B97F4A7C15ull + 3;
    double *sb = calloc(MAXN, sizeof *sb), *rb = calloc(MAXN, sizeof *rb), acc = 0;
    if (sb == NULL || rb == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    double t0 = irr_clock();
    for (long i = 0; i < opt[0]; i++) {
        int what = (int)irr_range(&rng, 0, 4), n = (int)irr_range(&rng, 1, MAXN);
        int tag = (int)irr_range(&rng, 0, 999), root = (int)irr_range(&rng, 0, np - 1);
        irr_work(irr_range(&rng, 100, 20000));
        switch (what) {
        case 0:
            MPI_Sendrecv(sb, n, MPI_DOUBLE, right, tag, rb, n, MPI_DOUBLE, left, tag,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            break;
        case 1: {
            MPI_Request r[2];
            MPI_Status st[2];
            MPI_Irecv(rb, n, MPI_DOUBLE, left, tag, MPI_COMM_WORLD, &r[0]);
            MPI_Isend(sb, n, MPI_DOUBLE, right, tag, MPI_COMM_WORLD, &r[1]);
            MPI_Waitall(2, r, st);
            break;
        }
        case 2:
            MPI_Allreduce(sb, rb, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            break;
        case 3:
            MPI_Bcast(rb, n, MPI_DOUBLE, root, MPI_COMM_WORLD);
            break;
        default:
            irr_work(irr_range(&rng, 1000, 50000));
            break;
        }
        acc += rb[0];
    }
    double secs = irr_clock() - t0;
    if (me == 0)
        printf("norepeat: %ld steps on %d ranks (%g) in %.6f s\n", opt[0], np, acc, secs);
    free(sb);
    free(rb);
    MPI_Finalize();
    return 0;
}
