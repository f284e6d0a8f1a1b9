#include "text_shaping.h"
#include "text_face.h"

#include <cairo-ft.h>
#include <cairo.h>
#include <fribidi.h>
#include <hb-ft.h>
#include <hb-ot.h>
#include <hb.h>
#include <stdlib.h>
#include <string.h>

/// Each character's script, with common and inherited characters (spaces, digits, punctuation,
/// marks) taking the script of the text before them, or at the start of the one after them.
static void resolve_scripts(const FriBidiChar *characters, FriBidiStrIndex count, uint32_t *scripts) {
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

int text_analyse_paragraph(
    const char *text, size_t length, text_direction_t direction, uint8_t *levels, uint32_t *scripts, size_t count) {
    if (count == 0) return direction == TEXT_DIRECTION_RIGHT_TO_LEFT;
    FriBidiChar *characters = malloc((count + 1) * sizeof *characters);
    FriBidiCharType *types = malloc((count + 1) * sizeof *types);
    FriBidiBracketType *brackets = malloc((count + 1) * sizeof *brackets);
    FriBidiLevel *resolved = malloc((count + 1) * sizeof *resolved);
    int right_to_left = -1;
    if (characters && types && brackets && resolved) {
        FriBidiStrIndex decoded =
            fribidi_charset_to_unicode(FRIBIDI_CHAR_SET_UTF8, text, (FriBidiStrIndex)length, characters);
        if ((size_t)decoded == count) {
            fribidi_get_bidi_types(characters, decoded, types);
            fribidi_get_bracket_types(characters, decoded, types, brackets);
            FriBidiParType paragraph = direction == TEXT_DIRECTION_RIGHT_TO_LEFT ? FRIBIDI_PAR_RTL
                : direction == TEXT_DIRECTION_LEFT_TO_RIGHT                   ? FRIBIDI_PAR_LTR
                                                                              : FRIBIDI_PAR_ON;
            if (fribidi_get_par_embedding_levels_ex(types, brackets, decoded, &paragraph, resolved) > 0) {
                for (size_t index = 0; index < count; index++) levels[index] = resolved[index];
                resolve_scripts(characters, decoded, scripts);
                right_to_left = FRIBIDI_IS_RTL(paragraph) ? 1 : 0;
            }
        }
    }
    free(resolved);
    free(brackets);
    free(types);
    free(characters);
    return right_to_left;
}

/// Adds the features of `list` ("a,b,…") to `features` (room for `capacity`); returns their number.
static unsigned int parse_features(const char *list, hb_feature_t *features, unsigned int capacity) {
    unsigned int count = 0;
    for (const char *start = list; start && *start && count < capacity;) {
        const char *end = strchr(start, ',');
        int length = end ? (int)(end - start) : -1;
        if (hb_feature_from_string(start, length, &features[count])) count++;
        start = end ? end + 1 : NULL;
    }
    return count;
}

/// Shapes the run on the locked face at its design units, then scales to pixels.
static int shape(
    FT_Face face, double size, const char *text, size_t length, size_t run_start, size_t run_length,
    int right_to_left, uint32_t script, const char *features, shaped_glyph_t **glyphs) {
    hb_face_t *hb_face = hb_ft_face_create_referenced(face);
    hb_font_t *font = hb_font_create(hb_face);
    // Design units, scaled here: positions are exact, with no rounding to the font's pixel grid.
    unsigned int units = hb_face_get_upem(hb_face);
    hb_font_set_scale(font, (int)units, (int)units);
    hb_ot_font_set_funcs(font);
    hb_buffer_t *buffer = hb_buffer_create();
    // The whole text is context, so letters join across a run's ends as they should.
    hb_buffer_add_utf8(buffer, text, (int)length, (unsigned int)run_start, (int)run_length);
    hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, (hb_script_t)script);
    // A fixed language: HarfBuzz would otherwise take the process's locale.
    hb_buffer_set_language(buffer, hb_language_from_string("und", -1));
    hb_feature_t parsed[64];
    unsigned int feature_count = parse_features(features, parsed, 64);
    hb_shape(font, buffer, feature_count ? parsed : NULL, feature_count);
    unsigned int count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    shaped_glyph_t *shaped = malloc((count + 1) * sizeof *shaped);
    double scale = size / units;
    for (unsigned int index = 0; shaped && index < count; index++) {
        // HarfBuzz's y axis points up, Cairo's down.
        shaped[index] = (shaped_glyph_t){
            .index = infos[index].codepoint,
            .cluster = infos[index].cluster,
            .x_offset = positions[index].x_offset * scale,
            .y_offset = -positions[index].y_offset * scale,
            .x_advance = positions[index].x_advance * scale,
        };
    }
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(hb_face);
    *glyphs = shaped;
    return shaped ? (int)count : -1;
}

int text_shape_run(
    text_face_t *text_face, double size, const char *text, size_t length, size_t run_start, size_t run_length,
    int right_to_left, uint32_t script, const char *features, shaped_glyph_t **glyphs) {
    *glyphs = NULL;
    FT_Face face = text_face_freetype(text_face);
    if (!face) return -1;
    return shape(face, size, text, length, run_start, run_length, right_to_left, script, features, glyphs);
}
