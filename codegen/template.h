/* template.h - Skel's small template language, used to emit the skeleton's
 * source, build file and metadata from the files in templates/ (docs/codegen.md).
 *
 *   {{name}}             the value of name (inserted as is: the emitter puts
 *                        only sanitised C tokens and escaped literals in the
 *                        data, never raw signature text)
 *   {{#name}}...{{/name}}  a section: repeated once per element when name is a
 *                        list (each element's names come first in lookups),
 *                        once when name is true or a non-empty string, not at
 *                        all when false, empty or an empty list
 *   {{^name}}...{{/name}}  the inverse: once when {{#name}} would not run
 *   {{! text }}          a comment
 *
 * A line holding nothing but one section, inverse, close or comment tag (and
 * blanks) disappears entirely from the output, so templates can put their
 * control tags on lines of their own.  Names are [A-Za-z_][A-Za-z0-9_]* with
 * optional blanks inside the braces.  A name is looked up in the innermost
 * list element first, then outwards to the root; an unknown name is an
 * error, not an empty string, so a misspelt name in an edited template is
 * reported instead of silently dropping code.
 *
 * Templates are untrusted input (users edit them): parsing is bounds-checked
 * and every error names the template, the line, the column and what was
 * expected ("skeleton.c.tmpl:12:7: expected '}}' to close the tag").
 *
 * Ownership: skel_tpl_parse()/skel_tpl_load() allocate a template freed with
 * skel_tpl_free().  skel_tpl_dict_new() allocates a root dictionary freed,
 * with every list element added below it, by skel_tpl_dict_free(); elements
 * returned by skel_tpl_add() belong to their parent.  Setters copy their
 * strings.  An allocation failure while filling a dictionary is remembered
 * and reported by skel_tpl_render() (SKEL_ENOMEM), so fillers need not check
 * every call.  skel_tpl_render() returns a malloc'd, NUL-terminated buffer
 * the caller frees.
 */
#ifndef SKEL_TEMPLATE_H
#define SKEL_TEMPLATE_H

#include <stddef.h>

#define SKEL_TPL_MAX_BYTES (16u << 20)  /* largest template accepted */
#define SKEL_TPL_MAX_DEPTH 32           /* sections nested deeper are refused */
#define SKEL_TPL_MAX_OUTPUT (1ull << 30) /* largest rendered output */

typedef struct skel_tpl skel_tpl;
typedef struct skel_tpl_dict skel_tpl_dict;

/* Parse text[0..len) (no NUL bytes allowed); name is used in messages. */
int skel_tpl_parse(const char *text, size_t len, const char *name, skel_tpl **out);
/* Read and parse a file; messages name the file as given. */
int skel_tpl_load(const char *path, skel_tpl **out);
void skel_tpl_free(skel_tpl *t);
/* Name the template was parsed under. */
const char *skel_tpl_name(const skel_tpl *t);

skel_tpl_dict *skel_tpl_dict_new(void);
void skel_tpl_dict_free(skel_tpl_dict *d);

/* Set name to a string value / a printf-formatted value / a boolean.  A
 * second set of the same name replaces the first.  d may be NULL (a failed
 * skel_tpl_add()): nothing happens. */
void skel_tpl_set(skel_tpl_dict *d, const char *name, const char *value);
void skel_tpl_setf(skel_tpl_dict *d, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void skel_tpl_set_bool(skel_tpl_dict *d, const char *name, int value);

/* Declare name as a list (empty until elements are added). */
void skel_tpl_list(skel_tpl_dict *d, const char *name);
/* Append a new element to list name (declaring it if needed) and return it;
 * NULL after an allocation failure or if name holds a non-list value. */
skel_tpl_dict *skel_tpl_add(skel_tpl_dict *d, const char *name);

/* Render t with the names of d.  SKEL_EFORMAT naming the template position
 * for an unknown name or a list used as a value, SKEL_ERANGE when the output
 * would exceed SKEL_TPL_MAX_OUTPUT, SKEL_ENOMEM. */
int skel_tpl_render(const skel_tpl *t, const skel_tpl_dict *d, char **out, size_t *len);

#endif
