/* test_peek.c - how far a trace being written has got (peek.h): rank files
 * counted as they appear; the events of a rank still running counted as
 * the tracer records them (mapped files: the open block's header is kept
 * current), or by whole blocks only (streaming); a block cut short not
 * counted. */
#include <criterion/criterion.h>

#include "error.h"
#include "peek.h"
#include "trace.h"
#include "tree.h"
#include "writer.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

/* A rank file with nevents events; the writer is returned open (the rank
 * still running) unless finish. */
static skel_writer *write_rank(uint32_t rank, uint64_t nevents, int flags, int finish)
{
    char name[64], path[256];
    skel_trace_rank_filename(rank, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    skel_rank_info info = {.rank = rank, .nranks = 3, .host = "h", .mpi_library = "m"};
    skel_writer *w;
    /* Small windows: blocks of 8 KiB, a thousand events or so each. */
    cr_assert_eq(skel_writer_open(path, &info, 8192, flags | SKEL_WRITER_OVERWRITE, &w), SKEL_OK,
                 "%s", skel_last_error());
    skel_event ev;
    uint64_t t = 1000;
    for (uint64_t i = 0; i < nevents; i++) {
        skel_event_init(&ev);
        ev.seq = i;
        ev.call = SKEL_CALL_MPI_Barrier;
        ev.gap_wall = ev.gap_cpu = i == 0 ? 0 : 10 + i % 7;
        ev.t_start = t + ev.gap_wall;
        ev.t_end = ev.t_start + 5 + i % 3;
        t = ev.t_end;
        cr_assert_eq(skel_writer_event(w, &ev), SKEL_OK, "%s", skel_last_error());
    }
    if (!finish)
        return w;
    skel_rank_end end = {.nevents = nevents};
    cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    return NULL;
}

Test(peek, follows_the_ranks_as_they_record)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-peek-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    struct skel_trace_peek p;
    skel_trace_peek(dir, &p);
    cr_assert(p.ranks == 0 && p.events == 0 && p.bytes == 0, "an empty directory");
    skel_trace_peek("/nonexistent/trace", &p);
    cr_assert(p.ranks == 0 && p.events == 0, "a directory not there yet");

    write_rank(0, 5000, 0, 1);
    skel_trace_peek(dir, &p);
    cr_assert_eq(p.ranks, 1);
    /* Every event (and a few table records: an upper bound). */
    cr_assert(p.events >= 5000 && p.events <= 5003, "%llu", (unsigned long long)p.events);
    uint64_t first = p.events;

    /* Rank 1 still running, its file mapped: every event recorded so far. */
    skel_writer *running = write_rank(1, 3000, 0, 0);
    skel_trace_peek(dir, &p);
    cr_assert_eq(p.ranks, 2);
    cr_assert(p.events >= first + 3000 && p.events <= first + 3003, "%llu",
              (unsigned long long)p.events);
    uint64_t two = p.events;

    /* Rank 2 still running, streaming: only its whole blocks are written. */
    skel_writer *streaming = write_rank(2, 3000, SKEL_WRITER_STREAM, 0);
    skel_trace_peek(dir, &p);
    cr_assert_eq(p.ranks, 3);
    cr_assert(p.events > two && p.events < two + 3000, "%llu (%llu before)",
              (unsigned long long)p.events, (unsigned long long)two);
    skel_writer_abandon(running);
    skel_writer_abandon(streaming);

    /* A file cut inside its last block: that block is not counted. */
    write_rank(1, 3000, 0, 1);
    skel_trace_peek(dir, &p);
    uint64_t before = p.events;
    char name[64], path[256];
    skel_trace_rank_filename(1, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(truncate(path, st.st_size - 100), 0);
    skel_trace_peek(dir, &p);
    cr_assert(p.events < before, "the cut block still counted (%llu, %llu)",
              (unsigned long long)p.events, (unsigned long long)before);
    cr_assert(p.events + 3000 > before, "more than the cut block lost");
    skel_remove_tree(dir);
}
