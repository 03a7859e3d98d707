import Foundation
import TabulaUIKit

/// Cell configurations (iOS 14's content and background configurations): the default
/// content configuration for the cell's style, installing a configuration's content
/// view, the background configuration's view, the configuration state, and the update
/// that runs before the cell is first shown and after each state change.
///
/// An update, coalesced until the next layout or measurement of the cell: the background
/// configuration gets its `updated(for:)` (when ``automaticallyUpdatesBackgroundConfiguration``),
/// then the content configuration (when ``automaticallyUpdatesContentConfiguration``),
/// then ``updateConfiguration(using:)`` runs, then ``configurationUpdateHandler``. An
/// animated deselection fades the background to its new colour.
extension UITableViewCell {
    /// A list content configuration with the styling of the cell's style and no content:
    /// ``UIListContentConfiguration/cell()`` for `.default`,
    /// ``UIListContentConfiguration/subtitleCell()`` for `.subtitle`, and
    /// ``UIListContentConfiguration/valueCell()`` for `.value1` and `.value2` (there is
    /// no list configuration with `.value2`'s columns).
    public func defaultContentConfiguration() -> UIListContentConfiguration { Self.defaultConfiguration(for: style) }

    /// A background configuration with the styling of the table the cell is in:
    /// ``UIBackgroundConfiguration/listPlainCell()`` in a plain table (or outside a table),
    /// ``UIBackgroundConfiguration/listGroupedCell()`` in a grouped or inset grouped one.
    public func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        guard let table = superview as? UITableView, table.style != .plain else { return .listPlainCell() }
        return .listGroupedCell()
    }

    static func defaultConfiguration(for style: CellStyle) -> UIListContentConfiguration {
        switch style {
        case .default: .cell()
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        }
    }

    /// Installs the new content configuration: in place when the content view shows the
    /// same kind and supports it, otherwise in a new content view from the configuration.
    func contentConfigurationDidChange(from old: (any UIContentConfiguration)?) {
        defer { if !isUpdatingConfiguration { setNeedsUpdateConfiguration() } }
        guard let new = contentConfiguration else {
            guard old != nil else { return }
            let fresh = UIView()
            addLegacyViews(to: fresh)
            replaceContentView(with: fresh)
            return
        }
        if updateContentViewInPlace(contentView, from: old, to: new) {
            setNeedsLayout()
            return
        }
        replaceContentView(with: new.makeContentView())
    }

    /// Puts `view` where the content view was (in front of the backgrounds, behind the
    /// editing control and accessory).
    private func replaceContentView(with view: UIView) {
        let old = contentView
        guard view !== old else { return }
        let index = subviews.firstIndex { $0 === old }
        old.removeFromSuperview()
        contentView = view
        if let index { insertSubview(view, at: index) } else { addSubview(view) }
        if subviews.last !== separatorView { bringSubviewToFront(separatorView) }
        setNeedsLayout()
    }

    /// Shows the background configuration (or takes it away).
    func backgroundConfigurationDidChange() {
        defer { if !isUpdatingConfiguration { setNeedsUpdateConfiguration() } }
        guard let configuration = backgroundConfiguration else {
            guard let view = backgroundConfigurationView else { return }
            view.removeFromSuperview()
            backgroundConfigurationView = nil
            takeTableBackgroundColor((superview as? UITableView)?.defaultCellBackgroundColor ?? .systemBackground)
            return
        }
        if let view = backgroundConfigurationView {
            view.apply(configuration)
            return
        }
        if backgroundView != nil { backgroundView = nil }
        if selectedBackgroundView != nil { selectedBackgroundView = nil }
        if multipleSelectionBackgroundView != nil { multipleSelectionBackgroundView = nil }
        removeLegacySelection()
        let view = BackgroundConfigurationView(configuration)
        view.frame = bounds
        insertSubview(view, at: 0)
        backgroundConfigurationView = view
        resetBackgroundColor(to: nil)
    }

    /// The state as the cell knows it, plus what its table knows: swiped, reordering, focused.
    func currentConfigurationState() -> UICellConfigurationState {
        var state = UICellConfigurationState()
        state.isSelected = selectedFlag
        state.isHighlighted = highlightedFlag
        state.isEditing = editingFlag
        if let table = superview as? UITableView {
            state.isSwiped = table.interaction.swipe?.cell === self
            state.isReordering = table.interaction.reorder?.cell === self
            if let focused = table.interaction.focusedRow { state.isFocused = table.indexPath(for: self) == focused }
        }
        return state
    }

    /// A state change: an update is due; an animated one fades the background.
    func stateDidChange(animated: Bool) {
        if animated { animatesNextConfigurationUpdate = true }
        setNeedsUpdateConfiguration()
    }

    /// Runs a pending configuration update now.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate, !isUpdatingConfiguration else { return }
        needsConfigurationUpdate = false
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        let state = configurationState
        let animated = animatesNextConfigurationUpdate && window != nil
        animatesNextConfigurationUpdate = false
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            // A row that does not show selection keeps its background when selected.
            var shown = state
            if selectionStyle == .none {
                shown.isSelected = false
                shown.isHighlighted = false
            }
            let updated = background.updated(for: shown)
            if animated {
                UIView.animate(withDuration: Self.deselectFadeDuration) { self.backgroundConfiguration = updated }
            } else {
                backgroundConfiguration = updated
            }
        }
        if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
            contentConfiguration = content.updated(for: state)
        }
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }
}

extension UITableViewCell: ListContentHost {
    package var hostedContentView: UIView { contentView }
    package var hostedContentMargins: NSDirectionalEdgeInsets { contentMargins }
    package var hostedContentExtraTop: CGFloat { 0 }
}
