extension SlurmSubmission {
    /// What a submission writes and submits, with examples: `pipeline submit slurm --help` shows it.
    public static let guide = """
        Writes two batch scripts into <out>/slurm/: render.sbatch, a job array of --parts tasks, task T \
        rendering shard T+1 of the parts with `pipeline run --shard … --resume` into <out>, and concat.sbatch, \
        which joins each video's parts into <out>/<name>.<ext> with `pipeline concat`. Submitted with --now, \
        the concat job depends on the array (--dependency=afterok, --kill-on-invalid-dep=yes): it runs once \
        every part succeeded, and is cancelled if one fails. Every path in the scripts is absolute: the \
        nodes must see the pipeline, its files, the output folder and the pipeline executable at the same \
        paths (a shared file system). Logs go to <out>/slurm/.

        A task that failed or was cancelled is rendered again with --tasks once the first array has ended: \
        its complete frames are kept (--resume), the other parts are left as they are, and a new concat job \
        waits for it (for the tasks submitted again only, so do not submit them while others still run).

        With --batch, each task renders its share of the variants (--shard over variants), each variant \
        complete in <out>/<id>/: there is nothing to join.

        Options after -- are given to sbatch for both jobs (a partition, a time limit, an account). Each \
        task renders on $SLURM_CPUS_PER_TASK threads when Slurm sets it (sbatch --cpus-per-task), else on \
        every core it sees.

        Examples:
          pipeline submit slurm pipeline.json --parts 8 --format png,mp4 --now
          pipeline submit slurm pipeline.json --parts 8 --dry-run -- --partition=render --time=30:00
          pipeline submit slurm pipeline.json --parts 8 --tasks 3 --now
          pipeline submit slurm pipeline.json --batch variants.jsonl --parts 4 --out renders --now
        """
}
