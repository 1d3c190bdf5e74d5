/* nbody: direct-summation gravitational N-body integration - an
 * arithmetic-bound program.
 *
 * The bodies are split over the ranks.  Every step each rank computes the
 * force on its bodies from all N (a square root and a division per pair),
 * moves them (leapfrog), and MPI_Allgather shares the new positions.  All
 * the data - positions, velocities, masses of N bodies - is a few tens of
 * KiB that stay in the processor's private caches, so the program's speed
 * is that of its arithmetic: a neighbour that takes the shared cache or
 * the memory bandwidth barely slows it (the memory-bound counterpart is
 * randacc.c).  A final MPI_Allreduce sums the energy, which a correct
 * integration keeps within a fraction of a percent of its initial value.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_BODIES 2048
#define DEFAULT_STEPS  60
#define DEFAULT_SEED   1

struct options {
    long bodies; /* in all, a multiple of the number of ranks */
    long steps;
    long seed;
    int expect;
    long nranks; /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "nbody";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-n BODIES] [-s STEPS] [--seed S] [--expect [--nranks P]]\n"
            "  -n, --bodies N      bodies in all, a multiple of the ranks (default %d)\n"
            "  -s, --steps S       time steps (default %d)\n"
            "  --seed S            seed of the initial positions (default %d)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANK CALL COUNT' line each, and exit\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n",
            prog, DEFAULT_BODIES, DEFAULT_STEPS, DEFAULT_SEED);
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
        {"bodies", required_argument, NULL, 'n'},
        {"steps", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'},
        {"expect", no_argument, NULL, 'E'},
        {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){DEFAULT_BODIES, DEFAULT_STEPS, DEFAULT_SEED, 0, 0};
    int c, ok = 1;
    while (ok && (c = getopt_long(argc, argv, "n:s:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            ok = parse_long("--bodies", optarg, 1, 1L << 20, &o->bodies);
            break;
        case 's':
            ok = parse_long("--steps", optarg, 1, INT_MAX, &o->steps);
            break;
        case 'S':
            ok = parse_long("--seed", optarg, 0, LONG_MAX, &o->seed);
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
    if (o->bodies % nranks != 0) {
        if (rank == 0)
            fprintf(stderr, "%s: %ld bodies do not split evenly over %d ranks\n", prog, o->bodies,
                    nranks);
        return 0;
    }
    return 1;
}

static void print_expect(const struct options *o, int nranks)
{
    for (int r = 0; r < nranks; r++) {
        printf("expect %d MPI_Init 1\n", r);
        printf("expect %d MPI_Allgather %ld\n", r, o->steps);
        printf("expect %d MPI_Allreduce 2\n", r);
        printf("expect %d MPI_Finalize 1\n", r);
    }
}

static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

#define SOFT 1e-3 /* softening: close encounters stay finite */
#define DT   1e-3

/* Energy of my bodies: kinetic, plus half the potential of their pairs. */
static double energy(const double *pos, const double *vel, const double *mass, long n, long first,
                     long mine)
{
    double e = 0;
    for (long i = first; i < first + mine; i++) {
        const double *v = &vel[3 * (i - first)];
        e += 0.5 * mass[i] * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (long j = 0; j < n; j++) {
            if (j == i)
                continue;
            double dx = pos[3 * j] - pos[3 * i], dy = pos[3 * j + 1] - pos[3 * i + 1],
                   dz = pos[3 * j + 2] - pos[3 * i + 2];
            e -= 0.5 * mass[i] * mass[j] / sqrt(dx * dx + dy * dy + dz * dz + SOFT * SOFT);
        }
    }
    return e;
}

static int run(const struct options *o)
{
    int nranks, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_layout(o, nranks, rank))
        return 2;
    const long n = o->bodies, mine = n / nranks, first = rank * mine;
    double *pos = malloc(3 * (size_t)n * sizeof *pos), *mass = malloc((size_t)n * sizeof *mass);
    double *vel = calloc(3 * (size_t)mine, sizeof *vel),
           *acc = malloc(3 * (size_t)mine * sizeof *acc);
    double *mypos = malloc(3 * (size_t)mine * sizeof *mypos);
    if (!pos || !mass || !vel || !acc || !mypos) {
        fprintf(stderr, "%s: rank %d: cannot allocate %ld bodies\n", prog, rank, n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    uint64_t state = (uint64_t)o->seed;
    for (long i = 0; i < n; i++) { /* the same on every rank */
        for (int d = 0; d < 3; d++)
            pos[3 * i + d] = (double)(next_random(&state) >> 11) / 9007199254740992.0;
        mass[i] = 1.0 / (double)n;
    }
    double e0 = energy(pos, vel, mass, n, first, mine), e1, total0, total1;
    MPI_Allreduce(&e0, &total0, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    double t0 = MPI_Wtime();
    for (long s = 0; s < o->steps; s++) {
        for (long i = 0; i < mine; i++) {
            double ax = 0, ay = 0, az = 0;
            const double *p = &pos[3 * (first + i)];
            for (long j = 0; j < n; j++) {
                double dx = pos[3 * j] - p[0], dy = pos[3 * j + 1] - p[1],
                       dz = pos[3 * j + 2] - p[2];
                double r2 = dx * dx + dy * dy + dz * dz + SOFT * SOFT;
                double inv = mass[j] / (r2 * sqrt(r2));
                ax += dx * inv;
                ay += dy * inv;
                az += dz * inv;
            }
            acc[3 * i] = ax;
            acc[3 * i + 1] = ay;
            acc[3 * i + 2] = az;
        }
        for (long i = 0; i < 3 * mine; i++) {
            vel[i] += DT * acc[i];
            mypos[i] = pos[3 * first + i] + DT * vel[i];
        }
        MPI_Allgather(mypos, 3 * (int)mine, MPI_DOUBLE, pos, 3 * (int)mine, MPI_DOUBLE,
                      MPI_COMM_WORLD);
    }
    double elapsed = MPI_Wtime() - t0;

    e1 = energy(pos, vel, mass, n, first, mine);
    MPI_Allreduce(&e1, &total1, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double drift = fabs(total1 - total0) / fabs(total0);
    int ok = drift < 0.01;
    if (rank == 0)
        printf("nbody: %d ranks, %ld bodies, %ld steps: energy drift %.2e (%s), %.3f s\n", nranks,
               n, o->steps, drift, ok ? "passed" : "FAILED", elapsed);
    free(pos);
    free(mass);
    free(vel);
    free(acc);
    free(mypos);
    return ok ? 0 : 1;
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
        status = run(&o);
    }
    MPI_Finalize();
    return status;
}
