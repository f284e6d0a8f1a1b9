// swift-tools-version:6.1
import PackageDescription

// Pixel loops in C stay optimised even in debug builds: tests render real frames.
let optimisedC: [CSetting] = [.unsafeFlags(["-O2"])]

// The one switch this manifest reads: PIPELINE_SANITIZER (`address` or `thread`), set by
// scripts/sanitize for a sanitizer's build (its own folder, .build-asan or .build-tsan). Such a build
// uses the release configuration with the project's Swift modules at -Onone: the sanitizer's checks
// keep every line as written, the dependencies stay optimised, and DEBUG stays undefined (under it
// swift-argument-parser checked every command's declarations at each start of a sanitized
// `pipeline`, a third of its CPU). JSON and CommandTestSupport keep their -O, and the executable
// links the Swift runtime as a debug build does. It leaves out the studio (`pipeline preview`: the
// Preview module and its server, Hummingbird on SwiftNIO), whose dependencies were over a third of
// the build; the studio's suites run against the release build (scripts/test-release). The thread
// build holds only the suites that render on several threads (`threadSanitizerTests` below).
let sanitizer = Context.environment["PIPELINE_SANITIZER"]
let withStudio = sanitizer == nil
let sanitizedRelease = sanitizer != nil

// The release executable carries the Swift runtime and Foundation (the toolchain's static
// libraries): it starts without loading and binding a dozen Swift libraries, and runs without
// the toolchain. Asked of this one target rather than with `--static-swift-stdlib`, which would
// apply to the whole build and so compile every module again for libuipipeline.so (a dynamic
// library, which loads the toolchain's runtime): both products build in one folder. Foundation's
// static library does not name what it needs, so its libraries are listed, as a group. It is linked
// by lld with its relative relocations packed (DT_RELR, glibc 2.36): the loader reads 22 KB of them
// rather than 2.7 MB at every start, which took a warm `validate` from 22.6 to 21.0 ms.
let staticRuntime = [
    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-static-stdlib", "-Xlinker", "--start-group",
    "-lFoundation", "-lFoundationInternationalization",
    "-lFoundationEssentials", "-l_FoundationCollections", "-l_FoundationCShims", "-lCoreFoundation",
    "-l_FoundationICU", "-lswiftSynchronization", "-lswiftDispatch", "-ldispatch", "-lBlocksRuntime",
    "-Xlinker", "--end-group", "-lstdc++",
]

let package = Package(
    name: "pipeline",
    products: [
        .executable(name: "pipeline", targets: ["PipelineCLI"]),
        // The library: open, check and render pipelines from Swift.
        .library(name: "PipelineKit", targets: ["PipelineKit"]),
        // Renders submitted to a Slurm cluster, over PipelineKit.
        .library(name: "FarmSubmission", targets: ["FarmSubmission"]),
        // The same for C and every language that calls C (uipipeline.h): libuipipeline.so,
        // installed by `make install`.
        .library(name: "uipipeline", type: .dynamic, targets: ["PipelineC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Without its package traits: the studio uses neither swift-configuration nor the URL-encoded
        // forms that need all of Foundation, and SwiftPM wrote the two traits' defines in a varying
        // order, which made every other build compile Hummingbird's modules again.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Generated documents for the schema/decoder agreement test.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The plugin ABI: one C99 header, shared by the host and by out-of-tree plugins.
        .target(name: "CAnimatorABI"),
        // A failure's message written into a caller's buffer, for the frei0r and GLSL adapters.
        .target(name: "CFailureText"),
        // The product's version (include/product_version.h), the one place it is written.
        .target(name: "CProductVersion"),
        // System and C support libraries.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Cairo's compositing library, for blending mixer output that is in the ABI's byte order.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // Opening pipeline's own libraries (libpipeline-video.so, -vector.so) on first use.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        // SVG documents (librsvg, drawn as vectors through Cairo), the references in them (libxml2) and
        // Lottie animations (rlottie), from libpipeline-vector.so (Libraries/vector-graphics, built by
        // `make plugins`), loaded on first use.
        .target(name: "CVectorGraphics", dependencies: ["CLibraryLoader"]),
        .target(name: "CForeignCall", linkerSettings: [.linkedLibrary("ffi")]),
        .target(name: "CRaster", cSettings: optimisedC),
        // FreeType, for its stroker and smooth rasteriser.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Shape layers' strokes measured as coverage (FreeType's stroker and rasteriser), for Cairo to composite.
        .target(name: "CStrokeCoverage", dependencies: ["CFreeType"], cSettings: optimisedC),
        // Crash reporting around in-process plugin calls, and shared memory for isolated mixers.
        .target(name: "CPluginGuard"),
        // frei0r filters and mixer2 plugins (/usr/lib/frei0r-1) registered as effects and mixers.
        .target(
            name: "CFrei0rAdapter", dependencies: ["CAnimatorABI", "CFailureText"], cSettings: optimisedC,
            linkerSettings: [.linkedLibrary("dl")]),
        // How a GLSL transition's uniforms are numbered as parameters (a header only): the adapter writes them,
        // the plugin descriptions read them.
        .target(name: "CGLSLParameters"),
        // Transitions in the gl-transitions format (.glsl files) as mixers, run through EGL and OpenGL ES.
        .target(
            name: "CGLSLTransition", dependencies: ["CAnimatorABI", "CGLSLParameters", "CImageCodecs", "CFailureText"],
            cSettings: optimisedC,
            linkerSettings: [.linkedLibrary("dl")]),
        // Opening input files only when they are regular files, so a FIFO or a device cannot hang a command.
        .target(name: "CRegularFile"),
        // The sandbox plugin code runs in under --sandbox and in the plugin scan: Landlock and seccomp.
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp")]),
        // fontconfig: the pipeline's font files registered for the process, the families it has.
        .target(name: "CFontCheck", linkerSettings: [.linkedLibrary("fontconfig")]),
        // Bidi reordering and shaping of complex-script text, on Cairo's FreeType faces.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // Fonts found through fontconfig (a face per missing character, too) and opened as Cairo FreeType faces.
        .target(
            name: "CTextShaping", dependencies: ["CCairo", "CHarfBuzz", "CFriBidi"],
            linkerSettings: [.linkedLibrary("fontconfig"), .linkedLibrary("freetype")]),
        // Grapheme clusters, words (UAX #29) and line-break opportunities (UAX #14) through ICU.
        .target(name: "CTextSegmentation", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(
            name: "CImageCodecs", dependencies: ["CRegularFile"],
            cSettings: optimisedC + [.unsafeFlags(["-I/usr/include/libpng16"])],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),
        // Video clips' frames by presentation time and sound files' samples, from libpipeline-video.so
        // (libavformat, libavcodec, libswscale and libswresample; Libraries/video-decoder, built by `make
        // plugins`), loaded on first use.
        .target(name: "CVideoDecode", dependencies: ["CLibraryLoader"]),
        // EBU R128 loudness and true peak of the sound's mix (libebur128), for `output.loudness`.
        .systemLibrary(name: "CEBUR128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
        // The mix's true-peak limiter: a 4× oversampled peak detector and the limiter's gain.
        .target(name: "CSoundLimiter", cSettings: optimisedC),

        // Swift modules; dependencies point one way: CLI → {PipelineKit, Preview, FarmSubmission, PluginAuthoring},
        // Preview → {PipelineKit, StudioSupport}; the CLI, the preview and the C API reach the rest through
        // PipelineKit and those modules beside it, which it does not link. PipelineKit → {Renderer,
        // Sheet} → {Compositor, Output} → Scene (the model, which owns the file format) → Text →
        // Timing → {PluginDescriptions, JSON}; the registry implements the descriptions' lookup and is wired in
        // from above. Footage (libav) stands beside Scene: the model names clips with plain values, Compositor
        // opens and draws them, and Output decodes sound files to mix them.
        .target(name: "Timing", dependencies: ["PluginDescriptions"]),
        // Shape layers' vector paths: SVG path data, primitives, lengths, trimming, morphing. Pure Swift, a leaf.
        .target(name: "ShapeGeometry"),
        // Text itself, for the model and the compositor: segmentation, fonts, shaping, lines, text animators.
        .target(
            name: "Text",
            dependencies: ["Timing", "CAnimatorABI", "CCairo", "CTextShaping", "CTextSegmentation", "CFontCheck"]),
        // JSON with the position of every value: pipeline files (Scene) and the plugin scan cache.
        // Optimised even in debug builds: every command reads the plugin scan cache through it, and
        // the tests start the debug build about 1,400 times.
        .target(name: "JSON", swiftSettings: [.unsafeFlags(["-O"])]),
        // The cache folder and the stamps that tell a file changed: the plugin scan and ffmpeg's encoders.
        .target(name: "CacheFiles"),
        // Waiting for child processes (ffmpeg, plugin scans and isolation, check-plugin) as soon as they end.
        .target(name: "ChildProcess"),
        // The options messages name (`--frames` on the command line), worded by each surface.
        .target(name: "OptionNames"),
        // What plugins register, as the model reads it: entries, parameter descriptors, kinds, origins, GLSL and
        // frei0r naming, registrations as JSON, and the lookup the registry implements. The ABI's types and JSON
        // only: no loader, GL, sandbox or libffi.
        .target(name: "PluginDescriptions", dependencies: ["CAnimatorABI", "CGLSLParameters", "JSON"]),
        .target(
            name: "PluginRegistry",
            dependencies: [
                "PluginDescriptions", "CFrei0rAdapter", "CGLSLTransition",
                "CAnimatorABI", "CForeignCall", "CRegularFile", "CSandbox", "JSON", "CacheFiles", "ChildProcess",
                "CProductVersion", "CLibraryLoader",
            ]),
        .target(
            name: "PluginIsolation",
            dependencies: ["PluginRegistry", "PluginDescriptions", "CAnimatorABI", "CPluginGuard", "ChildProcess"]),
        // Video clips and image sequences as frames at a clip time; ClipTiming: render time to clip time.
        .target(name: "Footage", dependencies: ["CVideoDecode", "CImageCodecs", "CRegularFile"]),
        .target(
            name: "Scene",
            dependencies: [
                "CAnimatorABI", "CRegularFile", "JSON", "PluginDescriptions", "Timing", "Text", "OptionNames",
                "ShapeGeometry",
            ]),
        .target(
            name: "Compositor",
            dependencies: [
                "Scene", "Text", "Footage", "CAnimatorABI", "CCairo", "CPixman", "CRaster", "CImageCodecs",
                "CVectorGraphics", "CTextShaping", "OptionNames", "ShapeGeometry", "CStrokeCoverage",
            ]),
        .target(
            name: "Output",
            dependencies: [
                "Scene", "JSON", "CacheFiles", "ChildProcess", "CRaster", "CImageCodecs", "OptionNames", "Footage",
                "CEBUR128", "CSoundLimiter",
            ]),
        .target(
            name: "Renderer",
            dependencies: [
                "Scene", "Compositor", "Footage", "Output", "PluginRegistry", "PluginDescriptions", "PluginIsolation",
                "CPluginGuard",
                "Timing", "CacheFiles", "OptionNames", "CRaster",
            ]),
        .target(
            name: "Sheet",
            dependencies: ["Scene", "Renderer", "Compositor", "Timing", "CCairo", "CAnimatorABI"]),
        // The preview server; its page's files (Page/) are compiled into the executable, which `make install`
        // installs alone.
        .target(
            name: "Preview",
            dependencies: [
                "PipelineKit", "StudioSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Page")]),
        // `pipeline check-plugin`: calls everything a plugin registers in child processes and reports what is wrong.
        .target(
            name: "PluginCheck",
            dependencies: ["PluginRegistry", "PluginDescriptions", "Renderer", "CAnimatorABI", "ChildProcess"]),
        // What `pipeline new-animator` writes: plugin project templates, text only.
        .target(name: "PluginScaffold"),
        // Pipelines as a library: open, check, render frames and jobs. Prints nothing, exits never.
        .target(
            name: "PipelineKit",
            dependencies: [
                "Renderer", "Scene", "Compositor", "PluginRegistry", "PluginDescriptions", "PluginIsolation",
                "Output", "Sheet", "JSON", "Timing", "CRaster", "CLibraryLoader", "CProductVersion", "CAnimatorABI",
                "CPipelineAPI", "OptionNames", "Footage", "ChildProcess",
            ],
            // The long guides the commands print (`pipeline run --help`, …), as text files.
            resources: [.embedInCode("Guides")]),
        // Beside the library, for the command and the studio alone (not in libuipipeline.so): the studio's
        // summaries, sound lanes, file editor and watched files; Slurm submission; writing and checking plugins.
        .target(
            name: "StudioSupport",
            dependencies: [
                "PipelineKit", "Scene", "JSON", "PluginDescriptions", "PluginRegistry", "Timing", "Renderer", "Output",
                "Footage", "CacheFiles",
            ]),
        .target(
            name: "FarmSubmission", dependencies: ["PipelineKit", "Scene", "Renderer", "Output", "ChildProcess"],
            resources: [.embedInCode("Guides")]),
        .target(name: "PluginAuthoring", dependencies: ["PluginCheck", "PluginScaffold"]),
        // The command's progress lines and terminal bar.
        .target(name: "TerminalProgress"),
        // The C API's header (include/uipipeline.h, installed as is) and PipelineKit behind it.
        .target(name: "CPipelineAPI"),
        .target(
            name: "PipelineC", dependencies: ["PipelineKit", "CPipelineAPI"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libuipipeline.so"])]),
        .executableTarget(
            name: "PipelineCLI",
            dependencies: [
                "PipelineKit", "FarmSubmission", "PluginAuthoring", "TerminalProgress",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + (withStudio ? ["Preview"] : []),
            exclude: withStudio ? [] : ["Preview.swift"],
            swiftSettings: withStudio ? [.define("PIPELINE_STUDIO")] : [],
            linkerSettings: sanitizedRelease
                ? [] : [.unsafeFlags(staticRuntime, .when(platforms: [.linux], configuration: .release))]),

        // The fuzz target of pipeline files (fuzz/scene). scripts/fuzz builds it with libFuzzer, which
        // supplies its `main` (LIBFUZZER defined); any other build makes a program that runs each input
        // file given once, to replay a finding.
        .executableTarget(
            name: "FuzzScene", dependencies: ["Scene", "Compositor", "PluginDescriptions", "JSON", "CImageCodecs"],
            path: "fuzz/scene"),

        // One test target per module, each test in the target of the module it tests.
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(
            name: "RegistryTests",
            dependencies: ["PluginRegistry", "PluginDescriptions", "CacheFiles", "CForeignCall", "RegistryTestSupport"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing", "PluginDescriptions", "RegistryTestSupport"]),
        .testTarget(name: "TextTests", dependencies: ["Text"]),
        .testTarget(name: "ShapeGeometryTests", dependencies: ["ShapeGeometry"]),
        // What unit tests share: a seeded generator, a FIFO to trap readers.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The in-repo plugins loaded as the host loads them, for unit tests of modules that call plugin code.
        .target(
            name: "RegistryTestSupport", dependencies: ["PluginRegistry", "PluginDescriptions"],
            path: "Tests/RegistryTestSupport"),
        .testTarget(
            name: "CompositorTests",
            dependencies: [
                "Compositor", "Scene", "Text", "Timing", "CAnimatorABI", "CRaster", "ShapeGeometry", "TestSupport",
            ]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "Scene", "Footage", "CRaster", "ChildProcess"]),
        .testTarget(name: "FootageTests", dependencies: ["Footage", "TestSupport"]),
        .testTarget(
            name: "SceneTests",
            dependencies: [
                "Scene", "PluginDescriptions", "Timing", "Text", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "RendererTests",
            dependencies: [
                "Renderer", "Scene", "Text", "Compositor", "Output", "PluginRegistry", "PluginDescriptions",
                "OptionNames", "CRaster",
            ]),
        // The end-to-end tests run the built executable as a user would, one target per part of the
        // product they cover. What they share: running `pipeline`, reading the PNGs it writes with
        // libpng, and the fixtures (plugins, pipelines, footage, the examples, the preview server).
        // Optimised even in debug builds, as JSON is: its picture comparisons (PSNR, SSIM, summed
        // over every pixel) run in every end-to-end test, under the sanitizers too.
        .target(
            name: "CommandTestSupport", dependencies: ["CTestPNG"], path: "Tests/CommandTestSupport",
            swiftSettings: [.unsafeFlags(["-O"])]),
        // The command line: its commands and options, outputs, resuming, shards, interrupts, limits, bad inputs.
        .testTarget(name: "CommandTests", dependencies: ["CommandTestSupport"]),
        // Plugins: loading, the ABI, isolation and the sandbox, check-plugin, new-animator, C++, Rust,
        // third-party, frei0r, GLSL and xfade plugins.
        .testTarget(name: "PluginTests", dependencies: ["CommandTestSupport"]),
        // What frames show: the examples, layers, effects, text and fonts, images, SVG and Lottie,
        // footage, sound, mixers, the magic move.
        .testTarget(name: "RenderingTests", dependencies: ["CommandTestSupport"]),
        // The preview server and its editor in a browser.
        .testTarget(name: "StudioTests", dependencies: ["CommandTestSupport"]),
        .target(
            name: "CTestPNG", path: "Tests/CTestPNG", cSettings: [.unsafeFlags(["-I/usr/include/libpng16"])],
            linkerSettings: [.linkedLibrary("png16")]),
        // The reference articles' numbers (radii, durations, alphas, spans), read from the examples' layer states.
        .testTarget(
            name: "FidelityTests",
            dependencies: [
                "Renderer", "Scene", "PluginRegistry", "PluginDescriptions", "CAnimatorABI", "RegistryTestSupport",
            ]),
        // The command's own logic, without running it (how progress is worded, say).
        .testTarget(
            name: "PipelineKitTests",
            dependencies: [
                "PipelineKit", "StudioSupport", "FarmSubmission", "PluginAuthoring", "TerminalProgress",
                "RegistryTestSupport",
            ]),
        .testTarget(
            name: "SheetTests",
            dependencies: ["Sheet", "Scene", "Renderer", "Compositor", "PluginRegistry", "PluginDescriptions"]),
        .testTarget(name: "PluginCheckTests", dependencies: ["PluginCheck", "CAnimatorABI"]),
        .testTarget(name: "PluginIsolationTests", dependencies: ["PluginIsolation", "CAnimatorABI"]),
    ]
)

if sanitizedRelease {
    // The project's Swift targets: C targets are named C and a capital (CCairo, CTestPNG).
    let optimised: Set = ["JSON", "CommandTestSupport"]
    for target in package.targets where [.regular, .executable, .test].contains(target.type) {
        let isC = target.name.count > 1 && target.name.first == "C" && target.name.dropFirst().first!.isUppercase
        guard !isC, !optimised.contains(target.name) else { continue }
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
    }
}

if !withStudio {
    package.targets.removeAll { $0.name == "Preview" }
}

// The suites ThreadSanitizer runs (scripts/sanitize thread): those that render frames on several
// threads, mixer rows in bands, and shards; the compositor's determinism and caching; Ctrl-C stopping
// workers; footage read ahead and converted on the lanes; texts drawn on several threads from shared
// fonts. Its build compiles these files alone (and the one support file among them), not every test.
let threadSanitizerTests = [
    "CommandTests": ["ThreadCountTests", "ShardTests", "RunOutputTests", "InterruptTests"],
    "RenderingTests": [
        "MixerStepTests", "ExampleMixerTests", "LayerEffectsTests", "FootageReadAheadTests", "CoveringClipTests",
        "ClipTransitionTests", "TurnedLayerEffectsTests",
    ],
    "CompositorTests": ["DeterminismTests", "CachingTests", "MixerInputTests", "TextAnimatorDrawingTests", "Support"],
    "RegistryTests": ["ForeignCurveTests"],
    "PluginTests": ["Frei0rEffectTests"],
]
if sanitizer == "thread" {
    package.targets.removeAll { $0.type == .test && threadSanitizerTests[$0.name] == nil }
    for target in package.targets where target.type == .test {
        target.sources = threadSanitizerTests[target.name]!.map { $0 + ".swift" }
    }
}
