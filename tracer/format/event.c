/* event.c - defaults and names of event fields. */
#include "event.h"

#include <string.h>

void skel_event_init(skel_event *ev)
{
    memset(ev, 0, sizeof *ev);
    ev->peer = ev->peer2 = ev->asrc = ev->root = SKEL_PEER_NONE;
    ev->tag = ev->tag2 = ev->atag = SKEL_TAG_NONE;
    ev->comm = SKEL_COMM_WORLD;
    ev->newcomm = SKEL_COMM_NONE;
    ev->obj = SKEL_COMM_NONE;
}

static const char *const op_names[SKEL_OP__COUNT] = {
    "MPI_OP_NULL", "MPI_SUM",     "MPI_PROD",  "MPI_MAX",  "MPI_MIN",  "MPI_LAND",
    "MPI_BAND",    "MPI_LOR",     "MPI_BOR",   "MPI_LXOR", "MPI_BXOR", "MPI_MAXLOC",
    "MPI_MINLOC",  "MPI_REPLACE", "MPI_NO_OP", "user-op"};

const char *skel_op_name(int op)
{
    return op >= 0 && op < SKEL_OP__COUNT ? op_names[op] : "MPI_OP_?";
}

int skel_group_before(const int32_t *a, uint32_t na, const int32_t *b, uint32_t nb)
{
    for (uint32_t i = 0; i < na && i < nb; i++)
        if (a[i] != b[i])
            return a[i] < b[i];
    return na < nb;
}
