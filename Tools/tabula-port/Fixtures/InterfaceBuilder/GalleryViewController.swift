import UIKit

class GalleryViewController: UICollectionViewController {
    var photos = ["Apples", "Bread", "Coffee"]

    override func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photos.count + 1
    }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if indexPath.item == photos.count {
            return collectionView.dequeueReusableCell(withReuseIdentifier: "AddCell", for: indexPath)
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: indexPath) as! PhotoCell
        cell.captionLabel.text = photos[indexPath.item]
        return cell
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showPhoto",
           let photo = segue.destination as? PhotoViewController,
           let cell = sender as? UICollectionViewCell,
           let indexPath = collectionView.indexPath(for: cell) {
            photo.caption = photos[indexPath.item]
        }
    }

    @IBAction func addPhoto() {
        photos.append("Photo \(photos.count + 1)")
        collectionView.reloadData()
    }
}
