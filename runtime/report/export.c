/* export.c - the Chrome trace-event format (see export.h). */
#include "export.h"

#include "afile.h"
#include "error.h"
#include "grow.h"
#include "replay.h"
#include "report_text.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Labels of the call sites of one rank, made once each. */
struct site_cache {
    uint32_t n;
    char **label;
};

/* Sends made on threads other than 0, until their message is received, so
 * that a flow starts on the right thread (most traces have none). */
struct send_thread {
    uint32_t rank;
    uint64_t seq;
    uint32_t thread;
    struct send_thread *next;
};
#define SEND_BUCKETS 1024

struct exporter {
    const skel_trace *t;
    FILE *f; /* counts what goes through it into out (fopencookie) */
    FILE *out;
    uint64_t bytes;      /* written to out */
    uint64_t budget;     /* 0: no limit (opts->max_bytes) */
    uint64_t rank_start; /* bytes when the current rank began (without flows) */
    int64_t last_ts;     /* ns from the origin of the latest call written */
    int (*cancelled)(void);
    int64_t origin; /* ns in rank 0's clock: ts 0 */
    uint32_t nranks;
    struct site_cache *sites;
    struct send_thread *sends[SEND_BUCKETS];
    uint64_t nsends;
    uint64_t flow_id;
    struct skel_export_stats st;
    int first; /* no event written yet (no comma before the next) */
};

static int io_fail(void)
{
    return skel_fail(SKEL_EIO, "writing the export failed: %s", strerror(errno ? errno : EIO));
}

/* The counting stream: every byte goes to x->out; a failed write (a full
 * disk) fails the stream, which the loops check between events. */
static ssize_t count_write(void *cookie, const char *buf, size_t n)
{
    struct exporter *x = cookie;
    size_t w = fwrite(buf, 1, n, x->out);
    x->bytes += w;
    return w == n ? (ssize_t)n : -1;
}

/* Between events: stop on a write error or an interruption, and say
 * whether the size budget is spent (*full). */
static int between(struct exporter *x, uint64_t budget, int *full)
{
    if (ferror(x->f) || ferror(x->out))
        return io_fail();
    if (x->cancelled != NULL && x->cancelled())
        return skel_fail(SKEL_EINTERRUPTED, "the export was interrupted");
    *full = budget > 0 && x->bytes >= budget;
    return SKEL_OK;
}

uint64_t skel_export_estimate(const skel_trace *t, const struct skel_export_opts *o,
                              uint64_t *calls)
{
    const skel_meta *m = skel_trace_meta(t);
    uint64_t n = 0;
    for (uint32_t i = 0; m != NULL && i < m->nrank_entries; i++)
        n += m->ranks[i].nevents;
    if (calls != NULL)
        *calls = n;
    return n * (o != NULL && o->no_flows ? 220 : 330);
}

/* Microseconds with three decimals from a signed nanosecond count, exactly. */
static void put_us(FILE *f, int64_t ns)
{
    uint64_t a = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;
    fprintf(f, "%s%" PRIu64 ".%03u", ns < 0 ? "-" : "", a / 1000, (unsigned)(a % 1000));
}

static const char *site_label(struct exporter *x, const skel_rank_reader *r, uint32_t rank,
                              uint32_t site, int *rc)
{
    if (site == SKEL_COMM_NONE || r == NULL || skel_rank_site(r, site) == NULL)
        return NULL;
    struct site_cache *c = &x->sites[rank];
    if (site >= c->n) {
        uint32_t old = c->n;
        if ((*rc = skel_grow_u32(&c->label, &c->n, (uint64_t)site + 1, sizeof *c->label)) !=
            SKEL_OK)
            return NULL;
        memset(c->label + old, 0, (c->n - old) * sizeof *c->label);
    }
    if (c->label[site] == NULL) {
        char buf[1024];
        skel_trace_site_label(x->t, r, site, buf, sizeof buf);
        c->label[site] = strdup(buf);
        if (c->label[site] == NULL) {
            *rc = skel_fail(SKEL_ENOMEM, "out of memory");
            return NULL;
        }
    }
    return c->label[site];
}

static void put_peer(FILE *f, const char *key, int32_t peer)
{
    if (peer == SKEL_PEER_NONE)
        return;
    fprintf(f, ",\"%s\":", key);
    if (peer >= 0)
        fprintf(f, "%" PRId32, peer);
    else
        fputs(peer == SKEL_PEER_ANY    ? "\"ANY_SOURCE\""
              : peer == SKEL_PEER_NULL ? "\"PROC_NULL\""
              : peer == SKEL_PEER_ROOT ? "\"ROOT\""
                                       : "\"?\"",
              f);
}

static void put_tag(FILE *f, const char *key, int32_t tag)
{
    if (tag == SKEL_TAG_NONE)
        return;
    if (tag == SKEL_TAG_ANY)
        fprintf(f, ",\"%s\":\"ANY_TAG\"", key);
    else
        fprintf(f, ",\"%s\":%" PRId32, key, tag);
}

static void sep(struct exporter *x)
{
    fputs(x->first ? "\n" : ",\n", x->f);
    x->first = 0;
}

static int64_t when(struct exporter *x, const skel_replay *rp, uint32_t rank, uint64_t t)
{
    return (int64_t)(rp != NULL ? skel_replay_global_time(rp, rank, t) : t) - x->origin;
}

/* One "X" event for ev of rank. */
static int put_event(struct exporter *x, const skel_replay *rp, const skel_rank_reader *r,
                     uint32_t rank, const skel_event *ev, uint64_t coll_id)
{
    FILE *f = x->f;
    int rc = SKEL_OK;
    const char *site = site_label(x, r, rank, ev->site, &rc);
    if (rc != SKEL_OK)
        return rc;
    sep(x);
    fputs("{\"ph\":\"X\",\"name\":", f);
    skel_text_json(f, skel_call_name(ev->call));
    fprintf(f, ",\"cat\":\"%s\",\"pid\":%" PRIu32 ",\"tid\":%" PRIu32 ",\"ts\":",
            skel_category_name(skel_call_category(ev->call)), rank, ev->thread);
    x->last_ts = when(x, rp, rank, ev->t_start);
    put_us(f, x->last_ts);
    fputs(",\"dur\":", f);
    put_us(f, ev->t_end >= ev->t_start ? (int64_t)(ev->t_end - ev->t_start) : 0);
    fprintf(f, ",\"args\":{\"seq\":%" PRIu64, ev->seq);
    put_peer(f, "peer", ev->peer);
    put_tag(f, "tag", ev->tag);
    put_peer(f, "peer2", ev->peer2);
    put_tag(f, "tag2", ev->tag2);
    put_peer(f, "source", ev->asrc);
    put_tag(f, "source_tag", ev->atag);
    put_peer(f, "root", ev->root);
    if (ev->bytes > 0)
        fprintf(f, ",\"bytes\":%" PRIu64, ev->bytes);
    if (ev->rbytes > 0)
        fprintf(f, ",\"rbytes\":%" PRIu64, ev->rbytes);
    if (ev->comm != SKEL_COMM_NONE)
        fprintf(f, ",\"comm\":%" PRIu32, ev->comm);
    if (ev->ncomplete > 0)
        fprintf(f, ",\"completes\":%" PRIu32, ev->ncomplete);
    if (coll_id != UINT64_MAX)
        fprintf(f, ",\"collective\":%" PRIu64, coll_id);
    if (ev->flags & SKEL_EVF_ERROR)
        fputs(",\"error\":true", f);
    fputs(",\"compute_before_us\":", f);
    put_us(f, (int64_t)ev->gap_wall);
    if (site != NULL) {
        fputs(",\"site\":", f);
        skel_text_json(f, site);
    }
    fputs("}}", f);
    x->st.events++;
    return ferror(f) ? io_fail() : SKEL_OK;
}

static int remember_send(struct exporter *x, uint32_t rank, const skel_event *ev)
{
    const struct skel_call_info *ci = skel_call_info(ev->call);
    int k = ci != NULL ? ci->klass : 0;
    if (ev->thread == 0 || !(k == SKEL_CLASS_SEND || k == SKEL_CLASS_ISEND ||
                             k == SKEL_CLASS_SENDRECV || k == SKEL_CLASS_START))
        return SKEL_OK;
    struct send_thread *s = malloc(sizeof *s);
    if (s == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    size_t b = (rank * 2654435761u + ev->seq) % SEND_BUCKETS;
    *s = (struct send_thread){
        .rank = rank, .seq = ev->seq, .thread = ev->thread, .next = x->sends[b]};
    x->sends[b] = s;
    x->nsends++;
    return SKEL_OK;
}

static uint32_t send_thread_of(struct exporter *x, uint32_t rank, uint64_t seq, int take)
{
    if (x->nsends == 0)
        return 0;
    size_t b = (rank * 2654435761u + seq) % SEND_BUCKETS;
    for (struct send_thread **p = &x->sends[b]; *p != NULL; p = &(*p)->next) {
        if ((*p)->rank == rank && (*p)->seq == seq) {
            uint32_t th = (*p)->thread;
            if (take) {
                struct send_thread *dead = *p;
                *p = dead->next;
                free(dead);
                x->nsends--;
            }
            return th;
        }
    }
    return 0;
}

/* Flow events for the messages an event received. */
static int put_flows(struct exporter *x, const skel_replay *rp, const skel_replay_item *it)
{
    FILE *f = x->f;
    const skel_event *ev = it->ev;
    for (uint32_t i = 0; i < it->nmsg; i++) {
        const skel_msg *m = &it->msg[i];
        uint32_t th = send_thread_of(x, m->src, m->send_seq, !m->peek);
        if (m->peek)
            continue;
        uint64_t id = ++x->flow_id;
        /* The arrow runs from the start of the send to the end of the call
         * that received the message - the only two moments the message
         * certainly spans - each 1 ns inside its slice so that viewers bind
         * it there.  Only clocks that disagree between the two ranks (the
         * offsets are estimates) could put the end before the start: then
         * it ends where it starts. */
        uint64_t sdur = m->send_end > m->send_start ? m->send_end - m->send_start : 0;
        uint64_t rdur = ev->t_end > ev->t_start ? ev->t_end - ev->t_start : 0;
        int64_t from = when(x, rp, m->src, m->send_start + (sdur >= 2 ? 1 : 0));
        int64_t to = when(x, rp, it->rank, ev->t_end - (rdur >= 2 ? 1 : 0));
        if (to < from)
            to = from;
        sep(x);
        fprintf(f,
                "{\"ph\":\"s\",\"name\":\"message\",\"cat\":\"message\",\"id\":%" PRIu64
                ",\"pid\":%" PRIu32 ",\"tid\":%" PRIu32 ",\"ts\":",
                id, m->src, th);
        put_us(f, from);
        fprintf(f, ",\"args\":{\"bytes\":%" PRIu64 ",\"tag\":%" PRId32 ",\"to\":%" PRIu32 "}}",
                m->bytes, m->tag, m->dst);
        sep(x);
        fprintf(
            f,
            "{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"message\",\"cat\":\"message\",\"id\":%" PRIu64
            ",\"pid\":%" PRIu32 ",\"tid\":%" PRIu32 ",\"ts\":",
            id, it->rank, ev->thread);
        put_us(f, to);
        fputs("}", f);
        x->st.flows++;
    }
    return ferror(f) ? io_fail() : SKEL_OK;
}

static int put_header(struct exporter *x, const skel_replay *rp)
{
    FILE *f = x->f;
    const skel_meta *m = skel_trace_meta(x->t);
    fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"skel export --chrome\"", f);
    fputs(",\"trace\":", f);
    skel_text_json(f, skel_trace_dir(x->t));
    if (m->ncommand > 0) {
        /* One string: viewers show otherData values as text. */
        size_t len = 1;
        for (uint32_t i = 0; i < m->ncommand; i++)
            len += strlen(m->command[i] ? m->command[i] : "") + 1;
        char *cmd = malloc(len);
        if (cmd == NULL)
            return skel_fail(SKEL_ENOMEM, "out of memory");
        cmd[0] = '\0';
        for (uint32_t i = 0; i < m->ncommand; i++) {
            if (i > 0)
                strcat(cmd, " ");
            strcat(cmd, m->command[i] ? m->command[i] : "");
        }
        fputs(",\"command\":", f);
        skel_text_json(f, cmd);
        free(cmd);
    }
    if (m->mpi_library != NULL) {
        fputs(",\"mpi_library\":", f);
        skel_text_json(f, m->mpi_library);
    }
    fprintf(f, ",\"ranks\":\"%" PRIu32 "\"", x->nranks);
    if (m->start_unix_ns > 0)
        fprintf(f, ",\"start_unix_ns\":\"%" PRIu64 "\"", m->start_unix_ns);
    fputs("},\"traceEvents\":[", f);
    x->first = 1;
    for (uint32_t r = 0; r < x->nranks; r++) {
        const char *host = NULL;
        for (uint32_t i = 0; i < m->nrank_entries; i++)
            if (m->ranks[i].rank == r)
                host = m->ranks[i].host;
        const skel_rank_reader *rr = rp != NULL ? skel_replay_reader(rp, r) : NULL;
        if (host == NULL && rr != NULL && skel_rank_info_of(rr) != NULL)
            host = skel_rank_info_of(rr)->host;
        char name[64];
        snprintf(name, sizeof name, "rank %" PRIu32, r);
        sep(x);
        fprintf(
            f,
            "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%" PRIu32 ",\"args\":{\"name\":", r);
        if (host != NULL && host[0] != '\0') {
            size_t len = strlen(name) + strlen(host) + 4;
            char *full = malloc(len);
            if (full == NULL)
                return skel_fail(SKEL_ENOMEM, "out of memory");
            snprintf(full, len, "%s (%s)", name, host);
            skel_text_json(f, full);
            free(full);
        } else {
            skel_text_json(f, name);
        }
        fputs("}}", f);
        sep(x);
        fprintf(f,
                "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%" PRIu32
                ",\"args\":{\"sort_index\":%" PRIu32 "}}",
                r, r);
        sep(x);
        fprintf(f,
                "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%" PRIu32
                ",\"tid\":0,\"args\":{\"name\":\"MPI calls\"}}",
                r);
    }
    return ferror(f) ? io_fail() : SKEL_OK;
}

/* Offset of rank r's clock against rank 0's in the metadata (what the
 * replay applies), for reading ranks without it. */
static int64_t rank_offset(const skel_meta *m, uint32_t r)
{
    for (uint32_t i = 0; i < m->nrank_entries; i++)
        if (m->ranks[i].rank == r)
            return m->ranks[i].offset_init_ns;
    return 0;
}

/* ts 0: the earliest start of a rank's first call (MPI_Init begins before
 * the tracer's own start-up ends), in rank 0's clock.  One event per rank is
 * read ahead through a reader of its own. */
static void find_origin(struct exporter *x, const skel_replay *rp)
{
    int have = 0;
    const skel_meta *m = skel_trace_meta(x->t);
    for (uint32_t r = 0; r < x->nranks; r++) {
        skel_rank_reader *rd;
        if (skel_trace_open_rank(x->t, r, &rd) != SKEL_OK)
            continue;
        skel_event ev;
        uint64_t t = 0;
        const skel_rank_info *info = skel_rank_info_of(rd);
        if (info != NULL)
            t = info->t_init;
        if (skel_rank_next(rd, &ev) == 1 && (t == 0 || ev.t_start < t))
            t = ev.t_start;
        skel_rank_close(rd);
        if (t == 0)
            continue;
        int64_t g = rp != NULL ? (int64_t)skel_replay_global_time(rp, r, t)
                               : (int64_t)t - rank_offset(m, r);
        if (!have || g < x->origin)
            x->origin = g;
        have = 1;
    }
    skel_clear_error();
}

static int export_replay(struct exporter *x)
{
    skel_replay *rp = NULL;
    int rc = skel_replay_open(x->t, &rp);
    if (rc != SKEL_OK)
        return rc;
    find_origin(x, rp);
    if ((rc = put_header(x, rp)) != SKEL_OK)
        goto out;
    skel_replay_item it;
    int n, full = 0;
    while ((rc = between(x, x->budget, &full)) == SKEL_OK && !full &&
           (n = skel_replay_next(rp, &it)) == 1) {
        if (it.group) {
            for (uint32_t i = 0; i < it.ncoll && rc == SKEL_OK; i++)
                rc = put_event(x, rp, skel_replay_reader(rp, it.coll[i].rank), it.coll[i].rank,
                               it.coll[i].ev, it.coll_id);
        } else {
            rc = put_event(x, rp, skel_replay_reader(rp, it.rank), it.rank, it.ev,
                           it.ncoll > 0 ? it.coll_id : UINT64_MAX);
            if (rc == SKEL_OK)
                rc = remember_send(x, it.rank, it.ev);
            if (rc == SKEL_OK && it.nmsg > 0)
                rc = put_flows(x, rp, &it);
        }
        if (rc != SKEL_OK)
            goto out;
    }
    if (rc == SKEL_OK && full)
        x->st.summary = 1;
    else if (rc == SKEL_OK && n < 0)
        rc = skel_fail_context(n, "replaying the trace (try --no-flows for a trace that cannot be "
                                  "replayed)");
out:
    skel_replay_close(rp);
    return rc;
}

static int export_ranks(struct exporter *x)
{
    int rc = SKEL_OK;
    skel_rank_reader **rr = calloc(x->nranks ? x->nranks : 1, sizeof *rr);
    if (rr == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    for (uint32_t r = 0; r < x->nranks && rc == SKEL_OK; r++)
        rc = skel_trace_open_rank(x->t, r, &rr[r]);
    if (rc != SKEL_OK)
        goto out;
    find_origin(x, NULL);
    /* Local clocks, shifted by the metadata's offsets as the replay does. */
    if ((rc = put_header(x, NULL)) != SKEL_OK)
        goto out;
    const skel_meta *m = skel_trace_meta(x->t);
    for (uint32_t r = 0; r < x->nranks && rc == SKEL_OK; r++) {
        int64_t off = rank_offset(m, r);
        int64_t saved = x->origin;
        x->origin = saved + off;
        skel_event ev;
        int n = 0, full = 0;
        /* Each rank its share of the budget. */
        uint64_t budget = x->budget ? x->bytes + x->budget / x->nranks : 0;
        while ((rc = between(x, budget, &full)) == SKEL_OK && !full &&
               (n = skel_rank_next(rr[r], &ev)) == 1)
            if ((rc = put_event(x, NULL, rr[r], r, &ev, UINT64_MAX)) != SKEL_OK)
                break;
        x->origin = saved;
        if (rc == SKEL_OK && full)
            x->st.summary = 1;
        else if (rc == SKEL_OK && n < 0)
            rc = n;
    }
out:
    for (uint32_t r = 0; r < x->nranks; r++)
        skel_rank_close(rr[r]);
    free(rr);
    return rc;
}

/* Where a summary stops: an instant event across all processes, so that the
 * viewer shows the cut and says what is missing. */
static void put_cut(struct exporter *x)
{
    sep(x);
    fprintf(x->f, "{\"ph\":\"i\",\"s\":\"g\",\"pid\":0,\"tid\":0,\"ts\":");
    put_us(x->f, x->last_ts);
    fprintf(x->f,
            ",\"name\":\"skel export: summary, %" PRIu64 " of %" PRIu64
            " calls written (the size limit was reached; --force writes all)\"}",
            x->st.events, x->st.calls);
}

int skel_export_chrome_stream(const skel_trace *t, const struct skel_export_opts *o, FILE *out,
                              struct skel_export_stats *st)
{
    struct exporter *x = calloc(1, sizeof *x);
    if (x == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    x->t = t;
    x->out = out;
    x->nranks = skel_trace_nranks(t);
    x->st.ranks = x->nranks;
    x->budget = o != NULL ? o->max_bytes : 0;
    x->cancelled = o != NULL ? o->cancelled : NULL;
    skel_export_estimate(t, o, &x->st.calls);
    int rc = SKEL_OK;
    x->f = fopencookie(x, "w", (cookie_io_functions_t){.write = count_write});
    x->sites = calloc(x->nranks ? x->nranks : 1, sizeof *x->sites);
    if (x->sites == NULL || x->f == NULL) {
        rc = skel_fail(SKEL_ENOMEM, "out of memory");
        goto out;
    }
    /* The export is many small writes, buffered here in 64 KiB (a summary
     * stops within that of its limit) and again in out. */
    setvbuf(x->f, NULL, _IOFBF, 1 << 16);
    errno = 0;
    rc = o != NULL && o->no_flows ? export_ranks(x) : export_replay(x);
    if (rc == SKEL_OK && x->st.summary)
        put_cut(x);
    if (rc == SKEL_OK) {
        fputs("\n]}\n", x->f);
        if (ferror(x->f) || fflush(x->f) != 0 || ferror(out) || fflush(out) != 0)
            rc = io_fail();
    }
    x->st.bytes = x->bytes;
    if (st != NULL)
        *st = x->st;
out:
    if (x->f != NULL)
        fclose(x->f); /* the cookie stream only: out stays open */
    for (uint32_t r = 0; x->sites != NULL && r < x->nranks; r++) {
        for (uint32_t i = 0; i < x->sites[r].n; i++)
            free(x->sites[r].label[i]);
        free(x->sites[r].label);
    }
    free(x->sites);
    for (size_t b = 0; b < SEND_BUCKETS; b++)
        while (x->sends[b] != NULL) {
            struct send_thread *s = x->sends[b];
            x->sends[b] = s->next;
            free(s);
        }
    free(x);
    return rc;
}

int skel_export_chrome(const skel_trace *t, const struct skel_export_opts *o, const char *path,
                       struct skel_export_stats *st)
{
    if (strcmp(path, "-") == 0)
        return skel_export_chrome_stream(t, o, stdout, st);
    skel_afile *af;
    int rc = skel_afile_open(path, &af);
    if (rc != SKEL_OK)
        return rc;
    rc = skel_export_chrome_stream(t, o, skel_afile_stream(af), st);
    if (rc != SKEL_OK) {
        skel_afile_abort(af);
        return rc;
    }
    return skel_afile_commit(af);
}
