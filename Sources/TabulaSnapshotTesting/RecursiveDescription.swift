import Foundation
import SnapshotTesting
import Tabula

extension Snapshotting where Value == UIView, Format == String {
    /// A snapshot strategy for comparing views based on a recursive description of their properties
    /// and hierarchies.
    ///
    /// ```swift
    /// assertSnapshot(of: view, as: .recursiveDescription)
    /// ```
    ///
    /// Records, as UIKit's `recursiveDescription` does without the addresses:
    ///
    /// ```
    /// <UIView; frame = (0 0; 200 100); layer = <CALayer>>
    ///    | <UILabel; frame = (16 10; 168 20.5); text = 'Hello'; userInteractionEnabled = NO; layer = <CALayer>>
    /// ```
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// A snapshot strategy for comparing views based on a recursive description of their properties
    /// and hierarchies, after laying the view out at `size` (else its own size) on a headless screen.
    ///
    /// Each line is a view, indented by `   | ` per level, with its class, frame, and the
    /// properties that differ from a plain view's: hidden, alpha, clipsToBounds, opaque,
    /// userInteractionEnabled, tag, a label's or text field's text, a button's title, an
    /// image view's image size. No addresses, so the text is the same on every run.
    ///
    /// - Parameters:
    ///   - size: A view size override.
    ///   - traits: A trait collection override: its display scale and appearance apply.
    public static func recursiveDescription(size: CGSize? = nil, traits: UITraitCollection = .init())
        -> Snapshotting<UIView, String> {
        let renderer = SnapshotRenderer(config: ViewImageConfig(safeArea: .zero, size: size), traits: traits)
        return SimplySnapshotting.lines.pullback { view in
            onMainActor {
                renderer.withShown(view: view, controller: nil) { shown, _ in shown.recursiveSnapshotDescription() }
                    ?? view.recursiveSnapshotDescription()
            }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == String {
    /// A snapshot strategy for comparing view controllers based on their embedded controller
    /// hierarchy.
    ///
    /// ```swift
    /// assertSnapshot(of: navigationController, as: .hierarchy)
    /// ```
    ///
    /// Records:
    ///
    /// ```
    /// <UINavigationController>, state: appeared, view: <UIView>
    ///    | <ListController>, state: appeared, view: <UITableView>
    /// ```
    ///
    /// `state` is `appeared` when the controller's view is in the window, else
    /// `disappeared`; a view not loaded reads `(view not loaded)`. A presented controller
    /// follows its presenter, marked `presented`.
    public static var hierarchy: Snapshotting {
        let renderer = SnapshotRenderer(config: ViewImageConfig(), traits: .init())
        return SimplySnapshotting.lines.pullback { controller in
            onMainActor {
                renderer.withShown(view: nil, controller: controller) { _, _ in controller.hierarchySnapshotDescription() }
                    ?? controller.hierarchySnapshotDescription()
            }
        }
    }

    /// A snapshot strategy for comparing view controller views based on a recursive description of
    /// their properties and hierarchies.
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// A snapshot strategy for comparing view controller views based on a recursive description of
    /// their properties and hierarchies, shown on the configuration's screen.
    ///
    /// - Parameters:
    ///   - config: A set of device configuration settings.
    ///   - size: A view size override.
    ///   - traits: A trait collection override.
    public static func recursiveDescription(
        on config: ViewImageConfig = .init(), size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting<UIViewController, String> {
        let sized = ViewImageConfig(safeArea: config.safeArea, size: size ?? config.size, traits: config.traits)
        let renderer = SnapshotRenderer(config: sized, traits: traits)
        return SimplySnapshotting.lines.pullback { controller in
            onMainActor {
                renderer.withShown(view: nil, controller: controller) { shown, _ in shown.recursiveSnapshotDescription() }
                    ?? ""
            }
        }
    }
}

extension UIView {
    /// This view and its subviews, one line each, in UIKit's `recursiveDescription`
    /// format without addresses.
    @MainActor
    func recursiveSnapshotDescription() -> String {
        var lines: [String] = []
        func visit(_ view: UIView, depth: Int) {
            lines.append(String(repeating: "   | ", count: depth) + view.tabulaSnapshotLine)
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// One view as UIKit's `description` prints it, without the address.
    @MainActor
    var tabulaSnapshotLine: String {
        var parts = ["frame = (\(format(frame.origin.x)) \(format(frame.origin.y)); "
                     + "\(format(frame.size.width)) \(format(frame.size.height)))"]
        if isHidden { parts.append("hidden = YES") }
        if alpha != 1 { parts.append("alpha = \(format(alpha))") }
        if clipsToBounds { parts.append("clipsToBounds = YES") }
        if !isOpaque { parts.append("opaque = NO") }
        if tag != 0 { parts.append("tag = \(tag)") }
        if let label = self as? UILabel, let text = label.text { parts.append("text = '\(text)'") }
        if let field = self as? UITextField, let text = field.text, !text.isEmpty { parts.append("text = '\(text)'") }
        if let button = self as? UIButton, let title = button.title(for: .normal) { parts.append("title = '\(title)'") }
        if let imageView = self as? UIImageView, let image = imageView.image {
            parts.append("image = <UIImage; size = {\(format(image.size.width)), \(format(image.size.height))}>")
        }
        if !isUserInteractionEnabled { parts.append("userInteractionEnabled = NO") }
        parts.append("layer = <\(type(of: layer))>")
        return "<\(type(of: self)); " + parts.joined(separator: "; ") + ">"
    }
}

extension UIViewController {
    /// The controller tree, UIKit's `_printHierarchy` format without addresses.
    @MainActor
    func hierarchySnapshotDescription() -> String {
        var lines: [String] = []
        func visit(_ controller: UIViewController, depth: Int, presented: Bool) {
            let view: String
            if let loaded = controller.viewIfLoaded {
                view = "<\(type(of: loaded))>" + (loaded.window == nil ? " not in the window" : "")
            } else {
                view = "(view not loaded)"
            }
            let state = controller.viewIfLoaded?.window != nil ? "appeared" : "disappeared"
            lines.append(String(repeating: "   | ", count: depth) + (presented ? "presented " : "")
                         + "<\(type(of: controller))>, state: \(state), view: \(view)")
            for child in controller.children { visit(child, depth: depth + 1, presented: false) }
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                visit(presented, depth: depth, presented: true)
            }
        }
        visit(self, depth: 0, presented: false)
        return lines.joined(separator: "\n")
    }
}

/// A number as UIKit's descriptions print it (`%g`): 16, 20.5, 0.333333.
private func format(_ value: CGFloat) -> String {
    String(format: "%g", Double(value))
}
