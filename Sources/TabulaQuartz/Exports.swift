// `import TabulaQuartz` brings in the value types and drawing API the layer API speaks,
// as QuartzCore brings in Foundation and Core Graphics.
@_exported import Foundation
@_exported import TabulaCore
@_exported import TabulaGraphics

/// Core Graphics' colour type: an sRGB value (see `Color`).
public typealias CGColor = Color
/// Core Graphics' image type: a bitmap of premultiplied pixels (see `Bitmap`).
public typealias CGImage = Bitmap
/// Core Graphics' drawing context (see `GraphicsContext`).
public typealias CGContext = GraphicsContext
/// Core Animation's time unit, seconds.
public typealias CFTimeInterval = TimeInterval
/// Core Graphics' path type: lines and cubic curves in closed or open subpaths (see `Path`).
public typealias CGPath = Path
