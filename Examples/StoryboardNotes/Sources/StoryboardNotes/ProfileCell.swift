#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class ProfileCell: UITableViewCell {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var avatarView: UIImageView!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var nameLabel: UILabel!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var subtitleLabel: UILabel!

    override func awakeFromNib() {
        super.awakeFromNib()
        avatarView.tintColor = .systemGray
    }

    func configure(name: String, subtitle: String) {
        nameLabel.text = name
        subtitleLabel.text = subtitle
    }
}
