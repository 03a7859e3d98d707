import Foundation

/// What a view controller keeps for its content-unavailable view.
struct ContentUnavailableHosting {
    /// The configuration the app set.
    var configuration: (any UIContentConfiguration)?
    /// The configuration shown: ``configuration`` updated for the state when it was applied.
    var shown: (any UIContentConfiguration)?
    /// The view showing it, a subview of the controller's view.
    var view: (any UIView & UIContentView)?
    /// Whether ``UIViewController/updateContentUnavailableConfiguration(using:)`` is due
    /// at the next layout; true until the first.
    var needsUpdate = true
    /// Whether that update is running (a configuration it sets is shown once it returns).
    var isUpdating = false
}

extension UIViewController {
    /// What the view controller shows over its view while it has no content to show —
    /// usually a ``UIContentUnavailableConfiguration`` (empty, loading, no search
    /// results), though any content configuration will do — or nil (the default) for
    /// nothing.
    ///
    /// Setting one puts the view it makes (``UIContentConfiguration/makeContentView()``)
    /// over the controller's view, filling its bounds and in front of its other subviews
    /// (a view of the same kind already there takes the new configuration in place);
    /// setting nil takes it away. The view shows the configuration
    /// ``UIContentConfiguration/updated(for:)`` the controller's
    /// ``contentUnavailableConfigurationState``, so a ``UIContentUnavailableConfiguration/search()``
    /// configuration names the search text. Set it in
    /// ``updateContentUnavailableConfiguration(using:)`` to follow your data.
    public var contentUnavailableConfiguration: (any UIContentConfiguration)? {
        get { contentUnavailable.configuration }
        set {
            contentUnavailable.configuration = newValue
            if !contentUnavailable.isUpdating { showContentUnavailableConfiguration() }
        }
    }

    /// Puts the configuration (updated for the current state) on screen, takes its view
    /// away when there is none; nothing until the view loads.
    private func showContentUnavailableConfiguration() {
        guard let root = viewIfLoaded else { return }
        guard let configuration = contentUnavailable.configuration else {
            contentUnavailable.view?.removeFromSuperview()
            contentUnavailable = ContentUnavailableHosting(needsUpdate: contentUnavailable.needsUpdate)
            return
        }
        let shown = configuration.updated(for: contentUnavailableConfigurationState)
        if let current = contentUnavailable.view,
           updateContentViewInPlace(current, from: contentUnavailable.shown, to: shown) {
            contentUnavailable.shown = shown
            return
        }
        contentUnavailable.view?.removeFromSuperview()
        let made = shown.makeContentView()
        made.frame = root.bounds
        root.addSubview(made)
        contentUnavailable.view = made
        contentUnavailable.shown = shown
    }

    /// The view's layout pass, after its `layoutSubviews()`: runs a due
    /// ``updateContentUnavailableConfiguration(using:)`` and shows what it set, then
    /// keeps the content-unavailable view over the whole view (its visible part, for a
    /// scroll view) and in front.
    func layOutContentUnavailableView() {
        if contentUnavailable.needsUpdate {
            contentUnavailable.needsUpdate = false
            contentUnavailable.isUpdating = true
            updateContentUnavailableConfiguration(using: contentUnavailableConfigurationState)
            contentUnavailable.isUpdating = false
            if contentUnavailable.configuration != nil || contentUnavailable.view != nil {
                showContentUnavailableConfiguration()
            }
        }
        guard let overlay = contentUnavailable.view, let root = viewIfLoaded, overlay.superview === root else { return }
        if overlay.frame != root.bounds { overlay.frame = root.bounds }
        // The superview's margins and safe area may have moved without the frame changing.
        overlay.setNeedsLayout()
        if root.subviews.last !== overlay { root.bringSubviewToFront(overlay) }
    }
}
