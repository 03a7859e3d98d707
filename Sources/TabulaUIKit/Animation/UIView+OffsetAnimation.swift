import Foundation

extension UIView {
    /// Carries the view on screen from `center` and `size` (where its model had it) to
    /// where its model has it now, in `duration` seconds, on top of whatever it is already
    /// doing: its position and its size animate additively from the offsets `old − now` to
    /// zero, with UIKit's ease-in-ease-out. UIKit's block animations of position and size
    /// add up like this since iOS 8, so a change in the middle of another continues the
    /// motion on screen instead of stopping and starting it again: the table's and the
    /// collection view's batch updates move their views so, however often they come.
    ///
    /// The animations' keys start with `keyPrefix` and are unique; a view whose animations
    /// all carry the prefix moves only as its owner moved it. Returns whether it added one
    /// (none when the view is where and as large as it was, or an offset is not finite).
    @discardableResult
    package func animateOffset(fromCenter center: CGPoint, size: CGSize, duration: Double, keyPrefix: String) -> Bool {
        let now = self.center, nowSize = bounds.size
        let offset = CGPoint(x: center.x - now.x, y: center.y - now.y)
        let growth = CGSize(width: size.width - nowSize.width, height: size.height - nowSize.height)
        guard offset.x.isFinite, offset.y.isFinite, growth.width.isFinite, growth.height.isFinite else { return false }
        if offset != .zero {
            let slide = CABasicAnimation(keyPath: "position")
            slide.isAdditive = true
            slide.fromValue = offset
            slide.toValue = CGPoint.zero
            addUpdateAnimation(slide, of: .position, from: .point(offset), to: .point(.zero),
                               keyPrefix: keyPrefix, kind: "position.", duration: duration)
        }
        if growth != .zero {
            let resize = CABasicAnimation(keyPath: "bounds")
            resize.isAdditive = true
            resize.fromValue = CGRect(origin: .zero, size: growth)
            resize.toValue = CGRect.zero
            addUpdateAnimation(resize, of: .bounds, from: .rect(CGRect(origin: .zero, size: growth)), to: .rect(.zero),
                               keyPrefix: keyPrefix, kind: "bounds.", duration: duration)
        }
        return offset != .zero || growth != .zero
    }

    /// Keeps the view animating, where it is, for `duration` seconds: an additive
    /// animation of its position by zero, under a key of its own that starts with
    /// `keyPrefix` (an update holds a leaving view on screen until it is due to go). Added
    /// as the offsets above are, without copying the animation.
    package func holdInPlace(duration: Double, keyPrefix: String) {
        let hold = CABasicAnimation(keyPath: "position")
        hold.isAdditive = true
        hold.fromValue = CGPoint.zero
        hold.toValue = CGPoint.zero
        addUpdateAnimation(hold, of: .position, from: .point(.zero), to: .point(.zero), keyPrefix: keyPrefix, duration: duration)
    }

    /// Adds one of the update animations here (an offset, a hold, a fade) of `key` from
    /// `from` to `to`, the values `animation` holds, with UIKit's ease-in-ease-out, under a
    /// key of its own: `keyPrefix`, then `kind`, then a serial number that no other update
    /// animation's key has (so the layer need not look for one to replace).
    private func addUpdateAnimation(_ animation: CABasicAnimation, of key: LayerKey, from: AnimatableValue,
                                    to: AnimatableValue, keyPrefix: String, kind: String = "", duration: Double) {
        Self.updateAnimationSerial += 1
        animation.duration = duration
        animation.timingFunction = Self.easeInEaseOut
        layer.addMadeAnimation(animation, of: key, from: from, to: to,
                               forKey: "\(keyPrefix)\(kind)\(Self.updateAnimationSerial)", keyIsNew: true)
    }

    /// UIKit's ease-in-ease-out, made once: a timing function cannot change after it is
    /// made, so one serves every animation.
    private static let easeInEaseOut = CAMediaTimingFunction(name: .easeInEaseOut)

    private static var updateAnimationSerial = 0

    /// Fades the view's layer from opacity `from` to `to` (its model's, set already) in
    /// `duration` seconds with UIKit's ease-in-ease-out, under a key of its own that starts
    /// with `keyPrefix`: an update's fade of a row coming or going. Added as the offsets
    /// above are, without copying the animation.
    package func fadeOpacity(from: Double, to: Double, duration: Double, keyPrefix: String) {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = from
        fade.toValue = to
        addUpdateAnimation(fade, of: .opacity, from: .scalar(from), to: .scalar(to), keyPrefix: keyPrefix, duration: duration)
    }
}
