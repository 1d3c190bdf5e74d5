/* pfor.h - a small parallel for over [0, n), for the per-rank stages of
 * compress/ (internal).  Iterations are handed out one at a time to up to
 * `threads` threads (the caller's included); after the first failure no new
 * iteration starts and that failure, with its detail, is returned. */
#ifndef SKEL_PFOR_H
#define SKEL_PFOR_H

#include <stdint.h>

int skel_parallel_for(uint32_t n, unsigned threads, int (*fn)(void *ctx, uint32_t i), void *ctx);

/* Processors online (at least 1). */
unsigned skel_online_cpus(void);

#endif
