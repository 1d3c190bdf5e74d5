/* proc.c - child processes, process groups, deadlines and termination signals. */
#include "proc.h"

#include "error.h"
#include "grow.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- termination signals ------------------------------------------------ */

#define GUARD_SLOTS 64

static volatile sig_atomic_t got_signal;
static volatile sig_atomic_t guarded[GUARD_SLOTS];
static int wake_pipe[2] = {-1, -1};
static int signals_installed;
static struct sigaction old_int, old_term, old_hup;

/* Async-signal-safe: kill(2), write(2) and sig_atomic_t stores only. */
static void on_signal(int sig)
{
    int saved = errno;
    int second = got_signal != 0;
    if (!second)
        got_signal = sig;
    for (int i = 0; i < GUARD_SLOTS; i++)
        if (guarded[i] > 0)
            kill(-(pid_t)guarded[i], second ? SIGKILL : SIGTERM);
    if (wake_pipe[1] >= 0) {
        ssize_t w = write(wake_pipe[1], "x", 1);
        (void)w;
    }
    errno = saved;
}

int skel_proc_signals_install(void)
{
    if (signals_installed)
        return SKEL_OK;
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return skel_fail(SKEL_ESYSTEM, "proc: pipe2: %s", strerror(errno));
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
    sa.sa_flags = 0; /* no SA_RESTART: blocking calls return EINTR */
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    signals_installed = 1;
    return SKEL_OK;
}

void skel_proc_signals_restore(void)
{
    if (!signals_installed)
        return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    close(wake_pipe[0]);
    close(wake_pipe[1]);
    wake_pipe[0] = wake_pipe[1] = -1;
    signals_installed = 0;
}

int skel_proc_interrupted(void)
{
    return got_signal;
}

const volatile sig_atomic_t *skel_proc_interrupt_flag(void)
{
    return &got_signal;
}

int skel_proc_interrupt_status(void)
{
    return got_signal ? 128 + got_signal : 0;
}

int skel_proc_guard(pid_t pgid)
{
    for (int i = 0; i < GUARD_SLOTS; i++)
        if (guarded[i] == 0) {
            guarded[i] = pgid;
            return SKEL_OK;
        }
    return skel_fail(SKEL_ESTATE, "proc: more than %d process groups to guard", GUARD_SLOTS);
}

void skel_proc_unguard(pid_t pgid)
{
    for (int i = 0; i < GUARD_SLOTS; i++)
        if (guarded[i] == pgid)
            guarded[i] = 0;
}

static void drain_wake_pipe(void)
{
    char buf[64];
    if (wake_pipe[0] >= 0)
        while (read(wake_pipe[0], buf, sizeof buf) > 0)
            ;
}

/* ---- spawning ----------------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What a child reports over the close-on-exec pipe when its set-up fails. */
struct child_error {
    int stage; /* 1 stdin, 2 stdout, 3 stderr, 4 exec, 5 pgroup */
    int err;
};

struct spawn_req {
    char *const *argv; /* exec this, or */
    int (*fn)(void *); /* call this */
    void *arg;
    const struct skel_proc_opts *opts;
    int stdout_fd;   /* > 0: dup to 1 (overrides opts->stdout_path) */
    int stderr_fd;   /* >= 0: dup to 2 (overrides opts->stderr_path) */
    int quiet_stdio; /* stdin and stdout from/to /dev/null */
};

static void child_report(int fd, int stage, int err)
{
    struct child_error ce = {stage, err};
    ssize_t w = write(fd, &ce, sizeof ce);
    (void)w;
    _exit(127);
}

static void child_redirect(int fd_report, const char *path, int target, int flags, int stage)
{
    int fd = open(path, flags | O_CLOEXEC, 0644);
    if (fd < 0)
        child_report(fd_report, stage, errno);
    if (dup2(fd, target) < 0)
        child_report(fd_report, stage, errno);
    close(fd);
}

static int spawn_core(const struct spawn_req *rq, pid_t *pid_out)
{
    static const struct skel_proc_opts no_opts;
    const struct skel_proc_opts *o = rq->opts ? rq->opts : &no_opts;
    int rc = SKEL_OK;
    int ep[2];
    pid_t parent = getpid();

    fflush(NULL); /* the child must not flush the parent's buffers again */
    if (pipe2(ep, O_CLOEXEC) != 0)
        return skel_fail(SKEL_ESYSTEM, "proc: pipe2: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0) {
        rc = skel_fail(SKEL_ESYSTEM, "proc: fork: %s", strerror(errno));
        close(ep[0]);
        close(ep[1]);
        return rc;
    }
    if (pid == 0) {
        close(ep[0]);
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        sigaction(SIGINT, &dfl, NULL);
        sigaction(SIGTERM, &dfl, NULL);
        sigaction(SIGHUP, &dfl, NULL);
        sigaction(SIGPIPE, &dfl, NULL);
        sigaction(SIGCHLD, &dfl, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (wake_pipe[0] >= 0) {
            close(wake_pipe[0]);
            close(wake_pipe[1]);
        }
        if (o->new_pgroup && setpgid(0, 0) != 0)
            child_report(ep[1], 5, errno);
        if (!o->new_pgroup && o->join_pgroup > 0 && setpgid(0, o->join_pgroup) != 0)
            child_report(ep[1], 5, errno);
        if (o->death_signal > 0) {
            prctl(PR_SET_PDEATHSIG, o->death_signal);
            if (getppid() != parent) /* the harness died before prctl */
                _exit(127);
        }
        if (rq->quiet_stdio) {
            child_redirect(ep[1], "/dev/null", 0, O_RDONLY, 1);
            if (rq->stdout_fd <= 0)
                child_redirect(ep[1], "/dev/null", 1, O_WRONLY, 2);
        } else {
            if (o->stdin_path)
                child_redirect(ep[1], o->stdin_path, 0, O_RDONLY, 1);
            if (o->stdout_path)
                child_redirect(ep[1], o->stdout_path, 1, O_WRONLY | O_CREAT | O_TRUNC, 2);
        }
        if (rq->stdout_fd > 0 && dup2(rq->stdout_fd, 1) < 0)
            child_report(ep[1], 2, errno);
        if (rq->stderr_fd >= 0) {
            if (dup2(rq->stderr_fd, 2) < 0)
                child_report(ep[1], 3, errno);
        } else if (o->stderr_path) {
            child_redirect(ep[1], o->stderr_path, 2, O_WRONLY | O_CREAT | O_TRUNC, 3);
        }
        if (rq->fn != NULL) {
            close(ep[1]);
            _exit(rq->fn(rq->arg));
        }
        if (o->envp)
            execvpe(rq->argv[0], rq->argv, o->envp);
        else
            execvp(rq->argv[0], rq->argv);
        child_report(ep[1], 4, errno);
    }
    close(ep[1]);
    if (o->new_pgroup)
        setpgid(pid, pid); /* also here: no window where the group does not exist */
    else if (o->join_pgroup > 0)
        setpgid(pid, o->join_pgroup);
    struct child_error ce;
    ssize_t n;
    do
        n = read(ep[0], &ce, sizeof ce);
    while (n < 0 && errno == EINTR);
    close(ep[0]);
    if (n == (ssize_t)sizeof ce) {
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        static const char *const what[] = {
            "", "open stdin", "open stdout", "open stderr", "execute", "create a process group"};
        const char *name = rq->argv ? rq->argv[0] : "(function)";
        const char *path = ce.stage == 1   ? o->stdin_path
                           : ce.stage == 2 ? o->stdout_path
                           : ce.stage == 3 ? o->stderr_path
                                           : NULL;
        return skel_fail(SKEL_EEXEC, "cannot %s%s%s for '%s': %s",
                         what[ce.stage >= 1 && ce.stage <= 5 ? ce.stage : 0], path ? " " : "",
                         path ? path : "", name, strerror(ce.err));
    }
    *pid_out = pid;
    return SKEL_OK;
}

int skel_proc_spawn(char *const argv[], const struct skel_proc_opts *opts, pid_t *pid)
{
    if (argv == NULL || argv[0] == NULL)
        return skel_fail(SKEL_EUSAGE, "proc: empty command");
    struct spawn_req rq = {.argv = argv, .opts = opts, .stdout_fd = -1, .stderr_fd = -1};
    return spawn_core(&rq, pid);
}

int skel_proc_spawn_fn(int (*fn)(void *), void *arg, const struct skel_proc_opts *opts, pid_t *pid)
{
    struct spawn_req rq = {.fn = fn, .arg = arg, .opts = opts, .stdout_fd = -1, .stderr_fd = -1};
    return spawn_core(&rq, pid);
}

/* ---- waiting ------------------------------------------------------------ */

static int open_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

static int wait_core(pid_t pid, double timeout_s, int *wstatus, double *elapsed_s,
                     int honour_signals)
{
    double t0 = now_s();
    int pidfd = open_pidfd(pid);
    int rc = SKEL_OK;
    for (;;) {
        int st;
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid) {
            if (wstatus)
                *wstatus = st;
            break;
        }
        if (r < 0 && errno != EINTR) {
            rc = skel_fail(SKEL_ESYSTEM, "proc: waitpid(%d): %s", (int)pid, strerror(errno));
            break;
        }
        if (honour_signals && got_signal) {
            rc = skel_fail(SKEL_EINTERRUPTED, "interrupted by signal %d", (int)got_signal);
            break;
        }
        int wait_ms = pidfd >= 0 ? 1000 : 2;
        if (timeout_s > 0) {
            double left = t0 + timeout_s - now_s();
            if (left <= 0) {
                rc = skel_fail(SKEL_ETIMEOUT, "timed out after %g s", timeout_s);
                break;
            }
            if (left * 1000.0 < wait_ms)
                wait_ms = (int)(left * 1000.0) + 1;
        }
        struct pollfd pf[2];
        nfds_t nf = 0;
        if (pidfd >= 0)
            pf[nf++] = (struct pollfd){.fd = pidfd, .events = POLLIN};
        if (wake_pipe[0] >= 0)
            pf[nf++] = (struct pollfd){.fd = wake_pipe[0], .events = POLLIN};
        if (nf > 0)
            poll(pf, nf, wait_ms);
        else
            usleep((useconds_t)wait_ms * 1000);
        if (honour_signals)
            drain_wake_pipe();
    }
    if (pidfd >= 0)
        close(pidfd);
    if (elapsed_s)
        *elapsed_s = now_s() - t0;
    return rc;
}

int skel_proc_wait(pid_t pid, double timeout_s, int *wstatus, double *elapsed_s)
{
    return wait_core(pid, timeout_s, wstatus, elapsed_s, 1);
}

static char *join_argv(char *const argv[])
{
    size_t len = 1;
    for (size_t i = 0; argv[i]; i++)
        len += strlen(argv[i]) + 1;
    char *s = malloc(len);
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    for (size_t i = 0; argv[i]; i++) {
        if (i)
            strcat(s, " ");
        strcat(s, argv[i]);
    }
    return s;
}

/* Growable text buffer for a captured stream (at most 1 MiB kept). */
struct sink {
    char *buf;
    size_t len, cap;
};

static int sink_read(struct sink *k, int fd)
{
    char tmp[4096];
    ssize_t n = read(fd, tmp, sizeof tmp);
    if (n < 0)
        return errno == EINTR || errno == EAGAIN ? 1 : 0;
    if (n == 0)
        return 0;
    if (k->len + (size_t)n + 1 > k->cap && k->cap < (1u << 20)) {
        size_t cap = k->cap ? k->cap : 4096;
        while (cap < k->len + (size_t)n + 1 && cap < (1u << 20))
            cap *= 2;
        char *nb = realloc(k->buf, cap);
        if (nb != NULL) {
            k->buf = nb;
            k->cap = cap;
        }
    }
    size_t room = k->cap > k->len + 1 ? k->cap - k->len - 1 : 0;
    size_t take = (size_t)n < room ? (size_t)n : room;
    if (take > 0) {
        memcpy(k->buf + k->len, tmp, take);
        k->len += take;
        k->buf[k->len] = '\0';
    }
    return 1;
}

static char *sink_take(struct sink *k)
{
    char *s = k->buf;
    if (s == NULL)
        s = calloc(1, 1);
    k->buf = NULL;
    k->len = k->cap = 0;
    return s;
}

int skel_proc_run(char *const argv[], double timeout_s, char **out)
{
    int rc = SKEL_OK;
    int po[2] = {-1, -1}, pe[2] = {-1, -1};
    struct sink so = {0}, se = {0};
    char *cmd = NULL;
    pid_t pid = -1;
    double t0 = now_s();

    if (out)
        *out = NULL;
    if (argv == NULL || argv[0] == NULL)
        return skel_fail(SKEL_EUSAGE, "proc: empty command");
    if (pipe2(po, O_CLOEXEC) != 0 || pipe2(pe, O_CLOEXEC) != 0) {
        rc = skel_fail(SKEL_ESYSTEM, "proc: pipe2: %s", strerror(errno));
        goto out;
    }
    struct spawn_req rq = {.argv = argv, .stdout_fd = po[1], .stderr_fd = pe[1], .quiet_stdio = 1};
    rc = spawn_core(&rq, &pid);
    close(po[1]);
    close(pe[1]);
    po[1] = pe[1] = -1;
    if (rc != SKEL_OK)
        goto out;
    /* Read both streams to their end (the child exits soon after). */
    int open_o = 1, open_e = 1;
    while (open_o || open_e) {
        int wait_ms = -1;
        if (timeout_s > 0) {
            double left = t0 + timeout_s - now_s();
            if (left <= 0)
                break;
            wait_ms = (int)(left * 1000.0) + 1;
        }
        struct pollfd pf[2];
        nfds_t nf = 0;
        if (open_o)
            pf[nf++] = (struct pollfd){.fd = po[0], .events = POLLIN};
        if (open_e)
            pf[nf++] = (struct pollfd){.fd = pe[0], .events = POLLIN};
        int pr = poll(pf, nf, wait_ms);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr <= 0)
            break;
        for (nfds_t i = 0; i < nf; i++) {
            if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            int is_o = pf[i].fd == po[0];
            if (!sink_read(is_o ? &so : &se, pf[i].fd)) {
                if (is_o)
                    open_o = 0;
                else
                    open_e = 0;
            }
        }
    }
    while (se.len > 0 && (se.buf[se.len - 1] == '\n' || se.buf[se.len - 1] == ' '))
        se.buf[--se.len] = '\0';
    int st = 0;
    double left = timeout_s > 0 ? t0 + timeout_s - now_s() : 0;
    if (timeout_s > 0 && left <= 0)
        left = 0.001;
    rc = wait_core(pid, timeout_s > 0 ? left : 0, &st, NULL, 0);
    cmd = join_argv(argv);
    const char *name = cmd ? cmd : argv[0];
    const char *etxt = se.len ? se.buf : "";
    if (rc == SKEL_ETIMEOUT) {
        kill(pid, SIGKILL);
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        rc = skel_fail(SKEL_ETIMEOUT, "'%s' did not finish within %g s", name, timeout_s);
        goto out;
    }
    if (rc != SKEL_OK)
        goto out;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        if (out)
            *out = sink_take(&so);
        goto out;
    }
    if (WIFEXITED(st))
        rc = skel_fail(SKEL_EEXEC, "'%s' exited with status %d%s%s", name, WEXITSTATUS(st),
                       *etxt ? ": " : "", etxt);
    else
        rc = skel_fail(SKEL_EEXEC, "'%s' was killed by signal %d%s%s", name, WTERMSIG(st),
                       *etxt ? ": " : "", etxt);
out:
    for (int i = 0; i < 2; i++) {
        if (po[i] >= 0)
            close(po[i]);
        if (pe[i] >= 0)
            close(pe[i]);
    }
    free(so.buf);
    free(se.buf);
    free(cmd);
    return rc;
}

/* ---- killing ------------------------------------------------------------ */

void skel_proc_kill_group(pid_t pgid, pid_t leader, double grace_s)
{
    if (pgid <= 1)
        return;
    kill(-pgid, SIGTERM);
    if (leader > 0) {
        int st;
        if (wait_core(leader, grace_s > 0 ? grace_s : 0.001, &st, NULL, 0) == SKEL_OK)
            leader = -1;
    }
    kill(-pgid, SIGKILL);
    if (leader > 0)
        while (waitpid(leader, NULL, 0) < 0 && errno == EINTR)
            ;
}

int skel_proc_become_subreaper(void)
{
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        return skel_fail(SKEL_ESYSTEM, "proc: prctl(PR_SET_CHILD_SUBREAPER): %s", strerror(errno));
    return SKEL_OK;
}

/* Parse /proc/PID/stat: ppid, pgrp and start time (fields 4, 5, 22). */
static int read_stat(pid_t pid, pid_t *ppid, pid_t *pgrp, unsigned long long *start)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the command name may hold spaces and ')' */
    if (p == NULL)
        return -1;
    p++;
    char state;
    int pp, pg;
    unsigned long long st = 0;
    /* state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
     * utime stime cutime cstime priority nice num_threads itrealvalue starttime */
    if (sscanf(p, " %c %d %d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
               &state, &pp, &pg, &st) != 4)
        return -1;
    if (ppid)
        *ppid = pp;
    if (pgrp)
        *pgrp = pg;
    if (start)
        *start = st;
    return 0;
}

unsigned long long skel_proc_start_time(pid_t pid)
{
    unsigned long long st = 0;
    if (pid <= 0 || read_stat(pid, NULL, NULL, &st) != 0)
        return 0;
    return st;
}

static int is_pid_name(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

int skel_proc_children(pid_t **pids, size_t *n)
{
    size_t cap = 0;
    pid_t self = getpid();
    *pids = NULL;
    *n = 0;
    DIR *d = opendir("/proc");
    if (d == NULL)
        return skel_fail(SKEL_ESYSTEM, "/proc: %s", strerror(errno));
    struct dirent *e;
    int rc = SKEL_OK;
    while ((e = readdir(d)) != NULL) {
        pid_t pid, ppid;
        if (!is_pid_name(e->d_name))
            continue;
        pid = (pid_t)atoi(e->d_name);
        if (read_stat(pid, &ppid, NULL, NULL) != 0 || ppid != self)
            continue;
        if ((rc = skel_grow(pids, &cap, *n + 1, sizeof **pids)) != SKEL_OK)
            break;
        (*pids)[(*n)++] = pid;
    }
    closedir(d);
    return rc;
}

int skel_proc_kill_orphans(const pid_t *keep, size_t nkeep)
{
    int killed = 0;
    pid_t self = getpid();
    for (int round = 0; round < 20; round++) {
        int found = 0;
        DIR *d = opendir("/proc");
        struct dirent *e;
        while (d != NULL && (e = readdir(d)) != NULL) {
            if (!is_pid_name(e->d_name))
                continue;
            pid_t pid = (pid_t)atoi(e->d_name), ppid, pgrp;
            if (read_stat(pid, &ppid, &pgrp, NULL) != 0 || ppid != self)
                continue;
            int kept = 0;
            for (size_t i = 0; i < nkeep; i++)
                if (keep[i] == pgrp || keep[i] == pid)
                    kept = 1;
            if (kept)
                continue;
            kill(pid, SIGKILL);
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
                ;
            found++;
        }
        if (d != NULL)
            closedir(d);
        killed += found;
        if (found == 0)
            break;
    }
    return killed;
}

int skel_proc_kill_netns(const char *netns_path)
{
    struct stat ns;
    if (stat(netns_path, &ns) != 0)
        return 0;
    int n = 0;
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (!is_pid_name(e->d_name))
            continue;
        char path[300];
        struct stat st;
        snprintf(path, sizeof path, "/proc/%s/ns/net", e->d_name);
        if (stat(path, &st) == 0 && st.st_dev == ns.st_dev && st.st_ino == ns.st_ino) {
            pid_t pid = (pid_t)atoi(e->d_name);
            if (pid != getpid() && kill(pid, SIGKILL) == 0)
                n++;
        }
    }
    if (d != NULL)
        closedir(d);
    return n;
}

/* Has pid exited without being reaped yet (state Z in /proc/PID/stat)? */
static int is_zombie(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return 1; /* gone altogether */
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *close = strrchr(buf, ')'); /* the command may hold blanks and ')' */
    return close != NULL && close[1] == ' ' && close[2] == 'Z';
}

int skel_proc_kill_cgroup(const char *cgroup_dir)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/cgroup.procs", cgroup_dir) >= (int)sizeof path)
        return skel_fail(SKEL_ERANGE, "proc: cgroup path too long: %s", cgroup_dir);
    for (int round = 0; round < 100; round++) {
        FILE *f = fopen(path, "re");
        if (f == NULL)
            return SKEL_OK; /* no such cgroup: nothing to kill */
        int any = 0;
        long pid;
        while (fscanf(f, "%ld", &pid) == 1) {
            /* A pid that is gone (listed in a synthetic tree, or exited
             * meanwhile) or dead but not yet reaped is not waited for; our
             * own children are reaped here, also one that died between the
             * first waitpid and the look at its state (once that left a
             * zombie the caller took for a live process). */
            if (pid <= 1 || pid == (long)getpid() || kill((pid_t)pid, SIGKILL) != 0 ||
                waitpid((pid_t)pid, NULL, WNOHANG) != 0)
                continue;
            if (is_zombie((pid_t)pid))
                (void)waitpid((pid_t)pid, NULL, WNOHANG);
            else
                any = 1;
        }
        fclose(f);
        if (!any)
            return SKEL_OK;
        usleep(10000);
    }
    return skel_fail(SKEL_ESTATE, "%s: processes remain after SIGKILL", cgroup_dir);
}
