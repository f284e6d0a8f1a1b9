/// An option a caller gives pipeline (of a render, its output, or opening a pipeline), as the
/// messages of the modules below the surfaces name it. They never spell it: each surface words it
/// its own way, the command line as its flag, the C API as its field, Python as its keyword.
public enum OptionName: String, CaseIterable, Sendable {
    case directory, formats, quality, scale, fps, threads, frames, shard, resume, waitsForFolder, discard
    case exactImageScaling
    /// Plugin code in child processes; sandboxed there.
    case isolate, sandbox
    /// Files may resolve outside the pipeline file's folder.
    case allowsOutsideFiles
    /// The most memory a pipeline's images may take decoded.
    case imageMemoryLimit
    /// Folders searched for plugins first.
    case pluginFolders
    /// Changes to the pipeline before it is read: a props file, `PATH=VALUE` values; a batch's
    /// variants.
    case props, set, batch
}

/// A message that names options: text and options in turn, worded when it is shown. Written as a
/// string with the options interpolated: `"\(.frames) takes A-B, got \"\(text)\""`.
public struct OptionText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public enum Part: Sendable, Hashable {
        case text(String)
        case option(OptionName)
    }

    public private(set) var parts: [Part]

    public init(stringLiteral value: String) { parts = value.isEmpty ? [] : [.text(value)] }

    public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// The text with each option as `name` spells it.
    public func worded(_ name: (OptionName) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .option(let option): name(option)
            }
        }.joined()
    }

    /// The text with each option by its plain name (`waitsForFolder`).
    public var description: String { worded(\.rawValue) }

    public static func + (first: OptionText, second: OptionText) -> OptionText {
        var joined = first
        joined.parts += second.parts
        return joined
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { append(literal) }

        public mutating func appendInterpolation(_ option: OptionName) { parts.append(.option(option)) }

        public mutating func appendInterpolation(_ text: OptionText) { parts += text.parts }

        public mutating func appendInterpolation(_ value: some Any) { append(String(describing: value)) }

        private mutating func append(_ text: String) {
            guard !text.isEmpty else { return }
            if case .text(let before) = parts.last {
                parts[parts.count - 1] = .text(before + text)
            } else {
                parts.append(.text(text))
            }
        }
    }
}

extension Sequence<OptionText> {
    /// The texts one after another, `separator` between them.
    public func joined(separator: String) -> OptionText {
        var result: OptionText = ""
        for (index, text) in enumerated() { result = index == 0 ? text : result + "\(separator)" + text }
        return result
    }
}
