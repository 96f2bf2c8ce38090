extension StatsCount {
    /// Counts read from rows of (event name or nil, day, platform name, count); an unknown name is corruption.
    static func decode(_ rows: [(String?, Int64, String, Int)], what: String) throws(StoreError) -> [StatsCount] {
        try rows.map { (name, day, platformName, count) throws(StoreError) in
            guard let platform = Click.Platform(rawValue: platformName) else {
                throw StoreError(.corrupt, "\(what): unknown platform '\(platformName)'")
            }
            var event: LinkEvent?
            if let name {
                guard let known = LinkEvent(rawValue: name) else { throw StoreError(.corrupt, "\(what): unknown event '\(name)'") }
                event = known
            }
            return StatsCount(event: event, day: day, platform: platform, count: count)
        }
    }
}
