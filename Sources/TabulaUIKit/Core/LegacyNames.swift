import Foundation

// The names UIKit's types had before Swift 4.2 nested them (`UIControlEvents` became
// `UIControl.Event`). Code written before then no longer builds against the iOS SDK either;
// as there, each old name is unavailable with the new one as its fix-it, instead of
// "cannot find type in scope". The table's are in TabulaTable.

/// Renamed `UIControl.Event`.
@available(*, unavailable, renamed: "UIControl.Event")
public typealias UIControlEvents = UIControl.Event
/// Renamed `UIControl.State`.
@available(*, unavailable, renamed: "UIControl.State")
public typealias UIControlState = UIControl.State
/// Renamed `UIApplication.LaunchOptionsKey`.
@available(*, unavailable, renamed: "UIApplication.LaunchOptionsKey")
public typealias UIApplicationLaunchOptionsKey = UIApplication.LaunchOptionsKey
/// Renamed `UIBarButtonItem.SystemItem`.
@available(*, unavailable, renamed: "UIBarButtonItem.SystemItem")
public typealias UIBarButtonSystemItem = UIBarButtonItem.SystemItem
/// Renamed `UIBarButtonItem.Style`.
@available(*, unavailable, renamed: "UIBarButtonItem.Style")
public typealias UIBarButtonItemStyle = UIBarButtonItem.Style
/// Renamed `UIView.ContentMode`.
@available(*, unavailable, renamed: "UIView.ContentMode")
public typealias UIViewContentMode = UIView.ContentMode
/// Renamed `UIView.AnimationOptions`.
@available(*, unavailable, renamed: "UIView.AnimationOptions")
public typealias UIViewAnimationOptions = UIView.AnimationOptions
/// Renamed `UIView.AutoresizingMask`.
@available(*, unavailable, renamed: "UIView.AutoresizingMask")
public typealias UIViewAutoresizing = UIView.AutoresizingMask
/// Renamed `NSLayoutConstraint.Axis`.
@available(*, unavailable, renamed: "NSLayoutConstraint.Axis")
public typealias UILayoutConstraintAxis = NSLayoutConstraint.Axis
/// Renamed `UIStackView.Alignment`.
@available(*, unavailable, renamed: "UIStackView.Alignment")
public typealias UIStackViewAlignment = UIStackView.Alignment
/// Renamed `UIStackView.Distribution`.
@available(*, unavailable, renamed: "UIStackView.Distribution")
public typealias UIStackViewDistribution = UIStackView.Distribution
/// Renamed `UIAlertController.Style`.
@available(*, unavailable, renamed: "UIAlertController.Style")
public typealias UIAlertControllerStyle = UIAlertController.Style
/// Renamed `UIAlertAction.Style`.
@available(*, unavailable, renamed: "UIAlertAction.Style")
public typealias UIAlertActionStyle = UIAlertAction.Style
/// Renamed `UIFont.Weight`.
@available(*, unavailable, renamed: "UIFont.Weight")
public typealias UIFontWeight = UIFont.Weight
/// Renamed `UIFont.TextStyle`.
@available(*, unavailable, renamed: "UIFont.TextStyle")
public typealias UIFontTextStyle = UIFont.TextStyle
/// Renamed `UIButton.ButtonType`.
@available(*, unavailable, renamed: "UIButton.ButtonType")
public typealias UIButtonType = UIButton.ButtonType

/// Renamed `UIImage.pngData()`.
@available(*, unavailable, renamed: "UIImage.pngData()")
@MainActor
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? { image.pngData() }
/// Renamed `UIImage.jpegData(compressionQuality:)`.
@available(*, unavailable, renamed: "UIImage.jpegData(compressionQuality:)")
@MainActor
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
    image.jpegData(compressionQuality: compressionQuality)
}
