/* persistent.c - persistent requests the way stencil and CFD codes use
 * them: a halo exchange made once with MPI_Send_init/MPI_Recv_init to both
 * neighbours and started every iteration with MPI_Startall, completed by
 * MPI_Waitall; a reduction partner's message through MPI_Ssend_init and a
 * receive from MPI_ANY_SOURCE made with MPI_Recv_init, each started with
 * MPI_Start and completed by MPI_Wait (the receive) or by polling MPI_Test
 * (the send); a scratch pair made, started and freed every 10 iterations;
 * and an MPI_Isend freed with MPI_Request_free instead of being waited for.
 * Every received halo is checked.
 *
 * usage: persistent [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {200, 1024, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 1024);
    double *out = calloc((size_t)n * 2, sizeof *out), *in = calloc((size_t)n * 2, sizeof *in);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    /* The halo: to the right and the left, from the left and the right. */
    MPI_Request halo[4];
    MPI_Send_init(out, n, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &halo[0]);
    MPI_Send_init(out + n, n, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &halo[1]);
    MPI_Recv_init(in, n, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &halo[2]);
    MPI_Recv_init(in + n, n, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &halo[3]);
    /* A partial sum to the right neighbour, from whoever sends one. */
    double part = 0, got = 0;
    MPI_Request sum[2];
    MPI_Ssend_init(&part, 1, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &sum[0]);
    MPI_Recv_init(&got, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, &sum[1]);
    long bad = 0;
    MPI_Status st[4];
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int i = 0; i < 2 * n; i++)
            out[i] = (double)(it * 4 + me);
        MPI_Startall(4, halo);
        irr_work(opt[2]);
        MPI_Waitall(4, halo, st);
        if (in[0] != (double)(it * 4 + left) || in[n] != (double)(it * 4 + right))
            bad++;
        part = in[0] + in[n];
        MPI_Start(&sum[1]);
        MPI_Start(&sum[0]);
        for (int done = 0; !done;)
            MPI_Test(&sum[0], &done, MPI_STATUS_IGNORE);
        MPI_Wait(&sum[1], MPI_STATUS_IGNORE);
        irr_work(opt[2] / 2);
        if (it % 10 == 0) {
            /* A scratch exchange of the iteration, made and freed. */
            MPI_Request tmp[2];
            MPI_Recv_init(in, n / 2, MPI_DOUBLE, left, 4, MPI_COMM_WORLD, &tmp[0]);
            MPI_Send_init(out, n / 2, MPI_DOUBLE, right, 4, MPI_COMM_WORLD, &tmp[1]);
            MPI_Startall(2, tmp);
            MPI_Waitall(2, tmp, st);
            MPI_Request_free(&tmp[0]);
            MPI_Request_free(&tmp[1]);
        }
    }
    double secs = irr_clock() - t0;
    /* A message nobody waits for: its request is freed at once. */
    MPI_Request fire;
    double token = (double)me;
    MPI_Isend(&token, 1, MPI_DOUBLE, right, 5, MPI_COMM_WORLD, &fire);
    MPI_Request_free(&fire);
    MPI_Recv(&got, 1, MPI_DOUBLE, left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        MPI_Request_free(&halo[i]);
    MPI_Request_free(&sum[0]);
    MPI_Request_free(&sum[1]);
    long allbad = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0 || got != (double)left) {
            fprintf(stderr, "persistent: %ld wrong halos, token %g\n", allbad, got);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("persistent: %ld iterations of %d doubles on %d ranks in %.6f s\n", opt[0], n, np,
               secs);
    }
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
