/* isendrecv.c - MPI 4.0's nonblocking combined send-receive, as a halo
 * exchange uses it: every iteration each rank exchanges with both
 * neighbours of a ring by two MPI_Isendrecv (completed by one
 * MPI_Waitall), and rank 0 sends a panel to rank 1 and takes the answer in
 * place by MPI_Isendrecv_replace, polled with MPI_Test, while rank 1
 * answers with a plain MPI_Recv and a shorter MPI_Send: so a skeleton that
 * left the combined calls' messages out would leave rank 1's receive
 * unmatched.  Every message is checked by its contents: MPICH 4.0.2 leaves
 * the status of these calls unset (docs/trace-format.md).
 *
 * usage: isendrecv [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

#if MPI_VERSION < 4
#error "isendrecv needs MPI 4.0 (MPI_Isendrecv)"
#endif

int main(int argc, char **argv)
{
    long opt[3] = {200, 256, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 1 && opt[1] <= (1 << 20) ? opt[1] : 256);
    double *out = calloc((size_t)n, sizeof *out), *in = calloc((size_t)n, sizeof *in);
    double *back = calloc((size_t)n, sizeof *back), *panel = calloc((size_t)n, sizeof *panel);
    if (out == NULL || in == NULL || back == NULL || panel == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        irr_work(opt[2]);
        out[0] = (double)(me * 100000 + it);
        MPI_Request r[2];
        MPI_Isendrecv(out, n, MPI_DOUBLE, right, 1, in, n, MPI_DOUBLE, left, 1, MPI_COMM_WORLD,
                      &r[0]);
        MPI_Isendrecv(out, n / 2, MPI_DOUBLE, left, 2, back, n / 2, MPI_DOUBLE, right, 2,
                      MPI_COMM_WORLD, &r[1]);
        MPI_Status sts[2];
        MPI_Waitall(2, r, sts);
        if (in[0] != (double)(left * 100000 + it) || back[0] != (double)(right * 100000 + it))
            bad++;
        if (np >= 2 && me == 0) {
            panel[0] = (double)it;
            MPI_Request q;
            MPI_Isendrecv_replace(panel, n, MPI_DOUBLE, 1, 3, 1, 4, MPI_COMM_WORLD, &q);
            for (int done = 0; !done;)
                MPI_Test(&q, &done, MPI_STATUS_IGNORE);
            if (panel[0] != (double)(2 * it + 1))
                bad++;
        } else if (me == 1) {
            MPI_Recv(panel, n, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            panel[0] = 2 * panel[0] + 1;
            MPI_Send(panel, n / 4, MPI_DOUBLE, 0, 4, MPI_COMM_WORLD);
        }
        irr_work(opt[2] / 4);
    }
    double secs = irr_clock() - t0;
    irr_finish("isendrecv", bad, opt[0], "iterations", np, secs);
    free(out);
    free(in);
    free(back);
    free(panel);
    MPI_Finalize();
    return 0;
}
