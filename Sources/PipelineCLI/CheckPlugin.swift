import ArgumentParser
import Foundation
import PluginCheck
import PluginRegistry

extension Pipeline {
    struct CheckPlugin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check-plugin",
            abstract: "Check a plugin file: call everything it registers and report what is wrong.",
            discussion: """
                Loads the plugin in a child process (never in pipeline itself) and calls every animator \
                (create, apply, destroy), mixer (create, mix in two row bands, destroy) and timing curve it \
                registers: at progress -0.1, 0, 0.25, 0.5, 0.75, 1 and 1.1 (curves within 0...1), with every \
                parameter at its default, then each in turn at its minimum and maximum, each enum choice, the \
                other boolean, an empty string, a layer (required parameters get a valid value). It makes \
                three passes: forward on one thread, then reversed and shuffled (fixed seed) on four threads, \
                with fresh instances each time.

                Effects (create, reach, apply, destroy) get the same parameter values, plus NaN and ±1e300 in \
                each numeric parameter (the largest and smallest integers in an integer one), which no \
                pipeline can give: with those the plugin must only not crash or hang, and its reach stay \
                within ANIM_REACH_MAX or fail. The others filter layers of 1×1, 7×5 and 37×23 pixels at \
                render scale 0.5, 1 and 2, in the pixel order the effect asks for, padded by the reach's \
                margins (an image of more than 1024×1024 pixels with them gets its reach checked only). Each \
                call applies the whole image twice, then in random row ranges (not for \
                ANIM_EFFECT_WHOLE_IMAGE), which must all give the same bytes, each call writing only its rows \
                and never its input; applies it with 3 more transparent pixels around the margins, beyond \
                which nothing visible may be written; and changes every input pixel farther than the reach's \
                read + 1 from the layer's centre and from its top left pixel, whose output must not change.

                It reports, naming the call (what, at which progress, with which values): a crash or a call \
                that does not return within --timeout (the child is killed and the check goes on in a fresh \
                one, skipping that call); create returning NULL, apply or mix returning false, with the \
                plugin's message; a result that differs between passes (state kept between calls, or \
                dependence on call order or threads); a layer property a render would have to replace (NaN, \
                infinite, a negative size, an opacity outside 0...1), a bad mask, or a value of more than a \
                million canvas sizes; a curve value that is NaN or infinite; a mixer writing rows outside its \
                band, or pixels that are not premultiplied; an effect whose reach is over ANIM_REACH_MAX or \
                returns false, whose bytes depend on the row split, that writes outside its rows or into its \
                input, writes visible pixels beyond its margins or reads farther than its read; a call slower \
                than --budget-ms in every pass; a descriptor the host refused; a name a plugin in the \
                built-in folder or a --plugins folder also registers.

                A GLSL transition (FILE.glsl) is compiled and called as a mixer is; besides, its shader's \
                results must be numbers (no NaN or infinity, read as floats before they become bytes) for \
                every value short of the limits of a GLSL float or int, and at the file's defaults \
                progress 0 must give its `from` image and progress 1 its `to`.

                Exit status: 0 no problems, 1 problems found (or the command line is wrong), 2 the file \
                cannot be checked (missing, not a plugin, another ABI major, init failed or crashed).

                --json prints {file, status, error (status 2 only), plugin {path, id, version, description}, \
                animators, mixers, effects and curves [{name, parameters, signature (curves)}], calls, \
                problems [{kind, subject, call {function, progress, image {width, height, renderScale, \
                nativePixels, wholeImage} (effects), variant, parameters, description}, message, \
                occurrences}]}; kind is one of crash, hang, exit, error, differs, invalid-value, \
                absurd-value, slow, outside-rows, not-premultiplied, wrote-input, split-differs, \
                reach-too-large, beyond-margins, reads-beyond-reach, edges-not-transparent, wrong-end, refused, name-clash, \
                incomplete; \
                occurrences counts the calls that show the problem, call being the first.

                Examples:
                  pipeline check-plugin plugins/wobble.so
                  pipeline check-plugin plugins/wobble.so --json --budget-ms 20 --timeout 2

                A problem reads:
                  animator "wobble": apply at progress 1 with angle = 3600 (max): crashed with SIGSEGV (and 6 more calls)
                """)

        @Argument(
            help: ArgumentHelp("The plugin file (or GLSL transition).", valueName: "file.so"),
            completion: .file(extensions: ["so", "glsl"]))
        var file: String
        @Flag(help: "Print the report as JSON.") var json = false
        @Option(
            name: .customLong("budget-ms"),
            help: ArgumentHelp(
                "How long one apply, mix or curve call (an effect's reach and apply) may take, in milliseconds.",
                valueName: "ms"))
        var budget: Double = 50
        @Option(help: ArgumentHelp("Seconds after which a call counts as hung.", valueName: "seconds"))
        var timeout: Double = 5
        @OptionGroup var plugins: PluginOptions

        func validate() throws {
            guard budget > 0, budget.isFinite else { throw ValidationError("--budget-ms must be a positive number") }
            guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number") }
        }

        func run() throws {
            var report = check()
            if report.error == nil { report = report.checkingNames(against: otherPlugins()) }
            if json { print(report.json(), terminator: "") }
            if let error = report.error {
                Console.error("\(file): cannot be checked: \(error)")
            } else if !json {
                print(report.text, terminator: "")
            }
            if report.status != 0 { throw ExitCode(report.status) }
        }

        private func check() -> CheckReport {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
                return .unusable(file, "no such file")
            }
            guard !isFolder.boolValue else { return .unusable(file, "a folder, not a plugin file") }
            let settings = CheckSettings(budget: .milliseconds(budget), timeLimit: .milliseconds(timeout * 1000))
            let started = ContinuousClock.now
            return PluginChecker(command: CheckPluginChild.command, settings: settings).check(file) { line in
                // Quick checks stay quiet; a slow one says what it is doing.
                if ContinuousClock.now - started > .seconds(1) { Console.note("check-plugin: \(line)") }
            }
        }

        /// The plugins a pipeline would load beside this one, scanned in child processes.
        private func otherPlugins() -> Registry {
            let registry = Registry(opensPlugins: false)
            let folders = plugins.directories + [PluginSearchPath.builtinDirectory()].compactMap { $0 }
            registry.scan(directories: folders, with: PluginScanner.thisExecutable)
            return registry
        }
    }
}
