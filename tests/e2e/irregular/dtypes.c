/* dtypes.c - many distinct datatype sizes: messages built from
 * MPI_Type_contiguous types of 1 to S bytes (and vectors of them), sent
 * with MPI_Sendrecv and broadcast with MPI_Bcast, a few elements of each,
 * S sizes per sweep.  A skeleton needs one datatype per size.
 *
 * usage: dtypes [-s SIZES] [-i SWEEPS] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[2] = {150, 4};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-s SIZES] [-i SWEEPS]", "si", opt);
    int me, np, sizes = (int)(opt[0] > 0 ? opt[0] : 1);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    MPI_Datatype *ty = malloc((size_t)sizes * sizeof *ty);
    char *sb = calloc(8, (size_t)sizes), *rb = calloc(8, (size_t)sizes);
    if (ty == NULL || sb == NULL || rb == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int s = 0; s < sizes; s++) {
        MPI_Type_contiguous(s + 1, MPI_BYTE, &ty[s]);
        MPI_Type_commit(&ty[s]);
    }
    long sum = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[1]; it++)
        for (int s = 0; s < sizes; s++) {
            int count = 1 + (s + (int)it) % 4;
            MPI_Sendrecv(sb, count, ty[s], (me + 1) % np, s, rb, count, ty[s], (me + np - 1) % np,
                         s, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (s % 3 == 0)
                MPI_Bcast(rb, count, ty[s], (int)(it % np), MPI_COMM_WORLD);
            sum += rb[0] + count;
            irr_work(2000);
        }
    double secs = irr_clock() - t0;
    long all = 0;
    MPI_Allreduce(&sum, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("dtypes: %d sizes, %ld sweeps, check %ld in %.6f s\n", sizes, opt[1], all, secs);
    for (int s = 0; s < sizes; s++)
        MPI_Type_free(&ty[s]);
    free(ty);
    free(sb);
    free(rb);
    MPI_Finalize();
    return 0;
}
