/// The compositor: draws a tree of layers (see `LayerTree`), bottom first, into a FrameBuffer
/// through Cairo, following Core Animation's model (frame, anchor, scale, rotation, translation,
/// opacity, corner radius, fill, image contents with gravity, text, drop shadow, mask; sublayers
/// placed in their parent's coordinates, group opacity, masksToBounds), at any scale of pixels
/// per canvas point (see RenderScale.swift). It owns the pixel work, the image decoding
/// (`SceneImages`) and the opening of video clips and image sequences (`SceneFootage`, whose
/// frames it shows by render time); it never decides what a layer's properties are (animators
/// and the scene do).
import CAnimatorABI
import CCairo
import Footage
import Foundation
import Scene

/// Not thread-safe: one Compositor per rendering thread. RasterImages are shared read-only.
public final class Compositor {
    let canvas: Canvas
    let tree: LayerTree
    /// Pixels per canvas point; frames are `pixelWidth` × `pixelHeight`.
    let scale: Double
    public let pixelWidth: Int, pixelHeight: Int
    let prepared: [PreparedContent]
    /// The first layer of the top-level subtree holding the lowest layer that shows footage or a
    /// Lottie animation (the layer count when none does): its pixels change with time while its
    /// state does not, so neither it nor any layer above it is ever static.
    let firstFootage: Int
    /// The first layer of the top-level subtree holding the lowest layer that shows footage or
    /// whose host state (`HostLayerState`) a step changes: no bottom layers from there on are static.
    let firstChanging: Int
    /// Each layer's map to the canvas in the frame being drawn (reused storage).
    var worlds: [AffineTransform] = []
    /// The layers' host states as the file gives them, and in the frame being drawn.
    let baseHost: [HostLayerState]
    var host: [HostLayerState]
    let shadows: ShadowCache
    /// The layers whose host state a step changes (a shape no step changes is drawn as one picture).
    let changingHost: Set<Int>
    let shapeRasters = ShapeRasters()
    /// Shape strokes' coverage (FreeType), for this compositor's thread.
    let strokeCoverage = StrokeCoverage()
    /// Which copy of the replicators around it the layer being drawn is: 0 outside any, else a
    /// number for the copies it is in, so each copy keeps its own shape rasters.
    var copyPath = 0
    /// For each replicating layer with an instance delay, its copies' sublayer states in the
    /// frame being drawn (copy 1 first); the renderer sets them before each render. A copy
    /// without one shows the frame's own states.
    public var delayedCopies: [Int: [DelayedCopy]] = [:]
    let staticLayers: StaticLayers
    let imageScaling: ImageScaling
    /// The layers' contents as the file gives them: their filters among them.
    let contents: [LayerContent]
    /// Runs the layers' effects (the renderer's plugin calls). Without one, filtered layers are
    /// drawn as if they had none: a compositor on its own runs no plugin code.
    public var effects: LayerEffects?
    /// The timeline time of the frame being drawn, which effects are told.
    public var time: Double = 0
    /// The pictures the effects of each filtered layer ran on in the last frame, reused while
    /// their size stays (see `pictures(for:_:width:height:)`).
    var effectPictures: [Int: [FrameBuffer]] = [:]
    /// Each filtered layer's unfiltered drawing in the first of its pictures (see `filteredPicture`).
    var effectInputs: [Int: EffectInput] = [:]
    /// Each filtered layer's last filtered picture, reused while what it is drawn from stays.
    var effectOutputs: [Int: EffectOutput] = [:]
    /// Each backdrop-filtered layer's last filtered backdrop (see `drawBackdrop`).
    var backdropEffectOutputs: [Int: BackdropEffectOutput] = [:]
    /// Whether the drawing under way is of whole frames (or their static images) with no mixer's
    /// output among the layers: only then is a backdrop a function of the layers' states.
    var drawsWholeFrame = false
    /// The frame's edges a layer drawn since this was last cleared reached past (what lies beyond
    /// them was not drawn).
    var drawnBeyond: FrameEdges = []
    /// The layers drawn only as a track matte (no layer seen through them shows them).
    let drawnOnlyAsMatte: Set<Int>
    /// The pictures mattes are drawn in (see `Compositor+Matte.swift`), kept for the next frame:
    /// one pair for each size drawn into and each depth of mattes drawn inside another's drawing.
    var mattePictures: [MattePictures] = []
    /// The layers being drawn in a picture of their own, whose matte applies where the picture is
    /// painted rather than inside it.
    var mattesWithheld: Set<Int> = []
    /// The matte layers being drawn into their matte, drawn although `drawnOnlyAsMatte`.
    var mattesDrawing: Set<Int> = []
    /// The matte an image, footage frame or snapshot is painted through instead of at an alpha,
    /// while a matted layer showing one of them alone is painted straight onto its parent (see
    /// `compositeMatted`).
    var pictureMatte: StraightMatte?
    /// The first effect that failed since `takeEffectFailure`; the frame holding it is not to be used.
    private(set) var effectFailure: EffectFailure?

    /// Compositors rendering frames of one animation on several threads share `staticImages`;
    /// `images` holds the decoded pixels of the contents' image files. `tree` says how the
    /// layers nest (none inside another when nil); `host` their host states as the file gives
    /// them (none turned, the file's colours when nil), and `changingHost` the layers whose host
    /// state a step changes, which are never static.
    public init(
        canvas: Canvas, contents: [LayerContent], tree: LayerTree? = nil, host: [HostLayerState]? = nil,
        changingHost: Set<Int> = [], images: SceneImages = .none, scale: Double = 1,
        imageScaling: ImageScaling = .mipmapped, sharing staticImages: StaticImageCache = StaticImageCache()
    ) {
        precondition(scale > 0 && scale.isFinite, "the render scale must be a positive number, got \(scale)")
        let tree = tree ?? .flat(count: contents.count)
        precondition(tree.count == contents.count, "the tree needs one entry per content")
        self.canvas = canvas
        self.tree = tree
        self.scale = scale
        self.imageScaling = imageScaling
        (pixelWidth, pixelHeight) = canvas.pixelSize(scale: scale)
        prepared = contents.map { PreparedContent($0, images: images) }
        self.contents = contents
        // Effects drawing by the time, and texts changing over time, change a layer's pixels as
        // footage does.
        let footage =
            prepared.firstIndex {
                $0.content.footage != nil || $0.content.lottie != nil || $0.content.hasTimedEffects
                    || $0.text?.changesOverTime == true
            } ?? contents.count
        firstFootage = tree.wholeSubtrees(upTo: footage)
        // A layer seen through a matte above it changes with that matte: it is never static.
        let mattedFromAbove =
            contents.indices.first { index in (contents[index].matte?.layer ?? -1) > index } ?? contents.count
        firstChanging = tree.wholeSubtrees(
            upTo: min(footage, changingHost.min() ?? contents.count, mattedFromAbove))
        let matteLayers = contents.compactMap(\.matte)
        drawnOnlyAsMatte = Set(matteLayers.map(\.layer)).subtracting(matteLayers.filter(\.showsMatte).map(\.layer))
        self.changingHost = changingHost
        baseHost = host ?? Array(repeating: HostLayerState(), count: contents.count)
        precondition(baseHost.count == contents.count, "one host state per content")
        self.host = baseHost
        shadows = ShadowCache(layerCount: contents.count)
        staticLayers = StaticLayers(sharing: staticImages)
    }

    /// Which sample of a motion-blurred frame the next renders draw: `.first` before a frame's
    /// first sample, `.later` before each later one, `.none` (the default) outside motion blur.
    /// In later samples a layer's shadow that only moved since the first sample is that
    /// sample's mask moved (resampled at a move by a fraction of a pixel) rather than blurred again.
    public var shutterSample: ShutterSample {
        get { shadows.shutter }
        set { shadows.shutter = newValue }
    }

    /// Makes every layer showing footage or a Lottie animation show its frame at render time
    /// `time` (a timeline time, as animators see it), decoding the frames no thread has yet, and
    /// every text what it shows then (its string, its animators' time): call it before rendering
    /// the frame at that time. The layers `hidden` hides show no footage frame: the frame does
    /// not draw them, so none is decoded for them.
    public func showFootage(at time: Double, hiding hidden: HiddenFootage = .none) throws(FootageError) {
        for (index, content) in prepared.enumerated().dropFirst(firstFootage) {
            if let footage = content.footage {
                if hidden.hides(ancestry: tree.ancestry(of: index)) {
                    footage.showNothing()
                } else {
                    try footage.show(at: time)
                }
            }
            content.lottie?.show(at: time)
        }
        for content in prepared { content.text?.show(at: time) }
    }

    /// Moves the texts' wiggly selectors to render time `time`, leaving what every layer shows
    /// (its footage, Lottie frame, string, caption cue) at the time `showFootage` gave: a
    /// motion-blurred frame shows its own time's content in every sample and samples only what
    /// animates.
    public func sampleTextAnimators(at time: Double) {
        for content in prepared { content.text?.sampleAnimators(at: time) }
    }

    /// The index of the footage or Lottie frame content `index` shows now; nil when it shows
    /// footage but no frame, or neither. With the layer's state, it says whether the layer's
    /// pixels changed.
    public func shownFootageFrame(ofContent index: Int) -> Int? {
        prepared[index].shownFrame
    }

    /// Draws the background, then `layers[i]` with `contents[i]`, over every pixel of `frame`.
    public func render(_ layers: [anim_layer_t], into frame: FrameBuffer) {
        render(layers, replacing: [], into: frame)
    }

    /// Like `render(_:into:)`, except that each replaced layer is drawn, with its sublayers, as
    /// its replacement's image, composited over what lies below (inside its parents' group
    /// opacity and clipping). Work is spared where it cannot change the bytes: an opaque topmost
    /// replacement of a top-level layer hides everything below it, and the bottom layers
    /// unchanged since the previous frame (whole subtrees), or held by a static image drawn for an
    /// earlier frame, are copied from `staticLayers` rather than drawn; a layer whose opaque
    /// footage covers the frame (`topmostCovering`) is drawn over nothing.
    /// `host` gives the layers' host states in this frame (the file's when nil).
    /// `held` names a top-level layer, above every replacement, whose opaque replacement `frame`
    /// already holds over every pixel (a mixer wrote it there, see `takesOpaqueReplacement`):
    /// only the layers above it are drawn.
    public func render(
        _ layers: [anim_layer_t], host: [HostLayerState]? = nil, replacing replacements: [Replacement],
        holding held: Int? = nil, into frame: FrameBuffer
    ) {
        precondition(layers.count == prepared.count, "render needs one layer state per content")
        self.host = host ?? baseHost
        precondition(self.host.count == prepared.count, "render needs one host state per content")
        checkSize(of: frame)
        for replacement in replacements {
            precondition(layers.indices.contains(replacement.index), "a replacement needs a layer")
            precondition(replacement.image !== frame, "a replacement cannot be the frame drawn into")
            checkSize(of: replacement.image)
        }
        if let held {
            precondition(takesOpaqueReplacement(held), "a replacement held in the frame must be of a top-level layer")
            precondition(
                replacements.allSatisfy { $0.index < held }, "a replacement held in the frame must be the top one")
        }
        guard frame.width > 0, frame.height > 0 else { return }
        drawsWholeFrame = replacements.isEmpty && held == nil
        defer { drawsWholeFrame = false }
        layers.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &worlds) }
        let lowest = tree.wholeSubtrees(upTo: min(replacements.lazy.map(\.index).min() ?? layers.count, firstChanging))
        let unchanged = tree.wholeSubtrees(upTo: staticLayers.unchangedCount(layers, below: lowest))
        var start = 0
        var covered = false
        let top = replacements.max(by: { $0.index < $1.index })
        // Even a failed attempt copies rows in, up to the first translucent one.
        if top != nil || held != nil { frame.pixelsChanged() }
        if let held {
            start = tree.ends[held]
        } else if let top, takesOpaqueReplacement(top.index), top.copyIfOpaque(into: frame) {
            start = tree.ends[top.index]
        } else if let covering = topmostCovering(
            layers, from: unchanged, skipping: replacements, width: frame.width, height: frame.height)
        {
            (start, covered) = (covering, true)
            frame.pixelsChanged()
            if writesFootageStraight(layers[covering], index: covering, into: frame) { start = tree.ends[covering] }
        } else {
            let spared = { (first: Int) in
                self.sparedBox(layers, from: first, skipping: replacements, width: frame.width, height: frame.height)
            }
            start = staticLayers.restore(
                layers, unchanged: unchanged, below: lowest, into: frame, sparing: spared,
                draw: { image, range in
                    drawing(into: image, over: range.lowerBound == 0 ? canvas.background : nil) { cr in
                        _ = drawSubtrees(in: range, of: layers, replacing: [], on: cr, frame: image)
                    }
                })
            if start == 0 { frame.pixelsChanged() }
        }
        var drawnOver = PixelBox.empty
        drawing(into: frame, over: start == 0 && !covered ? canvas.background : nil) { cr in
            drawnOver = drawSubtrees(
                in: start..<layers.count, of: layers, replacing: replacements, on: cr, frame: frame)
        }
        frame.heldStatic?.drawnOver = drawnOver
    }

    /// Whether an opaque replacement of layer `index` (and its sublayers) hides every layer
    /// drawn before it: so when it is a top-level layer, not inside a parent's group or clip.
    /// A mixer may then write such a replacement straight into the frame (`render`'s `held`).
    public func takesOpaqueReplacement(_ index: Int) -> Bool {
        tree.parents[index] == nil
    }

    /// Layer `index` and its sublayers alone, with their shadows, masks and opacities, placed by
    /// their ancestors' transforms (not faded or clipped by them), over a fully transparent frame
    /// (no background): what a mixer takes as one of its two inputs.
    public func renderLayer(
        _ index: Int, of layers: [anim_layer_t], host: [HostLayerState]? = nil, into frame: FrameBuffer
    ) {
        precondition(layers.count == prepared.count, "renderLayer needs one layer state per content")
        self.host = host ?? baseHost
        precondition(prepared.indices.contains(index), "no content at index \(index)")
        checkSize(of: frame)
        guard frame.width > 0, frame.height > 0 else { return }
        frame.pixelsChanged()
        layers.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &worlds) }
        // A top-level clip filling the frame (a mixer's input) is converted straight into it.
        if tree.parents[index] == nil, writesAloneStraight(layers[index], index: index, unfiltered: false, into: frame)
        {
            return
        }
        drawing(into: frame, over: anim_color_t(r: 0, g: 0, b: 0, a: 0)) { cr in
            _ = drawSubtrees(in: index..<tree.ends[index], of: layers, replacing: [], on: cr, frame: frame)
        }
    }

    /// What an image of layer `index` alone (`renderLayer`) is drawn from: the states of its
    /// ancestors, of its subtree and of its matte's, and the footage frames those show. Equal values
    /// draw equal images.
    public func inputs(ofLayer index: Int, in layers: [anim_layer_t], host: [HostLayerState]? = nil) -> (
        states: [anim_layer_t], host: [HostLayerState], footage: [ShownContent]
    ) {
        let own = Array(index..<tree.ends[index]) + matteLayers(of: index)
        let drawn = tree.ancestors(of: index) + own
        let host = host ?? baseHost
        return (drawn.map { layers[$0] }, drawn.map { host[$0] }, own.map { prepared[$0].shown })
    }

    /// The failure of an effect during the last render, if any, forgotten once taken.
    public func takeEffectFailure() -> EffectFailure? {
        defer { effectFailure = nil }
        return effectFailure
    }

    func fail(_ failure: EffectFailure) {
        if effectFailure == nil { effectFailure = failure }
    }

    var canvasSize: (width: Int, height: Int) { (canvas.width, canvas.height) }

    func checkSize(of frame: FrameBuffer) {
        precondition(
            frame.width == pixelWidth && frame.height == pixelHeight,
            "frame size must match the canvas at the render scale")
    }

    /// Covers every pixel of `frame` with `background` (or keeps its pixels when nil), then lets
    /// `body` draw on it.
    func drawing(into frame: FrameBuffer, over background: anim_color_t?, _ body: (OpaquePointer) -> Void) {
        // Contexts are cheap (Cairo recycles them); the surface is the frame's own.
        cairo_surface_mark_dirty(frame.surface)
        let cr = cairo_create(frame.surface)!
        if let background {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, background.r, background.g, background.b, background.a)
            cairo_paint(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        body(cr)
        cairo_destroy(cr)
        cairo_surface_flush(frame.surface)
    }

    /// Draws the whole subtrees that start in `range` (it must hold whole subtrees) and returns
    /// the box of pixels they could have changed.
    func drawSubtrees(
        in range: Range<Int>, of layers: [anim_layer_t], replacing replacements: [Replacement],
        on cr: OpaquePointer, frame: FrameBuffer
    ) -> PixelBox {
        var drawnOver = PixelBox.empty
        var index = range.lowerBound
        while index < range.upperBound {
            let box = drawSubtree(index, of: layers, replacing: replacements, nested: false, on: cr, frame: frame)
            drawnOver = drawnOver.union(box)
            index = tree.ends[index]
        }
        return drawnOver
    }
}

/// Edges of a frame.
public struct FrameEdges: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let left = FrameEdges(rawValue: 1)
    public static let right = FrameEdges(rawValue: 2)
    public static let top = FrameEdges(rawValue: 4)
    public static let bottom = FrameEdges(rawValue: 8)
}

/// The box around a layer's frame and, when it has one, its shadow's.
func union(_ frame: anim_rect_t, _ shadow: anim_rect_t?) -> anim_rect_t {
    guard let shadow else { return frame }
    let left = min(frame.x, shadow.x)
    let top = min(frame.y, shadow.y)
    let right = max(frame.x + frame.width, shadow.x + shadow.width)
    let bottom = max(frame.y + frame.height, shadow.y + shadow.height)
    return anim_rect_t(x: left, y: top, width: right - left, height: bottom - top)
}

extension anim_layer_t {
    /// Whether anything of the layer can show: visible, some opacity, a real, finite frame.
    var isDrawable: Bool {
        hidden == 0 && opacity > 0 && opacity.isFinite && frame.width > 0 && frame.height > 0
            && frame.width.isFinite && frame.height.isFinite && corner_radius.isFinite
    }
}
