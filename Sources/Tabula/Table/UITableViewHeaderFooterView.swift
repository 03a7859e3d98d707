import Foundation
import TabulaCore

/// A reusable section header or footer, with a ``textLabel`` for its title.
@MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the view is pooled under for ``UITableView/dequeueReusableHeaderFooterView(withIdentifier:)``.
    public let reuseIdentifier: String?
    /// Put custom content here.
    public let contentView = UIView()
    /// The title; styled by the table for plain or grouped headers and footers.
    public let textLabel: UILabel?
    /// Set by the table when it places the view; drives the title's insets.
    var titleInsets = UIEdgeInsets(top: 0, left: UITableViewCell.defaultMargin, bottom: 0,
                                   right: UITableViewCell.defaultMargin)

    /// A header or footer view with a title label, reused under `reuseIdentifier` (nil: not reused).
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        textLabel = UILabel()
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        addSubview(contentView)
        textLabel?.numberOfLines = 0
        contentView.addSubview(textLabel!)
    }

    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
        }
    }

    /// Called just before the view comes back from the reuse pool; does nothing unless overridden.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        contentView.frame = bounds
        if let textLabel {
            let width = max(0, bounds.width - titleInsets.horizontal)
            let height = textLabel.sizeThatFits(CGSize(width: width, height: 0)).height
            let available = bounds.height - titleInsets.vertical
            textLabel.frame = CGRect(x: titleInsets.left, y: titleInsets.top + max(0, available - height) / 2,
                                     width: width, height: min(height, max(0, available)))
        }
    }

    /// The height that fits the title at `size.width` with the table's insets.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let textLabel, let text = textLabel.text, !text.isEmpty else { return CGSize(width: size.width, height: 0) }
        let h = textLabel.sizeThatFits(CGSize(width: max(0, size.width - titleInsets.horizontal), height: 0)).height
        return CGSize(width: size.width, height: (h + titleInsets.vertical).rounded(.up))
    }
}
