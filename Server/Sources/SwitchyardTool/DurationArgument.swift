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

    /// The duration of an option that has no `off`: `off` is refused as a usage error (exit 64)
    /// naming the option, an example and why, rather than silently keeping the default.
    ///
    /// ```swift
    /// settings.webhooks.timeout = try webhookTimeout.required(
    ///     "--webhook-timeout", as: "10s", because: "a delivery cannot wait on its receiver forever")
    /// ```
    func required(_ option: String, as example: String, because reason: String) throws -> Duration {
        guard let duration else { throw ValidationError("\(option) needs a duration, as \(example): \(reason)") }
        return duration
    }

    var defaultValueDescription: String { duration == nil ? "off" : "\(duration!)" }
}
