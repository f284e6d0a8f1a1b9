import Foundation
import Scene
import Testing

/// The hash run records keep of files: 64-bit FNV-1a in hex, the same whatever holds the bytes,
/// so a record written from one kind of buffer matches a file read into another.
@Suite struct ContentHashTests {
    /// The published FNV-1a 64 values of "", "a" and "foobar".
    static let known: [(String, String)] = [
        ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
    ]

    @Test(arguments: known)
    func everyContainerGivesTheKnownValue(text: String, hash: String) {
        let bytes = Array(text.utf8)
        #expect(ContentHash.of(bytes) == hash)
        #expect(ContentHash.of(Data(bytes)) == hash)
        #expect(ContentHash.of(text.utf8) == hash)
        // Not in one piece: read element by element.
        #expect(ContentHash.of(bytes.lazy.map { $0 }) == hash)
        #expect(ContentHash.of(AnySequence(bytes)) == hash)
    }

    @Test func aSliceOfDataIsHashedFromItsOwnStart() {
        let data = Data("xxfoobar".utf8).dropFirst(2)
        #expect(ContentHash.of(data) == "85944171f73967e8")
    }
}
