import CAnimatorABI
import Compositor
import Scene
import Testing

/// Lines start at the edge their paragraph reads from: `start` (the default) is the left edge of
/// a left-to-right paragraph and the right edge of a right-to-left one, `end` the other; Thai,
/// written without spaces between words, wraps at the words ICU's dictionary finds.
@Suite struct TextDirectionTests {
    func ink(_ text: TextContent, width: Double = 200, height: Double = 60) -> Ink {
        Ink(render([layer(rect(0, 0, width, height))], [LayerContent(text: text)], width: 400, height: 200))
    }

    @Test func anArabicParagraphAlignsRightWithNoAlignment() {
        let arabic = ink(TextContent(string: "مرحبا بالعالم", size: 20))
        #expect(arabic.centreX > 140, "ink centred on column \(arabic.centreX)")
        #expect(arabic.rightmostColumn >= 195)
        let latin = ink(TextContent(string: "Hello world", size: 20))
        #expect(latin.centreX < 60)
    }

    @Test func endIsTheOtherEdge() {
        #expect(ink(TextContent(string: "مرحبا بالعالم", size: 20, alignment: .end)).centreX < 60)
        #expect(ink(TextContent(string: "Hello world", size: 20, alignment: .end)).centreX > 140)
        #expect(ink(TextContent(string: "مرحبا بالعالم", size: 20, alignment: .left)).centreX < 60)
    }

    @Test func eachParagraphTakesItsOwnDirection() {
        let mixed = ink(TextContent(string: "Hello\nمرحبا", size: 20, lineHeight: 2), height: 100)
        let first = mixed.pixels.filter { $0.y < 24 }
        let second = mixed.pixels.filter { $0.y >= 30 }
        #expect(first.map(\.x).max()! < 100 && second.map(\.x).min()! > 100)
    }

    @Test func thaiWrapsInsideA300PixelBox() {
        let thai = ink(
            TextContent(string: "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำในประโยค", size: 24, lineHeight: 1.6), width: 300,
            height: 200)
        #expect(thai.pixels.allSatisfy { $0.x < 300 }, "ink inside the box")
        #expect(thai.bands > 1, "\(thai.bands) lines")
    }
}
