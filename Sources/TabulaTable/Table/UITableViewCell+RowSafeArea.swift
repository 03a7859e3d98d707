import Foundation
import TabulaUIKit

/// The safe area a cell is measured in: the one of the row it is measured for.
///
/// A table measures a row (``UITableView/automaticDimension``) before it moves the row's
/// cell into it, so when the table's width changes (a rotation) the cell on screen still
/// has the old width's frame. The insets the cell keeps for itself are worked out from
/// that frame; a cell still 820 points wide in a table turned back to 393 points reaches
/// 443 points past the table's right edge, all of it "unsafe". Measured with those, a
/// `.value1` row had no room left for its title and detail side by side and stacked them
/// (80 points tall at the largest standard text size, not 50), and a row sized by
/// constraints wrapped its labels; each kept that height once the cell took its row, as
/// nothing the table watches (its width, its safe area) changed then. So a measurement
/// uses the sides of the row's frame, whatever frame the cell has now.
extension UITableViewCell {
    /// The frame the table gives this cell when its rows are `width` wide: across, at the
    /// rows' inset from the table's left edge; down, where the cell is now. Nil outside a table.
    func frameInRow(width: CGFloat) -> CGRect? {
        guard let table = superview as? UITableView else { return nil }
        return CGRect(x: table.rowInsets.left, y: frame.minY, width: width, height: frame.height)
    }

    /// The side safe areas the content keeps clear of in a row `width` wide: those of
    /// ``tableContentSafeSides`` with the cell at ``frameInRow(width:)``.
    /// With ``UITableView/cellLayoutMarginsFollowReadableWidth``, each side also stands in
    /// by what keeps the content within the readable width.
    func tableContentSafeSides(inRowOfWidth width: CGFloat) -> (left: CGFloat, right: CGFloat) {
        guard let table = superview as? UITableView, let row = frameInRow(width: width) else { return (0, 0) }
        var sides: (left: CGFloat, right: CGFloat) = (0, 0)
        if table.insetsContentViewsToSafeArea {
            let insets = computedSafeAreaInsets(atFrame: row)
            sides = (insets.left, insets.right)
        }
        let readable = table.readableInset(rowWidth: width, sides: sides)
        return (sides.left + readable, sides.right + readable)
    }
}
