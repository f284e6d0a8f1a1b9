import Compositor
import Footage
import Output
import PluginDescriptions
import PluginRegistry
import Scene
import Timing

/// The sound a scene plays, its files probed: the tracks of its `audio` list, its steps' sounds
/// and its clips' own sound (`"audio": true`). Probing decodes every file once, before a frame is
/// rendered, so a sound that cannot be played stops a run at once, reported at the place the
/// pipeline names it. `mix` then places each sound on the video's clock.
public struct SceneSound: Sendable {
    /// What each file holds, by resolved path.
    let infos: [String: AudioInfo]

    /// A scene that plays no sound.
    public static let none = SceneSound(infos: [:])

    /// Whether the scene plays any sound.
    public var isEmpty: Bool { infos.isEmpty }

    /// Every sound file the scene plays, probed once each. Every failure is reported, in the
    /// order the pipeline names the files.
    public static func probe(_ scene: Scene) throws(SceneError) -> SceneSound {
        var infos: [String: AudioInfo] = [:]
        var failed = Set<String>()
        var errors: [SceneError] = []
        for use in uses(in: scene) where !failed.contains(use.file) {
            do throws(FootageError) {
                let info: AudioInfo
                if let known = infos[use.file] {
                    info = known
                } else {
                    info = try AudioFile.probe(path: use.file)
                    infos[use.file] = info
                }
                // A track (which may loop) plays a millisecond at least from its `from`.
                let end = info.start + info.duration
                let problem: FootageError? =
                    if let from = use.from {
                        end < AudioInfo.shortestPlay
                            ? .soundTooShort(path: use.file, info: info)
                            : from > end - AudioInfo.shortestPlay
                                ? .soundFromPastEnd(path: use.file, from: from, info: info) : nil
                    } else {
                        nil
                    }
                if let problem { errors.append(SceneError(at: use.origin, message: "\(use.owner): \(problem)")) }
            } catch {
                failed.insert(use.file)
                let message =
                    if case .noAudioStream = error, use.isClip {
                        "\(use.file) has no sound: leave out \"audio\": true, or give the clip a sound track"
                    } else {
                        error.description
                    }
                errors.append(SceneError(at: use.origin, message: "\(use.owner): \(message)"))
            }
        }
        if let error = SceneError.combining(errors) { throw error }
        return SceneSound(infos: infos)
    }

    /// One place the scene plays a file: what plays it, where the file names it, the `from` to check.
    private struct Use {
        let file: String
        let origin: SceneError.Origin
        let owner: String
        let from: Double?
        var isClip = false
    }

    private static func uses(in scene: Scene) -> [Use] {
        let tracks = scene.audio.enumerated().map { index, track in
            Use(file: track.file, origin: track.origin, owner: "audio track \(index + 1)", from: track.from)
        }
        let steps = scene.steps.compactMap { step in
            step.sound.map { Use(file: $0.file, origin: $0.origin, owner: "step \(step.path)", from: nil) }
        }
        let clips = scene.layers.compactMap { layer -> Use? in
            guard let spec = layer.content.footage, spec.audioVolume != nil, case .video(let path) = spec.source,
                let origin = spec.origin
            else { return nil }
            // The clip's `from` is checked against its picture.
            return Use(file: path, origin: origin, owner: "layer \"\(layer.name)\"", from: nil, isClip: true)
        }
        return tracks + steps + clips
    }

    /// Every sound on the video's clock: tracks from their `start`, a step's sound from the moment
    /// the step starts moving on screen, a clip's sound following its timing (`from`, `speed`,
    /// `end`). nil when the scene plays none. `footage` gives each clip's length, where its sound
    /// stops (or loops, with its picture). `hashingFiles` records each file's content hash (what
    /// `concat` and `run --resume` check), which reads the whole file.
    public func mix(of scene: Scene, footage: SceneFootage, hashingFiles: Bool = true) -> SoundMix? {
        guard !isEmpty else { return nil }
        var sources: [SoundMix.Source] = []
        // What each source's volume is called by `animate` steps, and the sources by name.
        var keyPaths: [SoundVolumeKeyPath?] = []
        var named: [String: Int] = [:]
        var hashes: [String: String] = [:]
        func source(
            _ file: String, _ keyPath: SoundVolumeKeyPath?, label: String, _ place: (AudioInfo) -> SoundMix.Source
        ) {
            guard let info = infos[file] else { return }
            var source = place(info)
            source.label = label
            source.soundStart = info.start
            if hashingFiles && hashes[file] == nil { hashes[file] = RunRecord.contentHash(file) }
            source.contentHash = hashes[file]
            if case .named(let name) = keyPath { named[name] = sources.count }
            keyPaths.append(keyPath)
            sources.append(source)
        }
        var ducks: [(source: Int, duck: SoundDuck)] = []
        for (index, track) in scene.audio.enumerated() {
            if let duck = track.duck { ducks.append((sources.count, duck)) }
            source(track.file, track.name.map { .named($0) }, label: track.name ?? "audio[\(index)]") { info in
                SoundMix.Source(
                    file: track.file, at: track.start, from: track.from, until: info.start + info.duration,
                    volume: track.volume, fadeIn: track.fadeIn, fadeOut: track.fadeOut, loops: track.loop)
            }
        }
        for (index, step) in scene.steps.enumerated() {
            guard let sound = step.sound, let at = Self.startOnScreen(ofStep: index, in: scene) else { continue }
            source(sound.file, sound.name.map { .named($0) }, label: sound.name ?? "\(step.path) sound") { info in
                SoundMix.Source(file: sound.file, at: at, until: info.start + info.duration, volume: sound.volume)
            }
        }
        var clipSources: [Int: Int] = [:]
        for (index, layer) in scene.layers.enumerated() {
            guard let spec = layer.content.footage, let volume = spec.audioVolume, case .video(let path) = spec.source
            else { continue }
            if infos[path] != nil { clipSources[index] = sources.count }
            source(path, .clip(layer: index), label: "\(layer.name) clip") { info in
                SoundMix.Source(
                    file: path, at: spec.start, from: spec.from,
                    until: footage[spec]?.duration ?? info.start + info.duration,
                    speed: spec.speed, volume: volume, loops: spec.end == .loop)
            }
        }
        Self.crossfade(&sources, clips: clipSources, in: scene)
        for (index, keyPath) in keyPaths.enumerated() {
            guard let keyPath, let volume = Self.volumeEnvelope(of: keyPath, base: sources[index].volume, in: scene)
            else { continue }
            sources[index].volume = 1
            sources[index].envelope = Self.multiplied(sources[index].envelope, volume)
        }
        let clips = clipSources.values.sorted()
        for (index, duck) in ducks {
            let under = duck.under.flatMap { name in name == SoundDuck.clips ? clips : named[name].map { [$0] } ?? [] }
            sources[index].duck = SoundMix.Duck(
                under: under, amount: duck.amount, attack: duck.attack, release: duck.release,
                threshold: duck.threshold)
        }
        // A scene with sound always has a sound stream, silent where nothing plays.
        var mix = SoundMix(sources: sources, frameCount: scene.frameCount, fps: scene.fps)
        mix.loudness = scene.output.loudness
        return mix
    }

    /// Seconds between an envelope's points over a mixer's span.
    static let envelopeStep = 0.001

    /// Each mixer step that joins two clips playing sound fades `from`'s sound out and `to`'s in,
    /// their gains following the mixer's progress (its timing curve; a plugin's counted as linear)
    /// by its `soundCurve`: `from`'s sound full before the mixer, silent after it, `to`'s the
    /// other way round; `to`'s fade comes `soundLead` seconds early, `from`'s `soundTail` late.
    /// `clips` gives the source of each clip layer that plays sound.
    static func crossfade(_ sources: inout [SoundMix.Source], clips: [Int: Int], in scene: Scene) {
        let plugins = LinearInPlaceOfPluginCurves()
        for (index, step) in scene.steps.enumerated() {
            guard case .mix(_, let from, let to) = step.action, let out = clips[from], let into = clips[to] else {
                continue
            }
            let timing = scene.timing(ofStep: index)
            let count = max(Int(((timing.end - timing.start) / envelopeStep).rounded(.up)), 1)
            var (fading, rising) = ([SoundMix.GainPoint](), [SoundMix.GainPoint]())
            for point in 0...count {
                let time = min(timing.start + Double(point) * envelopeStep, timing.end)
                var progress = timing.progress(at: time, plugins: plugins) ?? 0
                if step.reverse { progress = 1 - progress }
                let gains = step.crossfade.curve.gains(at: progress)
                fading.append(.init(time: time + step.crossfade.tail, gain: gains.out))
                rising.append(.init(time: time - step.crossfade.lead, gain: gains.in))
            }
            sources[out].envelope = Self.combined(sources[out].envelope, fading)
            sources[into].envelope = Self.combined(sources[into].envelope, rising)
        }
    }

    /// The volume of the sound `keyPath` names over the render, whose own volume is `base`, as
    /// envelope points a millisecond apart where `animate` steps change it (points on a straight
    /// line between their neighbours left out); nil when no step animates it.
    static func volumeEnvelope(of keyPath: SoundVolumeKeyPath, base: Double, in scene: Scene) -> [SoundMix.GainPoint]? {
        let steps = scene.volumeSteps(of: keyPath)
        guard !steps.isEmpty else { return nil }
        let plugins = LinearInPlaceOfPluginCurves()
        let count = max(Int((scene.duration / envelopeStep).rounded(.up)), 1)
        var points: [SoundMix.GainPoint] = []
        for point in 0...count {
            let time = min(Double(point) * envelopeStep, scene.duration)
            let gain = scene.volume(of: keyPath, base: base, atWallTime: time, steps: steps, plugins: plugins)
            // The last point kept lies on the line from the one before it to this one: it goes.
            if points.count >= 2 {
                let (a, b) = (points[points.count - 2], points[points.count - 1])
                let along = a.gain + (gain - a.gain) * (b.time - a.time) / (time - a.time)
                if abs(along - b.gain) < 1e-9 { points.removeLast() }
            }
            points.append(.init(time: time, gain: gain))
        }
        return points
    }

    /// The product of two envelopes, at every point of either (each holding its first gain
    /// before its first point and its last after its last).
    static func multiplied(_ first: [SoundMix.GainPoint]?, _ second: [SoundMix.GainPoint]) -> [SoundMix.GainPoint] {
        guard let first, !first.isEmpty else { return second }
        /// Walks an envelope forwards: its gain at times that never go back.
        struct Walker {
            let points: [SoundMix.GainPoint]
            var next = 0
            mutating func gain(at time: Double) -> Double {
                while next < points.count && points[next].time < time { next += 1 }
                guard next < points.count else { return points[points.count - 1].gain }
                guard next > 0 else { return points[0].gain }
                let (a, b) = (points[next - 1], points[next])
                guard b.time > a.time else { return b.gain }
                return a.gain + (b.gain - a.gain) * (time - a.time) / (b.time - a.time)
            }
        }
        var (one, other) = (Walker(points: first), Walker(points: second))
        let times = Array(Set(first.map(\.time) + second.map(\.time))).sorted()
        return times.map { time in .init(time: time, gain: one.gain(at: time) * other.gain(at: time)) }
    }

    /// A clip joined by two mixers (in, then out) takes both envelopes, one after the other.
    private static func combined(_ earlier: [SoundMix.GainPoint]?, _ later: [SoundMix.GainPoint]) -> [SoundMix
        .GainPoint]
    {
        guard let earlier, let last = earlier.last else { return later }
        return earlier + later.filter { $0.time > last.time }
    }

    /// Video seconds at which step `index` starts moving on screen; nil if it never does. Forwards
    /// that is its start; backwards (dismiss, pop), the moment the reversed timeline reaches its
    /// end; in an interactive render, the first frame whose timeline time has reached the step (at or
    /// after its start; backwards, at or before its end).
    static func startOnScreen(ofStep index: Int, in scene: Scene) -> Double? {
        let timing = scene.timing(ofStep: index)
        guard scene.clock.interaction != nil else {
            guard scene.clock.direction.isBackwards else { return timing.start }
            return max(Double(scene.frameCount - 1) / scene.fps - timing.end, 0)
        }
        let plugins = LinearInPlaceOfPluginCurves()
        let backwards = scene.clock.direction.isBackwards
        let frame = (0..<scene.frameCount).first { frame in
            let time = scene.time(ofFrame: frame, plugins: plugins)
            return backwards ? time <= timing.end : time >= timing.start
        }
        return frame.map { Double($0) / scene.fps }
    }
}

/// Where sounds are placed, a plugin's timing curve counts as linear: plugin code runs only where
/// the render runs it (possibly in child processes). In an interactive render whose completion
/// curve a plugin provides, a step's sound that starts after the gesture's release is placed as
/// if the completion were linear.
private struct LinearInPlaceOfPluginCurves: PluginCurveCalls {
    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double { progress }
}
