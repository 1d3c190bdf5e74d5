/* commslot.h - communicators by slot (internal to compress/).
 *
 * The tracer numbers every communicator a rank creates anew.  A program
 * that duplicates a communicator, uses it and frees it in every iteration
 * (a library giving each solve, object or file its own communicator; the
 * irregular corpus's idup) therefore names a new communicator in every
 * iteration, each of its calls becomes a new symbol, and nothing around
 * them folds: idup's trace of 15000 iterations compressed to 12022 items
 * (Q = 5.6), its skeleton mostly residue (bench/accuracy-mechanisms.md,
 * section 9).
 *
 * Read through this map, events name slots instead.  A communicator created
 * while a slot is free whose first occupant was created the same way - by
 * the same call, from the parent in the same slot, with the same members,
 * remote group and topology - takes that slot; otherwise it takes a new one.
 * MPI_Comm_free of its occupant frees a slot.  Slots 0 and 1 are
 * MPI_COMM_WORLD and MPI_COMM_SELF.  A communicator an event names that no
 * event created (one the tracer met first in a call) takes a new slot.
 * Windows and files are slotted the same way (symbols.c, object_slot).
 *
 * The slot table describes each slot by its first occupant, with the parent
 * given by slot: the skeleton creates a slot's communicator again wherever
 * the application created one there, and the occupants share everything
 * it uses but their global ids.  Whether every rank puts the same
 * communicator in the same slot depends only on the order of creations and
 * frees, which MPI's collective creation and MPI_Comm_free make the same
 * on the members of a parent.
 *
 * Ownership: the map is the caller's (skel_commslots_free); the reader it is
 * given must stay open while the map is used.
 */
#ifndef SKEL_COMMSLOT_H
#define SKEL_COMMSLOT_H

#include <stdint.h>

#include "trace.h"

struct skel_commslot {
    uint32_t rep;    /* trace index of the first occupant */
    uint32_t parent; /* slot of its parent at creation, SKEL_COMM_NONE if none */
    uint64_t hash;   /* of the description compared (created_by .. topology) */
    uint8_t live;    /* an occupant not freed yet */
};

typedef struct skel_commslots {
    uint32_t *of; /* per trace index: 1 + slot, 0 none yet */
    uint32_t of_cap;
    struct skel_commslot *slots;
    uint32_t nslots, slots_cap;
} skel_commslots;

void skel_commslots_init(skel_commslots *cs);
void skel_commslots_free(skel_commslots *cs);

/* Make slots 0 and 1 (done by the first skel_commslots_map()). */
int skel_commslots_prepare(skel_commslots *cs);

/* Rewrite ev->comm and ev->newcomm (trace indices of rd) as slots, creating
 * and freeing slots as the event does.  Events must come in the rank's
 * order.  SKEL_OK or SKEL_ENOMEM/SKEL_ERANGE. */
int skel_commslots_map(skel_commslots *cs, const skel_rank_reader *rd, skel_event *ev);

#endif
