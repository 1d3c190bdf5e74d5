/* test_codegen_wset.c - working-set classes of compute phases
 * (codegen/emit.c, templates/skeleton.c.tmpl "Working-set classes"): a
 * phase sampled at 24 MiB walks 32 MiB (the power of two nearest on a log
 * scale), phases below 1 MiB or never sampled run the arithmetic kernel,
 * skeleton.meta lists the classes walked, and the skeleton compiles. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen.h"
#include "proc.h"
#include "test_codegen_sig.h"

static char *slurp(const char *dir, const char *name)
{
    char p[1024];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "rb");
    cr_assert_not_null(f, "%s", p);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    cr_assert_not_null(b);
    cr_assert_eq(fread(b, 1, (size_t)n, f), (size_t)n);
    b[n] = '\0';
    fclose(f);
    return b;
}

/* The working-set class in the skel_dists row of symbol sym, -1 if none. */
static int wsc_of(const char *src, int sym)
{
    char tail[64];
    snprintf(tail, sizeof tail, " }, /* compute before symbol %d */", sym);
    const char *p = strstr(src, tail);
    if (p == NULL)
        return -1;
    const char *q = p;
    while (q > src && q[-1] != ',')
        q--;
    return atoi(q);
}

Test(codegen_wset, classes_from_sampled_working_sets, .timeout = 120)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tsym(&t, 1, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"25165824\" ws-samples=\"2\"", "", 2, 8, "");
    tsym(&t, 2, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"307200\" ws-samples=\"3\"", "", 3, 8, "");
    tsym(&t, 3, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"1572864\" ws-samples=\"1\"", "", 4, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/>"
             "</block>\n</class>\n");
    skel_signature *s = tsig_end(&t);
    cr_assert_eq(s->symbols[1].ws_bytes, 25165824u);
    cr_assert_eq(s->symbols[1].ws_samples, 2u);

    char dir[] = "/tmp/skel-test-codegen-wset-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = 1;
    struct skel_codegen_report rep;
    cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_OK, "%s", skel_last_error());
    skel_codegen_report_free(&rep);

    char *src = slurp(dir, "skeleton.c"), *meta = slurp(dir, "skeleton.meta");
    /* Class c walks 256 KiB << c: 24 MiB -> 32 MiB (7), 1.5 MiB -> 2 MiB (3);
     * 300 KiB and no sample -> the arithmetic kernel (0). */
    cr_expect_eq(wsc_of(src, 0), 0);
    cr_expect_eq(wsc_of(src, 1), 7);
    cr_expect_eq(wsc_of(src, 2), 0);
    cr_expect_eq(wsc_of(src, 3), 3);
    cr_expect_not_null(strstr(meta, "\nworking_sets_kib 2048 32768\n"), "%s", meta);
    cr_expect_not_null(strstr(src, "#define SKEL_POOL_BYTES ((size_t)33554432)"));

    char path[1100], bin[1100];
    snprintf(path, sizeof path, "%s/skeleton.c", dir);
    snprintf(bin, sizeof bin, "%s/skeleton", dir);
    char *cc[] = {"mpicc.mpich", "-O1", "-Wall", "-Wextra", "-Werror",
                  "-o",          bin,   path,    "-lm",     NULL};
    cr_expect_eq(skel_proc_run(cc, 120, NULL), SKEL_OK, "%s", skel_last_error());

    free(src);
    free(meta);
    skel_signature_free(s);
    static const char *const files[] = {"skeleton.c", "skeleton.meta", "skeleton", "Makefile"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}
