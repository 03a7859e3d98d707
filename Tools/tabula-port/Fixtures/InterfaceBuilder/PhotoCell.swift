import UIKit

class PhotoCell: UICollectionViewCell {
    @IBOutlet weak var photoView: UIImageView!
    @IBOutlet weak var captionLabel: UILabel!

    override func prepareForReuse() {
        super.prepareForReuse()
        captionLabel.text = nil
    }
}
