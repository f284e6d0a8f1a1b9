import Foundation

/// Sound: the top-level `audio` list of tracks, a step's `sound` and a video's own sound
/// (`"audio": true`). Paths resolve and are confined as images are; a later stage probes the
/// files (the renderer's `SceneSound`). A missing or disallowed file is reported after the errors
/// in the pipeline file itself, as a missing image is.
extension Decoding {
    /// `"audio": ["music.m4a", {"file": "ambience.flac", "start": 1, "volume": 0.5, …}]`; every
    /// track is checked, a broken one reported and the next one read.
    mutating func decodeAudio(_ field: Field?) -> [AudioTrack] {
        guard let field else { return [] }
        guard let items = keep(Self.attempt { () throws(SceneError) in try field.array() }) else { return [] }
        var tracks: [AudioTrack] = []
        for (index, item) in items.enumerated() {
            guard let track = keep(Self.attempt { () throws(SceneError) in try audioTrack(item) }) else { continue }
            if checkSound(track.file, at: track.origin, owner: "audio track \(index + 1)") { tracks.append(track) }
        }
        return tracks
    }

    private func audioTrack(_ item: Field) throws(SceneError) -> AudioTrack {
        let origin = SceneError.Origin(file: file, position: item.node.position, path: item.path)
        if case .string = item.node.value { return AudioTrack(file: resolve(try item.string()), origin: origin) }
        let fields = try item.object(Keys.audioTrack)
        let file = try fields.required("file", "the sound file, relative to the pipeline file")
        return AudioTrack(
            file: resolve(try file.string()), start: try fields.value("start"), from: try fields.value("from"),
            volume: try fields.value("volume"), fadeIn: try fields.value("fadeIn"),
            fadeOut: try fields.value("fadeOut"), loop: try fields.value("loop"),
            origin: SceneError.Origin(file: self.file, position: file.node.position, path: file.path))
    }

    /// `"sound": "tap.wav"` or `{"file": "tap.wav", "volume": 0.8}` of a step; nil without one.
    func stepSound(_ fields: ObjectFields) throws(SceneError) -> StepSound? {
        guard let field = fields["sound"] else { return nil }
        if case .string = field.node.value {
            let origin = SceneError.Origin(file: file, position: field.node.position, path: field.path)
            return StepSound(file: resolve(try field.string()), origin: origin)
        }
        let sound = try field.object(Keys.stepSound)
        let file = try sound.required("file", "the sound file, relative to the pipeline file")
        let origin = SceneError.Origin(file: self.file, position: file.node.position, path: file.path)
        return StepSound(file: resolve(try file.string()), volume: try sound.value("volume"), origin: origin)
    }

    /// A mixer step's `"soundCurve"`, `"soundLead"` and `"soundTail"`; other steps take none.
    func soundCrossfade(_ fields: ObjectFields, of action: Step.Action) throws(SceneError) -> SoundCrossfade {
        for key in ["soundCurve", "soundLead", "soundTail"] {
            guard let field = fields[key] else { continue }
            guard case .mix = action else {
                throw field.error(
                    "\"\(key)\" shapes the crossfade of a mixer's two clips' sound: only a mixer step takes it")
            }
        }
        return SoundCrossfade(
            curve: try fields.value("soundCurve"), lead: try fields.value("soundLead"),
            tail: try fields.value("soundTail"))
    }

    /// The gain of a video's own sound (`"audio": true`, `"volume"`), or nil when it is silent.
    func clipAudioVolume(_ timing: ObjectFields) throws(SceneError) -> Double? {
        let audio: Bool = try timing.value("audio")
        if !audio, let volume = timing["volume"] {
            throw volume.error("\"volume\" sets the gain of the clip's own sound: add \"audio\": true to play it")
        }
        return audio ? try timing.value("volume") : nil
    }

    /// Whether the sound file at `path` passes the checks an image does (path limits, present,
    /// inside the pipeline's folder, a regular file); a failure is kept for the report. `owner` names what plays
    /// it: "audio track 2", "step timeline[3]".
    mutating func checkSound(_ path: String, at origin: SceneError.Origin, owner: String) -> Bool {
        checkMediaFile(path, at: origin, owner: owner, what: "sound", notFound: "sound file not found: \(path)")
    }
}

extension SoundCurve: KeyValue {}
