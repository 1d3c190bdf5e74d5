/* pack_unit.c - what a non-contiguous datatype's basic element costs MPI:
 * 2 ranks move 1 MiB laid out in runs of 64 bytes, each followed by a gap
 * as long (MPI_Type_vector), of doubles, of ints or of bytes, and the same
 * bytes contiguous, by MPI_Bcast from rank 0, MPI_Send/MPI_Recv and
 * MPI_Alltoall, ITERS times per cell, ROUNDS rounds with the cells
 * interleaved.  Prints each cell's median time over the rounds, with its
 * smallest and largest.  The skeleton's runs types are of bytes, except a
 * collective's, of doubles (docs/codegen.md, "Non-contiguous messages";
 * bench/accuracy-mechanisms.md, section 18).
 *
 * build: mpicc.mpich -O2 -o pack_unit bench/pack_unit.c
 * usage: mpiexec.mpich -n 2 pack_unit [ITERS [ROUNDS]]   (default 200 5) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { NT = 4, NF = 3, MAXR = 64 };

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, np, iters = argc > 1 ? atoi(argv[1]) : 200, rounds = argc > 2 ? atoi(argv[2]) : 5;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (np != 2 || iters < 1 || rounds < 1 || rounds > MAXR) {
        if (me == 0)
            fprintf(stderr, "usage: mpiexec -n 2 %s [ITERS [ROUNDS <= %d]]\n", argv[0], MAXR);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const int bytes = 1 << 20, run = 64, nruns = bytes / run;
    /* an element spans 2 MiB; MPI_Alltoall puts one per rank */
    char *buf = calloc((size_t)8 * bytes, 1);
    if (buf == NULL)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Datatype t[NT];
    const char *tname[NT] = {"doubles", "ints", "bytes", "contiguous"};
    MPI_Type_vector(nruns, run / 8, 2 * run / 8, MPI_DOUBLE, &t[0]);
    MPI_Type_vector(nruns, run / 4, 2 * run / 4, MPI_INT, &t[1]);
    MPI_Type_vector(nruns, run, 2 * run, MPI_BYTE, &t[2]);
    MPI_Type_contiguous(bytes, MPI_BYTE, &t[3]);
    for (int k = 0; k < NT; k++)
        MPI_Type_commit(&t[k]);
    const char *fname[NF] = {"MPI_Bcast", "MPI_Send", "MPI_Alltoall"};
    static double secs[NF][NT][MAXR];
    for (int r = 0; r < rounds; r++)
        for (int f = 0; f < NF; f++)
            for (int k = 0; k < NT; k++) {
                MPI_Barrier(MPI_COMM_WORLD);
                double t0 = MPI_Wtime();
                for (int i = 0; i < iters; i++) {
                    if (f == 0)
                        MPI_Bcast(buf, 1, t[k], 0, MPI_COMM_WORLD);
                    else if (f == 2)
                        MPI_Alltoall(buf, 1, t[k], buf + 4 * (size_t)bytes, 1, t[k],
                                     MPI_COMM_WORLD);
                    else if (me == 0)
                        MPI_Send(buf, 1, t[k], 1, 0, MPI_COMM_WORLD);
                    else
                        MPI_Recv(buf, 1, t[k], 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                }
                MPI_Barrier(MPI_COMM_WORLD);
                secs[f][k][r] = MPI_Wtime() - t0;
            }
    if (me == 0) {
        printf("1 MiB in runs of %d B, %d times per cell, %d interleaved rounds: "
               "median s [min, max]\n",
               run, iters, rounds);
        printf("%-13s", "");
        for (int k = 0; k < NT; k++)
            printf(" %26s", tname[k]);
        printf("\n");
        for (int f = 0; f < NF; f++) {
            printf("%-13s", fname[f]);
            for (int k = 0; k < NT; k++) {
                double *v = secs[f][k];
                qsort(v, (size_t)rounds, sizeof *v, cmp);
                double med = rounds % 2 ? v[rounds / 2] : (v[rounds / 2 - 1] + v[rounds / 2]) / 2;
                printf("  %.4f [%.4f, %.4f]", med, v[0], v[rounds - 1]);
            }
            printf("\n");
        }
    }
    for (int k = 0; k < NT; k++)
        MPI_Type_free(&t[k]);
    free(buf);
    MPI_Finalize();
    return 0;
}
