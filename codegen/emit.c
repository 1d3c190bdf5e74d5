/* emit.c - a checked plan as template values (emit.h).
 *
 * The emitter's only job is to turn the plan into template values: numbers
 * (range-checked), generated identifiers and escaped string literals.  All C
 * text of the skeleton lives in templates/. */
#include "emit.h"

#include "cstr.h"
#include "error.h"
#include "grow.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NQ             33           /* quantiles per compute distribution */
#define MAX_BUFFER     (1ull << 30) /* largest buffer of a skeleton */
#define MAX_COMPUTE_NS 1e15         /* longest compute phase accepted (11 days) */
#define MAX_POLL_NS    1e8          /* longest sleep between two tests of a poll loop */
#define ROW            16           /* numbers per line in tables */
/* Working-set classes: class c >= 1 walks WS_BASE << c bytes (up to 1 GiB;
 * ws_class() uses them from 1 MiB). */
#define WS_CLASSES 13
#define WS_BASE    (UINT64_C(256) << 10)
/* The largest floor subtracted from a phase's working set (ws_class()). */
#define WS_FLOOR_MAX (UINT64_C(512) << 10)

/* ------------------------------------------------------------------------ */
/* Rows of a C initializer, several items a line */

struct rows {
    skel_tpl_dict *d;
    const char *name;
    char *buf;
    size_t len, cap;
    uint32_t n, per;
    int bad;
};

static void rows_init(struct rows *r, skel_tpl_dict *d, const char *name, uint32_t per)
{
    *r = (struct rows){.d = d, .name = name, .per = per};
    skel_tpl_list(d, name);
}

static void rows_flush(struct rows *r)
{
    if (r->n == 0)
        return;
    skel_tpl_set(skel_tpl_add(r->d, r->name), "row", r->buf);
    r->len = 0;
    r->n = 0;
}

static void rows_add(struct rows *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rows_add(struct rows *r, const char *fmt, ...)
{
    char item[256];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(item, sizeof item, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof item ||
        skel_grow(&r->buf, &r->cap, r->len + (size_t)k + 3, 1) != SKEL_OK) {
        r->bad = 1;
        return;
    }
    if (r->n > 0)
        r->buf[r->len++] = ' ';
    memcpy(r->buf + r->len, item, (size_t)k + 1);
    r->len += (size_t)k;
    if (++r->n == r->per)
        rows_flush(r);
}

static int rows_end(struct rows *r)
{
    rows_flush(r);
    free(r->buf);
    r->buf = NULL;
    return r->bad ? skel_oom() : SKEL_OK;
}

/* ------------------------------------------------------------------------ */
/* The emitter */

/* A peer encoding, as the skeleton's table holds it. */
struct peer {
    int kind, slot, value, ndims;
    int32_t vec[SKEL_SIG_MAXDIMS];
};

struct emitter {
    const skel_plan *p;
    const skel_signature *s;
    skel_tpl_dict *root;
    /* Datatype sizes > 1 needing a contiguous type, with an index by size. */
    uint64_t *dtypes; /* size | layout class << 32 | TYPE_WIDE */
    uint32_t ndtypes, capdtypes;
    uint32_t *dtab, dtabcap; /* open addressing: type index, 0 empty */
    /* Distinct peer encodings (entry 0 of the skeleton's table is
     * MPI_PROC_NULL; these follow it). */
    struct peer *peers;
    uint32_t npeers, cappeers;
    uint32_t *ptab, ptabcap;
    struct rows links, qvals, groups;
    uint32_t nlinks, nqvals, ngroupm; /* ngroupm: entries of group_rows */
    int32_t *dist_of;                 /* symbol -> index in dists, -1 */
    uint32_t ndists;
    uint64_t
        *full_draws; /* symbol -> phases a member of its class draws per repeat (full_draws()) */
    /* Working-set classes some phase uses. */
    uint8_t ws_used[WS_CLASSES];
    uint64_t *ws_floor;                    /* per rank class: ws_floors() */
    uint64_t mbuf, pbuf, xbuf, sbuf, rbuf; /* bytes (skeleton.c.tmpl, "Point-to-point buffers") */
    uint32_t maxreq;
    /* Windows and files: objects per rank (the stand-in window of unknown
     * windows is the last), the largest one-sided access and I/O call. */
    uint32_t nobjs;
    int standin;
    uint64_t winbytes, iobytes;
};

static int op_fail(const struct emitter *e, const skel_plan_op *op, int code, const char *what)
{
    char d[320];
    return skel_fail(code, "%s: %s", skel_plan_describe(e->s, op->sym, d, sizeof d), what);
}

/* An element count passed to MPI as an int. */
static int int_count(const struct emitter *e, const skel_plan_op *op, int64_t v, int *out)
{
    if (v < 0 || v > INT_MAX)
        return op_fail(e, op, SKEL_ERANGE, "element count out of the range of an MPI count");
    *out = (int)v;
    return SKEL_OK;
}

static uint32_t mix32(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return (uint32_t)(z ^ (z >> 31));
}

/* Index in the skeleton's skel_types of the type a key names (the low 32
 * bits: its size, dtsize; bits 32-35: a layout class; TYPE_WIDE) (0:
 * MPI_BYTE): contiguous when the class is 0, else laid out in runs of
 * skel_evf_block_bytes() of the class (a run, a gap as long, ...; its extent
 * twice its size); the table grows as sizes come. */
static int type_index_key(struct emitter *e, uint64_t key, int *out)
{
    *out = 0;
    if ((uint32_t)key <= 1 && (key >> 32) == 0)
        return SKEL_OK;
    if ((uint64_t)(e->ndtypes + 1) * 2 > e->dtabcap) {
        uint32_t cap = e->dtabcap ? e->dtabcap * 2 : 64, *t = calloc(cap, sizeof *t);
        if (t == NULL)
            return skel_oom();
        for (uint32_t i = 0; i < e->ndtypes; i++) {
            uint32_t j = mix32(e->dtypes[i]) & (cap - 1);
            while (t[j] != 0)
                j = (j + 1) & (cap - 1);
            t[j] = i + 1;
        }
        free(e->dtab);
        e->dtab = t;
        e->dtabcap = cap;
    }
    uint32_t j = mix32(key) & (e->dtabcap - 1);
    for (; e->dtab[j] != 0; j = (j + 1) & (e->dtabcap - 1))
        if (e->dtypes[e->dtab[j] - 1] == key) {
            *out = (int)e->dtab[j];
            return SKEL_OK;
        }
    int rc = skel_grow_u32(&e->dtypes, &e->capdtypes, (uint64_t)e->ndtypes + 1, sizeof *e->dtypes);
    if (rc != SKEL_OK)
        return rc;
    e->dtypes[e->ndtypes++] = key;
    e->dtab[j] = e->ndtypes;
    *out = (int)e->ndtypes;
    return SKEL_OK;
}

static int type_index_runs(struct emitter *e, uint32_t dtsize, unsigned runs, int *out)
{
    return type_index_key(e, (uint64_t)dtsize | (uint64_t)runs << 32, out);
}

/* The same for a collective: in runs of doubles where the size is a
 * multiple of 8 (TYPE_WIDE; templates/skeleton.c.tmpl, skel_type_unit[]),
 * which a collective's receive can take as every message it meets is of
 * the same size of element. */
#define TYPE_WIDE ((uint64_t)1 << 40)
static int type_index_coll(struct emitter *e, uint32_t dtsize, unsigned runs, int *out)
{
    uint64_t wide = runs != 0 && dtsize % 8 == 0 ? TYPE_WIDE : 0;
    return type_index_key(e, (uint64_t)dtsize | (uint64_t)runs << 32 | wide, out);
}

static int type_index(struct emitter *e, uint32_t dtsize, int *out)
{
    return type_index_runs(e, dtsize, 0, out);
}

static uint32_t peer_hash(const struct peer *x)
{
    uint64_t h = (uint64_t)(uint32_t)x->kind * 31 + (uint32_t)x->slot;
    h = h * 1000003 + (uint32_t)x->value;
    for (int i = 0; i < x->ndims; i++)
        h = h * 1000003 + (uint32_t)x->vec[i];
    return mix32(h);
}

static int peer_same(const struct peer *a, const struct peer *b)
{
    return a->kind == b->kind && a->slot == b->slot && a->value == b->value &&
           a->ndims == b->ndims && memcmp(a->vec, b->vec, (size_t)a->ndims * sizeof *a->vec) == 0;
}

/* Kinds of the skeleton's peer table (SKEL_P_* in the template). */
enum { P_NULL = 0, P_ANY, P_ABS, P_REL, P_MOD, P_CART, P_REPLY, P_ROOT };
static const char *const peer_kinds[] = {"SKEL_P_NULL",  "SKEL_P_ANY", "SKEL_P_ABS",
                                         "SKEL_P_REL",   "SKEL_P_MOD", "SKEL_P_CART",
                                         "SKEL_P_REPLY", "SKEL_P_ROOT"};

/* Index in the skeleton's skel_peers of encoding pe on op's communicator. */
static int peer_index(struct emitter *e, const skel_plan_op *op, const skel_sig_peer *pe, int *out)
{
    struct peer x = {.slot = (int)op->comm};
    pe = skel_plan_peer(e->p->mode, &e->s->symbols[op->sym], pe);
    switch (pe->kind) {
    case SKEL_SIG_PEER_ANY:
        x.kind = P_ANY;
        break;
    case SKEL_SIG_PEER_NULL:
    case SKEL_SIG_PEER_NONE:
        *out = 0;
        return SKEL_OK;
    case SKEL_SIG_PEER_ABS:
        if (pe->value < 0 || (uint32_t)pe->value >= e->s->nranks)
            return op_fail(e, op, SKEL_ERANGE, "absolute peer out of range");
        x.kind = P_ABS;
        x.value = pe->value;
        break;
    case SKEL_SIG_PEER_REL:
    case SKEL_SIG_PEER_MOD:
        x.kind = pe->kind == SKEL_SIG_PEER_REL ? P_REL : P_MOD;
        x.value = pe->value;
        break;
    case SKEL_SIG_PEER_CART:
        x.kind = P_CART;
        x.ndims = pe->ndims <= SKEL_SIG_MAXDIMS ? pe->ndims : SKEL_SIG_MAXDIMS;
        memcpy(x.vec, pe->vec, (size_t)x.ndims * sizeof *x.vec);
        break;
    case SKEL_SIG_PEER_REPLY:
        x.kind = P_REPLY;
        break;
    case SKEL_SIG_PEER_ROOT: /* the root of a collective on an intercommunicator */
        x.kind = P_ROOT;
        break;
    default:
        return op_fail(e, op, SKEL_EUNSUPPORTED, "unsupported peer encoding");
    }
    if ((uint64_t)(e->npeers + 1) * 2 > e->ptabcap) {
        uint32_t cap = e->ptabcap ? e->ptabcap * 2 : 64, *t = calloc(cap, sizeof *t);
        if (t == NULL)
            return skel_oom();
        for (uint32_t i = 0; i < e->npeers; i++) {
            uint32_t j = peer_hash(&e->peers[i]) & (cap - 1);
            while (t[j] != 0)
                j = (j + 1) & (cap - 1);
            t[j] = i + 1;
        }
        free(e->ptab);
        e->ptab = t;
        e->ptabcap = cap;
    }
    uint32_t j = peer_hash(&x) & (e->ptabcap - 1);
    for (; e->ptab[j] != 0; j = (j + 1) & (e->ptabcap - 1))
        if (peer_same(&e->peers[e->ptab[j] - 1], &x)) {
            *out = (int)e->ptab[j];
            return SKEL_OK;
        }
    int rc = skel_grow_u32(&e->peers, &e->cappeers, (uint64_t)e->npeers + 1, sizeof *e->peers);
    if (rc != SKEL_OK)
        return rc;
    e->peers[e->npeers++] = x;
    e->ptab[j] = e->npeers;
    *out = (int)e->npeers;
    return SKEL_OK;
}

static void fill_peers(struct emitter *e, struct rows *r)
{
    rows_init(r, e->root, "peer_rows", 1);
    for (uint32_t i = 0; i < e->npeers; i++) {
        const struct peer *x = &e->peers[i];
        char vec[SKEL_SIG_MAXDIMS * 12 + 4] = "0";
        size_t o = 0;
        for (int k = 0; k < x->ndims; k++)
            o += (size_t)snprintf(vec + o, sizeof vec - o, "%s%d", k ? ", " : "", x->vec[k]);
        rows_add(r, "%s, %d, %d, %d, {%s}", peer_kinds[x->kind], x->slot, x->value, x->ndims, vec);
    }
}

static void tag_value(int32_t tag, char *buf, size_t cap)
{
    if (tag == SKEL_TAG_ANY)
        snprintf(buf, cap, "MPI_ANY_TAG");
    else
        snprintf(buf, cap, "%d", tag < 0 ? 0 : tag);
}

/* Reduction datatype (index in the template's skel_rtype: unsigned char,
 * short, int, long long, 2int), element count in it, and operation (index
 * in skel_rop) for count elements of dtsize bytes: predefined types support
 * the predefined operations; user operations become MPI_SUM. */
static void reduction(uint32_t dtsize, int64_t count, int op, int *rtype, int64_t *n, int *rop)
{
    static const int ops[SKEL_OP__COUNT] = {
        [SKEL_OP_SUM] = 0,  [SKEL_OP_PROD] = 1, [SKEL_OP_MAX] = 2,     [SKEL_OP_MIN] = 3,
        [SKEL_OP_LAND] = 4, [SKEL_OP_BAND] = 5, [SKEL_OP_LOR] = 6,     [SKEL_OP_BOR] = 7,
        [SKEL_OP_LXOR] = 8, [SKEL_OP_BXOR] = 9, [SKEL_OP_MAXLOC] = 10, [SKEL_OP_MINLOC] = 11};
    *rop = op > 0 && op < SKEL_OP__COUNT ? ops[op] : 0;
    int64_t bytes = count * (int64_t)(dtsize ? dtsize : 1);
    if (op == SKEL_OP_MAXLOC || op == SKEL_OP_MINLOC) {
        *rtype = 4;
        *n = (bytes + 7) / 8;
        return;
    }
    uint32_t unit = dtsize % 8 == 0 ? 8 : dtsize % 4 == 0 ? 4 : dtsize % 2 == 0 ? 2 : 1;
    *rtype = unit == 8 ? 3 : unit == 4 ? 2 : unit == 2 ? 1 : 0;
    *n = bytes / unit;
}

/* A list of integers as rows of a C initializer. */
static void int_rows(skel_tpl_dict *d, const char *name, const int64_t *v, size_t n)
{
    skel_tpl_list(d, name);
    char line[ROW * 24 + 8];
    if (n == 0) {
        skel_tpl_set(skel_tpl_add(d, name), "row", "0,");
        return;
    }
    for (size_t i = 0; i < n; i += ROW) {
        size_t o = 0;
        for (size_t j = i; j < n && j < i + ROW; j++)
            o += (size_t)snprintf(line + o, sizeof line - o, "%s%lld,", j > i ? " " : "",
                                  (long long)v[j]);
        skel_tpl_set(skel_tpl_add(d, name), "row", line);
    }
}

/* "a, b, c" of n ints (short lists: dims, periods). */
static void int_list(char *buf, size_t cap, const int32_t *v, uint32_t n)
{
    size_t o = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < n && o < cap; i++)
        o += (size_t)snprintf(buf + o, cap - o, "%s%d", i ? ", " : "", v[i]);
}

/* A graph topology's neighbours as ranks of the communicator (its
 * members' positions): graph, offrows (2 size + 1 offsets, see
 * skel_sig_comm.nbr_off) and nbrrows. */
static int fill_graph(skel_tpl_dict *d, const skel_sig_comm *cm, uint32_t c)
{
    skel_tpl_set_bool(d, "graph", cm->nbr_off != NULL);
    if (cm->nbr_off == NULL)
        return SKEL_OK;
    size_t noff = 2 * (size_t)cm->size + 1, n = cm->nbr_off[2 * cm->size];
    int64_t *v = malloc((noff + n + 1) * sizeof *v);
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    int rc = SKEL_OK;
    for (size_t i = 0; i < noff && rc == SKEL_OK; i++) {
        v[i] = cm->nbr_off[i];
        if (i > 0 && cm->nbr_off[i] < cm->nbr_off[i - 1])
            rc = skel_fail(SKEL_EFORMAT, "communicator %u: neighbour offsets decrease", c);
    }
    for (size_t i = 0; i < n && rc == SKEL_OK; i++) {
        v[noff + i] = -1;
        for (uint32_t k = 0; k < cm->size; k++)
            if (cm->members[k] == cm->nbrs[i]) {
                v[noff + i] = k;
                break;
            }
        if (v[noff + i] < 0)
            rc = skel_fail(SKEL_EFORMAT, "communicator %u: neighbour %d is not a member", c,
                           cm->nbrs[i]);
    }
    if (rc == SKEL_OK) {
        int_rows(d, "offrows", v, noff);
        int_rows(d, "nbrrows", v + noff, n);
    }
    free(v);
    return rc;
}

/* Mode epochs: the epochs made, 8 to a byte (nekeep, ekeep_rows). */
static int fill_epochs(skel_tpl_dict *root, const skel_plan *p)
{
    uint64_t n = p->mode == SKEL_PLAN_EPOCHS ? p->nekeep : 0, nb = (n + 7) / 8;
    int64_t *v = malloc((nb + 1) * sizeof *v);
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint64_t i = 0; i < nb; i++)
        v[i] = 0;
    for (uint64_t e = 0; e < n; e++)
        if (p->ekeep[e])
            v[e / 8] |= 1 << (e % 8);
    skel_tpl_setf(root, "nekeep", "%llu", (unsigned long long)n);
    skel_tpl_list(root, "epoch_info");
    if (p->mode == SKEL_PLAN_EPOCHS) {
        /* skeleton.meta: epochs of the application, made, and the model's
         * (made x K) / all. */
        skel_tpl_dict *d = skel_tpl_add(root, "epoch_info");
        skel_tpl_setf(d, "epochs", "%llu", (unsigned long long)p->epochs);
        skel_tpl_setf(d, "made", "%llu", (unsigned long long)p->epochs_kept);
        skel_tpl_setf(d, "ratio", "%.4f", p->epoch_ratio);
    }
    int_rows(root, "ekeep_rows", v, nb);
    free(v);
    return SKEL_OK;
}

static int fill_comms(struct emitter *e)
{
    const skel_signature *s = e->s;
    skel_tpl_dict *root = e->root;
    int64_t *tmp = malloc(((size_t)s->nranks * e->p->nslots + s->nranks + 1) * sizeof *tmp);
    if (tmp == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t r = 0; r < s->nranks; r++)
        tmp[r] = s->ranks[r].cls;
    int_rows(root, "class_rows", tmp, s->nranks);
    skel_tpl_list(root, "comms");
    int rc = SKEL_OK;
    for (uint32_t c = 0; c < s->ncomms && rc == SKEL_OK; c++) {
        const skel_sig_comm *cm = &s->comms[c];
        if (cm->size > s->nranks) {
            rc = skel_fail(SKEL_ERANGE, "communicator %u has %u members, more than the %u ranks", c,
                           cm->size, s->nranks);
            break;
        }
        skel_tpl_dict *d = skel_tpl_add(root, "comms");
        skel_tpl_setf(d, "id", "%u", c);
        skel_tpl_setf(d, "size", "%u", cm->size);
        for (uint32_t i = 0; i < cm->size; i++) {
            if (cm->members[i] < 0 || (uint32_t)cm->members[i] >= s->nranks) {
                rc = skel_fail(SKEL_ERANGE, "communicator %u: member %d is not a rank", c,
                               cm->members[i]);
                break;
            }
            tmp[i] = cm->members[i];
        }
        int_rows(d, "rows", tmp, cm->size);
        int inter = (cm->flags & SKEL_COMMF_INTER) && cm->remote_size > 0;
        if (inter && cm->remote_size > s->nranks)
            rc = skel_fail(SKEL_ERANGE,
                           "communicator %u has a remote group of %u, more than the %u ranks", c,
                           cm->remote_size, s->nranks);
        for (uint32_t i = 0; inter && rc == SKEL_OK && i < cm->remote_size; i++) {
            if (cm->remote[i] < 0 || (uint32_t)cm->remote[i] >= s->nranks)
                rc = skel_fail(SKEL_ERANGE, "communicator %u: remote member %d is not a rank", c,
                               cm->remote[i]);
            tmp[i] = cm->remote[i];
        }
        skel_tpl_set_bool(d, "inter", inter);
        if (inter && rc == SKEL_OK) {
            skel_tpl_setf(d, "rsize", "%u", cm->remote_size);
            int_rows(d, "rrows", tmp, cm->remote_size);
        }
        int cart = (cm->flags & SKEL_COMMF_CART) && cm->ndims > 0 && cm->ndims <= SKEL_SIG_MAXDIMS;
        for (uint32_t i = 0; cart && i < cm->ndims; i++)
            if (cm->dims[i] < 1 || (uint32_t)cm->dims[i] > s->nranks || cm->periods[i] < 0 ||
                cm->periods[i] > 1)
                cart = 0;
        skel_tpl_set_bool(d, "cart", cart);
        skel_tpl_setf(d, "ndims", "%u", cart ? cm->ndims : 0);
        if (cart) {
            char buf[SKEL_SIG_MAXDIMS * 16];
            int_list(buf, sizeof buf, cm->dims, cm->ndims);
            skel_tpl_set(d, "dims", buf);
            int_list(buf, sizeof buf, cm->periods, cm->ndims);
            skel_tpl_set(d, "periods", buf);
        }
        if (rc == SKEL_OK)
            rc = fill_graph(d, cm, c);
        int32_t remain[SKEL_SIG_MAXDIMS];
        int sub = skel_plan_cart_sub_remain(s, c, remain);
        skel_tpl_set_bool(d, "sub", sub);
        if (sub) {
            char buf[SKEL_SIG_MAXDIMS * 16];
            const skel_sig_comm *pa = &s->comms[s->ranks[cm->members[0]].comms[cm->parent_slot]];
            int_list(buf, sizeof buf, remain, pa->ndims);
            skel_tpl_set(d, "remain", buf);
        }
    }
    /* Slots. */
    skel_tpl_list(root, "slot_rows");
    for (uint32_t r = 0; r < s->nranks && rc == SKEL_OK; r++) {
        const skel_sig_rank *rk = &s->ranks[r];
        for (uint32_t k = 0; k < e->p->nslots; k++)
            tmp[k] = k < rk->ncomms && rk->comms[k] < s->ncomms ? (int64_t)rk->comms[k] : -1;
        char *line = malloc((size_t)e->p->nslots * 12 + 8);
        if (line == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            break;
        }
        size_t o = 0;
        for (uint32_t k = 0; k < e->p->nslots; k++)
            o += (size_t)sprintf(line + o, "%s%lld", k ? ", " : "", (long long)tmp[k]);
        skel_tpl_set(skel_tpl_add(root, "slot_rows"), "row", line);
        free(line);
    }
    free(tmp);
    return rc;
}

/* A distribution as nq quantiles whose mean (trapezoids) is d's exact
 * mean; returns nq, or 1 with v[0] the mean alone when it has no spread.
 *
 * The quantiles are the sketch's, and the difference between their
 * trapezoids' mean and the exact mean goes into the top segment (from the
 * second-largest quantile to the largest): linear between quantiles, that
 * segment spreads a single outlier over its whole 1/(nq - 1) of the mass.
 * pipeline's forward blocks (2400 phases, median 97.6 us, one of 2.4 ms)
 * had a top segment averaging 1.3 ms, a table mean of 129 us for 101.3 us
 * traced, and scaling the whole table down to the exact mean (as was done
 * until 2026-12-01) put its median at 76.6 us, below anything traced: the
 * pipeline's stages then alternated short and long phases and waited for
 * each other (bench/accuracy-mechanisms.md, section 14).  The body is what
 * the sketch measured well; the top segment, the least known, now takes
 * the mean that makes the table's exact, 2 t - v[nq - 2] at its top for a
 * mean t.  Where that does not fit - t below the segment's start, or its
 * top above the traced maximum (give or take the sketch's 1 %) - the whole
 * table is scaled as before. */
int skel_emit_quantiles(const skel_sig_dist *d, double *v, int nq)
{
    v[0] = d->mean;
    if (nq < 3 || !(d->count > 2 && d->max > d->min && d->sketch.count > 0))
        return 1;
    for (int i = 0; i < nq; i++) {
        v[i] = skel_sig_dist_quantile(d, (double)i / (nq - 1));
        if (!(v[i] >= 0) || v[i] > MAX_COMPUTE_NS)
            v[i] = d->mean;
    }
    double body = 0; /* the segments below the top one, summed */
    for (int i = 0; i < nq - 2; i++)
        body += (v[i] + v[i + 1]) / 2;
    double t = (nq - 1) * d->mean - body, top = 2 * t - v[nq - 2];
    /* top >= v[nq - 2] exactly when t is; the sketch's quantiles are
     * within 1 % of a sample. */
    if (t >= v[nq - 2] && top <= 1.01 * (double)d->max) {
        v[nq - 1] = top;
        return nq;
    }
    double m = (body + (v[nq - 2] + v[nq - 1]) / 2) / (nq - 1);
    if (!(m > 0)) {
        v[0] = d->mean;
        return 1;
    }
    for (int i = 0; i < nq; i++)
        v[i] *= d->mean / m;
    return nq;
}

/* Whether a phase's time off the CPU, off ns against cpu ns on it, was
 * sleeping rather than preemption: at least 5 us (a sleep lasts longer: the
 * kernel's wake-up, and 50 us of timer slack by default) and at least as
 * long as the phase's CPU time. */
static int slept(double off, double cpu)
{
    return off >= 5000.0 && off >= cpu;
}

/* The compute distribution of symbol sym (CPU time when traced), as a table
 * of quantiles scaled to the exact mean; its index in dists.
 *
 * When the phase was mostly off the CPU (its wall time at least twice its
 * CPU time, by 5 us or more: a poll loop's nanosleep, a blocking read), the
 * off-CPU part - wall minus CPU at the same quantile - becomes a second
 * table the skeleton sleeps for: such a phase does not compete for the
 * processor, and replaying it as compute would make the skeleton slow down
 * under CPU sharing where the application does not.  Phases that merely lost
 * the CPU now and then (preemption) stay all compute. */
static int off_cpu(const skel_sig_symbol *y)
{
    double off_mean = y->compute.mean - y->compute_cpu.mean;
    return y->compute_cpu.count > 0 && slept(off_mean, y->compute_cpu.mean) &&
           y->compute.mean <= MAX_COMPUTE_NS;
}

/* The sleep between two polls of a polling loop folded into one wait
 * (compress/pollfold.h): the time its phase spent off the CPU, per poll;
 * 0 when it did not sleep (a busy poll: the skeleton's own wait is busy
 * too), and 0 when that time per poll was too short to be a sleep
 * (slept()): a busy loop preempted now and then.  The selfprobe corpus
 * program's busy Iprobe loop lost 50 ns per poll to preemption (228 ns per
 * 4.6 polls, against 431 ns of CPU per poll); sleeping for it, each poll
 * cost a nanosleep of 15 us or more, and its K = 10 skeleton ran 3.5x its
 * 1/K (docs/codegen.md, "Busy polls preempted"). */
long skel_emit_poll_interval(const skel_sig_symbol *y)
{
    double polls = y->occurrences ? (double)y->polls / (double)y->occurrences : 0;
    double off = y->compute.mean - y->compute_cpu.mean;
    if (!(polls > 0) || !(off > 0) || y->compute_cpu.count == 0 ||
        !slept(off / polls, y->compute_cpu.mean / polls))
        return 0;
    double per = off / polls;
    return per > MAX_POLL_NS ? (long)MAX_POLL_NS : (long)per;
}

/* Largest size of the op's communicator (or remote group) over the members of its class. */
static uint32_t comm_size(const struct emitter *e, const skel_plan_op *op)
{
    const skel_signature *s = e->s;
    const skel_sig_class *cl = &s->classes[op->cls];
    uint32_t n = 1;
    for (uint32_t i = 0; i < cl->nranks; i++) {
        const skel_sig_rank *rk = &s->ranks[cl->ranks[i]];
        if (op->comm == SKEL_COMM_SELF || op->comm >= rk->ncomms ||
            rk->comms[op->comm] >= s->ncomms)
            continue;
        const skel_sig_comm *c = &s->comms[rk->comms[op->comm]];
        if (c->size > n)
            n = c->size;
        /* An intercommunicator's collectives gather from and send to the
         * remote group. */
        if ((c->flags & SKEL_COMMF_INTER) && c->remote_size > n)
            n = c->remote_size;
    }
    return n;
}

/* Whether the op's communicator is an intercommunicator for a member of
 * its class. */
static int on_inter(const struct emitter *e, const skel_plan_op *op)
{
    const skel_signature *s = e->s;
    const skel_sig_class *cl = &s->classes[op->cls];
    for (uint32_t i = 0; i < cl->nranks; i++) {
        const skel_sig_rank *rk = &s->ranks[cl->ranks[i]];
        if (op->comm != SKEL_COMM_SELF && op->comm < rk->ncomms &&
            rk->comms[op->comm] < s->ncomms &&
            (s->comms[rk->comms[op->comm]].flags & SKEL_COMMF_INTER))
            return 1;
    }
    return 0;
}

/* The most sources or destinations a member of the operation's class has
 * on its communicator (a neighbourhood collective; the plan checked that
 * every member's has a topology the skeleton makes). */
static uint32_t neighbors(const struct emitter *e, const skel_plan_op *op)
{
    const skel_signature *s = e->s;
    const skel_sig_class *cl = &s->classes[op->cls];
    uint32_t n = 1, nin, nout;
    for (uint32_t i = 0; i < cl->nranks; i++) {
        const skel_sig_rank *rk = &s->ranks[cl->ranks[i]];
        if (op->comm < rk->ncomms && rk->comms[op->comm] < s->ncomms &&
            skel_plan_neighbors(&s->comms[rk->comms[op->comm]], (int32_t)cl->ranks[i], &nin,
                                &nout)) {
            if (nin > n)
                n = nin;
            if (nout > n)
                n = nout;
        }
    }
    return n;
}

/* The fields of one row of the skeleton's skel_ops (struct skel_op). */
struct oprow {
    const char *form, *which;
    unsigned flags, completed;
    uint32_t comm;
    int dist; /* index + 1, 0: no compute */
    uint64_t w;
    int count, rcount, own, type, rtype, op, peer, peer2, root;
    char tag[16], tag2[16];
    uint32_t links, nlinks, nreq;
    long poll;
    uint32_t slot, cart;
    const char *method;
};

/* Flags of a row (SKEL_OPF_* in the template). */
enum {
    OPF_NB = 1,
    OPF_ANY = 2,
    OPF_FLAG = 4,
    OPF_INPLACE = 8,
    OPF_INPLACE_ROOT = 16,
    OPF_DELIM = 32, /* mode epochs: skel_plan_op.delim, always */
    OPF_ALWAYS = 64,
    OPF_THIN = 128,   /* mode thin: skel_plan_op.thin */
    OPF_REWRITE = 256 /* an I/O write into bytes the application wrote before */
};

static void set_row(skel_tpl_dict *d, const struct oprow *r)
{
    skel_tpl_set(d, "form", r->form);
    skel_tpl_setf(d, "flags", "%u", r->flags);
    skel_tpl_set(d, "which", r->which != NULL ? r->which : "0");
    skel_tpl_setf(d, "completed", "%u", r->completed);
    skel_tpl_setf(d, "comm", "%u", r->comm);
    skel_tpl_setf(d, "dist", "%d", r->dist);
    skel_tpl_setf(d, "w", "%llu", (unsigned long long)r->w);
    skel_tpl_setf(d, "count", "%d", r->count);
    skel_tpl_setf(d, "rcount", "%d", r->rcount);
    skel_tpl_setf(d, "own", "%d", r->own);
    skel_tpl_setf(d, "type", "%d", r->type);
    skel_tpl_setf(d, "rtype", "%d", r->rtype);
    skel_tpl_setf(d, "op", "%d", r->op);
    skel_tpl_setf(d, "peer", "%d", r->peer);
    skel_tpl_setf(d, "peer2", "%d", r->peer2);
    skel_tpl_setf(d, "root", "%d", r->root);
    skel_tpl_set(d, "tag", r->tag[0] ? r->tag : "0");
    skel_tpl_set(d, "tag2", r->tag2[0] ? r->tag2 : "0");
    skel_tpl_setf(d, "links", "%u", r->links);
    skel_tpl_setf(d, "nlinks", "%u", r->nlinks);
    skel_tpl_setf(d, "nreq", "%u", r->nreq);
    skel_tpl_setf(d, "pollns", "%ld", r->poll);
    if (r->slot == UINT32_MAX) /* the stand-in of windows the trace does not know */
        skel_tpl_set(d, "slot", "SKEL_NOBJS");
    else
        skel_tpl_setf(d, "slot", "%u", r->slot);
    skel_tpl_set(d, "method", r->method != NULL ? r->method : "0");
    skel_tpl_setf(d, "cart", "%u", r->cart);
}

static int need(struct emitter *e, const skel_plan_op *op, uint64_t *buf, uint64_t bytes)
{
    if (bytes > MAX_BUFFER)
        return op_fail(e, op, SKEL_ERANGE, "needs a buffer larger than the skeleton's 1 GiB limit");
    if (bytes > *buf)
        *buf = bytes;
    return SKEL_OK;
}

/* Quantile values appended to skel_qvals; the index of the first. */
static int add_qvals(struct emitter *e, const double *v, int n, uint32_t *first)
{
    *first = e->nqvals;
    for (int i = 0; i < n; i++) {
        char num[40];
        int rc = skel_cstr_double(v[i], num, sizeof num);
        if (rc != SKEL_OK)
            return rc;
        rows_add(&e->qvals, "%s,", num);
        e->nqvals++;
    }
    return SKEL_OK;
}

/* The off-CPU part of a phase that was mostly off the CPU: wall minus CPU
 * at the same quantile, scaled to the exact mean difference; *noff 0 when
 * there is none. */
static void off_quantiles(const skel_sig_symbol *y, const double *v, int n, double *off, int *noff)
{
    double off_mean = y->compute.mean - y->compute_cpu.mean, w[NQ], m = 0;
    int nw = skel_emit_quantiles(&y->compute, w, NQ);
    *noff = nw > 1 || n > 1 ? NQ : 1;
    for (int i = 0; i < *noff; i++) {
        double a = w[nw > 1 ? i : 0] - v[n > 1 ? i : 0];
        off[i] = a > 0 ? a : 0;
        m += *noff == 1 ? off[i] : (i == 0 || i == *noff - 1) ? off[i] / 2 : off[i];
    }
    if (*noff > 1)
        m /= *noff - 1;
    if (m > 0)
        for (int i = 0; i < *noff; i++)
            off[i] *= off_mean / m;
    else
        *noff = 0;
}

/* The working-set class of a compute phase (templates/skeleton.c.tmpl,
 * "Compute"): 0 for a phase that touched little memory or was never
 * sampled - the skeleton's arithmetic kernel; else the class c in
 * 2..WS_CLASSES-1 whose WS_BASE << c bytes is nearest on a log scale, up to
 * 1 GiB - the skeleton walks that much memory as a stream.
 *
 * What a phase touched counts above its rank class's floor: the smallest
 * working set any of the class's sampled phases read, at most WS_FLOOR_MAX.
 * Every reading includes what the process touches whatever its work (code
 * pages, the stack, libraries, the tracer's own path): the quietest phases
 * of nbody and mw, whose data is 200 KiB and less, read 280-600 KiB, 460 KiB
 * when nbody is built with AddressSanitizer, and nbody's set-up phase 536
 * and 804 KiB; an empty phase reads 36-96 KiB.  The skeleton has a floor of
 * its own besides its walk, so the walk is what the phase touched beyond
 * the floor.  The cap, the most the quietest phases were seen to read,
 * keeps a class whose every phase streams megabytes (randacc's 32 MiB
 * table) from losing more than that.  "Little" is less than 1 MiB above
 * the floor: so small a working set stays in a core's private cache, where
 * arithmetic is as good a model as a walk.  (bench/accuracy-mechanisms.md,
 * "Working-set floor".) */
static int ws_class(const skel_sig_symbol *y, uint64_t floor)
{
    if (y->ws_samples == 0 || y->ws_bytes < floor || y->ws_bytes - floor < 4 * WS_BASE)
        return 0;
    double ws = (double)(y->ws_bytes - floor);
    int c = 1;
    while (c < WS_CLASSES - 1 && ws >= (double)(WS_BASE << c) * 1.41421356)
        c++;
    return c;
}

/* The floor of every class (ws_class()): e->ws_floor[c]. */
static int ws_floors(struct emitter *e)
{
    uint32_t n = e->s->nclasses > 0 ? e->s->nclasses : 1;
    e->ws_floor = malloc(n * sizeof *e->ws_floor);
    if (e->ws_floor == NULL)
        return skel_oom();
    for (uint32_t c = 0; c < n; c++)
        e->ws_floor[c] = WS_FLOOR_MAX;
    for (uint32_t i = 0; i < e->s->nsymbols; i++) {
        const skel_sig_symbol *y = &e->s->symbols[i];
        if (y->ws_samples > 0 && y->cls < n && y->ws_bytes < e->ws_floor[y->cls])
            e->ws_floor[y->cls] = y->ws_bytes;
    }
    return SKEL_OK;
}

static int dist_index(struct emitter *e, uint32_t sym, int32_t *out)
{
    if (e->dist_of[sym] >= 0) {
        *out = e->dist_of[sym];
        return SKEL_OK;
    }
    const skel_sig_symbol *y = &e->s->symbols[sym];
    const skel_sig_dist *d = y->compute_cpu.count > 0 ? &y->compute_cpu : &y->compute;
    double v[NQ], off[NQ];
    int n, noff = 0;
    if (!(d->mean >= 0) || d->mean > MAX_COMPUTE_NS) {
        char b[320];
        return skel_fail(SKEL_ERANGE, "%s: mean compute time %g ns out of range",
                         skel_plan_describe(e->s, sym, b, sizeof b), d->mean);
    }
    n = skel_emit_quantiles(d, v, NQ);
    /* A wait by polling sleeps in its poll loop, for as long as its message
     * takes to come, not for the traced time. */
    if (off_cpu(y) && y->polls == 0)
        off_quantiles(y, v, n, off, &noff);
    uint32_t q = 0, o = 0;
    int rc = add_qvals(e, v, n, &q);
    if (rc == SKEL_OK)
        rc = add_qvals(e, off, noff, &o);
    if (rc != SKEL_OK)
        return rc;
    skel_tpl_dict *dd = skel_tpl_add(e->root, "dists");
    skel_tpl_setf(dd, "n", "%d", n);
    skel_tpl_setf(dd, "q", "%u", q);
    skel_tpl_setf(dd, "noff", "%d", noff);
    skel_tpl_setf(dd, "off", "%u", noff > 0 ? o : 0);
    skel_tpl_setf(dd, "sym", "%u", sym);
    int wsc = ws_class(y, y->cls < e->s->nclasses ? e->ws_floor[y->cls] : 0);
    skel_tpl_setf(dd, "wsc", "%d", wsc);
    skel_tpl_setf(dd, "full", "%llu", (unsigned long long)e->full_draws[sym]);
    e->ws_used[wsc] = 1;
    e->dist_of[sym] = (int32_t)e->ndists++;
    *out = e->dist_of[sym];
    return SKEL_OK;
}

static const char *p2p_form(unsigned call)
{
    switch (call) {
    case SKEL_CALL_MPI_Send:
        return "SKEL_F_SEND";
    case SKEL_CALL_MPI_Ssend:
        return "SKEL_F_SSEND";
    case SKEL_CALL_MPI_Rsend:
        return "SKEL_F_RSEND";
    case SKEL_CALL_MPI_Bsend:
        return "SKEL_F_BSEND";
    case SKEL_CALL_MPI_Ibsend:
        return "SKEL_F_IBSEND";
    case SKEL_CALL_MPI_Isend:
        return "SKEL_F_ISEND";
    case SKEL_CALL_MPI_Issend:
        return "SKEL_F_ISSEND";
    case SKEL_CALL_MPI_Irsend:
        return "SKEL_F_IRSEND";
    case SKEL_CALL_MPI_Recv:
        return "SKEL_F_RECV";
    case SKEL_CALL_MPI_Irecv:
        return "SKEL_F_IRECV";
    case SKEL_CALL_MPI_Sendrecv:
        return "SKEL_F_SENDRECV";
    case SKEL_CALL_MPI_Sendrecv_replace:
        return "SKEL_F_SENDRECV_REPLACE";
    case SKEL_CALL_MPI_Probe:
        return "SKEL_F_PROBE";
    case SKEL_CALL_MPI_Iprobe:
        return "SKEL_F_IPROBE";
    case SKEL_CALL_MPI_Send_init:
        return "SKEL_F_SEND_INIT";
    case SKEL_CALL_MPI_Ssend_init:
        return "SKEL_F_SSEND_INIT";
    case SKEL_CALL_MPI_Rsend_init:
        return "SKEL_F_RSEND_INIT";
    case SKEL_CALL_MPI_Bsend_init:
        return "SKEL_F_BSEND_INIT";
    case SKEL_CALL_MPI_Recv_init:
        return "SKEL_F_RECV_INIT";
    case SKEL_CALL_MPI_Psend_init:
        return "SKEL_F_PSEND_INIT";
    case SKEL_CALL_MPI_Precv_init:
        return "SKEL_F_PRECV_INIT";
    case SKEL_CALL_MPI_Mprobe:
        return "SKEL_F_MPROBE";
    case SKEL_CALL_MPI_Improbe:
        return "SKEL_F_IMPROBE";
    case SKEL_CALL_MPI_Mrecv:
        return "SKEL_F_MRECV";
    case SKEL_CALL_MPI_Imrecv:
        return "SKEL_F_IMRECV";
    default:
        return NULL;
    }
}

/* The buffers a point-to-point send of bytes may read: the message buffer,
 * or the one messages are received into (templates/skeleton.c.tmpl,
 * "Point-to-point buffers"). */
static int need_send(struct emitter *e, const skel_plan_op *op, uint64_t bytes)
{
    int rc = need(e, op, &e->mbuf, bytes);
    return rc != SKEL_OK ? rc : need(e, op, &e->pbuf, bytes);
}

/* The buffers a point-to-point receive of bytes may write. */
static int need_recv(struct emitter *e, const skel_plan_op *op, uint64_t bytes)
{
    int rc = need(e, op, &e->pbuf, bytes);
    return rc != SKEL_OK ? rc : need(e, op, &e->xbuf, bytes);
}

/* A partitioned set-up (plan.c: partitioned()): the application's
 * partitions in rcount, the elements in each in count, of its datatype's
 * size (in runs when it was not contiguous): both sides' buffers keep the
 * application's size, which MPI wants equal. */
static int fill_partitioned(struct emitter *e, const skel_plan_op *op, struct oprow *r)
{
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    int send = op->kind == SKEL_PLAN_PSEND;
    int64_t total = send ? op->count[0] : op->rcap;
    uint64_t unit = op->dtsize ? op->dtsize : 1;
    int rc;
    if (unit > INT_MAX)
        return op_fail(e, op, SKEL_ERANGE, "a datatype of more than INT_MAX bytes");
    if ((rc = type_index_runs(e, (uint32_t)unit, unit > 1 ? op->runs : 0, &r->type)) != SKEL_OK ||
        (rc = peer_index(e, op, &y->peer, &r->peer)) != SKEL_OK ||
        (rc = int_count(e, op, total / op->parts, &r->count)) != SKEL_OK ||
        (rc = int_count(e, op, op->parts, &r->rcount)) != SKEL_OK)
        return rc;
    tag_value(op->tag, r->tag, sizeof r->tag);
    /* in runs, twice its bytes: the type's extent */
    uint64_t bytes = (uint64_t)total * unit * (unit > 1 && op->runs != 0 ? 2 : 1);
    return send ? need_send(e, op, bytes) : need_recv(e, op, bytes);
}

/* Point-to-point: sends read one buffer and receives write another while
 * both are in flight, the receive half of Sendrecv apart from its send (MPI
 * wants them disjoint); a send otherwise reads what the rank last received
 * (the template decides at run time). */
static int fill_p2p(struct emitter *e, const skel_plan_op *op, struct oprow *r)
{
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    uint64_t unit = op->dtsize ? op->dtsize : 1;
    /* A datatype of no bytes (BLACS sends empty blocks as such) makes a
     * message of none, which the receives' capacities, counted in bytes,
     * expect: sent as count bytes, it was truncated by a receive of count
     * 0 from MPI_ANY_SOURCE in ScaLAPACK's QR tester. */
    int64_t scount = op->dtsize == 0 ? 0 : op->count[0];
    int rc;
    r->form = p2p_form(op->call);
    if (r->form == NULL)
        return op_fail(e, op, SKEL_EUNSUPPORTED, "this point-to-point call is not supported");
    /* A non-contiguous message (docs/codegen.md): a send of elements, or of
     * bytes scaled as one element of their size; a receive of elements. */
    int sends = op->kind == SKEL_PLAN_SEND || op->kind == SKEL_PLAN_ISEND ||
                op->kind == SKEL_PLAN_PSEND,
        in_runs = 0;
    if (op->parts > 0)
        return fill_partitioned(e, op, r);
    if (op->runs != 0 && sends)
        in_runs = op->dtsize > 1 || (op->count[0] > 0 && op->count[0] <= INT_MAX);
    else if (op->runs != 0 && (op->kind == SKEL_PLAN_RECV || op->kind == SKEL_PLAN_IRECV ||
                               op->kind == SKEL_PLAN_PRECV || op->kind == SKEL_PLAN_MRECV))
        in_runs = unit > 1 && unit <= INT_MAX;
    if ((!in_runs && (rc = type_index(e, op->dtsize, &r->type)) != SKEL_OK) ||
        (rc = peer_index(e, op, &y->peer, &r->peer)) != SKEL_OK)
        return rc;
    /* A send-receive: its receive half's type in rtype (an index into the
     * same table), each half in runs of its own when its datatype was not
     * contiguous and both are of elements. */
    r->rtype = r->type;
    int srruns = op->kind == SKEL_PLAN_SENDRECV && unit > 1 && unit <= INT_MAX;
    if (srruns && op->runs != 0 &&
        (rc = type_index_runs(e, (uint32_t)unit, op->runs, &r->type)) != SKEL_OK)
        return rc;
    if (srruns && op->rruns != 0 &&
        (rc = type_index_runs(e, (uint32_t)unit, op->rruns, &r->rtype)) != SKEL_OK)
        return rc;
    tag_value(op->tag, r->tag, sizeof r->tag);
    if (skel_sig_source_of(y) != NULL && skel_sig_source_of(y)->kind == SKEL_SIG_PEER_ANY)
        r->flags |= OPF_ANY;
    if (op->flag)
        r->flags |= OPF_FLAG;
    if (in_runs && sends) {
        /* twice its bytes of buffer: the type's extent */
        int64_t n = op->dtsize > 1 ? op->count[0] : 1;
        uint64_t size = op->dtsize > 1 ? op->dtsize : (uint64_t)op->count[0];
        if ((rc = type_index_runs(e, (uint32_t)size, op->runs, &r->type)) != SKEL_OK ||
            (rc = int_count(e, op, n, &r->count)) != SKEL_OK)
            return rc;
        return need_send(e, op, (uint64_t)n * size * 2);
    }
    if (in_runs) { /* a receive (a matched one receives what its probe held) */
        if ((rc = type_index_runs(e, (uint32_t)unit, op->runs, &r->type)) != SKEL_OK ||
            (rc = int_count(e, op, op->rcap, &r->count)) != SKEL_OK)
            return rc;
        return need_recv(e, op, (uint64_t)op->rcap * unit * 2);
    }
    switch (op->kind) {
    case SKEL_PLAN_SEND:
    case SKEL_PLAN_ISEND:
    case SKEL_PLAN_PSEND:
        if ((rc = int_count(e, op, scount, &r->count)) != SKEL_OK)
            return rc;
        return need_send(e, op, (uint64_t)scount * unit);
    case SKEL_PLAN_MRECV: /* as many bytes as its probe's status says */
        return SKEL_OK;
    case SKEL_PLAN_MPROBE:
        if (op->flag && y->polls > 0)
            r->poll = skel_emit_poll_interval(y);
        return need_recv(e, op, (uint64_t)op->rcap * unit);
    case SKEL_PLAN_RECV:
    case SKEL_PLAN_IRECV:
    case SKEL_PLAN_PRECV:
        if ((rc = int_count(e, op, op->rcap, &r->count)) != SKEL_OK)
            return rc;
        return need_recv(e, op, (uint64_t)op->rcap * unit);
    case SKEL_PLAN_SENDRECV: {
        int replace = y->call == SKEL_CALL_MPI_Sendrecv_replace;
        if ((rc = int_count(e, op, scount, &r->count)) != SKEL_OK ||
            (rc = int_count(e, op, op->rcap, &r->rcount)) != SKEL_OK ||
            (rc = peer_index(e, op, &y->peer2, &r->peer2)) != SKEL_OK)
            return rc;
        tag_value(op->tag2, r->tag2, sizeof r->tag2);
        /* a half in runs takes twice its bytes: its type's extent */
        uint64_t sx = srruns && op->runs != 0 ? 2 : 1, rx = srruns && op->rruns != 0 ? 2 : 1;
        if ((rc = need(e, op, &e->mbuf, (uint64_t)scount * unit * sx)) != SKEL_OK)
            return rc;
        return replace ? SKEL_OK : need_recv(e, op, (uint64_t)op->rcap * unit * rx);
    }
    default: /* probes */
        /* An Iprobe that found its message after a polling loop: the
         * skeleton polls the same way (skel_emit_poll_interval()). */
        if (op->flag && y->polls > 0)
            r->poll = skel_emit_poll_interval(y);
        return SKEL_OK;
    }
}

static const char *wait_name(unsigned call)
{
    switch (call) {
    case SKEL_CALL_MPI_Wait:
        return "SKEL_WAIT";
    case SKEL_CALL_MPI_Waitall:
        return "SKEL_WAITALL";
    case SKEL_CALL_MPI_Waitany:
        return "SKEL_WAITANY";
    case SKEL_CALL_MPI_Waitsome:
        return "SKEL_WAITSOME";
    case SKEL_CALL_MPI_Test:
        return "SKEL_TEST";
    case SKEL_CALL_MPI_Request_get_status:
        return "SKEL_GETSTATUS";
    case SKEL_CALL_MPI_Testall:
        return "SKEL_TESTALL";
    case SKEL_CALL_MPI_Testany:
        return "SKEL_TESTANY";
    default:
        return "SKEL_TESTSOME";
    }
}

/* The requests a call's links name, appended to skel_links. */
static void add_links(struct emitter *e, const skel_plan_op *op, const skel_sig_symbol *y,
                      struct oprow *r)
{
    r->links = e->nlinks;
    /* The skeleton's distances where a scaled loop lies between (sim.h). */
    for (uint32_t i = 0; i < y->nlinks; i++)
        rows_add(&e->links, "{%u, %u},", op->ldist != NULL ? op->ldist[i] : y->links[i].dist,
                 y->links[i].index);
    r->nlinks = y->nlinks;
    e->nlinks += r->nlinks;
    r->nreq = op->nreq;
    if (op->nreq > e->maxreq)
        e->maxreq = op->nreq;
    if (y->nlinks > e->maxreq) /* two links at one index (skel_complete) */
        e->maxreq = y->nlinks;
}

/* Start, Startall, Request_free, Cancel: the requests they name. */
static void fill_start(struct emitter *e, const skel_plan_op *op, struct oprow *r)
{
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    r->form = op->kind == SKEL_PLAN_START     ? "SKEL_F_START"
              : op->kind == SKEL_PLAN_REQFREE ? "SKEL_F_REQFREE"
                                              : "SKEL_F_CANCEL";
    r->which = y->call == SKEL_CALL_MPI_Startall ? "1" : "0";
    add_links(e, op, y, r);
}

/* Wait/Test: the requests its links name. */
static int fill_wait(struct emitter *e, const skel_plan_op *op, struct oprow *r)
{
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    r->form = "SKEL_F_WAIT";
    r->which = wait_name(y->call);
    r->completed = op->kind == SKEL_PLAN_WAIT || op->flag;
    add_links(e, op, y, r);
    if (y->nlinks == 0) {
        /* A test the application made on a request the trace does not name
         * (it did not complete): test the latest one. */
        rows_add(&e->links, "{%u, 0},", op->kind == SKEL_PLAN_TEST ? 1u : 0u);
        r->nlinks = 1;
        e->nlinks++;
        r->completed = 0;
    }
    /* A polling loop folded into this Test, which found what it waited
     * for: the skeleton tests between sleeps of the loop's interval. */
    if (r->completed && op->kind == SKEL_PLAN_TEST && y->polls > 0) {
        r->poll = skel_emit_poll_interval(y);
        r->completed = r->poll > 0 ? 2 : 1;
    } else if (r->completed && op->kind == SKEL_PLAN_TEST && off_cpu(y)) {
        /* A Test that completed after a phase spent mostly asleep: the
         * application polled with sleeps in between (see off_cpu()). */
        double gap = y->compute.mean - y->compute_cpu.mean;
        r->poll = gap > MAX_POLL_NS ? (long)MAX_POLL_NS : (long)gap;
        r->completed = 2;
    }
    return SKEL_OK;
}

static const char *coll_form(int shape)
{
    switch (shape) {
    case SKEL_SHAPE_BARRIER:
        return "SKEL_F_BARRIER";
    case SKEL_SHAPE_BCAST:
        return "SKEL_F_BCAST";
    case SKEL_SHAPE_REDUCE:
        return "SKEL_F_REDUCE";
    case SKEL_SHAPE_ALLREDUCE:
        return "SKEL_F_ALLREDUCE";
    case SKEL_SHAPE_SCAN:
        return "SKEL_F_SCAN";
    case SKEL_SHAPE_EXSCAN:
        return "SKEL_F_EXSCAN";
    case SKEL_SHAPE_GATHER:
        return "SKEL_F_GATHER";
    case SKEL_SHAPE_SCATTER:
        return "SKEL_F_SCATTER";
    case SKEL_SHAPE_ALLGATHER:
        return "SKEL_F_ALLGATHER";
    case SKEL_SHAPE_ALLTOALL:
        return "SKEL_F_ALLTOALL";
    case SKEL_SHAPE_GATHERV:
        return "SKEL_F_GATHERV";
    case SKEL_SHAPE_SCATTERV:
        return "SKEL_F_SCATTERV";
    case SKEL_SHAPE_ALLGATHERV:
        return "SKEL_F_ALLGATHERV";
    case SKEL_SHAPE_ALLTOALLV:
        return "SKEL_F_ALLTOALLV";
    case SKEL_SHAPE_REDSCAT:
        return "SKEL_F_REDSCAT";
    case SKEL_SHAPE_REDSCATBLK:
        return "SKEL_F_REDSCATBLK";
    case SKEL_SHAPE_ALLTOALLW:
        return "SKEL_F_ALLTOALLW";
    case SKEL_SHAPE_NALLGATHER:
        return "SKEL_F_NALLGATHER";
    case SKEL_SHAPE_NALLGATHERV:
        return "SKEL_F_NALLGATHERV";
    case SKEL_SHAPE_NALLTOALL:
        return "SKEL_F_NALLTOALL";
    case SKEL_SHAPE_NALLTOALLV:
        return "SKEL_F_NALLTOALLV";
    case SKEL_SHAPE_NALLTOALLW:
        return "SKEL_F_NALLTOALLW";
    default:
        return NULL;
    }
}

/* Bytes a collective of U elements of dt bytes sends and receives with n
 * peers (the communicator's ranks, or its neighbours for a neighbourhood
 * collective; own: this rank's total count where the shape divides it). */
static void coll_bytes(int shape, uint64_t ub, uint64_t n, uint64_t own_bytes, uint64_t *sb,
                       uint64_t *rb)
{
    *sb = *rb = 0;
    switch (shape) {
    case SKEL_SHAPE_BCAST:
        *rb = ub;
        break;
    case SKEL_SHAPE_REDUCE:
    case SKEL_SHAPE_ALLREDUCE:
    case SKEL_SHAPE_SCAN:
    case SKEL_SHAPE_EXSCAN:
        *sb = *rb = ub;
        break;
    case SKEL_SHAPE_GATHER:
    case SKEL_SHAPE_GATHERV:
    case SKEL_SHAPE_ALLGATHER:
    case SKEL_SHAPE_ALLGATHERV:
    case SKEL_SHAPE_NALLGATHER:
    case SKEL_SHAPE_NALLGATHERV:
        *sb = ub;
        *rb = ub * n;
        break;
    case SKEL_SHAPE_ALLTOALL:
    case SKEL_SHAPE_NALLTOALL:
        *sb = *rb = ub * n;
        break;
    case SKEL_SHAPE_ALLTOALLV:
    case SKEL_SHAPE_ALLTOALLW:
    case SKEL_SHAPE_NALLTOALLV:
    case SKEL_SHAPE_NALLTOALLW:
        *sb = own_bytes;
        *rb = ub * n;
        break;
    case SKEL_SHAPE_SCATTER:
    case SKEL_SHAPE_SCATTERV:
    case SKEL_SHAPE_REDSCAT:
    case SKEL_SHAPE_REDSCATBLK:
        *sb = ub * n;
        *rb = ub;
        break;
    default:
        break;
    }
}

static int fill_collective(struct emitter *e, const skel_plan_op *op, struct oprow *r)
{
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    const struct skel_call_info *ci = skel_call_info(y->call);
    uint32_t n = comm_size(e, op), dt = op->udtsize ? op->udtsize : 1;
    int64_t U = op->ucount, own = op->count[0] > op->count[1] ? op->count[0] : op->count[1];
    int rc;
    r->form = coll_form(op->shape);
    if (r->form == NULL)
        return op_fail(e, op, SKEL_EUNSUPPORTED, "unsupported collective");
    if (op->kind == SKEL_PLAN_ICOLL)
        r->flags |= OPF_NB;
    if (op->inplace[SKEL_SIG_SIDE_OTHER])
        r->flags |= OPF_INPLACE;
    if (op->inplace[SKEL_SIG_SIDE_ROOT])
        r->flags |= OPF_INPLACE_ROOT;
    if (ci->rooted && (rc = peer_index(e, op, &y->root, &r->root)) != SKEL_OK)
        return rc;
    if (op->shape == SKEL_SHAPE_GATHERV && own > U)
        own = U;
    if (skel_plan_shape_is_neighbor(op->shape))
        n = neighbors(e, op);
    if ((op->shape == SKEL_SHAPE_GATHERV || skel_plan_shape_divides(op->shape)) &&
        (rc = int_count(e, op, own, &r->own)) != SKEL_OK)
        return rc;
    int64_t count = U;
    int reduce = skel_shape_reduces(op->shape);
    /* Other than a reduction, what it sends is of type (in runs when the
     * application's was not contiguous: op->runs), what it receives of
     * rtype (op->rruns); a side in runs takes twice its bytes of buffer,
     * its type's extent.  A broadcast's root sends from the receive
     * buffer. */
    uint64_t sx = 1, rx = 1;
    if (reduce) {
        reduction(dt, U, y->op, &r->rtype, &count, &r->op);
    } else {
        unsigned sr = dt > 1 ? op->runs : 0, rr = dt > 1 ? op->rruns : 0;
        if ((rc = type_index_coll(e, dt, sr, &r->type)) != SKEL_OK ||
            (rc = type_index_coll(e, dt, rr, &r->rtype)) != SKEL_OK)
            return rc;
        sx = sr != 0 ? 2 : 1;
        rx = rr != 0 || (op->shape == SKEL_SHAPE_BCAST && sr != 0) ? 2 : 1;
    }
    if ((rc = int_count(e, op, count, &r->count)) != SKEL_OK)
        return rc;
    uint64_t sb, rb;
    coll_bytes(op->shape, (uint64_t)U * dt, n, (uint64_t)own * dt, &sb, &rb);
    if ((op->shape == SKEL_SHAPE_REDSCAT || op->shape == SKEL_SHAPE_REDSCATBLK) &&
        on_inter(e, op)) {
        /* The count is the length of each group's vector (the schedule
         * check's), which the block form rounds up to a multiple of both
         * groups' sizes (at most n x n more elements of up to 16 bytes). */
        sb = rb =
            (uint64_t)U * dt + (op->shape == SKEL_SHAPE_REDSCATBLK ? (uint64_t)n * n * 16 : 0);
    }
    /* (beyond the limit already, a size is refused as it is) */
    if ((rc = need(e, op, &e->sbuf, sb > MAX_BUFFER ? sb : sb * sx + 64)) != SKEL_OK)
        return rc;
    return need(e, op, &e->rbuf, rb > MAX_BUFFER ? rb : rb * rx + 64);
}

static void fill_comm(struct emitter *e, const skel_plan_op *op, struct oprow *r)
{
    static const char *const methods[] = {"0",
                                          "SKEL_NEW_DUP",
                                          "SKEL_NEW_CART",
                                          "SKEL_NEW_CART_KEYED",
                                          "SKEL_NEW_SPLIT",
                                          "SKEL_NEW_CART_SUB",
                                          "SKEL_NEW_GRAPH"};
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    const skel_sig_class *cl = &e->s->classes[op->cls];
    r->form = "SKEL_F_COMM";
    for (uint32_t i = 0; i < cl->nranks; i++) {
        const skel_sig_rank *rk = &e->s->ranks[cl->ranks[i]];
        if (y->newcomm < rk->ncomms && rk->comms[y->newcomm] < e->s->ncomms) {
            r->cart = rk->comms[y->newcomm];
            break;
        }
    }
    r->slot = y->newcomm == SKEL_SIG_NONE ? e->p->null_slot : y->newcomm;
    r->method = methods[op->newcomm <= SKEL_PLAN_GRAPH ? op->newcomm : SKEL_PLAN_SPLIT];
    if (op->request)
        r->method = "SKEL_NEW_IDUP";
    else if (op->newcomm == SKEL_PLAN_INTER)
        r->method = "SKEL_NEW_INTER";
    else if (op->newcomm == SKEL_PLAN_MERGE)
        r->method = "SKEL_NEW_MERGE";
    else if (op->newcomm == SKEL_PLAN_CREATE)
        r->method = "SKEL_NEW_CREATE";
    else if (op->newcomm == SKEL_PLAN_GRAPH)
        r->method = y->call == SKEL_CALL_MPI_Graph_create        ? "SKEL_NEW_GRAPH"
                    : y->call == SKEL_CALL_MPI_Dist_graph_create ? "SKEL_NEW_DIST_GRAPH"
                                                                 : "SKEL_NEW_DIST_GRAPH_ADJ";
}

/* The call a one-sided or I/O operation makes, as the template names it. */
static const char *object_call(unsigned call)
{
    static const struct {
        unsigned call;
        const char *name;
    } calls[] = {
        {SKEL_CALL_MPI_Win_create, "SKEL_X_WIN_CREATE"},
        {SKEL_CALL_MPI_Win_allocate, "SKEL_X_WIN_ALLOCATE"},
        {SKEL_CALL_MPI_Win_allocate_shared, "SKEL_X_WIN_ALLOCATE_SHARED"},
        {SKEL_CALL_MPI_Win_create_dynamic, "SKEL_X_WIN_CREATE_DYNAMIC"},
        {SKEL_CALL_MPI_Win_free, "SKEL_X_WIN_FREE"},
        {SKEL_CALL_MPI_Win_fence, "SKEL_X_WIN_FENCE"},
        {SKEL_CALL_MPI_Win_lock, "SKEL_X_WIN_LOCK"},
        {SKEL_CALL_MPI_Win_unlock, "SKEL_X_WIN_UNLOCK"},
        {SKEL_CALL_MPI_Win_lock_all, "SKEL_X_WIN_LOCK_ALL"},
        {SKEL_CALL_MPI_Win_unlock_all, "SKEL_X_WIN_UNLOCK_ALL"},
        {SKEL_CALL_MPI_Win_flush, "SKEL_X_WIN_FLUSH"},
        {SKEL_CALL_MPI_Win_flush_all, "SKEL_X_WIN_FLUSH_ALL"},
        {SKEL_CALL_MPI_Win_flush_local, "SKEL_X_WIN_FLUSH_LOCAL"},
        {SKEL_CALL_MPI_Win_flush_local_all, "SKEL_X_WIN_FLUSH_LOCAL_ALL"},
        {SKEL_CALL_MPI_Win_sync, "SKEL_X_WIN_SYNC"},
        {SKEL_CALL_MPI_Put, "SKEL_X_PUT"},
        {SKEL_CALL_MPI_Get, "SKEL_X_GET"},
        {SKEL_CALL_MPI_Accumulate, "SKEL_X_ACCUMULATE"},
        {SKEL_CALL_MPI_Get_accumulate, "SKEL_X_GET_ACCUMULATE"},
        {SKEL_CALL_MPI_Fetch_and_op, "SKEL_X_FETCH_AND_OP"},
        {SKEL_CALL_MPI_Compare_and_swap, "SKEL_X_COMPARE_AND_SWAP"},
        {SKEL_CALL_MPI_Rput, "SKEL_X_RPUT"},
        {SKEL_CALL_MPI_Rget, "SKEL_X_RGET"},
        {SKEL_CALL_MPI_Raccumulate, "SKEL_X_RACCUMULATE"},
        {SKEL_CALL_MPI_Rget_accumulate, "SKEL_X_RGET_ACCUMULATE"},
        {SKEL_CALL_MPI_File_open, "SKEL_X_FILE_OPEN"},
        {SKEL_CALL_MPI_File_close, "SKEL_X_FILE_CLOSE"},
        {SKEL_CALL_MPI_File_read, "SKEL_X_FILE_READ"},
        {SKEL_CALL_MPI_File_read_at, "SKEL_X_FILE_READ_AT"},
        {SKEL_CALL_MPI_File_read_all, "SKEL_X_FILE_READ_ALL"},
        {SKEL_CALL_MPI_File_read_at_all, "SKEL_X_FILE_READ_AT_ALL"},
        {SKEL_CALL_MPI_File_write, "SKEL_X_FILE_WRITE"},
        {SKEL_CALL_MPI_File_write_at, "SKEL_X_FILE_WRITE_AT"},
        {SKEL_CALL_MPI_File_write_all, "SKEL_X_FILE_WRITE_ALL"},
        {SKEL_CALL_MPI_File_write_at_all, "SKEL_X_FILE_WRITE_AT_ALL"},
        {SKEL_CALL_MPI_File_iread, "SKEL_X_FILE_IREAD"},
        {SKEL_CALL_MPI_File_iwrite, "SKEL_X_FILE_IWRITE"},
        {SKEL_CALL_MPI_File_iread_at, "SKEL_X_FILE_IREAD_AT"},
        {SKEL_CALL_MPI_File_iwrite_at, "SKEL_X_FILE_IWRITE_AT"},
        {SKEL_CALL_MPI_File_seek, "SKEL_X_FILE_SEEK"},
        {SKEL_CALL_MPI_File_sync, "SKEL_X_FILE_SYNC"},
        {SKEL_CALL_MPI_File_set_view, "SKEL_X_FILE_SET_VIEW"},
        {SKEL_CALL_MPI_Win_post, "SKEL_X_WIN_POST"},
        {SKEL_CALL_MPI_Win_start, "SKEL_X_WIN_START"},
        {SKEL_CALL_MPI_Win_complete, "SKEL_X_WIN_COMPLETE"},
        {SKEL_CALL_MPI_Win_wait, "SKEL_X_WIN_WAIT"},
        {SKEL_CALL_MPI_Win_test, "SKEL_X_WIN_TEST"},
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
        if (calls[i].call == call)
            return calls[i].name;
    return NULL;
}

/* One-sided and I/O operations: the object (unknown windows: the stand-in,
 * index nobjs), the target, the bytes; sizes of the windows and of each
 * rank's region of a file. */
static int fill_object(struct emitter *e, const skel_plan_op *op, struct oprow *r)
{
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    int rc;
    r->which = object_call(op->call);
    if (r->which == NULL)
        return op_fail(e, op, SKEL_EUNSUPPORTED, "this one-sided or I/O call is not supported");
    r->form =
        op->kind == SKEL_PLAN_RMA || op->kind == SKEL_PLAN_WIN || op->kind == SKEL_PLAN_WINSYNC
            ? "SKEL_F_RMA"
            : "SKEL_F_IO";
    r->slot = op->obj >= 0 ? (uint32_t)op->obj : UINT32_MAX; /* set_row() */
    if (op->flag)
        r->flags |= OPF_FLAG; /* MPI_Win_test: the application's found its epoch over */
    if (op->obj >= 0 && (uint32_t)op->obj + 1 > e->nobjs)
        e->nobjs = (uint32_t)op->obj + 1;
    if (op->obj < 0 && op->kind != SKEL_PLAN_FILE && op->kind != SKEL_PLAN_IO &&
        op->kind != SKEL_PLAN_FILEOP)
        e->standin = 1;
    if ((rc = peer_index(e, op, &y->peer, &r->peer)) != SKEL_OK)
        return rc;
    if (y->ngroup > 0) {
        /* MPI_Win_post, MPI_Win_start: count is the first of the group's
         * rcount members in group_rows, each a peer index. */
        r->count = (int)e->ngroupm;
        r->rcount = (int)y->ngroup;
        for (uint32_t m = 0; m < y->ngroup; m++) {
            int pi;
            if ((rc = peer_index(e, op, &y->group[m], &pi)) != SKEL_OK)
                return rc;
            rows_add(&e->groups, "%d,", pi);
        }
        if ((uint64_t)e->ngroupm + y->ngroup > INT32_MAX)
            return op_fail(e, op, SKEL_ERANGE, "too many group members in one skeleton");
        e->ngroupm += y->ngroup;
    }
    if (op->kind != SKEL_PLAN_RMA && op->kind != SKEL_PLAN_IO)
        return SKEL_OK;
    if (op->kind == SKEL_PLAN_IO && ((y->side[0].flags | y->side[1].flags) & SKEL_EVF_REWRITE))
        r->flags |= OPF_REWRITE;
    if ((rc = int_count(e, op, op->count[0], &r->count)) != SKEL_OK ||
        (rc = need(e, op, &e->mbuf, (uint64_t)op->count[0])) != SKEL_OK ||
        (rc = need(e, op, &e->rbuf, (uint64_t)op->count[0])) != SKEL_OK)
        return rc;
    uint64_t *most = op->kind == SKEL_PLAN_RMA ? &e->winbytes : &e->iobytes;
    if ((uint64_t)op->count[0] > *most)
        *most = (uint64_t)op->count[0];
    return SKEL_OK;
}

static int fill_op(struct emitter *e, const skel_plan_op *op)
{
    const skel_plan *p = e->p;
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    struct oprow r = {.form = "SKEL_F_COMPUTE", .comm = op->comm != SKEL_SIG_NONE ? op->comm : 0};
    int rc;
    const skel_sig_dist *cd = y->compute_cpu.count > 0 ? &y->compute_cpu : &y->compute;
    if (cd->mean > 0) {
        int32_t di = 0;
        if ((rc = dist_index(e, op->sym, &di)) != SKEL_OK)
            return rc;
        r.dist = di + 1;
        r.w = op->w < p->wden ? op->w : p->wden;
    }
    switch (op->kind) {
    case SKEL_PLAN_COMPUTE:
        rc = SKEL_OK;
        break;
    case SKEL_PLAN_SEND:
    case SKEL_PLAN_ISEND:
    case SKEL_PLAN_RECV:
    case SKEL_PLAN_IRECV:
    case SKEL_PLAN_SENDRECV:
    case SKEL_PLAN_PROBE:
    case SKEL_PLAN_PSEND:
    case SKEL_PLAN_PRECV:
    case SKEL_PLAN_MPROBE:
    case SKEL_PLAN_MRECV:
        rc = fill_p2p(e, op, &r);
        break;
    case SKEL_PLAN_START:
    case SKEL_PLAN_REQFREE:
    case SKEL_PLAN_CANCEL:
        fill_start(e, op, &r);
        rc = SKEL_OK;
        break;
    case SKEL_PLAN_WAIT:
    case SKEL_PLAN_TEST:
        rc = fill_wait(e, op, &r);
        break;
    case SKEL_PLAN_COLL:
    case SKEL_PLAN_ICOLL:
        rc = fill_collective(e, op, &r);
        break;
    case SKEL_PLAN_COMM:
        fill_comm(e, op, &r);
        rc = SKEL_OK;
        break;
    case SKEL_PLAN_COMMFREE:
        r.form = "SKEL_F_COMMFREE";
        rc = SKEL_OK;
        break;
    default:
        rc = skel_plan_kind_is_object(op->kind)
                 ? fill_object(e, op, &r)
                 : op_fail(e, op, SKEL_EINTERNAL, "unknown operation kind");
        break;
    }
    if (rc != SKEL_OK)
        return rc;
    if (p->mode == SKEL_PLAN_EPOCHS)
        r.flags |= (op->delim ? OPF_DELIM : 0) | (op->always ? OPF_ALWAYS : 0);
    if (op->thin)
        r.flags |= OPF_THIN;
    skel_tpl_dict *d = skel_tpl_add(e->root, "ops");
    set_row(d, &r);
    const char *what = op->kind == SKEL_PLAN_COMPUTE ? "compute" : skel_call_name(op->call);
    if (op->w >= p->wden)
        skel_tpl_setf(d, "comment", "%u: %s, symbol %u", op->id, what, op->sym);
    else
        skel_tpl_setf(d, "comment", "%u: %s, symbol %u x %.4g", op->id, what, op->sym,
                      (double)op->w / (double)p->wden);
    return SKEL_OK;
}

/* Sequences as rows of skel_items and skel_seqs; each class's top. */
static int fill_seqs(struct emitter *e)
{
    const skel_plan *p = e->p;
    struct rows items, seqs;
    rows_init(&items, e->root, "item_rows", 6);
    rows_init(&seqs, e->root, "seq_rows", 8);
    uint64_t first = 0;
    for (uint32_t i = 0; i < p->nseqs; i++) {
        const skel_plan_seq *q = &p->seqs[i];
        if (first > INT_MAX)
            break;
        rows_add(&seqs, "{%llu, %u},", (unsigned long long)first, q->n);
        /* A loop met at weight w < 1 pays its first iteration's excess whole
         * where the application paid it once per w of the skeleton's: the
         * skeleton measures it and reports 1 - w of it less (skel_run()). */
        double share = q->w < p->wden ? 1.0 - (double)q->w / (double)p->wden : 0.0;
        for (uint32_t j = 0; j < q->n; j++) {
            int loop = q->items[j].kind == SKEL_PLAN_ITEM_LOOP;
            rows_add(&items, "{%d, %u, %llu, %.9g},", loop, q->items[j].ref,
                     (unsigned long long)q->items[j].count,
                     loop && q->items[j].count >= 2 ? share : 0.0);
        }
        first += q->n;
    }
    int rc = rows_end(&items), rc2 = rows_end(&seqs);
    if (first > INT_MAX)
        return skel_fail(SKEL_ERANGE, "the skeleton would have more than %d sequence items",
                         INT_MAX);
    if (rc != SKEL_OK || rc2 != SKEL_OK)
        return rc != SKEL_OK ? rc : rc2;
    skel_tpl_list(e->root, "classes");
    for (uint32_t c = 0; c < p->sig->nclasses; c++) {
        skel_tpl_dict *d = skel_tpl_add(e->root, "classes");
        skel_tpl_setf(d, "id", "%u", c);
        skel_tpl_setf(d, "top", "%u", p->classes[c].top);
    }
    return SKEL_OK;
}

/* "0-3,5,7-8" */
static void rank_ranges(const uint32_t *r, uint32_t n, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < n && o + 24 < cap;) {
        uint32_t j = i;
        while (j + 1 < n && r[j + 1] == r[j] + 1)
            j++;
        o += (size_t)(j > i ? snprintf(buf + o, cap - o, "%s%u-%u", i ? "," : "", r[i], r[j])
                            : snprintf(buf + o, cap - o, "%s%u", i ? "," : "", r[i]));
        i = j + 1;
    }
}

static int fill_meta(struct emitter *e, const struct skel_codegen_opts *o,
                     const struct skel_codegen_report *rep)
{
    const skel_plan *p = e->p;
    const skel_signature *s = e->s;
    skel_tpl_dict *root = e->root;
    skel_tpl_setf(root, "nclasses", "%u", s->nclasses);
    skel_tpl_setf(root, "eager", "%llu", (unsigned long long)o->eager_bytes);
    skel_tpl_setf(root, "app_s", "%.9g", rep->app_s);
    skel_tpl_setf(root, "model_s", "%.9g", rep->model_s);
    skel_tpl_setf(root, "residue", "%.6f", rep->residue);
    skel_tpl_setf(root, "shortest_s", "%.9g", rep->shortest_good_s);
    uint64_t full = UINT64_MAX;
    for (uint32_t c = 0; c < s->nclasses; c++)
        if (p->classes[c].dominant_total > 0 && p->classes[c].dominant_full < full)
            full = p->classes[c].dominant_full;
    skel_tpl_setf(root, "dominant_full", "%llu",
                  (unsigned long long)(full == UINT64_MAX ? 0 : full));
    skel_tpl_list(root, "classinfo");
    char *rb = malloc((size_t)s->nranks * 24 + 32);
    if (rb == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_plan_class *pc = &p->classes[c];
        skel_tpl_dict *d = skel_tpl_add(root, "classinfo");
        rank_ranges(s->classes[c].ranks, s->classes[c].nranks, rb, (size_t)s->nranks * 24 + 32);
        skel_tpl_setf(d, "id", "%u", c);
        skel_tpl_set(d, "ranks", rb);
        skel_tpl_setf(d, "ops", "%llu", (unsigned long long)pc->ops);
        skel_tpl_setf(d, "model_s", "%.9g", pc->model_ns / 1e9);
        skel_tpl_setf(d, "residue", "%.6f", pc->model_ns > 0 ? pc->residue_ns / pc->model_ns : 0);
        skel_tpl_setf(d, "dominant_total", "%llu", (unsigned long long)pc->dominant_total);
        skel_tpl_setf(d, "dominant_full", "%llu", (unsigned long long)pc->dominant_full);
    }
    free(rb);
    /* Expected calls per rank: the class's, MPI_Init and MPI_Finalize. */
    skel_tpl_list(root, "expects");
    for (uint32_t r = 0; r < s->nranks; r++) {
        const skel_plan_class *pc = &p->classes[s->ranks[r].cls];
        skel_plan_count extra[2] = {{p->init_call, 1}, {SKEL_CALL_MPI_Finalize, 1}};
        for (int k = 0; k < 2; k++) {
            skel_tpl_dict *d = skel_tpl_add(root, "expects");
            skel_tpl_setf(d, "rank", "%u", r);
            skel_tpl_set(d, "call", skel_call_name(extra[k].call));
            skel_tpl_setf(d, "count", "%llu", (unsigned long long)extra[k].n);
        }
        for (uint32_t i = 0; i < pc->ncounts; i++) {
            skel_tpl_dict *d = skel_tpl_add(root, "expects");
            skel_tpl_setf(d, "rank", "%u", r);
            skel_tpl_set(d, "call", skel_call_name(pc->counts[i].call));
            skel_tpl_setf(d, "count", "%llu", (unsigned long long)pc->counts[i].n);
        }
    }
    return SKEL_OK;
}

/* The application's command line, for --help: an escaped literal. */
static int fill_app(struct emitter *e)
{
    const skel_signature *s = e->s;
    size_t len = 1;
    for (uint32_t i = 0; i < s->argc; i++)
        len += strlen(s->argv[i] != NULL ? s->argv[i] : "") + 1;
    char *cmd = malloc(len);
    if (cmd == NULL)
        return skel_oom();
    size_t off = 0;
    cmd[0] = '\0';
    for (uint32_t i = 0; i < s->argc; i++)
        off +=
            (size_t)sprintf(cmd + off, "%s%s", i ? " " : "", s->argv[i] != NULL ? s->argv[i] : "");
    char *lit = skel_cstr_literal(cmd, 4096);
    free(cmd);
    if (lit == NULL)
        return skel_oom();
    skel_tpl_set(e->root, "app_literal", lit);
    free(lit);
    return SKEL_OK;
}

static int fill_header(struct emitter *e, const struct skel_codegen_opts *o,
                       const struct skel_codegen_report *rep)
{
    const skel_plan *p = e->p;
    const skel_signature *s = e->s;
    skel_tpl_dict *root = e->root;
    char num[48];
    int rc;
    skel_tpl_set(root, "version", o->version != NULL ? o->version : "0");
    /* The MPI it is built with: words for a Makefile and skeleton.meta. */
    const char *mpi[3][2] = {{"mpi", o->mpi != NULL ? o->mpi : "mpich"},
                             {"mpicc", o->mpicc != NULL ? o->mpicc : "mpicc.mpich"},
                             {"mpiexec", o->mpiexec != NULL ? o->mpiexec : "mpiexec.mpich"}};
    for (int i = 0; i < 3; i++) {
        const char *v = mpi[i][1];
        if (v[0] == '\0' || strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "0123456789_.+-/") != strlen(v))
            return skel_fail(SKEL_EUSAGE,
                             "%s '%s': expected a program or MPI name (letters, digits, _.+-/)",
                             mpi[i][0], v);
        skel_tpl_set(root, mpi[i][0], v);
    }
    if ((rc = skel_cstr_double(rep->k, num, sizeof num)) != SKEL_OK)
        return rc;
    skel_tpl_set(root, "k", num);
    skel_tpl_setf(root, "k_text", "%.10g", rep->k);
    if ((rc = skel_cstr_double(rep->expected_s, num, sizeof num)) != SKEL_OK)
        return rc;
    skel_tpl_set(root, "expected_s", num);
    skel_tpl_setf(root, "expected_text", "%.9g", rep->expected_s);
    skel_tpl_set(root, "mode", skel_plan_mode_name(p->mode));
    skel_tpl_setf(root, "epochs", "%d", p->mode == SKEL_PLAN_EPOCHS);
    if ((rc = fill_epochs(root, p)) != SKEL_OK)
        return rc;
    skel_tpl_setf(root, "nranks", "%u", s->nranks);
    skel_tpl_setf(root, "nslots", "%u", p->nslots);
    skel_tpl_setf(root, "ncomms", "%u", s->ncomms ? s->ncomms : 1);
    skel_tpl_setf(root, "ring", "%u", p->ring);
    skel_tpl_setf(root, "bsend_bytes", "%llu", (unsigned long long)p->bsend_bytes);
    skel_tpl_setf(root, "bsend_msgs", "%llu", (unsigned long long)p->bsend_msgs);
    skel_tpl_setf(root, "wden", "%llu", (unsigned long long)p->wden);
    skel_tpl_setf(root, "wtop", "%llu", (unsigned long long)p->wtop);
    skel_tpl_setf(root, "thin", "%d", p->mode == SKEL_PLAN_THIN);
    skel_tpl_setf(root, "thin_tags", "%d", p->thin_tags);
    skel_tpl_setf(root, "seed", "%llu", (unsigned long long)o->seed);
    /* Whether the trace behind the signature was whole (skeleton.meta). */
    skel_tpl_set(root, "complete", s->partial == NULL ? "1" : "0");
    skel_tpl_set_bool(root, "partial", s->partial != NULL);
    skel_tpl_set(root, "partial_reason", s->partial != NULL ? s->partial : "");
    skel_tpl_setf(root, "nops", "%u", p->nops);
    skel_tpl_set_bool(root, "init_thread", p->init_call == SKEL_CALL_MPI_Init_thread);
    return fill_app(e);
}

/* The working-set classes: which the skeleton calibrates, and their sizes
 * (for skeleton.meta). */
static void fill_ws(struct emitter *e)
{
    char used[4 * WS_CLASSES + 1];
    size_t n = 0;
    int top = 0;
    skel_tpl_list(e->root, "ws_classes");
    for (int c = 0; c < WS_CLASSES; c++) {
        n += (size_t)snprintf(used + n, sizeof used - n, "%s%d", c ? ", " : "", e->ws_used[c]);
        if (c > 0 && e->ws_used[c]) {
            skel_tpl_setf(skel_tpl_add(e->root, "ws_classes"), "kib", "%llu",
                          (unsigned long long)((WS_BASE << c) >> 10));
            top = c;
        }
    }
    skel_tpl_set(e->root, "ws_used", used);
    skel_tpl_setf(e->root, "ws_nclasses", "%d", WS_CLASSES);
    skel_tpl_setf(e->root, "ws_base", "%llu", (unsigned long long)WS_BASE);
    skel_tpl_setf(e->root, "ws_pool_bytes", "%llu",
                  top > 0 ? (unsigned long long)(WS_BASE << top) : 0ull);
}

static int fill(struct emitter *e, const struct skel_codegen_opts *o,
                const struct skel_codegen_report *rep)
{
    const skel_plan *p = e->p;
    skel_tpl_dict *root = e->root;
    int rc;
    if ((rc = fill_header(e, o, rep)) != SKEL_OK || (rc = fill_comms(e)) != SKEL_OK)
        return rc;
    skel_tpl_list(root, "dists");
    skel_tpl_list(root, "ops");
    rows_init(&e->links, root, "link_rows", 8);
    rows_init(&e->qvals, root, "qval_rows", 6);
    rows_init(&e->groups, root, "group_rows", 16);
    for (uint32_t i = 0; i < p->nops && rc == SKEL_OK; i++)
        rc = fill_op(e, &p->ops[i]);
    int rl = rows_end(&e->links), rq = rows_end(&e->qvals), rg = rows_end(&e->groups);
    if (rc != SKEL_OK || (rc = rl) != SKEL_OK || (rc = rq) != SKEL_OK || (rc = rg) != SKEL_OK ||
        (rc = fill_seqs(e)) != SKEL_OK)
        return rc;
    skel_tpl_setf(root, "ngroupm", "%u", e->ngroupm);
    struct rows peers;
    fill_peers(e, &peers);
    if ((rc = rows_end(&peers)) != SKEL_OK)
        return rc;
    skel_tpl_list(root, "dtypes");
    for (uint32_t i = 0; i < e->ndtypes; i++) {
        skel_tpl_dict *d = skel_tpl_add(root, "dtypes");
        skel_tpl_setf(d, "size", "%u", (uint32_t)e->dtypes[i]);
        unsigned cls = (unsigned)(e->dtypes[i] >> 32) & 15u;
        skel_tpl_setf(d, "run", "%llu",
                      (unsigned long long)skel_evf_block_bytes(cls << SKEL_EVF_BLOCK_SHIFT));
        skel_tpl_set(d, "unit", (e->dtypes[i] & TYPE_WIDE) ? "8" : "1");
    }
    skel_tpl_setf(root, "ntypes", "%u", e->ndtypes + 1);
    skel_tpl_setf(root, "maxreq", "%u", e->maxreq ? e->maxreq : 1);
    skel_tpl_setf(root, "mbuf_bytes", "%llu", (unsigned long long)(e->mbuf + 64));
    skel_tpl_setf(root, "pbuf_bytes", "%llu", (unsigned long long)(e->pbuf + 64));
    skel_tpl_setf(root, "xbuf_bytes", "%llu", (unsigned long long)(e->xbuf + 64));
    skel_tpl_setf(root, "sbuf_bytes", "%llu", (unsigned long long)(e->sbuf + 64));
    skel_tpl_setf(root, "rbuf_bytes", "%llu", (unsigned long long)(e->rbuf + 64));
    skel_tpl_setf(root, "nobjs", "%u", e->nobjs);
    skel_tpl_set(root, "standin_win", e->standin ? "1" : "0");
    skel_tpl_setf(root, "win_bytes", "%llu", (unsigned long long)(e->winbytes + 64));
    /* Each rank's region of a file: whole pages, so that ranks never share one. */
    skel_tpl_setf(root, "io_bytes", "%llu",
                  (unsigned long long)((e->iobytes + 4095) / 4096 * 4096 + 4096));
    fill_ws(e);
    return fill_meta(e, o, rep);
}

/* Per symbol, how many times a member of its class makes the symbol's
 * compute at full weight (a drawn phase, not a scaled one) in one repeat of
 * the skeleton: the stratified draws' last block then has as many strata as
 * phases are left (skeleton.c.tmpl, skel_draw()).  A seq's executions are
 * its parents' times their loops' counts; a seq is built after the bodies
 * it holds (plan.c, build_seq()), so walking the seqs from the last one
 * reaches every parent before its bodies.  0 where the count is not known:
 * mode epochs leaves whole epochs out at run time, and counts past 2^62
 * saturate. */
#define FULL_MAX (UINT64_C(1) << 62)
static int full_draws(struct emitter *e)
{
    const skel_plan *p = e->p;
    uint64_t *execs = calloc(p->nseqs + 1, sizeof *execs);
    e->full_draws = calloc(e->s->nsymbols + 1, sizeof *e->full_draws);
    if (execs == NULL || e->full_draws == NULL) {
        free(execs);
        return skel_oom();
    }
    if (p->mode == SKEL_PLAN_EPOCHS) {
        free(execs);
        return SKEL_OK;
    }
    for (uint32_t c = 0; c < e->s->nclasses; c++)
        if (p->classes[c].top < p->nseqs)
            execs[p->classes[c].top] = 1;
    for (uint32_t i = p->nseqs; i-- > 0;) {
        const skel_plan_seq *q = &p->seqs[i];
        uint64_t x = execs[i];
        for (uint32_t j = 0; j < q->n && x > 0; j++) {
            const skel_plan_item *it = &q->items[j];
            uint64_t add = it->count > 0 && x > FULL_MAX / it->count ? FULL_MAX : x * it->count;
            uint64_t *to;
            if (it->kind == SKEL_PLAN_ITEM_LOOP) {
                if (it->ref >= i) /* not built before its parent: the count is unknown */
                    goto unknown;
                to = &execs[it->ref];
            } else {
                const skel_plan_op *op = &p->ops[it->ref];
                if (op->w < p->wden || op->sym >= e->s->nsymbols)
                    continue;
                to = &e->full_draws[op->sym];
            }
            *to = *to > FULL_MAX - add ? FULL_MAX : *to + add;
        }
    }
    for (uint32_t y = 0; y < e->s->nsymbols; y++)
        if (e->full_draws[y] >= FULL_MAX)
            e->full_draws[y] = 0;
    free(execs);
    return SKEL_OK;
unknown:
    memset(e->full_draws, 0, (e->s->nsymbols + 1) * sizeof *e->full_draws);
    free(execs);
    return SKEL_OK;
}

int skel_emit(const skel_plan *p, const struct skel_codegen_opts *o,
              const struct skel_codegen_report *rep, skel_tpl_dict *root)
{
    const skel_signature *s = p->sig;
    struct emitter e = {.p = p, .s = s, .root = root};
    e.dist_of = malloc((s->nsymbols + 1) * sizeof *e.dist_of);
    if (e.dist_of == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < s->nsymbols; i++)
        e.dist_of[i] = -1;
    int rc = ws_floors(&e);
    if (rc == SKEL_OK)
        rc = full_draws(&e);
    if (rc == SKEL_OK)
        rc = fill(&e, o, rep);
    free(e.links.buf);
    free(e.qvals.buf);
    free(e.groups.buf);
    free(e.dist_of);
    free(e.full_draws);
    free(e.ws_floor);
    free(e.dtypes);
    free(e.dtab);
    free(e.peers);
    free(e.ptab);
    return rc;
}
