/* test_codegen_scale.c - the generator on larger synthetic runs (compress/
 * synth.h: no MPI needed): a 64-rank stencil whose border and interior ranks
 * fall into different classes, a ring, and a 9-rank master/worker farm.
 * Every one is scaled, checked for deadlock over all ranks, and written as
 * a skeleton that compiles with -Werror; the per-rank calls it expects are
 * consistent (every message sent is received). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen.h"
#include "compress.h"
#include "error.h"
#include "plan.h"
#include "proc.h"
#include "synth.h"
#include "trace.h"

static char *tempdir(void)
{
    char tmpl[] = "/tmp/skel-cg-scale.XXXXXX";
    char *d = mkdtemp(tmpl);
    cr_assert_not_null(d);
    return strdup(d);
}

static void remove_tree(const char *dir)
{
    char *argv[] = {"rm", "-rf", (char *)dir, NULL};
    skel_proc_run(argv, 60, NULL);
}

static skel_signature *synthetic(const skel_synth_opts *o, double k, const char *tdir)
{
    cr_assert_eq(skel_synth_write(tdir, o), SKEL_OK, "%s", skel_last_error());
    skel_trace *t = NULL;
    cr_assert_eq(skel_trace_open(tdir, &t), SKEL_OK, "%s", skel_last_error());
    skel_compress_opts co;
    skel_compress_defaults(&co);
    co.scale = k;
    co.threads = 1;
    skel_signature *s = NULL;
    cr_assert_eq(skel_compress_trace(t, &co, &s, NULL), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(t);
    return s;
}

/* Sum over ranks of the expected count of call in dir/skeleton.meta. */
static long meta_total(const char *dir, const char *call)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/skeleton.meta", dir);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    long total = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned r;
        char c[64];
        long n;
        if (sscanf(line, "expect %u %63s %ld", &r, c, &n) == 3 && strcmp(c, call) == 0)
            total += n;
    }
    fclose(f);
    return total;
}

static void generate_and_compile(const skel_signature *s, double k, int mode, const char *dir,
                                 struct skel_codegen_report *rep)
{
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = k;
    o.mode = mode;
    int rc = skel_codegen_generate(s, &o, dir, rep);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    char src[1024], bin[1024];
    snprintf(src, sizeof src, "%s/skeleton.c", dir);
    snprintf(bin, sizeof bin, "%s/skeleton", dir);
    char *cc[] = {"mpicc.mpich", "-O1", "-Wall", "-Wextra", "-Werror", "-o", bin, src, "-lm", NULL};
    cr_assert_eq(skel_proc_run(cc, 120, NULL), SKEL_OK, "%s", skel_last_error());
}

Test(codegen_scale, stencil_64_ranks, .timeout = 240)
{
    char *tdir = tempdir(), *dir = tempdir();
    char trace[1100];
    snprintf(trace, sizeof trace, "%s/trace", tdir);
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_STENCIL;
    o.nranks = 64;
    o.iterations = 500;
    o.reduce_every = 10;
    o.skip_border = 1; /* border ranks make fewer calls: several classes */
    skel_signature *s = synthetic(&o, 10, trace);
    cr_assert_gt(s->nclasses, 1u, "expected border and interior classes");
    struct skel_codegen_report rep;
    generate_and_compile(s, 10, SKEL_CODEGEN_AUTO, dir, &rep);
    cr_assert_eq(rep.mode, SKEL_PLAN_LOOPS, "fell back: %s", rep.fallback_reason);
    cr_assert_gt(rep.messages, 0u);
    /* 500 iterations / 10: 50 of them on every rank (one Waitall each),
     * plus the merged remainders of the loops the compressor found. */
    long w = meta_total(dir, "MPI_Waitall");
    cr_assert(w >= 64 * 50 && w <= 64 * 53, "%ld", w);
    cr_assert_eq(meta_total(dir, "MPI_Isend"), meta_total(dir, "MPI_Irecv"));
    long a = meta_total(dir, "MPI_Allreduce");
    cr_assert(a >= 64 * 5 && a <= 64 * 8, "%ld", a);
    skel_codegen_report_free(&rep);
    skel_signature_free(s);
    remove_tree(tdir);
    remove_tree(dir);
    free(tdir);
    free(dir);
}

Test(codegen_scale, ring, .timeout = 240)
{
    char *tdir = tempdir(), *dir = tempdir();
    char trace[1100];
    snprintf(trace, sizeof trace, "%s/trace", tdir);
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_RING;
    o.nranks = 16;
    o.iterations = 300;
    o.inner = 7;
    o.reduce_every = 4;
    skel_signature *s = synthetic(&o, 25, trace);
    struct skel_codegen_report rep;
    generate_and_compile(s, 25, SKEL_CODEGEN_AUTO, dir, &rep);
    long n = meta_total(dir, "MPI_Sendrecv"); /* 300 / 25 = 12 per rank, and remainders */
    cr_assert(n >= 16 * 12 && n <= 16 * 15, "%ld", n);
    skel_codegen_report_free(&rep);
    skel_signature_free(s);
    remove_tree(tdir);
    remove_tree(dir);
    free(tdir);
    free(dir);
}

Test(codegen_scale, master_worker_9_ranks, .timeout = 240)
{
    char *tdir = tempdir(), *dir = tempdir();
    char trace[1100];
    snprintf(trace, sizeof trace, "%s/trace", tdir);
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_MASTER_WORKER;
    o.nranks = 9;
    o.iterations = 100;
    skel_signature *s = synthetic(&o, 20, trace);
    struct skel_codegen_report rep;
    generate_and_compile(s, 20, SKEL_CODEGEN_AUTO, dir, &rep);
    /* The per-worker stop messages cannot be divided by K: mode mixed keeps
     * them whole while the task loops are divided. */
    cr_assert_eq(rep.mode, SKEL_PLAN_MIXED, "mode %d: %s", rep.mode, rep.fallback_reason);
    /* Every request a worker sends the master receives. */
    long sends = meta_total(dir, "MPI_Send"), recvs = meta_total(dir, "MPI_Recv");
    cr_assert_eq(sends, recvs, "%ld sends, %ld receives (mode %d)", sends, recvs, rep.mode);
    skel_codegen_report_free(&rep);
    skel_signature_free(s);
    remove_tree(tdir);
    remove_tree(dir);
    free(tdir);
    free(dir);
}
