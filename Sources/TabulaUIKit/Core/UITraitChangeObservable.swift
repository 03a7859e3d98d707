import Foundation

/// A trait that a trait collection holds, named by its type: UIKit's `UITraitDefinition`
/// (iOS 17). ``UIView/registerForTraitChanges(_:handler:)`` takes a list of them.
///
/// Tabula's trait collections hold the six system traits, whose definitions are
/// ``UITraitUserInterfaceStyle``, ``UITraitPreferredContentSizeCategory``,
/// ``UITraitHorizontalSizeClass``, ``UITraitVerticalSizeClass``,
/// ``UITraitLayoutDirection`` and ``UITraitDisplayScale``. A type of your own can conform
/// (it compiles, as on iOS), but no trait collection stores its value, so a registration
/// that watches only such traits never fires; registering one is reported (to the
/// view's screen, ``HeadlessScreen/onReport``, or to ``UIViewController/onInvalidUse``).
public protocol UITraitDefinition {
    /// The type of the trait's value.
    associatedtype Value
    /// The value when nothing sets the trait.
    static var defaultValue: Value { get }
    /// A short name for printing; the type's name unless you give one.
    static var name: String { get }
    /// A unique identifier, reverse-DNS by convention; the type's name unless you give one.
    static var identifier: String { get }
    /// Whether dynamic colours resolve differently when the trait changes; false unless
    /// you say otherwise.
    static var affectsColorAppearance: Bool { get }
}

extension UITraitDefinition {
    /// The type's name.
    public static var name: String { String(describing: Self.self) }
    /// The type's name.
    public static var identifier: String { String(reflecting: Self.self) }
    /// False.
    public static var affectsColorAppearance: Bool { false }
}

/// A trait, named by its definition's type (`UITraitUserInterfaceStyle.self`), as the
/// trait-change registrations take it.
public typealias UITrait = any UITraitDefinition.Type

/// A system trait: reads its value from a collection, so a registration can tell whether
/// it changed.
protocol SystemTraitDefinition: UITraitDefinition where Value: Equatable {
    static func value(in traits: UITraitCollection) -> Value
}

extension SystemTraitDefinition {
    static func differs(between a: UITraitCollection, and b: UITraitCollection) -> Bool {
        value(in: a) != value(in: b)
    }
}

/// The light or dark appearance trait.
public struct UITraitUserInterfaceStyle: UITraitDefinition, SystemTraitDefinition {
    /// `.unspecified`.
    public static let defaultValue = UIUserInterfaceStyle.unspecified
    /// True: dynamic colours resolve by the appearance.
    public static let affectsColorAppearance = true
    static func value(in traits: UITraitCollection) -> UIUserInterfaceStyle { traits.userInterfaceStyle }
}

/// The text size (Dynamic Type category) trait.
public struct UITraitPreferredContentSizeCategory: UITraitDefinition, SystemTraitDefinition {
    /// `.unspecified`.
    public static let defaultValue = UIContentSizeCategory.unspecified
    static func value(in traits: UITraitCollection) -> UIContentSizeCategory { traits.preferredContentSizeCategory }
}

/// The horizontal size class trait.
public struct UITraitHorizontalSizeClass: UITraitDefinition, SystemTraitDefinition {
    /// `.unspecified`.
    public static let defaultValue = UIUserInterfaceSizeClass.unspecified
    static func value(in traits: UITraitCollection) -> UIUserInterfaceSizeClass { traits.horizontalSizeClass }
}

/// The vertical size class trait.
public struct UITraitVerticalSizeClass: UITraitDefinition, SystemTraitDefinition {
    /// `.unspecified`.
    public static let defaultValue = UIUserInterfaceSizeClass.unspecified
    static func value(in traits: UITraitCollection) -> UIUserInterfaceSizeClass { traits.verticalSizeClass }
}

/// The layout direction trait.
public struct UITraitLayoutDirection: UITraitDefinition, SystemTraitDefinition {
    /// `.unspecified`.
    public static let defaultValue = UITraitEnvironmentLayoutDirection.unspecified
    static func value(in traits: UITraitCollection) -> UITraitEnvironmentLayoutDirection { traits.layoutDirection }
}

/// The display scale trait (pixels per point).
public struct UITraitDisplayScale: UITraitDefinition, SystemTraitDefinition {
    /// 0, unspecified.
    public static let defaultValue: CGFloat = 0
    static func value(in traits: UITraitCollection) -> CGFloat { traits.displayScale }
}

extension UITraitCollection {
    /// The system traits that change how dynamic colours resolve: register for these to
    /// redraw colours you resolve yourself (`cgColor`, colours drawn in `draw(_:)`).
    public static var systemTraitsAffectingColorAppearance: [UITrait] { [UITraitUserInterfaceStyle.self] }
}

/// The token ``UIView/registerForTraitChanges(_:handler:)`` returns, to pass to
/// `unregisterForTraitChanges(_:)`. You need not keep it: a registration ends with the
/// object it was made on.
@preconcurrency @MainActor
public protocol UITraitChangeRegistration: AnyObject {}

/// Something that calls your code when some of its traits change: UIKit's
/// `UITraitChangeObservable` (iOS 17), adopted by ``UIView`` and ``UIViewController``.
///
/// UIKit also has `registerForTraitChanges(_:target:action:)` and `(_:action:)`, which
/// call a method named by an Objective-C selector; Linux has no selectors, so they are
/// not here, and `tabula-port` rewrites them into the handler form.
@preconcurrency @MainActor
public protocol UITraitChangeObservable {
    /// The closure a registration calls: the object whose traits changed and the traits
    /// it had before.
    typealias TraitChangeHandler<TraitEnvironment: UITraitEnvironment> = (TraitEnvironment, UITraitCollection) -> Void

    /// Calls `handler` after any of `traits` changes for this object, with the object and
    /// its previous traits. Name the first parameter's type as `Self`
    /// (`{ (self: Self, previous: UITraitCollection) in … }`) to use the object without
    /// capturing it.
    @discardableResult
    func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping TraitChangeHandler<TraitEnvironment>) -> any UITraitChangeRegistration

    /// Ends a registration this object made; one it did not make is ignored.
    func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)
}

/// One registration: the traits watched and the handler, type-erased.
@MainActor
final class TraitChangeRegistration: UITraitChangeRegistration {
    let traits: [any SystemTraitDefinition.Type]
    let handler: (AnyObject, UITraitCollection) -> Void

    init(traits: [any SystemTraitDefinition.Type], handler: @escaping (AnyObject, UITraitCollection) -> Void) {
        self.traits = traits
        self.handler = handler
    }

    func isTriggered(from previous: UITraitCollection, to current: UITraitCollection) -> Bool {
        traits.contains { $0.differs(between: previous, and: current) }
    }
}

/// The registrations one view or view controller made, in order.
@MainActor
struct TraitChangeRegistrations {
    private var registrations: [TraitChangeRegistration] = []

    /// Adds a registration for `owner`; reports what cannot be watched.
    mutating func register<TraitEnvironment: UITraitEnvironment>(
        _ traits: [UITrait], on owner: AnyObject, handler: @escaping (TraitEnvironment, UITraitCollection) -> Void,
        report: (String) -> Void
    ) -> any UITraitChangeRegistration {
        let system = traits.compactMap { $0 as? any SystemTraitDefinition.Type }
        let others = traits.filter { !($0 is any SystemTraitDefinition.Type) }.map { $0.name }
        let ownerName = String(describing: type(of: owner))
        if !others.isEmpty {
            report("registerForTraitChanges on \(ownerName): \(others.joined(separator: ", ")) "
                + "\(others.count == 1 ? "is a custom trait" : "are custom traits"), which Tabula's trait collections "
                + "do not store; changes to \(others.count == 1 ? "it" : "them") are never reported")
        }
        if traits.isEmpty {
            report("registerForTraitChanges on \(ownerName): no traits given; the handler is never called")
        }
        if !(owner is TraitEnvironment) {
            report("registerForTraitChanges on \(ownerName): the handler takes a \(TraitEnvironment.self), "
                + "which \(ownerName) is not; the handler is never called")
        }
        let registration = TraitChangeRegistration(traits: system) { object, previous in
            guard let environment = object as? TraitEnvironment else { return }
            handler(environment, previous)
        }
        registrations.append(registration)
        return registration
    }

    mutating func unregister(_ registration: any UITraitChangeRegistration) {
        registrations.removeAll { $0 === registration }
    }

    /// Calls, in registration order, each handler one of whose traits differs.
    func traitsChanged(for owner: AnyObject, from previous: UITraitCollection, to current: UITraitCollection) {
        for registration in registrations where registration.isTriggered(from: previous, to: current) {
            registration.handler(owner, previous)
        }
    }
}

extension UIView: UITraitChangeObservable {
    /// Calls `handler` after any of `traits` changes for this view (after
    /// ``traitCollectionDidChange(_:)``), with the view and its previous traits; see
    /// ``UITraitChangeObservable``. A custom trait, an empty list, or a handler for another
    /// class is reported to the view's screen (``HeadlessScreen/onReport``).
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping TraitChangeHandler<TraitEnvironment>
    ) -> any UITraitChangeRegistration {
        traitChangeRegistrations.register(traits, on: self, handler: handler) { [weak self] message in
            ProblemReports.report(message, from: self)
        }
    }

    /// Ends a registration this view made; any other is ignored.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        traitChangeRegistrations.unregister(registration)
    }
}

extension UIViewController: UITraitChangeObservable {
    /// Calls `handler` after any of `traits` changes for this view controller (after
    /// ``traitCollectionDidChange(_:)``), with the view controller and its previous traits;
    /// see ``UITraitChangeObservable``. A custom trait, an empty list, or a handler for
    /// another class is reported to ``onInvalidUse``.
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping TraitChangeHandler<TraitEnvironment>
    ) -> any UITraitChangeRegistration {
        traitChangeRegistrations.register(traits, on: self, handler: handler) { [unowned self] in reportInvalidUse($0) }
    }

    /// Ends a registration this view controller made; any other is ignored.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        traitChangeRegistrations.unregister(registration)
    }
}
