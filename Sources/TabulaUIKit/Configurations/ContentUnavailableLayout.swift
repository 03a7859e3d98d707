import Foundation

/// Where a content-unavailable view's pieces go at a given size: the layout behind
/// ``UIContentUnavailableView``, apart from the views so that it can be read and tested
/// on its own.
///
/// The pieces present stack top to bottom in a fixed order — image (or activity
/// indicator), text, secondary text, button, secondary button — with the configuration's
/// padding between each pair of neighbours (``gap(between:and:)``). Each is as wide as it
/// needs, never wider than the content width: the width between the margins, at most
/// ``maximumWidth`` (the readable width), centred in the view. An image too wide is
/// scaled down keeping its aspect ratio; texts wrap at that width. Across, each piece is
/// centred, or with `.natural` alignment set against the leading edge. Down, the stack
/// is centred between the top and bottom margins; a stack taller than that space starts
/// at the top margin and runs past the bottom one (the view scrolls to it when scrolling
/// is enabled). Heights are rounded up and origins to whole points.
@MainActor
package struct ContentUnavailableLayout {
    /// The pieces, in stacking order.
    package enum Piece: Int, CaseIterable, Sendable {
        case image, text, secondaryText, button, secondaryButton
    }

    /// The size of a piece that may be at most `width` wide.
    package typealias Measure = (CGFloat) -> CGSize

    var margins: NSDirectionalEdgeInsets
    var alignment: UIContentUnavailableConfiguration.Alignment = .center
    var rightToLeft = false
    var maximumWidth: CGFloat = UIView.readableWidth
    var imageToTextPadding: CGFloat = 0
    var textToSecondaryTextPadding: CGFloat = 0
    var textToButtonPadding: CGFloat = 0
    var buttonToSecondaryButtonPadding: CGFloat = 0
    /// The pieces present, with how to measure each.
    var pieces: [Piece: Measure] = [:]

    init(margins: NSDirectionalEdgeInsets) { self.margins = margins }

    /// The space between `previous` and `next`, neighbours in the stack.
    func gap(between previous: Piece, and next: Piece) -> CGFloat {
        switch (previous, next) {
        case (.button, .secondaryButton): buttonToSecondaryButtonPadding
        case (_, .button), (_, .secondaryButton): textToButtonPadding
        case (.image, _): imageToTextPadding
        case (.text, .secondaryText): textToSecondaryTextPadding
        default: 0
        }
    }

    /// The content width for a view `width` wide.
    private func contentWidth(for width: CGFloat) -> CGFloat {
        min(max(0, width - margins.leading - margins.trailing), maximumWidth)
    }

    /// Each present piece's size at the content width `width`, in stacking order.
    private func sizes(at width: CGFloat) -> [(Piece, CGSize)] {
        Piece.allCases.compactMap { piece in
            guard let measure = pieces[piece] else { return nil }
            var size = measure(width)
            if !size.width.isFinite || size.width < 0 { size.width = 0 }
            if !size.height.isFinite || size.height < 0 { size.height = 0 }
            if size.width > width {
                // An image keeps its proportions; anything else keeps its height.
                if piece == .image, size.width > 0 { size.height *= width / size.width }
                size.width = width
            }
            // Whole-point heights: rounding each origin then never overlaps the piece above.
            size.height = size.height.rounded(.up)
            return (piece, size)
        }
    }

    /// The height of the stack of `sizes`, paddings included.
    private func stackHeight(_ sizes: [(Piece, CGSize)]) -> CGFloat {
        var height: CGFloat = 0
        for (index, (piece, size)) in sizes.enumerated() {
            if index > 0 { height += gap(between: sizes[index - 1].0, and: piece) }
            height += size.height
        }
        return height
    }

    /// The height a view `width` wide needs: the stack with the top and bottom margins.
    func height(forWidth width: CGFloat) -> CGFloat {
        margins.top + stackHeight(sizes(at: contentWidth(for: width))) + margins.bottom
    }

    /// The width the content needs on one line: the widest piece at an unbounded width,
    /// with the margins.
    func naturalWidth() -> CGFloat {
        let widest = sizes(at: maximumWidth).map(\.1.width).max() ?? 0
        return margins.leading + widest + margins.trailing
    }

    /// The frame of each present piece in a view of `size`.
    func frames(in size: CGSize) -> [Piece: CGRect] {
        let width = contentWidth(for: size.width)
        let measured = sizes(at: width)
        let available = size.height - margins.top - margins.bottom
        let stack = stackHeight(measured)
        var y = (margins.top + max(0, (available - stack) / 2)).rounded()
        // The content column: between the margins, centred when the readable width narrows it.
        let columnLeft = margins.leading + (size.width - margins.leading - margins.trailing - width) / 2
        var frames: [Piece: CGRect] = [:]
        for (index, (piece, pieceSize)) in measured.enumerated() {
            if index > 0 { y += gap(between: measured[index - 1].0, and: piece) }
            let x: CGFloat = switch (alignment, rightToLeft) {
            case (.center, _): columnLeft + (width - pieceSize.width) / 2
            case (.natural, false): columnLeft
            case (.natural, true): columnLeft + width - pieceSize.width
            }
            frames[piece] = CGRect(x: x.rounded(), y: y.rounded(), width: pieceSize.width, height: pieceSize.height)
            y += pieceSize.height
        }
        return frames
    }
}

extension ContentUnavailableLayout: WidthMeasuredLayout {}
