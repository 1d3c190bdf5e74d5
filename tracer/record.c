/* record.c - the tracer's one real handler: turn the raw arguments a wrapper
 * captured (struct skel_tr_call) into a trace event, keeping the tables that
 * give MPI handles their trace identities: communicators (with membership as
 * world ranks), requests, call sites, code modules, files and windows.
 *
 * Everything here runs with the session lock held (record.h: skel_tr_commit).
 */
#include "record.h"

#include "error.h"
#include "grow.h"
#include "codec.h"
#include "map.h"
#include "session.h"
#include "writer.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <limits.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile int skel_tr_active;
uint64_t skel_tr_cpu_sample_ns = 20000, skel_tr_cpu_period_ns = 20000;
__thread struct skel_tr_thread skel_tr_self __attribute__((tls_model("initial-exec")));

static uint32_t nthreads_seen;

struct skel_tr_thread *skel_tr_thread_slow(void)
{
    struct skel_tr_thread *t = &skel_tr_self;
    t->index = __atomic_fetch_add(&nthreads_seen, 1, __ATOMIC_RELAXED);
    t->prev_end = skel_tr_now();
    t->cpu_ref = skel_tr_cpu_now();
    t->wall_ref = t->prev_end;
    t->ready = 1;
    return t;
}

uint64_t skel_tr_enter_slow(struct skel_tr_call *c, struct skel_tr_thread *t, uint64_t now)
{
    uint64_t gap = c->gap_wall;
    if (gap >= skel_tr_cpu_sample_ns &&
        (t->sleepy || t->ws.armed || now - t->wall_ref >= skel_tr_cpu_period_ns)) {
        /* Long gap: measure.  Between the previous sample and the start of
         * this gap the thread was in MPI calls and unsampled gaps, all
         * counted busy (MPICH polls), so that stretch counts as CPU time. */
        uint64_t cpu = skel_tr_cpu_now();
        int64_t used = (int64_t)(cpu - t->cpu_ref) - (int64_t)(t->prev_end - t->wall_ref);
        c->gap_cpu = used < 0 ? 0 : (uint64_t)used > gap ? gap : (uint64_t)used;
        t->sleepy = 2 * c->gap_cpu < gap;
        uint64_t pause = 0;
        if (__builtin_expect(t->ws.armed, 0)) {
            /* The watched phase ends: its working set (wset.h).  The
             * reading is the tracer's time, in neither the gap nor the call
             * nor the next CPU sample. */
            pause = t->ws.pause;
            skel_tr_ws_read(&t->ws);
            /* Marking the phase's pages again after the clear made it
             * longer: the tracer's doing, a pause too (at most half of
             * it, the estimate being the tracer's). */
            uint64_t re = t->ws.remark < gap / 2 ? t->ws.remark : gap / 2;
            t->ws.pause += re;
            c->gap_cpu -= c->gap_cpu < re ? c->gap_cpu : re;
            pause = t->ws.pause - pause;
            cpu = skel_tr_cpu_now();
        }
        now = skel_tr_now();
        t->cpu_ref = cpu;
        t->wall_ref = now;
        c->gap_wall = now - t->prev_end - pause;
    }
    /* The watched phase was too short to sample: no reading (one taken
     * later would count this call's pages and every call's until then). */
    if (__builtin_expect(t->ws.armed, 0))
        skel_tr_ws_drop(&t->ws, now);
    return now;
}

#define HANDLE_KEY(h) handle_key(&(h), sizeof(h))
static uint64_t handle_key(const void *h, size_t n)
{
    uint64_t k = 0;
    memcpy(&k, h, n < sizeof k ? n : sizeof k);
    return k;
}

/* ---- communicators ------------------------------------------------------- */

struct tr_comm {
    uint32_t index;
    uint32_t size;    /* local group size */
    int32_t *members; /* world rank of each local rank (NULL: identity) */
    uint32_t rsize;   /* remote group (intercommunicators) */
    int32_t *remote;
    int inter;
    int external; /* a group reaches outside this world (MPI_Comm_spawn) */
};

#define EXTERNAL (SKEL_COMM_NONE - 1) /* comm_map's value for an external communicator */

static struct tr_comm *comms;
static uint32_t ncomms, comm_cap;
static skel_map comm_map;
static skel_map gid_seq; /* membership hash -> communicators created so far */

/* Communicators whose groups reach outside MPI_COMM_WORLD (the
 * intercommunicator MPI_Comm_spawn returns to parents and children, and what
 * is made from it) describe processes that are not in this trace: no
 * record is written for them, their index is that of the world (so every
 * table stays in bounds), and the thread's call is marked; its event is not
 * written, so its time falls into the next compute gap.  Set once the first
 * such communicator is seen, so that other programs pay nothing. */
static int external_seen;

static int external_call(struct skel_tr_call *c)
{
    if (__builtin_expect(!external_seen, 1) || !c->t->external)
        return 0;
    c->t->external = 0;
    return 1;
}

int32_t skel_tr_world_rank(uint32_t ci, int rank)
{
    if (rank == MPI_ANY_SOURCE)
        return SKEL_PEER_ANY;
    if (rank == MPI_PROC_NULL)
        return SKEL_PEER_NULL;
    if (rank == MPI_ROOT)
        return SKEL_PEER_ROOT;
    if (ci >= ncomms || rank < 0)
        return SKEL_PEER_NONE;
    const struct tr_comm *c = &comms[ci];
    if (c->inter) /* peers of intercommunicator calls are in the remote group */
        return (uint32_t)rank < c->rsize ? c->remote[rank] : SKEL_PEER_NONE;
    if ((uint32_t)rank >= c->size)
        return SKEL_PEER_NONE;
    return c->members != NULL ? c->members[rank] : rank;
}

static int32_t *group_members(MPI_Group g, uint32_t *n)
{
    int size;
    MPI_Group world;
    PMPI_Group_size(g, &size);
    int32_t *m = malloc(((size_t)size + 1) * sizeof *m);
    int *in = malloc(((size_t)size + 1) * sizeof *in);
    if (m == NULL || in == NULL) {
        free(m);
        free(in);
        return NULL;
    }
    for (int i = 0; i < size; i++)
        in[i] = i;
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    PMPI_Group_translate_ranks(g, size, in, world, (int *)m);
    PMPI_Group_free(&world);
    free(in);
    *n = (uint32_t)size;
    return m;
}

static int grow_comms(void)
{
    if (ncomms < comm_cap)
        return 0;
    uint32_t ncap = comm_cap ? comm_cap * 2 : 16;
    struct tr_comm *n = realloc(comms, ncap * sizeof *n);
    if (n == NULL)
        return -1;
    comms = n;
    comm_cap = ncap;
    return 0;
}

static void predefined_comms(void)
{
    if (ncomms > 0 || grow_comms() != 0)
        return;
    comms[0] = (struct tr_comm){.index = 0, .size = (uint32_t)skel_tr_s.nranks};
    comms[1] = (struct tr_comm){.index = 1, .size = 1};
    comms[1].members = malloc(sizeof(int32_t));
    if (comms[1].members != NULL)
        comms[1].members[0] = skel_tr_s.rank;
    ncomms = 2;
    MPI_Comm w = MPI_COMM_WORLD, s = MPI_COMM_SELF;
    skel_map_put(&comm_map, HANDLE_KEY(w), 0);
    skel_map_put(&comm_map, HANDLE_KEY(s), 1);
}

/* This rank's neighbours on a graph topology, as world ranks, into
 * rec->in/out (the caller frees them); -1 if MPI would not say. */
static int graph_neighbors(MPI_Comm comm, int topo, const struct tr_comm *tc, skel_comm *rec)
{
    int nin = 0, nout = 0, weighted = 0, me = 0;
    if (topo == MPI_GRAPH) {
        PMPI_Comm_rank(comm, &me);
        if (PMPI_Graph_neighbors_count(comm, me, &nin) != MPI_SUCCESS)
            return -1;
        nout = nin;
    } else if (PMPI_Dist_graph_neighbors_count(comm, &nin, &nout, &weighted) != MPI_SUCCESS) {
        return -1;
    }
    if (nin < 0 || nout < 0 || nin > (1 << 24) || nout > (1 << 24))
        return -1;
    size_t n = (size_t)nin + (size_t)nout + 1;
    int *v = malloc(2 * n * sizeof *v);
    int32_t *w = malloc(n * sizeof *w);
    int rc = v != NULL && w != NULL ? 0 : -1;
    if (rc == 0 && topo == MPI_GRAPH) {
        rc = PMPI_Graph_neighbors(comm, me, nin, v) == MPI_SUCCESS ? 0 : -1;
        if (rc == 0)
            memcpy(v + nin, v, (size_t)nin * sizeof *v);
    } else if (rc == 0) {
        int *wts = v + n; /* the weights, if any: not kept */
        rc = PMPI_Dist_graph_neighbors(comm, nin, v, weighted ? wts : MPI_UNWEIGHTED, nout, v + nin,
                                       weighted ? wts + nin : MPI_UNWEIGHTED) == MPI_SUCCESS
                 ? 0
                 : -1;
    }
    /* Ranks of the communicator to world ranks. */
    for (int i = 0; rc == 0 && i < nin + nout; i++) {
        if (v[i] < 0 || (uint32_t)v[i] >= tc->size)
            rc = -1;
        else
            w[i] = tc->members[v[i]];
    }
    free(v);
    if (rc != 0) {
        free(w);
        return -1;
    }
    rec->nin = (uint32_t)nin;
    rec->nout = (uint32_t)nout;
    rec->in = w;
    rec->out = w + nin;
    return 0;
}

/* Give a new communicator its trace index, describing it in the trace. */
static uint32_t register_comm(MPI_Comm comm, uint32_t parent, uint16_t created_by)
{
    predefined_comms();
    if (comm == MPI_COMM_NULL || grow_comms() != 0)
        return SKEL_COMM_NONE;
    struct tr_comm tc = {.index = ncomms};
    skel_comm rec;
    memset(&rec, 0, sizeof rec);
    int inter = 0;
    PMPI_Comm_test_inter(comm, &inter);
    MPI_Group g;
    PMPI_Comm_group(comm, &g);
    tc.members = group_members(g, &tc.size);
    PMPI_Group_free(&g);
    if (inter) {
        PMPI_Comm_remote_group(comm, &g);
        tc.remote = group_members(g, &tc.rsize);
        PMPI_Group_free(&g);
        tc.inter = 1;
        rec.flags |= SKEL_COMMF_INTER;
    }
    if (tc.members == NULL || (inter && tc.remote == NULL)) {
        free(tc.members);
        free(tc.remote);
        return SKEL_COMM_NONE;
    }
    for (uint32_t i = 0; i < tc.size; i++)
        tc.external |= tc.members[i] == MPI_UNDEFINED;
    for (uint32_t i = 0; i < tc.rsize; i++)
        tc.external |= tc.remote[i] == MPI_UNDEFINED;
    if (tc.external) {
        free(tc.members);
        free(tc.remote);
        external_seen = 1;
        skel_map_put(&comm_map, HANDLE_KEY(comm), EXTERNAL);
        return EXTERNAL;
    }
    /* Global id: the same on every member, from the membership and how many
     * communicators with this membership this rank has seen before (creation
     * is collective, so members count alike).  The two groups of an
     * intercommunicator are local and remote the other way round on the
     * other side: they are hashed in an order both sides agree on. */
    const int32_t *ga = tc.members, *gb = tc.remote;
    uint32_t na = tc.size, nb = tc.rsize;
    if (inter && skel_group_before(gb, nb, ga, na)) {
        ga = tc.remote, gb = tc.members;
        na = tc.rsize, nb = tc.size;
    }
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < na; i++)
        h = (h ^ (uint64_t)ga[i]) * 1099511628211ull;
    for (uint32_t i = 0; i < nb; i++)
        h = (h ^ (uint64_t)gb[i] ^ 0x8000000000ull) * 1099511628211ull;
    skel_map_slot *seq = skel_map_find(&gid_seq, h);
    uint32_t n = seq != NULL ? seq->val + 1 : 0;
    skel_map_put(&gid_seq, h, n);
    rec.gid = (skel_mix64(h + n) | 2) & ~(1ull << 63); /* never 0/1 (world/self) */

    int topo = MPI_UNDEFINED;
    PMPI_Topo_test(comm, &topo);
    int32_t dims[64], periods[64], coords[64];
    if (topo == MPI_CART) {
        int nd = 0;
        PMPI_Cartdim_get(comm, &nd);
        if (nd > 0 && nd <= 64 &&
            PMPI_Cart_get(comm, nd, (int *)dims, (int *)periods, (int *)coords) == MPI_SUCCESS) {
            rec.flags |= SKEL_COMMF_CART;
            rec.ndims = (uint32_t)nd;
            rec.dims = dims;
            rec.periods = periods;
        }
    } else if (topo == MPI_GRAPH || topo == MPI_DIST_GRAPH) {
        rec.flags |= SKEL_COMMF_GRAPH;
        if (graph_neighbors(comm, topo, &tc, &rec) == 0)
            rec.flags |= SKEL_COMMF_ADJ;
    }
    rec.index = tc.index;
    rec.parent = parent;
    rec.created_by = created_by;
    rec.size = tc.size;
    rec.members = tc.members;
    rec.remote_size = tc.rsize;
    rec.remote = tc.remote;
    int wrc = skel_writer_comm(skel_tr_s.w, &rec);
    free(rec.in); /* rec.out points into it */
    if (wrc != SKEL_OK) {
        free(tc.members);
        free(tc.remote);
        return SKEL_COMM_NONE;
    }
    comms[ncomms++] = tc;
    skel_map_put(&comm_map, HANDLE_KEY(comm), tc.index);
    return tc.index;
}

uint32_t skel_tr_comm_index(MPI_Comm comm)
{
    predefined_comms();
    if (comm == MPI_COMM_WORLD)
        return SKEL_COMM_WORLD;
    skel_map_slot *s = skel_map_find(&comm_map, HANDLE_KEY(comm));
    uint32_t ci;
    if (s != NULL) {
        ci = (uint32_t)s->val;
    } else {
        if (comm == MPI_COMM_NULL)
            return SKEL_COMM_WORLD;
        /* Created by a call we did not see (before tracing started, by a
         * library through PMPI, by MPI_Comm_spawn): describe it now. */
        ci = register_comm(comm, SKEL_COMM_NONE, 0);
    }
    if (ci == EXTERNAL) {
        skel_tr_self.external = 1;
        return SKEL_COMM_WORLD;
    }
    return ci == SKEL_COMM_NONE ? SKEL_COMM_WORLD : ci;
}

/* Freed: the handle may come back for another communicator. */
static uint32_t comm_gen;

static void forget_comm(MPI_Comm comm)
{
    skel_map_del(&comm_map, HANDLE_KEY(comm));
    comm_gen++;
}

/* ---- requests ------------------------------------------------------------ */

struct tr_req {
    uint64_t id;
    uint64_t key;
    uint64_t bytes; /* bytes a send request sends */
    int32_t peer;   /* peer asked for (world rank or SKEL_PEER_*) */
    int32_t tag;    /* tag asked for */
    uint32_t next;  /* next request with the same handle (0 = none), 1-based */
    uint32_t comm;
    uint16_t call;
    uint8_t klass;
    uint8_t persistent;
    uint8_t cancelled;
    uint8_t live;
    uint8_t pair;   /* the next request of this handle completes with this one */
    uint8_t posted; /* a receive completes as posted: its source, tag and capacity */
};

static struct tr_req *reqs; /* 1-based pool; reqs[0] unused */
static uint32_t nreq_slots, req_cap, req_free;
static skel_map req_map; /* handle -> first pool index (FIFO chain) */
static uint64_t next_req_id = 1;

static uint32_t req_alloc(void)
{
    if (req_free != 0) {
        uint32_t i = req_free;
        req_free = reqs[i].next;
        return i;
    }
    if (nreq_slots + 1 >= req_cap) {
        uint32_t ncap = req_cap ? req_cap * 2 : 256;
        struct tr_req *n = realloc(reqs, ncap * sizeof *n);
        if (n == NULL)
            return 0;
        reqs = n;
        req_cap = ncap;
        if (nreq_slots == 0)
            nreq_slots = 1;
    }
    return nreq_slots++;
}

/* Where the requests of a handle start: a direct-mapped front table holds
 * most handles (an MPI library reuses a small set of request handles, so
 * they rarely collide), the map the others.  A handle lives in one of the
 * two, never both.  Some MPI libraries hand out the same handle for several
 * requests that are complete at once (MPI_PROC_NULL peers): a handle keeps
 * a FIFO of requests, chained through next. */
#define FRONT 1024u
static struct {
    uint64_t key;
    uint32_t head; /* pool index, 0: empty */
} front[FRONT];

static inline uint32_t front_slot(uint64_t key)
{
    return (uint32_t)((key ^ key >> 4) * 0x9E3779B1u) >> 22; /* 10 bits: FRONT */
}
_Static_assert(FRONT == 1u << 10, "front_slot makes 10-bit indices");

/* The cell holding the pool index of the first request of key, or NULL. */
static inline __attribute__((always_inline)) uint32_t *head_of(uint64_t key)
{
    uint32_t f = front_slot(key);
    if (front[f].head != 0 && front[f].key == key)
        return &front[f].head;
    if (req_map.live == 0)
        return NULL;
    skel_map_slot *s = skel_map_find(&req_map, key);
    return s != NULL ? &s->val : NULL;
}

/* Take the first request of key off its FIFO (head is head_of(key)); returns
 * its pool index, which the caller frees or keeps. */
static uint32_t pop_head(uint64_t key, uint32_t *head)
{
    uint32_t i = *head;
    *head = reqs[i].next;
    if (*head == 0) {
        uint32_t f = front_slot(key);
        if (head == &front[f].head)
            front[f].key = 0;
        else
            skel_map_del(&req_map, key);
    }
    return i;
}

static void req_release(uint32_t i)
{
    reqs[i].live = 0;
    reqs[i].next = req_free;
    req_free = i;
}

static uint64_t req_new(MPI_Request h, uint16_t call, int klass, uint32_t comm, int persistent,
                        int posted, uint64_t bytes, int32_t peer, int32_t tag)
{
    uint32_t i = req_alloc();
    if (i == 0)
        return 0;
    uint64_t key = HANDLE_KEY(h);
    reqs[i] = (struct tr_req){.id = next_req_id++,
                              .key = key,
                              .comm = comm,
                              .call = call,
                              .klass = (uint8_t)klass,
                              .persistent = (uint8_t)persistent,
                              .posted = (uint8_t)posted,
                              .live = 1,
                              .bytes = bytes,
                              .peer = peer,
                              .tag = tag};
    uint32_t *head = head_of(key), f = front_slot(key);
    if (head != NULL) {
        uint32_t j = *head;
        while (reqs[j].next != 0)
            j = reqs[j].next;
        reqs[j].next = i;
    } else if (front[f].head == 0) {
        front[f].key = key;
        front[f].head = i;
    } else if (skel_map_put(&req_map, key, i) != 0) {
        req_release(i);
        return 0;
    }
    return reqs[i].id;
}

static struct tr_req *req_lookup(MPI_Request h)
{
    uint32_t *head = head_of(HANDLE_KEY(h));
    return head != NULL ? &reqs[*head] : NULL;
}

/* Remove the first request of handle h from the table (with its partner,
 * an MPI_Isendrecv's send). */
static void req_drop(MPI_Request h)
{
    uint64_t key = HANDLE_KEY(h);
    uint32_t *head = head_of(key);
    if (head == NULL)
        return;
    int pair = reqs[*head].pair;
    req_release(pop_head(key, head));
    if (pair && (head = head_of(key)) != NULL)
        req_release(pop_head(key, head));
}

/* ---- call sites and modules ---------------------------------------------- */

static skel_map site_map, module_map;
static uint32_t nsites, nmodules;
static uint8_t *site_fortran;
static uint32_t site_fortran_cap;

static int is_fortran_module(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    return strstr(base, "fort") != NULL || strstr(base, "f08") != NULL ||
           strstr(base, "usempi") != NULL || strstr(base, "mpifh") != NULL ||
           strstr(base, "f90") != NULL || strstr(base, "f77") != NULL;
}

static uint32_t site_index(const void *addr, int *fortran)
{
    uint64_t key = (uint64_t)(uintptr_t)addr;
    skel_map_slot *s = skel_map_find(&site_map, key);
    if (s != NULL) {
        *fortran = site_fortran[s->val];
        return s->val;
    }
    skel_site site;
    memset(&site, 0, sizeof site);
    site.index = nsites;
    site.addr = key;
    site.module = SKEL_COMM_NONE;
    site.func = "";
    site.file = "";
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    if (dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) != 0 && info.dli_fname != NULL) {
        uint64_t base = (uint64_t)(uintptr_t)info.dli_fbase;
        skel_map_slot *m = skel_map_find(&module_map, base);
        if (m == NULL) {
            /* The executable may be named as it was started (relative):
             * record an absolute path so the trace can be resolved later. */
            char abs[4096];
            const char *mpath = info.dli_fname;
            if (mpath[0] != '/' && realpath(mpath, abs) != NULL)
                mpath = abs;
            else if (mpath[0] != '/') {
                ssize_t k = readlink("/proc/self/exe", abs, sizeof abs - 1);
                if (k > 0) {
                    abs[k] = '\0';
                    mpath = abs;
                }
            }
            skel_module mod = {.index = nmodules, .base = base, .path = (char *)mpath};
            if (skel_writer_module(skel_tr_s.w, &mod) == SKEL_OK) {
                skel_map_put(&module_map, base, nmodules);
                site.module = nmodules++;
            }
        } else {
            site.module = m->val;
        }
        site.offset = key - base;
        /* dladdr names the nearest symbol of the dynamic table below the
         * address, which in a stripped library is often an exported function
         * far before a static one: keep the name only if the symbol's extent
         * holds the call (addr is the return address, one past it). */
        if (info.dli_sname != NULL && sym != NULL && sym->st_size > 0 &&
            (uintptr_t)addr - 1 - (uintptr_t)info.dli_saddr < sym->st_size)
            site.func = (char *)info.dli_sname;
        site.fortran = (uint8_t)is_fortran_module(info.dli_fname);
    }
    if (nsites >= site_fortran_cap) {
        uint32_t ncap = site_fortran_cap ? site_fortran_cap * 2 : 256;
        uint8_t *n = realloc(site_fortran, ncap);
        if (n == NULL) {
            *fortran = 0;
            return 0;
        }
        site_fortran = n;
        site_fortran_cap = ncap;
    }
    if (skel_writer_site(skel_tr_s.w, &site) != SKEL_OK) {
        *fortran = 0;
        return 0;
    }
    site_fortran[nsites] = site.fortran;
    skel_map_put(&site_map, key, nsites);
    *fortran = site.fortran;
    return nsites++;
}

/* ---- files, windows, matched messages ------------------------------------ */

static skel_map file_map, win_map, msg_map;
static uint32_t nobjects;
/* By object index: its communicator's index and, for a file, the end of
 * the furthest byte this rank wrote to it (SKEL_EVF_REWRITE). */
static struct tr_object {
    uint32_t comm;
    MPI_Offset written;
} * objs;
static uint32_t objs_cap;

static uint32_t new_object(uint8_t kind, uint32_t comm)
{
    skel_object o = {.index = nobjects, .kind = kind, .comm = comm, .name = ""};
    if (skel_writer_object(skel_tr_s.w, &o) != SKEL_OK)
        return SKEL_COMM_NONE;
    if (nobjects >= objs_cap) {
        uint32_t ncap = objs_cap ? objs_cap * 2 : 16;
        struct tr_object *n = realloc(objs, ncap * sizeof *n);
        if (n == NULL)
            return SKEL_COMM_NONE;
        objs = n;
        objs_cap = ncap;
    }
    objs[nobjects] = (struct tr_object){.comm = comm, .written = 0};
    return nobjects++;
}

static uint32_t lookup_object(skel_map *m, uint64_t key)
{
    skel_map_slot *s = skel_map_find(m, key);
    return s != NULL ? s->val : SKEL_COMM_NONE;
}

/* ---- datatypes and operations -------------------------------------------- */

static uint32_t type_size(MPI_Datatype dt)
{
    int sz = 0;
    if (dt == MPI_DATATYPE_NULL || PMPI_Type_size(dt, &sz) != MPI_SUCCESS || sz < 0)
        return 0;
    return (uint32_t)sz;
}

static uint8_t op_code(MPI_Op op)
{
    if (op == MPI_SUM)
        return SKEL_OP_SUM;
    if (op == MPI_MAX)
        return SKEL_OP_MAX;
    if (op == MPI_MIN)
        return SKEL_OP_MIN;
    if (op == MPI_PROD)
        return SKEL_OP_PROD;
    if (op == MPI_LAND)
        return SKEL_OP_LAND;
    if (op == MPI_BAND)
        return SKEL_OP_BAND;
    if (op == MPI_LOR)
        return SKEL_OP_LOR;
    if (op == MPI_BOR)
        return SKEL_OP_BOR;
    if (op == MPI_LXOR)
        return SKEL_OP_LXOR;
    if (op == MPI_BXOR)
        return SKEL_OP_BXOR;
    if (op == MPI_MAXLOC)
        return SKEL_OP_MAXLOC;
    if (op == MPI_MINLOC)
        return SKEL_OP_MINLOC;
    if (op == MPI_REPLACE)
        return SKEL_OP_REPLACE;
    if (op == MPI_NO_OP)
        return SKEL_OP_NO_OP;
    if (op == MPI_OP_NULL)
        return SKEL_OP_NONE;
    return SKEL_OP_USER;
}

/* Number of processes a collective exchanges data with. */
static uint64_t coll_peers(MPI_Comm comm, uint32_t ci, int neighbor_in, int neighbor_out,
                           uint64_t *out_n)
{
    if (neighbor_in || neighbor_out) {
        int topo = MPI_UNDEFINED, indeg = 0, outdeg = 0, w = 0;
        PMPI_Topo_test(comm, &topo);
        if (topo == MPI_CART) {
            PMPI_Cartdim_get(comm, &indeg);
            indeg = outdeg = 2 * indeg;
        } else if (topo == MPI_GRAPH) {
            int me;
            PMPI_Comm_rank(comm, &me);
            PMPI_Graph_neighbors_count(comm, me, &indeg);
            outdeg = indeg;
        } else if (topo == MPI_DIST_GRAPH) {
            PMPI_Dist_graph_neighbors_count(comm, &indeg, &outdeg, &w);
        }
        *out_n = (uint64_t)outdeg;
        return (uint64_t)indeg;
    }
    const struct tr_comm *c = &comms[ci];
    uint64_t n = c->inter ? c->rsize : c->size;
    *out_n = n;
    return n;
}

/* Whether a call gave per-peer counts, and the k-th (negative ones as 0). */
static inline int has_counts(struct skel_tr_counts a)
{
    return a.i != NULL || a.c != NULL;
}

static inline uint64_t count_at(struct skel_tr_counts a, uint64_t k)
{
    long long v = a.c != NULL ? (long long)a.c[k] : a.i != NULL ? a.i[k] : 0;
    return v > 0 ? (uint64_t)v : 0;
}

static uint64_t sum_counts(struct skel_tr_counts counts, uint64_t n)
{
    uint64_t s = 0;
    for (uint64_t i = 0; has_counts(counts) && i < n; i++)
        s += count_at(counts, i);
    return s;
}

/* A rooted collective on an intercommunicator moves data between the root
 * (MPI_ROOT) and the other group only.  The root's send buffer of a gather
 * or a reduce and its receive buffer of a scatter are not significant (it
 * may pass count 0 and NULL, as the count kept for it is the one that
 * crosses per process), and the rest of its group (MPI_PROC_NULL) moves
 * nothing. */
static void inter_rooted_bytes(const struct skel_tr_call *c, int shape, skel_event *ev)
{
    if (c->root == MPI_PROC_NULL) {
        ev->bytes = ev->rbytes = 0;
        return;
    }
    if (c->root != MPI_ROOT)
        return;
    switch (shape) {
    case SKEL_SHAPE_REDUCE:
        ev->bytes = 0;
        break;
    case SKEL_SHAPE_GATHER:
        ev->count = c->rcount;
        ev->dtsize = type_size(c->rdt);
        ev->bytes = 0;
        break;
    case SKEL_SHAPE_GATHERV:
        ev->bytes = 0;
        break;
    case SKEL_SHAPE_SCATTER:
        ev->count = c->scount;
        ev->dtsize = type_size(c->sdt);
        ev->rbytes = 0;
        break;
    case SKEL_SHAPE_SCATTERV:
        ev->rbytes = 0;
        break;
    default:
        break;
    }
}

static unsigned layout_class(MPI_Datatype dt, long long count, uint32_t size);

/* The first positive count of n per-peer counts (0 when none). */
static long long first_count(struct skel_tr_counts counts, uint64_t n)
{
    for (uint64_t i = 0; has_counts(counts) && i < n; i++)
        if (count_at(counts, i) > 0)
            return (long long)count_at(counts, i);
    return 0;
}

/* The layout classes (event.h) of a collective's datatypes, for the sides
 * this rank moves data on (ev->bytes and ev->rbytes, which coll_bytes()
 * left 0 where an argument is not significant): the send side's in bits
 * 12-15, the receive side's in bits 8-11; a broadcast's or a reduction's
 * one datatype in bits 12-15.  In place, the data sent is the receive
 * buffer's, in its datatype (a scatter's root's in place is its receive
 * buffer).  Alltoallw's per-peer datatypes, counted in bytes, are left
 * contiguous. */
static void coll_layout(const struct skel_tr_call *c, int shape, uint64_t nin, uint64_t nout,
                        skel_event *ev)
{
    int v = shape == SKEL_SHAPE_GATHERV || shape == SKEL_SHAPE_SCATTERV ||
            shape == SKEL_SHAPE_ALLGATHERV || shape == SKEL_SHAPE_ALLTOALLV ||
            shape == SKEL_SHAPE_NALLGATHERV || shape == SKEL_SHAPE_NALLTOALLV;
    unsigned s = 0, r = 0;
    if (shape == SKEL_SHAPE_BARRIER || shape == SKEL_SHAPE_ALLTOALLW ||
        shape == SKEL_SHAPE_NALLTOALLW)
        return;
    if (shape == SKEL_SHAPE_BCAST || skel_shape_reduces(shape)) {
        if (ev->bytes > 0 || ev->rbytes > 0)
            s = layout_class(c->dt, ev->count > 0 ? ev->count : 1, ev->dtsize);
    } else {
        /* per peer: the v forms' first count given, on the sides they give
         * counts for (a scatterv's receive, a gatherv's send is one count) */
        int vsend = shape == SKEL_SHAPE_SCATTERV || shape == SKEL_SHAPE_ALLTOALLV ||
                    shape == SKEL_SHAPE_NALLTOALLV;
        int vrecv = v && shape != SKEL_SHAPE_SCATTERV;
        if (ev->rbytes > 0)
            r = layout_class(c->rdt, vrecv ? first_count(c->rcounts, nin) : c->rcount,
                             type_size(c->rdt));
        /* a scatter's MPI_IN_PLACE is the root's receive buffer */
        int from_recv = c->inplace && shape != SKEL_SHAPE_SCATTER && shape != SKEL_SHAPE_SCATTERV;
        if (ev->bytes > 0)
            s = from_recv ? r
                          : layout_class(c->sdt, vsend ? first_count(c->scounts, nout) : c->scount,
                                         type_size(c->sdt));
    }
    ev->flags &= ~SKEL_EVF_LAYOUT_MASK;
    ev->flags |= (uint16_t)(s << SKEL_EVF_BLOCK_SHIFT | r << SKEL_EVF_RBLOCK_SHIFT);
}

/* Bytes of a collective for this rank: what it sends and what it receives. */
static void coll_bytes(const struct skel_tr_call *c, int shape, uint32_t ci, skel_event *ev)
{
    int me = 0;
    PMPI_Comm_rank(c->comm, &me);
    int is_root = 0;
    if (ev->root != SKEL_PEER_NONE) {
        const struct tr_comm *tc = &comms[ci];
        is_root = tc->inter ? c->root == MPI_ROOT : c->root == me;
    }
    uint64_t nout = 0;
    int nbr = shape >= SKEL_SHAPE_NALLGATHER && shape <= SKEL_SHAPE_NALLTOALLW;
    uint64_t nin = coll_peers(c->comm, ci, nbr, nbr, &nout);
    uint64_t sz, rsz;
    switch (shape) {
    case SKEL_SHAPE_BARRIER:
        break;
    case SKEL_SHAPE_BCAST:
        ev->count = c->count;
        ev->dtsize = type_size(c->dt);
        ev->bytes = is_root ? (uint64_t)c->count * ev->dtsize : 0;
        ev->rbytes = is_root ? 0 : (uint64_t)c->count * ev->dtsize;
        break;
    case SKEL_SHAPE_REDUCE:
    case SKEL_SHAPE_ALLREDUCE:
    case SKEL_SHAPE_SCAN:
    case SKEL_SHAPE_EXSCAN:
        ev->count = c->count;
        ev->dtsize = type_size(c->dt);
        ev->bytes = (uint64_t)c->count * ev->dtsize;
        ev->rbytes = shape == SKEL_SHAPE_REDUCE && !is_root ? 0 : ev->bytes;
        break;
    case SKEL_SHAPE_REDSCATBLK:
        /* The counts are over the local group, on an intercommunicator
         * too: each rank sends its group's whole vector. */
        ev->count = c->count;
        ev->dtsize = type_size(c->dt);
        ev->rbytes = (uint64_t)c->count * ev->dtsize;
        ev->bytes = ev->rbytes * comms[ci].size;
        break;
    case SKEL_SHAPE_REDSCAT:
        ev->dtsize = type_size(c->dt);
        ev->count =
            has_counts(c->rcounts) && me >= 0 ? (int64_t)count_at(c->rcounts, (uint64_t)me) : 0;
        ev->rbytes = (uint64_t)ev->count * ev->dtsize;
        ev->bytes = sum_counts(c->rcounts, comms[ci].size) * ev->dtsize;
        break;
    case SKEL_SHAPE_GATHER:
    case SKEL_SHAPE_GATHERV:
        if (!(is_root && c->inplace)) {
            ev->count = c->scount;
            ev->dtsize = type_size(c->sdt);
            ev->bytes = (uint64_t)c->scount * ev->dtsize;
        }
        if (is_root) {
            rsz = type_size(c->rdt);
            ev->rbytes = shape == SKEL_SHAPE_GATHER ? (uint64_t)c->rcount * rsz * nin
                                                    : sum_counts(c->rcounts, nin) * rsz;
        }
        break;
    case SKEL_SHAPE_SCATTER:
    case SKEL_SHAPE_SCATTERV:
        if (is_root) {
            sz = type_size(c->sdt);
            ev->bytes = shape == SKEL_SHAPE_SCATTER ? (uint64_t)c->scount * sz * nout
                                                    : sum_counts(c->scounts, nout) * sz;
        }
        if (!(is_root && c->inplace)) {
            ev->count = c->rcount;
            ev->dtsize = type_size(c->rdt);
            ev->rbytes = (uint64_t)c->rcount * ev->dtsize;
        }
        break;
    case SKEL_SHAPE_ALLGATHER:
    case SKEL_SHAPE_ALLGATHERV:
    case SKEL_SHAPE_NALLGATHER:
    case SKEL_SHAPE_NALLGATHERV:
        rsz = type_size(c->rdt);
        if (shape == SKEL_SHAPE_ALLGATHER || shape == SKEL_SHAPE_NALLGATHER)
            ev->rbytes = (uint64_t)c->rcount * rsz * nin;
        else
            ev->rbytes = sum_counts(c->rcounts, nin) * rsz;
        if (c->inplace) {
            ev->count = c->rcount;
            ev->dtsize = (uint32_t)rsz;
            ev->bytes = ev->rbytes;
        } else {
            ev->count = c->scount;
            ev->dtsize = type_size(c->sdt);
            ev->bytes = (uint64_t)c->scount * ev->dtsize * (nbr ? nout : 1);
        }
        break;
    case SKEL_SHAPE_ALLTOALL:
    case SKEL_SHAPE_NALLTOALL:
        rsz = type_size(c->rdt);
        ev->rbytes = (uint64_t)c->rcount * rsz * nin;
        ev->count = c->inplace ? c->rcount : c->scount;
        ev->dtsize = c->inplace ? (uint32_t)rsz : type_size(c->sdt);
        ev->bytes = c->inplace ? ev->rbytes : (uint64_t)c->scount * ev->dtsize * nout;
        break;
    case SKEL_SHAPE_ALLTOALLV:
    case SKEL_SHAPE_NALLTOALLV:
        rsz = type_size(c->rdt);
        ev->rbytes = sum_counts(c->rcounts, nin) * rsz;
        ev->dtsize = c->inplace ? (uint32_t)rsz : type_size(c->sdt);
        ev->count =
            (int64_t)(c->inplace ? sum_counts(c->rcounts, nin) : sum_counts(c->scounts, nout));
        ev->bytes = c->inplace ? ev->rbytes : (uint64_t)ev->count * ev->dtsize;
        break;
    case SKEL_SHAPE_ALLTOALLW:
    case SKEL_SHAPE_NALLTOALLW:
        for (uint64_t i = 0; has_counts(c->rcounts) && c->rdts != NULL && i < nin; i++)
            if (count_at(c->rcounts, i) > 0)
                ev->rbytes += count_at(c->rcounts, i) * type_size(c->rdts[i]);
        if (c->inplace) {
            ev->bytes = ev->rbytes;
        } else {
            for (uint64_t i = 0; has_counts(c->scounts) && c->sdts != NULL && i < nout; i++)
                if (count_at(c->scounts, i) > 0)
                    ev->bytes += count_at(c->scounts, i) * type_size(c->sdts[i]);
        }
        ev->count = (int64_t)ev->bytes;
        ev->dtsize = 1;
        break;
    default:
        break;
    }
    if (ev->root != SKEL_PEER_NONE && comms[ci].inter)
        inter_rooted_bytes(c, shape, ev);
    coll_layout(c, shape, nin, nout, ev);
}

/* ---- status of a received message ------------------------------------------ */

/* The last status decoded and what it said.  A receive loop sees the same
 * source, tag and size again and again, and PMPI_Get_count is a call into
 * MPI; what it returns depends on the status alone.  MPI_ERROR is left out
 * of the comparison: single-completion calls do not set it. */
static struct {
    int valid;
    uint32_t ci;
    MPI_Status st;
    int32_t asrc, atag;
    int has_bytes;
    uint64_t rbytes;
} last_status;

static int same_status(const MPI_Status *a, const MPI_Status *b)
{
    const size_t e = offsetof(MPI_Status, MPI_ERROR), after = e + sizeof a->MPI_ERROR;
    return memcmp(a, b, e) == 0 &&
           memcmp((const char *)a + after, (const char *)b + after, sizeof *a - after) == 0;
}

/* Actual source/tag/size of a received message from its status. */
static void from_status(const MPI_Status *st, uint32_t ci, skel_event *ev)
{
    if (last_status.valid && last_status.ci == ci && same_status(st, &last_status.st)) {
        ev->asrc = last_status.asrc;
        ev->atag = last_status.atag;
        if (last_status.has_bytes)
            ev->rbytes = last_status.rbytes;
        return;
    }
    int has_bytes = 1;
    if (st->MPI_SOURCE == MPI_PROC_NULL) {
        ev->asrc = SKEL_PEER_NULL;
        ev->atag = MPI_ANY_TAG == st->MPI_TAG ? SKEL_TAG_ANY : st->MPI_TAG;
        ev->rbytes = 0;
    } else {
        ev->asrc = skel_tr_world_rank(ci, st->MPI_SOURCE);
        ev->atag = st->MPI_TAG;
        int n = 0;
        has_bytes = PMPI_Get_count(st, MPI_BYTE, &n) == MPI_SUCCESS && n != MPI_UNDEFINED && n >= 0;
        if (has_bytes)
            ev->rbytes = (uint64_t)n;
    }
    last_status.valid = 1;
    last_status.ci = ci;
    last_status.st = *st;
    last_status.asrc = ev->asrc;
    last_status.atag = ev->atag;
    last_status.has_bytes = has_bytes;
    last_status.rbytes = ev->rbytes;
}

/* ---- describing a call ------------------------------------------------------ */

static int32_t tag_of(int tag)
{
    return tag == MPI_ANY_TAG ? SKEL_TAG_ANY : tag;
}

/* ---- the layout of a message's datatype ----------------------------------- */

/* Contiguous runs of bytes in one element of dt, as its constructors say
 * (MPI_Type_get_envelope/contents; adjacent runs that happen to touch are
 * counted apart, which rarely happens with the strided and indexed types
 * applications build); 0 when unknown (a combiner this does not read, arrays
 * too long, too deep). */
static uint64_t type_runs(MPI_Datatype dt, int depth);

/* Runs of the element type old repeated with n elements in a row (*run of
 * them one run when old is contiguous and the elements touch). */
static uint64_t runs_of(MPI_Datatype old, uint64_t n, int touch, int depth)
{
    if (n == 0)
        return 0;
    uint64_t r = type_runs(old, depth + 1);
    if (r == 0)
        return UINT64_MAX; /* unknown */
    int sz = 0;
    MPI_Aint lb = 0, ext = 0;
    PMPI_Type_size(old, &sz);
    PMPI_Type_get_extent(old, &lb, &ext);
    if (sz == 0)
        return 0; /* no bytes, no run */
    if (r == 1 && ext == (MPI_Aint)sz)
        return touch ? 1 : n;
    return n * r;
}

static uint64_t type_runs(MPI_Datatype dt, int depth)
{
    int ni = 0, na = 0, nd = 0, comb = MPI_UNDEFINED;
    if (depth > 8 || PMPI_Type_get_envelope(dt, &ni, &na, &nd, &comb) != MPI_SUCCESS)
        return 0;
    if (comb == MPI_COMBINER_NAMED)
        return 1;
    int sz = 0;
    MPI_Aint tlb = 0, text = 0;
    if (PMPI_Type_size(dt, &sz) != MPI_SUCCESS ||
        PMPI_Type_get_true_extent(dt, &tlb, &text) != MPI_SUCCESS)
        return 0;
    if (sz <= 0 || text == (MPI_Aint)sz)
        return 1; /* no holes */
    if (ni < 0 || na < 0 || nd < 0 || ni > 65536 || na > 65536 || nd > 65536)
        return 0;
    int *iv = malloc(((size_t)ni + 1) * sizeof *iv);
    MPI_Aint *av = malloc(((size_t)na + 1) * sizeof *av);
    MPI_Datatype *tv = malloc(((size_t)nd + 1) * sizeof *tv);
    uint64_t runs = 0, acc;
    if (iv == NULL || av == NULL || tv == NULL ||
        PMPI_Type_get_contents(dt, ni, na, nd, iv, av, tv) != MPI_SUCCESS) {
        free(iv);
        free(av);
        free(tv);
        return 0;
    }
    int old_ext_ok = nd > 0;
    MPI_Aint olb = 0, oext = 0;
    if (old_ext_ok)
        old_ext_ok = PMPI_Type_get_extent(tv[0], &olb, &oext) == MPI_SUCCESS;
    switch (comb) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED:
        runs = nd > 0 ? type_runs(tv[0], depth + 1) : 0;
        break;
    case MPI_COMBINER_CONTIGUOUS:
        runs = ni >= 1 && nd >= 1 && iv[0] >= 0 ? runs_of(tv[0], (uint64_t)iv[0], 1, depth) : 0;
        break;
    case MPI_COMBINER_VECTOR:
    case MPI_COMBINER_HVECTOR:
        if (ni >= 2 && nd >= 1 && old_ext_ok && iv[0] >= 0 && iv[1] >= 0) {
            MPI_Aint stride = comb == MPI_COMBINER_VECTOR ? (ni >= 3 ? (MPI_Aint)iv[2] * oext : 0)
                                                          : (na >= 1 ? av[0] : 0);
            int touch = iv[0] <= 1 || stride == (MPI_Aint)iv[1] * oext;
            uint64_t per = runs_of(tv[0], (uint64_t)iv[1], 1, depth);
            runs = per == UINT64_MAX ? UINT64_MAX : touch && per == 1 ? 1 : per * (uint64_t)iv[0];
        }
        break;
    case MPI_COMBINER_INDEXED:
    case MPI_COMBINER_HINDEXED:
    case MPI_COMBINER_STRUCT:
        for (int i = 0; ni >= 1 && i < iv[0] && i + 1 < ni && runs != UINT64_MAX; i++) {
            int k = comb == MPI_COMBINER_STRUCT ? i : 0;
            if (iv[i + 1] <= 0 || k >= nd)
                continue;
            acc = runs_of(tv[k], (uint64_t)iv[i + 1], 1, depth);
            runs = acc == UINT64_MAX ? UINT64_MAX : runs + acc;
        }
        break;
    case MPI_COMBINER_INDEXED_BLOCK:
    case MPI_COMBINER_HINDEXED_BLOCK:
        if (ni >= 2 && nd >= 1 && iv[0] >= 0 && iv[1] > 0) {
            uint64_t per = runs_of(tv[0], (uint64_t)iv[1], 1, depth);
            runs = per == UINT64_MAX ? UINT64_MAX : per * (uint64_t)iv[0];
        }
        break;
    case MPI_COMBINER_SUBARRAY:
        /* ndims, sizes, subsizes, starts, order: whole dimensions from the
         * fastest on merge with the first partial one into a run; the
         * dimensions above it count the runs. */
        if (ni >= 1 && iv[0] >= 1 && ni >= 3 * iv[0] + 2 && nd >= 1) {
            int n = iv[0], c_order = iv[3 * n + 1] == MPI_ORDER_C, j = 0;
#define SKEL_DIM(j) (c_order ? n - 1 - (j) : (j))
            while (j < n && iv[1 + SKEL_DIM(j)] == iv[1 + n + SKEL_DIM(j)])
                j++;
            uint64_t rows = 1;
            for (int k = j + 1; k < n; k++)
                rows *= (uint64_t)(iv[1 + n + SKEL_DIM(k)] > 0 ? iv[1 + n + SKEL_DIM(k)] : 0);
#undef SKEL_DIM
            runs = runs_of(tv[0], 1, 1, depth) == 1 ? rows : UINT64_MAX;
        }
        break;
    default:
        break;
    }
    for (int i = 0; i < nd; i++) {
        int a, b, c, k = MPI_COMBINER_NAMED;
        if (PMPI_Type_get_envelope(tv[i], &a, &b, &c, &k) == MPI_SUCCESS && k != MPI_COMBINER_NAMED)
            PMPI_Type_free(&tv[i]);
    }
    free(iv);
    free(av);
    free(tv);
    return runs == UINT64_MAX ? 0 : runs;
}

/* Layout classes remembered per datatype handle and whether the count is
 * above 1 (layout_class()). */
static struct layout_memo {
    uint64_t key;
    uint32_t size;
    uint8_t cls, set, many;
} layout_memo[64];

void skel_tr_type_freed(MPI_Datatype dt)
{
    uint64_t key = HANDLE_KEY(dt);
    for (unsigned i = 0; i < 64; i++)
        if (layout_memo[i].key == key)
            layout_memo[i].set = 0;
}

/* The layout class of count elements of dt (SKEL_EVF_BLOCK_MASK of
 * event.h), remembered per handle and whether count is 1 (one run of a
 * type whose extent exceeds its size is contiguous alone, in runs when
 * repeated) in a small table, forgotten when the type is freed
 * (skel_tr_type_freed(): MPICH gives a freed handle to the next type made,
 * and BLACS makes and frees a type for every block it sends, blocks of one
 * size in runs of another) and checked by the size. */
static unsigned layout_class(MPI_Datatype dt, long long count, uint32_t size)
{
    struct layout_memo *memo = layout_memo;
    if (size == 0 || count <= 0 || dt == MPI_DATATYPE_NULL)
        return 0;
    uint64_t key = HANDLE_KEY(dt);
    uint8_t many = count > 1;
    unsigned i = (unsigned)(skel_mix64(key ^ many) & 63);
    if (memo[i].set && memo[i].key == key && memo[i].size == size && memo[i].many == many)
        return memo[i].cls;
    unsigned cls = 0;
    uint64_t runs = type_runs(dt, 0);
    MPI_Aint lb = 0, ext = 0;
    PMPI_Type_get_extent(dt, &lb, &ext);
    if (runs > 1 || (runs == 1 && ext != (MPI_Aint)size && count > 1))
        cls = skel_evf_block_class(size / runs > 0 ? size / runs : 1);
    memo[i].key = key;
    memo[i].size = size;
    memo[i].many = many;
    memo[i].cls = (uint8_t)cls;
    memo[i].set = 1;
    return cls;
}

static void count_layout(skel_event *ev, MPI_Datatype dt)
{
    ev->flags &= ~SKEL_EVF_BLOCK_MASK;
    ev->flags |= (uint16_t)(layout_class(dt, ev->count, ev->dtsize) << SKEL_EVF_BLOCK_SHIFT);
}

static void count_bytes(skel_event *ev, long long count, MPI_Datatype dt)
{
    ev->count = count;
    ev->dtsize = type_size(dt);
    ev->bytes = (uint64_t)(count > 0 ? count : 0) * ev->dtsize;
}

/* A partitioned send or receive (MPI_Psend_init, MPI_Precv_init) moves its
 * partitions as one message: count elements in each, the partitions in
 * ev->parts. */
static void count_parts(skel_event *ev, const struct skel_tr_call *c)
{
    count_bytes(ev, c->count, c->dt);
    if (c->parts <= 0)
        return;
    if (c->count <= 0) {
        ev->parts = (uint32_t)c->parts;
        return;
    }
    /* A buffer beyond the address space is an erroneous call: as given,
     * without partitions (a skeleton makes it a persistent request). */
    uint64_t most = (uint64_t)INT64_MAX / (uint64_t)c->parts / (ev->dtsize ? ev->dtsize : 1);
    if ((uint64_t)c->count <= most) {
        ev->count = (int64_t)c->parts * c->count;
        ev->bytes = (uint64_t)ev->count * ev->dtsize;
        ev->parts = (uint32_t)c->parts;
    }
}

/* The classes whose events carry what a status says (source, tag, size):
 * refreshed on every call, even when the arguments repeat. */
static int has_status(int klass)
{
    return klass == SKEL_CLASS_RECV || klass == SKEL_CLASS_PROBE || klass == SKEL_CLASS_IPROBE ||
           klass == SKEL_CLASS_SENDRECV || klass == SKEL_CLASS_MPROBE ||
           klass == SKEL_CLASS_IMPROBE || klass == SKEL_CLASS_MRECV;
}

/* What the call's outputs say about the message: the flag of a probe, the
 * status, a matched message's communicator. */
static void received(const struct skel_tr_call *c, uint32_t cx, int ok, skel_event *ev)
{
    int flag = c->flagp == NULL || *c->flagp;
    if (c->flagp != NULL && ok && *c->flagp)
        ev->flags |= SKEL_EVF_FLAG;
    if (c->status != NULL && ok && flag)
        from_status(c->status, cx, ev);
    if (c->msgp != NULL && ok && flag && *c->msgp != MPI_MESSAGE_NULL &&
        *c->msgp != MPI_MESSAGE_NO_PROC)
        skel_map_put(&msg_map, HANDLE_KEY(*c->msgp), cx);
}

static uint32_t describe_send(const struct skel_tr_call *c, skel_event *ev)
{
    uint32_t cx = skel_tr_comm_index(c->comm);
    ev->peer = skel_tr_world_rank(cx, c->dest);
    ev->tag = tag_of(c->tag);
    count_parts(ev, c);
    count_layout(ev, c->dt);
    return cx;
}

static uint32_t describe_recv(const struct skel_tr_call *c, int klass, int ok, skel_event *ev)
{
    uint32_t cx = skel_tr_comm_index(c->comm);
    ev->peer = skel_tr_world_rank(cx, c->src);
    ev->tag = tag_of(c->tag);
    if (klass == SKEL_CLASS_RECV || klass == SKEL_CLASS_IRECV || klass == SKEL_CLASS_RECV_INIT) {
        count_parts(ev, c);
        count_layout(ev, c->dt);
    }
    received(c, cx, ok, ev);
    return cx;
}

static uint32_t describe_mrecv(const struct skel_tr_call *c, int ok, skel_event *ev)
{
    skel_map_slot *s = skel_map_find(&msg_map, HANDLE_KEY(c->msg));
    uint32_t cx = s != NULL ? s->val : SKEL_COMM_WORLD;
    if (s != NULL)
        skel_map_del(&msg_map, HANDLE_KEY(c->msg));
    count_bytes(ev, c->count, c->dt);
    count_layout(ev, c->dt);
    if (c->status != NULL && ok)
        from_status(c->status, cx, ev);
    return cx;
}

static uint32_t describe_sendrecv(const struct skel_tr_call *c, int ok, skel_event *ev)
{
    uint32_t cx = skel_tr_comm_index(c->comm);
    ev->peer = skel_tr_world_rank(cx, c->dest);
    ev->tag = tag_of(c->tag);
    ev->peer2 = skel_tr_world_rank(cx, c->src);
    ev->tag2 = tag_of(c->rtag);
    if (c->call == SKEL_CALL_MPI_Sendrecv) {
        count_bytes(ev, c->scount, c->sdt);
        count_layout(ev, c->sdt);
        /* the receive half's datatype, in bits 8-11 */
        ev->flags &= ~SKEL_EVF_RBLOCK_MASK;
        ev->flags |=
            (uint16_t)(layout_class(c->rdt, c->rcount, type_size(c->rdt)) << SKEL_EVF_RBLOCK_SHIFT);
    } else {
        count_bytes(ev, c->count, c->dt);
        count_layout(ev, c->dt);
    }
    if (c->status != NULL && ok)
        from_status(c->status, cx, ev);
    return cx;
}

static uint32_t describe_coll(const struct skel_tr_call *c, const struct skel_call_info *ci,
                              skel_event *ev)
{
    uint32_t cx = skel_tr_comm_index(c->comm);
    if (ci->rooted)
        ev->root = skel_tr_world_rank(cx, c->root);
    if (skel_shape_reduces(ci->shape))
        ev->op = op_code(c->op);
    coll_bytes(c, ci->shape, cx, ev);
    return cx;
}

int skel_tr_file_position(MPI_File fh, MPI_Offset *off)
{
    int amode = 0;
    if (fh == MPI_FILE_NULL || PMPI_File_get_amode(fh, &amode) != MPI_SUCCESS ||
        (amode & MPI_MODE_SEQUENTIAL))
        return 0;
    return PMPI_File_get_position(fh, off) == MPI_SUCCESS;
}

/* A write: whether it begins before the furthest byte the rank wrote to
 * the file so far (a rewrite of pages the file system holds, which costs
 * less than extending the file: docs/trace-format.md), and that byte moved
 * on.  The offset is in etypes of the view in force; its byte position is
 * the view's (non-contiguous views: the first byte written). */
static void note_write(const struct skel_tr_call *c, skel_event *ev)
{
    MPI_Offset at = 0;
    if (!c->has_offset || PMPI_File_get_byte_offset(c->fh, c->offset, &at) != MPI_SUCCESS || at < 0)
        return;
    struct tr_object *o = &objs[ev->obj];
    if (at < o->written)
        ev->flags |= SKEL_EVF_REWRITE;
    MPI_Offset end =
        at + (MPI_Offset)(ev->bytes <= (uint64_t)INT64_MAX - (uint64_t)at ? ev->bytes : 0);
    if (end > o->written)
        o->written = end;
}

static uint32_t describe_file(const struct skel_tr_call *c, const struct skel_call_info *ci, int ok,
                              skel_event *ev)
{
    uint32_t cx = SKEL_COMM_WORLD;
    if (ci->klass == SKEL_CLASS_IOOPEN) {
        cx = skel_tr_comm_index(c->comm);
        if (ok && c->fhp != NULL && *c->fhp != MPI_FILE_NULL) {
            ev->obj = new_object(SKEL_OBJ_FILE, cx);
            if (ev->obj != SKEL_COMM_NONE)
                skel_map_put(&file_map, HANDLE_KEY(*c->fhp), ev->obj);
        }
        return cx;
    }
    ev->obj = lookup_object(&file_map, HANDLE_KEY(c->fh));
    if (ev->obj != SKEL_COMM_NONE)
        cx = objs[ev->obj].comm;
    if (ci->klass == SKEL_CLASS_IOCLOSE)
        skel_map_del(&file_map, HANDLE_KEY(c->fh));
    if (ci->klass == SKEL_CLASS_IO || ci->klass == SKEL_CLASS_IIO) {
        count_bytes(ev, c->count, c->dt);
        if (ci->shape != SKEL_SHAPE_WRITE) {
            ev->rbytes = ev->bytes;
            ev->bytes = 0;
        } else if (ok && ev->obj != SKEL_COMM_NONE)
            note_write(c, ev);
    }
    return cx;
}

/* The group of an MPI_Win_post or MPI_Win_start as world ranks, into ev
 * (none when a member is outside MPI_COMM_WORLD).  Such calls come every
 * iteration of a halo exchange: MPI_COMM_WORLD's group is made once, and
 * the lists live in the thread's buffers, which the event is written from
 * before the thread's next call. */
static MPI_Group world_group = MPI_GROUP_NULL;
static pthread_once_t world_group_once = PTHREAD_ONCE_INIT;

static void make_world_group(void)
{
    PMPI_Comm_group(MPI_COMM_WORLD, &world_group);
}

static void window_group(MPI_Group g, skel_event *ev)
{
    static __thread int *in;
    static __thread int32_t *out;
    static __thread uint32_t cap;
    int size = 0;
    PMPI_Group_size(g, &size);
    if (size <= 0)
        return;
    if ((uint32_t)size > cap) {
        uint32_t ncap = (uint32_t)size;
        int *ni = realloc(in, ncap * sizeof *ni);
        if (ni != NULL)
            in = ni;
        int32_t *no = realloc(out, ncap * sizeof *no);
        if (no != NULL)
            out = no;
        if (ni == NULL || no == NULL)
            return;
        for (uint32_t i = cap; i < ncap; i++)
            in[i] = (int)i;
        cap = ncap;
    }
    pthread_once(&world_group_once, make_world_group);
    PMPI_Group_translate_ranks(g, size, in, world_group, (int *)out);
    for (int i = 0; i < size; i++)
        if (out[i] < 0) /* MPI_UNDEFINED */
            return;
    ev->ngroup = (uint32_t)size;
    ev->group = out;
}

static uint32_t describe_window(const struct skel_tr_call *c, const struct skel_call_info *ci,
                                int ok, skel_event *ev)
{
    uint32_t cx = SKEL_COMM_WORLD;
    if (ci->klass == SKEL_CLASS_WIN) {
        if (c->winp != NULL) {
            cx = skel_tr_comm_index(c->comm);
            if (ok && *c->winp != MPI_WIN_NULL) {
                ev->obj = new_object(SKEL_OBJ_WIN, cx);
                if (ev->obj != SKEL_COMM_NONE)
                    skel_map_put(&win_map, HANDLE_KEY(*c->winp), ev->obj);
            }
            return cx;
        }
        /* MPI_Win_free: the window it frees (read before the call), on
         * that window's communicator. */
        ev->obj = lookup_object(&win_map, HANDLE_KEY(c->win));
        if (ev->obj != SKEL_COMM_NONE) {
            cx = objs[ev->obj].comm;
            skel_map_del(&win_map, HANDLE_KEY(c->win));
        }
        return cx;
    }
    ev->obj = lookup_object(&win_map, HANDLE_KEY(c->win));
    if (ev->obj != SKEL_COMM_NONE)
        cx = objs[ev->obj].comm;
    if ((c->call == SKEL_CALL_MPI_Win_post || c->call == SKEL_CALL_MPI_Win_start) && ok &&
        c->group != MPI_GROUP_NULL)
        window_group(c->group, ev);
    if (c->flagp != NULL && ok && *c->flagp) /* MPI_Win_test: the epoch ended */
        ev->flags |= SKEL_EVF_FLAG;
    if (c->call == SKEL_CALL_MPI_Win_lock || c->call == SKEL_CALL_MPI_Win_unlock ||
        c->call == SKEL_CALL_MPI_Win_flush || c->call == SKEL_CALL_MPI_Win_flush_local ||
        ci->klass != SKEL_CLASS_WINSYNC)
        ev->peer = skel_tr_world_rank(cx, c->target);
    if (ci->klass != SKEL_CLASS_WINSYNC) {
        count_bytes(ev, c->count, c->dt);
        if (ci->shape == SKEL_SHAPE_GET) {
            ev->rbytes = ev->bytes;
            ev->bytes = 0;
        }
        if (c->call == SKEL_CALL_MPI_Accumulate || c->call == SKEL_CALL_MPI_Raccumulate ||
            c->call == SKEL_CALL_MPI_Get_accumulate || c->call == SKEL_CALL_MPI_Rget_accumulate ||
            c->call == SKEL_CALL_MPI_Fetch_and_op)
            ev->op = op_code(c->op);
    }
    return cx;
}

/* Fill ev (initialised) from the call's arguments, by class. */
static void describe(const struct skel_tr_call *c, const struct skel_call_info *ci, int ok,
                     skel_event *ev)
{
    uint32_t cx = SKEL_COMM_WORLD;
    switch (ci->klass) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
    case SKEL_CLASS_SEND_INIT:
        cx = describe_send(c, ev);
        break;
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_RECV_INIT:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
        cx = describe_recv(c, ci->klass, ok, ev);
        break;
    case SKEL_CLASS_MRECV:
    case SKEL_CLASS_IMRECV:
        cx = describe_mrecv(c, ok, ev);
        break;
    case SKEL_CLASS_SENDRECV:
        cx = describe_sendrecv(c, ok, ev);
        break;
    case SKEL_CLASS_COLL:
    case SKEL_CLASS_ICOLL:
        cx = describe_coll(c, ci, ev);
        break;
    case SKEL_CLASS_COMM:
        cx = skel_tr_comm_index(c->comm);
        if (ok && c->newcomm != NULL && *c->newcomm != MPI_COMM_NULL)
            ev->newcomm = register_comm(*c->newcomm, cx, c->call);
        if (ev->newcomm == EXTERNAL) { /* made over a spawned world: not recorded */
            skel_tr_self.external = 1;
            ev->newcomm = SKEL_COMM_NONE;
        }
        break;
    case SKEL_CLASS_GROUP:
        /* MPI_Comm_group, and a persistent collective's set-up: the
         * communicator they read */
        if (c->call == SKEL_CALL_MPI_Comm_group || ci->shape != SKEL_SHAPE_NONE)
            cx = skel_tr_comm_index(c->comm);
        break;
    case SKEL_CLASS_IOOPEN:
    case SKEL_CLASS_IOCLOSE:
    case SKEL_CLASS_IO:
    case SKEL_CLASS_IIO:
    case SKEL_CLASS_IOMISC:
        cx = describe_file(c, ci, ok, ev);
        break;
    case SKEL_CLASS_WIN:
    case SKEL_CLASS_RMA:
    case SKEL_CLASS_RRMA:
    case SKEL_CLASS_WINSYNC:
        cx = describe_window(c, ci, ok, ev);
        break;
    default:
        break;
    }
    ev->comm = cx;
}

/* ---- repeated calls ----------------------------------------------------------- */

/* A loop calls MPI from the same sites with the same arguments over and
 * over.  Each site remembers the key of its previous call (record.h: struct
 * skel_tr_call) and the event fields made of it; a call with the same key
 * reuses them and skips the translations (communicator, ranks, datatype
 * sizes, byte counts), which are most of the handler's work.
 *
 * The fields are a function of the key as long as the handles in it mean
 * what they meant: communicators (a freed handle may come back for another
 * communicator: comm_gen counts the frees) and datatypes (only predefined
 * ones are trusted, as they can never be freed).  Outputs (status, flag) and
 * requests are read on every call. */
struct tr_memo {
    uint16_t call;       /* 0: empty */
    uint8_t fixed_types; /* every datatype in the key is predefined */
    uint32_t comm_gen;
    unsigned char key[SKEL_TR_KEY_LEN];
    skel_event ev;
};

static struct tr_memo *memos; /* by site index */
static uint32_t memo_cap;

/* Classes and shapes whose fields come from the key alone (no arrays). */
static int memo_class(const struct skel_call_info *ci)
{
    switch (ci->klass) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_SENDRECV:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
        return 1;
    case SKEL_CLASS_COLL:
    case SKEL_CLASS_ICOLL:
        switch (ci->shape) {
        case SKEL_SHAPE_GATHERV:
        case SKEL_SHAPE_SCATTERV:
        case SKEL_SHAPE_ALLGATHERV:
        case SKEL_SHAPE_ALLTOALLV:
        case SKEL_SHAPE_ALLTOALLW:
        case SKEL_SHAPE_REDSCAT:
        case SKEL_SHAPE_NALLGATHERV:
        case SKEL_SHAPE_NALLTOALLV:
        case SKEL_SHAPE_NALLTOALLW:
            return 0;
        default:
            return 1;
        }
    default:
        return 0;
    }
}

/* A datatype whose size can never change: unset (zeroed in the key), null,
 * or predefined. */
static int fixed_type(MPI_Datatype dt)
{
    static const MPI_Datatype unset; /* all bits zero, like a key field no wrapper set */
    if (memcmp(&dt, &unset, sizeof dt) == 0 || dt == MPI_DATATYPE_NULL)
        return 1;
    int ni, na, nd, combiner = MPI_UNDEFINED;
    PMPI_Type_get_envelope(dt, &ni, &na, &nd, &combiner);
    return combiner == MPI_COMBINER_NAMED;
}

/* The site's memo when the call may use one, else NULL. */
static struct tr_memo *memo_of(uint32_t site, const struct skel_call_info *ci, int ok)
{
    if (!ok || site >= memo_cap || !memo_class(ci))
        return NULL;
    return &memos[site];
}

/* The key (60 bytes with MPICH, 80 with Open MPI's pointer handles)
 * compared as 16-byte blocks (codec.h). */
static inline int same_key(const unsigned char *a, const unsigned char *b)
{
    return skel_same_upto96(a, b, SKEL_TR_KEY_LEN);
}
_Static_assert(SKEL_TR_KEY_LEN >= 16 && SKEL_TR_KEY_LEN <= 96, "same_key compares 16 to 96 bytes");

/* 1 when m holds the fields of this call's key; else m is re-keyed for it and
 * the caller describes the call into m->ev. */
static int memo_hit(struct tr_memo *m, const struct skel_tr_call *c)
{
    int same = m->call == c->call && m->comm_gen == comm_gen &&
               same_key(m->key, (const unsigned char *)&c->comm);
    if (same)
        return m->fixed_types;
    m->call = c->call;
    m->comm_gen = comm_gen;
    memcpy(m->key, &c->comm, SKEL_TR_KEY_LEN);
    m->fixed_types = fixed_type(c->dt) && fixed_type(c->sdt) && fixed_type(c->rdt);
    return 0;
}

static int grow_memos(uint32_t n)
{
    if (n <= memo_cap)
        return 0;
    uint32_t cap = memo_cap;
    if (skel_grow_u32(&memos, &cap, n, sizeof *memos) != SKEL_OK)
        return -1;
    memset(memos + memo_cap, 0, (size_t)(cap - memo_cap) * sizeof *memos);
    memo_cap = cap;
    return 0;
}

/* The event of a call: its site's memo when the key repeats, else described
 * afresh (into the memo, or into local). */
static skel_event *event_of(const struct skel_tr_call *c, const struct skel_call_info *ci, int ok,
                            uint32_t site, skel_event *local)
{
    struct tr_memo *m = memo_of(site, ci, ok);
    if (m != NULL && memo_hit(m, c)) {
        skel_event *ev = &m->ev;
        ev->flags &= SKEL_EVF_LAYOUT_MASK;
        if (has_status(ci->klass)) {
            ev->asrc = SKEL_PEER_NONE;
            ev->atag = SKEL_TAG_NONE;
            ev->rbytes = 0;
            received(c, ev->comm, ok, ev);
        } else if (c->flagp != NULL && ok && *c->flagp) {
            ev->flags |= SKEL_EVF_FLAG; /* MPI_Win_test */
        }
        return ev;
    }
    skel_event *ev = m != NULL ? &m->ev : local;
    skel_event_init(ev);
    describe(c, ci, ok, ev);
    return ev;
}

/* ---- the handler ---------------------------------------------------------------- */

/* The site of a call: most calls come from the same place as the previous
 * call of the same function, which saves the hash lookup. */
static const void *last_addr[SKEL_CALL_LIMIT];
static uint32_t last_site[SKEL_CALL_LIMIT];

static __attribute__((noinline)) uint32_t site_new(const void *addr, unsigned call, int *fortran)
{
    uint32_t s = site_index(addr, fortran);
    if (s < nsites) {
        last_addr[call] = addr;
        last_site[call] = s;
        grow_memos(nsites);
    }
    return s;
}

static inline __attribute__((always_inline)) uint32_t site_of(const void *addr, unsigned call,
                                                              int *fortran)
{
    if (__builtin_expect(addr == last_addr[call] && addr != NULL, 1)) {
        *fortran = site_fortran[last_site[call]];
        return last_site[call];
    }
    return site_new(addr, call, fortran);
}

/* A working-set sample ended at the start of this call (wset.h): the
 * reading's time is a pause of the gap before the event, the bytes its
 * record. */
static int ws_record(struct skel_tr_thread *t)
{
    int rc = skel_writer_pause(skel_tr_s.w, t->index, t->ws.pause);
    if (rc == SKEL_OK && t->ws.bytes > 0)
        rc = skel_writer_wset(skel_tr_s.w, t->index, t->ws.bytes);
    skel_tr_ws_done(skel_tr_now(), t->ws.cost);
    t->ws.pause = t->ws.bytes = t->ws.cost = t->ws.remark = 0;
    if (rc != SKEL_OK)
        skel_tr_disable(skel_last_error());
    return rc;
}

/* Write ev at site with the call's times, and account for the tracer's time. */
static inline __attribute__((always_inline)) void commit_at(struct skel_tr_call *c, skel_event *ev,
                                                            int rc, uint32_t site, int fortran)
{
    struct skel_tr_thread *t = c->t;
    ev->call = c->call;
    ev->thread = t->index;
    ev->t_start = c->t0;
    ev->t_end = c->t1;
    ev->gap_wall = c->gap_wall;
    ev->gap_cpu = c->gap_cpu;
    ev->site = site;
    if (rc != MPI_SUCCESS)
        ev->flags |= SKEL_EVF_ERROR;
    if (c->inplace)
        ev->flags |= SKEL_EVF_INPLACE;
    if (fortran || t->fsite != NULL)
        ev->flags |= SKEL_EVF_FORTRAN;
    /* Working-set bookkeeping, only while sampling is on (not with
     * SKEL_TRACE_WS=0 nor without the kernel's interfaces): one predictable
     * branch instead of ~17 instructions per call. */
    if (skel_tr_ws_on && t->index == 0)
        skel_tr_ws_note(&t->ws, site, c->gap_wall, skel_tr_cpu_sample_ns);
    uint64_t flushed = skel_writer_flush_ns(skel_tr_s.w);
    if (__builtin_expect(t->ws.pause != 0, 0) && ws_record(t) != SKEL_OK)
        return;
    if (skel_writer_event(skel_tr_s.w, ev) != SKEL_OK) {
        skel_tr_disable(skel_last_error());
        return;
    }
    skel_tr_s.nevents++;
    t->prev_end = c->t1;
    /* The cost of recording, sampled (a clock read per call would be most of it). */
    if ((++t->seq & 63) == 0) {
        skel_tr_s.overhead_sum_ns += skel_tr_now() - c->t1;
        skel_tr_s.overhead_samples++;
    }
    /* A flush while recording is not the application's time: the writer told
     * the reader (a pause record); mirror it in our own gaps. */
    t->prev_end += skel_writer_flush_ns(skel_tr_s.w) - flushed;
    /* Time for a working-set sample: watch the phase that starts now, if
     * the phase after this site's latest call was long enough to sample. */
    if (__builtin_expect(c->t1 >= skel_tr_ws_next_ns, 0) && t->index == 0 && !t->ws.armed &&
        skel_tr_ws_long_after(&t->ws, site)) {
        uint64_t ns = skel_tr_ws_arm(&t->ws);
        if (ns > 0 && skel_writer_pause(skel_tr_s.w, t->index, ns) != SKEL_OK) {
            skel_tr_disable(skel_last_error());
            return;
        }
        t->prev_end += ns;
    }
}

void skel_tr_commit_event(struct skel_tr_call *c, skel_event *ev, int rc)
{
    if (external_call(c))
        return;
    int fortran = 0;
    uint32_t site = site_of(c->site, c->call, &fortran);
    commit_at(c, ev, rc, site, fortran);
}

/* The request a call created: its trace id. */
static void created_request(const struct skel_tr_call *c, int klass, int ok, skel_event *ev)
{
    ev->req = 0;
    if (c->reqp == NULL)
        return;
    if (ok && *c->reqp != MPI_REQUEST_NULL) {
        int persistent = klass == SKEL_CLASS_SEND_INIT || klass == SKEL_CLASS_RECV_INIT;
        ev->req = req_new(*c->reqp, c->call, klass, ev->comm, persistent, c->parts > 0, ev->bytes,
                          ev->peer, ev->tag);
    } else if (skel_call_creates_request(c->call, klass)) {
        /* The call failed or gave no request: keep the id sequence dense. */
        ev->req = next_req_id++;
    }
}

/* ---- persistent collectives (MPI 4.0) ----------------------------------------- */

/* MPI_Allreduce_init and its kind make a persistent request on which every
 * MPI_Start begins one collective operation.  The set-up is recorded as the
 * local call it is (class GROUP, with the collective's shape and
 * communicator); each start of the request is recorded as the nonblocking
 * collective it begins (MPI_Iallreduce for MPI_Allreduce_init), with the
 * arguments given at set-up, at the MPI_Start's site and times, and with a
 * new request that the Wait or Test completing the start completes.  So the
 * replay, compression, predictions and skeletons see nonblocking
 * collectives, which they know: a skeleton calls MPI_Iallreduce where the
 * application started a persistent MPI_Allreduce (docs/trace-format.md,
 * "Persistent collectives"). */
struct tr_pcoll {
    uint8_t used;   /* 0: a free slot */
    uint16_t icall; /* the nonblocking collective a start begins */
    skel_event ev;  /* its fields, described at set-up */
};
static struct tr_pcoll *pcolls;
static uint32_t npcolls, pcoll_cap;
static skel_map pcoll_map; /* handle -> index in pcolls */

/* The nonblocking collective a set-up call's starts begin (MPI_Iallreduce for
 * MPI_Allreduce_init), 0 if none. */
static unsigned pcoll_icall(unsigned call)
{
    static uint16_t memo[SKEL_CALL_LIMIT];
    if (call >= SKEL_CALL_LIMIT)
        return 0;
    if (memo[call] == 0) {
        const char *n = skel_call_name(call);
        size_t len = strlen(n);
        char buf[80];
        if (len < 10 || len >= sizeof buf - 1 || strcmp(n + len - 5, "_init") != 0)
            return 0;
        /* "MPI_Allreduce_init" -> "MPI_IAllreduce" (names compare ignoring case) */
        snprintf(buf, sizeof buf, "MPI_I%.*s", (int)(len - 9), n + 4);
        unsigned id = skel_call_by_name(buf);
        const struct skel_call_info *ii = skel_call_info(id);
        if (ii == NULL || ii->klass != SKEL_CLASS_ICOLL)
            return 0;
        memo[call] = (uint16_t)id;
    }
    return memo[call];
}

/* A set-up call made persistent request *c->reqp: describe the collective
 * its starts begin. */
static void pcoll_made(const struct skel_tr_call *c, int ok)
{
    if (!ok || c->reqp == NULL || *c->reqp == MPI_REQUEST_NULL)
        return;
    unsigned icall = pcoll_icall(c->call);
    if (icall == 0)
        return;
    uint64_t key = HANDLE_KEY(*c->reqp);
    uint32_t i = 0;
    skel_map_slot *s = skel_map_find(&pcoll_map, key);
    if (s != NULL) {
        i = s->val; /* a handle freed behind our back and made again */
    } else {
        while (i < npcolls && pcolls[i].used)
            i++;
        if (i == npcolls) {
            if (npcolls == pcoll_cap) {
                uint32_t ncap = pcoll_cap ? 2 * pcoll_cap : 16;
                struct tr_pcoll *n = realloc(pcolls, ncap * sizeof *n);
                if (n == NULL)
                    return; /* its starts are then recorded as starts of an unknown request */
                pcolls = n;
                pcoll_cap = ncap;
            }
            npcolls++;
        }
        if (skel_map_put(&pcoll_map, key, i) != 0)
            return;
    }
    struct tr_pcoll *p = &pcolls[i];
    struct skel_tr_call ic = *c;
    ic.call = (uint16_t)icall;
    p->used = 1;
    p->icall = (uint16_t)icall;
    skel_event_init(&p->ev);
    describe(&ic, skel_call_info(icall), 1, &p->ev);
    if (c->inplace)
        p->ev.flags |= SKEL_EVF_INPLACE;
}

int skel_tr_pcoll_is(MPI_Request h)
{
    return pcoll_map.live != 0 && skel_map_find(&pcoll_map, HANDLE_KEY(h)) != NULL;
}

int skel_tr_pcoll_start(struct skel_tr_call *c, MPI_Request h, int rc)
{
    if (pcoll_map.live == 0)
        return 0;
    skel_map_slot *s = skel_map_find(&pcoll_map, HANDLE_KEY(h));
    if (s == NULL)
        return 0;
    const struct tr_pcoll *p = &pcolls[s->val];
    skel_event ev = p->ev;
    c->call = p->icall;
    if (rc == MPI_SUCCESS)
        ev.req = req_new(h, p->icall, SKEL_CLASS_ICOLL, ev.comm, 0, 0, ev.bytes, ev.peer, ev.tag);
    else
        ev.req = next_req_id++; /* keep the id sequence dense */
    int fortran = 0;
    uint32_t site = site_of(c->site, c->call, &fortran);
    commit_at(c, &ev, rc, site, fortran);
    return 1;
}

void skel_tr_pcoll_free(MPI_Request h)
{
    if (pcoll_map.live == 0)
        return;
    uint64_t key = HANDLE_KEY(h);
    skel_map_slot *s = skel_map_find(&pcoll_map, key);
    if (s == NULL)
        return;
    pcolls[s->val].used = 0;
    skel_map_del_slot(&pcoll_map, s);
}

void skel_tr_commit(struct skel_tr_call *c, int rc)
{
    const struct skel_call_info *ci = skel_call_info(c->call);
    skel_tr_lock();
    if (skel_tr_active == 1 && ci != NULL) {
        int ok = rc == MPI_SUCCESS, fortran = 0;
        uint32_t site = site_of(c->site, c->call, &fortran);
        skel_event local;
        skel_event *ev = event_of(c, ci, ok, site, &local);
        if (external_call(c)) {
            /* Described into the site's memo with the world's index: the
             * same call again must be described again, and dropped again. */
            struct tr_memo *m = memo_of(site, ci, ok);
            if (m != NULL)
                m->call = 0;
            skel_tr_unlock();
            c->t->depth--;
            return;
        }
        if (ci->klass == SKEL_CLASS_GROUP && ci->shape != SKEL_SHAPE_NONE)
            pcoll_made(c, ok); /* the set-up itself creates no request of the trace */
        else
            created_request(c, ci->klass, ok, ev);
        commit_at(c, ev, rc, site, fortran);
    }
    skel_tr_unlock();
    c->t->depth--;
}

/* ---- hand-written wrappers' helpers ---------------------------------------- */

uint64_t skel_tr_req_id(MPI_Request h, uint32_t *comm, int *klass, int *persistent)
{
    struct tr_req *r = req_lookup(h);
    if (r == NULL)
        return 0;
    if (comm != NULL)
        *comm = r->comm;
    if (klass != NULL)
        *klass = r->klass;
    if (persistent != NULL)
        *persistent = r->persistent;
    return r->id;
}

void skel_tr_req_free(MPI_Request h)
{
    req_drop(h);
}

void skel_tr_req_cancelled(MPI_Request h)
{
    struct tr_req *r = req_lookup(h);
    if (r != NULL)
        r->cancelled = 1;
    if (r != NULL && r->pair && r->next != 0)
        reqs[r->next].cancelled = 1;
}

void skel_tr_comm_forget(MPI_Comm comm)
{
    forget_comm(comm);
}

int skel_tr_req_pair(MPI_Request h)
{
    uint32_t *head = head_of(HANDLE_KEY(h));
    if (head == NULL || reqs[*head].next == 0)
        return 0;
    uint32_t i = *head;
    while (reqs[reqs[i].next].next != 0)
        i = reqs[i].next;
    reqs[i].pair = 1;
    return 1;
}

int skel_tr_complete_request(skel_completion *cp, MPI_Request h, const MPI_Status *st,
                             uint32_t index)
{
    uint64_t key = HANDLE_KEY(h);
    uint32_t *head = head_of(key);
    struct tr_req *r = head != NULL ? &reqs[*head] : NULL;
    cp->req = r != NULL ? r->id : 0;
    cp->call = r != NULL ? r->call : 0;
    cp->index = index;
    cp->flags = 0;
    cp->src = SKEL_PEER_NONE;
    cp->tag = SKEL_TAG_NONE;
    cp->bytes = r != NULL ? r->bytes : 0;
    if (r == NULL)
        return 0;
    if (r->cancelled && st != NULL) {
        int flag = 0;
        PMPI_Test_cancelled(st, &flag);
        if (flag)
            cp->flags |= SKEL_EVF_CANCELLED;
    }
    int recv = r->klass == SKEL_CLASS_IRECV || r->klass == SKEL_CLASS_RECV_INIT ||
               r->klass == SKEL_CLASS_IMRECV;
    if (recv && r->peer == SKEL_PEER_NULL) {
        /* MPI libraries do not always fill the status of a receive from
         * MPI_PROC_NULL completed among others: we know what it is. */
        cp->src = SKEL_PEER_NULL;
        cp->tag = SKEL_TAG_ANY;
        cp->bytes = 0;
    } else if (recv && (r->pair || r->posted) && r->peer != SKEL_PEER_ANY &&
               r->tag != SKEL_TAG_ANY) {
        /* The receive of an MPI_Isendrecv: MPICH 4.0.2 leaves its status
         * unset (a stale one: docs/trace-format.md), so the request's own source
         * and tag are taken, and the bytes it could take.  So for a
         * partitioned receive, which takes no wildcards and whose message
         * fills it (MPI 4.0: the two sides' buffers are of one size). */
        cp->src = r->peer;
        cp->tag = r->tag;
    } else if (recv && st != NULL) {
        skel_event tmp;
        tmp.asrc = SKEL_PEER_NONE;
        tmp.atag = SKEL_TAG_NONE;
        tmp.rbytes = 0;
        from_status(st, r->comm, &tmp);
        cp->src = tmp.asrc;
        cp->tag = tmp.atag;
        cp->bytes = tmp.rbytes;
    }
    int pair = r->pair && r->next != 0;
    if (!r->persistent) /* done: drop it (first of its handle's FIFO) */
        req_release(pop_head(key, head));
    return pair;
}
