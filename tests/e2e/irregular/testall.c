/* testall.c - nonblocking sends completed by polling, the way BLACS's
 * BI_BuffIsFree and many hand-written exchanges do: every rank MPI_Isend's
 * a few small messages to its neighbours, then computes in slices, calling
 * MPI_Testall after each slice until it comes back true, and only then
 * posts its receives.  It completes because the MPI library buffers small
 * messages (eager protocol): a send whose receive is not posted yet still
 * completes.  How many MPI_Testall calls come back false depends on timing.
 *
 * usage: testall [-i ITERS] [-m MESSAGES] [-c BYTES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[4] = {300, 3, 512, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-m MESSAGES] [-c BYTES] [-w WORK]", "imcw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int nmsg = (int)(opt[1] > 0 && opt[1] <= 16 ? opt[1] : 3), bytes = (int)opt[2];
    char *out = calloc((size_t)nmsg, (size_t)bytes + 1), *in = calloc(1, (size_t)bytes + 1);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    long polls = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        MPI_Request req[16];
        MPI_Status st[16];
        for (int k = 0; k < nmsg; k++) {
            out[(size_t)k * bytes] = (char)(it + k);
            MPI_Isend(out + (size_t)k * bytes, bytes, MPI_CHAR, right, k, MPI_COMM_WORLD, &req[k]);
        }
        int done = 0;
        while (!done) {
            irr_work(opt[3]);
            MPI_Testall(nmsg, req, &done, st);
            polls++;
        }
        for (int k = 0; k < nmsg; k++)
            MPI_Recv(in, bytes, MPI_CHAR, left, k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    double secs = irr_clock() - t0;
    long all = 0;
    MPI_Reduce(&polls, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("testall: %ld iterations, %ld MPI_Testall calls on %d ranks in %.6f s\n", opt[0],
               all, np, secs);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
