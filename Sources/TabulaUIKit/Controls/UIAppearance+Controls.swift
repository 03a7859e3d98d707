import Foundation

// Appearance proxies of the controls apps most often style once at launch: the page
// control's dots, the switch's colours, the segmented control's selection and titles.
// They work as the bars' do (see `AppearanceProxies`): a control made afterwards takes what
// was set on the proxy when it is made, before the app's own settings, and one made before
// takes it when it next enters a window.

extension UIPageControl {
    /// The proxy whose settings every page control made afterwards takes:
    /// `UIPageControl.appearance().currentPageIndicatorTintColor = .label`.
    public class func appearance() -> UIPageControl {
        AppearanceProxies.generation += 1
        if let proxy = AppearanceProxies.pageControl { return proxy }
        let proxy = UIPageControl(frame: .zero)
        AppearanceProxies.pageControl = proxy
        return proxy
    }

    /// Takes what was set on the proxy.
    func adoptAppearanceProxy() {
        guard let proxy = AppearanceProxies.pageControl, proxy !== self else { return }
        appearanceGeneration = AppearanceProxies.generation
        adoptTint(of: proxy)
        adoptBackgroundColor(of: proxy)
        if let color = proxy.pageIndicatorTintColor { pageIndicatorTintColor = color }
        if let color = proxy.currentPageIndicatorTintColor { currentPageIndicatorTintColor = color }
        if proxy.backgroundStyle != backgroundStyle { backgroundStyle = proxy.backgroundStyle }
        if proxy.hidesForSinglePage { hidesForSinglePage = true }
    }
}

extension UISwitch {
    /// The proxy whose settings every switch made afterwards takes:
    /// `UISwitch.appearance().onTintColor = .systemBlue`.
    public class func appearance() -> UISwitch {
        AppearanceProxies.generation += 1
        if let proxy = AppearanceProxies.switchControl { return proxy }
        let proxy = UISwitch(frame: .zero)
        AppearanceProxies.switchControl = proxy
        return proxy
    }

    /// Takes what was set on the proxy.
    func adoptAppearanceProxy() {
        guard let proxy = AppearanceProxies.switchControl, proxy !== self else { return }
        appearanceGeneration = AppearanceProxies.generation
        adoptTint(of: proxy)
        adoptBackgroundColor(of: proxy)
        if let color = proxy.onTintColor { onTintColor = color }
        if let color = proxy.thumbTintColor { thumbTintColor = color }
    }
}

extension UISegmentedControl {
    /// The proxy whose settings every segmented control made afterwards takes:
    /// `UISegmentedControl.appearance().selectedSegmentTintColor = .systemBlue`, and its
    /// `setTitleTextAttributes(_:for:)`.
    public class func appearance() -> UISegmentedControl {
        AppearanceProxies.generation += 1
        if let proxy = AppearanceProxies.segmentedControl { return proxy }
        let proxy = UISegmentedControl(frame: .zero)
        AppearanceProxies.segmentedControl = proxy
        return proxy
    }

    /// Takes what was set on the proxy.
    func adoptAppearanceProxy() {
        guard let proxy = AppearanceProxies.segmentedControl, proxy !== self else { return }
        appearanceGeneration = AppearanceProxies.generation
        adoptTint(of: proxy)
        adoptBackgroundColor(of: proxy)
        if let color = proxy.selectedSegmentTintColor { selectedSegmentTintColor = color }
        for state in [UIControl.State.normal, .highlighted, .selected, .disabled] {
            if let attributes = proxy.titleTextAttributes(for: state) { setTitleTextAttributes(attributes, for: state) }
        }
    }
}
