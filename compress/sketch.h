/* sketch.h - a mergeable quantile sketch of durations with 1% relative
 * accuracy (in the manner of DDSketch, Masson et al., VLDB 2019).
 *
 * Values are non-negative integers (nanoseconds).  0 has its own counter;
 * a value v >= 1 falls in bucket floor(SKEL_SKETCH_PER_OCTAVE * L(v)), where
 * L(v) = e + (m - 1) for v = m * 2^e, 1 <= m < 2, is a piecewise-linear
 * stand-in for log2 that costs a few bit operations.  Every bucket spans a
 * ratio hi/lo of at most 1 + 1/SKEL_SKETCH_PER_OCTAVE = 1.02, so the value
 * reported for it, 2*lo*hi/(lo+hi), is within 1% of every value in it: any
 * quantile comes back within 1% (relative) of a true sample at that rank.
 * Merging adds bucket counts: the sketch of a union is the union of the
 * sketches, whatever the order of merging.
 *
 * Ownership: a skel_sketch is a plain struct the caller owns; its bucket
 * array is allocated by skel_sketch_add*()/merge()/copy() and released by
 * skel_sketch_free().  A zeroed struct is an empty sketch.
 */
#ifndef SKEL_SKETCH_H
#define SKEL_SKETCH_H

#include <stdint.h>

#define SKEL_SKETCH_PER_OCTAVE 50
#define SKEL_SKETCH_ALPHA 0.01 /* documented relative accuracy */
/* Largest bucket index (values below 2^63). */
#define SKEL_SKETCH_MAX_INDEX (63 * SKEL_SKETCH_PER_OCTAVE + SKEL_SKETCH_PER_OCTAVE - 1)

typedef struct skel_sketch {
    uint64_t count; /* samples, zeros included */
    uint64_t zeros; /* samples equal to 0 */
    int32_t first;  /* bucket index of bins[0] */
    uint32_t nbins; /* bins[0..nbins) cover indices first..first+nbins-1 */
    uint64_t *bins;
} skel_sketch;

/* Bucket of a value >= 1, and the value reported for a bucket. */
int32_t skel_sketch_index(uint64_t v);
double skel_sketch_value(int32_t index);

/* Add one sample / n samples in bucket index (index -1 stands for 0).
 * SKEL_ENOMEM or SKEL_ERANGE (bad index). */
int skel_sketch_add(skel_sketch *s, uint64_t v);
int skel_sketch_add_bucket(skel_sketch *s, int32_t index, uint64_t n);
int skel_sketch_merge(skel_sketch *into, const skel_sketch *from);
int skel_sketch_copy(skel_sketch *dst, const skel_sketch *src); /* dst must be empty */
void skel_sketch_free(skel_sketch *s);

/* Value at quantile q in [0, 1] (0 for an empty sketch): the reported value of
 * the bucket holding the sample of rank floor(q * (count - 1)). */
double skel_sketch_quantile(const skel_sketch *s, double q);

/* Number of non-empty buckets (zeros included as one). */
uint32_t skel_sketch_used(const skel_sketch *s);

#endif
