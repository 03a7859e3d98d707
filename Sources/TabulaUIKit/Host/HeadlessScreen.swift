import TabulaSymbols

/// A screen without a display: the host for tests, documentation and recordings.
///
/// It owns a virtual clock that only `advance(by:)` moves, in frames of its
/// ``framesPerSecond`` (60 by default; 120 for a ProMotion display).
/// Each frame runs the scheduled work, layout (`layoutSubviews`), display
/// (`draw(_:)`) and animations, exactly as a window host does; compositing the
/// layer tree into pixels — which has no effect on the app — happens when a
/// picture is asked for (``snapshot()``, ``record(duration:fps:)``), so tests
/// that never look at pixels do not pay for them.
///
/// ```swift
/// let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 3)
/// screen.show(window)
/// screen.advance(by: 0.25)
/// let png = screen.snapshot().pngData()
/// ```
@preconcurrency @MainActor
public final class HeadlessScreen: LayerTreeHost {
    /// The screen size in points (its width and height swap when ``rotate(to:duration:)``
    /// turns the screen between portrait and landscape).
    public internal(set) var size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// The phone the screen stands in for: its safe area and status bar
    /// (``DeviceProfile/plain(size:scale:)`` — none of either — unless made with
    /// ``init(device:framesPerSecond:startDate:)``).
    public let device: DeviceProfile
    /// The safe area the device leaves in the current orientation: the window's
    /// `safeAreaInsets`.
    public var safeAreaInsets: UIEdgeInsets { device.safeAreaInsets(for: interfaceOrientation) }
    /// The refresh rate of the screen: how many frames its clock runs per second
    /// (UIKit's `UIScreen.maximumFramesPerSecond`; 60, or 120 for a ProMotion display).
    public let framesPerSecond: Int
    /// The same as ``framesPerSecond``, by the name `UIScreen` gives it.
    public var maximumFramesPerSecond: Int { framesPerSecond }
    /// The time between frames, in seconds.
    public var frameDuration: TimeInterval { 1 / Double(framesPerSecond) }

    /// The virtual time of the last frame, in seconds since the screen was made.
    public var currentTime: TimeInterval { Double(frameIndex) / Double(framesPerSecond) }
    /// How many frames have run.
    public private(set) var frameIndex = 0

    /// The window shown full screen.
    public private(set) var window: UIWindow?

    /// The scene of this screen, as `UIApplication.shared.connectedScenes` lists it.
    public private(set) lazy var windowScene = UIWindowScene(host: self)
    /// The app launched on this screen (``launch(_:options:)``), until it terminates.
    package var launchedApp: LaunchedApp?

    /// How the interface is turned; ``rotate(to:duration:)`` changes it.
    public internal(set) var interfaceOrientation = UIInterfaceOrientation.portrait

    /// Instruments' "Color Blended Layers": tints each layer's pixels red where it is
    /// blended with what is behind it and green where it is copied opaque, so that
    /// needless translucency stands out (the 2009 session's advice).
    public var colorsBlendedLayers = false { didSet { treeChanged = true } }

    /// Draws a readout of the last frame's work (layout, display, animation,
    /// compositing) and layer counts in the top right corner of every composited frame.
    public var showsFrameStatistics = false { didSet { treeChanged = true } }
    /// The appearance the screen shows its window in (default light): setting `.dark`
    /// switches every view that does not override it to the dark system colours, as
    /// the Settings switch does on a device; `.unspecified` means light.
    public var userInterfaceStyle: UIUserInterfaceStyle = .light {
        didSet {
            window?.screenUserInterfaceStyle = userInterfaceStyle
            treeChanged = true
        }
    }

    /// The text size the screen's user prefers (default `.large`), as set in Settings on a
    /// device: setting it changes the window's ``UITraitCollection/preferredContentSizeCategory``;
    /// labels, text fields and text views with `adjustsFontForContentSizeCategory` re-scale
    /// their text-style fonts, and tables measure their self-sizing rows again. Posts
    /// ``UIContentSizeCategory/didChangeNotification``. `.unspecified` means `.large`.
    public var preferredContentSizeCategory: UIContentSizeCategory = .large {
        didSet {
            guard preferredContentSizeCategory != oldValue else { return }
            window?.screenContentSizeCategory = preferredContentSizeCategory
            treeChanged = true
            NotificationCenter.default.post(name: UIContentSizeCategory.didChangeNotification, object: nil,
                                            userInfo: [UIContentSizeCategory.newValueUserInfoKey: preferredContentSizeCategory])
        }
    }

    /// Whether a text input that becomes first responder brings up the software keyboard
    /// (true by default, as on a phone). Turn it off to test as with a hardware keyboard:
    /// no keyboard slides up and no keyboard notification is posted.
    public var showsSoftwareKeyboard = true { didSet { window?.showsSoftwareKeyboard = showsSoftwareKeyboard } }

    /// Milliseconds of late frames per second of motion (Apple's hitch time ratio),
    /// measured by a host that presents in real time (the SDL window sets it), shown by
    /// the ``showsFrameStatistics`` readout. Nil on a screen that only runs virtual time.
    public var hitchTimeRatio: Double?

    /// Receives each problem reported about the views shown on this screen: a call the
    /// app made that could not be carried out as asked (a stale text range, a NaN size, a
    /// view added to itself, a controller pushed twice), in one sentence that says what
    /// was wrong and what was done instead. It hears every report about what is on this
    /// screen — its views, layers, view controllers and constraints, and calls on the
    /// screen itself — and nothing about another screen's. Nil (the default) sends them to
    /// the process-wide handler of their kind (`UIViewController.onInvalidUse`,
    /// `NSLayoutConstraint.reportHandler`, `CALayer.onInvalidValue`,
    /// `CALayer.onInvalidAnimation`), which writes to standard error unless replaced.
    /// Tests set it to collect the reports of their own screen.
    public var onReport: ((String) -> Void)?

    /// The haptic feedback the app asked for on this screen, oldest first: there is no
    /// hardware to play it, so it is kept for tests (see ``UIFeedbackGenerator``).
    public internal(set) var feedbackRequests: [FeedbackRequest] = []

    /// The accessibility notifications posted on this screen, oldest first (see
    /// ``UIAccessibility/post(notification:argument:)``): there is no screen reader to
    /// hear them, so they are kept for tests.
    public internal(set) var postedAccessibilityNotifications: [UIAccessibility.PostedNotification] = []

    /// The URLs the app asked ``UIApplication/open(_:options:completionHandler:)`` to open
    /// while this screen showed the key window, oldest first.
    public internal(set) var openedURLs: [URL] = []

    /// Opens a URL outside the app and says whether it could; nil (headless) opens nothing
    /// and succeeds for the schemes ``UIApplication/canOpenURL(_:)`` accepts. The SDL window
    /// sets it to the desktop's opener.
    public var urlOpener: ((URL) -> Bool)?

    /// Called after each frame runs (for recording during gestures).
    var frameObserver: (() -> Void)?

    /// Colour shown where no view draws.
    public var backgroundColor = Color.black { didSet { treeChanged = true } }

    /// Statistics of the last composited frame (layout and display times are those of
    /// the most recent frame that ran them).
    public private(set) var lastFrameStatistics = FrameStatistics()

    /// The wall-clock date of virtual time 0 (for `UIView.setAnimationStart(_:)`).
    public let startDate: Date
    /// The date on the virtual clock now.
    public var currentDate: Date { startDate.addingTimeInterval(currentTime) }

    /// This screen's clock, frame work and callback queue (shared with no other host).
    package let engine: FrameEngine
    /// What composites this screen's frames (tests set its threads).
    package let compositor = Compositor()
    /// Which renderer draws the frames: Cairo unless the `TABULA_RENDERER` environment
    /// variable says otherwise (`gpu`, `auto`); a window host chooses for its screen.
    /// When a GPU was asked for and none is there, Cairo draws and ``onReport`` hears why.
    package var rendererKind: FrameRendererKind = FrameRendererKind.fromEnvironment ?? .cairo {
        didSet {
            resolveRenderer()
            treeChanged = true
        }
    }
    /// The GPU renderer drawing the frames, or nil while Cairo does.
    package private(set) var gpuRenderer: GLFrameRenderer?
    private var rendererResolved = false

    private func resolveRenderer() {
        rendererResolved = true
        let (renderer, note) = rendererKind.resolve()
        gpuRenderer = renderer
        if let note { onReport?(note) }
    }
    var frame: Bitmap
    var treeChanged = true
    private var redrawsSinceComposite = 0
    private var pendingLayoutTime: TimeInterval = 0
    private var pendingDisplayTime: TimeInterval = 0
    /// Seconds spent evaluating animations in the most recent frame (not compositing).
    public private(set) var lastAnimationTime: TimeInterval = 0

    /// - Parameters:
    ///   - size: the screen in points, e.g. 390×844 for an iPhone 14.
    ///   - scale: pixels per point (1, 2 or 3).
    ///   - framesPerSecond: the refresh rate, 1 to 240: 60 (the default) as most
    ///     iPhones, 120 as a ProMotion display.
    ///   - startDate: the date that virtual time 0 stands for (default: now).
    public convenience init(size: CGSize, scale: CGFloat = 1, framesPerSecond: Int = 60, startDate: Date = Date()) {
        self.init(device: .plain(size: size, scale: scale), framesPerSecond: framesPerSecond, startDate: startDate)
    }

    /// A screen shaped like `device`, upright: its size, scale and safe area, and its
    /// status bar drawn over every frame.
    ///
    /// ```swift
    /// let screen = HeadlessScreen(device: .iPhone15)
    /// screen.show(window)   // window.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
    /// ```
    public init(device: DeviceProfile, framesPerSecond: Int = 60, startDate: Date = Date()) {
        let size = device.portraitSize, scale = device.scale
        precondition(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite,
                     "HeadlessScreen needs a positive size, got \(size)")
        precondition(scale > 0 && scale.isFinite, "HeadlessScreen needs a positive scale, got \(scale)")
        precondition((1 ... 240).contains(framesPerSecond),
                     "HeadlessScreen needs 1 to 240 frames per second, got \(framesPerSecond)")
        self.framesPerSecond = framesPerSecond
        self.size = size
        self.scale = scale
        self.device = device
        self.startDate = startDate
        engine = FrameEngine(referenceDate: startDate, framesPerSecond: framesPerSecond)
        frame = Bitmap(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()),
                       opaque: true)
    }

    /// Shows `window` full screen and makes it key; runs one frame so that it is laid out and drawn.
    public func show(_ window: UIWindow) {
        work { present(window) }
    }

    private func present(_ window: UIWindow) {
        // Pay for the fonts most screens use, and for reading the symbols' data (the
        // chevrons and checkmarks of the first screen), now, not in the first frame of motion.
        TextEngine.prepareCommonFonts(scale: scale)
        _ = SymbolCatalog.shared
        if let old = self.window, old !== window { old.loseKeyStatus() }
        self.window?.layer.host = nil
        self.window = window
        window.screenScale = scale
        window.screenUserInterfaceStyle = userInterfaceStyle
        window.screenContentSizeCategory = preferredContentSizeCategory
        window.frame = CGRect(origin: .zero, size: size)
        window.adoptScaleRecursively(scale)
        window.layer.host = self
        window.screenSafeAreaInsets = safeAreaInsets
        window.showsSoftwareKeyboard = showsSoftwareKeyboard
        HostRegistry.screenDidShowWindow(self)
        window.makeKeyAndVisible()
        window.traitsMayHaveChanged()
        treeChanged = true
        runFrame()
    }

    /// Runs `body` as this screen's work: its engine's clock reads the screen's time, and
    /// meanwhile `CACurrentMediaTime()` reads it and work that names no host (a display
    /// link added, a callback of a layer on no screen) comes to this screen. Nothing of it
    /// outlasts the call.
    func work<Result>(_ body: () -> Result) -> Result {
        engine.clock.now = currentTime
        return engine.work(body)
    }

    /// Moves the virtual clock forward by `seconds`, running every frame (of
    /// ``framesPerSecond``) that falls within it. Fractions of a frame carry over to the next call.
    ///
    /// Each frame starts with one turn of the current thread's run loop, without
    /// waiting: its due timers and `perform` blocks run, and on the main thread (an
    /// app, a command-line tool, XCTest) so do the blocks and tasks queued on the main
    /// queue. Where the main actor is not the main thread — Swift Testing on Linux runs
    /// `@MainActor` tests on the main queue after `dispatch_main()` — a synchronous call
    /// cannot let the main queue run: use `await screen.advance(by:)` there. The
    /// article "Testing headless" says what runs when.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0 && seconds.isFinite, "advance(by:) needs a non-negative duration, got \(seconds)")
        targetTime += seconds
        while frameIndex < lastFrameDue { stepFrame() }
    }
    var targetTime: TimeInterval = 0

    /// The index of the last frame at or before ``targetTime``.
    var lastFrameDue: Int { Int((targetTime * Double(framesPerSecond) + 1e-6).rounded(.down)) }

    /// Runs the next frame: the run loop's turn, then the frame's work.
    func stepFrame() {
        frameIndex += 1
        work {
            serviceRunLoop()
            runFrame()
            frameObserver?()
        }
    }

    /// A fresh finger id for the input methods (HeadlessScreen+Input.swift).
    func nextTouchID() -> Int {
        touchIDs += 1
        return touchIDs
    }
    private var touchIDs = 0

    /// Runs the work of one frame at the current time (the frame engine's sequence:
    /// frame work, layout, display, animations, callbacks; see `FrameEngine.runFrame`).
    func runFrame() {
        guard let times = engine.runFrame(root: window?.layer, host: self, at: currentTime) else { return }
        pendingLayoutTime = times.layout
        pendingDisplayTime = times.display
        lastAnimationTime = times.animation
    }

    /// True while frame-driven work is scheduled — a deceleration, a bounce, an animated
    /// scroll, a recognizer's timer, a deselect fade — so a window host keeps running
    /// frames even when nothing animates yet.
    public var hasScheduledFrameWork: Bool { engine.ticker.hasActions }

    /// How many layers have animations attached (for measuring).
    public var animatingLayerCount: Int { engine.animationDriver.animatingLayerCount }

    /// The composited frame as it is now: what a person would see.
    public func snapshot() -> UIImage {
        compositeIfNeeded()
        return UIImage(cgImage: frame.copy(), scale: scale)
    }

    /// Composites the frame now if anything changed, without copying it out, and
    /// returns its statistics (for measuring; ``snapshot()`` is the way to look).
    @discardableResult
    public func renderFrame() -> FrameStatistics {
        compositeIfNeeded()
        return lastFrameStatistics
    }

    /// Composites the frame again even though nothing changed (tests compare ways of
    /// compositing the same frame), and returns its statistics.
    @discardableResult
    package func compositeAgain() -> FrameStatistics {
        treeChanged = true
        return renderFrame()
    }

    /// Gives read access to the composited frame's pixels (premultiplied ARGB words,
    /// `wordsPerRow` apart), for a host that presents them; composites first if needed.
    public func withFramePixels<R>(_ body: (UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ wordsPerRow: Int) throws -> R) rethrows -> R {
        compositeIfNeeded()
        return try frame.withUnsafePixels { try body($0, frame.width, frame.height, $1) }
    }

    /// True when something changed since the last composite: a host presents only then.
    public var needsComposite: Bool { treeChanged }

    /// Marks the whole frame as changed, so that the next render composites it again.
    public func invalidateFrame() { treeChanged = true }

    /// The frame bitmap without copying (valid until the next frame).
    var currentFrame: Bitmap {
        compositeIfNeeded()
        return frame
    }

    /// Captures a frame `fps` times a second of virtual time while `body` runs — a
    /// gesture such as ``drag(from:to:duration:)`` or ``tap(at:)`` followed by
    /// `advance(by:)` — so that what the user did and what followed are filmed
    /// together. The first capture is of the state before `body`.
    ///
    /// ```swift
    /// let frames = screen.record(fps: 15) {
    ///     screen.tap(at: header)
    ///     screen.advance(by: 0.5)
    /// }
    /// ```
    public func record(fps: Int = 30, during body: () -> Void) -> [UIImage] {
        precondition(fps > 0 && fps <= framesPerSecond, "record(fps:during:) needs 1 to \(framesPerSecond) frames a second")
        let every = framesPerSecond / fps
        var frames = [snapshot()]
        let previous = frameObserver
        frameObserver = { [unowned self] in
            previous?()
            if frameIndex % every == 0 { frames.append(snapshot()) }
        }
        defer { frameObserver = previous }
        body()
        return frames
    }

    /// Advances the clock over `duration`, capturing a frame `fps` times a second
    /// (the first capture is of the current state).
    public func record(duration: TimeInterval, fps: Int = 30) -> [UIImage] {
        precondition(fps > 0, "record(duration:fps:) needs a positive frame rate")
        let count = max(1, Int((duration * Double(fps)).rounded()))
        var frames = [snapshot()]
        for _ in 1 ..< count + 1 {
            advance(by: 1 / Double(fps))
            frames.append(snapshot())
        }
        return frames
    }

    private func replaceFrameBitmap() {
        frame = Bitmap(width: frame.width, height: frame.height, opaque: frame.isOpaque)
    }

    private func compositeIfNeeded() {
        guard treeChanged, let window else { return }
        treeChanged = false
        compositor.colorsBlendedLayers = colorsBlendedLayers
        if !rendererResolved { resolveRenderer() }
        var stats = composite(window.layer)
        if let failure = stats.drawingFailure {
            // A failed Cairo operation leaves the bitmap refusing all drawing; one bad
            // frame must not blank every later one. Draw the frame again into a new bitmap.
            replaceFrameBitmap()
            stats = composite(window.layer)
            stats.drawingFailure = stats.drawingFailure ?? failure
        }
        stats.backingStoresRedrawn = redrawsSinceComposite
        stats.layoutTime = pendingLayoutTime
        stats.displayTime = pendingDisplayTime
        stats.animationTime = lastAnimationTime
        redrawsSinceComposite = 0
        lastFrameStatistics = stats
        drawStatusBar()
        if showsFrameStatistics { drawStatisticsOverlay(stats) }
    }

    /// Composites `root` into the frame with the screen's renderer.
    private func composite(_ root: CALayer) -> FrameStatistics {
        if let gpuRenderer {
            return gpuRenderer.render(root, with: compositor, into: frame, scale: scale, background: backgroundColor)
        }
        return compositor.render(root, into: frame, scale: scale, background: backgroundColor)
    }

    // MARK: LayerTreeHost

    package func layerTreeNeedsUpdate() { treeChanged = true }
    package func noteBackingStoreRedrawn() { redrawsSinceComposite += 1 }
    package var problemHandler: ((String) -> Void)? { onReport }
}

extension UIView {
    func adoptScaleRecursively(_ scale: CGFloat) {
        adoptScale(scale)
        for subview in subviews { subview.adoptScaleRecursively(scale) }
    }
}
