/// The schemas of the association files (``AssociationFiles``), which are JSON the platforms
/// define rather than answers of the API: `apple-app-site-association` and `assetlinks.json`.
enum AssociationSchemas {
    /// One component of either file: a path pattern, whether it excludes, and why it is there.
    static var component: JSONSchema {
        .object([
            "/": .string("A path pattern: * any run of characters, ? one character."),
            "comment": .string(),
            "exclude": .boolean,
            "caseSensitive": .boolean,
        ], required: ["/", "comment"])
    }

    /// `{"applinks": {"details": [{"appIDs", "components"}]}}`.
    static var appleAppSiteAssociation: JSONSchema {
        let detail = JSONSchema.object(["appIDs": .array(of: .string()), "components": .array(of: component)],
                                       required: ["appIDs", "components"])
        return .object(["applinks": .object(["details": .array(of: detail)], required: ["details"])], required: ["applinks"])
    }

    /// A list of Digital Asset Links statements, one per Android app.
    static var assetLinks: JSONSchema {
        let target = JSONSchema.object([
            "namespace": .string(oneOf: ["android_app"]),
            "package_name": .string(),
            "sha256_cert_fingerprints": .array(of: .string()),
        ], required: ["namespace", "package_name", "sha256_cert_fingerprints"])
        let extensions = JSONSchema.object([
            "delegate_permission/common.handle_all_urls": .object(["dynamic_app_link_components": .array(of: component)],
                                                                  required: ["dynamic_app_link_components"]),
        ])
        return .array(of: .object(["relation": .array(of: .string()), "target": target, "relation_extensions": extensions],
                                  required: ["relation", "target"]))
    }
}
