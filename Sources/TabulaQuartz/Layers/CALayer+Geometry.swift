extension CALayer {
    // MARK: Affine transform

    /// The layer's ``transform`` as an affine transform (its z = 0 plane part);
    /// exact when the transform is affine, as after ``setAffineTransform(_:)``.
    public func affineTransform() -> CGAffineTransform { transform.affineTransform }

    /// Sets ``transform`` to the 3D form of the affine transform `m` (animatable as
    /// `transform` is).
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3D(m) }

    // MARK: Converting between layers

    /// The map from this layer's coordinates to its root layer's (the topmost superlayer),
    /// from the model values.
    var transformToRoot: CATransform3D {
        var t = CATransform3D.identity
        var layer = self
        while let parent = layer.superlayer {
            t = t.concatenating(layer.transformToSuperlayer.flattened)
            layer = parent
        }
        return t
    }

    /// Converts `p` from this layer's coordinate system to `l`'s; nil means the root
    /// layer's. Transforms (perspective included) are applied through each layer's model
    /// geometry. Layers in different trees convert as if their roots shared one space.
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        let inRoot = ProjectiveTransform(transformToRoot).apply(p) ?? p
        guard let l, let inverse = ProjectiveTransform(l.transformToRoot).inverted() else { return inRoot }
        return inverse.apply(inRoot) ?? inRoot
    }

    /// Converts `p` from `l`'s coordinate system (the root layer's when nil) to this layer's.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        let inRoot = l.map { ProjectiveTransform($0.transformToRoot).apply(p) ?? p } ?? p
        guard let inverse = ProjectiveTransform(transformToRoot).inverted() else { return inRoot }
        return inverse.apply(inRoot) ?? inRoot
    }

    /// Converts `r` from this layer's coordinate system to `l`'s; with rotation the result
    /// is the bounding box of the converted corners.
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        CGRect(boundingPoints: Self.corners(of: r).map { convert($0, to: l) })
    }

    /// Converts `r` from `l`'s coordinate system (the root layer's when nil) to this layer's;
    /// with rotation the result is the bounding box of the converted corners.
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        CGRect(boundingPoints: Self.corners(of: r).map { convert($0, from: l) })
    }

    private static func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
         CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)]
    }
}
