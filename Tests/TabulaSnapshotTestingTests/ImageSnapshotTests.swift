import Foundation
import SnapshotTesting
import Tabula
@testable import TabulaSnapshotTesting
import Testing

@Suite("Image snapshots of views and view controllers")
@MainActor
struct ImageSnapshotTests {
    /// A 200 × 300 table at 1x, light and dark, against the PNGs in `__Snapshots__`.
    @Test func tableControllerLightAndDark() {
        let controller = FruitController(style: .insetGrouped)
        let size = CGSize(width: 200, height: 300)
        assertSnapshot(of: controller, as: .image(size: size, traits: UITraitCollection(displayScale: 1)), named: "light")
        assertSnapshot(of: controller,
                       as: .image(size: size, traits: UITraitCollection(traitsFrom: [
                           UITraitCollection(displayScale: 1), UITraitCollection(userInterfaceStyle: .dark),
                       ])),
                       named: "dark")
    }

    @Test("light and dark snapshots differ: the dark one has a dark background")
    func darkTraitsMakeADarkSnapshot() throws {
        let size = CGSize(width: 200, height: 300)
        let light = try render(FruitController(style: .plain), as: .image(size: size, traits: UITraitCollection(displayScale: 1)))
        let dark = try render(FruitController(style: .plain),
                              as: .image(size: size, traits: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(light.size == size && light.scale == 1)
        #expect(dark.size == size && dark.scale == 2, "the default scale is 2")
        let lightPixel = try #require(light.cgImage).pixel(x: 190, y: 290)
        let darkPixel = try #require(dark.cgImage).pixel(x: 380, y: 580)
        #expect(lightPixel == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(darkPixel == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
    }

    @Test("a changed view fails, and the failure and difference pictures are written where the message says")
    func changedViewFailsWithDifference() throws {
        let directory = try temporarySnapshotDirectory()
        let (view, dot) = swatch(.white, dot: .white)
        let strategy = Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 1))
        let recorded = verifySnapshot(of: view, as: strategy, named: "swatch", record: .all, snapshotDirectory: directory)
        #expect(recorded?.contains("Record mode is on") == true)
        #expect(verifySnapshot(of: view, as: strategy, named: "swatch", record: .never, snapshotDirectory: directory) == nil)

        dot.backgroundColor = .black
        let message = try #require(verifySnapshot(of: view, as: strategy, named: "swatch", record: .never,
                                                  snapshotDirectory: directory))
        #expect(message.contains("Snapshot \"swatch\" does not match reference."))
        #expect(message.contains("1 of 1200 pixels differ"))
        let differencePath = try #require(artifactPath("difference", in: message))
        let failurePath = try #require(artifactPath("failure", in: message))
        let difference = try Bitmap(contentsOfFile: differencePath)
        let failure = try Bitmap(contentsOfFile: failurePath)
        #expect(failure.pixel(x: 5, y: 5) == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
        // The changed pixel is red; all others are the washed-out reference (white stays white).
        #expect(difference.pixel(x: 5, y: 5) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        var marked = 0
        for y in 0 ..< difference.height {
            for x in 0 ..< difference.width where difference.pixel(x: x, y: y) != Pixel(red: 255, green: 255, blue: 255, alpha: 255) {
                marked += 1
            }
        }
        #expect(marked == 1)
        // The reference stays as it was: record mode never.
        let reference = try Bitmap(contentsOfFile: directory + "/changedViewFailsWithDifference.swatch.png")
        #expect(reference.pixel(x: 5, y: 5) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test("a renamed row fails against the committed table snapshot; the difference marks only that row")
    func changedRowFailsAgainstCommittedReference() throws {
        let controller = FruitController(style: .insetGrouped)
        controller.fruit[2] = "Coconuts"
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/ImageSnapshotTests").path
        let message = try #require(verifySnapshot(
            of: controller, as: .image(size: CGSize(width: 200, height: 300), traits: UITraitCollection(displayScale: 1)),
            named: "light", record: .never, snapshotDirectory: directory, testName: "tableControllerLightAndDark"))
        #expect(message.contains("Snapshot \"light\" does not match reference."))
        let difference = try Bitmap(contentsOfFile: try #require(artifactPath("difference", in: message)))
        let row = controller.tableView.convert(controller.tableView.rectForRow(at: IndexPath(row: 2, section: 0)),
                                               to: controller.view)
        var redInside = 0, redOutside = 0
        for y in 0 ..< difference.height {
            for x in 0 ..< difference.width where difference.pixel(x: x, y: y) == Pixel(red: 255, green: 0, blue: 0, alpha: 255) {
                if row.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) { redInside += 1 } else { redOutside += 1 }
            }
        }
        #expect(redInside > 50, "the new text is marked")
        #expect(redOutside == 0, "nothing outside row 2 (\(row)) changed")
    }

    @Test("a failing assertSnapshot is reported as a Swift Testing issue with the library's message")
    func assertSnapshotRecordsAnIssue() {
        let (view, _) = swatch(.white, dot: .black)
        withKnownIssue {
            withSnapshotTesting(record: .never) {
                assertSnapshot(of: view, as: .image(traits: UITraitCollection(displayScale: 1)), named: "never-recorded")
            }
        } matching: { issue in
            issue.description.contains("No reference was found on disk")
        }
    }

    @Test("precision 0.99 tolerates a one-pixel change; 1 does not")
    func precisionToleratesOnePixel() throws {
        let directory = try temporarySnapshotDirectory()
        let (view, dot) = swatch(.white, dot: .white)
        let exact = Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 1))
        let tolerant = Snapshotting<UIView, UIImage>.image(precision: 0.99, traits: UITraitCollection(displayScale: 1))
        _ = verifySnapshot(of: view, as: exact, named: "swatch", record: .all, snapshotDirectory: directory)
        dot.backgroundColor = .black
        #expect(verifySnapshot(of: view, as: tolerant, named: "swatch", record: .never, snapshotDirectory: directory) == nil)
        #expect(verifySnapshot(of: view, as: exact, named: "swatch", record: .never, snapshotDirectory: directory) != nil)
        // 12 changed pixels of 1200 is 99.0%: still enough; 13 is not.
        dot.frame = CGRect(x: 5, y: 5, width: 12, height: 1)
        #expect(verifySnapshot(of: view, as: tolerant, named: "swatch", record: .never, snapshotDirectory: directory) == nil)
        dot.frame = CGRect(x: 5, y: 5, width: 13, height: 1)
        let message = verifySnapshot(of: view, as: tolerant, named: "swatch", record: .never, snapshotDirectory: directory)
        #expect(message?.contains("Actual image precision 0.98916") == true, "\(message ?? "")")
    }

    @Test("perceptualPrecision 0.98 tolerates a colour shift the eye cannot see, not a visible one")
    func perceptualPrecisionToleratesSlightShift() throws {
        let directory = try temporarySnapshotDirectory()
        let grey = UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let (view, _) = swatch(grey, dot: grey)
        let exact = Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 1))
        let perceptual = Snapshotting<UIView, UIImage>.image(perceptualPrecision: 0.98, traits: UITraitCollection(displayScale: 1))
        _ = verifySnapshot(of: view, as: exact, named: "grey", record: .all, snapshotDirectory: directory)

        view.backgroundColor = UIColor(red: 0.51, green: 0.5, blue: 0.49, alpha: 1)  // ΔE94 about 1.1
        #expect(verifySnapshot(of: view, as: perceptual, named: "grey", record: .never, snapshotDirectory: directory) == nil)
        #expect(verifySnapshot(of: view, as: exact, named: "grey", record: .never, snapshotDirectory: directory) != nil)

        view.backgroundColor = UIColor(red: 0.56, green: 0.5, blue: 0.44, alpha: 1)  // ΔE94 about 6
        let message = try #require(verifySnapshot(of: view, as: perceptual, named: "grey", record: .never,
                                                  snapshotDirectory: directory))
        #expect(message.contains("The percentage of pixels that match"))
        #expect(message.contains("The lowest perceptual color precision"))
    }

    @Test("a snapshot of a different size fails with both sizes in the message")
    func sizeChangeFails() throws {
        let directory = try temporarySnapshotDirectory()
        let (view, _) = swatch(.white, dot: .black)
        let strategy = Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 1))
        _ = verifySnapshot(of: view, as: strategy, named: "swatch", record: .all, snapshotDirectory: directory)
        view.frame.size.width = 41
        let message = try #require(verifySnapshot(of: view, as: strategy, named: "swatch", record: .never,
                                                  snapshotDirectory: directory))
        #expect(message.contains("41×30 pixels against 40×30"), "\(message)")
        #expect(view.frame.size == CGSize(width: 41, height: 30))
    }

    @Test("a view with no size (and none from sizeToFit) fails with a message saying so, without crashing")
    func emptyViewReportsEmptySnapshot() throws {
        let directory = try temporarySnapshotDirectory()
        let (reference, _) = swatch(.white, dot: .white)
        let strategy = Snapshotting<UIView, UIImage>.image(traits: UITraitCollection(displayScale: 1))
        _ = verifySnapshot(of: reference, as: strategy, named: "view", record: .all, snapshotDirectory: directory)
        let message = verifySnapshot(of: UIView(), as: strategy, named: "view", record: .never, snapshotDirectory: directory)
        #expect(message?.contains("Newly-taken snapshot is empty.") == true, "\(message ?? "nil")")
    }

    @Test("a view is given back to its superview, at its frame, after the snapshot")
    func viewIsRestored() throws {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = UIView(), second = UIView()
        parent.addSubview(first)
        parent.addSubview(second)
        first.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        let image = try render(first, as: .image(traits: UITraitCollection(displayScale: 1)))
        #expect(image.size == CGSize(width: 30, height: 40))
        #expect(first.superview === parent && parent.subviews.first === first)
        #expect(first.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test("ViewImageConfig sizes the screen and sets the safe area the controller lays out with")
    func configSizesAndSafeArea() throws {
        let controller = MeasuringController()
        let image = try render(controller, as: .image(on: .iPhoneX(.landscape), traits: UITraitCollection(displayScale: 1)))
        #expect(image.size == CGSize(width: 812, height: 375))
        #expect(controller.laidOutBounds.size == CGSize(width: 812, height: 375))
        #expect(controller.laidOutSafeArea == UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44))
        #expect(controller.view.window == nil, "the controller leaves the window afterwards")

        let tablet = try render(MeasuringController(), as: .image(on: .iPadPro11(.portrait(splitView: .twoThirds)),
                                                                   size: CGSize(width: 300, height: 200),
                                                                   traits: UITraitCollection(displayScale: 1)))
        #expect(tablet.size == CGSize(width: 300, height: 200), "size overrides the configuration's size")
    }

    @Test("the configurations carry the library's sizes and safe areas")
    func configurations() {
        #expect(ViewImageConfig.iPhone13.size == CGSize(width: 390, height: 844))
        #expect(ViewImageConfig.iPhone13.safeArea == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(ViewImageConfig.iPhone13(.landscape).size == CGSize(width: 844, height: 390))
        #expect(ViewImageConfig.iPhone13(.landscape).safeArea == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        #expect(ViewImageConfig.iPhone13Pro.size == ViewImageConfig.iPhone13.size)
        #expect(ViewImageConfig.iPhone13ProMax.size == CGSize(width: 428, height: 926))
        #expect(ViewImageConfig.iPhone13Mini.safeArea.top == 50)
        #expect(ViewImageConfig.iPhoneSe.size == CGSize(width: 320, height: 568))
        #expect(ViewImageConfig.iPhoneSe(.landscape).safeArea == .zero)
        #expect(ViewImageConfig.iPhone8.size == CGSize(width: 375, height: 667))
        #expect(ViewImageConfig.iPadPro11.size == CGSize(width: 1194, height: 834))
        #expect(ViewImageConfig.iPadPro11.safeArea == UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        #expect(ViewImageConfig.iPadPro12_9(.portrait(splitView: .twoThirds)).size == CGSize(width: 639, height: 1366))
        #expect(ViewImageConfig.iPadPro12_9(.portrait(splitView: .twoThirds)).traits.horizontalSizeClass == .compact)
        #expect(ViewImageConfig.iPadMini(.landscape(splitView: .oneHalf)).size == CGSize(width: 507, height: 768))
        #expect(ViewImageConfig.iPhone13ProMax(.landscape).traits.horizontalSizeClass == .regular)
        #expect(ViewImageConfig.iPhone13(.landscape).traits.verticalSizeClass == .compact)
    }

    /// Runs a strategy's snapshot on `value` (synchronous for Tabula's strategies).
    private func render<Value>(_ value: Value, as strategy: Snapshotting<Value, UIImage>) throws -> UIImage {
        var image: UIImage?
        strategy.snapshot(value).run { image = $0 }
        return try #require(image)
    }
}
