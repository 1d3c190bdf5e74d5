/* bsend.c - buffered sends, the way older codes exchange without caring
 * about ordering: every rank attaches a buffer, sends its right neighbour
 * three messages with MPI_Bsend (one of 32 KiB, above every eager limit,
 * which only the buffer lets complete before its receive is posted), or
 * with MPI_Ibsend + MPI_Waitall every fifth iteration, plus a fourth by a
 * persistent buffered send (MPI_Bsend_init once, MPI_Start + MPI_Wait every
 * iteration), and only then receives its left neighbour's four.  Every
 * message is checked.
 *
 * usage: bsend [-i ITERS] [-w WORK] */
#include "common.h"

#define NMSG 3
#define PLEN 64 /* doubles of the persistent buffered send */
#define PTAG 9

int main(int argc, char **argv)
{
    long opt[2] = {300, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-w WORK]", "iw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    const int len[NMSG] = {16, 512, 4096}; /* doubles */
    int bufsize = 0;
    for (int k = 0; k < NMSG; k++) {
        int sz;
        MPI_Pack_size(len[k], MPI_DOUBLE, MPI_COMM_WORLD, &sz);
        bufsize += sz + MPI_BSEND_OVERHEAD;
    }
    int psz;
    MPI_Pack_size(PLEN, MPI_DOUBLE, MPI_COMM_WORLD, &psz);
    bufsize += psz + MPI_BSEND_OVERHEAD;
    /* Room for a few iterations' messages: MPICH frees a buffered message's
     * space only when a later buffered send finds its transfer done. */
    bufsize *= 4;
    char *buf = malloc((size_t)bufsize);
    double *out = calloc(NMSG * 4096, sizeof *out), *in = calloc(4096, sizeof *in);
    if (buf == NULL || out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Buffer_attach(buf, bufsize);
    double pout[PLEN], pin[PLEN];
    MPI_Request preq;
    MPI_Bsend_init(pout, PLEN, MPI_DOUBLE, right, PTAG, MPI_COMM_WORLD, &preq);
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        MPI_Request rq[NMSG];
        MPI_Status sts[NMSG];
        for (int k = 0; k < NMSG; k++) {
            double *o = out + k * 4096;
            for (int i = 0; i < len[k]; i++)
                o[i] = (double)(it + k + me);
            if (it % 5 == 4)
                MPI_Ibsend(o, len[k], MPI_DOUBLE, right, k, MPI_COMM_WORLD, &rq[k]);
            else
                MPI_Bsend(o, len[k], MPI_DOUBLE, right, k, MPI_COMM_WORLD);
        }
        if (it % 5 == 4)
            MPI_Waitall(NMSG, rq, sts);
        for (int i = 0; i < PLEN; i++)
            pout[i] = (double)(it - me);
        MPI_Start(&preq);
        MPI_Wait(&preq, MPI_STATUS_IGNORE);
        irr_work(opt[1]);
        for (int k = 0; k < NMSG; k++) {
            MPI_Status st;
            MPI_Recv(in, len[k], MPI_DOUBLE, left, k, MPI_COMM_WORLD, &st);
            if (in[len[k] - 1] != (double)(it + k + left))
                bad++;
        }
        MPI_Recv(pin, PLEN, MPI_DOUBLE, left, PTAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (pin[PLEN - 1] != (double)(it - left))
            bad++;
    }
    MPI_Request_free(&preq);
    double secs = irr_clock() - t0;
    void *b;
    int bn;
    MPI_Buffer_detach(&b, &bn);
    long allbad = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        if (allbad != 0) {
            fprintf(stderr, "bsend: %ld wrong messages\n", allbad);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        printf("bsend: %ld iterations of %d messages on %d ranks in %.6f s\n", opt[0], NMSG, np,
               secs);
    }
    free(buf);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
