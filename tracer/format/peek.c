/* peek.c - how far a trace being written has got (peek.h). */
#include "peek.h"

#include "codec.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The blocks of one rank file, header by header: sealed ones, then the open
 * one the tracer is filling (version 2: its header counts the complete
 * records so far), up to the zeros of the space reserved after it. */
static void peek_file(int fd, struct skel_trace_peek *p)
{
    uint8_t hdr[SKEL_FILE_HEADER_LEN];
    if (pread(fd, hdr, SKEL_FILE_HEADER_LEN_V1, 0) != (ssize_t)SKEL_FILE_HEADER_LEN_V1 ||
        memcmp(hdr, SKEL_FILE_MAGIC, 8) != 0)
        return;
    off_t end = lseek(fd, 0, SEEK_END);
    uint64_t off = skel_get_u32(hdr + 12), events = 0;
    uint64_t align = hdr[8] >= 2 ? SKEL_BLOCK_ALIGN : 1;
    if (off < SKEL_FILE_HEADER_LEN_V1 || end <= 0)
        return;
    for (;;) {
        off = (off + align - 1) / align * align;
        uint8_t b[SKEL_BLOCK_HEADER_LEN];
        if (off + sizeof b > (uint64_t)end ||
            pread(fd, b, sizeof b, (off_t)off) != (ssize_t)sizeof b)
            break;
        uint32_t magic = skel_get_u32(b), len = skel_get_u32(b + 4), nrec = skel_get_u32(b + 8);
        if ((magic != SKEL_BLOCK_MAGIC && magic != SKEL_BLOCK_OPEN_MAGIC) || len > SKEL_MAX_BLOCK)
            break; /* zeros after the last block, or damage */
        if (off + SKEL_BLOCK_HEADER_LEN + len > (uint64_t)end)
            break; /* cut short: not counted */
        events = skel_get_u64(b + 16) + nrec;
        p->bytes += SKEL_BLOCK_HEADER_LEN + len;
        if (magic == SKEL_BLOCK_OPEN_MAGIC)
            break; /* the block being written comes last */
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
