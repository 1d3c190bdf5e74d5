/* pfor.c - a small parallel for (pfor.h). */
#include "pfor.h"

#include "error.h"

#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define MAX_THREADS 64

struct pfor {
    uint32_t n, next;
    pthread_mutex_t lock;
    int (*fn)(void *ctx, uint32_t i);
    void *ctx;
    int rc;
    char err[1024];
};

static void *pfor_worker(void *arg)
{
    struct pfor *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        uint32_t i = p->rc == SKEL_OK ? p->next++ : p->n;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->n)
            return NULL;
        int rc = p->fn(p->ctx, i);
        if (rc != SKEL_OK) {
            pthread_mutex_lock(&p->lock);
            if (p->rc == SKEL_OK) {
                p->rc = rc;
                snprintf(p->err, sizeof p->err, "%s", skel_last_error());
            }
            pthread_mutex_unlock(&p->lock);
        }
    }
}

int skel_parallel_for(uint32_t n, unsigned threads, int (*fn)(void *, uint32_t), void *ctx)
{
    struct pfor p = {.n = n, .fn = fn, .ctx = ctx};
    pthread_mutex_init(&p.lock, NULL);
    unsigned nt = threads > n ? n : threads;
    pthread_t tid[MAX_THREADS];
    if (nt > MAX_THREADS)
        nt = MAX_THREADS;
    unsigned started = 0;
    for (unsigned t = 1; t < nt; t++) {
        if (pthread_create(&tid[t], NULL, pfor_worker, &p) != 0)
            break;
        started = t;
    }
    pfor_worker(&p);
    for (unsigned t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&p.lock);
    if (p.rc != SKEL_OK)
        return skel_fail(p.rc, "%s", p.err);
    return SKEL_OK;
}

unsigned skel_online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}
