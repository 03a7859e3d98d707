import Foundation

extension UIApplication {
    /// Posted when the app receives a memory warning (on Linux: when a test or host calls
    /// ``HeadlessScreen/simulateMemoryWarning()``).
    public nonisolated static let didReceiveMemoryWarningNotification =
        Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}

extension HeadlessScreen {
    /// Sends a memory warning as iOS does when memory runs low: posts
    /// `UIApplication.didReceiveMemoryWarningNotification`, then calls
    /// `didReceiveMemoryWarning()` on every view controller shown on this screen (children
    /// and presented ones included). Linux never sends one by itself.
    public func simulateMemoryWarning() {
        NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification,
                                        object: UIApplication.shared)
        var pending = window?.rootViewController.map { [$0] } ?? []
        while let controller = pending.popLast() {
            controller.didReceiveMemoryWarning()
            pending += controller.children
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                pending.append(presented)
            }
        }
    }
}
