/* show.h - an execution signature as text (`skel show`): for each rank
 * class its loop structure in the notation of Sodhi et al. - {M4, M5, L0,
 * (L0:60), M1} where M4 is a symbol, L0 a loop body listed below and (X:n) X
 * repeated n times - the dominant loop and the symbol table; or the events
 * every rank's signature expands to, one line each, peers resolved for the
 * rank.  Printing only: the signature is read by sigfile.h.
 *
 * Ownership: nothing is allocated or kept; the signature stays the caller's.
 */
#ifndef SKEL_SHOW_H
#define SKEL_SHOW_H

#include <stdio.h>

#include "signature.h"

/* The signature read from path: its header, then every class (rank < 0)
 * or only the class of that rank. */
void skel_show_print(FILE *out, const char *path, const skel_signature *s, long long rank);

/* The events of every rank (rank < 0) or of one, as the signature expands
 * them.  SKEL_EIO when out fails. */
int skel_show_expand(FILE *out, const skel_signature *s, long long rank);

#endif
