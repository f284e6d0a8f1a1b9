#define _GNU_SOURCE
#include "shared_memory.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

void *shared_memory_create(size_t size, int *descriptor) {
    int file = memfd_create("pipeline-mixer-images", MFD_CLOEXEC);
    if (file < 0) return NULL;
    void *mapping = ftruncate(file, (off_t)size) == 0 ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0) : MAP_FAILED;
    if (mapping == MAP_FAILED) {
        int error = errno;
        close(file);
        errno = error;
        return NULL;
    }
    *descriptor = file;
    return mapping;
}

void *shared_memory_open(const char *path, size_t size) {
    int file = open(path, O_RDWR | O_CLOEXEC);
    if (file < 0) return NULL;
    void *mapping = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0);
    int error = errno;
    close(file);
    errno = error;
    return mapping == MAP_FAILED ? NULL : mapping;
}

void shared_memory_unmap(void *mapping, size_t size) {
    munmap(mapping, size);
}
