/* fft: a distributed 2-D fast Fourier transform in the manner of NAS FT -
 * few, long iterations.
 *
 * Rank 0 settles the problem (the grid size N, the iterations) and
 * broadcasts it (MPI_Bcast); MPI_Comm_split makes the transform's own
 * communicator, as FFT libraries do.  The N x N complex grid is split into
 * slabs of N/P rows.  Every iteration transforms the grid - twice: 1-D
 * FFTs of the local rows and a global transpose (MPI_Alltoall of N/P x N/P
 * blocks) - normalises and damps the result, and sums a checksum
 * (MPI_Allreduce); the next iteration transforms that again.  An iteration is long (tens of
 * milliseconds) and there are few of them (-i, default 16), like the main
 * loop of many spectral codes: a skeleton of it must scale inside an
 * iteration.
 */
#include <complex.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N     512
#define DEFAULT_ITERS 16

struct options {
    long n;     /* grid side, a power of two */
    long iters; /* iterations */
    int expect;
    long nranks; /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "fft";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-n N] [-i ITERS] [--expect [--nranks P]]\n"
            "  -n, --size N        grid side, a power of two, a multiple of the ranks\n"
            "                      (default %d)\n"
            "  -i, --iters ITERS   iterations (default %d)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANK CALL COUNT' line each, and exit\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n",
            prog, DEFAULT_N, DEFAULT_ITERS);
}

static int parse_long(const char *opt, const char *arg, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "%s: %s expects an integer in [%ld, %ld], got '%s'\n", prog, opt, lo, hi,
                arg);
        return 0;
    }
    *out = v;
    return 1;
}

/* Returns -1 to go on, or the exit status (0 after --help, 2 on a usage error). */
static int parse_options(int argc, char **argv, struct options *o)
{
    /* clang-format off: one option per line */
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 'n'}, {"iters", required_argument, NULL, 'i'},
        {"expect", no_argument, NULL, 'E'},     {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){DEFAULT_N, DEFAULT_ITERS, 0, 0};
    int c, ok = 1;
    while (ok && (c = getopt_long(argc, argv, "n:i:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            ok = parse_long("--size", optarg, 2, 1L << 14, &o->n);
            if (ok && (o->n & (o->n - 1)) != 0) {
                fprintf(stderr, "%s: --size must be a power of two, got %ld\n", prog, o->n);
                ok = 0;
            }
            break;
        case 'i':
            ok = parse_long("--iters", optarg, 1, INT_MAX, &o->iters);
            break;
        case 'E':
            o->expect = 1;
            break;
        case 'P':
            ok = parse_long("--nranks", optarg, 1, 1L << 24, &o->nranks);
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            ok = 0;
            break;
        }
    }
    if (ok && optind < argc) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", prog, argv[optind]);
        ok = 0;
    }
    if (ok && o->nranks > 0 && !o->expect) {
        fprintf(stderr, "%s: --nranks is only meaningful with --expect\n", prog);
        ok = 0;
    }
    if (!ok) {
        fprintf(stderr, "Try '%s --help'.\n", prog);
        return 2;
    }
    return -1;
}

static int check_layout(const struct options *o, int nranks, int rank)
{
    if (o->n % nranks != 0) {
        if (rank == 0)
            fprintf(stderr, "%s: a %ld x %ld grid does not split into %d slabs\n", prog, o->n, o->n,
                    nranks);
        return 0;
    }
    return 1;
}

static void print_expect(const struct options *o, int nranks)
{
    for (int r = 0; r < nranks; r++) {
        printf("expect %d MPI_Init 1\n", r);
        printf("expect %d MPI_Bcast 1\n", r);
        printf("expect %d MPI_Comm_split 1\n", r);
        printf("expect %d MPI_Alltoall %ld\n", r, 2 * o->iters);
        printf("expect %d MPI_Allreduce %ld\n", r, o->iters);
        printf("expect %d MPI_Comm_free 1\n", r);
        printf("expect %d MPI_Finalize 1\n", r);
    }
}

/* In-place iterative radix-2 FFT of n points (sign -1 forward, +1 inverse,
 * unnormalised). */
static void fft1(double complex *a, long n, int sign)
{
    for (long i = 1, j = 0; i < n; i++) {
        long bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double complex t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
    for (long len = 2; len <= n; len <<= 1) {
        double ang = sign * 2 * M_PI / (double)len;
        double complex wl = cos(ang) + I * sin(ang);
        for (long i = 0; i < n; i += len) {
            double complex w = 1;
            for (long k = 0; k < len / 2; k++) {
                double complex u = a[i + k], v = a[i + k + len / 2] * w;
                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
                w *= wl;
            }
        }
    }
}

/* FFT the local rows, transpose the grid across the ranks into b. */
static void half(double complex *a, double complex *b, double complex *tmp, long n, long rows,
                 int nranks, int sign, MPI_Comm comm)
{
    for (long r = 0; r < rows; r++)
        fft1(&a[r * n], n, sign);
    /* Pack: block p holds my rows' columns [p rows, (p + 1) rows). */
    for (int p = 0; p < nranks; p++)
        for (long r = 0; r < rows; r++)
            memcpy(&tmp[(p * rows + r) * rows], &a[r * n + p * rows], (size_t)rows * sizeof *a);
    MPI_Alltoall(tmp, (int)(2 * rows * rows), MPI_DOUBLE, b, (int)(2 * rows * rows), MPI_DOUBLE,
                 comm);
    /* Block p is rows x rows of rank p's rows: transpose each into place. */
    memcpy(tmp, b, (size_t)(rows * n) * sizeof *b);
    for (int p = 0; p < nranks; p++)
        for (long r = 0; r < rows; r++)
            for (long c = 0; c < rows; c++)
                b[c * n + p * rows + r] = tmp[(p * rows + r) * rows + c];
}

static int run(const struct options *opt, int rank, int nranks)
{
    /* Rank 0 settles the problem; the others learn it. */
    long prm[2] = {opt->n, opt->iters};
    MPI_Bcast(prm, 2, MPI_LONG, 0, MPI_COMM_WORLD);
    const long n = prm[0], iters = prm[1];
    MPI_Comm comm;
    MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &comm);
    const long rows = n / nranks;
    double complex *a = malloc((size_t)(rows * n) * sizeof *a);
    double complex *b = malloc((size_t)(rows * n) * sizeof *b);
    double complex *tmp = malloc((size_t)(rows * n) * sizeof *tmp);
    if (!a || !b || !tmp) {
        fprintf(stderr, "%s: rank %d: cannot allocate a %ld x %ld slab\n", prog, rank, rows, n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < n; c++) {
            long g = rank * rows + r;
            a[r * n + c] = sin(0.01 * (double)(g * 7 + c)) + I * cos(0.02 * (double)(g + 3 * c));
        }
    double sum = 0;
    double t0 = MPI_Wtime();
    for (long it = 0; it < iters; it++) {
        half(a, b, tmp, n, rows, nranks, -1, comm); /* b: the spectrum, transposed */
        half(b, a, tmp, n, rows, nranks, -1, comm); /* a: the spectrum */
        double scale = 1.0 / ((double)n * (double)n);
        for (long i = 0; i < rows * n; i++)
            a[i] *= scale * (1.0 - 1e-3 * (double)(i % 7));
        double local = 0, global = 0;
        for (long i = 0; i < rows * n; i += 17)
            local += creal(a[i]) + cimag(a[i]);
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
        sum += global;
    }
    double elapsed = MPI_Wtime() - t0;
    if (rank == 0)
        printf("fft: %d ranks, %ld x %ld grid, %ld iterations: checksum %.6e, %.3f s\n", nranks, n,
               n, iters, sum, elapsed);
    MPI_Comm_free(&comm);
    free(a);
    free(b);
    free(tmp);
    return isfinite(sum) ? 0 : 1;
}

int main(int argc, char **argv)
{
    struct options o;
    int status = parse_options(argc, argv, &o);
    if (status >= 0)
        return status;
    if (o.expect && o.nranks > 0) {
        if (!check_layout(&o, (int)o.nranks, 0))
            return 2;
        print_expect(&o, (int)o.nranks);
        return 0;
    }
    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (o.expect) {
        status = check_layout(&o, nranks, rank) ? 0 : 2;
        if (status == 0 && rank == 0)
            print_expect(&o, nranks);
    } else {
        status = check_layout(&o, nranks, rank) ? run(&o, rank, nranks) : 2;
    }
    MPI_Finalize();
    return status;
}
