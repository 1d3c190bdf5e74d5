/* elfdeps.h - which MPI library a program uses, read from the ELF dynamic
 * sections of the program and of every library it loads (its dependency
 * closure), so that `skel trace` preloads the tracer built for that MPI and
 * `skel run`, `select`, `validate` and `gen` launch and build with it.
 *
 * Files are untrusted: every offset is bounds-checked and a malformed file
 * gets SKEL_EFORMAT with a detail naming the file and what was wrong.
 * Ownership: skel_elf_needed() returns a malloc'd array of malloc'd strings;
 * free it with skel_elf_free_list().  skel_elf_dyn_mem()/skel_elf_dyn_read()
 * fill a struct skel_elf_dyn released with skel_elf_dyn_free().  The other
 * functions write into the caller's buffers.
 */
#ifndef SKEL_ELFDEPS_H
#define SKEL_ELFDEPS_H

#include <stddef.h>
#include <stdint.h>

enum skel_mpi_flavor { SKEL_MPI_UNKNOWN = 0, SKEL_MPI_MPICH, SKEL_MPI_OPENMPI };

/* "mpich", "openmpi", "unknown" (the words --mpi and skeleton.meta use). */
const char *skel_mpi_flavor_name(enum skel_mpi_flavor f);
/* "MPICH", "Open MPI", "an unknown MPI" (for sentences). */
const char *skel_mpi_flavor_title(enum skel_mpi_flavor f);
/* "mpich" or "openmpi" -> the flavor; SKEL_EUSAGE otherwise. */
int skel_mpi_flavor_parse(const char *word, enum skel_mpi_flavor *out);
/* The flavor an MPI_Get_library_version() string names ("MPICH Version:",
 * "Open MPI v4.1.4", "Intel(R) MPI Library" and MVAPICH are MPICH's family,
 * launched and built the same way); SKEL_MPI_UNKNOWN for anything else. */
enum skel_mpi_flavor skel_mpi_flavor_of_version(const char *library_version);
/* The programs of a flavor: compiler wrapper and launcher as Debian names
 * them (mpicc.mpich / mpiexec.mpich, mpicc.openmpi / mpirun.openmpi);
 * MPICH's for SKEL_MPI_UNKNOWN. */
const char *skel_mpi_default_mpicc(enum skel_mpi_flavor f);
const char *skel_mpi_default_launcher(enum skel_mpi_flavor f);

/* What a dynamic section holds (strings copied out of the file). */
struct skel_elf_dyn {
    char **needed; /* DT_NEEDED, in order */
    size_t nneeded;
    char *soname;  /* DT_SONAME, or NULL */
    char *runpath; /* DT_RUNPATH, or NULL */
    char *rpath;   /* DT_RPATH, or NULL */
};

/* The dynamic section of an ELF image in memory (name is for messages).
 * SKEL_EFORMAT if the data is not a well-formed 64-bit little-endian ELF;
 * a static executable yields an empty result. */
int skel_elf_dyn_mem(const char *name, const uint8_t *data, size_t len, struct skel_elf_dyn *out);
int skel_elf_dyn_read(const char *path, struct skel_elf_dyn *out);
void skel_elf_dyn_free(struct skel_elf_dyn *d);

/* DT_NEEDED entries only (as skel_elf_dyn_mem, for callers that need no more). */
int skel_elf_needed_mem(const char *name, const uint8_t *data, size_t len, char ***out, size_t *n);
int skel_elf_needed(const char *path, char ***out, size_t *n);
void skel_elf_free_list(char **list, size_t n);

/* 1 if the file is a position-independent executable or shared object
 * (addresses inside it are given relative to its load base), 0 if it is a
 * fixed-address executable, negative on error. */
int skel_elf_is_relocatable(const char *path);

/* The extents of a file's defined function symbols (STT_FUNC and
 * STT_GNU_IFUNC with a size), from its .symtab and .dynsym sections, sorted
 * by start.  A stripped library keeps only .dynsym, its exported functions:
 * an address that none of them holds lies in a function whose name the file
 * no longer has, which addr2line and dladdr still name after the nearest
 * symbol below it.  `symtab` is 1 when the file has a .symtab (every function
 * is listed).  A file without section headers yields none (n = 0). */
struct skel_elf_funcs {
    uint64_t (*ext)[2]; /* start, and the largest end of this and every extent before */
    size_t n;
    int symtab;
};
int skel_elf_funcs_mem(const char *name, const uint8_t *data, size_t len,
                       struct skel_elf_funcs *out);
int skel_elf_funcs_read(const char *path, struct skel_elf_funcs *out);
/* 1 if one of the functions holds addr (an address in the file's own
 * numbering, as addr2line takes it), else 0. */
int skel_elf_funcs_hold(const struct skel_elf_funcs *f, uint64_t addr);
void skel_elf_funcs_free(struct skel_elf_funcs *f);

/* The MPI library a list of library names points at, by the names alone:
 * libmpich*, libmpifort, libmpicxx are MPICH's family; libopen-pal,
 * libopen-rte, libmpi_mpifh, libmpi_usempi*, libmpi_cxx, libmpi_java and
 * liboshmem are Open MPI's.  A bare libmpi.so.N says little by itself
 * (MPICH, Intel MPI, MVAPICH and Open MPI all ship one): .12 is the MPICH
 * ABI, .20 and .40 are Open MPI's numbering; other numbers are unknown. */
enum skel_mpi_flavor skel_elf_flavor_of(char *const *needed, size_t n);

/* Where skel_elf_mpi_of() looks for libraries besides the objects' own
 * DT_RPATH/DT_RUNPATH ($ORIGIN expanded): ld_library_path (NULL: the
 * LD_LIBRARY_PATH of this process), then system_dirs (NULL-terminated; NULL:
 * /lib/<multiarch>, /usr/lib/<multiarch>, /lib64, /usr/lib64, /lib,
 * /usr/lib, /usr/local/lib).  /etc/ld.so.conf is not read: an MPI installed
 * outside these is found through RUNPATH or LD_LIBRARY_PATH, as module
 * systems set it. */
struct skel_elf_search {
    const char *ld_library_path;
    const char *const *system_dirs;
};

#define SKEL_ELF_MAX_OBJECTS 512 /* libraries visited at most */

struct skel_elf_mpi {
    enum skel_mpi_flavor flavor;
    /* The library that decided and how it was reached, e.g.
     * "libopen-pal.so.40 (needed by libmpi.so.40, needed by libfoo.so)"; ""
     * when nothing did. */
    char evidence[512];
    size_t nvisited; /* objects read */
};

/* The MPI a program or library uses: its dependency closure walked
 * breadth-first, each DT_NEEDED name resolved as the dynamic loader would
 * (DT_RPATH, LD_LIBRARY_PATH, DT_RUNPATH, the system directories).  A
 * library name specific to one MPI (see skel_elf_flavor_of) decides, the
 * one nearest to the program first; a libmpi.so.N whose own dependencies
 * name no specific library is judged by its number.  Libraries that cannot
 * be found or read are skipped (their names still count).  SKEL_OK with
 * SKEL_MPI_UNKNOWN when no MPI library was seen; an error only when path
 * itself cannot be read as ELF. */
int skel_elf_mpi_of(const char *path, const struct skel_elf_search *search,
                    struct skel_elf_mpi *out);

/* The same for a command name, found the way execvp would (see
 * skel_find_program). */
int skel_mpi_of_program(const char *name, struct skel_elf_mpi *out);

/* Find an executable the way execvp would (name with a '/' is taken as is).
 * Writes the path to out; SKEL_ENOTFOUND if there is none. */
int skel_find_program(const char *name, char *out, size_t outlen);

/* What kind of MPI launcher a command is, by its name, following symbolic
 * links (Debian's /usr/bin/mpiexec is an alternative pointing at one of
 * them): "hydra" (mpiexec.mpich, mpirun.mpich, mpiexec.hydra, hydra*),
 * "openmpi" (mpiexec.openmpi, mpirun.openmpi, orterun, prterun), "srun", or
 * "" (not a launcher Skel knows). */
const char *skel_launcher_style(const char *argv0);

#endif
