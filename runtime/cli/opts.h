/* opts.h - a subcommand's options as a table: each names its long form, its
 * letter, what it holds and where it goes, so that a command reads
 * argv -> options struct in one call (skel_cli_parse()) and its file is the
 * table, the checks between options, the library call and the printing.
 *
 *     struct skel_cli_opt opts[] = {
 *         OPT_DOUBLE("scale", 'k', &o.k, 1, 1e9),
 *         OPT_STR("output", 'o', &outdir),
 *         OPT_FLAG("quiet", 'q', &quiet),
 *         OPT_END};
 *     int first = skel_cli_parse(&cmd, opts, argc, argv, &status);
 *     if (first < 0) return status;      (help printed, or a usage error)
 *
 * Errors are one line each.  A number out of range or a bad choice names
 * the option ("--scale: 0.5 is out of range [1, 1e+09]"), reported as a
 * usage error or - for commands declared with SKEL_CLI_NUM_FAIL - as an
 * error; an unknown option is named with the command's `unknown` wording
 * and, when one is close, the option it probably meant ("skel gen: unknown
 * option '--sacle'; did you mean '--scale'?"); an option without its value
 * says so.
 *
 * Ownership: SKEL_OPT_LIST options fill a struct skel_cli_list the caller
 * releases with skel_cli_list_free() after a successful parse (after a
 * failed one the parser has released them).
 */
#ifndef SKEL_CLI_OPTS_H
#define SKEL_CLI_OPTS_H

#include <stddef.h>
#include <stdio.h>

enum skel_cli_opt_kind {
    SKEL_OPT_FLAG,   /* int: set to 1 */
    SKEL_OPT_UNSET,  /* int: set to 0 */
    SKEL_OPT_STR,    /* const char *: the argument */
    SKEL_OPT_DOUBLE, /* double in [min, max] */
    SKEL_OPT_U64,    /* uint64_t in [min, max] */
    SKEL_OPT_UINT,   /* unsigned in [min, max] */
    SKEL_OPT_LIST,   /* struct skel_cli_list: every occurrence appended */
    SKEL_OPT_WORDS,  /* struct skel_cli_list: the argument and the words after it that
                        do not start with '-' */
    SKEL_OPT_CHOICE, /* int: values[i] (or i) for the i-th word of choices ("a|b|c") */
    SKEL_OPT_FN,     /* fn(argument, dest): SKEL_OK, or a code with a detail that is
                        reported as a usage error "--NAME: detail" */
};

struct skel_cli_opt {
    const char *name; /* long name, without "--"; NULL ends the table */
    char letter;      /* short option, or 0 */
    char aka;         /* a second short option for the same thing, or 0 */
    int kind;
    void *dest;
    double min, max;     /* numbers */
    const char *choices; /* SKEL_OPT_CHOICE */
    const int *values;   /* SKEL_OPT_CHOICE: NULL for the index */
    int (*fn)(const char *arg, void *dest);
};

/* Table entries (letter 0: no short option). */
#define OPT_(n, l, k, d, ...)                                                                      \
    {                                                                                              \
        .name = (n), .letter = (l), .kind = (k), .dest = (d), __VA_ARGS__                          \
    }
#define OPT_FLAG(n, l, d)           OPT_(n, l, SKEL_OPT_FLAG, d, .min = 0)
#define OPT_UNSET(n, l, d)          OPT_(n, l, SKEL_OPT_UNSET, d, .min = 0)
#define OPT_STR(n, l, d)            OPT_(n, l, SKEL_OPT_STR, d, .min = 0)
#define OPT_LIST(n, l, d)           OPT_(n, l, SKEL_OPT_LIST, d, .min = 0)
#define OPT_WORDS(n, l, d)          OPT_(n, l, SKEL_OPT_WORDS, d, .min = 0)
#define OPT_DOUBLE(n, l, d, lo, hi) OPT_(n, l, SKEL_OPT_DOUBLE, d, .min = (lo), .max = (hi))
#define OPT_U64(n, l, d, lo, hi)    OPT_(n, l, SKEL_OPT_U64, d, .min = (lo), .max = (hi))
#define OPT_UINT(n, l, d, lo, hi)   OPT_(n, l, SKEL_OPT_UINT, d, .min = (lo), .max = (hi))
#define OPT_CHOICE(n, l, d, words, vals)                                                           \
    OPT_(n, l, SKEL_OPT_CHOICE, d, .choices = (words), .values = (vals))
#define OPT_FN(n, l, d, f) OPT_(n, l, SKEL_OPT_FN, d, .fn = (f))
/* The scaling factor K: -k and -K both, in every command that takes it. */
#define OPT_SCALE(d, lo, hi)                                                                       \
    OPT_("scale", 'k', SKEL_OPT_DOUBLE, d, .aka = 'K', .min = (lo), .max = (hi))
#define OPT_END                                                                                    \
    {                                                                                              \
        .name = NULL                                                                               \
    }

/* A NULL-terminated growing vector of arguments (they point into argv). */
struct skel_cli_list {
    const char **v;
    size_t n, cap;
};
int skel_cli_list_add(struct skel_cli_list *l, const char *s);
void skel_cli_list_free(struct skel_cli_list *l);

enum {
    SKEL_CLI_POSIX = 1,    /* stop at the first operand (a program and its own options) */
    SKEL_CLI_NUM_FAIL = 2, /* bad numbers are errors (skel_cli_fail), not usage errors */
    SKEL_CLI_QUIET = 4,    /* kept for the tables that name it: getopt never prints */
};

struct skel_cli_cmd {
    const char *name;    /* in messages: "skel NAME: ..." */
    const char *help;    /* --help prints help/HELP.txt (skel_cli_help()) */
    int flags;
    const char *unknown; /* how the command names an unknown option ("unknown option" if NULL) */
};

/* Parse argv (argv[0] the command's name) against opts, -h/--help included.
 * Returns the index of the first operand; or -1 when the command is over,
 * with *status 0 after --help or the exit status of the error printed. */
int skel_cli_parse(const struct skel_cli_cmd *cmd, const struct skel_cli_opt *opts, int argc,
                   char **argv, int *status);

#endif
