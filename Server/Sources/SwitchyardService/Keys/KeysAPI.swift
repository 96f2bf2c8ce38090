import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// `/api/v1/keys`: a team's named keys, with an admin key. A key is shown once, in the answer of
/// its creation; the store keeps its digest. Another team's key answers 404, as if it did not exist.
struct KeysAPI: Sendable {
    let service: LinkService

    /// The routes, under `api/v1/keys`.
    var routes: ServiceRoutes {
        let keys = service.keyedRoutes()
        keys.post { request, context in try await create(request, context: context) }
        keys.get { request, context in try await list(request, context: context) }
        keys.delete(":name") { request, context in try await revoke(request, context: context) }
        return keys
    }

    /// `POST /api/v1/keys`: 201 with the key (shown this once); 409 when the name is taken.
    func create(_ request: Request, context: ServiceRequestContext) async throws -> EditedResponse<KeyResponse> {
        let team = try context.team
        let body = try await request.decode(as: CreateKeyRequest.self, context: context)
        let expiry = try body.expiresAt.map { text throws(Problem) in try CreateLinkRequest.date(text) }
        let made = try NamedKeys.make(name: body.name, team: team, role: body.role, now: service.now(), expiresAt: expiry)
        let entry = service.auditEntry("key.created", target: made.record.name, detail: "role \(made.record.role.rawValue)",
                                       request: request, context: context)
        do {
            try await service.storage { try await service.store.insertKey(made.record, audit: entry) }
        } catch StoreError.Code.nameTaken {
            throw Problem.keyNameTaken(body.name)
        }
        context.logger.info("key created", metadata: ["key": "\(made.record.name)", "team": "\(team)", "role": "\(made.record.role)"])
        return EditedResponse(status: .created, headers: [.location: "/api/v1/keys/\(made.record.name)", .cacheControl: "no-store"],
                              response: KeyResponse(made.record, key: made.key))
    }

    /// `GET /api/v1/keys`.
    func list(_ request: Request, context: ServiceRequestContext) async throws -> KeyListResponse {
        let team = try context.team
        let keys = try await service.storage { try await service.store.accessKeys(team: team) }
        return KeyListResponse(keys: keys.map { KeyResponse($0) })
    }

    /// `DELETE /api/v1/keys/{name}`: 204; the key is refused by every instance within a second.
    func revoke(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let name = try context.parameters.require("name")
        let entry = service.auditEntry("key.revoked", target: name, request: request, context: context)
        guard name.utf8.count <= 64,
              let key = try await service.storage({ try await service.store.revokeKey(name: name, team: team, at: service.now(), audit: entry) })
        else {
            throw Problem(.notFound, kind: "key-not-found", title: "Key not found", detail: "no key '\(name.prefix(64))' that works")
        }
        service.keyDirectory.forget(hash: key.hash)
        context.logger.info("key revoked", metadata: ["key": "\(name)", "team": "\(team)"])
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
