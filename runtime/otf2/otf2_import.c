/* otf2_import.c - an OTF2 archive read into a Skel trace directory (otf2.h,
 * docs/otf2.md).
 *
 * The global definitions are read first (strings, regions, groups,
 * communicators, locations and their ranks, call sites, properties); then
 * every rank's location is read through one global event reader, in time
 * order, and each rank's file written as its MPI calls end: an MPI region's
 * Enter opens a call, the MPI records inside it are handed to the model
 * (otf2_model.h), its Leave ends it - the attributes override what the
 * records did not say - and the event is written.
 */
#include "otf2.h"
#include "otf2_model.h"

#include "calls.h"
#include "error.h"
#include "grow.h"
#include "meta.h"
#include "tree.h"
#include "writer.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Definitions are kept in arrays indexed by their reference; references are
 * small dense numbers in the archives we know, a larger one is refused. */
#define MAX_REF (1u << 24)

struct iregion {
    int defined;
    uint32_t name, file, line;
    OTF2_Paradigm paradigm;
    unsigned call; /* the Skel call id of an MPI region, 0 if none */
    int mpi;       /* an MPI region (Skel may not know the call) */
};

struct igroup {
    int defined;
    OTF2_GroupType type;
    OTF2_GroupFlag flags;
    uint32_t n;
    uint64_t *members;
};

struct icc {
    int defined;
    uint32_t region, scl;
    uint32_t module, func, file; /* strings, OTF2_UNDEFINED_STRING when absent */
    uint64_t offset;
    uint32_t line;
    uint8_t fortran;
};

struct iscl {
    uint32_t file, line;
};

/* A property of a location group (rank), kept raw until the ranks are known. */
struct iprop {
    uint32_t group, name;
    OTF2_Type type;
    OTF2_AttributeValue value;
};

struct ilocdef {
    uint64_t id;
    uint32_t group;
    OTF2_LocationType type;
    uint64_t nevents; /* records its definition announces */
};

/* Overrides of one record's attribute list. */
struct overrides {
    uint64_t have; /* bit per enum o2_attr */
    uint64_t v[O2_A__COUNT];
};

struct ilocation {
    uint32_t rank, thread;
    uint32_t *stack; /* regions entered and not left */
    uint32_t depth, capstack;
    int32_t call_depth; /* depth of the open MPI call's region, -1 if none */
    struct o2_call call;
    struct overrides ov;
    uint32_t enclosing; /* innermost non-MPI region when the call began */
};

/* A foreign event that waits for what only its request's completion says
 * (the source of an MPI_Irecv, the communicator of a nonblocking
 * collective); the events after it wait behind it. */
struct pending {
    skel_event ev;
    skel_completion *comp;
    uint64_t *reqs;
    uint64_t waits_for; /* request id, 0 when complete */
};

struct irank {
    struct o2_rank rk;
    skel_writer *w;
    uint64_t nevents;
    skel_map sites; /* calling context + 1 (or foreign site key) -> local site index */
    uint32_t nsites;
    skel_map modules; /* module string + 1 -> local module index */
    uint32_t nmodules;
    uint32_t nobjects;
    struct pending *queue;
    uint32_t qhead, qlen, capqueue;
    uint32_t locgroup;
    /* Properties (archives of skel export). */
    uint64_t pid, thread_level, t_init, unix_init, meta_overhead, meta_events, meta_call_ns,
        truncated;
    int64_t signal, abort_code;
    int have_end;
    skel_rank_end end;
    uint32_t host, mpi, tracer; /* strings */
    uint32_t site_list;         /* string: calling contexts in the rank's site order */
    /* The rank's neighbours in the graph communicator adj_comm (an OTF2
     * reference) its last CommCreate made: nin sources, then nout
     * destinations, world ranks (skel::neighbors). */
    int32_t *adj;
    uint32_t adj_in, adj_out, capadj, adj_comm;
    /* The group of the rank's current MPI_Win_post or MPI_Win_start
     * (skel::group), until its event is written. */
    int32_t *group;
    uint32_t capgroup;
};

struct importer {
    const char *anchor;
    OTF2_Reader *rd;
    int skel; /* written by skel export */
    int rc;   /* the first failure of a callback */
    char **strings;
    uint32_t nstrings, capstrings;
    struct iregion *regions;
    uint32_t nregions, capregions;
    struct igroup *groups;
    uint32_t ngroups, capgroups;
    int attr_map[256]; /* attribute reference -> enum o2_attr, -1 */
    int param_map[256];
    struct icc *ccs;
    uint32_t nccs, capccs;
    struct iscl *scls;
    uint32_t nscls, capscls;
    struct iprop *props;
    uint32_t nprops, capprops;
    struct ilocdef *locdefs;
    uint32_t nlocdefs, caplocdefs;
    uint32_t *stn_name; /* system tree node -> name string */
    uint32_t nstn, capstn;
    uint32_t *lg_stn; /* location group -> system tree node */
    uint32_t nlg, caplg;
    uint32_t *dim_size;
    int32_t *dim_periodic;
    uint32_t ndims, capdims, capdimp;
    struct o2_model m;
    uint32_t *comm_group; /* OTF2 comm -> group (group A of an intercommunicator) */
    uint32_t ncg, capcg;
    uint32_t *comm_rgroup; /* OTF2 intercommunicator -> group B */
    uint32_t nrg, caprg;
    uint32_t cl_group; /* the COMM_LOCATIONS group, or UINT32_MAX */
    uint64_t resolution, offset;
    /* Ranks and locations. */
    uint32_t nranks;
    struct irank *ranks;
    skel_map loc_index; /* location id + 1 -> index in locs */
    struct ilocation *locs;
    uint32_t nlocs;
    size_t bufsize;
    struct skel_otf2_import_stats st;
    uint64_t mpi_events; /* MPI calls seen, known to Skel or not */
    char dir[4096];
};

static int declare_rank_sites(struct importer *x, struct irank *k);

static const char *str(const struct importer *x, uint32_t ref)
{
    return ref < x->nstrings && x->strings[ref] != NULL ? x->strings[ref] : "";
}

static uint64_t ns_of(const struct importer *x, uint64_t t)
{
    /* Skel's own archives tick in nanoseconds of rank 0's clock: kept as
     * they are, so that a round trip gives the same times back. */
    if (x->resolution == 1000000000u)
        return t;
    uint64_t d = t > x->offset ? t - x->offset : 0;
    return 1000000000u + (uint64_t)((unsigned __int128)d * 1000000000u / x->resolution);
}

/* The first failure wins; the callback returns INTERRUPT. */
static OTF2_CallbackCode stop(struct importer *x, int rc)
{
    if (x->rc == SKEL_OK)
        x->rc = rc;
    return OTF2_CALLBACK_INTERRUPT;
}

/* Make index ref of an array of elem-sized entries exist (zeroed). */
static int slot(void *arr, uint32_t *n, uint32_t *cap, uint64_t ref, size_t elem)
{
    if (ref >= MAX_REF)
        return skel_fail(SKEL_ERANGE,
                         "definition reference %" PRIu64 " is beyond what Skel "
                         "reads (%u)",
                         ref, MAX_REF);
    if (ref < *n)
        return SKEL_OK;
    if (skel_grow_u32(arr, cap, ref + 1, elem) != SKEL_OK)
        return SKEL_ENOMEM;
    memset((char *)*(void **)arr + (size_t)*n * elem, 0, (size_t)(ref + 1 - *n) * elem);
    *n = (uint32_t)ref + 1;
    return SKEL_OK;
}

/* ---- Global definitions -------------------------------------------------------------- */

static OTF2_CallbackCode def_clock(void *u, uint64_t res, uint64_t off, uint64_t len, uint64_t rt)
{
    struct importer *x = u;
    (void)len;
    (void)rt;
    if (res == 0)
        return stop(x, skel_fail(SKEL_EFORMAT, "the clock has 0 ticks per second"));
    x->resolution = res;
    x->offset = off;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_string(void *u, OTF2_StringRef self, const char *s)
{
    struct importer *x = u;
    int rc = slot(&x->strings, &x->nstrings, &x->capstrings, self, sizeof *x->strings);
    if (rc != SKEL_OK)
        return stop(x, rc);
    free(x->strings[self]);
    if ((x->strings[self] = strdup(s != NULL ? s : "")) == NULL)
        return stop(x, skel_oom());
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_attribute(void *u, OTF2_AttributeRef self, OTF2_StringRef name,
                                       OTF2_StringRef desc, OTF2_Type type)
{
    struct importer *x = u;
    (void)desc;
    if (self >= 256)
        return OTF2_CALLBACK_SUCCESS; /* not one of ours: Skel writes few */
    x->attr_map[self] = -1;
    for (int a = 0; a < O2_A__COUNT; a++)
        if (strcmp(str(x, name), skel_otf2__attr_name(a)) == 0 && type == skel_otf2__attr_type(a))
            x->attr_map[self] = a;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_parameter(void *u, OTF2_ParameterRef self, OTF2_StringRef name,
                                       OTF2_ParameterType type)
{
    struct importer *x = u;
    if (self >= 256)
        return OTF2_CALLBACK_SUCCESS;
    x->param_map[self] = -1;
    for (int p = 0; p < O2_P__COUNT; p++)
        if (strcmp(str(x, name), skel_otf2__param_names[p]) == 0 &&
            type == OTF2_PARAMETER_TYPE_UINT64)
            x->param_map[self] = p;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_stn(void *u, OTF2_SystemTreeNodeRef self, OTF2_StringRef name,
                                 OTF2_StringRef cls, OTF2_SystemTreeNodeRef parent)
{
    struct importer *x = u;
    (void)cls;
    (void)parent;
    int rc = slot(&x->stn_name, &x->nstn, &x->capstn, self, sizeof *x->stn_name);
    if (rc != SKEL_OK)
        return stop(x, rc);
    x->stn_name[self] = name;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_lg(void *u, OTF2_LocationGroupRef self, OTF2_StringRef name,
                                OTF2_LocationGroupType type, OTF2_SystemTreeNodeRef parent,
                                OTF2_LocationGroupRef creator)
{
    struct importer *x = u;
    (void)name;
    (void)type;
    (void)creator;
    int rc = slot(&x->lg_stn, &x->nlg, &x->caplg, self, sizeof *x->lg_stn);
    if (rc != SKEL_OK)
        return stop(x, rc);
    x->lg_stn[self] = parent;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_location(void *u, OTF2_LocationRef self, OTF2_StringRef name,
                                      OTF2_LocationType type, uint64_t nevents,
                                      OTF2_LocationGroupRef group)
{
    struct importer *x = u;
    (void)name;
    /* (nevents: the records of the location, checked after reading) */
    if (skel_grow_u32(&x->locdefs, &x->caplocdefs, (uint64_t)x->nlocdefs + 1, sizeof *x->locdefs) !=
        SKEL_OK)
        return stop(x, SKEL_ENOMEM);
    x->locdefs[x->nlocdefs++] =
        (struct ilocdef){.id = self, .group = group, .type = type, .nevents = nevents};
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_region(void *u, OTF2_RegionRef self, OTF2_StringRef name,
                                    OTF2_StringRef canon, OTF2_StringRef desc, OTF2_RegionRole role,
                                    OTF2_Paradigm paradigm, OTF2_RegionFlag flags,
                                    OTF2_StringRef file, uint32_t begin, uint32_t end)
{
    struct importer *x = u;
    (void)canon;
    (void)desc;
    (void)role;
    (void)flags;
    (void)end;
    int rc = slot(&x->regions, &x->nregions, &x->capregions, self, sizeof *x->regions);
    if (rc != SKEL_OK)
        return stop(x, rc);
    x->regions[self] = (struct iregion){
        .defined = 1, .name = name, .file = file, .line = begin, .paradigm = paradigm};
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_group(void *u, OTF2_GroupRef self, OTF2_StringRef name,
                                   OTF2_GroupType type, OTF2_Paradigm paradigm,
                                   OTF2_GroupFlag flags, uint32_t n, const uint64_t *members)
{
    struct importer *x = u;
    (void)name;
    int rc = slot(&x->groups, &x->ngroups, &x->capgroups, self, sizeof *x->groups);
    if (rc != SKEL_OK)
        return stop(x, rc);
    struct igroup *g = &x->groups[self];
    free(g->members);
    *g = (struct igroup){.defined = 1, .type = type, .flags = flags, .n = n};
    g->members = malloc((n ? n : 1) * sizeof *g->members);
    if (g->members == NULL)
        return stop(x, skel_oom());
    if (n > 0)
        memcpy(g->members, members, n * sizeof *members);
    if (type == OTF2_GROUP_TYPE_COMM_LOCATIONS && paradigm == OTF2_PARADIGM_MPI)
        x->cl_group = self;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_comm(void *u, OTF2_CommRef self, OTF2_StringRef name,
                                  OTF2_GroupRef group, OTF2_CommRef parent, OTF2_CommFlag flags)
{
    struct importer *x = u;
    (void)name;
    (void)flags;
    struct o2_gcomm *c = skel_otf2__gcomm_at(&x->m, self);
    int rc = c != NULL ? slot(&x->comm_group, &x->ncg, &x->capcg, self, sizeof *x->comm_group)
                       : SKEL_ENOMEM;
    if (rc != SKEL_OK)
        return stop(x, rc);
    c->defined = 1;
    c->parent = parent;
    x->comm_group[self] = group;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_intercomm(void *u, OTF2_CommRef self, OTF2_StringRef name,
                                       OTF2_GroupRef a, OTF2_GroupRef b, OTF2_CommRef common,
                                       OTF2_CommFlag flags)
{
    struct importer *x = u;
    (void)name;
    (void)common; /* the peer communicator: a Skel trace has none per intercommunicator */
    (void)flags;
    struct o2_gcomm *c = skel_otf2__gcomm_at(&x->m, self);
    int rc = c != NULL ? slot(&x->comm_group, &x->ncg, &x->capcg, self, sizeof *x->comm_group)
                       : SKEL_ENOMEM;
    if (rc == SKEL_OK)
        rc = slot(&x->comm_rgroup, &x->nrg, &x->caprg, self, sizeof *x->comm_rgroup);
    if (rc != SKEL_OK)
        return stop(x, rc);
    c->defined = 1;
    c->inter = 1;
    c->parent = OTF2_UNDEFINED_COMM;
    x->comm_group[self] = a;
    x->comm_rgroup[self] = b;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_cartdim(void *u, OTF2_CartDimensionRef self, OTF2_StringRef name,
                                     uint32_t size, OTF2_CartPeriodicity periodic)
{
    struct importer *x = u;
    (void)name;
    uint32_t n = x->ndims;
    int rc = slot(&x->dim_size, &n, &x->capdims, self, sizeof *x->dim_size);
    if (rc == SKEL_OK)
        rc = slot(&x->dim_periodic, &x->ndims, &x->capdimp, self, sizeof *x->dim_periodic);
    if (rc != SKEL_OK)
        return stop(x, rc);
    x->dim_size[self] = size;
    x->dim_periodic[self] = periodic == OTF2_CART_PERIODIC_TRUE;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_carttopo(void *u, OTF2_CartTopologyRef self, OTF2_StringRef name,
                                      OTF2_CommRef comm, uint8_t ndims,
                                      const OTF2_CartDimensionRef *dims)
{
    struct importer *x = u;
    (void)self;
    (void)name;
    struct o2_gcomm *c = skel_otf2__gcomm_at(&x->m, comm);
    if (c == NULL)
        return stop(x, SKEL_ENOMEM);
    free(c->dims);
    free(c->periods);
    c->dims = calloc(ndims + 1u, sizeof *c->dims);
    c->periods = calloc(ndims + 1u, sizeof *c->periods);
    if (c->dims == NULL || c->periods == NULL)
        return stop(x, skel_oom());
    for (uint8_t k = 0; k < ndims; k++) {
        if (dims[k] >= x->ndims)
            return stop(x, skel_fail(SKEL_EFORMAT,
                                     "Cartesian topology of communicator %u uses "
                                     "undefined dimension %u",
                                     comm, dims[k]));
        c->dims[k] = (int32_t)x->dim_size[dims[k]];
        c->periods[k] = x->dim_periodic[dims[k]];
    }
    c->ndims = ndims;
    c->flags |= SKEL_COMMF_CART;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_scl(void *u, OTF2_SourceCodeLocationRef self, OTF2_StringRef file,
                                 uint32_t line)
{
    struct importer *x = u;
    int rc = slot(&x->scls, &x->nscls, &x->capscls, self, sizeof *x->scls);
    if (rc != SKEL_OK)
        return stop(x, rc);
    x->scls[self] = (struct iscl){file, line};
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_cc(void *u, OTF2_CallingContextRef self, OTF2_RegionRef region,
                                OTF2_SourceCodeLocationRef scl, OTF2_CallingContextRef parent)
{
    struct importer *x = u;
    (void)parent;
    int rc = slot(&x->ccs, &x->nccs, &x->capccs, self, sizeof *x->ccs);
    if (rc != SKEL_OK)
        return stop(x, rc);
    x->ccs[self] = (struct icc){.defined = 1,
                                .region = region,
                                .scl = scl,
                                .module = OTF2_UNDEFINED_STRING,
                                .func = OTF2_UNDEFINED_STRING,
                                .file = OTF2_UNDEFINED_STRING};
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_ccprop(void *u, OTF2_CallingContextRef cc, OTF2_StringRef name,
                                    OTF2_Type type, OTF2_AttributeValue v)
{
    struct importer *x = u;
    if (cc >= x->nccs || !x->ccs[cc].defined)
        return OTF2_CALLBACK_SUCCESS;
    struct icc *c = &x->ccs[cc];
    const char *n = str(x, name);
    if (strcmp(n, "SKEL::MODULE") == 0 && type == OTF2_TYPE_STRING)
        c->module = v.stringRef;
    else if (strcmp(n, "SKEL::OFFSET") == 0 && type == OTF2_TYPE_UINT64)
        c->offset = v.uint64;
    else if (strcmp(n, "SKEL::FUNCTION") == 0 && type == OTF2_TYPE_STRING)
        c->func = v.stringRef;
    else if (strcmp(n, "SKEL::FILE") == 0 && type == OTF2_TYPE_STRING)
        c->file = v.stringRef;
    else if (strcmp(n, "SKEL::LINE") == 0 && type == OTF2_TYPE_UINT32)
        c->line = v.uint32;
    else if (strcmp(n, "SKEL::FORTRAN") == 0 && type == OTF2_TYPE_UINT8)
        c->fortran = v.uint8;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_lgprop(void *u, OTF2_LocationGroupRef group, OTF2_StringRef name,
                                    OTF2_Type type, OTF2_AttributeValue v)
{
    struct importer *x = u;
    if (skel_grow_u32(&x->props, &x->capprops, (uint64_t)x->nprops + 1, sizeof *x->props) !=
        SKEL_OK)
        return stop(x, SKEL_ENOMEM);
    x->props[x->nprops++] = (struct iprop){group, name, type, v};
    return OTF2_CALLBACK_SUCCESS;
}

static int read_definitions(struct importer *x)
{
    OTF2_GlobalDefReader *gd = OTF2_Reader_GetGlobalDefReader(x->rd);
    OTF2_GlobalDefReaderCallbacks *cb = OTF2_GlobalDefReaderCallbacks_New();
    if (gd == NULL || cb == NULL) {
        if (cb != NULL)
            OTF2_GlobalDefReaderCallbacks_Delete(cb);
        return skel_fail(SKEL_EFORMAT, "%s: no global definitions: %s", x->anchor,
                         skel_otf2__error_text(OTF2_ERROR_INVALID));
    }
    OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cb, def_clock);
    OTF2_GlobalDefReaderCallbacks_SetStringCallback(cb, def_string);
    OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(cb, def_attribute);
    OTF2_GlobalDefReaderCallbacks_SetParameterCallback(cb, def_parameter);
    OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(cb, def_stn);
    OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(cb, def_lg);
    OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cb, def_location);
    OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cb, def_region);
    OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cb, def_group);
    OTF2_GlobalDefReaderCallbacks_SetCommCallback(cb, def_comm);
    OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(cb, def_intercomm);
    OTF2_GlobalDefReaderCallbacks_SetCartDimensionCallback(cb, def_cartdim);
    OTF2_GlobalDefReaderCallbacks_SetCartTopologyCallback(cb, def_carttopo);
    OTF2_GlobalDefReaderCallbacks_SetSourceCodeLocationCallback(cb, def_scl);
    OTF2_GlobalDefReaderCallbacks_SetCallingContextCallback(cb, def_cc);
    OTF2_GlobalDefReaderCallbacks_SetCallingContextPropertyCallback(cb, def_ccprop);
    OTF2_GlobalDefReaderCallbacks_SetLocationGroupPropertyCallback(cb, def_lgprop);
    OTF2_ErrorCode c = OTF2_Reader_RegisterGlobalDefCallbacks(x->rd, gd, cb, x);
    OTF2_GlobalDefReaderCallbacks_Delete(cb);
    uint64_t n = 0;
    if (c == OTF2_SUCCESS)
        c = OTF2_Reader_ReadAllGlobalDefinitions(x->rd, gd, &n);
    if (x->rc != SKEL_OK)
        return skel_fail_context(x->rc, "%s: global definitions", x->anchor);
    if (c != OTF2_SUCCESS)
        return skel_fail(SKEL_EFORMAT, "%s: reading the global definitions: %s", x->anchor,
                         skel_otf2__error_text(c));
    return SKEL_OK;
}

/* Regions: which are MPI calls, and which of those Skel knows. */
static void classify_regions(struct importer *x)
{
    for (uint32_t i = 0; i < x->nregions; i++) {
        struct iregion *r = &x->regions[i];
        const char *name = str(x, r->name);
        r->mpi = r->paradigm == OTF2_PARADIGM_MPI || strncmp(name, "MPI_", 4) == 0;
        r->call = r->mpi && strncmp(name, "MPI_", 4) == 0 ? skel_call_by_name(name) : 0;
    }
}

/* ---- Ranks, locations, communicators ------------------------------------------------ */

static const struct ilocdef *locdef(const struct importer *x, uint64_t id)
{
    for (uint32_t i = 0; i < x->nlocdefs; i++)
        if (x->locdefs[i].id == id)
            return &x->locdefs[i];
    return NULL;
}

/* The ranks are the locations of the MPI "COMM_LOCATIONS" group, in order;
 * the other threads of a rank are the other locations of its process. */
static int build_ranks(struct importer *x)
{
    if (x->cl_group == UINT32_MAX || x->groups[x->cl_group].n == 0)
        return skel_fail(SKEL_EFORMAT,
                         "%s: no MPI ranks (no group of MPI locations): Skel reads archives of "
                         "MPI programs recorded with their MPI calls",
                         x->anchor);
    const struct igroup *g = &x->groups[x->cl_group];
    x->nranks = g->n;
    x->ranks = calloc(x->nranks, sizeof *x->ranks);
    uint32_t *lg_rank = calloc(x->nlg ? x->nlg : 1, sizeof *lg_rank); /* rank + 1 */
    uint32_t *nthreads = calloc(x->nranks, sizeof *nthreads);
    int rc = SKEL_OK;
    if (x->ranks == NULL || lg_rank == NULL || nthreads == NULL) {
        rc = skel_oom();
        goto out;
    }
    for (uint32_t r = 0; r < x->nranks && rc == SKEL_OK; r++) {
        const struct ilocdef *d = locdef(x, g->members[r]);
        if (d == NULL || d->group >= x->nlg || lg_rank[d->group] != 0)
            rc =
                skel_fail(SKEL_EFORMAT, "%s: MPI rank %u's location %" PRIu64 " is %s", x->anchor,
                          r, g->members[r], d == NULL ? "not defined" : "in no process of its own");
        else
            lg_rank[d->group] = r + 1;
        if (rc == SKEL_OK)
            rc = skel_otf2__rank_init(&x->ranks[r].rk, r, !x->skel);
        x->ranks[r].adj_comm = OTF2_UNDEFINED_COMM;
        x->ranks[r].locgroup = d != NULL ? d->group : 0;
        x->ranks[r].abort_code = -1;
        x->ranks[r].site_list = OTF2_UNDEFINED_STRING;
    }
    x->locs = calloc(x->nlocdefs ? x->nlocdefs : 1, sizeof *x->locs);
    if (rc == SKEL_OK && x->locs == NULL)
        rc = skel_oom();
    for (uint32_t i = 0; i < x->nlocdefs && rc == SKEL_OK; i++) {
        const struct ilocdef *d = &x->locdefs[i];
        if (d->type != OTF2_LOCATION_TYPE_CPU_THREAD || d->group >= x->nlg ||
            lg_rank[d->group] == 0)
            continue; /* a GPU stream or metric location, or no MPI rank's */
        uint32_t r = lg_rank[d->group] - 1, thread;
        if (x->skel)
            thread = (uint32_t)(d->id >> 32);
        else
            thread = d->id == g->members[r] ? 0 : ++nthreads[r];
        struct ilocation *l = &x->locs[x->nlocs];
        memset(l, 0, sizeof *l);
        l->rank = r;
        l->thread = thread;
        l->call_depth = -1;
        if (skel_map_put(&x->loc_index, d->id + 1, x->nlocs) != 0) {
            rc = skel_oom();
            break;
        }
        x->nlocs++;
        if (OTF2_Reader_SelectLocation(x->rd, d->id) != OTF2_SUCCESS)
            rc = skel_fail(SKEL_EFORMAT, "%s: cannot select location %" PRIu64 ": %s", x->anchor,
                           d->id, skel_otf2__error_text(OTF2_ERROR_INVALID));
    }
out:
    free(lg_rank);
    free(nthreads);
    return rc;
}

/* The world ranks of group gr, communicator c's, into *out (n of them). */
static int group_ranks(struct importer *x, uint32_t c, uint32_t gr, int32_t **out, uint32_t *n)
{
    if (gr >= x->ngroups || !x->groups[gr].defined)
        return skel_fail(SKEL_EFORMAT, "%s: communicator %u has no group", x->anchor, c);
    const struct igroup *g = &x->groups[gr];
    int32_t *v = malloc((g->n ? g->n : 1) * sizeof *v);
    if (v == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < g->n; i++) {
        uint64_t m = g->members[i];
        /* Members are ranks, or locations with GLOBAL_MEMBERS. */
        if (g->flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS) {
            skel_map_slot *s = skel_map_find(&x->loc_index, m + 1);
            m = s != NULL ? x->locs[s->val].rank : UINT64_MAX;
        }
        if (m >= x->nranks) {
            free(v);
            return skel_fail(SKEL_EFORMAT,
                             "%s: communicator %u has member %" PRIu64 ", beyond the %u ranks",
                             x->anchor, c, m, x->nranks);
        }
        v[i] = (int32_t)m;
    }
    *out = v;
    *n = g->n;
    return SKEL_OK;
}

/* Members, world, self and gids of the communicators. */
static int build_comms(struct importer *x)
{
    x->m.world = x->m.self = OTF2_UNDEFINED_COMM;
    x->m.nranks = x->nranks;
    for (uint32_t c = 0; c < x->m.ncomms; c++) {
        struct o2_gcomm *k = &x->m.comms[c];
        if (!k->defined)
            continue;
        uint32_t gr = c < x->ncg ? x->comm_group[c] : UINT32_MAX;
        if (gr >= x->ngroups || !x->groups[gr].defined)
            return skel_fail(SKEL_EFORMAT, "%s: communicator %u has no group", x->anchor, c);
        const struct igroup *g = &x->groups[gr];
        k->gid = 2 + (uint64_t)c;
        if (g->type == OTF2_GROUP_TYPE_COMM_SELF && !k->inter) {
            k->self = 1;
            k->size = 1;
            if (x->m.self == OTF2_UNDEFINED_COMM)
                x->m.self = c;
            continue;
        }
        int rc = group_ranks(x, c, gr, &k->members, &k->size);
        if (rc != SKEL_OK)
            return rc;
        if (k->inter) {
            uint32_t rg = c < x->nrg ? x->comm_rgroup[c] : UINT32_MAX;
            if ((rc = group_ranks(x, c, rg, &k->remote, &k->rsize)) != SKEL_OK)
                return rc;
            continue; /* never MPI_COMM_WORLD; its peers looked up in a group */
        }
        k->identity = 1;
        for (uint32_t i = 0; i < k->size; i++)
            k->identity &= k->members[i] == (int32_t)i;
        if (x->m.world == OTF2_UNDEFINED_COMM && k->identity && k->size == x->nranks &&
            k->parent == OTF2_UNDEFINED_COMM)
            x->m.world = c;
    }
    if (x->m.world == OTF2_UNDEFINED_COMM)
        return skel_fail(SKEL_EFORMAT,
                         "%s: no communicator holds every rank (no "
                         "MPI_COMM_WORLD)",
                         x->anchor);
    x->m.comms[x->m.world].gid = 0;
    if (x->m.self != OTF2_UNDEFINED_COMM)
        x->m.comms[x->m.self].gid = 1;
    for (uint32_t r = 0; r < x->nranks; r++) {
        x->ranks[r].rk.global[0] = x->m.world;
        x->ranks[r].rk.global[1] = x->m.self;
    }
    return SKEL_OK;
}

/* What the ranks of an archive of skel export said about themselves. */
static void rank_properties(struct importer *x)
{
    for (uint32_t i = 0; i < x->nprops; i++) {
        const struct iprop *p = &x->props[i];
        struct irank *k = NULL;
        for (uint32_t r = 0; r < x->nranks && k == NULL; r++)
            if (x->ranks[r].locgroup == p->group)
                k = &x->ranks[r];
        if (k == NULL)
            continue;
        const char *n = str(x, p->name);
        uint64_t u = p->type == OTF2_TYPE_UINT64 ? p->value.uint64 : 0;
        int64_t s = p->type == OTF2_TYPE_INT64 ? p->value.int64 : 0;
        uint32_t sr = p->type == OTF2_TYPE_STRING ? p->value.stringRef : OTF2_UNDEFINED_STRING;
        if (strcmp(n, "SKEL::HOST") == 0)
            k->host = sr;
        else if (strcmp(n, "SKEL::MPI_LIBRARY") == 0)
            k->mpi = sr;
        else if (strcmp(n, "SKEL::TRACER_VERSION") == 0)
            k->tracer = sr;
        else if (strcmp(n, "SKEL::PID") == 0)
            k->pid = u;
        else if (strcmp(n, "SKEL::THREAD_LEVEL") == 0)
            k->thread_level = u;
        else if (strcmp(n, "SKEL::T_INIT") == 0)
            k->t_init = u;
        else if (strcmp(n, "SKEL::UNIX_INIT_NS") == 0)
            k->unix_init = u;
        else if (strcmp(n, "SKEL::META_OVERHEAD_NS") == 0)
            k->meta_overhead = u;
        else if (strcmp(n, "SKEL::META_EVENTS") == 0)
            k->meta_events = u;
        else if (strcmp(n, "SKEL::META_CALL_NS") == 0)
            k->meta_call_ns = u <= 1000000000 ? u : 0; /* as the meta file allows */
        else if (strcmp(n, "SKEL::SIGNAL") == 0)
            k->signal = s;
        else if (strcmp(n, "SKEL::ABORT_CODE") == 0)
            k->abort_code = s;
        else if (strcmp(n, "SKEL::TRUNCATED") == 0)
            k->truncated = u;
        else if (strcmp(n, "SKEL::END_EVENTS") == 0)
            k->have_end = 1, k->end.nevents = u;
        else if (strcmp(n, "SKEL::OVERHEAD_NS") == 0)
            k->end.overhead_ns = u;
        else if (strcmp(n, "SKEL::PER_EVENT_NS") == 0)
            k->end.per_event_ns = u;
        else if (strcmp(n, "SKEL::FLUSH_NS") == 0)
            k->end.flush_ns = u;
        else if (strcmp(n, "SKEL::FLUSHES") == 0)
            k->end.nflush = u;
        else if (strcmp(n, "SKEL::USER_CPU_NS") == 0)
            k->end.user_cpu_ns = u;
        else if (strcmp(n, "SKEL::SYS_CPU_NS") == 0)
            k->end.sys_cpu_ns = u;
        else if (strcmp(n, "SKEL::T_END") == 0)
            k->end.t_end = u;
        else if (strcmp(n, "SKEL::SITES") == 0)
            k->site_list = sr;
    }
}

/* The host of rank r: its property, else the system tree node of its
 * process (Score-P names the node after the host). */
static const char *host_of(const struct importer *x, uint32_t r)
{
    const struct irank *k = &x->ranks[r];
    if (x->skel && k->host != OTF2_UNDEFINED_STRING && k->host < x->nstrings)
        return str(x, k->host);
    uint32_t stn = k->locgroup < x->nlg ? x->lg_stn[k->locgroup] : UINT32_MAX;
    return stn < x->nstn ? str(x, x->stn_name[stn]) : "";
}

static int open_writers(struct importer *x)
{
    for (uint32_t r = 0; r < x->nranks; r++) {
        struct irank *k = &x->ranks[r];
        char name[64], path[4200];
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(path, sizeof path, "%s/%s", x->dir, name);
        skel_rank_info info = {.rank = r,
                               .nranks = x->nranks,
                               .pid = (uint32_t)k->pid,
                               .thread_level = (uint32_t)k->thread_level,
                               .t_init = k->t_init,
                               .unix_init_ns = k->unix_init,
                               .host = (char *)host_of(x, r),
                               .mpi_library = (char *)(x->skel ? str(x, k->mpi) : ""),
                               .tracer_version = (char *)(x->skel ? str(x, k->tracer) : "")};
        int rc = skel_writer_open(path, &info, x->bufsize, 0, &k->w);
        if (rc == SKEL_OK)
            rc = declare_rank_sites(x, k);
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

/* ---- Events -------------------------------------------------------------------------- */

static struct ilocation *loc_of(struct importer *x, OTF2_LocationRef id)
{
    skel_map_slot *s = skel_map_find(&x->loc_index, id + 1);
    return s != NULL ? &x->locs[s->val] : NULL;
}

/* Position of a record for messages. */
static int at(struct importer *x, int rc, const struct ilocation *l, uint64_t time)
{
    return skel_fail_context(rc, "%s: rank %u thread %u, time %" PRIu64, x->anchor, l->rank,
                             l->thread, time);
}

static void read_overrides(struct importer *x, OTF2_AttributeList *al, struct overrides *o)
{
    o->have = 0;
    if (al == NULL)
        return;
    uint32_t n = OTF2_AttributeList_GetNumberOfElements(al);
    for (uint32_t i = 0; i < n; i++) {
        OTF2_AttributeRef ref;
        OTF2_Type type;
        OTF2_AttributeValue v;
        if (OTF2_AttributeList_GetAttributeByIndex(al, i, &ref, &type, &v) != OTF2_SUCCESS ||
            ref >= 256 || x->attr_map[ref] < 0 || type != skel_otf2__attr_type(x->attr_map[ref]))
            continue;
        int a = x->attr_map[ref];
        uint64_t val;
        switch (type) {
        case OTF2_TYPE_UINT8:
            val = v.uint8;
            break;
        case OTF2_TYPE_UINT16:
            val = v.uint16;
            break;
        case OTF2_TYPE_UINT32:
            val = v.uint32;
            break;
        case OTF2_TYPE_INT32:
            val = (uint64_t)(int64_t)v.int32;
            break;
        case OTF2_TYPE_INT64:
            val = (uint64_t)v.int64;
            break;
        case OTF2_TYPE_COMM:
            val = v.commRef;
            break;
        case OTF2_TYPE_STRING:
            val = v.stringRef;
            break;
        case OTF2_TYPE_CALLING_CONTEXT:
            val = v.callingContextRef;
            break;
        case OTF2_TYPE_SOURCE_CODE_LOCATION:
            val = v.sourceCodeLocationRef;
            break;
        default:
            val = v.uint64;
            break;
        }
        o->have |= 1ull << a;
        o->v[a] = val;
    }
}

#define HAVE(o, a) (((o)->have >> (a)) & 1u)

/* Declare the communicators the rank came to know since the last call;
 * from: the OTF2 reference of the communicator the creating call was made
 * on, where known (an intercommunicator's parent is each side's own local
 * communicator, which its one definition cannot say). */
static int declare_comms(struct importer *x, struct irank *k, uint32_t *declared,
                         uint16_t created_by, uint32_t from)
{
    for (; *declared < k->rk.nlocal; (*declared)++) {
        uint32_t ref = k->rk.global[*declared];
        if (ref >= x->m.ncomms || !x->m.comms[ref].defined)
            return skel_fail(SKEL_EFORMAT, "communicator %u is not defined", ref);
        const struct o2_gcomm *g = &x->m.comms[ref];
        uint32_t parent = SKEL_COMM_NONE, gp = g->inter ? from : g->parent;
        if (gp == x->m.world)
            parent = SKEL_COMM_WORLD;
        else if (gp == x->m.self)
            parent = SKEL_COMM_SELF;
        else if (gp != OTF2_UNDEFINED_COMM) {
            skel_map_slot *s = skel_map_find(&k->rk.local, (uint64_t)gp + 1);
            parent = s != NULL && s->val < *declared ? s->val : SKEL_COMM_NONE;
        }
        skel_comm c = {.index = *declared,
                       .gid = g->gid,
                       .parent = parent,
                       .created_by = created_by,
                       .flags = g->flags,
                       .size = g->self ? 1 : g->size,
                       .members = g->self ? (int32_t[]){(int32_t)k->rk.rank} : g->members,
                       .ndims = g->flags & SKEL_COMMF_CART ? g->ndims : 0,
                       .dims = g->dims,
                       .periods = g->periods};
        if (ref == k->adj_comm && (g->flags & SKEL_COMMF_GRAPH)) {
            c.flags |= SKEL_COMMF_ADJ;
            c.nin = k->adj_in;
            c.nout = k->adj_out;
            c.in = k->adj;
            c.out = k->adj + k->adj_in;
        }
        if (g->inter) {
            /* local: the group the rank is in; remote: the other */
            int in_a = skel_otf2__gcomm_in_a(g, k->rk.rank);
            c.flags = SKEL_COMMF_INTER;
            c.ndims = 0;
            c.size = in_a ? g->size : g->rsize;
            c.members = in_a ? g->members : g->remote;
            c.remote_size = in_a ? g->rsize : g->size;
            c.remote = in_a ? g->remote : g->members;
        }
        int rc = skel_writer_comm(k->w, &c);
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

/* Declare a call site on rank k under key: the calling context cc (of an
 * archive of skel export), or - cc NULL - the foreign site of the MPI region
 * inside the region `enclosing`. */
static int declare_site(struct importer *x, struct irank *k, uint64_t key, const struct icc *cc,
                        uint32_t enclosing, uint32_t *site)
{
    int fresh;
    uint32_t modstr = cc != NULL ? cc->module : OTF2_UNDEFINED_STRING;
    skel_map_slot *ms = skel_map_upsert(&k->modules, (uint64_t)modstr + 1, &fresh);
    if (ms == NULL)
        return skel_oom();
    if (fresh) {
        skel_module mod = {.index = k->nmodules,
                           .base = 0,
                           .path = (char *)(cc != NULL ? str(x, modstr) : "(otf2)")};
        int rc = skel_writer_module(k->w, &mod);
        if (rc != SKEL_OK) {
            skel_map_del_slot(&k->modules, ms);
            return rc;
        }
        ms->val = k->nmodules++;
    }
    skel_site st = {.index = k->nsites, .module = ms->val};
    if (cc != NULL) {
        st.offset = cc->offset;
        st.func = (char *)(cc->func != OTF2_UNDEFINED_STRING ? str(x, cc->func) : "");
        st.file = (char *)(cc->file != OTF2_UNDEFINED_STRING ? str(x, cc->file) : "");
        st.line = cc->line;
        st.fortran = cc->fortran;
    } else {
        const struct iregion *e = enclosing < x->nregions && x->regions[enclosing].defined
                                      ? &x->regions[enclosing]
                                      : NULL;
        st.offset = key;
        st.func = (char *)(e != NULL ? str(x, e->name) : "");
        st.file = (char *)(e != NULL ? str(x, e->file) : "");
        st.line = e != NULL ? e->line : 0;
    }
    st.addr = st.offset;
    int rc = skel_writer_site(k->w, &st);
    if (rc != SKEL_OK)
        return rc;
    if (skel_map_put(&k->sites, key, k->nsites) != 0)
        return skel_oom();
    *site = k->nsites++;
    return SKEL_OK;
}

static const struct icc *cc_at(const struct importer *x, uint64_t ref)
{
    return ref < x->nccs && x->ccs[ref].defined ? &x->ccs[ref] : NULL;
}

/* The rank's call sites in the order the trace had them (archives of skel
 * export list them per rank), so that their indices come back unchanged. */
static int declare_rank_sites(struct importer *x, struct irank *k)
{
    if (!x->skel || k->site_list == OTF2_UNDEFINED_STRING)
        return SKEL_OK;
    const char *p = str(x, k->site_list);
    while (*p) {
        char *end;
        unsigned long cc = strtoul(p, &end, 10);
        if (end == p || (*end != ',' && *end != '\0'))
            return skel_fail(SKEL_EFORMAT, "%s: rank %u: malformed site list", x->anchor,
                             k->rk.rank);
        const struct icc *c = cc_at(x, cc);
        uint32_t site;
        int rc = declare_site(x, k, c != NULL ? cc + 1 : ((uint64_t)1 << 62) + k->nsites, c,
                              OTF2_UNDEFINED_REGION, &site);
        if (rc != SKEL_OK)
            return rc;
        p = *end == ',' ? end + 1 : end;
    }
    return SKEL_OK;
}

/* The local site of the call: the calling context Skel wrote, or - in
 * other archives - the innermost enclosing region and the MPI region. */
static int call_site(struct importer *x, struct irank *k, const struct ilocation *l,
                     const struct overrides *o, uint32_t *site)
{
    uint64_t key;
    const struct icc *cc = NULL;
    *site = 0;
    if (HAVE(o, O2_A_SITE)) {
        if ((cc = cc_at(x, o->v[O2_A_SITE])) == NULL)
            return skel_fail(SKEL_EFORMAT, "call site %" PRIu64 " is not defined", o->v[O2_A_SITE]);
        key = o->v[O2_A_SITE] + 1;
    } else if (!x->skel) {
        key = ((uint64_t)l->enclosing << 32) | l->stack[l->call_depth];
    } else {
        return SKEL_OK; /* skel export wrote no site: there was none */
    }
    skel_map_slot *s = skel_map_find(&k->sites, key);
    if (s != NULL) {
        *site = s->val;
        return SKEL_OK;
    }
    return declare_site(x, k, key, cc, l->enclosing, site);
}

/* Events of foreign archives wait in the rank's queue while an MPI_Irecv
 * does not know its source, or a nonblocking collective its communicator,
 * until the request completes; events behind them wait too. */
/* An event with its working-set sample (skel::working_set_bytes), which
 * the rank file holds as a record before it. */
static int write_event(struct irank *k, const skel_event *ev)
{
    int rc = ev->ws_bytes > 0 ? skel_writer_wset(k->w, ev->thread, ev->ws_bytes) : SKEL_OK;
    return rc == SKEL_OK ? skel_writer_event(k->w, ev) : rc;
}

static int write_front(struct irank *k)
{
    while (k->qlen > 0 && k->queue[k->qhead].waits_for == 0) {
        struct pending *p = &k->queue[k->qhead];
        int rc = write_event(k, &p->ev);
        free(p->comp);
        free(p->reqs);
        k->qhead = (k->qhead + 1) % k->capqueue;
        k->qlen--;
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

static int enqueue(struct irank *k, const skel_event *ev, uint64_t waits_for)
{
    if (k->qlen == k->capqueue) {
        uint32_t cap = k->capqueue ? 2 * k->capqueue : 16;
        struct pending *q = malloc(cap * sizeof *q);
        if (q == NULL)
            return skel_oom();
        for (uint32_t i = 0; i < k->qlen; i++)
            q[i] = k->queue[(k->qhead + i) % k->capqueue];
        free(k->queue);
        k->queue = q;
        k->qhead = 0;
        k->capqueue = cap;
    }
    struct pending *p = &k->queue[(k->qhead + k->qlen) % k->capqueue];
    memset(p, 0, sizeof *p);
    p->ev = *ev;
    p->waits_for = waits_for;
    if (ev->ncomplete > 0) {
        p->comp = malloc(ev->ncomplete * sizeof *p->comp);
        if (p->comp == NULL)
            return skel_oom();
        memcpy(p->comp, ev->complete, ev->ncomplete * sizeof *p->comp);
    }
    if (ev->nreqs > 0) {
        p->reqs = malloc(ev->nreqs * sizeof *p->reqs);
        if (p->reqs == NULL) {
            free(p->comp);
            return skel_oom();
        }
        memcpy(p->reqs, ev->reqs, ev->nreqs * sizeof *p->reqs);
    }
    p->ev.complete = p->comp;
    p->ev.reqs = p->reqs;
    k->qlen++;
    return SKEL_OK;
}

static int emit(struct irank *k, const skel_event *ev, uint64_t waits_for)
{
    if (k->qlen == 0 && waits_for == 0)
        return write_event(k, ev);
    return enqueue(k, ev, waits_for);
}

/* The request req of rank k completed: what its record says completes the
 * waiting event. */
static int resolve(struct irank *k, uint64_t req, const struct o2_rec *r, int32_t src,
                   const struct o2_model *m, uint32_t comm_local)
{
    for (uint32_t i = 0; i < k->qlen; i++) {
        struct pending *p = &k->queue[(k->qhead + i) % k->capqueue];
        if (p->waits_for != req)
            continue;
        if (r->kind == O2_R_IRECV) {
            p->ev.peer = src;
            p->ev.tag = (int32_t)r->tag;
            p->ev.bytes = r->len;
            p->ev.count = (int64_t)r->len;
            p->ev.dtsize = 1;
            p->ev.comm = comm_local;
        } else if (r->kind == O2_R_NBC_COMPLETE) {
            p->ev.comm = comm_local;
            if (r->rank != OTF2_UNDEFINED_UINT32 && r->comm < m->ncomms &&
                m->comms[r->comm].members != NULL) {
                int32_t w = skel_otf2__gcomm_peer_world(&m->comms[r->comm], k->rk.rank, r->rank);
                if (w >= 0)
                    p->ev.root = w;
            }
            p->ev.bytes = r->len;
            p->ev.rbytes = r->len2;
            p->ev.count = (int64_t)(r->len ? r->len : r->len2);
            p->ev.dtsize = 1;
        }
        p->waits_for = 0;
        break;
    }
    return write_front(k);
}

/* A rank field as a Skel trace may hold it: a rank of the run, or one of
 * the SKEL_PEER_* values (the reader refuses anything else). */
static int peer_ok(const struct importer *x, int64_t v)
{
    return v >= SKEL_PEER_ROOT && v < (int64_t)x->nranks;
}

static int apply_event_overrides(struct importer *x, struct irank *k, struct o2_call *c,
                                 const struct overrides *o, uint32_t *declared)
{
    skel_event *ev = &c->ev;
    int created, rc;
#define SET(a, field, type)                                                                        \
    if (HAVE(o, a))                                                                                \
        ev->field = (type)o->v[a];
    SET(O2_A_FLAGS, flags, uint16_t)
    SET(O2_A_GAP_WALL, gap_wall, uint64_t)
    SET(O2_A_GAP_CPU, gap_cpu, uint64_t)
    SET(O2_A_PEER, peer, int32_t)
    SET(O2_A_TAG, tag, int32_t)
    SET(O2_A_PEER2, peer2, int32_t)
    SET(O2_A_TAG2, tag2, int32_t)
    SET(O2_A_ASRC, asrc, int32_t)
    SET(O2_A_ATAG, atag, int32_t)
    SET(O2_A_ROOT, root, int32_t)
    SET(O2_A_OBJ, obj, uint32_t)
    SET(O2_A_COUNT, count, int64_t)
    SET(O2_A_DTSIZE, dtsize, uint32_t)
    SET(O2_A_OP, op, uint8_t)
    SET(O2_A_BYTES, bytes, uint64_t)
    SET(O2_A_RBYTES, rbytes, uint64_t)
    SET(O2_A_REQ, req, uint64_t)
    SET(O2_A_WS, ws_bytes, uint64_t)
    SET(O2_A_PARTS, parts, uint32_t)
#undef SET
    if (HAVE(o, O2_A_PARTS) &&
        (!skel_call_partitioned(ev->call) || o->v[O2_A_PARTS] == 0 || o->v[O2_A_PARTS] > INT32_MAX))
        return skel_fail(SKEL_EFORMAT, "skel::partitions %" PRIu64 " on %s", o->v[O2_A_PARTS],
                         skel_call_name(ev->call));
    if ((HAVE(o, O2_A_PEER) && !peer_ok(x, ev->peer)) ||
        (HAVE(o, O2_A_PEER2) && !peer_ok(x, ev->peer2)) ||
        (HAVE(o, O2_A_ASRC) && !peer_ok(x, ev->asrc)) ||
        (HAVE(o, O2_A_ROOT) && !peer_ok(x, ev->root)))
        return skel_fail(SKEL_EFORMAT, "an event names a rank outside the run's %u ranks",
                         x->nranks);
    if (ev->ws_bytes > SKEL_WSET_MAX)
        return skel_fail(SKEL_EFORMAT, "a working set of %" PRIu64 " bytes (more than 2^50)",
                         ev->ws_bytes);
    if (HAVE(o, O2_A_GROUP)) {
        if (ev->call != SKEL_CALL_MPI_Win_post && ev->call != SKEL_CALL_MPI_Win_start)
            return skel_fail(SKEL_EFORMAT, "skel::group on %s", skel_call_name(ev->call));
        if ((rc = skel_otf2__parse_group(str(x, (uint32_t)o->v[O2_A_GROUP]), x->nranks, &k->group,
                                         &k->capgroup, &ev->ngroup)) != SKEL_OK)
            return rc;
        ev->group = k->group;
    }
    if (HAVE(o, O2_A_COMM) && (rc = skel_otf2__local_comm(&x->m, &k->rk, (uint32_t)o->v[O2_A_COMM],
                                                          &ev->comm, &created)) != SKEL_OK)
        return rc;
    if (HAVE(o, O2_A_NEWCOMM) &&
        (rc = skel_otf2__local_comm(&x->m, &k->rk, (uint32_t)o->v[O2_A_NEWCOMM], &ev->newcomm,
                                    &created)) != SKEL_OK)
        return rc;
    if (HAVE(o, O2_A_OBJ_KIND)) {
        skel_object obj = {
            .index = ev->obj,
            .kind = (uint8_t)o->v[O2_A_OBJ_KIND],
            .comm = SKEL_COMM_NONE,
            .name = (char *)(HAVE(o, O2_A_OBJ_NAME) ? str(x, (uint32_t)o->v[O2_A_OBJ_NAME]) : "")};
        if (HAVE(o, O2_A_OBJ_COMM) &&
            (rc = skel_otf2__local_comm(&x->m, &k->rk, (uint32_t)o->v[O2_A_OBJ_COMM], &obj.comm,
                                        &created)) != SKEL_OK)
            return rc;
        if ((rc = declare_comms(x, k, declared, 0, OTF2_UNDEFINED_COMM)) != SKEL_OK ||
            (rc = skel_writer_object(k->w, &obj)) != SKEL_OK)
            return rc;
        k->nobjects++;
    }
    return declare_comms(x, k, declared, 0, OTF2_UNDEFINED_COMM);
}

static int finish_call(struct importer *x, struct ilocation *l, uint64_t time)
{
    struct irank *k = &x->ranks[l->rank];
    struct o2_call *c = &l->call;
    int rc;
    uint32_t declared = k->rk.nlocal;
    skel_otf2__end(&k->rk, c, ns_of(x, time));
    if ((rc = apply_event_overrides(x, k, c, &l->ov, &declared)) != SKEL_OK ||
        (rc = call_site(x, k, l, &l->ov, &c->ev.site)) != SKEL_OK)
        return rc;
    uint64_t waits_for = 0;
    if (!x->skel) {
        int kl = c->klass;
        if ((kl == SKEL_CLASS_PROBE || kl == SKEL_CLASS_IPROBE || kl == SKEL_CLASS_MPROBE ||
             kl == SKEL_CLASS_IMPROBE) &&
            !HAVE(&l->ov, O2_A_PEER)) {
            c->ev.peer = SKEL_PEER_ANY; /* OTF2 says nothing of what a probe looks for */
            c->ev.tag = SKEL_TAG_ANY;
        }
        if ((kl == SKEL_CLASS_IRECV || kl == SKEL_CLASS_ICOLL) && c->ev.req != 0)
            waits_for = c->ev.req;
    }
    c->ev.seq = k->nevents++;
    if ((rc = skel_otf2__commit(&k->rk, c)) != SKEL_OK ||
        (rc = emit(k, &c->ev, waits_for)) != SKEL_OK)
        return rc;
    x->st.events++;
    l->call_depth = -1;
    return SKEL_OK;
}

static OTF2_CallbackCode ev_enter(OTF2_LocationRef loc, OTF2_TimeStamp time, void *u,
                                  OTF2_AttributeList *al, OTF2_RegionRef region)
{
    struct importer *x = u;
    struct ilocation *l = loc_of(x, loc);
    if (l == NULL)
        return OTF2_CALLBACK_SUCCESS;
    if (skel_grow_u32(&l->stack, &l->capstack, (uint64_t)l->depth + 1, sizeof *l->stack) != SKEL_OK)
        return stop(x, SKEL_ENOMEM);
    l->stack[l->depth++] = region;
    if (l->call_depth >= 0)
        return OTF2_CALLBACK_SUCCESS; /* inside an MPI call: not the application's */
    if (region >= x->nregions || !x->regions[region].defined)
        return stop(
            x, at(x, skel_fail(SKEL_EFORMAT, "Enter of undefined region %u", region), l, time));
    const struct iregion *r = &x->regions[region];
    if (!r->mpi)
        return OTF2_CALLBACK_SUCCESS;
    x->mpi_events++;
    if (r->call == 0) {
        if (x->st.skipped_calls++ == 0)
            snprintf(x->st.skipped_example, sizeof x->st.skipped_example, "%s", str(x, r->name));
        return OTF2_CALLBACK_SUCCESS; /* its time stays in the compute gap */
    }
    const struct skel_call_info *ci = skel_call_info(r->call);
    if (!x->skel && ci != NULL &&
        (ci->category == SKEL_CATEGORY_RMA || ci->category == SKEL_CATEGORY_IO ||
         ci->klass == SKEL_CLASS_SEND_INIT || ci->klass == SKEL_CLASS_RECV_INIT ||
         ci->klass == SKEL_CLASS_START))
        return stop(x, at(x,
                          skel_fail(SKEL_EUNSUPPORTED,
                                    "%s: %s calls in an archive not written by Skel are not "
                                    "imported (their peers, sizes and requests are not in the "
                                    "records OTF2 has for them)",
                                    str(x, r->name),
                                    ci->category == SKEL_CATEGORY_RMA  ? "one-sided"
                                    : ci->category == SKEL_CATEGORY_IO ? "MPI-IO"
                                                                       : "persistent-request"),
                          l, time));
    l->call_depth = (int32_t)l->depth - 1;
    l->enclosing = OTF2_UNDEFINED_REGION;
    for (uint32_t i = l->depth - 1; i-- > 0;)
        if (l->stack[i] < x->nregions && !x->regions[l->stack[i]].mpi) {
            l->enclosing = l->stack[i];
            break;
        }
    skel_otf2__begin(&l->call, r->call, l->thread, ns_of(x, time));
    read_overrides(x, al, &l->ov);
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode ev_leave(OTF2_LocationRef loc, OTF2_TimeStamp time, void *u,
                                  OTF2_AttributeList *al, OTF2_RegionRef region)
{
    struct importer *x = u;
    (void)al;
    struct ilocation *l = loc_of(x, loc);
    if (l == NULL)
        return OTF2_CALLBACK_SUCCESS;
    if (l->depth == 0 || l->stack[l->depth - 1] != region)
        return stop(x, at(x,
                          skel_fail(SKEL_EFORMAT,
                                    "Leave of region %s, which is not the last "
                                    "one entered",
                                    region < x->nregions ? str(x, x->regions[region].name) : "?"),
                          l, time));
    l->depth--;
    if (l->call_depth >= 0 && l->depth == (uint32_t)l->call_depth) {
        int rc = finish_call(x, l, time);
        if (rc != SKEL_OK)
            return stop(x, at(x, rc, l, time));
    }
    return OTF2_CALLBACK_SUCCESS;
}

static void apply_completion_overrides(const struct overrides *o, skel_completion *c)
{
    if (HAVE(o, O2_A_C_INDEX))
        c->index = (uint32_t)o->v[O2_A_C_INDEX];
    if (HAVE(o, O2_A_C_FLAGS))
        c->flags = (uint16_t)o->v[O2_A_C_FLAGS];
    if (HAVE(o, O2_A_C_SRC))
        c->src = (int32_t)o->v[O2_A_C_SRC];
    if (HAVE(o, O2_A_C_TAG))
        c->tag = (int32_t)o->v[O2_A_C_TAG];
    if (HAVE(o, O2_A_C_BYTES))
        c->bytes = o->v[O2_A_C_BYTES];
    if (HAVE(o, O2_A_C_CALL))
        c->call = (uint16_t)o->v[O2_A_C_CALL];
}

static const char *const rec_names[] = {"MpiSend",
                                        "MpiIsend",
                                        "MpiIrecvRequest",
                                        "MpiRecv",
                                        "MpiIrecv",
                                        "MpiIsendComplete",
                                        "NonBlockingCollectiveRequest",
                                        "NonBlockingCollectiveComplete",
                                        "MpiCollectiveBegin",
                                        "MpiCollectiveEnd",
                                        "MpiRequestCancelled",
                                        "a started request",
                                        "a completed request",
                                        "CommCreate",
                                        "CommDestroy"};

static OTF2_CallbackCode on_rec(struct importer *x, OTF2_LocationRef loc, OTF2_AttributeList *al,
                                struct o2_rec *r)
{
    struct ilocation *l = loc_of(x, loc);
    if (l == NULL)
        return OTF2_CALLBACK_SUCCESS;
    if (l->call_depth < 0)
        return stop(
            x,
            at(x, skel_fail(SKEL_EFORMAT, "%s record outside of an MPI call", rec_names[r->kind]),
               l, r->time));
    struct irank *k = &x->ranks[l->rank];
    struct overrides o;
    read_overrides(x, al, &o);
    k->adj_comm = OTF2_UNDEFINED_COMM;
    if (r->kind == O2_R_COMM_CREATE && r->comm < x->m.ncomms) {
        if (HAVE(&o, O2_A_GID))
            x->m.comms[r->comm].gid = o.v[O2_A_GID];
        if (HAVE(&o, O2_A_COMM_FLAGS))
            x->m.comms[r->comm].flags = (uint16_t)o.v[O2_A_COMM_FLAGS];
        if (HAVE(&o, O2_A_NEIGHBORS)) {
            int rc = skel_otf2__parse_neighbors(str(x, (uint32_t)o.v[O2_A_NEIGHBORS]), x->nranks,
                                                &k->adj, &k->capadj, &k->adj_in, &k->adj_out);
            if (rc != SKEL_OK)
                return stop(x, at(x, rc, l, r->time));
            k->adj_comm = r->comm;
        }
    }
    skel_completion *comp;
    int created;
    uint32_t declared = k->rk.nlocal;
    int rc = skel_otf2__apply(&x->m, &k->rk, &l->call, r, &comp, &created);
    /* A communicator met first in a record other than CommCreate was not
     * made by this call. */
    if (rc == SKEL_OK)
        rc = declare_comms(x, k, &declared, r->kind == O2_R_COMM_CREATE ? l->call.ev.call : 0,
                           r->kind == O2_R_COMM_CREATE && HAVE(&l->ov, O2_A_COMM)
                               ? (uint32_t)l->ov.v[O2_A_COMM]
                               : OTF2_UNDEFINED_COMM);
    if (rc == SKEL_OK && comp != NULL) {
        apply_completion_overrides(&o, comp);
        /* Attributes are the archive's bytes: a completion naming no rank
         * of the run, or an index past the last, would write a trace the
         * reader refuses (found by fuzz_otf2). */
        if (!peer_ok(x, comp->src) || comp->index == UINT32_MAX)
            return stop(x, at(x,
                              skel_fail(SKEL_EFORMAT,
                                        "a completion names rank %d or index %u, outside "
                                        "the run's %u ranks",
                                        (int)comp->src, (unsigned)comp->index, x->nranks),
                              l, r->time));
        if (!x->skel && (r->kind == O2_R_IRECV || r->kind == O2_R_NBC_COMPLETE)) {
            uint32_t local = SKEL_COMM_NONE;
            int fresh;
            rc = skel_otf2__local_comm(&x->m, &k->rk, r->comm, &local, &fresh);
            if (rc == SKEL_OK)
                rc = declare_comms(x, k, &declared, 0, OTF2_UNDEFINED_COMM);
            if (rc == SKEL_OK)
                rc = resolve(k, comp->req, r, comp->src, &x->m, local);
        }
    }
    return rc == SKEL_OK ? OTF2_CALLBACK_SUCCESS : stop(x, at(x, rc, l, r->time));
}

#define REC_CB(name, ...)                                                                          \
    static OTF2_CallbackCode name(OTF2_LocationRef loc, OTF2_TimeStamp time, void *u,              \
                                  OTF2_AttributeList *al, __VA_ARGS__)

REC_CB(ev_send, uint32_t dst, OTF2_CommRef comm, uint32_t tag, uint64_t len)
{
    struct importer *x = u;
    struct o2_rec r = {
        .kind = O2_R_SEND, .time = time, .comm = comm, .rank = dst, .tag = tag, .len = len};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_isend, uint32_t dst, OTF2_CommRef comm, uint32_t tag, uint64_t len, uint64_t req)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_ISEND,
                       .time = time,
                       .comm = comm,
                       .rank = dst,
                       .tag = tag,
                       .len = len,
                       .req = req};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_isend_complete, uint64_t req)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_ISEND_COMPLETE, .time = time, .req = req};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_irecv_request, uint64_t req)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_IRECV_REQUEST, .time = time, .req = req};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_recv, uint32_t src, OTF2_CommRef comm, uint32_t tag, uint64_t len)
{
    struct importer *x = u;
    struct o2_rec r = {
        .kind = O2_R_RECV, .time = time, .comm = comm, .rank = src, .tag = tag, .len = len};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_irecv, uint32_t src, OTF2_CommRef comm, uint32_t tag, uint64_t len, uint64_t req)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_IRECV,
                       .time = time,
                       .comm = comm,
                       .rank = src,
                       .tag = tag,
                       .len = len,
                       .req = req};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_cancelled, uint64_t req)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_CANCELLED, .time = time, .req = req};
    return on_rec(x, loc, al, &r);
}

static OTF2_CallbackCode ev_coll_begin(OTF2_LocationRef loc, OTF2_TimeStamp time, void *u,
                                       OTF2_AttributeList *al)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_COLL_BEGIN, .time = time};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_coll_end, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root, uint64_t sent,
       uint64_t received)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_COLL_END,
                       .time = time,
                       .op = op,
                       .comm = comm,
                       .rank = root,
                       .len = sent,
                       .len2 = received};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_nbc_request, uint64_t req)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_NBC_REQUEST, .time = time, .req = req};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_nbc_complete, OTF2_CollectiveOp op, OTF2_CommRef comm, uint32_t root, uint64_t sent,
       uint64_t received, uint64_t req)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_NBC_COMPLETE,
                       .time = time,
                       .op = op,
                       .comm = comm,
                       .rank = root,
                       .len = sent,
                       .len2 = received,
                       .req = req};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_comm_create, OTF2_CommRef comm)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_COMM_CREATE, .time = time, .comm = comm};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_comm_destroy, OTF2_CommRef comm)
{
    struct importer *x = u;
    struct o2_rec r = {.kind = O2_R_COMM_DESTROY, .time = time, .comm = comm};
    return on_rec(x, loc, al, &r);
}

REC_CB(ev_param, OTF2_ParameterRef param, uint64_t value)
{
    struct importer *x = u;
    int p = param < 256 ? x->param_map[param] : -1;
    if (p < 0)
        return OTF2_CALLBACK_SUCCESS; /* a parameter of the application's (Score-P) */
    struct o2_rec r = {
        .kind = p == O2_P_STARTED ? O2_R_STARTED : O2_R_COMPLETED, .time = time, .req = value};
    return on_rec(x, loc, al, &r);
}

/* The tracer's own time (Score-P flushing its buffer) is not the
 * application's: left out of the next compute gap. */
REC_CB(ev_flush, OTF2_TimeStamp stop_time)
{
    struct importer *x = u;
    struct ilocation *l = loc_of(x, loc);
    (void)al;
    if (l == NULL)
        return OTF2_CALLBACK_SUCCESS;
    uint64_t a = ns_of(x, time), b = ns_of(x, stop_time);
    int rc = skel_otf2__pause(&x->ranks[l->rank].rk, l->thread, b > a ? b - a : 0);
    return rc == SKEL_OK ? OTF2_CALLBACK_SUCCESS : stop(x, rc);
}

REC_CB(ev_onoff, OTF2_MeasurementMode mode)
{
    struct importer *x = u;
    struct ilocation *l = loc_of(x, loc);
    (void)al;
    if (l == NULL || mode != OTF2_MEASUREMENT_OFF)
        return OTF2_CALLBACK_SUCCESS;
    return stop(x, at(x,
                      skel_fail(SKEL_EUNSUPPORTED,
                                "measurement was switched off here: the time until it is on "
                                "again is neither known compute nor known MPI, and a skeleton "
                                "made from it would be wrong; record the whole run"),
                      l, time));
}

static int read_events(struct importer *x)
{
    /* Local definitions carry the mapping tables and clock offsets that
     * the event readers apply; they are optional. */
    int have_defs = OTF2_Reader_OpenDefFiles(x->rd) == OTF2_SUCCESS;
    OTF2_ErrorCode c = OTF2_Reader_OpenEvtFiles(x->rd);
    if (c != OTF2_SUCCESS)
        return skel_fail(SKEL_EFORMAT, "%s: cannot open the event files: %s", x->anchor,
                         skel_otf2__error_text(c));
    for (uint32_t i = 0; i < x->nlocdefs; i++) {
        if (skel_map_find(&x->loc_index, x->locdefs[i].id + 1) == NULL)
            continue;
        if (have_defs) {
            OTF2_DefReader *dr = OTF2_Reader_GetDefReader(x->rd, x->locdefs[i].id);
            if (dr != NULL) {
                uint64_t n;
                OTF2_Reader_ReadAllLocalDefinitions(x->rd, dr, &n);
                OTF2_Reader_CloseDefReader(x->rd, dr);
            }
        }
        if (OTF2_Reader_GetEvtReader(x->rd, x->locdefs[i].id) == NULL)
            return skel_fail(SKEL_EFORMAT, "%s: no events for location %" PRIu64 ": %s", x->anchor,
                             x->locdefs[i].id, skel_otf2__error_text(OTF2_ERROR_INVALID));
    }
    if (have_defs)
        OTF2_Reader_CloseDefFiles(x->rd);
    OTF2_GlobalEvtReader *ge = OTF2_Reader_GetGlobalEvtReader(x->rd);
    OTF2_GlobalEvtReaderCallbacks *cb = OTF2_GlobalEvtReaderCallbacks_New();
    if (ge == NULL || cb == NULL) {
        if (cb != NULL)
            OTF2_GlobalEvtReaderCallbacks_Delete(cb);
        return skel_fail(SKEL_EFORMAT, "%s: cannot read the events: %s", x->anchor,
                         skel_otf2__error_text(OTF2_ERROR_INVALID));
    }
    OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(cb, ev_enter);
    OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(cb, ev_leave);
    OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback(cb, ev_send);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCallback(cb, ev_isend);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCompleteCallback(cb, ev_isend_complete);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvRequestCallback(cb, ev_irecv_request);
    OTF2_GlobalEvtReaderCallbacks_SetMpiRecvCallback(cb, ev_recv);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvCallback(cb, ev_irecv);
    OTF2_GlobalEvtReaderCallbacks_SetMpiRequestCancelledCallback(cb, ev_cancelled);
    OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveBeginCallback(cb, ev_coll_begin);
    OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback(cb, ev_coll_end);
    OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(cb, ev_nbc_request);
    OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(cb, ev_nbc_complete);
    OTF2_GlobalEvtReaderCallbacks_SetCommCreateCallback(cb, ev_comm_create);
    OTF2_GlobalEvtReaderCallbacks_SetCommDestroyCallback(cb, ev_comm_destroy);
    OTF2_GlobalEvtReaderCallbacks_SetParameterUnsignedIntCallback(cb, ev_param);
    OTF2_GlobalEvtReaderCallbacks_SetBufferFlushCallback(cb, ev_flush);
    OTF2_GlobalEvtReaderCallbacks_SetMeasurementOnOffCallback(cb, ev_onoff);
    c = OTF2_Reader_RegisterGlobalEvtCallbacks(x->rd, ge, cb, x);
    OTF2_GlobalEvtReaderCallbacks_Delete(cb);
    uint64_t n = 0;
    if (c == OTF2_SUCCESS)
        c = OTF2_Reader_ReadAllGlobalEvents(x->rd, ge, &n);
    OTF2_Reader_CloseGlobalEvtReader(x->rd, ge);
    if (x->rc != SKEL_OK)
        return x->rc;
    if (c != OTF2_SUCCESS)
        return skel_fail(SKEL_EFORMAT, "%s: reading the events: %s", x->anchor,
                         skel_otf2__error_text(c));
    /* libotf2 stops quietly at a damaged chunk: fewer records than the
     * locations' definitions announce is a damaged or truncated archive (a
     * location announcing none may just not say). */
    uint64_t announced = 0;
    int known = 1;
    for (uint32_t i = 0; i < x->nlocdefs; i++)
        if (skel_map_find(&x->loc_index, x->locdefs[i].id + 1) != NULL) {
            announced += x->locdefs[i].nevents;
            known &= x->locdefs[i].nevents > 0;
        }
    if (known && n < announced)
        return skel_fail(SKEL_ETRUNCATED,
                         "%s: the event files hold %" PRIu64 " records of the ranks' locations, "
                         "their definitions announce %" PRIu64 ": the archive is damaged or cut "
                         "short",
                         x->anchor, n, announced);
    return SKEL_OK;
}

/* ---- The trace directory -------------------------------------------------------------- */

static char *property(struct importer *x, const char *name)
{
    char *v = NULL;
    if (OTF2_Reader_GetProperty(x->rd, name, &v) != OTF2_SUCCESS || v == NULL)
        return NULL;
    char *u = skel_otf2__unescape(v);
    free(v);
    return u;
}

/* Argument vectors kept as PREFIX_ARGC and PREFIX_ARG_i. */
static int property_argv(struct importer *x, const char *prefix, char ***out, uint32_t *n)
{
    char name[96];
    snprintf(name, sizeof name, "%s_ARGC", prefix);
    char *v = property(x, name);
    unsigned long argc = v != NULL ? strtoul(v, NULL, 10) : 0;
    free(v);
    if (argc > 1u << 16)
        return skel_fail(SKEL_EFORMAT, "%s: %s says %lu arguments", x->anchor, name, argc);
    *out = calloc(argc + 1, sizeof **out);
    if (*out == NULL)
        return skel_oom();
    for (*n = 0; *n < argc; (*n)++) {
        snprintf(name, sizeof name, "%s_ARG_%u", prefix, *n);
        if (((*out)[*n] = property(x, name)) == NULL)
            return skel_fail(SKEL_EFORMAT, "%s: property %s is missing or malformed", x->anchor,
                             name);
    }
    return SKEL_OK;
}

static int finish_ranks(struct importer *x)
{
    int rc = SKEL_OK;
    for (uint32_t r = 0; r < x->nranks; r++) {
        struct irank *k = &x->ranks[r];
        /* What still waits for a request that never completed goes as it is. */
        for (uint32_t i = 0; i < k->qlen; i++)
            k->queue[(k->qhead + i) % k->capqueue].waits_for = 0;
        int e = write_front(k);
        if (e == SKEL_OK) {
            if (x->skel && k->truncated) {
                if (k->signal != 0 || k->abort_code >= 0)
                    e = skel_writer_crash(k->w, (int)k->signal, (int)k->abort_code);
                skel_writer_abandon(k->w);
            } else if (x->skel && k->have_end && k->end.nevents != k->nevents) {
                e = skel_fail(SKEL_EFORMAT,
                              "%s: rank %u recorded %" PRIu64 " events, the archive holds %" PRIu64,
                              x->anchor, r, k->end.nevents, k->nevents);
                skel_writer_abandon(k->w);
            } else {
                skel_rank_end end = k->end;
                if (!x->skel || !k->have_end)
                    end = (skel_rank_end){.nevents = k->nevents};
                e = skel_writer_finish(k->w, &end);
            }
            k->w = NULL;
        }
        if (rc == SKEL_OK)
            rc = e;
    }
    return rc;
}

static int write_meta(struct importer *x)
{
    skel_meta m;
    memset(&m, 0, sizeof m);
    m.version_major = 1;
    m.nranks = x->nranks;
    m.complete = 1;
    int rc = SKEL_OK;
    char *v;
    m.ranks = calloc(x->nranks ? x->nranks : 1, sizeof *m.ranks);
    if (m.ranks == NULL)
        return skel_oom();
    for (uint32_t r = 0; r < x->nranks; r++) {
        const struct irank *k = &x->ranks[r];
        m.ranks[r] = (skel_meta_rank){.rank = r,
                                      .host = (char *)host_of(x, r),
                                      .pid = (uint32_t)k->pid,
                                      .overhead_ns = k->meta_overhead,
                                      .call_ns = x->skel ? k->meta_call_ns : 0,
                                      .nevents = x->skel ? k->meta_events : k->nevents};
    }
    m.nrank_entries = x->nranks;
    if (x->skel) {
        m.tracer_version = property(x, "SKEL::TRACER_VERSION");
        m.mpi_library = property(x, "SKEL::MPI_LIBRARY");
        if ((v = property(x, "SKEL::MPI_VERSION")) != NULL)
            sscanf(v, "%u %u", &m.mpi_version, &m.mpi_subversion);
        free(v);
        if ((v = property(x, "SKEL::START_UNIX_NS")) != NULL)
            m.start_unix_ns = strtoull(v, NULL, 10);
        free(v);
        if ((v = property(x, "SKEL::COMPLETE")) != NULL)
            m.complete = strcmp(v, "1") == 0;
        free(v);
        if ((rc = property_argv(x, "SKEL::COMMAND", &m.command, &m.ncommand)) == SKEL_OK)
            rc = property_argv(x, "SKEL::LAUNCH", &m.launch, &m.nlaunch);
    } else {
        m.tracer_version = strdup(x->st.creator);
        m.mpi_library = strdup("");
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/meta", x->dir);
    if (rc == SKEL_OK)
        rc = skel_meta_write(path, &m);
    for (uint32_t i = 0; m.command != NULL && i < m.ncommand; i++)
        free(m.command[i]);
    for (uint32_t i = 0; m.launch != NULL && i < m.nlaunch; i++)
        free(m.launch[i]);
    free(m.command);
    free(m.launch);
    free(m.tracer_version);
    free(m.mpi_library);
    free(m.ranks);
    return rc;
}

static void importer_free(struct importer *x)
{
    for (uint32_t i = 0; i < x->nstrings; i++)
        free(x->strings[i]);
    free(x->strings);
    free(x->regions);
    for (uint32_t i = 0; i < x->ngroups; i++)
        free(x->groups[i].members);
    free(x->groups);
    free(x->ccs);
    free(x->scls);
    free(x->props);
    free(x->locdefs);
    free(x->stn_name);
    free(x->lg_stn);
    free(x->dim_size);
    free(x->dim_periodic);
    free(x->comm_group);
    free(x->comm_rgroup);
    skel_otf2__model_free(&x->m);
    for (uint32_t r = 0; x->ranks != NULL && r < x->nranks; r++) {
        struct irank *k = &x->ranks[r];
        if (k->w != NULL)
            skel_writer_abandon(k->w);
        for (uint32_t i = 0; i < k->qlen; i++) {
            free(k->queue[(k->qhead + i) % k->capqueue].comp);
            free(k->queue[(k->qhead + i) % k->capqueue].reqs);
        }
        free(k->queue);
        free(k->adj);
        free(k->group);
        skel_map_free(&k->sites);
        skel_map_free(&k->modules);
        skel_otf2__rank_free(&k->rk);
    }
    free(x->ranks);
    for (uint32_t i = 0; x->locs != NULL && i < x->nlocs; i++) {
        free(x->locs[i].stack);
        skel_otf2__call_free(&x->locs[i].call);
    }
    free(x->locs);
    skel_map_free(&x->loc_index);
    if (x->rd != NULL)
        OTF2_Reader_Close(x->rd);
}

int skel_otf2_import(const char *anchor, const char *dir, struct skel_otf2_import_stats *st)
{
    struct stat sb;
    if (stat(dir, &sb) == 0)
        return skel_fail(SKEL_EUSAGE, "%s exists already: the trace goes into a new directory",
                         dir);
    if (stat(anchor, &sb) != 0)
        return skel_fail(SKEL_ENOTFOUND, "%s: %s", anchor, strerror(errno));
    struct importer *x = calloc(1, sizeof *x);
    if (x == NULL)
        return skel_oom();
    int rc = SKEL_OK;
    x->anchor = anchor;
    x->cl_group = UINT32_MAX;
    x->resolution = 1000000000u;
    memset(x->attr_map, -1, sizeof x->attr_map);
    memset(x->param_map, -1, sizeof x->param_map);
    if (snprintf(x->dir, sizeof x->dir, "%s.partial.%ld", dir, (long)getpid()) >=
        (int)sizeof x->dir) {
        free(x);
        return skel_fail(SKEL_EUSAGE, "%s: path too long", dir);
    }
    skel_otf2__errors_capture();
    if ((x->rd = OTF2_Reader_Open(anchor)) == NULL) {
        rc = skel_fail(SKEL_EFORMAT, "%s: not an OTF2 archive Skel can read: %s", anchor,
                       skel_otf2__error_text(OTF2_ERROR_INVALID));
        goto out;
    }
    OTF2_Reader_SetSerialCollectiveCallbacks(x->rd);
    char *v = property(x, O2_FORMAT_PROPERTY), *creator = NULL;
    x->skel = v != NULL && strcmp(v, O2_FORMAT_VALUE) == 0;
    free(v);
    if (OTF2_Reader_GetCreator(x->rd, &creator) == OTF2_SUCCESS && creator != NULL)
        snprintf(x->st.creator, sizeof x->st.creator, "%s", creator);
    free(creator);
    x->st.skel_archive = x->skel;
    if ((rc = read_definitions(x)) != SKEL_OK)
        goto out;
    classify_regions(x);
    if ((rc = build_ranks(x)) != SKEL_OK || (rc = build_comms(x)) != SKEL_OK)
        goto out;
    rank_properties(x);
    /* Every rank's file is open while the events are read in time order:
     * the buffers share about 256 MiB. */
    x->bufsize = ((size_t)256 << 20) / (x->nranks ? x->nranks : 1);
    x->bufsize = x->bufsize > (1u << 20)    ? 1u << 20
                 : x->bufsize < (64u << 10) ? 64u << 10
                                            : x->bufsize;
    skel_remove_tree(x->dir);
    if (mkdir(x->dir, 0777) != 0) {
        rc = skel_fail(SKEL_EIO, "%s: cannot create: %s", x->dir, strerror(errno));
        goto out;
    }
    if ((rc = open_writers(x)) != SKEL_OK || (rc = read_events(x)) != SKEL_OK)
        goto out;
    if (x->mpi_events == 0) {
        rc = skel_fail(SKEL_EFORMAT,
                       "%s: no MPI calls: the archive has no MPI regions entered (was it "
                       "recorded with MPI measurement switched off, or filtered?)",
                       anchor);
        goto out;
    }
    if (x->st.events == 0) {
        rc = skel_fail(SKEL_EFORMAT,
                       "%s: none of its %" PRIu64 " MPI calls is one Skel knows "
                       "(for example %s)",
                       anchor, x->mpi_events, x->st.skipped_example);
        goto out;
    }
    for (uint32_t i = 0; i < x->nlocs; i++)
        if (x->locs[i].call_depth >= 0) {
            rc = skel_fail(SKEL_ETRUNCATED, "%s: rank %u thread %u ends inside %s", anchor,
                           x->locs[i].rank, x->locs[i].thread,
                           skel_call_name(x->locs[i].call.ev.call));
            goto out;
        }
    if ((rc = finish_ranks(x)) != SKEL_OK || (rc = write_meta(x)) != SKEL_OK)
        goto out;
    if (rename(x->dir, dir) != 0)
        rc = skel_fail(SKEL_EIO, "%s: cannot rename %s to it: %s", dir, x->dir, strerror(errno));
out:
    x->st.ranks = x->nranks;
    if (st != NULL)
        *st = x->st;
    if (rc != SKEL_OK) {
        char saved[2048];
        snprintf(saved, sizeof saved, "%s", skel_last_error());
        importer_free(x);
        skel_remove_tree(x->dir);
        skel_fail(rc, "%s", saved);
    } else {
        importer_free(x);
    }
    free(x);
    return rc;
}
