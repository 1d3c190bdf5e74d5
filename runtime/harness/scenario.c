/* scenario.c - sharing scenarios: parse, apply onto the testbed, undo. */
#include "scenario.h"

#include "afile.h"
#include "error.h"
#include "proc.h"
#include "xmldoc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern const unsigned char skel_schema_scenario[];
extern const size_t skel_schema_scenario_len;

#define STATE_MAGIC "skel-scenario 1"

/* ---- parsing ------------------------------------------------------------ */

static void scenario_clear(struct skel_scenario *s)
{
    free(s->name);
    free(s->description);
    free(s->cpu);
    free(s->link);
}

void skel_scenario_list_free(struct skel_scenario_list *list)
{
    if (list == NULL)
        return;
    for (size_t i = 0; i < list->n; i++)
        scenario_clear(&list->v[i]);
    free(list->v);
    free(list->source);
    free(list);
}

/* A positiveInteger the schema accepted, bounded to [1, max]. */
static int bounded_uint(const char *v, unsigned max, unsigned *out)
{
    const char *p = v;
    unsigned long long val = 0;
    size_t digits = 0;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '+')
        p++;
    while (*p == '0' && isdigit((unsigned char)p[1]))
        p++;
    for (; isdigit((unsigned char)*p); p++, digits++)
        if (digits < 12)
            val = val * 10 + (unsigned)(*p - '0');
    while (isspace((unsigned char)*p))
        p++;
    if (*p != '\0' || digits == 0 || digits > 12 || val < 1 || val > max)
        return -1;
    *out = (unsigned)val;
    return 0;
}

static int parse_host(const xmlNode *n, const char *source, unsigned *host)
{
    char *v = skel_xmldoc_attr(n, "host");
    int rc = SKEL_OK;
    if (v == NULL)
        return skel_fail(SKEL_ESCHEMA, "%s:%u: missing attribute 'host'", source,
                         skel_xmldoc_line(n));
    char *t = v;
    while (isspace((unsigned char)*t))
        t++;
    if (strncmp(t, "all", 3) == 0)
        *host = SKEL_SCENARIO_ALL_HOSTS;
    else if (bounded_uint(v, 253, host) != 0)
        rc = skel_fail(SKEL_ERANGE, "%s:%u: host=\"%s\": expected 'all' or a testbed host 1..253",
                       source, skel_xmldoc_line(n), v);
    free(v);
    return rc;
}

/* One <scenario> into the list ctx. */
static int parse_scenario(void *ctx, const xmlNode *el, const char *source)
{
    struct skel_scenario_list *l = ctx;
    struct skel_scenario *v = realloc(l->v, (l->n + 1) * sizeof *v);
    if (v == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    l->v = v;
    struct skel_scenario *s = &v[l->n];
    memset(s, 0, sizeof *s);
    l->n++;
    s->line = skel_xmldoc_line(el);
    if ((s->name = skel_xmldoc_attr(el, "name")) == NULL)
        return skel_fail(SKEL_ESCHEMA, "%s:%u: scenario without a name", source, s->line);
    for (size_t i = 0; i + 1 < l->n; i++)
        if (strcmp(l->v[i].name, s->name) == 0)
            return skel_fail(SKEL_EFORMAT, "%s:%u: scenario '%s' is already defined at line %u",
                             source, s->line, s->name, l->v[i].line);
    for (const xmlNode *n = el->children; n != NULL; n = n->next) {
        int rc;
        unsigned line = skel_xmldoc_line(n);
        if (skel_xmldoc_is(n, "description")) {
            xmlChar *c = xmlNodeGetContent(n);
            free(s->description);
            s->description = c ? strdup((const char *)c) : NULL;
            xmlFree(c);
        } else if (skel_xmldoc_is(n, "cpu")) {
            struct skel_scenario_cpu c = {.line = line};
            char *p = skel_xmldoc_attr(n, "processes");
            if ((rc = parse_host(n, source, &c.host)) != SKEL_OK) {
                free(p);
                return rc;
            }
            if (p == NULL || bounded_uint(p, SKEL_SCENARIO_MAX_PROCESSES, &c.processes) != 0) {
                rc = skel_fail(SKEL_ERANGE, "%s:%u: processes=\"%s\" is out of range [1, %d]",
                               source, line, p ? p : "", SKEL_SCENARIO_MAX_PROCESSES);
                free(p);
                return rc;
            }
            free(p);
            struct skel_scenario_cpu *nc = realloc(s->cpu, (s->ncpu + 1) * sizeof *nc);
            if (nc == NULL)
                return skel_fail(SKEL_ENOMEM, "out of memory");
            s->cpu = nc;
            s->cpu[s->ncpu++] = c;
        } else if (skel_xmldoc_is(n, "bandwidth")) {
            struct skel_scenario_link k = {.line = line};
            if ((rc = parse_host(n, source, &k.host)) != SKEL_OK)
                return rc;
            char *r = skel_xmldoc_attr(n, "rate");
            if (r == NULL)
                return skel_fail(SKEL_ESCHEMA, "%s:%u: missing attribute 'rate'", source, line);
            /* The schema allows surrounding blanks in a token. */
            char *t = r;
            while (isspace((unsigned char)*t))
                t++;
            size_t tl = strlen(t);
            while (tl > 0 && isspace((unsigned char)t[tl - 1]))
                t[--tl] = '\0';
            rc = skel_testbed_parse_rate(t, &k.bps);
            free(r);
            if (rc != SKEL_OK)
                return skel_fail_context(rc, "%s:%u", source, line);
            for (size_t i = 0; i < s->nlink; i++)
                if (s->link[i].host == k.host || s->link[i].host == SKEL_SCENARIO_ALL_HOSTS ||
                    k.host == SKEL_SCENARIO_ALL_HOSTS)
                    return skel_fail(SKEL_EFORMAT,
                                     "%s:%u: a second bandwidth limit on the same "
                                     "link (first at line %u)",
                                     source, line, s->link[i].line);
            struct skel_scenario_link *nk = realloc(s->link, (s->nlink + 1) * sizeof *nk);
            if (nk == NULL)
                return skel_fail(SKEL_ENOMEM, "out of memory");
            s->link = nk;
            s->link[s->nlink++] = k;
        }
    }
    return SKEL_OK;
}

int skel_scenario_parse(const char *buf, size_t len, const char *source,
                        struct skel_scenario_list **out)
{
    static const struct skel_xmldoc_hint hints[] = {
        {"scenarios", "<scenarios version=\"1\"> holding one or more <scenario> elements"},
        {"scenario", "<scenario name=\"NAME\"> holding <description>, <cpu> and <bandwidth> "
                     "elements"},
        {"cpu", "<cpu host=\"N|all\" processes=\"K\"/>"},
        {"bandwidth", "<bandwidth host=\"N|all\" rate=\"R\"/>, R like 10mbit, 1.5gbit, 64000"},
        {NULL, NULL}};
    *out = NULL;
    struct skel_scenario_list *l = calloc(1, sizeof *l);
    if (l == NULL || (l->source = strdup(source)) == NULL) {
        free(l);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    int rc = skel_xmldoc_each(buf, len, source, skel_schema_scenario, skel_schema_scenario_len,
                              hints, "scenario", parse_scenario, l);
    if (rc != SKEL_OK) {
        skel_scenario_list_free(l);
        return rc;
    }
    *out = l;
    return SKEL_OK;
}

int skel_scenario_load(const char *path, struct skel_scenario_list **out)
{
    char *buf = NULL;
    size_t len = 0;
    *out = NULL;
    int rc = skel_read_file(path, SKEL_XMLDOC_MAX_BYTES, &buf, &len);
    if (rc == SKEL_OK)
        rc = skel_scenario_parse(buf, len, path, out);
    free(buf);
    return rc;
}

const struct skel_scenario *skel_scenario_find(const struct skel_scenario_list *list,
                                               const char *name)
{
    for (size_t i = 0; list != NULL && i < list->n; i++)
        if (strcmp(list->v[i].name, name) == 0)
            return &list->v[i];
    return NULL;
}

unsigned skel_scenario_max_host(const struct skel_scenario *sc)
{
    unsigned m = 0;
    for (size_t i = 0; i < sc->ncpu; i++)
        if (sc->cpu[i].host > m)
            m = sc->cpu[i].host;
    for (size_t i = 0; i < sc->nlink; i++)
        if (sc->link[i].host > m)
            m = sc->link[i].host;
    return m;
}

int skel_scenario_check(const struct skel_scenario *sc, const char *source, unsigned nhosts)
{
    for (size_t i = 0; i < sc->ncpu; i++)
        if (sc->cpu[i].host > nhosts)
            return skel_fail(SKEL_ERANGE,
                             "%s:%u: scenario '%s': testbed host %u does not exist "
                             "(the testbed has hosts 1..%u)",
                             source, sc->cpu[i].line, sc->name, sc->cpu[i].host, nhosts);
    for (size_t i = 0; i < sc->nlink; i++)
        if (sc->link[i].host > nhosts)
            return skel_fail(SKEL_ERANGE,
                             "%s:%u: scenario '%s': testbed host %u does not exist "
                             "(the testbed has hosts 1..%u)",
                             source, sc->link[i].line, sc->name, sc->link[i].host, nhosts);
    return SKEL_OK;
}

/* ---- state records ------------------------------------------------------ */

struct record {
    pid_t owner;
    unsigned long long owner_start;
    char name[80];
    unsigned char link[SKEL_TESTBED_MAX_HOSTS + 1];   /* hosts whose link is shaped */
    unsigned char cgroup[SKEL_TESTBED_MAX_HOSTS + 1]; /* hosts with compete.<owner> */
    size_t ncomp;
    pid_t *comp;
    unsigned long long *comp_start;
};

struct skel_scenario_applied {
    const skel_testbed *tb;
    struct record rec;
    pid_t pgid;
    char path[PATH_MAX];
    int written;
};

static void record_free(struct record *r)
{
    free(r->comp);
    free(r->comp_start);
    r->comp = NULL;
    r->comp_start = NULL;
    r->ncomp = 0;
}

static int record_write(const char *path, const struct record *r)
{
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return skel_fail_context(rc, "writing the scenario state");
    FILE *f = skel_afile_stream(af);
    fprintf(f, "%s\n# written by skel; undone by the next scenario apply or 'skel testbed down'\n",
            STATE_MAGIC);
    fprintf(f, "owner %d %llu\nname %s\n", (int)r->owner, r->owner_start, r->name);
    for (unsigned h = 1; h <= SKEL_TESTBED_MAX_HOSTS; h++) {
        if (r->link[h])
            fprintf(f, "link %u\n", h);
        if (r->cgroup[h])
            fprintf(f, "cgroup %u\n", h);
    }
    for (size_t i = 0; i < r->ncomp; i++)
        fprintf(f, "competitor %d %llu\n", (int)r->comp[i], r->comp_start[i]);
    if ((rc = skel_afile_commit(af)) != SKEL_OK)
        skel_fail_context(rc, "writing the scenario state");
    return rc;
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
            if (strcmp(line, STATE_MAGIC) != 0) {
                rc = skel_fail(SKEL_EFORMAT, "%s:1: expected '%s'", path, STATE_MAGIC);
                break;
            }
        } else if (sscanf(line, "owner %d %llu%n", &pid, &st, &n) == 2 && line[n] == '\0') {
            r->owner = pid;
            r->owner_start = st;
        } else if (strncmp(line, "name ", 5) == 0) {
            size_t nl = strlen(line + 5);
            if (nl >= sizeof r->name)
                nl = sizeof r->name - 1;
            memcpy(r->name, line + 5, nl);
            r->name[nl] = '\0';
        } else if (sscanf(line, "link %u%n", &h, &n) == 1 && line[n] == '\0' && h >= 1 &&
                   h <= SKEL_TESTBED_MAX_HOSTS) {
            r->link[h] = 1;
        } else if (sscanf(line, "cgroup %u%n", &h, &n) == 1 && line[n] == '\0' && h >= 1 &&
                   h <= SKEL_TESTBED_MAX_HOSTS) {
            r->cgroup[h] = 1;
        } else if (sscanf(line, "competitor %d %llu%n", &pid, &st, &n) == 2 && line[n] == '\0' &&
                   pid > 1 && r->ncomp < 4096) {
            pid_t *np = realloc(r->comp, (r->ncomp + 1) * sizeof *np);
            unsigned long long *ns =
                np ? realloc(r->comp_start, (r->ncomp + 1) * sizeof *ns) : NULL;
            if (np)
                r->comp = np;
            if (ns)
                r->comp_start = ns;
            if (np == NULL || ns == NULL) {
                rc = skel_fail(SKEL_ENOMEM, "out of memory");
                break;
            }
            r->comp[r->ncomp] = pid;
            r->comp_start[r->ncomp] = st;
            r->ncomp++;
        } else {
            rc = skel_fail(SKEL_EFORMAT, "%s:%u: unexpected line '%s'", path, ln, line);
            break;
        }
    }
    fclose(f);
    if (rc != SKEL_OK)
        record_free(r);
    return rc;
}

/* Undo what a record describes.  The competitors are killed by pid (only if
 * the start time still matches: pids get reused) and by cgroup. */
static int record_undo(const struct record *r, const skel_testbed *tb)
{
    int rc = SKEL_OK;
    char sub[32];
    snprintf(sub, sizeof sub, "compete.%d", (int)r->owner);
    for (size_t i = 0; i < r->ncomp; i++) {
        if (skel_proc_start_time(r->comp[i]) == r->comp_start[i] && r->comp_start[i] != 0) {
            kill(r->comp[i], SIGKILL);
            /* Our own child: reap it (others are reaped by init). */
            waitpid(r->comp[i], NULL, r->owner == getpid() ? 0 : WNOHANG);
        }
    }
    for (unsigned h = 1; h <= SKEL_TESTBED_MAX_HOSTS; h++) {
        if (r->cgroup[h]) {
            int e = skel_testbed_subgroup_remove(h, sub);
            if (rc == SKEL_OK)
                rc = e;
        }
        if (r->link[h] && tb != NULL && h <= skel_testbed_nhosts(tb)) {
            int e = skel_testbed_link_restore(tb, h);
            if (rc == SKEL_OK)
                rc = e;
        }
    }
    return rc;
}

static int owner_alive(pid_t pid, unsigned long long start)
{
    return pid > 0 && start != 0 && skel_proc_start_time(pid) == start;
}

/* Does the link of host h carry a scenario tbf (handle 7a2:)? */
static int has_scenario_qdisc(unsigned h)
{
    char dev[16], *out = NULL;
    snprintf(dev, sizeof dev, "skv%u", h);
    char *argv[] = {"tc", "qdisc", "show", "dev", dev, NULL};
    int found = 0;
    if (skel_proc_run(argv, 30.0, &out) == SKEL_OK && out != NULL)
        found = strstr(out, " " SKEL_TESTBED_QDISC_SC " ") != NULL;
    free(out);
    skel_clear_error();
    return found;
}

/* Undo stale records; *live_owner gets a live foreign owner, if any. */
static int cleanup_stale(const skel_testbed *tb, unsigned *undone, pid_t *live_owner)
{
    int rc = SKEL_OK;
    unsigned n = 0;
    *live_owner = 0;
    const char *dir = skel_testbed_state_dir();
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        int pid, used = 0;
        if (sscanf(e->d_name, "scenario.%d.state%n", &pid, &used) != 1 || e->d_name[used] != '\0')
            continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
            continue;
        struct record r;
        if (record_read(path, &r) != SKEL_OK) {
            unlink(path); /* unreadable: `skel testbed down` is the remedy for its effects */
            skel_clear_error();
            continue;
        }
        if (r.owner == getpid()) {
            record_free(&r);
            continue;
        }
        if (owner_alive(r.owner, r.owner_start)) {
            *live_owner = r.owner;
            record_free(&r);
            continue;
        }
        int e2 = record_undo(&r, tb);
        if (rc == SKEL_OK)
            rc = e2;
        record_free(&r);
        unlink(path);
        n++;
    }
    if (d != NULL)
        closedir(d);
    /* Scenario qdiscs nobody accounts for (a record lost): put the testbed's
     * own shaping back. */
    if (tb != NULL && *live_owner == 0) {
        for (unsigned h = 1; h <= skel_testbed_nhosts(tb); h++)
            if (has_scenario_qdisc(h)) {
                int e2 = skel_testbed_link_restore(tb, h);
                if (rc == SKEL_OK)
                    rc = e2;
                n++;
            }
    }
    if (undone)
        *undone = n;
    return rc;
}

int skel_scenario_cleanup_stale(const skel_testbed *tb, unsigned *undone)
{
    pid_t live;
    return cleanup_stale(tb, undone, &live);
}

/* ---- apply / remove ----------------------------------------------------- */

static int compete_main(void *arg)
{
    (void)arg;
    prctl(PR_SET_NAME, "skel-compete");
    close_range(3, ~0U, 0); /* hold none of the harness's files, locks or pipes */
    /* A CPU-bound loop with no memory traffic, like the paper's competitors. */
    volatile double x = 1.0;
    for (;;) {
        for (int i = 0; i < 1000000; i++)
            x = x * 1.0000001 + 1e-9;
        if (x > 1e300)
            x = 1.0;
    }
    return 0;
}

int skel_scenario_apply(const struct skel_scenario *sc, const skel_testbed *tb,
                        skel_scenario_applied **out)
{
    int rc;
    pid_t live = 0;
    unsigned nh = skel_testbed_nhosts(tb);
    unsigned procs[SKEL_TESTBED_MAX_HOSTS + 1] = {0};
    uint64_t bps[SKEL_TESTBED_MAX_HOSTS + 1] = {0};

    *out = NULL;
    if (tb == NULL)
        return skel_fail(SKEL_ENOTFOUND,
                         "scenario '%s' needs the emulated testbed (run 'skel "
                         "testbed up')",
                         sc->name);
    if ((rc = skel_scenario_check(sc, "scenario", nh)) != SKEL_OK)
        return rc;
    if ((rc = cleanup_stale(tb, NULL, &live)) != SKEL_OK)
        skel_clear_error(); /* best effort; the apply below reports real problems */
    if (live != 0)
        return skel_fail(SKEL_ESTATE,
                         "process %d has a scenario applied to the testbed; one "
                         "scenario at a time",
                         (int)live);
    /* Plan: competitors and rate per host. */
    for (size_t i = 0; i < sc->ncpu; i++)
        for (unsigned h = 1; h <= nh; h++)
            if (sc->cpu[i].host == h || sc->cpu[i].host == SKEL_SCENARIO_ALL_HOSTS)
                procs[h] += sc->cpu[i].processes;
    for (size_t i = 0; i < sc->nlink; i++)
        for (unsigned h = 1; h <= nh; h++)
            if (sc->link[i].host == h || sc->link[i].host == SKEL_SCENARIO_ALL_HOSTS)
                bps[h] = sc->link[i].bps;

    skel_scenario_applied *ap = calloc(1, sizeof *ap);
    if (ap == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    ap->tb = tb;
    ap->rec.owner = getpid();
    ap->rec.owner_start = skel_proc_start_time(getpid());
    snprintf(ap->rec.name, sizeof ap->rec.name, "%s", sc->name);
    for (unsigned h = 1; h <= nh; h++) {
        ap->rec.link[h] = bps[h] != 0;
        ap->rec.cgroup[h] = procs[h] != 0;
    }
    size_t total = 0;
    for (unsigned h = 1; h <= nh; h++)
        total += procs[h];
    if (total > 0) {
        ap->rec.comp = calloc(total, sizeof *ap->rec.comp);
        ap->rec.comp_start = calloc(total, sizeof *ap->rec.comp_start);
        if (ap->rec.comp == NULL || ap->rec.comp_start == NULL) {
            rc = skel_fail(SKEL_ENOMEM, "out of memory");
            goto fail;
        }
    }
    /* Intent first: a kill from here on leaves a record to undo. */
    if (mkdir(skel_testbed_state_dir(), 0755) != 0 && errno != EEXIST) {
        rc = skel_fail(SKEL_ESYSTEM, "%s: %s", skel_testbed_state_dir(), strerror(errno));
        goto fail;
    }
    snprintf(ap->path, sizeof ap->path, "%s/scenario.%d.state", skel_testbed_state_dir(),
             (int)getpid());
    if ((rc = record_write(ap->path, &ap->rec)) != SKEL_OK)
        goto fail;
    ap->written = 1;
    for (unsigned h = 1; h <= nh; h++)
        if (bps[h] != 0 && (rc = skel_testbed_link_limit(tb, h, bps[h])) != SKEL_OK)
            goto fail;
    char sub[32];
    snprintf(sub, sizeof sub, "compete.%d", (int)getpid());
    for (unsigned h = 1; h <= nh; h++) {
        if (procs[h] == 0)
            continue;
        if ((rc = skel_testbed_subgroup_create(h, sub)) != SKEL_OK)
            goto fail;
        for (unsigned k = 0; k < procs[h]; k++) {
            struct skel_proc_opts o = {.stdin_path = "/dev/null",
                                       .stdout_path = "/dev/null",
                                       .stderr_path = "/dev/null",
                                       .new_pgroup = ap->pgid == 0,
                                       .join_pgroup = ap->pgid,
                                       .death_signal = SIGKILL};
            pid_t pid;
            if ((rc = skel_proc_spawn_fn(compete_main, NULL, &o, &pid)) != SKEL_OK)
                goto fail;
            if (ap->pgid == 0)
                ap->pgid = pid;
            ap->rec.comp[ap->rec.ncomp] = pid;
            ap->rec.comp_start[ap->rec.ncomp] = skel_proc_start_time(pid);
            ap->rec.ncomp++;
            if ((rc = skel_testbed_subgroup_join(h, sub, pid)) != SKEL_OK)
                goto fail;
        }
    }
    if ((rc = record_write(ap->path, &ap->rec)) != SKEL_OK)
        goto fail;
    *out = ap;
    return SKEL_OK;
fail : {
    char detail[1024];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    skel_scenario_remove(ap);
    return skel_fail(rc, "scenario '%s': %s", sc->name, detail);
}
}

int skel_scenario_remove(skel_scenario_applied *ap)
{
    if (ap == NULL)
        return SKEL_OK;
    if (ap->pgid > 0)
        kill(-ap->pgid, SIGKILL);
    int rc = record_undo(&ap->rec, ap->tb);
    if (ap->written && unlink(ap->path) != 0 && errno != ENOENT && rc == SKEL_OK)
        rc = skel_fail(SKEL_EIO, "%s: %s", ap->path, strerror(errno));
    record_free(&ap->rec);
    free(ap);
    return rc;
}

size_t skel_scenario_competitors(const skel_scenario_applied *ap, const pid_t **pids)
{
    *pids = ap ? ap->rec.comp : NULL;
    return ap ? ap->rec.ncomp : 0;
}
