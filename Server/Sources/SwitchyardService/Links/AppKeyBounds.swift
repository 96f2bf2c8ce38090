/// What one link created with the app key may store: the app key ships in every copy of the app,
/// so what it writes is bounded by the field, whatever the request body's cap. The app key sets
/// the route, its parameters, the query (campaign) parameters and the install; the install is
/// checked with the redeem's rules (``RedeemRequest/lengths``).
///
/// | field | bound |
/// | --- | --- |
/// | `routeParameters`, `queryParameters` | 16 entries each; names of 1 to 64 bytes, values of at most 256 |
/// | the two together | 2,048 bytes of names and values |
///
/// ```swift
/// try AppKeyBounds.check(body)   // 400 app-field-too-large naming the field
/// ```
enum AppKeyBounds {
    /// The most entries of either parameter object.
    static let maximumEntries = 16
    /// The longest parameter name, in UTF-8 bytes.
    static let maximumNameBytes = 64
    /// The longest parameter value, in UTF-8 bytes.
    static let maximumValueBytes = 256
    /// The most bytes of names and values of both objects together.
    static let maximumBytes = 2048

    /// Refuses a body whose app-written fields exceed the bounds.
    /// - Throws: 400 `app-field-too-large` naming the field and the bound.
    static func check(_ body: CreateLinkRequest) throws(Problem) {
        var total = 0
        for (field, parameters) in [("routeParameters", body.routeParameters), ("queryParameters", body.queryParameters)] {
            guard parameters.count <= maximumEntries else {
                throw tooLarge("'\(field)' has \(parameters.count) entries; the app key may set at most \(maximumEntries)")
            }
            for (name, value) in parameters {
                guard name.utf8.count <= maximumNameBytes else {
                    throw tooLarge("a name in '\(field)' takes \(name.utf8.count) bytes; at most \(maximumNameBytes) with the app key")
                }
                guard value.utf8.count <= maximumValueBytes else {
                    throw tooLarge("'\(field).\(name)' takes \(value.utf8.count) bytes; at most \(maximumValueBytes) with the app key")
                }
                total += name.utf8.count + value.utf8.count
            }
        }
        guard total <= maximumBytes else {
            throw tooLarge("'routeParameters' and 'queryParameters' take \(total) bytes together; at most \(maximumBytes) with the app key")
        }
    }

    private static func tooLarge(_ detail: String) -> Problem {
        Problem.invalid("app-field-too-large", "Field too large for the app key", detail)
    }
}
