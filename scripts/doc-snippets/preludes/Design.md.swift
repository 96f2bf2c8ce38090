// The names Design.md's snippet uses without declaring them.

/// A table, and a text the app reads as a link.
let table = try! RouteTable(["product/:id<int>"], schemes: ["shop"])
let input = "shop://product/42"
