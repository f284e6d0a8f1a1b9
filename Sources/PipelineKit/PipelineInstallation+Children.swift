import Foundation
import PluginCheck
import PluginIsolation
import PluginRegistry

extension PipelineInstallation {
    /// The child processes pipeline starts running its own executable, by their hidden first
    /// argument: a plugin file's scan, isolated plugin code, a plugin check's calls. Each module
    /// that starts one reads its arguments.
    static func child(named name: String) -> (@Sendable ([String]) -> Int32)? {
        switch name {
        case "_scan-plugin": PluginScanner.childMain
        case "_plugin-child": PluginChildServer.main
        case "_check-plugin-child": PluginCheckChild.main
        default: nil
        }
    }

    /// Runs what needs no command line parsing, returning its exit status: the child process
    /// `arguments` name (their first is a child's hidden name), or `--version` alone, which is
    /// printed before a command parser is built (building one reflects every command's options,
    /// which would be most of the time `--version` takes). Nil for anything else. An executable
    /// holding PipelineKit calls it first thing.
    public static func runWithoutParsing(_ arguments: [String]) -> Int32? {
        if arguments == ["--version"] {
            FileHandle.standardOutput.write(Data((Versions.text + "\n").utf8))
            return 0
        }
        guard let name = arguments.first, name.hasPrefix("_"), let child = child(named: name) else { return nil }
        return child(Array(arguments.dropFirst()))
    }
}
