import Foundation

/// How `NSAttributedString.boundingRect(with:options:context:)` measures, as UIKit's
/// `NSStringDrawingOptions`.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Creates options from their raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Wrap into lines no wider than the size's width (without it, one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Use the fonts' leading between lines (Tabula's lines always do).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measure the glyphs' ink rather than their advances (recorded; advances are measured).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// End the last line that fits with an ellipsis when the text does not fit the size.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// What a string's drawing or measurement reports back, as UIKit's `NSStringDrawingContext`.
open class NSStringDrawingContext {
    /// The smallest scale the text may shrink to fit (recorded; the text is not shrunk).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn at: always 1.
    open private(set) var actualScaleFactor: CGFloat = 1
    /// The rectangle the last measurement or drawing covered.
    open internal(set) var totalBounds: CGRect = .zero

    /// A context.
    public init() {}
}

/// Measuring and drawing attributed strings, as UIKit's `NSAttributedString` additions:
/// the text is laid out as a label lays it out (fonts, kerning, paragraph styles), in
/// Helvetica 12 where no `.font` attribute says otherwise, as in UIKit.
extension NSAttributedString {
    /// The font of text that has no `.font` attribute.
    static var defaultDrawingFont: UIFont { UIFont(name: "Helvetica", size: 12) ?? .systemFont(ofSize: 12) }

    /// The text laid out for drawing in a box `width` wide (nil: one unbounded line per paragraph).
    func drawingLayout(width: CGFloat?, maximumLines: Int = 0, truncates: Bool = false) -> TextLayout {
        let attributed = AttributedTextRuns(self, traits: UITraitCollection(userInterfaceStyle: .light))
        let alignment: TextAlignment
        switch attributed.paragraphStyle?.alignment ?? .natural {
        case .center: alignment = .center
        case .right: alignment = .right
        case .justified: alignment = .justified
        case .left: alignment = .left
        case .natural: alignment = .natural
        }
        let breakMode: LineBreakMode = truncates ? .byTruncatingTail
            : (attributed.paragraphStyle?.lineBreakMode ?? .byWordWrapping)
        return TextLayout(text: string, font: Self.defaultDrawingFont.font, width: width,
                          maximumNumberOfLines: maximumLines, lineBreakMode: breakMode, alignment: alignment,
                          runs: attributed.runs, paragraph: attributed.paragraph)
    }

    /// The size the string takes on one line per paragraph.
    public func size() -> CGSize { drawingLayout(width: nil).size }

    /// The rectangle the string takes in a box of `size`: wrapped to the box's width with
    /// `.usesLineFragmentOrigin`, one line without it; with `.truncatesLastVisibleLine`,
    /// no taller than the box. Its origin is zero; widths and heights are not rounded up
    /// (round them before sizing a view, as in UIKit). Sizes that are NaN or negative count
    /// as unbounded.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        let width = size.width.isFinite && size.width > 0 ? size.width : nil
        let wraps = options.contains(.usesLineFragmentOrigin)
        let layout = drawingLayout(width: wraps ? width : nil, maximumLines: wraps ? 0 : 1)
        var measured = layout.size
        if options.contains(.truncatesLastVisibleLine), size.height.isFinite, size.height > 0 {
            measured.height = min(measured.height, size.height)
            if let width { measured.width = min(measured.width, width) }
        }
        let rect = CGRect(origin: .zero, size: measured)
        context?.totalBounds = rect
        return rect
    }

    /// Draws the string into the current context with its top left at `point`, one line per paragraph.
    @preconcurrency @MainActor
    public func draw(at point: CGPoint) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.draw(drawingLayout(width: nil), at: point, color: UIColor.black.cgColor)
    }

    /// Draws the string into the current context, wrapped inside `rect` and clipped to it.
    @preconcurrency @MainActor
    public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the string into the current context in `rect`, measured as
    /// ``boundingRect(with:options:context:)`` measures it, and clipped to `rect`.
    @preconcurrency @MainActor
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard let ctx = UIGraphicsGetCurrentContext(), rect.width.isFinite, rect.height.isFinite else { return }
        let wraps = options.contains(.usesLineFragmentOrigin)
        let layout = drawingLayout(width: wraps ? rect.width : nil, maximumLines: wraps ? 0 : 1,
                                   truncates: options.contains(.truncatesLastVisibleLine))
        ctx.withSavedGState {
            ctx.clip(to: rect)
            ctx.draw(layout, at: rect.origin, color: UIColor.black.cgColor)
        }
        context?.totalBounds = CGRect(origin: rect.origin, size: layout.size)
    }
}

/// Measuring and drawing strings with attributes, as UIKit's `NSString` additions (which
/// Swift's `String` has too).
extension StringProtocol {
    private func attributed(_ attributes: [NSAttributedString.Key: Any]?) -> NSAttributedString {
        NSAttributedString(string: String(self), attributes: attributes)
    }

    /// The size the string takes on one line per paragraph with `attributes`.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        attributed(attributes).size()
    }

    /// The rectangle the string takes with `attributes` in a box of `size` (see
    /// `NSAttributedString.boundingRect(with:options:context:)`).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        attributed(attributes).boundingRect(with: size, options: options, context: context)
    }

    /// Draws the string with `attributes` into the current context at `point`.
    @preconcurrency @MainActor
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        attributed(attributes).draw(at: point)
    }

    /// Draws the string with `attributes` into the current context, wrapped inside `rect`.
    @preconcurrency @MainActor
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        attributed(attributes).draw(in: rect)
    }

    /// Draws the string with `attributes` in `rect` as `NSAttributedString.draw(with:options:context:)` does.
    @preconcurrency @MainActor
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        attributed(attributes).draw(with: rect, options: options, context: context)
    }
}
