/// `output.loudness`: the EBU R128 integrated loudness the sound's mix is brought to, and the
/// true peak it stays under. The mix is measured whole (`SoundMixer`'s loudness analysis), so a
/// sharded render and a whole one are brought to it by the same gain.
public struct LoudnessTarget: Sendable, Equatable, Codable {
    /// LUFS (LKFS): the integrated loudness of the whole mix, gated as EBU R128 gates it.
    public var integrated: Double
    /// dBTP: the highest inter-sample peak the mix may reach.
    public var truePeak: Double

    public init(integrated: Double, truePeak: Double = Self.defaultTruePeak) {
        (self.integrated, self.truePeak) = (integrated, truePeak)
    }

    /// The true peak when the file gives none, and the presets' (dBTP).
    public static let defaultTruePeak = -1.0

    /// The targets a name stands for: EBU R128's broadcast −23 LUFS, the −16 LUFS podcasts are
    /// mastered to, the −14 LUFS streaming services play at; each under −1 dBTP.
    public static let presets: [(name: String, integrated: Double)] = [
        ("ebu", -23), ("podcast", -16), ("streaming", -14),
    ]

    public static var presetNames: [String] { presets.map(\.name) }

    /// The preset named `name`; nil for another name.
    public static func preset(_ name: String) -> LoudnessTarget? {
        presets.first { $0.name == name }.map { LoudnessTarget(integrated: $0.integrated) }
    }

    /// Integrated loudness a target may ask for: EBU R128's absolute gate to full scale.
    static let integratedRange = -70.0...0.0
    /// True peaks a target may ask for: a ceiling lower than −9 dBTP is no longer a safety margin.
    static let truePeakRange = -9.0...0.0
}

/// What `output.loudness` cannot do for a render, said by `validate` (for the file's formats)
/// and by `run` (for the formats it writes), once each.
public enum LoudnessWarnings {
    /// The formats among `formats` when none carries sound, and a scene that plays none: each a
    /// message, to follow the key's path (`output.loudness: `).
    public static func messages(formats: [OutputFormat], scene: Scene) -> [String] {
        var messages: [String] = []
        if !formats.contains(where: \.carriesSound) {
            let names = formats.map(\.rawValue)
            let list =
                names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
            messages.append(
                "\(list) \(names.count == 1 ? "carries" : "carry") no sound (mp4, webm and mov do): there is no "
                    + "mix to bring to a loudness")
        }
        if !playsSound(scene) {
            messages.append(
                "the pipeline plays no sound (no \"audio\" track, step \"sound\" or clip with \"audio\": true): "
                    + "there is no mix to bring to a loudness")
        }
        return messages
    }

    /// Whether the scene names any sound: a track, a step's sound or a clip's own sound.
    static func playsSound(_ scene: Scene) -> Bool {
        !scene.audio.isEmpty || scene.steps.contains { $0.sound != nil }
            || scene.layers.contains { $0.content.footage?.audioVolume != nil }
    }
}
