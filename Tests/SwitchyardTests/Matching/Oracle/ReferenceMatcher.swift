import Foundation
@testable import Switchyard
import SwitchyardTestSupport

/// The naive matcher the compiled one is checked against: scan every form of every route, keep
/// those that match, and pick the one whose per-segment ranks (static < constrained, by constraint
/// name < parameter < wildcard < rest) are lexicographically smallest.
struct ReferenceMatcher {
    struct Match: Equatable {
        var route: Int
        var parameters: [String: String]
    }

    let routes: [Route]
    let delimiter: Character
    let caseSensitive: Bool

    /// The segments of a raw path as DESIGN.md states the rule, written without the scanner's
    /// code: a trailing slash is ignored whatever the delimiter (`user:self/` is `user`, `self`),
    /// then the path splits on the delimiter, empty segments are dropped, and each is decoded.
    static func segments(of rawPath: String, delimiter: Character) -> [String] {
        var path = Substring(rawPath)
        while path.hasSuffix("/") { path = path.dropLast() }
        return path.split(separator: delimiter, omittingEmptySubsequences: true)
            .map { String($0).removingPercentEncoding ?? String($0) }
    }

    /// The result, and whether two different forms tied for best (which a valid table never allows).
    func match(rawPath: String) -> (match: Match?, tie: Bool) {
        let segments = Self.segments(of: rawPath, delimiter: delimiter)
        var best: (rank: [Int], match: Match)?
        var tie = false
        for route in routes {
            for form in route.pattern.forms {
                guard let (rank, parameters) = Self.match(form, segments, caseSensitive: caseSensitive,
                                                         delimiter: delimiter) else { continue }
                let candidate = Match(route: route.index, parameters: parameters)
                if let current = best {
                    if rank.lexicographicallyPrecedes(current.rank) {
                        best = (rank, candidate)
                        tie = false
                    } else if rank == current.rank {
                        tie = true
                    }
                } else {
                    best = (rank, candidate)
                }
            }
        }
        return (best?.match, tie)
    }

    static func match(_ form: [PatternSegment], _ segments: [String], caseSensitive: Bool,
                      delimiter: Character) -> ([Int], [String: String])? {
        let endsWithRest = form.last.map { if case .rest = $0.kind { true } else { false } } ?? false
        if endsWithRest ? segments.count < form.count : segments.count != form.count { return nil }
        var rank: [Int] = []
        var parameters: [String: String] = [:]
        for (i, segment) in form.enumerated() {
            let value = segments[i]
            switch segment.kind {
            case .literal(let text):
                let lowered = TableGenerator.asciiLowered
                guard caseSensitive ? text == value : lowered(text) == lowered(value) else { return nil }
                rank.append(0)
            case .parameter(let name):
                if let constraint = segment.constraint {
                    guard accepts(constraint, value) else { return nil }
                    rank.append(constraint == "int" ? 1 : 2)
                } else {
                    rank.append(3)
                }
                parameters[name] = value
            case .wildcard:
                rank.append(4)
            case .rest(let name):
                rank.append(5)
                parameters[name] = segments[i...].joined(separator: String(delimiter))
            }
        }
        return (rank, parameters)
    }

    static func accepts(_ constraint: String, _ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        switch constraint {
        case "int":
            let digits = scalars.first == "-" ? scalars.dropFirst() : scalars[...]
            return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
        case "uuid":
            guard scalars.count == 36 else { return false }
            return scalars.enumerated().allSatisfy { i, c in
                [8, 13, 18, 23].contains(i) ? c == "-" : c.properties.isASCIIHexDigit
            }
        default:
            fatalError("the generator only uses int and uuid")
        }
    }
}
