/* test_codegen_wset.c - working-set classes of compute phases
 * (codegen/emit.c, templates/skeleton.c.tmpl "Working-set classes"): a
 * phase sampled at 24 MiB walks 32 MiB (the power of two nearest on a log
 * scale), phases less than 1 MiB above their class's floor (its quietest
 * sampled phase, at most 512 KiB) or never sampled run the arithmetic kernel,
 * skeleton.meta lists the classes walked, and the skeleton compiles. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen.h"
#include "proc.h"
#include "test_codegen_sig.h"

/* The working-set class in the skel_dists row of symbol sym, -1 if none. */
static int wsc_of(const char *src, int sym)
{
    char tail[64];
    snprintf(tail, sizeof tail, " }, /* compute before symbol %d */", sym);
    const char *p = strstr(src, tail);
    if (p == NULL)
        return -1;
    const char *q = p;
    while (q > src && q[-1] != '{')
        q--;
    int n, first, noff, off, wsc; /* the row: { n, q, noff, off, wsc, full } */
    if (sscanf(q, "%d, %d, %d, %d, %d,", &n, &first, &noff, &off, &wsc) != 5)
        return -1;
    return wsc;
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
    tsig_generate(s, dir);

    char *src = tsig_slurp(dir, "skeleton.c"), *meta = tsig_slurp(dir, "skeleton.meta");
    /* Class c walks 256 KiB << c.  The floor is 300 KiB (symbol 2):
     * 24 MiB -> 32 MiB (7), 1.5 MiB - 300 KiB -> 1 MiB (2); the floor itself
     * and no sample -> the arithmetic kernel (0). */
    cr_expect_eq(wsc_of(src, 0), 0);
    cr_expect_eq(wsc_of(src, 1), 7);
    cr_expect_eq(wsc_of(src, 2), 0);
    cr_expect_eq(wsc_of(src, 3), 2);
    cr_expect_not_null(strstr(meta, "\nworking_sets_kib 1024 32768\n"), "%s", meta);
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

/* The floor is per rank class and capped: a class whose steady phases read
 * 460 KiB and whose one set-up phase read 1.1 MiB (nbody built with
 * AddressSanitizer, bench/accuracy-mechanisms.md "Working-set floor") walks
 * nothing, where an absolute 1 MiB threshold gave the set-up phase a walk;
 * a class whose every phase read 20-40 MiB keeps its walks (the floor
 * subtracted is half a MiB, not 20). */
Test(codegen_wset, floor_of_a_rank_class, .timeout = 120)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 1});
    tclass(&t, 0, "0", 0);
    tsym(&t, 0, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"1153434\" ws-samples=\"1\"", "", 1, 8, "");
    tsym(&t, 1, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"471040\" ws-samples=\"5\"", "", 2, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/></block>\n</class>\n");
    tclass(&t, 1, "1", 1);
    tsym(&t, 2, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"20971520\" ws-samples=\"1\"", "", 1, 8, "");
    tsym(&t, 3, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"41943040\" ws-samples=\"4\"", "", 2, 8, "");
    tput(&t, "<block id=\"1\"><s ref=\"2\"/><s ref=\"3\"/></block>\n</class>\n");
    skel_signature *s = tsig_end(&t);
    cr_assert_eq(s->symbols[2].cls, 1u);

    char dir[] = "/tmp/skel-test-codegen-wset-XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c"), *meta = tsig_slurp(dir, "skeleton.meta");
    /* Class 0: 1.1 MiB - 460 KiB < 1 MiB, nothing; class 1: 20 - 0.5 MiB ->
     * 16 MiB (6), 40 - 0.5 MiB -> 32 MiB (7). */
    cr_expect_eq(wsc_of(src, 0), 0);
    cr_expect_eq(wsc_of(src, 1), 0);
    cr_expect_eq(wsc_of(src, 2), 6);
    cr_expect_eq(wsc_of(src, 3), 7);
    cr_expect_not_null(strstr(meta, "\nworking_sets_kib 16384 32768\n"), "%s", meta);
    free(src);
    free(meta);
    skel_signature_free(s);
    static const char *const files[] = {"skeleton.c", "skeleton.meta", "Makefile"};
    char path[1100];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}
