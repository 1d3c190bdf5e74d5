/* report_timeline.c - see report_timeline.h. */
#include "report_timeline.h"

#include "error.h"
#include "grow.h"
#include "replay.h"
#include "report_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The chart's category of a call category: one colour for point-to-point
 * calls and the completions of their requests, one for collectives, one for
 * the rest. */
static int tl_of(int category)
{
    switch (category) {
    case SKEL_CATEGORY_P2P:
    case SKEL_CATEGORY_COMPLETION:
        return SKEL_TL_P2P;
    case SKEL_CATEGORY_COLLECTIVE:
        return SKEL_TL_COLL;
    default:
        return SKEL_TL_OTHER;
    }
}

int skel_tl_category(uint16_t call)
{
    return tl_of(skel_call_category(call));
}

int skel_tl_event_category(const skel_event *ev)
{
    if (skel_call_category(ev->call) != SKEL_CATEGORY_COMPLETION || ev->ncomplete == 0)
        return skel_tl_category(ev->call);
    /* A completion waits for what it completes: an Ibarrier's wait is
     * collective time, an Isend's point-to-point. */
    int cat = skel_tl_category(ev->complete[0].call);
    for (uint32_t i = 1; i < ev->ncomplete; i++)
        if (skel_tl_category(ev->complete[i].call) != cat)
            return SKEL_TL_P2P;
    return cat;
}

const char *skel_tl_category_name(int cat)
{
    static const char *const names[SKEL_TL_NCAT] = {"compute", "point-to-point MPI",
                                                    "collective MPI", "other MPI"};
    return cat >= 0 && cat < SKEL_TL_NCAT ? names[cat] : "?";
}

const char *skel_tl_category_colour(int cat)
{
    static const char *const colours[SKEL_TL_NCAT] = {SKEL_SVG_COMPUTE, SKEL_SVG_P2P, SKEL_SVG_COLL,
                                                      SKEL_SVG_OTHER};
    return cat >= 0 && cat < SKEL_TL_NCAT ? colours[cat] : SKEL_SVG_OTHER;
}

void skel_timeline_free(struct skel_timeline *tl)
{
    free(tl->frac);
    free(tl->rank_ns);
    free(tl->lines);
    for (uint32_t r = 0; tl->hosts != NULL && r < tl->nranks; r++)
        free(tl->hosts[r]);
    free(tl->hosts);
    memset(tl, 0, sizeof *tl);
}

double skel_timeline_total(const struct skel_timeline *tl, int cat)
{
    double s = 0;
    for (uint32_t r = 0; tl->rank_ns != NULL && r < tl->nranks; r++)
        s += tl->rank_ns[(size_t)r * SKEL_TL_NCAT + (size_t)cat];
    return s;
}

/* ---- Building --------------------------------------------------------------- */

struct build {
    const skel_trace *t;
    skel_replay *rp; /* for its clock offsets, and pass 2 */
    struct skel_timeline *tl;
    int64_t t0;  /* window start, ns in rank 0's clock */
    double *acc; /* [row][bin][cat] ns, turned into fractions at the end */
    int from_first_call;
};

static int64_t global(const struct build *b, uint32_t rank, uint64_t t)
{
    if (b->rp != NULL)
        return (int64_t)skel_replay_global_time(b->rp, rank, t);
    const skel_meta *m = skel_trace_meta(b->t);
    for (uint32_t i = 0; i < m->nrank_entries; i++)
        if (m->ranks[i].rank == rank)
            return (int64_t)t - m->ranks[i].offset_init_ns;
    return (int64_t)t;
}

static int is_init(uint16_t call)
{
    return call == SKEL_CALL_MPI_Init || call == SKEL_CALL_MPI_Init_thread;
}

/* Pass 1: the window, totals per call, the hosts. */
static int pass_window(struct build *b)
{
    struct skel_timeline *tl = b->tl;
    int have_start = 0, have_end = 0, have_run = 0;
    int64_t w0 = 0, w1 = 0, r0 = 0, r1 = 0;
    int rc = SKEL_OK;
    for (uint32_t r = 0; r < tl->nranks; r++) {
        skel_rank_reader *rd;
        if ((rc = skel_trace_open_rank(b->t, r, &rd)) != SKEL_OK)
            return rc;
        skel_event ev;
        int n;
        uint64_t idx = 0;
        int after_init = 0, start_set = 0;
        int64_t start = 0, end = 0, fin = 0, last_end = 0;
        int have_fin = 0;
        while ((n = skel_rank_next(rd, &ev)) == 1) {
            int64_t s = global(b, r, ev.t_start), e = global(b, r, ev.t_end);
            if (e < s)
                e = s;
            struct skel_tl_callstat *cs = &tl->calls[ev.call < SKEL_CALL_LIMIT ? ev.call : 0];
            cs->count++;
            cs->bytes += ev.bytes;
            cs->rbytes += ev.rbytes;
            cs->time_ns += (double)(e - s);
            if (is_init(ev.call) && (double)(e - s) > tl->init_ns)
                tl->init_ns = (double)(e - s);
            if (ev.call == SKEL_CALL_MPI_Finalize && (double)(e - s) > tl->finalize_ns)
                tl->finalize_ns = (double)(e - s);
            if (!have_run || s < r0)
                r0 = s;
            if (!have_run || e > r1)
                r1 = e;
            have_run = 1;
            /* The window opens where the program resumes after MPI_Init:
             * the compute before the first call after it (the tracer's own
             * start-up - clock synchronisation - is left out of that gap),
             * or that call itself for a skeleton. */
            if (idx == 0 && is_init(ev.call)) {
                after_init = 1;
            } else if (!start_set) {
                start = after_init && b->from_first_call ? s : s - (int64_t)ev.gap_wall;
                start_set = 1;
            }
            if (ev.call == SKEL_CALL_MPI_Finalize && !have_fin) {
                fin = s;
                have_fin = 1;
            }
            last_end = e;
            idx++;
        }
        if (n < 0) {
            /* Damage: everything before it was read; the window ends there. */
            skel_clear_error();
        }
        /* The host: the metadata's, else what the rank said about itself. */
        const skel_meta *m = skel_trace_meta(b->t);
        const char *host = NULL;
        for (uint32_t i = 0; i < m->nrank_entries; i++)
            if (m->ranks[i].rank == r && m->ranks[i].host != NULL && m->ranks[i].host[0] != '\0')
                host = m->ranks[i].host;
        const skel_rank_info *info = skel_rank_info_of(rd);
        if (host == NULL && info != NULL && info->host != NULL && info->host[0] != '\0')
            host = info->host;
        if (host != NULL && (tl->hosts[r] = strdup(host)) == NULL) {
            skel_rank_close(rd);
            return skel_fail(SKEL_ENOMEM, "out of memory");
        }
        skel_rank_close(rd);
        if (idx == 0)
            continue;
        end = have_fin ? fin : last_end;
        if (start_set && (!have_start || start < w0))
            w0 = start;
        have_start |= start_set;
        if (!have_end || end > w1)
            w1 = end;
        have_end = 1;
    }
    if (!have_start || !have_end)
        return skel_fail(SKEL_EFORMAT, "%s: the trace holds no MPI call", skel_trace_dir(b->t));
    if (w1 <= w0)
        w1 = w0 + 1;
    b->t0 = w0;
    tl->span_ns = (double)(w1 - w0);
    tl->bin_ns = tl->span_ns / tl->nbins;
    tl->run_ns = (double)(r1 - r0);
    return SKEL_OK;
}

/* Add [a, b) (ns from the window start) of category cat to a rank's row,
 * and to the rank's totals when counted. */
static void add_interval(struct build *b, uint32_t rank, double a, double e, int cat, int counted)
{
    struct skel_timeline *tl = b->tl;
    if (a < 0)
        a = 0;
    if (e > tl->span_ns)
        e = tl->span_ns;
    if (!(e > a))
        return;
    if (counted)
        tl->rank_ns[(size_t)rank * SKEL_TL_NCAT + (size_t)cat] += e - a;
    uint32_t row = rank / tl->ranks_per_row;
    double *acc = b->acc + (size_t)row * tl->nbins * SKEL_TL_NCAT;
    size_t i = (size_t)(a / tl->bin_ns);
    while (i < tl->nbins) {
        double lo = (double)i * tl->bin_ns, hi = lo + tl->bin_ns;
        if (lo >= e)
            break;
        double x0 = a > lo ? a : lo, x1 = e < hi ? e : hi;
        if (x1 > x0)
            acc[i * SKEL_TL_NCAT + (size_t)cat] += x1 - x0;
        i++;
    }
}

static void add_event(struct build *b, uint32_t rank, const skel_event *ev)
{
    double s = (double)(global(b, rank, ev->t_start) - b->t0);
    double e = (double)(global(b, rank, ev->t_end) - b->t0);
    if (e < s)
        e = s;
    /* MPI_Init and MPI_Finalize frame the program: drawn where they overlap
     * the window (a rank still starting up is busy, not idle), but not part
     * of the totals. */
    int frame = is_init(ev->call) || ev->call == SKEL_CALL_MPI_Finalize;
    add_interval(b, rank, s - (double)ev->gap_wall, s, SKEL_TL_COMPUTE, 1);
    add_interval(b, rank, s, e, skel_tl_event_category(ev), !frame);
    b->tl->events++;
}

/* Keep a message in the line sample: one slot per (sender, receiver, pixel
 * column of the send), chosen by hashing, first come first kept - bounded,
 * spread over time and over pairs, and deterministic. */
static void add_line(struct build *b, const skel_msg *m, uint32_t dst, const skel_event *recv)
{
    struct skel_timeline *tl = b->tl;
    double ts = (double)(global(b, m->src, m->send_start) - b->t0);
    double tr = (double)(global(b, dst, recv->t_end) - b->t0);
    tl->messages++;
    if (ts < 0 || tr > tl->span_ns || tl->max_lines == 0)
        return;
    /* Five pixel columns per slot: at most nbins/5 lines per pair of ranks,
     * so that dense exchanges do not hide the rows under them. */
    uint64_t col = (uint64_t)(ts / (tl->bin_ns * 5));
    uint64_t h = ((uint64_t)m->src * 0x9E3779B97F4A7C15ull) ^
                 ((uint64_t)dst * 0xC2B2AE3D27D4EB4Full) ^ (col * 0x165667B19E3779F9ull);
    h ^= h >> 29;
    struct skel_tl_line *slot = &tl->lines[h % tl->max_lines];
    if (slot->used)
        return;
    *slot = (struct skel_tl_line){
        .src = m->src, .dst = dst, .t_send = ts, .t_recv = tr, .bytes = m->bytes, .used = 1};
    tl->nlines++;
}

static int pass_replay(struct build *b)
{
    skel_replay_item it;
    int n;
    while ((n = skel_replay_next(b->rp, &it)) == 1) {
        if (it.group) {
            for (uint32_t i = 0; i < it.ncoll; i++)
                add_event(b, it.coll[i].rank, it.coll[i].ev);
            continue;
        }
        add_event(b, it.rank, it.ev);
        for (uint32_t i = 0; i < it.nmsg; i++)
            if (!it.msg[i].peek)
                add_line(b, &it.msg[i], it.rank, it.ev);
    }
    return n;
}

static int pass_ranks(struct build *b)
{
    for (uint32_t r = 0; r < b->tl->nranks; r++) {
        skel_rank_reader *rd;
        int rc = skel_trace_open_rank(b->t, r, &rd);
        if (rc != SKEL_OK)
            return rc;
        skel_event ev;
        while (skel_rank_next(rd, &ev) == 1)
            add_event(b, r, &ev);
        skel_rank_close(rd);
    }
    skel_clear_error();
    return SKEL_OK;
}

static void reset_bins(struct build *b)
{
    struct skel_timeline *tl = b->tl;
    memset(b->acc, 0, (size_t)tl->nrows * tl->nbins * SKEL_TL_NCAT * sizeof *b->acc);
    memset(tl->rank_ns, 0, (size_t)tl->nranks * SKEL_TL_NCAT * sizeof *tl->rank_ns);
    memset(tl->lines, 0, (size_t)tl->max_lines * sizeof *tl->lines);
    tl->nlines = 0;
    tl->events = tl->messages = 0;
}

int skel_timeline_build(const skel_trace *t, const struct skel_tl_opts *o, struct skel_timeline *tl)
{
    memset(tl, 0, sizeof *tl);
    struct build b = {.t = t, .tl = tl, .from_first_call = o != NULL && o->from_first_call};
    tl->nranks = skel_trace_nranks(t);
    tl->nbins = o != NULL && o->nbins > 0 ? o->nbins : 1000;
    uint32_t max_rows = o != NULL && o->max_rows > 0 ? o->max_rows : 256;
    tl->max_lines = o != NULL && o->max_lines > 0 ? o->max_lines : 1500;
    int rc = SKEL_OK;
    if (tl->nranks == 0)
        return skel_fail(SKEL_EFORMAT, "%s: the trace has no ranks", skel_trace_dir(t));
    tl->ranks_per_row = (tl->nranks + max_rows - 1) / max_rows;
    tl->nrows = (tl->nranks + tl->ranks_per_row - 1) / tl->ranks_per_row;
    tl->hosts = calloc(tl->nranks, sizeof *tl->hosts);
    tl->rank_ns = calloc((size_t)tl->nranks * SKEL_TL_NCAT, sizeof *tl->rank_ns);
    tl->lines = calloc(tl->max_lines, sizeof *tl->lines);
    b.acc = calloc((size_t)tl->nrows * tl->nbins * SKEL_TL_NCAT, sizeof *b.acc);
    tl->frac = calloc((size_t)tl->nrows * tl->nbins * SKEL_TL_NCAT, sizeof *tl->frac);
    if (tl->hosts == NULL || tl->rank_ns == NULL || tl->lines == NULL || b.acc == NULL ||
        tl->frac == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    if (skel_replay_open(t, &b.rp) != SKEL_OK) {
        b.rp = NULL;
        skel_clear_error();
    }
    if ((rc = pass_window(&b)) != SKEL_OK)
        goto out;
    int n = b.rp != NULL ? pass_replay(&b) : -1;
    if (n < 0) {
        char why[400];
        snprintf(why, sizeof why, "%s",
                 b.rp != NULL ? skel_last_error() : "the replay could not start");
        reset_bins(&b);
        if ((rc = pass_ranks(&b)) != SKEL_OK)
            goto out;
        char *c = skel_text_clean(why, 380, 0);
        snprintf(tl->note, sizeof tl->note,
                 "The ranks could not be replayed together (%s): the timeline is drawn rank by "
                 "rank, without messages.",
                 c != NULL ? c : "");
        free(c);
    } else {
        tl->replayed = 1;
    }
    /* Fractions: ns per bin over the bin's length times the ranks in the row. */
    for (uint32_t row = 0; row < tl->nrows; row++) {
        uint32_t first = row * tl->ranks_per_row;
        uint32_t in_row =
            tl->nranks - first < tl->ranks_per_row ? tl->nranks - first : tl->ranks_per_row;
        double denom = tl->bin_ns * in_row;
        for (size_t i = 0; i < (size_t)tl->nbins * SKEL_TL_NCAT; i++) {
            size_t k = (size_t)row * tl->nbins * SKEL_TL_NCAT + i;
            double f = denom > 0 ? b.acc[k] / denom : 0;
            tl->frac[k] = (float)(f > 1 ? 1 : f);
        }
    }
out:
    skel_replay_close(b.rp);
    free(b.acc);
    if (rc != SKEL_OK)
        skel_timeline_free(tl);
    return rc;
}

/* ---- Drawing ------------------------------------------------------------------ */

/* Time unit for an axis spanning span ns: the divisor and its name. */
static double time_unit(double span_ns, const char **name)
{
    if (span_ns >= 2e9) {
        *name = "s";
        return 1e9;
    }
    if (span_ns >= 2e6) {
        *name = "ms";
        return 1e6;
    }
    if (span_ns >= 2e3) {
        *name = "µs";
        return 1e3;
    }
    *name = "ns";
    return 1;
}

/* "rank 3" or "ranks 4-7" for a row. */
static void row_name(const struct skel_timeline *tl, uint32_t row, char *buf, size_t len)
{
    uint32_t first = row * tl->ranks_per_row;
    uint32_t last = first + tl->ranks_per_row - 1;
    if (last >= tl->nranks)
        last = tl->nranks - 1;
    if (first == last)
        snprintf(buf, len, "rank %u", first);
    else
        snprintf(buf, len, "ranks %u-%u", first, last);
}

/* Lower and upper edge of category c in bin i, as fractions of the row's
 * height quantized to 1/q (so that runs of nearly equal bins merge). */
static void band(const float *fr, uint32_t i, int c, double q, double *lo, double *hi)
{
    double l = 0;
    for (int cc = 0; cc < c; cc++)
        l += fr[(size_t)i * SKEL_TL_NCAT + (size_t)cc];
    double h = l + fr[(size_t)i * SKEL_TL_NCAT + (size_t)c];
    *lo = round(l * q) / q;
    *hi = round((h > 1 ? 1 : h) * q) / q;
    if (*lo > 1)
        *lo = 1;
}

struct tl_layout {
    double x0, plot_w, px_per_ns; /* px per ns of the drawn time (stretched) */
    double stretch;               /* 1 for the application, k for the skeleton */
    double row_h, gap;
};

/* One block of rows: a heading, the rows, the lines, the axis; returns the
 * y below it. */
static double draw_block(skel_svg *d, const struct skel_timeline *tl, const struct tl_layout *L,
                         double y, const char *heading, const char *which)
{
    skel_svg_open(d, "g");
    skel_svg_attr(d, "data-timeline", which);
    skel_svg_attrf(d, "data-span-ns", "%.0f", tl->span_ns);
    skel_svg_attrf(d, "data-ranks", "%u", tl->nranks);
    skel_svg_attrf(d, "data-messages-drawn", "%zu", tl->nlines);
    skel_svg_open(d, "text");
    skel_svg_num(d, "x", L->x0);
    skel_svg_num(d, "y", y + 14);
    skel_svg_attr(d, "font-weight", "600");
    skel_svg_attr(d, "fill", SKEL_SVG_INK);
    skel_svg_text(d, heading);
    skel_svg_close_full(d);
    y += 24;
    double bin_px = tl->bin_ns * L->stretch * L->px_per_ns;
    double drawn_w = tl->span_ns * L->stretch * L->px_per_ns;
    double rows_top = y;
    double rows_bottom = y + tl->nrows * (L->row_h + L->gap) - L->gap;
    /* The axis, in the block's own time, first: the rows cover its grid. */
    const char *uname;
    double unit = time_unit(tl->span_ns, &uname);
    struct skel_svg_scale s = {0, tl->span_ns / unit, L->x0, L->x0 + drawn_w};
    char label[160];
    snprintf(label, sizeof label, "%s (%s)",
             L->stretch != 1 ? "skeleton time from its first call after MPI_Init"
                             : "time from the end of MPI_Init",
             uname);
    /* About one tick per 70 px, so that a narrow block stays legible. */
    size_t ticks = (size_t)(drawn_w / 70);
    skel_svg_axis_x(d, &s, rows_bottom + 6, rows_top,
                    ticks < 2    ? 2
                    : ticks > 10 ? 10
                                 : ticks,
                    skel_svg_fmt_g, label);
    /* Quantize heights to half a pixel so that runs of equal bins merge. */
    double q = 2 * L->row_h;
    for (uint32_t row = 0; row < tl->nrows; row++) {
        double top = y + row * (L->row_h + L->gap), base = top + L->row_h;
        char name[64];
        row_name(tl, row, name, sizeof name);
        skel_svg_open(d, "g");
        skel_svg_attr(d, "data-row", name);
        if (L->row_h >= 7)
            skel_svg_label(d, L->x0 - 8, top + L->row_h / 2 + 4, "end", SKEL_SVG_MUTED,
                           L->row_h >= 11 ? 11 : L->row_h, name);
        skel_svg_rect_open(d, L->x0, top, drawn_w, L->row_h, SKEL_SVG_IDLE);
        /* The row's tooltip: where its ranks spend their time. */
        double tot[SKEL_TL_NCAT] = {0}, all = 0;
        uint32_t first = row * tl->ranks_per_row;
        for (uint32_t r = first; r < first + tl->ranks_per_row && r < tl->nranks; r++)
            for (int c = 0; c < SKEL_TL_NCAT; c++) {
                tot[c] += tl->rank_ns[(size_t)r * SKEL_TL_NCAT + (size_t)c];
                all += tl->rank_ns[(size_t)r * SKEL_TL_NCAT + (size_t)c];
            }
        char tip[600];
        int k = snprintf(tip, sizeof tip, "%s", name);
        if (tl->ranks_per_row == 1 && tl->hosts[first] != NULL)
            k += snprintf(tip + k, sizeof tip - (size_t)k, " on %.200s", tl->hosts[first]);
        for (int c = 0; c < SKEL_TL_NCAT && k < (int)sizeof tip; c++)
            k += snprintf(tip + k, sizeof tip - (size_t)k, "%s%s %.1f %%", c ? ", " : ": ",
                          skel_tl_category_name(c), all > 0 ? 100 * tot[c] / all : 0.0);
        skel_svg_title(d, tip);
        skel_svg_close(d);
        const float *fr = tl->frac + (size_t)row * tl->nbins * SKEL_TL_NCAT;
        for (int c = 0; c < SKEL_TL_NCAT; c++) {
            /* Path data: numbers only, never input. */
            char *path = NULL;
            size_t plen = 0;
            FILE *pf = open_memstream(&path, &plen);
            uint32_t i = pf != NULL ? 0 : tl->nbins;
            while (i < tl->nbins) {
                double lo, hi;
                band(fr, i, c, q, &lo, &hi);
                if (hi <= lo) {
                    i++;
                    continue;
                }
                /* A segment [s0, s1) of bins where category c shows: its
                 * upper edge left to right, its lower edge back. */
                uint32_t s0 = i, s1 = i + 1;
                double prev_hi = hi;
                fprintf(pf, "M%.2f %.2f", L->x0 + s0 * bin_px, base - hi * L->row_h);
                for (; s1 < tl->nbins; s1++) {
                    band(fr, s1, c, q, &lo, &hi);
                    if (hi <= lo)
                        break;
                    if (hi != prev_hi)
                        fprintf(pf, "H%.2fV%.2f", L->x0 + s1 * bin_px, base - hi * L->row_h);
                    prev_hi = hi;
                }
                double prev_lo;
                band(fr, s1 - 1, c, q, &prev_lo, &hi);
                fprintf(pf, "H%.2fV%.2f", L->x0 + s1 * bin_px, base - prev_lo * L->row_h);
                for (uint32_t j = s1 - 1; j > s0; j--) {
                    band(fr, j - 1, c, q, &lo, &hi);
                    if (lo != prev_lo)
                        fprintf(pf, "H%.2fV%.2f", L->x0 + j * bin_px, base - lo * L->row_h);
                    prev_lo = lo;
                }
                fprintf(pf, "H%.2fZ", L->x0 + s0 * bin_px);
                i = s1;
            }
            int oom = pf == NULL || fclose(pf) != 0;
            if (oom && d->err == 0)
                d->err = skel_fail(SKEL_ENOMEM, "out of memory drawing the timeline");
            if (plen > 0 && !oom) {
                skel_svg_open(d, "path");
                skel_svg_attr(d, "d", path);
                skel_svg_attr(d, "fill", skel_tl_category_colour(c));
                skel_svg_attr(d, "data-category", skel_tl_category_name(c));
                skel_svg_close(d);
            }
            free(path);
        }
        skel_svg_close_full(d);
    }
    /* Messages: sender's row at the send, receiver's row at the receive. */
    if (tl->nlines > 0) {
        skel_svg_open(d, "g");
        skel_svg_attr(d, "stroke", "#1a202c");
        skel_svg_attr(d, "stroke-opacity", "0.3");
        skel_svg_attr(d, "stroke-width", "0.7");
        skel_svg_attr(d, "data-lines", "messages");
        for (uint32_t i = 0; i < tl->max_lines; i++) {
            const struct skel_tl_line *l = &tl->lines[i];
            if (!l->used)
                continue;
            double ys =
                rows_top + (l->src / tl->ranks_per_row) * (L->row_h + L->gap) + L->row_h / 2;
            double yr =
                rows_top + (l->dst / tl->ranks_per_row) * (L->row_h + L->gap) + L->row_h / 2;
            skel_svg_open(d, "line");
            skel_svg_num(d, "x1", L->x0 + l->t_send * L->stretch * L->px_per_ns);
            skel_svg_num(d, "y1", ys);
            skel_svg_num(d, "x2", L->x0 + l->t_recv * L->stretch * L->px_per_ns);
            skel_svg_num(d, "y2", yr);
            skel_svg_close(d);
        }
        skel_svg_close_full(d);
    }
    skel_svg_close_full(d);
    return rows_bottom + 6 + 44;
}

void skel_timeline_draw(skel_svg *d, const struct skel_timeline *app,
                        const struct skel_timeline *skel, double k)
{
    if (app == NULL && skel == NULL)
        return;
    if (!(k > 0))
        k = 1;
    const double W = 1100;
    struct tl_layout L = {.x0 = 92, .plot_w = W - 92 - 24};
    double wide = 0;
    if (app != NULL)
        wide = app->span_ns;
    if (skel != NULL && skel->span_ns * k > wide)
        wide = skel->span_ns * k;
    L.px_per_ns = L.plot_w / (wide > 0 ? wide : 1);
    uint32_t rows =
        (app ? app->nrows : 0) > (skel ? skel->nrows : 0) ? app->nrows : (skel ? skel->nrows : 0);
    L.row_h = floor(300.0 / (rows ? rows : 1));
    if (L.row_h > 34)
        L.row_h = 34;
    if (L.row_h < 3)
        L.row_h = 3;
    L.gap = L.row_h >= 10 ? 4 : L.row_h >= 5 ? 1 : 0;
    double h = 40;
    if (app != NULL)
        h += 24 + app->nrows * (L.row_h + L.gap) + 50;
    if (skel != NULL)
        h += 24 + skel->nrows * (L.row_h + L.gap) + 50 + 10;
    skel_svg_begin(d, "timeline", W, h,
                   skel != NULL ? "Timeline of the application and its skeleton"
                                : "Timeline of the traced run");
    struct skel_svg_key keys[SKEL_TL_NCAT + 2];
    for (int c = 0; c < SKEL_TL_NCAT; c++)
        keys[c] = (struct skel_svg_key){skel_tl_category_name(c), skel_tl_category_colour(c)};
    keys[SKEL_TL_NCAT] = (struct skel_svg_key){"message (sampled)", "#1a202c"};
    /* Empty stretches: before a rank starts, after it ends, and the tracer's
     * own pauses (clock synchronisation, buffer flushes). */
    keys[SKEL_TL_NCAT + 1] = (struct skel_svg_key){"not the program's (tracer)", SKEL_SVG_IDLE};
    skel_svg_legend(d, L.x0, 18, keys, SKEL_TL_NCAT + 2);
    double y = 34;
    if (app != NULL) {
        L.stretch = 1;
        y = draw_block(d, app, &L, y, "Application", "application");
    }
    if (skel != NULL) {
        char head[128];
        L.stretch = k;
        snprintf(head, sizeof head, "Skeleton (its time stretched %g\u00d7, the scaling factor K)",
                 k);
        y = draw_block(d, skel, &L, y + 10, head, "skeleton");
    }
    skel_svg_end(d);
}

void skel_timeline_draw_share(skel_svg *d, const struct skel_timeline *app,
                              const struct skel_timeline *skel)
{
    const struct skel_timeline *tls[2] = {app, skel};
    const char *names[2] = {"Application", "Skeleton"};
    int n = 0;
    for (int i = 0; i < 2; i++)
        n += tls[i] != NULL;
    if (n == 0)
        return;
    const double W = 1100, x0 = 120, plot_w = W - x0 - 30, bar_h = 34;
    double h = 40 + n * (bar_h + 18) + 44;
    skel_svg_begin(d, "share", W, h, "Share of time in compute and MPI");
    struct skel_svg_key keys[SKEL_TL_NCAT];
    for (int c = 0; c < SKEL_TL_NCAT; c++)
        keys[c] = (struct skel_svg_key){skel_tl_category_name(c), skel_tl_category_colour(c)};
    skel_svg_legend(d, x0, 18, keys, SKEL_TL_NCAT);
    struct skel_svg_scale s = {0, 100, x0, x0 + plot_w};
    double y = 36;
    /* Grid and axis first, so that the bars cover the grid lines. */
    skel_svg_axis_x(d, &s, y + n * (bar_h + 18) - 8, 30, 11, skel_svg_fmt_pct,
                    "share of the time between MPI_Init and MPI_Finalize, all ranks (%)");
    for (int i = 0; i < 2; i++) {
        const struct skel_timeline *tl = tls[i];
        if (tl == NULL)
            continue;
        double tot = 0, v[SKEL_TL_NCAT];
        for (int c = 0; c < SKEL_TL_NCAT; c++)
            tot += v[c] = skel_timeline_total(tl, c);
        skel_svg_label(d, x0 - 10, y + bar_h / 2 + 4, "end", SKEL_SVG_INK, 13, names[i]);
        double acc = 0;
        for (int c = 0; c < SKEL_TL_NCAT; c++) {
            double pct = tot > 0 ? 100 * v[c] / tot : 0;
            double xa = skel_svg_map(&s, acc), xb = skel_svg_map(&s, acc + pct);
            skel_svg_rect_open(d, xa, y, xb - xa, bar_h, skel_tl_category_colour(c));
            skel_svg_attr(d, "data-bar", names[i]);
            skel_svg_attr(d, "data-category", skel_tl_category_name(c));
            skel_svg_attrf(d, "data-value", "%.4f", pct);
            char tip[200], t1[32];
            snprintf(tip, sizeof tip, "%s, %s: %.1f %% (%s over all ranks)", names[i],
                     skel_tl_category_name(c), pct, skel_text_seconds(v[c] / 1e9, t1, sizeof t1));
            skel_svg_title(d, tip);
            skel_svg_close(d);
            if (xb - xa >= 44) {
                char lab[32];
                snprintf(lab, sizeof lab, "%.1f %%", pct);
                skel_svg_label(d, (xa + xb) / 2, y + bar_h / 2 + 4, "middle",
                               c == SKEL_TL_COMPUTE || c == SKEL_TL_COLL ? "#ffffff" : SKEL_SVG_INK,
                               12, lab);
            }
            acc += pct;
        }
        y += bar_h + 18;
    }
    skel_svg_end(d);
}
