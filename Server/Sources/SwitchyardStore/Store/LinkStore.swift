public import Foundation
public import SwitchyardRules

/// Where smart links and their clicks live. Two back ends implement it — SQLite (embedded,
/// the default) and PostgreSQL (several service instances on one database) — and pass the
/// same conformance suite.
///
/// Every method is safe to call from many tasks at once. Writes are durable when the call
/// returns: an acknowledged link survives a crash. Instants are kept to the millisecond
/// (``StoredDate/rounded(_:)``). Failures are ``StoreError``s: `.unavailable` while the database
/// cannot be reached (the service answers 503; later calls succeed once it is back).
public protocol LinkStore: IdempotencyRecords, LinkStats, WebhookStore, LiveRouteQueries, AccessStore, AttestKeyStore, DomainStore, TeamRuleStore,
    InstallRecordStore, Sendable {
    /// Creates or upgrades the schema. Idempotent.
    func migrate() async throws

    /// Stores a new link under `link.code`, and `webhooks` (its `link.created` outbox rows) and
    /// `audit` (its `link.created` audit entry) in the same transaction.
    ///
    /// - Throws: ``StoreError/codeTaken`` when the code exists (live or deleted: codes are never
    ///   reused); the caller generates another code, or reports an alias as taken. Nothing is
    ///   written then, the audit entry included.
    func insert(_ link: SmartLink, webhooks: [WebhookDelivery.New], audit: AuditEntry?) async throws

    /// Stores many new links in one transaction (an import): every link whose code is free is
    /// written, and the codes already taken — live or deleted, or earlier in `links` — are
    /// returned, their links not written. `webhooks` makes the outbox rows of each link written
    /// (its `link.created` event), stored in the same transaction. When the call throws, none of
    /// `links` is stored.
    ///
    /// - Complexity: one round trip per call on PostgreSQL (two with outbox rows), one transaction
    ///   on SQLite; callers send batches of a few hundred links.
    func insert(contentsOf links: [SmartLink], webhooks: WebhookDeliveries?) async throws -> Set<String>

    /// The link with this code, live or gone; nil when no such code was ever issued.
    func link(code: String) async throws -> SmartLink?

    /// The links with these codes, live or gone, in no particular order: what ``link(code:)``
    /// answers for each code, read at once, with the codes never issued left out. The service
    /// reads the links `GET /{code}` keeps in memory again this way, a batch at a time.
    ///
    /// - Complexity: one query per call on SQLite and PostgreSQL; callers send a few hundred
    ///   codes at a time. The default implementation calls ``link(code:)`` for each code.
    func links(codes: [String]) async throws -> [SmartLink]

    /// The most codes the service asks ``links(codes:)`` for at once when opens of codes it has
    /// not cached arrive together (a restart under load): more than 1 where each read is a round
    /// trip (PostgreSQL, 250), so a burst of misses costs a few queries; 1 where a read is a
    /// function call (SQLite, the default), so each miss is read on its own, between requests.
    var missBatchSize: Int { get }

    /// A team's live (not deleted) links, newest first (ties by code, descending), `limit` at a
    /// time (clamped to 1...1000); pass the previous page's `nextCursor` to continue. With
    /// `matching`, only the links whose label or code contains it (ASCII letters compared without
    /// case; a cursor goes with the same `matching`).
    ///
    /// - Throws: ``StoreError/invalidCursor(_:)`` for a cursor no listing produced.
    func list(team: String, limit: Int, cursor: String?, matching: String?) async throws -> LinkPage

    /// Every team's links that are not deleted (expired ones included), in code order, `limit`
    /// at a time (clamped to 1...1000) after the code `after` (nil: from the first): what
    /// `switchyard routes diff` and `serve` check against a new route table.
    ///
    /// - Complexity: one query per call on SQLite and PostgreSQL (the primary key's order).
    func liveLinks(after code: String?, limit: Int) async throws -> [SmartLink]

    /// Makes `changes` to a team's live link in one statement, stores `audit` in the same
    /// transaction, and answers the link as it is then; nil (and no entry) when the team has no
    /// such live link.
    func update(code: String, team: String, changes: LinkChanges, audit: AuditEntry?) async throws -> SmartLink?

    /// The live links whose A/B test ended by `date` and has no winner yet, `limit` at a time
    /// (earliest end first).
    ///
    /// - Complexity: an index on the tests still to decide: no look at any other link.
    func linksDecidingVariants(by date: Date, limit: Int) async throws -> [SmartLink]

    /// Records the winner of a live link's A/B test, once: `decided` (the test with its winner)
    /// replaces the test, `route` (for a route variant) replaces the link's route, name and
    /// parameters, and `audit` and `webhooks` are written in the same transaction. Nil (and
    /// nothing written) when the link is gone or its test was decided already (by another instance).
    func decideVariants(code: String, decided: LinkVariants, route: LinkRouteChange?, audit: AuditEntry?,
                        webhooks: [WebhookDelivery.New]) async throws -> SmartLink?

    /// Marks a team's link deleted (it then answers 410; its code stays taken), and stores `audit`
    /// in the same transaction. False (and no entry) when the team has no such live link.
    func delete(code: String, team: String, at: Date, audit: AuditEntry?) async throws -> Bool

    /// Spends one redemption for one install atomically, so exactly `redeemLimit` installs succeed
    /// however many calls run at once, and an install spends at most one redemption of a link:
    /// its later calls answer ``RedeemResult/alreadyRedeemed(_:)`` without spending again (a retry
    /// is safe), as long as the link is live.
    ///
    /// `webhooks`, when given, makes the outbox rows written with a spent redemption (in its
    /// transaction), from the link as spent.
    ///
    /// `spread`, when given, caps the distinct installs of one client address range: when that
    /// range's installs already spent `spread.limit` redemptions of the link within the window,
    /// nothing is spent and the answer is ``RedeemResult/tooManyInstalls``. An install that redeemed
    /// before is answered as always, whatever the cap.
    func redeem(code: String, install: String, at: Date, spread: InstallSpread?,
                webhooks: WebhookDeliveries?) async throws -> RedeemResult

    /// Counts one click toward the link's ``LinkContent/maxClicks`` atomically, so exactly
    /// `maxClicks` calls are answered ``ClickSpend/counted(_:)`` however many run at once, on
    /// every instance; every later call (and one for a link without a limit, or no such link) is
    /// ``ClickSpend/outOfClicks``. One statement, no transaction of its own.
    func spendClick(code: String) async throws -> ClickSpend

    /// Records clicks (batched by the service so a redirect never waits on the write).
    ///
    /// `webhooks`, when given, makes the outbox rows of each link's clicks in the batch, written
    /// in the batch's transaction.
    func record(_ clicks: [Click], webhooks: WebhookClickDeliveries?) async throws

    /// Click totals for a link, by platform; platforms without clicks are absent.
    func clickCounts(code: String) async throws -> [Click.Platform: Int]

    /// Clicks per day (UTC) for a link, in date order, from the day `since` falls in (whole days:
    /// stores count clicks per day as they write them); days without clicks omitted.
    func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)]

    /// Remembers an open for heuristic deferred matching until `open.expiresAt`, and deletes
    /// every remembered open that has expired at `now`.
    func remember(_ open: PendingOpen, now: Date) async throws

    /// Claims the link a device opened, heuristically: when the remembered, unexpired opens with
    /// this fingerprint all name one code and none of them is ``PendingOpen/exactOnly``, deletes
    /// them and returns it; otherwise (none, two codes, or a link that only an exact claim may
    /// take) nil, and nothing is deleted but expired opens. Atomic: of concurrent claims, one wins.
    /// `webhooks`, when given, makes the outbox rows written with a claim, from the claimed link.
    func claimOpen(fingerprint: String, now: Date, webhooks: WebhookDeliveries?) async throws -> String?

    /// An exact claim's bookkeeping: deletes the remembered opens of `code` with this
    /// fingerprint (and every expired open), so no heuristic claim hands the link out again;
    /// returns how many of `code`'s opens were deleted.
    /// `webhooks` (the claim's outbox rows) are written in the same transaction.
    @discardableResult
    func consumeOpens(fingerprint: String, code: String, now: Date, webhooks: [WebhookDelivery.New]) async throws -> Int

    /// Deletes every remembered open that expires at or before `date` (all of them for
    /// `.distantFuture`), whether or not anyone opens or claims again; returns how many.
    @discardableResult
    func forgetOpens(expiringBy date: Date) async throws -> Int

    /// Stores a new dashboard session, and `audit` (its `signin` entry) in the same transaction;
    /// deletes every session that has expired at `now`.
    func insertSession(_ session: DashboardSession, now: Date, audit: AuditEntry?) async throws

    /// The live session with this token hash, its expiry moved to `extendingTo`; nil when there
    /// is none or it expired at `now` (an expired one is deleted).
    func session(tokenHash: String, now: Date, extendingTo: Date) async throws -> DashboardSession?

    /// Ends a session (signing out ends it on every instance).
    func deleteSession(tokenHash: String) async throws

    /// Whether the database answers (for `/health` and for 503s while it does not).
    func ping() async throws

    /// Releases connections.
    func close() async throws
}

/// What counting a click toward a link's click limit did (``LinkStore/spendClick(code:)``).
public enum ClickSpend: Sendable, Hashable {
    /// Counted: the link's clicks so far, this one included.
    case counted(Int)
    /// Not counted: the limit was reached (or the link has none).
    case outOfClicks
}

extension LinkStore {
    /// ``list(team:limit:cursor:matching:)`` of every live link.
    public func list(team: String, limit: Int, cursor: String?) async throws -> LinkPage {
        try await list(team: team, limit: limit, cursor: cursor, matching: nil)
    }

    /// ``insert(_:webhooks:audit:)`` without outbox rows or an audit entry.
    public func insert(_ link: SmartLink) async throws { try await insert(link, webhooks: [], audit: nil) }

    /// ``insert(_:webhooks:audit:)`` without an audit entry.
    public func insert(_ link: SmartLink, webhooks: [WebhookDelivery.New]) async throws {
        try await insert(link, webhooks: webhooks, audit: nil)
    }

    /// ``update(code:team:changes:audit:)`` without an audit entry.
    public func update(code: String, team: String, changes: LinkChanges) async throws -> SmartLink? {
        try await update(code: code, team: team, changes: changes, audit: nil)
    }

    /// ``delete(code:team:at:audit:)`` without an audit entry.
    public func delete(code: String, team: String, at: Date) async throws -> Bool {
        try await delete(code: code, team: team, at: at, audit: nil)
    }

    /// ``insertSession(_:now:audit:)`` without an audit entry.
    public func insertSession(_ session: DashboardSession, now: Date) async throws {
        try await insertSession(session, now: now, audit: nil)
    }

    /// ``insert(contentsOf:webhooks:)`` without outbox rows.
    public func insert(contentsOf links: [SmartLink]) async throws -> Set<String> {
        try await insert(contentsOf: links, webhooks: nil)
    }

    /// ``redeem(code:install:at:spread:webhooks:)`` without outbox rows or a cap on installs.
    public func redeem(code: String, install: String, at: Date) async throws -> RedeemResult {
        try await redeem(code: code, install: install, at: at, spread: nil, webhooks: nil)
    }

    /// ``redeem(code:install:at:spread:webhooks:)`` without a cap on installs.
    public func redeem(code: String, install: String, at: Date, webhooks: WebhookDeliveries?) async throws -> RedeemResult {
        try await redeem(code: code, install: install, at: at, spread: nil, webhooks: webhooks)
    }

    /// ``record(_:webhooks:)`` without outbox rows.
    public func record(_ clicks: [Click]) async throws { try await record(clicks, webhooks: nil) }

    /// ``claimOpen(fingerprint:now:webhooks:)`` without outbox rows.
    public func claimOpen(fingerprint: String, now: Date) async throws -> String? {
        try await claimOpen(fingerprint: fingerprint, now: now, webhooks: nil)
    }

    /// ``consumeOpens(fingerprint:code:now:webhooks:)`` without outbox rows.
    @discardableResult
    public func consumeOpens(fingerprint: String, code: String, now: Date) async throws -> Int {
        try await consumeOpens(fingerprint: fingerprint, code: code, now: now, webhooks: [])
    }

    /// 1: each code not cached is read on its own.
    public var missBatchSize: Int { 1 }

    /// ``link(code:)`` for each code, one after the other (for stores without a batch query).
    public func links(codes: [String]) async throws -> [SmartLink] {
        var found: [SmartLink] = []
        for code in Set(codes) {
            if let link = try await link(code: code) { found.append(link) }
        }
        return found
    }
}

/// A link's new route, as a decided A/B test's route variant gives it.
public struct LinkRouteChange: Sendable, Hashable {
    /// The route's pattern.
    public var route: String
    /// The route's name, if it has one.
    public var routeName: String?
    /// The route's parameters.
    public var routeParameters: [String: String]

    /// Creates a change.
    public init(route: String, routeName: String?, routeParameters: [String: String]) {
        self.route = route
        self.routeName = routeName
        self.routeParameters = routeParameters
    }
}
