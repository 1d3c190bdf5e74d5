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
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* What `skel --help` prints (help2man makes skel(1) of it, so its sections
 * are the man page's: the exit statuses are here because docs/ may not be
 * installed where the user looks). */
static void usage(FILE *out)
{
    fprintf(out, "usage: skel COMMAND [OPTIONS] [ARGS]\n"
                 "   or: skel --help | --version\n\n"
                 "Skel turns a run of an MPI application into a performance skeleton: a\n"
                 "short C/MPI program that runs 1/K of the application's time.\n\n"
                 "Commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (commands[i].summary[0] != '\0')
            fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\nOptions:\n"
                 "  -h, --help     print this help\n"
                 "  -V, --version  print the version of skel\n\n"
                 "Run `skel COMMAND --help` (or `man skel-COMMAND`) for a command's options.\n"
                 "Traces may be Skel trace directories or OTF2 archives (traces.otf2).\n\n"
                 "Exit status:\n"
                 "  0    success\n"
                 "  1    internal or system failure\n"
                 "  2    invalid usage (a bad option or argument)\n"
                 "  3    invalid input file (malformed, truncated, wrong version)\n"
                 "  4    a file cannot be read or written, or does not exist\n"
                 "  5    a program Skel ran failed or timed out\n"
                 "  6    a skeleton's communication schedule would deadlock\n"
                 "  128+N  interrupted by signal N (130 for Ctrl-C)\n");
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
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("skel %s\n", SKEL_VERSION);
        return finish("--version", 0);
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return finish(commands[i].name, commands[i].fn(argc - 1, argv + 1));
    /* One line: what was wrong, and what was probably meant. */
    const char *names[NCOMMANDS + 3];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    names[NCOMMANDS] = "--help";
    names[NCOMMANDS + 1] = "--version";
    const char *hint = skel_usecase_suggest(argv[1], names, NCOMMANDS + 2);
    char shown[160];
    snprintf(shown, sizeof shown, "%s", skel_usecase_printable(argv[1]));
    if (hint != NULL)
        fprintf(stderr, "skel: unknown %s '%s'; did you mean '%s'? (see 'skel --help')\n",
                argv[1][0] == '-' ? "option" : "command", shown, hint);
    else
        fprintf(stderr, "skel: unknown %s '%s' (see 'skel --help' for the commands)\n",
                argv[1][0] == '-' ? "option" : "command", shown);
    return 2;
}
