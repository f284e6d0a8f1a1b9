/*
 * shared_memory.h — memory the host and an isolated plugin child both map (mixer images).
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The child's side: creates an anonymous memory file of `size` bytes (no name in any folder, so a
 * sandboxed child can make one) and maps it read-write. Its descriptor goes to `descriptor`: the
 * host maps the same file through /proc/<child>/fd/<descriptor>. Returns the mapping, or NULL with
 * errno set. */
void *shared_memory_create(size_t size, int *descriptor);

/* The host's side: opens `path` (/proc/<child>/fd/<n>) and maps `size` bytes of it read-write.
 * Returns the mapping, or NULL with errno set. */
void *shared_memory_open(const char *path, size_t size);

/* Unmaps a mapping either function returned. */
void shared_memory_unmap(void *mapping, size_t size);

#ifdef __cplusplus
}
#endif
