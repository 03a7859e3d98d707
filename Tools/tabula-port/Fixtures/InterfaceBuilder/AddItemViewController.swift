import UIKit

class AddItemViewController: UIViewController {
    @IBOutlet weak var nameField: UITextField!

    @IBAction func cancel(_ sender: Any) {
        dismiss(animated: true)
    }
}
