#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class ProfileViewController: UITableViewController {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    var headerView: UIView!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var followButton: UIButton!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    var statLabels: [UILabel]!

    private var following = false

    override func viewDidLoad() {
        super.viewDidLoad()
        Bundle.main.loadNibNamed("ProfileHeaderView", owner: self)
        tableView.tableHeaderView = headerView
        tableView.register(UINib(nibName: "ProfileCell", bundle: nil), forCellReuseIdentifier: "ProfileCell")
    }

    #if canImport(UIKit)
    @IBAction
    #endif
    func follow(_ sender: Any) {
        following.toggle()
        followButton.setTitle(following ? "Following" : "Follow", for: .normal)
    }
}
