/* error.c - names, messages and exit statuses of Skel's error codes. */
#include "error.h"

#include <stdio.h>
#include <string.h>

static _Thread_local char detail[2048];

const char *skel_errname(int code)
{
    switch (code) {
    case SKEL_OK:
        return "SKEL_OK";
#define XX(name, status, msg)                                                                      \
    case SKEL_E##name:                                                                             \
        return "SKEL_E" #name;
        SKEL_ERRNO_MAP(XX)
#undef XX
    default:
        return "SKEL_E?";
    }
}

const char *skel_strerror(int code)
{
    switch (code) {
    case SKEL_OK:
        return "success";
#define XX(name, status, msg)                                                                      \
    case SKEL_E##name:                                                                             \
        return msg;
        SKEL_ERRNO_MAP(XX)
#undef XX
    default:
        return "unknown error";
    }
}

int skel_exit_status(int code)
{
    switch (code) {
    case SKEL_OK:
        return 0;
#define XX(name, status, msg)                                                                      \
    case SKEL_E##name:                                                                             \
        return status;
        SKEL_ERRNO_MAP(XX)
#undef XX
    default:
        return 1;
    }
}

int skel_vfail(int code, const char *fmt, va_list ap)
{
    vsnprintf(detail, sizeof detail, fmt, ap);
    return code;
}

int skel_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    skel_vfail(code, fmt, ap);
    va_end(ap);
    return code;
}

int skel_fail_context(int code, const char *fmt, ...)
{
    char old[sizeof detail];
    va_list ap;
    memcpy(old, detail, sizeof old);
    va_start(ap, fmt);
    int n = vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    /* Append ": <old detail>" to the prefix, truncating at the buffer end. */
    if (old[0] != '\0' && n >= 0 && (size_t)n + 2 < sizeof detail) {
        size_t room = sizeof detail - (size_t)n - 3;
        size_t len = strlen(old);
        memcpy(detail + n, ": ", 2);
        memcpy(detail + n + 2, old, len < room ? len : room);
        detail[n + 2 + (len < room ? len : room)] = '\0';
    }
    return code;
}

const char *skel_last_error(void)
{
    return detail;
}

void skel_clear_error(void)
{
    detail[0] = '\0';
}

const char *skel_show_byte(unsigned char c, char buf[8])
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "\\x%02x", c);
    return buf;
}
