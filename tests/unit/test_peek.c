/* test_peek.c - how far a trace being written has got (peek.h): rank files
 * counted as they appear, events counted from whole blocks only, a block
 * still being written (a file cut inside it) not counted. */
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

static void write_rank(uint32_t rank, uint64_t nevents, int finish)
{
    char name[64], path[256];
    skel_trace_rank_filename(rank, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    skel_rank_info info = {.rank = rank, .nranks = 2, .host = "h", .mpi_library = "m"};
    skel_writer *w;
    /* Small blocks: 4 KiB, a few hundred events each. */
    cr_assert_eq(skel_writer_open(path, &info, 4096, 1, &w), SKEL_OK, "%s", skel_last_error());
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
    if (finish) {
        skel_rank_end end = {.nevents = nevents};
        cr_assert_eq(skel_writer_finish(w, &end), SKEL_OK, "%s", skel_last_error());
    } else {
        skel_writer_abandon(w); /* what is buffered is lost, as in a running tracer */
    }
}

Test(peek, counts_ranks_and_whole_blocks)
{
    snprintf(dir, sizeof dir, "/tmp/skel-test-peek-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    struct skel_trace_peek p;
    skel_trace_peek(dir, &p);
    cr_assert(p.ranks == 0 && p.events == 0 && p.bytes == 0, "an empty directory");
    skel_trace_peek("/nonexistent/trace", &p);
    cr_assert(p.ranks == 0 && p.events == 0, "a directory not there yet");

    write_rank(0, 5000, 1);
    skel_trace_peek(dir, &p);
    cr_assert_eq(p.ranks, 1);
    /* Every event and the end record, nothing more than the records. */
    cr_assert(p.events >= 5000 && p.events <= 5002, "%llu", (unsigned long long)p.events);
    uint64_t whole = p.bytes;

    /* Rank 1 still running: its buffered events are not on disk. */
    write_rank(1, 3000, 0);
    skel_trace_peek(dir, &p);
    cr_assert_eq(p.ranks, 2);
    cr_assert(p.events > 5000 && p.events <= 5002 + 3000, "%llu", (unsigned long long)p.events);
    cr_assert(p.events < 5000 + 3000, "the last block of rank 1 was never written");

    /* A block cut in the middle (a write in progress) is not counted. */
    uint64_t both = p.events;
    char name[64], path[256];
    skel_trace_rank_filename(0, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(truncate(path, st.st_size - 100), 0);
    skel_trace_peek(dir, &p);
    cr_assert(p.events < both, "the cut block still counted (%llu, %llu)",
              (unsigned long long)p.events, (unsigned long long)both);
    cr_assert(p.events > both - 1000, "more than the last 4 KiB block lost");
    cr_assert(p.bytes < whole + 4096 * 20, "%llu", (unsigned long long)p.bytes);
    skel_remove_tree(dir);
}
