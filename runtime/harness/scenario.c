/* scenario.c - sharing scenarios: parse, apply onto the testbed, undo. */
#include "scenario.h"

#include "afile.h"
#include "error.h"
#include "proc.h"
#include "throttle.h"
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

/* ---- apply / remove ----------------------------------------------------- */

struct skel_scenario_applied {
    skel_throttle *t;
    pid_t pgid;
};

void skel_scenario_plan(const struct skel_scenario *sc, unsigned nhosts,
                        unsigned procs[SKEL_TESTBED_MAX_HOSTS + 1],
                        uint64_t bps[SKEL_TESTBED_MAX_HOSTS + 1])
{
    memset(procs, 0, (SKEL_TESTBED_MAX_HOSTS + 1) * sizeof *procs);
    memset(bps, 0, (SKEL_TESTBED_MAX_HOSTS + 1) * sizeof *bps);
    if (nhosts > SKEL_TESTBED_MAX_HOSTS)
        nhosts = SKEL_TESTBED_MAX_HOSTS;
    for (size_t i = 0; i < sc->ncpu; i++)
        for (unsigned h = 1; h <= nhosts; h++)
            if (sc->cpu[i].host == h || sc->cpu[i].host == SKEL_SCENARIO_ALL_HOSTS)
                procs[h] += sc->cpu[i].processes;
    for (size_t i = 0; i < sc->nlink; i++)
        for (unsigned h = 1; h <= nhosts; h++)
            if (sc->link[i].host == h || sc->link[i].host == SKEL_SCENARIO_ALL_HOSTS)
                bps[h] = sc->link[i].bps;
}

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

static int apply(const struct skel_scenario *sc, const skel_testbed *tb,
                 enum skel_throttle_scope scope, skel_scenario_applied **out)
{
    int rc;
    unsigned nh = skel_testbed_nhosts(tb);
    unsigned procs[SKEL_TESTBED_MAX_HOSTS + 1];
    uint64_t bps[SKEL_TESTBED_MAX_HOSTS + 1];

    *out = NULL;
    if (tb == NULL)
        return skel_fail(SKEL_ENOTFOUND,
                         "scenario '%s' needs the emulated testbed (run 'skel "
                         "testbed up')",
                         sc->name);
    if ((rc = skel_scenario_check(sc, "scenario", nh)) != SKEL_OK)
        return rc;
    skel_scenario_plan(sc, nh, procs, bps);
    skel_scenario_applied *ap = calloc(1, sizeof *ap);
    if (ap == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    /* Every throttle is recorded before it is applied (throttle.h). */
    if ((rc = skel_throttle_begin(tb, sc->name, scope, &ap->t)) != SKEL_OK)
        goto fail;
    for (unsigned h = 1; h <= nh; h++)
        if (bps[h] != 0 && (rc = skel_throttle_link(ap->t, h, bps[h])) != SKEL_OK)
            goto fail;
    for (unsigned h = 1; h <= nh; h++) {
        if (procs[h] == 0)
            continue;
        const char *sub;
        if ((rc = skel_throttle_cgroup(ap->t, h, &sub)) != SKEL_OK)
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
            if ((rc = skel_throttle_competitor(ap->t, h, pid)) != SKEL_OK)
                goto fail;
        }
    }
    *out = ap;
    return SKEL_OK;
fail : {
    char detail[1024];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    skel_scenario_remove(ap);
    return skel_fail(rc, "scenario '%s': %s", sc->name, detail);
}
}

int skel_scenario_apply(const struct skel_scenario *sc, const skel_testbed *tb,
                        skel_scenario_applied **out)
{
    return apply(sc, tb, SKEL_THROTTLE_PRIVATE, out);
}

int skel_scenario_share(const struct skel_scenario *sc, const skel_testbed *tb,
                        skel_scenario_applied **out)
{
    return apply(sc, tb, SKEL_THROTTLE_SHARED, out);
}

int skel_scenario_remove(skel_scenario_applied *ap)
{
    if (ap == NULL)
        return SKEL_OK;
    if (ap->pgid > 0)
        kill(-ap->pgid, SIGKILL);
    int rc = skel_throttle_end(ap->t);
    free(ap);
    return rc;
}

size_t skel_scenario_competitors(const skel_scenario_applied *ap, const pid_t **pids)
{
    if (ap == NULL) {
        *pids = NULL;
        return 0;
    }
    return skel_throttle_competitors(ap->t, pids);
}
