import Compositor
import Foundation
import TestSupport
import Testing

/// Shape SVGs that are broken or hostile: a message with the line, nothing expanded or read
/// from elsewhere, no crash.
@Suite struct SVGShapesSafetyTests {
    func failure(_ text: String) -> String? {
        do {
            _ = try readShapes(text)
            return nil
        } catch {
            return (error as? ImageLoadError)?.description ?? "\(error)"
        }
    }

    @Test func malformedXMLIsRefusedWithItsLine() {
        let message = failure(
            """
            <svg xmlns="http://www.w3.org/2000/svg">
              <rect width="1" height="2">
            </svg>
            """)
        #expect(
            message
                == "not an SVG document pipeline reads shapes from: line 3: Opening and ending tag mismatch: rect "
                + "line 2 and svg")
        let html = failure("<html xmlns=\"http://www.w3.org/1999/xhtml\"/>")
        #expect(html?.hasSuffix(": line 1: the root element is <html>, not SVG's <svg>") == true, "\(html ?? "")")
        #expect(failure("") == "not an SVG document pipeline reads shapes from: line 1: Document is empty")
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: ImageLoadError.self) { try SVGShapes.read(path: "/nonexistent/logo.svg") }
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.txt")
        try "M 0 0 L 99 99 secret".write(to: secret, atomically: true, encoding: .utf8)
        let prologue = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [
              <!ENTITY outside SYSTEM "\(secret.absoluteString)">
              <!ENTITY width "40">
            ]>
            """
        // In content the entity is left as it is: what the file holds is nowhere in the shapes.
        let document = try readShapes(
            prologue + """

                <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
                  <g>&outside;</g>
                  <rect width="&width;" height="10"/>
                  <path d="M 0 0 H 5"/>
                </svg>
                """)
        #expect(document.shapes.map(\.pathData) == ["M 0 0 H 5"])
        #expect(
            document.warnings == [
                "logo.svg line 3: the entity &outside; is not expanded (entities are not supported in shape SVGs; "
                    + "each reference to one is left as written)",
                "logo.svg line 8: <rect> has width=\"&width;\", which is not a length; the element is not drawn",
            ])
        // In an attribute libxml2 refuses the reference outright.
        let refused = failure(
            prologue + """

                <svg xmlns="http://www.w3.org/2000/svg"><path d="&outside;"/></svg>
                """)
        #expect(refused?.contains("line 6: Attribute references external entity 'outside'") == true, "\(refused ?? "")")
    }

    @Test func anEntityBombIsNotExpanded() {
        var declarations = "<!ENTITY level0 \"lol lol lol lol lol lol lol lol lol lol\">\n"
        for level in 1...12 {
            declarations += "<!ENTITY level\(level) \"" + String(repeating: "&level\(level - 1);", count: 10) + "\">\n"
        }
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [
            \(declarations)]>
            <svg xmlns="http://www.w3.org/2000/svg"><path d="M 0 0 H 1"/><g>&level12;</g><path d="&level12;"/></svg>
            """
        do {
            let document = try readShapes(text)
            #expect(document.shapes.allSatisfy { $0.pathData.count < 100 }, "\(document.shapes.map(\.pathData))")
            #expect(document.warnings.contains { $0.contains("the entity &level0; is not expanded") })
        } catch {
            // libxml2 may refuse it instead: that is as safe.
            #expect("\(error)".contains("line "), "\(error)")
        }
    }

    @Test func useThatContainsItselfIsWarnedNotFollowed() throws {
        let document = try readShapes(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
              <g id="loop"><rect width="1" height="1"/><use href="#loop" x="1"/></g>
              <use href="other.svg#shape"/>
            </svg>
            """)
        #expect(document.shapes.count == 1)
        #expect(
            document.warnings == [
                "logo.svg line 2: <use> of `#loop` is not drawn (it contains the <use> itself)",
                "logo.svg line 3: <use> of `other.svg#shape` is not drawn (a shape SVG can use only its own elements)",
            ])
    }

    @Test func usesThatMultiplyAreRefusedAtALimit() {
        // Each group uses the one before ten times: 10^12 rectangles if followed to the end.
        var groups = #"<g id="g0"><rect width="1" height="1"/></g>"#
        for level in 1...12 {
            groups += "<g id=\"g\(level)\">" + String(repeating: "<use href=\"#g\(level - 1)\"/>", count: 10) + "</g>"
        }
        let message = failure("<svg xmlns=\"http://www.w3.org/2000/svg\">\n\(groups)\n</svg>")
        #expect(
            message
                == "not an SVG document pipeline reads shapes from: line 2: the document draws more than 200000 "
                + "elements through its <use>s, the most a shape SVG may")
    }

    /// Every prefix of a document, and seeded random bytes spliced into it: each is read or
    /// refused, never a crash.
    @Test func garbageIsReadOrRefusedWithoutACrash() throws {
        let valid = Array(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 5 5">
              <g transform="rotate(30 1 1) skewX(10)" style="stroke: rgb(1,2,3); stroke-dasharray: 1 2 3">
                <rect x="1" y="1" width="3" height="2" rx="1"/><polygon points="0 0 1 1 2 0"/>
                <use href="#c" x="1"/><circle id="c" r="1" fill="#abc"/>
              </g>
            </svg>
            """.utf8)
        let path = temporaryFolder().appendingPathComponent("garbage.svg").path
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        var generator = SeededGenerator(seed: 7)
        var inputs = (0..<valid.count).map { Array(valid[..<$0]) }
        for _ in 0..<300 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] = UInt8.random(in: 0...255, using: &generator)
            }
            inputs.append(bytes)
        }
        var read = 0
        for bytes in inputs {
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            if (try? SVGShapes.read(path: path)) != nil { read += 1 }
        }
        // Some mutations leave it well-formed: those are read.
        #expect(read > 0)
    }
}
