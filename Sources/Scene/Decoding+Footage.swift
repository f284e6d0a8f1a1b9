import Foundation

/// Footage a layer shows in place of an image: `"video": "clips/a.mp4"` or `{"file": …}`, and
/// `"sequence": {"files": "shots/frame_%04d.png", "fps": 30}`, each with the same timing keys.
/// Here paths are resolved and confined as images are; the files are opened by a later stage
/// (the compositor's `SceneFootage`).
extension Decoding {
    /// A layer shows at most one of an image, a video and a sequence.
    func checkOneSource(_ fields: ObjectFields, layer: String) throws(SceneError) {
        let given = ["image", "svg", "lottie", "video", "sequence", "snapshot", "shape"].filter { fields[$0] != nil }
        guard given.count > 1, let second = fields[given[1]] else { return }
        throw second.error(
            "layer \"\(layer)\" has both \"\(given[0])\" and \"\(given[1])\": a layer shows one image, SVG, Lottie "
                + "animation, video, sequence, snapshot or shape; put the other in a layer of its own")
    }

    mutating func footage(_ fields: ObjectFields, layer: String) throws(SceneError) -> FootageSpec? {
        if let video = fields["video"] {
            if case .string = video.node.value {
                return located(
                    .video(path: resolve(try video.string())), at: video, file: video, timing: nil, layer: layer)
            }
            let timing = try video.object(Keys.video)
            let file = try timing.required("file", "the video file, relative to the pipeline file")
            return located(
                .video(path: resolve(try file.string())), at: video, file: file, timing: timing, layer: layer)
        }
        if let sequence = fields["sequence"] {
            let timing = try sequence.object(Keys.sequence)
            let files = try timing.required("files", "a pattern such as shots/frame_%04d.png or a glob")
            let fps: Double = try timing.required("fps", "the sequence's frames per second")
            let source = FootageSpec.Source.sequence(pattern: resolve(try files.string()), fps: fps)
            return located(source, at: sequence, file: files, timing: timing, layer: layer)
        }
        return nil
    }

    /// The footage with its timing (the defaults without `timing`), once its path (named by
    /// `field`) passes the checks an image's does; a path that does not is reported after the
    /// errors in the file. Later stages report problems at `origin`, the `video` or `sequence` value.
    private mutating func located(
        _ source: FootageSpec.Source, at origin: Field, file field: Field, timing: ObjectFields?, layer: String
    ) -> FootageSpec? {
        let path = source.path
        let what = if case .video = source { "video" } else { "sequence" }
        do throws(SceneError) {
            let spec = try footage(source, timing: timing, origin: origin)
            if let problem = PathLimits.problem(path) {
                throw field.error("layer \"\(layer)\": the \(what) path \(path) \(problem)")
            }
            if case .video = source, !FileManager.default.fileExists(atPath: path) {
                throw field.error("video file not found: \(path)")
            }
            try confine(Self.fixedFolder(of: source), of: layer, at: field, what: what)
            if case .video = source { try requireRegular(path, at: field, what: what) }
            return spec
        } catch {
            imageErrors.append(error)
            return nil
        }
    }

    private func footage(
        _ source: FootageSpec.Source, timing: ObjectFields?, origin field: Field
    ) throws(SceneError) -> FootageSpec {
        let origin = SceneError.Origin(file: file, position: field.node.position, path: field.path)
        guard let timing else { return FootageSpec(source: source, origin: origin, confinement: confinement) }
        let audioVolume: Double? =
            if case .video = source { try clipAudioVolume(timing) } else { nil }
        return FootageSpec(
            source: source, start: try timing.value("start"), from: try timing.value("from"),
            speed: try timing.value("speed"), end: try timing.value("end"), before: try timing.value("before"),
            audioVolume: audioVolume, origin: origin, confinement: confinement)
    }

    /// The file a video names; for a sequence, the folder its pattern names before the first
    /// component with a number or a wildcard in it: what confinement checks.
    private static func fixedFolder(of source: FootageSpec.Source) -> String {
        guard case .sequence(let pattern, _) = source else { return source.path }
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let fixed = components.prefix { !$0.contains(where: { "*?[%".contains($0) }) }
        return fixed.count == components.count ? pattern : fixed.joined(separator: "/")
    }
}
