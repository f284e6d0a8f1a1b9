extension String {
    /// The text before the first NUL of a buffer a C function filled (a `detail` reason).
    public init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text before the first NUL of a fixed-size C array, which Swift imports as a tuple
    /// (`char codec[32]`).
    init<Characters>(nulTerminatedArray array: Characters) {
        var array = array
        self = withUnsafeBytes(of: &array) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
