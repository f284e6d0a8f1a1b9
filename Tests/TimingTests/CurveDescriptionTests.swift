import PluginRegistry
import RegistryTestSupport
import Testing
import Timing

/// Every curve names itself as a pipeline file would: charts print these words beside each
/// step, whichever process runs the curve's code.
@Suite struct CurveDescriptionTests {
    @Test func theNamedCurvesByTheirNames() {
        for name in NamedCurves.names {
            #expect(NamedCurves.curve(named: name)?.description == name)
        }
        #expect(LinearCurve().description == "linear")
        #expect(CubicBezierCurve(0.42, 0, 0.58, 1).description == "ease-in-out")
    }

    @Test func otherBeziersByTheirControlPoints() {
        #expect(CubicBezierCurve(0.2, 0, 0, 1).description == "cubic-bezier(0.2, 0, 0, 1)")
        #expect(CubicBezierCurve(0.3, -0.55, 0.7, 1.55).description == "cubic-bezier(0.3, -0.55, 0.7, 1.55)")
        #expect(CubicBezierCurve(0.123456, 0.1, 0.9, 1).description == "cubic-bezier(0.123, 0.1, 0.9, 1)")
        #expect(CubicBezierCurve(0.42, 0, 1, 0.99).description == "cubic-bezier(0.42, 0, 1, 0.99)", "nearly ease-in")
    }

    @Test func springsByTheirDampingRatioWhicheverWayTheyAreGiven() {
        #expect(SpringCurve(dampingRatio: 0.7, duration: 0.5).description == "spring, damping ratio 0.7")
        // ζ = c / (2√(km)) = 10 / (2 · 10)
        #expect(
            SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, duration: 1).description
                == "spring, damping ratio 0.5")
        // SwiftUI's bounce 0.3 is a damping ratio of 0.7.
        #expect(SpringCurve(duration: 0.5, bounce: 0.3, span: 1).description == "spring, damping ratio 0.7")
    }

    @Test func aPluginCurveByItsRegisteredNameAndArguments() throws {
        #expect(try InRepoPlugins.curve("back-out").bound(to: [1.2]).description == "back-out(1.2)")
        #expect(try InRepoPlugins.curve("back-out").bound(to: [1.70158]).description == "back-out(1.702)")
        #expect(try InRepoPlugins.curve("elastic-out").bound(to: [1, 0.3]).description == "elastic-out(1, 0.3)")
        #expect(try InRepoPlugins.curve("bounce-out").bound(to: []).description == "bounce-out")
    }
}
