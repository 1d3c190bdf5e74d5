/* fuzz_elf.c - the ELF dynamic-section reader (skel trace, run, select and
 * validate read the program's and its libraries' ELF headers) on arbitrary
 * bytes: whatever parses holds NUL-terminated strings, as many as counted;
 * and the function-extent reader (skel trace checks call-site names with
 * it): extents sorted, every end above its start, lookups that agree. */
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
    struct skel_elf_funcs f;
    if (skel_elf_funcs_mem("fuzz", data, size, &f) == SKEL_OK) {
        for (size_t i = 0; i < f.n; i++) {
            if (f.ext[i][1] <= f.ext[i][0] || (i > 0 && f.ext[i][0] < f.ext[i - 1][0]))
                abort();
            if (!skel_elf_funcs_hold(&f, f.ext[i][0]))
                abort();
            /* The search agrees with a scan of every extent. */
            uint64_t probe[2] = {f.ext[i][1], f.ext[i][0] - 1};
            for (int p = 0; p < 2 && f.n <= 256; p++) {
                int held = 0;
                for (size_t j = 0; j < f.n; j++)
                    held |= f.ext[j][0] <= probe[p] && probe[p] < f.ext[j][1];
                if (held != skel_elf_funcs_hold(&f, probe[p]))
                    abort();
            }
        }
        skel_elf_funcs_free(&f);
    } else if (f.ext != NULL || f.n != 0) {
        abort();
    }
    return 0;
}
