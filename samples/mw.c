/* mw: master/worker task farm with deliberately uneven tasks.
 *
 * Rank 0 is the master; every other rank is a worker. A worker sends a
 * request (tag TAG_REQUEST), then loops: receive a task or the stop signal
 * from the master (blocking MPI_Recv with MPI_ANY_TAG, the tag says which),
 * compute, and send the result back (tag TAG_RESULT), which doubles as the
 * next request. The master receives from MPI_ANY_SOURCE with MPI_ANY_TAG
 * and answers the actual source of each message with a task, or with the
 * stop signal once all tasks are handed out.
 *
 * Every task costs the master --prep-us of serial arithmetic to prepare
 * (it derives the task's parameters). The master keeps one task prepared
 * ahead: it prepares the next task while it waits, and only when a request
 * finds no task ready does the worker wait for a preparation. So when
 * M > W / workers the master is busy all the time and the run is
 * master-bound: with 3 ranks, --work-us 1000 and --prep-us 700 the master
 * hands out one task per 700 us while the two workers could take one per
 * 500 us; the workers wait for the master although they compute more in
 * total (T x 1000 us) than the master (T x 700 us).
 *
 * Task costs follow a skewed distribution with mean --work-us:
 * cost = W * (1 - X + X * E), E exponentially distributed with mean 1 and
 * X = --imbalance in [0, 1] (0: all tasks equal; 1: exponential costs, a
 * few tasks many times the mean). Costs come from a seeded generator, so
 * the task list is the same in every run; which worker gets which task
 * depends on timing.
 *
 * The master waits for a message the way real masters that share a node
 * with their workers do: MPI_Irecv, then MPI_Test in a loop with a short
 * nanosleep (--poll-us, 20 us by default; the kernel often sleeps 60-100
 * us) between tests, so that it does not burn a core (MPICH's blocking
 * calls busy-poll). The number of MPI_Test calls is therefore timing-
 * dependent; --expect prints it as -1 ("unknown"). The workers' blocking
 * MPI_Recv does busy-poll: with more ranks than cores the master then has
 * to win a core back from a polling worker after every sleep, which slows
 * the whole farm down; --worker-poll makes the workers wait like the
 * master (their MPI_Recv becomes MPI_Irecv + MPI_Test, also printed as -1).
 *
 * All work is real arithmetic (partial sums of the series sum 1/k^2),
 * calibrated to microseconds at startup; nothing sleeps to fake work.
 * At the end MPI_Gather collects each rank's task count, busy time and
 * waiting time for the one-line summary.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep */
#endif
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_TASKS     900
#define DEFAULT_WORK_US   1000
#define DEFAULT_PREP_US   100
#define DEFAULT_IMBALANCE 0.5
#define DEFAULT_POLL_US   20
#define DEFAULT_SEED      1

enum { TAG_REQUEST = 1, TAG_RESULT, TAG_TASK, TAG_STOP };

/* Master to worker: task id, cost in nanoseconds, first term of the series. */
enum { T_ID, T_COST_NS, T_FIRST, T_LEN };
/* Worker to master: task id (-1 in a request), result. */
enum { R_ID, R_VALUE, R_LEN };
/* Per-rank statistics gathered at the end. */
enum { S_TASKS, S_BUSY, S_WAIT, S_LEN };

struct options {
    long tasks;       /* number of tasks */
    long work_us;     /* mean worker compute per task */
    long prep_us;     /* master's serial work per task */
    double imbalance; /* X in cost = W * (1 - X + X * E) */
    long poll_us;     /* sleep between MPI_Test calls */
    int worker_poll;  /* workers wait with MPI_Irecv + MPI_Test too */
    int cpu_timed;    /* work until the thread's CPU clock says so */
    long seed;        /* seed of the task cost generator */
    int expect;       /* print the expected MPI call counts instead of running */
    long nranks;      /* --nranks for --expect without mpiexec; 0 if not given */
};

static const char *prog = "mw";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [-t TASKS] [--work-us W] [--prep-us M] [--imbalance X] [--poll-us P]\n"
            "          [--worker-poll] [--cpu-timed] [--seed S] [--expect [--nranks P]]\n"
            "  -t, --tasks TASKS   number of tasks (default %d)\n"
            "  --work-us W         mean worker compute per task, microseconds (default %d)\n"
            "  --prep-us M         master's serial work per task, microseconds (default %d)\n"
            "  --imbalance X       skew of the task costs, 0 (equal) to 1 (exponential)\n"
            "                      (default %.1f)\n"
            "  --poll-us P         master's sleep between MPI_Test calls (default %d)\n"
            "  --worker-poll       workers wait for tasks with MPI_Irecv + MPI_Test +\n"
            "                      nanosleep as well, instead of a blocking MPI_Recv\n"
            "  --cpu-timed         a task's work lasts its microseconds of the thread's\n"
            "                      CPU time (arithmetic in short chunks until the CPU\n"
            "                      clock reaches it), whatever the start-up calibration\n"
            "                      measured on a shared core\n"
            "  --seed S            seed of the task costs (default %d)\n"
            "  --expect            print the MPI calls a run would make, one\n"
            "                      'expect RANKS CALL COUNT' line each, and exit; the\n"
            "                      workers' calls are summed over ranks 1-(P-1) and the\n"
            "                      MPI_Test count is -1 (timing-dependent)\n"
            "  --nranks P          with --expect: assume P ranks and do not initialise MPI\n"
            "  -h, --help          show this help\n"
            "Needs at least 2 ranks: rank 0 is the master.\n",
            prog, DEFAULT_TASKS, DEFAULT_WORK_US, DEFAULT_PREP_US, DEFAULT_IMBALANCE,
            DEFAULT_POLL_US, DEFAULT_SEED);
}

/* Parses a decimal integer in [lo, hi] into *out; on error says which option
 * was wrong and returns 0. */
static int parse_long(const char *opt, const char *arg, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "%s: %s expects an integer in [%ld, %ld], got '%s'\n", prog, opt, lo, hi,
                arg);
        return 0;
    }
    *out = v;
    return 1;
}

static int parse_fraction(const char *opt, const char *arg, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (errno != 0 || end == arg || *end != '\0' || !(v >= 0.0 && v <= 1.0)) {
        fprintf(stderr, "%s: %s expects a number in [0, 1], got '%s'\n", prog, opt, arg);
        return 0;
    }
    *out = v;
    return 1;
}

/* Returns -1 to go on, or the exit status (0 after --help, 2 on a usage error). */
static int parse_options(int argc, char **argv, struct options *o)
{
    /* clang-format off: one option per line */
    static const struct option longopts[] = {
        {"tasks", required_argument, NULL, 't'},   {"work-us", required_argument, NULL, 'W'},
        {"prep-us", required_argument, NULL, 'M'}, {"imbalance", required_argument, NULL, 'X'},
        {"poll-us", required_argument, NULL, 'L'}, {"worker-poll", no_argument, NULL, 'w'},
        {"cpu-timed", no_argument, NULL, 'C'},     {"seed", required_argument, NULL, 'S'},
        {"expect", no_argument, NULL, 'E'},        {"nranks", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    /* clang-format on */
    *o = (struct options){.tasks = DEFAULT_TASKS,
                          .work_us = DEFAULT_WORK_US,
                          .prep_us = DEFAULT_PREP_US,
                          .imbalance = DEFAULT_IMBALANCE,
                          .poll_us = DEFAULT_POLL_US,
                          .seed = DEFAULT_SEED};
    int c;
    int ok = 1;
    while (ok && (c = getopt_long(argc, argv, "t:h", longopts, NULL)) != -1) {
        switch (c) {
        case 't':
            ok = parse_long("--tasks", optarg, 0, INT_MAX / 2, &o->tasks);
            break;
        case 'W':
            ok = parse_long("--work-us", optarg, 0, 60000000, &o->work_us);
            break;
        case 'M':
            ok = parse_long("--prep-us", optarg, 0, 60000000, &o->prep_us);
            break;
        case 'X':
            ok = parse_fraction("--imbalance", optarg, &o->imbalance);
            break;
        case 'L':
            ok = parse_long("--poll-us", optarg, 1, 100000, &o->poll_us);
            break;
        case 'w':
            o->worker_poll = 1;
            break;
        case 'C':
            o->cpu_timed = 1;
            break;
        case 'S':
            ok = parse_long("--seed", optarg, 0, LONG_MAX, &o->seed);
            break;
        case 'E':
            o->expect = 1;
            break;
        case 'P':
            ok = parse_long("--nranks", optarg, 1, 1L << 24, &o->nranks);
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            ok = 0;
            break;
        }
    }
    if (ok && optind < argc) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", prog, argv[optind]);
        ok = 0;
    }
    if (ok && o->nranks > 0 && !o->expect) {
        fprintf(stderr, "%s: --nranks is only meaningful with --expect\n", prog);
        ok = 0;
    }
    if (!ok) {
        fprintf(stderr, "Try '%s --help'.\n", prog);
        return 2;
    }
    return -1;
}

/* Checks the options against the number of ranks; says why on rank 0. */
static int check_layout(int nranks, int rank)
{
    if (nranks < 2) {
        if (rank == 0)
            fprintf(stderr, "%s: needs at least 2 ranks (a master and a worker), got %d\n", prog,
                    nranks);
        return 0;
    }
    return 1;
}

/* Every worker sends one request plus one result per task it gets and
 * receives one message per task plus the stop signal. How the tasks are
 * split between the workers depends on timing, so their point-to-point
 * counts are given as a sum over ranks 1-(P-1). */
static void print_expect(const struct options *o, int nranks)
{
    const long messages = o->tasks + (nranks - 1);
    printf("expect 0 MPI_Init 1\n");
    printf("expect 0 MPI_Irecv %ld\n", messages);
    printf("expect 0 MPI_Test -1\n");
    printf("expect 0 MPI_Send %ld\n", messages);
    printf("expect 0 MPI_Gather 1\n");
    printf("expect 0 MPI_Finalize 1\n");
    for (int r = 1; r < nranks; r++) {
        printf("expect %d MPI_Init 1\n", r);
        printf("expect %d MPI_Gather 1\n", r);
        printf("expect %d MPI_Finalize 1\n", r);
    }
    char workers[32];
    if (nranks == 2)
        snprintf(workers, sizeof workers, "1");
    else
        snprintf(workers, sizeof workers, "1-%d", nranks - 1);
    printf("expect %s MPI_Send %ld\n", workers, messages);
    if (o->worker_poll) {
        printf("expect %s MPI_Irecv %ld\n", workers, messages);
        printf("expect %s MPI_Test -1\n", workers);
    } else {
        printf("expect %s MPI_Recv %ld\n", workers, messages);
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The work: n terms of sum 1/k^2 from k = first. The additions form one
 * dependency chain, so the time is proportional to n. */
static double series(uint64_t first, uint64_t n)
{
    double s = 0.0;
    for (uint64_t k = first; k < first + n; k++)
        s += 1.0 / ((double)k * (double)k);
    return s;
}

static volatile double sink; /* keeps calibration runs from being optimised away */

/* Terms of series() per microsecond on this core: the fastest of several
 * short runs, so that a run that lost the core to another process (3 ranks
 * on 2 cores) does not count. */
static double calibrate(void)
{
    uint64_t n = 1024;
    double t;
    for (;;) {
        t = now();
        sink = series(1, n);
        t = now() - t;
        if (t >= 5e-4 || n >= (1u << 30))
            break;
        n *= 2;
    }
    double best = t;
    for (int trial = 0; trial < 10; trial++) {
        t = now();
        sink = series(1, n);
        t = now() - t;
        if (t < best)
            best = t;
    }
    return (double)n / (best * 1e6);
}

static uint64_t iterations(double us, double per_us)
{
    double n = us * per_us;
    return n < 1.0 ? 1 : (uint64_t)n;
}

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* us microseconds of work from term `first`: that many calibrated terms,
 * or with --cpu-timed, chunks of about 10 us until the thread has used us
 * of CPU time (the calibration on a core shared with busy-polling ranks,
 * or with a busy hyperthread sibling, can be off by a factor of two). */
static double work(const struct options *o, uint64_t first, double us, double per_us)
{
    if (!o->cpu_timed)
        return series(first, iterations(us, per_us));
    uint64_t chunk = iterations(10.0, per_us);
    double s = 0.0, end = cpu_now() + us * 1e-6;
    do {
        s += series(first, chunk);
        first += chunk;
    } while (cpu_now() < end);
    return s;
}

/* splitmix64: a small, good, seedable generator. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The master's state: the task costs and which results came back. */
struct farm {
    long ntasks;
    double *cost_us; /* drawn up front from the seeded generator */
    char *done;      /* done[t]: the result of task t came back */
    long prepared;   /* tasks [0, prepared) have been prepared */
    int have_ready;  /* ready holds a prepared task not yet handed out */
    uint64_t ready[T_LEN];
};

/* Prepares task f->prepared: real serial work whose result picks where in
 * the series the worker starts. */
static void prepare(struct farm *f, const struct options *o, double per_us)
{
    long t = f->prepared++;
    double p = work(o, (uint64_t)t + 1, (double)o->prep_us, per_us);
    f->ready[T_ID] = (uint64_t)t;
    f->ready[T_COST_NS] = (uint64_t)llround(f->cost_us[t] * 1e3);
    f->ready[T_FIRST] = 1 + (uint64_t)(p * 1e9) % 1000;
    f->have_ready = 1;
}

/* Hands out the tasks. The master keeps one task prepared ahead: it
 * prepares the next task while it waits for a request, and prepares on
 * demand only when a request finds none ready. So with M > W / workers the
 * master is busy all the time and the workers wait for it. */
static int master(const struct options *o, int nranks, double per_us, double stats[S_LEN])
{
    const size_t slots = (size_t)(o->tasks > 0 ? o->tasks : 1);
    struct farm f = {.ntasks = o->tasks};
    f.cost_us = malloc(slots * sizeof *f.cost_us);
    f.done = calloc(slots, 1);
    if (f.cost_us == NULL || f.done == NULL) {
        fprintf(stderr, "%s: cannot allocate %ld tasks\n", prog, o->tasks);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    uint64_t state = (uint64_t)o->seed;
    for (long t = 0; t < f.ntasks; t++) {
        double u = (double)(next_random(&state) >> 11) * 0x1.0p-53; /* [0, 1) */
        double e = -log1p(-u);                                      /* exponential, mean 1 */
        f.cost_us[t] = (double)o->work_us * (1.0 - o->imbalance + o->imbalance * e);
    }

    const struct timespec poll = {0, o->poll_us * 1000};
    long unexpected = 0;
    int active = nranks - 1;
    double busy = 0.0, wait = 0.0;
    while (active > 0) {
        double msg[R_LEN];
        MPI_Request req;
        MPI_Status st;
        int arrived = 0;
        double t0 = now(), prep = 0.0;
        MPI_Irecv(msg, R_LEN, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
        for (;;) {
            MPI_Test(&req, &arrived, &st);
            if (arrived)
                break;
            if (!f.have_ready && f.prepared < f.ntasks) {
                double t1 = now();
                prepare(&f, o, per_us);
                prep += now() - t1;
            } else {
                nanosleep(&poll, NULL);
            }
        }
        busy += prep;
        wait += now() - t0 - prep;

        if (st.MPI_TAG == TAG_RESULT) {
            long id = (long)msg[R_ID];
            if (id < 0 || id >= f.ntasks || f.done[id])
                unexpected++;
            else
                f.done[id] = 1;
        }
        if (!f.have_ready && f.prepared < f.ntasks) {
            double t1 = now();
            prepare(&f, o, per_us);
            busy += now() - t1;
        }
        if (f.have_ready) {
            MPI_Send(f.ready, T_LEN, MPI_UINT64_T, st.MPI_SOURCE, TAG_TASK, MPI_COMM_WORLD);
            f.have_ready = 0;
        } else {
            uint64_t stop[T_LEN] = {0, 0, 0};
            MPI_Send(stop, T_LEN, MPI_UINT64_T, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
            active--;
        }
    }

    long missing = 0;
    for (long t = 0; t < f.ntasks; t++)
        missing += !f.done[t];
    if (missing != 0 || unexpected != 0)
        fprintf(stderr, "%s: %ld task results missing, %ld unexpected\n", prog, missing,
                unexpected);
    stats[S_TASKS] = (double)f.ntasks;
    stats[S_BUSY] = busy;
    stats[S_WAIT] = wait;
    free(f.cost_us);
    free(f.done);
    return missing == 0 && unexpected == 0;
}

static void worker(const struct options *o, double per_us, double stats[S_LEN])
{
    const struct timespec poll = {0, o->poll_us * 1000};
    double msg[R_LEN] = {-1.0, 0.0};
    long ntasks = 0;
    double busy = 0.0, wait = 0.0;
    double t0 = now();
    MPI_Send(msg, R_LEN, MPI_DOUBLE, 0, TAG_REQUEST, MPI_COMM_WORLD);
    for (;;) {
        uint64_t task[T_LEN];
        MPI_Status st;
        if (o->worker_poll) {
            MPI_Request req;
            int arrived = 0;
            MPI_Irecv(task, T_LEN, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
            for (;;) {
                MPI_Test(&req, &arrived, &st);
                if (arrived)
                    break;
                nanosleep(&poll, NULL);
            }
        } else {
            MPI_Recv(task, T_LEN, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        }
        double t1 = now();
        wait += t1 - t0;
        if (st.MPI_TAG == TAG_STOP)
            break;
        msg[R_ID] = (double)task[T_ID];
        msg[R_VALUE] = work(o, task[T_FIRST], (double)task[T_COST_NS] * 1e-3, per_us);
        ntasks++;
        t0 = now();
        busy += t0 - t1;
        MPI_Send(msg, R_LEN, MPI_DOUBLE, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
    stats[S_TASKS] = (double)ntasks;
    stats[S_BUSY] = busy;
    stats[S_WAIT] = wait;
}

static int run(const struct options *o)
{
    int nranks, rank;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (!check_layout(nranks, rank))
        return 2;

    const double per_us = calibrate();
    double stats[S_LEN];
    int ok = 1;
    double t0 = now();
    if (rank == 0)
        ok = master(o, nranks, per_us, stats);
    else
        worker(o, per_us, stats);
    double elapsed = now() - t0;

    double *all = rank == 0 ? malloc((size_t)nranks * S_LEN * sizeof *all) : NULL;
    if (rank == 0 && all == NULL) {
        fprintf(stderr, "%s: cannot allocate the statistics\n", prog);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Gather(stats, S_LEN, MPI_DOUBLE, all, S_LEN, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double busy = 0.0, wait = 0.0, fewest = INFINITY, most = 0.0;
        for (int r = 1; r < nranks; r++) {
            busy += all[r * S_LEN + S_BUSY];
            wait += all[r * S_LEN + S_WAIT];
            fewest = fmin(fewest, all[r * S_LEN + S_TASKS]);
            most = fmax(most, all[r * S_LEN + S_TASKS]);
        }
        /* Whoever waits the smaller share of their time is the bottleneck. */
        double master_idle = stats[S_WAIT] / (stats[S_WAIT] + stats[S_BUSY] + 1e-12);
        double worker_idle = wait / (wait + busy + 1e-12);
        printf("mw: 1 master + %d workers, %ld tasks (work %ld us, prep %ld us, imbalance "
               "%.2f): master prep %.3f s wait %.3f s; workers compute %.3f s wait %.3f s; "
               "%.0f-%.0f tasks/worker; %s-bound; results %s, %.3f s\n",
               nranks - 1, o->tasks, o->work_us, o->prep_us, o->imbalance, stats[S_BUSY],
               stats[S_WAIT], busy, wait, fewest, most,
               master_idle < worker_idle ? "master" : "worker", ok ? "complete" : "INCOMPLETE",
               elapsed);
    }
    free(all);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    struct options o;
    int status = parse_options(argc, argv, &o);
    if (status >= 0)
        return status;

    /* --expect --nranks P: no MPI at all, so it runs without mpiexec. */
    if (o.expect && o.nranks > 0) {
        if (!check_layout((int)o.nranks, 0))
            return 2;
        print_expect(&o, (int)o.nranks);
        return 0;
    }

    MPI_Init(&argc, &argv);
    int rank, nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (o.expect) {
        status = check_layout(nranks, rank) ? 0 : 2;
        if (status == 0 && rank == 0)
            print_expect(&o, nranks);
    } else {
        status = run(&o);
    }
    MPI_Finalize();
    return status;
}
