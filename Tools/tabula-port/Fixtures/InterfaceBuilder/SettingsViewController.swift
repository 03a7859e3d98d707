import UIKit

class SettingsViewController: UITableViewController {
    @IBOutlet weak var remindersSwitch: UISwitch!
    @IBOutlet weak var signOutCell: UITableViewCell!
    @IBOutlet weak var versionLabel: UILabel!

    @IBAction func remindersChanged(_ sender: UISwitch) {
        UserDefaults.standard.set(sender.isOn, forKey: "reminders")
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if tableView.cellForRow(at: indexPath) === signOutCell {
            dismiss(animated: true)
        }
    }
}
