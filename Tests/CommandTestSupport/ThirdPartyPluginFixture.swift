/// The out-of-tree plugin of the acceptance test, as its author writes it, and a pipeline that uses it.
public enum ThirdPartyPluginFixture {
    /// A complete out-of-tree animator: moves the layer right by `distance` pixels.
    public static let nudge = """
        #include "animator.h"

        static const anim_param_desc_t nudge_params[] = {
            {
                .struct_size = sizeof(anim_param_desc_t),
                .type = ANIM_PARAM_NUMBER,
                .id = "distance",
                .doc = "how far to move right",
                .unit = "px",
                .min = -1000, .max = 1000,
                .default_value = {10},
            },
        };

        static bool nudge_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
            (void)error, (void)error_size;
            target->translation.x += args->params[0].v[0] * args->progress;
            return true;
        }

        static const anim_animator_desc_t nudge_desc = {
            .struct_size = sizeof(anim_animator_desc_t),
            .concurrency = ANIM_CONCURRENCY_REENTRANT,
            .name = "nudge",
            .version = "0.3.0",
            .doc = "Moves the layer right by `distance`",
            .params = nudge_params,
            .param_count = 1,
            .apply = nudge_apply,
        };

        static bool nudge_init(const anim_host_t *host) { return host->register_animator(host, &nudge_desc); }

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0,
            "org.example.nudge", "0.3.0", "Nudges layers", nudge_init, NULL,
        };
        """

    /// A white 16×16 square at x = 8 on black, nudged 30 px right over 0.4 s: 5 frames.
    public static let pipeline = """
        {
          "version": 1,
          "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.5, "background": "#000000" },
          "layers": [ { "name": "card", "frame": [8, 8, 16, 16], "fill": "#ffffff" } ],
          "timeline": [ { "animator": "nudge", "target": "card", "duration": 0.4, "params": { "distance": 30 } } ],
          "output": { "dir": "out", "formats": ["png"] }
        }
        """
}
