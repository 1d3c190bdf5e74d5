/* jacobi: 2-D Jacobi relaxation of the Laplace equation on an N x N grid.
 *
 * The grid is split over a 2-D process grid (MPI_Dims_create +
 * MPI_Cart_create). Every iteration each rank exchanges one halo row or
 * column with each of its 4 neighbours (MPI_Irecv/MPI_Isend, one
 * MPI_Waitall), updates its block with the 5-point stencil, and every K
 * iterations (and after the last one) the global residual is summed with
 * MPI_Allreduce. At the end a checksum of the solution is gathered with
 * MPI_Reduce.
 *
 * Ranks on the physical boundary still post their sends and receives to
 * MPI_PROC_NULL, as many real stencil codes do: it keeps the code free of
 * special cases and makes every rank make the same calls (4 MPI_Irecv,
 * 4 MPI_Isend, 1 MPI_Waitall per iteration). A receive from MPI_PROC_NULL
 * leaves the ghost cells untouched, so they keep the boundary values.
 *
 * Run `jacobi --help` for the options; `--expect` prints the number of MPI
 * calls of each kind a run would make instead of running.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N     1024
#define DEFAULT_ITERS 2000
#define DEFAULT_EVERY 1

/* Tags name the direction a halo travels in, so a receive "from the rank
 * above" matches what that rank sent "down". */
enum { TAG_DOWN = 1, TAG_UP, TAG_RIGHT, TAG_LEFT };

struct options {
    long n;      /* global grid is n x n interior points */
    long iters;  /* Jacobi iterations */
    long every;  /* residual MPI_Allreduce every this many iterations */
    int expect;  /* print the expected MPI call counts instead of running */
    long nranks; /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "jacobi";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-n N] [-i ITERS] [-r K] [--expect [--nranks P]]\n"
            "  -n, --size N        global grid of N x N points (default %d)\n"
            "  -i, --iters ITERS   Jacobi iterations (default %d)\n"
            "  -r, --reduce-every K  MPI_Allreduce of the residual every K iterations\n"
            "                      and after the last one (default %d)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANK CALL COUNT' line each, and exit\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n",
            prog, DEFAULT_N, DEFAULT_ITERS, DEFAULT_EVERY);
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
        {"size", required_argument, NULL, 'n'},
        {"iters", required_argument, NULL, 'i'},
        {"reduce-every", required_argument, NULL, 'r'},
        {"expect", no_argument, NULL, 'E'},
        {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){DEFAULT_N, DEFAULT_ITERS, DEFAULT_EVERY, 0, 0};
    int c;
    int ok = 1;
    while (ok && (c = getopt_long(argc, argv, "n:i:r:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            ok = parse_long("--size", optarg, 1, 1L << 20, &o->n);
            break;
        case 'i':
            ok = parse_long("--iters", optarg, 1, INT_MAX, &o->iters);
            break;
        case 'r':
            ok = parse_long("--reduce-every", optarg, 1, INT_MAX, &o->every);
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

/* Checks the options against the number of ranks; says why on rank 0. */
static int check_layout(const struct options *o, int nranks, int rank)
{
    /* N >= P guarantees that every process-grid dimension fits the grid. */
    if (o->n < nranks) {
        if (rank == 0)
            fprintf(stderr, "%s: the grid (-n %ld) must be at least as wide as the %d ranks\n",
                    prog, o->n, nranks);
        return 0;
    }
    return 1;
}

static long reductions(const struct options *o)
{
    return o->iters / o->every + (o->iters % o->every != 0);
}

/* The same on every rank: the process grid does not change the calls. */
static void print_expect(const struct options *o, int nranks)
{
    for (int r = 0; r < nranks; r++) {
        printf("expect %d MPI_Init 1\n", r);
        printf("expect %d MPI_Cart_create 1\n", r);
        printf("expect %d MPI_Irecv %ld\n", r, 4 * o->iters);
        printf("expect %d MPI_Isend %ld\n", r, 4 * o->iters);
        printf("expect %d MPI_Waitall %ld\n", r, o->iters);
        printf("expect %d MPI_Allreduce %ld\n", r, reductions(o));
        printf("expect %d MPI_Reduce 1\n", r);
        printf("expect %d MPI_Comm_free 1\n", r);
        printf("expect %d MPI_Finalize 1\n", r);
    }
}

/* Splits n points over parts; part k gets [*first, *first + *count). */
static void block_range(long n, int parts, int k, long *first, long *count)
{
    long base = n / parts, extra = n % parts;
    *count = base + (k < extra);
    *first = k * base + (k < extra ? k : extra);
}

static int run(const struct options *o)
{
    int nranks, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_layout(o, nranks, rank))
        return 2;

    int dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
    MPI_Comm cart;
    MPI_Dims_create(nranks, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, rank, 2, coords);
    int up, down, left, right;
    MPI_Cart_shift(cart, 0, 1, &up, &down);
    MPI_Cart_shift(cart, 1, 1, &left, &right);

    long row0, nrows, col0, ncols;
    block_range(o->n, dims[0], coords[0], &row0, &nrows);
    block_range(o->n, dims[1], coords[1], &col0, &ncols);
    const long stride = ncols + 2;
    const size_t cells = (size_t)(nrows + 2) * (size_t)stride;
    double *u = calloc(cells, sizeof *u);
    double *unew = calloc(cells, sizeof *unew);
    if (u == NULL || unew == NULL) {
        fprintf(stderr, "%s: rank %d: cannot allocate 2 x %zu doubles\n", prog, rank, cells);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
#define AT(a, i, j) ((a)[(size_t)(i) * (size_t)stride + (size_t)(j)])

    /* Dirichlet boundary: the edge above the grid is held at 1, the others
     * at 0. Ghost rows on the physical boundary are never received into,
     * so setting them once in both arrays is enough. The interior starts
     * at 0.5: starting from 0, the values ahead of the front spreading
     * from the boundary would decay into subnormal numbers, whose
     * arithmetic is many times slower, and the run time would depend on
     * the iteration count in odd ways. */
    for (long i = 1; i <= nrows; i++)
        for (long j = 1; j <= ncols; j++)
            AT(u, i, j) = AT(unew, i, j) = 0.5;
    if (up == MPI_PROC_NULL)
        for (long j = 0; j < stride; j++)
            AT(u, 0, j) = AT(unew, 0, j) = 1.0;

    MPI_Datatype column;
    MPI_Type_vector((int)nrows, 1, (int)stride, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);

    double t0 = MPI_Wtime();
    double residual = 0.0;
    for (long it = 0; it < o->iters; it++) {
        MPI_Request req[8];
        /* A real status array rather than MPI_STATUSES_IGNORE: GCC 12 warns
         * (-Wstringop-overflow) about MPICH's (MPI_Status *)1 sentinel. */
        MPI_Status st[8];
        MPI_Irecv(&AT(u, 0, 1), (int)ncols, MPI_DOUBLE, up, TAG_DOWN, cart, &req[0]);
        MPI_Irecv(&AT(u, nrows + 1, 1), (int)ncols, MPI_DOUBLE, down, TAG_UP, cart, &req[1]);
        MPI_Irecv(&AT(u, 1, 0), 1, column, left, TAG_RIGHT, cart, &req[2]);
        MPI_Irecv(&AT(u, 1, ncols + 1), 1, column, right, TAG_LEFT, cart, &req[3]);
        MPI_Isend(&AT(u, 1, 1), (int)ncols, MPI_DOUBLE, up, TAG_UP, cart, &req[4]);
        MPI_Isend(&AT(u, nrows, 1), (int)ncols, MPI_DOUBLE, down, TAG_DOWN, cart, &req[5]);
        MPI_Isend(&AT(u, 1, 1), 1, column, left, TAG_LEFT, cart, &req[6]);
        MPI_Isend(&AT(u, 1, ncols), 1, column, right, TAG_RIGHT, cart, &req[7]);
        MPI_Waitall(8, req, st);

        double local = 0.0;
        for (long i = 1; i <= nrows; i++) {
            for (long j = 1; j <= ncols; j++) {
                double v =
                    0.25 * (AT(u, i - 1, j) + AT(u, i + 1, j) + AT(u, i, j - 1) + AT(u, i, j + 1));
                double d = v - AT(u, i, j);
                AT(unew, i, j) = v;
                local += d * d;
            }
        }
        double *tmp = u;
        u = unew;
        unew = tmp;

        if ((it + 1) % o->every == 0 || it + 1 == o->iters) {
            double global;
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, cart);
            residual = sqrt(global);
        }
    }
    double elapsed = MPI_Wtime() - t0;

    double sum = 0.0, total = 0.0;
    for (long i = 1; i <= nrows; i++)
        for (long j = 1; j <= ncols; j++)
            sum += AT(u, i, j);
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, cart);
#undef AT
    if (rank == 0)
        printf("jacobi: %dx%d ranks, %ld x %ld grid, %ld iterations: residual %.6e, "
               "mean u %.6f, %.3f s\n",
               dims[0], dims[1], o->n, o->n, o->iters, residual,
               total / ((double)o->n * (double)o->n), elapsed);

    MPI_Type_free(&column);
    MPI_Comm_free(&cart);
    free(u);
    free(unew);
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
