import CAnimatorABI
import CCairo
import CRaster
import Foundation
import Scene

/// A replicating layer's sublayers, drawn once for each copy (`Replicator`): copy i's layers are
/// placed by the copy's transform about the replicating layer's anchor, in its own space, their
/// colours multiplied by the copy's colour, and, with an instance delay, in the states the
/// renderer found for them `delay` × i seconds earlier (`delayedCopies`).
extension Compositor {
    /// The sublayers of layer `index` drawn over it, bottom first, once for each copy when it
    /// replicates them; returns the box of pixels they could change.
    func drawSublayers(
        of index: Int, in layers: [anim_layer_t], replacing replacements: [Replacement], on cr: OpaquePointer,
        frame: FrameBuffer
    ) -> PixelBox {
        guard let replicator = contents[index].replicator else {
            return drawChildren(of: index, in: layers, replacing: replacements, on: cr, frame: frame)
        }
        let subtree = (index + 1)..<tree.ends[index]
        let (savedWorlds, savedHost) = (Array(worlds[subtree]), Array(host[subtree]))
        defer {
            worlds.replaceSubrange(subtree, with: savedWorlds)
            host.replaceSubrange(subtree, with: savedHost)
        }
        let delayed = delayedCopies[index] ?? []
        let outerCopy = copyPath
        defer { copyPath = outerCopy }
        var drawn = PixelBox.empty
        for instance in 0..<replicator.count {
            let color = replicator.color(ofInstance: instance)
            guard color.a > 0 else { continue }
            copyPath = outerCopy &* 1009 &+ instance &+ 1
            var copyLayers = layers
            if instance > 0, instance - 1 < delayed.count {
                let copy = delayed[instance - 1]
                copyLayers.replaceSubrange(subtree, with: copy.layers)
                host.replaceSubrange(subtree, with: copy.host)
            } else {
                host.replaceSubrange(subtree, with: savedHost)
            }
            let placed = worlds[index].concatenating(
                Self.transform(ofInstance: instance, of: replicator, in: layers[index]))
            for layer in subtree {
                let parent = tree.parents[layer]!
                worlds[layer] = (parent == index ? placed : worlds[parent]).concatenating(
                    copyLayers[layer].deviceTransform)
            }
            let white = color.r >= 1 && color.g >= 1 && color.b >= 1
            guard !white || color.a < 1 else {
                drawn = drawn.union(
                    drawChildren(of: index, in: copyLayers, replacing: replacements, on: cr, frame: frame))
                continue
            }
            cairo_push_group(cr)
            drawn = drawn.union(drawChildren(of: index, in: copyLayers, replacing: replacements, on: cr, frame: frame))
            let group = cairo_pop_group(cr)!
            if white {
                cairo_set_source(cr, group)
                cairo_paint_with_alpha(cr, color.a)
            } else {
                Self.tint(group, by: color)
                cairo_set_source(cr, group)
                cairo_paint(cr)
            }
            cairo_pattern_destroy(group)
        }
        return drawn
    }

    private func drawChildren(
        of index: Int, in layers: [anim_layer_t], replacing replacements: [Replacement], on cr: OpaquePointer,
        frame: FrameBuffer
    ) -> PixelBox {
        var drawn = PixelBox.empty
        for child in tree.sublayers(of: index) {
            drawn = drawn.union(
                drawSubtree(child, of: layers, replacing: replacements, nested: true, on: cr, frame: frame))
        }
        return drawn
    }

    /// Copy `instance`'s map in the replicating layer's own coordinates: translation i·t,
    /// rotation i·θ and scale sⁱ about the layer's anchor.
    static func transform(ofInstance instance: Int, of replicator: Replicator, in layer: anim_layer_t)
        -> AffineTransform
    {
        guard instance > 0 else { return .identity }
        let times = Double(instance)
        let anchor = anim_point_t(x: layer.anchor.x * layer.frame.width, y: layer.anchor.y * layer.frame.height)
        let turn = cosSin(degrees: replicator.rotation * times)
        let sx = pow(replicator.scale.x, times)
        let sy = pow(replicator.scale.y, times)
        let (a, b, c, d) = (turn.cos * sx, turn.sin * sx, -turn.sin * sy, turn.cos * sy)
        return AffineTransform(
            a: a, b: b, c: c, d: d,
            tx: anchor.x + replicator.translation.x * times - (a * anchor.x + c * anchor.y),
            ty: anchor.y + replicator.translation.y * times - (b * anchor.x + d * anchor.y))
    }

    /// Multiplies the picture of a group (premultiplied) by `color`: each colour channel by the
    /// colour's part times its alpha, alpha by its alpha.
    private static func tint(_ group: OpaquePointer, by color: anim_color_t) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
        else { return }
        cairo_surface_flush(surface)
        let weights: [UInt8] = [color.r * color.a, color.g * color.a, color.b * color.a, color.a].map {
            UInt8((min(max($0, 0), 1) * 255).rounded())
        }
        px_multiply_bgra(
            cairo_image_surface_get_data(surface), cairo_image_surface_get_width(surface),
            cairo_image_surface_get_height(surface), Int(cairo_image_surface_get_stride(surface)), weights)
        cairo_surface_mark_dirty(surface)
    }
}

/// The states of a replicating layer's sublayers (its whole subtree, in order) for one copy
/// after the first, found `delay` × i seconds before the frame's time.
public struct DelayedCopy {
    public let layers: [anim_layer_t]
    public let host: [HostLayerState]

    public init(layers: [anim_layer_t], host: [HostLayerState]) {
        (self.layers, self.host) = (layers, host)
    }
}
