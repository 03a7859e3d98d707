import Foundation
import TabulaUIKit

/// Cells and supplementary views from nibs and storyboard prototypes.
extension UICollectionView {
    /// Registers a nib for cells of `identifier`: a cell is the first
    /// `UICollectionViewCell` among the nib's top-level objects, made anew for each cell the
    /// pool lacks (a nib with none is reported and a plain cell made). Nil unregisters.
    public func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        guard let nib else { register(nil as AnyClass?, forCellWithReuseIdentifier: identifier); return }
        register(forCellWithReuseIdentifier: identifier) { [weak self] in
            if let cell = nib.instantiate(withOwner: nil).lazy.compactMap({ $0 as? UICollectionViewCell }).first { return cell }
            self?.reportCollectionProblem("the nib registered for cells \"\(identifier)\" holds no UICollectionViewCell; a plain cell was made")
            return UICollectionViewCell(registeredWithReuseIdentifier: identifier)
        }
    }

    /// Registers a factory that makes cells for `identifier` — what a storyboard's
    /// prototype cell becomes, and Tabula's counterpart of the table's
    /// `register(forCellReuseIdentifier:factory:)`.
    public func register(forCellWithReuseIdentifier identifier: String, factory: @escaping @MainActor () -> UICollectionViewCell) {
        registrations.cells[identifier] = nil
        registrations.cellFactories[identifier] = factory
    }

    /// Registers a nib for supplementary views of `kind` with `identifier`: the first
    /// `UICollectionReusableView` among its top-level objects. Nil unregisters.
    public func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        guard let nib else {
            register(nil as AnyClass?, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
            return
        }
        register(forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier) { [weak self] in
            if let view = nib.instantiate(withOwner: nil).lazy.compactMap({ $0 as? UICollectionReusableView }).first { return view }
            self?.reportCollectionProblem("the nib registered for \"\(kind)\" views \"\(identifier)\" holds no UICollectionReusableView; a plain view was made")
            return UICollectionReusableView(registeredWithReuseIdentifier: identifier)
        }
    }

    /// Registers a factory that makes supplementary views of `kind` for `identifier` — what
    /// a storyboard's section header or footer becomes (a flow layout's
    /// `UICollectionView.elementKindSectionHeader` or `elementKindSectionFooter`), as
    /// ``register(forCellWithReuseIdentifier:factory:)`` is for prototype cells. A view the
    /// factory makes without a reuse identifier gets `identifier`.
    public func register(forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String,
                         factory: @escaping @MainActor () -> UICollectionReusableView) {
        let key = Registrations.supplementKey(kind, identifier)
        registrations.supplements[key] = nil
        registrations.supplementFactories[key] = factory
    }
}
