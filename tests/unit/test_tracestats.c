/* test_tracestats.c - what `skel stats` counts: bytes a receive posts are
 * not bytes sent; what a nonblocking receive gets is counted as received,
 * under the Wait that completed it. */
#include <criterion/criterion.h>

#include "error.h"
#include "meta.h"
#include "trace.h"
#include "tracestats.h"
#include "writer.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static void remove_dir(const char *d)
{
    DIR *dp = opendir(d);
    struct dirent *e;
    while (dp != NULL && (e = readdir(dp)) != NULL) {
        char p[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", d, e->d_name);
        unlink(p);
    }
    if (dp != NULL)
        closedir(dp);
    rmdir(d);
}

static void put(skel_writer *w, skel_event *ev, uint64_t *t)
{
    ev->gap_wall = ev->gap_cpu = ev->seq == 0 ? 0 : 100;
    ev->t_start = *t + ev->gap_wall;
    ev->t_end = ev->t_start + 50;
    *t = ev->t_end;
    cr_assert_eq(skel_writer_event(w, ev), SKEL_OK, "%s", skel_last_error());
}

/* Rank 0 sends 100 bytes with MPI_Isend; rank 1 receives them into a 1 MiB
 * buffer posted with MPI_Irecv, then a blocking MPI_Recv of 40 bytes into a
 * 4 KiB buffer. */
static void make_trace(void)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-tstats-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    skel_meta m = {.tracer_version = "t", .mpi_library = "m", .nranks = 2};
    char p[256];
    snprintf(p, sizeof p, "%s/meta", dir);
    cr_assert_eq(skel_meta_write(p, &m), SKEL_OK, "%s", skel_last_error());
    for (uint32_t r = 0; r < 2; r++) {
        char name[64];
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir, name);
        skel_rank_info info = {.rank = r, .nranks = 2, .host = "h", .mpi_library = "m"};
        skel_writer *w;
        cr_assert_eq(skel_writer_open(p, &info, 1 << 16, 1, &w), SKEL_OK, "%s", skel_last_error());
        uint64_t t = 1000, seq = 0;
        skel_event ev;
        skel_event_init(&ev);
        ev.call = SKEL_CALL_MPI_Init;
        ev.seq = seq++;
        put(w, &ev, &t);
        skel_event_init(&ev);
        ev.seq = seq++;
        ev.tag = 1;
        ev.dtsize = 1;
        if (r == 0) {
            ev.call = SKEL_CALL_MPI_Isend;
            ev.peer = 1;
            ev.count = 100;
            ev.bytes = 100;
        } else {
            ev.call = SKEL_CALL_MPI_Irecv;
            ev.peer = 0;
            ev.count = 1 << 20;
            ev.bytes = 1 << 20;
        }
        ev.req = 1;
        put(w, &ev, &t);
        skel_completion c = {.req = 1,
                             .call = ev.call,
                             .src = r == 0 ? SKEL_PEER_NONE : 0,
                             .tag = r == 0 ? SKEL_TAG_NONE : 1,
                             .bytes = 100};
        skel_event_init(&ev);
        ev.seq = seq++;
        ev.call = SKEL_CALL_MPI_Wait;
        ev.ncomplete = 1;
        ev.complete = &c;
        put(w, &ev, &t);
        skel_event_init(&ev);
        ev.seq = seq++;
        ev.tag = 2;
        ev.dtsize = 1;
        if (r == 0) {
            ev.call = SKEL_CALL_MPI_Send;
            ev.peer = 1;
            ev.count = ev.bytes = 40;
        } else {
            ev.call = SKEL_CALL_MPI_Recv;
            ev.peer = ev.asrc = 0;
            ev.atag = 2;
            ev.count = ev.bytes = 4096;
            ev.rbytes = 40;
        }
        put(w, &ev, &t);
        skel_event_init(&ev);
        ev.seq = seq++;
        ev.call = SKEL_CALL_MPI_Finalize;
        put(w, &ev, &t);
        skel_rank_end end = {.nevents = seq};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    }
}

Test(tracestats, posted_receive_buffers_are_not_bytes_sent)
{
    make_trace();
    skel_trace *t;
    cr_assert_eq(skel_trace_open(dir, &t), SKEL_OK, "%s", skel_last_error());
    struct skel_tracestats st;
    cr_assert_eq(skel_tracestats(t, 1, &st), SKEL_OK, "%s", skel_last_error());
    cr_assert(st.consistent, "%s", st.check_error);
    uint64_t sent = 0, recv = 0;
    for (unsigned c = 0; c < SKEL_CALL_LIMIT; c++) {
        sent += st.total.calls[c].bytes;
        recv += st.total.calls[c].rbytes;
    }
    cr_assert_eq(sent, 140, "bytes sent: 100 by MPI_Isend, 40 by MPI_Send, not %llu",
                 (unsigned long long)sent);
    cr_assert_eq(recv, 140, "bytes received: 100 completed by MPI_Wait, 40 by MPI_Recv, not %llu",
                 (unsigned long long)recv);
    cr_assert_eq(st.total.calls[SKEL_CALL_MPI_Irecv].bytes, 0);
    cr_assert_eq(st.total.calls[SKEL_CALL_MPI_Recv].bytes, 0);
    cr_assert_eq(st.total.calls[SKEL_CALL_MPI_Recv].rbytes, 40);
    cr_assert_eq(st.total.calls[SKEL_CALL_MPI_Wait].rbytes, 100);
    cr_assert_eq(st.total.calls[SKEL_CALL_MPI_Isend].bytes, 100);
    skel_tracestats_free(&st);
    skel_trace_close(t);
    remove_dir(dir);
}
