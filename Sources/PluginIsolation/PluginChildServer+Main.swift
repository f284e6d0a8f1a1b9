import Foundation
import PluginRegistry

extension PluginChildServer {
    /// `_plugin-child [--sandbox] [--plugin FILE]…`, as `Isolation` starts it: enters the sandbox
    /// (allowing the plugin files named) before any plugin code runs, then serves the calls sent
    /// on standard input. Returns the exit status; 4 when the sandbox cannot be entered.
    public static func main(_ arguments: [String]) -> Int32 {
        let parsed = ChildArguments(arguments, flags: ["--sandbox"])
        guard parsed.positional.isEmpty else {
            return ChildArguments.refuse("_plugin-child", "unexpected \(parsed.positional)")
        }
        if parsed.has("--sandbox") {
            do throws(PluginSandbox.Failure) {
                try PluginSandbox.enter(plugins: parsed.values("--plugin"), requireFiles: true)
            } catch {
                FileHandle.standardError.write(
                    Data("error: could not enter the plugin sandbox: \(error.description)\n".utf8))
                return 4
            }
        }
        return PluginChildServer().serve()
    }
}
