import Switchyard
import SwitchyardUIKit
import UIKit

/// A screen that shows its title only: the example is about which screen a link opens.
class TitledViewController: UIViewController {
    private let screenTitle: String

    init(title: String) {
        screenTitle = title
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("the shop's screens are created in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = screenTitle
    }
}

/// The first tab's root.
final class HomeViewController: TitledViewController {
    init() { super.init(title: "Shop") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}

/// The product list (`products{ProductListScreen}`).
final class ProductListViewController: TitledViewController {
    init() { super.init(title: "Products") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}

/// A product (`products/:id<int>{ProductScreen}` and `product/:id<int>`); updated in place when a
/// plan gives it another id.
final class ProductViewController: TitledViewController, RefreshableScreen {
    private(set) var id: String

    init(id: String) {
        self.id = id
        super.init(title: "Product \(id)")
    }

    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }

    func refresh(with screen: NavigationScreen) {
        id = screen.parameters["id"] ?? id
        title = "Product \(id)"
    }
}

/// A product's reviews (`reviews{ReviewsScreen}`).
final class ReviewsViewController: TitledViewController {
    init(productID: String) { super.init(title: "Reviews of \(productID)") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}

/// The cart, presented modally (`cart{CartScreen}!`).
final class CartViewController: TitledViewController {
    init() { super.init(title: "Cart") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}

/// The checkout, presented modally (`checkout{CheckoutScreen}!`, the first modal of the payment route).
final class CheckoutViewController: TitledViewController {
    init() { super.init(title: "Checkout") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}

/// The payment sheet, presented over the checkout (`.../pay{PayScreen}!`, a modal over a modal).
final class PayViewController: TitledViewController {
    init() { super.init(title: "Payment") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}

/// The second tab's root.
final class ProfileViewController: TitledViewController {
    init() { super.init(title: "Me") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}

/// The account (`account{AccountScreen}`, in the second tab).
final class AccountViewController: TitledViewController {
    init() { super.init(title: "Account") }
    required init?(coder: NSCoder) { fatalError("the shop's screens are created in code") }
}
