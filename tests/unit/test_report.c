/* test_report.c - `skel report` on a synthetic trace, its signature, a
 * skeleton directory and results files of every kind: the page is
 * well-formed XML (so each <svg> in it is too), HTML parsing finds no script
 * in it, hostile strings from the trace and the CSVs come out as text, the
 * bars carry the CSV's values and have lengths proportional to them, and a
 * long run is summarised rather than drawn call by call. */
#include <criterion/criterion.h>

#include "compress.h"
#include "error.h"
#include "meta.h"
#include "report.h"
#include "report_timeline.h"
#include "sigfile.h"
#include "trace.h"
#include "writer.h"

#include <dirent.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define HOSTILE_CMD  "/bin/app<script>alert(1)</script>"
#define HOSTILE_ARG  "--x=\"q\" ]]> -- \x01\x1b[31m \xff\xfe end"
#define HOSTILE_HOST "<script>alert(2)</script>\"h'\x07]]>--"
#define HOSTILE_FUNC "<script>alert(3)</script>"

static char root[64];

static void rm_rf(const char *d)
{
    DIR *dp = opendir(d);
    struct dirent *e;
    while (dp != NULL && (e = readdir(dp)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", d, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            rm_rf(p);
        else
            unlink(p);
    }
    if (dp != NULL)
        closedir(dp);
    rmdir(d);
}

static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* A ring of nranks ranks: iters x (Isend right, Irecv left, Waitall,
 * Allreduce), 5 us of compute before each call, calls of 1 us (+37 ns per
 * rank).  Times scaled by `scale`. */
static void make_trace(const char *dir, uint32_t nranks, uint32_t iters, uint64_t scale)
{
    cr_assert_eq(mkdir(dir, 0700), 0, "%s", dir);
    char *cmd[] = {HOSTILE_CMD, HOSTILE_ARG, NULL};
    skel_meta_rank ranks[8];
    for (uint32_t r = 0; r < nranks; r++)
        ranks[r] = (skel_meta_rank){.rank = r, .host = HOSTILE_HOST, .pid = 100 + r};
    skel_meta m = {.tracer_version = "t",
                   .mpi_library = "Fake <b>MPI</b>\t1.0",
                   .nranks = nranks,
                   .ncommand = 2,
                   .command = cmd,
                   .start_unix_ns = 1700000000000000000ull,
                   .complete = 1,
                   .ranks = ranks,
                   .nrank_entries = nranks};
    char p[512];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK, "%s", skel_last_error());
    for (uint32_t r = 0; r < nranks; r++) {
        char name[64];
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {.rank = r,
                               .nranks = nranks,
                               .pid = 100 + r,
                               .t_init = 1000,
                               .host = HOSTILE_HOST,
                               .mpi_library = "m",
                               .tracer_version = "t"};
        skel_writer *w;
        cr_assert_eq(skel_writer_open(p, &info, 1 << 16, 1, &w), SKEL_OK, "%s", skel_last_error());
        skel_module mod = {.index = 0, .base = 0, .path = "/bin/app"};
        cr_assert_eq(skel_writer_module(w, &mod), SKEL_OK);
        skel_site sites[2] = {
            {.index = 0, .addr = 10, .module = 0, .offset = 10, .func = HOSTILE_FUNC, .file = ""},
            {.index = 1, .addr = 20, .module = 0, .offset = 20, .func = "loop\x01]]>", .file = ""}};
        for (int k = 0; k < 2; k++)
            cr_assert_eq(skel_writer_site(w, &sites[k]), SKEL_OK);
        uint64_t t = 1000, seq = 0, req = 1;
        int32_t right = (int32_t)((r + 1) % nranks), left = (int32_t)((r + nranks - 1) % nranks);
        skel_event ev;
#define EMIT(call_, site_)                                                                         \
    do {                                                                                           \
        ev.call = (call_);                                                                         \
        ev.site = (site_);                                                                         \
        ev.seq = seq++;                                                                            \
        ev.gap_wall = ev.gap_cpu = seq == 1 ? 0 : 5000 * scale;                                    \
        ev.t_start = t + ev.gap_wall;                                                              \
        ev.t_end = ev.t_start + (1000 + 37 * r) * scale;                                           \
        t = ev.t_end;                                                                              \
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());                 \
    } while (0)
        skel_event_init(&ev);
        EMIT(SKEL_CALL_MPI_Init, 0);
        for (uint32_t i = 0; i < iters; i++) {
            skel_event_init(&ev);
            ev.peer = right;
            ev.tag = 7;
            ev.count = 100;
            ev.dtsize = 8;
            ev.bytes = 800;
            uint64_t sreq = ev.req = req++;
            EMIT(SKEL_CALL_MPI_Isend, 1);
            skel_event_init(&ev);
            ev.peer = left;
            ev.tag = 7;
            ev.count = 100;
            ev.dtsize = 8;
            ev.bytes = 800;
            uint64_t rreq = ev.req = req++;
            EMIT(SKEL_CALL_MPI_Irecv, 1);
            skel_event_init(&ev);
            skel_completion c[2] = {{.req = sreq,
                                     .call = SKEL_CALL_MPI_Isend,
                                     .index = 0,
                                     .src = SKEL_PEER_NONE,
                                     .tag = SKEL_TAG_NONE,
                                     .bytes = 800},
                                    {.req = rreq,
                                     .call = SKEL_CALL_MPI_Irecv,
                                     .index = 1,
                                     .src = left,
                                     .tag = 7,
                                     .bytes = 800}};
            ev.ncomplete = 2;
            ev.complete = c;
            EMIT(SKEL_CALL_MPI_Waitall, 1);
            skel_event_init(&ev);
            ev.count = 1;
            ev.dtsize = 8;
            ev.bytes = 8;
            ev.rbytes = 8;
            ev.op = SKEL_OP_SUM;
            EMIT(SKEL_CALL_MPI_Allreduce, 0);
        }
        skel_event_init(&ev);
        EMIT(SKEL_CALL_MPI_Finalize, 0);
#undef EMIT
        skel_rank_end end = {.nevents = seq};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
}

static void make_signature(const char *trace, const char *path)
{
    skel_trace *t;
    cr_assert_eq(skel_trace_open(trace, &t), SKEL_OK, "%s", skel_last_error());
    skel_compress_opts o;
    skel_compress_defaults(&o);
    o.threads = 1;
    skel_signature *s;
    cr_assert_eq(skel_compress_trace(t, &o, &s, NULL), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_sigfile_write(path, s), SKEL_OK, "%s", skel_last_error());
    skel_signature_free(s);
    skel_trace_close(t);
}

/* ---- Reading the page back ------------------------------------------------------ */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    *len = fread(b, 1, (size_t)n, f);
    b[*len] = '\0';
    fclose(f);
    return b;
}

static xmlXPathObjectPtr xpath(xmlDocPtr doc, const char *expr)
{
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
    xmlXPathRegisterNs(ctx, (const xmlChar *)"s", (const xmlChar *)"http://www.w3.org/2000/svg");
    xmlXPathObjectPtr o = xmlXPathEvalExpression((const xmlChar *)expr, ctx);
    xmlXPathFreeContext(ctx);
    cr_assert_not_null(o, "xpath %s", expr);
    return o;
}

static int count(xmlDocPtr doc, const char *expr)
{
    xmlXPathObjectPtr o = xpath(doc, expr);
    int n = o->nodesetval ? o->nodesetval->nodeNr : 0;
    xmlXPathFreeObject(o);
    return n;
}

static double attr_num(xmlNodePtr n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    cr_assert_not_null(v, "no attribute %s", name);
    double d = strtod((const char *)v, NULL);
    xmlFree(v);
    return d;
}

static int attr_is(xmlNodePtr n, const char *name, const char *want)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    int eq = v != NULL && strcmp((const char *)v, want) == 0;
    xmlFree(v);
    return eq;
}

/* The bar of a chart for a group and series: its value must be want and its
 * length |want| x the chart's px per unit (to the 0.01 px the page rounds to). */
static void check_bar(xmlDocPtr doc, const char *chart, const char *group, const char *series,
                      double want)
{
    char expr[512];
    snprintf(expr, sizeof expr, "//s:svg[@data-chart='%s']//s:rect[@data-series='%s']", chart,
             series);
    xmlXPathObjectPtr o = xpath(doc, expr);
    int found = 0;
    for (int i = 0; o->nodesetval && i < o->nodesetval->nodeNr; i++) {
        xmlNodePtr n = o->nodesetval->nodeTab[i];
        if (!attr_is(n, "data-group", group))
            continue;
        found++;
        double v = attr_num(n, "data-value");
        cr_assert(fabs(v - want) <= 1e-9 * fmax(1, fabs(want)), "%s/%s/%s: value %g, CSV %g", chart,
                  group, series, v, want);
        double ppu = attr_num(n->parent, "data-px-per-unit");
        double w = attr_num(n, "width");
        cr_assert(fabs(w - fabs(want) * ppu) <= 0.02, "%s/%s/%s: width %g for %g at %g px/unit",
                  chart, group, series, w, want, ppu);
    }
    xmlXPathFreeObject(o);
    cr_assert_eq(found, 1, "%s: one bar for %s/%s, found %d", chart, group, series, found);
}

/* Every <svg> of the page, serialised alone, parses as XML. */
static int check_svgs_standalone(xmlDocPtr doc)
{
    xmlXPathObjectPtr o = xpath(doc, "//s:svg");
    int n = o->nodesetval ? o->nodesetval->nodeNr : 0;
    for (int i = 0; i < n; i++) {
        xmlBufferPtr b = xmlBufferCreate();
        cr_assert_gt(xmlNodeDump(b, doc, o->nodesetval->nodeTab[i], 0, 0), 0);
        xmlDocPtr d = xmlReadMemory((const char *)xmlBufferContent(b), xmlBufferLength(b),
                                    "svg.xml", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
        cr_assert_not_null(d, "svg %d does not parse alone", i);
        cr_assert_str_eq((const char *)xmlDocGetRootElement(d)->name, "svg");
        xmlFreeDoc(d);
        xmlBufferFree(b);
    }
    xmlXPathFreeObject(o);
    return n;
}

/* ---- The report ------------------------------------------------------------------ */

static const char validate_csv[] =
    "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,nodes,nranks,"
    "command\n"
    "app,dedicated,1,application,10.0,9.9,10.1,3,,,,,\"testbed:1,2\",3,\"./app "
    "<script>alert(5)</script>\"\n"
    "skeleton,dedicated,1,sk,0.5,0.49,0.51,3,10.0,0,20,20,\"testbed:1,2\",3,./app\n"
    "app,cpu-one,0,application,12.5,12,13,3,,,,,\"testbed:1,2\",3,./app\n"
    "skeleton,cpu-one,0,sk,0.6,0.58,0.61,3,12.0,-0.04,20,20,\"testbed:1,2\",3,./app\n"
    "average,cpu-one,0,average,,,,4,11.0,-0.12,1.1,,\"testbed:1,2\",3,./app\n"
    "small,cpu-one,0,small,0.2,0.2,0.2,3,14.0,0.12,50,,\"testbed:1,2\",3,./app\n"
    "app,\"link <b>one</b>\",0,application,20.0,19,21,3,,,,,\"testbed:1,2\",3,./app\n"
    "skeleton,\"link <b>one</b>\",0,sk,1.05,1,1.1,3,21.0,0.05,20,20,\"testbed:1,2\",3,./app\n"
    "average,\"link <b>one</b>\",0,average,,,,4,15.0,-0.25,1.5,,\"testbed:1,2\",3,./app\n";

static const char select_csv[] =
    "rank,candidate,hosts,nranks,launches,skeleton_s,min_s,max_s,ratio,predicted_s,vs_best,outcome,"
    "error\n"
    "1,fast,\"10.77.0.1,10.77.0.2\",3,1,0.5,0.49,0.52,20,10,1.00,ok,\n"
    ",dead,10.77.0.4,3,1,,,,20,,,failed,\"exit 1: <script>alert(6)</script>\"\n"
    "2,slow,10.77.0.3,3,1,0.8,0.7,0.9,20,16,1.60,ok,\n";

static const char run_csv[] =
    "kind,repeat,wall_s,outcome,status,median_s,min_s,max_s,mad_s,q1_s,q3_s,nodes,nranks,scenario,"
    "command\n"
    "run,1,1.5,ok,0,,,,,,,local,3,,\"./app ]]> <script>alert(7)</script>\"\n"
    "run,2,1.7,ok,0,,,,,,,local,3,,\"./app ]]> <script>alert(7)</script>\"\n"
    "run,3,1.6,ok,0,,,,,,,local,3,,\"./app ]]> <script>alert(7)</script>\"\n"
    "summary,3,1.6,ok,,1.6,1.5,1.7,0.1,1.55,1.65,local,3,,\"./app ]]> "
    "<script>alert(7)</script>\"\n";

static const char calibrate_csv[] =
    "kind,target,predicted_s,measured_s,predicted_change,measured_change,error\n"
    "lbf,6/3,,,1.9,2.0,-0.05\n"
    "nf,\"<script>alert(8)</script>.csv\",,,1.2,1.25,-0.04\n";

static const char predict_tsv[] =
    "measured_ns\t7400000000\npredicted_ns\t7300000000\nratio\t0.986\n"
    "ranks\t3\nprocessors\t1\nhosts\t1\n";

Test(report, full_page_is_safe_well_formed_and_true_to_its_inputs, .timeout = 120)
{
    snprintf(root, sizeof root, "/tmp/skel-test-report-XXXXXX");
    cr_assert_not_null(mkdtemp(root));
    char trace[256], skel[256], strace[256], sig[256], p[512], out[256];
    snprintf(trace, sizeof trace, "%s/app.trace", root);
    snprintf(skel, sizeof skel, "%s/skel", root);
    snprintf(strace, sizeof strace, "%s/skel/skeleton-trace", root);
    snprintf(sig, sizeof sig, "%s/app.sig", root);
    snprintf(out, sizeof out, "%s/report.html", root);
    make_trace(trace, 3, 400, 1);
    make_signature(trace, sig);
    cr_assert_eq(mkdir(skel, 0700), 0);
    snprintf(p, sizeof p, "%s/skeleton.meta", skel);
    put_file(p, "format 1\nk 10\nranks 3\napp_time_s 0.0098\nexpected_s 0.00098\n"
                "shortest_good_s 0.00003\nexpect 0 MPI_Init 1\n");
    make_trace(strace, 3, 40, 1);
    const char *names[] = {"validate.csv", "select.csv", "x<script>alert(9)<script>.csv",
                           "calibrate.csv", "predict.tsv"};
    const char *texts[] = {validate_csv, select_csv, run_csv, calibrate_csv, predict_tsv};
    char paths[5][512];
    const char *results[5];
    for (int i = 0; i < 5; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", root, names[i]);
        put_file(paths[i], texts[i]);
        results[i] = paths[i];
    }
    struct skel_report_opts o = {
        .trace = trace, .signature = sig, .skeleton = skel, .results = results, .nresults = 5};
    struct skel_report_summary sum;
    cr_assert_eq(skel_report_write(&o, out, &sum), SKEL_OK, "%s", skel_last_error());
    cr_assert_geq(sum.sections, 9, "%d sections", sum.sections);

    /* Raw bytes: no markup from the inputs, no control characters. */
    size_t len;
    char *page = slurp(out, &len);
    cr_assert(strncmp(page, "<!DOCTYPE html>", 15) == 0);
    for (const char *q = page; (q = strchr(q, '<')) != NULL; q++)
        cr_assert(strncasecmp(q, "<script", 7) != 0, "raw <script at byte %td", q - page);
    for (size_t i = 0; i < len; i++)
        cr_assert((unsigned char)page[i] >= 0x20 || page[i] == '\n' || page[i] == '\t',
                  "control byte 0x%02x at %zu", (unsigned char)page[i], i);
    cr_assert(strstr(page, "Content-Security-Policy") != NULL);

    /* As XML: well-formed, and the hostile strings are there as text. */
    xmlDocPtr doc = xmlReadFile(out, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
    cr_assert_not_null(doc, "the page is not well-formed XML");
    cr_assert_eq(count(doc, "//p[@class='cmd'][contains(., '" HOSTILE_CMD
                            " --x=\"q\" ]]> -- \\x01\\x1b[31m')]"),
                 1);
    cr_assert_geq(count(doc, "//*[contains(text(), '<script>alert(2)</script>')]"), 1,
                  "host names shown");
    cr_assert_geq(count(doc, "//*[contains(text(), '<script>alert(5)</script>')]"), 1);
    cr_assert_geq(count(doc, "//*[contains(text(), 'alert(6)')]"), 1, "select error shown");
    cr_assert_geq(count(doc, "//*[contains(text(), 'alert(9)')]"), 1, "file name shown");
    cr_assert_geq(count(doc, "//*[contains(., '" HOSTILE_FUNC "')]"), 1, "call site shown");
    int nsvg = check_svgs_standalone(doc);
    cr_assert_geq(nsvg, 10, "%d charts", nsvg);
    static const char *const charts[] = {"timeline",      "share",          "signature",
                                         "validate-time", "validate-error", "validate-summary",
                                         "select-rank",   "runs",           "critpath-call",
                                         "critpath-site", "calibrate",      "predict"};
    for (size_t i = 0; i < sizeof charts / sizeof charts[0]; i++) {
        char e[128];
        snprintf(e, sizeof e, "//s:svg[@data-chart='%s']", charts[i]);
        cr_assert_geq(count(doc, e), 1, "no %s chart", charts[i]);
    }

    /* As HTML (what a browser does): still no script element anywhere. */
    htmlDocPtr h =
        htmlReadFile(out, "utf-8", HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
    cr_assert_not_null(h);
    cr_assert_eq(count(h, "//script"), 0);
    cr_assert_geq(count(h, "//section"), 9);
    xmlFreeDoc(h);

    /* Bars against the CSVs. */
    check_bar(doc, "validate-time", "dedicated (reference)", "measured", 10.0);
    check_bar(doc, "validate-time", "dedicated (reference)", "skeleton", 10.0);
    check_bar(doc, "validate-time", "cpu-one", "measured", 12.5);
    check_bar(doc, "validate-time", "cpu-one", "skeleton", 12.0);
    check_bar(doc, "validate-time", "cpu-one", "average prediction", 11.0);
    check_bar(doc, "validate-time", "cpu-one", "small input", 14.0);
    check_bar(doc, "validate-time", "link <b>one</b>", "skeleton", 21.0);
    check_bar(doc, "validate-error", "cpu-one", "skeleton", -4.0);
    check_bar(doc, "validate-error", "link <b>one</b>", "average prediction", -25.0);
    check_bar(doc, "validate-error", "cpu-one", "small input", 12.0);
    check_bar(doc, "validate-summary", "skeleton", "mean |error|", 4.5);
    check_bar(doc, "select-rank", "1. fast (10.77.0.1,10.77.0.2)", "predicted application time",
              10);
    check_bar(doc, "select-rank", "2. slow (10.77.0.3)", "predicted application time", 16);
    check_bar(doc, "runs", "./app ]]> <script>alert(7)</script>", "median", 1.6);
    check_bar(doc, "calibrate", "lbf: 6/3", "predicted change", 1.9);
    check_bar(doc, "calibrate", "nf: <script>alert(8)</script>.csv", "skeleton-measured change",
              1.25);
    check_bar(doc, "predict", "predict.tsv, 1 processors", "predicted", 7.3);
    check_bar(doc, "predict", "predict.tsv, 1 processors", "measured (traced run)", 7.4);
    /* The ranking is by rank, the failed candidate (no rank) last and drawn
     * without a bar. */
    cr_assert_eq(count(doc, "//s:svg[@data-chart='select-rank']//s:rect[@data-series]"), 2);
    xmlXPathObjectPtr labels = xpath(doc, "//s:svg[@data-chart='select-rank']//s:text[@text-anchor='end']");
    cr_assert_geq(labels->nodesetval->nodeNr, 3);
    xmlChar *last = xmlNodeGetContent(labels->nodesetval->nodeTab[2]);
    cr_assert_str_eq((const char *)last, "– dead (10.77.0.4)");
    xmlFree(last);
    xmlXPathFreeObject(labels);

    /* Compute vs MPI from the trace's own times: per rank r and iteration,
     * 4 x 5 us of compute and 4 x (1 us + 37r ns) in calls (3 point-to-point,
     * 1 collective), plus the compute before MPI_Finalize. */
    double comp = 0, p2p = 0, coll = 0;
    for (int r = 0; r < 3; r++) {
        comp += (4.0 * 400 + 1) * 5000;
        p2p += 400 * 3.0 * (1000 + 37 * r);
        coll += 400 * 1.0 * (1000 + 37 * r);
    }
    /* MPI_Init and MPI_Finalize frame the program and are left out, even
     * where they overlap the window (ranks 0 and 1 reach MPI_Finalize before
     * rank 2, whose MPI_Finalize ends the window). */
    double other = 0;
    double all = comp + p2p + coll + other;
    xmlXPathObjectPtr bars =
        xpath(doc, "//s:svg[@data-chart='share']//s:rect[@data-bar='Application']");
    cr_assert_eq(bars->nodesetval->nodeNr, 4);
    double want[4] = {100 * comp / all, 100 * p2p / all, 100 * coll / all, 100 * other / all};
    for (int i = 0; i < 4; i++)
        cr_assert(fabs(attr_num(bars->nodesetval->nodeTab[i], "data-value") - want[i]) < 1e-4,
                  "category %d: %g vs %g", i, attr_num(bars->nodesetval->nodeTab[i], "data-value"),
                  want[i]);
    xmlXPathFreeObject(bars);

    /* The skeleton's rows are stretched by K: its 40 iterations at K = 10 span
     * the same width as the application's 400. */
    xmlXPathObjectPtr rows = xpath(doc, "//s:g[@data-timeline]/s:g[@data-row='rank 0']/s:rect");
    cr_assert_eq(rows->nodesetval->nodeNr, 2, "a row per timeline");
    double wa = attr_num(rows->nodesetval->nodeTab[0], "width");
    double ws = attr_num(rows->nodesetval->nodeTab[1], "width");
    cr_assert(fabs(ws / wa - 1) < 0.02, "skeleton row %g px, application row %g px", ws, wa);
    xmlXPathFreeObject(rows);

    xmlFreeDoc(doc);
    free(page);
    rm_rf(root);
}

Test(report, long_run_is_summarised, .timeout = 300)
{
    snprintf(root, sizeof root, "/tmp/skel-test-report-XXXXXX");
    cr_assert_not_null(mkdtemp(root));
    char trace[256], out[256];
    snprintf(trace, sizeof trace, "%s/long.trace", root);
    snprintf(out, sizeof out, "%s/report.html", root);
    /* 4 ranks x 25 000 iterations: 400 000 calls, 100 000 messages. */
    make_trace(trace, 4, 25000, 1);
    struct skel_report_opts o = {.trace = trace, .no_critpath = 1};
    cr_assert_eq(skel_report_write(&o, out, NULL), SKEL_OK, "%s", skel_last_error());
    xmlDocPtr doc = xmlReadFile(out, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_HUGE);
    cr_assert_not_null(doc);
    /* Bounded by the pixels, not the calls: at most a path per row and
     * category, and a sample of the messages. */
    int elems = count(doc, "//s:svg[@data-chart='timeline']//*");
    cr_assert_lt(elems, 3000, "%d elements in the timeline", elems);
    int paths = count(doc, "//s:svg[@data-chart='timeline']//s:path");
    cr_assert_leq(paths, 4 * 4);
    int lines = count(doc, "//s:g[@data-lines]/s:line");
    cr_assert_gt(lines, 100, "messages drawn");
    cr_assert_leq(lines, 1500);
    cr_assert_eq(count(doc, "//p[contains(., 'of 100') and contains(., 'messages drawn')]"), 1);
    struct stat st;
    cr_assert_eq(stat(out, &st), 0);
    cr_assert_lt(st.st_size, 4 << 20, "page of %lld bytes", (long long)st.st_size);
    xmlFreeDoc(doc);
    rm_rf(root);
}

Test(report, bad_results_file_fails_with_its_position_and_no_page)
{
    snprintf(root, sizeof root, "/tmp/skel-test-report-XXXXXX");
    cr_assert_not_null(mkdtemp(root));
    char bad[256], out[256];
    snprintf(bad, sizeof bad, "%s/v.csv", root);
    snprintf(out, sizeof out, "%s/report.html", root);
    put_file(bad, "kind,scenario,reference,name,time_s,min_s,max_s,runs,predicted_s,error,ratio,k,"
                  "nodes,nranks,command\napp,x,1,application,ten,,,,,,,,,,\n");
    const char *res[] = {bad};
    struct skel_report_opts o = {.results = res, .nresults = 1};
    cr_assert_eq(skel_report_write(&o, out, NULL), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(),
                     "v.csv:2:21: column 'time_s': expected a number, found 'ten'") != NULL,
              "%s", skel_last_error());
    cr_assert_neq(access(out, F_OK), 0);
    rm_rf(root);
}

Test(report, trace_the_replay_cannot_complete_is_drawn_rank_by_rank)
{
    snprintf(root, sizeof root, "/tmp/skel-test-report-XXXXXX");
    cr_assert_not_null(mkdtemp(root));
    char trace[256], out[256], p[512], name[64];
    snprintf(trace, sizeof trace, "%s/cut.trace", root);
    snprintf(out, sizeof out, "%s/report.html", root);
    make_trace(trace, 2, 200, 1);
    /* Rank 1's file loses its end: rank 0's last messages are never received. */
    skel_trace_rank_filename(1, name, sizeof name);
    snprintf(p, sizeof p, "%s/%s", trace, name);
    struct stat st;
    cr_assert_eq(stat(p, &st), 0);
    cr_assert_eq(truncate(p, st.st_size / 2), 0);
    struct skel_report_opts o = {.trace = trace};
    cr_assert_eq(skel_report_write(&o, out, NULL), SKEL_OK, "%s", skel_last_error());
    xmlDocPtr doc = xmlReadFile(out, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
    cr_assert_not_null(doc);
    cr_assert_eq(count(doc, "//p[@class='warn'][contains(., 'could not be replayed together')]"), 1);
    cr_assert_eq(count(doc, "//s:g[@data-lines]"), 0, "no message lines without the replay");
    cr_assert_eq(count(doc, "//s:g[@data-timeline='application']/s:g[@data-row]"), 2);
    /* The critical path needs the replay too: a note, not a failed report. */
    cr_assert_eq(count(doc, "//section[@id='critical-path']/p[@class='warn']"), 1);
    xmlFreeDoc(doc);
    rm_rf(root);
}

/* The timeline's colours come from the call table's categories; a
 * completion (Wait, Test) takes the colour of what it completed. */
Test(report, completions_are_coloured_as_what_they_complete)
{
    cr_assert_eq(skel_tl_category(SKEL_CALL_MPI_Isend), SKEL_TL_P2P);
    cr_assert_eq(skel_tl_category(SKEL_CALL_MPI_Iprobe), SKEL_TL_P2P);
    cr_assert_eq(skel_tl_category(SKEL_CALL_MPI_Ibarrier), SKEL_TL_COLL);
    cr_assert_eq(skel_tl_category(SKEL_CALL_MPI_File_read), SKEL_TL_OTHER);
    cr_assert_eq(skel_tl_category(SKEL_CALL_MPI_Comm_dup), SKEL_TL_OTHER);
    cr_assert_eq(skel_tl_category(SKEL_CALL_MPI_Wait), SKEL_TL_P2P, "a Wait without context");
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Waitall;
    cr_assert_eq(skel_tl_event_category(&ev), SKEL_TL_P2P, "completed nothing");
    skel_completion c[2] = {{.call = SKEL_CALL_MPI_Ibarrier}, {.call = SKEL_CALL_MPI_Iallreduce}};
    ev.complete = c;
    ev.ncomplete = 2;
    cr_assert_eq(skel_tl_event_category(&ev), SKEL_TL_COLL);
    c[1].call = SKEL_CALL_MPI_Irecv;
    cr_assert_eq(skel_tl_event_category(&ev), SKEL_TL_P2P, "a mix");
    c[0].call = SKEL_CALL_MPI_Rput;
    ev.ncomplete = 1;
    cr_assert_eq(skel_tl_event_category(&ev), SKEL_TL_OTHER);
    ev.call = SKEL_CALL_MPI_Send; /* not a completion: its own category */
    cr_assert_eq(skel_tl_event_category(&ev), SKEL_TL_P2P);
}
