/* test_elfdeps.c - the dynamic section reader and the MPI a program uses,
 * found through its whole dependency closure: small ELF files are written
 * into a scratch directory (a program, libraries found through $ORIGIN
 * RUNPATHs and a private system directory) so that nothing depends on the
 * MPIs installed here; one test reads the real MPICH and Open MPI libraries
 * when they are installed. */
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfdeps.h"
#include "error.h"

static char dir[64];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/skel-elfdeps-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    char p[128];
    snprintf(p, sizeof p, "%s/lib", dir);
    cr_assert_eq(mkdir(p, 0755), 0);
    snprintf(p, sizeof p, "%s/sys", dir);
    cr_assert_eq(mkdir(p, 0755), 0);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

/* A minimal ELF64 shared object: one PT_LOAD mapping the whole file at
 * address 0, a PT_DYNAMIC with DT_NEEDED entries, an optional DT_SONAME and
 * DT_RUNPATH, the string table after it. */
static size_t make_elf(uint8_t *buf, size_t cap, const char *soname, const char *runpath,
                       const char *const *needed)
{
    char strtab[2048] = {0};
    size_t sl = 1; /* offset 0: the empty string */
    Elf64_Dyn dyn[64];
    size_t nd = 0;
    for (size_t i = 0; needed != NULL && needed[i] != NULL; i++) {
        dyn[nd++] = (Elf64_Dyn){.d_tag = DT_NEEDED, .d_un.d_val = sl};
        sl += (size_t)sprintf(strtab + sl, "%s", needed[i]) + 1;
    }
    if (soname != NULL) {
        dyn[nd++] = (Elf64_Dyn){.d_tag = DT_SONAME, .d_un.d_val = sl};
        sl += (size_t)sprintf(strtab + sl, "%s", soname) + 1;
    }
    if (runpath != NULL) {
        dyn[nd++] = (Elf64_Dyn){.d_tag = DT_RUNPATH, .d_un.d_val = sl};
        sl += (size_t)sprintf(strtab + sl, "%s", runpath) + 1;
    }
    size_t phoff = sizeof(Elf64_Ehdr), dynoff = phoff + 2 * sizeof(Elf64_Phdr);
    size_t strtaboff = dynoff + (nd + 3) * sizeof(Elf64_Dyn), total = strtaboff + sl;
    cr_assert_leq(total, cap);
    dyn[nd++] = (Elf64_Dyn){.d_tag = DT_STRTAB, .d_un.d_ptr = strtaboff};
    dyn[nd++] = (Elf64_Dyn){.d_tag = DT_STRSZ, .d_un.d_val = sl};
    dyn[nd++] = (Elf64_Dyn){.d_tag = DT_NULL};
    memset(buf, 0, total);
    Elf64_Ehdr eh = {.e_type = ET_DYN,
                     .e_machine = EM_X86_64,
                     .e_version = EV_CURRENT,
                     .e_phoff = phoff,
                     .e_ehsize = sizeof(Elf64_Ehdr),
                     .e_phentsize = sizeof(Elf64_Phdr),
                     .e_phnum = 2};
    memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS64;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    Elf64_Phdr ph[2] = {
        {.p_type = PT_LOAD, .p_offset = 0, .p_vaddr = 0, .p_filesz = total, .p_memsz = total},
        {.p_type = PT_DYNAMIC,
         .p_offset = dynoff,
         .p_vaddr = dynoff,
         .p_filesz = nd * sizeof(Elf64_Dyn),
         .p_memsz = nd * sizeof(Elf64_Dyn)}};
    memcpy(buf, &eh, sizeof eh);
    memcpy(buf + phoff, ph, sizeof ph);
    memcpy(buf + dynoff, dyn, nd * sizeof *dyn);
    memcpy(buf + strtaboff, strtab, sl);
    return total;
}

/* Write DIR/rel as such an object. */
static void put(const char *rel, const char *soname, const char *runpath, const char *const *needed)
{
    uint8_t buf[8192];
    size_t n = make_elf(buf, sizeof buf, soname, runpath, needed);
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s", path);
    cr_assert_eq(fwrite(buf, 1, n, f), n);
    fclose(f);
}

static struct skel_elf_mpi mpi_of(const char *rel)
{
    char path[256], sys[128];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    snprintf(sys, sizeof sys, "%s/sys", dir);
    const char *dirs[] = {sys, NULL};
    struct skel_elf_search s = {.ld_library_path = "", .system_dirs = dirs};
    struct skel_elf_mpi m;
    cr_assert_eq(skel_elf_mpi_of(path, &s, &m), SKEL_OK, "%s", skel_last_error());
    return m;
}

TestSuite(elfdeps, .init = setup, .fini = teardown);

Test(elfdeps, dynamic_section_fields)
{
    uint8_t buf[4096];
    const char *needed[] = {"liba.so.1", "libb.so.2", NULL};
    size_t n = make_elf(buf, sizeof buf, "libx.so.3", "$ORIGIN/../lib", needed);
    struct skel_elf_dyn d;
    cr_assert_eq(skel_elf_dyn_mem("x", buf, n, &d), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(d.nneeded, 2);
    cr_assert_str_eq(d.needed[0], "liba.so.1");
    cr_assert_str_eq(d.needed[1], "libb.so.2");
    cr_assert_str_eq(d.soname, "libx.so.3");
    cr_assert_str_eq(d.runpath, "$ORIGIN/../lib");
    cr_assert_null(d.rpath);
    skel_elf_dyn_free(&d);
    /* A string offset past the table is refused, naming the file. */
    Elf64_Dyn *dyn = (Elf64_Dyn *)(buf + sizeof(Elf64_Ehdr) + 2 * sizeof(Elf64_Phdr));
    dyn[0].d_un.d_val = 100000;
    cr_assert_eq(skel_elf_dyn_mem("bad.so", buf, n, &d), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "bad.so") != NULL, "%s", skel_last_error());
    cr_assert_null(d.needed);
}

Test(elfdeps, flavor_by_names)
{
    char *mpich[] = {"libc.so.6", "libmpich.so.12"};
    char *ompi[] = {"libmpi.so.40", "libopen-pal.so.40"};
    char *abi[] = {"libmpi.so.12", "libfabric.so.1"};
    char *v40[] = {"libmpi.so.40"};
    char *other[] = {"libmpi.so.3"};
    char *otf[] = {"libopen-trace-format2.so.10", "libc.so.6"};
    char *fort[] = {"libmpi_usempif08.so.40"};
    cr_assert_eq(skel_elf_flavor_of(mpich, 2), SKEL_MPI_MPICH);
    cr_assert_eq(skel_elf_flavor_of(ompi, 2), SKEL_MPI_OPENMPI);
    /* The MPICH ABI's libmpi.so.12 (Intel MPI, MVAPICH) is not Open MPI. */
    cr_assert_eq(skel_elf_flavor_of(abi, 2), SKEL_MPI_MPICH);
    cr_assert_eq(skel_elf_flavor_of(v40, 1), SKEL_MPI_OPENMPI);
    cr_assert_eq(skel_elf_flavor_of(other, 1), SKEL_MPI_UNKNOWN);
    /* A library whose name merely starts like Open MPI's is not MPI. */
    cr_assert_eq(skel_elf_flavor_of(otf, 2), SKEL_MPI_UNKNOWN);
    cr_assert_eq(skel_elf_flavor_of(fort, 1), SKEL_MPI_OPENMPI);
}

Test(elfdeps, closure_finds_mpi_behind_a_library)
{
    /* app -> libsolver.so ($ORIGIN/lib) -> libmpi.so.40 (system dir) ->
     * libopen-pal.so.40: Open MPI, although the program names no MPI. */
    const char *app[] = {"libsolver.so", "libc.so.6", NULL};
    const char *solver[] = {"libmpi.so.40", NULL};
    const char *mpi[] = {"libopen-pal.so.40", NULL};
    put("app", NULL, "$ORIGIN/lib", app);
    put("lib/libsolver.so", "libsolver.so", NULL, solver);
    put("sys/libmpi.so.40", "libmpi.so.40", NULL, mpi);
    put("sys/libopen-pal.so.40", "libopen-pal.so.40", NULL, NULL);
    char **needed;
    size_t n;
    char path[256];
    snprintf(path, sizeof path, "%s/app", dir);
    cr_assert_eq(skel_elf_needed(path, &needed, &n), SKEL_OK);
    cr_assert_eq(skel_elf_flavor_of(needed, n), SKEL_MPI_UNKNOWN, "direct needs name no MPI");
    skel_elf_free_list(needed, n);
    struct skel_elf_mpi m = mpi_of("app");
    cr_assert_eq(m.flavor, SKEL_MPI_OPENMPI);
    cr_assert_str_eq(m.evidence, "libopen-pal.so.40 (needed by libmpi.so.40, needed by "
                                 "libsolver.so)");
    cr_assert_eq(m.nvisited, 4);
}

Test(elfdeps, another_mpis_libmpi_is_not_open_mpi)
{
    /* An MPICH-ABI libmpi.so.12 (as Intel MPI's): its own dependencies name
     * no Open MPI library, so it is judged by its number - MPICH's family. */
    const char *app[] = {"libmpi.so.12", NULL};
    const char *mpi[] = {"libfabric.so.1", NULL};
    put("app", NULL, NULL, app);
    put("sys/libmpi.so.12", "libmpi.so.12", NULL, mpi);
    put("sys/libfabric.so.1", "libfabric.so.1", NULL, NULL);
    struct skel_elf_mpi m = mpi_of("app");
    cr_assert_eq(m.flavor, SKEL_MPI_MPICH);
    cr_assert_str_eq(m.evidence, "libmpi.so.12");
    /* The same number on a library that needs Open MPI's runtime: the
     * specific name decides, wherever it sits in the closure. */
    const char *ompi[] = {"libopen-rte.so.40", NULL};
    put("sys/libmpi.so.12", "libmpi.so.12", NULL, ompi);
    put("sys/libopen-rte.so.40", "libopen-rte.so.40", NULL, NULL);
    m = mpi_of("app");
    cr_assert_eq(m.flavor, SKEL_MPI_OPENMPI);
}

Test(elfdeps, no_mpi_cycles_and_missing_libraries)
{
    const char *app[] = {"liba.so", "libmissing.so.9", NULL};
    const char *a[] = {"libb.so", NULL};
    const char *b[] = {"liba.so", NULL};
    put("app", NULL, "$ORIGIN/lib", app);
    put("lib/liba.so", "liba.so", "$ORIGIN", a); /* RUNPATH is not inherited */
    put("lib/libb.so", "libb.so", "$ORIGIN", b);
    struct skel_elf_mpi m = mpi_of("app");
    cr_assert_eq(m.flavor, SKEL_MPI_UNKNOWN);
    cr_assert_str_eq(m.evidence, "");
    cr_assert_eq(m.nvisited, 3, "the cycle a -> b -> a is walked once");
    /* A missing library still counts by its name. */
    const char *app2[] = {"libmpich.so.12", NULL};
    put("app2", NULL, NULL, app2);
    cr_assert_eq(mpi_of("app2").flavor, SKEL_MPI_MPICH);
    /* Not an ELF file: an error naming it. */
    put("app3", NULL, NULL, NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/text", dir);
    FILE *f = fopen(path, "w");
    fputs("#!/bin/sh\n", f);
    fclose(f);
    struct skel_elf_mpi m3;
    cr_assert_eq(skel_elf_mpi_of(path, NULL, &m3), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "/text") != NULL, "%s", skel_last_error());
}

Test(elfdeps, flavor_names_and_versions)
{
    enum skel_mpi_flavor f;
    cr_assert_eq(skel_mpi_flavor_parse("openmpi", &f), SKEL_OK);
    cr_assert_eq(f, SKEL_MPI_OPENMPI);
    cr_assert_eq(skel_mpi_flavor_parse("lam", &f), SKEL_EUSAGE);
    cr_assert_str_eq(skel_mpi_flavor_name(SKEL_MPI_MPICH), "mpich");
    cr_assert_eq(skel_mpi_flavor_of_version("Open MPI v4.1.4, package: Debian OpenMPI"),
                 SKEL_MPI_OPENMPI);
    cr_assert_eq(skel_mpi_flavor_of_version("MPICH Version:\t4.0.2\nMPICH Release date"),
                 SKEL_MPI_MPICH);
    cr_assert_eq(skel_mpi_flavor_of_version("Intel(R) MPI Library 2021.9"), SKEL_MPI_MPICH);
    cr_assert_eq(skel_mpi_flavor_of_version("Some MPI 1.0"), SKEL_MPI_UNKNOWN);
    cr_assert_eq(skel_mpi_flavor_of_version(NULL), SKEL_MPI_UNKNOWN);
    cr_assert_str_eq(skel_mpi_default_mpicc(SKEL_MPI_OPENMPI), "mpicc.openmpi");
    cr_assert_str_eq(skel_mpi_default_launcher(SKEL_MPI_UNKNOWN), "mpiexec.mpich");
}

/* The MPIs installed on this machine, when they are (Debian's packages). */
Test(elfdeps, installed_mpis)
{
    const char *mpich = "/usr/lib/x86_64-linux-gnu/libmpich.so.12";
    const char *ompi = "/usr/lib/x86_64-linux-gnu/libmpi.so.40";
    struct skel_elf_mpi m;
    if (access(mpich, R_OK) == 0) {
        cr_assert_eq(skel_elf_mpi_of(mpich, NULL, &m), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(m.flavor, SKEL_MPI_MPICH, "%s", m.evidence);
    }
    if (access(ompi, R_OK) == 0) {
        cr_assert_eq(skel_elf_mpi_of(ompi, NULL, &m), SKEL_OK, "%s", skel_last_error());
        cr_assert_eq(m.flavor, SKEL_MPI_OPENMPI, "%s", m.evidence);
        cr_assert(strstr(m.evidence, "libopen-") != NULL, "%s", m.evidence);
    }
}

/* An ELF image with section headers only: a null section and the given
 * symbol tables (types SHT_DYNSYM / SHT_SYMTAB), each with its symbols. */
static size_t make_symbols(uint8_t *buf, size_t cap, const uint32_t *types,
                           const Elf64_Sym *const *syms, const size_t *nsyms, size_t ntables)
{
    size_t off = sizeof(Elf64_Ehdr), nsec = ntables + 1;
    Elf64_Shdr sh[8] = {{0}};
    cr_assert_lt(nsec, 8);
    for (size_t t = 0; t < ntables; t++) {
        sh[t + 1] = (Elf64_Shdr){.sh_type = types[t],
                                 .sh_offset = off,
                                 .sh_size = nsyms[t] * sizeof(Elf64_Sym),
                                 .sh_entsize = sizeof(Elf64_Sym)};
        cr_assert_leq(off + nsyms[t] * sizeof(Elf64_Sym), cap);
        memcpy(buf + off, syms[t], nsyms[t] * sizeof(Elf64_Sym));
        off += nsyms[t] * sizeof(Elf64_Sym);
    }
    Elf64_Ehdr eh = {.e_type = ET_DYN,
                     .e_machine = EM_X86_64,
                     .e_version = EV_CURRENT,
                     .e_shoff = off,
                     .e_ehsize = sizeof(Elf64_Ehdr),
                     .e_shentsize = sizeof(Elf64_Shdr),
                     .e_shnum = (uint16_t)nsec};
    memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS64;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    memcpy(buf, &eh, sizeof eh);
    cr_assert_leq(off + nsec * sizeof(Elf64_Shdr), cap);
    memcpy(buf + off, sh, nsec * sizeof(Elf64_Shdr));
    return off + nsec * sizeof(Elf64_Shdr);
}

#define FUNC_SYM(value, size)                                                                      \
    (Elf64_Sym)                                                                                    \
    {                                                                                              \
        .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), .st_shndx = 1, .st_value = (value),        \
        .st_size = (size)                                                                          \
    }

/* A stripped library keeps only its exported functions (.dynsym): an
 * address between two of them is in none, though the nearest symbol below
 * it has a name; objects, undefined and sizeless symbols are no extents. */
Test(elfdeps, function_extents_of_the_dynamic_table)
{
    Elf64_Sym dyn[] = {
        {0},
        FUNC_SYM(0x1100, 0x80),
        FUNC_SYM(0x1000, 0x10),
        {.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT),
         .st_shndx = 1,
         .st_value = 0x1050,
         .st_size = 0x20},
        FUNC_SYM(0x1200, 0),
        {.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC),
         .st_shndx = SHN_UNDEF,
         .st_value = 0x1300,
         .st_size = 0x10},
        {.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_GNU_IFUNC),
         .st_shndx = 1,
         .st_value = 0x1400,
         .st_size = 0x8},
    };
    const Elf64_Sym *tables[] = {dyn};
    uint32_t types[] = {SHT_DYNSYM};
    size_t counts[] = {sizeof dyn / sizeof *dyn};
    uint8_t buf[4096];
    size_t n = make_symbols(buf, sizeof buf, types, tables, counts, 1);
    struct skel_elf_funcs f;
    cr_assert_eq(skel_elf_funcs_mem("x", buf, n, &f), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(f.n, 3);
    cr_assert_eq(f.symtab, 0);
    cr_assert(skel_elf_funcs_hold(&f, 0x1000));
    cr_assert(skel_elf_funcs_hold(&f, 0x100f));
    cr_assert_not(skel_elf_funcs_hold(&f, 0x1010));
    cr_assert_not(skel_elf_funcs_hold(&f, 0x1050)); /* an object, not a function */
    cr_assert(skel_elf_funcs_hold(&f, 0x117f));
    cr_assert_not(skel_elf_funcs_hold(&f, 0x1180));
    cr_assert_not(skel_elf_funcs_hold(&f, 0x1204)); /* a sizeless symbol holds nothing */
    cr_assert_not(skel_elf_funcs_hold(&f, 0x1304)); /* nor an undefined one */
    cr_assert(skel_elf_funcs_hold(&f, 0x1404));
    cr_assert_not(skel_elf_funcs_hold(&f, 0xfff));
    skel_elf_funcs_free(&f);
    /* A table whose entries are not symbols is refused, naming the file and section. */
    Elf64_Shdr *sh = (Elf64_Shdr *)(buf + ((Elf64_Ehdr *)buf)->e_shoff);
    sh[1].sh_entsize = 16;
    cr_assert_eq(skel_elf_funcs_mem("bad.so", buf, n, &f), SKEL_EFORMAT);
    cr_assert(strstr(skel_last_error(), "bad.so") != NULL, "%s", skel_last_error());
    cr_assert(strstr(skel_last_error(), "section 1") != NULL, "%s", skel_last_error());
    cr_assert_null(f.ext);
    sh[1].sh_entsize = sizeof(Elf64_Sym);
    sh[1].sh_size = 1 << 20;
    cr_assert_eq(skel_elf_funcs_mem("bad.so", buf, n, &f), SKEL_EFORMAT);
}

/* With a full symbol table, extents that nest (a large function with a
 * smaller alias inside it) still hold every address of the large one. */
Test(elfdeps, function_extents_nest)
{
    Elf64_Sym dyn[] = {{0}, FUNC_SYM(0x2000, 0x10)};
    Elf64_Sym sym[] = {{0}, FUNC_SYM(0x1000, 0x400), FUNC_SYM(0x1010, 0x4), FUNC_SYM(0x1020, 0x8)};
    const Elf64_Sym *tables[] = {dyn, sym};
    uint32_t types[] = {SHT_DYNSYM, SHT_SYMTAB};
    size_t counts[] = {2, 4};
    uint8_t buf[4096];
    size_t n = make_symbols(buf, sizeof buf, types, tables, counts, 2);
    struct skel_elf_funcs f;
    cr_assert_eq(skel_elf_funcs_mem("x", buf, n, &f), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(f.n, 4);
    cr_assert_eq(f.symtab, 1);
    cr_assert(skel_elf_funcs_hold(&f, 0x1030));
    cr_assert(skel_elf_funcs_hold(&f, 0x13ff));
    cr_assert_not(skel_elf_funcs_hold(&f, 0x1400));
    cr_assert(skel_elf_funcs_hold(&f, 0x2008));
    skel_elf_funcs_free(&f);
}

static int __attribute__((noinline)) local_function(int x)
{
    return x * 3 + 1;
}

/* This test program's own file: its static function is held. */
Test(elfdeps, function_extents_of_this_program)
{
    Dl_info info;
    cr_assert_neq(dladdr((void *)local_function, &info), 0);
    uint64_t at = (uint64_t)(uintptr_t)local_function;
    if (skel_elf_is_relocatable("/proc/self/exe") == 1)
        at -= (uint64_t)(uintptr_t)info.dli_fbase;
    struct skel_elf_funcs f;
    cr_assert_eq(skel_elf_funcs_read("/proc/self/exe", &f), SKEL_OK, "%s", skel_last_error());
    cr_assert_eq(f.symtab, 1);
    cr_assert(skel_elf_funcs_hold(&f, at + 1), "%d", local_function(1));
    cr_assert_not(skel_elf_funcs_hold(&f, UINT64_MAX - 1));
    skel_elf_funcs_free(&f);
}
