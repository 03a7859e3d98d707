#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class AddItemViewController: UIViewController {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var nameField: UITextField!

    #if canImport(UIKit)
    @IBAction
    #endif
    func cancel(_ sender: Any) {
        dismiss(animated: true)
    }
}
