import Testing
@testable import TabulaPortKit

@Suite("canMoveRowAt for a data source that only moves rows")
struct ReorderingTests {
    static let mover = """
    import UIKit

    class ListController: UITableViewController {
        var items = ["a", "b"]

        override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
        }
    }

    """

    @Test("moveRowAt without canMoveRowAt gets one answering true, with moveRowAt's override, right after it")
    func added() throws {
        let result = try ported(Self.mover)
        #expect(result.source.contains("""
                items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
            }

            /// tabula-port: UIKit lets rows move when `moveRowAt` exists; Tabula asks this.
            override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
                true
            }
        }
        """))
        #expect(result.notes.contains { $0.message.contains("tableView(_:canMoveRowAt:) added") })
        // Ported again, nothing more is added.
        let again = try ported(result.source)
        #expect(!again.changed)
    }

    @Test("A data source that answers canMoveRowAt itself is left alone")
    func answered() throws {
        let source = Self.mover.replacingOccurrences(of: "    var items = [\"a\", \"b\"]\n", with: """
            var items = ["a", "b"]
            override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row > 0 }

        """)
        let result = try ported(source)
        #expect(result.source.components(separatedBy: "canMoveRowAt").count == 2)
    }

    @Test("A collection view data source with moveItemAt and no canMoveItemAt gets one answering true")
    func collectionItems() throws {
        let source = """
        import UIKit

        final class Grid: NSObject, UICollectionViewDataSource {
            var items = [1, 2, 3]
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            }
            func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                items.insert(items.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
            }
        }

        """
        let result = try ported(source)
        #expect(result.source.contains("""
                /// tabula-port: UIKit lets items move when `moveItemAt` exists; Tabula asks this.
                func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
                    true
                }
            }
            """))
        #expect(result.notes.contains { $0.message.contains("collectionView(_:canMoveItemAt:) added") })
        #expect(!result.source.contains("canMoveRowAt"), "a collection view gets no table method")
        #expect(try !ported(result.source).changed)
    }
}
