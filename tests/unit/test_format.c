/* test_format.c - the trace format: writer/reader round trip, truncation at
 * every byte, corruption, and the reader's damage reports. */
#include <criterion/criterion.h>

#include "codec.h"
#include "error.h"
#include "reader.h"
#include "trace.h"
#include "writer.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NEV 400

static char dir[] = "/tmp/skel-test-format-XXXXXX";
static char path[256];

static void setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/rank-000001.skt", dir);
}

static void teardown(void)
{
    unlink(path);
    rmdir(dir);
}

/* The i-th event of a deterministic but varied stream: every field kind,
 * requests created and completed, varying peers, sites and threads. */
static void make_event(int i, uint64_t *clock, skel_event *ev, skel_completion *c, uint64_t *reqs,
                       uint64_t *next_req)
{
    skel_event_init(ev);
    static const uint16_t calls[] = {
        SKEL_CALL_MPI_Isend,    SKEL_CALL_MPI_Irecv, SKEL_CALL_MPI_Allreduce, SKEL_CALL_MPI_Waitall,
        SKEL_CALL_MPI_Sendrecv, SKEL_CALL_MPI_Bcast, SKEL_CALL_MPI_Recv,      SKEL_CALL_MPI_Send};
    ev->call = calls[i % 8];
    ev->thread = (i % 50 == 49) ? 1 : 0;
    ev->site = (uint32_t)(i % 5);
    ev->gap_wall = (uint64_t)(1000 + ((int64_t)i * 7919) % 100000);
    ev->gap_cpu = i % 3 == 0 ? ev->gap_wall : ev->gap_wall / 2;
    ev->t_start = *clock + ev->gap_wall;
    ev->t_end = ev->t_start + (uint64_t)(100 + ((int64_t)i * 104729) % 5000);
    *clock = ev->t_end;
    ev->comm = i % 7 == 0 ? 2 : SKEL_COMM_WORLD;
    ev->flags = i % 11 == 0 ? SKEL_EVF_FORTRAN : 0;
    switch (ev->call) {
    case SKEL_CALL_MPI_Isend:
    case SKEL_CALL_MPI_Irecv:
        ev->peer = i % 4;
        ev->tag = i % 13;
        ev->count = 100 + i % 3;
        ev->dtsize = 8;
        ev->bytes = (uint64_t)ev->count * 8;
        ev->req = (*next_req)++;
        reqs[ev->req % 64] = ev->req;
        break;
    case SKEL_CALL_MPI_Waitall: {
        /* Complete the two previous requests (an Isend and an Irecv). */
        uint64_t r = *next_req;
        ev->ncomplete = 2;
        c[0] = (skel_completion){.req = r - 2,
                                 .call = SKEL_CALL_MPI_Isend,
                                 .index = 0,
                                 .src = SKEL_PEER_NONE,
                                 .tag = SKEL_TAG_NONE,
                                 .bytes = 0};
        c[1] = (skel_completion){.req = r - 1,
                                 .call = SKEL_CALL_MPI_Irecv,
                                 .index = 1,
                                 .src = i % 4,
                                 .tag = (i - 2) % 13,
                                 .bytes = 77};
        ev->complete = c;
        break;
    }
    case SKEL_CALL_MPI_Allreduce:
    case SKEL_CALL_MPI_Bcast:
        ev->count = 1 + i % 2;
        ev->dtsize = 8;
        ev->bytes = ev->rbytes = (uint64_t)ev->count * 8;
        ev->op = ev->call == SKEL_CALL_MPI_Allreduce ? SKEL_OP_SUM : SKEL_OP_NONE;
        ev->root = ev->call == SKEL_CALL_MPI_Bcast ? 0 : SKEL_PEER_NONE;
        break;
    case SKEL_CALL_MPI_Sendrecv:
        ev->peer = 2;
        ev->tag = 5;
        ev->peer2 = 0;
        ev->tag2 = 6;
        ev->asrc = 0;
        ev->atag = 6;
        ev->count = 10;
        ev->dtsize = 4;
        ev->bytes = 40;
        ev->rbytes = 40;
        break;
    case SKEL_CALL_MPI_Recv:
        ev->peer = SKEL_PEER_ANY;
        ev->tag = SKEL_TAG_ANY;
        ev->asrc = i % 4;
        ev->atag = i % 3;
        ev->count = 1000;
        ev->dtsize = 1;
        ev->bytes = 1000;
        ev->rbytes = (uint64_t)(i % 1000);
        break;
    default:
        ev->peer = 3;
        ev->tag = 0;
        ev->count = -1; /* odd but representable */
        ev->dtsize = 0;
        if (i % 16 == 7) {
            /* A group (rank files 2.2), members on both sides of rank 1. */
            static const int32_t group[] = {3, 0, 2};
            ev->ngroup = 3;
            ev->group = group;
        }
        break;
    }
}

/* The Waitall above completes the two previous requests only when they are
 * an Isend and an Irecv: calls 0,1 then 3 (Waitall) in each group of 8.
 * write_flags: 0 (through a mapping) or SKEL_WRITER_STREAM. */
static int write_flags;

static void write_trace(size_t bufsize, uint64_t *times)
{
    skel_rank_info info = {.rank = 1,
                           .nranks = 4,
                           .pid = 42,
                           .thread_level = 3,
                           .t_init = 5,
                           .unix_init_ns = 6,
                           .host = "node\"1\n",
                           .mpi_library = "MPICH",
                           .tracer_version = "test"};
    skel_writer *w;
    cr_assert_eq(skel_writer_open(path, &info, bufsize, SKEL_WRITER_OVERWRITE | write_flags, &w),
                 SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_writer_streams(w), write_flags != 0);
    skel_module mod = {.index = 0, .base = 0x1000, .path = "/bin/app"};
    cr_assert_eq(skel_writer_module(w, &mod), SKEL_OK);
    for (uint32_t s = 0; s < 5; s++) {
        skel_site site = {.index = s,
                          .addr = 0x1000 + s * 16,
                          .module = 0,
                          .offset = s * 16,
                          .func = s == 2 ? "solve" : "",
                          .file = "",
                          .line = s,
                          .fortran = s == 3};
        cr_assert_eq(skel_writer_site(w, &site), SKEL_OK, "%s", skel_last_error());
    }
    int32_t members[] = {1, 3};
    int32_t dims[] = {2}, periods[] = {1};
    skel_comm cm = {.index = 2,
                    .gid = 0xabcdef,
                    .parent = 0,
                    .created_by = SKEL_CALL_MPI_Cart_create,
                    .flags = SKEL_COMMF_CART,
                    .size = 2,
                    .members = members,
                    .ndims = 1,
                    .dims = dims,
                    .periods = periods};
    cr_assert_eq(skel_writer_comm(w, &cm), SKEL_OK, "%s", skel_last_error());
    /* A distributed graph: this rank's sources and destinations. */
    int32_t all[] = {0, 1, 2, 3}, gin[] = {3}, gout[] = {0, 2, 2};
    skel_comm gm = {.index = 3,
                    .gid = 0x1234,
                    .parent = 0,
                    .created_by = SKEL_CALL_MPI_Dist_graph_create_adjacent,
                    .flags = SKEL_COMMF_GRAPH | SKEL_COMMF_ADJ,
                    .size = 4,
                    .members = all,
                    .nin = 1,
                    .nout = 3,
                    .in = gin,
                    .out = gout};
    cr_assert_eq(skel_writer_comm(w, &gm), SKEL_OK, "%s", skel_last_error());
    skel_clock_sync cs = {.phase = 0, .offset_ns = -1234, .rtt_ns = 800, .t_local = 9};
    cr_assert_eq(skel_writer_clock(w, &cs), SKEL_OK);
    uint64_t clock = 1000000, next_req = 1, reqs[64];
    skel_completion c[2];
    for (int i = 0; i < NEV; i++) {
        skel_event ev;
        make_event(i, &clock, &ev, c, reqs, &next_req);
        if (times != NULL)
            times[i] = ev.t_start;
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "event %d: %s", i, skel_last_error());
    }
    skel_rank_end end = {.nevents = NEV, .overhead_ns = 1, .per_event_ns = 2, .t_end = clock};
    cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
}

static void check_event(int i, const skel_event *got, uint64_t *clock, uint64_t *next_req)
{
    skel_event ev;
    skel_completion c[2];
    uint64_t reqs[64];
    make_event(i, clock, &ev, c, reqs, next_req);
    cr_assert_eq(got->seq, (uint64_t)i);
    cr_assert_eq(got->call, ev.call, "event %d", i);
    cr_assert_eq(got->thread, ev.thread, "event %d", i);
    cr_assert_eq(got->t_start, ev.t_start, "event %d", i);
    cr_assert_eq(got->t_end, ev.t_end, "event %d", i);
    cr_assert_eq(got->gap_wall, ev.gap_wall, "event %d", i);
    cr_assert_eq(got->gap_cpu, ev.gap_cpu, "event %d", i);
    cr_assert_eq(got->peer, ev.peer, "event %d", i);
    cr_assert_eq(got->tag, ev.tag, "event %d", i);
    cr_assert_eq(got->peer2, ev.peer2, "event %d", i);
    cr_assert_eq(got->tag2, ev.tag2, "event %d", i);
    cr_assert_eq(got->asrc, ev.asrc, "event %d", i);
    cr_assert_eq(got->atag, ev.atag, "event %d", i);
    cr_assert_eq(got->root, ev.root, "event %d", i);
    cr_assert_eq(got->comm, ev.comm, "event %d", i);
    cr_assert_eq(got->count, ev.count, "event %d", i);
    cr_assert_eq(got->dtsize, ev.dtsize, "event %d", i);
    cr_assert_eq(got->bytes, ev.bytes, "event %d", i);
    cr_assert_eq(got->rbytes, ev.rbytes, "event %d", i);
    cr_assert_eq(got->op, ev.op, "event %d", i);
    cr_assert_eq(got->req, ev.req, "event %d", i);
    cr_assert_eq(got->site, ev.site, "event %d", i);
    cr_assert_eq(got->flags, ev.flags, "event %d", i);
    cr_assert_eq(got->ngroup, ev.ngroup, "event %d", i);
    for (uint32_t k = 0; k < ev.ngroup; k++)
        cr_assert_eq(got->group[k], ev.group[k], "event %d member %u", i, k);
    cr_assert_eq(got->ncomplete, ev.ncomplete, "event %d", i);
    for (uint32_t k = 0; k < ev.ncomplete; k++) {
        cr_assert_eq(got->complete[k].req, c[k].req);
        cr_assert_eq(got->complete[k].call, c[k].call);
        cr_assert_eq(got->complete[k].src, c[k].src);
        cr_assert_eq(got->complete[k].tag, c[k].tag);
        cr_assert_eq(got->complete[k].bytes, c[k].bytes, "event %d completion %u", i, k);
        cr_assert_eq(got->complete[k].index, c[k].index);
    }
}

TestSuite(format, .init = setup, .fini = teardown);

static void check_round_trip(void)
{
    /* A small buffer forces many blocks and flushes in the middle. */
    write_trace(4096, NULL);
    skel_rank_reader *r;
    cr_assert_eq(skel_rank_open(path, &r), SKEL_OK, "%s", skel_last_error());
    skel_event ev;
    uint64_t clock = 1000000, next_req = 1;
    int n = 0, rc;
    while ((rc = skel_rank_next(r, &ev)) == 1)
        check_event(n++, &ev, &clock, &next_req);
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    cr_assert_eq(n, NEV);
    cr_assert_eq(skel_rank_truncated(r), 0);
    const skel_rank_info *in = skel_rank_info_of(r);
    cr_assert_eq(in->rank, 1);
    cr_assert_eq(in->nranks, 4);
    cr_assert_str_eq(in->host, "node\"1\n");
    const skel_comm *cm = skel_rank_comm(r, 2);
    cr_assert_not_null(cm);
    cr_assert_eq(cm->gid, 0xabcdef);
    cr_assert_eq(cm->size, 2);
    cr_assert_eq(cm->members[1], 3);
    cr_assert_eq(cm->ndims, 1);
    cr_assert_eq(cm->periods[0], 1);
    const skel_comm *gm = skel_rank_comm(r, 3);
    cr_assert_not_null(gm);
    cr_assert_eq(gm->flags, SKEL_COMMF_GRAPH | SKEL_COMMF_ADJ);
    cr_assert(gm->nin == 1 && gm->in[0] == 3, "sources: %u", gm->nin);
    cr_assert(gm->nout == 3 && gm->out[0] == 0 && gm->out[1] == 2 && gm->out[2] == 2,
              "destinations: %u", gm->nout);
    cr_assert_eq(skel_rank_comm(r, 0)->size, 4); /* MPI_COMM_WORLD is implicit */
    cr_assert_eq(skel_rank_comm(r, 1)->members[0], 1);
    cr_assert_str_eq(skel_rank_site(r, 2)->func, "solve");
    cr_assert_eq(skel_rank_site(r, 3)->fortran, 1);
    cr_assert_eq(skel_rank_nclock(r), 1);
    cr_assert_eq(skel_rank_clock(r, 0)->offset_ns, -1234);
    cr_assert_eq(skel_rank_end_of(r)->per_event_ns, 2);
    skel_rank_close(r);
}

Test(format, round_trip_every_field)
{
    check_round_trip();
}

static uint8_t *slurp(size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(*len);
    cr_assert_eq(fread(buf, 1, *len, f), *len);
    fclose(f);
    return buf;
}

static void spit(const uint8_t *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(buf, 1, len, f), len);
    fclose(f);
}

/* Read everything; return the number of events, the final status and, when
 * the stream ended without error, whether it lacked its end record. */
static int truncated_flag;
static int read_all(int *status, uint64_t *clock, uint64_t *next_req, int verify)
{
    truncated_flag = 0;
    skel_rank_reader *r;
    int rc = skel_rank_open(path, &r);
    if (rc != SKEL_OK) {
        *status = rc;
        return 0;
    }
    skel_event ev;
    int n = 0;
    while ((rc = skel_rank_next(r, &ev)) == 1) {
        if (verify)
            check_event(n, &ev, clock, next_req);
        n++;
    }
    /* Errors are sticky. */
    if (rc < 0)
        cr_assert_eq(skel_rank_next(r, &ev), rc);
    *status = rc;
    truncated_flag = skel_rank_truncated(r);
    skel_rank_close(r);
    return n;
}

static void check_truncation(void)
{
    /* Blocks of ~4 KiB: every cut lands in a block header, inside a record or
     * between records of some block. */
    write_trace(4096, NULL);
    size_t len;
    uint8_t *full = slurp(&len);
    int prev = 0;
    for (size_t cut = 0; cut < len; cut++) {
        spit(full, cut);
        int status;
        uint64_t clock = 1000000, next_req = 1;
        int n = read_all(&status, &clock, &next_req, 1);
        /* Every cut is noticed: an error, or (cut between blocks) a stream
         * marked truncated because its end record is missing... */
        cr_assert(status < 0 || (status == 0 && truncated_flag),
                  "cut at %zu of %zu read as a complete file", cut, len);
        if (status < 0)
            cr_assert(status == SKEL_ETRUNCATED || (cut < 8 && status == SKEL_EFORMAT),
                      "cut at %zu: %s", cut, skel_last_error());
        /* ...an error's detail names the file and the byte offset... */
        if (status < 0 && cut >= SKEL_FILE_HEADER_LEN)
            cr_assert(strstr(skel_last_error(), path) != NULL && strstr(skel_last_error(), "byte "),
                      "cut at %zu: %s", cut, skel_last_error());
        /* ...and all complete events before the cut were delivered, in order
         * (check_event compared each), never fewer than before. */
        cr_assert_geq(n, prev, "cut at %zu delivered %d events, cut at %zu gave %d", cut, n,
                      cut - 1, prev);
        prev = n;
    }
    cr_assert_eq(prev, NEV - 0, "the last cut (end record missing) still delivers every event");
    free(full);
}

Test(format, truncation_at_every_byte)
{
    check_truncation();
}

/* The same file written with write(2) instead of through a mapping. */
Test(format, streamed_round_trip_and_truncation)
{
    write_flags = SKEL_WRITER_STREAM;
    check_round_trip();
    check_truncation();
}

Test(format, corruption_is_detected_not_crashed)
{
    write_trace(4096, NULL);
    size_t len;
    uint8_t *full = slurp(&len);
    uint8_t *copy = malloc(len);
    int detected = 0, trials = 0;
    for (size_t pos = SKEL_FILE_HEADER_LEN; pos < len; pos += 37) {
        memcpy(copy, full, len);
        copy[pos] ^= (uint8_t)(1u << (pos % 8));
        spit(copy, len);
        int status;
        uint64_t clock = 1000000, next_req = 1;
        read_all(&status, &clock, &next_req, 0);
        trials++;
        /* A flipped bit anywhere after the header is caught (checksums). */
        if (status < 0)
            detected++;
    }
    cr_assert_eq(detected, trials, "%d of %d corruptions went unnoticed", trials - detected,
                 trials);
    free(copy);
    free(full);
}

Test(format, wrong_magic_and_version)
{
    write_trace(4096, NULL);
    size_t len;
    uint8_t *full = slurp(&len);
    full[0] = 'X';
    spit(full, len);
    skel_rank_reader *r;
    cr_assert_eq(skel_rank_open(path, &r), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "not a Skel trace file") != NULL);
    full[0] = 'S';
    full[8] = 99;
    spit(full, len);
    cr_assert_eq(skel_rank_open(path, &r), SKEL_EVERSION);
    cr_assert(strstr(skel_last_error(), "version 99") != NULL, "%s", skel_last_error());
    free(full);
}

Test(format, writer_rejects_inconsistent_events)
{
    skel_rank_info info = {.rank = 0, .nranks = 2, .host = "h"};
    skel_writer *w;
    cr_assert_eq(skel_writer_open(path, &info, 4096, 1, &w), SKEL_OK);
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Wait;
    ev.t_start = 10;
    ev.t_end = 20;
    skel_completion c = {.req = 99, .src = SKEL_PEER_NONE, .tag = SKEL_TAG_NONE};
    ev.ncomplete = 1;
    ev.complete = &c;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "unknown request accepted");
    ev.ncomplete = 0;
    ev.comm = 7;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "undeclared communicator accepted");
    ev.comm = 0;
    /* A new communicator and an object must be none or declared. */
    ev.newcomm = 2;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "undeclared new communicator accepted");
    ev.newcomm = SKEL_COMM_NONE - 1;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "new communicator ~0 - 1 accepted");
    ev.newcomm = SKEL_COMM_NONE;
    ev.obj = 0;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "undeclared object accepted");
    ev.obj = SKEL_COMM_NONE;
    ev.t_end = 5;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "negative duration accepted");
    ev.t_end = 20;
    int32_t group[] = {1, 2};
    ev.ngroup = 2;
    ev.group = group;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "group member 2 of 2 ranks accepted");
    group[1] = -1;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "negative group member accepted");
    ev.ngroup = 3;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "a group of 3 in 2 ranks accepted");
    ev.ngroup = 0;
    ev.call = 3;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_ERANGE, "unknown call accepted");
    ev.call = SKEL_CALL_MPI_Barrier;
    cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
    skel_rank_end end = {.nevents = 1};
    cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK);
    /* The rejected events left the stream untouched. */
    int status;
    uint64_t clock = 0, next = 0;
    cr_assert_eq(read_all(&status, &clock, &next, 0), 1);
    cr_assert_eq(status, 0, "%s", skel_last_error());
}

Test(format, crash_record_and_signal_flush)
{
    skel_rank_info info = {.rank = 0, .nranks = 1, .host = "h"};
    skel_writer *w;
    cr_assert_eq(skel_writer_open(path, &info, 1 << 16, 1, &w), SKEL_OK);
    skel_event ev;
    skel_event_init(&ev);
    ev.call = SKEL_CALL_MPI_Barrier;
    for (int i = 0; i < 10; i++) {
        ev.t_start = 100 + 10 * (uint64_t)i;
        ev.t_end = ev.t_start + 5;
        ev.gap_wall = ev.gap_cpu = i == 0 ? 0 : 5;
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK);
    }
    /* What a signal handler does: nothing buffered was written before. */
    skel_writer_crash_from_signal(w, 11);
    skel_writer_abandon(w);
    skel_rank_reader *r;
    cr_assert_eq(skel_rank_open(path, &r), SKEL_OK);
    int n = 0, rc;
    while ((rc = skel_rank_next(r, &ev)) == 1)
        n++;
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    cr_assert_eq(n, 10);
    cr_assert_eq(skel_rank_truncated(r), 1);
    cr_assert_eq(skel_rank_signal(r), 11);
    skel_rank_close(r);
}

Test(format, varint_and_crc_primitives)
{
    uint8_t buf[16];
    const uint64_t vals[] = {0, 1, 127, 128, 300, 1ull << 35, UINT64_MAX};
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        uint8_t *end = skel_put_varint(buf, vals[i]);
        skel_cursor c = {buf, end, 0};
        cr_assert_eq(skel_get_varint(&c), vals[i]);
        cr_assert_eq(c.bad, 0);
        cr_assert_eq(c.p, end);
        /* One byte short is detected. */
        skel_cursor s = {buf, end - 1, 0};
        skel_get_varint(&s);
        cr_assert_eq(s.bad, 1);
    }
    for (int64_t v = -5; v <= 5; v++)
        cr_assert_eq(skel_unzigzag(skel_zigzag(v)), v);
    cr_assert_eq(skel_unzigzag(skel_zigzag(INT64_MIN)), INT64_MIN);
    /* An 11-byte varint is malformed. */
    memset(buf, 0xff, 11);
    skel_cursor c = {buf, buf + 11, 0};
    skel_get_varint(&c);
    cr_assert_eq(c.bad, 1);
    /* CRC-32C check value. */
    cr_assert_eq(skel_crc32c("123456789", 9), 0xe3069283u);
}

/* ---- rank files version 2: endings, open blocks, kills ------------------------ */

static skel_rank_info info2 = {.rank = 1,
                               .nranks = 4,
                               .pid = 42,
                               .host = "h",
                               .mpi_library = "MPICH",
                               .tracer_version = "test"};

/* Open a writer with the declarations make_event's events use. */
static skel_writer *open_declared(size_t bufsize, int flags)
{
    skel_writer *w;
    cr_assert_eq(skel_writer_open(path, &info2, bufsize, flags | SKEL_WRITER_OVERWRITE, &w),
                 SKEL_OK, "%s", skel_last_error());
    for (uint32_t s = 0; s < 5; s++) {
        skel_site site = {.index = s, .addr = s, .module = SKEL_COMM_NONE, .func = "", .file = ""};
        cr_assert_eq(skel_writer_site(w, &site), SKEL_OK, "%s", skel_last_error());
    }
    int32_t members[] = {1, 3};
    skel_comm cm = {.index = 2, .gid = 7, .parent = 0, .size = 2, .members = members};
    cr_assert_eq(skel_writer_comm(w, &cm), SKEL_OK, "%s", skel_last_error());
    return w;
}

static void write_events(skel_writer *w, int n)
{
    uint64_t clock = 1000000, next_req = 1, reqs[64];
    skel_completion c[2];
    for (int i = 0; i < n; i++) {
        skel_event ev;
        make_event(i, &clock, &ev, c, reqs, &next_req);
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "event %d: %s", i, skel_last_error());
    }
}

/* Read the whole file, checking every event against make_event; returns the
 * number of events, the final status in *status and the reader's ending. */
static int read_checked(int *status, int *ending, char *text, size_t len)
{
    skel_rank_reader *r;
    *status = skel_rank_open(path, &r);
    if (*status != SKEL_OK)
        return 0;
    uint64_t clock = 1000000, next_req = 1;
    skel_event ev;
    int n = 0;
    while ((*status = skel_rank_next(r, &ev)) == 1)
        check_event(n++, &ev, &clock, &next_req);
    *ending = skel_rank_ending(r);
    if (text != NULL)
        skel_rank_ending_text(r, text, len);
    skel_rank_close(r);
    return n;
}

Test(format, every_ending_is_recorded_in_both_modes)
{
    static const struct {
        int signo, code, ending;
    } cases[] = {{0, 7, SKEL_END_ABORT}, {0, -1, SKEL_END_EXIT}, {6, -1, SKEL_END_SIGNAL}};
    for (int mode = 0; mode < 2; mode++) {
        int flags = mode ? SKEL_WRITER_STREAM : 0;
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            skel_writer *w = open_declared(4096, flags);
            cr_assert_eq(skel_writer_streams(w), mode);
            write_events(w, 300);
            cr_assert_eq(skel_writer_crash(w, cases[k].signo, cases[k].code), SKEL_OK, "%s",
                         skel_last_error());
            skel_writer_abandon(w);
            int status, ending;
            char text[512];
            cr_assert_eq(read_checked(&status, &ending, text, sizeof text), 300);
            cr_assert_eq(status, 0, "mode %d case %zu: %s", mode, k, skel_last_error());
            cr_assert_eq(ending, cases[k].ending, "mode %d case %zu: %s", mode, k, text);
            cr_assert(strstr(text, "rank 1: incomplete, 300 events") != NULL, "%s", text);
        }
        /* Abandoned without a word: the tracer stopped itself. */
        skel_writer *w = open_declared(4096, flags);
        write_events(w, 50);
        skel_writer_abandon(w);
        int status, ending;
        cr_assert_eq(read_checked(&status, &ending, NULL, 0), 50);
        cr_assert_eq(ending, SKEL_END_STOPPED);
        /* Finished: clean, and the ending is in the header. */
        w = open_declared(4096, flags);
        write_events(w, 50);
        skel_rank_end end = {.nevents = 50};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(read_checked(&status, &ending, NULL, 0), 50);
        cr_assert_eq(ending, SKEL_END_CLEAN);
        size_t len;
        uint8_t *full = slurp(&len);
        cr_assert_eq(full[SKEL_HDR_ENDING], SKEL_END_CLEAN);
        free(full);
    }
}

Test(format, streamed_signal_flush_keeps_finished_records)
{
    skel_writer *w = open_declared(1 << 16, SKEL_WRITER_STREAM);
    write_events(w, 10);
    /* What a signal handler does: nothing buffered was written before. */
    skel_writer_crash_from_signal(w, 11);
    skel_writer_abandon(w);
    int status, ending;
    char text[512];
    cr_assert_eq(read_checked(&status, &ending, text, sizeof text), 10);
    cr_assert_eq(status, 0, "%s", skel_last_error());
    cr_assert_eq(ending, SKEL_END_SIGNAL);
    cr_assert(strstr(text, "signal 11") != NULL, "%s", text);
}

/* A child writes events through a mapping and is killed with SIGKILL: the
 * file holds every event it finished, up to an open block, and says that the
 * process ended without a word. */
static int killed_after(int nevents, size_t bufsize)
{
    int ready[2];
    cr_assert_eq(pipe(ready), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        close(ready[0]);
        skel_writer *w;
        if (skel_writer_open(path, &info2, bufsize, SKEL_WRITER_OVERWRITE, &w) != SKEL_OK)
            _exit(3);
        if (write(ready[1], "", 1) != 1)
            _exit(6);
        for (uint32_t s = 0; s < 5; s++) {
            skel_site site = {.index = s, .module = SKEL_COMM_NONE, .func = "", .file = ""};
            skel_writer_site(w, &site);
        }
        int32_t members[] = {1, 3};
        skel_comm cm = {.index = 2, .gid = 7, .size = 2, .members = members};
        skel_writer_comm(w, &cm);
        uint64_t clock = 1000000, next_req = 1, reqs[64];
        skel_completion c[2];
        for (int i = 0; nevents < 0 || i < nevents; i++) {
            skel_event ev;
            make_event(i, &clock, &ev, c, reqs, &next_req);
            if (skel_writer_event(w, &ev) != SKEL_OK)
                _exit(4);
        }
        raise(SIGKILL);
        _exit(5);
    }
    close(ready[1]);
    char b;
    cr_assert_eq(read(ready[0], &b, 1), 1, "the writer did not start");
    close(ready[0]);
    if (nevents < 0) { /* killed from outside, somewhere in the middle */
        struct timespec nap = {0, (long)(random() % 3000000)};
        nanosleep(&nap, NULL);
        kill(pid, SIGKILL);
    }
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "the writer ended with status %d", st);
    return 0;
}

Test(format, sigkill_keeps_every_finished_event)
{
    /* Small windows: the kills land in all phases of the window moves. */
    static const int counts[] = {0, 1, 17, 100, 400, 1000, 4000};
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
        killed_after(counts[k], 4096);
        int status, ending;
        char text[512];
        int n = read_checked(&status, &ending, text, sizeof text);
        cr_assert_eq(status, 0, "after %d events: %s", counts[k], skel_last_error());
        cr_assert_eq(n, counts[k], "after %d events: %s", counts[k], text);
        cr_assert_eq(ending, SKEL_END_OPEN, "%s", text);
        cr_assert(strstr(text, "killed") != NULL, "%s", text);
    }
    /* Killed from outside at random moments, in the middle of records. */
    int prev_max = 0;
    for (int k = 0; k < 12; k++) {
        killed_after(-1, k % 2 ? 4096 : 1 << 20);
        int status, ending;
        int n = read_checked(&status, &ending, NULL, 0);
        cr_assert_eq(status, 0, "kill %d after %d events: %s", k, n, skel_last_error());
        cr_assert_eq(ending, SKEL_END_OPEN);
        prev_max = n > prev_max ? n : prev_max;
    }
    cr_assert_gt(prev_max, 0, "no kill landed after the first event");
}

/* The writer stores an open block's payload length before its record count:
 * a SIGKILL between the two stores leaves one finished record that the count
 * does not hold yet.  The reader takes the count (seen in CI: a random kill
 * landed there once in some thousand). */
Test(format, open_block_length_ahead_of_its_count)
{
    killed_after(100, 1 << 20);
    size_t len;
    uint8_t *full = slurp(&len);
    size_t open = 0;
    for (size_t off = SKEL_FILE_HEADER_LEN; off + SKEL_BLOCK_HEADER_LEN <= len; off += 8)
        if (skel_get_u32(full + off) == SKEL_BLOCK_OPEN_MAGIC) {
            open = off;
            break;
        }
    cr_assert_gt(open, 0, "no open block in the killed writer's file");
    uint32_t nrec = skel_get_u32(full + open + 8);
    cr_assert_gt(nrec, 1);
    skel_put_u32(full + open + 8, nrec - 1); /* the count's store never happened */
    spit(full, len);
    int status, ending;
    char text[512];
    int n = read_checked(&status, &ending, text, sizeof text);
    cr_assert_eq(status, 0, "%s", skel_last_error());
    cr_assert_eq(n, 99, "%s", text);
    cr_assert_eq(ending, SKEL_END_OPEN, "%s", text);
    /* A count beyond the records the length holds is still damage. */
    skel_put_u32(full + open + 8, nrec + 1);
    spit(full, len);
    read_checked(&status, &ending, NULL, 0);
    cr_assert_lt(status, 0, "a count of %u over %u records was accepted", nrec + 1, nrec);
    free(full);
}

Test(format, open_block_in_a_cleanly_closed_file_is_damage)
{
    killed_after(100, 4096);
    size_t len;
    uint8_t *full = slurp(&len);
    full[SKEL_HDR_ENDING] = SKEL_END_CLEAN;
    spit(full, len);
    int status, ending;
    read_checked(&status, &ending, NULL, 0);
    cr_assert_eq(status, SKEL_EFORMAT, "%s", skel_last_error());
    cr_assert_eq(ending, SKEL_END_DAMAGED);
    free(full);
}

Test(format, reserved_header_bytes_are_checked)
{
    write_trace(4096, NULL);
    size_t len;
    uint8_t *full = slurp(&len);
    static const size_t reserved[] = {9, 11, 25, 26, 27, 36, 39};
    for (size_t k = 0; k < sizeof reserved / sizeof reserved[0]; k++) {
        full[reserved[k]] = 1;
        spit(full, len);
        skel_rank_reader *r;
        cr_assert_eq(skel_rank_open(path, &r), SKEL_EFORMAT, "byte %zu", reserved[k]);
        char want[32];
        snprintf(want, sizeof want, "byte %zu:", reserved[k]);
        cr_assert(strstr(skel_last_error(), want) != NULL, "%s", skel_last_error());
        full[reserved[k]] = 0;
    }
    full[SKEL_HDR_ENDING] = 9; /* no such ending */
    spit(full, len);
    skel_rank_reader *r;
    cr_assert_eq(skel_rank_open(path, &r), SKEL_EFORMAT);
    free(full);
}

/* Version 1 files (written before the mapping) still read; their byte 9 is
 * checked too. */
Test(format, version_1_files_still_read)
{
    const char *v1 = SKEL_TEST_DATA "/fuzz/corpus/trace/cg-r1.skt";
    skel_rank_reader *r;
    cr_assert_eq(skel_rank_open(v1, &r), SKEL_OK, "%s", skel_last_error());
    skel_event ev;
    int n = 0, rc;
    while ((rc = skel_rank_next(r, &ev)) == 1)
        n++;
    cr_assert_geq(rc, 0, "%s", skel_last_error());
    cr_assert_gt(n, 0);
    skel_rank_close(r);
    FILE *f = fopen(v1, "rb");
    cr_assert_not_null(f);
    uint8_t buf[4096];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    cr_assert_eq(buf[8], 1);
    buf[9] = 5;
    spit(buf, len);
    cr_assert_eq(skel_rank_open(path, &r), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "byte 9:") != NULL, "%s", skel_last_error());
}

/* The mapped writer holds no more of the file than its buffer size (whole
 * pages) plus the header page, however much it writes. */
static size_t mapped_bytes_of(const char *file)
{
    FILE *f = fopen("/proc/self/maps", "r");
    cr_assert_not_null(f);
    char line[4096];
    size_t total = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned long lo, hi;
        if (strstr(line, file) != NULL && sscanf(line, "%lx-%lx", &lo, &hi) == 2)
            total += hi - lo;
    }
    fclose(f);
    return total;
}

Test(format, the_buffer_bounds_the_mapping)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    static const size_t sizes[] = {1024, 4096, 3 * 4096, 64 << 10};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t window = (sizes[k] + page - 1) / page * page;
        skel_writer *w = open_declared(sizes[k], 0);
        size_t most = 0;
        for (int round = 0; round < 40; round++) {
            write_events(w, 200); /* ~2 KiB of records each */
            size_t m = mapped_bytes_of(path);
            most = m > most ? m : most;
        }
        window = window < 2 * page ? 2 * page : window; /* at least two pages */
        cr_assert_leq(most, window + page, "buffer %zu: %zu bytes mapped", sizes[k], most);
        cr_assert_gt(skel_writer_nflush(w), 0, "buffer %zu: the window never moved", sizes[k]);
        skel_writer_abandon(w);
        cr_assert_eq(mapped_bytes_of(path), 0, "the writer left a mapping behind");
    }
}

/* ---- rank files 2.1: working-set records ------------------------------------------ */

/* A working-set record gives the thread's next event its ws_bytes, and only
 * that event; files of version 2.0 (which have none) still read, every
 * event with ws_bytes 0. */
Test(format, working_set_records_and_version_2_0)
{
    skel_writer *w = open_declared(4096, 0);
    uint64_t clock = 1000000, next_req = 1, reqs[64];
    skel_completion c[2];
    for (int i = 0; i < 40; i++) {
        skel_event ev;
        make_event(i, &clock, &ev, c, reqs, &next_req);
        if (i % 7 == 3)
            cr_assert_eq(skel_writer_wset(w, ev.thread, (uint64_t)(i + 1) << 20), SKEL_OK, "%s",
                         skel_last_error());
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "event %d: %s", i, skel_last_error());
    }
    skel_rank_end end = {.nevents = 40};
    cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    size_t len;
    uint8_t *buf = slurp(&len);
    cr_assert_eq(buf[8], 2);
    cr_assert_eq(buf[10], SKEL_RANK_FILE_VERSION_MINOR);
    for (int pass = 0; pass < 2; pass++) {
        skel_rank_reader *r;
        cr_assert_eq(skel_rank_open(path, &r), SKEL_OK, "%s", skel_last_error());
        skel_event ev;
        int n = 0, rc;
        uint64_t ck = 1000000, nr = 1;
        while ((rc = skel_rank_next(r, &ev)) == 1) {
            check_event(n, &ev, &ck, &nr);
            uint64_t want = n % 7 == 3 ? (uint64_t)(n + 1) << 20 : 0;
            cr_assert_eq(ev.ws_bytes, want, "event %d: ws %llu, written %llu", n,
                         (unsigned long long)ev.ws_bytes, (unsigned long long)want);
            n++;
        }
        cr_assert_eq(rc, 0, "%s", skel_last_error());
        cr_assert_eq(n, 40);
        skel_rank_close(r);
        /* The same file labelled 2.0: readers of a 2.0 file see the same
         * events (the records are additions, never changes). */
        buf[10] = 0;
        spit(buf, len);
    }
    free(buf);
}

/* A working-set record of an impossible size is damage, named as such.
 * (Blocks carry a CRC, so a record cannot be patched in place: the writer,
 * which does not check sizes, writes it.) */
Test(format, bad_working_set_record)
{
    skel_writer *w = open_declared(4096, 0);
    write_events(w, 3);
    cr_assert_eq(skel_writer_wset(w, 0, (UINT64_C(1) << 50) + 1), SKEL_OK, "%s", skel_last_error());
    skel_rank_end end = {.nevents = 3};
    cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    skel_rank_reader *r;
    int rc = skel_rank_open(path, &r);
    cr_assert_eq(rc, SKEL_OK, "%s", skel_last_error());
    skel_event ev;
    int n = 0;
    while ((rc = skel_rank_next(r, &ev)) == 1)
        n++;
    skel_rank_close(r);
    cr_assert_eq(rc, SKEL_EFORMAT, "the record was accepted");
    cr_assert_eq(n, 3);
    cr_assert(strstr(skel_last_error(), "working set of") != NULL, "%s", skel_last_error());
}

/* Partitioned set-ups (rank files 2.3): the partitions travel beside the
 * whole buffer's count, on the set-up's event only, also when everything
 * else repeats at the site; the writer refuses them on any other call. */
Test(format, partitions_round_trip_and_refused_elsewhere)
{
    skel_writer *w = open_declared(4096, 0);
    static const struct {
        uint16_t call;
        uint32_t parts;
        int64_t count;
    } evs[] = {{SKEL_CALL_MPI_Psend_init, 8, 1024},
               {SKEL_CALL_MPI_Precv_init, 4, 1024},
               {SKEL_CALL_MPI_Psend_init, 8, 1024}, /* the site's context repeats */
               {SKEL_CALL_MPI_Psend_init, 2, 1024},
               {SKEL_CALL_MPI_Send_init, 0, 1024}};
    const int n = (int)(sizeof evs / sizeof evs[0]);
    uint64_t clock = 1000;
    for (int i = 0; i < n; i++) {
        skel_event ev;
        skel_event_init(&ev);
        ev.call = evs[i].call;
        ev.t_start = clock += 100;
        ev.t_end = clock += 50;
        ev.gap_wall = ev.gap_cpu = 100;
        ev.peer = 1;
        ev.tag = 5;
        ev.count = evs[i].count;
        ev.dtsize = 8;
        ev.bytes = (uint64_t)evs[i].count * 8;
        ev.parts = evs[i].parts;
        ev.req = (uint64_t)i + 1;
        ev.site = 1;
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "event %d: %s", i, skel_last_error());
    }
    skel_event bad;
    skel_event_init(&bad);
    bad.call = SKEL_CALL_MPI_Barrier;
    bad.t_start = clock + 10;
    bad.t_end = clock + 20;
    bad.parts = 3;
    cr_assert_eq(skel_writer_event(w, &bad), SKEL_ERANGE, "partitions on MPI_Barrier accepted");
    bad.call = SKEL_CALL_MPI_Psend_init;
    bad.parts = (uint32_t)INT32_MAX + 1;
    cr_assert_eq(skel_writer_event(w, &bad), SKEL_ERANGE, "2^31 partitions accepted");
    skel_rank_end end = {.nevents = (uint64_t)n};
    cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    skel_rank_reader *r;
    cr_assert_eq(skel_rank_open(path, &r), SKEL_OK, "%s", skel_last_error());
    skel_event ev;
    int i = 0, rc;
    while ((rc = skel_rank_next(r, &ev)) == 1) {
        cr_assert_lt(i, n);
        cr_expect_eq(ev.call, evs[i].call, "event %d", i);
        cr_expect_eq(ev.parts, evs[i].parts, "event %d: %u partitions, %u written", i, ev.parts,
                     evs[i].parts);
        cr_expect_eq(ev.count, evs[i].count, "event %d", i);
        i++;
    }
    cr_assert_eq(rc, 0, "%s", skel_last_error());
    cr_assert_eq(i, n);
    skel_rank_close(r);
}
