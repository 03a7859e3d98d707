import Foundation

/// A log message: a string literal with interpolated values, as in Apple's `os` module.
/// Each value is kept as a closure and formatted only when the message is written, with
/// the formatting, alignment and privacy given beside it
/// (`"\(count, format: .hex, align: .right(columns: 6), privacy: .public)"`).
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    /// The message's parts.
    public let interpolation: OSLogInterpolation

    /// A message made of `stringInterpolation`.
    public init(stringInterpolation: OSLogInterpolation) { interpolation = stringInterpolation }

    /// A message with no interpolated value.
    public init(stringLiteral value: String) {
        var parts = OSLogInterpolation(literalCapacity: value.count, interpolationCount: 0)
        parts.appendLiteral(value)
        interpolation = parts
    }

    /// The message as written: every value worked out and formatted.
    var text: String { interpolation.parts.map { $0() }.joined() }

    /// A printf-style `format` (as `os_log` takes) filled in with `args`: the privacy word
    /// of a conversion (`%{public}@`, `%{private}d`) is dropped first.
    ///
    /// A format whose conversions do not match the arguments in number (printf would read
    /// what is not there) is written as it is, with the arguments after it, and says so.
    static func formatted(_ format: String, _ args: [any CVarArg]) -> String {
        var plain = ""
        var conversions = 0
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            plain += rest[...percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                plain += "%"
                rest = rest.dropFirst()
                continue
            }
            if rest.first == "{", let close = rest.firstIndex(of: "}") { rest = rest[rest.index(after: close)...] }
            conversions += 1
        }
        plain += rest
        guard conversions == args.count else {
            return format + " [\(conversions) conversions for \(args.count) arguments: "
                + args.map { String(describing: $0) }.joined(separator: ", ") + "]"
        }
        return args.isEmpty ? plain.replacingOccurrences(of: "%%", with: "%") : String(format: plain, arguments: args)
    }

    /// The most columns, digits or places a format asks for that are honoured: a careless
    /// `Int.max` would otherwise ask for that many characters.
    static let widest = 1_000
}

/// The parts of an ``OSLogMessage``: its literal text and its interpolated values, each
/// with how it is written. The system makes one for each interpolated log message.
public struct OSLogInterpolation: StringInterpolationProtocol {
    /// Each part, worked out when the message is written.
    var parts: [() -> String] = []

    /// Parts for a literal of about `literalCapacity` characters and `interpolationCount` values.
    public init(literalCapacity: Int, interpolationCount: Int) {
        parts.reserveCapacity(interpolationCount * 2 + 1)
    }

    /// Appends literal text.
    public mutating func appendLiteral(_ literal: String) {
        guard !literal.isEmpty else { return }
        parts.append { literal }
    }

    private mutating func append(_ align: OSLogStringAlignment, _ text: @escaping () -> String) {
        parts.append { align.apply(to: text()) }
    }

    /// Appends a string.
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(align, argumentString)
    }

    /// Appends a value's `description`.
    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure @escaping () -> T,
                                                                        align: OSLogStringAlignment = .none,
                                                                        privacy: OSLogPrivacy = .auto) {
        append(align) { value().description }
    }

    /// Appends an integer, formatted as `format` says.
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Int,
                                             format: OSLogIntegerFormatting = .decimal,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(align) { format.apply(to: number()) }
    }

    /// Appends an integer of any width, formatted as `format` says.
    public mutating func appendInterpolation<T: FixedWidthInteger>(_ number: @autoclosure @escaping () -> T,
                                                                  format: OSLogIntegerFormatting = .decimal,
                                                                  align: OSLogStringAlignment = .none,
                                                                  privacy: OSLogPrivacy = .auto) {
        append(align) { format.apply(to: number()) }
    }

    /// Appends a double, formatted as `format` says.
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Double,
                                             format: OSLogFloatFormatting = .fixed,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(align) { format.apply(to: number()) }
    }

    /// Appends a float, formatted as `format` says.
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Float,
                                             format: OSLogFloatFormatting = .fixed,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(align) { format.apply(to: Double(number())) }
    }

    /// Appends a Boolean, as `true`/`false` or `YES`/`NO`.
    public mutating func appendInterpolation(_ boolean: @autoclosure @escaping () -> Bool,
                                             format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto) {
        parts.append { format == .answer ? (boolean() ? "YES" : "NO") : (boolean() ? "true" : "false") }
    }

    /// Appends an object's `description`.
    public mutating func appendInterpolation(_ argumentObject: @autoclosure @escaping () -> NSObject,
                                             privacy: OSLogPrivacy = .auto) {
        parts.append { argumentObject().description }
    }

    /// Appends a type's name.
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> any Any.Type,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        append(align) { String(describing: value()) }
    }
}

/// Who may read an interpolated value: on a device, values not marked `.public` are
/// redacted in the log unless a debugger is attached. On Linux every value is written as
/// it is (see ``OSLog``); the privacy is accepted so that the code builds unchanged.
public struct OSLogPrivacy: Equatable, Sendable {
    /// How a redacted value is still told apart.
    public struct Mask: Equatable, Sendable {
        private let hashes: Bool
        /// A hash of the value stands for it.
        public static let hash = Mask(hashes: true)
        /// Nothing stands for it.
        public static let none = Mask(hashes: false)
    }

    private enum Level: Equatable, Sendable { case auto, `public`, `private`, sensitive }
    private let level: Level
    private let mask: Mask

    /// The system's rules: strings and objects private, numbers public.
    public static let auto = OSLogPrivacy(level: .auto, mask: .none)
    /// Anyone may read it.
    public static let `public` = OSLogPrivacy(level: .public, mask: .none)
    /// Redacted unless a debugger is attached.
    public static let `private` = OSLogPrivacy(level: .private, mask: .none)
    /// Always redacted on a device.
    public static let sensitive = OSLogPrivacy(level: .sensitive, mask: .none)
    /// The system's rules, with `mask` for a redacted value.
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .auto, mask: mask) }
    /// Private, with `mask` for the redacted value.
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .private, mask: mask) }
    /// Sensitive, with `mask` for the redacted value.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: .sensitive, mask: mask) }
}

/// Where a value sits in a column of a given width.
public struct OSLogStringAlignment {
    private let columns: (() -> Int)?
    private let leftAligned: Bool

    private init(columns: (() -> Int)?, leftAligned: Bool) {
        self.columns = columns
        self.leftAligned = leftAligned
    }

    /// No column: the value as it is.
    public static var none: OSLogStringAlignment { OSLogStringAlignment(columns: nil, leftAligned: false) }

    /// The value at the right of a column `columns` characters wide (spaces before it).
    public static func right(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns, leftAligned: false)
    }

    /// The value at the left of a column `columns` characters wide (spaces after it).
    public static func left(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns, leftAligned: true)
    }

    func apply(to text: String) -> String {
        guard let columns else { return text }
        let padding = String(repeating: " ", count: max(0, min(columns(), OSLogMessage.widest) - text.count))
        return leftAligned ? text + padding : padding + text
    }
}

/// How an interpolated integer is written.
public struct OSLogIntegerFormatting {
    private enum Radix { case decimal, hex, octal }
    private let radix: Radix
    private let explicitPositiveSign: Bool
    private let includePrefix: Bool
    private let uppercase: Bool
    private let minDigits: (() -> Int)?

    private init(_ radix: Radix, sign: Bool = false, prefix: Bool = false, uppercase: Bool = false,
                 minDigits: (() -> Int)? = nil) {
        self.radix = radix
        explicitPositiveSign = sign
        includePrefix = prefix
        self.uppercase = uppercase
        self.minDigits = minDigits
    }

    /// Base 10.
    public static var decimal: OSLogIntegerFormatting { OSLogIntegerFormatting(.decimal) }
    /// Base 16, lowercase, no prefix.
    public static var hex: OSLogIntegerFormatting { OSLogIntegerFormatting(.hex) }
    /// Base 8, no prefix.
    public static var octal: OSLogIntegerFormatting { OSLogIntegerFormatting(.octal) }

    /// Base 10, with `+` before a positive number when `explicitPositiveSign`.
    public static func decimal(explicitPositiveSign: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(.decimal, sign: explicitPositiveSign)
    }
    /// Base 10 with at least `minDigits` digits (zeros before them).
    public static func decimal(explicitPositiveSign: Bool = false,
                               minDigits: @autoclosure @escaping () -> Int) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(.decimal, sign: explicitPositiveSign, minDigits: minDigits)
    }
    /// Base 16, with `0x` before it when `includePrefix`.
    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false,
                           uppercase: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(.hex, sign: explicitPositiveSign, prefix: includePrefix, uppercase: uppercase)
    }
    /// Base 16 with at least `minDigits` digits.
    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
                           minDigits: @autoclosure @escaping () -> Int) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(.hex, sign: explicitPositiveSign, prefix: includePrefix, uppercase: uppercase,
                               minDigits: minDigits)
    }
    /// Base 8, with `0o` before it when `includePrefix`.
    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false,
                             uppercase: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(.octal, sign: explicitPositiveSign, prefix: includePrefix, uppercase: uppercase)
    }
    /// Base 8 with at least `minDigits` digits.
    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
                             minDigits: @autoclosure @escaping () -> Int) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(.octal, sign: explicitPositiveSign, prefix: includePrefix, uppercase: uppercase,
                               minDigits: minDigits)
    }

    func apply<T: BinaryInteger>(to number: T) -> String {
        let base = radix == .decimal ? 10 : radix == .hex ? 16 : 8
        var digits = String(number.magnitude, radix: base, uppercase: uppercase)
        if let minDigits {
            let wanted = min(minDigits(), OSLogMessage.widest)
            if digits.count < wanted { digits = String(repeating: "0", count: wanted - digits.count) + digits }
        }
        if includePrefix { digits = (radix == .hex ? "0x" : radix == .octal ? "0o" : "") + digits }
        if number < 0 { return "-" + digits }
        return explicitPositiveSign && number > 0 ? "+" + digits : digits
    }
}

/// How an interpolated floating-point number is written (as printf's `%f`, `%e`, `%g`, `%a`).
public struct OSLogFloatFormatting {
    private let conversion: Character
    private let precision: (() -> Int)?
    private let explicitPositiveSign: Bool
    private let uppercase: Bool

    private init(_ conversion: Character, precision: (() -> Int)? = nil, sign: Bool = false,
                 uppercase: Bool = false) {
        self.conversion = conversion
        self.precision = precision
        explicitPositiveSign = sign
        self.uppercase = uppercase
    }

    /// Fixed point, six digits after it (`%f`).
    public static var fixed: OSLogFloatFormatting { OSLogFloatFormatting("f") }
    /// Fixed point, with `+` before a positive number when `explicitPositiveSign`.
    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting("f", sign: explicitPositiveSign, uppercase: uppercase)
    }
    /// Fixed point with `precision` digits after it.
    public static func fixed(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
                             uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting("f", precision: precision, sign: explicitPositiveSign, uppercase: uppercase)
    }
    /// Hexadecimal (`%a`).
    public static var hex: OSLogFloatFormatting { OSLogFloatFormatting("a") }
    /// Hexadecimal, with `+` before a positive number when `explicitPositiveSign`.
    public static func hex(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting("a", sign: explicitPositiveSign, uppercase: uppercase)
    }
    /// Scientific notation (`%e`).
    public static var exponential: OSLogFloatFormatting { OSLogFloatFormatting("e") }
    /// Scientific notation, with `+` before a positive number when `explicitPositiveSign`.
    public static func exponential(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting("e", sign: explicitPositiveSign, uppercase: uppercase)
    }
    /// Scientific notation with `precision` digits after the point.
    public static func exponential(precision: @autoclosure @escaping () -> Int,
                                   explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting("e", precision: precision, sign: explicitPositiveSign, uppercase: uppercase)
    }
    /// The shorter of fixed point and scientific notation (`%g`).
    public static var hybrid: OSLogFloatFormatting { OSLogFloatFormatting("g") }
    /// The shorter of the two, with `+` before a positive number when `explicitPositiveSign`.
    public static func hybrid(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting("g", sign: explicitPositiveSign, uppercase: uppercase)
    }
    /// The shorter of the two with `precision` significant digits.
    public static func hybrid(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
                              uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting("g", precision: precision, sign: explicitPositiveSign, uppercase: uppercase)
    }

    func apply(to number: Double) -> String {
        var spec = "%"
        if explicitPositiveSign { spec += "+" }
        // A precision out of printf's range is clamped rather than trusted.
        if let precision { spec += ".\(min(max(precision(), 0), 100))" }
        guard number.isFinite || conversion != "a" else { return "\(number)" }
        spec += uppercase ? String(conversion).uppercased() : String(conversion)
        return String(format: spec, number)
    }
}

/// How an interpolated Boolean is written.
public enum OSLogBoolFormat: Sendable {
    /// `true` or `false`.
    case truth
    /// `YES` or `NO`.
    case answer
}
