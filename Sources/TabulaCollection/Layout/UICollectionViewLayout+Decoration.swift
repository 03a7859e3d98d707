import Foundation
import TabulaUIKit

/// Decoration views: views a layout places itself (a section's background), which the
/// data source never sees. The layout registers a class for each kind; the collection
/// view makes, reuses and places the views its layout's attributes ask for, behind the
/// cells.
extension UICollectionViewLayout {
    /// Registers `viewClass` (a ``UICollectionReusableView`` subclass) for decoration views
    /// of `elementKind`; nil unregisters. A class that is not a reusable view is reported
    /// when the layout first places a view of that kind, and no view is shown.
    public func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        badDecorationClasses[elementKind] = nil
        guard let viewClass else { decorationClasses[elementKind] = nil; return }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            decorationClasses[elementKind] = nil
            badDecorationClasses[elementKind] = String(describing: viewClass)
            return
        }
        decorationClasses[elementKind] = type
    }
}

extension UICollectionView {
    /// A decoration view for `key` from its pool or new from the layout's registered class;
    /// nil, reported once per kind, when the kind has no class.
    func makeDecoration(_ key: SupplementKey) -> UICollectionReusableView? {
        let poolKey = Self.decorationPoolKey(key.kind)
        let view: UICollectionReusableView
        if let pooled = store.dequeue(poolKey) {
            view = pooled
        } else if let type = currentLayout.decorationClasses[key.kind] {
            view = type.init(registeredWithReuseIdentifier: key.kind)
        } else {
            let bad = currentLayout.badDecorationClasses[key.kind]
            reportCollectionProblemOnce("The layout places a decoration view of kind \"\(key.kind)\", but "
                + (bad.map { "the class registered for it, \($0), is not a UICollectionReusableView subclass" }
                    ?? "no class is registered for it")
                + "; register one with the layout's register(_:forDecorationViewOfKind:). No view is shown.")
            return nil
        }
        // Behind every cell and supplementary view (above the background view).
        insertSubview(view, at: backgroundView?.superview === self ? 1 : 0)
        return view
    }

    func retireDecoration(_ view: UICollectionReusableView, _ key: SupplementKey) {
        resetAnimatedState(of: view)
        store.pool(view, key: Self.decorationPoolKey(key.kind))
    }

    static func decorationPoolKey(_ kind: String) -> String { "\u{1E}decoration\u{1F}\(kind)" }
}
