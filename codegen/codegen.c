/* codegen.c - plan, check, fill the templates, write the skeleton (codegen.h).
 *
 * The emitter's only job is to turn the plan into template values: numbers
 * (range-checked), C expressions assembled from generated identifiers and
 * those numbers, and escaped string literals.  All C text of the skeleton
 * lives in templates/. */
#include "codegen.h"

#include "afile.h"
#include "cstr.h"
#include "error.h"
#include "plan.h"
#include "sim.h"
#include "template.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NQ             33           /* quantiles per compute distribution */
#define MAX_BUFFER     (1ull << 30) /* largest send or receive buffer of a skeleton */
#define MAX_COMPUTE_NS 1e15         /* longest compute phase accepted (11 days) */
#define MAX_POLL_NS    1e8          /* longest sleep between two tests of a poll loop */
#define ROW            16           /* numbers per line in tables */

static const char *const template_names[3] = {"skeleton.c.tmpl", "Makefile.tmpl",
                                              "skeleton.meta.tmpl"};
static const char *const output_names[3] = {"skeleton.c", "Makefile", "skeleton.meta"};

void skel_codegen_defaults(struct skel_codegen_opts *o)
{
    memset(o, 0, sizeof *o);
    o->k = 10;
    o->mode = SKEL_CODEGEN_AUTO;
    o->seed = 1;
    o->templates = "templates";
    o->version = "0";
}

double skel_codegen_app_seconds(const skel_signature *s)
{
    return skel_plan_app_ns(s) / 1e9;
}

int skel_codegen_k_for_seconds(const skel_signature *s, double seconds, double *k)
{
    if (!(seconds > 0) || seconds > 1e9)
        return skel_fail(SKEL_ERANGE, "target time %g s is out of range", seconds);
    double app = skel_codegen_app_seconds(s);
    if (!(app > 0))
        return skel_fail(SKEL_ERANGE, "the signature records no run time to scale from");
    double x = app / seconds;
    *k = x < 1 ? 1 : x > 1e9 ? 1e9 : x;
    return SKEL_OK;
}

void skel_codegen_report_free(struct skel_codegen_report *rep)
{
    if (rep == NULL)
        return;
    free(rep->classes);
    rep->classes = NULL;
    rep->nclasses = 0;
}

/* ------------------------------------------------------------------------ */
/* The emitter */

struct emitter {
    const skel_plan *p;
    const skel_signature *s;
    skel_tpl_dict *root;
    uint32_t dtypes[64]; /* distinct datatype sizes > 1 */
    uint32_t ndtypes;
    int32_t *dist_of; /* symbol -> index in dists, -1 */
    uint32_t ndists;
    uint64_t sbuf, rbuf; /* bytes */
    uint32_t maxreq;
};

static int op_fail(const struct emitter *e, const skel_plan_op *op, int code, const char *what)
{
    char d[320];
    return skel_fail(code, "%s: %s", skel_plan_describe(e->s, op->sym, d, sizeof d), what);
}

/* An element count passed to MPI as an int. */
static int int_count(const struct emitter *e, const skel_plan_op *op, int64_t v, char *buf,
                     size_t cap)
{
    if (v < 0 || v > INT_MAX)
        return op_fail(e, op, SKEL_ERANGE, "element count out of the range of an MPI count");
    snprintf(buf, cap, "%lld", (long long)v);
    return SKEL_OK;
}

static const char *type_expr(struct emitter *e, uint32_t dtsize, char *buf, size_t cap)
{
    if (dtsize <= 1)
        return "MPI_BYTE";
    uint32_t i;
    for (i = 0; i < e->ndtypes; i++)
        if (e->dtypes[i] == dtsize)
            break;
    if (i == e->ndtypes && e->ndtypes < sizeof e->dtypes / sizeof e->dtypes[0])
        e->dtypes[e->ndtypes++] = dtsize;
    if (i == sizeof e->dtypes / sizeof e->dtypes[0])
        return "MPI_BYTE"; /* cannot happen with sane signatures: caught by the caller */
    snprintf(buf, cap, "skel_dt_%u", dtsize);
    return buf;
}

/* Reduction datatype, element count in it, and operation for a reduction of
 * count elements of dtsize bytes (predefined types support the predefined
 * operations; user operations become MPI_SUM). */
static void reduction(uint32_t dtsize, int64_t count, int op, const char **type, int64_t *n,
                      const char **opname)
{
    static const char *const ops[SKEL_OP__COUNT] = {
        [SKEL_OP_SUM] = "MPI_SUM",       [SKEL_OP_PROD] = "MPI_PROD",
        [SKEL_OP_MAX] = "MPI_MAX",       [SKEL_OP_MIN] = "MPI_MIN",
        [SKEL_OP_LAND] = "MPI_LAND",     [SKEL_OP_BAND] = "MPI_BAND",
        [SKEL_OP_LOR] = "MPI_LOR",       [SKEL_OP_BOR] = "MPI_BOR",
        [SKEL_OP_LXOR] = "MPI_LXOR",     [SKEL_OP_BXOR] = "MPI_BXOR",
        [SKEL_OP_MAXLOC] = "MPI_MAXLOC", [SKEL_OP_MINLOC] = "MPI_MINLOC"};
    *opname = op > 0 && op < SKEL_OP__COUNT && ops[op] != NULL ? ops[op] : "MPI_SUM";
    int64_t bytes = count * (int64_t)(dtsize ? dtsize : 1);
    if (op == SKEL_OP_MAXLOC || op == SKEL_OP_MINLOC) {
        *type = "MPI_2INT";
        *n = (bytes + 7) / 8;
        return;
    }
    uint32_t unit = dtsize % 8 == 0 ? 8 : dtsize % 4 == 0 ? 4 : dtsize % 2 == 0 ? 2 : 1;
    *type = unit == 8   ? "MPI_LONG_LONG"
            : unit == 4 ? "MPI_INT"
            : unit == 2 ? "MPI_SHORT"
                        : "MPI_UNSIGNED_CHAR";
    *n = bytes / unit;
}

static int peer_expr(const struct emitter *e, const skel_plan_op *op, const skel_sig_peer *pe,
                     char *buf, size_t cap)
{
    uint32_t slot = op->comm;
    switch (pe->kind) {
    case SKEL_SIG_PEER_ANY:
        snprintf(buf, cap, "MPI_ANY_SOURCE");
        break;
    case SKEL_SIG_PEER_NULL:
    case SKEL_SIG_PEER_NONE:
        snprintf(buf, cap, "MPI_PROC_NULL");
        break;
    case SKEL_SIG_PEER_ABS:
        if (pe->value < 0 || (uint32_t)pe->value >= e->s->nranks)
            return op_fail(e, op, SKEL_ERANGE, "absolute peer out of range");
        snprintf(buf, cap, "%d", pe->value);
        break;
    case SKEL_SIG_PEER_REL:
        snprintf(buf, cap, "skel_rel(%u, %d)", slot, pe->value);
        break;
    case SKEL_SIG_PEER_MOD:
        snprintf(buf, cap, "skel_mod(%u, %d)", slot, pe->value);
        break;
    case SKEL_SIG_PEER_CART: {
        size_t o = (size_t)snprintf(buf, cap, "skel_cart(%u, (const int[]){", slot);
        for (uint32_t i = 0; i < pe->ndims && i < SKEL_SIG_MAXDIMS && o < cap; i++)
            o += (size_t)snprintf(buf + o, cap - o, "%s%d", i ? ", " : "", pe->vec[i]);
        if (o < cap)
            snprintf(buf + o, cap - o, "})");
        break;
    }
    case SKEL_SIG_PEER_REPLY:
        snprintf(buf, cap, "skel_reply(%u)", slot);
        break;
    default:
        return op_fail(e, op, SKEL_EUNSUPPORTED, "unsupported peer encoding");
    }
    return SKEL_OK;
}

static void tag_expr(const skel_plan *p, int32_t tag, char *buf, size_t cap)
{
    if (tag == SKEL_TAG_ANY)
        snprintf(buf, cap, "MPI_ANY_TAG");
    else if (tag < 0)
        snprintf(buf, cap, "0");
    else
        snprintf(buf, cap, "%d", skel_plan_tag(p, tag));
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

/* A distribution as NQ quantiles scaled so that their mean (trapezoids) is
 * d's exact mean, or its mean alone (*n = 1) when it has no spread. */
static void quantiles(const skel_sig_dist *d, double v[NQ], int *n)
{
    *n = 1;
    v[0] = d->mean;
    if (!(d->count > 2 && d->max > d->min && d->sketch.count > 0))
        return;
    double m = 0;
    for (int i = 0; i < NQ; i++) {
        v[i] = skel_sig_dist_quantile(d, (double)i / (NQ - 1));
        if (!(v[i] >= 0) || v[i] > MAX_COMPUTE_NS)
            v[i] = d->mean;
        m += (i == 0 || i == NQ - 1) ? v[i] / 2 : v[i];
    }
    m /= NQ - 1;
    if (m > 0) {
        for (int i = 0; i < NQ; i++)
            v[i] *= d->mean / m;
        *n = NQ;
    } else {
        v[0] = d->mean;
    }
}

static int join_values(const double *v, int n, char **out)
{
    char *vals = malloc((size_t)(n > 0 ? n : 1) * 32 + 1);
    if (vals == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    size_t o = 0;
    int rc = SKEL_OK;
    vals[0] = '\0';
    for (int i = 0; i < n && rc == SKEL_OK; i++) {
        char num[40];
        if ((rc = skel_cstr_double(v[i], num, sizeof num)) == SKEL_OK)
            o += (size_t)sprintf(vals + o, "%s%s", i ? ", " : "", num);
    }
    if (n == 0)
        sprintf(vals, "0");
    if (rc != SKEL_OK) {
        free(vals);
        return rc;
    }
    *out = vals;
    return SKEL_OK;
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
    return y->compute_cpu.count > 0 && off_mean >= 5000.0 && off_mean >= y->compute_cpu.mean &&
           y->compute.mean <= MAX_COMPUTE_NS;
}

static int dist_index(struct emitter *e, uint32_t sym, int32_t *out)
{
    if (e->dist_of[sym] >= 0) {
        *out = e->dist_of[sym];
        return SKEL_OK;
    }
    const skel_sig_symbol *y = &e->s->symbols[sym];
    int have_cpu = y->compute_cpu.count > 0;
    const skel_sig_dist *d = have_cpu ? &y->compute_cpu : &y->compute;
    double v[NQ], off[NQ];
    int n = 1, noff = 0;
    if (!(d->mean >= 0) || d->mean > MAX_COMPUTE_NS) {
        char b[320];
        return skel_fail(SKEL_ERANGE, "%s: mean compute time %g ns out of range",
                         skel_plan_describe(e->s, sym, b, sizeof b), d->mean);
    }
    quantiles(d, v, &n);
    double off_mean = have_cpu ? y->compute.mean - y->compute_cpu.mean : 0;
    if (off_cpu(y)) {
        double w[NQ];
        int nw = 1;
        quantiles(&y->compute, w, &nw);
        double m = 0;
        noff = nw > 1 || n > 1 ? NQ : 1;
        for (int i = 0; i < noff; i++) {
            double a = w[nw > 1 ? i : 0] - v[n > 1 ? i : 0];
            off[i] = a > 0 ? a : 0;
            m += noff == 1 ? off[i] : (i == 0 || i == noff - 1) ? off[i] / 2 : off[i];
        }
        if (noff > 1)
            m /= noff - 1;
        if (m > 0)
            for (int i = 0; i < noff; i++)
                off[i] *= off_mean / m;
        else
            noff = 0;
    }
    char *vals = NULL, *offvals = NULL;
    int rc = join_values(v, n, &vals);
    if (rc == SKEL_OK)
        rc = join_values(off, noff, &offvals);
    if (rc == SKEL_OK) {
        skel_tpl_dict *dd = skel_tpl_add(e->root, "dists");
        skel_tpl_setf(dd, "id", "%u", e->ndists);
        skel_tpl_setf(dd, "n", "%d", n);
        skel_tpl_setf(dd, "noff", "%d", noff);
        skel_tpl_setf(dd, "sym", "%u", sym);
        skel_tpl_set(dd, "values", vals);
        skel_tpl_set(dd, "offvalues", offvals);
        e->dist_of[sym] = (int32_t)e->ndists++;
        *out = e->dist_of[sym];
    }
    free(vals);
    free(offvals);
    return rc;
}

static const char *const form_flags[] = {"compute",     "waitfam",    "vcounts",
                                         "f_send",      "f_isend",    "f_recv",
                                         "f_irecv",     "f_sendrecv", "f_sendrecv_replace",
                                         "f_probe",     "f_iprobe",   "f_barrier",
                                         "f_bcast",     "f_reduce",   "f_allreduce",
                                         "f_gather",    "f_scatter",  "f_allgather",
                                         "f_gatherv",   "f_scatterv", "f_allgatherv",
                                         "f_alltoallv", "f_redscat",  "f_redscatblk",
                                         "f_comm",      "f_commfree"};

/* Largest size of the op's communicator over the members of its class. */
static uint32_t comm_size(const struct emitter *e, const skel_plan_op *op)
{
    const skel_signature *s = e->s;
    const skel_sig_class *cl = &s->classes[op->cls];
    uint32_t n = 1;
    for (uint32_t i = 0; i < cl->nranks; i++) {
        const skel_sig_rank *rk = &s->ranks[cl->ranks[i]];
        if (op->comm != SKEL_COMM_SELF && op->comm < rk->ncomms &&
            rk->comms[op->comm] < s->ncomms && s->comms[rk->comms[op->comm]].size > n)
            n = s->comms[rk->comms[op->comm]].size;
    }
    return n;
}

static int need(struct emitter *e, const skel_plan_op *op, uint64_t sb, uint64_t rb)
{
    if (sb > MAX_BUFFER || rb > MAX_BUFFER)
        return op_fail(e, op, SKEL_ERANGE, "needs a buffer larger than the skeleton's 1 GiB limit");
    if (sb > e->sbuf)
        e->sbuf = sb;
    if (rb > e->rbuf)
        e->rbuf = rb;
    return SKEL_OK;
}

static int fill_collective(struct emitter *e, const skel_plan_op *op, skel_tpl_dict *d)
{
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    const struct skel_call_info *ci = skel_call_info(y->call);
    uint32_t n = comm_size(e, op);
    int64_t U = op->ucount;
    uint32_t dt = op->udtsize ? op->udtsize : 1;
    char buf[64], tb[32], rootb[160];
    int rc;
    skel_tpl_set_bool(d, "nb", op->kind == SKEL_PLAN_ICOLL);
    skel_tpl_set(d, "fn", skel_call_name(op->call) + 4);
    skel_tpl_set(d, "sbuf", op->inplace[SKEL_SIG_SIDE_OTHER] ? "MPI_IN_PLACE" : "skel_sbuf");
    skel_tpl_set(d, "root_sbuf", op->inplace[SKEL_SIG_SIDE_ROOT] ? "MPI_IN_PLACE" : "skel_sbuf");
    skel_tpl_set(d, "root_rbuf", op->inplace[SKEL_SIG_SIDE_ROOT] ? "MPI_IN_PLACE" : "skel_rbuf");
    if (ci->rooted) {
        if ((rc = peer_expr(e, op, &y->root, rootb, sizeof rootb)) != SKEL_OK)
            return rc;
        skel_tpl_set(d, "root", rootb);
    }
    uint64_t ub = (uint64_t)U * dt;
    int reduce = 0;
    const char *flag = NULL;
    uint64_t sb = 0, rb = 0;
    switch (op->shape) {
    case SKEL_SHAPE_BARRIER:
        flag = "f_barrier";
        break;
    case SKEL_SHAPE_BCAST:
        flag = "f_bcast";
        rb = ub;
        break;
    case SKEL_SHAPE_REDUCE:
        flag = "f_reduce";
        reduce = 1;
        sb = rb = ub;
        break;
    case SKEL_SHAPE_ALLREDUCE:
    case SKEL_SHAPE_SCAN:
    case SKEL_SHAPE_EXSCAN:
        flag = "f_allreduce";
        reduce = 1;
        sb = rb = ub;
        break;
    case SKEL_SHAPE_GATHER:
        flag = "f_gather";
        sb = ub;
        rb = ub * n;
        break;
    case SKEL_SHAPE_SCATTER:
        flag = "f_scatter";
        sb = ub * n;
        rb = ub;
        break;
    case SKEL_SHAPE_ALLGATHER:
    case SKEL_SHAPE_ALLTOALL:
        flag = "f_allgather";
        sb = op->shape == SKEL_SHAPE_ALLTOALL ? ub * n : ub;
        rb = ub * n;
        break;
    case SKEL_SHAPE_GATHERV:
        flag = "f_gatherv";
        sb = ub;
        rb = ub * n;
        break;
    case SKEL_SHAPE_SCATTERV:
        flag = "f_scatterv";
        sb = ub * n;
        rb = ub;
        break;
    case SKEL_SHAPE_ALLGATHERV:
        flag = "f_allgatherv";
        sb = ub;
        rb = ub * n;
        break;
    case SKEL_SHAPE_ALLTOALLV: {
        flag = "f_alltoallv";
        int64_t own = op->count[0] > op->count[1] ? op->count[0] : op->count[1];
        if ((rc = int_count(e, op, own, buf, sizeof buf)) != SKEL_OK)
            return rc;
        skel_tpl_set(d, "own", buf);
        sb = (uint64_t)own * dt;
        rb = ub * n;
        break;
    }
    case SKEL_SHAPE_REDSCAT:
        flag = "f_redscat";
        reduce = 1;
        sb = ub * n;
        rb = ub;
        break;
    case SKEL_SHAPE_REDSCATBLK:
        flag = "f_redscatblk";
        reduce = 1;
        sb = ub * n;
        rb = ub;
        break;
    default:
        return op_fail(e, op, SKEL_EUNSUPPORTED, "unsupported collective");
    }
    if (op->shape == SKEL_SHAPE_GATHERV) {
        int64_t own = op->count[0] > op->count[1] ? op->count[0] : op->count[1];
        if (own > U)
            own = U;
        if ((rc = int_count(e, op, own, buf, sizeof buf)) != SKEL_OK)
            return rc;
        skel_tpl_set(d, "own", buf);
    }
    int64_t count = U;
    if (reduce) {
        const char *type, *opname;
        reduction(dt, U, y->op, &type, &count, &opname);
        skel_tpl_set(d, "type", type);
        skel_tpl_set(d, "op", opname);
    } else {
        skel_tpl_set(d, "type", type_expr(e, dt, tb, sizeof tb));
    }
    if ((rc = int_count(e, op, count, buf, sizeof buf)) != SKEL_OK)
        return rc;
    skel_tpl_set(d, "count", buf);
    int v = op->shape == SKEL_SHAPE_GATHERV || op->shape == SKEL_SHAPE_SCATTERV ||
            op->shape == SKEL_SHAPE_ALLGATHERV || op->shape == SKEL_SHAPE_ALLTOALLV ||
            op->shape == SKEL_SHAPE_REDSCAT;
    skel_tpl_set_bool(d, "vcounts", v);
    skel_tpl_set_bool(d, flag, 1);
    return need(e, op, sb + 64, rb + 64);
}

static const char *wait_name(unsigned call)
{
    switch (call) {
    case SKEL_CALL_MPI_Wait:
        return "WAIT";
    case SKEL_CALL_MPI_Waitall:
        return "WAITALL";
    case SKEL_CALL_MPI_Waitany:
        return "WAITANY";
    case SKEL_CALL_MPI_Waitsome:
        return "WAITSOME";
    case SKEL_CALL_MPI_Test:
        return "TEST";
    case SKEL_CALL_MPI_Testall:
        return "TESTALL";
    case SKEL_CALL_MPI_Testany:
        return "TESTANY";
    default:
        return "TESTSOME";
    }
}

static int fill_op(struct emitter *e, const skel_plan_op *op)
{
    const skel_plan *p = e->p;
    const skel_sig_symbol *y = &e->s->symbols[op->sym];
    skel_tpl_dict *d = skel_tpl_add(e->root, "ops");
    for (size_t i = 0; i < sizeof form_flags / sizeof form_flags[0]; i++)
        skel_tpl_set_bool(d, form_flags[i], 0);
    skel_tpl_setf(d, "id", "%u", op->id);
    if (op->w >= p->wden)
        skel_tpl_setf(d, "comment", "%s, symbol %u of class %u, unscaled",
                      op->kind == SKEL_PLAN_COMPUTE ? "compute before MPI_Finalize"
                                                    : skel_call_name(op->call),
                      op->sym, op->cls);
    else
        skel_tpl_setf(d, "comment", "%s, symbol %u of class %u, scaled by %.6g",
                      op->kind == SKEL_PLAN_COMPUTE ? "compute before MPI_Finalize"
                                                    : skel_call_name(op->call),
                      op->sym, op->cls, (double)op->w / (double)p->wden);
    int rc;
    const skel_sig_dist *cd = y->compute_cpu.count > 0 ? &y->compute_cpu : &y->compute;
    if (cd->mean > 0) {
        int32_t di = 0;
        if ((rc = dist_index(e, op->sym, &di)) != SKEL_OK)
            return rc;
        skel_tpl_set_bool(d, "compute", 1);
        skel_tpl_setf(d, "dist", "%d", di);
        skel_tpl_setf(d, "wnum", "%llu", (unsigned long long)(op->w < p->wden ? op->w : p->wden));
    }
    skel_tpl_setf(d, "comm", "%u", op->comm);
    char cnt[32], rcnt[32], tb[32], peer[160], peer2[160], tag[32], tag2[32];
    uint32_t dt = op->dtsize;
    switch (op->kind) {
    case SKEL_PLAN_COMPUTE:
        return SKEL_OK;
    case SKEL_PLAN_SEND:
    case SKEL_PLAN_ISEND:
        if ((rc = int_count(e, op, op->count[0], cnt, sizeof cnt)) != SKEL_OK ||
            (rc = peer_expr(e, op, &y->peer, peer, sizeof peer)) != SKEL_OK)
            return rc;
        tag_expr(p, y->tag, tag, sizeof tag);
        skel_tpl_set_bool(d, op->kind == SKEL_PLAN_SEND ? "f_send" : "f_isend", 1);
        skel_tpl_set(d, "fn", skel_call_name(op->call) + 4);
        skel_tpl_set(d, "count", cnt);
        skel_tpl_set(d, "type", type_expr(e, dt, tb, sizeof tb));
        skel_tpl_set(d, "peer", peer);
        skel_tpl_set(d, "tag", tag);
        return need(e, op, (uint64_t)op->count[0] * (dt ? dt : 1), 0);
    case SKEL_PLAN_RECV:
    case SKEL_PLAN_IRECV:
        if ((rc = int_count(e, op, op->rcap, cnt, sizeof cnt)) != SKEL_OK ||
            (rc = peer_expr(e, op, &y->peer, peer, sizeof peer)) != SKEL_OK)
            return rc;
        tag_expr(p, y->tag, tag, sizeof tag);
        skel_tpl_set_bool(d, op->kind == SKEL_PLAN_RECV ? "f_recv" : "f_irecv", 1);
        skel_tpl_set(d, "count", cnt);
        skel_tpl_set(d, "type", type_expr(e, dt, tb, sizeof tb));
        skel_tpl_set(d, "peer", peer);
        skel_tpl_set(d, "tag", tag);
        skel_tpl_set_bool(d, "any", y->peer.kind == SKEL_SIG_PEER_ANY);
        skel_tpl_setf(d, "anyslot", "%d", y->peer.kind == SKEL_SIG_PEER_ANY ? (int)op->comm : -1);
        return need(e, op, 0, (uint64_t)op->rcap * (dt ? dt : 1));
    case SKEL_PLAN_SENDRECV: {
        int replace = y->call == SKEL_CALL_MPI_Sendrecv_replace;
        if ((rc = int_count(e, op, op->count[0], cnt, sizeof cnt)) != SKEL_OK ||
            (rc = int_count(e, op, op->rcap, rcnt, sizeof rcnt)) != SKEL_OK ||
            (rc = peer_expr(e, op, &y->peer, peer, sizeof peer)) != SKEL_OK ||
            (rc = peer_expr(e, op, &y->peer2, peer2, sizeof peer2)) != SKEL_OK)
            return rc;
        tag_expr(p, y->tag, tag, sizeof tag);
        tag_expr(p, y->tag2, tag2, sizeof tag2);
        skel_tpl_set_bool(d, replace ? "f_sendrecv_replace" : "f_sendrecv", 1);
        skel_tpl_set(d, "count", cnt);
        skel_tpl_set(d, "rcount", rcnt);
        skel_tpl_set(d, "type", type_expr(e, dt, tb, sizeof tb));
        skel_tpl_set(d, "peer", peer);
        skel_tpl_set(d, "peer2", peer2);
        skel_tpl_set(d, "tag", tag);
        skel_tpl_set(d, "tag2", tag2);
        skel_tpl_set_bool(d, "any", y->peer2.kind == SKEL_SIG_PEER_ANY);
        uint64_t b = (uint64_t)(dt ? dt : 1);
        return need(e, op, (uint64_t)op->count[0] * b,
                    replace ? (uint64_t)op->count[0] * b : (uint64_t)op->rcap * b);
    }
    case SKEL_PLAN_PROBE:
        if ((rc = peer_expr(e, op, &y->peer, peer, sizeof peer)) != SKEL_OK)
            return rc;
        tag_expr(p, y->tag, tag, sizeof tag);
        skel_tpl_set_bool(d, y->call == SKEL_CALL_MPI_Probe ? "f_probe" : "f_iprobe", 1);
        skel_tpl_set(d, "peer", peer);
        skel_tpl_set(d, "tag", tag);
        skel_tpl_set_bool(d, "flag", op->flag);
        return SKEL_OK;
    case SKEL_PLAN_WAIT:
    case SKEL_PLAN_TEST: {
        char *links = malloc((size_t)y->nlinks * 32 + 32);
        if (links == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        size_t o = 0;
        uint32_t nl = y->nlinks;
        int completed = op->kind == SKEL_PLAN_WAIT || op->flag;
        for (uint32_t i = 0; i < y->nlinks; i++)
            o += (size_t)sprintf(links + o, "%s{%u, %u}", i ? ", " : "", y->links[i].dist,
                                 y->links[i].index);
        if (nl == 0) {
            /* A test the application made on a request the trace does not
             * name (it did not complete): test the latest one. */
            sprintf(links, "{%u, 0}", op->kind == SKEL_PLAN_TEST ? 1u : 0u);
            nl = 1;
            completed = 0;
        }
        skel_tpl_set_bool(d, "waitfam", 1);
        skel_tpl_set(d, "which", wait_name(y->call));
        skel_tpl_set(d, "links", links);
        skel_tpl_setf(d, "nlinks", "%u", nl);
        skel_tpl_setf(d, "nreq", "%u", op->nreq);
        /* A Test that completed after a phase spent mostly asleep: the
         * application polled with sleeps in between (see off_cpu()). */
        long poll = 0;
        if (completed && op->kind == SKEL_PLAN_TEST && off_cpu(y)) {
            double gap = y->compute.mean - y->compute_cpu.mean;
            poll = gap > MAX_POLL_NS ? (long)MAX_POLL_NS : (long)gap;
            completed = 2;
        }
        skel_tpl_setf(d, "completed", "%d", completed);
        skel_tpl_setf(d, "pollns", "%ld", poll);
        if (op->nreq > e->maxreq)
            e->maxreq = op->nreq;
        free(links);
        return SKEL_OK;
    }
    case SKEL_PLAN_COLL:
    case SKEL_PLAN_ICOLL:
        return fill_collective(e, op, d);
    case SKEL_PLAN_COMM: {
        static const char *const methods[] = {"0", "SKEL_NEW_DUP", "SKEL_NEW_CART",
                                              "SKEL_NEW_CART_KEYED", "SKEL_NEW_SPLIT"};
        uint32_t cart = 0;
        const skel_sig_class *cl = &e->s->classes[op->cls];
        for (uint32_t i = 0; i < cl->nranks; i++) {
            const skel_sig_rank *rk = &e->s->ranks[cl->ranks[i]];
            if (y->newcomm < rk->ncomms && rk->comms[y->newcomm] < e->s->ncomms) {
                cart = rk->comms[y->newcomm];
                break;
            }
        }
        skel_tpl_set_bool(d, "f_comm", 1);
        skel_tpl_setf(d, "slot", "%u", y->newcomm);
        skel_tpl_set(d, "method", methods[op->newcomm <= 4 ? op->newcomm : 4]);
        skel_tpl_setf(d, "cart", "%u", cart);
        return SKEL_OK;
    }
    case SKEL_PLAN_COMMFREE:
        skel_tpl_set_bool(d, "f_commfree", 1);
        return SKEL_OK;
    default:
        return op_fail(e, op, SKEL_EINTERNAL, "unknown operation kind");
    }
}

static void fill_seqs(struct emitter *e)
{
    const skel_plan *p = e->p;
    skel_tpl_list(e->root, "seqs");
    for (uint32_t i = 0; i < p->nseqs; i++) {
        const skel_plan_seq *q = &p->seqs[i];
        skel_tpl_dict *d = skel_tpl_add(e->root, "seqs");
        skel_tpl_setf(d, "id", "%u", q->id);
        if (q->block == p->sig->classes[q->cls].top)
            skel_tpl_setf(d, "comment", "the program of class %u, scaled by %.6g", q->cls,
                          (double)q->w / (double)p->wden);
        else if (q->w >= p->wden)
            skel_tpl_setf(d, "comment", "block %u of class %u: one full iteration", q->block,
                          q->cls);
        else
            skel_tpl_setf(d, "comment",
                          "block %u of class %u scaled by %.6g: the remainder "
                          "iterations, merged",
                          q->block, q->cls, (double)q->w / (double)p->wden);
        skel_tpl_list(d, "items");
        for (uint32_t j = 0; j < q->n; j++) {
            skel_tpl_dict *it = skel_tpl_add(d, "items");
            int op = q->items[j].kind == SKEL_PLAN_ITEM_OP;
            skel_tpl_set_bool(it, "is_op", op);
            skel_tpl_set_bool(it, "is_loop", !op);
            skel_tpl_setf(it, "op", "%u", q->items[j].ref);
            skel_tpl_setf(it, "body", "%u", q->items[j].ref);
            skel_tpl_setf(it, "count", "%llu", (unsigned long long)q->items[j].count);
        }
    }
    skel_tpl_list(e->root, "classes");
    for (uint32_t c = 0; c < p->sig->nclasses; c++) {
        skel_tpl_dict *d = skel_tpl_add(e->root, "classes");
        skel_tpl_setf(d, "id", "%u", c);
        skel_tpl_setf(d, "top", "%u", p->classes[c].top);
    }
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

static int fill(struct emitter *e, const struct skel_codegen_opts *o,
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
    if ((rc = skel_cstr_double(p->k, num, sizeof num)) != SKEL_OK)
        return rc;
    skel_tpl_set(root, "k", num);
    skel_tpl_setf(root, "k_text", "%.10g", p->k);
    if ((rc = skel_cstr_double(rep->expected_s, num, sizeof num)) != SKEL_OK)
        return rc;
    skel_tpl_set(root, "expected_s", num);
    skel_tpl_setf(root, "expected_text", "%.9g", rep->expected_s);
    skel_tpl_set(root, "mode", skel_plan_mode_name(p->mode));
    skel_tpl_setf(root, "nranks", "%u", s->nranks);
    skel_tpl_setf(root, "nslots", "%u", p->nslots);
    skel_tpl_setf(root, "ncomms", "%u", s->ncomms ? s->ncomms : 1);
    skel_tpl_setf(root, "ring", "%u", p->ring);
    skel_tpl_setf(root, "wden", "%llu", (unsigned long long)p->wden);
    skel_tpl_setf(root, "seed", "%llu", (unsigned long long)o->seed);
    skel_tpl_set_bool(root, "init_thread", p->init_call == SKEL_CALL_MPI_Init_thread);
    /* The application's command line, for --help: an escaped literal. */
    size_t len = 1;
    for (uint32_t i = 0; i < s->argc; i++)
        len += strlen(s->argv[i] != NULL ? s->argv[i] : "") + 1;
    char *cmd = malloc(len);
    if (cmd == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    size_t off = 0;
    cmd[0] = '\0';
    for (uint32_t i = 0; i < s->argc; i++)
        off +=
            (size_t)sprintf(cmd + off, "%s%s", i ? " " : "", s->argv[i] != NULL ? s->argv[i] : "");
    char *lit = skel_cstr_literal(cmd, 4096);
    free(cmd);
    if (lit == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    skel_tpl_set(root, "app_literal", lit);
    free(lit);
    if ((rc = fill_comms(e)) != SKEL_OK)
        return rc;
    skel_tpl_list(root, "dists");
    skel_tpl_list(root, "ops");
    for (uint32_t i = 0; i < p->nops; i++)
        if ((rc = fill_op(e, &p->ops[i])) != SKEL_OK)
            return rc;
    fill_seqs(e);
    if (e->ndtypes == sizeof e->dtypes / sizeof e->dtypes[0])
        return skel_fail(SKEL_ERANGE, "more than %u distinct datatype sizes",
                         (unsigned)(sizeof e->dtypes / sizeof e->dtypes[0]) - 1);
    skel_tpl_list(root, "dtypes");
    for (uint32_t i = 0; i < e->ndtypes; i++)
        skel_tpl_setf(skel_tpl_add(root, "dtypes"), "size", "%u", e->dtypes[i]);
    skel_tpl_setf(root, "maxreq", "%u", e->maxreq ? e->maxreq : 1);
    skel_tpl_setf(root, "sbuf_bytes", "%llu", (unsigned long long)(e->sbuf + 64));
    skel_tpl_setf(root, "rbuf_bytes", "%llu", (unsigned long long)(e->rbuf + 64));
    return fill_meta(e, o, rep);
}

/* ------------------------------------------------------------------------ */
/* Files */

static int mkdirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return skel_fail(SKEL_EUSAGE, "bad output directory '%s'", path);
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        char c = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return skel_fail(SKEL_EIO, "cannot create directory %s: %s", buf, strerror(errno));
        buf[i] = c;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return skel_fail(SKEL_EIO, "%s is not a directory", path);
    return SKEL_OK;
}

/* Write the three files together: none replaces its old version before all
 * are written whole (a full disk leaves the directory as it was). */
static int write_outputs(const char *dir, char *const text[3], const size_t len[3])
{
    skel_afile *af[3] = {NULL, NULL, NULL};
    int rc = SKEL_OK;
    for (int i = 0; i < 3 && rc == SKEL_OK; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, output_names[i]);
        if ((rc = skel_afile_open(path, &af[i])) == SKEL_OK)
            fwrite(text[i], 1, len[i], skel_afile_stream(af[i]));
    }
    if (rc == SKEL_OK)
        return skel_afile_commit_all(af, 3);
    for (int i = 0; i < 3; i++)
        skel_afile_abort(af[i]);
    return rc;
}

/* ------------------------------------------------------------------------ */

static void fill_report(const skel_plan *p, struct skel_codegen_report *rep)
{
    const skel_signature *s = p->sig;
    rep->k = p->k;
    rep->mode = p->mode;
    rep->app_s = p->app_ns / 1e9;
    rep->expected_s = rep->app_s / p->k;
    rep->ops = p->nops;
    rep->seqs = p->nseqs;
    double model = 0, res = 0, tot = 0;
    rep->shortest_good_s = 0;
    rep->too_short = 0;
    free(rep->classes);
    rep->classes = calloc(s->nclasses, sizeof *rep->classes);
    rep->nclasses = rep->classes != NULL ? s->nclasses : 0;
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_plan_class *pc = &p->classes[c];
        if (pc->model_ns / 1e9 > model)
            model = pc->model_ns / 1e9;
        res += pc->residue_ns * s->classes[c].nranks;
        tot += pc->model_ns * s->classes[c].nranks;
        if (pc->dominant_total > 0) {
            double g = p->app_ns / 1e9 / (double)pc->dominant_total;
            if (g > rep->shortest_good_s)
                rep->shortest_good_s = g;
            if (p->mode != SKEL_PLAN_MESSAGES && pc->dominant_full == 0)
                rep->too_short = 1;
        }
        if (rep->classes != NULL) {
            struct skel_codegen_class_report *cr = &rep->classes[c];
            cr->app_s = pc->app_ns / 1e9;
            cr->model_s = pc->model_ns / 1e9;
            cr->residue = pc->model_ns > 0 ? pc->residue_ns / pc->model_ns : 0;
            cr->ops = pc->ops;
            cr->dominant_total = pc->dominant_total;
            cr->dominant_full = pc->dominant_full;
            cr->dominant_share = s->classes[c].dominant_share;
            cr->dominant_iter_s = s->classes[c].dominant_iter_ns / 1e9;
        }
    }
    rep->model_s = model;
    rep->residue = tot > 0 ? res / tot : 0;
}

int skel_codegen_generate(const skel_signature *s, const struct skel_codegen_opts *o,
                          const char *outdir, struct skel_codegen_report *rep)
{
    struct skel_codegen_report local;
    memset(&local, 0, sizeof local);
    if (rep == NULL)
        rep = &local;
    else
        memset(rep, 0, sizeof *rep);
    skel_plan *p = NULL;
    skel_tpl *tpl[3] = {NULL, NULL, NULL};
    char *text[3] = {NULL, NULL, NULL};
    size_t tlen[3] = {0, 0, 0};
    struct emitter e = {0};
    int rc = SKEL_OK;

    /* Templates first: a broken template is reported before any work. */
    for (int i = 0; i < 3; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", o->templates, template_names[i]);
        if ((rc = skel_tpl_load(path, &tpl[i])) != SKEL_OK)
            goto out;
    }

    /* Plan and check. */
    struct skel_sim_opts so = {.eager_bytes = o->eager_bytes, .max_ops = o->max_check_ops};
    struct skel_sim_stats st = {0};
    /* Automatic: the seed's scaling first, then keeping the short loops
     * whole, then every message - the first schedule that passes. */
    static const int automatic[] = {SKEL_PLAN_LOOPS, SKEL_PLAN_MIXED, SKEL_PLAN_MESSAGES};
    int nmodes = o->mode == SKEL_CODEGEN_AUTO ? 3 : 1;
    for (int m = 0; m < nmodes; m++) {
        int mode = o->mode == SKEL_CODEGEN_AUTO ? automatic[m] : o->mode;
        skel_plan_free(p);
        p = NULL;
        if ((rc = skel_plan_build(s, o->k, mode, &p)) != SKEL_OK)
            goto out;
        rc = skel_sim_run(p, &so, &st);
        if (rc != SKEL_EDEADLOCK || m + 1 == nmodes)
            break;
        if (!rep->fell_back)
            snprintf(rep->fallback_reason, sizeof rep->fallback_reason, "%s", skel_last_error());
        rep->fell_back = 1;
    }
    fill_report(p, rep);
    rep->checked_ops = st.ops;
    rep->messages = st.messages;
    rep->collectives = st.collectives;
    if (rc != SKEL_OK) {
        if (rep->fell_back)
            skel_fail_context(rc,
                              "with every message kept (after the loop-scaled schedules failed "
                              "too, the first with: %.400s)",
                              rep->fallback_reason);
        goto out;
    }

    /* Fill and render. */
    e.p = p;
    e.s = s;
    e.root = skel_tpl_dict_new();
    e.dist_of = malloc((s->nsymbols + 1) * sizeof *e.dist_of);
    if (e.root == NULL || e.dist_of == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    for (uint32_t i = 0; i < s->nsymbols; i++)
        e.dist_of[i] = -1;
    if ((rc = fill(&e, o, rep)) != SKEL_OK)
        goto out;
    for (int i = 0; i < 3; i++)
        if ((rc = skel_tpl_render(tpl[i], e.root, &text[i], &tlen[i])) != SKEL_OK)
            goto out;

    /* Write: all three to temporary names, then rename. */
    if ((rc = mkdirs(outdir)) == SKEL_OK)
        rc = write_outputs(outdir, text, tlen);
out:
    for (int i = 0; i < 3; i++) {
        free(text[i]);
        skel_tpl_free(tpl[i]);
    }
    skel_tpl_dict_free(e.root);
    free(e.dist_of);
    skel_plan_free(p);
    if (rep == &local)
        skel_codegen_report_free(&local);
    return rc;
}
