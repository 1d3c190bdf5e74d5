/* opts.c - a subcommand's options from a table (opts.h). */
#include "opts.h"

#include "cli.h"
#include "error.h"
#include "grow.h"

#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPTS 48

void skel_cli_list_free(struct skel_cli_list *l)
{
    free(l->v);
    memset(l, 0, sizeof *l);
}

int skel_cli_list_add(struct skel_cli_list *l, const char *s)
{
    if (skel_grow(&l->v, &l->cap, l->n + 2, sizeof *l->v) != SKEL_OK)
        return SKEL_ENOMEM;
    l->v[l->n++] = s;
    l->v[l->n] = NULL;
    return SKEL_OK;
}

static int takes_arg(int kind)
{
    return kind != SKEL_OPT_FLAG && kind != SKEL_OPT_UNSET;
}

static int is_number(int kind)
{
    return kind == SKEL_OPT_DOUBLE || kind == SKEL_OPT_U64 || kind == SKEL_OPT_UINT;
}

/* The i-th word of "a|b|c" equal to arg, or a usage error listing them. */
static int choice(const struct skel_cli_opt *o, const char *arg, int *out)
{
    char list[256] = "";
    size_t len = strlen(arg), nwords = 1;
    for (const char *p = o->choices; *p; p++)
        nwords += *p == '|';
    const char *p = o->choices;
    for (size_t i = 0; i < nwords; i++) {
        const char *e = strchr(p, '|');
        size_t n = e != NULL ? (size_t)(e - p) : strlen(p);
        if (n == len && memcmp(p, arg, n) == 0) {
            *out = o->values != NULL ? o->values[i] : (int)i;
            return SKEL_OK;
        }
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%.*s",
                 i == 0            ? ""
                 : i + 1 == nwords ? " or "
                                   : ", ",
                 (int)n, p);
        p = e != NULL ? e + 1 : p + n;
    }
    return skel_fail(SKEL_EUSAGE, "--%s: expected %s, got '%s'", o->name, list,
                     skel_usecase_printable(arg));
}

/* One option's argument into its destination.  Returns SKEL_OK, or a code
 * with *usage set when the error is the user's. */
static int apply(const struct skel_cli_opt *o, const char *arg, int argc, char **argv, int *usage)
{
    char what[80];
    /* Bounds as doubles: 2^64 stands for UINT64_MAX (which a double rounds up to). */
    uint64_t u, lo = (uint64_t)o->min, hi = o->max >= 0x1p64 ? UINT64_MAX : (uint64_t)o->max;
    int rc = SKEL_OK;
    snprintf(what, sizeof what, "--%s", o->name);
    *usage = 1;
    switch (o->kind) {
    case SKEL_OPT_FLAG:
    case SKEL_OPT_UNSET:
        *(int *)o->dest = o->kind == SKEL_OPT_FLAG;
        break;
    case SKEL_OPT_STR:
        *(const char **)o->dest = arg;
        break;
    case SKEL_OPT_DOUBLE:
        rc = skel_usecase_parse_double(what, arg, o->min, o->max, o->dest);
        break;
    case SKEL_OPT_U64:
        rc = skel_usecase_parse_u64(what, arg, lo, hi, o->dest);
        break;
    case SKEL_OPT_UINT:
        if ((rc = skel_usecase_parse_u64(what, arg, lo, hi, &u)) == SKEL_OK)
            *(unsigned *)o->dest = (unsigned)u;
        break;
    case SKEL_OPT_WORDS:
        /* --results A B C: the option's argument and the words after it. */
        for (rc = skel_cli_list_add(o->dest, arg);
             rc == SKEL_OK && optind < argc && argv[optind][0] != '-';)
            rc = skel_cli_list_add(o->dest, argv[optind++]);
        *usage = 0;
        break;
    case SKEL_OPT_LIST:
        rc = skel_cli_list_add(o->dest, arg);
        *usage = 0;
        break;
    case SKEL_OPT_CHOICE:
        rc = choice(o, arg, o->dest);
        break;
    case SKEL_OPT_FN:
        rc = o->fn(arg, o->dest);
        break;
    }
    return rc;
}

static void free_lists(const struct skel_cli_opt *opts)
{
    for (size_t i = 0; opts[i].name != NULL; i++)
        if (opts[i].kind == SKEL_OPT_LIST || opts[i].kind == SKEL_OPT_WORDS)
            skel_cli_list_free(opts[i].dest);
}

/* The usage error for what getopt refused: an option the table does not
 * have (with the closest one it has, when one is close) or, with missing,
 * one given without its value.  Returns the exit status. */
static int bad_option(const struct skel_cli_cmd *cmd, const struct skel_cli_opt *opts, size_t n,
                      char **argv, int missing)
{
    char word[128];
    const char *arg = argv[optind - 1];
    if (optopt != 0 && optopt < 256 && !(arg[0] == '-' && arg[1] == '-'))
        snprintf(word, sizeof word, "-%c", optopt); /* a short option, perhaps in a cluster */
    else
        snprintf(word, sizeof word, "%.*s", (int)strcspn(arg, "="), arg);
    if (missing)
        return skel_cli_usage_error(cmd->name, "option '%s' needs a value",
                                    skel_usecase_printable(word));
    const char *names[2 * MAX_OPTS + 1];
    char buf[MAX_OPTS + 1][64];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        snprintf(buf[i], sizeof buf[i], "--%s", opts[i].name);
        names[k++] = buf[i];
    }
    names[k++] = "--help";
    const char *hint = word[0] == '-' && word[1] == '-' ? skel_usecase_suggest(word, names, k)
                                                        : NULL;
    const char *what = cmd->unknown != NULL ? cmd->unknown : "unknown option";
    char shown[160];
    snprintf(shown, sizeof shown, "%s", skel_usecase_printable(word));
    if (hint != NULL)
        return skel_cli_usage_error(cmd->name, "%s '%s'; did you mean '%s'?", what, shown, hint);
    return skel_cli_usage_error(cmd->name, "%s '%s'", what, shown);
}

int skel_cli_parse(const struct skel_cli_cmd *cmd, const struct skel_cli_opt *opts, int argc,
                   char **argv, int *status)
{
    struct option lo[MAX_OPTS + 2];
    char shorts[4 * MAX_OPTS + 6];
    size_t n = 0, k = 0;
    if (cmd->flags & SKEL_CLI_POSIX)
        shorts[k++] = '+';
    shorts[k++] = ':'; /* a missing value returns ':', told apart from an unknown option */
    for (; opts[n].name != NULL && n < MAX_OPTS; n++) {
        int arg = takes_arg(opts[n].kind);
        lo[n] = (struct option){opts[n].name, arg ? required_argument : no_argument, NULL,
                                opts[n].letter ? opts[n].letter : 256 + (int)n};
        for (int a = 0; a < 2; a++) {
            char l = a == 0 ? opts[n].letter : opts[n].aka;
            if (l) {
                shorts[k++] = l;
                if (arg)
                    shorts[k++] = ':';
            }
        }
    }
    if (opts[n].name != NULL) { /* a table longer than MAX_OPTS: a programming error */
        *status = skel_cli_fail(cmd->name, skel_fail(SKEL_EINTERNAL, "too many options"));
        return -1;
    }
    lo[n] = (struct option){"help", no_argument, NULL, 'h'};
    lo[n + 1] = (struct option){NULL, 0, NULL, 0};
    shorts[k++] = 'h';
    shorts[k] = '\0';

    int c, usage;
    optind = 0; /* 0, not 1: glibc then forgets an earlier parse's scanning mode */
    opterr = 0; /* one message, ours */
    while ((c = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
        size_t i = 0;
        if (c == 'h') {
            skel_cli_help(stdout, cmd->help);
            *status = 0;
            goto over;
        }
        if (c == '?' || c == ':') {
            *status = bad_option(cmd, opts, n, argv, c == ':');
            goto over;
        }
        while (i < n && (opts[i].letter ? opts[i].letter : 256 + (int)i) != c &&
               (opts[i].aka == 0 || opts[i].aka != c))
            i++;
        if (i == n) { /* cannot happen: getopt returns what the table holds */
            *status = bad_option(cmd, opts, n, argv, 0);
            goto over;
        }
        int rc = apply(&opts[i], optarg, argc, argv, &usage);
        if (rc != SKEL_OK) {
            if (opts[i].kind == SKEL_OPT_FN)
                skel_fail_context(rc, "--%s", opts[i].name);
            *status = usage && !(cmd->flags & SKEL_CLI_NUM_FAIL && is_number(opts[i].kind))
                          ? skel_cli_usage_error(cmd->name, "%s", skel_last_error())
                          : skel_cli_fail(cmd->name, rc);
            goto over;
        }
    }
    return optind;
over:
    free_lists(opts);
    return -1;
}
