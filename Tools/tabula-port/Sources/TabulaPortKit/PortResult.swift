/// One thing tabula-port did to a file, or one thing it left for you, with where it is.
public struct PortNote: Sendable, Equatable, CustomStringConvertible {
    /// Whether the tool made the change or a person has to.
    public enum Kind: String, Sendable {
        /// The tool rewrote the code.
        case converted
        /// The tool left the code as it was; the message says why and what to do.
        case manual
    }

    /// Whether the change was made.
    public var kind: Kind
    /// The line in the file as it was before the tool ran (1-based).
    public var line: Int
    /// The column in the file as it was before the tool ran (1-based).
    public var column: Int
    /// What was done, or what is left to do and why.
    public var message: String

    /// Creates a note.
    public init(_ kind: Kind, line: Int, column: Int, _ message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`, as compilers print it.
    public var description: String { "\(line):\(column): \(message)" }
}

/// What porting one file gave.
public struct PortResult: Sendable {
    /// The rewritten source (the input unchanged when nothing needed rewriting).
    public var source: String
    /// Whether ``source`` differs from the input.
    public var changed: Bool
    /// Everything done and everything left, in source order.
    public var notes: [PortNote]
    /// Whether the file needs the support file (``SupportFile/contents``) in the same target:
    /// a converted gesture recognizer (for iOS) or notification observer (for both).
    public var needsSupportFile: Bool

    /// The changes the tool made.
    public var conversions: [PortNote] { notes.filter { $0.kind == .converted } }
    /// What the tool left for a person, with the reasons.
    public var manualItems: [PortNote] { notes.filter { $0.kind == .manual } }
}

/// Why a file was left untouched.
public enum PortError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input does not parse as Swift: its first syntax error.
    case syntaxError(line: Int, column: Int, message: String)
    /// The rewritten text did not parse again (a defect of the tool); nothing was written.
    case unparsableOutput(line: Int, column: Int, message: String)

    /// The error as one line, with its position.
    public var description: String {
        switch self {
        case let .syntaxError(line, column, message):
            return "\(line):\(column): error: does not parse, left untouched: \(message)"
        case let .unparsableOutput(line, column, message):
            return "\(line):\(column): error: tabula-port produced code that does not parse (\(message)); "
                + "the file was left untouched. Please report this with the file."
        }
    }
}

/// What the tool knows about the project around a file: which actions and outlets its
/// storyboards and nibs connect (see ``InterfaceBuilderIndex``), which modules its
/// Podfile provides (see ``CocoaPods``), and whether it observes notifications by selector.
public struct ProjectContext: Sendable {
    /// The Interface Builder connections found in the project.
    public var interfaceBuilder: InterfaceBuilderIndex
    /// The modules CocoaPods provides, each with where its pod is declared (`Podfile:3`).
    public var pods: [String: String]
    /// Whether a file of the project registers `self` as a notification observer with a
    /// selector that the tool converts (see ``Porter/registersSelfObserver(source:)``). Then
    /// `removeObserver(self)` and `removeObserver(self, name:object:)` become
    /// `removeObserverAndBlocks` in every file, not only in the one that registers: the
    /// removal may be in another file (an extension, a base class). Without it, only in that
    /// file.
    public var selfObservesBySelector: Bool

    /// A context with the given connections and pods (none by default).
    public init(interfaceBuilder: InterfaceBuilderIndex = InterfaceBuilderIndex(), pods: [String: String] = [:],
                selfObservesBySelector: Bool = false) {
        self.interfaceBuilder = interfaceBuilder
        self.pods = pods
        self.selfObservesBySelector = selfObservesBySelector
    }
}
