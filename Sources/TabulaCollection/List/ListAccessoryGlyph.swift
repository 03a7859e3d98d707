import Foundation
import TabulaUIKit
import TabulaTable

/// The list's own accessory glyphs: the delete and insert controls, the multiselect
/// circle, the reorder grip, the detail button, the pop-up menu's chevrons and the outline
/// disclosure chevron, each a simple drawing of Tabula's own.
@MainActor
final class ListAccessoryGlyph: UIView {
    enum Kind { case delete, insert, multiselect, reorder, detail, popUpMenu, outlineDisclosure }
    let kind: Kind

    /// For the multiselect circle: whether its cell is selected (filled, with a checkmark)
    /// or not (an empty ring).
    var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// The colour of the minus or plus of the delete and insert controls (nil: white), or of
    /// the pop-up menu's chevrons (nil: the secondary label colour).
    var symbolColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The circle's colour behind the delete control's minus (nil: system red) or the insert
    /// control's plus (nil: system green), or inside the multiselect ring while not selected
    /// (nil: none).
    var fillColor: UIColor? { didSet { setNeedsDisplay() } }

    /// Where a finger took the reorder grip, and where the row's centre was then (both in
    /// the collection view's content).
    private var grab: (finger: CGPoint, center: CGPoint)?

    init(_ kind: Kind) {
        self.kind = kind
        super.init(frame: .zero)
        isOpaque = false
        contentMode = .redraw
        isUserInteractionEnabled = false
        frame.size = switch kind {
        case .delete, .insert, .multiselect, .detail: CGSize(width: 22, height: 22)
        case .reorder: CGSize(width: 20, height: 14)
        case .popUpMenu: CGSize(width: 10, height: 16)
        case .outlineDisclosure: CGSize(width: 14, height: 14)
        }
        if kind == .reorder {
            isUserInteractionEnabled = true
            let press = UILongPressGestureRecognizer { [weak self] press in self?.moveRow(press) }
            press.minimumPressDuration = 0
            press.allowableMovement = .greatestFiniteMagnitude
            addGestureRecognizer(press)
        }
    }

    required init?(coder: NSCoder) { return nil }

    /// The grip takes a finger a little around its lines, as the row's trailing end does in UIKit.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard kind == .reorder else { return super.point(inside: point, with: event) }
        return bounds.insetBy(dx: -12, dy: -15).contains(point)
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    /// Dragging the grip moves the row along the list, through the collection view's
    /// interactive movement: the row keeps its place across and follows the finger along.
    private func moveRow(_ press: UIGestureRecognizer) {
        var view = superview
        while let current = view, !(current is UICollectionViewCell) { view = current.superview }
        guard let cell = view as? UICollectionViewCell, let collection = cell.superview as? UICollectionView else { return }
        let finger = press.location(in: collection)
        switch press.state {
        case .began:
            guard let path = collection.indexPath(for: cell), collection.beginInteractiveMovementForItem(at: path) else { return }
            grab = (finger, cell.center)
        case .changed:
            guard let grab, collection.interactiveMovement != nil else { return }
            collection.updateInteractiveMovementTargetPosition(CGPoint(x: grab.center.x, y: grab.center.y + finger.y - grab.finger.y))
        case .ended:
            guard grab != nil else { return }
            grab = nil
            if collection.interactiveMovement != nil { collection.endInteractiveMovement() }
        default:
            guard grab != nil else { return }
            grab = nil
            if collection.interactiveMovement != nil { collection.cancelInteractiveMovement() }
        }
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let tint = (tintColor ?? .systemBlue).resolvedColor(with: traitCollection).cgColor
        let circle = CGRect(x: 1, y: 1, width: 20, height: 20)
        switch kind {
        case .delete:
            ctx.setFillColor((fillColor ?? .systemRed).resolvedColor(with: traitCollection).cgColor)
            ctx.fill(Path(ellipseIn: circle))
            ctx.setFillColor((symbolColor ?? .white).resolvedColor(with: traitCollection).cgColor)
            ctx.fill(CGRect(x: 6, y: 10, width: 10, height: 2))
        case .insert:
            ctx.setFillColor((fillColor ?? .systemGreen).resolvedColor(with: traitCollection).cgColor)
            ctx.fill(Path(ellipseIn: circle))
            ctx.setFillColor((symbolColor ?? .white).resolvedColor(with: traitCollection).cgColor)
            ctx.fill(CGRect(x: 6, y: 10, width: 10, height: 2))
            ctx.fill(CGRect(x: 10, y: 6, width: 2, height: 10))
        case .multiselect:
            if isSelected {
                ctx.setFillColor(tint)
                ctx.fill(Path(ellipseIn: circle))
                var check = Path()
                check.move(to: CGPoint(x: 6.5, y: 11.5))
                check.addLine(to: CGPoint(x: 9.5, y: 14.5))
                check.addLine(to: CGPoint(x: 15.5, y: 7.5))
                ctx.setStrokeColor(UIColor.white.cgColor)
                ctx.setLineWidth(2)
                ctx.setLineCap(.round)
                ctx.setLineJoin(.round)
                ctx.stroke(check)
            } else {
                if let fillColor {
                    ctx.setFillColor(fillColor.resolvedColor(with: traitCollection).cgColor)
                    ctx.fill(Path(ellipseIn: circle))
                }
                ctx.setStrokeColor(UIColor.systemGray3.resolvedColor(with: traitCollection).cgColor)
                ctx.setLineWidth(1.5)
                ctx.stroke(Path(ellipseIn: circle.insetBy(dx: 0.75, dy: 0.75)))
            }
        case .detail:
            drawInfoGlyph(in: ctx, atX: 0, tint: tint)
        case .popUpMenu:
            var chevrons = Path()
            chevrons.move(to: CGPoint(x: 1.5, y: 6))
            chevrons.addLine(to: CGPoint(x: 5, y: 2.5))
            chevrons.addLine(to: CGPoint(x: 8.5, y: 6))
            chevrons.move(to: CGPoint(x: 1.5, y: 10))
            chevrons.addLine(to: CGPoint(x: 5, y: 13.5))
            chevrons.addLine(to: CGPoint(x: 8.5, y: 10))
            ctx.setStrokeColor((symbolColor ?? .secondaryLabel).resolvedColor(with: traitCollection).cgColor)
            ctx.setLineWidth(1.75)
            ctx.setLineCap(.round)
            ctx.setLineJoin(.round)
            ctx.stroke(chevrons)
        case .reorder:
            ctx.setFillColor(UIColor.tertiaryLabel.resolvedColor(with: traitCollection).cgColor)
            for y in [1.0, 6.0, 11.0] { ctx.fill(CGRect(x: 0, y: y, width: 20, height: 2)) }
        case .outlineDisclosure:
            ctx.setStrokeColor(tint)
            ctx.setLineWidth(2)
            var p = Path()
            p.move(to: CGPoint(x: 4.5, y: 1.5))
            p.addLine(to: CGPoint(x: 9.5, y: 7))
            p.addLine(to: CGPoint(x: 4.5, y: 12.5))
            ctx.stroke(p)
        }
    }
}
