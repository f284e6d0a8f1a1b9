extension Pipeline {
    /// What opening a pipeline checks and warns about: `pipeline validate --help` shows it.
    public static let validationGuide = guideText(PackageResources.validate_txt)
}
