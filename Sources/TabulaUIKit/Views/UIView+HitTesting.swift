extension UIView {
    /// The map from this view's coordinates to its window's (or its root's when not in one).
    var transformToWindow: CATransform3D {
        var t = CATransform3D.identity
        var view = self
        while !(view is UIWindow), let parent = view.superview {
            t = t.concatenating(view.layer.transformToSuperlayer.flattened)
            view = parent
        }
        return t
    }

    /// Converts a point from this view's coordinates to `view`'s (the window's when nil).
    ///
    /// Works through any transforms, perspective included: the point is mapped to
    /// window coordinates and back through the inverse of the target's map.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inWindow = ProjectiveTransform(transformToWindow).apply(point) ?? point
        guard let view else { return inWindow }
        guard let inverse = ProjectiveTransform(view.transformToWindow).inverted() else { return inWindow }
        return inverse.apply(inWindow) ?? inWindow
    }

    /// Converts a point from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inWindow = view.map { ProjectiveTransform($0.transformToWindow).apply(point) ?? point } ?? point
        guard let inverse = ProjectiveTransform(transformToWindow).inverted() else { return inWindow }
        return inverse.apply(inWindow) ?? inWindow
    }

    /// Converts a rectangle; with rotation the result is the bounding box of the corners.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(boundingPoints: rect.corners.map { convert($0, to: view) })
    }

    /// Converts a rectangle from `view`'s coordinates (the window's when nil) to this view's;
    /// with rotation the result is the bounding box of the corners.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(boundingPoints: rect.corners.map { convert($0, from: view) })
    }

    /// Hidden views, views with alpha below 0.01, views with user interaction
    /// disabled, and views in a UIView animation without `.allowUserInteraction`
    /// are skipped with their subviews; subviews are tried front to back. Points
    /// are tested against the model geometry (where the view is going), as in UIKit.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, !layer.isAnimatingWithoutInteraction,
              self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            let local = subview.convertFromSuperview(point)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Maps a point in the superview's coordinates into this view's.
    func convertFromSuperview(_ point: CGPoint) -> CGPoint {
        let t = layer.transformToSuperlayer
        if t.isAffine { return point.applying(t.affineTransform.inverted()) }
        return ProjectiveTransform(t.flattened).inverted()?.apply(point) ?? CGPoint(x: CGFloat.nan, y: .nan)
    }
}

extension CGRect {
    var corners: [CGPoint] {
        [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
    }
}
