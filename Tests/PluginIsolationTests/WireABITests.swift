import CAnimatorABI
import Testing

@testable import PluginIsolation

/// Layer states and parameter values on the wire: every byte of a layer crosses but its name
/// pointer, which arrives as text pointing at the reader's own copy; a value's layer arrives as
/// a pointer into the layers read alongside, and a layer index outside them is refused.
@Suite struct WireABITests {
    let mine = InternedStrings()

    private func layer(_ name: String?, x: Double) -> anim_layer_t {
        var layer = anim_layer_t()
        layer.struct_size = UInt32(MemoryLayout<anim_layer_t>.size)
        layer.name = name.map { UnsafePointer(mine[$0]) }
        layer.frame = anim_rect_t(x: x, y: 2, width: 30, height: 40)
        layer.opacity = 0.5
        layer.hidden = 1
        layer.shadow.color = anim_color_t(r: 1, g: 0.5, b: 0.25, a: 1)
        layer.mask.shape_count = 1
        layer.mask.shapes.0.kind = ANIM_MASK_SHAPE_ROUNDED_RECT
        layer.mask.shapes.0.corner_radius = 6
        return layer
    }

    private func bytes(_ layer: anim_layer_t) -> [UInt8] {
        var copy = layer
        copy.name = nil
        return withUnsafeBytes(of: copy) { Array($0) }
    }

    @Test func layersCrossWithTheirNamesAsText() throws {
        let sent = [layer("card", x: 10), layer(nil, x: -5), layer("", x: 0)]
        var message = WireWriter()
        sent.withUnsafeBufferPointer { message.put(layers: $0) }
        let theirs = InternedStrings()
        var reader = WireReader(Array(message.framed.dropFirst(4)))
        let received = try reader.layers(theirs)
        #expect(received.count == 3)
        #expect(received.map { $0.name.map { String(cString: $0) } } == ["card", nil, ""])
        #expect(received[0].name != sent[0].name, "the name points at the reader's own copy")
        #expect(received.map(bytes) == sent.map(bytes))
    }

    @Test func aValuesLayerArrivesAsAPointerIntoTheLayersRead() throws {
        let sent = [layer("card", x: 10), layer("other", x: 200)]
        var message = WireWriter()
        sent.withUnsafeBufferPointer { layers in
            var number = anim_value_t()
            number.type = ANIM_PARAM_NUMBER
            number.is_set = 1
            number.v = (0.75, 0, 0, 0)
            var named = anim_value_t()
            named.type = ANIM_PARAM_LAYER
            named.is_set = 1
            named.i = 3
            named.s = UnsafePointer(mine["other"])
            named.layer = layers.baseAddress! + 1
            message.put(layers: layers)
            [number, named].withUnsafeBufferPointer { message.put(values: $0, layers: layers) }
        }
        let theirs = InternedStrings()
        var reader = WireReader(Array(message.framed.dropFirst(4)))
        var layers = try reader.layers(theirs)
        try layers.withUnsafeMutableBufferPointer { layers throws in
            let values = try reader.values(theirs, layers: layers.baseAddress, layerCount: layers.count)
            #expect(values.count == 2)
            #expect(values[0].type == ANIM_PARAM_NUMBER && values[0].v.0 == 0.75 && values[0].s == nil)
            #expect(values[0].layer == nil)
            #expect(values[1].type == ANIM_PARAM_LAYER && values[1].i == 3)
            #expect(values[1].s.map { String(cString: $0) } == "other")
            #expect(values[1].layer == UnsafePointer(layers.baseAddress! + 1))
            #expect(values[1].layer?.pointee.frame.x == 200)
        }
    }

    @Test func aLayerIndexOutsideTheLayersIsRefused() throws {
        for index: Int32 in [1, 2, Int32.max, -2, Int32.min] {
            var message = WireWriter()
            message.put(UInt32(1))
            message.put(ANIM_PARAM_LAYER)
            message.put(UInt32(1))
            message.put((0.0, 0.0, 0.0, 0.0))
            message.put(Int64(0))
            message.put("gone")
            message.put(index)
            var reader = WireReader(Array(message.framed.dropFirst(4)))
            var layers = [layer("card", x: 0)]
            let strings = InternedStrings()
            layers.withUnsafeMutableBufferPointer { layers in
                _ = #expect(throws: WireError.self, "index \(index) of 1 layer") {
                    try reader.values(strings, layers: layers.baseAddress, layerCount: layers.count)
                }
            }
        }
    }
}
