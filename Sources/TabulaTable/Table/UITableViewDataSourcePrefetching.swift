import Foundation
import TabulaUIKit

/// Hears which rows are about to come on screen, so that their data (an image, a record)
/// can be loaded before their cells are asked for, as UIKit's
/// `UITableViewDataSourcePrefetching`.
///
/// The table asks for the rows ahead of the visible ones in the direction of scrolling,
/// further ahead the faster it scrolls (see ``UITableView/prefetchDataSource``). Rows it
/// asked for that then leave that range without coming on screen — the scroll turned
/// back or stopped short — are cancelled. A row that comes on screen is not cancelled:
/// its cell is asked for as usual.
@preconcurrency @MainActor
public protocol UITableViewDataSourcePrefetching: AnyObject {
    /// Start loading what the rows at `indexPaths` need; nearest to the screen first.
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Stop loading for rows that are no longer expected to come on screen.
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
    /// Does nothing.
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
