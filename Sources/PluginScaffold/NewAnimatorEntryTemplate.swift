/// The C part every new plugin project has, in C or in Swift: the animator's parameter and
/// descriptor, its registration and the exported entry constant. It expects
/// `{{identifier}}_apply` to be declared before it.
enum NewAnimatorEntryTemplate {
    static let text = #"""
        /* The parameter a pipeline file gives as "params": { "angle": 90 }. The host checks its type
         * and range before rendering and passes real values. Add entries for more parameters
         * (types, flags and defaults: animator.h, "Parameters"). */
        static const anim_param_desc_t {{identifier}}_params[] = {
            {
                .struct_size = sizeof(anim_param_desc_t),
                .type = ANIM_PARAM_NUMBER,
                .id = "angle",
                .doc = "how far the layer turns by the end, clockwise",
                .unit = "deg",
                .min = -3600, .max = 3600,
                .default_value = {90},
            },
        };

        static const anim_animator_desc_t {{identifier}}_desc = {
            .struct_size = sizeof(anim_animator_desc_t),
            .concurrency = ANIM_CONCURRENCY_REENTRANT,
            .name = "{{name}}",
            .version = "0.1.0",
            .doc = "Turns the layer by `angle` degrees",
            .params = {{identifier}}_params,
            .param_count = sizeof {{identifier}}_params / sizeof {{identifier}}_params[0],
            .apply = {{identifier}}_apply,
            /* An animator whose start state hides its layer (a reveal, a slide in) sets
             * .flags = ANIM_ANIMATOR_BRINGS_IN: its steps then hold that state until they start. */
        };

        /* Called once after loading, on the main thread: register what the plugin provides. */
        static bool {{identifier}}_init(const anim_host_t *host) {
            return host->register_animator(host, &{{identifier}}_desc);
        }

        /* The one symbol the host looks up, anim_entry_v1: ABI version, identity, init. */
        ANIM_DEFINE_ENTRY("org.example.{{name}}", "0.1.0", "The {{name}} animator", {{identifier}}_init, NULL);

        """#
}
