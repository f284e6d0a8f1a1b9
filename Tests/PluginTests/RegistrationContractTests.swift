import CommandTestSupport
import Foundation
import Testing

/// What `animator.h` promises about `register_*`: a name is taken once per plugin, registering
/// works only from `init` on its own thread, and every refusal is reported with its reason.
@Suite struct RegistrationContractTests {
    /// A folder with `plugins/` and the small pipeline that uses the animator `wobble`.
    private struct Workspace {
        let folder: URL
        var plugins: URL { folder.appendingPathComponent("plugins") }
        init() throws {
            folder = try CLI.temporaryDirectory()
            try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
            try PluginFixtures.write(
                PluginFixtures.pipeline(animator: "wobble", params: "{}"), to: "wobble.json", in: folder)
        }
        func compile(_ body: String, as name: String) throws {
            try PluginFixtures.compile(Self.prelude + body, to: plugins.appendingPathComponent(name))
        }
        func run(_ arguments: [String]) throws -> CLI.Result {
            let result = try CLI.run(
                arguments + ["--plugins", plugins.path], in: folder,
                environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache])
            #expect(!result.crashed, "\(result.stderr)")
            return result
        }
        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// Descriptors for an animator `wobble`, a mixer `blend` and a curve `bump`, and `say`,
        /// which writes a line through the host's log service.
        static let prelude = """
            #include "animator.h"
            #include <stdio.h>

            static bool wobble_apply(const anim_apply_args_t *a, anim_layer_t *t, char *e, uint32_t s) {
                (void)a, (void)t, (void)e, (void)s;
                return true;
            }
            static bool blend_mix(const anim_mix_args_t *a, char *e, uint32_t s) { (void)a, (void)e, (void)s; return true; }
            static double bump(double t) { return t; }

            static const anim_animator_desc_t wobble = {
                .struct_size = sizeof(anim_animator_desc_t), .name = "wobble", .version = "1.0.0", .apply = wobble_apply,
            };
            static const anim_mixer_desc_t blend = {
                .struct_size = sizeof(anim_mixer_desc_t), .name = "blend", .version = "1.0.0", .mix = blend_mix,
            };
            static const anim_curve_desc_t bump_curve = {
                .struct_size = sizeof(anim_curve_desc_t), .name = "bump", .signature = "d(d)",
                .function = (anim_function_t)bump,
            };

            static void say(const anim_host_t *host, const char *text, int value) {
                const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
                char line[200];
                snprintf(line, sizeof line, "%s %d", text, value);
                if (log) log->log(host, ANIM_LOG_WARNING, line);
            }

            """

        static func entry(_ initName: String) -> String {
            """

            ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
                ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.contract", "1.0.0", "Tests",
                \(initName), NULL,
            };
            """
        }
    }

    @Test func registeringANameTwiceIsRefusedTheSecondTimeNamingIt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.compile(
            """
            static bool twice_init(const anim_host_t *host) {
                say(host, "animator, first:", host->register_animator(host, &wobble));
                say(host, "animator, again:", host->register_animator(host, &wobble));
                say(host, "mixer, first:", host->register_mixer(host, &blend));
                say(host, "mixer, again:", host->register_mixer(host, &blend));
                say(host, "curve, first:", host->register_curve(host, &bump_curve));
                say(host, "curve, again:", host->register_curve(host, &bump_curve));
                return true;
            }
            """ + Workspace.entry("twice_init"), as: "twice.so")

        let run = try workspace.run(["run", "wobble.json", "--out", "out", "--format", "png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("more than one plugin"), "\(run.stderr)")
        for kind in ["animator", "mixer", "curve"] {
            #expect(run.stderr.contains("plugin twice.so: \(kind), first: 1"), "\(run.stderr)")
            #expect(run.stderr.contains("plugin twice.so: \(kind), again: 0"), "\(run.stderr)")
        }
        for (kind, name) in [("animator", "wobble"), ("mixer", "blend"), ("timing curve", "bump")] {
            #expect(
                run.stderr.contains(
                    "warning: plugin twice.so: \(kind) refused: name \"\(name)\" is already registered by this plugin"),
                "\(run.stderr)")
        }
    }

    @Test func registeringFromAnotherThreadDuringInitIsRefusedSayingWhy() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.compile(
            """
            #include <pthread.h>

            static const anim_host_t *the_host;
            static bool accepted;
            static void *register_elsewhere(void *unused) {
                (void)unused;
                accepted = the_host->register_animator(the_host, &wobble);
                return NULL;
            }
            static bool threaded_init(const anim_host_t *host) {
                pthread_t thread;
                the_host = host;
                if (pthread_create(&thread, NULL, register_elsewhere, NULL) != 0) return false;
                pthread_join(thread, NULL);
                say(host, "from another thread:", accepted);
                return host->register_mixer(host, &blend);
            }
            """ + Workspace.entry("threaded_init"), as: "threaded.so")

        let listing = try workspace.run(["plugins"])
        #expect(listing.status == 0)
        #expect(listing.stderr.contains("plugin threaded.so: from another thread: 0"), "\(listing.stderr)")
        #expect(
            listing.stdout.contains(
                "plugin threaded.so: animator refused: registered from another thread while init ran"),
            "\(listing.stdout)")
        #expect(listing.stdout.contains("blend 1.0.0"), "\(listing.stdout)")
        #expect(!listing.stdout.contains("wobble 1.0.0"), "\(listing.stdout)")

        let run = try workspace.run(["run", "wobble.json", "--out", "out"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("unknown animator \"wobble\""), "\(run.stderr)")
    }

    @Test func registeringAfterInitReturnedIsRefusedSayingWhy() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.compile(
            """
            static const anim_host_t *the_host;
            static bool late_apply(const anim_apply_args_t *a, anim_layer_t *t, char *e, uint32_t s) {
                (void)a, (void)t, (void)e, (void)s;
                say(the_host, "late registration:", the_host->register_mixer(the_host, &blend));
                return true;
            }
            static const anim_animator_desc_t late = {
                .struct_size = sizeof(anim_animator_desc_t), .name = "wobble", .version = "1.0.0", .apply = late_apply,
            };
            static bool late_init(const anim_host_t *host) {
                the_host = host;
                return host->register_animator(host, &late);
            }
            """ + Workspace.entry("late_init"), as: "late.so")

        let run = try workspace.run(["run", "wobble.json", "--out", "out", "--threads", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("warning: plugin late.so: mixer refused: registered after init returned"),
            "\(run.stderr)")
        #expect(run.stderr.contains("plugin late.so: late registration: 0"), "\(run.stderr)")
    }

    /// With and without an error logged before `init` gives up: the logged reason comes first.
    @Test(arguments: [false, true]) func initFailingAfterSeveralRefusalsReportsEveryOne(logsAnError: Bool) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.compile(
            """
            static const anim_animator_desc_t nameless = {
                .struct_size = sizeof(anim_animator_desc_t), .version = "1.0.0", .apply = wobble_apply,
            };
            static const anim_mixer_desc_t pointless = {
                .struct_size = sizeof(anim_mixer_desc_t), .name = "pointless", .version = "1.0.0",
            };
            static const anim_curve_desc_t unsigned_curve = {
                .struct_size = sizeof(anim_curve_desc_t), .name = "unsigned", .function = (anim_function_t)bump,
            };
            static bool picky_init(const anim_host_t *host) {
                bool animator = host->register_animator(host, &nameless);
                bool mixer = host->register_mixer(host, &pointless);
                bool curve = host->register_curve(host, &unsigned_curve);
                const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
                if (\(logsAnError ? 1 : 0) && log) log->log(host, ANIM_LOG_ERROR, "giving up");
                return animator && mixer && curve;
            }
            """ + Workspace.entry("picky_init"), as: "picky.so")

        let run = try workspace.run(["run", "wobble.json", "--out", "out"])
        #expect(run.status == 1)
        let line = try #require(PluginFixtures.lines(run.stderr, mentioning: "skipped plugin").first)
        let reason = logsAnError ? "init returned false: giving up (after " : "init returned false after "
        #expect(
            line.contains(
                reason + "the host refused its animator: a descriptor has no name; "
                    + "its mixer: mixer \"pointless\" has no mix function; "
                    + "its timing curve: curve \"unsigned\" has no signature"),
            "\(run.stderr)")
    }
}
