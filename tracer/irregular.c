/* irregular.c - the wrappers that do not fit the generated shape: Init and
 * Finalize (they start and stop the session), Abort, the Wait/Test families
 * (they complete lists of requests), Start/Startall, Request_free, Cancel and
 * Comm_free (they must read handles before the call invalidates them).
 */
#include "record.h"
#include "session.h"

#include "error.h"
#include "writer.h"

#include <stdlib.h>
#include <string.h>

#define RA __builtin_return_address(0)

/* ---- Init, Finalize, Abort ------------------------------------------------ */

static void record_init(int call, uint64_t t0, uint64_t t1, int rc, const void *site)
{
    struct skel_tr_call c;
    memset(&c, 0, sizeof c);
    if (!skel_tr_enter(&c, call, site))
        return;
    /* The time stamps are those of PMPI_Init, not of the session start; the
     * gap before it runs from when the tracer was loaded. */
    c.gap_wall = c.gap_cpu = t0 > skel_tr_s.t_loaded ? t0 - skel_tr_s.t_loaded : 0;
    c.t0 = t0;
    c.t1 = t1;
    c.comm = MPI_COMM_WORLD;
    skel_tr_commit(&c, rc);
    c.t->prev_end = skel_tr_now(); /* clock sync is not application time */
}

int MPI_Init(int *argc, char ***argv)
{
    uint64_t t0 = skel_tr_now();
    int rc = PMPI_Init(argc, argv);
    uint64_t t1 = skel_tr_now();
    if (rc == MPI_SUCCESS) {
        int provided = MPI_THREAD_SINGLE;
        PMPI_Query_thread(&provided);
        if (skel_tr_start(provided))
            record_init(SKEL_CALL_MPI_Init, t0, t1, rc, RA);
    }
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    uint64_t t0 = skel_tr_now();
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    uint64_t t1 = skel_tr_now();
    if (rc == MPI_SUCCESS && skel_tr_start(*provided))
        record_init(SKEL_CALL_MPI_Init_thread, t0, t1, rc, RA);
    return rc;
}

/* ---- MPI_Pcontrol --------------------------------------------------------- */

/* MPI_Pcontrol(0) stops recording the calling thread's calls until
 * MPI_Pcontrol with another level (the MPI standard's profiling control):
 * the thread counts as inside a wrapper, so its calls go straight to the
 * library.  The time between is a pause of the trace (not the
 * application's compute), and its CPU time is kept out of the next sample.
 * A skeleton brackets its untimed cold run with it (docs/trace-format.md). */
static __thread struct {
    int off;
    uint64_t t0, cpu0;
} pctl __attribute__((tls_model("initial-exec")));

static void pcontrol_resume(struct skel_tr_thread *t)
{
    uint64_t now = skel_tr_now(), ns = now - pctl.t0;
    uint64_t cpu = skel_tr_cpu_now() - pctl.cpu0;
    pctl.off = 0;
    t->depth--;
    skel_tr_lock();
    if (skel_tr_active == 1 && skel_writer_pause(skel_tr_s.w, t->index, ns) != SKEL_OK)
        skel_tr_disable(skel_last_error());
    skel_tr_unlock();
    t->prev_end += ns;
    t->wall_ref += ns;
    t->cpu_ref += cpu;
}

int MPI_Pcontrol(const int level, ...)
{
    if (skel_tr_active == 1) {
        struct skel_tr_thread *t = &skel_tr_self;
        if (!t->ready)
            t = skel_tr_thread_slow();
        if (level == 0 && !pctl.off && t->depth == 0) {
            pctl.off = 1;
            pctl.t0 = skel_tr_now();
            pctl.cpu0 = skel_tr_cpu_now();
            if (t->ws.armed)
                skel_tr_ws_drop(&t->ws, pctl.t0);
            t->depth++;
        } else if (level != 0 && pctl.off) {
            pcontrol_resume(t);
        }
    }
    return PMPI_Pcontrol(level);
}

int MPI_Finalize(void)
{
    struct skel_tr_call c;
    memset(&c, 0, sizeof c);
    if (pctl.off) /* recording stopped by MPI_Pcontrol(0): the trace still ends here */
        pcontrol_resume(&skel_tr_self);
    if (skel_tr_enter(&c, SKEL_CALL_MPI_Finalize, RA)) {
        /* Everything is written before PMPI_Finalize: a work-around shim
         * below us may end the process inside it.  The event therefore
         * marks when the application called MPI_Finalize (duration 0). */
        c.t1 = c.t0;
        c.comm = MPI_COMM_WORLD;
        skel_tr_commit(&c, MPI_SUCCESS);
        skel_tr_stop();
    }
    return PMPI_Finalize();
}

int MPI_Abort(MPI_Comm comm, int errorcode)
{
    struct skel_tr_call c;
    memset(&c, 0, sizeof c);
    if (skel_tr_enter(&c, SKEL_CALL_MPI_Abort, RA)) {
        c.t1 = c.t0;
        c.comm = comm;
        skel_tr_commit(&c, MPI_SUCCESS);
        skel_tr_abort(errorcode);
    }
    return PMPI_Abort(comm, errorcode);
}

/* ---- scratch space for request and status arrays ------------------------- */

struct scratch {
    MPI_Request *reqs;
    MPI_Status *stats;
    skel_completion *compls;
    uint64_t *ids;
    size_t cap;
};
static __thread struct scratch scr __attribute__((tls_model("initial-exec")));

static int scratch_need(size_t n)
{
    if (n <= scr.cap)
        return 1;
    size_t cap = scr.cap ? scr.cap : 16;
    while (cap < n)
        cap *= 2;
    MPI_Request *r = realloc(scr.reqs, cap * sizeof *r);
    if (r != NULL)
        scr.reqs = r;
    MPI_Status *s = realloc(scr.stats, cap * sizeof *s);
    if (s != NULL)
        scr.stats = s;
    /* Twice as many completions as requests: an MPI_Isendrecv's request
     * completes two of the trace's. */
    skel_completion *c = realloc(scr.compls, 2 * cap * sizeof *c);
    if (c != NULL)
        scr.compls = c;
    uint64_t *id = realloc(scr.ids, cap * sizeof *id);
    if (id != NULL)
        scr.ids = id;
    if (r == NULL || s == NULL || c == NULL || id == NULL)
        return 0;
    scr.cap = cap;
    return 1;
}

/* ---- the Wait/Test families ------------------------------------------------ */

/* Record a completion call.  saved: the handles before the call; st: the
 * statuses; which: indices that completed (NULL = all of 0..n-1), nwhich. */
static void complete(struct skel_tr_call *c, int rc, int n, const MPI_Request *saved,
                     const MPI_Status *st, int st_by_position, const int *which, int nwhich,
                     int flag)
{
    skel_event ev;
    skel_event_init(&ev);
    if (flag)
        ev.flags |= SKEL_EVF_FLAG;
    skel_tr_lock();
    if (skel_tr_active != 1) {
        skel_tr_unlock();
        c->t->depth--;
        return;
    }
    uint32_t k = 0;
    int ok = rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS;
    for (int j = 0; ok && j < nwhich; j++) {
        int i = which != NULL ? which[j] : j;
        if (i < 0 || i >= n || saved[i] == MPI_REQUEST_NULL)
            continue;
        const MPI_Status *s = st != NULL ? &st[st_by_position ? i : j] : NULL;
        if (rc == MPI_ERR_IN_STATUS && s != NULL && s->MPI_ERROR == MPI_ERR_PENDING)
            continue;
        int pair = skel_tr_complete_request(&scr.compls[k], saved[i], s, (uint32_t)i);
        if (scr.compls[k].req != 0)
            k++;
        if (pair) { /* the send of an MPI_Isendrecv, after its receive */
            skel_tr_complete_request(&scr.compls[k], saved[i], NULL, (uint32_t)i);
            if (scr.compls[k].req != 0)
                k++;
        }
    }
    ev.ncomplete = k;
    ev.complete = scr.compls;
    skel_tr_commit_event(c, &ev, rc == MPI_ERR_IN_STATUS ? MPI_SUCCESS : rc);
    skel_tr_unlock();
    c->t->depth--;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Wait, RA))
        return PMPI_Wait(request, status);
    MPI_Request saved = *request;
    MPI_Status local;
    if (status == MPI_STATUS_IGNORE)
        status = &local;
    int rc = PMPI_Wait(request, status);
    skel_tr_leave(&c);
    if (!scratch_need(1)) {
        c.t->depth--;
        return rc;
    }
    complete(&c, rc, 1, &saved, status, 1, NULL, 1, 0);
    return rc;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Test, RA))
        return PMPI_Test(request, flag, status);
    MPI_Request saved = *request;
    MPI_Status local;
    if (status == MPI_STATUS_IGNORE)
        status = &local;
    int rc = PMPI_Test(request, flag, status);
    skel_tr_leave(&c);
    if (*flag && !scratch_need(1)) {
        c.t->depth--;
        return rc;
    }
    complete(&c, rc, 1, &saved, status, 1, NULL, *flag ? 1 : 0, *flag);
    return rc;
}

int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Waitall, RA))
        return PMPI_Waitall(count, array_of_requests, array_of_statuses);
    if (count < 0 || !scratch_need((size_t)count + 1)) {
        c.t->depth--;
        return PMPI_Waitall(count, array_of_requests, array_of_statuses);
    }
    memcpy(scr.reqs, array_of_requests, (size_t)count * sizeof *scr.reqs);
    MPI_Status *st = array_of_statuses == MPI_STATUSES_IGNORE ? scr.stats : array_of_statuses;
    int rc = PMPI_Waitall(count, array_of_requests, st);
    skel_tr_leave(&c);
    complete(&c, rc, count, scr.reqs, st, 1, NULL, count, 0);
    return rc;
}

int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                MPI_Status array_of_statuses[])
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Testall, RA))
        return PMPI_Testall(count, array_of_requests, flag, array_of_statuses);
    if (count < 0 || !scratch_need((size_t)count + 1)) {
        c.t->depth--;
        return PMPI_Testall(count, array_of_requests, flag, array_of_statuses);
    }
    memcpy(scr.reqs, array_of_requests, (size_t)count * sizeof *scr.reqs);
    MPI_Status *st = array_of_statuses == MPI_STATUSES_IGNORE ? scr.stats : array_of_statuses;
    int rc = PMPI_Testall(count, array_of_requests, flag, st);
    skel_tr_leave(&c);
    complete(&c, rc, count, scr.reqs, st, 1, NULL, *flag ? count : 0, *flag);
    return rc;
}

int MPI_Waitany(int count, MPI_Request array_of_requests[], int *indx, MPI_Status *status)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Waitany, RA))
        return PMPI_Waitany(count, array_of_requests, indx, status);
    if (count < 0 || !scratch_need((size_t)count + 1)) {
        c.t->depth--;
        return PMPI_Waitany(count, array_of_requests, indx, status);
    }
    memcpy(scr.reqs, array_of_requests, (size_t)count * sizeof *scr.reqs);
    MPI_Status local;
    if (status == MPI_STATUS_IGNORE)
        status = &local;
    int rc = PMPI_Waitany(count, array_of_requests, indx, status);
    skel_tr_leave(&c);
    int done = *indx != MPI_UNDEFINED;
    complete(&c, rc, count, scr.reqs, status, 0, indx, done ? 1 : 0, 0);
    return rc;
}

int MPI_Testany(int count, MPI_Request array_of_requests[], int *indx, int *flag,
                MPI_Status *status)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Testany, RA))
        return PMPI_Testany(count, array_of_requests, indx, flag, status);
    if (count < 0 || !scratch_need((size_t)count + 1)) {
        c.t->depth--;
        return PMPI_Testany(count, array_of_requests, indx, flag, status);
    }
    memcpy(scr.reqs, array_of_requests, (size_t)count * sizeof *scr.reqs);
    MPI_Status local;
    if (status == MPI_STATUS_IGNORE)
        status = &local;
    int rc = PMPI_Testany(count, array_of_requests, indx, flag, status);
    skel_tr_leave(&c);
    int done = *flag && *indx != MPI_UNDEFINED;
    complete(&c, rc, count, scr.reqs, status, 0, indx, done ? 1 : 0, *flag);
    return rc;
}

int MPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount,
                 int array_of_indices[], MPI_Status array_of_statuses[])
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Waitsome, RA))
        return PMPI_Waitsome(incount, array_of_requests, outcount, array_of_indices,
                             array_of_statuses);
    if (incount < 0 || !scratch_need((size_t)incount + 1)) {
        c.t->depth--;
        return PMPI_Waitsome(incount, array_of_requests, outcount, array_of_indices,
                             array_of_statuses);
    }
    memcpy(scr.reqs, array_of_requests, (size_t)incount * sizeof *scr.reqs);
    MPI_Status *st = array_of_statuses == MPI_STATUSES_IGNORE ? scr.stats : array_of_statuses;
    int rc = PMPI_Waitsome(incount, array_of_requests, outcount, array_of_indices, st);
    skel_tr_leave(&c);
    int n = *outcount == MPI_UNDEFINED ? 0 : *outcount;
    complete(&c, rc, incount, scr.reqs, st, 0, array_of_indices, n, 0);
    return rc;
}

int MPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount,
                 int array_of_indices[], MPI_Status array_of_statuses[])
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Testsome, RA))
        return PMPI_Testsome(incount, array_of_requests, outcount, array_of_indices,
                             array_of_statuses);
    if (incount < 0 || !scratch_need((size_t)incount + 1)) {
        c.t->depth--;
        return PMPI_Testsome(incount, array_of_requests, outcount, array_of_indices,
                             array_of_statuses);
    }
    memcpy(scr.reqs, array_of_requests, (size_t)incount * sizeof *scr.reqs);
    MPI_Status *st = array_of_statuses == MPI_STATUSES_IGNORE ? scr.stats : array_of_statuses;
    int rc = PMPI_Testsome(incount, array_of_requests, outcount, array_of_indices, st);
    skel_tr_leave(&c);
    int n = *outcount == MPI_UNDEFINED ? 0 : *outcount;
    complete(&c, rc, incount, scr.reqs, st, 0, array_of_indices, n, n > 0);
    return rc;
}

/* MPI_Request_get_status: a poll that leaves the request to the application
 * (it is neither freed nor made inactive).  Where it finds the request
 * complete, the trace records the completion here, where the application
 * learnt of it: the loop polling until then folds into this poll as
 * MPI_Test's does (compress/pollfold.c), and the Wait or Test that frees the
 * request later completes one the trace no longer holds, so nothing.  A
 * persistent request stays the trace's until the call that makes it inactive
 * (its next start needs it): there this poll completes nothing. */
int MPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Request_get_status, RA))
        return PMPI_Request_get_status(request, flag, status);
    MPI_Status local;
    if (status == MPI_STATUS_IGNORE)
        status = &local;
    int rc = PMPI_Request_get_status(request, flag, status);
    skel_tr_leave(&c);
    int done = rc == MPI_SUCCESS && *flag && request != MPI_REQUEST_NULL;
    if (done) {
        uint32_t comm = 0;
        int klass = 0, persistent = 0;
        skel_tr_lock();
        done = skel_tr_req_id(request, &comm, &klass, &persistent) != 0 && !persistent;
        skel_tr_unlock();
    }
    if (done && !scratch_need(1)) {
        c.t->depth--;
        return rc;
    }
    complete(&c, rc, 1, &request, status, 1, NULL, done, done);
    return rc;
}

/* ---- MPI_Isendrecv, MPI_Isendrecv_replace (MPI 4.0) ------------------------ */

#if MPI_VERSION >= 4
/* Recorded as the two calls they are made of: an MPI_Irecv at the call's
 * site and times, then an MPI_Isend at the same site taking no time, each
 * with a request id of its own on the one handle; the Wait or Test that
 * completes the handle completes both (the receive first, with the call's
 * status).  So the replay, compression, the predictions and the skeleton
 * see messages they know, and the skeleton posts the receive and the send
 * where the application's call did (docs/trace-format.md, "MPI_Isendrecv"). */
static void record_isendrecv(struct skel_tr_call *c, int rc, long long sendcount,
                             MPI_Datatype sendtype, int dest, int sendtag, long long recvcount,
                             MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                             MPI_Request *request)
{
    c->call = SKEL_CALL_MPI_Irecv;
    c->count = recvcount;
    c->dt = recvtype;
    c->src = source;
    c->tag = recvtag;
    c->comm = comm;
    c->reqp = request;
    skel_tr_commit(c, rc); /* leaves the nesting depth one lower */
    c->t->depth++;
    struct skel_tr_call s = *c;
    s.call = SKEL_CALL_MPI_Isend;
    s.t0 = s.t1 = c->t1;
    s.gap_wall = s.gap_cpu = 0;
    memset(&s.comm, 0, SKEL_TR_KEY_LEN);
    s.count = sendcount;
    s.dt = sendtype;
    s.dest = dest;
    s.tag = sendtag;
    s.comm = comm;
    s.reqp = request;
    skel_tr_commit(&s, rc);
    if (rc == MPI_SUCCESS && *request != MPI_REQUEST_NULL) {
        skel_tr_lock();
        skel_tr_req_pair(*request);
        skel_tr_unlock();
    }
}

int MPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                  MPI_Comm comm, MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Irecv, RA))
        return PMPI_Isendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                              recvtype, source, recvtag, comm, request);
    int rc = PMPI_Isendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                            recvtype, source, recvtag, comm, request);
    skel_tr_leave(&c);
    record_isendrecv(&c, rc, sendcount, sendtype, dest, sendtag, recvcount, recvtype, source,
                     recvtag, comm, request);
    return rc;
}

int MPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                          int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Irecv, RA))
        return PMPI_Isendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm,
                                      request);
    int rc =
        PMPI_Isendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, request);
    skel_tr_leave(&c);
    record_isendrecv(&c, rc, count, datatype, dest, sendtag, count, datatype, source, recvtag, comm,
                     request);
    return rc;
}

#ifdef MPICH_VERSION
/* Their large-count variants (MPI_Count counts), recorded alike. */
int MPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                    int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                    int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Irecv, RA))
        return PMPI_Isendrecv_c(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                                recvtype, source, recvtag, comm, request);
    int rc = PMPI_Isendrecv_c(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                              recvtype, source, recvtag, comm, request);
    skel_tr_leave(&c);
    record_isendrecv(&c, rc, sendcount, sendtype, dest, sendtag, recvcount, recvtype, source,
                     recvtag, comm, request);
    return rc;
}

int MPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
                            int sendtag, int source, int recvtag, MPI_Comm comm,
                            MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Irecv, RA))
        return PMPI_Isendrecv_replace_c(buf, count, datatype, dest, sendtag, source, recvtag, comm,
                                        request);
    int rc = PMPI_Isendrecv_replace_c(buf, count, datatype, dest, sendtag, source, recvtag, comm,
                                      request);
    skel_tr_leave(&c);
    record_isendrecv(&c, rc, count, datatype, dest, sendtag, count, datatype, source, recvtag, comm,
                     request);
    return rc;
}
#endif
#endif

/* ---- MPI_Comm_idup_with_info (MPI 4.0) ------------------------------------- */

#if MPI_VERSION >= 4
/* Recorded as the MPI_Comm_idup it is with hints (the info is not kept, as
 * MPI_Comm_dup_with_info's is not): the new communicator's slot and the
 * request its Wait or Test completes, so the skeleton makes it again by
 * MPI_Comm_idup and uses it only once that request completed. */
int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Comm_idup, RA))
        return PMPI_Comm_idup_with_info(comm, info, newcomm, request);
    int rc = PMPI_Comm_idup_with_info(comm, info, newcomm, request);
    skel_tr_leave(&c);
    c.comm = comm;
    c.newcomm = newcomm;
    c.reqp = request;
    skel_tr_commit(&c, rc);
    return rc;
}
#endif

/* ---- partitioned communication (MPI 4.0) ---------------------------------- */

/* With MPICH's prototypes (count an MPI_Count, as MPI 4.0 says); Open MPI
 * 5.0 declares it an int. */
#if MPI_VERSION >= 4 && defined(MPICH_VERSION)
/* A partitioned send or receive is recorded under its own call, as the
 * persistent request of its whole buffer it is to the other side (count
 * and bytes: partitions x count elements) with its partitions beside
 * (skel_event.parts): its MPI_Start, its completion and MPI_Request_free
 * are those of any persistent request.  MPI_Pready, MPI_Pready_range,
 * MPI_Pready_list and MPI_Parrived are not wrapped: local calls whose time
 * is the compute around them (docs/trace-format.md). */
static void record_partitioned(struct skel_tr_call *c, int rc, int partitions, MPI_Count count,
                               MPI_Datatype datatype, int peer, int tag, MPI_Comm comm,
                               MPI_Request *request)
{
    c->parts = partitions > 0 ? partitions : 0;
    c->count = count;
    c->dt = datatype;
    if (c->call == SKEL_CALL_MPI_Psend_init)
        c->dest = peer;
    else
        c->src = peer;
    c->tag = tag;
    c->comm = comm;
    c->reqp = request;
    skel_tr_commit(c, rc);
}

int MPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Psend_init, RA))
        return PMPI_Psend_init(buf, partitions, count, datatype, dest, tag, comm, info, request);
    int rc = PMPI_Psend_init(buf, partitions, count, datatype, dest, tag, comm, info, request);
    skel_tr_leave(&c);
    record_partitioned(&c, rc, partitions, count, datatype, dest, tag, comm, request);
    return rc;
}

int MPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source,
                   int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Precv_init, RA))
        return PMPI_Precv_init(buf, partitions, count, datatype, source, tag, comm, info, request);
    int rc = PMPI_Precv_init(buf, partitions, count, datatype, source, tag, comm, info, request);
    skel_tr_leave(&c);
    record_partitioned(&c, rc, partitions, count, datatype, source, tag, comm, request);
    return rc;
}
#endif

/* ---- datatypes freed ---------------------------------------------------------- */

/* Not a traced call (no event: a local call whose time is the compute
 * around it), but the tracer remembers each derived datatype's layout by
 * its handle, and MPICH gives a freed handle to the next type made: the
 * memory is forgotten first (record.c: layout_class()).  Fortran's
 * MPI_TYPE_FREE reaches this wrapper only where the library's binding
 * calls the C function. */
int MPI_Type_free(MPI_Datatype *datatype)
{
    if (datatype != NULL) {
        skel_tr_lock();
        skel_tr_type_freed(*datatype);
        skel_tr_unlock();
    }
    return PMPI_Type_free(datatype);
}

/* ---- persistent requests, freeing, cancelling ------------------------------ */

/* Record a call that refers to existing requests (not creating one). */
static void refer(struct skel_tr_call *c, int rc, const uint64_t *ids, int n)
{
    skel_event ev;
    skel_event_init(&ev);
    if (n == 1)
        ev.req = ids[0];
    else if (n > 1) {
        ev.nreqs = (uint32_t)n;
        ev.reqs = ids;
    }
    skel_tr_commit_event(c, &ev, rc);
}

int MPI_Start(MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Start, RA))
        return PMPI_Start(request);
    int rc = PMPI_Start(request);
    skel_tr_leave(&c);
    skel_tr_lock();
    /* A persistent collective's start is recorded as the nonblocking
     * collective it begins (record.c, "persistent collectives"). */
    if (skel_tr_active == 1 && !skel_tr_pcoll_start(&c, *request, rc)) {
        uint64_t id = skel_tr_req_id(*request, NULL, NULL, NULL);
        refer(&c, rc, &id, id != 0);
    }
    skel_tr_unlock();
    c.t->depth--;
    return rc;
}

int MPI_Startall(int count, MPI_Request array_of_requests[])
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Startall, RA))
        return PMPI_Startall(count, array_of_requests);
    int rc = PMPI_Startall(count, array_of_requests);
    skel_tr_leave(&c);
    skel_tr_lock();
    if (count >= 0 && scratch_need((size_t)count + 1) && skel_tr_active == 1) {
        int k = 0, ncoll = 0;
        for (int i = 0; i < count; i++) {
            if (skel_tr_pcoll_is(array_of_requests[i])) {
                ncoll++;
                continue;
            }
            uint64_t id = skel_tr_req_id(array_of_requests[i], NULL, NULL, NULL);
            if (id != 0)
                scr.ids[k++] = id;
        }
        /* One request started through Startall is still a list of one.
         * Persistent collectives are recorded after it as the nonblocking
         * collectives they begin, in the array's order; the call's time is
         * the first event's, the others take none. */
        int recorded = 0;
        if (k > 0 || ncoll == 0) {
            skel_event ev;
            skel_event_init(&ev);
            ev.nreqs = (uint32_t)k;
            ev.reqs = scr.ids;
            skel_tr_commit_event(&c, &ev, rc);
            recorded = 1;
        }
        for (int i = 0; i < count && ncoll > 0 && skel_tr_active == 1; i++) {
            if (!skel_tr_pcoll_is(array_of_requests[i]))
                continue;
            if (recorded) {
                c.t0 = c.t1;
                c.gap_wall = c.gap_cpu = 0;
            }
            recorded = skel_tr_pcoll_start(&c, array_of_requests[i], rc);
        }
    }
    skel_tr_unlock();
    c.t->depth--;
    return rc;
}

int MPI_Request_free(MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Request_free, RA))
        return PMPI_Request_free(request);
    MPI_Request saved = *request;
    int rc = PMPI_Request_free(request);
    skel_tr_leave(&c);
    skel_tr_lock();
    uint64_t id = skel_tr_req_id(saved, NULL, NULL, NULL);
    if (skel_tr_active == 1)
        refer(&c, rc, &id, id != 0);
    skel_tr_req_free(saved);
    skel_tr_pcoll_free(saved);
    skel_tr_unlock();
    c.t->depth--;
    return rc;
}

int MPI_Cancel(MPI_Request *request)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Cancel, RA))
        return PMPI_Cancel(request);
    int rc = PMPI_Cancel(request);
    skel_tr_leave(&c);
    skel_tr_lock();
    uint64_t id = skel_tr_req_id(*request, NULL, NULL, NULL);
    skel_tr_req_cancelled(*request);
    if (skel_tr_active == 1)
        refer(&c, rc, &id, id != 0);
    skel_tr_unlock();
    c.t->depth--;
    return rc;
}

/* Not recorded (not in the call table: its time is compute), but the
 * handle is forgotten, as MPI_Comm_free's is: the library may give it to
 * the next communicator, which must not be taken for this one.  It is how
 * the parents and children of MPI_Comm_spawn part. */
int MPI_Comm_disconnect(MPI_Comm *comm)
{
    MPI_Comm saved = comm != NULL ? *comm : MPI_COMM_NULL;
    int rc = PMPI_Comm_disconnect(comm);
    if (skel_tr_active == 1) {
        skel_tr_lock();
        skel_tr_comm_forget(saved);
        skel_tr_unlock();
    }
    return rc;
}

int MPI_Comm_free(MPI_Comm *comm)
{
    struct skel_tr_call c;
    if (!skel_tr_enter(&c, SKEL_CALL_MPI_Comm_free, RA))
        return PMPI_Comm_free(comm);
    MPI_Comm saved = *comm;
    skel_tr_lock();
    uint32_t ci = skel_tr_active == 1 ? skel_tr_comm_index(saved) : 0;
    skel_tr_unlock();
    int rc = PMPI_Comm_free(comm);
    skel_tr_leave(&c);
    skel_tr_lock();
    if (skel_tr_active == 1) {
        skel_event ev;
        skel_event_init(&ev);
        ev.comm = ci;
        skel_tr_commit_event(&c, &ev, rc);
        skel_tr_comm_forget(saved);
    }
    skel_tr_unlock();
    c.t->depth--;
    return rc;
}
