/* scenario.h - resource-sharing scenarios on the emulated testbed: competing
 * CPU-bound processes on one host or every host, and bandwidth limits on one
 * link or every link (the five scenarios of the paper, section 5.3, are in
 * runtime/scenarios/paper5.xml).
 *
 * Ownership: skel_scenario_parse()/skel_scenario_load() allocate a list the
 * caller frees with skel_scenario_list_free(); the scenarios inside belong to
 * the list.  skel_scenario_apply() returns a handle that must be given to
 * skel_scenario_remove() exactly once, which undoes everything and frees it,
 * whatever happens.  The handle keeps no pointer to the scenario, but it
 * does use the testbed handle given to apply: keep that open until remove.
 *
 * Cleanup guarantee: every throttle a scenario applies is recorded first
 * (throttle.h: links it shapes, cgroups it creates, competitor pids and
 * start times), and competitors die with the harness (PR_SET_PDEATHSIG).  A
 * harness killed with SIGKILL therefore leaves a record that the next run
 * on the testbed (skel_throttle_prepare(), which skel_launch_run() calls),
 * the next apply, or `skel testbed down` undoes.  Competitors are named
 * "skel-compete" (comm) and live in the cgroup skel<X>/h<N>/compete.<harness
 * pid>; tbf qdiscs of scenarios have handle 7a2:.
 */
#ifndef SKEL_SCENARIO_H
#define SKEL_SCENARIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "testbed.h"

#define SKEL_SCENARIO_MAX_PROCESSES 64
#define SKEL_SCENARIO_ALL_HOSTS     0u /* host number meaning "every host" */

struct skel_scenario_cpu {
    unsigned host;      /* testbed host number, or SKEL_SCENARIO_ALL_HOSTS */
    unsigned processes; /* competitors per host, 1..SKEL_SCENARIO_MAX_PROCESSES */
    unsigned line;
};

struct skel_scenario_link {
    unsigned host; /* testbed host number, or SKEL_SCENARIO_ALL_HOSTS */
    uint64_t bps;  /* rate in bit/s */
    unsigned line;
};

struct skel_scenario {
    char *name;
    char *description; /* may be NULL */
    size_t ncpu;
    struct skel_scenario_cpu *cpu;
    size_t nlink;
    struct skel_scenario_link *link;
    unsigned line;
};

struct skel_scenario_list {
    char *source;
    size_t n;
    struct skel_scenario *v;
};

/* Scenario XML (schema runtime/scenario.rng).  Errors: SKEL_EFORMAT (not
 * XML, duplicate names, two limits on one link), SKEL_ESCHEMA (the schema
 * rejects it), SKEL_ERANGE (a number out of range); the detail names the
 * source and line. */
int skel_scenario_parse(const char *buf, size_t len, const char *source,
                        struct skel_scenario_list **out);
int skel_scenario_load(const char *path, struct skel_scenario_list **out);
void skel_scenario_list_free(struct skel_scenario_list *list);
const struct skel_scenario *skel_scenario_find(const struct skel_scenario_list *list,
                                               const char *name);

/* Check that every host the scenario names exists in a testbed of nhosts. */
int skel_scenario_check(const struct skel_scenario *sc, const char *source, unsigned nhosts);

/* Highest host number a scenario names (0 if it names only "all"). */
unsigned skel_scenario_max_host(const struct skel_scenario *sc);

/* What a scenario does to a testbed of nhosts hosts: competitors per host
 * and the link rate per host (0: unchanged), indexed by host number. */
void skel_scenario_plan(const struct skel_scenario *sc, unsigned nhosts,
                        unsigned procs[SKEL_TESTBED_MAX_HOSTS + 1],
                        uint64_t bps[SKEL_TESTBED_MAX_HOSTS + 1]);

typedef struct skel_scenario_applied skel_scenario_applied;

/* Apply sc to the testbed for the caller's own measurement (a private
 * throttle: nobody else measures beside it).  Stale throttles of dead
 * harnesses are undone first; SKEL_ESTATE if another live process has a
 * scenario applied.  On failure, whatever was applied is undone before
 * returning. */
int skel_scenario_apply(const struct skel_scenario *sc, const skel_testbed *tb,
                        skel_scenario_applied **out);
/* The same, shared: for others to run under (`skel testbed share`). */
int skel_scenario_share(const struct skel_scenario *sc, const skel_testbed *tb,
                        skel_scenario_applied **out);

/* Undo and free (NULL is fine).  Returns the first error met while undoing;
 * it still undoes everything it can. */
int skel_scenario_remove(skel_scenario_applied *ap);

/* Competitor process ids of an applied scenario (for tests and status). */
size_t skel_scenario_competitors(const skel_scenario_applied *ap, const pid_t **pids);

#endif
