/* fuzz_nodeset.c - node-set readers on untrusted bytes: the XML reader, the
 * hostfile reader and the Slurm expanders must never crash, leak or read out
 * of bounds, and a set they accept must satisfy the semantic rules. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "nodeset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct skel_nodeset_list *l)
{
    for (size_t i = 0; i < l->nsets; i++) {
        const struct skel_nodeset *s = &l->sets[i];
        if (s->nnodes == 0)
            abort();
        for (size_t j = 0; j < s->nnodes; j++)
            if (s->nodes[j].slots < 1 || s->nodes[j].slots > SKEL_NODESET_MAX_SLOTS ||
                s->nodes[j].name == NULL || s->nodes[j].name[0] == '\0')
                abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct skel_nodeset_list *l = NULL;
    if (skel_nodeset_parse_xml((const char *)data, size, "fuzz.xml", &l) == SKEL_OK) {
        check(l);
        char *xml = NULL;
        if (skel_nodeset_format_xml(l, &xml) == SKEL_OK) {
            struct skel_nodeset_list *back = NULL;
            /* What we write we must read back. */
            if (skel_nodeset_parse_xml(xml, strlen(xml), "round-trip", &back) != SKEL_OK)
                abort();
            skel_nodeset_list_free(back);
            free(xml);
        }
    }
    skel_nodeset_list_free(l);
    l = NULL;
    if (skel_nodeset_parse_hostfile((const char *)data, size, "fuzz-hosts", &l) == SKEL_OK)
        check(l);
    skel_nodeset_list_free(l);
    /* Slurm strings: the first line is the node list, the second the tasks. */
    char buf[4096];
    size_t n = size < sizeof buf - 1 ? size : sizeof buf - 1;
    memcpy(buf, data, n);
    buf[n] = '\0';
    char *nl = strchr(buf, '\n');
    const char *tasks = "1";
    if (nl != NULL) {
        *nl = '\0';
        tasks = nl + 1;
    }
    l = NULL;
    if (skel_nodeset_from_slurm(buf, tasks, &l) == SKEL_OK)
        check(l);
    skel_nodeset_list_free(l);
    return 0;
}
