import Foundation

/// The text form of `pipeline plugins`.
extension PluginListing {
    /// Every name in full, every folder's: `pipeline plugins --all`, or any filter.
    public var text: String {
        var lines = folderLines
        let none = isFiltered ? nil : "  (none)"
        lines += section("animators", animators, whenEmpty: none) + section("mixers", mixers, whenEmpty: none)
        lines += section("effects", effects, whenEmpty: none)
        if !isFiltered || !curves.isEmpty {
            lines += ["", "timing curves", "  built in: \(builtinCurves.joined(separator: ", "))"]
            lines += curves.flatMap(curveLines)
        }
        if let glslRenderer { lines += ["", "GLSL transitions run on \(glslRenderer)"] }
        let notHosted = broken.filter { $0.notHosted != nil }
        if !notHosted.isEmpty {
            lines += ["", "not hosted (frei0r kinds pipeline does not run)"]
            lines += notHosted.map { "  \($0.file): not hosted: \($0.notHosted ?? "")" }
        }
        return (lines + problemLines).joined(separator: "\n") + "\n"
    }

    /// The user's own plugins in full, then a line per folder of built-in and system ones:
    /// `pipeline plugins`.
    public var summaryText: String {
        var lines = folderLines
        if hasOwn {
            let own = own
            lines += own.section("animators", own.animators, whenEmpty: nil)
            lines += own.section("mixers", own.mixers, whenEmpty: nil)
            lines += own.section("effects", own.effects, whenEmpty: nil)
            lines += own.curves.isEmpty ? [] : ["", "timing curves"] + own.curves.flatMap(curveLines)
        } else {
            lines += ["", "no plugins of your own: none in the plugin folders searched before the built-in one"]
        }
        lines += ["", "built-in and system plugins"] + systemSummary
        lines += ["", "timing curves built in: \(builtinCurves.joined(separator: ", "))"]
        return (lines + problemLines).joined(separator: "\n") + "\n"
    }

    private var folderLines: [String] {
        ["plugin folders, in search order:"] + searchPath.map { "  \($0)" }
            + (frei0rFolders.isEmpty ? [] : ["frei0r folders:"] + frei0rFolders.map { "  \($0)" })
    }

    /// Names registered twice, the registry's warnings, and the files skipped for a fault (not
    /// the frei0r files of kinds pipeline does not host).
    private var problemLines: [String] {
        var lines = problems.isEmpty ? [] : ["", "problems"] + problems.map { "  \($0)" }
        // A reason's further lines (a shader's lines at a compile error) go under its file's.
        let skipped = broken.filter { $0.notHosted == nil }
        if !skipped.isEmpty {
            lines +=
                ["", "skipped plugin files"]
                + skipped.map { "  \($0.file): \($0.reason.replacingOccurrences(of: "\n", with: "\n  "))" }
        }
        return lines
    }

    private func section(_ title: String, _ items: [Item], whenEmpty: String? = "  (none)") -> [String] {
        guard !items.isEmpty else { return whenEmpty.map { ["", title, $0] } ?? [] }
        return ["", title] + items.flatMap(itemLines)
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
