import Foundation

/// Spinning wheels, one per component, from which the user picks a row of each, drawn as
/// iOS 17 draws them: the rows lie on a drum, shrinking and fading as they turn away from
/// the middle, where a grey rounded band marks the selected row.
///
/// A ``dataSource`` gives the numbers of components and rows; a ``delegate`` gives each
/// row's title, styled title or view, and each component's width and row height (an equal
/// share of the width and 32 points by default). The picker is 216 points tall by default.
///
/// Dragging a wheel turns it; a fling slows down as a scroll view's does (the same
/// `Deceleration`) and comes to rest exactly on a row; a tap on a row turns it to the
/// middle. Each time a wheel comes to rest after a touch, the delegate hears
/// ``UIPickerViewDelegate/pickerView(_:didSelectRow:inComponent:)`` once.
///
/// A component or row that does not exist, and sizes that cannot be used (a negative
/// width, a NaN row height, a negative row count), are reported through the screen's
/// ``HeadlessScreen/onReport`` once per call (once per reload for what the delegate
/// returns) and ignored or clamped.
@preconcurrency @MainActor
open class UIPickerView: UIView {
    /// The picker's height when nothing else asks for one: 216 points, as on iOS.
    static let defaultHeight: CGFloat = 216
    /// The height of a row when the delegate gives none.
    static let defaultRowHeight: CGFloat = 32
    /// The gap between two components.
    static let componentSpacing: CGFloat = 4
    /// The selection band's inset from the picker's sides, and its corner radius.
    static let sideInset: CGFloat = 8
    static let bandCornerRadius: CGFloat = 8
    /// The fraction of a fling's velocity kept each millisecond: between a scroll view's
    /// `.normal` (0.998) and `.fast` (0.99), so that a wheel flung at 1,000 points a second
    /// turns about six rows and rests within a second and a half, as an iOS wheel does.
    static let decelerationRate: CGFloat = 0.995
    /// Below this speed (points per second), a released wheel springs to the nearest row
    /// instead of coasting.
    static let flingThreshold: CGFloat = 200

    /// Creates a picker view; give it a height of 216 points for the iOS look.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpPicker()
    }

    /// Creates the picker view from a storyboard or nib, as ``UIView/init(coder:)`` does: the
    /// file's properties are set before it returns, so that a subclass in a file is made.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpPicker()
        InterfaceBuilderCoder.decode(coder, into: self, at: UIPickerView.self)
    }

    private func setUpPicker() {
        isOpaque = false
        backgroundColor = nil
        clipsToBounds = true
        installGestures()
    }

    /// The object that gives the numbers of components and rows.
    open weak var dataSource: (any UIPickerViewDataSource)? { didSet { setNeedsReload() } }
    /// The object that gives the rows' content and sizes and hears of selections.
    open weak var delegate: (any UIPickerViewDelegate)? { didSet { setNeedsReload() } }
    /// Whether the selection band is shown. Deprecated in UIKit, where the band is always
    /// shown since iOS 7; Tabula accepts it and always draws the band.
    open var showsSelectionIndicator = true

    /// The wheels, one per component.
    var wheels: [PickerWheel] = []
    /// Whether the data source must be asked again before the wheels are used.
    private var needsReload = true
    /// Problems with what the data source and delegate returned, reported since the last
    /// reload (each is reported once per reload).
    private var reportedSinceReload: Set<String> = []
    /// The size the components were laid out for.
    private var laidOutSize: CGSize?
    /// The component a pan is turning.
    var draggedComponent: Int?

    // MARK: Components and rows

    /// The number of components (wheels), as the data source last gave it.
    open var numberOfComponents: Int {
        loadIfNeeded()
        return wheels.count
    }

    /// The number of rows of `component`, as the data source last gave it (0, reported,
    /// for a component that does not exist).
    open func numberOfRows(inComponent component: Int) -> Int {
        guard let wheel = wheel(component, in: "numberOfRows(inComponent:)") else { return 0 }
        return wheel.rowCount
    }

    /// The size of a row of `component`: the component's width and its row height
    /// (`.zero`, reported, for a component that does not exist).
    open func rowSize(forComponent component: Int) -> CGSize {
        guard let wheel = wheel(component, in: "rowSize(forComponent:)") else { return .zero }
        layoutComponentsIfNeeded()
        return CGSize(width: wheel.width, height: wheel.rowHeight)
    }

    /// Asks the data source and delegate again for every component: its rows, width, row
    /// height and the rows on screen. Selections are kept, clamped to the new row counts.
    open func reloadAllComponents() {
        needsReload = false
        reportedSinceReload = []
        let count = dataSource.map { checkedCount($0.numberOfComponents(in: self), of: "numberOfComponents(in:)") } ?? 0
        while wheels.count > count { wheels.removeLast().container.removeFromSuperview() }
        while wheels.count < count {
            let wheel = PickerWheel()
            wheels.append(wheel)
            addSubview(wheel.container)
        }
        for component in wheels.indices { reloadWheel(component) }
        laidOutSize = nil
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Asks the data source and delegate again for `component`'s rows, row height and the
    /// rows on screen (a component that does not exist is reported and ignored).
    open func reloadComponent(_ component: Int) {
        guard wheel(component, in: "reloadComponent(_:)") != nil else { return }
        reloadWheel(component)
        laidOutSize = nil
        setNeedsLayout()
    }

    /// Asks the delegate again for the rows on screen (their titles or views), leaving
    /// every wheel where it is and as it moves.
    func reloadVisibleRows() {
        for wheel in wheels { wheel.discardRows() }
        setNeedsLayout()
    }

    // MARK: Selection

    /// Turns `component` so that `row` is in the middle, selecting it; animated, the wheel
    /// springs there. The delegate's `didSelectRow` is not called, as in UIKit.
    ///
    /// A component that does not exist is reported and ignored; a row out of range is
    /// reported and clamped to the component's rows.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard let wheel = wheel(component, in: "selectRow(_:inComponent:animated:)") else { return }
        guard wheel.rowCount > 0 else {
            return reportProblem("UIPickerView.selectRow(_:inComponent:animated:): component \(component) has no rows; "
                + "row \(row) was not selected")
        }
        var target = row
        if !(0 ..< wheel.rowCount).contains(row) {
            target = min(max(row, 0), wheel.rowCount - 1)
            reportProblem("UIPickerView.selectRow(_:inComponent:animated:): row \(row) is out of range for component "
                + "\(component), which has \(wheel.rowCount) rows; row \(target) was selected instead")
        }
        wheel.selectedRow = target
        if animated && window != nil {
            settle(component, to: target, velocity: 0, byUser: false)
        } else {
            wheel.motion = .resting
            wheel.offset = CGFloat(target) * wheel.rowHeight
            layoutRows(of: component)
        }
    }

    /// The row selected in `component`: the one in the middle once the wheel rests (-1
    /// when the component has no rows; -1, reported, for a component that does not exist).
    open func selectedRow(inComponent component: Int) -> Int {
        guard let wheel = wheel(component, in: "selectedRow(inComponent:)") else { return -1 }
        return wheel.rowCount == 0 ? -1 : wheel.selectedRow
    }

    /// The view the delegate's ``UIPickerViewDelegate/pickerView(_:viewForRow:forComponent:reusing:)``
    /// gave for `row` of `component`: nil when that row is not on screen, or when the
    /// rows show titles (the delegate gives no views).
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        guard let wheel = wheel(component, in: "view(forRow:forComponent:)") else { return nil }
        layoutIfNeeded()
        guard let view = wheel.rows[row], !(view is PickerTitleLabel) else { return nil }
        return view
    }

    // MARK: Size

    /// The picker's own height, 216 points; no width of its own.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.defaultHeight)
    }

    /// The width offered (320 when none is) and a height of 216 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width > 0 && size.width.isFinite ? size.width : 320, height: Self.defaultHeight)
    }

    // MARK: Loading

    func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    func loadIfNeeded() {
        if needsReload { reloadAllComponents() }
    }

    /// The wheel of `component`, or nil after reporting that `call` named a component that
    /// does not exist.
    func wheel(_ component: Int, in call: String) -> PickerWheel? {
        loadIfNeeded()
        guard wheels.indices.contains(component) else {
            reportProblem("UIPickerView.\(call): component \(component) does not exist (the picker has "
                + "\(wheels.count) component\(wheels.count == 1 ? "" : "s")); the call was ignored")
            return nil
        }
        return wheels[component]
    }

    private func reloadWheel(_ component: Int) {
        let wheel = wheels[component]
        wheel.rowCount = dataSource.map {
            checkedCount($0.pickerView(self, numberOfRowsInComponent: component),
                         of: "pickerView(_:numberOfRowsInComponent:) for component \(component)")
        } ?? 0
        var height = delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.defaultRowHeight
        if !(height.isFinite && height > 0) {
            reportOncePerReload("UIPickerViewDelegate.pickerView(_:rowHeightForComponent:) returned \(height) for "
                + "component \(component); a row height must be a positive number, so \(Self.defaultRowHeight) is used")
            height = Self.defaultRowHeight
        }
        wheel.rowHeight = height
        wheel.selectedRow = min(max(wheel.selectedRow, 0), max(wheel.rowCount - 1, 0))
        wheel.motion = .resting
        wheel.offset = CGFloat(wheel.selectedRow) * height
        wheel.discardRows()
    }

    private func checkedCount(_ count: Int, of call: String) -> Int {
        if count > Self.maximumRowCount {
            reportOncePerReload("UIPickerViewDataSource.\(call) returned \(count); a wheel turns through at most "
                + "\(Self.maximumRowCount) rows (2^40, where a row's place on the wheel is still exact), so that many are shown")
            return Self.maximumRowCount
        }
        guard count < 0 else { return count }
        reportOncePerReload("UIPickerViewDataSource.\(call) returned \(count); a count cannot be negative, so 0 is used")
        return 0
    }

    /// The most rows a component shows: 2^40, a million times the ten million an
    /// "endless" wheel usually asks for. A row's place on the wheel (its index times the
    /// row height, a `CGFloat`) stays exact to a hundredth of a point up to there; past
    /// it rows would overlap, and past `Int.max` points turning the wheel would trap.
    static let maximumRowCount = 1 << 40

    func reportOncePerReload(_ message: String) {
        if reportedSinceReload.insert(message).inserted { reportProblem(message) }
    }

    // MARK: Layout

    /// Each component's equal share of the width, inside the side insets and gaps.
    var equalComponentWidth: CGFloat {
        let count = CGFloat(max(wheels.count, 1))
        let available = bounds.width - 2 * Self.sideInset - Self.componentSpacing * (count - 1)
        return max(0, available / count)
    }

    /// Asks the delegate for the widths and places the components side by side, centred.
    private func layoutComponentsIfNeeded() {
        loadIfNeeded()
        guard laidOutSize != bounds.size else { return }
        laidOutSize = bounds.size
        var widths: [CGFloat] = []
        for component in wheels.indices {
            var width = delegate?.pickerView(self, widthForComponent: component) ?? equalComponentWidth
            if !(width.isFinite && width >= 0) {
                reportOncePerReload("UIPickerViewDelegate.pickerView(_:widthForComponent:) returned \(width) for "
                    + "component \(component); a width cannot be negative or not finite, so an equal share is used")
                width = equalComponentWidth
            }
            widths.append(width)
        }
        let total = widths.reduce(0, +) + Self.componentSpacing * CGFloat(max(widths.count - 1, 0))
        var x = ((bounds.width - total) / 2).rounded(.down)
        UIView.performWithoutAnimation {
            for (component, wheel) in wheels.enumerated() {
                let width = widths[component]
                if wheel.width != width { wheel.discardRows() }
                wheel.width = width
                wheel.container.frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
                x += width + Self.componentSpacing
            }
        }
        setNeedsDisplay()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutComponentsIfNeeded()
        for component in wheels.indices { layoutRows(of: component) }
    }

    /// The drum the rows lie on.
    var geometry: PickerWheelGeometry { PickerWheelGeometry(radius: bounds.height / 2) }

    /// Puts the rows of `component` that show on the drum in place, asking the delegate
    /// for those coming on screen and keeping those going off for reuse.
    func layoutRows(of component: Int) {
        let wheel = wheels[component]
        let geometry = self.geometry
        let height = wheel.rowHeight
        guard wheel.rowCount > 0, height > 0, geometry.radius > 0, wheel.offset.isFinite else {
            return wheel.discardRows()
        }
        let reach = geometry.visibleArc
        let first = wheel.row(at: ((wheel.offset - reach) / height).rounded(.down))
        let last = wheel.row(at: ((wheel.offset + reach) / height).rounded(.up))
        for row in wheel.rows.keys where row < first || row > last { wheel.recycle(row) }
        guard first <= last else { return }
        UIView.performWithoutAnimation {
            for row in first ... last {
                let arc = CGFloat(row) * height - wheel.offset
                guard let place = geometry.placement(arc: arc, rowHeight: height) else {
                    wheel.recycle(row)
                    continue
                }
                let view = wheel.rows[row] ?? makeRowView(row, of: component)
                view.transform = .identity
                view.bounds = CGRect(x: 0, y: 0, width: wheel.width, height: height)
                view.center = CGPoint(x: wheel.width / 2, y: bounds.midY + place.y)
                view.transform = CGAffineTransform(scaleX: place.scaleX, y: place.scaleY)
                view.alpha = place.alpha
            }
        }
    }

    private func makeRowView(_ row: Int, of component: Int) -> UIView {
        let wheel = wheels[component]
        let reusable = wheel.reusable.popLast()
        let view = delegate?.pickerView(self, viewForRow: row, forComponent: component, reusing: reusable)
            ?? titleView(forRow: row, forComponent: component, reusing: reusable)
        if let reusable, reusable !== view { reusable.removeFromSuperview() }
        view.isUserInteractionEnabled = false
        if view.superview !== wheel.container { wheel.container.addSubview(view) }
        view.isHidden = false
        wheel.rows[row] = view
        return view
    }

    /// The default row view: a centred label with the delegate's attributed title or title.
    func titleView(forRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView {
        let label = view as? PickerTitleLabel ?? PickerTitleLabel(frame: .zero)
        label.font = Self.titleFont(for: traitCollection)
        label.textColor = .label
        if let styled = delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component) {
            label.attributedText = styled
        } else {
            label.text = delegate?.pickerView(self, titleForRow: row, forComponent: component)
        }
        label.textAlignment = .center
        return label
    }

    /// The rows' font: the system font at 21 points (iOS 17's picker rows), scaled with
    /// the text size up to 28.
    static func titleFont(for traits: UITraitCollection) -> UIFont {
        UIFontMetrics(forTextStyle: .title3).scaledFont(for: .systemFont(ofSize: 21), maximumPointSize: 28,
                                                        compatibleWith: traits)
    }

    /// A change of text size asks for the rows again, in the new size.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        guard previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory
        else { return }
        for wheel in wheels { wheel.discardRows() }
        setNeedsLayout()
    }

    // MARK: Drawing

    /// The selection band: from the first component's left edge to the last one's right,
    /// one row tall (the tallest rows'), across the middle.
    var selectionBandRect: CGRect? {
        guard let first = wheels.first, let last = wheels.last else { return nil }
        let height = wheels.map(\.rowHeight).max() ?? Self.defaultRowHeight
        let left = min(first.container.frame.minX, Self.sideInset)
        let right = max(last.container.frame.maxX, bounds.width - Self.sideInset)
        return CGRect(x: left, y: bounds.midY - height / 2, width: right - left, height: height)
    }

    /// Draws the grey rounded selection band behind the rows.
    open override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), let band = selectionBandRect else { return }
        ctx.setFillColor(UIColor.tertiarySystemFill.cgColor)
        ctx.fill(Path(roundedRect: band, cornerRadius: Self.bandCornerRadius))
    }
}

/// The label a picker shows a row's title in.
final class PickerTitleLabel: UILabel {}
