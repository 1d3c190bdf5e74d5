/* event.h - what a trace holds: events and the tables events refer to.
 *
 * Times are nanoseconds of the rank's CLOCK_MONOTONIC.  Ranks, peers and roots
 * are world ranks (MPI_COMM_WORLD numbering).  Strings inside these structs
 * come from traced programs and are untrusted text: escape them on output.
 * The byte layout of traces is documented in docs/trace-format.md.
 */
#ifndef SKEL_EVENT_H
#define SKEL_EVENT_H

#include <stddef.h>
#include <stdint.h>

#include "calls.h"

/* Version of the metadata file `meta` (docs/trace-format.md). */
#define SKEL_TRACE_VERSION_MAJOR 1
#define SKEL_TRACE_VERSION_MINOR 0
/* Version of the binary rank files.  Version 2 keeps how the process ended in
 * the file header and may end in an open block (written through a mapping);
 * readers also read version 1 files. */
#define SKEL_RANK_FILE_VERSION_MAJOR 2
/* 2.1: working-set records; 2.2: groups; 2.3: partitions */
#define SKEL_RANK_FILE_VERSION_MINOR 3

/* How a rank's trace ends: byte 24 of a version-2 rank file, kept up to date
 * by the writer, and what the reader concludes (skel_rank_ending()). */
enum skel_ending {
    SKEL_END_OPEN = 0,    /* never closed: the process was killed without a word
                             (SIGKILL, e.g. by the launcher after another rank
                             failed) or is still running */
    SKEL_END_CLEAN = 1,   /* MPI_Finalize: the end record is there */
    SKEL_END_SIGNAL = 2,  /* a fatal signal the tracer caught */
    SKEL_END_ABORT = 3,   /* MPI_Abort */
    SKEL_END_EXIT = 4,    /* the process exited without MPI_Finalize */
    SKEL_END_STOPPED = 5, /* the tracer stopped on an error of its own */
    SKEL_END_DAMAGED = 6, /* reader only: the file is cut short or corrupt */
    SKEL_END__COUNT
};

/* Special peer/root values; real world ranks are >= 0. */
#define SKEL_PEER_ANY  (-1) /* MPI_ANY_SOURCE */
#define SKEL_PEER_NULL (-2) /* MPI_PROC_NULL */
#define SKEL_PEER_NONE (-3) /* the call has no such peer */
#define SKEL_PEER_ROOT (-4) /* MPI_ROOT (intercommunicator collectives) */
/* Special tag values; real tags are >= 0. */
#define SKEL_TAG_ANY  (-1) /* MPI_ANY_TAG */
#define SKEL_TAG_NONE (-3)
/* No communicator / object. */
#define SKEL_COMM_NONE UINT32_MAX
/* Predefined communicator indices. */
#define SKEL_COMM_WORLD 0u
#define SKEL_COMM_SELF  1u

enum skel_op {
    SKEL_OP_NONE = 0,
    SKEL_OP_SUM,
    SKEL_OP_PROD,
    SKEL_OP_MAX,
    SKEL_OP_MIN,
    SKEL_OP_LAND,
    SKEL_OP_BAND,
    SKEL_OP_LOR,
    SKEL_OP_BOR,
    SKEL_OP_LXOR,
    SKEL_OP_BXOR,
    SKEL_OP_MAXLOC,
    SKEL_OP_MINLOC,
    SKEL_OP_REPLACE,
    SKEL_OP_NO_OP,
    SKEL_OP_USER,
    SKEL_OP__COUNT
};
const char *skel_op_name(int op); /* "MPI_SUM", ... */

/* skel_event.flags */
enum skel_event_flags {
    SKEL_EVF_FORTRAN = 1u << 0, /* called through a Fortran binding */
    SKEL_EVF_ERROR = 1u << 1,   /* the call returned an error code */
    SKEL_EVF_INPLACE = 1u << 2, /* MPI_IN_PLACE was passed */
    SKEL_EVF_FLAG = 1u << 3,    /* Iprobe/Improbe/Test*: flag came back true */
    SKEL_EVF_CANCELLED = 1u << 4,
    /* An MPI-IO write that begins before the furthest byte this rank had
     * written to the file since it opened it: the application rewrites
     * (pages its file system holds) rather than extends the file. */
    SKEL_EVF_REWRITE = 1u << 5,
    /* bits 6-7: never an event's (the signature keeps a flag of its own
     * there, compress/signature.h); bits 8-15: layouts, below */
};

/* Bits 12-15 of a point-to-point event's flags (a collective's: its send
 * side's, below): the layout of its message's datatype.  0: contiguous
 * (or not known); b = 1..15: the message is made of contiguous runs of about 2^(b+2) bytes each
 * (the element's size over its runs, rounded down to a power of two; 8 bytes and less are class 1,
 * 128 KiB and more class 15), which MPI packs and unpacks: a vector of 8-byte runs moved 1 MiB 5.4x
 * slower than contiguous bytes (docs/trace-format.md, bench/accuracy-mechanisms.md section 16). */
#define SKEL_EVF_BLOCK_SHIFT 12
#define SKEL_EVF_BLOCK_MASK  (15u << SKEL_EVF_BLOCK_SHIFT)

/* Bits 8-11: the same for the receive half of an MPI_Sendrecv, whose
 * receive datatype is its own (bits 12-15 describe the send's; an
 * MPI_Sendrecv_replace's one datatype is in bits 12-15 only), and for a
 * collective's receive side (bits 12-15: its send side's; a broadcast's or
 * a reduction's one datatype; docs/trace-format.md). */
#define SKEL_EVF_RBLOCK_SHIFT 8
#define SKEL_EVF_RBLOCK_MASK  (15u << SKEL_EVF_RBLOCK_SHIFT)
#define SKEL_EVF_LAYOUT_MASK  (SKEL_EVF_BLOCK_MASK | SKEL_EVF_RBLOCK_MASK)

/* The run length in bytes a flags word's layout class stands for; 0 when
 * contiguous. */
static inline uint64_t skel_evf_block_bytes(unsigned flags)
{
    unsigned b = (flags & SKEL_EVF_BLOCK_MASK) >> SKEL_EVF_BLOCK_SHIFT;
    return b == 0 ? 0 : (uint64_t)1 << (b + 2);
}

/* The run length in bytes of a flags word's receive layout class (bits
 * 8-11); 0 when contiguous. */
static inline uint64_t skel_evf_rblock_bytes(unsigned flags)
{
    return skel_evf_block_bytes((flags & SKEL_EVF_RBLOCK_MASK)
                                << (SKEL_EVF_BLOCK_SHIFT - SKEL_EVF_RBLOCK_SHIFT));
}

/* The layout class of runs of `run` bytes (run > 0). */
static inline unsigned skel_evf_block_class(uint64_t run)
{
    unsigned lg = 63u - (unsigned)__builtin_clzll(run);
    return lg <= 3 ? 1u : lg >= 17 ? 15u : lg - 2u;
}

/* One request completed by a Wait/Test call. */
typedef struct skel_completion {
    uint64_t req;   /* request id (rank-local, assigned in creation order from 1) */
    uint16_t call;  /* call that created the request (enum skel_call) */
    uint16_t flags; /* SKEL_EVF_CANCELLED */
    uint32_t index; /* position in the array given to the Wait/Test call */
    int32_t src;    /* receives: actual source (world rank); others SKEL_PEER_NONE */
    int32_t tag;    /* receives: actual tag; others SKEL_TAG_NONE */
    uint64_t bytes; /* receives: bytes actually received; sends: bytes sent */
} skel_completion;

typedef struct skel_event {
    uint64_t seq;     /* index of the event in its rank's stream, from 0 */
    uint16_t call;    /* enum skel_call */
    uint16_t flags;   /* enum skel_event_flags */
    uint32_t thread;  /* 0 for the thread that initialised MPI */
    uint64_t t_start; /* ns, rank-local monotonic clock */
    uint64_t t_end;
    uint64_t gap_wall; /* wall ns of compute since the thread's previous event ended,
                          without the tracer's own buffer flushes */
    uint64_t gap_cpu;  /* CPU ns used in that gap */
    /* The context, count to op: the fields a call site repeats from one event
     * to the next (docs/trace-format.md), kept together and in this order
     * (codec.h: skel_site_ctx) so that a writer compares them at once. */
    int64_t count;    /* element count (send count for collectives) */
    uint64_t bytes;   /* bytes this rank sends/writes (or asks to receive for receives) */
    uint64_t rbytes;  /* bytes this rank receives/reads */
    int32_t peer;     /* destination of sends, source asked for by receives */
    int32_t tag;      /* tag of peer */
    int32_t peer2;    /* Sendrecv: source asked for */
    int32_t tag2;     /* Sendrecv: receive tag asked for */
    int32_t asrc;     /* receive-type calls: actual source of the message */
    int32_t atag;     /* receive-type calls: actual tag of the message */
    int32_t root;     /* rooted collectives: the root's world rank */
    uint32_t comm;    /* communicator index (see skel_rank_comm) */
    uint32_t obj;     /* file or window index (I/O, one-sided), or SKEL_COMM_NONE */
    uint32_t dtsize;  /* size in bytes of the datatype of count */
    uint8_t op;       /* enum skel_op */
    uint32_t newcomm; /* communicator created by this call, or SKEL_COMM_NONE */
    uint64_t req;     /* request created (or started/freed/cancelled), 0 if none */
    uint32_t nreqs;   /* Startall: requests started */
    const uint64_t *reqs;
    uint32_t ncomplete; /* Wait/Test families: requests completed */
    const skel_completion *complete;
    /* MPI_Win_post, MPI_Win_start: the group's members as world ranks, in
     * group order (rank files 2.2 and later; none before). */
    uint32_t ngroup;
    const int32_t *group;
    /* MPI_Psend_init, MPI_Precv_init: this side's partitions (count and
     * bytes are the whole buffer's: partitions x the count in each); 0 for
     * every other call (rank files 2.3 and later). */
    uint32_t parts;
    uint32_t site; /* call-site index (see skel_rank_site) */
    /* Bytes of memory the thread's process touched from the end of an
     * earlier call of this thread to the end of this one - the compute phase
     * before this call and any short phases and calls since the tracer
     * started watching (docs/trace-format.md, "Working sets"); 0 when not
     * sampled, which is most events. */
    uint64_t ws_bytes;
} skel_event;
/* The largest working set a reader takes (1 PiB); beyond, it is damage. */
#define SKEL_WSET_MAX (UINT64_C(1) << 50)

/* Initialise an event with the "absent" value of every field. */
void skel_event_init(skel_event *ev);

/* Whether group a (world ranks, in group order) sorts before group b.  An
 * intercommunicator's two groups are local and remote the other way round
 * on its two sides; this is the order both agree on (its global id hashes
 * them in it; the OTF2 export writes it as groups A and B). */
int skel_group_before(const int32_t *a, uint32_t na, const int32_t *b, uint32_t nb);

typedef struct skel_comm {
    uint32_t index;       /* index used by events */
    uint64_t gid;         /* global id: the same on every member rank */
    uint32_t parent;      /* index of the communicator it was created from */
    uint16_t created_by;  /* call id, 0 for predefined ones */
    uint16_t flags;       /* SKEL_COMMF_* */
    uint32_t size;        /* number of (local) members */
    int32_t *members;     /* world rank of each member, in communicator order */
    uint32_t remote_size; /* intercommunicators: remote group */
    int32_t *remote;
    uint32_t ndims; /* Cartesian topology */
    int32_t *dims;
    int32_t *periods;
    /* Graph topology (SKEL_COMMF_ADJ): this rank's neighbours, world ranks,
     * in the order MPI gives them (MPI_Graph_neighbors: nin == nout, the
     * same list; MPI_Dist_graph_neighbors: sources, then destinations). */
    uint32_t nin, nout;
    int32_t *in, *out;
} skel_comm;
enum {
    SKEL_COMMF_INTER = 1,
    SKEL_COMMF_CART = 2,
    SKEL_COMMF_GRAPH = 4,
    SKEL_COMMF_FREED = 8,
    SKEL_COMMF_ADJ = 16 /* with GRAPH: the record has this rank's neighbours */
};

/* A file or window known to a rank. */
typedef struct skel_object {
    uint32_t index;
    uint8_t kind; /* SKEL_OBJ_FILE or SKEL_OBJ_WIN */
    uint32_t comm;
    char *name; /* file name as given by the application (untrusted text) */
} skel_object;
enum { SKEL_OBJ_FILE = 1, SKEL_OBJ_WIN = 2 };

/* A code module (executable or shared library) mapped in a rank. */
typedef struct skel_module {
    uint32_t index;
    uint64_t base;
    char *path;
} skel_module;

/* A call site: the return address of an MPI call. */
typedef struct skel_site {
    uint32_t index;
    uint64_t addr;   /* absolute address in the traced process */
    uint32_t module; /* module index, or SKEL_COMM_NONE if unknown */
    uint64_t offset; /* address relative to the module's base */
    char *func;      /* function name when known (dladdr or debug info), else "" */
    char *file;      /* source file when debug info resolved it, else "" */
    uint32_t line;   /* source line, 0 if unknown */
    uint8_t fortran; /* the call came through a Fortran binding */
} skel_site;

/* What a rank says about itself at start. */
typedef struct skel_rank_info {
    uint32_t rank;
    uint32_t nranks;
    uint32_t pid;
    uint32_t thread_level; /* MPI_THREAD_* provided, 0..3 */
    uint64_t t_init;       /* monotonic ns when the tracer started */
    uint64_t unix_init_ns; /* CLOCK_REALTIME at the same moment */
    char *host;
    char *mpi_library;
    char *tracer_version;
} skel_rank_info;

/* Clock offset of a rank against rank 0: t_rank0 = t_rank - offset_ns. */
typedef struct skel_clock_sync {
    uint8_t phase; /* 0 at MPI_Init, 1 at MPI_Finalize */
    int64_t offset_ns;
    uint64_t rtt_ns;  /* best round trip used for the estimate (error <= rtt/2) */
    uint64_t t_local; /* local monotonic time of the estimate */
} skel_clock_sync;

/* What a rank says at a clean end (MPI_Finalize). */
typedef struct skel_rank_end {
    uint64_t nevents;
    uint64_t overhead_ns;  /* tracer's own time: records + flushes + clock sync */
    uint64_t per_event_ns; /* calibrated cost of recording one event */
    uint64_t flush_ns;     /* time spent writing buffers */
    uint64_t nflush;
    uint64_t user_cpu_ns; /* process CPU time at the end (getrusage) */
    uint64_t sys_cpu_ns;
    uint64_t t_end; /* monotonic ns when the tracer stopped */
} skel_rank_end;

#endif
