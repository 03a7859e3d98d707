import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// `UIListContentView`'s `textLayoutGuide`, `secondaryTextLayoutGuide` and
/// `imageLayoutGuide`. UIKit: "If the configuration doesn't specify primary text, the value
/// of this property is nil. If you apply a new configuration without primary text to the
/// content view, the system removes this layout guide from the view and deactivates any
/// constraints associated with it."
@MainActor
@Suite("List content view layout guides")
struct ListContentGuideTests {
    /// A 24-point red square.
    func square() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24), format: format).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 24, height: 24))
        }
    }

    /// A list content view 320 × 44 at (0, 20), placed by its frame in a container
    /// without margins (so that only the configuration's count).
    func shownContent(_ configuration: UIListContentConfiguration) -> (HeadlessScreen, UIListContentView) {
        let (screen, root) = makeScreen(width: 320, height: 120, scale: 1)
        let container = UIView(frame: root.bounds)
        container.directionalLayoutMargins = .zero
        container.insetsLayoutMarginsFromSafeArea = false
        root.addSubview(container)
        let content = UIListContentView(configuration: configuration)
        content.frame = CGRect(x: 0, y: 20, width: 320, height: 44)
        container.addSubview(content)
        screen.advance(by: 1.0 / 60)
        return (screen, content)
    }

    @Test("a view constrained to the text guide stands beside the text, after the image, centred on it")
    func viewBesideText() throws {
        var configuration = UIListContentConfiguration.valueCell()
        configuration.text = "Wi-Fi"
        configuration.secondaryText = "Home"
        configuration.image = square()
        configuration.directionalLayoutMargins.leading = 16
        let (screen, content) = shownContent(configuration)
        let text = try #require(content.textLayoutGuide)
        let badge = UIView()
        badge.backgroundColor = .systemBlue
        badge.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: text.trailingAnchor, constant: 6),
            badge.centerYAnchor.constraint(equalTo: text.centerYAnchor),
            badge.widthAnchor.constraint(equalToConstant: 10),
            badge.heightAnchor.constraint(equalToConstant: 10),
        ])
        screen.advance(by: 1.0 / 60)
        let textFrame = try #require(content.textFrame)
        #expect(text.layoutFrame == textFrame, "the guide is the text's frame")
        #expect(abs(textFrame.minX - (16 + 24 + 15)) < 0.001, "after the margin, the image and its padding: \(textFrame)")
        #expect(badge.frame.minX == textFrame.maxX + 6, "beside the text: \(badge.frame), text \(textFrame)")
        #expect(abs(badge.frame.midY - textFrame.midY) < 0.01)
        // The text ends before the badge, and the badge is drawn there.
        let image = try #require(screen.snapshot().cgImage)
        let centre = badge.convert(CGPoint(x: 5, y: 5), to: nil)
        let blue = image.color(x: Int(centre.x), y: Int(centre.y))
        #expect(blue.blue > 0.9 && blue.red < 0.2, "the badge beside the text: \(blue)")
        // The other guides follow their pieces too.
        let imageGuide = try #require(content.imageLayoutGuide)
        let secondary = try #require(content.secondaryTextLayoutGuide)
        screen.advance(by: 1.0 / 60)
        #expect(imageGuide.layoutFrame == CGRect(x: 16, y: 10, width: 24, height: 24), "\(imageGuide.layoutFrame)")
        #expect(secondary.layoutFrame.maxX == 320 - configuration.directionalLayoutMargins.trailing,
                "the value sits at the trailing margin: \(secondary.layoutFrame)")
        #expect(secondary.layoutFrame.minX > textFrame.maxX)
        #expect(content.layoutGuides.count == 3)
    }

    @Test("when the content view grows, the guide and the views on it follow in the same pass")
    func followsResize() throws {
        var configuration = UIListContentConfiguration.cell()
        configuration.text = "A title long enough to wrap onto a second line at a narrow width"
        let (screen, content) = shownContent(configuration)
        let guide = try #require(content.textLayoutGuide)
        let rule = UIView()
        rule.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(rule)
        NSLayoutConstraint.activate([
            rule.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            rule.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            rule.topAnchor.constraint(equalTo: guide.bottomAnchor),
            rule.heightAnchor.constraint(equalToConstant: 1),
        ])
        screen.advance(by: 1.0 / 60)
        #expect(rule.frame.width == guide.layoutFrame.width && rule.frame.minY == guide.layoutFrame.maxY)
        content.frame = CGRect(x: 0, y: 20, width: 200, height: 80)
        content.layoutIfNeeded()
        let text = try #require(content.textFrame)
        #expect(guide.layoutFrame == text)
        #expect(rule.frame == CGRect(x: text.minX, y: text.maxY, width: text.width, height: 1), "\(rule.frame) under \(text)")
    }

    @Test("a guide exists only while its piece shows; a configuration without it removes the guide and its constraints")
    func onlyWhileShown() throws {
        var configuration = UIListContentConfiguration.cell()
        configuration.text = "Title"
        let content = UIListContentView(configuration: configuration)
        #expect(content.secondaryTextLayoutGuide == nil && content.imageLayoutGuide == nil)
        // Read before any layout: a guide with an empty frame, no trap.
        let guide = try #require(content.textLayoutGuide)
        #expect(guide.layoutFrame == .zero)
        #expect(content.textLayoutGuide === guide, "the same guide on every read")
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(label)
        let tie = label.leadingAnchor.constraint(equalTo: guide.leadingAnchor)
        tie.isActive = true
        configuration.text = nil
        configuration.secondaryText = "Only the secondary text"
        content.configuration = configuration
        #expect(content.textLayoutGuide == nil)
        #expect(!tie.isActive, "the constraints on the removed guide are deactivated")
        #expect(!content.layoutGuides.contains { $0 === guide })
        #expect(content.secondaryTextLayoutGuide != nil)
        configuration.text = "Back"
        content.configuration = configuration
        let again = try #require(content.textLayoutGuide)
        #expect(again !== guide, "a new guide for the text that came back")
    }
}
