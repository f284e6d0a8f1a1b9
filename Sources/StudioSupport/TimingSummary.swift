import Footage
import Output
import PipelineKit
import Renderer
import Scene

extension Pipeline {
    /// What a timing chart is drawn from: the render's length and each step's progress sampled
    /// over the render's wall time through the pipeline's clock, so dismiss, pop and interactive
    /// renders chart what their frames show. Encodes as the preview's `GET /timeline.json` gives it.
    public struct TimingSummary: Encodable, Sendable {
        /// One step's progress over the render.
        public struct StepCurve: Encodable, Sendable {
            /// "fade → mask", "cross-dissolve: old → new", with the step's id when it has one.
            public let label: String
            /// The timing curve the step runs on, as the pipeline file names it: "ease-in-out",
            /// "back-out(1.2)", "spring, damping ratio 0.7" (an alongside step's is its leader's).
            public let curve: String
            /// Progress at each of `times`; nil before the step starts (it has no effect then).
            public let progress: [Double?]
        }

        public let width: Int
        public let height: Int
        public let fps: Double
        public let duration: Double
        public let frameCount: Int
        /// Wall-clock seconds into the render, from the first frame to the last.
        public let times: [Double]
        public let steps: [StepCurve]
        /// What `validate` warns of in the pipeline, each with its place ("pipeline.json:7:18: …").
        public let warnings: [String]

        /// At most this many samples per step, however long the render: enough for a chart.
        public static let maxSamples = 600

        /// Samples `timing`, which calls plugin curves where the pipeline's frames run plugin code.
        init(_ timing: SceneTiming) {
            let scene = timing.scene
            (width, height) = (scene.canvas.width, scene.canvas.height)
            (fps, duration, frameCount) = (scene.fps, scene.duration, scene.frameCount)
            times = scene.sampleTimes(count: min(frameCount, Self.maxSamples))
            let timelineTimes = times.map(timing.time(atWallTime:))
            warnings = scene.warnings.map(\.description)
            steps = scene.steps.indices.map { index in
                // A curve that returns a non-finite value fails the frame itself; the chart leaves a gap.
                let progress = timelineTimes.map { t in
                    timing.progress(ofStep: index, at: t).flatMap { $0.isFinite ? $0 : nil }
                }
                return StepCurve(
                    label: Self.label(scene, index), curve: scene.timing(ofStep: index).curve.description,
                    progress: progress)
            }
        }

        private static func label(_ scene: Scene, _ index: Int) -> String {
            let action = scene.actionLabel(ofStep: index)
            return scene.steps[index].id.map { "\($0): \(action)" } ?? action
        }
    }

    /// Each step's progress over the render at scale 1, plugin curves called where its frames
    /// call them (in a child process when its plugins run in children). A curve that fails
    /// leaves gaps in its step's progress, and `curveFailure` says why.
    public func timingSummary() throws(PipelineError) -> (summary: TimingSummary, curveFailure: String?) {
        let (summary, failure) = try evaluatingCurves(TimingSummary.init)
        return (summary, failure)
    }

    /// Whether the pipeline plays sound: audio tracks, steps' sounds or video clips' sound.
    public var playsSound: Bool { !sound.isEmpty }

    /// What the studio calls each sound the pipeline plays, in the mix's order (`soundLanes`).
    public var soundLabels: [String] {
        sound.mix(of: scene, footage: headerImages.footage, hashingFiles: false)?.sources.map { $0.label ?? $0.file }
            ?? []
    }

    /// Each sound the pipeline plays over the render, in `buckets` equal spans: what the studio
    /// calls it, the loudest sample of its own sound in each span, and its gain at each span's
    /// middle (its volume as animated, fades, crossfades and ducking), by the same mixer as a
    /// render's. Empty when it plays none.
    public func soundLanes(buckets: Int) throws(PipelineError) -> [(label: String, peaks: [Float], gains: [Float])] {
        guard let mix = sound.mix(of: scene, footage: headerImages.footage, hashingFiles: false) else { return [] }
        do throws(FootageError) {
            return try SoundMixer(mix: mix).lanes(buckets: buckets).map { ($0.label, $0.peaks, $0.gains) }
        } catch {
            throw PipelineError(.render, "cannot mix the sound of \(file): \(error.description)")
        }
    }

    /// The pipeline's sound mixed as `pipeline run` mixes a video's (by the same mixer), as a WAV
    /// file's bytes (which may take a while: frames go on rendering meanwhile); nil when it plays
    /// none.
    public func soundWAV() throws(PipelineError) -> [UInt8]? {
        guard let mix = sound.mix(of: scene, footage: headerImages.footage) else { return nil }
        do throws(OutputError) {
            return Array(try mix.wav(name: file))
        } catch {
            throw PipelineError(.render, error.description)
        }
    }
}
