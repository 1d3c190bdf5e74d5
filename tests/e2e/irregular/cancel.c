/* cancel.c - receives posted for a message that never comes, cancelled:
 * every rank posts an MPI_Irecv from MPI_ANY_SOURCE for an abort message
 * (the way task farms and libraries listen for one), exchanges with its
 * neighbours in a loop, tests the abort receive now and then, and cancels
 * it at the end (MPI_Cancel, MPI_Wait, MPI_Test_cancelled); every 50
 * iterations a receive for a reply nobody sends is posted and cancelled
 * again, and so is a send of a notice nobody receives (MPI_Isend,
 * MPI_Cancel, MPI_Wait).  The program checks that every cancel of a
 * receive succeeded; a send's cancel may fail (MPICH 4.0.2 and Open MPI
 * 4.1.4 deliver a small message eagerly and do not cancel it), and the
 * program counts those that did.
 *
 * usage: cancel [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

#define TAG_ABORT 66
#define TAG_LATE  67
#define TAG_STALE 68

int main(int argc, char **argv)
{
    long opt[3] = {300, 256, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 256);
    double *out = calloc((size_t)n, sizeof *out), *in = calloc((size_t)n, sizeof *in);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    int abort_msg = 0, late = 0, stale = 0, flag = 0, cancelled = 0;
    long bad = 0, sends_cancelled = 0;
    MPI_Request abort_req, late_req, stale_req;
    MPI_Status st;
    MPI_Irecv(&abort_msg, 1, MPI_INT, MPI_ANY_SOURCE, TAG_ABORT, MPI_COMM_WORLD, &abort_req);
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int i = 0; i < n; i++)
            out[i] = (double)(it + me);
        MPI_Sendrecv(out, n, MPI_DOUBLE, right, 1, in, n, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &st);
        if (in[0] != (double)(it + left))
            bad++;
        irr_work(opt[2]);
        if (it % 10 == 0) {
            MPI_Test(&abort_req, &flag, &st);
            if (flag)
                bad++;
        }
        if (it % 50 == 0) {
            MPI_Irecv(&late, 1, MPI_INT, right, TAG_LATE, MPI_COMM_WORLD, &late_req);
            MPI_Cancel(&late_req);
            MPI_Wait(&late_req, &st);
            MPI_Test_cancelled(&st, &cancelled);
            if (!cancelled)
                bad++;
            MPI_Isend(&stale, 1, MPI_INT, right, TAG_STALE, MPI_COMM_WORLD, &stale_req);
            MPI_Cancel(&stale_req);
            MPI_Wait(&stale_req, &st);
            MPI_Test_cancelled(&st, &cancelled);
            sends_cancelled += cancelled;
        }
    }
    double secs = irr_clock() - t0;
    MPI_Cancel(&abort_req);
    MPI_Wait(&abort_req, &st);
    MPI_Test_cancelled(&st, &cancelled);
    if (!cancelled)
        bad++;
    long allbad = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "cancel: %ld failures\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("cancel: %ld iterations of %d doubles on %d ranks in %.6f s (%ld sends "
               "cancelled on rank 0)\n",
               opt[0], n, np, secs, sends_cancelled);
    }
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
