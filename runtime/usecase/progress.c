/* progress.c - a status line on terminals, plain lines elsewhere (progress.h). */
#include "progress.h"

#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/* Without a terminal, a step says what it is doing once it has taken
 * PLAIN_AFTER_S, then every PLAIN_EVERY_S: logs of quick commands stay
 * clean, logs of long ones show what runs. */
#define PLAIN_AFTER_S 10.0
#define PLAIN_EVERY_S 60.0

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t ticker;
    int running, stopping, has_thread;
    enum skel_progress_mode mode;
    char cmd[32];
    char text[512];
    double t0;         /* command start */
    double step_t0;    /* start of the current step */
    double last_plain; /* when the last plain line was printed */
    int shown;         /* a status line is on the terminal */
    unsigned done, total;
    double done_at; /* elapsed when `done` was reached */
    void (*sampler)(void *, char *, size_t);
    void *sampler_arg;
} P = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "12 s", "3 min 05 s", "1 h 02 min". */
static void duration(char *buf, size_t len, double s)
{
    long t = s < 0 ? 0 : (long)(s + 0.5);
    if (t < 60)
        snprintf(buf, len, "%ld s", t);
    else if (t < 3600)
        snprintf(buf, len, "%ld min %02ld s", t / 60, t % 60);
    else
        snprintf(buf, len, "%ld h %02ld min", t / 3600, t % 3600 / 60);
}

void skel_progress_format(char *buf, size_t len, const char *text, double elapsed_s, double left_s)
{
    char e[32], l[32];
    duration(e, sizeof e, elapsed_s);
    if (left_s >= 0) {
        duration(l, sizeof l, left_s);
        snprintf(buf, len, "%s, %s elapsed, about %s left", text, e, l);
    } else {
        snprintf(buf, len, "%s, %s elapsed", text, e);
    }
}

/* The time left from the units done so far; -1 when unknown. */
static double left_locked(double elapsed)
{
    if (P.total == 0 || P.done == 0 || P.done_at <= 0)
        return -1;
    if (P.done >= P.total)
        return 0;
    double left = P.done_at / P.done * P.total - elapsed;
    return left > 0 ? left : 0;
}

static int columns(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
        return ws.ws_col;
    return 80;
}

static void clear_locked(void)
{
    if (P.mode == SKEL_PROGRESS_TTY && P.shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        P.shown = 0;
    }
}

/* The status, now: on a terminal rewritten in place (no longer than the
 * line, so that it never wraps); elsewhere a plain line once the step is
 * PLAIN_AFTER_S old and the last line PLAIN_EVERY_S. */
static void draw_locked(void)
{
    if (P.mode == SKEL_PROGRESS_OFF || P.text[0] == '\0')
        return;
    double el = now_s() - P.t0;
    char line[768];
    skel_progress_format(line, sizeof line, P.text, el, left_locked(el));
    if (P.mode == SKEL_PROGRESS_TTY) {
        int width = columns() - 1 - (int)strlen("skel : ") - (int)strlen(P.cmd);
        if (width < 10)
            width = 10;
        fprintf(stderr, "\r\033[Kskel %s: %.*s", P.cmd, width, line);
        fflush(stderr);
        P.shown = 1;
    } else if (now_s() - P.step_t0 >= PLAIN_AFTER_S &&
               (P.last_plain < P.step_t0 - P.t0 || el - P.last_plain >= PLAIN_EVERY_S)) {
        fprintf(stderr, "skel %s: %s\n", P.cmd, line);
        fflush(stderr);
        P.last_plain = el;
    }
}

static void *tick(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&P.lock);
    while (!P.stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&P.wake, &P.lock, &until);
        if (P.stopping)
            break;
        if (P.sampler != NULL) {
            char buf[512];
            void (*fn)(void *, char *, size_t) = P.sampler;
            void *arg = P.sampler_arg;
            /* The sampler reads files: not under the lock. */
            pthread_mutex_unlock(&P.lock);
            buf[0] = '\0';
            fn(arg, buf, sizeof buf);
            pthread_mutex_lock(&P.lock);
            if (buf[0] != '\0' && P.sampler == fn)
                snprintf(P.text, sizeof P.text, "%s", buf);
        }
        draw_locked();
    }
    pthread_mutex_unlock(&P.lock);
    return NULL;
}

void skel_progress_start(const char *cmd, int quiet)
{
    pthread_mutex_lock(&P.lock);
    if (P.running) {
        pthread_mutex_unlock(&P.lock);
        return;
    }
    const char *force = getenv("SKEL_PROGRESS"), *term = getenv("TERM");
    if (quiet)
        P.mode = SKEL_PROGRESS_OFF;
    else if (force != NULL && strcmp(force, "tty") == 0)
        P.mode = SKEL_PROGRESS_TTY;
    else if (force != NULL && strcmp(force, "plain") == 0)
        P.mode = SKEL_PROGRESS_PLAIN;
    else if (force != NULL && strcmp(force, "off") == 0)
        P.mode = SKEL_PROGRESS_OFF;
    else if (isatty(STDERR_FILENO) && !(term != NULL && strcmp(term, "dumb") == 0))
        P.mode = SKEL_PROGRESS_TTY;
    else
        P.mode = SKEL_PROGRESS_PLAIN;
    snprintf(P.cmd, sizeof P.cmd, "%s", cmd);
    P.text[0] = '\0';
    P.t0 = P.step_t0 = now_s();
    P.last_plain = -1;
    P.shown = 0;
    P.done = P.total = 0;
    P.done_at = 0;
    P.sampler = NULL;
    P.stopping = 0;
    P.running = 1;
    P.has_thread = 0;
    if (P.mode != SKEL_PROGRESS_OFF) {
        /* Signals (Ctrl-C, SIGCHLD) go to the command's own thread, never
         * to the ticker: it starts with all of them blocked. */
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_BLOCK, &all, &old);
        if (pthread_create(&P.ticker, NULL, tick, NULL) == 0)
            P.has_thread = 1;
        else
            P.mode = SKEL_PROGRESS_PLAIN; /* no ticker: steps still print */
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    pthread_mutex_unlock(&P.lock);
}

enum skel_progress_mode skel_progress_mode(void)
{
    pthread_mutex_lock(&P.lock);
    enum skel_progress_mode m = P.running ? P.mode : SKEL_PROGRESS_OFF;
    pthread_mutex_unlock(&P.lock);
    return m;
}

__attribute__((format(printf, 2, 0))) static void set_text(int new_step, const char *fmt,
                                                           va_list ap)
{
    pthread_mutex_lock(&P.lock);
    if (P.running && P.mode != SKEL_PROGRESS_OFF) {
        vsnprintf(P.text, sizeof P.text, fmt, ap);
        if (new_step)
            P.step_t0 = now_s();
        draw_locked();
    }
    pthread_mutex_unlock(&P.lock);
}

void skel_progress_step(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_text(1, fmt, ap);
    va_end(ap);
}

void skel_progress_update(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_text(0, fmt, ap);
    va_end(ap);
}

void skel_progress_count(unsigned done, unsigned total)
{
    pthread_mutex_lock(&P.lock);
    if (done != P.done || total != P.total)
        P.done_at = now_s() - P.t0;
    P.done = done;
    P.total = total;
    pthread_mutex_unlock(&P.lock);
}

void skel_progress_sampler(void (*fn)(void *arg, char *buf, size_t len), void *arg)
{
    /* The first sample now, not at the next tick: a step shorter than a
     * tick (a run of under a second) still shows what runs.  The sampler
     * reads files: not under the lock. */
    char buf[512] = "";
    if (fn != NULL)
        fn(arg, buf, sizeof buf);
    pthread_mutex_lock(&P.lock);
    P.sampler = fn;
    P.sampler_arg = arg;
    if (buf[0] != '\0' && P.running && P.mode != SKEL_PROGRESS_OFF) {
        snprintf(P.text, sizeof P.text, "%s", buf);
        P.step_t0 = now_s();
        draw_locked();
    }
    pthread_mutex_unlock(&P.lock);
}

void skel_progress_note(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&P.lock);
    clear_locked();
    fprintf(stderr, "skel %s: %s\n", P.cmd[0] ? P.cmd : "?", buf);
    fflush(stderr);
    if (P.running && P.mode == SKEL_PROGRESS_TTY)
        draw_locked();
    pthread_mutex_unlock(&P.lock);
}

void skel_progress_hide(void)
{
    pthread_mutex_lock(&P.lock);
    clear_locked();
    pthread_mutex_unlock(&P.lock);
}

void skel_progress_stop(void)
{
    pthread_mutex_lock(&P.lock);
    int had_thread = P.has_thread;
    if (!P.running) {
        pthread_mutex_unlock(&P.lock);
        return;
    }
    P.stopping = 1;
    pthread_cond_broadcast(&P.wake);
    pthread_mutex_unlock(&P.lock);
    if (had_thread)
        pthread_join(P.ticker, NULL);
    pthread_mutex_lock(&P.lock);
    clear_locked();
    P.running = 0;
    P.has_thread = 0;
    P.sampler = NULL;
    pthread_mutex_unlock(&P.lock);
}
