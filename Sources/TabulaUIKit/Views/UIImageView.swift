/// Shows an image, scaled by `contentMode`; switches to `highlightedImage` when highlighted.
///
/// The image becomes the layer's contents directly (no drawing pass), as in
/// UIKit. A resizable image's cap insets become the layer's `contentsCenter`.
///
/// Templates — symbols, and images made with `withRenderingMode(.alwaysTemplate)` —
/// are painted in the view's ``UIView/tintColor`` and repainted when it changes; a
/// symbol is drawn at the window's pixel density, at the size that
/// ``preferredSymbolConfiguration`` (under the image's own configuration) gives it.
///
/// An image registered in a ``UIImageAsset`` is shown in the variant for the view's
/// traits (dark appearance, display scale), chosen again when they change. An animated
/// image (``UIImage/animatedImage(with:duration:)``) plays its frames with the screen's
/// clock, repeating while it is shown. In a right-to-left layout, an image made with
/// ``UIImage/imageFlippedForRightToLeftLayoutDirection()`` is shown mirrored.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// Creates an image view sized to `image` (in points), at the origin. Designated, as in
    /// UIKit, so subclasses can override it and call it.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isOpaque = false
        isUserInteractionEnabled = false
        self.image = image
        imageDidChange()
    }

    /// Creates an image view sized to `image`, showing `highlightedImage` while highlighted.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isOpaque = false
        isUserInteractionEnabled = false
        self.image = image
        self.highlightedImage = highlightedImage
        imageDidChange()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }

    /// Creates the view from a storyboard or nib, as ``UIView/init(coder:)`` does; the
    /// file's image view properties are set before it returns.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
        isUserInteractionEnabled = false
        InterfaceBuilderCoder.decode(coder, into: self, at: UIImageView.self)
    }

    /// The image shown; setting it does not resize the view.
    open var image: UIImage? { didSet { imageDidChange() } }
    /// The image shown while ``isHighlighted``; when nil the view shows ``image``.
    open var highlightedImage: UIImage? { didSet { imageDidChange() } }
    /// Whether the view shows ``highlightedImage`` instead of ``image``.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { animationFrameDidChange(); imageDidChange() } } }
    /// The point size, weight and scale for symbol images shown here. The image's own
    /// configuration takes precedence for the values it specifies.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? { didSet { imageDidChange() } }

    /// The image as shown: the current one, with the preferred symbol configuration
    /// under a symbol's own. Made again whenever one of those changes.
    private(set) var displayedImage: UIImage?

    /// The pixels last put in the layer and what they were made from, so that a
    /// repeated update (a tint set to the same colour) draws nothing.
    private var shownKey: (image: ObjectIdentifier, tint: UIColor?, scale: CGFloat, mirrored: Bool)?
    /// The window's pixel density, once the view is in one: symbols are drawn at it.
    private var windowScale: CGFloat?

    // MARK: Animation (UIImageView+Animation.swift)

    /// The images that ``startAnimating()`` shows in turn, in place of ``image``. Setting
    /// nil or an empty array stops an animation.
    open var animationImages: [UIImage]? {
        didSet { if animationImages?.isEmpty ?? true { stopAnimating() } else { animationFrameDidChange() } }
    }
    /// The images animated instead of ``animationImages`` while ``isHighlighted``; nil
    /// animates ``animationImages`` then too.
    open var highlightedAnimationImages: [UIImage]? { didSet { animationFrameDidChange() } }
    /// The time one pass through the images takes, in seconds; 0 (the default) means
    /// 1/30 s per image.
    open var animationDuration: TimeInterval = 0
    /// How many passes an animation makes before it stops by itself; 0 (the default)
    /// repeats until ``stopAnimating()``.
    open var animationRepeatCount = 0
    /// Whether the view is animating its ``animationImages`` (an animated image playing
    /// by itself does not count).
    open var isAnimating: Bool { animation.map { $0.source == nil } ?? false }

    /// Shows ``animationImages`` in turn, one pass per ``animationDuration``, advancing
    /// with the screen's frames; does nothing without images or when already animating.
    open func startAnimating() { beginAnimation() }

    /// Stops an animation and shows ``image`` (or ``highlightedImage``) again.
    open func stopAnimating() { endAnimation() }

    /// The running animation: its display link, when it began, and the image shown now.
    var animation: ImageAnimation?

    func imageDidChange() {
        let current = variantForTraits(isHighlighted ? (highlightedImage ?? image) : image)
        syncImageDrivenAnimation(for: current)
        displayedImage = animation?.frame ?? current
        if let shown = displayedImage, shown.isSymbolImage, let preferredSymbolConfiguration {
            displayedImage = shown.withConfiguration(preferredSymbolConfiguration.applying(shown.symbolConfiguration))
        }
        // A new image may sit where the last one did: its identifier proves nothing.
        shownKey = nil
        updateContents()
        invalidateIntrinsicContentSize()
    }

    private func updateContents() {
        guard let shown = displayedImage else {
            shownKey = nil
            layer.contents = nil
            return
        }
        let vectorScale = vectorScale(of: shown)
        let scale = vectorScale ?? (shown.isSymbolImage ? (windowScale ?? shown.scale) : shown.scale)
        let tint: UIColor? = shown.drawsAsTemplate ? tintColor : nil
        let mirrored = shown.flipsForRightToLeftLayoutDirection && effectiveUserInterfaceLayoutDirection == .rightToLeft
        let key = (ObjectIdentifier(shown), tint, scale, mirrored)
        if let shownKey, shownKey.image == key.0, shownKey.tint == key.1, shownKey.scale == key.2,
           shownKey.mirrored == key.3, layer.contents != nil { return }
        var drawn = mirrored ? shown.withHorizontallyFlippedOrientation() : shown
        if let vectorScale, let redrawn = drawn.redrawingVector(at: vectorScale) { drawn = redrawn }
        var rendered: (bitmap: Bitmap, scale: CGFloat)?
        traitCollection.performAsCurrent { rendered = drawn.pixels(displayScale: scale, tint: tint ?? .black) }
        guard let pixels = rendered else { return }
        shownKey = key
        layer.contents = pixels.bitmap
        layer.contentsScale = pixels.scale
        if shown.capInsets != .zero, shown.size.width > 0, shown.size.height > 0 {
            let s = shown.size
            var i = shown.capInsets
            if mirrored { swap(&i.left, &i.right) }
            layer.contentsCenter = CGRect(x: i.left / s.width, y: i.top / s.height,
                                          width: max(0, s.width - i.horizontal) / s.width,
                                          height: max(0, s.height - i.vertical) / s.height)
        } else {
            layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        }
    }

    /// For an image drawn from a vector document (a PDF or SVG asset) that this view
    /// shows larger than the image's pixels allow at the window's density: the scale to
    /// draw it again at (pixels per point of the image's own size). UIKit draws an asset
    /// that preserves its vector data again at the size shown; so does Tabula, up to 4,096
    /// pixels a side. Nil otherwise (then the image's own pixels are shown).
    private func vectorScale(of image: UIImage) -> CGFloat? {
        guard image.attributes.vector != nil, image.capInsets == .zero, let density = windowScale else { return nil }
        let size = image.size
        guard size.width > 0, size.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return nil }
        let across = bounds.width / size.width, down = bounds.height / size.height
        let enlarged: CGFloat
        switch contentMode {
        case .scaleToFill, .scaleAspectFill, .redraw: enlarged = max(across, down)
        case .scaleAspectFit: enlarged = min(across, down)
        default: enlarged = 1  // Placed at its own size.
        }
        let wanted = min((density * max(enlarged, 0)).rounded(.up), 4096 / max(size.width, size.height))
        // Drawn again only where that shows sharper than the pixels it has.
        return wanted > image.scale * 1.01 ? wanted : nil
    }

    /// A vector image shown at a new size draws again at it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if displayedImage?.attributes.vector != nil { updateContents() }
    }

    /// The image's size; with no image, no intrinsic size in either direction
    /// (``UIView/noIntrinsicMetric``), as in UIKit: an empty image view placed by
    /// constraints takes the room they give it instead of collapsing to zero.
    open override var intrinsicContentSize: CGSize {
        displayedImage?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's ``UIImage/alignmentRectInsets``, as in UIKit: Auto Layout aligns the
    /// content the image marks, not its transparent margins.
    open override var alignmentRectInsets: UIEdgeInsets { displayedImage?.alignmentRectInsets ?? .zero }

    /// The dynamic range the view asks for HDR images: stored. Tabula draws 8-bit sRGB
    /// only, so every image is shown in the standard range whatever this says.
    open var preferredImageDynamicRange: UIImage.DynamicRange = .unspecified

    /// The dynamic range images are shown in: `.standard` while the view shows an image
    /// (Tabula has no HDR output), `.unspecified` when it shows none.
    open var imageDynamicRange: UIImage.DynamicRange { displayedImage == nil ? .unspecified : .standard }

    /// The image shown for `image` under the view's traits: the variant its
    /// ``UIImage/imageAsset`` holds for them, or the image itself.
    private func variantForTraits(_ image: UIImage?) -> UIImage? {
        guard let image, let asset = image.imageAsset else { return image }
        return asset.image(with: traitCollection)
    }

    /// A mirrored image follows the view's layout direction when it moves.
    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if displayedImage?.flipsForRightToLeftLayoutDirection == true { updateContents() }
    }

    /// Shows a mirrored image the new way round after the layout direction changed.
    func layoutDirectionDidChangeForImage() {
        if displayedImage?.flipsForRightToLeftLayoutDirection == true { updateContents() }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { displayedImage?.size ?? .zero }

    /// A template image is painted again in its tint resolved for the new appearance.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        let current = isHighlighted ? (highlightedImage ?? image) : image
        if current?.imageAsset != nil {
            imageDidChange()
        } else if displayedImage?.drawsAsTemplate == true || displayedImage?.isSymbolImage == true {
            shownKey = nil
            updateContents()
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if displayedImage?.drawsAsTemplate == true { updateContents() }
    }

    /// A bitmap keeps its own scale when the window's changes; a symbol is redrawn at it.
    override func adoptScale(_ scale: CGFloat) {
        windowScale = scale
        guard let shown = displayedImage else {
            super.adoptScale(scale)
            return
        }
        if shown.isSymbolImage { updateContents() }
    }
}
