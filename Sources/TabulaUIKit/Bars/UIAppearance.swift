import Foundation

/// UIKit's appearance proxies for the bars (`UINavigationBar.appearance()`,
/// `UITabBar.appearance()`, `UIToolbar.appearance()`) and three controls
/// (`UIPageControl`, `UISwitch`, `UISegmentedControl`, in `UIAppearance+Controls.swift`).
///
/// A proxy is a bar of its class that is never shown; what an app sets on it (usually in
/// `application(_:didFinishLaunchingWithOptions:)`: `standardAppearance`,
/// `scrollEdgeAppearance`, `tintColor`, `barTintColor`, title text attributes…) every bar
/// made afterwards takes when it is made, before the app's own settings, which win. A bar
/// made before the proxy was set takes it when it next enters a window (as UIKit applies
/// appearances when a view enters one); a bar on screen keeps its look. Like UIKit's, the proxies belong
/// to the process (see "What is still process-wide" in the README).
///
/// Differences from UIKit, which Swift on Linux forces: `appearance()` returns the bar's
/// class, not `Self` (a subclass's proxy is its class's: Swift cannot make a subclass
/// instance from `Self` without a required initializer, and `init(frame:)` is not one), and
/// there is no `appearance(whenContainedInInstancesOf:)`.
@MainActor
enum AppearanceProxies {
    static var navigationBar: UINavigationBar?
    static var tabBar: UITabBar?
    static var toolbar: UIToolbar?
    static var pageControl: UIPageControl?
    static var switchControl: UISwitch?
    static var segmentedControl: UISegmentedControl?
    /// Counts the calls of `appearance()`: a bar that took the proxies before the last one
    /// (made before the app set the proxy, in a `viewDidLoad` say) takes them again when
    /// it enters a window, as UIKit applies appearances then.
    static var generation = 0
}

extension UIView {
    /// Takes the tint the proxy set (its own, not an inherited one).
    func adoptTint(of proxy: UIView) {
        if let tint = proxy.ownTintColor, tint != ownTintColor { tintColor = tint }
    }

    /// Takes the view's own background colour the proxy set (`UINavigationBar.appearance()
    /// .backgroundColor = …`), which fills the bar behind its appearance's background, as a
    /// `UIView`'s does; reading the bar's `backgroundColor` afterwards gives it, as in UIKit.
    func adoptBackgroundColor(of proxy: UIView) {
        if let color = proxy.backgroundColor, color != backgroundColor { backgroundColor = color }
    }
}

extension UINavigationBar {
    /// The proxy whose settings every navigation bar made afterwards takes (see
    /// the README's bar appearance notes): `UINavigationBar.appearance().standardAppearance = …`.
    public class func appearance() -> UINavigationBar {
        // Made before it is stored: the bar's init reads the (still empty) slot.
        AppearanceProxies.generation += 1
        if let proxy = AppearanceProxies.navigationBar { return proxy }
        let proxy = UINavigationBar(frame: .zero)
        AppearanceProxies.navigationBar = proxy
        return proxy
    }

    /// Takes what was set on the proxy: the older properties first, then the appearances,
    /// which already hold their effects.
    func adoptAppearanceProxy() {
        guard let proxy = AppearanceProxies.navigationBar, proxy !== self else { return }
        appearanceGeneration = AppearanceProxies.generation
        adoptTint(of: proxy)
        adoptBackgroundColor(of: proxy)
        if proxy.barStyle != barStyle { barStyle = proxy.barStyle }
        if proxy.isTranslucent != isTranslucent { isTranslucent = proxy.isTranslucent }
        if let color = proxy.barTintColor { barTintColor = color }
        if let attributes = proxy.titleTextAttributes { titleTextAttributes = attributes }
        if let attributes = proxy.largeTitleTextAttributes { largeTitleTextAttributes = attributes }
        if let image = proxy.shadowImage { shadowImage = image }
        if proxy.prefersLargeTitles != prefersLargeTitles { prefersLargeTitles = proxy.prefersLargeTitles }
        standardAppearance = proxy.standardAppearance
        if let appearance = proxy.compactAppearance { compactAppearance = appearance }
        if let appearance = proxy.scrollEdgeAppearance { scrollEdgeAppearance = appearance }
        if let appearance = proxy.compactScrollEdgeAppearance { compactScrollEdgeAppearance = appearance }
    }
}

extension UITabBar {
    /// The proxy whose settings every tab bar made afterwards takes (see
    /// the README's bar appearance notes): `UITabBar.appearance().scrollEdgeAppearance = …`.
    public class func appearance() -> UITabBar {
        AppearanceProxies.generation += 1
        if let proxy = AppearanceProxies.tabBar { return proxy }
        let proxy = UITabBar(frame: .zero)
        AppearanceProxies.tabBar = proxy
        return proxy
    }

    /// Takes what was set on the proxy.
    func adoptAppearanceProxy() {
        guard let proxy = AppearanceProxies.tabBar, proxy !== self else { return }
        appearanceGeneration = AppearanceProxies.generation
        adoptTint(of: proxy)
        adoptBackgroundColor(of: proxy)
        if let color = proxy.unselectedItemTintColor { unselectedItemTintColor = color }
        if proxy.barStyle != barStyle { barStyle = proxy.barStyle }
        if proxy.isTranslucent != isTranslucent { isTranslucent = proxy.isTranslucent }
        if let color = proxy.barTintColor { barTintColor = color }
        standardAppearance = proxy.standardAppearance
        if let appearance = proxy.scrollEdgeAppearance { scrollEdgeAppearance = appearance }
    }
}

extension UIToolbar {
    /// The proxy whose settings every toolbar made afterwards takes (see
    /// the README's bar appearance notes): `UIToolbar.appearance().standardAppearance = …`.
    public class func appearance() -> UIToolbar {
        AppearanceProxies.generation += 1
        if let proxy = AppearanceProxies.toolbar { return proxy }
        let proxy = UIToolbar(frame: .zero)
        AppearanceProxies.toolbar = proxy
        return proxy
    }

    /// Takes what was set on the proxy.
    func adoptAppearanceProxy() {
        guard let proxy = AppearanceProxies.toolbar, proxy !== self else { return }
        appearanceGeneration = AppearanceProxies.generation
        adoptTint(of: proxy)
        adoptBackgroundColor(of: proxy)
        if proxy.barStyle != barStyle { barStyle = proxy.barStyle }
        if proxy.isTranslucent != isTranslucent { isTranslucent = proxy.isTranslucent }
        if let color = proxy.barTintColor { barTintColor = color }
        standardAppearance = proxy.standardAppearance
        if let appearance = proxy.compactAppearance { compactAppearance = appearance }
        if let appearance = proxy.scrollEdgeAppearance { scrollEdgeAppearance = appearance }
        if let appearance = proxy.compactScrollEdgeAppearance { compactScrollEdgeAppearance = appearance }
    }
}
