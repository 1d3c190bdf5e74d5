/* calls.c - the call table generated from tracer/spec/mpi_calls.tbl. */
#include "calls.h"

#include <stddef.h>
#include <strings.h>

const struct skel_call_info skel_call_table[SKEL_CALL_LIMIT] = {
#include "skel_call_table.inc"
};

const char *skel_call_name(unsigned id)
{
    const struct skel_call_info *ci = skel_call_info(id);
    return ci != NULL ? ci->name : "MPI_?";
}

unsigned skel_call_by_name(const char *name)
{
    for (unsigned i = 0; i < SKEL_CALL_LIMIT; i++) {
        if (skel_call_table[i].name == NULL)
            continue;
        if (strcasecmp(skel_call_table[i].name, name) == 0 ||
            strcasecmp(skel_call_table[i].name + 4, name) == 0)
            return i;
    }
    return 0;
}

int skel_call_category(unsigned id)
{
    const struct skel_call_info *ci = skel_call_info(id);
    return ci != NULL ? ci->category : SKEL_CATEGORY_OTHER;
}

const char *skel_category_name(int category)
{
    static const char *const names[SKEL_CATEGORY__COUNT] = {"other",      "p2p", "completion",
                                                            "collective", "io",  "rma"};
    return category >= 0 && category < SKEL_CATEGORY__COUNT ? names[category] : "other";
}

int skel_class_is_receive(int klass)
{
    switch (klass) {
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_SENDRECV:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
    case SKEL_CLASS_MRECV:
        return 1;
    default:
        return 0;
    }
}

int skel_class_is_collective(int klass)
{
    return klass == SKEL_CLASS_COLL || klass == SKEL_CLASS_ICOLL;
}

static const char *const class_names[SKEL_CLASS__COUNT] = {
    "none",     "send",    "recv",    "isend",    "irecv",  "sendrecv",  "probe",
    "iprobe",   "mprobe",  "improbe", "mrecv",    "imrecv", "send_init", "recv_init",
    "start",    "reqfree", "cancel",  "wait",     "coll",   "icoll",     "comm",
    "commfree", "group",   "init",    "finalize", "abort",  "io",        "iio",
    "ioopen",   "ioclose", "iomisc",  "rma",      "rrma",   "winsync",   "win"};

const char *skel_class_name(int klass)
{
    return klass >= 0 && klass < SKEL_CLASS__COUNT ? class_names[klass] : "?";
}

static const char *const shape_names[SKEL_SHAPE__COUNT] = {
    "none",       "barrier",    "bcast",     "reduce",     "allreduce",  "gather",      "gatherv",
    "scatter",    "scatterv",   "allgather", "allgatherv", "alltoall",   "alltoallv",   "alltoallw",
    "redscat",    "redscatblk", "scan",      "exscan",     "nallgather", "nallgatherv", "nalltoall",
    "nalltoallv", "nalltoallw", "read",      "write",      "put",        "get"};

const char *skel_shape_name(int shape)
{
    return shape >= 0 && shape < SKEL_SHAPE__COUNT ? shape_names[shape] : "?";
}
