/*
 * frei0r_plugin.h — what frei0r_adapter.c (the calls: pixels, instances, parameters, effects and
 * mixers) and frei0r_registration.c (reading a frei0r library and registering what it offers)
 * share: the record of a plugin, and the calls registration puts in the descriptors.
 */
#pragma once

#include "frei0r_adapter.h"

#include <frei0r.h>

#include <pthread.h>
#include <stdint.h>

typedef f0r_instance_t (*construct_fn)(unsigned int, unsigned int);
typedef void (*destruct_fn)(f0r_instance_t);
typedef void (*param_value_fn)(f0r_instance_t, f0r_param_t, int);
typedef void (*update_fn)(f0r_instance_t, double, const uint32_t *, uint32_t *);
typedef void (*update2_fn)(f0r_instance_t, double, const uint32_t *, const uint32_t *, const uint32_t *,
                           uint32_t *);

#define PLUGIN_MAGIC 0x66723072u /* "fr0r" */
#define MIXER_INSTANCE_MAGIC 0x6d697832u

/* One frei0r plugin, as its effect's or mixer's user_data. Lives as long as the process. */
typedef struct frei0r_plugin {
    uint32_t magic;
    int color_model;                     /* F0R_COLOR_MODEL_* */
    const char *name;                    /* "frei0r.<base name>", for messages */
    uint32_t param_count;                /* registered parameters, FREI0R_ADAPTER_MAX_PARAMS at most */
    int param_types[FREI0R_ADAPTER_MAX_PARAMS]; /* F0R_PARAM_* of each */
    construct_fn construct;
    destruct_fn destruct;
    param_value_fn set_param_value;
    update_fn update;                    /* filters */
    update2_fn update2;                  /* mixer2 */
    /* Plugins built on frei0r.hpp (most of Debian's C++ ones) keep their parameters' table in one
     * static vector per library, which f0r_construct clears and refills and f0r_set_param_value
     * reads: constructing on one thread while setting a parameter on another reads a vector being
     * rebuilt. So f0r_construct and f0r_destruct take this lock for writing, f0r_set_param_value
     * for reading (f0r_update does not touch the table). */
    pthread_rwlock_t table_lock;
    /* What the record's registration allocated, kept for the life of the process like the record
     * itself (the host keeps its own copy of the descriptor, and pointers into the rest). */
    const void *descriptor;
    anim_param_desc_t *params;
    char *doc, *version;
    /* Every record made, registered or not, stays reachable from `kept_plugins`. */
    struct frei0r_plugin *next;
} frei0r_plugin_t;

typedef struct mixer_instance {
    uint32_t magic;
    const frei0r_plugin_t *plugin;
} mixer_instance_t;

/* A frei0r number or position clamped to [0, 1], frei0r's range. */
static inline double unit(double value) {
    if (!(value >= 0.0)) return 0.0; /* NaN too */
    return value > 1.0 ? 1.0 : value;
}

/* The pipeline parameter type a frei0r one is offered as, or 0 for one pipeline does not take. */
static inline uint32_t anim_type_of(int frei0r_type) {
    switch (frei0r_type) {
    case F0R_PARAM_BOOL: return ANIM_PARAM_BOOL;
    case F0R_PARAM_DOUBLE: return ANIM_PARAM_NUMBER;
    case F0R_PARAM_COLOR: return ANIM_PARAM_COLOR;
    case F0R_PARAM_POSITION: return ANIM_PARAM_POINT;
    case F0R_PARAM_STRING: return ANIM_PARAM_STRING;
    default: return 0;
    }
}

/* The effect's and the mixer's calls, which registration puts in their descriptors. */
__attribute__((visibility("hidden"))) bool frei0r_effect_apply(const anim_effect_args_t *args, char *error,
                                                               uint32_t error_size);
__attribute__((visibility("hidden"))) void *frei0r_mixer_create(const anim_create_args_t *args, char *error,
                                                                uint32_t error_size);
__attribute__((visibility("hidden"))) void frei0r_mixer_destroy(void *instance);
__attribute__((visibility("hidden"))) bool frei0r_mixer_mix(const anim_mix_args_t *args, char *error,
                                                            uint32_t error_size);
