import CommandTestSupport
import Foundation
import Testing

/// `pipeline --version`: pipeline's own version and the two interfaces', each read here from the
/// file that declares it, so a version written anywhere else would fail.
@Suite struct VersionTests {
    /// The first string the `#define NAME` line of a repository file gives.
    static func defined(_ name: String, in path: String) throws -> String {
        let text = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("#define \(name) ") })
        return String(line.dropFirst("#define \(name) ".count)).trimmingCharacters(
            in: CharacterSet(charactersIn: "\" "))
    }

    @Test func printsPipelinesVersionThenTheCAPIsThenThePluginABIs() throws {
        let product = try Self.defined(
            "PIPELINE_PRODUCT_VERSION", in: "Sources/CProductVersion/include/product_version.h")
        let api = "Sources/CPipelineAPI/include/uipipeline.h"
        let abi = "Sources/CAnimatorABI/include/animator.h"
        let cAPI = try
            "\(Self.defined("PIPELINE_API_VERSION_MAJOR", in: api)).\(Self.defined("PIPELINE_API_VERSION_MINOR", in: api))"
        let pluginABI = try "\(Self.defined("ANIM_ABI_MAJOR", in: abi)).\(Self.defined("ANIM_ABI_MINOR", in: abi))"
        let result = try CLI.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n") == [
                "pipeline \(product)", "C API \(cAPI) (uipipeline.h, libuipipeline.so)",
                "animator plugin ABI \(pluginABI) (animator.h)",
            ], "\(result.stdout)")
        #expect(product.split(separator: ".").count == 3 && product.hasPrefix("0."), "\(product)")
    }
}
