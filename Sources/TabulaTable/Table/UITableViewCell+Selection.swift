import Foundation
import TabulaUIKit

/// A view that can draw itself highlighted: Tabula's counterpart of implementing both
/// `setHighlighted:` and `isHighlighted`, which is how UIKit recognises such views.
///
/// When a cell is selected or highlighted, every view in front of its selected
/// background that adopts this protocol is highlighted with it (see
/// ``UITableViewCell``'s selection). Draw from your own ``isHighlighted``, not from
/// the cell's state: the warning of WWDC 2009, Perfecting Your iPhone Table Views — the views toggle at the midpoint of the
/// deselect fade, while the cell is deselected at its start.
@preconcurrency @MainActor
public protocol UIHighlightable: AnyObject {
    /// Whether the view draws itself highlighted; set by the cell as its selection shows and goes.
    var isHighlighted: Bool { get set }
}

extension UILabel: UIHighlightable {}
extension UIImageView: UIHighlightable {}
extension AccessoryGlyphView: UIHighlightable {}

/// What selection changed on one view in front of the selected background.
struct SavedLook {
    weak var view: UIView?
    /// The view's own highlight, when it can highlight.
    var highlighted: Bool?
    var isOpaque: Bool
    var backgroundColor: UIColor?
}

/// Selection and highlight, as WWDC 2009, Perfecting Your iPhone Table Views describes them.
///
/// Showing: the selected background (or multiple-selection background) goes in behind
/// the content; then for every view in front of it, however deep — the content view, its
/// subviews, the accessory — the cell saves the highlight (for ``UIHighlightable``
/// views), the opaque flag and the background colour, and sets them to highlighted,
/// non-opaque and clear, so that the background shows through. All in one turn.
///
/// Hiding with animation (``UITableView/deselectRow(at:animated:)``): the background
/// fades from 1 to 0 over ``deselectFadeDuration``; at the midpoint the saved highlights
/// come back, and at the end the opaque flags and colours. Without animation, all at once.
extension UITableViewCell {
    /// How long the deselect fade takes.
    public static let deselectFadeDuration: TimeInterval = 0.3

    /// The background shown while selected, by the table's selection mode.
    private var wantedSelectionBackground: UIView {
        if usesMultipleSelectionBackground {
            if let custom = multipleSelectionBackgroundView { return custom }
            if editingFlag { return defaultEditingMultipleSelectionBackground }
        }
        return selectedBackgroundView ?? defaultSelectedBackground
    }

    func showSelection() {
        selectionSerial += 1
        // A background configuration shows selection itself (see UITableViewCell+Configuration.swift).
        guard selectionStyle != .none, backgroundConfiguration == nil else { return }
        let background = wantedSelectionBackground
        if currentSelectionBackground !== background { currentSelectionBackground?.removeFromSuperview() }
        currentSelectionBackground = background
        background.alpha = 1
        if background.superview !== self { insertSubview(background, belowSubview: contentView) }
        background.frame = bounds
        if savedLooks == nil {
            var saved: [SavedLook] = []
            forEachViewInFront { view in
                let highlightable = view as? UIHighlightable
                saved.append(SavedLook(view: view, highlighted: highlightable?.isHighlighted,
                                       isOpaque: view.isOpaque, backgroundColor: view.backgroundColor))
                view.isOpaque = false
                view.backgroundColor = .clear
            }
            savedLooks = saved
        }
        for look in savedLooks ?? [] { (look.view as? UIHighlightable)?.isHighlighted = true }
        setNeedsLayout()
    }

    /// A view made while the selection shows (a standard label read for the first time
    /// then) takes the selected look, and gives it back with the others.
    func joinSelectionLook(_ view: UIView) {
        guard savedLooks != nil else { return }
        let highlightable = view as? UIHighlightable
        savedLooks?.append(SavedLook(view: view, highlighted: highlightable?.isHighlighted,
                                     isOpaque: view.isOpaque, backgroundColor: view.backgroundColor))
        view.isOpaque = false
        view.backgroundColor = .clear
        highlightable?.isHighlighted = true
    }

    func hideSelection(animated: Bool) {
        selectionSerial += 1
        guard let background = currentSelectionBackground else {
            restoreHighlights()
            restoreLooks()
            return
        }
        guard animated, window != nil else {
            restoreHighlights()
            restoreLooks()
            removeSelectionBackground()
            return
        }
        let serial = selectionSerial
        let duration = Self.deselectFadeDuration
        UIView.animate(withDuration: duration, animations: { background.alpha = 0 }, completion: { [self] _ in
            guard serial == selectionSerial else { return }
            restoreLooks()
            removeSelectionBackground()
        })
        let engine = FrameEngine.of(layer)
        let midpoint = engine.clock.now + duration / 2
        let token = FadeMidpoint()
        engine.ticker.add(token) { [self, token] time in
            _ = token
            guard serial == selectionSerial else { return false }
            guard time >= midpoint - 1e-9 else { return true }
            restoreHighlights()
            return false
        }
    }

    /// Takes the legacy selected background and its changes away at once (a background
    /// configuration takes over).
    func removeLegacySelection() {
        selectionSerial += 1
        restoreHighlights()
        restoreLooks()
        removeSelectionBackground()
    }

    /// Puts back each view's own highlight.
    private func restoreHighlights() {
        for look in savedLooks ?? [] {
            if let highlighted = look.highlighted { (look.view as? UIHighlightable)?.isHighlighted = highlighted }
        }
    }

    /// Puts back each view's opaque flag and background colour, and forgets them.
    private func restoreLooks() {
        for look in savedLooks ?? [] {
            guard let view = look.view else { continue }
            view.isOpaque = look.isOpaque
            view.backgroundColor = look.backgroundColor
        }
        savedLooks = nil
    }

    private func removeSelectionBackground() {
        currentSelectionBackground?.removeFromSuperview()
        currentSelectionBackground?.alpha = 1
        currentSelectionBackground = nil
    }

    /// Every view in front of the selected background: the content view and its
    /// subviews, the accessory and its subviews.
    private func forEachViewInFront(_ body: (UIView) -> Void) {
        func visit(_ view: UIView) {
            body(view)
            for subview in view.subviews { visit(subview) }
        }
        visit(contentView)
        accessoryContainer.map(visit)
    }

    /// A new background view takes the old one's place if it was showing.
    func selectionBackgroundChanged(from old: UIView?) {
        guard let old, old === currentSelectionBackground else { return }
        old.removeFromSuperview()
        currentSelectionBackground = nil
        if selectedFlag || highlightedFlag { showSelection() }
    }

    /// The selection mode changed (multiple selection, editing): show the right background.
    func refreshSelectionBackground() {
        guard selectedFlag || highlightedFlag, backgroundConfiguration == nil,
              currentSelectionBackground !== wantedSelectionBackground else { return }
        showSelection()
    }
}

/// The owner of one deselect fade's midpoint action.
@MainActor
private final class FadeMidpoint {}
