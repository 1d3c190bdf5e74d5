/* test_otf2.c - OTF2 export and import (runtime/otf2):
 *   - round trip: synthetic traces of three patterns (a Cartesian halo
 *     exchange with MPI_PROC_NULL neighbours, a master/worker farm with
 *     MPI_ANY_SOURCE receives, a ring of MPI_Sendrecv and MPI_Bcast) exported
 *     and imported again give back every event field by field, the same
 *     communicator and call-site tables, the same metadata, and the same
 *     signature file;
 *   - the archive holds the standard records: per rank as many MPI_Isend /
 *     MPI_Irecv (completed) records as the trace has real messages, and the
 *     collectives as MpiCollectiveEnd with their communicator (read back
 *     with libotf2's own reader here, not with the importer);
 *   - import of an archive written the way Score-P writes one (ticks of
 *     10 ns, a global offset, user regions around the MPI calls, a buffer
 *     flush, an MPI call Skel does not know, no skel:: attributes): calls,
 *     world-rank peers, tags, sizes, the source of an MPI_Irecv taken from
 *     its completion, times in ns, the flush left out of the compute gap,
 *     call sites from the enclosing region;
 *   - refusals with a clear message: no MPI ranks, measurement switched off,
 *     one-sided calls in a foreign archive; an existing output directory;
 *     no half-written output after a failure. */
#include <criterion/criterion.h>

#include "compress.h"
#include "error.h"
#include "otf2.h"
#include "otf2_model.h"
#include "sigfile.h"
#include "synth.h"
#include "trace.h"
#include "tree.h"

#include <otf2/otf2.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[64];

static void setup(void)
{
    snprintf(base, sizeof base, "/tmp/skel-test-otf2-XXXXXX");
    cr_assert_not_null(mkdtemp(base));
}

static void teardown(void)
{
    skel_remove_tree(base);
}

static void path_of(char *out, size_t len, const char *name)
{
    snprintf(out, len, "%s/%s", base, name);
}

static int exists(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0;
}

/* ---- Comparing two traces ---------------------------------------------------------- */

static void same_completion(const skel_completion *a, const skel_completion *b, uint32_t rank,
                            uint64_t seq)
{
    cr_assert_eq(a->req, b->req, "rank %u event %lu: completion request", rank, (unsigned long)seq);
    cr_assert_eq(a->call, b->call, "rank %u event %lu: completion call", rank, (unsigned long)seq);
    cr_assert_eq(a->flags, b->flags, "rank %u event %lu", rank, (unsigned long)seq);
    cr_assert_eq(a->index, b->index, "rank %u event %lu: completion index", rank,
                 (unsigned long)seq);
    cr_assert_eq(a->src, b->src, "rank %u event %lu: completion source", rank, (unsigned long)seq);
    cr_assert_eq(a->tag, b->tag, "rank %u event %lu: completion tag", rank, (unsigned long)seq);
    cr_assert_eq(a->bytes, b->bytes, "rank %u event %lu: completion bytes", rank,
                 (unsigned long)seq);
}

#define SAME(f) cr_assert_eq(a->f, b->f, "rank %u event %lu: " #f, rank, (unsigned long)a->seq)

static void same_event(const skel_event *a, const skel_event *b, uint32_t rank)
{
    SAME(seq);
    SAME(call);
    SAME(flags);
    SAME(thread);
    SAME(gap_wall);
    SAME(gap_cpu);
    SAME(peer);
    SAME(tag);
    SAME(peer2);
    SAME(tag2);
    SAME(asrc);
    SAME(atag);
    SAME(root);
    SAME(comm);
    SAME(newcomm);
    SAME(obj);
    SAME(count);
    SAME(dtsize);
    SAME(op);
    SAME(bytes);
    SAME(rbytes);
    SAME(req);
    SAME(nreqs);
    SAME(ncomplete);
    SAME(site);
    /* Times: the export puts every rank on rank 0's clock (here the same). */
    cr_assert_eq(a->t_end - a->t_start, b->t_end - b->t_start, "rank %u event %lu: duration", rank,
                 (unsigned long)a->seq);
    for (uint32_t i = 0; i < a->nreqs; i++)
        cr_assert_eq(a->reqs[i], b->reqs[i]);
    for (uint32_t i = 0; i < a->ncomplete; i++)
        same_completion(&a->complete[i], &b->complete[i], rank, a->seq);
}
#undef SAME

static void same_tables(const skel_rank_reader *a, const skel_rank_reader *b, uint32_t rank)
{
    cr_assert_eq(skel_rank_ncomms(a), skel_rank_ncomms(b), "rank %u: communicators", rank);
    for (uint32_t i = 2; i < skel_rank_ncomms(a); i++) {
        const skel_comm *x = skel_rank_comm(a, i), *y = skel_rank_comm(b, i);
        cr_assert(x != NULL && y != NULL);
        cr_assert_eq(x->gid, y->gid, "rank %u comm %u: gid", rank, i);
        cr_assert_eq(x->parent, y->parent, "rank %u comm %u: parent", rank, i);
        cr_assert_eq(x->created_by, y->created_by, "rank %u comm %u: created by", rank, i);
        cr_assert_eq(x->flags, y->flags, "rank %u comm %u: flags", rank, i);
        cr_assert_eq(x->size, y->size);
        for (uint32_t k = 0; k < x->size; k++)
            cr_assert_eq(x->members[k], y->members[k]);
        cr_assert_eq(x->ndims, y->ndims);
        for (uint32_t k = 0; k < x->ndims; k++)
            cr_assert(x->dims[k] == y->dims[k] && x->periods[k] == y->periods[k]);
        cr_assert_eq(x->remote_size, y->remote_size, "rank %u comm %u: remote group", rank, i);
        for (uint32_t k = 0; k < x->remote_size; k++)
            cr_assert_eq(x->remote[k], y->remote[k]);
        cr_assert(x->nin == y->nin && x->nout == y->nout, "rank %u comm %u: neighbours", rank, i);
        for (uint32_t k = 0; k < x->nin; k++)
            cr_assert_eq(x->in[k], y->in[k], "rank %u comm %u: source %u", rank, i, k);
        for (uint32_t k = 0; k < x->nout; k++)
            cr_assert_eq(x->out[k], y->out[k], "rank %u comm %u: destination %u", rank, i, k);
    }
    cr_assert_eq(skel_rank_nsites(a), skel_rank_nsites(b), "rank %u: call sites", rank);
    for (uint32_t i = 0; i < skel_rank_nsites(a); i++) {
        const skel_site *x = skel_rank_site(a, i), *y = skel_rank_site(b, i);
        cr_assert_eq(x->offset, y->offset);
        cr_assert_str_eq(x->func, y->func);
        cr_assert_str_eq(x->file, y->file);
        cr_assert_eq(x->line, y->line);
        cr_assert_str_eq(skel_rank_module(a, x->module)->path,
                         skel_rank_module(b, y->module)->path);
    }
    const skel_rank_end *ea = skel_rank_end_of(a), *eb = skel_rank_end_of(b);
    cr_assert(ea != NULL && eb != NULL, "rank %u: both end cleanly", rank);
    cr_assert_eq(ea->per_event_ns, eb->per_event_ns);
    cr_assert_eq(ea->nevents, eb->nevents);
}

static void same_trace(const char *d1, const char *d2)
{
    skel_trace *a, *b;
    cr_assert_eq(skel_trace_open(d1, &a), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_open(d2, &b), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_nranks(a), skel_trace_nranks(b));
    const skel_meta *ma = skel_trace_meta(a), *mb = skel_trace_meta(b);
    cr_assert_str_eq(ma->mpi_library, mb->mpi_library);
    cr_assert_str_eq(ma->tracer_version, mb->tracer_version);
    cr_assert_eq(ma->ncommand, mb->ncommand);
    for (uint32_t i = 0; i < ma->ncommand; i++)
        cr_assert_str_eq(ma->command[i], mb->command[i]);
    for (uint32_t r = 0; r < skel_trace_nranks(a); r++) {
        skel_rank_reader *ra, *rb;
        cr_assert_eq(skel_trace_open_rank(a, r, &ra), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(skel_trace_open_rank(b, r, &rb), SKEL_OK, "%s", skel_last_error());
        skel_event ea, eb;
        int na, nb;
        uint64_t n = 0;
        while ((na = skel_rank_next(ra, &ea)) == 1) {
            nb = skel_rank_next(rb, &eb);
            cr_assert_eq(nb, 1, "rank %u: the import ends after %lu events: %s", r,
                         (unsigned long)n, skel_last_error());
            same_event(&ea, &eb, r);
            n++;
        }
        cr_assert_eq(na, 0, "%s", skel_last_error());
        cr_assert_eq(skel_rank_next(rb, &eb), 0, "rank %u: the import has more events", r);
        same_tables(ra, rb, r);
        skel_rank_close(ra);
        skel_rank_close(rb);
    }
    skel_trace_close(a);
    skel_trace_close(b);
}

/* The signature files of two traces, compressed alike, are byte for byte
 * the same. */
static void same_signature(const char *d1, const char *d2, double k)
{
    char s1[256], s2[256];
    path_of(s1, sizeof s1, "a.sig");
    path_of(s2, sizeof s2, "b.sig");
    const char *dirs[2] = {d1, d2}, *sigs[2] = {s1, s2};
    char *text[2];
    size_t len[2];
    for (int i = 0; i < 2; i++) {
        skel_trace *t;
        skel_signature *sig;
        skel_compress_opts o;
        skel_compress_defaults(&o);
        o.scale = k;
        cr_assert_eq(skel_trace_open(dirs[i], &t), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(skel_compress_trace(t, &o, &sig, NULL), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(skel_sigfile_write(sigs[i], sig), SKEL_OK, "%s", skel_last_error());
        skel_signature_free(sig);
        skel_trace_close(t);
        FILE *f = fopen(sigs[i], "rb");
        cr_assert_not_null(f);
        fseek(f, 0, SEEK_END);
        len[i] = (size_t)ftell(f);
        fseek(f, 0, SEEK_SET);
        text[i] = malloc(len[i] + 1);
        cr_assert_eq(fread(text[i], 1, len[i], f), len[i]);
        fclose(f);
    }
    cr_assert(len[0] == len[1] && memcmp(text[0], text[1], len[0]) == 0,
              "the signatures of %s and %s differ", d1, d2);
    free(text[0]);
    free(text[1]);
}

static void round_trip(const skel_synth_opts *o)
{
    char trace[256], archive[256], back[256], anchor[512];
    path_of(trace, sizeof trace, "trace");
    path_of(archive, sizeof archive, "archive");
    path_of(back, sizeof back, "back");
    cr_assert_eq(skel_synth_write(trace, o), SKEL_OK, "%s", skel_last_error());
    skel_trace *t;
    cr_assert_eq(skel_trace_open(trace, &t), SKEL_OK, "%s", skel_last_error());
    struct skel_otf2_export_stats es;
    cr_assert_eq(skel_otf2_export(t, archive, NULL, &es), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(t);
    cr_assert_eq(es.ranks, o->nranks);
    uint64_t events = 0;
    for (uint32_t r = 0; r < o->nranks; r++)
        events += skel_synth_events(o, r);
    cr_assert_eq(es.events, events);
    cr_assert(skel_otf2_is_archive(archive, anchor, sizeof anchor), "a directory of traces.otf2");
    struct skel_otf2_import_stats is;
    cr_assert_eq(skel_otf2_import(anchor, back, &is), SKEL_OK, "%s", skel_last_error());
    cr_assert(is.skel_archive);
    cr_assert_eq(is.events, events);
    cr_assert_eq(is.skipped_calls, 0);
    same_trace(trace, back);
    same_signature(trace, back, 0);
    same_signature(trace, back, 20);
}

Test(otf2, round_trip_stencil, .init = setup, .fini = teardown)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 6;
    o.iterations = 30;
    o.reduce_every = 4;
    round_trip(&o);
}

/* A graph communicator's neighbours travel as skel::neighbors (same_trace
 * compares the communicator records, neighbour lists included). */
Test(otf2, round_trip_stencil_with_graph, .init = setup, .fini = teardown)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 6;
    o.iterations = 10;
    o.graph = 1;
    round_trip(&o);
}

Test(otf2, round_trip_master_worker, .init = setup, .fini = teardown)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_MASTER_WORKER;
    o.nranks = 4;
    o.iterations = 12;
    o.bytes_jitter = 0.3;
    round_trip(&o);
}

Test(otf2, round_trip_ring, .init = setup, .fini = teardown)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_RING;
    o.nranks = 3;
    o.iterations = 20;
    o.inner = 4;
    o.reduce_every = 5;
    round_trip(&o);
}

/* ---- The standard records, read with libotf2 itself ----------------------------------- */

struct counts {
    uint64_t isend[8], irecv[8], coll_end[8], enter[8], leave[8];
    uint64_t bad_comm;
};

static OTF2_CallbackCode c_isend(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                 OTF2_AttributeList *a, uint32_t dst, OTF2_CommRef comm,
                                 uint32_t tag, uint64_t len, uint64_t req)
{
    (void)t, (void)a, (void)dst, (void)tag, (void)len, (void)req, (void)comm;
    ((struct counts *)u)->isend[loc & 7]++;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode c_irecv(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                 OTF2_AttributeList *a, uint32_t src, OTF2_CommRef comm,
                                 uint32_t tag, uint64_t len, uint64_t req)
{
    (void)t, (void)a, (void)src, (void)tag, (void)len, (void)req, (void)comm;
    ((struct counts *)u)->irecv[loc & 7]++;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode c_coll(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                OTF2_AttributeList *a, OTF2_CollectiveOp op, OTF2_CommRef comm,
                                uint32_t root, uint64_t sent, uint64_t recvd)
{
    (void)t, (void)a, (void)op, (void)root, (void)sent, (void)recvd;
    struct counts *c = u;
    c->coll_end[loc & 7]++;
    c->bad_comm += comm != 0; /* the synthetic ring reduces over MPI_COMM_WORLD */
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode c_enter(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                 OTF2_AttributeList *a, OTF2_RegionRef r)
{
    (void)t, (void)a, (void)r;
    ((struct counts *)u)->enter[loc & 7]++;
    return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode c_leave(OTF2_LocationRef loc, OTF2_TimeStamp t, void *u,
                                 OTF2_AttributeList *a, OTF2_RegionRef r)
{
    (void)t, (void)a, (void)r;
    ((struct counts *)u)->leave[loc & 7]++;
    return OTF2_CALLBACK_SUCCESS;
}

Test(otf2, the_archive_holds_the_standard_mpi_records, .init = setup, .fini = teardown)
{
    /* A ring: each rank per iteration one MPI_Sendrecv (here written as
     * MpiSend + MpiRecv: counted separately below), inner MPI_Bcasts, and
     * an MPI_Allreduce every reduce_every iterations. */
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_RING;
    o.nranks = 3;
    o.iterations = 10;
    o.inner = 2;
    o.reduce_every = 5;
    char trace[256], archive[256], anchor[512];
    path_of(trace, sizeof trace, "trace");
    path_of(archive, sizeof archive, "archive");
    cr_assert_eq(skel_synth_write(trace, &o), SKEL_OK, "%s", skel_last_error());
    skel_trace *t;
    cr_assert_eq(skel_trace_open(trace, &t), SKEL_OK);
    cr_assert_eq(skel_otf2_export(t, archive, NULL, NULL), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(t);
    snprintf(anchor, sizeof anchor, "%s/traces.otf2", archive);

    OTF2_Reader *rd = OTF2_Reader_Open(anchor);
    cr_assert_not_null(rd);
    OTF2_Reader_SetSerialCollectiveCallbacks(rd);
    for (uint32_t r = 0; r < o.nranks; r++)
        cr_assert_eq(OTF2_Reader_SelectLocation(rd, r), OTF2_SUCCESS);
    cr_assert_eq(OTF2_Reader_OpenEvtFiles(rd), OTF2_SUCCESS);
    for (uint32_t r = 0; r < o.nranks; r++)
        cr_assert_not_null(OTF2_Reader_GetEvtReader(rd, r));
    OTF2_GlobalEvtReader *ge = OTF2_Reader_GetGlobalEvtReader(rd);
    OTF2_GlobalEvtReaderCallbacks *cb = OTF2_GlobalEvtReaderCallbacks_New();
    OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCallback(cb, c_isend);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvCallback(cb, c_irecv);
    OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback(cb, c_coll);
    OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(cb, c_enter);
    OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(cb, c_leave);
    struct counts c;
    memset(&c, 0, sizeof c);
    OTF2_Reader_RegisterGlobalEvtCallbacks(rd, ge, cb, &c);
    OTF2_GlobalEvtReaderCallbacks_Delete(cb);
    uint64_t n;
    cr_assert_eq(OTF2_Reader_ReadAllGlobalEvents(rd, ge, &n), OTF2_SUCCESS);
    OTF2_Reader_CloseGlobalEvtReader(rd, ge);
    OTF2_Reader_CloseEvtFiles(rd);
    OTF2_Reader_Close(rd);
    for (uint32_t r = 0; r < o.nranks; r++) {
        uint64_t events = skel_synth_events(&o, r);
        cr_assert_eq(c.enter[r], events, "rank %u: one Enter per call", r);
        cr_assert_eq(c.leave[r], events, "rank %u: one Leave per call", r);
        /* Bcasts and Allreduces are collectives; Init and Finalize are not. */
        cr_assert_eq(c.coll_end[r], o.iterations * o.inner + o.iterations / o.reduce_every,
                     "rank %u: MpiCollectiveEnd records", r);
    }
    cr_assert_eq(c.bad_comm, 0);
}

/* ---- An archive written the way Score-P writes one ----------------------------------- */

/* Regions of the foreign archive. */
enum { R_MAIN, R_SEND, R_RECV, R_IRECV, R_WAIT, R_ALLRED, R_TYPECOMMIT, R_INIT, R_FINI, R_PUT };
static const char *const region_names[] = {
    "main",          "MPI_Send",        "MPI_Recv", "MPI_Irecv",    "MPI_Wait",
    "MPI_Allreduce", "MPI_Type_commit", "MPI_Init", "MPI_Finalize", "MPI_Put"};
#define NREGIONS (sizeof region_names / sizeof region_names[0])

static OTF2_FlushType pre_flush(void *u, OTF2_FileType t, OTF2_LocationRef l, void *c, bool f)
{
    (void)u, (void)t, (void)l, (void)c, (void)f;
    return OTF2_FLUSH;
}

static const OTF2_FlushCallbacks flush_cbs = {.otf2_pre_flush = pre_flush, .otf2_post_flush = NULL};

enum foreign_kind { FOREIGN_OK, FOREIGN_NO_MPI_GROUP, FOREIGN_OFF, FOREIGN_PUT, FOREIGN_SHORT };

/* Two ranks, ticks of 10 ns from a global offset of 5 s:
 *   rank 0: main{ Init; Send(to 1, tag 7, 800 B); Type_commit; Allreduce; Finalize }
 *   rank 1: main{ Init; Irecv; [buffer flush]; Wait (MpiIrecv from 0, tag 7,
 *           800 B); Allreduce; Finalize } */
static void write_foreign(const char *dir, enum foreign_kind kind)
{
    OTF2_Archive *ar = OTF2_Archive_Open(
        dir, "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
        OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    cr_assert_not_null(ar);
    OTF2_Archive_SetFlushCallbacks(ar, &flush_cbs, NULL);
    OTF2_Archive_SetSerialCollectiveCallbacks(ar);
    OTF2_Archive_SetCreator(ar, "Score-P 8.1 (as a test writes it)");
    OTF2_Archive_OpenEvtFiles(ar);
    const uint64_t T0 = 500000000; /* 5 s in 10 ns ticks */
    uint64_t nevents[2] = {0, 0};
    for (uint32_t r = 0; r < 2; r++) {
        OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter(ar, r);
        uint64_t t = T0 + 1000 * r;
        OTF2_EvtWriter_Enter(w, NULL, t, R_MAIN);
        OTF2_EvtWriter_Enter(w, NULL, t += 10, R_INIT);
        OTF2_EvtWriter_Leave(w, NULL, t += 100, R_INIT);
        if (kind == FOREIGN_OFF && r == 1)
            OTF2_EvtWriter_MeasurementOnOff(w, NULL, t += 5, OTF2_MEASUREMENT_OFF);
        if (kind == FOREIGN_PUT && r == 0) {
            OTF2_EvtWriter_Enter(w, NULL, t += 10, R_PUT);
            OTF2_EvtWriter_Leave(w, NULL, t += 10, R_PUT);
        }
        if (r == 0) {
            OTF2_EvtWriter_Enter(w, NULL, t += 200, R_SEND); /* 2 us of compute */
            OTF2_EvtWriter_MpiSend(w, NULL, t, 1, 0, 7, 800);
            OTF2_EvtWriter_Leave(w, NULL, t += 30, R_SEND);
            OTF2_EvtWriter_Enter(w, NULL, t += 50, R_TYPECOMMIT);
            OTF2_EvtWriter_Leave(w, NULL, t += 20, R_TYPECOMMIT);
        } else {
            OTF2_EvtWriter_Enter(w, NULL, t += 100, R_IRECV);
            OTF2_EvtWriter_MpiIrecvRequest(w, NULL, t, 42);
            OTF2_EvtWriter_Leave(w, NULL, t += 10, R_IRECV);
            /* 3 us later a 1 us buffer flush, then 1 us more: 4 us of compute. */
            OTF2_EvtWriter_BufferFlush(w, NULL, t + 300, t + 400);
            OTF2_EvtWriter_Enter(w, NULL, t += 500, R_WAIT);
            OTF2_EvtWriter_MpiIrecv(w, NULL, t + 40, 0, 0, 7, 800, 42);
            OTF2_EvtWriter_Leave(w, NULL, t += 50, R_WAIT);
        }
        OTF2_EvtWriter_Enter(w, NULL, t += 10, R_ALLRED);
        OTF2_EvtWriter_MpiCollectiveBegin(w, NULL, t);
        OTF2_EvtWriter_MpiCollectiveEnd(w, NULL, t + 20, OTF2_COLLECTIVE_OP_ALLREDUCE, 0,
                                        OTF2_UNDEFINED_UINT32, 8, 8);
        OTF2_EvtWriter_Leave(w, NULL, t += 20, R_ALLRED);
        OTF2_EvtWriter_Enter(w, NULL, t += 10, R_FINI);
        OTF2_EvtWriter_Leave(w, NULL, t += 10, R_FINI);
        OTF2_EvtWriter_Leave(w, NULL, t += 1, R_MAIN);
        OTF2_EvtWriter_GetNumberOfEvents(w, &nevents[r]);
        OTF2_Archive_CloseEvtWriter(ar, w);
    }
    OTF2_Archive_CloseEvtFiles(ar);
    OTF2_GlobalDefWriter *d = OTF2_Archive_GetGlobalDefWriter(ar);
    OTF2_GlobalDefWriter_WriteClockProperties(d, 100000000, T0, 100000, OTF2_UNDEFINED_TIMESTAMP);
    uint32_t s = 0;
    OTF2_GlobalDefWriter_WriteString(d, s++, "");
    OTF2_GlobalDefWriter_WriteString(d, s++, "node0");
    OTF2_GlobalDefWriter_WriteString(d, s++, "rank");
    OTF2_GlobalDefWriter_WriteString(d, s++, "app.c");
    OTF2_GlobalDefWriter_WriteString(d, s++, "MPI_COMM_WORLD");
    uint32_t first_region_str = s;
    for (uint32_t i = 0; i < NREGIONS; i++)
        OTF2_GlobalDefWriter_WriteString(d, s++, region_names[i]);
    OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 0, 1, 1, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    for (uint32_t r = 0; r < 2; r++) {
        OTF2_GlobalDefWriter_WriteLocationGroup(d, r, 2, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                OTF2_UNDEFINED_LOCATION_GROUP);
        OTF2_GlobalDefWriter_WriteLocation(d, r, 2, OTF2_LOCATION_TYPE_CPU_THREAD,
                                           kind == FOREIGN_SHORT ? nevents[r] + 5 : nevents[r], r);
    }
    for (uint32_t i = 0; i < NREGIONS; i++)
        OTF2_GlobalDefWriter_WriteRegion(
            d, i, first_region_str + i, first_region_str + i, 0, OTF2_REGION_ROLE_FUNCTION,
            i == R_MAIN ? OTF2_PARADIGM_USER : OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE,
            i == R_MAIN ? 3 : 0, i == R_MAIN ? 12 : 0, 0);
    uint64_t members[2] = {0, 1};
    if (kind != FOREIGN_NO_MPI_GROUP)
        OTF2_GlobalDefWriter_WriteGroup(d, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, 2, members);
    OTF2_GlobalDefWriter_WriteGroup(d, 1, 4, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, 2, members);
    OTF2_GlobalDefWriter_WriteComm(d, 0, 4, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    OTF2_Archive_Close(ar);
}

Test(otf2, import_of_a_foreign_archive, .init = setup, .fini = teardown)
{
    char archive[256], anchor[512], back[256];
    path_of(archive, sizeof archive, "scorep");
    path_of(back, sizeof back, "back");
    write_foreign(archive, FOREIGN_OK);
    snprintf(anchor, sizeof anchor, "%s/traces.otf2", archive);
    struct skel_otf2_import_stats st;
    cr_assert_eq(skel_otf2_import(anchor, back, &st), SKEL_OK, "%s", skel_last_error());
    cr_assert(!st.skel_archive);
    cr_assert_eq(st.ranks, 2);
    cr_assert_eq(st.skipped_calls, 1, "MPI_Type_commit is not a call Skel knows");
    cr_assert_str_eq(st.skipped_example, "MPI_Type_commit");
    cr_assert_str_eq(st.creator, "Score-P 8.1 (as a test writes it)");

    skel_trace *t;
    cr_assert_eq(skel_trace_open(back, &t), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(skel_trace_nranks(t), 2);
    static const unsigned calls[2][4] = {
        {SKEL_CALL_MPI_Init, SKEL_CALL_MPI_Send, SKEL_CALL_MPI_Allreduce, SKEL_CALL_MPI_Finalize},
        {SKEL_CALL_MPI_Init, SKEL_CALL_MPI_Irecv, SKEL_CALL_MPI_Wait, SKEL_CALL_MPI_Allreduce}};
    for (uint32_t r = 0; r < 2; r++) {
        skel_rank_reader *rd;
        cr_assert_eq(skel_trace_open_rank(t, r, &rd), SKEL_OK, "%s", skel_last_error());
        skel_event ev[5];
        for (int i = 0; i < 4; i++) {
            cr_assert_eq(skel_rank_next(rd, &ev[i]), 1, "rank %u event %d: %s", r, i,
                         skel_last_error());
            cr_assert_eq(ev[i].call, calls[r][i], "rank %u event %d is %s", r, i,
                         skel_call_name(ev[i].call));
            /* The rank's file keeps one event's arrays only: check as we go. */
            if (r == 1 && i == 2) {
                cr_assert_eq(ev[2].ncomplete, 1);
                cr_assert_eq(ev[2].complete[0].req, ev[1].req, "the Irecv's request");
                cr_assert_eq(ev[2].complete[0].src, 0);
                cr_assert_eq(ev[2].complete[0].tag, 7);
                cr_assert_eq(ev[2].complete[0].bytes, 800);
            }
        }
        if (r == 0) {
            cr_assert_eq(ev[1].peer, 1);
            cr_assert_eq(ev[1].tag, 7);
            cr_assert_eq(ev[1].bytes, 800);
            cr_assert_eq(ev[1].comm, SKEL_COMM_WORLD);
            cr_assert_eq(ev[1].t_end - ev[1].t_start, 300, "30 ticks of 10 ns");
            cr_assert_eq(ev[1].gap_wall, 2000, "2 us of compute before the send");
            /* MPI_Type_commit's 200 ns count as compute before MPI_Allreduce. */
            cr_assert_eq(ev[2].gap_wall, 500 + 200 + 100);
            const skel_site *s = skel_rank_site(rd, ev[1].site);
            cr_assert_not_null(s);
            cr_assert_str_eq(s->func, "main", "the call site is the enclosing region");
            cr_assert_str_eq(s->file, "app.c");
            cr_assert_eq(s->line, 12);
        } else {
            /* The Irecv's source, tag and size come from its completion. */
            cr_assert_eq(ev[1].peer, 0);
            cr_assert_eq(ev[1].tag, 7);
            cr_assert_eq(ev[1].bytes, 800);
            cr_assert_eq(ev[2].gap_wall, 4000, "5 us less the 1 us buffer flush");
            cr_assert_eq(ev[3].root, SKEL_PEER_NONE);
            cr_assert_eq(ev[3].bytes, 8);
            cr_assert_eq(ev[3].rbytes, 8);
        }
        skel_rank_close(rd);
    }
    skel_trace_close(t);
}

static void refused(enum foreign_kind kind, int code, const char *words)
{
    char archive[256], anchor[512], back[256];
    path_of(archive, sizeof archive, "scorep");
    path_of(back, sizeof back, "back");
    write_foreign(archive, kind);
    snprintf(anchor, sizeof anchor, "%s/traces.otf2", archive);
    int rc = skel_otf2_import(anchor, back, NULL);
    cr_assert_eq(rc, code, "expected %s, got %s: %s", skel_errname(code), skel_errname(rc),
                 skel_last_error());
    cr_assert(strstr(skel_last_error(), words) != NULL, "'%s' does not say '%s'", skel_last_error(),
              words);
    cr_assert(strstr(skel_last_error(), anchor) != NULL, "the message names the archive");
    cr_assert(!exists(back), "no trace left after a refusal");
    char partial[300];
    snprintf(partial, sizeof partial, "%s.partial.%ld", back, (long)getpid());
    cr_assert(!exists(partial), "no partial trace left after a refusal");
}

Test(otf2, refuses_an_archive_without_mpi_ranks, .init = setup, .fini = teardown)
{
    refused(FOREIGN_NO_MPI_GROUP, SKEL_EFORMAT, "no MPI ranks");
}

Test(otf2, refuses_measurement_switched_off, .init = setup, .fini = teardown)
{
    refused(FOREIGN_OFF, SKEL_EUNSUPPORTED, "measurement was switched off");
}

Test(otf2, refuses_one_sided_calls_of_foreign_archives, .init = setup, .fini = teardown)
{
    refused(FOREIGN_PUT, SKEL_EUNSUPPORTED, "MPI_Put: one-sided calls");
}

Test(otf2, refuses_an_archive_with_fewer_records_than_announced, .init = setup, .fini = teardown)
{
    refused(FOREIGN_SHORT, SKEL_ETRUNCATED, "damaged or cut short");
}

Test(otf2, outputs_are_new_directories_and_inputs_are_recognised, .init = setup, .fini = teardown)
{
    char trace[256], archive[256], anchor[512];
    path_of(trace, sizeof trace, "trace");
    path_of(archive, sizeof archive, "archive");
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.nranks = 2;
    o.iterations = 3;
    cr_assert_eq(skel_synth_write(trace, &o), SKEL_OK);
    skel_trace *t;
    cr_assert_eq(skel_trace_open(trace, &t), SKEL_OK);
    cr_assert_eq(skel_otf2_export(t, trace, NULL, NULL), SKEL_EUSAGE, "an existing directory");
    cr_assert(strstr(skel_last_error(), "exists already") != NULL);
    cr_assert_eq(skel_otf2_export(t, archive, NULL, NULL), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(t);
    cr_assert(!skel_otf2_is_archive(trace, anchor, sizeof anchor), "a Skel trace is no archive");
    cr_assert(skel_otf2_is_archive(archive, anchor, sizeof anchor));
    char expect[512];
    snprintf(expect, sizeof expect, "%s/traces.otf2", archive);
    cr_assert_str_eq(anchor, expect);
    cr_assert(skel_otf2_is_archive(expect, anchor, sizeof anchor), "the anchor file itself");
    cr_assert(!skel_otf2_is_archive("/nonexistent/traces.otf2", anchor, sizeof anchor));
    cr_assert_eq(skel_otf2_import(expect, archive, NULL), SKEL_EUSAGE, "an existing directory");
    char back[256];
    path_of(back, sizeof back, "back");
    cr_assert_eq(skel_otf2_import("/nonexistent/traces.otf2", back, NULL), SKEL_ENOTFOUND);
    cr_assert(!exists(back));
}

/* skel::neighbors is text from the archive: parsed bounds-checked. */
Test(otf2, neighbour_lists_parsed_and_refused)
{
    int32_t *adj = NULL;
    uint32_t cap = 0, nin = 7, nout = 7;
    cr_assert_eq(skel_otf2__parse_neighbors("2 1 3 0 2", 4, &adj, &cap, &nin, &nout), SKEL_OK, "%s",
                 skel_last_error());
    cr_expect_eq(nin, 2);
    cr_expect_eq(nout, 1);
    cr_expect(adj[0] == 3 && adj[1] == 0 && adj[2] == 2);
    cr_assert_eq(skel_otf2__parse_neighbors("0 0", 4, &adj, &cap, &nin, &nout), SKEL_OK);
    cr_expect(nin == 0 && nout == 0);
    static const char *const bad[] = {
        "",                /* no counts */
        "1",               /* one count */
        "1 1 0",           /* a neighbour missing */
        "1 0 4",           /* rank 4 of 4 */
        "1 0 -1",          /* negative */
        "1 0 0 0",         /* one too many */
        "1 0 0x",          /* trailing text */
        "99999999 0 1",    /* more than the string can hold: no allocation */
        "4294967297 0 1",  /* a count beyond 32 bits */
        "1 0 99999999999", /* a rank beyond 32 bits */
        "-1 0",            /* a negative count */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        nin = nout = 7;
        cr_expect_eq(skel_otf2__parse_neighbors(bad[i], 4, &adj, &cap, &nin, &nout), SKEL_EFORMAT,
                     "\"%s\" accepted", bad[i]);
        cr_expect(nin == 7 && nout == 7, "\"%s\": counts changed", bad[i]);
        cr_expect(strstr(skel_last_error(), "skel::neighbors") != NULL, "%s", skel_last_error());
    }
    free(adj);
}

/* skel::group (MPI_Win_post, MPI_Win_start) the same way: one count. */
Test(otf2, group_lists_parsed_and_refused)
{
    int32_t *g = NULL;
    uint32_t cap = 0, n = 7;
    cr_assert_eq(skel_otf2__parse_group("3 2 0 3", 4, &g, &cap, &n), SKEL_OK, "%s",
                 skel_last_error());
    cr_expect_eq(n, 3);
    cr_expect(g[0] == 2 && g[1] == 0 && g[2] == 3);
    static const char *const bad[] = {
        "",          /* no count */
        "2 1",       /* a member missing */
        "1 4",       /* rank 4 of 4 */
        "1 -1",      /* negative */
        "1 0 1",     /* one too many */
        "1 0 ",      /* trailing space */
        "9999999 1", /* more than the string can hold */
        "1 2x",      /* trailing text */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        n = 7;
        cr_expect_eq(skel_otf2__parse_group(bad[i], 4, &g, &cap, &n), SKEL_EFORMAT,
                     "\"%s\" accepted", bad[i]);
        cr_expect_eq(n, 7, "\"%s\": count changed", bad[i]);
        cr_expect(strstr(skel_last_error(), "skel::group") != NULL, "%s", skel_last_error());
    }
    free(g);
}
