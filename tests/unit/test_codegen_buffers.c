/* test_codegen_buffers.c - the skeleton's point-to-point buffers
 * (codegen/emit.c fill_p2p, templates/skeleton.c.tmpl "Point-to-point
 * buffers"): every buffer a receive may write holds the largest receive and
 * every buffer a send may read the largest send, and the calls choose their
 * buffer at run time, so that no receive writes the memory a send in
 * flight reads (one buffer for both made HPCC's 2 MB exchanges three times
 * slower: docs/codegen.md, "Buffers"). */
#include <criterion/criterion.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen.h"
#include "test_codegen_sig.h"

/* The bytes a "#define NAME ((size_t)N)" line of src gives. */
static unsigned long long define_of(const char *src, const char *name)
{
    char pat[128];
    snprintf(pat, sizeof pat, "#define %s ((size_t)", name);
    const char *p = strstr(src, pat);
    cr_assert_not_null(p, "no %s", name);
    return strtoull(p + strlen(pat), NULL, 10);
}

/* The code of "case FORM:" in src, up to its break (a new string). */
static char *case_of(const char *src, const char *form)
{
    char pat[128];
    snprintf(pat, sizeof pat, "case %s:", form);
    const char *p = strstr(src, pat);
    cr_assert_not_null(p, "no %s", pat);
    const char *q = strstr(p, "break;");
    cr_assert_not_null(q);
    char *b = strndup(p, (size_t)(q - p));
    cr_assert_not_null(b);
    return b;
}

/* The skeleton's type tables (templates/skeleton.c.tmpl, "Size in bytes
 * of each message datatype"): each a C initializer of its entries, e.g.
 * "1, 8, 24" for skel_type_size. */
static void expect_types(const char *src, const char *sizes, const char *runs, const char *units)
{
    const char *names[3] = {"skel_type_size", "skel_type_run", "skel_type_unit"};
    const char *want[3] = {sizes, runs, units};
    for (int i = 0; i < 3; i++) {
        char decl[64], body[256] = "= {\n";
        snprintf(decl, sizeof decl, "%s[SKEL_NTYPES]", names[i]);
        const char *t = strstr(src, decl);
        cr_assert_not_null(t, "no %s", decl);
        for (const char *v = want[i]; *v != '\0';) {
            size_t n = strcspn(v, ",");
            snprintf(body + strlen(body), sizeof body - strlen(body), "    %.*s,\n", (int)n, v);
            v += n + (v[n] == ',');
            v += strspn(v, " ");
        }
        snprintf(body + strlen(body), sizeof body - strlen(body), "};");
        cr_expect_not_null(strstr(t, body), "%s: want %s, got %.100s", names[i], want[i], t);
    }
}

/* Each rank posts a receive, sends, and waits: rank 1 sends 40000 bytes,
 * rank 0 400, so the largest receive is 40000 bytes and is in flight while
 * the same rank's send is. */
static skel_signature *exchange(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 1});
    tclass(&t, 0, "0", 0);
    tsym(&t, 0, "MPI_Irecv", "tag=\"3\"", PEER("abs", 1), 10000, 4, "");
    tsym(&t, 1, "MPI_Send", "tag=\"4\"", PEER("abs", 1), 100, 4, "");
    tsym(&t, 2, "MPI_Wait", "", "", 0, 0, "<link dist=\"2\" index=\"0\" call=\"MPI_Irecv\"/>");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/></block></class>\n");
    tclass(&t, 1, "1", 1);
    tsym(&t, 3, "MPI_Irecv", "tag=\"4\"", PEER("abs", 0), 100, 4, "");
    tsym(&t, 4, "MPI_Send", "tag=\"3\"", PEER("abs", 0), 10000, 4, "");
    tsym(&t, 5, "MPI_Wait", "", "", 0, 0, "<link dist=\"2\" index=\"0\" call=\"MPI_Irecv\"/>");
    tput(&t, "<block id=\"1\"><s ref=\"3\"/><s ref=\"4\"/><s ref=\"5\"/></block></class>\n");
    return tsig_end(&t);
}

Test(codegen_buffers, receives_do_not_share_the_send_buffer, .timeout = 120)
{
    skel_signature *s = exchange();
    char dir[] = "/tmp/skel-cg-buffers.XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");
    /* A receive may write the buffer messages are received into or the
     * spare one; a send may read the message buffer or the first. */
    cr_expect_geq(define_of(src, "SKEL_PBUF_BYTES"), 40000);
    cr_expect_geq(define_of(src, "SKEL_XBUF_BYTES"), 40000);
    cr_expect_geq(define_of(src, "SKEL_MBUF_BYTES"), 40000);
    const char *recvs[] = {"SKEL_F_RECV", "SKEL_F_IRECV", "SKEL_F_MRECV", "SKEL_F_IMRECV"};
    const char *sends[] = {"SKEL_F_SEND", "SKEL_F_ISEND", "SKEL_F_SSEND", "SKEL_F_ISSEND"};
    for (size_t i = 0; i < 4; i++) {
        char *r = case_of(src, recvs[i]), *w = case_of(src, sends[i]);
        cr_expect_not_null(strstr(r, "skel_p2p_rbuf("), "%s", r);
        cr_expect_not_null(strstr(w, "skel_p2p_sbuf("), "%s", w);
        free(r);
        free(w);
    }
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}

/* An MPI_Isendrecv as the tracer records it (tsig_isendrecv: an MPI_Irecv
 * and an MPI_Isend completed by one MPI_Wait, two links at index 0): the request arrays of
 * skel_complete hold the call's links, not only its indices (the send is
 * completed after the call, as an extra request). */
Test(codegen_buffers, isendrecv_links_fit_the_request_arrays, .timeout = 120)
{
    skel_signature *s = tsig_isendrecv();
    char dir[] = "/tmp/skel-cg-isendrecv.XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");
    const char *m = strstr(src, "#define SKEL_MAXREQ ");
    cr_assert_not_null(m, "no SKEL_MAXREQ");
    cr_expect_geq(strtoul(m + strlen("#define SKEL_MAXREQ "), NULL, 10), 2);
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}

/* A message whose application datatype was not contiguous (runs-512: 4096
 * doubles in runs of 512 bytes) is made of the skeleton's type of its size
 * in runs of 512 bytes, whose extent is twice its size: the buffers hold
 * twice the message.  Contiguous messages keep their contiguous types. */
Test(codegen_buffers, non_contiguous_messages_in_runs, .timeout = 120)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym_side(&t, 0, "MPI_Irecv", "tag=\"3\"", PEER("mod", 1), 4096, 8, "runs-512", "");
    tsym_side(&t, 1, "MPI_Send", "tag=\"3\"", PEER("mod", 1), 4096, 8, "runs-512", "");
    tsym(&t, 2, "MPI_Wait", "", "", 0, 0, "<link dist=\"2\" index=\"0\" call=\"MPI_Irecv\"/>");
    tsym(&t, 3, "MPI_Send", "tag=\"4\"", PEER("mod", 1), 100, 24, "");
    tsym(&t, 4, "MPI_Recv", "tag=\"4\"", PEER("mod", 1), 100, 24, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/><s ref=\"3\"/>"
             "<s ref=\"4\"/></block></class>\n");
    skel_signature *s = tsig_end(&t);
    char dir[] = "/tmp/skel-cg-runs.XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");
    /* MPI_BYTE, then 8 bytes in runs of 512 and 24 contiguous, in the
     * order met, of bytes: a receive in runs of doubles truncates a
     * message of bytes that are not whole doubles, which a send scaled in
     * bytes makes */
    expect_types(src, "1, 8, 24", "0, 512, 0", "1, 1, 1");
    cr_expect_geq(define_of(src, "SKEL_MBUF_BYTES"), 2 * 32768);
    cr_expect_geq(define_of(src, "SKEL_PBUF_BYTES"), 2 * 32768);
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}

/* A collective's sides keep their own layouts: an MPI_Alltoall of 4096
 * doubles per peer sent in runs of 8 bytes and received in runs of 512 is
 * made of two types of the element's size, in runs of 8 and 512 bytes of
 * doubles, and both collective buffers hold twice what they move (the
 * types' extent).  A reduction stays contiguous (the skeleton reduces a
 * predefined type). */
Test(codegen_buffers, collectives_in_runs_per_side, .timeout = 120)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym_side(&t, 0, "MPI_Alltoall", "", "", 4096, 8, "runs-8 rruns-512", "");
    tsym_side(&t, 1, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 100, 24, "runs-8", "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/></block></class>\n");
    skel_signature *s = tsig_end(&t);
    char dir[] = "/tmp/skel-cg-cruns.XXXXXX";
    tsig_generate(s, dir);
    char *src = tsig_slurp(dir, "skeleton.c");
    /* MPI_BYTE, then the alltoall's send type and its receive type, in
     * runs of doubles (MPICH's broadcast packs bytes 2.1-3.8 times slower);
     * none for the reduction */
    expect_types(src, "1, 8, 8", "0, 8, 512", "1, 8, 8");
    cr_expect_geq(define_of(src, "SKEL_SBUF_BYTES"), 2 * 2 * 32768);
    cr_expect_geq(define_of(src, "SKEL_RBUF_BYTES"), 2 * 2 * 32768);
    /* the call receives in its receive type */
    char *a = case_of(src, "SKEL_F_ALLTOALL");
    cr_expect_not_null(strstr(a, "skel_rbuf, o->count, tr, c)"), "%s", a);
    free(a);
    free(src);
    skel_signature_free(s);
    tsig_remove_dir(dir);
}
