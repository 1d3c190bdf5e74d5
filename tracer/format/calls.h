/* calls.h - the MPI calls Skel knows, as generated from tracer/spec/mpi_calls.tbl.
 *
 * A call id (enum skel_call, values SKEL_CALL_<name>) is what traces store.
 * Ids are stable across versions.  skel_call_info() gives the name, the class
 * (what the call means: a send, a completion, a collective...), the category
 * reports and exports use, whether it is a poll and, for collectives and
 * I/O, the shape.  All tables are static: nothing to free.
 */
#ifndef SKEL_CALLS_H
#define SKEL_CALLS_H

#include <stddef.h>
#include <stdint.h>

#include "skel_call_ids.h" /* generated: enum skel_call, SKEL_CALL_LIMIT */

enum skel_class {
    SKEL_CLASS_NONE = 0,
    SKEL_CLASS_SEND,      /* blocking send (Send, Ssend, Bsend, Rsend) */
    SKEL_CLASS_RECV,      /* blocking receive */
    SKEL_CLASS_ISEND,     /* nonblocking send: creates a request */
    SKEL_CLASS_IRECV,     /* nonblocking receive: creates a request */
    SKEL_CLASS_SENDRECV,  /* Sendrecv, Sendrecv_replace */
    SKEL_CLASS_PROBE,     /* blocking probe (matches nothing) */
    SKEL_CLASS_IPROBE,    /* nonblocking probe */
    SKEL_CLASS_MPROBE,    /* matched probe: takes a message off the queue */
    SKEL_CLASS_IMPROBE,   /* nonblocking matched probe */
    SKEL_CLASS_MRECV,     /* receive of a matched message */
    SKEL_CLASS_IMRECV,    /* nonblocking receive of a matched message */
    SKEL_CLASS_SEND_INIT, /* persistent send request */
    SKEL_CLASS_RECV_INIT, /* persistent receive request */
    SKEL_CLASS_START,     /* Start, Startall */
    SKEL_CLASS_REQFREE,   /* Request_free */
    SKEL_CLASS_CANCEL,    /* Cancel */
    SKEL_CLASS_WAIT,      /* Wait/Test families: complete requests */
    SKEL_CLASS_COLL,      /* blocking collective */
    SKEL_CLASS_ICOLL,     /* nonblocking collective: creates a request */
    SKEL_CLASS_COMM,      /* creates a communicator */
    SKEL_CLASS_COMMFREE,  /* Comm_free */
    SKEL_CLASS_GROUP,     /* group management (local) */
    SKEL_CLASS_INIT,      /* Init, Init_thread */
    SKEL_CLASS_FINALIZE,  /* Finalize */
    SKEL_CLASS_ABORT,     /* Abort */
    SKEL_CLASS_IO,        /* blocking file read/write */
    SKEL_CLASS_IIO,       /* nonblocking file read/write: creates a request */
    SKEL_CLASS_IOOPEN,    /* File_open */
    SKEL_CLASS_IOCLOSE,   /* File_close */
    SKEL_CLASS_IOMISC,    /* other file calls */
    SKEL_CLASS_RMA,       /* one-sided communication */
    SKEL_CLASS_RRMA,      /* request-based one-sided communication */
    SKEL_CLASS_WINSYNC,   /* window synchronisation */
    SKEL_CLASS_WIN,       /* window creation and destruction */
    SKEL_CLASS__COUNT
};

/* What reports and exports file a call under: the category column of the
 * call table (tracer/spec/mpi_calls.tbl says what each holds). */
enum skel_category {
    SKEL_CATEGORY_OTHER = 0,  /* set-up (Init, Finalize, communicators, groups), unknown calls */
    SKEL_CATEGORY_P2P,        /* point-to-point: sends, receives, probes, persistent requests */
    SKEL_CATEGORY_COMPLETION, /* Wait and Test families: complete requests of any kind */
    SKEL_CATEGORY_COLLECTIVE, /* blocking and nonblocking collectives */
    SKEL_CATEGORY_IO,         /* MPI-IO */
    SKEL_CATEGORY_RMA,        /* one-sided communication and windows */
    SKEL_CATEGORY__COUNT
};

enum skel_shape {
    SKEL_SHAPE_NONE = 0,
    SKEL_SHAPE_BARRIER,
    SKEL_SHAPE_BCAST,
    SKEL_SHAPE_REDUCE,
    SKEL_SHAPE_ALLREDUCE,
    SKEL_SHAPE_GATHER,
    SKEL_SHAPE_GATHERV,
    SKEL_SHAPE_SCATTER,
    SKEL_SHAPE_SCATTERV,
    SKEL_SHAPE_ALLGATHER,
    SKEL_SHAPE_ALLGATHERV,
    SKEL_SHAPE_ALLTOALL,
    SKEL_SHAPE_ALLTOALLV,
    SKEL_SHAPE_ALLTOALLW,
    SKEL_SHAPE_REDSCAT,
    SKEL_SHAPE_REDSCATBLK,
    SKEL_SHAPE_SCAN,
    SKEL_SHAPE_EXSCAN,
    SKEL_SHAPE_NALLGATHER,
    SKEL_SHAPE_NALLGATHERV,
    SKEL_SHAPE_NALLTOALL,
    SKEL_SHAPE_NALLTOALLV,
    SKEL_SHAPE_NALLTOALLW,
    SKEL_SHAPE_READ,  /* I/O */
    SKEL_SHAPE_WRITE, /* I/O */
    SKEL_SHAPE_PUT,   /* one-sided: data to the target */
    SKEL_SHAPE_GET,   /* one-sided: data from the target */
    SKEL_SHAPE__COUNT
};

struct skel_call_info {
    const char *name;    /* "MPI_Send" */
    uint8_t klass;       /* enum skel_class */
    uint8_t shape;       /* enum skel_shape */
    uint8_t rooted;      /* collective with a root argument */
    uint8_t handwritten; /* wrapper written by hand (tracer/irregular.c) */
    uint8_t category;    /* enum skel_category */
    uint8_t poll;        /* returns at once saying whether what it checks is there:
                            Test*, Iprobe, Improbe */
};

/* Every call id's entry (name NULL: not a call); use skel_call_info(). */
extern const struct skel_call_info skel_call_table[SKEL_CALL_LIMIT];

/* Information about a call id, or NULL if the id is not a known call.
 * Inline: the replay and the graph ask several times per event. */
static inline const struct skel_call_info *skel_call_info(unsigned id)
{
    if (id >= SKEL_CALL_LIMIT || skel_call_table[id].name == NULL)
        return NULL;
    return &skel_call_table[id];
}

/* Name of a call id ("MPI_Send"), or "MPI_?" for unknown ids. */
const char *skel_call_name(unsigned id);

/* Call id for a name ("MPI_Send" or "Send", case-insensitive), 0 if unknown. */
unsigned skel_call_by_name(const char *name);

/* Category of a call id (SKEL_CATEGORY_OTHER for unknown ids) and the name
 * of a category ("p2p", "completion", "collective", "io", "rma", "other"). */
int skel_call_category(unsigned id);
const char *skel_category_name(int category);

/* Class helpers. */
/* ISEND, IRECV, SEND_INIT, RECV_INIT, ICOLL, IIO, RRMA, IMRECV */
static inline int skel_class_creates_request(int klass)
{
    switch (klass) {
    case SKEL_CLASS_ISEND:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_SEND_INIT:
    case SKEL_CLASS_RECV_INIT:
    case SKEL_CLASS_ICOLL:
    case SKEL_CLASS_IIO:
    case SKEL_CLASS_RRMA:
    case SKEL_CLASS_IMRECV:
        return 1;
    default:
        return 0;
    }
}
/* Whether a call of class klass creates a request: the classes above, and
 * MPI_Comm_idup (class COMM), whose request completes its new communicator. */
static inline int skel_call_creates_request(unsigned call, int klass)
{
    return skel_class_creates_request(klass) || call == SKEL_CALL_MPI_Comm_idup;
}
/* MPI_Psend_init, MPI_Precv_init: a partitioned send or receive's set-up
 * (class SEND_INIT or RECV_INIT), whose event says its partitions. */
static inline int skel_call_partitioned(unsigned call)
{
    return call == SKEL_CALL_MPI_Psend_init || call == SKEL_CALL_MPI_Precv_init;
}
/* Shapes that reduce (an operation combines the ranks' data): Reduce,
 * Allreduce, Scan, Exscan, Reduce_scatter and its block form. */
static inline int skel_shape_reduces(int shape)
{
    return shape == SKEL_SHAPE_REDUCE || shape == SKEL_SHAPE_ALLREDUCE ||
           shape == SKEL_SHAPE_SCAN || shape == SKEL_SHAPE_EXSCAN || shape == SKEL_SHAPE_REDSCAT ||
           shape == SKEL_SHAPE_REDSCATBLK;
}
int skel_class_is_receive(
    int klass); /* classes with an actual source/tag (RECV, SENDRECV, PROBE...) */
int skel_class_is_collective(int klass); /* COLL, ICOLL */
const char *skel_class_name(int klass);
const char *skel_shape_name(int shape);

#endif
