import CVectorGraphics
import Foundation
import Scene

/// The rule for what an SVG document may refer to, as a pipeline's images are confined: files
/// inside the pipeline file's folder (after links and `..` are resolved), its own fragments
/// (`#id`) and `data:` URLs. An address on the network is refused even where files may lie
/// anywhere: rendering never fetches anything.
enum SVGReferences {
    /// Every reference in `bytes` (a document read from `file`) with its line; a message when the
    /// bytes are not well-formed XML.
    static func list(in bytes: [UInt8]) -> Result<[(reference: String, line: Int)], ImageLoadError> {
        var references: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var lines: UnsafeMutablePointer<Int32>?
        var count = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = bytes.withUnsafeBufferPointer {
            vector_svg_references($0.baseAddress, $0.count, &references, &lines, &count, &error)
        }
        guard status == 0 else {
            defer { vector_free(error) }
            let reason = error.map { String(cString: $0) } ?? "not well-formed XML"
            return .failure(ImageLoadError(path: "", description: "not an SVG document: \(reason)"))
        }
        defer {
            for index in 0..<count { vector_free(references?[index]) }
            vector_free(references)
            vector_free(lines)
        }
        return .success((0..<count).map { (String(cString: references![$0]!), Int(lines![$0])) })
    }

    /// Why `reference` (on `line` of the document at `path`) may not be followed; nil when it may.
    static func problem(
        _ reference: String, line: Int, in path: String, confinement: FolderConfinement?
    ) -> String? {
        problem(reference, place: "line \(line) refers to \(reference)", in: path, confinement: confinement)
    }

    /// The same for a reference in another kind of `document`, which names no line.
    static func problem(
        _ reference: String, in path: String, confinement: FolderConfinement?, document: String
    ) -> String? {
        problem(reference, place: reference, in: path, confinement: confinement, document: document)
    }

    private static func problem(
        _ reference: String, place: String, in path: String, confinement: FolderConfinement?,
        document: String = "an SVG"
    ) -> String? {
        // The forms the scan marks (vector_graphics.c): refused whatever they name.
        if reference.hasPrefix("xml:base=") {
            return "\(place.replacingOccurrences(of: "refers to xml:base=", with: "sets xml:base to ")), "
                + "which pipeline does not follow in \(document): write each reference relative to the file's own folder"
        }
        if reference.hasPrefix("css-escape:") {
            return "\(place.replacingOccurrences(of: "refers to css-escape:", with: "has CSS with an escape: ")), "
                + "which pipeline does not read in \(document) (an escape can spell url( or @import): write the CSS "
                + "without backslashes"
        }
        if reference.hasPrefix("#") || reference.lowercased().hasPrefix("data:") { return nil }
        if let scheme = scheme(of: reference) {
            if scheme == "http" || scheme == "https" {
                return "\(place), an address on the network: \(document) may refer only to files inside the pipeline "
                    + "file's folder and to data: URLs; nothing is fetched while rendering"
            }
            guard scheme == "file" else {
                return
                    "\(place): \(document) may refer only to files inside the pipeline file's folder and to data: URLs"
            }
        }
        guard let confinement else { return nil }
        let target = file(of: reference, besides: path)
        guard confinement.problem(target, owner: path, what: "file") != nil else { return nil }
        return
            "\(place), which resolves outside the pipeline file's folder \(confinement.folder): \(document) may refer "
            + "only to files inside that folder; move the file there, or allow images anywhere with "
            + confinement.option
    }

    /// The lowercased scheme of a URL (`http`, `file`), nil for a path.
    private static func scheme(of reference: String) -> String? {
        guard let colon = reference.firstIndex(of: ":") else { return nil }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    /// The file a reference names, without its fragment or query, resolved against the folder of
    /// the document at `path`, with `.` and `..` taken away.
    private static func file(of reference: String, besides path: String) -> String {
        var text = reference
        if scheme(of: text) == "file" { text = URL(string: text)?.path ?? String(text.dropFirst(5)) }
        if let cut = text.firstIndex(where: { $0 == "#" || $0 == "?" }) { text = String(text[..<cut]) }
        text = text.removingPercentEncoding ?? text
        let folder = (path as NSString).deletingLastPathComponent
        let joined = text.hasPrefix("/") ? text : (folder.isEmpty ? "." : folder) + "/" + text
        // `..` taken away by name first: a file that does not exist cannot be resolved on disk.
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
