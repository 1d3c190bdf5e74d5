/* fuzz_commtable.c - a communication cost table is untrusted input: parse
 * anything, and for what parses, look sizes up and check that the written
 * form reads back the same. */
#include "commtable.h"
#include "error.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skel_commtable *t = NULL;
    if (skel_commtable_parse((const char *)data, size, "fuzz", &t) != SKEL_OK)
        return 0;
    static const uint64_t sizes[] = {0, 1, 7, 1024, 65537, UINT64_C(1) << 40, UINT64_MAX};
    for (int k = 0; k < SKEL_COMMTABLE__KINDS; k++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            double v = skel_commtable_oneway(t, k, sizes[i]);
            if (!(v >= 0) || (skel_commtable_has(t, k) && isnan(v)))
                abort();
        }
    char *text = NULL;
    if (skel_commtable_format(t, "fuzz\nround trip", &text) == SKEL_OK) {
        skel_commtable *u = NULL;
        if (skel_commtable_parse(text, strlen(text), "again", &u) != SKEL_OK)
            abort();
        if (skel_commtable_nrows(u) != skel_commtable_nrows(t))
            abort();
        for (size_t i = 0; i < skel_commtable_nrows(t); i++) {
            const struct skel_commtable_row *a = skel_commtable_row(t, i);
            const struct skel_commtable_row *b = skel_commtable_row(u, i);
            if (a->kind != b->kind || a->size != b->size || a->median_ns != b->median_ns ||
                a->min_ns != b->min_ns || a->repeats != b->repeats)
                abort();
        }
        skel_commtable_free(u);
        free(text);
    }
    skel_commtable_free(t);
    return 0;
}
