import ArgumentParser

/// A `--deferred-window` or `--click-retention` value: `off`, or a whole number with a unit, `90s`, `30m`, `2h`, `1d`.
struct DurationArgument: ExpressibleByArgument, Sendable, Equatable {
    /// The duration; nil for `off`.
    let duration: Duration?

    init?(argument: String) {
        let text = argument.lowercased()
        if text == "off" {
            duration = nil
            return
        }
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0 else { return nil }
        switch unit {
        case "s": duration = .seconds(count)
        case "m": duration = .seconds(count * 60)
        case "h": duration = .seconds(count * 3600)
        case "d": duration = .seconds(count * 86_400)
        default: return nil
        }
    }

    static let off = DurationArgument(argument: "off")!

    var defaultValueDescription: String { duration == nil ? "off" : "\(duration!)" }
}
