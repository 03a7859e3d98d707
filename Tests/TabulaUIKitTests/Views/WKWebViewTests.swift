import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A navigation delegate that writes down what it is told, and may refuse a navigation.
@MainActor
private final class NavigationLog: WKNavigationDelegate {
    var events: [String] = []
    var errors: [NSError] = []
    var refused: Set<String> = []

    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        let address = navigationAction.request.url?.absoluteString ?? "-"
        events.append("decide \(address) \(navigationAction.navigationType)")
        decisionHandler(refused.contains(address) ? .cancel : .allow)
    }

    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
        events.append("start")
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
        events.append("fail")
        errors.append(error as NSError)
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) { events.append("finish") }
}

/// Tabula's `WKWebView`: no web engine, so a page is never shown, but the app's code runs,
/// its delegate hears that the load failed and why, and the view says so on screen.
@MainActor
@Suite("WebKit: a web view without a web engine")
struct WKWebViewTests {
    @Test("a load is decided, started, and fails on the next turn of the main queue with an error that says why; the address shows")
    func loadFailsWithAReason() async throws {
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        let web = WKWebView(frame: root.bounds, configuration: WKWebViewConfiguration())
        let log = NavigationLog()
        web.navigationDelegate = log
        root.addSubview(web)
        let url = try #require(URL(string: "https://example.com/terms"))
        let navigation = web.load(URLRequest(url: url))
        #expect(navigation != nil)
        #expect(log.events == ["decide https://example.com/terms other", "start"])
        #expect(web.isLoading)
        #expect(web.url == url)
        await screen.advance(by: 1.0 / 60)
        #expect(log.events.last == "fail")
        #expect(!web.isLoading)
        let error = try #require(log.errors.first)
        #expect(error.domain == WKWebView.errorDomain)
        #expect(error.localizedDescription.contains("no web engine"))
        #expect(error.userInfo[NSURLErrorFailingURLErrorKey] as? URL == url)
        #expect(screen.staticTexts.labels.contains { $0?.contains("https://example.com/terms") == true })
        writeForLooking(screen.snapshot(), "web-view-placeholder")
    }

    @Test("a refused navigation starts nothing; back and forward walk the loads; stopLoading drops the failure")
    func policyHistoryAndStop() async throws {
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        let web = WKWebView(frame: root.bounds)
        let log = NavigationLog()
        web.navigationDelegate = log
        root.addSubview(web)
        log.refused = ["https://example.com/blocked"]
        #expect(web.load(URLRequest(url: try #require(URL(string: "https://example.com/blocked")))) == nil)
        #expect(log.events == ["decide https://example.com/blocked other"])
        #expect(!web.isLoading)
        log.events = []
        web.load(URLRequest(url: try #require(URL(string: "https://example.com/a"))))
        web.load(URLRequest(url: try #require(URL(string: "https://example.com/b"))))
        #expect(web.canGoBack && !web.canGoForward)
        web.goBack()
        #expect(web.url?.absoluteString == "https://example.com/a")
        #expect(web.canGoForward)
        #expect(log.events.last == "start")
        #expect(log.events.contains("decide https://example.com/a backForward"))
        web.stopLoading()
        await screen.advance(by: 1.0 / 60)
        #expect(!log.events.contains("fail"), "only the last load's failure was due, and it was stopped")
        #expect(!log.events.contains("finish"))
    }

    @Test("JavaScript is not run: the completion and the async form both get an error; an HTML string shows its size")
    func javaScriptAndHTML() async throws {
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        let web = WKWebView(frame: root.bounds)
        root.addSubview(web)
        var answered = false, answer: Any?, answerError: Error?
        web.evaluateJavaScript("document.title") { value, error in
            answered = true
            answer = value
            answerError = error
        }
        #expect(!answered, "answered on the next turn, as WebKit does")
        await screen.advance(by: 1.0 / 60)
        #expect(answered && answer == nil)
        #expect((answerError as? NSError)?.localizedDescription.contains("JavaScript is not run") == true)
        await #expect(throws: NSError.self) { _ = try await web.evaluateJavaScript("1 + 1") }
        web.loadHTMLString("<h1>Hello</h1>", baseURL: nil)
        await screen.advance(by: 1.0 / 60)
        #expect(screen.staticTexts.labels.contains { $0?.contains("HTML content (14 characters)") == true })
        // A message handler's name is taken once (as WebKit, which raises for a second).
        let controller = web.configuration.userContentController
        final class Handler: WKScriptMessageHandler {
            func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
        }
        let first = Handler()
        controller.add(first, name: "bridge")
        controller.add(Handler(), name: "bridge")
        #expect(controller.handlers["bridge"] === first, "the second handler for the name is reported and not kept")
    }
}
