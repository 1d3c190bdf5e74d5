/* cluster.c - `skel testbed` as library calls (cluster.h). */
#include "cluster.h"

#include "error.h"
#include "proc.h"
#include "scenario.h"
#include "usecase.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Split a comma list into nhosts values, or broadcast a single one: v gets
 * pointers into *buf, which the caller frees. */
static int split_list(const char *opt, const char *arg, unsigned nhosts,
                      char *v[SKEL_TESTBED_MAX_HOSTS], char **buf)
{
    unsigned n = 0;
    if ((*buf = strdup(arg)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    char *save = NULL;
    for (char *t = strtok_r(*buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        if (n == SKEL_TESTBED_MAX_HOSTS)
            return skel_fail(SKEL_EUSAGE, "%s: more values than hosts", opt);
        v[n++] = t;
    }
    if (n != 1 && n != nhosts)
        return skel_fail(SKEL_EUSAGE, "%s: %u values for %u hosts (give one value or one per host)",
                         opt, n, nhosts);
    for (unsigned i = n; i < nhosts; i++)
        v[i] = v[0];
    return SKEL_OK;
}

/* One host's value of the list `which` into cfg. */
static int set_value(int which, const char *item, unsigned i, struct skel_testbed_config *cfg)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    uint64_t v;
    int rc = SKEL_OK;
    switch (which) {
    case 0:
        if (strcmp(item, "full") != 0)
            rc = skel_usecase_parse_double("--cpu", item, 0.0, 64.0, &cfg->cpu[i]);
        break;
    case 1:
        rc = skel_testbed_parse_cores(item, ncpu > 0 ? (unsigned)ncpu : 1, &cfg->cores[i]);
        break;
    case 2:
        if (strcmp(item, "none") != 0)
            rc = skel_testbed_parse_rate(item, &cfg->link_bps[i]);
        break;
    default:
        if ((rc = skel_usecase_parse_u64("--slots", item, 1, 1024, &v)) == SKEL_OK)
            cfg->slots[i] = (unsigned)v;
    }
    return rc;
}

int skel_cluster_config(unsigned nhosts, const struct skel_cluster_lists *l,
                        struct skel_testbed_config *cfg)
{
    const char *const lists[4] = {l->cpu, l->cores, l->link, l->slots};
    static const char *const names[4] = {"--cpu", "--cores", "--link", "--slots"};
    memset(cfg, 0, sizeof *cfg);
    cfg->nhosts = nhosts;
    int rc = SKEL_OK;
    for (int w = 0; w < 4 && rc == SKEL_OK; w++) {
        if (lists[w] == NULL)
            continue;
        char *v[SKEL_TESTBED_MAX_HOSTS], *buf = NULL;
        rc = split_list(names[w], lists[w], nhosts, v, &buf);
        for (unsigned i = 0; i < nhosts && rc == SKEL_OK; i++)
            rc = set_value(w, v[i], i, cfg);
        free(buf);
    }
    return rc;
}

int skel_cluster_up(const struct skel_testbed_config *cfg, int *leftover, char *desc, size_t len)
{
    skel_testbed *tb = NULL;
    desc[0] = '\0';
    int rc = skel_testbed_up(cfg, &tb, leftover);
    if (rc == SKEL_OK && skel_proc_interrupted()) {
        skel_testbed_down(skel_testbed_name(tb), NULL);
        rc = skel_usecase_interrupted();
    } else if (rc == SKEL_OK && skel_testbed_describe(desc, len) != SKEL_OK) {
        desc[0] = '\0';
        skel_clear_error();
    }
    skel_testbed_close(tb);
    return rc;
}

int skel_cluster_share(const struct skel_cluster_share_opts *o, int *removed)
{
    struct skel_scenario_list *list = NULL;
    skel_testbed *tb = NULL;
    skel_scenario_applied *ap = NULL;
    *removed = 0;
    int rc = skel_scenario_load(o->file, &list);
    if (rc != SKEL_OK)
        return rc;
    const struct skel_scenario *sc = skel_scenario_find(list, o->name);
    if (sc == NULL)
        rc = skel_fail(SKEL_ENOTFOUND, "%s: no scenario named '%s'", o->file, o->name);
    else if ((rc = skel_testbed_open(o->testbed, &tb)) == SKEL_OK &&
             (rc = skel_scenario_share(sc, tb, &ap)) == SKEL_OK) {
        const pid_t *pids;
        size_t np = skel_scenario_competitors(ap, &pids);
        if (o->applied != NULL)
            o->applied(o->arg, sc->name, np);
        /* Wait for a signal (or the duration): sleep in short steps. */
        for (double waited = 0;
             !skel_proc_interrupted() && (o->duration_s <= 0 || waited < o->duration_s);
             waited += 0.05)
            usleep(50000);
    }
    int e = skel_scenario_remove(ap);
    if (rc == SKEL_OK)
        rc = e;
    *removed = ap != NULL && e == SKEL_OK;
    skel_testbed_close(tb);
    skel_scenario_list_free(list);
    return rc;
}
