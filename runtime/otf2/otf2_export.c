/* otf2_export.c - a Skel trace written as an OTF2 archive (otf2.h,
 * docs/otf2.md).
 *
 * One rank after the other is read and its events written to the event
 * files of its locations (one per thread); the definitions they refer to
 * are collected on the way and written at the end, strings first.  Every
 * event is Enter, its MPI records, Leave; the attributes each carries are
 * what otf2_model.h derives differently from the real event.
 */
#include "otf2.h"
#include "otf2_model.h"

#include "calls.h"
#include "error.h"
#include "grow.h"
#include "tree.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct region {
    uint32_t name, canonical, desc, file;
    OTF2_RegionRole role;
    OTF2_Paradigm paradigm;
};

/* A call site: a calling context of its function's region. */
struct site {
    uint32_t region, scl;
    uint32_t module, func, file; /* strings; func/file 0 ("") when unknown */
    uint32_t line;
    uint64_t offset;
    uint8_t fortran;
};

struct scl {
    uint32_t file, line;
};

struct loc {
    uint64_t id;
    uint32_t rank, thread;
    uint64_t nevents;
};

/* What a rank says about itself, for its location group's properties. */
struct rank_info {
    uint32_t host; /* system tree node */
    skel_rank_info info;
    uint32_t host_str, mpi_str, tracer_str;
    int have_end;
    skel_rank_end end;
    int truncated, signal, abort_code;
    uint64_t meta_overhead, meta_events, meta_call_ns;
    uint32_t sites; /* string: the rank's call sites, in its own order, as calling contexts */
};

struct exporter {
    const skel_trace *t;
    OTF2_Archive *ar;
    OTF2_AttributeList *attrs;
    struct o2_model m;
    struct o2_ktab strings;  /* reference = index; 0 is "" */
    struct o2_ktab fregions; /* call-site functions: key "name\0file" -> fregion_ref[] */
    uint32_t *fregion_ref;
    uint32_t capfregion;
    struct region *regions;
    uint32_t nregions, capregions;
    uint32_t call_region[SKEL_CALL_LIMIT]; /* region + 1, 0: none yet */
    struct o2_ktab site_keys;              /* "module\0offset" -> index in sites */
    struct site *sites;
    uint32_t nsites, capsites;
    struct o2_ktab scl_keys; /* "file\0line" */
    struct scl *scls;
    uint32_t nscls, capscls;
    struct o2_ktab hosts; /* host name -> system tree node - 1 */
    skel_map gid_ref;     /* communicator gid + 1 -> OTF2 reference */
    struct loc *locs;
    uint32_t nlocs, caplocs;
    struct rank_info *ranks;
    uint32_t nranks;
    uint64_t tmin, tmax;
    int (*cancelled)(void);
    struct skel_otf2_export_stats st;
};

static int otf2_fail(OTF2_ErrorCode code, const char *what)
{
    return skel_fail(SKEL_EIO, "writing the OTF2 archive: %s: %s", what,
                     skel_otf2__error_text(code));
}

static int str_ref(struct exporter *x, const char *s, uint32_t *ref)
{
    int created;
    s = s != NULL ? s : "";
    return skel_otf2__ktab_get(&x->strings, s, strlen(s), ref, &created);
}

/* ---- Regions, call sites -------------------------------------------------------- */

static int add_region(struct exporter *x, const struct region *r, uint32_t *ref)
{
    if (skel_grow_u32(&x->regions, &x->capregions, (uint64_t)x->nregions + 1, sizeof *x->regions) !=
        SKEL_OK)
        return SKEL_ENOMEM;
    x->regions[x->nregions] = *r;
    *ref = x->nregions++;
    return SKEL_OK;
}

static int call_region(struct exporter *x, unsigned call, uint32_t *ref)
{
    if (call >= SKEL_CALL_LIMIT)
        return skel_fail(SKEL_EFORMAT, "unknown MPI call id %u", call);
    if (x->call_region[call] == 0) {
        struct region r = {.role = skel_otf2__region_role(call), .paradigm = OTF2_PARADIGM_MPI};
        int rc;
        if ((rc = str_ref(x, skel_call_name(call), &r.name)) != SKEL_OK ||
            (rc = add_region(x, &r, ref)) != SKEL_OK)
            return rc;
        x->regions[*ref].canonical = r.name;
        x->call_region[call] = *ref + 1;
    }
    *ref = x->call_region[call] - 1;
    return SKEL_OK;
}

static int scl_ref(struct exporter *x, const char *file, uint32_t line, uint32_t *ref)
{
    char key[4200];
    int n = snprintf(key, sizeof key, "%s%c%u", file, 0, line), created, rc;
    if (n < 0 || (size_t)n >= sizeof key)
        n = (int)sizeof key - 1;
    if ((rc = skel_otf2__ktab_get(&x->scl_keys, key, (size_t)n, ref, &created)) != SKEL_OK ||
        !created)
        return rc;
    struct scl s = {.line = line};
    if ((rc = str_ref(x, file, &s.file)) != SKEL_OK ||
        skel_grow_u32(&x->scls, &x->capscls, (uint64_t)x->nscls + 1, sizeof *x->scls) != SKEL_OK)
        return rc != SKEL_OK ? rc : SKEL_ENOMEM;
    x->scls[x->nscls++] = s;
    return SKEL_OK;
}

/* The region of a call-site function (label: its name, or module+offset). */
static int function_region(struct exporter *x, const char *label, const char *file, uint32_t *ref)
{
    char key[1200];
    int n = snprintf(key, sizeof key, "%s%c%s", label, 0, file), created, rc;
    if (n < 0 || (size_t)n >= sizeof key)
        n = (int)sizeof key - 1;
    uint32_t i;
    if ((rc = skel_otf2__ktab_get(&x->fregions, key, (size_t)n, &i, &created)) != SKEL_OK)
        return rc;
    if (created) {
        struct region reg = {.role = OTF2_REGION_ROLE_FUNCTION, .paradigm = OTF2_PARADIGM_USER};
        uint32_t gref;
        if ((rc = str_ref(x, label, &reg.name)) != SKEL_OK ||
            (rc = str_ref(x, file, &reg.file)) != SKEL_OK ||
            (rc = add_region(x, &reg, &gref)) != SKEL_OK)
            return rc;
        x->regions[gref].canonical = reg.name;
        if (skel_grow_u32(&x->fregion_ref, &x->capfregion, (uint64_t)i + 1,
                          sizeof *x->fregion_ref) != SKEL_OK)
            return SKEL_ENOMEM;
        x->fregion_ref[i] = gref;
    }
    *ref = x->fregion_ref[i];
    return SKEL_OK;
}

/* The calling context of site `index` of reader r, keyed like compress keys
 * sites (module and offset), with the function, file and line `skel trace`
 * resolved (what compress uses), else those the rank recorded. */
static int site_ref(struct exporter *x, const skel_rank_reader *r, uint32_t index, uint32_t *ref,
                    int *have)
{
    *have = 0;
    const skel_site *s = skel_rank_site(r, index);
    if (s == NULL)
        return SKEL_OK;
    const skel_module *mod = s->module != SKEL_COMM_NONE ? skel_rank_module(r, s->module) : NULL;
    const char *path = mod != NULL && mod->path != NULL ? mod->path : "";
    char key[4200];
    int n = snprintf(key, sizeof key, "%s%c%" PRIx64, path, 0, s->offset), created, rc;
    if (n < 0 || (size_t)n >= sizeof key)
        n = (int)sizeof key - 1;
    if ((rc = skel_otf2__ktab_get(&x->site_keys, key, (size_t)n, ref, &created)) != SKEL_OK)
        return rc;
    *have = 1;
    if (!created)
        return SKEL_OK;
    const skel_meta_site *ms = skel_trace_site_at(x->t, path, s->offset);
    const char *func = ms != NULL && ms->func[0] ? ms->func : s->func ? s->func : "";
    const char *file = ms != NULL ? ms->file : s->file ? s->file : "";
    uint32_t line = ms != NULL ? ms->line : s->line;
    struct site st = {.offset = s->offset,
                      .line = line,
                      .fortran = s->fortran,
                      .scl = OTF2_UNDEFINED_SOURCE_CODE_LOCATION};
    char label[512];
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    if (func[0])
        snprintf(label, sizeof label, "%s", func);
    else
        snprintf(label, sizeof label, "%s+0x%" PRIx64, base, s->offset);
    if ((rc = function_region(x, label, file, &st.region)) != SKEL_OK ||
        (rc = str_ref(x, path, &st.module)) != SKEL_OK ||
        (rc = str_ref(x, func, &st.func)) != SKEL_OK ||
        (rc = str_ref(x, file, &st.file)) != SKEL_OK)
        return rc;
    if (file[0] && (rc = scl_ref(x, file, line, &st.scl)) != SKEL_OK)
        return rc;
    if (skel_grow_u32(&x->sites, &x->capsites, (uint64_t)x->nsites + 1, sizeof *x->sites) !=
        SKEL_OK)
        return SKEL_ENOMEM;
    x->sites[x->nsites++] = st;
    return SKEL_OK;
}

/* ---- Communicators ------------------------------------------------------------------ */

/* The OTF2 reference of a rank's communicator record, defined (from the
 * record: its members, parent, topology) the first time its gid is met.
 * orig[] maps the rank's own indices to references so far. */
static int comm_ref(struct exporter *x, const skel_comm *c, const uint32_t *orig, uint32_t norig,
                    uint32_t *ref)
{
    skel_map_slot *s = skel_map_find(&x->gid_ref, c->gid + 1);
    if (s != NULL) {
        *ref = s->val;
        return SKEL_OK;
    }
    uint32_t r = x->m.ncomms;
    struct o2_gcomm *g = skel_otf2__gcomm_at(&x->m, r);
    if (g == NULL || skel_map_put(&x->gid_ref, c->gid + 1, r) != 0)
        return g == NULL ? SKEL_ENOMEM : skel_oom();
    g->defined = 1;
    g->gid = c->gid;
    g->size = c->size;
    g->flags = c->flags & (SKEL_COMMF_CART | SKEL_COMMF_GRAPH);
    g->created_by = c->created_by;
    g->parent = c->parent < norig ? orig[c->parent] : OTF2_UNDEFINED_COMM;
    /* An intercommunicator, one definition for both sides (they give it
     * the same gid): its groups in the order both agree on. */
    const int32_t *ga = c->members, *gb = c->remote;
    uint32_t na = c->size, nb = c->remote_size;
    if (c->flags & SKEL_COMMF_INTER) {
        if (skel_group_before(gb, nb, ga, na)) {
            ga = c->remote, gb = c->members;
            na = c->remote_size, nb = c->size;
        }
        g->inter = 1;
        g->parent = OTF2_UNDEFINED_COMM; /* each side's local communicator */
        g->rsize = nb;
        g->remote = malloc((nb ? nb : 1) * sizeof *g->remote);
        if (g->remote == NULL)
            return skel_oom();
        if (nb > 0)
            memcpy(g->remote, gb, nb * sizeof *gb);
    }
    g->size = na;
    g->members = malloc((na ? na : 1) * sizeof *g->members);
    if (g->members == NULL)
        return skel_oom();
    g->identity = !g->inter;
    for (uint32_t i = 0; i < na; i++) {
        g->members[i] = ga[i];
        g->identity &= ga[i] == (int32_t)i;
    }
    if ((c->flags & SKEL_COMMF_CART) && c->ndims > 0) {
        g->ndims = c->ndims;
        g->dims = malloc(c->ndims * sizeof *g->dims);
        g->periods = malloc(c->ndims * sizeof *g->periods);
        if (g->dims == NULL || g->periods == NULL)
            return skel_oom();
        memcpy(g->dims, c->dims, c->ndims * sizeof *g->dims);
        memcpy(g->periods, c->periods, c->ndims * sizeof *g->periods);
    }
    *ref = r;
    return SKEL_OK;
}

/* ---- One rank ---------------------------------------------------------------------- */

struct rank_export {
    struct exporter *x;
    uint32_t rank;
    skel_rank_reader *r;
    int64_t offset; /* rank clock - rank 0's clock */
    struct o2_rank rk;
    uint32_t *orig; /* the rank's communicator index -> OTF2 reference */
    uint32_t norig, caporig;
    uint8_t *announced; /* objects whose kind and name were written */
    uint32_t capannounced;
    OTF2_EvtWriter **writers; /* per thread */
    uint32_t nwriters, capwriters;
    struct o2_rec *recs;
    uint32_t nrecs, caprecs;
    struct o2_call sim, fin;
};

static uint64_t gtime(const struct rank_export *e, uint64_t t)
{
    return (uint64_t)((int64_t)t - e->offset);
}

/* New communicator records of the reader become OTF2 communicators. */
static int sync_comms(struct rank_export *e)
{
    uint32_t n = skel_rank_ncomms(e->r);
    for (uint32_t i = e->norig; i < n; i++) {
        if (skel_grow_u32(&e->orig, &e->caporig, (uint64_t)i + 1, sizeof *e->orig) != SKEL_OK)
            return SKEL_ENOMEM;
        const skel_comm *c = skel_rank_comm(e->r, i);
        int rc;
        if (i == SKEL_COMM_WORLD || i == SKEL_COMM_SELF)
            e->orig[i] = i == SKEL_COMM_WORLD ? e->x->m.world : e->x->m.self;
        else if (c == NULL)
            e->orig[i] = OTF2_UNDEFINED_COMM;
        else if ((rc = comm_ref(e->x, c, e->orig, i, &e->orig[i])) != SKEL_OK)
            return rc;
        e->norig = i + 1;
    }
    return SKEL_OK;
}

static uint32_t orig_ref(const struct rank_export *e, uint32_t local)
{
    if (local == SKEL_COMM_WORLD)
        return e->x->m.world;
    if (local == SKEL_COMM_SELF)
        return e->x->m.self;
    return local < e->norig ? e->orig[local] : OTF2_UNDEFINED_COMM;
}

/* The rank of world rank w in communicator ref, or -1. */
static int64_t comm_rank(struct rank_export *e, uint32_t ref, int32_t w)
{
    if (ref == e->x->m.self)
        return w == (int32_t)e->rank ? 0 : -1;
    if (ref >= e->x->m.ncomms || !e->x->m.comms[ref].defined)
        return -1;
    return skel_otf2__gcomm_peer_position(&e->x->m.comms[ref], e->rank, w);
}

static int add_rec(struct rank_export *e, const struct o2_rec *r)
{
    if (skel_grow_u32(&e->recs, &e->caprecs, (uint64_t)e->nrecs + 1, sizeof *e->recs) != SKEL_OK)
        return SKEL_ENOMEM;
    e->recs[e->nrecs++] = *r;
    return SKEL_OK;
}

static int is_recv_class(int k)
{
    return k == SKEL_CLASS_IRECV || k == SKEL_CLASS_RECV_INIT || k == SKEL_CLASS_IMRECV;
}

/* The records of a started persistent request. */
static int started_rec(struct rank_export *e, uint64_t id, uint64_t t0)
{
    const struct o2_req *q = skel_otf2__req_find(&e->rk, id);
    struct o2_rec r = {.kind = O2_R_STARTED, .time = t0, .req = id};
    if (q != NULL && q->klass == SKEL_CLASS_SEND_INIT) {
        uint32_t ref = skel_otf2__global_comm(&e->x->m, &e->rk, q->comm);
        int64_t dst = comm_rank(e, ref, q->peer);
        if (dst >= 0)
            r = (struct o2_rec){.kind = O2_R_ISEND,
                                .time = t0,
                                .comm = ref,
                                .rank = (uint32_t)dst,
                                .tag = (uint32_t)q->tag,
                                .len = q->bytes,
                                .req = id};
    } else if (q != NULL && q->klass == SKEL_CLASS_RECV_INIT && q->peer != SKEL_PEER_NULL) {
        r.kind = O2_R_IRECV_REQUEST;
    }
    return add_rec(e, &r);
}

/* The record completing request c (at t1). */
static int completion_rec(struct rank_export *e, const skel_completion *c, uint64_t t1)
{
    const struct o2_req *q = skel_otf2__req_find(&e->rk, c->req);
    struct o2_rec r = {.kind = O2_R_COMPLETED, .time = t1, .req = c->req};
    if (q != NULL && is_recv_class(q->klass) && c->src >= 0 && !(c->flags & SKEL_EVF_CANCELLED) &&
        q->peer != SKEL_PEER_NULL) {
        uint32_t ref = skel_otf2__global_comm(&e->x->m, &e->rk, q->comm);
        int64_t src = comm_rank(e, ref, c->src);
        if (src >= 0 && c->tag >= 0)
            r = (struct o2_rec){.kind = O2_R_IRECV,
                                .time = t1,
                                .comm = ref,
                                .rank = (uint32_t)src,
                                .tag = (uint32_t)c->tag,
                                .len = c->bytes,
                                .req = c->req};
    } else if (q != NULL && (q->klass == SKEL_CLASS_ISEND || q->klass == SKEL_CLASS_SEND_INIT) &&
               q->peer >= 0) {
        r.kind = O2_R_ISEND_COMPLETE;
    } else if (q != NULL && q->klass == SKEL_CLASS_ICOLL) {
        const struct skel_call_info *ci = skel_call_info(q->call);
        int op = ci != NULL ? skel_otf2__collective_op(ci->shape) : -1;
        uint32_t ref = skel_otf2__global_comm(&e->x->m, &e->rk, q->comm);
        int64_t root = q->root >= 0 ? comm_rank(e, ref, q->root) : -1;
        if (op >= 0 && ref != OTF2_UNDEFINED_COMM)
            r = (struct o2_rec){.kind = O2_R_NBC_COMPLETE,
                                .time = t1,
                                .op = op,
                                .comm = ref,
                                .rank = root >= 0 ? (uint32_t)root : OTF2_UNDEFINED_UINT32,
                                .len = q->bytes,
                                .len2 = q->rbytes,
                                .req = c->req};
    }
    return add_rec(e, &r);
}

/* The MPI records of ev (times already in rank 0's clock). */
static int build_records(struct rank_export *e, const skel_event *ev, uint64_t t0, uint64_t t1)
{
    const struct skel_call_info *ci = skel_call_info(ev->call);
    int k = ci != NULL ? ci->klass : SKEL_CLASS_NONE, rc = SKEL_OK;
    uint32_t ref = orig_ref(e, ev->comm);
    e->nrecs = 0;
    int64_t peer = ev->peer >= 0 ? comm_rank(e, ref, ev->peer) : -1;
    int64_t asrc = ev->asrc >= 0 ? comm_rank(e, ref, ev->asrc) : -1;
    switch (k) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
    case SKEL_CLASS_SENDRECV:
        if (peer >= 0 && ev->tag >= 0)
            rc = add_rec(e, &(struct o2_rec){.kind = k == SKEL_CLASS_ISEND ? O2_R_ISEND : O2_R_SEND,
                                             .time = t0,
                                             .comm = ref,
                                             .rank = (uint32_t)peer,
                                             .tag = (uint32_t)ev->tag,
                                             .len = ev->bytes,
                                             .req = ev->req});
        if (rc == SKEL_OK && k == SKEL_CLASS_SENDRECV && asrc >= 0 && ev->atag >= 0)
            rc = add_rec(e, &(struct o2_rec){.kind = O2_R_RECV,
                                             .time = t1,
                                             .comm = ref,
                                             .rank = (uint32_t)asrc,
                                             .tag = (uint32_t)ev->atag,
                                             .len = ev->rbytes});
        break;
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_MRECV:
        if (asrc >= 0 && ev->atag >= 0)
            rc = add_rec(e, &(struct o2_rec){.kind = O2_R_RECV,
                                             .time = t1,
                                             .comm = ref,
                                             .rank = (uint32_t)asrc,
                                             .tag = (uint32_t)ev->atag,
                                             .len = ev->rbytes});
        break;
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_IMRECV:
        if (ev->peer != SKEL_PEER_NULL && ev->req != 0)
            rc = add_rec(e,
                         &(struct o2_rec){.kind = O2_R_IRECV_REQUEST, .time = t0, .req = ev->req});
        break;
    case SKEL_CLASS_START:
        if (ev->call == SKEL_CALL_MPI_Start && ev->req != 0)
            rc = started_rec(e, ev->req, t0);
        for (uint32_t i = 0; rc == SKEL_OK && ev->call != SKEL_CALL_MPI_Start && i < ev->nreqs; i++)
            rc = started_rec(e, ev->reqs[i], t0);
        break;
    case SKEL_CLASS_CANCEL:
        if (ev->req != 0)
            rc = add_rec(e, &(struct o2_rec){.kind = O2_R_CANCELLED, .time = t0, .req = ev->req});
        break;
    case SKEL_CLASS_COLL:
    case SKEL_CLASS_ICOLL: {
        int op = ci != NULL ? skel_otf2__collective_op(ci->shape) : -1;
        if (op < 0 || ref == OTF2_UNDEFINED_COMM)
            break;
        if (k == SKEL_CLASS_ICOLL) {
            if (ev->req != 0)
                rc = add_rec(
                    e, &(struct o2_rec){.kind = O2_R_NBC_REQUEST, .time = t0, .req = ev->req});
            break;
        }
        int64_t root = ci->rooted && ev->root >= 0 ? comm_rank(e, ref, ev->root) : -1;
        rc = add_rec(e, &(struct o2_rec){.kind = O2_R_COLL_BEGIN, .time = t0});
        if (rc == SKEL_OK)
            rc = add_rec(
                e, &(struct o2_rec){.kind = O2_R_COLL_END,
                                    .time = t1,
                                    .op = op,
                                    .comm = ref,
                                    .rank = root >= 0 ? (uint32_t)root : OTF2_UNDEFINED_UINT32,
                                    .len = ev->bytes,
                                    .len2 = ev->rbytes});
        break;
    }
    case SKEL_CLASS_COMMFREE:
        if (ref != OTF2_UNDEFINED_COMM && ref != e->x->m.world && ref != e->x->m.self)
            rc = add_rec(e, &(struct o2_rec){.kind = O2_R_COMM_DESTROY, .time = t0, .comm = ref});
        break;
    default:
        break;
    }
    for (uint32_t i = 0; rc == SKEL_OK && i < ev->ncomplete; i++)
        rc = completion_rec(e, &ev->complete[i], t1);
    uint32_t nref = orig_ref(e, ev->newcomm);
    if (rc == SKEL_OK && ev->newcomm != SKEL_COMM_NONE && nref != OTF2_UNDEFINED_COMM &&
        nref != e->x->m.world && nref != e->x->m.self)
        rc = add_rec(e, &(struct o2_rec){.kind = O2_R_COMM_CREATE, .time = t1, .comm = nref});
    return rc;
}

/* ---- Attributes -------------------------------------------------------------------- */

static int add_attr(OTF2_AttributeList *l, int a, uint64_t v)
{
    OTF2_AttributeValue val;
    memset(&val, 0, sizeof val);
    switch (skel_otf2__attr_type(a)) {
    case OTF2_TYPE_UINT8:
        val.uint8 = (uint8_t)v;
        break;
    case OTF2_TYPE_UINT16:
        val.uint16 = (uint16_t)v;
        break;
    case OTF2_TYPE_UINT32:
        val.uint32 = (uint32_t)v;
        break;
    case OTF2_TYPE_INT32:
        val.int32 = (int32_t)v;
        break;
    case OTF2_TYPE_INT64:
        val.int64 = (int64_t)v;
        break;
    case OTF2_TYPE_COMM:
        val.commRef = (OTF2_CommRef)v;
        break;
    case OTF2_TYPE_STRING:
        val.stringRef = (OTF2_StringRef)v;
        break;
    case OTF2_TYPE_CALLING_CONTEXT:
        val.callingContextRef = (OTF2_CallingContextRef)v;
        break;
    case OTF2_TYPE_SOURCE_CODE_LOCATION:
        val.sourceCodeLocationRef = (OTF2_SourceCodeLocationRef)v;
        break;
    default:
        val.uint64 = v;
        break;
    }
    OTF2_ErrorCode e =
        OTF2_AttributeList_AddAttribute(l, (OTF2_AttributeRef)a, skel_otf2__attr_type(a), val);
    return e == OTF2_SUCCESS ? SKEL_OK : otf2_fail(e, "an attribute");
}

/* The rank's neighbours in the graph communicator it made (its own lists:
 * each rank has others), as skel::neighbors "NIN NOUT in... out..." (world
 * ranks), on the CommCreate record. */
static int neighbor_attr(struct rank_export *e, uint32_t newcomm, OTF2_AttributeList *l)
{
    const skel_comm *c = skel_rank_comm(e->r, newcomm);
    if (c == NULL || !(c->flags & SKEL_COMMF_ADJ))
        return SKEL_OK;
    size_t n = (size_t)c->nin + c->nout, cap = 24 + 12 * n, len = 0;
    char *buf = malloc(cap);
    if (buf == NULL)
        return skel_oom();
    len += (size_t)snprintf(buf, cap, "%u %u", c->nin, c->nout);
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, " %d",
                                i < c->nin ? c->in[i] : c->out[i - c->nin]);
    uint32_t ref;
    int rc = str_ref(e->x, buf, &ref);
    free(buf);
    return rc == SKEL_OK ? add_attr(l, O2_A_NEIGHBORS, ref) : rc;
}

/* The group of an MPI_Win_post or MPI_Win_start, as skel::group "N
 * members..." (world ranks, in group order). */
static int group_attr(struct rank_export *e, const skel_event *f, OTF2_AttributeList *l)
{
    size_t cap = 16 + 12 * (size_t)f->ngroup, len = 0;
    char *buf = malloc(cap);
    if (buf == NULL)
        return skel_oom();
    len += (size_t)snprintf(buf, cap, "%u", f->ngroup);
    for (uint32_t i = 0; i < f->ngroup; i++)
        len += (size_t)snprintf(buf + len, cap - len, " %d", f->group[i]);
    uint32_t ref;
    int rc = str_ref(e->x, buf, &ref);
    free(buf);
    return rc == SKEL_OK ? add_attr(l, O2_A_GROUP, ref) : rc;
}

#define DIFF(a, field)                                                                             \
    do {                                                                                           \
        if (rc == SKEL_OK && f->field != d->field)                                                 \
            rc = add_attr(l, a, (uint64_t)f->field);                                               \
    } while (0)

/* Attributes for every field of the final event f that the records do not
 * give (d: what they give). */
static int event_attrs(struct rank_export *e, const skel_event *d, const skel_event *f,
                       OTF2_AttributeList *l)
{
    int rc = SKEL_OK;
    DIFF(O2_A_FLAGS, flags);
    DIFF(O2_A_GAP_WALL, gap_wall);
    DIFF(O2_A_GAP_CPU, gap_cpu);
    DIFF(O2_A_PEER, peer);
    DIFF(O2_A_TAG, tag);
    DIFF(O2_A_PEER2, peer2);
    DIFF(O2_A_TAG2, tag2);
    DIFF(O2_A_ASRC, asrc);
    DIFF(O2_A_ATAG, atag);
    DIFF(O2_A_ROOT, root);
    if (rc == SKEL_OK && f->comm != d->comm)
        rc = add_attr(l, O2_A_COMM, skel_otf2__global_comm(&e->x->m, &e->rk, f->comm));
    if (rc == SKEL_OK && f->newcomm != d->newcomm)
        rc = add_attr(l, O2_A_NEWCOMM, skel_otf2__global_comm(&e->x->m, &e->rk, f->newcomm));
    DIFF(O2_A_OBJ, obj);
    DIFF(O2_A_COUNT, count);
    DIFF(O2_A_DTSIZE, dtsize);
    DIFF(O2_A_OP, op);
    DIFF(O2_A_BYTES, bytes);
    DIFF(O2_A_RBYTES, rbytes);
    DIFF(O2_A_REQ, req);
    DIFF(O2_A_WS, ws_bytes);
    DIFF(O2_A_PARTS, parts);
    if (rc == SKEL_OK && f->ngroup > 0)
        rc = group_attr(e, f, l);
    return rc;
}

static int completion_attrs(const skel_completion *d, const skel_completion *f,
                            OTF2_AttributeList *l)
{
    int rc = SKEL_OK;
    DIFF(O2_A_C_INDEX, index);
    DIFF(O2_A_C_FLAGS, flags);
    DIFF(O2_A_C_SRC, src);
    DIFF(O2_A_C_TAG, tag);
    DIFF(O2_A_C_BYTES, bytes);
    DIFF(O2_A_C_CALL, call);
    return rc;
}
#undef DIFF

/* The kind, name and communicator of an object, the first time a rank
 * uses it. */
static int object_attrs(struct rank_export *e, uint32_t obj, OTF2_AttributeList *l)
{
    if (obj == SKEL_COMM_NONE)
        return SKEL_OK;
    if (obj >= e->capannounced) {
        uint32_t old = e->capannounced;
        if (skel_grow_u32(&e->announced, &e->capannounced, (uint64_t)obj + 1,
                          sizeof *e->announced) != SKEL_OK)
            return SKEL_ENOMEM;
        memset(e->announced + old, 0, e->capannounced - old);
    }
    if (e->announced[obj])
        return SKEL_OK;
    e->announced[obj] = 1;
    const skel_object *o = skel_rank_object(e->r, obj);
    if (o == NULL)
        return SKEL_OK;
    uint32_t name, local;
    int created, rc;
    if ((rc = str_ref(e->x, o->name, &name)) != SKEL_OK ||
        (rc = add_attr(l, O2_A_OBJ_KIND, o->kind)) != SKEL_OK ||
        (rc = add_attr(l, O2_A_OBJ_NAME, name)) != SKEL_OK)
        return rc;
    /* The importer makes the communicator known when it reads this. */
    uint32_t ref = orig_ref(e, o->comm);
    if ((rc = skel_otf2__local_comm(&e->x->m, &e->rk, ref, &local, &created)) != SKEL_OK)
        return rc;
    return add_attr(l, O2_A_OBJ_COMM, ref);
}

/* ---- Writing ------------------------------------------------------------------------- */

static int write_rec(OTF2_EvtWriter *w, OTF2_AttributeList *l, const struct o2_rec *r,
                     const uint32_t *params)
{
    OTF2_ErrorCode c = OTF2_SUCCESS;
    switch (r->kind) {
    case O2_R_SEND:
        c = OTF2_EvtWriter_MpiSend(w, l, r->time, r->rank, r->comm, r->tag, r->len);
        break;
    case O2_R_ISEND:
        c = OTF2_EvtWriter_MpiIsend(w, l, r->time, r->rank, r->comm, r->tag, r->len, r->req);
        break;
    case O2_R_IRECV_REQUEST:
        c = OTF2_EvtWriter_MpiIrecvRequest(w, l, r->time, r->req);
        break;
    case O2_R_RECV:
        c = OTF2_EvtWriter_MpiRecv(w, l, r->time, r->rank, r->comm, r->tag, r->len);
        break;
    case O2_R_IRECV:
        c = OTF2_EvtWriter_MpiIrecv(w, l, r->time, r->rank, r->comm, r->tag, r->len, r->req);
        break;
    case O2_R_ISEND_COMPLETE:
        c = OTF2_EvtWriter_MpiIsendComplete(w, l, r->time, r->req);
        break;
    case O2_R_NBC_REQUEST:
        c = OTF2_EvtWriter_NonBlockingCollectiveRequest(w, l, r->time, r->req);
        break;
    case O2_R_NBC_COMPLETE:
        c = OTF2_EvtWriter_NonBlockingCollectiveComplete(w, l, r->time, (OTF2_CollectiveOp)r->op,
                                                         r->comm, r->rank, r->len, r->len2, r->req);
        break;
    case O2_R_COLL_BEGIN:
        c = OTF2_EvtWriter_MpiCollectiveBegin(w, l, r->time);
        break;
    case O2_R_COLL_END:
        c = OTF2_EvtWriter_MpiCollectiveEnd(w, l, r->time, (OTF2_CollectiveOp)r->op, r->comm,
                                            r->rank, r->len, r->len2);
        break;
    case O2_R_CANCELLED:
        c = OTF2_EvtWriter_MpiRequestCancelled(w, l, r->time, r->req);
        break;
    case O2_R_STARTED:
    case O2_R_COMPLETED:
        c = OTF2_EvtWriter_ParameterUnsignedInt(
            w, l, r->time, params[r->kind == O2_R_STARTED ? O2_P_STARTED : O2_P_COMPLETED], r->req);
        break;
    case O2_R_COMM_CREATE:
        c = OTF2_EvtWriter_CommCreate(w, l, r->time, r->comm);
        break;
    case O2_R_COMM_DESTROY:
        c = OTF2_EvtWriter_CommDestroy(w, l, r->time, r->comm);
        break;
    }
    return c == OTF2_SUCCESS ? SKEL_OK : otf2_fail(c, "an MPI record");
}

static int writer_of(struct rank_export *e, uint32_t thread, OTF2_EvtWriter **w)
{
    if (thread >= (1u << 16))
        return skel_fail(SKEL_ERANGE, "rank %u: thread %u is beyond what the export writes",
                         e->rank, thread);
    if (thread >= e->nwriters) {
        if (skel_grow_u32(&e->writers, &e->capwriters, (uint64_t)thread + 1, sizeof *e->writers) !=
            SKEL_OK)
            return SKEL_ENOMEM;
        memset(e->writers + e->nwriters, 0, (thread + 1 - e->nwriters) * sizeof *e->writers);
        e->nwriters = thread + 1;
    }
    if (e->writers[thread] == NULL) {
        uint64_t id = ((uint64_t)thread << 32) | e->rank;
        e->writers[thread] = OTF2_Archive_GetEvtWriter(e->x->ar, id);
        if (e->writers[thread] == NULL)
            return skel_fail(SKEL_EIO,
                             "writing the OTF2 archive: no event writer for rank %u "
                             "thread %u: %s",
                             e->rank, thread, skel_otf2__error_text(OTF2_ERROR_INVALID));
    }
    *w = e->writers[thread];
    return SKEL_OK;
}

static const uint32_t param_refs[O2_P__COUNT] = {O2_P_STARTED, O2_P_COMPLETED};

static int export_event(struct rank_export *e, const skel_event *ev)
{
    struct exporter *x = e->x;
    OTF2_AttributeList *l = x->attrs;
    OTF2_EvtWriter *w = NULL;
    uint32_t region = 0;
    int rc;
    if ((rc = writer_of(e, ev->thread, &w)) != SKEL_OK ||
        (rc = call_region(x, ev->call, &region)) != SKEL_OK)
        return rc;
    uint64_t t0 = gtime(e, ev->t_start), t1 = gtime(e, ev->t_end);
    if (t1 < t0)
        t1 = t0;
    if (x->tmin == 0 || t0 < x->tmin)
        x->tmin = t0;
    if (t1 > x->tmax)
        x->tmax = t1;
    if ((rc = build_records(e, ev, t0, t1)) != SKEL_OK)
        return rc;

    /* What the importer will derive from these records... */
    skel_completion *cp;
    int created;
    skel_otf2__begin(&e->sim, ev->call, ev->thread, t0);
    for (uint32_t i = 0; i < e->nrecs; i++)
        if ((rc = skel_otf2__apply(&x->m, &e->rk, &e->sim, &e->recs[i], &cp, &created)) != SKEL_OK)
            return skel_fail_context(rc, "rank %u, event %" PRIu64 " (%s)", e->rank, ev->seq,
                                     skel_call_name(ev->call));
    skel_otf2__end(&e->rk, &e->sim, t1);
    if (e->sim.ncomp != ev->ncomplete || e->sim.nreqs != ev->nreqs)
        return skel_fail(SKEL_EINTERNAL,
                         "rank %u, event %" PRIu64 ": %u completions and %u started requests "
                         "written for %u and %u",
                         e->rank, ev->seq, e->sim.ncomp, e->sim.nreqs, ev->ncomplete, ev->nreqs);

    /* ... against the event itself, its communicators numbered as the
     * importer will number them. */
    e->fin = e->sim;
    e->fin.ev = *ev;
    e->fin.ev.t_start = t0;
    e->fin.ev.t_end = t1;
    if ((rc = skel_otf2__local_comm(&x->m, &e->rk, orig_ref(e, ev->comm), &e->fin.ev.comm,
                                    &created)) != SKEL_OK ||
        (rc = skel_otf2__local_comm(&x->m, &e->rk, orig_ref(e, ev->newcomm), &e->fin.ev.newcomm,
                                    &created)) != SKEL_OK)
        return rc;
    OTF2_AttributeList_RemoveAllAttributes(l);
    uint32_t site;
    int have_site;
    if ((rc = event_attrs(e, &e->sim.ev, &e->fin.ev, l)) != SKEL_OK ||
        (rc = object_attrs(e, ev->obj, l)) != SKEL_OK ||
        (rc = site_ref(x, e->r, ev->site, &site, &have_site)) != SKEL_OK)
        return rc;
    if (have_site && (rc = add_attr(l, O2_A_SITE, site)) == SKEL_OK &&
        x->sites[site].scl != OTF2_UNDEFINED_SOURCE_CODE_LOCATION)
        rc = add_attr(l, O2_A_SCL, x->sites[site].scl);
    OTF2_ErrorCode c;
    if (rc != SKEL_OK || (c = OTF2_EvtWriter_Enter(w, l, t0, region)) != OTF2_SUCCESS)
        return rc != SKEL_OK ? rc : otf2_fail(c, "an Enter record");
    uint32_t k = 0;
    for (uint32_t i = 0; i < e->nrecs; i++) {
        const struct o2_rec *r = &e->recs[i];
        OTF2_AttributeList_RemoveAllAttributes(l);
        if (r->kind == O2_R_IRECV || r->kind == O2_R_ISEND_COMPLETE ||
            r->kind == O2_R_NBC_COMPLETE || r->kind == O2_R_COMPLETED) {
            rc = completion_attrs(&e->sim.comp[k], &ev->complete[k], l);
            k++;
        } else if (r->kind == O2_R_COMM_CREATE) {
            const struct o2_gcomm *g = &x->m.comms[r->comm];
            rc = add_attr(l, O2_A_GID, g->gid);
            if (rc == SKEL_OK && (g->flags & SKEL_COMMF_GRAPH))
                rc = add_attr(l, O2_A_COMM_FLAGS, g->flags);
            if (rc == SKEL_OK)
                rc = neighbor_attr(e, ev->newcomm, l);
        }
        if (rc == SKEL_OK)
            rc = write_rec(w, l, r, param_refs);
        if (rc != SKEL_OK)
            return rc;
        if (r->kind != O2_R_COLL_BEGIN)
            x->st.mpi_records++;
    }
    if ((c = OTF2_EvtWriter_Leave(w, NULL, t1, region)) != OTF2_SUCCESS)
        return otf2_fail(c, "a Leave record");
    x->st.events++;
    e->fin.ev.complete = ev->complete;
    e->fin.ev.reqs = ev->reqs;
    return skel_otf2__commit(&e->rk, &e->fin);
}

/* Rank 0's clock from rank r's (what the replay applies): the offset
 * estimated at MPI_Init, none for ranks on rank 0's host. */
static int64_t rank_offset(const skel_meta *m, uint32_t rank)
{
    const char *host0 = NULL;
    for (uint32_t i = 0; i < m->nrank_entries; i++)
        if (m->ranks[i].rank == 0)
            host0 = m->ranks[i].host;
    for (uint32_t i = 0; i < m->nrank_entries; i++) {
        const skel_meta_rank *mr = &m->ranks[i];
        if (mr->rank == rank)
            return host0 != NULL && mr->host != NULL && strcmp(mr->host, host0) == 0
                       ? 0
                       : mr->offset_init_ns;
    }
    return 0;
}

static int add_loc(struct exporter *x, uint32_t rank, uint32_t thread, uint64_t nevents)
{
    if (skel_grow_u32(&x->locs, &x->caplocs, (uint64_t)x->nlocs + 1, sizeof *x->locs) != SKEL_OK)
        return SKEL_ENOMEM;
    x->locs[x->nlocs++] = (struct loc){
        .id = ((uint64_t)thread << 32) | rank, .rank = rank, .thread = thread, .nevents = nevents};
    return SKEL_OK;
}

/* What the rank says about itself, kept for its location group. */
static int keep_rank_info(struct rank_export *e)
{
    struct exporter *x = e->x;
    struct rank_info *ri = &x->ranks[e->rank];
    const skel_rank_info *in = skel_rank_info_of(e->r);
    int rc, created;
    uint32_t h;
    ri->info = *in;
    ri->info.t_init = in->t_init ? gtime(e, in->t_init) : 0;
    const char *host = in->host != NULL && in->host[0] ? in->host : "unknown";
    if ((rc = str_ref(x, host, &ri->host_str)) != SKEL_OK ||
        (rc = str_ref(x, in->mpi_library, &ri->mpi_str)) != SKEL_OK ||
        (rc = str_ref(x, in->tracer_version, &ri->tracer_str)) != SKEL_OK ||
        (rc = skel_otf2__ktab_get(&x->hosts, host, strlen(host), &h, &created)) != SKEL_OK)
        return rc;
    ri->host = h + 1; /* node 0 is the machine */
    const skel_rank_end *end = skel_rank_end_of(e->r);
    if (end != NULL) {
        ri->have_end = 1;
        ri->end = *end;
        ri->end.t_end = end->t_end ? gtime(e, end->t_end) : 0;
    }
    /* The rank's site table in its order (declared sites that no event
     * used included), so that the import numbers them as the trace did. */
    char *list = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&list, &len);
    if (f == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < skel_rank_nsites(e->r) && rc == SKEL_OK; i++) {
        uint32_t cc;
        int have;
        if ((rc = site_ref(x, e->r, i, &cc, &have)) == SKEL_OK)
            fprintf(f, "%s%u", i ? "," : "", have ? cc : UINT32_MAX);
    }
    if (fclose(f) != 0 && rc == SKEL_OK)
        rc = skel_oom();
    if (rc == SKEL_OK)
        rc = str_ref(x, list, &ri->sites);
    free(list);
    if (rc != SKEL_OK)
        return rc;
    ri->truncated = skel_rank_truncated(e->r);
    ri->signal = skel_rank_signal(e->r);
    ri->abort_code = skel_rank_abort_code(e->r);
    const skel_meta *m = skel_trace_meta(x->t);
    for (uint32_t i = 0; i < m->nrank_entries; i++)
        if (m->ranks[i].rank == e->rank) {
            ri->meta_overhead = m->ranks[i].overhead_ns;
            ri->meta_events = m->ranks[i].nevents;
            ri->meta_call_ns = m->ranks[i].call_ns;
        }
    return SKEL_OK;
}

static int export_rank(struct exporter *x, uint32_t rank)
{
    struct rank_export e = {.x = x, .rank = rank};
    int rc = skel_trace_open_rank(x->t, rank, &e.r), n = 0;
    if (rc != SKEL_OK)
        return rc;
    e.offset = rank_offset(skel_trace_meta(x->t), rank);
    if ((rc = skel_otf2__rank_init(&e.rk, rank, 0)) != SKEL_OK)
        goto out;
    e.rk.global[0] = x->m.world;
    e.rk.global[1] = x->m.self;
    skel_event ev;
    while ((n = skel_rank_next(e.r, &ev)) == 1) {
        if ((rc = sync_comms(&e)) != SKEL_OK || (rc = export_event(&e, &ev)) != SKEL_OK)
            goto out;
        if ((ev.seq & 4095) == 0 && x->cancelled != NULL && x->cancelled()) {
            rc = skel_fail(SKEL_EINTERRUPTED, "interrupted by signal %d", x->cancelled());
            goto out;
        }
    }
    if (n < 0) {
        rc = skel_fail_context(n, "the trace cannot be exported whole");
        goto out;
    }
    rc = keep_rank_info(&e);
    /* Every rank has a location, also one that made no call. */
    if (rc == SKEL_OK && e.nwriters == 0)
        rc = writer_of(&e, 0, &(OTF2_EvtWriter *){NULL});
out:
    for (uint32_t t = 0; t < e.nwriters; t++) {
        if (e.writers[t] == NULL)
            continue;
        uint64_t count = 0;
        OTF2_EvtWriter_GetNumberOfEvents(e.writers[t], &count);
        OTF2_ErrorCode c = OTF2_Archive_CloseEvtWriter(x->ar, e.writers[t]);
        if (rc == SKEL_OK && c != OTF2_SUCCESS)
            rc = otf2_fail(c, "closing an event writer");
        if (rc == SKEL_OK)
            rc = add_loc(x, rank, t, count);
    }
    free(e.writers);
    free(e.orig);
    free(e.announced);
    free(e.recs);
    skel_otf2__call_free(&e.sim);
    skel_otf2__rank_free(&e.rk);
    skel_rank_close(e.r);
    return rc;
}

/* ---- Definitions ------------------------------------------------------------------- */

/* Properties of the whole trace (its meta file) on the archive. */
static int archive_properties(struct exporter *x)
{
    const skel_meta *m = skel_trace_meta(x->t);
    char name[64], num[64];
    int rc = SKEL_OK;
#define PROP(n, v)                                                                                 \
    do {                                                                                           \
        char *esc_ = skel_otf2__escape(v);                                                         \
        OTF2_ErrorCode c_ = esc_ != NULL ? OTF2_Archive_SetProperty(x->ar, n, esc_, true)          \
                                         : OTF2_ERROR_MEM_ALLOC_FAILED;                            \
        free(esc_);                                                                                \
        if (c_ != OTF2_SUCCESS && rc == SKEL_OK)                                                   \
            rc = otf2_fail(c_, "a property");                                                      \
    } while (0)
    PROP(O2_FORMAT_PROPERTY, O2_FORMAT_VALUE);
    PROP("SKEL::TRACER_VERSION", m->tracer_version ? m->tracer_version : "");
    PROP("SKEL::MPI_LIBRARY", m->mpi_library ? m->mpi_library : "");
    snprintf(num, sizeof num, "%u %u", m->mpi_version, m->mpi_subversion);
    PROP("SKEL::MPI_VERSION", num);
    snprintf(num, sizeof num, "%" PRIu64, m->start_unix_ns);
    PROP("SKEL::START_UNIX_NS", num);
    PROP("SKEL::COMPLETE", m->complete ? "1" : "0");
    snprintf(num, sizeof num, "%u", m->ncommand);
    PROP("SKEL::COMMAND_ARGC", num);
    for (uint32_t i = 0; i < m->ncommand; i++) {
        snprintf(name, sizeof name, "SKEL::COMMAND_ARG_%u", i);
        PROP(name, m->command[i] ? m->command[i] : "");
    }
    snprintf(num, sizeof num, "%u", m->nlaunch);
    PROP("SKEL::LAUNCH_ARGC", num);
    for (uint32_t i = 0; i < m->nlaunch; i++) {
        snprintf(name, sizeof name, "SKEL::LAUNCH_ARG_%u", i);
        PROP(name, m->launch[i] ? m->launch[i] : "");
    }
#undef PROP
    return rc;
}

#define CHECK(call, what)                                                                          \
    do {                                                                                           \
        OTF2_ErrorCode c_ = (call);                                                                \
        if (c_ != OTF2_SUCCESS)                                                                    \
            return otf2_fail(c_, what);                                                            \
    } while (0)

/* The properties of one rank's location group. */
static int rank_properties(struct exporter *x, OTF2_GlobalDefWriter *d, uint32_t rank,
                           const uint32_t *names)
{
    const struct rank_info *ri = &x->ranks[rank];
    OTF2_AttributeValue v;
#define U64(k, val)                                                                                \
    do {                                                                                           \
        memset(&v, 0, sizeof v);                                                                   \
        v.uint64 = (val);                                                                          \
        CHECK(OTF2_GlobalDefWriter_WriteLocationGroupProperty(d, rank, names[k], OTF2_TYPE_UINT64, \
                                                              v),                                  \
              "a rank property");                                                                  \
    } while (0)
#define I64(k, val)                                                                                \
    do {                                                                                           \
        memset(&v, 0, sizeof v);                                                                   \
        v.int64 = (val);                                                                           \
        CHECK(OTF2_GlobalDefWriter_WriteLocationGroupProperty(d, rank, names[k], OTF2_TYPE_INT64,  \
                                                              v),                                  \
              "a rank property");                                                                  \
    } while (0)
#define STR(k, val)                                                                                \
    do {                                                                                           \
        memset(&v, 0, sizeof v);                                                                   \
        v.stringRef = (val);                                                                       \
        CHECK(OTF2_GlobalDefWriter_WriteLocationGroupProperty(d, rank, names[k], OTF2_TYPE_STRING, \
                                                              v),                                  \
              "a rank property");                                                                  \
    } while (0)
    STR(0, ri->host_str);
    STR(1, ri->mpi_str);
    STR(2, ri->tracer_str);
    U64(3, ri->info.pid);
    U64(4, ri->info.thread_level);
    U64(5, ri->info.t_init);
    U64(6, ri->info.unix_init_ns);
    U64(7, ri->meta_overhead);
    U64(8, ri->meta_events);
    I64(9, ri->truncated ? ri->signal : 0);
    I64(10, ri->truncated ? ri->abort_code : -1);
    U64(11, ri->truncated);
    STR(20, ri->sites);
    if (ri->meta_call_ns > 0)
        U64(21, ri->meta_call_ns);
    if (ri->have_end) {
        U64(12, ri->end.nevents);
        U64(13, ri->end.overhead_ns);
        U64(14, ri->end.per_event_ns);
        U64(15, ri->end.flush_ns);
        U64(16, ri->end.nflush);
        U64(17, ri->end.user_cpu_ns);
        U64(18, ri->end.sys_cpu_ns);
        U64(19, ri->end.t_end);
    }
#undef U64
#undef I64
#undef STR
    return SKEL_OK;
}

/* Names of the rank properties, in the order rank_properties() writes
 * them; the importer reads them by name. */
static const char *const rank_prop_names[] = {
    "SKEL::HOST",         "SKEL::MPI_LIBRARY", "SKEL::TRACER_VERSION", "SKEL::PID",
    "SKEL::THREAD_LEVEL", "SKEL::T_INIT",      "SKEL::UNIX_INIT_NS",   "SKEL::META_OVERHEAD_NS",
    "SKEL::META_EVENTS",  "SKEL::SIGNAL",      "SKEL::ABORT_CODE",     "SKEL::TRUNCATED",
    "SKEL::END_EVENTS",   "SKEL::OVERHEAD_NS", "SKEL::PER_EVENT_NS",   "SKEL::FLUSH_NS",
    "SKEL::FLUSHES",      "SKEL::USER_CPU_NS", "SKEL::SYS_CPU_NS",     "SKEL::T_END",
    "SKEL::SITES",        "SKEL::META_CALL_NS"};
#define NRANKPROPS (sizeof rank_prop_names / sizeof rank_prop_names[0])

static const char *const site_prop_names[] = {"SKEL::MODULE", "SKEL::OFFSET", "SKEL::FUNCTION",
                                              "SKEL::FILE",   "SKEL::LINE",   "SKEL::FORTRAN"};
#define NSITEPROPS (sizeof site_prop_names / sizeof site_prop_names[0])

/* The strings the definitions refer to, interned before the string table
 * is written (OTF2 wants every string defined before it is used). */
struct defnames {
    uint32_t rank[NRANKPROPS], site[NSITEPROPS], attr[O2_A__COUNT], param[O2_P__COUNT];
    uint32_t machine, node, mpi, world, self, locs, empty;
    uint32_t *rank_str, *loc_str, *comm_str, *dim_str; /* per rank, location, comm, dimension */
};

static void defnames_free(struct defnames *n)
{
    free(n->rank_str);
    free(n->loc_str);
    free(n->comm_str);
    free(n->dim_str);
}

static int intern_fixed_names(struct exporter *x, struct defnames *n)
{
    int rc = SKEL_OK;
    for (size_t i = 0; rc == SKEL_OK && i < NRANKPROPS; i++)
        rc = str_ref(x, rank_prop_names[i], &n->rank[i]);
    for (size_t i = 0; rc == SKEL_OK && i < NSITEPROPS; i++)
        rc = str_ref(x, site_prop_names[i], &n->site[i]);
    for (int i = 0; rc == SKEL_OK && i < O2_A__COUNT; i++)
        rc = str_ref(x, skel_otf2__attr_name(i), &n->attr[i]);
    for (int i = 0; rc == SKEL_OK && i < O2_P__COUNT; i++)
        rc = str_ref(x, skel_otf2__param_names[i], &n->param[i]);
    if (rc != SKEL_OK || (rc = str_ref(x, "", &n->empty)) != SKEL_OK ||
        (rc = str_ref(x, "machine", &n->machine)) != SKEL_OK ||
        (rc = str_ref(x, "node", &n->node)) != SKEL_OK ||
        (rc = str_ref(x, "MPI", &n->mpi)) != SKEL_OK ||
        (rc = str_ref(x, "MPI_COMM_WORLD", &n->world)) != SKEL_OK ||
        (rc = str_ref(x, "MPI_COMM_SELF", &n->self)) != SKEL_OK ||
        (rc = str_ref(x, "MPI ranks", &n->locs)) != SKEL_OK)
        return rc;
    return SKEL_OK;
}

/* Names of ranks, locations, communicators and Cartesian dimensions. */
static int intern_names(struct exporter *x, struct defnames *n)
{
    int rc = intern_fixed_names(x, n);
    if (rc != SKEL_OK)
        return rc;
    uint32_t ndims = 0;
    for (uint32_t c = 0; c < x->m.ncomms; c++)
        ndims += x->m.comms[c].ndims;
    n->rank_str = calloc(x->nranks ? x->nranks : 1, sizeof *n->rank_str);
    n->loc_str = calloc(x->nlocs ? x->nlocs : 1, sizeof *n->loc_str);
    n->comm_str = calloc(x->m.ncomms ? x->m.ncomms : 1, sizeof *n->comm_str);
    n->dim_str = calloc(ndims ? ndims : 1, sizeof *n->dim_str);
    if (n->rank_str == NULL || n->loc_str == NULL || n->comm_str == NULL || n->dim_str == NULL)
        return skel_oom();
    char buf[128];
    for (uint32_t r = 0; rc == SKEL_OK && r < x->nranks; r++) {
        snprintf(buf, sizeof buf, "MPI Rank %u", r);
        rc = str_ref(x, buf, &n->rank_str[r]);
    }
    for (uint32_t i = 0; rc == SKEL_OK && i < x->nlocs; i++) {
        snprintf(buf, sizeof buf, x->locs[i].thread ? "Thread %u:%u" : "Master thread %u",
                 x->locs[i].rank, x->locs[i].thread);
        rc = str_ref(x, buf, &n->loc_str[i]);
    }
    for (uint32_t c = 0; rc == SKEL_OK && c < x->m.ncomms; c++) {
        if (c == x->m.world || c == x->m.self) {
            n->comm_str[c] = c == x->m.world ? n->world : n->self;
            continue;
        }
        snprintf(buf, sizeof buf, "%s #%u", skel_call_name(x->m.comms[c].created_by), c);
        rc = str_ref(x, buf, &n->comm_str[c]);
    }
    uint32_t nd = 0;
    for (uint32_t c = 0; rc == SKEL_OK && c < x->m.ncomms; c++)
        for (uint32_t k = 0; rc == SKEL_OK && k < x->m.comms[c].ndims; k++) {
            snprintf(buf, sizeof buf, "dimension %u of %s #%u", k,
                     skel_call_name(x->m.comms[c].created_by), c);
            rc = str_ref(x, buf, &n->dim_str[nd++]);
        }
    return rc;
}

/* The clock, the paradigm, the machine and its hosts, ranks, locations and
 * regions. */
static int write_system(struct exporter *x, OTF2_GlobalDefWriter *d, const struct defnames *n)
{
    uint64_t t_len = x->tmax > x->tmin ? x->tmax - x->tmin : 0;
    uint64_t realtime = OTF2_UNDEFINED_TIMESTAMP;
    if (x->nranks > 0 && x->ranks[0].info.unix_init_ns != 0 && x->ranks[0].info.t_init >= x->tmin)
        realtime = x->ranks[0].info.unix_init_ns - (x->ranks[0].info.t_init - x->tmin);
    CHECK(OTF2_GlobalDefWriter_WriteClockProperties(d, 1000000000u, x->tmin, t_len, realtime),
          "the clock");
    CHECK(OTF2_GlobalDefWriter_WriteParadigm(d, OTF2_PARADIGM_MPI, n->mpi,
                                             OTF2_PARADIGM_CLASS_PROCESS),
          "the MPI paradigm");
    CHECK(OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 0, n->machine, n->machine,
                                                   OTF2_UNDEFINED_SYSTEM_TREE_NODE),
          "the machine");
    for (uint32_t h = 0; h < x->hosts.n; h++) {
        uint32_t hs;
        int rc = str_ref(x, x->hosts.keys[h].key, &hs);
        if (rc != SKEL_OK)
            return rc;
        CHECK(OTF2_GlobalDefWriter_WriteSystemTreeNode(d, h + 1, hs, n->node, 0), "a host");
    }
    for (uint32_t r = 0; r < x->nranks; r++) {
        CHECK(OTF2_GlobalDefWriter_WriteLocationGroup(
                  d, r, n->rank_str[r], OTF2_LOCATION_GROUP_TYPE_PROCESS, x->ranks[r].host,
                  OTF2_UNDEFINED_LOCATION_GROUP),
              "a rank");
        int rc = rank_properties(x, d, r, n->rank);
        if (rc != SKEL_OK)
            return rc;
    }
    for (uint32_t i = 0; i < x->nlocs; i++)
        CHECK(OTF2_GlobalDefWriter_WriteLocation(d, x->locs[i].id, n->loc_str[i],
                                                 OTF2_LOCATION_TYPE_CPU_THREAD, x->locs[i].nevents,
                                                 x->locs[i].rank),
              "a location");
    for (uint32_t i = 0; i < x->nregions; i++) {
        const struct region *g = &x->regions[i];
        CHECK(OTF2_GlobalDefWriter_WriteRegion(d, i, g->name, g->canonical, n->empty, g->role,
                                               g->paradigm, OTF2_REGION_FLAG_NONE, g->file, 0, 0),
              "a region");
    }
    return SKEL_OK;
}

/* Groups: the ranks' master locations in rank order, then one per
 * communicator (members as ranks, i.e. positions in the first); the
 * communicators themselves. */
static int write_comms(struct exporter *x, OTF2_GlobalDefWriter *d, const struct defnames *n,
                       uint64_t *members)
{
    for (uint32_t r = 0; r < x->nranks; r++)
        members[r] = r; /* thread 0's location id is the rank */
    CHECK(OTF2_GlobalDefWriter_WriteGroup(d, 0, n->locs, OTF2_GROUP_TYPE_COMM_LOCATIONS,
                                          OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, x->nranks,
                                          members),
          "the ranks' group");
    /* Every group, in reference order: the communicators' own (group A of
     * an intercommunicator), then the intercommunicators' groups B. */
    for (uint32_t c = 0; c < x->m.ncomms; c++) {
        const struct o2_gcomm *g = &x->m.comms[c];
        uint32_t size = c == x->m.self ? 0 : g->size;
        for (uint32_t i = 0; i < size; i++)
            members[i] = (uint64_t)g->members[i];
        CHECK(OTF2_GlobalDefWriter_WriteGroup(
                  d, c + 1, n->comm_str[c],
                  c == x->m.self ? OTF2_GROUP_TYPE_COMM_SELF : OTF2_GROUP_TYPE_COMM_GROUP,
                  OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE, size, members),
              "a communicator's group");
    }
    uint32_t nb = 0;
    for (uint32_t c = 0; c < x->m.ncomms; c++) {
        const struct o2_gcomm *g = &x->m.comms[c];
        if (!g->inter)
            continue;
        for (uint32_t i = 0; i < g->rsize; i++)
            members[i] = (uint64_t)g->remote[i];
        CHECK(OTF2_GlobalDefWriter_WriteGroup(d, x->m.ncomms + 1 + nb++, n->comm_str[c],
                                              OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                              OTF2_GROUP_FLAG_NONE, g->rsize, members),
              "an intercommunicator's second group");
    }
    nb = 0;
    for (uint32_t c = 0; c < x->m.ncomms; c++) {
        const struct o2_gcomm *g = &x->m.comms[c];
        if (g->inter) {
            CHECK(OTF2_GlobalDefWriter_WriteInterComm(d, c, n->comm_str[c], c + 1,
                                                      x->m.ncomms + 1 + nb++, OTF2_UNDEFINED_COMM,
                                                      OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS),
                  "an intercommunicator");
            continue;
        }
        CHECK(OTF2_GlobalDefWriter_WriteComm(d, c, n->comm_str[c], c + 1, g->parent,
                                             c == x->m.world || c == x->m.self
                                                 ? OTF2_COMM_FLAG_NONE
                                                 : OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS),
              "a communicator");
    }
    return SKEL_OK;
}

/* Cartesian topologies, their dimensions numbered in communicator order. */
static int write_topologies(struct exporter *x, OTF2_GlobalDefWriter *d, const struct defnames *n,
                            OTF2_CartDimensionRef *dims)
{
    uint32_t nd = 0, ntopo = 0;
    for (uint32_t c = 0; c < x->m.ncomms; c++) {
        const struct o2_gcomm *g = &x->m.comms[c];
        if (g->ndims == 0)
            continue;
        for (uint32_t k = 0; k < g->ndims; k++) {
            dims[k] = nd;
            CHECK(OTF2_GlobalDefWriter_WriteCartDimension(
                      d, nd, n->dim_str[nd], g->dims[k] > 0 ? (uint32_t)g->dims[k] : 0,
                      g->periods[k] ? OTF2_CART_PERIODIC_TRUE : OTF2_CART_PERIODIC_FALSE),
                  "a Cartesian dimension");
            nd++;
        }
        CHECK(OTF2_GlobalDefWriter_WriteCartTopology(d, ntopo++, n->comm_str[c], c,
                                                     (uint8_t)g->ndims, dims),
              "a Cartesian topology");
    }
    return SKEL_OK;
}

static int site_property(OTF2_GlobalDefWriter *d, uint32_t site, uint32_t name, OTF2_Type type,
                         OTF2_AttributeValue v, const char *what)
{
    CHECK(OTF2_GlobalDefWriter_WriteCallingContextProperty(d, site, name, type, v), what);
    return SKEL_OK;
}

/* Attributes, parameters, source locations and call sites with their
 * properties (module, offset, function, file, line, binding). */
static int write_sites(struct exporter *x, OTF2_GlobalDefWriter *d, const struct defnames *n)
{
    for (int i = 0; i < O2_A__COUNT; i++)
        CHECK(OTF2_GlobalDefWriter_WriteAttribute(d, (OTF2_AttributeRef)i, n->attr[i], n->empty,
                                                  skel_otf2__attr_type(i)),
              "an attribute");
    for (int i = 0; i < O2_P__COUNT; i++)
        CHECK(OTF2_GlobalDefWriter_WriteParameter(d, (OTF2_ParameterRef)i, n->param[i],
                                                  OTF2_PARAMETER_TYPE_UINT64),
              "a parameter");
    for (uint32_t i = 0; i < x->nscls; i++)
        CHECK(OTF2_GlobalDefWriter_WriteSourceCodeLocation(d, i, x->scls[i].file, x->scls[i].line),
              "a source code location");
    for (uint32_t i = 0; i < x->nsites; i++) {
        const struct site *s = &x->sites[i];
        CHECK(OTF2_GlobalDefWriter_WriteCallingContext(d, i, s->region, s->scl,
                                                       OTF2_UNDEFINED_CALLING_CONTEXT),
              "a call site");
        OTF2_AttributeValue v[NSITEPROPS];
        memset(v, 0, sizeof v);
        v[0].stringRef = s->module;
        v[1].uint64 = s->offset;
        v[2].stringRef = s->func;
        v[3].stringRef = s->file;
        v[4].uint32 = s->line;
        v[5].uint8 = s->fortran;
        static const OTF2_Type types[NSITEPROPS] = {OTF2_TYPE_STRING, OTF2_TYPE_UINT64,
                                                    OTF2_TYPE_STRING, OTF2_TYPE_STRING,
                                                    OTF2_TYPE_UINT32, OTF2_TYPE_UINT8};
        static const char *const what[NSITEPROPS] = {
            "a call site's module", "a call site's offset", "a call site's function",
            "a call site's file",   "a call site's line",   "a call site's binding"};
        for (size_t k = 0; k < NSITEPROPS; k++) {
            int rc = site_property(d, i, n->site[k], types[k], v[k], what[k]);
            if (rc != SKEL_OK)
                return rc;
        }
    }
    return SKEL_OK;
}
#undef CHECK

static int write_definitions(struct exporter *x)
{
    OTF2_GlobalDefWriter *d = OTF2_Archive_GetGlobalDefWriter(x->ar);
    if (d == NULL)
        return otf2_fail(OTF2_ERROR_INVALID, "the global definitions");
    struct defnames n = {0};
    uint64_t *members = NULL;
    OTF2_CartDimensionRef *dims = NULL;
    /* Every string first: intern the remaining names, then write the table. */
    int rc = intern_names(x, &n);
    for (uint32_t i = 0; rc == SKEL_OK && i < x->strings.n; i++) {
        OTF2_ErrorCode c = OTF2_GlobalDefWriter_WriteString(d, i, x->strings.keys[i].key);
        if (c != OTF2_SUCCESS)
            rc = otf2_fail(c, "a string");
    }
    uint32_t maxsize = x->nranks, maxdims = 1;
    for (uint32_t c = 0; c < x->m.ncomms; c++) {
        if (x->m.comms[c].size > maxsize)
            maxsize = x->m.comms[c].size;
        if (x->m.comms[c].rsize > maxsize)
            maxsize = x->m.comms[c].rsize;
        if (x->m.comms[c].ndims > maxdims)
            maxdims = x->m.comms[c].ndims;
    }
    if (rc == SKEL_OK && ((members = calloc(maxsize ? maxsize : 1, sizeof *members)) == NULL ||
                          (dims = calloc(maxdims, sizeof *dims)) == NULL))
        rc = skel_oom();
    if (rc == SKEL_OK && (rc = write_system(x, d, &n)) == SKEL_OK &&
        (rc = write_comms(x, d, &n, members)) == SKEL_OK &&
        (rc = write_topologies(x, d, &n, dims)) == SKEL_OK)
        rc = write_sites(x, d, &n);
    defnames_free(&n);
    free(members);
    free(dims);
    return rc;
}

/* ---- The archive ------------------------------------------------------------------- */

static OTF2_FlushType pre_flush(void *user, OTF2_FileType type, OTF2_LocationRef loc, void *caller,
                                bool final)
{
    (void)user;
    (void)type;
    (void)loc;
    (void)caller;
    (void) final;
    return OTF2_FLUSH; /* write full chunks out: memory stays bounded */
}

static const OTF2_FlushCallbacks flush_callbacks = {.otf2_pre_flush = pre_flush,
                                                    .otf2_post_flush = NULL};

static void exporter_free(struct exporter *x)
{
    if (x->attrs != NULL)
        OTF2_AttributeList_Delete(x->attrs);
    skel_otf2__model_free(&x->m);
    skel_otf2__ktab_free(&x->strings);
    skel_otf2__ktab_free(&x->fregions);
    skel_otf2__ktab_free(&x->site_keys);
    skel_otf2__ktab_free(&x->scl_keys);
    skel_otf2__ktab_free(&x->hosts);
    skel_map_free(&x->gid_ref);
    free(x->fregion_ref);
    free(x->regions);
    free(x->sites);
    free(x->scls);
    free(x->locs);
    free(x->ranks);
}

/* MPI_COMM_WORLD (reference 0, every rank in order) and MPI_COMM_SELF (1). */
static int predefined_comms(struct exporter *x)
{
    struct o2_gcomm *w = skel_otf2__gcomm_at(&x->m, 0), *s;
    if (w == NULL)
        return SKEL_ENOMEM;
    w->defined = w->identity = 1;
    w->gid = 0;
    w->size = x->nranks;
    w->members = malloc((x->nranks ? x->nranks : 1) * sizeof *w->members);
    if (w->members == NULL)
        return skel_oom();
    for (uint32_t r = 0; r < x->nranks; r++)
        w->members[r] = (int32_t)r;
    if ((s = skel_otf2__gcomm_at(&x->m, 1)) == NULL)
        return SKEL_ENOMEM;
    s->defined = s->self = 1;
    s->gid = 1;
    s->size = 1;
    x->m.world = 0;
    x->m.self = 1;
    x->m.nranks = x->nranks;
    if (skel_map_put(&x->gid_ref, 0 + 1, 0) != 0 || skel_map_put(&x->gid_ref, 1 + 1, 1) != 0)
        return skel_oom();
    return SKEL_OK;
}

int skel_otf2_export(const skel_trace *t, const char *dir, int (*cancelled)(void),
                     struct skel_otf2_export_stats *st)
{
    struct stat sb;
    if (stat(dir, &sb) == 0)
        return skel_fail(SKEL_EUSAGE, "%s exists already: the archive goes into a new directory",
                         dir);
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.partial.%ld", dir, (long)getpid()) >= (int)sizeof tmp)
        return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    skel_remove_tree(tmp); /* a leftover of an earlier attempt of this pid */
    struct exporter *x = calloc(1, sizeof *x);
    if (x == NULL)
        return skel_oom();
    int rc = SKEL_OK;
    OTF2_ErrorCode c;
    x->t = t;
    x->cancelled = cancelled;
    x->nranks = skel_trace_nranks(t);
    uint32_t empty;
    skel_otf2__errors_capture();
    if ((x->ranks = calloc(x->nranks ? x->nranks : 1, sizeof *x->ranks)) == NULL ||
        (x->attrs = OTF2_AttributeList_New()) == NULL) {
        rc = skel_oom();
        goto out;
    }
    if ((rc = str_ref(x, "", &empty)) != SKEL_OK || (rc = predefined_comms(x)) != SKEL_OK)
        goto out;
    x->ar = OTF2_Archive_Open(tmp, "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
                              OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX,
                              OTF2_COMPRESSION_NONE);
    if (x->ar == NULL) {
        rc = skel_fail(SKEL_EIO, "%s: cannot create the OTF2 archive: %s", dir,
                       skel_otf2__error_text(OTF2_ERROR_INVALID));
        goto out;
    }
    if ((c = OTF2_Archive_SetFlushCallbacks(x->ar, &flush_callbacks, NULL)) != OTF2_SUCCESS ||
        (c = OTF2_Archive_SetSerialCollectiveCallbacks(x->ar)) != OTF2_SUCCESS ||
        (c = OTF2_Archive_SetCreator(x->ar, "Skel (skel export --otf2)")) != OTF2_SUCCESS ||
        (c = OTF2_Archive_SetDescription(x->ar, "an MPI run traced by Skel")) != OTF2_SUCCESS ||
        (c = OTF2_Archive_OpenEvtFiles(x->ar)) != OTF2_SUCCESS) {
        rc = otf2_fail(c, dir);
        goto out;
    }
    if ((rc = archive_properties(x)) != SKEL_OK)
        goto out;
    for (uint32_t r = 0; r < x->nranks && rc == SKEL_OK; r++)
        rc = export_rank(x, r);
    if (rc == SKEL_OK && (c = OTF2_Archive_CloseEvtFiles(x->ar)) != OTF2_SUCCESS)
        rc = otf2_fail(c, "closing the event files");
    /* Empty local definitions per location: readers open them. */
    if (rc == SKEL_OK && (c = OTF2_Archive_OpenDefFiles(x->ar)) != OTF2_SUCCESS)
        rc = otf2_fail(c, "the local definitions");
    for (uint32_t i = 0; rc == SKEL_OK && i < x->nlocs; i++) {
        OTF2_DefWriter *dw = OTF2_Archive_GetDefWriter(x->ar, x->locs[i].id);
        if (dw == NULL || (c = OTF2_Archive_CloseDefWriter(x->ar, dw)) != OTF2_SUCCESS)
            rc = otf2_fail(dw == NULL ? OTF2_ERROR_INVALID : c, "the local definitions");
    }
    if (rc == SKEL_OK && (c = OTF2_Archive_CloseDefFiles(x->ar)) != OTF2_SUCCESS)
        rc = otf2_fail(c, "the local definitions");
    if (rc == SKEL_OK)
        rc = write_definitions(x);
out:
    if (x->ar != NULL && (c = OTF2_Archive_Close(x->ar)) != OTF2_SUCCESS && rc == SKEL_OK)
        rc = otf2_fail(c, "closing the archive");
    if (rc == SKEL_OK && rename(tmp, dir) != 0)
        rc = skel_fail(SKEL_EIO, "%s: cannot rename %s to it: %s", dir, tmp, strerror(errno));
    if (rc != SKEL_OK) {
        char saved[2048];
        snprintf(saved, sizeof saved, "%s", skel_last_error());
        skel_remove_tree(tmp);
        skel_fail(rc, "%s", saved);
    }
    x->st.ranks = x->nranks;
    x->st.locations = x->nlocs;
    if (st != NULL)
        *st = x->st;
    exporter_free(x);
    free(x);
    return rc;
}

int skel_otf2_is_archive(const char *path, char *anchor, size_t len)
{
    struct stat sb;
    if (stat(path, &sb) != 0)
        return 0;
    size_t n = strlen(path);
    if (S_ISREG(sb.st_mode))
        return n > 5 && strcmp(path + n - 5, ".otf2") == 0 &&
               snprintf(anchor, len, "%s", path) < (int)len;
    if (!S_ISDIR(sb.st_mode))
        return 0;
    /* A directory: traces.otf2 (what Score-P and skel export write). */
    char p[4096];
    if (snprintf(p, sizeof p, "%s/traces.otf2", path) >= (int)sizeof p || stat(p, &sb) != 0 ||
        !S_ISREG(sb.st_mode))
        return 0;
    return snprintf(anchor, len, "%s", p) < (int)len;
}
