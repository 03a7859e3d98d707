import Foundation

/// A variable of a ``LayoutSolver`` system: a view's left edge, a width, a guide's top.
///
/// Variables are values: the solver that made one gives it an identity; the name is for
/// the reports a person reads ("button.width").
public struct LayoutVariable: Hashable, Sendable, CustomStringConvertible {
    /// The identity, unique within its solver.
    public let id: Int
    /// What it stands for, for reports.
    public let name: String

    /// A variable numbered `id` and named `name` (``LayoutSolver/makeVariable(_:)`` makes them).
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// The name.
    public var description: String { name }

    /// Equal when the ids are: the name is only for reading.
    public static func == (a: LayoutVariable, b: LayoutVariable) -> Bool { a.id == b.id }
    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A linear expression: a sum of variables times coefficients, plus a constant.
public struct LinearExpression: Sendable, Equatable, CustomStringConvertible {
    /// The coefficient of each variable (no zero coefficients are kept).
    public private(set) var terms: [LayoutVariable: Double]
    /// The constant.
    public var constant: Double

    /// `constant`, with no variables.
    public init(_ constant: Double = 0) {
        terms = [:]
        self.constant = constant
    }

    /// `coefficient · variable`.
    public init(_ variable: LayoutVariable, times coefficient: Double = 1) {
        terms = coefficient == 0 ? [:] : [variable: coefficient]
        constant = 0
    }

    /// Adds `coefficient · variable`.
    public mutating func add(_ variable: LayoutVariable, times coefficient: Double) {
        let c = (terms[variable] ?? 0) + coefficient
        terms[variable] = abs(c) < 1e-12 ? nil : c
    }

    /// The value with every variable replaced by `value(variable)`.
    public func evaluate(_ value: (LayoutVariable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.value * value($1.key) }
    }

    /// `2·a.width - b.width + 8`, variables by name.
    public var description: String {
        var parts = terms.sorted { $0.key.name < $1.key.name }.map { v, c in
            c == 1 ? v.name : c == -1 ? "-\(v.name)" : "\(Self.number(c))·\(v.name)"
        }
        if constant != 0 || parts.isEmpty { parts.append(Self.number(constant)) }
        return parts.joined(separator: " + ").replacingOccurrences(of: "+ -", with: "- ")
    }

    private static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    /// The sum.
    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        var result = a
        for (v, c) in b.terms { result.add(v, times: c) }
        result.constant += b.constant
        return result
    }

    /// The difference.
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }

    /// Every coefficient and the constant times `k`.
    public static func * (a: LinearExpression, k: Double) -> LinearExpression {
        var result = LinearExpression(a.constant * k)
        for (v, c) in a.terms { result.add(v, times: c * k) }
        return result
    }
}
