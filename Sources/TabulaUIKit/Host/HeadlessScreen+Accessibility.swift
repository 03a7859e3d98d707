import Foundation

/// Finding what is on screen the way VoiceOver does, and touching it.
///
/// The accessibility tree of the shown window is walked as VoiceOver walks it: views that
/// are hidden, fully transparent, outside the screen or clipped away by a scroll view are
/// left out, as are views under ``UIView/accessibilityElementsHidden``; a view with
/// ``UIView/accessibilityViewIsModal`` hides its siblings (an alert hides the screen under
/// it); an element's subviews are not visited. Elements come in reading order: top to
/// bottom, and along each line leading to trailing; a container's explicit
/// ``UIView/accessibilityElements`` and a group (``UIView/shouldGroupAccessibilityChildren``)
/// are read together, in their own order.
///
/// ```swift
/// try screen.element(labelled: "Hamlet").tap()     // a real touch, as a finger would
/// try screen.buttons["Edit"].tap()
/// #expect(screen.elements(withTraits: .header).map(\.label) == ["Plays"])
/// ```
extension HeadlessScreen {
    /// Every accessibility element on screen, in reading order.
    public var accessibilityElements: [AccessibilityElement] {
        guard let window else { return [] }
        window.layoutIfNeeded()
        let walker = AccessibilityWalker(screen: self, direction: window.effectiveUserInterfaceLayoutDirection)
        return walker.flatten(walker.sortedInReadingOrder(walker.collect(window, visible: window.bounds)))
    }

    /// The elements whose label is exactly `label`, in reading order.
    public func elements(labelled label: String) -> [AccessibilityElement] {
        accessibilityElements.filter { $0.label == label }
    }

    /// The elements that have every trait in `traits`, in reading order.
    public func elements(withTraits traits: UIAccessibilityTraits) -> [AccessibilityElement] {
        accessibilityElements.filter { $0.traits.isSuperset(of: traits) }
    }

    /// The first element, in reading order, whose label is exactly `label`.
    /// - Throws: ``AccessibilityQueryError`` listing the elements on screen when none matches.
    public func element(labelled label: String) throws -> AccessibilityElement {
        try first(where: { $0.label == label }, "accessibility element labelled \"\(label)\"")
    }

    /// The first element, in reading order, whose label contains `text` (ignoring case).
    /// - Throws: ``AccessibilityQueryError`` listing the elements on screen when none matches.
    public func element(labelContaining text: String) throws -> AccessibilityElement {
        try first(where: { $0.label?.localizedCaseInsensitiveContains(text) == true }, "accessibility element with a label containing \"\(text)\"")
    }

    /// The first element, in reading order, with the accessibility identifier `identifier`.
    /// - Throws: ``AccessibilityQueryError`` listing the elements on screen when none matches.
    public func element(identifier: String) throws -> AccessibilityElement {
        try first(where: { $0.identifier == identifier }, "accessibility element with identifier \"\(identifier)\"")
    }

    /// The elements with the button trait: `try screen.buttons["Edit"].tap()`.
    public var buttons: AccessibilityQuery { AccessibilityQuery(screen: self, kind: "button") { $0.traits.contains(.button) } }
    /// The elements with the static-text trait (labels).
    public var staticTexts: AccessibilityQuery { AccessibilityQuery(screen: self, kind: "static text") { $0.traits.contains(.staticText) } }
    /// The elements with the header trait (navigation titles, section headers).
    public var headers: AccessibilityQuery { AccessibilityQuery(screen: self, kind: "header") { $0.traits.contains(.header) } }
    /// The adjustable elements (sliders, page controls).
    public var adjustables: AccessibilityQuery { AccessibilityQuery(screen: self, kind: "adjustable") { $0.traits.contains(.adjustable) } }
    /// The switches.
    public var switches: AccessibilityQuery {
        AccessibilityQuery(screen: self, kind: "switch") { $0.view?.builtInAccessibility.isSwitch == true }
    }
    /// The text fields, search fields included.
    public var textFields: AccessibilityQuery { AccessibilityQuery(screen: self, kind: "text field") { $0.view is UITextField } }
    /// The text views, as XCUITest's `app.textViews`: found by their accessibility label,
    /// read by their value (their text).
    public var textViews: AccessibilityQuery { AccessibilityQuery(screen: self, kind: "text view") { $0.view is UITextView } }

    /// A description of every element on screen, one a line, for failure messages and logs.
    public var accessibilityDescription: String {
        let elements = accessibilityElements
        return elements.isEmpty ? "  (no accessibility elements)" : elements.map { "  " + $0.description }.joined(separator: "\n")
    }

    func first(where match: (AccessibilityElement) -> Bool, _ wanted: String) throws -> AccessibilityElement {
        let elements = accessibilityElements
        if let found = elements.first(where: match) { return found }
        throw AccessibilityQueryError(wanted: wanted, onScreen: elements)
    }
}

/// The elements on screen that pass a filter (buttons, cells…), found by label.
@preconcurrency @MainActor
public struct AccessibilityQuery {
    let screen: HeadlessScreen
    let kind: String
    let filter: (AccessibilityElement) -> Bool

    /// The elements of `screen` that pass `filter`, called `kind` in errors (the queries of
    /// other modules, such as the table's cells, are made with it).
    package init(screen: HeadlessScreen, kind: String, filter: @escaping (AccessibilityElement) -> Bool) {
        self.screen = screen
        self.kind = kind
        self.filter = filter
    }

    /// The matching elements, in reading order.
    public var allElements: [AccessibilityElement] { screen.accessibilityElements.filter(filter) }
    /// How many match.
    public var count: Int { allElements.count }
    /// Their labels, in reading order.
    public var labels: [String?] { allElements.map(\.label) }

    /// The first matching element whose label is exactly `label`.
    /// - Throws: ``AccessibilityQueryError`` listing the elements on screen when none matches.
    public subscript(label: String) -> AccessibilityElement {
        get throws { try screen.first(where: { filter($0) && $0.label == label }, "\(kind) labelled \"\(label)\"") }
    }

    /// The first matching element in reading order, as XCUITest's `firstMatch`.
    /// - Throws: ``AccessibilityQueryError`` listing the elements on screen when none matches.
    public var firstMatch: AccessibilityElement {
        get throws { try screen.first(where: filter, "a \(kind)") }
    }

    /// The matching element at `index` in reading order, as XCUITest's `element(boundBy:)`.
    /// - Throws: ``AccessibilityQueryError`` listing the elements on screen when there is
    ///   no such element (a negative index, or one past the last).
    public func element(boundBy index: Int) throws -> AccessibilityElement {
        let matching = allElements
        guard matching.indices.contains(index) else {
            throw AccessibilityQueryError(wanted: "\(kind) number \(index) (of \(matching.count))", onScreen: screen.accessibilityElements)
        }
        return matching[index]
    }
}

/// No element on screen matched a query; the message lists what is there.
public struct AccessibilityQueryError: Error, CustomStringConvertible {
    /// What was looked for.
    public let wanted: String
    /// The elements that were on screen, in reading order, one a line.
    public let onScreen: [String]

    let heading: String

    @MainActor
    init(wanted: String, onScreen: [AccessibilityElement], heading: String = "On screen, in reading order") {
        self.wanted = wanted
        self.onScreen = onScreen.map(\.description)
        self.heading = heading
    }

    /// "No button labelled "Edit" on screen. On screen, in reading order: …"
    public var description: String {
        let list = onScreen.isEmpty ? "  (no accessibility elements)" : onScreen.map { "  " + $0 }.joined(separator: "\n")
        return "No \(wanted) on screen. \(heading):\n" + list
    }
}

/// One accessibility element on a ``HeadlessScreen``: a view, or a
/// ``UIAccessibilityElement`` inside one. Its properties are read when asked, so they
/// follow the app's changes.
@preconcurrency @MainActor
public final class AccessibilityElement {
    enum Source {
        case view(UIView)
        case element(UIAccessibilityElement)
    }

    let source: Source
    private unowned let screen: HeadlessScreen
    /// The part of the frame that is on screen, when the element was found.
    let visibleFrame: CGRect

    init(source: Source, screen: HeadlessScreen, visibleFrame: CGRect) {
        self.source = source
        self.screen = screen
        self.visibleFrame = visibleFrame
    }

    /// The view, when the element is a view.
    public var view: UIView? {
        if case .view(let view) = source { return view }
        return nil
    }

    /// The element object, when it is a ``UIAccessibilityElement`` rather than a view.
    public var accessibilityElement: UIAccessibilityElement? {
        if case .element(let element) = source { return element }
        return nil
    }

    /// The accessibility label.
    public var label: String? {
        switch source { case .view(let v): v.accessibilityLabel; case .element(let e): e.accessibilityLabel }
    }
    /// The accessibility value.
    public var value: String? {
        switch source { case .view(let v): v.accessibilityValue; case .element(let e): e.accessibilityValue }
    }
    /// The accessibility hint.
    public var hint: String? {
        switch source { case .view(let v): v.accessibilityHint; case .element(let e): e.accessibilityHint }
    }
    /// The accessibility identifier.
    public var identifier: String? {
        switch source { case .view(let v): v.accessibilityIdentifier; case .element(let e): e.accessibilityIdentifier }
    }
    /// The accessibility traits.
    public var traits: UIAccessibilityTraits {
        switch source { case .view(let v): v.accessibilityTraits; case .element(let e): e.accessibilityTraits }
    }
    /// The frame, in screen (window) coordinates.
    public var frame: CGRect {
        switch source { case .view(let v): v.accessibilityFrame; case .element(let e): e.accessibilityFrame }
    }
    /// The custom actions offered.
    public var customActions: [UIAccessibilityCustomAction] {
        switch source {
        case .view(let v): v.accessibilityCustomActions ?? []
        case .element(let e): e.accessibilityCustomActions ?? []
        }
    }

    /// Where ``tap()`` touches: the activation point, or the middle of the visible part of
    /// the element when the activation point is scrolled or clipped away.
    public var activationPoint: CGPoint {
        let point: CGPoint
        switch source {
        case .view(let v): point = v.accessibilityActivationPoint
        case .element(let e): point = e.accessibilityActivationPoint
        }
        return visibleFrame.contains(point) ? point : CGPoint(x: visibleFrame.midX, y: visibleFrame.midY)
    }

    /// Whether the element is still on the screen: its view (or the view that holds it) is
    /// in a window and shown. An element found before the app replaced its views (a bar
    /// makes new buttons when its screen comes back after a pop; a reload makes new
    /// cells) no longer exists: query the screen again, as XCUITest resolves an element
    /// anew each time it is used.
    public var exists: Bool {
        let holder: UIView?
        switch source {
        case .view(let v): holder = v
        case .element(let e): holder = e.containerView
        }
        guard let holder, holder.window != nil else { return false }
        var view: UIView? = holder
        while let current = view {
            if current.isHidden || current.alpha <= 0.01 { return false }
            view = current.superview
        }
        return true
    }

    /// Touches the element with a finger at its ``activationPoint`` (down and up through
    /// the screen's input path, so recognizers and controls respond as to a person).
    ///
    /// An element that no longer ``exists`` is not touched (where it was may now hold
    /// another control): the screen's ``HeadlessScreen/onReport`` hears which element and
    /// why, and nothing happens.
    public func tap() {
        guard exists else {
            ProblemReports.report("tap(): \(description) is no longer on screen (its view left the window or was "
                                  + "hidden, as when a bar makes new buttons after a pop); nothing was touched. Query "
                                  + "the screen again (screen.buttons[\"…\"]) for the element shown now.",
                                  on: screen, otherwise: { ProblemReports.reportUnattributed($0) })
            return
        }
        screen.tap(at: activationPoint)
    }

    /// Activates the element as VoiceOver's double-tap does: ``UIView/accessibilityActivate()``,
    /// and a tap at the activation point when that returns false.
    public func activate() {
        let handled: Bool
        switch source {
        case .view(let v): handled = v.accessibilityActivate()
        case .element(let e): handled = e.accessibilityActivate()
        }
        if !handled { tap() }
    }

    /// Raises an adjustable element's value (VoiceOver's swipe up).
    public func increment() {
        switch source { case .view(let v): v.accessibilityIncrement(); case .element(let e): e.accessibilityIncrement() }
        CATransaction.endImplicitTransaction()
    }

    /// Lowers an adjustable element's value (VoiceOver's swipe down).
    public func decrement() {
        switch source { case .view(let v): v.accessibilityDecrement(); case .element(let e): e.accessibilityDecrement() }
        CATransaction.endImplicitTransaction()
    }

    /// Performs the custom action called `name`; returns its handler's answer.
    /// - Throws: ``AccessibilityQueryError`` naming the actions offered when none is called `name`.
    @discardableResult
    public func performCustomAction(named name: String) throws -> Bool {
        guard let action = customActions.first(where: { $0.name == name }) else {
            throw AccessibilityQueryError(wanted: "custom action \"\(name)\"", onScreen: [self],
                                          heading: "\(customActions.isEmpty ? "It offers none" : "It offers \(customActions.map(\.name))"), on")
        }
        return action.perform()
    }

    /// `"Hamlet" value "1" [button, selected] id "row" at (0, 100, 390, 44)`.
    public var description: String {
        var parts = [label.map { "\"\($0)\"" } ?? "(no label)"]
        if let value { parts.append("value \"\(value)\"") }
        parts.append(traits.description)
        if let identifier { parts.append("id \"\(identifier)\"") }
        let f = frame
        parts.append("at (\(Self.format(f.minX)), \(Self.format(f.minY)), \(Self.format(f.width)), \(Self.format(f.height)))")
        if let view { parts.append(String(describing: type(of: view))) }
        return parts.joined(separator: " ")
    }

    static func format(_ value: CGFloat) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", Double(value))
    }
}
