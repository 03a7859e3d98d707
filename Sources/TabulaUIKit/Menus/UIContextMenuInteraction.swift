import Foundation

/// Something a view does in response to the person, added with ``UIView/addInteraction(_:)``.
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is added to.
    var view: UIView? { get }
    /// The interaction is about to be added to `view` (nil: about to be removed).
    func willMove(to view: UIView?)
    /// The interaction was added to `view` (nil: removed).
    func didMove(to view: UIView?)
}

/// Carries an interaction on its view: Tabula keeps interactions among the view's
/// gesture recognizers (a view has no other place for them without a stored property).
@MainActor
final class InteractionCarrier: UILongPressGestureRecognizer {
    private(set) var interaction: (any UIInteraction)?

    convenience init(_ interaction: any UIInteraction, recognizes: Bool) {
        self.init()
        self.interaction = interaction
        isEnabled = recognizes
    }
}

extension UIView {
    /// The interactions added to this view, in the order they were added.
    public var interactions: [any UIInteraction] {
        get { (gestureRecognizers ?? []).compactMap { ($0 as? InteractionCarrier)?.interaction } }
        set {
            for interaction in interactions { removeInteraction(interaction) }
            for interaction in newValue { addInteraction(interaction) }
        }
    }

    /// Adds `interaction` to this view (taking it from another view first).
    public func addInteraction(_ interaction: any UIInteraction) {
        if let old = interaction.view, old !== self { old.removeInteraction(interaction) }
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: self)
        let carrier = (interaction as? UIContextMenuInteraction)?.makeCarrier()
            ?? InteractionCarrier(interaction, recognizes: false)
        addGestureRecognizer(carrier)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` from this view; does nothing if it is not on it.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard let carrier = (gestureRecognizers ?? []).first(where: {
            ($0 as? InteractionCarrier)?.interaction === interaction
        }) else { return }
        interaction.willMove(to: nil)
        removeGestureRecognizer(carrier)
        interaction.didMove(to: nil)
    }
}

/// Gives any view a context menu: a long press (0.5 s) asks the delegate for a
/// configuration, and for one the view lifts and its menu shows, as for a table row.
///
/// ```swift
/// let interaction = UIContextMenuInteraction(delegate: self)
/// photoView.addInteraction(interaction)
/// ```
@preconcurrency @MainActor
open class UIContextMenuInteraction: UIInteraction {
    /// Provides the menu and hears about it.
    public private(set) weak var delegate: (any UIContextMenuInteractionDelegate)?
    /// The view the interaction is on.
    public private(set) weak var view: UIView?
    private weak var carrier: InteractionCarrier?
    private var lastLocation: CGPoint = .zero
    private weak var presentation: ContextMenuPresentation?

    /// An interaction whose menus come from `delegate` (held weakly).
    public init(delegate: any UIContextMenuInteractionDelegate) {
        self.delegate = delegate
    }

    /// Does nothing; called before the interaction moves to `view`.
    open func willMove(to view: UIView?) {}

    /// Remembers the view the interaction is on.
    open func didMove(to view: UIView?) { self.view = view }

    /// Where the press that opened the menu is (or was), in `view`'s coordinates (the
    /// window's for nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return lastLocation }
        return own.convert(lastLocation, to: view)
    }

    /// Closes the menu, if it shows.
    public func dismissMenu() { presentation?.dismiss(animated: true) }

    func makeCarrier() -> InteractionCarrier {
        let carrier = InteractionCarrier(self, recognizes: true)
        carrier.addTarget { [weak self] (press: UILongPressGestureRecognizer) in
            guard press.state == .began else { return }
            self?.pressBegan(press)
        }
        self.carrier = carrier
        return carrier
    }

    private func pressBegan(_ press: UILongPressGestureRecognizer) {
        guard let view, let delegate, view.window?.contextMenuOnScreen == nil else { return }
        lastLocation = press.location(in: view)
        guard let configuration = delegate.contextMenuInteraction(self, configurationForMenuAtLocation: lastLocation)
        else { return }
        var hooks = ContextMenuPresentation.Hooks()
        hooks.willDisplay = { [weak self] animator in
            guard let self else { return }
            self.delegate?.contextMenuInteraction(self, willDisplayMenuFor: configuration, animator: animator)
        }
        hooks.willEnd = { [weak self] animator in
            guard let self else { return }
            self.delegate?.contextMenuInteraction(self, willEndFor: configuration, animator: animator)
        }
        hooks.previewCommitted = { [weak self] animator in
            guard let self else { return }
            self.delegate?.contextMenuInteraction(self, willPerformPreviewActionForMenuWith: configuration,
                                                  animator: animator)
        }
        hooks.dismissalPreview = { [weak self] in
            guard let self else { return nil }
            return self.delegate?.contextMenuInteraction(self, previewForDismissingMenuWithConfiguration: configuration)
        }
        let highlight = delegate.contextMenuInteraction(self, previewForHighlightingMenuWithConfiguration: configuration)
        presentation = ContextMenuPresentation.present(configuration, for: view, preview: highlight, hooks: hooks)
    }
}

/// Provides a ``UIContextMenuInteraction``'s menu and hears about it. Only the
/// configuration is required.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionDelegate: AnyObject {
    /// The menu for a long press at `location` (in the interaction's view), or nil for none.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration?
    /// The menu is about to show.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
    /// The menu is about to go, however it was closed.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                willEndFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?)
    /// The preview was tapped; the menu closes after this.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                                animator: any UIContextMenuInteractionCommitAnimating)
    /// What lifts as the menu opens, instead of the whole view (deprecated in iOS 16);
    /// nil lifts the view.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview?
    /// Where the lifted picture goes as the menu closes (deprecated in iOS 16); nil sends
    /// it back to the view.
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview?
}

extension UIContextMenuInteractionDelegate {
    /// Does nothing.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Does nothing.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       willEndFor configuration: UIContextMenuConfiguration,
                                       animator: (any UIContextMenuInteractionAnimating)?) {}
    /// Does nothing.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                                       animator: any UIContextMenuInteractionCommitAnimating) {}
    /// Nil: the view lifts.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       previewForHighlightingMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview? { nil }
    /// Nil: the picture goes back to the view.
    public func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                       previewForDismissingMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview? { nil }
}
