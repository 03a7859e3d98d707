import Foundation
import TabulaUIKit

/// Asking the delegate and the properties for each section's sizes, checking them, and
/// turning them into the layout's own axes.
extension UICollectionViewFlowLayout {
    func gatherMetrics(from view: UICollectionView) -> [FlowSectionMetrics] {
        (0 ..< view.numberOfSections).map { sectionMetrics($0, in: view) }
    }

    /// One section's metrics. Items are asked for one by one only when the delegate
    /// gives sizes per item or some item was measured; otherwise the section is uniform.
    func sectionMetrics(_ section: Int, in view: UICollectionView) -> FlowSectionMetrics {
        let delegate = view.delegate as? UICollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        var m = FlowSectionMetrics(count: view.numberOfItems(inSection: section))
        let inset = checkedInset(delegate?.collectionView(view, layout: self, insetForSectionAt: section) ?? sectionInset,
                                 section: section, plus: referenceInset(of: view))
        (m.insetMainBefore, m.insetMainAfter) = vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
        (m.insetCrossBefore, m.insetCrossAfter) = vertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
        m.lineSpacing = checkedLength(delegate?.collectionView(view, layout: self, minimumLineSpacingForSectionAt: section)
                                      ?? minimumLineSpacing, "minimum line spacing of section \(section)")
        m.interitemSpacing = checkedLength(
            delegate?.collectionView(view, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing,
            "minimum interitem spacing of section \(section)")
        let header = delegate?.collectionView(view, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
        let footer = delegate?.collectionView(view, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
        m.headerMain = checkedLength(vertical ? header.height : header.width, "header size of section \(section)")
        m.footerMain = checkedLength(vertical ? footer.height : footer.width, "footer size of section \(section)")
        fillSizes(&m, section: section, view: view, delegate: delegate)
        return m
    }

    private func fillSizes(_ m: inout FlowSectionMetrics, section: Int, view: UICollectionView,
                           delegate: UICollectionViewDelegateFlowLayout?) {
        guard m.count > 0 else { m.uniform = (0, 0); return }
        answeredWithDefaultSize = false
        let first = delegate?.collectionView(view, layout: self, sizeForItemAt: IndexPath(item: 0, section: section))
        let perItem = delegate != nil && !answeredWithDefaultSize
        let measured = estimatedItemSize != .zero && measuredSizes.keys.contains { $0.section == section }
        guard perItem || measured else {
            m.uniform = axes(checkedSize(estimate(first ?? itemSize), "item size of section \(section)"))
            return
        }
        var problems = SizeProblems()
        m.sizes = (0 ..< m.count).map { item in
            let path = IndexPath(item: item, section: section)
            let asked = item == 0 ? first ?? itemSize : (perItem ? delegate?.collectionView(view, layout: self, sizeForItemAt: path) ?? itemSize : itemSize)
            let size = measuredSizes[path] ?? estimate(asked)
            return axes(checkedSize(size, nil, problems: &problems, item: path))
        }
        problems.report(to: view)
    }

    /// The size an item is laid out at before it is measured.
    private func estimate(_ size: CGSize) -> CGSize {
        guard estimatedItemSize != .zero, estimatedItemSize != Self.automaticSize else { return size }
        return estimatedItemSize
    }

    private func axes(_ size: CGSize) -> (main: Double, cross: Double) {
        scrollDirection == .vertical ? (Double(size.height), Double(size.width)) : (Double(size.width), Double(size.height))
    }

    /// The extra inset `sectionInsetReference` adds (the safe area or the layout margins
    /// beyond the content inset).
    private func referenceInset(of view: UICollectionView) -> UIEdgeInsets {
        let base = view.adjustedContentInset
        let reference: UIEdgeInsets
        switch sectionInsetReference {
        case .fromContentInset: return .zero
        case .fromSafeArea: reference = view.safeAreaInsets
        case .fromLayoutMargins: reference = view.layoutMargins
        }
        return UIEdgeInsets(top: max(0, reference.top - base.top), left: max(0, reference.left - base.left),
                            bottom: max(0, reference.bottom - base.bottom), right: max(0, reference.right - base.right))
    }

    // MARK: Checking

    private func checkedInset(_ inset: UIEdgeInsets, section: Int, plus extra: UIEdgeInsets) -> UIEdgeInsets {
        let what = "section inset of section \(section)"
        return UIEdgeInsets(top: checkedLength(inset.top, what) + extra.top, left: checkedLength(inset.left, what) + extra.left,
                            bottom: checkedLength(inset.bottom, what) + extra.bottom,
                            right: checkedLength(inset.right, what) + extra.right)
    }

    /// A spacing, inset or header length: negative or non-finite is reported and 0, a
    /// huge one the maximum.
    func checkedLength(_ value: CGFloat, _ what: String) -> Double {
        if value.isFinite && value >= 0 && value <= Self.maximumItemDimension { return Double(value) }
        let used = value.isFinite && value > 0 ? Self.maximumItemDimension : 0
        collectionView?.reportCollectionProblem("UICollectionViewFlowLayout: the \(what) is \(value); lengths must be "
            + "finite, ≥ 0 and at most \(Self.maximumItemDimension). \(used) is used.")
        return Double(used)
    }

    private func checkedSize(_ size: CGSize, _ what: String) -> CGSize {
        var problems = SizeProblems()
        let checked = checkedSize(size, what, problems: &problems, item: nil)
        problems.report(to: collectionView)
        return checked
    }

    private func checkedSize(_ size: CGSize, _ what: String?, problems: inout SizeProblems, item: IndexPath?) -> CGSize {
        func fix(_ v: CGFloat, _ fallback: CGFloat) -> CGFloat {
            if v.isNaN { return fallback }
            return min(max(v, 0), Self.maximumItemDimension)
        }
        let fixed = CGSize(width: fix(size.width, 50), height: fix(size.height, 50))
        if fixed != size { problems.add(what ?? "size of item \(item.map(\.tableDescription) ?? "")", size, fixed) }
        return fixed
    }
}

/// Bad sizes found while a section is measured, reported as one message however many.
struct SizeProblems {
    private var first: String?
    private var count = 0

    mutating func add(_ what: String, _ size: CGSize, _ used: CGSize) {
        count += 1
        if first == nil { first = "the \(what) is \(size)" + "; \(used) is used" }
    }

    @MainActor
    func report(to view: UICollectionView?) {
        guard let first else { return }
        let more = count > 1 ? " (and \(count - 1) more bad sizes)" : ""
        view?.reportCollectionProblem("UICollectionViewFlowLayout: \(first)\(more). Sizes must be finite, ≥ 0 and at "
            + "most \(UICollectionViewFlowLayout.maximumItemDimension) points in each dimension.")
    }
}
