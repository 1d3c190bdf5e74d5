/* bench_select_rounds.c - how many rounds `skel select` needs for a stable
 * ranking at a measured noise level (bench/select_rounds.sh feeds it).
 *
 *   bench_select_rounds [--trials N] [--seed S] SAMPLES_FILE
 *
 * SAMPLES_FILE holds launch times of one skeleton on one node set (one
 * number per line): the noise of this machine as select sees it.  For
 * candidates differing by 0, 5, 10 and 20 % and 1..30 rounds, it simulates
 * N selections: each draws R launches of the faster candidate from the
 * samples (with replacement) and R of the slower one from the samples
 * scaled by 1 + d, ranks them by their medians as select does, and judges
 * them with select's own test (skel_select_compare()).  It prints, per
 * difference and number of rounds, how often the ranking was right and how
 * often the best two were called distinguishable, and the fewest rounds that
 * rank right in at least 95 % of selections.  Launches are drawn
 * independently: a drift that interleaving spreads over both candidates is
 * not modelled.  Prints figures only; never fails on them. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "select.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_u64(void)
{
    /* xorshift64*: small, fast and good enough for resampling */
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 2685821657736338717ull;
}

static double pick(const double *v, size_t n)
{
    return v[next_u64() % n];
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int read_samples(const char *path, double **out, size_t *n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "bench_select_rounds: %s: cannot open\n", path);
        return -1;
    }
    size_t cap = 64, k = 0;
    double *v = malloc(cap * sizeof *v);
    char line[256];
    unsigned lineno = 0;
    while (v != NULL && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        char *end;
        double x = strtod(line, &end);
        while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
            end++;
        if (end == line || *end != '\0' || !(x > 0) || !isfinite(x)) {
            fprintf(stderr, "bench_select_rounds: %s:%u: expected a time > 0\n", path, lineno);
            free(v);
            fclose(f);
            return -1;
        }
        if (k == cap) {
            double *w = realloc(v, 2 * cap * sizeof *v);
            if (w == NULL)
                break;
            v = w;
            cap *= 2;
        }
        v[k++] = x;
    }
    fclose(f);
    if (v == NULL || k < 5) {
        fprintf(stderr, "bench_select_rounds: %s: at least 5 samples are needed\n", path);
        free(v);
        return -1;
    }
    *out = v;
    *n = k;
    return 0;
}

int main(int argc, char **argv)
{
    unsigned trials = 2000;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--trials") == 0 && i + 1 < argc)
            trials = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            rng = strtoull(argv[++i], NULL, 10) | 1;
        else if (path == NULL && argv[i][0] != '-')
            path = argv[i];
        else {
            fprintf(stderr, "usage: bench_select_rounds [--trials N] [--seed S] SAMPLES_FILE\n");
            return 2;
        }
    }
    if (path == NULL || trials == 0) {
        fprintf(stderr, "usage: bench_select_rounds [--trials N] [--seed S] SAMPLES_FILE\n");
        return 2;
    }
    double *pool;
    size_t n;
    if (read_samples(path, &pool, &n) != 0)
        return 1;
    double *sorted = malloc(n * sizeof *sorted);
    memcpy(sorted, pool, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, cmp_double);
    struct skel_launch_stats st;
    skel_launch_stats(pool, n, &st);
    printf("noise: %zu launches, median %.4f s, IQR/median %.1f%%, MAD/median %.1f%%, "
           "max/min %.2f\n",
           n, st.median_s, 100 * (st.q3_s - st.q1_s) / st.median_s, 100 * st.mad_s / st.median_s,
           sorted[n - 1] / sorted[0]);
    printf("%u simulated selections per cell; right: the faster candidate ranked first; "
           "told apart: select calls the best two distinguishable\n\n",
           trials);

    static const double diffs[] = {0, 0.05, 0.10, 0.20};
    static const unsigned rounds[] = {1, 2, 3, 4, 5, 7, 10, 15, 20, 30};
    enum { ND = sizeof diffs / sizeof *diffs, NR = sizeof rounds / sizeof *rounds };
    double right[ND][NR], apart[ND][NR];
    double a[30], b[30];
    for (size_t d = 0; d < ND; d++)
        for (size_t r = 0; r < NR; r++) {
            unsigned R = rounds[r], ok = 0, told = 0;
            for (unsigned t = 0; t < trials; t++) {
                for (unsigned i = 0; i < R; i++) {
                    a[i] = pick(pool, n);
                    b[i] = pick(pool, n) * (1 + diffs[d]);
                }
                struct skel_select_comparison q;
                skel_select_compare(a, R, b, R, &q);
                double ca[30], cb[30];
                memcpy(ca, a, R * sizeof *a);
                memcpy(cb, b, R * sizeof *b);
                double ma = skel_select_median(ca, R), mb = skel_select_median(cb, R);
                /* Ties keep the file order: the faster one is listed first. */
                ok += ma <= mb;
                told += (unsigned)q.distinguishable;
            }
            right[d][r] = (double)ok / trials;
            apart[d][r] = (double)told / trials;
        }

    printf("%-7s", "rounds");
    for (size_t d = 0; d < ND; d++) {
        char h[48];
        if (diffs[d] == 0)
            snprintf(h, sizeof h, "equal: told apart");
        else
            snprintf(h, sizeof h, "+%.0f%%: right / told apart", 100 * diffs[d]);
        printf("  %24s", h);
    }
    printf("\n");
    for (size_t r = 0; r < NR; r++) {
        printf("%-7u", rounds[r]);
        for (size_t d = 0; d < ND; d++) {
            char c[48];
            if (diffs[d] == 0)
                snprintf(c, sizeof c, "%.1f%%", 100 * apart[d][r]);
            else
                snprintf(c, sizeof c, "%.1f%% / %.1f%%", 100 * right[d][r], 100 * apart[d][r]);
            printf("  %24s", c);
        }
        printf("\n");
    }
    printf("\nfewest rounds for a stable ranking (right in >= 95%% of selections; and told apart "
           "in >= 95%%):\n");
    for (size_t d = 1; d < ND; d++) {
        int stable = -1, sure = -1;
        for (size_t r = 0; r < NR; r++) {
            if (stable < 0 && right[d][r] >= 0.95)
                stable = (int)rounds[r];
            if (sure < 0 && apart[d][r] >= 0.95)
                sure = (int)rounds[r];
        }
        printf("  +%2.0f%%: ", 100 * diffs[d]);
        if (stable > 0)
            printf("%d round%s", stable, stable == 1 ? "" : "s");
        else
            printf("more than %u rounds", rounds[NR - 1]);
        printf("; distinguishable: ");
        if (sure > 0)
            printf("%d rounds\n", sure);
        else
            printf("more than %u rounds\n", rounds[NR - 1]);
    }
    free(sorted);
    free(pool);
    return 0;
}
