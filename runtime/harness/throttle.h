/* throttle.h - every throttle applied to a testbed, recorded in one place.
 *
 * A throttle slows testbed hosts down on purpose: a bandwidth limit on a
 * host's link (tbf, handle 7a2:) or competitor processes on its cores (in
 * the cgroup compete.<pid> of the host).  Sharing scenarios apply them
 * (scenario.h), always through here: each is recorded before it is applied,
 * one record per owner process, in the testbed's state directory:
 *
 *     <state dir>/testbed-<name>/throttle.<pid>
 *       skel-throttle 1
 *       owner PID START            (process id and start time, clock ticks)
 *       command skel run           (what the owner is, for messages)
 *       name link-one              (the scenario)
 *       scope private              (or shared)
 *       link 1 10000000            (host, rate in bit/s; one line per link)
 *       cgroup 2                   (a host with competitors)
 *       competitor 4242 456801     (pid and start time)
 *
 * Before any run on the testbed, skel_throttle_prepare() undoes what a
 * dead owner left (a SIGKILLed `skel run --scenario`: its links stay
 * limited otherwise, and the next run is slowed without a word), resets
 * scenario qdiscs no record accounts for, removes run.<pid> and
 * compete.<pid> cgroups of processes that are gone - and refuses to measure
 * on a host that a live throttle of another process slows when that
 * throttle is private (applied by another `skel run`, validate, select or
 * calibrate for its own measurement), naming it.  Shared throttles
 * (`skel testbed share`, applied for others to run under) are reported
 * instead.
 *
 * Ownership: skel_throttle_begin() allocates a handle that exactly one
 * skel_throttle_end() undoes and frees.  The handle uses the testbed handle
 * given to begin: keep that open until the end.
 */
#ifndef SKEL_THROTTLE_H
#define SKEL_THROTTLE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "testbed.h"

enum skel_throttle_scope {
    SKEL_THROTTLE_PRIVATE, /* for the owner's own measurement: others may not measure beside it */
    SKEL_THROTTLE_SHARED,  /* for others to run under (`skel testbed share`) */
};

typedef struct skel_throttle skel_throttle;

/* Start a record for this process (one at a time per process and testbed).
 * Sweeps first (skel_throttle_sweep); SKEL_ESTATE, naming it, when another
 * live process has a throttle on the testbed (one scenario at a time). */
int skel_throttle_begin(const skel_testbed *tb, const char *name, enum skel_throttle_scope scope,
                        skel_throttle **out);

/* Limit host's link to bps (recorded first, then applied). */
int skel_throttle_link(skel_throttle *t, unsigned host, uint64_t bps);
/* The cgroup for competitors on host (recorded, then created); its name. */
int skel_throttle_cgroup(skel_throttle *t, unsigned host, const char **sub);
/* A competitor pid started on host: recorded, then moved into the cgroup. */
int skel_throttle_competitor(skel_throttle *t, unsigned host, pid_t pid);
size_t skel_throttle_competitors(const skel_throttle *t, const pid_t **pids);

/* Undo everything recorded (competitors killed, cgroups removed, links put
 * back to the testbed's own rate), remove the record, free (NULL is fine).
 * Returns the first error; still undoes what it can. */
int skel_throttle_end(skel_throttle *t);

/* Undo the records of dead owners, reset unaccounted scenario qdiscs, remove
 * run./compete. cgroups of processes that are gone.  *undone (may be NULL)
 * counts what was undone. */
int skel_throttle_sweep(const skel_testbed *tb, unsigned *undone);

/* Before a run on hosts[0..nhosts) (NULL: all hosts) of tb: sweep, then
 * refuse (SKEL_ESTATE) when a live private throttle of another process
 * slows one of them - the message names the host, what slows it, the
 * scenario and the process.  Live shared throttles on them are described
 * in note (may be NULL; "" when none). */
int skel_throttle_prepare(const skel_testbed *tb, const unsigned *hosts, size_t nhosts, char *note,
                          size_t notelen);

/* The records of tb, one line each, with their owners' liveness (status). */
int skel_throttle_describe(const skel_testbed *tb, char *buf, size_t len);

#endif
