/* fuzz_trace.c - the trace reader on arbitrary bytes: it must report damage,
 * never crash, hang or read out of bounds. */
#include "error.h"
#include "reader.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The reader reads files: give it one in memory. */
    int fd = memfd_create("skel-fuzz-trace", 0);
    if (fd < 0)
        return 0;
    if (size > 0 && write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    skel_rank_reader *r;
    if (skel_rank_open(path, &r) == SKEL_OK) {
        skel_event ev;
        uint64_t n = 0;
        while (skel_rank_next(r, &ev) == 1 && n++ < 1000000)
            for (uint32_t i = 0; i < ev.ncomplete; i++)
                (void)ev.complete[i].bytes; /* touch what the reader handed out */
        for (uint32_t i = 0; i < skel_rank_ncomms(r); i++) {
            const skel_comm *c = skel_rank_comm(r, i);
            for (uint32_t k = 0; k < c->size; k++)
                (void)c->members[k];
        }
        skel_rank_close(r);
    }
    close(fd);
    return 0;
}
