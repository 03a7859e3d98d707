import Foundation

/// The background of a cell, header, footer or configured button: a colour, image,
/// corner radius, stroke, insets and an optional view of your own, with defaults for each
/// state (UIKit's `UIBackgroundConfiguration`).
///
/// ```swift
/// var background = UIBackgroundConfiguration.listPlainCell()
/// background.cornerRadius = 8
/// background.backgroundInsets = NSDirectionalEdgeInsets(top: 2, leading: 8, bottom: 2, trailing: 8)
/// cell.backgroundConfiguration = background
/// ```
///
/// A background configuration replaces a cell's `backgroundView` and
/// `selectedBackgroundView` (setting one clears the others). With the list styles, a
/// selected or highlighted row turns system grey 4 (#D1D1D6), the colour of the legacy
/// selected background, unless you set ``backgroundColor`` yourself. Visual effects
/// (`visualEffect`) and `edgesAddingLayoutMarginsToBackgroundInsets` are not available.
public struct UIBackgroundConfiguration: Hashable {
    /// Which factory made the configuration: its defaults for each state.
    enum Base: Hashable, Sendable {
        case clear, listPlainCell, listGroupedCell, listSidebarCell, listAccompaniedSidebarCell
        case listPlainHeaderFooter, listGroupedHeaderFooter, listSidebarHeader
    }

    let base: Base

    /// A view of your own drawn above the colour, inside the insets and corner radius.
    public var customView: UIView?
    /// An image drawn over the colour and under the custom view, inside the insets and
    /// clipped to the corners; nil (the default) for none.
    public var image: UIImage?
    /// How ``image`` is laid out in the background (default `.scaleToFill`).
    public var imageContentMode: UIView.ContentMode = .scaleToFill
    /// The radius of the background's corners (and of the stroke and custom view); 0 by default.
    public var cornerRadius: CGFloat = 0
    /// Insets of the background from the view's edges (outsets when negative).
    public var backgroundInsets = NSDirectionalEdgeInsets.zero
    /// The background colour; nil uses the view's tint colour, `.clear` shows none.
    /// Setting it keeps it through state changes.
    public var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set { storedBackgroundColor = newValue; backgroundColorIsCustomized = true }
    }
    /// A transformer applied to the background colour when it is resolved.
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    /// The stroke colour; nil uses the view's tint colour.
    public var strokeColor: UIColor?
    /// A transformer applied to the stroke colour when it is resolved.
    public var strokeColorTransformer: UIConfigurationColorTransformer?
    /// The width of the stroke around the background; 0 (no stroke) by default.
    public var strokeWidth: CGFloat = 0
    /// How far the stroke sits outside the background (inside when negative); 0 by default.
    public var strokeOutset: CGFloat = 0

    var storedBackgroundColor: UIColor?
    var backgroundColorIsCustomized = false

    init(base: Base, color: UIColor?) {
        self.base = base
        storedBackgroundColor = color
    }

    /// A background that draws nothing.
    public static func clear() -> UIBackgroundConfiguration { make(.clear) }
    /// The background of a row in a plain table: the system background, grey while selected.
    public static func listPlainCell() -> UIBackgroundConfiguration { make(.listPlainCell) }
    /// The background of a row in a grouped or inset grouped table: the secondary grouped
    /// background (white), grey while selected.
    public static func listGroupedCell() -> UIBackgroundConfiguration { make(.listGroupedCell) }
    /// The background of a sidebar row: clear, the tint colour while selected.
    public static func listSidebarCell() -> UIBackgroundConfiguration { make(.listSidebarCell) }
    /// The background of a sidebar row beside other content: clear, light grey while selected.
    public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration { make(.listAccompaniedSidebarCell) }
    /// The background of a section header or footer in a plain table: the floating bar's grey.
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { make(.listPlainHeaderFooter) }
    /// The background of a section header or footer in a grouped table: clear.
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { make(.listGroupedHeaderFooter) }
    /// The background of a sidebar's section header: clear.
    public static func listSidebarHeader() -> UIBackgroundConfiguration { make(.listSidebarHeader) }

    static func make(_ base: Base) -> UIBackgroundConfiguration {
        switch base {
        case .listPlainCell: UIBackgroundConfiguration(base: base, color: .systemBackground)
        case .listGroupedCell: UIBackgroundConfiguration(base: base, color: .secondarySystemGroupedBackground)
        case .listPlainHeaderFooter: UIBackgroundConfiguration(base: base, color: .secondarySystemBackground)
        case .clear, .listSidebarCell, .listAccompaniedSidebarCell, .listGroupedHeaderFooter, .listSidebarHeader:
            UIBackgroundConfiguration(base: base, color: .clear)
        }
    }

    /// The selected background of a Mail-style multiple selection while editing: a pale
    /// blue, or in the dark appearance a dark blue under the light text.
    package static let editingSelectionColor = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(rgb: 0x1B2B40) : UIColor(rgb: 0xE3ECFA)
    }

    /// This configuration with its style's background for `state`, unless you set
    /// ``backgroundColor``: list rows turn system grey 4 while selected or highlighted
    /// (a light blue when selected while editing); sidebar rows the tint colour (nil), or
    /// system grey 5 beside other content.
    public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration {
        guard !backgroundColorIsCustomized else { return self }
        let flags = ConfigurationFlags(state)
        let active = flags.isSelected || flags.isHighlighted
        var copy = self
        copy.storedBackgroundColor = Self.make(base).storedBackgroundColor
        switch base {
        case .listPlainCell, .listGroupedCell:
            if flags.isEditing && flags.isSelected && !flags.isHighlighted {
                copy.storedBackgroundColor = Self.editingSelectionColor
            } else if active {
                copy.storedBackgroundColor = .systemGray4
            }
        case .listSidebarCell:
            if active { copy.storedBackgroundColor = nil }
        case .listAccompaniedSidebarCell:
            if active { copy.storedBackgroundColor = .systemGray5 }
        case .clear, .listPlainHeaderFooter, .listGroupedHeaderFooter, .listSidebarHeader:
            break
        }
        return copy
    }

    /// The colour the background is filled with, for a view whose tint is `tintColor`.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
        let base = storedBackgroundColor ?? tintColor
        return backgroundColorTransformer?(base) ?? base
    }

    /// The colour the stroke is drawn in, for a view whose tint is `tintColor`.
    public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
        let base = strokeColor ?? tintColor
        return strokeColorTransformer?(base) ?? base
    }

    /// Equal when every property is; the custom view is compared by identity.
    public static func == (a: Self, b: Self) -> Bool {
        a.base == b.base && a.customView === b.customView && a.image == b.image
            && a.imageContentMode == b.imageContentMode && a.cornerRadius == b.cornerRadius
            && a.backgroundInsets == b.backgroundInsets && a.storedBackgroundColor == b.storedBackgroundColor
            && a.backgroundColorIsCustomized == b.backgroundColorIsCustomized
            && a.backgroundColorTransformer == b.backgroundColorTransformer && a.strokeColor == b.strokeColor
            && a.strokeColorTransformer == b.strokeColorTransformer && a.strokeWidth == b.strokeWidth
            && a.strokeOutset == b.strokeOutset
    }

    /// Hashes the style, colours and geometry.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(base)
        hasher.combine(storedBackgroundColor)
        hasher.combine(cornerRadius)
        hasher.combine(strokeWidth)
        hasher.combine(customView.map(ObjectIdentifier.init))
        hasher.combine(image)
    }
}

/// Draws a background configuration behind a cell's, header's or button's content: the
/// fill (the layer's background colour, so that a change of colour inside an animation
/// fades), the image and the custom view clipped to the corners, and the stroke.
@MainActor
package final class BackgroundConfigurationView: UIView {
    private let fill = UIView()
    /// Made when a configuration first has an image.
    private var imageView: UIImageView?
    private let stroke = BackgroundStrokeView()
    private(set) var configuration: UIBackgroundConfiguration

    package init(_ configuration: UIBackgroundConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        isOpaque = false
        addSubview(fill)
        addSubview(stroke)
        apply(configuration)
    }

    required init?(coder: NSCoder) { return nil }

    package func apply(_ new: UIBackgroundConfiguration) {
        if configuration.customView !== new.customView { configuration.customView?.removeFromSuperview() }
        configuration = new
        if let image = new.image {
            let view = imageView ?? UIImageView(frame: .zero)
            if imageView == nil { imageView = view; fill.insertSubview(view, at: 0) }
            if view.image !== image { view.image = image }
            view.contentMode = new.imageContentMode
            view.isHidden = false
        } else {
            imageView?.isHidden = true
            imageView?.image = nil
        }
        if let custom = new.customView, custom.superview !== fill { fill.addSubview(custom) }
        fill.layer.cornerRadius = max(0, new.cornerRadius.isFinite ? new.cornerRadius : 0)
        fill.layer.masksToBounds = (new.customView != nil || new.image != nil) && fill.layer.cornerRadius > 0
        refreshColors()
        stroke.width = new.strokeWidth.isFinite ? max(0, new.strokeWidth) : 0
        stroke.radius = fill.layer.cornerRadius
        setNeedsLayout()
    }

    private func refreshColors() {
        let tint = tintColor ?? .systemBlue
        fill.backgroundColor = configuration.resolvedBackgroundColor(for: tint)
        stroke.color = configuration.resolvedStrokeColor(for: tint)
    }

    package override func tintColorDidChange() {
        super.tintColorDidChange()
        refreshColors()
    }

    package override func layoutSubviews() {
        super.layoutSubviews()
        let i = configuration.backgroundInsets
        let rect = CGRect(x: i.leading, y: i.top, width: bounds.width - i.leading - i.trailing,
                          height: bounds.height - i.top - i.bottom)
        fill.frame = rect.width > 0 && rect.height > 0 ? rect : .zero
        imageView?.frame = fill.bounds
        configuration.customView?.frame = fill.bounds
        let outset = configuration.strokeOutset.isFinite ? configuration.strokeOutset : 0
        stroke.frame = fill.frame.insetBy(dx: -outset, dy: -outset)
        stroke.radius = max(0, fill.layer.cornerRadius + outset)
        stroke.isHidden = stroke.width == 0 || fill.frame.isEmpty
    }
}

/// The stroke of a background configuration: a rounded rectangle drawn inside its bounds.
@MainActor
private final class BackgroundStrokeView: UIView {
    var width: CGFloat = 0 { didSet { if width != oldValue { setNeedsDisplay() } } }
    var radius: CGFloat = 0 { didSet { if radius != oldValue { setNeedsDisplay() } } }
    var color: UIColor = .clear { didSet { if color != oldValue { setNeedsDisplay() } } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard width > 0, let ctx = UIGraphicsGetCurrentContext() else { return }
        let r = bounds.insetBy(dx: width / 2, dy: width / 2)
        guard r.width > 0, r.height > 0 else { return }
        ctx.setStrokeColor(color.cgColor)
        ctx.setLineWidth(width)
        ctx.stroke(Path(roundedRect: r, cornerRadius: max(0, radius - width / 2)))
    }
}
