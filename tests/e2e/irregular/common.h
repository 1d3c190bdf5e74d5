/* common.h - the little the corpus programs of tests/e2e/irregular share: a
 * seeded generator that every rank runs identically (so the ranks agree on
 * what the program does without communicating it), real arithmetic to stand
 * for compute phases, and option parsing that exits 2 on a bad value. */
#ifndef IRREGULAR_COMMON_H
#define IRREGULAR_COMMON_H

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* xorshift64*: the same sequence on every rank for the same seed. */
static inline uint64_t irr_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * UINT64_C(2685821657736338717);
}

/* A value in [lo, hi]. */
static inline long irr_range(uint64_t *s, long lo, long hi)
{
    return lo + (long)(irr_next(s) % (uint64_t)(hi - lo + 1));
}

static volatile double irr_sink;

/* The run's own time, as Skel's samples and skeletons measure theirs:
 * between two barriers after set-up and before the end (printed by rank 0
 * as "in T s" at the end of its summary line). */
static inline double irr_clock(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
    return MPI_Wtime();
}

/* This rank, the number of ranks, and its neighbours on a ring of
 * MPI_COMM_WORLD. */
static inline void irr_ring(int *me, int *np, int *right, int *left)
{
    MPI_Comm_rank(MPI_COMM_WORLD, me);
    MPI_Comm_size(MPI_COMM_WORLD, np);
    *right = (*me + 1) % *np;
    *left = (*me + *np - 1) % *np;
}

/* The group of the two neighbours lr[] (left, right) of a window's group of
 * MPI_COMM_WORLD's ranks: one member where they are the same rank (two
 * ranks). */
static inline MPI_Group irr_neighbours(MPI_Group world, const int lr[2])
{
    MPI_Group g;
    MPI_Group_incl(world, lr[0] == lr[1] ? 1 : 2, lr, &g);
    return g;
}

/* About n multiply-adds of real arithmetic (a few ns each). */
static inline void irr_work(long n)
{
    double a = 1.0, b = 1e-9;
    for (long i = 0; i < n; i++)
        a = a * 0.9999999 + b;
    irr_sink += a;
}

/* Options "-x VALUE" in pairs: each name is matched against opts[], a
 * string of option letters, and stored in vals[]; anything else exits 2. */
static inline void irr_options(int argc, char **argv, const char *usage, const char *opts,
                               long *vals)
{
    for (int i = 1; i < argc; i += 2) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: %s %s\n", argv[0], usage);
            exit(0);
        }
        const char *p = argv[i][0] == '-' && argv[i][1] != '\0' && argv[i][2] == '\0'
                            ? strchr(opts, argv[i][1])
                            : NULL;
        char *end = NULL;
        long v = p != NULL && i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
        if (p == NULL || end == NULL || end == argv[i + 1] || *end != '\0' || v < 0 ||
            v > 100000000) {
            fprintf(stderr, "%s: bad argument '%s'\nusage: %s %s\n", argv[0], argv[i], argv[0],
                    usage);
            exit(2);
        }
        vals[p - opts] = v;
    }
}

/* The end of a run: the ranks' counts of wrong values summed on rank 0,
 * which aborts the job if any (so a wrong program cannot pass for one that
 * ran), or else prints "NAME: ITERS WHAT on NP ranks in T s". */
static inline void irr_finish(const char *name, long bad, long iters, const char *what, int np,
                              double secs)
{
    long allbad = 0;
    int me = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Reduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me != 0)
        return;
    if (allbad != 0) {
        fprintf(stderr, "%s: %ld wrong messages\n", name, allbad);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    printf("%s: %ld %s on %d ranks in %.6f s\n", name, iters, what, np, secs);
}

#endif
