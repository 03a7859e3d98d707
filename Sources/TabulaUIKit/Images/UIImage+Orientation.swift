import Foundation

extension UIImage {
    /// Which way an image's stored pixels are turned to show it: UIKit's
    /// `UIImage.Orientation`, with UIKit's raw values.
    ///
    /// A camera stores its pixels the way its sensor lies and records how to turn them;
    /// ``UIImage/init(cgImage:scale:orientation:)`` and JPEG data with EXIF orientation
    /// make such images. ``UIImage/size``, drawing, ``UIImageView`` and the image's PNG
    /// and JPEG data apply the orientation; ``UIImage/cgImage`` keeps the pixels as stored.
    public enum Orientation: Int, Sendable, CaseIterable {
        /// As stored (the default).
        case up = 0
        /// Turned 180°.
        case down = 1
        /// Turned 90° counterclockwise: the stored top edge is shown on the left.
        case left = 2
        /// Turned 90° clockwise: the stored top edge is shown on the right.
        case right = 3
        /// Flipped horizontally.
        case upMirrored = 4
        /// Flipped vertically (turned 180° and flipped horizontally).
        case downMirrored = 5
        /// Turned 90° clockwise and flipped horizontally: the stored rows become the shown
        /// columns, top row on the left.
        case leftMirrored = 6
        /// Turned 90° counterclockwise and flipped horizontally.
        case rightMirrored = 7

        /// The orientation of an EXIF (TIFF) orientation tag, 1 to 8; `.up` for others.
        init(exifOrientation: Int) {
            switch exifOrientation {
            case 2: self = .upMirrored
            case 3: self = .down
            case 4: self = .downMirrored
            case 5: self = .leftMirrored
            case 6: self = .right
            case 7: self = .rightMirrored
            case 8: self = .left
            default: self = .up
            }
        }

        /// Whether the image is shown a quarter turn from its pixels (width and height swap).
        var swapsWidthAndHeight: Bool {
            switch self {
            case .left, .right, .leftMirrored, .rightMirrored: true
            case .up, .down, .upMirrored, .downMirrored: false
            }
        }

        /// The orientation that shows the same pixels mirrored left to right.
        var horizontallyFlipped: Orientation {
            switch self {
            case .up: .upMirrored
            case .upMirrored: .up
            case .down: .downMirrored
            case .downMirrored: .down
            case .left: .rightMirrored
            case .rightMirrored: .left
            case .right: .leftMirrored
            case .leftMirrored: .right
            }
        }

        /// The transform that takes the stored image, drawn filling a rectangle at the
        /// origin (`rect`'s size, with width and height swapped for a quarter turn),
        /// to `rect` turned this way. In y-down coordinates, a stored point (u, v) of the
        /// unit square is shown at (x, y).
        func transform(into rect: CGRect) -> CGAffineTransform {
            // (a, b, c, d, tx, ty) with x = a·u + c·v + tx and y = b·u + d·v + ty, in unit squares.
            let (a, b, c, d, tx, ty): (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat) = switch self {
            case .up: (1, 0, 0, 1, 0, 0)
            case .down: (-1, 0, 0, -1, 1, 1)
            case .left: (0, -1, 1, 0, 0, 1)           // x = v, y = 1 − u
            case .right: (0, 1, -1, 0, 1, 0)          // x = 1 − v, y = u
            case .upMirrored: (-1, 0, 0, 1, 1, 0)
            case .downMirrored: (1, 0, 0, -1, 0, 1)
            case .leftMirrored: (0, 1, 1, 0, 0, 0)    // x = v, y = u
            case .rightMirrored: (0, -1, -1, 0, 1, 1) // x = 1 − v, y = 1 − u
            }
            // The stored rectangle has the shown one's sides (swapped for a quarter turn),
            // so the unit-square coefficients carry over unscaled.
            return CGAffineTransform(a: a, b: b, c: c, d: d,
                                     tx: rect.minX + tx * rect.width, ty: rect.minY + ty * rect.height)
        }

        /// `bitmap` turned this way into a new bitmap (pixel for pixel, nothing resampled).
        func apply(to bitmap: Bitmap) -> Bitmap {
            let w = swapsWidthAndHeight ? bitmap.height : bitmap.width
            let h = swapsWidthAndHeight ? bitmap.width : bitmap.height
            let result = Bitmap(width: w, height: h, opaque: bitmap.isOpaque)
            guard w > 0, h > 0 else { return result }
            let ctx = CGContext(bitmap: result)
            ctx.concatenate(transform(into: CGRect(x: 0, y: 0, width: w, height: h)))
            ctx.draw(bitmap, in: CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
            return result
        }
    }

    /// Which way the stored pixels (``cgImage``) are turned to show the image; `.up`
    /// unless made with ``init(cgImage:scale:orientation:)``, decoded from a JPEG with
    /// EXIF orientation, or flipped with ``withHorizontallyFlippedOrientation()``.
    public var imageOrientation: Orientation { attributes.orientation }

    /// A copy shown mirrored left to right: the same pixels with the orientation that
    /// mirrors them (`.up` becomes `.upMirrored`, `.left` becomes `.rightMirrored`, and so on).
    public func withHorizontallyFlippedOrientation() -> UIImage {
        var attributes = attributes
        attributes.orientation = attributes.orientation.horizontallyFlipped
        return copy(attributes: attributes)
    }

    /// Whether an image view in a right-to-left layout shows the image mirrored: true
    /// for a copy made by ``imageFlippedForRightToLeftLayoutDirection()``.
    ///
    /// Tabula's ``UIImageView`` applies it (a view whose
    /// ``UIView/effectiveUserInterfaceLayoutDirection`` is right to left); drawing the
    /// image with ``draw(in:)`` does not, as there is no layout direction to go by.
    public var flipsForRightToLeftLayoutDirection: Bool { attributes.flipsForRightToLeft }

    /// A copy that image views in a right-to-left layout show mirrored (an arrow that
    /// points forward, say), and others as it is.
    public func imageFlippedForRightToLeftLayoutDirection() -> UIImage {
        var attributes = attributes
        attributes.flipsForRightToLeft = true
        return copy(attributes: attributes)
    }
}

extension UIImage {
    /// What an image carries besides its pixels, kept by the copies the `with…` methods make.
    struct Attributes: @unchecked Sendable {
        /// How the stored pixels are turned to show them.
        var orientation: Orientation = .up
        /// The insets of the alignment rectangle, in points.
        var alignmentRectInsets: UIEdgeInsets = .zero
        /// The baseline's height above the bottom edge, in points, if the image has one.
        var baselineOffset: CGFloat?
        /// Whether image views in right-to-left layouts mirror the image.
        var flipsForRightToLeft = false
        /// The frames of an animated image, and the time one pass through them takes.
        var frames: [UIImage]?
        var duration: TimeInterval = 0
        /// The vector document (PDF or SVG) an asset's pixels were drawn from: an image
        /// view showing the image larger than its size draws it again at that size.
        var vector: VectorImage.Source?
    }
}

extension UIImage {
    /// The image drawn again from its vector document at `scale` pixels a point (its
    /// size, rendering mode, orientation and other attributes kept); nil without a
    /// document, or when it cannot be drawn at that scale.
    func redrawingVector(at scale: CGFloat) -> UIImage? {
        guard let source = attributes.vector, let drawing = try? source.draw(scale: scale) else { return nil }
        return UIImage(content: .bitmap(drawing.bitmap), scale: scale, capInsets: capInsets, resizingMode: resizingMode,
                       renderingMode: renderingMode, configuration: configuration, attributes: attributes)
    }
}
