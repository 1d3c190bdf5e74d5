/* peek.c - how far a trace being written has got (peek.h). */
#include "peek.h"

#include "codec.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The complete blocks of one rank file, header by header. */
static void peek_file(int fd, struct skel_trace_peek *p)
{
    uint8_t hdr[SKEL_BLOCK_HEADER_LEN];
    if (pread(fd, hdr, SKEL_FILE_HEADER_LEN, 0) != (ssize_t)SKEL_FILE_HEADER_LEN ||
        memcmp(hdr, SKEL_FILE_MAGIC, 8) != 0)
        return;
    off_t end = lseek(fd, 0, SEEK_END);
    uint64_t off = skel_get_u32(hdr + 12), events = 0;
    while (end > 0 && off + SKEL_BLOCK_HEADER_LEN <= (uint64_t)end) {
        if (pread(fd, hdr, sizeof hdr, (off_t)off) != (ssize_t)sizeof hdr ||
            skel_get_u32(hdr) != SKEL_BLOCK_MAGIC)
            break;
        uint32_t len = skel_get_u32(hdr + 4), nrec = skel_get_u32(hdr + 8);
        if (len == 0 || len > SKEL_MAX_BLOCK || off + SKEL_BLOCK_HEADER_LEN + len > (uint64_t)end)
            break; /* damaged, or still being written */
        events = skel_get_u64(hdr + 16) + nrec;
        p->bytes += SKEL_BLOCK_HEADER_LEN + len;
        off += SKEL_BLOCK_HEADER_LEN + len;
    }
    p->events += events;
}

void skel_trace_peek(const char *dir, struct skel_trace_peek *p)
{
    memset(p, 0, sizeof *p);
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (strncmp(e->d_name, "rank-", 5) != 0 || n < 4 || strcmp(e->d_name + n - 4, ".skt") != 0)
            continue;
        p->ranks++;
        int fd = openat(dirfd(d), e->d_name, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            peek_file(fd, p);
            close(fd);
        }
    }
    closedir(d);
}
