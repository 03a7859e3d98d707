import Foundation
import Tabula
import TabulaSDL

/// What the window showed when it closed: the check that a person's clicks and drags
/// (xdotool, in `scripts/window-test.sh`) reached the app.
@MainActor
struct WindowReport: Encodable {
    struct Row: Encodable {
        var section: Int, row: Int
        /// The row's rectangle in window pixels, for reading the screenshot.
        var x: Double, y: Double, width: Double, height: Double
    }
    var scene: String
    var framesPresented: Int
    var contentOffsetY: Double?
    /// How far the content is scrolled from its resting top: the offset plus the
    /// adjusted top inset (bars, a large title), which the raw offset does not count.
    var scrolledDistance: Double?
    var selectedRows: [Row] = []
    var windowWidth: Double, windowHeight: Double

    init(host: SDLWindowHost, scene: String) {
        self.scene = scene
        framesPresented = host.framesPresented
        let scale = Double(host.screen.scale)
        windowWidth = Double(host.screen.size.width) * scale
        windowHeight = Double(host.screen.size.height) * scale
        let table = firstView(of: UITableView.self, in: host.screen.window)
        contentOffsetY = table.map { Double($0.contentOffset.y) }
        scrolledDistance = table.map { Double($0.contentOffset.y + $0.adjustedContentInset.top) }
        if let table {
            for path in table.indexPathsForSelectedRows ?? [] {
                let r = table.convert(table.rectForRow(at: path), to: nil)
                selectedRows.append(Row(section: path.section, row: path.row, x: Double(r.minX) * scale,
                                        y: Double(r.minY) * scale, width: Double(r.width) * scale,
                                        height: Double(r.height) * scale))
            }
        }
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
