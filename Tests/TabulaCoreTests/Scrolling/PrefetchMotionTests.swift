import Testing
@testable import TabulaCore

@Suite("PrefetchMotion")
struct PrefetchMotionTests {
    @Test("at rest one screen ahead, forward; a fast move reaches further, never past four screens; turning back looks behind")
    func reach() {
        var motion = PrefetchMotion()
        motion.observe(offset: 0, at: 0)
        #expect(motion.range(offset: 0, screen: 500) == 500 ... 1000)
        motion.observe(offset: 100, at: 0.1)          // 1,000 pt/s: 750 pt ahead
        #expect(motion.range(offset: 100, screen: 500) == 600 ... 1350)
        motion.observe(offset: 2100, at: 0.2)         // 20,000 pt/s: capped at four screens
        #expect(motion.lookahead(screen: 500) == 2000)
        motion.observe(offset: 2090, at: 0.3)         // back, slowly
        #expect(!motion.movingForward)
        #expect(motion.range(offset: 2090, screen: 500) == 1590 ... 2090)
        #expect(motion.keptRange(offset: 2090, screen: 500) == 90 ... 2090)
    }

    @Test("a second observation in the same instant keeps the speed and takes the new offset and direction")
    func sameInstant() {
        var motion = PrefetchMotion()
        motion.observe(offset: 0, at: 0)
        motion.observe(offset: 200, at: 0.1)
        motion.observe(offset: 150, at: 0.1)
        #expect(motion.speed == 2000 && motion.lastOffset == 150 && !motion.movingForward)
    }
}
