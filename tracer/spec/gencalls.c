/* gencalls.c - build-time generator: reads tracer/spec/mpi_calls.tbl (through
 * calltable.c, which validates it) and writes
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
 * Each output replaces its old version whole (tracer/base/afile.h), so an
 * interrupted build never leaves half a file for the next one to trust.
 */
#include "afile.h"
#include "calltable.h"
#include "error.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct skel_spec_call calls[SKEL_SPEC_MAX_CALLS];
static int ncalls;

static void output_failed(void)
{
    fprintf(stderr, "gencalls: %s\n", skel_last_error());
    exit(1);
}

static skel_afile *open_out(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    skel_afile *af;
    if (skel_afile_open(path, &af) != SKEL_OK)
        output_failed();
    fprintf(
        skel_afile_stream(af),
        "/* DO NOT EDIT: generated from tracer/spec/mpi_calls.tbl by tracer/spec/gencalls.c. */\n");
    return af;
}

static void close_out(skel_afile *af)
{
    if (skel_afile_commit(af) != SKEL_OK)
        output_failed();
}

static void upper(char *dst, const char *src)
{
    while (*src)
        *dst++ = (char)toupper((unsigned char)*src++);
    *dst = '\0';
}

static void write_ids(const char *dir)
{
    skel_afile *af = open_out(dir, "skel_call_ids.h");
    FILE *f = skel_afile_stream(af);
    int max = 0;
    fprintf(f, "#ifndef SKEL_CALL_IDS_H\n#define SKEL_CALL_IDS_H\n\nenum skel_call {\n    "
               "SKEL_CALL_NONE = 0,\n");
    for (int i = 0; i < ncalls; i++) {
        fprintf(f, "    SKEL_CALL_%s = %d,\n", calls[i].name, calls[i].id);
        if (calls[i].id > max)
            max = calls[i].id;
    }
    fprintf(
        f, "};\n\n/* One more than the largest call id. */\n#define SKEL_CALL_LIMIT %d\n\n#endif\n",
        max + 1);
    close_out(af);
}

static void write_table(const char *dir)
{
    skel_afile *af = open_out(dir, "skel_call_table.inc");
    FILE *f = skel_afile_stream(af);
    for (int i = 0; i < ncalls; i++) {
        const struct skel_spec_call *c = &calls[i];
        char cls[32], cat[32], shp[32];
        upper(cls, c->klass);
        upper(cat, c->category);
        upper(shp, strcmp(c->shape, "-") == 0 ? "none" : c->shape);
        int rooted = 0;
        for (int k = 0; k < c->nparams; k++)
            if (strcmp(c->params[k].kind, "ROOT") == 0)
                rooted = 1;
        fprintf(f, "[%d] = {\"%s\", SKEL_CLASS_%s, SKEL_SHAPE_%s, %d, %d, SKEL_CATEGORY_%s, %d},\n",
                c->id, c->name, cls, shp, rooted, c->handwritten, cat, c->poll);
    }
    close_out(af);
}

/* Statement capturing one parameter after the PMPI call, or "" for none
 * (large: in the large-count variant, where per-peer counts are MPI_Counts). */
static const char *capture(const struct skel_spec_param *p, int large, char *buf, size_t cap)
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
    else if (strcmp(k, "SCOUNTS") == 0) /* both members: the struct is not cleared */
        snprintf(buf, cap, "c.scounts = (struct skel_tr_counts){.%c = %s};", large ? 'c' : 'i', n);
    else if (strcmp(k, "RCOUNTS") == 0)
        snprintf(buf, cap, "c.rcounts = (struct skel_tr_counts){.%c = %s};", large ? 'c' : 'i', n);
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
    else if (strcmp(k, "WIN") == 0 && strchr(p->decl, '*') == NULL)
        snprintf(buf, cap, "c.win = %s;", n); /* a pointer (Win_free): read before the call */
    else if (strcmp(k, "WIN_OUT") == 0)
        snprintf(buf, cap, "c.winp = %s;", n);
    else if (strcmp(k, "TARGET") == 0)
        snprintf(buf, cap, "c.target = %s;", n);
    else if (strcmp(k, "GROUP") == 0)
        snprintf(buf, cap, "c.group = %s;", n);
    else if (strcmp(k, "OFFSET") == 0)
        snprintf(buf, cap, "c.offset = %s;\n    c.has_offset = 1;", n);
    return buf;
}

static const struct skel_spec_param *find_kind(const struct skel_spec_call *c, const char *kind)
{
    for (int k = 0; k < c->nparams; k++)
        if (strcmp(c->params[k].kind, kind) == 0)
            return &c->params[k];
    return NULL;
}

/* The declaration of a parameter in the large-count variant of its call
 * (MPI 4.0, "Large counts"): element counts become MPI_Count, displacement
 * arrays and a window's displacement unit MPI_Aint; the compiler checks the
 * result against mpi.h. */
static void large_decl(const struct skel_spec_param *p, char *buf, size_t cap)
{
    const char *k = p->kind, *n = p->name;
    size_t len = strlen(n);
    int counts = strcmp(k, "SCOUNTS") == 0 || strcmp(k, "RCOUNTS") == 0 ||
                 (len > 6 && strcmp(n + len - 6, "counts") == 0);
    int count = strcmp(k, "COUNT") == 0 || strcmp(k, "SCOUNT") == 0 || strcmp(k, "RCOUNT") == 0 ||
                (len > 5 && strcmp(n + len - 5, "count") == 0);
    int displs = strstr(n, "displs") != NULL && strncmp(p->decl, "const int ", 10) == 0;
    if (counts && strncmp(p->decl, "const int ", 10) == 0)
        snprintf(buf, cap, "const MPI_Count %s", p->decl + 10);
    else if (displs)
        snprintf(buf, cap, "const MPI_Aint %s", p->decl + 10);
    else if ((count || strcmp(n, "disp_unit") == 0) && strncmp(p->decl, "int ", 4) == 0)
        snprintf(buf, cap, "%s %s", count ? "MPI_Count" : "MPI_Aint", p->decl + 4);
    else
        snprintf(buf, cap, "%s", p->decl);
}

static void write_wrapper(FILE *f, const struct skel_spec_call *c, int large)
{
    char args[1024] = "", decls[2048] = "";
    for (int k = 0; k < c->nparams; k++) {
        if (k > 0) {
            strcat(args, ", ");
            strcat(decls, ", ");
        }
        strcat(args, c->params[k].name);
        char d[200];
        if (large)
            large_decl(&c->params[k], d, sizeof d);
        else
            snprintf(d, sizeof d, "%s", c->params[k].decl);
        strcat(decls, d);
    }
    if (c->nparams == 0)
        strcpy(decls, "void");
    const char *sfx = large ? "_c" : "";
    /* MPI 4.0's persistent collectives: absent from MPI 3 libraries.  The
     * large-count variants as MPICH declares them (MPI 4.0's prototypes). */
    if (large)
        fprintf(f, "#if MPI_VERSION >= 4 && defined(MPICH_VERSION)\n");
    else if (c->started)
        fprintf(f, "#if MPI_VERSION >= 4\n");
    /* A large-count call is recorded as the call it varies. */
    fprintf(f, "int %s%s(%s)\n{\n", c->name, sfx, decls);
    fprintf(f, "    struct skel_tr_call c;\n");
    fprintf(f, "    if (!skel_tr_enter(&c, SKEL_CALL_%s, __builtin_return_address(0)))\n", c->name);
    fprintf(f, "        return P%s%s(%s);\n", c->name, sfx, args);
    /* Things that must be read before the call changes them. */
    for (int k = 0; k < c->nparams; k++) {
        const struct skel_spec_param *p = &c->params[k];
        if (strcmp(p->kind, "STATUS") == 0)
            fprintf(f,
                    "    MPI_Status skel_status;\n    if (%s == MPI_STATUS_IGNORE)\n"
                    "        %s = &skel_status;\n",
                    p->name, p->name);
        else if (strcmp(p->kind, "FILE") == 0 && strchr(p->decl, '*') != NULL)
            fprintf(f, "    c.fh = *%s;\n", p->name);
        else if (strcmp(p->kind, "FILE") == 0)
            fprintf(f, "    c.fh = %s;\n", p->name);
        else if (strcmp(p->kind, "WIN") == 0 && strchr(p->decl, '*') != NULL)
            fprintf(f, "    c.win = *%s;\n", p->name);
        else if (strcmp(p->kind, "MSG_IN") == 0)
            fprintf(f, "    c.msg = *%s;\n", p->name);
    }
    /* A write through the individual file pointer: where it starts, read
     * before the call moves the pointer (record.c: describe_file). */
    if (strcmp(c->shape, "write") == 0 && find_kind(c, "OFFSET") == NULL) {
        const struct skel_spec_param *fh = find_kind(c, "FILE");
        if (fh == NULL || strchr(fh->decl, '*') != NULL)
            skel_spec_die(c->line, "%s writes but has no file handle parameter", c->name);
        fprintf(f, "    c.has_offset = skel_tr_file_position(%s, &c.offset);\n", fh->name);
    }
    fprintf(f, "    int rc = P%s%s(%s);\n", c->name, sfx, args);
    fprintf(f, "    skel_tr_leave(&c);\n");
    for (int k = 0; k < c->nparams; k++) {
        char buf[256];
        const char *stmt = capture(&c->params[k], large, buf, sizeof buf);
        if (*stmt)
            fprintf(f, "    %s\n", stmt);
    }
    fprintf(f, "    skel_tr_commit(&c, rc);\n    return rc;\n}\n");
    fprintf(f, large || c->started ? "#endif\n\n" : "\n");
}

static void write_wrappers(const char *dir)
{
    skel_afile *af = open_out(dir, "skel_wrappers.c");
    FILE *f = skel_afile_stream(af);
    fprintf(f, "#include \"record.h\"\n\n");
    for (int i = 0; i < ncalls; i++) {
        if (calls[i].handwritten)
            continue;
        write_wrapper(f, &calls[i], 0);
        if (calls[i].large)
            write_wrapper(f, &calls[i], 1);
    }
    close_out(af);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gencalls TABLE OUTDIR\n");
        return 2;
    }
    ncalls = skel_spec_read(argv[1], calls, SKEL_SPEC_MAX_CALLS);
    write_ids(argv[2]);
    write_table(argv[2]);
    write_wrappers(argv[2]);
    return 0;
}
