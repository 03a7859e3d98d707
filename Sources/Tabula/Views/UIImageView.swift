/// Shows an image, scaled by `contentMode`; switches to `highlightedImage` when highlighted.
///
/// The image becomes the layer's contents directly (no drawing pass), as in
/// UIKit. A resizable image's cap insets become the layer's `contentsCenter`.
@MainActor
open class UIImageView: UIView {
    /// Creates an image view sized to `image` (in points), at the origin.
    public convenience init(image: UIImage?, highlightedImage: UIImage? = nil) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        self.highlightedImage = highlightedImage
        updateContents()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }

    /// The image shown; setting it does not resize the view.
    open var image: UIImage? { didSet { updateContents() } }
    /// The image shown while ``isHighlighted``; when nil the view shows ``image``.
    open var highlightedImage: UIImage? { didSet { updateContents() } }
    /// Whether the view shows ``highlightedImage`` instead of ``image``.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { updateContents() } } }

    private var shownImage: UIImage? { isHighlighted ? (highlightedImage ?? image) : image }

    private func updateContents() {
        let shown = shownImage
        layer.contents = shown?.cgImage
        layer.contentsScale = shown?.scale ?? layer.contentsScale
        if let shown, shown.capInsets != .zero, shown.size.width > 0, shown.size.height > 0 {
            let s = shown.size, i = shown.capInsets
            layer.contentsCenter = CGRect(x: i.left / s.width, y: i.top / s.height,
                                          width: max(0, s.width - i.horizontal) / s.width,
                                          height: max(0, s.height - i.vertical) / s.height)
        } else {
            layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        }
    }

    open override var intrinsicContentSize: CGSize { shownImage?.size ?? .zero }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { shownImage?.size ?? .zero }

    /// Window scale changes must not override the image's own scale.
    override func adoptScale(_ scale: CGFloat) {
        if shownImage == nil { super.adoptScale(scale) }
    }
}
