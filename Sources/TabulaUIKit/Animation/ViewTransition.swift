import Foundation

extension UIView.AnimationOptions {
    /// No transition: the changes animate as in `animate(withDuration:…)` (the default).
    public static let transitionNone = UIView.AnimationOptions(rawValue: 0 << 20)
    /// The view turns about its vertical axis, left edge towards the viewer; the new content is on its back.
    public static let transitionFlipFromLeft = UIView.AnimationOptions(rawValue: 1 << 20)
    /// The view turns about its vertical axis, right edge towards the viewer.
    public static let transitionFlipFromRight = UIView.AnimationOptions(rawValue: 2 << 20)
    /// The old content lifts off from the bottom like a page, uncovering the new (a straight fold: see the README).
    public static let transitionCurlUp = UIView.AnimationOptions(rawValue: 3 << 20)
    /// The new content comes down from the top like a page laid over the old.
    public static let transitionCurlDown = UIView.AnimationOptions(rawValue: 4 << 20)
    /// The old content fades into the new.
    public static let transitionCrossDissolve = UIView.AnimationOptions(rawValue: 5 << 20)
    /// The view turns about its horizontal axis, top edge towards the viewer.
    public static let transitionFlipFromTop = UIView.AnimationOptions(rawValue: 6 << 20)
    /// The view turns about its horizontal axis, bottom edge towards the viewer.
    public static let transitionFlipFromBottom = UIView.AnimationOptions(rawValue: 7 << 20)

    /// The transition the options ask for.
    var transitionKind: ViewTransition.Kind { ViewTransition.Kind(rawValue: Int((rawValue >> 20) & 7)) ?? .none }
}

extension UIView {
    /// Replaces the look of `view` with a transition: `animations` change the view (its
    /// subviews, its content) at once, and a picture of the view before the changes turns,
    /// fades or peels into a picture of it after them over `duration` seconds. `completion`
    /// runs once, when the transition ends (`true`) or is cut off by another transition of
    /// the same view (`false`).
    ///
    /// The kind comes from `options` (`.transitionCrossDissolve`, `.transitionFlipFromLeft`, …;
    /// `.transitionNone` animates the changes as ``animate(withDuration:delay:options:animations:completion:)``
    /// does), and so does the curve (`.curveEaseInOut` by default). During the transition the
    /// view is hidden behind the pictures (its model is already the new one, so layout, hit
    /// testing and accessibility see the new state); the new picture is a still one, so
    /// animations inside the view show only once the transition ends. A view outside a
    /// window changes at once and `completion` runs at once.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        ViewTransition.run(on: view, duration: duration, options: options, changes: { animations?() },
                           completion: completion)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview with a transition of the
    /// superview (see ``transition(with:duration:options:animations:completion:)``): `toView`
    /// takes `fromView`'s place among its siblings and `fromView` is removed; with
    /// `.showHideTransitionViews`, `fromView` is hidden and `toView` shown instead, and
    /// neither moves. `completion` runs once.
    ///
    /// `fromView` must be in a view hierarchy: otherwise nothing changes, the mistake is
    /// reported (`UIViewController.onInvalidUse`) and `completion` gets `false`.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            fromView.reportInvalidUse("UIView.transition(from:to:): \(type(of: fromView)) is not in a view "
                + "hierarchy (no superview), so there is nothing to replace; nothing changed")
            completion?(false)
            return
        }
        ViewTransition.run(on: container, duration: duration, options: options, changes: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
                if toView.superview == nil { container.insertSubview(toView, aboveSubview: fromView) }
            } else {
                if toView !== fromView {
                    container.insertSubview(toView, aboveSubview: fromView)
                    fromView.removeFromSuperview()
                }
            }
        }, completion: completion)
    }
}

/// A view transition in flight: an overlay beside the view (in its superview, or inside a
/// view that has none) holding pictures of the view before and after its changes, animated
/// with layer animations on the host's clock, while the view itself is kept invisible by a
/// presentation-only opacity animation. At the end the overlay goes and the view shows.
@MainActor
final class ViewTransition: CAAnimationDelegate {
    enum Kind: Int {
        case none = 0, flipFromLeft, flipFromRight, curlUp, curlDown, crossDissolve, flipFromTop, flipFromBottom
    }

    static let hideKey = "tabula.transition.hide"

    private weak var view: UIView?
    private let overlay = UIView(frame: .zero)
    private var completion: ((Bool) -> Void)?
    private var ended = false

    private init(view: UIView, completion: ((Bool) -> Void)?) {
        self.view = view
        self.completion = completion
    }

    static func run(on view: UIView, duration: TimeInterval, options: UIView.AnimationOptions,
                    changes: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        let kind = options.transitionKind
        view.runningTransition?.finish(false)
        guard kind != .none else {
            UIView.animate(withDuration: duration, delay: 0, options: options.subtracting(.init(rawValue: 7 << 20)),
                           animations: changes, completion: completion)
            return
        }
        guard view.window != nil, duration > 0, duration.isFinite else {
            UIView.performWithoutAnimation(changes)
            completion?(true)
            return
        }
        let scale = view.window?.layer.contentsScale ?? view.layer.contentsScale
        let before = view.renderHierarchy(view.bounds, scale: scale, afterUpdates: true)
        UIView.performWithoutAnimation {
            changes()
            view.layoutIfNeeded()
        }
        let after = view.renderHierarchy(view.bounds, scale: scale, afterUpdates: true)
        let transition = ViewTransition(view: view, completion: completion)
        view.runningTransition = transition
        transition.start(kind, before: before, after: after, scale: scale, duration: duration,
                         timing: CAMediaTimingFunction(curve: options.curve.timingCurve))
    }

    private func start(_ kind: Kind, before: CGImage?, after: CGImage?, scale: CGFloat, duration: TimeInterval,
                       timing: CAMediaTimingFunction) {
        guard let view else { return }
        let size = view.bounds.size
        UIView.performWithoutAnimation {
            overlay.isUserInteractionEnabled = false
            overlay.isAccessibilityElement = false
            overlay.accessibilityElementsHidden = true
            overlay.clipsToBounds = true
            overlay.bounds = CGRect(origin: .zero, size: size)
            if let superview = view.superview {
                overlay.center = view.center
                overlay.layer.transform = view.layer.transform
                superview.insertSubview(overlay, aboveSubview: view)
            } else {
                overlay.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
                view.addSubview(overlay)
            }
        }
        func picture(_ image: CGImage?) -> UIView {
            let v = UIView(frame: CGRect(origin: .zero, size: size))
            v.layer.contents = image
            v.layer.contentsScale = scale
            v.isOpaque = false
            return v
        }
        let animate = { (layer: CALayer, anim: CAPropertyAnimation) in
            anim.duration = duration
            anim.timingFunction = timing
            anim.fillMode = .both
            anim.isRemovedOnCompletion = false
            layer.add(anim, forKey: "tabula.transition")
        }
        switch kind {
        case .none:
            break
        case .crossDissolve:
            // The new picture fades in over the old one, which stays opaque: for opaque
            // content every pixel is old × (1 − t) + new × t.
            let old = picture(before), new = picture(after)
            overlay.addSubview(old)
            overlay.addSubview(new)
            animate(new.layer, Self.opacity(keyTimes: [0, 1], values: [0, 1]))
        case .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom:
            let old = picture(before), new = picture(after)
            overlay.clipsToBounds = false
            overlay.addSubview(new)
            overlay.addSubview(old)
            let axisY = kind == .flipFromLeft || kind == .flipFromRight
            let sign: CGFloat = kind == .flipFromLeft || kind == .flipFromTop ? 1 : -1
            let depth = 2.5 * max(size.width, size.height)
            animate(old.layer, Self.turn(from: 0, to: sign * .pi / 2, firstHalf: true, axisY: axisY, depth: depth))
            animate(new.layer, Self.turn(from: -sign * .pi / 2, to: 0, firstHalf: false, axisY: axisY, depth: depth))
            // Past the half-way point the old picture faces away; before it, the new one does.
            old.layer.add(Self.held(Self.opacity(keyTimes: [0, 0.5, 0.5, 1], values: [1, 1, 0, 0]), duration, timing),
                          forKey: "tabula.transition.side")
            new.layer.add(Self.held(Self.opacity(keyTimes: [0, 0.5, 0.5, 1], values: [0, 0, 1, 1]), duration, timing),
                          forKey: "tabula.transition.side")
        case .curlUp:
            addCurl(page: before, under: after, foldFrom: size.height, foldTo: 0, size: size, scale: scale,
                    animate: animate)
        case .curlDown:
            addCurl(page: after, under: before, foldFrom: 0, foldTo: size.height, size: size, scale: scale,
                    animate: animate)
        }
        // Keeps the view itself invisible; its end is the transition's end.
        let hide = CABasicAnimation(keyPath: "opacity")
        hide.fromValue = Float(0)
        hide.toValue = Float(0)
        hide.duration = duration
        hide.delegate = self
        view.layer.add(hide, forKey: Self.hideKey)
    }

    /// A page folded along a horizontal line moving from `foldFrom` to `foldTo`: above the
    /// fold the page lies flat; the part below it is turned over onto the page above the
    /// line (its back: a pale, mirrored picture), and `under` shows where the page is gone.
    /// Every edge moves linearly with the fold, so layer frame animations with one timing
    /// function keep the pieces together.
    private func addCurl(page: CGImage?, under: CGImage?, foldFrom: CGFloat, foldTo: CGFloat, size: CGSize,
                         scale: CGFloat, animate: (CALayer, CAPropertyAnimation) -> Void) {
        let w = size.width, h = size.height
        let below = UIView(frame: CGRect(origin: .zero, size: size))
        below.layer.contents = under
        below.layer.contentsScale = scale
        overlay.addSubview(below)

        let flat = UIView(frame: CGRect(x: 0, y: 0, width: w, height: foldTo))
        flat.clipsToBounds = true
        let flatPicture = UIView(frame: CGRect(origin: .zero, size: size))
        flatPicture.layer.contents = page
        flatPicture.layer.contentsScale = scale
        flat.addSubview(flatPicture)
        overlay.addSubview(flat)

        // The turned-over part spans [2·fold − h, fold]; inside it the page's back is the
        // picture mirrored top to bottom, at a fixed place (see the README's derivation).
        let flap = UIView(frame: CGRect(x: 0, y: 2 * foldTo - h, width: w, height: h - foldTo))
        flap.clipsToBounds = true
        flap.backgroundColor = UIColor(white: 0.93, alpha: 1)
        let back = UIView(frame: CGRect(origin: .zero, size: size))
        back.layer.contents = page
        back.layer.contentsScale = scale
        back.alpha = 0.25
        back.transform = CGAffineTransform(scaleX: 1, y: -1)
        flap.addSubview(back)
        overlay.addSubview(flap)

        // The crease's shadow on what lies under the page.
        let crease = UIView(frame: CGRect(x: 0, y: foldTo, width: w, height: 6))
        crease.backgroundColor = UIColor(white: 0, alpha: 0.18)
        overlay.insertSubview(crease, aboveSubview: below)

        func frames(_ layer: CALayer, from: CGRect, to: CGRect) {
            let position = CABasicAnimation(keyPath: "position")
            position.fromValue = CGPoint(x: from.midX, y: from.midY)
            position.toValue = CGPoint(x: to.midX, y: to.midY)
            animate(layer, position)
            let bounds = CABasicAnimation(keyPath: "bounds")
            bounds.fromValue = CGRect(origin: .zero, size: from.size)
            bounds.toValue = CGRect(origin: .zero, size: to.size)
            layer.add(Self.held(bounds, position.duration, position.timingFunction), forKey: "tabula.transition.size")
        }
        frames(flat.layer, from: CGRect(x: 0, y: 0, width: w, height: foldFrom), to: flat.frame)
        frames(flap.layer, from: CGRect(x: 0, y: 2 * foldFrom - h, width: w, height: h - foldFrom), to: flap.frame)
        frames(crease.layer, from: CGRect(x: 0, y: foldFrom, width: w, height: 6), to: crease.frame)
    }

    private static func opacity(keyTimes: [Double], values: [Float]) -> CAKeyframeAnimation {
        let anim = CAKeyframeAnimation(keyPath: "opacity")
        anim.values = values
        anim.keyTimes = keyTimes.map { NSNumber(value: $0) }
        return anim
    }

    /// A half turn's keyframes: the rotation sampled so that the picture is edge-on exactly
    /// at the half-way point, seen in perspective from `depth` points away.
    private static func turn(from: CGFloat, to: CGFloat, firstHalf: Bool, axisY: Bool, depth: CGFloat)
        -> CAKeyframeAnimation {
        var perspective = CATransform3D.identity
        perspective.m34 = -1 / depth
        let steps = 8
        var values: [Any] = [], times: [NSNumber] = []
        for i in 0...steps {
            let f = CGFloat(i) / CGFloat(steps)
            let angle = from + (to - from) * f
            let rotation = CATransform3D(rotationAngle: angle, x: axisY ? 0 : 1, y: axisY ? 1 : 0, z: 0)
            values.append(rotation.concatenating(perspective))
            times.append(NSNumber(value: Double(firstHalf ? f / 2 : 0.5 + f / 2)))
        }
        if firstHalf {
            values.append(values.last!)
            times.append(1)
        } else {
            values.insert(values.first!, at: 0)
            times.insert(0, at: 0)
        }
        let anim = CAKeyframeAnimation(keyPath: "transform")
        anim.values = values
        anim.keyTimes = times
        return anim
    }

    /// `anim` set to run `duration` seconds with `timing` and to hold its ends.
    private static func held<A: CAPropertyAnimation>(_ anim: A, _ duration: TimeInterval,
                                                     _ timing: CAMediaTimingFunction?) -> A {
        anim.duration = duration
        anim.timingFunction = timing
        anim.fillMode = .both
        anim.isRemovedOnCompletion = false
        return anim
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { finish(flag) }

    /// Removes the overlay, shows the view and runs the completion, once.
    private func finish(_ finished: Bool) {
        guard !ended else { return }
        ended = true
        overlay.removeFromSuperview()
        if let view {
            if view.runningTransition === self { view.runningTransition = nil }
            view.layer.removeAnimation(forKey: Self.hideKey)
        }
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}
