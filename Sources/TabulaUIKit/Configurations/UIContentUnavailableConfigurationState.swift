import Foundation

/// The state a content-unavailable view is shown in (UIKit's
/// `UIContentUnavailableConfigurationState`): the traits and the text of the view
/// controller's search, plus state of your own under custom keys.
///
/// A view controller gives one to ``UIViewController/updateContentUnavailableConfiguration(using:)``
/// and applies it to its configuration (``UIContentUnavailableConfiguration/updated(for:)``);
/// read the current one from ``UIViewController/contentUnavailableConfigurationState``.
public struct UIContentUnavailableConfigurationState: UIConfigurationState, Hashable {
    /// The traits of the view controller's view.
    public var traitCollection: UITraitCollection
    /// The text being searched for: by default the text of the search bar of the view
    /// controller's `navigationItem.searchController`, nil without one.
    public var searchText: String?
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state with `traitCollection`, no search text and no custom state.
    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }

    /// Custom state stored under `key`; nil when none is set.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}
