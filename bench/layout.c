/* layout.c - two ranks exchange messages of a non-contiguous datatype, as
 * dense linear algebra sends parts of a matrix: rank 0 sends ITERS messages
 * of BYTES bytes laid out in runs of RUN doubles (MPI_Type_vector, a gap as
 * long after each run; RUN 0: contiguous) to rank 1, which computes DELAY
 * seconds before each receive.  FORM says how: send (MPI_Send and
 * MPI_Recv, the default), sendrecv (both ranks MPI_Sendrecv, so messages go
 * both ways), persistent (MPI_Send_init/MPI_Recv_init once, MPI_Start and
 * MPI_Wait each time), mrecv (MPI_Mprobe, then MPI_Mrecv), alltoall (both
 * ranks MPI_Alltoall, one element of the type to each) or bcast (MPI_Bcast
 * of one element from rank 0).
 * bench/layout_ab.sh makes skeletons of it.
 *
 * usage: layout BYTES RUN ITERS DELAY [FORM]; prints "layout: ... in T s"
 * (the loop's time, between two barriers). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void spin(double s)
{
    double t = MPI_Wtime();
    while (MPI_Wtime() - t < s)
        ;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    const char *forms[] = {"send", "sendrecv", "persistent", "mrecv", "alltoall", "bcast"};
    int form = -1;
    for (int f = 0; f < 6 && argc >= 5 && argc <= 6; f++)
        if (strcmp(argc == 6 ? argv[5] : "send", forms[f]) == 0)
            form = f;
    if (form < 0) {
        fprintf(stderr,
                "usage: %s BYTES RUN ITERS DELAY [send|sendrecv|persistent|mrecv|alltoall|bcast]\n",
                argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int me, bytes = atoi(argv[1]), run = atoi(argv[2]), iters = atoi(argv[3]);
    double delay = atof(argv[4]);
    int nd = bytes / 8;
    if (nd < 1 || run < 0 || iters < 1 || (run > 0 && nd % run != 0)) {
        fprintf(stderr, "layout: BYTES must be a multiple of 8 RUN doubles\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    /* an element of the type spans about 2 nd doubles; MPI_Alltoall puts
     * one per rank */
    double *buf = calloc((size_t)nd * 4 + 16, sizeof *buf),
           *rbuf = calloc((size_t)nd * 4 + 16, sizeof *rbuf);
    if (buf == NULL || rbuf == NULL)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Datatype t;
    if (run > 0)
        MPI_Type_vector(nd / run, run, 2 * run, MPI_DOUBLE, &t);
    else
        MPI_Type_contiguous(nd, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    MPI_Request rq = MPI_REQUEST_NULL;
    if (form == 2 && me == 0)
        MPI_Send_init(buf, 1, t, 1, 0, MPI_COMM_WORLD, &rq);
    else if (form == 2 && me == 1)
        MPI_Recv_init(buf, 1, t, 0, 0, MPI_COMM_WORLD, &rq);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters && me < 2; i++) {
        spin(me == 0 ? 0 : delay);
        if (form == 4) {
            MPI_Alltoall(buf, 1, t, rbuf, 1, t, MPI_COMM_WORLD);
        } else if (form == 5) {
            MPI_Bcast(buf, 1, t, 0, MPI_COMM_WORLD);
        } else if (form == 1) {
            MPI_Sendrecv(buf, 1, t, 1 - me, 0, rbuf, 1, t, 1 - me, 0, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
        } else if (form == 2) {
            MPI_Start(&rq);
            MPI_Wait(&rq, MPI_STATUS_IGNORE);
        } else if (me == 0) {
            MPI_Send(buf, 1, t, 1, 0, MPI_COMM_WORLD);
        } else if (form == 3) {
            MPI_Message m;
            MPI_Mprobe(0, 0, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE);
            MPI_Mrecv(buf, 1, t, &m, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        spin(me == 0 ? delay / 10 : 0);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double secs = MPI_Wtime() - t0;
    if (rq != MPI_REQUEST_NULL)
        MPI_Request_free(&rq);
    MPI_Type_free(&t);
    free(buf);
    free(rbuf);
    if (me == 0)
        printf("layout: %d messages of %d bytes in runs of %d doubles (%s) in %.6f s\n", iters,
               bytes, run, forms[form], secs);
    MPI_Finalize();
    return 0;
}
