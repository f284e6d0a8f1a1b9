#ifndef PIPELINE_TEXT_FACE_H
#define PIPELINE_TEXT_FACE_H

#include <stdint.h>

/// A font file's face opened by FreeType in a library of its own, apart from the faces Cairo
/// draws with: shaping, character lookup and rasterising turned glyphs use it, so they never
/// share a face (whose size, transform, glyph slot and stream position are state) with Cairo's
/// drawing on other threads. A face is not safe to use from two threads at once: its user
/// serialises the calls. NULL when FreeType cannot open the face.
typedef struct text_face text_face_t;

text_face_t *text_face_open(const char *path, int index, double size);
void text_face_close(text_face_t *face);

/// Whether the face maps `character` to a glyph.
int text_face_has_character(text_face_t *face, uint32_t character);

/// The face's FreeType face (an FT_Face), for the functions of this module that take one.
void *text_face_freetype(text_face_t *face);

#endif
