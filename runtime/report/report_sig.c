/* report_sig.c - see report_sig.h. */
#include "report_sig.h"

#include "error.h"
#include "report_text.h"
#include "report_timeline.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CLASSES     8   /* classes drawn in full; the others are listed */
#define MAX_DEPTH       10  /* icicle rows below the program */
#define MAX_ITEMS_SHOWN 160 /* items of one sequence written out */
#define MAX_BODIES      16  /* loop bodies listed per class (and the dominant one) */

static int is_setup(uint16_t call)
{
    return call == SKEL_CALL_MPI_Init || call == SKEL_CALL_MPI_Init_thread ||
           call == SKEL_CALL_MPI_Finalize;
}

/* Modelled time of one execution of a symbol: compute, then the call. */
static void sym_time(const skel_sig_symbol *y, double *compute, double *call)
{
    *compute = y->compute.mean;
    *call = is_setup(y->call) ? 0 : y->duration.mean;
}

static double item_time(const skel_signature *s, const skel_sig_item *it)
{
    if (it->kind == SKEL_SIG_ITEM_LOOP)
        return (double)it->count * s->blocks[it->ref].time_ns;
    double c, m;
    sym_time(&s->symbols[it->ref], &c, &m);
    return c + m;
}

static const char *sym_css(const skel_sig_symbol *y)
{
    switch (skel_tl_category(y->call)) {
    case SKEL_TL_P2P:
        return "sym p2p";
    case SKEL_TL_COLL:
        return "sym coll";
    default:
        return "sym other";
    }
}

static void seconds(double ns, char *buf, size_t len)
{
    skel_text_seconds(ns / 1e9, buf, len);
}

/* What a symbol is, for tooltips: "MPI_Isend, 8 KiB, mean compute before 1.2 ms,
 * mean call 3 µs, x4000, at jacobi.c:236". */
static void sym_tip(const skel_signature *s, const skel_sig_symbol *y, char *buf, size_t len)
{
    char c1[32], c2[32], b[32], nm[16];
    double c, m;
    sym_time(y, &c, &m);
    int k =
        snprintf(buf, len, "%s %s: %" PRIu64 " calls in the class",
                 skel_sig_symbol_name(y, nm, sizeof nm), skel_call_name(y->call), y->occurrences);
    if ((y->sides & 1) && y->side[0].bytes.max > 0 && k < (int)len)
        k += snprintf(buf + k, len - (size_t)k, ", %s",
                      skel_text_bytes(y->side[0].bytes.mean, b, sizeof b));
    if (k < (int)len) {
        seconds(y->compute.mean, c1, sizeof c1);
        seconds(y->duration.mean, c2, sizeof c2);
        k +=
            snprintf(buf + k, len - (size_t)k, "; mean compute before it %s, mean call %s", c1, c2);
    }
    if (y->site != SKEL_SIG_NONE && y->site < s->nsites && k < (int)len) {
        const skel_sig_site *st = &s->sites[y->site];
        if (st->file[0] != '\0') {
            const char *base = strrchr(st->file, '/');
            snprintf(buf + k, len - (size_t)k, "; at %.200s:%u", base ? base + 1 : st->file,
                     st->line);
        } else if (st->func[0] != '\0') {
            snprintf(buf + k, len - (size_t)k, "; in %.200s", st->func);
        }
    }
}

/* A loop body of one symbol is written (X:n) in the notation. */
static int single(const skel_signature *s, uint32_t block)
{
    const skel_sig_block *b = &s->blocks[block];
    return b->nitems == 1 && b->items[0].kind == SKEL_SIG_ITEM_SYMBOL;
}

static void write_item(skel_svg *d, const skel_signature *s, const skel_sig_item *it,
                       uint32_t dominant)
{
    char nm[32], tip[700];
    if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
        const skel_sig_symbol *y = &s->symbols[it->ref];
        skel_svg_open(d, "span");
        skel_svg_attr(d, "class", sym_css(y));
        sym_tip(s, y, tip, sizeof tip);
        skel_svg_attr(d, "title", tip);
        skel_svg_text(d, skel_sig_symbol_name(y, nm, sizeof nm));
        skel_svg_close_full(d);
        return;
    }
    char t1[32];
    seconds(item_time(s, it), t1, sizeof t1);
    skel_svg_open(d, "span");
    skel_svg_attr(d, "class", it->ref == dominant ? "loop dominant" : "loop");
    if (single(s, it->ref)) {
        const skel_sig_symbol *y = &s->symbols[s->blocks[it->ref].items[0].ref];
        sym_tip(s, y, tip, sizeof tip);
        snprintf(tip + strlen(tip), sizeof tip - strlen(tip), "; repeated %" PRIu64 " times: %s",
                 it->count, t1);
        skel_svg_attr(d, "title", tip);
        skel_svg_textf(d, "(%s:%" PRIu64 ")", skel_sig_symbol_name(y, nm, sizeof nm), it->count);
    } else {
        snprintf(tip, sizeof tip, "loop body L%u repeated %" PRIu64 " times: %s", it->ref,
                 it->count, t1);
        skel_svg_attr(d, "title", tip);
        skel_svg_textf(d, "(L%u:%" PRIu64 ")", it->ref, it->count);
    }
    skel_svg_close_full(d);
}

static void write_seq(skel_svg *d, const skel_signature *s, const skel_sig_block *b, int brace,
                      uint32_t dominant)
{
    skel_svg_text(d, brace ? "{" : "[");
    for (uint32_t i = 0; i < b->nitems; i++) {
        if (i > 0)
            skel_svg_text(d, ", ");
        if (i == MAX_ITEMS_SHOWN) {
            skel_svg_textf(d, "… %u more", b->nitems - i);
            break;
        }
        write_item(d, s, &b->items[i], dominant);
    }
    skel_svg_text(d, brace ? "}" : "]");
}

/* Loop bodies of more than one item reachable from block b, each once, with
 * the time they hold over the whole run (per rank). */
static void write_bodies(skel_svg *d, const skel_signature *s, uint32_t b, double mult,
                         double class_ns, uint8_t *seen, uint32_t dominant, int depth,
                         unsigned *shown)
{
    const skel_sig_block *blk = &s->blocks[b];
    for (uint32_t i = 0; i < blk->nitems; i++) {
        const skel_sig_item *it = &blk->items[i];
        if (it->kind != SKEL_SIG_ITEM_LOOP || seen[it->ref])
            continue;
        seen[it->ref] = 1;
        double total = mult * item_time(s, it);
        /* The first MAX_BODIES bodies, and the dominant one wherever it is. */
        unsigned k = single(s, it->ref) ? 0 : (*shown)++;
        if (!single(s, it->ref) && k == MAX_BODIES && it->ref != dominant)
            skel_svg_el(d, "div", "note", "… more loop bodies (skel show lists them all)");
        if (!single(s, it->ref) && (k < MAX_BODIES || it->ref == dominant)) {
            char t1[32], t2[32];
            skel_svg_open(d, "div");
            skel_svg_attr(d, "class", it->ref == dominant ? "body dominant" : "body");
            skel_svg_attrf(d, "style", "margin-left:%dem", 2 * depth + 1);
            skel_svg_textf(d, "L%u = ", it->ref);
            write_seq(d, s, &s->blocks[it->ref], 0, dominant);
            seconds(s->blocks[it->ref].time_ns, t1, sizeof t1);
            seconds(total, t2, sizeof t2);
            skel_svg_open(d, "span");
            skel_svg_attr(d, "class", "note");
            skel_svg_textf(d, "  %s per iteration × %.0f = %s, %.1f %% of the class's time%s", t1,
                           mult * (double)it->count, t2, class_ns > 0 ? 100 * total / class_ns : 0,
                           it->ref == dominant ? " — the dominant sequence" : "");
            skel_svg_close_full(d);
            skel_svg_close_full(d);
        }
        if (depth < 16)
            write_bodies(d, s, it->ref, mult * (double)it->count, class_ns, seen, dominant,
                         depth + 1, shown);
    }
}

/* ---- Icicle ------------------------------------------------------------------ */

struct icicle {
    skel_svg *d;
    const skel_signature *s;
    double row_h;
    uint32_t dominant;
    size_t cells;
};

static void cell(struct icicle *ic, double x, double y, double w, const char *fill,
                 const char *label, const char *tip, const char *item, double ns)
{
    skel_svg *d = ic->d;
    skel_svg_rect_open(d, x, y, w, ic->row_h - 2, fill);
    skel_svg_attr(d, "stroke", "#ffffff");
    skel_svg_attr(d, "stroke-width", "0.6");
    skel_svg_attr(d, "data-item", item);
    skel_svg_attrf(d, "data-time-ns", "%.0f", ns);
    skel_svg_title(d, tip);
    skel_svg_close(d);
    if (label != NULL && w >= skel_svg_text_width(label, 11) + 8)
        skel_svg_label(d, x + 4, y + ic->row_h / 2 + 3, "start",
                       strcmp(fill, SKEL_SVG_COMPUTE) == 0 || strcmp(fill, SKEL_SVG_COLL) == 0 ||
                               strcmp(fill, SKEL_SVG_ACCENT) == 0 || strcmp(fill, "#4a5568") == 0
                           ? "#ffffff"
                           : SKEL_SVG_INK,
                       11, label);
    ic->cells++;
}

/* Items of block b (one execution takes width w from x) on row depth. */
static void icicle_block(struct icicle *ic, uint32_t b, double x, double w, int depth, double mult)
{
    const skel_signature *s = ic->s;
    const skel_sig_block *blk = &s->blocks[b];
    double total = blk->time_ns;
    if (!(total > 0) || depth > MAX_DEPTH)
        return;
    double y = 30 + depth * ic->row_h;
    double at = x;
    for (uint32_t i = 0; i < blk->nitems; i++) {
        const skel_sig_item *it = &blk->items[i];
        double t = item_time(s, it);
        double iw = w * t / total;
        if (iw < 0.25) {
            at += iw;
            continue;
        }
        char nm[64], tip[800], t1[32];
        if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
            const skel_sig_symbol *y0 = &s->symbols[it->ref];
            double c, m;
            sym_time(y0, &c, &m);
            skel_sig_symbol_name(y0, nm, sizeof nm);
            sym_tip(s, y0, tip, sizeof tip);
            double cw = t > 0 ? iw * c / t : 0;
            if (cw >= 0.25)
                cell(ic, at, y, cw, SKEL_SVG_COMPUTE, NULL, tip, nm, c * mult);
            if (iw - cw >= 0.25)
                cell(ic, at + cw, y, iw - cw, skel_tl_category_colour(skel_tl_category(y0->call)),
                     nm, tip, nm, m * mult);
        } else {
            int dom = it->ref == ic->dominant;
            seconds(t * mult, t1, sizeof t1);
            if (single(s, it->ref))
                snprintf(
                    nm, sizeof nm, "(%s:%" PRIu64 ")",
                    skel_sig_symbol_name(&s->symbols[s->blocks[it->ref].items[0].ref], tip, 64),
                    it->count);
            else
                snprintf(nm, sizeof nm, "(L%u:%" PRIu64 ")", it->ref, it->count);
            snprintf(tip, sizeof tip, "%s: %" PRIu64 " iterations, %s in all%s", nm, it->count, t1,
                     dom ? " (the dominant sequence)" : "");
            cell(ic, at, y, iw, dom ? SKEL_SVG_ACCENT : "#4a5568", nm, tip, nm, t * mult);
            /* Its body below, one iteration stretched over the loop's width. */
            icicle_block(ic, it->ref, at, iw, depth + 1, mult * (double)it->count);
        }
        at += iw;
    }
}

static int max_depth(const skel_signature *s, uint32_t b, int depth)
{
    int m = depth;
    if (depth > MAX_DEPTH)
        return depth;
    const skel_sig_block *blk = &s->blocks[b];
    for (uint32_t i = 0; i < blk->nitems; i++)
        if (blk->items[i].kind == SKEL_SIG_ITEM_LOOP) {
            int k = max_depth(s, blk->items[i].ref, depth + 1);
            if (k > m)
                m = k;
        }
    return m;
}

static void draw_icicle(skel_svg *d, const skel_signature *s, const skel_sig_class *c)
{
    const double W = 1100, x0 = 20, w = W - 40, row_h = 24;
    int depth = max_depth(s, c->top, 1);
    if (depth > MAX_DEPTH + 1)
        depth = MAX_DEPTH + 1;
    double h = 30 + (depth + 1) * row_h + 10;
    char label[96];
    snprintf(label, sizeof label, "Loop structure of class %u: width is modelled time", c->id);
    skel_svg_begin(d, "signature", W, h, label);
    skel_svg_open(d, "g");
    skel_svg_attrf(d, "data-class", "%u", c->id);
    static const struct skel_svg_key keys[] = {{"loop", "#4a5568"},
                                               {"dominant sequence", SKEL_SVG_ACCENT},
                                               {"compute", SKEL_SVG_COMPUTE},
                                               {"point-to-point MPI", SKEL_SVG_P2P},
                                               {"collective MPI", SKEL_SVG_COLL},
                                               {"other MPI", SKEL_SVG_OTHER}};
    skel_svg_legend(d, x0, 16, keys, sizeof keys / sizeof keys[0]);
    struct icicle ic = {.d = d, .s = s, .row_h = row_h, .dominant = c->dominant};
    char tip[200], t1[32];
    seconds(s->blocks[c->top].time_ns, t1, sizeof t1);
    snprintf(tip, sizeof tip, "the whole program, modelled: %s per rank", t1);
    cell(&ic, x0, 30, w, "#cbd5e0", "program", tip, "program", s->blocks[c->top].time_ns);
    icicle_block(&ic, c->top, x0, w, 1, 1);
    skel_svg_close_full(d);
    skel_svg_end(d);
}

/* ---- Tables ------------------------------------------------------------------ */

static void td(skel_svg *d, const char *cls, const char *text)
{
    skel_svg_el(d, "td", cls, text);
}

static void th(skel_svg *d, const char *cls, const char *text)
{
    skel_svg_el(d, "th", cls, text);
}

/* A symbol's time in the model over the whole class. */
static double model_time(const skel_signature *s, uint32_t id)
{
    double c, m;
    sym_time(&s->symbols[id], &c, &m);
    return (double)s->symbols[id].occurrences * (c + m);
}

static void top_symbols(skel_svg *d, const skel_signature *s, const skel_sig_class *c)
{
    /* Symbols of the class by total time, the largest first. */
    uint32_t n = 0;
    uint32_t *ids = malloc((s->nsymbols ? s->nsymbols : 1) * sizeof *ids);
    if (ids == NULL)
        return;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].cls == c->id)
            ids[n++] = i;
    for (uint32_t i = 1; i < n; i++) { /* insertion sort: classes have few symbols */
        uint32_t v = ids[i], j = i;
        while (j > 0 && model_time(s, ids[j - 1]) < model_time(s, v)) {
            ids[j] = ids[j - 1];
            j--;
        }
        ids[j] = v;
    }
    /* Shares of the model's time: MPI_Init and MPI_Finalize count their
     * compute only, as in the block times. */
    double all = 0;
    for (uint32_t i = 0; i < n; i++) {
        all += model_time(s, ids[i]);
    }
    skel_svg_open(d, "table");
    skel_svg_attr(d, "class", "data");
    skel_svg_open(d, "thead");
    skel_svg_open(d, "tr");
    th(d, NULL, "symbol");
    th(d, NULL, "call");
    th(d, "num", "calls per rank");
    th(d, "num", "mean compute before");
    th(d, "num", "mean call");
    th(d, "num", "share of the class's time");
    th(d, NULL, "call site");
    skel_svg_close_full(d);
    skel_svg_close_full(d);
    skel_svg_open(d, "tbody");
    for (uint32_t i = 0; i < n && i < 12; i++) {
        const skel_sig_symbol *y = &s->symbols[ids[i]];
        char nm[32], b1[32], b2[32], b3[48];
        skel_svg_open(d, "tr");
        skel_svg_open(d, "td");
        skel_svg_el(d, "span", sym_css(y), skel_sig_symbol_name(y, nm, sizeof nm));
        skel_svg_close_full(d);
        td(d, "mono", skel_call_name(y->call));
        snprintf(b3, sizeof b3, "%.0f", c->nranks ? (double)y->occurrences / c->nranks : 0);
        td(d, "num", b3);
        seconds(y->compute.mean, b1, sizeof b1);
        td(d, "num", b1);
        seconds(y->duration.mean, b2, sizeof b2);
        td(d, "num", b2);
        snprintf(b3, sizeof b3, "%.1f %%", all > 0 ? 100 * model_time(s, ids[i]) / all : 0);
        td(d, "num", b3);
        char site[600] = "";
        if (y->site != SKEL_SIG_NONE && y->site < s->nsites) {
            const skel_sig_site *st = &s->sites[y->site];
            const char *base = strrchr(st->file, '/');
            if (st->file[0] != '\0')
                snprintf(site, sizeof site, "%.200s (%.200s:%u)", st->func,
                         base ? base + 1 : st->file, st->line);
            else
                snprintf(site, sizeof site, "%.200s", st->func);
        }
        td(d, "mono", site);
        skel_svg_close_full(d);
    }
    skel_svg_close_full(d);
    skel_svg_close_full(d);
    free(ids);
}

static void rank_list(const uint32_t *r, uint32_t n, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < n && k + 24 < len;) {
        uint32_t j = i;
        while (j + 1 < n && r[j + 1] == r[j] + 1)
            j++;
        k += (size_t)snprintf(buf + k, len - k, "%s%u", i ? "," : "", r[i]);
        if (j > i)
            k += (size_t)snprintf(buf + k, len - k, "-%u", r[j]);
        i = j + 1;
    }
}

void skel_report_signature(skel_svg *d, const skel_signature *s, double shortest_good_s)
{
    char b1[64], b2[64];
    skel_svg_open(d, "p");
    skel_svg_textf(d,
                   "%u rank class%s; the trace's %s events fold into a signature of %s items "
                   "(compression Q = %.1f) at similarity threshold %.3f.",
                   s->nclasses, s->nclasses == 1 ? "" : "es",
                   skel_text_count(s->trace_length, b1, sizeof b1),
                   skel_text_count(s->signature_length, b2, sizeof b2), s->ratio, s->threshold);
    skel_svg_text(d, " Notation of the skeleton paper: P point-to-point, M collective, O "
                     "completion, X other call; (X:n) repeats X n times; L bodies are listed "
                     "below their sequence. Hover over a symbol for its call, size and timing.");
    skel_svg_close_full(d);
    uint8_t *seen = calloc(s->nblocks ? s->nblocks : 1, 1);
    if (seen == NULL) {
        if (d->err == 0)
            d->err = skel_fail(SKEL_ENOMEM, "out of memory");
        return;
    }
    for (uint32_t ci = 0; ci < s->nclasses; ci++) {
        const skel_sig_class *c = &s->classes[ci];
        char ranks[256], t1[32], t2[32];
        rank_list(c->ranks, c->nranks, ranks, sizeof ranks);
        skel_svg_open(d, "h3");
        skel_svg_textf(d, "Class %u: rank%s %s", c->id, c->nranks == 1 ? "" : "s", ranks);
        skel_svg_close_full(d);
        if (ci >= MAX_CLASSES) {
            skel_svg_el(d, "p", "note", "(not drawn: the first classes only)");
            continue;
        }
        double class_ns = s->blocks[c->top].time_ns;
        seconds(c->time_ns, t1, sizeof t1);
        seconds(class_ns, t2, sizeof t2);
        skel_svg_open(d, "p");
        skel_svg_textf(d, "%s events per rank; measured %s per rank, modelled %s.",
                       skel_text_count(c->events, b1, sizeof b1), t1, t2);
        skel_svg_close_full(d);
        skel_svg_open(d, "div");
        skel_svg_attr(d, "class", "sig");
        skel_svg_open(d, "div");
        write_seq(d, s, &s->blocks[c->top], 1, c->dominant);
        skel_svg_close_full(d);
        memset(seen, 0, s->nblocks ? s->nblocks : 1);
        unsigned shown = 0;
        write_bodies(d, s, c->top, 1, class_ns, seen, c->dominant, 0, &shown);
        skel_svg_close_full(d);
        if (c->dominant != SKEL_SIG_NONE) {
            skel_svg_open(d, "p");
            skel_svg_attr(d, "class", "callout");
            seconds(c->dominant_iter_ns, t1, sizeof t1);
            skel_svg_el(d, "b", NULL, "Dominant sequence: ");
            /* A one-symbol body is written (X:n) in the notation: name it so. */
            char nm[32];
            if (single(s, c->dominant))
                skel_sig_symbol_name(&s->symbols[s->blocks[c->dominant].items[0].ref], nm,
                                     sizeof nm);
            else
                snprintf(nm, sizeof nm, "L%u", c->dominant);
            skel_svg_textf(d,
                           "%s, %" PRIu64 " iterations of %s each, holds %.1f %% of the "
                           "modelled time.",
                           nm, c->dominant_count, t1, 100 * c->dominant_share);
            if (shortest_good_s > 0) {
                skel_text_seconds(shortest_good_s, t2, sizeof t2);
                skel_svg_textf(d,
                               " A skeleton is \"good\" when it holds at least one full "
                               "iteration: here when it runs at least %s.",
                               t2);
            }
            skel_svg_close_full(d);
        }
        draw_icicle(d, s, c);
        top_symbols(d, s, c);
    }
    free(seen);
}
