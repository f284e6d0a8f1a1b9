import Hummingbird
import Preview
import Testing

/// The preview's one query parameter, `t`: the times it takes, the 400 it answers for any other
/// (naming the range and echoing what was given, cut short), and how messages write a time.
@Suite struct PreviewQueryTests {
    private func request(_ path: String) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:8080", path: path),
            body: RequestBody(buffer: ByteBuffer()))
    }

    private func refusal(_ path: String) -> HTTPError? {
        #expect(throws: HTTPError.self) { try PreviewQuery.time(request(path)) }
    }

    @Test func timesInTheRangeAreRead() throws {
        #expect(try PreviewQuery.time(request("/frame?t=0.5")) == 0.5)
        #expect(try PreviewQuery.time(request("/frame?t=0")) == 0)
        #expect(try PreviewQuery.time(request("/frame?t=3600")) == 3600)
        #expect(try PreviewQuery.time(request("/frame?t=1e3")) == 1000)
        #expect(try PreviewQuery.time(request("/?other=1&t=2")) == 2)
    }

    @Test func aRequestWithoutTHasNoTime() throws {
        #expect(try PreviewQuery.time(request("/")) == nil)
        #expect(try PreviewQuery.time(request("/frame?time=3")) == nil)
    }

    @Test(arguments: ["abc", "", "-1", "3600.5", "nan", "inf", "-inf", "1e400"])
    func aTimeOutsideTheRangeIsABadRequestNamingIt(_ given: String) throws {
        let error = try #require(refusal("/frame?t=\(given)"))
        #expect(error.status == .badRequest)
        #expect(error.body == "t must be a time in seconds in 0...3600, got \"\(given)\"")
    }

    @Test func aLongValueIsEchoedCutShort() throws {
        let given = String(repeating: "9", count: 30) + String(repeating: "x", count: 100)
        let error = try #require(refusal("/frame?t=\(given)"))
        let echo = String(given.prefix(40)) + "…"
        #expect(error.body == "t must be a time in seconds in 0...3600, got \"\(echo)\"")
    }

    @Test func theRangeIsTheLongestRender() {
        #expect(PreviewQuery.range == "0...3600")
        #expect(PreviewQuery.times.contains(0) && PreviewQuery.times.contains(3600))
    }

    @Test func messagesWriteWholeSecondsWithoutAFraction() {
        #expect(PreviewQuery.text(9) == "9")
        #expect(PreviewQuery.text(0) == "0")
        #expect(PreviewQuery.text(0.5) == "0.5")
        #expect(PreviewQuery.text(12.25) == "12.25")
    }

    @Test func blurIsOffOrSamplesFromOneTo64() throws {
        #expect(try PreviewQuery.blur(request("/frame?t=0")) == nil)
        #expect(try PreviewQuery.blur(request("/frame?t=0&blur=off")) == 0)
        #expect(try PreviewQuery.blur(request("/frame?t=0&blur=1")) == 1)
        #expect(try PreviewQuery.blur(request("/frame?t=0&blur=64")) == 64)
        for given in ["0", "65", "-1", "on", "", "4.5"] {
            let error = try #require(throws: HTTPError.self) { try PreviewQuery.blur(request("/frame?blur=\(given)")) }
            #expect(error.status == .badRequest)
            #expect(error.body == "blur must be off or a whole number of samples from 1 to 64, got \"\(given)\"")
        }
    }
}
