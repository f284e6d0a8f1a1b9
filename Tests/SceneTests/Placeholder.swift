import Testing

@Test func placeholder_SceneTests() {}
