/* genfort.c - build-time generator of the tracer's Fortran wrappers: reads
 * tracer/spec/mpi_calls.tbl (the table gencalls.c reads) and writes
 *
 *   skel_fortran.c  a wrapper of every Fortran binding of every call in the
 *                   table, for the MPI the tracer is compiled against
 *
 * Usage: genfort TABLE OUTDIR
 *
 * How the Fortran bindings reach C decides what a wrapper must do (checked
 * with nm -D and objdump -d on Debian 12's MPICH 4.0.2 and Open MPI 4.1.4):
 *
 *   MPICH, mpif.h and `use mpi` (mpi_send_, also mpi_send, mpi_send__ and
 *   MPI_SEND, all one function in libmpichfort): calls the C MPI_Send, so our
 *   C wrapper records the call, but with a return address inside
 *   libmpichfort.  A FORWARDER hands the Fortran caller's return address down
 *   (skel_tr_self.fsite, see record.h) and calls the real routine.
 *
 *   MPICH, `use mpi_f08`, routines with a choice buffer (mpi_send_f08ts_):
 *   the same, so forwarders too.  Forwarding records nothing itself, so the
 *   call is still recorded once, by the C wrapper.
 *
 *   MPICH, `use mpi_f08`, routines without one (mpi_barrier_f08_) call
 *   PMPI_Barrier: our C wrapper never runs.  A CONVERTER converts the
 *   arguments to C, calls our C MPI_Barrier (which records it and calls
 *   PMPI_Barrier) and converts the results back; the real routine is not
 *   called at all.
 *
 *   Open MPI: every Fortran binding calls PMPI_* (ompi_send_f, reached as
 *   mpi_send_ & co. in libmpi_mpifh and through mpi_send_f08_ in
 *   libmpi_usempif08, which passes the same arguments on), so every routine
 *   gets a converter, exported under all those names.
 *
 * Which routines MPICH implements as *_f08ts_ is derived from the table: a
 * choice buffer is a `void *` parameter, except MPI_Win_allocate's baseptr,
 * which is an address being returned (mpi_win_allocate_f08_).
 *
 * Argument conventions (gfortran, the compiler both libraries are built
 * with): every argument is passed by address, TYPE(MPI_Comm) and the other
 * handle types are a struct of one INTEGER (so also an MPI_Fint *), the
 * optional ierror of mpi_f08 is a NULL pointer when absent, and each
 * CHARACTER argument adds a hidden size_t length after the last explicit
 * argument.  LOGICAL is an int holding 1 or 0, which C reads and writes as
 * is.  So the table's C declarations give each routine's exact Fortran
 * prototype, and the wrappers are ordinary C functions with those
 * prototypes: the compiler forwards the arguments, correctly under every
 * ABI and sanitizer.  A trampoline passing registers and stack on blindly
 * would need assembly for each ABI and, to clear the call site after the
 * call, a place of its own to keep the caller's return address.
 *
 * Irregular conversions are written by hand in tracer/fortran.c (request
 * and status arrays, Fortran's 1-based indices, Init's missing argc/argv);
 * fortran.h declares them, so the generated calls and the definitions cannot
 * disagree.  The table is read and validated by calltable.c, as for
 * gencalls.c; this generator stops on any C type it cannot pass from
 * Fortran.  Its output replaces the old one whole (tracer/base/afile.h).
 */
#include "afile.h"
#include "calltable.h"
#include "error.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a C parameter is, as far as the Fortran binding is concerned. */
enum ptype {
    P_DROP,      /* not in the Fortran binding: Init's argc and argv */
    P_BUF,       /* choice buffer: translate MPI_BOTTOM / MPI_IN_PLACE */
    P_ADDR,      /* an address returned through a void * (baseptr) */
    P_STR,       /* CHARACTER: hidden length, blank-padded */
    P_INT,       /* INTEGER or LOGICAL, in */
    P_INTP,      /* INTEGER or LOGICAL, out (int *) */
    P_INTARR,    /* INTEGER or LOGICAL array */
    P_WEIGHTS,   /* graph weights: may be MPI_UNWEIGHTED / MPI_WEIGHTS_EMPTY */
    P_RANGES,    /* int ranges[][3] */
    P_AINT,      /* MPI_Aint, in */
    P_AINTARR,   /* MPI_Aint array */
    P_OFFSET,    /* MPI_Offset, in */
    P_HANDLE,    /* a handle, in */
    P_HANDLEP,   /* a handle, in/out or out */
    P_HANDLEARR, /* an array of handles */
    P_STATUS,    /* one status, out */
    P_STATUSARR, /* an array of statuses */
};

struct param {
    const char *decl; /* "const void *buf": from the table */
    const char *name; /* "buf" */
    const char *kind; /* "IGN" */
    enum ptype type;
    int is_const;
    char handle[16]; /* P_HANDLE*: "Comm", "Type" (for MPI_Datatype), ... */
    char ctype[32];  /* P_HANDLE*: "MPI_Comm" */
};

struct call {
    int line;          /* in the table, for messages */
    const char *name;  /* "MPI_Send" */
    char lower[64];    /* "mpi_send" */
    const char *shape; /* "-" or "bcast" */
    int nparams;
    struct param params[SKEL_SPEC_MAX_PARAMS];
    int has_buffer; /* MPICH: an *_f08ts_ routine */
    int irregular;  /* converter written by hand in tracer/fortran.c */
};

static struct skel_spec_call spec[SKEL_SPEC_MAX_CALLS];
static struct call calls[SKEL_SPEC_MAX_CALLS];
static int ncalls;
static int lineno; /* of the call being generated, for messages */

/* MPI handle types and the stem of their f2c/c2f functions. */
static const char *const handles[][2] = {
    {"MPI_Comm", "Comm"}, {"MPI_Datatype", "Type"}, {"MPI_Group", "Group"},
    {"MPI_Info", "Info"}, {"MPI_Op", "Op"},         {"MPI_Request", "Request"},
    {"MPI_Win", "Win"},   {"MPI_File", "File"},     {"MPI_Message", "Message"},
};

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Classify a C parameter by its declaration. */
static void classify(struct call *c, struct param *p)
{
    const char *d = p->decl;
    p->is_const = strncmp(d, "const ", 6) == 0;
    if (p->is_const)
        d += 6;
    char base[64];
    size_t n = 0;
    while ((isalnum((unsigned char)d[n]) || d[n] == '_') && n + 1 < sizeof base) {
        base[n] = d[n];
        n++;
    }
    base[n] = '\0';
    int stars = 0;
    for (const char *s = d; *s; s++)
        stars += *s == '*';
    int array = strstr(d, "[]") != NULL;
    int ranges = strstr(d, "[3]") != NULL;

    if (strcmp(base, "void") == 0 && stars == 1) {
        p->type = strcmp(p->name, "baseptr") == 0 ? P_ADDR : P_BUF;
        if (p->type == P_BUF)
            c->has_buffer = 1;
    } else if (strcmp(base, "char") == 0 && stars == 3) {
        p->type = P_DROP;
    } else if (strcmp(base, "char") == 0 && stars == 1 && p->is_const) {
        p->type = P_STR;
    } else if (strcmp(base, "int") == 0) {
        if (strcmp(p->name, "argc") == 0 && stars == 1)
            p->type = P_DROP;
        else if (ranges)
            p->type = P_RANGES;
        else if (array)
            p->type = ends_with(p->name, "weights") ? P_WEIGHTS : P_INTARR;
        else if (stars == 1)
            p->type = P_INTP;
        else if (stars == 0)
            p->type = P_INT;
        else
            skel_spec_die(c->line, "%s: cannot pass '%s' from Fortran", c->name, p->decl);
    } else if (strcmp(base, "MPI_Aint") == 0) {
        p->type = array ? P_AINTARR : P_AINT;
        if (stars != 0)
            skel_spec_die(c->line, "%s: cannot pass '%s' from Fortran", c->name, p->decl);
    } else if (strcmp(base, "MPI_Offset") == 0 && stars == 0 && !array) {
        p->type = P_OFFSET;
    } else if (strcmp(base, "MPI_Status") == 0) {
        p->type = array ? P_STATUSARR : P_STATUS;
    } else {
        size_t k;
        for (k = 0; k < sizeof handles / sizeof handles[0]; k++)
            if (strcmp(base, handles[k][0]) == 0)
                break;
        if (k == sizeof handles / sizeof handles[0])
            skel_spec_die(c->line, "%s: unknown parameter type in '%s'", c->name, p->decl);
        snprintf(p->ctype, sizeof p->ctype, "%s", handles[k][0]);
        snprintf(p->handle, sizeof p->handle, "%s", handles[k][1]);
        p->type = array ? P_HANDLEARR : stars == 1 ? P_HANDLEP : P_HANDLE;
    }
    /* Conversions too irregular for a template: written in fortran.c. */
    if (p->type == P_DROP || p->type == P_STATUSARR ||
        (p->type == P_HANDLEARR && strcmp(p->handle, "Request") == 0) ||
        (p->type == P_INTP && strcmp(p->name, "indx") == 0))
        c->irregular = 1;
    if (p->type == P_HANDLEARR && !c->irregular && strcmp(p->kind, "SDTYPES") != 0 &&
        strcmp(p->kind, "RDTYPES") != 0)
        skel_spec_die(c->line, "%s: no conversion for the handle array '%s'", c->name, p->decl);
}

/* The table, with what the Fortran bindings need to know of each call. */
static void read_table(const char *path)
{
    int n = skel_spec_read(path, spec, SKEL_SPEC_MAX_CALLS);
    for (int i = 0; i < n; i++) {
        const struct skel_spec_call *sc = &spec[i];
        /* MPI 4.0's persistent collectives and partitioned set-ups have no
         * Fortran wrapper: MPICH's mpif.h and `use mpi` bindings reach the C
         * wrapper (mpi_calls.tbl, flags S and 4); Open MPI 4.1 has none of
         * them. */
        if (sc->started || sc->mpi4)
            continue;
        struct call *c = &calls[ncalls++];
        lineno = c->line = sc->line;
        c->name = sc->name;
        c->shape = sc->shape;
        for (size_t k = 0; k <= strlen(c->name); k++)
            c->lower[k] = (char)tolower((unsigned char)c->name[k]);
        c->nparams = sc->nparams;
        for (int k = 0; k < sc->nparams; k++) {
            struct param *p = &c->params[k];
            p->decl = sc->params[k].decl;
            p->name = sc->params[k].name;
            p->kind = sc->params[k].kind;
            classify(c, p);
        }
    }
}

/* ---- output ---------------------------------------------------------------- */

static FILE *out;

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
}

/* The Fortran prototype's parameter list.  Converters get typed pointers;
 * forwarders (typed = 0) only pass the arguments on, so every explicit
 * argument is a void *. */
static void emit_fparams(const struct call *c, int typed)
{
    const char *sep = "";
    for (int k = 0; k < c->nparams; k++) {
        const struct param *p = &c->params[k];
        const char *cq = p->is_const ? "const " : "";
        if (p->type == P_DROP)
            continue;
        emit("%s", sep);
        sep = ", ";
        if (!typed) {
            emit("void *%s", p->name);
            continue;
        }
        switch (p->type) {
        case P_BUF:
            emit("%svoid *%s", cq, p->name);
            break;
        case P_ADDR:
            emit("void *%s", p->name);
            break;
        case P_STR:
            emit("const char *%s", p->name);
            break;
        case P_INT:
        case P_HANDLE:
            emit("const MPI_Fint *%s", p->name);
            break;
        case P_INTP:
        case P_HANDLEP:
            emit("MPI_Fint *%s", p->name);
            break;
        case P_INTARR:
        case P_WEIGHTS:
        case P_HANDLEARR:
            emit("%sMPI_Fint *%s", cq, p->name);
            break;
        case P_RANGES:
            emit("MPI_Fint (*%s)[3]", p->name);
            break;
        case P_AINT:
        case P_AINTARR:
            emit("const MPI_Aint *%s", p->name);
            break;
        case P_OFFSET:
            emit("const MPI_Offset *%s", p->name);
            break;
        case P_STATUS:
        case P_STATUSARR:
            emit("skel_fstatus *%s", p->name);
            break;
        case P_DROP:
            break;
        }
    }
    emit("%sMPI_Fint *ierror", sep);
    for (int k = 0; k < c->nparams; k++)
        if (c->params[k].type == P_STR)
            emit(", size_t %s_len", c->params[k].name);
}

static const char *null_handle(const char *ctype)
{
    static const char *const nulls[][2] = {
        {"MPI_Comm", "MPI_COMM_NULL"},      {"MPI_Datatype", "MPI_DATATYPE_NULL"},
        {"MPI_Group", "MPI_GROUP_NULL"},    {"MPI_Info", "MPI_INFO_NULL"},
        {"MPI_Op", "MPI_OP_NULL"},          {"MPI_Request", "MPI_REQUEST_NULL"},
        {"MPI_Win", "MPI_WIN_NULL"},        {"MPI_File", "MPI_FILE_NULL"},
        {"MPI_Message", "MPI_MESSAGE_NULL"}};
    for (size_t k = 0; k < sizeof nulls / sizeof nulls[0]; k++)
        if (strcmp(ctype, nulls[k][0]) == 0)
            return nulls[k][1];
    skel_spec_die(lineno, "no null handle for %s", ctype);
}

/* Kinds of the handles a call only creates: no need to convert them in. */
static int out_only(const struct param *p)
{
    return strcmp(p->kind, "COMM_OUT") == 0 || strcmp(p->kind, "REQ_OUT") == 0 ||
           strcmp(p->kind, "FILE_OUT") == 0 || strcmp(p->kind, "WIN_OUT") == 0 ||
           strcmp(p->kind, "MSG_OUT") == 0;
}

static const struct param *find_kind(const struct call *c, const char *kind)
{
    for (int k = 0; k < c->nparams; k++)
        if (strcmp(c->params[k].kind, kind) == 0)
            return &c->params[k];
    return NULL;
}

/* A converter: Fortran arguments -> C, our C wrapper, results -> Fortran. */
static void emit_converter(const struct call *c)
{
    emit("/* %s */\nstatic void skel_fc_%s(", c->name, c->name);
    emit_fparams(c, 1);
    emit(")\n{\n");
    if (c->irregular) {
        /* fortran.c converts; the site is handed down around it. */
        emit("    const void *skel_saved = skel_f_enter(__builtin_return_address(0));\n");
        emit("    int rc = skel_f_%s(", c->lower + 4);
        const char *sep = "";
        for (int k = 0; k < c->nparams; k++) {
            if (c->params[k].type == P_DROP)
                continue;
            emit("%s%s", sep, c->params[k].name);
            sep = ", ";
        }
        emit(");\n    skel_f_leave(skel_saved);\n");
        emit("    if (ierror != NULL)\n        *ierror = rc;\n}\n\n");
        return;
    }

    /* In: handles, buffers, strings and arrays into locals. */
    int fallible = 0;
    for (int k = 0; k < c->nparams; k++) {
        const struct param *p = &c->params[k];
        switch (p->type) {
        case P_HANDLE:
            emit("    %s %s_c = PMPI_%s_f2c(*%s);\n", p->ctype, p->name, p->handle, p->name);
            break;
        case P_HANDLEP:
            if (out_only(p))
                emit("    %s %s_c = %s;\n", p->ctype, p->name, null_handle(p->ctype));
            else
                emit("    %s %s_c = PMPI_%s_f2c(*%s);\n", p->ctype, p->name, p->handle, p->name);
            break;
        case P_BUF:
            emit("    %svoid *%s_c = skel_f_buf(%s);\n", p->is_const ? "const " : "", p->name,
                 p->name);
            break;
        case P_STATUS:
            emit("    MPI_Status %s_s;\n    MPI_Status *%s_c = skel_f_status_in(%s, &%s_s);\n",
                 p->name, p->name, p->name, p->name);
            break;
        default:
            break;
        }
    }
    int slot = 0;
    for (int k = 0; k < c->nparams; k++) {
        const struct param *p = &c->params[k];
        if (p->type == P_STR) {
            emit("    const char *%s_c = skel_f_string(%s, %s_len, %d);\n", p->name, p->name,
                 p->name, slot++);
            fallible = 1;
        } else if (p->type == P_HANDLEARR) {
            /* Per-peer datatypes (w-variants): as many as the peers; the
             * send side is not read with MPI_IN_PLACE. */
            const struct param *comm = find_kind(c, "COMM");
            const struct param *inplace = find_kind(c, "INPLACE");
            if (comm == NULL)
                skel_spec_die(c->line, "%s: per-peer datatypes without a communicator", c->name);
            int send = strcmp(p->kind, "SDTYPES") == 0;
            const char *flags = c->shape[0] == 'n'
                                    ? (send ? "SKEL_F_NEIGHBOR_OUT" : "SKEL_F_NEIGHBOR_IN")
                                    : "SKEL_F_PEERS";
            emit("    const MPI_Datatype *%s_c = skel_f_types(%s, ", p->name, p->name);
            if (send && inplace != NULL)
                emit("%s_c == MPI_IN_PLACE ? 0 : ", inplace->name);
            emit("skel_f_npeers(%s_c, %s), %d);\n", comm->name, flags, send ? 0 : 1);
            fallible = 1;
        }
    }

    /* The call. */
    const char *indent = "    ";
    if (fallible) {
        emit("    int rc = MPI_ERR_NO_MEM;\n    if (");
        const char *sep = "";
        for (int k = 0; k < c->nparams; k++) {
            const struct param *p = &c->params[k];
            if (p->type == P_STR || p->type == P_HANDLEARR) {
                emit("%s%s_c != NULL", sep, p->name);
                sep = " && ";
            }
        }
        emit(") {\n");
        indent = "        ";
        emit("%sconst void *skel_saved = skel_f_enter(__builtin_return_address(0));\n", indent);
        emit("%src = %s(", indent, c->name);
    } else {
        emit("    const void *skel_saved = skel_f_enter(__builtin_return_address(0));\n");
        emit("    int rc = %s(", c->name);
    }
    const char *sep = "";
    for (int k = 0; k < c->nparams; k++) {
        const struct param *p = &c->params[k];
        emit("%s", sep);
        sep = ", ";
        switch (p->type) {
        case P_BUF:
        case P_HANDLE:
        case P_STR:
        case P_STATUS:
        case P_HANDLEARR:
            emit("%s_c", p->name);
            break;
        case P_HANDLEP:
            emit("&%s_c", p->name);
            break;
        case P_INT:
        case P_AINT:
        case P_OFFSET:
            emit("*%s", p->name);
            break;
        case P_WEIGHTS:
            emit("skel_f_weights(%s)", p->name);
            break;
        case P_ADDR:
        case P_INTP:
        case P_INTARR:
        case P_RANGES:
        case P_AINTARR:
            emit("%s", p->name);
            break;
        case P_DROP:
        case P_STATUSARR:
            skel_spec_die(c->line, "%s: irregular parameter in a generated converter", c->name);
        }
    }
    emit(");\n%sskel_f_leave(skel_saved);\n", indent);
    if (fallible)
        emit("    }\n");

    /* Out: handles and statuses back to Fortran. */
    int nout = 0;
    for (int k = 0; k < c->nparams; k++)
        nout += c->params[k].type == P_HANDLEP || c->params[k].type == P_STATUS;
    if (nout > 0) {
        emit("    if (SKEL_F_OUT_OK(rc)) {\n");
        for (int k = 0; k < c->nparams; k++) {
            const struct param *p = &c->params[k];
            if (p->type == P_HANDLEP)
                emit("        *%s = PMPI_%s_c2f(%s_c);\n", p->name, p->handle, p->name);
            else if (p->type == P_STATUS)
                emit("        skel_f_status_out(%s_c, %s);\n", p->name, p->name);
        }
        emit("    }\n");
    }
    emit("    if (ierror != NULL)\n        *ierror = rc;\n}\n\n");
}

/* A forwarder: hands the caller's address down, calls the real routine. */
static void emit_forwarder(const struct call *c, const char *prefix, const char *real)
{
    emit("/* %s: forwarded to %s */\nstatic void %s%s(", c->name, real, prefix, c->name);
    emit_fparams(c, 0);
    emit(")\n{\n    typedef void fn_t(");
    emit_fparams(c, 0);
    emit(");\n");
    emit("    static skel_f_fn real;\n");
    emit("    skel_f_fn fn = __atomic_load_n(&real, __ATOMIC_RELAXED);\n");
    emit("    if (__builtin_expect(fn == NULL, 0)) {\n");
    emit("        fn = skel_f_next(\"%s\");\n", real);
    emit("        __atomic_store_n(&real, fn, __ATOMIC_RELAXED);\n    }\n");
    emit("    const void *skel_saved = skel_f_enter(__builtin_return_address(0));\n");
    emit("    ((fn_t *)fn)(");
    const char *sep = "";
    for (int k = 0; k < c->nparams; k++) {
        if (c->params[k].type == P_DROP)
            continue;
        emit("%s%s", sep, c->params[k].name);
        sep = ", ";
    }
    emit("%sierror", sep);
    for (int k = 0; k < c->nparams; k++)
        if (c->params[k].type == P_STR)
            emit(", %s_len", c->params[k].name);
    emit(");\n    skel_f_leave(skel_saved);\n}\n\n");
}

/* The four names compilers give a routine in mpif.h/`use mpi` (gfortran:
 * one underscore; g77 and f2c: two when the name has one; others: none or
 * upper case); the MPI libraries export all four as one function. */
static void emit_mpif_aliases(const struct call *c, const char *impl)
{
    char upper[64];
    for (size_t i = 0; i <= strlen(c->name); i++)
        upper[i] = (char)toupper((unsigned char)c->name[i]);
    emit("SKEL_F_ALIAS(%s%s, %s)\n", impl, c->name, c->lower);
    emit("SKEL_F_ALIAS(%s%s, %s_)\n", impl, c->name, c->lower);
    emit("SKEL_F_ALIAS(%s%s, %s__)\n", impl, c->name, c->lower);
    emit("SKEL_F_ALIAS(%s%s, %s)\n", impl, c->name, upper);
}

static void output_failed(void)
{
    fprintf(stderr, "genfort: %s\n", skel_last_error());
    exit(1);
}

static void write_fortran(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/skel_fortran.c", dir);
    skel_afile *af;
    if (skel_afile_open(path, &af) != SKEL_OK)
        output_failed();
    out = skel_afile_stream(af);
    int nbuf = 0, nirr = 0;
    for (int i = 0; i < ncalls; i++) {
        nbuf += calls[i].has_buffer;
        nirr += calls[i].irregular;
    }
    emit("/* DO NOT EDIT: generated from tracer/spec/mpi_calls.tbl by tracer/spec/genfort.c. */\n");
    emit("/* The Fortran bindings of the %d calls of the table (see genfort.c):\n", ncalls);
    emit(" *   MPICH:    %d x 4 mpif.h/`use mpi` names forwarded, %d *_f08ts_ forwarded,\n", ncalls,
         nbuf);
    emit(" *             %d *_f08_ converted;\n", ncalls - nbuf);
    emit(" *   Open MPI: %d x (4 mpif.h/`use mpi` names + *_f08_) converted.\n", ncalls);
    emit(" * %d converters are irregular: their conversions are in tracer/fortran.c. */\n", nirr);
    emit("#include \"fortran.h\"\n\n");

    emit("/* ---- converters ---- */\n\n");
    for (int i = 0; i < ncalls; i++) {
        const struct call *c = &calls[i];
        if (c->has_buffer)
            emit("#if SKEL_F_OMPI\n");
        lineno = c->line;
        emit_converter(c);
        if (c->has_buffer)
            emit("#endif\n\n");
    }

    emit("#if SKEL_F_MPICH\n\n/* ---- MPICH: forwarders ---- */\n\n");
    for (int i = 0; i < ncalls; i++) {
        char real[80];
        snprintf(real, sizeof real, "%s_", calls[i].lower);
        emit_forwarder(&calls[i], "skel_fw_", real);
        if (calls[i].has_buffer) {
            snprintf(real, sizeof real, "%s_f08ts_", calls[i].lower);
            emit_forwarder(&calls[i], "skel_fw08_", real);
        }
    }
    emit("/* ---- MPICH: exported names ---- */\n\n");
    for (int i = 0; i < ncalls; i++) {
        const struct call *c = &calls[i];
        emit_mpif_aliases(c, "skel_fw_");
        if (c->has_buffer)
            emit("SKEL_F_ALIAS(skel_fw08_%s, %s_f08ts_)\n", c->name, c->lower);
        else
            emit("SKEL_F_ALIAS(skel_fc_%s, %s_f08_)\n", c->name, c->lower);
    }

    emit("\n#elif SKEL_F_OMPI\n\n/* ---- Open MPI: exported names ---- */\n\n");
    for (int i = 0; i < ncalls; i++) {
        emit_mpif_aliases(&calls[i], "skel_fc_");
        emit("SKEL_F_ALIAS(skel_fc_%s, %s_f08_)\n", calls[i].name, calls[i].lower);
    }
    emit("\n#endif\n");

    if (skel_afile_commit(af) != SKEL_OK)
        output_failed();
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: genfort TABLE OUTDIR\n");
        return 2;
    }
    read_table(argv[1]);
    write_fortran(argv[2]);
    return 0;
}
