#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class SettingsViewController: UITableViewController {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var remindersSwitch: UISwitch!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var signOutCell: UITableViewCell!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var versionLabel: UILabel!

    #if canImport(UIKit)
    @IBAction
    #endif
    func remindersChanged(_ sender: UISwitch) {
        UserDefaults.standard.set(sender.isOn, forKey: "reminders")
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if tableView.cellForRow(at: indexPath) === signOutCell {
            dismiss(animated: true)
        }
    }
}
