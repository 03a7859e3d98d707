import Foundation

/// The level of a log message, as in Apple's `os` module: what a message is for, and
/// whether it is written (``OSLog/isEnabled(type:)``).
public struct OSLogType: Equatable, Hashable, RawRepresentable, Sendable {
    /// The level's value, as in `os`.
    public let rawValue: UInt8

    /// The level with the value `type`.
    public init(_ type: UInt8) { rawValue = type }

    /// The level with the value `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Messages about what happened (``Logger/notice(_:)``).
    public static let `default` = OSLogType(0x00)
    /// Messages that help with a problem, but are not needed to find it.
    public static let info = OSLogType(0x01)
    /// Messages for developing and debugging; not written unless debug messages are on
    /// (``OSLog/writesDebugMessages``).
    public static let debug = OSLogType(0x02)
    /// Errors the process met.
    public static let error = OSLogType(0x10)
    /// Faults: bugs in the process or another.
    public static let fault = OSLogType(0x11)

    /// The word written before a message of this level.
    var label: String {
        switch self {
        case .info: "info"
        case .debug: "debug"
        case .error: "error"
        case .fault: "fault"
        default: "notice"
        }
    }
}

/// A log: a subsystem and a category that every message written to it carries, as in
/// Apple's `os` module (`OSLog`, and the `os_log` functions that take one).
///
/// On Linux there is no unified logging system: a message goes, as one line, to standard
/// error — `[subsystem:category] level: message` — or to ``OSLog/tabulaWriter`` when a
/// test sets one. Debug messages are written only when ``OSLog/writesDebugMessages`` is
/// on (or the `TABULA_LOG_DEBUG` environment variable is `1`), as a device keeps them out
/// of the log until debug logging is enabled. Values marked `.private` are written as they
/// are, as Xcode's console shows them while a debugger is attached: nothing is kept.
public final class OSLog: Sendable {
    /// The subsystem: the app's identifier, in reverse DNS order.
    public let subsystem: String
    /// The category: the part of the subsystem.
    public let category: String
    private let enabled: Bool

    private init(subsystem: String, category: String, enabled: Bool) {
        self.subsystem = subsystem
        self.category = category
        self.enabled = enabled
    }

    /// A log for `subsystem` and `category`.
    public convenience init(subsystem: String, category: String) {
        self.init(subsystem: subsystem, category: category, enabled: true)
    }

    /// A log for `subsystem` and one of the system's categories.
    public convenience init(subsystem: String, category: OSLog.Category) {
        self.init(subsystem: subsystem, category: category.rawValue, enabled: true)
    }

    /// The shared log, with no subsystem or category.
    public static let `default` = OSLog(subsystem: "", category: "", enabled: true)

    /// A log that writes nothing.
    public static let disabled = OSLog(subsystem: "", category: "", enabled: false)

    /// Whether messages of `type` are written to this log: every level but debug (see
    /// ``writesDebugMessages``), and none for ``disabled``.
    public func isEnabled(type: OSLogType) -> Bool {
        enabled && (type != .debug || Self.writesDebugMessages)
    }

    /// The system's categories (`os`'s `OSLog.Category`).
    public struct Category: RawRepresentable, Hashable, Sendable {
        /// The category's name.
        public let rawValue: String
        /// The category named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Points of interest, for signposts.
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
        /// Signposts that are written only while a tool traces the process.
        public static let dynamicTracing = Category(rawValue: "DynamicTracing")
        /// As ``dynamicTracing``, with the stack of each signpost.
        public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }

    // MARK: Where messages go (Tabula's)

    private static let settings = LogSettings()

    /// Whether debug messages are written (Tabula's; off unless the `TABULA_LOG_DEBUG`
    /// environment variable is `1`). Any thread may set it.
    public static var writesDebugMessages: Bool {
        get { settings.withLock { $0.debug } }
        set { settings.withLock { $0.debug = newValue } }
    }

    /// Where each written message goes, one line at a time, instead of standard error
    /// (Tabula's: tests set it to read what an app logs; nil for standard error). Called
    /// on the thread that logs.
    public static var tabulaWriter: (@Sendable (String) -> Void)? {
        get { settings.withLock { $0.writer } }
        set { settings.withLock { $0.writer = newValue } }
    }

    /// Writes `text` at `type` unless this log leaves that level out.
    func write(_ type: OSLogType, _ text: @autoclosure () -> String) {
        guard isEnabled(type: type) else { return }
        var line = ""
        if !subsystem.isEmpty || !category.isEmpty { line = "[\(subsystem):\(category)] " }
        line += "\(type.label): \(text())"
        if let writer = Self.tabulaWriter {
            writer(line)
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}

/// The process's logging settings, behind a lock (any thread logs).
private final class LogSettings: @unchecked Sendable {
    struct Values {
        var debug = ProcessInfo.processInfo.environment["TABULA_LOG_DEBUG"] == "1"
        var writer: (@Sendable (String) -> Void)?
    }
    private let lock = NSLock()
    private var values = Values()

    func withLock<R>(_ body: (inout Values) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}

/// Writes a message to a log, as Apple's `Logger` does: a subsystem and a category, and
/// one method a level. The message is a string literal whose interpolated values are
/// worked out only when the level is written (``OSLog/isEnabled(type:)``); see ``OSLog``
/// for where the lines go on Linux.
public struct Logger: Sendable {
    /// The log the messages are written to.
    let log: OSLog

    /// A logger with no subsystem or category.
    public init() { log = .default }

    /// A logger for `subsystem` and `category`.
    public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }

    /// A logger that writes to `logObj`.
    public init(_ logObj: OSLog) { log = logObj }

    /// Writes `message` at the default level.
    public func log(_ message: OSLogMessage) { log.write(.default, message.text) }
    /// Writes `message` at `level`.
    public func log(level: OSLogType, _ message: OSLogMessage) { log.write(level, message.text) }
    /// Writes `message` at the debug level.
    public func trace(_ message: OSLogMessage) { log.write(.debug, message.text) }
    /// Writes `message` at the debug level.
    public func debug(_ message: OSLogMessage) { log.write(.debug, message.text) }
    /// Writes `message` at the info level.
    public func info(_ message: OSLogMessage) { log.write(.info, message.text) }
    /// Writes `message` at the default level.
    public func notice(_ message: OSLogMessage) { log.write(.default, message.text) }
    /// Writes `message` at the error level.
    public func warning(_ message: OSLogMessage) { log.write(.error, message.text) }
    /// Writes `message` at the error level.
    public func error(_ message: OSLogMessage) { log.write(.error, message.text) }
    /// Writes `message` at the fault level.
    public func critical(_ message: OSLogMessage) { log.write(.fault, message.text) }
    /// Writes `message` at the fault level.
    public func fault(_ message: OSLogMessage) { log.write(.fault, message.text) }
}

/// Writes `message` to `log` at `type` (the form of `os_log` that takes an interpolated message).
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog, _ message: OSLogMessage) {
    log.write(type, message.text)
}

/// Writes `message` to `log` at `type`, a printf-style format (`%@`, `%d`, `%.2f` and the
/// like; a privacy word in braces, `%{public}@`, is dropped) filled in with `args`.
public func os_log(_ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
                   type: OSLogType = .default, _ args: any CVarArg...) {
    log.write(type, OSLogMessage.formatted(message.description, args))
}

/// Writes `message` to `log` at `type` (the form of `os_log` that names the type first).
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
                   _ message: StaticString, _ args: any CVarArg...) {
    log.write(type, OSLogMessage.formatted(message.description, args))
}
