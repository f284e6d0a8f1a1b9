import CForeignCall
import PluginDescriptions
import Testing

@Suite struct ForeignCurveSignatureTests {
    @Test func parsesTheHeaderExamples() throws {
        let plain = try ForeignCurveSignature(parsing: "d(d)")
        #expect(plain.returnType == .double && plain.progressType == .double && plain.argumentTypes.isEmpty)
        let elastic = try ForeignCurveSignature(parsing: "d(d;dd)")
        #expect(elastic.argumentTypes == [.double, .double])
        let back = try ForeignCurveSignature(parsing: "f(f)")
        #expect(back.returnType == .float && back.progressType == .float)
        let steps = try ForeignCurveSignature(parsing: "d(d;i)")
        #expect(steps.argumentTypes == [.int32])
        let mixed = try ForeignCurveSignature(parsing: "f(d;fidlllll)")
        #expect(mixed.argumentTypes == [.float, .int32, .double, .int64, .int64, .int64, .int64, .int64])
    }

    @Test func allowsAsManyArgumentsAsTheForeignCallTakes() {
        #expect(ForeignCurveSignature.maximumArgumentCount == Int(FOREIGN_CALL_MAX_ARGUMENTS))
    }

    @Test(arguments: ["d(d)", "d(d;dd)", "f(f)", "d(d;i)", "f(d;fidl)"])
    func descriptionWritesTheSignatureBack(text: String) throws {
        #expect(try ForeignCurveSignature(parsing: text).description == text)
    }

    @Test(arguments: [
        ("x(d)", #"signature "x(d)": return type 'x' is not one of d, f"#),
        ("i(d)", #"signature "i(d)": return type 'i' is not one of d, f"#),
        ("d(l)", #"signature "d(l)": progress type 'l' is not one of d, f"#),
        ("d(d;dz)", #"signature "d(d;dz)": argument type 'z' is not one of d, f, i, l"#),
        ("d(d;)", #"signature "d(d;)": ';' must be followed by at least one argument type"#),
        ("d(d;ddddddddd)", #"signature "d(d;ddddddddd)": 9 extra arguments, at most 8"#),
        ("d(dd)", #"signature "d(dd)": expected ';' or ')' after the progress type, found 'd'"#),
        ("d(d))", #"signature "d(d))": expected ';' or ')' after the progress type, found ')'"#),
        ("", #"signature "": expected R(T) or R(T;A...) such as "d(d;dd)""#),
        ("d()", #"signature "d()": expected R(T) or R(T;A...) such as "d(d;dd)""#),
        ("d(d", #"signature "d(d": expected R(T) or R(T;A...) such as "d(d;dd)""#),
        ("dd;d)", #"signature "dd;d)": expected R(T) or R(T;A...) such as "d(d;dd)""#),
    ])
    func rejectsWithMessage(text: String, message: String) {
        #expect {
            try ForeignCurveSignature(parsing: text)
        } throws: { error in
            (error as? ForeignCurveSignatureError)?.description == message
        }
    }

    @Test func typesAcceptOnlyValuesTheyCanHold() {
        #expect(
            ForeignType.double.accepts(1e300) && !ForeignType.double.accepts(.infinity)
                && !ForeignType.double.accepts(.nan))
        #expect(
            ForeignType.float.accepts(3.4e38) && !ForeignType.float.accepts(3.5e38)
                && !ForeignType.float.accepts(-.infinity))
        #expect(ForeignType.int32.accepts(-2_147_483_648) && ForeignType.int32.accepts(2_147_483_647))
        #expect(!ForeignType.int32.accepts(2_147_483_648) && !ForeignType.int32.accepts(2.5))
        #expect(ForeignType.int64.accepts(-0x1p63) && ForeignType.int64.accepts(0x1p62))
        #expect(
            !ForeignType.int64.accepts(0x1p63) && !ForeignType.int64.accepts(0.5) && !ForeignType.int64.accepts(.nan))
    }
}
