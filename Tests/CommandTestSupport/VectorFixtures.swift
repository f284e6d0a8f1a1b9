import Foundation

/// The files the SVG and Lottie layer tests draw: written into a fresh folder per test.
public enum VectorFixtures {
    /// 40×40: a black bar whose left edge lies at x = 10.25, a quarter into a pixel at any scale.
    public static let bar = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
          <rect x="10.25" y="0" width="20" height="40" fill="#000000"/>
        </svg>
        """

    /// 64×64, 30 frames at 30 fps: a rounded square at 80% opacity that grows from half to
    /// 120% and turns a quarter, both eased.
    public static let tick = """
        {"v": "5.5.2", "fr": 30, "ip": 0, "op": 30, "w": 64, "h": 64, "nm": "tick", "ddd": 0, "assets": [],
         "layers": [{"ddd": 0, "ind": 1, "ty": 4, "nm": "box", "sr": 1, "ao": 0, "ip": 0, "op": 30, "st": 0, "bm": 0,
           "ks": {"o": {"a": 0, "k": 100},
                  "r": {"a": 1, "k": [{"i": {"x": [0.5], "y": [0.5]}, "o": {"x": [0.5], "y": [0.5]}, "t": 0, "s": [0]},
                                      {"t": 29, "s": [90]}]},
                  "p": {"a": 0, "k": [32, 32, 0]}, "a": {"a": 0, "k": [0, 0, 0]},
                  "s": {"a": 1, "k": [{"i": {"x": [0.5, 0.5, 0.5], "y": [0.5, 0.5, 0.5]},
                                       "o": {"x": [0.5, 0.5, 0.5], "y": [0.5, 0.5, 0.5]}, "t": 0, "s": [50, 50, 100]},
                                      {"t": 29, "s": [120, 120, 100]}]}},
           "shapes": [{"ty": "gr", "nm": "group", "it": [
             {"ty": "rc", "nm": "square", "d": 1, "s": {"a": 0, "k": [30, 30]}, "p": {"a": 0, "k": [0, 0]},
              "r": {"a": 0, "k": 4}},
             {"ty": "fl", "nm": "fill", "c": {"a": 0, "k": [0.2, 0.6, 1, 1]}, "o": {"a": 0, "k": 80}, "r": 1},
             {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
              "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}]}
        """

    /// rlottie's own rendering of one frame, for comparison: `render tick.json W H FRAME OUT`
    /// writes the frame's premultiplied ARGB32 words (native byte order) to OUT.
    public static let rlottieRenderer = """
        #include <rlottie_capi.h>
        #include <stdio.h>
        #include <stdlib.h>

        int main(int argc, char **argv) {
            if (argc != 6) return 2;
            Lottie_Animation *animation = lottie_animation_from_file(argv[1]);
            if (!animation) return 1;
            size_t width = strtoul(argv[2], NULL, 10), height = strtoul(argv[3], NULL, 10);
            uint32_t *pixels = calloc(width * height, 4);
            lottie_animation_render(animation, strtoul(argv[4], NULL, 10), pixels, width, height, width * 4);
            FILE *out = fopen(argv[5], "wb");
            if (!out || fwrite(pixels, 4, width * height, out) != width * height) return 1;
            fclose(out);
            lottie_animation_destroy(animation);
            return 0;
        }
        """

    /// A pipeline of `width` × `height` at 30 fps for `duration` seconds over `background`, with `layers`.
    public static func pipeline(
        width: Int = 64, height: Int = 64, duration: Double = 1, background: String = "#000000", layers: String
    ) -> String {
        """
        {"version": 1, "canvas": {"width": \(width), "height": \(height), "fps": 30, "duration": \(duration),
          "background": "\(background)"},
         "layers": [\(layers)], "output": {"dir": "out", "formats": ["png"]}}
        """
    }
}
