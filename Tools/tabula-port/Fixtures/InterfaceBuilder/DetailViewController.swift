import UIKit

class DetailViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var badgeLabel: BadgeLabel!

    var item: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.text = item
    }

    @IBAction func done(_ sender: UIButton) {
        navigationController?.popViewController(animated: true)
    }
}

class BadgeLabel: UILabel {
    override func awakeFromNib() {
        super.awakeFromNib()
        clipsToBounds = true
    }
}
