import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TabulaCore

// WebKit's web view, as far as an app's code reaches it: Tabula has no web engine, so a
// `WKWebView` shows where its page would be (the address, on a plain background) and every
// load ends in `webView(_:didFailProvisionalNavigation:withError:)` with an error that says
// why. An app that shows terms or a help page in a web view builds and runs unchanged,
// and says so on screen instead of crashing on a nil outlet.

/// A load the web view started: what ``WKWebView/load(_:)`` and its kin return, and what
/// the navigation delegate is told about.
@preconcurrency @MainActor
open class WKNavigation: NSObject {
    /// The request loaded, when the load was of a URL.
    let request: URLRequest?

    init(request: URLRequest?) {
        self.request = request
    }
}

/// Whether a navigation may go ahead, as the navigation delegate answers it.
public enum WKNavigationActionPolicy: Int, Sendable {
    /// Stop the navigation.
    case cancel = 0
    /// Let the navigation go ahead.
    case allow = 1
    /// Hand the navigation to the system (treated as `cancel`: there is nothing to hand it to).
    case download = 2
}

/// What started a navigation.
public enum WKNavigationType: Int, Sendable {
    /// A link was activated.
    case linkActivated = 0
    /// A form was submitted.
    case formSubmitted = 1
    /// The back-forward list was walked.
    case backForward = 2
    /// The page was reloaded.
    case reload = 3
    /// A form was submitted again.
    case formResubmitted = 4
    /// Anything else: a load the app asked for.
    case other = -1
}

/// A navigation the delegate is asked to allow: its request and what started it.
@preconcurrency @MainActor
open class WKNavigationAction: NSObject {
    /// The request to load.
    open var request: URLRequest { requestValue }
    /// What started the navigation (`.other` for a load the app asked for).
    open var navigationType: WKNavigationType { typeValue }

    private let requestValue: URLRequest
    private let typeValue: WKNavigationType

    init(request: URLRequest, navigationType: WKNavigationType) {
        requestValue = request
        typeValue = navigationType
    }
}

/// The web view's preferences (kept; there is no page for them to reach).
@preconcurrency @MainActor
open class WKPreferences: NSObject {
    /// The smallest font size, in points.
    open var minimumFontSize: CGFloat = 0
    /// Whether JavaScript may open windows without a user's action.
    open var javaScriptCanOpenWindowsAutomatically = false
    /// Whether fraudulent websites are warned about.
    open var isFraudulentWebsiteWarningEnabled = true
    /// Whether JavaScript is enabled (deprecated in iOS 14, still common).
    open var javaScriptEnabled = true

    /// Preferences with WebKit's defaults.
    public override init() { super.init() }
}

/// A script for every page the web view loads (kept; no script runs).
@preconcurrency @MainActor
open class WKUserScript: NSObject {
    /// When a user script is injected into a page.
    public enum InjectionTime: Int, Sendable {
        /// Before the document's content loads.
        case atDocumentStart = 0
        /// After the document's content loads.
        case atDocumentEnd = 1
    }

    /// The script's source.
    public let source: String
    /// When it would be injected.
    public let injectionTime: InjectionTime
    /// Whether it would be injected into the main frame only.
    public let isForMainFrameOnly: Bool

    /// A script of `source`, injected at `injectionTime`.
    public init(source: String, injectionTime: InjectionTime, forMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        isForMainFrameOnly = forMainFrameOnly
    }
}

/// A message a page's script posts to the app (never posted: no script runs).
@preconcurrency @MainActor
open class WKScriptMessage: NSObject {
    /// The message's body.
    open var body: Any { bodyValue }
    /// The name of the handler it was posted to.
    open var name: String { nameValue }
    /// The web view that posted it.
    open var webView: WKWebView? { webViewValue }

    private let bodyValue: Any
    private let nameValue: String
    private weak var webViewValue: WKWebView?

    init(body: Any, name: String, webView: WKWebView?) {
        bodyValue = body
        nameValue = name
        webViewValue = webView
    }
}

/// Receives the messages a page's scripts post (see ``WKScriptMessage``).
@preconcurrency @MainActor
public protocol WKScriptMessageHandler: AnyObject {
    /// A script posted `message`.
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// The scripts and message handlers of a web view's pages (kept, as WebKit keeps them).
@preconcurrency @MainActor
open class WKUserContentController: NSObject {
    /// The user scripts added.
    open private(set) var userScripts: [WKUserScript] = []
    /// The message handlers, by name.
    private(set) var handlers: [String: any WKScriptMessageHandler] = [:]

    /// A controller with no scripts and no handlers.
    public override init() { super.init() }

    /// Adds a user script.
    open func addUserScript(_ userScript: WKUserScript) { userScripts.append(userScript) }
    /// Removes every user script.
    open func removeAllUserScripts() { userScripts.removeAll() }
    /// Adds a handler for the messages posted to `name`, replacing none: WebKit raises an
    /// exception for a name in use; Tabula reports it and keeps the first handler.
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        guard handlers[name] == nil else {
            ProblemReports.reportUnattributed("WKUserContentController.add(_:name:): a handler for \"\(name)\" was "
                                              + "added already; remove it first. The first handler stays.")
            return
        }
        handlers[name] = scriptMessageHandler
    }
    /// Removes the handler for `name`.
    open func removeScriptMessageHandler(forName name: String) { handlers[name] = nil }
    /// Removes every handler.
    open func removeAllScriptMessageHandlers() { handlers.removeAll() }
}

/// How a web view is set up; the web view keeps a copy.
@preconcurrency @MainActor
open class WKWebViewConfiguration: NSObject {
    /// The preferences.
    open var preferences = WKPreferences()
    /// The scripts and message handlers.
    open var userContentController = WKUserContentController()
    /// Whether videos play in the page rather than full screen.
    open var allowsInlineMediaPlayback = false
    /// The user agent's application name.
    open var applicationNameForUserAgent: String?

    /// A configuration with WebKit's defaults.
    public override init() { super.init() }

    func copied() -> WKWebViewConfiguration {
        let copy = WKWebViewConfiguration()
        copy.preferences = preferences
        copy.userContentController = userContentController
        copy.allowsInlineMediaPlayback = allowsInlineMediaPlayback
        copy.applicationNameForUserAgent = applicationNameForUserAgent
        return copy
    }
}

/// Follows a web view's navigations. Every method has a default (as WebKit's are optional):
/// allow every navigation, ignore the rest.
@preconcurrency @MainActor
public protocol WKNavigationDelegate: AnyObject {
    /// Whether `navigationAction` may go ahead; call `decisionHandler` once. The handler is a
    /// plain closure, as the SDKs before iOS 18 declare it: `tabula-port` rewrites a delegate
    /// written against the newer `@MainActor @Sendable` handler to this form (Swift matches a
    /// requirement's closure type exactly, and the default would be used instead).
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void)
    /// A navigation began.
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    /// A navigation failed before the page began to load (in Tabula, every navigation).
    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    /// The page began to arrive.
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    /// The page finished loading.
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    /// A navigation failed after the page began to load.
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
}

extension WKNavigationDelegate {
    /// Allows every navigation.
    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        decisionHandler(.allow)
    }
    /// Does nothing.
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    /// Does nothing.
    public func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!,
                        withError error: any Error) {}
    /// Does nothing.
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    /// Does nothing.
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    /// Does nothing.
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
}

/// Shows a web view's panels and windows for its page (never asked: no page runs).
@preconcurrency @MainActor
public protocol WKUIDelegate: AnyObject {}

/// WebKit's web view without a web engine: it keeps what it is asked to load, shows the
/// address where the page would be, and ends every load in
/// ``WKNavigationDelegate/webView(_:didFailProvisionalNavigation:withError:)``, on the next
/// turn of the main queue, with an error whose description says that Tabula shows no web
/// content. JavaScript is not run: ``evaluateJavaScript(_:completionHandler:)`` answers with
/// such an error.
@preconcurrency @MainActor
open class WKWebView: UIView {
    /// The error domain of the errors a web view gives (`WKError.errorDomain`).
    public static let errorDomain = "WKErrorDomain"

    /// A copy of the configuration the web view was made with.
    open var configuration: WKWebViewConfiguration { storedConfiguration.copied() }
    /// Follows the web view's navigations.
    open weak var navigationDelegate: (any WKNavigationDelegate)?
    /// Shows the page's panels (never asked).
    open weak var uiDelegate: (any WKUIDelegate)?
    /// The scroll view the page would scroll in; the placeholder sits in it.
    public let scrollView = UIScrollView()
    /// The page's title: nil, as no page loads.
    open var title: String? { nil }
    /// The address last asked for (a failed load keeps it here, unlike WebKit, so that
    /// the app and its tests can read what it asked for).
    open private(set) var url: URL?
    /// Whether a load is under way (until its failure is delivered).
    open private(set) var isLoading = false
    /// How far the load is: 0 while loading, 1 once it ended.
    open private(set) var estimatedProgress: Double = 0
    /// Whether the back-forward list has a page before this one.
    open var canGoBack: Bool { historyIndex > 0 }
    /// Whether the back-forward list has a page after this one.
    open var canGoForward: Bool { historyIndex + 1 < history.count }
    /// Whether a horizontal swipe goes back and forward (kept).
    open var allowsBackForwardNavigationGestures = false
    /// Whether a link can be pressed for a preview (kept).
    open var allowsLinkPreview = true
    /// The user agent sent with requests (kept).
    open var customUserAgent: String?
    /// Whether everything on the page came over secure connections: false, as nothing came.
    open var hasOnlySecureContent: Bool { false }

    private let storedConfiguration: WKWebViewConfiguration
    private let placeholder = UILabel()
    private var history: [URLRequest] = []
    private var historyIndex = -1

    /// A web view of `frame` set up with `configuration`.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        storedConfiguration = configuration.copied()
        super.init(frame: frame)
        setUpWebView()
    }

    /// A web view of `frame` with the default configuration.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, configuration: WKWebViewConfiguration())
    }

    /// A web view from a storyboard or nib, with the default configuration.
    public required init?(coder: NSCoder) {
        storedConfiguration = WKWebViewConfiguration()
        super.init(coder: coder)
        setUpWebView()
    }

    private func setUpWebView() {
        backgroundColor = .systemBackground
        scrollView.frame = bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(scrollView)
        placeholder.numberOfLines = 0
        placeholder.textAlignment = .center
        placeholder.textColor = .secondaryLabel
        placeholder.font = .preferredFont(forTextStyle: .footnote)
        scrollView.addSubview(placeholder)
        showPlaceholder()
    }

    /// Centres the placeholder's text in the scroll view.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let inset = scrollView.bounds.insetBy(dx: 20, dy: 20)
        let size = placeholder.sizeThatFits(CGSize(width: max(inset.width, 0), height: .greatestFiniteMagnitude))
        placeholder.frame = CGRect(x: inset.minX, y: inset.minY + max(0, (inset.height - size.height) / 2),
                                   width: max(inset.width, 0), height: size.height)
    }

    private func showPlaceholder(_ what: String? = nil) {
        let heading = what ?? "No web page"
        placeholder.text = heading + "\nWeb content is not shown: Tabula has no web engine."
        setNeedsLayout()
    }

    // MARK: Loading

    /// Starts loading `request`: the address shows where the page would be, and the load
    /// fails on the next turn of the main queue (see ``WKWebView``).
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? {
        if historyIndex + 1 < history.count { history.removeSubrange((historyIndex + 1)...) }
        history.append(request)
        historyIndex = history.count - 1
        return navigate(to: request, type: .other)
    }

    /// Starts loading an HTML string; the placeholder says so (its text is not laid out).
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        start(WKNavigation(request: nil), showing: "HTML content (\(string.count) characters)", url: baseURL)
    }

    /// Starts loading `data` of `mimeType`; the placeholder says so.
    @discardableResult
    open func load(_ data: Data, mimeType: String, characterEncodingName: String, baseURL: URL) -> WKNavigation? {
        start(WKNavigation(request: nil), showing: "\(mimeType) content (\(data.count) bytes)", url: baseURL)
    }

    /// Starts loading the file at `URL`; the placeholder shows its name.
    @discardableResult
    open func loadFileURL(_ URL: URL, allowingReadAccessTo readAccessURL: URL) -> WKNavigation? {
        load(URLRequest(url: URL))
    }

    /// Loads the current request again.
    @discardableResult
    open func reload() -> WKNavigation? {
        guard history.indices.contains(historyIndex) else { return nil }
        return navigate(to: history[historyIndex], type: .reload)
    }

    /// Stops the load under way: its failure is not delivered.
    open func stopLoading() {
        pending = nil
        isLoading = false
    }

    /// Goes to the page before this one in the back-forward list, if there is one.
    @discardableResult
    open func goBack() -> WKNavigation? {
        guard canGoBack else { return nil }
        historyIndex -= 1
        return navigate(to: history[historyIndex], type: .backForward)
    }

    /// Goes to the page after this one in the back-forward list, if there is one.
    @discardableResult
    open func goForward() -> WKNavigation? {
        guard canGoForward else { return nil }
        historyIndex += 1
        return navigate(to: history[historyIndex], type: .backForward)
    }

    /// Runs no JavaScript: `completionHandler` gets nil and an error that says so, on the
    /// next turn of the main queue.
    open func evaluateJavaScript(_ javaScriptString: String,
                                 completionHandler: (@MainActor (Any?, (any Error)?) -> Void)? = nil) {
        guard let completionHandler else { return }
        let error = Self.noEngineError("JavaScript is not run", url: url)
        DispatchQueue.main.async { MainActor.assumeIsolated { completionHandler(nil, error) } }
    }

    /// Runs no JavaScript: throws an error that says so.
    @discardableResult
    open func evaluateJavaScript(_ javaScriptString: String) async throws -> Any? {
        throw Self.noEngineError("JavaScript is not run", url: url)
    }

    /// The load whose failure is due.
    private var pending: WKNavigation?

    /// The navigation delegate's first answer.
    private final class PolicyAnswer {
        var policy: WKNavigationActionPolicy?
    }

    private func navigate(to request: URLRequest, type: WKNavigationType) -> WKNavigation? {
        let navigation = WKNavigation(request: request)
        let action = WKNavigationAction(request: request, navigationType: type)
        let answer = PolicyAnswer()
        if let navigationDelegate {
            let handler: (WKNavigationActionPolicy) -> Void = { policy in
                if answer.policy == nil { answer.policy = policy }
            }
            navigationDelegate.webView(self, decidePolicyFor: action, decisionHandler: handler)
        }
        // A delegate that answers later is taken as allowing (the page would not load anyway).
        if let policy = answer.policy, policy != .allow { return nil }
        let address = request.url.map { $0.isFileURL ? $0.lastPathComponent : $0.absoluteString } ?? "(no address)"
        return start(navigation, showing: address, url: request.url)
    }

    private func start(_ navigation: WKNavigation, showing what: String, url: URL?) -> WKNavigation {
        self.url = url
        isLoading = true
        estimatedProgress = 0
        pending = navigation
        showPlaceholder(what)
        navigationDelegate?.webView(self, didStartProvisionalNavigation: navigation)
        let error = Self.noEngineError("The page is not loaded", url: url)
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.pending === navigation else { return }
                self.pending = nil
                self.isLoading = false
                self.estimatedProgress = 1
                self.navigationDelegate?.webView(self, didFailProvisionalNavigation: navigation, withError: error)
            }
        }
        return navigation
    }

    static func noEngineError(_ what: String, url: URL?) -> NSError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "\(what): Tabula has no web engine on Linux."]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return NSError(domain: errorDomain, code: 1, userInfo: info)
    }
}
