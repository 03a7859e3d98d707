import Foundation
import Tabula

/// A settings screen as a collection view list: inset-grouped sections under grouped
/// headers, rows with values and chevrons, a checkmark that follows the tap, networks
/// that swipe left to Forget, and Edit to put the networks in order by their grips.
final class ListSettingsScene: Scene {
    static let name = "list-settings"
    static let title = "List Settings"
    static let summary = "A settings list in a collection view (list configuration, inset grouped): accessories, a moving checkmark, swipe to Forget, reorder"
    static let seed = "UIKit's UICollectionLayoutListConfiguration and UICollectionViewListCell (issue 36)"
    static let tryIt = "Swipe a network left and tap Forget; tap a sound to move the checkmark; tap Edit and drag a network's grip."
    let controller = ListSettingsController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Swipes the second network open, forgets it, picks another sound, then moves the
    /// first network to the end by its grip and leaves editing.
    func play(on screen: HeadlessScreen) {
        guard let list = controller.list, let row = list.cellForItem(at: IndexPath(item: 1, section: 0)) else { return }
        let y = row.convert(CGPoint(x: 0, y: row.bounds.midY), to: nil).y
        screen.drag(from: CGPoint(x: 340, y: y), to: CGPoint(x: 180, y: y), duration: 0.3)
        screen.advance(by: 0.6)
        screen.tap(at: CGPoint(x: row.convert(CGPoint(x: row.bounds.maxX, y: 0), to: nil).x - 30, y: y))
        screen.advance(by: 0.8)
        if let sound = list.cellForItem(at: IndexPath(item: 2, section: 2)) {
            screen.tap(at: sound.convert(CGPoint(x: sound.bounds.midX, y: sound.bounds.midY), to: nil))
            screen.advance(by: 0.6)
        }
        controller.setEditing(true, animated: true)
        screen.advance(by: 0.5)
        guard let first = list.cellForItem(at: IndexPath(item: 0, section: 0)) else { return }
        let grip = first.convert(CGPoint(x: first.bounds.maxX - 26, y: first.bounds.midY), to: nil)
        screen.drag(from: grip, to: CGPoint(x: grip.x, y: grip.y + first.bounds.height * 2.2), duration: 0.6)
        screen.advance(by: 0.5)
        controller.setEditing(false, animated: true)
        screen.advance(by: 0.5)
    }
}

final class ListSettingsController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private(set) var list: UICollectionView?
    private(set) var networks = ["Home", "Library Guest", "Café Corner", "Studio 5G"]
    let general: [(String, String?)] = [("About", nil), ("Software Update", "1 new"), ("Storage", "34 GB free"), ("Language", "English")]
    let sounds = ["Chime", "Glass", "Harp", "Pulse"]
    private(set) var chosenSound = 1
    let titles = ["Known Networks", "General", "Ringtone"]
    let connected = "Home"

    override func viewDidLoad() {
        super.viewDidLoad()
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.trailingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
            guard indexPath.section == 0 else { return nil }
            let forget = UIContextualAction(style: .destructive, title: "Forget") { [unowned self] _, _, done in
                forgetNetwork(at: indexPath.item)
                done(true)
            }
            return UISwipeActionsConfiguration(actions: [forget])
        }
        let list = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        list.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        list.register(UICollectionViewListCell.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "header")
        list.dataSource = self
        list.delegate = self
        view.addSubview(list)
        self.list = list
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        if animated { list?.isEditing = editing } else { UIView.performWithoutAnimation { list?.isEditing = editing } }
    }

    func forgetNetwork(at index: Int) {
        guard let list, networks.indices.contains(index) else { return }
        list.performBatchUpdates {
            self.networks.remove(at: index)
            list.deleteItems(at: [IndexPath(item: index, section: 0)])
        }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { 3 }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        [networks.count, general.count, sounds.count][section]
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
        var content = cell.defaultContentConfiguration()
        switch indexPath.section {
        case 0:
            content.text = networks[indexPath.item]
            cell.accessories = [.label(text: networks[indexPath.item] == connected ? "Connected" : "Saved", displayed: .whenNotEditing),
                                .reorder()]
        case 1:
            let (title, value) = general[indexPath.item]
            content.text = title
            cell.accessories = (value.map { [UICellAccessory.label(text: $0)] } ?? []) + [.disclosureIndicator()]
        default:
            content.text = sounds[indexPath.item]
            cell.accessories = indexPath.item == chosenSound ? [.checkmark()] : []
        }
        cell.contentConfiguration = content
        return cell
    }

    /// Networks can be put in order; nothing else moves.
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { indexPath.section == 0 }

    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        networks.insert(networks.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
    }

    /// A network dragged past its section stays at the section's end.
    func collectionView(_ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        proposedIndexPath.section == 0 ? proposedIndexPath : IndexPath(item: networks.count - 1, section: 0)
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        if let header = header as? UICollectionViewListCell {
            var content = UIListContentConfiguration.groupedHeader()
            content.text = titles[indexPath.section]
            header.contentConfiguration = content
        }
        return header
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
        guard indexPath.section == 2, indexPath.item != chosenSound else { return }
        let old = chosenSound
        chosenSound = indexPath.item
        for item in [old, chosenSound] {
            (collectionView.cellForItem(at: IndexPath(item: item, section: 2)) as? UICollectionViewListCell)?.accessories =
                item == chosenSound ? [.checkmark()] : []
        }
    }
}
