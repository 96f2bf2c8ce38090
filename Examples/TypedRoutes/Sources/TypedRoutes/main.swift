import Foundation
import Switchyard

// `ShopRoute` is generated from shop.routes.json by the SwitchyardRoutesPlugin at build time.
let routes: [ShopRoute] = [
    .home,
    .product(id: 42),
    .category(slug: "shoes", page: 2),
    .category(slug: "hats & caps", page: nil),
    .order(orderID: UUID(uuidString: "0f8fad5b-d9cb-469f-a165-70867728950e")!),
    .promo(code: "SPRING"),
    .docs(path: "guides/returns"),
]

var failures = 0
for route in routes {
    let url = try route.url(scheme: "shop")
    let universal = try route.url(host: "shop.example.com")
    let back = ShopRoute(link: try ShopRoute.routeTable.resolve(url))
    let backFromUniversal = ShopRoute(link: try ShopRoute.routeTable.resolve(universal))
    let ok = back == route && backFromUniversal == route
    if !ok { failures += 1 }
    print("\(ok ? "ok" : "MISMATCH") \(route.name): \(url) | \(universal)")
}

// A link typed by the user: the enum reads it, and tells which screen to show.
let link = try ShopRoute.routeTable.resolve("https://shop.example.com/product/7?ref=mail")
switch ShopRoute(link: link) {
case .product(let id)?: print("open product \(id), referred by \(link.queryParameters["ref"] ?? "nobody")")
default:
    failures += 1
    print("MISMATCH: product/7 did not read as .product")
}

// A plain routes.json gives `AppRoute`.
for route in [AppRoute.settings(section: nil), .settings(section: "privacy")] {
    let url = try route.url(scheme: "shop")
    let ok = AppRoute(link: try AppRoute.routeTable.resolve(url)) == route
    if !ok { failures += 1 }
    print("\(ok ? "ok" : "MISMATCH") \(route.name): \(url)")
}

print(failures == 0 ? "typed routes: \(routes.count + 2) round trips" : "typed routes: \(failures) failures")
exit(failures == 0 ? 0 : 1)
