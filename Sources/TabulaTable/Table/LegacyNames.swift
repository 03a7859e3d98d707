import Foundation
import TabulaUIKit

// The table's names from before Swift 4.2 nested them, unavailable with their fix-its, as
// with the iOS SDK (see TabulaUIKit's LegacyNames.swift).

/// Renamed `UITableViewCell.CellStyle`.
@available(*, unavailable, renamed: "UITableViewCell.CellStyle")
public typealias UITableViewCellStyle = UITableViewCell.CellStyle
/// Renamed `UITableViewCell.EditingStyle`.
@available(*, unavailable, renamed: "UITableViewCell.EditingStyle")
public typealias UITableViewCellEditingStyle = UITableViewCell.EditingStyle
/// Renamed `UITableViewCell.AccessoryType`.
@available(*, unavailable, renamed: "UITableViewCell.AccessoryType")
public typealias UITableViewCellAccessoryType = UITableViewCell.AccessoryType
/// Renamed `UITableViewCell.SelectionStyle`.
@available(*, unavailable, renamed: "UITableViewCell.SelectionStyle")
public typealias UITableViewCellSelectionStyle = UITableViewCell.SelectionStyle
/// Renamed `UITableViewCell.SeparatorStyle`.
@available(*, unavailable, renamed: "UITableViewCell.SeparatorStyle")
public typealias UITableViewCellSeparatorStyle = UITableViewCell.SeparatorStyle
/// Renamed `UITableView.Style`.
@available(*, unavailable, renamed: "UITableView.Style")
public typealias UITableViewStyle = UITableView.Style
/// Renamed `UITableView.RowAnimation`.
@available(*, unavailable, renamed: "UITableView.RowAnimation")
public typealias UITableViewRowAnimation = UITableView.RowAnimation
/// Renamed `UITableView.ScrollPosition`.
@available(*, unavailable, renamed: "UITableView.ScrollPosition")
public typealias UITableViewScrollPosition = UITableView.ScrollPosition
/// Renamed `UITableView.automaticDimension`.
@available(*, unavailable, renamed: "UITableView.automaticDimension")
@MainActor
public let UITableViewAutomaticDimension = UITableView.automaticDimension
