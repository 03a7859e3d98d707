import Foundation
import TabulaUIKit

/// Asked for each section's layout, with its index and the environment.
///
/// Apple's type, without an actor: the layout calls it on the main actor, and a closure
/// written in a view controller (main-actor code) runs there and may use its state. So a
/// provider kept in a local constant first, as Apple's samples do, passes to
/// ``UICollectionViewCompositionalLayout/init(sectionProvider:)`` without a Swift 6
/// warning about a conversion to a `@Sendable` function.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// What applies to a whole compositional layout: its scroll direction, the space between
/// sections, and headers and footers of the whole content.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayoutConfiguration {
    /// The axis the layout scrolls along (vertical by default).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between sections.
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole content (`.top` before the first section,
    /// `.bottom` after the last).
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// What the sections' content insets are measured from when they do not say
    /// (``NSCollectionLayoutSection/contentInsetsReference`` `.automatic`): the safe area
    /// by default, so that in landscape no section runs under the sensor housing.
    open var contentInsetsReference: UIContentInsetsReference = .safeArea

    /// The default configuration.
    public init() {}
}

/// A layout made of sections, each a group of items repeated until every item has a
/// place; a section may scroll sideways on its own (``NSCollectionLayoutSection/orthogonalScrollingBehavior``).
///
/// ``prepare()`` asks the section provider for every section and keeps each section's
/// geometry — its group laid out once, its extent, headers and footers — never a frame
/// per item: an item's frame is its group's origin plus its place in the group, so
/// ``layoutAttributesForElements(in:)`` costs a binary search over the sections plus what
/// is in the rect.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    /// The largest length an item, group or spacing may have (a million points); larger
    /// ones are reported and clamped to it.
    public static let maximumItemDimension: CGFloat = 1_000_000

    let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider

    /// The layout's configuration; setting it invalidates the layout.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    // MARK: Prepared state

    var sections: [CompositionalSection] = []
    var globalHeaders: [PlacedBoundary] = []
    var globalFooters: [PlacedBoundary] = []
    var contentSize: CGSize = .zero
    /// How far each orthogonal section is scrolled sideways, by section.
    var orthogonalOffsets: [Int: CGFloat] = [:]

    /// How far orthogonal section `section` is scrolled: as its scroller left it, else
    /// where it starts (``CompositionalSection/restingOrthogonalOffset(width:)``).
    func orthogonalOffset(_ section: Int) -> CGFloat {
        if let offset = orthogonalOffsets[section] { return offset }
        guard section < sections.count, let view = collectionView else { return 0 }
        return sections[section].restingOrthogonalOffset(width: crossLength(view.bounds.size))
    }
    /// The orthogonal sections' scrollers (see `+Orthogonal.swift`).
    var orthogonalScrollers: [Int: OrthogonalScroller] = [:]
    private var reported: Set<String> = []
    /// The measured groups of self-sizing sections, by section; kept across preparations
    /// while the section's counts and width stay (see `+SelfSizing.swift`).
    var sizings: [Int: GroupSizing] = [:]
    /// The measured lengths of estimated headers and footers, by ``boundaryKey(_:_:)``.
    var measuredBoundaries: [String: CGFloat] = [:]
    /// Measured item lengths carried through a batch update to their new places, by new
    /// section and item, until the sections are prepared again.
    var carriedLengths: [Int: [Int: CGFloat]] = [:]
    /// Whether the next preparation must ask the provider again (anything but measurements changed).
    var needsFullPreparation = true
    /// The size and section spacing of the last full preparation.
    var preparedSize: CGSize = .zero
    /// The collection view's safe area, margins and readable width at the last full preparation.
    var preparedReferences = ReferenceInsets()
    var preparedSpacing: CGFloat = 0
    /// The environment the section provider was last given, for visible items handlers.
    var preparedEnvironment: LayoutEnvironment?
    /// Whether a section made at the last full preparation has a visible items handler:
    /// a layout pass without any copies nothing.
    var hasVisibleItemsHandlers = false
    /// How many layout attributes the layout has made: what tests and benchmarks count.
    package internal(set) var attributesMade = 0
    /// How many times the section provider was asked.
    package internal(set) var sectionsAsked = 0

    /// A layout whose every section is `section`.
    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout whose every section is `section`, configured.
    public convenience init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }

    /// A layout that asks `sectionProvider` for each section.
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    /// A layout that asks `sectionProvider` for each section, configured.
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// Returns `nil`: Tabula decodes no layouts.
    public required init?(coder: NSCoder) { return nil }

    var isVertical: Bool { configuration.scrollDirection == .vertical }

    // MARK: Preparing

    open override func prepare() {
        super.prepare()
        guard let view = collectionView else {
            sections = []
            contentSize = .zero
            return
        }
        let size = view.bounds.size
        let references = ReferenceInsets(of: view)
        if references != preparedReferences { needsFullPreparation = true }
        if !needsFullPreparation, size == preparedSize, sections.count == view.numberOfSections {
            restack(size: size)
            return
        }
        needsFullPreparation = false
        preparedSize = size
        preparedReferences = references
        let environment = LayoutEnvironment(container: LayoutContainer(contentSize: size, contentInsets: NSDirectionalEdgeInsets()),
                                            traitCollection: view.traitCollection)
        preparedEnvironment = environment
        let vertical = isVertical
        var resolver = CompositionalResolver(environment: environment, section: -1)
        globalHeaders = placeBoundaries(configuration.boundarySupplementaryItems.filter { !$0.isTrailing }, in: size,
                                        crossLead: 0, resolver: &resolver)
        globalFooters = placeBoundaries(configuration.boundarySupplementaryItems.filter(\.isTrailing), in: size,
                                        crossLead: 0, resolver: &resolver)
        applyMeasuredBoundaries(to: &globalHeaders, section: Self.layoutWide)
        applyMeasuredBoundaries(to: &globalFooters, section: Self.layoutWide)
        let spacing = resolver.checked(configuration.interSectionSpacing, "interSectionSpacing")
        preparedSpacing = spacing
        var position = globalHeaders.reduce(CGFloat(0)) { $0 + mainLength($1.size) }
        restackHeaders(&globalHeaders, from: 0)
        let count = view.numberOfSections
        var made: [CompositionalSection] = []
        made.reserveCapacity(count)
        for index in 0 ..< count {
            sectionsAsked += 1
            let description = sectionProvider(index, environment)
            var section = makeSection(description, index: index, items: view.numberOfItems(inSection: index),
                                      container: size, environment: environment)
            if index > 0 { position += spacing }
            section.start = position
            position += section.extent
            made.append(section)
        }
        for i in globalFooters.indices {
            globalFooters[i].main = position
            position += mainLength(globalFooters[i].size)
        }
        sections = made
        hasVisibleItemsHandlers = made.contains { $0.visibleItemsHandler != nil }
        carriedLengths = [:]
        if let list = made.first?.list { view.backgroundColor = list.resolvedBackgroundColor }
        for (section, offset) in orthogonalOffsets {
            if section >= sections.count || sections[section].orthogonal == .none { orthogonalOffsets[section] = nil; continue }
            let range = sections[section].orthogonalOffsetRange(width: crossLength(size))
            orthogonalOffsets[section] = min(max(range.lowerBound, offset), range.upperBound)
        }
        contentSize = vertical ? CGSize(width: size.width, height: position) : CGSize(width: position, height: size.height)
        report(resolver.problems)
    }

    func restackHeaders(_ headers: inout [PlacedBoundary], from start: CGFloat) {
        var main = start
        for i in headers.indices {
            headers[i].main = main
            main += mainLength(headers[i].size)
        }
    }

    func mainLength(_ size: CGSize) -> CGFloat { isVertical ? size.height : size.width }
    func crossLength(_ size: CGSize) -> CGFloat { isVertical ? size.width : size.height }

    private func makeSection(_ description: NSCollectionLayoutSection?, index: Int, items: Int, container: CGSize,
                             environment: LayoutEnvironment) -> CompositionalSection {
        var resolver = CompositionalResolver(environment: environment, section: index)
        defer { report(resolver.problems) }
        let vertical = isVertical
        guard let description else {
            if items > 0 {
                resolver.problems.append("section \(index): the section provider returned nil for a section of \(items) items; "
                    + "they are not shown.")
            }
            return CompositionalSection(itemCount: 0, leaves: [], groupSize: .zero, interGroupSpacing: 0, orthogonal: .none,
                                        mainLead: 0, mainTrail: 0, crossLead: 0, crossTrail: 0, crossExtent: crossLength(container),
                                        vertical: vertical)
        }
        var insets = description.contentInsets
        // A grouped list's first section keeps the table's 35 points above it.
        if index == 0, let list = description.listConfiguration, list.isGrouped, list.headerMode != .supplementary {
            insets.top = max(insets.top, 35)
        }
        var lead = resolver.checked(insets.leading, "contentInsets.leading"), trail = resolver.checked(insets.trailing, "contentInsets.trailing")
        if vertical {
            let reference = description.contentInsetsReference == .automatic ? configuration.contentInsetsReference
                                                                              : description.contentInsetsReference
            let extra = preparedReferences.sides(reference)
            lead += extra.leading
            trail += extra.trailing
        }
        let top = resolver.checked(insets.top, "contentInsets.top"), bottom = resolver.checked(insets.bottom, "contentInsets.bottom")
        let inner = CGSize(width: max(0, container.width - lead - trail), height: max(0, container.height - top - bottom))
        let groupSize = resolver.resolve(description.group.layoutSize, in: inner, "group")
        var leaves = resolver.sectionLeaves(of: description.group, size: groupSize)
        leaves = leaves.map {
            GroupLeaf(frame: sanitized($0.frame, &resolver), zIndex: $0.zIndex, supplementaries: $0.supplementaries)
        }
        if leaves.isEmpty && items > 0 {
            resolver.problems.append("section \(index): its group holds no items; the section's \(items) items are not shown.")
        }
        var section = CompositionalSection(
            itemCount: leaves.isEmpty ? 0 : items, leaves: leaves, groupSize: groupSize,
            interGroupSpacing: resolver.checked(description.interGroupSpacing, "interGroupSpacing"),
            orthogonal: description.orthogonalScrollingBehavior,
            mainLead: vertical ? top : lead, mainTrail: vertical ? bottom : trail,
            crossLead: vertical ? lead : top, crossTrail: vertical ? trail : bottom,
            crossExtent: crossLength(container), vertical: vertical)
        let follow = description.supplementariesFollowContentInsets
        let boundaryContainer = follow ? CGSize(width: vertical ? inner.width : container.width,
                                                height: vertical ? container.height : inner.height) : container
        let boundaryItems = description.boundarySupplementaryItems
        section.headers = placeBoundaries(boundaryItems.filter { !$0.isTrailing }, in: boundaryContainer,
                                          crossLead: follow ? section.crossLead : 0, resolver: &resolver)
        section.footers = placeBoundaries(boundaryItems.filter(\.isTrailing), in: boundaryContainer,
                                          crossLead: follow ? section.crossLead : 0, resolver: &resolver)
        section.list = description.listConfiguration
        section.visibleItemsHandler = description.visibleItemsInvalidationHandler
        section.sizing = groupSizing(of: description, section: index, leaves: leaves, groupSize: groupSize,
                                     spacing: section.interGroupSpacing, items: section.itemCount, container: container)
        applyMeasuredBoundaries(to: &section, index: index)
        section.decorations = description.decorationItems.map { item in
            let i = item.contentInsets
            return PlacedDecoration(item: item, insets: NSDirectionalEdgeInsets(
                top: resolver.checked(i.top, "decoration \(item.elementKind) contentInsets.top"),
                leading: resolver.checked(i.leading, "decoration \(item.elementKind) contentInsets.leading"),
                bottom: resolver.checked(i.bottom, "decoration \(item.elementKind) contentInsets.bottom"),
                trailing: resolver.checked(i.trailing, "decoration \(item.elementKind) contentInsets.trailing")))
        }
        section.finish()
        return section
    }

    private func sanitized(_ frame: CGRect, _ resolver: inout CompositionalResolver) -> CGRect {
        let values = [frame.origin.x, frame.origin.y, frame.width, frame.height]
        guard values.contains(where: { !$0.isFinite }) else { return frame }
        resolver.problems.append("section \(resolver.section): an item's frame \(frame) is not finite; a zero frame is used.")
        return .zero
    }

    private func placeBoundaries(_ items: [NSCollectionLayoutBoundarySupplementaryItem], in container: CGSize,
                                 crossLead: CGFloat, resolver: inout CompositionalResolver) -> [PlacedBoundary] {
        items.map { item in
            let size = resolver.resolve(item.layoutSize, in: container, "boundary item \(item.elementKind)")
            var offset = item.offset
            if !offset.x.isFinite || !offset.y.isFinite {
                // A NaN offset would make the header's frame NaN: it would show nowhere, and
                // every frame computed from it (pinning, hit testing) with it.
                resolver.problems.append("section \(resolver.section): boundary item \(item.elementKind) offset \(offset) "
                                         + "is not finite; it is placed with no offset.")
                offset = .zero
            }
            return PlacedBoundary(item: item, size: size, cross: crossLead, main: 0, offset: offset)
        }
    }

    /// Reports each problem once per layout (a preparation runs on every resize), counting
    /// only what a screen heard: a problem found while the collection view is on no screen
    /// (a layout prepared in `viewDidLoad`) goes to the process-wide handler, and again to
    /// the screen after the view's first layout on one (``collectionViewDidLayOutItems()``),
    /// so that the screen's `onReport` hears it too.
    func report(_ problems: [String]) {
        let onScreen = collectionView?.layer.host != nil
        for problem in problems where !reported.contains(problem) {
            if onScreen {
                reported.insert(problem)
            } else if !unheard.contains(problem) {
                unheard.append(problem)
            }
            collectionView?.reportCollectionProblem("UICollectionViewCompositionalLayout: \(problem)")
        }
    }

    /// Problems reported while the collection view was on no screen, for the screen it joins.
    private var unheard: [String] = []

    /// The size of all the sections, headers and footers; asked after an invalidation
    /// (an `apply`, `reloadData()`), the layout is prepared first, as in UIKit.
    open override var collectionViewContentSize: CGSize {
        prepareIfInvalidated()
        return contentSize
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let view = collectionView else { return false }
        return newBounds.size != view.bounds.size
    }

    override func collectionViewDidLayOutItems() {
        syncOrthogonalScrollers()
        if !unheard.isEmpty, collectionView?.layer.host != nil {
            let pending = unheard
            unheard = []
            report(pending)
        }
    }

    // MARK: Self-sizing (see `+SelfSizing.swift`)

    override func needsMeasurement(of attributes: UICollectionViewLayoutAttributes) -> Bool {
        compositionalNeedsMeasurement(of: attributes)
    }

    override func itemsWereReconfigured(_ indexPaths: [IndexPath]) {
        for path in indexPaths { sizings[path.section]?.itemLengths[path.item] = nil }
        if indexPaths.contains(where: { sizings[$0.section] != nil }) { collectionView?.setNeedsLayout() }
    }

    override func measurementsExpired() {
        guard !sizings.isEmpty || !measuredBoundaries.isEmpty else { return }
        sizings = [:]
        measuredBoundaries = [:]
        invalidateLayout()
    }

    /// Records the length a self-sizing view measured along the layout's axis (its group
    /// takes the longest of its items); true when that changes the layout.
    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        recordMeasurement(preferredAttributes, original: originalAttributes)
    }

    /// Invalidates the layout; a change of counts drops the measurements, and anything but
    /// a measurement has the section provider asked again.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        guard !context.movesOnlyTheInteractiveItem else { return super.invalidateLayout(with: context) }
        if !context.isSelfSizing { needsFullPreparation = true }
        if context.invalidatesDataSourceCounts {
            // Through a batch update the measured items keep their lengths; a reload drops them.
            let plan = collectionView?.currentUpdatePlan
            if let plan { carryMeasurements(through: plan) }
            sizings = [:]
            measuredBoundaries = plan.map(carryBoundaries(through:)) ?? [:]
        }
        super.invalidateLayout(with: context)
    }

    // MARK: Answering (see `+Attributes.swift`, and `+VisibleItems.swift` for a layout pass)

    override func attributesForLayoutPass(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = layoutAttributesForElements(in: rect) else { return nil }
        return applyingVisibleItemsHandlers(to: attributes)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes(in: rect)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes(ofItem: indexPath)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        attributes(ofSupplementary: elementKind, at: indexPath)
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count,
              let decoration = sections[indexPath.section].decorations.first(where: { $0.item.elementKind == elementKind })
        else { return nil }
        return decorationAttributes(decoration, in: sections[indexPath.section], index: indexPath.section)
    }
}

/// What a section's leading and trailing content insets are measured from, for each
/// ``UIContentInsetsReference``: how far the collection view's safe area, layout margins
/// and readable content guide reach in from its sides, beyond its adjusted content inset.
struct ReferenceInsets: Equatable {
    var safeArea = NSDirectionalEdgeInsets()
    var layoutMargins = NSDirectionalEdgeInsets()
    var readableContent = NSDirectionalEdgeInsets()

    init() {}

    @MainActor
    init(of view: UICollectionView) {
        let rightToLeft = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let base = view.adjustedContentInset
        func sides(left: CGFloat, right: CGFloat) -> NSDirectionalEdgeInsets {
            let (l, r) = (max(0, left - base.left), max(0, right - base.right))
            return NSDirectionalEdgeInsets(top: 0, leading: rightToLeft ? r : l, bottom: 0, trailing: rightToLeft ? l : r)
        }
        safeArea = sides(left: view.safeAreaInsets.left, right: view.safeAreaInsets.right)
        let margins = view.edgeInsets(for: .margins()), readable = view.edgeInsets(for: .readableContent())
        layoutMargins = sides(left: margins.left, right: margins.right)
        readableContent = sides(left: readable.left, right: readable.right)
    }

    /// The leading and trailing insets `reference` adds.
    func sides(_ reference: UIContentInsetsReference) -> NSDirectionalEdgeInsets {
        switch reference {
        case .none: NSDirectionalEdgeInsets()
        case .automatic, .safeArea: safeArea
        case .layoutMargins: layoutMargins
        case .readableContent: readableContent
        }
    }
}
