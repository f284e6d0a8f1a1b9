/* CRegularFile: opening a file that is named as input (a pipeline, an image, a clip, a sound, a
 * plugin) only when it is a regular file. Opening a FIFO for reading waits for a writer, and a
 * device may never end: either would hang a command on a file an archive or another user left. */
#pragma once

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a file of `mode` is, as messages name it ("a FIFO", "a directory", "a character device",
 * "a block device", "a socket"), or NULL for a regular file. */
const char *regular_file_kind(mode_t mode);

/* Opens `path` for reading, close-on-exec, and returns the descriptor, in blocking mode, once
 * fstat confirms a regular file. It is opened with O_NONBLOCK | O_NOCTTY, so a FIFO or a
 * terminal that takes the place of the file between the check and the open cannot block or
 * become the controlling terminal. Returns -1 when the path is not a regular file, with `*kind`
 * set as regular_file_kind says, or when it cannot be opened, with `*kind` NULL and errno set. */
int regular_file_open(const char *path, const char **kind);

/* Whether `path` can be opened as regular_file_open would: 0 when it can, otherwise -1 with
 * `*kind` and errno as regular_file_open sets them. For readers that open the file themselves
 * (libavformat, dlopen) inside a folder only its owner can change. */
int regular_file_check(const char *path, const char **kind);

#ifdef __cplusplus
}
#endif
