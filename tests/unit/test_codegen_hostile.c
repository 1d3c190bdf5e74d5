/* test_codegen_hostile.c - nothing from a signature reaches the skeleton's
 * source unescaped: hostile text (quotes, newlines, comment ends,
 * preprocessor lines, trigraphs, non-ASCII) ends up in escaped literals and
 * the skeleton compiles with -Werror and prints it back unchanged; hostile
 * numbers and encodings are refused with a message naming the symbol. */
#include "test_codegen_sig.h"

#include <dirent.h>
#include <unistd.h>

#include "codegen.h"
#include "cstr.h"
#include "plan.h"
#include "proc.h"

Test(codegen_hostile, string_literals)
{
    struct {
        const char *in, *out;
    } cases[] = {
        {"plain text 1.0", "\"plain text 1.0\""},
        {"q\"b\\s", "\"q\\\"b\\\\s\""},
        {"line\nnext", "\"line\\nnext\""},
        {"?\?=include ?\?/", "\"\\?\\?=include \\?\\?/\""},
        {"*/ #include <x.h> /*", "\"*/ #include <x.h> /*\""},
        {"\x01"
         "F1g",
         "\"\\x01\\x46\\x31g\""}, /* hex digits after an escape are escaped too */
        {"\xc3\xa9t\xc3\xa9", "\"\\xC3\\xA9t\\xC3\\xA9\""},
        {"\t\r", "\"\\x09\\x0D\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *lit = skel_cstr_literal(cases[i].in, 100);
        cr_assert_str_eq(lit, cases[i].out);
        free(lit);
    }
    char *lit = skel_cstr_literal("abcdef", 3);
    cr_assert_str_eq(lit, "\"abc...\"");
    free(lit);
    char buf[64];
    cr_assert_eq(skel_cstr_double(2.0, buf, sizeof buf), SKEL_OK);
    cr_assert_str_eq(buf, "2.0");
    cr_assert_eq(skel_cstr_double(1e300 * 1e300, buf, sizeof buf), SKEL_ERANGE);
    cr_assert_eq(skel_cstr_double(0.0 / 0.0 * 0.0, buf, sizeof buf), SKEL_ERANGE);
}

static char *tempdir(void)
{
    char tmpl[] = "/tmp/skel-cg-hostile.XXXXXX";
    char *d = mkdtemp(tmpl);
    cr_assert_not_null(d);
    return strdup(d);
}

static struct skel_codegen_opts opts(double k)
{
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = k;
    o.version = "test";
    return o;
}

/* A valid two-rank exchange whose texts are hostile. */
static skel_signature *hostile_text(void)
{
    struct tsig t = {0};
    const char *argv_xml = "<arg>./app\"; system(&quot;rm -rf /&quot;); \"</arg>"
                           "<arg>*/ #include &lt;evil.h&gt; /* ?\?/ ?\?= \\</arg>"
                           "<arg>line one&#10;#define main evil&#10;line three</arg>"
                           "<arg>\xc3\xa9t\xc3\xa9 \xe2\x82\xac tab&#9;end</arg>";
    tsig_head_argv(
        &t, 2, (int[]){0, 0}, argv_xml,
        "module=\"/bin/*/&quot;evil&quot;&#10;#include\" offset=\"18446744073709551615\" "
        "function=\"f() { } */ int x = \" file=\"?\?/&#10;a.c\" line=\"4294967294\"");
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Sendrecv", "tag=\"2147483647\" tag2=\"2147483647\"",
         PEER("mod", 1) "<peer2 kind=\"mod\" value=\"-1\"/>", 1000, 8, "");
    tsym(&t, 1, "MPI_Allreduce", "op=\"MPI_MAXLOC\"", "", 3, 12, "");
    tput(&t, "<block id=\"0\"><loop body=\"1\" count=\"40\"/></block>"
             "<block id=\"1\"><s ref=\"0\"/><s ref=\"1\"/></block></class>\n");
    return tsig_end(&t);
}

Test(codegen_hostile, hostile_text_is_escaped, .timeout = 120)
{
    skel_signature *s = hostile_text();
    char *dir = tempdir();
    struct skel_codegen_opts o = opts(10);
    struct skel_codegen_report rep;
    cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_OK, "%s", skel_last_error());
    skel_codegen_report_free(&rep);

    char src[1024], bin[1024];
    snprintf(src, sizeof src, "%s/skeleton.c", dir);
    snprintf(bin, sizeof bin, "%s/skeleton", dir);
    /* No line of the source is a preprocessor line or code the signature wrote. */
    FILE *f = fopen(src, "r");
    cr_assert_not_null(f);
    char line[8192];
    while (fgets(line, sizeof line, f) != NULL) {
        cr_assert(strncmp(line, "#define main", 12) != 0, "raw text: %s", line);
        cr_assert(strstr(line, "#include <evil.h>") == NULL || strchr(line, '"') != NULL,
                  "raw text: %s", line);
        cr_assert(strncmp(line, "line three", 10) != 0, "raw text: %s", line);
    }
    fclose(f);
    /* It compiles warning-free, trigraphs on... */
    char *cc[] = {"mpicc.mpich", "-O0", "-Wall", "-Wextra", "-Werror", "-trigraphs",
                  "-o",          bin,   src,     "-lm",     NULL};
    cr_assert_eq(skel_proc_run(cc, 120, NULL), SKEL_OK, "%s", skel_last_error());
    /* ...and prints the command line back exactly (--help needs no MPI). */
    char *help[] = {bin, "--help", NULL}, *out = NULL;
    cr_assert_eq(skel_proc_run(help, 60, &out), SKEL_OK, "%s", skel_last_error());
    const char *want = "./app\"; system(\"rm -rf /\"); \" */ #include <evil.h> /* ?\?/ ?\?= \\ "
                       "line one\n#define main evil\nline three \xc3\xa9t\xc3\xa9 \xe2\x82\xac "
                       "tab\tend";
    cr_assert(strstr(out, want) != NULL, "--help printed:\n%s", out);
    free(out);
    tsig_remove_dir(dir);
    free(dir);
    skel_signature_free(s);
}

/* A well-formed signature with one number taken to an extreme. */
static int generate_with(const char *sym_attrs, const char *pre, long count, int dtsize,
                         const char *loop_count, const char *compute_mean, uint64_t check_limit)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tput(&t,
         "<symbol id=\"0\" call=\"MPI_Sendrecv\" comm=\"0\" %s dtsize=\"%d\" site=\"0\" "
         "occurrences=\"1\">%s<side role=\"member\" flags=\"\" events=\"1\" rbytes-events=\"1\" "
         "count=\"%ld %ld %ld\" bytes=\"0 0 0\" rbytes=\"0 0 0\"/>"
         "<compute count=\"1\" mean=\"%s\" min=\"0\" max=\"0\" buckets=\"\"/>"
         "<compute-cpu count=\"1\" mean=\"%s\" min=\"0\" max=\"0\" buckets=\"\"/>"
         "<duration count=\"1\" mean=\"0\" min=\"0\" max=\"0\" buckets=\"\"/></symbol>\n"
         "<block id=\"0\"><loop body=\"1\" count=\"%s\"/></block>"
         "<block id=\"1\"><s ref=\"0\"/></block></class>\n",
         sym_attrs, dtsize, pre, count, count, count, compute_mean, compute_mean, loop_count);
    tput(&t, "%s", "");
    /* The reader may refuse some values itself: that is a clear error too. */
    tput(&t, "</signature>\n");
    skel_signature *s = NULL;
    int rc = skel_sigfile_parse(t.buf, t.len, "hostile.sig", &s);
    free(t.buf);
    if (rc != SKEL_OK)
        return rc;
    char *dir = tempdir();
    struct skel_codegen_opts o = opts(10);
    o.max_check_ops = check_limit;
    o.max_check_bytes = 64u << 20;
    struct skel_codegen_report rep;
    rc = skel_codegen_generate(s, &o, dir, &rep);
    skel_codegen_report_free(&rep);
    tsig_remove_dir(dir);
    free(dir);
    skel_signature_free(s);
    return rc;
}

#define PEERS PEER("mod", 1) "<peer2 kind=\"mod\" value=\"1\"/>"

static void refused(int rc, int code, const char *needle)
{
    cr_assert_eq(rc, code, "got %s: %s", skel_errname(rc), skel_last_error());
    cr_assert(strstr(skel_last_error(), needle) != NULL, "'%s' does not mention '%s'",
              skel_last_error(), needle);
}

Test(codegen_hostile, hostile_numbers_refused, .timeout = 120)
{
    /* The control case is accepted. */
    int rc = generate_with("tag=\"1\" tag2=\"1\"", PEERS, 10, 8, "100", "1000", 0);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    refused(generate_with("tag=\"1\" tag2=\"1\"", PEERS, 4611686018427387904L, 8, "100", "1000", 0),
            SKEL_ERANGE, "symbol 0 (MPI_Sendrecv of class 0 at app+0x0): element count");
    refused(generate_with("tag=\"1\" tag2=\"1\"", PEERS, 10, 2147483647, "100", "1000", 0),
            SKEL_ERANGE, "datatype size");
    refused(generate_with("tag=\"1\" tag2=\"1\"", PEERS, 10, 8, "100", "1e300", 0), SKEL_ERANGE,
            "mean compute time");
    refused(
        generate_with("tag=\"1\" tag2=\"1\"", PEERS, 10, 8, "4611686018427387904", "1000", 100000),
        SKEL_ERANGE, "too long to check");
    /* An operation limit of billions is bounded by the check's memory (64 MiB
     * here, a quarter of the machine's memory up to 4 GiB by default). */
    refused(generate_with("tag=\"1\" tag2=\"1\"", PEERS, 10, 8, "4611686018427387904", "1000",
                          4000000000),
            SKEL_ERANGE, "MiB");
    refused(generate_with("tag=\"-7\" tag2=\"1\"", PEERS, 10, 8, "100", "1000", 0), SKEL_ERANGE,
            "tag -7 is out of range");
    refused(
        generate_with("tag=\"1\" tag2=\"1\"",
                      "<peer kind=\"cart\" vec=\"2147483647\"/><peer2 kind=\"mod\" value=\"1\"/>",
                      10, 8, "100", "1000", 0),
        SKEL_EFORMAT, "does not resolve");
    /* Peers the reader resolves for every rank: far-away relative peers are
     * MPI_PROC_NULL, modular ones wrap - both fine.  (Not INT32_MAX: the
     * reader's own resolution overflows on it, reported to compress/.) */
    rc = generate_with("tag=\"1\" tag2=\"1\"",
                       PEER("rel", 1073741824) "<peer2 kind=\"mod\" value=\"-2147483647\"/>", 10, 8,
                       "100", "1000", 0);
    cr_assert(rc == SKEL_OK || rc == SKEL_EDEADLOCK, "%s", skel_last_error());
    refused(generate_with("tag=\"1\" tag2=\"1\"",
                          PEER("abs", 5) "<peer2 kind=\"mod\" value=\"1\"/>", 10, 8, "100", "1000",
                          0),
            SKEL_EFORMAT, "does not resolve");
}

/* Values a file could not hold, set directly in memory: the generator's own
 * checks, not the reader's, must catch them. */
Test(codegen_hostile, corrupt_structures_refused)
{
    struct {
        const char *what;
        int code;
    } cases[] = {
        {"peer kind 200", SKEL_ERANGE},      {"Cartesian peer of 0 dimensions", SKEL_ERANGE},
        {"link distance 2^31", SKEL_ERANGE}, {"request index 10^6", SKEL_ERANGE},
        {"slot 5000", SKEL_ERANGE},          {"negative count", SKEL_ERANGE},
        {"call id 9999", SKEL_ERANGE},       {"absolute peer -5", SKEL_ERANGE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct tsig t = {0};
        tsig_head(&t, 2, (int[]){0, 0});
        tclass(&t, 0, "0 1", 0);
        tsym(&t, 0, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 10, 8, "");
        tsym(&t, 1, "MPI_Irecv", "tag=\"1\"", PEER("mod", 1), 10, 8, "");
        tsym(&t, 2, "MPI_Waitall", "", "", 0, 0,
             "<link dist=\"2\" index=\"0\" call=\"MPI_Isend\"/>"
             "<link dist=\"1\" index=\"1\" call=\"MPI_Irecv\"/>");
        tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/></block></class>\n");
        skel_signature *s = tsig_end(&t);
        skel_sig_symbol *y0 = &s->symbols[0], *y2 = &s->symbols[2];
        switch (i) {
        case 0:
            y0->peer.kind = 200;
            break;
        case 1:
            y0->peer.kind = SKEL_SIG_PEER_CART;
            y0->peer.ndims = 0;
            break;
        case 2:
            y2->links[0].dist = 1u << 31;
            break;
        case 3:
            y2->links[1].index = 1000000;
            break;
        case 4:
            y0->comm = 5000;
            break;
        case 5:
            y0->side[0].count.min = -10;
            break;
        case 6:
            y0->call = 9999;
            break;
        case 7:
            y0->peer.kind = SKEL_SIG_PEER_ABS;
            y0->peer.value = -5;
            break;
        }
        char *dir = tempdir();
        struct skel_codegen_opts o = opts(2);
        struct skel_codegen_report rep;
        int rc = skel_codegen_generate(s, &o, dir, &rep);
        skel_codegen_report_free(&rep);
        cr_assert_neq(rc, SKEL_OK, "%s accepted", cases[i].what);
        cr_assert(strstr(skel_last_error(), "symbol 0") != NULL ||
                      strstr(skel_last_error(), "symbol 2") != NULL ||
                      strstr(skel_last_error(), "rank") != NULL,
                  "%s: '%s' names no symbol", cases[i].what, skel_last_error());
        tsig_remove_dir(dir);
        free(dir);
        skel_signature_free(s);
    }
}
