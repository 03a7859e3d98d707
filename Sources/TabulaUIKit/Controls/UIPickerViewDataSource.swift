import Foundation

/// Tells a picker view how many components (wheels) it has and how many rows each holds.
///
/// Both methods are required. The picker asks them when it first lays out, and again at
/// ``UIPickerView/reloadAllComponents()`` and ``UIPickerView/reloadComponent(_:)``. A
/// negative count is reported once and counts as 0.
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: AnyObject {
    /// The number of components (side-by-side wheels) of `pickerView`.
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    /// The number of rows in `component` of `pickerView`.
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Supplies a picker view's row content (titles, attributed titles or views) and sizes,
/// and hears when the user settles a wheel on a row.
///
/// Every method has a default, so implement only what you need; to show anything,
/// implement ``pickerView(_:titleForRow:forComponent:)``,
/// ``pickerView(_:attributedTitleForRow:forComponent:)`` or
/// ``pickerView(_:viewForRow:forComponent:reusing:)``.
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: AnyObject {
    /// The width of `component`, in points.
    ///
    /// The default implementation shares the picker's width equally among its components.
    /// A negative or non-finite width is reported once per reload and the equal share is
    /// used instead.
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    /// The height of each row of `component`, in points.
    ///
    /// The default implementation returns 32, iOS's row height. A height that is not a
    /// positive finite number is reported once per reload, and 32 is used instead.
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    /// The title of `row` in `component`, drawn centred in the system font (nil: no title).
    ///
    /// Asked when the row comes on screen, unless
    /// ``pickerView(_:attributedTitleForRow:forComponent:)`` returns a title. The default
    /// implementation returns nil.
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// The styled title of `row` in `component`; preferred over
    /// ``pickerView(_:titleForRow:forComponent:)`` when not nil.
    ///
    /// Ranges without a font or colour take the picker's. The default implementation
    /// returns nil.
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int,
                    forComponent component: Int) -> NSAttributedString?
    /// The view that shows `row` in `component`, sized by the picker to
    /// ``UIPickerView/rowSize(forComponent:)``.
    ///
    /// `view` is one that showed another row of this component and has scrolled away:
    /// reconfigure and return it to save making a new one. The default implementation
    /// returns a centred label with the row's attributed title or title.
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int,
                    reusing view: UIView?) -> UIView
    /// The user settled `component` on `row`: called once each time a drag, a fling or a
    /// tap comes to rest on a row, not for ``UIPickerView/selectRow(_:inComponent:animated:)``.
    ///
    /// The default implementation does nothing.
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    /// An equal share of the picker's width.
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        pickerView.equalComponentWidth
    }
    /// 32 points.
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
        UIPickerView.defaultRowHeight
    }
    /// No title.
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        nil
    }
    /// No styled title.
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int,
                           forComponent component: Int) -> NSAttributedString? {
        nil
    }
    /// A label showing the row's attributed title, or its title.
    public func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int,
                           reusing view: UIView?) -> UIView {
        pickerView.titleView(forRow: row, forComponent: component, reusing: view)
    }
    /// Does nothing.
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}
