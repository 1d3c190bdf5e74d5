/* blacs.c - the communication of a dense LU factorisation in the manner of
 * BLACS (the layer ScaLAPACK communicates through) on a 1 x P process grid,
 * block columns dealt out cyclically.  BLACS's routine names are kept for
 * the four patterns it is known for:
 *   BI_Asend       MPI_Isend from a buffer kept until BI_BuffIsFree says it
 *                  is done with it
 *   BI_Srecv       a blocking MPI_Recv
 *   BI_TreeComb    a tree combine: each rank receives its children's vectors
 *                  from MPI_ANY_SOURCE, in whatever order they come
 *   BI_BuffIsFree  MPI_Testall on a buffer's requests (MPI_Waitall when told
 *                  to wait)
 * Message ids (tags) come from a counter cycling over 32 values from 9976,
 * as BLACS's do, so the same tag comes back carrying other sizes.
 *
 * Per block column k (NB columns, m = N - k NB rows left):
 *  - its owner factorises the panel and BI_Asend's it (m x NB doubles,
 *    shrinking: no two the same) to every other rank, which BI_Srecv's it;
 *  - the ranks combine a short vector (NB doubles: per column the largest
 *    pivot candidate) with BI_TreeComb to rank 0, which sends the result
 *    back down;
 *  - row interchanges: rank 0 sends each other rank the swapped rows it
 *    holds, their number drawn from a generator all ranks share (often none),
 *    and the receivers post exactly that count from MPI_ANY_SOURCE: a
 *    zero-count receive when there are none;
 *  - everyone updates its trailing block columns, then frees the send
 *    buffers that BI_BuffIsFree finds done (polling, never waiting).
 * At the end every buffer is waited for and one MPI_Allreduce checks that
 * every rank saw the same panels.  All compute is real arithmetic.
 * First, as ScaLAPACK's test drivers do for each process grid of their
 * input, a 1 x 1 grid: its communicator made by MPI_Comm_create of a group
 * of rank 0 alone, so that every other rank gets MPI_COMM_NULL, and one
 * MPI_Allreduce on it.
 *
 * usage: blacs [-n N] [-b NB] [-s SEED] */
#include "common.h"

#define MSGID0 9976
#define NMSGID 32

struct buf {
    double *data;
    MPI_Request req[64];
    int nreq;
    struct buf *next;
};

static MPI_Comm comm;
static int me, np, msgcount;
static struct buf *active;

static int next_msgid(void)
{
    int t = MSGID0 + msgcount;
    msgcount = (msgcount + 1) % NMSGID;
    return t;
}

static struct buf *new_buf(size_t n)
{
    struct buf *b = calloc(1, sizeof *b);
    if (b == NULL || (b->data = malloc((n ? n : 1) * sizeof(double))) == NULL) {
        fprintf(stderr, "blacs: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return b;
}

static void BI_Asend(struct buf *b, int n, int dest, int tag)
{
    MPI_Isend(b->data, n, MPI_DOUBLE, dest, tag, comm, &b->req[b->nreq++]);
}

static void BI_Srecv(double *v, int n, int src, int tag)
{
    MPI_Recv(v, n, MPI_DOUBLE, src, tag, comm, MPI_STATUS_IGNORE);
}

static int BI_BuffIsFree(struct buf *b, int wait)
{
    MPI_Status st[64];
    int flag = 1;
    if (wait)
        MPI_Waitall(b->nreq, b->req, st);
    else
        MPI_Testall(b->nreq, b->req, &flag, st);
    return flag;
}

/* Queue a buffer that still has sends in flight. */
static void keep(struct buf *b)
{
    b->next = active;
    active = b;
}

/* Free the buffers whose sends are done (all of them when wait). */
static void BI_UpdateBuffs(int wait)
{
    for (struct buf **p = &active; *p != NULL;) {
        struct buf *b = *p;
        if (BI_BuffIsFree(b, wait)) {
            *p = b->next;
            free(b->data);
            free(b);
        } else {
            p = &b->next;
        }
    }
}

/* Combine v[0..n) by maximum over all ranks into rank 0, then back: a binary
 * tree, children received from MPI_ANY_SOURCE in the order they arrive. */
static void BI_TreeComb(double *v, int n)
{
    int tag = next_msgid(), down = next_msgid();
    double tmp[64];
    int nchild = 0;
    for (int c = 2 * me + 1; c <= 2 * me + 2; c++)
        nchild += c < np;
    for (int i = 0; i < nchild; i++) {
        BI_Srecv(tmp, n, MPI_ANY_SOURCE, tag);
        for (int j = 0; j < n; j++)
            if (tmp[j] > v[j])
                v[j] = tmp[j];
    }
    if (me > 0) {
        struct buf *b = new_buf((size_t)n);
        memcpy(b->data, v, (size_t)n * sizeof *v);
        BI_Asend(b, n, (me - 1) / 2, tag);
        keep(b);
        BI_Srecv(v, n, (me - 1) / 2, down);
    }
    for (int c = 2 * me + 1; c <= 2 * me + 2 && c < np; c++) {
        struct buf *b = new_buf((size_t)n);
        memcpy(b->data, v, (size_t)n * sizeof *v);
        BI_Asend(b, n, c, down);
        keep(b);
    }
}

int main(int argc, char **argv)
{
    long opt[3] = {384, 8, 1};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-n N] [-b NB] [-s SEED]", "nbs", opt);
    int n = (int)opt[0], nb = (int)opt[1];
    if (nb < 1 || nb > 64 || n < nb) {
        fprintf(stderr, "blacs: need 1 <= NB <= 64 and N >= NB\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &np);
    uint64_t rng = (uint64_t)opt[2] * 0x9E3779B97F4A7C15ull + 1;
    int npanels = n / nb;
    double *panel = malloc((size_t)n * nb * sizeof *panel);
    double *rows = malloc((size_t)nb * nb * sizeof *rows);
    double check = 0, piv[64];
    if (panel == NULL || rows == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    /* The 1 x 1 grid. */
    MPI_Group all_g, one_g;
    MPI_Comm grid;
    int zero = 0;
    MPI_Comm_group(comm, &all_g);
    MPI_Group_incl(all_g, 1, &zero, &one_g);
    MPI_Comm_create(comm, one_g, &grid);
    if (grid != MPI_COMM_NULL) {
        double v = 1, w = 0;
        MPI_Allreduce(&v, &w, 1, MPI_DOUBLE, MPI_SUM, grid);
        check += w - 1;
        MPI_Comm_free(&grid);
    }
    MPI_Group_free(&one_g);
    MPI_Group_free(&all_g);
    double t0 = irr_clock();
    for (int k = 0; k < npanels; k++) {
        int m = n - k * nb, owner = k % np, tag = next_msgid();
        /* The panel: factorised by its owner, sent to everyone else. */
        if (me == owner) {
            irr_work((long)m * nb * nb);
            struct buf *b = new_buf((size_t)m * nb);
            for (int i = 0; i < m * nb; i++)
                b->data[i] = (double)(k + 1) / (i + 1);
            memcpy(panel, b->data, (size_t)m * nb * sizeof *panel);
            for (int r = 0; r < np; r++)
                if (r != me)
                    BI_Asend(b, m * nb, r, tag);
            keep(b);
        } else {
            BI_Srecv(panel, m * nb, owner, tag);
        }
        check += panel[m * nb - 1];
        /* Pivot candidates, combined. */
        for (int j = 0; j < nb; j++)
            piv[j] = panel[(j * 7 + me) % (m * nb)] * (me + 1);
        BI_TreeComb(piv, nb);
        /* Row interchanges: rank 0 sends each rank its swapped rows (often
         * none); they are received from whoever sends them. */
        int swap = next_msgid();
        for (int r = 1; r < np; r++) {
            int nrows = irr_range(&rng, 0, 3) == 0 ? (int)irr_range(&rng, 1, nb) : 0;
            if (me == 0) {
                struct buf *b = new_buf((size_t)nrows * nb);
                for (int i = 0; i < nrows * nb; i++)
                    b->data[i] = piv[i % nb];
                BI_Asend(b, nrows * nb, r, swap);
                keep(b);
            } else if (me == r) {
                BI_Srecv(rows, nrows * nb, MPI_ANY_SOURCE, swap);
            }
        }
        /* The trailing update of my block columns right of k. */
        int mine = 0;
        for (int j = k + 1; j < npanels; j++)
            mine += j % np == me;
        irr_work((long)m * nb * nb * mine / 4);
        BI_UpdateBuffs(0);
    }
    BI_UpdateBuffs(1);
    double secs = irr_clock() - t0;
    double all = 0;
    MPI_Allreduce(&check, &all, 1, MPI_DOUBLE, MPI_SUM, comm);
    if (me == 0)
        printf("blacs: n=%d nb=%d panels=%d ranks=%d check=%.6g in %.6f s\n", n, nb, npanels, np,
               all, secs);
    MPI_Comm_free(&comm);
    free(panel);
    free(rows);
    MPI_Finalize();
    return 0;
}
