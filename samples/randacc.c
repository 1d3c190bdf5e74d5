/* randacc: random updates of a distributed table in the manner of the HPCC
 * RandomAccess benchmark ("GUPS") - a memory-bound program.
 *
 * Each rank owns a slice of a table of 64-bit words (-t MiB per rank).
 * Every iteration each rank generates a batch of random values; a value's
 * low bits pick a word of the whole table, whose owner gets the update.
 * The updates are bucketed by owner, their counts exchanged with
 * MPI_Alltoall and the updates with MPI_Alltoallv, and each rank applies
 * what it received: table[i] ^= value, in random order over its slice.  With
 * a slice several times the processor's private caches, the updates miss
 * the caches and the program's speed is that of its memory system: it
 * slows down when a neighbour evicts the shared cache or takes the memory
 * bandwidth (the arithmetic-bound counterpart is nbody.c).
 *
 * A final MPI_Allreduce checks the table: every update XORs its value into
 * exactly one word, so the XOR of all words (less their initial contents)
 * must equal the XOR of all values generated.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_TABLE_MIB 8
#define DEFAULT_UPDATES   (1L << 20)
#define DEFAULT_ITERS     40
#define DEFAULT_SEED      1

struct options {
    long table_mib; /* table slice per rank, MiB */
    long updates;   /* updates generated per rank and iteration */
    long iters;
    long seed;
    int expect;
    long nranks; /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "randacc";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-t MIB] [-u UPDATES] [-i ITERS] [--seed S] [--expect [--nranks P]]\n"
            "  -t, --table MIB     table slice per rank in MiB, a power of two (default %d)\n"
            "  -u, --updates N     updates generated per rank and iteration (default %ld)\n"
            "  -i, --iters ITERS   iterations (default %d)\n"
            "  --seed S            seed of the update generator (default %d)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANK CALL COUNT' line each, and exit\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n",
            prog, DEFAULT_TABLE_MIB, DEFAULT_UPDATES, DEFAULT_ITERS, DEFAULT_SEED);
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
        {"table", required_argument, NULL, 't'}, {"updates", required_argument, NULL, 'u'},
        {"iters", required_argument, NULL, 'i'}, {"seed", required_argument, NULL, 'S'},
        {"expect", no_argument, NULL, 'E'},      {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){DEFAULT_TABLE_MIB, DEFAULT_UPDATES, DEFAULT_ITERS, DEFAULT_SEED, 0, 0};
    int c, ok = 1;
    while (ok && (c = getopt_long(argc, argv, "t:u:i:h", longopts, NULL)) != -1) {
        switch (c) {
        case 't':
            ok = parse_long("--table", optarg, 1, 4096, &o->table_mib);
            if (ok && (o->table_mib & (o->table_mib - 1)) != 0) {
                fprintf(stderr, "%s: --table must be a power of two, got %ld\n", prog,
                        o->table_mib);
                ok = 0;
            }
            break;
        case 'u':
            ok = parse_long("--updates", optarg, 1, 1L << 26, &o->updates);
            break;
        case 'i':
            ok = parse_long("--iters", optarg, 1, INT_MAX, &o->iters);
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
    /* One rank may receive every update: the counts must fit MPI's int. */
    if (o->updates > INT_MAX / nranks) {
        if (rank == 0)
            fprintf(stderr, "%s: %d ranks x %ld updates exceed %d in all\n", prog, nranks,
                    o->updates, INT_MAX);
        return 0;
    }
    return 1;
}

static void print_expect(const struct options *o, int nranks)
{
    for (int r = 0; r < nranks; r++) {
        printf("expect %d MPI_Init 1\n", r);
        printf("expect %d MPI_Alltoall %ld\n", r, o->iters);
        printf("expect %d MPI_Alltoallv %ld\n", r, o->iters);
        printf("expect %d MPI_Allreduce 1\n", r);
        printf("expect %d MPI_Finalize 1\n", r);
    }
}

/* xorshift64*: a small, good, seedable generator. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dull;
}

static int run(const struct options *o)
{
    int nranks, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_layout(o, nranks, rank))
        return 2;
    const uint64_t words = ((uint64_t)o->table_mib << 20) / sizeof(uint64_t); /* per rank */
    const size_t nupd = (size_t)o->updates;
    uint64_t *table = malloc(words * sizeof *table);
    uint64_t *vals = malloc(nupd * sizeof *vals), *sendbuf = malloc(nupd * sizeof *sendbuf);
    int *scount = malloc((size_t)nranks * sizeof *scount),
        *rcount = malloc((size_t)nranks * sizeof *rcount);
    int *sdispl = malloc((size_t)nranks * sizeof *sdispl),
        *rdispl = malloc((size_t)nranks * sizeof *rdispl);
    uint64_t *recvbuf = NULL;
    size_t capacity = 0;
    if (!table || !vals || !sendbuf || !scount || !rcount || !sdispl || !rdispl) {
        fprintf(stderr, "%s: rank %d: cannot allocate the table\n", prog, rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (uint64_t i = 0; i < words; i++)
        table[i] = i;

    uint64_t sent = 0; /* XOR of every value this rank generated */
    uint64_t state = 0x9e3779b97f4a7c15ull ^ ((uint64_t)o->seed << 20) ^ (uint64_t)rank;
    double t0 = MPI_Wtime();
    for (long it = 0; it < o->iters; it++) {
        /* Generate and bucket by owner (the word index is the value's low bits). */
        memset(scount, 0, (size_t)nranks * sizeof *scount);
        for (size_t k = 0; k < nupd; k++) {
            uint64_t v = next_random(&state) | 1;
            vals[k] = v;
            sent ^= v;
            scount[(v / words) % (uint64_t)nranks]++;
        }
        sdispl[0] = 0;
        for (int r = 1; r < nranks; r++)
            sdispl[r] = sdispl[r - 1] + scount[r - 1];
        for (size_t k = 0; k < nupd; k++)
            sendbuf[sdispl[(vals[k] / words) % (uint64_t)nranks]++] = vals[k];
        for (int r = 0; r < nranks; r++)
            sdispl[r] -= scount[r];

        MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
        size_t nrecv = 0;
        for (int r = 0; r < nranks; r++) {
            rdispl[r] = (int)nrecv;
            nrecv += (size_t)rcount[r];
        }
        if (nrecv > capacity) {
            free(recvbuf);
            capacity = nrecv + nrecv / 8;
            recvbuf = malloc(capacity * sizeof *recvbuf);
            if (recvbuf == NULL) {
                fprintf(stderr, "%s: rank %d: cannot allocate %zu updates\n", prog, rank, capacity);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
        }
        MPI_Alltoallv(sendbuf, scount, sdispl, MPI_UINT64_T, recvbuf, rcount, rdispl, MPI_UINT64_T,
                      MPI_COMM_WORLD);

        /* Apply: scattered read-modify-writes over the whole slice. */
        for (size_t k = 0; k < nrecv; k++)
            table[recvbuf[k] % words] ^= recvbuf[k];
    }
    double elapsed = MPI_Wtime() - t0;

    /* The XOR of all words, less the initial contents, is the XOR of every
     * value generated: each update XORed its value into exactly one word. */
    uint64_t mine[2] = {0, sent}, all[2];
    for (uint64_t i = 0; i < words; i++)
        mine[0] ^= table[i] ^ i;
    MPI_Allreduce(mine, all, 2, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD);
    int ok = all[0] == all[1];
    if (rank == 0)
        printf("randacc: %d ranks, %ld MiB/rank, %ld updates/rank x %ld iterations: "
               "verification %s, %.3f s\n",
               nranks, o->table_mib, o->updates, o->iters, ok ? "passed" : "FAILED", elapsed);
    free(table);
    free(vals);
    free(sendbuf);
    free(recvbuf);
    free(scount);
    free(rcount);
    free(sdispl);
    free(rdispl);
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
