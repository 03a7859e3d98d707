#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class PhotoViewController: UIViewController {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var captionField: UITextField!
    var caption: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        captionField.text = caption
    }
}
