#ifndef PIPELINE_TEXT_SHAPING_H
#define PIPELINE_TEXT_SHAPING_H

#include <stddef.h>

/// Bidirectional reordering (FriBidi) and shaping (HarfBuzz) of lines of text, for the scripts
/// whose glyphs are not one per character in reading order: Hebrew, Arabic, Indic and others.
/// Texts in the scripts Cairo's glyph lookup handles keep it, so their frames stay as they were.
/// Every function is a pure function of its arguments and the font file: no locale, no
/// environment, so frames are byte-identical from run to run and thread to thread.

struct _cairo_scaled_font;

/// A glyph placed on a line: the font's glyph index and its origin, in the same layout as
/// Cairo's `cairo_glyph_t`.
typedef struct shaped_glyph {
    unsigned long index;
    double x;
    double y;
} shaped_glyph_t;

/// Whether the UTF-8 `text` of `length` bytes needs shaping: it holds a right-to-left
/// character, or one of a script other than Latin, Greek, Cyrillic, Han, Hiragana, Katakana,
/// Bopomofo and Hangul (common and inherited characters go with any).
int text_needs_shaping(const char *text, size_t length);

/// Whether the paragraph `text` reads from right to left: its first strong character does.
int text_is_right_to_left(const char *text, size_t length);

/// Lays out one line of `text` on `font` (a FreeType scaled font of em size `size`, no
/// rotation), in the paragraph direction given: reordered for display (Unicode's bidi
/// algorithm), each run shaped in its script and direction. The pen starts at (`x`, `y`), the
/// left end of the baseline; the line's width goes to `advance`. With `glyphs` non-null, a
/// malloc'd array of the glyphs in drawing order goes there (the caller frees it). Returns the
/// number of glyphs, or -1 when the font is not a FreeType font or memory runs out.
int text_shape_line(
    struct _cairo_scaled_font *font, double size, const char *text, size_t length, int right_to_left, double x,
    double y, shaped_glyph_t **glyphs, double *advance);

#endif
