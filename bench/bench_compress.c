/* bench_compress.c - figures of the compression stage (compress/): events per
 * second and the cost of 2N events against N on the samples' traces and on
 * synthetic traces of 1, 2, 4 and 8 million events; the signature's size as
 * iterations grow (it must stay constant) and as ranks grow (2 to 16).
 * Prints tables of medians of repeated runs; never passes or fails on time.
 *
 * usage: bench_compress [--quick] [--repeats N] [--keep DIR] [--no-samples]
 *   --quick       smaller traces (a smoke run)
 *   --repeats N   runs per measurement (default 5; the median is printed)
 *   --keep DIR    write the traces under DIR and keep them (default: a
 *                 temporary directory, removed at the end)
 *   --no-samples  skip the traced samples (they need mpiexec.mpich)
 *
 * The samples are traced with 2 ranks (mpiexec.mpich, LD_PRELOAD of the
 * build's tracer); compression runs on one thread, so events/s is per core.
 * Results are discussed in bench/compress.md.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "compress.h"
#include "error.h"
#include "sigfile.h"
#include "synth.h"

static int repeats = 5;
static char root[PATH_MAX];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void rm_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *e;
    char p[PATH_MAX];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            rm_tree(p);
        else
            unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

struct result {
    double seconds; /* median wall time of skel_compress_trace */
    uint64_t events;
    uint64_t length;   /* Q's denominator: per rank, summed over ranks */
    uint64_t distinct; /* the signature itself: every class once */
    uint32_t nsymbols, nclasses;
    double ratio;
    long file_bytes;
};

/* Compress dir `repeats` times on one thread; the median time. */
static int measure(const char *dir, double threshold, struct result *res)
{
    skel_trace *t;
    int rc = skel_trace_open(dir, &t);
    if (rc != SKEL_OK) {
        fprintf(stderr, "bench_compress: %s\n", skel_last_error());
        return rc;
    }
    double *tv = calloc((size_t)repeats, sizeof *tv);
    skel_compress_opts o;
    skel_compress_defaults(&o);
    o.threads = 1;
    o.threshold = threshold;
    for (int k = 0; k < repeats && rc == SKEL_OK; k++) {
        skel_signature *s = NULL;
        double t0 = now();
        rc = skel_compress_trace(t, &o, &s, NULL);
        tv[k] = now() - t0;
        if (rc == SKEL_OK && k == 0) {
            res->events = s->trace_length;
            res->length = s->signature_length;
            res->distinct = 0;
            for (uint32_t c = 0; c < s->nclasses; c++)
                res->distinct += s->classes[c].length;
            res->nsymbols = s->nsymbols;
            res->nclasses = s->nclasses;
            res->ratio = s->ratio;
            char path[PATH_MAX];
            snprintf(path, sizeof path, "%s.sig", dir);
            struct stat st;
            if ((rc = skel_sigfile_write(path, s)) == SKEL_OK && stat(path, &st) == 0)
                res->file_bytes = (long)st.st_size;
            unlink(path);
        }
        skel_signature_free(s);
    }
    if (rc != SKEL_OK)
        fprintf(stderr, "bench_compress: %s: %s\n", dir, skel_last_error());
    res->seconds = median(tv, repeats);
    free(tv);
    skel_trace_close(t);
    return rc;
}

/* ---- samples ------------------------------------------------------------------------ */

static char build[PATH_MAX];

static int run_traced(const char *dir, char *const args[])
{
    char tracer[PATH_MAX + 64], prog[PATH_MAX + 64];
    snprintf(tracer, sizeof tracer, "%s/tracer/libskeltrace.so", build);
    snprintf(prog, sizeof prog, "%s/samples/%s", build, args[0]);
    char *argv[32] = {"mpiexec.mpich", "-n", "2", "-genv", "LD_PRELOAD", tracer, "-genv",
                      "SKEL_TRACE_DIR", (char *)dir, prog};
    int n = 10;
    for (int i = 1; args[i] != NULL && n < 30; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        return -1;
    return 0;
}

struct sample {
    const char *name;
    const char *flag; /* the option scaled between N and 2N */
    long base;        /* its value for N */
    const char *rest[8];
};

static void bench_samples(int quick)
{
    static const struct sample samples[] = {
        {"jacobi", "-i", 20000, {"-n", "64", "-r", "5", NULL}},
        {"cg", "-i", 20000, {"-n", "32", NULL}},
        {"pipeline", "-i", 1500, {"-n", "64", "-b", "8", "--forward-only", NULL}},
        {"isort", "-i", 4000, {"-k", "2000", "-b", "12", NULL}},
        {"fstencil", "-i", 20000, {"-n", "2000", NULL}},
        {"mw", "-t", 8000, {"--work-us", "20", "--prep-us", "5", "--poll-us", "5", NULL}},
    };
    printf("\n## Samples (2 ranks), one thread, median of %d runs\n\n", repeats);
    printf("| sample | N: events | N: s | 2N: events | 2N: s | Mevents/s | t(2N)/t(N) | Q | "
           "classes |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        const struct sample *sp = &samples[i];
        struct result r[2];
        int ok = 1;
        long v0 = quick ? sp->base / 10 : sp->base;
        for (int k = 0; k < 2 && ok; k++) {
            char dir[PATH_MAX + 64], val[32];
            snprintf(dir, sizeof dir, "%s/%s-%d", root, sp->name, k + 1);
            snprintf(val, sizeof val, "%ld", v0 * (k + 1));
            char *args[16] = {(char *)sp->name, (char *)sp->flag, val};
            int n = 3;
            for (int j = 0; sp->rest[j] != NULL; j++)
                args[n++] = (char *)sp->rest[j];
            args[n] = NULL;
            rm_tree(dir);
            if (run_traced(dir, args) != 0) {
                printf("| %s | could not be traced (mpiexec.mpich?) ||||||||\n", sp->name);
                ok = 0;
                break;
            }
            ok = measure(dir, 0, &r[k]) == SKEL_OK;
            rm_tree(dir);
        }
        if (!ok)
            continue;
        /* Normalised by the events (mw's count depends on timing). */
        double ratio = r[1].seconds / r[0].seconds * (double)(2 * r[0].events) /
                       (double)r[1].events;
        printf("| %s %s %ld | %llu | %.4f | %llu | %.4f | %.2f | %.2f | %.1f | %u |\n", sp->name,
               sp->flag, v0, (unsigned long long)r[0].events, r[0].seconds,
               (unsigned long long)r[1].events, r[1].seconds,
               (double)r[1].events / r[1].seconds / 1e6, ratio, r[1].ratio, r[1].nclasses);
    }
}

/* ---- synthetic ------------------------------------------------------------------------- */

static int synth(const char *dir, enum skel_synth_pattern p, uint32_t nranks, uint64_t iters,
                 int skip)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = p;
    o.nranks = nranks;
    o.iterations = iters;
    o.skip_border = skip;
    o.reduce_every = 10;
    o.bufsize = 4u << 20;
    rm_tree(dir);
    int rc = skel_synth_write(dir, &o);
    if (rc != SKEL_OK)
        fprintf(stderr, "bench_compress: %s\n", skel_last_error());
    return rc;
}

static void bench_synthetic_events(int quick)
{
    printf("\n## Synthetic stencil, one rank file, one thread, median of %d runs\n\n", repeats);
    printf("| events | compress (s) | Mevents/s | t(2N)/t(N) | signature length |\n");
    printf("|---:|---:|---:|---:|---:|\n");
    double prev = 0;
    for (int m = 1; m <= 8; m *= 2) {
        uint64_t events = (uint64_t)m * (quick ? 100000 : 1000000);
        /* 10 events per iteration plus an Allreduce every 10. */
        uint64_t iters = events * 10 / 91;
        char dir[PATH_MAX + 32];
        snprintf(dir, sizeof dir, "%s/synth-%dM", root, m);
        struct result r;
        if (synth(dir, SKEL_SYNTH_STENCIL, 1, iters, 0) != SKEL_OK || measure(dir, 0, &r) != SKEL_OK)
            return;
        rm_tree(dir);
        char ratio[32] = "";
        if (prev > 0)
            snprintf(ratio, sizeof ratio, "%.2f", r.seconds / prev);
        printf("| %llu | %.3f | %.2f | %s | %llu |\n", (unsigned long long)r.events, r.seconds,
               (double)r.events / r.seconds / 1e6, ratio, (unsigned long long)r.length);
        prev = r.seconds;
    }
}

static void bench_sizes(int quick)
{
    printf("\n## Signature size as iterations grow (stencil, 4 ranks)\n\n");
    printf("| iterations | events | symbols | signature length | classes | file (bytes) | Q |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (uint64_t it = 100; it <= (quick ? 10000u : 100000u); it *= 10) {
        char dir[PATH_MAX + 32];
        snprintf(dir, sizeof dir, "%s/iters-%llu", root, (unsigned long long)it);
        struct result r;
        int save = repeats;
        repeats = 1;
        int rc = synth(dir, SKEL_SYNTH_STENCIL, 4, it, 0) == SKEL_OK ? measure(dir, 0, &r) : -1;
        repeats = save;
        rm_tree(dir);
        if (rc != SKEL_OK)
            return;
        printf("| %llu | %llu | %u | %llu | %u | %ld | %.0f |\n", (unsigned long long)it,
               (unsigned long long)r.events, r.nsymbols, (unsigned long long)r.length,
               r.nclasses, r.file_bytes, r.ratio);
    }
    static const struct {
        const char *name;
        enum skel_synth_pattern p;
        int skip;
    } kinds[] = {{"stencil, MPI_PROC_NULL at the border", SKEL_SYNTH_STENCIL, 0},
                 {"stencil, border ranks skip calls", SKEL_SYNTH_STENCIL, 1},
                 {"master/worker", SKEL_SYNTH_MASTER_WORKER, 0},
                 {"ring", SKEL_SYNTH_RING, 0}};
    printf("\n## Signature size as ranks grow (1000 iterations)\n\n");
    printf("| pattern | ranks | classes | symbols | length of the classes | Q's denominator | "
           "file (bytes) | compress (s, 1 thread) |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (uint32_t n = 2; n <= 16; n *= 2) {
            char dir[PATH_MAX + 32];
            snprintf(dir, sizeof dir, "%s/ranks-%zu-%u", root, k, n);
            struct result r;
            int save = repeats;
            repeats = 1;
            int rc = synth(dir, kinds[k].p, n, 1000, kinds[k].skip) == SKEL_OK
                         ? measure(dir, 0, &r)
                         : -1;
            repeats = save;
            rm_tree(dir);
            if (rc != SKEL_OK)
                return;
            printf("| %s | %u | %u | %u | %llu | %llu | %ld | %.3f |\n", kinds[k].name, n,
                   r.nclasses, r.nsymbols, (unsigned long long)r.distinct,
                   (unsigned long long)r.length, r.file_bytes, r.seconds);
        }
}

int main(int argc, char **argv)
{
    int quick = 0, samples = 1;
    const char *keep = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--no-samples") == 0) {
            samples = 0;
        } else if (strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) {
            repeats = atoi(argv[++i]);
            if (repeats < 1 || repeats > 101) {
                fprintf(stderr, "bench_compress: --repeats: 1 to 101\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--keep") == 0 && i + 1 < argc) {
            keep = argv[++i];
        } else if (strcmp(argv[i], "--help") == 0) {
            printf("usage: bench_compress [--quick] [--repeats N] [--keep DIR] [--no-samples]\n");
            return 0;
        } else {
            fprintf(stderr, "bench_compress: unknown argument '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    /* The build tree: this program is <build>/bench/bench_compress. */
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "bench_compress: cannot find myself\n");
        return 1;
    }
    self[n] = '\0';
    snprintf(build, sizeof build, "%s", dirname(dirname(self)));
    if (keep != NULL) {
        snprintf(root, sizeof root, "%s", keep);
        mkdir(root, 0777);
    } else {
        snprintf(root, sizeof root, "/tmp/skel-bench-compress-XXXXXX");
        if (mkdtemp(root) == NULL) {
            perror("bench_compress: mkdtemp");
            return 1;
        }
    }
    printf("# bench_compress%s: %d repeats per measurement\n", quick ? " (quick)" : "", repeats);
    if (samples)
        bench_samples(quick);
    bench_synthetic_events(quick);
    bench_sizes(quick);
    if (keep == NULL)
        rm_tree(root);
    return 0;
}
