import Foundation

/// Walks a window's views into accessibility elements in reading order.
///
/// Invariants: a node is either one element or a group that is read as a whole (an
/// explicit `accessibilityElements` list, kept in its order, or a view that groups its
/// children, sorted inside); groups are placed among their neighbours by the union of
/// their frames. Views are left out when hidden, transparent, clipped or off screen.
@MainActor
struct AccessibilityWalker {
    indirect enum Node {
        case element(AccessibilityElement)
        case group([Node], ordered: Bool)

        @MainActor var frame: CGRect {
            switch self {
            case .element(let element): element.visibleFrame
            case .group(let nodes, _): nodes.reduce(CGRect.null) { $0.union($1.frame) }
            }
        }
    }

    let screen: HeadlessScreen
    let direction: UIUserInterfaceLayoutDirection

    /// The nodes for `view` and what is inside it; `visible` is the part of the screen
    /// not clipped away by its ancestors, in window coordinates.
    func collect(_ view: UIView, visible: CGRect) -> [Node] {
        guard !view.isHidden, view.alpha > 0.01, !view.accessibilityElementsHidden else { return [] }
        let frame = view.convert(view.bounds, to: nil)
        if view.isAccessibilityElement {
            let shown = view.accessibilityFrame.intersection(visible)
            guard shown.width > 0, shown.height > 0 else { return [] }
            return [.element(AccessibilityElement(source: .view(view), screen: screen, visibleFrame: shown))]
        }
        let inner = view.clipsToBounds ? visible.intersection(frame) : visible
        if let explicit = view.accessibilityElements {
            // A container listed as one entry is read in its own reading order, in place.
            let nodes = explicit.flatMap { item -> [Node] in
                let inside = collect(any: item, visible: inner)
                return inside.count > 1 ? [.group(inside, ordered: false)] : inside
            }
            return nodes.isEmpty ? [] : [.group(nodes, ordered: true)]
        }
        if view.clipsToBounds, inner.width <= 0 || inner.height <= 0 { return [] }
        var children = view.subviews
        // The topmost modal subview hides its siblings.
        if let modal = children.last(where: { !$0.isHidden && $0.alpha > 0.01 && $0.accessibilityViewIsModal }) {
            children = [modal]
        }
        let nodes = children.flatMap { collect($0, visible: inner) }
        if view.shouldGroupAccessibilityChildren, !nodes.isEmpty { return [.group(nodes, ordered: false)] }
        return nodes
    }

    /// The nodes for one entry of an `accessibilityElements` list.
    func collect(any item: Any, visible: CGRect) -> [Node] {
        if let view = item as? UIView { return collect(view, visible: visible) }
        guard let element = item as? UIAccessibilityElement, !element.accessibilityElementsHidden else { return [] }
        if element.isAccessibilityElement {
            let shown = element.accessibilityFrame.intersection(visible)
            guard shown.width > 0, shown.height > 0 else { return [] }
            return [.element(AccessibilityElement(source: .element(element), screen: screen, visibleFrame: shown))]
        }
        let nodes = (element.accessibilityElements ?? []).flatMap { collect(any: $0, visible: visible) }
        return nodes.isEmpty ? [] : [.group(nodes, ordered: true)]
    }

    /// Top to bottom in lines, leading to trailing along each line. A node joins the
    /// current line when its top is above the middle of the line's first node, so a
    /// button a few points higher than the title beside it still reads after the back
    /// button.
    func sortedInReadingOrder(_ nodes: [Node]) -> [Node] {
        let byTop = nodes.enumerated().sorted {
            let a = $0.element.frame.minY, b = $1.element.frame.minY
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
        var lines: [[Node]] = []
        var lineMiddle = -CGFloat.infinity
        for node in byTop {
            if lines.isEmpty || node.frame.minY >= lineMiddle {
                lines.append([node])
                lineMiddle = node.frame.midY
            } else {
                lines[lines.count - 1].append(node)
            }
        }
        let rtl = direction == .rightToLeft
        return lines.flatMap { line in
            line.enumerated().sorted {
                let a = $0.element.frame, b = $1.element.frame
                if rtl, a.maxX != b.maxX { return a.maxX > b.maxX }
                if !rtl, a.minX != b.minX { return a.minX < b.minX }
                return $0.offset < $1.offset
            }.map(\.element)
        }
    }

    /// The elements of `nodes`, groups opened in place (sorted inside unless ordered).
    func flatten(_ nodes: [Node]) -> [AccessibilityElement] {
        nodes.flatMap { node -> [AccessibilityElement] in
            switch node {
            case .element(let element): [element]
            case .group(let inner, let ordered): flatten(ordered ? inner : sortedInReadingOrder(inner))
            }
        }
    }
}
