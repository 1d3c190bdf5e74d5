/* fuzz_elf.c - the ELF dynamic-section reader (skel trace, run, select and
 * validate read the program's and its libraries' ELF headers) on arbitrary
 * bytes: whatever parses holds NUL-terminated strings, as many as counted. */
#include "elfdeps.h"
#include "error.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct skel_elf_dyn d;
    if (skel_elf_dyn_mem("fuzz", data, size, &d) == SKEL_OK) {
        for (size_t i = 0; i < d.nneeded; i++)
            if (d.needed[i] == NULL || strlen(d.needed[i]) >= size)
                abort();
        skel_elf_flavor_of(d.needed, d.nneeded);
        if (d.soname != NULL && strlen(d.soname) >= size)
            abort();
        skel_elf_dyn_free(&d);
    }
    char **list;
    size_t n;
    if (skel_elf_needed_mem("fuzz", data, size, &list, &n) == SKEL_OK)
        skel_elf_free_list(list, n);
    return 0;
}
