import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

@Suite("Rotation, wheel and overlays")
@MainActor
struct RotationAndOverlayTests {
    final class Transitions: UIViewController {
        var sizes: [CGSize] = []
        var completed = 0
        var sawDuration: TimeInterval = -1
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            sizes.append(size)
            coordinator.animate(alongsideTransition: nil) { context in
                self.completed += 1
                self.sawDuration = context.transitionDuration
            }
        }
    }

    private func screenWithTable(rows: Int = 40) -> (HeadlessScreen, UITableViewController) {
        final class Rows: UITableViewController {
            var count = 40
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        let controller = Rows(style: .plain)
        controller.count = rows
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 200, height: 400))
        screen.show(window)
        return (screen, controller)
    }

    @Test("rotating swaps the screen's size, tells the controller, and turns the window with the root view upright over the duration")
    func rotationAnimates() throws {
        let controller = Transitions()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 200, height: 400))
        screen.show(window)
        screen.rotate(to: .landscapeLeft, duration: 0.4)
        #expect(screen.size == CGSize(width: 400, height: 200))
        #expect(screen.interfaceOrientation == .landscapeLeft)
        #expect(controller.sizes == [CGSize(width: 400, height: 200)])
        #expect(controller.view.bounds.size == CGSize(width: 400, height: 200), "the model is the new size at once")
        screen.advance(by: 0.2)
        let midway = try #require(window.layer.presentation())
        let angle = atan2(midway.transform.m12, midway.transform.m11)
        #expect(abs(angle) > 0.2 && abs(angle) < 1.4, "halfway through the turn, got \(angle) rad")
        #expect(controller.completed == 0)
        screen.advance(by: 0.3)
        #expect(controller.completed == 1)
        #expect(controller.sawDuration > 0, "the completion is given the transition's context")
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 400, height: 200))
        #expect(screen.snapshot().cgImage!.width == 400)

        screen.rotate(to: .portrait, duration: 0.4)
        screen.advance(by: 0.5)
        #expect(screen.size == CGSize(width: 200, height: 400))
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 200, height: 400))
        #expect(controller.view.transform == .identity && window.transform == .identity)
        #expect(window.frame == CGRect(x: 0, y: 0, width: 200, height: 400))
        // Rotating to the orientation it has already does nothing.
        screen.rotate(to: .portrait)
        #expect(controller.sizes.count == 2)
    }

    @Test("a table lays its rows out at the new width after a rotation, and shows them there")
    func tableFollowsRotation() throws {
        let (screen, controller) = screenWithTable()
        screen.drag(from: CGPoint(x: 100, y: 350), to: CGPoint(x: 100, y: 250), duration: 0.3)
        screen.advance(by: 0.1)
        screen.rotate(to: .landscapeRight, duration: 0.3)
        screen.advance(by: 0.4)
        #expect(!controller.tableView.visibleCells.isEmpty)
        #expect(controller.tableView.visibleCells.allSatisfy { $0.frame.width == 400 })
        screen.rotate(to: .portrait, duration: 0.3)
        screen.advance(by: 0.4)
        #expect(controller.tableView.visibleCells.allSatisfy { $0.frame.width == 200 })
        // Something is drawn: the rows' white, not the screen's black background.
        let pixel = screen.snapshot().cgImage!.color(x: 100, y: 300)
        #expect(pixel.red > 0.9 && pixel.green > 0.9)
        withExtendedLifetime(controller) {}
    }

    @Test("rows that come on screen during a rotation appear in place, not flying in from a reused cell's old row")
    func rowsAppearInPlaceDuringRotation() throws {
        final class Rows: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row")
                    ?? UITableViewCell(style: .default, reuseIdentifier: "row")
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        let controller = Rows(style: .plain)
        let table = try #require(controller.tableView)
        table.rowHeight = 76
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844))
        screen.show(window)
        screen.advance(by: 0.1)
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 0.7)
        #expect(table.visibleCells.count == 6)
        // Back to portrait: six more rows come on screen, in reused cells that last
        // showed other rows at the landscape width.
        screen.rotate(to: .portrait)
        screen.advance(by: 0.1)
        #expect(table.visibleCells.count == 12)
        for cell in table.visibleCells {
            let shown = try #require(cell.layer.presentation())
            #expect(abs(shown.position.y - cell.layer.position.y) < 0.001,
                    "\(cell.textLabel?.text ?? "") is at y \(shown.position.y) on screen, \(cell.layer.position.y) in the model")
        }
    }

    @Test("a view with contentStretch keeps drawing through rotations both ways (App Store composite cells)")
    func contentStretchThroughRotation() throws {
        // The composite cell of WWDC 2009, Perfecting Your iPhone Table Views: one view draws everything, and its contentStretch,
        // recomputed for each frame, names the empty gap. While the frame animates, the old
        // drawing's caps can fill the frame exactly, leaving a middle a rounding error
        // below zero wide; that once made Cairo fail and the screen stay black.
        final class StretchView: UIView {
            override var frame: CGRect {
                didSet {
                    guard frame.width > 0 else { return }
                    UIView.performWithoutAnimation {
                        contentStretch = CGRect(x: 200 / frame.width, y: 0,
                                                width: max(0, frame.width - 296) / frame.width, height: 1)
                    }
                }
            }
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setFillColor(Color(red: 1, green: 0, blue: 0))
                ctx.fill(bounds)
            }
        }
        let controller = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844))
        screen.show(window)
        let stretch = StretchView(frame: CGRect(x: 0, y: 100, width: 390, height: 76))
        stretch.autoresizingMask = [.flexibleWidth]
        controller.view.addSubview(stretch)
        var failures: [String] = []
        func play(for duration: TimeInterval) {
            for _ in 0 ..< Int(duration * 60) {
                screen.advance(by: 1 / 60)
                _ = screen.snapshot()
                if let failure = screen.lastFrameStatistics.drawingFailure { failures.append(failure) }
            }
        }
        play(for: 0.1)
        screen.rotate(to: .landscapeLeft, duration: 0.4)
        play(for: 0.5)
        stretch.setNeedsDisplay() // as a cell shown anew draws at the landscape width
        play(for: 0.1)
        screen.rotate(to: .portrait, duration: 0.4)
        play(for: 0.5)
        #expect(failures.isEmpty, "Cairo failed in \(failures.count) frames: \(failures.first ?? "")")
        let image = try #require(screen.snapshot().cgImage)
        #expect(image.color(x: 200, y: 130).red > 0.9, "the view is drawn, not black")
    }

    @Test("contentStretch cells of a turning table stay inside the table (Cairo's unantialiased clips under rotation)")
    func stretchedCellsStayInsideTurningTable() throws {
        final class Drawing: UIView {
            override init(frame: CGRect) { super.init(frame: frame); isOpaque = true; contentMode = .redraw }

            required init?(coder: NSCoder) { return nil }
            override var frame: CGRect {
                didSet {
                    guard frame.width > 0 else { return }
                    UIView.performWithoutAnimation {
                        contentStretch = CGRect(x: 200 / frame.width, y: 0, width: max(0, frame.width - 296) / frame.width, height: 1)
                    }
                }
            }
            override func draw(_ rect: CGRect) {
                UIGraphicsGetCurrentContext()!.setFillColor(Color(white: 0.8))
                UIGraphicsGetCurrentContext()!.fill(bounds)
            }
        }
        final class Cell: UITableViewCell {
            override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: .default, reuseIdentifier: reuseIdentifier)
                let drawing = Drawing(frame: contentView.bounds)
                drawing.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                contentView.addSubview(drawing)
            }

            required init?(coder: NSCoder) { return nil }
        }
        final class Rows: UITableViewController {
            override func viewDidLoad() {
                tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                tableView.rowHeight = 76
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            }
        }
        let controller = Rows(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844))
        screen.show(window)
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 0.7)
        screen.rotate(to: .portrait)
        screen.advance(by: 0.2)
        // Halfway through the turn the table is a diamond; the screen's corners show
        // the black screen background, not cells painted past the table's edges.
        let image = try #require(screen.snapshot().cgImage)
        for (x, y) in [(385, 839), (5, 839), (385, 5)] {
            let c = image.color(x: x, y: y)
            #expect(c.red < 0.05 && c.green < 0.05 && c.blue < 0.05, "(\(x), \(y)) is \(c)")
        }
    }

    @Test("the wheel scrolls the scroll view under the pointer and stops at its edges")
    func wheelScrolls() {
        let (screen, controller) = screenWithTable()
        let table = controller.tableView!
        #expect(screen.scrollWheel(at: CGPoint(x: 100, y: 200), by: CGVector(dx: 0, dy: 120)) === table)
        #expect(table.contentOffset.y == 120)
        screen.scrollWheel(at: CGPoint(x: 100, y: 200), by: CGVector(dx: 0, dy: -500))
        #expect(table.contentOffset.y == 0, "clamped at the top, no bounce")
        #expect(screen.scrollWheel(at: CGPoint(x: 100, y: 200), by: CGVector(dx: 0, dy: -10)) == nil,
                "nothing can move further up")
        screen.scrollWheel(at: CGPoint(x: 100, y: 200), by: CGVector(dx: 0, dy: 1e6))
        #expect(table.contentOffset.y == table.maximumContentOffset.y)
        withExtendedLifetime(controller) {}
    }

    @Test("blended layers are tinted red and opaque ones green; the statistics readout draws over the frame")
    func overlays() {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        let translucent = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        translucent.backgroundColor = UIColor(white: 0, alpha: 0.2)
        controller.view.addSubview(translucent)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 200, height: 200))
        screen.show(window)
        let plain = screen.snapshot().cgImage!
        screen.colorsBlendedLayers = true
        let tinted = screen.snapshot().cgImage!
        let blended = tinted.color(x: 30, y: 30), opaque = tinted.color(x: 150, y: 150)
        #expect(blended.red > blended.green + 0.3, "the translucent view is red: \(blended)")
        #expect(opaque.green > opaque.red + 0.2, "the opaque background is green: \(opaque)")
        screen.colorsBlendedLayers = false
        screen.showsFrameStatistics = true
        let withReadout = screen.snapshot().cgImage!
        #expect(withReadout.difference(from: plain).differingPixels > 500, "the readout is drawn")
        #expect(withReadout.color(x: 10, y: 190) == plain.color(x: 10, y: 190), "only in its corner")
        #expect(screen.statisticsReadout(screen.lastFrameStatistics).count == 3)
    }

    @Test("record(fps:during:) films a gesture and what follows it")
    func recordDuringGesture() {
        let (screen, controller) = screenWithTable()
        let frames = screen.record(fps: 20) {
            screen.drag(from: CGPoint(x: 100, y: 350), to: CGPoint(x: 100, y: 150), duration: 0.25)
            screen.advance(by: 0.5)
        }
        #expect(frames.count == 1 + 15, "the state before, then one frame every 1/20 s for 0.75 s")
        #expect(frames.first!.cgImage!.difference(from: frames.last!.cgImage!).differingPixels > 0, "it scrolled")
        withExtendedLifetime(controller) {}
    }
}
