/* nodeset.h - node sets: the hosts, each with a number of MPI slots, that a
 * program runs on.  Read from a Hydra hostfile, a Slurm allocation, a
 * node-set XML file (one set, or a list of named candidate sets for
 * `skel select --candidates`), the emulated testbed, or "local".
 *
 * Ownership: every constructor below allocates a struct skel_nodeset_list
 * (a single set is a list of one) that the caller frees with
 * skel_nodeset_list_free(); the sets, nodes and strings inside belong to the
 * list and are read-only for the caller.  Inputs are untrusted: every reader
 * is bounds-checked and reports "source:line: what was expected".
 *
 * Spec strings accepted by skel_nodeset_resolve():
 *   local                 this machine, no namespaces (slots = online CPUs)
 *   testbed               every host of the current emulated testbed
 *   testbed:1,3           those testbed hosts, with their own slot counts
 *   testbed:1:2,2:2       those hosts with 2 slots each (host:slots)
 *   slurm                 the allocation in SLURM_JOB_NODELIST / SLURM_TASKS_PER_NODE
 *   PATH                  a node-set XML file (first non-blank byte '<') or
 *                         a hostfile; PATH#NAME picks one set of a list
 */
#ifndef SKEL_NODESET_H
#define SKEL_NODESET_H

#include <stddef.h>

#include "testbed.h"

#define SKEL_NODESET_MAX_NODES 65536
#define SKEL_NODESET_MAX_SLOTS 4096

enum skel_nodeset_kind {
    SKEL_NODESET_LOCAL,   /* this machine; launched with mpiexec's fork launcher */
    SKEL_NODESET_HOSTS,   /* real hosts; mpiexec -hosts (Hydra's own launcher, ssh) */
    SKEL_NODESET_TESTBED, /* emulated hosts; mpiexec -launcher rsh via skel-nsexec */
    SKEL_NODESET_SLURM,   /* a Slurm allocation; launched with srun */
};

struct skel_node {
    char *name;          /* host name or address; "10.77.0.N" for testbed host N */
    unsigned slots;      /* 1..SKEL_NODESET_MAX_SLOTS */
    unsigned testbed_id; /* testbed host number, 0 for a real host */
    unsigned line;       /* line in the source file, 0 if not from a file */
};

struct skel_nodeset {
    char *name; /* the set's name ("hostfile", "slurm", "testbed", "local" when unnamed) */
    enum skel_nodeset_kind kind;
    size_t nnodes;
    struct skel_node *nodes;
    unsigned line;
};

struct skel_nodeset_list {
    char *source; /* file name or description, for messages */
    size_t nsets;
    struct skel_nodeset *sets;
};

void skel_nodeset_list_free(struct skel_nodeset_list *list);

/* Node-set XML (schema runtime/nodeset.rng), from memory or a file. */
int skel_nodeset_parse_xml(const char *buf, size_t len, const char *source,
                           struct skel_nodeset_list **out);
/* Hydra hostfile: "host[:slots]" per line, '#' starts a comment. */
int skel_nodeset_parse_hostfile(const char *buf, size_t len, const char *source,
                                struct skel_nodeset_list **out);
/* A file of either kind (XML if its first non-blank byte is '<'). */
int skel_nodeset_load(const char *path, struct skel_nodeset_list **out);

/* Slurm: expand a node list such as "node[01-04,07],gpu[1-2]-ib" into names
 * (caller frees each and the array with skel_nodeset_names_free()). */
int skel_nodeset_slurm_expand(const char *nodelist, char ***names, size_t *n);
void skel_nodeset_names_free(char **names, size_t n);
/* Slurm: expand SLURM_TASKS_PER_NODE ("2(x3),1") into nnodes slot counts. */
int skel_nodeset_slurm_tasks(const char *tasks, size_t nnodes, unsigned *slots);
/* Slurm: both at once; kind SLURM. */
int skel_nodeset_from_slurm(const char *nodelist, const char *tasks,
                            struct skel_nodeset_list **out);

/* The current testbed's hosts; selection is NULL (all) or "1,3" or "1:2,3:1". */
int skel_nodeset_from_testbed(const skel_testbed *tb, const char *selection,
                              struct skel_nodeset_list **out);
/* This machine with the given number of slots (0: online CPUs). */
int skel_nodeset_local(unsigned slots, struct skel_nodeset_list **out);

/* Any spec string (see the top of this file); tb may be NULL when the spec
 * does not name the testbed (testbed hosts in a file are then checked
 * against a testbed only later, by skel_nodeset_check_testbed()).  A file
 * with several sets needs PATH#NAME; the result is always a list of one. */
int skel_nodeset_resolve(const char *spec, const skel_testbed *tb, struct skel_nodeset_list **out);
/* 1 if spec names the testbed ("testbed" or "testbed:...") */
int skel_nodeset_spec_is_testbed(const char *spec);
/* Highest testbed host number a spec needs (0 if unknown, e.g. "testbed"). */
unsigned skel_nodeset_spec_testbed_hosts(const char *spec);
/* Highest testbed host number a set uses (0 if none). */
unsigned skel_nodeset_max_testbed_id(const struct skel_nodeset *set);

/* The set named name, or NULL. */
const struct skel_nodeset *skel_nodeset_find(const struct skel_nodeset_list *list,
                                             const char *name);
/* Total slots of a set. */
unsigned long skel_nodeset_slots(const struct skel_nodeset *set);
/* Check that every testbed host of set exists in a testbed of nhosts hosts;
 * SKEL_ERANGE naming source and line otherwise. */
int skel_nodeset_check_testbed(const struct skel_nodeset *set, const char *source, unsigned nhosts);
/* Serialise a list as node-set XML (malloc'd, caller frees). */
int skel_nodeset_format_xml(const struct skel_nodeset_list *list, char **out);

#endif
