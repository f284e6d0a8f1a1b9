/*
 * shared_memory.h — memory the host and an isolated plugin child both map (mixer images).
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Creates (when `create` is non-zero, exclusively) or opens the POSIX shared memory object
 * `name` ("/pipeline-..."), sized `size` bytes when created, and maps it read-write. Returns the
 * mapping, or NULL with errno set. */
void *shared_memory_map(const char *name, size_t size, int create);

/* Unmaps a mapping shared_memory_map returned. */
void shared_memory_unmap(void *mapping, size_t size);

/* Removes the name; mappings stay valid until unmapped. */
void shared_memory_unlink(const char *name);

#ifdef __cplusplus
}
#endif
