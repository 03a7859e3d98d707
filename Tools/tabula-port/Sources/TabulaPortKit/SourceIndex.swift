import SwiftSyntax

/// A method a selector names: its base name and, when the selector spells them, its
/// argument labels (`tapped(_:)` has one, `_`).
struct SelectorReference: Equatable {
    var name: String
    /// nil when the selector gives only the base name (`#selector(tapped)`).
    var labels: [String]?
    /// `getter:` and `setter:` selectors name properties, not methods.
    var isAccessor: Bool

    /// Reads `#selector(…)`; nil for anything else.
    init?(_ expression: ExprSyntax) {
        guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
              let argument = macro.arguments.first
        else { return nil }
        isAccessor = argument.label != nil
        var reference: DeclReferenceExprSyntax?
        if let plain = argument.expression.as(DeclReferenceExprSyntax.self) {
            reference = plain
        } else if let member = argument.expression.as(MemberAccessExprSyntax.self) {
            reference = member.declName
        }
        guard let reference else { return nil }
        name = reference.baseName.text
        labels = reference.argumentNames.map { $0.arguments.map { $0.name.text } }
    }
}

/// A parameter of a method in the file: its argument label (`_` for none) and its type
/// as written.
struct MethodParameter: Equatable {
    var label: String
    var type: String
}

/// What the file declares that a rewrite needs to know: its methods' parameters, the
/// declared types of its variables, its classes and their superclasses.
struct SourceIndex {
    private(set) var methods: [String: [[MethodParameter]]] = [:]
    private(set) var variableTypes: [String: String] = [:]
    private(set) var superclasses: [String: String] = [:]
    /// The types an extension in the file makes `ConstructibleDelegate` (or `ConstructibleView`).
    private(set) var constructibleDelegates: Set<String> = []

    init(_ file: SourceFileSyntax) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        methods = collector.methods
        variableTypes = collector.variableTypes
        superclasses = collector.superclasses
        constructibleDelegates = collector.constructibleDelegates
    }

    /// The parameters of the one method the selector can mean, or nil when the file has
    /// none or several that fit.
    func parameters(of selector: SelectorReference) -> [MethodParameter]? {
        let candidates = (methods[selector.name] ?? []).filter { parameters in
            guard let labels = selector.labels else { return true }
            return parameters.map(\.label) == labels
        }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// The type a variable or property named `name` is declared with (from its annotation
    /// or its initializer call), if the file says.
    func type(ofVariable name: String) -> String? { variableTypes[name] }

    /// Whether `type` is, or inherits within this file from, one of `bases`.
    func inherits(_ type: String, fromAnyOf bases: Set<String>) -> Bool {
        var current: String? = type
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted {
            if bases.contains(name) { return true }
            current = superclasses[name]
        }
        return false
    }

    private final class Collector: SyntaxVisitor {
        var methods: [String: [[MethodParameter]]] = [:]
        var variableTypes: [String: String] = [:]
        var superclasses: [String: String] = [:]
        var constructibleDelegates: Set<String> = []

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.inheritanceClause?.inheritedTypes.contains(where: {
                ["ConstructibleDelegate", "ConstructibleView"].contains($0.type.trimmedDescription)
            }) == true {
                constructibleDelegates.insert(node.extendedType.trimmedDescription)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let parameters = node.signature.parameterClause.parameters.map {
                MethodParameter(label: $0.firstName.text, type: $0.type.trimmedDescription)
            }
            methods[node.name.text, default: []].append(parameters)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            if let first = node.inheritanceClause?.inheritedTypes.first {
                // A generic superclass by its name alone: `UITableViewDiffableDataSource<Section, Item>`.
                superclasses[node.name.text] = String(first.type.trimmedDescription.prefix { $0 != "<" })
            }
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                return .visitChildren
            }
            if let annotated = node.typeAnnotation?.type {
                variableTypes[name] = SourceIndex.unwrapped(annotated.trimmedDescription)
            } else if let call = node.initializer?.value.as(FunctionCallExprSyntax.self),
                      let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                      callee.baseName.text.first?.isUppercase == true {
                variableTypes[name] = callee.baseName.text
            }
            return .visitChildren
        }
    }

    /// `UIButton!`, `UIButton?` → `UIButton`.
    static func unwrapped(_ type: String) -> String {
        var type = type
        while type.hasSuffix("!") || type.hasSuffix("?") { type.removeLast() }
        return type
    }
}
