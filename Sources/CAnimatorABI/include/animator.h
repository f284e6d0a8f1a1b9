/* SPDX-License-Identifier: MIT */
/*
 * animator.h — the pipeline animator ABI, version 1.2.
 *
 * This is the only file a plugin includes (it includes animator_images.h, which lies beside it
 * and declares mixers and effects). A plugin is a shared library that exports one constant,
 * `anim_entry_v1` (see ANIM_ENTRY below). The host opens the library with dlopen(RTLD_NOW |
 * RTLD_LOCAL), reads that struct, checks the ABI version, and calls `init(host)`. During `init`
 * the plugin registers what it provides through the host's `register_*` functions:
 *
 *   - animators: given a progress p and a target layer's state, write layer properties
 *     (frame, anchor, scale, rotation, opacity, corner radius, shadow, mask). Never pixels.
 *   - mixers: given p and two rendered images (`from`, `to`), write output rows.
 *   - effects (ABI 1.2): given their parameters and one layer's rendered pixels, write the
 *     filtered image's rows, and say how far beyond the layer they reach (a blur's extent).
 *   - timing curves: plain C functions such as `double elastic_out(double t, double a, double p)`,
 *     described by a signature string; the host calls them through libffi.
 *
 * Rules that hold for every type in this header:
 *   - C99 only; fixed-width integer types; booleans that cross the boundary inside structs are
 *     uint32_t (0 or 1); no enums inside structs (the ANIM_* constants are uint32_t values).
 *   - Every struct that may grow starts with `struct_size` (the entry keeps it third, after the
 *     version). Fields are only ever appended, within a major version, and each appended field
 *     has zero (0, 0.0, NULL) as its default. The writer sets `struct_size` to sizeof the struct
 *     in the header it was built against. A reader, host or plugin:
 *       - accepts any `struct_size` at least the struct's first released size (for every
 *         struct in this header, its size in ABI 1.0), and refuses less;
 *       - reads and writes only the fields that fit in `struct_size`, and takes the default
 *         (zero) for the fields it knows that do not fit;
 *       - ignores the bytes past the fields it knows: they are fields of a newer minor.
 *     So a plugin checks `struct_size` of what the host hands it (the host, a layer, an image,
 *     call arguments) before it touches a field appended after ABI 1.0: ANIM_HAS_FIELD below
 *     does it, e.g. `ANIM_HAS_FIELD(args, anim_mix_args_t, render_scale)`. Fields appended after
 *     1.0 say in which minor they were ("ABI 1.1").
 *   - An array of growable structs (a descriptor's `params`) is walked by its elements'
 *     `struct_size`, not by the reader's own sizeof: element i starts at
 *     `(const char *)array + i * array[0].struct_size`. Every element of one array has the same
 *     `struct_size`, which a plain C array of one struct type gives by itself.
 *   - These types never grow and carry no size, because they are passed by value, embedded in
 *     other structs or laid out in arrays the reader walks at its own sizeof: anim_point_t,
 *     anim_size_t, anim_rect_t, anim_color_t, anim_mask_shape_t, anim_mask_t, anim_shadow_t,
 *     anim_value_t, anim_requirement_t, anim_reach_t. A change to any of them is a new major
 *     version.
 *   - Optional capabilities are versioned ids, asked for both ways: a plugin asks the host for a
 *     service with `host->get_service(host, id, version)` (NULL: not offered, do without it), and
 *     the host asks the plugin for an extension with the entry's `get_extension(id, version)`.
 *     An id names one interface at one version; a changed interface gets a new version, never
 *     new meaning under an old one. A plugin that cannot work without a service lists it in the
 *     entry's `requirements`: a host that does not offer it skips the plugin, naming the service,
 *     before running any of its code. Nothing else stops a plugin of a newer minor from loading.
 *   - Ownership: strings and descriptors a plugin hands to the host must stay valid until the
 *     plugin's `deinit` returns (static storage is the usual answer). Anything the host passes to
 *     a plugin function is valid for the duration of that call only. Nothing allocated on one
 *     side is ever freed on the other.
 *   - Strings are UTF-8 and NUL-terminated.
 *   - Names: animators, mixers, effects and timing curves are named [a-z][a-z0-9-]* (the name a
 *     pipeline file uses), unique among everything the loaded plugins register of that kind.
 *   - Error buffers: a function that can fail gets `char *error, uint32_t error_size`. `error` is
 *     never NULL and holds error_size bytes (at least 1; this host passes 512), already an empty
 *     string: on failure write a NUL-terminated reason of at most error_size bytes, cut short if
 *     need be. A failure with no reason is reported as "no reason given".
 *   - Coordinates are in pixels with the origin at the top left and y growing downwards.
 *     Angles are in degrees, positive turning clockwise on screen. Times are in seconds.
 *
 * Frames are pure functions of time: the host may call `apply` and `mix` for any frame, in any
 * order, on several threads at once. A plugin must not keep state from one call to the next.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Versions and export
 * ------------------------------------------------------------------------------------------- */

/* A host accepts a plugin whose major equals its own, whatever its minor: a plugin built against a
 * newer minor loads on an older host of the same major (by the growth rules above, the host reads
 * the fields it knows of the plugin's larger structs). Another major is refused. */
#define ANIM_ABI_MAJOR 1
#define ANIM_ABI_MINOR 2

/* Whether `pointer`, a struct of type `type` that starts with `struct_size`, holds `field`:
 * true when its writer's struct reached past the field (by the growth rules above). */
#define ANIM_HAS_FIELD(pointer, type, field) \
    ((pointer)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* The exported entry symbol. Its name carries the major version, so a library built for another
 * major simply does not have the symbol this host looks up. */
#define ANIM_ENTRY anim_entry_v1
#define ANIM_ENTRY_SYMBOL "anim_entry_v1"

/* Exports the entry from the shared library. In C++ it also gives the entry C linkage: without
 * `extern "C"` a `const` at namespace scope has internal linkage there, and would not be exported
 * at all. */
#if defined(__cplusplus)
#define ANIM_C_LINKAGE extern "C"
#else
#define ANIM_C_LINKAGE
#endif

#if defined(_WIN32)
#define ANIM_EXPORT ANIM_C_LINKAGE __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define ANIM_EXPORT ANIM_C_LINKAGE __attribute__((visibility("default")))
#else
#define ANIM_EXPORT ANIM_C_LINKAGE
#endif

/* ---------------------------------------------------------------------------------------------
 * Plain value types (never grow; see the rules at the top for the whole list)
 * ------------------------------------------------------------------------------------------- */

typedef struct anim_point {
    double x, y;
} anim_point_t;

typedef struct anim_size {
    double width, height;
} anim_size_t;

typedef struct anim_rect {
    double x, y, width, height;
} anim_rect_t;

/* sRGB components in [0, 1], straight (not premultiplied) alpha. */
typedef struct anim_color {
    double r, g, b, a;
} anim_color_t;

/* ---------------------------------------------------------------------------------------------
 * Layer state: what animators read and write
 * ------------------------------------------------------------------------------------------- */

/* Mask shape kinds. Every shape is placed by `rect`, in the layer's own coordinates (0,0 is the
 * top left corner of the layer's frame, before its transform). */
#define ANIM_MASK_SHAPE_RECT 1u          /* the rect */
#define ANIM_MASK_SHAPE_ROUNDED_RECT 2u  /* the rect with `corner_radius` */
#define ANIM_MASK_SHAPE_CIRCLE 3u        /* circle centred in rect, radius min(width, height) / 2 */
#define ANIM_MASK_SHAPE_ELLIPSE 4u       /* ellipse inscribed in rect */

#define ANIM_FILL_NONZERO 0u
#define ANIM_FILL_EVEN_ODD 1u

#define ANIM_MASK_MAX_SHAPES 4u

typedef struct anim_mask_shape {
    uint32_t kind;                       /* ANIM_MASK_SHAPE_* */
    uint32_t reserved;                   /* 0 */
    anim_rect_t rect;
    double corner_radius;                /* ANIM_MASK_SHAPE_ROUNDED_RECT only */
} anim_mask_shape_t;

/* A mask keeps the part of the layer covered by its shapes, filled with `fill_rule`. With
 * `inverted` it keeps the part outside instead. `shape_count == 0` means no mask.
 * A hole is two shapes with ANIM_FILL_EVEN_ODD: the layer's bounds and the hole inside them. */
typedef struct anim_mask {
    uint32_t shape_count;                /* 0 ... ANIM_MASK_MAX_SHAPES */
    uint32_t fill_rule;                  /* ANIM_FILL_NONZERO or ANIM_FILL_EVEN_ODD */
    uint32_t inverted;                   /* 0 or 1 */
    uint32_t reserved;                   /* 0 */
    anim_mask_shape_t shapes[ANIM_MASK_MAX_SHAPES];
} anim_mask_t;

/* A drop shadow of the layer's shape (its rounded frame), blurred. `opacity == 0` means none. */
typedef struct anim_shadow {
    anim_color_t color;
    double opacity;                      /* [0, 1], multiplies color.a */
    double radius;                       /* blur radius in pixels, >= 0 */
    anim_point_t offset;                 /* pixels */
} anim_shadow_t;

/* The state of one layer at one instant, Core Animation style. The layer is drawn as its frame,
 * scaled and rotated around its anchor point, then moved by `translation`. */
typedef struct anim_layer {
    uint32_t struct_size;                /* sizeof(anim_layer_t) of whoever filled it */
    uint32_t hidden;                     /* 0 or 1 */
    const char *name;                    /* host-owned; read only */
    anim_rect_t frame;                   /* parent's coordinates (the canvas's at the top), before the transform */
    anim_point_t anchor;                 /* unit coordinates in the frame; (0.5, 0.5) is the centre */
    anim_point_t scale;                  /* 1 = unscaled */
    double rotation;                     /* degrees, clockwise */
    anim_point_t translation;            /* pixels */
    double opacity;                      /* [0, 1] */
    double corner_radius;                /* pixels; clips contents to a rounded frame */
    anim_shadow_t shadow;
    anim_mask_t mask;
} anim_layer_t;

/* ---------------------------------------------------------------------------------------------
 * Parameters
 * ------------------------------------------------------------------------------------------- */

/* Parameter types and how they are written in a pipeline file (JSON). */
#define ANIM_PARAM_NUMBER 1u    /* 0.5                         value: v[0]                     */
#define ANIM_PARAM_INTEGER 2u   /* 3                           value: i (and v[0])             */
#define ANIM_PARAM_BOOL 3u      /* true                        value: i = 0 or 1 (and v[0])    */
#define ANIM_PARAM_COLOR 4u     /* "#rrggbb" or "#rrggbbaa"    value: v = r, g, b, a in [0, 1] */
#define ANIM_PARAM_POINT 5u     /* [x, y]                      value: v[0], v[1]               */
#define ANIM_PARAM_SIZE 6u      /* [width, height]             value: v[0], v[1]               */
#define ANIM_PARAM_RECT 7u      /* [x, y, width, height]       value: v[0] ... v[3]            */
#define ANIM_PARAM_STRING 8u    /* "text"                      value: s                        */
#define ANIM_PARAM_ENUM 9u      /* one of `choices`            value: s and its index in i     */
#define ANIM_PARAM_LAYER 10u    /* a layer's name              value: s and layer              */

/* Flags of a parameter descriptor. */
#define ANIM_PARAM_REQUIRED 1u       /* the pipeline must give it; the default is not used */
/* A POINT or RECT parameter that may also be given as a layer's name. The host then passes that
 * layer's current visual centre (POINT) or visual frame (RECT) as it is at the moment of the call,
 * together with the layer itself in `layer`: in the coordinates of the target layer's parent (the
 * canvas's for a top-level target or a mixer), where the target's `frame` is. */
#define ANIM_PARAM_ACCEPTS_LAYER 2u

/* Describes one parameter. The host validates pipeline files against these before rendering and
 * hands the plugin real values (never a normalised 0-1). Static and side-effect free. */
typedef struct anim_param_desc {
    uint32_t struct_size;
    uint32_t type;                       /* ANIM_PARAM_* */
    uint32_t flags;                      /* ANIM_PARAM_REQUIRED | ANIM_PARAM_ACCEPTS_LAYER */
    uint32_t reserved;                   /* 0 */
    const char *id;                      /* JSON key: [a-zA-Z][a-zA-Z0-9_-]*, unique in its list */
    const char *doc;                     /* one line */
    const char *unit;                    /* "px", "deg", "s", "" ...; NULL means none */
    /* NUMBER, INTEGER, POINT, SIZE, RECT: every component must lie in [min, max]. Finite.
     * BOOL, COLOR (components 0..1), STRING, ENUM and LAYER have no range: min and max are
     * ignored (set them to 0). */
    double min, max;
    /* NUMBER/INTEGER/BOOL: default_value[0]; POINT/SIZE: [0..1]; RECT, COLOR: [0..3].
     * Must lie in [min, max] where a range applies. */
    double default_value[4];
    /* STRING and ENUM default; LAYER: NULL (a layer parameter is required or absent). */
    const char *default_string;
    /* ENUM only: the allowed values separated by '|', e.g. "left|right|top|bottom". */
    const char *choices;
} anim_param_desc_t;

/* One parameter value as the host passes it to a plugin. Valid for the call only. */
typedef struct anim_value {
    uint32_t type;                       /* ANIM_PARAM_*, same as the descriptor */
    uint32_t is_set;                     /* 1 if the pipeline gave it, 0 if it is the default */
    double v[4];                         /* numeric components (see the table above) */
    int64_t i;                           /* INTEGER value, BOOL 0/1, ENUM index */
    const char *s;                       /* STRING text, ENUM choice, layer name; else NULL */
    const anim_layer_t *layer;           /* a named layer's current state; else NULL */
} anim_value_t;

/* ---------------------------------------------------------------------------------------------
 * Animators
 * ------------------------------------------------------------------------------------------- */

/* Concurrency levels an animator or mixer declares. */
#define ANIM_CONCURRENCY_REENTRANT 0u /* default: apply/mix are pure, callable from many threads */
#define ANIM_CONCURRENCY_SERIAL 1u    /* the host never runs two calls of one instance at once */

typedef struct anim_create_args {
    uint32_t struct_size;
    uint32_t param_count;                /* equals the descriptor's param_count */
    anim_size_t canvas;
    const anim_value_t *params;          /* in descriptor order; layer values hold base states */
    const anim_layer_t *target;          /* the target layer as the pipeline file describes it; NULL for mixers */
    double duration;                     /* the step's duration in seconds */
    /* ABI 1.1. Image pixels per canvas pixel of this render: 0.5 under `--scale 0.5`. A mixer
     * scales pixel-valued parameters by it (they are in canvas pixels, its images are not). */
    double render_scale;
    /* ABI 1.2. Effects and mixers: the descriptor's `user_data`, so that one `create` can serve
     * several registered effects or mixers. NULL for animators. */
    const void *user_data;
} anim_create_args_t;

typedef struct anim_apply_args {
    uint32_t struct_size;
    uint32_t param_count;
    /* The step's progress after its timing curve: 0 at the start, 1 at the end. Springs and
     * overshooting curves leave [0, 1]; animators extrapolate rather than clamp. A reversed step
     * gets 1 - curve(t): the host plays it backwards, the animator need not know. */
    double progress;
    double time;                         /* seconds since the pipeline start */
    double duration;                     /* the step's duration in seconds */
    anim_size_t canvas;
    const anim_value_t *params;          /* in descriptor order, current values */
    void *instance;                      /* what `create` returned; NULL if there is no create */
} anim_apply_args_t;

/* Flags of an animator descriptor (ABI 1.2). */
/* The animator brings its target in: its start state (progress 0) is the target not yet shown
 * (a reveal's mask closed onto its origin, a slide's layer beyond its edge). A step running it
 * without a `fillMode` in the pipeline file then holds that start state from the render's start
 * until the step starts (its fill is "both": the start state before the start, the end state
 * after the end), so the layers below show until the transition begins. A `fillMode` written in
 * the step overrides it. Without the flag the step has no effect before its start ("forwards"). */
#define ANIM_ANIMATOR_BRINGS_IN 1u

typedef struct anim_animator_desc {
    uint32_t struct_size;
    uint32_t concurrency;                /* ANIM_CONCURRENCY_* */
    const char *name;                    /* used in pipeline files: [a-z][a-z0-9-]*, unique */
    const char *version;                 /* e.g. "1.0.0" */
    const char *doc;                     /* one line */
    /* param_count descriptors, walked by params[0].struct_size; may be NULL when param_count is 0 */
    const anim_param_desc_t *params;
    uint32_t param_count;
    uint32_t reserved;                   /* 0 */

    /* Optional (NULL). Called once per timeline step before rendering, on the main thread.
     * Returns the step's instance, or NULL on failure after writing a one-line reason into
     * `error` (at most error_size bytes, NUL-terminated). The instance is owned by the plugin. */
    void *(*create)(const anim_create_args_t *args, char *error, uint32_t error_size);

    /* Optional. Frees what `create` returned. Called once, on the main thread, after the last
     * apply of that instance. */
    void (*destroy)(void *instance);

    /* Required. Writes the target's properties for `args->progress`. `target` holds the layer's
     * current state: the pipeline's base state with every earlier step already applied; change
     * only what this animator animates. Called from any thread, concurrently for different
     * frames unless the descriptor says ANIM_CONCURRENCY_SERIAL. Must not block or allocate
     * unboundedly. Returns false on failure after writing a one-line reason into `error`; the
     * host then stops the render and reports the plugin, the step and the frame. A property
     * left unusable (NaN, infinite, a negative size, an opacity outside [0, 1]) is replaced by
     * its value before the call and reported once; the render goes on and exits with status 2. */
    bool (*apply)(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                  uint32_t error_size);
    uint32_t flags;                      /* ABI 1.2: ANIM_ANIMATOR_* */
    uint32_t reserved2;                  /* ABI 1.2: 0 */
} anim_animator_desc_t;

/* ---------------------------------------------------------------------------------------------
 * Mixers and effects: the plugins that work on images, in animator_images.h beside this header
 * ------------------------------------------------------------------------------------------- */

#include "animator_images.h"

/* ---------------------------------------------------------------------------------------------
 * Timing curves
 * ------------------------------------------------------------------------------------------- */

/* Any C function pointer; the signature string says how to call it. */
typedef void (*anim_function_t)(void);

/* A timing curve is a plain C function registered as it is, no wrapper needed. The signature
 * string is `R(T;A...)`: R the return type, T the type of the progress argument t in [0, 1],
 * and after ';' the extra arguments the pipeline supplies in `"args"`. Type letters:
 * 'd' double, 'f' float, 'i' int32_t, 'l' int64_t (R and T: 'd' or 'f').
 * Examples: "d(d)"  double ease(double t);
 *           "d(d;dd)"  double elastic_out(double t, double amplitude, double period);
 *           "f(f)"  float back_in(float t);   "d(d;i)"  double steps(double t, int32_t n);
 * The function must be pure and thread-safe: the host calls it from any thread. */
typedef struct anim_curve_desc {
    uint32_t struct_size;
    uint32_t reserved;                   /* 0 */
    const char *name;                    /* used in pipeline files: [a-z][a-z0-9-]*, unique */
    const char *doc;                     /* one line */
    const char *signature;
    /* Names of the extra arguments separated by ',' ("amplitude,period"), NULL if none. */
    const char *arg_names;
    /* NULL: the pipeline must give every extra argument. Otherwise one default per extra
     * argument, used when the pipeline gives no "args" at all. */
    const double *arg_defaults;
    anim_function_t function;
} anim_curve_desc_t;

/* ---------------------------------------------------------------------------------------------
 * The host
 * ------------------------------------------------------------------------------------------- */

typedef struct anim_host anim_host_t;

struct anim_host {
    uint32_t struct_size;
    uint32_t abi_major;                  /* the host's ABI version */
    uint32_t abi_minor;
    uint32_t reserved;
    const char *host_name;               /* "pipeline" */
    const char *host_version;
    void *host_data;                     /* the host's own; plugins must not touch it */

    /* Registration. Call only from `init`, on the thread that called it. The descriptor (and
     * everything it points to) must stay valid until `deinit`. Returns false when the host
     * refuses the descriptor (invalid field, a name this plugin already registered for that
     * kind) or the call (from another thread, or after `init` returned); the host reports why. */
    bool (*register_animator)(const anim_host_t *host, const anim_animator_desc_t *desc);
    bool (*register_mixer)(const anim_host_t *host, const anim_mixer_desc_t *desc);
    bool (*register_curve)(const anim_host_t *host, const anim_curve_desc_t *desc);

    /* Looks up a host service by id and version, e.g. get_service(host, ANIM_SERVICE_LOG, 1).
     * Returns NULL when the host does not offer it: plugins must cope. A returned service stays
     * valid until `deinit`. Callable from any thread. */
    const void *(*get_service)(const anim_host_t *host, const char *id, uint32_t version);

    /* ABI 1.2. As register_animator, for an effect. A host older than 1.2 does not have it: check
     * ANIM_HAS_FIELD(host, anim_host_t, register_effect), or list the "effects" service in the
     * entry's requirements, which such a host refuses with a message naming both versions. */
    bool (*register_effect)(const anim_host_t *host, const anim_effect_desc_t *desc);
};

/* Service "log", version 1: messages appear on the host's standard error, prefixed with the
 * plugin's file name. Warnings and errors always appear; debug and info messages only when the
 * host runs with the environment variable PIPELINE_VERBOSE=1. Callable from any thread. */
#define ANIM_SERVICE_LOG "log"

#define ANIM_LOG_DEBUG 0u
#define ANIM_LOG_INFO 1u
#define ANIM_LOG_WARNING 2u
#define ANIM_LOG_ERROR 3u

typedef struct anim_log_service_v1 {
    uint32_t struct_size;
    uint32_t reserved;
    void (*log)(const anim_host_t *host, uint32_t level, const char *message);
} anim_log_service_v1_t;

/* Service "native-pixels", version 1 (ABI 1.1): the host can lend mixers its own pixels (see
 * ANIM_MIXER_NATIVE_PIXELS), and this is their layout: 4 bytes per pixel, premultiplied, each
 * channel at the byte offset given (0 ... 3). On a little-endian machine the compositor (Cairo's
 * ARGB32) stores B, G, R, A: red 2, green 1, blue 0, alpha 3. */
#define ANIM_SERVICE_NATIVE_PIXELS "native-pixels"

typedef struct anim_native_pixels_v1 {
    uint32_t struct_size;
    uint32_t red;                        /* byte offset of red in a pixel */
    uint32_t green;
    uint32_t blue;
    uint32_t alpha;
    uint32_t reserved;
} anim_native_pixels_v1_t;

/* Service "effects", version 1 (ABI 1.2): the host registers effects (`register_effect`) and
 * applies them to layers. A plugin that registers effects lists it in its requirements. */
#define ANIM_SERVICE_EFFECTS "effects"

typedef struct anim_effects_v1 {
    uint32_t struct_size;
    uint32_t max_reach;                  /* ANIM_REACH_MAX */
} anim_effects_v1_t;

/* ---------------------------------------------------------------------------------------------
 * Plugin extensions: what the host may ask a plugin for (the entry's `get_extension`)
 * ------------------------------------------------------------------------------------------- */

/* Extension "about", version 1: who made the plugin and under which licence, for listings
 * (`pipeline plugins`). Any field may be NULL. */
#define ANIM_EXTENSION_ABOUT "about"

typedef struct anim_about_v1 {
    uint32_t struct_size;
    uint32_t reserved;
    const char *author;                  /* "Ada Lovelace <ada@example.org>" */
    const char *homepage;                /* a URL */
    const char *license;                 /* an SPDX expression, e.g. "MIT" */
} anim_about_v1_t;

/* A host service a plugin cannot do without: `id` at `version`, as get_service takes them. */
typedef struct anim_requirement {
    const char *id;
    uint32_t version;
    uint32_t reserved;                   /* 0 */
} anim_requirement_t;

/* ---------------------------------------------------------------------------------------------
 * The entry
 * ------------------------------------------------------------------------------------------- */

/* The one exported symbol. Unlike every other struct it starts with the ABI version, so a host
 * can read the version of any plugin before anything else; `struct_size` follows.
 *
 * Most plugins define it with ANIM_DEFINE_ENTRY (below), which fills every field this header
 * knows, so the same line builds against later minors:
 *
 *     ANIM_DEFINE_ENTRY("org.example.wobble", "1.0.0", "A wobbling animator", wobble_init, NULL);
 *
 * A plugin with requirements or extensions writes the entry out, designated in C:
 *
 *     static const anim_requirement_t wobble_requirements[] = {
 *         {ANIM_SERVICE_NATIVE_PIXELS, 1, 0}, {NULL, 0, 0},
 *     };
 *     ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
 *         .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR, .struct_size = sizeof(anim_entry_t),
 *         .plugin_id = "org.example.wobble", .plugin_version = "1.0.0",
 *         .description = "A wobbling animator", .init = wobble_init,
 *         .requirements = wobble_requirements, .get_extension = wobble_get_extension,
 *     };
 *
 * Both serve C and C++ (C++20 for the designated form): ANIM_EXPORT gives the entry C linkage. */
typedef struct anim_entry {
    uint32_t abi_major;                  /* ANIM_ABI_MAJOR the plugin was built against */
    uint32_t abi_minor;                  /* ANIM_ABI_MINOR the plugin was built against */
    uint32_t struct_size;                /* sizeof(anim_entry_t) */
    uint32_t reserved;                   /* 0 */
    const char *plugin_id;               /* reverse-DNS style, e.g. "org.pipeline.fade" */
    const char *plugin_version;
    const char *description;             /* one line */

    /* Called once after loading, on the main thread, before anything else. Registers what the
     * plugin provides. `host` stays valid until `deinit` returns: a plugin may keep it (to log
     * from `apply`, say). Returns false on failure (log the reason through the log service first);
     * the host then ignores everything the plugin registered and never calls it again. */
    bool (*init)(const anim_host_t *host);

    /* Optional. Called once when the host is done, on the main thread, after every instance has
     * been destroyed. The host may never unload the library. */
    void (*deinit)(void);

    /* ABI 1.1, optional (NULL). The host services the plugin cannot work without, ended by an
     * element whose id is NULL. The host checks them before `init`, and skips a plugin whose
     * requirement it does not offer with a message naming it. A 1.0 host reads neither this
     * field nor the next: a plugin that must not run there checks `host->abi_minor` in `init`. */
    const anim_requirement_t *requirements;

    /* ABI 1.1, optional (NULL). Returns the plugin's extension `id` at `version` (see "Plugin
     * extensions"), or NULL when the plugin does not offer it. The host calls it only after
     * `init` returned true, on the main thread; what it returns must stay valid until `deinit`. */
    const void *(*get_extension)(const char *id, uint32_t version);
} anim_entry_t;

/* Defines and exports the entry with no requirements and no extensions. */
#define ANIM_DEFINE_ENTRY(plugin_id, plugin_version, description, init, deinit)                       \
    ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), \
                                                 0, plugin_id, plugin_version, description, init,       \
                                                 deinit, NULL, NULL}

#ifdef __cplusplus
}
#endif
