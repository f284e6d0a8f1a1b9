import Foundation

/// Vector content: `"svg": "screen.svg"` and `"lottie": "tick.json"` or `{"file": "tick.json",
/// "start": 0, "speed": 1, "loop": false}`. Here paths are resolved and checked as images' are;
/// the documents are read, and the files they refer to checked, by a later stage (the
/// compositor's `SceneVectors`).
extension Decoding {
    mutating func svg(_ fields: ObjectFields, layer: String) throws(SceneError) -> SVGFile? {
        guard let field = fields["svg"], let path = try locate(field, layer: layer, what: "SVG") else { return nil }
        return SVGFile(path: path, origin: origin(of: field), confinement: confinement)
    }

    mutating func lottie(_ fields: ObjectFields, layer: String) throws(SceneError) -> LottieSpec? {
        guard let field = fields["lottie"] else { return nil }
        if case .string = field.node.value {
            guard let path = try locate(field, layer: layer, what: "Lottie") else { return nil }
            return LottieSpec(path: path, origin: origin(of: field), confinement: confinement)
        }
        let timing = try field.object(Keys.lottie)
        let file = try timing.required("file", "the Lottie animation's JSON file, relative to the pipeline file")
        let (start, speed, loops): (Double, Double, Bool) = (
            try timing.value("start"), try timing.value("speed"), try timing.value("loop")
        )
        guard let path = try locate(file, layer: layer, what: "Lottie") else { return nil }
        return LottieSpec(
            path: path, start: start, speed: speed, loops: loops, origin: origin(of: field), confinement: confinement)
    }

    private func origin(of field: Field) -> SceneError.Origin {
        SceneError.Origin(file: file, position: field.node.position, path: field.path)
    }
}

/// Whether a file is an SVG document by its first bytes: `<svg` or `<?xml` after an optional
/// UTF-8 byte order mark and white space, so `"image"` can name one whatever its file name.
enum SVGSniffing {
    static func isSVG(atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 512) else { return false }
        return isSVG(Array(head))
    }

    static func isSVG(_ head: [UInt8]) -> Bool {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return text.starts(with: Array("<svg".utf8)) || text.starts(with: Array("<?xml".utf8))
    }
}
