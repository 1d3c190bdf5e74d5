/* elfdeps.c - read DT_NEEDED from an ELF64 little-endian file via its
 * program headers (PT_DYNAMIC, and PT_LOAD to turn addresses into offsets),
 * as the dynamic loader does, so stripped section headers do not matter. */
#include "elfdeps.h"

#include "error.h"
#include "grow.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_NEEDED 4096

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s != NULL ? s + 1 : p;
}

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

void skel_elf_dyn_free(struct skel_elf_dyn *d)
{
    if (d == NULL)
        return;
    skel_elf_free_list(d->needed, d->nneeded);
    free(d->soname);
    free(d->runpath);
    free(d->rpath);
    memset(d, 0, sizeof *d);
}

/* A copy of the string at offset off of the dynamic string table. */
static int dyn_string(const char *name, const uint8_t *data, uint64_t stroff, uint64_t strsz,
                      uint64_t off, char **out)
{
    if (off >= strsz)
        return bad(name, "a dynamic entry names a string outside the string table");
    const char *s = (const char *)data + stroff + off;
    size_t maxlen = (size_t)(strsz - off);
    size_t sl = strnlen(s, maxlen);
    if (sl == maxlen)
        return bad(name, "an unterminated string in the dynamic string table");
    if ((*out = strndup(s, sl)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
    return SKEL_OK;
}

int skel_elf_dyn_mem(const char *name, const uint8_t *data, size_t len, struct skel_elf_dyn *out)
{
    Elf64_Ehdr eh;
    memset(out, 0, sizeof *out);
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
    int have_strings = 0;
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
        have_strings |= d.d_tag == DT_NEEDED || d.d_tag == DT_SONAME || d.d_tag == DT_RUNPATH ||
                        d.d_tag == DT_RPATH;
    }
    if (!have_strings)
        return SKEL_OK;
    if (nneeded > MAX_NEEDED)
        return bad(name, "too many DT_NEEDED entries");
    uint64_t stroff = 0;
    if (!vaddr_to_off(data, len, &eh, strtab, &stroff) || strsz > len - stroff)
        return bad(name, "the dynamic string table is outside the file");
    if (nneeded > 0 && (out->needed = calloc(nneeded, sizeof *out->needed)) == NULL)
        return skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
    int rc = SKEL_OK;
    for (size_t i = 0; i < nent && rc == SKEL_OK; i++) {
        Elf64_Dyn d;
        READ_AT(d, data, len, dyn.p_offset + i * sizeof d);
        if (d.d_tag == DT_NULL)
            break;
        char **slot = d.d_tag == DT_NEEDED && out->nneeded < nneeded  ? &out->needed[out->nneeded]
                      : d.d_tag == DT_SONAME && out->soname == NULL   ? &out->soname
                      : d.d_tag == DT_RUNPATH && out->runpath == NULL ? &out->runpath
                      : d.d_tag == DT_RPATH && out->rpath == NULL     ? &out->rpath
                                                                      : NULL;
        if (slot == NULL)
            continue;
        rc = dyn_string(name, data, stroff, strsz, d.d_un.d_val, slot);
        if (rc == SKEL_OK && d.d_tag == DT_NEEDED)
            out->nneeded++;
    }
    if (rc != SKEL_OK)
        skel_elf_dyn_free(out);
    return rc;
}

int skel_elf_needed_mem(const char *name, const uint8_t *data, size_t len, char ***out, size_t *n)
{
    struct skel_elf_dyn d;
    int rc = skel_elf_dyn_mem(name, data, len, &d);
    *out = d.needed;
    *n = d.nneeded;
    d.needed = NULL;
    d.nneeded = 0;
    skel_elf_dyn_free(&d);
    return rc;
}

/* Map a regular, non-empty file read-only. */
static int map_file(const char *path, void **map, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return skel_fail(SKEL_EIO, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
        close(fd);
        return bad(path, "not a regular non-empty file");
    }
    *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (*map == MAP_FAILED)
        return skel_fail(SKEL_EIO, "%s: cannot map: %s", path, strerror(errno));
    *len = (size_t)st.st_size;
    return SKEL_OK;
}

/* mem(path, the file's bytes, out), with the file mapped for the call. */
static int read_mapped(const char *path, int (*mem)(const char *, const uint8_t *, size_t, void *),
                       void *out)
{
    void *map = NULL;
    size_t len = 0;
    int rc = map_file(path, &map, &len);
    if (rc != SKEL_OK)
        return rc;
    rc = mem(path, map, len, out);
    munmap(map, len);
    return rc;
}

static int dyn_mem(const char *name, const uint8_t *data, size_t len, void *out)
{
    return skel_elf_dyn_mem(name, data, len, out);
}

int skel_elf_dyn_read(const char *path, struct skel_elf_dyn *out)
{
    memset(out, 0, sizeof *out);
    return read_mapped(path, dyn_mem, out);
}

int skel_elf_needed(const char *path, char ***out, size_t *n)
{
    struct skel_elf_dyn d;
    int rc = skel_elf_dyn_read(path, &d);
    *out = d.needed;
    *n = d.nneeded;
    d.needed = NULL;
    d.nneeded = 0;
    skel_elf_dyn_free(&d);
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

/* ---- function extents ------------------------------------------------------ */

void skel_elf_funcs_free(struct skel_elf_funcs *f)
{
    free(f->ext);
    memset(f, 0, sizeof *f);
}

static int cmp_ext(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

int skel_elf_funcs_mem(const char *name, const uint8_t *data, size_t len,
                       struct skel_elf_funcs *out)
{
    Elf64_Ehdr eh;
    memset(out, 0, sizeof *out);
    if (!READ_AT(eh, data, len, 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
        return bad(name, "no ELF header");
    if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB)
        return bad(name, "expected a 64-bit little-endian ELF file");
    if (eh.e_shoff == 0 || eh.e_shnum == 0)
        return SKEL_OK; /* no section headers (or extended numbering): nothing known */
    if (eh.e_shentsize != sizeof(Elf64_Shdr))
        return bad(name, "unexpected section header size");
    size_t cap = 0;
    int rc = SKEL_OK;
    for (uint16_t i = 0; i < eh.e_shnum && rc == SKEL_OK; i++) {
        Elf64_Shdr sh;
        if (!READ_AT(sh, data, len, eh.e_shoff + (uint64_t)i * sizeof sh)) {
            rc = bad(name, "section headers run past the end of the file");
            break;
        }
        if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
            continue;
        if (sh.sh_entsize != sizeof(Elf64_Sym) || sh.sh_offset > len ||
            sh.sh_size > len - sh.sh_offset) {
            rc = skel_fail(SKEL_EFORMAT,
                           "%s: not a usable ELF file: symbol table (section %u) is outside "
                           "the file or has entries of %llu bytes",
                           name, (unsigned)i, (unsigned long long)sh.sh_entsize);
            break;
        }
        out->symtab |= sh.sh_type == SHT_SYMTAB;
        for (uint64_t k = 0; k < sh.sh_size / sizeof(Elf64_Sym); k++) {
            Elf64_Sym sym;
            READ_AT(sym, data, len, sh.sh_offset + k * sizeof sym);
            unsigned type = ELF64_ST_TYPE(sym.st_info);
            if ((type != STT_FUNC && type != STT_GNU_IFUNC) || sym.st_shndx == SHN_UNDEF ||
                sym.st_size == 0 || sym.st_value > UINT64_MAX - sym.st_size)
                continue;
            if (out->n == cap) {
                size_t ncap = cap ? cap * 2 : 256;
                void *n = realloc(out->ext, ncap * sizeof *out->ext);
                if (n == NULL) {
                    rc = skel_fail(SKEL_ENOMEM, "%s: out of memory", name);
                    break;
                }
                out->ext = n;
                cap = ncap;
            }
            out->ext[out->n][0] = sym.st_value;
            out->ext[out->n][1] = sym.st_value + sym.st_size;
            out->n++;
        }
    }
    if (rc != SKEL_OK) {
        skel_elf_funcs_free(out);
        return rc;
    }
    if (out->n > 1)
        qsort(out->ext, out->n, sizeof *out->ext, cmp_ext);
    /* Each end becomes the largest of the ends so far, so that one search
     * answers for extents that nest or overlap (aliases, local copies). */
    for (size_t i = 1; i < out->n; i++)
        if (out->ext[i][1] < out->ext[i - 1][1])
            out->ext[i][1] = out->ext[i - 1][1];
    return SKEL_OK;
}

static int funcs_mem(const char *name, const uint8_t *data, size_t len, void *out)
{
    return skel_elf_funcs_mem(name, data, len, out);
}

int skel_elf_funcs_read(const char *path, struct skel_elf_funcs *out)
{
    memset(out, 0, sizeof *out);
    return read_mapped(path, funcs_mem, out);
}

int skel_elf_funcs_hold(const struct skel_elf_funcs *f, uint64_t addr)
{
    /* The last extent starting at or below addr; its end is the largest of
     * all ends up to it. */
    size_t lo = 0, hi = f->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->ext[mid][0] <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && addr < f->ext[lo - 1][1];
}

/* ---- MPI flavors ---------------------------------------------------------- */

const char *skel_mpi_flavor_name(enum skel_mpi_flavor f)
{
    return f == SKEL_MPI_MPICH ? "mpich" : f == SKEL_MPI_OPENMPI ? "openmpi" : "unknown";
}

const char *skel_mpi_flavor_title(enum skel_mpi_flavor f)
{
    return f == SKEL_MPI_MPICH ? "MPICH" : f == SKEL_MPI_OPENMPI ? "Open MPI" : "an unknown MPI";
}

int skel_mpi_flavor_parse(const char *word, enum skel_mpi_flavor *out)
{
    if (strcmp(word, "mpich") == 0)
        *out = SKEL_MPI_MPICH;
    else if (strcmp(word, "openmpi") == 0)
        *out = SKEL_MPI_OPENMPI;
    else
        return skel_fail(SKEL_EUSAGE, "'%s' is not an MPI Skel knows (expected mpich or openmpi)",
                         word);
    return SKEL_OK;
}

enum skel_mpi_flavor skel_mpi_flavor_of_version(const char *v)
{
    if (v == NULL)
        return SKEL_MPI_UNKNOWN;
    if (strstr(v, "Open MPI") != NULL)
        return SKEL_MPI_OPENMPI;
    if (strstr(v, "MPICH") != NULL || strstr(v, "Intel(R) MPI") != NULL ||
        strstr(v, "MVAPICH") != NULL)
        return SKEL_MPI_MPICH;
    return SKEL_MPI_UNKNOWN;
}

const char *skel_mpi_default_mpicc(enum skel_mpi_flavor f)
{
    return f == SKEL_MPI_OPENMPI ? "mpicc.openmpi" : "mpicc.mpich";
}

const char *skel_mpi_default_launcher(enum skel_mpi_flavor f)
{
    return f == SKEL_MPI_OPENMPI ? "mpirun.openmpi" : "mpiexec.mpich";
}

/* A library name's flavor, and whether it is specific to one MPI (strong)
 * or only suggests one by a version number (weak). */
enum evidence { MPI_EV_NONE, MPI_EV_WEAK, MPI_EV_STRONG };

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static enum evidence name_flavor(const char *path, enum skel_mpi_flavor *f)
{
    const char *s = strrchr(path, '/');
    s = s != NULL ? s + 1 : path;
    *f = SKEL_MPI_UNKNOWN;
    if (starts(s, "libmpich") || starts(s, "libmpifort.so") || starts(s, "libmpicxx.so")) {
        *f = SKEL_MPI_MPICH;
        return MPI_EV_STRONG;
    }
    if (starts(s, "libopen-pal.so") || starts(s, "libopen-rte.so") ||
        starts(s, "libmpi_mpifh.so") || starts(s, "libmpi_mpifh-") || starts(s, "libmpi_usempi") ||
        starts(s, "libmpi_cxx.so") || starts(s, "libmpi_java.so") || starts(s, "liboshmem.so")) {
        *f = SKEL_MPI_OPENMPI;
        return MPI_EV_STRONG;
    }
    if (starts(s, "libmpi.so.")) {
        const char *v = s + 10;
        if (starts(v, "12") && (v[2] == '\0' || v[2] == '.'))
            *f = SKEL_MPI_MPICH;
        else if ((starts(v, "40") || starts(v, "20")) && (v[2] == '\0' || v[2] == '.'))
            *f = SKEL_MPI_OPENMPI;
        return *f != SKEL_MPI_UNKNOWN ? MPI_EV_WEAK : MPI_EV_NONE;
    }
    return MPI_EV_NONE;
}

enum skel_mpi_flavor skel_elf_flavor_of(char *const *needed, size_t n)
{
    enum skel_mpi_flavor weak = SKEL_MPI_UNKNOWN, f;
    for (size_t i = 0; i < n; i++) {
        enum evidence e = name_flavor(needed[i], &f);
        if (e == MPI_EV_STRONG)
            return f;
        if (e == MPI_EV_WEAK && weak == SKEL_MPI_UNKNOWN)
            weak = f;
    }
    return weak;
}

/* ---- the dependency closure ------------------------------------------------- */

struct object {
    char *path;  /* resolved file (realpath) */
    char *name;  /* the name it was needed as (or the program's path) */
    size_t from; /* index of the object that needed it (itself for the program) */
};

struct walk {
    struct object *obj;
    size_t n, cap;
    const struct skel_elf_search *search;
    const char *exe_rpath; /* the program's DT_RPATH, when it has no DT_RUNPATH */
};

static const char *multiarch(void)
{
#if defined(__x86_64__)
    return "x86_64-linux-gnu";
#elif defined(__aarch64__)
    return "aarch64-linux-gnu";
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return "powerpc64le-linux-gnu";
#else
    return NULL;
#endif
}

/* path + "/" + name into out if that is a regular file; $ORIGIN (and
 * ${ORIGIN}) in a path entry is the loading object's directory, other
 * $-tokens make the entry unusable here. */
static int try_dir(const char *dir, size_t dlen, const char *origin, const char *name, char *out,
                   size_t outlen)
{
    char d[PATH_MAX];
    size_t k = 0;
    for (size_t i = 0; i < dlen; i++) {
        const char *rest = dir + i;
        size_t tl = strncmp(rest, "$ORIGIN", 7) == 0     ? 7
                    : strncmp(rest, "${ORIGIN}", 9) == 0 ? 9
                                                         : 0;
        if (tl > 0 && i + tl <= dlen) {
            size_t ol = strlen(origin);
            if (k + ol >= sizeof d)
                return 0;
            memcpy(d + k, origin, ol);
            k += ol;
            i += tl - 1;
            continue;
        }
        if (dir[i] == '$' || k + 1 >= sizeof d)
            return 0;
        d[k++] = dir[i];
    }
    d[k] = '\0';
    if (k == 0 || (size_t)snprintf(out, outlen, "%s/%s", d, name) >= outlen)
        return 0;
    struct stat st;
    return stat(out, &st) == 0 && S_ISREG(st.st_mode);
}

/* Search a colon-separated list of directories. */
static int try_list(const char *list, const char *origin, const char *name, char *out,
                    size_t outlen)
{
    while (list != NULL && *list != '\0') {
        const char *c = strchr(list, ':');
        size_t l = c != NULL ? (size_t)(c - list) : strlen(list);
        if (l > 0 && try_dir(list, l, origin, name, out, outlen))
            return 1;
        list += l + (c != NULL);
    }
    return 0;
}

/* Find a needed library as the dynamic loader would (ld.so(8)): the
 * loader's DT_RPATH (and the program's) unless it has a DT_RUNPATH,
 * LD_LIBRARY_PATH, DT_RUNPATH, then the system directories. */
static int resolve(const struct walk *w, const struct skel_elf_dyn *by, const char *by_path,
                   const char *name, char *out, size_t outlen)
{
    if (strchr(name, '/') != NULL) {
        struct stat st;
        return (size_t)snprintf(out, outlen, "%s", name) < outlen && stat(out, &st) == 0 &&
               S_ISREG(st.st_mode);
    }
    char origin[PATH_MAX];
    snprintf(origin, sizeof origin, "%s", by_path);
    char *slash = strrchr(origin, '/');
    if (slash != NULL)
        *slash = '\0';
    if (by->runpath == NULL && (try_list(by->rpath, origin, name, out, outlen) ||
                                try_list(w->exe_rpath, origin, name, out, outlen)))
        return 1;
    const char *llp = w->search != NULL && w->search->ld_library_path != NULL
                          ? w->search->ld_library_path
                          : getenv("LD_LIBRARY_PATH");
    if (try_list(llp, origin, name, out, outlen) ||
        try_list(by->runpath, origin, name, out, outlen))
        return 1;
    if (w->search != NULL && w->search->system_dirs != NULL) {
        for (size_t i = 0; w->search->system_dirs[i] != NULL; i++)
            if (try_dir(w->search->system_dirs[i], strlen(w->search->system_dirs[i]), origin, name,
                        out, outlen))
                return 1;
        return 0;
    }
    char ma1[64] = "", ma2[64] = "";
    if (multiarch() != NULL) {
        snprintf(ma1, sizeof ma1, "/lib/%s", multiarch());
        snprintf(ma2, sizeof ma2, "/usr/lib/%s", multiarch());
    }
    const char *defaults[] = {ma1,    ma2,        "/lib64",        "/usr/lib64",
                              "/lib", "/usr/lib", "/usr/local/lib"};
    for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
        if (defaults[i][0] != '\0' &&
            try_dir(defaults[i], strlen(defaults[i]), origin, name, out, outlen))
            return 1;
    return 0;
}

/* Add an object unless its file was seen; returns its index, or the
 * existing one's, or (size_t)-1 when full or out of memory. */
static size_t add_object(struct walk *w, const char *path, const char *name, size_t from)
{
    for (size_t i = 0; i < w->n; i++)
        if (strcmp(w->obj[i].path, path) == 0)
            return i;
    if (w->n >= SKEL_ELF_MAX_OBJECTS ||
        skel_grow(&w->obj, &w->cap, w->n + 1, sizeof *w->obj) != SKEL_OK)
        return (size_t)-1;
    struct object *o = &w->obj[w->n];
    o->path = strdup(path);
    o->name = strdup(name);
    o->from = w->n == 0 ? 0 : from;
    if (o->path == NULL || o->name == NULL) {
        free(o->path);
        free(o->name);
        return (size_t)-1;
    }
    return w->n++;
}

/* "NAME (needed by A, needed by B)" for an object reached through others. */
static void describe(const struct walk *w, size_t i, const char *name, char *out, size_t outlen)
{
    size_t k = (size_t)snprintf(out, outlen, "%s", name);
    const char *sep = " (needed by ";
    for (size_t hop = 0; hop < 8 && i != 0 && k < outlen; hop++) {
        const char *b = strrchr(w->obj[i].name, '/');
        k += (size_t)snprintf(out + k, outlen - k, "%s%s", sep, b != NULL ? b + 1 : w->obj[i].name);
        sep = ", needed by ";
        i = w->obj[i].from;
    }
    if (k < outlen && strcmp(sep, ", needed by ") == 0)
        snprintf(out + k, outlen - k, ")");
}

/* Record evidence: the first strong one wins; a weak one is kept as a
 * fallback together with the index of the library that gave it. */
struct verdict {
    enum skel_mpi_flavor strong, weak;
    char strong_why[512], weak_why[512];
};

static void consider(struct verdict *v, const struct walk *w, size_t at, const char *name)
{
    enum skel_mpi_flavor f;
    enum evidence e = name_flavor(name, &f);
    if (e == MPI_EV_STRONG && v->strong == SKEL_MPI_UNKNOWN) {
        v->strong = f;
        describe(w, at, name, v->strong_why, sizeof v->strong_why);
    } else if (e == MPI_EV_WEAK && v->weak == SKEL_MPI_UNKNOWN) {
        v->weak = f;
        describe(w, at, name, v->weak_why, sizeof v->weak_why);
    }
}

int skel_elf_mpi_of(const char *path, const struct skel_elf_search *search,
                    struct skel_elf_mpi *out)
{
    struct walk w = {.search = search};
    struct verdict v;
    struct skel_elf_dyn exe;
    char real[PATH_MAX];
    memset(out, 0, sizeof *out);
    memset(&v, 0, sizeof v);
    int rc = skel_elf_dyn_read(path, &exe);
    if (rc != SKEL_OK)
        return rc;
    w.exe_rpath = exe.runpath == NULL ? exe.rpath : NULL;
    if (add_object(&w, realpath(path, real) != NULL ? real : path, path, 0) == (size_t)-1) {
        skel_elf_dyn_free(&exe);
        return skel_fail(SKEL_ENOMEM, "out of memory");
    }
    /* A library asked about directly is judged by its own name too. */
    if (exe.soname != NULL)
        consider(&v, &w, 0, exe.soname);
    /* Breadth first: the libraries nearest to the program are judged first. */
    for (size_t i = 0; i < w.n; i++) {
        struct skel_elf_dyn d, *dp = &exe;
        if (i > 0) {
            if (skel_elf_dyn_read(w.obj[i].path, &d) != SKEL_OK) {
                skel_clear_error(); /* unreadable: its name still counted */
                continue;
            }
            dp = &d;
        }
        for (size_t j = 0; j < dp->nneeded; j++) {
            char found[PATH_MAX];
            consider(&v, &w, i, dp->needed[j]);
            if (resolve(&w, dp, w.obj[i].path, dp->needed[j], found, sizeof found)) {
                char rp[PATH_MAX];
                size_t k =
                    add_object(&w, realpath(found, rp) != NULL ? rp : found, dp->needed[j], i);
                /* A symbolic link may lead to a differently named file
                 * (Debian's libmpi.so.12 alternatives): its name counts too. */
                if (k != (size_t)-1 && k + 1 == w.n &&
                    strcmp(base_name(w.obj[k].path), dp->needed[j]) != 0) {
                    char label[PATH_MAX + 64];
                    snprintf(label, sizeof label, "%s, the file of %s", base_name(w.obj[k].path),
                             dp->needed[j]);
                    consider(&v, &w, i, label);
                }
            }
        }
        if (i > 0)
            skel_elf_dyn_free(&d);
    }
    out->nvisited = w.n;
    out->flavor = v.strong != SKEL_MPI_UNKNOWN ? v.strong : v.weak;
    snprintf(out->evidence, sizeof out->evidence, "%s",
             v.strong != SKEL_MPI_UNKNOWN ? v.strong_why : v.weak_why);
    for (size_t i = 0; i < w.n; i++) {
        free(w.obj[i].path);
        free(w.obj[i].name);
    }
    free(w.obj);
    skel_elf_dyn_free(&exe);
    return SKEL_OK;
}

int skel_mpi_of_program(const char *name, struct skel_elf_mpi *out)
{
    char path[PATH_MAX];
    memset(out, 0, sizeof *out);
    int rc = skel_find_program(name, path, sizeof path);
    return rc == SKEL_OK ? skel_elf_mpi_of(path, NULL, out) : rc;
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

const char *skel_launcher_style(const char *argv0)
{
    char found[PATH_MAX], real[PATH_MAX];
    const char *names[2] = {base_name(argv0), NULL};
    if (skel_find_program(argv0, found, sizeof found) == SKEL_OK && realpath(found, real) != NULL)
        names[1] = base_name(real);
    skel_clear_error();
    for (int i = 0; i < 2 && names[i] != NULL; i++) {
        const char *b = names[i];
        if (strcmp(b, "mpiexec.mpich") == 0 || strcmp(b, "mpirun.mpich") == 0 ||
            strcmp(b, "mpiexec.hydra") == 0 || strncmp(b, "hydra", 5) == 0)
            return "hydra";
        if (strcmp(b, "mpiexec.openmpi") == 0 || strcmp(b, "mpirun.openmpi") == 0 ||
            strcmp(b, "orterun") == 0 || strcmp(b, "prterun") == 0)
            return "openmpi";
        if (strcmp(b, "srun") == 0)
            return "srun";
    }
    return "";
}
