import Foundation

/// Makes the menu a context menu shows; it gets the suggested actions (none in Tabula:
/// there is no responder chain of edit actions to collect them from) and returns the
/// menu, or nil for a preview without a menu.
public typealias UIContextMenuActionProvider = @MainActor ([UIMenuElement]) -> UIMenu?

/// Makes the view controller a context menu shows as its preview instead of the lifted
/// view; nil keeps the lifted view.
public typealias UIContextMenuContentPreviewProvider = @MainActor () -> UIViewController?

/// What a context menu shows: the menu (from the action provider) and the preview (from
/// the preview provider, or a picture of the pressed view).
///
/// ```swift
/// func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
///                point: CGPoint) -> UIContextMenuConfiguration? {
///     UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
///         UIMenu(children: [
///             UIAction(title: "Share", image: UIImage(systemName: "square.and.arrow.up")) { _ in share(indexPath) },
///             UIAction(title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive) { _ in
///                 delete(indexPath)
///             },
///         ])
///     }
/// }
/// ```
@preconcurrency @MainActor
open class UIContextMenuConfiguration {
    /// Names the configuration (the one given, or a new `NSUUID` when nil was given), so
    /// that delegate callbacks can tell menus apart.
    public let identifier: any NSCopying
    let previewProvider: UIContextMenuContentPreviewProvider?
    let actionProvider: UIContextMenuActionProvider?

    /// A configuration whose menu comes from `actionProvider` and whose preview comes from
    /// `previewProvider` (nil: a picture of the pressed view). Neither is called until the
    /// menu is about to show.
    public init(identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil,
                actionProvider: UIContextMenuActionProvider? = nil) {
        self.identifier = identifier ?? NSUUID()
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }
}

/// How a context menu goes away when its preview is tapped.
public enum UIContextMenuInteractionCommitStyle: Int, Sendable {
    /// The menu and the preview fade where they are.
    case dismiss = 0
    /// The preview grows a little as it fades: it "pops" into what it previews.
    case pop = 1
}

/// Lets a delegate animate alongside a context menu appearing or going, and run code
/// when that animation ends.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionAnimating: AnyObject {
    /// The view controller the preview shows, if the configuration provided one.
    var previewViewController: UIViewController? { get }
    /// Runs `animations` in the menu's own animation block (their changes animate with it).
    func addAnimations(_ animations: @escaping () -> Void)
    /// Runs `completion` once the menu's animation has ended.
    func addCompletion(_ completion: @escaping () -> Void)
}

/// The animator a delegate gets when the preview is tapped: it can choose how the
/// preview goes (``preferredCommitStyle``) and, typically, show what the preview stood for
/// in a completion.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionCommitAnimating: UIContextMenuInteractionAnimating {
    /// How the preview goes; `.pop` by default.
    var preferredCommitStyle: UIContextMenuInteractionCommitStyle { get set }
}

/// The one animator class: it collects animations and completions, and the presentation
/// runs them with its own appear or dismiss animation.
@MainActor
package final class ContextMenuAnimator: UIContextMenuInteractionCommitAnimating {
    package let previewViewController: UIViewController?
    package var preferredCommitStyle = UIContextMenuInteractionCommitStyle.pop
    private(set) var animations: [() -> Void] = []
    private(set) var completions: [() -> Void] = []

    init(previewViewController: UIViewController?) { self.previewViewController = previewViewController }

    package func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
    package func addCompletion(_ completion: @escaping () -> Void) { completions.append(completion) }

    /// Runs the added animations (inside the caller's animation block).
    func runAnimations() { for animation in animations { animation() } }
    /// Runs the added completions, once.
    func runCompletions() {
        let pending = completions
        completions = []
        for completion in pending { completion() }
    }
}
