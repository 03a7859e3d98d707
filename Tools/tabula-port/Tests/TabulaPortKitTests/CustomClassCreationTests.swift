import Foundation
import Testing
@testable import TabulaPortKit

/// Custom subclasses of the views whose plain form is made with values in its initializer
/// (`UISegmentedControl(items:)`, `UIVisualEffectView(effect:)`): a subclass is made with
/// `init(coder:)`, so those values are set in the decode closure instead.
@Suite("Custom classes keep their creation values")
struct CustomClassCreationTests {
    /// One view of each kind Tabula now makes through `init(coder:)`, all of custom classes.
    static let views = """
                <subviews>
                    <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="1" translatesAutoresizingMaskIntoConstraints="NO" id="seg" customClass="MySegments">
                        <rect key="frame" x="20" y="100" width="200" height="32"/>
                        <segments>
                            <segment title="First"/>
                            <segment title="Second &quot;2&quot;"/>
                            <segment title="" image="star" enabled="NO" width="44"/>
                        </segments>
                    </segmentedControl>
                    <visualEffectView opaque="NO" contentMode="scaleToFill" id="fx" customClass="FrostedView">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                        <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="fxc">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                        </view>
                        <blurEffect style="systemMaterial"/>
                    </visualEffectView>
                    <slider opaque="NO" contentMode="scaleToFill" value="3" minValue="0.0" maxValue="10" id="sl" customClass="MySlider">
                        <rect key="frame" x="0.0" y="150" width="200" height="31"/>
                    </slider>
                    <stepper opaque="NO" contentMode="scaleToFill" value="2" minimumValue="1" maximumValue="5" id="st" customClass="MyStepper">
                        <rect key="frame" x="0.0" y="200" width="94" height="32"/>
                    </stepper>
                    <progressView opaque="NO" contentMode="scaleToFill" progress="0.5" id="pr" customClass="MyProgress">
                        <rect key="frame" x="0.0" y="250" width="200" height="4"/>
                    </progressView>
                    <datePicker contentMode="scaleToFill" datePickerMode="date" id="dp" customClass="MyDatePicker">
                        <rect key="frame" x="0.0" y="300" width="320" height="216"/>
                    </datePicker>
                    <pickerView contentMode="scaleToFill" id="pk" customClass="MyPicker">
                        <rect key="frame" x="0.0" y="520" width="320" height="216"/>
                    </pickerView>
                    <searchBar contentMode="redraw" searchBarStyle="minimal" placeholder="Find" showsCancelButton="YES" showsScopeBar="YES" id="sb" customClass="MySearchBar">
                        <rect key="frame" x="0.0" y="740" width="393" height="56"/>
                        <textInputTraits key="textInputTraits"/>
                        <scopeButtonTitles>
                            <string>All</string>
                            <string>Mine</string>
                        </scopeButtonTitles>
                    </searchBar>
                    <navigationBar contentMode="scaleToFill" id="nb" customClass="MyNavigationBar">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="44"/>
                    </navigationBar>
                    <toolbar opaque="NO" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" id="tb" customClass="MyToolbar">
                        <rect key="frame" x="0.0" y="800" width="393" height="44"/>
                        <items>
                            <barButtonItem title="Share" id="share"/>
                        </items>
                    </toolbar>
                    <tabBar contentMode="scaleToFill" id="tab" customClass="MyTabBar">
                        <rect key="frame" x="0.0" y="760" width="393" height="49"/>
                    </tabBar>
                    <tableView clipsSubviews="YES" contentMode="scaleToFill" style="grouped" id="tv" customClass="MyTable">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="300"/>
                    </tableView>
                </subviews>
        """

    static func compiled() throws -> IBCompileResult {
        try InterfaceBuilderCompiler.compile(xml: storyboard(view: views), fileName: "Custom.storyboard",
                                             symbols: IBFixtures.symbols)
    }

    /// The lines of the statement that makes the custom view `custom` (from its
    /// `InterfaceBuilder.make` to its `element:` line).
    static func making(_ custom: String, in code: [String]) -> [String] {
        guard let start = code.firstIndex(where: { $0.contains("InterfaceBuilder.make(\(custom).self") }),
              let end = code[start...].firstIndex(where: { $0.contains("{ \(custom)(coder: $0) }") }) else { return [] }
        return Array(code[start...end])
    }

    @Test("A custom UISegmentedControl gets its segments (titles, then images, enabled, widths) in the decode closure, before the selected index")
    func segments() throws {
        let result = try Self.compiled()
        let made = Self.making("MySegments", in: lines(result.source))
        #expect(made == [
            "let segmentedControl1 = InterfaceBuilder.make(MySegments.self, coder: InterfaceBuilder.coder(for: UISegmentedControl.self, values: [\"UIFrame\": CGRect(x: 20, y: 100, width: 200, height: 32)]) { object in",
            "let view = object as! UISegmentedControl",
            "view.insertSegment(withTitle: \"First\", at: 0, animated: false)",
            "view.insertSegment(withTitle: \"Second \\\"2\\\"\", at: 1, animated: false)",
            "view.insertSegment(withTitle: \"\", at: 2, animated: false)",
            "view.setImage(UIImage(named: \"star\"), forSegmentAt: 2)",
            "view.setEnabled(false, forSegmentAt: 2)",
            "view.setWidth(44, forSegmentAt: 2)",
            "view.translatesAutoresizingMaskIntoConstraints = false",
            "view.isOpaque = false",
            "view.contentHorizontalAlignment = .left",
            "view.contentVerticalAlignment = .top",
            "view.selectedSegmentIndex = 1",
            "},",
            "element: \"Custom.storyboard:10 <segmentedControl id=\\\"seg\\\">\") { MySegments(coder: $0) }",
        ], "\(result.source)")
    }

    @Test("A plain UISegmentedControl is still made with its items, without insertSegment; segment images and states are set after")
    func plainSegments() throws {
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: Self.views
            .replacingOccurrences(of: " customClass=\"MySegments\"", with: "")), fileName: "Custom.storyboard",
            symbols: IBFixtures.symbols)
        let code = lines(result.source)
        #expect(code.contains("let segmentedControl1 = UISegmentedControl(items: [\"First\", \"Second \\\"2\\\"\", \"\"])"),
                "\(result.source)")
        #expect(code.contains("segmentedControl1.setImage(UIImage(named: \"star\"), forSegmentAt: 2)"))
        #expect(code.contains("segmentedControl1.setEnabled(false, forSegmentAt: 2)"))
        #expect(!code.contains { $0.contains("insertSegment") })
    }

    @Test("A custom UIVisualEffectView gets its blur effect in the decode closure")
    func effect() throws {
        let made = Self.making("FrostedView", in: lines(try Self.compiled().source))
        #expect(made.contains("view.effect = UIBlurEffect(style: .systemMaterial)"), "\(made)")
        #expect(made.first?.contains("coder: InterfaceBuilder.coder(for: UIVisualEffectView.self, values: [\"UIFrame\":") == true)
    }

    @Test("The other kinds keep their values: the controls' ranges, the progress, the picker's mode, the table's style")
    func others() throws {
        let result = try Self.compiled()
        let code = lines(result.source)
        #expect(Self.making("MySlider", in: code).contains("view.maximumValue = 10"))
        #expect(Self.making("MySlider", in: code).contains("view.value = 3"))
        #expect(Self.making("MyStepper", in: code).contains("view.minimumValue = 1"))
        #expect(Self.making("MyStepper", in: code).contains("view.value = 2"))
        #expect(Self.making("MyProgress", in: code).contains("view.progress = 0.5"))
        #expect(Self.making("MyDatePicker", in: code).contains("view.datePickerMode = .date"))
        #expect(Self.making("MyTable", in: code).first?.contains("values: [\"UIFrame\": CGRect(x: 0, y: 0, width: 393, height: 300), \"UITableViewStyle\": UITableView.Style.grouped]") == true,
                "\(Self.making("MyTable", in: code))")
        for custom in ["MyPicker", "MySearchBar", "MyNavigationBar", "MyToolbar", "MyTabBar"] {
            #expect(!Self.making(custom, in: code).isEmpty, "\(custom): \(result.source)")
        }
        #expect(code.contains("toolbar10?.items = [item11]") || code.contains { $0.hasSuffix(".items = [item11]") },
                "\(result.source)")
        #expect(result.warnings.isEmpty, "\(result.warnings.map(\.message))")
    }

    @Test("A collection view cell whose class inherits from UICollectionViewListCell is decoded at the list cell's level")
    func listCell() throws {
        var symbols = ProjectSymbols()
        symbols.add(source: """
            class BaseRow: UICollectionViewListCell {}
            final class SettingRow: BaseRow {}
            final class PhotoTile: UICollectionViewCell {}
            """)
        func cell(_ custom: String) -> String {
            """
                        <collectionViewCell opaque="NO" contentMode="center" reuseIdentifier="\(custom)" id="\(custom)" customClass="\(custom)">
                            <rect key="frame" x="0.0" y="0.0" width="120" height="44"/>
                            <color key="backgroundColor" systemColor="systemPinkColor"/>
                        </collectionViewCell>
            """
        }
        let result = try InterfaceBuilderCompiler.compile(xml: storyboard(view: """
                <subviews>
                    <collectionView clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" id="cv">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="300"/>
                        <collectionViewFlowLayout key="collectionViewLayout" id="fl"/>
                        <cells>
            \(cell("SettingRow"))
            \(cell("PhotoTile"))
                        </cells>
                    </collectionView>
                </subviews>
            """), fileName: "List.storyboard", symbols: symbols)
        let code = lines(result.source)
        let row = Self.making("SettingRow", in: code)
        #expect(row.first?.contains("coder: InterfaceBuilder.coder(for: UICollectionViewListCell.self, values:") == true, "\(result.source)")
        #expect(row.contains("let view = object as! UICollectionViewListCell"))
        #expect(row.contains("view.backgroundColor = UIColor.systemPink"))
        let tile = Self.making("PhotoTile", in: code)
        #expect(tile.first?.contains("coder: InterfaceBuilder.coder(for: UICollectionViewCell.self, values:") == true)
        #expect(tile.contains("let view = object as! UICollectionViewCell"))
    }

    @Test("A search bar's placeholder, style, cancel button and scopes are set, for a custom class in the decode closure")
    func searchBar() throws {
        let made = Self.making("MySearchBar", in: lines(try Self.compiled().source))
        #expect(Array(made.dropFirst(2).dropLast(2)) == [
            "view.contentMode = .redraw",
            "view.placeholder = \"Find\"",
            "view.searchBarStyle = .minimal",
            "view.showsCancelButton = true",
            "view.scopeButtonTitles = [\"All\", \"Mine\"]",
            "view.showsScopeBar = true",
        ], "\(made)")
    }
}
