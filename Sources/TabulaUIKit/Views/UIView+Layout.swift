extension UIView {
    /// The value of an intrinsic size dimension that has no natural length.
    public static let noIntrinsicMetric: CGFloat = -1
    /// The smallest size: ask ``systemLayoutSizeFitting(_:)`` for it to get the most compact layout.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// A very large size: ask ``systemLayoutSizeFitting(_:)`` for it to get the most expanded layout.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

    /// Asks for ``layoutSubviews()`` before the next frame.
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Runs pending layout now: in the outermost superview that needs it, then down
    /// through this view's subtree.
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping the
    /// frame's origin as UIKit does (about the center when transformed).
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        if transform.isIdentity {
            frame = CGRect(origin: frame.origin, size: size)
        } else {
            var b = bounds
            b.size = size
            bounds = b
        }
    }

    /// Called by the layer when its bounds change: applies the subviews' autoresizing
    /// masks at once (UIKit does it in `setFrame:`), before any layoutSubviews.
    package func layerBoundsDidChange(from old: CGRect) {
        boundsDidChangeForSafeArea(from: old)
        guard autoresizesSubviews, old.size != bounds.size else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.autoresize(from: old.size, to: bounds.size)
        }
    }

    /// Spreads the change of the superview's size over the flexible parts of this
    /// view's frame, in proportion to their current lengths (equally when they are all zero).
    func autoresize(from old: CGSize, to new: CGSize) {
        let mask = autoresizingMask
        var f = frame
        func distribute(_ delta: CGFloat, margin1: CGFloat, length: CGFloat, margin2: CGFloat,
                        flex1: Bool, flex2: Bool, flex3: Bool) -> (CGFloat, CGFloat) {
            let parts = [(flex1, max(0, margin1)), (flex2, max(0, length)), (flex3, max(0, margin2))]
            let flexible = parts.filter { $0.0 }
            guard !flexible.isEmpty else { return (0, 0) }
            let total = flexible.reduce(0) { $0 + $1.1 }
            func share(_ i: Int) -> CGFloat {
                guard parts[i].0 else { return 0 }
                return total > 0 ? delta * parts[i].1 / total : delta / CGFloat(flexible.count)
            }
            return (share(0), share(1))
        }
        let dx = distribute(new.width - old.width, margin1: f.minX, length: f.width,
                            margin2: old.width - f.maxX, flex1: mask.contains(.flexibleLeftMargin),
                            flex2: mask.contains(.flexibleWidth), flex3: mask.contains(.flexibleRightMargin))
        let dy = distribute(new.height - old.height, margin1: f.minY, length: f.height,
                            margin2: old.height - f.maxY, flex1: mask.contains(.flexibleTopMargin),
                            flex2: mask.contains(.flexibleHeight), flex3: mask.contains(.flexibleBottomMargin))
        f.origin.x += dx.0
        f.size.width = max(0, f.width + dx.1)
        f.origin.y += dy.0
        f.size.height = max(0, f.height + dy.1)
        frame = f
    }
}
