import UIKit

class ProfileViewController: UITableViewController {
    @IBOutlet var headerView: UIView!
    @IBOutlet weak var followButton: UIButton!
    @IBOutlet var statLabels: [UILabel]!

    private var following = false

    override func viewDidLoad() {
        super.viewDidLoad()
        Bundle.main.loadNibNamed("ProfileHeaderView", owner: self)
        tableView.tableHeaderView = headerView
        tableView.register(UINib(nibName: "ProfileCell", bundle: nil), forCellReuseIdentifier: "ProfileCell")
    }

    @IBAction func follow(_ sender: Any) {
        following.toggle()
        followButton.setTitle(following ? "Following" : "Follow", for: .normal)
    }
}
