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
        case .numbers, .colors, .path:
            preconditionFailure("a layer's own key paths are numbers, points, rects, colours")
        }
    }

    /// What the test layer draws: a colour fill and a text, whose colours two key paths animate.
    static let content = LayerContent(
        fill: .color(anim_color_t(r: 0, g: 0, b: 1, a: 1)), text: TextContent(string: "Hi", size: 17))

    /// The key path's value of a layer.
    static func value(_ keyPath: LayerKeyPath, of layer: anim_layer_t, _ host: HostLayerState = HostLayerState())
        -> [Double]
    {
        keyPath.value(of: layer, host, content: content)
    }

    /// The layer with the key path set to `value`.
    static func setting(_ keyPath: LayerKeyPath, to value: [Double], on layer: anim_layer_t) -> anim_layer_t {
        var (layer, host) = (layer, HostLayerState())
        keyPath.set(value, on: &layer, &host)
        return layer
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
            var (layer, host) = (Self.layer, HostLayerState())
            animation.apply(progress: progress, to: &layer, &host, content: Self.content)
            #expect(
                keyPath.value(of: layer, host, content: Self.content) == expected, "\(keyPath.rawValue) at \(progress)")
        }
    }

    @Test func positionIsTheAnchorPointAndMovesTheFrame() {
        #expect(Self.value(.position, of: Self.layer) == [20, 35])
        let layer = Self.setting(.position, to: [100, 100], on: Self.layer)
        #expect(layer.frame.x == 90 && layer.frame.y == 85 && layer.frame.width == 40)
    }

    @Test func aNewSizeOrAnchorKeepsThePosition() {
        let resized = Self.setting(.boundsSize, to: [80, 10], on: Self.layer)
        #expect(Self.value(.position, of: resized) == [20, 35])
        #expect(resized.frame.x == 0 && resized.frame.y == 30)
        let anchored = Self.setting(.anchor, to: [0, 0], on: Self.layer)
        #expect(Self.value(.position, of: anchored) == [20, 35])
        #expect(
            anchored.frame.x == 20 && anchored.frame.y == 35, "the layer moves so its new anchor is at the position")
    }

    @Test func transformScaleSetsBothAxes() {
        let scaled = Self.setting(.scale, to: [3], on: Self.layer)
        #expect(scaled.scale.x == 3 && scaled.scale.y == 3)
        let stretched = Self.setting(.scaleY, to: [2], on: scaled)
        #expect(stretched.scale.x == 3 && stretched.scale.y == 2)
    }

    @Test func theFileGivesTheColoursUntilAStepChangesThem() {
        var host = HostLayerState()
        #expect(Self.value(.backgroundColor, of: Self.layer, host) == [0, 0, 1, 1], "the fill's own colour")
        #expect(Self.value(.textColor, of: Self.layer, host) == [0, 0, 0, 1], "the text's default colour")
        var layer = Self.layer
        LayerKeyPath.backgroundColor.set([1, 0.5, 0, 1], on: &layer, &host)
        #expect(host.fillColor == SIMD4(1, 0.5, 0, 1))
    }

    /// CABasicAnimation's rules for the ends: the missing one is the layer's value.
    @Test func fromToAndByGiveTheEnds() {
        func value(from: Double?, to: Double?, by: Double?, at progress: Double) -> Double {
            var (layer, host) = (Self.layer, HostLayerState())  // corner radius 4
            PropertyAnimation(
                keyPath: .cornerRadius,
                values: .basic(from: from.map { [$0] }, to: to.map { [$0] }, by: by.map { [$0] }),
                additive: false
            ).apply(progress: progress, to: &layer, &host, content: Self.content)
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
        var (layer, host) = (Self.layer, HostLayerState())
        layer.rotation = 30
        PropertyAnimation(keyPath: .rotation, values: .basic(from: 0, to: [10], by: nil), additive: true)
            .apply(progress: 0.5, to: &layer, &host, content: Self.content)
        #expect(layer.rotation == 35)
        var offset = Self.layer
        PropertyAnimation(keyPath: .shadowOffset, values: .basic(from: nil, to: nil, by: [2, 2]), additive: true)
            .apply(progress: 1, to: &offset, &host, content: Self.content)
        #expect(offset.shadow.offset.x == 2 && offset.shadow.offset.y == 6, "by alone, added: [0, 4] + [2, 2]")
    }

    @Test func anOvershootingColourStaysAColour() {
        var (layer, host) = (Self.layer, HostLayerState())
        PropertyAnimation(
            keyPath: .shadowColor, values: .basic(from: [0, 0, 0, 1], to: [1, 1, 1, 1], by: nil), additive: false
        ).apply(progress: 1.3, to: &layer, &host, content: Self.content)
        #expect(Self.value(.shadowColor, of: layer) == [1, 1, 1, 1])
    }

    @Test(arguments: CalculationMode.allCases)
    func keyframesRunInEachCalculationMode(_ mode: CalculationMode) throws {
        let values: [[Double]] = [[0], [10], [40]]
        let keyframes = try Keyframes(
            values: values, keyTimes: mode == .discrete ? [0, 0.25, 0.5, 1] : [0, 0.25, 1], timingFunctions: nil,
            mode: mode)
        let animation = PropertyAnimation(keyPath: .opacity, values: .keyframes(keyframes), additive: false)
        var (layer, host) = (Self.layer, HostLayerState())
        animation.apply(progress: 0, to: &layer, &host, content: Self.content)
        #expect(layer.opacity == 0)
        animation.apply(progress: 1, to: &layer, &host, content: Self.content)
        #expect(layer.opacity == 40)
        animation.apply(progress: 0.3, to: &layer, &host, content: Self.content)
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
