import SwiftSyntax

/// Moves `override` members out of extensions into the body of their class, when the class
/// is declared in the same file. Without the Objective-C runtime Swift cannot override a
/// declaration from an extension ("declarations in extensions cannot override yet"), and
/// a table view controller's data source overrides often live in one.
final class OverrideMover {
    private let locations: SourceLocationConverter
    /// An overriding member of an extension: its name, where it was, and the `private`
    /// or `fileprivate` members of the file it uses (they cannot be reached from the
    /// class body in another file).
    private struct Override {
        let name: String, line: Int, column: Int
        let privateHelpers: [String]
    }

    /// For each top-level extension, in file order: its overriding members.
    private let originalOverrides: [[Override]]
    private(set) var notes: [PortNote] = []

    init(original: SourceFileSyntax, locations: SourceLocationConverter) {
        self.locations = locations
        let helpers = Self.privateMemberNames(in: original)
        var found: [[Override]] = []
        for statement in original.statements {
            guard let extensionDecl = statement.item.as(ExtensionDeclSyntax.self) else { continue }
            var overrides: [Override] = []
            for member in extensionDecl.memberBlock.members where Self.isOverride(member.decl) {
                let place = member.decl.startLocation(converter: locations, afterLeadingTrivia: true)
                var used: [String] = []
                for token in member.decl.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let name) = token.tokenKind, helpers.contains(name), !used.contains(name) { used.append(name) }
                }
                overrides.append(Override(name: Self.name(of: member.decl), line: place.line, column: place.column,
                                          privateHelpers: used))
            }
            found.append(overrides)
        }
        originalOverrides = found
    }

    /// The names of the functions and properties declared `private` or `fileprivate` in
    /// the file's types and extensions (one level down).
    private static func privateMemberNames(in file: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        for statement in file.statements {
            guard let members = statement.item.asProtocol(DeclGroupSyntax.self)?.memberBlock.members else { continue }
            for member in members {
                let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []
                guard modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) })
                else { continue }
                if let function = member.decl.as(FunctionDeclSyntax.self) { names.insert(function.name.text) }
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
                    }
                }
            }
        }
        return names
    }

    static func isOverride(_ decl: DeclSyntax) -> Bool {
        decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.override) } ?? false
    }

    static func name(of decl: DeclSyntax) -> String {
        if let function = decl.as(FunctionDeclSyntax.self) {
            let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
            return "\(function.name.text)(\(labels))"
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.map(\.pattern.trimmedDescription).joined(separator: ", ")
        }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            return "init(" + initializer.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
        }
        return "member"
    }

    /// `file` with the overrides moved.
    func move(in file: SourceFileSyntax) -> SourceFileSyntax {
        let classes = Set(file.statements.compactMap { $0.item.as(ClassDeclSyntax.self)?.name.text })
        var moved: [String: [MemberBlockItemSyntax]] = [:]
        var items: [CodeBlockItemSyntax] = []
        var extensionIndex = 0
        for item in file.statements {
            guard var extensionDecl = item.item.as(ExtensionDeclSyntax.self) else {
                items.append(item)
                continue
            }
            defer { extensionIndex += 1 }
            let places = extensionIndex < originalOverrides.count ? originalOverrides[extensionIndex] : []
            let typeName = extensionDecl.extendedType.trimmedDescription
            let overrides = extensionDecl.memberBlock.members.filter { Self.isOverride($0.decl) }
            guard !overrides.isEmpty else {
                items.append(item)
                continue
            }
            guard classes.contains(typeName) else {
                for place in places {
                    // Private helpers of this file cannot be reached from the class body in
                    // its own file: they move with the override, or lose `private`.
                    let helpers = place.privateHelpers.isEmpty ? "" : "; it uses "
                        + place.privateHelpers.joined(separator: ", ")
                        + ", private to this file: move \(place.privateHelpers.count == 1 ? "it" : "them") too, or make "
                        + "\(place.privateHelpers.count == 1 ? "it" : "them") internal"
                    notes.append(PortNote(.manual, line: place.line, column: place.column,
                        "override \(place.name) in an extension of \(typeName), declared in another file: "
                        + "move it into the class body (Swift without the Objective-C runtime cannot override from an extension)"
                        + helpers))
                }
                items.append(item)
                continue
            }
            for place in places {
                notes.append(PortNote(.converted, line: place.line, column: place.column,
                    "override \(place.name) moved from an extension into the body of \(typeName)"))
            }
            let remaining = extensionDecl.memberBlock.members.filter { !Self.isOverride($0.decl) }
            let keepsSomething = !remaining.isEmpty || extensionDecl.inheritanceClause != nil
                || extensionDecl.genericWhereClause != nil
            var group = Array(overrides)
            if !keepsSomething {
                // The extension goes; its comments (a `// MARK:` line) go with its members.
                let comments = item.leadingTrivia.pieces.filter(\.isComment)
                if !comments.isEmpty {
                    let carried = comments.flatMap { [TriviaPiece.newlines(1), .spaces(4), $0] }
                    group[0].leadingTrivia = Trivia(pieces: carried) + group[0].leadingTrivia
                }
            }
            moved[typeName, default: []] += group
            if keepsSomething {
                extensionDecl.memberBlock.members = remaining
                items.append(item.with(\.item, .decl(DeclSyntax(extensionDecl))))
            }
        }
        guard !moved.isEmpty else { return file }
        let rebuilt = items.map { item -> CodeBlockItemSyntax in
            guard var classDecl = item.item.as(ClassDeclSyntax.self), let members = moved[classDecl.name.text] else {
                return item
            }
            var list = Array(classDecl.memberBlock.members)
            let marker: Trivia = Trivia(pieces: [.newlines(2), .spaces(4),
                                         .lineComment("// Moved from an extension by tabula-port: without the Objective-C"),
                                         .newlines(1), .spaces(4),
                                         .lineComment("// runtime, overrides must be in the class body.")])
            for (offset, member) in members.enumerated() {
                var member = member
                if offset == 0 {
                    member.leadingTrivia = marker + Self.withoutLeadingNewlines(member.leadingTrivia)
                }
                list.append(member)
            }
            classDecl.memberBlock.members = MemberBlockItemListSyntax(list)
            return item.with(\.item, .decl(DeclSyntax(classDecl)))
        }
        return file.with(\.statements, CodeBlockItemListSyntax(rebuilt))
    }

    /// Trivia with its leading newlines replaced by one (the marker comment precedes it).
    static func withoutLeadingNewlines(_ trivia: Trivia) -> Trivia {
        var pieces = Array(trivia.pieces)
        while let first = pieces.first, case .newlines = first { pieces.removeFirst() }
        return Trivia(pieces: [.newlines(1)] + pieces)
    }
}
