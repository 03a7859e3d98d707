/// A layer that shows part of its sublayers: scrolling it moves its bounds origin, so the
/// sublayers slide under it. It does not clip by itself; set `masksToBounds` to cut off
/// what lies outside the bounds.
///
/// Sublayers call ``CALayer/scroll(_:)`` and ``CALayer/scrollRectToVisible(_:)`` to bring a
/// part of themselves into the nearest scroll layer above them, and read
/// ``CALayer/visibleRect`` to learn what of them it shows.
@preconcurrency @MainActor
open class CAScrollLayer: CALayer {
    /// Creates a scroll layer that scrolls in both directions.
    public required init() { super.init() }

    /// Creates a copy of `layer` for Core Animation's use (see `CALayer.init(layer:)`),
    /// with its ``scrollMode`` when it is a scroll layer.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { scrollMode = other.scrollMode }
    }

    /// Returns `nil`: Tabula decodes no layers (see ``CALayer/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The directions the layer scrolls in; `.both` by default. The other coordinate of
    /// a scroll request is left as it is.
    open var scrollMode: CAScrollLayerScrollMode = .both

    /// Scrolls so that `p`, in the layer's coordinates, comes to the top-left corner of
    /// its bounds (along the directions of ``scrollMode``). Animatable, as `bounds` is.
    /// Non-finite coordinates are ignored.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .horizontally || scrollMode == .both, p.x.isFinite { origin.x = p.x }
        if scrollMode == .vertically || scrollMode == .both, p.y.isFinite { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls the least distance that brings `r`, in the layer's coordinates, inside
    /// the bounds (its top-left part when it is larger), along the directions of
    /// ``scrollMode``.
    open func scroll(to r: CGRect) {
        let r = r.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let b = bounds
        func nearest(_ low: CGFloat, _ high: CGFloat, _ start: CGFloat, _ length: CGFloat) -> CGFloat {
            if low < start || high - low > length { return low }
            if high > start + length { return high - length }
            return start
        }
        scroll(to: CGPoint(x: nearest(r.minX, r.maxX, b.minX, b.width), y: nearest(r.minY, r.maxY, b.minY, b.height)))
    }
}

/// The directions a ``CAScrollLayer`` scrolls in.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name.
    public let rawValue: String
    /// Creates a scroll mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No scrolling.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Up and down only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Left and right only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Both directions (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

extension CALayer {
    /// The nearest ``CAScrollLayer`` among this layer's superlayers, if any.
    var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let l = layer {
            if let scroll = l as? CAScrollLayer { return scroll }
            layer = l.superlayer
        }
        return nil
    }

    /// The part of the layer, in its own coordinates, that the nearest ``CAScrollLayer``
    /// above it shows: its bounds cut to the scroll layer's bounds (null when none of it
    /// is shown). Without a scroll layer above it, its bounds.
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scroller.bounds, from: scroller))
    }

    /// Scrolls the nearest ``CAScrollLayer`` above this layer so that `p`, in this layer's
    /// coordinates, comes to the scroll layer's top-left corner. Does nothing when no
    /// superlayer is a scroll layer.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the nearest ``CAScrollLayer`` above this layer the least distance that
    /// shows `r`, in this layer's coordinates. Does nothing when no superlayer is a
    /// scroll layer.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }
}
