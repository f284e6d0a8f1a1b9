#ifndef PIPELINE_NEEDED_LIBRARIES_H
#define PIPELINE_NEEDED_LIBRARIES_H

#include <stddef.h>

/// The shared libraries the 64-bit ELF file `library` needs that the dynamic loader finds through
/// a RUNPATH or RPATH (with $ORIGIN) rather than in the system's folders: a Swift plugin's
/// runtime in the toolchain, a library shipped beside a plugin. Reads the files' dynamic sections
/// only, running nothing; follows the libraries found to the ones they need. Calls `found` with
/// each one's resolved path, at most `limit` of them, and returns how many it found. A name
/// found nowhere along those paths is left to the loader (a system library, or one missing).
size_t sandbox_needed_libraries(const char *library, void (*found)(const char *path, void *context), void *context,
                                size_t limit);

#endif
