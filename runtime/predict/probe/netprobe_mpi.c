/* netprobe_mpi.c - the ping-pong program of `skel netprobe`.
 *
 * Run with exactly 2 ranks.  For each message size, rank 0 sends a message
 * to rank 1 and waits for it to come back, many times; half of each round
 * trip is one one-way time.  Rank 0 writes, for each size, the fastest and
 * the median one-way time:
 *
 *     skel-netprobe 1
 *     SIZE MIN_NS MEDIAN_NS REPEATS
 *     ...
 *
 * to --out FILE (replaced whole: tracer/base/afile.h) or to stdout.
 *
 * usage: skel-netprobe-mpi --sizes S1,S2,... [--repeats N] [--seconds T] [--out FILE]
 *   --repeats N   round trips per size at most (default 1000)
 *   --seconds T   stop a size after about T seconds of round trips (default 0.2),
 *                 but make at least 5
 * Each size starts with a few round trips that are not timed.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "afile.h"
#include "error.h"

#include <errno.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZES 256
#define WARMUP    5
enum { TAG_PING = 1, TAG_STOP = 2 };

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int parse_sizes(const char *s, long long *sizes, int *n)
{
    *n = 0;
    while (*s != '\0') {
        char *end;
        errno = 0;
        long long v = strtoll(s, &end, 10);
        if (errno != 0 || end == s || v < 0 || v > (1LL << 31) - 1 || *n >= MAX_SIZES)
            return 0;
        sizes[(*n)++] = v;
        s = end;
        if (*s == ',')
            s++;
        else if (*s != '\0')
            return 0;
    }
    return *n > 0;
}

int main(int argc, char **argv)
{
    long long sizes[MAX_SIZES];
    int nsizes = 0;
    long repeats = 1000;
    double seconds = 0.2;
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            if (!parse_sizes(argv[++i], sizes, &nsizes)) {
                fprintf(stderr,
                        "skel-netprobe-mpi: --sizes: expected sizes in bytes separated "
                        "by commas, got '%s'\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) {
            repeats = strtol(argv[++i], NULL, 10);
            if (repeats < 1 || repeats > 10000000) {
                fprintf(stderr, "skel-netprobe-mpi: --repeats: expected 1 to 10000000\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            seconds = strtod(argv[++i], NULL);
            if (!(seconds > 0 && seconds < 3600)) {
                fprintf(stderr, "skel-netprobe-mpi: --seconds: expected a time in (0, 3600)\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else {
            fprintf(stderr, "usage: skel-netprobe-mpi --sizes S1,S2,... [--repeats N] "
                            "[--seconds T] [--out FILE]\n");
            return 2;
        }
    }
    if (nsizes == 0) {
        fprintf(stderr, "skel-netprobe-mpi: --sizes is required\n");
        return 2;
    }
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "skel-netprobe-mpi: needs exactly 2 ranks, got %d\n", size);
        MPI_Finalize();
        return 2;
    }
    long long maxsize = 0;
    for (int i = 0; i < nsizes; i++)
        if (sizes[i] > maxsize)
            maxsize = sizes[i];
    char *buf = malloc((size_t)maxsize + 1);
    double *samples = malloc((size_t)repeats * sizeof *samples);
    if (buf == NULL || samples == NULL) {
        fprintf(stderr, "skel-netprobe-mpi: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(buf, 1, (size_t)maxsize + 1);
    FILE *f = NULL;
    skel_afile *af = NULL;
    if (rank == 0) {
        if (out != NULL) {
            if (skel_afile_open(out, &af) != SKEL_OK) {
                fprintf(stderr, "skel-netprobe-mpi: %s\n", skel_last_error());
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            f = skel_afile_stream(af);
        } else {
            f = stdout;
        }
        fprintf(f, "skel-netprobe 1\n");
    }
    for (int s = 0; s < nsizes; s++) {
        int n = (int)sizes[s];
        /* warm up, untimed */
        for (int i = 0; i < WARMUP; i++) {
            if (rank == 0) {
                MPI_Send(buf, n, MPI_CHAR, 1, TAG_PING, MPI_COMM_WORLD);
                MPI_Recv(buf, n, MPI_CHAR, 1, TAG_PING, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, n, MPI_CHAR, 0, TAG_PING, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, n, MPI_CHAR, 0, TAG_PING, MPI_COMM_WORLD);
            }
        }
        /* round trips until enough of them or enough time; rank 0 ends the
         * size with an empty message of another tag, which is not answered */
        long count = 0;
        if (rank == 0) {
            double start = now_ns();
            while (count < repeats && (count < 5 || now_ns() - start < seconds * 1e9)) {
                double a = now_ns();
                MPI_Send(buf, n, MPI_CHAR, 1, TAG_PING, MPI_COMM_WORLD);
                MPI_Recv(buf, n, MPI_CHAR, 1, TAG_PING, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                samples[count++] = (now_ns() - a) / 2;
            }
            MPI_Send(buf, 0, MPI_CHAR, 1, TAG_STOP, MPI_COMM_WORLD);
        } else {
            for (;;) {
                MPI_Status st;
                MPI_Recv(buf, n, MPI_CHAR, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
                if (st.MPI_TAG == TAG_STOP)
                    break;
                MPI_Send(buf, n, MPI_CHAR, 0, TAG_PING, MPI_COMM_WORLD);
            }
        }
        if (rank == 0) {
            qsort(samples, (size_t)count, sizeof *samples, cmp_double);
            double median =
                count % 2 ? samples[count / 2] : (samples[count / 2 - 1] + samples[count / 2]) / 2;
            fprintf(f, "%d %.1f %.1f %ld\n", n, samples[0], median, count);
        }
    }
    int status = 0;
    if (af != NULL && skel_afile_commit(af) != SKEL_OK) {
        fprintf(stderr, "skel-netprobe-mpi: %s\n", skel_last_error());
        status = 1;
    }
    free(buf);
    free(samples);
    MPI_Finalize();
    return status;
}
