#include "font_check.h"

#include <fontconfig/fontconfig.h>
#include <stdio.h>

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
