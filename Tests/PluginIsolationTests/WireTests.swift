import CAnimatorABI
import Testing

@testable import PluginIsolation

/// The messages between the host and an isolated plugin child: a little-endian length and the
/// body, values read back in the order written, strings that keep nil apart from empty, layer
/// states and parameter values that cross without their pointers, and any message that ends
/// early or points outside what it carries refused as a `WireError`.
@Suite struct WireTests {
    /// What the other end reads: the framed message less its length.
    private func body(_ writer: WireWriter) -> WireReader {
        WireReader(Array(writer.framed.dropFirst(4)))
    }

    @Test func aMessageIsItsLittleEndianLengthAndItsBytes() {
        #expect(WireWriter().framed == [0, 0, 0, 0])
        var message = WireWriter()
        message.put(UInt8(7))
        message.put(UInt32(0x0102_0304).littleEndian)
        #expect(message.framed == [5, 0, 0, 0, 7, 4, 3, 2, 1])
        var long = WireWriter()
        [UInt8](repeating: 9, count: 300).withUnsafeBytes { long.put(raw: $0) }
        #expect(Array(long.framed.prefix(4)) == [0x2c, 0x01, 0, 0])
        #expect(long.framed.count == 304)
    }

    @Test func valuesReadBackInTheOrderWritten() throws {
        var message = WireWriter()
        message.put(Request.mix.rawValue)
        message.put(UInt32(17))
        message.put(Double.pi)
        message.put(Int32(-1))
        message.put(anim_size_t(width: 320, height: 240))
        message.put((UInt32(64), UInt32(48), UInt32(256), UInt32(8), UInt32(16)))
        message.put(Double.nan)
        var reader = body(message)
        #expect(try Request(rawValue: reader.get(UInt8.self)) == .mix)
        #expect(try reader.get(UInt32.self) == 17)
        #expect(try reader.get(Double.self) == .pi)
        #expect(try reader.get(Int32.self) == -1)
        let canvas = try reader.get(anim_size_t.self)
        #expect(canvas.width == 320 && canvas.height == 240)
        let rows = try reader.get((UInt32, UInt32, UInt32, UInt32, UInt32).self)
        #expect(rows == (64, 48, 256, 8, 16))
        #expect(try reader.get(Double.self).isNaN)
        #expect(throws: WireError.self, "nothing is left") { try reader.get(UInt8.self) }
    }

    @Test func stringsKeepNilApartFromEmpty() throws {
        var message = WireWriter()
        for text in [nil, "", "fade.so", "cross-dissolve: «old» → new ✓"] as [String?] { message.put(text) }
        // nil is a length of 0; a string its UTF-8 length plus one, then its bytes.
        #expect(Array(message.framed[4..<12]) == [0, 0, 0, 0, 1, 0, 0, 0])
        var reader = body(message)
        #expect(try reader.string() == nil)
        #expect(try reader.string() == "")
        #expect(try reader.string() == "fade.so")
        #expect(try reader.string() == "cross-dissolve: «old» → new ✓")
    }

    @Test func aMessageThatEndsEarlyIsRefused() throws {
        var short = WireReader([1, 2, 3])
        #expect(throws: WireError.self) { try short.get(UInt32.self) }
        #expect(try short.get(UInt16.self) == 0x0201, "a refused read takes nothing")

        var message = WireWriter()
        message.put("fade.so")
        var cut = WireReader(Array(message.framed.dropFirst(4).dropLast()))
        #expect(throws: WireError.self) { try cut.string() }

        var huge = WireWriter()
        huge.put(UInt32.max)
        var reader = body(huge)
        #expect(throws: WireError.self) { try reader.string() }

        var bytes = WireReader([1, 2])
        var destination = [UInt8](repeating: 0, count: 3)
        #expect(throws: WireError.self) {
            try destination.withUnsafeMutableBytes { raw throws in try bytes.copy(into: raw) }
        }
    }

    @Test func replyStatusesAreTheFirstByte() throws {
        #expect(WireWriter.done.framed == [1, 0, 0, 0, Reply.done.rawValue])
        var failed = body(.failed("out of memory"))
        #expect(try failed.get(UInt8.self) == Reply.failed.rawValue)
        #expect(try failed.string() == "out of memory")
        // A zeroed request is none: the child refuses it rather than guess.
        #expect(Request(rawValue: 0) == nil && Request(rawValue: 1) == .create)
    }
}
