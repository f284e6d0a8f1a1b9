#include "font_check.h"

#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>

int font_family_installed(const char *family, char *fallback, size_t size) {
    if (size > 0) fallback[0] = 0;
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return -1;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) return -1;
    int installed = 0;
    FcChar8 *found = NULL;
    // A font may list several family names (localised ones among them): any may be the one asked for.
    for (int index = 0; FcPatternGetString(match, FC_FAMILY, index, &found) == FcResultMatch; index++) {
        if (index == 0 && size > 0) snprintf(fallback, size, "%s", (const char *)found);
        if (FcStrCmpIgnoreCase(found, (const FcChar8 *)family) == 0) installed = 1;
    }
    FcPatternDestroy(match);
    return installed;
}

/// Appends `text` to `buffer` at `*used`, as far as it fits, and counts it in `*used` either way.
static void append(char *buffer, size_t size, size_t *used, const char *text) {
    size_t length = strlen(text);
    if (*used < size) {
        size_t room = size - *used - 1;
        size_t copied = length < room ? length : room;
        memcpy(buffer + *used, text, copied);
        buffer[*used + copied] = 0;
    }
    *used += length;
}

static const char *string_of(FcPattern *pattern, const char *object) {
    FcChar8 *value = NULL;
    return FcPatternGetString(pattern, object, 0, &value) == FcResultMatch ? (const char *)value : "";
}

int font_file_register(const char *path, char *faces, size_t size) {
    if (size > 0) faces[0] = 0;
    size_t used = 0;
    int count = 0;
    for (int face = 0; face == 0 || face < count; face++) {
        FcPattern *query = FcFreeTypeQuery((const FcChar8 *)path, (unsigned int)face, NULL, &count);
        if (!query) return 0;
        append(faces, size, &used, string_of(query, FC_FAMILY));
        append(faces, size, &used, "\t");
        append(faces, size, &used, string_of(query, FC_STYLE));
        append(faces, size, &used, "\n");
        FcPatternDestroy(query);
    }
    FcConfig *config = FcConfigGetCurrent();
    // Fontconfig rebuilds its configuration when a font folder or configuration file changed and
    // its rescan interval (30 s by default) has passed, dropping every application font: with no
    // rescan, the fonts added stay for the life of the process.
    FcConfigSetRescanInterval(config, 0);
    return FcConfigAppFontAddFile(config, (const FcChar8 *)path) ? 1 : 0;
}

size_t font_families(font_family_set_t set, char *buffer, size_t size) {
    if (size > 0) buffer[0] = 0;
    size_t used = 0;
    FcFontSet *fonts = FcConfigGetFonts(NULL, set == FONT_FAMILY_SET_APPLICATION ? FcSetApplication : FcSetSystem);
    for (int index = 0; fonts && index < fonts->nfont; index++) {
        const char *family = string_of(fonts->fonts[index], FC_FAMILY);
        if (!*family) continue;
        append(buffer, size, &used, family);
        append(buffer, size, &used, "\n");
    }
    return used + 1;
}
