/* otf2_model.c - what export and import share (otf2_model.h). */
#include "otf2_model.h"

#include "calls.h"
#include "error.h"
#include "grow.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    OTF2_Type type;
} attrs[O2_A__COUNT] = {
#define O2_X(id, name, type) {name, type},
    SKEL_O2_ATTRS(O2_X)
#undef O2_X
};

const char *skel_otf2__attr_name(int a)
{
    return a >= 0 && a < O2_A__COUNT ? attrs[a].name : "?";
}

OTF2_Type skel_otf2__attr_type(int a)
{
    return a >= 0 && a < O2_A__COUNT ? attrs[a].type : OTF2_TYPE_NONE;
}

const char *const skel_otf2__param_names[O2_P__COUNT] = {"skel::request_started",
                                                         "skel::request_completed"};

int skel_otf2__collective_op(int shape)
{
    switch (shape) {
    case SKEL_SHAPE_BARRIER:
        return OTF2_COLLECTIVE_OP_BARRIER;
    case SKEL_SHAPE_BCAST:
        return OTF2_COLLECTIVE_OP_BCAST;
    case SKEL_SHAPE_REDUCE:
        return OTF2_COLLECTIVE_OP_REDUCE;
    case SKEL_SHAPE_ALLREDUCE:
        return OTF2_COLLECTIVE_OP_ALLREDUCE;
    case SKEL_SHAPE_GATHER:
        return OTF2_COLLECTIVE_OP_GATHER;
    case SKEL_SHAPE_GATHERV:
        return OTF2_COLLECTIVE_OP_GATHERV;
    case SKEL_SHAPE_SCATTER:
        return OTF2_COLLECTIVE_OP_SCATTER;
    case SKEL_SHAPE_SCATTERV:
        return OTF2_COLLECTIVE_OP_SCATTERV;
    case SKEL_SHAPE_ALLGATHER:
        return OTF2_COLLECTIVE_OP_ALLGATHER;
    case SKEL_SHAPE_ALLGATHERV:
        return OTF2_COLLECTIVE_OP_ALLGATHERV;
    case SKEL_SHAPE_ALLTOALL:
        return OTF2_COLLECTIVE_OP_ALLTOALL;
    case SKEL_SHAPE_ALLTOALLV:
        return OTF2_COLLECTIVE_OP_ALLTOALLV;
    case SKEL_SHAPE_ALLTOALLW:
        return OTF2_COLLECTIVE_OP_ALLTOALLW;
    case SKEL_SHAPE_REDSCAT:
        return OTF2_COLLECTIVE_OP_REDUCE_SCATTER;
    case SKEL_SHAPE_REDSCATBLK:
        return OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK;
    case SKEL_SHAPE_SCAN:
        return OTF2_COLLECTIVE_OP_SCAN;
    case SKEL_SHAPE_EXSCAN:
        return OTF2_COLLECTIVE_OP_EXSCAN;
    default:
        return -1;
    }
}

OTF2_RegionRole skel_otf2__region_role(unsigned call)
{
    const struct skel_call_info *ci = skel_call_info(call);
    if (ci == NULL)
        return OTF2_REGION_ROLE_FUNCTION;
    switch (ci->category) {
    case SKEL_CATEGORY_P2P:
    case SKEL_CATEGORY_COMPLETION:
        return OTF2_REGION_ROLE_POINT2POINT;
    case SKEL_CATEGORY_IO:
        return OTF2_REGION_ROLE_FILE_IO;
    case SKEL_CATEGORY_RMA:
        return OTF2_REGION_ROLE_RMA;
    case SKEL_CATEGORY_COLLECTIVE:
        switch (ci->shape) {
        case SKEL_SHAPE_BARRIER:
            return OTF2_REGION_ROLE_BARRIER;
        case SKEL_SHAPE_BCAST:
        case SKEL_SHAPE_SCATTER:
        case SKEL_SHAPE_SCATTERV:
            return OTF2_REGION_ROLE_COLL_ONE2ALL;
        case SKEL_SHAPE_REDUCE:
        case SKEL_SHAPE_GATHER:
        case SKEL_SHAPE_GATHERV:
            return OTF2_REGION_ROLE_COLL_ALL2ONE;
        case SKEL_SHAPE_ALLREDUCE:
        case SKEL_SHAPE_ALLGATHER:
        case SKEL_SHAPE_ALLGATHERV:
        case SKEL_SHAPE_ALLTOALL:
        case SKEL_SHAPE_ALLTOALLV:
        case SKEL_SHAPE_ALLTOALLW:
        case SKEL_SHAPE_REDSCAT:
        case SKEL_SHAPE_REDSCATBLK:
            return OTF2_REGION_ROLE_COLL_ALL2ALL;
        default:
            return OTF2_REGION_ROLE_COLL_OTHER;
        }
    default:
        return OTF2_REGION_ROLE_FUNCTION;
    }
}

/* ---- Communicators ----------------------------------------------------------------- */

/* References are small dense numbers in every archive we know; a larger
 * one is refused rather than allocated. */
#define O2_MAX_COMM_REF (1u << 24)

struct o2_gcomm *skel_otf2__gcomm_at(struct o2_model *m, uint32_t ref)
{
    if (ref >= O2_MAX_COMM_REF) {
        skel_fail(SKEL_ERANGE, "communicator reference %u is beyond what Skel reads (%u)", ref,
                  O2_MAX_COMM_REF);
        return NULL;
    }
    if (ref >= m->ncomms) {
        if (skel_grow(&m->comms, &m->cap, (size_t)ref + 1, sizeof *m->comms) != SKEL_OK)
            return NULL;
        memset(m->comms + m->ncomms, 0, ((size_t)ref + 1 - m->ncomms) * sizeof *m->comms);
        for (uint32_t i = m->ncomms; i <= ref; i++)
            m->comms[i].parent = OTF2_UNDEFINED_COMM;
        m->ncomms = ref + 1;
    }
    return &m->comms[ref];
}

/* The position of w in a group, its index built on first use. */
static int64_t group_position(const int32_t *members, uint32_t n, skel_map *pos, int32_t w)
{
    if (w < 0)
        return -1;
    if (pos->live == 0 && n > 0) {
        for (uint32_t i = 0; i < n; i++)
            if (skel_map_put(pos, (uint64_t)members[i] + 1, i) != 0)
                return -1;
    }
    skel_map_slot *s = skel_map_find(pos, (uint64_t)w + 1);
    return s != NULL ? (int64_t)s->val : -1;
}

int64_t skel_otf2__gcomm_position(struct o2_gcomm *c, int32_t w)
{
    if (w < 0)
        return -1;
    if (c->identity)
        return (uint32_t)w < c->size ? w : -1;
    return group_position(c->members, c->size, &c->pos, w);
}

int64_t skel_otf2__gcomm_peer_position(struct o2_gcomm *c, uint32_t me, int32_t w)
{
    if (!c->inter)
        return skel_otf2__gcomm_position(c, w);
    if (me > INT32_MAX)
        return -1;
    if (skel_otf2__gcomm_position(c, (int32_t)me) >= 0)
        return group_position(c->remote, c->rsize, &c->rpos, w);
    return skel_otf2__gcomm_position(c, w);
}

int skel_otf2__gcomm_in_a(const struct o2_gcomm *c, uint32_t me)
{
    for (uint32_t i = 0; i < c->size; i++)
        if (c->members[i] == (int32_t)me)
            return 1;
    return 0;
}

int32_t skel_otf2__gcomm_peer_world(const struct o2_gcomm *c, uint32_t me, uint32_t r)
{
    const int32_t *g = c->members;
    uint32_t n = c->size;
    if (c->inter && skel_otf2__gcomm_in_a(c, me))
        g = c->remote, n = c->rsize;
    return r < n && g != NULL ? g[r] : -1;
}

/* One decimal number of s at *p (after spaces), or -1. */
static int64_t next_number(const char **p)
{
    const char *q = *p;
    while (*q == ' ')
        q++;
    if (*q < '0' || *q > '9')
        return -1;
    int64_t v = 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        v = v * 10 + (*q - '0');
        if (v > INT32_MAX)
            return -1;
    }
    *p = q;
    return v;
}

/* A list of world ranks: ncounts counts, then as many ranks as they add up
 * to; what names the attribute, one and many its elements in messages. */
static int parse_ranks(const char *what, const char *one, const char *many, const char *s,
                       int ncounts, uint32_t nranks, int32_t **out, uint32_t *cap, uint32_t *counts)
{
    const char *p = s;
    size_t len = strlen(s);
    int64_t v[2];
    uint64_t n = 0;
    for (int i = 0; i < ncounts; i++) {
        if ((v[i] = next_number(&p)) < 0 || (uint64_t)v[i] > len / 2)
            return skel_fail(SKEL_EFORMAT, "%s \"%.40s\": bad counts", what, s);
        n += (uint64_t)v[i];
    }
    if (skel_grow_u32(out, cap, n ? n : 1, sizeof **out) != SKEL_OK)
        return SKEL_ENOMEM;
    for (uint64_t i = 0; i < n; i++) {
        int64_t w = next_number(&p);
        if (w < 0 || (uint64_t)w >= nranks)
            return skel_fail(SKEL_EFORMAT,
                             "%s \"%.40s\": %s %" PRIu64 " is missing or not one of the %u ranks",
                             what, s, one, i, nranks);
        (*out)[i] = (int32_t)w;
    }
    if (*p != '\0')
        return skel_fail(SKEL_EFORMAT, "%s \"%.40s\": more than %" PRIu64 " %s", what, s, n, many);
    for (int i = 0; i < ncounts; i++)
        counts[i] = (uint32_t)v[i];
    return SKEL_OK;
}

int skel_otf2__parse_neighbors(const char *s, uint32_t nranks, int32_t **adj, uint32_t *cap,
                               uint32_t *nin, uint32_t *nout)
{
    uint32_t c[2] = {0, 0};
    int rc = parse_ranks("skel::neighbors", "neighbour", "neighbours", s, 2, nranks, adj, cap, c);
    if (rc == SKEL_OK) {
        *nin = c[0];
        *nout = c[1];
    }
    return rc;
}

int skel_otf2__parse_group(const char *s, uint32_t nranks, int32_t **ranks, uint32_t *cap,
                           uint32_t *n)
{
    return parse_ranks("skel::group", "member", "members", s, 1, nranks, ranks, cap, n);
}

void skel_otf2__model_free(struct o2_model *m)
{
    for (uint32_t i = 0; i < m->ncomms; i++) {
        free(m->comms[i].members);
        free(m->comms[i].dims);
        free(m->comms[i].periods);
        skel_map_free(&m->comms[i].pos);
        free(m->comms[i].remote);
        skel_map_free(&m->comms[i].rpos);
    }
    free(m->comms);
    memset(m, 0, sizeof *m);
}

int skel_otf2__rank_init(struct o2_rank *rk, uint32_t rank, int foreign)
{
    memset(rk, 0, sizeof *rk);
    rk->rank = rank;
    rk->foreign = foreign;
    rk->next_req = 1;
    rk->nlocal = 2; /* MPI_COMM_WORLD and MPI_COMM_SELF */
    if (skel_grow_u32(&rk->global, &rk->caplocal, 2, sizeof *rk->global) != SKEL_OK)
        return SKEL_ENOMEM;
    rk->global[0] = rk->global[1] = OTF2_UNDEFINED_COMM;
    return SKEL_OK;
}

void skel_otf2__rank_free(struct o2_rank *rk)
{
    skel_map_free(&rk->local);
    skel_map_free(&rk->req_index);
    skel_map_free(&rk->foreign_req);
    free(rk->global);
    free(rk->req);
    free(rk->free_slots);
    free(rk->threads);
    memset(rk, 0, sizeof *rk);
}

int skel_otf2__local_comm(struct o2_model *m, struct o2_rank *rk, uint32_t ref, uint32_t *local,
                          int *created)
{
    *created = 0;
    if (ref == OTF2_UNDEFINED_COMM) {
        *local = SKEL_COMM_NONE;
        return SKEL_OK;
    }
    if (ref == m->world || ref == m->self) {
        *local = ref == m->world ? SKEL_COMM_WORLD : SKEL_COMM_SELF;
        return SKEL_OK;
    }
    if (ref >= m->ncomms || !m->comms[ref].defined)
        return skel_fail(SKEL_EFORMAT, "communicator %u is not defined", ref);
    int fresh;
    skel_map_slot *s = skel_map_upsert(&rk->local, (uint64_t)ref + 1, &fresh);
    if (s == NULL)
        return skel_oom();
    if (fresh) {
        if (skel_grow_u32(&rk->global, &rk->caplocal, (uint64_t)rk->nlocal + 1,
                          sizeof *rk->global) != SKEL_OK) {
            skel_map_del_slot(&rk->local, s);
            return SKEL_ENOMEM;
        }
        s->val = rk->nlocal;
        rk->global[rk->nlocal++] = ref;
        *created = 1;
    }
    *local = s->val;
    return SKEL_OK;
}

uint32_t skel_otf2__global_comm(const struct o2_model *m, const struct o2_rank *rk, uint32_t local)
{
    if (local == SKEL_COMM_WORLD)
        return m->world;
    if (local == SKEL_COMM_SELF)
        return m->self;
    return local < rk->nlocal ? rk->global[local] : OTF2_UNDEFINED_COMM;
}

/* World rank of rank r of communicator ref on rk. */
static int world_of(struct o2_model *m, struct o2_rank *rk, uint32_t ref, uint32_t r, int32_t *w)
{
    if (ref == m->self) {
        if (r != 0)
            return skel_fail(SKEL_EFORMAT, "rank %u of MPI_COMM_SELF", r);
        *w = (int32_t)rk->rank;
        return SKEL_OK;
    }
    if (ref >= m->ncomms || !m->comms[ref].defined)
        return skel_fail(SKEL_EFORMAT, "communicator %u is not defined", ref);
    const struct o2_gcomm *c = &m->comms[ref];
    int32_t x = skel_otf2__gcomm_peer_world(c, rk->rank, r);
    if (x < 0)
        return skel_fail(SKEL_EFORMAT, "rank %u of communicator %u, which has %u members%s", r, ref,
                         c->inter ? c->size + c->rsize : c->size,
                         c->inter ? " in its two groups" : "");
    *w = x;
    return SKEL_OK;
}

/* ---- Requests -------------------------------------------------------------------------- */

const struct o2_req *skel_otf2__req_find(const struct o2_rank *rk, uint64_t id)
{
    skel_map_slot *s = skel_map_find(&rk->req_index, id);
    return s != NULL ? &rk->req[s->val] : NULL;
}

static void req_forget(struct o2_rank *rk, uint64_t id)
{
    skel_map_slot *s = skel_map_find(&rk->req_index, id);
    if (s == NULL)
        return;
    uint32_t slot = s->val;
    skel_map_del_slot(&rk->req_index, s);
    /* The free list has room: it never holds more than the slots there are. */
    rk->free_slots[rk->nfree++] = slot;
}

static int req_remember(struct o2_rank *rk, const struct o2_req *r)
{
    req_forget(rk, r->id);
    uint32_t slot;
    if (rk->nfree > 0) {
        slot = rk->free_slots[--rk->nfree];
    } else {
        if (skel_grow_u32(&rk->req, &rk->capreq, (uint64_t)rk->nreq + 1, sizeof *rk->req) !=
                SKEL_OK ||
            skel_grow_u32(&rk->free_slots, &rk->capfree, (uint64_t)rk->nreq + 1,
                          sizeof *rk->free_slots) != SKEL_OK)
            return SKEL_ENOMEM;
        slot = rk->nreq++;
    }
    rk->req[slot] = *r;
    if (skel_map_put(&rk->req_index, r->id, slot) != 0)
        return skel_oom();
    return SKEL_OK;
}

/* The Skel id of an OTF2 request id: the same in archives of skel export;
 * in others assigned in creation order (creating) or looked up (0 when
 * unknown). */
static int req_in(struct o2_rank *rk, uint64_t otf2_id, int creating, uint64_t *id)
{
    if (!rk->foreign) {
        *id = otf2_id;
        return SKEL_OK;
    }
    if (creating) {
        *id = rk->next_req;
        return skel_map_put(&rk->foreign_req, otf2_id, (uint32_t)(*id & 0xffffffffu)) == 0
                   ? SKEL_OK
                   : skel_oom();
    }
    /* Ids of foreign archives stay below 2^32 requests per rank. */
    skel_map_slot *s = skel_map_find(&rk->foreign_req, otf2_id);
    *id = s != NULL ? s->val : 0;
    return SKEL_OK;
}

/* ---- One call ------------------------------------------------------------------------------ */

void skel_otf2__call_free(struct o2_call *c)
{
    free(c->comp);
    free(c->reqs);
    memset(c, 0, sizeof *c);
}

void skel_otf2__begin(struct o2_call *c, unsigned call, uint32_t thread, uint64_t t_start)
{
    skel_event_init(&c->ev);
    c->ev.call = (uint16_t)call;
    c->ev.thread = thread;
    c->ev.t_start = t_start;
    const struct skel_call_info *ci = skel_call_info(call);
    c->klass = ci != NULL ? ci->klass : SKEL_CLASS_NONE;
    c->ncomp = 0;
    c->nreqs = 0;
    c->newcomm_ref = OTF2_UNDEFINED_COMM;
}

int skel_otf2__started(struct o2_rank *rk, struct o2_call *c, uint64_t req)
{
    uint64_t id;
    int rc = req_in(rk, req, 0, &id);
    if (rc != SKEL_OK)
        return rc;
    if (c->ev.call == SKEL_CALL_MPI_Start) {
        c->ev.req = id;
        return SKEL_OK;
    }
    if (skel_grow_u32(&c->reqs, &c->capreqs, (uint64_t)c->nreqs + 1, sizeof *c->reqs) != SKEL_OK)
        return SKEL_ENOMEM;
    c->reqs[c->nreqs++] = id;
    return SKEL_OK;
}

int skel_otf2__send(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                    uint32_t dst, uint32_t tag, uint64_t len, int nonblocking, uint64_t req)
{
    if (c->klass == SKEL_CLASS_START) /* a persistent send started */
        return skel_otf2__started(rk, c, req);
    int32_t w = 0;
    uint32_t local;
    int created, rc;
    if ((rc = world_of(m, rk, comm, dst, &w)) != SKEL_OK ||
        (rc = skel_otf2__local_comm(m, rk, comm, &local, &created)) != SKEL_OK)
        return rc;
    c->ev.comm = local;
    c->ev.peer = w;
    c->ev.tag = (int32_t)tag;
    c->ev.bytes = len;
    c->ev.count = (int64_t)len;
    c->ev.dtsize = 1;
    if (nonblocking)
        rc = req_in(rk, req, 1, &c->ev.req);
    return rc;
}

int skel_otf2__irecv_request(struct o2_rank *rk, struct o2_call *c, uint64_t req)
{
    if (c->klass == SKEL_CLASS_START)
        return skel_otf2__started(rk, c, req);
    return req_in(rk, req, 1, &c->ev.req);
}

int skel_otf2__recv(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                    uint32_t src, uint32_t tag, uint64_t len)
{
    int32_t w = 0;
    uint32_t local;
    int created, rc;
    if ((rc = world_of(m, rk, comm, src, &w)) != SKEL_OK ||
        (rc = skel_otf2__local_comm(m, rk, comm, &local, &created)) != SKEL_OK)
        return rc;
    c->ev.comm = local;
    c->ev.asrc = w;
    c->ev.atag = (int32_t)tag;
    c->ev.rbytes = len;
    if (c->klass == SKEL_CLASS_SENDRECV) {
        c->ev.peer2 = w;
        c->ev.tag2 = (int32_t)tag;
    } else {
        c->ev.peer = w;
        c->ev.tag = (int32_t)tag;
        c->ev.bytes = len;
        c->ev.count = (int64_t)len;
        c->ev.dtsize = 1;
    }
    return SKEL_OK;
}

int skel_otf2__coll_end(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                        uint32_t root, uint64_t sent, uint64_t received)
{
    uint32_t local;
    int created, rc = skel_otf2__local_comm(m, rk, comm, &local, &created);
    if (rc != SKEL_OK)
        return rc;
    c->ev.comm = local;
    if (root != OTF2_UNDEFINED_UINT32 && (rc = world_of(m, rk, comm, root, &c->ev.root)) != SKEL_OK)
        return rc;
    c->ev.bytes = sent;
    c->ev.rbytes = received;
    c->ev.count = (int64_t)(sent ? sent : received);
    c->ev.dtsize = 1;
    return SKEL_OK;
}

int skel_otf2__nbc_request(struct o2_rank *rk, struct o2_call *c, uint64_t req)
{
    return req_in(rk, req, 1, &c->ev.req);
}

int skel_otf2__cancelled(struct o2_rank *rk, struct o2_call *c, uint64_t req)
{
    return req_in(rk, req, 0, &c->ev.req);
}

static int is_recv_class(int k)
{
    return k == SKEL_CLASS_IRECV || k == SKEL_CLASS_RECV_INIT || k == SKEL_CLASS_IMRECV;
}

int skel_otf2__completed(struct o2_rank *rk, struct o2_call *c, uint64_t req, skel_completion **out)
{
    uint64_t id;
    int rc = req_in(rk, req, 0, &id);
    if (rc != SKEL_OK)
        return rc;
    if (skel_grow_u32(&c->comp, &c->capcomp, (uint64_t)c->ncomp + 1, sizeof *c->comp) != SKEL_OK)
        return SKEL_ENOMEM;
    const struct o2_req *r = skel_otf2__req_find(rk, id);
    skel_completion *p = &c->comp[c->ncomp];
    *p = (skel_completion){.req = id,
                           .call = r != NULL ? r->call : 0,
                           .index = c->ncomp > 0 ? c->comp[c->ncomp - 1].index + 1 : 0,
                           .src = SKEL_PEER_NONE,
                           .tag = SKEL_TAG_NONE,
                           .bytes = r != NULL ? r->bytes : 0};
    if (r != NULL && is_recv_class(r->klass)) {
        p->src = r->peer;
        p->tag = r->tag;
    }
    c->ncomp++;
    *out = p;
    return SKEL_OK;
}

int skel_otf2__irecv_complete(struct o2_model *m, struct o2_rank *rk, struct o2_call *c,
                              uint32_t comm, uint32_t src, uint32_t tag, uint64_t len, uint64_t req,
                              skel_completion **out)
{
    int32_t w = 0;
    int rc = world_of(m, rk, comm, src, &w);
    if (rc == SKEL_OK)
        rc = skel_otf2__completed(rk, c, req, out);
    if (rc != SKEL_OK)
        return rc;
    (*out)->src = w;
    (*out)->tag = (int32_t)tag;
    (*out)->bytes = len;
    return SKEL_OK;
}

int skel_otf2__comm_create(struct o2_model *m, struct o2_rank *rk, struct o2_call *c, uint32_t comm,
                           int *created)
{
    uint32_t local, parent;
    int fresh, rc = skel_otf2__local_comm(m, rk, comm, &local, created);
    if (rc != SKEL_OK)
        return rc;
    c->ev.newcomm = local;
    c->newcomm_ref = comm;
    uint32_t pref = comm < m->ncomms ? m->comms[comm].parent : OTF2_UNDEFINED_COMM;
    if (pref != OTF2_UNDEFINED_COMM) {
        if ((rc = skel_otf2__local_comm(m, rk, pref, &parent, &fresh)) != SKEL_OK)
            return rc;
        c->ev.comm = parent;
    }
    return SKEL_OK;
}

int skel_otf2__comm_destroy(struct o2_model *m, struct o2_rank *rk, struct o2_call *c,
                            uint32_t comm)
{
    int created;
    return skel_otf2__local_comm(m, rk, comm, &c->ev.comm, &created);
}

static struct o2_thread *thread_of(struct o2_rank *rk, uint32_t t)
{
    if (t >= rk->nthreads) {
        if (skel_grow_u32(&rk->threads, &rk->capthreads, (uint64_t)t + 1, sizeof *rk->threads) !=
            SKEL_OK)
            return NULL;
        memset(rk->threads + rk->nthreads, 0, (t + 1 - rk->nthreads) * sizeof *rk->threads);
        rk->nthreads = t + 1;
    }
    return &rk->threads[t];
}

int skel_otf2__pause(struct o2_rank *rk, uint32_t thread, uint64_t ns)
{
    struct o2_thread *th = thread_of(rk, thread);
    if (th == NULL)
        return SKEL_ENOMEM;
    th->pause += ns;
    return SKEL_OK;
}

void skel_otf2__end(struct o2_rank *rk, struct o2_call *c, uint64_t t_end)
{
    skel_event *ev = &c->ev;
    ev->t_end = t_end;
    struct o2_thread *th = ev->thread < rk->nthreads ? &rk->threads[ev->thread] : NULL;
    uint64_t gap = 0;
    if (th != NULL && th->seen && ev->t_start > th->prev_end)
        gap = ev->t_start - th->prev_end > th->pause ? ev->t_start - th->prev_end - th->pause : 0;
    ev->gap_wall = ev->gap_cpu = gap;
    if (ev->req == 0 && skel_call_creates_request(ev->call, c->klass))
        ev->req = rk->next_req;
    ev->ncomplete = c->ncomp;
    ev->complete = c->comp;
    ev->nreqs = c->nreqs;
    ev->reqs = c->reqs;
}

int skel_otf2__commit(struct o2_rank *rk, struct o2_call *c)
{
    const skel_event *ev = &c->ev;
    struct o2_thread *th = thread_of(rk, ev->thread);
    if (th == NULL)
        return SKEL_ENOMEM;
    th->prev_end = ev->t_end;
    th->pause = 0;
    th->seen = 1;
    int k = c->klass, rc;
    /* Every call that names a request and is not one that uses existing
     * requests made it (MPI_Comm_idup too). */
    if (ev->req != 0 && k != SKEL_CLASS_START && k != SKEL_CLASS_CANCEL &&
        k != SKEL_CLASS_REQFREE && k != SKEL_CLASS_WAIT) {
        struct o2_req r = {.id = ev->req,
                           .call = ev->call,
                           .klass = (uint8_t)k,
                           .persistent = k == SKEL_CLASS_SEND_INIT || k == SKEL_CLASS_RECV_INIT,
                           .comm = ev->comm,
                           .peer = ev->peer,
                           .tag = ev->tag,
                           .root = ev->root,
                           .bytes = ev->bytes,
                           .rbytes = ev->rbytes,
                           .op = ev->op};
        if ((rc = req_remember(rk, &r)) != SKEL_OK)
            return rc;
        if (ev->req >= rk->next_req)
            rk->next_req = ev->req + 1;
    }
    for (uint32_t i = 0; i < ev->ncomplete; i++) {
        const struct o2_req *r = skel_otf2__req_find(rk, ev->complete[i].req);
        if (r != NULL && !r->persistent)
            req_forget(rk, ev->complete[i].req);
    }
    if (k == SKEL_CLASS_REQFREE && ev->req != 0)
        req_forget(rk, ev->req);
    return SKEL_OK;
}

int skel_otf2__apply(struct o2_model *m, struct o2_rank *rk, struct o2_call *c,
                     const struct o2_rec *r, skel_completion **comp, int *comm_created)
{
    *comp = NULL;
    *comm_created = 0;
    switch (r->kind) {
    case O2_R_SEND:
    case O2_R_ISEND:
        return skel_otf2__send(m, rk, c, r->comm, r->rank, r->tag, r->len, r->kind == O2_R_ISEND,
                               r->req);
    case O2_R_IRECV_REQUEST:
        return skel_otf2__irecv_request(rk, c, r->req);
    case O2_R_RECV:
        return skel_otf2__recv(m, rk, c, r->comm, r->rank, r->tag, r->len);
    case O2_R_IRECV:
        return skel_otf2__irecv_complete(m, rk, c, r->comm, r->rank, r->tag, r->len, r->req, comp);
    case O2_R_ISEND_COMPLETE:
    case O2_R_NBC_COMPLETE:
    case O2_R_COMPLETED:
        return skel_otf2__completed(rk, c, r->req, comp);
    case O2_R_NBC_REQUEST:
        return skel_otf2__nbc_request(rk, c, r->req);
    case O2_R_COLL_BEGIN:
        return SKEL_OK;
    case O2_R_COLL_END:
        return skel_otf2__coll_end(m, rk, c, r->comm, r->rank, r->len, r->len2);
    case O2_R_CANCELLED:
        return skel_otf2__cancelled(rk, c, r->req);
    case O2_R_STARTED:
        return skel_otf2__started(rk, c, r->req);
    case O2_R_COMM_CREATE:
        return skel_otf2__comm_create(m, rk, c, r->comm, comm_created);
    case O2_R_COMM_DESTROY:
        return skel_otf2__comm_destroy(m, rk, c, r->comm);
    default:
        return skel_fail(SKEL_EINTERNAL, "unknown OTF2 record kind %d", r->kind);
    }
}

/* ---- Small shared helpers ------------------------------------------------------ */

static uint64_t hash_bytes(const void *p, size_t n)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
    return skel_mix64(h);
}

int skel_otf2__ktab_get(struct o2_ktab *t, const void *key, size_t len, uint32_t *index,
                        int *created)
{
    *created = 0;
    for (uint64_t h = hash_bytes(key, len);; h = skel_mix64(h + 1)) {
        int fresh;
        skel_map_slot *s = skel_map_upsert(&t->map, h, &fresh);
        if (s == NULL)
            return skel_oom();
        if (!fresh) {
            const struct o2_key *k = &t->keys[s->val];
            if (k->len == len && memcmp(k->key, key, len) == 0) {
                *index = s->val;
                return SKEL_OK;
            }
            continue; /* another key with this hash: probe the next one */
        }
        char *copy = malloc(len + 1);
        if (copy == NULL ||
            skel_grow_u32(&t->keys, &t->cap, (uint64_t)t->n + 1, sizeof *t->keys) != SKEL_OK) {
            free(copy);
            skel_map_del_slot(&t->map, s);
            return skel_oom();
        }
        memcpy(copy, key, len);
        copy[len] = '\0';
        t->keys[t->n] = (struct o2_key){copy, len};
        s->val = t->n;
        *index = t->n++;
        *created = 1;
        return SKEL_OK;
    }
}

void skel_otf2__ktab_free(struct o2_ktab *t)
{
    for (uint32_t i = 0; i < t->n; i++)
        free(t->keys[i].key);
    free(t->keys);
    skel_map_free(&t->map);
    memset(t, 0, sizeof *t);
}

static int plain(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != 0 && strchr(" ./_+=,:@%-", c) != NULL);
}

char *skel_otf2__escape(const char *s)
{
    size_t n = 1;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
        n += plain(*p) ? 1 : 4;
    char *out = malloc(n), *o = out;
    if (out == NULL)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (plain(*p))
            *o++ = (char)*p;
        else
            o += sprintf(o, "\\x%02x", *p);
    }
    *o = '\0';
    return out;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

char *skel_otf2__unescape(const char *s)
{
    char *out = malloc(strlen(s) + 1), *o = out;
    if (out == NULL)
        return NULL;
    for (const char *p = s; *p;) {
        if (*p != '\\') {
            *o++ = *p++;
            continue;
        }
        int hi = p[1] == 'x' ? hexval(p[2]) : -1, lo = hi >= 0 ? hexval(p[3]) : -1;
        if (lo < 0 || (hi == 0 && lo == 0)) {
            free(out);
            return NULL;
        }
        *o++ = (char)(hi * 16 + lo);
        p += 4;
    }
    *o = '\0';
    return out;
}

static _Thread_local char otf2_message[512];

static OTF2_ErrorCode on_otf2_error(void *user, const char *file, uint64_t line,
                                    const char *function, OTF2_ErrorCode code, const char *fmt,
                                    va_list ap)
{
    (void)user;
    (void)file;
    (void)line;
    (void)function;
    char msg[400] = "";
    /* The format is libotf2's own, with the arguments it passes for it. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    if (fmt != NULL)
        vsnprintf(msg, sizeof msg, fmt, ap);
#pragma GCC diagnostic pop
    snprintf(otf2_message, sizeof otf2_message, "%s%s%s", OTF2_Error_GetDescription(code),
             msg[0] ? ": " : "", msg);
    return code;
}

void skel_otf2__errors_capture(void)
{
    otf2_message[0] = '\0';
    OTF2_Error_RegisterCallback(on_otf2_error, NULL);
}

const char *skel_otf2__error_text(OTF2_ErrorCode code)
{
    return otf2_message[0] != '\0' ? otf2_message : OTF2_Error_GetDescription(code);
}
