import Foundation

/// What slides up in the keyboard's place when the first responder has an `inputView`
/// (a date picker, say): that view on the keyboard's grey, with the responder's
/// `inputAccessoryView` above it, above the home indicator's strip.
///
/// The input view keeps its own height (its frame's, else its intrinsic height, else
/// 216 points) and takes the window's width, as in UIKit.
@MainActor
final class InputViewHost: UIView {
    let content: UIView
    let accessory: UIView?

    init(inputView content: UIView, accessory: UIView?) {
        self.content = content
        self.accessory = accessory
        super.init(frame: .zero)
        backgroundColor = KeyboardView.background
        if let accessory { addSubview(accessory) }
        addSubview(content)
    }

    required init?(coder: NSCoder) { return nil }

    func shows(_ view: UIView, accessory: UIView?) -> Bool { content === view && self.accessory === accessory }

    private static func height(of view: UIView, fallback: CGFloat) -> CGFloat {
        if view.frame.height > 0 { return view.frame.height }
        let intrinsic = view.intrinsicContentSize.height
        return intrinsic > 0 && intrinsic.isFinite ? intrinsic : fallback
    }

    private lazy var inputHeight = Self.height(of: content, fallback: UIPickerView.defaultHeight)
    private lazy var accessoryHeight = accessory.map { Self.height(of: $0, fallback: 44) } ?? 0

    /// The height in `window`: the accessory, the input view and the home indicator's strip.
    func height(in window: UIWindow) -> CGFloat {
        accessoryHeight + inputHeight + window.screenSafeAreaInsets.bottom
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        accessory?.frame = CGRect(x: 0, y: 0, width: bounds.width, height: accessoryHeight)
        content.frame = CGRect(x: 0, y: accessoryHeight, width: bounds.width, height: inputHeight)
    }
}
