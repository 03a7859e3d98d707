extension UIView: UITraitEnvironment {
    /// The view's traits: its superview's (the window's come from its screen), with the
    /// appearance replaced by this view's ``overrideUserInterfaceStyle``, or else by that
    /// of the view controller whose view this is.
    ///
    /// A view outside any window has the light appearance and an unspecified scale, except
    /// a table's cell, header or footer that the table holds out of its view tree (in a
    /// reuse pool, or just dequeued for the data source to configure): it has its table's
    /// traits, as in UIKit.
    ///
    /// A view in a tree keeps the traits it last worked out until anything they are made
    /// from changes (a superview, an override, a view controller, the window's screen or
    /// size): layout and drawing ask every view for its traits, and each answer would
    /// otherwise walk up to the window.
    public var traitCollection: UITraitCollection {
        if cachedTraitsEpoch == UIView.traitEpoch, let cachedTraits { return cachedTraits }
        guard let superview else { return traitCollection(inheriting: rootTraitCollection) }
        let traits = traitCollection(inheriting: superview.traitCollection)
        cachedTraits = traits
        cachedTraitsEpoch = UIView.traitEpoch
        return traits
    }

    /// Counts the changes to anything a view's traits are made from: a superview, a trait
    /// parent or a view controller set; an override, a text size limit or trait overrides
    /// changed; a window's screen traits, scale or size changed (``traitsMayHaveChanged()``
    /// is called for each of those, or the setter counts itself). A view's kept traits
    /// (``cachedTraits``) are good while the count is the one they were worked out at.
    static var traitEpoch = 0

    /// The traits at the top of the tree: a window's screen traits, those of the view this
    /// one belongs to while it is in no view (``traitParent``: a table's pooled cell), or
    /// the detached default. (A view outside any window prefers no text size: fonts scale
    /// for the current traits.)
    private var rootTraitCollection: UITraitCollection {
        if let window = self as? UIWindow { return window.screenTraitCollection }
        return traitParent?.traitCollection ?? UIView.detachedTraits
    }

    /// Whether this view's traits are the ones it will be drawn with: its tree is in a
    /// window, or hangs from a ``traitParent`` that is.
    private var traitsAreLive: Bool {
        var view = self
        while let parent = view.superview { view = parent }
        return view is UIWindow || view.traitParent?.window != nil
    }

    private static let detachedTraits = UITraitCollection(userInterfaceStyle: .light)

    /// This view's traits given its superview's: the appearance override (the view's, else
    /// its view controller's), then ``traitOverrides``, then the limits of the text size
    /// (``minimumContentSizeCategory``, ``maximumContentSizeCategory``).
    private func traitCollection(inheriting inherited: UITraitCollection) -> UITraitCollection {
        var style = overrideUserInterfaceStyle
        if style == .unspecified, let controller = viewController { style = controller.overrideUserInterfaceStyle }
        var traits = style == .unspecified ? inherited : inherited.replacing(style: style)
        if !traitOverrides.isEmpty { traits = traitOverrides.applied(to: traits) }
        if minimumContentSizeCategory != nil || maximumContentSizeCategory != nil {
            let category = limitedContentSizeCategory(traits.preferredContentSizeCategory)
            if category != traits.preferredContentSizeCategory { traits = traits.replacing(category: category) }
        }
        return traits
    }

    /// Re-reads the traits of this view and its subtree after something they depend on
    /// changed (the screen's appearance, an override, a move into a window). Each view
    /// whose traits differ from those it last had resolves its background colour again,
    /// is marked for display and layout, and hears ``traitCollectionDidChange(_:)``
    /// (as does its view controller) — except on the first reading in a window, which only
    /// records them.
    ///
    /// A view in no window counts when its tree hangs from a ``traitParent`` in one (a
    /// table's cell out of the table): its traits are then the ones it will be shown with.
    package func traitsMayHaveChanged() {
        UIView.traitEpoch &+= 1
        // Traits read outside a window (scale unspecified) are not the ones to compare with.
        guard traitsAreLive else { return }
        updateTraits(inheriting: superview?.traitCollection ?? rootTraitCollection)
    }

    private func updateTraits(inheriting inherited: UITraitCollection) {
        let traits = traitCollection(inheriting: inherited)
        let previous = lastTraitCollection
        if previous != traits {
            lastTraitCollection = traits
            if let backgroundColor, backgroundColor.isDynamic {
                layer.backgroundColor = backgroundColor.resolvedColor(with: traits).cgColor
            }
            if previous?.preferredContentSizeCategory != traits.preferredContentSizeCategory {
                contentSizeCategoryDidChange(from: previous?.preferredContentSizeCategory,
                                             to: traits.preferredContentSizeCategory)
            }
            if viewController != nil, previous?.horizontalSizeClass != traits.horizontalSizeClass {
                resolveLayoutMargins(notifyingController: previous != nil)
            }
            if let previous {
                setNeedsDisplay()
                setNeedsLayout()
                traitCollectionDidChange(previous)
                traitChangeRegistrations.traitsChanged(for: self, from: previous, to: traits)
                if let viewController {
                    viewController.contentUnavailable.needsUpdate = true
                    viewController.traitCollectionDidChange(previous)
                    viewController.traitChangeRegistrations.traitsChanged(for: viewController, from: previous, to: traits)
                }
            }
        }
        for subview in subviews { subview.updateTraits(inheriting: traits) }
    }
}

extension UIWindow {
    /// The traits the window's screen gives it: the scale, the appearance the host
    /// chose, the default text size, left-to-right layout, the screen's device idiom
    /// (a phone when it is on none), and size classes from the
    /// window's size (``sizeClasses(for:)``: an approximation of UIKit's per-device table,
    /// in which every phone in portrait has a regular height and a compact width).
    ///
    /// Every view's traits are read through its window's, many times a frame: the
    /// collection is made again only when one of the values it is made from changed.
    var screenTraitCollection: UITraitCollection {
        let style = screenUserInterfaceStyle == .unspecified ? .light : screenUserInterfaceStyle
        let category = screenContentSizeCategory == .unspecified ? .large : screenContentSizeCategory
        let classes = Self.sizeClasses(for: turningToSize ?? bounds.size)
        let idiom = (layer.host as? HeadlessScreen)?.device.userInterfaceIdiom ?? .phone
        if let made = madeScreenTraits, made.displayScale == screenScale, made.userInterfaceStyle == style,
           made.preferredContentSizeCategory == category, made.horizontalSizeClass == classes.horizontal,
           made.verticalSizeClass == classes.vertical, made.userInterfaceIdiom == idiom {
            return made
        }
        // Views below keep traits made from the last ones (``UIView/traitEpoch``).
        UIView.traitEpoch &+= 1
        let made = UITraitCollection(displayScale: screenScale, userInterfaceStyle: style,
                                     preferredContentSizeCategory: category, horizontalSizeClass: classes.horizontal,
                                     verticalSizeClass: classes.vertical, layoutDirection: .leftToRight,
                                     userInterfaceIdiom: idiom)
        madeScreenTraits = made
        return made
    }

    /// The size classes of a window `size` large (see ``screenTraitCollection``): a phone
    /// in landscape (wider than tall, under 500 points tall) has a compact height, and a
    /// regular width only when it is one of the large phones (896 points wide or more: a
    /// Plus or Pro Max), as in UIKit; anything else has a regular width from 768 points.
    static func sizeClasses(for size: CGSize) -> (horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass) {
        let phoneLandscape = size.height < 500 && size.height < size.width
        let regularWidth = phoneLandscape ? size.width >= 896 : size.width >= 768
        return (regularWidth ? .regular : .compact, phoneLandscape ? .compact : .regular)
    }
}

extension UIViewController: UITraitEnvironment {
    /// The traits of the controller's view; before the view loads, its parent's (or the
    /// light default) with ``overrideUserInterfaceStyle`` applied.
    public var traitCollection: UITraitCollection {
        if let view = viewIfLoaded { return view.traitCollection }
        let inherited = parent?.traitCollection ?? UITraitCollection(userInterfaceStyle: .light)
        return overrideUserInterfaceStyle == .unspecified ? inherited : inherited.replacing(style: overrideUserInterfaceStyle)
    }
}
