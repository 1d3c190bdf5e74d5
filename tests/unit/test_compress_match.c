/* test_compress_match.c - which send met which receive (compress/match.h), on
 * synthetic traces (compress/synth.h): every message of a run without
 * MPI_PROC_NULL is paired, matching classes always hold both sides, a
 * master's wildcard receives join the requests and results of all its
 * workers, and the classes survive a signature file. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calls.h"
#include "compress.h"
#include "error.h"
#include "sigfile.h"
#include "synth.h"

static char *dir_;

static void setup(void)
{
    dir_ = strdup("/tmp/skel-test-match-XXXXXX");
    cr_assert_not_null(mkdtemp(dir_));
}

static void teardown(void)
{
    char p[4096], name[64];
    for (uint32_t r = 0; r < 64; r++) {
        skel_trace_rank_filename(r, name, sizeof name);
        snprintf(p, sizeof p, "%s/%s", dir_, name);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/meta", dir_);
    unlink(p);
    snprintf(p, sizeof p, "%s/x.sig", dir_);
    unlink(p);
    rmdir(dir_);
    free(dir_);
}

TestSuite(match, .init = setup, .fini = teardown);

static skel_signature *compress_pin(const skel_synth_opts *o, double T, int pin)
{
    cr_assert_eq(skel_synth_write(dir_, o), SKEL_OK, "%s", skel_last_error());
    skel_trace *t = NULL;
    cr_assert_eq(skel_trace_open(dir_, &t), SKEL_OK, "%s", skel_last_error());
    skel_compress_opts co;
    skel_compress_defaults(&co);
    co.threshold = T;
    co.threads = 2;
    co.pin_sources = pin;
    skel_signature *s = NULL;
    cr_assert_eq(skel_compress_trace(t, &co, &s, NULL), SKEL_OK, "%s", skel_last_error());
    /* The signature reproduces the trace, pinned or not. */
    cr_assert_eq(skel_compress_verify(t, s), SKEL_OK, "%s", skel_last_error());
    skel_trace_close(t);
    return s;
}

static skel_signature *compress(const skel_synth_opts *o, double T)
{
    return compress_pin(o, T, 0);
}

static int klass(const skel_sig_symbol *y)
{
    const struct skel_call_info *ci = skel_call_info(y->call);
    return ci != NULL ? ci->klass : SKEL_CLASS_NONE;
}

static int sends(const skel_sig_symbol *y)
{
    int k = klass(y);
    return k == SKEL_CLASS_SEND || k == SKEL_CLASS_ISEND || k == SKEL_CLASS_SENDRECV;
}

static int receives(const skel_sig_symbol *y, int *half)
{
    int k = klass(y);
    *half = k == SKEL_CLASS_SENDRECV;
    return k == SKEL_CLASS_RECV || k == SKEL_CLASS_IRECV || k == SKEL_CLASS_SENDRECV;
}

/* Messages sent and received (no MPI_PROC_NULL in these runs), and every
 * matching class has a sending and a receiving symbol. */
static void check_classes(const skel_signature *s)
{
    uint64_t sent = 0, got = 0;
    uint8_t *has_send = calloc(s->nmatch + 1, 1), *has_recv = calloc(s->nmatch + 1, 1);
    cr_assert(has_send != NULL && has_recv != NULL);
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        int h;
        if (sends(y)) {
            sent += y->occurrences;
            cr_assert_neq(y->match[0], SKEL_SIG_NONE, "send symbol %u has no matching class", i);
            cr_assert_lt(y->match[0], s->nmatch);
            has_send[y->match[0]] = 1;
        }
        if (receives(y, &h)) {
            got += y->occurrences;
            cr_assert_neq(y->match[h], SKEL_SIG_NONE, "receive symbol %u has no class", i);
            cr_assert_lt(y->match[h], s->nmatch);
            has_recv[y->match[h]] = 1;
        }
    }
    cr_expect_eq(s->messages_matched, sent, "%llu messages paired, %llu sent",
                 (unsigned long long)s->messages_matched, (unsigned long long)sent);
    cr_expect_eq(sent, got);
    for (uint32_t c = 0; c < s->nmatch; c++)
        cr_expect(has_send[c] && has_recv[c], "class %u lacks a side", c);
    free(has_send);
    free(has_recv);
}

Test(match, master_worker_wildcards_join_every_worker)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_MASTER_WORKER;
    o.nranks = 5;
    o.iterations = 20;
    skel_signature *s = compress(&o, 0);
    check_classes(s);
    /* The master's wildcard receives got requests and results from every
     * worker: one class holds the master's receive and the workers' sends. */
    uint32_t cls = SKEL_SIG_NONE;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        int h;
        if (receives(y, &h) && y->peer.kind == SKEL_SIG_PEER_ANY) {
            if (cls == SKEL_SIG_NONE)
                cls = y->match[0];
            cr_expect_eq(y->match[0], cls, "the master's wildcard receives differ in class");
        }
    }
    cr_assert_neq(cls, SKEL_SIG_NONE, "no wildcard receive");
    uint32_t worker_sends = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (sends(&s->symbols[i]) && s->symbols[i].match[0] == cls)
            worker_sends++;
    cr_expect_geq(worker_sends, 1, "no worker send in the master's class");
    skel_signature_free(s);
}

Test(match, stencil_directions_pair_up)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_STENCIL;
    o.nranks = 6;
    o.skip_border = 1; /* no MPI_PROC_NULL: every send is a message */
    o.iterations = 30;
    skel_signature *s = compress(&o, 0);
    check_classes(s);
    cr_expect_geq(s->nmatch, 2, "the directions of a halo exchange are classes of their own");
    skel_signature_free(s);
}

Test(match, ring_sendrecv_and_threshold)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_RING;
    o.nranks = 4;
    o.iterations = 25;
    o.bytes_jitter = 0.3;
    skel_signature *s = compress(&o, 0.1);
    check_classes(s);
    skel_signature_free(s);
}

Test(match, classes_survive_the_file)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_MASTER_WORKER;
    o.nranks = 3;
    o.iterations = 10;
    skel_signature *s = compress(&o, 0);
    char path[4200];
    snprintf(path, sizeof path, "%s/x.sig", dir_);
    cr_assert_eq(skel_sigfile_write(path, s), SKEL_OK, "%s", skel_last_error());
    skel_signature *r = NULL;
    cr_assert_eq(skel_sigfile_read(path, &r), SKEL_OK, "%s", skel_last_error());
    cr_expect_eq(r->nmatch, s->nmatch);
    cr_expect_eq(r->messages_matched, s->messages_matched);
    for (uint32_t i = 0; i < s->nsymbols; i++)
        for (int h = 0; h < 2; h++)
            cr_expect_eq(r->symbols[i].match[h], s->symbols[i].match[h], "symbol %u half %d", i, h);
    skel_signature_free(r);
    skel_signature_free(s);
}

/* Pinned (skel compress --pin-sources), the master's blocking wildcard
 * receives become receives from the worker each got its message from: no
 * receive from MPI_ANY_SOURCE is left, the pinned ones say so, replies are
 * no longer "to the latest wildcard's source", every message is still
 * paired, and the flag survives the file. */
Test(match, pinned_sources_replace_wildcards)
{
    skel_synth_opts o;
    skel_synth_defaults(&o);
    o.pattern = SKEL_SYNTH_MASTER_WORKER;
    o.nranks = 4;
    o.iterations = 12;
    skel_signature *s = compress_pin(&o, 0, 1);
    check_classes(s);
    uint32_t pinned = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++) {
        const skel_sig_symbol *y = &s->symbols[i];
        int h;
        cr_expect_neq(y->peer.kind, SKEL_SIG_PEER_ANY, "symbol %u still receives from anywhere", i);
        cr_expect_neq(y->peer.kind, SKEL_SIG_PEER_REPLY, "symbol %u still replies", i);
        if (y->side[0].flags & SKEL_SIG_PINNED) {
            cr_expect(receives(y, &h) && !h, "symbol %u is pinned but no receive", i);
            pinned++;
        }
    }
    /* A receive per worker at least (each worker's requests and results). */
    cr_expect_geq(pinned, o.nranks - 1, "%u pinned symbols", pinned);
    char path[4096];
    snprintf(path, sizeof path, "%s/x.sig", dir_);
    cr_assert_eq(skel_sigfile_write(path, s), SKEL_OK, "%s", skel_last_error());
    skel_signature *back = NULL;
    cr_assert_eq(skel_sigfile_read(path, &back), SKEL_OK, "%s", skel_last_error());
    uint32_t pinned_back = 0;
    for (uint32_t i = 0; i < back->nsymbols; i++)
        pinned_back += (back->symbols[i].side[0].flags & SKEL_SIG_PINNED) != 0;
    cr_expect_eq(pinned_back, pinned);
    skel_signature_free(back);
    skel_signature_free(s);
    /* Unpinned, the same trace keeps its wildcards. */
    s = compress(&o, 0);
    uint32_t any = 0;
    for (uint32_t i = 0; i < s->nsymbols; i++)
        any += s->symbols[i].peer.kind == SKEL_SIG_PEER_ANY;
    cr_expect_geq(any, 1);
    skel_signature_free(s);
}
