import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UIButton")
struct UIButtonTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 500), scale: 2)

    @Test("a system button: tint-coloured title, a tap runs its primary action and sends touchUpInside")
    func systemButton() {
        var taps = 0, upInside = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Reply") { _ in taps += 1 })
        button.addAction(UIAction { _ in upInside += 1 }, for: .touchUpInside)
        button.sizeToFit()
        button.frame.origin = CGPoint(x: 40, y: 40)
        screen.showInWindow([button])
        #expect(button.currentTitle == "Reply")
        #expect(button.titleLabel?.textColor == UIColor.systemBlue)
        #expect(button.bounds.width > 30 && button.bounds.height >= 30, "\(button.bounds)")
        screen.tap(at: CGPoint(x: button.frame.midX, y: button.frame.midY))
        screen.advance(by: 0.1)
        #expect(taps == 1 && upInside == 1)
    }

    @Test("pressed, a system button's title dims at once; released, it fades back over a quarter second")
    func highlightDims() throws {
        let button = UIButton(type: .system)
        button.setTitle("Edit", for: .normal)
        button.frame = CGRect(x: 40, y: 40, width: 100, height: 44)
        screen.showInWindow([button])
        let title = try #require(button.titleLabel)
        let finger = screen.touchDown(at: CGPoint(x: 90, y: 62))
        screen.advance(by: 1.0 / 60)
        #expect(abs(title.alpha - UIButton.highlightedAlpha) < 0.001)
        screen.liftTouch(finger)
        screen.advance(by: 0.1)
        let midway = CGFloat(title.layer.presentation()?.opacity ?? 1)
        #expect(midway > 0.25 && midway < 0.95, "fading back: \(midway)")
        screen.advance(by: 0.3)
        #expect(CGFloat(title.layer.presentation()?.opacity ?? 0) == 1)
    }

    @Test("an attributed title per state is shown instead of the plain one, in its own colours")
    func attributedTitles() {
        let button = UIButton(type: .system)
        button.setTitle("Plain", for: .normal)
        let styled = NSAttributedString(string: "Styled", attributes: [.foregroundColor: UIColor.systemRed,
                                                                       .font: UIFont.boldSystemFont(ofSize: 20)])
        button.setAttributedTitle(styled, for: .normal)
        button.sizeToFit()
        button.frame.origin = CGPoint(x: 40, y: 40)
        screen.showInWindow([button])
        #expect(button.titleLabel?.attributedText?.string == "Styled")
        #expect(button.currentAttributedTitle?.string == "Styled" && button.currentTitle == "Plain")
        #expect(button.attributedTitle(for: .highlighted)?.string == "Styled", "falls back to normal's")
        let twenty = UIFont.boldSystemFont(ofSize: 20).lineHeight
        #expect(button.bounds.height >= twenty.rounded(.up), "sized for the attributed title's font")
        button.setAttributedTitle(nil, for: .normal)
        screen.advance(by: 0.1)
        #expect(button.titleLabel?.text == "Plain")
    }

    @Test("a configured button shows a title and image set per state where its configuration has none")
    func configurationWithStateTitle() {
        let button = UIButton(type: .system)
        button.configuration = .gray()
        button.setTitle("Button", for: .normal)
        button.setImage(UIImage(systemName: "star"), for: .normal)
        button.sizeToFit()
        button.frame.origin = CGPoint(x: 20, y: 20)
        screen.showInWindow([button])
        screen.advance(by: 0.1)
        #expect(button.titleLabel?.text == "Button")
        #expect(button.currentTitle == "Button")
        #expect(button.imageView?.image != nil)
        #expect(button.bounds.width > 80, "sized for the title and image: \(button.bounds)")
        button.configuration?.title = "Configured"
        screen.advance(by: 0.1)
        #expect(button.titleLabel?.text == "Configured", "the configuration's own title wins")
    }

    @Test("contentEdgeInsets grow the button; title and image edge insets move them without changing its size")
    func legacyEdgeInsets() {
        let button = UIButton(type: .system)
        button.setTitle("Send", for: .normal)
        let natural = button.intrinsicContentSize
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        let padded = button.intrinsicContentSize
        #expect(padded.width == natural.width + 40)
        let titleHeight = button.titleLabel!.sizeThatFits(.zero).height
        #expect(padded.height == (titleHeight + 20).rounded(.up))
        button.frame = CGRect(origin: CGPoint(x: 40, y: 40), size: padded)
        screen.showInWindow([button])
        let centred = button.titleLabel!.frame
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        #expect(button.intrinsicContentSize == padded)
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame.minX == centred.minX + 5, "a centred title moves half the inset")
        button.contentHorizontalAlignment = .left
        button.layoutIfNeeded()
        #expect(abs(button.titleLabel!.frame.minX - 30) < 0.001)
    }

    @Test("a legacy button's image larger than the button shrinks to it (a 44-point image in a 36-point button draws at 36)")
    func largeImageShrinks() throws {
        // An image set made for a 44-point slot, put in a 36-point custom button by a storyboard.
        let image = UIGraphicsImageRenderer(size: CGSize(width: 44, height: 44)).image { context in
            UIColor.systemGreen.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 44, height: 44))
        }
        let button = UIButton(type: .custom)
        button.setImage(image, for: .normal)
        button.frame = CGRect(x: 40, y: 40, width: 36, height: 36)
        screen.showInWindow([button])
        screen.advance(by: 0.1)
        #expect(try #require(button.imageView).frame == CGRect(x: 0, y: 0, width: 36, height: 36))
        let frame = try #require(screen.snapshot().cgImage)
        var green = 0
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width {
                let p = frame.pixel(x: x, y: y)
                if p.green > 150 && p.red < 100 && p.blue < 150 { green += 1 }
            }
        }
        #expect(green == 72 * 72, "the image's pixels at 2x: \(green) (88 × 88 = 7744 when drawn at its own size)")
        // A smaller image keeps its size, centred.
        let small = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in }
        button.setImage(small, for: .normal)
        button.layoutIfNeeded()
        #expect(try #require(button.imageView).frame == CGRect(x: 8, y: 8, width: 20, height: 20))
    }

    @Test("image placement: trailing after the title, top above it; right to left the leading image is on the right")
    func imagePlacement() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { context in
            UIColor.systemGreen.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Next"
        configuration.image = image
        configuration.imagePlacement = .trailing
        let trailing = UIButton(configuration: configuration)
        configuration.imagePlacement = .top
        let top = UIButton(configuration: configuration)
        let legacy = UIButton(type: .system)
        legacy.setTitle("Back", for: .normal)
        legacy.setImage(image, for: .normal)
        legacy.semanticContentAttribute = .forceRightToLeft
        for (i, button) in [trailing, top, legacy].enumerated() {
            button.sizeToFit()
            button.frame.origin = CGPoint(x: 20, y: 20 + CGFloat(i) * 100)
        }
        screen.showInWindow([trailing, top, legacy])
        screen.advance(by: 0.1)
        let (t, ti) = (try #require(trailing.titleLabel).frame, try #require(trailing.imageView).frame)
        #expect(ti.minX >= t.maxX, "the image after the title: \(t) \(ti)")
        let (p, pi) = (try #require(top.titleLabel).frame, try #require(top.imageView).frame)
        #expect(pi.maxY <= p.minY && abs(pi.midX - p.midX) < 1, "the image above the title: \(p) \(pi)")
        #expect(top.bounds.height >= 20 + p.height + 14, "sized to fit before it was shown, tall enough for both: \(top.bounds)")
        let (l, li) = (try #require(legacy.titleLabel).frame, try #require(legacy.imageView).frame)
        #expect(li.minX >= l.maxX, "right to left, the image is on the right: \(l) \(li)")
        writeForLooking(screen.snapshot(), "button-image-placement")
    }

    @Test("titles and colours per state fall back to normal's")
    func perState() {
        let button = UIButton(type: .custom)
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        button.setTitleColor(.systemRed, for: .highlighted)
        #expect(button.title(for: .highlighted) == "Follow")
        #expect(button.titleColor(for: .normal) == .white, "a custom button's default title colour")
        button.isSelected = true
        #expect(button.currentTitle == "Following")
        #expect(button.titleLabel?.text == "Following")
        button.isSelected = false
        button.isHighlighted = true
        #expect(button.titleLabel?.textColor == .systemRed)
    }

    @Test("configurations: filled is tint-coloured with white text; the update handler restyles on state changes")
    func configurations() throws {
        var filled = UIButton.Configuration.filled()
        filled.title = "Buy"
        filled.subtitle = "$0.99"
        filled.cornerStyle = .capsule
        let buy = UIButton(configuration: filled)
        buy.frame = CGRect(x: 20, y: 120, width: 160, height: 56)
        var handlerRuns = 0
        buy.configurationUpdateHandler = { button in
            handlerRuns += 1
            button.configuration?.title = button.isHighlighted ? "Buying…" : "Buy"
        }
        var tinted = UIButton.Configuration.tinted()
        tinted.title = "Tinted"
        let tintedButton = UIButton(configuration: tinted)
        tintedButton.frame = CGRect(x: 200, y: 120, width: 160, height: 44)
        var gray = UIButton.Configuration.gray()
        gray.title = "Gray"
        let grayButton = UIButton(configuration: gray)
        grayButton.frame = CGRect(x: 20, y: 200, width: 160, height: 44)
        var plain = UIButton.Configuration.plain()
        plain.title = "Plain"
        let plainButton = UIButton(configuration: plain)
        plainButton.frame = CGRect(x: 200, y: 200, width: 160, height: 44)
        let info = UIButton(type: .detailDisclosure)
        info.frame.origin = CGPoint(x: 20, y: 280)
        let add = UIButton(type: .contactAdd)
        add.frame.origin = CGPoint(x: 80, y: 280)
        let close = UIButton(type: .close)
        close.frame.origin = CGPoint(x: 140, y: 280)
        screen.showInWindow([buy, tintedButton, grayButton, plainButton, info, add, close])
        screen.advance(by: 0.1)
        let buyBackground = try #require(buy.configurationBackgroundView?.configuration)
        #expect(buyBackground.resolvedBackgroundColor(for: .systemGreen) == .systemBlue, "the tint colour")
        #expect(buy.titleLabel?.textColor == .white)
        #expect(buyBackground.cornerRadius == 28, "a capsule")
        #expect(buy.backgroundColor == nil, "the configuration draws its background in a view of its own, as UIKit does")
        let plainBackground = try #require(plainButton.configurationBackgroundView?.configuration)
        #expect(plainBackground.resolvedBackgroundColor(for: .systemGreen) == .clear)
        let finger = screen.touchDown(at: CGPoint(x: 100, y: 148))
        screen.advance(by: 1.0 / 60)
        #expect(buy.titleLabel?.text == "Buying…", "the handler ran for the highlight")
        screen.liftTouch(finger)
        screen.advance(by: 0.5)
        #expect(buy.titleLabel?.text == "Buy")
        #expect(handlerRuns >= 3)
        writeForLooking(screen.snapshot(), "buttons")
        #expect(info.bounds.size == CGSize(width: 44, height: 44))
    }

    @Test("a button whose menu is its primary action shows the menu on a tap")
    func menuButton() {
        var picked = ""
        let button = UIButton(type: .system)
        button.setTitle("Sort", for: .normal)
        button.menu = UIMenu(children: [UIAction(title: "Name") { _ in picked = "name" }, UIAction(title: "Date") { _ in picked = "date" }])
        button.showsMenuAsPrimaryAction = true
        button.frame = CGRect(x: 20, y: 40, width: 80, height: 44)
        screen.showInWindow([button])
        screen.tap(at: CGPoint(x: 60, y: 62))
        screen.advance(by: 0.4)
        #expect(screen.menuOnScreen?.rowTitles == ["Name", "Date"])
        screen.tap(at: CGPoint(x: 60, y: 84 + 6 + 44 + 22))
        screen.advance(by: 0.3)
        #expect(picked == "date")
    }

    @Test("changesSelectionAsPrimaryAction without a menu: a tap toggles the selection before the action reads it")
    func toggleButton() {
        var seen: [Bool] = []
        let button = UIButton(type: .system)
        button.setTitle("Bold", for: .normal)
        button.changesSelectionAsPrimaryAction = true
        button.addAction(UIAction { action in seen.append((action.sender as? UIButton)?.isSelected ?? false) },
                         for: .primaryActionTriggered)
        button.frame = CGRect(x: 20, y: 40, width: 80, height: 44)
        screen.showInWindow([button])
        screen.tap(at: CGPoint(x: 60, y: 62))
        screen.advance(by: 0.3)
        #expect(button.isSelected)
        screen.tap(at: CGPoint(x: 60, y: 62))
        screen.advance(by: 0.3)
        #expect(!button.isSelected)
        #expect(seen == [true, false])
        #expect(button.behavioralStyle == .pad)
    }

    @Test("a pop-up button shows its chosen action's title; choosing another turns it on and the rest off")
    func popUpButton() {
        var picked = ""
        let name = UIAction(title: "Name") { _ in picked = "name" }, date = UIAction(title: "Date") { _ in picked = "date" }
        let button = UIButton(configuration: .bordered())
        button.menu = UIMenu(children: [name, date])
        button.showsMenuAsPrimaryAction = true
        button.changesSelectionAsPrimaryAction = true
        #expect(name.state == .on && date.state == .off, "the first is on when none is")
        #expect(button.configuration?.title == "Name")
        button.frame = CGRect(x: 20, y: 40, width: 120, height: 44)
        screen.showInWindow([button])
        screen.tap(at: CGPoint(x: 80, y: 62))
        screen.advance(by: 0.4)
        #expect(screen.menuOnScreen?.rowTitles == ["Name", "Date"])
        screen.tap(at: CGPoint(x: 80, y: 84 + 6 + 44 + 22))
        screen.advance(by: 0.3)
        #expect(picked == "date")
        #expect(name.state == .off && date.state == .on)
        #expect(button.configuration?.title == "Date")
        #expect(button.titleLabel?.text == "Date")
    }
}
