import Foundation
import SwiftParser
import SwiftSyntax

/// What the project's Swift files declare, class by class: what generating code from
/// storyboards and nibs needs to know (the exact signature of an `@IBAction` method, the
/// type of an `@IBOutlet`, which classes declare an unwind action).
public struct ProjectSymbols: Sendable {
    /// One class (or extension of it) of the project.
    public struct ClassInfo: Sendable, Equatable {
        /// Its superclass as written, if it names one first in its inheritance clause.
        public var superclass: String?
        /// Methods by base name: each overload's parameters.
        public var methods: [String: [[Parameter]]] = [:]
        /// Stored and computed properties by name: their type without `!`/`?`.
        public var properties: [String: String] = [:]
    }

    /// A method parameter: its argument label (`_` for none) and its type as written.
    public struct Parameter: Sendable, Equatable {
        public var label: String
        public var type: String
    }

    /// Classes by name (extensions merged into their class).
    public private(set) var classes: [String: ClassInfo] = [:]

    /// No symbols.
    public init() {}

    /// Adds the declarations of one Swift source text.
    public mutating func add(source: String) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: source))
        for (name, info) in collector.classes {
            var merged = classes[name] ?? ClassInfo()
            if merged.superclass == nil { merged.superclass = info.superclass }
            merged.methods.merge(info.methods) { $0 + $1 }
            merged.properties.merge(info.properties) { first, _ in first }
            classes[name] = merged
        }
    }

    /// Reads every `.swift` file under `folder`.
    public static func scanning(folder: URL) -> ProjectSymbols {
        var symbols = ProjectSymbols()
        for file in SourceWalker.files(under: folder, extensions: ["swift"]) where !InterfaceBuilderCompiler.isGenerated(file) {
            if let text = try? String(contentsOf: file, encoding: .utf8) { symbols.add(source: text) }
        }
        return symbols
    }

    /// `type` and its superclasses that the project declares, nearest first.
    func lineage(of type: String) -> [String] {
        var result: [String] = []
        var current: String? = type
        while let name = current, !result.contains(name) {
            result.append(name)
            current = classes[name]?.superclass
        }
        return result
    }

    /// The overloads of `method` that `type` or a superclass of it in the project declares.
    func methods(_ method: String, in type: String) -> [[Parameter]] {
        lineage(of: type).flatMap { classes[$0]?.methods[method] ?? [] }
    }

    /// The declared type of property `name` of `type` (or an inherited one), if known.
    func propertyType(_ name: String, in type: String) -> String? {
        for level in lineage(of: type) {
            if let found = classes[level]?.properties[name] { return found }
        }
        return nil
    }

    /// The classes that declare a property named `name`, sorted.
    func classes(declaringProperty name: String) -> [String] {
        classes.filter { $0.value.properties[name] != nil }.map(\.key).sorted()
    }

    /// The classes that declare a method named `name` with `count` parameters, sorted.
    func classes(declaringMethod name: String, parameterCount count: Int) -> [String] {
        classes.filter { $0.value.methods[name]?.contains { $0.count == count } == true }.map(\.key).sorted()
    }

    private final class Collector: SyntaxVisitor {
        var classes: [String: ClassInfo] = [:]
        var stack: [String?] = []

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            let name = node.name.text
            var info = classes[name] ?? ClassInfo()
            if let first = node.inheritanceClause?.inheritedTypes.first {
                info.superclass = first.type.trimmedDescription
            }
            classes[name] = info
            stack.append(name)
            return .visitChildren
        }
        override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let name = node.extendedType.trimmedDescription
            if classes[name] == nil { classes[name] = ClassInfo() }
            stack.append(name)
            return .visitChildren
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            stack.append(nil)
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            stack.append(nil)
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let owner = stack.last, let owner {
                let parameters = node.signature.parameterClause.parameters.map {
                    Parameter(label: $0.firstName.text, type: $0.type.trimmedDescription)
                }
                classes[owner, default: ClassInfo()].methods[node.name.text, default: []].append(parameters)
            }
            return .skipChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let owner = stack.last, let owner else { return .skipChildren }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let annotated = binding.typeAnnotation?.type {
                    classes[owner, default: ClassInfo()].properties[name] = SourceIndex.unwrapped(annotated.trimmedDescription)
                } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                          let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                          callee.baseName.text.first?.isUppercase == true {
                    classes[owner, default: ClassInfo()].properties[name] = callee.baseName.text
                }
            }
            return .skipChildren
        }
    }
}
