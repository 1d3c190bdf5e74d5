/* plan.c - a signature scaled by K into the skeleton's program (plan.h). */
#include "plan.h"

#include "error.h"
#include "grow.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Limits on what a skeleton is made of (beyond them the signature is refused
 * with SKEL_ERANGE rather than turned into absurd code). */
#define MAX_RANKS         (1u << 20)
#define MAX_SLOTS         4096u
#define MAX_LINK_DIST     (1u << 20)
#define MAX_LINK_INDEX    4096u
#define MAX_DTSIZE        (1u << 24)
#define MAX_MESSAGE_BYTES (1ull << 30)
#define MAX_COUNT_TOTAL   (UINT64_C(1) << 62)
/* The smallest MPI_TAG_UB the standard allows is 32767; the skeleton keeps
 * that one for MPI_Intercomm_create (SKEL_INTER_TAG). */
#define MAX_TAG_KEPT 32766
#define MAX_DEPTH    256u
#define MAX_OBJECTS  (1u << 16) /* windows and files one rank opens */

typedef unsigned __int128 u128;

/* ------------------------------------------------------------------------ */
/* Descriptions for messages */

static void printable(const char *s, char *out, size_t cap)
{
    size_t o = 0;
    for (; s != NULL && *s && o + 5 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f)
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, cap - o, "\\x%02X", c);
    }
    out[o] = '\0';
}

/* The last component of a path: messages name a file, not the directory it
 * was built in. */
static const char *base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    return b != NULL && b[1] != '\0' ? b + 1 : path;
}

const char *skel_plan_describe(const skel_signature *s, uint32_t sym, char *buf, size_t len)
{
    if (sym >= s->nsymbols) {
        snprintf(buf, len, "symbol %u", sym);
        return buf;
    }
    const skel_sig_symbol *y = &s->symbols[sym];
    char where[280] = "", fn[130] = "";
    if (y->site < s->nsites) {
        const skel_sig_site *st = &s->sites[y->site];
        char a[120];
        if (st->func != NULL && st->func[0] != '\0') {
            printable(st->func, a, 64);
            snprintf(fn, sizeof fn, " in %s", a);
        }
        if (st->file != NULL && st->file[0] != '\0') {
            printable(base_name(st->file), a, sizeof a);
            snprintf(where, sizeof where, "%s at %s:%u", fn, a, st->line);
        } else if (fn[0] != '\0') {
            snprintf(where, sizeof where, "%s", fn);
        } else {
            printable(base_name(st->module != NULL ? st->module : ""), a, sizeof a);
            snprintf(where, sizeof where, " at %s+0x%llx", a, (unsigned long long)st->offset);
        }
    }
    snprintf(buf, len, "symbol %u (%s of class %u%s)", sym, skel_call_name(y->call), y->cls, where);
    return buf;
}

const char *skel_plan_mode_name(int mode)
{
    return mode == SKEL_PLAN_LOOPS      ? "loops"
           : mode == SKEL_PLAN_MESSAGES ? "messages"
           : mode == SKEL_PLAN_MIXED    ? "mixed"
           : mode == SKEL_PLAN_EPOCHS   ? "epochs"
           : mode == SKEL_PLAN_INNER    ? "inner"
           : mode == SKEL_PLAN_THIN     ? "thin"
                                        : "?";
}

const skel_sig_peer *skel_plan_peer(int mode, const skel_sig_symbol *y, const skel_sig_peer *pe)
{
    if (mode == SKEL_PLAN_EPOCHS && pe == &y->peer && pe->kind == SKEL_SIG_PEER_REPLY &&
        y->reply_alt.kind != SKEL_SIG_PEER_NONE && y->reply_alt.kind != SKEL_SIG_PEER_REPLY)
        return &y->reply_alt;
    return pe;
}

int skel_plan_thin_keeps(uint64_t n, uint64_t wtop, uint64_t wden)
{
    if (wden == 0 || wtop >= wden)
        return 1;
    u128 a = (u128)n * wtop, b = a + wtop;
    return (b + wden - 1) / wden > (a + wden - 1) / wden;
}

int skel_plan_thin_step(uint64_t *g, uint64_t wtop, uint64_t wden, int advance)
{
    if (wden == 0 || wtop >= wden)
        return 1;
    int keep = *g < wtop;
    if (advance)
        *g = keep ? *g + wden - wtop : *g - wtop;
    return keep;
}

int skel_plan_mode_by_name(const char *name)
{
    for (int m = SKEL_PLAN_LOOPS; m <= SKEL_PLAN_THIN; m++)
        if (strcmp(name, skel_plan_mode_name(m)) == 0)
            return m;
    return -1;
}

int skel_plan_kind_is_object(int kind)
{
    return kind == SKEL_PLAN_WIN || kind == SKEL_PLAN_WINSYNC || kind == SKEL_PLAN_RMA ||
           kind == SKEL_PLAN_FILE || kind == SKEL_PLAN_IO || kind == SKEL_PLAN_FILEOP;
}

int skel_plan_kind_uses_comm(int kind)
{
    switch (kind) {
    case SKEL_PLAN_COMPUTE:
    case SKEL_PLAN_COMMFREE:
    case SKEL_PLAN_WAIT:
    case SKEL_PLAN_TEST:
    case SKEL_PLAN_START:
    case SKEL_PLAN_REQFREE:
    case SKEL_PLAN_CANCEL:
        return 0;
    default:
        return 1;
    }
}

const char *skel_plan_kind_name(int kind)
{
    static const char *const names[SKEL_PLAN__COUNT] = {
        "compute", "send",  "isend", "recv",     "irecv",   "sendrecv", "probe", "wait",  "test",
        "coll",    "icoll", "comm",  "commfree", "win",     "winsync",  "rma",   "file",  "io",
        "fileop",  "psend", "precv", "start",    "reqfree", "mprobe",   "mrecv", "cancel"};
    return kind >= 0 && kind < SKEL_PLAN__COUNT ? names[kind] : "?";
}

/* ------------------------------------------------------------------------ */
/* Weights */

int64_t skel_plan_scale(const skel_plan *p, int64_t count, uint64_t w)
{
    if (count <= 0)
        return 0;
    if (w >= p->wden)
        return count;
    /* Rounded, but never to nothing: a message of one element stays one. */
    u128 x = ((u128)(uint64_t)count * w + p->wden / 2) / p->wden;
    return x < 1 ? 1 : (int64_t)x;
}

int32_t skel_plan_tag(const skel_plan *p, int32_t tag)
{
    if (!p->remap_tags || tag < 0)
        return tag;
    uint32_t lo = 0, hi = p->ntags;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (p->tags[mid] < tag)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (int32_t)lo;
}

/* ------------------------------------------------------------------------ */
/* Building */

struct memo {
    uint64_t w;
    uint32_t id;
};
struct memolist {
    struct memo *v;
    uint32_t n, cap;
};

struct builder {
    skel_plan *p;
    const skel_signature *s;
    struct memolist *symmemo;   /* per symbol: ops made of it */
    struct memolist *blockmemo; /* per block: seqs made of it */
    uint64_t *acts;             /* per block: requests one execution activates */
    uint64_t *longest;          /* per block: the most iterations of a loop inside it */
};

static int memo_find(const struct memolist *l, uint64_t w, uint32_t *id)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->v[i].w == w) {
            *id = l->v[i].id;
            return 1;
        }
    return 0;
}

static int memo_add(struct memolist *l, uint64_t w, uint32_t id)
{
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 4;
        struct memo *nv = realloc(l->v, cap * sizeof *nv);
        if (nv == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        l->v = nv;
        l->cap = cap;
    }
    l->v[l->n++] = (struct memo){w, id};
    return SKEL_OK;
}

static int unsupported(const struct builder *b, uint32_t sym, const char *why)
{
    char d[320];
    return skel_fail(SKEL_EUNSUPPORTED, "%s: %s", skel_plan_describe(b->s, sym, d, sizeof d), why);
}

static int out_of_range(const struct builder *b, uint32_t sym, const char *what, long long v)
{
    char d[320];
    return skel_fail(SKEL_ERANGE, "%s: %s %lld is out of range",
                     skel_plan_describe(b->s, sym, d, sizeof d), what, v);
}

/* Position of world rank r in comm c, -1 if not a member. */
static int32_t position_in(const skel_sig_comm *c, int32_t r)
{
    for (uint32_t i = 0; i < c->size; i++)
        if (c->members[i] == r)
            return (int32_t)i;
    return -1;
}

/* The communicator a rank holds in slot, NULL for SELF or none. */
static const skel_sig_comm *slot_comm(const skel_signature *s, uint32_t rank, uint32_t slot)
{
    const skel_sig_rank *rk = &s->ranks[rank];
    if (slot == SKEL_COMM_SELF || slot >= rk->ncomms || rk->comms[slot] >= s->ncomms)
        return NULL;
    return &s->comms[rk->comms[slot]];
}

/* root: the peer is a collective's root, which may be MPI_ROOT (on an
 * intercommunicator: checked with the communicator, below). */
static int check_peer(const struct builder *b, uint32_t sym, const skel_sig_peer *pe, int root)
{
    if (pe->kind >= SKEL_SIG_PEER__COUNT)
        return out_of_range(b, sym, "peer kind", pe->kind);
    if (pe->kind == SKEL_SIG_PEER_ROOT && !root)
        return unsupported(b, sym, "MPI_ROOT as a point-to-point peer");
    if (pe->kind == SKEL_SIG_PEER_CART && (pe->ndims == 0 || pe->ndims > SKEL_SIG_MAXDIMS))
        return out_of_range(b, sym, "Cartesian peer dimensions", pe->ndims);
    if (pe->kind == SKEL_SIG_PEER_CART)
        for (uint32_t i = 0; i < pe->ndims; i++)
            if (pe->vec[i] < -(1 << 20) || pe->vec[i] > (1 << 20))
                return out_of_range(b, sym, "Cartesian peer offset", pe->vec[i]);
    return SKEL_OK;
}

static int check_tag(const struct builder *b, uint32_t sym, int32_t tag)
{
    if (tag < 0 && tag != SKEL_TAG_ANY && tag != SKEL_TAG_NONE)
        return out_of_range(b, sym, "tag", tag);
    return SKEL_OK;
}

/* Elements of a side's count, checked: mean rounded for sends, max for
 * capacities. */
static int side_count(const struct builder *b, uint32_t sym, const skel_sig_side *sd, int64_t *mean,
                      int64_t *max)
{
    if (sd->count.min < 0 || sd->count.max > INT_MAX || sd->count.min > sd->count.max ||
        !(sd->count.mean >= 0) || sd->count.mean > (double)INT_MAX)
        return out_of_range(b, sym, "element count", (long long)sd->count.max);
    if (sd->bytes.min < 0 || sd->rbytes.min < 0 || sd->bytes.max > (int64_t)MAX_MESSAGE_BYTES ||
        sd->rbytes.max > (int64_t)MAX_MESSAGE_BYTES)
        return out_of_range(
            b, sym, "message size in bytes",
            (long long)(sd->bytes.max > sd->rbytes.max ? sd->bytes.max : sd->rbytes.max));
    *mean = (int64_t)llround(sd->count.mean);
    *max = sd->count.max;
    return SKEL_OK;
}

static int supported_shape(int shape)
{
    switch (shape) {
    case SKEL_SHAPE_BARRIER:
    case SKEL_SHAPE_BCAST:
    case SKEL_SHAPE_REDUCE:
    case SKEL_SHAPE_ALLREDUCE:
    case SKEL_SHAPE_GATHER:
    case SKEL_SHAPE_GATHERV:
    case SKEL_SHAPE_SCATTER:
    case SKEL_SHAPE_SCATTERV:
    case SKEL_SHAPE_ALLGATHER:
    case SKEL_SHAPE_ALLGATHERV:
    case SKEL_SHAPE_ALLTOALL:
    case SKEL_SHAPE_ALLTOALLV:
    case SKEL_SHAPE_ALLTOALLW:
    case SKEL_SHAPE_REDSCAT:
    case SKEL_SHAPE_REDSCATBLK:
    case SKEL_SHAPE_SCAN:
    case SKEL_SHAPE_EXSCAN:
    case SKEL_SHAPE_NALLGATHER:
    case SKEL_SHAPE_NALLGATHERV:
    case SKEL_SHAPE_NALLTOALL:
    case SKEL_SHAPE_NALLTOALLV:
    case SKEL_SHAPE_NALLTOALLW:
        return 1;
    default:
        return 0;
    }
}

int skel_plan_shape_divides(int shape)
{
    return shape == SKEL_SHAPE_ALLTOALLV || shape == SKEL_SHAPE_ALLTOALLW ||
           shape == SKEL_SHAPE_NALLTOALLV || shape == SKEL_SHAPE_NALLTOALLW;
}

int skel_plan_shape_is_neighbor(int shape)
{
    return shape >= SKEL_SHAPE_NALLGATHER && shape <= SKEL_SHAPE_NALLTOALLW;
}

uint32_t skel_plan_cart_neighbors(const skel_sig_comm *c)
{
    if (c == NULL || !(c->flags & SKEL_COMMF_CART) || (c->flags & SKEL_COMMF_INTER) ||
        c->ndims == 0 || c->ndims > SKEL_SIG_MAXDIMS || c->dims == NULL)
        return 0;
    uint64_t cells = 1;
    for (uint32_t i = 0; i < c->ndims; i++) {
        if (c->dims[i] <= 0)
            return 0;
        cells *= (uint64_t)c->dims[i];
        if (cells > c->size)
            return 0;
    }
    return cells == c->size ? 2 * c->ndims : 0;
}

/* Coordinates of rank position pos on a Cartesian grid (row-major, as
 * MPI_Cart_coords numbers them). */
static void cart_coords(const skel_sig_comm *c, uint32_t pos, int32_t *co)
{
    for (uint32_t d = c->ndims; d-- > 0;) {
        co[d] = (int32_t)(pos % (uint32_t)c->dims[d]);
        pos /= (uint32_t)c->dims[d];
    }
}

int skel_plan_cart_sub_remain(const skel_signature *s, uint32_t comm,
                              int32_t remain[SKEL_SIG_MAXDIMS])
{
    if (comm >= s->ncomms)
        return 0;
    const skel_sig_comm *c = &s->comms[comm];
    if (c->created_by != SKEL_CALL_MPI_Cart_sub || c->parent_slot == SKEL_SIG_NONE ||
        skel_plan_cart_neighbors(c) == 0 || c->members[0] < 0 ||
        (uint32_t)c->members[0] >= s->nranks)
        return 0;
    const skel_sig_comm *pa = slot_comm(s, (uint32_t)c->members[0], c->parent_slot);
    if (pa == NULL || skel_plan_cart_neighbors(pa) == 0 || c->ndims > pa->ndims)
        return 0;
    /* The dimensions along which the members' coordinates differ. */
    int32_t first[SKEL_SIG_MAXDIMS], co[SKEL_SIG_MAXDIMS];
    int varies[SKEL_SIG_MAXDIMS] = {0};
    for (uint32_t i = 0; i < c->size; i++) {
        int32_t pos = position_in(pa, c->members[i]);
        if (pos < 0)
            return 0;
        cart_coords(pa, (uint32_t)pos, i == 0 ? first : co);
        for (uint32_t d = 0; i > 0 && d < pa->ndims; d++)
            varies[d] |= co[d] != first[d];
    }
    /* Keep those, and the parent's dimensions of size 1 where the child has
     * one it could not have otherwise, so that its dimensions line up. */
    uint32_t j = 0, left = 0;
    for (uint32_t d = 0; d < pa->ndims; d++)
        left += (uint32_t)varies[d];
    for (uint32_t d = 0; d < pa->ndims; d++) {
        left -= (uint32_t)varies[d];
        int keep = varies[d] ||
                   (pa->dims[d] == 1 && j < c->ndims && c->dims[j] == 1 && c->ndims - j > left);
        remain[d] = keep;
        if (!keep)
            continue;
        if (j >= c->ndims || c->dims[j] != pa->dims[d] || c->periods[j] != pa->periods[d])
            return 0;
        j++;
    }
    if (j != c->ndims)
        return 0;
    /* MPI_Cart_sub orders the members by their kept coordinates. */
    for (uint32_t i = 0; i < c->size; i++) {
        cart_coords(pa, (uint32_t)position_in(pa, c->members[i]), co);
        uint64_t at = 0;
        for (uint32_t d = 0; d < pa->ndims; d++)
            if (remain[d])
                at = at * (uint64_t)pa->dims[d] + (uint64_t)co[d];
        if (at != i)
            return 0;
    }
    return 1;
}

int skel_plan_neighbors(const skel_sig_comm *c, int32_t r, uint32_t *nin, uint32_t *nout)
{
    int32_t pos = c != NULL ? position_in(c, r) : -1;
    if (pos < 0)
        return 0;
    uint32_t k = skel_plan_cart_neighbors(c);
    if (k > 0) {
        *nin = *nout = k;
        return 1;
    }
    if (c->nbr_off == NULL || (c->flags & SKEL_COMMF_INTER))
        return 0;
    const uint32_t *o = &c->nbr_off[2 * (uint32_t)pos];
    *nin = o[1] - o[0];
    *nout = o[2] - o[1];
    return 1;
}

/* A neighbourhood collective needs its communicator's topology on every
 * member of the class: a Cartesian one (the skeleton makes Cartesian
 * communicators again, also those of MPI_Cart_sub), or a graph whose
 * neighbours the trace recorded. */
static int neighbor_comm_ok(struct builder *b, const skel_sig_symbol *y)
{
    const skel_sig_class *cl = &b->s->classes[y->cls];
    for (uint32_t i = 0; i < cl->nranks; i++) {
        const skel_sig_comm *c = slot_comm(b->s, cl->ranks[i], y->comm);
        uint32_t nin, nout;
        if (c == NULL)
            return out_of_range(b, y->id, "communicator slot", y->comm);
        if (!skel_plan_neighbors(c, (int32_t)cl->ranks[i], &nin, &nout))
            return unsupported(b, y->id,
                               (c->flags & SKEL_COMMF_GRAPH)
                                   ? "a neighbourhood collective on a graph topology whose "
                                     "neighbours the trace does not hold"
                                   : "a neighbourhood collective on a communicator without a "
                                     "Cartesian topology the skeleton can make");
    }
    return SKEL_OK;
}

static int is_graph_call(unsigned call)
{
    return call == SKEL_CALL_MPI_Graph_create || call == SKEL_CALL_MPI_Dist_graph_create ||
           call == SKEL_CALL_MPI_Dist_graph_create_adjacent;
}

/* A graph call the skeleton can make as the application did: every rank
 * holding the new communicator has its neighbours, and its ranks are the
 * parent's first ones in order (a distributed graph: all of them). */
static int graph_direct(const skel_signature *s, const skel_sig_class *cl, const skel_sig_symbol *y)
{
    for (uint32_t i = 0; i < cl->nranks; i++) {
        uint32_t r = cl->ranks[i];
        const skel_sig_comm *parent = slot_comm(s, r, y->comm);
        const skel_sig_comm *c = slot_comm(s, r, y->newcomm);
        if (parent == NULL)
            return 0;
        if (c == NULL) {
            if (y->call != SKEL_CALL_MPI_Graph_create)
                return 0;
            /* Left out by MPI_Graph_create: a rank beyond the graph's nodes. */
            continue;
        }
        if (c->nbr_off == NULL || c->size > parent->size ||
            (y->call != SKEL_CALL_MPI_Graph_create && c->size != parent->size) ||
            memcmp(c->members, parent->members, c->size * sizeof *c->members) != 0)
            return 0;
    }
    /* Every left-out rank must lie beyond the nodes. */
    for (uint32_t i = 0; i < cl->nranks; i++) {
        uint32_t r = cl->ranks[i];
        const skel_sig_comm *parent = slot_comm(s, r, y->comm);
        const skel_sig_comm *c = slot_comm(s, r, y->newcomm);
        if (c != NULL)
            continue;
        for (uint32_t j = 0; j < cl->nranks; j++) {
            const skel_sig_comm *g = slot_comm(s, cl->ranks[j], y->newcomm);
            if (g != NULL && position_in(parent, (int32_t)r) < (int32_t)g->size)
                return 0;
        }
    }
    return 1;
}

/* Whether c's members are a's followed by b's (or b's followed by a's:
 * either). */
static int members_concat(const skel_sig_comm *c, const int32_t *a, uint32_t na, const int32_t *b,
                          uint32_t nb)
{
    if (c->size != na + nb)
        return 0;
    int ab = !memcmp(c->members, a, na * sizeof *a) && !memcmp(c->members + na, b, nb * sizeof *b);
    int ba = !memcmp(c->members, b, nb * sizeof *b) && !memcmp(c->members + nb, a, na * sizeof *a);
    return ab || ba;
}

/* MPI_Intercomm_create and MPI_Intercomm_merge: made again by the same
 * call where the signature shows what MPI makes of it - an
 * intercommunicator whose local group is its local communicator's, in
 * order; a merge whose members are one group then the other. */
static int intercomm_method(const struct builder *b, const skel_sig_symbol *y, uint8_t *method)
{
    const skel_signature *s = b->s;
    const skel_sig_class *cl = &s->classes[y->cls];
    int create = y->call == SKEL_CALL_MPI_Intercomm_create;
    for (uint32_t i = 0; i < cl->nranks; i++) {
        uint32_t r = cl->ranks[i];
        const skel_sig_comm *parent = slot_comm(s, r, y->comm), *c = slot_comm(s, r, y->newcomm);
        if (parent == NULL || c == NULL)
            return unsupported(b, y->id, "a communicator it uses or makes is not in the signature");
        int pinter = (parent->flags & SKEL_COMMF_INTER) != 0,
            cinter = (c->flags & SKEL_COMMF_INTER) != 0;
        if (create && (pinter || !cinter || c->remote_size == 0 || c->size != parent->size ||
                       memcmp(c->members, parent->members, c->size * sizeof *c->members)))
            return unsupported(b, y->id,
                               "an intercommunicator whose local group is not its local "
                               "communicator's");
        if (!create && (!pinter || cinter ||
                        !members_concat(c, parent->members, parent->size, parent->remote,
                                        parent->remote_size)))
            return unsupported(b, y->id,
                               "a merged communicator whose members are not one group then "
                               "the other");
    }
    *method = create ? SKEL_PLAN_INTER : SKEL_PLAN_MERGE;
    return SKEL_OK;
}

/* Calls that make an intercommunicator of parts of an intercommunicator's
 * two groups: MPI_Comm_split (made again by MPI_Comm_split, colour the
 * smallest world rank of both parts) and MPI_Comm_create (by the same call,
 * each group passing its part).  MPI_Comm_split_type and
 * MPI_Comm_create_group are not among them (the second takes an
 * intracommunicator only; the first is not made again). */
static int inter_parts_call(unsigned call)
{
    return call == SKEL_CALL_MPI_Comm_split || call == SKEL_CALL_MPI_Comm_create;
}

/* Whether every world rank of a[0..na) is in b[0..nb). */
static int subset_of(const int32_t *a, uint32_t na, const int32_t *b, uint32_t nb)
{
    for (uint32_t i = 0; i < na; i++) {
        uint32_t j = 0;
        while (j < nb && b[j] != a[i])
            j++;
        if (j == nb)
            return 0;
    }
    return 1;
}

/* Calls that give ranks outside the communicator they make MPI_COMM_NULL,
 * made again by the same call (MPI_Comm_create: with MPI_GROUP_EMPTY) or by
 * MPI_Comm_split (colour MPI_UNDEFINED). */
static int null_maker(unsigned call)
{
    return call == SKEL_CALL_MPI_Comm_create || call == SKEL_CALL_MPI_Comm_split ||
           call == SKEL_CALL_MPI_Comm_split_type;
}

/* Whether intercommunicators a and b have the same local and remote groups. */
static int same_groups(const skel_sig_comm *a, const skel_sig_comm *b)
{
    return a->size == b->size && a->remote_size == b->remote_size &&
           !memcmp(a->members, b->members, a->size * sizeof *a->members) &&
           !memcmp(a->remote, b->remote, a->remote_size * sizeof *a->remote);
}

/* How the communicator created by symbol y is re-created. */
static int newcomm_method(const struct builder *b, const skel_sig_symbol *y, uint8_t *method)
{
    const skel_signature *s = b->s;
    const skel_sig_class *cl = &s->classes[y->cls];
    unsigned cb = y->call;
    /* Every rank of the class got MPI_COMM_NULL (not in the group it was
     * made of, or MPI_UNDEFINED as its colour): the skeleton's call, the
     * one the members make, gives it MPI_COMM_NULL too. */
    if (y->newcomm == SKEL_SIG_NONE && null_maker(cb) && b->p->null_slot != SKEL_SIG_NONE) {
        for (uint32_t i = 0; cb == SKEL_CALL_MPI_Comm_create && i < cl->nranks; i++) {
            const skel_sig_comm *parent = slot_comm(s, cl->ranks[i], y->comm);
            if (parent != NULL && (parent->flags & SKEL_COMMF_INTER))
                return unsupported(b, y->id,
                                   "a rank outside the group of MPI_Comm_create on an "
                                   "intercommunicator (it must pass its group's part, which "
                                   "the signature does not give it)");
        }
        *method = cb == SKEL_CALL_MPI_Comm_create ? SKEL_PLAN_CREATE : SKEL_PLAN_SPLIT;
        return SKEL_OK;
    }
    if (y->newcomm == SKEL_SIG_NONE || y->newcomm < 2 || y->newcomm >= b->p->nslots)
        return out_of_range(b, y->id, "created communicator slot",
                            y->newcomm == SKEL_SIG_NONE ? -1 : (long long)y->newcomm);
    if (cb == SKEL_CALL_MPI_Intercomm_create || cb == SKEL_CALL_MPI_Intercomm_merge)
        return intercomm_method(b, y, method);
    if (is_graph_call(cb) && graph_direct(s, cl, y)) {
        *method = SKEL_PLAN_GRAPH;
        return SKEL_OK;
    }
    int idup = cb == SKEL_CALL_MPI_Comm_idup;
    int dup = idup || cb == SKEL_CALL_MPI_Comm_dup || cb == SKEL_CALL_MPI_Comm_dup_with_info;
    int cart = cb == SKEL_CALL_MPI_Cart_create, cart_direct = cart;
    const skel_sig_comm *cany = NULL;
    for (uint32_t i = 0; i < cl->nranks; i++) {
        uint32_t r = cl->ranks[i];
        const skel_sig_comm *parent = slot_comm(s, r, y->comm);
        const skel_sig_comm *c = slot_comm(s, r, y->newcomm);
        /* A duplicate of an intercommunicator has its two groups; a split
         * or a create, parts of them (or MPI_COMM_NULL). */
        int pinter = parent != NULL && (parent->flags & SKEL_COMMF_INTER);
        if (pinter && inter_parts_call(cb)) {
            if (c != NULL &&
                (!(c->flags & SKEL_COMMF_INTER) || c->size == 0 || c->remote_size == 0 ||
                 !subset_of(c->members, c->size, parent->members, parent->size) ||
                 !subset_of(c->remote, c->remote_size, parent->remote, parent->remote_size)))
                return unsupported(b, y->id,
                                   "an intercommunicator split or created from one whose groups "
                                   "are not parts of its parent's");
            if (c == NULL && cb == SKEL_CALL_MPI_Comm_create)
                return unsupported(b, y->id,
                                   "a rank outside the group of MPI_Comm_create on an "
                                   "intercommunicator (it must pass its group's part, which "
                                   "the signature does not give it)");
        } else if ((c != NULL && (c->flags & SKEL_COMMF_INTER)) || pinter) {
            if (!dup || !pinter || c == NULL || !(c->flags & SKEL_COMMF_INTER) ||
                !same_groups(c, parent))
                return unsupported(b, y->id,
                                   "only MPI_Intercomm_create, MPI_Intercomm_merge, "
                                   "MPI_Comm_split, MPI_Comm_create and the duplicating calls "
                                   "may make or come from intercommunicators");
        }
        if (c != NULL && position_in(c, (int32_t)r) < 0)
            return skel_fail(SKEL_EFORMAT,
                             "rank %u is not a member of the communicator in its "
                             "slot %u",
                             r, y->newcomm);
        if (parent == NULL && y->comm != SKEL_COMM_SELF)
            return out_of_range(b, y->id, "communicator slot", y->comm);
        if (dup && (c == NULL || (parent != NULL && (c->size != parent->size ||
                                                     memcmp(c->members, parent->members,
                                                            c->size * sizeof *c->members)))))
            dup = 0;
        if (cart) {
            if (c != NULL && !(c->flags & SKEL_COMMF_CART))
                cart = 0;
            if (c != NULL && cany != NULL && c != cany)
                cart = 0;
            if (c != NULL && cany == NULL)
                cany = c;
            if (parent == NULL)
                cart_direct = 0;
            else if (c != NULL && position_in(parent, (int32_t)r) != position_in(c, (int32_t)r))
                cart_direct = 0;
        }
    }
    if (cart && cany == NULL)
        cart = 0;
    if (cart && cart_direct) {
        /* Non-members must be the parent's last ranks for Cart_create to leave them out. */
        for (uint32_t i = 0; i < cl->nranks; i++) {
            uint32_t r = cl->ranks[i];
            const skel_sig_comm *parent = slot_comm(s, r, y->comm);
            if (slot_comm(s, r, y->newcomm) == NULL &&
                position_in(parent, (int32_t)r) < (int32_t)cany->size)
                cart_direct = 0;
        }
    }
    if (cb == SKEL_CALL_MPI_Cart_sub) {
        /* Made again by MPI_Cart_sub where every member's can be. */
        int sub = 1;
        int32_t remain[SKEL_SIG_MAXDIMS];
        for (uint32_t i = 0; sub && i < cl->nranks; i++) {
            uint32_t r = cl->ranks[i];
            sub = y->newcomm < s->ranks[r].ncomms &&
                  skel_plan_cart_sub_remain(s, s->ranks[r].comms[y->newcomm], remain);
        }
        if (sub) {
            *method = SKEL_PLAN_CART_SUB;
            return SKEL_OK;
        }
    }
    if (idup && !dup)
        return unsupported(b, y->id,
                           "MPI_Comm_idup whose communicator has other members than its "
                           "parent's");
    *method = dup                   ? SKEL_PLAN_DUP
              : cart && cart_direct ? SKEL_PLAN_CART
              : cart                ? SKEL_PLAN_CART_KEYED
                                    : SKEL_PLAN_SPLIT;
    if (cb == SKEL_CALL_MPI_Comm_create)
        *method = SKEL_PLAN_CREATE;
    return SKEL_OK;
}

/* The skeleton's tag for half h (0: the message of a send, receive or
 * probe; 1: the receive of MPI_Sendrecv) of symbol y: its matching class
 * when the signature pairs messages (so that a receive can only meet the
 * messages its class met in the application), else the application's tag,
 * renumbered when above what every MPI library supports. */
static int32_t op_tag(const skel_plan *p, const skel_sig_symbol *y, int h)
{
    int32_t app = h ? y->tag2 : y->tag;
    if (!p->matched || app == SKEL_TAG_NONE)
        return skel_plan_tag(p, app);
    if (y->match[h] != SKEL_SIG_NONE)
        return (int32_t)y->match[h];
    /* Never matched in the trace: a tag no other side uses, so that it stays
     * unmatched in the skeleton too (the check then says so). */
    const struct skel_call_info *ci = skel_call_info(y->call);
    int sends = ci != NULL && (ci->klass == SKEL_CLASS_SEND || ci->klass == SKEL_CLASS_ISEND ||
                               (ci->klass == SKEL_CLASS_SENDRECV && h == 0));
    return (int32_t)p->sig->nmatch + (sends ? 0 : 1);
}

/* Receive capacity in bytes of half h of symbol y: the largest message it
 * got in the trace, or the largest of its matching class - any message of
 * the class may reach it in the skeleton, whatever order MPI picks. */
static int64_t op_capacity(const skel_plan *p, const skel_sig_symbol *y, int h)
{
    int64_t cap = y->side[0].count.max * (int64_t)y->dtsize;
    if (y->side[0].rbytes.max > cap)
        cap = y->side[0].rbytes.max;
    if (p->matched && y->match[h] != SKEL_SIG_NONE && y->match[h] < p->sig->nmatch &&
        p->class_bytes[y->match[h]] > cap)
        cap = p->class_bytes[y->match[h]];
    return cap;
}

/* A side's layout class: its send datatype's (bits 12-15) or, with rblock,
 * its receive datatype's (bits 8-11). */
static uint8_t side_runs(const skel_sig_symbol *y, int k, int rblock)
{
    unsigned f = y->side[k].flags;
    return (uint8_t)(rblock ? (f & SKEL_EVF_RBLOCK_MASK) >> SKEL_EVF_RBLOCK_SHIFT
                            : (f & SKEL_EVF_BLOCK_MASK) >> SKEL_EVF_BLOCK_SHIFT);
}

/* A collective's layouts (docs/codegen.md, "Non-contiguous messages"): in
 * op->runs the class of what its ranks send, in op->rruns of what they
 * receive, each from the side that does it (a broadcast's and a scatter's
 * root sends, a broadcast's other ranks receive in bits 12-15 of their
 * one datatype, a gather's root receives) or, where the class holds no
 * rank of that side, the other side's.  Reductions stay contiguous: the
 * skeleton reduces a predefined type. */
static void coll_layouts(const skel_sig_symbol *y, skel_plan_op *op)
{
    int root_sends = op->shape == SKEL_SHAPE_BCAST || op->shape == SKEL_SHAPE_SCATTER ||
                     op->shape == SKEL_SHAPE_SCATTERV;
    int root_recvs = op->shape == SKEL_SHAPE_GATHER || op->shape == SKEL_SHAPE_GATHERV;
    if (op->shape == SKEL_SHAPE_BARRIER || op->shape == SKEL_SHAPE_ALLTOALLW ||
        op->shape == SKEL_SHAPE_NALLTOALLW || skel_shape_reduces(op->shape))
        return;
    int ks = root_sends ? SKEL_SIG_SIDE_ROOT : SKEL_SIG_SIDE_OTHER;
    int kr = root_recvs ? SKEL_SIG_SIDE_ROOT : SKEL_SIG_SIDE_OTHER;
    if (!op->has_side[ks])
        ks = 1 - ks;
    if (!op->has_side[kr])
        kr = 1 - kr;
    op->runs = side_runs(y, ks, 0);
    op->rruns = side_runs(y, kr, op->shape != SKEL_SHAPE_BCAST);
}

/* Counts of each side (scaled by w), in-place flags, the Test/Iprobe flag. */
static int op_sides(struct builder *b, const skel_sig_symbol *y, uint64_t w, skel_plan_op *op)
{
    for (int k = 0; k < 2; k++) {
        op->has_side[k] = (y->sides >> k) & 1;
        op->inplace[k] = op->has_side[k] && (y->side[k].flags & SKEL_EVF_INPLACE);
        if (op->has_side[k]) {
            int64_t mean = 0, max = 0;
            int rc = side_count(b, y->id, &y->side[k], &mean, &max);
            if (rc != SKEL_OK)
                return rc;
            op->count[k] = skel_plan_scale(b->p, mean, w);
        }
    }
    if (!op->has_side[0] && !op->has_side[1])
        op->has_side[0] = 1;
    op->flag = (y->side[0].flags & SKEL_EVF_FLAG) || (y->side[1].flags & SKEL_EVF_FLAG);
    int rc;
    if ((rc = check_peer(b, y->id, &y->peer, 0)) != SKEL_OK ||
        (rc = check_peer(b, y->id, &y->reply_alt, 0)) != SKEL_OK ||
        (rc = check_peer(b, y->id, &y->peer2, 0)) != SKEL_OK ||
        (rc = check_peer(b, y->id, &y->root, 1)) != SKEL_OK ||
        (rc = check_tag(b, y->id, y->tag)) != SKEL_OK ||
        (rc = check_tag(b, y->id, y->tag2)) != SKEL_OK)
        return rc;
    return SKEL_OK;
}

/* A partitioned set-up: its partitions, over a buffer of one size that
 * they divide (the signature reader checked the size is one); a set-up the
 * trace holds without partitions (a size the tracer could not multiply
 * out) is made as the persistent request of its buffer. */
static int partitioned(struct builder *b, const skel_sig_symbol *y, skel_plan_op *op)
{
    if (!skel_call_partitioned(y->call))
        return SKEL_OK;
    if (y->parts == 0) {
        op->call =
            y->call == SKEL_CALL_MPI_Psend_init ? SKEL_CALL_MPI_Send_init : SKEL_CALL_MPI_Recv_init;
        return SKEL_OK;
    }
    int64_t n = y->side[0].count.min;
    if (n < 0 || n % y->parts != 0 || n / y->parts > INT_MAX)
        return unsupported(b, y->id, "its partitions do not divide its buffer into int counts");
    op->parts = y->parts;
    return SKEL_OK;
}

/* Point-to-point: kind, tags, receive capacity in elements. */
static int op_p2p(struct builder *b, const skel_sig_symbol *y, int klass, skel_plan_op *op)
{
    const skel_plan *p = b->p;
    int64_t dt = y->dtsize ? y->dtsize : 1;
    switch (klass) {
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
        if (klass == SKEL_CLASS_SEND && p->matched && y->match[0] == SKEL_SIG_NONE) {
            /* No receive ever took any of its messages in the application
             * (OpenCoarrays' finalisation sends rank 0 a message nobody
             * receives): the library buffered it and the application went
             * on.  The skeleton does not send it, where a repeat's receive
             * could take it for another. */
            op->kind = SKEL_PLAN_COMPUTE;
            op->call = 0;
            return SKEL_OK;
        }
        op->kind = klass == SKEL_CLASS_SEND ? SKEL_PLAN_SEND : SKEL_PLAN_ISEND;
        break;
    case SKEL_CLASS_SEND_INIT: {
        op->kind = SKEL_PLAN_PSEND;
        int rc = partitioned(b, y, op);
        if (rc != SKEL_OK)
            return rc;
        if (op->parts > 0)
            op->count[0] = y->side[0].count.min;
        break;
    }
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_RECV_INIT: {
        op->kind = klass == SKEL_CLASS_RECV    ? SKEL_PLAN_RECV
                   : klass == SKEL_CLASS_IRECV ? SKEL_PLAN_IRECV
                                               : SKEL_PLAN_PRECV;
        op->rcap = (op_capacity(p, y, 0) + dt - 1) / dt;
        int rc = klass == SKEL_CLASS_RECV_INIT ? partitioned(b, y, op) : SKEL_OK;
        if (rc != SKEL_OK)
            return rc;
        if (op->parts > 0)
            op->rcap = y->side[0].count.min;
        break;
    }
    case SKEL_CLASS_SENDRECV: {
        op->kind = SKEL_PLAN_SENDRECV;
        int64_t cap = op_capacity(p, y, 1);
        if (y->side[0].bytes.max > cap)
            cap = y->side[0].bytes.max;
        op->rcap = (cap + dt - 1) / dt;
        op->dtsize2 = y->dtsize;
        op->count2 = op->count[0];
        op->tag2 = op_tag(p, y, 1);
        break;
    }
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
        /* A matched probe takes its message off the queue as a receive
         * does.  One that found nothing in the application must find
         * nothing in the skeleton either: the tag of a receive no message
         * matched (op_tag()), which only a signature that pairs messages
         * has. */
        if (klass == SKEL_CLASS_IMPROBE && !op->flag && !p->matched)
            return unsupported(b, y->id,
                               "an MPI_Improbe that found no message needs a signature that "
                               "pairs messages (compress it again)");
        op->kind = SKEL_PLAN_MPROBE;
        op->rcap = (op_capacity(p, y, 0) + dt - 1) / dt;
        break;
    case SKEL_CLASS_MRECV:
    case SKEL_CLASS_IMRECV:
        op->kind = SKEL_PLAN_MRECV;
        /* its capacity: a message in runs takes its type's extent */
        op->rcap = (op_capacity(p, y, 0) + dt - 1) / dt;
        return SKEL_OK;
    default: /* probes */
        op->kind = SKEL_PLAN_PROBE;
        break;
    }
    op->tag = op_tag(p, y, 0);
    if (op->tag > MAX_TAG_KEPT || op->tag2 > MAX_TAG_KEPT) {
        char d[320];
        return skel_fail(SKEL_ERANGE,
                         "%s: its messages are matching class %d of %u: more tags "
                         "than the %d every MPI library supports",
                         skel_plan_describe(b->s, y->id, d, sizeof d),
                         op->tag > op->tag2 ? op->tag : op->tag2, p->sig->nmatch + 2,
                         MAX_TAG_KEPT + 1);
    }
    return SKEL_OK;
}

/* Calls on requests (Wait/Test families, Start, Startall, Request_free):
 * the request array and the ring of requests remembered. */
static int op_links(struct builder *b, const skel_sig_symbol *y, skel_plan_op *op)
{
    skel_plan *p = b->p;
    uint32_t n = 0;
    for (uint32_t i = 0; i < y->nlinks; i++) {
        if (y->links[i].dist > MAX_LINK_DIST)
            return out_of_range(b, y->id, "request link distance", y->links[i].dist);
        if (y->links[i].index >= MAX_LINK_INDEX)
            return out_of_range(b, y->id, "request array index", y->links[i].index);
        if (y->links[i].index + 1 > n)
            n = y->links[i].index + 1;
        if (y->links[i].dist > p->ring)
            p->ring = y->links[i].dist;
    }
    if ((y->call == SKEL_CALL_MPI_Wait || y->call == SKEL_CALL_MPI_Test ||
         y->call == SKEL_CALL_MPI_Request_get_status || y->call == SKEL_CALL_MPI_Start ||
         y->call == SKEL_CALL_MPI_Request_free) &&
        n > 1)
        return out_of_range(b, y->id, "request index of a single-request call", n - 1);
    op->nreq = n ? n : 1;
    return SKEL_OK;
}

static int op_wait(struct builder *b, const skel_sig_symbol *y, skel_plan_op *op)
{
    op->kind = (y->call == SKEL_CALL_MPI_Wait || y->call == SKEL_CALL_MPI_Waitall ||
                y->call == SKEL_CALL_MPI_Waitany || y->call == SKEL_CALL_MPI_Waitsome)
                   ? SKEL_PLAN_WAIT
                   : SKEL_PLAN_TEST;
    return op_links(b, y, op);
}

/* Persistent requests (docs/codegen.md, "Persistent requests"): made,
 * started, completed and freed where the application did.  A Start must
 * name every request it starts: one made before the trace began is
 * refused. */
static int op_start(struct builder *b, const skel_sig_symbol *y, int klass, skel_plan_op *op)
{
    op->kind = klass == SKEL_CLASS_START     ? SKEL_PLAN_START
               : klass == SKEL_CLASS_REQFREE ? SKEL_PLAN_REQFREE
                                             : SKEL_PLAN_CANCEL;
    /* A cancel is made of a receive that never met a message in the
     * application (its tag is one no message carries: see op_tag()), so
     * that it succeeds in the skeleton too, and of a send whose message no
     * receive took (its tag is one no receive uses); the check refuses the
     * others (cancel_req() in sim.c). */
    if (klass == SKEL_CLASS_CANCEL && !b->p->matched)
        return unsupported(b, y->id,
                           "MPI_Cancel needs a signature that pairs messages (compress it "
                           "again)");
    for (uint32_t i = 0; i < y->nlinks; i++)
        if (y->links[i].dist == 0)
            return unsupported(
                b, y->id,
                klass == SKEL_CLASS_START     ? "it starts a request made before the trace began"
                : klass == SKEL_CLASS_REQFREE ? "it frees a request made before the trace began"
                                              : "it cancels a request made before the trace began");
    if (klass == SKEL_CLASS_START && y->nlinks == 0)
        return unsupported(b, y->id, "it starts no request the trace names");
    if (klass == SKEL_CLASS_REQFREE && y->nlinks == 0) {
        /* It frees a request the trace does not know (a persistent
         * collective's, whose starts the trace holds as nonblocking
         * collectives, or one an unwrapped call made): the skeleton holds
         * none to free.  The compute before it is kept. */
        op->kind = SKEL_PLAN_COMPUTE;
        op->call = 0;
        return SKEL_OK;
    }
    return op_links(b, y, op);
}

/* A scaled send carries 1/K of the application's bytes, not of its
 * elements: a message of one element of a large datatype (ScaLAPACK's
 * BLACS sends a matrix block as one element of a vector type) cannot be
 * divided in elements and kept its full size - ScaLAPACK's LU at K = 2.05
 * sent all 63 MB of its MPI_Send bytes, and under a 10 Mbit/s link its
 * skeleton took 0.83 of the application's time where 1/K was due
 * (bench/accuracy-mechanisms.md, section 4).  Such a send goes out as
 * MPI_BYTE; its receive's contiguous type of bytes takes it (a message
 * may be shorter than the receive).  Sends of whole weight, and counts
 * too large for an int in bytes, keep their elements. */
static void scale_in_bytes(const skel_plan *p, const skel_sig_symbol *y, uint64_t w,
                           skel_plan_op *op)
{
    if ((op->kind != SKEL_PLAN_SEND && op->kind != SKEL_PLAN_ISEND &&
         op->kind != SKEL_PLAN_PSEND) ||
        w >= p->wden || op->dtsize <= 1 || !op->has_side[0] || op->parts > 0)
        return;
    double bytes = y->side[0].count.mean * (double)op->dtsize; /* ranges checked by op_sides */
    int64_t scaled = skel_plan_scale(p, (int64_t)llround(bytes), w);
    if (scaled > INT_MAX)
        return;
    op->count[0] = scaled;
    op->dtsize = 1;
}

void skel_plan_start_weight(const skel_plan *p, skel_plan_op *op, uint64_t w)
{
    if (op->kind != SKEL_PLAN_PSEND || w <= op->startw || op->parts > 0)
        return;
    const skel_sig_symbol *y = &p->sig->symbols[op->sym];
    op->startw = w;
    op->dtsize = y->dtsize; /* ranges checked when the op was made */
    op->count[0] = skel_plan_scale(p, (int64_t)llround(y->side[0].count.mean), w);
    scale_in_bytes(p, y, w, op);
}

int64_t skel_plan_persistent_bytes(const skel_plan *p, const skel_plan_op *op)
{
    const skel_sig_symbol *y = &p->sig->symbols[op->sym];
    return (int64_t)llround(y->side[0].count.mean) * (int64_t)(y->dtsize ? y->dtsize : 1);
}

/* One-sided communication (Sodhi et al. replay only two-sided messages;
 * docs/codegen.md, "One-sided and I/O"): every call is made again on a
 * window of the skeleton's (one per window of the application, allocated
 * large enough for the largest access), with the application's target and
 * 1/K of its bytes as MPI_BYTE at displacement 0.  Locks are shared: the
 * trace does not say which were exclusive, and shared locks never wait for
 * each other.  MPI_Win_post and MPI_Win_start make their groups again from
 * the members the trace names (docs/codegen.md); traces from before the
 * tracer recorded groups cannot say them. */
static int op_rma(struct builder *b, const skel_sig_symbol *y, int klass, skel_plan_op *op)
{
    switch (klass) {
    case SKEL_CLASS_WIN:
        if (y->obj == SKEL_SIG_NONE && y->call == SKEL_CALL_MPI_Win_free) {
            /* A window the tracer did not see created (a trace from before
             * it recorded MPI_Win_create_dynamic, or Win_free's window): the
             * skeleton's stand-in for such windows lives to the end. */
            op->kind = SKEL_PLAN_COMPUTE;
            op->call = 0;
            return SKEL_OK;
        }
        op->kind = SKEL_PLAN_WIN;
        op->collective = 1;
        return SKEL_OK;
    case SKEL_CLASS_WINSYNC:
        if ((y->call == SKEL_CALL_MPI_Win_start || y->call == SKEL_CALL_MPI_Win_post) &&
            y->ngroup == 0)
            return unsupported(b, y->id,
                               "the trace does not name this call's group (a trace written "
                               "before Skel recorded the groups of MPI_Win_post and "
                               "MPI_Win_start, or imported without them)");
        op->kind = SKEL_PLAN_WINSYNC;
        op->collective = y->call == SKEL_CALL_MPI_Win_fence;
        return SKEL_OK;
    default: /* RMA, RRMA */
        op->kind = SKEL_PLAN_RMA;
        op->request = klass == SKEL_CLASS_RRMA;
        return SKEL_OK;
    }
}

/* MPI-IO: every call is made again on a scratch file of the skeleton's
 * (one per file of the application; see the template), each rank reading
 * and writing 1/K of the application's bytes in a region of its own. */
static int op_io(const skel_sig_symbol *y, int klass, skel_plan_op *op)
{
    switch (klass) {
    case SKEL_CLASS_IOOPEN:
    case SKEL_CLASS_IOCLOSE:
        op->kind = SKEL_PLAN_FILE;
        op->collective = 1;
        return SKEL_OK;
    case SKEL_CLASS_IOMISC:
        op->kind = SKEL_PLAN_FILEOP;
        op->collective = y->call != SKEL_CALL_MPI_File_seek;
        return SKEL_OK;
    default: /* IO, IIO */
        op->kind = SKEL_PLAN_IO;
        op->request = klass == SKEL_CLASS_IIO;
        op->collective =
            y->call == SKEL_CALL_MPI_File_read_all || y->call == SKEL_CALL_MPI_File_read_at_all ||
            y->call == SKEL_CALL_MPI_File_write_all || y->call == SKEL_CALL_MPI_File_write_at_all;
        return SKEL_OK;
    }
}

/* One-sided and I/O operations move bytes: count[0] is 1/K of the
 * application's bytes (of what is read for reads and gets), as MPI_BYTE. */
static int scale_object_bytes(struct builder *b, const skel_sig_symbol *y, uint64_t w,
                              skel_plan_op *op)
{
    if (y->obj != SKEL_SIG_NONE && y->obj >= MAX_OBJECTS)
        return out_of_range(b, y->id, "window or file index", y->obj);
    op->obj = y->obj == SKEL_SIG_NONE ? -1 : (int32_t)y->obj;
    if (op->kind != SKEL_PLAN_RMA && op->kind != SKEL_PLAN_IO)
        return SKEL_OK;
    double bytes = y->side[0].count.mean * (double)(y->dtsize ? y->dtsize : 1);
    if (bytes > (double)MAX_MESSAGE_BYTES)
        return out_of_range(b, y->id, "bytes of a one-sided or I/O call", (long long)bytes);
    op->count[0] = skel_plan_scale(b->p, (int64_t)llround(bytes), w);
    op->has_side[0] = 1;
    op->dtsize = 1;
    return SKEL_OK;
}

/* Calls a skeleton cannot make, by class: SKEL_EUNSUPPORTED naming them. */
static int op_unsupported(struct builder *b, uint32_t sym, int klass)
{
    switch (klass) {
    case SKEL_CLASS_ABORT:
        return unsupported(b, sym, "the application called MPI_Abort");
    default:
        return unsupported(b, sym, "this call is not supported");
    }
}

/* What the operation does, by the class of its call. */
static int op_kind(struct builder *b, const skel_sig_symbol *y, const struct skel_call_info *ci,
                   skel_plan_op *op)
{
    int rc;
    switch (ci->klass) {
    case SKEL_CLASS_FINALIZE:
    case SKEL_CLASS_GROUP:
        /* Group calls are local bookkeeping the re-created communicators
         * do not need; the compute before them is kept (OpenCoarrays makes
         * a group at every SYNC IMAGES: heat_caf lost 90 % of its compute
         * when they were dropped with it). */
        op->kind = SKEL_PLAN_COMPUTE;
        op->call = 0;
        return SKEL_OK;
    case SKEL_CLASS_SEND:
    case SKEL_CLASS_ISEND:
    case SKEL_CLASS_RECV:
    case SKEL_CLASS_IRECV:
    case SKEL_CLASS_SENDRECV:
    case SKEL_CLASS_PROBE:
    case SKEL_CLASS_IPROBE:
    case SKEL_CLASS_SEND_INIT:
    case SKEL_CLASS_RECV_INIT:
    case SKEL_CLASS_MPROBE:
    case SKEL_CLASS_IMPROBE:
    case SKEL_CLASS_MRECV:
    case SKEL_CLASS_IMRECV:
        return op_p2p(b, y, ci->klass, op);
    case SKEL_CLASS_WAIT:
        return op_wait(b, y, op);
    case SKEL_CLASS_START:
    case SKEL_CLASS_REQFREE:
    case SKEL_CLASS_CANCEL:
        return op_start(b, y, ci->klass, op);
    case SKEL_CLASS_COLL:
    case SKEL_CLASS_ICOLL:
        if (!supported_shape(ci->shape))
            return unsupported(b, y->id, "this collective is not supported");
        op->kind = ci->klass == SKEL_CLASS_COLL ? SKEL_PLAN_COLL : SKEL_PLAN_ICOLL;
        if (y->comm == SKEL_SIG_NONE)
            return out_of_range(b, y->id, "communicator slot", -1);
        if (skel_plan_shape_is_neighbor(ci->shape))
            return neighbor_comm_ok(b, y);
        return SKEL_OK;
    case SKEL_CLASS_COMM:
        op->kind = SKEL_PLAN_COMM;
        if ((rc = newcomm_method(b, y, &op->newcomm)) != SKEL_OK)
            return rc;
        /* MPI_Comm_idup is made again as itself: its request completes
         * where the application's did. */
        op->request = y->call == SKEL_CALL_MPI_Comm_idup;
        op->call = op->request ? SKEL_CALL_MPI_Comm_idup
                   : op->newcomm == SKEL_PLAN_INTER || op->newcomm == SKEL_PLAN_MERGE ? y->call
                   : op->newcomm == SKEL_PLAN_DUP      ? SKEL_CALL_MPI_Comm_dup
                   : op->newcomm == SKEL_PLAN_SPLIT    ? SKEL_CALL_MPI_Comm_split
                   : op->newcomm == SKEL_PLAN_CREATE   ? SKEL_CALL_MPI_Comm_create
                   : op->newcomm == SKEL_PLAN_CART_SUB ? SKEL_CALL_MPI_Cart_sub
                   : op->newcomm == SKEL_PLAN_GRAPH    ? y->call
                                                       : SKEL_CALL_MPI_Cart_create;
        return SKEL_OK;
    case SKEL_CLASS_WIN:
    case SKEL_CLASS_WINSYNC:
    case SKEL_CLASS_RMA:
    case SKEL_CLASS_RRMA:
        return op_rma(b, y, ci->klass, op);
    case SKEL_CLASS_IOOPEN:
    case SKEL_CLASS_IOCLOSE:
    case SKEL_CLASS_IOMISC:
    case SKEL_CLASS_IO:
    case SKEL_CLASS_IIO:
        return op_io(y, ci->klass, op);
    case SKEL_CLASS_COMMFREE:
        op->kind = SKEL_PLAN_COMMFREE;
        if (y->comm == SKEL_SIG_NONE || y->comm < 2)
            return unsupported(b, y->id, "freeing a predefined communicator");
        return SKEL_OK;
    default:
        return op_unsupported(b, y->id, ci->klass);
    }
}

/* Mode epochs: whether the operation ends an epoch, or is made in every
 * epoch (skel_plan_op.delim, always). */
static void epoch_roles(const struct builder *b, const skel_sig_symbol *y, skel_plan_op *op)
{
    const skel_signature *s = b->s;
    op->always = op->kind == SKEL_PLAN_COMM || op->kind == SKEL_PLAN_COMMFREE ||
                 op->kind == SKEL_PLAN_WIN || op->kind == SKEL_PLAN_FILE ||
                 op->kind == SKEL_PLAN_PSEND || op->kind == SKEL_PLAN_PRECV;
    if (op->kind == SKEL_PLAN_COLL) {
        const skel_sig_class *cl = &s->classes[y->cls];
        int world = cl->nranks > 0;
        for (uint32_t i = 0; i < cl->nranks && world; i++) {
            const skel_sig_comm *c = slot_comm(s, cl->ranks[i], y->comm);
            world = c != NULL && c->size == s->nranks && !(c->flags & SKEL_COMMF_INTER);
        }
        op->delim = (uint8_t)world;
    } else if ((op->kind == SKEL_PLAN_WAIT || (op->kind == SKEL_PLAN_TEST && op->flag)) &&
               y->nlinks > 0) {
        int icoll = 1;
        for (uint32_t i = 0; i < y->nlinks && icoll; i++) {
            const struct skel_call_info *li = skel_call_info(y->links[i].call);
            icoll = li != NULL && li->klass == SKEL_CLASS_ICOLL;
        }
        op->delim = (uint8_t)icoll;
        /* The MPI_Comm_idup a later epoch's communicator comes from is
         * made in every epoch: so is its completion. */
        for (uint32_t i = 0; i < y->nlinks; i++)
            if (y->links[i].call == SKEL_CALL_MPI_Comm_idup)
                op->always = 1;
    }
}

static int new_op(struct builder *b, uint32_t sym, uint64_t w, uint32_t *id)
{
    skel_plan *p = b->p;
    if (memo_find(&b->symmemo[sym], w, id))
        return SKEL_OK;
    const skel_sig_symbol *y = &b->s->symbols[sym];
    const struct skel_call_info *ci = skel_call_info(y->call);
    if (ci == NULL)
        return out_of_range(b, sym, "call id", y->call);
    skel_plan_op op = {.id = p->nops,
                       .sym = sym,
                       .cls = y->cls,
                       .w = w,
                       .call = y->call,
                       .comm = y->comm,
                       .dtsize = y->dtsize,
                       .shape = ci->shape,
                       .tag = SKEL_TAG_NONE,
                       .tag2 = SKEL_TAG_NONE,
                       .obj = -1};
    int rc;
    if (y->dtsize > MAX_DTSIZE)
        return out_of_range(b, sym, "datatype size", y->dtsize);
    /* Mode thin: a message made is made whole (one in K is made); a
     * send-receive's two halves are counted on their own channels; a
     * matched probe counts its message's channel as a receive does, and
     * its MPI_Mrecv or MPI_Imrecv is made when a probe made holds one; a
     * collective counts its communicator's collectives, which every
     * member makes in one order. */
    int thin = p->mode == SKEL_PLAN_THIN &&
               (ci->klass == SKEL_CLASS_SEND || ci->klass == SKEL_CLASS_ISEND ||
                ci->klass == SKEL_CLASS_COLL || ci->klass == SKEL_CLASS_ICOLL ||
                ci->klass == SKEL_CLASS_RECV || ci->klass == SKEL_CLASS_IRECV ||
                ci->klass == SKEL_CLASS_PROBE || ci->klass == SKEL_CLASS_IPROBE ||
                ci->klass == SKEL_CLASS_SENDRECV || ci->klass == SKEL_CLASS_MPROBE ||
                ci->klass == SKEL_CLASS_IMPROBE || ci->klass == SKEL_CLASS_MRECV ||
                ci->klass == SKEL_CLASS_IMRECV);
    uint64_t wc = thin ? p->wden : w;
    if ((rc = op_sides(b, y, wc, &op)) != SKEL_OK)
        return rc;
    if (ci->klass != SKEL_CLASS_FINALIZE && ci->klass != SKEL_CLASS_INIT &&
        ci->klass != SKEL_CLASS_GROUP && y->comm != SKEL_SIG_NONE && y->comm >= p->nslots)
        return out_of_range(b, sym, "communicator slot", y->comm);
    if ((rc = op_kind(b, y, ci, &op)) != SKEL_OK)
        return rc;
    op.thin = (uint8_t)(thin && op.kind != SKEL_PLAN_COMPUTE);
    if (op.kind == SKEL_PLAN_SEND || op.kind == SKEL_PLAN_ISEND || op.kind == SKEL_PLAN_RECV ||
        op.kind == SKEL_PLAN_IRECV || op.kind == SKEL_PLAN_PSEND || op.kind == SKEL_PLAN_PRECV ||
        op.kind == SKEL_PLAN_SENDRECV || op.kind == SKEL_PLAN_MRECV)
        op.runs = (uint8_t)((y->side[0].flags & SKEL_EVF_BLOCK_MASK) >> SKEL_EVF_BLOCK_SHIFT);
    if (op.kind == SKEL_PLAN_SENDRECV)
        op.rruns =
            y->call == SKEL_CALL_MPI_Sendrecv_replace
                ? op.runs
                : (uint8_t)((y->side[0].flags & SKEL_EVF_RBLOCK_MASK) >> SKEL_EVF_RBLOCK_SHIFT);
    if (op.kind == SKEL_PLAN_COLL || op.kind == SKEL_PLAN_ICOLL)
        coll_layouts(y, &op);
    scale_in_bytes(p, y, wc, &op);
    if ((rc = scale_object_bytes(b, y, w, &op)) != SKEL_OK)
        return rc;
    if (op.kind != SKEL_PLAN_COMM && skel_plan_kind_uses_comm(op.kind) &&
        (y->comm == SKEL_SIG_NONE || y->comm >= p->nslots))
        return out_of_range(b, sym, "communicator slot",
                            y->comm == SKEL_SIG_NONE ? -1 : (long long)y->comm);
    /* On intercommunicators: point-to-point calls, the collectives
     * (barriers, all-reduce, all-gather, all-to-all, broadcast, reduce,
     * gather and scatter and the v and w forms, reduce-scatter and its
     * block form, blocking or not: one side reduces, gathers or receives
     * the other's data, and the schedule check gives both sides the largest
     * count, the v forms one count per remote rank, reduce-scatter one
     * vector both groups agree on, so every receive fits its remote send;
     * the root passes MPI_ROOT, the rest of its group MPI_PROC_NULL),
     * MPI_Intercomm_merge, MPI_Comm_split and MPI_Comm_create (which make
     * intercommunicators of the groups' parts) and MPI_Comm_free. */
    int inter_seen = 0;
    int on_inter = op.kind != SKEL_PLAN_COMPUTE && op.kind != SKEL_PLAN_COMMFREE &&
                   !(op.kind == SKEL_PLAN_COMM && op.newcomm == SKEL_PLAN_MERGE) &&
                   !(op.kind == SKEL_PLAN_COMM && op.newcomm == SKEL_PLAN_INTER);
    if (y->comm != SKEL_SIG_NONE && on_inter) {
        const skel_sig_class *cl = &b->s->classes[y->cls];
        for (uint32_t i = 0; i < cl->nranks; i++) {
            const skel_sig_comm *c = slot_comm(b->s, cl->ranks[i], y->comm);
            if (c == NULL || !(c->flags & SKEL_COMMF_INTER))
                continue;
            inter_seen = 1;
            if (op.kind == SKEL_PLAN_COLL || op.kind == SKEL_PLAN_ICOLL) {
                switch (ci->shape) {
                case SKEL_SHAPE_BARRIER:
                case SKEL_SHAPE_ALLREDUCE:
                case SKEL_SHAPE_ALLGATHER:
                case SKEL_SHAPE_ALLTOALL:
                case SKEL_SHAPE_BCAST:
                case SKEL_SHAPE_REDUCE:
                case SKEL_SHAPE_GATHER:
                case SKEL_SHAPE_SCATTER:
                case SKEL_SHAPE_GATHERV:
                case SKEL_SHAPE_SCATTERV:
                case SKEL_SHAPE_ALLGATHERV:
                case SKEL_SHAPE_ALLTOALLV:
                case SKEL_SHAPE_ALLTOALLW:
                case SKEL_SHAPE_REDSCAT:
                case SKEL_SHAPE_REDSCATBLK:
                    break;
                default:
                    return unsupported(b, sym,
                                       "this collective on an intercommunicator is not supported");
                }
                if (op.inplace[SKEL_SIG_SIDE_OTHER] || op.inplace[SKEL_SIG_SIDE_ROOT])
                    return unsupported(b, sym, "MPI_IN_PLACE on an intercommunicator");
            } else if (skel_plan_kind_is_object(op.kind) ||
                       (op.kind == SKEL_PLAN_COMM && op.newcomm != SKEL_PLAN_DUP &&
                        !inter_parts_call(y->call))) {
                return unsupported(b, sym, "this call on an intercommunicator is not supported");
            }
        }
    }
    if (y->root.kind == SKEL_SIG_PEER_ROOT && (!ci->rooted || !inter_seen))
        return unsupported(b, sym, "MPI_ROOT outside a collective on an intercommunicator");
    epoch_roles(b, y, &op);
    if ((rc = skel_grow_u32(&p->ops, &p->capops, (uint64_t)p->nops + 1, sizeof *p->ops)) != SKEL_OK)
        return rc;
    p->ops[p->nops] = op;
    *id = p->nops++;
    return memo_add(&b->symmemo[sym], w, *id);
}

static int push_item(skel_plan_seq *q, uint32_t *cap, skel_plan_item it)
{
    if (q->n == *cap) {
        uint32_t nc = *cap ? *cap * 2 : 8;
        skel_plan_item *ni = realloc(q->items, nc * sizeof *ni);
        if (ni == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        q->items = ni;
        *cap = nc;
    }
    q->items[q->n++] = it;
    return SKEL_OK;
}

static uint64_t sat_mul(uint64_t a, uint64_t b);
static uint64_t sat_add(uint64_t a, uint64_t b);

/* Requests the application activated in one execution of block (as the
 * compressor counts activations: a call creating a request is one, a Start
 * of n requests is n). */
static uint64_t block_acts(struct builder *b, uint32_t block, uint32_t depth)
{
    if (b->acts[block] != UINT64_MAX)
        return b->acts[block];
    const skel_sig_block *bl = &b->s->blocks[block];
    uint64_t n = 0;
    for (uint32_t i = 0; i < bl->nitems; i++) {
        const skel_sig_item *it = &bl->items[i];
        if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
            const skel_sig_symbol *y = &b->s->symbols[it->ref];
            const struct skel_call_info *ci = skel_call_info(y->call);
            int klass = ci != NULL ? ci->klass : SKEL_CLASS_NONE;
            n = sat_add(n, skel_call_creates_request(y->call, klass) ? 1
                           : klass == SKEL_CLASS_START               ? y->nlinks
                                                                     : 0);
        } else if (it->count > 0 && depth < MAX_DEPTH) {
            n = sat_add(n, sat_mul(it->count, block_acts(b, it->ref, depth + 1)));
        }
    }
    b->acts[block] = n;
    return n;
}

/* The most iterations of any loop inside block, at any depth (0: none). */
static uint64_t block_longest(struct builder *b, uint32_t block, uint32_t depth)
{
    if (b->longest[block] != UINT64_MAX)
        return b->longest[block];
    const skel_sig_block *bl = &b->s->blocks[block];
    uint64_t n = 0;
    for (uint32_t i = 0; i < bl->nitems; i++) {
        const skel_sig_item *it = &bl->items[i];
        if (it->kind == SKEL_SIG_ITEM_SYMBOL || it->count == 0)
            continue;
        if (it->count > n)
            n = it->count;
        if (depth < MAX_DEPTH) {
            uint64_t in = block_longest(b, it->ref, depth + 1);
            if (in > n)
                n = in;
        }
    }
    b->longest[block] = n;
    return n;
}

/* A loop of count iterations at weight w keeps all of them (at weight w)
 * rather than being divided: always in mode messages and at full weight;
 * in modes mixed and inner when it is shorter than K; in mode inner also
 * when a loop inside it has K or more iterations, which is divided
 * instead. */
static int keep_whole(struct builder *b, const skel_sig_item *it, uint64_t w, uint32_t depth)
{
    const skel_plan *p = b->p;
    u128 total = (u128)it->count * w;
    if (p->mode == SKEL_PLAN_MESSAGES || p->mode == SKEL_PLAN_THIN || w >= p->wden)
        return 1;
    if (p->mode != SKEL_PLAN_MIXED && p->mode != SKEL_PLAN_INNER)
        return 0;
    if (total < p->wden)
        return 1;
    return p->mode == SKEL_PLAN_INNER &&
           (u128)block_longest(b, it->ref, depth) * w >= (u128)p->wden;
}

static int build_seq(struct builder *b, uint32_t block, uint64_t w, uint32_t depth, uint32_t *id)
{
    skel_plan *p = b->p;
    const skel_signature *s = b->s;
    if (memo_find(&b->blockmemo[block], w, id))
        return SKEL_OK;
    if (depth > MAX_DEPTH)
        return skel_fail(SKEL_ERANGE, "loops nested deeper than %u", MAX_DEPTH);
    const skel_sig_block *bl = &s->blocks[block];
    skel_plan_seq q = {.block = block, .cls = bl->cls, .w = w};
    uint32_t cap = 0;
    int rc = SKEL_OK;
    for (uint32_t i = 0; i < bl->nitems && rc == SKEL_OK; i++) {
        const skel_sig_item *it = &bl->items[i];
        if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
            const skel_sig_symbol *y = &s->symbols[it->ref];
            const struct skel_call_info *ci = skel_call_info(y->call);
            /* MPI_Init is made by the skeleton's main(). */
            if (ci != NULL && ci->klass == SKEL_CLASS_INIT) {
                if (ci->klass == SKEL_CLASS_INIT && y->call == SKEL_CALL_MPI_Init_thread)
                    p->init_call = SKEL_CALL_MPI_Init_thread;
                continue;
            }
            uint32_t op = 0;
            if ((rc = new_op(b, it->ref, w, &op)) == SKEL_OK)
                rc = push_item(&q, &cap,
                               (skel_plan_item){.kind = SKEL_PLAN_ITEM_OP, .ref = op, .count = 1});
            continue;
        }
        if (it->count == 0)
            continue;
        if (it->count > MAX_COUNT_TOTAL) {
            rc = skel_fail(SKEL_ERANGE, "block %u: loop of %llu iterations is out of range", block,
                           (unsigned long long)it->count);
            break;
        }
        uint32_t body;
        u128 total = (u128)it->count * w;
        if (keep_whole(b, it, w, depth + 1)) {
            if ((rc = build_seq(b, it->ref, w, depth + 1, &body)) == SKEL_OK)
                rc = push_item(
                    &q, &cap,
                    (skel_plan_item){.kind = SKEL_PLAN_ITEM_LOOP, .ref = body, .count = it->count});
            continue;
        }
        uint64_t full = (uint64_t)(total / p->wden), rem = (uint64_t)(total % p->wden);
        uint32_t first = q.n;
        if (full > 0) {
            if ((rc = build_seq(b, it->ref, p->wden, depth + 1, &body)) == SKEL_OK)
                rc = push_item(
                    &q, &cap,
                    (skel_plan_item){.kind = SKEL_PLAN_ITEM_LOOP, .ref = body, .count = full});
        }
        if (rc == SKEL_OK && rem > 0) {
            if ((rc = build_seq(b, it->ref, rem, depth + 1, &body)) == SKEL_OK)
                rc = push_item(
                    &q, &cap,
                    (skel_plan_item){.kind = SKEL_PLAN_ITEM_LOOP, .ref = body, .count = 1});
        }
        if (rc == SKEL_OK && q.n > first) {
            q.items[first].gstart = 1;
            q.items[q.n - 1].gend = 1;
            q.items[q.n - 1].app_acts = sat_mul(it->count, block_acts(b, it->ref, depth + 1));
        }
    }
    if (rc != SKEL_OK) {
        free(q.items);
        return rc;
    }
    if (p->nseqs == p->capseqs) {
        uint32_t nc = p->capseqs ? p->capseqs * 2 : 32;
        skel_plan_seq *ns = realloc(p->seqs, nc * sizeof *ns);
        if (ns == NULL) {
            free(q.items);
            return skel_fail(SKEL_ENOMEM, "out of memory");
        }
        p->seqs = ns;
        p->capseqs = nc;
    }
    q.id = p->nseqs;
    p->seqs[p->nseqs++] = q;
    *id = q.id;
    return memo_add(&b->blockmemo[block], w, *id);
}

/* ------------------------------------------------------------------------ */
/* Totals per class: calls, operations, modelled time, dominant iterations */

struct seqsum {
    int done;
    uint32_t ncounts;
    skel_plan_count *counts;
    uint64_t ops, dominant_full;
    double model_ns, residue_ns;
};

int skel_plan_count_cmp(const void *a, const void *b)
{
    const skel_plan_count *x = a, *y = b;
    return strcmp(skel_call_name(x->call), skel_call_name(y->call));
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    u128 x = (u128)a * b;
    return x > MAX_COUNT_TOTAL ? MAX_COUNT_TOTAL + 1 : (uint64_t)x;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b > MAX_COUNT_TOTAL || a + b < a ? MAX_COUNT_TOTAL + 1 : a + b;
}

static int add_count(struct seqsum *x, uint16_t call, uint64_t n)
{
    for (uint32_t i = 0; i < x->ncounts; i++)
        if (x->counts[i].call == call) {
            x->counts[i].n = sat_add(x->counts[i].n, n);
            return SKEL_OK;
        }
    skel_plan_count *nc = realloc(x->counts, (x->ncounts + 1) * sizeof *nc);
    if (nc == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    x->counts = nc;
    x->counts[x->ncounts++] = (skel_plan_count){call, n};
    return SKEL_OK;
}

static int summarise(skel_plan *p, struct seqsum *sums, uint32_t seq, uint32_t dominant,
                     uint32_t depth)
{
    struct seqsum *x = &sums[seq];
    if (x->done)
        return SKEL_OK;
    if (depth > MAX_DEPTH)
        return skel_fail(SKEL_ERANGE, "loops nested deeper than %u", MAX_DEPTH);
    const skel_plan_seq *q = &p->seqs[seq];
    const skel_signature *s = p->sig;
    int rc;
    for (uint32_t i = 0; i < q->n; i++) {
        const skel_plan_item *it = &q->items[i];
        if (it->kind == SKEL_PLAN_ITEM_OP) {
            const skel_plan_op *op = &p->ops[it->ref];
            const skel_sig_symbol *y = &s->symbols[op->sym];
            double f = (double)op->w / (double)p->wden;
            double t = y->compute.mean + (op->kind == SKEL_PLAN_COMPUTE ? 0 : y->duration.mean);
            x->model_ns += t * f;
            if (op->w < p->wden)
                x->residue_ns += t * f;
            x->ops = sat_add(x->ops, 1);
            if (op->call != 0 && (rc = add_count(x, op->call, 1)) != SKEL_OK)
                return rc;
            continue;
        }
        if ((rc = summarise(p, sums, it->ref, dominant, depth + 1)) != SKEL_OK)
            return rc;
        const struct seqsum *c = &sums[it->ref];
        const skel_plan_seq *body = &p->seqs[it->ref];
        x->model_ns += c->model_ns * (double)it->count;
        x->residue_ns += c->residue_ns * (double)it->count;
        x->ops = sat_add(x->ops, sat_mul(c->ops, it->count));
        uint64_t dom = c->dominant_full;
        if (body->block == dominant && body->w >= p->wden && p->mode != SKEL_PLAN_MESSAGES &&
            p->mode != SKEL_PLAN_THIN)
            dom = sat_add(dom, 1);
        x->dominant_full = sat_add(x->dominant_full, sat_mul(dom, it->count));
        for (uint32_t j = 0; j < c->ncounts; j++)
            if ((rc = add_count(x, c->counts[j].call, sat_mul(c->counts[j].n, it->count))) !=
                SKEL_OK)
                return rc;
    }
    if (x->ops > MAX_COUNT_TOTAL)
        return skel_fail(SKEL_ERANGE,
                         "class %u: the skeleton would execute more than 2^62 "
                         "operations; use a larger K",
                         q->cls);
    x->done = 1;
    return SKEL_OK;
}

/* Iterations of block d in the application, below block b (memoised). */
static uint64_t dominant_total(const skel_signature *s, uint32_t b, uint32_t d, uint64_t *memo,
                               uint32_t depth)
{
    if (memo[b] != UINT64_MAX)
        return memo[b];
    uint64_t n = 0;
    const skel_sig_block *bl = &s->blocks[b];
    for (uint32_t i = 0; i < bl->nitems && depth < MAX_DEPTH; i++) {
        const skel_sig_item *it = &bl->items[i];
        if (it->kind != SKEL_SIG_ITEM_LOOP)
            continue;
        uint64_t inner = dominant_total(s, it->ref, d, memo, depth + 1);
        n = sat_add(n, sat_mul(it->count, sat_add(inner, it->ref == d ? 1 : 0)));
    }
    memo[b] = n;
    return n;
}

/* The application's time for class c: the mean over its members of the time
 * spent computing and inside MPI calls (so the tracer's own time is left
 * out), less MPI_Init, the compute before it and MPI_Finalize - the skeleton
 * measures between its barriers after MPI_Init and before MPI_Finalize.  The
 * first wall-clock event to the last would count the tracer's clock
 * synchronisation and the skew of the ranks' start-up. */
static double class_app_ns(const skel_signature *s, uint32_t c)
{
    const skel_sig_class *cl = &s->classes[c];
    double t = 0;
    for (uint32_t i = 0; i < cl->nranks; i++) {
        const skel_sig_rank *rk = &s->ranks[cl->ranks[i]];
        t += (double)rk->compute_ns + (double)rk->mpi_ns;
    }
    t = cl->nranks ? t / cl->nranks : 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        if (y->cls != c || y->occurrences == 0)
            continue;
        const struct skel_call_info *ci = skel_call_info(y->call);
        double per = (double)y->occurrences / (cl->nranks ? cl->nranks : 1);
        if (ci != NULL && ci->klass == SKEL_CLASS_INIT)
            t -= (y->duration.mean + y->compute.mean) * per;
        else if (ci != NULL && ci->klass == SKEL_CLASS_FINALIZE)
            t -= y->duration.mean * per;
    }
    return t > 0 ? t : 0;
}

double skel_plan_app_ns(const skel_signature *s)
{
    double t = 0;
    for (uint32_t c = 0; c < s->nclasses; c++) {
        double x = class_app_ns(s, c);
        if (x > t)
            t = x;
    }
    return t;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Matching classes (match.h): the skeleton tags its messages by class, and
 * sizes every receive for the largest message of its class. */
static int collect_classes(skel_plan *p)
{
    const skel_signature *s = p->sig;
    p->matched = s->nmatch > 0;
    if (!p->matched)
        return SKEL_OK;
    p->class_bytes = calloc(s->nmatch, sizeof *p->class_bytes);
    if (p->class_bytes == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        const struct skel_call_info *ci = skel_call_info(y->call);
        if (ci == NULL || y->match[0] >= s->nmatch ||
            (ci->klass != SKEL_CLASS_SEND && ci->klass != SKEL_CLASS_ISEND &&
             ci->klass != SKEL_CLASS_SENDRECV))
            continue;
        for (int k = 0; k < 2; k++)
            if (((y->sides >> k) & 1) && y->side[k].bytes.max > p->class_bytes[y->match[0]])
                p->class_bytes[y->match[0]] = y->side[k].bytes.max;
    }
    return SKEL_OK;
}

static int collect_tags(skel_plan *p)
{
    const skel_signature *s = p->sig;
    int32_t max = -1;
    if (p->matched)
        return SKEL_OK; /* tags are matching classes */
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        if (s->symbols[i].tag > max)
            max = s->symbols[i].tag;
        if (s->symbols[i].tag2 > max)
            max = s->symbols[i].tag2;
    }
    if (max <= MAX_TAG_KEPT)
        return SKEL_OK;
    p->tags = malloc(2 * (size_t)s->nsymbols * sizeof *p->tags + 1);
    if (p->tags == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        if (s->symbols[i].tag >= 0)
            p->tags[n++] = s->symbols[i].tag;
        if (s->symbols[i].tag2 >= 0)
            p->tags[n++] = s->symbols[i].tag2;
    }
    qsort(p->tags, n, sizeof *p->tags, cmp_i32);
    uint32_t u = 0;
    for (uint32_t i = 0; i < n; i++)
        if (u == 0 || p->tags[u - 1] != p->tags[i])
            p->tags[u++] = p->tags[i];
    if (u > MAX_TAG_KEPT + 1)
        return skel_fail(SKEL_ERANGE,
                         "%u distinct tags: more than the %d an MPI library must "
                         "support",
                         u, MAX_TAG_KEPT + 1);
    p->ntags = u;
    p->remap_tags = 1;
    return SKEL_OK;
}

int skel_plan_build(const skel_signature *s, double k, int mode, skel_plan **out)
{
    *out = NULL;
    if (!(k >= 1.0 && k <= 1e9))
        return skel_fail(SKEL_ERANGE, "scaling factor K = %g is outside [1, 1e9]", k);
    if (s->nranks == 0 || s->nranks > MAX_RANKS || s->nclasses == 0)
        return skel_fail(SKEL_ERANGE, "signature of %u ranks and %u classes: out of range",
                         s->nranks, s->nclasses);
    skel_plan *p = calloc(1, sizeof *p);
    struct builder b = {.p = p, .s = s};
    struct seqsum *sums = NULL;
    uint64_t *memo = NULL;
    int rc = SKEL_OK;
    if (p == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    p->sig = s;
    p->mode = mode;
    p->k = k;
    p->wtop = 1000;
    p->wden = (uint64_t)llround(k * 1000.0);
    p->init_call = SKEL_CALL_MPI_Init;
    p->ring = 1;
    p->nslots = 2;
    for (uint32_t r = 0; r < s->nranks; r++)
        if (s->ranks[r].ncomms > p->nslots)
            p->nslots = s->ranks[r].ncomms;
    p->null_slot = SKEL_SIG_NONE;
    for (uint32_t i = 0; i < s->nsymbols && p->null_slot == SKEL_SIG_NONE; i++)
        if (s->symbols[i].newcomm == SKEL_SIG_NONE && null_maker(s->symbols[i].call))
            p->null_slot = p->nslots++;
    if (p->nslots > MAX_SLOTS) {
        rc = skel_fail(SKEL_ERANGE, "%u communicators per rank: more than the %u supported",
                       p->nslots, MAX_SLOTS);
        goto out;
    }
    p->classes = calloc(s->nclasses, sizeof *p->classes);
    b.symmemo = calloc(s->nsymbols + 1, sizeof *b.symmemo);
    b.blockmemo = calloc(s->nblocks + 1, sizeof *b.blockmemo);
    b.acts = malloc((s->nblocks + 1) * sizeof *b.acts);
    b.longest = malloc((s->nblocks + 1) * sizeof *b.longest);
    memo = malloc((s->nblocks + 1) * sizeof *memo);
    if (p->classes == NULL || b.symmemo == NULL || b.blockmemo == NULL || memo == NULL ||
        b.acts == NULL || b.longest == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    for (uint32_t i = 0; i <= s->nblocks; i++)
        b.acts[i] = b.longest[i] = UINT64_MAX;
    if ((rc = collect_classes(p)) != SKEL_OK || (rc = collect_tags(p)) != SKEL_OK)
        goto out;
    /* Mode epochs keeps whole epochs: the program at full weight. */
    uint64_t top = mode == SKEL_PLAN_EPOCHS || p->wtop >= p->wden ? p->wden : p->wtop;
    for (uint32_t c = 0; c < s->nclasses && rc == SKEL_OK; c++)
        rc = build_seq(&b, s->classes[c].top, top, 0, &p->classes[c].top);
    if (rc != SKEL_OK)
        goto out;
    /* Totals. */
    sums = calloc(p->nseqs, sizeof *sums);
    if (sums == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_sig_class *cl = &s->classes[c];
        skel_plan_class *pc = &p->classes[c];
        if ((rc = summarise(p, sums, pc->top, cl->dominant, 0)) != SKEL_OK)
            goto out;
        struct seqsum *x = &sums[pc->top];
        pc->ncounts = x->ncounts;
        pc->counts = malloc((x->ncounts + 1) * sizeof *pc->counts);
        if (pc->counts == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto out;
        }
        if (x->ncounts)
            memcpy(pc->counts, x->counts, x->ncounts * sizeof *pc->counts);
        qsort(pc->counts, pc->ncounts, sizeof *pc->counts, skel_plan_count_cmp);
        pc->ops = x->ops;
        pc->model_ns = x->model_ns;
        pc->residue_ns = x->residue_ns;
        pc->dominant_full = x->dominant_full;
        pc->dominant_iter_ns = cl->dominant_iter_ns;
        if (cl->dominant != SKEL_SIG_NONE && cl->dominant < s->nblocks) {
            for (uint32_t i = 0; i < s->nblocks; i++)
                memo[i] = UINT64_MAX;
            pc->dominant_total = dominant_total(s, cl->top, cl->dominant, memo, 0);
        }
        pc->app_ns = class_app_ns(s, c);
        if (pc->app_ns > p->app_ns)
            p->app_ns = pc->app_ns;
    }
out:
    if (sums != NULL) {
        for (uint32_t i = 0; i < p->nseqs; i++)
            free(sums[i].counts);
        free(sums);
    }
    free(memo);
    if (b.symmemo != NULL)
        for (uint32_t i = 0; i < s->nsymbols; i++)
            free(b.symmemo[i].v);
    if (b.blockmemo != NULL)
        for (uint32_t i = 0; i < s->nblocks; i++)
            free(b.blockmemo[i].v);
    free(b.symmemo);
    free(b.blockmemo);
    free(b.acts);
    free(b.longest);
    if (rc != SKEL_OK) {
        skel_plan_free(p);
        return rc;
    }
    *out = p;
    return SKEL_OK;
}

void skel_plan_free(skel_plan *p)
{
    if (p == NULL)
        return;
    for (uint32_t i = 0; i < p->nseqs; i++)
        free(p->seqs[i].items);
    for (uint32_t i = 0; i < p->nops; i++)
        free(p->ops[i].ldist);
    if (p->classes != NULL && p->sig != NULL)
        for (uint32_t c = 0; c < p->sig->nclasses; c++)
            free(p->classes[c].counts);
    free(p->classes);
    free(p->seqs);
    free(p->ops);
    free(p->tags);
    free(p->class_bytes);
    free(p->ekeep);
    free(p);
}
