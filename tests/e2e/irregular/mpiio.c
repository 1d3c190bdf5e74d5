/* mpiio.c - MPI-IO the way a parallel checkpoint does it (HDF5 over
 * ROMIO): a file opened on every rank, a view set, each rank's block
 * written collectively at its offset (MPI_File_write_at_all) and a small
 * header written by rank 0 alone (MPI_File_write at 0), File_sync; between
 * checkpoints, nonblocking writes completed by MPI_Wait, reads back
 * (independent and collective) through the individual file pointer after a
 * seek, and compute.  The loop rewrites each rank's block in place (the
 * pages stay cached); with -a 1 each checkpoint goes to new space after the
 * last, as a series of checkpoints in one file does.  The file is made in
 * $TMPDIR (default /tmp) and removed at the end.
 *
 * usage: mpiio [-i ITERS] [-n DOUBLES] [-w WORK] [-e EVERY] [-a APPEND] */
#include "common.h"

#include <unistd.h>

int main(int argc, char **argv)
{
    long opt[5] = {100, 8192, 20000, 10, 0};
    MPI_Init(&argc, &argv);
    irr_options(argc, argv, "[-i ITERS] [-n DOUBLES] [-w WORK] [-e EVERY] [-a APPEND]", "inwea",
                opt);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int n = (int)(opt[1] > 0 && opt[1] <= (1 << 22) ? opt[1] : 8192);
    long every = opt[3] > 0 ? opt[3] : 10;
    double *block = calloc((size_t)n, sizeof *block);
    if (block == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    char path[4096];
    long id = (long)getpid();
    MPI_Bcast(&id, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    const char *tmp = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/skel-mpiio-%ld.dat", tmp != NULL && *tmp ? tmp : "/tmp", id);
    MPI_File fh;
    if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh) !=
        MPI_SUCCESS) {
        fprintf(stderr, "mpiio: cannot open %s\n", path);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    MPI_Offset base = 64, mine = base + (MPI_Offset)me * n * (MPI_Offset)sizeof *block;
    MPI_Offset ckpt = mine; /* where the next checkpoint goes */
    double t0 = irr_clock();
    for (long it = 0; it < opt[0]; it++) {
        for (int i = 0; i < n; i += 64)
            block[i] += 1.0;
        irr_work(opt[2]);
        MPI_Request rq;
        MPI_File_iwrite_at(fh, mine, block, n / 4, MPI_DOUBLE, &rq);
        irr_work(opt[2] / 4);
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
        MPI_File_seek(fh, mine, MPI_SEEK_SET);
        MPI_File_read(fh, block, n / 8, MPI_DOUBLE, MPI_STATUS_IGNORE);
        if ((it + 1) % every == 0) { /* a checkpoint */
            MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
            if (me == 0) {
                char header[64] = "skel mpiio checkpoint"; /* through the file pointer */
                MPI_File_seek(fh, 0, MPI_SEEK_SET);
                MPI_File_write(fh, header, (int)sizeof header, MPI_CHAR, MPI_STATUS_IGNORE);
            }
            MPI_File_write_at_all(fh, ckpt, block, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
            MPI_File_sync(fh);
            MPI_File_seek(fh, ckpt, MPI_SEEK_SET);
            MPI_File_read_all(fh, block, n, MPI_DOUBLE, MPI_STATUS_IGNORE);
            if (opt[4]) /* the next one after every rank's block of this one */
                ckpt += (MPI_Offset)np * n * (MPI_Offset)sizeof *block;
        }
    }
    double secs = irr_clock() - t0;
    MPI_File_close(&fh);
    if (me == 0) {
        unlink(path);
        printf("mpiio: %ld iterations of %d doubles on %d ranks in %.6f s\n", opt[0], n, np, secs);
    }
    free(block);
    MPI_Finalize();
    return 0;
}
