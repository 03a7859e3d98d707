import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// The content-unavailable configuration as a value: the factories' iOS 17 looks, copies,
/// what a state does to it (UIKit: "applying the configuration's default values for that
/// state to any properties that you haven't customized"), and the stacking layout on its own.
@MainActor
@Suite("Content-unavailable configurations")
struct ContentUnavailableConfigurationTests {
    @Test("empty(): nothing shown yet; a bold 22-point title, 17-point secondary text in the secondary label colour")
    func emptyFactory() {
        let empty = UIContentUnavailableConfiguration.empty()
        #expect(empty.image == nil && empty.text == nil && empty.secondaryText == nil)
        #expect(empty.textProperties.font == .systemFont(ofSize: 22, weight: .bold))
        #expect(empty.textProperties.color == .label)
        #expect(empty.secondaryTextProperties.font == .systemFont(ofSize: 17))
        #expect(empty.secondaryTextProperties.color == .secondaryLabel)
        #expect(empty.textProperties.numberOfLines == 0, "texts wrap")
        #expect(empty.imageProperties.tintColor == .secondaryLabel)
        #expect(empty.alignment == .center)
        #expect(empty.axesPreservingSuperviewLayoutMargins == .both)
        #expect(empty.directionalLayoutMargins == .zero)
        #expect(empty.button.title == nil && empty.buttonProperties.primaryAction == nil && empty.buttonProperties.isEnabled)
        #expect(empty.buttonProperties.role == .normal)
        #expect(empty.background.backgroundColor == .clear)
        #expect(empty.imageToTextPadding > 0 && empty.textToSecondaryTextPadding > 0)
        #expect(empty.textToButtonPadding > 0 && empty.buttonToSecondaryButtonPadding > 0)
    }

    @Test("loading() says Loading… in grey; search() shows the magnifying glass and No Results")
    func loadingAndSearchFactories() throws {
        let loading = UIContentUnavailableConfiguration.loading()
        #expect(loading.text == "Loading…")
        #expect(loading.textProperties.color == .secondaryLabel)
        #expect(loading.image == nil, "the activity indicator stands where an image would")

        let search = UIContentUnavailableConfiguration.search()
        let glass = try #require(search.image)
        #expect(glass.isSymbolImage)
        #expect(glass == UIImage(systemName: "magnifyingglass"))
        #expect(search.text == "No Results")
        #expect(search.secondaryText == "Check the spelling or try a new search.")
        #expect(search.textProperties.font == UIContentUnavailableConfiguration.empty().textProperties.font)
        #expect(search != UIContentUnavailableConfiguration.empty())
    }

    @Test("a configuration is a value: a changed copy leaves the original, nested properties and buttons included")
    func copies() {
        var original = UIContentUnavailableConfiguration.empty()
        original.text = "No Favorites"
        var copy = original
        copy.text = "No Recipes"
        copy.textProperties.color = .systemRed
        copy.button.title = "Add"
        copy.buttonProperties.isEnabled = false
        copy.imageProperties.cornerRadius = 4
        #expect(original.text == "No Favorites" && original.textProperties.color == .label)
        #expect(original.button.title == nil && original.buttonProperties.isEnabled)
        #expect(original.imageProperties.cornerRadius == 0)
        #expect(copy != original)
        var again = original
        #expect(again == original && again.hashValue == original.hashValue)
        let action = UIAction(title: "Go") { _ in }
        again.buttonProperties.primaryAction = action
        #expect(again != original)
        var same = original
        same.buttonProperties.primaryAction = action
        #expect(same == again, "actions compare by identity")
    }

    @Test("a search state names the search text in search()'s title, unless you set the title; other factories ignore it")
    func updatedForSearchState() {
        var state = UIContentUnavailableConfigurationState(traitCollection: UITraitCollection(userInterfaceStyle: .light))
        state.searchText = "kiwi"
        let search = UIContentUnavailableConfiguration.search()
        #expect(search.updated(for: state).text == "No Results for “kiwi”")
        #expect(search.updated(for: state).secondaryText == search.secondaryText)
        state.searchText = ""
        #expect(search.updated(for: state).text == "No Results")
        state.searchText = nil
        #expect(search.updated(for: state) == search)
        #expect(search.updated(for: UIViewConfigurationState()) == search, "a state with no search text")

        var custom = search
        custom.text = "Nothing for you"
        state.searchText = "kiwi"
        #expect(custom.updated(for: state).text == "Nothing for you", "a title you set stays")

        let empty = UIContentUnavailableConfiguration.empty()
        #expect(empty.updated(for: state) == empty)
    }

    @Test("the state: traits, search text and custom keys")
    func state() {
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        var state = UIContentUnavailableConfigurationState(traitCollection: dark)
        #expect(state.traitCollection.userInterfaceStyle == .dark && state.searchText == nil)
        let key = UIConfigurationStateCustomKey("com.example.offline")
        state[key] = true
        #expect(state[key] == AnyHashable(true))
        var other = state
        other.searchText = "x"
        #expect(other != state)
    }

    // MARK: The layout on its own

    /// A layout with fixed-size pieces.
    private func layout(_ pieces: [ContentUnavailableLayout.Piece: CGSize],
                        margins: NSDirectionalEdgeInsets = NSDirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))
        -> ContentUnavailableLayout {
        var layout = ContentUnavailableLayout(margins: margins)
        layout.imageToTextPadding = 16
        layout.textToSecondaryTextPadding = 8
        layout.textToButtonPadding = 20
        layout.buttonToSecondaryButtonPadding = 4
        for (piece, size) in pieces { layout.pieces[piece] = { _ in size } }
        return layout
    }

    @Test("every subset of pieces stacks in order, centred, with the padding each pair of neighbours asks for")
    func everySubsetStacks() {
        let sizes: [ContentUnavailableLayout.Piece: CGSize] = [
            .image: CGSize(width: 50, height: 40), .text: CGSize(width: 120, height: 27),
            .secondaryText: CGSize(width: 200, height: 40), .button: CGSize(width: 80, height: 34),
            .secondaryButton: CGSize(width: 60, height: 34),
        ]
        let all = ContentUnavailableLayout.Piece.allCases
        for mask in 1 ..< (1 << all.count) {
            let present = all.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
            let l = layout(sizes.filter { present.contains($0.key) })
            let frames = l.frames(in: CGSize(width: 400, height: 600))
            #expect(frames.count == present.count)
            var expectedHeight: CGFloat = 0
            for (index, piece) in present.enumerated() {
                let frame = frames[piece]!
                #expect(frame.size == sizes[piece], "\(piece) keeps its size")
                #expect(abs(frame.midX - 200) <= 0.5, "\(piece) is centred: \(frame)")
                if index > 0 {
                    let above = frames[present[index - 1]]!
                    let gap = l.gap(between: present[index - 1], and: piece)
                    #expect(frame.minY - above.maxY == gap, "\(present[index - 1]) to \(piece): \(frame.minY - above.maxY)")
                    expectedHeight += gap
                }
                expectedHeight += frame.height
            }
            let top = frames[present.first!]!.minY, bottom = frames[present.last!]!.maxY
            #expect(bottom - top == expectedHeight)
            #expect(abs((top + bottom) / 2 - 300) <= 1, "the stack is centred down: \(top)…\(bottom)")
            #expect(l.height(forWidth: 400) == 10 + expectedHeight + 10)
        }
    }

    @Test("the paddings: image to text, text to secondary, anything to the buttons, button to button")
    func gaps() {
        let l = layout([:])
        #expect(l.gap(between: .image, and: .text) == 16)
        #expect(l.gap(between: .image, and: .secondaryText) == 16)
        #expect(l.gap(between: .image, and: .button) == 20)
        #expect(l.gap(between: .text, and: .secondaryText) == 8)
        #expect(l.gap(between: .secondaryText, and: .button) == 20)
        #expect(l.gap(between: .text, and: .secondaryButton) == 20)
        #expect(l.gap(between: .button, and: .secondaryButton) == 4)
    }

    @Test("natural alignment puts each piece at the leading margin (the right one right to left)")
    func naturalAlignment() {
        var l = layout([.image: CGSize(width: 50, height: 40), .text: CGSize(width: 120, height: 27)])
        l.alignment = .natural
        var frames = l.frames(in: CGSize(width: 400, height: 300))
        #expect(frames[.image]!.minX == 20 && frames[.text]!.minX == 20)
        l.rightToLeft = true
        frames = l.frames(in: CGSize(width: 400, height: 300))
        #expect(frames[.image]!.maxX == 380 && frames[.text]!.maxX == 380)
    }

    @Test("a stack taller than the view starts at the top margin; pieces wider than the margins are narrowed")
    func tooLarge() {
        let l = layout([.image: CGSize(width: 720, height: 360), .text: CGSize(width: 900, height: 500)])
        let frames = l.frames(in: CGSize(width: 400, height: 300))
        #expect(frames[.image]! == CGRect(x: 20, y: 10, width: 360, height: 180), "the image keeps its proportions")
        #expect(frames[.text]!.width == 360 && frames[.text]!.height == 500)
        let textTop: CGFloat = 10 + 180 + 16, height: CGFloat = 10 + 180 + 16 + 500 + 10
        #expect(frames[.text]!.minY == textTop)
        #expect(l.height(forWidth: 400) == height, "\(l.height(forWidth: 400) - height)")
    }

    @Test("on a wide view the content keeps to the readable width, centred")
    func readableWidth() {
        let l = layout([.text: CGSize(width: 2000, height: 20)])
        let frames = l.frames(in: CGSize(width: 1200, height: 300))
        #expect(frames[.text]!.width == 672)
        #expect(frames[.text]!.midX == 600)
    }

    @Test("unusable measurements (NaN, infinite, negative) become zero, and nothing traps")
    func badMeasurements() {
        let l = layout([.image: CGSize(width: CGFloat.nan, height: -4), .text: CGSize(width: CGFloat.infinity, height: CGFloat.nan)])
        let frames = l.frames(in: CGSize(width: 400, height: 300))
        #expect(frames[.image]!.size == .zero)
        #expect(frames[.text]!.height == 0)
        #expect(l.height(forWidth: 400).isFinite)
        _ = l.frames(in: CGSize(width: -10, height: CGFloat.nan))
    }
}
