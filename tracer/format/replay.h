/* replay.h - a whole trace, all ranks merged into one stream of events in an
 * order consistent with happens-before, with every message matched to the
 * send it came from and every collective gathered with all its members.
 *
 * Matching follows MPI's rules: per communicator, source, destination and
 * tag, messages are received in the order they were sent, by receives in the
 * order they were posted (receives naming their source and tag take their
 * place in the channel when posted; wildcard receives when they complete,
 * since only then is the source known).  Sends never wait (the replay
 * assumes enough buffering), so it delivers:
 *   - a point-to-point send as soon as its rank reaches it;
 *   - an event that receives messages (Recv, Sendrecv, Probe, Mprobe, a
 *     Wait/Test completing receive requests) after all its sends;
 *   - a blocking collective as one group holding every member's event, once
 *     all members reached it; a nonblocking collective's completion after
 *     every member posted it.
 * Among ready events the one that started earliest (in rank 0's clock, after
 * the clock offsets of the metadata) comes first, so the merge is also
 * approximately in physical time.
 *
 * Memory: one rank reader each, plus the messages sent and not yet received
 * and the collectives not yet complete - never the whole trace.
 *
 * Threads: on a machine with more than one processor and for at most 64
 * ranks, each rank's reader decodes ahead in a thread of its own
 * (prefetch.h), three batches of 256-8192 events per rank (at most ~9.4 MB
 * in all), so that decoding overlaps matching; SKEL_REPLAY_THREADS=0 reads in
 * the caller's thread, =1 uses threads whatever the machine.  The items are
 * the same either way.  The caller may read a rank's tables through
 * skel_replay_reader() meanwhile (reader.h).
 *
 * Ownership: skel_replay_open() allocates; skel_replay_close() frees.  The
 * item filled by skel_replay_next(), and everything it points to, is valid
 * until the next skel_replay_next() call.  The trace must outlive the replay.
 */
#ifndef SKEL_REPLAY_H
#define SKEL_REPLAY_H

#include <stdint.h>

#include "trace.h"

/* A message matched to the event that received it. */
typedef struct skel_msg {
    uint32_t src;        /* sending rank */
    uint64_t send_seq;   /* index of the send event in the sender's stream */
    uint64_t send_start; /* the send event's times (sender's clock) */
    uint64_t send_end;
    uint32_t dst; /* receiving rank */
    int32_t tag;
    uint64_t bytes;      /* bytes the sender sent */
    uint32_t completion; /* index in the receiving event's complete[], or UINT32_MAX */
    uint8_t peek;        /* a probe: the message is seen, not taken */
} skel_msg;

/* One member of a collective. */
typedef struct skel_coll_member {
    uint32_t rank;
    const skel_event *ev;    /* blocking collective: the member's event;
                                nonblocking: the member's posting event is gone, NULL */
    uint64_t seq;            /* index of the (posting) event in the member's stream */
    uint64_t t_start, t_end; /* its times (member's clock) */
} skel_coll_member;

typedef struct skel_replay_item {
    uint32_t rank;        /* the event's rank; for a collective group, the first member */
    const skel_event *ev; /* the event; for a group, the first member's */
    uint32_t nmsg;        /* messages this event received */
    const skel_msg *msg;
    uint32_t ncoll;               /* > 0: the event completes collective instance coll_id (for a
                                     Wait completing several nonblocking collectives, the
                                     last of them), and */
    const skel_coll_member *coll; /* these are all its members */
    uint64_t coll_id;             /* unique per collective instance in the trace */
    uint8_t group;                /* 1: a blocking collective delivered as one group of ncoll
                                     events (coll[i].ev); 0: a single event */
} skel_replay_item;

typedef struct skel_replay skel_replay;

int skel_replay_open(const skel_trace *t, skel_replay **out);
void skel_replay_close(skel_replay *rp);

/* 1 and *item filled; 0 when every rank ended and everything matched; a
 * negative code on damage in a rank file (passed through) or when the trace
 * cannot be completed (SKEL_EFORMAT: a receive whose send never comes, a
 * collective some member never reaches, messages never received...), with a
 * detail naming the rank, the event and what it waits for. */
int skel_replay_next(skel_replay *rp, skel_replay_item *item);

/* The rank's local time t in rank 0's clock: the offset estimated at
 * MPI_Init (metadata), 0 for ranks on rank 0's host.  Drift between the
 * MPI_Init and MPI_Finalize estimates is not corrected. */
uint64_t skel_replay_global_time(const skel_replay *rp, uint32_t rank, uint64_t t);

/* Statistics after the end: messages matched, collective instances, and
 * requests still pending at the end (created, never completed or freed). */
typedef struct skel_replay_stats {
    uint64_t events;
    uint64_t messages;
    uint64_t collectives;
    uint64_t pending_requests;
    uint64_t unmatched_sends; /* messages sent and never received */
    uint64_t coll_instances;  /* collective instances held at once, at most (the memory
                                 follows the collectives in flight, not the trace) */
    uint64_t channels;        /* (communicator, source, destination, tag) channels held at
                                 once, at most */
} skel_replay_stats;
void skel_replay_stats_of(const skel_replay *rp, skel_replay_stats *st);

/* The reader of a rank, for its tables (communicators, sites...). */
const skel_rank_reader *skel_replay_reader(const skel_replay *rp, uint32_t rank);

#endif
