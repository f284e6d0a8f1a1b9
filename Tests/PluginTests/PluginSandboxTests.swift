import CommandTestSupport
import Foundation
import Testing

/// `--sandbox` and the plugin scan run plugin code where it cannot reach the user's files, the
/// network, other programs or other processes: a plugin that tries each gets EACCES or EPERM
/// and says so through its step's error, while the same plugin without the sandbox succeeds
/// (so the test can fail). `validate` and `plugins` run a plugin's constructor and `init` only
/// in the sandboxed scan. Frames are the same bytes with and without the sandbox.
@Suite struct PluginSandboxTests {
    /// Whether this kernel has Landlock (`--sandbox` refuses to run without it).
    static let hasLandlock: Bool = {
        guard let folder = try? CLI.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? PluginFixtures.write(PluginFixtures.pipeline(), to: "pipeline.json", in: folder)) != nil,
            let still = try? CLI.run(
                ["frame", "pipeline.json", "--at", "0", "-o", "still.png", "--sandbox"], in: folder)
        else { return false }
        return !still.stderr.contains("--sandbox cannot keep plugins from your files")
    }()

    /// A plugin whose animator "nosy", on its first call, reads /etc/passwd, writes `written`,
    /// opens a socket, signals the host and runs /bin/true, then fails its step with what each
    /// attempt gave.
    static func nosyPlugin(writing written: URL) -> String {
        let apply = """
            char report[512] = "";
                int file = open("/etc/passwd", O_RDONLY);
                note(report, sizeof report, "read /etc/passwd", file);
                if (file >= 0) close(file);
                file = open("\(written.path)", O_WRONLY | O_CREAT | O_TRUNC, 0644);
                note(report, sizeof report, "write a file", file);
                if (file >= 0) close(file);
                int sock = socket(AF_INET, SOCK_STREAM, 0);
                note(report, sizeof report, "open a socket", sock);
                note(report, sizeof report, "signal the host", kill(getppid(), 0));
                char *arguments[] = {"/bin/true", NULL};
                note(report, sizeof report, "execve /bin/true", execve("/bin/true", arguments, environ));
                snprintf(error, error_size, "%s", report);
                return false;
            """
        let prelude = """
            #define _GNU_SOURCE
            #include <errno.h>
            #include <fcntl.h>
            #include <signal.h>
            #include <stdio.h>
            #include <string.h>
            #include <sys/socket.h>
            #include <netinet/in.h>
            #include <unistd.h>
            extern char **environ;

            static void note(char *report, size_t size, const char *what, int result) {
                size_t used = strlen(report);
                snprintf(report + used, size - used, "%s%s: %s", used ? "; " : "", what,
                         result < 0 ? strerror(errno) : "succeeded");
            }

            """
        return prelude + PluginFixtures.animator("nosy", pluginID: "org.example.nosy", apply: apply)
    }

    struct Folder {
        let url: URL
        var written: URL { url.appendingPathComponent("written-by-plugin.txt") }
        var environment: [String: String] { ["PIPELINE_CACHE_DIR": url.appendingPathComponent("cache").path] }

        init(plugin source: (Folder) -> String, animator: String) throws {
            url = try CLI.temporaryDirectory()
            try PluginFixtures.compile(source(self), to: url.appendingPathComponent("plugins/nosy.so"))
            let pipeline =
                animator == "fade"
                ? PluginFixtures.pipeline() : PluginFixtures.pipeline(animator: animator, params: "{}")
            try PluginFixtures.write(pipeline, to: "pipeline.json", in: url)
        }

        func run(_ arguments: [String]) throws -> CLI.Result {
            try CLI.run(arguments, in: url, environment: environment)
        }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test(.enabled(if: hasLandlock, "the kernel has no Landlock"))
    func aSandboxedPluginCannotReadWriteConnectSignalOrRun() throws {
        let folder = try Folder(plugin: { Self.nosyPlugin(writing: $0.written) }, animator: "nosy")
        defer { folder.remove() }
        let run = try folder.run(["run", "pipeline.json", "--sandbox", "--format", "png"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!run.crashed)
        for attempt in [
            "read /etc/passwd: Permission denied", "write a file: Permission denied",
            "open a socket: Operation not permitted", "signal the host: Operation not permitted",
            "execve /bin/true: Operation not permitted",
        ] {
            #expect(run.stderr.contains(attempt), "\(attempt) in:\n\(run.stderr)")
        }
        #expect(run.stderr.contains(#"animator "nosy""#) && run.stderr.contains("frame 0"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.written.path))
    }

    /// A plugin linked to a library of its own, found through its RUNPATH (`$ORIGIN/lib`), as a
    /// plugin written in Swift finds the toolchain's runtime: the scan lists it and a sandboxed
    /// render runs it. Only that library is opened to it: the plugin still cannot read the file
    /// beside it, though that file starts as an ELF file does and the plugin names it among the
    /// libraries it needs (a name its own SONAME answers, so the loader never opens the file).
    @Test(.enabled(if: hasLandlock, "the kernel has no Landlock"))
    func aPluginLoadsTheLibrariesItsRunpathNamesInTheSandbox() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lib = folder.appendingPathComponent("plugins/lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        let helper = try PluginFixtures.write(
            "int shade_value(void) { return 42; }\n", to: "plugins/lib/shade.c", in: folder)
        let secret = lib.appendingPathComponent("notes.txt")
        try (Data([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]) + Data("not for plugins\n".utf8)).write(to: secret)
        var built = try CLI.runProgram(
            "/usr/bin/env",
            ["cc", "-shared", "-fPIC", helper.path, "-o", lib.appendingPathComponent("libshade.so").path])
        try #require(built.status == 0, "cc: \(built.stderr)")
        // A stub whose SONAME is the notes' name, linked in so the plugin NEEDs "notes.txt".
        let stubs = folder.appendingPathComponent("stubs")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        built = try CLI.runProgram(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", helper.path, "-o", stubs.appendingPathComponent("libnotes.so").path,
                "-Wl,-soname,notes.txt",
            ])
        try #require(built.status == 0, "cc: \(built.stderr)")
        let apply = """
            int file = open("\(secret.path)", O_RDONLY);
                if (file >= 0) { close(file); snprintf(error, error_size, "read the notes beside the library"); return false; }
                if (shade_value() != 42) { snprintf(error, error_size, "shade_value gave %d", shade_value()); return false; }
                return true;
            """
        let source =
            "#include <fcntl.h>\n#include <unistd.h>\nint shade_value(void);\n"
            + PluginFixtures.animator("shaded", pluginID: "org.example.shaded", apply: apply)
        let sourceFile = try PluginFixtures.write(source, to: "plugins/shaded.c", in: folder)
        built = try CLI.runProgram(
            "/usr/bin/env",
            [
                "cc", "-std=c99", "-shared", "-fPIC", "-I", CLI.header, sourceFile.path, "-o",
                folder.appendingPathComponent("plugins/shaded.so").path, "-L", lib.path, "-lshade",
                "-Wl,-rpath,$ORIGIN/lib", "-Wl,-soname,notes.txt", "-Wl,--no-as-needed", "-L", stubs.path, "-lnotes",
            ])
        try #require(built.status == 0, "cc: \(built.stderr)")
        try PluginFixtures.write(
            PluginFixtures.pipeline(animator: "shaded", params: "{}"), to: "pipeline.json", in: folder)
        let environment = ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path]

        let listed = try CLI.run(["plugins", "--plugins", "plugins"], in: folder, environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("  shaded "), "\(listed.stdout)")
        #expect(!listed.stdout.contains("skipped"), "\(listed.stdout)")
        let sandboxed = try CLI.run(
            ["run", "pipeline.json", "--plugins", "plugins", "--sandbox", "--quiet"], in: folder,
            environment: environment)
        #expect(sandboxed.status == 0, "\(sandboxed.stderr)")
        // Outside the sandbox the same plugin reads the notes, so the check above can fail.
        let free = try CLI.run(
            ["run", "pipeline.json", "--plugins", "plugins", "--quiet"], in: folder, environment: environment)
        #expect(free.status == 2 && free.stderr.contains("read the notes beside the library"), "\(free.stderr)")
    }

    @Test func withoutTheSandboxTheSamePluginReadsAndWrites() throws {
        let folder = try Folder(plugin: { Self.nosyPlugin(writing: $0.written) }, animator: "nosy")
        defer { folder.remove() }
        // Isolated but not sandboxed: the child runs with the user's rights, and its execve
        // replaces it with /bin/true, which ends the call.
        let run = try folder.run(["run", "pipeline.json", "--isolate", "--format", "png"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.written.path), "\(run.stderr)")
    }

    @Test(.enabled(if: hasLandlock, "the kernel has no Landlock"))
    func framesAreTheSameBytesInTheSandbox() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = CLI.repositoryRoot.appendingPathComponent("examples/noise-dissolve.json")
        var hashes: [[Data]] = []
        for (index, mode) in [[], ["--sandbox"]].enumerated() {
            let out = folder.appendingPathComponent("out\(index)")
            let run = try CLI.run(
                ["run", example.path, "-o", out.path, "--format", "png", "--scale", "0.25", "--quiet"] + mode,
                environment: ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path])
            #expect(run.status == 0, "\(run.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
                .sorted()
            hashes.append(try names.map { try Data(contentsOf: out.appendingPathComponent($0)) })
        }
        #expect(hashes[0].count > 10)
        #expect(hashes[0] == hashes[1])
    }

    /// A plugin whose constructor and `init` each try to create a file: run anywhere but the
    /// sandbox, they leave the files behind.
    static func markingPlugin(in folder: Folder) -> String {
        let marker = folder.url.appendingPathComponent("ran-").path
        return """
            #define _GNU_SOURCE
            #include <fcntl.h>
            #include <stdio.h>
            #include <unistd.h>
            static void mark(const char *what) {
                char path[4096];
                snprintf(path, sizeof path, "\(marker)%s", what);
                int file = open(path, O_WRONLY | O_CREAT, 0644);
                if (file >= 0) close(file);
            }
            __attribute__((constructor)) static void loaded(void) { mark("constructor"); }
            #define host_init_hook mark("init");

            """
                + PluginFixtures.animator("marking", pluginID: "org.example.marking")
                .replacingOccurrences(
                    of: "static bool fixture_init(const anim_host_t *host) { return",
                    with: "static bool fixture_init(const anim_host_t *host) { host_init_hook return")
    }

    func markers(in folder: Folder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("ran-") }.sorted()
    }

    @Test func validateAndPluginsRunPluginCodeOnlyInTheSandbox() throws {
        for animator in ["fade", "marking"] {
            let folder = try Folder(plugin: Self.markingPlugin, animator: animator)
            defer { folder.remove() }
            let validate = try folder.run(["validate", "pipeline.json"])
            #expect(validate.status == 0, "\(validate.stderr)")
            let plugins = try folder.run(["plugins", "--plugins", "plugins"])
            #expect(plugins.stdout.contains("marking"), "\(plugins.stdout)\n\(plugins.stderr)")
            let schema = try folder.run(["schema", "--plugins", "plugins"])
            #expect(schema.status == 0, "\(schema.stderr)")
            if Self.hasLandlock {
                #expect(try markers(in: folder) == [], "pipeline using \(animator)")
            }
        }
    }

    @Test func theMarkingPluginMarksOutsideTheSandbox() throws {
        let folder = try Folder(plugin: Self.markingPlugin, animator: "marking")
        defer { folder.remove() }
        let run = try folder.run(["run", "pipeline.json", "--format", "png", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try markers(in: folder) == ["ran-constructor", "ran-init"])
    }
}

/// On a kernel without Landlock `--sandbox` refuses to run (status 2, saying why) rather than run
/// plugins unconfined, and the plugin scan still works, with its system-call filter only. The
/// kernel here is made to look like one without Landlock by a seccomp filter that answers ENOSYS
/// to Landlock's system calls, set by a small launcher before it starts `pipeline`.
@Suite struct NoLandlockTests {
    static let launcher = """
        #include <errno.h>
        #include <seccomp.h>
        #include <stdio.h>
        #include <unistd.h>
        int main(int argc, char **argv) {
            scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
            if (!filter) return 100;
            const char *calls[] = {"landlock_create_ruleset", "landlock_add_rule", "landlock_restrict_self"};
            for (int i = 0; i < 3; i++) {
                if (seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), seccomp_syscall_resolve_name(calls[i]), 0) != 0) return 101;
            }
            if (seccomp_load(filter) != 0) return 102;
            execv(argv[1], argv + 1);
            perror("execv");
            return 103;
        }
        """

    @Test func sandboxRefusesAndTheScanStillWorks() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try PluginFixtures.write(Self.launcher, to: "no-landlock.c", in: folder)
        let launcher = folder.appendingPathComponent("no-landlock")
        let built = try CLI.runProgram("/usr/bin/env", ["cc", source.path, "-o", launcher.path, "-lseccomp"])
        try #require(built.status == 0, "cc: \(built.stderr)")
        try PluginFixtures.write(PluginFixtures.pipeline(), to: "pipeline.json", in: folder)
        let environment = ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path]

        let refused = try CLI.runProgram(
            launcher.path, [CLI.executable, "run", "pipeline.json", "--sandbox"], in: folder, environment: environment)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "error: --sandbox cannot keep plugins from your files on this machine: "
                    + "this kernel has no Landlock"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        let listed = try CLI.runProgram(
            launcher.path, [CLI.executable, "plugins", "--all"], in: folder, environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("  fade "), "\(listed.stdout)")
        let rendered = try CLI.runProgram(
            launcher.path, [CLI.executable, "run", "pipeline.json", "--quiet"], in: folder, environment: environment)
        #expect(rendered.status == 0, "\(rendered.stderr)")
    }
}
