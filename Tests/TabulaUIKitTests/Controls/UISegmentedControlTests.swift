import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UISegmentedControl")
struct UISegmentedControlTests {
    let screen = HeadlessScreen(size: CGSize(width: 360, height: 120), scale: 2)

    @Test("a tap selects a segment: the white piece slides over and valueChanged is sent")
    func tapSelects() throws {
        let control = UISegmentedControl(items: ["Day", "Week", "Month"])
        control.frame = CGRect(x: 30, y: 40, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        var changes: [Int] = []
        control.addAction(UIAction { action in changes.append((action.sender as? UISegmentedControl)?.selectedSegmentIndex ?? -9) },
                          for: .valueChanged)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(control)
        screen.show(window)
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 1) == "Week")
        let selection = try #require(control.subviews.first)
        #expect(selection.frame == CGRect(x: 2, y: 2, width: 96, height: 28))
        screen.tap(at: CGPoint(x: 30 + 250, y: 56))
        #expect(control.selectedSegmentIndex == 2 && changes == [2])
        screen.advance(by: 0.08)
        let midway = selection.layer.presentation()!.frame.minX
        #expect(midway > 2 && midway < 202, "sliding: \(midway)")
        screen.advance(by: 0.5)
        #expect(selection.frame.minX == 202)
        writeForLooking(screen.snapshot(), "segmented")
        screen.tap(at: CGPoint(x: 30 + 250, y: 56))
        #expect(changes == [2], "the selected segment again: no change")
    }

    @Test("title text attributes per state, and image segments drawn in the title's colour, as apps style them")
    func attributesAndImages() throws {
        let control = UISegmentedControl(items: ["List", "Grid"])
        control.frame = CGRect(x: 30, y: 40, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        control.setTitleTextAttributes([.foregroundColor: UIColor.systemRed, .font: UIFont.systemFont(ofSize: 15)], for: .normal)
        control.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
        control.selectedSegmentTintColor = .systemBlue
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(control)
        screen.show(window)
        let labels = control.subviews.compactMap { $0 as? UILabel }
        #expect(labels.map(\.textColor) == [.white, .systemRed], "selected white, normal red")
        #expect(labels[1].font.pointSize == 15, "the normal state's font")
        #expect(labels[0].font.pointSize == 13, "a state without a font keeps the standard one")
        #expect(control.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor == .white)

        let star = try #require(UIImage(systemName: "star.fill"))
        control.setImage(star, forSegmentAt: 1)
        control.insertSegment(with: star, at: 2, animated: false)
        screen.advance(by: 0.05)
        #expect(control.titleForSegment(at: 1) == nil && control.imageForSegment(at: 1) === star, "an image takes the title's place")
        #expect(control.numberOfSegments == 3)
        let images = control.subviews.compactMap { $0 as? UIImageView }
        #expect(images.count == 2 && images.allSatisfy { $0.tintColor == .systemRed && !$0.frame.isEmpty })
        #expect(abs(images[0].frame.midX - 150) < 1, "centred in the middle segment: \(images[0].frame)")
        control.selectedSegmentIndex = 1
        screen.advance(by: 0.05)
        #expect(images[0].tintColor == .white, "selected, it turns the selected title's colour")
        writeForLooking(screen.snapshot(), "segmented-attributes")
    }

    @Test("in dark mode the selected segment is a mid grey under a white title, as on iOS (white hid the title)")
    func darkSelection() throws {
        let control = UISegmentedControl(items: ["Day", "Week"])
        control.frame = CGRect(x: 30, y: 40, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemBackground
        window.addSubview(control)
        screen.show(window)
        // A corner of the selected piece, clear of its title: white in light mode.
        let probe = (x: (30 + 8) * 2, y: (40 + 16) * 2)
        #expect(screen.snapshot().cgImage!.pixel(x: probe.x, y: probe.y).red > 240)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        let dark = screen.snapshot().cgImage!.pixel(x: probe.x, y: probe.y)
        #expect(dark.red > 0x50 && dark.red < 0x75 && dark.blue > 0x50 && dark.blue < 0x78, "a mid grey: \(dark)")
        control.selectedSegmentTintColor = .systemRed
        screen.advance(by: 0.1)
        #expect(screen.snapshot().cgImage!.pixel(x: probe.x, y: probe.y).red > 200, "an app's tint still wins")
    }

    @Test("squeezed to a few points (a title view in a crowded bar), it lays out with nothing reported")
    func squeezed() {
        let control = UISegmentedControl(items: ["Ultralight", "Regular", "Bold", "Black"])
        control.selectedSegmentIndex = 1
        let window = UIWindow(frame: .zero)
        window.addSubview(control)
        screen.show(window)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        for width: CGFloat in [3.5, 0, 7.9, 300] {
            control.frame = CGRect(x: 10, y: 10, width: width, height: 32)
            screen.advance(by: 0.05)
        }
        #expect(reports.isEmpty, "\(reports)")
        #expect(control.subviews.allSatisfy { $0.frame.minX.isFinite && $0.frame.width >= 0 })
    }

    @Test("a text field squeezed to no width while editing keeps a finite caret and reports nothing")
    func squeezedField() {
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 36))
        field.text = "Tabula"
        field.borderStyle = .roundedRect
        let window = UIWindow(frame: .zero)
        window.addSubview(field)
        screen.show(window)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        _ = field.becomeFirstResponder()
        for width: CGFloat in [0, 3, 200] {
            field.frame.size.width = width
            screen.advance(by: 0.05)
        }
        #expect(reports.isEmpty, "\(reports)")
        #expect(field.textRect(forBounds: CGRect(x: 0, y: 0, width: 0, height: 36)).minX.isFinite)
    }

    @Test("segments can be inserted, removed, disabled; actions run for their segment")
    func editing() {
        var ran: [String] = []
        let control = UISegmentedControl(frame: CGRect(x: 30, y: 40, width: 300, height: 32), actions: [
            UIAction(title: "List") { _ in ran.append("list") }, UIAction(title: "Grid") { _ in ran.append("grid") },
        ])
        let window = UIWindow(frame: .zero)
        window.addSubview(control)
        screen.show(window)
        screen.tap(at: CGPoint(x: 30 + 225, y: 56))
        #expect(ran == ["grid"] && control.selectedSegmentIndex == 1)
        control.insertSegment(withTitle: "Map", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2, "the selection stays with its segment")
        control.setEnabled(false, forSegmentAt: 0)
        screen.tap(at: CGPoint(x: 30 + 50, y: 56))
        #expect(control.selectedSegmentIndex == 2, "a disabled segment cannot be chosen")
        control.removeSegment(at: 2, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.numberOfSegments == 2)
    }

    @Test("an index out of range is reported and changes nothing: the selection, titles and segments stay")
    func outOfRange() {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.selectedSegmentIndex = 1
        control.selectedSegmentIndex = 5
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 7, animated: false)
        control.setTitle("Nope", forSegmentAt: -1)
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 0) == "One")
        #expect(reports.count == 3)
        #expect(reports.first?.contains("selectedSegmentIndex 5 is out of range (3 segments)") == true)
        #expect(reports.last?.contains("setTitle(_:forSegmentAt:): segment -1 is out of range") == true)
    }
}
