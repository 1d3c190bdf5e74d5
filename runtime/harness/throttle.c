/* throttle.c - the record of every throttle on a testbed (throttle.h). */
#include "throttle.h"

#include "afile.h"
#include "error.h"
#include "grow.h"
#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAGIC "skel-throttle 1"

struct record {
    pid_t owner;
    unsigned long long owner_start;
    char command[64];
    char name[80];
    enum skel_throttle_scope scope;
    uint64_t link[SKEL_TESTBED_MAX_HOSTS + 1];        /* rate per shaped host, 0: none */
    unsigned char cgroup[SKEL_TESTBED_MAX_HOSTS + 1]; /* hosts with compete.<owner> */
    size_t ncomp, capcomp, capstart;
    pid_t *comp;
    unsigned long long *comp_start;
};

struct skel_throttle {
    const skel_testbed *tb;
    struct record rec;
    char path[PATH_MAX];
    char sub[32]; /* compete.<pid> */
};

static void record_free(struct record *r)
{
    free(r->comp);
    free(r->comp_start);
    r->comp = NULL;
    r->comp_start = NULL;
    r->ncomp = r->capcomp = r->capstart = 0;
}

static int owner_alive(pid_t pid, unsigned long long start)
{
    return pid > 0 && start != 0 && skel_proc_start_time(pid) == start;
}

/* ---- the record file ------------------------------------------------------- */

static int record_write(const char *path, const struct record *r)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return skel_fail_context(rc, "writing the throttle record");
    FILE *f = skel_afile_stream(af);
    fprintf(f, "%s\n# written by skel; undone when its owner is gone (throttle.h)\n", MAGIC);
    fprintf(f, "owner %d %llu\ncommand %s\nname %s\nscope %s\n", (int)r->owner, r->owner_start,
            r->command, r->name, r->scope == SKEL_THROTTLE_SHARED ? "shared" : "private");
    for (unsigned h = 1; h <= SKEL_TESTBED_MAX_HOSTS; h++) {
        if (r->link[h])
            fprintf(f, "link %u %llu\n", h, (unsigned long long)r->link[h]);
        if (r->cgroup[h])
            fprintf(f, "cgroup %u\n", h);
    }
    for (size_t i = 0; i < r->ncomp; i++)
        fprintf(f, "competitor %d %llu\n", (int)r->comp[i], r->comp_start[i]);
    if ((rc = skel_afile_commit(af)) != SKEL_OK)
        skel_fail_context(rc, "writing the throttle record");
    return rc;
}

static int add_competitor(struct record *r, pid_t pid, unsigned long long start)
{
    if (skel_grow(&r->comp, &r->capcomp, r->ncomp + 1, sizeof *r->comp) != SKEL_OK)
        return SKEL_ENOMEM;
    if (skel_grow(&r->comp_start, &r->capstart, r->ncomp + 1, sizeof *r->comp_start) != SKEL_OK)
        return SKEL_ENOMEM;
    r->comp[r->ncomp] = pid;
    r->comp_start[r->ncomp] = start;
    r->ncomp++;
    return SKEL_OK;
}

/* A text value after "key " (the rest of the line), cut to fit. */
static void text_value(const char *line, size_t skip, char *out, size_t len)
{
    size_t n = strlen(line + skip);
    if (n >= len)
        n = len - 1;
    memcpy(out, line + skip, n);
    out[n] = '\0';
}

static int record_read(const char *path, struct record *r)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return skel_fail(SKEL_EIO, "%s: %s", path, strerror(errno));
    char line[256];
    unsigned ln = 0;
    int rc = SKEL_OK;
    while (fgets(line, sizeof line, f) != NULL) {
        ln++;
        line[strcspn(line, "\n")] = '\0';
        int n = 0, pid;
        unsigned h;
        unsigned long long st;
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (ln == 1) {
            if (strcmp(line, MAGIC) != 0) {
                rc = skel_fail(SKEL_EFORMAT, "%s:1: expected '%s'", path, MAGIC);
                break;
            }
        } else if (sscanf(line, "owner %d %llu%n", &pid, &st, &n) == 2 && line[n] == '\0') {
            r->owner = pid;
            r->owner_start = st;
        } else if (strncmp(line, "command ", 8) == 0) {
            text_value(line, 8, r->command, sizeof r->command);
        } else if (strncmp(line, "name ", 5) == 0) {
            text_value(line, 5, r->name, sizeof r->name);
        } else if (strcmp(line, "scope shared") == 0 || strcmp(line, "scope private") == 0) {
            r->scope = line[6] == 's' ? SKEL_THROTTLE_SHARED : SKEL_THROTTLE_PRIVATE;
        } else if (sscanf(line, "link %u %llu%n", &h, &st, &n) == 2 && line[n] == '\0' && h >= 1 &&
                   h <= SKEL_TESTBED_MAX_HOSTS && st > 0) {
            r->link[h] = st;
        } else if (sscanf(line, "cgroup %u%n", &h, &n) == 1 && line[n] == '\0' && h >= 1 &&
                   h <= SKEL_TESTBED_MAX_HOSTS) {
            r->cgroup[h] = 1;
        } else if (sscanf(line, "competitor %d %llu%n", &pid, &st, &n) == 2 && line[n] == '\0' &&
                   pid > 1 && r->ncomp < 4096) {
            if ((rc = add_competitor(r, pid, st)) != SKEL_OK)
                break;
        } else {
            rc = skel_fail(SKEL_EFORMAT, "%s:%u: unexpected line '%s'", path, ln, line);
            break;
        }
    }
    fclose(f);
    if (rc == SKEL_OK && r->owner <= 0)
        rc = skel_fail(SKEL_EFORMAT, "%s: no owner", path);
    if (rc != SKEL_OK)
        record_free(r);
    return rc;
}

/* Undo what a record describes.  Competitors are killed by pid only while
 * their start time still matches (pids get reused), and by cgroup. */
static int record_undo(const struct record *r, const skel_testbed *tb)
{
    int rc = SKEL_OK;
    char sub[32];
    snprintf(sub, sizeof sub, "compete.%d", (int)r->owner);
    for (size_t i = 0; i < r->ncomp; i++) {
        if (r->comp_start[i] != 0 && skel_proc_start_time(r->comp[i]) == r->comp_start[i]) {
            kill(r->comp[i], SIGKILL);
            /* Our own child: reap it (others are reaped by init). */
            waitpid(r->comp[i], NULL, r->owner == getpid() ? 0 : WNOHANG);
        }
    }
    for (unsigned h = 1; h <= SKEL_TESTBED_MAX_HOSTS; h++) {
        if (r->cgroup[h] && h <= skel_testbed_nhosts(tb)) {
            int e = skel_testbed_subgroup_remove(tb, h, sub);
            if (rc == SKEL_OK)
                rc = e;
        }
        if (r->link[h] && h <= skel_testbed_nhosts(tb)) {
            int e = skel_testbed_link_restore(tb, h);
            if (rc == SKEL_OK)
                rc = e;
        }
    }
    return rc;
}

/* ---- records of a testbed ------------------------------------------------ */

/* fn(arg, path, record) for each readable record; unreadable ones are
 * removed (what they did is undone by `skel testbed down`). */
static int each_record(const skel_testbed *tb,
                       int (*fn)(void *arg, const char *path, struct record *r), void *arg)
{
    int rc = SKEL_OK;
    DIR *d = opendir(skel_testbed_dir(tb));
    struct dirent *e;
    while (d != NULL && rc == SKEL_OK && (e = readdir(d)) != NULL) {
        int pid, used = 0;
        if (sscanf(e->d_name, "throttle.%d%n", &pid, &used) != 1 || e->d_name[used] != '\0')
            continue;
        char path[PATH_MAX + NAME_MAX + 2];
        snprintf(path, sizeof path, "%s/%s", skel_testbed_dir(tb), e->d_name);
        struct record r;
        if (record_read(path, &r) != SKEL_OK) {
            unlink(path);
            skel_clear_error();
            continue;
        }
        rc = fn(arg, path, &r);
        record_free(&r);
    }
    if (d != NULL)
        closedir(d);
    return rc;
}

struct sweep {
    const skel_testbed *tb;
    unsigned n;
    int rc;
    uint64_t live_link[SKEL_TESTBED_MAX_HOSTS + 1]; /* links a live record limits */
};

static int sweep_one(void *arg, const char *path, struct record *r)
{
    struct sweep *s = arg;
    if (r->owner == getpid() || owner_alive(r->owner, r->owner_start)) {
        for (unsigned h = 1; h <= SKEL_TESTBED_MAX_HOSTS; h++)
            if (r->link[h])
                s->live_link[h] = r->link[h];
        return SKEL_OK;
    }
    int e = record_undo(r, s->tb);
    if (s->rc == SKEL_OK)
        s->rc = e;
    unlink(path);
    s->n++;
    return SKEL_OK;
}

/* run.<pid> and compete.<pid> cgroups of processes that are gone. */
struct stale_subs {
    char names[64][72];
    size_t n;
};

static void collect_sub(void *arg, const char *name)
{
    struct stale_subs *s = arg;
    int pid, used = 0;
    if ((sscanf(name, "run.%d%n", &pid, &used) == 1 ||
         sscanf(name, "compete.%d%n", &pid, &used) == 1) &&
        name[used] == '\0' && pid > 1 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH &&
        s->n < sizeof s->names / sizeof s->names[0])
        snprintf(s->names[s->n++], sizeof s->names[0], "%s", name);
}

int skel_throttle_sweep(const skel_testbed *tb, unsigned *undone)
{
    struct sweep s = {.tb = tb};
    int rc = each_record(tb, sweep_one, &s);
    if (rc == SKEL_OK)
        rc = s.rc;
    for (unsigned h = 1; h <= skel_testbed_nhosts(tb); h++) {
        /* A scenario qdisc no live record accounts for (its record lost). */
        if (!s.live_link[h] && skel_testbed_link_throttled(tb, h)) {
            int e = skel_testbed_link_restore(tb, h);
            if (rc == SKEL_OK)
                rc = e;
            s.n++;
        }
        struct stale_subs subs = {.n = 0};
        skel_cgroups_each_sub(skel_testbed_cgroups(tb), skel_testbed_index(tb), h, collect_sub,
                              &subs);
        for (size_t i = 0; i < subs.n; i++) {
            int e = skel_testbed_subgroup_remove(tb, h, subs.names[i]);
            if (rc == SKEL_OK)
                rc = e;
            s.n++;
        }
    }
    if (undone)
        *undone = s.n;
    return rc;
}

/* ---- what a record does, in words ------------------------------------------ */

static size_t comps_on(const struct record *r, unsigned h, const skel_testbed *tb)
{
    /* Competitors are recorded with their pids only; the cgroup knows the host. */
    (void)r;
    char path[PATH_MAX], sub[32];
    snprintf(sub, sizeof sub, "compete.%d", (int)r->owner);
    if (skel_testbed_cgroup_path(tb, "cpu", h, sub, path, sizeof path) != SKEL_OK)
        return 0;
    char procs[PATH_MAX + 16];
    snprintf(procs, sizeof procs, "%s/cgroup.procs", path);
    FILE *f = fopen(procs, "re");
    size_t n = 0;
    long pid;
    if (f != NULL) {
        while (fscanf(f, "%ld", &pid) == 1)
            n++;
        fclose(f);
    }
    return n;
}

/* "its link is limited to 10mbit and 2 competitor processes run on its cores" */
static int host_effect(const struct record *r, unsigned h, const skel_testbed *tb, char *out,
                       size_t len)
{
    char rate[32];
    out[0] = '\0';
    if (!r->link[h] && !r->cgroup[h])
        return 0;
    size_t k = 0;
    if (r->link[h]) {
        skel_testbed_format_rate(r->link[h], rate, sizeof rate);
        k += (size_t)snprintf(out, len, "its link is limited to %s", rate);
    }
    if (r->cgroup[h] && k < len)
        snprintf(out + k, len - k, "%scompetitor processes run on its cores (%zu now)",
                 k ? " and " : "", comps_on(r, h, tb));
    return 1;
}

struct check {
    const skel_testbed *tb;
    const unsigned *hosts;
    size_t nhosts;
    char *note;
    size_t notelen;
    int refused;
};

static int check_one(void *arg, const char *path, struct record *r)
{
    (void)path;
    struct check *c = arg;
    if (r->owner == getpid() || !owner_alive(r->owner, r->owner_start))
        return SKEL_OK;
    size_t nh = c->hosts != NULL ? c->nhosts : skel_testbed_nhosts(c->tb);
    for (size_t i = 0; i < nh; i++) {
        unsigned h = c->hosts != NULL ? c->hosts[i] : (unsigned)i + 1;
        char effect[256];
        if (h < 1 || h > SKEL_TESTBED_MAX_HOSTS || !host_effect(r, h, c->tb, effect, sizeof effect))
            continue;
        if (r->scope == SKEL_THROTTLE_PRIVATE) {
            c->refused = 1;
            return skel_fail(SKEL_ESTATE,
                             "testbed '%s' host %u: %s, by scenario '%s' of process %d (%s), "
                             "which measures under it: a run beside it would be slowed as well; "
                             "wait for it to end or stop it",
                             skel_testbed_name(c->tb), h, effect, r->name, (int)r->owner,
                             r->command);
        }
        if (c->note != NULL) {
            size_t k = strlen(c->note);
            snprintf(c->note + k, c->notelen - k,
                     "%stestbed '%s' host %u: %s, by scenario '%s' shared by process %d (%s)",
                     k ? "; " : "", skel_testbed_name(c->tb), h, effect, r->name, (int)r->owner,
                     r->command);
        }
    }
    return SKEL_OK;
}

int skel_throttle_prepare(const skel_testbed *tb, const unsigned *hosts, size_t nhosts, char *note,
                          size_t notelen)
{
    if (note != NULL && notelen > 0)
        note[0] = '\0';
    unsigned undone = 0;
    if (skel_throttle_sweep(tb, &undone) != SKEL_OK)
        skel_clear_error(); /* best effort; what stays is refused or reported below */
    struct check c = {.tb = tb, .hosts = hosts, .nhosts = nhosts, .note = note, .notelen = notelen};
    return each_record(tb, check_one, &c);
}

/* ---- applying ------------------------------------------------------------ */

/* "skel run" from /proc/self/cmdline: the program's base name and its first
 * argument. */
static void own_command(char *out, size_t len)
{
    char buf[512];
    out[0] = '\0';
    FILE *f = fopen("/proc/self/cmdline", "re");
    size_t n = f != NULL ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f != NULL)
        fclose(f);
    buf[n] = '\0';
    const char *prog = strrchr(buf, '/') ? strrchr(buf, '/') + 1 : buf;
    const char *arg = strlen(buf) + 1 < n ? buf + strlen(buf) + 1 : "";
    snprintf(out, len, "%.30s%s%.32s", prog, arg[0] ? " " : "", arg); /* fits 64 */
    for (char *p = out; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '?';
}

struct live {
    const skel_testbed *tb;
};

static int refuse_live(void *arg, const char *path, struct record *r)
{
    (void)path;
    struct live *l = arg;
    if (r->owner == getpid() || !owner_alive(r->owner, r->owner_start))
        return SKEL_OK;
    return skel_fail(SKEL_ESTATE,
                     "testbed '%s': process %d (%s) has scenario '%s' applied; one scenario at a "
                     "time",
                     skel_testbed_name(l->tb), (int)r->owner, r->command, r->name);
}

int skel_throttle_begin(const skel_testbed *tb, const char *name, enum skel_throttle_scope scope,
                        skel_throttle **out)
{
    *out = NULL;
    if (tb == NULL)
        return skel_fail(SKEL_ENOTFOUND, "a throttle needs the emulated testbed");
    if (skel_throttle_sweep(tb, NULL) != SKEL_OK)
        skel_clear_error(); /* best effort: what stays is refused below or by the apply */
    struct live l = {.tb = tb};
    int rc = each_record(tb, refuse_live, &l);
    if (rc != SKEL_OK)
        return rc;
    skel_throttle *t = calloc(1, sizeof *t);
    if (t == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    t->tb = tb;
    t->rec.owner = getpid();
    t->rec.owner_start = skel_proc_start_time(getpid());
    t->rec.scope = scope;
    own_command(t->rec.command, sizeof t->rec.command);
    snprintf(t->rec.name, sizeof t->rec.name, "%s", name);
    for (char *p = t->rec.name; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '?';
    snprintf(t->sub, sizeof t->sub, "compete.%d", (int)getpid());
    if (mkdir(skel_testbed_dir(tb), 0755) != 0 && errno != EEXIST) {
        rc = skel_fail(SKEL_ESYSTEM, "%s: %s", skel_testbed_dir(tb), strerror(errno));
        goto fail;
    }
    snprintf(t->path, sizeof t->path, "%s/throttle.%d", skel_testbed_dir(tb), (int)getpid());
    if (access(t->path, F_OK) == 0) {
        rc = skel_fail(SKEL_ESTATE, "this process has a throttle on testbed '%s' already",
                       skel_testbed_name(tb));
        t->path[0] = '\0';
        goto fail;
    }
    /* Intent first: a kill from here on leaves a record to undo. */
    if ((rc = record_write(t->path, &t->rec)) != SKEL_OK) {
        t->path[0] = '\0';
        goto fail;
    }
    *out = t;
    return SKEL_OK;
fail:
    record_free(&t->rec);
    free(t);
    return rc;
}

int skel_throttle_link(skel_throttle *t, unsigned host, uint64_t bps)
{
    if (host < 1 || host > skel_testbed_nhosts(t->tb))
        return skel_fail(SKEL_ERANGE, "testbed host %u does not exist", host);
    t->rec.link[host] = bps;
    int rc = record_write(t->path, &t->rec);
    return rc == SKEL_OK ? skel_testbed_link_limit(t->tb, host, bps) : rc;
}

int skel_throttle_cgroup(skel_throttle *t, unsigned host, const char **sub)
{
    if (host < 1 || host > skel_testbed_nhosts(t->tb))
        return skel_fail(SKEL_ERANGE, "testbed host %u does not exist", host);
    t->rec.cgroup[host] = 1;
    int rc = record_write(t->path, &t->rec);
    if (rc == SKEL_OK)
        rc = skel_testbed_subgroup_create(t->tb, host, t->sub);
    *sub = t->sub;
    return rc;
}

int skel_throttle_competitor(skel_throttle *t, unsigned host, pid_t pid)
{
    int rc = add_competitor(&t->rec, pid, skel_proc_start_time(pid));
    if (rc != SKEL_OK)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    if ((rc = record_write(t->path, &t->rec)) != SKEL_OK)
        return rc;
    return skel_testbed_subgroup_join(t->tb, host, t->sub, pid);
}

size_t skel_throttle_competitors(const skel_throttle *t, const pid_t **pids)
{
    *pids = t ? t->rec.comp : NULL;
    return t ? t->rec.ncomp : 0;
}

int skel_throttle_end(skel_throttle *t)
{
    if (t == NULL)
        return SKEL_OK;
    int rc = record_undo(&t->rec, t->tb);
    if (t->path[0] != '\0' && unlink(t->path) != 0 && errno != ENOENT && rc == SKEL_OK)
        rc = skel_fail(SKEL_EIO, "%s: %s", t->path, strerror(errno));
    record_free(&t->rec);
    free(t);
    return rc;
}

/* ---- status ---------------------------------------------------------------- */

struct describe {
    const skel_testbed *tb;
    char *buf;
    size_t len, cap;
};

static int describe_one(void *arg, const char *path, struct record *r)
{
    (void)path;
    struct describe *d = arg;
    int alive = owner_alive(r->owner, r->owner_start);
    int w = snprintf(d->buf + d->len, d->cap - d->len,
                     "  throttle: scenario '%s' (%s) of process %d (%s), %s\n", r->name,
                     r->scope == SKEL_THROTTLE_SHARED ? "shared" : "private", (int)r->owner,
                     r->command, alive ? "running" : "gone: undone before the next run");
    if (w > 0 && (size_t)w < d->cap - d->len)
        d->len += (size_t)w;
    for (unsigned h = 1; h <= skel_testbed_nhosts(d->tb); h++) {
        char effect[256];
        if (!host_effect(r, h, d->tb, effect, sizeof effect))
            continue;
        w = snprintf(d->buf + d->len, d->cap - d->len, "    host %u: %s\n", h, effect);
        if (w > 0 && (size_t)w < d->cap - d->len)
            d->len += (size_t)w;
    }
    return SKEL_OK;
}

int skel_throttle_describe(const skel_testbed *tb, char *buf, size_t len)
{
    struct describe d = {.tb = tb, .buf = buf, .cap = len};
    buf[0] = '\0';
    return each_record(tb, describe_one, &d);
}
