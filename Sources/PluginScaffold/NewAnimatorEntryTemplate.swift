/// The C part every new plugin project has, in C or in Swift: the animator's parameter and
/// descriptor, its registration and the exported entry constant. It expects
/// `{{identifier}}_apply` to be declared before it; `{{cDeclarations}}` is the parameter's table and
/// the descriptor's first fields (`PluginDeclarations`).
enum NewAnimatorEntryTemplate {
    static let text = #"""
        /* The parameter a pipeline file gives as "params": { "angle": 90 }. The host checks its type
         * and range before rendering and passes real values. Add entries for more parameters
         * (types, flags and defaults: animator.h, "Parameters"). */
        {{cDeclarations}}
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
