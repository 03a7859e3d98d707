import Foundation

/// Snapshots: a view's subtree rendered offscreen by the compositor, in the view's own
/// coordinates (its transform and position left out, its opacity kept).
extension UIView {
    /// A new view that shows what this view and its subviews look like now: a picture
    /// of the bounds, at the screen's scale, sized as the bounds. The snapshot does not
    /// change when the view does.
    ///
    /// With `afterUpdates` true, pending layout runs first; either way views marked
    /// for display draw before the picture is taken (a view that was never drawn is not
    /// blank). Returns nil for a view with empty or non-finite bounds.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        resizableSnapshotView(from: bounds, afterScreenUpdates: afterUpdates, withCapInsets: .zero)
    }

    /// A new view that shows the part `rect` (in the bounds' coordinates) of this view and
    /// its subviews as they look now; when the snapshot view is resized, only the middle
    /// inside `capInsets` stretches. Returns nil when `rect` is empty or not finite.
    public func resizableSnapshotView(from rect: CGRect, afterScreenUpdates afterUpdates: Bool,
                                      withCapInsets capInsets: UIEdgeInsets) -> UIView? {
        let scale = snapshotScale
        guard let bitmap = renderHierarchy(rect, scale: scale, afterUpdates: afterUpdates) else { return nil }
        let snapshot = SnapshotView(frame: CGRect(origin: .zero, size: rect.standardized.size))
        snapshot.layer.contents = bitmap
        snapshot.layer.contentsScale = scale
        let size = rect.standardized.size
        if capInsets != .zero, size.width > 0, size.height > 0 {
            snapshot.layer.contentsCenter = CGRect(
                x: capInsets.left / size.width, y: capInsets.top / size.height,
                width: max(0, size.width - capInsets.left - capInsets.right) / size.width,
                height: max(0, size.height - capInsets.top - capInsets.bottom) / size.height)
        }
        return snapshot
    }

    /// Draws this view and its subviews, as they look now, into the current graphics
    /// context (an image renderer's, a view's `draw(_:)`), the bounds scaled to fill `rect`.
    /// Returns false, drawing nothing, when there is no current context or the bounds
    /// are empty.
    ///
    /// ```swift
    /// let image = UIGraphicsImageRenderer(bounds: card.bounds).image { _ in
    ///     card.drawHierarchy(in: card.bounds, afterScreenUpdates: true)
    /// }
    /// ```
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let ctx = UIGraphicsGetCurrentContext() else { return false }
        let target = rect.standardized
        guard target.width > 0, target.height > 0, bounds.width > 0, bounds.height > 0 else { return false }
        // Render at the pixel density the context draws at, so the picture is not resampled up.
        let m = ctx.ctm
        let contextScale = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        let stretch = max(target.width / bounds.width, target.height / bounds.height)
        let scale = min(max(contextScale * stretch, 0.01), 8)
        guard let bitmap = renderHierarchy(bounds, scale: scale, afterUpdates: afterUpdates) else { return false }
        ctx.draw(bitmap, in: target, interpolation: .high)
        return true
    }

    /// The screen's pixels per point (the window's), or the layer's own outside a window.
    private var snapshotScale: CGFloat { window?.layer.contentsScale ?? layer.contentsScale }

    /// Lays out (when asked), draws what is marked, and renders `rect` of the subtree.
    func renderHierarchy(_ rect: CGRect, scale: CGFloat, afterUpdates: Bool) -> CGImage? {
        let area = rect.standardized
        guard area.width > 0, area.height > 0, area.width.isFinite, area.height.isFinite else { return nil }
        if afterUpdates { layoutIfNeeded() }
        Self.displayMarked(layer)
        return Compositor.renderSubtree(layer, rect: area, scale: scale)
    }

    private static func displayMarked(_ layer: CALayer) {
        layer.displayIfNeeded()
        for sublayer in layer.sublayers ?? [] { displayMarked(sublayer) }
    }
}

/// The view ``UIView/snapshotView(afterScreenUpdates:)`` returns: a picture, not
/// interactive, that does not redraw.
final class SnapshotView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        isAccessibilityElement = false
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}
