import CAnimatorABI
import Scene
import Testing
import Timing

/// `animate` steps' values as Core Animation computes them: every key path reads and writes its
/// property, from/to/by give the ends, additive adds, keyframes run through `Keyframes`.
@Suite struct PropertyAnimationTests {
    /// A layer whose every animatable property differs from its default.
    static var layer: anim_layer_t {
        var layer = anim_layer_t.base(name: nil, frame: anim_rect_t(x: 10, y: 20, width: 40, height: 30))
        layer.anchor = anim_point_t(x: 0.25, y: 0.5)
        layer.corner_radius = 4
        layer.shadow = anim_shadow_t(
            color: anim_color_t(r: 0, g: 0, b: 0, a: 1), opacity: 0.5, radius: 8,
            offset: anim_point_t(x: 0, y: 4))
        return layer
    }

    /// Two values of each key path's kind, and the value half-way between them.
    static func ends(of keyPath: LayerKeyPath) -> (from: [Double], to: [Double], middle: [Double]) {
        switch keyPath.kind {
        case .number: ([2], [6], [4])
        case .point, .size: ([10, 40], [30, 0], [20, 20])
        case .rect: ([0, 0, 20, 40], [20, 10, 60, 40], [10, 5, 40, 40])
        case .color: ([1, 0, 0, 1], [0, 0, 1, 0.5], [0.5, 0, 0.5, 0.75])
        }
    }

    @Test(arguments: LayerKeyPath.allCases)
    func everyKeyPathAnimatesFromItsStartToItsEnd(_ keyPath: LayerKeyPath) {
        var (from, to, middle) = Self.ends(of: keyPath)
        if keyPath == .opacity || keyPath == .shadowOpacity || keyPath == .anchor {
            (from, to, middle) = (from.map { $0 / 40 }, to.map { $0 / 40 }, middle.map { $0 / 40 })
        }
        let animation = PropertyAnimation(
            keyPath: keyPath, values: .basic(from: from, to: to, by: nil), additive: false)
        for (progress, expected) in [(0.0, from), (0.5, middle), (1.0, to)] {
            var layer = Self.layer
            animation.apply(progress: progress, to: &layer)
            #expect(keyPath.value(of: layer) == expected, "\(keyPath.rawValue) at \(progress)")
        }
    }

    @Test func positionIsTheAnchorPointAndMovesTheFrame() {
        var layer = Self.layer
        #expect(LayerKeyPath.position.value(of: layer) == [20, 35])
        LayerKeyPath.position.set([100, 100], on: &layer)
        #expect(layer.frame.x == 90 && layer.frame.y == 85 && layer.frame.width == 40)
    }

    @Test func aNewSizeOrAnchorKeepsThePosition() {
        var resized = Self.layer
        LayerKeyPath.boundsSize.set([80, 10], on: &resized)
        #expect(LayerKeyPath.position.value(of: resized) == [20, 35])
        #expect(resized.frame.x == 0 && resized.frame.y == 30)
        var anchored = Self.layer
        LayerKeyPath.anchor.set([0, 0], on: &anchored)
        #expect(LayerKeyPath.position.value(of: anchored) == [20, 35])
        #expect(
            anchored.frame.x == 20 && anchored.frame.y == 35, "the layer moves so its new anchor is at the position")
    }

    @Test func transformScaleSetsBothAxes() {
        var layer = Self.layer
        LayerKeyPath.scale.set([3], on: &layer)
        #expect(layer.scale.x == 3 && layer.scale.y == 3)
        LayerKeyPath.scaleY.set([2], on: &layer)
        #expect(layer.scale.x == 3 && layer.scale.y == 2)
    }

    /// CABasicAnimation's rules for the ends: the missing one is the layer's value.
    @Test func fromToAndByGiveTheEnds() {
        func value(from: Double?, to: Double?, by: Double?, at progress: Double) -> Double {
            var layer = Self.layer  // corner radius 4
            PropertyAnimation(
                keyPath: .cornerRadius,
                values: .basic(from: from.map { [$0] }, to: to.map { [$0] }, by: by.map { [$0] }),
                additive: false
            ).apply(progress: progress, to: &layer)
            return layer.corner_radius
        }
        #expect(value(from: 10, to: nil, by: 6, at: 1) == 16, "from → from + by")
        #expect(value(from: nil, to: 20, by: 6, at: 0) == 14, "to − by → to")
        #expect(value(from: 10, to: nil, by: nil, at: 1) == 4, "from → the layer's value")
        #expect(value(from: nil, to: 20, by: nil, at: 0) == 4, "the layer's value → to")
        #expect(value(from: nil, to: nil, by: 6, at: 1) == 10, "the layer's value → it + by")
        #expect(value(from: 0, to: 10, by: nil, at: 1.2) == 12, "a spring's overshoot carries on past the end")
    }

    @Test func anAdditiveAnimationAddsToTheLayersValue() {
        var layer = Self.layer
        layer.rotation = 30
        PropertyAnimation(keyPath: .rotation, values: .basic(from: 0, to: [10], by: nil), additive: true)
            .apply(progress: 0.5, to: &layer)
        #expect(layer.rotation == 35)
        var offset = Self.layer
        PropertyAnimation(keyPath: .shadowOffset, values: .basic(from: nil, to: nil, by: [2, 2]), additive: true)
            .apply(progress: 1, to: &offset)
        #expect(offset.shadow.offset.x == 2 && offset.shadow.offset.y == 6, "by alone, added: [0, 4] + [2, 2]")
    }

    @Test func anOvershootingColourStaysAColour() {
        var layer = Self.layer
        PropertyAnimation(
            keyPath: .shadowColor, values: .basic(from: [0, 0, 0, 1], to: [1, 1, 1, 1], by: nil), additive: false
        ).apply(progress: 1.3, to: &layer)
        #expect(LayerKeyPath.shadowColor.value(of: layer) == [1, 1, 1, 1])
    }

    @Test(arguments: CalculationMode.allCases)
    func keyframesRunInEachCalculationMode(_ mode: CalculationMode) throws {
        let values: [[Double]] = [[0], [10], [40]]
        let keyframes = try Keyframes(
            values: values, keyTimes: mode == .discrete ? [0, 0.25, 0.5, 1] : [0, 0.25, 1], timingFunctions: nil,
            mode: mode)
        let animation = PropertyAnimation(keyPath: .opacity, values: .keyframes(keyframes), additive: false)
        var layer = Self.layer
        animation.apply(progress: 0, to: &layer)
        #expect(layer.opacity == 0)
        animation.apply(progress: 1, to: &layer)
        #expect(layer.opacity == 40)
        animation.apply(progress: 0.3, to: &layer)
        switch mode {
        case .linear: #expect(abs(layer.opacity - 12) < 1e-9, "10 + 30 × (0.05 / 0.75)")
        case .discrete: #expect(layer.opacity == 10, "held from 0.25 until 0.5")
        case .paced: #expect(abs(layer.opacity - 12) < 1e-9, "constant speed: 40 × 0.3")
        case .cubic: #expect(layer.opacity > 10 && layer.opacity < 14, "\(layer.opacity)")
        }
    }
}

extension PropertyAnimation.Values {
    /// `from` and `to` of one number each, for short tests.
    static func basic(from: Double, to: [Double], by: [Double]?) -> Self {
        .basic(from: [from], to: to, by: by)
    }
}
