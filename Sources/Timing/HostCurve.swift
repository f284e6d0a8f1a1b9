import PluginDescriptions

/// A curve the host computes from progress alone: it calls no plugin, so it can also be
/// evaluated without a render's `PluginCurveCalls`.
public protocol HostCurve: TimingCurve {
    func value(at progress: Double) -> Double
}

extension HostCurve {
    public func value(at progress: Double, plugins: some PluginCurveCalls) -> Double { value(at: progress) }

    public var pluginEntry: CurveEntry? { nil }
}
