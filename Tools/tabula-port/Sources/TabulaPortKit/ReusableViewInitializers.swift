import SwiftSyntax

/// Cells and reusable views made only from a nib or storyboard: a class that declares
/// `required init?(coder:)` (or initializers of its own) and not the initializer a
/// registered class is made with.
///
/// Tabula makes a registered class through `required convenience
/// init(registeredWithReuseIdentifier:)` (Swift calls an initializer on a class value only
/// when it is `required`). A subclass with designated initializers of its own inherits no
/// convenience initializer unless it overrides all the designated ones, so it must write
/// the required one, and a cell that UIKit builds without complaint (an `init?(coder:)`
/// that sets its colours, its outlets filled from its nib) does not compile. The tool adds
/// it for Linux only. Its body stops the app, as UIKit does when such a class is
/// registered and dequeued ("use of unimplemented initializer 'init(frame:)'"): made from
/// its nib, the cell never comes through it.
extension PortRewriter {
    /// The classes a reusable view inherits from, with the initializer Tabula's required
    /// one calls and the type of its identifier.
    static let reusableViewBases: [String: (delegated: String, identifier: String)] = [
        "UICollectionReusableView": ("init(frame:)", "String"),
        "UICollectionViewCell": ("init(frame:)", "String"),
        "UICollectionViewListCell": ("init(frame:)", "String"),
        "UITableViewCell": ("init(style:reuseIdentifier:)", "String?"),
        "UITableViewHeaderFooterView": ("init(reuseIdentifier:)", "String?"),
    ]

    /// `decl` (visited) with `init(registeredWithReuseIdentifier:)` added when `original`
    /// is a reusable view class that needs it.
    func addingRegisteredInitializer(_ decl: ClassDeclSyntax, original: ClassDeclSyntax) -> ClassDeclSyntax {
        let name = original.name.text
        guard let base = Self.reusableViewBases.keys.sorted().first(where: { index.inherits(name, fromAnyOf: [$0]) }),
              let (delegated, identifierType) = Self.reusableViewBases[base] else { return decl }
        let initializers = original.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        let designated = initializers.filter { !$0.modifiers.contains { $0.name.tokenKind == .keyword(.convenience) } }
        func signature(_ initializer: InitializerDeclSyntax) -> String {
            "init(" + initializer.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
        }
        let signatures = Set(initializers.map(signature))
        guard !designated.isEmpty, !signatures.contains(delegated),
              !signatures.contains("init(registeredWithReuseIdentifier:)") else { return decl }
        let indent = String(original.memberBlock.members.first?.leadingTrivia.description
            .split(separator: "\n", omittingEmptySubsequences: false).last ?? "    ")
        let access = original.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        let text = "\n\n#if !canImport(UIKit)\n"
            + "\(indent)/// tabula-port: how Tabula makes a registered \(name); UIKit would call \(delegated), which it lacks.\n"
            + "\(indent)\(access)required convenience init(registeredWithReuseIdentifier identifier: \(identifierType)) {\n"
            + "\(indent)    fatalError(\"\(name) has no \(delegated): register its nib, not its class\")\n"
            + "\(indent)}\n#endif"
        note(.converted, original.name, "init(registeredWithReuseIdentifier:) added for Linux: Tabula makes a registered "
            + "\(base) through it, and \(name) inherits it only with an \(delegated) of its own; like UIKit without "
            + "\(delegated), it stops the app if the class itself is registered")
        var result = decl
        result.memberBlock.members.append(MemberBlockItemSyntax(decl: Self.parseDecl(text)))
        return result
    }
}
