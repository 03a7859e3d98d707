import Testing
@testable import TabulaPortKit

@Suite("Code that compiled only on an old SDK or through the Objective-C runtime")
struct LegacyRewriteTests {
    @Test("A stored property whose initializer adds a target–action with self becomes a lazy var, keeping its modifiers, type and comments")
    func storedPropertyWithSelfBecomesLazy() throws {
        let result = try ported("""
            class Controller: UIViewController {
                // The add button.
                let addButton: UIButton = {
                    let button = UIButton(type: .system)
                    button.addTarget(self, action: #selector(add), for: .touchUpInside)
                    return button
                }()
                private let untyped = {
                    let button = UIButton()
                    button.addTarget(self, action: #selector(add), for: .touchUpInside)
                    return button
                }()
                let plain: UIButton = {
                    let button = UIButton()
                    button.addTarget(model, action: #selector(Model.go), for: .touchUpInside)
                    return button
                }()
                static let shared: UIButton = UIButton()
                @objc func add() {}
            }
            class Model { @objc func go() {} }
            """)
        #expect(result.source.contains("    // The add button.\n    lazy var addButton: UIButton = {"))
        #expect(result.source.contains("    private lazy var untyped = {"))
        #expect(result.source.contains("        button.addAction(UIAction { [weak self] _ in self?.add() }, for: .touchUpInside)"))
        // A closure that captures something else, and a static property, stay as they were.
        #expect(result.source.contains("    let plain: UIButton = {"))
        #expect(result.source.contains("    static let shared: UIButton = UIButton()"))
        #expect(result.manualItems.isEmpty)
        #expect(result.notes.filter { $0.message.contains("made it lazy var") }.count == 2)
    }

    @Test("A local constant in a method keeps let: self is in scope there")
    func localConstantStays() throws {
        let result = try ported("""
            class Controller: UIViewController {
                override func viewDidLoad() {
                    let button: UIButton = {
                        let button = UIButton()
                        button.addTarget(self, action: #selector(add), for: .touchUpInside)
                        return button
                    }()
                    view.addSubview(button)
                }
                @objc func add() {}
            }
            """)
        #expect(result.source.contains("        let button: UIButton = {"))
        #expect(!result.source.contains("lazy"))
    }

    @Test("(indexPath as NSIndexPath).row, .section and .item become indexPath's own members; other casts stay")
    func nsIndexPathCasts() throws {
        let result = try ported("""
            func describe(_ indexPath: IndexPath, in table: UITableView) -> String {
                let other = table.indexPathForSelectedRow!
                let a = (indexPath as NSIndexPath).row
                let b = (indexPath as NSIndexPath).section + (other as! NSIndexPath).item
                let c = (table.indexPathForSelectedRow! as NSIndexPath).row
                let d = (indexPath as NSIndexPath).length
                return "\\((indexPath as NSIndexPath).row) \\(a + b + c + d)"
            }
            """)
        #expect(result.source.contains("let a = indexPath.row"))
        #expect(result.source.contains("let b = indexPath.section + other.item"))
        #expect(result.source.contains("let c = table.indexPathForSelectedRow!.row"))
        #expect(result.source.contains("let d = (indexPath as NSIndexPath).length"))
        #expect(result.source.contains("return \"\\(indexPath.row) \\(a + b + c + d)\""))
    }

    @Test("dimsBackgroundDuringPresentation becomes obscuresBackgroundDuringPresentation, through self and chains")
    func renamedSearchControllerProperty() throws {
        let result = try ported("""
            class Controller: UITableViewController {
                let searchController = UISearchController(searchResultsController: nil)
                override func viewDidLoad() {
                    searchController.dimsBackgroundDuringPresentation = false
                    self.searchController.dimsBackgroundDuringPresentation = true
                    print(navigationItem.searchController?.dimsBackgroundDuringPresentation ?? false)
                }
            }
            """)
        #expect(!result.source.contains("dimsBackground"))
        #expect(result.source.contains("        searchController.obscuresBackgroundDuringPresentation = false"))
        #expect(result.source.contains("        self.searchController.obscuresBackgroundDuringPresentation = true"))
        #expect(result.source.contains("navigationItem.searchController?.obscuresBackgroundDuringPresentation ?? false"))
    }

    @Test("#keyPath, which needs the Objective-C runtime, becomes the string it stands for")
    func keyPathBecomesString() throws {
        let result = try ported("""
            class Shimmer: UIView {
                func animate() {
                    let fade = CABasicAnimation(keyPath: #keyPath(CAGradientLayer.backgroundColor))
                    let nudge = CABasicAnimation(keyPath: #keyPath(CALayer.position.x))
                    let own = value(forKey: #keyPath(title))
                    let path = \\Shimmer.alpha
                }
            }
            """)
        #expect(result.source.contains(#"CABasicAnimation(keyPath: "backgroundColor")"#))
        #expect(result.source.contains(#"CABasicAnimation(keyPath: "position.x")"#))
        #expect(result.source.contains(#"value(forKey: "title")"#))
        #expect(result.source.contains(#"let path = \Shimmer.alpha"#))
        #expect(!result.source.contains("#keyPath"))
        #expect(result.manualItems.isEmpty)
    }

    @Test("A call of an optional delegate requirement through an optional chain loses the ? before its arguments")
    func optionalRequirementCalls() throws {
        let result = try ported("""
            final class Relay: NSObject, UICollectionViewDelegateFlowLayout {
                weak var scrollDelegate: UIScrollViewDelegate?
                weak var layoutDelegate: UICollectionViewDelegateFlowLayout?
                var onTap: ((Int) -> Void)?
                var owner: Relay?
                func scrollViewDidScroll(_ scrollView: UIScrollView) {
                    self.scrollDelegate?.scrollViewDidScroll?(scrollView)
                }
                func collectionView(_ collectionView: UICollectionView, layout: UICollectionViewLayout,
                                    sizeForItemAt indexPath: IndexPath) -> CGSize {
                    layoutDelegate?.collectionView?(collectionView, layout: layout, sizeForItemAt: indexPath) ?? .zero
                }
                func tapped(_ item: Int) {
                    owner?.onTap?(item)
                    onTap?(item)
                    owner?.custom?(item)
                }
            }
            """)
        #expect(result.source.contains("        self.scrollDelegate?.scrollViewDidScroll(scrollView)\n"))
        #expect(result.source.contains(
            "layoutDelegate?.collectionView(collectionView, layout: layout, sizeForItemAt: indexPath) ?? .zero"))
        // Optional closures, and names that are not UIKit delegate methods, keep their ?.
        #expect(result.source.contains("        owner?.onTap?(item)\n        onTap?(item)\n        owner?.custom?(item)\n"))
        #expect(result.notes.filter { $0.message.contains("optional requirement") }.count == 2)
        #expect(result.manualItems.isEmpty)
    }
}
