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
        await run(input, source: source, metadata: metadata, chain: [input])
    }

    /// ``route(_:source:metadata:)`` for the deep link of a short link, which keeps the reference.
    func route(_ input: String, source: LinkSource?, metadata: [String: JSONValue]?,
               smartLink: SmartLinkReference?) async -> RoutingOutcome {
        await run(.text(input, source: source, metadata: metadata, smartLink: smartLink), chain: [input])
    }

    /// Runs a link that no table resolved (a short link the link service could not resolve)
    /// through the pipeline: it reaches the default route, if there is one, through the filters
    /// and handlers like any other link; otherwise ``RoutingOutcome/unhandled(_:)``.
    func route(unresolved link: DeepLink) async -> RoutingOutcome {
        await run(.link(link), chain: [link.url])
    }

    private func run(_ input: String, source: LinkSource?, metadata: [String: JSONValue]?,
                     chain: [String], smartLink: SmartLinkReference? = nil) async -> RoutingOutcome {
        await run(.text(input, source: source, metadata: metadata, smartLink: smartLink), chain: chain)
    }

    /// What the pipeline starts from: text to resolve, or a link no table resolved.
    private enum PipelineInput {
        case text(String, source: LinkSource?, metadata: [String: JSONValue]?, smartLink: SmartLinkReference?)
        case link(DeepLink)
    }

    /// Resolves the input (a link is taken as it is), then runs filters, handlers and the
    /// destination, all against one snapshot of the router.
    private func run(_ input: PipelineInput, chain: [String]) async -> RoutingOutcome {
        let (snapshot, filters, handlers, patternHandlers) = state.withLock {
            ($0.compiled(), $0.filters, $0.handlers, $0.compiledPatternHandlers())
        }
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
        case .link(let given):
            link = given
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
                return await run(target, source: link.source, metadata: link.metadata, chain: next, smartLink: link.smartLink)
            case .halt:
                return .halted(link)
            case .hold:
                if let replaced = hold(link) { OutcomeReporting.report?(.replaced(replaced, by: link)) }
                return .held(link)
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
