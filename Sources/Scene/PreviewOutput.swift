/// A video written at its own size or frame rate beside the render's other outputs, from the
/// same frames (`output.formats` as `{"format": "webp", "scale": 0.33, "fps": 15}`, `run --format
/// webp:scale=0.33:fps=15`): a small preview of a full-size render, made in one pass.
public struct PreviewOutput: Hashable, Sendable {
    public let format: OutputFormat
    /// Of the render's frame size: 1 keeps it.
    public let scale: Double
    /// Frames per second, at most the render's; nil keeps the render's.
    public let fps: Double?

    /// Scales a preview may take: it is only ever smaller than the render.
    public static let scales: ClosedRange<Double> = 0.01...1

    /// Nil when `scale` and `fps` ask for nothing of its own: the format's plain output.
    public init?(format: OutputFormat, scale: Double, fps: Double?) {
        guard scale != 1 || fps != nil else { return nil }
        (self.format, self.scale, self.fps) = (format, scale, fps)
    }

    /// `-0.33x`, `-15fps` or `-0.33x-15fps`, added to the file's base name, so a preview never
    /// takes the name of the full-size file of its format.
    public var nameSuffix: String {
        (scale == 1 ? "" : "-\(number(scale))x") + (fps.map { "-\(number($0))fps" } ?? "")
    }

    /// `webp:scale=0.33:fps=15`, as `run --format` takes it (and the run record keeps it).
    public var spec: String {
        ([format.rawValue] + (scale == 1 ? [] : ["scale=\(number(scale))"]) + (fps.map { ["fps=\(number($0))"] } ?? []))
            .joined(separator: ":")
    }

    /// The frame size of the preview of `width`×`height` frames: each side scaled and rounded,
    /// at least one pixel; for MP4 (H.264 takes even sizes only) rounded to even, at least two.
    public func size(width: Int, height: Int) -> (width: Int, height: Int) {
        func side(_ length: Int) -> Int {
            let scaled = Double(length) * scale
            guard format == .mp4 else { return max(1, Int(scaled.rounded())) }
            return max(2, Int((scaled / 2).rounded()) * 2)
        }
        return (side(width), side(height))
    }

    /// Reads `webp:scale=0.33:fps=15`: a format's name, then `scale` and `fps` in any order. The
    /// error says what is wrong, for the caller to place.
    public static func read(spec: String) -> Result<Self, PreviewSpecError> {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let format = OutputFormat(rawValue: parts[0]) else {
            return .failure(.init("unknown format \"\(parts[0])\" in \"\(spec)\": expected \(OutputFormat.names)"))
        }
        var (scale, fps): (Double?, Double?) = (nil, nil)
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let value = Double(pair[1]), value.isFinite else {
                return .failure(.init("\"\(part)\" in \"\(spec)\" is not scale=NUMBER or fps=NUMBER"))
            }
            switch pair[0] {
            case "scale" where scale == nil: scale = value
            case "fps" where fps == nil: fps = value
            default: return .failure(.init("\"\(part)\" in \"\(spec)\": give scale= and fps= once each, nothing else"))
            }
        }
        if let scale, let problem = rangeProblem(scale, scales) {
            return .failure(.init("scale in \"\(spec)\": \(problem)"))
        }
        if let fps, let problem = rangeProblem(fps, SceneDecoder.frameRates) {
            return .failure(.init("fps in \"\(spec)\": \(problem)"))
        }
        if format == .png, scale != nil || fps != nil {
            return .failure(.init("png takes no scale or fps: its frames are the render's; give a video format"))
        }
        guard let preview = Self(format: format, scale: scale ?? 1, fps: fps) else {
            return .failure(
                .init("\"\(spec)\" asks for the render's own size and frame rate: write \(format.rawValue)"))
        }
        return .success(preview)
    }

    /// The problem with a preview's frame rate in a render at `renderFPS`; nil when there is none.
    public func fpsProblem(renderFPS: Double) -> String? {
        guard let fps, fps > renderFPS else { return nil }
        return "the \(format.rawValue) preview (\(spec)) asks for \(number(fps)) frames a second, more than the "
            + "render's \(number(renderFPS)): give at most \(number(renderFPS)) (previews only leave frames out)"
    }
}

extension OutputFormat {
    /// The formats of `formats` and `previews` once each, in order: what warnings about the
    /// formats a render writes look at.
    public static func written(_ formats: [OutputFormat], _ previews: [PreviewOutput]) -> [OutputFormat] {
        (formats + previews.map(\.format)).reduce(into: []) { all, format in
            if !all.contains(format) { all.append(format) }
        }
    }
}

/// Why `PreviewOutput.read(spec:)` refused a spec.
public struct PreviewSpecError: Error, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}

/// Numbers as messages and file names write them (`format`, which a preview's `format` hides).
private func number(_ value: Double) -> String { format(value) }
