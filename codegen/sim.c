/* sim.c - symbolic execution of the skeleton's schedule over all ranks (sim.h). */
#include "sim.h"

#include "error.h"
#include "grow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NONE      UINT32_MAX
#define SELF_COMM (UINT32_MAX - 1) /* MPI_COMM_SELF: every rank its own */
/* General active-target synchronisation (exec_pscw()): its handshakes are
 * empty messages on a communicator id of their own per communicator (so
 * that no receive of the program takes them), with tags no program uses. */
#define PSCW_SELF     (UINT32_MAX - 2)
#define PSCW_BIT      0x40000000u
#define PSCW_COMM(c)  ((c) == SELF_COMM ? PSCW_SELF : (c) | PSCW_BIT)
#define TAG_POSTED    (-100) /* MPI_Win_post to the members of its group */
#define TAG_COMPLETED (-101) /* MPI_Win_complete to the members of its start's group */
/* The root of a collective on an intercommunicator as a member of the root's
 * group that is not the root sees it: some rank of its own group. */
#define ROOT_IN_GROUP (-2)

/* Pseudo operations the skeleton adds around the program. */
enum { PH_START = 0, PH_PROGRAM, PH_END, PH_FINALIZE, PH_DONE };

struct msg {
    int32_t src, dst; /* world ranks */
    uint32_t comm;    /* comm id */
    int32_t tag;
    int64_t bytes;
    uint32_t op;  /* sending op */
    uint64_t pos; /* its position in the sender's program */
    uint64_t seq; /* order of sending over the whole run */
    uint8_t sync, matched;
    uint8_t buffered; /* MPI_Bsend, MPI_Ibsend: in its sender's attached buffer */
    uint8_t cancel;   /* its sender cancelled it (cancel_req): no receive takes it, it
                         may be delivered or not */
    uint64_t epoch;   /* mode epochs: its sender's epoch when sent */
};

struct precv {
    int32_t rank, src; /* src: world rank or SKEL_PEER_ANY */
    uint32_t comm;
    int32_t tag; /* or SKEL_TAG_ANY */
    int64_t cap; /* bytes */
    uint8_t cancelled;
    uint32_t op;
    uint64_t pos;
    uint64_t seq; /* order of posting over the whole run */
    uint32_t msg; /* matched message */
    uint8_t matched;
    uint64_t epoch; /* mode epochs: its rank's epoch when posted */
};

enum { RQ_SEND, RQ_RECV, RQ_COLL, RQ_NULL };
struct req {
    uint8_t kind;
    uint8_t any;  /* a wildcard receive: its source becomes the REPLY peer */
    uint32_t idx; /* msg, precv or instance */
    /* A persistent request: the op that made it (NONE otherwise) and its
     * peer (world rank, SKEL_PEER_ANY or SKEL_PEER_NULL), fixed when made.
     * Inactive (made, or completed) it stays in the ring for its Start. */
    uint32_t pinit;
    int32_t peer;
    uint8_t waited; /* a Wait or Test completed it */
};

struct inst {
    uint16_t call;
    int32_t root;
    uint32_t arrived, size;
    uint32_t first_op, first_rank;
    uint32_t comm;
};

struct vec32 {
    uint32_t *v;
    uint32_t n, cap;
};

/* A FIFO of message or receive indices with one key (rank, comm, src, tag). */
struct queue {
    int32_t rank, src, tag;
    uint32_t comm;
    uint32_t *v;
    uint32_t head, n, cap;
    uint8_t listed; /* in its rank's unexp_q (unexpected messages only) */
};

/* Queues by key, open addressing (queue id + 1, 0 empty). */
struct qmap {
    uint32_t *tab;
    uint32_t tabcap, n;
};

struct frame {
    uint32_t seq, idx;
    uint64_t reps;
    uint64_t gaact; /* the application's activations when a scaled loop began */
};

struct rstate {
    int phase;
    struct frame *stack;
    uint32_t depth;
    uint32_t cur; /* op being executed, NONE between operations */
    uint8_t started;
    uint32_t a, b; /* the current operation's message/receive/instance */
    uint64_t pos;  /* operations executed */
    int32_t last_any;
    uint32_t *ring;
    uint8_t *ringthin; /* mode thin: per ring slot, the message was left out */
    uint64_t nact;
    /* The application's activation counter: every activation of the
     * skeleton counts one, and a loop the skeleton runs fewer times than
     * the application moves it on by what the whole application loop
     * activated (plan items gstart/gend).  app_of: the application's number
     * of the activation in each ring slot. */
    uint64_t aact;
    uint64_t *app_of;
    struct vec32 wild;     /* posted wildcard receives, in posting order */
    struct vec32 unexp_q;  /* queues that ever held unexpected messages for this rank */
    struct vec32 posted_q; /* queues that ever held posted receives of this rank */
    struct vec32 deferred; /* sends a Test found complete, finished before the end */
    struct vec32 startq;   /* a Startall's requests, while it starts them */
    struct vec32 pscw;     /* MPI_Win_start, MPI_Win_wait: the handshakes awaited */
    /* Per window slot w: the op of the latest MPI_Win_post (2w) and
     * MPI_Win_start (2w + 1) not yet closed by MPI_Win_wait or
     * MPI_Win_complete, NONE if none. */
    uint32_t *epoch_op;
    uint32_t nepoch_op;
    uint64_t held; /* messages a matched probe took and no Mrecv yet */
    /* Per communicator slot: the request of the MPI_Comm_idup making its
     * communicator until a Wait or Test completes it (NONE: none). */
    uint32_t *idup;
    /* Per communicator slot: communicators made and freed in it so far.
     * Mode thin counts a channel from 0 again on each (the skeleton's
     * skel_slot_ready() starts its counts over), so a slot the signature
     * shares among the communicators an application makes and frees in
     * turn keeps the same messages in the check as in the skeleton. */
    uint32_t *slotgen;
    uint64_t bbytes, bmsgs; /* buffered sends not yet received */
    /* Mode epochs: the current epoch and whether it is left out; the
     * modelled time of every operation and of those made; the calls made
     * (by call id) and how many operations. */
    uint64_t epoch;
    int eskip;
    double m_all, m_kept;
    uint64_t *calls, made;
    /* Mode thin: the current operation's message was left out (no call). */
    uint8_t thinned;
};

struct sim {
    skel_plan *p;
    const skel_signature *s;
    const struct skel_sim_opts *o;
    struct rstate *rs;
    struct msg *msgs;
    uint32_t nmsgs, capmsgs;
    struct precv *recvs;
    uint32_t nrecvs, caprecvs;
    struct req *reqs;
    uint32_t nreqs, capreqs;
    struct inst *insts;
    uint32_t ninsts, capinsts;
    struct queue *queues;
    uint32_t nqueues, capqueues;
    struct qmap unexp, posted; /* unexpected messages; posted specific receives */
    uint64_t seq;
    /* (rank, comm) -> instance counter, and (comm, counter) -> instance */
    uint64_t *cc; /* nranks x (ncomms) */
    /* Per communicator: the one its messages and collectives are matched
     * on - itself, or for the two sides of an intercommunicator the lower
     * of their ids (match_inter()). */
    uint32_t *match;
    struct vec32 *ci; /* per comm: instance ids in order */
    uint32_t *uf;     /* union-find over ops */
    int64_t *gmax;    /* per op (group root): largest count */
    uint32_t *gdt;    /* per op (group root): largest datatype size */
    uint64_t total_ops, max_ops;
    uint64_t bytes, max_bytes; /* held by the tables that grow with every operation */
    int remap;                 /* pass 1: links resolved by the application's activation numbers */
    /* Mode epochs: 1 while every epoch is made, recording which boundaries
     * messages cross (crossed[b]: between epochs b and b + 1); 2 when the
     * plan's table (skel_plan.ekeep) says which epochs are made. */
    int epass;
    uint8_t *crossed;
    uint64_t ncrossed;
    /* Mode epochs, first pass: each epoch's modelled time on the first rank
     * of each class (etime[e * ew + c]), the rank's column (ecol[r]: its
     * class, or NONE if not its first rank); ew is the number of classes,
     * or 1 (every class summed) once a table that wide would hold more than
     * a quarter of the check's memory; eoom when the table could not grow. */
    double *etime;
    uint64_t netime;
    uint32_t *ecol;
    uint32_t ew;
    int eoom;
    int remapped; /* some link resolved to another distance than the application's */
    /* Mode thin: messages counted so far per channel (a rank, a
     * communicator, a peer, sending or receiving), open addressing. */
    struct thinent *thin;
    uint32_t thincap, nthin;
    struct skel_sim_stats st;
};

struct thinent {
    int32_t rank, peer, tag;
    uint32_t comm, gen; /* gen: rstate.slotgen of the communicator's slot */
    uint8_t dir, used;
    uint64_t g; /* skel_plan_thin_step()'s state */
};

/* ------------------------------------------------------------------------ */

static int grow(void *v, uint32_t *cap, uint32_t n)
{
    return skel_grow_u32(v, cap, (uint64_t)n + 1, sizeof(uint32_t));
}

/* Room for element n of one of the tables that grow with every operation
 * checked (messages, receives, requests, instances, queues).  Their memory
 * is bounded here, whatever operation limit was asked for: a limit of
 * billions must be refused, not paid for in gigabytes. */
static int table(struct sim *m, void *v, uint32_t *cap, uint32_t n, size_t elem)
{
    uint32_t old = *cap;
    int rc = skel_grow_u32(v, cap, (uint64_t)n + 1, elem);
    if (rc != SKEL_OK)
        return rc;
    m->bytes += (uint64_t)(*cap - old) * elem;
    if (m->bytes > m->max_bytes)
        return skel_fail(SKEL_ERANGE,
                         "checking the skeleton's schedule needs more than %llu MiB (%llu "
                         "operations checked so far): too long to check; use a larger K",
                         (unsigned long long)(m->max_bytes >> 20),
                         (unsigned long long)m->total_ops);
    return SKEL_OK;
}

static int vpush(struct vec32 *v, uint32_t x)
{
    int rc = grow(&v->v, &v->cap, v->n);
    if (rc == SKEL_OK)
        v->v[v->n++] = x;
    return rc;
}

static void vremove(struct vec32 *v, uint32_t i)
{
    memmove(v->v + i, v->v + i + 1, (v->n - i - 1) * sizeof *v->v);
    v->n--;
}

static uint32_t uf_find(uint32_t *uf, uint32_t x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* ------------------------------------------------------------------------ */
/* Queues */

static uint64_t key_hash(int32_t rank, uint32_t comm, int32_t src, int32_t tag)
{
    uint64_t z = ((uint64_t)(uint32_t)rank << 32 | comm) * UINT64_C(0x9E3779B97F4A7C15);
    z ^= ((uint64_t)(uint32_t)src << 32 | (uint32_t)tag) + (z >> 29);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    return z ^ (z >> 31);
}

/* Mode thin: whether the next message rank sends to (dir 0) or receives
 * from (dir 1) peer on comm with tag (-1 unless skel_plan.thin_tags:
 * channels by peer only) is made (skel_plan_thin_keeps());
 * advance counts it (a probe only looks at the next one).  Dir 2: an
 * operation's polls that found nothing (peer -3, comm the operation);
 * dir 3: the collectives on comm (peer THIN_COLL). */
#define THIN_COLL (-2)
static int thin_keeps(struct sim *m, uint32_t rank, uint32_t comm, uint32_t gen, int32_t peer,
                      int32_t tag, uint8_t dir, int advance, int *keep)
{
    if ((uint64_t)(m->nthin + 1) * 2 > m->thincap) {
        uint32_t cap = m->thincap ? m->thincap * 2 : 256;
        if (cap <= m->thincap)
            return skel_fail(SKEL_ERANGE, "too many channels to check");
        struct thinent *t = calloc(cap, sizeof *t);
        if (t == NULL)
            return skel_oom();
        for (uint32_t i = 0; i < m->thincap; i++) {
            const struct thinent *x = &m->thin[i];
            if (!x->used)
                continue;
            uint32_t j = (uint32_t)key_hash(x->rank, x->comm ^ x->gen * 0x9E3779B9u, x->peer,
                                            x->tag * 4 + x->dir) &
                         (cap - 1);
            while (t[j].used)
                j = (j + 1) & (cap - 1);
            t[j] = *x;
        }
        free(m->thin);
        m->thin = t;
        m->thincap = cap;
    }
    uint32_t mask = m->thincap - 1,
             j = (uint32_t)key_hash((int32_t)rank, comm ^ gen * 0x9E3779B9u, peer, tag * 4 + dir) &
                 mask;
    struct thinent *e = &m->thin[j];
    for (; e->used; j = (j + 1) & mask, e = &m->thin[j])
        if (e->rank == (int32_t)rank && e->comm == comm && e->gen == gen && e->peer == peer &&
            e->tag == tag && e->dir == dir)
            break;
    if (!e->used) {
        *e = (struct thinent){.rank = (int32_t)rank,
                              .peer = peer,
                              .tag = tag,
                              .comm = comm,
                              .gen = gen,
                              .dir = dir,
                              .used = 1};
        m->nthin++;
    }
    *keep = skel_plan_thin_step(&e->g, m->p->wtop, m->p->wden, advance);
    return SKEL_OK;
}

/* Mode thin: whether the current operation's message to or from peer (a
 * world rank) with tag is left out. */
static int thin_half(struct sim *m, uint32_t rank, uint32_t comm, int32_t peer, int32_t tag,
                     uint8_t dir, int advance, int *out)
{
    const skel_plan_op *op = &m->p->ops[m->rs[rank].cur];
    *out = 0;
    if (!op->thin || peer < 0)
        return SKEL_OK;
    uint32_t gen = op->comm < m->p->nslots ? m->rs[rank].slotgen[op->comm] : 0;
    int keep = 1,
        rc = thin_keeps(m, rank, comm, gen, peer, m->p->thin_tags ? tag : -1, dir, advance, &keep);
    *out = !keep;
    return rc;
}

/* Mode thin: whether the current operation, on peer (a world rank), is left
 * out; sets rstate.thinned. */
static int thin_out(struct sim *m, uint32_t rank, uint32_t comm, int32_t peer, uint8_t dir,
                    int advance, int *out)
{
    int rc = thin_half(m, rank, comm, peer, m->p->ops[m->rs[rank].cur].tag, dir, advance, out);
    if (m->p->ops[m->rs[rank].cur].thin && peer >= 0)
        m->rs[rank].thinned = (uint8_t)*out;
    return rc;
}

static int qmap_rehash(struct sim *m, struct qmap *q)
{
    uint32_t cap = q->tabcap ? q->tabcap * 2 : 256;
    uint32_t *t = calloc(cap, sizeof *t);
    if (t == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < q->tabcap; i++)
        if (q->tab[i] != 0) {
            const struct queue *x = &m->queues[q->tab[i] - 1];
            uint32_t j = (uint32_t)key_hash(x->rank, x->comm, x->src, x->tag) & (cap - 1);
            while (t[j] != 0)
                j = (j + 1) & (cap - 1);
            t[j] = q->tab[i];
        }
    free(q->tab);
    q->tab = t;
    q->tabcap = cap;
    return SKEL_OK;
}

/* The queue of key in map q; created (and listed in *owner) when create is
 * set, else NONE when absent. */
static int queue_of(struct sim *m, struct qmap *q, int32_t rank, uint32_t comm, int32_t src,
                    int32_t tag, int create, struct vec32 *owner, uint32_t *out)
{
    *out = NONE;
    if (q->tabcap == 0 || (create && (uint64_t)(q->n + 1) * 2 > q->tabcap)) {
        if (!create)
            return SKEL_OK;
        int rc = qmap_rehash(m, q);
        if (rc != SKEL_OK)
            return rc;
    }
    uint32_t mask = q->tabcap - 1, j = (uint32_t)key_hash(rank, comm, src, tag) & mask;
    for (; q->tab[j] != 0; j = (j + 1) & mask) {
        const struct queue *x = &m->queues[q->tab[j] - 1];
        if (x->rank == rank && x->comm == comm && x->src == src && x->tag == tag) {
            *out = q->tab[j] - 1;
            return SKEL_OK;
        }
    }
    if (!create)
        return SKEL_OK;
    int rc = table(m, &m->queues, &m->capqueues, m->nqueues, sizeof *m->queues);
    if (rc != SKEL_OK || (rc = vpush(owner, m->nqueues)) != SKEL_OK)
        return rc;
    m->queues[m->nqueues] =
        (struct queue){.rank = rank, .src = src, .tag = tag, .comm = comm, .listed = 1};
    q->tab[j] = ++m->nqueues;
    q->n++;
    *out = m->nqueues - 1;
    return SKEL_OK;
}

static int qpush(struct queue *q, uint32_t x)
{
    if (q->head > 0 && q->n == q->cap) {
        memmove(q->v, q->v + q->head, (q->n - q->head) * sizeof *q->v);
        q->n -= q->head;
        q->head = 0;
    }
    int rc = grow(&q->v, &q->cap, q->n);
    if (rc == SKEL_OK)
        q->v[q->n++] = x;
    return rc;
}

static uint32_t qfront(const struct queue *q)
{
    return q->head < q->n ? q->v[q->head] : NONE;
}

static void qpop(struct queue *q)
{
    if (++q->head == q->n)
        q->head = q->n = 0;
}

/* ------------------------------------------------------------------------ */
/* Descriptions: short, for one-line refusals */

static const char *peer_str(int32_t w, char *buf, size_t len)
{
    if (w == SKEL_PEER_ANY)
        return "MPI_ANY_SOURCE";
    if (w == SKEL_PEER_NULL)
        return "MPI_PROC_NULL";
    snprintf(buf, len, "rank %d", w);
    return buf;
}

static const char *tag_str(int32_t t, char *buf, size_t len)
{
    if (t == SKEL_TAG_ANY)
        return "MPI_ANY_TAG";
    snprintf(buf, len, "%d", t);
    return buf;
}

static const char *comm_str(const struct sim *m, uint32_t comm, char *buf, size_t len)
{
    if (comm == SELF_COMM)
        return "MPI_COMM_SELF";
    if (comm == PSCW_SELF)
        return "the window synchronisation of MPI_COMM_SELF";
    if (comm != NONE && (comm & PSCW_BIT)) {
        char in[48];
        snprintf(buf, len, "the window synchronisation of %s",
                 comm_str(m, comm & ~PSCW_BIT, in, sizeof in));
        return buf;
    }
    if (comm < m->s->ncomms && m->s->comms[comm].size == m->s->nranks &&
        m->s->comms[comm].created_by == 0)
        return "MPI_COMM_WORLD";
    snprintf(buf, len, "communicator %u", comm);
    return buf;
}

static const char *op_str(const struct sim *m, uint32_t op, char *buf, size_t len)
{
    if (op == NONE) {
        snprintf(buf, len, "the skeleton's own barrier");
        return buf;
    }
    return skel_plan_describe(m->s, m->p->ops[op].sym, buf, len);
}

/* The application's tag of the message or receive of op (half h). */
static int32_t app_tag(const struct sim *m, uint32_t op, int h)
{
    const skel_sig_symbol *y = &m->s->symbols[m->p->ops[op].sym];
    return h ? y->tag2 : y->tag;
}

/* ------------------------------------------------------------------------ */
/* Iteration over a class's plan */

/* The end of loop item it of frame f: a scaled application loop that ends
 * there has activated app_acts requests since it began. */
static void loop_ended(struct rstate *r, const struct frame *f, const skel_plan_item *it)
{
    if (it->gend)
        r->aact = f->gaact + it->app_acts;
}

static uint32_t next_op(const skel_plan *p, struct rstate *r)
{
    while (r->depth > 0) {
        struct frame *f = &r->stack[r->depth - 1];
        const skel_plan_seq *q = &p->seqs[f->seq];
        if (f->idx >= q->n) {
            if (--f->reps > 0) {
                f->idx = 0;
            } else {
                r->depth--;
                if (r->depth > 0) {
                    struct frame *up = &r->stack[r->depth - 1];
                    loop_ended(r, up, &p->seqs[up->seq].items[up->idx]);
                    up->idx++;
                }
            }
            continue;
        }
        const skel_plan_item *it = &q->items[f->idx];
        if (it->kind == SKEL_PLAN_ITEM_OP) {
            f->idx++;
            return it->ref;
        }
        if (it->gstart)
            f->gaact = r->aact;
        if (it->count == 0 || p->seqs[it->ref].n == 0) {
            loop_ended(r, f, it);
            f->idx++;
            continue;
        }
        r->stack[r->depth++] = (struct frame){it->ref, 0, it->count, 0};
    }
    return NONE;
}

/* The skeleton's distance of link i of op (the application's: d).  Pass 1
 * finds the activation the application meant by its number - the same
 * distance unless a loop the skeleton runs fewer times lies between, and
 * the application's when the activation is one the skeleton does not make
 * (a dropped iteration's: the skeleton's latest ones stand for them) - and
 * records it per op; pass 2 uses what pass 1 recorded. */
static int link_dist(struct sim *m, uint32_t rank, uint32_t opi, uint32_t i, uint32_t *out)
{
    skel_plan_op *op = &m->p->ops[opi];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    uint32_t d = y->links[i].dist;
    *out = d;
    if (!m->remap) {
        if (op->ldist != NULL && !op->lconflict)
            *out = op->ldist[i];
        return SKEL_OK;
    }
    const struct rstate *r = &m->rs[rank];
    uint32_t k = d;
    if (d > 0 && d <= r->aact) {
        uint64_t want = r->aact - d + 1;
        /* app_of decreases with the distance: a binary search over it. */
        uint64_t lo = 1, hi = d < r->nact ? d : r->nact;
        if (hi > m->p->ring)
            hi = m->p->ring;
        while (lo <= hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            uint64_t got = r->app_of[(r->nact - mid) % m->p->ring];
            if (got == want) {
                k = (uint32_t)mid;
                break;
            }
            if (got > want)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
    }
    if (op->ldist == NULL) {
        op->ldist = malloc((y->nlinks ? y->nlinks : 1) * sizeof *op->ldist);
        if (op->ldist == NULL)
            return skel_oom();
        for (uint32_t j = 0; j < y->nlinks; j++)
            op->ldist[j] = UINT32_MAX; /* not met yet */
    }
    if (op->ldist[i] == UINT32_MAX)
        op->ldist[i] = k;
    else if (op->ldist[i] != k)
        op->lconflict = 1;
    if (k != d)
        m->remapped = 1;
    *out = k;
    return SKEL_OK;
}

/* ------------------------------------------------------------------------ */
/* Communicators and peers */

static uint32_t comm_of(const struct sim *m, uint32_t rank, uint32_t slot)
{
    if (slot == SKEL_COMM_SELF)
        return SELF_COMM;
    const skel_sig_rank *rk = &m->s->ranks[rank];
    if (slot >= rk->ncomms || rk->comms[slot] >= m->s->ncomms)
        return NONE;
    return m->match[rk->comms[slot]];
}

static int bad_comm(const struct sim *m, uint32_t rank, uint32_t op, uint32_t slot)
{
    char d[320];
    return skel_fail(SKEL_ERANGE, "rank %u has no communicator in slot %u, which %s uses", rank,
                     slot, op_str(m, op, d, sizeof d));
}

/* Resolve a peer to a world rank (or SKEL_PEER_ANY / SKEL_PEER_NULL). */
static int resolve(struct sim *m, uint32_t rank, uint32_t op, uint32_t slot,
                   const skel_sig_peer *pe, int32_t *world)
{
    int32_t cr, wr;
    pe = skel_plan_peer(m->p->mode, &m->s->symbols[m->p->ops[op].sym], pe);
    if (pe->kind == SKEL_SIG_PEER_REPLY && m->rs[rank].last_any < 0) {
        char d[320];
        return skel_fail(SKEL_EDEADLOCK,
                         "rank %u, operation %llu of its skeleton: %s answers the source of a "
                         "wildcard receive, but no MPI_ANY_SOURCE receive has completed before it",
                         rank, (unsigned long long)m->rs[rank].pos, op_str(m, op, d, sizeof d));
    }
    int rc = skel_sig_peer_resolve(m->s, rank, slot, pe, m->rs[rank].last_any, &cr, &wr);
    if (rc != SKEL_OK) {
        char d[320];
        return skel_fail_context(rc, "rank %u, %s", rank, op_str(m, op, d, sizeof d));
    }
    *world = wr;
    return SKEL_OK;
}

/* ------------------------------------------------------------------------ */
/* Point-to-point matching, by MPI's rules: per communicator, source and tag
 * (wildcards allowed on the receive side), messages of one sender in the
 * order sent, receives in the order posted.  Specific receives and
 * unexpected messages wait in queues by key; wildcard receives in a list per
 * rank.  A wildcard receive takes the earliest message sent among those it
 * matches: one matching order is checked, not all (docs/codegen.md). */

static int recv_takes(const struct precv *rv, const struct msg *g)
{
    return rv->comm == g->comm && (rv->src == SKEL_PEER_ANY || rv->src == g->src) &&
           (rv->tag == SKEL_TAG_ANY || rv->tag == g->tag);
}

/* Mode epochs, first pass: a message sent in epoch a met a receive or
 * probe of epoch b; the boundaries between them must not separate an epoch
 * made from one left out. */
static int cross(struct sim *m, uint64_t a, uint64_t b)
{
    if (m->epass != 1 || a == b)
        return SKEL_OK;
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    if (hi > m->ncrossed) {
        uint64_t n = hi + hi / 2 + 16;
        uint8_t *c = realloc(m->crossed, n);
        if (c == NULL)
            return skel_oom();
        memset(c + m->ncrossed, 0, n - m->ncrossed);
        m->crossed = c;
        m->ncrossed = n;
    }
    memset(m->crossed + lo, 1, hi - lo);
    return SKEL_OK;
}

static int match(struct sim *m, uint32_t ri, uint32_t gi)
{
    struct precv *rv = &m->recvs[ri];
    struct msg *g = &m->msgs[gi];
    if (g->bytes > rv->cap) {
        char d1[320], d2[320];
        return skel_fail(SKEL_EDEADLOCK,
                         "a message of %lld bytes from rank %d (%s, operation %llu) is longer "
                         "than the receive of rank %d that matches it (%s, operation %llu, %lld "
                         "bytes): the ranks' schedules do not line up",
                         (long long)g->bytes, g->src, op_str(m, g->op, d1, sizeof d1),
                         (unsigned long long)g->pos, rv->rank, op_str(m, rv->op, d2, sizeof d2),
                         (unsigned long long)rv->pos, (long long)rv->cap);
    }
    g->matched = rv->matched = 1;
    rv->msg = gi;
    int rc = cross(m, g->epoch, rv->epoch);
    if (rc != SKEL_OK)
        return rc;
    if (g->buffered) {
        m->rs[g->src].bbytes -= (uint64_t)g->bytes;
        m->rs[g->src].bmsgs--;
    }
    m->st.messages++;
    return SKEL_OK;
}

/* The earliest unexpected message of rank matching (comm, src, tag), which
 * may be wildcards: its queue in *qi, NONE if there is none. */
static int find_unexpected(struct sim *m, int32_t rank, uint32_t comm, int32_t src, int32_t tag,
                           uint32_t *qi)
{
    *qi = NONE;
    if (src != SKEL_PEER_ANY && tag != SKEL_TAG_ANY) {
        uint32_t q;
        int rc = queue_of(m, &m->unexp, rank, comm, src, tag, 0, NULL, &q);
        if (rc == SKEL_OK && q != NONE && qfront(&m->queues[q]) != NONE)
            *qi = q;
        return rc;
    }
    /* The rank's queues that hold messages; empty ones leave the list (and
     * come back with their next message), so a scan costs what is pending. */
    struct vec32 *l = &m->rs[rank].unexp_q;
    uint64_t best = UINT64_MAX;
    for (uint32_t i = 0; i < l->n;) {
        struct queue *x = &m->queues[l->v[i]];
        uint32_t g = qfront(x);
        if (g == NONE) {
            x->listed = 0;
            l->v[i] = l->v[--l->n];
            continue;
        }
        if (x->comm == comm && (src == SKEL_PEER_ANY || x->src == src) &&
            (tag == SKEL_TAG_ANY || x->tag == tag) && m->msgs[g].seq < best) {
            best = m->msgs[g].seq;
            *qi = l->v[i];
        }
        i++;
    }
    return SKEL_OK;
}

static int deliver(struct sim *m, uint32_t gi)
{
    const struct msg *g = &m->msgs[gi];
    struct rstate *d = &m->rs[g->dst];
    uint32_t q, wi = NONE;
    int rc = queue_of(m, &m->posted, g->dst, g->comm, g->src, g->tag, 0, NULL, &q);
    if (rc != SKEL_OK)
        return rc;
    uint32_t spec = q != NONE ? qfront(&m->queues[q]) : NONE;
    while (spec != NONE && m->recvs[spec].cancelled) {
        qpop(&m->queues[q]);
        spec = qfront(&m->queues[q]);
    }
    for (uint32_t i = 0; i < d->wild.n && wi == NONE; i++)
        if (recv_takes(&m->recvs[d->wild.v[i]], g))
            wi = i;
    if (wi != NONE && (spec == NONE || m->recvs[d->wild.v[wi]].seq < m->recvs[spec].seq)) {
        uint32_t ri = d->wild.v[wi];
        vremove(&d->wild, wi);
        return match(m, ri, gi);
    }
    if (spec != NONE) {
        qpop(&m->queues[q]);
        return match(m, spec, gi);
    }
    if ((rc = queue_of(m, &m->unexp, g->dst, g->comm, g->src, g->tag, 1, &d->unexp_q, &q)) !=
        SKEL_OK)
        return rc;
    struct queue *x = &m->queues[q];
    if (!x->listed) { /* left the list when it ran empty */
        if ((rc = vpush(&d->unexp_q, q)) != SKEL_OK)
            return rc;
        x->listed = 1;
    }
    return qpush(x, gi);
}

static int post(struct sim *m, uint32_t ri)
{
    const struct precv *rv = &m->recvs[ri];
    struct rstate *d = &m->rs[rv->rank];
    uint32_t q;
    int rc = find_unexpected(m, rv->rank, rv->comm, rv->src, rv->tag, &q);
    if (rc != SKEL_OK)
        return rc;
    if (q != NONE) {
        uint32_t gi = qfront(&m->queues[q]);
        qpop(&m->queues[q]);
        return match(m, ri, gi);
    }
    if (rv->src == SKEL_PEER_ANY || rv->tag == SKEL_TAG_ANY)
        return vpush(&d->wild, ri);
    if ((rc = queue_of(m, &m->posted, rv->rank, rv->comm, rv->src, rv->tag, 1, &d->posted_q, &q)) !=
        SKEL_OK)
        return rc;
    return qpush(&m->queues[q], ri);
}

/* A buffered-mode send (a started MPI_Bsend_init's message carries its
 * init's call). */
static int is_bsend(uint16_t call)
{
    return call == SKEL_CALL_MPI_Bsend || call == SKEL_CALL_MPI_Ibsend ||
           call == SKEL_CALL_MPI_Bsend_init;
}

static int new_msg(struct sim *m, uint32_t rank, uint32_t op, int32_t dst, uint32_t comm,
                   int32_t tag, int64_t bytes, int sync, uint32_t *out)
{
    int rc = table(m, &m->msgs, &m->capmsgs, m->nmsgs, sizeof *m->msgs);
    if (rc != SKEL_OK)
        return rc;
    uint32_t gi = m->nmsgs++;
    m->msgs[gi] = (struct msg){.src = (int32_t)rank,
                               .dst = dst,
                               .comm = comm,
                               .tag = tag,
                               .bytes = bytes,
                               .op = op,
                               .pos = m->rs[rank].pos,
                               .seq = m->seq++,
                               .sync = (uint8_t)sync,
                               .epoch = m->rs[rank].epoch};
    uint16_t call = op != NONE ? m->p->ops[op].call : 0;
    if (is_bsend(call)) {
        /* Buffered: the attached buffer holds it until it is received (a
         * library may free it earlier, never later). */
        struct rstate *r = &m->rs[rank];
        m->msgs[gi].buffered = 1;
        r->bbytes += (uint64_t)(bytes > 0 ? bytes : 0);
        r->bmsgs++;
        if (r->bbytes > m->p->bsend_bytes)
            m->p->bsend_bytes = r->bbytes;
        if (r->bmsgs > m->p->bsend_msgs)
            m->p->bsend_msgs = r->bmsgs;
    }
    *out = gi;
    return deliver(m, gi);
}

static int new_recv(struct sim *m, uint32_t rank, uint32_t op, int32_t src, uint32_t comm,
                    int32_t tag, int64_t cap, uint32_t *out)
{
    int rc = table(m, &m->recvs, &m->caprecvs, m->nrecvs, sizeof *m->recvs);
    if (rc != SKEL_OK)
        return rc;
    uint32_t ri = m->nrecvs++;
    m->recvs[ri] = (struct precv){.rank = (int32_t)rank,
                                  .src = src,
                                  .comm = comm,
                                  .tag = tag,
                                  .cap = cap,
                                  .op = op,
                                  .pos = m->rs[rank].pos,
                                  .seq = m->seq++,
                                  .msg = NONE,
                                  .epoch = m->rs[rank].epoch};
    *out = ri;
    return post(m, ri);
}

static int new_req(struct sim *m, uint32_t rank, uint8_t kind, uint32_t idx, int any)
{
    int rc = table(m, &m->reqs, &m->capreqs, m->nreqs, sizeof *m->reqs);
    if (rc != SKEL_OK)
        return rc;
    uint32_t q = m->nreqs++;
    m->reqs[q] = (struct req){.kind = kind, .idx = idx, .any = (uint8_t)any, .pinit = NONE};
    struct rstate *r = &m->rs[rank];
    r->ring[r->nact % m->p->ring] = q;
    r->ringthin[r->nact % m->p->ring] = 0;
    r->app_of[r->nact % m->p->ring] = ++r->aact;
    r->nact++;
    return SKEL_OK;
}

static int req_done(const struct sim *m, uint32_t q)
{
    const struct req *rq = &m->reqs[q];
    switch (rq->kind) {
    case RQ_SEND:
        return !m->msgs[rq->idx].sync || m->msgs[rq->idx].matched;
    case RQ_RECV:
        return m->recvs[rq->idx].matched;
    case RQ_COLL:
        return m->insts[rq->idx].arrived == m->insts[rq->idx].size;
    default:
        return 1;
    }
}

/* A synchronous-mode send completes once matched; a standard one too
 * (rendezvous) unless it is at most the eager limit (buffered).  A
 * partitioned send waits for its receive's MPI_Start at any size (MPICH
 * 4.0.2: 64 bytes waited the receiver's 1 s). */
static int is_sync(const struct sim *m, uint16_t call, int64_t bytes)
{
    if (is_bsend(call))
        return 0; /* into the attached buffer */
    if (call == SKEL_CALL_MPI_Ssend || call == SKEL_CALL_MPI_Issend ||
        call == SKEL_CALL_MPI_Ssend_init || call == SKEL_CALL_MPI_Psend_init ||
        m->o->eager_bytes == 0)
        return 1;
    return (uint64_t)bytes > m->o->eager_bytes;
}

/* ------------------------------------------------------------------------ */
/* Collectives */

/* The count a member (rank) of a collective instance wants: per peer for
 * the shapes whose count is a total (skel_plan_shape_divides), over the
 * communicator's members, the rank's destinations on its topology, or the
 * remote group of an intercommunicator (whose instance has both groups). */
static int64_t coll_value(const struct sim *m, uint32_t rank, const skel_plan_op *op, int side,
                          const struct inst *in)
{
    int64_t c = op->has_side[side] ? op->count[side] : op->count[!side];
    const skel_sig_rank *rk = &m->s->ranks[rank];
    const skel_sig_comm *own = op->comm < rk->ncomms && rk->comms[op->comm] < m->s->ncomms
                                   ? &m->s->comms[rk->comms[op->comm]]
                                   : NULL;
    int inter = own != NULL && (own->flags & SKEL_COMMF_INTER);
    /* Reduce-scatter on an intercommunicator: one vector per group, whose
     * length both groups must agree on, at least this rank's count times
     * its group's size (its group's recvcounts add up to at most that);
     * the skeleton spreads the largest over each group's members. */
    if (inter && (op->shape == SKEL_SHAPE_REDSCAT || op->shape == SKEL_SHAPE_REDSCATBLK))
        return c > INT64_MAX / (own->size ? own->size : 1) ? INT64_MAX : c * (int64_t)own->size;
    if (!skel_plan_shape_divides(op->shape))
        return c;
    uint32_t peers = in->size, nin = 0;
    if (inter)
        peers = own->remote_size;
    if (skel_plan_shape_is_neighbor(op->shape) &&
        (in->comm >= m->s->ncomms ||
         !skel_plan_neighbors(&m->s->comms[in->comm], (int32_t)rank, &nin, &peers)))
        peers = 0;
    return peers > 0 ? c / peers : c;
}

static int new_inst(struct sim *m, struct inst in, uint32_t *id)
{
    int rc = table(m, &m->insts, &m->capinsts, m->ninsts, sizeof *m->insts);
    if (rc != SKEL_OK)
        return rc;
    *id = m->ninsts++;
    m->insts[*id] = in;
    return SKEL_OK;
}

static int coll_mismatch(const struct sim *m, uint32_t rank, uint32_t op, uint32_t comm, uint64_t t,
                         uint16_t call, int32_t root, const struct inst *in)
{
    char d1[320], d2[320], cb[48];
    /* Number the application's collectives: on MPI_COMM_WORLD the skeleton's
     * opening barrier came first. */
    uint64_t shown = t > 0 && comm_of(m, rank, SKEL_COMM_WORLD) == comm ? t - 1 : t;
    return skel_fail(SKEL_EDEADLOCK,
                     "collective mismatch on %s (its collective number %llu): rank %u calls "
                     "%s%s at operation %llu (%s) where rank %u calls %s%s (%s)",
                     comm_str(m, comm, cb, sizeof cb), (unsigned long long)shown, rank,
                     skel_call_name(call), root >= 0 ? " with a root" : "",
                     (unsigned long long)m->rs[rank].pos, op_str(m, op, d1, sizeof d1),
                     in->first_rank, skel_call_name(in->call), in->root >= 0 ? " with a root" : "",
                     op_str(m, in->first_op, d2, sizeof d2));
}

/* Members of matching collectives use the largest count any of them wants. */
static void unify(struct sim *m, uint32_t rank, uint32_t op, const struct inst *in, int32_t root)
{
    const skel_plan_op *po = &m->p->ops[op];
    if (po->kind != SKEL_PLAN_COLL && po->kind != SKEL_PLAN_ICOLL)
        return;
    uint32_t a = uf_find(m->uf, op), b = uf_find(m->uf, in->first_op);
    int side = root >= 0 && root == (int32_t)rank ? SKEL_SIG_SIDE_ROOT : SKEL_SIG_SIDE_OTHER;
    int64_t v = coll_value(m, rank, po, side, in);
    if (a != b) {
        m->uf[a] = b;
        if (m->gmax[a] > m->gmax[b])
            m->gmax[b] = m->gmax[a];
        if (m->gdt[a] > m->gdt[b])
            m->gdt[b] = m->gdt[a];
    }
    if (v > m->gmax[b])
        m->gmax[b] = v;
    if (po->dtsize > m->gdt[b])
        m->gdt[b] = po->dtsize;
}

/* Join the next collective instance of comm for rank; *inst gets it. */
/* The ranks a collective on comm involves: both groups of an
 * intercommunicator. */
static uint32_t comm_span(const skel_signature *s, uint32_t comm)
{
    const skel_sig_comm *c = &s->comms[comm];
    return c->size + ((c->flags & SKEL_COMMF_INTER) ? c->remote_size : 0);
}

static int join(struct sim *m, uint32_t rank, uint32_t op, uint32_t comm, uint16_t call,
                int32_t root, uint32_t *inst)
{
    int rc;
    if (comm == SELF_COMM) {
        m->st.collectives++;
        return new_inst(m,
                        (struct inst){.call = call,
                                      .root = root,
                                      .arrived = 1,
                                      .size = 1,
                                      .first_op = op,
                                      .first_rank = rank,
                                      .comm = comm},
                        inst);
    }
    uint64_t t = m->cc[(uint64_t)rank * m->s->ncomms + comm]++;
    struct vec32 *list = &m->ci[comm];
    if (t == list->n) {
        uint32_t id;
        if ((rc = new_inst(m,
                           (struct inst){.call = call,
                                         .root = root,
                                         .size = comm_span(m->s, comm),
                                         .first_op = op,
                                         .first_rank = rank,
                                         .comm = comm},
                           &id)) != SKEL_OK ||
            (rc = vpush(list, id)) != SKEL_OK)
            return rc;
    }
    uint32_t id = list->v[t];
    struct inst *in = &m->insts[id];
    if (in->call != call ||
        (in->root != root && in->root != ROOT_IN_GROUP && root != ROOT_IN_GROUP))
        return coll_mismatch(m, rank, op, comm, t, call, root, in);
    if (in->root == ROOT_IN_GROUP)
        in->root = root;
    in->arrived++;
    if (in->arrived == in->size)
        m->st.collectives++;
    if (op != NONE && in->first_op != NONE)
        unify(m, rank, op, in, root);
    *inst = id;
    return SKEL_OK;
}

/* ------------------------------------------------------------------------ */
/* One rank */

static int world_comm(const struct sim *m, uint32_t rank, uint32_t *comm)
{
    uint32_t c = comm_of(m, rank, SKEL_COMM_WORLD);
    if (c == NONE || m->s->comms[c].size != m->s->nranks)
        return skel_fail(SKEL_EFORMAT, "rank %u: slot 0 does not hold MPI_COMM_WORLD", rank);
    *comm = c;
    return SKEL_OK;
}

static int deferred_done(const struct sim *m, const struct rstate *r)
{
    for (uint32_t i = 0; i < r->deferred.n; i++)
        if (!req_done(m, r->deferred.v[i]))
            return 0;
    return 1;
}

/* Using or freeing the communicator of slot (for op; NONE: at the end)
 * before the MPI_Comm_idup making it completed: an error in MPI.  The
 * application completed it first; a skeleton that left the completion out
 * with an epoch does not. */
static int idup_pending(const struct sim *m, uint32_t rank, uint32_t op, uint32_t slot)
{
    struct rstate *r = &m->rs[rank];
    if (slot >= m->p->nslots || r->idup[slot] == NONE)
        return SKEL_OK;
    if (m->reqs[r->idup[slot]].waited) {
        r->idup[slot] = NONE;
        return SKEL_OK;
    }
    char d[320];
    if (op == NONE)
        return skel_fail(SKEL_EDEADLOCK,
                         "rank %u ends with the MPI_Comm_idup of communicator slot %u not "
                         "completed",
                         rank, slot);
    return skel_fail(SKEL_EDEADLOCK,
                     "rank %u: %s uses communicator slot %u before the MPI_Comm_idup making it "
                     "completed",
                     rank, op_str(m, op, d, sizeof d), slot);
}

/* The skeleton's barriers and MPI_Finalize; the closing barrier waits for
 * the sends a Test found complete. */
static int exec_frame(struct sim *m, uint32_t rank, int *done)
{
    struct rstate *r = &m->rs[rank];
    int rc;
    if (!r->started) {
        if (r->phase == PH_END && !deferred_done(m, r))
            return SKEL_OK;
        for (uint32_t i = 0; r->phase == PH_END && i < m->p->nslots; i++)
            if ((rc = idup_pending(m, rank, NONE, i)) != SKEL_OK)
                return rc;
        uint32_t comm = NONE;
        if ((rc = world_comm(m, rank, &comm)) != SKEL_OK)
            return rc;
        uint16_t call = r->phase == PH_FINALIZE ? SKEL_CALL_MPI_Finalize : SKEL_CALL_MPI_Barrier;
        if ((rc = join(m, rank, NONE, comm, call, -1, &r->a)) != SKEL_OK)
            return rc;
        r->started = 1;
    }
    *done = m->insts[r->a].arrived == m->insts[r->a].size;
    return SKEL_OK;
}

static int64_t op_bytes(const skel_plan_op *op)
{
    return op->count[0] * (int64_t)op->dtsize;
}

static int exec_send(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int32_t peer;
    int rc;
    if (op->kind == SKEL_PLAN_ISEND) {
        if ((rc = resolve(m, rank, r->cur, op->comm, &y->peer, &peer)) != SKEL_OK)
            return rc;
        uint32_t gi;
        int out = 0;
        if ((rc = thin_out(m, rank, comm, peer, 0, 1, &out)) != SKEL_OK)
            return rc;
        if (peer < 0 || out) {
            if ((rc = new_req(m, rank, RQ_NULL, 0, 0)) == SKEL_OK)
                r->ringthin[(r->nact - 1) % m->p->ring] = (uint8_t)out;
        } else if ((rc = new_msg(m, rank, r->cur, peer, comm, op->tag, op_bytes(op),
                                 is_sync(m, op->call, op_bytes(op)), &gi)) == SKEL_OK)
            rc = new_req(m, rank, RQ_SEND, gi, 0);
        *done = rc == SKEL_OK;
        return rc;
    }
    if (!r->started) {
        if ((rc = resolve(m, rank, r->cur, op->comm, &y->peer, &peer)) != SKEL_OK)
            return rc;
        r->started = 1;
        r->a = NONE;
        int out = 0;
        if ((rc = thin_out(m, rank, comm, peer, 0, 1, &out)) != SKEL_OK)
            return rc;
        if (peer >= 0 && !out &&
            (rc = new_msg(m, rank, r->cur, peer, comm, op->tag, op_bytes(op),
                          is_sync(m, op->call, op_bytes(op)), &r->a)) != SKEL_OK)
            return rc;
    }
    *done = r->a == NONE || !m->msgs[r->a].sync || m->msgs[r->a].matched;
    return SKEL_OK;
}

static int exec_recv(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int32_t src;
    int rc;
    if (!r->started) {
        if ((rc = resolve(m, rank, r->cur, op->comm, &y->peer, &src)) != SKEL_OK)
            return rc;
        r->started = 1;
        r->a = NONE;
        int out = 0;
        if ((rc = thin_out(m, rank, comm, src, 1, 1, &out)) != SKEL_OK)
            return rc;
        if (src != SKEL_PEER_NULL && !out &&
            (rc = new_recv(m, rank, r->cur, src, comm, op->tag,
                           op->rcap * (int64_t)(op->dtsize ? op->dtsize : 1), &r->a)) != SKEL_OK)
            return rc;
        if (op->kind == SKEL_PLAN_IRECV) {
            rc = r->a == NONE ? new_req(m, rank, RQ_NULL, 0, 0)
                              : new_req(m, rank, RQ_RECV, r->a, src == SKEL_PEER_ANY);
            if (rc == SKEL_OK)
                r->ringthin[(r->nact - 1) % m->p->ring] = (uint8_t)out;
            *done = rc == SKEL_OK;
            return rc;
        }
    }
    if (r->a == NONE) {
        *done = 1;
    } else if (m->recvs[r->a].matched) {
        *done = 1;
        if (m->recvs[r->a].src == SKEL_PEER_ANY)
            r->last_any = m->msgs[m->recvs[r->a].msg].src;
    }
    return SKEL_OK;
}

static int exec_sendrecv(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int32_t peer, src;
    int rc;
    if (!r->started) {
        if ((rc = resolve(m, rank, r->cur, op->comm, &y->peer, &peer)) != SKEL_OK ||
            (rc = resolve(m, rank, r->cur, op->comm, &y->peer2, &src)) != SKEL_OK)
            return rc;
        r->started = 1;
        r->a = r->b = NONE;
        /* Mode thin: each half counts its own channel; a half left out is
         * MPI_PROC_NULL in the skeleton, the call left out with both. */
        int sout = 0, rout = 0;
        if ((rc = thin_half(m, rank, comm, peer, op->tag, 0, 1, &sout)) != SKEL_OK ||
            (rc = thin_half(m, rank, comm, src, op->tag2, 1, 1, &rout)) != SKEL_OK)
            return rc;
        r->thinned = (uint8_t)(op->thin && (sout || peer == SKEL_PEER_NULL) &&
                               (rout || src == SKEL_PEER_NULL) && (sout || rout));
        if (sout)
            peer = -1;
        if (rout)
            src = SKEL_PEER_NULL;
        int64_t bytes = op_bytes(op);
        if (peer >= 0 && (rc = new_msg(m, rank, r->cur, peer, comm, op->tag, bytes,
                                       is_sync(m, SKEL_CALL_MPI_Send, bytes), &r->a)) != SKEL_OK)
            return rc;
        int64_t cap = y->call == SKEL_CALL_MPI_Sendrecv_replace
                          ? bytes
                          : op->rcap * (int64_t)(op->dtsize ? op->dtsize : 1);
        if (src != SKEL_PEER_NULL &&
            (rc = new_recv(m, rank, r->cur, src, comm, op->tag2, cap, &r->b)) != SKEL_OK)
            return rc;
    }
    *done = (r->a == NONE || !m->msgs[r->a].sync || m->msgs[r->a].matched) &&
            (r->b == NONE || m->recvs[r->b].matched);
    if (*done && r->b != NONE && m->recvs[r->b].src == SKEL_PEER_ANY)
        r->last_any = m->msgs[m->recvs[r->b].msg].src;
    return SKEL_OK;
}

/* A probe waits for a message it matches; one from MPI_ANY_SOURCE sets the
 * source replies go to, as in the application. */
static int exec_probe(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int32_t src;
    int rc;
    if (y->call == SKEL_CALL_MPI_Iprobe && !op->flag) {
        /* Mode thin: one in K made, counted per operation. */
        int keep = 1;
        if (op->thin && (rc = thin_keeps(m, rank, r->cur, 0, -3, -1, 2, 1, &keep)) != SKEL_OK)
            return rc;
        r->thinned = (uint8_t)!keep;
        *done = 1;
        return SKEL_OK;
    }
    if ((rc = resolve(m, rank, r->cur, op->comm, &y->peer, &src)) != SKEL_OK)
        return rc;
    r->started = 1;
    int out = 0;
    if ((rc = thin_out(m, rank, comm, src, 1, 0, &out)) != SKEL_OK)
        return rc;
    if (src == SKEL_PEER_NULL || out) {
        *done = 1;
        return SKEL_OK;
    }
    uint32_t q;
    if ((rc = find_unexpected(m, (int32_t)rank, comm, src, op->tag, &q)) != SKEL_OK)
        return rc;
    *done = q != NONE;
    if (*done && src == SKEL_PEER_ANY)
        r->last_any = m->msgs[qfront(&m->queues[q])].src;
    if (*done)
        return cross(m, m->msgs[qfront(&m->queues[q])].epoch, r->epoch);
    return SKEL_OK;
}

/* Mode thin: whether the current operation's requests were all made for
 * messages left out (MPI_REQUEST_NULL in the skeleton, which then leaves
 * out a Wait, Test, Cancel or Request_free of them).  A Test whose call
 * the trace links to no request (it completed none) tests the latest
 * request made (emit.c, fill_wait()), and is left out with it. */
static int links_thinned(struct sim *m, uint32_t rank, int *out)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    if (m->p->mode == SKEL_PLAN_THIN && y->nlinks == 0 && op->kind == SKEL_PLAN_TEST) {
        *out = r->nact >= 1 && m->p->ring >= 1 && r->ringthin[(r->nact - 1) % m->p->ring];
        return SKEL_OK;
    }
    *out = m->p->mode == SKEL_PLAN_THIN && y->nlinks > 0;
    for (uint32_t i = 0; *out && i < y->nlinks; i++) {
        uint32_t d;
        int rc = link_dist(m, rank, r->cur, i, &d);
        if (rc != SKEL_OK)
            return rc;
        *out = d > 0 && d <= r->nact && d <= m->p->ring && r->ringthin[(r->nact - d) % m->p->ring];
    }
    return SKEL_OK;
}

/* Wait/Test: every linked request must complete, except that a Test the
 * application saw complete only defers the sends among them (the skeleton
 * finishes those before its closing barrier: the library had buffered
 * them, whatever the eager limit here says). */
static int exec_wait(struct sim *m, uint32_t rank, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan *p = m->p;
    const skel_plan_op *op = &p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int test = op->kind == SKEL_PLAN_TEST, thinned;
    int rc = links_thinned(m, rank, &thinned);
    if (rc != SKEL_OK)
        return rc;
    if (thinned) { /* its requests are RQ_NULL, complete */
        r->thinned = 1;
        *done = 1;
        return SKEL_OK;
    }
    if (test && !op->flag) {
        *done = 1;
        return SKEL_OK;
    }
    r->started = 1;
    for (uint32_t i = 0; i < y->nlinks; i++) {
        uint32_t d;
        if ((rc = link_dist(m, rank, r->cur, i, &d)) != SKEL_OK)
            return rc;
        if (d == 0 || d > r->nact || d > p->ring)
            continue;
        uint32_t q = r->ring[(r->nact - d) % p->ring];
        if (q != NONE && !req_done(m, q) &&
            !(test && m->reqs[q].kind == RQ_SEND && m->reqs[q].pinit == NONE))
            return SKEL_OK;
    }
    for (uint32_t i = 0; i < y->nlinks; i++) {
        uint32_t d;
        if ((rc = link_dist(m, rank, r->cur, i, &d)) != SKEL_OK)
            return rc;
        if (d == 0 || d > r->nact || d > p->ring)
            continue;
        uint32_t *slot = &r->ring[(r->nact - d) % p->ring];
        if (*slot == NONE)
            continue;
        if (!req_done(m, *slot) && (rc = vpush(&r->deferred, *slot)) != SKEL_OK)
            return rc;
        /* A receive cancelled here whose application counterpart was not
         * (its cancel failed: it got a message, which the skeleton's
         * sender then sends to nobody). */
        if (m->reqs[*slot].kind == RQ_RECV && m->recvs[m->reqs[*slot].idx].cancelled &&
            !(y->links[i].flags & SKEL_EVF_CANCELLED) &&
            m->s->symbols[m->p->ops[m->recvs[m->reqs[*slot].idx].op].sym].match[0] !=
                SKEL_SIG_NONE) {
            char od[320];
            return skel_fail(SKEL_EDEADLOCK,
                             "rank %u, operation %llu of its skeleton program: %s completes a "
                             "receive the skeleton cancelled, which the application's cancel "
                             "did not (its receive got a message)",
                             rank, (unsigned long long)r->pos, op_str(m, r->cur, od, sizeof od));
        }
        m->reqs[*slot].waited = 1;
        if (m->reqs[*slot].kind == RQ_RECV && m->reqs[*slot].any &&
            !m->recvs[m->reqs[*slot].idx].cancelled)
            r->last_any = m->msgs[m->recvs[m->reqs[*slot].idx].msg].src;
        if (m->reqs[*slot].pinit == NONE) /* a persistent one stays, inactive */
            *slot = NONE;
    }
    *done = 1;
    return SKEL_OK;
}

/* Persistent requests.  Send_init/Recv_init make an inactive request that
 * fixes its peer; Start and Startall give each linked request a new
 * activation that moves it in the ring, with a message or a receive as
 * MPI_Isend/MPI_Irecv would make.  A send's protocol is judged on the
 * application's size (its count in the skeleton is fixed only when every
 * Start is known: skel_plan_start_weight()), which is at least the
 * skeleton's, so the check's rendezvous is never too lenient. */
static int exec_pinit(struct sim *m, uint32_t rank, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int32_t peer;
    int rc = resolve(m, rank, r->cur, op->comm, &y->peer, &peer);
    if (rc == SKEL_OK)
        rc = new_req(m, rank, RQ_NULL, 0, 0);
    if (rc != SKEL_OK)
        return rc;
    struct req *q = &m->reqs[m->nreqs - 1];
    q->pinit = r->cur;
    q->peer = peer;
    q->any = peer == SKEL_PEER_ANY;
    *done = 1;
    return SKEL_OK;
}

static int start_one(struct sim *m, uint32_t rank, uint32_t q0)
{
    skel_plan *p = m->p;
    uint32_t init = m->reqs[q0].pinit;
    int32_t peer = m->reqs[q0].peer;
    skel_plan_op *io = &p->ops[init];
    skel_plan_start_weight(p, io, p->ops[m->rs[rank].cur].w);
    uint32_t comm = comm_of(m, rank, io->comm), idx = 0;
    if (comm == NONE)
        return bad_comm(m, rank, init, io->comm);
    uint8_t kind = RQ_NULL;
    int rc = SKEL_OK;
    if (io->kind == SKEL_PLAN_PSEND && peer >= 0) {
        int64_t bytes = skel_plan_persistent_bytes(p, io);
        rc = new_msg(m, rank, init, peer, comm, io->tag, bytes, is_sync(m, io->call, bytes), &idx);
        kind = RQ_SEND;
    } else if (io->kind == SKEL_PLAN_PRECV && peer != SKEL_PEER_NULL) {
        rc = new_recv(m, rank, init, peer, comm, io->tag,
                      io->rcap * (int64_t)(io->dtsize ? io->dtsize : 1), &idx);
        kind = RQ_RECV;
    }
    if (rc == SKEL_OK)
        rc = new_req(m, rank, kind, idx, peer == SKEL_PEER_ANY);
    if (rc == SKEL_OK) {
        m->reqs[m->nreqs - 1].pinit = init;
        m->reqs[m->nreqs - 1].peer = peer;
    }
    return rc;
}

/* Matched probes receive their message (an Improbe that found nothing in
 * the application uses a tag nothing sends with: it does nothing); Mrecv
 * and Imrecv copy out the oldest message held, complete at once.  Mode
 * thin: a matched probe counts its channel as a receive (exec_recv()), one
 * that found nothing is made one in K, counted per operation (as an
 * MPI_Iprobe that found nothing), and an Mrecv or Imrecv is left out when
 * no message is held (its probe was left out). */
static int exec_matched(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    int rc;
    if (op->kind == SKEL_PLAN_MPROBE) {
        if (op->call == SKEL_CALL_MPI_Improbe && !op->flag) {
            int keep = 1;
            if (op->thin && (rc = thin_keeps(m, rank, r->cur, 0, -3, -1, 2, 1, &keep)) != SKEL_OK)
                return rc;
            r->thinned = (uint8_t)!keep;
            *done = 1;
            return SKEL_OK;
        }
        rc = exec_recv(m, rank, comm, done);
        if (rc == SKEL_OK && *done && !r->thinned)
            r->held++;
        return rc;
    }
    if (r->held == 0 && op->thin) {
        r->thinned = 1;
        *done = 1;
        if (op->call != SKEL_CALL_MPI_Imrecv)
            return SKEL_OK;
        rc = new_req(m, rank, RQ_NULL, 0, 0);
        if (rc == SKEL_OK)
            r->ringthin[(r->nact - 1) % m->p->ring] = 1;
        return rc;
    }
    if (r->held == 0) {
        char d[320];
        return skel_fail(SKEL_EDEADLOCK,
                         "rank %u, operation %llu of its skeleton: %s receives a matched "
                         "message, but no matched probe holds one",
                         rank, (unsigned long long)r->pos, op_str(m, r->cur, d, sizeof d));
    }
    r->held--;
    *done = 1;
    return op->call == SKEL_CALL_MPI_Imrecv ? new_req(m, rank, RQ_NULL, 0, 0) : SKEL_OK;
}

/* MPI_Cancel of a receive nothing matched yet: taken off the posted
 * receives, complete (its Wait finds it cancelled).  A receive of a symbol
 * whose other receives met messages in the application (HPCC re-posts one
 * receive from MPI_ANY_SOURCE and cancels the last) is cancelled too, and
 * the Wait or Test that completes it checks that the application's found it
 * cancelled as well (exec_wait).  A receive the skeleton matched before its
 * cancel, where the application may not have: refused.
 *
 * MPI_Cancel of a send whose symbol's messages no receive took in the
 * application: made.  Whether the library cancels it or delivers it (MPICH
 * 4.0.2 and Open MPI 4.1.4 deliver a small one and do not cancel it:
 * docs/codegen.md, "Cancelled sends"), no receive of the skeleton can take
 * it, its tag being one no receive uses (op_tag()); it may stay unreceived
 * at the end (leftovers()).  A send whose messages receives took is
 * refused: the skeleton's cancel could succeed where the application's
 * failed, and its receive would never be matched.  So is the cancel of a
 * collective. */
static int cancel_req(struct sim *m, uint32_t rank, uint32_t q)
{
    const struct req *rq = &m->reqs[q];
    char d[320];
    if (rq->kind == RQ_NULL)
        return SKEL_OK;
    if (rq->kind == RQ_SEND) {
        struct msg *g = &m->msgs[rq->idx];
        if (m->s->symbols[m->p->ops[g->op].sym].match[0] == SKEL_SIG_NONE && !g->matched) {
            g->cancel = 1;
            return SKEL_OK;
        }
        return skel_fail(SKEL_EUNSUPPORTED,
                         "rank %u, operation %llu of its skeleton: %s cancels a send whose "
                         "messages receives took in the application: the skeleton's cancel "
                         "could succeed where the application's failed",
                         rank, (unsigned long long)m->rs[rank].pos,
                         op_str(m, m->rs[rank].cur, d, sizeof d));
    }
    struct precv *rv = rq->kind == RQ_RECV ? &m->recvs[rq->idx] : NULL;
    if (rv == NULL || rv->matched)
        return skel_fail(
            rv == NULL ? SKEL_EUNSUPPORTED : SKEL_EDEADLOCK,
            "rank %u, operation %llu of its skeleton: %s cancels %s", rank,
            (unsigned long long)m->rs[rank].pos, op_str(m, m->rs[rank].cur, d, sizeof d),
            rv == NULL ? "a collective: only sends and receives can be cancelled"
                       : "a receive the skeleton matched first: only receives nothing matched "
                         "can be cancelled");
    struct rstate *dr = &m->rs[rv->rank];
    for (uint32_t i = 0; i < dr->wild.n; i++)
        if (dr->wild.v[i] == rq->idx) {
            vremove(&dr->wild, i);
            break;
        }
    rv->cancelled = rv->matched = 1;
    return SKEL_OK;
}

/* Start/Startall and Request_free: every linked request must be one the
 * skeleton holds (a Start: a persistent one, not active). */
static int exec_start(struct sim *m, uint32_t rank, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan *p = m->p;
    const skel_plan_op *op = &p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int start = op->kind == SKEL_PLAN_START, thinned = 0, rc;
    if (!start && (rc = links_thinned(m, rank, &thinned)) != SKEL_OK)
        return rc;
    r->thinned = (uint8_t)thinned;
    r->started = 1;
    r->startq.n = 0;
    for (uint32_t i = 0; i < y->nlinks; i++) {
        uint32_t d, q = NONE;
        if ((rc = link_dist(m, rank, r->cur, i, &d)) != SKEL_OK)
            return rc;
        if (d > 0 && d <= r->nact && d <= p->ring)
            q = r->ring[(r->nact - d) % p->ring];
        if (start && (q == NONE || m->reqs[q].pinit == NONE || !req_done(m, q))) {
            char dd[320];
            return skel_fail(SKEL_EDEADLOCK,
                             "rank %u, operation %llu of its skeleton: %s starts %s", rank,
                             (unsigned long long)r->pos, op_str(m, r->cur, dd, sizeof dd),
                             q == NONE || m->reqs[q].pinit == NONE
                                 ? "a request that is not a persistent one the skeleton made"
                                 : "a request that is still active");
        }
        if (op->kind == SKEL_PLAN_CANCEL) {
            if (q != NONE && (rc = cancel_req(m, rank, q)) != SKEL_OK)
                return rc;
            continue;
        }
        if (q != NONE && (rc = vpush(&r->startq, q)) != SKEL_OK)
            return rc;
        if (q != NONE)
            r->ring[(r->nact - d) % p->ring] = NONE;
    }
    for (uint32_t i = 0; start && i < r->startq.n; i++)
        if ((rc = start_one(m, rank, r->startq.v[i])) != SKEL_OK)
            return rc;
    *done = 1;
    return SKEL_OK;
}

static int exec_coll(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    int rc;
    if (!r->started && op->thin && (op->kind == SKEL_PLAN_COLL || op->kind == SKEL_PLAN_ICOLL)) {
        /* Mode thin: one collective in K on a communicator, counted by
         * every member alike (the skeleton's skel_coll()); one left out
         * that had a request has MPI_REQUEST_NULL. */
        uint32_t gen = op->comm < m->p->nslots ? r->slotgen[op->comm] : 0;
        int keep = 1;
        if ((rc = thin_keeps(m, rank, comm, gen, THIN_COLL, -1, 3, 1, &keep)) != SKEL_OK)
            return rc;
        if (!keep) {
            r->thinned = 1;
            if (op->kind == SKEL_PLAN_ICOLL) {
                if ((rc = new_req(m, rank, RQ_NULL, 0, 0)) != SKEL_OK)
                    return rc;
                r->ringthin[(r->nact - 1) % m->p->ring] = 1;
            }
            *done = 1;
            return SKEL_OK;
        }
    }
    if (!r->started) {
        int32_t root = -1;
        const struct skel_call_info *ci = skel_call_info(y->call);
        /* MPI_Intercomm_create joins both groups: it meets the other side
         * on the intercommunicator it makes. */
        if (op->kind == SKEL_PLAN_COMM && op->newcomm == SKEL_PLAN_INTER &&
            (comm = comm_of(m, rank, y->newcomm)) == NONE)
            return bad_comm(m, rank, r->cur, y->newcomm);
        if (op->kind != SKEL_PLAN_COMM && ci != NULL && ci->rooted) {
            int32_t cr, wr;
            char d[320];
            if ((rc = skel_sig_peer_resolve(m->s, rank, op->comm, &y->root, SKEL_PEER_NONE, &cr,
                                            &wr)) != SKEL_OK)
                return skel_fail_context(rc, "rank %u, root of %s", rank,
                                         op_str(m, r->cur, d, sizeof d));
            /* On an intercommunicator the root passes MPI_ROOT and the rest
             * of its group MPI_PROC_NULL: which rank of that group is the
             * root, the other group's calls tell. */
            int inter = comm != NONE && comm != SELF_COMM && comm < m->s->ncomms &&
                        (m->s->comms[comm].flags & SKEL_COMMF_INTER);
            if (inter && wr == SKEL_PEER_ROOT)
                wr = (int32_t)rank;
            else if (inter && wr == SKEL_PEER_NULL)
                wr = ROOT_IN_GROUP;
            else if (wr < 0)
                return skel_fail(SKEL_ERANGE, "rank %u: the root of %s is not a rank", rank,
                                 op_str(m, r->cur, d, sizeof d));
            root = wr;
        }
        if ((rc = join(m, rank, r->cur, comm, op->call, root, &r->a)) != SKEL_OK)
            return rc;
        r->started = 1;
        if (op->kind == SKEL_PLAN_ICOLL || (op->kind == SKEL_PLAN_COMM && op->request)) {
            rc = new_req(m, rank, RQ_COLL, r->a, 0);
            if (rc == SKEL_OK && op->kind == SKEL_PLAN_COMM && y->newcomm < m->p->nslots)
                r->idup[y->newcomm] = m->nreqs - 1;
            *done = rc == SKEL_OK;
            return rc;
        }
    }
    *done = m->insts[r->a].arrived == m->insts[r->a].size;
    return SKEL_OK;
}

/* The general active-target call op makes: an MPI_Win_test that found its
 * exposure epoch over in the application is its MPI_Win_wait (the skeleton
 * waits there until it is, skel_rma()); one that found nothing is local
 * (0). */
static uint16_t pscw_call(const skel_plan_op *op)
{
    uint16_t call =
        op->call == SKEL_CALL_MPI_Win_test && op->flag ? SKEL_CALL_MPI_Win_wait : op->call;
    return call == SKEL_CALL_MPI_Win_post || call == SKEL_CALL_MPI_Win_start ||
                   call == SKEL_CALL_MPI_Win_complete || call == SKEL_CALL_MPI_Win_wait
               ? call
               : 0;
}

/* General active-target synchronisation as handshakes (PSCW_COMM):
 * MPI_Win_post sends one to each member of its group and MPI_Win_start
 * waits for one from each member of its own (MPI lets it wait there, so a
 * correct program must allow it); MPI_Win_complete sends one to each member
 * of the group of the window's open MPI_Win_start, and MPI_Win_wait waits
 * for one from each member of the group of its open MPI_Win_post. */
static int exec_pscw(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    int rc;
    if (!r->started) {
        uint16_t call = pscw_call(op);
        int opens = call == SKEL_CALL_MPI_Win_post || call == SKEL_CALL_MPI_Win_start;
        int sends = call == SKEL_CALL_MPI_Win_post || call == SKEL_CALL_MPI_Win_complete;
        int access = call == SKEL_CALL_MPI_Win_start || call == SKEL_CALL_MPI_Win_complete;
        uint32_t w = op->obj >= 0 ? (uint32_t)op->obj : 0, e = 2 * w + (uint32_t)access;
        if (e >= r->nepoch_op) {
            uint32_t old = r->nepoch_op;
            if ((rc = skel_grow_u32(&r->epoch_op, &r->nepoch_op, (uint64_t)e + 1,
                                    sizeof *r->epoch_op)) != SKEL_OK)
                return rc;
            for (uint32_t i = old; i < r->nepoch_op; i++)
                r->epoch_op[i] = NONE;
        }
        uint32_t gop = opens ? r->cur : r->epoch_op[e];
        char d[320];
        if (opens && r->epoch_op[e] != NONE)
            return skel_fail(SKEL_EDEADLOCK,
                             "rank %u, operation %llu of its skeleton: %s opens an %s epoch on a "
                             "window whose previous one is not closed",
                             rank, (unsigned long long)r->pos, op_str(m, r->cur, d, sizeof d),
                             access ? "access" : "exposure");
        if (gop == NONE)
            return skel_fail(SKEL_EDEADLOCK,
                             "rank %u, operation %llu of its skeleton: %s closes an %s epoch that "
                             "no %s opened",
                             rank, (unsigned long long)r->pos, op_str(m, r->cur, d, sizeof d),
                             access ? "access" : "exposure",
                             access ? "MPI_Win_start" : "MPI_Win_post");
        r->epoch_op[e] = opens ? r->cur : NONE;
        const skel_plan_op *gp = &m->p->ops[gop];
        const skel_sig_symbol *g = &m->s->symbols[gp->sym];
        int32_t tag = access == sends ? TAG_COMPLETED : TAG_POSTED;
        r->pscw.n = 0;
        for (uint32_t k = 0; k < g->ngroup; k++) {
            int32_t peer;
            uint32_t x;
            if ((rc = resolve(m, rank, gop, gp->comm, &g->group[k], &peer)) != SKEL_OK)
                return rc;
            if (peer < 0 || (uint32_t)peer >= m->s->nranks)
                return skel_fail(SKEL_ERANGE, "rank %u: member %u of the group of %s is no rank",
                                 rank, k, op_str(m, gop, d, sizeof d));
            if (sends)
                rc = new_msg(m, rank, r->cur, peer, PSCW_COMM(comm), tag, 0, 0, &x);
            else if ((rc = new_recv(m, rank, r->cur, peer, PSCW_COMM(comm), tag, 0, &x)) == SKEL_OK)
                rc = vpush(&r->pscw, x);
            if (rc != SKEL_OK)
                return rc;
        }
        r->started = 1;
    }
    for (uint32_t i = 0; i < r->pscw.n; i++)
        if (!m->recvs[r->pscw.v[i]].matched)
            return SKEL_OK;
    *done = 1;
    return SKEL_OK;
}

/* One-sided and I/O operations: the collective ones (window and file
 * creation and freeing, Win_fence, File_set_view, File_sync, *_all) join
 * their communicator's collectives in order; MPI_Win_post, start, complete
 * and wait are handshakes (exec_pscw()); the others complete locally,
 * their requests (Rput, File_iwrite...) at once. */
static int exec_object(struct sim *m, uint32_t rank, uint32_t comm, int *done)
{
    struct rstate *r = &m->rs[rank];
    const skel_plan_op *op = &m->p->ops[r->cur];
    if (op->kind == SKEL_PLAN_WINSYNC && pscw_call(op) != 0)
        return exec_pscw(m, rank, comm, done);
    if (op->collective)
        return exec_coll(m, rank, comm, done);
    if (op->request) {
        uint32_t a;
        int rc = join(m, rank, r->cur, SELF_COMM, op->call, -1, &a);
        if (rc == SKEL_OK)
            rc = new_req(m, rank, RQ_COLL, a, 0);
        *done = rc == SKEL_OK;
        return rc;
    }
    *done = 1;
    return SKEL_OK;
}

/* Execute (or continue) rank r's current operation: *done set when it
 * completed. */
static int exec_op(struct sim *m, uint32_t rank, int *done)
{
    struct rstate *r = &m->rs[rank];
    *done = 0;
    if (r->cur == NONE)
        return exec_frame(m, rank, done);
    const skel_plan_op *op = &m->p->ops[r->cur];
    uint32_t comm = NONE;
    if (skel_plan_kind_uses_comm(op->kind)) {
        comm = comm_of(m, rank, op->comm);
        if (comm == NONE)
            return bad_comm(m, rank, r->cur, op->comm);
        int rc = idup_pending(m, rank, r->cur, op->comm);
        if (rc != SKEL_OK)
            return rc;
    }
    switch (op->kind) {
    case SKEL_PLAN_COMMFREE:
        *done = 1;
        if (op->comm < m->p->nslots)
            r->slotgen[op->comm]++;
        return idup_pending(m, rank, r->cur, op->comm);
    case SKEL_PLAN_COMPUTE:
        *done = 1;
        return SKEL_OK;
    case SKEL_PLAN_SEND:
    case SKEL_PLAN_ISEND:
        return exec_send(m, rank, comm, done);
    case SKEL_PLAN_RECV:
    case SKEL_PLAN_IRECV:
        return exec_recv(m, rank, comm, done);
    case SKEL_PLAN_SENDRECV:
        return exec_sendrecv(m, rank, comm, done);
    case SKEL_PLAN_PROBE:
        return exec_probe(m, rank, comm, done);
    case SKEL_PLAN_WAIT:
    case SKEL_PLAN_TEST:
        return exec_wait(m, rank, done);
    case SKEL_PLAN_COLL:
    case SKEL_PLAN_ICOLL:
    case SKEL_PLAN_COMM: {
        /* the slot it makes its communicator in counts its channels anew */
        uint32_t made = m->s->symbols[op->sym].newcomm;
        int rc = exec_coll(m, rank, comm, done);
        if (rc == SKEL_OK && *done && made < m->p->nslots)
            r->slotgen[made]++;
        return rc;
    }
    case SKEL_PLAN_PSEND:
    case SKEL_PLAN_PRECV:
        return exec_pinit(m, rank, done);
    case SKEL_PLAN_START:
    case SKEL_PLAN_REQFREE:
    case SKEL_PLAN_CANCEL:
        return exec_start(m, rank, done);
    case SKEL_PLAN_MPROBE:
    case SKEL_PLAN_MRECV:
        return exec_matched(m, rank, comm, done);
    default:
        if (skel_plan_kind_is_object(op->kind))
            return exec_object(m, rank, comm, done);
        return skel_fail(SKEL_EINTERNAL, "operation kind %d", op->kind);
    }
}

static int too_many_ops(const struct sim *m)
{
    return skel_fail(SKEL_ERANGE,
                     "the skeleton's schedule has more than %llu operations over all "
                     "ranks: too long to check; use a larger K (or raise the check "
                     "limit)",
                     (unsigned long long)m->max_ops);
}

/* Mode epochs: the modelled time of an operation (as the plan's totals). */
static double op_model_ns(const struct sim *m, const skel_plan_op *op, int compute)
{
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    double t =
        (compute ? y->compute.mean : 0) + (op->kind == SKEL_PLAN_COMPUTE ? 0 : y->duration.mean);
    return t * (double)op->w / (double)m->p->wden;
}

/* Mode epochs: whether epoch e is made (first pass: all). */
static int epoch_made_at(const struct sim *m, uint64_t e)
{
    return m->epass != 2 || e >= m->p->nekeep || m->p->ekeep[e];
}

/* Mode epochs: the rank's next epoch begins. */
static void next_epoch(const struct sim *m, struct rstate *r)
{
    r->epoch++;
    r->eskip = !epoch_made_at(m, r->epoch);
}

/* Mode epochs, first pass: t more nanoseconds in epoch e of class column c. */
static void epoch_time(struct sim *m, uint64_t e, uint32_t c, double t)
{
    if (e >= m->netime) {
        uint64_t n = m->netime ? m->netime : 64;
        while (n <= e)
            n *= 2;
        if (m->ew > 1 && (double)n * m->ew * sizeof(double) > (double)m->max_bytes / 4) {
            /* Too wide: one column, the classes summed. */
            for (uint64_t i = 0; i < m->netime; i++) {
                double sum = 0;
                for (uint32_t j = 0; j < m->ew; j++)
                    sum += m->etime[i * m->ew + j];
                m->etime[i] = sum;
            }
            m->ew = 1;
        }
        uint64_t w = m->ew;
        double *v = n <= SIZE_MAX / sizeof *v / w ? realloc(m->etime, n * w * sizeof *v) : NULL;
        if (v == NULL) {
            m->eoom = 1;
            return;
        }
        memset(v + m->netime * w, 0, (n - m->netime) * w * sizeof *v);
        m->etime = v;
        m->netime = n;
    }
    m->etime[e * m->ew + (m->ew > 1 ? c : 0)] += t;
}

/* Mode epochs: an operation just fetched in an epoch left out, which is
 * not made; 0 if it is made. */
static int epoch_skips(struct sim *m, struct rstate *r)
{
    const skel_plan_op *op = &m->p->ops[r->cur];
    double t = op_model_ns(m, op, 1);
    r->m_all += t;
    if (m->epass == 1 && !m->eoom && m->ecol[r - m->rs] != NONE)
        epoch_time(m, r->epoch, m->ecol[r - m->rs], t);
    if (!r->eskip || op->always)
        return 0;
    if (op->delim)
        next_epoch(m, r);
    return 1;
}

/* Modes epochs and thin: an operation was made (its call counted). */
static void op_made(struct rstate *r, const skel_plan_op *op)
{
    r->made++;
    if (op->call != 0 && op->call < SKEL_CALL_LIMIT)
        r->calls[op->call]++;
}

/* Mode epochs: an operation was made. */
static void epoch_made(const struct sim *m, struct rstate *r)
{
    const skel_plan_op *op = &m->p->ops[r->cur];
    /* Made in an epoch left out (always), it computes nothing before it. */
    r->m_kept += op_model_ns(m, op, !r->eskip);
    op_made(r, op);
    if (op->delim)
        next_epoch(m, r);
}

/* Run rank as far as it goes; *moved when it executed or completed anything. */
static int run_rank(struct sim *m, uint32_t rank, int *moved)
{
    struct rstate *r = &m->rs[rank];
    int epochs = m->p->mode == SKEL_PLAN_EPOCHS, thin = m->p->mode == SKEL_PLAN_THIN;
    *moved = 0;
    while (r->phase != PH_DONE) {
        if (!r->started && r->cur == NONE && r->phase == PH_PROGRAM) {
            r->cur = next_op(m->p, r);
            r->thinned = 0;
            if (r->cur == NONE) {
                r->phase = PH_END;
                continue;
            }
            if (epochs && epoch_skips(m, r)) {
                r->cur = NONE;
                *moved = 1;
                if (++m->total_ops > m->max_ops)
                    return too_many_ops(m);
                continue;
            }
        }
        int done = 0, rc = exec_op(m, rank, &done);
        if (rc != SKEL_OK)
            return rc;
        if (!done)
            return SKEL_OK;
        *moved = 1;
        r->started = 0;
        if (r->cur != NONE) {
            if (epochs)
                epoch_made(m, r);
            else if (thin && !r->thinned)
                op_made(r, &m->p->ops[r->cur]);
            r->cur = NONE;
            r->pos++;
            if (++m->total_ops > m->max_ops)
                return too_many_ops(m);
        } else {
            r->phase++;
        }
    }
    return SKEL_OK;
}

/* ------------------------------------------------------------------------ */
/* Refusals: one line naming the first operation that can never complete */

/* A request that never completes, described. */
static void describe_req(const struct sim *m, uint32_t q, char *buf, size_t len)
{
    char d[320], pb[32], tb[32], cb[48];
    const struct req *rq = &m->reqs[q];
    if (rq->kind == RQ_RECV) {
        const struct precv *rv = &m->recvs[rq->idx];
        snprintf(buf, len,
                 "its receive from %s with tag %s on %s (%s, operation %llu), which no "
                 "message ever matches",
                 peer_str(rv->src, pb, sizeof pb),
                 tag_str(app_tag(m, rv->op, m->p->ops[rv->op].kind == SKEL_PLAN_SENDRECV), tb,
                         sizeof tb),
                 comm_str(m, rv->comm, cb, sizeof cb), op_str(m, rv->op, d, sizeof d),
                 (unsigned long long)rv->pos);
    } else if (rq->kind == RQ_SEND) {
        const struct msg *g = &m->msgs[rq->idx];
        snprintf(buf, len,
                 "its send to %s with tag %s on %s (%lld bytes; %s, operation %llu), "
                 "which no receive ever matches",
                 peer_str(g->dst, pb, sizeof pb), tag_str(app_tag(m, g->op, 0), tb, sizeof tb),
                 comm_str(m, g->comm, cb, sizeof cb), (long long)g->bytes,
                 op_str(m, g->op, d, sizeof d), (unsigned long long)g->pos);
    } else {
        const struct inst *in = &m->insts[rq->idx];
        snprintf(buf, len, "a nonblocking %s on %s that only %u of its %u ranks start",
                 skel_call_name(in->call), comm_str(m, in->comm, cb, sizeof cb), in->arrived,
                 in->size);
    }
}

/* The first of the listed requests still pending, described; 0 if none. */
static int first_pending(const struct sim *m, const struct rstate *r, const skel_plan_op *op,
                         char *buf, size_t len)
{
    const skel_sig_symbol *y = op != NULL ? &m->s->symbols[op->sym] : NULL;
    if (y == NULL) {
        for (uint32_t i = 0; i < r->deferred.n; i++)
            if (!req_done(m, r->deferred.v[i])) {
                describe_req(m, r->deferred.v[i], buf, len);
                return 1;
            }
        return 0;
    }
    for (uint32_t i = 0; i < y->nlinks; i++) {
        uint32_t dd = y->links[i].dist;
        if (op->ldist != NULL && !op->lconflict && op->ldist[i] != UINT32_MAX)
            dd = op->ldist[i];
        if (dd == 0 || dd > r->nact || dd > m->p->ring)
            continue;
        uint32_t q = r->ring[(r->nact - dd) % m->p->ring];
        if (q != NONE && !req_done(m, q)) {
            describe_req(m, q, buf, len);
            return 1;
        }
    }
    return 0;
}

/* What blocked rank r waits for, for the refusal message. */
static void describe_block(const struct sim *m, uint32_t rank, char *buf, size_t len)
{
    const struct rstate *r = &m->rs[rank];
    char d[320], what[700], pb[32], tb[32], cb[48];
    if (r->cur == NONE) {
        if (r->phase == PH_END && !r->started && first_pending(m, r, NULL, what, sizeof what)) {
            snprintf(buf, len, "rank %u ends its program waiting for %s", rank, what);
            return;
        }
        const struct inst *in = &m->insts[r->a];
        snprintf(buf, len, "rank %u waits forever in %s (%u of %u ranks of %s arrived)", rank,
                 r->phase == PH_FINALIZE ? "MPI_Finalize"
                 : r->phase == PH_START  ? "the skeleton's opening barrier"
                                         : "the skeleton's closing barrier",
                 in->arrived, in->size, comm_str(m, in->comm, cb, sizeof cb));
        return;
    }
    const skel_plan_op *op = &m->p->ops[r->cur];
    const skel_sig_symbol *y = &m->s->symbols[op->sym];
    size_t o = (size_t)snprintf(buf, len, "rank %u, operation %llu of its skeleton program: %s ",
                                rank, (unsigned long long)r->pos, op_str(m, r->cur, d, sizeof d));
    if (o >= len)
        return;
    if (op->kind == SKEL_PLAN_WINSYNC && pscw_call(op) != 0) {
        for (uint32_t i = 0; i < r->pscw.n; i++) {
            const struct precv *rv = &m->recvs[r->pscw.v[i]];
            if (!rv->matched) {
                snprintf(buf + o, len - o, "waits for the %s of %s, which never comes",
                         rv->tag == TAG_POSTED ? "MPI_Win_post" : "MPI_Win_complete",
                         peer_str(rv->src, pb, sizeof pb));
                return;
            }
        }
        snprintf(buf + o, len - o, "never completes");
        return;
    }
    switch (op->kind) {
    case SKEL_PLAN_SEND:
        snprintf(buf + o, len - o,
                 "sends to %s with tag %s on %s (%lld bytes), and no receive "
                 "ever matches it",
                 peer_str(m->msgs[r->a].dst, pb, sizeof pb), tag_str(y->tag, tb, sizeof tb),
                 comm_str(m, m->msgs[r->a].comm, cb, sizeof cb), (long long)m->msgs[r->a].bytes);
        break;
    case SKEL_PLAN_RECV:
    case SKEL_PLAN_MPROBE:
        snprintf(buf + o, len - o,
                 "receives from %s with tag %s on %s, and no message ever "
                 "matches it",
                 peer_str(m->recvs[r->a].src, pb, sizeof pb), tag_str(y->tag, tb, sizeof tb),
                 comm_str(m, m->recvs[r->a].comm, cb, sizeof cb));
        break;
    case SKEL_PLAN_SENDRECV:
        snprintf(buf + o, len - o, "(send tag %s, receive tag %s) never completes",
                 tag_str(y->tag, tb, sizeof tb), tag_str(y->tag2, pb, sizeof pb));
        break;
    case SKEL_PLAN_PROBE:
        snprintf(buf + o, len - o, "probes for tag %s and no message ever arrives",
                 tag_str(y->tag, tb, sizeof tb));
        break;
    case SKEL_PLAN_WAIT:
    case SKEL_PLAN_TEST:
        if (first_pending(m, r, op, what, sizeof what))
            snprintf(buf + o, len - o, "waits for %s", what);
        else
            snprintf(buf + o, len - o, "never completes");
        break;
    default: {
        const struct inst *in = &m->insts[r->a];
        snprintf(buf + o, len - o, "on %s: only %u of its %u ranks ever reach it",
                 comm_str(m, in->comm, cb, sizeof cb), in->arrived, in->size);
        break;
    }
    }
}

/* Names the first blocked rank and what it waits for. */
static int deadlock(const struct sim *m)
{
    uint32_t nblocked = 0, first = NONE;
    for (uint32_t r = 0; r < m->s->nranks; r++)
        if (m->rs[r].phase != PH_DONE) {
            if (first == NONE)
                first = r;
            nblocked++;
        }
    char what[1200], more[1200] = "";
    describe_block(m, first, what, sizeof what);
    /* A second blocked rank often shows the other half of the cycle. */
    for (uint32_t r = first + 1; r < m->s->nranks; r++)
        if (m->rs[r].phase != PH_DONE) {
            char b2[1100];
            describe_block(m, r, b2, sizeof b2);
            snprintf(more, sizeof more, "; meanwhile %s", b2);
            break;
        }
    return skel_fail(SKEL_EDEADLOCK,
                     "the skeleton would deadlock: %s%s (%u of %u ranks blocked; "
                     "standard sends above %llu bytes taken as rendezvous: see --eager-limit)",
                     what, more, nblocked, m->s->nranks, (unsigned long long)m->o->eager_bytes);
}

static int leftovers(const struct sim *m)
{
    char d[320], pb[32], tb[32], cb[48];
    /* The application left this many messages unreceived (a last message
     * at MPI_Finalize): as many of the skeleton's may stay, if their sends
     * completed without a receive (eager or buffered). */
    uint64_t allowed = m->s->messages_unreceived;
    for (uint32_t r = 0; r < m->s->nranks; r++) {
        const struct rstate *rs = &m->rs[r];
        for (uint32_t i = 0; i < rs->unexp_q.n; i++) {
            const struct queue *x = &m->queues[rs->unexp_q.v[i]];
            uint32_t gi = qfront(x);
            if (gi == NONE)
                continue;
            const struct msg *g = &m->msgs[gi];
            /* Messages whose sends were cancelled (cancel_req) stay or not,
             * whatever the application's did: not counted. */
            uint64_t eager = 0, cancelled = 0;
            for (uint32_t j = x->head; j < x->n && !m->msgs[x->v[j]].sync; j++) {
                eager++;
                cancelled += m->msgs[x->v[j]].cancel;
            }
            if (g->tag != TAG_POSTED && g->tag != TAG_COMPLETED && eager == x->n - x->head &&
                eager - cancelled <= allowed) {
                allowed -= eager - cancelled;
                continue;
            }
            if (g->tag == TAG_POSTED || g->tag == TAG_COMPLETED)
                return skel_fail(
                    SKEL_EDEADLOCK, "rank %d's %s (operation %llu) names rank %u, which never %s",
                    g->src, op_str(m, g->op, d, sizeof d), (unsigned long long)g->pos, r,
                    g->tag == TAG_POSTED ? "starts an access epoch to match it"
                                         : "waits to match it");
            return skel_fail(SKEL_EDEADLOCK,
                             "a message is never received: rank %d sends it to rank %u with tag "
                             "%s on %s at operation %llu (%s)",
                             g->src, r, tag_str(app_tag(m, g->op, 0), tb, sizeof tb),
                             comm_str(m, g->comm, cb, sizeof cb), (unsigned long long)g->pos,
                             op_str(m, g->op, d, sizeof d));
        }
        uint32_t ri = rs->wild.n > 0 ? rs->wild.v[0] : NONE;
        for (uint32_t i = 0; i < rs->posted_q.n && ri == NONE; i++) {
            struct queue *x = &m->queues[rs->posted_q.v[i]];
            while (qfront(x) != NONE && m->recvs[qfront(x)].cancelled)
                qpop(x);
            ri = qfront(x);
        }
        if (ri != NONE) {
            const struct precv *rv = &m->recvs[ri];
            return skel_fail(SKEL_EDEADLOCK,
                             "a receive is never matched: rank %u receives from %s with tag %s "
                             "on %s at operation %llu (%s)",
                             r, peer_str(rv->src, pb, sizeof pb),
                             tag_str(app_tag(m, rv->op, 0), tb, sizeof tb),
                             comm_str(m, rv->comm, cb, sizeof cb), (unsigned long long)rv->pos,
                             op_str(m, rv->op, d, sizeof d));
        }
    }
    return SKEL_OK;
}

/* ------------------------------------------------------------------------ */

/* Deepest nesting of loops below seq (memoised in depth[], 0 = unknown). */
static uint32_t seq_depth(const skel_plan *p, uint32_t seq, uint32_t *depth)
{
    if (depth[seq] != 0)
        return depth[seq];
    uint32_t d = 1;
    const skel_plan_seq *q = &p->seqs[seq];
    for (uint32_t i = 0; i < q->n; i++)
        if (q->items[i].kind == SKEL_PLAN_ITEM_LOOP) {
            uint32_t x = 1 + seq_depth(p, q->items[i].ref, depth);
            if (x > d)
                d = x;
        }
    depth[seq] = d;
    return d;
}

/* Whether communicator a's local group is b's remote group. */
static int sides_of(const skel_sig_comm *a, const skel_sig_comm *b)
{
    return a->size == b->remote_size &&
           !memcmp(a->members, b->remote, a->size * sizeof *a->members);
}

/* How many intercommunicators before c have c's two groups. */
static uint32_t inter_rank(const skel_signature *s, uint32_t c)
{
    uint32_t k = 0;
    for (uint32_t e = 0; e < c; e++) {
        const skel_sig_comm *x = &s->comms[e], *y = &s->comms[c];
        k += (x->flags & SKEL_COMMF_INTER) && x->size == y->size &&
             x->remote_size == y->remote_size &&
             !memcmp(x->members, y->members, x->size * sizeof *x->members) &&
             !memcmp(x->remote, y->remote, x->remote_size * sizeof *x->remote);
    }
    return k;
}

/* The two sides of every intercommunicator: the k-th one with groups (A,
 * B) is the k-th with (B, A), as both sides make them in the same order;
 * each is matched on the lower id.  A side without its other keeps its own
 * (and the check then finds what never matches). */
static void match_inter(const skel_signature *s, uint32_t *match)
{
    for (uint32_t c = 0; c < s->ncomms; c++)
        match[c] = c;
    for (uint32_t c = 0; c < s->ncomms; c++) {
        const skel_sig_comm *x = &s->comms[c];
        if (!(x->flags & SKEL_COMMF_INTER) || match[c] != c)
            continue;
        uint32_t k = inter_rank(s, c);
        for (uint32_t d = c + 1; d < s->ncomms; d++) {
            const skel_sig_comm *y = &s->comms[d];
            if ((y->flags & SKEL_COMMF_INTER) && sides_of(x, y) && sides_of(y, x) &&
                inter_rank(s, d) == k) {
                match[d] = c;
                break;
            }
        }
    }
}

static int init_sim(struct sim *m)
{
    const skel_plan *p = m->p;
    const skel_signature *s = m->s;
    if ((uint64_t)s->nranks * (s->ncomms ? s->ncomms : 1) > (1ull << 28) ||
        (uint64_t)s->nranks * p->ring > (1ull << 28))
        return skel_fail(SKEL_ERANGE,
                         "%u ranks x %u communicators x %u requests remembered: "
                         "too many to check",
                         s->nranks, s->ncomms, p->ring);
    /* Frames per rank: the deepest loop nest of any class (seqs are built
     * bottom-up, so memoising over them terminates). */
    uint32_t maxdepth = 1;
    uint32_t *depth = calloc(p->nseqs + 1, sizeof *depth);
    if (depth == NULL)
        return skel_oom();
    for (uint32_t c = 0; c < s->nclasses; c++) {
        uint32_t d = seq_depth(p, p->classes[c].top, depth);
        if (d > maxdepth)
            maxdepth = d;
    }
    free(depth);
    if (m->epass == 1) {
        if ((m->ecol = malloc((size_t)s->nranks * sizeof *m->ecol)) == NULL)
            return skel_oom();
        for (uint32_t r = 0; r < s->nranks; r++)
            m->ecol[r] = NONE;
        for (uint32_t c = 0; c < s->nclasses; c++)
            if (s->classes[c].nranks > 0 && s->classes[c].ranks[0] < s->nranks)
                m->ecol[s->classes[c].ranks[0]] = c;
        m->ew = s->nclasses ? s->nclasses : 1;
    }
    m->rs = calloc(s->nranks, sizeof *m->rs);
    m->cc = calloc((size_t)s->nranks * (s->ncomms ? s->ncomms : 1), sizeof *m->cc);
    m->ci = calloc(s->ncomms + 1, sizeof *m->ci);
    m->match = malloc((s->ncomms + 1) * sizeof *m->match);
    if (m->match != NULL)
        match_inter(s, m->match);
    m->uf = malloc((p->nops + 1) * sizeof *m->uf);
    m->gmax = calloc(p->nops + 1, sizeof *m->gmax);
    m->gdt = calloc(p->nops + 1, sizeof *m->gdt);
    if (m->rs == NULL || m->cc == NULL || m->ci == NULL || m->match == NULL || m->uf == NULL ||
        m->gmax == NULL || m->gdt == NULL)
        return skel_oom();
    for (uint32_t i = 0; i < p->nops; i++)
        m->uf[i] = i;
    for (uint32_t r = 0; r < s->nranks; r++) {
        struct rstate *rs = &m->rs[r];
        rs->cur = NONE;
        rs->last_any = -1;
        rs->phase = PH_START;
        rs->stack = malloc((maxdepth + 1) * sizeof *rs->stack);
        rs->ring = malloc(p->ring * sizeof *rs->ring);
        rs->app_of = calloc(p->ring, sizeof *rs->app_of);
        rs->ringthin = calloc(p->ring, sizeof *rs->ringthin);
        rs->idup = malloc((p->nslots ? p->nslots : 1) * sizeof *rs->idup);
        rs->slotgen = calloc(p->nslots ? p->nslots : 1, sizeof *rs->slotgen);
        if (rs->stack == NULL || rs->ring == NULL || rs->app_of == NULL || rs->idup == NULL ||
            rs->slotgen == NULL || rs->ringthin == NULL)
            return skel_oom();
        for (uint32_t i = 0; i < p->ring; i++)
            rs->ring[i] = NONE;
        for (uint32_t i = 0; i < p->nslots; i++)
            rs->idup[i] = NONE;
        if (p->mode == SKEL_PLAN_EPOCHS || p->mode == SKEL_PLAN_THIN)
            if ((rs->calls = calloc(SKEL_CALL_LIMIT, sizeof *rs->calls)) == NULL)
                return skel_oom();
        if (p->mode == SKEL_PLAN_EPOCHS)
            rs->eskip = !epoch_made_at(m, 0);
        rs->stack[0] = (struct frame){p->classes[s->ranks[r].cls].top, 0, 1, 0};
        rs->depth = 1;
    }
    return SKEL_OK;
}

/* Unified counts of collectives (sim.h). */
static void set_counts(struct sim *m)
{
    skel_plan *p = m->p;
    for (uint32_t i = 0; i < p->nops; i++) {
        skel_plan_op *op = &p->ops[i];
        if (op->kind != SKEL_PLAN_COLL && op->kind != SKEL_PLAN_ICOLL)
            continue;
        uint32_t g = uf_find(m->uf, i);
        op->ucount = m->gmax[g];
        op->udtsize = m->gdt[g];
        int64_t own = op->count[0] > op->count[1] ? op->count[0] : op->count[1];
        if (op->ucount == 0 && own > 0 && !skel_plan_shape_divides(op->shape))
            op->ucount = own; /* never executed: its own count */
        if (op->udtsize == 0)
            op->udtsize = op->dtsize;
    }
}

static void free_sim(struct sim *m)
{
    if (m->rs != NULL)
        for (uint32_t r = 0; r < m->s->nranks; r++) {
            struct rstate *rs = &m->rs[r];
            free(rs->stack);
            free(rs->ring);
            free(rs->app_of);
            free(rs->ringthin);
            free(rs->idup);
            free(rs->slotgen);
            free(rs->wild.v);
            free(rs->unexp_q.v);
            free(rs->posted_q.v);
            free(rs->deferred.v);
            free(rs->startq.v);
            free(rs->pscw.v);
            free(rs->epoch_op);
            free(rs->calls);
        }
    if (m->ci != NULL)
        for (uint32_t c = 0; c < m->s->ncomms; c++)
            free(m->ci[c].v);
    for (uint32_t i = 0; i < m->nqueues; i++)
        free(m->queues[i].v);
    free(m->queues);
    free(m->unexp.tab);
    free(m->posted.tab);
    free(m->rs);
    free(m->cc);
    free(m->ci);
    free(m->match);
    free(m->uf);
    free(m->gmax);
    free(m->gdt);
    free(m->msgs);
    free(m->recvs);
    free(m->reqs);
    free(m->insts);
    free(m->crossed);
    free(m->etime);
    free(m->ecol);
    free(m->thin);
}

uint64_t skel_sim_default_max_bytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    uint64_t cap = 4ull << 30;
    if (pages > 0 && size > 0 && (uint64_t)pages * (uint64_t)size / 4 < cap)
        cap = (uint64_t)pages * (uint64_t)size / 4;
    return cap > (64ull << 20) ? cap : 64ull << 20;
}

/* Modes epochs and thin: the calls the rank made, as its class's counts. */
static int made_counts(const struct rstate *rs, skel_plan_class *pc)
{
    uint32_t n = 0;
    for (unsigned call = 0; call < SKEL_CALL_LIMIT; call++)
        n += rs->calls[call] > 0;
    skel_plan_count *counts = malloc((n + 1) * sizeof *counts);
    if (counts == NULL)
        return skel_oom();
    n = 0;
    for (unsigned call = 0; call < SKEL_CALL_LIMIT; call++)
        if (rs->calls[call] > 0)
            counts[n++] = (skel_plan_count){(uint16_t)call, rs->calls[call]};
    qsort(counts, n, sizeof *counts, skel_plan_count_cmp);
    free(pc->counts);
    pc->counts = counts;
    pc->ncounts = n;
    pc->ops = rs->made;
    return SKEL_OK;
}

/* Mode thin, after a run that passed: the calls each class makes. */
static int thin_totals(struct sim *m)
{
    const skel_signature *s = m->s;
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_sig_class *cl = &s->classes[c];
        if (cl->nranks == 0 || cl->ranks[0] >= s->nranks)
            continue;
        int rc = made_counts(&m->rs[cl->ranks[0]], &m->p->classes[c]);
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

/* Mode epochs, after a run that passed: the calls each class makes, its
 * modelled time, and whether the epochs kept model 1/K of the program. */
static int epoch_totals(struct sim *m)
{
    skel_plan *p = m->p;
    const skel_signature *s = m->s;
    p->epochs = p->epochs_kept = 0;
    p->epoch_ratio = 1;
    double worst = 0;
    for (uint32_t r = 0; r < s->nranks; r++) {
        const struct rstate *rs = &m->rs[r];
        if (rs->epoch + 1 > p->epochs)
            p->epochs = rs->epoch + 1;
    }
    for (uint32_t c = 0; c < s->nclasses; c++) {
        const skel_sig_class *cl = &s->classes[c];
        if (cl->nranks == 0 || cl->ranks[0] >= s->nranks)
            continue;
        const struct rstate *rs = &m->rs[cl->ranks[0]];
        skel_plan_class *pc = &p->classes[c];
        int rc = made_counts(rs, pc);
        if (rc != SKEL_OK)
            return rc;
        pc->model_ns = rs->m_kept;
        pc->residue_ns = 0;
        /* Iterations of the dominant sequence in the epochs kept, about. */
        uint64_t epochs = rs->epoch + 1, kept = 0;
        for (uint64_t e = 0; e < epochs; e++)
            kept += epoch_made_at(m, e);
        if (kept > p->epochs_kept)
            p->epochs_kept = kept;
        pc->dominant_full =
            rs->epoch > 0
                ? (uint64_t)((double)pc->dominant_total * (double)kept / (double)(rs->epoch + 1))
                : pc->dominant_total;
        double ratio = rs->m_all > 0 ? rs->m_kept * p->k / rs->m_all : 1;
        if (fabs(ratio - 1) >= worst) {
            worst = fabs(ratio - 1);
            p->epoch_ratio = ratio;
        }
    }
    if (worst > SKEL_PLAN_EPOCH_TOL)
        return skel_fail(SKEL_EDEADLOCK,
                         "mode epochs: the %llu epochs kept of %llu (cut by collectives every "
                         "rank makes) model %.3f of 1/K of the application, beyond +/-%.0f %%",
                         (unsigned long long)p->epochs_kept, (unsigned long long)p->epochs,
                         p->epoch_ratio, SKEL_PLAN_EPOCH_TOL * 100);
    return SKEL_OK;
}

/* Mode epochs: how far the modelled time made is from its share, summed
 * over the columns as squares of fractions of each column's time, if the
 * next epoch (next[c] in each column) is made (make) or not. */
static double epoch_miss(const double *kept, const double *all, const double *next,
                         const double *total, uint32_t w, double share, int make)
{
    double miss = 0;
    for (uint32_t c = 0; c < w; c++) {
        if (total[c] <= 0)
            continue;
        double d = (kept[c] + (make ? next[c] : 0) - (all[c] + next[c]) * share) / total[c];
        miss += d * d;
    }
    return miss;
}

/* Mode epochs: epoch e's time in column c (1 for all if the model gives
 * none: every epoch alike). */
static double epoch_t(const struct sim *m, uint64_t e, uint32_t c, int notime)
{
    return notime ? 1 : e < m->netime ? m->etime[e * m->ew + c] : 0;
}

/* Mode epochs: the epochs made when aiming at share (into keep[n], if not
 * NULL); returns how far the time made is from the real share 1/K at the
 * end, as epoch_miss() sums it.  acc holds 4 x w doubles, total[] first. */
static double epoch_choose(const struct sim *m, uint64_t n, double *acc, int notime, double aim,
                           double share, uint8_t *keep_out)
{
    uint32_t w = m->ew;
    double *total = acc, *kept = acc + w, *all = acc + 2 * w, *next = acc + 3 * w;
    for (uint32_t c = 0; c < w; c++)
        kept[c] = all[c] = 0;
    int keep = 1;
    for (uint64_t e = 0; e < n; e++) {
        for (uint32_t c = 0; c < w; c++) {
            double t = epoch_t(m, e, c, notime);
            kept[c] += keep ? t : 0;
            all[c] += t;
        }
        if (keep_out != NULL)
            keep_out[e] = (uint8_t)keep;
        if (e + 1 >= n || (e < m->ncrossed && m->crossed[e]))
            continue; /* a message crosses this boundary: no change here */
        for (uint32_t c = 0; c < w; c++)
            next[c] = epoch_t(m, e + 1, c, notime);
        keep = epoch_miss(kept, all, next, total, w, aim, 1) <
               epoch_miss(kept, all, next, total, w, aim, 0);
    }
    for (uint32_t c = 0; c < w; c++)
        next[c] = 0;
    return epoch_miss(kept, all, next, total, w, share, 0);
}

/* Mode epochs, after the first pass made every epoch: which epochs the
 * skeleton makes (skel_plan.ekeep).  The first is made; then, at each
 * boundary no message crossed, the next epoch is made if that leaves the
 * modelled time made closer to its aim (a share of the time so far,
 * through that epoch) than leaving it out does, in every class together
 * (epoch_miss(); a tie, as an epoch the model gives no time, leaves it
 * out).  Epochs are weighed by their modelled time on each class's first
 * rank, the rank the check measures, so that long and short epochs count
 * for what they cost and an epoch long on one class and short on another
 * is not taken for either alone; choices change only at boundaries no
 * message crosses.  That choice is blind to what comes: an epoch longer
 * than a share, which it leaves out, leaves it behind for good if it made
 * its share of the short epochs before.  So the aim is searched (bisection
 * on the share of the whole run made, from 1/K) for the choice whose whole
 * run comes closest to 1/K. */
static int epoch_table(struct sim *m)
{
    skel_plan *p = m->p;
    if (m->eoom)
        return skel_oom();
    uint64_t n = 0;
    for (uint32_t r = 0; r < m->s->nranks; r++)
        if (m->rs[r].epoch + 1 > n)
            n = m->rs[r].epoch + 1;
    free(p->ekeep);
    if ((p->ekeep = malloc(n)) == NULL)
        return skel_oom();
    p->nekeep = n;
    uint32_t w = m->ew ? m->ew : 1;
    m->ew = w;
    double *acc = calloc(4 * (size_t)w, sizeof *acc), sum = 0;
    if (acc == NULL)
        return skel_oom();
    for (uint64_t e = 0; e < n && e < m->netime; e++)
        for (uint32_t c = 0; c < w; c++) {
            acc[c] += m->etime[e * w + c];
            sum += m->etime[e * w + c];
        }
    int notime = sum <= 0;
    if (notime)
        for (uint32_t c = 0; c < w; c++)
            acc[c] = (double)n;
    double share = (double)p->wtop / (double)p->wden;
    double best = share, best_miss = INFINITY, lo = 0, hi = 1, aim = share;
    for (int i = 0; i < 40 && best_miss > 0; i++) {
        /* Made over the whole run, as a share: the mean over the columns. */
        double made = 0, miss = epoch_choose(m, n, acc, notime, aim, share, NULL);
        for (uint32_t c = 0; c < w; c++)
            made += acc[c] > 0 ? acc[w + c] / acc[c] : share;
        if (miss < best_miss) {
            best_miss = miss;
            best = aim;
        }
        if (made / w < share)
            lo = aim;
        else
            hi = aim;
        aim = (lo + hi) / 2;
    }
    epoch_choose(m, n, acc, notime, best, share, p->ekeep);
    free(acc);
    return SKEL_OK;
}

/* One run of the whole schedule; remap: pass 1 (link_dist()). */
static int sim_pass(skel_plan *p, const struct skel_sim_opts *o, struct skel_sim_stats *st,
                    int remap, int *remapped, int epass)
{
    static const struct skel_sim_opts defaults = {SKEL_SIM_DEFAULT_EAGER, 0, 0};
    const skel_signature *s = p->sig;
    struct sim m = {.p = p, .s = s, .o = o != NULL ? o : &defaults, .remap = remap, .epass = epass};
    m.max_ops = m.o->max_ops ? m.o->max_ops : SKEL_SIM_DEFAULT_MAX_OPS;
    m.max_bytes = m.o->max_bytes ? m.o->max_bytes : skel_sim_default_max_bytes();
    int rc = init_sim(&m);
    for (int moved = 1; rc == SKEL_OK && moved;) {
        moved = 0;
        for (uint32_t r = 0; r < s->nranks && rc == SKEL_OK; r++) {
            if (m.rs[r].phase == PH_DONE)
                continue;
            int mv;
            rc = run_rank(&m, r, &mv);
            moved |= mv;
        }
    }
    for (uint32_t r = 0; rc == SKEL_OK && r < s->nranks; r++)
        if (m.rs[r].phase != PH_DONE)
            rc = deadlock(&m);
    if (rc == SKEL_OK)
        rc = leftovers(&m);
    if (rc == SKEL_OK && epass == 1)
        rc = epoch_table(&m);
    else if (rc == SKEL_OK && epass == 2)
        rc = epoch_totals(&m);
    else if (rc == SKEL_OK && p->mode == SKEL_PLAN_THIN)
        rc = thin_totals(&m);
    if (rc == SKEL_OK) {
        set_counts(&m);
        m.st.ops = m.total_ops;
        if (st != NULL)
            *st = m.st;
    }
    if (remapped != NULL)
        *remapped = m.remapped;
    free_sim(&m);
    return rc;
}

/* Links are distances in the application's activations; where the skeleton
 * runs a loop fewer times, a link across it means another distance.  Pass
 * 1 runs the schedule resolving each link by the application's activation
 * numbers and records the distances per operation; if any differs, pass 2
 * checks the schedule again as the skeleton will run it, with those fixed
 * distances (the application's where an operation's executions disagreed). */
int skel_sim_run(skel_plan *p, const struct skel_sim_opts *o, struct skel_sim_stats *st)
{
    if (p->mode == SKEL_PLAN_EPOCHS) {
        /* Every epoch, to find the boundaries no message crosses; then the
         * epochs chosen, as the skeleton will run them. */
        int rc = sim_pass(p, o, st, 0, NULL, 1);
        return rc == SKEL_OK ? sim_pass(p, o, st, 0, NULL, 2) : rc;
    }
    for (uint32_t i = 0; i < p->nops; i++) {
        free(p->ops[i].ldist);
        p->ops[i].ldist = NULL;
        p->ops[i].lconflict = 0;
    }
    int remapped = 0;
    int rc = sim_pass(p, o, st, 1, &remapped, 0), again = 0;
    for (uint32_t i = 0; i < p->nops; i++) {
        skel_plan_op *op = &p->ops[i];
        if (op->ldist == NULL)
            continue;
        const skel_sig_symbol *y = &p->sig->symbols[op->sym];
        int same = 1;
        for (uint32_t j = 0; j < y->nlinks; j++) {
            if (op->ldist[j] == UINT32_MAX)
                op->ldist[j] = y->links[j].dist;
            same &= op->ldist[j] == y->links[j].dist;
        }
        if (op->lconflict)
            again = 1; /* pass 1 ran other distances than the skeleton will */
        if (same || op->lconflict) {
            free(op->ldist);
            op->ldist = NULL;
        } else {
            again = 1;
        }
    }
    if (rc == SKEL_OK && (again || remapped))
        rc = sim_pass(p, o, st, 0, NULL, 0);
    if (rc == SKEL_OK || !(again || remapped))
        return rc;
    /* Never worse than the application's distances: check those. */
    for (uint32_t i = 0; i < p->nops; i++) {
        free(p->ops[i].ldist);
        p->ops[i].ldist = NULL;
    }
    return sim_pass(p, o, st, 0, NULL, 0);
}
