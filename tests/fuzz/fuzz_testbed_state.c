/* fuzz_testbed_state.c - a testbed instance's state file (testbed.h) on
 * untrusted bytes: never crash, leak or read out of bounds; what parses is in
 * the documented ranges and reads back the same once written again. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "testbed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* as skel_read_file() hands it over */
    struct skel_testbed_state st, back;
    if (skel_testbed_state_parse(text, "fuzz/state", &st) == SKEL_OK) {
        if (st.index < 1 || st.index > SKEL_TESTBED_MAX_INDEX || st.cfg.nhosts < 1 ||
            st.cfg.nhosts > SKEL_TESTBED_MAX_HOSTS ||
            skel_testbed_check_name(st.cfg.name) != SKEL_OK ||
            (st.cgroups.version != 1 && st.cgroups.version != 2))
            abort();
        for (unsigned i = 0; i < st.cfg.nhosts; i++)
            if (st.cfg.cores[i] == 0 || st.cfg.slots[i] < 1 || st.cfg.slots[i] > 1024 ||
                !(st.cfg.cpu[i] >= 0 && st.cfg.cpu[i] <= 64))
                abort();
        char *again = NULL;
        if (skel_testbed_state_format(&st, &again) != SKEL_OK ||
            skel_testbed_state_parse(again, "fuzz/again", &back) != SKEL_OK ||
            strcmp(back.cfg.name, st.cfg.name) != 0 || back.index != st.index ||
            back.cfg.nhosts != st.cfg.nhosts || back.cgroups.version != st.cgroups.version ||
            strcmp(back.cgroups.base, st.cgroups.base) != 0)
            abort();
        free(again);
    }
    free(text);
    return 0;
}
