#ifndef PIPELINE_FONT_LOOKUP_H
#define PIPELINE_FONT_LOOKUP_H

#include <stddef.h>
#include <stdint.h>

/// Finding the font files texts are drawn with through fontconfig (the process's current
/// configuration, which holds the pipeline's own `fonts` as application fonts), and opening
/// them as Cairo FreeType faces. Every answer depends only on the fonts fontconfig has and the
/// arguments: no locale and no rendering settings from fontconfig's configuration reach a face,
/// so frames are byte-identical from run to run and thread to thread.

struct _cairo_font_face;
struct _cairo_scaled_font;

/// One face of a font file.
typedef struct font_location {
    /// The file's path, malloc'd (`font_location_free` frees it).
    char *path;
    /// The face's index in the file (a collection holds several).
    int index;
    /// Whether its glyphs are colour pictures (bitmaps, as Noto Color Emoji's).
    int color;
    /// Whether fontconfig emboldens it for the text (a bold text in a family with no bold face).
    int embolden;
} font_location_t;

/// The face a text asking for `family` (any case), bold or not, gets: the one `fc-match`
/// shows for "family:weight=bold" or "family:weight=medium", roman. Returns 1 when found, 0
/// when fontconfig knows no font at all.
int font_match(const char *family, int bold, font_location_t *found);

/// A face that has every one of the `count` `characters`, for a text asking for `family`
/// whose face lacks them: the pipeline's own fonts first, then the installed ones, each in
/// fontconfig's order of preference for the family and weight (`fc-match -s`); with `emoji`,
/// faces with colour glyphs before all others. Returns 1 when found, 0 when no face has them all.
int font_for_characters(const char *family, int bold, const uint32_t *characters, size_t count, int emoji,
    font_location_t *found);

void font_location_free(font_location_t *location);

/// A Cairo face over face `index` of the file at `path`, read by FreeType. With `color`, the
/// file's embedded bitmaps are drawn (colour emoji have no outlines); otherwise only outlines.
/// Synthetic emboldening with `embolden`. The caller destroys it.
struct _cairo_font_face *font_face_create(const char *path, int index, int color, int embolden);

#endif
