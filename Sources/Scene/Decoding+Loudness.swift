/// `output.loudness`: a preset's name or `{"integrated": LUFS, "truePeak": dBTP}`.
extension Decoding {
    func decodeLoudness(_ field: Field) throws(SceneError) -> LoudnessTarget {
        if case .string = field.node.value {
            let name = try field.choice(LoudnessTarget.presetNames)
            return LoudnessTarget.preset(name)!
        }
        let fields = try field.object(Keys.loudness)
        let integrated: Double = try fields.required("integrated", "the integrated loudness, in LUFS")
        return LoudnessTarget(integrated: integrated, truePeak: try fields.value("truePeak"))
    }
}
