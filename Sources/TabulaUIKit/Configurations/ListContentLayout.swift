import Foundation

/// Where a list row's image, text and secondary text go at a given size: the one layout
/// behind ``UIListContentView`` and the legacy `textLabel`/`imageView` cells and section
/// titles, so that both look the same.
///
/// Left to right: the leading margin, the image centred in its reserved box, the image
/// padding, then the text. The text and secondary text either stack (the secondary text
/// below, the block centred vertically and its top rounded to a whole point), or — when
/// ``sideBySide`` and both fit on one line at their natural widths — sit side by side, the
/// secondary text against the trailing margin. A single text's frame fills the space
/// between the top and bottom margins and the label centres the text in it (frames stay
/// on whole points, so the text lands on the same pixels as a row-tall legacy label's).
/// The height for a width is the text block between the top and bottom margins, or the
/// image box with ``imageVerticalMargin`` above and below if that is taller.
@MainActor
package struct ListContentLayout {
    /// The size of a text wrapped at a width (0: unbounded, its natural width).
    package typealias Measure = (CGFloat) -> CGSize

    var margins: NSDirectionalEdgeInsets
    /// The size the image is drawn at; nil when there is no image.
    package var imageSize: CGSize?
    /// The space kept for the image (at least `imageSize`).
    package var imageBox: CGSize = .zero
    package var imageToTextPadding: CGFloat = 15
    package var sideBySide = false
    package var horizontalPadding: CGFloat = 8
    package var verticalPadding: CGFloat = 2
    package var text: Measure?
    package var secondary: Measure?

    /// The frames of the pieces present, in the content view's coordinates.
    package struct Frames {
        package var image: CGRect?
        package var text: CGRect?
        package var secondary: CGRect?
    }

    /// How the texts are arranged at a width.
    private enum Arrangement {
        case single(CGFloat)
        case stacked(CGFloat, CGFloat, gap: CGFloat)
        case sideBySide(text: CGSize, secondary: CGSize)
    }

    /// Where the text starts and how wide it may be, for the content width `width`.
    private func textSpan(width: CGFloat) -> (left: CGFloat, width: CGFloat) {
        var left = margins.leading
        if imageSize != nil { left += imageBox.width + (text != nil || secondary != nil ? imageToTextPadding : 0) }
        return (left, max(0, width - margins.trailing - left))
    }

    private func arrangement(width: CGFloat) -> Arrangement {
        if sideBySide, let text, let secondary {
            let t = text(0), s = secondary(0)
            if t.width > 0, s.width > 0, t.width + horizontalPadding + s.width <= width {
                return .sideBySide(text: t, secondary: s)
            }
        }
        let h1 = text?(width).height ?? 0
        guard let secondary else { return .single(h1) }
        let h2 = secondary(width).height
        return .stacked(h1, h2, gap: h1 > 0 && h2 > 0 ? verticalPadding : 0)
    }

    /// The frames for a content view of `size`.
    package func frames(in size: CGSize) -> Frames {
        var frames = Frames()
        let available = size.height - margins.top - margins.bottom
        if let imageSize {
            frames.image = CGRect(x: margins.leading + ((imageBox.width - imageSize.width) / 2).rounded(),
                                  y: (margins.top + (available - imageSize.height) / 2).rounded(),
                                  width: imageSize.width, height: imageSize.height)
        }
        let span = textSpan(width: size.width)
        switch arrangement(width: span.width) {
        case .single(let h):
            if text != nil { frames.text = centred(x: span.left, width: span.width, height: h, available: available) }
        case .stacked(let h1, let h2, let gap):
            let top = (margins.top + (available - h1 - gap - h2) / 2).rounded()
            if text != nil { frames.text = CGRect(x: span.left, y: top, width: span.width, height: h1) }
            frames.secondary = CGRect(x: span.left, y: top + h1 + gap, width: span.width, height: h2)
        case .sideBySide(let t, let s):
            frames.text = centred(x: span.left, width: t.width, height: t.height, available: available)
            frames.secondary = centred(x: span.left + span.width - s.width, width: s.width, height: s.height,
                                       available: available)
        }
        return frames
    }

    /// A text's frame, centred vertically between the margins: as tall as that space when
    /// the text fits, so that the label centres its own text and the frame stays on whole
    /// points (the text then lands on the same pixels as a row-tall legacy label's).
    private func centred(x: CGFloat, width: CGFloat, height: CGFloat, available: CGFloat) -> CGRect {
        available >= height
            ? CGRect(x: x, y: margins.top, width: width, height: available)
            : CGRect(x: x, y: margins.top + (available - height) / 2, width: width, height: height)
    }

    /// The height the content needs at `width`, margins included.
    package func height(forWidth width: CGFloat) -> CGFloat {
        let content: CGFloat = switch arrangement(width: textSpan(width: width).width) {
        case .single(let h): h
        case .stacked(let h1, let h2, let gap): h1 + gap + h2
        case .sideBySide(let t, let s): max(t.height, s.height)
        }
        let text = margins.top + content + margins.bottom
        guard imageSize != nil else { return text }
        let imageMargin = min(Self.imageVerticalMargin, margins.top, margins.bottom)
        return max(text, imageBox.height + 2 * imageMargin)
    }

    /// The least space above and below an image: an image may reach into the text's
    /// margins down to this, so that a 29-point Settings icon sits in a 44-point row.
    static let imageVerticalMargin: CGFloat = 7.5

    /// The width the content needs on one line: margins, image and texts at their natural widths.
    func naturalWidth() -> CGFloat {
        let t = text?(0).width ?? 0, s = secondary?(0).width ?? 0
        let texts = sideBySide && t > 0 && s > 0 ? t + horizontalPadding + s : max(t, s)
        let image = imageSize == nil ? 0 : imageBox.width + (texts > 0 ? imageToTextPadding : 0)
        return margins.leading + image + texts + margins.trailing
    }
}

extension UILabel {
    /// The label's size wrapped at `width` (0: unbounded), for ``ListContentLayout``.
    package var listMeasure: ListContentLayout.Measure {
        { [unowned self] width in self.sizeThatFits(CGSize(width: width, height: 0)) }
    }

    /// Shrinks the font of a shown label, from `font`, until its one line fits the
    /// label's width, to no less than `minimumScaleFactor` of it (clamped to 0...1, 0 when
    /// not finite): the configurations' `adjustsFontSizeToFitWidth`.
    package func shrinkToFitWidth(from font: UIFont, minimumScaleFactor: CGFloat) {
        guard !isHidden, frame.width > 0 else { return }
        let natural = sizeThatFits(.zero).width
        guard natural > frame.width else { return }
        let least = minimumScaleFactor.isFinite ? min(max(minimumScaleFactor, 0), 1) : 0
        self.font = font.withSize(font.pointSize * max(least, frame.width / natural))
    }
}

extension ListContentLayout {
    /// A layout with `margins` and the standard paddings, no image and no text yet (for the
    /// table's cells and section titles, in TabulaTable).
    package init(margins: NSDirectionalEdgeInsets) { self.margins = margins }
}

/// A content view's layout measured by width: its natural one-line width, and its height
/// at a width. The list content view and the content-unavailable view size themselves
/// from theirs the same way.
@MainActor
protocol WidthMeasuredLayout {
    func naturalWidth() -> CGFloat
    func height(forWidth width: CGFloat) -> CGFloat
}

extension WidthMeasuredLayout {
    /// The size that fits `size.width` (0: the natural one-line width): the height at that
    /// width, rounded up to whole points.
    func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : naturalWidth()
        return CGSize(width: width, height: height(forWidth: width).rounded(.up))
    }

    /// The natural one-line width, and the height at `boundsWidth` (or, when it is 0, at
    /// that natural width).
    func intrinsicSize(boundsWidth: CGFloat) -> CGSize {
        let natural = naturalWidth().rounded(.up)
        return CGSize(width: natural, height: height(forWidth: boundsWidth > 0 ? boundsWidth : natural).rounded(.up))
    }

    /// The natural one-line width, and the height at `width` (``WidthDependentHeight``).
    func contentSize(forLayoutWidth width: CGFloat) -> CGSize {
        CGSize(width: naturalWidth().rounded(.up), height: sizeThatFits(CGSize(width: width, height: 0)).height)
    }
}

extension ListContentLayout: WidthMeasuredLayout {}
