#include "text_shaping.h"

#include <cairo-ft.h>
#include <cairo.h>
#include <fribidi.h>
#include <hb-ft.h>
#include <hb-ot.h>
#include <hb.h>
#include <stdlib.h>

/// Scripts whose text Cairo draws one glyph per character in reading order.
static int is_simple_script(hb_script_t script) {
    switch (script) {
    case HB_SCRIPT_COMMON:
    case HB_SCRIPT_INHERITED:
    case HB_SCRIPT_LATIN:
    case HB_SCRIPT_GREEK:
    case HB_SCRIPT_CYRILLIC:
    case HB_SCRIPT_HAN:
    case HB_SCRIPT_HIRAGANA:
    case HB_SCRIPT_KATAKANA:
    case HB_SCRIPT_BOPOMOFO:
    case HB_SCRIPT_HANGUL: return 1;
    default: return 0;
    }
}

/// The code points of UTF-8 `text`, malloc'd; their number goes to `count`.
static FriBidiChar *decode(const char *text, size_t length, FriBidiStrIndex *count) {
    FriBidiChar *characters = malloc((length + 1) * sizeof *characters);
    if (!characters) return NULL;
    *count = fribidi_charset_to_unicode(FRIBIDI_CHAR_SET_UTF8, text, (FriBidiStrIndex)length, characters);
    return characters;
}

int text_needs_shaping(const char *text, size_t length) {
    FriBidiStrIndex count = 0;
    FriBidiChar *characters = decode(text, length, &count);
    if (!characters) return 0;
    hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
    int needed = 0;
    for (FriBidiStrIndex index = 0; index < count && !needed; index++) {
        needed = FRIBIDI_IS_RTL(fribidi_get_bidi_type(characters[index]))
            || !is_simple_script(hb_unicode_script(unicode, characters[index]));
    }
    free(characters);
    return needed;
}

int text_is_right_to_left(const char *text, size_t length) {
    FriBidiStrIndex count = 0;
    FriBidiChar *characters = decode(text, length, &count);
    FriBidiCharType *types = characters ? malloc((count + 1) * sizeof *types) : NULL;
    int right_to_left = 0;
    if (types) {
        fribidi_get_bidi_types(characters, count, types);
        right_to_left = fribidi_get_par_direction(types, count) == FRIBIDI_PAR_RTL;
    }
    free(types);
    free(characters);
    return right_to_left;
}

/// A stretch of a line in one embedding level and one script, shaped as one HarfBuzz buffer.
typedef struct run {
    FriBidiStrIndex start;
    FriBidiStrIndex length;
    FriBidiLevel level;
    hb_script_t script;
} run_t;

/// Each character's script, with common and inherited characters (spaces, digits, punctuation,
/// marks) taking the script of the text before them, or at the start of the one after them.
static void resolve_scripts(const FriBidiChar *characters, FriBidiStrIndex count, hb_script_t *scripts) {
    hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
    hb_script_t last = HB_SCRIPT_INVALID;
    for (FriBidiStrIndex index = 0; index < count; index++) {
        hb_script_t script = hb_unicode_script(unicode, characters[index]);
        if (script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED) last = script;
        scripts[index] = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED ? last : script;
    }
    for (FriBidiStrIndex index = count; index-- > 0;) {
        if (scripts[index] != HB_SCRIPT_INVALID) last = scripts[index];
        else scripts[index] = last == HB_SCRIPT_INVALID ? HB_SCRIPT_COMMON : last;
    }
}

/// Splits the line into runs of one level and script, in logical order; returns their number.
static int split_runs(const FriBidiLevel *levels, const hb_script_t *scripts, FriBidiStrIndex count, run_t *runs) {
    int found = 0;
    for (FriBidiStrIndex index = 0; index < count; index++) {
        if (found > 0 && runs[found - 1].level == levels[index] && runs[found - 1].script == scripts[index]) {
            runs[found - 1].length++;
        } else {
            runs[found++] = (run_t){.start = index, .length = 1, .level = levels[index], .script = scripts[index]};
        }
    }
    return found;
}

/// Puts the runs in display order (rule L2): from the highest level down to the lowest odd
/// one, every sequence of runs at that level or above is reversed.
static void reorder_runs(run_t *runs, int count) {
    FriBidiLevel highest = 0, lowest_odd = 127;
    for (int index = 0; index < count; index++) {
        if (runs[index].level > highest) highest = runs[index].level;
        if ((runs[index].level & 1) && runs[index].level < lowest_odd) lowest_odd = runs[index].level;
    }
    for (FriBidiLevel level = highest; level >= lowest_odd && level > 0; level--) {
        for (int start = 0; start < count;) {
            if (runs[start].level < level) {
                start++;
                continue;
            }
            int end = start;
            while (end < count && runs[end].level >= level) end++;
            for (int a = start, b = end - 1; a < b; a++, b--) {
                run_t swapped = runs[a];
                runs[a] = runs[b];
                runs[b] = swapped;
            }
            start = end;
        }
    }
}

/// The pen position and output of one line being laid out.
typedef struct pen {
    double x, y, scale;
    shaped_glyph_t *glyphs;
    int count, capacity;
} pen_t;

static int place(pen_t *pen, hb_buffer_t *buffer) {
    unsigned int count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    if (pen->count + (int)count > pen->capacity) {
        int capacity = (pen->count + (int)count) * 2;
        shaped_glyph_t *grown = realloc(pen->glyphs, (size_t)capacity * sizeof *grown);
        if (!grown) return 0;
        pen->glyphs = grown;
        pen->capacity = capacity;
    }
    for (unsigned int index = 0; index < count; index++) {
        // HarfBuzz's y axis points up, Cairo's down.
        pen->glyphs[pen->count++] = (shaped_glyph_t){
            .index = infos[index].codepoint,
            .x = pen->x + positions[index].x_offset * pen->scale,
            .y = pen->y - positions[index].y_offset * pen->scale,
        };
        pen->x += positions[index].x_advance * pen->scale;
    }
    return 1;
}

/// Shapes each run, in display order, with `font` at its design units.
static int shape_runs(
    hb_font_t *font, const FriBidiChar *characters, FriBidiStrIndex count, const run_t *runs, int run_count,
    pen_t *pen) {
    hb_buffer_t *buffer = hb_buffer_create();
    // A fixed language: HarfBuzz would otherwise take the process's locale.
    hb_language_t language = hb_language_from_string("und", -1);
    int placed = 1;
    for (int index = 0; index < run_count && placed; index++) {
        hb_buffer_clear_contents(buffer);
        // The whole line is context, so letters join across a run's ends as they should.
        hb_buffer_add_utf32(buffer, characters, count, (unsigned int)runs[index].start, runs[index].length);
        hb_buffer_set_direction(buffer, (runs[index].level & 1) ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
        hb_buffer_set_script(buffer, runs[index].script);
        hb_buffer_set_language(buffer, language);
        hb_shape(font, buffer, NULL, 0);
        placed = place(pen, buffer);
    }
    hb_buffer_destroy(buffer);
    return placed;
}

/// The line's levels, scripts and runs in display order, shaped on the locked face.
static int lay_out(
    FT_Face face, const FriBidiChar *characters, FriBidiStrIndex count, int right_to_left, pen_t *pen) {
    FriBidiCharType *types = malloc((count + 1) * sizeof *types);
    FriBidiBracketType *brackets = malloc((count + 1) * sizeof *brackets);
    FriBidiLevel *levels = malloc((count + 1) * sizeof *levels);
    hb_script_t *scripts = malloc((count + 1) * sizeof *scripts);
    run_t *runs = malloc((count + 1) * sizeof *runs);
    int done = 0;
    if (types && brackets && levels && scripts && runs) {
        fribidi_get_bidi_types(characters, count, types);
        fribidi_get_bracket_types(characters, count, types, brackets);
        FriBidiParType direction = right_to_left ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
        if (fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, levels) > 0) {
            resolve_scripts(characters, count, scripts);
            int run_count = split_runs(levels, scripts, count, runs);
            reorder_runs(runs, run_count);
            hb_face_t *hb_face = hb_ft_face_create_referenced(face);
            hb_font_t *font = hb_font_create(hb_face);
            // Design units, scaled here: positions are exact, with no rounding to the font's pixel grid.
            unsigned int units = hb_face_get_upem(hb_face);
            hb_font_set_scale(font, (int)units, (int)units);
            hb_ot_font_set_funcs(font);
            pen->scale /= units;
            done = shape_runs(font, characters, count, runs, run_count, pen);
            hb_font_destroy(font);
            hb_face_destroy(hb_face);
        }
    }
    free(runs);
    free(scripts);
    free(levels);
    free(brackets);
    free(types);
    return done;
}

int text_shape_line(
    struct _cairo_scaled_font *font, double size, const char *text, size_t length, int right_to_left, double x,
    double y, shaped_glyph_t **glyphs, double *advance) {
    if (glyphs) *glyphs = NULL;
    *advance = 0;
    if (cairo_scaled_font_get_type(font) != CAIRO_FONT_TYPE_FT) return -1;
    FriBidiStrIndex count = 0;
    FriBidiChar *characters = decode(text, length, &count);
    if (!characters) return -1;
    if (count == 0) {
        free(characters);
        return 0;
    }
    pen_t pen = {.x = x, .y = y, .scale = size};
    // The face is shared by every scaled font of its file: it is used only while locked.
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    int done = face && lay_out(face, characters, count, right_to_left, &pen);
    if (face) cairo_ft_scaled_font_unlock_face(font);
    free(characters);
    if (!done) {
        free(pen.glyphs);
        return -1;
    }
    *advance = pen.x - x;
    if (glyphs) *glyphs = pen.glyphs;
    else free(pen.glyphs);
    return pen.count;
}
