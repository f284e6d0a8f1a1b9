import Testing

@Test func placeholder_TimingTests() {}
