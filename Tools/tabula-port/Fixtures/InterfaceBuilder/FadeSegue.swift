import UIKit

/// Shows its destination as a show segue does, fading it in.
class FadeSegue: UIStoryboardSegue {
    override func perform() {
        destination.view.alpha = 0
        source.show(destination, sender: nil)
        UIView.animate(withDuration: 0.25) { self.destination.view.alpha = 1 }
    }
}
