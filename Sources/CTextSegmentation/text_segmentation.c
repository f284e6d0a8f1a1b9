#include "text_segmentation.h"

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

/* The ICU iterator type of a kind. */
static UBreakIteratorType iterator_type(text_segment_kind_t kind) {
    switch (kind) {
    case TEXT_SEGMENT_WORDS: return UBRK_WORD;
    case TEXT_SEGMENT_LINES: return UBRK_LINE;
    default: return UBRK_CHARACTER;
    }
}

/* The flag of a boundary from the status of the rule that found it. A word boundary's status
 * describes the segment before it: UBRK_WORD_NONE's range is spaces and punctuation. */
static uint8_t boundary_flag(text_segment_kind_t kind, int32_t status) {
    switch (kind) {
    case TEXT_SEGMENT_WORDS: return !(status >= UBRK_WORD_NONE && status < UBRK_WORD_NONE_LIMIT);
    case TEXT_SEGMENT_LINES: return status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
    default: return 0;
    }
}

/* Appends a boundary, growing the arrays as needed. Returns 0 when memory runs out. */
static int append(text_segments_t *segments, int32_t *capacity, int32_t offset, uint8_t flag) {
    if (segments->count == *capacity) {
        int32_t grown = *capacity * 2;
        int32_t *offsets = realloc(segments->offsets, (size_t)grown * sizeof *offsets);
        if (offsets == NULL) return 0;
        segments->offsets = offsets;
        uint8_t *flags = realloc(segments->flags, (size_t)grown * sizeof *flags);
        if (flags == NULL) return 0;
        segments->flags = flags;
        *capacity = grown;
    }
    segments->offsets[segments->count] = offset;
    segments->flags[segments->count] = flag;
    segments->count += 1;
    return 1;
}

/* Walks the iterator over the whole text, appending every boundary after 0. */
static int collect(UBreakIterator *iterator, text_segment_kind_t kind, text_segments_t *segments,
                   int32_t *capacity) {
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        if (!append(segments, capacity, offset, boundary_flag(kind, ubrk_getRuleStatus(iterator)))) return 0;
    }
    return 1;
}

int text_segment(const char *text, int32_t length, text_segment_kind_t kind, text_segments_t *segments) {
    *segments = (text_segments_t){0};
    int32_t capacity = 16;
    segments->offsets = malloc((size_t)capacity * sizeof *segments->offsets);
    segments->flags = malloc((size_t)capacity * sizeof *segments->flags);
    int ok = segments->offsets != NULL && segments->flags != NULL && append(segments, &capacity, 0, 0);
    if (ok && length > 0) {
        UErrorCode status = U_ZERO_ERROR;
        UText *utext = utext_openUTF8(NULL, text, length, &status);
        /* Root rules: no locale's tailoring, whatever the environment says. */
        UBreakIterator *iterator = ubrk_open(iterator_type(kind), "", NULL, 0, &status);
        if (U_SUCCESS(status)) ubrk_setUText(iterator, utext, &status);
        ok = U_SUCCESS(status) && collect(iterator, kind, segments, &capacity);
        ubrk_close(iterator);
        utext_close(utext);
    }
    if (!ok) text_segments_free(segments);
    return ok;
}

void text_segments_free(text_segments_t *segments) {
    free(segments->offsets);
    free(segments->flags);
    *segments = (text_segments_t){0};
}
