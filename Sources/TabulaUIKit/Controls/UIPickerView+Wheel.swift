import Foundation

/// One component of a picker: its rows' count and height, how far it is turned, how it
/// is moving, and the row views on screen and kept for reuse.
///
/// `offset` is the arc, in points, from the first row to the middle line: row `r` is in
/// the middle when `offset == r · rowHeight`. At rest it is always exactly that for the
/// selected row.
@MainActor
final class PickerWheel {
    /// How the wheel is moving.
    enum Motion {
        /// Still, on ``selectedRow``.
        case resting
        /// Following a finger that started at `startOffset`.
        case dragging(startOffset: CGFloat)
        /// Coasting after a fling, to come to rest on `target` (`began` is nil until the
        /// first frame reads the clock).
        case decelerating(Deceleration, began: TimeInterval?, target: Int)
        /// Springing to `target` (a slow release, a tap, an animated selection).
        case settling(EdgeBounce, began: TimeInterval?, target: Int, byUser: Bool)
    }

    var rowCount = 0
    var rowHeight = UIPickerView.defaultRowHeight
    var width: CGFloat = 0
    var offset: CGFloat = 0
    var selectedRow = 0
    var motion = Motion.resting
    /// The row views on screen, by row.
    var rows: [Int: UIView] = [:]
    /// Row views that have gone off screen, for the delegate to reuse.
    var reusable: [UIView] = []
    /// Holds the rows; it passes touches through to the picker.
    let container: UIView = {
        let view = UIView(frame: .zero)
        view.isUserInteractionEnabled = false
        view.backgroundColor = nil
        view.isOpaque = false
        return view
    }()

    /// The furthest the wheel turns at rest: the last row in the middle.
    var maximumOffset: CGFloat { CGFloat(max(rowCount - 1, 0)) * rowHeight }

    var isMoving: Bool {
        if case .resting = motion { return false }
        return true
    }

    /// The row nearest the middle line for `offset`, within the rows.
    func nearestRow(to offset: CGFloat) -> Int {
        guard rowCount > 0, rowHeight > 0, offset.isFinite else { return 0 }
        return row(at: (offset / rowHeight).rounded())
    }

    /// `position` (in rows, whole) as a row index within the rows: clamped before it
    /// becomes an `Int`, which a position past `Int.max` (a tiny row height, a huge
    /// offset) could not.
    func row(at position: CGFloat) -> Int {
        guard rowCount > 0, !position.isNaN else { return 0 }
        return Int(min(max(position, 0), CGFloat(rowCount - 1)))
    }

    /// Keeps the view of `row` for reuse (hidden, so it costs nothing to draw).
    func recycle(_ row: Int) {
        guard let view = rows.removeValue(forKey: row) else { return }
        view.isHidden = true
        reusable.append(view)
    }

    /// Drops every row view, on screen and kept (after a reload, or a change of size).
    func discardRows() {
        for view in rows.values { view.removeFromSuperview() }
        for view in reusable { view.removeFromSuperview() }
        rows = [:]
        reusable = []
    }
}

extension UIPickerView {
    func installGestures() {
        let pan = UIPanGestureRecognizer()
        pan.addTarget { [unowned self] recognizer in self.handlePan(recognizer as! UIPanGestureRecognizer) }
        addGestureRecognizer(pan)
        let tap = UITapGestureRecognizer()
        tap.addTarget { [unowned self] recognizer in self.handleTap(recognizer as! UITapGestureRecognizer) }
        addGestureRecognizer(tap)
    }

    /// The component under `point` (the nearest one, between components), if any.
    func component(at point: CGPoint) -> Int? {
        layoutIfNeeded()
        guard !wheels.isEmpty else { return nil }
        return wheels.indices.min { a, b in
            distance(point.x, from: wheels[a].container.frame) < distance(point.x, from: wheels[b].container.frame)
        }
    }

    private func distance(_ x: CGFloat, from frame: CGRect) -> CGFloat {
        x < frame.minX ? frame.minX - x : x > frame.maxX ? x - frame.maxX : 0
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard let component = component(at: pan.location(in: self)), wheels[component].rowCount > 0 else {
                draggedComponent = nil
                return
            }
            draggedComponent = component
            // The wheel follows the finger from here: the slop before the pan began is not
            // a turn.
            pan.setTranslation(.zero, in: self)
            wheels[component].motion = .dragging(startOffset: wheels[component].offset)
        case .changed:
            guard let component = draggedComponent, case .dragging(let start) = wheels[component].motion else { return }
            let wheel = wheels[component]
            let raw = start - pan.translation(in: self).y
            if raw < 0 {
                wheel.offset = -CGFloat(rubberBandDistance(Double(-raw), dimension: Double(bounds.height)))
            } else if raw > wheel.maximumOffset {
                wheel.offset = wheel.maximumOffset
                    + CGFloat(rubberBandDistance(Double(raw - wheel.maximumOffset), dimension: Double(bounds.height)))
            } else {
                wheel.offset = raw
            }
            layoutRows(of: component)
        case .ended, .cancelled:
            guard let component = draggedComponent else { return }
            draggedComponent = nil
            let velocity = pan.state == .ended ? -pan.velocity(in: self).y : 0
            release(component, velocity: velocity.isFinite ? velocity : 0)
        default:
            break
        }
    }

    /// A finger let go of `component` moving at `velocity` (points per second of offset):
    /// a fast one coasts to the row its fling would reach, a slow one springs to the
    /// nearest row.
    func release(_ component: Int, velocity: CGFloat) {
        let wheel = wheels[component]
        let inside = wheel.offset >= 0 && wheel.offset <= wheel.maximumOffset
        guard inside, abs(velocity) >= Self.flingThreshold else {
            return settle(component, to: wheel.nearestRow(to: wheel.offset), velocity: inside ? velocity : 0, byUser: true)
        }
        let rate = Double(Self.decelerationRate)
        let natural = Deceleration(start: Double(wheel.offset), velocity: Double(velocity), rate: rate).restingPosition
        let target = wheel.nearestRow(to: CGFloat(natural))
        let end = Double(CGFloat(target) * wheel.rowHeight)
        guard abs(end - Double(wheel.offset)) > 1 else {
            return settle(component, to: target, velocity: 0, byUser: true)
        }
        // The same deceleration, with the velocity that comes to rest exactly on the row.
        let exact = Deceleration.velocity(from: Double(wheel.offset), to: end, rate: rate)
        wheel.motion = .decelerating(Deceleration(start: Double(wheel.offset), velocity: exact, rate: rate),
                                     began: nil, target: target)
        startTicking()
    }

    private func handleTap(_ tap: UITapGestureRecognizer) {
        guard tap.state == .ended else { return }
        let point = tap.location(in: self)
        guard let component = component(at: point) else { return }
        let wheel = wheels[component]
        guard wheel.rowCount > 0 else { return }
        if wheel.isMoving {
            // A tap on a turning wheel stops it on the nearest row.
            return settle(component, to: wheel.nearestRow(to: wheel.offset), velocity: 0, byUser: true)
        }
        guard let arc = geometry.arc(atY: point.y - bounds.midY) else { return }
        let row = wheel.nearestRow(to: wheel.offset + arc)
        guard row != wheel.selectedRow else { return }
        settle(component, to: row, velocity: 0, byUser: true)
    }

    /// Springs `component` to `row`; `byUser`, the delegate hears of it when it rests.
    func settle(_ component: Int, to row: Int, velocity: CGFloat, byUser: Bool) {
        let wheel = wheels[component]
        let target = Double(CGFloat(row) * wheel.rowHeight)
        wheel.motion = .settling(EdgeBounce(start: Double(wheel.offset), velocity: Double(velocity), target: target,
                                            omega: 14),
                                 began: nil, target: row, byUser: byUser)
        startTicking()
    }

    private func startTicking() {
        FrameEngine.of(layer).ticker.add(self) { [weak self] time in self?.step(at: time) ?? false }
    }

    /// Moves every turning wheel to where it is at `time`; returns whether any still moves.
    private func step(at time: TimeInterval) -> Bool {
        for (component, wheel) in wheels.enumerated() {
            switch wheel.motion {
            case .resting, .dragging:
                continue
            case .decelerating(let fling, let began, let target):
                guard let began else {
                    wheel.motion = .decelerating(fling, began: time, target: target)
                    continue
                }
                let t = time - began
                if t >= fling.duration(tolerance: 0.25) {
                    finish(component, on: target, byUser: true)
                } else {
                    wheel.offset = CGFloat(fling.position(at: t))
                }
            case .settling(let spring, let began, let target, let byUser):
                guard let began else {
                    wheel.motion = .settling(spring, began: time, target: target, byUser: byUser)
                    continue
                }
                let t = time - began
                if spring.isSettled(at: t, tolerance: 0.25) {
                    finish(component, on: target, byUser: byUser)
                } else {
                    wheel.offset = CGFloat(spring.position(at: t))
                }
            }
            layoutRows(of: component)
        }
        // Asked afterwards: a delegate told of one wheel's rest may have set another turning.
        return wheels.contains { wheel in
            switch wheel.motion {
            case .decelerating, .settling: true
            case .resting, .dragging: false
            }
        }
    }

    /// `component` came to rest on `row`: exactly there, selected, and (after a touch)
    /// the delegate hears of it, once.
    private func finish(_ component: Int, on row: Int, byUser: Bool) {
        let wheel = wheels[component]
        wheel.motion = .resting
        wheel.offset = CGFloat(row) * wheel.rowHeight
        wheel.selectedRow = row
        layoutRows(of: component)
        if byUser {
            delegate?.pickerView(self, didSelectRow: row, inComponent: component)
        }
    }

    /// The offset of `component` (arc in points from its first row to the middle), for tests.
    func offset(ofComponent component: Int) -> CGFloat { wheels[component].offset }
}
