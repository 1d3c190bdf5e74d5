/* partitioned.c - MPI 4.0's partitioned communication, the way a code that
 * computes a halo in pieces uses it: each rank sets up once an
 * MPI_Psend_init of P partitions to its right neighbour and an
 * MPI_Precv_init from its left (a different partition count on each side,
 * the same bytes), and every iteration starts both with MPI_Startall,
 * computes the halo partition by partition and marks each ready
 * (MPI_Pready, then MPI_Pready_range and MPI_Pready_list for the rest),
 * polls MPI_Parrived for the first incoming partition and completes with
 * MPI_Waitall; a plain MPI_Sendrecv answers every 4th iteration.  The
 * tracer records the set-ups as the persistent send and receive of the
 * whole buffer (docs/trace-format.md): a skeleton that lost them would
 * leave the MPI_Startall's requests unknown.  Every partition's contents
 * are checked.
 *
 * usage: partitioned [-i ITERS] [-n DOUBLES_PER_PARTITION] [-w WORK] */
#include "common.h"

#if MPI_VERSION < 4
#error "partitioned needs MPI 4.0 (MPI_Psend_init)"
#endif

enum { SEND_PARTS = 8, RECV_PARTS = 4 };

int main(int argc, char **argv)
{
    long opt[3] = {200, 128, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES_PER_PARTITION] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 18) ? opt[1] : 128);
    size_t total = (size_t)n * SEND_PARTS;
    double *out = calloc(total, sizeof *out), *in = calloc(total, sizeof *in);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Request r[2];
    MPI_Psend_init(out, SEND_PARTS, n, MPI_DOUBLE, right, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &r[0]);
    MPI_Precv_init(in, RECV_PARTS, (MPI_Count)n * (SEND_PARTS / RECV_PARTS), MPI_DOUBLE, left, 5,
                   MPI_COMM_WORLD, MPI_INFO_NULL, &r[1]);
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        MPI_Startall(2, r);
        /* The first half of the partitions one by one, as they are made. */
        for (int p = 0; p < SEND_PARTS / 2; p++) {
            irr_work(opt[2] / SEND_PARTS);
            for (int i = 0; i < n; i++)
                out[(size_t)p * n + i] = (double)(it * 1000 + me * 10 + p);
            MPI_Pready(p, r[0]);
        }
        /* The next two as a range, the last two as a list. */
        irr_work(opt[2] / 2);
        for (size_t i = (size_t)n * (SEND_PARTS / 2); i < total; i++)
            out[i] = (double)(it * 1000 + me * 10 + (long)(i / (size_t)n));
        MPI_Pready_range(SEND_PARTS / 2, SEND_PARTS / 2 + 1, r[0]);
        int last[2] = {SEND_PARTS - 1, SEND_PARTS - 2};
        MPI_Pready_list(2, last, r[0]);
        for (int arrived = 0; !arrived;)
            MPI_Parrived(r[1], 0, &arrived);
        MPI_Status st[2];
        MPI_Waitall(2, r, st);
        for (int p = 0; p < SEND_PARTS; p++)
            if (in[(size_t)p * n] != (double)(it * 1000 + left * 10 + p) ||
                in[(size_t)p * n + (size_t)n - 1] != (double)(it * 1000 + left * 10 + p))
                bad++;
        if (it % 4 == 3) {
            double a = (double)it, b = -1;
            MPI_Sendrecv(&a, 1, MPI_DOUBLE, left, 6, &b, 1, MPI_DOUBLE, right, 6, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
            if (b != (double)it)
                bad++;
        }
    }
    double secs = irr_clock() - t0;
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
    irr_finish("partitioned", bad, opt[0], "iterations", np, secs);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
