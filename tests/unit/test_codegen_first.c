/* test_codegen_first.c - a loop's first iteration (templates/skeleton.c.tmpl,
 * skel_run(); docs/codegen.md, "A loop's first iteration"): a loop met at
 * weight w < 1 carries 1 - w in its row of skel_items (0 for a loop at
 * weight 1 and for a loop of one iteration), and skel_run() adds 1 - w of
 * its first iteration's time beyond the mean of the others to
 * skel_first_ns, whatever its sign, nothing with --first 0, and the compute
 * the iterations asked for (skel_drawn_ns) left out.
 * The rows come from skeletons generated at K = 1 and 4; skel_run() is
 * taken from the generated skeleton.c and run by a driver on a clock of its
 * own (each operation moves it by a known time). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "test_codegen_sig.h"

/* Generate s at K = k into a new directory dir (a mkdtemp template). */
static void generate_k(const skel_signature *s, char *dir, double k)
{
    cr_assert_not_null(mkdtemp(dir));
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = k;
    struct skel_codegen_report rep;
    cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_OK, "%s", skel_last_error());
    skel_codegen_report_free(&rep);
}

struct row {
    int loop;
    unsigned ref;
    unsigned long long count;
    double first;
};

/* The rows of skel_items in src (the terminating row left out); returns
 * their number. */
static int item_rows(const char *src, struct row *rows, int cap)
{
    char *table = tsig_text_between(src, "skel_items[] = {", "{ 0, 0, 0, 0 }");
    int n = 0;
    for (const char *p = strchr(table, '\n'); p != NULL && (p = strchr(p, '{')) != NULL; p++) {
        cr_assert_lt(n, cap);
        struct row *r = &rows[n++];
        cr_assert_eq(sscanf(p, "{%d, %u, %llu, %lf}", &r->loop, &r->ref, &r->count, &r->first), 4,
                     "row %d: %.40s", n, p);
    }
    free(table);
    return n;
}

/* The stencil, loop(19) { loop(9) { Isend Irecv Waitall } Allreduce }, at
 * K = 4: the outer loop runs floor(19 / 4) = 4 full iterations at weight
 * 1/4 (share 3/4); the inner loops in those iterations are at weight 1
 * (share 0); the remainder (weight 3/4) runs the body once (one iteration:
 * share 0), whose inner loop of 9 gives 6 full iterations at weight 3/4
 * (share 1/4).  At K = 1 every share is 0. */
Test(codegen_first, shares_in_the_item_rows, .timeout = 60)
{
    skel_signature *s = tsig_stencil();
    struct row rows[64];

    char d1[] = "/tmp/skel-test-codegen-first-XXXXXX";
    generate_k(s, d1, 1);
    char *src = tsig_slurp(d1, "skeleton.c");
    int n = item_rows(src, rows, 64), loops = 0;
    for (int i = 0; i < n; i++) {
        loops += rows[i].loop;
        cr_expect_eq(rows[i].first, 0.0, "K = 1: row %d has share %g", i, rows[i].first);
    }
    cr_expect_geq(loops, 2);
    free(src);
    tsig_remove_dir(d1);

    char d4[] = "/tmp/skel-test-codegen-first-XXXXXX";
    generate_k(s, d4, 4);
    src = tsig_slurp(d4, "skeleton.c");
    n = item_rows(src, rows, 64);
    int outer = 0, inner_full = 0, inner_rem = 0;
    for (int i = 0; i < n; i++) {
        const struct row *r = &rows[i];
        if (!r->loop || r->count < 2) {
            cr_expect_eq(r->first, 0.0, "row %d (loop %d, count %llu) has share %g", i, r->loop,
                         r->count, r->first);
            continue;
        }
        if (r->count == 4 && r->first == 0.75)
            outer++;
        else if (r->count == 9 && r->first == 0.0)
            inner_full++;
        else if (r->count == 6 && r->first == 0.25)
            inner_rem++;
        else
            cr_expect(0, "row %d: loop of %llu with share %g", i, r->count, r->first);
    }
    cr_expect_eq(outer, 1, "the divided outer loop: %d rows", outer);
    cr_expect_eq(inner_full, 1, "the inner loop at weight 1: %d rows", inner_full);
    cr_expect_eq(inner_rem, 1, "the inner loop at weight 3/4: %d rows", inner_rem);
    free(src);
    tsig_remove_dir(d4);
    skel_signature_free(s);
}

static const char driver_head[] = "#include <stdint.h>\n"
                                  "#include <stdio.h>\n"
                                  "#include <math.h>\n"
                                  "static double fake_now;\n"
                                  "static double skel_wall_ns(void)\n"
                                  "{\n"
                                  "    return fake_now;\n"
                                  "}\n"
                                  "static double skel_drawn_ns;\n"
                                  "struct skel_op {\n"
                                  "    double ns, drawn;\n"
                                  "};\n"
                                  "/* Operation 0 costs 1000 ns, operation 1 (the one the first\n"
                                  " * iteration of a loop runs first) its own time, of which\n"
                                  " * drawn ns of compute asked for; set below. */\n"
                                  "static struct skel_op skel_ops[2] = {{1000, 0}, {0, 0}};\n"
                                  "static int skel_execs;\n"
                                  "static void skel_exec(const struct skel_op *o)\n"
                                  "{\n"
                                  "    fake_now += o->ns;\n"
                                  "    skel_drawn_ns += o->drawn;\n"
                                  "    skel_execs++;\n"
                                  "}\n"
                                  "struct skel_item {\n"
                                  "    int loop, ref;\n"
                                  "    uint64_t count;\n"
                                  "    double first;\n"
                                  "};\n"
                                  "struct skel_seq {\n"
                                  "    int first, n;\n"
                                  "};\n"
                                  "/* seq 0: a loop of seq 1 (count and share set below);\n"
                                  " * seq 1: operation 1 once, then operation 0. */\n"
                                  "static struct skel_item skel_items[] = {\n"
                                  "    {1, 1, 10, 0.75}, {0, 1, 1, 0}, {0, 0, 1, 0}};\n"
                                  "static const struct skel_seq skel_seqs[] = {{0, 1}, {1, 2}};\n";

/* Operation 1 costs 2000 ns in the loop's first iteration and 500 ns in the
 * others: the excess is (3000 - mean 1500) = 1500 ns. */
static const char driver[] =
    "static double one_loop(uint64_t count, double share, int on)\n"
    "{\n"
    "    skel_items[0].count = count;\n"
    "    skel_items[0].first = share;\n"
    "    skel_first_on = on;\n"
    "    skel_first_ns = 0;\n"
    "    skel_execs = 0;\n"
    "    run_seq0();\n"
    "    if (skel_execs != (int)(2 * count)) {\n"
    "        printf(\"%d operations run for %llu iterations\\n\", skel_execs,\n"
    "               (unsigned long long)count);\n"
    "        return NAN;\n"
    "    }\n"
    "    return skel_first_ns;\n"
    "}\n"
    "\n"
    "int main(void)\n"
    "{\n"
    "    double got = one_loop(10, 0.75, 1);\n"
    "    if (fabs(got - 0.75 * 1500) > 1e-6) {\n"
    "        printf(\"excess of 1500 ns at share 0.75: %.9g ns, not 1125\\n\", got);\n"
    "        return 1;\n"
    "    }\n"
    "    got = one_loop(2, 0.5, 1);\n"
    "    if (fabs(got - 0.5 * 1500) > 1e-6) {\n"
    "        printf(\"two iterations at share 0.5: %.9g ns, not 750\\n\", got);\n"
    "        return 1;\n"
    "    }\n"
    "    /* A first iteration shorter than the others counts too. */\n"
    "    negative = 1;\n"
    "    got = one_loop(5, 0.8, 1);\n"
    "    negative = 0;\n"
    "    if (fabs(got - 0.8 * -1500) > 1e-6) {\n"
    "        printf(\"a first iteration 1500 ns short at share 0.8: %.9g ns, not -1200\\n\", got);\n"
    "        return 1;\n"
    "    }\n"
    "    /* A first iteration whose excess is compute it asked for (its\n"
    "     * draws' stratum): none. */\n"
    "    drawn_first = 1500;\n"
    "    got = one_loop(10, 0.75, 1);\n"
    "    drawn_first = 0;\n"
    "    if (fabs(got) > 1e-6) {\n"
    "        printf(\"1500 ns more compute asked for in the first iteration: %.9g ns, not 0\\n\", got);\n"
    "        return 1;\n"
    "    }\n"
    "    got = one_loop(10, 0, 1);\n"
    "    if (got != 0) {\n"
    "        printf(\"a loop of share 0 added %.9g ns\\n\", got);\n"
    "        return 1;\n"
    "    }\n"
    "    got = one_loop(10, 0.75, 0);\n"
    "    if (got != 0) {\n"
    "        printf(\"--first 0 added %.9g ns\\n\", got);\n"
    "        return 1;\n"
    "    }\n"
    "    return 0;\n"
    "}\n";

/* Operation 1's cost after its first execution in a run: 500 ns (or, with
 * negative, 3500 ns after a first of 2000: the first 1500 ns short); of
 * the first's 2000 ns, drawn_first ns were compute asked for. */
static const char driver_mid[] = "static int negative;\n"
                                 "static double drawn_first;\n"
                                 "static void run_seq0(void)\n"
                                 "{\n"
                                 "    skel_ops[1].ns = 2000;\n"
                                 "    skel_ops[1].drawn = drawn_first;\n"
                                 "    skel_after_first = negative ? 3500 : 500;\n"
                                 "    skel_run(0);\n"
                                 "}\n";

Test(codegen_first, the_first_iteration_timed, .timeout = 120)
{
    skel_signature *s = tsig_one_allreduce();
    char dir[] = "/tmp/skel-test-codegen-first-XXXXXX";
    generate_k(s, dir, 1);
    char *src = tsig_slurp(dir, "skeleton.c");
    char *block = tsig_text_between(src, "static int skel_first_on", "static void skel_program(");
    /* skel_run() as generated, but operation 1's cost changes once it has
     * run (the driver's stand-in for a first message of a new size). */
    const char *call = "skel_exec(&skel_ops[it->ref]);";
    char *at = strstr(block, call);
    cr_assert_not_null(at, "skel_run() does not call %s", call);
    size_t pre = (size_t)(at - block);
    const char *hook = "{ skel_exec(&skel_ops[it->ref]); if (it->ref == 1) { skel_ops[1].ns = "
                       "skel_after_first; skel_ops[1].drawn = 0; } }";
    char *patched = malloc(strlen(block) + strlen(hook) + 1);
    cr_assert_not_null(patched);
    memcpy(patched, block, pre);
    strcpy(patched + pre, hook);
    strcat(patched, at + strlen(call));
    tsig_run_driver(dir, "first",
                    (const char *[]){driver_head, "static double skel_after_first;\n", patched,
                                     driver_mid, driver, NULL},
                    1);
    free(patched);
    free(block);
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}
