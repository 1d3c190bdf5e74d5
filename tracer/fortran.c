/* fortran.c - the hand-written part of the Fortran wrappers (fortran.h): the
 * conversions the generator (tracer/spec/genfort.c) leaves to us - arrays of
 * requests and statuses, Fortran's 1-based indices, MPI_Init without argc
 * and argv - and the helpers of the generated converters.
 *
 * The converters call our C wrappers (irregular.c, the generated
 * skel_wrappers.c), which record the call; they run between the generated
 * wrapper's skel_f_enter and skel_f_leave, so the call site is the Fortran
 * caller's.  Array conversions use thread-local scratch space that grows to
 * the largest call seen and is kept: no allocation per call after that.
 */
#include "fortran.h"

#include "error.h"
#include "grow.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

skel_f_fn skel_f_next(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (p == NULL) {
        /* Only a program calling `name` gets here, so some library must
         * have provided it: it was loaded before the tracer. */
        fprintf(stderr,
                "skel tracer: %s was called, but no library loaded after the tracer defines "
                "it; preload the tracer (LD_PRELOAD) rather than linking it after the MPI "
                "Fortran library\n",
                name);
        abort();
    }
    skel_f_fn fn;
    memcpy(&fn, &p, sizeof fn); /* POSIX: a data pointer from dlsym is a function's address */
    return fn;
}

/* ---- thread-local scratch space ------------------------------------------- */

struct fscratch {
    MPI_Request *reqs;
    MPI_Status *stats;
    size_t cap, stats_cap;
    MPI_Datatype *types[2];
    size_t types_cap[2];
    char *str[2];
    size_t str_cap[2];
};
static __thread struct fscratch fs __attribute__((tls_model("initial-exec")));

/* Room for n requests and statuses (at least one, so that no array passed
 * on is NULL). */
static int need(int n)
{
    size_t want = n > 0 ? (size_t)n : 1;
    return skel_grow(&fs.reqs, &fs.cap, want, sizeof *fs.reqs) == SKEL_OK &&
           skel_grow(&fs.stats, &fs.stats_cap, want, sizeof *fs.stats) == SKEL_OK;
}

/* ---- helpers of the generated converters ---------------------------------- */

const char *skel_f_string(const char *s, size_t len, int slot)
{
    while (len > 0 && s[len - 1] == ' ')
        len--;
    while (len > 0 && *s == ' ') {
        s++;
        len--;
    }
    if (skel_grow(&fs.str[slot], &fs.str_cap[slot], len + 1, 1) != SKEL_OK)
        return NULL;
    char *out = fs.str[slot];
    memcpy(out, s, len);
    out[len] = '\0';
    return out;
}

#if SKEL_F_MPICH
/* mpi_f08's MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY are module variables of
 * libmpichfort, which the tracer does not link: looked up by name, where the
 * program's own copy, if it has one, takes precedence as for the library. */
static const void *f08_sentinel(const char *name, const void **cache)
{
    const void *p = __atomic_load_n(cache, __ATOMIC_RELAXED);
    if (p == NULL) {
        p = dlsym(RTLD_DEFAULT, name);
        if (p != NULL)
            __atomic_store_n(cache, p, __ATOMIC_RELAXED);
    }
    return p;
}

const int *skel_f_weights(const MPI_Fint *w)
{
    static const void *unweighted, *empty;
    if (w != NULL && w == f08_sentinel("__mpi_f08_link_constants_MOD_mpi_unweighted", &unweighted))
        return MPI_UNWEIGHTED;
    if (w != NULL && w == f08_sentinel("__mpi_f08_link_constants_MOD_mpi_weights_empty", &empty))
        return MPI_WEIGHTS_EMPTY;
    return w;
}
#else
extern int mpi_fortran_unweighted_, mpi_fortran_weights_empty_;

const int *skel_f_weights(const MPI_Fint *w)
{
    if ((const void *)w == (const void *)&mpi_fortran_unweighted_)
        return MPI_UNWEIGHTED;
    if ((const void *)w == (const void *)&mpi_fortran_weights_empty_)
        return MPI_WEIGHTS_EMPTY;
    return w;
}
#endif

int skel_f_npeers(MPI_Comm comm, int which)
{
    int n = 0;
    if (which == SKEL_F_PEERS) {
        int inter = 0;
        if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS)
            return 0;
        if ((inter ? PMPI_Comm_remote_size(comm, &n) : PMPI_Comm_size(comm, &n)) != MPI_SUCCESS)
            return 0;
        return n;
    }
    int topo = MPI_UNDEFINED;
    if (PMPI_Topo_test(comm, &topo) != MPI_SUCCESS)
        return 0;
    if (topo == MPI_CART) {
        int ndims = 0;
        PMPI_Cartdim_get(comm, &ndims);
        return 2 * ndims;
    }
    if (topo == MPI_GRAPH) {
        int rank = 0;
        PMPI_Comm_rank(comm, &rank);
        PMPI_Graph_neighbors_count(comm, rank, &n);
        return n;
    }
    if (topo == MPI_DIST_GRAPH) {
        int in = 0, out = 0, weighted = 0;
        PMPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
        return which == SKEL_F_NEIGHBOR_IN ? in : out;
    }
    return 0;
}

const MPI_Datatype *skel_f_types(const MPI_Fint *f, int n, int slot)
{
    static const MPI_Datatype none[1];
    if (n <= 0)
        return none;
    if (skel_grow(&fs.types[slot], &fs.types_cap[slot], (size_t)n, sizeof *fs.types[slot]) !=
        SKEL_OK)
        return NULL;
    MPI_Datatype *t = fs.types[slot];
    for (int i = 0; i < n; i++)
        t[i] = PMPI_Type_f2c(f[i]);
    return t;
}

/* ---- the irregular converters --------------------------------------------- */

/* Both libraries' Fortran MPI_Init calls PMPI_Init without arguments. */
int skel_f_init(void)
{
    return MPI_Init(NULL, NULL);
}

int skel_f_init_thread(const MPI_Fint *required, MPI_Fint *provided)
{
    return MPI_Init_thread(NULL, NULL, *required, provided);
}

/* Requests in: the Fortran handles as C ones in fs.reqs. */
static void reqs_in(const MPI_Fint *f, int n)
{
    for (int i = 0; i < n; i++)
        fs.reqs[i] = PMPI_Request_f2c(f[i]);
}

static void reqs_out(MPI_Fint *f, int n)
{
    for (int i = 0; i < n; i++)
        f[i] = PMPI_Request_c2f(fs.reqs[i]);
}

/* Statuses in (see skel_f_status_in) to fs.stats, which is passed on even
 * for MPI_STATUSES_IGNORE: the C wrapper reads the statuses anyway. */
static void stats_in(const skel_fstatus *f, int n)
{
    if (!skel_f_statuses_ignored(f))
        for (int i = 0; i < n; i++)
            skel_f_status_f2c(&f[i], &fs.stats[i]);
}

static void stats_out(skel_fstatus *f, int n)
{
    if (!skel_f_statuses_ignored(f))
        for (int i = 0; i < n; i++)
            skel_f_status_c2f(&fs.stats[i], &f[i]);
}

/* A 0-based index from C as the Fortran binding returns it. */
static MPI_Fint index_out(int i)
{
    return i == MPI_UNDEFINED ? MPI_UNDEFINED : i + SKEL_F_INDEX_BASE;
}

int skel_f_waitall(const MPI_Fint *count, MPI_Fint *array_of_requests,
                   skel_fstatus *array_of_statuses)
{
    int n = *count;
    if (!need(n)) /* n < 0 goes on: MPI reports it */
        return MPI_ERR_NO_MEM;
    reqs_in(array_of_requests, n);
    stats_in(array_of_statuses, n);
    int rc = MPI_Waitall(n, fs.reqs, fs.stats);
    if (SKEL_F_OUT_OK(rc)) {
        reqs_out(array_of_requests, n);
        stats_out(array_of_statuses, n);
    }
    return rc;
}

int skel_f_testall(const MPI_Fint *count, MPI_Fint *array_of_requests, MPI_Fint *flag,
                   skel_fstatus *array_of_statuses)
{
    int n = *count;
    if (!need(n))
        return MPI_ERR_NO_MEM;
    reqs_in(array_of_requests, n);
    stats_in(array_of_statuses, n);
    int rc = MPI_Testall(n, fs.reqs, flag, fs.stats);
    if (SKEL_F_OUT_OK(rc) && *flag) {
        reqs_out(array_of_requests, n);
        stats_out(array_of_statuses, n);
    }
    return rc;
}

int skel_f_waitany(const MPI_Fint *count, MPI_Fint *array_of_requests, MPI_Fint *indx,
                   skel_fstatus *status)
{
    int n = *count;
    if (!need(n))
        return MPI_ERR_NO_MEM;
    reqs_in(array_of_requests, n);
    MPI_Status local;
    MPI_Status *st = skel_f_status_in(status, &local);
    int i = MPI_UNDEFINED;
    int rc = MPI_Waitany(n, fs.reqs, &i, st);
    if (SKEL_F_OUT_OK(rc)) {
        /* Only the request that completed changed. */
        if (i >= 0 && i < n)
            array_of_requests[i] = PMPI_Request_c2f(fs.reqs[i]);
        *indx = index_out(i);
        skel_f_status_out(st, status);
    }
    return rc;
}

int skel_f_testany(const MPI_Fint *count, MPI_Fint *array_of_requests, MPI_Fint *indx,
                   MPI_Fint *flag, skel_fstatus *status)
{
    int n = *count;
    if (!need(n))
        return MPI_ERR_NO_MEM;
    reqs_in(array_of_requests, n);
    MPI_Status local;
    MPI_Status *st = skel_f_status_in(status, &local);
    int i = MPI_UNDEFINED;
    int rc = MPI_Testany(n, fs.reqs, &i, flag, st);
    if (SKEL_F_OUT_OK(rc)) {
        if (i >= 0 && i < n)
            array_of_requests[i] = PMPI_Request_c2f(fs.reqs[i]);
        *indx = index_out(i);
        skel_f_status_out(st, status);
    }
    return rc;
}

/* Waitsome and Testsome: outcount and the indices are written by C into the
 * Fortran arrays (INTEGER is int) and then made Fortran's. */
static void some_out(int rc, int n, MPI_Fint *array_of_requests, const MPI_Fint *outcount,
                     MPI_Fint *array_of_indices, skel_fstatus *array_of_statuses)
{
    if (!SKEL_F_OUT_OK(rc) || *outcount < 0 || *outcount > n) /* MPI_UNDEFINED, error */
        return;
    for (int j = 0; j < *outcount; j++) {
        int i = array_of_indices[j];
        if (i >= 0 && i < n)
            array_of_requests[i] = PMPI_Request_c2f(fs.reqs[i]);
        array_of_indices[j] = index_out(i);
    }
    stats_out(array_of_statuses, *outcount);
}

int skel_f_waitsome(const MPI_Fint *incount, MPI_Fint *array_of_requests, MPI_Fint *outcount,
                    MPI_Fint *array_of_indices, skel_fstatus *array_of_statuses)
{
    int n = *incount;
    if (!need(n))
        return MPI_ERR_NO_MEM;
    reqs_in(array_of_requests, n);
    stats_in(array_of_statuses, n);
    int rc = MPI_Waitsome(n, fs.reqs, outcount, array_of_indices, fs.stats);
    some_out(rc, n, array_of_requests, outcount, array_of_indices, array_of_statuses);
    return rc;
}

int skel_f_testsome(const MPI_Fint *incount, MPI_Fint *array_of_requests, MPI_Fint *outcount,
                    MPI_Fint *array_of_indices, skel_fstatus *array_of_statuses)
{
    int n = *incount;
    if (!need(n))
        return MPI_ERR_NO_MEM;
    reqs_in(array_of_requests, n);
    stats_in(array_of_statuses, n);
    int rc = MPI_Testsome(n, fs.reqs, outcount, array_of_indices, fs.stats);
    some_out(rc, n, array_of_requests, outcount, array_of_indices, array_of_statuses);
    return rc;
}

int skel_f_startall(const MPI_Fint *count, MPI_Fint *array_of_requests)
{
    int n = *count;
    if (!need(n))
        return MPI_ERR_NO_MEM;
    reqs_in(array_of_requests, n);
    int rc = MPI_Startall(n, fs.reqs);
    if (SKEL_F_OUT_OK(rc))
        reqs_out(array_of_requests, n);
    return rc;
}

/* ---- MPI_Comm_idup_with_info (MPI 4.0) ------------------------------------ */

/* Not in the call table (irregular.c records it as the MPI_Comm_idup it is
 * with hints, where mpi.h has it), so the generator writes no wrapper for
 * it: these are the ones it would write (genfort.c says which and why).
 * MPICH's `use mpi` binding calls the C MPI_Comm_idup_with_info, which our
 * C wrapper records: forwarded, to give it the Fortran caller's site.  Its
 * mpi_f08 binding, and every binding of an Open MPI with MPI 4.0, call
 * PMPI_Comm_idup_with_info: converted, so that our C wrapper runs. */
#if MPI_VERSION >= 4
static void skel_fc_comm_idup_with_info(const MPI_Fint *comm, const MPI_Fint *info,
                                        MPI_Fint *newcomm, MPI_Fint *request, MPI_Fint *ierror)
{
    MPI_Comm comm_c = PMPI_Comm_f2c(*comm);
    MPI_Info info_c = PMPI_Info_f2c(*info);
    MPI_Comm newcomm_c = MPI_COMM_NULL;
    MPI_Request request_c = MPI_REQUEST_NULL;
    const void *saved = skel_f_enter(__builtin_return_address(0));
    int rc = MPI_Comm_idup_with_info(comm_c, info_c, &newcomm_c, &request_c);
    skel_f_leave(saved);
    if (SKEL_F_OUT_OK(rc)) {
        *newcomm = PMPI_Comm_c2f(newcomm_c);
        *request = PMPI_Request_c2f(request_c);
    }
    if (ierror != NULL)
        *ierror = rc;
}

#if SKEL_F_MPICH
static void skel_fw_comm_idup_with_info(void *comm, void *info, void *newcomm, void *request,
                                        MPI_Fint *ierror)
{
    typedef void fn_t(void *comm, void *info, void *newcomm, void *request, MPI_Fint *ierror);
    static skel_f_fn real;
    skel_f_fn fn = __atomic_load_n(&real, __ATOMIC_RELAXED);
    if (__builtin_expect(fn == NULL, 0)) {
        fn = skel_f_next("mpi_comm_idup_with_info_");
        __atomic_store_n(&real, fn, __ATOMIC_RELAXED);
    }
    const void *saved = skel_f_enter(__builtin_return_address(0));
    ((fn_t *)fn)(comm, info, newcomm, request, ierror);
    skel_f_leave(saved);
}
SKEL_F_ALIAS(skel_fw_comm_idup_with_info, mpi_comm_idup_with_info)
SKEL_F_ALIAS(skel_fw_comm_idup_with_info, mpi_comm_idup_with_info_)
SKEL_F_ALIAS(skel_fw_comm_idup_with_info, mpi_comm_idup_with_info__)
SKEL_F_ALIAS(skel_fw_comm_idup_with_info, MPI_COMM_IDUP_WITH_INFO)
#else
SKEL_F_ALIAS(skel_fc_comm_idup_with_info, mpi_comm_idup_with_info)
SKEL_F_ALIAS(skel_fc_comm_idup_with_info, mpi_comm_idup_with_info_)
SKEL_F_ALIAS(skel_fc_comm_idup_with_info, mpi_comm_idup_with_info__)
SKEL_F_ALIAS(skel_fc_comm_idup_with_info, MPI_COMM_IDUP_WITH_INFO)
#endif
SKEL_F_ALIAS(skel_fc_comm_idup_with_info, mpi_comm_idup_with_info_f08_)
#endif
