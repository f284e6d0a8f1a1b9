import CommandTestSupport
import Foundation
import Testing

/// What ABI 1.1 gives mixers: the compositor's own pixels for those that ask (the same picture
/// as the RGBA path, with nothing converted), and the render scale, so that a parameter in canvas
/// pixels means the same at every `--scale`.
@Suite struct MixerPixelsTests {
    /// Two mixers running one blend that treats each channel differently (red takes the `to`
    /// image's grey, blue half its blue), so a channel read or written in the wrong place shows.
    /// `tint-rgba` takes RGBA; `tint-native` the compositor's pixels, at the offsets the
    /// "native-pixels" service gives.
    static let tint = """
        #include "animator.h"
        #include <stddef.h>

        typedef struct { uint32_t r, g, b, a; } offsets_t;
        static offsets_t native_offsets;

        static uint8_t blend(uint32_t from, uint32_t to, double p) {
            return (uint8_t)(from + (double)((int)to - (int)from) * p + 0.5);
        }

        static bool tint(const anim_mix_args_t *args, offsets_t o) {
            const double p = args->progress < 0 ? 0 : args->progress > 1 ? 1 : args->progress;
            for (uint32_t y = args->row_begin; y < args->row_end; y++) {
                const uint8_t *from = args->from->pixels + (size_t)y * args->from->stride;
                const uint8_t *to = args->to->pixels + (size_t)y * args->to->stride;
                uint8_t *out = args->out->pixels + (size_t)y * args->out->stride;
                for (uint32_t x = 0; x < args->out->width; x++) {
                    const uint8_t *f = from + 4 * x, *t = to + 4 * x;
                    uint8_t *q = out + 4 * x;
                    const uint32_t grey = (77u * t[o.r] + 150u * t[o.g] + 29u * t[o.b]) >> 8;
                    q[o.r] = blend(f[o.r], grey, p);
                    q[o.g] = blend(f[o.g], t[o.g], p);
                    q[o.b] = blend(f[o.b], t[o.b] / 2, p);
                    q[o.a] = blend(f[o.a], t[o.a], p);
                }
            }
            return true;
        }

        static bool tint_rgba(const anim_mix_args_t *args, char *error, uint32_t error_size) {
            (void)error, (void)error_size;
            const offsets_t rgba = {0, 1, 2, 3};
            return args->pixel_order == ANIM_PIXELS_RGBA && tint(args, rgba);
        }

        static bool tint_native(const anim_mix_args_t *args, char *error, uint32_t error_size) {
            (void)error, (void)error_size;
            return args->pixel_order == ANIM_PIXELS_NATIVE && tint(args, native_offsets);
        }

        static const anim_mixer_desc_t rgba_desc = {
            .struct_size = sizeof(anim_mixer_desc_t), .name = "tint-rgba", .version = "1.0.0",
            .doc = "Tints through grey, in RGBA", .mix = tint_rgba,
        };
        static const anim_mixer_desc_t native_desc = {
            .struct_size = sizeof(anim_mixer_desc_t), .name = "tint-native", .version = "1.0.0",
            .doc = "Tints through grey, in the compositor's pixels", .mix = tint_native,
            .flags = ANIM_MIXER_NATIVE_PIXELS,
        };

        static bool tint_init(const anim_host_t *host) {
            const anim_native_pixels_v1_t *native = host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1);
            if (!native) return false;
            native_offsets = (offsets_t){native->red, native->green, native->blue, native->alpha};
            return host->register_mixer(host, &rgba_desc) && host->register_mixer(host, &native_desc);
        }

        ANIM_DEFINE_ENTRY("org.example.tint", "1.0.0", "Tints", tint_init, NULL);
        """

    /// A gradient card wiped into another over a striped background; with `translucent` the
    /// `to` card is half transparent, so the blend is composited over what lies below instead of
    /// copied in.
    static func pipeline(mixer: String, translucent: Bool) -> String {
        """
        { "version": 1,
          "canvas": { "width": 48, "height": 32, "fps": 10, "duration": 0.5, "background": "#203040" },
          "layers": [
            { "name": "stripe", "frame": [0, 10, 48, 8], "fill": "#f0c020" },
            { "name": "a", "frame": [0, 0, 48, 32],
              "fill": { "gradient": { "colors": ["#ff2000", "#1040ff"], "start": [0, 0], "end": [1, 1] } } },
            { "name": "b", "frame": [0, 0, 48, 32], "opacity": \(translucent ? 0.5 : 1),
              "fill": { "gradient": { "colors": ["#20ff60", "#e000c0"], "start": [1, 0], "end": [0, 1] } } }
          ],
          "timeline": [ { "mixer": "\(mixer)", "from": "a", "to": "b", "duration": 0.4 } ],
          "output": { "dir": "out", "formats": ["png"] }
        }
        """
    }

    @Test(arguments: [false, true]) func aMixerTakingNativePixelsMakesTheSameFramesAsTheRGBAPath(translucent: Bool)
        throws
    {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins")
        try PluginFixtures.compile(Self.tint, to: plugins.appendingPathComponent("tint.so"))
        let environment = ["PIPELINE_CACHE_DIR": CLI.sharedCache]
        var frames: [String: [Data]] = [:]
        for mixer in ["tint-rgba", "tint-native"] {
            try PluginFixtures.write(
                Self.pipeline(mixer: mixer, translucent: translucent), to: "\(mixer).json", in: folder)
            let run = try CLI.run(
                ["run", "\(mixer).json", "--out", mixer, "--format", "png"], in: folder, environment: environment)
            #expect(run.status == 0, "\(mixer): \(run.stderr)")
            let out = folder.appendingPathComponent(mixer)
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
            frames[mixer] = try names.sorted().map { try Data(contentsOf: out.appendingPathComponent($0)) }
        }
        #expect(frames["tint-native"]?.count == 5)
        #expect(frames["tint-native"] == frames["tint-rgba"], "the two paths give different frames")
        #expect(Set(frames["tint-native"] ?? []).count == 5, "every frame of the blend differs")
    }

    /// A red canvas wiped into a blue one with an 80 px soft edge, at the middle of the wipe.
    static let wipe = """
        { "version": 1,
          "canvas": { "width": 240, "height": 40, "fps": 10, "duration": 1, "background": "#000000" },
          "layers": [
            { "name": "a", "frame": [0, 0, 240, 40], "fill": "#ff0000" },
            { "name": "b", "frame": [0, 0, 240, 40], "fill": "#0000ff" }
          ],
          "timeline": [ { "mixer": "soft-wipe", "from": "a", "to": "b", "duration": 1, "timing": "linear",
                          "params": { "direction": "right", "softness": 80 } } ]
        }
        """

    @Test(arguments: [false, true]) func aSoftEdgeInCanvasPixelsIsAsWideAtHalfScaleAsAtFullScale(isolated: Bool)
        throws
    {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.wipe, to: "wipe.json", in: folder)
        let environment = ["PIPELINE_CACHE_DIR": CLI.sharedCache]
        for (name, scale) in [("full", "1"), ("half", "0.5")] {
            let still = try CLI.run(
                ["frame", "wipe.json", "--at", "0.5", "--scale", scale, "-o", "\(name).png"]
                    + (isolated ? ["--isolate"] : []), in: folder, environment: environment)
            #expect(still.status == 0, "\(still.stderr)")
        }
        let full = try RGBAImage.read(folder.appendingPathComponent("full.png"))
        let half = try RGBAImage.read(folder.appendingPathComponent("half.png"))
        #expect((full.width, full.height) == (240, 40) && (half.width, half.height) == (120, 20))
        // Each half-scale pixel against the mean of the 2 × 2 full-scale pixels it covers.
        var largest = 0
        for y in 0..<half.height {
            for x in 0..<half.width {
                let block = [
                    full[2 * x, 2 * y], full[2 * x + 1, 2 * y], full[2 * x, 2 * y + 1], full[2 * x + 1, 2 * y + 1],
                ]
                let mean = Pixel(
                    block.map(\.r).reduce(0, +) / 4, block.map(\.g).reduce(0, +) / 4, block.map(\.b).reduce(0, +) / 4)
                largest = max(largest, half[x, y].distance(to: mean))
            }
        }
        #expect(largest <= 4, "half scale differs from full scale downsampled by up to \(largest)")
        // The band is really soft and really there: between pure red and pure blue, at both scales.
        #expect(full[120, 20].distance(to: Pixel(255, 0, 0)) > 40 && full[120, 20].distance(to: Pixel(0, 0, 255)) > 40)
    }
}
