/* tree.h - removing a directory tree that Skel made (a temporary trace, an
 * archive being written): the one place that walks and deletes.
 *
 * Ownership: nothing is allocated.
 */
#ifndef SKEL_TREE_H
#define SKEL_TREE_H

/* Remove path and everything below it, without following symbolic links
 * (a link is removed, never what it points to).  A path that does not
 * exist is SKEL_OK.  SKEL_EIO naming the first entry that could not be
 * removed. */
int skel_remove_tree(const char *path);

#endif
