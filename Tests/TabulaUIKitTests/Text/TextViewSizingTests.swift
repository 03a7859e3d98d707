import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A text view with scrolling off sizes itself to its text under Auto Layout, as UIKit's
/// does; with scrolling on it has no intrinsic size.
@MainActor
@Suite("UITextView sizing")
struct TextViewSizingTests {
    let screen = HeadlessScreen(device: .iPhone15)

    /// A 300 × 500 container in a window on the screen, laid out.
    func container(_ content: (UIView) -> Void) -> UIView {
        let window = UIWindow(frame: .zero)
        let box = UIView(frame: CGRect(x: 20, y: 100, width: 300, height: 500))
        window.addSubview(box)
        content(box)
        screen.show(window)
        screen.advance(by: 0.1)
        return box
    }

    func pin(_ view: UIView, in box: UIView) {
        view.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: box.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: box.trailingAnchor),
            view.topAnchor.constraint(equalTo: box.topAnchor),
            view.bottomAnchor.constraint(equalTo: box.bottomAnchor),
        ])
    }

    @Test("A non-scrolling text view in a centred, equally spaced stack is as large as its text, not stretched")
    func fitsItsTextInAStack() {
        let text = UITextView()
        text.font = .systemFont(ofSize: 17)
        text.text = "Short note"
        text.isScrollEnabled = false
        let label = UILabel()
        label.text = "Title"
        _ = container { box in
            let stack = UIStackView(arrangedSubviews: [label, text])
            stack.axis = .vertical
            stack.alignment = .center
            stack.distribution = .equalSpacing
            box.addSubview(stack)
            pin(stack, in: box)
        }
        let natural = text.intrinsicContentSize
        let line = UIFont.systemFont(ofSize: 17).lineHeight
        #expect(natural.height == (line + 16).rounded(.up))
        #expect(natural.width > 60 && natural.width < 150)
        #expect(text.frame.size == natural)
        // The spare height is between the views, not in the text view.
        #expect(text.frame.maxY == 500)
        #expect(label.frame.minY == 0)
    }

    @Test("A non-scrolling text view as wide as its container wraps there and grows as text is added")
    func wrapsAndGrows() {
        let text = UITextView()
        text.font = .systemFont(ofSize: 17)
        text.text = "One line"
        text.isScrollEnabled = false
        let box = container { box in
            text.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(text)
            NSLayoutConstraint.activate([
                text.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                text.trailingAnchor.constraint(equalTo: box.trailingAnchor),
                text.topAnchor.constraint(equalTo: box.topAnchor),
            ])
        }
        let oneLine = text.frame.height
        #expect(text.frame.width == box.bounds.width)
        #expect(oneLine == (UIFont.systemFont(ofSize: 17).lineHeight + 16).rounded(.up))
        text.text = String(repeating: "several words that wrap ", count: 8)
        screen.advance(by: 0.1)
        #expect(text.frame.width == box.bounds.width)
        #expect(text.frame.height > oneLine * 3)
        #expect(text.contentSize.height == text.frame.height)
    }

    @Test("Text typed into a non-scrolling text view in a centred stack widens it first, and wraps only at the stack's width")
    func widensAsTyped() {
        let text = UITextView()
        text.font = .systemFont(ofSize: 17)
        text.text = "Note"
        text.isScrollEnabled = false
        _ = container { box in
            let stack = UIStackView(arrangedSubviews: [text])
            stack.axis = .vertical
            stack.alignment = .center
            stack.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: box.trailingAnchor),
                stack.topAnchor.constraint(equalTo: box.topAnchor),
            ])
        }
        let oneLine = text.frame.height
        #expect(oneLine == (UIFont.systemFont(ofSize: 17).lineHeight + 16).rounded(.up))
        let narrow = text.frame.width
        text.text = "Note with a few more words"
        screen.advance(by: 0.1)
        #expect(text.frame.width > narrow)
        #expect(text.frame.width < 300)
        #expect(text.frame.height == oneLine, "still one line")
        text.text = String(repeating: "Note with a few more words ", count: 4)
        screen.advance(by: 0.1)
        #expect(text.frame.width > 280 && text.frame.width <= 300)
        #expect(text.frame.height > oneLine * 2)
    }

    @Test("A scrolling text view has no intrinsic size, and gets one when scrolling is turned off")
    func scrollingHasNone() {
        let text = UITextView()
        text.text = "Words"
        #expect(text.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        text.isScrollEnabled = false
        #expect(text.intrinsicContentSize.width > 0)
        #expect(text.intrinsicContentSize.height > 0)
    }
}
