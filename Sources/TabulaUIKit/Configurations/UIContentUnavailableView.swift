import Foundation

/// A view that says there is no content to show, from a
/// ``UIContentUnavailableConfiguration``: an image (or, loading, an activity indicator),
/// a title, secondary text and up to two buttons, stacked and centred.
///
/// A view controller makes and places one itself when you set its
/// ``UIViewController/contentUnavailableConfiguration``; make one yourself to show it
/// anywhere else, laid out by frames or by Auto Layout (its height follows its width,
/// like a multi-line label's). Its colours follow the appearance (dark mode), its fonts
/// and symbol the preferred text size, and its content keeps above the keyboard.
@preconcurrency @MainActor
open class UIContentUnavailableView: UIView, UIContentView {
    private var unavailableConfiguration: UIContentUnavailableConfiguration
    /// The configuration with unusable numbers replaced (reported when applied).
    private var usable: UIContentUnavailableConfiguration

    private let backgroundView: BackgroundConfigurationView
    /// Holds the pieces; the view's own subview, or the scroll view's while scrolling is enabled.
    private let container = UIView()
    private var scrollView: UIScrollView?
    let imageView = UIImageView()
    let activityIndicator = UIActivityIndicatorView(style: .medium)
    let textLabel = UILabel()
    let secondaryTextLabel = UILabel()
    let button = UIButton(type: .system)
    let secondaryButton = UIButton(type: .system)
    /// The actions put on the buttons, to take off when the configuration changes them.
    private var installedActions: [UIAction?] = [nil, nil]

    /// A view showing `configuration`.
    public init(configuration: UIContentUnavailableConfiguration) {
        unavailableConfiguration = configuration
        usable = configuration
        backgroundView = BackgroundConfigurationView(configuration.background)
        super.init(frame: .zero)
        setUp()
    }

    /// A view showing ``UIContentUnavailableConfiguration/empty()``: Tabula decodes no
    /// views (see ``UIView/init(coder:)``). Unlike most views this initializer cannot fail,
    /// as UIKit declares it, so that subclasses' `required init(coder:)` can call it.
    public required init(coder: NSCoder) {
        unavailableConfiguration = .empty()
        usable = unavailableConfiguration
        backgroundView = BackgroundConfigurationView(unavailableConfiguration.background)
        super.init(frame: .zero)
        setUp()
    }

    private func setUp() {
        isOpaque = false
        addSubview(backgroundView)
        addSubview(container)
        for view in [imageView, activityIndicator, textLabel, secondaryTextLabel, button, secondaryButton] as [UIView] {
            view.isHidden = true
            container.addSubview(view)
        }
        imageView.contentMode = .scaleAspectFit
        for label in [textLabel, secondaryTextLabel] { label.adjustsFontForContentSizeCategory = true }
        apply()
    }

    /// The configuration shown. Setting a ``UIContentUnavailableConfiguration`` applies it
    /// in place; any other kind is reported and ignored (this view shows only those).
    open var configuration: any UIContentConfiguration {
        get { unavailableConfiguration }
        set {
            guard let unavailable = newValue as? UIContentUnavailableConfiguration else {
                reportProblem("UIContentUnavailableView.configuration was set to a \(type(of: newValue)); "
                    + "a content-unavailable view shows only UIContentUnavailableConfiguration, so it keeps its "
                    + "configuration. Make a content view for it with makeContentView().")
                return
            }
            guard unavailable != unavailableConfiguration else { return }
            unavailableConfiguration = unavailable
            apply()
        }
    }

    /// Whether `configuration` can be shown here: only content-unavailable configurations can.
    open func supports(_ configuration: any UIContentConfiguration) -> Bool {
        configuration is UIContentUnavailableConfiguration
    }

    /// Whether the content scrolls when it is taller than the view (false by default: it
    /// then starts at the top margin and runs past the bottom).
    open var isScrollEnabled = false {
        didSet { if isScrollEnabled != oldValue { placeContainer() } }
    }

    // MARK: Applying the configuration

    private func apply() {
        let (c, problems) = unavailableConfiguration.sanitized()
        for problem in problems { reportProblem(problem) }
        usable = c
        backgroundView.apply(c.background)

        let showsSpinner = c.base == .loading && c.image == nil
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.tintColor = c.imageProperties.tintColor
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        imageView.layer.masksToBounds = c.imageProperties.cornerRadius > 0
        activityIndicator.color = c.imageProperties.tintColor ?? tintColor ?? .secondaryLabel
        if showsSpinner { activityIndicator.startAnimating() } else { activityIndicator.stopAnimating() }

        style(textLabel, text: c.text, attributed: c.attributedText, with: c.textProperties)
        style(secondaryTextLabel, text: c.secondaryText, attributed: c.secondaryAttributedText,
              with: c.secondaryTextProperties)
        install(c.button, c.buttonProperties, on: button, slot: 0)
        install(c.secondaryButton, c.secondaryButtonProperties, on: secondaryButton, slot: 1)
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Styles `label` from `properties`; an attributed text is drawn with its attributes
    /// (the properties' font, colour and alignment fill in where it sets none).
    private func style(_ label: UILabel, text: String?, attributed: NSAttributedString?,
                       with properties: UIContentUnavailableConfiguration.TextProperties) {
        label.text = nil
        label.isHidden = (attributed?.string ?? text ?? "").isEmpty
        label.font = properties.font
        label.textColor = properties.color
        label.textAlignment = usable.alignment == .center ? .center : .natural
        label.numberOfLines = properties.numberOfLines
        label.lineBreakMode = properties.lineBreakMode
        if let attributed { label.attributedText = attributed } else { label.text = text }
    }

    /// Puts `configuration` and `properties` on `button`: shown when it has a title,
    /// subtitle or image of its own or from its action.
    private func install(_ configuration: UIButton.Configuration, _ properties: UIContentUnavailableConfiguration.ButtonProperties,
                         on button: UIButton, slot: Int) {
        var configuration = configuration
        if configuration.title == nil, let title = properties.primaryAction?.title, !title.isEmpty {
            configuration.title = title
        }
        let hasContent = !(configuration.title ?? "").isEmpty || !(configuration.subtitle ?? "").isEmpty
            || configuration.image != nil
        button.isHidden = !hasContent
        if button.configuration != configuration { button.configuration = configuration }
        if installedActions[slot] !== properties.primaryAction {
            if let old = installedActions[slot] { button.removeAction(old, for: .primaryActionTriggered) }
            if let action = properties.primaryAction { button.addAction(action, for: .primaryActionTriggered) }
            installedActions[slot] = properties.primaryAction
        }
        button.menu = properties.menu
        button.showsMenuAsPrimaryAction = properties.menu != nil && properties.primaryAction == nil
        button.isEnabled = properties.isEnabled
        button.role = properties.role
    }

    /// The symbol configuration the image is drawn with: a symbol 48 points at the
    /// default text size, scaling with the preferred text size, under what the
    /// configuration prefers.
    private var symbolConfiguration: UIImage.SymbolConfiguration {
        let size = UIFontMetrics(forTextStyle: .largeTitle).scaledValue(for: Self.symbolPointSize, compatibleWith: traitCollection)
        let standard = UIImage.SymbolConfiguration(pointSize: size, weight: .regular)
        guard let preferred = usable.imageProperties.preferredSymbolConfiguration else { return standard }
        return standard.applying(preferred)
    }

    /// The point size of the image's symbol at the default text size.
    static let symbolPointSize: CGFloat = 48

    /// The tint inherited from above changed: an activity indicator without a tint of its
    /// own takes it.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if usable.imageProperties.tintColor == nil { activityIndicator.color = tintColor ?? .secondaryLabel }
    }

    /// In a window, the view follows the keyboard: its keyboard guide makes the window lay
    /// it out as the keyboard comes and goes, and the content keeps above it.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { _ = keyboardLayoutGuide }
    }

    /// The text size may have changed: the symbol is measured again.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            setNeedsLayout()
            invalidateIntrinsicContentSize()
        }
    }

    // MARK: Layout

    /// The layout for the current configuration, margins and text size.
    private var layout: ContentUnavailableLayout {
        let symbols = symbolConfiguration
        if imageView.preferredSymbolConfiguration != symbols { imageView.preferredSymbolConfiguration = symbols }
        var layout = ContentUnavailableLayout(margins: effectiveMargins())
        layout.alignment = usable.alignment
        layout.rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        layout.imageToTextPadding = usable.imageToTextPadding
        layout.textToSecondaryTextPadding = usable.textToSecondaryTextPadding
        layout.textToButtonPadding = usable.textToButtonPadding
        layout.buttonToSecondaryButtonPadding = usable.buttonToSecondaryButtonPadding
        if !imageView.isHidden {
            let size = usable.imageProperties.displayedSize(for: imageView.intrinsicContentSize)
            layout.pieces[.image] = { _ in size }
        } else if activityIndicator.isAnimating {
            let size = activityIndicator.intrinsicContentSize
            layout.pieces[.image] = { _ in size }
        }
        if !textLabel.isHidden { layout.pieces[.text] = textLabel.listMeasure }
        if !secondaryTextLabel.isHidden { layout.pieces[.secondaryText] = secondaryTextLabel.listMeasure }
        for (piece, view) in [(ContentUnavailableLayout.Piece.button, button), (.secondaryButton, secondaryButton)]
            where !view.isHidden {
            layout.pieces[piece] = { [unowned view] _ in view.sizeThatFits(.zero) }
        }
        return layout
    }

    /// The configuration's margins, raised to the superview's (its layout margins, measured
    /// from its safe area) where they reach into this view, on the preserved axes; the
    /// bottom one above the keyboard where it covers the view.
    private func effectiveMargins() -> NSDirectionalEdgeInsets {
        var m = usable.directionalLayoutMargins
        if window != nil { m.bottom = max(m.bottom, keyboardGuideHeight(usesBottomSafeArea: false)) }
        guard let parent = superview else { return m }
        let axes = usable.axesPreservingSuperviewLayoutMargins
        let base = parent.directionalEdgeInsets(for: .margins())
        let f = frame.offsetBy(dx: -parent.bounds.minX, dy: -parent.bounds.minY)
        if axes.contains(.horizontal) {
            m.leading = max(m.leading, base.leading - f.minX)
            m.trailing = max(m.trailing, base.trailing - (parent.bounds.width - f.maxX))
        }
        if axes.contains(.vertical) {
            m.top = max(m.top, base.top - f.minY)
            m.bottom = max(m.bottom, base.bottom - (parent.bounds.height - f.maxY))
        }
        return m
    }

    /// The frame of each piece shown, in this view's coordinates, after layout.
    package var pieceFrames: [ContentUnavailableLayout.Piece: CGRect] {
        var frames: [ContentUnavailableLayout.Piece: CGRect] = [:]
        let views: [(ContentUnavailableLayout.Piece, UIView)] = [
            (.image, imageView.isHidden ? activityIndicator : imageView), (.text, textLabel),
            (.secondaryText, secondaryTextLabel), (.button, button), (.secondaryButton, secondaryButton),
        ]
        for (piece, view) in views where !view.isHidden { frames[piece] = view.convert(view.bounds, to: self) }
        return frames
    }

    /// Puts the container in the view, or in a scroll view while scrolling is enabled.
    private func placeContainer() {
        if isScrollEnabled {
            let scroll = scrollView ?? UIScrollView(frame: bounds)
            scrollView = scroll
            if scroll.superview !== self { insertSubview(scroll, aboveSubview: backgroundView) }
            scroll.addSubview(container)
        } else {
            insertSubview(container, aboveSubview: backgroundView)
            scrollView?.removeFromSuperview()
        }
        setNeedsLayout()
    }

    /// Places the background, the image, texts and buttons; a one-line text that should
    /// shrink to fit does.
    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView.frame = bounds
        // Undo a shrink to fit (setting the same font again would restyle attributed text).
        if textLabel.font != usable.textProperties.font { textLabel.font = usable.textProperties.font }
        if secondaryTextLabel.font != usable.secondaryTextProperties.font {
            secondaryTextLabel.font = usable.secondaryTextProperties.font
        }
        let layout = layout
        let height = max(bounds.height, layout.height(forWidth: bounds.width))
        if let scrollView, isScrollEnabled {
            scrollView.frame = bounds
            container.frame = CGRect(x: 0, y: 0, width: bounds.width, height: height)
            scrollView.contentSize = container.frame.size
        } else {
            container.frame = bounds
        }
        let frames = layout.frames(in: CGSize(width: bounds.width, height: isScrollEnabled ? height : bounds.height))
        imageView.frame = frames[.image] ?? .zero
        activityIndicator.frame = frames[.image] ?? .zero
        textLabel.frame = frames[.text] ?? .zero
        secondaryTextLabel.frame = frames[.secondaryText] ?? .zero
        button.frame = frames[.button] ?? .zero
        secondaryButton.frame = frames[.secondaryButton] ?? .zero
        for (label, properties) in [(textLabel, usable.textProperties), (secondaryTextLabel, usable.secondaryTextProperties)]
            where properties.adjustsFontSizeToFitWidth && properties.numberOfLines == 1 {
            label.shrinkToFitWidth(from: properties.font, minimumScaleFactor: properties.minimumScaleFactor)
        }
    }

    /// The size that fits `size.width` (0: the natural one-line width): the content's
    /// height at that width, margins included, rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { layout.sizeThatFits(size) }

    /// The natural one-line width and the height at the current width (or at that natural width).
    open override var intrinsicContentSize: CGSize { layout.intrinsicSize(boundsWidth: bounds.width) }
}

extension UIContentUnavailableView: WidthDependentHeight {
    var heightDependsOnWidth: Bool { true }
    /// The natural one-line width, and the height at `width`.
    func contentSize(forLayoutWidth width: CGFloat) -> CGSize { layout.contentSize(forLayoutWidth: width) }
}
