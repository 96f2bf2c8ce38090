/// The route table behind the golden file `FixtureRoute.swift`: every form the generator types.
enum CodegenFixture {
    /// The type name the golden file declares.
    static let typeName = "FixtureRoute"
    /// The name the golden file's comments give the table.
    static let sourceName = "shop.routes.json"

    /// Static, `:param`, `{param}`, `<int>`, `<uuid>`, a custom constraint, optional groups, a rest
    /// parameter, a screen route, a keyword as a name, plus an unnamed and a wildcard route.
    static let json = #"""
        {
          "schemes": ["shop"],
          "hosts": ["shop.example.com"],
          "routes": [
            { "pattern": "about/team", "name": "about_team" },
            { "pattern": "product/:product_id<int>", "name": "product" },
            { "pattern": "order/{orderID<uuid>}/receipt", "name": "Order-Receipt" },
            { "pattern": "user/:user_id(/:tab)", "name": "user profile" },
            { "pattern": "coupon/:code<coupon>", "name": "coupon" },
            { "pattern": "docs/{path...}", "name": "docs" },
            { "pattern": "list{ListScreen}/:item_id{DetailScreen}/reviews{ReviewScreen}!", "name": "listItem" },
            { "pattern": "category/{slug}(/page/:page<int>(/:sort))", "name": "category" },
            { "pattern": "start(/{when<uuid>})", "name": "default" },
            { "pattern": "files(/{rest...})", "name": "files" },
            "help",
            { "pattern": "legacy/*", "name": "legacy" }
          ]
        }
        """#
}
