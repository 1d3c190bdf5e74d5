/* pipeline: a wavefront (pipelined) Gauss-Seidel solver in the manner of the
 * NAS LU benchmark, for -Laplace(u) = 1 on an N x N grid with zero boundary.
 *
 * The grid rows are split over the ranks and the columns into B blocks. In
 * the forward sweep rank r waits (blocking MPI_Recv) for the updated last row
 * of block b from rank r-1, updates block b in lexicographic order, and
 * passes its own last row of the block on to rank r+1 (blocking MPI_Send),
 * so a wave runs down the chain of ranks with B blocks in flight. The
 * backward sweep does the same in reverse order, from rank P-1 up to rank 0,
 * making the method a symmetric Gauss-Seidel. One MPI_Allreduce per
 * iteration sums the size of the update and the solution.
 *
 * The chain has no cycle, so the blocking sends cannot deadlock whether or
 * not MPI buffers them. With --forward-only the backward sweep is skipped;
 * the ghost row below each rank's block is then never refreshed, so that
 * mode shows the communication pattern, not the right answer.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N      1000
#define DEFAULT_ITERS  350
#define DEFAULT_BLOCKS 16

enum { TAG_FORWARD = 1, TAG_BACKWARD };

struct options {
    long n;           /* the grid is n x n unknowns */
    long iters;       /* iterations (each one or two sweeps) */
    long blocks;      /* column blocks per sweep, i.e. messages per rank and sweep */
    int forward_only; /* skip the backward sweep */
    int expect;       /* print the expected MPI call counts instead of running */
    long nranks;      /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "pipeline";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-n N] [-i ITERS] [-b BLOCKS] [--forward-only] [--expect [--nranks P]]\n"
            "  -n, --size N        grid of N x N unknowns, N rows split over the ranks\n"
            "                      (default %d)\n"
            "  -i, --iters ITERS   iterations (default %d)\n"
            "  -b, --blocks B      column blocks per sweep (default %d)\n"
            "  --forward-only      no backward sweep (communication pattern only)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANK CALL COUNT' line each, and exit\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n",
            prog, DEFAULT_N, DEFAULT_ITERS, DEFAULT_BLOCKS);
}

/* Parses a decimal integer in [lo, hi] into *out; on error says which option
 * was wrong and returns 0. */
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
        {"size", required_argument, NULL, 'n'},   {"iters", required_argument, NULL, 'i'},
        {"blocks", required_argument, NULL, 'b'}, {"forward-only", no_argument, NULL, 'F'},
        {"expect", no_argument, NULL, 'E'},       {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){DEFAULT_N, DEFAULT_ITERS, DEFAULT_BLOCKS, 0, 0, 0};
    int c;
    int ok = 1;
    while (ok && (c = getopt_long(argc, argv, "n:i:b:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            ok = parse_long("--size", optarg, 1, 1L << 20, &o->n);
            break;
        case 'i':
            ok = parse_long("--iters", optarg, 1, INT_MAX, &o->iters);
            break;
        case 'b':
            ok = parse_long("--blocks", optarg, 1, 1L << 20, &o->blocks);
            break;
        case 'F':
            o->forward_only = 1;
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
    if (ok && o->blocks > o->n) {
        fprintf(stderr, "%s: %ld blocks do not fit %ld columns (-n)\n", prog, o->blocks, o->n);
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

/* Checks the options against the number of ranks; says why on rank 0. */
static int check_layout(const struct options *o, int nranks, int rank)
{
    if (o->n < nranks) {
        if (rank == 0)
            fprintf(stderr, "%s: %d ranks need at least %d grid rows (-n %ld)\n", prog, nranks,
                    nranks, o->n);
        return 0;
    }
    return 1;
}

static void expect_line(int rank, const char *call, long count)
{
    if (count != 0)
        printf("expect %d %s %ld\n", rank, call, count);
}

/* The first and last rank differ: rank 0 never receives in the forward
 * sweep, rank P-1 never sends in it, and the other way round backward. */
static void print_expect(const struct options *o, int nranks)
{
    const long per_sweep = o->iters * o->blocks;
    const long backward = o->forward_only ? 0 : 1;
    for (int r = 0; r < nranks; r++) {
        long has_up = r > 0, has_down = r < nranks - 1;
        expect_line(r, "MPI_Init", 1);
        expect_line(r, "MPI_Recv", per_sweep * (has_up + backward * has_down));
        expect_line(r, "MPI_Send", per_sweep * (has_down + backward * has_up));
        expect_line(r, "MPI_Allreduce", o->iters);
        expect_line(r, "MPI_Finalize", 1);
    }
}

static int run(const struct options *o)
{
    int nranks, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_layout(o, nranks, rank))
        return 2;

    const long n = o->n, nrows = n / nranks + (rank < n % nranks);
    const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    const int down = rank < nranks - 1 ? rank + 1 : MPI_PROC_NULL;
    /* Rows 0 and nrows + 1 are ghosts, as are columns 0 and n + 1; all stay
     * zero (the boundary) unless received into. */
    const long stride = n + 2;
    double *u = calloc((size_t)(nrows + 2) * (size_t)stride, sizeof *u);
    if (u == NULL) {
        fprintf(stderr, "%s: rank %d: cannot allocate the grid\n", prog, rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
#define AT(i, j) u[(size_t)(i) * (size_t)stride + (size_t)(j)]
    const double h2f = 1.0 / ((double)(n + 1) * (double)(n + 1)); /* h^2 * f with f = 1 */

    double t0 = MPI_Wtime();
    double sums[2] = {0.0, 0.0}; /* sum of squared updates, sum of u */
    for (long it = 0; it < o->iters; it++) {
        double change = 0.0;
        for (long b = 0; b < o->blocks; b++) {
            /* Columns [c0, c1) of the interior, 1-based. */
            long c0 = 1 + b * n / o->blocks, c1 = 1 + (b + 1) * n / o->blocks;
            int width = (int)(c1 - c0);
            if (up != MPI_PROC_NULL)
                MPI_Recv(&AT(0, c0), width, MPI_DOUBLE, up, TAG_FORWARD, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
            for (long i = 1; i <= nrows; i++) {
                for (long j = c0; j < c1; j++) {
                    double v =
                        0.25 * (AT(i - 1, j) + AT(i + 1, j) + AT(i, j - 1) + AT(i, j + 1) + h2f);
                    change += (v - AT(i, j)) * (v - AT(i, j));
                    AT(i, j) = v;
                }
            }
            if (down != MPI_PROC_NULL)
                MPI_Send(&AT(nrows, c0), width, MPI_DOUBLE, down, TAG_FORWARD, MPI_COMM_WORLD);
        }
        for (long b = o->forward_only ? -1 : o->blocks - 1; b >= 0; b--) {
            long c0 = 1 + b * n / o->blocks, c1 = 1 + (b + 1) * n / o->blocks;
            int width = (int)(c1 - c0);
            if (down != MPI_PROC_NULL)
                MPI_Recv(&AT(nrows + 1, c0), width, MPI_DOUBLE, down, TAG_BACKWARD, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
            for (long i = nrows; i >= 1; i--) {
                for (long j = c1 - 1; j >= c0; j--) {
                    double v =
                        0.25 * (AT(i - 1, j) + AT(i + 1, j) + AT(i, j - 1) + AT(i, j + 1) + h2f);
                    change += (v - AT(i, j)) * (v - AT(i, j));
                    AT(i, j) = v;
                }
            }
            if (up != MPI_PROC_NULL)
                MPI_Send(&AT(1, c0), width, MPI_DOUBLE, up, TAG_BACKWARD, MPI_COMM_WORLD);
        }
        double local[2] = {change, 0.0};
        for (long i = 1; i <= nrows; i++)
            for (long j = 1; j <= n; j++)
                local[1] += AT(i, j);
        MPI_Allreduce(local, sums, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
#undef AT
    double elapsed = MPI_Wtime() - t0;

    if (rank == 0)
        printf("pipeline: %d ranks, %ld x %ld grid, %ld blocks, %ld %s iterations: "
               "last update %.6e, mean u %.6e, %.3f s\n",
               nranks, n, n, o->blocks, o->iters, o->forward_only ? "forward" : "symmetric",
               sqrt(sums[0]), sums[1] / ((double)n * (double)n), elapsed);
    free(u);
    return 0;
}

int main(int argc, char **argv)
{
    struct options o;
    int status = parse_options(argc, argv, &o);
    if (status >= 0)
        return status;

    /* --expect --nranks P: no MPI at all, so it runs without mpiexec. */
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
        status = run(&o);
    }
    MPI_Finalize();
    return status;
}
