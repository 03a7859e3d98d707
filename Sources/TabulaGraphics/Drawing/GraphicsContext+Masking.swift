import CCairo
import Foundation

extension GraphicsContext {
    /// Starts a masked group: what is drawn until ``beginMask()`` is the content, what is
    /// drawn from there until ``endMaskedGroup(opacity:)`` is the mask, whose alpha decides
    /// how much of the content shows (as `CALayer.mask` does).
    public func beginMaskedGroup() {
        saveGState()
        cairo_push_group(cr)
    }

    /// Ends the content of the masked group begun by ``beginMaskedGroup()``; what follows
    /// draws the mask.
    public func beginMask() {
        cairo_push_group(cr)
    }

    /// Composites the content through the alpha of the mask, with `opacity` (0…1), onto
    /// what is behind it.
    public func endMaskedGroup(opacity: Double = 1) {
        let mask = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(mask) }
        let content = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(content) }
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        if alpha < 1 { cairo_push_group(cr) }
        cairo_set_source(cr, content)
        cairo_mask(cr, mask)
        if alpha < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        restoreGState()
        markOperation()
    }
}
