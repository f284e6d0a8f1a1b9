import Foundation
import PluginIsolation
import PluginRegistry

extension PipelineInstallation {
    /// The child processes the library starts running the pipeline executable, by their hidden
    /// first argument: a plugin file's scan, isolated plugin code. Each module that starts one
    /// reads its arguments.
    static func child(named name: String) -> (@Sendable ([String]) -> Int32)? {
        switch name {
        case "_scan-plugin": PluginScanner.childMain
        case "_plugin-child": PluginChildServer.main
        default: nil
        }
    }

    /// Runs what needs no command line parsing, returning its exit status: the child process
    /// `arguments` name (their first is a child's hidden name), or `--version` alone, which is
    /// printed before a command parser is built (building one reflects every command's options,
    /// which would be most of the time `--version` takes). `children` adds those the modules
    /// beside PipelineKit start, by hidden name (`PluginFileCheck.children`). Nil for anything
    /// else. An executable holding PipelineKit calls it first thing.
    public static func runWithoutParsing(
        _ arguments: [String], children: [String: @Sendable ([String]) -> Int32] = [:]
    ) -> Int32? {
        if arguments == ["--version"] {
            FileHandle.standardOutput.write(Data((Versions.text + "\n").utf8))
            return 0
        }
        guard let name = arguments.first, name.hasPrefix("_"), let child = child(named: name) ?? children[name]
        else { return nil }
        return child(Array(arguments.dropFirst()))
    }
}
