extension Pipeline {
    /// Pixels per canvas point, checked where it is read (a flag, the C API, the studio's query):
    /// the one declaration of the scales pipeline draws at. What takes a `RenderScale` draws at it
    /// without checking it again.
    public struct RenderScale: Sendable, Hashable, CustomStringConvertible {
        public let value: Double

        /// The scales pipeline draws at.
        public static let range: ClosedRange<Double> = 0.05...4
        /// The canvas's own size.
        public static let full = RenderScale(checked: 1)
        /// The smallest draft the studio draws: a tenth of the frame.
        public static let smallestDraft = 0.1
        /// The scales the studio's viewer draws drafts at, up to the whole frame.
        public static let drafts = smallestDraft...full.value

        /// Refuses a scale outside `range`, with the message every surface shows.
        public init(_ value: Double) throws(PipelineError) {
            guard value.isFinite, Self.range.contains(value) else {
                throw PipelineError(.argument, "\(.scale) must be \(Self.range), got \(value)")
            }
            self.value = value
        }

        /// A scale given as text (`"0.5"`), as a flag gives it; problems name the option plainly,
        /// for the caller to word.
        public init(text: String) throws(PipelineError) {
            try self.init(try RenderOptions.number(Double.self, text, of: .scale, "a number"))
        }

        private init(checked value: Double) { self.value = value }

        public var description: String { String(value) }
    }
}
