/*
 * text_segmentation.h — Unicode text segmentation through ICU's break iterators: grapheme
 * clusters and words (UAX #29) and line-break opportunities (UAX #14, with ICU's dictionaries
 * for Thai, Lao, Khmer and Burmese). Text is UTF-8 and every boundary is a UTF-8 byte offset.
 * The rules are ICU's root locale's, so results never depend on the environment. Each call
 * opens its own iterator: any thread may call any function at any time.
 */
#ifndef PIPELINE_TEXT_SEGMENTATION_H
#define PIPELINE_TEXT_SEGMENTATION_H

#include <stdint.h>

/// Which boundaries `text_segment` finds.
typedef enum text_segment_kind {
    /// Grapheme cluster boundaries (extended grapheme clusters). `flags` are all 0.
    TEXT_SEGMENT_GRAPHEMES = 0,
    /// Word boundaries. The flag of a boundary is 1 when the segment that ends there is a word
    /// (letters, numbers, kana or ideographs) and 0 when it is spaces or punctuation.
    TEXT_SEGMENT_WORDS = 1,
    /// Line-break opportunities: a line may end at each boundary. The flag of a boundary is 1
    /// when the break is mandatory (after a newline or another hard line break) and 0 when it
    /// is only allowed.
    TEXT_SEGMENT_LINES = 2,
} text_segment_kind_t;

/// Boundaries found by `text_segment`, in ascending order. The first is always 0 and the last
/// the text's length; `count` is at least 1 (a single 0 for an empty text).
typedef struct text_segments {
    /// UTF-8 byte offsets into the text, `count` of them.
    int32_t *offsets;
    /// One flag per offset, as `text_segment_kind_t` describes; the flag of offset 0 is 0.
    uint8_t *flags;
    int32_t count;
} text_segments_t;

/// Finds the boundaries of `kind` in `text` (`length` bytes of valid UTF-8, no terminator
/// needed) and stores them in `segments`, in arrays allocated with malloc that the caller
/// releases with `text_segments_free`. Returns 1 on success; 0 when ICU fails or memory runs
/// out, and then `segments` holds no arrays.
int text_segment(const char *text, int32_t length, text_segment_kind_t kind, text_segments_t *segments);

/// Releases the arrays of `segments` (filled by `text_segment`) and empties it.
void text_segments_free(text_segments_t *segments);

#endif
