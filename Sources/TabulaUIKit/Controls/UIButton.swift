import Foundation

/// A button: a title, an image, or both, that runs its action when tapped.
///
/// Two ways to style it, as in UIKit:
/// - **By state** (`init(type:)`): ``setTitle(_:for:)``, ``setTitleColor(_:for:)``,
///   ``setImage(_:for:)`` and ``setBackgroundImage(_:for:)`` per ``UIControl/State``,
///   falling back to `.normal`. A `.system` button draws its title in the tint colour and
///   dims it while pressed, fading back when the finger lifts, as iOS does.
/// - **By configuration** (``init(configuration:primaryAction:)``): a
///   ``UIButton/Configuration`` (`.plain()`, `.tinted()`, `.gray()`, `.filled()`,
///   `.borderless()`, `.bordered()`, `.borderedProminent()`) with a title, subtitle,
///   image, insets and corner style; ``configurationUpdateHandler`` restyles it as the
///   state changes.
///
/// A tap sends `.touchUpInside`, and with it `.primaryActionTriggered`. With a ``menu``
/// and ``showsMenuAsPrimaryAction``, a tap shows the menu instead.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// The kinds of button (UIKit's values).
    public enum ButtonType: Int, Sendable {
        /// No styling of its own: the title is white by default and does not dim.
        case custom = 0
        /// The standard button: tint-coloured title that dims while pressed.
        case system = 1
        /// An info symbol (a circled i), for details about an item.
        case detailDisclosure = 2
        /// An info symbol, for light backgrounds.
        case infoLight = 3
        /// An info symbol, for dark backgrounds.
        case infoDark = 4
        /// A plus in a circle, for adding a contact.
        case contactAdd = 5
        /// A close (×) symbol in a filled circle.
        case close = 7
    }

    /// The button's type, fixed at creation.
    public private(set) var buttonType: ButtonType = .custom

    /// Creates a button of `buttonType`. A convenience initializer, as in UIKit: it calls
    /// ``init(frame:)`` (a subclass's override runs) and then sets the type, so a subclass
    /// that overrides `init(frame:)` and `init(coder:)` inherits it.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        applyType(buttonType)
    }

    private func applyType(_ buttonType: ButtonType) {
        self.buttonType = buttonType
        if let symbol = Self.symbol(for: buttonType) {
            self.symbol = symbol
            bounds.size = CGSize(width: 44, height: 44)
        }
    }

    /// Creates a `.system` button whose `primaryAction` runs when tapped; the action's
    /// title and image become the button's.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
        }
    }

    /// Creates a button styled by `configuration`, running `primaryAction` when tapped.
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            if self.configuration?.title == nil, !primaryAction.title.isEmpty { self.configuration?.title = primaryAction.title }
        }
        // An initializer's own assignments run no observer: show the content now, so that
        // `sizeToFit()` before the button is on screen measures it.
        contentDidChange()
    }

    /// Creates a `.custom` button with `frame`, as `UIButton(frame:)` does in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Creates a button whose `primaryAction` runs for `.primaryActionTriggered` (a `.custom` one).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's button properties are set before it returns. The button's type is the
    /// file's (`"UIButtonType"`), `.custom` without one.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        if let type = InterfaceBuilderCoder.value("UIButtonType", in: coder) as? ButtonType { applyType(type) }
        InterfaceBuilderCoder.decode(coder, into: self, at: UIButton.self)
    }

    private func setUp() {
        isOpaque = false
        backgroundColor = nil
        addSubview(backgroundImageView)
        addSubview(imageViewStorage)
        addSubview(titleLabelStorage)
        addSubview(subtitleLabel)
        titleLabelStorage.font = .systemFont(ofSize: 15)
        titleLabelStorage.textAlignment = .center
        subtitleLabel.font = .systemFont(ofSize: 13)
        subtitleLabel.textAlignment = .center
        imageViewStorage.contentMode = .scaleAspectFit
    }

    // MARK: Content by state

    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private var symbolConfigurations: [UInt: UIImage.SymbolConfiguration] = [:]

    private let titleLabelStorage = UILabel(frame: .zero)
    private let subtitleLabel = UILabel(frame: .zero)
    private let imageViewStorage = UIImageView(frame: .zero)
    private let backgroundImageView = UIImageView(frame: .zero)

    /// The label that shows the title (its font can be changed).
    open var titleLabel: UILabel? { titleLabelStorage }
    /// The image view that shows the image.
    open var imageView: UIImageView? { imageViewStorage }

    /// The value for the current state: the state's own, else `.normal`'s.
    private func lookup<T>(_ table: [UInt: T], _ state: State) -> T? {
        table[state.rawValue] ?? (state.contains(.disabled) ? table[State.disabled.rawValue] : nil)
            ?? (state.contains(.selected) ? table[State.selected.rawValue] : nil)
            ?? (state.contains(.highlighted) ? table[State.highlighted.rawValue] : nil)
            ?? table[State.normal.rawValue]
    }

    /// Sets the title shown in `state` (nil: fall back to `.normal`'s).
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        contentDidChange()
    }
    /// The title for `state` (falling back to `.normal`'s).
    open func title(for state: State) -> String? { lookup(titles, state) }
    /// Sets a styled title for `state`; it is shown instead of the plain title (nil: fall
    /// back to `.normal`'s, then to the plain title). Its own colours win over ``setTitleColor(_:for:)``.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title.map { NSAttributedString(attributedString: $0) }
        contentDidChange()
    }
    /// The styled title for `state` (falling back to `.normal`'s).
    open func attributedTitle(for state: State) -> NSAttributedString? { lookup(attributedTitles, state) }
    /// The styled title shown now, if any.
    open var currentAttributedTitle: NSAttributedString? { configuration?.title == nil ? attributedTitle(for: state) : nil }

    /// Space around the title and image, beyond the button's own (deprecated in iOS 15 for
    /// ``configuration``'s `contentInsets`; ignored when a configuration styles the button).
    /// It grows ``intrinsicContentSize``.
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { invalidateIntrinsicContentSize(); setNeedsLayout() } }
    /// Moves the title from where the button lays it out: a positive left inset moves it
    /// right by half that much when centred (deprecated in iOS 15, as in UIKit; ignored
    /// with a configuration). It does not change ``intrinsicContentSize``.
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Moves the image as ``titleEdgeInsets`` moves the title.
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Sets the title colour in `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        contentDidChange()
    }
    /// The title colour for `state`.
    open func titleColor(for state: State) -> UIColor? { lookup(titleColors, state) ?? defaultTitleColor }
    /// Sets the image shown in `state`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        contentDidChange()
    }
    /// The image for `state`.
    open func image(for state: State) -> UIImage? { lookup(images, state) }
    /// Sets the size, weight and scale of symbol images in `state` (nil: match the
    /// title's font, as UIKit does).
    open func setPreferredSymbolConfiguration(_ configuration: UIImage.SymbolConfiguration?, forImageIn state: State) {
        symbolConfigurations[state.rawValue] = configuration
        contentDidChange()
    }
    /// The symbol configuration set for `state` (falling back to `.normal`'s), if any.
    open func preferredSymbolConfigurationForImage(in state: State) -> UIImage.SymbolConfiguration? {
        lookup(symbolConfigurations, state)
    }
    /// Sets the background image in `state` (stretched to the bounds; resizable images keep their caps).
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        contentDidChange()
    }
    /// The background image for `state`.
    open func backgroundImage(for state: State) -> UIImage? { lookup(backgroundImages, state) }

    /// The title shown now.
    open var currentTitle: String? { configuration?.title ?? title(for: state) ?? attributedTitle(for: state)?.string }
    /// The title colour used now.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .label }
    /// The image shown now.
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }

    private var defaultTitleColor: UIColor? {
        buttonType == .custom ? .white : tintColor
    }

    // MARK: Configuration

    /// The button's configuration, when it is styled by one (nil for a state-styled button).
    open var configuration: UIButton.Configuration? {
        didSet { contentDidChange() }
    }

    /// Called when the state changes, to restyle a configured button (set
    /// `button.configuration` inside it).
    open var configurationUpdateHandler: ((UIButton) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// Asks for ``updateConfiguration()`` before the next layout.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    private var needsConfigurationUpdate = false

    /// Runs the ``configurationUpdateHandler``; subclasses override it to restyle themselves.
    open func updateConfiguration() {
        configurationUpdateHandler?(self)
    }

    // MARK: Menu

    /// A menu for the button: shown on a tap when ``showsMenuAsPrimaryAction``.
    open var menu: UIMenu? {
        didSet { if changesSelectionAsPrimaryAction { showSelectedMenuElement() } }
    }
    /// Whether a tap shows ``menu`` instead of sending the primary action (default false).
    open var showsMenuAsPrimaryAction = false

    /// Whether the button tracks a selection (iOS 15). Without a ``menu``, a tap toggles
    /// ``UIControl/isSelected`` before the actions run, so that they read the new state (a
    /// toggle button). With a menu shown as the primary action, it is a pop-up button: one
    /// of the menu's actions is on (the first when none is), the button shows its title,
    /// and choosing another turns it on, the others off, before its handler runs.
    open var changesSelectionAsPrimaryAction = false {
        didSet { if changesSelectionAsPrimaryAction { showSelectedMenuElement() } }
    }

    /// What a button is for, as Mac Catalyst and keyboards read it (UIKit's values).
    public enum Role: Int, Sendable {
        /// A button with no particular role (the default).
        case normal = 0
        /// The button a primary key press (Return) activates.
        case primary = 1
        /// The button a cancel key press (Escape) activates.
        case cancel = 2
        /// A button that destroys data.
        case destructive = 3
    }

    /// The button's role (default `.normal`); kept, and without effect on the look: iOS
    /// draws a button of any role alike, and only Mac Catalyst styles by it.
    open var role: Role = .normal

    /// The preferred behavioral style (Mac Catalyst's choice of look); kept, and without
    /// effect: Tabula draws every control as iOS does.
    open var preferredBehavioralStyle: UIBehavioralStyle = .automatic
    /// The style the button behaves in: always `.pad`, iOS's (see ``preferredBehavioralStyle``).
    open var behavioralStyle: UIBehavioralStyle { .pad }

    override var primaryActionTriggeringEvent: Event? { .touchUpInside }

    /// A tap on a button with a menu shown as its primary action opens the menu; a tap on
    /// a toggle button (``changesSelectionAsPrimaryAction`` without a menu) toggles its
    /// selection first.
    open override func sendActions(for controlEvents: UIControl.Event) {
        if controlEvents.contains(.touchUpInside), showsMenuAsPrimaryAction, let menu {
            if changesSelectionAsPrimaryAction {
                showSelectedMenuElement()
                MenuPlatterView.show(menu, from: self, sender: self) { [weak self] chosen in self?.select(chosen) }
            } else {
                MenuPlatterView.show(menu, from: self, sender: self)
            }
            var rest = controlEvents
            rest.remove(.touchUpInside)
            super.sendActions(for: rest)
            return
        }
        if controlEvents.contains(.touchUpInside), changesSelectionAsPrimaryAction, menu == nil {
            isSelected.toggle()
        }
        super.sendActions(for: controlEvents)
    }

    /// The actions of `menu`, inline submenus included, in order.
    private static func actions(in menu: UIMenu) -> [UIAction] {
        menu.children.flatMap { element -> [UIAction] in
            if let action = element as? UIAction { return [action] }
            if let submenu = element as? UIMenu { return actions(in: submenu) }
            return []
        }
    }

    /// A pop-up button's chosen action: on, the others off, its title shown.
    private func select(_ chosen: UIAction) {
        guard let menu else { return }
        for action in Self.actions(in: menu) { action.state = action === chosen ? .on : .off }
        showSelectedMenuElement()
    }

    /// A pop-up button shows the title of its menu's action that is on, turning the first
    /// on when none is.
    private func showSelectedMenuElement() {
        guard let menu else { return }
        let actions = Self.actions(in: menu)
        guard let selected = actions.first(where: { $0.state == .on }) ?? actions.first else { return }
        if selected.state != .on { selected.state = .on }
        if configuration != nil {
            configuration?.title = selected.title
        } else {
            setTitle(selected.title, for: .normal)
        }
    }

    // MARK: Highlight

    override func stateDidChange() {
        super.stateDidChange()
        if configurationUpdateHandler != nil { setNeedsUpdateConfiguration() }
        applyState(animated: true)
    }

    /// How much a pressed `.system` button's content fades.
    nonisolated static let highlightedAlpha: CGFloat = 0.2

    /// Whether pressing dims the content: a `.system` button's, or a configured one's
    /// without a background of its own (`.plain()`, `.borderless()`). The other
    /// configured styles darken their background instead (``Configuration/updated(for:)``).
    private var dimsContentWhileHighlighted: Bool {
        if let configuration { return !configuration.hasStyleBackground }
        return buttonType != .custom
    }

    /// Shows the current state: the content of a button that dims does so at once when
    /// pressed and fades back over a quarter second when released; a configured
    /// button's background darkens at once and fades back the same way.
    private func applyState(animated: Bool) {
        let fades = animated && !isHighlighted
        // Only a release fades the background; other changes (disabling) show at once.
        applyContent(fadingBackground: fades && showsHighlight)
        showsHighlight = isHighlighted
        let dims = dimsContentWhileHighlighted
        let alpha: CGFloat = dims && isHighlighted ? Self.highlightedAlpha : 1
        var content = [titleLabelStorage, subtitleLabel, imageViewStorage, symbolView] as [UIView]
        if let activityIndicator { content.append(activityIndicator) }
        if !fades {
            UIView.performWithoutAnimation { for view in content { view.alpha = alpha } }
        } else {
            UIView.animate(withDuration: Self.highlightFadeDuration, delay: 0,
                           options: [.allowUserInteraction, .beginFromCurrentState], animations: {
                for view in content { view.alpha = alpha }
            })
        }
    }

    /// Whether the button last showed its pressed look.
    private var showsHighlight = false

    /// How long the pressed look takes to fade when the finger lifts.
    static let highlightFadeDuration: TimeInterval = 0.25

    // MARK: Symbol buttons

    private var symbol: String?
    private lazy var symbolView: SymbolView = {
        let view = SymbolView(frame: .zero)
        addSubview(view)
        return view
    }()

    private static func symbol(for type: ButtonType) -> String? {
        switch type {
        case .detailDisclosure, .infoLight, .infoDark: "info.circle"
        case .contactAdd: "plus.circle"
        case .close: "xmark.circle.fill"
        case .custom, .system: nil
        }
    }

    // MARK: Layout and drawing

    private func contentDidChange() {
        applyContent()
        setNeedsLayout()
    }

    /// Puts the current state's title, colours and images in the subviews.
    private func applyContent(fadingBackground: Bool = false) {
        if let configuration {
            // What the state makes of the configuration; a plain button's dimming is the
            // content's opacity (applyState), not its colour.
            let drawn = configuration.updated(highlighted: isHighlighted, enabled: isEnabled, tint: tintColor,
                                              dimsForegroundColor: false)
            // Titles and images set per state show where the configuration has none, as in UIKit.
            if configuration.title == nil, let attributed = attributedTitle(for: state) {
                if titleLabelStorage.attributedText != attributed { titleLabelStorage.attributedText = attributed }
            } else {
                titleLabelStorage.text = configuration.title ?? title(for: state)
            }
            let traits = traitCollection
            let titleFont = configuration.titleFont(for: traits)
            if titleLabelStorage.font != titleFont { titleLabelStorage.font = titleFont }
            let subtitleFont = UIButton.Configuration.subtitleFont(for: traits)
            if subtitleLabel.font != subtitleFont { subtitleLabel.font = subtitleFont }
            subtitleLabel.text = configuration.subtitle
            Self.setLineBreaks(of: titleLabelStorage, configuration.titleLineBreakMode)
            Self.setLineBreaks(of: subtitleLabel, configuration.subtitleLineBreakMode)
            showImage(configuration.image ?? image(for: state), configuration.preferredSymbolConfigurationForImage
                ?? UIImage.SymbolConfiguration(font: titleFont))
            let foreground: UIColor = drawn.baseForegroundColor ?? tintColor
            titleLabelStorage.textColor = foreground
            subtitleLabel.textColor = foreground
            // A template image (a symbol) takes the title's colour.
            if imageViewStorage.tintColor != foreground { imageViewStorage.tintColor = foreground }
            applyBackground(drawn, fading: fadingBackground)
            showActivityIndicator(configuration.showsActivityIndicator,
                                  color: configuration.resolvedActivityIndicatorColor(foreground: foreground))
            backgroundImageView.image = nil
        } else {
            configurationBackgroundView?.isHidden = true
            showActivityIndicator(false, color: nil)
            if let attributed = attributedTitle(for: state) {
                if titleLabelStorage.attributedText != attributed { titleLabelStorage.attributedText = attributed }
            } else {
                titleLabelStorage.text = title(for: state)
            }
            subtitleLabel.text = nil
            var color = titleColor(for: state) ?? .label
            if !isEnabled && titleColors[State.disabled.rawValue] == nil && buttonType == .system { color = .systemGray }
            titleLabelStorage.textColor = color
            showImage(image(for: state), preferredSymbolConfigurationForImage(in: state)
                ?? UIImage.SymbolConfiguration(font: titleLabelStorage.font))
            // A template image (a symbol) is tinted; grey while a system button is disabled.
            let imageTint: UIColor? = !isEnabled && buttonType == .system ? .systemGray : nil
            if imageViewStorage.tintColor != imageTint ?? tintColor { imageViewStorage.tintColor = imageTint }
            backgroundImageView.image = backgroundImage(for: state)
        }
        if let symbol {
            symbolView.symbol = symbol
            symbolView.color = buttonType == .infoDark ? .white : buttonType == .close ? .systemGray : tintColor
            symbolView.setNeedsDisplay()
        }
    }

    /// The configuration's background, under everything else; made for the first
    /// configuration, hidden while there is none.
    private(set) var configurationBackgroundView: BackgroundConfigurationView?
    /// The configuration's activity indicator, made when one is first shown.
    private(set) var activityIndicator: UIActivityIndicatorView?

    /// Draws the background of `drawn` (a configuration updated for the state) as the
    /// button's height and text size shape it (a capsule's radius is half the height; a
    /// dynamic one grows with the text); with `fading`, a new colour fades in.
    private func applyBackground(_ drawn: UIButton.Configuration, fading: Bool = false) {
        let resolved = drawn.resolvedBackground(height: bounds.height,
                                                contentSizeCategory: traitCollection.preferredContentSizeCategory)
        if let view = configurationBackgroundView {
            if view.configuration != resolved {
                if fading {
                    UIView.animate(withDuration: Self.highlightFadeDuration, delay: 0,
                                   options: [.allowUserInteraction, .beginFromCurrentState],
                                   animations: { view.apply(resolved) })
                } else {
                    view.apply(resolved)
                }
            }
            view.isHidden = false
        } else {
            let view = BackgroundConfigurationView(resolved)
            view.frame = bounds
            insertSubview(view, at: 0)
            configurationBackgroundView = view
        }
    }

    /// Spins the activity indicator in the image's place (the image view hides), or stops
    /// it and shows the image again.
    private func showActivityIndicator(_ shows: Bool, color: UIColor?) {
        if shows {
            let indicator = activityIndicator ?? UIActivityIndicatorView(style: .medium)
            if activityIndicator == nil {
                activityIndicator = indicator
                insertSubview(indicator, aboveSubview: imageViewStorage)
                setNeedsLayout()
            }
            if let color, indicator.color != color { indicator.color = color }
            if !indicator.isAnimating { indicator.startAnimating(); setNeedsLayout() }
        } else if let indicator = activityIndicator, indicator.isAnimating {
            indicator.stopAnimating()
            setNeedsLayout()
        }
        // Only a button that has shown the indicator hides and shows its image here: the
        // image view of any other is left as the app set it.
        if activityIndicator != nil, imageViewStorage.isHidden != shows { imageViewStorage.isHidden = shows }
    }

    /// Whether the activity indicator stands in the image's place.
    private var showsActivityIndicator: Bool { configuration?.showsActivityIndicator == true }

    /// The size of what sits beside the title: the activity indicator while it shows, else the image.
    private var imageSlotSize: CGSize {
        if showsActivityIndicator, let activityIndicator { return activityIndicator.sizeThatFits(.zero) }
        return imageViewStorage.sizeThatFits(.zero)
    }

    /// Puts `image` in the image view, a symbol sized by `symbolConfiguration`; an
    /// unchanged image is not redrawn.
    private func showImage(_ image: UIImage?, _ symbolConfiguration: UIImage.SymbolConfiguration) {
        if imageViewStorage.preferredSymbolConfiguration != symbolConfiguration {
            imageViewStorage.preferredSymbolConfiguration = symbolConfiguration
        }
        if imageViewStorage.image !== image { imageViewStorage.image = image }
    }

    /// A label's lines as a configuration's line break `mode` asks: wrapping modes give as
    /// many as the width needs, the others one.
    private static func setLineBreaks(of label: UILabel, _ mode: NSLineBreakMode) {
        let lines = mode == .byWordWrapping || mode == .byCharWrapping ? 0 : 1
        if label.numberOfLines != lines { label.numberOfLines = lines }
        if label.lineBreakMode != mode { label.lineBreakMode = mode }
    }

    /// The title's and subtitle's sizes with `width` points for the text beside or under
    /// the image (0: as wide as they like, on one line each unless they hold line breaks).
    private func textSizes(width: CGFloat) -> (title: CGSize, subtitle: CGSize) {
        let fit = CGSize(width: width.isFinite ? max(0, width) : 0, height: 0)
        let title = titleLabelStorage.text == nil && titleLabelStorage.attributedText == nil
            ? .zero : titleLabelStorage.sizeThatFits(fit)
        let subtitle = subtitleLabel.text == nil ? .zero : subtitleLabel.sizeThatFits(fit)
        return (title, subtitle)
    }

    /// The width the title and subtitle have inside `width` points of button: less the
    /// insets, and the image and its padding when the image is beside them. 0 for none given.
    private func textWidth(inButtonWidth width: CGFloat) -> CGFloat {
        guard width.isFinite, width > 0 else { return 0 }
        let insets = contentInsets
        var available = width - insets.leading - insets.trailing
        let image = imageSlotSize
        if !imagePlacement.isVertical, image.width > 0 { available -= image.width + (configuration?.imagePadding ?? 4) }
        return max(1, available)
    }

    /// The size of the content with the configuration's (or the default) insets. A
    /// configured button given a width wraps its title (and subtitle) to it, as its line
    /// break modes allow, and is as tall as the lines need.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if symbol != nil { return CGSize(width: 44, height: 44) }
        let insets = contentInsets
        let (title, subtitle) = textSizes(width: configuration != nil ? textWidth(inButtonWidth: size.width) : 0)
        let image = imageSlotSize
        let padding = image.width > 0 && title.width > 0 ? (configuration?.imagePadding ?? 4) : 0
        let textWidth = max(title.width, subtitle.width)
        let textHeight = title.height + (subtitle.height > 0 ? subtitle.height + (configuration?.titlePadding ?? 2) : 0)
        var width = image.width + padding + textWidth, height = max(image.height, textHeight)
        if imagePlacement.isVertical {
            width = max(image.width, textWidth)
            height = image.height + padding + textHeight
        }
        width += insets.leading + insets.trailing
        height += insets.top + insets.bottom
        let least: CGFloat = configuration != nil ? 34 : contentEdgeInsets == .zero ? 30 : 0
        return CGSize(width: width.rounded(.up), height: max(height, least).rounded(.up))
    }

    /// The natural size: ``sizeThatFits(_:)`` of nothing.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    private var contentInsets: NSDirectionalEdgeInsets {
        if let configuration { return configuration.contentInsets }
        guard contentEdgeInsets != .zero else { return NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0) }
        let e = contentEdgeInsets, rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        return NSDirectionalEdgeInsets(top: e.top, leading: rightToLeft ? e.right : e.left, bottom: e.bottom,
                                       trailing: rightToLeft ? e.left : e.right)
    }

    /// Where the image goes beside the title: the configuration's, else leading.
    private var imagePlacement: NSDirectionalRectEdge { configuration?.imagePlacement ?? .leading }

    /// A configured button's title follows a change of text size (UIKit's configured
    /// buttons support Dynamic Type by default): its content is applied again, and its
    /// size asked again.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        guard configuration != nil,
              previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory
        else { return }
        applyContent()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsConfigurationUpdate {
            needsConfigurationUpdate = false
            updateConfiguration()
            applyContent()
        }
        if let configuration {
            applyBackground(configuration.updated(highlighted: isHighlighted, enabled: isEnabled, tint: tintColor,
                                                  dimsForegroundColor: false))
        }
        configurationBackgroundView?.frame = bounds
        backgroundImageView.frame = bounds
        if symbol != nil {
            symbolView.frame = bounds
            return
        }
        let insets = contentInsets
        let content = CGRect(x: insets.leading, y: insets.top, width: max(0, bounds.width - insets.leading - insets.trailing),
                             height: max(0, bounds.height - insets.top - insets.bottom))
        let (title, subtitle) = textSizes(width: configuration != nil ? textWidth(inButtonWidth: bounds.width) : 0)
        var image = imageSlotSize
        if configuration == nil {
            // A legacy button's image never stretches but shrinks to the button, less its
            // `contentEdgeInsets`, when it is larger (a 44-point image in a 36-point button draws
            // at 36), as UIKit's does. The 6 points above and below that `contentInsets` adds
            // are for sizing a title, not a limit on the image.
            let room = bounds.inset(by: contentEdgeInsets)
            image = CGSize(width: min(image.width, max(0, room.width)), height: min(image.height, max(0, room.height)))
        }
        let padding = image.width > 0 && title.width > 0 ? (configuration?.imagePadding ?? 4) : 0
        let placement = imagePlacement
        let textWidth = placement.isVertical ? min(max(title.width, subtitle.width), content.width)
            : min(max(title.width, subtitle.width), max(0, content.width - image.width - padding))
        let textHeight = title.height + (subtitle.height > 0 ? subtitle.height + (configuration?.titlePadding ?? 2) : 0)
        // The group of image and text, aligned in the content rectangle.
        let group = placement.isVertical
            ? CGSize(width: max(image.width, textWidth), height: image.height + padding + textHeight)
            : CGSize(width: image.width + padding + textWidth, height: max(image.height, textHeight))
        let originX: CGFloat = switch effectiveContentHorizontalAlignment {
        case .left, .leading: content.minX
        case .right, .trailing: content.maxX - group.width
        case .center, .fill: content.midX - group.width / 2
        }
        let originY = content.midY - group.height / 2
        var imageFrame = CGRect(origin: .zero, size: image), textOrigin = CGPoint.zero
        if placement.isVertical {
            let imageFirst = placement == .top
            let imageY = imageFirst ? originY : originY + textHeight + padding
            imageFrame.origin = CGPoint(x: originX + (group.width - image.width) / 2, y: imageY)
            textOrigin = CGPoint(x: originX + (group.width - textWidth) / 2, y: imageFirst ? originY + image.height + padding : originY)
        } else {
            // The image is on the leading side (the right, right to left) unless placed trailing.
            let imageOnRight = (placement == .trailing) != (effectiveUserInterfaceLayoutDirection == .rightToLeft)
            let imageX = imageOnRight ? originX + textWidth + padding : originX
            imageFrame.origin = CGPoint(x: imageX, y: content.midY - image.height / 2)
            textOrigin = CGPoint(x: imageOnRight ? originX : originX + image.width + padding, y: content.midY - textHeight / 2)
        }
        var titleFrame = CGRect(x: textOrigin.x, y: textOrigin.y, width: textWidth, height: title.height)
        var subtitleFrame = CGRect(x: textOrigin.x, y: titleFrame.maxY + (configuration?.titlePadding ?? 2),
                                   width: textWidth, height: subtitle.height)
        if configuration == nil {
            // The legacy edge insets move what they inset.
            imageFrame = imageFrame.offsetBy(dx: edgeShift(imageEdgeInsets).x, dy: edgeShift(imageEdgeInsets).y)
            titleFrame = titleFrame.offsetBy(dx: edgeShift(titleEdgeInsets).x, dy: edgeShift(titleEdgeInsets).y)
            subtitleFrame = subtitleFrame.offsetBy(dx: edgeShift(titleEdgeInsets).x, dy: edgeShift(titleEdgeInsets).y)
        }
        imageViewStorage.frame = imageFrame
        if showsActivityIndicator { activityIndicator?.frame = imageFrame }
        titleLabelStorage.frame = titleFrame
        subtitleLabel.frame = subtitleFrame
    }

    /// How far an inset of `titleEdgeInsets` or `imageEdgeInsets` moves what it insets:
    /// the inset rectangle's shift, halved where the content is centred.
    private func edgeShift(_ insets: UIEdgeInsets) -> CGPoint {
        let x: CGFloat = switch effectiveContentHorizontalAlignment {
        case .left, .leading: insets.left
        case .right, .trailing: -insets.right
        case .center, .fill: (insets.left - insets.right) / 2
        }
        return CGPoint(x: x, y: (insets.top - insets.bottom) / 2)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyContent()
    }
}

/// Draws one of the circled symbols of the info, add-contact and close buttons.
@MainActor
final class SymbolView: UIView {
    var symbol = ""
    var color: UIColor = .systemBlue

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        // The close button's cross sits in a faint disc, as iOS draws it.
        SymbolLibrary.draw(symbol, center: CGPoint(x: bounds.midX, y: bounds.midY), color: color, in: ctx,
                           secondaryOpacity: symbol == "xmark.circle.fill" ? 0.15 : nil)
    }
}

private extension NSDirectionalRectEdge {
    /// Whether an image placed here is above or below the title.
    var isVertical: Bool { self == .top || self == .bottom }
}

/// A configured button wraps its title to the width Auto Layout gives it, and is as tall
/// as the lines need (UIKit's configured buttons take several lines by default).
extension UIButton: WidthDependentHeight {
    var heightDependsOnWidth: Bool {
        configuration != nil && (titleLabelStorage.numberOfLines != 1 || subtitleLabel.numberOfLines != 1)
    }

    func contentSize(forLayoutWidth width: CGFloat) -> CGSize { sizeThatFits(CGSize(width: width, height: 0)) }
}
