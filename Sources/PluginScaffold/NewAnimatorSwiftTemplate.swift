/// A plugin project in Swift: a SwiftPM package whose dynamic library has a C target holding the
/// entry constant and descriptors (`anim_entry_v1` must be a C global) and a Swift target holding
/// the logic, exported to C with `@_cdecl` so only C types cross the boundary.
public enum NewAnimatorSwiftTemplate {
    /// The project's files, each a path inside its folder and the text to write there.
    public static func files(_ name: NewAnimatorName, kind: PluginKind = .animator, include: String) -> [ProjectFile] {
        let values = name.substitutions(include: include, kind: kind)
        let type = name.typeName
        let (entry, logic, readme) =
            switch kind {
            case .animator: (entry + NewAnimatorEntryTemplate.text, logic, readme)
            case .effect:
                (
                    NewEffectSwiftTemplate.entry + NewEffectEntryTemplate.text, NewEffectSwiftTemplate.logic,
                    NewEffectSwiftTemplate.readme
                )
            }
        return [
            ("Package.swift", package.filling(values)),
            ("Sources/\(type)Entry/include/\(type)Entry.h", header.filling(values)),
            ("Sources/\(type)Entry/entry.c", entry.filling(values)),
            ("Sources/\(type)/\(type).swift", logic.filling(values)),
            ("README.md", readme.filling(values)),
        ]
    }

    static let package = #"""
        // swift-tools-version:6.0
        // The {{name}} {{kind}} plugin for pipeline: lib{{Type}}.so, loaded by the host as {{name}}.so.
        import PackageDescription

        // The folder holding animator.h: PIPELINE_INCLUDE=/path/to/include swift build -c release to use
        // another than the headers of the pipeline that generated this package.
        let include = Context.environment["PIPELINE_INCLUDE"] ?? "{{include}}"

        let package = Package(
            name: "{{Type}}",
            products: [.library(name: "{{Type}}", type: .dynamic, targets: ["{{Type}}"])],
            targets: [
                // C: the descriptors and the exported entry constant.
                .target(name: "{{Type}}Entry", cSettings: [.unsafeFlags(["-I", include])]),
                // Swift: the {{kind}}'s logic, called from C.
                .target(name: "{{Type}}", dependencies: ["{{Type}}Entry"], swiftSettings: [.unsafeFlags(["-Xcc", "-I" + include])]),
            ]
        )

        """#

    static let header = #"""
        #pragma once
        /* Makes animator.h's C types visible to the Swift target. */
        #include <animator.h>

        """#

    static let entry = #"""
        /*
         * {{name}} — an animator plugin for pipeline: turns a layer by `angle` degrees. The motion is
         * in Swift (Sources/{{Type}}/{{Type}}.swift); this file tells the host about it.
         */
        #include "{{Type}}Entry.h"

        /* Defined in Swift with @_cdecl("{{identifier}}_apply"). */
        bool {{identifier}}_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                          uint32_t error_size);


        """#

    static let logic = #"""
        import {{Type}}Entry

        /// Moves the layer for one frame. The host calls it for any frame, in any order, on several
        /// threads at once: keep it pure. `progress` is 0 at the step's start and 1 at its end (springs
        /// overshoot both: extrapolate, do not clamp). `target` holds the layer as earlier steps left it;
        /// change only what this animator animates. On failure write a reason into `error` and return false.
        @_cdecl("{{identifier}}_apply")
        public func apply(_ args: UnsafePointer<anim_apply_args_t>, _ target: UnsafeMutablePointer<anim_layer_t>,
                          _ error: UnsafeMutablePointer<CChar>?, _ errorSize: UInt32) -> Bool {
            let angle = args.pointee.params[0].v.0
            target.pointee.rotation += angle * args.pointee.progress
            return true
        }

        """#

    static let readme = #"""
        # {{name}}

        An animator plugin for pipeline, in Swift. `Sources/{{Type}}/{{Type}}.swift` turns the layer by
        the `angle` parameter; `Sources/{{Type}}Entry/entry.c` declares the animator `{{name}}` and its
        parameter to the host and exports the entry constant `anim_entry_v1`, which must be a C
        global. Only C types cross between the two. `animator.h` documents every field.

        \#(ReadmeBuildSections.swift)

        A release build of pipeline carries its own runtime, linked in; only C types cross between
        the two, so no Swift value ever passes from one runtime to the other.

        ## Use

        ```sh
        pipeline plugins --plugins plugins    # lists {{name}} with its parameter
        ```

        \#(NewAnimatorUsage.readmeSection)

        """#
}
