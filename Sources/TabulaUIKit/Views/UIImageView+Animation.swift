import Foundation

/// A running image-view animation. The frame on show is a pure function of the time since
/// the first frame, so a slow frame skips images rather than slowing the animation.
@MainActor
final class ImageAnimation {
    let link: CADisplayLink
    var start: TimeInterval?
    var frame: UIImage?
    /// The animated image (``UIImage/animatedImage(with:duration:)``) whose frames this
    /// animation shows; nil for an animation of ``UIImageView/animationImages``.
    let source: UIImage?

    init(link: CADisplayLink, source: UIImage? = nil) {
        self.link = link
        self.source = source
    }
}

extension UIImageView {
    /// The images the animation shows now: the highlighted ones while highlighted, if any.
    /// For an animated image on show, its frames.
    var currentAnimationImages: [UIImage] {
        if let source = animation?.source { return source.images ?? [] }
        return (isHighlighted ? (highlightedAnimationImages ?? animationImages) : animationImages) ?? []
    }

    /// The length of one pass: ``animationDuration``, or 1/30 s per image when it is 0 or
    /// less; for an animated image on show, its ``UIImage/duration`` (or 1/30 s per frame).
    var effectiveAnimationDuration: TimeInterval {
        let count = Double(currentAnimationImages.count)
        if let source = animation?.source { return source.duration > 0 ? source.duration : count / 30 }
        return animationDuration > 0 ? animationDuration : count / 30
    }

    func beginAnimation() {
        if animation?.source != nil { stopImageDrivenAnimation() }
        guard animation == nil, !currentAnimationImages.isEmpty else { return }
        let link = CADisplayLink.heldByOwner { [weak self] link in
            // A view that is gone stops its link rather than leaving it ticking.
            guard let self else { return link.invalidate() }
            self.animationTick(at: link.timestamp)
        }
        animation = ImageAnimation(link: link)
        animation?.frame = currentAnimationImages.first
        imageDidChange()
        link.add(to: .main, forMode: .common)
    }

    func endAnimation() {
        guard let animation, animation.source == nil else { return }
        animation.link.invalidate()
        self.animation = nil
        imageDidChange()
    }

    /// Starts showing the frames of `image` when it is animated and not already on show
    /// (and no ``animationImages`` animation is running, which takes precedence), and
    /// stops showing the frames of an animated image that is no longer current.
    /// Animated images repeat until replaced, as in UIKit.
    func syncImageDrivenAnimation(for image: UIImage?) {
        if let animation, animation.source == nil { return }
        guard let image, let frames = image.images, !frames.isEmpty else {
            stopImageDrivenAnimation()
            return
        }
        if animation?.source === image { return }
        stopImageDrivenAnimation()
        let link = CADisplayLink.heldByOwner { [weak self] link in
            // A view that is gone stops its link rather than leaving it ticking.
            guard let self else { return link.invalidate() }
            self.animationTick(at: link.timestamp)
        }
        let running = ImageAnimation(link: link, source: image)
        running.frame = frames[0]
        animation = running
        link.add(to: .main, forMode: .common)
    }

    private func stopImageDrivenAnimation() {
        guard let animation, animation.source != nil else { return }
        animation.link.invalidate()
        self.animation = nil
    }

    /// Picks the image for `time`; stops once ``animationRepeatCount`` passes have run.
    func animationTick(at time: TimeInterval) {
        guard let animation else { return }
        let images = currentAnimationImages
        guard !images.isEmpty else { endAnimation(); return }
        let start = animation.start ?? time
        animation.start = start
        let elapsed = time - start
        let pass = effectiveAnimationDuration
        if animation.source == nil, animationRepeatCount > 0, elapsed >= pass * Double(animationRepeatCount) {
            endAnimation()
            return
        }
        let position = pass > 0 ? (elapsed / pass).truncatingRemainder(dividingBy: 1) : 0
        let index = min(images.count - 1, Int(position * Double(images.count)))
        guard animation.frame !== images[index] else { return }
        animation.frame = images[index]
        imageDidChange()
    }

    /// Shows the right image after the images or the highlight changed mid-animation.
    func animationFrameDidChange() {
        guard let animation else { return }
        let images = currentAnimationImages
        if let frame = animation.frame, images.contains(where: { $0 === frame }) { return }
        animation.frame = images.first
        imageDidChange()
    }
}
