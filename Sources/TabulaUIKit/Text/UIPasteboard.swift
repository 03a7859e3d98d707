import Foundation

/// The clipboard that Copy, Cut and Paste use.
///
/// ``general`` keeps text in memory, so that headless tests copy and paste without
/// touching the machine's clipboard; a window host connects it to the system clipboard
/// (``SystemClipboard``), so that text copied in a Tabula window pastes elsewhere and back.
/// What is copied is also kept in memory, and read from there when the system clipboard
/// has no text (a host whose clipboard does not work, such as SDL's offscreen driver).
/// Strings only: images, URLs and items are not kept.
@preconcurrency @MainActor
public final class UIPasteboard {
    /// The clipboard of the whole system (Copy, Cut, Paste in text fields use it).
    public static let general = UIPasteboard()

    /// Where a host keeps the text when it connects a real clipboard.
    @MainActor
    public protocol SystemClipboard: AnyObject {
        /// The clipboard's text, or nil when it holds none.
        var text: String? { get set }
    }

    /// The system clipboard a window host connected, if any.
    public var systemClipboard: (any SystemClipboard)?

    private var stored: [String] = []

    /// Incremented on every change, as UIKit's.
    public private(set) var changeCount = 0

    /// The first string, or nil; setting it replaces the contents.
    public var string: String? {
        get { systemClipboard?.text ?? stored.first }
        set { strings = newValue.map { [$0] } }
    }

    /// Every string on the clipboard, or nil when there is none; setting it replaces the contents.
    public var strings: [String]? {
        get {
            if let text = systemClipboard?.text { return [text] }
            return stored.isEmpty ? nil : stored
        }
        set {
            stored = newValue ?? []
            systemClipboard?.text = newValue?.first
            changeCount += 1
            NotificationCenter.default.post(name: Self.changedNotification, object: self)
        }
    }

    /// Whether there is a string to paste.
    public var hasStrings: Bool { string != nil }

    /// Posted when the contents change.
    public nonisolated static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
}
