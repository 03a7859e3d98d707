import Foundation
import Testing
@testable import Showcase
@testable import TabulaUIKit

@Suite("Sign-up scene: a form in a scroll view laid out by its layout guides")
@MainActor
struct SignUpSceneTests {
    @Test("the content size comes from the constraints; the help button stays put while the form scrolls; the keyboard shortens the scroll view")
    func formScrolls() throws {
        let scene = SignUpScene()
        let screen = HeadlessScreen(device: SignUpScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let controller = scene.controller, scroll = controller.scroll
        #expect(scroll.contentSize.width == 393)
        #expect(scroll.contentSize.height == controller.stack.frame.height + 16 + 24, "\(scroll.contentSize)")
        #expect(scroll.contentSize.height > scroll.bounds.height, "taller than the screen: it scrolls")
        let help = controller.help.convert(controller.help.bounds, to: nil)
        #expect(abs(help.maxX - (393 - 20)) < 0.01)
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 200), duration: 0.4)
        screen.advance(by: 2)
        #expect(scroll.contentOffset.y > 50, "scrolled: \(scroll.contentOffset.y)")
        let helpAfter = controller.help.convert(controller.help.bounds, to: nil)
        #expect(abs(helpAfter.minY - help.minY) < 0.01, "the help button did not scroll: \(help) then \(helpAfter)")
        let create = controller.create.convert(controller.create.bounds, to: nil)
        #expect(create.maxY <= scroll.frame.maxY, "scrolled to the end, the Create button is in view: \(create)")

        let field = controller.fields[0]
        let heightBefore = scroll.bounds.height
        field.becomeFirstResponder()
        screen.advance(by: 0.6)
        let keyboard = try #require(screen.keyboardFrame)
        #expect(abs(scroll.frame.maxY - keyboard.minY) < 0.5, "the scroll view ends at the keyboard")
        #expect(scroll.bounds.height < heightBefore)
        // Still scrolls to the end above the keyboard.
        scroll.setContentOffset(CGPoint(x: 0, y: scroll.contentSize.height - scroll.bounds.height + scroll.adjustedContentInset.bottom),
                                animated: false)
        screen.advance(by: 0.1)
        let createNow = controller.create.convert(controller.create.bounds, to: nil)
        #expect(createNow.maxY <= keyboard.minY, "the Create button above the keyboard: \(createNow)")
        field.resignFirstResponder()
        screen.advance(by: 0.6)
    }
}
