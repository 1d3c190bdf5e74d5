/* test_codegen_interp.c - the skeleton's own time between two MPI calls
 * (templates/skeleton.c.tmpl, "The interpreter's own time"; docs/codegen.md,
 * "The interpreter's own time"): every MPI call an operation makes goes
 * through SKEL_MPI; segments from an operation's last call to the next
 * one's first are timed, one in about SKEL_ISPAN, with the busy work inside
 * them left out, polls after an operation's first call and segments cut by
 * a long stop left out too; each operation's first call adds the segments'
 * mean to a debt that compute phases pay, up to a cap.
 * The template's block is taken from a generated skeleton.c and run by a
 * driver on a clock of its own (each step of a simulated operation moves
 * it by a known time): the driver exits non-zero, naming the case, when the
 * mean is not the interpreter's time it simulated, when polls or busy work
 * or a stopped segment count, when the timed share is far from 1 in
 * SKEL_ISPAN, or when the debt is not added or paid as described. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "test_codegen_sig.h"

static const char driver_head[] = "#include <stdint.h>\n"
                                  "#include <stdio.h>\n"
                                  "#include <math.h>\n"
                                  "static uint64_t skel_seed = 1;\n"
                                  "static double fake_now;\n"
                                  "static double skel_wall_ns(void)\n"
                                  "{\n"
                                  "    return fake_now;\n"
                                  "}\n";

static const char driver[] =
    "static int fake_mpi(double ns)\n"
    "{\n"
    "    fake_now += ns;\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* One operation: a ns of the interpreter's before its compute phase of\n"
    " * busy ns (timed as skel_compute() times it), b ns before its first MPI\n"
    " * call of 1 us, then polls more calls with poll ns between them. */\n"
    "static void op(double a, double busy, double b, int polls, double poll)\n"
    "{\n"
    "    skel_iop();\n"
    "    fake_now += a;\n"
    "    double held = skel_ihold_begin();\n"
    "    fake_now += busy;\n"
    "    skel_ihold_end(held);\n"
    "    fake_now += b;\n"
    "    (void)SKEL_MPI(fake_mpi(1000));\n"
    "    for (int i = 0; i < polls; i++) {\n"
    "        fake_now += poll;\n"
    "        (void)SKEL_MPI(fake_mpi(200));\n"
    "    }\n"
    "}\n"
    "\n"
    "int main(void)\n"
    "{\n"
    "    skel_iread_ns = skel_read_cost(skel_wall_ns, 64);\n"
    "    if (skel_iread_ns != 0) {\n"
    "        printf(\"a clock that stands still reads in %g ns\\n\", skel_iread_ns);\n"
    "        return 1;\n"
    "    }\n"
    "    /* 150 ns of the interpreter's per operation, 5 us of busy work,\n"
    "     * three polls 300 ns apart after the first call. */\n"
    "    const int n = 32000;\n"
    "    for (int i = 0; i < n; i++)\n"
    "        op(100, 5000, 50, 3, 300);\n"
    "    if (fabs(skel_imean - 150) > 1e-6) {\n"
    "        printf(\"mean %.9g ns per segment, not 150\\n\", skel_imean);\n"
    "        return 1;\n"
    "    }\n"
    "    if (skel_inum < (uint64_t)n / (2 * SKEL_ISPAN) ||\n"
    "        skel_inum > (uint64_t)n * 2 / SKEL_ISPAN) {\n"
    "        printf(\"%llu of %d segments timed, SKEL_ISPAN %d\\n\",\n"
    "               (unsigned long long)skel_inum, n, SKEL_ISPAN);\n"
    "        return 1;\n"
    "    }\n"
    "    /* Every operation's first call adds the mean to the debt, and its\n"
    "     * polls nothing. */\n"
    "    skel_idebt = 0;\n"
    "    for (int i = 0; i < 10; i++)\n"
    "        op(100, 0, 50, 2, 300);\n"
    "    if (fabs(skel_idebt - 1500) > 1e-6) {\n"
    "        printf(\"10 operations added %.9g ns of debt, not 1500\\n\", skel_idebt);\n"
    "        return 1;\n"
    "    }\n"
    "    /* A segment in which the rank stopped (5 ms) is not counted. */\n"
    "    while (!skel_iopen)\n"
    "        op(100, 5000, 50, 0, 0);\n"
    "    uint64_t before = skel_inum;\n"
    "    double mean = skel_imean;\n"
    "    op(100 + 5e6, 5000, 50, 0, 0);\n"
    "    if (skel_inum != before || skel_imean != mean || skel_iopen) {\n"
    "        printf(\"a stopped segment counted: %llu segments (%llu before), mean %.9g\\n\",\n"
    "               (unsigned long long)skel_inum, (unsigned long long)before, skel_imean);\n"
    "        return 1;\n"
    "    }\n"
    "    /* The debt is paid by the next phases, whole or in part, never more\n"
    "     * than SKEL_IDEBT_MAX_NS of it. */\n"
    "    skel_idebt = 300;\n"
    "    double left = skel_ipay(1000);\n"
    "    if (left != 700 || skel_idebt != 0) {\n"
    "        printf(\"a phase of 1000 ns paid 300 and left %g (debt %g)\\n\", left, skel_idebt);\n"
    "        return 1;\n"
    "    }\n"
    "    skel_idebt = 300;\n"
    "    left = skel_ipay(200);\n"
    "    double left2 = skel_ipay(50);\n"
    "    if (left != 0 || left2 != 0 || skel_idebt != 50 || skel_ipay(80) != 30) {\n"
    "        printf(\"phases shorter than the debt: %g and %g left, debt %g\\n\", left, left2,\n"
    "               skel_idebt);\n"
    "        return 1;\n"
    "    }\n"
    "    skel_idebt = 10 * SKEL_IDEBT_MAX_NS;\n"
    "    left = skel_ipay(3 * SKEL_IDEBT_MAX_NS);\n"
    "    if (left != 2 * SKEL_IDEBT_MAX_NS || skel_idebt != 0) {\n"
    "        printf(\"a debt over the cap: %g left of %g\\n\", left, 3 * SKEL_IDEBT_MAX_NS);\n"
    "        return 1;\n"
    "    }\n"
    "    return 0;\n"
    "}\n";

Test(codegen_interp, segments_timed_and_paid, .timeout = 120)
{
    skel_signature *s = tsig_one_allreduce();
    char dir[] = "/tmp/skel-test-codegen-interp-XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");

    char *mix = tsig_function_of(src, "static uint64_t skel_mix(");
    char *cost = tsig_function_of(src, "static double skel_read_cost(");
    char *block = tsig_text_between(src, "/* ---- The interpreter's own time",
                                    "/* Compute for a duration of distribution");
    tsig_run_driver(dir, "interp", (const char *[]){driver_head, mix, cost, block, driver, NULL},
                    1);

    free(mix);
    free(cost);
    free(block);
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}

/* The MPI calls of a generated skeleton.c outside comments and string
 * literals: every one but MPI_Init, MPI_Init_thread and MPI_Finalize (the
 * skeleton's own calls go through PMPI_*) is the argument of SKEL_MPI, so
 * that the interpreter's time is measured between every operation's
 * calls.  Returns the number of calls, or -1 (naming the first call that
 * is not, if say). */
static int unhooked(const char *src, int say)
{
    int calls = 0;
    for (const char *p = src; *p != '\0'; p++) {
        if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            cr_assert_not_null(e);
            p = e + 1;
            continue;
        }
        if (p[0] == '"') {
            for (p++; *p != '\0' && *p != '"'; p++)
                if (*p == '\\' && p[1] != '\0')
                    p++;
            continue;
        }
        if (p[0] == '\'') {
            for (p++; *p != '\0' && *p != '\''; p++)
                if (*p == '\\' && p[1] != '\0')
                    p++;
            continue;
        }
        if (strncmp(p, "MPI_", 4) != 0 || p[4] < 'A' || p[4] > 'Z')
            continue;
        if (p > src && (p[-1] == '_' || (p[-1] >= 'A' && p[-1] <= 'Z') ||
                        (p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= '0' && p[-1] <= '9')))
            continue;
        const char *q = p + 5;
        while ((*q >= 'a' && *q <= 'z') || *q == '_')
            q++;
        if (*q != '(')
            continue;
        size_t len = (size_t)(q - p);
        if ((len == 8 && strncmp(p, "MPI_Init", 8) == 0) ||
            (len == 15 && strncmp(p, "MPI_Init_thread", 15) == 0) ||
            (len == 12 && strncmp(p, "MPI_Finalize", 12) == 0) ||
            /* The harness's cold run tells a tracer to pause: the profiling
             * name on purpose, outside every operation. */
            (len == 12 && strncmp(p, "MPI_Pcontrol", 12) == 0))
            continue;
        calls++;
        if (p - src < 9 || strncmp(p - 9, "SKEL_MPI(", 9) != 0) {
            if (!say)
                return -1;
            const char *line = p;
            while (line > src && line[-1] != '\n')
                line--;
            const char *end = strchr(p, '\n');
            printf("not through SKEL_MPI: %.*s\n", (int)(end ? end - line : 80), line);
            return -1;
        }
    }
    return calls;
}

Test(codegen_interp, every_call_of_an_operation_is_hooked, .timeout = 60)
{
    skel_signature *s = tsig_stencil();
    char dir[] = "/tmp/skel-test-codegen-hooked-XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");
    int n = unhooked(src, 1);
    cr_assert_geq(n, 0, "an MPI call of skeleton.c bypasses SKEL_MPI (above)");
    /* The dispatch makes every kind of call: well over a hundred sites. */
    cr_assert_gt(n, 100, "only %d MPI calls found in skeleton.c", n);
    /* The check itself sees a call that bypasses the hook. */
    cr_assert_eq(unhooked("x = SKEL_MPI(MPI_Send(b, 1));\n/* MPI_Recv( */ MPI_Recv(b);\n", 0), -1);
    cr_assert_eq(unhooked("PMPI_Barrier(c); f(\"MPI_Send(\"); SKEL_MPI(MPI_Wait(r, s));\n", 0), 1);
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}
