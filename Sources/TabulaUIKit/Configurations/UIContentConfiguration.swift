import Foundation
import Synchronization

/// What a content configuration is: a value that describes the content and styling of a
/// view, makes that view, and gives its own variant for a state (selected, highlighted…).
///
/// ``UIListContentConfiguration`` is the system's; write your own by conforming a struct
/// and pairing it with a view that adopts ``UIContentView``. Set one on a cell's or
/// header's `contentConfiguration` and it becomes their ``UITableViewCell/contentView``.
public protocol UIContentConfiguration {
    /// Makes a new content view showing this configuration.
    @MainActor func makeContentView() -> any UIView & UIContentView
    /// This configuration with the defaults for `state` applied to every property you
    /// have not customized.
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration and applies a new one when its
/// ``configuration`` is set.
@preconcurrency @MainActor
public protocol UIContentView: AnyObject {
    /// The configuration shown; setting it applies the new one to the view.
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` in place (otherwise a cell makes a new
    /// content view for it). True unless the view says otherwise.
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    /// Every configuration is supported unless the view says otherwise.
    public func supports(_ configuration: any UIContentConfiguration) -> Bool { true }
}

/// A function from one colour to another that a configuration applies to a colour it
/// resolves (UIKit's `UIConfigurationColorTransformer`): text colours, tint, backgrounds.
public struct UIConfigurationColorTransformer: Hashable, Sendable {
    /// The function.
    public let transform: @Sendable (UIColor) -> UIColor
    /// Tells transformers apart: each made with ``init(_:)`` is its own; the named ones share a name.
    private let identity: String

    /// A transformer that applies `transform`.
    public init(_ transform: @escaping @Sendable (UIColor) -> UIColor) {
        self.transform = transform
        identity = "custom-\(Self.counter.next())"
    }

    /// A transformer known by `name`: equal to every other made with that name.
    init(named name: String, _ transform: @escaping @Sendable (UIColor) -> UIColor) {
        self.transform = transform
        identity = name
    }

    /// Applies the transformer to `input`.
    public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }

    /// Turns a colour into the grey of the same luminance (Rec. 709 weights), keeping its alpha.
    public static let grayscale = UIConfigurationColorTransformer(named: "grayscale") { color in
        let c = color.cgColor
        let luma = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        return UIColor(white: luma, alpha: c.alpha)
    }

    /// Two transformers are equal when they are the same named transformer, or copies of one made with ``init(_:)``.
    public static func == (a: Self, b: Self) -> Bool { a.identity == b.identity }

    /// Hashes the transformer's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    private static let counter = TransformerCounter()
}

/// Numbers custom transformers, from any thread.
private final class TransformerCounter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}

/// Gives `view` the configuration `new` in place when it is a content view made for a
/// configuration of the same kind as `old` and it supports `new` (true), as cells and
/// header/footer views do; false when a new content view has to be made.
@MainActor
package func updateContentViewInPlace(_ view: UIView, from old: (any UIContentConfiguration)?,
                              to new: any UIContentConfiguration) -> Bool {
    guard let old, ObjectIdentifier(type(of: old)) == ObjectIdentifier(type(of: new)),
          let contentView = view as? UIContentView, contentView.supports(new) else { return false }
    contentView.configuration = new
    return true
}
