import OptionNames

/// `--shard auto` and `--shard auto/N`: the shard a process renders, from the variables of the
/// scheduler that started it.
///
/// - A Slurm job array sets `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT`
///   and, for `--array=A-B:S`, `SLURM_ARRAY_TASK_STEP`: the task is shard (ID − MIN) / STEP + 1
///   of COUNT, so `--array=0-7` and `--array=5-12` both make shards 1 to 8.
/// - A Kubernetes Indexed Job sets `JOB_COMPLETION_INDEX` (from 0): the pod is shard INDEX + 1;
///   the count is N of `auto/N`, or `PIPELINE_SHARD_COUNT` (the Job's `completions`).
///
/// With a Slurm array, `auto/N` reads the task ids as shard numbers counted from 0: task ID is
/// shard ID + 1 of N, whatever the array's range. That is what an array submitted again for some
/// of its tasks needs (`--array=3` has MIN 3 and COUNT 1, and still renders shard 4 of 8).
enum SchedulerShard {
    static let slurmVariables = ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT"]
    static let kubernetesIndex = "JOB_COMPLETION_INDEX"
    static let countVariable = "PIPELINE_SHARD_COUNT"

    static func read(_ text: String, environment: [String: String]) throws(RenderJobError) -> (Int, of: Int) {
        var given: Int?
        if text != "auto" {
            guard let count = FrameSelection.number(String(text.dropFirst("auto/".count))), count >= 1 else {
                throw .shardFromScheduler("\(.shard) auto/N takes the count N of shards (1 or more), got \"\(text)\"")
            }
            given = count
        }
        if let id = environment["SLURM_ARRAY_TASK_ID"] {
            return try slurm(id: id, environment: environment, count: given)
        }
        if let index = environment[kubernetesIndex] {
            return try kubernetes(index: index, environment: environment, count: given)
        }
        throw .shardFromScheduler(
            "\(.shard) \(text) takes the shard from the scheduler, but none of its variables is set: "
                + "\(slurmVariables.joined(separator: ", ")) (a Slurm job array), or \(kubernetesIndex) with "
                + "\(.shard) auto/N or \(countVariable) (a Kubernetes Indexed Job); elsewhere give \(.shard) I/N")
    }

    private static func slurm(
        id: String, environment: [String: String], count given: Int?
    ) throws(RenderJobError) -> (Int, of: Int) {
        if let given {
            guard let id = FrameSelection.number(id) else {
                throw .shardFromScheduler("\(.shard) auto: SLURM_ARRAY_TASK_ID is \"\(id)\", not a task number")
            }
            return try checked(id + 1, of: given, from: "SLURM_ARRAY_TASK_ID=\(id)")
        }
        let values = slurmVariables.map { environment[$0] }
        let step = environment["SLURM_ARRAY_TASK_STEP"] ?? "1"
        guard let id = FrameSelection.number(id), let minimum = values[1].flatMap(FrameSelection.number),
            let count = values[2].flatMap(FrameSelection.number), let step = FrameSelection.number(step),
            step >= 1, id >= minimum, (id - minimum) % step == 0
        else {
            throw .shardFromScheduler(
                "\(.shard) auto reads a Slurm job array's task from "
                    + "\(slurmVariables.map { "\($0)=\(environment[$0] ?? "(unset)")" }.joined(separator: " ")) "
                    + "SLURM_ARRAY_TASK_STEP=\(environment["SLURM_ARRAY_TASK_STEP"] ?? "(unset)"), which make no "
                    + "shard: submit an array of evenly spaced tasks (--array=0-7, --array=5-12, --array=0-14:2)")
        }
        return try checked((id - minimum) / step + 1, of: count, from: "SLURM_ARRAY_TASK_ID=\(id)")
    }

    private static func kubernetes(
        index: String, environment: [String: String], count given: Int?
    ) throws(RenderJobError) -> (Int, of: Int) {
        guard let index = FrameSelection.number(index) else {
            throw .shardFromScheduler("\(.shard) auto: \(kubernetesIndex) is \"\(index)\", not an index from 0")
        }
        guard let count = given ?? environment[countVariable].flatMap(FrameSelection.number) else {
            throw .shardFromScheduler(
                "\(.shard) auto: \(kubernetesIndex)=\(index) gives the shard but not how many there are: "
                    + "give \(.shard) auto/N, or set \(countVariable) to the Job's completions")
        }
        return try checked(index + 1, of: count, from: "\(kubernetesIndex)=\(index)")
    }

    private static func checked(_ index: Int, of count: Int, from source: String) throws(RenderJobError) -> (
        Int, of: Int
    ) {
        guard count >= 1, (1...count).contains(index) else {
            throw .shardFromScheduler(
                "\(.shard) auto: \(source) makes shard \(index), but there are \(count): the index is outside the shards"
            )
        }
        return (index, count)
    }
}
