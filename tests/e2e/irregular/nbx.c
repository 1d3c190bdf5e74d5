/* nbx.c - a sparse data exchange with the nonblocking consensus of
 * Hoefler, Siebert and Lumsdaine ("Scalable communication protocols for
 * dynamic sparse data exchange"), as PETSc's PetscCommBuildTwoSided and
 * other libraries run it when no rank knows who will send to it: every
 * round each rank sends 0-3 messages of random length to other ranks with
 * MPI_Issend, then polls MPI_Iprobe(MPI_ANY_SOURCE) and receives what it
 * finds, tests its sends with MPI_Testall, enters an MPI_Ibarrier once they
 * are all matched and keeps receiving until MPI_Test says the barrier is
 * complete.  Nothing repeats exactly; the program checks every message.
 *
 * usage: nbx [-i ROUNDS] [-n MAXDOUBLES] [-w WORK] */
#include "common.h"

#define TAG    77
#define MAXMSG 3

int main(int argc, char **argv)
{
    long opt[3] = {200, 2048, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ROUNDS] [-n MAXDOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int maxn = (int)(opt[1] > 1 && opt[1] <= (1 << 20) ? opt[1] : 2048);
    double *out = calloc((size_t)MAXMSG * (size_t)maxn, sizeof *out);
    double *in = calloc((size_t)maxn, sizeof *in);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ (uint64_t)(me + 1);
    long bad = 0, received = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        MPI_Request sends[MAXMSG] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
        int nsend = (int)irr_range(&seed, 0, MAXMSG);
        for (int k = 0; k < nsend; k++) {
            int len = (int)irr_range(&seed, 2, maxn); /* first and last element differ */
            int to = np > 1 ? (me + (int)irr_range(&seed, 1, np - 1)) % np : me;
            double *buf = out + (size_t)k * (size_t)maxn;
            buf[0] = (double)me;
            buf[len - 1] = (double)len;
            MPI_Issend(buf, len, MPI_DOUBLE, to, TAG, MPI_COMM_WORLD, &sends[k]);
        }
        irr_work(opt[2]);
        int done = 0, in_barrier = 0;
        MPI_Request barrier = MPI_REQUEST_NULL;
        while (!done) {
            int flag = 0;
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &flag, &st);
            if (flag) {
                int len = 0;
                MPI_Get_count(&st, MPI_DOUBLE, &len);
                if (len < 2 || len > maxn) {
                    bad++;
                    len = maxn;
                }
                MPI_Recv(in, len, MPI_DOUBLE, st.MPI_SOURCE, TAG, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                if (in[0] != (double)st.MPI_SOURCE || in[len - 1] != (double)len)
                    bad++;
                received++;
            }
            if (!in_barrier) {
                int all = 0;
                MPI_Status sts[MAXMSG]; /* not MPI_STATUSES_IGNORE: GCC takes it for an array */
                MPI_Testall(nsend, sends, &all, sts);
                if (all) {
                    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
                    in_barrier = 1;
                }
            } else {
                MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
            }
        }
    }
    double secs = irr_clock() - t0;
    long allbad = 0, allrecv = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&received, &allrecv, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "nbx: %ld failures\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("nbx: %ld rounds, %ld messages on %d ranks in %.6f s\n", opt[0], allrecv, np, secs);
    }
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
