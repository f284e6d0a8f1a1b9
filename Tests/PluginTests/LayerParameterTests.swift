import CommandTestSupport
import Foundation
import Testing

/// A point parameter given as a layer's name reaches the plugin as that layer's centre, with
/// the layer itself, in `create` (base state) as in `apply`.
@Suite struct LayerParameterTests {
    static let plugin = """
        #include "animator.h"
        #include <stdio.h>

        static const anim_param_desc_t params[] = {
            { sizeof(anim_param_desc_t), ANIM_PARAM_POINT, ANIM_PARAM_REQUIRED | ANIM_PARAM_ACCEPTS_LAYER, 0,
              "at", "a point or a layer", "px", -1000, 1000, { 0, 0, 0, 0 }, NULL, NULL },
        };

        /* Fails on purpose, reporting what it was given. */
        static void *aim_create(const anim_create_args_t *args, char *error, uint32_t size) {
            const anim_value_t *at = &args->params[0];
            snprintf(error, size, "create saw at=(%g,%g) layer=%s", at->v[0], at->v[1], at->layer ? at->layer->name : "none");
            return NULL;
        }

        static bool aim_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t size) {
            (void)args, (void)target, (void)error, (void)size;
            return true;
        }

        static const anim_animator_desc_t aim = {
            sizeof(anim_animator_desc_t), ANIM_CONCURRENCY_REENTRANT, "aim", "1.0.0", "Aims", params, 1, 0,
            aim_create, NULL, aim_apply,
        };

        static bool aim_init(const anim_host_t *host) { return host->register_animator(host, &aim); }

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.aim", "1.0.0", "Aims", aim_init, NULL,
        };
        """

    @Test func createGetsTheNamedLayersCentre() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.compile(Self.plugin, to: folder.appendingPathComponent("plugins/aim.so"))
        try PluginFixtures.write(
            """
            { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 10 },
              "layers": [ { "name": "target", "fill": "#ffffff", "frame": [0, 0, 8, 8] },
                          { "name": "anchor", "fill": "#ff0000", "frame": [10, 20, 30, 40] } ],
              "timeline": [ { "animator": "aim", "target": "target", "params": { "at": "anchor" } } ] }
            """, to: "aim.json", in: folder)
        let result = try CLI.run(["frame", "aim.json", "--at", "0"], in: folder)
        #expect(!result.crashed)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("could not be created for timeline[0]: create saw at=(25,40) layer=anchor"),
            "\(result.stderr)")
    }
}
