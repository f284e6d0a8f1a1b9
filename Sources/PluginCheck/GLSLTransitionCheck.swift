import CAnimatorABI
import PluginDescriptions
import PluginRegistry

/// What a GLSL transition owes beyond any mixer, checked on every call that mixed: its shader's
/// results are numbers (NaN and infinity become some byte, differently on every GPU) for every
/// value short of the limits of a GLSL float or int, and the
/// format's ends hold at the file's defaults, progress 0 showing only `from` and progress 1 only `to`.
struct GLSLTransitionCheck {
    let entry: MixerEntry
    let progress: Double
    let values: UnsafePointer<anim_value_t>?
    let operation: String
    let records: CallRecords

    /// A channel may move this much from its input at the ends: the shader sees straight colour
    /// and gives it back premultiplied, which rounds.
    static let endTolerance = 2

    /// Checks the call that wrote `out` from the images `images` (from, to, out).
    func check(_ out: [UInt8], images: UnsafeMutablePointer<anim_image_t>) {
        checkEnds(out, from: images[0], to: images[1])
        switch GLSLTransition.results(
            of: entry, progress: progress, values: values, from: images, to: images + 1, out: images + 2)
        {
        case .failure(let error):
            records.add(
                CheckFinding(
                    kind: .error, operation: operation, message: "rendering the shader's results failed: \(error)",
                    detail: "results"))
        case .success(let floats):
            if !atTheLimits { checkFinite(floats) }
        }
    }

    private func checkEnds(_ out: [UInt8], from: anim_image_t, to: anim_image_t) {
        // At the file's defaults only: values far outside what a parameter means may break any
        // formula (a direction of -3e38 has no ends).
        guard progress == 0 || progress == 1, atDefaults else { return }
        let (input, name) = progress == 0 ? (from, "from") : (to, "to")
        let count = Int(input.stride) * Int(input.height)
        let expected = UnsafeBufferPointer(start: input.pixels, count: count)
        let width = Int(input.width)
        let first = out.indices.first { abs(Int(out[$0]) - Int(expected[$0])) > Self.endTolerance }
        guard let first else { return }
        let pixel = first / 4 * 4
        let (x, y) = (pixel / 4 % width, pixel / 4 / width)
        let text = { (bytes: [UInt8]) in "(\(bytes.map(String.init).joined(separator: ", ")))" }
        records.add(
            CheckFinding(
                kind: .wrongEnd, operation: operation,
                message:
                    "gave \(text(Array(out[pixel..<pixel + 4]))) at pixel (\(x), \(y)) where `\(name)` is "
                    + "\(text(Array(expected[pixel..<pixel + 4]))): progress \(Int(progress)) shows only `\(name)`",
                detail: name))
    }

    /// Every parameter at its default (image parameters, which have none, left empty).
    private var atDefaults: Bool {
        (0..<Int(entry.descriptor.pointee.param_count)).allSatisfy { values?[$0].is_set == 0 }
    }

    /// A parameter at the end of what a GLSL float or int holds (the range a transition file
    /// cannot narrow): there any product overflows, which says nothing of the shader.
    private var atTheLimits: Bool {
        (0..<Int(entry.descriptor.pointee.param_count)).contains { index in
            guard let value = values?[index] else { return false }
            let components = [value.v.0, value.v.1, value.v.2, value.v.3]
            return components.contains { abs($0) >= Double(Float.greatestFiniteMagnitude) }
                || value.i <= Int64(Int32.min) || value.i >= Int64(Int32.max)
        }
    }

    private func checkFinite(_ floats: [Float]) {
        guard let bad = floats.firstIndex(where: { !$0.isFinite }) else { return }
        let width = CheckScene.imageWidth
        let pixel = bad / 4
        // The results come bottom row first; the message counts rows from the top, as images do.
        let (x, y) = (pixel % width, CheckScene.imageHeight - 1 - pixel / width)
        let channel = ["red", "green", "blue", "alpha"][bad % 4]
        let value = floats[bad].isNaN ? "NaN" : floats[bad] > 0 ? "+infinity" : "-infinity"
        records.add(
            CheckFinding(
                kind: .invalidValue, operation: operation,
                message: "the shader returned \(value) for \(channel) at pixel (\(x), \(y)), which no byte shows",
                detail: "shader result"))
    }
}
