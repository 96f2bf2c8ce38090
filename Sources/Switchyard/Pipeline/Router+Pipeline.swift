extension Router {
    /// Runs an input through the whole pipeline: resolve → filters → handlers → destination.
    ///
    /// 1. The input resolves against the current table; an unreadable one is ``RoutingOutcome/rejected(_:)``.
    /// 2. A link with no destination (neither its route's, when it matched one, nor a default
    ///    route; a route without a destination reaches the default route) is ``RoutingOutcome/unhandled(_:)``
    ///    before any filter runs, so that a navigator can offer it to the next router.
    /// 3. Filters run in order; see ``FilterDecision``.
    /// 4. Handlers, then matching pattern handlers, observe the link, in order.
    /// 5. The destination of the (possibly changed) link's route runs, or the default route's.
    ///
    /// ```swift
    /// switch await router.route("shop://product/42", source: .push) {
    /// case .opened(let link): print("opened", link.route!)
    /// case .rejected(let error): print(error)
    /// default: break
    /// }
    /// ```
    /// - Parameters:
    ///   - input: the URL, path or URN.
    ///   - source: where it came from; derived from its form when nil.
    ///   - metadata: smart-link metadata to attach to the link.
    @discardableResult
    public func route(_ input: String, source: LinkSource? = nil,
                      metadata: [String: JSONValue]? = nil) async -> RoutingOutcome {
        await run(.text(input, source: source, metadata: metadata, smartLink: nil), chain: [input], keepsHeld: true)
    }

    /// ``route(_:source:metadata:)`` for the deep link of a short link, which keeps the reference.
    func route(_ input: String, source: LinkSource?, metadata: [String: JSONValue]?,
               smartLink: SmartLinkReference?) async -> RoutingOutcome {
        await run(.text(input, source: source, metadata: metadata, smartLink: smartLink), chain: [input], keepsHeld: true)
    }

    /// Runs a link already resolved (by ``decision(_:source:)``) through filters, handlers and the
    /// destination, without resolving it again: the destination is the one `snapshot` (the
    /// decision's) holds for it, so a registration made since the decision does not change where
    /// the link goes. A filter's redirect resolves its target against the current table.
    ///
    /// - Parameter keepsHeld: whether a link a filter holds becomes this router's
    ///   ``pendingLink``; a navigator passes false and keeps the link itself (the router still
    ///   persists it in its ``pendingLinkStore``).
    package func route(resolved link: DeepLink, snapshot: Compiled, keepsHeld: Bool) async -> RoutingOutcome {
        await run(.link(link, snapshot), chain: [link.url], keepsHeld: keepsHeld)
    }

    /// Runs a short link the link service could not resolve through filters, handlers and the
    /// current table's default route (it matched no route).
    package func route(unresolved link: DeepLink, keepsHeld: Bool) async -> RoutingOutcome {
        await run(.link(link, nil), chain: [link.url], keepsHeld: keepsHeld)
    }

    /// What the pipeline starts from: text to resolve, or a link already resolved (with the
    /// snapshot it was resolved against; nil for one no table resolved).
    private enum PipelineInput {
        case text(String, source: LinkSource?, metadata: [String: JSONValue]?, smartLink: SmartLinkReference?)
        case link(DeepLink, Compiled?)
    }

    /// Resolves the input (a link is taken as it is, with the snapshot it was resolved against),
    /// then runs filters, handlers and the destination, all against one snapshot of the router.
    private func run(_ input: PipelineInput, chain: [String], keepsHeld: Bool) async -> RoutingOutcome {
        let (current, filters, handlers, patternHandlers) = state.withLock {
            ($0.compiled(), $0.filters, $0.handlers, $0.compiledPatternHandlers())
        }
        var snapshot = current
        var link: DeepLink
        switch input {
        case .text(let text, let source, let metadata, let smartLink):
            do {
                link = try snapshot.table.resolve(text, source: source)
            } catch {
                return .rejected(error)
            }
            if let metadata { link.metadata = metadata }
            link.smartLink = smartLink
        case .link(let given, let resolvedAgainst):
            link = given
            if let resolvedAgainst { snapshot = resolvedAgainst }
        }
        guard snapshot.destination(for: link) != nil else { return .unhandled(link) }

        for filter in filters {
            switch await filter.filter(link) {
            case .pass:
                continue
            case .change(let changed):
                link = changed
            case .redirect(let target):
                let next = chain + [target]
                if chain.count > Self.maximumRedirects {
                    return .failed(link, PipelineError.redirectLoop(next, limit: Self.maximumRedirects))
                }
                return await run(.text(target, source: link.source, metadata: link.metadata, smartLink: link.smartLink),
                                 chain: next, keepsHeld: keepsHeld)
            case .halt:
                return .halted(link)
            case .hold:
                if keepsHeld { hold(link) } else { persist(link) }
                return .heldByGate(link)
            }
        }

        guard let (destination, isDefault) = snapshot.destination(for: link) else { return .unhandled(link) }
        for handler in handlers {
            await handler.handle(link)
        }
        for body in patternHandlers.handlers(for: link) {
            await body(link)
        }
        do {
            let context = await navigationContext()
            try await NavigationContext.$current.withValue(context) { try await destination(link) }
        } catch {
            return .failed(link, error)
        }
        return isDefault ? .openedDefault(link) : .opened(link)
    }
}
