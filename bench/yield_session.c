/* yield_session.c - does sched_yield() give the processor to a busy process
 * of another session?
 *
 * Two processes pinned to processor 0: the parent computes for 0.5 s and
 * measures the share of the processor it got (its CPU over its wall time);
 * the child waits in a sched_yield() loop, in the parent's session or (-s)
 * in a session of its own (setsid), as MPICH's hydra starts every rank.
 * With Linux's autogroups (kernel.sched_autogroup_enabled=1, the default)
 * every session is a scheduling group of its own, and a yield only lets
 * the other processes of the yielder's group go first.
 *
 *   usage: yield_session [-s]
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET */
#endif
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    int own = argc > 1 && strcmp(argv[1], "-s") == 0;
    volatile double *sh =
        mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        perror("yield_session: mmap");
        return 1;
    }
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(0, &s);
    if (sched_setaffinity(0, sizeof s, &s) != 0) {
        perror("yield_session: sched_setaffinity");
        return 1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("yield_session: fork");
        return 1;
    }
    if (pid == 0) {
        if (own && setsid() < 0)
            _exit(1);
        double c0 = now(CLOCK_THREAD_CPUTIME_ID), t0 = now(CLOCK_MONOTONIC);
        while (sh[0] == 0)
            sched_yield();
        sh[1] = (now(CLOCK_THREAD_CPUTIME_ID) - c0) / (now(CLOCK_MONOTONIC) - t0);
        _exit(0);
    }
    usleep(10000);
    double c0 = now(CLOCK_THREAD_CPUTIME_ID), t0 = now(CLOCK_MONOTONIC);
    volatile double a = 1;
    while (now(CLOCK_MONOTONIC) - t0 < 5e8)
        a = a * 0.9999999 + 1e-9;
    double busy = (now(CLOCK_THREAD_CPUTIME_ID) - c0) / (now(CLOCK_MONOTONIC) - t0);
    sh[0] = 1;
    int st = 0;
    if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "yield_session: the yielder failed\n");
        return 1;
    }
    printf("yielder in %s the busy process got %.1f %% of the processor, the yielder "
           "%.1f %%\n",
           own ? "a session of its own:" : "the busy process's session:", busy * 100, sh[1] * 100);
    return 0;
}
