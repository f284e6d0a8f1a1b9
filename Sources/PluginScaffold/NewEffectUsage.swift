/// The part of a generated effect project's README that says how a pipeline uses the built
/// effect, the same for C, C++, Swift and Rust projects.
enum NewEffectUsage {
    static let readmeSection = #"""
        A `plugins/` folder beside a pipeline file is searched automatically; so are `--plugins DIR`
        and the folders of `PIPELINE_PLUGIN_PATH`. A layer names the effects that filter its pixels,
        in order, in its `"filters"`:

        ```json
        { "name": "card", "frame": [40, 40, 200, 120], "fill": "#3366ff",
          "filters": [{ "effect": "{{name}}", "params": { "radius": 6 } }] }
        ```

        The host hands the effect the layer's rendered pixels, premultiplied, with the margins its
        reach asks for around them (6 image pixels on each side here, at `--scale 1`), and draws
        what the effect writes, margins included, in place of the layer. `radius` is in the layer's pixels:
        under `--scale 2`, or on a layer scaled 2×, the effect gets `render_scale` 2 and blurs by
        12 image pixels, so the picture looks the same at every scale.

        The host needs the "effects" service (animator ABI 1.2): an older pipeline skips the
        plugin with a message naming it, before running any of its code.

        Before you share it, run `pipeline check-plugin plugins/{{name}}.so`: in a separate process,
        it applies the effect to small layers at render scales 0.5, 1 and 2, with `radius` at its
        default, its limits and values no pipeline gives (NaN, ±1e300), whole and in random row
        ranges, on several threads, and names each call that crashes, hangs, fails, writes outside
        its rows, gives other bytes for the same inputs, or takes longer than a frame should (exit
        status 0 when it finds nothing).
        """#
}
