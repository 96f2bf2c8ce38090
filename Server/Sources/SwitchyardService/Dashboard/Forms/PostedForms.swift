import Foundation
import Hummingbird

/// A form the dashboard posts as `application/x-www-form-urlencoded`, decoded by Hummingbird's
/// `URLEncodedFormDecoder`; `csrf` is the token it carries back.
protocol PostedForm: Decodable, Sendable {
    /// The form's hidden `csrf` field.
    var csrf: String? { get }
}

extension PostedForm {
    /// Reads a request's form body: 415 for another content type, 413 over `limit` bytes, 400 for a
    /// body that is not a form of this shape (broken percent-encoding, a field given twice).
    static func read(_ request: Request, limit: Int) async throws -> Self {
        guard RequestBodies.mediaType(request) == "application/x-www-form-urlencoded" else {
            throw Problem(.unsupportedMediaType, kind: "unsupported-media-type", title: "Unsupported media type",
                          detail: "the dashboard's forms post application/x-www-form-urlencoded")
        }
        let buffer = try await RequestBodies.collect(request, limit: limit)
        do {
            return try URLEncodedFormDecoder().decode(Self.self, from: String(buffer: buffer))
        } catch let error as URLEncodedFormError {
            throw Problem.invalid("invalid-form", "Invalid form", "the form could not be read: \(error)")
        } catch {
            throw Problem.invalid("invalid-form", "Invalid form", "the form is not the one this page posts")
        }
    }
}

/// The sign-in form: the double-submit token and the API key.
struct SignInForm: PostedForm {
    var csrf: String?
    var key: String?
}

/// A form that carries only the session's token (sign out).
struct TokenForm: PostedForm {
    var csrf: String?
}

/// The new-link form. Which fields it has depends on the route (`param.NAME` for each of the
/// route's parameters), so it decodes as a name–value dictionary and is read by name.
struct NewLinkForm: PostedForm {
    /// Every field, by name.
    var fields: [String: String]

    init(fields: [String: String] = [:]) { self.fields = fields }

    init(from decoder: any Decoder) throws {
        fields = try [String: String](from: decoder)
    }

    var csrf: String? { fields["csrf"] }

    /// The value of field `name`, or nil.
    subscript(_ name: String) -> String? { fields[name] }

    /// The value of `name`, with surrounding white space removed; nil when empty.
    func trimmed(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }
}
