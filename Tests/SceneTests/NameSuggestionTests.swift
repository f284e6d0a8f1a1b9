import Scene
import Testing

@Suite("Name suggestions")
struct NameSuggestionTests {
    private let animators = ["fade", "slide-up", "shadow-lift", "move-and-scale", "ripple-reveal"]

    @Test func typoFindsTheIntendedName() {
        #expect(NameSuggestion.nearest(to: "shadow-lfit", among: animators) == "shadow-lift")
        #expect(NameSuggestion.nearest(to: "slideup", among: animators) == "slide-up")
        #expect(NameSuggestion.nearest(to: "move-and-scal", among: animators) == "move-and-scale")
    }

    @Test func transpositionCountsAsOneEdit() {
        // Plain Levenshtein counts a swap as two edits and would tie "fame" with "fade".
        #expect(NameSuggestion.nearest(to: "fdae", among: ["fame", "fade"]) == "fade")
        #expect(NameSuggestion.nearest(to: "abcdfe", among: ["abcdxy", "abcdef"]) == "abcdef")
    }

    @Test func caseIsIgnoredButTheCandidateKeepsIts() {
        #expect(NameSuggestion.nearest(to: "FADE", among: animators) == "fade")
        #expect(NameSuggestion.nearest(to: "cornerradius", among: ["opacity", "cornerRadius"]) == "cornerRadius")
    }

    @Test func nothingCloseGivesNil() {
        #expect(NameSuggestion.nearest(to: "zoom", among: animators) == nil)
        #expect(NameSuggestion.nearest(to: "fade", among: [String]()) == nil)
    }

    @Test func allowedDistanceGrowsWithTheName() {
        // Six characters allow two edits; twelve allow four.
        #expect(NameSuggestion.nearest(to: "abcdef", among: ["abcdxy"]) == "abcdxy")
        #expect(NameSuggestion.nearest(to: "abcdef", among: ["abcxyz"]) == nil)
        #expect(NameSuggestion.nearest(to: "abcdefghijkl", among: ["abcdefghwxyz"]) == "abcdefghwxyz")
        #expect(NameSuggestion.nearest(to: "abcdefghijkl", among: ["abcdefgvwxyz"]) == nil)
    }

    @Test func tiesGoToTheFirstCandidate() {
        #expect(NameSuggestion.nearest(to: "cat", among: ["hat", "bat", "cut"]) == "hat")
        #expect(NameSuggestion.nearest(to: "cat", among: ["bat", "hat"]) == "bat")
    }
}
