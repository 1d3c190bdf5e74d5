/* mthreads.c - MPI_THREAD_MULTIPLE at work: two threads per rank, each
 * exchanging with the neighbour rank on a communicator of its own
 * (MPI_Sendrecv every iteration, the two threads entering it together
 * through a pthread barrier, and an MPI_Allreduce every tenth).  The tracer
 * records both threads' calls, in the order they ended; the compressor
 * posts the ones that overlapped nonblocking (compress/concur.h), so that
 * the skeleton, which makes each rank's calls in one stream, runs; Skel
 * says that the calls overlapped (test_gen_irregular.sh; docs/signature.md,
 * "Limits").
 *
 * usage: mthreads [-i ITERS] [-n DOUBLES] [-w WORK] */
#include "common.h"

#include <pthread.h>

static MPI_Comm comms[2];
static long opt[3] = {100, 256, 20000};
static int me, np, right, left;
static long bad;
static pthread_barrier_t together; /* both threads call MPI_Sendrecv at once */

static void *exchange(void *arg)
{
    int t = (int)(intptr_t)arg, n = (int)opt[1];
    double *out = calloc((size_t)n, sizeof *out), *in = calloc((size_t)n, sizeof *in);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (long it = 0; it < opt[0]; it++) {
        irr_work(opt[2] + t * opt[2] / 4);
        out[0] = (double)(me * 1000 + it);
        pthread_barrier_wait(&together);
        MPI_Sendrecv(out, n, MPI_DOUBLE, right, t, in, n, MPI_DOUBLE, left, t, comms[t],
                     MPI_STATUS_IGNORE);
        if (in[0] != (double)(left * 1000 + it))
            __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
        if (it % 10 == 0)
            MPI_Allreduce(MPI_IN_PLACE, out, 4, MPI_DOUBLE, MPI_SUM, comms[t]);
    }
    free(out);
    free(in);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided = MPI_THREAD_SINGLE;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK]", "inw", opt);
    if (opt[1] < 1 || opt[1] > (1 << 20))
        opt[1] = 256;
    irr_ring(&me, &np, &right, &left);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (me == 0)
            fprintf(stderr, "mthreads: the MPI library gives no MPI_THREAD_MULTIPLE\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[0]);
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[1]);
    pthread_barrier_init(&together, NULL, 2);
    double t0 = irr_clock();
    pthread_t th;
    if (pthread_create(&th, NULL, exchange, (void *)(intptr_t)1) != 0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    exchange((void *)(intptr_t)0);
    pthread_join(th, NULL);
    pthread_barrier_destroy(&together);
    double secs = irr_clock() - t0;
    MPI_Comm_free(&comms[0]);
    MPI_Comm_free(&comms[1]);
    long allbad = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "mthreads: %ld wrong messages\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("mthreads: %ld iterations on 2 threads of %d ranks in %.6f s\n", opt[0], np, secs);
    }
    MPI_Finalize();
    return 0;
}
