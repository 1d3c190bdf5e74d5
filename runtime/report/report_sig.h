/* report_sig.h - the execution signature in the report: per rank class, its
 * loop structure in the seed's notation ({X0, (L0:1999), M13} with the loop
 * bodies listed below, each annotated with the time it holds), an icicle
 * chart of the same nesting where width is modelled time (compute and call
 * time of each symbol shaded apart), the dominant sequence, and the symbols
 * holding the most time.
 *
 * Times come from the signature's model (signature.h): a symbol holds its
 * mean compute plus its mean call duration per execution, a block the sum
 * of its items, a loop its count times its body; MPI_Init and MPI_Finalize
 * count their compute only, as in the signature's own block times.
 *
 * Ownership: nothing is kept; d is borrowed.
 */
#ifndef SKEL_REPORT_SIG_H
#define SKEL_REPORT_SIG_H

#include "signature.h"
#include "svg.h"

/* Write the section's content (HTML inside the caller's <section>).
 * shortest_good_s: from skeleton.meta, 0 if unknown. */
void skel_report_signature(skel_svg *d, const skel_signature *s, double shortest_good_s);

#endif
