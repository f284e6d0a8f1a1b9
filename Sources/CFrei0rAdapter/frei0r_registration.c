/*
 * frei0r_registration.c — a frei0r library read (its symbols, its information, its parameters
 * and their defaults from an instance at the probe size) and registered as an effect or a mixer
 * (frei0r_adapter.h). Like the calls, it checks what the plugin reports before using it.
 */
#define _POSIX_C_SOURCE 200809L

#include "frei0r_plugin.h"
#include "failure_text.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static frei0r_plugin_t *kept_plugins;
static pthread_mutex_t kept_plugins_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---------------------------------------------------------------------------------------------
 * Messages
 * ------------------------------------------------------------------------------------------- */


/* A copy of `text` on one line: control characters (a frei0r explanation's newlines) become
 * spaces, runs of spaces one, and the ends are trimmed. NULL gives "". NULL only when out of memory. */
static char *one_line(const char *text) {
    if (text == NULL) text = "";
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy == NULL) return NULL;
    size_t used = 0;
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        if ((unsigned char)c < 0x20 || c == 0x7f) c = ' ';
        if (c == ' ' && (used == 0 || copy[used - 1] == ' ')) continue;
        copy[used++] = c;
    }
    while (used > 0 && copy[used - 1] == ' ') used--;
    copy[used] = '\0';
    return copy;
}

static void host_log(const anim_host_t *host, uint32_t level, const char *message) {
    if (host->get_service == NULL) return;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log != NULL && log->struct_size >= offsetof(anim_log_service_v1_t, log) + sizeof log->log &&
        log->log != NULL)
        log->log(host, level, message);
}

/* ---------------------------------------------------------------------------------------------
 * Registration
 * ------------------------------------------------------------------------------------------- */

/* dlsym's object pointer as a function pointer, the way POSIX allows. */
#define LOOKUP(handle, symbol, into)                     \
    do {                                                 \
        void *address_ = dlsym((handle), (symbol));      \
        memcpy(&(into), &address_, sizeof(into));        \
    } while (0)

static const char *plugin_type_name(int type) {
    switch (type) {
    case F0R_PLUGIN_TYPE_FILTER: return "a filter";
    case F0R_PLUGIN_TYPE_SOURCE: return "a source plugin";
    case F0R_PLUGIN_TYPE_MIXER2: return "a mixer2";
    case F0R_PLUGIN_TYPE_MIXER3: return "a mixer3 plugin";
    default: return "a plugin of an unknown kind";
    }
}

/* Reads parameter `index`'s default from `instance` into `desc`; logs a value it had to clamp. */
static bool read_default(const anim_host_t *host, const char *name, void (*get_param_value)(f0r_instance_t, f0r_param_t, int),
                         f0r_instance_t instance, int index, int type, anim_param_desc_t *desc) {
    double raw[4] = {0, 0, 0, 0};
    switch (type) {
    case F0R_PARAM_BOOL: {
        f0r_param_bool flag = 0.0;
        get_param_value(instance, &flag, index);
        desc->default_value[0] = flag >= 0.5 ? 1.0 : 0.0;
        return true;
    }
    case F0R_PARAM_DOUBLE: {
        f0r_param_double number = 0.0;
        get_param_value(instance, &number, index);
        raw[0] = number;
        desc->default_value[0] = unit(number);
        desc->min = 0.0;
        desc->max = 1.0;
        break;
    }
    case F0R_PARAM_COLOR: {
        f0r_param_color_t color = {0, 0, 0};
        get_param_value(instance, &color, index);
        raw[0] = color.r, raw[1] = color.g, raw[2] = color.b, raw[3] = 1.0;
        for (int i = 0; i < 4; i++) desc->default_value[i] = unit(raw[i]);
        break;
    }
    case F0R_PARAM_POSITION: {
        f0r_param_position_t position = {0, 0};
        get_param_value(instance, &position, index);
        raw[0] = position.x, raw[1] = position.y;
        desc->default_value[0] = unit(position.x);
        desc->default_value[1] = unit(position.y);
        desc->min = 0.0;
        desc->max = 1.0;
        break;
    }
    case F0R_PARAM_STRING: {
        f0r_param_string text = NULL;
        get_param_value(instance, &text, index);
        desc->default_string = strdup(text != NULL ? text : "");
        return desc->default_string != NULL;
    }
    default: return false;
    }
    for (int i = 0; i < 4; i++)
        if (raw[i] != desc->default_value[i]) {
            char message[256];
            snprintf(message, sizeof message,
                     "%s: parameter \"%s\" defaults to %g, outside frei0r's range [0, 1]; its default is %g",
                     name, desc->id, raw[i], desc->default_value[i]);
            host_log(host, ANIM_LOG_WARNING, message);
            break;
        }
    return true;
}

bool frei0r_adapter_register(void *handle, const char *base_name, const anim_host_t *host, char *error,
                             uint32_t error_size) {
    if (handle == NULL) return fail_with(error, error_size, "no frei0r library handle");
    if (base_name == NULL || base_name[0] == '\0')
        return fail_with(error, error_size, "no base name for the frei0r plugin");
    if (host == NULL || host->struct_size < offsetof(anim_host_t, get_service) + sizeof host->get_service)
        return fail_with(error, error_size, "frei0r.%s: no usable host", base_name);
    /* Effects, and the user_data that tells a mixer's create which plugin it serves, are ABI 1.2. */
    if (host->abi_major != ANIM_ABI_MAJOR || host->abi_minor < 2)
        return fail_with(error, error_size,
                         "frei0r.%s: frei0r plugins need a host of ABI 1.2 or later, not %u.%u", base_name,
                         (unsigned)host->abi_major, (unsigned)host->abi_minor);

    int (*init)(void) = NULL;
    void (*get_plugin_info)(f0r_plugin_info_t *) = NULL;
    void (*get_param_info)(f0r_param_info_t *, int) = NULL;
    void (*get_param_value)(f0r_instance_t, f0r_param_t, int) = NULL;
    frei0r_plugin_t found = {0};
    LOOKUP(handle, "f0r_init", init);
    LOOKUP(handle, "f0r_get_plugin_info", get_plugin_info);
    LOOKUP(handle, "f0r_get_param_info", get_param_info);
    LOOKUP(handle, "f0r_get_param_value", get_param_value);
    LOOKUP(handle, "f0r_construct", found.construct);
    LOOKUP(handle, "f0r_destruct", found.destruct);
    LOOKUP(handle, "f0r_set_param_value", found.set_param_value);
    LOOKUP(handle, "f0r_update", found.update);
    LOOKUP(handle, "f0r_update2", found.update2);
    struct {
        const char *symbol;
        bool present;
    } required[] = {
        {"f0r_init", init != NULL},
        {"f0r_get_plugin_info", get_plugin_info != NULL},
        {"f0r_get_param_info", get_param_info != NULL},
        {"f0r_get_param_value", get_param_value != NULL},
        {"f0r_construct", found.construct != NULL},
        {"f0r_destruct", found.destruct != NULL},
        {"f0r_set_param_value", found.set_param_value != NULL},
    };
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!required[i].present)
            return fail_with(error, error_size, "frei0r.%s: the library has no %s", base_name, required[i].symbol);

    if (init() == 0) return fail_with(error, error_size, "frei0r.%s: f0r_init failed", base_name);
    f0r_plugin_info_t info;
    memset(&info, 0, sizeof info);
    info.frei0r_version = -1;
    info.plugin_type = -1;
    info.color_model = -1;
    get_plugin_info(&info);
    if (info.frei0r_version != FREI0R_MAJOR_VERSION)
        return fail_with(error, error_size, "frei0r.%s: built for frei0r %d, not %d", base_name, info.frei0r_version,
                         FREI0R_MAJOR_VERSION);
    if (info.plugin_type != F0R_PLUGIN_TYPE_FILTER && info.plugin_type != F0R_PLUGIN_TYPE_MIXER2)
        return fail_with(error, error_size,
                         "frei0r.%s: %s (type %d); pipeline hosts only filters and mixer2", base_name,
                         plugin_type_name(info.plugin_type), info.plugin_type);
    const bool is_mixer = info.plugin_type == F0R_PLUGIN_TYPE_MIXER2;
    if (!is_mixer && found.update == NULL)
        return fail_with(error, error_size, "frei0r.%s: the library has no f0r_update", base_name);
    if (is_mixer && found.update2 == NULL)
        return fail_with(error, error_size, "frei0r.%s: the library has no f0r_update2", base_name);
    if (info.color_model != F0R_COLOR_MODEL_BGRA8888 && info.color_model != F0R_COLOR_MODEL_RGBA8888 &&
        info.color_model != F0R_COLOR_MODEL_PACKED32)
        return fail_with(error, error_size, "frei0r.%s: unknown colour model %d", base_name, info.color_model);
    if (info.num_params < 0)
        return fail_with(error, error_size, "frei0r.%s: declares %d parameters", base_name, info.num_params);
    if (is_mixer ? (host->register_mixer == NULL)
                 : (!ANIM_HAS_FIELD(host, anim_host_t, register_effect) || host->register_effect == NULL))
        return fail_with(error, error_size, "frei0r.%s: the host cannot register %s", base_name,
                         is_mixer ? "mixers" : "effects (ABI 1.2)");

    /* Everything from here on lives as long as the process: the host keeps pointers into it. */
    frei0r_plugin_t *plugin = malloc(sizeof *plugin);
    size_t name_size = strlen("frei0r.") + strlen(base_name) + 1;
    char *name = malloc(name_size);
    if (plugin == NULL || name == NULL) {
        free(plugin);
        free(name);
        return fail_with(error, error_size, "frei0r.%s: out of memory", base_name);
    }
    snprintf(name, name_size, "frei0r.%s", base_name);
    *plugin = found;
    if (pthread_rwlock_init(&plugin->table_lock, NULL) != 0) {
        free(plugin);
        free(name);
        return fail_with(error, error_size, "frei0r.%s: cannot make a lock", base_name);
    }
    plugin->magic = PLUGIN_MAGIC;
    plugin->color_model = info.color_model;
    plugin->name = name;
    plugin->descriptor = NULL;
    plugin->params = NULL;
    plugin->doc = plugin->version = NULL;
    pthread_mutex_lock(&kept_plugins_lock);
    plugin->next = kept_plugins;
    kept_plugins = plugin;
    pthread_mutex_unlock(&kept_plugins_lock);
    plugin->param_count =
        (uint32_t)info.num_params > FREI0R_ADAPTER_MAX_PARAMS ? FREI0R_ADAPTER_MAX_PARAMS : (uint32_t)info.num_params;
    if ((uint32_t)info.num_params > FREI0R_ADAPTER_MAX_PARAMS) {
        char message[200];
        snprintf(message, sizeof message, "%s: declares %d parameters; only the first %u are offered", name,
                 info.num_params, FREI0R_ADAPTER_MAX_PARAMS);
        host_log(host, ANIM_LOG_WARNING, message);
    }

    anim_param_desc_t *params = plugin->param_count > 0 ? calloc(plugin->param_count, sizeof *params) : NULL;
    if (plugin->param_count > 0 && params == NULL) return fail_with(error, error_size, "%s: out of memory", name);
    plugin->params = params;
    for (uint32_t i = 0; i < plugin->param_count; i++) {
        /* Copied at once: frei0r.hpp plugins hand out pointers into the table f0r_construct rebuilds. */
        f0r_param_info_t param;
        memset(&param, 0, sizeof param);
        param.type = -1;
        get_param_info(&param, (int)i);
        uint32_t type = anim_type_of(param.type);
        if (type == 0)
            return fail_with(error, error_size,
                             "%s: parameter %u has unknown type %d", name, (unsigned)i + 1, param.type);
        plugin->param_types[i] = param.type;
        anim_param_desc_t *desc = &params[i];
        desc->struct_size = sizeof *desc;
        desc->type = type;
        /* frei0r's own name ("Block width"), as the spec for frei0r effects says; a plugin that
         * gives none, or the same twice, gets its parameter's position. */
        char *id = one_line(param.name);
        if (id == NULL) return fail_with(error, error_size, "%s: out of memory", name);
        bool taken = id[0] == '\0';
        for (uint32_t j = 0; j < i && !taken; j++) taken = strcmp(params[j].id, id) == 0;
        if (taken) {
            free(id);
            id = malloc(24);
            if (id == NULL) return fail_with(error, error_size, "%s: out of memory", name);
            snprintf(id, 24, "param%u", (unsigned)i + 1);
        }
        desc->id = id;
        desc->doc = one_line(param.explanation);
        if (desc->doc == NULL) return fail_with(error, error_size, "%s: out of memory", name);
    }

    /* The defaults, from an instance at the probe size. */
    f0r_instance_t probe = plugin->construct(FREI0R_ADAPTER_PROBE_SIZE, FREI0R_ADAPTER_PROBE_SIZE);
    if (probe == NULL)
        return fail_with(error, error_size, "%s: f0r_construct(%u, %u) returned NULL", name, FREI0R_ADAPTER_PROBE_SIZE,
                         FREI0R_ADAPTER_PROBE_SIZE);
    bool defaults_read = true;
    for (uint32_t i = 0; i < plugin->param_count && defaults_read; i++)
        defaults_read = read_default(host, name, get_param_value, probe, (int)i, plugin->param_types[i], &params[i]);
    plugin->destruct(probe);
    if (!defaults_read) return fail_with(error, error_size, "%s: out of memory", name);

    /* The doc: "<frei0r name>: <explanation> (by <author>)", on one line. */
    char *title = one_line(info.name), *explanation = one_line(info.explanation), *author = one_line(info.author);
    size_t doc_size =
        title && explanation && author ? strlen(title) + strlen(explanation) + strlen(author) + 64 : 0;
    char *doc = doc_size > 0 ? malloc(doc_size) : NULL;
    plugin->doc = doc;
    if (doc == NULL) {
        free(title);
        free(explanation);
        free(author);
        return fail_with(error, error_size, "%s: out of memory", name);
    }
    snprintf(doc, doc_size, "%s%s%s%s%s%s", title[0] ? title : base_name, explanation[0] ? ": " : "", explanation,
             author[0] ? " (by " : "", author, author[0] ? ")" : "");
    free(title);
    free(explanation);
    free(author);
    char *version = malloc(32);
    plugin->version = version;
    if (version == NULL) return fail_with(error, error_size, "%s: out of memory", name);
    snprintf(version, 32, "%d.%d", info.major_version, info.minor_version);

    bool registered;
    if (is_mixer) {
        anim_mixer_desc_t *desc = calloc(1, sizeof *desc);
        if (desc == NULL) return fail_with(error, error_size, "%s: out of memory", name);
        *desc = (anim_mixer_desc_t){
            .struct_size = sizeof *desc, .concurrency = ANIM_CONCURRENCY_REENTRANT, .name = name, .version = version,
            .doc = doc, .params = params, .param_count = plugin->param_count, .user_data = plugin,
            .create = frei0r_mixer_create, .destroy = frei0r_mixer_destroy, .mix = frei0r_mixer_mix,
            .flags = 0, /* RGBA pixels */
        };
        plugin->descriptor = desc;
        registered = host->register_mixer(host, desc);
    } else {
        anim_effect_desc_t *desc = calloc(1, sizeof *desc);
        if (desc == NULL) return fail_with(error, error_size, "%s: out of memory", name);
        *desc = (anim_effect_desc_t){
            .struct_size = sizeof *desc, .concurrency = ANIM_CONCURRENCY_REENTRANT, .name = name, .version = version,
            .doc = doc, .params = params, .param_count = plugin->param_count, .user_data = plugin,
            .apply = frei0r_effect_apply,
            /* RGBA pixels; frei0r filters are handed the time, and some draw by it. */
            .flags = ANIM_EFFECT_WHOLE_IMAGE | ANIM_EFFECT_USES_TIME,
        };
        plugin->descriptor = desc;
        registered = host->register_effect(host, desc);
    }
    if (!registered)
        return fail_with(error, error_size, "%s: the host refused the %s", name, is_mixer ? "mixer" : "effect");
    return true;
}
