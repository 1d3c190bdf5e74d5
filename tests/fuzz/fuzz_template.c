/* fuzz_template.c - the template parser and renderer on untrusted bytes
 * (users edit templates): never crash, leak or read out of bounds; a parse
 * either succeeds or names a position; rendering with a small fixed set of
 * values either succeeds or fails cleanly. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skel_tpl *t = NULL;
    int rc = skel_tpl_parse((const char *)data, size, "fuzz.tmpl", &t);
    if (rc != SKEL_OK) {
        /* Every refusal names the template and a line:column. */
        if (t != NULL || strncmp(skel_last_error(), "fuzz.tmpl", 9) != 0)
            abort();
        return 0;
    }
    skel_tpl_dict *d = skel_tpl_dict_new();
    skel_tpl_set(d, "a", "A");
    skel_tpl_set(d, "b", "{{b}}");
    skel_tpl_set(d, "empty", "");
    skel_tpl_set_bool(d, "t", 1);
    skel_tpl_set_bool(d, "f", 0);
    skel_tpl_list(d, "none");
    for (int i = 0; i < 3; i++) {
        skel_tpl_dict *e = skel_tpl_add(d, "items");
        skel_tpl_setf(e, "i", "%d", i);
        skel_tpl_set_bool(e, "t", i % 2);
        skel_tpl_setf(skel_tpl_add(e, "items"), "a", "inner%d", i);
    }
    char *out = NULL;
    size_t len = 0;
    rc = skel_tpl_render(t, d, &out, &len);
    if (rc == SKEL_OK && (out == NULL || strlen(out) != len))
        abort();
    if (rc != SKEL_OK && out != NULL)
        abort();
    free(out);
    skel_tpl_dict_free(d);
    skel_tpl_free(t);
    return 0;
}
