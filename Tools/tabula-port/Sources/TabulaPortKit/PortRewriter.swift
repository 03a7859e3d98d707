import SwiftParser
import SwiftSyntax

/// The rewrite of one file in one pass over the original tree (so that every note has the
/// original line): imports, selector calls, `@objc`/`@IBAction`, `@IBOutlet`.
final class PortRewriter: SyntaxRewriter {
    let index: SourceIndex
    let plan: SelectorPlan
    private let context: ProjectContext
    private let locations: SourceLocationConverter
    private(set) var notes: [PortNote] = []
    /// Whether a conversion needs the support file (``SupportFile``) in the target.
    private(set) var needsSupportFile = false
    /// The delegate classes that need `extension …: ConstructibleDelegate {}` (see
    /// `appDelegateConverted`), and those the file already declares it for.
    var constructibleDelegates: [String] = []
    /// The bar classes that need `extension …: ConstructibleView {}` (see `appDelegateConverted`).
    var constructibleViews: [String] = []
    let alreadyConstructible: Set<String>

    /// Frameworks with a stand-in on Linux, and what a port imports there instead.
    static let linuxImports = [
        "UIKit": "Tabula", "QuartzCore": "Tabula",
        // Foundation on Linux has CGFloat, CGPoint, CGSize and CGRect, but not CGPath,
        // CGContext, CGColor, CGImage or CGAffineTransform, which Tabula has (it re-exports
        // Foundation). A port's targets depend on Tabula for their UIKit code; a target of
        // its own that imports only CoreGraphics needs the dependency added, which its build
        // says at once ("no such module"), where Foundation would fail on the first CGPath.
        "CoreGraphics": "Tabula",
        // Tabula has `UTType` and the `kUTType…` strings that drag and drop use.
        "UniformTypeIdentifiers": "Tabula", "MobileCoreServices": "Tabula",
        // Tabula has `Logger`, `OSLog` and `os_log`, writing to standard error.
        "os": "Tabula", "OSLog": "Tabula",
        // Tabula has `WKWebView`, which shows where a page would be (it has no web engine).
        "WebKit": "Tabula",
    ]
    /// Apple frameworks without a Linux counterpart that UIKit apps often import (a list,
    /// not every Apple framework).
    static let appleOnly: Set<String> = [
        "SwiftUI", "Combine", "CoreData", "MapKit", "SafariServices", "MessageUI", "AVFoundation", "AVKit",
        "Photos", "PhotosUI", "CoreLocation", "StoreKit", "UserNotifications", "CloudKit",
        "ARKit", "SceneKit", "SpriteKit", "GameplayKit", "GameKit", "RealityKit", "Metal", "MetalKit", "CoreImage",
        "Vision", "VisionKit", "CoreML", "CoreMotion", "CoreHaptics", "HealthKit", "HomeKit", "Contacts", "ContactsUI",
        "EventKit", "EventKitUI", "LocalAuthentication", "AuthenticationServices", "QuickLook", "PDFKit", "PencilKit",
        "CoreBluetooth", "CoreNFC", "Intents", "IntentsUI", "WidgetKit", "ActivityKit", "AppTrackingTransparency",
        "AdSupport", "LinkPresentation", "MediaPlayer", "AVFAudio", "Speech", "CoreSpotlight", "BackgroundTasks",
        "CoreTelephony", "SwiftData",
    ]

    init(index: SourceIndex, plan: SelectorPlan, context: ProjectContext, locations: SourceLocationConverter) {
        self.index = index
        self.plan = plan
        self.context = context
        self.locations = locations
        alreadyConstructible = index.constructibleDelegates
        super.init(viewMode: .sourceAccurate)
    }

    func note(_ kind: PortNote.Kind, _ node: some SyntaxProtocol, _ message: String) {
        let place = node.startLocation(converter: locations, afterLeadingTrivia: true)
        notes.append(PortNote(kind, line: place.line, column: place.column, message))
    }

    // MARK: Imports

    override func visit(_ node: ImportDeclSyntax) -> DeclSyntax {
        let path = node.path.map(\.name.text)
        guard let module = path.first, !Self.isInsideConditionalCompilation(node) else { return DeclSyntax(node) }
        if let place = context.pods[module] {
            note(.manual, node, CocoaPods.message(module: module, place: place))
            return DeclSyntax(node)
        }
        if module == "SwiftUI", swiftUIOnlyForPreviews(node) {
            note(.converted, node, "import SwiftUI → under #if canImport(SwiftUI): this file uses SwiftUI only for Xcode's "
                + "previews, which go under #if too")
            let text = "#if canImport(SwiftUI)\n\(node.trimmedDescription)\n#endif"
            return Self.parseDecl(text).with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
        }
        if Self.appleOnly.contains(module) {
            note(.manual, node, "\(module) has no Linux counterpart: keep the code that needs it under "
                + "#if canImport(\(module))")
            return DeclSyntax(node)
        }
        guard let stand = Self.linuxImports[module] else { return DeclSyntax(node) }
        let original = node.trimmedDescription
        // A submodule import (`import UIKit.UIBarButtonItem`) stands for the whole stand-in too.
        let text = "#if canImport(\(module))\n\(original)\n#else\nimport \(stand)\n#endif"
        note(.converted, node, "import \(path.joined(separator: ".")) → #if canImport(\(module)) … #else import \(stand)")
        return Self.parseDecl(text).with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
    }

    /// Whether this file uses SwiftUI only in its previews (found once per file).
    private var onlyPreviewsUseSwiftUI: Bool?

    private func swiftUIOnlyForPreviews(_ node: ImportDeclSyntax) -> Bool {
        if let known = onlyPreviewsUseSwiftUI { return known }
        let found = Self.usesSwiftUIOnlyForPreviews(node.root)
        onlyPreviewsUseSwiftUI = found
        return found
    }

    override func visit(_ node: IfConfigDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node)
        guard let block = visited.as(IfConfigDeclSyntax.self) else { return visited }
        return DeclSyntax(guardingAppleOnlyImports(block, original: node))
    }

    // MARK: Previews

    /// Whether `item` is a `#Preview { … }` that Linux may compile: outside any `#if`, or in
    /// one whose condition may hold there, such as `#if DEBUG` (at a file's top level it
    /// parses as a macro expansion declaration or expression).
    private func isPreview(_ item: CodeBlockItemSyntax) -> Bool {
        Self.isPreviewMacro(item) && Self.mayCompileOnLinux(item)
    }

    /// Whether `item` is a `struct …: PreviewProvider` that Linux may compile.
    private func isLinuxPreviewProvider(_ item: CodeBlockItemSyntax) -> Bool {
        Self.isPreviewProvider(item) && Self.mayCompileOnLinux(item)
    }

    /// `#Preview { … }` (Xcode's canvas, UIKit's `Preview` macro on iOS 17) has no macro
    /// on Linux: it goes behind `#if canImport(UIKit)`, where it still previews in Xcode.
    private func guardedPreview(_ item: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
        note(.converted, item, "#Preview → under #if canImport(UIKit) (Xcode's previews have no Linux counterpart)")
        let text = "#if canImport(UIKit)\n\(item.trimmedDescription)\n#endif"
        return CodeBlockItemSyntax(item: .decl(Self.parseDecl(text)))
            .with(\.leadingTrivia, item.leadingTrivia).with(\.trailingTrivia, item.trailingTrivia)
    }

    static func isInsideConditionalCompilation(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if current.is(IfConfigClauseSyntax.self) { return true }
            parent = current.parent
        }
        return false
    }

    // MARK: Selectors

    /// Whether a localized-string lookup without a bundle was noted in this file.
    private var notedLocalizedStrings = false

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        noteLocalizedStringLookup(node)
        noteMainBundleResourceLookup(node)
        noteMetatypeNibInit(node)
        guard let replacement = plan.replacements[node.id] else {
            let visited = super.visit(node)
            return withoutOptionalRequirementChaining(visited, original: node) ?? visited
        }
        note(.converted, node, replacement.note)
        needsSupportFile = needsSupportFile || replacement.support
        return Self.parseExpr(replacement.text).with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
    }

    /// `controllerClass.init(nibName:bundle:)` on a metatype held in a variable (a menu of
    /// screens built from their classes): UIKit's Objective-C initializer may be called on
    /// any `UIViewController.Type`; a Swift class's only when it is `required`, and Tabula's
    /// is not (making it so would make every subclass with an initializer of its own
    /// write it). Listed for a person: make the screens, or switch over their classes.
    private func noteMetatypeNibInit(_ node: FunctionCallExprSyntax) {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
              let base = member.base, node.arguments.first?.label?.text == "nibName" else { return }
        // `Foo.init(nibName:bundle:)` and `super.init`/`self.init` are fine: a type name starts
        // with a capital letter; a metatype in a variable does not.
        let text = base.trimmedDescription
        guard let first = text.first, first.isLowercase, text != "super", text != "self" else { return }
        note(.manual, node, "\(text).init(nibName:bundle:) calls an initializer on a metatype: Tabula's "
            + "UIViewController.init(nibName:bundle:) is not `required` (UIKit's Objective-C one needs not be), so this "
            + "does not compile on Linux; make the view controllers with their own types (a switch over the classes, or "
            + "closures that make them)")
    }

    /// `NSLocalizedString(_:comment:)` and `String(localized:)` without a `bundle:` read
    /// `Bundle.main`; under SwiftPM a target's `.lproj` folders are in its resource bundle,
    /// so on Linux the text would show its keys. Noted once per file: pass `bundle: .module`.
    private func noteLocalizedStringLookup(_ node: FunctionCallExprSyntax) {
        guard !notedLocalizedStrings else { return }
        let callee = node.calledExpression.trimmedDescription
        let labels = node.arguments.map { $0.label?.text }
        let isLookup = callee == "NSLocalizedString" || (callee == "String" && labels.first == "localized")
        guard isLookup, !labels.contains("bundle") else { return }
        notedLocalizedStrings = true
        note(.manual, node, "\(callee == "String" ? "String(localized:)" : "NSLocalizedString") reads Bundle.main; SwiftPM puts a "
            + "target's .lproj folders in its resource bundle, so on Linux the text shows its keys: pass `bundle: .module` "
            + "(the target must declare its resources); noted once per file")
    }

    /// Whether a resource lookup in `Bundle.main` was noted in this file.
    private var notedMainBundleResources = false

    /// The `Bundle` methods that find a resource file, by the label of their first argument.
    static let resourceLookups: [String: String] = [
        "url": "forResource", "path": "forResource",
        "urls": "forResourcesWithExtension", "paths": "forResourcesOfType",
    ]

    /// `Bundle.main.url(forResource:withExtension:)`, `path(forResource:ofType:)` and their
    /// plural and subdirectory forms: under SwiftPM a target's resources are in its own
    /// bundle (`Bundle.module`), so on Linux these find nothing. Noted once per file, not
    /// rewritten: `Bundle.module` exists only in a SwiftPM target that declares resources,
    /// so it would not build in the Xcode project. A lookup under `#if` is left alone (it
    /// may already be the iOS half of such a choice).
    private func noteMainBundleResourceLookup(_ node: FunctionCallExprSyntax) {
        guard !notedMainBundleResources, let member = node.calledExpression.as(MemberAccessExprSyntax.self),
              let label = Self.resourceLookups[member.declName.baseName.text],
              node.arguments.first?.label?.text == label,
              let base = member.base?.trimmedDescription, base == "Bundle.main" || base == "Foundation.Bundle.main",
              !Self.isInsideConditionalCompilation(node) else { return }
        notedMainBundleResources = true
        let labels = node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        note(.manual, node, "Bundle.main.\(member.declName.baseName.text)(\(labels)) looks in the app's bundle; SwiftPM "
            + "puts a target's resources in its resource bundle, so on Linux it finds nothing: use `Bundle.module` "
            + "(the target must declare its resources, e.g. `resources: [.process(\"Resources\")]`), as "
            + "`#if SWIFT_PACKAGE` Bundle.module `#else` Bundle.main `#endif` if the Xcode project keeps its files in "
            + "the app; noted once per file")
    }

    /// A target and an action set one after the other: the action's statement becomes the
    /// primary action, the target's goes (see ``SelectorPlan/statements``).
    override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
        let visited = super.visit(node)
        guard node.contains(where: { plan.statements[$0.id] != nil || isPreview($0) || isLinuxPreviewProvider($0)
            || (Self.isPreviewSupport($0) && Self.mayCompileOnLinux($0)) })
        else { return visited }
        var items: [CodeBlockItemSyntax] = []
        for (item, original) in zip(visited, node) {
            if isPreview(original) {
                items.append(guardedPreview(original))
                continue
            }
            if isLinuxPreviewProvider(original) {
                items.append(guardedPreviewProvider(item, original: original))
                continue
            }
            if Self.isPreviewSupport(original), Self.mayCompileOnLinux(original) {
                items.append(guardedPreviewSupport(item, original: original))
                continue
            }
            guard let change = plan.statements[original.id] else {
                items.append(item)
                continue
            }
            note(.converted, original, change.note)
            guard let text = change.text else { continue }
            let statement = Self.parseExpr(text)
            items.append(CodeBlockItemSyntax(item: .expr(statement)).with(\.leadingTrivia, original.leadingTrivia)
                .with(\.trailingTrivia, original.trailingTrivia))
        }
        return CodeBlockItemListSyntax(items)
    }

    // MARK: Attributes

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(FunctionDeclSyntax.self)
        let name = node.name.text
        let storyboards = context.interfaceBuilder.actions[name] ?? []
        // `@IBAction` rule: a storyboard or nib in the folders given connects the method →
        // `@IBAction` stays, for iOS only (`#if canImport(UIKit)`), as `@IBOutlet` does: iOS
        // loads the file and sends the action by name; on Linux the Swift generated from the
        // file calls the method from a closure, and Swift there rejects `@IBAction` on a
        // method that does not take exactly one parameter (and it means nothing without the
        // Objective-C runtime). Nothing connects it → removed, like `@objc`: only selectors,
        // which become closures, could have needed it.
        let kept = removingAttributes(visited, original: node) { attribute in
            switch Self.attributeName(attribute) {
            case "objc":
                if self.plan.remainingSelectorNames.contains(name) {
                    self.note(.manual, attribute, "@objc kept on \(name): a #selector the tool could not convert "
                        + "still names it (Linux rejects @objc; convert that selector first)")
                    return false
                }
                return true
            case "IBAction":
                if !storyboards.isEmpty {
                    // Done, not left: the Swift generated from the storyboard connects it on Linux.
                    self.note(.converted, attribute, "@IBAction \(name) is connected in \(storyboards.joined(separator: ", ")): "
                        + "@IBAction kept for iOS under #if canImport(UIKit); on Linux the Swift tabula-port generates "
                        + "from \(storyboards.count == 1 ? "that file" : "those files") calls it "
                        + "(if you make that view in code instead, call it from a UIAction there)")
                    return false
                }
                return true
            default:
                return false
            }
        }
        let connected = kept.attributes.contains {
            if case .attribute(let attribute) = $0 { return Self.attributeName(attribute) == "IBAction" }
            return false
        }
        var result = connected ? Self.attributeForIOSOnly(kept, named: "IBAction", keyword: \.funcKeyword) : kept
        if connected {
            result = madeInternal(result, original: node, keyword: \.funcKeyword, what: "@IBAction \(name)", files: storyboards,
                                  verb: "call it")
        }
        return swipeToDeleteRule(plainDecisionHandler(result), original: node)
    }

    // MARK: Web view decision handlers

    /// `decidePolicyFor` rule: the SDKs from iOS 18 declare the navigation delegate's
    /// `webView(_:decidePolicyFor:decisionHandler:)` with a `@MainActor @Sendable` handler;
    /// Tabula declares the plain `@escaping (WKNavigationActionPolicy) -> Void` of the SDKs
    /// before it, which most code is written against. Swift matches a requirement's closure
    /// type exactly, so a delegate with the newer handler would never be asked on Linux:
    /// `@MainActor` and `@Sendable` come off the handler's type (iOS matches Objective-C
    /// protocol methods by selector, and the plain form is the older SDKs' own).
    private func plainDecisionHandler(_ function: FunctionDeclSyntax) -> FunctionDeclSyntax {
        let parameters = function.signature.parameterClause.parameters
        let labels = parameters.map(\.firstName.text)
        guard function.name.text == "webView", labels.count == 3, labels[1] == "decidePolicyFor",
              labels[2] == "decisionHandler", let handler = parameters.last,
              let type = handler.type.as(AttributedTypeSyntax.self) else { return function }
        let isolation: Set<String> = ["MainActor", "Sendable"]
        let kept = type.attributes.filter { element in
            guard case .attribute(let attribute) = element else { return true }
            return !isolation.contains(Self.attributeName(attribute))
        }
        guard kept.count != type.attributes.count else { return function }
        note(.converted, handler, "decisionHandler's @MainActor @Sendable removed: Tabula's WKNavigationDelegate declares "
            + "the plain handler of the SDKs before iOS 18, and Swift matches the closure type exactly")
        var newHandler = handler
        newHandler.type = TypeSyntax(type.with(\.attributes, kept))
        var newParameters = Array(parameters)
        newParameters[newParameters.count - 1] = newHandler
        var result = function
        result.signature.parameterClause.parameters = FunctionParameterListSyntax(newParameters)
        return result
    }

    // MARK: Swipe to delete

    /// The statement that turns swipe to delete on, for Linux only.
    static let swipeToDeleteLine = "tableView.allowsSwipeToDelete = true"

    /// `allowsSwipeToDelete` rule: UIKit offers swipe to delete when the data source
    /// implements `tableView(_:commit:forRowAt:)`; Swift cannot see whether a method is
    /// implemented, so Tabula asks `tableView.allowsSwipeToDelete`. The `viewDidLoad` of a
    /// type that implements `commit` (in its body or an extension in the file) and has a
    /// `tableView` (a table view controller, or a property of that name) sets it, under
    /// `#if !canImport(UIKit)`, after `super.viewDidLoad()`. Without a `viewDidLoad` or a
    /// `tableView`, the `commit` method gets a note saying what to add.
    private func swipeToDeleteRule(_ function: FunctionDeclSyntax, original node: FunctionDeclSyntax) -> DeclSyntax {
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        let isCommit = node.name.text == "tableView" && labels == ["_", "commit", "forRowAt"]
        let isViewDidLoad = node.name.text == "viewDidLoad" && labels.isEmpty && node.body != nil
        guard isCommit || isViewDidLoad, let type = Self.enclosingTypeName(of: node),
              Self.types(implementingCommitIn: node.root).contains(type) else { return DeclSyntax(function) }
        let hasTable = index.inherits(type, fromAnyOf: ["UITableViewController"]) || index.type(ofVariable: "tableView") != nil
        if isCommit {
            if index.inherits(type, fromAnyOf: ["UITableViewDiffableDataSource"]) {
                note(.manual, node.name, "tableView(_:commit:forRowAt:) is implemented in a diffable data source: on Linux, "
                    + "swipe to delete also needs `tableView.allowsSwipeToDelete = true` on the table this data source "
                    + "serves, where the data source is made (Swift cannot see that the method exists)")
                return DeclSyntax(function)
            }
            let loads = Self.hasViewDidLoad(type, in: node.root)
            if !loads || !hasTable {
                note(.manual, node.name, "tableView(_:commit:forRowAt:) is implemented: on Linux, swipe to delete also needs "
                    + "`allowsSwipeToDelete = true` on the table (Swift cannot see that the method exists); "
                    + (hasTable ? "add a viewDidLoad that sets it" : "set it where the table is made"))
            }
            return DeclSyntax(function)
        }
        guard hasTable, !function.description.contains(Self.swipeToDeleteLine) else { return DeclSyntax(function) }
        let text = function.description
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let superCall = lines.firstIndex { $0.contains("super.viewDidLoad()") }
        let anchor = superCall ?? lines.firstIndex { $0.contains("{") } ?? 0
        let bodyIndent = superCall.map { String(lines[$0].prefix { $0 == " " || $0 == "\t" }) }
            ?? (String(lines[anchor].prefix { $0 == " " || $0 == "\t" }) + "    ")
        var rewritten = lines
        rewritten.insert(contentsOf: ["\(bodyIndent)#if !canImport(UIKit)",
                                      "\(bodyIndent)// tabula-port: UIKit offers swipe to delete when commit editingStyle exists; Tabula asks this.",
                                      "\(bodyIndent)\(Self.swipeToDeleteLine)",
                                      "\(bodyIndent)#endif"], at: anchor + 1)
        note(.converted, node.name, "tableView.allowsSwipeToDelete = true set in viewDidLoad (Linux only): UIKit offers swipe "
            + "to delete when tableView(_:commit:forRowAt:) is implemented, which Swift cannot see")
        return Self.parseDecl(rewritten.joined(separator: "\n")).with(\.leadingTrivia, function.leadingTrivia)
    }

    /// The name of the class, struct or extended type `node` is declared in.
    static func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        var parent = node.parent
        while let current = parent {
            if let decl = current.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = current.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
            if let decl = current.as(StructDeclSyntax.self) { return decl.name.text }
            parent = current.parent
        }
        return nil
    }

    /// The types of `root` with a `tableView(_:commit:forRowAt:)` method.
    static func types(implementingCommitIn root: Syntax) -> Set<String> {
        Set(root.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            guard token.text == "commit", let function = token.ancestor(FunctionDeclSyntax.self),
                  function.name.text == "tableView",
                  function.signature.parameterClause.parameters.map(\.firstName.text) == ["_", "commit", "forRowAt"]
            else { return nil }
            return enclosingTypeName(of: function)
        })
    }

    /// Whether `type` has a `viewDidLoad` in `root`.
    static func hasViewDidLoad(_ type: String, in root: Syntax) -> Bool {
        root.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "viewDidLoad", let function = token.parent?.as(FunctionDeclSyntax.self),
                  function.body != nil else { return false }
            return enclosingTypeName(of: function) == type
        }
    }

    // MARK: Reordering

    /// The reordering pairs: a data source method that moves, and the one UIKit answers
    /// yes for it when it is missing.
    private static let reorderings: [(base: String, view: String, move: String, canMove: String, noun: String)] = [
        ("tableView", "UITableView", "moveRowAt", "canMoveRowAt", "rows"),
        ("collectionView", "UICollectionView", "moveItemAt", "canMoveItemAt", "items"),
    ]

    /// `canMoveRowAt` rule: UIKit shows a reorder control (and lets a drag inside the table
    /// move a row) when the data source implements `moveRowAt`; Swift cannot see whether a
    /// method is implemented, so Tabula asks `canMoveRowAt`, which says no by default. A
    /// type that implements `moveRowAt` and never answers `canMoveRowAt` in its file gets
    /// one that says yes, with `moveRowAt`'s modifiers, right after it. The same holds for a
    /// collection view's `moveItemAt` and `canMoveItemAt` (its interactive movement).
    override func visit(_ node: MemberBlockItemListSyntax) -> MemberBlockItemListSyntax {
        let visited = super.visit(node)
        let missing = Self.reorderings.filter { pair in
            !(index.methods[pair.base] ?? []).contains { $0.map(\.label) == ["_", pair.canMove] }
        }
        guard !missing.isEmpty else { return visited }
        var items: [MemberBlockItemSyntax] = []
        for (item, original) in zip(visited, node) {
            items.append(item)
            guard let function = original.decl.as(FunctionDeclSyntax.self),
                  let pair = missing.first(where: { pair in
                      function.name.text == pair.base
                          && function.signature.parameterClause.parameters.map(\.firstName.text) == ["_", pair.move, "to"]
                  })
            else { continue }
            let modifiers = function.modifiers.map(\.name.text)
                .filter { ["override", "public", "open", "internal", "fileprivate", "private"].contains($0) }
            let indent = String(function.leadingTrivia.description.split(separator: "\n", omittingEmptySubsequences: false)
                .last ?? "")
            let text = "\n\n\(indent)/// tabula-port: UIKit lets \(pair.noun) move when `\(pair.move)` exists; Tabula asks this.\n"
                + "\(indent)\((modifiers + ["func"]).joined(separator: " ")) \(pair.base)(_ \(pair.base): \(pair.view), "
                + "\(pair.canMove) indexPath: IndexPath) -> Bool {\n\(indent)    true\n\(indent)}"
            let decl = Self.parseDecl(text)
            note(.converted, function.name, "\(pair.base)(_:\(pair.canMove):) added, answering true: UIKit lets \(pair.noun) move "
                + "when \(pair.move) is implemented, which Swift cannot see")
            items.append(MemberBlockItemSyntax(decl: decl))
        }
        return MemberBlockItemListSyntax(items)
    }

    override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(VariableDeclSyntax.self)
        let names = node.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        let isDynamic = node.modifiers.contains { $0.name.tokenKind == .keyword(.dynamic) }
        var result = removingAttributes(visited, original: node) { attribute in
            guard Self.attributeName(attribute) == "objc" else { return false }
            if isDynamic {
                self.note(.manual, attribute, "@objc dynamic \(names.joined(separator: ", ")): key-value observing "
                    + "needs the Objective-C runtime; @objc removed, observe changes with didSet or a publisher")
            }
            return true
        }
        for attribute in node.attributes {
            guard case .attribute(let attribute) = attribute, Self.attributeName(attribute) == "IBOutlet" else { continue }
            let sources = names.flatMap { context.interfaceBuilder.outlets[$0] ?? [] }
            let origin = sources.isEmpty ? "a storyboard or nib" : sources.joined(separator: ", ")
            let linux = sources.isEmpty
                ? "on Linux create the view in code (loadView or viewDidLoad) and assign it"
                : "on Linux the Swift tabula-port generates from \(sources.count == 1 ? "that file" : "those files") assigns it"
            // With the file that connects it found, the Swift generated from it assigns the
            // outlet on Linux: nothing is left to do.
            note(sources.isEmpty ? .manual : .converted, attribute, "@IBOutlet \(names.joined(separator: ", ")) comes from \(origin): "
                + "@IBOutlet kept for iOS under #if canImport(UIKit); \(linux)")
            result = Self.outletForIOSOnly(result)
            if !sources.isEmpty {
                result = madeInternal(result, original: node, keyword: \.bindingSpecifier, what: "@IBOutlet \(names.joined(separator: ", "))",
                                      files: sources, verb: "set it")
            }
        }
        return DeclSyntax(varIfMutatedPath(lazyIfInitializerCapturesSelf(result, original: node), original: node))
    }

    /// `decl` without `private`/`fileprivate` (`private(set)` stays): the Swift generated
    /// from the Interface Builder files in `files`, another file, must reach it. Internal
    /// access keeps the iOS build working.
    func madeInternal<D: WithModifiersSyntax>(_ decl: D, original: D, keyword: WritableKeyPath<D, TokenSyntax>,
                                              what: String, files: [String], verb: String) -> D {
        let modifiers = Array(decl.modifiers)
        guard let position = modifiers.firstIndex(where: {
            ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)) && $0.detail == nil
        }) else { return decl }
        let removed = modifiers[position]
        let place = original.modifiers.first { $0.name.tokenKind == removed.name.tokenKind }.map(Syntax.init) ?? Syntax(original)
        note(.converted, place, "\(what): \(removed.name.text) removed (made internal) so that the Swift generated from "
            + "\(files.joined(separator: ", ")) can \(verb)")
        var kept = modifiers
        kept.remove(at: position)
        var result = decl
        if position < kept.count {
            kept[position] = kept[position].with(\.leadingTrivia, removed.leadingTrivia)
        } else {
            result[keyPath: keyword].leadingTrivia = removed.leadingTrivia
        }
        result.modifiers = DeclModifierListSyntax(kept)
        return result
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> OptionalBindingConditionSyntax {
        varIfMutatedPath(super.visit(node), original: node)
    }

    override func visit(_ node: FunctionParameterSyntax) -> FunctionParameterSyntax {
        noteMutatedPathParameter(node)
        return super.visit(node)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
        if let replacement = modernMemberAccess(node) { return replacement }
        return super.visit(node)
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> ExprSyntax {
        if let replacement = keyPathString(node) { return replacement }
        return super.visit(node)
    }

    /// `@IBOutlet var x` → `#if canImport(UIKit)` `@IBOutlet` `#endif` `var x`: the outlet
    /// stays connected on iOS and is a plain property on Linux, where Swift rejects
    /// `@IBOutlet` on types without the Objective-C runtime.
    static func outletForIOSOnly(_ decl: VariableDeclSyntax) -> VariableDeclSyntax {
        attributeForIOSOnly(decl, named: "IBOutlet", keyword: \.bindingSpecifier)
    }

    /// `decl` with each attribute `name` (`IBOutlet`, `IBAction`) put under
    /// `#if canImport(UIKit)` on lines of its own; `keyword` (`var`, `func`) starts a line
    /// when no modifier precedes it.
    static func attributeForIOSOnly<D: WithAttributesSyntax & WithModifiersSyntax>(
        _ decl: D, named name: String, keyword: WritableKeyPath<D, TokenSyntax>
    ) -> D {
        let leading = decl.leadingTrivia
        let indentPieces = Array(leading.pieces.reversed().prefix { piece in
            if case .spaces = piece { return true }
            if case .tabs = piece { return true }
            return false
        }.reversed())
        let indentation = indentPieces.map { piece -> String in
            switch piece {
            case .spaces(let n): String(repeating: " ", count: n)
            case .tabs(let n): String(repeating: "\t", count: n)
            default: ""
            }
        }.joined()
        var attributes: [AttributeListSyntax.Element] = []
        for element in decl.attributes {
            guard case .attribute(let attribute) = element, attributeName(attribute) == name else {
                attributes.append(element)
                continue
            }
            let text = "#if canImport(UIKit)\n\(indentation)\(attribute.trimmedDescription)\n\(indentation)#endif\n\(indentation)var x: Int"
            guard let parsed = parseDecl(text).as(VariableDeclSyntax.self), let conditional = parsed.attributes.first else {
                attributes.append(element)
                continue
            }
            attributes.append(conditional.with(\.leadingTrivia, []))
        }
        var result = decl
        result.attributes = AttributeListSyntax(attributes)
        result.leadingTrivia = leading
        // What followed the attribute on its line now starts a line of its own.
        if let first = result.modifiers.first {
            result.modifiers[result.modifiers.startIndex] = first.with(\.leadingTrivia, Trivia(pieces: [.newlines(1)] + indentPieces))
        } else {
            result[keyPath: keyword].leadingTrivia = Trivia(pieces: [.newlines(1)] + indentPieces)
        }
        return result
    }

    override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(ClassDeclSyntax.self)
        let converted = addingRegisteredInitializer(appDelegateConverted(visited, original: node), original: node)
        return DeclSyntax(removingAttributes(converted, original: node) { Self.attributeName($0) == "objc" })
    }

    override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(ExtensionDeclSyntax.self)
        return DeclSyntax(removingAttributes(visited, original: node) { Self.attributeName($0) == "objc" })
    }

    override func visit(_ node: ProtocolDeclSyntax) -> DeclSyntax {
        let visited = super.visit(node).cast(ProtocolDeclSyntax.self)
        let hasOptionals = node.memberBlock.members.contains { member in
            member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
                .contains { $0.name.tokenKind == .keyword(.optional) } ?? false
        }
        if hasOptionals {
            note(.manual, node.name, "@objc protocol \(node.name.text) has optional requirements, which need the "
                + "Objective-C runtime: give them default implementations in a protocol extension")
            return DeclSyntax(visited)
        }
        return DeclSyntax(removingAttributes(visited, original: node) { Self.attributeName($0) == "objc" })
    }

    /// `decl` without the attributes `shouldRemove` picks, keeping the declaration's
    /// leading trivia (its comments and indentation); notes each removal. `original` is the
    /// declaration before its children were visited (same attributes, original positions).
    private func removingAttributes<D: WithAttributesSyntax>(_ decl: D, original: D,
                                                             _ shouldRemove: (AttributeSyntax) -> Bool) -> D {
        var kept: [AttributeListSyntax.Element] = []
        for (element, originalElement) in zip(decl.attributes, original.attributes) {
            if case .attribute(let attribute) = originalElement, shouldRemove(attribute) {
                note(.converted, attribute, "\(attribute.trimmedDescription) removed (only selectors needed it)")
            } else {
                kept.append(element)
            }
        }
        guard kept.count != decl.attributes.count else { return decl }
        var result = decl
        let leading = decl.leadingTrivia
        result.attributes = AttributeListSyntax(kept)
        result.leadingTrivia = leading
        return result
    }

    static func attributeName(_ attribute: AttributeSyntax) -> String {
        attribute.attributeName.trimmedDescription
    }

    static func enclosingClass(of node: some SyntaxProtocol) -> String? {
        var parent = node.parent
        while let current = parent {
            if let type = current.as(ClassDeclSyntax.self) { return type.name.text }
            if let extensionDecl = current.as(ExtensionDeclSyntax.self) { return extensionDecl.extendedType.trimmedDescription }
            parent = current.parent
        }
        return nil
    }

    // MARK: Parsing generated text

    static func parseDecl(_ text: String) -> DeclSyntax {
        let file = Parser.parse(source: text)
        guard case .decl(let decl)? = file.statements.first?.item else {
            preconditionFailure("generated declaration does not parse: \(text)")
        }
        return decl
    }

    static func parseExpr(_ text: String) -> ExprSyntax {
        var parser = Parser(text)
        return ExprSyntax.parse(from: &parser)
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of type `type`.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var parent = self.parent
        while let current = parent {
            if let found = current.as(T.self) { return found }
            parent = current.parent
        }
        return nil
    }
}
