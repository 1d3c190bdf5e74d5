/* test_compress_sigfile.c - signature files (compress/sigfile.h): round
 * trips, and invalid files rejected with the right error and line. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compress.h"
#include "error.h"
#include "sigfile.h"
#include "synth.h"

static char *dir_;
static char *text_; /* a valid signature document */
static size_t len_;

static void rmtrace(const char *dir, uint32_t nranks)
{
    char p[4096], name[64];
    for (uint32_t r = 0; r < nranks; r++) {
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/meta", dir);
    unlink(p);
}

static skel_signature *sample(uint32_t nranks, enum skel_synth_pattern p)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = p;
    o.nranks = nranks;
    o.iterations = 12;
    o.reduce_every = 3;
    cr_assert_eq(skel_synth_write(dir_, &o), SKEL_OK, "%s", skel_last_error());
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir_, &t), SKEL_OK);
    skel_compress_opts co;
    skel_compress_defaults(&co);
    skel_signature *s;
    cr_assert_eq(skel_compress_trace(t, &co, &s, NULL), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(t);
    rmtrace(dir_, nranks);
    return s;
}

static void setup(void)
{
    dir_ = strdup("/tmp/skel-test-sigfile-XXXXXX");
    cr_assert_not_null(mkdtemp(dir_));
    skel_signature *s = sample(4, SKEL_SYNTH_STENCIL);
    cr_assert_eq(skel_sigfile_format(s, &text_, &len_), SKEL_OK);
    skel_signature_free(s);
}

static void teardown(void)
{
    free(text_);
    rmdir(dir_);
    free(dir_);
}

TestSuite(sigfile, .init = setup, .fini = teardown);

/* Line (1-based) of byte offset off in text_. */
static unsigned line_at(const char *text, size_t off)
{
    unsigned l = 1;
    for (size_t i = 0; i < off; i++)
        l += text[i] == '\n';
    return l;
}

/* A copy of text_ with the first occurrence of `from` replaced by `to`;
 * *line gets the line of the change. */
static char *edit(const char *from, const char *to, unsigned *line)
{
    const char *p = strstr(text_, from);
    cr_assert_not_null(p, "'%s' not in the sample document", from);
    size_t off = (size_t)(p - text_), fl = strlen(from), tl = strlen(to);
    char *out = malloc(len_ - fl + tl + 1);
    memcpy(out, text_, off);
    memcpy(out + off, to, tl);
    memcpy(out + off + tl, p + fl, len_ - off - fl + 1);
    *line = line_at(text_, off);
    return out;
}

static void expect_error(const char *doc, int code, unsigned line, const char *what)
{
    skel_signature *s = (skel_signature *)0x1;
    int rc = skel_sigfile_parse(doc, strlen(doc), "bad.sig", &s);
    cr_assert_eq(rc, code, "expected %s, got %s: %s", skel_errname(code), skel_errname(rc),
                 skel_last_error());
    cr_expect_null(s, "nothing is returned on error");
    char want[64];
    snprintf(want, sizeof want, "bad.sig:%u:", line);
    cr_expect(strncmp(skel_last_error(), want, strlen(want)) == 0,
              "error '%s' should start with '%s'", skel_last_error(), want);
    if (what != NULL)
        cr_expect(strstr(skel_last_error(), what) != NULL, "error '%s' should mention '%s'",
                  skel_last_error(), what);
}

Test(sigfile, round_trip_is_exact)
{
    skel_signature *s;
    cr_assert_eq(skel_sigfile_parse(text_, len_, "sample", &s), SKEL_OK, "%s", skel_last_error());
    char *again;
    size_t n;
    cr_assert_eq(skel_sigfile_format(s, &again, &n), SKEL_OK);
    cr_expect_eq(n, len_);
    cr_expect(strcmp(again, text_) == 0, "formatting what was read gives another document");
    free(again);
    skel_signature_free(s);
}

Test(sigfile, round_trip_of_other_patterns)
{
    static const enum skel_synth_pattern pats[] = {SKEL_SYNTH_MASTER_WORKER, SKEL_SYNTH_RING};
    for (size_t k = 0; k < 2; k++) {
        skel_signature *s = sample(5, pats[k]), *b;
        char *t1, *t2;
        size_t n1, n2;
        cr_assert_eq(skel_sigfile_format(s, &t1, &n1), SKEL_OK);
        cr_assert_eq(skel_sigfile_parse(t1, n1, "x", &b), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(skel_sigfile_format(b, &t2, &n2), SKEL_OK);
        cr_expect(n1 == n2 && memcmp(t1, t2, n1) == 0);
        cr_expect_eq(b->nclasses, s->nclasses);
        cr_expect_eq(b->ratio, s->ratio);
        free(t1);
        free(t2);
        skel_signature_free(s);
        skel_signature_free(b);
    }
}

/* The sample's first three symbols given the side flags want[], written
 * (the document into *t, *n) and read back with the same flags. */
static void flags_round_trip(const uint16_t want[3], char **t, size_t *n)
{
    skel_signature *s, *b;
    cr_assert_eq(skel_sigfile_parse(text_, len_, "sample", &s), SKEL_OK, "%s", skel_last_error());
    cr_assert_geq(s->nsymbols, 3);
    for (int i = 0; i < 3; i++)
        s->symbols[i].side[0].flags = want[i];
    cr_assert_eq(skel_sigfile_format(s, t, n), SKEL_OK);
    cr_assert_eq(skel_sigfile_parse(*t, *n, "x", &b), SKEL_OK, "%s", skel_last_error());
    for (int i = 0; i < 3; i++)
        cr_expect_eq(b->symbols[i].side[0].flags, want[i], "symbol %d: flags %#x, want %#x", i,
                     b->symbols[i].side[0].flags, want[i]);
    skel_signature_free(s);
    skel_signature_free(b);
}

/* Document t with its first `tok` replaced by each of bad[] is refused. */
static void expect_refused(const char *t, const char *tok, const char *const bad[], size_t nbad)
{
    const char *p = strstr(t, tok);
    cr_assert_not_null(p, "no %s in the document", tok);
    size_t head = (size_t)(p - t), n = strlen(t);
    for (size_t k = 0; k < nbad; k++) {
        size_t blen = strlen(bad[k]);
        char *e = malloc(n + blen + 1);
        cr_assert_not_null(e);
        memcpy(e, t, head);
        memcpy(e + head, bad[k], blen);
        strcpy(e + head + blen, p + strlen(tok));
        skel_signature *b;
        cr_expect_neq(skel_sigfile_parse(e, strlen(e), "x", &b), SKEL_OK, "%s was accepted",
                      bad[k]);
        free(e);
    }
}

/* Every flag a symbol keeps is written as a word and read back. */
Test(sigfile, symbol_flags_round_trip)
{
    const uint16_t want[3] = {SKEL_EVF_REWRITE, SKEL_EVF_INPLACE | SKEL_EVF_REWRITE, SKEL_EVF_FLAG};
    char *t;
    size_t n;
    flags_round_trip(want, &t, &n);
    cr_expect_not_null(strstr(t, "flags=\"rewrite\""), "no flags=\"rewrite\" in the document");
    cr_expect_not_null(strstr(t, "flags=\"in-place rewrite\""));
    free(t);
}

/* A non-contiguous message's layout class is written as runs-N (N the run
 * length it stands for) and read back; a length that is no class's, or a
 * second one, is refused. */
Test(sigfile, layout_runs_round_trip)
{
    const uint16_t want[3] = {(uint16_t)(1u << SKEL_EVF_BLOCK_SHIFT),
                              (uint16_t)(SKEL_EVF_INPLACE | 7u << SKEL_EVF_BLOCK_SHIFT),
                              (uint16_t)(15u << SKEL_EVF_BLOCK_SHIFT)};
    char *t;
    size_t n;
    flags_round_trip(want, &t, &n);
    cr_expect_not_null(strstr(t, "flags=\"runs-8\""), "no flags=\"runs-8\" in the document");
    cr_expect_not_null(strstr(t, "flags=\"in-place runs-512\""));
    cr_expect_not_null(strstr(t, "flags=\"runs-131072\""));
    const char *bad[] = {"runs-4", "runs-100", "runs-262144", "runs-8 runs-16", "runs-08"};
    expect_refused(t, "runs-131072", bad, sizeof bad / sizeof bad[0]);
    free(t);
}

/* A send-receive's receive layout is written as rruns-N beside the send's
 * runs-N and read back, also beside the pinned flag; a second rruns or a
 * length that is no class's is refused. */
Test(sigfile, sendrecv_layout_round_trip)
{
    const uint16_t want[3] = {(uint16_t)(7u << SKEL_EVF_BLOCK_SHIFT | 1u << SKEL_EVF_RBLOCK_SHIFT),
                              (uint16_t)(3u << SKEL_EVF_RBLOCK_SHIFT),
                              (uint16_t)(SKEL_SIG_PINNED | 15u << SKEL_EVF_RBLOCK_SHIFT)};
    char *t;
    size_t n;
    flags_round_trip(want, &t, &n);
    cr_expect_not_null(strstr(t, "flags=\"runs-512 rruns-8\""),
                       "no runs-512 rruns-8 in the document");
    cr_expect_not_null(strstr(t, "flags=\"rruns-32\""));
    cr_expect_not_null(strstr(t, "rruns-131072"));
    cr_expect_not_null(strstr(t, "pinned"));
    const char *bad[] = {"rruns-4", "rruns-100", "rruns-8 rruns-16", "rruns-08", "rruns-"};
    expect_refused(t, "rruns-32", bad, sizeof bad / sizeof bad[0]);
    free(t);
}

/* The sample's first symbol made a partitioned set-up of parts partitions
 * over a buffer of count elements from lo to hi, and written. */
static void partitioned_doc(uint16_t call, uint32_t parts, int64_t lo, int64_t hi, char **t,
                            size_t *n)
{
    skel_signature *s;
    cr_assert_eq(skel_sigfile_parse(text_, len_, "sample", &s), SKEL_OK, "%s", skel_last_error());
    skel_sig_symbol *y = &s->symbols[0];
    y->call = call;
    y->parts = parts;
    y->side[0].count = (skel_sig_range){lo, hi, (double)(lo + hi) / 2};
    cr_assert_eq(skel_sigfile_format(s, t, n), SKEL_OK);
    skel_signature_free(s);
}

/* A partitioned set-up's partitions are written as parts="N" and read
 * back; they are refused on another call, above INT_MAX, or over a buffer
 * whose size is a range (MPI wants both sides' sizes equal). */
Test(sigfile, partitions_round_trip)
{
    char *t;
    size_t n;
    partitioned_doc(SKEL_CALL_MPI_Psend_init, 8, 1024, 1024, &t, &n);
    cr_expect_not_null(strstr(t, "call=\"MPI_Psend_init\""));
    cr_expect_not_null(strstr(t, "parts=\"8\""), "no parts=\"8\" in the document");
    skel_signature *b;
    cr_assert_eq(skel_sigfile_parse(t, n, "x", &b), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(b->symbols[0].parts, 8);
    cr_expect_eq(b->symbols[1].parts, 0);
    skel_signature_free(b);
    const char *bad[] = {"parts=\"-1\"", "parts=\"2147483648\"", "parts=\"x\""};
    expect_refused(t, "parts=\"8\"", bad, sizeof bad / sizeof bad[0]);
    free(t);
    partitioned_doc(SKEL_CALL_MPI_Send, 8, 1024, 1024, &t, &n);
    cr_expect_neq(skel_sigfile_parse(t, n, "x", &b), SKEL_OK, "partitions on MPI_Send accepted");
    free(t);
    partitioned_doc(SKEL_CALL_MPI_Precv_init, 4, 1000, 1024, &t, &n);
    cr_expect_neq(skel_sigfile_parse(t, n, "x", &b), SKEL_OK,
                  "a partitioned buffer of 1000 to 1024 elements accepted");
    cr_expect_not_null(strstr(skel_last_error(), "one size"), "%s", skel_last_error());
    free(t);
}

/* The application's notes - a partial trace, threads that called MPI at
 * once - are read back as written, and what is not printable in them is
 * replaced (they reach skeleton.meta and the terminal). */
Test(sigfile, application_notes_round_trip)
{
    skel_signature *s;
    cr_assert_eq(skel_sigfile_parse(text_, len_, "sample", &s), SKEL_OK, "%s", skel_last_error());
    cr_expect_null(s->threads, "no note in the sample");
    s->threads = strdup("rank 1 made MPI calls from 2 threads, 37 of them while another thread "
                        "was in a call");
    s->partial = strdup("rank 0 was ended by signal 9");
    char *t;
    size_t n;
    cr_assert_eq(skel_sigfile_format(s, &t, &n), SKEL_OK);
    skel_signature *b;
    cr_assert_eq(skel_sigfile_parse(t, n, "x", &b), SKEL_OK, "%s", skel_last_error());
    cr_assert_not_null(b->threads);
    cr_expect_str_eq(b->threads, s->threads);
    cr_expect_str_eq(b->partial, s->partial);
    skel_signature_free(b);
    /* A control character in the file is not passed on: "37" -> "\t7". */
    char *p = strstr(t, "37 of them");
    cr_assert_not_null(p);
    size_t off = (size_t)(p - t);
    char *u = malloc(n + 4);
    cr_assert_not_null(u);
    memcpy(u, t, off);
    memcpy(u + off, "&#9;", 4);
    memcpy(u + off + 4, p + 1, n - off - 1);
    cr_assert_eq(skel_sigfile_parse(u, n + 3, "x", &b), SKEL_OK, "%s", skel_last_error());
    cr_expect_not_null(strstr(b->threads, "?7 of them"), "%s", b->threads);
    free(u);
    free(t);
    skel_signature_free(s);
    skel_signature_free(b);
}

Test(sigfile, write_is_atomic)
{
    skel_signature *s;
    cr_assert_eq(skel_sigfile_parse(text_, len_, "sample", &s), SKEL_OK);
    char path[4200];
    snprintf(path, sizeof path, "%s/app.sig", dir_);
    cr_assert_eq(skel_sigfile_write(path, s), SKEL_OK, "%s", skel_last_error());
    /* Only the file itself is left. */
    DIR *d = opendir(dir_);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            n++;
            cr_expect_str_eq(e->d_name, "app.sig");
        }
    closedir(d);
    cr_expect_eq(n, 1);
    skel_signature *back;
    cr_assert_eq(skel_sigfile_read(path, &back), SKEL_OK, "%s", skel_last_error());
    skel_signature_free(back);
    unlink(path);
    /* A directory that does not exist: an error, no file. */
    snprintf(path, sizeof path, "%s/no/such/dir/app.sig", dir_);
    cr_expect_eq(skel_sigfile_write(path, s), SKEL_EIO);
    cr_expect(strstr(skel_last_error(), "no/such/dir") != NULL, "%s", skel_last_error());
    skel_signature_free(s);
    cr_expect_eq(skel_sigfile_read("/nonexistent/x.sig", &s), SKEL_ENOTFOUND);
}

Test(sigfile, wrong_element)
{
    unsigned line;
    char *doc = edit("<compute ", "<computation ", &line);
    expect_error(doc, SKEL_ESCHEMA, line, NULL);
    free(doc);
}

Test(sigfile, missing_attribute)
{
    unsigned line;
    char *doc = edit(" call=\"MPI_Isend\"", "", &line);
    expect_error(doc, SKEL_ESCHEMA, line, "symbol");
    free(doc);
}

Test(sigfile, bad_number)
{
    unsigned line;
    char *doc = edit(" occurrences=\"", " occurrences=\"x", &line);
    /* libxml2 names the type and the value, not the attribute. */
    expect_error(doc, SKEL_ESCHEMA, line, "'x");
    free(doc);
    doc = edit(" dtsize=\"8\"", " dtsize=\"-8\"", &line);
    expect_error(doc, SKEL_ESCHEMA, line, NULL);
    free(doc);
}

Test(sigfile, dangling_symbol_reference)
{
    unsigned line;
    char *doc = edit("<s ref=\"0\"/>", "<s ref=\"9999\"/>", &line);
    expect_error(doc, SKEL_EFORMAT, line, "symbol 9999");
    free(doc);
}

Test(sigfile, dangling_block_reference)
{
    unsigned line;
    const char *p = strstr(text_, "<loop body=\"");
    cr_assert_not_null(p);
    char from[64];
    snprintf(from, sizeof from, "%.*s", (int)(strchr(p + 12, '"') - p + 1), p);
    char *doc = edit(from, "<loop body=\"7777\"", &line);
    /* Reported at the block holding the loop (bodies may come later). */
    const char *blk = p;
    while (blk > text_ && strncmp(blk, "<block ", 7) != 0)
        blk--;
    expect_error(doc, SKEL_EFORMAT, line_at(text_, (size_t)(blk - text_)), "block 7777");
    free(doc);
}

Test(sigfile, unknown_call)
{
    unsigned line;
    char *doc = edit("call=\"MPI_Waitall\"", "call=\"MPI_Frobnicate\"", &line);
    expect_error(doc, SKEL_EFORMAT, line, "MPI_Frobnicate");
    free(doc);
}

Test(sigfile, duplicate_symbol)
{
    unsigned line;
    char *doc = edit("<symbol id=\"1\"", "<symbol id=\"0\"", &line);
    expect_error(doc, SKEL_EFORMAT, line, "twice");
    free(doc);
}

Test(sigfile, not_well_formed)
{
    char *doc = strdup(text_);
    /* Cut in the middle of the third line. */
    char *p = doc;
    for (int i = 0; i < 2; i++)
        p = strchr(p, '\n') + 1;
    p[5] = '\0';
    skel_signature *s = NULL;
    cr_expect_eq(skel_sigfile_parse(doc, strlen(doc), "cut.sig", &s), SKEL_EFORMAT);
    cr_expect(strstr(skel_last_error(), "cut.sig:") == skel_last_error(), "%s", skel_last_error());
    cr_expect(strstr(skel_last_error(), "well-formed") != NULL, "%s", skel_last_error());
    cr_expect_eq(skel_sigfile_parse("", 0, "empty.sig", &s), SKEL_EFORMAT);
    free(doc);
}

Test(sigfile, doctype_refused)
{
    const char *doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE signature [<!ENTITY x \"y\">]>\n"
                      "<signature/>\n";
    skel_signature *s = NULL;
    cr_expect_eq(skel_sigfile_parse(doc, strlen(doc), "dt.sig", &s), SKEL_EFORMAT);
}

Test(sigfile, rank_in_two_classes)
{
    unsigned line;
    /* Class 0 lists all four ranks; claim rank 0 also has class 1 - there is
     * only class 0, so the rank's class is undefined. */
    char *doc = edit("<rank id=\"0\" class=\"0\"", "<rank id=\"0\" class=\"1\"", &line);
    expect_error(doc, SKEL_EFORMAT, line, "class 1");
    free(doc);
}

Test(sigfile, loop_containing_itself)
{
    /* Make the first loop body loop over itself. */
    const char *b = strstr(text_, "<block id=\"");
    cr_assert_not_null(b);
    unsigned id = (unsigned)strtoul(b + 11, NULL, 10);
    const char *lp = strstr(b, "<loop body=\"");
    cr_assert_not_null(lp);
    unsigned body = (unsigned)strtoul(lp + 12, NULL, 10);
    char from[64], to[64];
    snprintf(from, sizeof from, "<block id=\"%u\"", body);
    const char *bb = strstr(text_, from);
    cr_assert_not_null(bb);
    const char *first_item = strstr(bb, "<s ref=");
    cr_assert_not_null(first_item);
    snprintf(from, sizeof from, "%.*s", (int)(strchr(first_item, '>') - first_item + 1),
             first_item);
    snprintf(to, sizeof to, "<loop body=\"%u\" count=\"2\"/>", body);
    unsigned line;
    char *doc = edit(from, to, &line);
    (void)id;
    skel_signature *s = NULL;
    cr_expect_eq(skel_sigfile_parse(doc, strlen(doc), "cyc.sig", &s), SKEL_EFORMAT);
    cr_expect(strstr(skel_last_error(), "itself") != NULL, "%s", skel_last_error());
    free(doc);
}

Test(sigfile, peer_out_of_range)
{
    unsigned line;
    const char *p = strstr(text_, "<peer kind=\"cart\" vec=\"");
    cr_assert_not_null(p);
    char from[80];
    snprintf(from, sizeof from, "%.*s", (int)(strchr(p + 23, '"') - p + 1), p);
    char *doc = edit(from, "<peer kind=\"abs\" value=\"40\"", &line);
    skel_signature *s = NULL;
    cr_expect_eq(skel_sigfile_parse(doc, strlen(doc), "peer.sig", &s), SKEL_EFORMAT);
    cr_expect(strstr(skel_last_error(), "does not resolve") != NULL, "%s", skel_last_error());
    /* Said once, with the resolver's reason after it (the message used to
     * print itself into its own buffer). */
    const char *why = strstr(skel_last_error(), "does not resolve");
    cr_expect(why != NULL && strstr(why + 1, "does not resolve") == NULL, "%s", skel_last_error());
    cr_expect(strstr(skel_last_error(), "out of range") != NULL, "%s", skel_last_error());
    free(doc);
}

/* Group members (MPI_Win_post, MPI_Win_start) are ranks: checked like peers. */
Test(sigfile, group_members_checked)
{
    static const char *const bad[][2] = {
        {"invalid-pscw-member-kind.sig", "group member 0 is not a rank"},
        {"invalid-pscw-member-rank.sig", "group member does not resolve for rank 0"},
    };
    skel_signature *s = NULL;
    cr_assert_eq(skel_sigfile_read(SKEL_TEST_DATA "/fuzz/corpus/signature/valid-pscw.sig", &s),
                 SKEL_OK, "%s", skel_last_error());
    uint32_t members = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        members += s->symbols[i].ngroup;
    cr_expect_gt(members, 0);
    skel_signature_free(s);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/fuzz/corpus/signature/%s", SKEL_TEST_DATA, bad[i][0]);
        s = NULL;
        cr_expect_eq(skel_sigfile_read(path, &s), SKEL_EFORMAT, "%s", bad[i][0]);
        cr_expect(strstr(skel_last_error(), bad[i][1]) != NULL, "%s", skel_last_error());
        cr_expect(strstr(skel_last_error(), ":77: ") != NULL, "no line: %s", skel_last_error());
        cr_expect_null(s);
    }
}

/* A signature where nothing repeats (sizes jittered on every event) is
 * large as XML: it is written gzip-compressed, read back the same, and a
 * cut compressed file is refused with what went wrong. */
Test(sigfile, large_signature_compressed)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_RING;
    o.nranks = 4;
    o.iterations = 600;
    o.bytes_jitter = 0.9;
    o.gap_jitter = 0.5;
    cr_assert_eq(skel_synth_write(dir_, &o), SKEL_OK, "%s", skel_last_error());
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir_, &t), SKEL_OK);
    skel_compress_opts co;
    skel_compress_defaults(&co);
    skel_signature *s;
    cr_assert_eq(skel_compress_trace(t, &co, &s, NULL), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(t);
    rmtrace(dir_, o.nranks);
    char *xml;
    size_t n;
    cr_assert_eq(skel_sigfile_format(s, &xml, &n), SKEL_OK);
    cr_assert_gt(n, SKEL_SIGFILE_GZIP_BYTES, "the sample is only %zu bytes of XML", n);
    char path[4200];
    snprintf(path, sizeof path, "%s/big.sig", dir_);
    cr_assert_eq(skel_sigfile_write(path, s), SKEL_OK, "%s", skel_last_error());
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    unsigned char head[2] = {0, 0};
    cr_assert_eq(fread(head, 1, 2, f), 2u);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    cr_expect(head[0] == 0x1f && head[1] == 0x8b, "not gzip-compressed");
    cr_expect_lt((size_t)size, n / 3, "%ld compressed bytes for %zu of XML", size, n);
    skel_signature *b;
    cr_assert_eq(skel_sigfile_read(path, &b), SKEL_OK, "%s", skel_last_error());
    char *again;
    size_t m;
    cr_assert_eq(skel_sigfile_format(b, &again, &m), SKEL_OK);
    cr_expect(m == n && memcmp(again, xml, n) == 0, "the compressed file reads back otherwise");
    /* Cut short. */
    cr_assert_eq(truncate(path, size / 2), 0);
    skel_signature *c = NULL;
    cr_expect_eq(skel_sigfile_read(path, &c), SKEL_EFORMAT);
    cr_expect(strstr(skel_last_error(), "big.sig") != NULL &&
                  strstr(skel_last_error(), "gzip") != NULL,
              "%s", skel_last_error());
    unlink(path);
    free(again);
    free(xml);
    skel_signature_free(b);
    skel_signature_free(s);
}

/* One- and two-sample distributions are written without their sketch and
 * mean, ranges of one value as that value; they read back exactly. */
Test(sigfile, compact_forms_read_back)
{
    const char *doc =
        "<?xml version=\"1.0\"?>\n<signature xmlns=\"urn:skel:signature\" version=\"1\">\n"
        "<application ranks=\"1\" mpi-library=\"m\" tracer=\"t\"><arg>a</arg></application>\n"
        "<compression threshold=\"0\" max-threshold=\"0.2\" scale=\"0\" ratio=\"1\" "
        "trace-length=\"2\" signature-length=\"2\"/>\n<sites/>\n"
        "<comms><comm id=\"0\" gid=\"0\" members=\"0\"/></comms>\n"
        "<ranks><rank id=\"0\" class=\"0\" events=\"2\" time-ns=\"9\" compute-ns=\"5\" "
        "mpi-ns=\"4\" per-event-ns=\"0\" comms=\"0 -\"/></ranks>\n"
        "<class id=\"0\" ranks=\"0\" program=\"0\" events=\"2\" length=\"2\" time-ns=\"9\">\n"
        "<symbol id=\"0\" call=\"MPI_Barrier\" comm=\"0\" occurrences=\"2\">"
        "<side role=\"member\" events=\"2\" count=\"0\"/>"
        "<compute min=\"100\" max=\"300\"/><duration min=\"7\" max=\"7\" count=\"1\"/>"
        "</symbol>\n<block id=\"0\"><s ref=\"0\"/><s ref=\"0\"/></block>\n</class>\n"
        "</signature>\n";
    skel_signature *s = NULL;
    cr_assert_eq(skel_sigfile_parse(doc, strlen(doc), "c.sig", &s), SKEL_OK, "%s",
                 skel_last_error());
    const skel_sig_symbol *y = &s->symbols[0];
    cr_expect_eq(y->compute.count, 2);
    cr_expect_eq(y->compute.mean, 200.0);
    cr_expect_eq(y->compute.sketch.count, 2);
    cr_expect_eq(y->compute_cpu.mean, 200.0, "compute-cpu left out: the same as compute");
    cr_expect_eq(y->compute_cpu.sketch.count, 2);
    cr_expect_eq(y->duration.count, 1);
    cr_expect_eq(y->duration.mean, 7.0);
    cr_expect_eq(y->side[0].rbytes_events, 2);
    cr_expect_eq(y->side[0].bytes.max, 0);
    skel_signature_free(s);
    /* More than two samples need their sketch. */
    const char *bad = strstr(doc, "<compute min=");
    cr_assert_not_null(bad);
    char *three = malloc(strlen(doc) + 32);
    size_t off = (size_t)(bad - doc);
    memcpy(three, doc, off);
    strcpy(three + off, "<compute count=\"3\" min=\"100\" max=\"300\"/>");
    strcat(three, strstr(bad, "<duration"));
    cr_expect_eq(skel_sigfile_parse(three, strlen(three), "c.sig", &s), SKEL_EFORMAT);
    cr_expect(strstr(skel_last_error(), "one or two samples") != NULL, "%s", skel_last_error());
    free(three);
}
