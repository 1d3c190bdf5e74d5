/* report_text.c - see report_text.h. */
#include "report_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t skel_text_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned char c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t len;
    uint32_t v, min;
    if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
        v = c & 0x1fu;
        min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        v = c & 0x0fu;
        min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        v = c & 0x07u;
        min = 0x10000;
    } else {
        *cp = 0xfffd;
        return 1;
    }
    if (n < len) {
        *cp = 0xfffd;
        return 1;
    }
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            *cp = 0xfffd;
            return 1;
        }
        v = (v << 6) | (s[i] & 0x3fu);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) {
        *cp = 0xfffd;
        return 1;
    }
    *cp = v;
    return len;
}

static size_t put_utf8(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

char *skel_text_clean(const char *s, size_t max_bytes, int keep_lines)
{
    if (s == NULL)
        s = "";
    size_t n = strlen(s), cut = 0;
    if (max_bytes > 0 && n > max_bytes) {
        /* Cut at a character boundary: back off over continuation bytes of
         * a character that straddles the limit. */
        n = max_bytes;
        for (int back = 0; back < 3 && n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80; back++)
            n--;
        cut = 1;
    }
    /* Worst case: every byte becomes "\xHH" (4 bytes) or U+FFFD (3 bytes). */
    char *out = malloc(n * 4 + 4);
    if (out == NULL)
        return NULL;
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, o = 0;
    while (i < n) {
        uint32_t cp;
        size_t len = skel_text_utf8_next(p + i, n - i, &cp);
        i += len;
        if ((cp < 0x20 && !(keep_lines && (cp == '\n' || cp == '\t'))) || cp == 0x7f ||
            (cp >= 0x80 && cp < 0xa0)) {
            static const char hex[] = "0123456789abcdef";
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hex[(cp >> 4) & 0xf];
            out[o++] = hex[cp & 0xf];
            continue;
        }
        if (cp == 0xfffe || cp == 0xffff)
            cp = 0xfffd;
        o += put_utf8(out + o, cp);
    }
    if (cut)
        o += put_utf8(out + o, 0x2026);
    out[o] = '\0';
    return out;
}

int skel_text_json(FILE *f, const char *s)
{
    if (s == NULL)
        s = "";
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s), i = 0;
    if (fputc('"', f) == EOF)
        return -1;
    while (i < n) {
        /* Runs of plain ASCII go out in one write. */
        size_t j = i;
        while (j < n && p[j] >= 0x20 && p[j] < 0x7f && p[j] != '"' && p[j] != '\\')
            j++;
        if (j > i && fwrite(p + i, 1, j - i, f) != j - i)
            return -1;
        i = j;
        if (i >= n)
            break;
        uint32_t cp;
        size_t len = skel_text_utf8_next(p + i, n - i, &cp);
        int rc;
        if (cp == '"')
            rc = fputs("\\\"", f);
        else if (cp == '\\')
            rc = fputs("\\\\", f);
        else if (cp == '\n')
            rc = fputs("\\n", f);
        else if (cp == '\t')
            rc = fputs("\\t", f);
        else if (cp == '\r')
            rc = fputs("\\r", f);
        else if (cp < 0x20 || cp == 0x7f || cp == 0x2028 || cp == 0x2029)
            rc = fprintf(f, "\\u%04x", (unsigned)cp);
        else {
            char b[4];
            size_t k = put_utf8(b, cp);
            rc = fwrite(b, 1, k, f) == k ? 0 : EOF;
        }
        if (rc < 0)
            return -1;
        i += len;
    }
    return fputc('"', f) == EOF ? -1 : 0;
}

const char *skel_text_seconds(double s, char *buf, size_t len)
{
    static const struct {
        double scale;
        const char *unit;
    } units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}};
    if (!isfinite(s)) {
        snprintf(buf, len, "–");
        return buf;
    }
    double a = fabs(s);
    size_t u = 0;
    while (u + 1 < sizeof units / sizeof units[0] && a < units[u].scale * 0.9995)
        u++;
    if (a == 0)
        u = 0;
    double v = s / units[u].scale;
    double av = fabs(v);
    int prec = av >= 99.95 ? 0 : av >= 9.995 ? 1 : 2;
    if (u == 3)
        prec = 0;
    snprintf(buf, len, "%.*f %s", prec, v, units[u].unit);
    return buf;
}

const char *skel_text_bytes(double b, char *buf, size_t len)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    size_t u = 0;
    while (u + 1 < sizeof units / sizeof units[0] && fabs(b) >= 1024) {
        b /= 1024;
        u++;
    }
    if (u == 0)
        snprintf(buf, len, "%.0f B", b);
    else
        snprintf(buf, len, "%.*f %s", fabs(b) >= 99.95 ? 0 : 1, b, units[u]);
    return buf;
}

const char *skel_text_count(uint64_t n, char *buf, size_t len)
{
    char digits[32];
    int nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    size_t o = 0;
    for (int i = 0; i < nd; i++) {
        if (i > 0 && (nd - i) % 3 == 0 && n >= 10000) {
            /* U+202F NARROW NO-BREAK SPACE */
            if (o + 3 < len) {
                buf[o++] = (char)0xe2;
                buf[o++] = (char)0x80;
                buf[o++] = (char)0xaf;
            }
        }
        if (o + 1 < len)
            buf[o++] = digits[i];
    }
    if (len > 0)
        buf[o < len ? o : len - 1] = '\0';
    return buf;
}

const char *skel_text_oneline(const char *s, char *buf, size_t len)
{
    size_t k = 0;
    int blank = 0;
    if (len == 0)
        return buf;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p && k + 1 < len; p++) {
        if (*p <= 0x20 || *p == 0x7f) {
            blank = k > 0;
            continue;
        }
        if (blank && k + 2 >= len)
            break; /* no room for the blank and what follows it */
        if (blank)
            buf[k++] = ' ';
        blank = 0;
        buf[k++] = (char)*p;
    }
    buf[k] = '\0';
    return buf;
}
