/* skel.c - the `skel` executable: dispatches to one subcommand per verb. */
#include "cli.h"
#include "commands.h"

#include "afile.h"
#include "error.h"

#include <stdio.h>
#include <string.h>

struct command {
    const char *name;
    int (*fn)(int, char **);
    const char *summary;
};

static const struct command commands[] = {
#define SKEL_COMMAND(name, fn, summary) {name, fn, summary},
#include "commands.def"
#undef SKEL_COMMAND
};

static void usage(FILE *out)
{
    fprintf(out, "usage: skel COMMAND [OPTIONS] [ARGS]\n\n"
                 "Skel turns a run of an MPI application into a performance skeleton.\n\n"
                 "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].summary[0] != '\0')
            fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nRun `skel COMMAND --help` for a command's options.\n"
                 "Exit statuses are listed in docs/exit-codes.md.\n");
}

/* Every command's results go to stdout: a write that failed (a full disk,
 * /dev/full, a closed pipe) must not end in exit status 0 with half a
 * table.  stdout is checked once, when the command is done; a command that
 * failed already keeps its own status and message. */
static int finish(const char *name, int status)
{
    if (skel_stream_close(stdout, "standard output") == SKEL_OK)
        return status;
    fprintf(stderr, "skel %s: error: %s (the output is incomplete)\n", name, skel_last_error());
    return status != 0 ? status : skel_exit_status(SKEL_EIO);
}

int main(int argc, char **argv)
{
    skel_stream_watch_stdout();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return finish("help", 0);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("skel %s\n", SKEL_VERSION);
        return finish("--version", 0);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return finish(commands[i].name, commands[i].fn(argc - 1, argv + 1));
    fprintf(stderr, "skel: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
