import Foundation
import Testing

/// `cross-dissolve` blends sixteen bytes at a time where the CPU has SSE2 and one at a time
/// elsewhere: both must give the bytes of the plain 16.16 fixed-point blend, for every weight.
@Suite struct CrossDissolveBlendTests {
    @Test func theFastBlendGivesThePlainBlendsBytesForEveryWeight() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = CLI.repositoryRoot.appendingPathComponent("Plugins/cross-dissolve/cross-dissolve.c").path
        // The plugin's own static functions, compiled into a program that compares them; the
        // odd length leaves a tail for the plain loop after the wide steps.
        try PluginFixtures.write(
            """
            #include "\(plugin)"
            #include <stdio.h>

            int main(void) {
                enum { COUNT = 4096 + 7 };
                static uint8_t from[COUNT], to[COUNT], out[COUNT];
                uint32_t state = 12345;
                for (int i = 0; i < COUNT; i++) {
                    state = state * 1103515245u + 12345u;
                    from[i] = (uint8_t)(state >> 16);
                    to[i] = (uint8_t)(state >> 24);
                }
                from[0] = 0, to[0] = 255, from[1] = 255, to[1] = 0, from[2] = to[2] = 255;
                for (uint32_t w = 0; w <= ONE; w++) {
                    blend_bytes(from, to, out, COUNT, w);
                    for (int i = 0; i < COUNT; i++) {
                        if (out[i] != blend(from[i], to[i], w)) {
                            printf("weight %u, byte %d: %u, not %u\\n", w, i, out[i], blend(from[i], to[i], w));
                            return 1;
                        }
                    }
                }
                return 0;
            }
            """, to: "blend.c", in: folder)
        let built = try CLI.runProgram(
            "/usr/bin/env", ["cc", "-std=c99", "-O2", "-I", CLI.header, "blend.c", "-o", "blend"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        let run = try CLI.runProgram(folder.appendingPathComponent("blend").path, [])
        #expect(run.status == 0, "\(run.stdout)")
    }
}
