#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class HomeViewController: UIViewController {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var welcomeLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        welcomeLabel.text = "Welcome back"
    }
}
