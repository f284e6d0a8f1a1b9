import PluginRegistry

/// Where plugins' log lines go: standard error unless a host sets `handler` (a library never
/// writes to its host's streams unasked). Debug and info lines come only with PIPELINE_VERBOSE=1.
public enum PluginLog {
    /// Hears each line instead of standard error ("warning: plugin FILE: message"); nil:
    /// standard error.
    public static var handler: (@Sendable (String) -> Void)? {
        get { PluginRegistry.PluginLog.handler }
        set { PluginRegistry.PluginLog.handler = newValue }
    }
}
