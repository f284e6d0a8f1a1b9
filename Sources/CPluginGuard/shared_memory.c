#define _GNU_SOURCE
#include "shared_memory.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

void *shared_memory_map(const char *name, size_t size, int create) {
    int flags = create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR;
    int descriptor = shm_open(name, flags, 0600);
    if (descriptor < 0) return NULL;
    if (create && ftruncate(descriptor, (off_t)size) != 0) {
        close(descriptor);
        shm_unlink(name);
        return NULL;
    }
    void *mapping = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0);
    close(descriptor);
    return mapping == MAP_FAILED ? NULL : mapping;
}

void shared_memory_unmap(void *mapping, size_t size) {
    munmap(mapping, size);
}

void shared_memory_unlink(const char *name) {
    shm_unlink(name);
}
