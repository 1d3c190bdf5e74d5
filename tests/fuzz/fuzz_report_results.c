/* fuzz_report_results.c - the results-file parser of `skel report` (CSV of
 * skel run/validate/select/stats/calibrate, --tsv of critpath/predict) and
 * its skeleton.meta reader, on arbitrary bytes; every cell of what parses is
 * then read as a number, as the report does. */
#include "error.h"
#include "report_results.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void touch(const struct skel_results *r)
{
    double v;
    for (size_t i = 0; i < r->nrows; i++)
        for (size_t j = 0; j < r->rows[i].n; j++)
            (void)skel_results_num(r, i, (int)j, &v);
    (void)skel_results_key_num(r, "k", 1, &v);
    (void)skel_results_find(r, "item", 0);
    for (size_t j = 0; j < r->ncols; j++)
        (void)skel_results_col(r, r->cols[j]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct skel_results *r;
    if (skel_results_parse((const char *)data, size, "fuzz", &r) == SKEL_OK) {
        touch(r);
        skel_results_free(r);
    }
    if (skel_results_parse_meta((const char *)data, size, "fuzz", &r) == SKEL_OK) {
        touch(r);
        skel_results_free(r);
    }
    return 0;
}
