/// The renderer seam: what the ``Compositor`` asks of whatever puts pixels on the screen.
///
/// The compositor walks the presentation tree and decides what is drawn, where and in
/// what order: it maps each layer to device pixels, drops what opaque layers cover, opens
/// a group for a translucent layer with sublayers, clips the sublayers of a layer that
/// masks to its bounds, places contents by their gravity, and counts the statistics. A
/// renderer only carries out those decisions, one call at a time, in paint order (back
/// to front). ``CairoLayerRenderer`` draws into a ``Bitmap`` on the CPU; it is the only
/// renderer today. A GPU renderer (OpenGL through SDL, say) would adopt this protocol,
/// upload each layer's `contents` as a texture and draw each ``LayerPaint`` as a quad;
/// views, layers and the hosts' frame engine would not change.
///
/// Invariants the compositor keeps: every ``pushClip(_:map:)`` is matched by a
/// ``popClip()`` and every ``beginGroup(within:)`` by an ``endGroup(opacity:)``, properly nested;
/// ``fill(_:with:)`` comes first in a frame, before any layer.
@MainActor
package protocol LayerRenderer: AnyObject {
    /// The frame's extent in device pixels, with its origin at (0, 0).
    var pixelBounds: CGRect { get }
    /// Why drawing failed in this frame, or nil when nothing failed.
    var drawingFailure: String? { get }

    /// Fills `rects` (device pixels, disjoint) with `color`, replacing what is there: the
    /// screen background, where no opaque layer covers it.
    func fill(_ rects: [CGRect], with color: Color)
    /// Draws one layer's own shadow, background and contents (not its sublayers).
    func drawLayer(_ paint: LayerPaint)
    /// Fills a layer's border, `ring` (an outline and the outline inset by the border
    /// width, filled even-odd, in the layer's coordinates), mapped by `map`, over the
    /// layer's contents and sublayers.
    func drawBorder(_ ring: Path, map: ProjectiveTransform, color: Color, opacity: Double)
    /// Shadows blurred so far by this renderer (cached shadows are not counted again).
    var shadowsBlurred: Int { get }
    /// Clips what follows to `shape` (in a layer's coordinates) mapped by `map` to device
    /// pixels, until the matching ``popClip()``. Clips nest: each narrows the one before.
    func pushClip(_ shape: Path, map: ProjectiveTransform)
    /// Ends the innermost clip.
    func popClip()
    /// Starts an offscreen group: what is drawn until ``endGroup(opacity:)`` is composited
    /// onto what is behind it in one step. `box` (device pixels), when given, holds
    /// everything the group will draw: the group need be no larger.
    func beginGroup(within box: CGRect?)
    /// Blends the innermost group with `opacity` (0…1) onto what is behind it.
    func endGroup(opacity: Double)
    /// Draws a shape or gradient layer's own drawing (in the layer's coordinates, mapped
    /// by `map`), between its contents and its sublayers.
    func drawVector(_ content: VectorContent, map: ProjectiveTransform, opacity: Double)
    /// Starts a masked group (a layer with a `mask`): what follows, until ``beginMask()``,
    /// is the content.
    func beginMaskedGroup()
    /// Ends the content of the innermost masked group; what follows is its mask.
    func beginMask()
    /// Composites the innermost masked group's content through its mask's alpha, with
    /// `opacity` (0…1).
    func endMaskedGroup(opacity: Double)
    /// Draws the bitmap of a rasterized layer, covering `rect` in the layer's coordinates
    /// mapped by `map`, with `opacity` (0…1).
    func drawRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, opacity: Double)
}

/// What one layer puts on screen, as decided by the ``Compositor``: everything a
/// ``LayerRenderer`` needs, with no reference to the layer itself.
///
/// Geometry is in the layer's coordinates; ``map`` takes it to device pixels.
package struct LayerPaint {
    /// The layer's coordinates to device pixels (affine, or with perspective).
    package var map: ProjectiveTransform
    /// The layer's bounds.
    package var bounds: CGRect
    /// The bounds with the layer's rounded corners: where the background is filled.
    package var shape: Path
    /// Device-pixel rectangles the layer may touch, what opaque layers in front leave of
    /// it; nil when nothing in front cuts it (always nil with perspective). A renderer may
    /// draw more than this — what it covers is drawn over later — but never less.
    package var visibleRects: [CGRect]?
    /// The fill of ``shape``, before ``opacity``; nil for none (also when opaque contents
    /// cover the whole layer).
    package var background: Color?
    /// The image to show; nil for none.
    package var contents: Bitmap?
    /// Where ``contents`` go, placed by the layer's gravity (may reach outside ``bounds``;
    /// contents never show outside them).
    package var contentRect: CGRect
    /// The part of ``contents`` to draw into ``contentRect``, in its pixels (the layer's
    /// `contentsRect`; it may reach outside the image, whose edge pixels then extend);
    /// nil for the whole image.
    package var contentsSource: CGRect? = nil
    /// How ``contents`` are resampled (the layer's minification or magnification filter).
    package var interpolation: GraphicsContext.Interpolation = .low
    /// Pixels of ``contents`` per point.
    package var contentsScale: CGFloat
    /// For nine-part stretching (`contentsCenter`): the margins of ``contents``, in points,
    /// that keep their size while the middle stretches over ``bounds``; nil otherwise.
    /// Only the affine path honours it.
    package var nineGrid: UIEdgeInsets?
    /// Whether the layer clips its contents to its bounds (``shape`` when rounded).
    package var masksToBounds: Bool
    /// Whether ``shape`` has rounded corners.
    package var isRounded: Bool
    /// The layer's opacity, 0…1; 1 inside a group, which applies it once.
    package var opacity: Double
    /// A colour to fill ``shape`` with over everything else (blended-layer debugging), or nil.
    package var debugTint: Color?
    /// The shadow drawn behind the layer, or nil for none. Renderers draw it only on the
    /// plane (affine maps), snapped to whole device pixels.
    package var shadow: LayerShadow?
    /// What lies behind the layer, blurred, drawn inside ``shape`` before ``background``
    /// (at ``opacity``); nil for none. Renderers draw it only on the plane; one that
    /// cannot read back what it has drawn leaves it out (the background alone shows).
    package var backdrop: BackdropMaterial? = nil
    /// Rectangles of ``bounds`` that the layer's own opaque background surely covers (its
    /// rounded corners left out), in the layer's coordinates; empty when it covers none
    /// for sure. A renderer may leave the shadow out there: the layer hides it.
    package var opaqueCore: [CGRect] = []
    /// Device-pixel rectangles that opaque layers drawn after this one cover, where they
    /// meet the reach of its shadow; empty without a shadow. A renderer may leave the
    /// shadow out there too (the next card of a list hides the tail of this one's).
    package var shadowCoveredInFront: [CGRect] = []
    /// Whether the layer's edges are antialiased (``CALayer/allowsEdgeAntialiasing``).
    package var antialiasesEdges = false

    /// Where a square-cornered background is filled when the layer's edges are not
    /// antialiased and its map keeps it upright: ``bounds`` stretched or shrunk so that
    /// each edge falls on the nearest device pixel's edge, in the layer's coordinates; nil
    /// when the edges are on pixel edges already, or are antialiased (then ``shape``).
    ///
    /// Core Animation does not antialias a layer's edges unless asked: a row 246.94 points
    /// tall covers whole pixels, and its neighbour starts on the next one. Smoothing the
    /// edge instead would blend the cell's background with its content's there, a light
    /// line between dark rows.
    package var pixelAlignedBounds: CGRect? {
        guard !antialiasesEdges, !isRounded, map.isAffine else { return nil }
        let m = map.affineTransform
        guard m.b == 0, m.c == 0, m.a != 0, m.d != 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let device = bounds.applying(m)
        guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite else { return nil }
        let minX = device.minX.rounded(), minY = device.minY.rounded()
        // A layer thinner than a pixel (a hairline drawn at a lower scale) keeps one.
        let maxX = max(device.maxX.rounded(), minX + 1), maxY = max(device.maxY.rounded(), minY + 1)
        guard minX != device.minX || minY != device.minY || maxX != device.maxX || maxY != device.maxY else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).applying(m.inverted())
    }
}

extension LayerRenderer {
    /// Draws nothing: a renderer that does not draw shapes or gradients leaves them out.
    package func drawVector(_ content: VectorContent, map: ProjectiveTransform, opacity: Double) {}
    /// A renderer without masking opens a plain group: the content shows unmasked.
    package func beginMaskedGroup() { beginGroup(within: nil) }
    /// A renderer without masking draws the mask as content (there is no mask).
    package func beginMask() {}
    /// A renderer without masking blends the plain group.
    package func endMaskedGroup(opacity: Double) { endGroup(opacity: opacity) }
    /// Draws nothing: a renderer without rasters leaves rasterized layers out.
    package func drawRaster(_ bitmap: Bitmap, in rect: CGRect, map: ProjectiveTransform, opacity: Double) {}
}
