import Foundation
import Testing
@testable import TabulaPortKit

/// A controller that observes the keyboard by selector, and removes itself in the ways
/// UIKit code does (port trial: a hidden editor kept reacting to keyboard notifications).
private let keyboardEditor = """
    final class EditorController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
            NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide), name: UIResponder.keyboardWillHideNotification, object: nil)
        }
        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            let center = NotificationCenter.default
            center.removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)
        }
        deinit {
            NotificationCenter.default.removeObserver(self)
        }
        @objc func keyboardWillShow(_ notification: Notification) {}
        @objc func keyboardWillHide() {}
    }
    """

@Suite("Notification observers")
struct NotificationObserverTests {
    @Test("addObserver with a selector becomes the support file's addObserver(_:name:object:) with a block, registered for the observer")
    func add() throws {
        let result = try ported(keyboardEditor)
        #expect(result.source.contains("""
            NotificationCenter.default.addObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil) \
            { [weak self] notification in nonisolated(unsafe) let notification = notification; \
            MainActor.assumeIsolated { self?.keyboardWillShow(notification) } }
            """), "\(result.source)")
        #expect(result.source.contains("""
            NotificationCenter.default.addObserver(self, name: UIResponder.keyboardWillHideNotification, object: nil) \
            { [weak self] _ in MainActor.assumeIsolated { self?.keyboardWillHide() } }
            """), "\(result.source)")
        #expect(!result.source.contains("forName:"))
        #expect(!result.source.contains("_ = NotificationCenter"))
        #expect(result.needsSupportFile)
        #expect(result.manualItems.isEmpty, "\(result.manualItems)")
        let note = try #require(result.conversions.first { $0.line == 4 })
        #expect(note.message.contains("removeObserverAndBlocks"))
        #expect(!note.message.contains("no longer removes"))
    }

    @Test("removeObserver(self) of an observer converted in the file becomes removeObserverAndBlocks(self)")
    func removeAll() throws {
        let result = try ported(keyboardEditor)
        #expect(result.source.contains("        NotificationCenter.default.removeObserverAndBlocks(self)\n"), "\(result.source)")
        let note = try #require(result.conversions.first { $0.line == 13 })
        #expect(note.message.hasPrefix("removeObserver(_:) of self → removeObserverAndBlocks"))
    }

    @Test("removeObserver(self, name:object:) on any center becomes removeObserverAndBlocks with the same arguments")
    func removeByName() throws {
        let result = try ported(keyboardEditor)
        #expect(result.source.contains(
            "center.removeObserverAndBlocks(self, name: UIResponder.keyboardWillShowNotification, object: nil)"),
            "\(result.source)")
        #expect(!result.source.contains(".removeObserver("))
    }

    @Test("A token from the block API, and an observer the file never registered by selector, are removed as before")
    func tokensLeftAlone() throws {
        let result = try ported("""
            final class Monitor: UIViewController {
                private var token: NSObjectProtocol?
                var other: NSObjectProtocol?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    token = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main) { _ in }
                    let local = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: nil) { _ in }
                    NotificationCenter.default.removeObserver(local)
                    NotificationCenter.default.addObserver(self, selector: #selector(changed), name: .NSSystemClockDidChange, object: nil)
                }
                deinit {
                    if let token { NotificationCenter.default.removeObserver(token) }
                    NotificationCenter.default.removeObserver(self.token!)
                    NotificationCenter.default.removeObserver(other as Any)
                    NotificationCenter.default.removeObserver(self)
                }
                @objc func changed() {}
            }
            """)
        #expect(result.source.contains("if let token { NotificationCenter.default.removeObserver(token) }"))
        #expect(result.source.contains("NotificationCenter.default.removeObserver(self.token!)"))
        #expect(result.source.contains("NotificationCenter.default.removeObserver(local)"))
        #expect(result.source.contains("NotificationCenter.default.removeObserver(other as Any)"))
        #expect(result.source.contains("token = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification"))
        #expect(result.source.contains("NotificationCenter.default.removeObserverAndBlocks(self)"))

        let plain = try ported("""
            final class Plain: UIViewController {
                private var token: NSObjectProtocol?
                deinit {
                    NotificationCenter.default.removeObserver(self)
                }
            }
            """)
        #expect(!plain.changed)
        #expect(!plain.needsSupportFile)
    }

    @Test("removeObserver(self) in another file of the project (an extension) is rewritten when a file registers self by selector")
    func otherFile() throws {
        #expect(Porter.registersSelfObserver(source: keyboardEditor))
        #expect(!Porter.registersSelfObserver(source: """
            final class Monitor {
                var token: NSObjectProtocol?
                func start() { token = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: nil) { _ in } }
            }
            """))
        let removing = """
            extension EditorController {
                func stopObserving() {
                    NotificationCenter.default.removeObserver(self)
                    NotificationCenter.default.removeObserver(keyboardToken!)
                }
            }
            """
        let result = try ported(removing, context: ProjectContext(selfObservesBySelector: true))
        #expect(result.source.contains("NotificationCenter.default.removeObserverAndBlocks(self)"))
        #expect(result.source.contains("NotificationCenter.default.removeObserver(keyboardToken!)"))
        #expect(result.needsSupportFile)
        // Ported alone, the file cannot know: it is left as it was.
        #expect(!(try ported(removing)).changed)
    }

    @Test("The support file's Foundation half compiles in Swift 6 and Swift 5 mode, and ported observers are added, removed (all, by name, by object) and stop with their observer")
    func supportFileBehaviour() throws {
        guard let swiftc = Self.swiftc() else {
            Issue.record("swiftc not found on PATH")
            return
        }
        // The port of a plain Foundation class (no UIKit needed, so it runs here).
        let port = try ported("""
            import Foundation

            let keyboard = Notification.Name("keyboard")
            let other = Notification.Name("other")

            @MainActor final class Editor {
                var shown = 0, others = 0
                func attach() {
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: keyboard, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(otherArrived), name: other, object: nil)
                }
                func detachKeyboard() { NotificationCenter.default.removeObserver(self, name: keyboard, object: nil) }
                func detach() { NotificationCenter.default.removeObserver(self) }
                @objc func keyboardWillShow(_ notification: Notification) { shown += 1 }
                @objc func otherArrived() { others += 1 }
            }

            @MainActor final class Watcher {
                nonisolated(unsafe) static var calls = 0
                let sender: NSObject
                init(sender: NSObject) {
                    self.sender = sender
                    NotificationCenter.default.addObserver(self, selector: #selector(fired), name: keyboard, object: sender)
                }
                func forget(_ object: NSObject) { NotificationCenter.default.removeObserver(self, name: nil, object: object) }
                @objc func fired() { Watcher.calls += 1 }
            }
            """)
        #expect(port.manualItems.isEmpty, "\(port.manualItems)")
        let main = """
            import Foundation
            MainActor.assumeIsolated {
                let center = NotificationCenter.default
                let editor = Editor()
                editor.attach(); editor.attach()
                center.post(name: keyboard, object: nil)
                print("added", editor.shown)
                editor.detachKeyboard()
                center.post(name: keyboard, object: nil); center.post(name: other, object: nil)
                print("removedByName", editor.shown, editor.others)
                editor.detach()
                center.post(name: other, object: nil)
                print("removedAll", editor.others)

                let sender = NSObject()
                var watcher: Watcher? = Watcher(sender: sender)
                watcher?.forget(NSObject())
                center.post(name: keyboard, object: sender)
                print("otherObjectKept", Watcher.calls)
                watcher?.forget(sender)
                center.post(name: keyboard, object: sender)
                print("objectRemoved", Watcher.calls)
                watcher = Watcher(sender: sender)
                center.post(name: keyboard, object: sender)
                watcher = nil
                center.post(name: keyboard, object: sender)
                print("deallocated", Watcher.calls)
            }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-port-observers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [(SupportFile.name, SupportFile.contents), ("Editor.swift", port.source), ("main.swift", main)]
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let paths = files.map { folder.appendingPathComponent($0.0).path }
        let executable = folder.appendingPathComponent("observers").path
        let swift5 = try Self.run(swiftc, ["-typecheck", "-swift-version", "5"] + paths)
        #expect(swift5.status == 0, "\(swift5.output)")
        let build = try Self.run(swiftc, ["-swift-version", "6", "-o", executable] + paths)
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("warning:"), "\(build.output)")
        guard build.status == 0 else { return }
        let run = try Self.run(executable, [])
        #expect(lines(run.output) == [
            "added 2", "removedByName 2 2", "removedAll 2", "otherObjectKept 1", "objectRemoved 1", "deallocated 2",
        ])
    }

    static func swiftc() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
