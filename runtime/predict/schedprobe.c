/* schedprobe.c - the processor-sharing experiments of schedprobe.h. */
#include "schedprobe.h"

#include "error.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXV 20000

/* What the processes of one experiment share. */
struct shared {
    volatile int stop;
    volatile int ready;
    volatile double flag_t; /* busy + yielder: when the flag was set (0: clear) */
    volatile long count;    /* sleeper / yielder turns */
    volatile double cpu_ns; /* sleeper's CPU over its turns */
    volatile double span_ns;
    int nv;
    double v[MAXV]; /* run lengths, or notice delays */
};

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static double cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int pin(int cpu)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    return sched_setaffinity(0, sizeof s, &s);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    if (n <= 0)
        return NAN;
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

/* Spin for `ns`, recording (record 1) the runs between gaps of more than
 * 20 us - the other process ran - or (record 2) the gaps of more than 3 us
 * themselves, and setting the flag every flag_every ns (0: never).  Returns
 * the work done (loop turns). */
static double busy(struct shared *m, double ns, int record, double flag_every)
{
    double t0 = now_ns(), last = t0, run0 = t0, next_flag = t0 + flag_every;
    double turns = 0;
    for (;;) {
        double t = now_ns();
        if (t - t0 > ns)
            break;
        if (record == 1 && t - last > 20000) {
            if (m->nv < MAXV)
                m->v[m->nv++] = last - run0;
            run0 = t;
        } else if (record == 2 && t - last > 3000 && m->nv < MAXV) {
            m->v[m->nv++] = t - last;
        }
        last = t;
        if (flag_every > 0 && t >= next_flag && m->flag_t == 0) {
            m->flag_t = t;
            next_flag = t + flag_every;
        }
        turns++;
    }
    return turns;
}

enum { K_BUSY, K_SLEEP, K_YIELD };

/* The second process of an experiment; it gives up at its deadline even
 * if the parent never says stop. */
static void child(struct shared *m, int cpu, int kind, double deadline_ns)
{
    if (pin(cpu) != 0)
        _exit(1);
    m->ready = 1;
    if (kind == K_BUSY) {
        busy(m, deadline_ns - now_ns(), 0, 0);
        _exit(0);
    }
    double c0 = cpu_ns(), t0 = now_ns();
    long n = 0;
    const struct timespec nap = {0, 20000};
    while (!m->stop && now_ns() < deadline_ns) {
        if (kind == K_SLEEP) {
            nanosleep(&nap, NULL);
        } else {
            double f = m->flag_t;
            if (f > 0) {
                if (m->nv < MAXV)
                    m->v[m->nv++] = now_ns() - f;
                m->flag_t = 0;
            }
            sched_yield();
        }
        n++;
    }
    m->count = n;
    m->cpu_ns = cpu_ns() - c0;
    m->span_ns = now_ns() - t0;
    _exit(0);
}

/* One experiment: the second process of `kind` beside a busy one (the
 * caller) for `ns`; *work gets the busy one's turns per ns. */
static int experiment(struct shared *m, int cpu, int kind, double ns, int record, double flag_every,
                      double *work)
{
    memset((void *)m, 0, sizeof *m);
    pid_t pid = fork();
    if (pid < 0)
        return skel_fail(SKEL_ESYSTEM, "scheduler probe: fork: %s", strerror(errno));
    if (pid == 0)
        child(m, cpu, kind, now_ns() + ns + 2e9);
    for (double t0 = now_ns(); !m->ready && now_ns() - t0 < 1e9;)
        sched_yield();
    double turns = busy(m, ns, record, flag_every);
    m->stop = 1;
    if (kind == K_BUSY)
        kill(pid, SIGKILL);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    *work = turns / ns;
    return SKEL_OK;
}

int skel_schedprobe_run(int cpu, double seconds, struct skel_schedprobe_result *out)
{
    memset(out, 0, sizeof *out);
    out->cpu = cpu;
    double ns = (seconds > 0 ? seconds : 0.4) * 1e9;
    cpu_set_t old;
    if (sched_getaffinity(0, sizeof old, &old) != 0)
        return skel_fail(SKEL_ESYSTEM, "scheduler probe: sched_getaffinity: %s", strerror(errno));
    struct shared *m =
        mmap(NULL, sizeof *m, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return skel_fail(SKEL_ESYSTEM, "scheduler probe: mmap: %s", strerror(errno));
    int rc = SKEL_OK;
    if (pin(cpu) != 0) {
        rc = skel_fail(SKEL_ESYSTEM, "scheduler probe: cannot run on processor %d: %s", cpu,
                       strerror(errno));
        goto out;
    }
    /* a busy process alone: its pace */
    double alone = 0, beside = 0;
    memset((void *)m, 0, sizeof *m);
    alone = busy(m, ns / 4, 0, 0) / (ns / 4);
    /* a sleeper alone: its turn */
    {
        const struct timespec nap = {0, 20000};
        double t0 = now_ns(), c0 = cpu_ns();
        long n = 0;
        while (now_ns() - t0 < ns / 8) {
            nanosleep(&nap, NULL);
            n++;
        }
        out->sleeper_alone_ns = n > 0 ? (now_ns() - t0) / (double)n : NAN;
        out->sleeper_alone_cpu_ns = n > 0 ? (cpu_ns() - c0) / (double)n : NAN;
    }
    /* busy + busy: the quantum */
    if ((rc = experiment(m, cpu, K_BUSY, ns, 1, 0, &beside)) != SKEL_OK)
        goto out;
    out->quantum_ns = median(m->v, m->nv);
    /* busy + sleeper: its turn, its CPU, and the busy one's gaps - the
     * sleeper's run and two switches, measured together so that load from
     * elsewhere does not enter the difference */
    if ((rc = experiment(m, cpu, K_SLEEP, ns, 2, 0, &beside)) != SKEL_OK)
        goto out;
    if (m->count > 0) {
        out->sleeper_cycle_ns = m->span_ns / (double)m->count;
        out->sleeper_cpu_ns = m->cpu_ns / (double)m->count;
        double gap = median(m->v, m->nv);
        out->busy_loss = alone > 0 ? 1 - beside / alone : NAN;
        double lost = gap - out->sleeper_cpu_ns;
        out->switch_ns = lost > 0 ? lost / 2 : 0;
        /* a turn that woke an idle processor cost the sleeper more CPU than
         * one beside a busy process (a halted virtual processor's exit,
         * idle states): traced polls carry that, placed ones do not */
        double extra = out->sleeper_alone_cpu_ns - out->sleeper_cpu_ns;
        out->wake_ns = extra > 0 ? extra : 0;
    }
    /* busy + yielder: how late it notices */
    if ((rc = experiment(m, cpu, K_YIELD, ns, 0, ns / 100, &beside)) != SKEL_OK)
        goto out;
    out->notice_ns = median(m->v, m->nv);
    /* two yielders: a switch by sched_yield */
    {
        memset((void *)m, 0, sizeof *m);
        pid_t pid = fork();
        if (pid < 0) {
            rc = skel_fail(SKEL_ESYSTEM, "scheduler probe: fork: %s", strerror(errno));
            goto out;
        }
        if (pid == 0)
            child(m, cpu, K_YIELD, now_ns() + ns / 4 + 2e9);
        for (double t0 = now_ns(); !m->ready && now_ns() - t0 < 1e9;)
            sched_yield();
        double t0 = now_ns();
        long n = 0;
        while (now_ns() - t0 < ns / 4) {
            sched_yield();
            n++;
        }
        m->stop = 1;
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        double total = (double)n + (double)m->count;
        out->yield_ns = total > 0 ? (ns / 4) / total : NAN;
    }
    if (!(out->quantum_ns > 0))
        rc = skel_fail(SKEL_EFORMAT,
                       "scheduler probe: two busy processes on processor %d never took turns "
                       "(is it shared with others, or not one processor?)",
                       cpu);
out:
    sched_setaffinity(0, sizeof old, &old);
    munmap((void *)m, sizeof *m);
    return rc;
}

void skel_schedprobe_sched(const struct skel_schedprobe_result *r, int wait,
                           struct skel_lbf_sched *out)
{
    memset(out, 0, sizeof *out);
    out->policy = SKEL_LBF_SLICE;
    out->wait = wait;
    /* to 10 us and 0.1 us: what the measurements can tell apart */
    out->quantum_ns = r->quantum_ns > 10000 ? 1e4 * round(r->quantum_ns / 1e4) : 4e6;
    out->switch_ns = r->switch_ns > 0 ? 100 * round(r->switch_ns / 100) : 0;
    out->wake_ns = r->wake_ns > 0 ? 100 * round(r->wake_ns / 100) : 0;
}

void skel_schedprobe_describe(const struct skel_schedprobe_result *r, char *buf, size_t len)
{
    snprintf(buf, len,
             "processor %d: quantum %.2f ms; a poller sleeping 20 us takes %.0f us a turn "
             "(%.0f us alone) and %.1f us of its own CPU (%.1f us alone), %.1f %% of a busy "
             "process's pace; "
             "a switch costs %.1f us; a yielding waiter notices after %.2f ms; a yield "
             "between two yielders %.2f us",
             r->cpu, r->quantum_ns / 1e6, r->sleeper_cycle_ns / 1e3, r->sleeper_alone_ns / 1e3,
             r->sleeper_cpu_ns / 1e3, r->sleeper_alone_cpu_ns / 1e3, 100 * r->busy_loss,
             r->switch_ns / 1e3, r->notice_ns / 1e6, r->yield_ns / 1e3);
}
