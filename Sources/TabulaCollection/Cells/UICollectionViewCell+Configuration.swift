import Foundation
import TabulaUIKit

/// The cell's backgrounds and configurations: which background view shows, installing a
/// content configuration's view, and the update that runs after each change of state.
extension UICollectionViewCell {
    /// Puts the background views behind the content, the selected one showing while the
    /// cell is selected or highlighted.
    func arrangeBackgrounds() {
        var below = 0
        for view in [backgroundConfigurationView, backgroundView, selectedBackgroundView].compactMap({ $0 }) {
            insertSubview(view, at: below)
            view.frame = bounds
            below += 1
        }
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    func stateDidChange() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
        setNeedsUpdateConfiguration()
    }

    func contentConfigurationDidChange(from old: (any UIContentConfiguration)?) {
        defer { if !isUpdatingConfiguration { setNeedsUpdateConfiguration() } }
        guard let new = contentConfiguration else {
            if old != nil { replaceContentView(with: UIView()) }
            return
        }
        if updateContentViewInPlace(contentView, from: old, to: new) {
            setNeedsLayout()
            return
        }
        replaceContentView(with: new.makeContentView())
    }

    private func replaceContentView(with view: UIView) {
        let old = contentView
        guard view !== old else { return }
        let index = subviews.firstIndex { $0 === old }
        old.removeFromSuperview()
        setContentView(view)
        if let index { insertSubview(view, at: index) } else { addSubview(view) }
        view.frame = bounds
        setNeedsLayout()
    }

    func backgroundConfigurationDidChange() {
        defer { if !isUpdatingConfiguration { setNeedsUpdateConfiguration() } }
        guard let configuration = backgroundConfiguration else {
            backgroundConfigurationView?.removeFromSuperview()
            backgroundConfigurationView = nil
            backgroundConfigurationWasReplaced()
            return
        }
        if let view = backgroundConfigurationView {
            view.apply(configuration)
            return
        }
        defer { backgroundConfigurationWasReplaced() }
        if backgroundView != nil { backgroundView = nil }
        if selectedBackgroundView != nil { selectedBackgroundView = nil }
        let view = BackgroundConfigurationView(configuration)
        backgroundConfigurationView = view
        arrangeBackgrounds()
    }

    /// Runs a pending configuration update now.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate, !isUpdatingConfiguration else { return }
        needsConfigurationUpdate = false
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        let state = configurationState
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            backgroundConfiguration = background.updated(for: state)
        }
        if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
            contentConfiguration = content.updated(for: state)
        }
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }
}
