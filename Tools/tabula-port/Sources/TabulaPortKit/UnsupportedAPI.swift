import SwiftSyntax

/// UIKit types Tabula does not have, and the notes naming each use of one, so that a port
/// lists them by file and line instead of leaving the compiler's "cannot find type" to read.
///
/// Calls of the Objective-C runtime (associated objects, swizzling) are noted too.
///
/// This is a list, kept by hand, not a check against Tabula: a type missing from Tabula but
/// not listed here still shows up only as a compiler error, and members Tabula lacks on types
/// it has (a method, a property) are not listed at all. A test checks that no listed type is
/// declared in Tabula's sources, so the list cannot claim something Tabula has.
enum UnsupportedAPI {
    /// Each type, with what it is (for the note).
    static let types: [String: String] = {
        var types: [String: String] = [:]
        for (names, what) in groups { for name in names { types[name] = what } }
        return types
    }()

    private static let groups: [(names: [String], what: String)] = [
        (["UIImagePickerController", "UIImagePickerControllerDelegate", "UIVideoEditorController",
          "UIVideoEditorControllerDelegate"], "the camera and photo library picker"),
        (["UIFontPickerViewController", "UIFontPickerViewControllerDelegate", "UIFontPickerViewControllerConfiguration",
          "UIColorPickerViewController", "UIColorPickerViewControllerDelegate", "UIColorWell"], "a system font or colour picker"),
        (["UIDocumentPickerViewController", "UIDocumentPickerDelegate", "UIDocumentPickerMode", "UIDocumentMenuViewController",
          "UIDocumentBrowserViewController", "UIDocumentInteractionController", "UIDocument", "UICloudSharingController"],
         "documents and files"),
        (["UIPrintInteractionController", "UIPrintInfo", "UIPrinter", "UIPrinterPickerController",
          "UIMarkupTextPrintFormatter", "UIGraphicsPDFRenderer"], "printing and PDF"),
        (["UIInputView", "UITextInteraction", "UIFindInteraction", "UIScribbleInteraction", "UITextChecker", "UILexicon",
          "UITextFormattingCoordinator", "UIReferenceLibraryViewController"], "text input"),
        (["UIToolTipInteraction", "UIToolTipInteractionDelegate", "UIPointerInteraction", "UIPencilInteraction",
          "UIEditMenuInteraction", "UILargeContentViewerInteraction", "UIDragInteraction", "UIDragInteractionDelegate",
          "UIDropInteraction", "UIDropInteractionDelegate", "UIHoverGestureRecognizer", "UIRotationGestureRecognizer",
          "UIKeyCommand", "UIPasteControl", "UIFocusGuide", "UIMenuBuilder"], "an interaction or input"),
        (["UIDynamicAnimator", "UIGravityBehavior", "UICollisionBehavior", "UISnapBehavior", "UIPushBehavior",
          "UIAttachmentBehavior", "UIDynamicItemBehavior", "UIFieldBehavior", "UIInterpolatingMotionEffect",
          "UIMotionEffectGroup"], "UIKit Dynamics and motion effects"),
        (["UIViewControllerAnimatedTransitioning", "UIViewControllerInteractiveTransitioning",
          "UIViewControllerContextTransitioning", "UIViewControllerTransitioningDelegate",
          "UIPercentDrivenInteractiveTransition"], "custom view controller transitions"),
        (["UICalendarView", "UIApplicationShortcutItem"], "a system view or service"),
        (["UIWebView", "UIAlertView", "UIActionSheet", "UIPopoverController", "UISearchDisplayController",
          "UILocalNotification"], "API removed from or deprecated in UIKit itself"),
    ]

    /// Functions of the Objective-C runtime, which Linux has not, with what to do instead
    /// (port trial S kept a helper alive with an associated object).
    static let runtimeFunctions: [String: String] = {
        var functions: [String: String] = [:]
        let associated = "keep the object in a stored property, or in a dictionary keyed by ObjectIdentifier of its owner"
        for name in ["objc_setAssociatedObject", "objc_getAssociatedObject", "objc_removeAssociatedObjects"] {
            functions[name] = associated
        }
        let swizzling = "override the method in a subclass, or call the code you wanted to run where the method is called"
        for name in ["method_exchangeImplementations", "method_setImplementation", "class_getInstanceMethod",
                     "class_getClassMethod", "class_addMethod", "class_replaceMethod"] {
            functions[name] = swizzling
        }
        return functions
    }()

    /// A note for each use of a listed type in `file`, one per type and line, except in
    /// code only iOS compiles (`#if canImport(UIKit)`, `#if os(iOS)`) and types the file
    /// declares itself.
    static func notes(in file: SourceFileSyntax, locations: SourceLocationConverter) -> [PortNote] {
        let declarations = Declarations(viewMode: .sourceAccurate)
        declarations.walk(file)
        let finder = Finder(declared: declarations.names)
        finder.walk(file)
        var seen: Set<String> = []
        var notes: [PortNote] = []
        for token in finder.uses {
            let place = token.startLocation(converter: locations)
            let name = token.text
            guard seen.insert("\(name):\(place.line)").inserted else { continue }
            if let instead = runtimeFunctions[name] {
                notes.append(PortNote(.manual, line: place.line, column: place.column,
                    "\(name) is Objective-C runtime API, which Linux does not have: \(instead), or keep the code "
                    + "under #if canImport(UIKit)"))
                continue
            }
            guard let what = types[name] else { continue }
            notes.append(PortNote(.manual, line: place.line, column: place.column,
                "\(name) is not in Tabula (\(what)): keep the code that uses it under #if canImport(UIKit), or write it "
                + "another way (found in tabula-port's list of UIKit types Tabula lacks; that list is not complete)"))
        }
        return notes
    }

    /// Whether `node` is in a clause only iOS compiles: `#if`/`#elseif` on `canImport(UIKit)`
    /// or `os(iOS)` (not negated).
    static func isIOSOnly(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let clause = current.as(IfConfigClauseSyntax.self), let condition = clause.condition?.trimmedDescription,
               !condition.hasPrefix("!"),
               ["canImport(UIKit)", "os(iOS)", "os(tvOS)", "os(visionOS)"].contains(where: condition.contains) {
                return true
            }
            parent = current.parent
        }
        return false
    }

    /// The types a file declares.
    private final class Declarations: SyntaxVisitor {
        var names: Set<String> = []
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
    }

    private final class Finder: SyntaxVisitor {
        let declared: Set<String>
        var uses: [TokenSyntax] = []

        init(declared: Set<String>) {
            self.declared = declared
            super.init(viewMode: .sourceAccurate)
        }

        private func check(_ token: TokenSyntax) {
            let name = token.text
            guard name.hasPrefix("UI"), UnsupportedAPI.types[name] != nil, !declared.contains(name),
                  !UnsupportedAPI.isIOSOnly(token) else { return }
            uses.append(token)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            check(node.baseName)
            let name = node.baseName.text
            if UnsupportedAPI.runtimeFunctions[name] != nil, !UnsupportedAPI.isIOSOnly(node) { uses.append(node.baseName) }
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            check(node.name)
            return .visitChildren
        }
    }
}
