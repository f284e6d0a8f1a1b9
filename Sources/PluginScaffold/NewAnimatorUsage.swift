/// The part of a generated project's README that says how to use and check the built plugin,
/// the same for C, C++, Swift and Rust projects.
enum NewAnimatorUsage {
    static let readmeSection = #"""
        A `plugins/` folder beside a pipeline file is searched automatically; so are `--plugins DIR`
        and the folders of `PIPELINE_PLUGIN_PATH`. In a pipeline's timeline:

        ```json
        { "animator": "{{name}}", "target": "card", "duration": 0.5, "params": { "angle": 180 } }
        ```

        Before you share it, run `pipeline check-plugin plugins/{{name}}.so`: it calls the animator
        at many progress and `angle` values, on several threads, in a separate process, and names
        each call that crashes, hangs, fails, returns NaN or another result for the same inputs,
        or takes longer than a frame should (exit status 0 when it finds nothing).
        """#
}
