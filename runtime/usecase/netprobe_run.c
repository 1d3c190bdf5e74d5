/* netprobe_run.c - a cost table measured on a node set (netprobe_run.h). */
#include "netprobe_run.h"
#include "scratch.h"

#include "error.h"
#include "netprobe.h"
#include "nodeset.h"
#include "usecase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct probe {
    const struct skel_netprobe_run_opts *o;
    const char *nodes;
    const struct skel_nodeset *set;
    const skel_testbed *tb;
};

/* Nodes of the set for a pair of the kind: one host with two slots, or two hosts. */
static int pick_pair(const struct skel_nodeset *set, int kind, struct skel_node *nodes, size_t *n)
{
    if (kind == SKEL_COMMTABLE_SAME_HOST) {
        for (size_t i = 0; i < set->nnodes; i++)
            if (set->nodes[i].slots >= 2) {
                nodes[0] = set->nodes[i];
                nodes[0].slots = 2;
                *n = 1;
                return SKEL_OK;
            }
        return skel_fail(SKEL_EUSAGE,
                         "node set '%s' has no host with two slots for a same-host pair",
                         set->name);
    }
    for (size_t i = 1; i < set->nnodes; i++)
        if (strcmp(set->nodes[i].name, set->nodes[0].name) != 0) {
            nodes[0] = set->nodes[0];
            nodes[1] = set->nodes[i];
            nodes[0].slots = nodes[1].slots = 1;
            *n = 2;
            return SKEL_OK;
        }
    return skel_fail(SKEL_EUSAGE, "node set '%s' has one host: no cross-host pair", set->name);
}

/* skel_netprobe_launch_fn: the ping-pong program on a pair of the kind. */
static int launch(void *ctx, int kind, char *const argv[])
{
    const struct probe *p = ctx;
    const struct skel_netprobe_run_opts *o = p->o;
    struct skel_node nodes[2];
    size_t n = 0;
    int rc = pick_pair(p->set, kind, nodes, &n);
    if (rc != SKEL_OK)
        return rc;
    struct skel_nodeset pair = {
        .name = p->set->name, .kind = p->set->kind, .nnodes = n, .nodes = nodes};
    struct skel_launch_spec spec = {.nodes = &pair,
                                    .testbed = p->tb,
                                    .nranks = 2,
                                    .argv = argv,
                                    .repeat = 1,
                                    .timeout_s = o->timeout_s > 0 ? o->timeout_s : 600,
                                    .finalize_shim = SKEL_LAUNCH_SHIM_AUTO,
                                    .env = o->env,
                                    .label = p->nodes,
                                    .verbose = o->verbose,
                                    .tools = o->tools,
                                    .stdout_path = o->log,
                                    .stderr_path = o->log};
    skel_usecase_tell(o->note, o->note_arg, "measuring %s pairs (%s%s%s)",
                      skel_commtable_kind_name(kind), nodes[0].name, n > 1 ? " and " : "",
                      n > 1 ? nodes[1].name : "");
    struct skel_launch_result res;
    memset(&res, 0, sizeof res);
    rc = skel_launch_run(&spec, &res);
    skel_launch_result_free(&res);
    return rc;
}

/* The node set, and the testbed when it names testbed hosts (acquired here
 * unless the caller gave one: *tb, *own). */
static int open_set(const struct skel_netprobe_run_opts *o, const char *nodes,
                    struct skel_nodeset_list **sets, skel_testbed **tb, int *own)
{
    int rc, tbspec = skel_nodeset_spec_is_testbed(nodes);
    if (!tbspec && (rc = skel_nodeset_resolve(nodes, NULL, sets)) != SKEL_OK)
        return rc;
    if (!tbspec && (*sets)->sets[0].kind != SKEL_NODESET_TESTBED)
        return SKEL_OK;
    if (*tb == NULL) {
        int implicit = 0;
        unsigned need = tbspec ? skel_nodeset_spec_testbed_hosts(nodes)
                               : skel_nodeset_max_testbed_id(&(*sets)->sets[0]);
        if (geteuid() != 0)
            return skel_fail(SKEL_EUSAGE, "the emulated testbed needs root");
        if ((rc = skel_testbed_acquire(need, tb, &implicit)) != SKEL_OK)
            return rc;
        *own = 1;
        if (implicit)
            skel_usecase_tell(
                o->note, o->note_arg,
                "brought up a testbed with %u hosts for this measurement (it is taken down "
                "at the end)",
                skel_testbed_nhosts(*tb));
    }
    return tbspec ? skel_nodeset_resolve(nodes, *tb, sets) : SKEL_OK;
}

/* The kinds to measure: those asked for, which the set must have. */
static int choose_kinds(const struct skel_netprobe_run_opts *o, const char *nodes,
                        const struct skel_nodeset *set, unsigned *kinds)
{
    unsigned avail = 0;
    struct skel_node tmp[2];
    size_t ntmp;
    for (int k = 0; k < SKEL_COMMTABLE__KINDS; k++)
        if (pick_pair(set, k, tmp, &ntmp) == SKEL_OK)
            avail |= 1u << k;
    skel_clear_error();
    *kinds = o->kind < 0 ? avail : 1u << o->kind;
    if ((*kinds & avail) == *kinds && *kinds != 0)
        return SKEL_OK;
    int rc = pick_pair(set, o->kind >= 0 ? o->kind : SKEL_COMMTABLE_SAME_HOST, tmp, &ntmp);
    return rc != SKEL_OK
               ? rc
               : skel_fail(SKEL_EUSAGE, "node set '%s' has no pair of ranks to measure", nodes);
}

static int write_table(const struct skel_netprobe_run_opts *o, const char *nodes,
                       const skel_commtable *t)
{
    char comment[1024], when[64];
    time_t now = time(NULL);
    struct tm tmv;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S %z", localtime_r(&now, &tmv));
    int off = snprintf(comment, sizeof comment,
                       "Communication cost table measured by skel netprobe on node set '%s',\n"
                       "%s. One-way time = half a ping-pong round trip (ns): fastest and\n"
                       "median of 'repeats' round trips. See docs/predictions.md.",
                       nodes, when);
    for (size_t i = 0;
         o->env != NULL && o->env[i] != NULL && off > 0 && (size_t)off < sizeof comment; i++)
        off += snprintf(comment + off, sizeof comment - (size_t)off, "%s%s",
                        i == 0 ? "\nRanks' environment: " : " ", o->env[i]);
    return skel_commtable_write(t, o->output, comment);
}

int skel_netprobe_run(const struct skel_netprobe_run_opts *o, struct skel_netprobe_run_result *res)
{
    memset(res, 0, sizeof *res);
    const char *nodes = o->nodes != NULL ? o->nodes : "local";
    struct skel_nodeset_list *sets = NULL;
    skel_testbed *tb = o->testbed;
    char workdir[4096];
    int own = 0, have_workdir = 0, rc;
    if (o->output == NULL || o->program == NULL)
        return skel_fail(SKEL_EUSAGE, "netprobe needs the table to write and its program");
    if ((rc = open_set(o, nodes, &sets, &tb, &own)) != SKEL_OK ||
        (rc = choose_kinds(o, nodes, &sets->sets[0], &res->kinds)) != SKEL_OK)
        goto out;
    /* The probe program writes its table there (atomically: a probe
     * interrupted leaves its temporary file, removed with the directory). */
    if ((rc = skel_scratch_make("netprobe", workdir, sizeof workdir)) != SKEL_OK)
        goto out;
    have_workdir = 1;
    if ((rc = skel_commtable_new(o->output, &res->table)) != SKEL_OK)
        goto out;
    struct probe p = {.o = o, .nodes = nodes, .set = &sets->sets[0], .tb = tb};
    struct skel_netprobe_opts po = {.program = o->program,
                                    .workdir = workdir,
                                    .max_size = o->max_size,
                                    .repeats = o->repeats,
                                    .seconds = o->seconds,
                                    .kinds = res->kinds,
                                    .launch = launch,
                                    .ctx = &p};
    if ((rc = skel_netprobe_measure(&po, res->table)) == SKEL_OK)
        rc = write_table(o, nodes, res->table);
out:
    if (own)
        rc = skel_usecase_release(tb, rc);
    if (have_workdir)
        skel_scratch_remove(workdir);
    skel_nodeset_list_free(sets);
    return rc;
}

void skel_netprobe_run_free(struct skel_netprobe_run_result *res)
{
    skel_commtable_free(res->table);
    res->table = NULL;
}
