#include "text_face.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdlib.h>

struct text_face {
    FT_Library library;
    FT_Face face;
};

text_face_t *text_face_open(const char *path, int index, double size) {
    text_face_t *opened = calloc(1, sizeof *opened);
    if (!opened) return NULL;
    if (FT_Init_FreeType(&opened->library) != 0) {
        free(opened);
        return NULL;
    }
    // The em size as Cairo sets it on its own face: 26.6 pixels at FreeType's 72 dpi default.
    FT_F26Dot6 em = (FT_F26Dot6)(size * 64.0 + .5);
    if (FT_New_Face(opened->library, path, index, &opened->face) != 0 ||
        (FT_IS_SCALABLE(opened->face) && FT_Set_Char_Size(opened->face, em, em, 0, 0) != 0)) {
        if (opened->face) FT_Done_Face(opened->face);
        FT_Done_FreeType(opened->library);
        free(opened);
        return NULL;
    }
    return opened;
}

void text_face_close(text_face_t *face) {
    if (!face) return;
    FT_Done_Face(face->face);
    FT_Done_FreeType(face->library);
    free(face);
}

int text_face_has_character(text_face_t *face, uint32_t character) {
    return face && FT_Get_Char_Index(face->face, character) != 0;
}

void *text_face_freetype(text_face_t *face) { return face ? face->face : NULL; }
