import CAnimatorABI
import Compositor
import Foundation
import Scene
import Testing

/// Sublayers as Core Animation draws them: placed in their parent's coordinates, faded with it as
/// one group, clipped by its bounds and mask, hidden with it.
@Suite struct LayerTreeTests {
    /// A parent (index 0) holding `children` sublayers (indices 1...), none nested deeper.
    func tree(children: Int, masksToBounds: Bool = false) -> LayerTree {
        LayerTree(
            parents: [nil] + Array(repeating: 0, count: children),
            ends: [children + 1] + (1...max(children, 1)).prefix(children).map { $0 + 1 },
            masksToBounds: [masksToBounds] + Array(repeating: false, count: children))
    }

    func render(
        _ layers: [anim_layer_t], _ contents: [LayerContent], tree: LayerTree, background: anim_color_t = white,
        size: Int = 128
    ) -> FrameBuffer {
        let frame = FrameBuffer.blank(width: size, height: size)
        Compositor(
            canvas: Canvas(width: size, height: size, background: background), contents: contents, tree: tree
        ).render(layers, into: frame)
        return frame
    }

    /// Core Animation's layer transform written out as a matrix: translate to position (frame
    /// origin + anchor point) and translation, rotate, scale, translate back by the anchor.
    func matrix(of layer: anim_layer_t) -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        let (ax, ay) = (layer.anchor.x * layer.frame.width, layer.anchor.y * layer.frame.height)
        let radians = layer.rotation * .pi / 180
        let (a, b) = (cos(radians) * layer.scale.x, sin(radians) * layer.scale.x)
        let (c, d) = (-sin(radians) * layer.scale.y, cos(radians) * layer.scale.y)
        return (
            a, b, c, d, layer.frame.x + ax + layer.translation.x - (a * ax + c * ay),
            layer.frame.y + ay + layer.translation.y - (b * ax + d * ay)
        )
    }

    func apply(_ m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double), _ x: Double, _ y: Double)
        -> (x: Double, y: Double)
    {
        (m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty)
    }

    @Test func aSublayerIsDrawnThroughItsParentsTransformAfterItsOwn() {
        var parent = layer(rect(30, 40, 60, 40))
        parent.rotation = 30
        parent.scale = anim_point_t(x: 1.5, y: 1.2)
        parent.translation = anim_point_t(x: 6, y: -4)
        var child = layer(rect(8, 6, 24, 14))
        child.rotation = -50
        child.scale = anim_point_t(x: 0.8, y: 1.1)
        let frame = render(
            [parent, child], [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))],
            tree: tree(children: 1))
        let (outer, inner) = (matrix(of: parent), matrix(of: child))
        // Points of the child's own space: well inside it, and just outside it (still on the parent).
        for (u, v) in [(3.0, 3.0), (12, 7), (21, 11), (3, 11), (21, 3)] {
            let inParent = apply(inner, u, v)
            let onCanvas = apply(outer, inParent.x, inParent.y)
            #expect(frame.pixel(x: Int(onCanvas.x), y: Int(onCanvas.y)) == (0, 255, 0, 255), "child at (\(u), \(v))")
        }
        for (u, v) in [(-4.0, 7.0), (28, 7), (12, -4), (12, 18)] {
            let inParent = apply(inner, u, v)
            let onCanvas = apply(outer, inParent.x, inParent.y)
            #expect(frame.pixel(x: Int(onCanvas.x), y: Int(onCanvas.y)) == (0, 0, 255, 255), "parent at (\(u), \(v))")
        }
    }

    @Test func movingTheParentMovesItsSublayers() {
        let contents = [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))]
        var parent = layer(rect(10, 10, 40, 40))
        let child = layer(rect(5, 5, 10, 10))
        let before = render([parent, child], contents, tree: tree(children: 1))
        #expect(before.pixel(x: 20, y: 20) == (0, 255, 0, 255))
        parent.frame.x += 50
        let after = render([parent, child], contents, tree: tree(children: 1))
        #expect(after.pixel(x: 20, y: 20) == (255, 255, 255, 255))
        #expect(after.pixel(x: 70, y: 20) == (0, 255, 0, 255))
    }

    /// Two opaque children overlapping, under a parent at opacity 0.5: as one group the overlap
    /// shows the upper child only, faded once; faded one by one, the lower shows through.
    @Test func aParentsOpacityFadesItsSubtreeAsOneGroup() {
        let contents = [LayerContent(), LayerContent(fill: .color(red)), LayerContent(fill: .color(green))]
        var parent = layer(rect(0, 0, 128, 128))
        parent.opacity = 0.5
        let layers = [parent, layer(rect(10, 10, 60, 60)), layer(rect(40, 40, 60, 60))]
        let grouped = render(layers, contents, tree: tree(children: 2), background: clear)
        #expect(isClose(grouped.pixel(x: 50, y: 50), (0, 128, 0, 128), tolerance: 1), "the upper child only")
        #expect(isClose(grouped.pixel(x: 20, y: 20), (128, 0, 0, 128), tolerance: 1))

        var separately = layers
        separately[0].opacity = 1
        separately[1].opacity = 0.5
        separately[2].opacity = 0.5
        let each = render(separately, contents, tree: tree(children: 2), background: clear)
        let overlap = each.pixel(x: 50, y: 50)
        #expect(overlap.r > 40 && overlap.g > 100, "faded one by one, red shows under green: \(overlap)")
        #expect(!isClose(overlap, grouped.pixel(x: 50, y: 50), tolerance: 10))
    }

    @Test func masksToBoundsClipsTheSublayersToTheRoundedFrame() {
        let contents = [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))]
        var parent = layer(rect(20, 20, 60, 60))
        parent.corner_radius = 20
        let child = layer(rect(-20, -20, 120, 40))
        let open = render([parent, child], contents, tree: tree(children: 1))
        #expect(open.pixel(x: 10, y: 10) == (0, 255, 0, 255), "without it the child spills out")
        let clipped = render([parent, child], contents, tree: tree(children: 1, masksToBounds: true))
        #expect(clipped.pixel(x: 10, y: 10) == (255, 255, 255, 255))
        #expect(clipped.pixel(x: 90, y: 30) == (255, 255, 255, 255))
        #expect(clipped.pixel(x: 22, y: 22) == (255, 255, 255, 255), "the rounded corner clips too")
        #expect(clipped.pixel(x: 50, y: 30) == (0, 255, 0, 255))
        #expect(clipped.pixel(x: 50, y: 60) == (0, 0, 255, 255))
    }

    @Test func masksToBoundsLeavesTheLayersOwnShadow() {
        let contents = [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))]
        var parent = layer(rect(20, 20, 40, 40))
        parent.shadow = anim_shadow_t(color: red, opacity: 1, radius: 0, offset: anim_point_t(x: 0, y: 30))
        let frame = render([parent, layer(rect(0, 0, 10, 10))], contents, tree: tree(children: 1, masksToBounds: true))
        #expect(frame.pixel(x: 40, y: 80) == (255, 0, 0, 255))
    }

    @Test func aParentsMaskKeepsPartOfItsSublayersToo() {
        let contents = [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))]
        var parent = layer(rect(0, 0, 128, 128))
        parent.mask.shape_count = 1
        parent.mask.shapes.0 = anim_mask_shape_t(
            kind: ANIM_MASK_SHAPE_RECT, reserved: 0, rect: rect(0, 0, 64, 128), corner_radius: 0)
        let layers = [parent, layer(rect(32, 32, 64, 64))]
        let kept = render(layers, contents, tree: tree(children: 1))
        #expect(kept.pixel(x: 40, y: 40) == (0, 255, 0, 255))
        #expect(kept.pixel(x: 80, y: 40) == (255, 255, 255, 255))
        var inverted = layers
        inverted[0].mask.inverted = 1
        let punched = render(inverted, contents, tree: tree(children: 1))
        #expect(punched.pixel(x: 40, y: 40) == (255, 255, 255, 255))
        #expect(punched.pixel(x: 80, y: 40) == (0, 255, 0, 255))
    }

    @Test func aHiddenOrTransparentParentHidesItsSublayers() {
        let contents = [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))]
        for change in [{ (parent: inout anim_layer_t) in parent.hidden = 1 }, { $0.opacity = 0 }] {
            var parent = layer(rect(10, 10, 60, 60))
            change(&parent)
            let frame = render([parent, layer(rect(10, 10, 20, 20))], contents, tree: tree(children: 1))
            #expect(frame.pixel(x: 25, y: 25) == (255, 255, 255, 255))
        }
    }

    /// A layer alone, as a mixer takes it, holds its sublayers, placed by its parent.
    @Test func aLayerAloneHoldsItsSubtree() {
        let contents = [
            LayerContent(fill: .color(blue)), LayerContent(fill: .color(green)), LayerContent(fill: .color(red)),
        ]
        var parent = layer(rect(20, 20, 80, 80))
        parent.opacity = 0.5
        let layers = [parent, layer(rect(0, 0, 40, 40)), layer(rect(10, 10, 10, 10))]
        let nested = LayerTree(parents: [nil, 0, 1], ends: [3, 3, 3], masksToBounds: [false, false, false])
        let alone = FrameBuffer.blank(width: 128, height: 128)
        Compositor(canvas: Canvas(width: 128, height: 128, background: white), contents: contents, tree: nested)
            .renderLayer(1, of: layers, into: alone)
        #expect(alone.pixel(x: 25, y: 25) == (0, 255, 0, 255), "placed by the parent, not faded by it")
        #expect(alone.pixel(x: 35, y: 35) == (255, 0, 0, 255), "with its own sublayer")
        #expect(alone.pixel(x: 70, y: 70) == (0, 0, 0, 0), "without its parent")
    }

    /// A mixer's output standing in for a sublayer is faded and clipped by the parent like the
    /// sublayer would be.
    @Test func aReplacedSublayerStaysInsideItsParentsGroupAndClip() {
        let contents = [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))]
        var parent = layer(rect(0, 0, 64, 128))
        parent.opacity = 0.5
        let layers = [parent, layer(rect(0, 0, 10, 10))]
        let image = FrameBuffer.blank(width: 128, height: 128)
        for y in 0..<128 { (image.pixels + y * image.stride).update(repeating: 255, count: 128 * 4) }
        let frame = FrameBuffer.blank(width: 128, height: 128)
        Compositor(
            canvas: Canvas(width: 128, height: 128, background: clear), contents: contents,
            tree: tree(children: 1, masksToBounds: true)
        ).render(layers, replacing: [Replacement(index: 1, image: image)], into: frame)
        #expect(isClose(frame.pixel(x: 40, y: 40), (128, 128, 128, 128), tolerance: 1), "faded with the parent")
        #expect(frame.pixel(x: 100, y: 40) == (0, 0, 0, 0), "clipped to the parent")
    }

    @Test func theTreeCutsOnlyBetweenWholeSubtrees() {
        let nested = LayerTree(
            parents: [nil, 0, 1, nil, nil, 4], ends: [3, 3, 3, 4, 6, 6],
            masksToBounds: Array(repeating: false, count: 6))
        #expect((0...6).map { nested.wholeSubtrees(upTo: $0) } == [0, 0, 0, 3, 4, 4, 6])
        #expect(nested.sublayers(of: 0) == [1])
        #expect(nested.path(of: 2, names: ["card", "content", "title", "a", "b", "c"]) == "card/content/title")
    }
}
