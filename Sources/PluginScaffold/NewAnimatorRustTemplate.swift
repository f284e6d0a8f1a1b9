/// A plugin project in Rust: a Cargo crate of type `cdylib` that depends on this checkout's
/// `bindings/rust` crate by path, so it builds offline with no registry.
public enum NewAnimatorRustTemplate {
    /// Written into a project when the bindings cannot be found, for the user to replace.
    public static let placeholder = "/path/to/pipeline/bindings/rust"

    /// The project's files, each a path inside its folder and the text to write there; `bindings`
    /// is the folder of the `pipeline-animator` crate.
    public static func files(_ name: NewAnimatorName, kind: PluginKind = .animator, bindings: String) -> [ProjectFile] {
        let values = name.substitutions(include: "", kind: kind).merging(["bindings": bindings]) { $1 }
        let (source, readme) =
            switch kind {
            case .animator: (source, readme)
            case .effect: (NewEffectRustTemplate.source, NewEffectRustTemplate.readme)
            }
        return [
            ("Cargo.toml", manifest.filling(values)),
            ("src/lib.rs", source.filling(values)),
            ("README.md", readme.filling(values)),
        ]
    }

    static let manifest = #"""
        # The {{name}} {{kind}} plugin for pipeline: target/release/lib{{identifier}}.so, loaded as {{name}}.so.
        [package]
        name = "{{name}}"
        version = "0.1.0"
        edition = "2021"

        [lib]
        crate-type = ["cdylib"]

        [dependencies]
        # The Rust bindings of the pipeline that generated this project (no dependencies of their own).
        pipeline-animator = { path = "{{bindings}}" }

        """#

    static let source = #"""
        //! {{name}}: an animator plugin for pipeline that turns a layer by `angle` degrees.
        //! animator.h documents every type and rule behind these bindings.

        use core::ffi::CStr;
        use pipeline_animator::{animator_plugin, param, Animator, Layer, Params, Step};

        #[derive(Default)]
        struct {{Type}};

        impl Animator for {{Type}} {
            {{rustDeclarations}}

            /// Pure: the host calls it for any frame, in any order, on several threads at once.
            /// `step.progress` is 0 at the step's start and 1 at its end (springs overshoot both:
            /// extrapolate, do not clamp); `step.time` and `step.duration` are in seconds. `layer`
            /// holds the layer as earlier steps left it: change only what this animator animates.
            /// An `Err` (or a panic) stops the render with its message.
            fn apply(&self, step: &Step, params: &Params, layer: &mut Layer) -> Result<(), String> {
                layer.rotation += params.number("angle") * step.progress;
                Ok(())
            }
        }

        \#(entry)
        """#

    /// The entry both kinds of plugin end with: its identity and its one animator or effect.
    static let entry = #"""
        animator_plugin! {
            id: "org.example.{{name}}",
            version: "0.1.0",
            description: "The {{name}} {{kind}}",
            {{kind}}s: [{{Type}}],
        }

        """#

    static let readme = #"""
        # {{name}}

        An animator plugin for pipeline, in Rust. `src/lib.rs` declares the animator `{{name}}` with
        one parameter, `angle`, and turns the layer by it; change `apply` for your own motion. The
        `pipeline-animator` crate (`{{bindings}}`) mirrors `animator.h` and exports the entry.

        \#(ReadmeBuildSections.rust)

        \#(NewAnimatorUsage.readmeSection)

        """#
}
