/* anyof.c - the completion calls and collectives the rest of the corpus
 * leaves out, as libraries built on MPI use them.  Every iteration each rank:
 *
 *  - sends its right neighbour two messages of drawn lengths (tags 1 and 2)
 *    and receives them from MPI_ANY_SOURCE with MPI_ANY_TAG into buffers of
 *    the largest length, completing the receives with MPI_Waitany (the one
 *    done first set to MPI_REQUEST_NULL, as MPI does) and the sends with
 *    MPI_Waitsome;
 *  - sends a message of drawn length with tag 3 and receives it by
 *    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG) + MPI_Get_count + MPI_Recv of
 *    exactly that count;
 *  - posts a receive, polls it with MPI_Testany between slices of compute,
 *    and polls its send with MPI_Testsome;
 *  - with the receive posted before an MPI_Barrier, gets a ready-mode send
 *    (MPI_Rsend) from its neighbour; rank 0 then sends rank 1 a synchronous
 *    one (MPI_Ssend), and both exchange a block in place
 *    (MPI_Sendrecv_replace);
 *  - every fourth iteration: MPI_Scan and MPI_Exscan with a user-defined
 *    operation (MPI_Op_create), MPI_Allreduce with MPI_IN_PLACE,
 *    MPI_Reduce_scatter_block, MPI_Iscatterv + MPI_Igatherv completed by one
 *    MPI_Waitall, and a message of a struct type (MPI_Type_create_struct),
 *    an indexed type and a subarray type;
 *  - every tenth: an MPI_Allreduce on the communicator
 *    MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) made before the loop.
 *
 * Lengths, contents and results are checked; a wrong one is counted and
 * makes the exit status 1.
 *
 * usage: anyof [-i ITERS] [-n MAXDOUBLES] [-w WORK] */
#include "common.h"

#include <stddef.h>

struct pair {
    int key;
    double val;
};

/* A user-defined commutative operation: the element-wise maximum of ints. */
static void imax(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const int *a = in;
    int *b = inout;
    for (int i = 0; i < *len; i++)
        if (a[i] > b[i])
            b[i] = a[i];
}

int main(int argc, char **argv)
{
    long opt[3] = {200, 2048, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n MAXDOUBLES] [-w WORK]", "inw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    int max = (int)(opt[1] > 0 && opt[1] <= (1 << 20) ? opt[1] : 2048);
    double *out1 = calloc((size_t)max, sizeof(double)), *out2 = calloc((size_t)max, sizeof(double));
    double *in1 = calloc((size_t)max, sizeof(double)), *in2 = calloc((size_t)max, sizeof(double));
    double *blk = calloc((size_t)max, sizeof(double));
    int *sc = calloc((size_t)np * 8, sizeof(int)), *rc = calloc((size_t)np * 8, sizeof(int));
    int *counts = calloc((size_t)np, sizeof(int)), *displs = calloc((size_t)np, sizeof(int));
    if (!out1 || !out2 || !in1 || !in2 || !blk || !sc || !rc || !counts || !displs)
        MPI_Abort(MPI_COMM_WORLD, 1);

    MPI_Op op;
    MPI_Op_create(imax, 1, &op);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &node);
    /* the three derived types of every fourth iteration */
    MPI_Datatype tpair, tidx, tsub;
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {offsetof(struct pair, key), offsetof(struct pair, val)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Type_create_struct(2, bl, disp, types, &tpair);
    MPI_Type_commit(&tpair);
    int ibl[3] = {2, 3, 1}, idisp[3] = {0, 5, 11};
    MPI_Type_indexed(3, ibl, idisp, MPI_DOUBLE, &tidx);
    MPI_Type_commit(&tidx);
    int sizes[2] = {16, 16}, sub[2] = {4, 6}, starts[2] = {2, 3};
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_DOUBLE, &tsub);
    MPI_Type_commit(&tsub);
    struct pair pairs[8], pin[8];

    uint64_t seed = 7;
    long bad = 0;
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        /* two messages, received by whichever matches first */
        int n1 = (int)irr_range(&seed, 0, max), n2 = (int)irr_range(&seed, 0, max / 4);
        for (int i = 0; i < n1; i++)
            out1[i] = (double)(it + i);
        for (int i = 0; i < n2; i++)
            out2[i] = (double)(2 * it + i);
        MPI_Request rr[2], sr[2];
        MPI_Irecv(in1, max, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &rr[0]);
        MPI_Irecv(in2, max, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &rr[1]);
        MPI_Isend(out1, n1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &sr[0]);
        MPI_Isend(out2, n2, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &sr[1]);
        irr_work(opt[2]);
        int seen = 0;
        for (int k = 0; k < 2; k++) {
            int idx = -1, got = -1;
            MPI_Status st;
            MPI_Waitany(2, rr, &idx, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &got);
            const double *in = idx == 0 ? in1 : in2;
            int want = st.MPI_TAG == 1 ? n1 : n2;
            double base = st.MPI_TAG == 1 ? (double)it : (double)(2 * it);
            if (idx < 0 || rr[idx] != MPI_REQUEST_NULL || st.MPI_SOURCE != left || got != want ||
                (got > 0 && in[got - 1] != base + got - 1))
                bad++;
            seen |= st.MPI_TAG;
        }
        if (seen != 3)
            bad++;
        int done = 0;
        while (done < 2) {
            int outc = 0, idx[2];
            MPI_Status sst[2];
            MPI_Waitsome(2, sr, &outc, idx, sst);
            done += outc > 0 ? outc : 2;
        }

        /* a message of a length learnt by probing */
        int n3 = (int)irr_range(&seed, 1, max);
        for (int i = 0; i < n3; i++)
            out1[i] = (double)(3 * it + i);
        MPI_Request s3;
        MPI_Isend(out1, n3, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &s3);
        MPI_Status pst;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &pst);
        int got3 = -1;
        MPI_Get_count(&pst, MPI_DOUBLE, &got3);
        MPI_Recv(in1, got3, MPI_DOUBLE, pst.MPI_SOURCE, pst.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (got3 != n3 || pst.MPI_TAG != 3 || in1[got3 - 1] != (double)(3 * it + got3 - 1))
            bad++;
        MPI_Wait(&s3, MPI_STATUS_IGNORE);

        /* a receive polled by MPI_Testany, a send by MPI_Testsome */
        int n4 = (int)irr_range(&seed, 1, 64);
        MPI_Request r4[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL}, s4;
        MPI_Irecv(in2, n4, MPI_DOUBLE, left, 4, MPI_COMM_WORLD, &r4[1]);
        MPI_Isend(out2, n4, MPI_DOUBLE, right, 4, MPI_COMM_WORLD, &s4);
        for (int flag = 0; !flag;) {
            int idx = -1;
            irr_work(opt[2] / 10);
            MPI_Testany(2, r4, &idx, &flag, MPI_STATUS_IGNORE);
            if (flag && idx != 1)
                bad++;
        }
        for (int outc = 0; outc != MPI_UNDEFINED;) {
            int idx[1];
            MPI_Status sst[1];
            MPI_Testsome(1, &s4, &outc, idx, sst);
        }

        /* ready mode, synchronous mode, in place */
        MPI_Request r5;
        MPI_Irecv(in1, 16, MPI_DOUBLE, left, 5, MPI_COMM_WORLD, &r5);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Rsend(out1, 16, MPI_DOUBLE, right, 5, MPI_COMM_WORLD);
        MPI_Wait(&r5, MPI_STATUS_IGNORE);
        if (np > 1 && me == 0)
            MPI_Ssend(out1, 32, MPI_DOUBLE, 1, 6, MPI_COMM_WORLD);
        else if (me == 1)
            MPI_Recv(in1, 32, MPI_DOUBLE, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int nb = (int)irr_range(&seed, 1, max / 8);
        for (int i = 0; i < nb; i++)
            blk[i] = (double)(me * 1000000 + i);
        MPI_Sendrecv_replace(blk, nb, MPI_DOUBLE, right, 7, left, 7, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        if (blk[nb - 1] != (double)(left * 1000000 + nb - 1))
            bad++;

        if (it % 4 == 0) {
            int v = (int)(it + me), scan = 0, ex = -1;
            MPI_Scan(&v, &scan, 1, MPI_INT, op, MPI_COMM_WORLD);
            MPI_Exscan(&v, &ex, 1, MPI_INT, op, MPI_COMM_WORLD);
            if (scan != (int)it + me || (me > 0 && ex != (int)it + me - 1))
                bad++;
            double sum[4] = {1.0, (double)me, 2.0, 3.0};
            MPI_Allreduce(MPI_IN_PLACE, sum, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            if (sum[0] != (double)np)
                bad++;
            for (int i = 0; i < np * 8; i++)
                sc[i] = 1;
            int part[8];
            MPI_Reduce_scatter_block(sc, part, 8, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            if (part[7] != np)
                bad++;
            int m = (int)irr_range(&seed, 1, 8);
            for (int i = 0; i < np; i++) {
                counts[i] = m;
                displs[i] = 8 * i;
            }
            MPI_Request cr[2];
            MPI_Iscatterv(sc, counts, displs, MPI_INT, rc, m, MPI_INT, 0, MPI_COMM_WORLD, &cr[0]);
            MPI_Igatherv(out2, m, MPI_DOUBLE, in2, counts, displs, MPI_DOUBLE, np - 1,
                         MPI_COMM_WORLD, &cr[1]);
            MPI_Status cst[2];
            MPI_Waitall(2, cr, cst);
            for (int i = 0; i < 8; i++)
                pairs[i] = (struct pair){(int)it + i, 0.5 * i};
            MPI_Sendrecv(pairs, 8, tpair, right, 8, pin, 8, tpair, left, 8, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
            if (pin[7].key != (int)it + 7)
                bad++;
            MPI_Sendrecv(out1, 1, tidx, right, 9, in1, 1, tidx, left, 9, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
            if (max >= 256)
                MPI_Sendrecv(out1, 1, tsub, right, 10, in1, 1, tsub, left, 10, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE);
        }
        if (it % 10 == 0) {
            int one = 1, nn = 0;
            MPI_Allreduce(&one, &nn, 1, MPI_INT, MPI_SUM, node);
            if (nn < 1)
                bad++;
        }
    }
    double t = MPI_Wtime() - t0;
    long allbad = 0;
    MPI_Allreduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("anyof: %ld iterations on %d ranks, %ld wrong in %.3f s\n", opt[0], np, allbad, t);
    MPI_Type_free(&tpair);
    MPI_Type_free(&tidx);
    MPI_Type_free(&tsub);
    MPI_Comm_free(&node);
    MPI_Op_free(&op);
    free(out1), free(out2), free(in1), free(in2), free(blk), free(sc), free(rc), free(counts);
    free(displs);
    MPI_Finalize();
    return allbad != 0;
}
