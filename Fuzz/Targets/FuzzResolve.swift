// libFuzzer target: arbitrary bytes as a link, resolved against a realistic table.
// Built against the SDK module by Fuzz/run.sh; any crash, leak or timeout fails.

@testable import Switchyard

let fuzzTable: RouteTable = {
    let configuration = RouteTableConfiguration(
        schemes: ["shop", "photofeed"], hosts: ["shop.example.com", "www.shop.example.com"],
        routes: [
            RouteDefinition("/"), RouteDefinition("product/:id<int>", name: "product"),
            RouteDefinition("product/:id/reviews"), RouteDefinition("product/featured"),
            RouteDefinition("list{ListScreen}/:itemID{DetailScreen}/extra{ExtraScreen}!"),
            RouteDefinition("home/*"), RouteDefinition("docs/{path...}"), RouteDefinition("user/:id(/:tab)"),
            RouteDefinition("u/:u<uuid>"), RouteDefinition("promo/:code<coupon>"), RouteDefinition("about/team"),
            RouteDefinition("search"), RouteDefinition("café/:x"),
        ])
    let coupon = ParameterConstraint("coupon") { $0.hasPrefix("SAVE") }
    return try! RouteTable(configuration, constraints: [coupon])
}()

func fuzzResolve(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let link = try fuzzTable.resolve(input)
        // A matched link's parameters rebuild a URL that resolves to the same route (or is refused).
        if let route = link.route, let parameters = link.routeParameters, !route.contains("*") {
            if let rebuilt = try? fuzzTable.url(for: route, parameters: parameters) {
                let again = try fuzzTable.resolve(rebuilt)
                precondition(again.route == route && again.routeParameters == parameters,
                             "round trip changed \(input) into \(rebuilt)")
            }
        }
    } catch {
        precondition(!error.message.isEmpty)
    }
    return 0
}

