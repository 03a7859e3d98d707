import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@Suite("UINavigationItem")
@MainActor
struct NavigationItemTests {
    @Test("one left or right item is the first of the items; setting it replaces them all")
    func barButtonItems() {
        let item = UINavigationItem(title: "Inbox")
        #expect(item.title == "Inbox" && item.leftBarButtonItem == nil && item.rightBarButtonItems == nil)
        let edit = UIBarButtonItem(systemItem: .edit), compose = UIBarButtonItem(systemItem: .compose)
        item.setRightBarButtonItems([compose, edit], animated: true)
        #expect(item.rightBarButtonItem === compose && item.rightBarButtonItems?.count == 2)
        item.rightBarButtonItem = edit
        #expect(item.rightBarButtonItems?.count == 1 && item.rightBarButtonItems?[0] === edit)
        item.setLeftBarButton(compose, animated: false)
        #expect(item.leftBarButtonItems?.count == 1 && item.leftBarButtonItem === compose)
        item.leftBarButtonItem = nil
        #expect(item.leftBarButtonItems == nil)
        item.setRightBarButton(nil, animated: true)
        #expect(item.rightBarButtonItems == nil)
        item.setLeftBarButtonItems([edit], animated: false)
        #expect(item.leftBarButtonItem === edit)
    }

    @Test("style starts as navigator and keeps what iOS 16 code sets, raw values as UIKit's")
    func itemStyle() {
        let item = UINavigationItem(title: "Notes")
        #expect(item.style == .navigator)
        item.style = .browser
        #expect(item.style == .browser && UINavigationItem.ItemStyle.editor.rawValue == 2)
    }

    @Test("the back button, prompt and large title settings start as in UIKit and keep what is set")
    func backButtonAndTitles() {
        let item = UINavigationItem()
        #expect(item.title == nil && !item.hidesBackButton && !item.leftItemsSupplementBackButton)
        #expect(item.largeTitleDisplayMode == .automatic && item.backButtonTitle == nil && item.prompt == nil)
        item.setHidesBackButton(true, animated: true)
        item.backButtonTitle = "Plays"
        item.backBarButtonItem = UIBarButtonItem(title: "All")
        item.largeTitleDisplayMode = .never
        item.prompt = "Choose a play"
        let titleView = UIView()
        item.titleView = titleView
        #expect(item.hidesBackButton && item.backButtonTitle == "Plays" && item.backBarButtonItem?.title == "All")
        #expect(item.largeTitleDisplayMode == .never && item.prompt == "Choose a play" && item.titleView === titleView)
    }
}
