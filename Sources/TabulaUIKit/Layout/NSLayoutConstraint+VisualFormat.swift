import Foundation

extension NSLayoutConstraint {
    /// What ``constraints(withVisualFormat:options:metrics:views:)`` aligns and in which
    /// direction it reads a horizontal format (UIKit's values).
    public struct FormatOptions: OptionSet, Sendable {
        /// The bits, as UIKit's.
        public let rawValue: UInt
        /// The options of `rawValue`'s bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Every view of the format aligned by its left edge (a vertical format).
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// … by its right edge (a vertical format).
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// … by its top edge (a horizontal format).
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// … by its bottom edge (a horizontal format).
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// … by its leading edge (a vertical format).
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// … by its trailing edge (a vertical format).
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// … by its horizontal centre (a vertical format).
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// … by its vertical centre (a horizontal format).
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// … by its last baseline (a horizontal format).
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// … by its first baseline (a horizontal format).
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The alignment bits.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        /// A horizontal format reads from the leading edge to the trailing one (the default).
        public static let directionLeadingToTrailing = FormatOptions([])
        /// A horizontal format reads from left to right whatever the layout direction.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// A horizontal format reads from right to left.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The direction bits.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        /// Spaces measure from edge to edge (the default).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// A vertical format's spaces between views measure from baseline to baseline.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The spacing bit.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints a visual format string describes, as UIKit's: `"H:|-[name]-8-[field(>=120)]-|"`,
    /// `"V:|-(>=20@750)-[title][body(==title)]"`. Views are named in `views`, numbers may be
    /// named in `metrics` (numbers of any kind, or `NSNumber`). The constraints are not
    /// active; activate them (``activate(_:)``).
    ///
    /// - `H:` (the default) or `V:` says the axis; `|` is the superview of the views next to
    ///   it; `[name]` a view, `[name(predicates)]` with its width (or height) constrained:
    ///   a number or metric, or another view's name for an equal size.
    /// - Between two items: nothing (touching), `-` (the standard space: 8 points between
    ///   views, 20 to the superview), `-N-`, or `-(predicates)-`.
    /// - A predicate is `[==|<=|>=]object[@priority]`; predicates are separated by commas.
    /// - `options` aligns every view of the format along the other axis (`.alignAllTop` for
    ///   a horizontal format), sets the direction of a horizontal format, or measures a
    ///   vertical format's spaces between baselines.
    ///
    /// UIKit raises an exception for a format it cannot read. Tabula reports the problem,
    /// naming what was wrong and where in the format, and returns no constraints, so that
    /// nothing is half laid out and the app goes on.
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                  metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        do {
            var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
            let line = try parser.parse()
            return try line.constraints(options: opts)
        } catch let error as VisualFormatError {
            let view = views.values.lazy.compactMap { $0 as? UIView }.first
            report("Unable to read the visual format \"\(format)\": \(error.message)", about: view)
            return []
        } catch {
            return []
        }
    }
}

/// Why a visual format could not be read.
struct VisualFormatError: Error {
    let message: String
}

/// A visual format, read: its axis and its items with the connections between them.
@MainActor
struct VisualFormatLine {
    enum Item {
        case superview
        case view(UIView, size: [VisualFormatPredicate])
    }

    /// A connection between two neighbouring items: touching (no predicates), the
    /// standard space, or predicates on the space.
    enum Connection {
        case touching
        case standard
        case predicates([VisualFormatPredicate])
    }

    var vertical: Bool
    var items: [Item]
    /// `connections[i]` lies between `items[i]` and `items[i + 1]`.
    var connections: [Connection]

    /// The standard space between two views, and between a view and its superview's edge.
    static let standardSpace: CGFloat = 8, standardSpaceToSuperview: CGFloat = 20

    func constraints(options: NSLayoutConstraint.FormatOptions) throws -> [NSLayoutConstraint] {
        typealias A = NSLayoutConstraint.Attribute
        let direction = options.intersection(.directionMask)
        // The attributes at the start and the end of an item along the format, and whether
        // positions grow along it (they fall for a right-to-left format).
        let (start, end, grows): (A, A, Bool) = if vertical {
            (.top, .bottom, true)
        } else if direction == .directionLeftToRight {
            (.left, .right, true)
        } else if direction == .directionRightToLeft {
            (.right, .left, false)
        } else {
            (.leading, .trailing, true)
        }
        let baselines = vertical && options.contains(.spacingBaselineToBaseline)
        let views: [UIView] = items.compactMap { if case .view(let view, _) = $0 { view } else { nil } }
        var constraints: [NSLayoutConstraint] = []

        // The superview a `|` stands for: the one of the view next to it.
        func superview(nextTo index: Int) throws -> UIView {
            let neighbour = index == 0 ? items.dropFirst().first : items.dropLast().last
            guard case .view(let view, _) = neighbour else { throw VisualFormatError(message: "a | must be next to a view") }
            guard let superview = view.superview else {
                throw VisualFormatError(message: "\(view) has no superview for the | next to it")
            }
            return superview
        }

        for item in items {
            guard case .view(let view, let size) = item else { continue }
            let dimension: A = vertical ? .height : .width
            for predicate in size {
                let constraint: NSLayoutConstraint
                if let other = predicate.view {
                    constraint = NSLayoutConstraint(item: view, attribute: dimension, relatedBy: predicate.relation,
                                                    toItem: other, attribute: dimension, multiplier: 1, constant: 0)
                } else {
                    constraint = NSLayoutConstraint(item: view, attribute: dimension, relatedBy: predicate.relation,
                                                    toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                                                    constant: predicate.constant)
                }
                constraint.priority = predicate.priority
                constraints.append(constraint)
            }
        }

        for (index, connection) in connections.enumerated() {
            let earlier = items[index], later = items[index + 1]
            let earlierView: UIView, earlierAttribute: A, laterView: UIView, laterAttribute: A
            let touchesSuperview: Bool
            switch (earlier, later) {
            case (.superview, .view(let view, _)):
                (earlierView, earlierAttribute) = (try superview(nextTo: index), start)
                (laterView, laterAttribute) = (view, start)
                touchesSuperview = true
            case (.view(let view, _), .superview):
                (earlierView, earlierAttribute) = (view, end)
                (laterView, laterAttribute) = (try superview(nextTo: index + 1), end)
                touchesSuperview = true
            case (.view(let first, _), .view(let second, _)):
                (earlierView, earlierAttribute) = (first, baselines ? .lastBaseline : end)
                (laterView, laterAttribute) = (second, baselines ? .firstBaseline : start)
                touchesSuperview = false
            default:
                throw VisualFormatError(message: "two | in a row")
            }
            let predicates: [VisualFormatPredicate] = switch connection {
            case .touching: [VisualFormatPredicate(constant: 0)]
            case .standard: [VisualFormatPredicate(constant: touchesSuperview ? Self.standardSpaceToSuperview : Self.standardSpace)]
            case .predicates(let list): list
            }
            for predicate in predicates {
                guard predicate.view == nil else {
                    throw VisualFormatError(message: "a space cannot be a view's size (\(predicate.source))")
                }
                // Along the format: later = earlier + space; against it (right to left):
                // earlier = later + space.
                let constraint = grows
                    ? NSLayoutConstraint(item: laterView, attribute: laterAttribute, relatedBy: predicate.relation,
                                         toItem: earlierView, attribute: earlierAttribute, multiplier: 1,
                                         constant: predicate.constant)
                    : NSLayoutConstraint(item: earlierView, attribute: earlierAttribute, relatedBy: predicate.relation,
                                         toItem: laterView, attribute: laterAttribute, multiplier: 1,
                                         constant: predicate.constant)
                constraint.priority = predicate.priority
                constraints.append(constraint)
            }
        }

        // Alignment of every view along the other axis.
        let alignments: [(NSLayoutConstraint.FormatOptions, A, Bool)] = [
            (.alignAllLeft, .left, true), (.alignAllRight, .right, true), (.alignAllLeading, .leading, true),
            (.alignAllTrailing, .trailing, true), (.alignAllCenterX, .centerX, true),
            (.alignAllTop, .top, false), (.alignAllBottom, .bottom, false), (.alignAllCenterY, .centerY, false),
            (.alignAllLastBaseline, .lastBaseline, false), (.alignAllFirstBaseline, .firstBaseline, false),
        ]
        for (option, attribute, forVertical) in alignments where options.contains(option) {
            guard forVertical == vertical else {
                throw VisualFormatError(message: "\(attribute) alignment runs along a \(vertical ? "vertical" : "horizontal") format; "
                                        + "it aligns across one only")
            }
            for (first, second) in zip(views, views.dropFirst()) {
                constraints.append(NSLayoutConstraint(item: second, attribute: attribute, relatedBy: .equal, toItem: first,
                                                      attribute: attribute, multiplier: 1, constant: 0))
            }
        }
        return constraints
    }
}

/// One predicate of a visual format: a relation to a number (or to another view's size)
/// at a priority.
@MainActor
struct VisualFormatPredicate {
    var relation: NSLayoutConstraint.Relation = .equal
    var constant: CGFloat = 0
    var view: UIView?
    var priority: UILayoutPriority = .required
    var source = ""
}

/// Reads a visual format string (see ``NSLayoutConstraint/constraints(withVisualFormat:options:metrics:views:)``).
@MainActor
struct VisualFormatParser {
    private let characters: [Character]
    private var position = 0
    private let metrics: [String: Any]
    private let views: [String: Any]

    init(format: String, metrics: [String: Any], views: [String: Any]) {
        characters = Array(format.filter { !$0.isWhitespace })
        self.metrics = metrics
        self.views = views
    }

    private var current: Character? { position < characters.count ? characters[position] : nil }

    private func failure(_ text: String) -> VisualFormatError {
        let shown = String(characters)
        let at = min(position, shown.count)
        return VisualFormatError(message: "\(text) at character \(at + 1): \(shown.prefix(at))⟦here⟧\(shown.dropFirst(at))")
    }

    private mutating func take(_ character: Character) -> Bool {
        guard current == character else { return false }
        position += 1
        return true
    }

    mutating func parse() throws -> VisualFormatLine {
        var line = VisualFormatLine(vertical: false, items: [], connections: [])
        if characters.count >= 2, characters[1] == ":" {
            switch characters[0] {
            case "H": line.vertical = false
            case "V": line.vertical = true
            default: throw failure("the orientation must be H or V")
            }
            position = 2
        }
        if take("|") {
            line.items.append(.superview)
            line.connections.append(try connection())
        }
        guard current == "[" else { throw failure("expected a view, as [name]") }
        while current == "[" {
            line.items.append(try viewItem())
            guard current != nil else { break }
            let link = try connection()
            if take("|") {
                line.items.append(.superview)
                line.connections.append(link)
                break
            }
            guard current == "[" else { throw failure("expected a view, as [name], or |") }
            line.connections.append(link)
        }
        guard current == nil else { throw failure("unexpected \"\(current!)\"") }
        return line
    }

    /// A connection: nothing, `-`, `-N-`, or `-(predicates)-`.
    private mutating func connection() throws -> VisualFormatLine.Connection {
        guard take("-") else { return .touching }
        if current == "[" || current == "|" { return .standard }
        let predicates: [VisualFormatPredicate]
        if current == "(" {
            predicates = try predicateList()
        } else {
            predicates = [VisualFormatPredicate(constant: try value(), source: "")]
        }
        guard take("-") else { throw failure("a space must end with -") }
        return .predicates(predicates)
    }

    /// `[name]` or `[name(predicates)]`.
    private mutating func viewItem() throws -> VisualFormatLine.Item {
        guard take("[") else { throw failure("expected [") }
        let name = identifier()
        guard !name.isEmpty else { throw failure("expected a view's name") }
        guard let entry = views[name] else { throw failure("\"\(name)\" is not a key in the views dictionary") }
        guard let view = entry as? UIView else { throw failure("views[\"\(name)\"] is a \(type(of: entry)), not a view") }
        var size: [VisualFormatPredicate] = []
        if current == "(" { size = try predicateList() }
        guard take("]") else { throw failure("expected ] after \"\(name)\"") }
        return .view(view, size: size)
    }

    /// `(predicate, predicate…)`.
    private mutating func predicateList() throws -> [VisualFormatPredicate] {
        guard take("(") else { throw failure("expected (") }
        var list: [VisualFormatPredicate] = []
        repeat {
            list.append(try predicate())
        } while take(",")
        guard take(")") else { throw failure("expected ) or ,") }
        return list
    }

    /// `[==|<=|>=]object[@priority]`: the object a number, a metric or a view's name.
    private mutating func predicate() throws -> VisualFormatPredicate {
        let begin = position
        var predicate = VisualFormatPredicate()
        if characters.count > position + 1, characters[position + 1] == "=" {
            switch characters[position] {
            case "=": predicate.relation = .equal
            case "<": predicate.relation = .lessThanOrEqual
            case ">": predicate.relation = .greaterThanOrEqual
            default: throw failure("a relation is ==, <= or >=")
            }
            position += 2
        }
        if let c = current, c.isLetter || c == "_" {
            let name = identifier()
            if let metric = metrics[name] {
                predicate.constant = try Self.number(metric, name: name, failure: failure)
            } else if let entry = views[name] {
                guard let view = entry as? UIView else { throw failure("views[\"\(name)\"] is not a view") }
                predicate.view = view
            } else {
                throw failure("\"\(name)\" is neither a metric nor a view")
            }
        } else {
            predicate.constant = try number()
        }
        if take("@") {
            let raw = try value()
            guard (1 ... 1000).contains(raw) else { throw failure("a priority is from 1 to 1000, not \(raw)") }
            predicate.priority = UILayoutPriority(Float(raw))
        }
        predicate.source = String(characters[begin ..< position])
        return predicate
    }

    /// A number or a metric's value.
    private mutating func value() throws -> CGFloat {
        if let c = current, c.isLetter || c == "_" {
            let name = identifier()
            guard let metric = metrics[name] else { throw failure("\"\(name)\" is not a key in the metrics dictionary") }
            return try Self.number(metric, name: name, failure: failure)
        }
        return try number()
    }

    private mutating func number() throws -> CGFloat {
        let begin = position
        if current == "-" || current == "+" { position += 1 }
        while let c = current, c.isNumber || c == "." { position += 1 }
        guard let value = Double(String(characters[begin ..< position])), value.isFinite else {
            position = begin
            throw failure("expected a number or a name")
        }
        return CGFloat(value)
    }

    private mutating func identifier() -> String {
        let begin = position
        while let c = current, c.isLetter || c.isNumber || c == "_" { position += 1 }
        return String(characters[begin ..< position])
    }

    /// A metric's value as a number: any of Swift's number types, or an `NSNumber`.
    private static func number(_ metric: Any, name: String, failure: (String) -> VisualFormatError) throws -> CGFloat {
        let value: Double? = switch metric {
        case let v as CGFloat: Double(v)
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
        guard let value, value.isFinite else { throw failure("metrics[\"\(name)\"] is not a finite number") }
        return CGFloat(value)
    }
}
