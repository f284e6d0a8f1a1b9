import Testing

@Test func placeholder_OutputTests() {}
