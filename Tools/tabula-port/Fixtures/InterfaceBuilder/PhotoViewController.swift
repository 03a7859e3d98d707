import UIKit

class PhotoViewController: UIViewController {
    @IBOutlet weak var captionField: UITextField!
    var caption: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        captionField.text = caption
    }
}
