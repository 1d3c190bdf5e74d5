/* report.c - the HTML page of `skel report` (see report.h).
 *
 * Everything is loaded and computed first - inputs that fail to load stop
 * the report before anything is written - then the page is written in one
 * go through an xmlTextWriter on a temporary file.  Sections are functions
 * named after their id on the page (sec_timeline, sec_validation...). */
#include "report.h"

#include "afile.h"
#include "critpath.h"
#include "error.h"
#include "report_results.h"
#include "report_sig.h"
#include "report_text.h"
#include "report_timeline.h"
#include "sigfile.h"
#include "svg.h"
#include "trace.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- The page's style -------------------------------------------------------- */

static const char page_css[] =
    ":root{--ink:#1a202c;--muted:#64748b;--line:#e2e8f0;--bg:#f4f6f9;--card:#ffffff;"
    "--accent:#7c3aed;--mono:ui-monospace,'SFMono-Regular','DejaVu Sans Mono',Menlo,monospace}"
    "*{box-sizing:border-box}"
    "html{scroll-behavior:smooth}"
    "body{margin:0;background:var(--bg);color:var(--ink);"
    "font:15px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
    "-webkit-font-smoothing:antialiased}"
    ".wrap{max-width:1180px;margin:0 auto;padding:0 28px}"
    "header.top{background:linear-gradient(135deg,#0f172a 0%,#1e293b 55%,#334155 100%);"
    "color:#f8fafc;padding:30px 0 26px}"
    "header.top .kicker{font-size:12px;letter-spacing:.14em;text-transform:uppercase;color:#a5b4fc;"
    "font-weight:600}"
    "h1{font-size:28px;line-height:1.2;margin:6px 0 6px;font-weight:700;letter-spacing:-.015em}"
    ".cmd{font:13px/1.45 var(--mono);color:#cbd5e1;word-break:break-all;margin:0}"
    ".facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(178px,1fr));gap:10px;"
    "margin-top:20px}"
    ".fact{background:rgba(255,255,255,.07);border:1px solid rgba(255,255,255,.08);"
    "border-radius:10px;padding:9px 13px}"
    ".fact .k{font-size:11px;text-transform:uppercase;letter-spacing:.07em;color:#94a3b8}"
    ".fact .v{font-size:17px;font-weight:600;color:#f8fafc;font-variant-numeric:tabular-nums;"
    "overflow-wrap:anywhere}"
    "nav.toc{position:sticky;top:0;z-index:2;background:rgba(244,246,249,.94);"
    "border-bottom:1px solid var(--line);backdrop-filter:blur(6px)}"
    "nav.toc a{display:inline-block;padding:10px 11px;color:#475569;text-decoration:none;"
    "font-size:13px;font-weight:500}"
    "nav.toc a:hover{color:var(--accent)}"
    "section.card{background:var(--card);border:1px solid var(--line);border-radius:14px;"
    "padding:24px 28px 20px;margin:24px 0;box-shadow:0 1px 3px rgba(15,23,42,.05)}"
    "section.card h2{margin:0 0 6px;font-size:20px;letter-spacing:-.01em}"
    "section.card h3{margin:22px 0 6px;font-size:16px}"
    "p{margin:8px 0}"
    "p.lead{color:var(--muted);margin:0 0 14px;max-width:900px}"
    "svg.chart{width:100%;height:auto;display:block;margin:10px 0 6px}"
    "table.data{border-collapse:collapse;width:100%;font-size:13px;margin:12px 0 6px}"
    "table.data th{text-align:left;color:var(--muted);font-weight:600;font-size:12px;"
    "border-bottom:2px solid var(--line);padding:6px 9px;white-space:nowrap}"
    "table.data td{border-bottom:1px solid var(--line);padding:5px 9px;vertical-align:top}"
    "table.data tbody tr:nth-child(even){background:#fafbfc}"
    "table.data .num,table.data th.num{text-align:right;font-variant-numeric:tabular-nums;"
    "white-space:nowrap}"
    ".mono{font-family:var(--mono);font-size:12px;overflow-wrap:anywhere}"
    ".sig{font:13px/1.8 var(--mono);background:#f8fafc;border:1px solid var(--line);"
    "border-radius:10px;padding:12px 16px;overflow-x:auto;margin:10px 0}"
    ".sym{padding:1px 3px;border-radius:4px}"
    ".sym.p2p{background:#fdebd0}.sym.coll{background:#f9d6d5}.sym.other{background:#e5e9f0}"
    ".loop{font-weight:700;color:#4a5568}"
    ".loop.dominant,.body.dominant{color:var(--accent)}"
    ".body{padding-left:2.2em;text-indent:-2.2em}"
    ".note{color:var(--muted)}"
    ".callout{border-left:4px solid var(--accent);background:#f5f3ff;padding:9px 14px;"
    "border-radius:0 8px 8px 0}"
    ".warn{border-left:4px solid #d97706;background:#fffbeb;padding:9px 14px;"
    "border-radius:0 8px 8px 0}"
    ".grid2{display:grid;grid-template-columns:1fr 1fr;gap:18px}"
    ".ok{color:#15803d;font-weight:600}.bad{color:#b91c1c;font-weight:600}"
    "footer{color:var(--muted);font-size:12px;padding:8px 0 44px}"
    "@media print{nav.toc{display:none}section.card{break-inside:avoid;box-shadow:none}}";

/* ---- State --------------------------------------------------------------------- */

/* The critical path, from a `skel critpath --tsv` file or computed here. */
struct cp_item {
    int cat; /* enum skel_critpath_category */
    double cp_ns, cpu_ns, zero_ns;
    uint64_t count;
    const char *name, *detail;
};

struct cp_data {
    int have;
    char source[600];
    double run_ns, length_ns, cpu_total_ns;
    long end_rank; /* -1 unknown */
    size_t n;
    struct cp_item *items;
};

struct page {
    skel_svg d;
    const struct skel_report_opts *o;
    const char *trace_dir, *sig_path, *skel_dir, *strace_dir;
    skel_trace *trace, *strace;
    struct skel_timeline app, skel;
    int have_app, have_skel;
    skel_signature *sig;
    struct skel_results *meta; /* skeleton.meta */
    double k, app_time_s, expected_s, model_s, shortest_good_s;
    struct skel_results **res;
    size_t nres;
    struct skel_critpath_result cpr; /* computed */
    char cp_error[600];
    struct cp_data cp;
    int sections, charts;
    char paths[4][4200]; /* inputs found in the skeleton directory */
    char partial[4][700]; /* inputs made of part of a run, and why (shown first) */
    size_t npartial;
};

/* ---- Small helpers ---------------------------------------------------------- */

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s != NULL && s[1] != '\0' ? s + 1 : p;
}

static const char *secs(double s, char *buf, size_t len)
{
    return skel_text_seconds(s, buf, len);
}

static const char *fmt_pct(double v, char *buf, size_t len)
{
    snprintf(buf, len, v == 0 ? "0 %%" : "%+g %%", v);
    return buf;
}

static const char *fmt_times(double v, char *buf, size_t len)
{
    snprintf(buf, len, "%g×", v);
    return buf;
}

/* Value labels: a few significant digits, the unit attached. */
static const char *lab_secs(double v, char *buf, size_t len)
{
    return skel_text_seconds(v, buf, len);
}

static const char *lab_pct(double v, char *buf, size_t len)
{
    if (v != 0 && fabs(v) < 0.05)
        snprintf(buf, len, "%s0.1 %%", v < 0 ? "> −" : "< ");
    else
        snprintf(buf, len, "%.1f %%", v);
    return buf;
}

static const char *lab_spct(double v, char *buf, size_t len)
{
    snprintf(buf, len, "%+.1f %%", v);
    return buf;
}

static const char *lab_times(double v, char *buf, size_t len)
{
    snprintf(buf, len, "%.3g×", v);
    return buf;
}

static void section_begin(struct page *p, const char *id, const char *title, const char *lead)
{
    skel_svg *d = &p->d;
    skel_svg_raw(d, "\n");
    skel_svg_open(d, "section");
    skel_svg_attr(d, "class", "card");
    skel_svg_attr(d, "id", id);
    skel_svg_el(d, "h2", NULL, title);
    if (lead != NULL)
        skel_svg_el(d, "p", "lead", lead);
    p->sections++;
}

static void section_end(struct page *p)
{
    skel_svg_close_full(&p->d);
}

static void th(skel_svg *d, const char *cls, const char *text)
{
    skel_svg_el(d, "th", cls, text);
}

static void td(skel_svg *d, const char *cls, const char *text)
{
    skel_svg_el(d, "td", cls, text);
}

static void table_begin(skel_svg *d, const char *const *heads, size_t n)
{
    skel_svg_open(d, "table");
    skel_svg_attr(d, "class", "data");
    skel_svg_open(d, "thead");
    skel_svg_open(d, "tr");
    for (size_t i = 0; i < n; i++) {
        /* A leading '#' marks a numeric column. */
        int num = heads[i][0] == '#';
        th(d, num ? "num" : NULL, heads[i] + num);
    }
    skel_svg_close_full(d);
    skel_svg_close_full(d);
    skel_svg_open(d, "tbody");
}

static void table_end(skel_svg *d)
{
    skel_svg_close_full(d);
    skel_svg_close_full(d);
}

static void td_secs(skel_svg *d, double s, int have)
{
    char b[32];
    td(d, "num", have ? secs(s, b, sizeof b) : "–");
}

/* ---- Horizontal bar charts ----------------------------------------------------- */

struct hbar {
    const char *group;  /* label on the left (one per group of consecutive bars) */
    const char *series; /* what the bar is (legend entry) */
    const char *colour;
    double value;
    double lo, hi;    /* a whisker, or NAN */
    const char *tip;  /* tooltip; NULL: group, series and value */
    const char *text; /* label after the bar; NULL: the value formatted */
    int strong;       /* outline it (the best candidate...) */
};

/* Bars grouped by consecutive equal group labels, on one linear axis
 * (including 0) with the unit in axis_label; data-* attributes carry the
 * exact values for tests and tools. */
static void hbar_chart(struct page *p, const char *chart, const char *title, const struct hbar *b,
                       size_t n, const char *axis_label, skel_svg_fmt fmt, skel_svg_fmt label_fmt,
                       const struct skel_svg_key *keys, size_t nkeys)
{
    if (n == 0)
        return;
    skel_svg *d = &p->d;
    const double W = 1100, x0 = 250, right = 120, bar_h = 17, gap = 4, group_gap = 14;
    double lo = 0, hi = 0;
    size_t ngroups = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || strcmp(b[i].group, b[i - 1].group) != 0)
            ngroups++;
        double v[3] = {b[i].value, b[i].lo, b[i].hi};
        for (int j = 0; j < 3; j++)
            if (isfinite(v[j])) {
                lo = v[j] < lo ? v[j] : lo;
                hi = v[j] > hi ? v[j] : hi;
            }
    }
    if (hi == lo)
        hi = lo + 1;
    /* Round the domain out to whole ticks. */
    double step = skel_svg_tick_step(lo, hi, 8);
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    double top = nkeys > 0 ? 34 : 12;
    double plot_h = (double)n * (bar_h + gap) + (double)ngroups * group_gap;
    double h = top + plot_h + 46;
    skel_svg_begin(d, chart, W, h, title);
    if (nkeys > 0)
        skel_svg_legend(d, x0, 18, keys, nkeys);
    struct skel_svg_scale s = {lo, hi, x0, W - right};
    double zero = skel_svg_map(&s, 0);
    double y = top + group_gap / 2;
    /* Scale as data: px per unit, for checkers. */
    skel_svg_open(d, "g");
    skel_svg_attrf(d, "data-px-per-unit", "%.9g", (s.r1 - s.r0) / (s.d1 - s.d0));
    skel_svg_attrf(d, "data-zero-x", "%.4f", zero);
    skel_svg_axis_x(d, &s, top + plot_h, top, 9, fmt, axis_label);
    for (size_t i = 0; i < n; i++) {
        int first = i == 0 || strcmp(b[i].group, b[i - 1].group) != 0;
        size_t in_group = 1;
        if (first) {
            while (i + in_group < n && strcmp(b[i + in_group].group, b[i].group) == 0)
                in_group++;
            if (i > 0)
                y += group_gap;
            double gh = (double)in_group * (bar_h + gap) - gap;
            /* Group label, cut to the space on the left. */
            char *lab = skel_text_clean(b[i].group, 0, 0);
            if (lab != NULL) {
                size_t max = 36;
                size_t chars = 0, cut = 0;
                for (size_t k = 0; lab[k] != '\0'; k++)
                    if (((unsigned char)lab[k] & 0xc0) != 0x80 && ++chars == max)
                        cut = k;
                skel_svg_open(d, "text");
                skel_svg_num(d, "x", x0 - 12);
                skel_svg_num(d, "y", y + gh / 2 + 4);
                skel_svg_attr(d, "text-anchor", "end");
                skel_svg_attr(d, "fill", SKEL_SVG_INK);
                if (cut > 0) {
                    skel_svg_title(d, lab);
                    lab[cut] = '\0';
                    skel_svg_textf(d, "%s…", lab);
                } else {
                    skel_svg_text(d, lab);
                }
                skel_svg_close_full(d);
                free(lab);
            }
        }
        double v = b[i].value;
        if (isfinite(v)) {
            double xv = skel_svg_map(&s, v);
            skel_svg_rect_open(d, v >= 0 ? zero : xv, y, fabs(xv - zero), bar_h, b[i].colour);
            skel_svg_num(d, "rx", 2);
            if (b[i].strong) {
                skel_svg_attr(d, "stroke", SKEL_SVG_ACCENT);
                skel_svg_attr(d, "stroke-width", "2");
            }
            skel_svg_attr(d, "data-group", b[i].group);
            skel_svg_attr(d, "data-series", b[i].series);
            skel_svg_attrf(d, "data-value", "%.9g", v);
            char tip[700], vb[64];
            if (b[i].tip != NULL)
                snprintf(tip, sizeof tip, "%s", b[i].tip);
            else
                snprintf(tip, sizeof tip, "%.300s, %.200s: %s", b[i].group, b[i].series,
                         label_fmt(v, vb, sizeof vb));
            skel_svg_title(d, tip);
            skel_svg_close(d);
            if (isfinite(b[i].lo) && isfinite(b[i].hi)) {
                double a = skel_svg_map(&s, b[i].lo), c = skel_svg_map(&s, b[i].hi);
                double ym = y + bar_h / 2;
                skel_svg_line(d, a, ym, c, ym, SKEL_SVG_INK, 1.2);
                skel_svg_line(d, a, ym - 4, a, ym + 4, SKEL_SVG_INK, 1.2);
                skel_svg_line(d, c, ym - 4, c, ym + 4, SKEL_SVG_INK, 1.2);
            }
            char lab[128];
            const char *text = b[i].text != NULL ? b[i].text : label_fmt(v, lab, sizeof lab);
            /* The value after the bar's end; for a negative bar, just right of
             * zero (its end may reach the group labels on the left). */
            double tx = v >= 0 ? fmax(xv, isfinite(b[i].hi) ? skel_svg_map(&s, b[i].hi) : xv) + 6
                               : zero + 6;
            skel_svg_label(d, tx, y + bar_h / 2 + 4, "start", SKEL_SVG_INK, 11, text);
        } else {
            skel_svg_label(d, zero + 6, y + bar_h / 2 + 4, "start", SKEL_SVG_MUTED, 11,
                           b[i].text != NULL ? b[i].text : "not measured");
        }
        y += bar_h + gap;
    }
    if (lo < 0)
        skel_svg_line(d, zero, top, zero, top + plot_h, SKEL_SVG_AXIS, 1);
    skel_svg_close_full(d);
    skel_svg_end(d);
    p->charts++;
}

/* ---- Loading -------------------------------------------------------------------- */

static double meta_num(const struct skel_results *m, const char *key, int *rc)
{
    double v = 0;
    int e = skel_results_key_num(m, key, 1, &v);
    if (e != SKEL_OK && e != SKEL_ENOTFOUND && *rc == SKEL_OK)
        *rc = e;
    return e == SKEL_OK ? v : 0;
}

/* Remember that an input holds part of a run only. */
static void note_partial(struct page *p, const char *what, const char *name, const char *why)
{
    if (p->npartial < sizeof p->partial / sizeof p->partial[0])
        snprintf(p->partial[p->npartial++], sizeof p->partial[0], "%s %.200s is partial: %.300s",
                 what, name, why);
}

/* The words after key on its line of a results file (TSV "partial" rows,
 * skeleton.meta's "partial_reason"), joined by blanks; "" when absent. */
static void key_text(const struct skel_results *r, const char *key, char *out, size_t len)
{
    out[0] = '\0';
    for (size_t i = 0; r != NULL && i < r->nrows; i++) {
        const struct skel_results_row *row = &r->rows[i];
        if (row->n < 2 || strcmp(row->cell[0].text, key) != 0)
            continue;
        size_t k = 0;
        for (size_t c = 1; c < row->n && k < len; c++)
            k += (size_t)snprintf(out + k, len - k, "%s%s", c > 1 ? " " : "", row->cell[c].text);
        return;
    }
}

/* Which inputs are made of part of a run: traces read to their ends
 * (skel_trace_completeness()), the signature's and skeleton.meta's marks,
 * the "partial" rows of critpath and predict tables. */
static int find_partial(struct page *p)
{
    char why[256];
    int complete, rc;
    if (p->trace != NULL) {
        if ((rc = skel_trace_completeness(p->trace, &complete, why, sizeof why)) != SKEL_OK)
            return rc;
        if (!complete)
            note_partial(p, "the trace", p->trace_dir, why);
    }
    if (p->strace != NULL) {
        if ((rc = skel_trace_completeness(p->strace, &complete, why, sizeof why)) != SKEL_OK)
            return rc;
        if (!complete)
            note_partial(p, "the skeleton's trace", p->strace_dir, why);
    }
    if (p->sig != NULL && p->sig->partial != NULL)
        note_partial(p, "the signature", p->sig_path, p->sig->partial);
    double c = 1;
    if (p->meta != NULL && skel_results_key_num(p->meta, "complete", 1, &c) == SKEL_OK && c == 0) {
        key_text(p->meta, "partial_reason", why, sizeof why);
        note_partial(p, "the skeleton", p->skel_dir,
                     why[0] ? why : "generated from a partial trace");
    }
    skel_clear_error();
    for (size_t i = 0; i < p->nres; i++) {
        key_text(p->res[i], "partial", why, sizeof why);
        if (why[0] != '\0')
            note_partial(p, "the results file", p->o->results[i], why);
    }
    return SKEL_OK;
}

static int load(struct page *p)
{
    const struct skel_report_opts *o = p->o;
    int rc = SKEL_OK;
    char(*paths)[4200] = p->paths;
    p->trace_dir = o->trace;
    p->sig_path = o->signature;
    p->skel_dir = o->skeleton;
    p->strace_dir = o->skeleton_trace;
    if (p->skel_dir != NULL) {
        snprintf(paths[0], sizeof paths[0], "%s/skeleton.meta", p->skel_dir);
        if ((rc = skel_results_read_meta(paths[0], &p->meta)) != SKEL_OK)
            return skel_fail_context(rc, "skeleton directory %s", p->skel_dir);
        p->k = meta_num(p->meta, "k", &rc);
        p->app_time_s = meta_num(p->meta, "app_time_s", &rc);
        p->expected_s = meta_num(p->meta, "expected_s", &rc);
        p->model_s = meta_num(p->meta, "model_s", &rc);
        p->shortest_good_s = meta_num(p->meta, "shortest_good_s", &rc);
        if (rc != SKEL_OK)
            return rc;
        if (p->trace_dir == NULL) {
            snprintf(paths[1], sizeof paths[1], "%s/trace", p->skel_dir);
            if (is_dir(paths[1]))
                p->trace_dir = paths[1];
        }
        if (p->sig_path == NULL) {
            snprintf(paths[2], sizeof paths[2], "%s/app.sig", p->skel_dir);
            if (is_file(paths[2]))
                p->sig_path = paths[2];
        }
        if (p->strace_dir == NULL) {
            snprintf(paths[3], sizeof paths[3], "%s/skeleton-trace", p->skel_dir);
            if (is_dir(paths[3]))
                p->strace_dir = paths[3];
        }
    }
    if (p->trace_dir != NULL && (rc = skel_trace_open(p->trace_dir, &p->trace)) != SKEL_OK)
        return rc;
    if (p->strace_dir != NULL && (rc = skel_trace_open(p->strace_dir, &p->strace)) != SKEL_OK)
        return rc;
    if (p->sig_path != NULL && (rc = skel_sigfile_read(p->sig_path, &p->sig)) != SKEL_OK)
        return rc;
    if (o->nresults > 0) {
        p->res = calloc(o->nresults, sizeof *p->res);
        if (p->res == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        for (size_t i = 0; i < o->nresults; i++) {
            if ((rc = skel_results_read(o->results[i], &p->res[i])) != SKEL_OK)
                return rc;
            p->nres++;
        }
    }
    if ((rc = find_partial(p)) != SKEL_OK)
        return rc;
    /* Derived data. */
    if (p->trace != NULL) {
        struct skel_tl_opts to = {0};
        if ((rc = skel_timeline_build(p->trace, &to, &p->app)) != SKEL_OK)
            return skel_fail_context(rc, "timeline of %s", p->trace_dir);
        p->have_app = 1;
    }
    if (p->strace != NULL) {
        struct skel_tl_opts to = {.from_first_call = 1};
        if ((rc = skel_timeline_build(p->strace, &to, &p->skel)) != SKEL_OK)
            return skel_fail_context(rc, "timeline of %s", p->strace_dir);
        p->have_skel = 1;
    }
    return SKEL_OK;
}

/* The critical path: the first `skel critpath --tsv` file given, else
 * computed from the trace.  A trace it cannot be computed for leaves a note,
 * not a failed report. */
static int load_critpath(struct page *p)
{
    struct cp_data *cp = &p->cp;
    cp->end_rank = -1;
    for (size_t i = 0; i < p->nres; i++) {
        const struct skel_results *r = p->res[i];
        if (r->kind != SKEL_RESULTS_CRITPATH)
            continue;
        int rc = SKEL_OK;
        double v;
        if ((rc = skel_results_key_num(r, "run_ns", 1, &cp->run_ns)) != SKEL_OK ||
            (rc = skel_results_key_num(r, "critical_path_ns", 1, &cp->length_ns)) != SKEL_OK)
            return rc == SKEL_ENOTFOUND
                       ? skel_fail(SKEL_EFORMAT,
                                   "%s: expected a run_ns and a critical_path_ns line", r->name)
                       : rc;
        if ((rc = skel_results_key_num(r, "cpu_total_ns", 1, &cp->cpu_total_ns)) != SKEL_OK &&
            rc != SKEL_ENOTFOUND)
            return rc;
        if ((rc = skel_results_key_num(r, "end_rank", 1, &v)) == SKEL_OK)
            cp->end_rank = (long)v;
        else if (rc != SKEL_ENOTFOUND)
            return rc;
        size_t n = 0;
        for (long j = skel_results_find(r, "item", 0); j >= 0;
             j = skel_results_find(r, "item", (size_t)j + 1))
            n++;
        cp->items = calloc(n ? n : 1, sizeof *cp->items);
        if (cp->items == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        for (long j = skel_results_find(r, "item", 0); j >= 0;
             j = skel_results_find(r, "item", (size_t)j + 1)) {
            const struct skel_results_row *row = &r->rows[j];
            struct cp_item *it = &cp->items[cp->n];
            if (row->n < 8)
                return skel_fail(SKEL_EFORMAT,
                                 "%s:%u: expected 9 tab-separated fields on an item "
                                 "line, found %zu",
                                 r->name, row->line, row->n);
            const char *cat = row->cell[1].text;
            it->cat = strcmp(cat, "call") == 0    ? SKEL_CRITPATH_CALL
                      : strcmp(cat, "site") == 0  ? SKEL_CRITPATH_SITE
                      : strcmp(cat, "phase") == 0 ? SKEL_CRITPATH_PHASE
                                                  : -1;
            if (it->cat < 0) {
                char *c = skel_text_clean(cat, 40, 0);
                rc = skel_fail(SKEL_EFORMAT,
                               "%s:%u:%u: expected the category call, site or phase, found '%s'",
                               r->name, row->line, row->cell[1].col, c ? c : "");
                free(c);
                return rc;
            }
            double cnt;
            if ((rc = skel_results_num(r, (size_t)j, 2, &it->cp_ns)) != SKEL_OK ||
                (rc = skel_results_num(r, (size_t)j, 3, &it->cpu_ns)) != SKEL_OK ||
                (rc = skel_results_num(r, (size_t)j, 5, &cnt)) != SKEL_OK ||
                (rc = skel_results_num(r, (size_t)j, 6, &it->zero_ns)) != SKEL_OK)
                return rc == SKEL_ENOTFOUND
                           ? skel_fail(SKEL_EFORMAT, "%s:%u: an item line with an empty number",
                                       r->name, row->line)
                           : rc;
            it->count = cnt > 0 ? (uint64_t)cnt : 0;
            it->name = row->cell[7].text;
            it->detail = row->n > 8 ? row->cell[8].text : "";
            cp->n++;
        }
        snprintf(cp->source, sizeof cp->source, "%s", r->name);
        cp->have = 1;
        return SKEL_OK;
    }
    if (p->trace == NULL || p->o->no_critpath)
        return SKEL_OK;
    struct skel_critpath_opts co = {.top = p->o->top ? p->o->top : 10};
    int rc = skel_critpath_run(p->trace, &co, &p->cpr);
    if (rc != SKEL_OK) {
        char *c = skel_text_clean(skel_last_error(), 500, 0);
        snprintf(p->cp_error, sizeof p->cp_error, "%s", c ? c : "");
        free(c);
        skel_clear_error();
        return SKEL_OK;
    }
    cp->items = calloc(p->cpr.nitems ? p->cpr.nitems : 1, sizeof *cp->items);
    if (cp->items == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t i = 0; i < p->cpr.nitems; i++) {
        const struct skel_critpath_item *it = &p->cpr.items[i];
        cp->items[cp->n++] = (struct cp_item){.cat = it->category,
                                              .cp_ns = it->cp_ns,
                                              .cpu_ns = it->cpu_ns,
                                              .zero_ns = it->zero_ns,
                                              .count = it->count,
                                              .name = it->name,
                                              .detail = it->detail};
    }
    cp->run_ns = p->cpr.run_ns;
    cp->length_ns = p->cpr.length_ns;
    cp->cpu_total_ns = p->cpr.cpu_total_ns;
    cp->end_rank = p->cpr.end_rank;
    snprintf(cp->source, sizeof cp->source, "computed from the trace %s", p->trace_dir);
    cp->have = 1;
    return SKEL_OK;
}

/* ---- Header ------------------------------------------------------------------- */

static void fact(skel_svg *d, const char *k, const char *v)
{
    skel_svg_open(d, "div");
    skel_svg_attr(d, "class", "fact");
    skel_svg_el(d, "div", "k", k);
    skel_svg_el(d, "div", "v", v);
    skel_svg_close_full(d);
}

/* The command line of the traced program, joined by blanks (malloc'd). */
static char *command_line(struct page *p)
{
    char *const *argv = NULL;
    uint32_t argc = 0;
    if (p->trace != NULL && skel_trace_meta(p->trace)->ncommand > 0) {
        argv = skel_trace_meta(p->trace)->command;
        argc = skel_trace_meta(p->trace)->ncommand;
    } else if (p->sig != NULL && p->sig->argc > 0) {
        argv = p->sig->argv;
        argc = p->sig->argc;
    }
    size_t len = 1;
    for (uint32_t i = 0; i < argc; i++)
        len += strlen(argv[i] ? argv[i] : "") + 1;
    char *s = malloc(len);
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    for (uint32_t i = 0; i < argc; i++) {
        if (i > 0)
            strcat(s, " ");
        strcat(s, argv[i] ? argv[i] : "");
    }
    return s;
}

static void write_header(struct page *p, const char *title, const char *cmd)
{
    skel_svg *d = &p->d;
    char b[128], b2[64];
    skel_svg_open(d, "header");
    skel_svg_attr(d, "class", "top");
    skel_svg_open(d, "div");
    skel_svg_attr(d, "class", "wrap");
    skel_svg_el(d, "div", "kicker", "Skel report");
    skel_svg_el(d, "h1", NULL, title);
    if (cmd != NULL && cmd[0] != '\0') {
        char *c = skel_text_clean(cmd, 4000, 0);
        skel_svg_el(d, "p", "cmd", c ? c : "");
        free(c);
    }
    skel_svg_open(d, "div");
    skel_svg_attr(d, "class", "facts");
    if (p->trace != NULL) {
        const skel_meta *m = skel_trace_meta(p->trace);
        snprintf(b, sizeof b, "%u", skel_trace_nranks(p->trace));
        fact(d, "ranks", b);
        /* Distinct hosts, the first few named. */
        char hosts[600] = "";
        size_t k = 0, distinct = 0;
        for (uint32_t r = 0; r < p->app.nranks; r++) {
            const char *h = p->app.hosts[r];
            if (h == NULL || h[0] == '\0')
                continue;
            int seen = 0;
            for (uint32_t q = 0; q < r && !seen; q++)
                seen = p->app.hosts[q] != NULL && strcmp(p->app.hosts[q], h) == 0;
            if (seen)
                continue;
            if (distinct < 3 && k < sizeof hosts - 1)
                k += (size_t)snprintf(hosts + k, sizeof hosts - k, "%s%.120s", distinct ? ", " : "",
                                      h);
            distinct++;
        }
        if (distinct > 3 && k < sizeof hosts - 1)
            snprintf(hosts + k, sizeof hosts - k, " +%zu", distinct - 3);
        fact(d, distinct == 1 ? "host" : "hosts", distinct ? hosts : "unknown");
        fact(d, "run (MPI_Init to MPI_Finalize)", secs(p->app.span_ns / 1e9, b, sizeof b));
        fact(d, "MPI calls traced", skel_text_count(p->app.events, b, sizeof b));
        if (p->app.replayed)
            fact(d, "messages", skel_text_count(p->app.messages, b, sizeof b));
        if (m->mpi_library != NULL) {
            /* MPICH says "MPICH Version:\t4.0.2": one line, blanks for tabs. */
            char lib[160];
            fact(d, "MPI library", skel_text_oneline(m->mpi_library, lib, sizeof lib));
        }
        if (m->start_unix_ns > 0) {
            time_t t = (time_t)(m->start_unix_ns / 1000000000u);
            struct tm tm;
            if (gmtime_r(&t, &tm) != NULL && strftime(b, sizeof b, "%Y-%m-%d %H:%M UTC", &tm) > 0)
                fact(d, "traced", b);
        }
    } else if (p->sig != NULL) {
        snprintf(b, sizeof b, "%u", p->sig->nranks);
        fact(d, "ranks", b);
    }
    if (p->meta != NULL) {
        snprintf(b, sizeof b, "%g", p->k);
        fact(d, "scaling factor K", b);
        if (p->expected_s > 0) {
            snprintf(b, sizeof b, "%s", secs(p->expected_s, b2, sizeof b2));
            fact(d, "skeleton should run", b);
        }
        if (p->shortest_good_s > 0)
            fact(d, "shortest good skeleton", secs(p->shortest_good_s, b, sizeof b));
    }
    if (p->have_skel)
        fact(d, "skeleton ran (traced)", secs(p->skel.span_ns / 1e9, b, sizeof b));
    skel_svg_close_full(d);
    /* Inputs of part of a run say so before anything is read from them. */
    for (size_t i = 0; i < p->npartial; i++) {
        char *c = skel_text_clean(p->partial[i], 1000, 0);
        skel_svg_el(d, "p", "warn", c ? c : "");
        free(c);
    }
    skel_svg_close_full(d);
    skel_svg_close_full(d);
}

/* ---- Sections: the traced run ---------------------------------------------------- */

static void sec_timeline(struct page *p)
{
    if (!p->have_app && !p->have_skel)
        return;
    skel_svg *d = &p->d;
    section_begin(p, "timeline", "Timeline",
                  "Each row is a rank; colour shows what it spends each moment on (a column is one "
                  "pixel of time: its colours are the shares of that slice, so a long run is "
                  "summarised rather than drawn call by call). Lines join a message's send to the "
                  "call that received it. Hover over a row for its totals.");
    double k = p->meta != NULL && p->k > 0 ? p->k : 1;
    skel_timeline_draw(d, p->have_app ? &p->app : NULL, p->have_skel ? &p->skel : NULL, k);
    p->charts++;
    char b1[32], b2[32], b3[32];
    const struct skel_timeline *tls[2] = {p->have_app ? &p->app : NULL,
                                          p->have_skel ? &p->skel : NULL};
    for (int i = 0; i < 2; i++) {
        const struct skel_timeline *tl = tls[i];
        if (tl == NULL)
            continue;
        skel_svg_open(d, "p");
        skel_svg_attr(d, "class", "note");
        skel_svg_textf(d,
                       "%s: %s drawn (MPI_Init took up to %s before it%s%s), %s "
                       "per pixel column; %zu of %s messages drawn.",
                       i == 0 ? "Application" : "Skeleton", secs(tl->span_ns / 1e9, b1, sizeof b1),
                       secs(tl->init_ns / 1e9, b2, sizeof b2),
                       tl->finalize_ns >= 1e6 ? ", MPI_Finalize after it up to " : "",
                       tl->finalize_ns >= 1e6 ? secs(tl->finalize_ns / 1e9, b3, sizeof b3) : "",
                       skel_text_seconds(tl->bin_ns / 1e9, (char[32]){0}, 32), tl->nlines,
                       skel_text_count(tl->messages, (char[32]){0}, 32));
        skel_svg_close_full(d);
        if (tl->note[0] != '\0')
            skel_svg_el(d, "p", "warn", tl->note);
    }
    if (p->have_app && p->have_skel) {
        double ratio = p->skel.span_ns > 0 ? p->app.span_ns / p->skel.span_ns : 0;
        skel_svg_open(d, "p");
        skel_svg_textf(d,
                       "The skeleton's time axis is stretched %g× (its scaling factor K) so that "
                       "both fill the same width when it runs 1/K of the application. Traced, the "
                       "application ran %.1f× as long as the skeleton.",
                       k, ratio);
        skel_svg_close_full(d);
        if (ratio > 0 && (ratio < k / 1.5 || ratio > k * 1.5)) {
            skel_svg_open(d, "p");
            skel_svg_attr(d, "class", "warn");
            skel_svg_textf(d,
                           "Traced, the skeleton did not run about 1/%g of the application "
                           "(but 1/%.1f): the timelines do not line up. The tracer's cost per "
                           "call weighs more on a short skeleton; very short skeletons also "
                           "keep fixed costs that do not scale.",
                           k, ratio);
            skel_svg_close_full(d);
        }
    } else if (p->meta != NULL && !p->have_skel) {
        skel_svg_el(d, "p", "note",
                    "To see the skeleton's timeline under the application's, trace it into "
                    "DIR/skeleton-trace: skel trace -o DIR/skeleton-trace -- mpiexec.mpich -n P "
                    "DIR/skeleton (or name a trace of it with --skeleton-trace).");
    }
    section_end(p);
}

static void sec_share(struct page *p)
{
    if (!p->have_app && !p->have_skel)
        return;
    skel_svg *d = &p->d;
    section_begin(p, "share", "Compute vs MPI",
                  "Where the time between MPI_Init and MPI_Finalize goes, summed over all ranks: "
                  "a skeleton should spend its time like its application (Sodhi et al., Fig. 2).");
    skel_timeline_draw_share(d, p->have_app ? &p->app : NULL, p->have_skel ? &p->skel : NULL);
    p->charts++;
    if (p->have_app && p->have_skel) {
        double a = 0, s = 0, at = 0, st = 0;
        for (int c = 0; c < SKEL_TL_NCAT; c++) {
            at += skel_timeline_total(&p->app, c);
            st += skel_timeline_total(&p->skel, c);
        }
        a = at > 0 ? 100 * (1 - skel_timeline_total(&p->app, SKEL_TL_COMPUTE) / at) : 0;
        s = st > 0 ? 100 * (1 - skel_timeline_total(&p->skel, SKEL_TL_COMPUTE) / st) : 0;
        skel_svg_open(d, "p");
        skel_svg_textf(d,
                       "MPI holds %.1f %% of the application's time and %.1f %% of the "
                       "skeleton's (%+.1f points).",
                       a, s, s - a);
        skel_svg_close_full(d);
    }
    section_end(p);
}

static void sec_calls(struct page *p)
{
    if (!p->have_app)
        return;
    skel_svg *d = &p->d;
    section_begin(p, "calls", "MPI calls",
                  "Every traced call of the application by total time over all ranks "
                  "(MPI_Init and MPI_Finalize included).");
    unsigned ids[SKEL_CALL_LIMIT], n = 0;
    double mpi = 0;
    for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++)
        if (p->app.calls[c].count > 0) {
            ids[n++] = c;
            mpi += p->app.calls[c].time_ns;
        }
    for (unsigned i = 1; i < n; i++) {
        unsigned v = ids[i], j = i;
        while (j > 0 && p->app.calls[ids[j - 1]].time_ns < p->app.calls[v].time_ns) {
            ids[j] = ids[j - 1];
            j--;
        }
        ids[j] = v;
    }
    static const char *const heads[] = {
        "call", "#calls", "#bytes sent", "#bytes received", "#time", "#share of MPI time"};
    table_begin(d, heads, 6);
    for (unsigned i = 0; i < n && i < 24; i++) {
        const struct skel_tl_callstat *cs = &p->app.calls[ids[i]];
        char b[64];
        skel_svg_open(d, "tr");
        td(d, "mono", skel_call_name(ids[i]));
        td(d, "num", skel_text_count(cs->count, b, sizeof b));
        td(d, "num", cs->bytes ? skel_text_bytes((double)cs->bytes, b, sizeof b) : "–");
        td(d, "num", cs->rbytes ? skel_text_bytes((double)cs->rbytes, b, sizeof b) : "–");
        td(d, "num", secs(cs->time_ns / 1e9, b, sizeof b));
        snprintf(b, sizeof b, "%.1f %%", mpi > 0 ? 100 * cs->time_ns / mpi : 0);
        td(d, "num", b);
        skel_svg_close_full(d);
    }
    table_end(d);
    section_end(p);
}

static void sec_signature(struct page *p)
{
    if (p->sig == NULL)
        return;
    section_begin(p, "signature", "Execution signature",
                  "The trace compressed: ranks that behave alike form a class; each class's calls "
                  "fold into loops. The chart nests loops under the program, width being the time "
                  "each part holds in the signature's model.");
    skel_report_signature(&p->d, p->sig, p->shortest_good_s);
    for (uint32_t c = 0; c < p->sig->nclasses && c < 8; c++)
        p->charts++;
    section_end(p);
}

/* ---- Sections: results files ------------------------------------------------------ */

/* Column indices of a CSV, looked up once. */
static int col(const struct skel_results *r, const char *name)
{
    return skel_results_col(r, name);
}

/* A number or NAN when empty; *rc gets a parse error. */
static double num(const struct skel_results *r, size_t row, int c, int *rc)
{
    double v;
    int e = skel_results_num(r, row, c, &v);
    if (e == SKEL_OK)
        return v;
    if (e != SKEL_ENOTFOUND && *rc == SKEL_OK)
        *rc = e;
    return NAN;
}

static const char *const method_colours[] = {SKEL_SVG_SKELETON, "#5fb8ad", "#1f6f66", "#8fd3c9"};

struct vrow {
    const char *scenario;
    int reference;
    double measured;
    size_t nskel;
    double skel_pred[8], skel_err[8];
    const char *skel_name[8];
    double avg_pred, avg_err, small_pred, small_err;
};

/* A validate CSV's rows grouped by scenario, and what its charts and table
 * share: the scenarios' labels and the series with their keys. */
struct vset {
    struct vrow *v;
    size_t nv;
    const char *app;     /* the application's command, or NULL */
    char (*groups)[200]; /* label of each scenario */
    size_t maxskel;      /* most skeletons in one scenario */
    int have_avg, have_small;
    char sk_names[8][64];
    struct skel_svg_key keys[12];
    size_t nkeys;
};

static void vset_free(struct vset *vs)
{
    free(vs->v);
    free(vs->groups);
}

/* Group the rows of r by scenario. */
static int vset_read(const struct skel_results *r, struct vset *vs)
{
    int rc = SKEL_OK;
    int ckind = col(r, "kind"), cscen = col(r, "scenario"), cref = col(r, "reference"),
        cname = col(r, "name"), ctime = col(r, "time_s"), cpred = col(r, "predicted_s"),
        cerr = col(r, "error"), ccmd = col(r, "command");
    struct vrow *v = vs->v = calloc(r->nrows ? r->nrows : 1, sizeof *v);
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t i = 0; i < r->nrows && rc == SKEL_OK; i++) {
        const char *kind = skel_results_text(r, i, ckind), *sc = skel_results_text(r, i, cscen);
        size_t j = 0;
        while (j < vs->nv && strcmp(v[j].scenario, sc) != 0)
            j++;
        if (j == vs->nv)
            v[vs->nv++] = (struct vrow){.scenario = sc,
                                        .measured = NAN,
                                        .avg_pred = NAN,
                                        .avg_err = NAN,
                                        .small_pred = NAN,
                                        .small_err = NAN};
        struct vrow *w = &v[j];
        w->reference |= strcmp(skel_results_text(r, i, cref), "1") == 0;
        if (strcmp(kind, "app") == 0) {
            w->measured = num(r, i, ctime, &rc);
            if (vs->app == NULL)
                vs->app = skel_results_text(r, i, ccmd);
        } else if (strcmp(kind, "skeleton") == 0 && w->nskel < 8) {
            w->skel_name[w->nskel] = skel_results_text(r, i, cname);
            w->skel_pred[w->nskel] = num(r, i, cpred, &rc);
            w->skel_err[w->nskel] = num(r, i, cerr, &rc);
            w->nskel++;
        } else if (strcmp(kind, "average") == 0) {
            w->avg_pred = num(r, i, cpred, &rc);
            w->avg_err = num(r, i, cerr, &rc);
        } else if (strcmp(kind, "small") == 0) {
            w->small_pred = num(r, i, cpred, &rc);
            w->small_err = num(r, i, cerr, &rc);
        }
    }
    return rc;
}

/* The scenarios' labels, the series present and their keys. */
static int vset_label(struct vset *vs)
{
    vs->groups = calloc(vs->nv ? vs->nv : 1, sizeof *vs->groups);
    if (vs->groups == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (size_t j = 0; j < vs->nv; j++) {
        const struct vrow *w = &vs->v[j];
        snprintf(vs->groups[j], sizeof vs->groups[j], "%.180s%s", w->scenario,
                 w->reference ? " (reference)" : "");
        if (w->nskel > vs->maxskel)
            vs->maxskel = w->nskel;
        vs->have_avg |= isfinite(w->avg_pred);
        vs->have_small |= isfinite(w->small_pred);
    }
    vs->keys[vs->nkeys++] = (struct skel_svg_key){"measured", SKEL_SVG_MEASURED};
    for (size_t s = 0; s < vs->maxskel && s < 4; s++) {
        snprintf(vs->sk_names[s], sizeof vs->sk_names[s],
                 vs->maxskel > 1 ? "skeleton %zu" : "skeleton", s + 1);
        vs->keys[vs->nkeys++] = (struct skel_svg_key){vs->sk_names[s], method_colours[s]};
    }
    if (vs->have_avg)
        vs->keys[vs->nkeys++] = (struct skel_svg_key){"average prediction", SKEL_SVG_AVERAGE};
    if (vs->have_small)
        vs->keys[vs->nkeys++] = (struct skel_svg_key){"small input", SKEL_SVG_SMALL};
    return SKEL_OK;
}

static struct hbar vbar(const char *group, const char *series, const char *colour, double value)
{
    return (struct hbar){group, series, colour, value, NAN, NAN, NULL, NULL, 0};
}

/* Chart 1: measured and predicted times per scenario (b: room for 11 bars
 * a scenario). */
static void vchart_times(struct page *p, const struct vset *vs, struct hbar *b, char (*tips)[400])
{
    size_t nb = 0;
    for (size_t j = 0; j < vs->nv; j++) {
        const struct vrow *w = &vs->v[j];
        const char *g = vs->groups[j];
        b[nb++] = vbar(g, "measured", SKEL_SVG_MEASURED, w->measured);
        for (size_t s = 0; s < w->nskel && s < 4; s++)
            b[nb++] = vbar(g, vs->sk_names[s], method_colours[s], w->skel_pred[s]);
        /* The baselines predict nothing on the reference they are taken on. */
        if (vs->have_avg && !(w->reference && !isfinite(w->avg_pred)))
            b[nb++] = vbar(g, "average prediction", SKEL_SVG_AVERAGE, w->avg_pred);
        if (vs->have_small && !(w->reference && !isfinite(w->small_pred)))
            b[nb++] = vbar(g, "small input", SKEL_SVG_SMALL, w->small_pred);
    }
    for (size_t i = 0; i < nb; i++) {
        char vb[32];
        if (isfinite(b[i].value))
            snprintf(tips[i], sizeof tips[i], "%.200s, %s: %s", b[i].group, b[i].series,
                     secs(b[i].value, vb, sizeof vb));
        b[i].tip = isfinite(b[i].value) ? tips[i] : NULL;
    }
    hbar_chart(p, "validate-time", "Predicted and measured time per scenario", b, nb,
               "application run time (s)", skel_svg_fmt_g, lab_secs, vs->keys, vs->nkeys);
}

/* Chart 3: min, mean and max |error| per method over the scenarios (Sodhi
 * et al., Fig. 7). */
static void vchart_summary(struct page *p, const struct vset *vs)
{
    size_t nm = 0, maxskel = vs->maxskel;
    struct hbar m[6];
    char mtips[6][300];
    for (int method = 0; method < (int)maxskel + 2 && method < 6; method++) {
        double lo = INFINITY, hi = -INFINITY, sum = 0;
        size_t cnt = 0;
        for (size_t j = 0; j < vs->nv; j++) {
            const struct vrow *w = &vs->v[j];
            if (w->reference)
                continue;
            double e = method < (int)maxskel
                           ? ((size_t)method < w->nskel ? w->skel_err[method] : NAN)
                       : method == (int)maxskel ? w->avg_err
                                                : w->small_err;
            if (!isfinite(e))
                continue;
            e = fabs(e) * 100;
            lo = fmin(lo, e);
            hi = fmax(hi, e);
            sum += e;
            cnt++;
        }
        if (cnt == 0)
            continue;
        const char *name = method < (int)maxskel    ? vs->sk_names[method < 4 ? method : 3]
                           : method == (int)maxskel ? "average prediction"
                                                    : "small input";
        const char *colour = method < (int)maxskel    ? method_colours[method < 4 ? method : 3]
                             : method == (int)maxskel ? SKEL_SVG_AVERAGE
                                                      : SKEL_SVG_SMALL;
        snprintf(mtips[nm], sizeof mtips[nm],
                 "%s: |error| mean %.2f %%, from %.2f to %.2f %% over %zu scenarios", name,
                 sum / (double)cnt, lo, hi, cnt);
        m[nm] = (struct hbar){name,      "mean |error|", colour, sum / (double)cnt, lo, hi,
                              mtips[nm], NULL,           0};
        nm++;
    }
    if (nm > 0) {
        skel_svg_el(&p->d, "p", NULL,
                    "Mean absolute error per method over the scenarios, with its range "
                    "(Sodhi et al., Fig. 7).");
        hbar_chart(p, "validate-summary", "Error per method", m, nm,
                   "absolute error of the prediction (%)", skel_svg_fmt_pct, lab_pct, NULL, 0);
    }
}

/* Chart 2: signed errors per scenario, the reference left out (0 by
 * construction), then chart 3. */
static void vchart_errors(struct page *p, const struct vset *vs, struct hbar *b)
{
    size_t nb = 0;
    for (size_t j = 0; j < vs->nv; j++) {
        const struct vrow *w = &vs->v[j];
        const char *g = vs->groups[j];
        if (w->reference)
            continue;
        for (size_t s = 0; s < w->nskel && s < 4; s++)
            b[nb++] = vbar(g, vs->sk_names[s], method_colours[s], 100 * w->skel_err[s]);
        if (vs->have_avg)
            b[nb++] = vbar(g, "average prediction", SKEL_SVG_AVERAGE, 100 * w->avg_err);
        if (vs->have_small)
            b[nb++] = vbar(g, "small input", SKEL_SVG_SMALL, 100 * w->small_err);
    }
    if (nb == 0)
        return;
    skel_svg_el(&p->d, "p", NULL,
                "Prediction error per scenario: (predicted − measured) / measured "
                "(Sodhi et al., Fig. 6).");
    hbar_chart(p, "validate-error", "Prediction error per scenario", b, nb,
               "error of the prediction (%)", fmt_pct, lab_spct, vs->keys + 1, vs->nkeys - 1);
    vchart_summary(p, vs);
}

/* A predicted time and its error as a table cell ("–" when absent). */
static void td_prediction(skel_svg *d, double pred, double err)
{
    char c[96], t[32];
    if (isfinite(pred))
        snprintf(c, sizeof c, "%s (%+.1f %%)", secs(pred, t, sizeof t),
                 isfinite(err) ? 100 * err : 0.0);
    else
        snprintf(c, sizeof c, "–");
    td(d, "num", c);
}

static void vtable(skel_svg *d, const struct vset *vs)
{
    const char *heads[16] = {"scenario", "#measured"};
    size_t nh = 2;
    char hb[8][64];
    for (size_t s = 0; s < vs->maxskel && s < 4; s++) {
        snprintf(hb[s], sizeof hb[s], "#%s", vs->sk_names[s]);
        heads[nh++] = hb[s];
    }
    if (vs->have_avg)
        heads[nh++] = "#average prediction";
    if (vs->have_small)
        heads[nh++] = "#small input";
    table_begin(d, heads, nh);
    for (size_t j = 0; j < vs->nv; j++) {
        const struct vrow *w = &vs->v[j];
        skel_svg_open(d, "tr");
        td(d, NULL, vs->groups[j]);
        td_secs(d, w->measured, isfinite(w->measured));
        for (size_t s = 0; s < vs->maxskel && s < 4; s++)
            td_prediction(d, s < w->nskel ? w->skel_pred[s] : NAN,
                          s < w->nskel ? w->skel_err[s] : NAN);
        if (vs->have_avg)
            td_prediction(d, w->avg_pred, w->avg_err);
        if (vs->have_small)
            td_prediction(d, w->small_pred, w->small_err);
        skel_svg_close_full(d);
    }
    table_end(d);
}

static int sec_validation_one(struct page *p, const struct skel_results *r)
{
    skel_svg *d = &p->d;
    struct vset vs = {0};
    int rc = vset_read(r, &vs);
    if (rc == SKEL_OK)
        rc = vset_label(&vs);
    if (rc != SKEL_OK) {
        vset_free(&vs);
        return rc;
    }
    skel_svg_open(d, "h3");
    skel_svg_textf(d, "%s", base_name(r->name));
    skel_svg_close_full(d);
    if (vs.app != NULL && vs.app[0] != '\0')
        skel_svg_el(d, "p", "mono", vs.app);
    size_t cap = vs.nv * 11;
    struct hbar *b = calloc(cap ? cap : 1, sizeof *b);
    char(*tips)[400] = calloc(cap ? cap : 1, sizeof *tips);
    if (b == NULL || tips == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
    } else {
        vchart_times(p, &vs, b, tips);
        vchart_errors(p, &vs, b);
        vtable(d, &vs);
    }
    free(b);
    free(tips);
    vset_free(&vs);
    return rc;
}

static int sec_validation(struct page *p)
{
    int any = 0, rc = SKEL_OK;
    for (size_t i = 0; i < p->nres && rc == SKEL_OK; i++) {
        if (p->res[i]->kind != SKEL_RESULTS_VALIDATE)
            continue;
        if (!any)
            section_begin(p, "validation", "Predicted vs measured",
                          "The application's time under each sharing scenario, measured and "
                          "predicted: by its skeleton (skeleton time there × the measured scaling "
                          "ratio on the reference), by the average slowdown of other applications, "
                          "and by a small-input run.");
        any = 1;
        rc = sec_validation_one(p, p->res[i]);
    }
    if (any)
        section_end(p);
    return rc;
}

static int sec_selection_one(struct page *p, const struct skel_results *r)
{
    skel_svg *d = &p->d;
    int rc = SKEL_OK;
    int crank = col(r, "rank"), ccand = col(r, "candidate"), chosts = col(r, "hosts"),
        csk = col(r, "skeleton_s"), cmin = col(r, "min_s"), cmax = col(r, "max_s"),
        cratio = col(r, "ratio"), cpred = col(r, "predicted_s"), cvs = col(r, "vs_best"),
        cout = col(r, "outcome"), cerr = col(r, "error");
    size_t n = r->nrows;
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    double *rk = malloc((n ? n : 1) * sizeof *rk);
    struct hbar *b = calloc(n ? n : 1, sizeof *b);
    char(*groups)[300] = calloc(n ? n : 1, sizeof *groups);
    char(*texts)[200] = calloc(n ? n : 1, sizeof *texts);
    if (order == NULL || rk == NULL || b == NULL || groups == NULL || texts == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        order[i] = i;
        rk[i] = num(r, i, crank, &rc);
        if (!isfinite(rk[i]))
            rk[i] = 1e300;
    }
    if (rc != SKEL_OK)
        goto out;
    for (size_t i = 1; i < n; i++) { /* stable by rank */
        size_t v = order[i], j = i;
        while (j > 0 && rk[order[j - 1]] > rk[v]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = v;
    }
    skel_svg_open(d, "h3");
    skel_svg_text(d, base_name(r->name));
    skel_svg_close_full(d);
    for (size_t q = 0; q < n; q++) {
        size_t i = order[q];
        const char *cand = skel_results_text(r, i, ccand), *hosts = skel_results_text(r, i, chosts);
        /* Failed candidates have no rank: they come last, marked with a dash. */
        if (rk[i] < 1e299)
            snprintf(groups[q], sizeof groups[q], "%.0f. %.120s (%.120s)", rk[i], cand, hosts);
        else
            snprintf(groups[q], sizeof groups[q], "– %.120s (%.120s)", cand, hosts);
        double pred = num(r, i, cpred, &rc), lo = num(r, i, cmin, &rc), hi = num(r, i, cmax, &rc),
               ratio = num(r, i, cratio, &rc), sk = num(r, i, csk, &rc);
        if (rc != SKEL_OK)
            goto out;
        int ok = strcmp(skel_results_text(r, i, cout), "ok") == 0 && isfinite(pred);
        char t1[32], t2[32];
        if (ok)
            snprintf(texts[q], sizeof texts[q], "%s (skeleton %s)%s", secs(pred, t1, sizeof t1),
                     isfinite(sk) ? secs(sk, t2, sizeof t2) : "?", q == 0 ? "  ★ best" : "");
        else
            snprintf(texts[q], sizeof texts[q], "failed: %.150s", skel_results_text(r, i, cerr));
        b[q] = (struct hbar){groups[q],
                             "predicted application time",
                             q == 0 && ok ? SKEL_SVG_ACCENT : SKEL_SVG_SKELETON,
                             ok ? pred : NAN,
                             ok && isfinite(ratio) ? lo * ratio : NAN,
                             ok && isfinite(ratio) ? hi * ratio : NAN,
                             NULL,
                             texts[q],
                             q == 0 && ok};
    }
    hbar_chart(p, "select-rank", "Candidate node sets ranked by predicted time", b, n,
               "predicted application time (s): skeleton time × measured scaling ratio; "
               "whiskers: fastest and slowest skeleton repeat",
               skel_svg_fmt_g, lab_secs, NULL, 0);
    static const char *const heads[] = {"rank",   "candidate",  "hosts",    "#skeleton",
                                        "#ratio", "#predicted", "#vs best", "outcome"};
    table_begin(d, heads, 8);
    for (size_t q = 0; q < n; q++) {
        size_t i = order[q];
        char t[32];
        double sk = num(r, i, csk, &rc), pred = num(r, i, cpred, &rc),
               ratio = num(r, i, cratio, &rc);
        skel_svg_open(d, "tr");
        td(d, "num", skel_results_text(r, i, crank));
        td(d, NULL, skel_results_text(r, i, ccand));
        td(d, "mono", skel_results_text(r, i, chosts));
        td_secs(d, sk, isfinite(sk));
        td(d, "num", isfinite(ratio) ? skel_svg_fmt_g(ratio, t, sizeof t) : "–");
        td_secs(d, pred, isfinite(pred));
        double vs = num(r, i, cvs, &rc);
        if (isfinite(vs))
            snprintf(t, sizeof t, "%.2f×", vs);
        td(d, "num", isfinite(vs) ? t : "–");
        const char *outc = skel_results_text(r, i, cout);
        skel_svg_open(d, "td");
        skel_svg_attr(d, "class", strcmp(outc, "ok") == 0 ? "ok" : "bad");
        skel_svg_text(d, outc);
        if (strcmp(outc, "ok") != 0 && skel_results_text(r, i, cerr)[0] != '\0')
            skel_svg_textf(d, ": %s", skel_results_text(r, i, cerr));
        skel_svg_close_full(d);
        skel_svg_close_full(d);
    }
    table_end(d);
out:
    free(order);
    free(rk);
    free(b);
    free(groups);
    free(texts);
    return rc;
}

static int sec_selection(struct page *p)
{
    int any = 0, rc = SKEL_OK;
    for (size_t i = 0; i < p->nres && rc == SKEL_OK; i++) {
        if (p->res[i]->kind != SKEL_RESULTS_SELECT)
            continue;
        if (!any)
            section_begin(p, "selection", "Node-set ranking",
                          "The skeleton run on each candidate node set as conditions were then; "
                          "the application's predicted time there decides the ranking.");
        any = 1;
        rc = sec_selection_one(p, p->res[i]);
    }
    if (any)
        section_end(p);
    return rc;
}

/* Timed runs (`skel run --csv`): one row per file, a box of the quartiles,
 * the median, whiskers to the extremes and a dot per run. */
/* One run CSV: its summary row and the figures drawn from it. */
struct runrow {
    const struct skel_results *r;
    long summary;
    double med, lo, hi, q1, q3, mad;
};

/* The summary of every run CSV into rows[], and the longest time to draw. */
static int runs_read(const struct page *p, struct runrow *rows, double *maxv)
{
    int rc = SKEL_OK;
    size_t k = 0;
    for (size_t i = 0; i < p->nres && rc == SKEL_OK; i++) {
        const struct skel_results *r = p->res[i];
        if (r->kind != SKEL_RESULTS_RUN)
            continue;
        struct runrow *w = &rows[k++];
        w->r = r;
        w->summary = -1;
        int ckind = col(r, "kind");
        for (size_t j = 0; j < r->nrows; j++) {
            if (strcmp(skel_results_text(r, j, ckind), "summary") == 0)
                w->summary = (long)j;
            double wall = num(r, j, col(r, "wall_s"), &rc);
            if (isfinite(wall))
                *maxv = fmax(*maxv, wall);
        }
        if (w->summary < 0)
            return skel_fail(SKEL_EFORMAT, "%s: expected a summary row (kind 'summary')", r->name);
        size_t j = (size_t)w->summary;
        w->med = num(r, j, col(r, "median_s"), &rc);
        w->lo = num(r, j, col(r, "min_s"), &rc);
        w->hi = num(r, j, col(r, "max_s"), &rc);
        w->q1 = num(r, j, col(r, "q1_s"), &rc);
        w->q3 = num(r, j, col(r, "q3_s"), &rc);
        w->mad = num(r, j, col(r, "mad_s"), &rc);
        if (isfinite(w->hi))
            *maxv = fmax(*maxv, w->hi);
    }
    return rc;
}

/* A row's label, right-aligned at x: the command (its last words when
 * long; label gets it whole, for the data attributes), and the nodes, ranks
 * and scenario below it. */
static void run_label(skel_svg *d, const struct skel_results *r, size_t j, double x, double ym,
                      char *label, size_t cap)
{
    snprintf(label, cap, "%.200s", skel_results_text(r, j, col(r, "command")));
    char *c = skel_text_clean(label, 0, 0);
    char sub[300];
    const char *scenario = skel_results_text(r, j, col(r, "scenario"));
    snprintf(sub, sizeof sub, "%.80s, %.40s ranks, %.80s", skel_results_text(r, j, col(r, "nodes")),
             skel_results_text(r, j, col(r, "nranks")), scenario[0] ? scenario : "no scenario");
    const char *shown = c != NULL ? c : "";
    size_t len = strlen(shown);
    if (len > 44) {
        shown += len - 42;
        while ((*shown & 0xc0) == 0x80)
            shown++;
    }
    skel_svg_open(d, "text");
    skel_svg_num(d, "x", x);
    skel_svg_num(d, "y", ym - 2);
    skel_svg_attr(d, "text-anchor", "end");
    skel_svg_attr(d, "fill", SKEL_SVG_INK);
    skel_svg_title(d, label);
    skel_svg_textf(d, "%s%s", len > 44 ? "…" : "", shown);
    skel_svg_close_full(d);
    skel_svg_label(d, x, ym + 12, "end", SKEL_SVG_MUTED, 10.5, sub);
    free(c);
}

/* Whiskers from the fastest to the slowest run, the quartiles' box, and a
 * dot per run. */
static void run_spread(skel_svg *d, const struct skel_svg_scale *s, const struct runrow *w,
                       double ym, int *rc)
{
    const struct skel_results *r = w->r;
    if (isfinite(w->lo) && isfinite(w->hi)) {
        double a = skel_svg_map(s, w->lo), e = skel_svg_map(s, w->hi);
        skel_svg_line(d, a, ym, e, ym, SKEL_SVG_INK, 1.2);
        skel_svg_line(d, a, ym - 5, a, ym + 5, SKEL_SVG_INK, 1.2);
        skel_svg_line(d, e, ym - 5, e, ym + 5, SKEL_SVG_INK, 1.2);
    }
    if (isfinite(w->q1) && isfinite(w->q3)) {
        double a = skel_svg_map(s, w->q1), e = skel_svg_map(s, w->q3);
        skel_svg_rect_open(d, a, ym - 9, fmax(e - a, 1), 18, "#c7e3df");
        skel_svg_attr(d, "stroke", SKEL_SVG_SKELETON);
        skel_svg_num(d, "rx", 2);
        skel_svg_close(d);
    }
    int ckind = col(r, "kind"), cwall = col(r, "wall_s");
    for (size_t i = 0; i < r->nrows; i++) {
        if (strcmp(skel_results_text(r, i, ckind), "run") != 0)
            continue;
        double wall = num(r, i, cwall, rc);
        if (!isfinite(wall))
            continue;
        skel_svg_open(d, "circle");
        skel_svg_num(d, "cx", skel_svg_map(s, wall));
        skel_svg_num(d, "cy", ym);
        skel_svg_attr(d, "r", "3");
        skel_svg_attr(d, "fill",
                      strcmp(skel_results_text(r, i, col(r, "outcome")), "ok") == 0
                          ? SKEL_SVG_MEASURED
                          : SKEL_SVG_COLL);
        skel_svg_attr(d, "fill-opacity", "0.55");
        skel_svg_attrf(d, "data-value", "%.9g", wall);
        skel_svg_title(d, "one run");
        skel_svg_close_full(d);
    }
}

/* The median: a thin bar from 0, so that its length carries the value, a
 * mark and the figure. */
static void run_median(skel_svg *d, const struct skel_svg_scale *s, const struct runrow *w,
                       double ym, const char *label)
{
    if (!isfinite(w->med))
        return;
    double xm = skel_svg_map(s, w->med);
    skel_svg_rect_open(d, s->r0, ym - 1, xm - s->r0, 2, SKEL_SVG_SKELETON);
    skel_svg_attr(d, "fill-opacity", "0.35");
    skel_svg_attr(d, "data-group", label);
    skel_svg_attr(d, "data-series", "median");
    skel_svg_attrf(d, "data-value", "%.9g", w->med);
    skel_svg_close(d);
    skel_svg_rect_open(d, xm - 1.5, ym - 11, 3, 22, SKEL_SVG_MEASURED);
    char tip[200], t1[32], t2[32], t3[32], t4[32];
    snprintf(tip, sizeof tip, "median %s, MAD %s, %s to %s", secs(w->med, t1, sizeof t1),
             isfinite(w->mad) ? secs(w->mad, t2, sizeof t2) : "?",
             isfinite(w->lo) ? secs(w->lo, t3, sizeof t3) : "?",
             isfinite(w->hi) ? secs(w->hi, t4, sizeof t4) : "?");
    skel_svg_title(d, tip);
    skel_svg_close(d);
    char lab[32];
    skel_svg_label(d, skel_svg_map(s, isfinite(w->hi) ? w->hi : w->med) + 8, ym + 4, "start",
                   SKEL_SVG_INK, 11, secs(w->med, lab, sizeof lab));
}

static int sec_runs(struct page *p)
{
    skel_svg *d = &p->d;
    size_t n = 0;
    for (size_t i = 0; i < p->nres; i++)
        n += p->res[i]->kind == SKEL_RESULTS_RUN;
    if (n == 0)
        return SKEL_OK;
    struct runrow *rows = calloc(n, sizeof *rows);
    if (rows == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    double maxv = 0;
    int rc = runs_read(p, rows, &maxv);
    if (rc != SKEL_OK) {
        free(rows);
        return rc;
    }
    section_begin(p, "runs", "Timed runs",
                  "Wall time of each run of a command (skel run: from starting mpiexec to reaping "
                  "it): the box spans the quartiles, the bar inside is the median, whiskers reach "
                  "the fastest and slowest run, dots are single runs.");
    const double W = 1100, x0 = 300, right = 110, row_h = 40;
    double h = 20 + (double)n * row_h + 50;
    skel_svg_begin(d, "runs", W, h, "Wall time of timed runs");
    if (!(maxv > 0))
        maxv = 1;
    double step = skel_svg_tick_step(0, maxv, 8);
    struct skel_svg_scale s = {0, ceil(maxv / step) * step, x0, W - right};
    skel_svg_open(d, "g");
    skel_svg_attrf(d, "data-px-per-unit", "%.9g", (s.r1 - s.r0) / (s.d1 - s.d0));
    skel_svg_attrf(d, "data-zero-x", "%.4f", s.r0);
    skel_svg_axis_x(d, &s, 20 + (double)n * row_h, 16, 9, skel_svg_fmt_g, "wall time per run (s)");
    for (size_t q = 0; q < n; q++) {
        const struct runrow *w = &rows[q];
        double ym = 20 + (double)q * row_h + row_h / 2;
        char label[400];
        run_label(d, w->r, (size_t)w->summary, x0 - 12, ym, label, sizeof label);
        run_spread(d, &s, w, ym, &rc);
        run_median(d, &s, w, ym, label);
    }
    skel_svg_close_full(d);
    skel_svg_end(d);
    p->charts++;
    free(rows);
    section_end(p);
    return rc;
}

static int sec_stats(struct page *p)
{
    skel_svg *d = &p->d;
    int rc = SKEL_OK;
    for (size_t i = 0; i < p->nres && rc == SKEL_OK; i++) {
        const struct skel_results *r = p->res[i];
        if (r->kind != SKEL_RESULTS_STATS)
            continue;
        section_begin(p, "stats", "MPI calls (skel stats)", NULL);
        skel_svg_open(d, "h3");
        skel_svg_text(d, base_name(r->name));
        skel_svg_close_full(d);
        static const char *const heads[] = {"call", "#calls", "#bytes sent", "#bytes received",
                                            "#time"};
        table_begin(d, heads, 5);
        int crank = col(r, "rank");
        for (size_t j = 0; j < r->nrows; j++) {
            if (strcmp(skel_results_text(r, j, crank), "all") != 0)
                continue;
            double cnt = num(r, j, col(r, "count"), &rc), by = num(r, j, col(r, "bytes"), &rc),
                   rb = num(r, j, col(r, "rbytes"), &rc), t = num(r, j, col(r, "time_ns"), &rc);
            char b[64];
            skel_svg_open(d, "tr");
            td(d, "mono", skel_results_text(r, j, col(r, "call")));
            td(d, "num", isfinite(cnt) ? skel_text_count((uint64_t)cnt, b, sizeof b) : "–");
            td(d, "num", isfinite(by) ? skel_text_bytes(by, b, sizeof b) : "–");
            td(d, "num", isfinite(rb) ? skel_text_bytes(rb, b, sizeof b) : "–");
            td_secs(d, t / 1e9, isfinite(t));
            skel_svg_close_full(d);
        }
        table_end(d);
        section_end(p);
    }
    return rc;
}

static void sec_critpath(struct page *p)
{
    struct cp_data *cp = &p->cp;
    if (!cp->have && p->cp_error[0] == '\0')
        return;
    skel_svg *d = &p->d;
    section_begin(p, "critical-path", "Critical path",
                  "The longest chain of compute, MPI calls and messages through the run, what it "
                  "is made of, next to each item's share of all CPU time, and how much shorter it "
                  "gets when the item takes no time (critical-path zeroing; Hollingsworth, Figs. 7-9).");
    if (!cp->have) {
        skel_svg_open(d, "p");
        skel_svg_attr(d, "class", "warn");
        skel_svg_textf(d, "The critical path could not be computed: %s", p->cp_error);
        skel_svg_close_full(d);
        section_end(p);
        return;
    }
    char b1[32], b2[32];
    skel_svg_open(d, "p");
    skel_svg_textf(d, "Critical path %s, %.1f %% of the run's %s",
                   secs(cp->length_ns / 1e9, b1, sizeof b1),
                   cp->run_ns > 0 ? 100 * cp->length_ns / cp->run_ns : 0.0,
                   secs(cp->run_ns / 1e9, b2, sizeof b2));
    if (cp->end_rank >= 0)
        skel_svg_textf(d, "; it ends on rank %ld", cp->end_rank);
    skel_svg_textf(d, ". Source: %s.", cp->source);
    skel_svg_close_full(d);
    static const char *const titles[] = {"MPI calls", "Call sites", "Compute phases"};
    static const char *const charts[] = {"critpath-call", "critpath-site", "critpath-phase"};
    unsigned top = p->o->top ? p->o->top : 10;
    for (int cat = 0; cat < SKEL_CRITPATH__CATEGORIES; cat++) {
        size_t idx[64], n = 0;
        for (size_t i = 0; i < cp->n && n < top && n < 64; i++)
            if (cp->items[i].cat == cat)
                idx[n++] = i;
        if (n == 0)
            continue;
        /* By time on the critical path, the largest first. */
        for (size_t i = 1; i < n; i++) {
            size_t v = idx[i], j = i;
            while (j > 0 && cp->items[idx[j - 1]].cp_ns < cp->items[v].cp_ns) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = v;
        }
        skel_svg_el(d, "h3", NULL, titles[cat]);
        struct hbar b[64 * 3];
        size_t nb = 0;
        int zeroing = 0;
        for (size_t q = 0; q < n; q++)
            zeroing |= cp->items[idx[q]].zero_ns >= 0;
        for (size_t q = 0; q < n && q < 6; q++) {
            const struct cp_item *it = &cp->items[idx[q]];
            b[nb++] = (struct hbar){it->name,
                                    "share of the critical path",
                                    SKEL_SVG_CRITPATH,
                                    cp->length_ns > 0 ? 100 * it->cp_ns / cp->length_ns : 0,
                                    NAN,
                                    NAN,
                                    NULL,
                                    NULL,
                                    0};
            b[nb++] = (struct hbar){it->name,
                                    "share of CPU time",
                                    SKEL_SVG_COMPUTE,
                                    cp->cpu_total_ns > 0 ? 100 * it->cpu_ns / cp->cpu_total_ns : 0,
                                    NAN,
                                    NAN,
                                    NULL,
                                    NULL,
                                    0};
            if (zeroing)
                b[nb++] = (struct hbar){
                    it->name,
                    "critical path saved by zeroing",
                    SKEL_SVG_ZERO,
                    it->zero_ns >= 0 && cp->length_ns > 0 ? 100 * it->zero_ns / cp->length_ns : NAN,
                    NAN,
                    NAN,
                    NULL,
                    it->zero_ns >= 0 ? NULL : "not zeroed",
                    0};
        }
        static const struct skel_svg_key keys[] = {
            {"share of the critical path", SKEL_SVG_CRITPATH},
            {"share of CPU time", SKEL_SVG_COMPUTE},
            {"critical path saved by zeroing", SKEL_SVG_ZERO}};
        hbar_chart(p, charts[cat], titles[cat], b, nb,
                   "percent of the critical path or of all CPU time", skel_svg_fmt_pct, lab_pct,
                   keys, zeroing ? 3 : 2);
        static const char *const heads[] = {"item",     "#CP time",  "#% CP",  "#zeroing saves",
                                            "#% saved", "#CPU time", "#% CPU", "#count"};
        table_begin(d, heads, 8);
        for (size_t q = 0; q < n; q++) {
            const struct cp_item *it = &cp->items[idx[q]];
            char t[64];
            skel_svg_open(d, "tr");
            skel_svg_open(d, "td");
            skel_svg_attr(d, "class", "mono");
            skel_svg_text(d, it->name);
            if (it->detail != NULL && it->detail[0] != '\0') {
                skel_svg_open(d, "span");
                skel_svg_attr(d, "class", "note");
                skel_svg_textf(d, "  %s", it->detail);
                skel_svg_close_full(d);
            }
            skel_svg_close_full(d);
            td(d, "num", secs(it->cp_ns / 1e9, t, sizeof t));
            snprintf(t, sizeof t, "%.1f %%",
                     cp->length_ns > 0 ? 100 * it->cp_ns / cp->length_ns : 0);
            td(d, "num", t);
            if (it->zero_ns >= 0) {
                td(d, "num", secs(it->zero_ns / 1e9, t, sizeof t));
                snprintf(t, sizeof t, "%.1f %%",
                         cp->length_ns > 0 ? 100 * it->zero_ns / cp->length_ns : 0);
                td(d, "num", t);
            } else {
                td(d, "num", "–");
                td(d, "num", "–");
            }
            td(d, "num", secs(it->cpu_ns / 1e9, t, sizeof t));
            snprintf(t, sizeof t, "%.1f %%",
                     cp->cpu_total_ns > 0 ? 100 * it->cpu_ns / cp->cpu_total_ns : 0);
            td(d, "num", t);
            td(d, "num", skel_text_count(it->count, t, sizeof t));
            skel_svg_close_full(d);
        }
        table_end(d);
    }
    section_end(p);
}

static int sec_predictions(struct page *p)
{
    skel_svg *d = &p->d;
    int rc = SKEL_OK, any = 0;
    size_t np = 0, nc = 0;
    for (size_t i = 0; i < p->nres; i++) {
        np += p->res[i]->kind == SKEL_RESULTS_PREDICT;
        nc += p->res[i]->kind == SKEL_RESULTS_CALIBRATE;
    }
    if (np + nc == 0)
        return SKEL_OK;
    section_begin(p, "predictions", "Trace-driven predictions",
                  "Run times predicted from the trace for another placement of the processes "
                  "(LBF) or another network (NF), and how they compare with the skeleton run "
                  "where the prediction points (skel calibrate).");
    any = 1;
    if (np > 0) {
        struct hbar *b = calloc(np * 2, sizeof *b);
        char(*groups)[300] = calloc(np, sizeof *groups);
        if (b == NULL || groups == NULL) {
            free(b);
            free(groups);
            return skel_fail(SKEL_ENOMEM, "out of memory");
        }
        size_t nb = 0, g = 0;
        for (size_t i = 0; i < p->nres && rc == SKEL_OK; i++) {
            const struct skel_results *r = p->res[i];
            if (r->kind != SKEL_RESULTS_PREDICT)
                continue;
            double meas = NAN, pred = NAN, procs = NAN, hosts = NAN;
            int e1 = skel_results_key_num(r, "measured_ns", 1, &meas);
            int e2 = skel_results_key_num(r, "predicted_ns", 1, &pred);
            if (e1 != SKEL_OK || e2 != SKEL_OK) {
                rc = (e1 != SKEL_OK && e1 != SKEL_ENOTFOUND) ? e1
                     : (e2 != SKEL_OK && e2 != SKEL_ENOTFOUND)
                         ? e2
                         : skel_fail(SKEL_EFORMAT,
                                     "%s: expected measured_ns and predicted_ns lines", r->name);
                break;
            }
            if (skel_results_key_num(r, "processors", 1, &procs) != SKEL_OK)
                procs = NAN;
            if (skel_results_key_num(r, "hosts", 1, &hosts) != SKEL_OK)
                hosts = NAN;
            skel_clear_error();
            /* A placement or network line, when the file has one, names the prediction. */
            long pl = skel_results_find(r, "placement", 0), nw = skel_results_find(r, "network", 0);
            int k = snprintf(groups[g], sizeof groups[g], "%.100s", base_name(r->name));
            if (pl >= 0 && r->rows[pl].n > 1)
                k += snprintf(groups[g] + k, sizeof groups[g] - (size_t)k, ", %.60s",
                              r->rows[pl].cell[1].text);
            else if (isfinite(procs))
                k += snprintf(groups[g] + k, sizeof groups[g] - (size_t)k, ", %.0f processors",
                              procs);
            if (nw >= 0 && r->rows[nw].n > 1)
                snprintf(groups[g] + k, sizeof groups[g] - (size_t)k, ", %.60s",
                         r->rows[nw].cell[1].text);
            b[nb++] = (struct hbar){groups[g],
                                    "measured (traced run)",
                                    SKEL_SVG_MEASURED,
                                    meas / 1e9,
                                    NAN,
                                    NAN,
                                    NULL,
                                    NULL,
                                    0};
            b[nb++] = (struct hbar){
                groups[g], "predicted", SKEL_SVG_SKELETON, pred / 1e9, NAN, NAN, NULL, NULL, 0};
            g++;
        }
        if (rc == SKEL_OK) {
            static const struct skel_svg_key keys[] = {{"measured (traced run)", SKEL_SVG_MEASURED},
                                                       {"predicted", SKEL_SVG_SKELETON}};
            skel_svg_el(d, "h3", NULL, "LBF / NF predictions (skel predict)");
            hbar_chart(p, "predict", "Predicted vs traced run time", b, nb, "run time (s)",
                       skel_svg_fmt_g, lab_secs, keys, 2);
        }
        free(b);
        free(groups);
    }
    for (size_t i = 0; i < p->nres && rc == SKEL_OK; i++) {
        const struct skel_results *r = p->res[i];
        if (r->kind != SKEL_RESULTS_CALIBRATE)
            continue;
        int ckind = col(r, "kind"), ctarget = col(r, "target"), cpc = col(r, "predicted_change"),
            cmc = col(r, "measured_change"), cerr = col(r, "error");
        struct hbar *b = calloc(r->nrows * 2 + 1, sizeof *b);
        char(*groups)[300] = calloc(r->nrows + 1, sizeof *groups);
        if (b == NULL || groups == NULL) {
            free(b);
            free(groups);
            return skel_fail(SKEL_ENOMEM, "out of memory");
        }
        size_t nb = 0;
        for (size_t j = 0; j < r->nrows; j++) {
            snprintf(groups[j], sizeof groups[j], "%.60s: %.200s", skel_results_text(r, j, ckind),
                     skel_results_text(r, j, ctarget));
            double pc = num(r, j, cpc, &rc), mc = num(r, j, cmc, &rc);
            b[nb++] = (struct hbar){
                groups[j], "predicted change", SKEL_SVG_SKELETON, pc, NAN, NAN, NULL, NULL, 0};
            b[nb++] = (struct hbar){
                groups[j], "skeleton-measured change", SKEL_SVG_MEASURED, mc, NAN, NAN, NULL, NULL,
                0};
        }
        if (rc == SKEL_OK) {
            static const struct skel_svg_key keys[] = {
                {"predicted change", SKEL_SVG_SKELETON},
                {"skeleton-measured change", SKEL_SVG_MEASURED}};
            skel_svg_open(d, "h3");
            skel_svg_textf(d, "Calibration against skeleton runs: %s", base_name(r->name));
            skel_svg_close_full(d);
            hbar_chart(p, "calibrate", "Predicted vs skeleton-measured change", b, nb,
                       "change of the run time (new / old)", fmt_times, lab_times, keys, 2);
            static const char *const heads[] = {"prediction", "target", "#predicted change",
                                                "#measured change", "#error"};
            table_begin(d, heads, 5);
            for (size_t j = 0; j < r->nrows; j++) {
                char t[64];
                double pc = num(r, j, cpc, &rc), mc = num(r, j, cmc, &rc), e = num(r, j, cerr, &rc);
                skel_svg_open(d, "tr");
                td(d, NULL, skel_results_text(r, j, ckind));
                td(d, "mono", skel_results_text(r, j, ctarget));
                td(d, "num", isfinite(pc) ? fmt_times(pc, t, sizeof t) : "–");
                td(d, "num", isfinite(mc) ? fmt_times(mc, t, sizeof t) : "–");
                if (isfinite(e))
                    snprintf(t, sizeof t, "%+.1f %%", 100 * e);
                td(d, "num", isfinite(e) ? t : "–");
                skel_svg_close_full(d);
            }
            table_end(d);
        }
        free(b);
        free(groups);
    }
    if (any)
        section_end(p);
    return rc;
}

static void sec_inputs(struct page *p)
{
    skel_svg *d = &p->d;
    section_begin(p, "inputs", "Inputs", NULL);
    static const char *const heads[] = {"input", "what"};
    table_begin(d, heads, 2);
    const char *const rows[][2] = {{p->trace_dir, "trace of the application"},
                                   {p->sig_path, "execution signature"},
                                   {p->skel_dir, "skeleton directory (skeleton.meta)"},
                                   {p->strace_dir, "trace of the skeleton"}};
    for (size_t i = 0; i < 4; i++) {
        if (rows[i][0] == NULL)
            continue;
        skel_svg_open(d, "tr");
        td(d, "mono", rows[i][0]);
        td(d, NULL, rows[i][1]);
        skel_svg_close_full(d);
    }
    for (size_t i = 0; i < p->nres; i++) {
        char what[128];
        snprintf(what, sizeof what, "results: %s (%s)", skel_results_kind_name(p->res[i]->kind),
                 skel_results_kind_source(p->res[i]->kind));
        skel_svg_open(d, "tr");
        td(d, "mono", p->res[i]->name);
        td(d, NULL, what);
        skel_svg_close_full(d);
    }
    table_end(d);
    section_end(p);
}

/* ---- The page ------------------------------------------------------------------- */

static int write_page(struct page *p)
{
    skel_svg *d = &p->d;
    int rc = SKEL_OK;
    char *cmd = command_line(p);
    char title[512];
    if (p->o->title != NULL)
        snprintf(title, sizeof title, "%s", p->o->title);
    else if (p->trace != NULL && skel_trace_meta(p->trace)->ncommand > 0)
        snprintf(title, sizeof title, "%.400s", base_name(skel_trace_meta(p->trace)->command[0]));
    else if (p->sig != NULL && p->sig->argc > 0)
        snprintf(title, sizeof title, "%.400s", base_name(p->sig->argv[0]));
    else
        snprintf(title, sizeof title, "Results");
    if (xmlTextWriterWriteDTD(d->w, (const xmlChar *)"html", NULL, NULL, NULL) < 0)
        d->err = skel_fail(SKEL_EIO, "writing the report failed");
    skel_svg_raw(d, "\n");
    skel_svg_open(d, "html");
    skel_svg_attr(d, "lang", "en");
    skel_svg_open(d, "head");
    skel_svg_open(d, "meta");
    skel_svg_attr(d, "charset", "utf-8");
    skel_svg_close(d);
    /* No script may run and nothing may be fetched: the page stands alone. */
    skel_svg_open(d, "meta");
    skel_svg_attr(d, "http-equiv", "Content-Security-Policy");
    skel_svg_attr(d, "content", "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    skel_svg_close(d);
    skel_svg_open(d, "meta");
    skel_svg_attr(d, "name", "viewport");
    skel_svg_attr(d, "content", "width=device-width, initial-scale=1");
    skel_svg_close(d);
    skel_svg_open(d, "meta");
    skel_svg_attr(d, "name", "generator");
    skel_svg_attr(d, "content", "skel report");
    skel_svg_close(d);
    skel_svg_open(d, "title");
    skel_svg_textf(d, "Skel report: %s", title);
    skel_svg_close_full(d);
    skel_svg_open(d, "style");
    skel_svg_raw(d, page_css);
    skel_svg_close_full(d);
    skel_svg_close_full(d); /* head */
    skel_svg_raw(d, "\n");
    skel_svg_open(d, "body");
    write_header(p, title, cmd);
    free(cmd);
    /* Table of contents: the sections this page has. */
    struct {
        const char *id, *name;
        int on;
    } toc[] = {
        {"timeline", "Timeline", p->have_app || p->have_skel},
        {"share", "Compute vs MPI", p->have_app || p->have_skel},
        {"calls", "MPI calls", p->have_app},
        {"signature", "Signature", p->sig != NULL},
        {"validation", "Predicted vs measured", 0},
        {"selection", "Node sets", 0},
        {"runs", "Timed runs", 0},
        {"stats", "Call statistics", 0},
        {"critical-path", "Critical path", p->cp.have || p->cp_error[0] != '\0'},
        {"predictions", "Predictions", 0},
        {"inputs", "Inputs", 1},
    };
    for (size_t i = 0; i < p->nres; i++) {
        int k = p->res[i]->kind;
        toc[4].on |= k == SKEL_RESULTS_VALIDATE;
        toc[5].on |= k == SKEL_RESULTS_SELECT;
        toc[6].on |= k == SKEL_RESULTS_RUN;
        toc[7].on |= k == SKEL_RESULTS_STATS;
        toc[9].on |= k == SKEL_RESULTS_PREDICT || k == SKEL_RESULTS_CALIBRATE;
    }
    skel_svg_open(d, "nav");
    skel_svg_attr(d, "class", "toc");
    skel_svg_open(d, "div");
    skel_svg_attr(d, "class", "wrap");
    for (size_t i = 0; i < sizeof toc / sizeof toc[0]; i++) {
        if (!toc[i].on)
            continue;
        skel_svg_open(d, "a");
        skel_svg_attrf(d, "href", "#%s", toc[i].id);
        skel_svg_text(d, toc[i].name);
        skel_svg_close_full(d);
    }
    skel_svg_close_full(d);
    skel_svg_close_full(d);
    skel_svg_open(d, "main");
    skel_svg_attr(d, "class", "wrap");
    sec_timeline(p);
    sec_share(p);
    sec_calls(p);
    sec_signature(p);
    if ((rc = sec_validation(p)) != SKEL_OK || (rc = sec_selection(p)) != SKEL_OK ||
        (rc = sec_runs(p)) != SKEL_OK || (rc = sec_stats(p)) != SKEL_OK)
        return rc;
    sec_critpath(p);
    if ((rc = sec_predictions(p)) != SKEL_OK)
        return rc;
    sec_inputs(p);
    skel_svg_close_full(d); /* main */
    skel_svg_open(d, "footer");
    skel_svg_attr(d, "class", "wrap");
    skel_svg_text(d, "Made by skel report. Self-contained: no script, nothing fetched. "
                     "Hover over charts for exact values.");
    skel_svg_close_full(d);
    skel_svg_close_full(d); /* body */
    skel_svg_close_full(d); /* html */
    skel_svg_raw(d, "\n");
    return d->err;
}

int skel_report_write(const struct skel_report_opts *o, const char *path,
                      struct skel_report_summary *sum)
{
    struct page *p = calloc(1, sizeof *p);
    if (p == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    p->o = o;
    skel_afile *af = NULL;
    xmlTextWriterPtr w = NULL;
    int rc = load(p);
    if (rc == SKEL_OK)
        rc = load_critpath(p);
    if (rc == SKEL_OK)
        rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        goto out;
    /* libxml2 writes into the temporary file's stream (and does not close
     * it): the commit sees every write error. */
    xmlOutputBufferPtr ob = xmlOutputBufferCreateFile(skel_afile_stream(af), NULL);
    if (ob == NULL || (w = xmlNewTextWriter(ob)) == NULL) {
        if (ob != NULL)
            xmlOutputBufferClose(ob);
        rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", path);
        goto out;
    }
    p->d.w = w;
    rc = write_page(p);
    if (xmlTextWriterFlush(w) < 0 && rc == SKEL_OK)
        rc = skel_fail(SKEL_EIO, "%s: write error", path);
    xmlFreeTextWriter(w); /* frees ob, leaves the stream open */
    w = NULL;
    if (rc == SKEL_OK)
        rc = skel_afile_commit(af);
    else
        skel_afile_abort(af);
    af = NULL;
    if (rc == SKEL_OK && sum != NULL) {
        sum->sections = p->sections;
        sum->charts = p->charts;
        size_t k = 0;
        sum->inputs[0] = '\0';
        const char *const ins[][2] = {{"trace", p->trace_dir},
                                      {"signature", p->sig_path},
                                      {"skeleton", p->skel_dir},
                                      {"skeleton trace", p->strace_dir}};
        for (size_t i = 0; i < 4; i++)
            if (ins[i][1] != NULL && k < sizeof sum->inputs)
                k += (size_t)snprintf(sum->inputs + k, sizeof sum->inputs - k, "%s%s %s",
                                      k ? ", " : "", ins[i][0], ins[i][1]);
        for (size_t i = 0; i < p->nres && k < sizeof sum->inputs; i++)
            k += (size_t)snprintf(sum->inputs + k, sizeof sum->inputs - k, "%s%s %s", k ? ", " : "",
                                  skel_results_kind_name(p->res[i]->kind), p->res[i]->name);
    }
out:
    if (w != NULL)
        xmlFreeTextWriter(w);
    skel_afile_abort(af);
    if (p->have_app)
        skel_timeline_free(&p->app);
    if (p->have_skel)
        skel_timeline_free(&p->skel);
    skel_trace_close(p->trace);
    skel_trace_close(p->strace);
    if (p->sig != NULL)
        skel_signature_free(p->sig);
    skel_results_free(p->meta);
    for (size_t i = 0; i < p->nres; i++)
        skel_results_free(p->res[i]);
    free(p->res);
    free(p->cp.items);
    skel_critpath_result_free(&p->cpr);
    free(p);
    return rc;
}
