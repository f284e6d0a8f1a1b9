import CAnimatorABI
import Glibc

/// Layer states and parameter values on the wire. Pointers cannot cross a process boundary:
/// a layer's name and a value's string travel as text, a value's layer as its index.
extension WireWriter {
    mutating func put(layers: UnsafeBufferPointer<anim_layer_t>) {
        put(UInt32(layers.count))
        for layer in layers { put(layer: layer) }
    }

    mutating func put(layer: anim_layer_t) {
        put(layer.name.map { String(cString: $0) })
        var copy = layer
        copy.name = nil
        withUnsafeBytes(of: copy) { put(raw: $0) }
    }

    mutating func put(values: UnsafeBufferPointer<anim_value_t>, layers: UnsafeBufferPointer<anim_layer_t>) {
        put(UInt32(values.count))
        for value in values {
            put(value.type)
            put(value.is_set)
            put(value.v)
            put(value.i)
            put(value.s.map { String(cString: $0) })
            put(Int32(value.layer.map { $0 - layers.baseAddress! } ?? -1))
        }
    }
}

extension WireReader {
    /// A layer state; its name points at `strings`, which outlive it.
    mutating func layer(_ strings: InternedStrings) throws(WireError) -> anim_layer_t {
        let name = try string()
        var layer = anim_layer_t()
        try withUnsafeMutableBytes(of: &layer) { (raw) throws(WireError) in try copy(into: raw) }
        layer.name = name.map { UnsafePointer(strings[$0]) }
        return layer
    }

    mutating func layers(_ strings: InternedStrings) throws(WireError) -> [anim_layer_t] {
        let count = Int(try get(UInt32.self))
        var layers: [anim_layer_t] = []
        for _ in 0..<count { layers.append(try layer(strings)) }
        return layers
    }

    /// Parameter values; a layer value points into `layers`, which the caller keeps still
    /// while the values are in use.
    mutating func values(_ strings: InternedStrings, layers: UnsafeMutablePointer<anim_layer_t>?, layerCount: Int)
        throws(WireError) -> [anim_value_t]
    {
        let count = Int(try get(UInt32.self))
        var values: [anim_value_t] = []
        for _ in 0..<count {
            var value = anim_value_t()
            value.type = try get()
            value.is_set = try get()
            value.v = try get()
            value.i = try get()
            value.s = try string().map { UnsafePointer(strings[$0]) }
            let index = Int(try get(Int32.self))
            // -1 is "no layer"; anything else must name one of the message's layers.
            guard index >= -1, index < layerCount else { throw WireError() }
            value.layer = index >= 0 ? UnsafePointer(layers! + index) : nil
            values.append(value)
        }
        return values
    }
}

/// C copies of the strings plugins are handed in the child, made once each and kept as long as
/// the child serves (plugins may hold on to them for a call; the set is small).
final class InternedStrings {
    private var strings: [String: UnsafeMutablePointer<CChar>] = [:]

    deinit {
        for copy in strings.values { free(copy) }
    }

    subscript(text: String) -> UnsafeMutablePointer<CChar> {
        if let known = strings[text] { return known }
        let copy = strdup(text)!
        strings[text] = copy
        return copy
    }
}
