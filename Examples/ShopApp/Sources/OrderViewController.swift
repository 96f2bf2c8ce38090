import SwiftUI
import UIKit

/// The app's one UIKit screen: an order (route `account/orders/:orderID`, behind the login gate).
final class OrderViewController: UIViewController {
    let orderID: String

    init(orderID: String) {
        self.orderID = orderID
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("OrderViewController is created in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Order \(orderID)"
    }
}

/// The order screen in the SwiftUI stack.
struct OrderScreen: UIViewControllerRepresentable {
    let orderID: String

    func makeUIViewController(context: Context) -> OrderViewController {
        OrderViewController(orderID: orderID)
    }

    func updateUIViewController(_ controller: OrderViewController, context: Context) {}
}
