extension Keys {
    /// `output.loudness` written as an object.
    public static let loudness = KeySet(
        "output.loudness",
        [
            FormatKey(
                "integrated", .number(LoudnessTarget.integratedRange),
                "the EBU R128 integrated loudness of the whole mix, in LUFS (-23 broadcast, -16 podcasts, "
                    + "-14 streaming)"),
            FormatKey(
                "truePeak", .number(LoudnessTarget.truePeakRange), default: .number(LoudnessTarget.defaultTruePeak),
                "the highest true (inter-sample) peak, in dBTP: a limiter keeps the mix under it"),
        ], required: ["integrated"], "an EBU R128 loudness target for the sound's mix")
}
