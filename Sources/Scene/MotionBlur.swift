/// Motion blur, as the canvas asks for it (`canvas.motionBlur`) and the layers adjust it
/// (`layers[].motionBlur`): each frame is the average, in linear light, of pictures taken at
/// sub-frame times within the shutter interval.
public struct MotionBlur: Sendable, Equatable {
    /// How long the shutter stays open, in degrees of a frame interval (360: the whole interval).
    public var shutterAngle: Double
    /// When it opens, in degrees of a frame interval from the frame's time (−90 with 180 centres it).
    public var shutterPhase: Double
    /// The pictures averaged for a frame where something moves (1: no blur).
    public var samples: Int
    /// Each layer gets the samples its motion needs, at most `samples`.
    public var adaptive: Bool
    /// Layers whose `motionBlur` differs from the canvas's: 0 for a layer drawn at the frame's
    /// time in every sample, or its own number of samples.
    public var layerSamples: [Int: Int] = [:]

    public init(shutterAngle: Double, shutterPhase: Double, samples: Int, adaptive: Bool) {
        self.shutterAngle = shutterAngle
        self.shutterPhase = shutterPhase
        self.samples = samples
        self.adaptive = adaptive
    }

    /// The most samples any layer is given: the canvas's, or a layer's own when larger.
    public var mostSamples: Int { layerSamples.values.reduce(samples, max) }

    /// Whether frames are blurred at all: more than one sample, through an open shutter.
    public var blurs: Bool { mostSamples > 1 && shutterAngle > 0 }

    /// This blur with no layer given more than `most` samples (at least 1): what a preview draws
    /// when the full samples cannot keep up. Layers given fewer keep theirs.
    public func capped(at most: Int) -> MotionBlur {
        let most = max(1, most)
        var capped = self
        capped.samples = min(samples, most)
        capped.layerSamples = layerSamples.mapValues { min($0, most) }
        return capped
    }

    /// The samples layer `index` is given at most: 0 when its motion is not blurred.
    public func samples(ofLayer index: Int) -> Int { layerSamples[index] ?? samples }

    /// Where sample `k` of `count` lies, in frame intervals from the frame's time: the shutter
    /// interval [phase, phase + angle] / 360 cut into `count` equal parts, each sampled at its
    /// middle. One sample is the frame's time itself.
    public func offset(ofSample k: Int, of count: Int) -> Double {
        guard count > 1 else { return 0 }
        return (shutterPhase + shutterAngle * (Double(2 * k + 1) / Double(2 * count))) / 360
    }
}
