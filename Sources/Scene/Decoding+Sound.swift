import Foundation

/// Sound: the top-level `audio` list of tracks, a step's `sound` and a video's own sound
/// (`"audio": true`). Paths resolve and are confined as images are; a later stage probes the
/// files (the renderer's `SceneSound`). A missing or disallowed file is reported after the errors
/// in the pipeline file itself, as a missing image is.
extension Decoding {
    /// `"audio": ["music.m4a", {"file": "ambience.flac", "start": 1, "volume": 0.5, …}]`; every
    /// track is checked, a broken one reported and the next one read.
    mutating func decodeAudio(_ field: Field?) -> [AudioTrack] {
        decodeEach(of: field) { decoding, item, index throws(SceneError) in
            let track = try decoding.audioTrack(item)
            return decoding.checkSound(track.file, at: track.origin, owner: "audio track \(index + 1)") ? track : nil
        }
    }

    private func audioTrack(_ item: Field) throws(SceneError) -> AudioTrack {
        let origin = SceneError.Origin(file: file, position: item.node.position, path: item.path)
        if case .string = item.node.value { return AudioTrack(file: resolve(try item.string()), origin: origin) }
        let fields = try item.object(Keys.audioTrack)
        let file = try fields.required("file", "the sound file, relative to the pipeline file")
        var track = AudioTrack(
            file: resolve(try file.string()), start: try fields.value("start"), from: try fields.value("from"),
            volume: try fields.value("volume"), fadeIn: try fields.value("fadeIn"),
            fadeOut: try fields.value("fadeOut"), loop: try fields.value("loop"),
            origin: SceneError.Origin(file: self.file, position: file.node.position, path: file.path))
        (track.name, track.nameOrigin) = try soundName(fields)
        if let duckField = fields["duck"] {
            let duck = try duckField.object(Keys.duck)
            let under = try duck.required("under", "the names of the sounds the track gives way to")
            var names: [String] = []
            for name in try under.array() {
                let text = try name.string()
                if names.contains(text) { throw name.error("\"\(text)\" is named twice in \"under\"") }
                names.append(text)
            }
            if names.isEmpty { throw under.error("\"under\" names no sound: name a track, a step sound or \"clips\"") }
            track.duck = SoundDuck(
                under: names, amount: try duck.value("amount"), attack: try duck.value("attack"),
                release: try duck.value("release"), threshold: try duck.value("threshold"),
                origin: SceneError.Origin(file: self.file, position: under.node.position, path: under.path))
        }
        return track
    }

    /// A track's or step sound's `name`: one part of a key path, not `clips` (which `duck` reads
    /// as every clip's sound); nil when it has none.
    private func soundName(_ fields: ObjectFields) throws(SceneError) -> (String?, SceneError.Origin?) {
        guard let field = fields["name"] else { return (nil, nil) }
        let name = try field.string()
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else {
            throw field.error(
                "a sound's name is part of a key path (audio.<name>.volume): use letters, digits, \"_\" and \"-\"")
        }
        if name == SoundDuck.clips {
            throw field.error("\"clips\" means every clip's own sound in a \"duck\"; give the sound another name")
        }
        return (name, SceneError.Origin(file: file, position: field.node.position, path: field.path))
    }

    /// The sound an `animate` step changes the volume of (`audio.<name>.volume`, or `video.volume`
    /// of its `target`, a clip layer playing its sound); nil when its key path is no sound's. A
    /// name is checked against the sounds once they are all read (`checkSoundNames`).
    func soundVolumeKeyPath(_ fields: ObjectFields) throws(SceneError) -> SoundVolumeKeyPath? {
        guard let field = fields["animate"], case .string(let text) = field.node.value,
            text.hasPrefix("audio.") || text.hasPrefix("video.")
        else { return nil }
        if text == "video.volume" {
            let targetField = try fields.required("target", "the name of the clip layer whose sound to animate")
            let target = try layerIndex(targetField)
            guard let footage = try content(of: target, at: targetField).footage, case .video = footage.source,
                footage.audioVolume != nil
            else {
                throw targetField.error(
                    "video.volume animates a clip's own sound, and layer \"\(layerNames[target])\" plays none: give "
                        + "it a \"video\" with \"audio\": true")
            }
            return .clip(layer: target)
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "audio", parts[2] == "volume", !parts[1].isEmpty else {
            throw field.error(
                "\(text.quotedForMessage) is no sound's key path: write audio.<track or step sound name>.volume, or "
                    + "video.volume with the clip layer as \"target\"")
        }
        if let target = fields["target"] {
            throw target.error(
                "\(text) names its sound; it takes no \"target\" (video.volume animates a clip layer's sound)")
        }
        return .named(String(parts[1]))
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
        var stepSound = StepSound(file: resolve(try file.string()), volume: try sound.value("volume"), origin: origin)
        (stepSound.name, stepSound.nameOrigin) = try soundName(sound)
        return stepSound
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

extension Decoding {
    /// Every sound name the file gives is given once; every `audio.<name>.volume` and every name
    /// in a `duck` names a track or step sound (or `clips`), and no track ducks under itself.
    func checkSoundNames(audio: [AudioTrack], steps: [Step]) -> [SceneError] {
        var errors: [SceneError] = []
        var names: [String: SceneError.Origin] = [:]
        let named =
            audio.compactMap { track in track.name.map { ($0, track.nameOrigin ?? track.origin) } }
            + steps.compactMap { step in
                step.sound.flatMap { sound in sound.name.map { ($0, sound.nameOrigin ?? sound.origin) } }
            }
        for (name, origin) in named {
            if let first = names[name] {
                let place = first.path.map { " at \($0)" } ?? ""
                errors.append(
                    SceneError(
                        at: origin,
                        message: "the sound name \"\(name)\" is already taken\(place): give each sound its own"))
            } else {
                names[name] = origin
            }
        }
        func unknown(_ name: String, also: [String] = []) -> String {
            let known = names.keys.sorted() + also
            if let suggestion = NameSuggestion.nearest(to: name, among: known) {
                return "no track or step sound is named \"\(name)\"; did you mean \"\(suggestion)\"?"
            }
            let list =
                known.isEmpty ? "the file names none" : "known: " + known.map { "\"\($0)\"" }.joined(separator: ", ")
            return "no track or step sound is named \"\(name)\" (\(list); a track or step sound takes a \"name\")"
        }
        for (index, step) in steps.enumerated() {
            guard case .volume(let animation) = step.action, case .volume(.named(let name)) = animation.keyPath,
                names[name] == nil, let field = stepFields[index].member("animate")
            else { continue }
            errors.append(field.error(unknown(name)))
        }
        for track in audio {
            guard let duck = track.duck else { continue }
            for name in duck.under where name != SoundDuck.clips {
                if name == track.name {
                    errors.append(
                        SceneError(at: duck.origin, message: "a track cannot duck under itself (\"\(name)\")"))
                } else if names[name] == nil {
                    errors.append(SceneError(at: duck.origin, message: unknown(name, also: [SoundDuck.clips])))
                }
            }
        }
        return errors
    }
}
