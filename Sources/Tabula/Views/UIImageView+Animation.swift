import Foundation

/// A running image-view animation. The frame on show is a pure function of the time since
/// the first frame, so a slow frame skips images rather than slowing the animation.
@MainActor
final class ImageAnimation {
    let link: CADisplayLink
    var start: TimeInterval?
    var frame: UIImage?

    init(link: CADisplayLink) { self.link = link }
}

extension UIImageView {
    /// The images the animation shows now: the highlighted ones while highlighted, if any.
    var currentAnimationImages: [UIImage] {
        (isHighlighted ? (highlightedAnimationImages ?? animationImages) : animationImages) ?? []
    }

    /// The length of one pass: ``animationDuration``, or 1/30 s per image when it is 0 or less.
    var effectiveAnimationDuration: TimeInterval {
        animationDuration > 0 ? animationDuration : Double(currentAnimationImages.count) / 30
    }

    func beginAnimation() {
        guard animation == nil, !currentAnimationImages.isEmpty else { return }
        let link = CADisplayLink { [weak self] link in self?.animationTick(at: link.timestamp) }
        animation = ImageAnimation(link: link)
        animation?.frame = currentAnimationImages.first
        imageDidChange()
        link.add(to: .main, forMode: .common)
    }

    func endAnimation() {
        guard let animation else { return }
        animation.link.invalidate()
        self.animation = nil
        imageDidChange()
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
        if animationRepeatCount > 0, elapsed >= pass * Double(animationRepeatCount) {
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
