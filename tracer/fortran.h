/* fortran.h - what the tracer's Fortran wrappers share: the generated ones
 * (build/tracer/gen/skel_fortran.c, written by tracer/spec/genfort.c, which
 * explains which Fortran routines are wrapped and how) and the hand-written
 * conversions of tracer/fortran.c.
 *
 * A Fortran wrapper never records anything itself: it makes sure the call
 * reaches one of our C wrappers, which records it, and hands the Fortran
 * caller's return address down to it as the call site (skel_tr_self.fsite,
 * record.h), which also marks the event SKEL_EVF_FORTRAN.  That costs a
 * thread-local load and two stores around the call.
 *
 * The same sources are compiled once per MPI (tracer/CMakeLists.txt); which
 * one is decided by the mpi.h in use, and SKEL_MPI_FLAVOR must agree.
 *
 * Ownership: the pointers the helpers return point into thread-local scratch
 * space owned by fortran.c, valid until the thread's next call of the same
 * helper; callers never free them.
 */
#ifndef SKEL_FORTRAN_H
#define SKEL_FORTRAN_H

#include <stddef.h>

#include "record.h"

#if defined(OPEN_MPI)
#define SKEL_F_OMPI  1
#define SKEL_F_MPICH 0
#elif defined(MPICH)
#define SKEL_F_OMPI  0
#define SKEL_F_MPICH 1
#else
#error "tracer/fortran.h knows the Fortran bindings of MPICH and Open MPI only"
#endif

#ifdef SKEL_MPI_FLAVOR
_Static_assert(sizeof SKEL_MPI_FLAVOR == (SKEL_F_OMPI ? sizeof "openmpi" : sizeof "mpich"),
               "SKEL_MPI_FLAVOR names another MPI than the mpi.h in use");
#endif
/* INTEGER and LOGICAL arguments are passed to C as they are. */
_Static_assert(sizeof(MPI_Fint) == sizeof(int), "MPI_Fint is not an int");

/* ---- handing the call site down ------------------------------------------- */

/* Called first thing in a wrapper with __builtin_return_address(0).  An
 * outer Fortran wrapper's site wins (a Fortran routine calling another). */
static inline const void *skel_f_enter(const void *site)
{
    const void *saved = skel_tr_self.fsite;
    if (saved == NULL)
        skel_tr_self.fsite = site;
    return saved;
}

static inline void skel_f_leave(const void *saved)
{
    skel_tr_self.fsite = saved;
}

/* The MPI library's own definition of a Fortran routine (dlsym RTLD_NEXT);
 * aborts with a message naming it if there is none. */
typedef void (*skel_f_fn)(void);
skel_f_fn skel_f_next(const char *name);

/* Export a wrapper under a Fortran name. */
#define SKEL_F_ALIAS(impl, name) extern __typeof__(impl) name __attribute__((alias(#impl)));

/* ---- what differs between the MPIs ---------------------------------------- */

#if SKEL_F_MPICH

/* MPICH's Fortran handles are its C handles (its f2c/c2f are casts), and its
 * mpi_f08 routines pass the Fortran variables to PMPI directly: results are
 * written back whatever the return code, as they would be untraced. */
#define SKEL_F_OUT_OK(rc) ((void)(rc), 1)

/* Only mpi_f08 routines are converted: TYPE(MPI_Status).  The copies are
 * those of MPI_Status_f082c/c2f08, which live in libmpichfort, a library
 * the tracer does not link. */
typedef MPI_F08_status skel_fstatus;

static inline int skel_f_status_ignored(const skel_fstatus *s)
{
    return s == MPI_F08_STATUS_IGNORE || s == &MPIR_F08_MPI_STATUS_IGNORE_OBJ;
}

static inline int skel_f_statuses_ignored(const skel_fstatus *s)
{
    return s == MPI_F08_STATUSES_IGNORE || s == MPIR_F08_MPI_STATUSES_IGNORE_OBJ;
}

static inline void skel_f_status_f2c(const skel_fstatus *f, MPI_Status *c)
{
    c->count_lo = f->count_lo;
    c->count_hi_and_cancelled = f->count_hi_and_cancelled;
    c->MPI_SOURCE = f->MPI_SOURCE;
    c->MPI_TAG = f->MPI_TAG;
    c->MPI_ERROR = f->MPI_ERROR;
}

static inline void skel_f_status_c2f(const MPI_Status *c, skel_fstatus *f)
{
    f->count_lo = c->count_lo;
    f->count_hi_and_cancelled = c->count_hi_and_cancelled;
    f->MPI_SOURCE = c->MPI_SOURCE;
    f->MPI_TAG = c->MPI_TAG;
    f->MPI_ERROR = c->MPI_ERROR;
}

/* No converted MPICH routine has a choice buffer (those are forwarded). */
static inline void *skel_f_buf(const void *p)
{
    return (void *)p;
}

/* MPICH 4.0's mpi_f08 Waitany/Testany/Waitsome/Testsome return C's 0-based
 * indices (pmodels/mpich#6270, fixed in 4.1): a traced program must see
 * what it sees untraced. */
#if MPICH_NUMVERSION >= 40000000 && MPICH_NUMVERSION < 40100000
#define SKEL_F_INDEX_BASE 0
#else
#define SKEL_F_INDEX_BASE 1
#endif

#else /* Open MPI */

/* Open MPI's Fortran bindings write results back only on success. */
#define SKEL_F_OUT_OK(rc) ((rc) == MPI_SUCCESS)

/* INTEGER status(MPI_STATUS_SIZE) in mpif.h/`use mpi`; mpi_f08's
 * TYPE(MPI_Status) has the same layout and Open MPI passes it the same way. */
typedef struct skel_fstatus {
    MPI_Fint v[sizeof(MPI_Status) / sizeof(MPI_Fint)];
} skel_fstatus;
_Static_assert(sizeof(skel_fstatus) == sizeof(MPI_Status), "odd MPI_Status size");

static inline int skel_f_status_ignored(const skel_fstatus *s)
{
    return (const void *)s == (const void *)MPI_F_STATUS_IGNORE;
}

static inline int skel_f_statuses_ignored(const skel_fstatus *s)
{
    return (const void *)s == (const void *)MPI_F_STATUSES_IGNORE;
}

static inline void skel_f_status_f2c(const skel_fstatus *f, MPI_Status *c)
{
    PMPI_Status_f2c(f->v, c);
}

static inline void skel_f_status_c2f(const MPI_Status *c, skel_fstatus *f)
{
    PMPI_Status_c2f(c, f->v);
}

/* The Fortran MPI_BOTTOM and MPI_IN_PLACE are these common blocks (libmpi
 * defines them; a Fortran program's own copy takes their place). */
extern int mpi_fortran_bottom_, mpi_fortran_in_place_;

static inline void *skel_f_buf(const void *p)
{
    if (p == (const void *)&mpi_fortran_bottom_)
        return MPI_BOTTOM;
    if (p == (const void *)&mpi_fortran_in_place_)
        return MPI_IN_PLACE;
    return (void *)p;
}

#define SKEL_F_INDEX_BASE 1

#endif

/* ---- both ----------------------------------------------------------------- */

/* A status argument: the C status to pass (MPI_STATUS_IGNORE, or local
 * filled from the Fortran one so that fields MPI leaves alone survive), and
 * back. */
static inline MPI_Status *skel_f_status_in(skel_fstatus *f, MPI_Status *local)
{
    if (skel_f_status_ignored(f))
        return MPI_STATUS_IGNORE;
    skel_f_status_f2c(f, local);
    return local;
}

static inline void skel_f_status_out(const MPI_Status *c, skel_fstatus *f)
{
    if (c != MPI_STATUS_IGNORE)
        skel_f_status_c2f(c, f);
}

/* A CHARACTER argument as a C string, blanks around it removed (both
 * libraries do the same); slot 0 or 1.  NULL when out of memory. */
const char *skel_f_string(const char *s, size_t len, int slot);

/* Graph weights: the Fortran MPI_UNWEIGHTED / MPI_WEIGHTS_EMPTY become C's. */
const int *skel_f_weights(const MPI_Fint *w);

/* Per-peer datatypes of the w-collectives: how many peers (the remote group
 * of an intercommunicator; for neighbourhood collectives the in- or
 * out-neighbours), and the n datatypes converted (slot 0 or 1; NULL when out
 * of memory). */
enum { SKEL_F_PEERS, SKEL_F_NEIGHBOR_IN, SKEL_F_NEIGHBOR_OUT };
int skel_f_npeers(MPI_Comm comm, int which);
const MPI_Datatype *skel_f_types(const MPI_Fint *f, int n, int slot);

/* The irregular converters (fortran.c): the Fortran arguments of the
 * routine without ierror; they call our C wrapper and return its code. */
int skel_f_init(void);
int skel_f_init_thread(const MPI_Fint *required, MPI_Fint *provided);
int skel_f_waitall(const MPI_Fint *count, MPI_Fint *array_of_requests,
                   skel_fstatus *array_of_statuses);
int skel_f_waitany(const MPI_Fint *count, MPI_Fint *array_of_requests, MPI_Fint *indx,
                   skel_fstatus *status);
int skel_f_waitsome(const MPI_Fint *incount, MPI_Fint *array_of_requests, MPI_Fint *outcount,
                    MPI_Fint *array_of_indices, skel_fstatus *array_of_statuses);
int skel_f_testall(const MPI_Fint *count, MPI_Fint *array_of_requests, MPI_Fint *flag,
                   skel_fstatus *array_of_statuses);
int skel_f_testany(const MPI_Fint *count, MPI_Fint *array_of_requests, MPI_Fint *indx,
                   MPI_Fint *flag, skel_fstatus *status);
int skel_f_testsome(const MPI_Fint *incount, MPI_Fint *array_of_requests, MPI_Fint *outcount,
                    MPI_Fint *array_of_indices, skel_fstatus *array_of_statuses);
int skel_f_startall(const MPI_Fint *count, MPI_Fint *array_of_requests);

#endif
