import Logging

/// The `serve` command's log handler: swift-log's `StreamLogHandler` on standard error, same
/// lines, with the metadata rendered when a line is written rather than whenever it changes.
///
/// Hummingbird gives every request's logger its own `hb.request.id`; `StreamLogHandler` renders
/// its whole metadata into text on each such change, that is on every request, although most
/// requests log nothing.
struct ServiceLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var handler = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        handler.logLevel = logLevel
        handler.metadata = metadata
        handler.log(event: event)
    }
}
