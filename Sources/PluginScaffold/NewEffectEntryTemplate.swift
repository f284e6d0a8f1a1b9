/// The C part every new effect project has, in C or in Swift: the effect's parameter and
/// descriptor, its registration, the requirement of the "effects" service and the exported entry.
/// It expects `{{identifier}}_reach` and `{{identifier}}_apply` to be declared before it;
/// `{{cDeclarations}}` is the parameter's table and the descriptor's first fields (`PluginDeclarations`).
enum NewEffectEntryTemplate {
    static let text = #"""
        /* The parameter a layer's filter gives as "params": { "radius": 6 }, in the layer's pixels.
         * The host checks its type and range before rendering and passes real values. Add entries
         * for more parameters (types, flags and defaults: animator.h, "Parameters"). */
        {{cDeclarations}}
            /* The compositor's own pixels, so the host converts nothing: the blur treats the four
             * channels alike. A host without the "native-pixels" service ignores the flag and lends
             * RGBA, which suits the blur as well. */
            .flags = ANIM_EFFECT_NATIVE_PIXELS,
            .reach = {{identifier}}_reach,
            .apply = {{identifier}}_apply,
            /* Handed back untouched in every call's args->user_data (and create's): lets one reach
             * and apply serve several registered effects, told apart by it. */
            .user_data = NULL,
        };

        /* Called once after loading, on the main thread: register what the plugin provides.
         * register_effect came with ABI 1.2, and an older host's struct ends before it: the
         * requirement below keeps such a host from loading the plugin, and the check keeps init
         * safe should one call it anyway. */
        static bool {{identifier}}_init(const anim_host_t *host) {
            if (!ANIM_HAS_FIELD(host, anim_host_t, register_effect)) return false;
            return host->register_effect(host, &{{identifier}}_desc);
        }

        /* The host services the plugin cannot do without, ended by NULL: a host that does not
         * apply effects skips the plugin, naming the service, before running any of its code. */
        static const anim_requirement_t {{identifier}}_requirements[] = {
            {ANIM_SERVICE_EFFECTS, 1, 0},
            {NULL, 0, 0},
        };

        /* The one symbol the host looks up, anim_entry_v1: ABI version, identity, init, requirements. */
        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR, .struct_size = sizeof(anim_entry_t),
            .plugin_id = "org.example.{{name}}", .plugin_version = "0.1.0",
            .description = "The {{name}} effect", .init = {{identifier}}_init,
            .requirements = {{identifier}}_requirements,
        };

        """#
}
