import Foundation

/// The OpenAPI 3.1 document of the API, shipped as a resource (`Resources/openapi.json`) and
/// served at `/api/v1/openapi.json` and `/openapi.json`.
enum OpenAPIDocument {
    static let text: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
              let data = try? Data(contentsOf: url) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }()
}
