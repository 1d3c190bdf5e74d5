/* test_codegen_sig.h - hand-made execution signatures for the codegen tests.
 *
 * A signature is written as XML text, compactly, and read back with the real
 * reader (skel_sigfile_parse: schema, checks, derived fields), so that what
 * the tests feed the generator is what a signature file would give it.
 *
 *   struct tsig t = {0};
 *   tsig_head(&t, 2, (int[]){0, 0});        // 2 ranks, both in class 0
 *   tclass(&t, 0, "0 1", 9);                // class 0, ranks 0 1, program block 9
 *   tsym(&t, 0, "MPI_Send", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
 *   tput(&t, "<block id=\"9\"><s ref=\"0\"/></block></class>");
 *   skel_signature *s = tsig_end(&t);       // parsed; asserts on failure
 */
#ifndef TEST_CODEGEN_SIG_H
#define TEST_CODEGEN_SIG_H

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codegen.h"
#include "error.h"
#include "proc.h"
#include "sigfile.h"
#include "signature.h"

struct tsig {
    char *buf;
    size_t len, cap;
};

#define PEER(kind, v) "<peer kind=\"" kind "\" value=\"" #v "\"/>"

__attribute__((format(printf, 2, 3))) static void tput(struct tsig *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    cr_assert(n >= 0);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->buf = realloc(t->buf, t->cap);
        cr_assert_not_null(t->buf);
    }
    va_start(ap, fmt);
    vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* Header: nranks ranks, rank r in class cls[r].  argv_xml: <arg> elements
 * (NULL: one "app"); comms_xml: the <comm> elements (NULL: MPI_COMM_WORLD
 * alone, communicator 0); slots: each rank's slot table (NULL: "0 -",
 * MPI_COMM_WORLD in slot 0). */
static void tsig_head_full(struct tsig *t, int nranks, const int *cls, const char *argv_xml,
                           const char *site_attrs, const char *comms_xml, const char *const *slots)
{
    tput(t,
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<signature xmlns=\"urn:skel:signature\" version=\"1\">\n"
         "<application ranks=\"%d\" mpi-library=\"test\" tracer=\"test\">%s</application>\n"
         "<compression threshold=\"0\" max-threshold=\"0.2\" scale=\"0\" ratio=\"1\" "
         "trace-length=\"1\" signature-length=\"1\"/>\n"
         "<sites><site id=\"0\" %s/></sites>\n<comms>",
         nranks, argv_xml != NULL ? argv_xml : "<arg>app</arg>",
         site_attrs != NULL ? site_attrs : "module=\"app\" offset=\"0\"");
    if (comms_xml != NULL) {
        tput(t, "%s", comms_xml);
    } else {
        tput(t, "<comm id=\"0\" gid=\"0\" members=\"");
        for (int r = 0; r < nranks; r++)
            tput(t, "%s%d", r ? " " : "", r);
        tput(t, "\"/>");
    }
    tput(t, "</comms>\n<ranks>\n");
    for (int r = 0; r < nranks; r++)
        tput(t,
             "<rank id=\"%d\" class=\"%d\" events=\"1\" time-ns=\"1000000\" "
             "compute-ns=\"500000\" mpi-ns=\"500000\" per-event-ns=\"0\" comms=\"%s\"/>\n",
             r, cls[r], slots != NULL ? slots[r] : "0 -");
    tput(t, "</ranks>\n");
}

static void tsig_head_argv(struct tsig *t, int nranks, const int *cls, const char *argv_xml,
                           const char *site_attrs)
{
    tsig_head_full(t, nranks, cls, argv_xml, site_attrs, NULL, NULL);
}

static void tsig_head(struct tsig *t, int nranks, const int *cls)
{
    tsig_head_argv(t, nranks, cls, NULL, NULL);
}

static void tclass(struct tsig *t, int id, const char *ranks, int program)
{
    tput(t,
         "<class id=\"%d\" ranks=\"%s\" program=\"%d\" events=\"0\" length=\"0\" "
         "time-ns=\"0\">\n",
         id, ranks, program);
}

/* A symbol: attrs go into the element (tag, dtsize, op, comm...; comm="0" is
 * added unless attrs has one), pre are peer/root elements, count the element
 * count of its one side, post its links.  Compute 10 us before it, 1 us in
 * the call. */
static void tsym_side(struct tsig *t, int id, const char *call, const char *attrs, const char *pre,
                      long count, int dtsize, const char *flags, const char *post)
{
    int has_comm = attrs != NULL && strstr(attrs, "comm=") != NULL;
    tput(t,
         "<symbol id=\"%d\" call=\"%s\"%s %s dtsize=\"%d\" site=\"0\" occurrences=\"1\">%s"
         "<side role=\"member\" flags=\"%s\" events=\"1\" rbytes-events=\"1\" "
         "count=\"%ld %ld %ld\" bytes=\"%ld %ld %ld\" rbytes=\"0 0 0\"/>%s"
         "<compute count=\"1\" mean=\"10000\" min=\"10000\" max=\"10000\" buckets=\"\"/>"
         "<compute-cpu count=\"1\" mean=\"10000\" min=\"10000\" max=\"10000\" buckets=\"\"/>"
         "<duration count=\"1\" mean=\"1000\" min=\"1000\" max=\"1000\" buckets=\"\"/>"
         "</symbol>\n",
         id, call, has_comm ? "" : " comm=\"0\"", attrs != NULL ? attrs : "", dtsize,
         pre != NULL ? pre : "", flags != NULL ? flags : "", count, count, count, count * dtsize,
         count * dtsize, count * dtsize, post != NULL ? post : "");
}

static void tsym(struct tsig *t, int id, const char *call, const char *attrs, const char *pre,
                 long count, int dtsize, const char *post)
{
    tsym_side(t, id, call, attrs, pre, count, dtsize, "", post);
}

/* Parse what was written (the caller closed the last class). */
static skel_signature *tsig_end(struct tsig *t)
{
    tput(t, "</signature>\n");
    skel_signature *s = NULL;
    int rc = skel_sigfile_parse(t->buf, t->len, "test.sig", &s);
    cr_assert_eq(rc, SKEL_OK, "test signature: %s\n%s", skel_last_error(), t->buf);
    free(t->buf);
    t->buf = NULL;
    t->len = t->cap = 0;
    return s;
}

/* The file dir/name, whole (a new string). */
static inline char *tsig_slurp(const char *dir, const char *name)
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

/* The text of src from head (a function's definition) up to its closing
 * brace at the start of a line (a new string). */
static inline char *tsig_function_of(const char *src, const char *head)
{
    const char *p = strstr(src, head);
    cr_assert_not_null(p, "no %s in the skeleton", head);
    const char *q = strstr(p, "\n}\n");
    cr_assert_not_null(q);
    char *f = strndup(p, (size_t)(q + 3 - p));
    cr_assert_not_null(f);
    return f;
}

/* The text of src from head up to (not including) the next end (a new
 * string). */
static inline char *tsig_text_between(const char *src, const char *head, const char *end)
{
    const char *p = strstr(src, head);
    cr_assert_not_null(p, "no %s in the skeleton", head);
    const char *q = strstr(p, end);
    cr_assert_not_null(q, "no %s after %s in the skeleton", end, head);
    char *f = strndup(p, (size_t)(q - p));
    cr_assert_not_null(f);
    return f;
}

/* Write the NULL-terminated parts (pieces of a generated skeleton.c and a
 * driver's main) as dir/name.c, compile it with warnings as errors (the
 * unused-function and unused-variable ones off if loose: pieces bring
 * declarations the driver does not need), run it and remove both files.
 * The driver's exit status is the verdict; it prints what failed. */
static inline void tsig_run_driver(const char *dir, const char *name, const char *const *parts,
                                   int loose)
{
    char path[1100], bin[1100];
    snprintf(path, sizeof path, "%s/%s.c", dir, name);
    snprintf(bin, sizeof bin, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    for (const char *const *p = parts; *p != NULL; p++)
        cr_assert(fputs(*p, f) >= 0 && fputc('\n', f) != EOF);
    cr_assert_eq(fclose(f), 0);
    char *cc[] = {"cc",
                  "-std=c11",
                  "-O1",
                  "-Wall",
                  "-Wextra",
                  "-Werror",
                  "-o",
                  bin,
                  path,
                  "-lm",
                  loose ? "-Wno-unused-function" : NULL, /* a NULL here ends the list */
                  "-Wno-unused-variable",
                  NULL};
    cr_assert_eq(skel_proc_run(cc, 120, NULL), SKEL_OK, "%s: %s", path, skel_last_error());
    char *run[] = {bin, NULL};
    cr_assert_eq(skel_proc_run(run, 60, NULL), SKEL_OK, "%s: %s", bin, skel_last_error());
    unlink(path);
    unlink(bin);
}

/* Generate s at K = 1 into a new directory made from the template dir. */
static inline void tsig_generate(const skel_signature *s, char *dir)
{
    cr_assert_not_null(mkdtemp(dir));
    struct skel_codegen_opts o;
    skel_codegen_defaults(&o);
    o.templates = SKEL_SOURCE_DIR "/templates";
    o.k = 1;
    struct skel_codegen_report rep;
    cr_assert_eq(skel_codegen_generate(s, &o, dir, &rep), SKEL_OK, "%s", skel_last_error());
    skel_codegen_report_free(&rep);
}

/* dir and the files in it (a skeleton's output directory) removed. */
static inline void tsig_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    char path[2048];
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d != NULL)
        closedir(d);
    rmdir(dir);
}

/* The smallest program: two ranks of one class making one MPI_Allreduce of
 * 8 bytes (for tests that take the template's functions from the
 * skeleton.c it generates). */
static inline skel_signature *tsig_one_allreduce(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 0);
    tsym(&t, 0, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/></block>\n</class>\n");
    return tsig_end(&t);
}

/* The stencil shape of jacobi: loop(19) { loop(9) { Isend Irecv Waitall } Allreduce }. */
static inline skel_signature *tsig_stencil(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 2);
    tsym(&t, 0, "MPI_Isend", "tag=\"1\"", PEER("mod", 1), 100, 8, "");
    tsym(&t, 1, "MPI_Irecv", "tag=\"1\"", PEER("mod", -1), 100, 8, "");
    tsym(&t, 2, "MPI_Waitall", "", "", 0, 0,
         "<link dist=\"2\" index=\"0\" call=\"MPI_Isend\"/>"
         "<link dist=\"1\" index=\"1\" call=\"MPI_Irecv\"/>");
    tsym(&t, 3, "MPI_Allreduce", "op=\"MPI_SUM\"", "", 1, 8, "");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/></block>\n"
             "<block id=\"1\"><loop body=\"0\" count=\"9\"/><s ref=\"3\"/></block>\n"
             "<block id=\"2\"><loop body=\"1\" count=\"19\"/></block>\n</class>\n");
    return tsig_end(&t);
}

/* An MPI_Isendrecv on both ranks, as the tracer records it (tracer/irregular.c):
 * an MPI_Irecv and an MPI_Isend on one handle, completed by one MPI_Wait
 * whose two links name index 0; the body repeats 6 times. */
static inline skel_signature *tsig_isendrecv(void)
{
    struct tsig t = {0};
    tsig_head(&t, 2, (int[]){0, 0});
    tclass(&t, 0, "0 1", 1);
    tsym(&t, 0, "MPI_Irecv", "tag=\"7\"", PEER("mod", -1), 100, 8, "");
    tsym(&t, 1, "MPI_Isend", "tag=\"7\"", PEER("mod", 1), 100, 8, "");
    tsym(&t, 2, "MPI_Wait", "", "", 0, 0,
         "<link dist=\"2\" index=\"0\" call=\"MPI_Irecv\"/>"
         "<link dist=\"1\" index=\"0\" call=\"MPI_Isend\"/>");
    tput(&t, "<block id=\"0\"><s ref=\"0\"/><s ref=\"1\"/><s ref=\"2\"/></block>\n"
             "<block id=\"1\"><loop body=\"0\" count=\"6\"/></block>\n</class>\n");
    return tsig_end(&t);
}

#endif
