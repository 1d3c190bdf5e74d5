/* test_meta.c - the metadata file: round trip, and precise errors. */
#include <criterion/criterion.h>

#include "error.h"
#include "meta.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int parse(const char *text, skel_meta **m)
{
    return skel_meta_parse("meta", text, strlen(text), m);
}

Test(meta, round_trip_with_hostile_strings)
{
    char *cmd[] = {"./app", "--name=\"x\"\n\x01", "\xff\xfe", NULL};
    skel_meta_rank ranks[2] = {{.rank = 0, .host = "h\\0", .pid = 7, .offset_init_ns = -5,
                                .nevents = 10, .call_ns = 12},
                               {.rank = 1, .host = "<script>", .rtt_fini_ns = 3}};
    skel_meta_site sites[1] = {{.module = "/bin/a b", .offset = 99, .func = "f\"", .file = "a.c",
                                .line = 12}};
    skel_meta m = {.tracer_version = "0.1", .mpi_library = "MPICH\tVersion", .mpi_version = 4,
                   .nranks = 2, .ncommand = 3, .command = cmd, .start_unix_ns = 123,
                   .complete = 1, .ranks = ranks, .nrank_entries = 2, .sites = sites,
                   .nsites = 1};
    char path[] = "/tmp/skel-test-meta-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    cr_assert_eq(skel_meta_write(path, &m), SKEL_OK, "%s", skel_last_error());
    skel_meta *r;
    cr_assert_eq(skel_meta_read(path, &r), SKEL_OK, "%s", skel_last_error());
    unlink(path);
    cr_assert_eq(r->nranks, 2);
    cr_assert_eq(r->ncommand, 3);
    cr_assert_str_eq(r->command[1], cmd[1]);
    cr_assert_str_eq(r->command[2], cmd[2]);
    cr_assert_str_eq(r->mpi_library, "MPICH\tVersion");
    cr_assert_eq(r->nrank_entries, 2);
    cr_assert_str_eq(r->ranks[1].host, "<script>");
    cr_assert_eq(r->ranks[0].offset_init_ns, -5);
    cr_assert_eq(r->ranks[1].rtt_fini_ns, 3);
    /* The tracer's time inside a call: written when known, 0 when not. */
    cr_assert_eq(r->ranks[0].call_ns, 12);
    cr_assert_eq(r->ranks[1].call_ns, 0);
    cr_assert_eq(r->nsites, 1);
    cr_assert_str_eq(r->sites[0].module, "/bin/a b");
    cr_assert_str_eq(r->sites[0].func, "f\"");
    cr_assert_eq(r->sites[0].line, 12);
    cr_assert_eq(r->complete, 1);
    skel_meta_free(r);
}

struct bad_case {
    const char *text;
    int code;
    const char *where; /* expected in the detail */
};

Test(meta, errors_name_line_and_expectation)
{
    static const struct bad_case cases[] = {
        {"", SKEL_EFORMAT, "empty file"},
        {"ranks 2\n", SKEL_EFORMAT, "line 1, column 6: expected 'skel-trace MAJOR MINOR' first"},
        {"skel-trace 2 0\nranks 1\n", SKEL_EVERSION, "line 1"},
        {"skel-trace 1 0\nranks 0\n", SKEL_EFORMAT, "line 2"},
        {"skel-trace 1 0\nranks 2\nrank 5 pid 1\n", SKEL_EFORMAT, "line 3"},
        {"skel-trace 1 0\nranks 2\nrank 0 pid x\n", SKEL_EFORMAT, "expected pid (an integer)"},
        {"skel-trace 1 0\nranks 2\ncommand \"a\n", SKEL_EFORMAT, "unterminated string"},
        {"skel-trace 1 0\nranks 2\ncommand \"\\q\"\n", SKEL_EFORMAT, "unknown escape"},
        {"skel-trace 1 0\nranks 2\nbogus 1\n", SKEL_EFORMAT, "unknown key 'bogus'"},
        {"skel-trace 1 0\nranks 2\nrank 0 color 1\n", SKEL_EFORMAT, "unknown rank attribute"},
        {"skel-trace 1 0\nranks 2\nrank 0 call-ns 1000000001\n", SKEL_EFORMAT, "out of range"},
        {"skel-trace 1 0\nranks 2\nrank 0\nrank 0\n", SKEL_EFORMAT, "described twice"},
        {"skel-trace 1 0\nranks 2 3\n", SKEL_EFORMAT, "expected the end of the line"},
        {"skel-trace 1 0\n", SKEL_EFORMAT, "without a 'ranks' line"},
        {"skel-trace 1 0\nranks 2\nsite \"m\" -1 \"f\" \"a\" 1\n", SKEL_EFORMAT, "out of range"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        skel_meta *m = NULL;
        int rc = parse(cases[i].text, &m);
        cr_assert_eq(rc, cases[i].code, "case %zu: got %d (%s)", i, rc, skel_last_error());
        cr_assert_null(m);
        cr_assert(strstr(skel_last_error(), cases[i].where) != NULL, "case %zu: '%s' lacks '%s'",
                  i, skel_last_error(), cases[i].where);
    }
}

Test(meta, newer_minor_version_keys_are_skipped)
{
    skel_meta *m;
    cr_assert_eq(parse("skel-trace 1 9\nranks 3\nfuture-key \"x\" 12\n", &m), SKEL_OK, "%s",
                 skel_last_error());
    cr_assert_eq(m->nranks, 3);
    skel_meta_free(m);
}
