/* fuzz_signature.c - libFuzzer target for the signature reader
 * (compress/sigfile.h): any input is parsed from memory; whatever is
 * accepted must format back into a document that is accepted again.
 * The seed corpus (corpus/signature/) holds valid signatures of the samples
 * and of synthetic traces, and invalid variants (schema and semantic
 * errors, truncation). */
#include <stdint.h>
#include <stdlib.h>

#include "error.h"
#include "sigfile.h"
#include "signature.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skel_signature *s = NULL;
    if (skel_sigfile_parse((const char *)data, size, "fuzz", &s) != SKEL_OK)
        return 0;
    char *buf = NULL;
    size_t n = 0;
    if (skel_sigfile_format(s, &buf, &n) != SKEL_OK)
        abort(); /* an accepted signature must be writable */
    skel_signature *again = NULL;
    if (skel_sigfile_parse(buf, n, "fuzz-again", &again) != SKEL_OK)
        abort(); /* and what is written must be readable */
    skel_signature_free(again);
    free(buf);
    skel_signature_free(s);
    return 0;
}
