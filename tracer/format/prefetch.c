/* prefetch.c - a rank reader decoding ahead in a thread of its own
 * (prefetch.h).
 *
 * A ring of nbatch batches: the thread fills the batch after the last one it
 * filled while fewer than nbatch are full; the caller takes events from the
 * oldest full one and gives it back when it moves on to the next, so the
 * arrays of the event it was given last stay valid until then.  The mutex is
 * taken once per batch on each side, not per event.
 *
 * Each side wakes the other only when it waits, and the thread, which
 * decodes faster than the replay consumes, only once a single filled batch
 * is left: it then fills every free batch in a row.  Waking it for each
 * batch given back cost the caller a futex system call and a cross-processor
 * wake-up per batch, 5-7 % of the replay's thread (bench/README.md,
 * "What callgrind did not see").
 */
#include "prefetch.h"

#include "error.h"
#include "grow.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

struct batch {
    skel_event *ev;
    uint32_t n;
    int last;  /* the stream ends after these events, with rc */
    int rc;    /* 0 its end, < 0 the reader's error */
    char *err; /* the error's detail */
    skel_completion *comp;
    size_t ncomp, comp_cap;
    uint64_t *reqs;
    size_t nreqs, reqs_cap;
    int32_t *group;
    size_t ngroup, group_cap;
};

struct skel_prefetch {
    skel_rank_reader *r;
    uint32_t size; /* events per batch */
    uint32_t nb;
    struct batch *b;
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv_fill; /* the thread waits on it for a free batch */
    pthread_cond_t cv_take; /* the caller waits on it for a filled batch */
    uint32_t full;          /* batches filled and not given back (the caller's included) */
    int stop;
    int filler_waits, taker_waits;
    /* the caller's side */
    uint32_t head; /* the batch it takes events from */
    uint32_t pos;
    int holding;
};

/* Decode into b until it is full or the stream ends: 1 when it ended. */
static int fill(skel_prefetch *p, struct batch *b)
{
    b->n = 0;
    b->ncomp = b->nreqs = b->ngroup = 0;
    while (b->n < p->size) {
        skel_event *ev = &b->ev[b->n];
        int rc = skel_rank_next(p->r, ev);
        if (rc == 1 && ev->ncomplete > 0) {
            if (skel_grow(&b->comp, &b->comp_cap, b->ncomp + ev->ncomplete, sizeof *b->comp) !=
                SKEL_OK)
                rc = SKEL_ENOMEM;
            else {
                memcpy(b->comp + b->ncomp, ev->complete, ev->ncomplete * sizeof *b->comp);
                b->ncomp += ev->ncomplete;
            }
        }
        if (rc == 1 && ev->nreqs > 0) {
            if (skel_grow(&b->reqs, &b->reqs_cap, b->nreqs + ev->nreqs, sizeof *b->reqs) != SKEL_OK)
                rc = SKEL_ENOMEM;
            else {
                memcpy(b->reqs + b->nreqs, ev->reqs, ev->nreqs * sizeof *b->reqs);
                b->nreqs += ev->nreqs;
            }
        }
        if (rc == 1 && ev->ngroup > 0) {
            if (skel_grow(&b->group, &b->group_cap, b->ngroup + ev->ngroup, sizeof *b->group) !=
                SKEL_OK)
                rc = SKEL_ENOMEM;
            else {
                memcpy(b->group + b->ngroup, ev->group, ev->ngroup * sizeof *b->group);
                b->ngroup += ev->ngroup;
            }
        }
        if (rc != 1) {
            b->last = 1;
            b->rc = rc;
            if (rc < 0)
                b->err = strdup(skel_last_error());
            break;
        }
        b->n++;
    }
    /* The lists were appended in event order: point each event at its own
     * (the growing arrays may have moved meanwhile). */
    size_t c = 0, q = 0, g = 0;
    for (uint32_t i = 0; i < b->n; i++) {
        skel_event *ev = &b->ev[i];
        if (ev->ncomplete > 0) {
            ev->complete = b->comp + c;
            c += ev->ncomplete;
        }
        if (ev->nreqs > 0) {
            ev->reqs = b->reqs + q;
            q += ev->nreqs;
        }
        if (ev->ngroup > 0) {
            ev->group = b->group + g;
            g += ev->ngroup;
        }
    }
    return b->last;
}

static void *run(void *arg)
{
    skel_prefetch *p = arg;
    for (uint32_t next = 0;; next = (next + 1) % p->nb) {
        pthread_mutex_lock(&p->mu);
        while (p->full == p->nb && !p->stop) {
            p->filler_waits = 1;
            pthread_cond_wait(&p->cv_fill, &p->mu);
        }
        p->filler_waits = 0;
        int stop = p->stop;
        pthread_mutex_unlock(&p->mu);
        if (stop)
            return NULL;
        int last = fill(p, &p->b[next]);
        pthread_mutex_lock(&p->mu);
        p->full++;
        if (p->taker_waits)
            pthread_cond_signal(&p->cv_take);
        pthread_mutex_unlock(&p->mu);
        if (last)
            return NULL;
    }
}

static void free_batches(skel_prefetch *p)
{
    for (uint32_t i = 0; p->b != NULL && i < p->nb; i++) {
        free(p->b[i].ev);
        free(p->b[i].err);
        free(p->b[i].comp);
        free(p->b[i].reqs);
        free(p->b[i].group);
    }
    free(p->b);
}

int skel_prefetch_start(skel_rank_reader *r, uint32_t batch, skel_prefetch **out)
{
    skel_prefetch *p = calloc(1, sizeof *p);
    if (p == NULL)
        return skel_oom();
    p->r = r;
    p->size = batch > 0 ? batch : 1;
    p->nb = 3; /* one the caller reads, one being filled, one ready */
    p->b = calloc(p->nb, sizeof *p->b);
    int ok = p->b != NULL;
    for (uint32_t i = 0; ok && i < p->nb; i++)
        ok = (p->b[i].ev = malloc((size_t)p->size * sizeof *p->b[i].ev)) != NULL;
    if (!ok) {
        free_batches(p);
        free(p);
        return skel_oom();
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv_fill, NULL);
    pthread_cond_init(&p->cv_take, NULL);
    /* Signals stay with the threads that handle them. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = pthread_create(&p->th, NULL, run, p);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        pthread_cond_destroy(&p->cv_fill);
        pthread_cond_destroy(&p->cv_take);
        pthread_mutex_destroy(&p->mu);
        free_batches(p);
        free(p);
        return skel_fail(SKEL_EIO, "cannot start a reader thread: %s", strerror(rc));
    }
    *out = p;
    return SKEL_OK;
}

int skel_prefetch_next(skel_prefetch *p, skel_event *ev)
{
    const skel_event *e;
    int rc = skel_prefetch_next_ref(p, &e);
    if (rc == 1)
        *ev = *e;
    return rc;
}

/* The events from the current position on, up to the end of their batch:
 * *n of them at *evs, all taken. */
int skel_prefetch_next_batch(skel_prefetch *p, const skel_event **evs, uint32_t *n)
{
    for (;;) {
        if (p->holding) {
            struct batch *b = &p->b[p->head];
            if (p->pos < b->n) {
                *evs = &b->ev[p->pos];
                *n = b->n - p->pos;
                p->pos = b->n;
                return 1;
            }
            if (b->last)
                return b->rc < 0 ? skel_fail(b->rc, "%s", b->err != NULL ? b->err : "out of memory")
                                 : 0;
            pthread_mutex_lock(&p->mu);
            p->full--;
            if (p->filler_waits && p->full <= 1)
                pthread_cond_signal(&p->cv_fill);
            pthread_mutex_unlock(&p->mu);
            p->head = (p->head + 1) % p->nb;
            p->pos = 0;
            p->holding = 0;
        }
        pthread_mutex_lock(&p->mu);
        while (p->full == 0) {
            p->taker_waits = 1;
            pthread_cond_wait(&p->cv_take, &p->mu);
        }
        p->taker_waits = 0;
        pthread_mutex_unlock(&p->mu);
        p->holding = 1;
    }
}

int skel_prefetch_next_ref(skel_prefetch *p, const skel_event **ev)
{
    if (p->holding && p->pos < p->b[p->head].n) {
        *ev = &p->b[p->head].ev[p->pos++];
        return 1;
    }
    uint32_t n;
    int rc = skel_prefetch_next_batch(p, ev, &n);
    if (rc == 1)
        p->pos -= n - 1; /* only the first taken */
    return rc;
}

void skel_prefetch_stop(skel_prefetch *p)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv_fill);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->th, NULL);
    pthread_cond_destroy(&p->cv_fill);
    pthread_cond_destroy(&p->cv_take);
    pthread_mutex_destroy(&p->mu);
    free_batches(p);
    free(p);
}
