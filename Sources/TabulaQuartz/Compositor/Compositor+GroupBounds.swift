import Foundation
import TabulaCore

/// How large an offscreen group must be. A translucent layer with sublayers is drawn into
/// a group and blended in one step; a group as large as the clip is as large as the
/// screen (12 MB on an iPhone 15, cleared and blended whole), though the layer may be a
/// navigation bar's title. So the compositor bounds each group by what its subtree can
/// draw. That halved the first frame of a push (the bar's titles cross-fade in two such
/// groups), and made every frame with a fading subtree cheaper.
extension Compositor {
    /// The most layers whose boxes ``groupBounds(_:_:toDevice:)`` adds up before it
    /// gives up (the group is then as large as the clip).
    static let groupBoundsLimit = 512

    /// The box, in device pixels, that holds everything `layer` and its subtree draw: its
    /// bounds, its contents wherever their gravity puts them, and each shown sublayer's
    /// box (cut to the bounds where the layer masks to them). Nil when that is not known
    /// cheaply: a shadow (it reaches outside the bounds), a shape or gradient layer's own
    /// drawing, a transform that sends a corner behind the eye, a non-finite box, or more
    /// than ``groupBoundsLimit`` layers.
    func groupBounds(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D) -> CGRect? {
        var budget = Self.groupBoundsLimit
        return subtreeBox(layer, p, toDevice: toDevice, budget: &budget)
    }

    private func subtreeBox(_ layer: CALayer, _ p: LayerProperties, toDevice: CATransform3D,
                            budget: inout Int) -> CGRect? {
        budget -= 1
        guard budget >= 0 else { return nil }
        if p.shadowOpacity > 0, let color = p.shadowColor, color.alpha > 0, !layer.masksToBounds { return nil }
        if layer.vectorContent(p) != nil { return nil }
        var local = p.bounds
        if let contents = layer.contents {
            local = local.union(Self.contentRect(for: layer, bounds: p.bounds,
                                                 contentSize: Self.pointSize(of: contents, layer: layer)))
        }
        guard var box = Self.deviceBox(of: local, ProjectiveTransform(toDevice)) else { return nil }
        guard let sublayers = layer.sublayers, !sublayers.isEmpty else { return box }
        let matrix = Self.sublayerMatrix(layer, p)
        var children = CGRect.null
        for sublayer in sublayers {
            let q = properties(of: sublayer)
            guard !sublayer.isHidden, q.opacity > 0 else { continue }
            let map = Self.toDevice(sublayer, q, sublayerMatrix: matrix, parentToDevice: toDevice)
            guard let child = subtreeBox(sublayer, q, toDevice: map, budget: &budget) else { return nil }
            children = children.union(child)
        }
        if layer.masksToBounds { children = children.intersection(box) }
        if !children.isNull { box = box.union(children) }
        return box
    }

    /// The smallest upright rectangle holding `rect` mapped by `map`, or nil when a corner
    /// goes behind the eye or the result is not finite.
    private static func deviceBox(of rect: CGRect, _ map: ProjectiveTransform) -> CGRect? {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else {
            return nil
        }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in corners {
            guard let q = map.apply(corner), q.x.isFinite, q.y.isFinite else { return nil }
            minX = min(minX, q.x); minY = min(minY, q.y); maxX = max(maxX, q.x); maxY = max(maxY, q.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
