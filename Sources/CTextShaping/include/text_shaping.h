#ifndef PIPELINE_TEXT_SHAPING_H
#define PIPELINE_TEXT_SHAPING_H

#include <stddef.h>
#include <stdint.h>

#include "text_face.h"

/// Bidirectional analysis (FriBidi) and shaping (HarfBuzz) of paragraphs of text, in every
/// script: runs of one direction, script and font shaped into glyphs that keep their clusters
/// (UTF-8 byte offsets into the text). Every function is a pure function of its arguments and
/// the font file: no locale, no environment, so frames are byte-identical from run to run and
/// thread to thread.

struct _cairo_scaled_font;

/// The paragraph direction `text_analyse_paragraph` is asked for.
typedef enum text_direction {
    /// From the paragraph's first strong character (left to right when it has none).
    TEXT_DIRECTION_AUTO = 0,
    TEXT_DIRECTION_LEFT_TO_RIGHT = 1,
    TEXT_DIRECTION_RIGHT_TO_LEFT = 2,
} text_direction_t;

/// The bidi embedding level (Unicode's bidi algorithm up to rule I2) and the script (an
/// `hb_script_t`; common and inherited characters such as spaces, digits and marks take the
/// script of the text before them, or after them at the start) of each of the `count` code
/// points of the UTF-8 paragraph `text` of `length` bytes, written to `levels` and `scripts`
/// (`count` entries each; `count` must be the number of code points). Returns 1 when the
/// paragraph reads from right to left, 0 when from left to right, -1 when memory runs out.
int text_analyse_paragraph(
    const char *text, size_t length, text_direction_t direction, uint8_t *levels, uint32_t *scripts, size_t count);

/// A shaped glyph: the font's glyph index, the UTF-8 byte offset in the text of the first
/// character of its cluster, and its offset and advance in pixels (x to the right, y down).
typedef struct shaped_glyph {
    uint32_t index;
    uint32_t cluster;
    double x_offset;
    double y_offset;
    double x_advance;
} shaped_glyph_t;

/// Shapes the `run_length` bytes at `run_start` of the UTF-8 `text` (`length` bytes, all of it
/// context: letters join across a run's ends) in one direction and `script` (an
/// `hb_script_t`), on `face` (of em size `size`), with the
/// OpenType `features` (HarfBuzz's syntax, "liga=0" or "+smcp", separated by commas; NULL for
/// none). The glyphs, in visual order (right to left runs come out reversed), go to a malloc'd
/// array at `glyphs` the caller frees. Returns their number, or -1 when there is no face or
/// memory runs out. The face is the caller's alone during the call.
int text_shape_run(
    text_face_t *face, double size, const char *text, size_t length, size_t run_start, size_t run_length,
    int right_to_left, uint32_t script, const char *features, shaped_glyph_t **glyphs);

#endif
