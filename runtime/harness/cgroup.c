/* cgroup.c - the testbed's control groups on cgroup v1 or v2 (cgroup.h). */
#include "cgroup.h"

#include "error.h"
#include "proc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- files ---------------------------------------------------------------- */

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Write text to an interface file: replaced, or appended (cgroup.procs takes
 * one pid per write and keeps them all). */
static int put(const char *dir, const char *file, const char *text, int append)
{
    char path[PATH_MAX + 64];
    if (snprintf(path, sizeof path, "%s/%s", dir, file) >= (int)sizeof path)
        return skel_fail(SKEL_ERANGE, "cgroup path too long: %s", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0644);
    if (fd < 0)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot open for writing: %s", path, strerror(errno));
    size_t len = strlen(text);
    ssize_t w = write(fd, text, len);
    int e = errno;
    close(fd);
    if (w != (ssize_t)len)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot write '%s': %s", path, text,
                         w < 0 ? strerror(e) : "short write");
    return SKEL_OK;
}

/* The first line of a file, without its line end; "" if absent. */
static void get(const char *dir, const char *file, char *out, size_t len)
{
    char path[PATH_MAX + 64];
    out[0] = '\0';
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return;
    if (fgets(out, (int)len, f) == NULL)
        out[0] = '\0';
    fclose(f);
    out[strcspn(out, "\n")] = '\0';
}

/* Does a blank-separated list hold word? */
static int has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
            return 1;
    return 0;
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot create cgroup: %s", path, strerror(errno));
    return SKEL_OK;
}

/* ---- detection ------------------------------------------------------------ */

static int procs_empty(const char *dir)
{
    char line[64];
    get(dir, "cgroup.procs", line, sizeof line);
    return line[0] == '\0';
}

/* The delegation root: from the current cgroup up, the first that holds no
 * process itself (the root cgroup may; it is exempt). */
static void delegation_base(const char *root, const char *self, char *out, size_t len)
{
    const char *rel = NULL;
    for (const char *p = self; p != NULL && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, "0::", 3) == 0) {
            rel = p + 3;
            break;
        }
    char d[PATH_MAX];
    size_t rl = rel != NULL ? strcspn(rel, "\n") : 0;
    if (rel == NULL || rl == 0 || (rl == 1 && rel[0] == '/') ||
        snprintf(d, sizeof d, "%s%.*s", root, (int)rl, rel) >= (int)sizeof d) {
        snprintf(out, len, "%s", root);
        return;
    }
    size_t rootlen = strlen(root);
    while (strlen(d) > rootlen) {
        if (is_dir(d) && procs_empty(d)) {
            snprintf(out, len, "%s", d);
            return;
        }
        char *slash = strrchr(d, '/');
        if (slash == NULL || (size_t)(slash - d) < rootlen)
            break;
        *slash = '\0';
    }
    snprintf(out, len, "%s", root);
}

int skel_cgroups_detect(const char *root, const char *self, struct skel_cgroups *out)
{
    memset(out, 0, sizeof *out);
    if (root == NULL)
        root = SKEL_CGROUP_ROOT;
    snprintf(out->root, sizeof out->root, "%s", root);
    char ctrl[512], path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/cgroup.controllers", root);
    if (access(path, F_OK) == 0) {
        get(root, "cgroup.controllers", ctrl, sizeof ctrl);
        if (!has_word(ctrl, "cpu") || !has_word(ctrl, "cpuset"))
            return skel_fail(SKEL_EUNSUPPORTED,
                             "%s: cgroup v2 without the cpu and cpuset controllers (it offers "
                             "'%s'): the testbed cannot limit its hosts",
                             root, ctrl);
        out->version = 2;
        const char *env = getenv("SKEL_CGROUP_BASE");
        if (env != NULL && *env != '\0') {
            if (strncmp(env, root, strlen(root)) != 0 || !is_dir(env))
                return skel_fail(SKEL_EUSAGE,
                                 "SKEL_CGROUP_BASE=%s: expected a cgroup directory under %s", env,
                                 root);
            snprintf(out->base, sizeof out->base, "%s", env);
            return SKEL_OK;
        }
        char *text = NULL;
        if (self == NULL) {
            size_t n = 0;
            FILE *f = fopen("/proc/self/cgroup", "re");
            if (f != NULL) {
                if (getdelim(&text, &n, '\0', f) < 0) {
                    free(text);
                    text = NULL;
                }
                fclose(f);
            }
        }
        delegation_base(root, self != NULL ? self : text, out->base, sizeof out->base);
        free(text);
        return SKEL_OK;
    }
    char cpu[PATH_MAX + 16], cpuset[PATH_MAX + 16];
    snprintf(cpu, sizeof cpu, "%s/cpu", root);
    snprintf(cpuset, sizeof cpuset, "%s/cpuset", root);
    if (is_dir(cpu) && is_dir(cpuset)) {
        out->version = 1;
        return SKEL_OK;
    }
    return skel_fail(SKEL_EUNSUPPORTED,
                     "%s: neither cgroup v2 (cgroup.controllers) nor the cgroup v1 cpu and cpuset "
                     "hierarchies are mounted: the testbed cannot limit its hosts",
                     root);
}

void skel_cgroups_format(const struct skel_cgroups *cg, char *out, size_t len)
{
    if (cg->version == 2)
        snprintf(out, len, "v2 %s", cg->base);
    else
        snprintf(out, len, "v1");
}

int skel_cgroups_parse(const char *text, const char *root, struct skel_cgroups *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->root, sizeof out->root, "%s", root != NULL ? root : SKEL_CGROUP_ROOT);
    if (strcmp(text, "v1") == 0) {
        out->version = 1;
        return SKEL_OK;
    }
    if (strncmp(text, "v2 /", 4) == 0 && strstr(text, "/..") == NULL &&
        strncmp(text + 3, out->root, strlen(out->root)) == 0 &&
        strlen(text + 3) < sizeof out->base) {
        out->version = 2;
        snprintf(out->base, sizeof out->base, "%s", text + 3);
        return SKEL_OK;
    }
    return skel_fail(SKEL_EFORMAT, "cgroups '%s': expected 'v1' or 'v2 DIR' with DIR under %s",
                     text, out->root);
}

/* ---- paths ---------------------------------------------------------------- */

int skel_cgroups_valid_sub(const char *name)
{
    if (name == NULL || *name == '\0' || strlen(name) > 64 || name[0] == '.')
        return 0;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '.' && *p != '_' && *p != '-')
            return 0;
    return 1;
}

int skel_cgroups_path(const struct skel_cgroups *cg, const char *ctrl, unsigned index,
                      unsigned host, const char *sub, char *out, size_t len)
{
    char top[PATH_MAX + 32];
    if (cg->version == 2)
        snprintf(top, sizeof top, "%s/skel%u", cg->base, index);
    else
        snprintf(top, sizeof top, "%s/%s/skel%u", cg->root, ctrl, index);
    int w;
    if (host == 0)
        w = snprintf(out, len, "%s", top);
    else if (sub == NULL)
        w = snprintf(out, len, "%s/h%u", top, host);
    else
        w = snprintf(out, len, "%s/h%u/%s", top, host, sub);
    if (w < 0 || (size_t)w >= len)
        return skel_fail(SKEL_ERANGE, "cgroup path too long");
    return SKEL_OK;
}

/* The directories of a group: one on v2, two (cpu, cpuset) on v1. */
static int dirs(const struct skel_cgroups *cg, unsigned index, unsigned host, const char *sub,
                char out[2][PATH_MAX], int *n)
{
    static const char *const ctrl[] = {"cpu", "cpuset"};
    *n = cg->version == 2 ? 1 : 2;
    for (int i = 0; i < *n; i++) {
        int rc = skel_cgroups_path(cg, ctrl[i], index, host, sub, out[i], PATH_MAX);
        if (rc != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

/* ---- making groups -------------------------------------------------------- */

/* v2: cpu and cpuset offered to the children of dir. */
static int enable(const char *dir)
{
    char have[512];
    get(dir, "cgroup.subtree_control", have, sizeof have);
    char want[32] = "";
    if (!has_word(have, "cpu"))
        strcat(want, "+cpu");
    if (!has_word(have, "cpuset"))
        strcat(want, want[0] ? " +cpuset" : "+cpuset");
    if (want[0] == '\0')
        return SKEL_OK;
    int rc = put(dir, "cgroup.subtree_control", want, 0);
    if (rc != SKEL_OK)
        skel_fail_context(rc,
                          "enabling the cpu and cpuset controllers below %s (a cgroup holding "
                          "processes cannot; see SKEL_CGROUP_BASE in docs/harness.md)",
                          dir);
    return rc;
}

int skel_cgroups_make_instance(const struct skel_cgroups *cg, unsigned index, unsigned nhosts)
{
    char weight[32];
    if (nhosts < 1)
        nhosts = 1;
    char d[2][PATH_MAX];
    int n, rc;
    if ((rc = dirs(cg, index, 0, NULL, d, &n)) != SKEL_OK)
        return rc;
    if (cg->version == 2) {
        /* Every cgroup from the root down to the base offers the two. */
        size_t rootlen = strlen(cg->root);
        char walk[PATH_MAX];
        snprintf(walk, sizeof walk, "%s", cg->base);
        for (size_t at = rootlen;;) {
            char c = walk[at];
            walk[at] = '\0';
            rc = enable(at == rootlen ? cg->root : walk);
            walk[at] = c;
            if (rc != SKEL_OK)
                return rc;
            if (c == '\0')
                break;
            const char *next = strchr(walk + at + 1, '/');
            at = next != NULL ? (size_t)(next - walk) : strlen(walk);
        }
        snprintf(weight, sizeof weight, "%u", 100 * (nhosts < 100 ? nhosts : 100));
        if ((rc = make_dir(d[0])) != SKEL_OK ||
            (rc = put(d[0], "cpu.weight", weight, 0)) != SKEL_OK)
            return rc;
        return enable(d[0]);
    }
    /* v1: the cpuset group needs cores and memory nodes before it can hold
     * anything; its hosts copy them (clone_children) and narrow the cores. */
    char cpus[256], mems[256], top[PATH_MAX + 16];
    snprintf(top, sizeof top, "%s/cpuset", cg->root);
    get(top, "cpuset.cpus", cpus, sizeof cpus);
    get(top, "cpuset.mems", mems, sizeof mems);
    snprintf(weight, sizeof weight, "%u", 1024 * (nhosts < 256 ? nhosts : 256));
    if ((rc = make_dir(d[0])) != SKEL_OK || (rc = put(d[0], "cpu.shares", weight, 0)) != SKEL_OK ||
        (rc = make_dir(d[1])) != SKEL_OK ||
        (rc = put(d[1], "cpuset.mems", mems[0] ? mems : "0", 0)) != SKEL_OK ||
        (rc = put(d[1], "cpuset.cpus", cpus[0] ? cpus : "0", 0)) != SKEL_OK)
        return rc;
    return put(d[1], "cgroup.clone_children", "1", 0);
}

void skel_cgroups_format_cores(uint64_t mask, char *out, size_t len)
{
    size_t k = 0;
    out[0] = '\0';
    for (unsigned c = 0; c < 64;) {
        if (!(mask >> c & 1)) {
            c++;
            continue;
        }
        unsigned e = c;
        while (e + 1 < 64 && (mask >> (e + 1) & 1))
            e++;
        int w = e == c ? snprintf(out + k, len - k, "%s%u", k ? "," : "", c)
                       : snprintf(out + k, len - k, "%s%u-%u", k ? "," : "", c, e);
        if (w < 0 || (size_t)w >= len - k)
            return;
        k += (size_t)w;
        c = e + 1;
    }
}

int skel_cgroups_make_host(const struct skel_cgroups *cg, unsigned index, unsigned host, double cpu,
                           uint64_t cores)
{
    char d[2][PATH_MAX], val[64], cpus[256];
    int n, rc;
    if ((rc = dirs(cg, index, host, NULL, d, &n)) != SKEL_OK)
        return rc;
    long quota = -1;
    if (cpu > 0) {
        quota = lround(cpu * SKEL_CGROUP_PERIOD_US);
        if (quota < 1000)
            quota = 1000; /* the kernel's smallest quota is 1 ms */
    }
    skel_cgroups_format_cores(cores, cpus, sizeof cpus);
    if ((rc = make_dir(d[0])) != SKEL_OK)
        return rc;
    if (cg->version == 2) {
        if (quota > 0)
            snprintf(val, sizeof val, "%ld %d", quota, SKEL_CGROUP_PERIOD_US);
        else
            snprintf(val, sizeof val, "max %d", SKEL_CGROUP_PERIOD_US);
        if ((rc = put(d[0], "cpu.max", val, 0)) != SKEL_OK)
            return rc;
        return put(d[0], "cpuset.cpus", cpus, 0);
    }
    snprintf(val, sizeof val, "%d", SKEL_CGROUP_PERIOD_US);
    if ((rc = put(d[0], "cpu.cfs_period_us", val, 0)) != SKEL_OK)
        return rc;
    snprintf(val, sizeof val, "%ld", quota);
    if ((rc = put(d[0], "cpu.cfs_quota_us", val, 0)) != SKEL_OK)
        return rc;
    char mems[256], top[PATH_MAX];
    if ((rc = skel_cgroups_path(cg, "cpuset", index, 0, NULL, top, sizeof top)) != SKEL_OK)
        return rc;
    get(top, "cpuset.mems", mems, sizeof mems);
    if ((rc = make_dir(d[1])) != SKEL_OK ||
        (rc = put(d[1], "cpuset.mems", mems[0] ? mems : "0", 0)) != SKEL_OK ||
        (rc = put(d[1], "cpuset.cpus", cpus, 0)) != SKEL_OK)
        return rc;
    return put(d[1], "cgroup.clone_children", "1", 0);
}

int skel_cgroups_make_sub(const struct skel_cgroups *cg, unsigned index, unsigned host,
                          const char *sub)
{
    char h[2][PATH_MAX], d[2][PATH_MAX];
    int n, rc;
    if (!skel_cgroups_valid_sub(sub))
        return skel_fail(SKEL_EUSAGE, "invalid cgroup name '%s'", sub ? sub : "");
    if ((rc = dirs(cg, index, host, NULL, h, &n)) != SKEL_OK ||
        (rc = dirs(cg, index, host, sub, d, &n)) != SKEL_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        if (!is_dir(h[i]))
            return skel_fail(SKEL_ESTATE, "%s is missing: is testbed host %u up?", h[i], host);
        if ((rc = make_dir(d[i])) != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

int skel_cgroups_join(const struct skel_cgroups *cg, unsigned index, unsigned host, const char *sub,
                      pid_t pid)
{
    char d[2][PATH_MAX], val[32];
    int n, rc;
    if (sub != NULL && !skel_cgroups_valid_sub(sub))
        return skel_fail(SKEL_EUSAGE, "invalid cgroup name '%s'", sub);
    if ((rc = dirs(cg, index, host, sub, d, &n)) != SKEL_OK)
        return rc;
    snprintf(val, sizeof val, "%d\n", (int)pid);
    for (int i = 0; i < n; i++)
        if ((rc = put(d[i], "cgroup.procs", val, 1)) != SKEL_OK)
            return rc;
    return SKEL_OK;
}

/* ---- removing groups ------------------------------------------------------ */

/* Kill everything in dir and below, then remove the directories (children
 * first).  Regular files are unlinked first: a cgroup file system refuses
 * that harmlessly, a synthetic tree needs it. */
static int remove_tree(const char *path, unsigned *removed)
{
    int rc = SKEL_OK;
    DIR *d = opendir(path);
    if (d == NULL)
        return errno == ENOENT ? SKEL_OK : skel_fail(SKEL_ESYSTEM, "%s: %s", path, strerror(errno));
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char sub[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >= (int)sizeof sub)
            continue;
        if (is_dir(sub)) {
            int r = remove_tree(sub, removed);
            if (rc == SKEL_OK)
                rc = r;
        }
    }
    closedir(d);
    char kill_file[PATH_MAX + 16];
    snprintf(kill_file, sizeof kill_file, "%s/cgroup.kill", path);
    if (access(kill_file, F_OK) == 0 && put(path, "cgroup.kill", "1", 0) != SKEL_OK)
        skel_clear_error(); /* the per-process kill below does it anyway */
    int r = skel_proc_kill_cgroup(path);
    if (rc == SKEL_OK)
        rc = r;
    if ((d = opendir(path)) != NULL) {
        while ((e = readdir(d)) != NULL) {
            char f[PATH_MAX];
            if (e->d_name[0] != '.' &&
                snprintf(f, sizeof f, "%s/%s", path, e->d_name) < (int)sizeof f && !is_dir(f))
                unlink(f);
        }
        closedir(d);
    }
    /* A killed task may take a moment to leave: a dead one stays until it is
     * reaped (by init, once its parent died too), and a child its parent
     * was forking as the kill came is a new member.  Retry rmdir for up to
     * 5 s, killing again after 1 s and 3 s (each kill waits at most 1 s for
     * its victims: 7 s in all at worst).  (With 1 s and no second kill, a
     * sweep after `skel select` was SIGKILLed once left run.<pid> behind.) */
    for (int i = 0; i < 500; i++) {
        if (rmdir(path) == 0 || errno == ENOENT) {
            if (removed)
                (*removed)++;
            return rc;
        }
        if (errno != EBUSY)
            break;
        if ((i == 100 || i == 300) && skel_proc_kill_cgroup(path) != SKEL_OK)
            skel_clear_error(); /* what stays is reported below */
        usleep(10000);
    }
    return rc != SKEL_OK ? rc
                         : skel_fail(SKEL_ESYSTEM, "%s: cannot remove: %s", path, strerror(errno));
}

int skel_cgroups_remove(const struct skel_cgroups *cg, unsigned index, unsigned host,
                        const char *sub, unsigned *removed)
{
    char d[2][PATH_MAX];
    int n, rc = SKEL_OK;
    if (sub != NULL && !skel_cgroups_valid_sub(sub))
        return skel_fail(SKEL_EUSAGE, "invalid cgroup name '%s'", sub);
    if ((rc = dirs(cg, index, host, sub, d, &n)) != SKEL_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        int r = remove_tree(d[i], removed);
        if (rc == SKEL_OK)
            rc = r;
    }
    return rc;
}

static unsigned count_tree(const char *dir)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/cgroup.procs", dir);
    unsigned n = 0;
    FILE *f = fopen(path, "re");
    long pid;
    if (f != NULL) {
        while (fscanf(f, "%ld", &pid) == 1)
            n++;
        fclose(f);
    }
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char sub[PATH_MAX];
        if (e->d_name[0] != '.' &&
            snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name) < (int)sizeof sub && is_dir(sub))
            n += count_tree(sub);
    }
    if (d != NULL)
        closedir(d);
    return n;
}

unsigned skel_cgroups_count(const struct skel_cgroups *cg, unsigned index, unsigned host)
{
    char d[PATH_MAX];
    if (skel_cgroups_path(cg, "cpu", index, host, NULL, d, sizeof d) != SKEL_OK) {
        skel_clear_error();
        return 0;
    }
    return count_tree(d);
}

int skel_cgroups_each_sub(const struct skel_cgroups *cg, unsigned index, unsigned host,
                          void (*fn)(void *arg, const char *name), void *arg)
{
    char d[PATH_MAX];
    int rc = skel_cgroups_path(cg, "cpu", index, host, NULL, d, sizeof d);
    if (rc != SKEL_OK)
        return rc;
    DIR *dir = opendir(d);
    struct dirent *e;
    while (dir != NULL && (e = readdir(dir)) != NULL) {
        char sub[PATH_MAX];
        if (e->d_name[0] != '.' && skel_cgroups_valid_sub(e->d_name) &&
            snprintf(sub, sizeof sub, "%s/%s", d, e->d_name) < (int)sizeof sub && is_dir(sub))
            fn(arg, e->d_name);
    }
    if (dir != NULL)
        closedir(dir);
    return SKEL_OK;
}

int skel_cgroups_each_instance(const struct skel_cgroups *cg, void (*fn)(void *arg, unsigned index),
                               void *arg)
{
    char d[PATH_MAX + 16];
    if (cg->version == 2)
        snprintf(d, sizeof d, "%s", cg->base);
    else
        snprintf(d, sizeof d, "%s/cpu", cg->root);
    DIR *dir = opendir(d);
    struct dirent *e;
    while (dir != NULL && (e = readdir(dir)) != NULL) {
        char *end;
        if (strncmp(e->d_name, "skel", 4) != 0 || !isdigit((unsigned char)e->d_name[4]))
            continue;
        unsigned long v = strtoul(e->d_name + 4, &end, 10);
        if (*end == '\0' && v >= 1 && v <= 255)
            fn(arg, (unsigned)v);
    }
    if (dir != NULL)
        closedir(dir);
    return SKEL_OK;
}
