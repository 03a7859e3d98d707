import Foundation

/// The shape of a request's SQL, read from its text, when it is simple enough for a
/// ``FetchedResultsController`` to follow row changes without fetching everything again:
///
/// ```sql
/// SELECT <expressions> FROM <table> [[AS] <alias>] [WHERE <expression>] ORDER BY <columns>
/// ```
///
/// Such a request reads one table once, and each of its result rows depends on one row of
/// that table alone — the row's own values, constants and the statement's arguments — so
/// a write to some rows changes the results only at those rows. That is what makes it
/// exact to refetch the changed rows alone. The text is only tokenized, never fully
/// parsed, so the test is deliberately narrow: anything that could make a result row
/// depend on other rows or on something besides the row is refused (the initializer
/// returns nil), and the controller then refetches everything:
///
/// - a subquery, `EXISTS`, a join or a second table, a common table expression, a
///   compound (`UNION`, …), `VALUES`;
/// - `DISTINCT`, `GROUP BY`, `HAVING`, a window (`OVER`, `WINDOW`, `FILTER`), `LIMIT`, `OFFSET`
///   (with those a row's presence depends on the other rows);
/// - a function call, unless the function is a built-in deterministic scalar function
///   (``rowLocalFunctions``): aggregate functions, `random()`, the date functions (which
///   read the clock) and application-defined functions are refused;
/// - `x IN table`, a list of values only is accepted;
/// - an `ORDER BY` term other than a column name, optionally qualified by the table or its
///   alias, with an optional `COLLATE` and `ASC` or `DESC` (so not `NULLS FIRST`, nor an
///   expression, nor a result column's number).
struct RequestShape: Equatable, Sendable {
    /// One `ORDER BY` term.
    struct SortTerm: Equatable, Sendable {
        /// The column's name, unquoted, as written.
        var column: String
        /// The collation given with `COLLATE`, uppercased; nil when none is given (the
        /// column's declared collation applies).
        var collation: String?
        /// Whether the term sorts in descending order.
        var descending: Bool
    }

    /// The table the request selects from, unquoted, as written (without a schema name).
    var table: String
    /// The `ORDER BY` terms, in order.
    var sortTerms: [SortTerm]

    /// Built-in SQLite functions whose result depends only on their arguments: calling
    /// them keeps a result row a function of its table row. (`min` and `max` are left out:
    /// with one argument they are aggregates.)
    static let rowLocalFunctions: Set<String> = [
        "abs", "char", "coalesce", "concat", "concat_ws", "format", "glob", "hex", "ifnull", "iif",
        "instr", "length", "like", "likelihood", "likely", "lower", "ltrim", "nullif", "octet_length",
        "printf", "quote", "replace", "round", "rtrim", "sign", "substr", "substring", "trim",
        "typeof", "unhex", "unicode", "unlikely", "upper", "zeroblob",
    ]

    /// Words that refuse the request wherever they appear (see the type's description).
    private static let refusedWords: Set<String> = [
        "DISTINCT", "EXCEPT", "EXISTS", "FILTER", "GROUP", "HAVING", "INTERSECT", "JOIN", "LIMIT",
        "MATCH", "NATURAL", "OFFSET", "OVER", "RAISE", "RETURNING", "SELECT", "UNION", "USING",
        "VALUES", "WINDOW", "WITH", "FROM", "ORDER",
    ]

    /// Keywords that may be followed by a parenthesis without being a function call.
    private static let keywordsBeforeParenthesis: Set<String> = [
        "AND", "OR", "NOT", "IN", "IS", "CAST", "CASE", "WHEN", "THEN", "ELSE", "LIKE", "GLOB",
        "REGEXP", "BETWEEN", "ESCAPE",
    ]

    /// Words that end the table reference of the `FROM` clause (no alias is one of them).
    private static let clauseWords: Set<String> = ["WHERE", "ORDER", "INDEXED", "NOT"]

    /// The shape of `sql`, or nil when it is not of the accepted form.
    init?(sql: String) {
        guard let tokens = SQLToken.tokenize(sql) else { return nil }
        var end = tokens.count
        if end > 0, tokens[end - 1] == .symbol(";") { end -= 1 }
        guard end > 0, tokens[0].keyword == "SELECT" else { return nil }
        // Split the statement at its top-level FROM, WHERE and ORDER BY.
        var from: Int?, whereAt: Int?, orderAt: Int?, depth = 0
        for i in 1 ..< end {
            switch tokens[i] {
            case .symbol("("): depth += 1
            case .symbol(")"): depth -= 1
            default:
                guard depth == 0 else { continue }
                switch tokens[i].keyword {
                case "FROM": if from == nil { from = i } else { return nil }
                case "WHERE": if whereAt == nil, from != nil { whereAt = i } else { return nil }
                case "ORDER": if orderAt == nil, from != nil { orderAt = i } else { return nil }
                default: break
                }
            }
            guard depth >= 0 else { return nil }
        }
        guard depth == 0, let from, let orderAt, orderAt + 1 < end, tokens[orderAt + 1].keyword == "BY" else { return nil }
        if let whereAt, whereAt > orderAt { return nil }
        let fromEnd = whereAt ?? orderAt

        // SELECT <expressions>
        guard Self.isRowLocal(tokens[1 ..< from]) else { return nil }
        // FROM <table> [[AS] alias] [INDEXED BY index | NOT INDEXED]
        var i = from + 1
        guard i < fromEnd, let table = tokens[i].identifier else { return nil }
        i += 1
        if i + 1 < fromEnd, tokens[i] == .symbol(".") {
            // A schema name: only the main database's tables are followed.
            guard table.lowercased() == "main", let name = tokens[i + 1].identifier else { return nil }
            self.table = name
            i += 2
        } else {
            self.table = table
        }
        var alias: String?
        if i < fromEnd, tokens[i].keyword == "AS" { i += 1 }
        if i < fromEnd, let name = tokens[i].identifier, !Self.clauseWords.contains(tokens[i].keyword ?? "") {
            alias = name
            i += 1
        }
        if i + 3 == fromEnd, tokens[i].keyword == "INDEXED", tokens[i + 1].keyword == "BY", tokens[i + 2].identifier != nil {
            i += 3
        } else if i + 2 == fromEnd, tokens[i].keyword == "NOT", tokens[i + 1].keyword == "INDEXED" {
            i += 2
        }
        guard i == fromEnd else { return nil }
        // WHERE <expression>
        if let whereAt {
            guard whereAt + 1 < orderAt, Self.isRowLocal(tokens[whereAt + 1 ..< orderAt]) else { return nil }
        }
        // ORDER BY <column> [COLLATE name] [ASC | DESC], …
        var terms: [SortTerm] = []
        var start = orderAt + 2
        while start < end {
            var stop = start
            while stop < end, tokens[stop] != .symbol(",") { stop += 1 }
            guard let term = Self.sortTerm(tokens[start ..< stop], table: self.table, alias: alias) else { return nil }
            terms.append(term)
            start = stop + 1
            if stop < end, start == end { return nil }   // a trailing comma
        }
        guard !terms.isEmpty else { return nil }
        sortTerms = terms
    }

    /// One `ORDER BY` term: a column, qualified by nothing, the table or its alias, then an
    /// optional collation and direction.
    private static func sortTerm(_ tokens: ArraySlice<SQLToken>, table: String, alias: String?) -> SortTerm? {
        var i = tokens.startIndex
        guard i < tokens.endIndex, var column = tokens[i].identifier else { return nil }
        i += 1
        if i + 1 < tokens.endIndex, tokens[i] == .symbol("."), let name = tokens[i + 1].identifier {
            let qualifier = column.lowercased()
            guard qualifier == table.lowercased() || qualifier == alias?.lowercased() else { return nil }
            column = name
            i += 2
        }
        var term = SortTerm(column: column, collation: nil, descending: false)
        if i + 1 < tokens.endIndex, tokens[i].keyword == "COLLATE", let name = tokens[i + 1].identifier {
            term.collation = name.uppercased()
            i += 2
        }
        if i < tokens.endIndex, let word = tokens[i].keyword, word == "ASC" || word == "DESC" {
            term.descending = word == "DESC"
            i += 1
        }
        return i == tokens.endIndex ? term : nil
    }

    /// Whether an expression (or a list of them) uses nothing but the row: no refused
    /// word, no function but the row-local ones, `IN` only before a parenthesized list.
    private static func isRowLocal(_ tokens: ArraySlice<SQLToken>) -> Bool {
        for i in tokens.indices {
            let next = i + 1 < tokens.endIndex ? tokens[i + 1] : nil
            switch tokens[i] {
            case .word(let word):
                let keyword = word.uppercased()
                if refusedWords.contains(keyword) { return false }
                if keyword == "IN", next != .symbol("(") { return false }
                if next == .symbol("("), !keywordsBeforeParenthesis.contains(keyword),
                   !rowLocalFunctions.contains(word.lowercased()) { return false }
            case .quotedIdentifier:
                if next == .symbol("(") { return false }
            default:
                break
            }
        }
        return true
    }
}

/// One token of SQL text: enough of SQLite's lexical rules to find keywords, identifiers
/// and nesting, never mistaking the inside of a string, quoted identifier or comment for
/// them.
enum SQLToken: Equatable, Sendable {
    /// A keyword or a bare identifier, as written.
    case word(String)
    /// A quoted identifier (`"…"`, `` `…` `` or `[…]`), unquoted.
    case quotedIdentifier(String)
    /// A string literal.
    case string
    /// A numeric literal.
    case number
    /// A parameter: `?`, `?NNN`, `:name`, `@name` or `$name`.
    case parameter
    /// An operator or punctuation, e.g. `(`, `,`, `||`.
    case symbol(String)

    /// The word uppercased, when the token is a word.
    var keyword: String? {
        if case .word(let word) = self { word.uppercased() } else { nil }
    }

    /// The identifier the token names, quoted or not.
    var identifier: String? {
        switch self {
        case .word(let word), .quotedIdentifier(let word): word
        default: nil
        }
    }

    /// The tokens of `sql`, or nil when a string or quoted identifier is not closed.
    static func tokenize(_ sql: String) -> [SQLToken]? {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var i = 0
        func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 || b >= 0x80
        }
        /// The end of a quoted run starting at `start` (the opening quote), doubled closing quotes escaping themselves.
        func quotedEnd(from start: Int, closing: UInt8) -> Int? {
            var j = start + 1
            while j < bytes.count {
                if bytes[j] == closing {
                    if closing != UInt8(ascii: "]"), j + 1 < bytes.count, bytes[j + 1] == closing { j += 2; continue }
                    return j + 1
                }
                j += 1
            }
            return nil
        }
        while i < bytes.count {
            let b = bytes[i]
            let next: UInt8? = i + 1 < bytes.count ? bytes[i + 1] : nil
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                i += 1
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                i += 2
                while i < bytes.count, !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(i + 2, bytes.count)
            case UInt8(ascii: "'"):
                guard let stop = quotedEnd(from: i, closing: b) else { return nil }
                tokens.append(.string)
                i = stop
            case UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                let closing = b == UInt8(ascii: "[") ? UInt8(ascii: "]") : b
                guard let stop = quotedEnd(from: i, closing: closing) else { return nil }
                let quote = String(decoding: [closing, closing], as: UTF8.self)
                let inner = String(decoding: bytes[i + 1 ..< stop - 1], as: UTF8.self)
                tokens.append(.quotedIdentifier(closing == UInt8(ascii: "]") ? inner
                    : inner.replacingOccurrences(of: quote, with: String(quote.prefix(1)))))
                i = stop
            case UInt8(ascii: "0") ... UInt8(ascii: "9"):
                i += 1
                while i < bytes.count {
                    let c = bytes[i]
                    if isWordByte(c) || c == UInt8(ascii: ".") {
                        i += 1
                    } else if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")),
                              bytes[i - 1] == UInt8(ascii: "e") || bytes[i - 1] == UInt8(ascii: "E") {
                        i += 1
                    } else {
                        break
                    }
                }
                tokens.append(.number)
            case UInt8(ascii: "."):
                if let next, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                    i += 1
                    while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
                    tokens.append(.number)
                } else {
                    tokens.append(.symbol("."))
                    i += 1
                }
            case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                i += 1
                while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
                tokens.append(.parameter)
            case _ where isWordByte(b):
                let start = i
                while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
                tokens.append(.word(String(decoding: bytes[start ..< i], as: UTF8.self)))
            default:
                let three = i + 2 < bytes.count ? String(decoding: bytes[i ... i + 2], as: UTF8.self) : ""
                let two = next != nil ? String(decoding: bytes[i ... i + 1], as: UTF8.self) : ""
                if three == "->>" {
                    tokens.append(.symbol(three))
                    i += 3
                } else if ["||", "<=", ">=", "==", "!=", "<>", "<<", ">>", "->"].contains(two) {
                    tokens.append(.symbol(two))
                    i += 2
                } else {
                    tokens.append(.symbol(String(decoding: [b], as: UTF8.self)))
                    i += 1
                }
            }
        }
        return tokens
    }
}
