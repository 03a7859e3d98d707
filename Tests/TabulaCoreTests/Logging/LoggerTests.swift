import Foundation
import Testing
import TabulaCore

/// Collects the lines the logs write while a test runs (``OSLog/tabulaWriter``).
private final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    var lines: [String] { lock.withLock { collected } }
    func add(_ line: String) { lock.withLock { collected.append(line) } }
}

/// A model object as an app's would log it.
private struct Reading: CustomStringConvertible {
    var value: Int
    var description: String { "Reading(\(value))" }
}

/// `Logger`, `OSLog` and `os_log` as app code calls them: which levels are written,
/// what the line says, and that a message's values are worked out only when written.
/// Serialized: the writer is the process's.
@Suite("Logging (os)", .serialized)
struct LoggerTests {
    /// Runs `body` with the writer collecting lines and debug messages as `debug` says.
    private func capture(debug: Bool = false, _ body: () -> Void) -> [String] {
        let collector = LineCollector()
        let (writer, wasDebug) = (OSLog.tabulaWriter, OSLog.writesDebugMessages)
        OSLog.tabulaWriter = { collector.add($0) }
        OSLog.writesDebugMessages = debug
        body()
        OSLog.tabulaWriter = writer
        OSLog.writesDebugMessages = wasDebug
        return collector.lines
    }

    @Test("each level writes one line with the subsystem, the category and the level; debug only when asked")
    func levels() {
        let logger = Logger(subsystem: "com.example.notes", category: "sync")
        let lines = capture {
            logger.trace("trace")
            logger.debug("debug")
            logger.info("info")
            logger.notice("notice")
            logger.log("log")
            logger.warning("warning")
            logger.error("error")
            logger.critical("critical")
            logger.fault("fault")
            logger.log(level: .info, "at a level")
        }
        #expect(lines == [
            "[com.example.notes:sync] info: info", "[com.example.notes:sync] notice: notice",
            "[com.example.notes:sync] notice: log", "[com.example.notes:sync] error: warning",
            "[com.example.notes:sync] error: error", "[com.example.notes:sync] fault: critical",
            "[com.example.notes:sync] fault: fault", "[com.example.notes:sync] info: at a level",
        ])
        let debugLines = capture(debug: true) {
            logger.trace("trace")
            logger.debug("debug")
        }
        #expect(debugLines == ["[com.example.notes:sync] debug: trace", "[com.example.notes:sync] debug: debug"])
        #expect(capture { Logger().notice("no subsystem") } == ["notice: no subsystem"])
    }

    @Test("interpolated values are written with their format, alignment and privacy as iOS builds them")
    func interpolation() {
        let logger = Logger(subsystem: "s", category: "c")
        let name = "Ada", count = 42, ratio = 0.123456, flag = true
        let reading = Reading(value: 7)
        let small: UInt8 = 255
        let lines = capture {
            logger.notice("user \(name, privacy: .public) has \(count) notes")
            logger.notice("hex \(count, format: .hex) \(count, format: .hex(includePrefix: true, uppercase: true))")
            logger.notice("octal \(8, format: .octal) digits \(count, format: .decimal(minDigits: 5)) sign \(count, format: .decimal(explicitPositiveSign: true))")
            logger.notice("ratio \(ratio, format: .fixed(precision: 2)) \(ratio) \(Float(1.5), format: .fixed(precision: 1))")
            logger.notice("[\(name, align: .right(columns: 6))] [\(name, align: .left(columns: 5))]")
            logger.notice("\(flag) \(flag, format: .answer) \(reading) \(reading, privacy: .private(mask: .hash))")
            logger.notice("\(small, format: .hex) \(Int64(-3)) type \(Reading.self) \(NSNumber(value: 3))")
        }
        #expect(lines == [
            "[s:c] notice: user Ada has 42 notes",
            "[s:c] notice: hex 2a 0x2A",
            "[s:c] notice: octal 10 digits 00042 sign +42",
            "[s:c] notice: ratio 0.12 0.123456 1.5",
            "[s:c] notice: [   Ada] [Ada  ]",
            "[s:c] notice: true YES Reading(7) Reading(7)",
            "[s:c] notice: ff -3 type Reading 3",
        ])
    }

    @Test("careless widths, digits and values: Int.max columns and digits are capped, NaN and infinity are written")
    func carelessValues() {
        let lines = capture {
            Logger().notice("[\(7, format: .decimal(minDigits: Int.max))]")
            Logger().notice("[\("x", align: .left(columns: Int.max))]")
            Logger().notice("\(Double.nan) \(Double.infinity, format: .hex) \(-Double.infinity, format: .fixed(precision: Int.min))")
            Logger().notice("\(Int.min, format: .hex(includePrefix: true)) \(UInt64.max, format: .octal)")
        }
        #expect(lines.count == 4)
        #expect(lines[0].count == "notice: [".count + 1_000 + 1 && lines[0].hasSuffix("007]"))
        #expect(lines[1].count == "notice: [".count + 1_000 + 1)
        #expect(lines[2] == "notice: nan inf -inf")
        #expect(lines[3] == "notice: -0x8000000000000000 1777777777777777777777")
    }

    @Test("a message's values are not worked out at a level that is not written, nor on a disabled log")
    func lazyValues() {
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        func expensive() -> String {
            counter.calls += 1
            return "computed"
        }
        let lines = capture {
            Logger().debug("value \(expensive())")
            Logger(OSLog.disabled).fault("value \(expensive())")
        }
        #expect(lines.isEmpty)
        #expect(counter.calls == 0)
        #expect(capture { Logger().error("value \(expensive())") } == ["error: value computed"])
        #expect(counter.calls == 1)
        #expect(!OSLog.disabled.isEnabled(type: .fault) && OSLog.default.isEnabled(type: .error))
        #expect(!OSLog.default.isEnabled(type: .debug), "debug messages are off unless asked for")
    }

    @Test("os_log with a printf-style format and arguments, a privacy word in braces, and the interpolated form")
    func osLogFunctions() {
        let log = OSLog(subsystem: "com.example", category: "net")
        let lines = capture {
            os_log("started")
            os_log("loaded %{public}@ in %d ms (%.1f%%)", log: log, type: .info, "feed", 120, 99.5)
            os_log(.error, log: log, "failed with %{private}d", 404)
            os_log(.fault, log: log, "interpolated \(3 + 4)")
            os_log("100%% done", log: .disabled)
        }
        #expect(lines == [
            "notice: started",
            "[com.example:net] info: loaded feed in 120 ms (99.5%)",
            "[com.example:net] error: failed with 404",
            "[com.example:net] fault: interpolated 7",
        ])
        let categorized = OSLog(subsystem: "com.example", category: .pointsOfInterest)
        // Careless formats: a missing or an extra argument is not read past, and says so.
        let careless = capture {
            os_log("loaded %@ in %d ms", log: log, type: .error, "feed")
            os_log("done", log: log, type: .error, 3)
        }
        #expect(careless == ["[com.example:net] error: loaded %@ in %d ms [2 conversions for 1 arguments: feed]",
                             "[com.example:net] error: done [0 conversions for 1 arguments: 3]"])
        #expect(categorized.category == "PointsOfInterest")
        #expect(OSLogType.error.rawValue == 0x10 && OSLogType(0x11) == .fault)
    }
}
