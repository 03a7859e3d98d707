import Foundation

extension UIImage {
    /// An animated image showing `images` in turn, one pass every `duration` seconds;
    /// nil when `images` is empty.
    ///
    /// The image has the first frame's size, scale and pixels (what ``draw(in:)`` and
    /// ``cgImage`` give); a ``UIImageView`` showing it plays the frames with the screen's
    /// clock, repeating until it shows another image. A `duration` of 0 or less (or not
    /// finite) is stored as 0, and the view then shows each frame for 1/30 s, as it does
    /// for ``UIImageView/animationImages``. As in UIKit, the frames should share a size and
    /// scale; Tabula shows each at the view's size whatever its own.
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        var attributes = first.attributes
        attributes.frames = images
        attributes.duration = duration.isFinite ? max(0, duration) : 0
        return UIImage(content: first.content, scale: first.scale, capInsets: first.capInsets,
                       resizingMode: first.resizingMode, renderingMode: first.renderingMode,
                       configuration: first.configuration, attributes: attributes)
    }

    /// An animated image of the images named `name` followed by a number, from 0 (or 1)
    /// up to 1024 — `spinner0`, `spinner1`, … — looked up as ``init(named:)`` does, until
    /// the first number missing; nil when there is none.
    public class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        animatedImage(with: numberedImages(name, in: nil), duration: duration)
    }

    /// As ``animatedImageNamed(_:duration:)``, each frame made resizable with `capInsets`
    /// (stretching its middle).
    public class func animatedResizableImageNamed(_ name: String, capInsets: UIEdgeInsets,
                                                  duration: TimeInterval) -> UIImage? {
        animatedResizableImageNamed(name, capInsets: capInsets, resizingMode: .stretch, duration: duration)
    }

    /// As ``animatedImageNamed(_:duration:)``, each frame made resizable with `capInsets`
    /// and `resizingMode` (see ``resizableImage(withCapInsets:resizingMode:)``).
    public class func animatedResizableImageNamed(_ name: String, capInsets: UIEdgeInsets,
                                                  resizingMode: ResizingMode, duration: TimeInterval) -> UIImage? {
        animatedImage(named: name, in: nil, capInsets: capInsets, resizingMode: resizingMode, duration: duration)
    }

    /// The numbered images `name0`, `name1`, … in `bundle` (nil: the main bundle) as one
    /// animated image, each frame resizable with `capInsets` when they are not `.zero`.
    static func animatedImage(named name: String, in bundle: Bundle?, capInsets: UIEdgeInsets = .zero,
                              resizingMode: ResizingMode = .stretch, duration: TimeInterval) -> UIImage? {
        var frames = numberedImages(name, in: bundle)
        if capInsets != .zero { frames = frames.map { $0.resizableImage(withCapInsets: capInsets, resizingMode: resizingMode) } }
        return animatedImage(with: frames, duration: duration)
    }

    /// The frames of an animated image (``animatedImage(with:duration:)``); nil for others.
    public var images: [UIImage]? { attributes.frames }

    /// The time one pass through an animated image's frames takes, in seconds; 0 for an
    /// image that is not animated.
    public var duration: TimeInterval { attributes.duration }

    /// `name0`, `name1`, … (or from `name1` when there is no `name0`), up to `name1024`.
    private static func numberedImages(_ name: String, in bundle: Bundle?) -> [UIImage] {
        func image(_ number: Int) -> UIImage? { UIImage(named: "\(name)\(number)", in: bundle, compatibleWith: nil) }
        var frames: [UIImage] = []
        var number = image(0) == nil ? 1 : 0
        while number <= 1024, let frame = image(number) {
            frames.append(frame)
            number += 1
        }
        return frames
    }
}
