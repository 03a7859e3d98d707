import SwiftSyntax

/// `CGMutablePath` is a class in Core Graphics and a value type in Tabula (the struct
/// `Path`, whose Core Graphics methods are `mutating`). UIKit code builds a path in a
/// constant, `let path = CGMutablePath()` then `path.addLine(to:)`, which does not compile
/// with a struct:
///
/// | before | after |
/// | --- | --- |
/// | `let path = CGMutablePath()` (a local, later `path.addLine(…)`) | `var path = CGMutablePath()` |
/// | `if let copy = path.mutableCopy()` (later `copy.addRect(…)`) | `if var copy = path.mutableCopy()` |
/// | `let path = CGMutablePath()` (a class's property, mutated in its methods) | `var path = CGMutablePath()` |
/// | a struct's property, a parameter mutated in its function | left, with a note |
extension PortRewriter {
    /// The methods of `CGMutablePath` that are `mutating` in Tabula.
    static let mutatingPathMethods: Set<String> = [
        "move", "addLine", "addLines", "addQuadCurve", "addCurve", "addRect", "addRects", "addRoundedRect",
        "addEllipse", "addArc", "addRelativeArc", "addPath", "closeSubpath",
    ]

    static let mutablePathNote = "CGMutablePath is a value type in Tabula (Path, whose Core Graphics methods are "
        + "mutating), a class in Core Graphics"

    /// `decl` with `let` made `var` when it declares a `CGMutablePath` that is mutated
    /// through its methods: a local in the rest of its block, or a class's (or actor's)
    /// stored property in the class and its extensions in the file. A struct's property is
    /// left with a note (its methods would have to become `mutating`).
    func varIfMutatedPath(_ decl: VariableDeclSyntax, original: VariableDeclSyntax) -> VariableDeclSyntax {
        guard original.bindingSpecifier.tokenKind == .keyword(.let), decl.bindingSpecifier.tokenKind == .keyword(.let),
              !original.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) })
        else { return decl }
        let names = original.bindings.compactMap { binding -> String? in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  Self.isMutablePath(type: binding.typeAnnotation?.type, value: binding.initializer?.value) else { return nil }
            return name
        }
        guard !names.isEmpty else { return decl }
        if original.parent?.is(MemberBlockItemSyntax.self) == true {
            return varIfMutatedPathProperty(decl, original: original, names: names)
        }
        guard let scope = original.ancestor(CodeBlockItemListSyntax.self) else { return decl }
        let after = original.endPosition
        let mutations = names.compactMap { name in
            Self.pathMutation(of: name, in: Syntax(scope), selfMember: false) { $0.position >= after }.map { (name, $0) }
        }
        guard let (name, method) = mutations.first else { return decl }
        // A declaration at a file's top level is a global unless the file is main.swift.
        let global = scope.parent?.is(SourceFileSyntax.self) == true
            ? "; at a file's top level outside main.swift it is a global, which the Swift 6 language mode accepts "
                + "as a var only when it is isolated (e.g. @MainActor)" : ""
        note(.converted, original.bindingSpecifier, "let \(name) → var \(name): \(Self.mutablePathNote), so calling "
            + "\(method) on it needs a var (on iOS the compiler may warn that the var is never mutated; keep the var)"
            + global)
        return Self.withVar(decl)
    }

    /// The stored-property case of ``varIfMutatedPath(_:original:)``.
    private func varIfMutatedPathProperty(_ decl: VariableDeclSyntax, original: VariableDeclSyntax,
                                          names: [String]) -> VariableDeclSyntax {
        guard let member = original.parent, let list = member.parent?.as(MemberBlockItemListSyntax.self),
              let block = list.parent?.as(MemberBlockSyntax.self), let owner = block.parent else { return decl }
        let typeName: String
        let isReference: Bool
        if let type = owner.as(ClassDeclSyntax.self) {
            (typeName, isReference) = (type.name.text, true)
        } else if let type = owner.as(ActorDeclSyntax.self) {
            (typeName, isReference) = (type.name.text, true)
        } else if let type = owner.as(StructDeclSyntax.self) {
            (typeName, isReference) = (type.name.text, false)
        } else {
            return decl
        }
        // The type's body and its extensions in the file.
        let extensions = original.root.as(SourceFileSyntax.self)?.statements.compactMap { item -> Syntax? in
            guard let decl = item.item.as(ExtensionDeclSyntax.self), decl.extendedType.trimmedDescription == typeName
            else { return nil }
            return Syntax(decl.memberBlock)
        } ?? []
        let scopes = [Syntax(block)] + extensions
        let mutations = names.compactMap { name in
            scopes.lazy.compactMap { Self.pathMutation(of: name, in: $0, selfMember: true) { _ in true } }.first
                .map { (name, $0) }
        }
        guard let (name, method) = mutations.first else { return decl }
        guard isReference else {
            note(.manual, original.bindingSpecifier, "\(name): \(Self.mutablePathNote): a stored property mutated through "
                + "its methods (\(method)) must be a var, and the methods of \(typeName) that do it must be `mutating` "
                + "(a struct's other methods cannot change its properties); make those changes by hand, or keep the "
                + "path in a class")
            return decl
        }
        note(.converted, original.bindingSpecifier, "let \(name) → var \(name): \(Self.mutablePathNote), so a stored "
            + "property mutated through its methods (\(method)) must be a var; the methods of a class may mutate its "
            + "var properties without `mutating`, so nothing else changes (on iOS the var is simply never reassigned)")
        return Self.withVar(decl)
    }

    /// `if let copy = path.mutableCopy()` / `guard let …` → `var` when the body (or, for
    /// `guard`, the rest of the block) mutates `copy` through its methods.
    func varIfMutatedPath(_ visited: OptionalBindingConditionSyntax,
                          original node: OptionalBindingConditionSyntax) -> OptionalBindingConditionSyntax {
        guard node.bindingSpecifier.tokenKind == .keyword(.let),
              let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let value = node.initializer?.value,
              Self.isMutablePath(type: node.typeAnnotation?.type, value: value, unwrapped: true) else { return visited }
        // OptionalBindingCondition → ConditionElement → ConditionElementList → the statement.
        let statement = node.parent?.parent?.parent
        let scope: Syntax?
        if let statement = statement?.as(IfExprSyntax.self) {
            scope = Syntax(statement.body)
        } else if let statement = statement?.as(WhileStmtSyntax.self) {
            scope = Syntax(statement.body)
        } else if let statement = statement?.as(GuardStmtSyntax.self) {
            scope = statement.ancestor(CodeBlockItemListSyntax.self).map(Syntax.init)
        } else {
            scope = nil
        }
        let after = node.endPosition
        guard let scope, let method = Self.pathMutation(of: name, in: scope, selfMember: false, where: { $0.position >= after })
        else { return visited }
        note(.converted, node.bindingSpecifier, "let \(name) → var \(name): \(Self.mutablePathNote), so calling \(method) "
            + "on it needs a var (on iOS the compiler may warn that the var is never mutated; keep the var)")
        var result = visited
        result.bindingSpecifier = .keyword(.var, leadingTrivia: visited.bindingSpecifier.leadingTrivia,
                                           trailingTrivia: visited.bindingSpecifier.trailingTrivia)
        return result
    }

    /// A `CGMutablePath` parameter (not `inout`) mutated in its function: noted, not
    /// rewritten (making it `inout` would change every call site).
    func noteMutatedPathParameter(_ node: FunctionParameterSyntax) {
        guard Self.isMutablePathType(node.type) else { return }
        let name = (node.secondName ?? node.firstName).text
        guard name != "_" else { return }
        let body: Syntax? = node.ancestor(FunctionDeclSyntax.self)?.body.map(Syntax.init)
            ?? node.ancestor(InitializerDeclSyntax.self)?.body.map(Syntax.init)
        guard let body, let method = Self.pathMutation(of: name, in: body, selfMember: false, where: { _ in true })
        else { return }
        note(.manual, node, "\(name): \(Self.mutablePathNote): a CGMutablePath parameter is a copy, so \(method) on it "
            + "does not compile (and would not reach the caller's path); make the parameter `inout` and pass `&path` at "
            + "the call sites, or return the path built (the tool does not change call sites)")
    }

    // MARK: Matching

    /// Whether a binding with type annotation `type` and initial value `value` holds a
    /// `CGMutablePath`: the annotation says so, or the value is `CGMutablePath(…)` or
    /// `….mutableCopy()` (Core Graphics' copy, optional unless `unwrapped` or forced).
    static func isMutablePath(type: TypeSyntax?, value: ExprSyntax?, unwrapped: Bool = false) -> Bool {
        if let type { return isMutablePathType(type) }
        guard var value else { return false }
        if let forced = value.as(ForceUnwrapExprSyntax.self) { value = forced.expression }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return false }
        let callee = call.calledExpression.trimmedDescription
        if callee == "CGMutablePath" || callee == "CGMutablePath.init" { return true }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
           member.declName.baseName.text == "mutableCopy",
           call.arguments.isEmpty || call.arguments.map({ $0.label?.text }) == ["using"] {
            return true
        }
        return false
    }

    /// Whether `type` is `CGMutablePath` (optional or not, not `inout`).
    static func isMutablePathType(_ type: TypeSyntax) -> Bool {
        if type.is(AttributedTypeSyntax.self) { return false }
        var text = type.trimmedDescription
        if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        return text == "CGMutablePath" || text == "CoreGraphics.CGMutablePath"
    }

    /// The first call in `scope` (matching `accept`) of a mutating path method on `name`
    /// (`name.addLine(…)`, `name?.addLine(…)`, `name!.addLine(…)`, and `self.name.addLine(…)`
    /// when `selfMember`), as `addLine(to:)`.
    static func pathMutation(of name: String, in scope: Syntax, selfMember: Bool,
                             where accept: (FunctionCallExprSyntax) -> Bool) -> String? {
        for token in scope.tokens(viewMode: .sourceAccurate) {
            guard mutatingPathMethods.contains(token.text),
                  let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.id == token.id,
                  let call = member.parent?.as(FunctionCallExprSyntax.self),
                  call.calledExpression.id == member.id, accept(call),
                  var base = member.base else { continue }
            if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
            if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
            let matches: Bool
            if let reference = base.as(DeclReferenceExprSyntax.self) {
                matches = reference.baseName.text == name
            } else if selfMember, let access = base.as(MemberAccessExprSyntax.self),
                      access.base?.trimmedDescription == "self" {
                matches = access.declName.baseName.text == name
            } else {
                matches = false
            }
            guard matches else { continue }
            let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
            return "\(token.text)(\(labels))"
        }
        return nil
    }

    /// `decl` with `let` replaced by `var`.
    static func withVar(_ decl: VariableDeclSyntax) -> VariableDeclSyntax {
        var result = decl
        result.bindingSpecifier = .keyword(.var, leadingTrivia: decl.bindingSpecifier.leadingTrivia,
                                           trailingTrivia: decl.bindingSpecifier.trailingTrivia)
        return result
    }
}
