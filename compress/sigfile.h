/* sigfile.h - signature files: XML written with libxml2's xmlTextWriter,
 * read with libxml2 and validated on every read against the embedded
 * RELAX NG schema compress/signature.rng, then checked for what a schema
 * cannot express (references, ranges: skel_signature_check_at()).  The
 * format is documented in docs/signature.md.
 *
 * Errors name the file and the line: "app.sig:42: element 'side': ..." for
 * schema violations (SKEL_ESCHEMA), "app.sig:42: symbol 7 ..." for semantic
 * ones (SKEL_EFORMAT), "app.sig:3: not well-formed XML: ..." (SKEL_EFORMAT).
 * Nothing is returned on error.
 *
 * Ownership: skel_sigfile_read()/parse() allocate a signature freed with
 * skel_signature_free(); skel_sigfile_format() a buffer freed with free().
 * Writing never leaves a partial file: the document goes to a temporary
 * file in the same directory that is renamed over the target when complete.
 * A document larger than SKEL_SIGFILE_GZIP_BYTES is written gzip-compressed
 * (a signature of a run where nothing repeats holds a symbol per event: as
 * XML, several times the trace; compressed, about its size); readers take
 * both forms, whatever the file is called (zcat shows a compressed one).
 */
#ifndef SKEL_SIGFILE_H
#define SKEL_SIGFILE_H

#include <stddef.h>

#include "signature.h"

/* Largest signature read (bytes of XML, after decompression). */
#define SKEL_SIGFILE_MAX_BYTES (1ull << 31)
/* Documents larger than this are written gzip-compressed. */
#define SKEL_SIGFILE_GZIP_BYTES (256u << 10)

int skel_sigfile_write(const char *path, const skel_signature *s);
int skel_sigfile_format(const skel_signature *s, char **buf, size_t *len);

int skel_sigfile_read(const char *path, skel_signature **out);
/* Parse buf[0..len) (not necessarily NUL-terminated; XML or gzip'd XML);
 * name is used in messages. */
int skel_sigfile_parse(const char *buf, size_t len, const char *name, skel_signature **out);

#endif
