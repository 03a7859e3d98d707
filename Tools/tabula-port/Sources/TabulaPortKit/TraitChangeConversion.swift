import SwiftSyntax

extension SelectorConverter {
    /// `registerForTraitChanges(traits, action: #selector(m))` →
    /// `registerForTraitChanges(traits) { (traitEnvironment: Self, previousTraitCollection: UITraitCollection) in traitEnvironment.m() }`;
    /// with a target, the target is captured weakly and called instead. The method may take
    /// nothing, the trait environment, or the environment and the previous traits, as UIKit
    /// allows.
    func traitChange(receiver: ExprSyntax?, traits: ExprSyntax, target: ExprSyntax?,
                     selector selectorExpression: ExprSyntax) -> SelectorConversion {
        guard let selector = SelectorReference(selectorExpression), !selector.isAccessor else {
            return .manual(reason: "registerForTraitChanges with a selector that is not a #selector literal: "
                + "write registerForTraitChanges(_:handler:) by hand")
        }
        let receiverText = receiver?.trimmedDescription
        let environmentType: String
        if receiverText == nil || receiverText == "self" {
            environmentType = "Self"
        } else if let receiver, let declared = index.type(ofVariable: Self.lastName(of: receiver)) {
            environmentType = SourceIndex.unwrapped(declared)
        } else {
            return .manual(reason: "registerForTraitChanges on \(receiverText ?? "?"), whose type is not declared in "
                + "this file: write registerForTraitChanges(_:handler:) with the handler's first parameter typed")
        }
        let count = index.parameters(of: selector)?.count ?? selector.labels?.count
        let labels = index.parameters(of: selector)?.map(\.label) ?? selector.labels ?? []
        let values = ["traitEnvironment", "previousTraitCollection"]
        guard let count, count <= 2 else {
            return .manual(reason: "\(selector.name) is not declared in this file (or takes more than two arguments), "
                + "so what to pass it is unknown: write registerForTraitChanges(_:handler:) by hand")
        }
        let argumentText = (0..<count).map { (labels[$0] == "_" ? "" : labels[$0] + ": ") + values[$0] }
            .joined(separator: ", ")
        let capture: String
        let callee: String
        switch target?.trimmedDescription {
        case nil:
            (capture, callee) = ("", "traitEnvironment")
        case "self"?:
            (capture, callee) = ("[weak self] ", "self?")
        case let name? where target?.is(DeclReferenceExprSyntax.self) == true:
            (capture, callee) = ("[weak \(name)] ", "\(name)?")
        case let expression?:
            (capture, callee) = ("[weak target = \(expression)] ", "target?")
        }
        let call = receiverText.map { $0 + "." } ?? ""
        return .replace(
            text: "\(call)registerForTraitChanges(\(traits.trimmedDescription)) { \(capture)(traitEnvironment: "
                + "\(environmentType), previousTraitCollection: UITraitCollection) in \(callee).\(selector.name)(\(argumentText)) }",
            note: "registerForTraitChanges with a selector → registerForTraitChanges(_:handler:)",
            needsSupportFile: false)
    }
}
