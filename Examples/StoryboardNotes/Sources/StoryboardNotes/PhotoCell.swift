#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

class PhotoCell: UICollectionViewCell {
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var photoView: UIImageView!
    #if canImport(UIKit)
    @IBOutlet
    #endif
    weak var captionLabel: UILabel!

    override func prepareForReuse() {
        super.prepareForReuse()
        captionLabel.text = nil
    }
}
