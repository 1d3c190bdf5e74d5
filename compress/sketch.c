/* sketch.c - quantile sketch with 1% relative accuracy (see sketch.h). */
#include "sketch.h"

#include "error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int32_t skel_sketch_index(uint64_t v)
{
    if (v >= (1ull << 63))
        return SKEL_SKETCH_MAX_INDEX; /* (double)v may round up to 2^64 */
    double x = (double)v;
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int32_t e = (int32_t)((bits >> 52) & 0x7ff) - 1023;
    double frac = (double)(bits & ((1ull << 52) - 1)) * (1.0 / 4503599627370496.0);
    /* frac in [0, 1): the bucket inside the octave.  The product is exact
     * enough that frac * 50 never rounds up to 50. */
    int32_t in = (int32_t)(frac * SKEL_SKETCH_PER_OCTAVE);
    if (in >= SKEL_SKETCH_PER_OCTAVE)
        in = SKEL_SKETCH_PER_OCTAVE - 1;
    return e * SKEL_SKETCH_PER_OCTAVE + in;
}

double skel_sketch_value(int32_t index)
{
    if (index < 0)
        return 0.0;
    int32_t e = index / SKEL_SKETCH_PER_OCTAVE;
    int32_t in = index % SKEL_SKETCH_PER_OCTAVE;
    double lo = ldexp(1.0 + (double)in / SKEL_SKETCH_PER_OCTAVE, e);
    double hi = ldexp(1.0 + (double)(in + 1) / SKEL_SKETCH_PER_OCTAVE, e);
    return 2.0 * lo * hi / (lo + hi);
}

/* Make bucket index addressable, growing the array with some slack. */
static int cover(skel_sketch *s, int32_t index)
{
    if (s->nbins > 0 && index >= s->first && index < s->first + (int32_t)s->nbins)
        return SKEL_OK;
    int32_t lo = index, hi = index;
    if (s->nbins > 0) {
        if (s->first < lo)
            lo = s->first;
        if (s->first + (int32_t)s->nbins - 1 > hi)
            hi = s->first + (int32_t)s->nbins - 1;
        /* Slack on the side that grew, so that a drifting value does not
         * reallocate on every new bucket. */
        if (index < s->first)
            lo -= 8;
        else
            hi += 8;
    }
    if (lo < 0)
        lo = 0;
    if (hi > SKEL_SKETCH_MAX_INDEX)
        hi = SKEL_SKETCH_MAX_INDEX;
    uint32_t n = (uint32_t)(hi - lo + 1);
    uint64_t *nb = calloc(n, sizeof *nb);
    if (nb == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory (quantile sketch)");
    if (s->nbins > 0)
        memcpy(nb + (s->first - lo), s->bins, s->nbins * sizeof *nb);
    free(s->bins);
    s->bins = nb;
    s->first = lo;
    s->nbins = n;
    return SKEL_OK;
}

int skel_sketch_add_bucket(skel_sketch *s, int32_t index, uint64_t n)
{
    if (index < -1 || index > SKEL_SKETCH_MAX_INDEX)
        return skel_fail(SKEL_ERANGE, "sketch bucket %d out of range [-1, %d]", index,
                         SKEL_SKETCH_MAX_INDEX);
    if (n == 0)
        return SKEL_OK;
    if (index < 0) {
        s->zeros += n;
        s->count += n;
        return SKEL_OK;
    }
    int rc = cover(s, index);
    if (rc != SKEL_OK)
        return rc;
    s->bins[index - s->first] += n;
    s->count += n;
    return SKEL_OK;
}

int skel_sketch_add(skel_sketch *s, uint64_t v)
{
    if (v == 0) {
        s->zeros++;
        s->count++;
        return SKEL_OK;
    }
    int32_t i = skel_sketch_index(v);
    if (s->nbins == 0 || i < s->first || i >= s->first + (int32_t)s->nbins) {
        int rc = cover(s, i);
        if (rc != SKEL_OK)
            return rc;
    }
    s->bins[i - s->first]++;
    s->count++;
    return SKEL_OK;
}

int skel_sketch_merge(skel_sketch *into, const skel_sketch *from)
{
    if (from->nbins > 0) {
        int rc = cover(into, from->first);
        if (rc == SKEL_OK)
            rc = cover(into, from->first + (int32_t)from->nbins - 1);
        if (rc != SKEL_OK)
            return rc;
        uint64_t *dst = into->bins + (from->first - into->first);
        for (uint32_t i = 0; i < from->nbins; i++)
            dst[i] += from->bins[i];
    }
    into->zeros += from->zeros;
    into->count += from->count;
    return SKEL_OK;
}

int skel_sketch_copy(skel_sketch *dst, const skel_sketch *src)
{
    memset(dst, 0, sizeof *dst);
    return skel_sketch_merge(dst, src);
}

void skel_sketch_free(skel_sketch *s)
{
    free(s->bins);
    memset(s, 0, sizeof *s);
}

double skel_sketch_quantile(const skel_sketch *s, double q)
{
    if (s->count == 0)
        return 0.0;
    if (!(q > 0.0))
        q = 0.0;
    if (q > 1.0)
        q = 1.0;
    uint64_t rank = (uint64_t)(q * (double)(s->count - 1));
    if (rank < s->zeros)
        return 0.0;
    uint64_t seen = s->zeros;
    for (uint32_t i = 0; i < s->nbins; i++) {
        seen += s->bins[i];
        if (seen > rank)
            return skel_sketch_value(s->first + (int32_t)i);
    }
    /* Only reached if count disagrees with the buckets (a damaged file is
     * refused before this): report the largest bucket. */
    for (uint32_t i = s->nbins; i-- > 0;)
        if (s->bins[i] > 0)
            return skel_sketch_value(s->first + (int32_t)i);
    return 0.0;
}

uint32_t skel_sketch_used(const skel_sketch *s)
{
    uint32_t n = s->zeros > 0;
    for (uint32_t i = 0; i < s->nbins; i++)
        n += s->bins[i] > 0;
    return n;
}
