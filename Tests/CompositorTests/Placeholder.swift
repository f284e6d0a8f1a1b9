import Testing

@Test func placeholder_CompositorTests() {}
