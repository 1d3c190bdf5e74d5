/* cg: conjugate gradients on the 2-D Poisson problem -Laplace(u) = 1 on an
 * N x N grid with zero Dirichlet boundary (the 5-point Laplacian, applied
 * matrix-free as stencil codes do).
 *
 * The grid rows are split over the ranks (1-D decomposition). Each matrix-
 * vector product first exchanges one ghost row with the rank above and the
 * one below with two blocking MPI_Sendrecv calls (the first and last rank
 * talk to MPI_PROC_NULL, so every rank makes the same calls); each
 * iteration then needs two dot products, each one MPI_Allreduce. A fixed
 * number of iterations is run (no convergence test), so the call counts
 * depend only on the options. Before the loop one MPI_Allreduce computes
 * |b|; after it the true residual |b - Ax| costs one more exchange and one
 * more MPI_Allreduce.
 *
 * MPI is started with MPI_Init_thread(MPI_THREAD_FUNNELED) as hybrid
 * MPI+OpenMP solvers do, although this one has no threads.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N     640
#define DEFAULT_ITERS 1400

enum { TAG_UP = 1, TAG_DOWN };

struct options {
    long n;      /* the grid is n x n unknowns */
    long iters;  /* CG iterations */
    int expect;  /* print the expected MPI call counts instead of running */
    long nranks; /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "cg";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-n N] [-i ITERS] [--expect [--nranks P]]\n"
            "  -n, --size N        grid of N x N unknowns, N rows split over the ranks\n"
            "                      (default %d)\n"
            "  -i, --iters ITERS   CG iterations, run to the end (default %d)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANK CALL COUNT' line each, and exit\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n",
            prog, DEFAULT_N, DEFAULT_ITERS);
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
        {"size", required_argument, NULL, 'n'}, {"iters", required_argument, NULL, 'i'},
        {"expect", no_argument, NULL, 'E'},     {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){DEFAULT_N, DEFAULT_ITERS, 0, 0};
    int c;
    int ok = 1;
    while (ok && (c = getopt_long(argc, argv, "n:i:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            ok = parse_long("--size", optarg, 1, 1L << 20, &o->n);
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

/* The same on every rank. */
static void print_expect(const struct options *o, int nranks)
{
    for (int r = 0; r < nranks; r++) {
        printf("expect %d MPI_Init_thread 1\n", r);
        printf("expect %d MPI_Sendrecv %ld\n", r, 2 * (o->iters + 1));
        printf("expect %d MPI_Allreduce %ld\n", r, 2 * o->iters + 2);
        printf("expect %d MPI_Finalize 1\n", r);
    }
}

/* A distributed grid vector: rows [1, nrows] are owned, rows 0 and
 * nrows + 1 are ghosts holding the neighbours' edge rows (zero on the
 * physical boundary, where they are never received into). */
struct grid {
    long n;     /* row length (global N) */
    long nrows; /* owned rows */
    int up;     /* rank owning the row above, or MPI_PROC_NULL */
    int down;   /* rank owning the row below, or MPI_PROC_NULL */
};

#define ROW(v, g, i) ((v) + (size_t)(i) * (size_t)(g)->n)

static void exchange(const struct grid *g, double *v)
{
    int n = (int)g->n;
    MPI_Sendrecv(ROW(v, g, 1), n, MPI_DOUBLE, g->up, TAG_UP, ROW(v, g, g->nrows + 1), n, MPI_DOUBLE,
                 g->down, TAG_UP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(ROW(v, g, g->nrows), n, MPI_DOUBLE, g->down, TAG_DOWN, ROW(v, g, 0), n, MPI_DOUBLE,
                 g->up, TAG_DOWN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* out = A v on the owned rows; v's ghost rows must be current. */
static void apply(const struct grid *g, const double *v, double *out)
{
    const long n = g->n;
    for (long i = 1; i <= g->nrows; i++) {
        const double *above = ROW(v, g, i - 1), *row = ROW(v, g, i), *below = ROW(v, g, i + 1);
        double *o = ROW(out, g, i);
        o[0] = 4.0 * row[0] - above[0] - below[0] - (n > 1 ? row[1] : 0.0);
        for (long j = 1; j < n - 1; j++)
            o[j] = 4.0 * row[j] - above[j] - below[j] - row[j - 1] - row[j + 1];
        if (n > 1)
            o[n - 1] = 4.0 * row[n - 1] - above[n - 1] - below[n - 1] - row[n - 2];
    }
}

/* The global dot product of two vectors over the owned rows. */
static double dot(const struct grid *g, const double *a, const double *b)
{
    double local = 0.0, global;
    const double *pa = ROW(a, g, 1), *pb = ROW(b, g, 1);
    for (size_t k = 0; k < (size_t)(g->nrows * g->n); k++)
        local += pa[k] * pb[k];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return global;
}

static int run(const struct options *o)
{
    int nranks, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_layout(o, nranks, rank))
        return 2;

    struct grid g = {
        .n = o->n,
        .nrows = o->n / nranks + (rank < o->n % nranks),
        .up = rank > 0 ? rank - 1 : MPI_PROC_NULL,
        .down = rank < nranks - 1 ? rank + 1 : MPI_PROC_NULL,
    };
    /* Every vector gets ghost rows so that ROW() indexes them alike. */
    const size_t len = (size_t)(g.nrows + 2) * (size_t)g.n;
    double *x = calloc(len, sizeof *x), *r = calloc(len, sizeof *r);
    double *p = calloc(len, sizeof *p), *ap = calloc(len, sizeof *ap);
    if (x == NULL || r == NULL || p == NULL || ap == NULL) {
        fprintf(stderr, "%s: rank %d: cannot allocate 4 x %zu doubles\n", prog, rank, len);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* b = 1 everywhere and x0 = 0, so r0 = p0 = b. */
    for (size_t k = (size_t)g.n; k < len - (size_t)g.n; k++)
        r[k] = p[k] = 1.0;
    double rr = dot(&g, r, r);
    const double bnorm = sqrt(rr);

    double t0 = MPI_Wtime();
    const size_t first = (size_t)g.n, last = len - (size_t)g.n;
    for (long it = 0; it < o->iters; it++) {
        exchange(&g, p);
        apply(&g, p, ap);
        double pap = dot(&g, p, ap);
        /* Only an exactly converged system gives pap == 0: stop moving but
         * keep making the same calls. */
        double alpha = pap > 0.0 ? rr / pap : 0.0;
        for (size_t k = first; k < last; k++) {
            x[k] += alpha * p[k];
            r[k] -= alpha * ap[k];
        }
        double rr_new = dot(&g, r, r);
        double beta = rr > 0.0 ? rr_new / rr : 0.0;
        for (size_t k = first; k < last; k++)
            p[k] = r[k] + beta * p[k];
        rr = rr_new;
    }
    double elapsed = MPI_Wtime() - t0;

    /* The true residual b - Ax, to check the recurrence did not drift. */
    exchange(&g, x);
    apply(&g, x, ap);
    for (size_t k = first; k < last; k++)
        ap[k] = 1.0 - ap[k];
    double true_res = sqrt(dot(&g, ap, ap));

    if (rank == 0)
        printf("cg: %d ranks, %ld x %ld grid, %ld iterations: |r|/|b| %.6e (true %.6e), "
               "%.3f s\n",
               nranks, o->n, o->n, o->iters, sqrt(rr) / bnorm, true_res / bnorm, elapsed);
    free(x);
    free(r);
    free(p);
    free(ap);
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

    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
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
