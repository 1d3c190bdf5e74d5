/* tagstep.c - messages tagged by the time step, as many codes tag them
 * (`tag = step`, a message counter): each iteration receives from the left
 * neighbour with MPI_Irecv of a strided vector type and sends to the right
 * with the step as tag, polls the receive with MPI_Request_get_status
 * (which leaves the request to its MPI_Wait) before that MPI_Wait,
 * broadcasts from a root that rotates over the ranks, makes a zero-count
 * MPI_Allreduce and a communicator of MPI_Comm_split every iteration
 * (reduced over, then freed).  A new tag every step would make every step's calls new symbols,
 * and nothing would repeat: the tags of one site are a counter, which the
 * compression merges above threshold 0 (compress/symbols.c, TAG_COUNTER).
 * Every message is checked.
 *
 * usage: tagstep [-i ITERS] [-n ELEMENTS] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[3] = {200, 64, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n ELEMENTS] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 16) ? opt[1] : 64);
    MPI_Datatype vec; /* every fourth double */
    MPI_Type_vector(n, 1, 4, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    double *out = calloc((size_t)n * 4, sizeof *out), *in = calloc((size_t)n * 4, sizeof *in);
    double *bc = calloc(128, sizeof *bc), none[1] = {0};
    if (out == NULL || in == NULL || bc == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        irr_work(opt[2]);
        int tag = (int)(it % 30000); /* within every library's MPI_TAG_UB */
        out[0] = (double)(me * 100000 + it);
        MPI_Request r;
        MPI_Irecv(in, 1, vec, left, tag, MPI_COMM_WORLD, &r);
        MPI_Send(out, 1, vec, right, tag, MPI_COMM_WORLD);
        MPI_Status st;
        for (int done = 0; !done;)
            MPI_Request_get_status(r, &done, &st);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        if (in[0] != (double)(left * 100000 + it))
            bad++;
        int root = (int)(it % np);
        bc[0] = me == root ? (double)it : -1.0;
        MPI_Bcast(bc, 128, MPI_DOUBLE, root, MPI_COMM_WORLD);
        if (bc[0] != (double)it)
            bad++;
        MPI_Allreduce(MPI_IN_PLACE, none, 0, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Comm half;
        MPI_Comm_split(MPI_COMM_WORLD, (int)((me + it) % 2), me, &half);
        double x = (double)me;
        MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_MAX, half);
        MPI_Comm_free(&half);
        irr_work(opt[2] / 4);
    }
    double secs = irr_clock() - t0;
    MPI_Type_free(&vec);
    irr_finish("tagstep", bad, opt[0], "steps", np, secs);
    free(out);
    free(in);
    free(bc);
    MPI_Finalize();
    return 0;
}
