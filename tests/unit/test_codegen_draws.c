/* test_codegen_draws.c - how a skeleton draws its compute phases
 * (templates/skeleton.c.tmpl, skel_draw; docs/codegen.md, "Durations
 * follow the traced distributions"): the draws of a symbol are stratified,
 * each segment of its quantile table met once in every block of as many
 * draws, at the segment's middle, in an order the seed and the block give.
 * The template's own functions are taken from a generated skeleton.c,
 * compiled with a small driver and run: the driver exits non-zero, naming
 * the case, when a block misses or repeats a segment, when a draw is not a
 * segment's middle, when every block comes in the same order, or when the
 * seed does not change the order. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen.h"
#include "proc.h"
#include "test_codegen_sig.h"

/* The text of the function whose definition starts with head, up to its
 * closing brace at the start of a line. */
static char *function_of(const char *src, const char *head)
{
    const char *p = strstr(src, head);
    cr_assert_not_null(p, "no %s in the skeleton", head);
    const char *q = strstr(p, "\n}\n");
    cr_assert_not_null(q);
    char *f = strndup(p, (size_t)(q + 3 - p));
    cr_assert_not_null(f);
    return f;
}

static const char driver[] =
    "int main(void)\n"
    "{\n"
    "    static const int ms[] = {32, 33, 7, 2};\n"
    "    for (int k = 0; k < 4; k++) {\n"
    "        int m = ms[k];\n"
    "        for (uint64_t seed = 1; seed <= 3; seed++) {\n"
    "            skel_seed = seed;\n"
    "            int first[64], other = 0;\n"
    "            for (uint64_t b = 0; b < 200; b++) {\n"
    "                int seen[64] = {0}, same = 1;\n"
    "                for (int j = 0; j < m; j++) {\n"
    "                    double u = skel_draw_u(b * (uint64_t)m + (uint64_t)j, m);\n"
    "                    int x = (int)(u * m);\n"
    "                    if (x < 0 || x >= m || u * m - x != 0.5) {\n"
    "                        printf(\"m %d seed %d block %d: draw %.17g is no segment's "
    "middle\\n\",\n"
    "                               m, (int)seed, (int)b, u);\n"
    "                        return 1;\n"
    "                    }\n"
    "                    if (seen[x]++) {\n"
    "                        printf(\"m %d seed %d block %d: segment %d twice\\n\", m, (int)seed,\n"
    "                               (int)b, x);\n"
    "                        return 1;\n"
    "                    }\n"
    "                    if (b == 0)\n"
    "                        first[j] = x;\n"
    "                    else if (first[j] != x)\n"
    "                        same = 0;\n"
    "                }\n"
    "                other += b > 0 && !same;\n"
    "            }\n"
    "            if (m > 2 && other < 150) {\n"
    "                printf(\"m %d seed %d: only %d of 199 blocks in another order\\n\", m,\n"
    "                       (int)seed, other);\n"
    "                return 1;\n"
    "            }\n"
    "        }\n"
    "        int differ = 0;\n"
    "        for (int j = 0; j < m; j++) {\n"
    "            skel_seed = 1;\n"
    "            double a = skel_draw_u((uint64_t)j, m);\n"
    "            skel_seed = 2;\n"
    "            differ += a != skel_draw_u((uint64_t)j, m);\n"
    "        }\n"
    "        if (m > 2 && differ == 0) {\n"
    "            printf(\"m %d: seeds 1 and 2 draw the same first block\\n\", m);\n"
    "            return 1;\n"
    "        }\n"
    "    }\n"
    "    skel_seed = 5;\n"
    "    if (skel_draw_u(12, 1) != 0.5) {\n"
    "        printf(\"a table of one segment is not drawn at its middle\\n\");\n"
    "        return 1;\n"
    "    }\n"
    "    return 0;\n"
    "}\n";

Test(codegen_draws, every_segment_once_per_block, .timeout = 120)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/></block>\n</class>\n");
    skel_signature *s = tsig_end(&t);
    char dir[] = "/tmp/skel-test-codegen-draws-XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");

    char path[1100], bin[1100];
    snprintf(path, sizeof path, "%s/draws.c", dir);
    snprintf(bin, sizeof bin, "%s/draws", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    char *mix = function_of(src, "static uint64_t skel_mix("),
         *perm = function_of(src, "static uint32_t skel_perm("),
         *drawu = function_of(src, "static double skel_draw_u(");
    fprintf(f,
            "#include <stdint.h>\n#include <stdio.h>\nstatic uint64_t skel_seed;\n%s\n%s\n%s\n%s",
            mix, perm, drawu, driver);
    cr_assert_eq(fclose(f), 0);
    char *cc[] = {"cc", "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-o", bin, path, NULL};
    cr_assert_eq(skel_proc_run(cc, 120, NULL), SKEL_OK, "%s", skel_last_error());
    char *run[] = {bin, NULL};
    cr_assert_eq(skel_proc_run(run, 60, NULL), SKEL_OK, "%s", skel_last_error());

    free(mix);
    free(perm);
    free(drawu);
    free(src);
    skel_signature_free(s);
    unlink(path);
    unlink(bin);
    tsig_remove_dir(dir);
}
