import Switchyard

extension OpenAPIDocument {
    /// `/api/v1/installs/{install}`: access to and erasure of what the service keeps about one install.
    static var installPaths: [String: JSONValue] {
        let install = parameter("install", in: "path", required: true,
                                description: "The install identifier the SDK generates once per install.",
                                schema: .string(minLength: 8, maxLength: 128, pattern: "^[A-Za-z0-9._-]+$"))
        return [
            "/api/v1/installs/{install}": [
                "parameters": [install],
                "get": operation(
                    "exportInstall", "Everything kept about one install", tag: "privacy", security: ["adminKey"],
                    description: "A data subject's access request: the install's redemptions of the team's links, the webhook deliveries to the team's webhooks still in the outbox that name it, and the service's App Attest keys and shared rate buckets of the install; notKept says what is kept about installs without their identifier. Recorded in the audit log as install.exported, with the install's SHA-256 (never the identifier) as the target. switchyard privacy export does the same for every team.",
                    responses: ["200": json(InstallRecordsResponse.self, "The records (empty lists when none name the install)."),
                                "400": problem("invalid-install."), "401": unauthorized, "429": keyGuesses, "503": unavailable]),
                "delete": operation(
                    "eraseInstall", "Erase one install", tag: "privacy", security: ["adminKey"],
                    description: "A data subject's erasure request, in one transaction: the install's redemptions of the team's links are kept under an anonymous install (the links' redeem counts stay exact; the install could redeem them again), its App Attest keys and shared rate buckets are deleted, and the outbox bodies to the team's webhooks that name it have it replaced by \"erased\". Recorded in the audit log as install.erased with the counts, the install's SHA-256 as the target. Erasing twice changes nothing the second time. switchyard privacy erase does the same for every team.",
                    responses: ["200": json(InstallErasureResponse.self, "What changed."),
                                "400": problem("invalid-install."), "401": unauthorized, "429": keyGuesses, "503": unavailable]),
            ],
        ]
    }
}
