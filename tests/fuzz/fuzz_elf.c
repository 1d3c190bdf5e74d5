/* fuzz_elf.c - the ELF dependency reader (skel trace reads the traced
 * program's ELF headers) on arbitrary bytes. */
#include "elfdeps.h"
#include "error.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char **list;
    size_t n;
    if (skel_elf_needed_mem("fuzz", data, size, &list, &n) == SKEL_OK) {
        skel_elf_flavor_of(list, n);
        skel_elf_free_list(list, n);
    }
    return 0;
}
