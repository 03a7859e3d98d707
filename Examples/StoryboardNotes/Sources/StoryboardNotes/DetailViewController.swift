#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class DetailViewController: UIViewController {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var titleLabel: UILabel!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var badgeLabel: BadgeLabel!

    var item: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.text = item
    }

    #if canImport(UIKit)
    @IBAction
    #endif
    func done(_ sender: UIButton) {
        navigationController?.popViewController(animated: true)
    }
}

class BadgeLabel: UILabel {
    override func awakeFromNib() {
        super.awakeFromNib()
        clipsToBounds = true
    }
}
