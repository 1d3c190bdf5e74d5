/* testbed.c - the emulated cluster: namespaces, bridge, veths, cgroups, tbf. */
#include "testbed.h"

#include "afile.h"
#include "error.h"
#include "proc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CGROOT        "/sys/fs/cgroup"
#define NETNS_DIR     "/run/netns"
#define CMD_TIMEOUT_S 30.0
#define STATE_MAGIC   "skel-testbed 1"
#define CFS_PERIOD_US 10000

struct skel_testbed {
    struct skel_testbed_config cfg;
    struct skel_testbed_host host[SKEL_TESTBED_MAX_HOSTS];
    pid_t owner;
    int own_implicit;
};

/* ---- small helpers ------------------------------------------------------ */

const char *skel_testbed_state_dir(void)
{
    const char *d = getenv("SKEL_STATE_DIR");
    return d != NULL && *d != '\0' ? d : "/run/skel";
}

static unsigned ncpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    if (n > 64)
        n = 64;
    return (unsigned)n;
}

/* Run a command given as a NULL-terminated list of arguments. */
static int cmd(const char *a0, ...)
{
    char *argv[32];
    size_t n = 0;
    va_list ap;
    argv[n++] = (char *)a0;
    va_start(ap, a0);
    const char *a;
    while ((a = va_arg(ap, const char *)) != NULL && n < 31)
        argv[n++] = (char *)a;
    va_end(ap);
    argv[n] = NULL;
    return skel_proc_run(argv, CMD_TIMEOUT_S, NULL);
}

static int path_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot open for writing: %s", path, strerror(errno));
    size_t len = strlen(text);
    ssize_t w = write(fd, text, len);
    int err = errno;
    close(fd);
    if (w != (ssize_t)len)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot write '%s': %s", path, text,
                         w < 0 ? strerror(err) : "short write");
    return SKEL_OK;
}

static int read_file(const char *path, char *buf, size_t buflen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, buflen - 1);
    close(fd);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
        buf[--n] = '\0';
    return 0;
}

/* Parse a name of the form <prefix><decimal 1..999> exactly. */
static unsigned numbered_name(const char *name, const char *prefix)
{
    size_t pl = strlen(prefix);
    if (strncmp(name, prefix, pl) != 0)
        return 0;
    const char *p = name + pl;
    if (*p < '1' || *p > '9' || strlen(p) > 3)
        return 0;
    unsigned v = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return 0;
        v = v * 10 + (unsigned)(*p - '0');
    }
    return v;
}

unsigned skel_testbed_host_id(const char *name)
{
    if (name == NULL)
        return 0;
    const char *at = strrchr(name, '@');
    if (at != NULL)
        name = at + 1;
    unsigned id = numbered_name(name, "skh");
    if (id == 0)
        id = numbered_name(name, SKEL_TESTBED_PREFIX);
    return id >= 1 && id <= 253 ? id : 0;
}

/* ---- parsers ------------------------------------------------------------ */

int skel_testbed_parse_rate(const char *s, uint64_t *bps)
{
    static const struct {
        const char *unit;
        double mult;
    } units[] = {{"bit", 1.0}, {"kbit", 1e3}, {"mbit", 1e6}, {"gbit", 1e9}, {"", 1.0}};
    char *end;
    if (s == NULL || !isdigit((unsigned char)s[0]))
        return skel_fail(SKEL_EFORMAT, "rate '%s': expected a number with a unit such as 10mbit",
                         s ? s : "");
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || !isfinite(v))
        return skel_fail(SKEL_EFORMAT, "rate '%s': expected a number with a unit such as 10mbit",
                         s);
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcasecmp(end, units[i].unit) != 0)
            continue;
        double b = v * units[i].mult;
        if (b < 8e3 || b > 100e9)
            return skel_fail(SKEL_ERANGE, "rate '%s' is out of range [8kbit, 100gbit]", s);
        *bps = (uint64_t)llround(b);
        return SKEL_OK;
    }
    return skel_fail(SKEL_EFORMAT,
                     "rate '%s': unknown unit '%s' (expected bit, kbit, mbit or gbit)", s, end);
}

int skel_testbed_parse_cores(const char *s, unsigned n, uint64_t *mask)
{
    uint64_t m = 0;
    if (s == NULL || *s == '\0')
        return skel_fail(SKEL_EFORMAT, "core set '': expected e.g. 0, 0-1, 0+2 or all");
    if (strcmp(s, "all") == 0) {
        *mask = n >= 64 ? ~0ULL : (1ULL << n) - 1;
        return SKEL_OK;
    }
    const char *p = s;
    while (*p) {
        char *end;
        if (!isdigit((unsigned char)*p))
            goto bad;
        unsigned long lo = strtoul(p, &end, 10), hi = lo;
        p = end;
        if (*p == '-') {
            p++;
            if (!isdigit((unsigned char)*p))
                goto bad;
            hi = strtoul(p, &end, 10);
            p = end;
        }
        if (lo > hi || hi >= n)
            return skel_fail(SKEL_ERANGE, "core set '%s': cores are 0..%u on this machine", s,
                             n - 1);
        for (unsigned long c = lo; c <= hi; c++)
            m |= 1ULL << c;
        if (*p == '+')
            p++;
        else if (*p != '\0')
            goto bad;
    }
    if (m == 0)
        goto bad;
    *mask = m;
    return SKEL_OK;
bad:
    return skel_fail(SKEL_EFORMAT, "core set '%s': expected e.g. 0, 0-1, 0+2 or all", s);
}

void skel_testbed_format_cores(uint64_t mask, char *out, size_t outlen)
{
    size_t len = 0;
    out[0] = '\0';
    for (unsigned c = 0; c < 64;) {
        if (!(mask >> c & 1)) {
            c++;
            continue;
        }
        unsigned e = c;
        while (e + 1 < 64 && (mask >> (e + 1) & 1))
            e++;
        int w = e == c ? snprintf(out + len, outlen - len, "%s%u", len ? "," : "", c)
                       : snprintf(out + len, outlen - len, "%s%u-%u", len ? "," : "", c, e);
        if (w < 0 || (size_t)w >= outlen - len)
            return;
        len += (size_t)w;
        c = e + 1;
    }
}

static unsigned popcount64(uint64_t m)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* Fill defaults; validate ranges. */
static int normalise(const struct skel_testbed_config *in, struct skel_testbed_config *out)
{
    *out = *in;
    if (in->nhosts < 1 || in->nhosts > SKEL_TESTBED_MAX_HOSTS)
        return skel_fail(SKEL_ERANGE, "testbed: %u hosts requested, expected 1..%d", in->nhosts,
                         SKEL_TESTBED_MAX_HOSTS);
    unsigned n = ncpus();
    for (unsigned i = 0; i < in->nhosts; i++) {
        if (!(in->cpu[i] >= 0.0) || in->cpu[i] > 64.0)
            return skel_fail(SKEL_ERANGE, "testbed: host %u: CPU quota %g out of range (0, 64]",
                             i + 1, in->cpu[i]);
        if (in->cpu[i] > 0 && in->cpu[i] < 0.01)
            return skel_fail(SKEL_ERANGE, "testbed: host %u: CPU quota %g is below 0.01", i + 1,
                             in->cpu[i]);
        if (out->cores[i] == 0)
            out->cores[i] = 1ULL << (i % n);
        if (n < 64 && (out->cores[i] >> n) != 0)
            return skel_fail(SKEL_ERANGE, "testbed: host %u: cores beyond the %u of this machine",
                             i + 1, n);
        if (out->slots[i] == 0)
            out->slots[i] = popcount64(out->cores[i]);
        if (out->slots[i] > 1024)
            return skel_fail(SKEL_ERANGE, "testbed: host %u: %u slots, at most 1024", i + 1,
                             out->slots[i]);
        if (in->link_bps[i] != 0 && (in->link_bps[i] < 8000 || in->link_bps[i] > 100000000000ULL))
            return skel_fail(SKEL_ERANGE, "testbed: host %u: link rate out of range", i + 1);
    }
    for (unsigned i = in->nhosts; i < SKEL_TESTBED_MAX_HOSTS; i++) {
        out->cpu[i] = 0;
        out->cores[i] = 0;
        out->link_bps[i] = 0;
        out->slots[i] = 0;
    }
    return SKEL_OK;
}

static void fill_hosts(skel_testbed *tb)
{
    for (unsigned i = 0; i < tb->cfg.nhosts; i++) {
        struct skel_testbed_host *h = &tb->host[i];
        h->id = i + 1;
        snprintf(h->netns, sizeof h->netns, "skh%u", i + 1);
        snprintf(h->veth, sizeof h->veth, "skv%u", i + 1);
        snprintf(h->addr, sizeof h->addr, SKEL_TESTBED_PREFIX "%u", i + 1);
        h->cpu = tb->cfg.cpu[i];
        h->cores = tb->cfg.cores[i];
        h->link_bps = tb->cfg.link_bps[i];
        h->slots = tb->cfg.slots[i];
    }
}

/* ---- state file --------------------------------------------------------- */

int skel_testbed_state_format(const struct skel_testbed_config *cfg, pid_t owner,
                              unsigned long long owner_start, int complete, char **out)
{
    size_t cap = 256 + (size_t)cfg->nhosts * 128;
    char *s = malloc(cap);
    if (s == NULL)
        return skel_fail(SKEL_ENOMEM, "testbed: out of memory");
    size_t len = (size_t)snprintf(s, cap,
                                  "%s\n# written by skel; removed by 'skel testbed down'\n"
                                  "owner %d %llu\nimplicit %d\ncomplete %d\nhosts %u\n",
                                  STATE_MAGIC, (int)owner, owner_start, cfg->implicit ? 1 : 0,
                                  complete ? 1 : 0, cfg->nhosts);
    for (unsigned i = 0; i < cfg->nhosts && len < cap; i++)
        len +=
            (size_t)snprintf(s + len, cap - len, "host %u cpu %.4f cores %llx link %llu slots %u\n",
                             i + 1, cfg->cpu[i], (unsigned long long)cfg->cores[i],
                             (unsigned long long)cfg->link_bps[i], cfg->slots[i]);
    *out = s;
    return SKEL_OK;
}

int skel_testbed_state_parse(const char *text, const char *source, struct skel_testbed_config *cfg,
                             pid_t *owner, unsigned long long *owner_start, int *complete)
{
    memset(cfg, 0, sizeof *cfg);
    *owner = 0;
    *owner_start = 0;
    *complete = 0;
    unsigned line = 0, seen_hosts = 0, declared = 0;
    int have_magic = 0;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char buf[256];
        line++;
        if (len >= sizeof buf)
            return skel_fail(SKEL_EFORMAT, "%s:%u: line too long", source, line);
        memcpy(buf, p, len);
        buf[len] = '\0';
        p += len + (nl ? 1 : 0);
        if (buf[0] == '#' || buf[0] == '\0')
            continue;
        if (!have_magic) {
            if (strcmp(buf, STATE_MAGIC) != 0)
                return skel_fail(SKEL_EFORMAT, "%s:%u: expected '%s'", source, line, STATE_MAGIC);
            have_magic = 1;
            continue;
        }
        int o, v, n = 0;
        unsigned long long st, cores, link;
        unsigned id, slots;
        double cpu;
        if (sscanf(buf, "owner %d %llu%n", &o, &st, &n) == 2 && buf[n] == '\0') {
            *owner = o;
            *owner_start = st;
        } else if (sscanf(buf, "implicit %d%n", &v, &n) == 1 && buf[n] == '\0') {
            cfg->implicit = v != 0;
        } else if (sscanf(buf, "complete %d%n", &v, &n) == 1 && buf[n] == '\0') {
            *complete = v != 0;
        } else if (sscanf(buf, "hosts %u%n", &declared, &n) == 1 && buf[n] == '\0') {
            if (declared < 1 || declared > SKEL_TESTBED_MAX_HOSTS)
                return skel_fail(SKEL_ERANGE, "%s:%u: %u hosts, expected 1..%d", source, line,
                                 declared, SKEL_TESTBED_MAX_HOSTS);
            cfg->nhosts = declared;
        } else if (sscanf(buf, "host %u cpu %lf cores %llx link %llu slots %u%n", &id, &cpu, &cores,
                          &link, &slots, &n) == 5 &&
                   buf[n] == '\0') {
            if (id < 1 || id > declared || id != seen_hosts + 1)
                return skel_fail(SKEL_EFORMAT, "%s:%u: expected host %u", source, line,
                                 seen_hosts + 1);
            if (!(cpu >= 0 && cpu <= 64) || cores == 0 || slots < 1 || slots > 1024)
                return skel_fail(SKEL_ERANGE, "%s:%u: host %u: value out of range", source, line,
                                 id);
            cfg->cpu[id - 1] = cpu;
            cfg->cores[id - 1] = cores;
            cfg->link_bps[id - 1] = link;
            cfg->slots[id - 1] = slots;
            seen_hosts++;
        } else {
            return skel_fail(SKEL_EFORMAT, "%s:%u: unexpected line '%s'", source, line, buf);
        }
    }
    if (!have_magic)
        return skel_fail(SKEL_EFORMAT, "%s: empty state file", source);
    if (declared == 0 || seen_hosts != declared)
        return skel_fail(SKEL_EFORMAT, "%s: %u host lines for %u hosts", source, seen_hosts,
                         declared);
    return SKEL_OK;
}

static int state_path(const char *file, char *out, size_t outlen)
{
    if (snprintf(out, outlen, "%s/%s", skel_testbed_state_dir(), file) >= (int)outlen)
        return skel_fail(SKEL_ERANGE, "state directory path too long");
    return SKEL_OK;
}

static int ensure_state_dir(void)
{
    const char *d = skel_testbed_state_dir();
    if (mkdir(d, 0755) != 0 && errno != EEXIST)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot create: %s", d, strerror(errno));
    return SKEL_OK;
}

/* An exclusive lock over testbed changes, held until unlock_state(). */
static int lock_state(int *fd_out)
{
    char path[PATH_MAX];
    int rc = ensure_state_dir();
    if (rc == SKEL_OK)
        rc = state_path("lock", path, sizeof path);
    if (rc != SKEL_OK)
        return rc;
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return skel_fail(SKEL_ESYSTEM, "%s: %s", path, strerror(errno));
    while (flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
            close(fd);
            return skel_fail(SKEL_ESYSTEM, "%s: flock: %s", path, strerror(errno));
        }
    }
    *fd_out = fd;
    return SKEL_OK;
}

static void unlock_state(int fd)
{
    if (fd >= 0)
        close(fd);
}

static int write_state(const struct skel_testbed_config *cfg, int complete)
{
    char path[PATH_MAX], *text = NULL;
    int rc = state_path("testbed.state", path, sizeof path);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_testbed_state_format(cfg, getpid(), skel_proc_start_time(getpid()), complete, &text);
    if (rc != SKEL_OK)
        return rc;
    if ((rc = skel_afile_write(path, text, strlen(text))) != SKEL_OK)
        skel_fail_context(rc, "writing the testbed state");
    free(text);
    return rc;
}

/* Read the state file.  SKEL_ENOTFOUND if absent. */
static int read_state(struct skel_testbed_config *cfg, pid_t *owner, unsigned long long *start,
                      int *complete)
{
    char path[PATH_MAX];
    int rc = state_path("testbed.state", path, sizeof path);
    if (rc != SKEL_OK)
        return rc;
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return errno == ENOENT ? skel_fail(SKEL_ENOTFOUND, "no testbed is up (%s is absent)", path)
                               : skel_fail(SKEL_EIO, "%s: %s", path, strerror(errno));
    char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return skel_testbed_state_parse(text, path, cfg, owner, start, complete);
}

static int owner_alive(pid_t owner, unsigned long long start)
{
    return owner > 0 && skel_proc_start_time(owner) == start && start != 0;
}

/* ---- cgroups ------------------------------------------------------------ */

int skel_testbed_cgroup_path(const char *hierarchy, unsigned id, const char *sub, char *out,
                             size_t outlen)
{
    int w = sub ? snprintf(out, outlen, CGROOT "/%s/skel_skh%u/%s", hierarchy, id, sub)
                : snprintf(out, outlen, CGROOT "/%s/skel_skh%u", hierarchy, id);
    if (w < 0 || (size_t)w >= outlen)
        return skel_fail(SKEL_ERANGE, "cgroup path too long");
    return SKEL_OK;
}

static int valid_subgroup_name(const char *name)
{
    if (name == NULL || *name == '\0' || strlen(name) > 64 || name[0] == '.')
        return 0;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '.' && *p != '_' && *p != '-')
            return 0;
    return 1;
}

static int make_cgroup(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot create cgroup: %s", path, strerror(errno));
    return SKEL_OK;
}

static int host_cgroups_create(const struct skel_testbed_config *cfg, unsigned id)
{
    char path[PATH_MAX], file[PATH_MAX + 32], val[64], mems[64];
    int rc;
    /* cpu: quota as a fraction of one core per CFS period. */
    if ((rc = skel_testbed_cgroup_path("cpu", id, NULL, path, sizeof path)) != SKEL_OK ||
        (rc = make_cgroup(path)) != SKEL_OK)
        return rc;
    snprintf(file, sizeof file, "%s/cpu.cfs_period_us", path);
    snprintf(val, sizeof val, "%d", CFS_PERIOD_US);
    if ((rc = write_file(file, val)) != SKEL_OK)
        return rc;
    snprintf(file, sizeof file, "%s/cpu.cfs_quota_us", path);
    if (cfg->cpu[id - 1] > 0) {
        long q = lround(cfg->cpu[id - 1] * CFS_PERIOD_US);
        snprintf(val, sizeof val, "%ld", q < 1000 ? 1000 : q);
    } else {
        snprintf(val, sizeof val, "-1");
    }
    if ((rc = write_file(file, val)) != SKEL_OK)
        return rc;
    /* cpuset: the host's cores; sub-groups copy them (clone_children). */
    if ((rc = skel_testbed_cgroup_path("cpuset", id, NULL, path, sizeof path)) != SKEL_OK ||
        (rc = make_cgroup(path)) != SKEL_OK)
        return rc;
    if (read_file(CGROOT "/cpuset/cpuset.mems", mems, sizeof mems) != 0 || mems[0] == '\0')
        snprintf(mems, sizeof mems, "0");
    snprintf(file, sizeof file, "%s/cpuset.mems", path);
    if ((rc = write_file(file, mems)) != SKEL_OK)
        return rc;
    skel_testbed_format_cores(cfg->cores[id - 1], val, sizeof val);
    snprintf(file, sizeof file, "%s/cpuset.cpus", path);
    if ((rc = write_file(file, val)) != SKEL_OK)
        return rc;
    snprintf(file, sizeof file, "%s/cgroup.clone_children", path);
    return write_file(file, "1");
}

int skel_testbed_subgroup_create(unsigned id, const char *name)
{
    char path[PATH_MAX];
    int rc;
    if (!valid_subgroup_name(name))
        return skel_fail(SKEL_EUSAGE, "invalid cgroup name '%s'", name ? name : "");
    static const char *const hier[] = {"cpu", "cpuset"};
    for (int i = 0; i < 2; i++) {
        if ((rc = skel_testbed_cgroup_path(hier[i], id, NULL, path, sizeof path)) != SKEL_OK)
            return rc;
        if (!path_exists(path))
            return skel_fail(SKEL_ESTATE, "%s is missing: is testbed host %u up?", path, id);
        if ((rc = skel_testbed_cgroup_path(hier[i], id, name, path, sizeof path)) != SKEL_OK ||
            (rc = make_cgroup(path)) != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

int skel_testbed_subgroup_join(unsigned id, const char *name, pid_t pid)
{
    char path[PATH_MAX], file[PATH_MAX + 32], val[32];
    int rc;
    if (name != NULL && !valid_subgroup_name(name))
        return skel_fail(SKEL_EUSAGE, "invalid cgroup name '%s'", name);
    snprintf(val, sizeof val, "%d", (int)pid);
    static const char *const hier[] = {"cpu", "cpuset"};
    for (int i = 0; i < 2; i++) {
        if ((rc = skel_testbed_cgroup_path(hier[i], id, name, path, sizeof path)) != SKEL_OK)
            return rc;
        snprintf(file, sizeof file, "%s/cgroup.procs", path);
        if ((rc = write_file(file, val)) != SKEL_OK)
            return rc;
    }
    return SKEL_OK;
}

/* Kill everything in a cgroup directory and its sub-directories, then remove
 * them (children first). */
static int remove_cgroup_tree(const char *path, unsigned *removed)
{
    int rc = SKEL_OK;
    DIR *d = opendir(path);
    if (d == NULL)
        return errno == ENOENT ? SKEL_OK : skel_fail(SKEL_ESYSTEM, "%s: %s", path, strerror(errno));
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || e->d_type != DT_DIR)
            continue;
        char sub[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >= (int)sizeof sub)
            continue;
        int r = remove_cgroup_tree(sub, removed);
        if (rc == SKEL_OK)
            rc = r;
    }
    closedir(d);
    int r = skel_proc_kill_cgroup(path);
    if (rc == SKEL_OK)
        rc = r;
    /* A killed task may take a moment to leave; retry rmdir briefly. */
    for (int i = 0; i < 100; i++) {
        if (rmdir(path) == 0 || errno == ENOENT) {
            if (removed)
                (*removed)++;
            return rc;
        }
        if (errno != EBUSY)
            break;
        usleep(10000);
    }
    return rc != SKEL_OK ? rc
                         : skel_fail(SKEL_ESYSTEM, "%s: cannot remove: %s", path, strerror(errno));
}

int skel_testbed_subgroup_remove(unsigned id, const char *name)
{
    char path[PATH_MAX];
    int rc = SKEL_OK;
    if (!valid_subgroup_name(name))
        return skel_fail(SKEL_EUSAGE, "invalid cgroup name '%s'", name ? name : "");
    static const char *const hier[] = {"cpu", "cpuset"};
    for (int i = 0; i < 2; i++) {
        int r = skel_testbed_cgroup_path(hier[i], id, name, path, sizeof path);
        if (r == SKEL_OK)
            r = remove_cgroup_tree(path, NULL);
        if (rc == SKEL_OK)
            rc = r;
    }
    return rc;
}

/* ---- links -------------------------------------------------------------- */

uint64_t skel_testbed_link_burst(uint64_t bps)
{
    /* Burst: 16 KiB (testbed.md's value), or 250 us at the rate for fast
     * links (31 KB at 1 Gbit).  A larger bucket lets the start of every
     * message through at line speed: with 4 ms worth (500 KB at 1 Gbit) a
     * 1 MiB ping-pong measured 1.7 Gbit/s, with 64 KiB a 64 KiB ping-pong
     * 1.9 Gbit/s.  A smaller one costs throughput at 1 Gbit (16 KiB: ~700
     * Mbit/s, 32 KiB: ~800 on this 2-core machine). */
    uint64_t b = bps / 8 / 4000;
    return b < 16384 ? 16384 : b;
}

static int tbf_args(uint64_t bps, char *rate, size_t rlen, char *burst, size_t blen)
{
    uint64_t b = skel_testbed_link_burst(bps);
    snprintf(rate, rlen, "%llubit", (unsigned long long)bps);
    snprintf(burst, blen, "%llu", (unsigned long long)b);
    return SKEL_OK;
}

static int shape(unsigned id, const char *handle, uint64_t bps)
{
    char rate[32], burst[32], veth[16], ns[16];
    tbf_args(bps, rate, sizeof rate, burst, sizeof burst);
    snprintf(veth, sizeof veth, "skv%u", id);
    snprintf(ns, sizeof ns, "skh%u", id);
    int rc = cmd("tc", "qdisc", "replace", "dev", veth, "root", "handle", handle, "tbf", "rate",
                 rate, "burst", burst, "latency", "100ms", NULL);
    if (rc == SKEL_OK)
        rc = cmd("tc", "-n", ns, "qdisc", "replace", "dev", "eth0", "root", "handle", handle, "tbf",
                 "rate", rate, "burst", burst, "latency", "100ms", NULL);
    return rc;
}

static int unshape(unsigned id)
{
    char veth[16], ns[16];
    snprintf(veth, sizeof veth, "skv%u", id);
    snprintf(ns, sizeof ns, "skh%u", id);
    char *err = NULL;
    char *a1[] = {"tc", "qdisc", "del", "dev", veth, "root", NULL};
    char *a2[] = {"tc", "-n", ns, "qdisc", "del", "dev", "eth0", "root", NULL};
    /* "No such file or directory"/"Cannot delete qdisc with handle of zero"
     * mean there was nothing to delete: fine. */
    int rc = skel_proc_run(a1, CMD_TIMEOUT_S, &err);
    int rc2 = skel_proc_run(a2, CMD_TIMEOUT_S, NULL);
    free(err);
    (void)rc;
    (void)rc2;
    skel_clear_error();
    return SKEL_OK;
}

int skel_testbed_link_limit(const skel_testbed *tb, unsigned id, uint64_t bps)
{
    if (tb == NULL || id < 1 || id > tb->cfg.nhosts)
        return skel_fail(SKEL_ERANGE, "testbed host %u does not exist", id);
    uint64_t own = tb->cfg.link_bps[id - 1];
    if (own != 0 && own < bps)
        bps = own; /* a scenario never makes a link faster than the testbed's */
    return shape(id, SKEL_TESTBED_QDISC_SC, bps);
}

int skel_testbed_link_restore(const skel_testbed *tb, unsigned id)
{
    if (tb == NULL || id < 1 || id > tb->cfg.nhosts)
        return skel_fail(SKEL_ERANGE, "testbed host %u does not exist", id);
    if (tb->cfg.link_bps[id - 1] != 0)
        return shape(id, SKEL_TESTBED_QDISC_TB, tb->cfg.link_bps[id - 1]);
    return unshape(id);
}

/* ---- down --------------------------------------------------------------- */

static void wait_netns_empty(const char *nspath)
{
    for (int i = 0; i < 200; i++) {
        if (skel_proc_kill_netns(nspath) == 0)
            return;
        usleep(10000);
    }
}

/* Remove everything matching the naming; the state lock is held. */
static int down_locked(unsigned *removed)
{
    int rc = SKEL_OK;
    unsigned n = 0;
    DIR *d;
    struct dirent *e;

    /* 1. Processes: everything in skel cgroups (ranks, competitors). */
    static const char *const hier[] = {"cpu", "cpuset"};
    for (int h = 0; h < 2; h++) {
        char root[PATH_MAX];
        snprintf(root, sizeof root, CGROOT "/%s", hier[h]);
        if ((d = opendir(root)) == NULL)
            continue;
        while ((e = readdir(d)) != NULL) {
            if (strncmp(e->d_name, "skel_", 5) != 0 || e->d_type != DT_DIR)
                continue;
            char path[PATH_MAX];
            if (snprintf(path, sizeof path, "%s/%s", root, e->d_name) >= (int)sizeof path)
                continue;
            int r = remove_cgroup_tree(path, &n);
            if (rc == SKEL_OK)
                rc = r;
        }
        closedir(d);
    }
    /* 2. Namespaces: kill what still runs inside, then delete the veth and
     *    the namespace. */
    if ((d = opendir(NETNS_DIR)) != NULL) {
        while ((e = readdir(d)) != NULL) {
            unsigned id = numbered_name(e->d_name, "skh");
            if (id == 0)
                continue;
            char nspath[PATH_MAX], veth[16], sys[64];
            snprintf(nspath, sizeof nspath, NETNS_DIR "/%s", e->d_name);
            wait_netns_empty(nspath);
            snprintf(veth, sizeof veth, "skv%u", id);
            snprintf(sys, sizeof sys, "/sys/class/net/%s", veth);
            if (path_exists(sys) && cmd("ip", "link", "del", veth, NULL) == SKEL_OK)
                n++;
            int r = cmd("ip", "netns", "del", e->d_name, NULL);
            if (r == SKEL_OK)
                n++;
            else if (rc == SKEL_OK)
                rc = r;
        }
        closedir(d);
    }
    /* 3. Stray veths and the bridge. */
    if ((d = opendir("/sys/class/net")) != NULL) {
        while ((e = readdir(d)) != NULL) {
            if (numbered_name(e->d_name, "skv") == 0 && strcmp(e->d_name, SKEL_TESTBED_BRIDGE) != 0)
                continue;
            int r = cmd("ip", "link", "del", e->d_name, NULL);
            if (r == SKEL_OK)
                n++;
            else if (rc == SKEL_OK && path_exists("/sys/class/net/" SKEL_TESTBED_BRIDGE))
                rc = r;
        }
        closedir(d);
    }
    /* 4. State files (the testbed's and scenarios'). */
    if ((d = opendir(skel_testbed_state_dir())) != NULL) {
        while ((e = readdir(d)) != NULL) {
            size_t l = strlen(e->d_name);
            if (l < 6 || strcmp(e->d_name + l - 6, ".state") != 0)
                continue;
            char path[PATH_MAX];
            snprintf(path, sizeof path, "%s/%s", skel_testbed_state_dir(), e->d_name);
            if (unlink(path) == 0)
                n++;
        }
        closedir(d);
    }
    if (removed)
        *removed = n;
    return rc;
}

int skel_testbed_down(unsigned *removed)
{
    int fd = -1;
    int rc = lock_state(&fd);
    if (rc != SKEL_OK)
        return rc;
    rc = down_locked(removed);
    unlock_state(fd);
    return rc;
}

static int anything_left(void)
{
    DIR *d;
    struct dirent *e;
    int found = path_exists("/sys/class/net/" SKEL_TESTBED_BRIDGE);
    if (!found && (d = opendir(NETNS_DIR)) != NULL) {
        while (!found && (e = readdir(d)) != NULL)
            found = numbered_name(e->d_name, "skh") != 0;
        closedir(d);
    }
    if (!found && (d = opendir("/sys/class/net")) != NULL) {
        while (!found && (e = readdir(d)) != NULL)
            found = numbered_name(e->d_name, "skv") != 0;
        closedir(d);
    }
    static const char *const roots[] = {CGROOT "/cpu", CGROOT "/cpuset"};
    for (int h = 0; h < 2 && !found; h++) {
        if ((d = opendir(roots[h])) == NULL)
            continue;
        while (!found && (e = readdir(d)) != NULL)
            found = strncmp(e->d_name, "skel_", 5) == 0;
        closedir(d);
    }
    return found;
}

/* ---- up ----------------------------------------------------------------- */

static int create_host(const struct skel_testbed_config *cfg, unsigned id)
{
    char ns[16], veth[16], addr[32];
    int rc;
    snprintf(ns, sizeof ns, "skh%u", id);
    snprintf(veth, sizeof veth, "skv%u", id);
    snprintf(addr, sizeof addr, SKEL_TESTBED_PREFIX "%u/24", id);
    if ((rc = cmd("ip", "netns", "add", ns, NULL)) != SKEL_OK ||
        (rc = cmd("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns,
                  NULL)) != SKEL_OK ||
        (rc = cmd("ip", "link", "set", veth, "master", SKEL_TESTBED_BRIDGE, "up", NULL)) !=
            SKEL_OK ||
        (rc = cmd("ip", "-n", ns, "addr", "add", addr, "dev", "eth0", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "-n", ns, "link", "set", "eth0", "up", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "-n", ns, "link", "set", "lo", "up", NULL)) != SKEL_OK)
        return rc;
    if (cfg->link_bps[id - 1] != 0 &&
        (rc = shape(id, SKEL_TESTBED_QDISC_TB, cfg->link_bps[id - 1])) != SKEL_OK)
        return rc;
    return host_cgroups_create(cfg, id);
}

int skel_testbed_up(const struct skel_testbed_config *cfg_in, skel_testbed **out,
                    int *removed_leftover)
{
    skel_testbed *tb = NULL;
    int fd = -1, created = 0;
    struct skel_testbed_config old;
    pid_t owner;
    unsigned long long start;
    int complete;

    if (removed_leftover)
        *removed_leftover = 0;
    tb = calloc(1, sizeof *tb);
    if (tb == NULL)
        return skel_fail(SKEL_ENOMEM, "testbed: out of memory");
    int rc = normalise(cfg_in, &tb->cfg);
    if (rc != SKEL_OK)
        goto out;
    if ((rc = lock_state(&fd)) != SKEL_OK)
        goto out;
    rc = read_state(&old, &owner, &start, &complete);
    if (rc == SKEL_OK && complete && (!old.implicit || owner_alive(owner, start)) &&
        path_exists(NETNS_DIR "/skh1")) {
        rc = skel_fail(SKEL_ESTATE,
                       "a testbed with %u hosts is already up; run 'skel testbed down' first",
                       old.nhosts);
        goto out;
    }
    if (rc == SKEL_EFORMAT || rc == SKEL_ERANGE || rc == SKEL_OK || anything_left()) {
        unsigned n = 0;
        if ((rc = down_locked(&n)) != SKEL_OK)
            goto out;
        if (removed_leftover)
            *removed_leftover = 1;
    }
    skel_clear_error();
    tb->cfg.implicit = cfg_in->implicit;
    if ((rc = write_state(&tb->cfg, 0)) != SKEL_OK)
        goto out;
    created = 1;
    if ((rc = cmd("ip", "link", "add", SKEL_TESTBED_BRIDGE, "type", "bridge", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "link", "set", SKEL_TESTBED_BRIDGE, "up", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "addr", "add", SKEL_TESTBED_BRIDGE_IP "/24", "dev", SKEL_TESTBED_BRIDGE,
                  NULL)) != SKEL_OK)
        goto out;
    for (unsigned i = 1; i <= tb->cfg.nhosts; i++) {
        if (skel_proc_interrupted()) {
            rc = skel_fail(SKEL_EINTERRUPTED, "testbed: interrupted while bringing up host %u", i);
            goto out;
        }
        if ((rc = create_host(&tb->cfg, i)) != SKEL_OK) {
            skel_fail_context(rc, "testbed: host %u", i);
            goto out;
        }
    }
    if ((rc = write_state(&tb->cfg, 1)) != SKEL_OK)
        goto out;
    fill_hosts(tb);
    tb->owner = getpid();
    tb->own_implicit = tb->cfg.implicit;
out:
    if (rc != SKEL_OK && created) {
        /* Keep the first error's detail while undoing. */
        char detail[1024];
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        down_locked(NULL);
        skel_fail(rc, "%s", detail);
    }
    unlock_state(fd);
    if (rc != SKEL_OK) {
        free(tb);
        tb = NULL;
    }
    *out = tb;
    return rc;
}

int skel_testbed_open(skel_testbed **out)
{
    pid_t owner;
    unsigned long long start;
    int complete;
    *out = NULL;
    skel_testbed *tb = calloc(1, sizeof *tb);
    if (tb == NULL)
        return skel_fail(SKEL_ENOMEM, "testbed: out of memory");
    int rc = read_state(&tb->cfg, &owner, &start, &complete);
    if (rc == SKEL_ENOTFOUND) {
        if (anything_left())
            rc = skel_fail(SKEL_ESTATE, "testbed leftovers without a state file: run 'skel "
                                        "testbed down'");
        goto out;
    }
    if (rc != SKEL_OK) {
        skel_fail_context(SKEL_ESTATE, "damaged testbed state (run 'skel testbed down')");
        rc = SKEL_ESTATE;
        goto out;
    }
    int alive = owner_alive(owner, start);
    if (tb->cfg.implicit && !alive) {
        rc = skel_fail(SKEL_ENOTFOUND, "the testbed left by process %d is stale", (int)owner);
        goto out;
    }
    if (!complete) {
        rc = skel_fail(SKEL_ESTATE,
                       alive ? "the testbed is still being brought up (process %d)"
                             : "a testbed bring-up by process %d was interrupted: "
                               "run 'skel testbed down'",
                       (int)owner);
        goto out;
    }
    for (unsigned i = 1; i <= tb->cfg.nhosts; i++) {
        char p[64];
        snprintf(p, sizeof p, NETNS_DIR "/skh%u", i);
        if (!path_exists(p)) {
            rc = skel_fail(SKEL_ESTATE, "testbed host %u (%s) is missing: run 'skel testbed down'",
                           i, p);
            goto out;
        }
    }
    fill_hosts(tb);
    tb->owner = owner;
    tb->own_implicit = tb->cfg.implicit && owner == getpid();
out:
    if (rc != SKEL_OK)
        free(tb);
    else
        *out = tb;
    return rc;
}

void skel_testbed_close(skel_testbed *tb)
{
    free(tb);
}

int skel_testbed_acquire(unsigned nhosts, skel_testbed **out, int *implicit)
{
    if (implicit)
        *implicit = 0;
    int rc = skel_testbed_open(out);
    if (rc != SKEL_ENOTFOUND)
        return rc;
    struct skel_testbed_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nhosts =
        nhosts > 2 ? (nhosts < SKEL_TESTBED_MAX_HOSTS ? nhosts : SKEL_TESTBED_MAX_HOSTS) : 2;
    cfg.implicit = 1;
    rc = skel_testbed_up(&cfg, out, NULL);
    if (rc == SKEL_OK && implicit)
        *implicit = 1;
    return rc;
}

int skel_testbed_release(skel_testbed *tb)
{
    int rc = SKEL_OK;
    if (tb != NULL && tb->own_implicit)
        rc = skel_testbed_down(NULL);
    skel_testbed_close(tb);
    return rc;
}

unsigned skel_testbed_nhosts(const skel_testbed *tb)
{
    return tb ? tb->cfg.nhosts : 0;
}

const struct skel_testbed_host *skel_testbed_host(const skel_testbed *tb, unsigned id)
{
    if (tb == NULL || id < 1 || id > tb->cfg.nhosts)
        return NULL;
    return &tb->host[id - 1];
}

int skel_testbed_is_own_implicit(const skel_testbed *tb)
{
    return tb != NULL && tb->own_implicit;
}

/* ---- status ------------------------------------------------------------- */

static unsigned count_procs(const char *cgdir)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/cgroup.procs", cgdir);
    FILE *f = fopen(path, "re");
    if (f == NULL)
        return 0;
    unsigned n = 0;
    long pid;
    while (fscanf(f, "%ld", &pid) == 1)
        n++;
    fclose(f);
    return n;
}

static unsigned count_tree(const char *cgdir)
{
    unsigned n = count_procs(cgdir);
    DIR *d = opendir(cgdir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || e->d_type != DT_DIR)
            continue;
        char sub[PATH_MAX];
        if (snprintf(sub, sizeof sub, "%s/%s", cgdir, e->d_name) < (int)sizeof sub)
            n += count_tree(sub);
    }
    if (d != NULL)
        closedir(d);
    return n;
}

static void fmt_rate(uint64_t bps, char *out, size_t outlen)
{
    if (bps == 0)
        snprintf(out, outlen, "unshaped");
    else if (bps % 1000000000ULL == 0)
        snprintf(out, outlen, "%llugbit", (unsigned long long)(bps / 1000000000ULL));
    else if (bps % 1000000ULL == 0)
        snprintf(out, outlen, "%llumbit", (unsigned long long)(bps / 1000000ULL));
    else if (bps % 1000ULL == 0)
        snprintf(out, outlen, "%llukbit", (unsigned long long)(bps / 1000ULL));
    else
        snprintf(out, outlen, "%llubit", (unsigned long long)bps);
}

int skel_testbed_describe(char *buf, size_t buflen)
{
    struct skel_testbed_config cfg;
    pid_t owner;
    unsigned long long start;
    int complete;
    size_t len = 0;
#define OUT(...)                                                                                   \
    do {                                                                                           \
        if (len < buflen) {                                                                        \
            int w_ = snprintf(buf + len, buflen - len, __VA_ARGS__);                               \
            if (w_ > 0)                                                                            \
                len += (size_t)w_;                                                                 \
        }                                                                                          \
    } while (0)
    buf[0] = '\0';
    int rc = read_state(&cfg, &owner, &start, &complete);
    if (rc == SKEL_ENOTFOUND) {
        OUT("no testbed is up\n");
        if (anything_left())
            OUT("leftovers found (namespaces, links or cgroups named skh*, skv*, skbr0, skel_*): "
                "run 'skel testbed down'\n");
        skel_clear_error();
        return SKEL_OK;
    }
    if (rc != SKEL_OK)
        return rc;
    int alive = owner_alive(owner, start);
    OUT("testbed: %u hosts on bridge %s (%s), %s%s\n", cfg.nhosts, SKEL_TESTBED_BRIDGE,
        SKEL_TESTBED_BRIDGE_IP, complete ? "up" : "incomplete",
        cfg.implicit ? (alive ? ", brought up implicitly by a running command"
                              : ", stale (its implicit owner is gone)")
                     : "");
    OUT("%-5s %-7s %-10s %-6s %-8s %-10s %-5s %s\n", "host", "netns", "address", "cpu", "cores",
        "link", "slots", "processes");
    for (unsigned i = 1; i <= cfg.nhosts; i++) {
        char cores[64], rate[32], cpu[16], cg[PATH_MAX], nsp[64], addr[24], nsn[16];
        skel_testbed_format_cores(cfg.cores[i - 1], cores, sizeof cores);
        fmt_rate(cfg.link_bps[i - 1], rate, sizeof rate);
        if (cfg.cpu[i - 1] > 0)
            snprintf(cpu, sizeof cpu, "%.2f", cfg.cpu[i - 1]);
        else
            snprintf(cpu, sizeof cpu, "full");
        skel_testbed_cgroup_path("cpu", i, NULL, cg, sizeof cg);
        snprintf(nsp, sizeof nsp, NETNS_DIR "/skh%u", i);
        snprintf(addr, sizeof addr, SKEL_TESTBED_PREFIX "%u", i);
        snprintf(nsn, sizeof nsn, "skh%u", i);
        OUT("%-5u %-7s %-10s %-6s %-8s %-10s %-5u %u\n", i, path_exists(nsp) ? nsn : "MISSING",
            addr, cpu, cores, rate, cfg.slots[i - 1], count_tree(cg));
    }
    /* Active scenarios. */
    DIR *d = opendir(skel_testbed_state_dir());
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        int pid;
        char tail[16];
        if (sscanf(e->d_name, "scenario.%d.%15s", &pid, tail) == 2 && strcmp(tail, "state") == 0)
            OUT("scenario state %s/%s (process %d%s)\n", skel_testbed_state_dir(), e->d_name, pid,
                kill(pid, 0) == 0 ? ", running" : ", gone: removed at the next apply or down");
    }
    if (d != NULL)
        closedir(d);
#undef OUT
    return SKEL_OK;
}
