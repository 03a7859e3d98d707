import Foundation

/// What a shape or gradient layer draws itself, between its contents and its first
/// sublayer, in the layer's coordinates: decided by the layer from its presentation
/// values (``CALayer/vectorContent(_:)``), drawn by a ``LayerRenderer``.
package enum VectorContent {
    /// A stroke: its (already trimmed) path and its style.
    package struct Stroke {
        var path: Path
        var color: Color
        var width: CGFloat
        var cap: CGLineCap
        var join: CGLineJoin
        var miterLimit: CGFloat
        /// Empty for a solid line.
        var dashes: [CGFloat]
        var dashPhase: CGFloat
    }

    /// How a gradient's colours are laid out.
    package enum GradientKind {
        /// Along the line from start to end.
        case axial
        /// On ellipses around the start, the end giving the radii.
        case radial
        /// Around the start, beginning at the ray towards the end.
        case conic
    }

    /// A path, filled and/or stroked.
    case shape(path: Path, fill: Color?, evenOdd: Bool, stroke: Stroke?)
    /// A gradient filling `clip` (the layer's rounded bounds); start and end in the layer's coordinates.
    case gradient(kind: GradientKind, gradient: Gradient, start: CGPoint, end: CGPoint, clip: Path)

    /// Draws into `ctx`, whose transform maps the layer's coordinates, at `opacity` (0…1).
    func draw(in ctx: GraphicsContext, opacity: Double) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.setAlpha(CGFloat(opacity))
        switch self {
        case .shape(let path, let fill, let evenOdd, let stroke):
            if let fill {
                ctx.setFillColor(fill)
                ctx.fill(path, evenOdd: evenOdd)
            }
            if let stroke {
                ctx.setStrokeColor(stroke.color)
                ctx.setLineWidth(stroke.width)
                ctx.setLineCap(stroke.cap)
                ctx.setLineJoin(stroke.join)
                ctx.setMiterLimit(stroke.miterLimit)
                ctx.setLineDash(phase: stroke.dashPhase, lengths: stroke.dashes)
                ctx.stroke(stroke.path)
            }
        case .gradient(let kind, let gradient, let start, let end, let clip):
            ctx.clip(to: clip)
            switch kind {
            case .axial:
                ctx.drawLinearGradient(gradient, start: start, end: end)
            case .radial:
                ctx.drawRadialGradient(gradient, center: start,
                                       radii: CGSize(width: abs(end.x - start.x), height: abs(end.y - start.y)))
            case .conic:
                let box = clip.boundingBox
                let corners = [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                               CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY)]
                let radius = corners.map { hypot($0.x - start.x, $0.y - start.y) }.max() ?? 0
                let angle = end == start ? 0 : atan2(end.y - start.y, end.x - start.x)
                ctx.drawConicGradient(gradient, center: start, angle: angle, radius: radius)
            }
        }
    }

    /// Where the drawing can reach, in the layer's coordinates.
    var extent: CGRect {
        switch self {
        case .shape(let path, _, _, let stroke):
            let box = path.boundingBox
            guard let stroke else { return box }
            // Mitred corners can reach past half the width; the limit bounds how far.
            let reach = stroke.width / 2 * max(stroke.miterLimit, 1.5)
            return box.insetBy(dx: -reach, dy: -reach)
        case .gradient(_, _, _, _, let clip):
            return clip.boundingBox
        }
    }
}
