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

    @Test func aBareNameFindsTheNamespacedOneItEnds() {
        let effects = ["blur", "frei0r.vignette", "frei0r.IIRblur"]
        #expect(NameSuggestion.nearest(to: "vignette", among: effects) == "frei0r.vignette")
        #expect(NameSuggestion.nearest(to: "iirblur", among: effects) == "frei0r.IIRblur")
        // Only a whole part after a dot: "nette" is no name of its own.
        #expect(NameSuggestion.nearest(to: "nette", among: effects) == nil)
    }

    @Test func aTransitionNamedByItsFileFindsItsStem() {
        let mixers = ["CrossZoom", "cross-dissolve", "fade"]
        #expect(NameSuggestion.nearest(to: "CrossZoom.glsl", among: mixers) == "CrossZoom")
        #expect(NameSuggestion.nearest(to: "crosszoom.GLSL", among: mixers) == "CrossZoom")
        #expect(NameSuggestion.nearest(to: ".glsl", among: mixers) == nil)
    }

    @Test func theRulesGoFromTheSameNameToTheNearestSpelling() {
        // The name in other case before a namespaced name it ends…
        #expect(NameSuggestion.nearest(to: "BLUR", among: ["frei0r.blur", "Blur"]) == "Blur")
        // …and a namespaced name or a file's stem before a spelling one edit away.
        #expect(NameSuggestion.nearest(to: "vignette", among: ["vignettes", "frei0r.vignette"]) == "frei0r.vignette")
        #expect(NameSuggestion.nearest(to: "wipe.glsl", among: ["wipe.glsls", "wipe"]) == "wipe")
    }

    @Test func aTypoOfANamespacedNameFindsItWithOrWithoutItsNamespace() {
        let effects = ["blur", "frei0r.vignette", "frei0r.pixeliz0r"]
        #expect(NameSuggestion.nearest(to: "frei0r.vignete", among: effects) == "frei0r.vignette")
        #expect(NameSuggestion.nearest(to: "pixelizor", among: effects) == "frei0r.pixeliz0r")
        #expect(NameSuggestion.nearest(to: "blurr", among: effects) == "blur")
    }

    @Test func tiesGoToTheFirstCandidate() {
        #expect(NameSuggestion.nearest(to: "cat", among: ["hat", "bat", "cut"]) == "hat")
        #expect(NameSuggestion.nearest(to: "cat", among: ["bat", "hat"]) == "bat")
    }
}
