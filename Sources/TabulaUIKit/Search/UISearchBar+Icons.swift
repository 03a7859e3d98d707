import Foundation

extension UISearchBar {
    /// The icons of a search bar whose images ``setImage(_:for:state:)`` replaces.
    public enum Icon: Int, Sendable {
        /// The magnifying glass at the start of the field.
        case search = 0
        /// The clear button at the end of the field while it has text.
        case clear = 1
        /// The bookmark button (Tabula draws none; the image is kept).
        case bookmark = 2
        /// The results list button (Tabula draws none; the image is kept).
        case resultsList = 3
    }

    /// The image `icon` shows in the field's current state: the disabled one while the field
    /// is disabled, else (or without one) the normal one.
    func shownImage(for icon: Icon) -> UIImage? {
        if !searchTextField.isEnabled, let disabled = iconImages[IconKey(icon: icon, state: UIControl.State.disabled.rawValue)] {
            return disabled
        }
        return iconImages[IconKey(icon: icon, state: UIControl.State.normal.rawValue)]
    }

    /// An icon in a control state, for ``UISearchBar/iconImages``.
    struct IconKey: Hashable {
        let icon: Icon
        let state: UInt
    }
}

extension UISearchTextField {
    /// Shows `search` in place of the magnifying glass and `clear` in place of the clear
    /// button (nil: the system's).
    func showIconImages(search: UIImage?, clear: UIImage?) {
        if let search {
            let view = leftView as? UIImageView ?? UIImageView(frame: CGRect(x: 0, y: 0, width: 30, height: 36))
            view.image = search
            view.tintColor = .secondaryLabel
            view.isUserInteractionEnabled = false
            let box = leftViewRect(forBounds: bounds).size
            view.contentMode = search.size.width <= box.width && search.size.height <= box.height ? .center : .scaleAspectFit
            if leftView !== view { leftView = view }
        } else if !(leftView is MagnifyingGlassView) {
            leftView = MagnifyingGlassView(frame: CGRect(x: 0, y: 0, width: 30, height: 36))
        }
        guard clearImage !== clear else { return }
        clearImage = clear
        setNeedsDisplay()
    }

    /// Draws the clear image in `rect`, at its size (scaled down to fit), centred.
    func drawClearImage(_ image: UIImage, in rect: CGRect) {
        var size = image.size
        guard size.width > 0, size.height > 0 else { return }
        let fit = min(1, rect.width / size.width, rect.height / size.height)
        size = CGSize(width: size.width * fit, height: size.height * fit)
        let shown = image.drawsAsTemplate ? image.withTintColor(.secondaryLabel, renderingMode: .alwaysOriginal) : image
        shown.draw(in: CGRect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height))
    }
}
