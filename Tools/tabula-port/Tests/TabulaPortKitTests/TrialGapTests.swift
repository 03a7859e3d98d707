import Foundation
import Testing
@testable import TabulaPortKit

/// A storyboard with one scene: the controller's element content and the scene's other objects.
private func scene(controller: String, content: String, others: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController id="vc" customClass="\(controller)" sceneMemberID="viewController">
    \(content)
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
    \(others)
                </objects>
            </scene>
        </scenes>
    </document>
    """
}

@Suite("Gaps found porting public storyboard apps")
struct TrialGapTests {
    // MARK: 1. Private outlets and actions

    @Test("A connected private outlet or action is made internal, as a conversion")
    func privateConnectedMembers() throws {
        var index = InterfaceBuilderIndex()
        index.add(xml: """
            <document><connections>
            <outlet property="doneBarButton" destination="b" id="o1"/>
            <action selector="done" destination="y" id="a1"/>
            </connections></document>
            """, file: "Edit.storyboard")
        let result = try ported("""
            class EditViewController: UIViewController {
                @IBOutlet private weak var doneBarButton: UIBarButtonItem!
                @IBOutlet private weak var unconnected: UILabel!
                @IBAction private func done() {}
                @IBAction fileprivate func cancel() {}
            }
            """, context: ProjectContext(interfaceBuilder: index))
        let code = lines(result.source)
        #expect(code.contains("weak var doneBarButton: UIBarButtonItem!"))
        #expect(!result.source.contains("private weak var doneBarButton"))
        #expect(code.contains("private weak var unconnected: UILabel!"))
        #expect(code.contains("func done() {}"))
        #expect(!result.source.contains("private func done"))
        #expect(code.contains("fileprivate func cancel() {}"))
        let notes = result.notes.filter { $0.message.contains("made internal") }
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.kind == .converted && $0.message.contains("Edit.storyboard") })
        #expect(notes.contains { $0.line == 2 && $0.message.contains("doneBarButton") })
        #expect(notes.contains { $0.line == 4 && $0.message.contains("done") })
    }

    @Test("An outlet is assigned only when the controller's class (or a superclass) declares it as a property")
    func outletsOnlyToDeclaredProperties() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class BaseViewController: UIViewController { var titleLabel: UILabel! }
            class ListViewController: BaseViewController {
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
            }
            """)
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <tableView clipsSubviews="YES" contentMode="scaleToFill" id="tbl">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="400"/>
                    </tableView>
                    <label text="Hi" id="lbl">
                        <rect key="frame" x="0.0" y="400" width="393" height="20"/>
                    </label>
                </subviews>
            """, controller: "ListViewController", extra: """
                <connections>
                    <outlet property="tableView" destination="tbl" id="o1"/>
                    <outlet property="titleLabel" destination="lbl" id="o2"/>
                </connections>
            """), fileName: "List.storyboard", symbols: symbols)
        #expect(!result.source.contains("controller.tableView ="))
        #expect(result.source.contains("controller.titleLabel = label"))
        #expect(result.warnings.contains { $0.message.contains("outlet tableView: ListViewController declares no such property") })
    }

    // MARK: 2. Unwind actions with argument labels

    @Test("An unwind action with an argument label is matched to its method and called with the label")
    func unwindWithLabel() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class ListViewController: UIViewController {
                @IBAction func unwindToList(from segue: UIStoryboardSegue) {}
            }
            class OtherViewController: UIViewController {
                @IBAction func backHome(sender segue: UIStoryboardSegue) {}
            }
            """)
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <button contentMode="scaleToFill" id="btn">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="44"/>
                        <connections>
                            <segue destination="exit" kind="unwind" unwindAction="unwindToListFrom:" id="u1"/>
                            <segue destination="exit" kind="unwind" unwindAction="backHomeWithSender:" id="u2"/>
                        </connections>
                    </button>
                </subviews>
            """, controller: "DetailViewController"), fileName: "U.storyboard", symbols: symbols)
        let code = lines(result.source)
        #expect(code.contains("if let target = candidate as? ListViewController {"))
        #expect(code.contains("return { [unowned target] segue in target.unwindToList(from: segue) }"))
        #expect(code.contains("return { [unowned target] segue in target.backHome(sender: segue) }"))
        #expect(!result.warnings.contains { $0.message.contains("unwinds nowhere") }, "\(result.warnings)")

        var index = InterfaceBuilderIndex()
        index.add(xml: "<document><segue kind=\"unwind\" unwindAction=\"unwindToListFrom:\" id=\"u\"/></document>", file: "U.storyboard")
        #expect(index.actions["unwindToList"] == ["U.storyboard"])
    }

    @Test("The selectors Swift gives methods")
    func selectorsOfMethods() {
        typealias P = ProjectSymbols.Parameter
        #expect(IBGenerator.selectors(of: "done", []) == ["done"])
        #expect(IBGenerator.selectors(of: "done", [P(label: "_", type: "Any")]) == ["done:"])
        #expect(IBGenerator.selectors(of: "tapped", [P(label: "sender", type: "Any")]).contains("tappedWithSender:"))
        #expect(IBGenerator.selectors(of: "unwindToList", [P(label: "from", type: "UIStoryboardSegue")]).contains("unwindToListFrom:"))
    }

    // MARK: 3. Bar button item custom views

    @Test("A bar button item's custom view is made, with its action and the controller's outlet to it")
    func barButtonCustomView() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class FilterViewController: UIViewController {
                @IBOutlet weak var filter: UISegmentedControl!
                @IBAction func segmentChanged(_ sender: UISegmentedControl) {}
            }
            """)
        let result = try InterfaceBuilderCompiler.compile(xml: scene(controller: "FilterViewController", content: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                </view>
                <navigationItem key="navigationItem" title="Filter" id="nav">
                    <barButtonItem key="rightBarButtonItem" style="plain" id="I01">
                        <segmentedControl key="customView" contentMode="scaleToFill" segmentControlStyle="bar" selectedSegmentIndex="0" id="seg">
                            <rect key="frame" x="0.0" y="0.0" width="120" height="32"/>
                            <segments>
                                <segment title="All"/>
                                <segment title="Open"/>
                            </segments>
                            <connections>
                                <action selector="segmentChanged:" destination="vc" eventType="valueChanged" id="a1"/>
                            </connections>
                        </segmentedControl>
                    </barButtonItem>
                </navigationItem>
                <connections>
                    <outlet property="filter" destination="seg" id="o1"/>
                </connections>
            """), fileName: "F.storyboard", symbols: symbols)
        let code = lines(result.source)
        let made = try #require(code.first { $0.contains("= UISegmentedControl(items: [\"All\", \"Open\"])") })
        let variable = String(made.dropFirst(4).prefix { $0 != " " })
        #expect(code.contains { $0.hasSuffix("= UIBarButtonItem(customView: \(variable))") })
        #expect(code.contains("controller.filter = \(variable)"))
        #expect(code.contains("\(variable).addAction(UIAction { [unowned controller, unowned \(variable)] _ in"))
        #expect(code.contains("controller.segmentChanged(\(variable))"))
        #expect(code.contains("}, for: .valueChanged)"))
        // The outlet is set once, where the item is made, not again in the view loader.
        #expect(code.filter { $0 == "controller.filter = \(variable)" }.count == 1)
        #expect(!result.warnings.contains { $0.message.contains("custom view") }, "\(result.warnings)")
    }

    // MARK: 4. Gesture recognizers

    @Test("Scene gesture recognizers are made, configured, attached, connected to actions and outlets")
    func gestureRecognizers() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class PhotoViewController: UIViewController {
                @IBOutlet var tapRecognizer: UITapGestureRecognizer!
                @IBAction func selectImage(_ sender: UITapGestureRecognizer) {}
                @IBAction func held(_ sender: UIGestureRecognizer) {}
                @IBAction func pinched(_ sender: Any) {}
                @IBAction func swiped() {}
                @IBAction func panned(_ sender: UIPanGestureRecognizer) {}
            }
            """)
        let result = try InterfaceBuilderCompiler.compile(xml: scene(controller: "PhotoViewController", content: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <subviews>
                        <imageView contentMode="scaleAspectFit" id="img">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="400"/>
                            <connections>
                                <outletCollection property="gestureRecognizers" destination="tap" collectionClass="NSMutableArray" id="c1"/>
                                <outletCollection property="gestureRecognizers" destination="long" collectionClass="NSMutableArray" id="c2"/>
                            </connections>
                        </imageView>
                    </subviews>
                    <connections>
                        <outletCollection property="gestureRecognizers" destination="pinch" collectionClass="NSMutableArray" id="c3"/>
                        <outletCollection property="gestureRecognizers" destination="swipe" collectionClass="NSMutableArray" id="c4"/>
                        <outletCollection property="gestureRecognizers" destination="pan" collectionClass="NSMutableArray" id="c5"/>
                    </connections>
                </view>
                <connections>
                    <outlet property="tapRecognizer" destination="tap" id="o1"/>
                </connections>
            """, others: """
                <tapGestureRecognizer numberOfTapsRequired="2" id="tap">
                    <connections>
                        <action selector="selectImage:" destination="vc" id="a1"/>
                    </connections>
                </tapGestureRecognizer>
                <pongPressGestureRecognizer allowableMovement="10" minimumPressDuration="0.5" id="long">
                    <connections>
                        <action selector="held:" destination="vc" id="a2"/>
                    </connections>
                </pongPressGestureRecognizer>
                <pinchGestureRecognizer id="pinch">
                    <connections>
                        <action selector="pinched:" destination="vc" id="a3"/>
                    </connections>
                </pinchGestureRecognizer>
                <swipeGestureRecognizer direction="left" id="swipe">
                    <connections>
                        <action selector="swiped" destination="vc" id="a4"/>
                    </connections>
                </swipeGestureRecognizer>
                <panGestureRecognizer minimumNumberOfTouches="2" id="pan">
                    <connections>
                        <action selector="panned:" destination="vc" id="a5"/>
                    </connections>
                </panGestureRecognizer>
            """), fileName: "P.storyboard", symbols: symbols)
        let code = lines(result.source)
        func variable(_ type: String) throws -> String {
            let line = try #require(code.first { $0.hasSuffix(" = \(type)()") })
            return String(line.dropFirst(4).prefix { $0 != " " })
        }
        let tap = try variable("UITapGestureRecognizer")
        let long = try variable("UILongPressGestureRecognizer")
        let pinch = try variable("UIPinchGestureRecognizer")
        let swipe = try variable("UISwipeGestureRecognizer")
        let pan = try variable("UIPanGestureRecognizer")
        #expect(code.contains("\(tap).numberOfTapsRequired = 2"))
        #expect(code.contains("\(long).minimumPressDuration = 0.5"))
        #expect(code.contains("\(long).allowableMovement = 10"))
        #expect(code.contains("\(swipe).direction = .left"))
        #expect(code.contains("\(pan).minimumNumberOfTouches = 2"))
        #expect(code.contains { $0.hasSuffix(".addGestureRecognizer(\(tap))") && $0.hasPrefix("imageView") })
        #expect(code.contains { $0.hasSuffix(".addGestureRecognizer(\(long))") && $0.hasPrefix("imageView") })
        #expect(code.contains("view0.addGestureRecognizer(\(pinch))"))
        #expect(code.contains("view0.addGestureRecognizer(\(swipe))"))
        #expect(code.contains("view0.addGestureRecognizer(\(pan))"))
        #expect(code.contains("\(tap).addTarget { [unowned controller, unowned \(tap)] (_: UIGestureRecognizer) in"))
        #expect(code.contains("controller.selectImage(\(tap))"))
        #expect(code.contains("controller.held(\(long))"))
        #expect(code.contains("controller.pinched(\(pinch))"))
        #expect(code.contains("\(swipe).addTarget { [unowned controller] (_: UIGestureRecognizer) in"))
        #expect(code.contains("controller.swiped()"))
        #expect(code.contains("controller.panned(\(pan))"))
        #expect(code.contains("controller.tapRecognizer = \(tap)"))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("A recognizer whose action takes another recognizer type is left out with a warning")
    func recognizerSenderMismatch() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: "class V: UIViewController { @IBAction func swiped(_ sender: UIPanGestureRecognizer) {} }")
        let result = try InterfaceBuilderCompiler.compile(xml: scene(controller: "V", content: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <connections>
                        <outletCollection property="gestureRecognizers" destination="sw" collectionClass="NSMutableArray" id="c1"/>
                    </connections>
                </view>
            """, others: """
                <swipeGestureRecognizer direction="up" id="sw">
                    <connections>
                        <action selector="swiped:" destination="vc" id="a1"/>
                    </connections>
                </swipeGestureRecognizer>
                <rotationGestureRecognizer id="rot"/>
            """), fileName: "S.storyboard", symbols: symbols)
        #expect(result.source.contains(".direction = .up"))
        #expect(!result.source.contains("controller.swiped("))
        #expect(result.warnings.contains { $0.message.contains("swiped takes a UIPanGestureRecognizer") })
        #expect(result.warnings.contains { $0.message.contains("<rotationGestureRecognizer id=\"rot\"> is not in Tabula") })
    }

    // MARK: 5. Legacy layout guides

    @Test("Top and bottom layout guides map to the safe area's or the root view's edges")
    func legacyLayoutGuides() throws {
        let result = try InterfaceBuilderCompiler.compile(xml: scene(controller: "DetailViewController", content: """
                <layoutGuides>
                    <viewControllerLayoutGuide type="top" id="dtY"/>
                    <viewControllerLayoutGuide type="bottom" id="btm"/>
                </layoutGuides>
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <subviews>
                        <label text="A" id="lbl">
                            <rect key="frame" x="0.0" y="60" width="393" height="20"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="lbl" firstAttribute="top" secondItem="dtY" secondAttribute="bottom" constant="8" id="k1"/>
                        <constraint firstItem="btm" firstAttribute="top" secondItem="lbl" secondAttribute="bottom" constant="8" id="k2"/>
                        <constraint firstItem="lbl" firstAttribute="top" relation="greaterThanOrEqual" secondItem="dtY" secondAttribute="top" id="k3"/>
                        <constraint firstItem="btm" firstAttribute="bottom" secondItem="lbl" secondAttribute="bottom" constant="20" id="k4"/>
                    </constraints>
                </view>
            """), fileName: "L.storyboard", symbols: IBFixtures.symbols)
        let code = lines(result.source)
        #expect(code.contains { $0.hasSuffix("= NSLayoutConstraint(item: label1, attribute: .top, relatedBy: .equal, toItem: view0.safeAreaLayoutGuide, attribute: .top, multiplier: 1, constant: 8)") })
        #expect(code.contains { $0.hasSuffix("= NSLayoutConstraint(item: view0.safeAreaLayoutGuide, attribute: .bottom, relatedBy: .equal, toItem: label1, attribute: .bottom, multiplier: 1, constant: 8)") })
        #expect(code.contains { $0.hasSuffix("= NSLayoutConstraint(item: label1, attribute: .top, relatedBy: .greaterThanOrEqual, toItem: view0, attribute: .top, multiplier: 1, constant: 0)") })
        #expect(code.contains { $0.hasSuffix("= NSLayoutConstraint(item: view0, attribute: .bottom, relatedBy: .equal, toItem: label1, attribute: .bottom, multiplier: 1, constant: 20)") })
        #expect(!result.warnings.contains { $0.message.contains("not made here") }, "\(result.warnings)")
    }

    // MARK: 6. Scroll view content and frame layout guides

    @Test("Constraints to a scroll view's content and frame layout guides are made with them")
    func scrollViewGuides() throws {
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <scrollView contentMode="scaleToFill" id="scr">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="400"/>
                        <subviews>
                            <label text="A" id="lbl">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="20"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="lbl" firstAttribute="top" secondItem="cg" secondAttribute="top" constant="8" id="k1"/>
                            <constraint firstItem="lbl" firstAttribute="width" secondItem="fg" secondAttribute="width" id="k2"/>
                        </constraints>
                        <viewLayoutGuide key="contentLayoutGuide" id="cg"/>
                        <viewLayoutGuide key="frameLayoutGuide" id="fg"/>
                    </scrollView>
                </subviews>
            """), fileName: "G.storyboard", symbols: IBFixtures.symbols)
        let code = lines(result.source)
        #expect(code.contains { $0.contains("attribute: .top, relatedBy: .equal, toItem: scrollView1.contentLayoutGuide, attribute: .top, multiplier: 1, constant: 8)") }, "\(code)")
        #expect(code.contains { $0.contains("attribute: .width, relatedBy: .equal, toItem: scrollView1.frameLayoutGuide, attribute: .width") })
        #expect(!result.warnings.contains { $0.message.contains("layout guide") }, "\(result.warnings)")
    }

    @Test("A scroll view's keyboard dismiss mode and a view's preservesSuperviewLayoutMargins are set")
    func scrollViewKeyboardDismissMode() throws {
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <scrollView contentMode="scaleToFill" keyboardDismissMode="interactive" preservesSuperviewLayoutMargins="YES" id="scr">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="400"/>
                    </scrollView>
                </subviews>
            """), fileName: "K.storyboard", symbols: IBFixtures.symbols)
        let code = lines(result.source)
        #expect(code.contains { $0.hasSuffix(".keyboardDismissMode = .interactive") }, "\(code)")
        #expect(code.contains { $0.hasSuffix(".preservesSuperviewLayoutMargins = true") })
    }

    // MARK: 7. Bar button items with a nil action

    @Test("A bar button item made with a nil action loses its target and action")
    func barButtonNilAction() throws {
        let result = try ported("""
            import UIKit
            class C: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let search = UIBarButtonItem(barButtonSystemItem: .search, target: self, action: nil)
                    let title = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
                    let done = UIBarButtonItem(title: "OK", style: .done, target: self, action: nil)
                    let image = UIBarButtonItem(image: UIImage(systemName: "star"), style: .plain, target: nil, action: nil)
                    navigationItem.rightBarButtonItems = [search, title, done, image]
                }
            }
            """)
        let code = lines(result.source)
        #expect(code.contains("let search = UIBarButtonItem(barButtonSystemItem: .search)"))
        #expect(code.contains("let title = UIBarButtonItem(title: \"Edit\")"))
        #expect(code.contains("let done = { let item = UIBarButtonItem(title: \"OK\"); item.style = .done; return item }()"))
        #expect(code.contains("let image = UIBarButtonItem(image: UIImage(systemName: \"star\"))"))
        #expect(result.notes.filter { $0.kind == .converted && $0.message.contains("action: nil") }.count == 4)
    }

    // MARK: 8. FoundationNetworking

    @Test("A file using URLSession gets import FoundationNetworking on Linux, once, after its imports")
    func foundationNetworking() throws {
        let result = try ported("""
            import UIKit
            import Foundation

            final class Loader {
                func load(_ url: URL) {
                    let request = URLRequest(url: url)
                    URLSession.shared.dataTask(with: request) { data, response, _ in
                        _ = (response as? HTTPURLResponse)?.statusCode
                    }.resume()
                }
            }
            """)
        #expect(result.source.contains("""
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            final class Loader {
            """))
        #expect(result.source.components(separatedBy: "import FoundationNetworking").count == 2)
        #expect(result.notes.contains { $0.kind == .converted && $0.line == 2 && $0.message.contains("FoundationNetworking") })

        let again = try ported(result.source)
        #expect(again.source.components(separatedBy: "import FoundationNetworking").count == 2)

        let plain = try ported("import Foundation\nlet url = URL(string: \"https://example.com\")\n")
        #expect(!plain.source.contains("FoundationNetworking"))
    }

    // MARK: 9. Buttons without a type

    @Test("A button written without buttonType is custom (IB leaves the default out); system and roundedRect are system")
    func buttonTypeDefault() throws {
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <button contentMode="scaleToFill" id="check">
                        <rect key="frame" x="8" y="4" width="36" height="36"/>
                        <state key="normal" image="Unchecked"/>
                        <state key="selected" image="Checked"/>
                    </button>
                    <button contentMode="scaleToFill" buttonType="system" id="sys">
                        <rect key="frame" x="8" y="50" width="36" height="36"/>
                    </button>
                    <button contentMode="scaleToFill" buttonType="roundedRect" id="round">
                        <rect key="frame" x="8" y="90" width="36" height="36"/>
                    </button>
                </subviews>
            """), fileName: "B.storyboard")
        let code = lines(result.source)
        #expect(code.contains("let button1 = UIButton(type: .custom)"))
        #expect(code.contains("let button2 = UIButton(type: .system)"))
        #expect(code.contains("let button3 = UIButton(type: .system)"))
    }
}

@Suite("Split view controller scenes")
struct SplitViewSceneTests {
    @Test("A classic split view's master and detail become its viewControllers; a column style's relationships name their columns")
    func splitScenes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="sp">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <splitViewController id="sp" sceneMemberID="viewController">
                            <connections>
                                <segue destination="m" kind="relationship" relationship="masterViewController" id="r1"/>
                                <segue destination="d" kind="relationship" relationship="detailViewController" id="r2"/>
                            </connections>
                        </splitViewController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <splitViewController id="cs" style="doubleColumn" sceneMemberID="viewController">
                            <connections>
                                <segue destination="m" kind="relationship" relationship="primaryViewController" id="r3"/>
                                <segue destination="d" kind="relationship" relationship="secondaryViewController" id="r4"/>
                                <segue destination="d" kind="relationship" relationship="somethingElse" id="r5"/>
                            </connections>
                        </splitViewController>
                    </objects></scene>
                    <scene sceneID="s3"><objects><viewController id="m" sceneMemberID="viewController"/></objects></scene>
                    <scene sceneID="s4"><objects><viewController id="d" sceneMemberID="viewController"/></objects></scene>
                </scenes>
            </document>
            """
        let result = try InterfaceBuilderCompiler.compile(xml: xml, fileName: "Split.storyboard")
        let code = result.source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(code.contains("guard let controller = request.make(UISplitViewController.self, coder: coder, { UISplitViewController(coder: $0) }) as? UISplitViewController"))
        #expect(code.contains("controller.viewControllers = ["))
        #expect(code.contains("InterfaceBuilder.instantiate(scene: \"m\", in: request.storyboard),"))
        #expect(code.contains("let coder = InterfaceBuilder.coder(for: UISplitViewController.self, values: [\"UISplitViewControllerStyle\": UISplitViewController.Style.doubleColumn]) { _ in }"))
        #expect(code.contains("controller.setViewController(column, for: .primary)"))
        #expect(code.contains("controller.setViewController(column, for: .secondary)"))
        #expect(result.warnings.contains { $0.message.contains("relationship somethingElse of a split view controller") })
        #expect(!result.warnings.contains { $0.message.contains("not in Tabula") })
    }
}

@Suite("Page view controller scenes")
struct PageViewSceneTests {
    @Test("A page view controller scene is made as one, with its transition style, orientation and spine")
    func pageScene() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="pg">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <pageViewController id="pg" customClass="OnboardingViewController" autoresizesArchivedViewToFullSize="NO"
                            transitionStyle="scroll" navigationOrientation="vertical" spineLocation="none" sceneMemberID="viewController"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        let result = try InterfaceBuilderCompiler.compile(xml: xml, fileName: "Onboarding.storyboard")
        let code = result.source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(code.contains("let coder = InterfaceBuilder.coder(for: UIPageViewController.self, values: [\"UIPageViewControllerTransitionStyle\": UIPageViewController.TransitionStyle.scroll, \"UIPageViewControllerNavigationOrientation\": UIPageViewController.NavigationOrientation.vertical, \"UIPageViewControllerSpineLocation\": UIPageViewController.SpineLocation.none]) { _ in }"))
        #expect(code.contains("guard let controller = request.make(OnboardingViewController.self, coder: coder, { OnboardingViewController(coder: $0) }) as? OnboardingViewController"))
        #expect(!result.warnings.contains { $0.message.contains("not in Tabula") })
    }

    @Test("init(nibName:bundle:) called on a metatype in a variable is listed for a person; on a type name it is not")
    func metatypeNibInit() throws {
        let result = try ported("""
            import UIKit
            final class MenuViewController: UIViewController {
                let screens: [UIViewController.Type] = [ListViewController.self]
                func open(_ sceneClass: UIViewController.Type) {
                    let scene = sceneClass.init(nibName: String(describing: sceneClass), bundle: nil)
                    let list = ListViewController.init(nibName: nil, bundle: nil)
                    navigationController?.pushViewController(scene, animated: true)
                    _ = list
                }
            }
            """)
        let notes = result.notes.filter { $0.message.contains("metatype") }
        #expect(notes.count == 1)
        #expect(notes.first?.kind == .manual && notes.first?.line == 5)
        #expect(notes.first?.message.contains("sceneClass.init(nibName:bundle:)") == true)
    }

    @Test("A view in the scene dock is made with the root view, connected, and kept alive by the controller")
    func sceneDockView() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class FormViewController: UIViewController {
                @IBOutlet weak var pickerCell: UITableViewCell!
                @IBOutlet weak var stepper: UIStepper!
                @IBAction func stepped(_ sender: UIStepper) {}
            }
            """)
        let xml = scene(controller: "FormViewController", content: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                </view>
                <connections>
                    <outlet property="pickerCell" destination="dock" id="o1"/>
                    <outlet property="stepper" destination="st" id="o2"/>
                </connections>
            """, others: """
                <tableViewCell contentMode="scaleToFill" id="dock">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="120"/>
                    <tableViewCellContentView key="contentView" contentMode="center" tableViewCell="dock" id="content">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="120"/>
                        <subviews>
                            <stepper contentMode="scaleToFill" maximumValue="10" id="st">
                                <rect key="frame" x="20" y="40" width="94" height="32"/>
                                <connections>
                                    <action selector="stepped:" destination="vc" eventType="valueChanged" id="a1"/>
                                </connections>
                            </stepper>
                        </subviews>
                    </tableViewCellContentView>
                </tableViewCell>
            """)
        let result = try InterfaceBuilderCompiler.compile(xml: xml, fileName: "Form.storyboard", symbols: symbols)
        let code = lines(result.source)
        #expect(!result.warnings.contains { $0.message.contains("not supported") || $0.message.contains("not made here") })
        let cell = try #require(code.first { $0.hasPrefix("let cell") && $0.contains("UITableViewCell(") })
        let name = String(cell.dropFirst(4).prefix { $0 != " " })
        #expect(code.contains("controller.pickerCell = \(name)"))
        #expect(code.contains { $0.hasPrefix("controller.stepper = stepper") })
        #expect(code.contains { $0.contains("\(name).contentView.addSubview(stepper") })
        #expect(code.contains { $0.contains("controller.stepped(") })
        #expect(code.contains("InterfaceBuilder.keepAlive([\(name)], by: controller)"))
        // Made in the view loader, with the root view: not when the controller is made.
        let loader = try #require(code.firstIndex { $0.hasPrefix("InterfaceBuilder.setViewLoader(of: controller)") })
        let made = try #require(code.firstIndex(of: cell))
        #expect(made > loader)
    }

    @Test("The document's Global Tint is registered with the storyboard; without one, nothing is")
    func globalTint() throws {
        let tinted = scene(controller: "ListViewController", content: "").replacingOccurrences(of: "    </scenes>", with: """
                </scenes>
                <color key="tintColor" red="0.0" green="0.5" blue="0.25" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
            """)
        let result = try InterfaceBuilderCompiler.compile(xml: tinted, fileName: "Main.storyboard")
        let code = lines(result.source)
        let register = try #require(code.firstIndex { $0.hasPrefix("InterfaceBuilder.registerStoryboard(\"Main\"") })
        #expect(code[register + 2].hasSuffix("],"))
        #expect(code[register + 3].hasPrefix("tintColor: UIColor("))
        #expect(code[register + 3].contains("0.5"))

        let plain = try InterfaceBuilderCompiler.compile(xml: scene(controller: "ListViewController", content: ""),
                                                         fileName: "Main.storyboard")
        #expect(!plain.source.contains("tintColor:"))
    }
}
