/* fuzz_meta.c - the trace metadata parser on arbitrary text. */
#include "error.h"
#include "meta.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skel_meta *m;
    if (skel_meta_parse("fuzz", (const char *)data, size, &m) == SKEL_OK)
        skel_meta_free(m);
    return 0;
}
