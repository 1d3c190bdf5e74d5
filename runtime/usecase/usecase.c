/* usecase.c - what the use cases share (usecase.h). */
#include "usecase.h"

#include "error.h"
#include "proc.h"
#include "trace.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int skel_usecase_release(skel_testbed *tb, int rc)
{
    char detail[2048];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    int e = skel_testbed_release(tb);
    if (rc == SKEL_OK)
        return e;
    return skel_fail(rc, "%s", detail);
}

int skel_usecase_interrupted(void)
{
    int s = skel_proc_interrupted();
    return s ? skel_fail(SKEL_EINTERRUPTED, "interrupted by signal %d", s) : SKEL_OK;
}

int skel_usecase_parse_u64(const char *what, const char *s, uint64_t min, uint64_t max,
                           uint64_t *out)
{
    char *end;
    if (s == NULL || *s == '\0' || *s == '-' || *s == '+')
        return skel_fail(SKEL_EUSAGE, "%s: expected a non-negative integer, got '%s'", what,
                         s ? s : "");
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0')
        return skel_fail(SKEL_EUSAGE, "%s: expected a non-negative integer, got '%s'", what, s);
    if (v < min || v > max)
        return skel_fail(SKEL_EUSAGE, "%s: %llu is out of range [%llu, %llu]", what, v,
                         (unsigned long long)min, (unsigned long long)max);
    *out = v;
    return SKEL_OK;
}

int skel_usecase_parse_double(const char *what, const char *s, double min, double max, double *out)
{
    char *end;
    if (s == NULL || *s == '\0')
        return skel_fail(SKEL_EUSAGE, "%s: expected a number, got ''", what);
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || *end != '\0' || !isfinite(v))
        return skel_fail(SKEL_EUSAGE, "%s: expected a number, got '%s'", what, s);
    if (v < min || v > max)
        return skel_fail(SKEL_EUSAGE, "%s: %g is out of range [%g, %g]", what, v, min, max);
    *out = v;
    return SKEL_OK;
}

const char *skel_usecase_printable(const char *s)
{
    static _Thread_local char buf[4096];
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p && k + 5 < sizeof buf;
         p++) {
        if (*p < 0x20 || *p >= 0x7f || *p == '\\')
            k += (size_t)snprintf(buf + k, sizeof buf - k, "\\x%02x", *p);
        else
            buf[k++] = (char)*p;
    }
    buf[k] = '\0';
    return buf;
}

const char *skel_usecase_safe(const char *s, char *buf, size_t len)
{
    size_t j = 0;
    for (; s != NULL && *s && j + 1 < len; s++) {
        unsigned char ch = (unsigned char)*s;
        buf[j++] = ch < 0x20 || ch > 0x7e ? '?' : (char)ch;
    }
    buf[j] = '\0';
    return buf;
}

void skel_usecase_put_text(FILE *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\x%02x", *p);
        else
            fputc(*p, out);
}

void skel_usecase_print_ranks(FILE *out, const uint32_t *r, uint32_t n)
{
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i;
        while (j + 1 < n && r[j + 1] == r[j] + 1)
            j++;
        fprintf(out, "%s%u", i ? "," : "", r[i]);
        if (j > i)
            fprintf(out, "-%u", r[j]);
        i = j + 1;
    }
}

void skel_usecase_print_trace(FILE *out, const char *label, const char *dir, uint32_t nranks,
                              uint64_t events, uint64_t messages, uint64_t collectives)
{
    fputs(label, out);
    skel_usecase_put_text(out, dir);
    fprintf(out, " (%u ranks, %llu events, %llu messages, %llu collectives)\n", nranks,
            (unsigned long long)events, (unsigned long long)messages,
            (unsigned long long)collectives);
}

void skel_usecase_tell(void (*fn)(void *arg, const char *text), void *arg, const char *fmt, ...)
{
    if (fn == NULL)
        return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fn(arg, buf);
}

static int refuse_partial(const char *dir, const char *why)
{
    return skel_fail(SKEL_ETRUNCATED,
                     "%s is a partial trace: %s.  What is made of part of a run "
                     "describes only that part; pass --allow-partial to go on knowingly",
                     skel_usecase_printable(dir), why);
}

int skel_usecase_trace_check(skel_trace *t, const char *dir, int allow_partial, char **partial)
{
    int complete = 1;
    char why[256];
    *partial = NULL;
    if (!allow_partial && skel_trace_says_complete(t))
        return SKEL_OK;
    int rc = skel_trace_completeness(t, &complete, why, sizeof why);
    if (rc != SKEL_OK || complete)
        return rc;
    if (!allow_partial)
        return refuse_partial(dir, why);
    if ((*partial = strdup(why)) == NULL)
        return skel_fail(SKEL_ENOMEM, "out of memory");
    return SKEL_OK;
}

int skel_usecase_trace_failed(skel_trace *t, const char *dir, int rc)
{
    if (rc != SKEL_EFORMAT && rc != SKEL_ETRUNCATED && rc != SKEL_EIO)
        return rc;
    char detail[1024], why[256];
    snprintf(detail, sizeof detail, "%s", skel_last_error());
    int complete = 1;
    if (skel_trace_completeness(t, &complete, why, sizeof why) == SKEL_OK && !complete)
        return refuse_partial(dir, why);
    return skel_fail(rc, "%s", detail);
}

/* Optimal string alignment distance of a and b (both short), capped at 99. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 99;
    size_t d[65][65];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *skel_usecase_suggest(const char *word, const char *const *cand, size_t n)
{
    size_t len = strlen(word), limit = len / 3 > 1 ? len / 3 : 1, best = 99;
    const char *pick = NULL;
    int tie = 0;
    for (size_t i = 0; i < n; i++) {
        if (cand[i] == NULL || (pick != NULL && strcmp(cand[i], pick) == 0))
            continue;
        size_t dist = edit_distance(word, cand[i]);
        /* A prefix of one candidate ("--thr" for "--threshold") counts as close. */
        if (len >= 3 && strncmp(cand[i], word, len) == 0 && dist > 1)
            dist = 1;
        if (dist < best) {
            best = dist;
            pick = cand[i];
            tie = 0;
        } else if (dist == best) {
            tie = 1;
        }
    }
    return pick != NULL && best <= limit && !tie ? pick : NULL;
}
