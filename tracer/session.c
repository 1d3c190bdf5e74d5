/* session.c - start and stop of tracing: trace files, metadata, clock
 * synchronisation, and what happens on MPI_Abort, exit and fatal signals.
 *
 * Configuration (environment):
 *   SKEL_TRACE_DIR             output directory (default ./skel-trace)
 *   SKEL_TRACE_BUFFER          per-rank buffer, bytes with optional K/M suffix (default 4M):
 *                              the window of the rank file mapped at a time (whole
 *                              pages), or the memory buffer when streaming
 *   SKEL_TRACE_IO              "mapped" (default: the rank file is written through a
 *                              shared mapping, so a rank killed by SIGKILL keeps every
 *                              event it recorded) or "stream" (buffer, then write(2))
 *   SKEL_TRACE_CPU_SAMPLE_US   only gaps/calls at least this long get a measured
 *                              CPU time (default 20; see record.h)
 *   SKEL_TRACE_CPU_PERIOD_US   spacing of those samples while the thread computes
 *                              (default: 250 CPU clock reads, at least 20)
 *   SKEL_TRACE_SYNC_ROUNDS     ping-pongs per clock-offset estimate (default 16)
 *   SKEL_TRACE_WS              "0": no working-set samples of compute phases (wset.h;
 *                              default on where /proc/self/smaps exists)
 *   SKEL_TRACE_CLOCK           "tsc" (default where the kernel keeps CLOCK_MONOTONIC on
 *                              the TSC) or "monotonic" (clock_gettime): see clock.h
 */
#include "session.h"

#include "error.h"
#include "meta.h"
#include "record.h"
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct skel_tr_session skel_tr_s;

pthread_mutex_t skel_tr_mutex = PTHREAD_MUTEX_INITIALIZER;
static int sync_rounds = 16;

__attribute__((constructor)) static void loaded(void)
{
    skel_tr_s.t_loaded = skel_tr_now();
}

void skel_tr_disable(const char *why)
{
    if (skel_tr_active != 1)
        return;
    skel_tr_active = 2;
    fprintf(stderr, "skel tracer (rank %d): %s; tracing stopped, the application continues\n",
            skel_tr_s.rank, why);
    if (skel_tr_s.w != NULL) {
        skel_writer_flush(skel_tr_s.w);
        skel_writer_abandon(skel_tr_s.w);
        skel_tr_s.w = NULL;
    }
}

/* ---- configuration ------------------------------------------------------- */

static uint64_t env_size(const char *name, uint64_t def, uint64_t min, uint64_t max)
{
    const char *s = getenv(name);
    if (s == NULL || *s == '\0')
        return def;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end == 'K' || *end == 'k')
        v <<= 10, end++;
    else if (*end == 'M' || *end == 'm')
        v <<= 20, end++;
    if (errno != 0 || *end != '\0' || v < min || v > max) {
        fprintf(stderr, "skel tracer: ignoring %s=%s (expected %llu..%llu)\n", name, s,
                (unsigned long long)min, (unsigned long long)max);
        return def;
    }
    return v;
}

static int mkdir_p(const char *path)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp)
        return -1;
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(tmp, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* ---- the tracer's time inside a call ------------------------------------------ */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Between the clock read that gives a call's start (skel_tr_enter) and the
 * one that gives its end (skel_tr_leave) the tracer clears the call's key
 * and reads the clock once more, inside the call's measured duration: the
 * median of 255 such spans with nothing in between, measured when tracing
 * starts.  The compressor takes it off every call's duration (and the
 * sampled cost per event off every gap): a loop of MPI_Testany polls, 38 ns
 * each untraced, recorded 51 ns per call (docs/signature.md). */
static uint64_t calibrate_call_ns(void)
{
    enum { N = 255 };
    uint64_t d[N];
    struct skel_tr_call c;
    struct skel_tr_call *volatile cp = &c; /* the stores are not optimised away */
    for (int i = 0; i < N; i++) {
        uint64_t a = skel_tr_now();
        memset(&cp->comm, 0, SKEL_TR_KEY_LEN);
        uint64_t b = skel_tr_now();
        d[i] = b > a ? b - a : 0;
    }
    qsort(d, N, sizeof d[0], cmp_u64);
    return d[N / 2];
}

/* ---- clock synchronisation ------------------------------------------------ */

/* Offsets of every rank's clock against rank 0's, over a binary tree: each
 * parent measures its children by ping-pong (the round trip with the smallest
 * duration bounds the error by half of it), then tells each child its offset
 * to the root (its own plus the child's relative one).  log2(P) levels. */
enum { TAG_PING = 1, TAG_PONG, TAG_RESULT };

static void clock_sync(int phase)
{
    MPI_Comm comm = skel_tr_s.comm;
    int me = skel_tr_s.rank, n = skel_tr_s.nranks;
    int64_t my_offset = 0;
    uint64_t my_rtt = 0;
    if (me > 0) {
        int parent = (me - 1) / 2;
        for (int i = 0; i < sync_rounds; i++) {
            char b;
            PMPI_Recv(&b, 1, MPI_CHAR, parent, TAG_PING, comm, MPI_STATUS_IGNORE);
            uint64_t t = skel_tr_now();
            PMPI_Send(&t, 1, MPI_UINT64_T, parent, TAG_PONG, comm);
        }
        int64_t res[2];
        PMPI_Recv(res, 2, MPI_INT64_T, parent, TAG_RESULT, comm, MPI_STATUS_IGNORE);
        my_offset = res[0];
        my_rtt = (uint64_t)res[1];
    }
    for (int child = 2 * me + 1; child <= 2 * me + 2 && child < n; child++) {
        uint64_t best = UINT64_MAX;
        int64_t rel = 0;
        for (int i = 0; i < sync_rounds; i++) {
            char b = 0;
            uint64_t tc, t0 = skel_tr_now();
            PMPI_Send(&b, 1, MPI_CHAR, child, TAG_PING, comm);
            PMPI_Recv(&tc, 1, MPI_UINT64_T, child, TAG_PONG, comm, MPI_STATUS_IGNORE);
            uint64_t t1 = skel_tr_now();
            if (t1 - t0 < best) {
                best = t1 - t0;
                rel = (int64_t)tc - (int64_t)(t0 + (t1 - t0) / 2);
            }
        }
        int64_t res[2] = {my_offset + rel, (int64_t)best};
        PMPI_Send(res, 2, MPI_INT64_T, child, TAG_RESULT, comm);
    }
    skel_clock_sync cs = {.phase = (uint8_t)phase,
                          .offset_ns = my_offset,
                          .rtt_ns = my_rtt,
                          .t_local = skel_tr_now()};
    if (phase == 0) {
        skel_tr_s.offset_init_ns = my_offset;
        skel_tr_s.rtt_init_ns = my_rtt;
    } else {
        skel_tr_s.offset_fini_ns = my_offset;
        skel_tr_s.rtt_fini_ns = my_rtt;
    }
    if (skel_tr_s.w != NULL)
        skel_writer_clock(skel_tr_s.w, &cs);
}

/* ---- metadata --------------------------------------------------------------- */

struct rank_summary {
    uint64_t pid, events, overhead, call_ns;
    int64_t offset_init, offset_fini;
    uint64_t rtt_init, rtt_fini;
    char host[256];
};

static char **read_cmdline(uint32_t *n)
{
    *n = 0;
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap + 1);
    ssize_t k;
    while (buf != NULL && (k = read(fd, buf + len, cap - len)) > 0) {
        len += (size_t)k;
        if (len == cap) {
            char *nb = cap < (1u << 20) ? realloc(buf, (cap *= 2) + 1) : NULL;
            if (nb == NULL)
                break;
            buf = nb;
        }
    }
    close(fd);
    if (buf == NULL)
        return NULL;
    buf[len] = '\0';
    uint32_t cnt = 0;
    for (size_t i = 0; i < len; i++)
        cnt += buf[i] == '\0';
    char **argv = calloc((size_t)cnt + 1, sizeof *argv);
    if (argv != NULL) {
        size_t pos = 0;
        for (uint32_t i = 0; i < cnt && pos < len; i++) {
            argv[i] = strdup(buf + pos);
            pos += strlen(buf + pos) + 1;
            *n = i + 1;
        }
    }
    free(buf);
    return argv;
}

static void write_meta(const struct rank_summary *all, int complete)
{
    skel_meta m;
    memset(&m, 0, sizeof m);
    m.tracer_version = SKEL_VERSION;
    m.mpi_library = skel_tr_s.library;
    m.mpi_version = (uint32_t)skel_tr_s.mpi_version;
    m.mpi_subversion = (uint32_t)skel_tr_s.mpi_subversion;
    m.nranks = (uint32_t)skel_tr_s.nranks;
    m.start_unix_ns = skel_tr_s.unix_init_ns;
    m.command = read_cmdline(&m.ncommand);
    m.complete = complete;
    if (all != NULL) {
        m.ranks = calloc((size_t)skel_tr_s.nranks, sizeof *m.ranks);
        for (int i = 0; m.ranks != NULL && i < skel_tr_s.nranks; i++) {
            skel_meta_rank *r = &m.ranks[i];
            r->rank = (uint32_t)i;
            r->host = (char *)all[i].host;
            r->pid = (uint32_t)all[i].pid;
            r->offset_init_ns = all[i].offset_init;
            r->offset_fini_ns = all[i].offset_fini;
            r->rtt_init_ns = all[i].rtt_init;
            r->rtt_fini_ns = all[i].rtt_fini;
            r->overhead_ns = all[i].overhead;
            r->call_ns = all[i].call_ns;
            r->nevents = all[i].events;
        }
        m.nrank_entries = m.ranks != NULL ? (uint32_t)skel_tr_s.nranks : 0;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/meta", skel_tr_s.dir);
    if (skel_meta_write(path, &m) != SKEL_OK)
        fprintf(stderr, "skel tracer: %s\n", skel_last_error());
    for (uint32_t i = 0; i < m.ncommand; i++)
        free(m.command[i]);
    free(m.command);
    free(m.ranks);
}

/* ---- abnormal ends ----------------------------------------------------------- */

static const int fatal_signals[] = {SIGTERM, SIGINT, SIGSEGV, SIGABRT, SIGBUS,
                                    SIGFPE,  SIGILL, SIGQUIT, SIGHUP};
#define NSIG_FATAL (int)(sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction old_actions[NSIG_FATAL];
static int installed[NSIG_FATAL];

static void on_signal(int sig, siginfo_t *info, void *uc)
{
    (void)uc;
    int saved = errno;
    if (skel_tr_active == 1 && skel_tr_s.w != NULL) {
        skel_tr_active = 2;
        skel_writer_crash_from_signal(skel_tr_s.w, sig);
    }
    for (int i = 0; i < NSIG_FATAL; i++) {
        if (fatal_signals[i] == sig && installed[i]) {
            sigaction(sig, &old_actions[i], NULL);
            installed[i] = 0;
        }
    }
    errno = saved;
    /* A fault raised by the hardware re-executes the faulting instruction on
     * return and meets the old action; a signal sent (kill, raise: si_code
     * <= 0) is raised again for it. */
    int sent = info == NULL || info->si_code <= 0;
    if (sent || (sig != SIGSEGV && sig != SIGBUS && sig != SIGFPE && sig != SIGILL))
        raise(sig);
}

static void install_signals(void)
{
    for (int i = 0; i < NSIG_FATAL; i++) {
        struct sigaction sa, old;
        if (sigaction(fatal_signals[i], NULL, &old) != 0)
            continue;
        if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN)
            continue; /* the application ignores it: so do we */
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART | SA_SIGINFO;
        if (sigaction(fatal_signals[i], &sa, &old_actions[i]) == 0)
            installed[i] = 1;
    }
}

static void restore_signals(void)
{
    for (int i = 0; i < NSIG_FATAL; i++)
        if (installed[i]) {
            sigaction(fatal_signals[i], &old_actions[i], NULL);
            installed[i] = 0;
        }
}

static void at_exit(void)
{
    /* exit() without MPI_Finalize: keep what was recorded, marked as such. */
    if (skel_tr_active == 1 && skel_tr_s.w != NULL) {
        skel_tr_active = 2;
        skel_writer_crash(skel_tr_s.w, 0, -1);
        skel_writer_abandon(skel_tr_s.w);
        skel_tr_s.w = NULL;
    }
}

/* A child forked by the application shares the rank file's mapping and
 * inherits the exit handler: it must neither record nor end the parent's
 * trace (truncating the file under the parent). */
static void forked_child(void)
{
    skel_tr_active = 2;
    skel_tr_s.w = NULL;
    /* Its descriptors of /proc/self name the parent. */
    skel_tr_ws_stop();
}

void skel_tr_abort(int errorcode)
{
    if (skel_tr_active != 1 || skel_tr_s.w == NULL)
        return;
    skel_tr_active = 2;
    skel_writer_crash(skel_tr_s.w, 0, errorcode);
    skel_writer_abandon(skel_tr_s.w);
    skel_tr_s.w = NULL;
}

/* ---- start and stop ------------------------------------------------------------ */

/* The default spacing of CPU samples while a thread computes: a sample
 * costs one read of the thread CPU clock, a system call that takes 0.2 us on
 * bare metal and over 1 us in some VMs.  Spacing samples by at least 250
 * reads bounds their cost to 0.4 % of a computing thread's time wherever we
 * run; never below 20 us.  (A thread that sleeps between calls is sampled at
 * every long gap: its time is not the run's bottleneck.) */
static uint64_t default_cpu_period_us(void)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 16; i++) {
        uint64_t t0 = skel_tr_now();
        (void)skel_tr_cpu_now();
        uint64_t d = skel_tr_now() - t0;
        if (d < best)
            best = d;
    }
    uint64_t us = best * 250 / 1000;
    return us < 20 ? 20 : us > 1000 ? 1000 : us;
}

/* A process started by MPI_Comm_spawn (or _multiple) belongs to a world of
 * its own, whose ranks number from 0 like the parents': written into
 * SKEL_TRACE_DIR they would overwrite the parents' rank files and meta.
 * Its world traces into a subdirectory of its own instead, spawn-N with the
 * first N whose mkdir succeeds (so concurrent and nested spawns each get
 * one), chosen by the world's rank 0 and broadcast: a complete trace of that
 * world, which every skel command reads on its own.  Returns 0, or -1 after
 * a message when not tracing. */
static int spawned_dir(struct skel_tr_session *s)
{
    MPI_Comm parent = MPI_COMM_NULL;
    PMPI_Comm_get_parent(&parent);
    if (parent == MPI_COMM_NULL)
        return 0;
    size_t dl = strnlen(s->dir, sizeof s->dir);
    int n = 0;
    if (s->rank == 0) {
        for (int i = 1; i < 1000000 && n == 0; i++) {
            char sub[sizeof s->dir];
            int len = snprintf(sub, sizeof sub, "%s/spawn-%d", s->dir, i);
            if (len < 0 || (size_t)len >= sizeof sub) {
                n = -1;
                errno = ENAMETOOLONG;
            } else if (mkdir(sub, 0777) == 0) {
                n = i;
            } else if (errno != EEXIST) {
                n = -1;
            }
        }
        if (n <= 0)
            fprintf(stderr,
                    "skel tracer (spawned rank 0): cannot create a spawn-N directory in %s: %s; "
                    "not tracing the spawned processes\n",
                    s->dir, strerror(errno));
    }
    PMPI_Bcast(&n, 1, MPI_INT, 0, s->comm);
    if (n <= 0)
        return -1;
    snprintf(s->dir + dl, sizeof s->dir - dl, "/spawn-%d", n);
    return 0;
}

int skel_tr_start(int provided)
{
    struct skel_tr_session *s = &skel_tr_s;
    if (skel_tr_active != 0)
        return skel_tr_active == 1;
    skel_tr_active = 2; /* until we are done starting */
    PMPI_Comm_rank(MPI_COMM_WORLD, &s->rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &s->nranks);
    s->thread_level = provided;
    s->multiple = provided == MPI_THREAD_MULTIPLE;
    skel_tr_cpu_sample_ns = env_size("SKEL_TRACE_CPU_SAMPLE_US", 20, 1, 1000000) * 1000;
    skel_tr_cpu_period_ns =
        env_size("SKEL_TRACE_CPU_PERIOD_US", default_cpu_period_us(), 1, 1000000) * 1000;
    sync_rounds = (int)env_size("SKEL_TRACE_SYNC_ROUNDS", 16, 1, 10000);
    size_t bufsize = (size_t)env_size("SKEL_TRACE_BUFFER", 4u << 20, 1, 1u << 30);
    int wflags = SKEL_WRITER_OVERWRITE;
    const char *io = getenv("SKEL_TRACE_IO");
    if (io != NULL && strcmp(io, "stream") == 0)
        wflags |= SKEL_WRITER_STREAM;
    else if (io != NULL && *io != '\0' && strcmp(io, "mapped") != 0)
        fprintf(stderr, "skel tracer: ignoring SKEL_TRACE_IO=%s (expected mapped or stream)\n", io);
    const char *dir = getenv("SKEL_TRACE_DIR");
    snprintf(s->dir, sizeof s->dir, "%s", dir != NULL && *dir ? dir : "skel-trace");

    skel_tr_clock_start();
    s->call_ns = calibrate_call_ns();
    struct timespec rt;
    clock_gettime(CLOCK_REALTIME, &rt);
    s->t_init = skel_tr_now();
    s->unix_init_ns = (uint64_t)rt.tv_sec * 1000000000u + (uint64_t)rt.tv_nsec;
    if (gethostname(s->host, sizeof s->host) != 0)
        strcpy(s->host, "?");
    s->host[sizeof s->host - 1] = '\0';
    static char lib[MPI_MAX_LIBRARY_VERSION_STRING + 1];
    int len = 0;
    PMPI_Get_library_version(lib, &len);
    lib[MPI_MAX_LIBRARY_VERSION_STRING] = '\0';
    size_t ll = strnlen(lib, sizeof s->library - 1);
    memcpy(s->library, lib, ll);
    s->library[ll] = '\0';
    char *nl = strchr(s->library, '\n');
    if (nl != NULL)
        *nl = '\0';
    PMPI_Get_version(&s->mpi_version, &s->mpi_subversion);
    PMPI_Comm_dup(MPI_COMM_WORLD, &s->comm);

    if (mkdir_p(s->dir) != 0) {
        fprintf(stderr, "skel tracer (rank %d): cannot create %s: %s; not tracing\n", s->rank,
                s->dir, strerror(errno));
        return 0;
    }
    if (spawned_dir(s) != 0)
        return 0;
    char path[sizeof s->dir + 64], name[64];
    skel_trace_rank_filename((uint32_t)s->rank, name, sizeof name);
    size_t dl = strnlen(s->dir, sizeof s->dir - 1);
    memcpy(path, s->dir, dl);
    path[dl] = '/';
    memcpy(path + dl + 1, name, strlen(name) + 1);
    skel_rank_info info = {.rank = (uint32_t)s->rank,
                           .nranks = (uint32_t)s->nranks,
                           .pid = (uint32_t)getpid(),
                           .thread_level = (uint32_t)(provided < 0   ? 0
                                                      : provided > 3 ? 3
                                                                     : provided),
                           .t_init = s->t_init,
                           .unix_init_ns = s->unix_init_ns,
                           .host = s->host,
                           .mpi_library = s->library,
                           .tracer_version = SKEL_VERSION};
    if (skel_writer_open(path, &info, bufsize, wflags, &s->w) != SKEL_OK) {
        fprintf(stderr, "skel tracer (rank %d): %s; not tracing\n", s->rank, skel_last_error());
        return 0;
    }
    if (skel_writer_streams(s->w) && !(wflags & SKEL_WRITER_STREAM))
        fprintf(stderr,
                "skel tracer (rank %d): %s cannot be mapped: buffering instead (a "
                "rank killed by SIGKILL loses what is buffered)\n",
                s->rank, path);
    uint64_t t0 = skel_tr_now();
    clock_sync(0);
    s->sync_ns += skel_tr_now() - t0;
    if (s->rank == 0)
        write_meta(NULL, 0);
    install_signals();
    static int registered;
    if (!registered && atexit(at_exit) == 0 && pthread_atfork(NULL, NULL, forked_child) == 0)
        registered = 1;
    skel_tr_ws_start();
    skel_tr_active = 1;
    return 1;
}

int skel_tr_lazy_start(void)
{
    int init = 0, fini = 0;
    PMPI_Initialized(&init);
    PMPI_Finalized(&fini);
    if (!init || fini)
        return 0;
    int provided = MPI_THREAD_SINGLE;
    PMPI_Query_thread(&provided);
    return skel_tr_start(provided);
}

void skel_tr_stop(void)
{
    struct skel_tr_session *s = &skel_tr_s;
    if (skel_tr_active != 1)
        return;
    skel_tr_ws_stop();
    uint64_t t0 = skel_tr_now();
    clock_sync(1);
    struct rank_summary mine, *all = NULL;
    memset(&mine, 0, sizeof mine);
    uint64_t per_event = s->overhead_samples ? s->overhead_sum_ns / s->overhead_samples : 0;
    mine.pid = (uint64_t)getpid();
    mine.events = s->nevents;
    mine.call_ns = s->call_ns;
    mine.offset_init = s->offset_init_ns;
    mine.offset_fini = s->offset_fini_ns;
    mine.rtt_init = s->rtt_init_ns;
    mine.rtt_fini = s->rtt_fini_ns;
    memcpy(mine.host, s->host, sizeof mine.host);
    mine.host[sizeof mine.host - 1] = '\0';
    s->sync_ns += skel_tr_now() - t0;
    mine.overhead = per_event * s->nevents + skel_writer_flush_ns(s->w) + s->sync_ns;
    if (s->rank == 0)
        all = calloc((size_t)s->nranks, sizeof *all);
    PMPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, 0, s->comm);
    PMPI_Comm_free(&s->comm);

    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    skel_rank_end end = {.nevents = s->nevents,
                         .overhead_ns = mine.overhead,
                         .per_event_ns = per_event,
                         .flush_ns = skel_writer_flush_ns(s->w),
                         .nflush = skel_writer_nflush(s->w),
                         .user_cpu_ns = (uint64_t)ru.ru_utime.tv_sec * 1000000000u +
                                        (uint64_t)ru.ru_utime.tv_usec * 1000u,
                         .sys_cpu_ns = (uint64_t)ru.ru_stime.tv_sec * 1000000000u +
                                       (uint64_t)ru.ru_stime.tv_usec * 1000u,
                         .t_end = skel_tr_now()};
    skel_tr_active = 2;
    if (skel_writer_finish(s->w, &end) != SKEL_OK)
        fprintf(stderr, "skel tracer (rank %d): %s\n", s->rank, skel_last_error());
    s->w = NULL;
    if (s->rank == 0 && all != NULL) {
        for (int i = 0; i < s->nranks; i++)
            all[i].host[sizeof all[i].host - 1] = '\0';
        write_meta(all, 1);
    }
    free(all);
    restore_signals();
}
