/* netprobe.h - measuring communication cost tables (commtable.h): the
 * one-way time of messages from 0 B to a few MiB, as half the round trip of
 * ping-pongs between two ranks, for the kinds of pairs a node set has
 * (two ranks on one host, ranks on two hosts).
 *
 * The measuring program (runtime/probe/netprobe_mpi.c, installed as
 * skel-netprobe-mpi) is started through a launch function the caller gives,
 * once per kind of pair: `skel netprobe` launches it on a node set with the
 * harness (launch.h); tests can run it any other way.  The program writes
 * its figures to a file that skel_netprobe_measure() then reads.
 *
 * Ownership: the options are read during the call only; rows are added to
 * the caller's table.
 */
#ifndef SKEL_NETPROBE_H
#define SKEL_NETPROBE_H

#include <stddef.h>
#include <stdint.h>

#include "commtable.h"

#define SKEL_NETPROBE_MAX_SIZES 256

/* Run argv (the measuring program and its arguments) on two ranks forming a
 * pair of the given kind; SKEL_OK once it exited with status 0. */
typedef int (*skel_netprobe_launch_fn)(void *ctx, int kind, char *const argv[]);

struct skel_netprobe_opts {
    const char *program; /* path of skel-netprobe-mpi */
    const char *workdir; /* directory for the program's result files */
    uint64_t max_size;   /* largest message (0: 4 MiB) */
    unsigned repeats;    /* round trips per size at most (0: 1000) */
    double seconds;      /* time per size, about (0: 0.2 s); at least 5 round trips */
    unsigned kinds;      /* bit (1 << kind) for each kind of pair to measure */
    skel_netprobe_launch_fn launch;
    void *ctx;
};

/* The sizes measured up to max_size: 0 and every power of two, and halfway
 * points 1.5 * 2^k from 12 bytes (where protocols switch, a straight line
 * between powers of two is too coarse), in increasing order. */
int skel_netprobe_sizes(uint64_t max_size, uint64_t *sizes, size_t cap, size_t *n);

/* Measure each kind of pair in o->kinds and add its rows to t. */
int skel_netprobe_measure(const struct skel_netprobe_opts *o, skel_commtable *t);

/* Read the measuring program's output (docs/predictions.md) into rows of
 * the given kind; errors name the file and line. */
int skel_netprobe_read(const char *text, size_t len, const char *name, int kind, skel_commtable *t);

#endif
