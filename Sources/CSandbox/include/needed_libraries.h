#ifndef PIPELINE_NEEDED_LIBRARIES_H
#define PIPELINE_NEEDED_LIBRARIES_H

#include <stddef.h>

/// The shared libraries the ELF file `library` needs that the dynamic loader finds through a
/// RUNPATH or RPATH (with $ORIGIN) rather than in the system's folders: a Swift plugin's runtime
/// in the toolchain, a library shipped beside a plugin. Reads the files' dynamic sections only,
/// running nothing, and follows the libraries found to the ones they need, as the loader searches
/// (a RUNPATH for its own object's names; an RPATH of `library`'s, without a RUNPATH, for its
/// libraries' too). Only regular files holding a 64-bit shared object for this machine count.
/// Calls `found` with each one open (`fd`, the descriptor that was checked, closed after the
/// call) and its path, at most `limit` of them, and returns how many it found. A name found
/// nowhere along those paths is left to the loader (a system library, or one missing). The work
/// is bounded: at most 64 folders of a search path and 2048 files looked for in all.
size_t sandbox_needed_libraries(const char *library, void (*found)(int fd, const char *path, void *context),
                                void *context, size_t limit);

#endif
