import CAnimatorABI
import Testing

@testable import PluginCheck

/// What a call's output may not hold (values a render would replace, masks it cannot draw,
/// numbers no animation means), and how two results of the same call are told apart, bit for
/// bit, in words naming the first property or pixel that differs.
@Suite struct OutputCheckTests {
    private func findings(_ change: (inout anim_layer_t) -> Void) -> [CheckFinding] {
        var layer = CheckScene.target
        change(&layer)
        return OutputCheck.findings(.layer(layer), operation: "k3")
    }

    @Test func anUnmovedLayerHasNoFindings() {
        #expect(findings { _ in }.isEmpty)
        #expect(findings { $0.opacity = 0 }.isEmpty && findings { $0.frame.width = 0 }.isEmpty)
    }

    @Test func aNaNOpacityIsAnInvalidValue() throws {
        for nan in [Double.nan, -Double.nan] {
            let found = findings { $0.opacity = nan }
            let finding = try #require(found.first)
            #expect(found.count == 1)
            #expect(finding.kind == .invalidValue && finding.operation == "k3" && finding.detail == "opacity")
            #expect(finding.message == "wrote opacity = nan", "the sign of a NaN is not shown")
        }
    }

    @Test func valuesOutsideTheirRangeAreInvalid() {
        let opacity = findings { $0.opacity = 1.5 }
        #expect(opacity.map(\.message) == ["wrote opacity = 1.5"] && opacity.map(\.kind) == [.invalidValue])
        #expect(findings { $0.frame.height = -1 }.map(\.detail) == ["frame.height"])
        #expect(findings { $0.shadow.radius = -2 }.map(\.detail) == ["shadow.radius"])
        #expect(findings { $0.translation.x = .infinity }.map(\.message) == ["wrote translation.x = inf"])
        // Unbounded values may leave their usual range: a rotation of -720° or a scale of -3 are fine.
        #expect(findings { $0.rotation = -720 }.isEmpty && findings { $0.scale.x = -3 }.isEmpty)
    }

    @Test func aValueOfAMillionCanvasSizesIsAbsurd() {
        // The check's canvas is 320 × 240: past 320 million pixels nothing means it.
        let absurd = findings { $0.translation.y = -4e8 }
        #expect(absurd.map(\.kind) == [.absurdValue] && absurd.map(\.detail) == ["translation.y"])
        #expect(absurd.first?.message == "wrote translation.y = -400000000.0, more than a million canvas sizes")
        #expect(findings { $0.translation.y = 3e8 }.isEmpty)
    }

    @Test func masksTheRendererCannotDrawAreInvalid() {
        // One shape past the fixed array: the count is invalid, and only the shapes that exist are read.
        let count = findings {
            $0.mask.shape_count = ANIM_MASK_MAX_SHAPES + 1
            $0.mask.shapes.0.kind = ANIM_MASK_SHAPE_RECT
            $0.mask.shapes.1.kind = ANIM_MASK_SHAPE_ROUNDED_RECT
            $0.mask.shapes.2.kind = ANIM_MASK_SHAPE_CIRCLE
            $0.mask.shapes.3.kind = ANIM_MASK_SHAPE_ELLIPSE
        }
        #expect(count.map(\.detail) == ["mask.shape_count"] && count.map(\.kind) == [.invalidValue])
        #expect(count.first?.message == "wrote mask.shape_count = 5, more than ANIM_MASK_MAX_SHAPES (4)")
        // What else looks wrong beside a count past the array is its side effect: one problem.
        let sideEffects = findings {
            $0.mask.shape_count = ANIM_MASK_MAX_SHAPES + 1
            $0.mask.shapes.0.kind = 9
            $0.opacity = 7
        }
        #expect(sideEffects.map(\.detail) == ["mask.shape_count"])
        let kind = findings {
            $0.mask.shape_count = 1
            $0.mask.shapes.0.kind = 9
        }
        #expect(kind.map(\.detail) == ["mask.shapes[0].kind"])
        #expect(kind.first?.message == "wrote mask.shapes[0].kind = 9, not one of the ANIM_MASK_SHAPE_* kinds")
        let rect = findings {
            $0.mask.shape_count = 2
            $0.mask.shapes.0.kind = ANIM_MASK_SHAPE_RECT
            $0.mask.shapes.1.kind = ANIM_MASK_SHAPE_ELLIPSE
            $0.mask.shapes.1.rect.width = .nan
            $0.mask.shapes.1.corner_radius = 1e12
        }
        #expect(rect.map(\.detail) == ["mask.shapes[1].rect.width", "mask.shapes[1].corner_radius"])
        #expect(rect.map(\.kind) == [.invalidValue, .absurdValue])
        // Shapes past the count are not in use, whatever they hold.
        #expect(findings { $0.mask.shapes.3.kind = 77 }.isEmpty)
    }

    @Test func curvesMustReturnFiniteValuesNearTheProgress() {
        #expect(OutputCheck.findings(.value(1.1), operation: "k14").isEmpty)
        #expect(OutputCheck.findings(.value(-.nan), operation: "k14").map(\.message) == ["returned nan"])
        #expect(OutputCheck.findings(.value(-.infinity), operation: "k14").map(\.kind) == [.invalidValue])
        #expect(OutputCheck.findings(.value(2e6), operation: "k14").map(\.kind) == [.absurdValue])
        #expect(OutputCheck.findings(.failed("no"), operation: "k14").isEmpty, "failing is reported elsewhere")
    }

    @Test func twoResultsDifferByTheirFirstDifferingPropertyOrPixel() throws {
        var first = CheckScene.target
        first.opacity = 0.25
        var second = first
        #expect(OutputComparison.difference(.layer(first), .layer(second)) == nil)
        second.opacity = 0.5
        second.rotation = 3
        let layers = try #require(OutputComparison.difference(.layer(first), .layer(second)))
        #expect(layers == ("rotation = 0.0", "rotation = 3.0"), "rotation comes before opacity in the table")

        // Bit for bit: one NaN is the same as itself, 0 and -0 are not the same.
        #expect(OutputComparison.difference(.value(.nan), .value(.nan)) == nil)
        let zeros = try #require(OutputComparison.difference(.value(0), .value(-0.0)))
        #expect(zeros == ("returned 0.0", "returned -0.0"))

        var image = CheckScene.image(0)
        let changed = CheckScene.imageWidth + 2
        image[changed * 4 + 1] &+= 1
        let pixels = try #require(OutputComparison.difference(.image(CheckScene.image(0)), .image(image)))
        #expect(pixels.first.hasPrefix("pixel (2, 1) = (") && pixels.first != pixels.second)

        let failed = try #require(OutputComparison.difference(.failed("out of memory"), .value(1)))
        #expect(failed == ("failed with \"out of memory\"", "succeeded"))
        #expect(OutputComparison.difference(.failed("a"), .failed("a")) == nil)
    }
}
