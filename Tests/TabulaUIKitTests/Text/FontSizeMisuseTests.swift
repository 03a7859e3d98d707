import Foundation
import Synchronization
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Font sizes that cannot be drawn: reported (to the process's handler, since a font
/// belongs to no screen) and clamped, and the label still shows its text.
@MainActor
@Suite("Fonts: sizes that cannot be drawn", .serialized)
struct FontSizeMisuseTests {
    func collectingReports(_ body: () -> Void) -> [String] {
        let lines = Mutex<[String]>([])
        let previous = ProblemReports.unattributedHandler
        ProblemReports.unattributedHandler = { line in lines.withLock { $0.append(line) } }
        defer { ProblemReports.unattributedHandler = previous }
        body()
        return lines.withLock { $0 }
    }

    @Test("a 1e9-point font is reported and drawn at the largest size, and a label with it shows ink")
    func hugeFontSize() throws {
        var font: UIFont!
        let reports = collectingReports {
            font = UIFont.systemFont(ofSize: 1e9)
            _ = UIFont(name: "DejaVu Sans", size: 1e12)
            _ = UIFont.systemFont(ofSize: 17).withSize(.infinity)
        }
        #expect(font.pointSize == Font.maximumSize)
        #expect(reports.count == 3, "\(reports)")
        #expect(reports.first?.contains("UIFont.systemFont(ofSize:)") == true)
        #expect(reports.first?.contains("1000000000") == true)

        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100))
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        label.text = "W"
        label.font = font
        window.addSubview(label)
        screen.show(window)
        _ = try #require(screen.snapshot().cgImage)
        let size = label.intrinsicContentSize
        #expect(size.height.isFinite && size.height > 4000, "the text is measured at 4096 points: \(size)")
    }

    @Test("ordinary sizes, and 0 (the default size), are not reported")
    func ordinarySizes() {
        let reports = collectingReports {
            _ = UIFont.systemFont(ofSize: 17)
            _ = UIFont.systemFont(ofSize: 0)
            _ = UIFont.boldSystemFont(ofSize: 200)
            _ = UIFont.monospacedSystemFont(ofSize: 4000, weight: .regular)
        }
        #expect(reports.isEmpty)
    }
}
