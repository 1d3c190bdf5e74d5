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

/* The skeleton.c (a new string) of a one-symbol signature whose phase
 * walks 32 MiB, generated into dir (a mkdtemp template). */
static char *walk_skeleton(char *dir)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Allreduce", "op=\"MPI_SUM\" ws=\"25165824\" ws-samples=\"2\"", "", 1, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/></block>\n</class>\n");
    skel_signature *s = tsig_end(&t);
    tsig_generate(s, dir);
    skel_signature_free(s);
    return tsig_slurp(dir, "skeleton.c");
}

/* The walks' rate a run reports (templates/skeleton.c.tmpl,
 * skel_rate_run(); SKEL_RESULT's calibration_ws, which the studies give
 * back with --calibration-ws) and the rate that steers the run after three
 * timings are the rate over the run: every timed phase's units over their
 * CPU time (not a median of phases' rates, which weighs a short fast
 * phase as much as a long slow one).  The template's re-timing is compiled
 * with a clock that the driver moves: a walk of class 1 whose phases run
 * at 2 units per ns, with every third at 0.25 (a phase that met a cold
 * cache). */
static const char rate_driver[] =
    "int main(void)\n"
    "{\n"
    "    skel_upn[1] = 1.0;\n"
    "    double units = 0, ns = 0;\n"
    "    /* No phase timed yet: the start-up calibration. */\n"
    "    if (skel_rate_run(1) != 1.0) {\n"
    "        printf(\"before any timing: %.17g, not the calibration\\n\", skel_rate_run(1));\n"
    "        return 1;\n"
    "    }\n"
    "    for (int i = 0; i < 30; i++) {\n"
    "        speed = i % 3 == 2 ? 0.25 : 2.0;\n"
    "        double asked = 2e6; /* each phase long enough to be timed */\n"
    "        uint64_t u = (uint64_t)(asked * skel_upn[1]);\n"
    "        skel_run_timed(1, u, asked);\n"
    "        units += (double)u;\n"
    "        ns += (double)u / speed;\n"
    "    }\n"
    "    double want = units / ns, got = skel_rate_run(1);\n"
    "    if (fabs(got - want) > 1e-9 * want || fabs(skel_upn[1] - want) > 1e-9 * want) {\n"
    "        printf(\"rate over the run %.17g, not %.17g (the rate steering it: %.17g)\\n\",\n"
    "               got, want, skel_upn[1]);\n"
    "        return 1;\n"
    "    }\n"
    "    /* A rate given on the command line is never timed, and reported. */\n"
    "    skel_upn[2] = 0.5;\n"
    "    skel_rate_given[2] = 1;\n"
    "    reads_before_given = clock_reads;\n"
    "    skel_run_timed(2, 1000000, 2e6);\n"
    "    if (skel_rate_run(2) != 0.5 || clock_reads != reads_before_given) {\n"
    "        printf(\"a given rate: reported %.17g, %d clock reads\\n\", skel_rate_run(2),\n"
    "               clock_reads - reads_before_given);\n"
    "        return 1;\n"
    "    }\n"
    "    return 0;\n"
    "}\n";

Test(codegen_wset, reported_rate_is_the_runs, .timeout = 120)
{
    char dir[] = "/tmp/skel-test-codegen-rate-XXXXXX";
    char *src = walk_skeleton(dir);

    char *decl = tsig_text_between(src, "#define SKEL_RATE_EVERY_NS",
                                   "/* The cost of one read of a clock"),
         *timed = tsig_function_of(src, "static void skel_run_timed("),
         *run = tsig_function_of(src, "static double skel_rate_run(");
    tsig_run_driver(
        dir, "rate",
        (const char *[]){
            "#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
            "#include <string.h>\n"
            "#define SKEL_WS_CLASSES 4\n"
            "static double skel_upn[SKEL_WS_CLASSES];\n"
            "static double now, speed = 1.0; /* the driver's CPU clock, units per ns */\n"
            "static int clock_reads, reads_before_given;\n"
            "static double skel_cpu_ns(void) { clock_reads++; return now; }\n"
            "static void skel_run_units(int c, uint64_t u) { (void)c; now += (double)u / speed; }",
            decl, timed, run, rate_driver, NULL},
        0);

    free(decl);
    free(timed);
    free(run);
    free(src);
    tsig_remove_dir(dir);
}

/* A walk's passes (templates/skeleton.c.tmpl, skel_walk()): each pass
 * updates every cache line of the class's working set once, a page's
 * lines one after another (half a pass leaves whole pages updated and the
 * others untouched), and the pages come in a new order every pass.  The
 * template's walk runs over a pool the driver zeroes between passes: a line
 * updated once holds 1e-6 in each of its 8 doubles. */
static const char walk_driver[] =
    "#define C 2 /* 1 MiB: 256 pages */\n"
    "static size_t lines = (SKEL_WS_BASE << C) >> 6;\n"
    "static int check(const char *what, size_t first_lines, unsigned char *pages)\n"
    "{\n"
    "    for (size_t pg = 0; pg < lines >> 6; pg++) {\n"
    "        int once = 0, none = 0;\n"
    "        for (size_t i = pg * 512; i < (pg + 1) * 512; i++) {\n"
    "            once += skel_pool[i] == 1e-6;\n"
    "            none += skel_pool[i] == 0.0;\n"
    "        }\n"
    "        if (pages)\n"
    "            pages[pg] = once == 512;\n"
    "        if (!(once == 512 || (first_lines < lines && none == 512))) {\n"
    "            printf(\"%s: page %zu has %d lines' doubles updated once, %d none\\n\", what,\n"
    "                   pg, once, none);\n"
    "            return 1;\n"
    "        }\n"
    "    }\n"
    "    return 0;\n"
    "}\n"
    "int main(void)\n"
    "{\n"
    "    skel_seed = 7;\n"
    "    skel_pool = calloc(SKEL_WS_BASE << C, 1);\n"
    "    if (skel_pool == NULL)\n"
    "        return 1;\n"
    "    unsigned char half[4][256];\n"
    "    for (int pass = 0; pass < 4; pass++) {\n"
    "        memset(skel_pool, 0, SKEL_WS_BASE << C);\n"
    "        skel_walk(C, lines / 4); /* half a pass: two lines per unit */\n"
    "        if (check(\"half a pass\", lines / 2, half[pass]))\n"
    "            return 1;\n"
    "        size_t n = 0;\n"
    "        for (int pg = 0; pg < 256; pg++)\n"
    "            n += half[pass][pg];\n"
    "        if (n != 128) {\n"
    "            printf(\"pass %d: half a pass updated %zu of 256 pages\\n\", pass, n);\n"
    "            return 1;\n"
    "        }\n"
    "        skel_walk(C, lines / 4);\n"
    "        memset(skel_pool, 0, SKEL_WS_BASE << C);\n"
    "        skel_walk(C, lines / 2);\n"
    "        if (check(\"a whole pass\", lines, NULL))\n"
    "            return 1;\n"
    "    }\n"
    "    /* Passes 0, 2, 4, 6 began with different halves of the pages. */\n"
    "    for (int a = 0; a < 4; a++)\n"
    "        for (int b = a + 1; b < 4; b++)\n"
    "            if (memcmp(half[a], half[b], 256) == 0) {\n"
    "                printf(\"passes %d and %d start with the same pages\\n\", 2 * a, 2 * b);\n"
    "                return 1;\n"
    "            }\n"
    "    free(skel_pool);\n"
    "    return 0;\n"
    "}\n";

Test(codegen_wset, walk_pages_once_per_pass_in_a_new_order, .timeout = 120)
{
    char dir[] = "/tmp/skel-test-codegen-walk-XXXXXX";
    char *src = walk_skeleton(dir);

    char *decl = tsig_text_between(src, "#define SKEL_WS_CLASSES", "/* One unit of a walk"),
         *walk = tsig_function_of(src, "static void skel_walk(");
    tsig_run_driver(
        dir, "walk",
        (const char *[]){"#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
                         "#include <string.h>",
                         decl, walk, walk_driver, NULL},
        1);

    free(decl);
    free(walk);
    free(src);
    tsig_remove_dir(dir);
}
