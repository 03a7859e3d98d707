import Foundation
import TabulaCore
import TabulaGraphics

extension SymbolCatalog {
    /// Reads the symbol data format, a line at a time:
    ///
    /// ```
    /// symbol heart 100 88 +fill        # a name, its box in design units, and a .fill form
    ///   body: M 0 40 C -22 24 -46 8 -46 -10 ... Z
    /// symbol heart.circle 100 100 +fill
    ///   use _ring
    ///   use heart as mark scale=0.5
    /// alias chevron.forward = chevron.right
    /// ```
    ///
    /// Each part says how it is painted in the outline form and in the `.fill` form:
    /// `stroke` and `fill` are the same in both; `body` is stroked, and filled in the
    /// `.fill` form; `mark` is stroked, and cut out of the `.fill` form as a line; `hole` is
    /// stroked, and cut out of the `.fill` form as a shape; `dot` is filled,
    /// and cut out of the `.fill` form; `cut` (filled) and `gap` (stroked) clear what was
    /// drawn before them in both. Options before the colon: `w=` (stroke width, in line
    /// widths), `secondary` (lighter in hierarchical rendering), `outline` or `filled`
    /// (only in that form), and `scale=`, `flipx`, `flipy`, `rotate=` (degrees,
    /// clockwise), `at=x,y`, applied in that order. `use NAME` copies an earlier symbol's
    /// parts (`as KIND` repaints them all); names starting with `_` are parts only, never
    /// symbols. Path commands are in ``SymbolPathReader``.
    struct Parser {
        private(set) var glyphs: [String: SymbolGlyph] = [:]
        /// The circled forms made from the symbols drawn (``deriveCircles()``).
        private(set) var derived: [String: SymbolGlyph] = [:]
        private(set) var aliases: [String: String] = [:]
        private(set) var problems: [Problem] = []
        /// Every symbol read so far, `_` parts included, for `use`.
        private var definitions: [String: Definition] = [:]
        private var current: Definition?
        /// Whether the block being read has failed (its other lines are skipped).
        private var currentFailed = false

        /// A symbol as written: its box and parts, before its forms are made.
        struct Definition {
            var name: String
            var box: CGSize
            var hasFillForm: Bool
            var parts: [Part] = []
        }

        /// One stroke or fill, with how each form paints it.
        struct Part {
            var kind: Kind
            var path: Path
            var width: CGFloat = 1
            var secondary = false
            /// The one form the part is in, or nil for both.
            var only: Form?
        }

        enum Kind: String, CaseIterable {
            case stroke, fill, body, mark, hole, dot, cut, gap
        }

        enum Form: String {
            case outline, filled
        }

        /// Why a line could not be read.
        struct Failure: Error {
            var message: String
            init(_ message: String) { self.message = message }
        }

        mutating func read(_ text: String) {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                read(line: String(line), number: index + 1)
            }
            finishSymbol()
            deriveCircles()
        }

        /// `NAME.circle` and `NAME.circle.fill` for each symbol drawn without them (SF
        /// Symbols has most pictures in a circle too: `briefcase.circle.fill`): the ring,
        /// and the picture inside it, cut out of the filled disc. Kept apart from the
        /// names drawn by hand (``derived``).
        private mutating func deriveCircles() {
            guard let ring = definitions["_ring"] else { return }
            for (name, definition) in definitions where !name.hasPrefix("_") && !name.hasSuffix(".circle") {
                let circled = name + ".circle"
                guard definitions[circled] == nil, aliases[circled] == nil else { continue }
                let scale = 52 / max(definition.box.width, definition.box.height, 1)
                var derivedDefinition = Definition(name: circled, box: CGSize(width: 100, height: 100), hasFillForm: true,
                                                   parts: ring.parts)
                for var part in definition.parts {
                    part.path = part.path.applying(CGAffineTransform(scaleX: scale, y: scale))
                    part.kind = .hole
                    derivedDefinition.parts.append(part)
                }
                derived[circled] = Self.glyph(derivedDefinition, form: .outline)
                derived[circled + ".fill"] = Self.glyph(derivedDefinition, form: .filled)
            }
        }

        private mutating func read(line rawLine: String, number: Int) {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !line.isEmpty else { return }
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            switch words[0] {
            case "symbol":
                finishSymbol()
                do {
                    current = try header(words)
                    currentFailed = false
                } catch {
                    let name = words.count > 1 ? words[1] : nil
                    problems.append(Problem(line: number, name: name, message: error.message))
                    current = nil
                    currentFailed = true
                }
            case "alias":
                finishSymbol()
                currentFailed = false
                do { try alias(words) } catch {
                    problems.append(Problem(line: number, name: words.count > 1 ? words[1] : nil, message: error.message))
                }
            default:
                guard !currentFailed else { return }
                guard current != nil else {
                    problems.append(Problem(line: number, name: nil, message: "a part outside any symbol (start one with \"symbol NAME WIDTH HEIGHT\")"))
                    currentFailed = true
                    return
                }
                do {
                    let read = try parts(line, words: words)
                    current?.parts += read
                } catch {
                    problems.append(Problem(line: number, name: current?.name, message: error.message))
                    currentFailed = true
                }
            }
        }

        /// `symbol NAME WIDTH HEIGHT [+fill]`.
        private func header(_ words: [String]) throws(Failure) -> Definition {
            guard words.count == 4 || (words.count == 5 && words[4] == "+fill") else {
                throw Failure("expected \"symbol NAME WIDTH HEIGHT\" with an optional \"+fill\", found \"\(words.joined(separator: " "))\"")
            }
            let name = words[1]
            try Self.checkName(name)
            guard let width = Double(words[2]), let height = Double(words[3]), width > 0, height > 0,
                  width <= 400, height <= 400 else {
                throw Failure("the box \(words[2]) × \(words[3]) is not two sizes between 0 and 400 design units")
            }
            let hasFill = words.count == 5
            for taken in [name] + (hasFill ? [name + ".fill"] : []) where isTaken(taken) {
                throw Failure("\"\(taken)\" is defined twice")
            }
            return Definition(name: name, box: CGSize(width: width, height: height), hasFillForm: hasFill)
        }

        /// `alias NAME = OTHER`.
        private mutating func alias(_ words: [String]) throws(Failure) {
            guard words.count == 4, words[2] == "=" else {
                throw Failure("expected \"alias NAME = OTHER\", found \"\(words.joined(separator: " "))\"")
            }
            let (name, target) = (words[1], words[3])
            try Self.checkName(name)
            guard !isTaken(name) else { throw Failure("\"\(name)\" is defined twice") }
            guard glyphs[target] != nil else { throw Failure("the alias names \"\(target)\", which is not an earlier symbol") }
            aliases[name] = target
        }

        private func isTaken(_ name: String) -> Bool {
            glyphs[name] != nil || aliases[name] != nil || definitions[name] != nil || current?.name == name
        }

        /// The characters of a symbol name.
        private static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789._")

        private static func checkName(_ name: String) throws(Failure) {
            guard !name.isEmpty, name.allSatisfy({ nameCharacters.contains($0) }), !name.hasPrefix("."), !name.hasSuffix("."),
                  !name.contains("..") else {
                throw Failure("\"\(name)\" is not a symbol name (lower-case letters, digits and dots)")
            }
        }

        /// The parts of one line: `KIND [options]: PATH` or `use NAME [as KIND] [options]`.
        private func parts(_ line: String, words: [String]) throws(Failure) -> [Part] {
            if words[0] == "use" {
                guard words.count >= 2 else { throw Failure("\"use\" needs the name of an earlier symbol") }
                guard let used = definitions[words[1]] else {
                    throw Failure("\"use \(words[1])\" names no earlier symbol")
                }
                var rest = Array(words.dropFirst(2))
                var kind: Kind?
                if rest.first == "as" {
                    guard rest.count >= 2, let named = Kind(rawValue: rest[1]) else {
                        throw Failure("\"as\" needs one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    kind = named
                    rest.removeFirst(2)
                }
                let options = try Options(rest)
                return used.parts.map { part in
                    var part = part
                    if !options.transform.isIdentity { part.path = part.path.applying(options.transform) }
                    if let kind { part.kind = kind }
                    if let width = options.width { part.width = width }
                    if options.secondary { part.secondary = true }
                    if let only = options.only { part.only = only }
                    return part
                }
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw Failure("expected \"KIND: PATH\" or \"use NAME\", found \"\(line)\"")
            }
            let head = line[..<colon].split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = head.first, let kind = Kind(rawValue: first) else {
                throw Failure("\"\(head.first ?? "")\" is not a kind of part (\(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let options = try Options(Array(head.dropFirst()))
            let path: Path
            do {
                path = try SymbolPathReader.path(String(line[line.index(after: colon)...]))
            } catch {
                throw Failure(error.message)
            }
            return [Part(kind: kind, path: options.transform.isIdentity ? path : path.applying(options.transform),
                         width: options.width ?? (kind == .gap ? 3 : 1), secondary: options.secondary, only: options.only)]
        }

        /// Ends the block being read: its forms become symbols unless it failed.
        private mutating func finishSymbol() {
            defer { current = nil }
            guard let definition = current, !currentFailed else { return }
            definitions[definition.name] = definition
            guard !definition.name.hasPrefix("_") else { return }
            glyphs[definition.name] = Self.glyph(definition, form: .outline)
            if definition.hasFillForm { glyphs[definition.name + ".fill"] = Self.glyph(definition, form: .filled) }
        }

        /// `definition` painted as `form` paints each kind of part.
        static func glyph(_ definition: Definition, form: Form) -> SymbolGlyph {
            var glyph = SymbolGlyph(width: definition.box.width, height: definition.box.height)
            for part in definition.parts where part.only == nil || part.only == form {
                let ink: SymbolGlyph.Role = part.secondary ? .secondary : .primary
                let path = part.path
                switch (part.kind, form) {
                case (.stroke, _), (.body, .outline), (.mark, .outline): glyph.stroke(path, width: part.width, role: ink)
                case (.fill, _), (.body, .filled), (.dot, .outline): glyph.fill(path, role: ink)
                case (.mark, .filled): glyph.stroke(path, width: part.width, role: .knockout)
                case (.hole, .outline): glyph.stroke(path, width: part.width, role: ink)
                case (.hole, .filled): glyph.fill(path, role: .knockout)
                case (.dot, .filled): glyph.fill(path, role: .knockout)
                case (.cut, _): glyph.fill(path, role: .clear)
                case (.gap, _): glyph.stroke(path, width: part.width, role: .clear)
                }
            }
            return glyph
        }
    }
}

extension SymbolCatalog.Parser {
    /// The options of a part or a `use`.
    struct Options {
        var width: CGFloat?
        var secondary = false
        var only: Form?
        var transform = CGAffineTransform.identity

        init(_ words: [String]) throws(Failure) {
            var scale = (x: CGFloat(1), y: CGFloat(1)), degrees: CGFloat = 0, offset = CGPoint.zero
            for word in words {
                let pair = word.split(separator: "=", maxSplits: 1).map(String.init)
                let values = pair.count == 2 ? pair[1].split(separator: ",").map { Double($0) } : []
                func numbers(_ count: ClosedRange<Int>) throws(Failure) -> [CGFloat] {
                    guard count.contains(values.count), values.allSatisfy({ $0?.isFinite == true }) else {
                        throw Failure("\"\(word)\" needs \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) or \(count.upperBound)") number\(count.upperBound > 1 ? "s" : "")")
                    }
                    return values.map { CGFloat($0!) }
                }
                switch pair[0] {
                case "w": width = try numbers(1 ... 1)[0]
                case "secondary": secondary = true
                case "outline": only = .outline
                case "filled": only = .filled
                case "flipx": scale.x = -scale.x
                case "flipy": scale.y = -scale.y
                case "scale":
                    let s = try numbers(1 ... 2)
                    scale = (scale.x * s[0], scale.y * s[s.count - 1])
                case "rotate": degrees = try numbers(1 ... 1)[0]
                case "at":
                    let p = try numbers(2 ... 2)
                    offset = CGPoint(x: p[0], y: p[1])
                default:
                    throw Failure("\"\(word)\" is not an option (w=, secondary, outline, filled, scale=, flipx, flipy, rotate=, at=)")
                }
            }
            let a = degrees * .pi / 180
            transform = CGAffineTransform(a: cos(a) * scale.x, b: sin(a) * scale.x, c: -sin(a) * scale.y, d: cos(a) * scale.y,
                                          tx: offset.x, ty: offset.y)
        }
    }
}
