/* calltable.c - reading and validating tracer/spec/mpi_calls.tbl (calltable.h). */
#include "calltable.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every list must match its enum: classes and shapes tracer/format/calls.h,
 * categories enum skel_category there too, kinds the capture() of
 * gencalls.c.  A name missing there fails the build of the generated code. */
const char *const skel_spec_classes[] = {
    "SEND",    "RECV",    "ISEND",    "IRECV",  "SENDRECV",  "PROBE",     "IPROBE",
    "MPROBE",  "IMPROBE", "MRECV",    "IMRECV", "SEND_INIT", "RECV_INIT", "START",
    "REQFREE", "CANCEL",  "WAIT",     "COLL",   "ICOLL",     "COMM",      "COMMFREE",
    "GROUP",   "INIT",    "FINALIZE", "ABORT",  "IO",        "IIO",       "IOOPEN",
    "IOCLOSE", "IOMISC",  "RMA",      "RRMA",   "WINSYNC",   "WIN",       NULL};
const char *const skel_spec_categories[] = {"other", "p2p", "completion", "collective",
                                            "io",    "rma", NULL};
const char *const skel_spec_shapes[] = {
    "-",          "barrier",    "bcast",     "reduce",     "allreduce",  "gather",      "gatherv",
    "scatter",    "scatterv",   "allgather", "allgatherv", "alltoall",   "alltoallv",   "alltoallw",
    "redscat",    "redscatblk", "scan",      "exscan",     "nallgather", "nallgatherv", "nalltoall",
    "nalltoallv", "nalltoallw", "read",      "write",      "put",        "get",         NULL};
const char *const skel_spec_kinds[] = {
    "IGN",    "INPLACE",  "COUNT",   "SCOUNT", "RCOUNT", "SCOUNTS", "RCOUNTS", "DTYPE", "SDTYPE",
    "RDTYPE", "SDTYPES",  "RDTYPES", "DEST",   "SRC",    "TAG",     "RTAG",    "ROOT",  "OP",
    "COMM",   "COMM_OUT", "REQ_OUT", "STATUS", "FLAG",   "MSG_OUT", "MSG_IN",  "FILE",  "FILE_OUT",
    "WIN",    "WIN_OUT",  "TARGET",  "GROUP",  "OFFSET", NULL};

static const char *table_path = "(table)";

void skel_spec_die(int line, const char *fmt, ...)
{
    va_list ap;
    if (line > 0)
        fprintf(stderr, "%s:%d: ", table_path, line);
    else
        fprintf(stderr, "%s: ", table_path);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static int lookup(const char *const *list, const char *s)
{
    for (int i = 0; list[i] != NULL; i++)
        if (strcmp(list[i], s) == 0)
            return i;
    return -1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static void copy(char *dst, size_t cap, const char *src, const char *what, int line)
{
    if (strlen(src) >= cap)
        skel_spec_die(line, "%s too long: '%s'", what, src);
    strcpy(dst, src);
}

/* The parameter name is the last identifier before any [] suffixes. */
static void param_name(const char *decl, char *out, size_t cap, int line)
{
    const char *end = decl + strlen(decl);
    const char *bracket = strchr(decl, '[');
    if (bracket != NULL)
        end = bracket;
    while (end > decl && isspace((unsigned char)end[-1]))
        end--;
    const char *start = end;
    while (start > decl && (isalnum((unsigned char)start[-1]) || start[-1] == '_'))
        start--;
    if (start == end || (size_t)(end - start) >= cap)
        skel_spec_die(line, "cannot find a parameter name in '%s'", decl);
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = '\0';
}

static void parse_params(struct skel_spec_call *c, char *text)
{
    text = trim(text);
    if (*text == '\0')
        return;
    char *save = NULL;
    for (char *tok = strtok_r(text, ";", &save); tok != NULL; tok = strtok_r(NULL, ";", &save)) {
        tok = trim(tok);
        char *colon = strrchr(tok, ':');
        if (colon == NULL)
            skel_spec_die(c->line, "parameter '%s' of %s has no :KIND", tok, c->name);
        *colon = '\0';
        if (c->nparams == SKEL_SPEC_MAX_PARAMS)
            skel_spec_die(c->line, "%s has too many parameters", c->name);
        struct skel_spec_param *p = &c->params[c->nparams++];
        copy(p->decl, sizeof p->decl, trim(tok), "declaration", c->line);
        copy(p->kind, sizeof p->kind, trim(colon + 1), "kind", c->line);
        if (lookup(skel_spec_kinds, p->kind) < 0)
            skel_spec_die(c->line, "unknown parameter kind '%s' in %s", p->kind, c->name);
        param_name(p->decl, p->name, sizeof p->name, c->line);
    }
}

/* One line "id | name | class | category | shape | flags | params" into c. */
static void parse_line(struct skel_spec_call *c, char *s, int line, char *seen_id)
{
    char *field[6];
    char *p = s;
    for (int nf = 0; nf < 6; nf++) {
        char *bar = strchr(p, '|');
        if (bar == NULL)
            skel_spec_die(line, "expected 7 '|'-separated columns");
        *bar = '\0';
        field[nf] = trim(p);
        p = bar + 1;
    }
    memset(c, 0, sizeof *c);
    c->line = line;
    char *end;
    long id = strtol(field[0], &end, 10);
    if (*field[0] == '\0' || *end != '\0' || id < 16 || id >= SKEL_SPEC_MAX_ID)
        skel_spec_die(line, "bad id '%s' (expected 16..%d)", field[0], SKEL_SPEC_MAX_ID - 1);
    if (seen_id[id])
        skel_spec_die(line, "duplicate id %ld", id);
    seen_id[id] = 1;
    c->id = (int)id;
    copy(c->name, sizeof c->name, field[1], "name", line);
    if (strncmp(c->name, "MPI_", 4) != 0)
        skel_spec_die(line, "name '%s' does not start with MPI_", c->name);
    copy(c->klass, sizeof c->klass, field[2], "class", line);
    if (lookup(skel_spec_classes, c->klass) < 0)
        skel_spec_die(line, "unknown class '%s'", c->klass);
    copy(c->category, sizeof c->category, field[3], "category", line);
    if (lookup(skel_spec_categories, c->category) < 0)
        skel_spec_die(line,
                      "unknown category '%s' (expected other, p2p, completion, collective, "
                      "io or rma)",
                      c->category);
    copy(c->shape, sizeof c->shape, field[4], "shape", line);
    if (lookup(skel_spec_shapes, c->shape) < 0)
        skel_spec_die(line, "unknown shape '%s'", c->shape);
    if (strcmp(field[5], "-") != 0) {
        for (const char *f = field[5]; *f; f++) {
            if (*f == 'H' && !c->handwritten)
                c->handwritten = 1;
            else if (*f == 'P' && !c->poll)
                c->poll = 1;
            else if (*f == 'S' && !c->started)
                c->started = 1;
            else if (*f == 'L' && !c->large)
                c->large = 1;
            else if (*f == '4' && !c->mpi4)
                c->mpi4 = 1;
            else
                skel_spec_die(line,
                              "flags must be '-' or H, P, S, L and 4 at most once each, got '%s'",
                              field[5]);
        }
    }
    parse_params(c, p);
    if (c->large && c->handwritten)
        skel_spec_die(line, "flag L (a generated large-count variant) cannot go with H: write "
                            "the variant by hand beside the call");
    if (c->mpi4 && !c->handwritten)
        skel_spec_die(line, "flag 4 (an MPI 4.0 call) goes with H: its hand-written wrapper "
                            "exists only where mpi.h says MPI_VERSION >= 4");
    if (c->started && (strcmp(c->klass, "GROUP") != 0 || strcmp(c->shape, "-") == 0))
        skel_spec_die(line, "flag S (a persistent collective's set-up) needs class GROUP and the "
                            "collective's shape");
}

int skel_spec_read(const char *path, struct skel_spec_call *calls, int max)
{
    table_path = path;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    char line[4096];
    static char seen_id[SKEL_SPEC_MAX_ID];
    int lineno = 0, n = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f))
            skel_spec_die(lineno, "line too long");
        char *s = trim(line);
        if (*s == '\0' || *s == '#')
            continue;
        if (n == max)
            skel_spec_die(lineno, "too many calls");
        parse_line(&calls[n], s, lineno, seen_id);
        for (int i = 0; i < n; i++)
            if (strcmp(calls[i].name, calls[n].name) == 0)
                skel_spec_die(lineno, "duplicate name %s (line %d)", calls[n].name, calls[i].line);
        n++;
    }
    fclose(f);
    if (n == 0)
        skel_spec_die(0, "no calls");
    return n;
}
