/* gencalls.c - build-time generator: reads tracer/spec/mpi_calls.tbl and writes
 *
 *   skel_call_ids.h     enum skel_call (for the format library and above)
 *   skel_call_table.inc the call table rows (tracer/format/calls.c includes it)
 *   skel_wrappers.c     the PMPI wrappers of every call not marked H
 *
 * Usage: gencalls TABLE OUTDIR
 *
 * Every wrapper has the same shape (see tracer/record.h): enter (time stamp,
 * gap), call PMPI, leave (time stamp), capture the parameters by kind into a
 * struct skel_tr_call, and hand it to skel_tr_commit(), the one real handler.
 * The table is validated strictly: an unknown kind or class, a duplicate id or
 * name, or a malformed line stops the build with the line number.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CALLS  512
#define MAX_PARAMS 16
#define MAX_ID     1024

struct param {
    char decl[160]; /* "const void *buf" */
    char name[64];  /* "buf" */
    char kind[16];  /* "IGN" */
};

struct call {
    int id;
    char name[64];
    char klass[16];
    char shape[16];
    int handwritten;
    int nparams;
    struct param params[MAX_PARAMS];
};

static struct call calls[MAX_CALLS];
static int ncalls;
static const char *table_path;
static int lineno;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: ", table_path, lineno);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
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

static void copy(char *dst, size_t cap, const char *src, const char *what)
{
    if (strlen(src) >= cap)
        die("%s too long: '%s'", what, src);
    strcpy(dst, src);
}

static const char *const classes[] = {
    "SEND",     "RECV",    "ISEND",   "IRECV",  "SENDRECV", "PROBE",  "IPROBE",    "MPROBE",
    "IMPROBE",  "MRECV",   "IMRECV",  "SEND_INIT", "RECV_INIT", "START", "REQFREE", "CANCEL",
    "WAIT",     "COLL",    "ICOLL",   "COMM",   "COMMFREE", "GROUP",  "INIT",      "FINALIZE",
    "ABORT",    "IO",      "IIO",     "IOOPEN", "IOCLOSE",  "IOMISC", "RMA",       "RRMA",
    "WINSYNC",  "WIN",     NULL};
static const char *const shapes[] = {
    "-",         "barrier",    "bcast",     "reduce",     "allreduce",  "gather",
    "gatherv",   "scatter",    "scatterv",  "allgather",  "allgatherv", "alltoall",
    "alltoallv", "alltoallw",  "redscat",   "redscatblk", "scan",       "exscan",
    "nallgather", "nallgatherv", "nalltoall", "nalltoallv", "nalltoallw", "read",
    "write",     "put",        "get",       NULL};
static const char *const kinds[] = {
    "IGN",   "INPLACE", "COUNT", "SCOUNT",  "RCOUNT", "SCOUNTS", "RCOUNTS", "DTYPE",
    "SDTYPE", "RDTYPE", "SDTYPES", "RDTYPES", "DEST", "SRC",     "TAG",     "RTAG",
    "ROOT",  "OP",      "COMM",  "COMM_OUT", "REQ_OUT", "STATUS", "FLAG",  "MSG_OUT",
    "MSG_IN", "FILE",   "FILE_OUT", "WIN",  "WIN_OUT", "TARGET", NULL};

static int lookup(const char *const *list, const char *s)
{
    for (int i = 0; list[i] != NULL; i++)
        if (strcmp(list[i], s) == 0)
            return i;
    return -1;
}

/* The parameter name is the last identifier before any [] suffixes. */
static void param_name(const char *decl, char *out, size_t cap)
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
        die("cannot find a parameter name in '%s'", decl);
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = '\0';
}

static void parse_params(struct call *c, char *text)
{
    text = trim(text);
    if (*text == '\0')
        return;
    char *save = NULL;
    for (char *tok = strtok_r(text, ";", &save); tok != NULL; tok = strtok_r(NULL, ";", &save)) {
        tok = trim(tok);
        char *colon = strrchr(tok, ':');
        if (colon == NULL)
            die("parameter '%s' of %s has no :KIND", tok, c->name);
        *colon = '\0';
        if (c->nparams == MAX_PARAMS)
            die("%s has too many parameters", c->name);
        struct param *p = &c->params[c->nparams++];
        copy(p->decl, sizeof p->decl, trim(tok), "declaration");
        copy(p->kind, sizeof p->kind, trim(colon + 1), "kind");
        if (lookup(kinds, p->kind) < 0)
            die("unknown parameter kind '%s' in %s", p->kind, c->name);
        param_name(p->decl, p->name, sizeof p->name);
    }
}

static void read_table(void)
{
    FILE *f = fopen(table_path, "r");
    if (f == NULL) {
        perror(table_path);
        exit(1);
    }
    char line[4096];
    static char seen_id[MAX_ID];
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f))
            die("line too long");
        char *s = trim(line);
        if (*s == '\0' || *s == '#')
            continue;
        char *field[5];
        int nf = 0;
        char *p = s;
        while (nf < 5) {
            char *bar = strchr(p, '|');
            if (bar == NULL)
                die("expected 6 '|'-separated columns");
            *bar = '\0';
            field[nf++] = trim(p);
            p = bar + 1;
        }
        if (ncalls == MAX_CALLS)
            die("too many calls");
        struct call *c = &calls[ncalls++];
        char *end;
        long id = strtol(field[0], &end, 10);
        if (*field[0] == '\0' || *end != '\0' || id < 16 || id >= MAX_ID)
            die("bad id '%s' (expected 16..%d)", field[0], MAX_ID - 1);
        if (seen_id[id])
            die("duplicate id %ld", id);
        seen_id[id] = 1;
        c->id = (int)id;
        copy(c->name, sizeof c->name, field[1], "name");
        if (strncmp(c->name, "MPI_", 4) != 0)
            die("name '%s' does not start with MPI_", c->name);
        for (int i = 0; i < ncalls - 1; i++)
            if (strcmp(calls[i].name, c->name) == 0)
                die("duplicate name %s", c->name);
        copy(c->klass, sizeof c->klass, field[2], "class");
        if (lookup(classes, c->klass) < 0)
            die("unknown class '%s'", c->klass);
        copy(c->shape, sizeof c->shape, field[3], "shape");
        if (lookup(shapes, c->shape) < 0)
            die("unknown shape '%s'", c->shape);
        if (strcmp(field[4], "H") == 0)
            c->handwritten = 1;
        else if (strcmp(field[4], "-") != 0)
            die("flags must be H or -, got '%s'", field[4]);
        parse_params(c, p);
    }
    fclose(f);
    if (ncalls == 0)
        die("no calls");
}

static FILE *open_out(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.tmp", dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    fprintf(f, "/* DO NOT EDIT: generated from tracer/spec/mpi_calls.tbl by tracer/spec/gencalls.c. */\n");
    return f;
}

static void close_out(FILE *f, const char *dir, const char *name)
{
    char tmp[4096], path[4096];
    snprintf(tmp, sizeof tmp, "%s/%s.tmp", dir, name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        perror(path);
        exit(1);
    }
}

static void upper(char *dst, const char *src)
{
    while (*src)
        *dst++ = (char)toupper((unsigned char)*src++);
    *dst = '\0';
}

static void write_ids(const char *dir)
{
    FILE *f = open_out(dir, "skel_call_ids.h");
    int max = 0;
    fprintf(f, "#ifndef SKEL_CALL_IDS_H\n#define SKEL_CALL_IDS_H\n\nenum skel_call {\n    SKEL_CALL_NONE = 0,\n");
    for (int i = 0; i < ncalls; i++) {
        fprintf(f, "    SKEL_CALL_%s = %d,\n", calls[i].name, calls[i].id);
        if (calls[i].id > max)
            max = calls[i].id;
    }
    fprintf(f, "};\n\n/* One more than the largest call id. */\n#define SKEL_CALL_LIMIT %d\n\n#endif\n",
            max + 1);
    close_out(f, dir, "skel_call_ids.h");
}

static void write_table(const char *dir)
{
    FILE *f = open_out(dir, "skel_call_table.inc");
    for (int i = 0; i < ncalls; i++) {
        const struct call *c = &calls[i];
        char cls[32], shp[32];
        upper(cls, c->klass);
        upper(shp, strcmp(c->shape, "-") == 0 ? "none" : c->shape);
        int rooted = 0;
        for (int k = 0; k < c->nparams; k++)
            if (strcmp(c->params[k].kind, "ROOT") == 0)
                rooted = 1;
        fprintf(f, "[%d] = {\"%s\", SKEL_CLASS_%s, SKEL_SHAPE_%s, %d, %d},\n", c->id, c->name, cls,
                shp, rooted, c->handwritten);
    }
    close_out(f, dir, "skel_call_table.inc");
}

/* Statement capturing one parameter after the PMPI call, or "" for none. */
static const char *capture(const struct param *p, char *buf, size_t cap)
{
    const char *k = p->kind;
    const char *n = p->name;
    buf[0] = '\0';
    if (strcmp(k, "INPLACE") == 0)
        snprintf(buf, cap, "c.inplace = ((const void *)%s == (const void *)MPI_IN_PLACE);", n);
    else if (strcmp(k, "COUNT") == 0)
        snprintf(buf, cap, "c.count = %s;", n);
    else if (strcmp(k, "SCOUNT") == 0)
        snprintf(buf, cap, "c.scount = %s;", n);
    else if (strcmp(k, "RCOUNT") == 0)
        snprintf(buf, cap, "c.rcount = %s;", n);
    else if (strcmp(k, "SCOUNTS") == 0)
        snprintf(buf, cap, "c.scounts = %s;", n);
    else if (strcmp(k, "RCOUNTS") == 0)
        snprintf(buf, cap, "c.rcounts = %s;", n);
    else if (strcmp(k, "DTYPE") == 0)
        snprintf(buf, cap, "c.dt = %s;", n);
    else if (strcmp(k, "SDTYPE") == 0)
        snprintf(buf, cap, "c.sdt = %s;", n);
    else if (strcmp(k, "RDTYPE") == 0)
        snprintf(buf, cap, "c.rdt = %s;", n);
    else if (strcmp(k, "SDTYPES") == 0)
        snprintf(buf, cap, "c.sdts = %s;", n);
    else if (strcmp(k, "RDTYPES") == 0)
        snprintf(buf, cap, "c.rdts = %s;", n);
    else if (strcmp(k, "DEST") == 0)
        snprintf(buf, cap, "c.dest = %s;", n);
    else if (strcmp(k, "SRC") == 0)
        snprintf(buf, cap, "c.src = %s;", n);
    else if (strcmp(k, "TAG") == 0)
        snprintf(buf, cap, "c.tag = %s;", n);
    else if (strcmp(k, "RTAG") == 0)
        snprintf(buf, cap, "c.rtag = %s;", n);
    else if (strcmp(k, "ROOT") == 0)
        snprintf(buf, cap, "c.root = %s;", n);
    else if (strcmp(k, "OP") == 0)
        snprintf(buf, cap, "c.op = %s;", n);
    else if (strcmp(k, "COMM") == 0)
        snprintf(buf, cap, "c.comm = %s;", n);
    else if (strcmp(k, "COMM_OUT") == 0)
        snprintf(buf, cap, "c.newcomm = %s;", n);
    else if (strcmp(k, "REQ_OUT") == 0)
        snprintf(buf, cap, "c.reqp = %s;", n);
    else if (strcmp(k, "STATUS") == 0)
        snprintf(buf, cap, "c.status = %s;", n);
    else if (strcmp(k, "FLAG") == 0)
        snprintf(buf, cap, "c.flagp = %s;", n);
    else if (strcmp(k, "MSG_OUT") == 0)
        snprintf(buf, cap, "c.msgp = %s;", n);
    else if (strcmp(k, "FILE_OUT") == 0)
        snprintf(buf, cap, "c.fhp = %s;", n);
    else if (strcmp(k, "WIN") == 0)
        snprintf(buf, cap, "c.win = %s;", n);
    else if (strcmp(k, "WIN_OUT") == 0)
        snprintf(buf, cap, "c.winp = %s;", n);
    else if (strcmp(k, "TARGET") == 0)
        snprintf(buf, cap, "c.target = %s;", n);
    return buf;
}

static void write_wrappers(const char *dir)
{
    FILE *f = open_out(dir, "skel_wrappers.c");
    fprintf(f, "#include \"record.h\"\n\n");
    for (int i = 0; i < ncalls; i++) {
        const struct call *c = &calls[i];
        if (c->handwritten)
            continue;
        char args[1024] = "", decls[2048] = "";
        for (int k = 0; k < c->nparams; k++) {
            if (k > 0) {
                strcat(args, ", ");
                strcat(decls, ", ");
            }
            strcat(args, c->params[k].name);
            strcat(decls, c->params[k].decl);
        }
        if (c->nparams == 0)
            strcpy(decls, "void");
        fprintf(f, "int %s(%s)\n{\n", c->name, decls);
        fprintf(f, "    struct skel_tr_call c;\n");
        fprintf(f, "    if (!skel_tr_enter(&c, SKEL_CALL_%s, __builtin_return_address(0)))\n",
                c->name);
        fprintf(f, "        return P%s(%s);\n", c->name, args);
        /* Things that must be read before the call changes them. */
        for (int k = 0; k < c->nparams; k++) {
            const struct param *p = &c->params[k];
            if (strcmp(p->kind, "STATUS") == 0)
                fprintf(f, "    MPI_Status skel_status;\n    if (%s == MPI_STATUS_IGNORE)\n"
                           "        %s = &skel_status;\n", p->name, p->name);
            else if (strcmp(p->kind, "FILE") == 0 && strchr(p->decl, '*') != NULL)
                fprintf(f, "    c.fh = *%s;\n", p->name);
            else if (strcmp(p->kind, "FILE") == 0)
                fprintf(f, "    c.fh = %s;\n", p->name);
            else if (strcmp(p->kind, "MSG_IN") == 0)
                fprintf(f, "    c.msg = *%s;\n", p->name);
        }
        fprintf(f, "    int rc = P%s(%s);\n", c->name, args);
        fprintf(f, "    skel_tr_leave(&c);\n");
        for (int k = 0; k < c->nparams; k++) {
            char buf[256];
            const char *stmt = capture(&c->params[k], buf, sizeof buf);
            if (*stmt)
                fprintf(f, "    %s\n", stmt);
        }
        fprintf(f, "    skel_tr_commit(&c, rc);\n    return rc;\n}\n\n");
    }
    close_out(f, dir, "skel_wrappers.c");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gencalls TABLE OUTDIR\n");
        return 2;
    }
    table_path = argv[1];
    read_table();
    write_ids(argv[2]);
    write_table(argv[2]);
    write_wrappers(argv[2]);
    return 0;
}
