import Foundation

/// A view that shows a ``UIListContentConfiguration``: a cell's, header's or footer's
/// content view when it has one, and usable on its own anywhere — in a stack view, in a
/// custom cell — laid out by frames or by Auto Layout.
///
/// Its height follows its width: ``sizeThatFits(_:)`` gives the height at a width, and
/// under Auto Layout the view is as tall as its content at the width its constraints give
/// it (like a multi-line label). In a table with `UITableView.automaticDimension`, a
/// row whose cell has a list content configuration is as tall as its text, secondary text
/// and image need, at least 44 points.
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    private var listConfiguration: UIListContentConfiguration
    let textLabel = UILabel()
    let secondaryTextLabel = UILabel()
    let imageView = UIImageView()
    /// The layout guides of the pieces, once read (see `UIListContentView+Guides.swift`).
    var pieceGuides = ListContentPieceGuides()

    /// A view showing `configuration`.
    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        isOpaque = false
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] {
            view.isHidden = true
            addSubview(view)
        }
        imageView.contentMode = .scaleAspectFit
        apply()
    }

    /// Returns `nil`: Tabula decodes no views (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The configuration shown. Setting a ``UIListContentConfiguration`` applies it in
    /// place; any other kind is reported and ignored (this view shows list content only).
    open var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else {
                reportProblem("UIListContentView.configuration was set to a \(type(of: newValue)); "
                    + "a list content view shows only UIListContentConfiguration, so it keeps its configuration. "
                    + "Make a content view for it with makeContentView().")
                return
            }
            guard list != listConfiguration else { return }
            listConfiguration = list
            apply()
        }
    }

    /// Whether `configuration` can be shown here: only list content configurations can.
    open func supports(_ configuration: any UIContentConfiguration) -> Bool {
        configuration is UIListContentConfiguration
    }

    /// The configuration with unusable numbers replaced (reported when applied).
    private var usable: UIListContentConfiguration = .cell()

    private func apply() {
        let (c, problems) = listConfiguration.sanitized()
        for problem in problems { reportProblem(problem) }
        usable = c
        style(textLabel, text: c.shownText, attributed: c.attributedText, with: c.textProperties)
        style(secondaryTextLabel, text: c.shownSecondaryText, attributed: c.secondaryAttributedText,
              with: c.secondaryTextProperties)
        imageView.preferredSymbolConfiguration = c.imageProperties.preferredSymbolConfiguration
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        imageView.layer.masksToBounds = c.imageProperties.cornerRadius > 0
        applyImageTint()
        alpha = c.alpha
        dropGuidesOfHiddenPieces()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Styles `label` from `properties`; an attributed text is drawn with its attributes
    /// (the properties' font, colour and alignment fill in where it sets none; its text
    /// transform does not apply).
    private func style(_ label: UILabel, text: String?, attributed: NSAttributedString?,
                       with properties: UIListContentConfiguration.TextProperties) {
        label.text = nil
        label.isHidden = text?.isEmpty ?? true
        label.adjustsFontForContentSizeCategory = properties.adjustsFontForContentSizeCategory
        label.font = properties.font
        label.textColor = properties.resolvedColor()
        label.textAlignment = properties.labelAlignment
        label.numberOfLines = properties.numberOfLines
        label.lineBreakMode = properties.lineBreakMode
        if let attributed { label.attributedText = attributed } else { label.text = text }
    }

    private func applyImageTint() {
        let properties = usable.imageProperties
        if properties.storedTintColor == nil && properties.tintColorTransformer == nil {
            imageView.tintColor = nil
        } else {
            imageView.tintColor = properties.resolvedTintColor(for: superview?.tintColor ?? .systemBlue)
        }
    }

    /// The tint inherited from above changed: a transformed tint is resolved again.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if usable.imageProperties.tintColorTransformer != nil { applyImageTint() }
    }

    // MARK: Layout guides (see UIListContentView+Guides.swift)

    /// A guide that follows the primary text's frame; nil while the configuration has no text.
    ///
    /// Reading it before layout gives a guide whose ``UILayoutGuide/layoutFrame`` is still
    /// empty; it takes the text's frame at the next layout pass.
    open var textLayoutGuide: UILayoutGuide? {
        pieceGuide(&pieceGuides.text, shows: !textLabel.isHidden, of: textLabel, "UIListContentView-textLayoutGuide")
    }

    /// A guide that follows the secondary text's frame; nil while the configuration has no
    /// secondary text.
    open var secondaryTextLayoutGuide: UILayoutGuide? {
        pieceGuide(&pieceGuides.secondaryText, shows: !secondaryTextLabel.isHidden, of: secondaryTextLabel,
                   "UIListContentView-secondaryTextLayoutGuide")
    }

    /// A guide that follows the image's frame; nil while the configuration has no image.
    open var imageLayoutGuide: UILayoutGuide? {
        pieceGuide(&pieceGuides.image, shows: !imageView.isHidden, of: imageView, "UIListContentView-imageLayoutGuide")
    }

    // MARK: Layout

    /// The layout for the current configuration and margins.
    private var layout: ListContentLayout {
        var layout = ListContentLayout(margins: effectiveMargins())
        if let image = usable.image {
            let size = usable.imageProperties.displayedSize(of: image)
            layout.imageSize = size
            layout.imageBox = usable.imageProperties.reservedSize(for: size)
        }
        layout.imageToTextPadding = usable.imageToTextPadding
        layout.sideBySide = usable.prefersSideBySideTextAndSecondaryText
        layout.horizontalPadding = usable.textToSecondaryTextHorizontalPadding
        layout.verticalPadding = usable.textToSecondaryTextVerticalPadding
        if !textLabel.isHidden { layout.text = textLabel.listMeasure }
        if !secondaryTextLabel.isHidden { layout.secondary = secondaryTextLabel.listMeasure }
        return layout
    }

    /// The configuration's margins, raised to the container's on the preserved axes (see
    /// ``UIListContentConfiguration/axesPreservingSuperviewLayoutMargins``).
    func effectiveMargins() -> NSDirectionalEdgeInsets {
        var m = usable.directionalLayoutMargins
        let inherited = inheritedMargins()
        let axes = usable.axesPreservingSuperviewLayoutMargins
        if axes.contains(.horizontal) {
            m.leading = max(m.leading, inherited.leading)
            m.trailing = max(m.trailing, inherited.trailing)
        }
        if axes.contains(.vertical) {
            m.top = max(m.top, inherited.top)
            m.bottom = max(m.bottom, inherited.bottom)
        }
        if let host = superview as? ListContentHost, host.hostedContentView === self { m.top += host.hostedContentExtraTop }
        return m
    }

    /// The container's layout margins where they reach into this view. A cell or header
    /// gives its content view the margins its own content lines up with (see
    /// ``ListContentHost``); any other superview its `directionalLayoutMargins`.
    private func inheritedMargins() -> NSDirectionalEdgeInsets {
        guard let parent = superview else { return .zero }
        if let host = parent as? ListContentHost, host.hostedContentView === self { return host.hostedContentMargins }
        var base = parent.directionalLayoutMargins
        if let host = parent.superview as? ListContentHost, host.hostedContentView === parent {
            base = host.hostedContentMargins
        }
        let f = frame
        return NSDirectionalEdgeInsets(top: max(0, base.top - f.minY), leading: max(0, base.leading - f.minX),
                                       bottom: max(0, base.bottom - (parent.bounds.height - f.maxY)),
                                       trailing: max(0, base.trailing - (parent.bounds.width - f.maxX)))
    }

    /// The frame of the text in this view's coordinates, after layout (nil without text).
    package var textFrame: CGRect? { textLabel.isHidden ? nil : textLabel.frame }

    /// Places the image and the texts; a one-line text that should shrink to fit does.
    open override func layoutSubviews() {
        super.layoutSubviews()
        // Undo a shrink to fit (setting the same font again would restyle attributed text).
        if textLabel.font != usable.textProperties.font { textLabel.font = usable.textProperties.font }
        if secondaryTextLabel.font != usable.secondaryTextProperties.font {
            secondaryTextLabel.font = usable.secondaryTextProperties.font
        }
        let frames = layout.frames(in: bounds.size)
        imageView.frame = frames.image ?? .zero
        textLabel.frame = frames.text ?? .zero
        secondaryTextLabel.frame = frames.secondary ?? .zero
        shrinkToFit(textLabel, usable.textProperties)
        shrinkToFit(secondaryTextLabel, usable.secondaryTextProperties)
        placePieceGuides()
    }

    private func shrinkToFit(_ label: UILabel, _ properties: UIListContentConfiguration.TextProperties) {
        guard properties.adjustsFontSizeToFitWidth, properties.numberOfLines == 1 else { return }
        label.shrinkToFitWidth(from: properties.font, minimumScaleFactor: properties.minimumScaleFactor)
    }

    /// The size that fits `size.width` (0: the natural one-line width): the content's
    /// height at that width, margins included, rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { layout.sizeThatFits(size) }

    /// The natural one-line width and the height at the current width (or at that natural width).
    open override var intrinsicContentSize: CGSize { layout.intrinsicSize(boundsWidth: bounds.width) }
}

extension UIListContentView: WidthDependentHeight {
    var heightDependsOnWidth: Bool { true }
    /// The natural one-line width, and the height at `width`.
    func contentSize(forLayoutWidth width: CGFloat) -> CGSize { layout.contentSize(forLayoutWidth: width) }
}

/// A view whose content view takes margins from it: a cell gives its content 16 points on
/// each side (none before an accessory), a header or footer the inset of its title.
@MainActor
package protocol ListContentHost: UIView {
    /// The content view the margins are for.
    var hostedContentView: UIView { get }
    /// The margins the content lines up with, in the content view's coordinates.
    var hostedContentMargins: NSDirectionalEdgeInsets { get }
    /// Space added above the content's own top margin (a grouped table's first header).
    var hostedContentExtraTop: CGFloat { get }
}
