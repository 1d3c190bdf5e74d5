/* isort: a parallel integer (bucket) sort in the manner of the NAS IS
 * benchmark.
 *
 * Every iteration each rank generates its keys (integers in [0, 2^BITS),
 * roughly Gaussian like NAS IS, so the middle ranks receive more keys than
 * the outer ones), buckets them by the rank owning their part of the key
 * range, exchanges the bucket sizes with MPI_Alltoall and the keys with
 * MPI_Alltoallv, and counting-sorts what it received. A single
 * MPI_Allreduce per iteration verifies the result: no key lost (count and
 * sum of the keys) and every rank's keys sorted and inside its range.
 *
 * The sort works on a duplicate of MPI_COMM_WORLD (MPI_Comm_dup, freed at
 * the end), as a sorting library would, so its messages can never match
 * the caller's.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_KEYS  (1L << 20)
#define DEFAULT_ITERS 60
#define DEFAULT_BITS  19
#define DEFAULT_SEED  1

struct options {
    long keys;   /* keys generated per rank and iteration */
    long iters;  /* sort iterations */
    long bits;   /* keys are in [0, 2^bits) */
    long seed;   /* seed of the key generator */
    int expect;  /* print the expected MPI call counts instead of running */
    long nranks; /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "isort";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-k KEYS] [-i ITERS] [-b BITS] [--seed S] [--expect [--nranks P]]\n"
            "  -k, --keys KEYS     keys per rank and iteration (default %ld)\n"
            "  -i, --iters ITERS   sort iterations (default %d)\n"
            "  -b, --bits BITS     keys are in [0, 2^BITS) (default %d)\n"
            "  --seed S            seed of the key generator (default %d)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANK CALL COUNT' line each, and exit\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n",
            prog, DEFAULT_KEYS, DEFAULT_ITERS, DEFAULT_BITS, DEFAULT_SEED);
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
        {"keys", required_argument, NULL, 'k'}, {"iters", required_argument, NULL, 'i'},
        {"bits", required_argument, NULL, 'b'}, {"seed", required_argument, NULL, 'S'},
        {"expect", no_argument, NULL, 'E'},     {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){DEFAULT_KEYS, DEFAULT_ITERS, DEFAULT_BITS, DEFAULT_SEED, 0, 0};
    int c;
    int ok = 1;
    while (ok && (c = getopt_long(argc, argv, "k:i:b:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'k':
            ok = parse_long("--keys", optarg, 1, 1L << 24, &o->keys);
            break;
        case 'i':
            ok = parse_long("--iters", optarg, 1, INT_MAX, &o->iters);
            break;
        case 'b':
            ok = parse_long("--bits", optarg, 1, 28, &o->bits);
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

/* Checks the options against the number of ranks; says why on rank 0. */
static int check_layout(const struct options *o, int nranks, int rank)
{
    /* One rank may receive every key: the counts must fit MPI's int. */
    if (o->keys > INT_MAX / nranks) {
        if (rank == 0)
            fprintf(stderr, "%s: %d ranks x %ld keys exceed %d keys in all\n", prog, nranks,
                    o->keys, INT_MAX);
        return 0;
    }
    return 1;
}

/* The same on every rank. */
static void print_expect(const struct options *o, int nranks)
{
    for (int r = 0; r < nranks; r++) {
        printf("expect %d MPI_Init 1\n", r);
        printf("expect %d MPI_Comm_dup 1\n", r);
        printf("expect %d MPI_Alltoall %ld\n", r, o->iters);
        printf("expect %d MPI_Alltoallv %ld\n", r, o->iters);
        printf("expect %d MPI_Allreduce %ld\n", r, o->iters);
        printf("expect %d MPI_Comm_free 1\n", r);
        printf("expect %d MPI_Finalize 1\n", r);
    }
}

/* splitmix64: a small, good, seedable generator. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The rank owning key k: the key range is split into equal slices. */
static int owner(uint32_t k, int nranks, int bits)
{
    return (int)(((uint64_t)k * (uint64_t)nranks) >> bits);
}

/* The first key of rank r's slice (r may be nranks: the end of the range). */
static uint64_t slice_start(int r, int nranks, int bits)
{
    /* The smallest k with k * nranks >= r * 2^bits. */
    return (((uint64_t)r << bits) + (uint64_t)nranks - 1) / (uint64_t)nranks;
}

/* What the verification MPI_Allreduce sums. */
enum { V_COUNT, V_BAD, V_SUM_SENT, V_SUM_RECEIVED, V_N };

static int run(const struct options *o)
{
    int nranks, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_layout(o, nranks, rank))
        return 2;
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    const int bits = (int)o->bits;
    const size_t nkeys = (size_t)o->keys;
    const uint64_t lo = slice_start(rank, nranks, bits), hi = slice_start(rank + 1, nranks, bits);

    uint32_t *keys = malloc(nkeys * sizeof *keys);
    uint32_t *sendbuf = malloc(nkeys * sizeof *sendbuf);
    int *scount = malloc((size_t)nranks * sizeof *scount);
    int *rcount = malloc((size_t)nranks * sizeof *rcount);
    int *sdispl = malloc((size_t)nranks * sizeof *sdispl);
    int *rdispl = malloc((size_t)nranks * sizeof *rdispl);
    size_t *histogram = malloc((size_t)(hi - lo + 1) * sizeof *histogram);
    uint32_t *recvbuf = NULL, *sorted = NULL;
    size_t capacity = 0;
    if (!keys || !sendbuf || !scount || !rcount || !sdispl || !rdispl || !histogram) {
        fprintf(stderr, "%s: rank %d: cannot allocate the key buffers\n", prog, rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    int failures = 0;
    uint64_t total_received = 0;
    double t0 = MPI_Wtime();
    for (long it = 0; it < o->iters; it++) {
        /* Generate: the mean of 4 uniform numbers, scaled to the key range. */
        uint64_t state = ((uint64_t)o->seed << 40) ^ ((uint64_t)it << 24) ^ (uint64_t)rank;
        uint64_t verify[V_N] = {0}, global[V_N];
        memset(scount, 0, (size_t)nranks * sizeof *scount);
        for (size_t k = 0; k < nkeys; k++) {
            uint64_t s = 0;
            for (int j = 0; j < 4; j++)
                s += next_random(&state) >> (64 - bits);
            keys[k] = (uint32_t)(s / 4);
            scount[owner(keys[k], nranks, bits)]++;
            verify[V_SUM_SENT] += keys[k];
        }

        /* Bucket by destination rank. */
        sdispl[0] = 0;
        for (int r = 1; r < nranks; r++)
            sdispl[r] = sdispl[r - 1] + scount[r - 1];
        for (size_t k = 0; k < nkeys; k++)
            sendbuf[sdispl[owner(keys[k], nranks, bits)]++] = keys[k];
        for (int r = 0; r < nranks; r++)
            sdispl[r] -= scount[r];

        MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, comm);
        size_t nrecv = 0;
        for (int r = 0; r < nranks; r++) {
            rdispl[r] = (int)nrecv;
            nrecv += (size_t)rcount[r];
        }
        if (nrecv > capacity) {
            free(recvbuf);
            free(sorted);
            capacity = nrecv + nrecv / 8;
            recvbuf = malloc(capacity * sizeof *recvbuf);
            sorted = malloc(capacity * sizeof *sorted);
            if (recvbuf == NULL || sorted == NULL) {
                fprintf(stderr, "%s: rank %d: cannot allocate %zu received keys\n", prog, rank,
                        capacity);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
        }
        MPI_Alltoallv(sendbuf, scount, sdispl, MPI_UINT32_T, recvbuf, rcount, rdispl, MPI_UINT32_T,
                      comm);

        /* Counting sort of the received keys over this rank's slice; keys
         * outside the slice (a bucketing bug) are counted as bad. */
        memset(histogram, 0, (size_t)(hi - lo + 1) * sizeof *histogram);
        for (size_t k = 0; k < nrecv; k++) {
            uint32_t key = recvbuf[k];
            verify[V_SUM_RECEIVED] += key;
            if (key < lo || key >= hi)
                verify[V_BAD]++;
            else
                histogram[key - lo + 1]++;
        }
        for (uint64_t v = 1; v <= hi - lo; v++)
            histogram[v] += histogram[v - 1];
        for (size_t k = 0; k < nrecv; k++)
            if (recvbuf[k] >= lo && recvbuf[k] < hi)
                sorted[histogram[recvbuf[k] - lo]++] = recvbuf[k];
        size_t nsorted = histogram[hi - lo];
        for (size_t k = 1; k < nsorted; k++)
            if (sorted[k - 1] > sorted[k])
                verify[V_BAD]++;
        verify[V_COUNT] = nsorted;

        MPI_Allreduce(verify, global, V_N, MPI_UINT64_T, MPI_SUM, comm);
        uint64_t expected = (uint64_t)nranks * nkeys;
        if (global[V_COUNT] != expected || global[V_BAD] != 0 ||
            global[V_SUM_SENT] != global[V_SUM_RECEIVED]) {
            if (rank == 0)
                fprintf(stderr,
                        "%s: iteration %ld: verification failed: %llu of %llu keys sorted, "
                        "%llu misplaced, key sums %llu sent vs %llu received\n",
                        prog, it, (unsigned long long)global[V_COUNT], (unsigned long long)expected,
                        (unsigned long long)global[V_BAD], (unsigned long long)global[V_SUM_SENT],
                        (unsigned long long)global[V_SUM_RECEIVED]);
            failures++;
        }
        total_received += nrecv;
    }
    double elapsed = MPI_Wtime() - t0;

    if (rank == 0)
        printf("isort: %d ranks, %ld keys/rank in [0, 2^%d), %ld iterations: verification %s, "
               "rank 0 got %.2f of the mean load, %.3f s\n",
               nranks, o->keys, bits, o->iters, failures == 0 ? "passed" : "FAILED",
               (double)total_received / ((double)o->iters * (double)nkeys), elapsed);

    MPI_Comm_free(&comm);
    free(keys);
    free(sendbuf);
    free(scount);
    free(rcount);
    free(sdispl);
    free(rdispl);
    free(histogram);
    free(recvbuf);
    free(sorted);
    return failures == 0 ? 0 : 1;
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
