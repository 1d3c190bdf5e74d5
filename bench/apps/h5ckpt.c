/* h5ckpt.c - a small parallel HDF5 program for bench/accuracy.sh: a 2-D
 * Jacobi relaxation on an N x N grid split into row slabs, one per rank,
 * with halo rows exchanged every sweep (MPI_Sendrecv) and a residual
 * reduced every CHECK sweeps (MPI_Allreduce); every EVERY sweeps the whole
 * grid is written as a checkpoint: one new dataset in one HDF5 file, each
 * rank writing its slab through collective MPI-IO (H5FD_MPIO_COLLECTIVE).
 * So it stresses what simulation codes do besides computing: periodic
 * collective I/O whose cost grows with the grid, not with the ranks.
 *
 * Usage: h5ckpt [-n N] [-i SWEEPS] [-e EVERY] [-c CHECK] [-o FILE]
 *        (defaults 1024 3000 300 50 /tmp/h5ckpt-<pid of rank 0>.h5; the file
 *        is removed at the end) */
#include <hdf5.h>
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int arg_int(int argc, char **argv, const char *flag, int dflt)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], flag) == 0)
            return atoi(argv[i + 1]);
    return dflt;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = arg_int(argc, argv, "-n", 1024), sweeps = arg_int(argc, argv, "-i", 3000);
    int every = arg_int(argc, argv, "-e", 300), check = arg_int(argc, argv, "-c", 50);
    char path[256] = "";
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "-o") == 0)
            snprintf(path, sizeof path, "%s", argv[i + 1]);
    if (path[0] == '\0') {
        long pid = rank == 0 ? (long)getpid() : 0;
        MPI_Bcast(&pid, 1, MPI_LONG, 0, MPI_COMM_WORLD);
        snprintf(path, sizeof path, "/tmp/h5ckpt-%ld.h5", pid);
    }
    if (n < 2 * size || sweeps < 1 || every < 1 || check < 1) {
        if (rank == 0)
            fprintf(stderr, "h5ckpt: bad arguments\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int base = n / size, rows = rank == size - 1 ? n - base * (size - 1) : base;
    int first = rank * base;
    double *u = calloc((size_t)(rows + 2) * n, sizeof *u), *v = calloc((size_t)(rows + 2) * n, sizeof *v);
    if (u == NULL || v == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    if (rank == 0)
        for (int i = 0; i < n; i++)
            u[i] = v[i] = 100; /* a hot edge in the halo row of rank 0 */

    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
    hid_t file = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    H5Pclose(fapl);
    hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
    H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE);
    hsize_t dims[2] = {(hsize_t)n, (hsize_t)n}, start[2] = {(hsize_t)first, 0},
            count[2] = {(hsize_t)rows, (hsize_t)n};
    hid_t filespace = H5Screate_simple(2, dims, NULL), memspace = H5Screate_simple(2, count, NULL);
    H5Sselect_hyperslab(filespace, H5S_SELECT_SET, start, NULL, count, NULL);

    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    double t0 = MPI_Wtime(), res = 0;
    int nckpt = 0;
    for (int it = 1; it <= sweeps; it++) {
        MPI_Sendrecv(u + n, n, MPI_DOUBLE, up, 1, u + (size_t)(rows + 1) * n, n, MPI_DOUBLE, down,
                     1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(u + (size_t)rows * n, n, MPI_DOUBLE, down, 2, u, n, MPI_DOUBLE, up, 2,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double local = 0;
        for (int j = 1; j <= rows; j++)
            for (int i = 1; i < n - 1; i++) {
                size_t c = (size_t)j * n + i;
                v[c] = 0.25 * (u[c - 1] + u[c + 1] + u[c - n] + u[c + n]);
                double d = v[c] - u[c];
                local += d * d;
            }
        double *t = u;
        u = v;
        v = t;
        if (it % check == 0)
            MPI_Allreduce(&local, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (it % every == 0) {
            char name[32];
            snprintf(name, sizeof name, "step%06d", it);
            hid_t ds = H5Dcreate2(file, name, H5T_NATIVE_DOUBLE, filespace, H5P_DEFAULT,
                                  H5P_DEFAULT, H5P_DEFAULT);
            H5Dwrite(ds, H5T_NATIVE_DOUBLE, memspace, filespace, dxpl, u + n);
            H5Dclose(ds);
            H5Fflush(file, H5F_SCOPE_GLOBAL);
            nckpt++;
        }
    }
    double t1 = MPI_Wtime();
    H5Sclose(memspace);
    H5Sclose(filespace);
    H5Pclose(dxpl);
    H5Fclose(file);
    if (rank == 0) {
        printf("h5ckpt: n=%d sweeps=%d ranks=%d checkpoints=%d time=%.3f s residual=%.3e\n", n,
               sweeps, size, nckpt, t1 - t0, res);
        unlink(path);
    }
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}
