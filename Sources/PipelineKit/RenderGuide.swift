extension Pipeline.RenderOptions {
    /// What a render writes and how its options act, with examples: `pipeline run --help` shows it.
    public static let guide = guideText(PackageResources.run_txt)
}
