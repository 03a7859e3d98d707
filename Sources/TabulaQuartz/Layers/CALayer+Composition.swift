import Foundation

/// How a layer is composited with its sublayers and what is behind it: a mask layer,
/// the transform applied to the sublayers, whether the back of the layer shows, and a
/// cached bitmap of the whole subtree.
extension CALayer {
    /// Called when a layer property is given a value it cannot use (a bad dash pattern, a
    /// gradient's locations that do not match its colours, a mask that is already in a
    /// tree): the message says what was wrong and what is drawn instead. (A Tabula
    /// addition: Core Animation draws such values silently, or not at all.)
    ///
    /// A report about a layer on a host goes to that host's handler
    /// (`HeadlessScreen.onReport`), so two screens in one process hear only their own;
    /// this process-wide handler hears the rest: layers on no host, and hosts that set no
    /// handler. The default prints to standard error; tests can replace it to collect the
    /// reports.
    public static var onInvalidValue: (String) -> Void = { message in
        FileHandle.standardError.write(Data("Tabula: \(message)\n".utf8))
    }

    /// Reports a value this layer cannot use: to its host's handler, or else to
    /// ``onInvalidValue``.
    package func reportInvalidValue(_ message: String) {
        if let handler = host?.problemHandler { handler(message) } else { Self.onInvalidValue(message) }
    }

    /// A layer whose alpha channel masks this layer's content: where the mask is opaque
    /// the layer shows, where it is transparent the layer is cut away. The mask is in this
    /// layer's coordinates and is drawn only as a mask; it must not have a superlayer (one
    /// that has is reported and not used). Nil (the default) for none.
    public var mask: CALayer? {
        get { composition.mask }
        set {
            guard newValue !== composition.mask else { return }
            if let newValue {
                guard newValue.superlayer == nil, newValue !== self, !isDescendant(of: newValue) else {
                    reportInvalidValue("CALayer.mask: the mask layer\(newValue.name.map { " \"\($0)\"" } ?? "") already has a superlayer (or is this layer or an ancestor); the mask was not changed")
                    return
                }
                newValue.maskedLayer?.composition.mask = nil
            }
            composition.mask?.maskedLayer = nil
            composition.mask?.host = nil
            composition.mask = newValue
            newValue?.maskedLayer = self
            newValue?.host = host
            if let newValue { takePendingWork(of: newValue) }
            markTreeChanged()
        }
    }

    /// Whether the layer is drawn when it faces away from the viewer (turned over by a 3D
    /// transform, or mirrored); true by default. When false, a turned-over layer and its
    /// sublayers are not drawn: the back face of a card flip.
    public var isDoubleSided: Bool {
        get { composition.isDoubleSided }
        set {
            guard newValue != composition.isDoubleSided else { return }
            composition.isDoubleSided = newValue
            markTreeChanged()
        }
    }

    /// A transform applied to the sublayers (not to the layer itself), about the layer's
    /// anchor point: a perspective (`m34 = -1 / distance`) here makes every sublayer turned
    /// in 3D share one vanishing point. Identity by default. Animatable.
    ///
    /// Only drawing uses it: hit testing and `convert(_:to:)` ignore it (a difference from UIKit).
    public var sublayerTransform: CATransform3D {
        get { modelValues.sublayerTransform }
        set { setModel(\.sublayerTransform, newValue, .sublayerTransform) }
    }

    /// Whether the layer and its sublayers are drawn once into a bitmap that is reused
    /// while nothing in the subtree changes (false by default). The bitmap has
    /// ``rasterizationScale`` pixels per point and covers the layer's bounds; it is
    /// composited with the layer's transform and opacity. Worth it for a subtree that is
    /// costly to draw and moves as a whole.
    public var shouldRasterize: Bool {
        get { composition.shouldRasterize }
        set {
            guard newValue != composition.shouldRasterize else { return }
            composition.shouldRasterize = newValue
            CALayer.rasterizingLayers += newValue ? 1 : -1
            composition.raster = nil
            markTreeChanged()
        }
    }

    /// Pixels per point of the bitmap of a rasterized layer; 1 by default, as in Core
    /// Animation (set it to the screen's scale for sharp text). Values that are not
    /// positive and finite are taken as 1.
    public var rasterizationScale: CGFloat {
        get { composition.rasterizationScale }
        set {
            let scale = newValue.isFinite && newValue > 0 ? newValue : 1
            guard scale != composition.rasterizationScale else { return }
            composition.rasterizationScale = scale
            composition.raster = nil
            markTreeChanged()
        }
    }

    /// Whether the compositor keeps a bitmap of the layer and its sublayers, at the
    /// screen's scale, while the subtree holds still and only the layer itself moves or
    /// fades: what a push, a sheet or an alert sets on the views it slides, for the
    /// length of the transition. A slide then costs a copy of each screen per frame
    /// instead of compositing every row, label and bar again.
    ///
    /// Unlike ``shouldRasterize``, it promises nothing about the subtree: a subtree that
    /// changes from one frame to the next, or animates inside, is drawn layer by layer,
    /// and the bitmap is drawn again once it has held still for a frame. What shows is
    /// the same either way. Turning it off drops the bitmap.
    package var cachesSubtreeWhileMoving: Bool {
        get { composition.cachesWhileMoving }
        set {
            guard newValue != composition.cachesWhileMoving else { return }
            composition.cachesWhileMoving = newValue
            CALayer.rasterizingLayers += newValue ? 1 : -1
            composition.stillVersion = -1
            if !shouldRasterize { composition.raster = nil }
            markTreeChanged()
        }
    }

    /// Marks this layer and its ancestors as changed for the bitmaps of rasterized layers.
    /// Costs nothing while no layer rasterizes.
    /// With `movingOnly`, the layer itself keeps its raster (only its place changed).
    func noteSubtreeChanged(movingOnly: Bool = false) {
        guard CALayer.rasterizingLayers > 0 else { return }
        var layer: CALayer? = movingOnly ? superlayer ?? maskedLayer : self
        while let l = layer {
            l.composition.subtreeVersion &+= 1
            layer = l.superlayer ?? l.maskedLayer
        }
    }

    /// The number of layers with ``shouldRasterize`` or ``cachesSubtreeWhileMoving`` set,
    /// in the process.
    static var rasterizingLayers = 0

    /// Reports a change of the model that never animates (a shape layer's `path`, as in
    /// Core Animation): the next frame draws it.
    func modelDidChangeWithoutAction() {
        if !animationCores.isEmpty { presentationNeedsModel = true }
        markTreeChanged()
    }
}

/// The composition values of a layer that do not animate, and the cached raster.
struct LayerComposition {
    var mask: CALayer?
    var isDoubleSided = true
    var shouldRasterize = false
    /// Kept as a bitmap while only the layer moves (``CALayer/cachesSubtreeWhileMoving``).
    var cachesWhileMoving = false
    /// The subtree version a cached-while-moving layer was last drawn directly at: when it
    /// is still the version in the next frame, the subtree held still, and a bitmap is kept.
    var stillVersion = -1
    var rasterizationScale: CGFloat = 1
    /// Counts changes in the subtree (while any layer rasterizes).
    var subtreeVersion = 0
    /// The bitmap of a rasterized layer and what it was drawn from.
    var raster: LayerRaster?
}

/// A rasterized layer's bitmap: valid while the subtree version and the device scale
/// stay the same.
struct LayerRaster {
    var bitmap: Bitmap
    /// The part of the layer's coordinates the bitmap covers.
    var rect: CGRect
    var version: Int
    var scale: CGFloat
}
