import Foundation

/// The text form of `pipeline plugins`.
extension PluginListing {
    public var text: String {
        var lines = ["plugin folders, in search order:"] + searchPath.map { "  \($0)" }
        lines += section("animators", animators) + section("mixers", mixers) + section("effects", effects)
        lines += ["", "timing curves", "  built in: \(builtinCurves.joined(separator: ", "))"]
        lines += curves.flatMap(curveLines)
        if let glslRenderer { lines += ["", "GLSL transitions run on \(glslRenderer)"] }
        if !problems.isEmpty { lines += ["", "problems"] + problems.map { "  \($0)" } }
        // A reason's further lines (a shader's lines at a compile error) go under its file's.
        if !broken.isEmpty {
            lines +=
                ["", "skipped plugin files"]
                + broken.map { "  \($0.file): \($0.reason.replacingOccurrences(of: "\n", with: "\n  "))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func section(_ title: String, _ items: [Item]) -> [String] {
        ["", title] + (items.isEmpty ? ["  (none)"] : items.flatMap(itemLines))
    }

    private func itemLines(_ item: Item) -> [String] {
        let title = item.version.isEmpty ? item.name : "\(item.name) \(item.version)"
        var lines = ["  \(title) — \(item.doc)", fromLine(item)]
        lines += item.parameters.map { "    \(parameterLine($0))" }
        if item.nativePixels == true { lines.append("    takes the compositor's own pixels (native-pixels)") }
        if item.bringsIn == true {
            lines.append(
                "    brings its target in: a step holds its start state until it starts (unless it sets fillMode)")
        }
        return lines
    }

    private func parameterLine(_ parameter: Parameter) -> String {
        var text = "\(parameter.id): \(parameter.type)"
        if parameter.acceptsLayer { text += " or layer name" }
        if let min = parameter.min, let max = parameter.max {
            text += " \(ValueText.number(min))...\(ValueText.number(max))"
        }
        if !parameter.unit.isEmpty { text += " \(parameter.unit)" }
        if parameter.required {
            text += ", required"
        } else if let value = parameter.defaultValue {
            text +=
                ", default " + ValueText.components(value, isColor: parameter.type == "color")
        } else if let value = parameter.defaultString {
            text += ", default \"\(value)\""
        }
        if let choices = parameter.choices { text += " (\(choices.joined(separator: " | ")))" }
        return parameter.doc.isEmpty ? text : "\(text) — \(parameter.doc)"
    }

    private func curveLines(_ item: Item) -> [String] {
        let arguments = zip(
            item.arguments ?? [],
            item.argumentDefaults.map { $0.map(Optional.some) }
                ?? Array(repeating: nil, count: item.arguments?.count ?? 0)
        )
        .map { name, value in value.map { "\(name) = \(ValueText.number($0))" } ?? name }
        return [
            "  \(item.name)(\(arguments.joined(separator: ", "))) \(item.signature ?? "") — \(item.doc)",
            fromLine(item),
        ]
    }

    /// "from FILE (ORIGIN; ID VERSION)", then what the plugin's "about" extension says, if
    /// anything: "from FILE (native plugin; ID VERSION; by AUTHOR; LICENCE; HOMEPAGE)".
    private func fromLine(_ item: Item) -> String {
        let about = item.pluginAbout.map { [$0.author.map { "by \($0)" }, $0.license, $0.homepage] } ?? []
        let identity = item.pluginVersion.isEmpty ? item.plugin : "\(item.plugin) \(item.pluginVersion)"
        let details = [item.origin, identity] + about.compactMap { $0 }
        return "    from \(item.pluginFile) (\(details.joined(separator: "; ")))"
    }
}
