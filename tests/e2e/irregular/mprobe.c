/* mprobe.c - matched probes, the way codes that receive messages of a size
 * they learn only on arrival do it thread-safely: every iteration each rank
 * sends its right neighbour a message of a length drawn from a generator
 * all ranks share (0 to 4096 doubles), and receives from MPI_ANY_SOURCE
 * with MPI_Mprobe, MPI_Get_count, a buffer of that size and MPI_Mrecv;
 * every third iteration it polls with MPI_Improbe between slices of
 * compute instead and receives with MPI_Imrecv + MPI_Wait; and every
 * iteration one MPI_Improbe for a tag nobody sends finds nothing.  Every
 * message's length and content are checked.
 *
 * usage: mprobe [-i ITERS] [-n MAXDOUBLES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {300, 4096, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n MAXDOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int max = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 4096);
    double *out = calloc((size_t)max, sizeof *out);
    if (out == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    uint64_t seed = 42;
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        int n = (int)irr_range(&seed, 0, max);
        for (int i = 0; i < n; i++)
            out[i] = (double)(it + i);
        MPI_Request sreq;
        MPI_Isend(out, n, MPI_DOUBLE, right, 7, MPI_COMM_WORLD, &sreq);
        MPI_Message msg;
        MPI_Status st;
        int flag = 0;
        MPI_Improbe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, &msg, &st);
        if (flag)
            bad++;
        if (it % 3 == 2) {
            while (!flag) {
                irr_work(opt[2] / 20);
                MPI_Improbe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &flag, &msg, &st);
            }
        } else {
            MPI_Mprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &msg, &st);
        }
        int got = -1;
        MPI_Get_count(&st, MPI_DOUBLE, &got);
        double *in = malloc((size_t)(got > 0 ? got : 1) * sizeof *in);
        if (in == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
        if (it % 3 == 2) {
            MPI_Request rreq;
            MPI_Imrecv(in, got, MPI_DOUBLE, &msg, &rreq);
            MPI_Wait(&rreq, &st);
        } else {
            MPI_Mrecv(in, got, MPI_DOUBLE, &msg, &st);
        }
        if (got != n || st.MPI_SOURCE != left || (n > 0 && in[n - 1] != (double)(it + n - 1)))
            bad++;
        free(in);
        MPI_Wait(&sreq, MPI_STATUS_IGNORE);
        irr_work(opt[2]);
    }
    double secs = irr_clock() - t0;
    long allbad = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "mprobe: %ld wrong messages\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("mprobe: %ld iterations of up to %d doubles on %d ranks in %.6f s\n", opt[0], max,
               np, secs);
    }
    free(out);
    MPI_Finalize();
    return 0;
}
