import SwiftSyntax

/// `#if` blocks that import a framework Linux lacks, and Xcode's previews (`PreviewProvider`,
/// `#Preview`) wherever Linux would compile them.
///
/// Before Xcode 15 a preview was a `PreviewProvider` struct, often with its `import SwiftUI`
/// in an `#if DEBUG` block: a Linux debug build compiles that block and stops at "no such
/// module 'SwiftUI'". Such a clause gets `canImport(SwiftUI)` added (the block still builds
/// on iOS, where the framework is); a preview outside such a block goes under
/// `#if canImport(SwiftUI)` (`#Preview` under `#if canImport(UIKit)`, as before).
extension PortRewriter {
    // MARK: Conditions

    /// Modules that no Linux toolchain or Tabula provides under that name, besides
    /// `appleOnly` and the frameworks Tabula stands in for.
    static let appleSystemModules: Set<String> = ["AppKit", "Cocoa", "WatchKit", "Darwin", "ObjectiveC", "TVUIKit"]

    /// Whether the `#if` condition `condition` is certainly false on Linux: `os(iOS)`,
    /// `canImport(UIKit)`, `canImport(SwiftUI)`, `targetEnvironment(…)`, `false`, `!os(Linux)`,
    /// and `&&`/`||` of them. Anything else (`DEBUG`, `arch(…)`, `swift(…)`) may be true.
    static func isFalseOnLinux(_ condition: ExprSyntax) -> Bool {
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isFalseOnLinux(only.expression)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            switch op.operator.text {
            case "&&": return isFalseOnLinux(infix.leftOperand) || isFalseOnLinux(infix.rightOperand)
            case "||": return isFalseOnLinux(infix.leftOperand) && isFalseOnLinux(infix.rightOperand)
            default: return false
            }
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // Unfolded: `||` binds more loosely than `&&`.
            var alternatives: [[ExprSyntax]] = [[]]
            for element in sequence.elements {
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    if op.operator.text == "||" { alternatives.append([]) }
                    continue
                }
                alternatives[alternatives.count - 1].append(element)
            }
            return alternatives.allSatisfy { $0.contains(where: isFalseOnLinux) }
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return prefix.expression.trimmedDescription == "os(Linux)"
        }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.false)
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let argument = call.arguments.first?.expression.trimmedDescription else { return false }
        switch name {
        case "os": return argument != "Linux"
        case "targetEnvironment": return true
        case "canImport":
            let module = String(argument.split(separator: ".").first ?? "")
            return appleOnly.contains(module) || linuxImports[module] != nil || appleSystemModules.contains(module)
        default: return false
        }
    }

    /// Whether Linux may compile `node`: no `#if` clause around it is false on Linux, and
    /// none imports an Apple-only framework (such a clause gets guarded as a whole).
    static func mayCompileOnLinux(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let clause = current.as(IfConfigClauseSyntax.self) {
                if let condition = clause.condition, isFalseOnLinux(condition) { return false }
                if !appleOnlyImports(in: clause).isEmpty { return false }
            }
            parent = current.parent
        }
        return true
    }

    // MARK: #if blocks that import an Apple-only framework

    /// The imports of Apple-only frameworks directly in `clause` (not in an `#if` inside it).
    static func appleOnlyImports(in clause: IfConfigClauseSyntax) -> [ImportDeclSyntax] {
        guard case .statements(let statements)? = clause.elements else { return [] }
        return statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
            .filter { appleOnly.contains($0.path.first?.name.text ?? "") }
    }

    /// `decl` (the visited `original`) with each clause that imports an Apple-only framework
    /// and may be compiled on Linux guarded by `canImport` of those frameworks. A lone `#if`
    /// gets it in its condition (`#if DEBUG` → `#if DEBUG && canImport(SwiftUI)`); a clause
    /// with `#elseif`/`#else` siblings gets its contents wrapped in an `#if` of their own, so
    /// that Linux still takes the same clause (and not the next one) and compiles nothing there.
    func guardingAppleOnlyImports(_ decl: IfConfigDeclSyntax, original: IfConfigDeclSyntax) -> IfConfigDeclSyntax {
        var clauses = Array(decl.clauses)
        // An `#if` inside a clause Linux skips (or one guarded here) is left as it is.
        guard clauses.count == original.clauses.count, Self.mayCompileOnLinux(original) else { return decl }
        for (position, clause) in original.clauses.enumerated() {
            let imports = Self.appleOnlyImports(in: clause)
            guard let first = imports.first, !(clause.condition.map(Self.isFalseOnLinux) ?? false) else { continue }
            var modules: [String] = []
            for module in imports.compactMap({ $0.path.first?.name.text }) where !modules.contains(module) {
                modules.append(module)
            }
            let requirement = modules.map { "canImport(\($0))" }.joined(separator: " && ")
            let names = modules.joined(separator: ", ")
            let lacks = "\(names) \(modules.count == 1 ? "has" : "have") no Linux counterpart"
            let keyword = clause.poundKeyword.text
            if original.clauses.count == 1, let condition = clause.condition {
                let text = condition.trimmedDescription
                let operand = text.contains("||") ? "(\(text))" : text
                let guarded = Self.parseExpr("\(operand) && \(requirement)")
                    .with(\.leadingTrivia, condition.leadingTrivia).with(\.trailingTrivia, condition.trailingTrivia)
                clauses[position].condition = guarded
                note(.converted, first, "\(keyword) \(text) block imports \(names) → \(keyword) \(operand) && \(requirement): "
                    + "\(lacks), so the block builds on iOS only (a Linux build skips it: move out anything else Linux needs)")
            } else {
                guard case .statements(let statements)? = clauses[position].elements else { continue }
                let text = "#if \(requirement)\(statements.description)\n#endif"
                let item = CodeBlockItemSyntax(item: .decl(Self.parseDecl(text))).with(\.leadingTrivia, [.newlines(1)])
                clauses[position].elements = .statements(CodeBlockItemListSyntax([item]))
                let which = clause.condition.map { "\(keyword) \($0.trimmedDescription)" } ?? keyword
                note(.converted, first, "the \(which) clause imports \(names) → its contents under #if \(requirement): "
                    + "\(lacks), so Linux compiles nothing in that clause (and still picks it over the others)")
            }
        }
        var result = decl
        result.clauses = IfConfigClauseListSyntax(clauses)
        return result
    }

    // MARK: PreviewProvider

    /// Whether `item` declares an old-style preview (`struct …: PreviewProvider`).
    static func isPreviewProvider(_ item: CodeBlockItemSyntax) -> Bool {
        guard let type = item.item.as(StructDeclSyntax.self) else { return false }
        return inherits(type.inheritanceClause, from: ["PreviewProvider"])
    }

    /// Whether `item` is a `UIViewRepresentable` or `UIViewControllerRepresentable` struct
    /// that only the file's previews name (the usual wrapper that puts a UIKit view in one).
    static func isPreviewSupport(_ item: CodeBlockItemSyntax) -> Bool {
        guard let type = item.item.as(StructDeclSyntax.self),
              inherits(type.inheritanceClause, from: ["UIViewRepresentable", "UIViewControllerRepresentable"]) else { return false }
        let name = type.name.text
        var named = false
        for token in item.root.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) && token.id != type.name.id {
            if isInPreview(token) {
                named = true
            } else if token.ancestor(StructDeclSyntax.self)?.id != type.id {
                return false  // named by something other than a preview or the struct itself
            }
        }
        return named
    }

    /// Whether `node` is inside a `struct …: PreviewProvider` or a `#Preview { … }`.
    static func isInPreview(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let item = current.as(CodeBlockItemSyntax.self), isPreviewProvider(item) || isPreviewMacro(item) { return true }
            parent = current.parent
        }
        return false
    }

    /// `struct …: UIViewRepresentable` that only previews use: under `#if canImport(SwiftUI)` with them.
    func guardedPreviewSupport(_ item: CodeBlockItemSyntax, original: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
        let name = original.item.as(StructDeclSyntax.self)?.name.text ?? "representable"
        note(.converted, original, "struct \(name), used only by previews → under #if canImport(SwiftUI) (it needs SwiftUI, "
            + "which Linux lacks)")
        let text = "#if canImport(SwiftUI)\n\(item.trimmedDescription)\n#endif"
        return CodeBlockItemSyntax(item: .decl(Self.parseDecl(text)))
            .with(\.leadingTrivia, original.leadingTrivia).with(\.trailingTrivia, original.trailingTrivia)
    }

    static func inherits(_ clause: InheritanceClauseSyntax?, from names: Set<String>) -> Bool {
        clause?.inheritedTypes.contains { entry in
            names.contains(entry.type.trimmedDescription) || names.contains { entry.type.trimmedDescription == "SwiftUI.\($0)" }
        } ?? false
    }

    /// `struct …: PreviewProvider` (Xcode's canvas before `#Preview`) needs SwiftUI, which
    /// Linux lacks: it goes behind `#if canImport(SwiftUI)`, where it still previews in Xcode.
    func guardedPreviewProvider(_ item: CodeBlockItemSyntax, original: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
        let name = original.item.as(StructDeclSyntax.self)?.name.text ?? "preview"
        note(.converted, original, "struct \(name): PreviewProvider → under #if canImport(SwiftUI) (Xcode's previews have "
            + "no Linux counterpart)")
        let text = "#if canImport(SwiftUI)\n\(item.trimmedDescription)\n#endif"
        return CodeBlockItemSyntax(item: .decl(Self.parseDecl(text)))
            .with(\.leadingTrivia, original.leadingTrivia).with(\.trailingTrivia, original.trailingTrivia)
    }

    // MARK: import SwiftUI for previews only

    /// Names that only SwiftUI (or Combine, which it re-exports) declares, and that a UIKit
    /// app's own code would use if it used SwiftUI beyond its previews (a list, not all).
    static let swiftUINames: Set<String> = [
        "View", "PreviewProvider", "UIViewRepresentable", "UIViewControllerRepresentable", "UIHostingController",
        "UIHostingConfiguration", "Text", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid",
        "LazyHGrid", "Spacer", "Divider", "NavigationView", "NavigationStack", "NavigationLink", "ForEach",
        "GeometryReader", "ScrollView", "List", "Form", "Section", "Button", "Toggle", "Picker", "Slider", "Stepper",
        "TextField", "SecureField", "Label", "Image", "Color", "Font", "AnyView", "EmptyView", "Group", "ViewBuilder",
        "ViewModifier", "State", "Binding", "ObservedObject", "StateObject", "EnvironmentObject", "Environment",
        "Published", "ObservableObject", "Observable", "App", "Scene", "WindowGroup", "Animation", "withAnimation",
    ]

    /// Whether the file `root` uses SwiftUI only in its previews: it has one, and outside the
    /// previews, the imports and the clauses Linux skips, it names nothing from `swiftUINames`
    /// (other than a type of its own of that name).
    static func usesSwiftUIOnlyForPreviews(_ root: Syntax) -> Bool {
        guard let file = root.as(SourceFileSyntax.self) else { return false }
        var declared: Set<String> = []
        var used: [TokenSyntax] = []
        for token in file.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if let parent = token.parent, parent.is(StructDeclSyntax.self) || parent.is(ClassDeclSyntax.self)
                || parent.is(EnumDeclSyntax.self) || parent.is(TypeAliasDeclSyntax.self) || parent.is(ProtocolDeclSyntax.self) {
                declared.insert(name)
            }
            guard swiftUINames.contains(name) else { continue }
            used.append(token)
        }
        let hasPreview = file.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "PreviewProvider" || token.text == "Preview",
                  let item = token.ancestor(CodeBlockItemSyntax.self) else { return false }
            return isPreviewProvider(item) || isPreviewMacro(item)
        }
        guard hasPreview else { return false }
        return !used.contains { token in
            guard !declared.contains(token.text), token.ancestor(ImportDeclSyntax.self) == nil else { return false }
            var parent = token.parent
            while let current = parent {
                if let item = current.as(CodeBlockItemSyntax.self),
                   isPreviewProvider(item) || isPreviewMacro(item) || isPreviewSupport(item) {
                    return false
                }
                if let clause = current.as(IfConfigClauseSyntax.self), let condition = clause.condition, isFalseOnLinux(condition) {
                    return false
                }
                parent = current.parent
            }
            return true
        }
    }

    /// Whether `item` is a `#Preview { … }`, wherever it is.
    static func isPreviewMacro(_ item: CodeBlockItemSyntax) -> Bool {
        let name: String? = switch item.item {
        case .decl(let decl): decl.as(MacroExpansionDeclSyntax.self)?.macroName.text
        case .expr(let expr): expr.as(MacroExpansionExprSyntax.self)?.macroName.text
        default: nil
        }
        return name == "Preview"
    }
}
