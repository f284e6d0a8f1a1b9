#include "font_lookup.h"

#include <cairo-ft.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>

/// The pattern a text asking for `family` makes, as Cairo's own font selection makes it.
static FcPattern *text_pattern(const char *family, int bold) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_MEDIUM);
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    return pattern;
}

/// Fills `found` from a font fontconfig prepared for the text's pattern.
static int locate(FcPattern *prepared, font_location_t *found) {
    FcChar8 *path = NULL;
    if (FcPatternGetString(prepared, FC_FILE, 0, &path) != FcResultMatch) return 0;
    int index = 0, color = 0, embolden = 0;
    FcPatternGetInteger(prepared, FC_INDEX, 0, &index);
    FcBool value = FcFalse;
    if (FcPatternGetBool(prepared, FC_COLOR, 0, &value) == FcResultMatch) color = value;
    if (FcPatternGetBool(prepared, FC_EMBOLDEN, 0, &value) == FcResultMatch) embolden = value;
    found->path = strdup((const char *)path);
    found->index = index;
    found->color = color;
    found->embolden = embolden;
    return found->path != NULL;
}

int font_match(const char *family, int bold, font_location_t *found) {
    memset(found, 0, sizeof *found);
    FcPattern *pattern = text_pattern(family, bold);
    if (!pattern) return 0;
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) return 0;
    int located = locate(match, found);
    FcPatternDestroy(match);
    return located;
}

/// Whether `font` has every character.
static int covers(FcPattern *font, const uint32_t *characters, size_t count) {
    FcCharSet *set = NULL;
    if (FcPatternGetCharSet(font, FC_CHARSET, 0, &set) != FcResultMatch) return 0;
    for (size_t index = 0; index < count; index++) {
        if (!FcCharSetHasChar(set, characters[index])) return 0;
    }
    return 1;
}

static int is_color(FcPattern *font) {
    FcBool color = FcFalse;
    return FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color;
}

/// The first font of `set` sorted for `pattern` that has the characters (a colour one with
/// `color_only`), prepared for the pattern into `found`.
static int search(FcFontSet *set, FcPattern *pattern, const uint32_t *characters, size_t count, int color_only,
    font_location_t *found) {
    if (!set || set->nfont == 0) return 0;
    FcResult result = FcResultNoMatch;
    FcFontSet *sets[] = {set};
    FcFontSet *sorted = FcFontSetSort(NULL, sets, 1, pattern, FcFalse, NULL, &result);
    if (!sorted) return 0;
    int located = 0;
    for (int index = 0; index < sorted->nfont && !located; index++) {
        FcPattern *font = sorted->fonts[index];
        if (color_only && !is_color(font)) continue;
        if (!covers(font, characters, count)) continue;
        FcPattern *prepared = FcFontRenderPrepare(NULL, pattern, font);
        if (!prepared) continue;
        located = locate(prepared, found);
        FcPatternDestroy(prepared);
    }
    FcFontSetDestroy(sorted);
    return located;
}

int font_for_characters(const char *family, int bold, const uint32_t *characters, size_t count, int emoji,
    font_location_t *found) {
    memset(found, 0, sizeof *found);
    FcPattern *pattern = text_pattern(family, bold);
    if (!pattern) return 0;
    FcFontSet *application = FcConfigGetFonts(NULL, FcSetApplication);
    FcFontSet *system = FcConfigGetFonts(NULL, FcSetSystem);
    int located = 0;
    for (int color_only = emoji; color_only >= 0 && !located; color_only--) {
        located = search(application, pattern, characters, count, color_only, found)
            || search(system, pattern, characters, count, color_only, found);
    }
    FcPatternDestroy(pattern);
    return located;
}

void font_location_free(font_location_t *location) {
    free(location->path);
    location->path = NULL;
}

struct _cairo_font_face *font_face_create(const char *path, int index, int color, int embolden) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    // Only the file, the face and what the face needs to be drawn at all: rendering settings
    // (hinting, antialiasing) come from the text's font options alone.
    FcPatternAddString(pattern, FC_FILE, (const FcChar8 *)path);
    FcPatternAddInteger(pattern, FC_INDEX, index);
    // Cairo loads bitmaps only when told to; a colour font has nothing else.
    FcPatternAddBool(pattern, FC_EMBEDDED_BITMAP, color ? FcTrue : FcFalse);
    if (embolden) FcPatternAddBool(pattern, FC_EMBOLDEN, FcTrue);
    cairo_font_face_t *face = cairo_ft_font_face_create_for_pattern(pattern);
    FcPatternDestroy(pattern);
    return face;
}
