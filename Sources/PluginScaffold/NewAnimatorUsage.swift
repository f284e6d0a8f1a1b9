/// The part of a generated project's README that says how to use the built plugin, the same
/// for C and Swift projects.
enum NewAnimatorUsage {
    static let readmeSection = #"""
        A `plugins/` folder beside a pipeline file is searched automatically; so are `--plugins DIR`
        and the folders of `PIPELINE_PLUGIN_PATH`. In a pipeline's timeline:

        ```json
        { "animator": "{{name}}", "target": "card", "duration": 0.5, "params": { "angle": 180 } }
        ```
        """#
}
