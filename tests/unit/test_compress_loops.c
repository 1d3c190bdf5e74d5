/* test_compress_loops.c - the online loop folder (compress/loops.h) on
 * hand-written strings: one letter per symbol, rendered back in the seed's
 * notation ("a [ (b)^2 c ]^3 d (a)^2" is written "a [(b)^2 c]^3 d (a)^2"). */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "loops.h"

struct buf {
    char *s;
    size_t n, cap;
};

static void put(struct buf *b, const char *s)
{
    size_t k = strlen(s);
    if (b->n + k + 1 > b->cap) {
        b->cap = (b->n + k + 1) * 2;
        b->s = realloc(b->s, b->cap);
        cr_assert_not_null(b->s);
    }
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

static void render_items(const skel_loops *f, const skel_loops_item *it, uint32_t n,
                         struct buf *b)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i > 0)
            put(b, " ");
        if (it[i].ref & SKEL_LOOPS_LOOP) {
            uint32_t bn;
            const skel_loops_item *body = skel_loops_body(f, it[i].ref & ~SKEL_LOOPS_LOOP, &bn);
            put(b, bn == 1 ? "(" : "[");
            render_items(f, body, bn, b);
            char tail[40];
            snprintf(tail, sizeof tail, "%s^%llu", bn == 1 ? ")" : "]",
                     (unsigned long long)it[i].count);
            put(b, tail);
        } else {
            char s[16];
            if (it[i].ref < 26)
                snprintf(s, sizeof s, "%c", 'a' + (int)it[i].ref);
            else
                snprintf(s, sizeof s, "s%u", it[i].ref);
            put(b, s);
        }
    }
}

static char *render(const skel_loops *f)
{
    struct buf b = {0};
    put(&b, "");
    uint32_t n;
    const skel_loops_item *top = skel_loops_top(f, &n);
    render_items(f, top, n, &b);
    return b.s;
}

static skel_loops *fold_letters(const char *s)
{
    skel_loops *f;
    cr_assert_eq(skel_loops_new(&f), SKEL_OK);
    for (; *s; s++)
        if (*s != ' ')
            cr_assert_eq(skel_loops_push(f, (uint32_t)(*s - 'a')), SKEL_OK);
    return f;
}

/* Expanding the folding gives back the input. */
static void expand_items(const skel_loops *f, const skel_loops_item *it, uint32_t n,
                         uint32_t *out, uint64_t *k, uint64_t max)
{
    for (uint32_t i = 0; i < n; i++) {
        if (it[i].ref & SKEL_LOOPS_LOOP) {
            uint32_t bn;
            const skel_loops_item *body = skel_loops_body(f, it[i].ref & ~SKEL_LOOPS_LOOP, &bn);
            for (uint64_t r = 0; r < it[i].count; r++)
                expand_items(f, body, bn, out, k, max);
        } else {
            cr_assert_lt(*k, max, "expansion longer than the input");
            out[(*k)++] = it[i].ref;
        }
    }
}

static void check_lossless(const skel_loops *f, const uint32_t *in, uint64_t n)
{
    uint32_t *out = malloc((n + 1) * sizeof *out);
    uint64_t k = 0;
    uint32_t tn;
    const skel_loops_item *top = skel_loops_top(f, &tn);
    expand_items(f, top, tn, out, &k, n);
    cr_assert_eq(k, n, "expansion has %llu symbols, input %llu", (unsigned long long)k,
                 (unsigned long long)n);
    for (uint64_t i = 0; i < n; i++)
        cr_assert_eq(out[i], in[i], "symbol %llu differs", (unsigned long long)i);
    free(out);
}

static void expect(const char *in, const char *want)
{
    skel_loops *f = fold_letters(in);
    char *got = render(f);
    cr_expect_str_eq(got, want, "%s -> %s, expected %s", in, got, want);
    size_t n = 0;
    uint32_t *sy = malloc(strlen(in) * sizeof *sy + 1);
    for (const char *p = in; *p; p++)
        if (*p != ' ')
            sy[n++] = (uint32_t)(*p - 'a');
    check_lossless(f, sy, n);
    free(sy);
    free(got);
    skel_loops_free(f);
}

Test(loops, seed_example)
{
    /* Sodhi et al., section 4.2. */
    expect("abbcbbcbbcdaa", "a [(b)^2 c]^3 d (a)^2");
}

Test(loops, loops_of_length_one)
{
    expect("aaaa", "(a)^4");
    expect("a", "a");
    expect("ab", "a b");
    expect("aabbbcccc", "(a)^2 (b)^3 (c)^4");
}

Test(loops, adjacent_loops)
{
    expect("ababcdcdcd", "[a b]^2 [c d]^3");
    expect("abababccc", "[a b]^3 (c)^3");
    expect("abcabcxyxy", "[a b c]^2 [x y]^2");
}

Test(loops, nested_loops)
{
    expect("aabaabaab", "[(a)^2 b]^3");
    expect("abbbabbbcabbbabbbc", "[[a (b)^3]^2 c]^2");
    /* Three levels, the innermost of varying position in the body. */
    expect("xaaybxaaybxaaybzxaaybxaaybxaaybz", "[[x (a)^2 y b]^3 z]^2");
}

Test(loops, body_containing_its_last_symbol_several_times)
{
    expect("axbxaxbx", "[a x b x]^2");
    expect("axbxcxaxbxcxaxbxcx", "[a x b x c x]^3");
}

Test(loops, repeated_inner_loops_with_different_counts)
{
    /* Loops with different counts are different items: no outer repetition. */
    expect("aaabaab", "(a)^3 b (a)^2 b");
    /* Greedy folding takes the repetition it meets first: "a a a" is split
     * so that [b (a)^2] repeats (still lossless, and shorter). */
    expect("abaabaaab", "a [b (a)^2]^2 a b");
}

Test(loops, non_repetitive)
{
    expect("abcdefg", "a b c d e f g");
    /* A square-free word over three letters never folds. */
    expect("abcacbabcbac", "a b c a c b a b c b a c");
}

Test(loops, prefix_and_suffix)
{
    expect("xyzabababq", "x y z [a b]^3 q");
}

/* A loop body of 10^4 distinct symbols repeated 5 times, with a prefix. */
Test(loops, long_bodies)
{
    const uint32_t body = 10000, reps = 5;
    skel_loops *f;
    cr_assert_eq(skel_loops_new(&f), SKEL_OK);
    uint64_t n = 0;
    uint32_t *in = malloc((size_t)(body * reps + 10) * sizeof *in);
    for (uint32_t i = 0; i < 3; i++)
        in[n++] = 100000 + i;
    for (uint32_t r = 0; r < reps; r++)
        for (uint32_t i = 0; i < body; i++)
            in[n++] = i;
    for (uint64_t i = 0; i < n; i++)
        cr_assert_eq(skel_loops_push(f, in[i]), SKEL_OK);
    uint32_t tn;
    const skel_loops_item *top = skel_loops_top(f, &tn);
    cr_assert_eq(tn, 4, "expected 3 prefix symbols and one loop, got %u items", tn);
    cr_assert(top[3].ref & SKEL_LOOPS_LOOP);
    cr_assert_eq(top[3].count, reps);
    uint32_t bn;
    skel_loops_body(f, top[3].ref & ~SKEL_LOOPS_LOOP, &bn);
    cr_assert_eq(bn, body);
    check_lossless(f, in, n);
    free(in);
    skel_loops_free(f);
}

/* A long body in which the symbol ending it occurs many times (but fewer
 * than SKEL_LOOPS_CANDIDATES at the outermost level). */
Test(loops, long_body_with_repeated_last_symbol)
{
    const uint32_t pairs = 200, reps = 4;
    skel_loops *f;
    cr_assert_eq(skel_loops_new(&f), SKEL_OK);
    uint64_t n = 0;
    uint32_t *in = malloc((size_t)(2 * pairs * reps) * sizeof *in);
    for (uint32_t r = 0; r < reps; r++)
        for (uint32_t i = 0; i < pairs; i++) {
            in[n++] = 10 + i; /* e.g. an Isend of size i */
            in[n++] = 1;      /* the same Wait after each */
        }
    for (uint64_t i = 0; i < n; i++)
        cr_assert_eq(skel_loops_push(f, in[i]), SKEL_OK);
    uint32_t tn;
    const skel_loops_item *top = skel_loops_top(f, &tn);
    cr_assert_eq(tn, 1);
    cr_assert_eq(top[0].count, reps);
    check_lossless(f, in, n);
    free(in);
    skel_loops_free(f);
}

/* Many iterations keep memory constant: the folder's size does not grow
 * between 10^4 and 10^6 iterations of a nested body. */
Test(loops, memory_does_not_grow_with_iterations)
{
    size_t mem[2];
    uint64_t len[2];
    const uint64_t iters[2] = {10000, 1000000};
    for (int k = 0; k < 2; k++) {
        skel_loops *f;
        cr_assert_eq(skel_loops_new(&f), SKEL_OK);
        cr_assert_eq(skel_loops_push(f, 0), SKEL_OK);
        for (uint64_t i = 0; i < iters[k]; i++) {
            static const uint32_t body[] = {1, 2, 2, 3, 4, 4, 4, 5};
            for (size_t j = 0; j < sizeof body / sizeof body[0]; j++)
                cr_assert_eq(skel_loops_push(f, body[j]), SKEL_OK);
        }
        cr_assert_eq(skel_loops_push(f, 6), SKEL_OK);
        mem[k] = skel_loops_memory(f);
        len[k] = skel_loops_length(f);
        char *s = render(f);
        char want[128];
        snprintf(want, sizeof want, "a [b (c)^2 d (e)^3 f]^%llu g", (unsigned long long)iters[k]);
        cr_expect_str_eq(s, want);
        free(s);
        skel_loops_free(f);
    }
    cr_expect_eq(mem[0], mem[1], "memory %zu bytes for 10^4 iterations, %zu for 10^6", mem[0],
                 mem[1]);
    cr_expect_eq(len[0], len[1]);
}

/* Replaying through a map that merges symbols refolds the merged string. */
Test(loops, replay_through_a_map)
{
    skel_loops *f = fold_letters("abacabacabac");
    char *s = render(f);
    cr_expect_str_eq(s, "[a b a c]^3");
    free(s);
    uint32_t map[26];
    for (uint32_t i = 0; i < 26; i++)
        map[i] = i;
    map[2] = 1; /* c -> b */
    skel_loops *g;
    cr_assert_eq(skel_loops_new(&g), SKEL_OK);
    cr_assert_eq(skel_loops_replay(f, map, g), SKEL_OK);
    s = render(g);
    cr_expect_str_eq(s, "[a b]^6");
    free(s);
    cr_expect_eq(skel_loops_pushed(g), 12);
    skel_loops_free(f);
    skel_loops_free(g);
}

Test(loops, length_counts_each_body_once)
{
    skel_loops *f = fold_letters("abbcbbcbbcdaa");
    /* top: a L d (a)^2 = 4 items; bodies [(b)^2 c] = 2, [b] = 1, [a] = 1. */
    cr_expect_eq(skel_loops_length(f), 8);
    skel_loops_free(f);
}

Test(loops, rejects_reserved_symbols)
{
    skel_loops *f;
    cr_assert_eq(skel_loops_new(&f), SKEL_OK);
    cr_expect_eq(skel_loops_push(f, SKEL_LOOPS_LOOP), SKEL_ERANGE);
    skel_loops_free(f);
}

/* Random strings over small alphabets: always lossless. */
Test(loops, random_strings_are_lossless)
{
    uint64_t x = 88172645463325252ull;
    for (int trial = 0; trial < 200; trial++) {
        skel_loops *f;
        cr_assert_eq(skel_loops_new(&f), SKEL_OK);
        uint32_t alphabet = 1 + (uint32_t)(trial % 4);
        uint32_t n = 1 + (uint32_t)(trial * 7 % 400);
        uint32_t *in = malloc(n * sizeof *in);
        for (uint32_t i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            /* Bias towards repetition: often copy an earlier symbol. */
            in[i] = (i > 4 && (x & 3) != 0) ? in[i - 1 - (uint32_t)((x >> 8) % 4)]
                                            : (uint32_t)((x >> 20) % alphabet);
            cr_assert_eq(skel_loops_push(f, in[i]), SKEL_OK);
        }
        check_lossless(f, in, n);
        free(in);
        skel_loops_free(f);
    }
}
