/// What a new plugin declares of itself before its own functions: its name, version and summary,
/// and its one parameter (an animator's `angle`, an effect's `radius`), in each language a project
/// is written in. In C and C++, the table of that parameter and the first fields of the descriptor,
/// in the order animator.h declares them (`{{cDeclarations}}`, `{{cppDeclarations}}`, also in the C
/// entry a Swift project has); in Rust, the constants of the `Animator` or `Effect` implementation
/// (`{{rustDeclarations}}`).
enum PluginDeclarations {
    /// The one parameter, where a pipeline file gives it, and the summary of what the plugin does.
    private struct Sample {
        let id, doc, unit, givenAs, summary: String
        let min, max, value: Int
    }

    private static func sample(_ kind: PluginKind) -> Sample {
        switch kind {
        case .animator:
            Sample(
                id: "angle", doc: "how far the layer turns by the end, clockwise", unit: "deg",
                givenAs: #"a pipeline file gives as "params": { "angle": 90 }"#,
                summary: "Turns the layer by `angle` degrees", min: -3600, max: 3600, value: 90)
        case .effect:
            Sample(
                id: "radius", doc: "how far each pixel spreads, in the layer's pixels", unit: "px",
                givenAs: #"a layer's filter gives as "params": { "radius": 6 }"#,
                summary: "Blurs the layer by `radius` pixels", min: 0, max: 100, value: 4)
        }
    }

    /// In C (`static const`, names prefixed with the identifier) or in C++ (`constexpr`, in the
    /// source's unnamed namespace).
    static func text(_ name: NewAnimatorName, kind: PluginKind, cPlusPlus: Bool) -> String {
        let sample = sample(kind)
        let prefix = cPlusPlus ? "" : name.identifier + "_"
        let (qualifier, params, descriptor) =
            cPlusPlus ? ("constexpr", "params", "descriptor") : ("static const", prefix + "params", prefix + "desc")
        let count =
            cPlusPlus ? "static_cast<uint32_t>(std::size(params))" : "sizeof \(params) / sizeof \(params)[0]"
        return """
            \(qualifier) anim_param_desc_t \(params)[] = {
                {
                    .struct_size = sizeof(anim_param_desc_t),
                    .type = ANIM_PARAM_NUMBER,
                    .id = "\(sample.id)",
                    .doc = "\(sample.doc)",
                    .unit = "\(sample.unit)",
                    .min = \(sample.min), .max = \(sample.max),
                    .default_value = {\(sample.value)},
                },
            };

            \(qualifier) anim_\(kind.rawValue)_desc_t \(descriptor) = {
                .struct_size = sizeof(anim_\(kind.rawValue)_desc_t),
                .concurrency = ANIM_CONCURRENCY_REENTRANT,
                .name = "\(name.name)",
                .version = "0.1.0",
                .doc = "\(sample.summary)",
                .params = \(params),
                .param_count = \(count),
            """
    }

    /// In Rust. Its first line takes the place of the placeholder in the implementation, the
    /// others carry the implementation's indentation.
    static func rust(_ name: NewAnimatorName, kind: PluginKind) -> String {
        let sample = sample(kind)
        return """
            const NAME: &'static CStr = c"\(name.name)";
                const VERSION: &'static CStr = c"0.1.0";
                const DOC: &'static CStr = c"\(sample.summary)";
                /// What \(sample.givenAs); the host checks type and range.
                const PARAMS: &'static [param::Desc] = &[param::number(c"\(sample.id)")
                    .doc(c"\(sample.doc)")
                    .unit(c"\(sample.unit)")
                    .range(\(sample.min).0, \(sample.max).0)
                    .default(\(sample.value).0)];
            """
    }
}
