/* emit.h - a checked plan as the values the templates read (internal to
 * codegen/; the names are listed in docs/codegen.md, "The template
 * language").
 *
 * The skeleton is data: one row per operation of the plan (its MPI call,
 * counts, datatype, peers, tags, compute distribution), one per sequence
 * item, one per distinct peer encoding, request link and quantile, which
 * the template's interpreter walks.  So the source grows by a table row per
 * operation of the plan - never by code - and every table grows as needed:
 * datatype sizes, peers, links.  Only sanitised values reach the templates:
 * numbers from range-checked integers, generated identifiers, finite
 * doubles and an escaped string literal (cstr.h).
 *
 * Ownership: skel_emit() fills a dictionary the caller owns.
 */
#ifndef SKEL_EMIT_H
#define SKEL_EMIT_H

#include "codegen.h"
#include "plan.h"
#include "template.h"

/* Fill root with every name skeleton.c.tmpl, Makefile.tmpl and
 * skeleton.meta.tmpl use, for plan p (checked: its collectives' unified
 * counts are set) and report rep.  SKEL_ERANGE naming the symbol, its call
 * and its site for values out of range; SKEL_ENOMEM. */
int skel_emit(const skel_plan *p, const struct skel_codegen_opts *o,
              const struct skel_codegen_report *rep, skel_tpl_dict *root);

/* The sleep in ns between two polls of the polling loop folded into symbol
 * y (its phase's time off the CPU per poll), or 0 when the loop polled
 * busily: it did not sleep, or lost too little time per poll for a sleep
 * (preemption). */
long skel_emit_poll_interval(const skel_sig_symbol *y);

/* d as nq >= 3 quantiles v[0..nq-1] (levels i / (nq - 1)) whose mean,
 * linear between them, is d's exact mean: the sketch's quantiles, the top
 * segment taking what makes the mean exact (emit.c).  Returns nq, or 1
 * (v[0] = the mean) for a distribution without spread. */
int skel_emit_quantiles(const skel_sig_dist *d, double *v, int nq);

#endif
