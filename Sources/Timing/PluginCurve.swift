import PluginDescriptions

/// Runs plugin curves' code where a render runs plugin code: in this process under the crash
/// guard, or in a plugin child (`--isolate`). A render hands it to every curve it evaluates, so
/// no plugin curve is evaluated without one.
public protocol PluginCurveCalls {
    /// `curve`'s value at `progress` with a step's `arguments`, or NaN after keeping why the
    /// call failed (a curve cannot throw).
    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double
}

/// A curve a plugin registered, with the extra arguments a step gives it.
public struct PluginCurve: TimingCurve {
    public let entry: CurveEntry
    public let arguments: [Double]

    public init(entry: CurveEntry, arguments: [Double]) {
        let count = entry.signature.argumentTypes.count
        precondition(arguments.count == count, "curve \(entry.name) takes \(count) arguments")
        (self.entry, self.arguments) = (entry, arguments)
    }

    public func value(at progress: Double, plugins: some PluginCurveCalls) -> Double {
        plugins.value(of: entry, at: progress, arguments: arguments)
    }

    public var pluginEntry: CurveEntry? { entry }

    /// Its registered name with the step's arguments, "back-out(1.2)"; the name alone when it
    /// takes none.
    public var description: String {
        arguments.isEmpty ? entry.name : "\(entry.name)(\(arguments.map(\.written).joined(separator: ", ")))"
    }
}

extension CurveEntry {
    /// The curve with a step's arguments (one per extra argument of its signature).
    public func bound(to arguments: [Double]) -> any TimingCurve {
        PluginCurve(entry: self, arguments: arguments)
    }
}
