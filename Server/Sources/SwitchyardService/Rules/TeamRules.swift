import Foundation
import SwitchyardRules
import SwitchyardStore
import Synchronization

/// Each team's default redirect rules, as this instance knows them: read at start, after each
/// change made here, and every domain refresh interval (so a change made on another instance
/// reaches this one within it).
final class TeamRulesDirectory: Sendable {
    private let rules = Mutex<[String: [RedirectRule]]>([:])

    /// A team's default rules; empty when it has none.
    func rules(of team: String) -> [RedirectRule] { rules.withLock { $0[team] ?? [] } }

    /// Reads every team's rules again.
    func refresh(from store: any TeamRuleStore) async throws {
        let read = try await store.teamRules()
        rules.withLock { $0 = read }
    }
}

extension LinkService {
    /// The rules a link decides by: its own, then its team's defaults (an index past the link's
    /// own rules names a default).
    func effectiveRules(_ link: SmartLink) -> [RedirectRule] {
        let defaults = teamRules.rules(of: link.team)
        guard let own = link.content.rules, !own.isEmpty else { return defaults }
        return defaults.isEmpty ? own : own + defaults
    }
}
