/* otf2_model.h - what export and import share: the "skel::" attributes, the
 * mapping of Skel's calls to OTF2 regions and collective operations, and -
 * the heart of the round trip - what an importer derives from the standard
 * OTF2 records of one call.
 *
 * The importer builds each Skel event from the records between an MPI
 * region's Enter and Leave (skel_otf2__begin, the o2_<record> handlers, skel_otf2__end),
 * then lets the event's attributes override any field, then commits it
 * (skel_otf2__commit: the rank's request table, the previous end of the thread).
 * The exporter runs the very same handlers on the records it is about to
 * write, compares the derived event with the real one and writes an
 * attribute for every field that differs.  So the archive carries exactly
 * what the standard records cannot, and importing it gives back the
 * exporter's events - by construction, not by a second description of the
 * format that could drift from the first.
 *
 * Ownership: an o2_model and its o2_ranks are owned by the exporter or the
 * importer, released with skel_otf2__model_free(); an o2_call is reused from call
 * to call and released with skel_otf2__call_free().
 */
#ifndef SKEL_OTF2_MODEL_H
#define SKEL_OTF2_MODEL_H

#include <otf2/otf2.h>
#include <stdint.h>

#include "event.h"
#include "map.h"

/* The attributes Skel writes: X(id, name, OTF2 type).  Event fields first,
 * then the communicator created (on CommCreate), then per completion (on
 * its record).  "SOURCE_CODE_LOCATION" is OTF2's own convention for the
 * source of an event, which viewers show. */
#define SKEL_O2_ATTRS(X)                                                                           \
    X(FLAGS, "skel::flags", OTF2_TYPE_UINT32)                                                      \
    X(GAP_WALL, "skel::compute_ns", OTF2_TYPE_UINT64)                                              \
    X(GAP_CPU, "skel::compute_cpu_ns", OTF2_TYPE_UINT64)                                           \
    X(PEER, "skel::peer", OTF2_TYPE_INT32)                                                         \
    X(TAG, "skel::tag", OTF2_TYPE_INT32)                                                           \
    X(PEER2, "skel::peer2", OTF2_TYPE_INT32)                                                       \
    X(TAG2, "skel::tag2", OTF2_TYPE_INT32)                                                         \
    X(ASRC, "skel::source", OTF2_TYPE_INT32)                                                       \
    X(ATAG, "skel::source_tag", OTF2_TYPE_INT32)                                                   \
    X(ROOT, "skel::root", OTF2_TYPE_INT32)                                                         \
    X(COMM, "skel::comm", OTF2_TYPE_COMM)                                                          \
    X(NEWCOMM, "skel::newcomm", OTF2_TYPE_COMM)                                                    \
    X(OBJ, "skel::object", OTF2_TYPE_UINT32)                                                       \
    X(OBJ_KIND, "skel::object_kind", OTF2_TYPE_UINT8)                                              \
    X(OBJ_NAME, "skel::object_name", OTF2_TYPE_STRING)                                             \
    X(OBJ_COMM, "skel::object_comm", OTF2_TYPE_COMM)                                               \
    X(COUNT, "skel::count", OTF2_TYPE_INT64)                                                       \
    X(DTSIZE, "skel::datatype_size", OTF2_TYPE_UINT32)                                             \
    X(OP, "skel::op", OTF2_TYPE_UINT8)                                                             \
    X(BYTES, "skel::bytes", OTF2_TYPE_UINT64)                                                      \
    X(RBYTES, "skel::received_bytes", OTF2_TYPE_UINT64)                                            \
    X(REQ, "skel::request", OTF2_TYPE_UINT64)                                                      \
    X(WS, "skel::working_set_bytes", OTF2_TYPE_UINT64)                                             \
    X(SITE, "skel::site", OTF2_TYPE_CALLING_CONTEXT)                                               \
    X(SCL, "SOURCE_CODE_LOCATION", OTF2_TYPE_SOURCE_CODE_LOCATION)                                 \
    X(GID, "skel::comm_gid", OTF2_TYPE_UINT64)                                                     \
    X(COMM_FLAGS, "skel::comm_flags", OTF2_TYPE_UINT16)                                            \
    X(NEIGHBORS, "skel::neighbors", OTF2_TYPE_STRING)                                              \
    X(GROUP, "skel::group", OTF2_TYPE_STRING)                                                      \
    X(PARTS, "skel::partitions", OTF2_TYPE_UINT32)                                                 \
    X(C_INDEX, "skel::index", OTF2_TYPE_UINT32)                                                    \
    X(C_FLAGS, "skel::completion_flags", OTF2_TYPE_UINT16)                                         \
    X(C_SRC, "skel::completion_source", OTF2_TYPE_INT32)                                           \
    X(C_TAG, "skel::completion_tag", OTF2_TYPE_INT32)                                              \
    X(C_BYTES, "skel::completion_bytes", OTF2_TYPE_UINT64)                                         \
    X(C_CALL, "skel::completion_call", OTF2_TYPE_UINT16)

enum o2_attr {
#define O2_X(id, name, type) O2_A_##id,
    SKEL_O2_ATTRS(O2_X)
#undef O2_X
        O2_A__COUNT
};
const char *skel_otf2__attr_name(int a);
OTF2_Type skel_otf2__attr_type(int a);

/* Parameters (ParameterUnsignedInt records, value = request id) for the
 * requests whose start or completion has no MPI record in OTF2 (I/O,
 * one-sided and persistent collective requests, receives from
 * MPI_PROC_NULL, cancelled ones). */
enum { O2_P_STARTED = 0, O2_P_COMPLETED = 1, O2_P__COUNT };
extern const char *const skel_otf2__param_names[O2_P__COUNT];

/* Archive properties that mark an archive of skel export and carry the
 * trace's metadata; location-group properties carry each rank's. */
#define O2_FORMAT_PROPERTY "SKEL::FORMAT"
#define O2_FORMAT_VALUE    "skel-otf2 1"

/* The OTF2 collective operation of a Skel collective shape, or -1 when
 * OTF2 has none (neighbourhood collectives). */
int skel_otf2__collective_op(int shape);
/* The region role of a call: point2point, collective kinds, file I/O... */
OTF2_RegionRole skel_otf2__region_role(unsigned call);

/* A communicator of the archive (index: its OTF2 reference). */
struct o2_gcomm {
    int defined;
    uint64_t gid;
    uint32_t size;
    int32_t *members; /* world ranks, in communicator order */
    skel_map pos;     /* world rank + 1 -> position, built on first use */
    int identity;     /* members[i] == i: no lookup needed */
    uint32_t parent;  /* OTF2 reference, or OTF2_UNDEFINED_COMM */
    uint16_t flags;   /* SKEL_COMMF_CART, SKEL_COMMF_GRAPH */
    uint16_t created_by;
    uint32_t ndims;
    int32_t *dims, *periods;
    int self; /* MPI_COMM_SELF: members are "the rank itself" */
    /* Intercommunicators: members are group A, remote group B (A is the
     * group that sorts first, skel_group_before); a rank's peers are
     * numbered in the group it is not in. */
    int inter;
    uint32_t rsize;
    int32_t *remote;
    skel_map rpos;
};

struct o2_model {
    struct o2_gcomm *comms;
    uint32_t ncomms;
    size_t cap;
    uint32_t world, self; /* references of MPI_COMM_WORLD and MPI_COMM_SELF */
    uint32_t nranks;
};

/* The reference ref made known (zeroed) - growing the table - and returned. */
struct o2_gcomm *skel_otf2__gcomm_at(struct o2_model *m, uint32_t ref);
/* The position of world rank w in c (group A of an intercommunicator), or -1. */
int64_t skel_otf2__gcomm_position(struct o2_gcomm *c, int32_t w);
/* The rank world rank w has for world rank me in c - its position in c, or
 * in the group me is not in for an intercommunicator - or -1. */
int64_t skel_otf2__gcomm_peer_position(struct o2_gcomm *c, uint32_t me, int32_t w);
/* Whether world rank me is in c's members (group A of an intercommunicator). */
int skel_otf2__gcomm_in_a(const struct o2_gcomm *c, uint32_t me);
/* The world rank of c's rank r for world rank me (the inverse), or -1. */
int32_t skel_otf2__gcomm_peer_world(const struct o2_gcomm *c, uint32_t me, uint32_t r);

/* Parse skel::neighbors - "NIN NOUT" then NIN sources and NOUT destinations,
 * world ranks below nranks, separated by spaces - into *adj (grown, *cap its
 * capacity), *nin and *nout.  Untrusted text: a count beyond what the string
 * can hold, a rank out of range, a missing or extra number is SKEL_EFORMAT,
 * *nin and *nout left as they were. */
int skel_otf2__parse_neighbors(const char *s, uint32_t nranks, int32_t **adj, uint32_t *cap,
                               uint32_t *nin, uint32_t *nout);

/* Parse skel::group - "N" then N world ranks below nranks (the members of
 * the group of an MPI_Win_post or MPI_Win_start, in group order) - into
 * *ranks (grown, *cap its capacity) and *n, with the same checks. */
int skel_otf2__parse_group(const char *s, uint32_t nranks, int32_t **ranks, uint32_t *cap,
                           uint32_t *n);

/* A request as the importer knows it. */
struct o2_req {
    uint64_t id;
    uint16_t call;
    uint8_t klass;
    uint8_t persistent;
    uint32_t comm; /* local index */
    int32_t peer, tag, root;
    uint64_t bytes, rbytes;
    uint8_t op;
};

struct o2_thread {
    uint64_t prev_end;
    uint64_t pause; /* tracer time (OTF2 buffer flushes) since prev_end */
    int seen;
};

/* One rank as the importer sees it. */
struct o2_rank {
    uint32_t rank;
    int foreign;      /* not an archive of skel export: request ids are mapped */
    skel_map local;   /* OTF2 comm reference + 1 -> local index */
    uint32_t *global; /* local index -> OTF2 comm reference */
    uint32_t nlocal, caplocal;
    skel_map req_index; /* Skel request id -> slot in req[] */
    struct o2_req *req;
    uint32_t nreq, capreq;
    uint32_t *free_slots;
    uint32_t nfree, capfree;
    skel_map foreign_req; /* OTF2 request id -> Skel id (foreign archives) */
    uint64_t next_req;    /* the id the next request gets */
    struct o2_thread *threads;
    uint32_t nthreads, capthreads;
};

int skel_otf2__rank_init(struct o2_rank *rk, uint32_t rank, int foreign);
void skel_otf2__rank_free(struct o2_rank *rk);
void skel_otf2__model_free(struct o2_model *m);

/* The local index of communicator ref on rk, assigned (2, 3, ...) when it
 * is new (*created = 1); SKEL_COMM_NONE for OTF2_UNDEFINED_COMM. */
int skel_otf2__local_comm(struct o2_model *m, struct o2_rank *rk, uint32_t ref, uint32_t *local,
                          int *created);
/* The OTF2 reference of a local index, or OTF2_UNDEFINED_COMM. */
uint32_t skel_otf2__global_comm(const struct o2_model *m, const struct o2_rank *rk, uint32_t local);
const struct o2_req *skel_otf2__req_find(const struct o2_rank *rk, uint64_t id);

/* One call being built. */
struct o2_call {
    skel_event ev;
    int klass;
    skel_completion *comp;
    uint32_t ncomp, capcomp;
    uint64_t *reqs;
    uint32_t nreqs, capreqs;
    uint32_t newcomm_ref; /* OTF2 reference of a communicator created, or undefined */
};

void skel_otf2__call_free(struct o2_call *c);

/* What the records of one call give.  Ranks in records are ranks of the
 * record's communicator; the handlers translate them to world ranks and
 * fail (SKEL_EFORMAT, detail without position: the caller adds it) when
 * they are out of range. */
void skel_otf2__begin(struct o2_call *c, unsigned call, uint32_t thread, uint64_t t_start);
int skel_otf2__send(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                    uint32_t dst, uint32_t tag, uint64_t len, int nonblocking, uint64_t req);
int skel_otf2__irecv_request(struct o2_rank *rk, struct o2_call *c, uint64_t req);
int skel_otf2__recv(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                    uint32_t src, uint32_t tag, uint64_t len);
int skel_otf2__coll_end(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                        uint32_t root, uint64_t sent, uint64_t received);
int skel_otf2__nbc_request(struct o2_rank *rk, struct o2_call *c, uint64_t req);
int skel_otf2__cancelled(struct o2_rank *rk, struct o2_call *c, uint64_t req);
int skel_otf2__started(struct o2_rank *rk, struct o2_call *c, uint64_t req);
/* Completions: the new entry is returned in *out (valid until the next). */
int skel_otf2__completed(struct o2_rank *rk, struct o2_call *c, uint64_t req,
                         skel_completion **out);
int skel_otf2__irecv_complete(struct o2_model *m, struct o2_rank *rk, struct o2_call *c,
                              uint32_t comm, uint32_t src, uint32_t tag, uint64_t len, uint64_t req,
                              skel_completion **out);
int skel_otf2__comm_create(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                           int *created);
int skel_otf2__comm_destroy(struct o2_model *m, struct o2_rank *rk, struct o2_call *c,
                            uint32_t comm);
/* The defaults that need the whole call: the compute gap, the request a
 * request-making call without a record made. */
void skel_otf2__end(struct o2_rank *rk, struct o2_call *c, uint64_t t_end);
/* After the overrides: the rank's requests and the thread's time. */
int skel_otf2__commit(struct o2_rank *rk, struct o2_call *c);

/* One MPI record, as both sides see it: the exporter builds the list it
 * writes, the importer builds one from each record it reads, and both hand
 * it to skel_otf2__apply(). */
enum o2_rec_kind {
    O2_R_SEND,           /* MpiSend: comm, rank (receiver), tag, len */
    O2_R_ISEND,          /* MpiIsend: ... and req */
    O2_R_IRECV_REQUEST,  /* MpiIrecvRequest: req */
    O2_R_RECV,           /* MpiRecv: comm, rank (sender), tag, len */
    O2_R_IRECV,          /* MpiIrecv: comm, rank (sender), tag, len, req */
    O2_R_ISEND_COMPLETE, /* MpiIsendComplete: req */
    O2_R_NBC_REQUEST,    /* NonBlockingCollectiveRequest: req */
    O2_R_NBC_COMPLETE,   /* NonBlockingCollectiveComplete: op, comm, rank (root), len, len2, req */
    O2_R_COLL_BEGIN,     /* MpiCollectiveBegin */
    O2_R_COLL_END,       /* MpiCollectiveEnd: op, comm, rank (root), len (sent), len2 (received) */
    O2_R_CANCELLED,      /* MpiRequestCancelled: req */
    O2_R_STARTED,        /* ParameterUnsignedInt skel::request_started: req */
    O2_R_COMPLETED,      /* ParameterUnsignedInt skel::request_completed: req */
    O2_R_COMM_CREATE,    /* CommCreate: comm */
    O2_R_COMM_DESTROY,   /* CommDestroy: comm */
};

struct o2_rec {
    int kind;
    uint64_t time;
    uint32_t comm;
    uint32_t rank; /* in comm; OTF2_UNDEFINED_UINT32 for no root */
    uint32_t tag;
    uint64_t len, len2, req;
    int op;
};

/* Apply a record to the call: *comp gets the completion it added (or NULL),
 * *comm_created whether it made a communicator known on the rank. */
int skel_otf2__apply(struct o2_model *m, struct o2_rank *rk, struct o2_call *c,
                     const struct o2_rec *r, skel_completion **comp, int *comm_created);

/* Tracer time to leave out of the next compute gap of a thread. */
int skel_otf2__pause(struct o2_rank *rk, uint32_t thread, uint64_t ns);

/* ---- Small shared helpers ------------------------------------------------------ */

/* A table of byte-string keys to dense indices 0, 1, 2... (definitions
 * keyed by their content: strings, regions, call sites). */
struct o2_key {
    char *key; /* NUL-terminated copy */
    size_t len;
};
struct o2_ktab {
    skel_map map; /* hash -> index, probing on to the next hash on a collision */
    struct o2_key *keys;
    uint32_t n, cap;
};
/* The index of key (len bytes), added when new (*created = 1). */
int skel_otf2__ktab_get(struct o2_ktab *t, const void *key, size_t len, uint32_t *index,
                        int *created);
void skel_otf2__ktab_free(struct o2_ktab *t);

/* Archive properties hold one line of text: every byte outside
 * [A-Za-z0-9 ./_+=,:@%-] is written as \xHH.  skel_otf2__unescape() undoes it
 * (malloc'd result, NULL when out of memory or malformed). */
char *skel_otf2__escape(const char *s);
char *skel_otf2__unescape(const char *s);

/* libotf2 reports its errors through a callback: the latest message of
 * the calling thread (or the error code's description). */
void skel_otf2__errors_capture(void);
const char *skel_otf2__error_text(OTF2_ErrorCode code);

#endif
