/*
 * library_loader.h — opening one of pipeline's own shared libraries on first use.
 *
 * Some of the host's C code links libraries that pull in dozens more (libav for video, librsvg
 * and its GLib stack for SVG, rlottie): linked into the executable, loading and relocating them
 * would cost every command milliseconds at start, whether or not its pipeline uses them. Such
 * code is built into a library of its own (`make plugins` puts it beside the executable; `make
 * install` in <prefix>/lib/pipeline) and opened here the first time it is needed.
 */
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The file holding pipeline's code in this process, symbolic links resolved: libpipeline.so when
 * pipeline runs as a library inside another program (returns 1), else this process's executable
 * (returns 0); -1 and "" when neither can be found. */
int pipeline_code_file(char *path, size_t size);

/* Opens library `file` (a file name such as "libpipeline-video.so") with RTLD_NOW | RTLD_LOCAL:
 * the file the environment variable `variable` names when it is set and not empty; otherwise
 * the first of `file`, ../lib/pipeline/`file` and pipeline/`file` beside the file holding
 * pipeline's code (pipeline_code_file) that exists. On failure returns NULL and writes into `failure` (`size` bytes) why, starting with
 * "`what` is unavailable: " and naming the files it looked for. */
void *pipeline_library_open(const char *file, const char *variable, const char *what, char *failure, size_t size);

#ifdef __cplusplus
}
#endif
