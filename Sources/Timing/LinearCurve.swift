/// Eased progress equals local progress.
public struct LinearCurve: HostCurve {
    public init() {}

    public func value(at progress: Double) -> Double { progress }

    public var description: String { "linear" }
}
