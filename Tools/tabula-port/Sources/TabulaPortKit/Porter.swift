import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Rewrites one Swift file written against UIKit so that it builds both for iOS and, with
/// Tabula, on Linux, and lists what it could not rewrite.
///
/// The rewrite is purely syntactic: it knows the call shapes UIKit code uses (see
/// ``SelectorConverter``), never a type checker's answer. Every change keeps the file
/// building for iOS: imports go behind `#if canImport(UIKit)`, selectors become the
/// closure APIs both platforms have.
public enum Porter {
    /// Ports `source`. Throws ``PortError/syntaxError(line:column:message:)`` when the input
    /// does not parse, and ``PortError/unparsableOutput(line:column:message:)`` if the
    /// rewritten text would not parse again; in both cases nothing is to be written.
    public static func port(source: String, context: ProjectContext = ProjectContext()) throws -> PortResult {
        let file = Parser.parse(source: source)
        if let error = firstError(in: file) {
            throw PortError.syntaxError(line: error.line, column: error.column, message: error.message)
        }
        let converter = SourceLocationConverter(fileName: "", tree: file)
        let index = SourceIndex(file)
        let plan = SelectorPlan(file: file, converter: SelectorConverter(index: index), locations: converter,
                                projectObservers: context.selfObservesBySelector ? ["self"] : [])

        let rewriter = PortRewriter(index: index, plan: plan, context: context, locations: converter)
        var rewritten = rewriter.rewrite(file).cast(SourceFileSyntax.self)
        var notes = plan.notes + rewriter.notes + UnsupportedAPI.notes(in: file, locations: converter)

        let mover = OverrideMover(original: file, locations: converter)
        rewritten = mover.move(in: rewritten)
        notes += mover.notes

        var output = rewritten.description
        if !rewriter.constructibleDelegates.isEmpty || !rewriter.constructibleViews.isEmpty {
            if !output.hasSuffix("\n") { output += "\n" }
            output += "\n#if !canImport(UIKit)\n"
                + rewriter.constructibleDelegates.map { "extension \($0): ConstructibleDelegate {}\n" }.joined()
                + rewriter.constructibleViews.map { "extension \($0): ConstructibleView {}\n" }.joined()
                + "#endif\n"
        }
        if let networking = foundationNetworking(original: file, output: output, locations: converter) {
            output = networking.output
            notes.append(networking.note)
        }
        let reparsed = Parser.parse(source: output)
        if let error = firstError(in: reparsed) {
            throw PortError.unparsableOutput(line: error.line, column: error.column, message: error.message)
        }
        notes.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return PortResult(source: output, changed: output != source, notes: notes,
                          needsSupportFile: rewriter.needsSupportFile)
    }

    /// Whether `source` registers `self` as a notification observer with a selector that
    /// porting it converts (false when it does not parse). See
    /// ``ProjectContext/selfObservesBySelector``.
    public static func registersSelfObserver(source: String) -> Bool {
        let file = Parser.parse(source: source)
        guard firstError(in: file) == nil else { return false }
        let plan = SelectorPlan(file: file, converter: SelectorConverter(index: SourceIndex(file)),
                                locations: SourceLocationConverter(fileName: "", tree: file), projectObservers: [])
        return plan.observers.contains("self")
    }

    /// The Foundation types that live in `FoundationNetworking` on Linux.
    static let networkingTypes: Set<String> = ["URLSession", "URLRequest", "URLSessionDataTask", "HTTPURLResponse",
                                               "URLSessionConfiguration", "URLSessionTask", "URLResponse"]

    /// `output` with `#if canImport(FoundationNetworking)` `import FoundationNetworking`
    /// `#endif` after its imports, when the file imports Foundation or UIKit, names one of
    /// ``networkingTypes`` and does not import FoundationNetworking already.
    static func foundationNetworking(original: SourceFileSyntax, output: String,
                                     locations: SourceLocationConverter) -> (output: String, note: PortNote)? {
        let imports = original.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
        guard imports.contains(where: { ["Foundation", "UIKit"].contains($0.path.first?.name.text ?? "") }),
              !original.description.contains("FoundationNetworking") else { return nil }
        let uses = original.tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let name) = token.tokenKind { return networkingTypes.contains(name) }
            return false
        }
        guard uses else { return nil }
        // The last top-level import of the output, or the `#if` holding only imports it became.
        let file = Parser.parse(source: output)
        var last: CodeBlockItemSyntax?
        for item in file.statements {
            if item.item.is(ImportDeclSyntax.self) { last = item; continue }
            if let condition = item.item.as(IfConfigDeclSyntax.self), condition.clauses.allSatisfy({ clause in
                guard case .statements(let statements)? = clause.elements else { return clause.elements == nil }
                return statements.allSatisfy { $0.item.is(ImportDeclSyntax.self) }
            }) {
                last = item
                continue
            }
            break
        }
        guard let last else { return nil }
        let utf8 = Array(output.utf8)
        let end = last.endPositionBeforeTrailingTrivia.utf8Offset
        let inserted = "\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif"
        let result = String(decoding: utf8[..<end], as: UTF8.self) + inserted + String(decoding: utf8[end...], as: UTF8.self)
        let place = (imports.last ?? imports[0]).startLocation(converter: locations, afterLeadingTrivia: true)
        let note = PortNote(.converted, line: place.line, column: place.column,
                            "URLSession and its types are in FoundationNetworking on Linux: import FoundationNetworking "
                            + "added under #if canImport(FoundationNetworking)")
        return (result, note)
    }

    /// The first error the parser reports, with its position.
    static func firstError(in file: SourceFileSyntax) -> (line: Int, column: Int, message: String)? {
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: file)
        guard let first = diagnostics.first(where: { $0.diagMessage.severity == .error }) else { return nil }
        let location = first.location(converter: SourceLocationConverter(fileName: "", tree: file))
        return (location.line, location.column, first.message)
    }
}

/// Decides, before anything is rewritten, which `#selector`s become closures and which
/// stay, so that `@objc` is removed only from methods no remaining selector names.
struct SelectorPlan {
    /// Calls to replace, by node, with their new text.
    private(set) var replacements: [SyntaxIdentifier: (text: String, note: String, support: Bool)] = [:]
    /// Methods that some selector the tool leaves still names.
    private(set) var remainingSelectorNames: Set<String> = []
    /// The selectors left for a person.
    private(set) var notes: [PortNote] = []
    /// Statements to replace with new text, or to remove (nil), by node: a target and an
    /// action set one after the other become one primary action.
    private(set) var statements: [SyntaxIdentifier: (text: String?, note: String)] = [:]

    /// The observers (as written) of the notification observers this file registers by
    /// selector and that were converted: their `removeObserver` calls are rewritten.
    private(set) var observers: Set<String> = []

    init(file: SourceFileSyntax, converter: SelectorConverter, locations: SourceLocationConverter,
         projectObservers: Set<String>) {
        let finder = SelectorFinder(viewMode: .sourceAccurate)
        finder.walk(file)
        var handled: Set<SyntaxIdentifier> = []
        for call in finder.calls {
            guard let conversion = converter.convert(call) else { continue }
            let selectors = call.arguments.compactMap { argument in
                SelectorReference(argument.expression) == nil ? nil : argument.expression.id
            }
            let place = call.startLocation(converter: locations)
            switch conversion {
            case let .replace(text, note, support):
                replacements[call.id] = (text, note, support)
                handled.formUnion(selectors)
            case let .manual(reason):
                notes.append(PortNote(.manual, line: place.line, column: place.column, reason))
                handled.formUnion(selectors)
                for argument in call.arguments {
                    if let selector = SelectorReference(argument.expression) { remainingSelectorNames.insert(selector.name) }
                }
            }
        }
        // The removals of the observers converted above, or registered by another file of the
        // project (`self` only); not of tokens from the block API.
        var tokens: Set<String> = []
        for call in finder.calls {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.text == "addObserver", let first = call.arguments.first else { continue }
            if first.label?.text == "forName", let name = Self.assignedName(of: call) {
                tokens.insert(name)
            } else if first.label == nil, replacements[call.id] != nil {
                observers.insert(first.expression.trimmedDescription)
            }
        }
        for call in finder.calls where replacements[call.id] == nil {
            if case let .replace(text, note, support)? = converter.observerRemoval(
                call, observers: observers.union(projectObservers), tokens: tokens) {
                replacements[call.id] = (text, note, support)
            }
        }
        for list in finder.blocks {
            for (action, target, selector) in Self.targetActionPairs(in: list) {
                let place = action.startLocation(converter: locations)
                let item = Self.assignee(of: action)?.base?.trimmedDescription ?? ""
                handled.insert(selector.id)
                switch converter.barButtonAction(item: item, target: Self.assignedValue(of: target), selector: selector) {
                case let .replace(text, note, _):
                    statements[action.id] = (text, note)
                    statements[target.id] = (nil, "\(item).target = … removed: the primary action calls its target")
                case let .manual(reason):
                    notes.append(PortNote(.manual, line: place.line, column: place.column, reason))
                    if let reference = SelectorReference(selector) { remainingSelectorNames.insert(reference.name) }
                }
            }
        }
        for selector in finder.selectors where !handled.contains(selector.id) {
            let place = selector.startLocation(converter: locations)
            if let reference = SelectorReference(ExprSyntax(selector)) { remainingSelectorNames.insert(reference.name) }
            notes.append(PortNote(.manual, line: place.line, column: place.column,
                "#selector outside a call tabula-port knows: Linux has no Objective-C selectors; "
                + "use a closure, or keep this code under #if canImport(UIKit)"))
        }
    }

    /// The statements `x.action = #selector(m)` of `list` that follow or precede a
    /// `x.target = t` of the same `x`, with that statement and the selector.
    private static func targetActionPairs(in list: CodeBlockItemListSyntax)
        -> [(action: CodeBlockItemSyntax, target: CodeBlockItemSyntax, selector: ExprSyntax)] {
        let items = Array(list)
        var pairs: [(CodeBlockItemSyntax, CodeBlockItemSyntax, ExprSyntax)] = []
        for action in items {
            guard let member = assignee(of: action), member.declName.baseName.text == "action", let base = member.base,
                  let value = assignedValueExpression(of: action), SelectorReference(value) != nil,
                  let target = items.first(where: {
                      assignee(of: $0).map { $0.declName.baseName.text == "target" && $0.base?.trimmedDescription == base.trimmedDescription }
                          ?? false
                  })
            else { continue }
            pairs.append((action, target, value))
        }
        return pairs
    }

    /// The variable or property a call's value is stored in: `let n = call`, `n = call`,
    /// `self.n = call` give `n`.
    private static func assignedName(of call: FunctionCallExprSyntax) -> String? {
        if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let sequence = call.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == call.id else { return nil }
            return SelectorConverter.lastName(of: elements[0])
        }
        return nil
    }

    /// The member assigned to by a statement `a.b = c`.
    private static func assignee(of statement: CodeBlockItemSyntax) -> MemberAccessExprSyntax? {
        guard let sequence = statement.item.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return elements[0].as(MemberAccessExprSyntax.self)
    }

    private static func assignedValueExpression(of statement: CodeBlockItemSyntax) -> ExprSyntax? {
        guard let sequence = statement.item.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        return Array(sequence.elements)[2]
    }

    private static func assignedValue(of statement: CodeBlockItemSyntax) -> ExprSyntax {
        assignedValueExpression(of: statement) ?? ExprSyntax(NilLiteralExprSyntax())
    }

    private final class SelectorFinder: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        var selectors: [MacroExpansionExprSyntax] = []
        var blocks: [CodeBlockItemListSyntax] = []
        override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
            blocks.append(node)
            return .visitChildren
        }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node)
            return .visitChildren
        }
        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            if node.macroName.text == "selector" { selectors.append(node) }
            return .visitChildren
        }
    }
}
