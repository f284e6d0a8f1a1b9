/// Eased progress equals local progress.
public struct LinearCurve: TimingCurve {
    public init() {}

    public func value(at progress: Double) -> Double { progress }
}
