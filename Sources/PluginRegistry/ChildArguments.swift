import Foundation

/// The arguments a child process of pipeline's own is started with (`_scan-plugin`,
/// `_plugin-child`, `_check-plugin-child`): written by the module that starts the child and read
/// by the same module's entry point, never typed by a user. A malformed list is a usage error
/// like any other: said on standard error, exit status 1.
public struct ChildArguments {
    private var rest: ArraySlice<String>
    /// The arguments that are not options, in order.
    public private(set) var positional: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Reads `arguments`: `flags` take no value, every other `--name` takes the next argument.
    public init(_ arguments: [String], flags: Set<String> = []) {
        rest = arguments[...]
        while let argument = rest.popFirst() {
            if flags.contains(argument) {
                self.flags.insert(argument)
            } else if argument.hasPrefix("--"), let value = rest.popFirst() {
                options[argument, default: []].append(value)
            } else {
                positional.append(argument)
            }
        }
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }
    public func values(_ option: String) -> [String] { options[option] ?? [] }
    public func value(_ option: String) -> String? { options[option]?.last }

    /// Says what is wrong on standard error, as the command line's usage errors do; the status
    /// to exit with.
    public static func refuse(_ command: String, _ problem: String) -> Int32 {
        FileHandle.standardError.write(Data("Error: \(command): \(problem) (pipeline starts it itself)\n".utf8))
        return 1
    }
}

extension PluginScanner {
    /// `_scan-plugin FILE --shown-as PATH`: the child side of a scan, printing what the file
    /// registers as JSON on standard output. Returns the exit status.
    public static func childMain(_ arguments: [String]) -> Int32 {
        let parsed = ChildArguments(arguments)
        guard parsed.positional.count == 1, let shownAs = parsed.value("--shown-as") else {
            return ChildArguments.refuse("_scan-plugin", "expected FILE --shown-as PATH, got \(arguments)")
        }
        do {
            FileHandle.standardOutput.write(try report(file: parsed.positional[0], shownAs: shownAs))
            // The report is out (written unbuffered); the child ends without exit handlers. What a
            // plugin's destructors or atexit functions do cannot change what it registered, and a
            // sanitized build's leak check, which a library's start-up allocations can trip, has
            // nothing of the host's left to check.
            _exit(0)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }
}
