/* map.h - an open-addressing hash map from 64-bit keys to 32-bit values,
 * shared by the tracer's handle tables and the replay's channel tables.
 * Ownership: the map owns its slots; skel_map_free() releases them.  A zeroed
 * struct is an empty map.  Not thread-safe. */
#ifndef SKEL_MAP_H
#define SKEL_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct skel_map_slot {
    uint64_t key;
    uint32_t val;
    uint8_t state; /* 0 empty, 1 live */
} skel_map_slot;

typedef struct skel_map {
    skel_map_slot *s;
    size_t cap, used, live; /* used == live: deletion leaves no tombstones */
} skel_map;

/* The live slot of key, or NULL. */
skel_map_slot *skel_map_find(const skel_map *m, uint64_t key);
/* Insert or overwrite; 0 on success, -1 when out of memory. */
int skel_map_put(skel_map *m, uint64_t key, uint32_t val);
/* The slot of key, created (state 1, val 0, *created = 1) if absent; NULL
 * when out of memory.  One probe sequence instead of find + put. */
skel_map_slot *skel_map_upsert(skel_map *m, uint64_t key, int *created);
void skel_map_del(skel_map *m, uint64_t key);
/* Delete the entry in a slot returned by find/upsert. */
void skel_map_del_slot(skel_map *m, skel_map_slot *s);
void skel_map_free(skel_map *m);
/* A well-mixed hash of a 64-bit value. */
uint64_t skel_mix64(uint64_t k);

#endif
