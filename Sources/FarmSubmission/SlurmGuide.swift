import PipelineKit

extension SlurmSubmission {
    /// What a submission writes and submits, with examples: `pipeline submit slurm --help` shows it.
    public static let guide = guideText(PackageResources.submit_slurm_txt)
}
