#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class ListViewController: UITableViewController {
    var items = ["Apples", "Bread", "Coffee"]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        items.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        cell.detailTextLabel?.text = "Row \(indexPath.row + 1)"
        return cell
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showDetail",
           let detail = segue.destination as? DetailViewController,
           let cell = sender as? UITableViewCell,
           let indexPath = tableView.indexPath(for: cell) {
            detail.item = items[indexPath.row]
        }
    }

    #if canImport(UIKit)
    @IBAction
    #endif
    func unwindToList(_ segue: UIStoryboardSegue) {
        guard let add = segue.source as? AddItemViewController,
              let name = add.nameField.text, !name.isEmpty else { return }
        items.append(name)
        tableView.reloadData()
    }
}
