/* elfdeps.c - read DT_NEEDED from an ELF64 little-endian file via its
 * program headers (PT_DYNAMIC, and PT_LOAD to turn addresses into offsets),
 * as the dynamic loader does, so stripped section headers do not matter. */
#include "elfdeps.h"

#include "error.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_NEEDED 4096

static int bad(const char *name, const char *what)
{
    return skel_fail(SKEL_EFORMAT, "%s: not a usable ELF file: %s", name, what);
}

/* Copy n bytes at offset off into dst if they lie inside the image. */
static int read_at(void *dst, size_t n, const uint8_t *data, size_t len, uint64_t off)
{
    if (off > len || n > len - off)
        return 0;
    memcpy(dst, data + off, n);
    return 1;
}
#define READ_AT(dst, data, len, off) read_at(&(dst), sizeof(dst), (data), (len), (off))

/* File offset of virtual address addr, via the PT_LOAD segments. */
static int vaddr_to_off(const uint8_t *data, size_t len, const Elf64_Ehdr *eh, uint64_t addr,
                        uint64_t *off)
{
    for (uint16_t i = 0; i < eh->e_phnum; i++) {
        Elf64_Phdr ph;
        uint64_t at = eh->e_phoff + (uint64_t)i * eh->e_phentsize;
        if (!READ_AT(ph, data, len, at))
            return 0;
        if (ph.p_type != PT_LOAD || addr < ph.p_vaddr || addr - ph.p_vaddr >= ph.p_filesz)
            continue;
        *off = ph.p_offset + (addr - ph.p_vaddr);
        return *off < len;
    }
    return 0;
}

void skel_elf_free_list(char **list, size_t n)
{
    for (size_t i = 0; list != NULL && i < n; i++)
        free(list[i]);
    free(list);
}

int skel_elf_needed_mem(const char *name, const uint8_t *data, size_t len, char ***out,
                        size_t *n)
{
    Elf64_Ehdr eh;
    *out = NULL;
    *n = 0;
    if (!READ_AT(eh, data, len, 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
        return bad(name, "no ELF header");
    if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
        return bad(name, "expected a 64-bit little-endian ELF file");
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum == 0xffff)
        return bad(name, "unexpected program header size");
    Elf64_Phdr dyn = {0};
    int have_dyn = 0;
    for (uint16_t i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph;
        if (!READ_AT(ph, data, len, eh.e_phoff + (uint64_t)i * eh.e_phentsize))
            return bad(name, "program headers run past the end of the file");
        if (ph.p_type == PT_DYNAMIC) {
            dyn = ph;
            have_dyn = 1;
        }
    }
    if (!have_dyn)
        return SKEL_OK; /* statically linked */
    if (dyn.p_offset > len || dyn.p_filesz > len - dyn.p_offset)
        return bad(name, "dynamic segment runs past the end of the file");
    uint64_t strtab = 0, strsz = 0;
    size_t nent = dyn.p_filesz / sizeof(Elf64_Dyn), nneeded = 0;
    for (size_t i = 0; i < nent; i++) {
        Elf64_Dyn d;
        if (!READ_AT(d, data, len, dyn.p_offset + i * sizeof d))
            return bad(name, "truncated dynamic segment");
        if (d.d_tag == DT_NULL)
            break;
        if (d.d_tag == DT_STRTAB)
            strtab = d.d_un.d_ptr;
        else if (d.d_tag == DT_STRSZ)
            strsz = d.d_un.d_val;
        else if (d.d_tag == DT_NEEDED)
            nneeded++;
    }
    if (nneeded == 0)
        return SKEL_OK;
    if (nneeded > MAX_NEEDED)
        return bad(name, "too many DT_NEEDED entries");
    uint64_t stroff = 0;
    if (!vaddr_to_off(data, len, &eh, strtab, &stroff) || strsz > len - stroff)
        return bad(name, "the dynamic string table is outside the file");
    char **list = calloc(nneeded, sizeof *list);
    if (list == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
    size_t k = 0;
    for (size_t i = 0; i < nent && k < nneeded; i++) {
        Elf64_Dyn d;
        READ_AT(d, data, len, dyn.p_offset + i * sizeof d);
        if (d.d_tag == DT_NULL)
            break;
        if (d.d_tag != DT_NEEDED)
            continue;
        if (d.d_un.d_val >= strsz) {
            skel_elf_free_list(list, k);
            return bad(name, "a DT_NEEDED name is outside the string table");
        }
        const char *s = (const char *)data + stroff + d.d_un.d_val;
        size_t maxlen = strsz - d.d_un.d_val;
        size_t sl = strnlen(s, maxlen);
        if (sl == maxlen) {
            skel_elf_free_list(list, k);
            return bad(name, "an unterminated DT_NEEDED name");
        }
        if ((list[k] = strndup(s, sl)) == NULL) {
            skel_elf_free_list(list, k);
            return skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
        }
        k++;
    }
    *out = list;
    *n = k;
    return SKEL_OK;
}

int skel_elf_needed(const char *path, char ***out, size_t *n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return skel_fail(SKEL_EIO, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
        close(fd);
        return bad(path, "not a regular non-empty file");
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return skel_fail(SKEL_EIO, "%s: cannot map: %s", path, strerror(errno));
    int rc = skel_elf_needed_mem(path, map, (size_t)st.st_size, out, n);
    munmap(map, (size_t)st.st_size);
    return rc;
}

int skel_elf_is_relocatable(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return skel_fail(SKEL_EIO, "%s: cannot open: %s", path, strerror(errno));
    Elf64_Ehdr eh;
    ssize_t k = read(fd, &eh, sizeof eh);
    close(fd);
    if (k != (ssize_t)sizeof eh || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
        return bad(path, "no ELF header");
    return eh.e_type == ET_DYN;
}

enum skel_mpi_flavor skel_elf_flavor_of(char *const *needed, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (strncmp(needed[i], "libmpich", 8) == 0)
            return SKEL_MPI_MPICH;
        if (strncmp(needed[i], "libmpi.so", 9) == 0 || strncmp(needed[i], "libmpi_mpifh", 12) == 0 ||
            strncmp(needed[i], "libmpi_usempi", 13) == 0 || strncmp(needed[i], "libopen-", 8) == 0)
            return SKEL_MPI_OPENMPI;
    }
    return SKEL_MPI_UNKNOWN;
}

int skel_find_program(const char *name, char *out, size_t outlen)
{
    if (strchr(name, '/') != NULL) {
        if (access(name, X_OK) != 0)
            return skel_fail(SKEL_ENOTFOUND, "%s: not an executable file", name);
        if ((size_t)snprintf(out, outlen, "%s", name) >= outlen)
            return skel_fail(SKEL_ERANGE, "%s: path too long", name);
        return SKEL_OK;
    }
    const char *path = getenv("PATH");
    if (path == NULL)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t dl = colon != NULL ? (size_t)(colon - path) : strlen(path);
        if ((size_t)snprintf(out, outlen, "%.*s/%s", (int)dl, dl ? path : ".", name) < outlen) {
            struct stat st;
            if (stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0)
                return SKEL_OK;
        }
        path += dl + (colon != NULL);
    }
    return skel_fail(SKEL_ENOTFOUND, "%s: command not found in PATH", name);
}
