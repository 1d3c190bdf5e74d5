/* svg.c - see svg.h. */
#include "svg.h"

#include "error.h"
#include "report_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X(s) ((const xmlChar *)(s))

/* Record the first failure of a writer call (rc < 0). */
static void check(skel_svg *d, int rc)
{
    if (rc < 0 && d->err == 0)
        d->err = skel_fail(SKEL_EIO, "writing the report failed");
}

static char *clean(skel_svg *d, const char *s)
{
    char *c = skel_text_clean(s, 0, 1);
    if (c == NULL && d->err == 0)
        d->err = skel_fail(SKEL_ENOMEM, "out of memory writing the report");
    return c;
}

void skel_svg_open(skel_svg *d, const char *name)
{
    if (d->err == 0)
        check(d, xmlTextWriterStartElement(d->w, X(name)));
}

void skel_svg_close(skel_svg *d)
{
    if (d->err == 0)
        check(d, xmlTextWriterEndElement(d->w));
}

void skel_svg_close_full(skel_svg *d)
{
    if (d->err == 0)
        check(d, xmlTextWriterFullEndElement(d->w));
}

void skel_svg_attr(skel_svg *d, const char *name, const char *value)
{
    if (d->err != 0)
        return;
    char *c = clean(d, value);
    if (c != NULL)
        check(d, xmlTextWriterWriteAttribute(d->w, X(name), X(c)));
    free(c);
}

void skel_svg_attrf(skel_svg *d, const char *name, const char *fmt, ...)
{
    if (d->err != 0)
        return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    skel_svg_attr(d, name, buf);
}

const char *skel_svg_fmt_g(double v, char *buf, size_t len)
{
    snprintf(buf, len, "%g", v);
    return buf;
}

const char *skel_svg_fmt_pct(double v, char *buf, size_t len)
{
    snprintf(buf, len, "%g %%", v);
    return buf;
}

/* "%.2f" without trailing zeros: coordinates to a hundredth of a unit. */
static const char *fmt_num(double v, char *buf, size_t len)
{
    if (!isfinite(v))
        v = 0;
    if (fabs(v) < 0.005)
        v = 0;
    snprintf(buf, len, "%.2f", v);
    char *dot = strchr(buf, '.');
    if (dot != NULL) {
        char *e = buf + strlen(buf) - 1;
        while (e > dot && *e == '0')
            *e-- = '\0';
        if (e == dot)
            *e = '\0';
    }
    return buf;
}

void skel_svg_num(skel_svg *d, const char *name, double v)
{
    if (d->err != 0)
        return;
    char buf[64];
    check(d, xmlTextWriterWriteAttribute(d->w, X(name), X(fmt_num(v, buf, sizeof buf))));
}

void skel_svg_text(skel_svg *d, const char *s)
{
    if (d->err != 0)
        return;
    char *c = clean(d, s);
    if (c != NULL && c[0] != '\0')
        check(d, xmlTextWriterWriteString(d->w, X(c)));
    free(c);
}

void skel_svg_textf(skel_svg *d, const char *fmt, ...)
{
    if (d->err != 0)
        return;
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    skel_svg_text(d, buf);
}

void skel_svg_raw(skel_svg *d, const char *trusted)
{
    if (d->err == 0)
        check(d, xmlTextWriterWriteRaw(d->w, X(trusted)));
}

void skel_svg_el(skel_svg *d, const char *name, const char *cls, const char *text)
{
    skel_svg_open(d, name);
    if (cls != NULL)
        skel_svg_attr(d, "class", cls);
    skel_svg_text(d, text);
    skel_svg_close_full(d);
}

/* ---- Charts --------------------------------------------------------------- */

double skel_svg_map(const struct skel_svg_scale *s, double v)
{
    if (s->d1 == s->d0)
        return s->r0;
    return s->r0 + (v - s->d0) * (s->r1 - s->r0) / (s->d1 - s->d0);
}

double skel_svg_tick_step(double lo, double hi, size_t max)
{
    if (max < 2)
        max = 2;
    double span = hi - lo;
    if (!(span > 0) || !isfinite(span))
        return 1;
    /* The smallest 1, 2 or 5 x 10^k step giving at most max ticks. */
    double raw = span / (double)(max - 1);
    double mag = pow(10, floor(log10(raw)));
    static const double f[] = {1, 2, 5, 10, 20};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        double step = f[i] * mag;
        double count = floor(hi / step + 1e-9) - ceil(lo / step - 1e-9) + 1;
        if (count <= (double)max)
            return step;
    }
    return 20 * mag;
}

size_t skel_svg_ticks(double lo, double hi, size_t max, double *out, size_t cap)
{
    if (!(hi > lo) || !isfinite(lo) || !isfinite(hi)) {
        if (cap > 0 && isfinite(lo)) {
            out[0] = lo;
            return 1;
        }
        return 0;
    }
    double step = skel_svg_tick_step(lo, hi, max);
    double first = ceil(lo / step - 1e-9) * step;
    size_t n = 0;
    for (double v = first; v <= hi + step * 1e-9 && n < cap; v = first + step * (double)n) {
        out[n++] = fabs(v) < step * 1e-9 ? 0 : v;
    }
    return n;
}

void skel_svg_begin(skel_svg *d, const char *chart, double w, double h, const char *label)
{
    skel_svg_open(d, "svg");
    skel_svg_attr(d, "xmlns", "http://www.w3.org/2000/svg");
    char vb[128], b1[32], b2[32];
    snprintf(vb, sizeof vb, "0 0 %s %s", fmt_num(w, b1, sizeof b1), fmt_num(h, b2, sizeof b2));
    skel_svg_attr(d, "viewBox", vb);
    skel_svg_num(d, "width", w);
    skel_svg_num(d, "height", h);
    skel_svg_attr(d, "class", "chart");
    skel_svg_attr(d, "role", "img");
    skel_svg_attr(d, "data-chart", chart);
    skel_svg_attr(d, "font-family",
                  "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif");
    skel_svg_attr(d, "font-size", "12");
    skel_svg_attr(d, "aria-label", label);
    skel_svg_title(d, label);
}

void skel_svg_end(skel_svg *d)
{
    skel_svg_close_full(d);
}

void skel_svg_rect_open(skel_svg *d, double x, double y, double w, double h, const char *fill)
{
    if (w < 0) {
        x += w;
        w = -w;
    }
    skel_svg_open(d, "rect");
    skel_svg_num(d, "x", x);
    skel_svg_num(d, "y", y);
    skel_svg_num(d, "width", w);
    skel_svg_num(d, "height", h);
    if (fill != NULL)
        skel_svg_attr(d, "fill", fill);
}

void skel_svg_line(skel_svg *d, double x1, double y1, double x2, double y2, const char *stroke,
                   double width)
{
    skel_svg_open(d, "line");
    skel_svg_num(d, "x1", x1);
    skel_svg_num(d, "y1", y1);
    skel_svg_num(d, "x2", x2);
    skel_svg_num(d, "y2", y2);
    skel_svg_attr(d, "stroke", stroke);
    skel_svg_num(d, "stroke-width", width);
    skel_svg_close(d);
}

void skel_svg_label(skel_svg *d, double x, double y, const char *anchor, const char *fill,
                    double size, const char *text)
{
    skel_svg_open(d, "text");
    skel_svg_num(d, "x", x);
    skel_svg_num(d, "y", y);
    if (anchor != NULL && strcmp(anchor, "start") != 0)
        skel_svg_attr(d, "text-anchor", anchor);
    if (fill != NULL)
        skel_svg_attr(d, "fill", fill);
    if (size > 0 && size != 12)
        skel_svg_num(d, "font-size", size);
    skel_svg_text(d, text);
    skel_svg_close_full(d);
}

void skel_svg_title(skel_svg *d, const char *text)
{
    skel_svg_el(d, "title", NULL, text);
}

void skel_svg_axis_x(skel_svg *d, const struct skel_svg_scale *s, double y, double grid_top,
                     size_t max_ticks, skel_svg_fmt fmt, const char *label)
{
    double ticks[64];
    size_t n = skel_svg_ticks(s->d0, s->d1, max_ticks, ticks, 64);
    skel_svg_open(d, "g");
    skel_svg_attr(d, "class", "axis");
    for (size_t i = 0; i < n; i++) {
        double x = skel_svg_map(s, ticks[i]);
        if (grid_top < y)
            skel_svg_line(d, x, grid_top, x, y, SKEL_SVG_GRID, 1);
        skel_svg_line(d, x, y, x, y + 4, SKEL_SVG_AXIS, 1);
        char buf[64];
        skel_svg_label(d, x, y + 16, "middle", SKEL_SVG_MUTED, 11, fmt(ticks[i], buf, sizeof buf));
    }
    skel_svg_line(d, s->r0, y, s->r1, y, SKEL_SVG_AXIS, 1);
    if (label != NULL)
        skel_svg_label(d, (s->r0 + s->r1) / 2, y + 32, "middle", SKEL_SVG_MUTED, 11, label);
    skel_svg_close_full(d);
}

double skel_svg_text_width(const char *s, double size)
{
    size_t chars = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        chars += (*p & 0xc0) != 0x80;
    return (double)chars * size * 0.58;
}

void skel_svg_legend(skel_svg *d, double x, double y, const struct skel_svg_key *keys, size_t n)
{
    skel_svg_open(d, "g");
    skel_svg_attr(d, "class", "legend");
    for (size_t i = 0; i < n; i++) {
        skel_svg_rect_open(d, x, y - 9, 12, 12, keys[i].colour);
        skel_svg_num(d, "rx", 2);
        skel_svg_close(d);
        skel_svg_label(d, x + 17, y + 1, "start", SKEL_SVG_INK, 12, keys[i].label);
        x += 17 + skel_svg_text_width(keys[i].label, 12) + 18;
    }
    skel_svg_close_full(d);
}
