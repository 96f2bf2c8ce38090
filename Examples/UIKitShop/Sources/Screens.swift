import Switchyard
import SwitchyardUIKit
import UIKit

/// Makes the view controller of each screen the table's plans name.
final class Screens: ScreenFactory {
    func viewController(for screen: NavigationScreen) -> UIViewController {
        switch screen.identifier {
        case "ProductListScreen": ProductListViewController()
        case "ProductScreen": ProductViewController(id: screen.parameters["id"] ?? "")
        case "ReviewsScreen": ReviewsViewController(productID: screen.parameters["id"] ?? "")
        case "CartScreen": CartViewController()
        case "AccountScreen": AccountViewController()
        case "CheckoutScreen": CheckoutViewController()
        case "PayScreen": PayViewController()
        default: HomeViewController()
        }
    }

    /// The cart covers the whole screen; other modals are sheets with a stack of their own.
    func presentation(for screen: NavigationScreen, controller: UIViewController) -> UIViewController {
        let modal = UINavigationController(rootViewController: controller)
        if screen.identifier == "CartScreen" { modal.modalPresentationStyle = .fullScreen }
        return modal
    }
}
