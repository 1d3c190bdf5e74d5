/* intercomm.c - two groups coupled by an intercommunicator, the way coupled
 * codes (an ocean and an atmosphere, a solver and its I/O servers) talk:
 *   - MPI_COMM_WORLD is split into the even and the odd ranks, and
 *     MPI_Intercomm_create joins the two halves (leaders: each half's first
 *     rank, over MPI_COMM_WORLD);
 *   - every iteration, each rank of the even half sends its field to the
 *     rank of the same position in the odd half, if there is one (MPI_Isend
 *     + MPI_Irecv + MPI_Waitall), the odd half answers with a blocking MPI_Send to a
 *     receive from MPI_ANY_SOURCE, and each half computes and reduces over
 *     its own communicator;
 *   - every P iterations an MPI_Barrier on the intercommunicator, and half
 *     a period later collectives across it: an MPI_Allreduce (each half
 *     gets the other's sum), an MPI_Allgather whose two halves send
 *     different counts (the even half 2 values, the odd half 1), an
 *     MPI_Ialltoall completed by MPI_Wait, an MPI_Bcast from the even
 *     half's first rank (MPI_ROOT; the rest of its half MPI_PROC_NULL) and
 *     an MPI_Reduce of the even half's values to the odd half's first rank,
 *     an MPI_Gather of the odd half's pairs of values to the even half's
 *     first rank and an MPI_Scatter back from it, the root passing no send
 *     buffer to the gather and no receive buffer to the scatter (the
 *     standard says they are not significant there), then their v forms:
 *     an MPI_Allgatherv (the halves again sending 2 and 1 values), an
 *     MPI_Alltoallv, an MPI_Gatherv to and an MPI_Scatterv from the even
 *     half's first rank;
 *   - then reduce-scatter across it: an MPI_Reduce_scatter whose
 *     recvcounts (over the local half, 2 x the other half's size each) add
 *     up to one length on both halves, and an MPI_Ireduce_scatter_block
 *     completed by MPI_Wait on the intercommunicator MPI_Comm_create makes
 *     of both halves whole (recvcount: the other half's size);
 *   - MPI_Comm_split of the intercommunicator (colour: the position in
 *     the half modulo 2, key: minus the position, so the new groups are in
 *     reverse order; on 3 ranks the even half's colour 1 has no partner in
 *     the odd half and gets MPI_COMM_NULL) carries an MPI_Allreduce and a
 *     message from each even rank to the odd rank of its position every P
 *     iterations;
 *   - a duplicate of the intercommunicator (MPI_Comm_dup, as a coupling
 *     library keeps its own) carries one value from each even rank to its
 *     partner every P iterations (an MPI_Recv from MPI_ANY_SOURCE), and a
 *     final MPI_Barrier;
 *   - at the end MPI_Intercomm_merge (the odd half high) makes one
 *     communicator again for a final MPI_Allreduce, and all are freed.
 *
 * usage: intercomm [-i ITERS] [-n BYTES] [-p PERIOD] [-w WORK] */
#include "common.h"

int main(int argc, char **argv)
{
    long opt[4] = {300, 1024, 25, 20000};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n BYTES] [-p PERIOD] [-w WORK]", "inpw", opt);
    int me, np, right, left;
    irr_ring(&me, &np, &right, &left);
    if (np < 2) {
        if (me == 0)
            fprintf(stderr, "intercomm: needs at least 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int bytes = (int)opt[1], period = (int)(opt[2] > 0 ? opt[2] : 25);
    char *out = calloc(1, (size_t)bytes + 1), *in = calloc(1, (size_t)bytes + 1);
    if (out == NULL || in == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    int odd = me % 2;
    MPI_Comm half, inter, coupler, merged;
    MPI_Comm_split(MPI_COMM_WORLD, odd, me, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, odd ? 0 : 1, 17, &inter);
    MPI_Comm_dup(inter, &coupler);
    int hrank, hsize, rsize;
    MPI_Comm_rank(half, &hrank);
    MPI_Comm_size(half, &hsize);
    MPI_Comm_remote_size(inter, &rsize);
    /* Parts of the two halves: a split into the even and odd positions,
     * and both halves whole through MPI_Comm_create (in their order: Open
     * MPI 4.1.4 hangs in MPI_Reduce_scatter_block, blocking or not, on an
     * intercommunicator it created from a group of two in reverse order,
     * with halves of two and one; MPICH 4.0.2 does not). */
    MPI_Comm sub, made;
    MPI_Comm_split(inter, hrank % 2, -hrank, &sub);
    int srank = -1, srsize = 0;
    if (sub != MPI_COMM_NULL) {
        MPI_Comm_rank(sub, &srank);
        MPI_Comm_remote_size(sub, &srsize);
    }
    MPI_Group lgroup, rev;
    int *order = calloc((size_t)hsize, sizeof *order);
    if (order == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int k = 0; k < hsize; k++)
        order[k] = k;
    MPI_Comm_group(inter, &lgroup);
    MPI_Group_incl(lgroup, hsize, order, &rev);
    MPI_Comm_create(inter, rev, &made);
    MPI_Group_free(&rev);
    MPI_Group_free(&lgroup);
    free(order);
    /* Reduce-scatter: each half's vector has 2 x hsize x rsize values. */
    double *rs_out = calloc(2 * (size_t)hsize * (size_t)rsize, sizeof *rs_out),
           *rs_in = calloc(2 * (size_t)rsize, sizeof *rs_in);
    int *rs_counts = calloc((size_t)hsize, sizeof *rs_counts);
    if (rs_out == NULL || rs_in == NULL || rs_counts == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int k = 0; k < hsize; k++)
        rs_counts[k] = 2 * rsize;
    /* What the all-gather, the gather and the all-to-all across the halves
     * receive. */
    double *gath = calloc(2 * (size_t)rsize, sizeof *gath),
           *gath2 = calloc(2 * (size_t)rsize, sizeof *gath2),
           *a2a_out = calloc((size_t)rsize, sizeof *a2a_out),
           *a2a_in = calloc((size_t)rsize, sizeof *a2a_in);
    /* Per remote rank: the counts and displacements of the v forms. */
    int *vgot = calloc((size_t)rsize, sizeof *vgot), *vone = calloc((size_t)rsize, sizeof *vone),
        *vtwo = calloc((size_t)rsize, sizeof *vtwo), *dtwo = calloc((size_t)rsize, sizeof *dtwo),
        *done = calloc((size_t)rsize, sizeof *done);
    if (gath == NULL || gath2 == NULL || a2a_out == NULL || a2a_in == NULL || vgot == NULL ||
        vone == NULL || vtwo == NULL || dtwo == NULL || done == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int k = 0; k < rsize; k++) {
        vgot[k] = odd ? 2 : 1; /* what each rank of the other half sends */
        vone[k] = 1;
        vtwo[k] = 2;
        dtwo[k] = 2 * k;
        done[k] = k;
    }
    double sum = 0, t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        double x = (double)(it + me), y = 0;
        irr_work(opt[3]);
        /* The even half is the larger: on an odd number of ranks its last
         * rank has no partner. */
        if (!odd && hrank < rsize) {
            MPI_Request r[2];
            MPI_Status st[2];
            MPI_Isend(out, bytes, MPI_CHAR, hrank, 1, inter, &r[0]);
            MPI_Irecv(in, bytes, MPI_CHAR, hrank, 2, inter, &r[1]);
            MPI_Waitall(2, r, st);
        } else if (odd) {
            MPI_Status st;
            MPI_Recv(in, bytes, MPI_CHAR, MPI_ANY_SOURCE, 1, inter, &st);
            MPI_Send(out, bytes, MPI_CHAR, st.MPI_SOURCE, 2, inter);
        }
        MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, half);
        sum += y;
        if (it % period == period - 1)
            MPI_Barrier(inter);
        if (it % period == period / 2) {
            double mine[2] = {x, y}, other = 0;
            MPI_Request r;
            MPI_Allreduce(&x, &other, 1, MPI_DOUBLE, MPI_SUM, inter);
            MPI_Allgather(mine, odd ? 1 : 2, MPI_DOUBLE, gath, odd ? 2 : 1, MPI_DOUBLE, inter);
            for (int k = 0; k < rsize; k++)
                a2a_out[k] = other + k;
            MPI_Ialltoall(a2a_out, 1, MPI_DOUBLE, a2a_in, 1, MPI_DOUBLE, inter, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            int lead = hrank == 0 ? MPI_ROOT : MPI_PROC_NULL;
            MPI_Bcast(gath, 2, MPI_DOUBLE, odd ? 0 : lead, inter);
            MPI_Reduce(&x, &other, 1, MPI_DOUBLE, MPI_SUM, odd ? lead : 0, inter);
            if (odd)
                MPI_Gather(mine, 2, MPI_DOUBLE, NULL, 0, MPI_DOUBLE, 0, inter);
            else
                MPI_Gather(NULL, 0, MPI_DOUBLE, gath2, 2, MPI_DOUBLE, lead, inter);
            if (odd)
                MPI_Scatter(NULL, 0, MPI_DOUBLE, mine, 2, MPI_DOUBLE, 0, inter);
            else
                MPI_Scatter(gath2, 2, MPI_DOUBLE, NULL, 0, MPI_DOUBLE, lead, inter);
            MPI_Allgatherv(mine, odd ? 1 : 2, MPI_DOUBLE, gath, vgot, dtwo, MPI_DOUBLE, inter);
            MPI_Alltoallv(a2a_out, vone, done, MPI_DOUBLE, a2a_in, vone, done, MPI_DOUBLE, inter);
            if (odd) {
                MPI_Gatherv(mine, 2, MPI_DOUBLE, NULL, NULL, NULL, MPI_DOUBLE, 0, inter);
                MPI_Scatterv(NULL, NULL, NULL, MPI_DOUBLE, mine, 2, MPI_DOUBLE, 0, inter);
            } else {
                MPI_Gatherv(NULL, 0, MPI_DOUBLE, gath2, vtwo, dtwo, MPI_DOUBLE, lead, inter);
                MPI_Scatterv(gath2, vtwo, dtwo, MPI_DOUBLE, NULL, 0, MPI_DOUBLE, lead, inter);
            }
            sum += gath[0] + a2a_in[0];
            for (int k = 0; k < 2 * hsize * rsize; k++)
                rs_out[k] = x + k;
            MPI_Reduce_scatter(rs_out, rs_in, rs_counts, MPI_DOUBLE, MPI_SUM, inter);
            sum += rs_in[0];
            MPI_Ireduce_scatter_block(rs_out, rs_in, rsize, MPI_DOUBLE, MPI_SUM, made, &r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            sum += rs_in[0];
            if (sub != MPI_COMM_NULL) {
                MPI_Allreduce(&x, &other, 1, MPI_DOUBLE, MPI_SUM, sub);
                sum += other;
                if (!odd && srank < srsize)
                    MPI_Send(&x, 1, MPI_DOUBLE, srank, 4, sub);
                else if (odd)
                    MPI_Recv(&other, 1, MPI_DOUBLE, srank, 4, sub, MPI_STATUS_IGNORE);
            }
            if (!odd && hrank < rsize) {
                MPI_Send(&x, 1, MPI_DOUBLE, hrank, 3, coupler);
            } else if (odd) {
                MPI_Recv(&other, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 3, coupler, MPI_STATUS_IGNORE);
                sum += other;
            }
        }
    }
    MPI_Barrier(coupler);
    MPI_Comm_free(&coupler);
    if (sub != MPI_COMM_NULL)
        MPI_Comm_free(&sub);
    MPI_Comm_free(&made);
    double secs = irr_clock() - t0;
    MPI_Intercomm_merge(inter, odd, &merged);
    double all = 0;
    MPI_Allreduce(&sum, &all, 1, MPI_DOUBLE, MPI_SUM, merged);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    if (me == 0)
        printf("intercomm: %ld iterations, halves of %d and %d, sum %g on %d ranks in %.6f s\n",
               opt[0], hsize, rsize, all, np, secs);
    free(out);
    free(in);
    free(gath);
    free(gath2);
    free(vgot);
    free(vone);
    free(vtwo);
    free(dtwo);
    free(done);
    free(a2a_out);
    free(a2a_in);
    free(rs_out);
    free(rs_in);
    free(rs_counts);
    MPI_Finalize();
    return 0;
}
