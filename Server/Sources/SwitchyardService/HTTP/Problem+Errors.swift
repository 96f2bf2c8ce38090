import Hummingbird
import Switchyard
import SwitchyardAttest
import SwitchyardStore

/// The one place where an error becomes an answer: each domain error the API answers, with the
/// status, kind, title and detail of its ``Problem``. ``ProblemMiddleware`` answers every error a
/// handler throws through ``init(answering:)``; ``LinkService/storage(_:)`` answers a store failure
/// where it happens, with the problem of its ``StoreError``.
extension Problem {
    /// The problem that answers `error`: a problem is its own answer, a known domain error
    /// (``StoreError``, ``NamedKeyError``, ``FirebaseLinkError``) has its problem; nil for any other error, which the
    /// service answers as a 500 `internal` problem and logs.
    init?(answering error: any Error) {
        switch error {
        case let problem as Problem: self = problem
        case let error as StoreError:
            guard let problem = Problem(error) else { return nil }
            self = problem
        case let error as NamedKeyError: self = Problem(error)
        case let error as FirebaseLinkError: self = Problem(error)
        case let error as LinkRuleError: self = Problem(error)
        default: return nil
        }
    }

    /// The problem that answers a store failure: 400 `invalid-query` for a cursor no listing gave
    /// out, 500 `corrupt-data` for data that cannot be read back, 503 `unavailable` (with
    /// `Retry-After`) when the database cannot be reached. Nil for a taken code or name: only the
    /// caller knows what was taken (``aliasTaken(_:)``, ``keyNameTaken(_:)``).
    init?(_ error: StoreError) {
        switch error.code {
        case .invalidCursor:
            self = .invalid("invalid-query", "Invalid query parameter", "'cursor' is not a cursor this service gave out")
        case .corrupt, .configuration:
            self.init(.internalServerError, kind: "corrupt-data", title: "Stored data unreadable", detail: error.message)
        case .codeTaken, .nameTaken:
            return nil
        default:
            self = .unavailable("the database is unavailable; retry later")
        }
    }

    /// 400 `invalid-key`: a key to make whose name or expiry is wrong.
    init(_ error: NamedKeyError) {
        self = .invalid("invalid-key", "Invalid key", error.message)
    }

    /// 400 with the rule's kind (`unknown-route`, `fallback-refused`, ...) and title: a link the
    /// rules refuse (``LinkRuleError/problemKind``).
    init(_ error: LinkRuleError) {
        let (kind, title) = error.problemKind
        self = .invalid(kind, title, error.message)
    }

    /// 400 `invalid-argument` (answered in Firebase's error shape): a long link to shorten that
    /// cannot be read.
    init(_ error: FirebaseLinkError) {
        self = .invalid("invalid-argument", "Invalid argument", "Bad long link: \(error.message)")
    }

    /// 403 `attestation-invalid`: no app of the table accepts the attestation; the detail is the
    /// step that failed and why (``AttestFailure/message``).
    static func attestationInvalid(_ detail: String) -> Problem {
        Problem(.forbidden, kind: "attestation-invalid", title: "Attestation not valid", detail: detail)
    }

    /// 403 `assertion-invalid`: an assertion that does not verify (a key of another install, a bad
    /// signature, a replayed counter).
    static func assertionInvalid(_ detail: String) -> Problem {
        Problem(.forbidden, kind: "assertion-invalid", title: "Assertion not valid", detail: detail)
    }

    /// 409 `alias-taken`: the alias asked for is another link's code or alias.
    static func aliasTaken(_ alias: String) -> Problem {
        Problem(.conflict, kind: "alias-taken", title: "Alias taken", detail: "the alias '\(alias)' is already in use")
    }

    /// 409 `key-name-taken`: the team has a key of this name.
    static func keyNameTaken(_ name: String) -> Problem {
        Problem(.conflict, kind: "key-name-taken", title: "Key name taken", detail: "a key named '\(name)' exists")
    }

    /// 500 `internal`: an error no mapping knows (the service logs it).
    static let internalError = Problem(.internalServerError, kind: "internal", title: "Internal error",
                                       detail: "the service could not answer this request")
}
