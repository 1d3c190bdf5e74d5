/* cstr.c - C string literals and floating constants for generated code. */
#include "cstr.h"

#include "error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

char *skel_cstr_literal(const char *s, size_t max)
{
    if (s == NULL)
        s = "";
    size_t n = strlen(s), cut = 0;
    if (n > max) {
        n = max;
        cut = 1;
    }
    /* Worst case 4 bytes per input byte, the quotes, "..." and the NUL. */
    char *out = malloc(n * 4 + 8);
    if (out == NULL)
        return NULL;
    size_t o = 0;
    int after_hex = 0;
    out[o++] = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        int hex_next = 0;
        if (c == '\\') {
            out[o++] = '\\';
            out[o++] = '\\';
        } else if (c == '"') {
            out[o++] = '\\';
            out[o++] = '"';
        } else if (c == '?') {
            out[o++] = '\\';
            out[o++] = '?';
        } else if (c == '\n') {
            out[o++] = '\\';
            out[o++] = 'n';
        } else if (c >= 0x20 && c < 0x7f && !(after_hex && is_hex((char)c))) {
            out[o++] = (char)c;
        } else {
            o += (size_t)snprintf(out + o, 5, "\\x%02X", c);
            hex_next = 1;
        }
        after_hex = hex_next;
    }
    if (cut) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o++] = '"';
    out[o] = '\0';
    return out;
}

int skel_cstr_double(double v, char *buf, size_t cap)
{
    if (!isfinite(v))
        return skel_fail(SKEL_ERANGE, "a non-finite number cannot be written into C source");
    int n = snprintf(buf, cap, "%.17g", v);
    if (n < 0 || (size_t)n + 3 > cap)
        return skel_fail(SKEL_ERANGE, "number too long for its buffer");
    if (strpbrk(buf, ".eE") == NULL)
        memcpy(buf + n, ".0", 3);
    return SKEL_OK;
}
