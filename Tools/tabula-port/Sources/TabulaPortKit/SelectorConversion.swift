import Foundation
import SwiftSyntax

/// What becomes of one call that passes a `#selector`: its closure form, or the reason it
/// is left for a person.
enum SelectorConversion {
    /// Replace the call with `text` (a Swift expression that builds on iOS and on Tabula).
    case replace(text: String, note: String, needsSupportFile: Bool)
    /// Leave the call; `reason` says why and what to write instead.
    case manual(reason: String)
}

/// Turns the target–action calls UIKit code makes with selectors into the closure forms
/// that both UIKit and Tabula have. Knows the call shapes by their argument labels:
///
/// | UIKit with a selector | becomes |
/// | --- | --- |
/// | `control.addTarget(t, action: #selector(m), for: e)` | `control.addAction(UIAction { … }, for: e)` |
/// | `UIBarButtonItem(barButtonSystemItem:target:action:)` | `UIBarButtonItem(systemItem:primaryAction:)` |
/// | `UIBarButtonItem(title:style:target:action:)`, `(image:style:target:action:)` | `UIBarButtonItem(primaryAction: UIAction(title:/image:) { … })` |
/// | `item.target = t` with `item.action = #selector(m)` (statements of one block) | `item.primaryAction = UIAction(title: item.title ?? "", image: item.image) { … }` |
/// | `UI…GestureRecognizer(target:action:)`, `recognizer.addTarget(_:action:)` | the closure target Tabula's recognizers take (and the support file gives UIKit's) |
/// | `Timer.scheduledTimer(timeInterval:target:selector:userInfo: nil, repeats:)`, `Timer(…)` | the block forms |
/// | `perform(_:with:afterDelay:)` | `DispatchQueue.main.asyncAfter` |
/// | `NotificationCenter.addObserver(_:selector:name:object:)` | `addObserver(_:name:object:)` with a block (the support file's), run where the notification is posted |
/// | `removeObserver(o)`, `removeObserver(o, name:object:)` of such an observer `o` | `removeObserverAndBlocks` with the same arguments (the support file's) |
/// | `registerForTraitChanges(_:action:)`, `(_:target:action:)` | `registerForTraitChanges(_:handler:)` |
struct SelectorConverter {
    let index: SourceIndex

    /// The conversion of `call`, or nil when it passes no selector.
    func convert(_ call: FunctionCallExprSyntax) -> SelectorConversion? {
        let arguments = Array(call.arguments)
        if let conversion = barButtonWithoutAction(call) { return conversion }
        guard arguments.contains(where: { SelectorReference($0.expression) != nil }) else { return nil }
        let labels = arguments.map { $0.label?.text ?? "_" }
        let callee = call.calledExpression
        let memberName = callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        let receiver = callee.as(MemberAccessExprSyntax.self)?.base
        let typeName = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? callee.as(MemberAccessExprSyntax.self).map { member -> String in
                member.declName.baseName.text == "init" ? (member.base?.trimmedDescription ?? "") : ""
            }

        func argument(_ label: String) -> ExprSyntax? {
            arguments.first { ($0.label?.text ?? "_") == label }?.expression
        }

        switch (memberName ?? typeName, labels) {
        case ("addTarget", ["_", "action", "for"]):
            return controlAction(receiver: receiver, target: arguments[0].expression,
                                 selector: arguments[1].expression, events: arguments[2].expression)
        case ("addTarget", ["_", "action"]):
            return gestureTarget(receiver: receiver, target: arguments[0].expression, selector: arguments[1].expression)
        case ("addObserver", ["_", "selector", "name", "object"]):
            return notificationObserver(center: receiver, observer: arguments[0].expression,
                                        selector: arguments[1].expression, name: arguments[2].expression,
                                        object: arguments[3].expression)
        case ("perform", ["_", "with", "afterDelay"]):
            return performAfterDelay(receiver: receiver, selector: arguments[0].expression,
                                     object: arguments[1].expression, delay: arguments[2].expression)
        case ("registerForTraitChanges", ["_", "action"]):
            return traitChange(receiver: receiver, traits: arguments[0].expression, target: nil,
                               selector: arguments[1].expression)
        case ("registerForTraitChanges", ["_", "target", "action"]):
            return traitChange(receiver: receiver, traits: arguments[0].expression, target: arguments[1].expression,
                               selector: arguments[2].expression)
        case ("scheduledTimer", ["timeInterval", "target", "selector", "userInfo", "repeats"]):
            guard receiver?.trimmedDescription == "Timer" else { break }
            return timer(scheduled: true, arguments: argument)
        default:
            break
        }
        switch (typeName, labels) {
        case ("Timer", ["timeInterval", "target", "selector", "userInfo", "repeats"]):
            return timer(scheduled: false, arguments: argument)
        case ("UIBarButtonItem", ["barButtonSystemItem", "target", "action"]):
            return barButton(style: nil, content: "systemItem: \(arguments[0].expression.trimmedDescription)",
                             actionContent: nil, target: arguments[1].expression, selector: arguments[2].expression)
        case ("UIBarButtonItem", ["title", "style", "target", "action"]),
             ("UIBarButtonItem", ["image", "style", "target", "action"]):
            let value = labels[0] == "title" ? actionTitle(arguments[0].expression) : arguments[0].expression.trimmedDescription
            let content = "\(labels[0]): \(value)"
            return barButton(style: arguments[1].expression, content: nil, actionContent: content,
                             target: arguments[2].expression, selector: arguments[3].expression)
        case (let type?, ["target", "action"]) where type.hasSuffix("GestureRecognizer"):
            return gestureInit(type: type, target: arguments[0].expression, selector: arguments[1].expression)
        default:
            break
        }
        let shape = (typeName.flatMap { $0.isEmpty ? nil : $0 } ?? memberName ?? callee.trimmedDescription)
            + "(" + labels.map { $0 + ":" }.joined() + ")"
        return .manual(reason: "#selector passed to \(shape): no closure form is known for this call; "
            + "write it with a closure (UIAction, a block) or keep it under #if canImport(UIKit)")
    }

    // MARK: The call shapes

    private func controlAction(receiver: ExprSyntax?, target: ExprSyntax, selector: ExprSyntax,
                               events: ExprSyntax) -> SelectorConversion {
        guard let receiver else {
            return .manual(reason: "addTarget(_:action:for:) without a receiver: write addAction(UIAction { … }, for:)")
        }
        let controlType = index.type(ofVariable: Self.lastName(of: receiver))
        let sender = Argument(expression: "action.sender", type: "Any?", concreteFallback: controlType)
        switch invocation(target: target, selector: selector, closureParameter: "action", sender: sender) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            return .replace(
                text: "\(receiver.trimmedDescription).addAction(UIAction \(closure), for: \(events.trimmedDescription))",
                note: "addTarget(_:action:for:) with #selector → addAction(UIAction { … }, for:)",
                needsSupportFile: false)
        }
    }

    /// `UIBarButtonItem(barButtonSystemItem:target:action: nil)` and the `title:`/`image:`
    /// `style:target:action: nil` forms: Tabula has no target–action initializers, and with no
    /// action there is nothing to call: the item without target and action.
    private func barButtonWithoutAction(_ call: FunctionCallExprSyntax) -> SelectorConversion? {
        let arguments = Array(call.arguments)
        let labels = arguments.map { $0.label?.text ?? "_" }
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIBarButtonItem",
              labels.suffix(2) == ["target", "action"],
              arguments.last?.expression.trimmedDescription == "nil" else { return nil }
        switch labels {
        case ["barButtonSystemItem", "target", "action"]:
            return .replace(text: "UIBarButtonItem(barButtonSystemItem: \(arguments[0].expression.trimmedDescription))",
                            note: "UIBarButtonItem(barButtonSystemItem:target:action: nil) → UIBarButtonItem(barButtonSystemItem:)",
                            needsSupportFile: false)
        case ["title", "style", "target", "action"], ["image", "style", "target", "action"]:
            let item = "UIBarButtonItem(\(labels[0]): \(arguments[0].expression.trimmedDescription))"
            let style = arguments[1].expression.trimmedDescription
            let shape = "UIBarButtonItem(\(labels[0]):style:target:action: nil)"
            if style == ".plain" || style == "UIBarButtonItem.Style.plain" {
                return .replace(text: item, note: "\(shape) → \(item.prefix { $0 != ":" }):)", needsSupportFile: false)
            }
            return .replace(text: "{ let item = \(item); item.style = \(style); return item }()",
                            note: "\(shape) → UIBarButtonItem(\(labels[0]):) (style set after)", needsSupportFile: false)
        default:
            return nil
        }
    }

    /// A bar button item's title (`String?`) as a `UIAction`'s (`String`): a string literal
    /// as it is, anything else through `(… as String?) ?? ""`, which builds whether it is
    /// optional or not, without a warning (the file's index does not tell `String` from
    /// `String?`). An item without a title gets an action without one, as in UIKit.
    private func actionTitle(_ title: ExprSyntax) -> String {
        let text = title.trimmedDescription
        return title.is(StringLiteralExprSyntax.self) ? text : "(\(text) as String?) ?? \"\""
    }

    private func barButton(style: ExprSyntax?, content: String?, actionContent: String?,
                           target: ExprSyntax, selector: ExprSyntax) -> SelectorConversion {
        let sender = Argument(expression: "action.sender", type: "Any?", concreteFallback: "UIBarButtonItem")
        switch invocation(target: target, selector: selector, closureParameter: "action", sender: sender) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            let action = actionContent.map { "UIAction(\($0)) \(closure)" } ?? "UIAction \(closure)"
            let item = "UIBarButtonItem(\(content.map { $0 + ", " } ?? "")primaryAction: \(action))"
            let styleText = style?.trimmedDescription
            if let styleText, styleText != ".plain", styleText != "UIBarButtonItem.Style.plain" {
                return .replace(
                    text: "{ let item = \(item); item.style = \(styleText); return item }()",
                    note: "UIBarButtonItem with target/action → primaryAction: UIAction { … } (style set after)",
                    needsSupportFile: false)
            }
            return .replace(text: item, note: "UIBarButtonItem with target/action → primaryAction: UIAction { … }",
                            needsSupportFile: false)
        }
    }

    /// `item.action = #selector(m)`, with `item.target = target` in the same block: the
    /// item's primary action, keeping its title and image (a primary action on an item
    /// that is not a system item gives it the action's title and image, in UIKit too).
    func barButtonAction(item: String, target: ExprSyntax, selector: ExprSyntax) -> SelectorConversion {
        let sender = Argument(expression: "action.sender", type: "Any?", concreteFallback: "UIBarButtonItem")
        switch invocation(target: target, selector: selector, closureParameter: "action", sender: sender) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            return .replace(text: "\(item).primaryAction = UIAction(title: \(item).title ?? \"\", image: \(item).image) \(closure)",
                            note: "\(item).target/.action = #selector → \(item).primaryAction = UIAction { … }",
                            needsSupportFile: false)
        }
    }

    private func gestureInit(type: String, target: ExprSyntax, selector: ExprSyntax) -> SelectorConversion {
        let sender = Argument(expression: "recognizer", type: "UIGestureRecognizer", concreteFallback: type)
        switch invocation(target: target, selector: selector, closureParameter: "recognizer", sender: sender) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            return .replace(text: "\(type)(target: \(closure))",
                            note: "\(type)(target:action:) → \(type)(target: { recognizer in … })",
                            needsSupportFile: true)
        }
    }

    private func gestureTarget(receiver: ExprSyntax?, target: ExprSyntax, selector: ExprSyntax) -> SelectorConversion {
        guard let receiver else {
            return .manual(reason: "addTarget(_:action:) without a receiver: write addTarget { recognizer in … }")
        }
        let recognizerType = index.type(ofVariable: Self.lastName(of: receiver))
        let sender = Argument(expression: "recognizer", type: "UIGestureRecognizer", concreteFallback: recognizerType)
        switch invocation(target: target, selector: selector, closureParameter: "recognizer: UIGestureRecognizer",
                          sender: sender) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            return .replace(text: "\(receiver.trimmedDescription).addTarget \(closure)",
                            note: "addTarget(_:action:) → addTarget { recognizer in … }", needsSupportFile: true)
        }
    }

    private func timer(scheduled: Bool, arguments: (String) -> ExprSyntax?) -> SelectorConversion {
        guard let interval = arguments("timeInterval"), let target = arguments("target"),
              let selector = arguments("selector"), let userInfo = arguments("userInfo"),
              let repeats = arguments("repeats")
        else { return .manual(reason: "Timer with a selector: use the block form") }
        guard userInfo.trimmedDescription == "nil" else {
            return .manual(reason: "Timer with a selector and userInfo: the block form has no userInfo; "
                + "capture the value in the block instead")
        }
        let sender = Argument(expression: "timer", type: "Timer", concreteFallback: "Timer")
        switch invocation(target: target, selector: selector, closureParameter: "timer", sender: sender,
                          hopToMainActor: true) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            let call = scheduled ? "Timer.scheduledTimer(withTimeInterval:" : "Timer(timeInterval:"
            return .replace(text: "\(call) \(interval.trimmedDescription), repeats: \(repeats.trimmedDescription)) \(closure)",
                            note: "Timer with target/selector → the block form", needsSupportFile: false)
        }
    }

    private func performAfterDelay(receiver: ExprSyntax?, selector: ExprSyntax, object: ExprSyntax,
                                   delay: ExprSyntax) -> SelectorConversion {
        let target: ExprSyntax = receiver ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .keyword(.self)))
        let objectText = object.trimmedDescription
        let sender = Argument(expression: objectText, type: objectText == "nil" ? "Any?" : "Any",
                              concreteFallback: nil, passesAsIs: true)
        switch invocation(target: target, selector: selector, closureParameter: nil, sender: sender) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            return .replace(
                text: "DispatchQueue.main.asyncAfter(deadline: .now() + \(delay.trimmedDescription)) \(closure)",
                note: "perform(_:with:afterDelay:) → DispatchQueue.main.asyncAfter", needsSupportFile: false)
        }
    }

    private func notificationObserver(center: ExprSyntax?, observer: ExprSyntax, selector: ExprSyntax,
                                      name: ExprSyntax, object: ExprSyntax) -> SelectorConversion {
        guard let center else {
            return .manual(reason: "addObserver(_:selector:name:object:) without a receiver: use the block form")
        }
        let sender = Argument(expression: "notification", type: "Notification", concreteFallback: "Notification")
        switch invocation(target: observer, selector: selector, closureParameter: "notification", sender: sender,
                          hopToMainActor: true) {
        case .failure(let reason):
            return .manual(reason: reason)
        case .success(let closure):
            // The block is registered for the observer through the support file, so that the
            // app's removeObserver(observer) and removeObserver(observer, name:object:) (which
            // become removeObserverAndBlocks) still remove it, and it stops with the observer.
            // No queue: the block runs where the notification is posted, as the selector did.
            // (`.main` would make a post from the main actor wait for the main queue, which
            // never runs where the main actor is not the main thread, as under Swift Testing:
            // the post would hang.)
            return .replace(
                text: "\(center.trimmedDescription).addObserver(\(observer.trimmedDescription), "
                    + "name: \(name.trimmedDescription), object: \(object.trimmedDescription)) \(closure)",
                note: "addObserver(_:selector:name:object:) → addObserver(_:name:object:) with a block, registered for "
                    + "\(observer.trimmedDescription) by \(SupportFile.name): removeObserver(\(observer.trimmedDescription)…) "
                    + "becomes removeObserverAndBlocks, which removes it (in this file; for self, in every file ported "
                    + "with it); it stops when the observer is deallocated",
                needsSupportFile: true)
        }
    }

    /// `center.removeObserver(observer)` and `center.removeObserver(observer, name:object:)`
    /// for an observer that `addObserver(_:selector:name:object:)` registered in this file (or,
    /// for `self`, in another file of the project):
    /// `removeObserverAndBlocks` with the same arguments, which does what `removeObserver`
    /// did and also removes the blocks that replaced the selectors. Nil for other calls (a
    /// token from the block API, an observer this file never registered by selector).
    func observerRemoval(_ call: FunctionCallExprSyntax, observers: Set<String>,
                         tokens: Set<String>) -> SelectorConversion? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "removeObserver", let center = member.base,
              call.trailingClosure == nil else { return nil }
        let arguments = Array(call.arguments)
        let labels = arguments.map { $0.label?.text ?? "_" }
        guard labels == ["_"] || labels == ["_", "name", "object"] else { return nil }
        let observer = arguments[0].expression.trimmedDescription
        guard observers.contains(observer), !tokens.contains(Self.lastName(of: arguments[0].expression)) else { return nil }
        let shape = labels.count == 1 ? "removeObserver(_:)" : "removeObserver(_:name:object:)"
        return .replace(
            text: "\(center.trimmedDescription).removeObserverAndBlocks(\(call.arguments.trimmedDescription))",
            note: "\(shape) of \(observer) → removeObserverAndBlocks: it also removes the blocks its selector "
                + "observers became",
            needsSupportFile: true)
    }

    // MARK: Building the closure

    /// The value the closure has to hand to the method as its one argument.
    struct Argument {
        /// The expression inside the closure (`action.sender`, `recognizer`).
        var expression: String
        /// Its static type.
        var type: String
        /// The type to cast to when the method is not in this file.
        var concreteFallback: String?
        /// Pass it without a cast (a `perform` argument is whatever the caller gave).
        var passesAsIs = false
    }

    enum Built {
        case success(String)
        case failure(String)
    }

    /// `{ [weak self] action in self?.method(action.sender as! UIButton) }`.
    func invocation(target: ExprSyntax, selector selectorExpression: ExprSyntax, closureParameter: String?,
                    sender: Argument, hopToMainActor: Bool = false) -> Built {
        guard let selector = SelectorReference(selectorExpression) else {
            return .failure("the selector is not a #selector literal; write the closure by hand")
        }
        if selector.isAccessor {
            return .failure("#selector(getter:/setter:) names a property; write the closure by hand")
        }
        let targetText = target.trimmedDescription
        if targetText == "nil" {
            return .failure("a nil target sends \(selector.name) up the responder chain, which Tabula does not do; "
                + "call the method from a closure instead")
        }
        let capture: String
        let callee: String
        if targetText == "self" {
            (capture, callee) = ("[weak self]", "self?")
        } else if target.is(DeclReferenceExprSyntax.self) {
            (capture, callee) = ("[weak \(targetText)]", "\(targetText)?")
        } else {
            (capture, callee) = ("[weak target = \(targetText)]", "target?")
        }

        var argumentText = ""
        if selector.name == "endEditing", index.parameters(of: selector) == nil,
           selector.labels == nil || selector.labels! == ["_"] {
            // UIKit's own UIView.endEditing(_:) ("tap anywhere to close the keyboard"): the
            // sender it is handed, an object, reads as true.
            argumentText = "true"
        } else if let parameters = index.parameters(of: selector) {
            switch parameters.count {
            case 0:
                break
            case 1:
                if let reason = Self.senderMismatch(sender, parameterType: parameters[0].type, method: selector.name) {
                    return .failure(reason)
                }
                let value = sender.passesAsIs ? sender.expression
                    : Self.cast(sender.expression, from: sender.type, to: parameters[0].type)
                argumentText = (parameters[0].label == "_" ? "" : parameters[0].label + ": ") + value
            default:
                return .failure("\(selector.name) takes \(parameters.count) arguments; a closure can pass only the "
                    + "sender: call it from a closure by hand")
            }
        } else {
            let count = selector.labels?.count
            switch count {
            case 0?:
                break
            case 1?:
                let label = selector.labels![0]
                let value: String
                if sender.passesAsIs {
                    value = sender.expression
                } else if let fallback = sender.concreteFallback {
                    value = Self.cast(sender.expression, from: sender.type, to: fallback)
                } else {
                    return .failure("\(selector.name)(_:) is not declared in this file, so the type of its sender "
                        + "is unknown: write the closure by hand")
                }
                argumentText = (label == "_" ? "" : label + ": ") + value
            case nil where sender.passesAsIs && sender.expression == "nil":
                break
            default:
                return .failure("\(selector.name) is not declared in this file (or is declared more than once), so "
                    + "its arguments are unknown: write the closure by hand")
            }
        }
        let call = "\(callee).\(selector.name)(\(argumentText))"
        var body = hopToMainActor ? "MainActor.assumeIsolated { \(call) }" : call
        if hopToMainActor, let parameter = closureParameter?.split(separator: ":").first.map(String.init),
           argumentText.contains(parameter) {
            // A timer or a notification is not Sendable, and Swift 6 refuses to hand one to
            // the main actor's closure ("sending 'notification' risks causing data races"),
            // on iOS as here. The block and the closure run at once on one thread (the one
            // that fired the timer or posted), so nothing crosses: say so to the compiler.
            body = "nonisolated(unsafe) let \(parameter) = \(parameter); " + body
        }
        let parameterText = closureParameter.map { parameter -> String in
            let name = parameter.split(separator: ":")[0]
            let type = parameter.split(separator: ":").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) }
            let used = argumentText.contains(name)
            switch (used, type) {
            case (true, nil): return " \(name) in"
            case (false, nil): return " _ in"
            case (true, let type?): return " (\(name): \(type)) in"
            case (false, let type?): return " (_: \(type)) in"
            }
        } ?? " in"
        return .success("{ \(capture)\(parameterText) \(body) }")
    }

    /// Why a bar button item cannot be handed to an action method that takes
    /// `parameterType`, or nil when it can. The Objective-C runtime hands the item to a
    /// method declared to take a `UIButton` (or another view) without a check, and code that
    /// ignores its sender works; in Swift the `as!` that passes it would crash at the tap.
    /// An optional parameter is not a mismatch: `as?` gives it nil.
    static func senderMismatch(_ sender: Argument, parameterType: String, method: String) -> String? {
        guard !sender.passesAsIs, sender.concreteFallback == "UIBarButtonItem" else { return nil }
        let type = parameterType.trimmingCharacters(in: .whitespaces)
        guard !type.hasSuffix("?"), !type.hasSuffix("!") else { return nil }
        let base = SourceIndex.unwrapped(type)
        guard base.hasPrefix("UI"), !typesABarButtonItemIs.contains(base) else { return nil }
        return "\(method) takes a \(base), but a bar button item sends itself (a UIBarButtonItem), which Swift "
            + "cannot pass as a \(base): declare the parameter as UIBarButtonItem (or Any), then port again"
    }

    /// The UIKit classes and protocols a `UIBarButtonItem` is.
    static let typesABarButtonItemIs: Set<String> = [
        "UIBarButtonItem", "UIBarItem", "UIAppearance", "UIAccessibilityIdentification",
        "UIPopoverPresentationControllerSourceItem", "UISpringLoadedInteractionSupporting",
    ]

    /// `value` (of type `from`) converted for a parameter of type `to`.
    static func cast(_ value: String, from source: String, to target: String) -> String {
        let target = target.trimmingCharacters(in: .whitespaces)
        let isOptional = target.hasSuffix("?") || target.hasSuffix("!")
        let base = SourceIndex.unwrapped(target)
        let sourceIsOptional = source.hasSuffix("?")
        if base == SourceIndex.unwrapped(source), isOptional || !sourceIsOptional { return value }
        switch base {
        case "Any":
            return isOptional || !sourceIsOptional ? value : "\(value) as Any"
        case "AnyObject":
            return isOptional ? "\(value) as AnyObject?" : "\(value) as AnyObject"
        case _ where !sourceIsOptional && bridgedClasses[SourceIndex.unwrapped(source)] == base:
            // A Foundation value type bridges to its class always: `as!` would draw Swift's
            // "always succeeds" warning (an optional parameter takes the class as well).
            return "\(value) as \(base)"
        default:
            return isOptional ? "\(value) as? \(base)" : "\(value) as! \(base)"
        }
    }

    /// Foundation value types and the classes they bridge to with `as`, on Linux as on iOS.
    static let bridgedClasses: [String: String] = ["Notification": "NSNotification"]

    /// `self.button` → `button`; `toggle` → `toggle`.
    static func lastName(of expression: ExprSyntax) -> String {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return expression.trimmedDescription
    }
}
