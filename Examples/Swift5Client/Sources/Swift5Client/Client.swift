import Foundation
import Tabula

// Nothing here is marked @MainActor, as in a Swift 5 iOS project written before strict
// concurrency. Against the iOS SDK it builds without a warning; against Tabula too.

/// Makes the title label of a row.
public func makeTitleLabel(_ text: String) -> UILabel {
    let label = UILabel()
    label.text = text
    label.font = .preferredFont(forTextStyle: .headline)
    label.adjustsFontForContentSizeCategory = true
    return label
}

/// A model object that configures views it is handed, from a nonisolated method.
public final class ContactFormatter {
    public init() {}

    /// Fills a cell's default content configuration.
    public func configure(_ cell: UITableViewCell, name: String, detail: String) {
        var content = cell.defaultContentConfiguration()
        content.text = name
        content.secondaryText = detail
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
    }
}

/// A data source class not marked @MainActor, as Swift 5 code declares them.
public final class ContactsDataSource: NSObject, UITableViewDataSource {
    public let names: [String]
    let formatter = ContactFormatter()

    public init(names: [String]) { self.names = names }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        formatter.configure(cell, name: names[indexPath.row], detail: "Row \(indexPath.row + 1)")
        return cell
    }
}

/// A view controller subclass with a helper that is not isolated.
public final class ContactsViewController: UITableViewController {
    public let source = ContactsDataSource(names: ["Ada", "Grace", "Katherine"])

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        tableView.dataSource = source
        navigationItem.titleView = makeTitleLabel("Contacts")
    }
}

/// Core Animation and drawing from nonisolated helpers, as Swift 5 code calls them
/// (Apple declares neither `CAAnimation` nor `UIBezierPath` main-actor).
public enum Shimmer {
    /// A pulse for a skeleton cell's placeholder.
    public static func pulse(duration: Double) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 1
        animation.toValue = 0.4
        animation.duration = duration
        animation.autoreverses = true
        animation.repeatCount = .infinity
        return animation
    }

    /// A rounded outline layer for a placeholder, made and styled off the main actor's
    /// isolation, as Swift 5 code does.
    public static func outline(_ rect: CGRect) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = rect
        layer.path = UIBezierPath(roundedRect: layer.bounds, cornerRadius: 8).cgPath
        layer.fillColor = nil
        layer.strokeColor = UIColor.separator.cgColor
        layer.add(pulse(duration: 0.8), forKey: "pulse")
        return layer
    }

    /// Strokes a rounded border in the current context.
    public static func strokeBorder(_ rect: CGRect, color: UIColor) {
        color.setStroke()
        let path = UIBezierPath(roundedRect: rect, cornerRadius: 8)
        path.lineWidth = 1
        path.stroke()
    }

    /// The height a string of `text` takes in a cell `width` points wide.
    public static func height(of text: String, width: CGFloat, font: UIFont) -> CGFloat {
        text.boundingRect(with: CGSize(width: width, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
                          attributes: [.font: font], context: nil).height.rounded(.up)
    }
}
