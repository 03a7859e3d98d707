import SwiftSyntax

/// Rewrites of code that compiled on an older iOS SDK, or only because of the Objective-C
/// runtime, into what builds on today's iOS and on Tabula:
///
/// | before | after |
/// | --- | --- |
/// | `let button: UIButton = { … addTarget(self, …) … }()` | `lazy var button: UIButton = { … [weak self] … }()` |
/// | `(indexPath as NSIndexPath).row` | `indexPath.row` (also `.section`, `.item`) |
/// | `searchController.dimsBackgroundDuringPresentation` | `searchController.obscuresBackgroundDuringPresentation` |
/// | `#keyPath(CAGradientLayer.colors)`, `#keyPath(title)` | `"colors"`, `"title"` |
/// | `delegate?.scrollViewDidScroll?(scrollView)` | `delegate?.scrollViewDidScroll(scrollView)` |
extension PortRewriter {
    /// Properties UIKit renamed, old name → new name.
    static let renamedMembers = ["dimsBackgroundDuringPresentation": "obscuresBackgroundDuringPresentation"]
    /// The members `NSIndexPath` had only through UIKit's extension, which `IndexPath` has too.
    static let indexPathMembers: Set<String> = ["row", "section", "item"]

    /// `decl` made `lazy var` when it is a stored instance property whose initializer now
    /// holds a target–action closure capturing `self`. A stored property's initializer runs
    /// before the instance exists, so `self` is not in scope there (UIKit code compiled only
    /// because Objective-C's `NSObject.self` method stood in, and its action never reached
    /// the instance); a lazy property's initializer runs on first use, with `self`.
    func lazyIfInitializerCapturesSelf(_ decl: VariableDeclSyntax, original: VariableDeclSyntax) -> VariableDeclSyntax {
        guard original.parent?.is(MemberBlockItemSyntax.self) == true,
              original.bindings.count == 1, let binding = original.bindings.first,
              let initializer = binding.initializer,
              !original.modifiers.contains(where: { [.keyword(.lazy), .keyword(.static), .keyword(.class)]
                  .contains($0.name.tokenKind) }),
              capturesSelf(initializer)
        else { return decl }
        var result = decl
        var lazy = DeclModifierSyntax(name: .keyword(.lazy), trailingTrivia: .space)
        if result.modifiers.isEmpty && result.attributes.isEmpty {
            lazy.leadingTrivia = result.bindingSpecifier.leadingTrivia
            result.bindingSpecifier.leadingTrivia = []
        }
        result.modifiers.append(lazy)
        result.bindingSpecifier = .keyword(.var, leadingTrivia: result.bindingSpecifier.leadingTrivia,
                                           trailingTrivia: result.bindingSpecifier.trailingTrivia)
        let name = binding.pattern.trimmedDescription
        note(.converted, original.bindingSpecifier, "\(name): its initializer's action now captures self, which a "
            + "stored property's initializer cannot reach; made it lazy var (with UIKit the action never reached "
            + "this instance either)")
        return result
    }

    /// Whether a selector call inside `node` became a closure that captures `self`.
    private func capturesSelf(_ node: some SyntaxProtocol) -> Bool {
        let finder = CallFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.calls.contains { plan.replacements[$0]?.text.contains("[weak self]") == true }
    }

    /// The modern spelling of `node`, or nil to keep it.
    func modernMemberAccess(_ node: MemberAccessExprSyntax) -> ExprSyntax? {
        let member = node.declName.baseName.text
        if let renamed = Self.renamedMembers[member] {
            note(.converted, node.declName, "\(member) → \(renamed) (the old name is deprecated since iOS 12)")
            var result = node
            if let base = node.base { result.base = visit(base) }
            result.declName.baseName = .identifier(renamed, leadingTrivia: node.declName.baseName.leadingTrivia,
                                                   trailingTrivia: node.declName.baseName.trailingTrivia)
            return ExprSyntax(result)
        }
        if Self.indexPathMembers.contains(member), let tuple = node.base?.as(TupleExprSyntax.self),
           tuple.elements.count == 1, let inner = tuple.elements.first?.expression.trimmedDescription {
            for cast in [" as NSIndexPath", " as! NSIndexPath"] where inner.hasSuffix(cast) {
                let value = String(inner.dropLast(cast.count))
                note(.converted, node, "(\(value)\(cast)).\(member) → \(value).\(member)")
                let needsParentheses = value.contains(where: { $0 == " " })
                return Self.parseExpr((needsParentheses ? "(\(value))" : value) + ".\(member)")
                    .with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
            }
        }
        return nil
    }

    /// `#keyPath(Type.a.b)` → `"a.b"`, `#keyPath(a.b)` → `"a.b"`: the string the
    /// Objective-C runtime's `#keyPath` makes, which Swift without that runtime rejects
    /// (a key path for `CABasicAnimation(keyPath:)`, `value(forKey:)`, observers). The first
    /// component is dropped when it names a type (it starts with a capital letter and more
    /// follow), as the compiler does. Nil for anything else.
    func keyPathString(_ node: MacroExpansionExprSyntax) -> ExprSyntax? {
        guard node.macroName.text == "keyPath", node.arguments.count == 1,
              let argument = node.arguments.first, argument.label == nil else { return nil }
        var components: [String] = []
        var expression: ExprSyntax? = argument.expression
        while let current = expression {
            if let member = current.as(MemberAccessExprSyntax.self) {
                components.insert(member.declName.baseName.text, at: 0)
                expression = member.base
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                components.insert(reference.baseName.text, at: 0)
                expression = nil
            } else {
                return nil
            }
        }
        if components.count > 1, components[0].first?.isUppercase == true { components.removeFirst() }
        guard !components.isEmpty, components.allSatisfy({ !$0.isEmpty }) else { return nil }
        let path = components.joined(separator: ".")
        note(.converted, node, "#keyPath(\(argument.expression.trimmedDescription)) → \"\(path)\" (#keyPath needs the "
            + "Objective-C runtime)")
        return Self.parseExpr("\"\(path)\"").with(\.leadingTrivia, node.leadingTrivia)
            .with(\.trailingTrivia, node.trailingTrivia)
    }

    /// The first words of the names of UIKit's delegate and data source methods that take
    /// one unlabelled argument, the object asking (`scrollViewDidScroll(_:)`,
    /// `textFieldShouldReturn(_:)`, `numberOfSections(in:)` has a label).
    static let delegateMethodPrefixes = [
        "scrollView", "tableView", "collectionView", "textField", "textView", "searchBar", "gestureRecognizer",
        "pickerView", "presentationController", "navigationController", "tabBarController", "pageViewController",
        "splitViewController", "viewForZooming", "contextMenuInteraction", "popoverPresentationController",
        "adaptivePresentationStyle", "searchController", "willPresentSearchController", "didPresentSearchController",
        "willDismissSearchController", "didDismissSearchController", "presentSearchController",
    ]

    /// `call` (already visited) without the `?` that calls an optional protocol requirement,
    /// `base?.method?(arguments)` → `base?.method(arguments)`, or nil to keep it. UIKit's
    /// delegate and data source methods are `@objc optional` requirements, which need the
    /// Objective-C runtime; Tabula's are requirements with default implementations, so the
    /// method is always there to call (a driver object forwarding each delegate call to
    /// another delegate writes this a dozen times). The default answers where the object
    /// implements nothing, as UIKit itself does then: a flow layout delegate's default
    /// `sizeForItemAt` is the layout's `itemSize`. Only calls whose base is itself optional
    /// chained are changed (the result stays optional, so `?? fallback` and `if let` still
    /// build), and an unlabelled call only when its name is a UIKit delegate method's and
    /// not a variable of the file (an optional closure property is called the same way).
    func withoutOptionalRequirementChaining(_ call: ExprSyntax, original: FunctionCallExprSyntax) -> ExprSyntax? {
        guard var visited = call.as(FunctionCallExprSyntax.self),
              let chained = original.calledExpression.as(OptionalChainingExprSyntax.self),
              let member = chained.expression.as(MemberAccessExprSyntax.self),
              member.base?.is(OptionalChainingExprSyntax.self) == true,
              let visitedChain = visited.calledExpression.as(OptionalChainingExprSyntax.self)
        else { return nil }
        let name = member.declName.baseName.text
        let labelled = original.arguments.contains { $0.label != nil }
        if !labelled {
            guard !original.arguments.isEmpty, index.type(ofVariable: name) == nil,
                  Self.delegateMethodPrefixes.contains(where: { name.hasPrefix($0) }) else { return nil }
        }
        visited.calledExpression = visitedChain.expression.with(\.trailingTrivia, visitedChain.trailingTrivia)
        let labels = original.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        note(.converted, chained.questionMark, "\(name)?(…) → \(name)(…): \(name)(\(labels)) is an optional requirement "
            + "only through the Objective-C runtime; Tabula's protocol has a default implementation, which answers "
            + "where the object implements none")
        return ExprSyntax(visited)
    }

    private final class CallFinder: SyntaxVisitor {
        var calls: [SyntaxIdentifier] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node.id)
            return .visitChildren
        }
    }
}
