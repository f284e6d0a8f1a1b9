import CommandTestSupport
import Foundation
import Testing

/// `cross-dissolve` blends 32 bytes at a time where the CPU has AVX2 (its stores streamed past
/// the cache for a whole frame), sixteen where it has SSE2 and one at a time elsewhere: each must
/// give the bytes of the plain 1.15 fixed-point blend, for every weight.
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
                static uint8_t from[COUNT], to[COUNT];
                static _Alignas(32) uint8_t out[COUNT];
                uint32_t state = 12345;
                for (int i = 0; i < COUNT; i++) {
                    state = state * 1103515245u + 12345u;
                    from[i] = (uint8_t)(state >> 16);
                    to[i] = (uint8_t)(state >> 24);
                }
                from[0] = 0, to[0] = 255, from[1] = 255, to[1] = 0, from[2] = to[2] = 255;
                int avx2 = 0;
            #if defined(ANIM_HAS_AVX2_PATH)
                avx2 = __builtin_cpu_supports("avx2");
            #endif
                for (int path = 0; path < 2 + 2 * avx2; path++) {
                    for (uint32_t w = 0; w <= ONE; w++) {
                        size_t done = 0;
                        if (path == 0) {
                            blend_bytes(from, to, out, COUNT, w, false);
                            done = COUNT;
                        } else if (w < ONE) {
            #if defined(ANIM_HAS_AVX2_PATH)
                            if (path >= 2) done = blend_avx2(from, to, out, COUNT, w, path == 3);
                            if (path == 3) _mm_sfence();
            #endif
                            if (path == 1) done = blend_sse2(from, to, out, COUNT, w);
                        }
                        for (size_t i = 0; i < done; i++) {
                            if (out[i] != blend(from[i], to[i], w)) {
                                printf("%s, weight %u, byte %zu: %u, not %u\\n",
                                       (const char *[]){"widest", "SSE2", "AVX2", "AVX2 streamed"}[path],
                                       w, i, out[i], blend(from[i], to[i], w));
                                return 1;
                            }
                        }
                    }
                }
                printf("checked the widest, SSE2%s\\n", avx2 ? " and AVX2, streamed and not" : "");
                return 0;
            }
            """, to: "blend.c", in: folder)
        let built = try CLI.runProgram(
            "/usr/bin/env",
            ["cc", "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-I", CLI.header, "blend.c", "-o", "blend"],
            in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        let run = try CLI.runProgram(folder.appendingPathComponent("blend").path, [])
        #expect(run.status == 0, "\(run.stdout)")
        // Where the CPU has AVX2, its steps were checked too.
        let hasAVX2 = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.contains(" avx2") ?? false
        #expect(run.stdout == "checked the widest, SSE2\(hasAVX2 ? " and AVX2, streamed and not" : "")\n")
    }
}
