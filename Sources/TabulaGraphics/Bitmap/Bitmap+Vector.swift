import CCairo
import CPoppler
import CRSVG
import Foundation

/// A vector image drawn into pixels: an SVG document, or the first page of a PDF. What an
/// asset catalog's image set holds when Xcode is asked to preserve vector data (PDF, and
/// SVG since Xcode 12); UIKit draws it at the screen's scale, and so does Tabula.
package struct VectorImage {
    /// The kinds of file read.
    package enum Kind: Sendable {
        case pdf, svg

        /// The kind a file's extension names (`pdf`, `svg`, in any case); nil for others.
        package init?(fileExtension: String) {
            switch fileExtension.lowercased() {
            case "pdf": self = .pdf
            case "svg": self = .svg
            default: return nil
            }
        }
    }

    /// A document and what it is, kept to be drawn again at another scale (an image view
    /// that shows the image larger than its size draws it again, sharp).
    package struct Source: @unchecked Sendable {
        package let data: Data
        package let kind: Kind

        /// Draws the document at `scale` pixels a point; throws as ``VectorImage/init(data:kind:scale:)``.
        package func draw(scale: CGFloat) throws -> VectorImage { try VectorImage(data: data, kind: kind, scale: scale) }
    }

    /// The pixels, `scale` to a point, covering the image's size rounded up to whole pixels.
    package let bitmap: Bitmap
    /// The image's size in points: a PDF page's size (a point is 1/72 inch in PDF as in
    /// UIKit), an SVG's width and height (its pixels are points), or its view box's.
    package let size: CGSize
    /// The document drawn.
    package let source: Source

    /// Draws `data`, a document of `kind`, at `scale` pixels a point.
    ///
    /// - Throws: ``ImageDecodingError`` saying what was wrong: data the library cannot
    ///   parse (with its message), a PDF without pages, an image without a size (an SVG
    ///   with neither width and height nor a view box), a size or scale that is not finite
    ///   or not positive, or more than ``Bitmap/maximumDecodedPixelCount`` pixels at that scale.
    package init(data: Data, kind: Kind, scale: CGFloat) throws {
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw ImageDecodingError(description: "the scale \(scale) is not one to draw at (more than 0, at most 16)")
        }
        switch kind {
        case .svg: (bitmap, size) = try Self.drawSVG(data, scale: scale)
        case .pdf: (bitmap, size) = try Self.drawPDF(data, scale: scale)
        }
        source = Source(data: data, kind: kind)
    }

    /// A bitmap of `size` points at `scale`, cleared, drawn into by `draw` through a Cairo
    /// context scaled to points; throws when the size cannot be drawn.
    private static func draw(_ what: String, size: CGSize, scale: CGFloat,
                             _ draw: (OpaquePointer) throws(ImageDecodingError) -> Void) throws(ImageDecodingError) -> Bitmap {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw ImageDecodingError(description: "the \(what) has the size \(size.width) × \(size.height); "
                                     + "it needs a finite width and height above zero")
        }
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        guard width <= 32767, height <= 32767, width * height <= Double(Bitmap.maximumDecodedPixelCount) else {
            throw ImageDecodingError(description: "the \(what) is \(size.width) × \(size.height) points, "
                                     + "\(Int(width)) × \(Int(height)) pixels at \(scale)x: more than "
                                     + "\(Bitmap.maximumDecodedPixelCount) in all, or over 32,767 a side; not drawn")
        }
        let bitmap = Bitmap(width: Int(width), height: Int(height), opaque: false)
        let cr = cairo_create(bitmap.surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        try draw(cr)
        cairo_surface_flush(bitmap.surface)
        return bitmap
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no reason given" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }

    private static func drawSVG(_ data: Data, scale: CGFloat) throws -> (Bitmap, CGSize) {
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(bytes.bindMemory(to: guint8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else { throw ImageDecodingError(description: "not an SVG document: \(message(error))") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        // Width and height in pixels (absolute units converted at 96 a inch, as browsers
        // do); without them, the view box's size.
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else {
                throw ImageDecodingError(description: "the SVG has no size: neither width and height in absolute "
                                         + "units nor a viewBox")
            }
            (width, height) = (viewBox.width, viewBox.height)
        }
        let size = CGSize(width: width, height: height)
        let bitmap = try draw("SVG", size: size, scale: scale) { cr throws(ImageDecodingError) in
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            var failure: UnsafeMutablePointer<GError>?
            guard rsvg_handle_render_document(handle, cr, &viewport, &failure) != 0 else {
                throw ImageDecodingError(description: "the SVG could not be drawn: \(message(failure))")
            }
        }
        return (bitmap, size)
    }

    private static func drawPDF(_ data: Data, scale: CGFloat) throws -> (Bitmap, CGSize) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let document = poppler_document_new_from_bytes(bytes, nil, &error) else {
            throw ImageDecodingError(description: "not a PDF document: \(message(error))")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(document)) }
        guard poppler_document_get_n_pages(document) > 0, let page = poppler_document_get_page(document, 0) else {
            throw ImageDecodingError(description: "the PDF has no pages")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        let size = CGSize(width: width, height: height)
        let bitmap = try draw("PDF page", size: size, scale: scale) { cr in poppler_page_render(page, cr) }
        return (bitmap, size)
    }
}
