/* svg.h - markup through libxml2's xmlTextWriter, and the chart parts
 * `skel report` draws with it: scales, nice ticks, axes, bars, legends.
 *
 * Everything goes through the writer, which escapes <, & and quotes; strings
 * are first made valid UTF-8 without characters XML forbids
 * (skel_text_clean), so the page and every <svg> in it parse as XML.  The
 * only exception is skel_svg_raw(), for constant text of Skel's own (the
 * page's CSS), never for input.
 *
 * Errors are sticky, as on a stdio stream: the first failing write sets
 * d->err (SKEL_EIO or SKEL_ENOMEM) and later calls do nothing; check it
 * once at the end.
 *
 * Ownership: the caller owns the xmlTextWriter; a skel_svg only borrows it.
 */
#ifndef SKEL_SVG_H
#define SKEL_SVG_H

#include <libxml/xmlwriter.h>
#include <stddef.h>

typedef struct skel_svg {
    xmlTextWriterPtr w;
    int err;
} skel_svg;

/* The report's colours: one meaning, one colour, in every chart. */
#define SKEL_SVG_COMPUTE  "#5b8cc0" /* compute */
#define SKEL_SVG_P2P      "#f2a43a" /* point-to-point MPI and completions */
#define SKEL_SVG_COLL     "#d9534f" /* collective MPI */
#define SKEL_SVG_OTHER    "#9aa5b1" /* other MPI (set-up, communicators, I/O) */
#define SKEL_SVG_IDLE     "#dde3ea" /* not the program's time (nothing traced) */
#define SKEL_SVG_MEASURED "#2d3748" /* a measured time */
#define SKEL_SVG_SKELETON "#2a9d8f" /* a prediction from a skeleton */
#define SKEL_SVG_AVERAGE  "#b07aa1" /* the average-prediction baseline */
#define SKEL_SVG_SMALL    "#d4a72c" /* the small-input baseline */
#define SKEL_SVG_CRITPATH "#e76f51" /* the critical path */
#define SKEL_SVG_ZERO     "#2a9d8f" /* critical-path zeroing */
#define SKEL_SVG_ACCENT   "#7c3aed" /* the dominant sequence, the best candidate */
#define SKEL_SVG_GRID     "#e2e8f0"
#define SKEL_SVG_AXIS     "#718096"
#define SKEL_SVG_INK      "#2d3748"
#define SKEL_SVG_MUTED    "#718096"

/* ---- Markup -------------------------------------------------------------- */

void skel_svg_open(skel_svg *d, const char *name);
/* End the element: an empty one as <name/> (for SVG shapes). */
void skel_svg_close(skel_svg *d);
/* End the element with </name> even when empty (HTML needs it). */
void skel_svg_close_full(skel_svg *d);
/* An attribute of the element just opened; value is untrusted text. */
void skel_svg_attr(skel_svg *d, const char *name, const char *value);
void skel_svg_attrf(skel_svg *d, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A number as an attribute, compactly ("12.5", "3"). */
void skel_svg_num(skel_svg *d, const char *name, double v);
/* Text content (untrusted). */
void skel_svg_text(skel_svg *d, const char *s);
void skel_svg_textf(skel_svg *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Constant markup or CSS of Skel's own, written unescaped.  Never input. */
void skel_svg_raw(skel_svg *d, const char *trusted);
/* <name class="cls">text</name>; cls may be NULL. */
void skel_svg_el(skel_svg *d, const char *name, const char *cls, const char *text);

/* ---- Charts --------------------------------------------------------------- */

/* Linear map of [d0, d1] onto [r0, r1]. */
struct skel_svg_scale {
    double d0, d1, r0, r1;
};
double skel_svg_map(const struct skel_svg_scale *s, double v);

/* Round tick values covering [lo, hi] with a 1, 2 or 5 x 10^k step, at most
 * about max of them; returns how many were written to out (cap at most). */
size_t skel_svg_ticks(double lo, double hi, size_t max, double *out, size_t cap);
/* The step those ticks use. */
double skel_svg_tick_step(double lo, double hi, size_t max);

/* Start an <svg> of w x h user units that scales to its container's width:
 * chart is its data-chart name (tests find charts by it), label its
 * accessible title.  End it with skel_svg_end(). */
void skel_svg_begin(skel_svg *d, const char *chart, double w, double h, const char *label);
void skel_svg_end(skel_svg *d);

/* A <rect>, left open so that data-* attributes and a <title> can follow;
 * close it with skel_svg_close(). */
void skel_svg_rect_open(skel_svg *d, double x, double y, double w, double h, const char *fill);
void skel_svg_line(skel_svg *d, double x1, double y1, double x2, double y2, const char *stroke,
                   double width);
/* A <text>; anchor "start", "middle" or "end"; weight NULL or "600"... */
void skel_svg_label(skel_svg *d, double x, double y, const char *anchor, const char *fill,
                    double size, const char *text);
/* A <title> child: the tooltip of the element it is in. */
void skel_svg_title(skel_svg *d, const char *text);

typedef const char *(*skel_svg_fmt)(double v, char *buf, size_t len);

/* Tick labels every chart uses: "%g" and "%g %". */
const char *skel_svg_fmt_g(double v, char *buf, size_t len);
const char *skel_svg_fmt_pct(double v, char *buf, size_t len);

/* A horizontal axis at y for scale s: tick marks and labels below it, grid
 * lines from grid_top down to y, and the axis label (with its unit) under
 * the tick labels. */
void skel_svg_axis_x(skel_svg *d, const struct skel_svg_scale *s, double y, double grid_top,
                     size_t max_ticks, skel_svg_fmt fmt, const char *label);

/* A legend: a swatch and a label per key, in a row from (x, y). */
struct skel_svg_key {
    const char *label;
    const char *colour;
};
void skel_svg_legend(skel_svg *d, double x, double y, const struct skel_svg_key *keys, size_t n);

/* Width in user units of text at the given font size (an estimate for
 * layout: 0.58 em per character). */
double skel_svg_text_width(const char *s, double size);

#endif
