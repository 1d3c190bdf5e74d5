/* spawn.c - a program that starts a world of its own with MPI_Comm_spawn:
 * the parents (every rank of the launched world) spawn one child running
 * this program, send it 20 values over the intercommunicator, merge the two
 * groups into one intracommunicator and reduce over it, then each world
 * runs -i ITER MPI_Allreduce of its own and parts with MPI_Comm_disconnect.
 *
 * Used by tests/e2e/test_openmpi_flow.sh (MPICH 4.0.2 with ch4:ucx fails
 * MPI_Comm_spawn on the test machine, untraced too): the tracer writes the
 * child's world into spawn-1 of the trace directory instead of over the
 * parents' rank files, and records no call on a communicator reaching the
 * other world (docs/trace-format.md).  Prints "spawn: ok" from every rank
 * whose values came out right; exits 1 otherwise. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int iters = 100;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "-i") == 0)
            iters = atoi(argv[i + 1]);
    MPI_Init(&argc, &argv);
    MPI_Comm parent, inter, merged;
    MPI_Comm_get_parent(&parent);
    int rank, size, x = 0, ok = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (parent == MPI_COMM_NULL) {
        char n[16];
        snprintf(n, sizeof n, "%d", iters);
        char *args[] = {"-i", n, NULL};
        MPI_Comm_spawn(argv[0], args, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter,
                       MPI_ERRCODES_IGNORE);
        if (rank == 0) /* the same call again and again (the tracer's memo) */
            for (int i = 0; i < 20; i++) {
                x = 42 + i;
                MPI_Send(&x, 1, MPI_INT, 0, 1, inter);
            }
    } else {
        inter = parent;
        for (int i = 0; i < 20; i++) {
            MPI_Recv(&x, 1, MPI_INT, 0, 1, inter, MPI_STATUS_IGNORE);
            ok &= x == 42 + i;
        }
    }
    MPI_Intercomm_merge(inter, parent != MPI_COMM_NULL, &merged);
    int one = 1, all = 0, msize = 0;
    MPI_Comm_size(merged, &msize);
    MPI_Allreduce(&one, &all, 1, MPI_INT, MPI_SUM, merged);
    ok &= all == msize;
    MPI_Comm_free(&merged);
    for (int i = 0; i < iters; i++) {
        int v = 1;
        MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        ok &= v == size;
    }
    MPI_Comm_disconnect(&inter);
    printf("spawn: %s (%s rank %d)\n", ok ? "ok" : "FAIL",
           parent == MPI_COMM_NULL ? "parent" : "child", rank);
    MPI_Finalize();
    return ok ? 0 : 1;
}
