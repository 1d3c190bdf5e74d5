/* show.c - an execution signature as text (show.h). */
#include "show.h"

#include "calls.h"
#include "error.h"
#include "report_text.h"
#include "usecase.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *sym_name(const skel_signature *s, uint32_t id, char *b, size_t n)
{
    return skel_sig_symbol_name(&s->symbols[id], b, n);
}

static void print_item(FILE *out, const skel_signature *s, const skel_sig_item *it)
{
    char b[32];
    if (it->kind == SKEL_SIG_ITEM_SYMBOL) {
        fputs(sym_name(s, it->ref, b, sizeof b), out);
        return;
    }
    const skel_sig_block *body = &s->blocks[it->ref];
    if (body->nitems == 1 && body->items[0].kind == SKEL_SIG_ITEM_SYMBOL)
        fprintf(out, "(%s:%" PRIu64 ")", sym_name(s, body->items[0].ref, b, sizeof b), it->count);
    else
        fprintf(out, "(L%u:%" PRIu64 ")", it->ref, it->count);
}

static void print_seq(FILE *out, const skel_signature *s, const skel_sig_block *b, int brace)
{
    fputs(brace ? "{" : "[", out);
    for (uint32_t i = 0; i < b->nitems; i++) {
        if (i > 0)
            fputs(", ", out);
        print_item(out, s, &b->items[i]);
    }
    fputs(brace ? "}" : "]", out);
}

/* Loop bodies of more than one item reachable from block b, each once. */
static void list_bodies(FILE *out, const skel_signature *s, uint32_t b, uint8_t *seen)
{
    const skel_sig_block *blk = &s->blocks[b];
    for (uint32_t i = 0; i < blk->nitems; i++) {
        const skel_sig_item *it = &blk->items[i];
        if (it->kind != SKEL_SIG_ITEM_LOOP || seen[it->ref])
            continue;
        seen[it->ref] = 1;
        const skel_sig_block *body = &s->blocks[it->ref];
        if (!(body->nitems == 1 && body->items[0].kind == SKEL_SIG_ITEM_SYMBOL)) {
            fprintf(out, "  L%u = ", it->ref);
            print_seq(out, s, body, 0);
            fputc('\n', out);
        }
        list_bodies(out, s, it->ref, seen);
    }
}

static void print_peer(FILE *out, const skel_sig_peer *p)
{
    switch (p->kind) {
    case SKEL_SIG_PEER_ANY:
        fputs("ANY_SOURCE", out);
        break;
    case SKEL_SIG_PEER_NULL:
        fputs("PROC_NULL", out);
        break;
    case SKEL_SIG_PEER_ROOT:
        fputs("MPI_ROOT", out);
        break;
    case SKEL_SIG_PEER_ABS:
        fprintf(out, "%d", p->value);
        break;
    case SKEL_SIG_PEER_REL:
        fprintf(out, "me%+d", p->value);
        break;
    case SKEL_SIG_PEER_MOD:
        fprintf(out, "(me%+d)%%size", p->value);
        break;
    case SKEL_SIG_PEER_CART:
        fputs("cart(", out);
        for (uint32_t i = 0; i < p->ndims; i++)
            fprintf(out, "%s%+d", i ? "," : "", p->vec[i]);
        fputc(')', out);
        break;
    case SKEL_SIG_PEER_REPLY:
        fputs("reply", out);
        break;
    default:
        fputs("-", out);
    }
}

static void print_time(FILE *out, double ns)
{
    if (ns >= 1e9)
        fprintf(out, "%.3f s", ns / 1e9);
    else if (ns >= 1e6)
        fprintf(out, "%.3f ms", ns / 1e6);
    else if (ns >= 1e3)
        fprintf(out, "%.2f us", ns / 1e3);
    else
        fprintf(out, "%.0f ns", ns);
}

static void print_range(FILE *out, const char *what, const skel_sig_range *r)
{
    if (r->min == r->max)
        fprintf(out, " %s %" PRId64, what, r->min);
    else
        fprintf(out, " %s %.1f [%" PRId64 "..%" PRId64 "]", what, r->mean, r->min, r->max);
}

static void print_dist(FILE *out, const char *what, const skel_sig_dist *d)
{
    fprintf(out, "%s ", what);
    print_time(out, d->mean);
    if (d->count > 1 && d->max > d->min) {
        fputs(" (p50 ", out);
        print_time(out, skel_sig_dist_quantile(d, 0.5));
        fputs(", p99 ", out);
        print_time(out, skel_sig_dist_quantile(d, 0.99));
        fputs(", max ", out);
        print_time(out, (double)d->max);
        fputc(')', out);
    }
}

static void print_symbol(FILE *out, const skel_signature *s, const skel_sig_symbol *y)
{
    char b[32];
    const struct skel_call_info *ci = skel_call_info(y->call);
    fprintf(out, "  %-6s %-22s", skel_sig_symbol_name(y, b, sizeof b), skel_call_name(y->call));
    if (y->comm != SKEL_SIG_NONE && y->comm != SKEL_COMM_WORLD)
        fprintf(out, " comm %u", y->comm);
    if (y->newcomm != SKEL_SIG_NONE)
        fprintf(out, " -> comm %u", y->newcomm);
    int klass = ci ? ci->klass : 0;
    if (y->peer.kind != SKEL_SIG_PEER_NONE) {
        int from = (skel_class_is_receive(klass) && klass != SKEL_CLASS_SENDRECV) ||
                   klass == SKEL_CLASS_IRECV || klass == SKEL_CLASS_RECV_INIT;
        fputs(from ? " from " : " to ", out);
        print_peer(out, &y->peer);
    }
    if (y->tag != SKEL_TAG_NONE) {
        if (y->tag == SKEL_TAG_ANY)
            fputs(" tag ANY", out);
        else
            fprintf(out, " tag %d", y->tag);
    }
    if (y->peer2.kind != SKEL_SIG_PEER_NONE) {
        fputs(" from ", out);
        print_peer(out, &y->peer2);
        if (y->tag2 == SKEL_TAG_ANY)
            fputs(" tag ANY", out);
        else if (y->tag2 != SKEL_TAG_NONE)
            fprintf(out, " tag %d", y->tag2);
    }
    if (y->root.kind != SKEL_SIG_PEER_NONE) {
        fputs(" root ", out);
        print_peer(out, &y->root);
    }
    if (y->op != SKEL_OP_NONE)
        fprintf(out, " %s", skel_op_name(y->op));
    for (int k = 0; k < 2; k++) {
        if (!(y->sides & (1u << k)))
            continue;
        const skel_sig_side *sd = &y->side[k];
        if (y->sides == 3)
            fprintf(out, " %s:", k ? "at root" : "others");
        if (sd->count.max != 0 || sd->count.min != 0)
            print_range(out, "count", &sd->count);
        if (y->dtsize)
            fprintf(out, " x %u B", y->dtsize);
        if (y->parts)
            fprintf(out, " in %u partitions", y->parts);
        int recv = skel_class_is_receive(klass) || klass == SKEL_CLASS_IRECV ||
                   klass == SKEL_CLASS_RECV_INIT || klass == SKEL_CLASS_MRECV ||
                   klass == SKEL_CLASS_IMRECV;
        if (sd->bytes.max != 0)
            print_range(out, recv && klass != SKEL_CLASS_SENDRECV ? "buffer" : "sends", &sd->bytes);
        if (sd->rbytes.max != 0)
            print_range(out, "receives", &sd->rbytes);
        if (sd->flags & SKEL_EVF_INPLACE)
            fputs(" in-place", out);
        if (sd->flags & SKEL_EVF_FLAG)
            fputs(" flag=true", out);
        if (sd->flags & SKEL_EVF_REWRITE)
            fputs(" rewrites", out);
        if (sd->flags & SKEL_EVF_BLOCK_MASK)
            fprintf(out, " in runs of %llu B", (unsigned long long)skel_evf_block_bytes(sd->flags));
        if (sd->flags & SKEL_EVF_RBLOCK_MASK)
            fprintf(out, " received in runs of %llu B",
                    (unsigned long long)skel_evf_rblock_bytes(sd->flags));
        if (sd->flags & SKEL_SIG_PINNED)
            fputs(" (from MPI_ANY_SOURCE in the application)", out);
    }
    if (y->nlinks > 0) {
        fputs(" completes", out);
        if (klass == SKEL_CLASS_START || klass == SKEL_CLASS_REQFREE || klass == SKEL_CLASS_CANCEL)
            fputs("/starts", out);
        for (uint32_t i = 0; i < y->nlinks && i < 8; i++)
            fprintf(out, " %s@-%u", skel_call_name(y->links[i].call) + 4, y->links[i].dist);
        if (y->nlinks > 8)
            fprintf(out, " ... (%u)", y->nlinks);
    }
    fprintf(out, "\n         x%" PRIu64 ", total ", y->occurrences);
    print_time(out, y->time_ns / (double)s->classes[y->cls].nranks);
    fputs(" per rank, ", out);
    print_dist(out, "compute", &y->compute);
    fputs(", ", out);
    print_dist(out, "call", &y->duration);
    /* The smallest working set the tracer read before it (docs/codegen.md,
     * "Compute is real CPU work"). */
    if (y->ws_samples > 0)
        fprintf(out, ", working set %" PRIu64 " KiB (%" PRIu64 " sample%s)", y->ws_bytes >> 10,
                (uint64_t)y->ws_samples, y->ws_samples == 1 ? "" : "s");
    if (y->site != SKEL_SIG_NONE) {
        const skel_sig_site *st = &s->sites[y->site];
        fputs(", at ", out);
        if (st->file && st->file[0]) {
            skel_usecase_put_text(out, st->file);
            fprintf(out, ":%u", st->line);
        } else if (st->func && st->func[0]) {
            skel_usecase_put_text(out, st->func);
        } else {
            const char *base = strrchr(st->module ? st->module : "", '/');
            skel_usecase_put_text(out, base ? base + 1 : st->module);
            fprintf(out, "+0x%" PRIx64, st->offset);
        }
    }
    fputc('\n', out);
}

static void show_class(FILE *out, const skel_signature *s, const skel_sig_class *k)
{
    fprintf(out, "\nclass %u: ranks ", k->id);
    skel_usecase_print_ranks(out, k->ranks, k->nranks);
    fprintf(out, " (%u rank%s), %" PRIu64 " events and ", k->nranks, k->nranks == 1 ? "" : "s",
            k->events);
    print_time(out, k->time_ns);
    fprintf(out, " per rank, signature length %" PRIu64 "\n", k->length);
    /* Where the time goes, and how evenly the members share it. */
    double comp = 0, mpi = 0, run = 0, cmax = 0, cmin = -1;
    for (uint32_t i = 0; i < k->nranks; i++) {
        const skel_sig_rank *rk = &s->ranks[k->ranks[i]];
        comp += (double)rk->compute_ns;
        mpi += (double)rk->mpi_ns;
        run += (double)rk->time_ns;
        if ((double)rk->compute_ns > cmax)
            cmax = (double)rk->compute_ns;
        if (cmin < 0 || (double)rk->compute_ns < cmin)
            cmin = (double)rk->compute_ns;
    }
    if (run > 0)
        fprintf(out, "  compute %.1f%%, MPI %.1f%% of the run; compute per rank from ",
                100 * comp / run, 100 * mpi / run);
    print_time(out, cmin < 0 ? 0 : cmin);
    fputs(" to ", out);
    print_time(out, cmax);
    fputs("\n  ", out);
    print_seq(out, s, &s->blocks[k->top], 1);
    fputc('\n', out);
    uint8_t *seen = calloc(s->nblocks ? s->nblocks : 1, 1);
    if (seen != NULL)
        list_bodies(out, s, k->top, seen);
    free(seen);
    if (k->dominant != SKEL_SIG_NONE) {
        skel_sig_item it = {
            .kind = SKEL_SIG_ITEM_LOOP, .ref = k->dominant, .count = k->dominant_count};
        fputs("  dominant: ", out);
        print_item(out, s, &it);
        fprintf(out, ", %.1f%% of the modelled time, ", 100 * k->dominant_share);
        print_time(out, k->dominant_iter_ns);
        fputs(" per iteration\n", out);
    }
    fprintf(out, "  symbols:\n");
    for (uint32_t i = 0; i < s->nsymbols; i++)
        if (s->symbols[i].cls == k->id)
            print_symbol(out, s, &s->symbols[i]);
}

/* ---- --expand ----------------------------------------------------------------------- */

struct expand {
    const skel_signature *s;
    uint32_t rank;
    uint64_t index;
    FILE *out;
};

static void put_peer(struct expand *e, const char *name, const skel_sig_symbol *y,
                     const skel_sig_peer *p)
{
    if (p->kind == SKEL_SIG_PEER_NONE)
        return;
    if (p->kind == SKEL_SIG_PEER_REPLY) {
        fprintf(e->out, " %s=reply", name);
        return;
    }
    int32_t cr, wr;
    if (skel_sig_peer_resolve(e->s, e->rank, y->comm, p, SKEL_PEER_NONE, &cr, &wr) != SKEL_OK)
        fprintf(e->out, " %s=?", name);
    else
        fprintf(e->out, " %s=%d", name, wr);
}

static int expand_one(void *ctx, const skel_sig_symbol *y)
{
    struct expand *e = ctx;
    FILE *out = e->out;
    fprintf(out, "%u %" PRIu64 " %s", e->rank, e->index++, skel_call_name(y->call));
    if (y->comm != SKEL_SIG_NONE)
        fprintf(out, " comm=%u", y->comm);
    if (y->newcomm != SKEL_SIG_NONE)
        fprintf(out, " newcomm=%u", y->newcomm);
    put_peer(e, "peer", y, &y->peer);
    if (y->tag != SKEL_TAG_NONE)
        fprintf(out, " tag=%d", y->tag);
    put_peer(e, "peer2", y, &y->peer2);
    if (y->tag2 != SKEL_TAG_NONE)
        fprintf(out, " tag2=%d", y->tag2);
    put_peer(e, "root", y, &y->root);
    int side = skel_sig_side_of(e->s, e->rank, y);
    const skel_sig_side *sd = &y->side[side == SKEL_SIG_SIDE_ROOT ? 1 : 0];
    fprintf(out, " count=%.0f dtsize=%u bytes=%.0f rbytes=%.0f", sd->count.mean, y->dtsize,
            sd->bytes.mean, sd->rbytes_events ? sd->rbytes.mean : 0.0);
    if (y->op != SKEL_OP_NONE)
        fprintf(out, " op=%s", skel_op_name(y->op));
    for (uint32_t i = 0; i < y->nlinks; i++)
        fprintf(out, " link=%u@%u", y->links[i].dist, y->links[i].index);
    fputc('\n', out);
    return ferror(out) ? skel_fail(SKEL_EIO, "standard output: write error") : 0;
}

void skel_show_print(FILE *out, const char *path, const skel_signature *s, long long rank)
{
    fprintf(out, "signature %s:", path);
    for (uint32_t i = 0; i < s->argc; i++) {
        fputc(' ', out);
        skel_usecase_put_text(out, s->argv[i]);
    }
    fprintf(out, "\n%u rank%s, ", s->nranks, s->nranks == 1 ? "" : "s");
    char lib[512];
    skel_usecase_put_text(out, skel_text_oneline(s->mpi_library, lib, sizeof lib));
    fprintf(out,
            "\nthreshold %.3f (maximum %.3f%s), Q = %.2f (trace %" PRIu64
            " events, signature %" PRIu64 " items), %u rank class%s\n",
            s->threshold, s->max_threshold, s->scale > 0 ? ", chosen for a scale" : "", s->ratio,
            s->trace_length, s->signature_length, s->nclasses, s->nclasses == 1 ? "" : "es");
    if (s->partial != NULL) {
        fputs("PARTIAL TRACE: ", out);
        skel_usecase_put_text(out, s->partial); /* from the file: untrusted */
        fputc('\n', out);
    }
    if (s->threads != NULL) {
        fputs("THREADS AT ONCE: ", out);
        skel_usecase_put_text(out, s->threads); /* from the file: untrusted */
        fputs(" (each rank's calls are one stream here)\n", out);
    }
    for (uint32_t k = 0; k < s->nclasses; k++)
        if (rank < 0 || (rank < s->nranks && s->ranks[rank].cls == k))
            show_class(out, s, &s->classes[k]);
}

int skel_show_expand(FILE *out, const skel_signature *s, long long rank)
{
    int rc = SKEL_OK;
    for (uint32_t r = 0; r < s->nranks && rc == SKEL_OK; r++) {
        if (rank >= 0 && r != rank)
            continue;
        struct expand e = {.s = s, .rank = r, .out = out};
        rc = skel_sig_walk(s, s->ranks[r].cls, expand_one, &e);
    }
    return rc;
}
