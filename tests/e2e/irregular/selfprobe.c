/* selfprobe.c - the event loop of a message-driven program such as the Ray
 * genome assembler (its RayPlatform): every rank sends work to itself and to
 * its neighbour with MPI_Isend, polls MPI_Iprobe(MPI_ANY_SOURCE,
 * MPI_ANY_TAG) and receives what it finds from the source and tag the probe
 * names, answers each work message with an acknowledgement to that source,
 * and completes its sends with MPI_Test.  Which of the two work messages a
 * probe finds first is the run's timing; a reply goes where the message came
 * from, so a skeleton whose probe finds the other one than the application's
 * sends its reply elsewhere.  At the end every rank sends itself one message
 * that nobody receives (MPI_Isend, never completed), as Ray's ranks do
 * before MPI_Finalize.  Work sizes
 * follow a seeded sequence: nothing repeats exactly.
 *
 * -x 1 adds, at the start of every round, an exchange on a communicator of
 * its own (so that no probe sees it): MPI_Sendrecv of the round's work to the
 * right neighbour and from the left, and every third round one more message
 * from rank 0 to its right neighbour first (MPI_Send, MPI_Recv), so that a
 * rank's sends to a peer and its receives from it are not counted alike.
 *
 * usage: selfprobe [-i ROUNDS] [-n MAXBYTES] [-w WORK] [-x 0|1] */
#include "common.h"

enum { TAG_WORK = 115, TAG_ACK = 117, TAG_LAST = 5, TAG_XCHG = 119, TAG_EXTRA = 121 };

int main(int argc, char **argv)
{
    long opt[4] = {300, 4096, 20000, 0};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ROUNDS] [-n MAXBYTES] [-w WORK] [-x 0|1]", "inwx", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    MPI_Comm xchg = MPI_COMM_NULL;
    if (opt[3])
        MPI_Comm_dup(MPI_COMM_WORLD, &xchg);
    int maxn = (int)(opt[1] >= 8 && opt[1] <= (1 << 20) ? opt[1] : 4096);
    char *work[2], *in = malloc((size_t)maxn), ack[8] = {0};
    work[0] = malloc((size_t)maxn);
    work[1] = malloc((size_t)maxn);
    if (work[0] == NULL || work[1] == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(work[0], 1, (size_t)maxn);
    memset(work[1], 2, (size_t)maxn);
    uint64_t seed = 0x2545f4914f6cdd1dull;
    long bad = 0, handled = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        /* The same length on every rank (one seed), so that each receive
         * knows what to expect. */
        int len = (int)irr_range(&seed, 8, maxn);
        if (opt[3]) {
            if (it % 3 == 0 && me == 0)
                MPI_Send(ack, (int)sizeof ack, MPI_BYTE, right, TAG_EXTRA, xchg);
            if (it % 3 == 0 && left == 0)
                MPI_Recv(ack, (int)sizeof ack, MPI_BYTE, left, TAG_EXTRA, xchg, MPI_STATUS_IGNORE);
            MPI_Sendrecv(work[0], len, MPI_BYTE, right, TAG_XCHG, in, maxn, MPI_BYTE, left,
                         TAG_XCHG, xchg, MPI_STATUS_IGNORE);
        }
        MPI_Request sent[2 + 2];
        int nsent = 0;
        MPI_Isend(work[0], len, MPI_BYTE, me, TAG_WORK, MPI_COMM_WORLD, &sent[nsent++]);
        MPI_Isend(work[1], len, MPI_BYTE, right, TAG_WORK, MPI_COMM_WORLD, &sent[nsent++]);
        int works = 0, acks = 0;
        while (works < 2 || acks < 2) {
            int flag = 0;
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
            if (!flag) {
                irr_work(opt[2] / 100);
                continue;
            }
            if (st.MPI_TAG == TAG_WORK) {
                MPI_Recv(in, maxn, MPI_BYTE, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                bad += in[0] != (st.MPI_SOURCE == me ? 1 : 2) || in[len - 1] != in[0];
                irr_work(opt[2]);
                MPI_Isend(ack, (int)sizeof ack, MPI_BYTE, st.MPI_SOURCE, TAG_ACK, MPI_COMM_WORLD,
                          &sent[nsent++]);
                works++;
            } else {
                MPI_Recv(ack, (int)sizeof ack, MPI_BYTE, st.MPI_SOURCE, TAG_ACK, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                acks++;
            }
            handled++;
        }
        /* Sends completed by polling, as Ray's MPI_Test calls do. */
        for (int k = 0; k < nsent; k++) {
            int done = 0;
            while (!done)
                MPI_Test(&sent[k], &done, MPI_STATUS_IGNORE);
        }
    }
    double t1 = irr_clock();
    /* A last message to itself that nobody receives, its request never
     * completed (the library buffered it). */
    MPI_Request last;
    MPI_Isend(ack, (int)sizeof ack, MPI_BYTE, me, TAG_LAST, MPI_COMM_WORLD, &last);
    long allbad = 0;
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("selfprobe: %ld rounds, %ld messages handled by rank 0, %ld bad, in %.6f s\n",
               opt[0], handled, allbad, t1 - t0);
    free(work[0]);
    free(work[1]);
    free(in);
    if (xchg != MPI_COMM_NULL)
        MPI_Comm_free(&xchg);
    MPI_Finalize();
    return allbad != 0;
}
