extension DeepLink {
    /// Links are equal when every field reads the same, however it is stored (a resolved link's
    /// parts are ranges of its input; a link made by hand holds them).
    public static func == (lhs: DeepLink, rhs: DeepLink) -> Bool {
        lhs.url == rhs.url && lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.path == rhs.path
            && lhs.route == rhs.route && lhs.routeName == rhs.routeName && lhs.routeParameters == rhs.routeParameters
            && lhs.queryItems == rhs.queryItems
            && lhs.fragment == rhs.fragment && lhs.source == rhs.source && lhs.metadata == rhs.metadata
            && lhs.smartLink == rhs.smartLink
            && lhs.routeIndex == rhs.routeIndex && lhs.matchedForm?.ordinal == rhs.matchedForm?.ordinal
            && lhs.matchedForm?.length == rhs.matchedForm?.length
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(path)
        hasher.combine(route)
        hasher.combine(routeName)
        hasher.combine(routeParameters)
        hasher.combine(queryItems)
        hasher.combine(fragment)
        hasher.combine(source)
        hasher.combine(metadata)
        hasher.combine(smartLink)
        hasher.combine(routeIndex)
        hasher.combine(matchedForm?.ordinal)
        hasher.combine(matchedForm?.length)
    }
}
