#ifndef PIPELINE_FONT_CHECK_H
#define PIPELINE_FONT_CHECK_H

#include <stddef.h>

/// Whether fontconfig has a font of `family` (compared without case), as a text asking for it
/// gets; the family it falls back to otherwise goes to `fallback` (of `size` bytes). Returns 1
/// when installed, 0 when not, -1 when fontconfig cannot answer.
int font_family_installed(const char *family, char *fallback, size_t size);

/// Adds the font file at `path` to the current configuration's application fonts, so that
/// texts find its families for the rest of the process. Writes "family\tstyle\n" for each face
/// of the file to `faces` (of `size` bytes, cut short when too small). Returns 1 when added,
/// 0 when the file holds no font fontconfig can read. Changes process-wide state: callers
/// serialise calls and make them before any text is laid out.
int font_file_register(const char *path, char *faces, size_t size);

/// Which families `font_families` lists.
typedef enum font_family_set {
    /// Fonts installed on the machine.
    FONT_FAMILY_SET_SYSTEM = 0,
    /// Fonts added with `font_file_register`.
    FONT_FAMILY_SET_APPLICATION = 1,
} font_family_set_t;

/// Writes "family\n" for each font of `set` (its first, unlocalised family name; a family
/// repeats once per style) to `buffer` of `size` bytes, cut short when too small. Returns the
/// bytes the whole list takes, so a caller can ask again with room enough.
size_t font_families(font_family_set_t set, char *buffer, size_t size);

#endif
