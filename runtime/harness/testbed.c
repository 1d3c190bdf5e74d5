/* testbed.c - emulated clusters as named instances: namespaces, bridge,
 * veths, cgroups, tbf (testbed.h). */
#include "testbed.h"

#include "afile.h"
#include "cgroup.h"
#include "error.h"
#include "proc.h"
#include "throttle.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define NETNS_DIR     "/run/netns"
#define CMD_TIMEOUT_S 30.0
#define STATE_MAGIC   "skel-testbed 2"
#define NET_PREFIX    "10.77."

struct skel_testbed {
    struct skel_testbed_state st;
    struct skel_testbed_host host[SKEL_TESTBED_MAX_HOSTS];
    char bridge[16], bridge_ip[24];
    char dir[PATH_MAX];
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

/* A decimal 0..999 without leading zeros at s[0..), its end in *end. */
static int number(const char *s, unsigned *v, const char **end)
{
    if (*s < '0' || *s > '9' || (s[0] == '0' && isdigit((unsigned char)s[1])))
        return 0;
    unsigned x = 0, n = 0;
    for (; isdigit((unsigned char)*s) && n < 4; s++, n++)
        x = x * 10 + (unsigned)(*s - '0');
    if (n > 3)
        return 0;
    *v = x;
    *end = s;
    return 1;
}

/* Parse <prefix><decimal 1..999> exactly. */
static unsigned numbered_name(const char *name, const char *prefix)
{
    size_t pl = strlen(prefix);
    unsigned v;
    const char *end;
    if (strncmp(name, prefix, pl) != 0 || !number(name + pl, &v, &end) || *end != '\0' || v == 0)
        return 0;
    return v;
}

/* "<prefix>X<sep>N" exactly (sk17h3, skv17h3): *index X, *host N. */
static int indexed_name(const char *name, const char *prefix, char sep, unsigned *index,
                        unsigned *host)
{
    size_t pl = strlen(prefix);
    const char *p;
    if (strncmp(name, prefix, pl) != 0 || !number(name + pl, index, &p) || *p != sep ||
        !number(p + 1, host, &p) || *p != '\0')
        return 0;
    return 1;
}

/* "10.77.X.N" exactly. */
static int address(const char *name, unsigned *index, unsigned *host)
{
    const char *p;
    if (strncmp(name, NET_PREFIX, strlen(NET_PREFIX)) != 0 ||
        !number(name + strlen(NET_PREFIX), index, &p) || *p != '.' || !number(p + 1, host, &p) ||
        *p != '\0' || *index > 255)
        return 0;
    return 1;
}

unsigned skel_testbed_host_id(const char *name)
{
    unsigned x = 0, n = 0;
    if (name == NULL)
        return 0;
    const char *at = strrchr(name, '@');
    if (at != NULL)
        name = at + 1;
    if (!address(name, &x, &n) && !indexed_name(name, "sk", 'h', &x, &n))
        n = numbered_name(name, "skh");
    return n >= 1 && n <= 253 ? n : 0;
}

unsigned skel_testbed_host_index(const char *name)
{
    unsigned x = 0, n = 0;
    if (name == NULL)
        return 0;
    const char *at = strrchr(name, '@');
    if (at != NULL)
        name = at + 1;
    if ((address(name, &x, &n) || indexed_name(name, "sk", 'h', &x, &n)) && n >= 1 && n <= 253 &&
        x >= 1 && x <= SKEL_TESTBED_MAX_INDEX)
        return x;
    return 0;
}

static void netns_name(unsigned index, unsigned id, char *out, size_t len)
{
    snprintf(out, len, "sk%uh%u", index, id);
}

static void veth_name(unsigned index, unsigned id, char *out, size_t len)
{
    snprintf(out, len, "skv%uh%u", index, id);
}

/* ---- names -------------------------------------------------------------- */

int skel_testbed_check_name(const char *name)
{
    size_t n = name != NULL ? strlen(name) : 0;
    int ok = n >= 1 && n <= SKEL_TESTBED_NAME_MAX && isalnum((unsigned char)name[0]);
    for (size_t i = 0; ok && i < n; i++)
        ok = islower((unsigned char)name[i]) || isdigit((unsigned char)name[i]) || name[i] == '-' ||
             name[i] == '_';
    if (!ok)
        return skel_fail(SKEL_EUSAGE,
                         "testbed name '%s': expected 1 to %d lower-case letters, digits, '-' or "
                         "'_', starting with a letter or digit",
                         name != NULL ? name : "", SKEL_TESTBED_NAME_MAX);
    return SKEL_OK;
}

void skel_testbed_default_name(char *out, size_t len)
{
    const char *env = getenv("SKEL_TESTBED");
    if (env != NULL && *env != '\0') {
        snprintf(out, len, "%s", env);
        return;
    }
    char buf[SKEL_TESTBED_NAME_MAX + 1];
    size_t k = 0;
    struct passwd *pw = getpwuid(getuid());
    for (const char *p = pw != NULL ? pw->pw_name : ""; *p && k < SKEL_TESTBED_NAME_MAX; p++) {
        char c = (char)tolower((unsigned char)*p);
        buf[k++] = isalnum((unsigned char)c) || c == '_' ? c : '-';
    }
    buf[k] = '\0';
    if (k == 0 || !isalnum((unsigned char)buf[0]))
        snprintf(buf, sizeof buf, "uid%u", (unsigned)getuid());
    snprintf(out, len, "%s", buf);
}

/* The name to use: given, else the default; checked. */
static int resolve_name(const char *name, char out[SKEL_TESTBED_NAME_MAX + 1])
{
    char def[SKEL_TESTBED_NAME_MAX + 64];
    if (name == NULL || *name == '\0') {
        skel_testbed_default_name(def, sizeof def);
        name = def;
    }
    int rc = skel_testbed_check_name(name);
    if (rc == SKEL_OK)
        memcpy(out, name, strlen(name) + 1); /* checked: at most SKEL_TESTBED_NAME_MAX */
    return rc;
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

void skel_testbed_format_rate(uint64_t bps, char *out, size_t outlen)
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
    int rc = resolve_name(in->name, out->name);
    if (rc != SKEL_OK)
        return rc;
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
    unsigned x = tb->st.index;
    snprintf(tb->bridge, sizeof tb->bridge, "skbr%u", x);
    snprintf(tb->bridge_ip, sizeof tb->bridge_ip, NET_PREFIX "%u.254", x);
    snprintf(tb->dir, sizeof tb->dir, "%s/testbed-%s", skel_testbed_state_dir(), tb->st.cfg.name);
    for (unsigned i = 0; i < tb->st.cfg.nhosts; i++) {
        struct skel_testbed_host *h = &tb->host[i];
        h->id = i + 1;
        netns_name(x, i + 1, h->netns, sizeof h->netns);
        veth_name(x, i + 1, h->veth, sizeof h->veth);
        snprintf(h->addr, sizeof h->addr, NET_PREFIX "%u.%u", x, i + 1);
        h->cpu = tb->st.cfg.cpu[i];
        h->cores = tb->st.cfg.cores[i];
        h->link_bps = tb->st.cfg.link_bps[i];
        h->slots = tb->st.cfg.slots[i];
    }
}

/* ---- state file --------------------------------------------------------- */

int skel_testbed_state_format(const struct skel_testbed_state *st, char **out)
{
    const struct skel_testbed_config *cfg = &st->cfg;
    char cg[PATH_MAX + 8];
    skel_cgroups_format(&st->cgroups, cg, sizeof cg);
    size_t cap = 512 + sizeof cg + (size_t)cfg->nhosts * 128;
    char *s = malloc(cap);
    if (s == NULL)
        return skel_fail(SKEL_ENOMEM, "testbed: out of memory");
    size_t len =
        (size_t)snprintf(s, cap,
                         "%s\n# written by skel; removed by 'skel testbed down --name %s'\n"
                         "name %s\nindex %u\ncgroups %s\nowner %d %llu\nimplicit %d\n"
                         "complete %d\nhosts %u\n",
                         STATE_MAGIC, cfg->name, cfg->name, st->index, cg, (int)st->owner,
                         st->owner_start, cfg->implicit ? 1 : 0, st->complete ? 1 : 0, cfg->nhosts);
    for (unsigned i = 0; i < cfg->nhosts && len < cap; i++)
        len +=
            (size_t)snprintf(s + len, cap - len, "host %u cpu %.4f cores %llx link %llu slots %u\n",
                             i + 1, cfg->cpu[i], (unsigned long long)cfg->cores[i],
                             (unsigned long long)cfg->link_bps[i], cfg->slots[i]);
    *out = s;
    return SKEL_OK;
}

int skel_testbed_state_parse(const char *text, const char *source, struct skel_testbed_state *st)
{
    struct skel_testbed_config *cfg = &st->cfg;
    memset(st, 0, sizeof *st);
    unsigned line = 0, seen_hosts = 0, declared = 0;
    int have_magic = 0, have_cg = 0;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char buf[PATH_MAX + 64];
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
        unsigned long long sta, cores, link;
        unsigned id, slots;
        double cpu;
        if (strncmp(buf, "name ", 5) == 0) {
            if (skel_testbed_check_name(buf + 5) != SKEL_OK)
                return skel_fail(SKEL_EFORMAT, "%s:%u: bad testbed name", source, line);
            memcpy(cfg->name, buf + 5, strlen(buf + 5) + 1); /* checked above */
        } else if (sscanf(buf, "index %u%n", &id, &n) == 1 && buf[n] == '\0') {
            if (id < 1 || id > SKEL_TESTBED_MAX_INDEX)
                return skel_fail(SKEL_ERANGE, "%s:%u: index %u, expected 1..%d", source, line, id,
                                 SKEL_TESTBED_MAX_INDEX);
            st->index = id;
        } else if (strncmp(buf, "cgroups ", 8) == 0) {
            if (skel_cgroups_parse(buf + 8, NULL, &st->cgroups) != SKEL_OK)
                return skel_fail_context(SKEL_EFORMAT, "%s:%u", source, line);
            have_cg = 1;
        } else if (sscanf(buf, "owner %d %llu%n", &o, &sta, &n) == 2 && buf[n] == '\0') {
            st->owner = o;
            st->owner_start = sta;
        } else if (sscanf(buf, "implicit %d%n", &v, &n) == 1 && buf[n] == '\0') {
            cfg->implicit = v != 0;
        } else if (sscanf(buf, "complete %d%n", &v, &n) == 1 && buf[n] == '\0') {
            st->complete = v != 0;
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
    if (cfg->name[0] == '\0' || st->index == 0 || !have_cg)
        return skel_fail(SKEL_EFORMAT, "%s: no '%s' line", source,
                         cfg->name[0] == '\0' ? "name"
                         : st->index == 0     ? "index"
                                              : "cgroups");
    if (declared == 0 || seen_hosts != declared)
        return skel_fail(SKEL_EFORMAT, "%s: %u host lines for %u hosts", source, seen_hosts,
                         declared);
    return SKEL_OK;
}

static int ensure_dir(const char *d)
{
    if (mkdir(d, 0755) != 0 && errno != EEXIST)
        return skel_fail(SKEL_ESYSTEM, "%s: cannot create: %s", d, strerror(errno));
    return SKEL_OK;
}

/* An exclusive lock over instances coming up and going down, held until
 * unlock_state(). */
static int lock_state(int *fd_out)
{
    char path[PATH_MAX];
    const char *d = skel_testbed_state_dir();
    int rc = ensure_dir(d);
    if (rc != SKEL_OK)
        return rc;
    if (snprintf(path, sizeof path, "%s/lock", d) >= (int)sizeof path)
        return skel_fail(SKEL_ERANGE, "state directory path too long");
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

static void instance_dir(const char *name, char *out, size_t len)
{
    snprintf(out, len, "%s/testbed-%s", skel_testbed_state_dir(), name);
}

static int write_state(const struct skel_testbed_state *st)
{
    char dir[PATH_MAX], path[PATH_MAX + 16], *text = NULL;
    instance_dir(st->cfg.name, dir, sizeof dir);
    int rc = ensure_dir(dir);
    if (rc != SKEL_OK)
        return rc;
    snprintf(path, sizeof path, "%s/state", dir);
    if ((rc = skel_testbed_state_format(st, &text)) != SKEL_OK)
        return rc;
    if ((rc = skel_afile_write(path, text, strlen(text))) != SKEL_OK)
        skel_fail_context(rc, "writing the testbed state");
    free(text);
    return rc;
}

/* Read instance name's state file (file: "state", or "state.down" while it
 * is taken down).  SKEL_ENOTFOUND if it has none. */
static int read_state_file(const char *name, const char *file, struct skel_testbed_state *st)
{
    char dir[PATH_MAX], path[PATH_MAX + 16];
    instance_dir(name, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *text = NULL;
    size_t len = 0;
    int rc = skel_read_file(path, 1u << 16, &text, &len);
    if (rc == SKEL_ENOTFOUND)
        return skel_fail(SKEL_ENOTFOUND, "testbed '%s' is not up (%s is absent)", name, path);
    if (rc == SKEL_OK)
        rc = skel_testbed_state_parse(text, path, st);
    free(text);
    return rc;
}

static int read_state(const char *name, struct skel_testbed_state *st)
{
    return read_state_file(name, "state", st);
}

static int owner_alive(pid_t owner, unsigned long long start)
{
    return owner > 0 && skel_proc_start_time(owner) == start && start != 0;
}

/* Every instance with a state directory: fn(arg, name, st or NULL when its
 * state cannot be read). */
static void each_instance(void (*fn)(void *arg, const char *name,
                                     const struct skel_testbed_state *st),
                          void *arg)
{
    DIR *d = opendir(skel_testbed_state_dir());
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "testbed-", 8) != 0)
            continue;
        const char *name = e->d_name + 8;
        if (skel_testbed_check_name(name) != SKEL_OK) {
            skel_clear_error();
            continue;
        }
        struct skel_testbed_state st;
        int rc = read_state(name, &st);
        fn(arg, name, rc == SKEL_OK ? &st : NULL);
        skel_clear_error();
    }
    if (d != NULL)
        closedir(d);
}

static int netns_exists(unsigned index, unsigned id)
{
    char p[64], ns[24];
    netns_name(index, id, ns, sizeof ns);
    snprintf(p, sizeof p, NETNS_DIR "/%s", ns);
    return path_exists(p);
}

/* ---- cgroups ------------------------------------------------------------ */

int skel_testbed_cgroup_path(const skel_testbed *tb, const char *hierarchy, unsigned id,
                             const char *sub, char *out, size_t outlen)
{
    return skel_cgroups_path(&tb->st.cgroups, hierarchy, tb->st.index, id, sub, out, outlen);
}

int skel_testbed_subgroup_create(const skel_testbed *tb, unsigned id, const char *name)
{
    return skel_cgroups_make_sub(&tb->st.cgroups, tb->st.index, id, name);
}

int skel_testbed_subgroup_join(const skel_testbed *tb, unsigned id, const char *name, pid_t pid)
{
    return skel_cgroups_join(&tb->st.cgroups, tb->st.index, id, name, pid);
}

int skel_testbed_subgroup_remove(const skel_testbed *tb, unsigned id, const char *name)
{
    if (!skel_cgroups_valid_sub(name))
        return skel_fail(SKEL_EUSAGE, "invalid cgroup name '%s'", name ? name : "");
    return skel_cgroups_remove(&tb->st.cgroups, tb->st.index, id, name, NULL);
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

static int shape(const skel_testbed *tb, unsigned id, const char *handle, uint64_t bps)
{
    char rate[32], burst[32];
    const struct skel_testbed_host *h = &tb->host[id - 1];
    snprintf(rate, sizeof rate, "%llubit", (unsigned long long)bps);
    snprintf(burst, sizeof burst, "%llu", (unsigned long long)skel_testbed_link_burst(bps));
    int rc = cmd("tc", "qdisc", "replace", "dev", h->veth, "root", "handle", handle, "tbf", "rate",
                 rate, "burst", burst, "latency", "100ms", NULL);
    if (rc == SKEL_OK)
        rc = cmd("tc", "-n", h->netns, "qdisc", "replace", "dev", "eth0", "root", "handle", handle,
                 "tbf", "rate", rate, "burst", burst, "latency", "100ms", NULL);
    return rc;
}

/* Remove the root qdisc on both ends; "nothing to delete" is fine. */
static void unshape(const skel_testbed *tb, unsigned id)
{
    const struct skel_testbed_host *h = &tb->host[id - 1];
    char *a1[] = {"tc", "qdisc", "del", "dev", (char *)h->veth, "root", NULL};
    char *a2[] = {"tc", "-n", (char *)h->netns, "qdisc", "del", "dev", "eth0", "root", NULL};
    skel_proc_run(a1, CMD_TIMEOUT_S, NULL);
    skel_proc_run(a2, CMD_TIMEOUT_S, NULL);
    skel_clear_error();
}

int skel_testbed_link_limit(const skel_testbed *tb, unsigned id, uint64_t bps)
{
    if (tb == NULL || id < 1 || id > tb->st.cfg.nhosts)
        return skel_fail(SKEL_ERANGE, "testbed host %u does not exist", id);
    uint64_t own = tb->st.cfg.link_bps[id - 1];
    if (own != 0 && own < bps)
        bps = own; /* a scenario never makes a link faster than the testbed's */
    return shape(tb, id, SKEL_TESTBED_QDISC_SC, bps);
}

int skel_testbed_link_restore(const skel_testbed *tb, unsigned id)
{
    if (tb == NULL || id < 1 || id > tb->st.cfg.nhosts)
        return skel_fail(SKEL_ERANGE, "testbed host %u does not exist", id);
    if (tb->st.cfg.link_bps[id - 1] != 0)
        return shape(tb, id, SKEL_TESTBED_QDISC_TB, tb->st.cfg.link_bps[id - 1]);
    unshape(tb, id);
    return SKEL_OK;
}

int skel_testbed_link_throttled(const skel_testbed *tb, unsigned id)
{
    if (tb == NULL || id < 1 || id > tb->st.cfg.nhosts)
        return 0;
    char *out = NULL;
    char *argv[] = {"tc", "qdisc", "show", "dev", (char *)tb->host[id - 1].veth, NULL};
    int found = 0;
    if (skel_proc_run(argv, CMD_TIMEOUT_S, &out) == SKEL_OK && out != NULL)
        found = strstr(out, " " SKEL_TESTBED_QDISC_SC " ") != NULL;
    free(out);
    skel_clear_error();
    return found;
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

/* Delete a link if it exists; counts it. */
static int del_link(const char *dev, unsigned *n)
{
    char sys[300];
    snprintf(sys, sizeof sys, "/sys/class/net/%s", dev);
    if (!path_exists(sys))
        return SKEL_OK;
    int rc = cmd("ip", "link", "del", dev, NULL);
    if (rc == SKEL_OK)
        (*n)++;
    else if (!path_exists(sys))
        rc = SKEL_OK; /* gone with its peer meanwhile */
    return rc;
}

/* Kill what runs in a namespace, then delete it. */
static int del_netns(const char *ns, unsigned *n)
{
    char nspath[PATH_MAX];
    snprintf(nspath, sizeof nspath, NETNS_DIR "/%s", ns);
    if (!path_exists(nspath))
        return SKEL_OK;
    wait_netns_empty(nspath);
    int rc = cmd("ip", "netns", "del", ns, NULL);
    if (rc == SKEL_OK)
        (*n)++;
    return rc;
}

static void keep_first(int *rc, int r)
{
    if (*rc == SKEL_OK)
        *rc = r;
}

/* Remove the kernel objects of index X: processes in its cgroups and
 * namespaces, its veths, namespaces, bridge and cgroups.  The state lock is
 * held. */
static int down_objects(unsigned index, const struct skel_cgroups *cg, unsigned *n)
{
    int rc = SKEL_OK;
    char name[32];
    if (cg != NULL)
        keep_first(&rc, skel_cgroups_remove(cg, index, 0, NULL, n));
    DIR *d = opendir(NETNS_DIR);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        unsigned x, id;
        if (!indexed_name(e->d_name, "sk", 'h', &x, &id) || x != index)
            continue;
        veth_name(index, id, name, sizeof name);
        keep_first(&rc, del_link(name, n));
        keep_first(&rc, del_netns(e->d_name, n));
    }
    if (d != NULL)
        closedir(d);
    if ((d = opendir("/sys/class/net")) != NULL) {
        while ((e = readdir(d)) != NULL) {
            unsigned x, id;
            if (indexed_name(e->d_name, "skv", 'h', &x, &id) && x == index)
                keep_first(&rc, del_link(e->d_name, n));
        }
        closedir(d);
    }
    snprintf(name, sizeof name, "skbr%u", index);
    keep_first(&rc, del_link(name, n));
    return rc;
}

/* Take an instance down by its state; the state lock is held. */
static int down_locked(const struct skel_testbed_state *st, unsigned *n)
{
    char dir[PATH_MAX], from[PATH_MAX + 16], to[PATH_MAX + 16];
    instance_dir(st->cfg.name, dir, sizeof dir);
    /* The state goes first: a run that fails because its namespaces vanish
     * finds the testbed gone (skel_testbed_still_up()), not still up.  An
     * interrupted down leaves state.down for the next down. */
    snprintf(from, sizeof from, "%s/state", dir);
    snprintf(to, sizeof to, "%s/state.down", dir);
    rename(from, to);
    int rc = down_objects(st->index, &st->cgroups, n);
    /* Its state and throttle records go with it. */
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char p[PATH_MAX + NAME_MAX + 2];
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (unlink(p) == 0)
            (*n)++;
    }
    if (d != NULL)
        closedir(d);
    rmdir(dir);
    return rc;
}

int skel_testbed_down(const char *name_in, unsigned *removed)
{
    char name[SKEL_TESTBED_NAME_MAX + 1];
    unsigned n = 0;
    int fd = -1, rc = resolve_name(name_in, name);
    if (rc == SKEL_OK)
        rc = lock_state(&fd);
    if (rc != SKEL_OK)
        return rc;
    struct skel_testbed_state st;
    rc = read_state(name, &st);
    if (rc == SKEL_ENOTFOUND) {
        skel_clear_error();
        rc = read_state_file(name, "state.down", &st); /* a down that was interrupted */
    }
    if (rc == SKEL_ENOTFOUND) {
        /* Nothing of it is known: nothing to remove (a state directory left
         * empty by a killed bring-up goes). */
        char dir[PATH_MAX];
        instance_dir(name, dir, sizeof dir);
        rmdir(dir);
        skel_clear_error();
        rc = SKEL_OK;
    } else if (rc != SKEL_OK) {
        char dir[PATH_MAX];
        instance_dir(name, dir, sizeof dir);
        skel_fail_context(rc,
                          "testbed '%s': its state cannot be read, so its objects cannot be "
                          "told from other instances' (remove %s, then 'skel testbed down "
                          "--orphans' removes them)",
                          name, dir);
    } else {
        rc = down_locked(&st, &n);
    }
    unlock_state(fd);
    if (removed)
        *removed = n;
    return rc;
}

/* ---- orphans ------------------------------------------------------------ */

struct claimed {
    unsigned char index[256];
    struct skel_cgroups cg[256];
};

static void claim(void *arg, const char *name, const struct skel_testbed_state *st)
{
    (void)name;
    struct claimed *c = arg;
    if (st != NULL && st->index < 256) {
        c->index[st->index] = 1;
        c->cg[st->index] = st->cgroups;
    }
}

struct orphan_scan {
    const struct claimed *c;
    unsigned char found[256];
};

static void note_cgroup(void *arg, unsigned index)
{
    struct orphan_scan *o = arg;
    if (index < 256 && !o->c->index[index])
        o->found[index] = 1;
}

/* Indexes with objects but no state, into found[] (0: an older Skel's
 * names, found separately). */
static void find_orphans(const struct claimed *c, unsigned char found[256], int *legacy)
{
    struct orphan_scan o = {.c = c};
    struct skel_cgroups cg;
    *legacy = 0;
    if (skel_cgroups_detect(NULL, NULL, &cg) == SKEL_OK)
        skel_cgroups_each_instance(&cg, note_cgroup, &o);
    skel_clear_error();
    DIR *d;
    struct dirent *e;
    unsigned x, id;
    if ((d = opendir(NETNS_DIR)) != NULL) {
        while ((e = readdir(d)) != NULL) {
            if (indexed_name(e->d_name, "sk", 'h', &x, &id) && x < 256 && !c->index[x])
                o.found[x] = 1;
            else if (numbered_name(e->d_name, "skh") != 0)
                *legacy = 1;
        }
        closedir(d);
    }
    if ((d = opendir("/sys/class/net")) != NULL) {
        while ((e = readdir(d)) != NULL) {
            if ((indexed_name(e->d_name, "skv", 'h', &x, &id) ||
                 ((x = numbered_name(e->d_name, "skbr")) != 0)) &&
                x < 256 && !c->index[x])
                o.found[x] = 1;
            else if (numbered_name(e->d_name, "skv") != 0 || strcmp(e->d_name, "skbr0") == 0)
                *legacy = 1;
        }
        closedir(d);
    }
    static const char *const hier[] = {SKEL_CGROUP_ROOT "/cpu", SKEL_CGROUP_ROOT "/cpuset"};
    for (int h = 0; h < 2; h++)
        if ((d = opendir(hier[h])) != NULL) {
            while ((e = readdir(d)) != NULL)
                *legacy |= strncmp(e->d_name, "skel_skh", 8) == 0;
            closedir(d);
        }
    memcpy(found, o.found, 256);
    found[0] = 0;
}

/* The objects of an older Skel (fixed names skh<N>, skv<N>, skbr0, skel_skh<N>). */
static int down_legacy(unsigned *n)
{
    int rc = SKEL_OK;
    DIR *d;
    struct dirent *e;
    static const char *const hier[] = {SKEL_CGROUP_ROOT "/cpu", SKEL_CGROUP_ROOT "/cpuset"};
    for (int h = 0; h < 2; h++)
        if ((d = opendir(hier[h])) != NULL) {
            while ((e = readdir(d)) != NULL) {
                char p[PATH_MAX];
                if (strncmp(e->d_name, "skel_skh", 8) != 0)
                    continue;
                snprintf(p, sizeof p, "%s/%s", hier[h], e->d_name);
                keep_first(&rc, skel_proc_kill_cgroup(p));
                if (rmdir(p) == 0)
                    (*n)++;
            }
            closedir(d);
        }
    if ((d = opendir(NETNS_DIR)) != NULL) {
        while ((e = readdir(d)) != NULL)
            if (numbered_name(e->d_name, "skh") != 0)
                keep_first(&rc, del_netns(e->d_name, n));
        closedir(d);
    }
    if ((d = opendir("/sys/class/net")) != NULL) {
        while ((e = readdir(d)) != NULL)
            if (numbered_name(e->d_name, "skv") != 0 || strcmp(e->d_name, "skbr0") == 0)
                keep_first(&rc, del_link(e->d_name, n));
        closedir(d);
    }
    return rc;
}

int skel_testbed_down_orphans(unsigned *removed)
{
    int fd = -1, rc = lock_state(&fd), legacy;
    unsigned n = 0;
    if (rc != SKEL_OK)
        return rc;
    struct claimed *c = calloc(1, sizeof *c);
    unsigned char found[256];
    if (c == NULL) {
        unlock_state(fd);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    each_instance(claim, c);
    find_orphans(c, found, &legacy);
    struct skel_cgroups cg;
    int have_cg = skel_cgroups_detect(NULL, NULL, &cg) == SKEL_OK;
    skel_clear_error();
    for (unsigned x = 1; x < 256; x++)
        if (found[x])
            keep_first(&rc, down_objects(x, have_cg ? &cg : NULL, &n));
    if (legacy)
        keep_first(&rc, down_legacy(&n));
    free(c);
    unlock_state(fd);
    if (removed)
        *removed = n;
    return rc;
}

/* ---- up ----------------------------------------------------------------- */

/* Is index X in use by objects no state of ours claims (another state
 * directory's instance, or an orphan)? */
static int index_busy(unsigned x, const struct skel_cgroups *cg)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "/sys/class/net/skbr%u", x);
    if (path_exists(p) || netns_exists(x, 1))
        return 1;
    return skel_cgroups_path(cg, "cpu", x, 0, NULL, p, sizeof p) == SKEL_OK && path_exists(p);
}

/* The instance's index: derived from its name, the next free one when that
 * is taken. */
static unsigned pick_index(const char *name, const struct claimed *c, const struct skel_cgroups *cg)
{
    uint64_t h = 1469598103934665603ull;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 1099511628211ull;
    for (unsigned k = 0; k < SKEL_TESTBED_MAX_INDEX; k++) {
        unsigned x = 1 + (unsigned)((h + k) % SKEL_TESTBED_MAX_INDEX);
        if (!c->index[x] && !index_busy(x, cg))
            return x;
    }
    return 0;
}

static int create_host(const skel_testbed *tb, unsigned id)
{
    const struct skel_testbed_host *h = &tb->host[id - 1];
    char addr[40];
    int rc;
    snprintf(addr, sizeof addr, "%s/24", h->addr);
    if ((rc = cmd("ip", "netns", "add", h->netns, NULL)) != SKEL_OK ||
        (rc = cmd("ip", "link", "add", h->veth, "type", "veth", "peer", "name", "eth0", "netns",
                  h->netns, NULL)) != SKEL_OK ||
        (rc = cmd("ip", "link", "set", h->veth, "master", tb->bridge, "up", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "-n", h->netns, "addr", "add", addr, "dev", "eth0", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "-n", h->netns, "link", "set", "eth0", "up", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "-n", h->netns, "link", "set", "lo", "up", NULL)) != SKEL_OK)
        return rc;
    if (h->link_bps != 0 && (rc = shape(tb, id, SKEL_TESTBED_QDISC_TB, h->link_bps)) != SKEL_OK)
        return rc;
    return skel_cgroups_make_host(&tb->st.cgroups, tb->st.index, id, h->cpu, h->cores);
}

int skel_testbed_up(const struct skel_testbed_config *cfg_in, skel_testbed **out,
                    int *removed_leftover)
{
    int fd = -1, created = 0;
    struct claimed *c = NULL;
    struct skel_testbed_state old;
    *out = NULL;
    if (removed_leftover)
        *removed_leftover = 0;
    skel_testbed *tb = calloc(1, sizeof *tb);
    if (tb == NULL)
        return skel_fail(SKEL_ENOMEM, "testbed: out of memory");
    int rc = normalise(cfg_in, &tb->st.cfg);
    if (rc != SKEL_OK || (rc = skel_cgroups_detect(NULL, NULL, &tb->st.cgroups)) != SKEL_OK ||
        (rc = lock_state(&fd)) != SKEL_OK)
        goto out;
    const char *name = tb->st.cfg.name;
    rc = read_state(name, &old);
    if (rc == SKEL_OK && old.complete &&
        (!old.cfg.implicit || owner_alive(old.owner, old.owner_start)) &&
        netns_exists(old.index, 1)) {
        rc = skel_fail(SKEL_ESTATE,
                       "testbed '%s' is already up (%u hosts on " NET_PREFIX "%u.0/24); take it "
                       "down first: skel testbed down --name %s",
                       name, old.cfg.nhosts, old.index, name);
        goto out;
    }
    if (rc == SKEL_OK) {
        /* Its own leftover: an interrupted bring-up, a dead implicit owner. */
        unsigned n = 0;
        if ((rc = down_locked(&old, &n)) != SKEL_OK)
            goto out;
        if (removed_leftover)
            *removed_leftover = 1;
    } else if (rc != SKEL_ENOTFOUND) {
        /* A damaged state: its objects cannot be told apart any more, they
         * stay for 'skel testbed down --orphans'. */
        char dir[PATH_MAX], path[PATH_MAX + 16];
        instance_dir(name, dir, sizeof dir);
        snprintf(path, sizeof path, "%s/state", dir);
        unlink(path);
        if (removed_leftover)
            *removed_leftover = 1;
    }
    skel_clear_error();
    if ((c = calloc(1, sizeof *c)) == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "testbed: out of memory");
        goto out;
    }
    each_instance(claim, c);
    if ((tb->st.index = pick_index(name, c, &tb->st.cgroups)) == 0) {
        rc = skel_fail(SKEL_ESTATE, "no free testbed index (all %d are in use)",
                       SKEL_TESTBED_MAX_INDEX);
        goto out;
    }
    tb->st.cfg.implicit = cfg_in->implicit;
    tb->st.owner = getpid();
    tb->st.owner_start = skel_proc_start_time(getpid());
    tb->st.complete = 0;
    fill_hosts(tb);
    if ((rc = write_state(&tb->st)) != SKEL_OK)
        goto out;
    created = 1;
    char bridge_addr[40];
    snprintf(bridge_addr, sizeof bridge_addr, "%s/24", tb->bridge_ip);
    if ((rc = cmd("ip", "link", "add", tb->bridge, "type", "bridge", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "link", "set", tb->bridge, "up", NULL)) != SKEL_OK ||
        (rc = cmd("ip", "addr", "add", bridge_addr, "dev", tb->bridge, NULL)) != SKEL_OK ||
        (rc = skel_cgroups_make_instance(&tb->st.cgroups, tb->st.index, tb->st.cfg.nhosts)) !=
            SKEL_OK)
        goto out;
    for (unsigned i = 1; i <= tb->st.cfg.nhosts; i++) {
        if (skel_proc_interrupted()) {
            rc = skel_fail(SKEL_EINTERRUPTED, "testbed: interrupted while bringing up host %u", i);
            goto out;
        }
        if ((rc = create_host(tb, i)) != SKEL_OK) {
            skel_fail_context(rc, "testbed '%s': host %u", name, i);
            goto out;
        }
    }
    tb->st.complete = 1;
    if ((rc = write_state(&tb->st)) != SKEL_OK)
        goto out;
    tb->own_implicit = tb->st.cfg.implicit;
out:
    if (rc != SKEL_OK && created) {
        /* Keep the first error's detail while undoing. */
        char detail[1024];
        unsigned n = 0;
        snprintf(detail, sizeof detail, "%s", skel_last_error());
        down_locked(&tb->st, &n);
        skel_fail(rc, "%s", detail);
    }
    unlock_state(fd);
    free(c);
    if (rc != SKEL_OK) {
        free(tb);
        tb = NULL;
    }
    *out = tb;
    return rc;
}

/* ---- open --------------------------------------------------------------- */

int skel_testbed_open(const char *name_in, skel_testbed **out)
{
    char name[SKEL_TESTBED_NAME_MAX + 1];
    *out = NULL;
    int rc = resolve_name(name_in, name);
    if (rc != SKEL_OK)
        return rc;
    skel_testbed *tb = calloc(1, sizeof *tb);
    if (tb == NULL)
        return skel_fail(SKEL_ENOMEM, "testbed: out of memory");
    struct skel_testbed_state *st = &tb->st;
    rc = read_state(name, st);
    if (rc == SKEL_ENOTFOUND)
        goto out;
    if (rc != SKEL_OK) {
        skel_fail_context(SKEL_ESTATE,
                          "damaged state of testbed '%s' (run 'skel testbed down "
                          "--name %s')",
                          name, name);
        rc = SKEL_ESTATE;
        goto out;
    }
    int alive = owner_alive(st->owner, st->owner_start);
    if (st->cfg.implicit && !alive) {
        rc = skel_fail(SKEL_ENOTFOUND, "testbed '%s', left by process %d, is stale", name,
                       (int)st->owner);
        goto out;
    }
    if (!st->complete) {
        rc = skel_fail(SKEL_ESTATE,
                       alive ? "testbed '%s' is still being brought up (process %d)"
                             : "the bring-up of testbed '%s' by process %d was interrupted: run "
                               "'skel testbed down --name %s'",
                       name, (int)st->owner, name);
        goto out;
    }
    for (unsigned i = 1; i <= st->cfg.nhosts; i++)
        if (!netns_exists(st->index, i)) {
            rc = skel_fail(SKEL_ESTATE,
                           "testbed '%s': host %u (namespace sk%uh%u) is missing: run 'skel "
                           "testbed down --name %s'",
                           name, i, st->index, i, name);
            goto out;
        }
    fill_hosts(tb);
    tb->own_implicit = st->cfg.implicit && st->owner == getpid();
out:
    if (rc != SKEL_OK)
        free(tb);
    else
        *out = tb;
    return rc;
}

struct find_index {
    unsigned index;
    char name[SKEL_TESTBED_NAME_MAX + 1];
};

static void match_index(void *arg, const char *name, const struct skel_testbed_state *st)
{
    struct find_index *f = arg;
    if (st != NULL && st->index == f->index)
        snprintf(f->name, sizeof f->name, "%s", name);
}

int skel_testbed_open_index(unsigned index, skel_testbed **out)
{
    struct find_index f = {.index = index};
    *out = NULL;
    each_instance(match_index, &f);
    if (f.name[0] == '\0')
        return skel_fail(SKEL_ENOTFOUND,
                         "no testbed with index %u (" NET_PREFIX "%u.0/24) is known in %s", index,
                         index, skel_testbed_state_dir());
    return skel_testbed_open(f.name, out);
}

void skel_testbed_close(skel_testbed *tb)
{
    free(tb);
}

int skel_testbed_acquire(unsigned nhosts, skel_testbed **out, int *implicit)
{
    if (implicit)
        *implicit = 0;
    int rc = skel_testbed_open(NULL, out);
    if (rc != SKEL_ENOTFOUND)
        return rc;
    skel_clear_error();
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
        rc = skel_testbed_down(tb->st.cfg.name, NULL);
    skel_testbed_close(tb);
    return rc;
}

int skel_testbed_still_up(const skel_testbed *tb)
{
    struct skel_testbed_state st;
    if (tb == NULL || read_state(tb->st.cfg.name, &st) != SKEL_OK || st.index != tb->st.index) {
        skel_clear_error();
        return 0;
    }
    for (unsigned i = 1; i <= tb->st.cfg.nhosts; i++)
        if (!netns_exists(tb->st.index, i))
            return 0;
    return 1;
}

const char *skel_testbed_name(const skel_testbed *tb)
{
    return tb->st.cfg.name;
}

unsigned skel_testbed_index(const skel_testbed *tb)
{
    return tb->st.index;
}

const char *skel_testbed_bridge_ip(const skel_testbed *tb)
{
    return tb->bridge_ip;
}

const struct skel_cgroups *skel_testbed_cgroups(const skel_testbed *tb)
{
    return &tb->st.cgroups;
}

const char *skel_testbed_dir(const skel_testbed *tb)
{
    return tb->dir;
}

unsigned skel_testbed_nhosts(const skel_testbed *tb)
{
    return tb ? tb->st.cfg.nhosts : 0;
}

const struct skel_testbed_host *skel_testbed_host(const skel_testbed *tb, unsigned id)
{
    if (tb == NULL || id < 1 || id > tb->st.cfg.nhosts)
        return NULL;
    return &tb->host[id - 1];
}

int skel_testbed_is_own_implicit(const skel_testbed *tb)
{
    return tb != NULL && tb->own_implicit;
}

/* ---- status ------------------------------------------------------------- */

struct desc {
    char *buf;
    size_t len, cap;
};

static void out(struct desc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(struct desc *d, const char *fmt, ...)
{
    if (d->len >= d->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(d->buf + d->len, d->cap - d->len, fmt, ap);
    va_end(ap);
    if (w > 0)
        d->len += (size_t)w < d->cap - d->len ? (size_t)w : d->cap - d->len - 1;
}

static void describe_one(void *arg, const char *name, const struct skel_testbed_state *st)
{
    struct desc *d = arg;
    if (st == NULL) {
        out(d, "testbed '%s': its state file cannot be read (skel testbed down --name %s)\n", name,
            name);
        return;
    }
    skel_testbed tb;
    memset(&tb, 0, sizeof tb);
    tb.st = *st;
    fill_hosts(&tb);
    int alive = owner_alive(st->owner, st->owner_start);
    char cg[PATH_MAX + 8];
    skel_cgroups_format(&st->cgroups, cg, sizeof cg);
    char how[96] = "";
    if (st->cfg.implicit && alive)
        snprintf(how, sizeof how, ", brought up implicitly by a running command (process %d)",
                 (int)st->owner);
    else if (st->cfg.implicit)
        snprintf(how, sizeof how, ", stale (its implicit owner is gone)");
    out(d, "testbed '%s': %u hosts on bridge %s (%s/24), cgroups %s, %s%s\n", name, st->cfg.nhosts,
        tb.bridge, tb.bridge_ip, cg, st->complete ? "up" : "incomplete", how);
    out(d, "  %-5s %-9s %-12s %-6s %-8s %-10s %-5s %s\n", "host", "netns", "address", "cpu",
        "cores", "link", "slots", "processes");
    for (unsigned i = 1; i <= st->cfg.nhosts; i++) {
        const struct skel_testbed_host *h = &tb.host[i - 1];
        char cores[64], rate[32], cpu[16];
        skel_cgroups_format_cores(h->cores, cores, sizeof cores);
        skel_testbed_format_rate(h->link_bps, rate, sizeof rate);
        if (h->cpu > 0)
            snprintf(cpu, sizeof cpu, "%.2f", h->cpu);
        else
            snprintf(cpu, sizeof cpu, "full");
        out(d, "  %-5u %-9s %-12s %-6s %-8s %-10s %-5u %u\n", i,
            netns_exists(st->index, i) ? h->netns : "MISSING", h->addr, cpu, cores, rate, h->slots,
            skel_cgroups_count(&st->cgroups, st->index, i));
    }
    char thr[4096];
    if (skel_throttle_describe(&tb, thr, sizeof thr) == SKEL_OK && thr[0] != '\0')
        out(d, "%s", thr);
    skel_clear_error();
}

int skel_testbed_describe(char *buf, size_t buflen)
{
    struct desc d = {.buf = buf, .cap = buflen};
    buf[0] = '\0';
    each_instance(describe_one, &d);
    if (d.len == 0)
        out(&d, "no testbed is up (state directory %s)\n", skel_testbed_state_dir());
    struct claimed *c = calloc(1, sizeof *c);
    if (c == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    unsigned char found[256];
    int legacy;
    each_instance(claim, c);
    find_orphans(c, found, &legacy);
    free(c);
    for (unsigned x = 1; x < 256; x++)
        if (found[x])
            out(&d,
                "orphans: objects of testbed index %u (skbr%u, sk%uh*, skel%u) belong to no "
                "testbed known here: 'skel testbed down --orphans' removes them\n",
                x, x, x, x);
    if (legacy)
        out(&d, "orphans: objects of an older Skel (skh*, skv*, skbr0, skel_skh*): 'skel testbed "
                "down --orphans' removes them\n");
    return SKEL_OK;
}
