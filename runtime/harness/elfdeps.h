/* elfdeps.h - which MPI library a program is linked with, read from its ELF
 * dynamic section (DT_NEEDED), so that `skel trace` preloads the tracer
 * built for that library.
 *
 * The file is untrusted: every offset is bounds-checked and a malformed file
 * gets SKEL_EFORMAT with a detail naming the file and what was wrong.
 * Ownership: skel_elf_needed() returns a malloc'd array of malloc'd strings;
 * free it with skel_elf_free_list().
 */
#ifndef SKEL_ELFDEPS_H
#define SKEL_ELFDEPS_H

#include <stddef.h>
#include <stdint.h>

enum skel_mpi_flavor { SKEL_MPI_UNKNOWN = 0, SKEL_MPI_MPICH, SKEL_MPI_OPENMPI };

/* DT_NEEDED entries of an ELF image in memory (name is for messages).
 * SKEL_EFORMAT if the data is not a well-formed 64-bit little-endian ELF;
 * a static executable yields an empty list. */
int skel_elf_needed_mem(const char *name, const uint8_t *data, size_t len, char ***out,
                        size_t *n);
/* The same for a file. */
int skel_elf_needed(const char *path, char ***out, size_t *n);
void skel_elf_free_list(char **list, size_t n);

/* 1 if the file is a position-independent executable or shared object
 * (addresses inside it are given relative to its load base), 0 if it is a
 * fixed-address executable, negative on error. */
int skel_elf_is_relocatable(const char *path);

/* The MPI library a list of DT_NEEDED names points at. */
enum skel_mpi_flavor skel_elf_flavor_of(char *const *needed, size_t n);

/* Find an executable the way execvp would (name with a '/' is taken as is).
 * Writes the path to out; SKEL_ENOTFOUND if there is none. */
int skel_find_program(const char *name, char *out, size_t outlen);

#endif
