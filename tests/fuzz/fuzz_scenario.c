/* fuzz_scenario.c - the scenario reader on untrusted bytes: never crash,
 * leak or read out of bounds; what it accepts is within the documented ranges. */
#include <stdint.h>
#include <stdlib.h>

#include "error.h"
#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct skel_scenario_list *l = NULL;
    if (skel_scenario_parse((const char *)data, size, "fuzz.xml", &l) == SKEL_OK) {
        for (size_t i = 0; i < l->n; i++) {
            const struct skel_scenario *s = &l->v[i];
            for (size_t j = 0; j < s->ncpu; j++)
                if (s->cpu[j].processes < 1 || s->cpu[j].processes > SKEL_SCENARIO_MAX_PROCESSES ||
                    s->cpu[j].host > 253)
                    abort();
            for (size_t j = 0; j < s->nlink; j++)
                if (s->link[j].bps < 8000 || s->link[j].bps > 100000000000ULL ||
                    s->link[j].host > 253)
                    abort();
            (void)skel_scenario_check(s, "fuzz.xml", 4);
        }
    }
    skel_scenario_list_free(l);
    return 0;
}
