#ifndef PIPELINE_FONT_CHECK_H
#define PIPELINE_FONT_CHECK_H

#include <stddef.h>

/// Whether fontconfig has a font of `family` (compared without case), as a text asking for it
/// gets; the family it falls back to otherwise goes to `fallback` (of `size` bytes). Returns 1
/// when installed, 0 when not, -1 when fontconfig cannot answer.
int font_family_installed(const char *family, char *fallback, size_t size);

#endif
