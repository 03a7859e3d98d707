import Foundation

/// A linear constraint of a ``LayoutSolver``: `expression relation 0`, at a priority.
public struct LayoutConstraint: Sendable, Equatable, CustomStringConvertible {
    /// How the expression compares with zero.
    public enum Relation: Sendable, Equatable {
        /// `expression == 0`.
        case equal
        /// `expression <= 0`.
        case lessThanOrEqual
        /// `expression >= 0`.
        case greaterThanOrEqual
    }

    /// The left-hand side; the right-hand side is 0.
    public var expression: LinearExpression
    /// How it compares with 0.
    public var relation: Relation
    /// UIKit's priority: 1000 is required, 1–999 optional (higher wins).
    public var priority: Float
    /// What to call it in a report (UIKit's constraint `identifier`, or its description).
    public var label: String

    /// `expression relation 0` at `priority`, called `label` in reports.
    public init(_ expression: LinearExpression, _ relation: Relation, priority: Float = 1000, label: String = "") {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    /// Whether it must hold (priority 1000).
    public var isRequired: Bool { priority >= 1000 }

    /// `label: expression == 0 @priority`.
    public var description: String {
        let op = switch relation { case .equal: "=="; case .lessThanOrEqual: "<="; case .greaterThanOrEqual: ">=" }
        let head = label.isEmpty ? "" : "\(label): "
        return head + "\(expression) \(op) 0" + (isRequired ? "" : " @\(Int(priority))")
    }
}

