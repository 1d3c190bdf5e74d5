/* fuzz_codegen.c - libFuzzer target for the generator's use of a signature
 * (codegen/plan.h, sim.h, emit.h): whatever signature the reader accepts is
 * planned at K = 3 in the loop-scaled mode, with only the innermost long
 * loops divided (mode inner), in epochs and with every message kept,
 * its schedule checked (with small limits) and, when the check passes,
 * turned into the templates' values.  Any of these may refuse the
 * signature with an error; none may crash, hang or leak.  The request
 * calls (Wait/Test, Start, Request_free, Cancel, Mprobe/Mrecv), their
 * links and the scaled loops they cross are what the seeds exercise
 * (corpus/codegen/: signatures of the irregular corpus programs). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "emit.h"
#include "error.h"
#include "plan.h"
#include "sigfile.h"
#include "signature.h"
#include "sim.h"
#include "template.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    skel_signature *s = NULL;
    if (size > (1u << 20) || skel_sigfile_parse((const char *)data, size, "fuzz", &s) != SKEL_OK)
        return 0;
    static const int modes[] = {SKEL_PLAN_LOOPS, SKEL_PLAN_INNER, SKEL_PLAN_EPOCHS, SKEL_PLAN_THIN,
                                SKEL_PLAN_MESSAGES};
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        skel_plan *p = NULL;
        if (skel_plan_build(s, 3, modes[m], &p) != SKEL_OK)
            continue;
        struct skel_sim_opts so = {
            .eager_bytes = 4096, .max_ops = 200000, .max_bytes = UINT64_C(64) << 20};
        if (skel_sim_run(p, &so, NULL) == SKEL_OK) {
            struct skel_codegen_opts o;
            skel_codegen_defaults(&o);
            o.k = 3;
            struct skel_codegen_report rep;
            memset(&rep, 0, sizeof rep);
            rep.k = 3;
            skel_tpl_dict *root = skel_tpl_dict_new();
            if (root == NULL)
                abort();
            (void)skel_emit(p, &o, &rep, root);
            skel_tpl_dict_free(root);
        }
        skel_plan_free(p);
    }
    skel_signature_free(s);
    return 0;
}
