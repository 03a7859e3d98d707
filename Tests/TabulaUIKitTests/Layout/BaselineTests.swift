import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Auto Layout: first and last baselines", .serialized)
struct BaselineTests {
    /// How far apart two baselines put on one line may land: each label's frame is rounded
    /// to the 2x screen's pixels, as in UIKit, and its text moves with it, by at most half
    /// a pixel.
    static let rounding: CGFloat = 0.25 + 1e-9

    /// Where a label's first or last line sits in its superview (its text is centred in its bounds).
    func baseline(_ label: UILabel, last: Bool = false) -> CGFloat {
        let layout = label.layout(forWidth: label.numberOfLines == 1 ? nil : label.bounds.width)
        return label.frame.midY - layout.size.height / 2 + (last ? layout.lastBaseline : layout.firstBaseline)
    }

    func label(_ text: String, size: CGFloat, in root: UIView) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = .systemFont(ofSize: size)
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        return label
    }

    @Test("labels of different sizes aligned by their first baselines share the line their text sits on")
    func firstBaselines() {
        let (screen, root) = makeScreen(width: 320, height: 200)
        let big = label("Title", size: 34, in: root), small = label("detail", size: 13, in: root)
        NSLayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            big.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        screen.advance(by: 1.0 / 60)
        #expect(abs(baseline(small) - baseline(big)) <= Self.rounding)
        #expect(small.frame.minY > big.frame.minY + 10, "the small label sits low, on the big one's line")
    }

    @Test("a label below a wrapping one keeps a fixed distance from its last baseline as the text grows")
    func lastBaseline() {
        let (screen, root) = makeScreen(width: 200, height: 300)
        let body = label("One line", size: 17, in: root), footer = label("Footer", size: 12, in: root)
        body.numberOfLines = 0
        NSLayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            body.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            body.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            footer.leadingAnchor.constraint(equalTo: body.leadingAnchor),
            footer.firstBaselineAnchor.constraint(equalTo: body.lastBaselineAnchor, constant: 20),
        ])
        screen.advance(by: 1.0 / 60)
        #expect(abs(baseline(footer) - baseline(body, last: true) - 20) <= Self.rounding)
        let oneLine = footer.frame.minY
        body.text = "Now a body long enough to wrap onto three lines at this narrow width, or more."
        screen.advance(by: 1.0 / 60)
        #expect(abs(baseline(footer) - baseline(body, last: true) - 20) <= Self.rounding)
        #expect(footer.frame.minY > oneLine + 30, "the footer moved down with the body's last line")
    }

    @Test("a view without text has its baselines at its bottom edge")
    func viewBaselineIsBottom() {
        let (screen, root) = makeScreen()
        let box = UIView(), text = label("Ag", size: 17, in: root)
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 5), box.heightAnchor.constraint(equalToConstant: 30),
            box.leftAnchor.constraint(equalTo: root.leftAnchor), box.widthAnchor.constraint(equalToConstant: 30),
            text.leftAnchor.constraint(equalTo: box.rightAnchor),
            text.firstBaselineAnchor.constraint(equalTo: box.firstBaselineAnchor),
        ])
        screen.advance(by: 1.0 / 60)
        #expect(abs(baseline(text) - 35) <= Self.rounding)
    }
}
