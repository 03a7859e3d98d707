import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaCollection
import TabulaGraphics
import TabulaUIKitTestSupport

// A subclass of a bar, a search bar or a control in a storyboard or nib is made with its
// `init(coder:)`, in the shape `tabula-port` generates. Before, these classes' `init(coder:)`
// returned nil, so the outlet to such a view was nil and the app crashed on it (found for
// `UITextView` in a port trial; the others had the same gap).

/// The views made from a file (for the pictures to look at).
@MainActor protocol NibMade {}
extension FileNavigationBar: NibMade {}
extension FileTabBar: NibMade {}
extension FileSearchBar: NibMade {}
extension FileSegmentedControl: NibMade {}
extension FileDatePicker: NibMade {}

@MainActor final class FileNavigationBar: UINavigationBar {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileToolbar: UIToolbar {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileTabBar: UITabBar {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileSearchBar: UISearchBar {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileSegmentedControl: UISegmentedControl {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileSlider: UISlider {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileStepper: UIStepper {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileProgressView: UIProgressView {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FilePickerView: UIPickerView {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileDatePicker: UIDatePicker {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileEffectView: UIVisualEffectView {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(effect: UIVisualEffect?) { super.init(effect: effect) }
}
@MainActor final class FilePageControl: UIPageControl {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}
@MainActor final class FileListCell: UICollectionViewListCell {
    var tintInInit: UIColor?
    required init?(coder: NSCoder) { super.init(coder: coder); tintInInit = tintColor }
    override init(frame: CGRect) { super.init(frame: frame) }
}

/// One class a file can make a subclass of: how to make the subclass from a coder, the
/// same view in code, and what the file sets (the tint, and what the class shows).
@MainActor
struct FileViewCase {
    let name: String
    let base: AnyClass
    let frame: CGRect
    let fromCoder: (NSCoder) -> UIView?
    let inCode: (CGRect) -> UIView
    let configure: (UIView) -> Void
    /// What the subclass saw of the tint inside its `init(coder:)`.
    let tintInInit: (UIView) -> UIColor?
}

@Suite("Nibs: subclasses of bars, search bars and controls are made from the file, with its values")
@MainActor
struct NibSubclassTests {
    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static let cases: [FileViewCase] = [
        FileViewCase(name: "navigation bar", base: UINavigationBar.self, frame: CGRect(x: 0, y: 0, width: 300, height: 44),
                     fromCoder: { FileNavigationBar(coder: $0) }, inCode: { UINavigationBar(frame: $0) },
                     configure: { ($0 as! UINavigationBar).items = [UINavigationItem(title: "From the file")] },
                     tintInInit: { ($0 as! FileNavigationBar).tintInInit }),
        FileViewCase(name: "toolbar", base: UIToolbar.self, frame: CGRect(x: 0, y: 0, width: 300, height: 44),
                     fromCoder: { FileToolbar(coder: $0) }, inCode: { UIToolbar(frame: $0) },
                     configure: { ($0 as! UIToolbar).items = [UIBarButtonItem(title: "Edit")] },
                     tintInInit: { ($0 as! FileToolbar).tintInInit }),
        FileViewCase(name: "tab bar", base: UITabBar.self, frame: CGRect(x: 0, y: 0, width: 300, height: 49),
                     fromCoder: { FileTabBar(coder: $0) }, inCode: { UITabBar(frame: $0) },
                     configure: { bar in
                         let bar = bar as! UITabBar
                         bar.items = [UITabBarItem(title: "One", image: nil, tag: 0), UITabBarItem(title: "Two", image: nil, tag: 1)]
                         bar.selectedItem = bar.items?.first
                     },
                     tintInInit: { ($0 as! FileTabBar).tintInInit }),
        FileViewCase(name: "search bar", base: UISearchBar.self, frame: CGRect(x: 0, y: 0, width: 300, height: 56),
                     fromCoder: { FileSearchBar(coder: $0) }, inCode: { UISearchBar(frame: $0) },
                     configure: { ($0 as! UISearchBar).placeholder = "Search notes" },
                     tintInInit: { ($0 as! FileSearchBar).tintInInit }),
        FileViewCase(name: "segmented control", base: UISegmentedControl.self, frame: CGRect(x: 10, y: 6, width: 200, height: 32),
                     fromCoder: { FileSegmentedControl(coder: $0) }, inCode: { UISegmentedControl(frame: $0) },
                     configure: { control in
                         let control = control as! UISegmentedControl
                         control.insertSegment(withTitle: "First", at: 0, animated: false)
                         control.insertSegment(withTitle: "Second", at: 1, animated: false)
                         control.selectedSegmentIndex = 1
                     },
                     tintInInit: { ($0 as! FileSegmentedControl).tintInInit }),
        FileViewCase(name: "slider", base: UISlider.self, frame: CGRect(x: 10, y: 6, width: 200, height: 34),
                     fromCoder: { FileSlider(coder: $0) }, inCode: { UISlider(frame: $0) },
                     configure: { ($0 as! UISlider).value = 0.7 },
                     tintInInit: { ($0 as! FileSlider).tintInInit }),
        FileViewCase(name: "stepper", base: UIStepper.self, frame: CGRect(x: 10, y: 6, width: 94, height: 32),
                     fromCoder: { FileStepper(coder: $0) }, inCode: { UIStepper(frame: $0) },
                     configure: { ($0 as! UIStepper).value = 3 },
                     tintInInit: { ($0 as! FileStepper).tintInInit }),
        FileViewCase(name: "progress view", base: UIProgressView.self, frame: CGRect(x: 10, y: 20, width: 200, height: 4),
                     fromCoder: { FileProgressView(coder: $0) }, inCode: { UIProgressView(frame: $0) },
                     configure: { ($0 as! UIProgressView).progress = 0.4 },
                     tintInInit: { ($0 as! FileProgressView).tintInInit }),
        FileViewCase(name: "picker view", base: UIPickerView.self, frame: CGRect(x: 0, y: 0, width: 300, height: 216),
                     fromCoder: { FilePickerView(coder: $0) }, inCode: { UIPickerView(frame: $0) },
                     configure: { _ in },
                     tintInInit: { ($0 as! FilePickerView).tintInInit }),
        FileViewCase(name: "date picker", base: UIDatePicker.self, frame: CGRect(x: 0, y: 0, width: 300, height: 216),
                     fromCoder: { FileDatePicker(coder: $0) }, inCode: { UIDatePicker(frame: $0) },
                     configure: { picker in
                         let picker = picker as! UIDatePicker
                         picker.timeZone = TimeZone(identifier: "UTC")
                         picker.preferredDatePickerStyle = .wheels
                         picker.datePickerMode = .date
                         picker.date = date
                     },
                     tintInInit: { ($0 as! FileDatePicker).tintInInit }),
        FileViewCase(name: "visual effect view", base: UIVisualEffectView.self, frame: CGRect(x: 0, y: 0, width: 300, height: 60),
                     fromCoder: { FileEffectView(coder: $0) }, inCode: { UIVisualEffectView(frame: $0) },
                     configure: { ($0 as! UIVisualEffectView).effect = UIBlurEffect(style: .systemMaterial) },
                     tintInInit: { ($0 as! FileEffectView).tintInInit }),
        FileViewCase(name: "page control", base: UIPageControl.self, frame: CGRect(x: 0, y: 0, width: 200, height: 28),
                     fromCoder: { FilePageControl(coder: $0) }, inCode: { UIPageControl(frame: $0) },
                     configure: { control in
                         let control = control as! UIPageControl
                         control.numberOfPages = 4
                         control.currentPage = 2
                     },
                     tintInInit: { ($0 as! FilePageControl).tintInInit }),
        FileViewCase(name: "list cell", base: UICollectionViewListCell.self, frame: CGRect(x: 0, y: 0, width: 300, height: 44),
                     fromCoder: { FileListCell(coder: $0) }, inCode: { UICollectionViewListCell(frame: $0) },
                     configure: { cell in
                         let cell = cell as! UICollectionViewListCell
                         var content = cell.defaultContentConfiguration()
                         content.text = "From the file"
                         cell.contentConfiguration = content
                     },
                     tintInInit: { ($0 as! FileListCell).tintInInit }),
    ]

    @Test("each is made, sees the file's values inside init(coder:), and draws as the same view made in code")
    func madeAndDrawnLikeCode() throws {
        for item in Self.cases {
            let coder = InterfaceBuilder.coder(for: item.base, values: ["UIFrame": item.frame]) { object in
                let view = object as! UIView
                view.tintColor = .systemRed
                item.configure(view)
            }
            let made = InterfaceBuilder.make(UIView.self, coder: coder, element: "Test.xib:1 <\(item.name)>", item.fromCoder)
            let view = try #require(made, "\(item.name): init(coder:) returned nil")
            #expect(item.tintInInit(view) == .systemRed, "\(item.name): the file's tint is set inside init(coder:)")
            #expect(view.frame == item.frame, "\(item.name): the file's frame")

            let reference = item.inCode(item.frame)
            reference.tintColor = .systemRed
            item.configure(reference)
            let drawn = picture(of: view)
            #expect(drawn == picture(of: reference), "\(item.name): drawn unlike the same view made in code")
            if item.base == UIVisualEffectView.self {   // the material's even tint over the white
                #expect(drawn[0] != Pixel(red: 255, green: 255, blue: 255, alpha: 255), "\(item.name): no material")
            } else if item.base != UIPickerView.self {   // an empty picker draws nothing of its own
                #expect(drawn.contains { $0 != drawn[0] }, "\(item.name): nothing drawn")
            }
        }
    }

    /// The pixels of `view` alone on a white screen its size (at 1x).
    func picture(of view: UIView) -> [Pixel] {
        let size = CGSize(width: view.frame.maxX, height: view.frame.maxY)
        let (screen, root) = makeScreen(width: size.width, height: size.height, scale: 1)
        root.addSubview(view)
        screen.advance(by: 0.5)
        screen.renderFrame()
        if view is NibMade { writeForLooking(screen.snapshot(), "nib-\(type(of: view))") }
        var pixels: [Pixel] = []
        for y in 0 ..< Int(size.height) { for x in 0 ..< Int(size.width) { pixels.append(screen.frame.pixel(x: x, y: y)) } }
        view.removeFromSuperview()
        return pixels
    }
}
