import Foundation

/// The border styles and the clear button, drawn as iOS 17 draws them.
extension UITextField {
    func drawBorder(in ctx: CGContext) {
        let hairline = 1 / max(1, window?.screenScale ?? 1)
        switch borderStyle {
        case .none: break
        case .line:
            ctx.setStrokeColor(UIColor.label.cgColor)
            ctx.setLineWidth(1)
            ctx.stroke(bounds.insetBy(dx: 0.5, dy: 0.5))
        case .bezel:
            ctx.setStrokeColor(UIColor.systemGray.cgColor)
            ctx.setLineWidth(1)
            ctx.stroke(bounds.insetBy(dx: 0.5, dy: 0.5))
            ctx.setStrokeColor(UIColor.systemGray3.cgColor)
            ctx.stroke(bounds.insetBy(dx: 1.5, dy: 1.5))
        case .roundedRect:
            let box = bounds.insetBy(dx: hairline / 2, dy: hairline / 2)
            // White in light mode; in dark mode a grey box with a faint light edge, so
            // that the field shows on a black screen.
            ctx.setFillColor((backgroundColor ?? .tertiarySystemBackground).cgColor)
            ctx.fill(Path(roundedRect: box, cornerRadius: 5))
            ctx.setStrokeColor(Self.roundedRectEdge.cgColor)
            ctx.setLineWidth(hairline)
            ctx.stroke(Path(roundedRect: box, cornerRadius: 5))
        }
    }

    /// The rounded-rect border's hairline: black at 20 % in light mode, white at 20 % in dark.
    static let roundedRectEdge = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.2) : UIColor(white: 0, alpha: 0.2)
    }

    func drawClearButton(in ctx: CGContext, rect: CGRect) {
        if let field = self as? UISearchTextField, let image = field.clearImage {
            field.drawClearImage(image, in: rect)
            return
        }
        let diameter: CGFloat = 17
        let circle = CGRect(x: rect.midX - diameter / 2, y: rect.midY - diameter / 2, width: diameter, height: diameter)
        ctx.setFillColor(UIColor.tertiaryLabel.cgColor)
        ctx.fill(Path(ellipseIn: circle))
        ctx.setStrokeColor(UIColor.white.cgColor)
        ctx.setLineWidth(1.6)
        ctx.setLineCap(.round)
        let arm: CGFloat = 3.6
        var cross = Path()
        cross.move(to: CGPoint(x: circle.midX - arm, y: circle.midY - arm))
        cross.addLine(to: CGPoint(x: circle.midX + arm, y: circle.midY + arm))
        cross.move(to: CGPoint(x: circle.midX + arm, y: circle.midY - arm))
        cross.addLine(to: CGPoint(x: circle.midX - arm, y: circle.midY + arm))
        ctx.stroke(cross)
    }
}
