import SwiftSyntax

/// The app's entry point and delegates, which UIKit makes through the Objective-C runtime:
///
/// | before | after |
/// | --- | --- |
/// | `@UIApplicationMain class AppDelegate` | `@main final class AppDelegate` |
/// | `class SceneDelegate: UIResponder, UIWindowSceneDelegate` | `final class SceneDelegate: …`, and at the end of the file `extension SceneDelegate: ConstructibleDelegate {}` under `#if !canImport(UIKit)` |
///
/// `@UIApplicationMain` is deprecated (Swift 6 rejects it) and needs UIKit itself; `@main`
/// means the same on iOS 14 and later. UIKit makes the app and scene delegates from their
/// class names; Swift on Linux can make an object from a class value only through an
/// initializer every subclass keeps, so Tabula asks the class to be a
/// `ConstructibleDelegate`, whose `init()` a `final` class satisfies.
extension PortRewriter {
    /// The protocols whose adopters UIKit makes from their class.
    static let madeByUIKit: Set<String> = ["UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate"]

    /// `decl` with `@UIApplicationMain` made `@main`, and, when it adopts one of
    /// ``madeByUIKit``, made `final` and listed for the `ConstructibleDelegate` extension.
    /// `original` is the class before its members were visited.
    func appDelegateConverted(_ decl: ClassDeclSyntax, original: ClassDeclSyntax) -> ClassDeclSyntax {
        var result = decl
        for (position, element) in result.attributes.enumerated() {
            guard case .attribute(let attribute) = element,
                  ["UIApplicationMain", "NSApplicationMain"].contains(Self.attributeName(attribute)) else { continue }
            let index = result.attributes.index(result.attributes.startIndex, offsetBy: position)
            var main = attribute
            main.attributeName = TypeSyntax(IdentifierTypeSyntax(name: .identifier("main")))
                .with(\.leadingTrivia, attribute.attributeName.leadingTrivia)
                .with(\.trailingTrivia, attribute.attributeName.trailingTrivia)
            result.attributes[index] = .attribute(main)
            note(.converted, original.attributes[index], "@\(Self.attributeName(attribute)) → @main (the same entry "
                + "point; the old attribute is deprecated and needs UIKit itself)")
        }
        let adopted = original.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if let superclass = adopted.first, Self.barsMadeByUIKit.contains(superclass) {
            return barConverted(result, original: original)
        }
        guard adopted.contains(where: Self.madeByUIKit.contains) else { return result }
        let name = original.name.text
        let keepsInit = original.memberBlock.members.contains { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { return false }
            return initializer.signature.parameterClause.parameters.isEmpty
                && initializer.modifiers.contains { $0.name.tokenKind == .keyword(.required) }
        }
        let modifiers = original.modifiers.map(\.name.tokenKind)
        if !keepsInit && !modifiers.contains(.keyword(.final)) {
            if index.superclasses.values.contains(name) || modifiers.contains(.keyword(.open)) {
                note(.manual, original.name, "\(name) is subclassed: give it `required override init() { super.init() }` "
                    + "so that Tabula can make it from its class (it has no Objective-C runtime)")
                return result
            }
            result = Self.madeFinal(result)
        }
        if !alreadyConstructible.contains(name) {
            constructibleDelegates.append(name)
            note(.converted, original.name, "\(name): made final and ConstructibleDelegate (under #if !canImport(UIKit) "
                + "at the end of the file), so that Tabula can make it from its class without the Objective-C runtime")
        }
        return result
    }

    /// The bar classes UIKit makes from their class when they are given to
    /// `UINavigationController(navigationBarClass:toolbarClass:)`.
    static let barsMadeByUIKit: Set<String> = ["UINavigationBar", "UIToolbar"]

    /// A custom navigation bar or toolbar made `final` and listed for the
    /// `ConstructibleView` extension, so that Tabula can make it from its class: when it
    /// keeps `init(frame:)` (it declares it, or no initializer at all) and nothing
    /// subclasses it; otherwise a note says what to add.
    private func barConverted(_ decl: ClassDeclSyntax, original: ClassDeclSyntax) -> ClassDeclSyntax {
        let name = original.name.text
        guard !alreadyConstructible.contains(name) else { return decl }
        let initializers = original.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        let keepsFrameInit = initializers.isEmpty || initializers.contains { initializer in
            initializer.signature.parameterClause.parameters.map(\.firstName.text) == ["frame"]
        }
        let modifiers = original.modifiers.map(\.name.tokenKind)
        guard keepsFrameInit, !index.superclasses.values.contains(name), !modifiers.contains(.keyword(.open)) else {
            note(.manual, original.name, "\(name) cannot be made from its class on Linux as it is (given to "
                + "UINavigationController(navigationBarClass:toolbarClass:), the standard bar would be used): give it "
                + "init(frame:) and add `extension \(name): ConstructibleView {}` under #if !canImport(UIKit), with the "
                + "class final or its init(frame:) required")
            return decl
        }
        let result = modifiers.contains(.keyword(.final)) ? decl : Self.madeFinal(decl)
        constructibleViews.append(name)
        note(.converted, original.name, "\(name): made final and ConstructibleView (under #if !canImport(UIKit) at the "
            + "end of the file), so that a navigation controller can make it from its class without the Objective-C runtime")
        return result
    }

    /// `decl` with `final` added.
    private static func madeFinal(_ decl: ClassDeclSyntax) -> ClassDeclSyntax {
        var result = decl
        var final = DeclModifierSyntax(name: .keyword(.final), trailingTrivia: .space)
        if result.modifiers.isEmpty {
            // `final` takes the place before `class`: the newline after an attribute,
            // or the comments and indentation above the declaration.
            final.leadingTrivia = result.classKeyword.leadingTrivia
            result.classKeyword.leadingTrivia = []
        }
        result.modifiers.append(final)
        return result
    }
}
