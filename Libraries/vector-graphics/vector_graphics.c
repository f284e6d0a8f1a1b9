#define _GNU_SOURCE
#include "vector_graphics.h"

#include <gio/gio.h>
#include <librsvg/rsvg.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <rlottie_capi.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vector_free(void *pointer) { free(pointer); }

static void set_error(char **error, const char *message) {
    if (error) *error = strdup(message ? message : "unknown error");
}

struct vector_svg {
    RsvgHandle *handle;
};

vector_svg_t *vector_svg_open(const uint8_t *bytes, size_t length, const char *base_path, char **error) {
    GInputStream *stream = g_memory_input_stream_new_from_data(bytes, (gssize)length, NULL);
    GFile *base = g_file_new_for_path(base_path);
    GError *failure = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_stream_sync(stream, base, RSVG_HANDLE_FLAGS_NONE, NULL, &failure);
    g_object_unref(base);
    g_object_unref(stream);
    if (!handle) {
        set_error(error, failure ? failure->message : NULL);
        if (failure) g_error_free(failure);
        return NULL;
    }
    vector_svg_t *svg = malloc(sizeof *svg);
    svg->handle = handle;
    return svg;
}

int vector_svg_size(vector_svg_t *svg, double *width, double *height) {
    if (rsvg_handle_get_intrinsic_size_in_pixels(svg->handle, width, height) && *width > 0 && *height > 0) return 1;
    gboolean has_width, has_height, has_viewbox;
    RsvgLength given_width, given_height;
    RsvgRectangle viewbox;
    rsvg_handle_get_intrinsic_dimensions(
        svg->handle, &has_width, &given_width, &has_height, &given_height, &has_viewbox, &viewbox);
    if (!has_viewbox || viewbox.width <= 0 || viewbox.height <= 0) return 0;
    *width = viewbox.width;
    *height = viewbox.height;
    return 1;
}

int vector_svg_render(vector_svg_t *svg, void *cairo, double width, double height, char **error) {
    RsvgRectangle viewport = {0, 0, width, height};
    GError *failure = NULL;
    if (rsvg_handle_render_document(svg->handle, (cairo_t *)cairo, &viewport, &failure)) return 0;
    set_error(error, failure ? failure->message : NULL);
    if (failure) g_error_free(failure);
    return -1;
}

void vector_svg_close(vector_svg_t *svg) {
    if (!svg) return;
    g_object_unref(svg->handle);
    free(svg);
}

/// A growing list of references.
typedef struct {
    char **items;
    int *lines;
    size_t count, capacity;
    /// Memory ran out: the list is incomplete, and the document is refused.
    int failed;
} reference_list;

static void add_reference(reference_list *list, const char *start, size_t length, int line) {
    if (list->failed) return;
    while (length > 0 && (*start == ' ' || *start == '\t' || *start == '\n' || *start == '\r')) start++, length--;
    while (length > 0 && strchr(" \t\r\n", start[length - 1])) length--;
    if (length >= 2 && (start[0] == '"' || start[0] == '\'') && start[length - 1] == start[0]) start++, length -= 2;
    if (length == 0) return;
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 8;
        char **items = realloc(list->items, capacity * sizeof *items);
        if (items) list->items = items;
        int *lines = realloc(list->lines, capacity * sizeof *lines);
        if (lines) list->lines = lines;
        if (!items || !lines) { list->failed = 1; return; }
        list->capacity = capacity;
    }
    char *item = strndup(start, length);
    if (!item) { list->failed = 1; return; }
    list->items[list->count] = item;
    list->lines[list->count++] = line;
}

/// A reference with `prefix` before `text`: the forms pipeline refuses whatever they name
/// (`xml:base=`, `css-escape:`), for the Swift side to name.
static void add_marked(reference_list *list, const char *prefix, const char *text, size_t length, int line) {
    if (length > 60) length = 60;
    char *marked = malloc(strlen(prefix) + length + 1);
    if (!marked) { list->failed = 1; return; }
    strcpy(marked, prefix);
    strncat(marked, text, length);
    add_reference(list, marked, strlen(marked), line);
    free(marked);
}

/// Every url(...) and @import "..." in CSS or an attribute value, in any case, comments taken
/// out first. CSS escapes (`u\72l(`) could spell either without the letters: CSS with a
/// backslash is refused as a whole.
static void add_css_references(reference_list *list, const char *original, int line) {
    const char *backslash = strchr(original, '\\');
    if (backslash) {
        add_marked(list, "css-escape:", backslash, strlen(backslash), line);
        return;
    }
    char *text = strdup(original);
    if (!text) { list->failed = 1; return; }
    for (char *comment; (comment = strstr(text, "/*")) != NULL;) {
        char *end = strstr(comment + 2, "*/");
        if (!end) { *comment = '\0'; break; }
        memmove(comment, end + 2, strlen(end + 2) + 1);
    }
    for (const char *at = text; (at = strcasestr(at, "url(")) != NULL;) {
        const char *end = strchr(at + 4, ')');
        if (!end) break;
        add_reference(list, at + 4, (size_t)(end - at - 4), line);
        at = end + 1;
    }
    for (const char *at = text; (at = strcasestr(at, "@import")) != NULL;) {
        at += 7;
        while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r') at++;
        if (*at != '"' && *at != '\'') continue;
        const char *end = strchr(at + 1, *at);
        if (!end) break;
        add_reference(list, at + 1, (size_t)(end - at - 1), line);
        at = end + 1;
    }
    free(text);
}

static void collect(xmlNode *node, reference_list *list) {
    for (; node; node = node->next) {
        int line = (int)xmlGetLineNo(node);
        if (node->type == XML_ENTITY_DECL) {
            xmlEntity *entity = (xmlEntity *)node;
            const char *system = (const char *)entity->SystemID;
            if (system) add_reference(list, system, strlen(system), line);
        }
        if (node->type == XML_ELEMENT_NODE) {
            for (xmlAttr *attribute = node->properties; attribute; attribute = attribute->next) {
                xmlChar *value = xmlNodeListGetString(node->doc, attribute->children, 1);
                if (!value) continue;
                const char *name = (const char *)attribute->name;
                // xml:base moves where the references after it resolve: refused as a whole.
                if (strcmp(name, "base") == 0) {
                    add_marked(list, "xml:base=", (const char *)value, strlen((const char *)value), line);
                } else if (strcmp(name, "href") == 0 || strcmp(name, "src") == 0) {
                    add_reference(list, (const char *)value, strlen((const char *)value), line);
                } else {
                    add_css_references(list, (const char *)value, line);
                }
                xmlFree(value);
            }
            if (strcmp((const char *)node->name, "style") == 0) {
                xmlChar *text = xmlNodeGetContent(node);
                if (text) add_css_references(list, (const char *)text, line);
                xmlFree(text);
            }
        }
        // A processing instruction (<?xml-stylesheet href="…"?>) may load a file too.
        if (node->type == XML_PI_NODE && node->content) {
            const char *content = (const char *)node->content;
            for (const char *at = content; (at = strcasestr(at, "href")) != NULL;) {
                at += 4;
                while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r') at++;
                if (*at != '=') continue;
                at++;
                while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r') at++;
                const char *end = (*at == '"' || *at == '\'') ? strchr(at + 1, *at) : NULL;
                // An href without a closing quote is refused as it stands.
                size_t length = end ? (size_t)(end - at - 1) : strlen(at);
                add_reference(list, end ? at + 1 : at, length, line);
                if (!end) break;
                at = end + 1;
            }
        }
        if (node->type == XML_ELEMENT_NODE || node->type == XML_DTD_NODE) collect(node->children, list);
    }
}

int vector_svg_references(
    const uint8_t *bytes, size_t length, char ***references, int **lines, size_t *count, char **error) {
    // No network, no entity substitution, no external DTD: the scan itself loads nothing.
    if (length > INT_MAX) {
        set_error(error, "larger than libxml2 reads (2 GiB)");
        return -1;
    }
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlDoc *document = xmlReadMemory((const char *)bytes, (int)length, NULL, NULL, options);
    if (!document) {
        const xmlError *last = xmlGetLastError();
        set_error(error, last && last->message ? last->message : "not well-formed XML");
        if (error && *error) {
            size_t end = strlen(*error);
            while (end > 0 && (*error)[end - 1] == '\n') (*error)[--end] = '\0';
        }
        return -1;
    }
    reference_list list = {0};
    if (document->intSubset) collect(document->intSubset->children, &list);
    // The document's own children: the root element, and the comments and processing
    // instructions around it.
    collect(document->children, &list);
    xmlFreeDoc(document);
    if (list.failed) {
        for (size_t index = 0; index < list.count; index++) free(list.items[index]);
        free(list.items);
        free(list.lines);
        set_error(error, "out of memory listing its references");
        return -1;
    }
    *references = list.items;
    *lines = list.lines;
    *count = list.count;
    return 0;
}

struct vector_lottie {
    Lottie_Animation *animation;
    /// The animation's in-point: rlottie numbers frames from it.
    size_t first_frame;
};

/// rlottie keeps every model it parses in a process-wide table, by key, without a lock of its
/// own: loads take turns, and the key is the content's (and its folder's) hash, so the same
/// file is parsed once and two different files never share a model.
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

static uint64_t fnv1a(uint64_t hash, const char *text) {
    for (; *text; text++) hash = (hash ^ (uint8_t)*text) * 0x100000001b3ULL;
    return hash;
}

vector_lottie_t *vector_lottie_open(const char *json, const char *resource_folder) {
    char key[64];
    uint64_t hash = fnv1a(fnv1a(0xcbf29ce484222325ULL, json), resource_folder);
    snprintf(key, sizeof key, "pipeline-%016llx-%zu", (unsigned long long)hash, strlen(json));
    pthread_mutex_lock(&loading);
    Lottie_Animation *animation = lottie_animation_from_data(json, key, resource_folder);
    pthread_mutex_unlock(&loading);
    if (!animation) return NULL;
    vector_lottie_t *lottie = malloc(sizeof *lottie);
    lottie->animation = animation;
    lottie->first_frame = lottie_animation_get_frame_at_pos(animation, 0);
    return lottie;
}

void vector_lottie_info(vector_lottie_t *lottie, size_t *frames, double *frame_rate, size_t *width, size_t *height) {
    *frames = lottie_animation_get_totalframe(lottie->animation);
    *frame_rate = lottie_animation_get_framerate(lottie->animation);
    lottie_animation_get_size(lottie->animation, width, height);
}

void vector_lottie_render(
    vector_lottie_t *lottie, size_t frame, uint32_t *pixels, size_t width, size_t height, size_t stride) {
    lottie_animation_render(lottie->animation, lottie->first_frame + frame, pixels, width, height, stride);
}

void vector_lottie_close(vector_lottie_t *lottie) {
    if (!lottie) return;
    pthread_mutex_lock(&loading);
    lottie_animation_destroy(lottie->animation);
    pthread_mutex_unlock(&loading);
    free(lottie);
}
