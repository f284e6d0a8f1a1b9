/*
 * svg_shapes.c — an SVG document's paths and basic shapes with their resolved style
 * (vector_svg_shapes in vector_graphics.h), read through libxml2 for shape layers.
 */
#define _GNU_SOURCE
#include "vector_graphics.h"

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SVG_NAMESPACE "http://www.w3.org/2000/svg"
#define XLINK_NAMESPACE "http://www.w3.org/1999/xlink"

/* A <use> of a <use> can multiply the work at each level: these bound it. */
enum { MAX_SHAPES = 100000, MAX_VISITS = 200000, MAX_USE_DEPTH = 32, MAX_DASHES = 64 };

typedef enum { PAINT_NONE, PAINT_COLOR, PAINT_CURRENT } paint_kind;

typedef struct {
    paint_kind kind;
    double rgba[4];
} paint_t;

typedef struct {
    paint_t fill, stroke;
    double color[4];
    /* opacity: the element's own times every ancestor's. */
    double fill_opacity, stroke_opacity, opacity;
    int fill_rule, line_cap, line_join, hidden;
    double stroke_width, miter_limit, dash_offset;
    double dashes[MAX_DASHES];
    size_t dash_count;
} style_t;

/* An id and its element; `order` keeps the first in document order first among equal ids. */
typedef struct {
    char *id;
    const xmlNode *node;
    size_t order;
} id_entry_t;

typedef struct {
    const xmlNode *root;
    /* The root has no namespace: its children without one are SVG's too. */
    int bare;
    vector_svg_shape_t *shapes;
    size_t count, capacity;
    char **warnings, **keys;
    size_t warning_count, warning_capacity;
    char *error;
    size_t visits;
    /* The viewport percentages refer to; 0 × 0 when the document gives no size. */
    double viewport_width, viewport_height;
    const xmlNode *uses[MAX_USE_DEPTH];
    size_t use_depth;
    /* Every id, sorted, made at the first <use>. */
    id_entry_t *ids;
    size_t id_count, id_capacity;
    int indexed;
} reader_t;

static void fail(reader_t *reader, const char *format, ...) {
    if (reader->error) return;
    va_list arguments;
    va_start(arguments, format);
    if (vasprintf(&reader->error, format, arguments) < 0) reader->error = strdup("out of memory");
    va_end(arguments);
}

/* One warning per kind (`key`): the first element of a kind is named, with its line. */
static void warn(reader_t *reader, const char *key, int line, const char *format, ...) {
    for (size_t index = 0; index < reader->warning_count; index++) {
        if (strcmp(reader->keys[index], key) == 0) return;
    }
    if (reader->warning_count == reader->warning_capacity) {
        size_t capacity = reader->warning_capacity ? reader->warning_capacity * 2 : 8;
        char **warnings = realloc(reader->warnings, capacity * sizeof *warnings);
        if (warnings) reader->warnings = warnings;
        char **keys = realloc(reader->keys, capacity * sizeof *keys);
        if (keys) reader->keys = keys;
        if (!warnings || !keys) return fail(reader, "out of memory");
        reader->warning_capacity = capacity;
    }
    char *body = NULL, *message = NULL, *copy = strdup(key);
    va_list arguments;
    va_start(arguments, format);
    int written = vasprintf(&body, format, arguments);
    va_end(arguments);
    if (written < 0 || !copy || asprintf(&message, "line %d: %s", line, body) < 0) {
        free(body), free(copy);
        return fail(reader, "out of memory");
    }
    free(body);
    reader->keys[reader->warning_count] = copy;
    reader->warnings[reader->warning_count++] = message;
}

static int line_of(const xmlNode *node) { return (int)xmlGetLineNo(node); }

static const char *name_of(const xmlNode *node) { return (const char *)node->name; }

/* ---- text: numbers, lengths, colours, transforms ---- */

static int is_space(char character) {
    return character == ' ' || character == '\t' || character == '\n' || character == '\r' || character == '\f';
}

static const char *skip_spaces(const char *text) {
    while (is_space(*text)) text++;
    return text;
}

/* Whitespace, then at most one comma and the whitespace after it. */
static const char *skip_separator(const char *text) {
    text = skip_spaces(text);
    if (*text == ',') text = skip_spaces(text + 1);
    return text;
}

/* A number as SVG writes it (sign, digits, fraction, exponent) at `*cursor`, read in the C
 * locale whatever the process's; the cursor moves past it. */
static int scan_number(const char **cursor, double *value) {
    const char *start = skip_spaces(*cursor), *at = start;
    if (*at == '+' || *at == '-') at++;
    int digits = 0;
    while (*at >= '0' && *at <= '9') at++, digits++;
    if (*at == '.') {
        at++;
        while (*at >= '0' && *at <= '9') at++, digits++;
    }
    if (digits == 0) return 0;
    if (*at == 'e' || *at == 'E') {
        const char *exponent = at + 1;
        if (*exponent == '+' || *exponent == '-') exponent++;
        if (*exponent >= '0' && *exponent <= '9') {
            while (*exponent >= '0' && *exponent <= '9') exponent++;
            at = exponent;
        }
    }
    char buffer[128];
    size_t length = (size_t)(at - start);
    if (length >= sizeof buffer) return 0;
    memcpy(buffer, start, length);
    buffer[length] = '\0';
    *value = strtod(buffer, NULL);
    if (!isfinite(*value)) return 0;
    *cursor = at;
    return 1;
}

/* A whole value that is one number. */
static int parse_number(const char *text, double *value) {
    return scan_number(&text, value) && *skip_spaces(text) == '\0';
}

typedef enum { AXIS_X, AXIS_Y, AXIS_DIAGONAL } axis_t;

/* A length in user units: px or none, the absolute units at 96 px an inch, or a percentage of
 * the viewport. 0 for what cannot be read, with a warning that the element is not drawn when
 * `geometry` (a style property's caller warns of its own). */
static int parse_length(reader_t *reader, const xmlNode *node, const char *attribute, const char *text,
                        axis_t axis, int geometry, double *value) {
    const char *cursor = text;
    double number;
    if (!scan_number(&cursor, &number)) goto invalid;
    const char *unit = cursor;
    while ((*cursor >= 'a' && *cursor <= 'z') || (*cursor >= 'A' && *cursor <= 'Z') || *cursor == '%') cursor++;
    size_t unit_length = (size_t)(cursor - unit);
    if (*skip_spaces(cursor) != '\0') goto invalid;
    static const struct {
        const char *name;
        double pixels;
    } units[] = {{"px", 1}, {"pt", 4.0 / 3.0}, {"pc", 16}, {"in", 96}, {"cm", 96 / 2.54}, {"mm", 96 / 25.4}};
    if (unit_length == 0) return *value = number, 1;
    for (size_t index = 0; index < sizeof units / sizeof *units; index++) {
        if (unit_length == 2 && strncasecmp(unit, units[index].name, 2) == 0) {
            return *value = number * units[index].pixels, 1;
        }
    }
    if (unit_length == 1 && *unit == '%') {
        double width = reader->viewport_width, height = reader->viewport_height;
        if (width <= 0 || height <= 0) {
            if (geometry) warn(reader, "percent", line_of(node),
                 "<%s> has %s=\"%s\", a percentage of a document without a size; the element is not drawn "
                 "(give the root <svg> a width and height or a viewBox)",
                 name_of(node), attribute, text);
            return 0;
        }
        double base = axis == AXIS_X ? width : axis == AXIS_Y ? height : sqrt((width * width + height * height) / 2);
        return *value = number * base / 100, 1;
    }
    if (!geometry) return 0;
    char key[48];
    snprintf(key, sizeof key, "unit %.*s", (int)(unit_length < 16 ? unit_length : 16), unit);
    warn(reader, key, line_of(node),
         "<%s> has %s=\"%s\" in %.*s, a unit shape SVGs do not support; the element is not drawn (write it in px)",
         name_of(node), attribute, text, (int)unit_length, unit);
    return 0;
invalid:
    if (geometry) {
        warn(reader, attribute, line_of(node), "<%s> has %s=\"%s\", which is not a length; the element is not drawn",
             name_of(node), attribute, text);
    }
    return 0;
}

/* The 147 colour keywords of SVG 1.1, sorted for bsearch. */
static const struct colour_name {
    const char *name;
    uint32_t rgb;
} colour_names[] = {
    {"aliceblue", 0xf0f8ff}, {"antiquewhite", 0xfaebd7}, {"aqua", 0x00ffff}, {"aquamarine", 0x7fffd4},
    {"azure", 0xf0ffff}, {"beige", 0xf5f5dc}, {"bisque", 0xffe4c4}, {"black", 0x000000},
    {"blanchedalmond", 0xffebcd}, {"blue", 0x0000ff}, {"blueviolet", 0x8a2be2}, {"brown", 0xa52a2a},
    {"burlywood", 0xdeb887}, {"cadetblue", 0x5f9ea0}, {"chartreuse", 0x7fff00}, {"chocolate", 0xd2691e},
    {"coral", 0xff7f50}, {"cornflowerblue", 0x6495ed}, {"cornsilk", 0xfff8dc}, {"crimson", 0xdc143c},
    {"cyan", 0x00ffff}, {"darkblue", 0x00008b}, {"darkcyan", 0x008b8b}, {"darkgoldenrod", 0xb8860b},
    {"darkgray", 0xa9a9a9}, {"darkgreen", 0x006400}, {"darkgrey", 0xa9a9a9}, {"darkkhaki", 0xbdb76b},
    {"darkmagenta", 0x8b008b}, {"darkolivegreen", 0x556b2f}, {"darkorange", 0xff8c00}, {"darkorchid", 0x9932cc},
    {"darkred", 0x8b0000}, {"darksalmon", 0xe9967a}, {"darkseagreen", 0x8fbc8f}, {"darkslateblue", 0x483d8b},
    {"darkslategray", 0x2f4f4f}, {"darkslategrey", 0x2f4f4f}, {"darkturquoise", 0x00ced1},
    {"darkviolet", 0x9400d3}, {"deeppink", 0xff1493}, {"deepskyblue", 0x00bfff}, {"dimgray", 0x696969},
    {"dimgrey", 0x696969}, {"dodgerblue", 0x1e90ff}, {"firebrick", 0xb22222}, {"floralwhite", 0xfffaf0},
    {"forestgreen", 0x228b22}, {"fuchsia", 0xff00ff}, {"gainsboro", 0xdcdcdc}, {"ghostwhite", 0xf8f8ff},
    {"gold", 0xffd700}, {"goldenrod", 0xdaa520}, {"gray", 0x808080}, {"green", 0x008000},
    {"greenyellow", 0xadff2f}, {"grey", 0x808080}, {"honeydew", 0xf0fff0}, {"hotpink", 0xff69b4},
    {"indianred", 0xcd5c5c}, {"indigo", 0x4b0082}, {"ivory", 0xfffff0}, {"khaki", 0xf0e68c},
    {"lavender", 0xe6e6fa}, {"lavenderblush", 0xfff0f5}, {"lawngreen", 0x7cfc00}, {"lemonchiffon", 0xfffacd},
    {"lightblue", 0xadd8e6}, {"lightcoral", 0xf08080}, {"lightcyan", 0xe0ffff},
    {"lightgoldenrodyellow", 0xfafad2}, {"lightgray", 0xd3d3d3}, {"lightgreen", 0x90ee90},
    {"lightgrey", 0xd3d3d3}, {"lightpink", 0xffb6c1}, {"lightsalmon", 0xffa07a}, {"lightseagreen", 0x20b2aa},
    {"lightskyblue", 0x87cefa}, {"lightslategray", 0x778899}, {"lightslategrey", 0x778899},
    {"lightsteelblue", 0xb0c4de}, {"lightyellow", 0xffffe0}, {"lime", 0x00ff00}, {"limegreen", 0x32cd32},
    {"linen", 0xfaf0e6}, {"magenta", 0xff00ff}, {"maroon", 0x800000}, {"mediumaquamarine", 0x66cdaa},
    {"mediumblue", 0x0000cd}, {"mediumorchid", 0xba55d3}, {"mediumpurple", 0x9370db},
    {"mediumseagreen", 0x3cb371}, {"mediumslateblue", 0x7b68ee}, {"mediumspringgreen", 0x00fa9a},
    {"mediumturquoise", 0x48d1cc}, {"mediumvioletred", 0xc71585}, {"midnightblue", 0x191970},
    {"mintcream", 0xf5fffa}, {"mistyrose", 0xffe4e1}, {"moccasin", 0xffe4b5}, {"navajowhite", 0xffdead},
    {"navy", 0x000080}, {"oldlace", 0xfdf5e6}, {"olive", 0x808000}, {"olivedrab", 0x6b8e23},
    {"orange", 0xffa500}, {"orangered", 0xff4500}, {"orchid", 0xda70d6}, {"palegoldenrod", 0xeee8aa},
    {"palegreen", 0x98fb98}, {"paleturquoise", 0xafeeee}, {"palevioletred", 0xdb7093}, {"papayawhip", 0xffefd5},
    {"peachpuff", 0xffdab9}, {"peru", 0xcd853f}, {"pink", 0xffc0cb}, {"plum", 0xdda0dd},
    {"powderblue", 0xb0e0e6}, {"purple", 0x800080}, {"red", 0xff0000}, {"rosybrown", 0xbc8f8f},
    {"royalblue", 0x4169e1}, {"saddlebrown", 0x8b4513}, {"salmon", 0xfa8072}, {"sandybrown", 0xf4a460},
    {"seagreen", 0x2e8b57}, {"seashell", 0xfff5ee}, {"sienna", 0xa0522d}, {"silver", 0xc0c0c0},
    {"skyblue", 0x87ceeb}, {"slateblue", 0x6a5acd}, {"slategray", 0x708090}, {"slategrey", 0x708090},
    {"snow", 0xfffafa}, {"springgreen", 0x00ff7f}, {"steelblue", 0x4682b4}, {"tan", 0xd2b48c},
    {"teal", 0x008080}, {"thistle", 0xd8bfd8}, {"tomato", 0xff6347}, {"turquoise", 0x40e0d0},
    {"violet", 0xee82ee}, {"wheat", 0xf5deb3}, {"white", 0xffffff}, {"whitesmoke", 0xf5f5f5},
    {"yellow", 0xffff00}, {"yellowgreen", 0x9acd32},
};

static int compare_colour_name(const void *key, const void *element) {
    return strcasecmp((const char *)key, ((const struct colour_name *)element)->name);
}

static int hex_digit(char character) {
    if (character >= '0' && character <= '9') return character - '0';
    if (character >= 'a' && character <= 'f') return character - 'a' + 10;
    if (character >= 'A' && character <= 'F') return character - 'A' + 10;
    return -1;
}

/* #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() and rgba() with numbers or percentages, a keyword,
 * `transparent`. */
static int parse_colour(const char *text, double rgba[4]) {
    rgba[3] = 1;
    if (strcasecmp(text, "transparent") == 0) return rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0, 1;
    if (*text == '#') {
        size_t length = strlen(text + 1);
        int digits[8];
        if (length != 3 && length != 4 && length != 6 && length != 8) return 0;
        for (size_t index = 0; index < length; index++) {
            if ((digits[index] = hex_digit(text[1 + index])) < 0) return 0;
        }
        size_t channels = length <= 4 ? length : length / 2;
        for (size_t channel = 0; channel < channels; channel++) {
            int value = length <= 4 ? digits[channel] * 17 : digits[2 * channel] * 16 + digits[2 * channel + 1];
            rgba[channel] = value / 255.0;
        }
        return 1;
    }
    if (strncasecmp(text, "rgb(", 4) == 0 || strncasecmp(text, "rgba(", 5) == 0) {
        const char *cursor = strchr(text, '(') + 1;
        for (int channel = 0; channel < 4; channel++) {
            double value;
            cursor = skip_spaces(cursor);
            if (channel == 3 && *cursor == ')') break;
            if (channel > 0) {
                if (*cursor == ',' || (channel == 3 && *cursor == '/')) cursor++;
            }
            if (!scan_number(&cursor, &value)) return 0;
            if (*cursor == '%') cursor++, value = value * (channel == 3 ? 0.01 : 2.55);
            rgba[channel] = channel == 3 ? fmin(fmax(value, 0), 1) : fmin(fmax(value, 0), 255) / 255;
        }
        cursor = skip_spaces(cursor);
        return *cursor == ')' && *skip_spaces(cursor + 1) == '\0';
    }
    const struct colour_name *found = bsearch(text, colour_names, sizeof colour_names / sizeof *colour_names,
                                              sizeof *colour_names, compare_colour_name);
    if (!found) return 0;
    for (int channel = 0; channel < 3; channel++) rgba[channel] = ((found->rgb >> (16 - 8 * channel)) & 0xff) / 255.0;
    return 1;
}

static void multiply(double result[6], const double left[6], const double right[6]) {
    double product[6] = {
        left[0] * right[0] + left[2] * right[1],
        left[1] * right[0] + left[3] * right[1],
        left[0] * right[2] + left[2] * right[3],
        left[1] * right[2] + left[3] * right[3],
        left[0] * right[4] + left[2] * right[5] + left[4],
        left[1] * right[4] + left[3] * right[5] + left[5],
    };
    memcpy(result, product, sizeof product);
}

static void translate(double matrix[6], double x, double y) {
    double step[6] = {1, 0, 0, 1, x, y};
    multiply(matrix, matrix, step);
}

/* Sine and cosine of `degrees`, exact at the quarter turns. */
static void turn(double degrees, double *sine, double *cosine) {
    double quarters = degrees / 90;
    if (quarters == floor(quarters) && fabs(quarters) < 1e9) {
        static const double sines[4] = {0, 1, 0, -1};
        long quarter = ((long)quarters % 4 + 4) % 4;
        *sine = sines[quarter], *cosine = sines[(quarter + 1) % 4];
        return;
    }
    *sine = sin(degrees * M_PI / 180), *cosine = cos(degrees * M_PI / 180);
}

/* An SVG transform list, composed left to right as SVG applies it. 0 when it cannot be read. */
static int parse_transform(const char *text, double matrix[6]) {
    double result[6] = {1, 0, 0, 1, 0, 0};
    static const struct {
        const char *name;
        int least, most;
    } kinds[] = {{"matrix", 6, 6}, {"translate", 1, 2}, {"scale", 1, 2}, {"rotate", 1, 3}, {"skewX", 1, 1},
                 {"skewY", 1, 1}};
    const char *cursor = skip_spaces(text);
    while (*cursor) {
        size_t kind = 0, count = sizeof kinds / sizeof *kinds;
        while (kind < count && strncmp(cursor, kinds[kind].name, strlen(kinds[kind].name)) != 0) kind++;
        if (kind == count) return 0;
        cursor = skip_spaces(cursor + strlen(kinds[kind].name));
        if (*cursor++ != '(') return 0;
        double values[6];
        int found = 0;
        cursor = skip_spaces(cursor);
        while (*cursor != ')') {
            if (found == kinds[kind].most || !scan_number(&cursor, &values[found++])) return 0;
            cursor = skip_separator(cursor);
        }
        if (found < kinds[kind].least || (kind == 3 && found == 2)) return 0;
        cursor = skip_separator(cursor + 1);
        double step[6] = {1, 0, 0, 1, 0, 0}, sine, cosine;
        switch (kind) {
        case 0: memcpy(step, values, sizeof step); break;
        case 1: step[4] = values[0], step[5] = found > 1 ? values[1] : 0; break;
        case 2: step[0] = values[0], step[3] = found > 1 ? values[1] : values[0]; break;
        case 3:
            turn(values[0], &sine, &cosine);
            if (found == 3) translate(result, values[1], values[2]);
            step[0] = cosine, step[1] = sine, step[2] = -sine, step[3] = cosine;
            multiply(result, result, step);
            if (found == 3) translate(result, -values[1], -values[2]);
            continue;
        case 4: step[2] = tan(values[0] * M_PI / 180); break;
        default: step[1] = tan(values[0] * M_PI / 180); break;
        }
        multiply(result, result, step);
    }
    memcpy(matrix, result, sizeof result);
    return 1;
}

/* ---- attributes and style ---- */

/* An attribute's value as written, entity references left as `&name;`: entities are never
 * expanded. NULL when absent; free with `free`. */
static char *attribute(const xmlNode *node, const char *name, const char *namespace) {
    for (const xmlAttr *property = node->properties; property; property = property->next) {
        if (strcmp((const char *)property->name, name) != 0) continue;
        if (namespace ? !property->ns || strcmp((const char *)property->ns->href, namespace) != 0 : !!property->ns) {
            continue;
        }
        size_t length = 0;
        for (const xmlNode *part = property->children; part; part = part->next) {
            if (part->type == XML_TEXT_NODE && part->content) length += strlen((const char *)part->content);
            if (part->type == XML_ENTITY_REF_NODE) length += strlen((const char *)part->name) + 2;
        }
        char *value = malloc(length + 1), *end = value;
        if (!value) return NULL;
        for (const xmlNode *part = property->children; part; part = part->next) {
            if (part->type == XML_TEXT_NODE && part->content) end = stpcpy(end, (const char *)part->content);
            if (part->type == XML_ENTITY_REF_NODE) end += sprintf(end, "&%s;", (const char *)part->name);
        }
        *end = '\0';
        return value;
    }
    return NULL;
}

/* `text` without the whitespace around it, written over in place. */
static char *trim(char *text) {
    text = (char *)skip_spaces(text);
    size_t length = strlen(text);
    while (length > 0 && is_space(text[length - 1])) text[--length] = '\0';
    return text;
}

/* A property's declared value: the `style` attribute's declaration, else the presentation
 * attribute. NULL when neither gives it; free with `free`. */
static char *declared(const xmlNode *node, const char *property) {
    char *style = attribute(node, "style", NULL);
    char *found = NULL;
    for (char *rest = style, *declaration; style && (declaration = strsep(&rest, ";")) != NULL;) {
        char *colon = strchr(declaration, ':');
        if (!colon) continue;
        *colon = '\0';
        if (strcasecmp(trim(declaration), property) != 0) continue;
        char *value = trim(colon + 1);
        char *important = strcasestr(value, "!important");
        if (important) *important = '\0', value = trim(value);
        free(found);
        found = strdup(value);
    }
    free(style);
    if (found) return found;
    char *value = attribute(node, property, NULL);
    if (!value) return NULL;
    char *trimmed = strdup(trim(value));
    free(value);
    return trimmed;
}

static void unreadable(reader_t *reader, const xmlNode *node, const char *property, const char *value) {
    char key[64];
    snprintf(key, sizeof key, "value %s", property);
    warn(reader, key, line_of(node), "<%s> has %s `%s`, which pipeline does not read; it is ignored",
         name_of(node), property, value);
}

static int parse_paint(reader_t *reader, const xmlNode *node, const char *property, const char *value,
                       paint_t *paint) {
    if (strcasecmp(value, "none") == 0) return paint->kind = PAINT_NONE, 1;
    if (strcasecmp(value, "currentColor") == 0) return paint->kind = PAINT_CURRENT, 1;
    if (strncasecmp(value, "url(", 4) == 0) {
        const char *close = strchr(value, ')');
        const char *fallback = close ? skip_spaces(close + 1) : "";
        warn(reader, "paint server", line_of(node),
             "<%s> has %s %s, drawn with %s (gradients and patterns are not supported as paint in shape SVGs)",
             name_of(node), property, value, *fallback ? "its fallback colour" : "none");
        if (*fallback && parse_paint(reader, node, property, fallback, paint)) return 1;
        return paint->kind = PAINT_NONE, 1;
    }
    if (!parse_colour(value, paint->rgba)) return 0;
    paint->kind = PAINT_COLOR;
    return 1;
}

/* An opacity: a number or a percentage, clamped to 0…1. */
static int parse_opacity(const char *value, double *opacity) {
    const char *cursor = value;
    if (!scan_number(&cursor, opacity)) return 0;
    if (*cursor == '%') cursor++, *opacity /= 100;
    *opacity = fmin(fmax(*opacity, 0), 1);
    return *skip_spaces(cursor) == '\0';
}

static int parse_keyword(const char *value, const char *const *keywords, int *chosen) {
    for (int index = 0; keywords[index]; index++) {
        if (strcasecmp(value, keywords[index]) == 0) return *chosen = index, 1;
    }
    return 0;
}

static int parse_dashes(reader_t *reader, const xmlNode *node, const char *value, style_t *style) {
    if (strcasecmp(value, "none") == 0) return style->dash_count = 0, 1;
    double dashes[MAX_DASHES], total = 0;
    size_t count = 0;
    char *copy = strdup(value);
    if (!copy) return 0;
    for (char *rest = copy, *item; (item = strsep(&rest, ", \t\r\n")) != NULL;) {
        if (*item == '\0') continue;
        if (count == MAX_DASHES / 2 || !parse_length(reader, node, "stroke-dasharray", item, AXIS_DIAGONAL, 0,
                                                     &dashes[count]) || dashes[count] < 0) {
            free(copy);
            return 0;
        }
        total += dashes[count++];
    }
    free(copy);
    if (count == 0) return 0;
    /* All zero draws a solid line; an odd list repeats to an even one. */
    style->dash_count = total > 0 ? (count % 2 ? count * 2 : count) : 0;
    for (size_t index = 0; index < style->dash_count; index++) style->dashes[index] = dashes[index % count];
    return 1;
}

/* Whether a value of paint-order, vector-effect or mix-blend-mode would draw otherwise than
 * their initial values: the stroke before the fill, a stroke that does not scale, a blend. */
static int changes_painting(const char *property, const char *value) {
    if (strcasecmp(value, "normal") == 0 || strcasecmp(value, "none") == 0 || strcasecmp(value, "inherit") == 0) {
        return 0;
    }
    if (strcmp(property, "paint-order") != 0) return 1;
    const char *stroke = strcasestr(value, "stroke"), *fill = strcasestr(value, "fill");
    return stroke && (!fill || stroke < fill);
}

/* The element's computed style from its parent's: inherited properties copied, its own
 * declarations applied, `opacity` multiplied in. */
static void compute_style(reader_t *reader, const xmlNode *node, const style_t *parent, style_t *style) {
    *style = *parent;
    static const char *const properties[] = {
        "color", "fill", "stroke", "fill-opacity", "stroke-opacity", "opacity", "fill-rule", "stroke-width",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
        "visibility", "filter", "mask", "clip-path", "marker", "marker-start", "marker-mid", "marker-end",
        "paint-order", "vector-effect", "mix-blend-mode",
    };
    static const char *const rules[] = {"nonzero", "evenodd", NULL};
    static const char *const caps[] = {"butt", "round", "square", NULL};
    static const char *const joins[] = {"miter", "round", "bevel", NULL};
    static const char *const visibilities[] = {"visible", "hidden", "collapse", NULL};
    for (size_t index = 0; index < sizeof properties / sizeof *properties; index++) {
        const char *property = properties[index];
        char *value = declared(node, property);
        if (!value) continue;
        int readable = 1, visibility;
        double number;
        if (strcasecmp(value, "inherit") == 0) {
            readable = 1;
        } else if (index == 0) {
            readable = strcasecmp(value, "currentColor") == 0 || parse_colour(value, style->color);
        } else if (index <= 2) {
            readable = parse_paint(reader, node, property, value, index == 1 ? &style->fill : &style->stroke);
        } else if (index <= 5) {
            readable = parse_opacity(value, &number);
            if (readable && index == 3) style->fill_opacity = number;
            if (readable && index == 4) style->stroke_opacity = number;
            if (readable && index == 5) style->opacity = parent->opacity * number;
        } else if (index == 6) {
            readable = parse_keyword(value, rules, &style->fill_rule);
        } else if (index == 7) {
            readable = parse_length(reader, node, property, value, AXIS_DIAGONAL, 0, &number) && number >= 0;
            if (readable) style->stroke_width = number;
        } else if (index == 8) {
            readable = parse_number(value, &number) && number >= 1;
            if (readable) style->miter_limit = number;
        } else if (index == 9) {
            readable = parse_dashes(reader, node, value, style);
        } else if (index == 10) {
            readable = parse_length(reader, node, property, value, AXIS_DIAGONAL, 0, &style->dash_offset);
        } else if (index == 11) {
            readable = parse_keyword(value, caps, &style->line_cap);
        } else if (index == 12) {
            readable = parse_keyword(value, joins, &style->line_join);
        } else if (index == 13) {
            readable = parse_keyword(value, visibilities, &visibility);
            if (readable) style->hidden = visibility != 0;
        } else if (index <= 20 && strcasecmp(value, "none") != 0) {
            const char *what = index == 14 ? "filters" : index == 15 ? "masks" : index == 16 ? "clip paths" : "markers";
            warn(reader, what, line_of(node),
                 "<%s> has %s %s, which is not applied (%s are not supported in shape SVGs)", name_of(node),
                 property, value, what);
        } else if (index > 20 && changes_painting(property, value)) {
            warn(reader, property, line_of(node),
                 "<%s> has %s `%s`, which is not applied (%s is not supported in shape SVGs)", name_of(node),
                 property, value, property);
        }
        if (!readable) unreadable(reader, node, property, value);
        free(value);
    }
}

/* ---- shapes ---- */

typedef struct {
    char *text;
    size_t length, capacity;
    int failed;
} builder_t;

static void append(builder_t *builder, const char *format, ...) {
    if (builder->failed) return;
    char *piece = NULL;
    va_list arguments;
    va_start(arguments, format);
    int length = vasprintf(&piece, format, arguments);
    va_end(arguments);
    if (length < 0) return (void)(builder->failed = 1);
    if (builder->length + (size_t)length + 1 > builder->capacity) {
        size_t capacity = (builder->length + (size_t)length + 1) * 2;
        char *text = realloc(builder->text, capacity);
        if (!text) return free(piece), (void)(builder->failed = 1);
        builder->text = text, builder->capacity = capacity;
    }
    memcpy(builder->text + builder->length, piece, (size_t)length + 1);
    builder->length += (size_t)length;
    free(piece);
}

/* The shortest decimal that reads back as `value`, without an exponent where one is not needed. */
static void append_number(builder_t *builder, double value) {
    char text[40];
    if (value == 0) value = 0; /* no "-0" */
    int exact = 0;
    for (int decimals = 0; decimals <= 17 && fabs(value) < 1e15 && !exact; decimals++) {
        snprintf(text, sizeof text, "%.*f", decimals, value);
        exact = strtod(text, NULL) == value;
    }
    if (!exact) snprintf(text, sizeof text, "%.17g", value);
    append(builder, builder->length ? " %s" : "%s", text);
}

static void append_command(builder_t *builder, const char *command, int count, ...) {
    append(builder, builder->length ? " %s" : "%s", command);
    va_list arguments;
    va_start(arguments, count);
    for (int index = 0; index < count; index++) append_number(builder, va_arg(arguments, double));
    va_end(arguments);
}

/* A geometry attribute: `fallback` when absent, 0 with a warning when unreadable. */
static int length_attribute(reader_t *reader, const xmlNode *node, const char *name, axis_t axis, double fallback,
                            double *value) {
    char *text = attribute(node, name, NULL);
    if (!text) return *value = fallback, 1;
    int read = parse_length(reader, node, name, trim(text), axis, 1, value);
    free(text);
    return read;
}

/* Four quarter arcs clockwise from the rightmost point, as SVG 2 starts a circle's path. */
static void append_ellipse(builder_t *builder, double cx, double cy, double rx, double ry) {
    append_command(builder, "M", 2, cx + rx, cy);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, cx, cy + ry);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, cx - rx, cy);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, cx, cy - ry);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, cx + rx, cy);
    append_command(builder, "Z", 0);
}

static void append_rect(reader_t *reader, const xmlNode *node, builder_t *builder) {
    double x, y, width, height, rx, ry;
    if (!length_attribute(reader, node, "x", AXIS_X, 0, &x) || !length_attribute(reader, node, "y", AXIS_Y, 0, &y) ||
        !length_attribute(reader, node, "width", AXIS_X, 0, &width) ||
        !length_attribute(reader, node, "height", AXIS_Y, 0, &height) ||
        !length_attribute(reader, node, "rx", AXIS_X, -1, &rx) ||
        !length_attribute(reader, node, "ry", AXIS_Y, -1, &ry) || width <= 0 || height <= 0) {
        return;
    }
    /* A missing or negative radius takes the other's; each at most half the side. */
    if (rx < 0) rx = ry;
    if (ry < 0) ry = rx;
    rx = fmin(fmax(rx, 0), width / 2), ry = fmin(fmax(ry, 0), height / 2);
    if (rx == 0 || ry == 0) {
        append_command(builder, "M", 2, x, y);
        append_command(builder, "H", 1, x + width);
        append_command(builder, "V", 1, y + height);
        append_command(builder, "H", 1, x);
        append_command(builder, "Z", 0);
        return;
    }
    append_command(builder, "M", 2, x + rx, y);
    append_command(builder, "H", 1, x + width - rx);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, x + width, y + ry);
    append_command(builder, "V", 1, y + height - ry);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, x + width - rx, y + height);
    append_command(builder, "H", 1, x + rx);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, x, y + height - ry);
    append_command(builder, "V", 1, y + ry);
    append_command(builder, "A", 7, rx, ry, 0.0, 0.0, 1.0, x + rx, y);
    append_command(builder, "Z", 0);
}

static void append_points(reader_t *reader, const xmlNode *node, builder_t *builder, int closed) {
    char *text = attribute(node, "points", NULL);
    if (!text) return;
    const char *cursor = skip_spaces(text);
    double x, y;
    int pairs = 0;
    while (*cursor) {
        int paired = scan_number(&cursor, &x);
        cursor = skip_separator(cursor);
        if (!paired || !scan_number(&cursor, &y)) {
            warn(reader, "points", line_of(node), "<%s> has points=\"%s\", which are not pairs of numbers; "
                 "the points up to the first that is not are drawn", name_of(node), text);
            break;
        }
        append_command(builder, pairs++ ? "L" : "M", 2, x, y);
        cursor = skip_separator(cursor);
    }
    if (pairs > 0 && closed) append_command(builder, "Z", 0);
    free(text);
}

/* The path data of a shape element into `builder`; nothing when it draws nothing. */
static void shape_path(reader_t *reader, const xmlNode *node, builder_t *builder) {
    const char *name = name_of(node);
    double a, b, c, d, x2, y2;
    /* The centre or the first point, read alike for circle, ellipse and line. */
    int centred = strcmp(name, "circle") == 0 || strcmp(name, "ellipse") == 0;
    const char *first_x = centred ? "cx" : "x1", *first_y = centred ? "cy" : "y1";
    if ((centred || strcmp(name, "line") == 0) && (!length_attribute(reader, node, first_x, AXIS_X, 0, &a) ||
                                                   !length_attribute(reader, node, first_y, AXIS_Y, 0, &b))) {
        return;
    }
    if (strcmp(name, "path") == 0) {
        char *data = attribute(node, "d", NULL);
        if (data && *skip_spaces(data)) append(builder, "%s", trim(data));
        free(data);
    } else if (strcmp(name, "rect") == 0) {
        append_rect(reader, node, builder);
    } else if (strcmp(name, "circle") == 0) {
        if (length_attribute(reader, node, "r", AXIS_DIAGONAL, 0, &c) && c > 0) append_ellipse(builder, a, b, c, c);
    } else if (strcmp(name, "ellipse") == 0) {
        if (length_attribute(reader, node, "rx", AXIS_X, -1, &c) &&
            length_attribute(reader, node, "ry", AXIS_Y, -1, &d)) {
            /* A missing radius (auto) takes the other's. */
            if (c < 0) c = d;
            if (d < 0) d = c;
            if (c > 0 && d > 0) append_ellipse(builder, a, b, c, d);
        }
    } else if (strcmp(name, "line") == 0) {
        if (length_attribute(reader, node, "x2", AXIS_X, 0, &x2) &&
            length_attribute(reader, node, "y2", AXIS_Y, 0, &y2)) {
            append_command(builder, "M", 2, a, b);
            append_command(builder, "L", 2, x2, y2);
        }
    } else {
        append_points(reader, node, builder, strcmp(name, "polygon") == 0);
    }
}

static void add_shape(reader_t *reader, const xmlNode *node, const style_t *style, const double matrix[6]) {
    builder_t builder = {0};
    shape_path(reader, node, &builder);
    if (builder.failed) return free(builder.text), fail(reader, "out of memory");
    if (!builder.text) return;
    if (reader->count == MAX_SHAPES) {
        free(builder.text);
        return fail(reader, "line %d: the document draws more than %d shapes, the most a shape SVG may", line_of(node),
                    MAX_SHAPES);
    }
    if (reader->count == reader->capacity) {
        size_t capacity = reader->capacity ? reader->capacity * 2 : 16;
        vector_svg_shape_t *shapes = realloc(reader->shapes, capacity * sizeof *shapes);
        if (!shapes) return free(builder.text), fail(reader, "out of memory");
        reader->shapes = shapes, reader->capacity = capacity;
    }
    vector_svg_shape_t *shape = &reader->shapes[reader->count];
    memset(shape, 0, sizeof *shape);
    shape->path_data = builder.text;
    memcpy(shape->matrix, matrix, sizeof shape->matrix);
    const paint_t *paints[2] = {&style->fill, &style->stroke};
    double opacities[2] = {style->fill_opacity, style->stroke_opacity};
    double *colours[2] = {shape->fill, shape->stroke};
    for (int which = 0; which < 2; which++) {
        const double *rgba = paints[which]->kind == PAINT_CURRENT ? style->color : paints[which]->rgba;
        memcpy(colours[which], rgba, 4 * sizeof *rgba);
        colours[which][3] *= opacities[which] * style->opacity;
    }
    shape->has_fill = style->fill.kind != PAINT_NONE;
    shape->has_stroke = style->stroke.kind != PAINT_NONE;
    shape->fill_rule = style->fill_rule;
    shape->stroke_width = style->stroke_width;
    shape->miter_limit = style->miter_limit;
    shape->dash_offset = style->dash_offset;
    shape->line_cap = style->line_cap;
    shape->line_join = style->line_join;
    shape->line = line_of(node);
    if (style->dash_count > 0) {
        shape->dashes = malloc(style->dash_count * sizeof *shape->dashes);
        if (!shape->dashes) return free(builder.text), fail(reader, "out of memory");
        memcpy(shape->dashes, style->dashes, style->dash_count * sizeof *shape->dashes);
        shape->dash_count = style->dash_count;
    }
    reader->count++;
}

/* ---- the tree ---- */

static int is_svg(const reader_t *reader, const xmlNode *node) {
    if (node->type != XML_ELEMENT_NODE) return 0;
    if (!node->ns) return reader->bare;
    return node->ns->href && strcmp((const char *)node->ns->href, SVG_NAMESPACE) == 0;
}

static int named(const xmlNode *node, const char *const *names) {
    for (; *names; names++) {
        if (strcmp(name_of(node), *names) == 0) return 1;
    }
    return 0;
}

/* `node`'s viewBox: 1 with its four numbers, 0 when it has none, -1 (warned) when they cannot be
 * read or its width or height is negative. */
static int view_box(reader_t *reader, const xmlNode *node, double box[4]) {
    char *text = attribute(node, "viewBox", NULL);
    if (!text) return 0;
    const char *cursor = text;
    int count = 0;
    while (count < 4 && scan_number(&cursor, &box[count])) count++, cursor = skip_separator(cursor);
    int readable = count == 4 && *skip_spaces(cursor) == '\0' && box[2] >= 0 && box[3] >= 0;
    if (!readable) {
        warn(reader, "viewBox", line_of(node), "<%s> has viewBox=\"%s\", which is not four numbers with a width "
             "and a height of at least 0; it is ignored", name_of(node), text);
    }
    free(text);
    return readable ? 1 : -1;
}

/* The mapping of `node`'s viewBox (with its preserveAspectRatio) onto the viewport (x, y, width,
 * height) into `matrix`, and the size percentages inside it refer to. 0 when the viewBox
 * disables drawing (a width or height of 0). */
static int viewport(reader_t *reader, const xmlNode *node, double x, double y, double width, double height,
                    double matrix[6], double *inner_width, double *inner_height) {
    double step[6] = {1, 0, 0, 1, x, y}, box[4];
    *inner_width = width, *inner_height = height;
    int readable = view_box(reader, node, box) == 1;
    if (readable && (box[2] == 0 || box[3] == 0)) return 0;
    if (readable) {
        double scale_x = width / box[2], scale_y = height / box[3];
        char *aspect = attribute(node, "preserveAspectRatio", NULL);
        const char *align = aspect ? skip_spaces(aspect) : "xMidYMid";
        if (strncmp(align, "defer", 5) == 0) align = skip_spaces(align + 5);
        if (strncmp(align, "none", 4) != 0) {
            int slice = strstr(align, "slice") != NULL;
            scale_x = scale_y = slice ? fmax(scale_x, scale_y) : fmin(scale_x, scale_y);
            double spare_x = width - box[2] * scale_x, spare_y = height - box[3] * scale_y;
            if (strncmp(align, "xMid", 4) == 0) step[4] += spare_x / 2;
            if (strncmp(align, "xMax", 4) == 0) step[4] += spare_x;
            if (strlen(align) >= 8 && strncmp(align + 4, "YMid", 4) == 0) step[5] += spare_y / 2;
            if (strlen(align) >= 8 && strncmp(align + 4, "YMax", 4) == 0) step[5] += spare_y;
        }
        free(aspect);
        step[0] = scale_x, step[3] = scale_y;
        step[4] -= box[0] * scale_x, step[5] -= box[1] * scale_y;
        *inner_width = box[2], *inner_height = box[3];
    }
    multiply(matrix, matrix, step);
    return 1;
}

static void element(reader_t *reader, const xmlNode *node, const style_t *parent, const double parent_matrix[6]);

static void children(reader_t *reader, const xmlNode *node, const style_t *style, const double matrix[6]) {
    for (const xmlNode *child = node->children; child && !reader->error; child = child->next) {
        if (is_svg(reader, child)) element(reader, child, style, matrix);
    }
}

static void index_ids(reader_t *reader, const xmlNode *node) {
    for (; node && !reader->error; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        char *id = attribute(node, "id", NULL);
        if (id && reader->id_count == reader->id_capacity) {
            size_t capacity = reader->id_capacity ? reader->id_capacity * 2 : 16;
            id_entry_t *ids = realloc(reader->ids, capacity * sizeof *ids);
            if (!ids) return free(id), fail(reader, "out of memory");
            reader->ids = ids, reader->id_capacity = capacity;
        }
        if (id) reader->ids[reader->id_count] = (id_entry_t){id, node, reader->id_count}, reader->id_count++;
        index_ids(reader, node->children);
    }
}

static int compare_ids(const void *left, const void *right) {
    const id_entry_t *a = left, *b = right;
    int order = strcmp(a->id, b->id);
    return order ? order : (a->order > b->order) - (a->order < b->order);
}

/* The element an `href` of "#id" names, the first in document order; NULL when none has it. */
static const xmlNode *find_id(reader_t *reader, const char *id) {
    if (!reader->indexed) {
        index_ids(reader, reader->root);
        if (reader->id_count > 1) qsort(reader->ids, reader->id_count, sizeof *reader->ids, compare_ids);
        reader->indexed = 1;
    }
    size_t low = 0, high = reader->id_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (strcmp(reader->ids[middle].id, id) < 0) low = middle + 1;
        else high = middle;
    }
    return low < reader->id_count && strcmp(reader->ids[low].id, id) == 0 ? reader->ids[low].node : NULL;
}

/* A nested <svg>, or a <symbol> a <use> shows, with the use's width and height: a new viewport. */
static void nested_viewport(reader_t *reader, const xmlNode *node, const xmlNode *sizing, const style_t *style,
                            const double parent_matrix[6]) {
    double x = 0, y = 0, width, height, matrix[6];
    const xmlNode *place = sizing ? sizing : node;
    if (!sizing &&
        (!length_attribute(reader, node, "x", AXIS_X, 0, &x) || !length_attribute(reader, node, "y", AXIS_Y, 0, &y))) {
        return;
    }
    char *given_width = attribute(place, "width", NULL), *given_height = attribute(place, "height", NULL);
    const xmlNode *width_source = given_width || !sizing ? place : node;
    const xmlNode *height_source = given_height || !sizing ? place : node;
    free(given_width), free(given_height);
    if (!length_attribute(reader, width_source, "width", AXIS_X, reader->viewport_width, &width) ||
        !length_attribute(reader, height_source, "height", AXIS_Y, reader->viewport_height, &height) ||
        width <= 0 || height <= 0) {
        return;
    }
    memcpy(matrix, parent_matrix, sizeof matrix);
    double outer_width = reader->viewport_width, outer_height = reader->viewport_height;
    if (viewport(reader, node, x, y, width, height, matrix, &reader->viewport_width, &reader->viewport_height)) {
        children(reader, node, style, matrix);
    }
    reader->viewport_width = outer_width, reader->viewport_height = outer_height;
}

static void use(reader_t *reader, const xmlNode *node, const style_t *style, const double parent_matrix[6]) {
    char *href = attribute(node, "href", NULL);
    if (!href) href = attribute(node, "href", XLINK_NAMESPACE);
    int line = line_of(node);
    if (!href || href[0] != '#') {
        warn(reader, "use outside", line, "<use> of `%s` is not drawn (a shape SVG can use only its own elements)",
             href ? href : "");
        return free(href);
    }
    const xmlNode *target = find_id(reader, href + 1);
    int looped = 0;
    for (const xmlNode *ancestor = node; ancestor && target; ancestor = ancestor->parent) looped |= ancestor == target;
    for (size_t index = 0; index < reader->use_depth; index++) looped |= reader->uses[index] == node;
    if (!target || !is_svg(reader, target) || looped || reader->use_depth == MAX_USE_DEPTH) {
        warn(reader, "use target", line, "<use> of `%s` is not drawn (%s)", href,
             !target || !is_svg(reader, target) ? "the document has no SVG element with that id"
             : looped                            ? "it contains the <use> itself"
                                                 : "uses nested too deep");
        return free(href);
    }
    free(href);
    double x, y, matrix[6];
    if (!length_attribute(reader, node, "x", AXIS_X, 0, &x) || !length_attribute(reader, node, "y", AXIS_Y, 0, &y)) {
        return;
    }
    memcpy(matrix, parent_matrix, sizeof matrix);
    translate(matrix, x, y);
    reader->uses[reader->use_depth++] = node;
    if (strcmp(name_of(target), "symbol") == 0) {
        style_t inner;
        compute_style(reader, target, style, &inner);
        char *display = declared(target, "display");
        if (!display || strcasecmp(display, "none") != 0) nested_viewport(reader, target, node, &inner, matrix);
        free(display);
    } else {
        element(reader, target, style, matrix);
    }
    reader->use_depth--;
}

/* `node`'s transform attribute composed into `matrix`. */
static void apply_transform(reader_t *reader, const xmlNode *node, double matrix[6]) {
    char *transform = attribute(node, "transform", NULL);
    if (!transform) return;
    double own[6];
    if (parse_transform(transform, own)) {
        multiply(matrix, matrix, own);
    } else {
        warn(reader, "transform", line_of(node),
             "<%s> has transform=\"%s\", which pipeline does not read; it is ignored", name_of(node), transform);
    }
    free(transform);
}

static void element(reader_t *reader, const xmlNode *node, const style_t *parent, const double parent_matrix[6]) {
    static const char *const shapes[] = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon", NULL};
    static const char *const silent[] = {"defs", "symbol", "title", "desc", "metadata", "linearGradient",
                                         "radialGradient", "pattern", "clipPath", "mask", "marker", "filter",
                                         NULL};
    static const char *const texts[] = {"text", "tspan", "textPath", NULL};
    static const char *const animations[] = {"animate", "animateTransform", "animateMotion", "animateColor", "set",
                                             NULL};
    const char *name = name_of(node);
    int line = line_of(node);
    if (++reader->visits > MAX_VISITS) {
        return fail(reader,
                    "line %d: the document draws more than %d elements through its <use>s, the most a shape SVG may",
                    line, MAX_VISITS);
    }
    /* Painting servers and the like draw only where referenced, and a reference warns. */
    if (named(node, silent)) return;
    if (named(node, texts)) {
        return warn(reader, "text", line, "<%s> is not drawn as a shape (text is not supported in shape SVGs)", name);
    }
    if (named(node, animations)) {
        return warn(reader, "animation", line,
                    "<%s> is not played (SVG animation is not supported in shape SVGs; the shapes are read as "
                    "written)", name);
    }
    if (strcmp(name, "style") == 0) {
        return warn(reader, "style", line,
                    "<style> is not applied (CSS style sheets are not supported in shape SVGs; use style "
                    "attributes or presentation attributes)");
    }
    const char *unsupported = strcmp(name, "image") == 0           ? "images are"
                              : strcmp(name, "foreignObject") == 0 ? "foreign objects are"
                              : strcmp(name, "switch") == 0        ? "conditional content is"
                              : strcmp(name, "script") == 0        ? "scripts are"
                                                                   : NULL;
    if (unsupported) {
        return warn(reader, name, line, "<%s> is not drawn as a shape (%s not supported in shape SVGs)", name,
                    unsupported);
    }
    int drawn = named(node, shapes) || strcmp(name, "g") == 0 || strcmp(name, "a") == 0 || strcmp(name, "use") == 0 ||
                strcmp(name, "svg") == 0;
    if (!drawn) {
        return warn(reader, name, line, "<%s> is not drawn as a shape (it is not an SVG element pipeline knows)", name);
    }
    char *display = declared(node, "display");
    int none = display && strcasecmp(display, "none") == 0;
    free(display);
    if (none) return;
    style_t style;
    compute_style(reader, node, parent, &style);
    double matrix[6];
    memcpy(matrix, parent_matrix, sizeof matrix);
    apply_transform(reader, node, matrix);
    if (named(node, shapes)) {
        if (!style.hidden) add_shape(reader, node, &style, matrix);
    } else if (strcmp(name, "use") == 0) {
        use(reader, node, &style, matrix);
    } else if (strcmp(name, "svg") == 0) {
        nested_viewport(reader, node, NULL, &style, matrix);
    } else {
        children(reader, node, &style, matrix);
    }
}

/* The root's width or height: an absolute length, else the viewBox's (scaled to keep its aspect
 * when only the other is given). */
static void document_size(reader_t *reader, const xmlNode *root, double *width, double *height) {
    double box[4] = {0};
    int has_box = view_box(reader, root, box) == 1 && box[2] > 0 && box[3] > 0;
    double sizes[2] = {0, 0};
    const char *names[2] = {"width", "height"};
    for (int index = 0; index < 2; index++) {
        char *given = attribute(root, names[index], NULL);
        char *value = given ? trim(given) : NULL;
        /* A percentage of a viewport pipeline does not have: the viewBox's size stands in. */
        if (value && value[strlen(value) - (*value ? 1 : 0)] != '%' &&
            !parse_length(reader, root, names[index], value, index ? AXIS_Y : AXIS_X, 0, &sizes[index])) {
            unreadable(reader, root, names[index], value);
            sizes[index] = 0;
        }
        free(given);
    }
    if (has_box && sizes[0] <= 0) sizes[0] = sizes[1] > 0 ? sizes[1] * box[2] / box[3] : box[2];
    if (has_box && sizes[1] <= 0) sizes[1] = sizes[0] * box[3] / box[2];
    *width = sizes[0] > 0 && sizes[1] > 0 ? sizes[0] : 0;
    *height = sizes[0] > 0 && sizes[1] > 0 ? sizes[1] : 0;
}

/* libxml2 keeps no line for a declaration: the first "<!ENTITY" in the bytes gives it. */
static void warn_entities(reader_t *reader, xmlDoc *document, const uint8_t *bytes, size_t length) {
    if (!document->intSubset) return;
    for (const xmlNode *node = document->intSubset->children; node; node = node->next) {
        if (node->type != XML_ENTITY_DECL) continue;
        const uint8_t *declaration = memmem(bytes, length, "<!ENTITY", 8);
        int line = 1;
        for (const uint8_t *at = bytes; declaration && at < declaration; at++) line += *at == '\n';
        warn(reader, "entity", line,
             "the entity &%s; is not expanded (entities are not supported in shape SVGs; each reference to one "
             "is left as written)", name_of(node));
    }
}

static void release(vector_svg_shape_t *shapes, size_t count, char **warnings, size_t warning_count) {
    for (size_t index = 0; index < count; index++) free(shapes[index].path_data), free(shapes[index].dashes);
    free(shapes);
    for (size_t index = 0; index < warning_count; index++) free(warnings[index]);
    free(warnings);
}

static int read_shapes(xmlDoc *document, const uint8_t *bytes, size_t length, reader_t *reader, double *width,
                       double *height) {
    const xmlNode *root = xmlDocGetRootElement(document);
    if (!root || strcmp(name_of(root), "svg") != 0 ||
        (root->ns && (!root->ns->href || strcmp((const char *)root->ns->href, SVG_NAMESPACE) != 0))) {
        fail(reader, "line %d: the root element is <%s>, not SVG's <svg>", root ? line_of(root) : 1,
             root ? name_of(root) : "");
        return -1;
    }
    reader->root = root;
    reader->bare = root->ns == NULL;
    warn_entities(reader, document, bytes, length);
    document_size(reader, root, width, height);
    reader->viewport_width = *width, reader->viewport_height = *height;
    style_t style = {
        .fill = {PAINT_COLOR, {0, 0, 0, 1}},
        .stroke = {PAINT_NONE, {0, 0, 0, 1}},
        .color = {0, 0, 0, 1},
        .fill_opacity = 1, .stroke_opacity = 1, .opacity = 1,
        .stroke_width = 1, .miter_limit = 4,
    }, root_style;
    compute_style(reader, root, &style, &root_style);
    /* The root's own transform (SVG 2) moves its viewport. */
    double matrix[6] = {1, 0, 0, 1, 0, 0};
    apply_transform(reader, root, matrix);
    int drawn = *width <= 0 || viewport(reader, root, 0, 0, *width, *height, matrix, &reader->viewport_width,
                                        &reader->viewport_height);
    char *display = declared(root, "display");
    if (drawn && !(display && strcasecmp(display, "none") == 0)) children(reader, root, &root_style, matrix);
    free(display);
    return reader->error ? -1 : 0;
}

/* What a parse keeps beside libxml2's context: the bytes, and the first error, which names the
 * fault (the later ones follow from it). */
typedef struct {
    const uint8_t *bytes;
    size_t length;
    char *error;
} parse_state_t;

static void first_error(void *data, xmlError *failure) {
    parse_state_t *state = ((xmlParserCtxt *)data)->_private;
    if (state->error || !failure || failure->level < XML_ERR_ERROR) return;
    char *message = strdup(failure->message ? failure->message : "not well-formed XML");
    if (!message) return;
    size_t end = strlen(message);
    while (end > 0 && message[end - 1] == '\n') message[--end] = '\0';
    if (asprintf(&state->error, "line %d: %s", failure->line > 0 ? failure->line : 1, message) < 0) {
        state->error = NULL;
    }
    free(message);
}

/* libxml2 numbers an element by the line its start tag ends on: one written over several lines,
 * as editors write them, is numbered by the line its `<` is on. */
static void start_element(void *data, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                          int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted_count,
                          const xmlChar **attributes) {
    xmlSAX2StartElementNs(data, name, prefix, uri, namespace_count, namespaces, attribute_count, defaulted_count,
                          attributes);
    xmlParserCtxt *context = data;
    const parse_state_t *state = context->_private;
    xmlParserInput *input = context->input;
    if (!context->node || !input || !input->cur || !input->base) return;
    /* Where the tag ends in the bytes; anything else (another encoding, an entity's text) keeps
     * libxml2's number. */
    size_t end = (size_t)input->consumed + (size_t)(input->cur - input->base);
    if (end >= state->length || (state->bytes[end] != '>' && state->bytes[end] != '/')) return;
    int line = input->line;
    for (size_t at = end; at > 0 && state->bytes[at] != '<'; at--) line -= state->bytes[at] == '\n';
    if (line > 0 && line < 65535) context->node->line = (unsigned short)line;
}

int vector_svg_shapes(const uint8_t *bytes, size_t length, vector_svg_shape_t **shapes, size_t *count,
                      char ***warnings, size_t *warning_count, double *width, double *height, char **error) {
    *shapes = NULL, *count = 0, *warnings = NULL, *warning_count = 0, *width = 0, *height = 0;
    if (length > INT_MAX) {
        if (error) *error = strdup("larger than libxml2 reads (2 GiB)");
        return -1;
    }
    /* No network, no DTD loaded, no entity substituted; line numbers past 65535 kept. */
    xmlParserCtxt *context = xmlNewParserCtxt();
    if (!context) {
        if (error) *error = strdup("out of memory");
        return -1;
    }
    parse_state_t state = {bytes, length, NULL};
    context->_private = &state;
    context->sax->startElementNs = start_element;
    context->sax->serror = first_error;
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES;
    xmlDoc *document = xmlCtxtReadMemory(context, (const char *)bytes, (int)length, NULL, NULL, options);
    xmlFreeParserCtxt(context);
    if (!document) {
        if (error) *error = state.error ? state.error : strdup("line 1: not well-formed XML");
        else free(state.error);
        return -1;
    }
    free(state.error);
    /* Numbers are read and written in the C locale whatever the process's. */
    locale_t c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    locale_t previous = c_locale ? uselocale(c_locale) : (locale_t)0;
    reader_t reader = {0};
    int status = c_locale ? read_shapes(document, bytes, length, &reader, width, height) : -1;
    if (!c_locale) fail(&reader, "out of memory");
    if (c_locale) uselocale(previous), freelocale(c_locale);
    xmlFreeDoc(document);
    for (size_t index = 0; index < reader.warning_count; index++) free(reader.keys[index]);
    free(reader.keys);
    for (size_t index = 0; index < reader.id_count; index++) free(reader.ids[index].id);
    free(reader.ids);
    if (status != 0) {
        release(reader.shapes, reader.count, reader.warnings, reader.warning_count);
        if (error) *error = reader.error;
        else free(reader.error);
        *width = 0, *height = 0;
        return -1;
    }
    *shapes = reader.shapes, *count = reader.count;
    *warnings = reader.warnings, *warning_count = reader.warning_count;
    return 0;
}

void vector_svg_shapes_free(vector_svg_shape_t *shapes, size_t count, char **warnings, size_t warning_count) {
    release(shapes, count, warnings, warning_count);
}
